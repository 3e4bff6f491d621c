"""The audit of issue 23, section 2: every sentence a learner reads about a source is that
source's, and every decision of the engine's own is marked as its reading.

Each test quotes the seed passage it rests on, in the source's own language with our
translation, checks that the passage is in the seed word for word (so the quotation cannot
drift), and then checks the course: the wrong claim the audit found is gone from everything a
learner reads (lessons, exercises, docs, glossary, cheat sheet, scene texts under every
rulebook, verdicts and the package's strings), and the corrected sentence is where the learner
meets the rule. One test checks the engine itself: glimne's cinch variant after three tricks.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

import pytest
from test_sources import (
    Place,
    cheat_sheet_places,
    md_places,
    package_places,
    scene_places,
    seed_text,
    verdict_places,
)

from bourre_lessons import Situation, explain, legal_plays
from bourre_lessons.rules import PRESETS
from bourre_lessons.scenes import catalogue
from bourre_lessons.sources import REGISTER, reading

GLIMNE, WIKIPEDIA, PAGAT = PRESETS["glimne"], PRESETS["wikipedia"], PRESETS["pagat"]


def in_seed(source: str, passage: str) -> None:
    """The quoted passage is in the seed word for word (pagat's lines joined, spaces folded)."""
    text = seed_text(source)
    wanted = passage if source == "pagat" else re.sub(r"\s+", " ", passage)
    assert wanted in text, f"{passage!r} is not in the {source} seed"


@lru_cache(maxsize=1)
def learner_places() -> tuple[Place, ...]:
    """Everything a learner can read: lessons, exercises, docs, the cheat sheet, every scene
    text under every rulebook, the verdicts and the package's strings."""
    places = md_places("notebooks") + md_places("exercises") + md_places("docs")
    places += scene_places() + cheat_sheet_places() + package_places() + verdict_places()
    return tuple(p for p in places if not p.where.startswith("docs/sources.md"))


def found(pattern: str, places: tuple[Place, ...] | list[Place] | None = None) -> list[str]:
    """'where: the match' for each place whose text (spaces folded) matches the pattern."""
    hits = []
    for place in learner_places() if places is None else places:
        text = re.sub(r"\s+", " ", place.text)
        for m in re.finditer(pattern, text, re.IGNORECASE):
            hits.append(f"{place.where}: {text[max(0, m.start() - 60) : m.end() + 60]!r}")
    return hits


def lesson(name: str) -> str:
    """A lesson's or exercise set's MyST text, spaces folded."""
    from test_sources import ROOT

    folder = "exercises" if name.startswith("x") else "notebooks"
    (path,) = (ROOT / folder).glob(f"{name.removeprefix('x')}_*.md")
    return re.sub(r"\s+", " ", path.read_text(encoding="utf-8"))


def test_the_scan_reads_every_kind_of_text_and_can_fail():
    """The scan covers lessons, scenes, verdicts and package strings, and finds a planted claim."""
    wheres = {p.where.split(":")[0].split(" ")[0] for p in learner_places()}
    assert {"notebooks/03_follow_and_beat.md", "scene", "verdict", "docs/glossary.md"} <= wheres
    planted = [Place("made up", "This example is glimne's, and pagat agrees.")]
    assert found(r"example is glimne's", planted) and not found(r"example is glimne's")


# --- the engine: glimne's cinch variant after three tricks ------------------------------------------


def test_glimnes_variant_after_three_tricks_asks_for_a_trump_any_one():
    """glimne, cinch rules: "Har du redan vunnit tre stick och alltså är garanterad att vinna
    handen, måste du inleda nästa stick genom att spela ut ett trumfkort om du har något" (if
    you have already won three tricks and so are sure to win the hand, you must open the next
    trick by leading a trump, if you have one). A trump, any one: not the highest."""
    in_seed(
        "glimne", "måste du inleda nästa stick genom att spela ut ett trumfkort om du har något"
    )
    strict = replace(GLIMNE, cinch="strict")
    # the A♠ is gone, the K♠ and Q♠ are unseen: neither of your trumps is the top one
    won3 = Situation(hand="S7 S9 H9", trump="S", tricks_won=3, seen="SA S2 H8 CA C4 C9 DA D2 D5")
    assert {c.code for c in legal_plays(won3, strict)} == {"S7", "S9"}
    verdict = explain(won3, "H9", strict)
    assert verdict.rule == "glimne-cinch" and "a trump, any of yours" in verdict.reason
    # pagat's own rule after three tricks still asks for the highest (pagat cinch, fourth trick)
    assert {c.code for c in legal_plays(won3, PAGAT)} == {"S9"}


def test_glimnes_variant_still_leads_the_top_trump_after_three_tricks():
    """glimne, cinch rules: "Är det din tur att spela ut, och du har esset i trumffärgen, måste
    du spela det; har trumfesset däremot gått men du har trumfkungen, måste du spela den, osv."
    (on lead holding the trump ace you must play it; if the ace has gone and you hold the king,
    that, and so on): holding the top trump after three tricks, that rule still binds."""
    in_seed("glimne", "har trumfesset däremot gått men du har trumfkungen, måste du spela den")
    strict = replace(GLIMNE, cinch="strict")
    top = Situation(hand="SK S7 H9", trump="S", tricks_won=3, seen="SA S2 H8 CA C4 C9 DA D2 D5")
    assert {c.code for c in legal_plays(top, strict)} == {"SK"}


def test_the_fast_core_and_the_reference_follow_glimnes_three_tricks_rule():
    """The compiled rules and exercise set 3's reference agree with `legal_plays` on the same
    positions (glimne: "spela ut ett trumfkort om du har något", lead a trump if you have one)."""
    from bourre_lessons.exercises.reference import full_legal_plays
    from bourre_lessons.sim.fast import fast_legal

    strict = replace(GLIMNE, cinch="strict")
    for hand in ("S7 S9 H9", "SK S7 H9", "S7 H9 D4"):
        s = Situation(hand=hand, trump="S", tricks_won=3, seen="SA S2 H8 CA C4 C9 DA D2 D5")
        expected = legal_plays(s, strict)
        assert set(full_legal_plays(s, strict)) == set(expected), hand
        cards, concept = fast_legal(s, strict)
        assert set(cards) == set(expected), hand
        if len(expected) < len(s.hand):
            assert concept == "cinch-strict", hand


def test_the_strict_reading_says_what_is_still_ours():
    """The register's reading of glimne's variant no longer claims the highest trump after three
    tricks; it keeps the engine's own parts (no stand-in, the count of sure tricks)."""
    text = reading("reading-cinch-strict").text
    assert "a trump, any one" in text and "no stand-in" in text
    assert "where glimne asks only for a trump" not in text
