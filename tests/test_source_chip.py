"""Click a citation, see the source: the rule chip's data, its HTML and text forms, and the
CJK font that makes pagat's Japanese (and lesson 07's 小さい) readable without a CJK font.

The chip shows the register's words, e.g. pagat 1: "プレイヤーは可能な限り{マストフォロー}のルールに
従います" (players follow the must-follow rule whenever they can).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from bourre_lessons.scenes import show, show_baseline
from bourre_lessons.widgets.kit import callout_html, style_sheet
from bourre_lessons.widgets.source_chip import (
    CJK_FAMILY,
    FONT_FILE,
    chip_html,
    font_face_css,
    page_css,
)
from bourre_lessons.widgets.table.card_table import CardTable
from bourre_lessons.widgets.table.table_model import feedback_entry

ROOT = Path(__file__).resolve().parents[1]


def _tool():
    spec = importlib.util.spec_from_file_location(
        "make_cjk_font", ROOT / "tools" / "make_cjk_font.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- the font ------------------------------------------------------------------------------------


def _font_cmap() -> dict[int, str]:
    pytest.importorskip("fontTools")
    try:
        import brotli  # noqa: F401
    except ImportError:
        pytest.fail("reading the WOFF2 font needs brotli: pip install -e '.[dev]'")
    from fontTools.ttLib import TTFont

    return TTFont(str(FONT_FILE)).getBestCmap()


def test_every_cjk_character_of_the_course_is_in_the_shipped_font():
    """A Japanese character added to a lesson, a quotation or the naming words and missing
    from the subset fails here: rerun python tools/make_cjk_font.py."""
    chars = _tool().course_characters()
    assert {"小", "さ", "い", "切", "札"} <= chars  # lesson 07's words, pagat's quotations
    cmap = _font_cmap()
    missing = sorted(c for c in chars if ord(c) not in cmap)
    assert missing == [], f"not in {FONT_FILE.name}: {''.join(missing)}"


def test_the_check_would_catch_a_new_character(tmp_path):
    tool = _tool()
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "x.md").write_text("A new word: 鰻 and ♠ and é.", encoding="utf-8")
    assert tool.course_characters(tmp_path) == {"鰻"}
    assert ord("鰻") not in _font_cmap()


def test_the_font_is_a_small_renamed_subset_with_its_licence():
    from fontTools.ttLib import TTFont

    _font_cmap()
    assert FONT_FILE.stat().st_size < 150_000
    font = TTFont(str(FONT_FILE))
    assert font["name"].getDebugName(1) == CJK_FAMILY
    assert all(code >= 0x2E80 for code in font.getBestCmap())
    licence = (FONT_FILE.parent / "bourre-cjk-OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Noto Sans CJK JP" in licence


def test_the_page_css_embeds_the_font_where_course_text_is_drawn():
    css = page_css()
    assert "@font-face" in font_face_css() and "data:font/woff2;base64," in font_face_css()
    assert "unicode-range: U+2E80-FFFF" in font_face_css()
    for selector in (
        ".jp-RenderedMarkdown",
        ".bourre-felt",
        ".bourre-source-popover",
        ".jp-RenderedHTMLCommon code",  # inline code in Markdown: lesson 07's `小さい`
        ".jp-OutputArea-output pre",
        "--jp-code-font-family:",  # every other place JupyterLab or Voila draws code
        "--jp-content-font-family:",
        "--jp-ui-font-family:",
    ):
        rule = next(line for line in css.splitlines() if selector in line)
        assert f'"{CJK_FAMILY}"' in rule, selector
    assert page_css() in CardTable()._css
    assert page_css() in style_sheet().value


# --- the chip --------------------------------------------------------------------------------------


def test_feedback_carries_the_source_of_its_rule():
    entry = feedback_entry("4♠ is not allowed.", "illegal", rule_id="pagat-3", summary="beat it")
    source = entry["source"]
    assert entry["rule_id"] == "pagat-3" and source["id"] == "pagat-3"
    assert source["lang"] == "ja" and source["quote"].startswith("{マストフォロー}")
    assert "no example" in source["example"]
    assert feedback_entry("fine.", "legal", rule_id="lead")["source"]["kind"] == "reading"
    assert feedback_entry("no rule cited", "legal")["source"] == {}


def test_the_card_table_to_text_shows_the_open_popover():
    table = CardTable()
    table.feedback = feedback_entry("9♣ is not allowed.", "illegal", rule_id="glimne-9")
    assert "Our translation" not in table.to_text()
    table.open_source()
    text = table.to_text()
    assert "glimne 9 (Swedish): Vet du säkert om" in text and "Our translation:" in text
    assert "Engine's reading:" in text
    table.feedback = feedback_entry("4♠ is not allowed.", "illegal", rule_id="pagat-2")
    assert not table.source_open, "a verdict on another rule closes the popover"
    table.feedback = feedback_entry("fine, no rule", "legal")
    table.open_source()
    assert not table.source_open, "nothing to open without a rule"


def test_chip_html_is_a_keyboard_disclosure_with_the_quotation_in_its_language():
    html = chip_html("pagat 1")
    assert (
        html.startswith("<details class='bourre-source-chip'")
        and "<summary class='bourre-rule'" in html
    )
    assert "lang='ja'" in html and "プレイヤーは可能な限り" in html and "Our translation:" in html
    assert chip_html("glimne 99") == "<span class='bourre-rule'>glimne 99</span>"
    callout = callout_html(feedback_entry("no", "illegal", rule_id="glimne-5", summary="overtrump"))
    assert "<details class='bourre-source-chip' data-rule='glimne-5'>" in callout


def test_a_predict_first_scene_keeps_the_chip_back_until_the_learner_tries():
    scene = show_baseline("glimne-5")
    assert "<details" not in scene.header.value and "glimne 5" in scene.header.value
    scene.to_turn()
    scene.play("S4")
    assert "<details class='bourre-source-chip' data-rule='glimne-5'>" in scene.header.value
    open_scene = show("pagat-1", rule_after_try=False)  # a scene that states its rule at once
    assert "data-rule='pagat-1'" in open_scene.header.value


def test_the_rule_chip_shares_no_class_with_the_pots_chips():
    """anywidget CSS is global: the pot's chips (`.bourre-chip`, gold coins) once styled the
    rule chip too, drawing it as a small dashed coin and breaking the header's line."""
    table_css = (FONT_FILE.parent / "card_table.css").read_text(encoding="utf-8")
    html = chip_html("glimne 2")
    assert "class='bourre-source-chip'" in html and "bourre-chip'" not in html
    assert ".bourre-source-chip" not in table_css and ".bourre-chip " in table_css
