"""The printable cheat sheet: every rule line is cited with a rule that exists, the page shows
every citation it claims, and the table of differences follows the presets.

pagat's sentences behind some of the register entries the sheet cites (the Japanese translation, seed
002), with our translation:

- pagat-cards: "このゲームは7人プレイが一番良いです。理屈では2-8人までプレイ可能です" (seven players
  is best; in theory two to eight can play) and "(強)A-K-Q-J-10-9-8-7-6-5-4-3-2(弱)" (strong ace
  down to weak two).
- pagat-deal: "最初のディールの前に各プレイヤーは、ポットに1枚のチップをアンティとして支払わなく
  てはなりません" (before the first deal each player must pay one chip into the pot as an ante);
  "ディーラーの左隣から初めて時計回りに配ります" (deal clockwise starting on the dealer's left);
  "この表向きのカードのスートは切り札のスートになります" (the suit of this face-up card is trumps);
  "カードを配るディーラーは毎ラウンド左隣に移ります" (the deal moves to the left each round).
- pagat-draw: "ディーラーの左隣から始めて時計回りに全てのプレイヤーは "プレイ" か "パス" かを宣言
  しなければいけません" (starting on the dealer's left, clockwise, everyone must declare play or
  pass); "ただ1人のプレイヤーが "プレイ" を選択した...場合は、その1人のプレイヤーは、5トリック全て
  に勝利したと見なします" (if only one player chooses play, that player counts as winning all five
  tricks).
- pagat-play: "切り札スートのトランプで最も大きな価値のカードをプレイした人が勝ちます。もしくは、
  切り札がプレイされない場合はリードされたスートのカードで最も価値の高いカードをプレイした人が勝
  ちます" (whoever played the highest trump wins; or, if no trump was played, whoever played the
  highest card of the suit led) and "その後、トリックに勝ったプレイヤーが次のターンのリードを行い
  ます" (after that, the winner of a trick leads the next).
- pagat-payment: "ポットのチップを受け取るためには、他のどのプレイヤーよりも多くトリックを取る事
  が必要です" (to take the pot you must take more tricks than any other player); "これらのプレイヤ
  ーはポットに入っているコインと同額(罰符)を支払わなければなりません" (these players must pay as
  much as the pot holds, as a penalty).
"""

from __future__ import annotations

import re
import struct
from dataclasses import asdict
from pathlib import Path

import pytest

from bourre_lessons import sources
from bourre_lessons.play import cite
from bourre_lessons.rules import SOURCES, Rules
from bourre_lessons.widgets import cheat_sheet as sheet

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def text() -> str:
    return sheet.sheet_text(sheet.cheat_sheet())


def claimed_ids() -> list[str]:
    return [rule for _, lines in sheet.SECTIONS for line in lines for rule in line.rules]


def test_every_line_cites_an_entry_of_the_register():
    ids = claimed_ids()
    assert len(ids) >= 15
    unknown = [rule for rule in ids if rule not in sources.REGISTER]
    assert unknown == [], f"not in the register (docs/sources.md): {unknown}"


def test_every_line_states_the_baseline_rulebook():
    """The sheet is pagat's page: every citation is one of pagat's rules."""
    assert sheet.BASELINE == Rules().source == "pagat"
    assert all(sources.REGISTER[rule].source == "pagat" for rule in claimed_ids())


def test_the_page_shows_every_citation_it_claims(text):
    for _, lines in sheet.SECTIONS:
        for line in lines:
            assert line.citation in text, line.citation
            assert cite(line.rules[0]) in line.citation
            for rule in line.rules[1:]:
                assert cite(rule).removeprefix("pagat ") in line.citation


def test_the_core_play_rules_are_all_on_the_page(text):
    """pagat 1-3, the worked example and the discard paragraph: the heart of the game."""
    for rule in ["pagat-1", "pagat-2", "pagat-3", "pagat-example", "pagat-discard", "pagat-cinch"]:
        assert rule in claimed_ids()
        assert cite(rule) in text


def differing_switches() -> set[str]:
    presets = [Rules.preset(name) for name in SOURCES]
    return {k for a in presets for b in presets for k in a.differences(b)}


def test_the_table_has_a_row_for_every_switch_the_presets_disagree_on():
    rows = sheet.difference_rows()
    assert {switch for switch, _, _ in rows} == differing_switches()
    assert len(rows) == len(differing_switches())


SILENT = re.compile(r"not said \(ours: (.+?)\)")


def _value_shown(cell: str) -> str:
    """The preset's value a cell shows: the value itself, or the 'ours' of 'not said'."""
    silent = SILENT.match(cell)
    return silent.group(1) if silent else cell


def test_table_cells_follow_the_preset_values():
    """Cells in a row are equal exactly when the presets' values are; yes/no shows a bool."""
    assert sheet.COLUMNS[0] == "pagat" and set(sheet.COLUMNS) == set(SOURCES)
    presets = {name: asdict(Rules.preset(name)) for name in sheet.COLUMNS}
    for switch, _, cells in sheet.difference_rows():
        values = [presets[name][switch] for name in sheet.COLUMNS]
        shown = [_value_shown(c) for c in cells]
        for i, j in [(0, 1), (0, 2), (1, 2)]:
            if (switch, sheet.COLUMNS[i]) in sources.STANCE_WORDS:
                continue
            if (switch, sheet.COLUMNS[j]) in sources.STANCE_WORDS:
                continue
            assert (shown[i] == shown[j]) == (values[i] == values[j]), (switch, cells, values)
        for cell, value in zip(shown, values, strict=True):
            if isinstance(value, bool):
                assert cell.startswith("yes" if value else "no"), (switch, cell, value)
            elif isinstance(value, int):
                assert str(value) in cell, (switch, cell, value)


