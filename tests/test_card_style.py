"""One card style where a learner reads the exercises: suit symbols (7♥), never letter codes
(H7), while every check still accepts both forms."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bourre_lessons.exercises import (
    lead_trump_drill,
    legal_cards_exercise,
    naming_exercise,
    sure_tricks_drill,
    trick_winner_drill,
)

ROOT = Path(__file__).resolve().parents[1]
CODE = re.compile(r"\b[SHDC](?:10|[2-9TJQKA])\b")
ALLOWED = 'You may also type letter codes such as "H7"'


def codes_of(cards) -> set[str]:
    return {c.code for c in cards}


def symbols_of(cards) -> set[str]:
    return {str(c) for c in cards}


@pytest.mark.parametrize("path", sorted((ROOT / "exercises").glob("*.md")), ids=lambda p: p.name)
def test_the_exercise_sets_write_cards_with_symbols(path: Path) -> None:
    """Instructions, example answers and solutions: no letter code but in the one sentence
    that says letter codes may be typed too."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith("#"):
            continue  # a heading numbers the exercise ("### C2 · Count the trumps")
        found = CODE.findall(line.replace(ALLOWED, ""))
        assert not found, f"{path.name}:{number} writes {found}: {line.strip()}"


def test_a_code_in_the_sets_would_be_found() -> None:
    assert CODE.findall('answer = {"H7", "SA"} # and 10♥, Q♠') == ["H7", "SA"]


@pytest.mark.parametrize(
    "make",
    [
        lambda: legal_cards_exercise(seed=7, level="follow"),
        lambda: trick_winner_drill(seed=2, level="led-suit"),
        lambda: sure_tricks_drill(seed=6, level="top"),
        lambda: lead_trump_drill(seed=5, level="others-out"),
        lambda: naming_exercise(seed=2, level="win"),
    ],
    ids=["legal-cards", "trick-winner", "sure-tricks", "lead-trump", "naming"],
)
def test_prompts_hints_and_solutions_write_symbols(make) -> None:
    exercise = make()
    for text in (exercise.prompt(), exercise.hint(), exercise.solution()):
        assert not CODE.findall(text), text


def test_set_1_accepts_symbols_and_letter_codes_alike() -> None:
    ex = legal_cards_exercise(seed=7, level="follow")
    legal = ex.legal()
    for answer in (symbols_of(legal), codes_of(legal), " ".join(codes_of(legal))):
        assert ex.check(answer, progress=False).correct
    wrong = set(ex.situation.hand) - legal
    by_symbol = ex.check(symbols_of(wrong), progress=False)
    by_code = ex.check(codes_of(wrong), progress=False)
    assert not by_symbol.correct and by_symbol.summary == by_code.summary


def test_the_drills_accept_symbols_and_letter_codes_alike() -> None:
    trick = trick_winner_drill(seed=2, level="led-suit")
    assert trick.check(str(trick.winner), progress=False).correct
    assert trick.check(trick.winner.code, progress=False).correct
    lead = lead_trump_drill(seed=5, level="others-out")
    allowed = lead.legal()
    assert lead.check(symbols_of(allowed), progress=False).correct
    assert lead.check(codes_of(allowed), progress=False).correct
