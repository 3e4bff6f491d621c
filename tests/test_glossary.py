"""docs/glossary.md: every word the lessons use has an entry, an anchor, and a definition.

The words the lessons use are computed: the glossary's own headwords and a list of candidate
words are searched for in the lesson and exercise notebooks and the scene texts, and a fixed
list of words the course issue requires is added. The naming-word table is checked against the
word tables the package reads (`naming_words.table`).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bourre_lessons.cards import Rank, Suit
from bourre_lessons.naming_words import (
    ANY,
    HIGH,
    LANGUAGES,
    LOW,
    RANK,
    SUIT,
    TRUMP,
    WIN,
    normalize,
    table,
)

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "glossary.md"
LESSON_FILES = sorted(
    [
        *(ROOT / "notebooks").glob("*.md"),
        *(ROOT / "exercises").glob("*.md"),
        *(ROOT / "bourre_lessons" / "scenes").glob("*.py"),
    ]
)

ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
ENTRY = re.compile(r'<a id="([^"]+)"></a>\n\*\*(.+?)\*\* · (.*?)(?=\n\n|\n<a id=|\Z)', re.S)

REQUIRED = {
    # game words the course issue names
    "trick", "lead", "follow-suit", "void", "trump", "turned-card", "ante", "pot",
    "play-or-pass", "draw", "discard", "stock", "bourre", "cinch", "renege", "split-pot",
    "seat", "dealer", "clockwise", "face-up", "sure-trick",
    # engine words
    "preset", "rulebook", "switch", "seed", "transcript", "situation", "verdict", "rule-id",
    # source terms
    "bourre-word", "swedish-suits", "declarer", "dummy", "cinch-win",
    # the naming words of lesson 07
    "high", "low", "win-it", "doesnt-matter",
}  # fmt: skip

CANDIDATES = {
    r"\bovertrump": "overtrump",
    r"\brestock": "restock",
    r"second ante": "second-ante",
    r"side (ace|suit|card)": "side-suit",
    r"stand[- ]in": "stand-in",
    r"pot limit": "pot-limit",
    r"double[- ]ante": "double-ante",
    r"separate trump": "separate-trump-card",
    r"out of turn": "out-of-turn",
    r"\*\*say\*\*|say box": "say-box",
    r"\bbots?\b": "bot",
    r"\badvisor\b": "advisor",
    r"\binterval": "interval",
    r"\bsimulat": "simulation",
    r"\bscenes?\b": "scene",
    r"\bcit(e|ation)": "citation",
    r"expected chips": "expected-chips",
    r"\bsettle": "settlement",
    r"\bshuffl": "shuffle",
    r"dealer's left": "dealers-left",
    r"known top|top card": "known-top-card",
    r"local variant": "local-variant",
    r"\bmisplay": "misplay",
    r"\bchips?\b": "chip",
    r"active player": "active-player",
    r"play to win": "play-to-win",
    r"\bbooray\b": "booray",
    r"\bburro\b": "burro",
    r"\bhj\d|\bhjärter\b": "swedish-suits",
    r"\bdeclarer\b": "declarer",
    r"\bdummy\b": "dummy",
    r"\blaws\b": "laws",
    r'"nice"|\*nice\*': "nice-play",
    r"\bwin it\b": "win-it",
    r"doesn't matter": "doesnt-matter",
}
"""Words a lesson may use, as patterns, and the glossary entry each needs."""


def entries(text: str) -> dict[str, tuple[str, str]]:
    """Anchor -> (headword, definition) for every entry of a glossary text."""
    return {m[1]: (m[2], " ".join(m[3].split())) for m in ENTRY.finditer(text)}


def lesson_text() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in LESSON_FILES)


def used_terms(text: str, found: dict[str, tuple[str, str]]) -> set[str]:
    """The anchors the lessons need: headwords and candidates they use, and the required ones."""
    lowered = text.lower()
    used = set(REQUIRED)
    for anchor, (headword, _) in found.items():
        words = [w.strip() for w in re.split(r",| and ", headword.lower())]
        if any(w and re.search(rf"(?<!\w){re.escape(w)}(?!\w)", lowered) for w in words):
            used.add(anchor)
    used |= {anchor for pattern, anchor in CANDIDATES.items() if re.search(pattern, lowered)}
    return used


def missing_terms(glossary: str, terms: set[str]) -> list[str]:
    """The terms with no entry, or with an empty definition, in a glossary text."""
    found = entries(glossary)
    return sorted(t for t in terms if t not in found or not found[t][1].strip())


@pytest.fixture(scope="module")
def glossary() -> str:
    return GLOSSARY.read_text(encoding="utf-8")


def test_the_lessons_are_there_to_scan():
    assert len(LESSON_FILES) >= 10
    assert "trick" in lesson_text()


def test_every_word_the_lessons_use_has_an_entry(glossary):
    terms = used_terms(lesson_text(), entries(glossary))
    assert terms > REQUIRED, "the scan found no word beyond the required list"
    assert missing_terms(glossary, terms) == []


def test_a_missing_word_is_caught(glossary):
    """The check fails on a glossary without the entry for 'trick' (and one emptied)."""
    without = re.sub(r'<a id="trick"></a>\n\*\*trick\*\* · .*?\n\n', "", glossary, flags=re.S)
    assert without != glossary
    assert missing_terms(without, {"trick", "void"}) == ["trick"]
    emptied = re.sub(r"(\*\*void\*\* · ).*?\n\n", r"\1\n\n", glossary, flags=re.S)
    assert missing_terms(emptied, {"void"}) == ["void"]


def test_a_candidate_word_used_by_a_lesson_needs_an_entry():
    """A lesson that starts using 'overtrump' makes the glossary need that entry."""
    assert "overtrump" in used_terms("you must overtrump here", {})
    assert "overtrump" not in used_terms("nothing to see", {})


def test_anchors_are_unique_and_links_resolve(glossary):
    anchors = ANCHOR.findall(glossary)
    assert len(anchors) == len(set(anchors)), sorted(a for a in anchors if anchors.count(a) > 1)
    for target in re.findall(r"\]\(#([^)]+)\)", glossary):
        assert target in anchors, f"link to #{target} has no anchor"


def test_definitions_are_one_or_two_sentences(glossary):
    for anchor, (_, definition) in entries(glossary).items():
        sentences = re.findall(r"[.!?](?:\s|$)", definition)
        assert 1 <= len(sentences) <= 2, f"{anchor}: {definition}"


def test_source_terms_name_their_source(glossary):
    found = entries(glossary)
    for anchor, source in [
        ("bourre-word", "glimne"),
        ("bourre-word", "pagat"),
        ("swedish-suits", "glimne"),
        ("declarer", "laws"),
        ("dummy", "laws"),
        ("cinch-win", "wikipedia"),
        ("burro", "glimne"),
    ]:
        assert source in found[anchor][1], f"{anchor} does not name {source}"


def test_bourre_is_glossed_with_glimnes_word(glossary):
    """glimne: "”bourré” betyder ungefär ”stoppning” och ”utfyllnadsmaterial”" (bourré means
    roughly stuffing and filling material); pagat: "フランスのゲームに置いてトリックが全く取れ
    なかったのプレイヤーは"Bourre(ブーレイ)"と呼ばれます" (in the French game a player who took no
    trick is called bourre)."""
    definition = entries(glossary)["bourre-word"][1]
    assert "stoppning" in definition and "utfyllnadsmaterial" in definition
    assert "no trick" in definition


def test_the_swedish_suit_codes_read_as_the_suits_they_gloss(glossary):
    """glimne writes "hj7", "sp5 (spader är trumf)", "ru9 ... inget ruterkort", "kl10 ... saknar
    klöver": hearts, spades, diamonds, clubs."""
    from bourre_lessons.cards import parse_card

    definition = entries(glossary)["swedish-suits"][1]
    pairs = re.findall(r"\b(hj|sp|ru|kl) = \w+ \((\w+)\)", definition)
    assert len(pairs) == 4
    for code, english in pairs:
        assert parse_card(f"{code}7").suit.plural == english