def test_a_silent_rulebook_shows_not_said_never_no():
    """Issue 23: a source's silence is 'not said (ours: …)', and a cell says 'not said' only
    where the register finds the source silent."""
    silent_cells = 0
    for switch, _, cells in sheet.difference_rows():
        for name, cell in zip(sheet.COLUMNS, cells, strict=True):
            said = sources.stance(switch, name) is not None
            assert said != cell.startswith("not said"), (switch, name, cell)
            silent_cells += not said
    assert silent_cells >= 8
    rows = {s: dict(zip(sheet.COLUMNS, c, strict=True)) for s, _, c in sheet.difference_rows()}
    assert rows["lone_player_wins"]["glimne"] == "not said (ours: no)"
    assert rows["dealer_ace_must_play"]["wikipedia"] == "not said (ours: no)"
    assert "2–6" in rows["max_players"]["glimne"]


def test_the_key_explains_not_said(text):
    assert "not said: the source is silent, the value is ours" in text


def test_a_changed_preset_would_show(monkeypatch):
    """The table is computed: a preset changed in the engine changes the row it shows."""
    changed = dict(sheet.Rules.preset("glimne").__dict__, must_play_known_top=False)
    original = Rules.preset

    def preset(name: str) -> Rules:
        return Rules(**changed) if name == "glimne" else original(name)

    monkeypatch.setattr(sheet.Rules, "preset", staticmethod(preset))
    assert "must_play_known_top" not in {s for s, _, _ in sheet.difference_rows()}


def test_the_page_shows_every_cell_of_the_table(text):
    words = set(re.findall(r"[\w']+", text))
    for _, label, cells in sheet.difference_rows():
        for cell in (label, *cells):
            assert set(re.findall(r"[\w']+", cell)) <= words, cell


def test_every_switch_has_a_label():
    assert set(asdict(Rules())) - {"source"} <= set(sheet.SWITCH_LABELS)


# --- issue 22: the sheet a beginner sees in lesson 00 ------------------------------------------


def _glossary_game_words() -> list[str]:
    """The headwords of the glossary's Game words section, each split on commas."""
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    section = glossary.split("## Game words", 1)[1].split("\n## ", 1)[0]
    words = []
    for headword in re.findall(r"^\*\*(.+?)\*\* ·", section, re.M):
        words += [w.strip().lower() for w in re.split(r",| / ", headword) if w.strip()]
    return words


def _lesson_00_before_the_sheet() -> str:
    lesson = (ROOT / "notebooks" / "00_welcome.md").read_text(encoding="utf-8")
    return lesson[: lesson.index("cheat-sheet.png")].lower()


PLAIN = {
    "deal",
    "dealer",
    "dealer's left",
    "clockwise",
    "face up",
    "face down",
    "shuffle",
    "ace high",
}
"""Words of any card table, used in their everyday sense (ace high is spelled out: "ace high, two
low")."""


def words_used_before_their_lesson(text: str) -> list[str]:
    """Game words the sheet uses (its citations aside) that neither lesson 00, before it shows
    the sheet, nor the sheet's own WORDS explains, nor are everyday card-table words."""
    page = text.lower()
    for _, lines in sheet.SECTIONS:
        for line in lines:
            page = page.replace(line.citation.lower(), "")
    explained = {word.lower() for word, _ in sheet.WORDS}
    before = _lesson_00_before_the_sheet()

    def used(word: str, where: str) -> bool:
        return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", where) is not None

    return sorted(
        word
        for word in set(_glossary_game_words())
        if used(word, page) and word not in explained | PLAIN and not used(word, before)
    )


def test_the_sheet_defines_every_word_lesson_00_has_not(text):
    """Issue 22: a beginner meets the sheet in lesson 00, before the lessons on reneges, the
    cinch or overtrumping: the sheet explains each such word itself."""
    assert len(_glossary_game_words()) > 30
    assert words_used_before_their_lesson(text) == []
    for word in ("renege", "cinch", "overtrump"):
        assert word in {w for w, _ in sheet.WORDS}
        assert word in text


def test_an_unexplained_word_would_be_caught(text, monkeypatch):
    monkeypatch.setattr(sheet, "WORDS", tuple(w for w in sheet.WORDS if w[0] != "renege"))
    assert "renege" in words_used_before_their_lesson(text)


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_files_are_written_as_one_a4_page(tmp_path):
    png, pdf = sheet.save_cheat_sheet(tmp_path)
    width, height = _png_size(png.read_bytes())
    assert abs(height / width - 297 / 210) < 0.01
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF") and len(re.findall(rb"/Type /Page\b(?!s)", data)) == 1
    assert sheet.main(["--out", str(tmp_path / "again")]) == 0
    assert sheet.main(["--nonsense"]) == 2


def test_the_committed_files_exist_and_are_a4():
    png = sheet.DOCS / "cheat-sheet.png"
    width, height = _png_size(png.read_bytes())
    assert abs(height / width - 297 / 210) < 0.01
    assert (sheet.DOCS / "cheat-sheet.pdf").read_bytes().startswith(b"%PDF")


def test_everything_fits_above_the_footer():
    """No line of the sheet runs off the page or into the footer line (the words paragraph once
    did, cut off at the bottom of the page)."""
    fig = sheet.cheat_sheet()
    *body, footer = fig.texts
    assert footer.get_text().startswith("Made by")
    low = min(t.get_position()[1] for t in body)
    assert low > footer.get_position()[1] + sheet.LINE * 0.8, low