MEANINGS = {
    "spades": (SUIT, Suit.SPADES),
    "hearts": (SUIT, Suit.HEARTS),
    "diamonds": (SUIT, Suit.DIAMONDS),
    "clubs": (SUIT, Suit.CLUBS),
    "trump": (TRUMP, None),
    "ace": (RANK, Rank.ACE),
    "king": (RANK, Rank.KING),
    "queen": (RANK, Rank.QUEEN),
    "jack": (RANK, Rank.JACK),
    "high": (HIGH, None),
    "low": (LOW, None),
    "win it": (WIN, None),
    "doesn't matter": (ANY, None),
}


def test_the_naming_table_matches_the_word_tables(glossary):
    section = glossary.split('<a id="naming-words"></a>', 1)[1]
    rows = [line.strip("|").split("|") for line in section.splitlines() if line.startswith("| ")]
    header, *body = [[cell.strip() for cell in row] for row in rows]
    assert header[1:] == [
        "English",
        "Swedish",
        "Danish",
        "Portuguese",
        "Japanese",
        "Japanese, read as",
    ]
    assert {row[0] for row in body} == set(MEANINGS)
    for row in body:
        reading = row[-1]
        assert re.fullmatch(r"[a-zāēīōū]+", reading), f"{row[5]!r} has no reading: {reading!r}"
        for language, word in zip(LANGUAGES, row[1:-1], strict=True):
            read = table(language).get(" ".join(normalize(word).split()))
            assert read == MEANINGS[row[0]], f"{language} {word!r} reads as {read}"


def test_the_glossary_marks_the_engines_readings(glossary):
    """Issue 23: where a definition states the engine's choice, not a source's rule, it says so
    and names the reading (docs/sources.md lists them)."""
    from bourre_lessons.sources import READINGS

    named = set(re.findall(r"`(reading-[\w-]+)`", glossary))
    assert named <= {r.id for r in READINGS}, named - {r.id for r in READINGS}
    found = entries(glossary)
    for anchor, reading in [
        ("cinch", "reading-sure-tricks"),
        ("pot-limit", "reading-pot-limit"),
        ("lone-player", "reading-lone-plays-out"),
        ("renege", "reading-renege-stands"),
        ("stand-in", "reading-known-top"),
    ]:
        assert f"`{reading}`" in found[anchor][1] and "engine's reading" in found[anchor][1], anchor


def test_the_glossary_credits_no_example_glimne_does_not_give(glossary):
    """glimne 1, 8 and 10 have no example (docs/sources.md): the glossary does not say all ten
    rules come with one."""
    from bourre_lessons.sources import REGISTER

    assert [n for n in range(1, 11) if REGISTER[f"glimne-{n}"].example == "none"] == [1, 8, 10]
    definition = entries(glossary)["glimne"][1]
    assert "with examples" not in definition and "all but 1, 8 and 10" in definition
