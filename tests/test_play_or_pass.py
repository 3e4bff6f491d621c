"""Exercise set 5, "Play or pass": answers judged by the advisor's expected chips."""

from __future__ import annotations

import numpy as np
import pytest

from bourre_lessons.cards import parse_cards
from bourre_lessons.exercises import (
    PLAY_OR_PASS_LEVELS,
    PlayOrPassExercise,
    PlayOrPassSeries,
    check_play_or_pass,
    play_or_pass_exercise,
)
from bourre_lessons.exercises.play_or_pass import compare_choices, read_choice
from bourre_lessons.progress import Progress
from bourre_lessons.rules import PRESETS, Rules
from bourre_lessons.sim.advisor import Advice, AdviceRun, Estimate, PlayOrPassQuestion, advise

SURE = ("HA HK HQ S2 D3", "H9")  # A-K-Q of trumps: three sure tricks, the pot is certain
HOPELESS = ("S2 S5 D7 C9 CT", "HA")  # no trump, no ace, first to speak


def exercise(hand: str, trump: str, seat: int = 1, players: int = 5, **kw) -> PlayOrPassExercise:
    question = PlayOrPassQuestion(hand, trump, seat, players, kw.pop("rules", Rules()))
    return PlayOrPassExercise("play-or-pass/test/x/0-0", "clear", question, **kw)


def advice(play: Estimate, pass_: Estimate, must_play: bool = False) -> Advice:
    """An Advice written by hand, so the check is tested apart from the simulation."""
    share = Estimate(0.3, 0.29, 0.31)
    return Advice(
        question=PlayOrPassQuestion("SA SK H4 D7 C2", "S7", seat=1, players=5),
        run=AdviceRun(deals=1000),
        deals=1000,
        win=share,
        bourre=share,
        split=share,
        chips_play=play,
        chips_pass=pass_,
        must_play=must_play,
    )


ZERO = Estimate(0.0, 0.0, 0.0)


# --- the check, on known hands -----------------------------------------------------------------


def test_three_top_trumps_must_be_played_and_are_worth_the_five_antes() -> None:
    """Cinch (RULES-SPEC): A-K-Q of trumps take the pot of five antes (pagat: no second ante),
    so playing is worth 5 chips more than passing."""
    ex = exercise(*SURE)
    right = ex.check("play", progress=False)
    assert right.correct
    assert "better choice, by about 5.00 chips" in right.summary
    wrong = ex.check("pass", progress=False)
    assert not wrong.correct
    assert wrong.summary == "“pass” is not the better choice here."
    assert "5.00" not in wrong.to_text(), "the advisor's figures come with the solution"
    assert "play  +5.00 (95% CI +5.00 to +5.00)" in ex.solution()
    assert "Answer: play." in ex.solution()


def test_a_hopeless_hand_should_be_passed() -> None:
    """No trump and no ace, first of five to speak: playing risks a bourré for little chance."""
    ex = exercise(*HOPELESS)
    assert ex.check("pass", progress=False).correct
    wrong = ex.check("play", progress=False)
    assert not wrong.correct
    assert wrong.summary == "“play” is not the better choice here."
    assert "Passing is better" in ex.solution()


def test_overlapping_intervals_make_both_answers_reasonable() -> None:
    """When the 95% intervals overlap, the simulation cannot choose: both answers count."""
    close = advice(Estimate(0.03, -0.01, 0.07), ZERO)
    for answer in ("play", "pass"):
        feedback = check_play_or_pass(close, answer)
        assert feedback.correct
        assert "too close to call" in feedback.summary
    assert "both reasonable" in " ".join(check_play_or_pass(close, "pass").details)


def test_intervals_apart_leave_one_answer() -> None:
    """Apart intervals: the choice with more expected chips is the only right one."""
    clear = advice(Estimate(-0.40, -0.50, -0.30), ZERO)
    assert compare_choices(clear).better == "pass"
    assert compare_choices(clear).margin == pytest.approx(0.40)
    assert check_play_or_pass(clear, "pass").correct
    wrong = check_play_or_pass(clear, "play")
    assert wrong.summary == "“play” is not the better choice here."
    assert "0.40" not in wrong.to_text()
    assert "the two intervals do not overlap" in compare_choices(clear).sentence()


def test_a_forced_play_refuses_pass_even_when_passing_looks_better() -> None:
    """pagat: a dealer who turns an ace may not pass."""
    forced = advice(Estimate(-1.0, -1.1, -0.9), ZERO, must_play=True)
    right = check_play_or_pass(forced, "play")
    assert right.correct and right.summary == "“play” is right: the rules make you play this hand."
    feedback = check_play_or_pass(forced, "pass")
    assert not feedback.correct
    assert "You may not pass" in feedback.summary


# --- reading answers ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "choice"),
    [
        ("play", "play"),
        ("  PLAY! ", "play"),
        ("Pass.", "pass"),
        ("fold", "pass"),
        (True, "play"),
        (False, "pass"),
        (np.True_, "play"),
        (np.False_, "pass"),
    ],
)
def test_answers_are_read_as_play_or_pass(answer: object, choice: str) -> None:
    assert read_choice(answer) == (choice, "")


@pytest.mark.parametrize("answer", [None, "", "   ", "maybe", "yes", 1, 0, 2.5, ["play"], {"play"}])
def test_bad_answers_get_a_friendly_message_and_are_not_attempts(answer: object, tmp_path) -> None:
    progress = Progress(tmp_path / "progress.json")
    feedback = exercise(*SURE).check(answer, progress=progress)
    assert not feedback.correct
    assert '"play" or "pass"' in feedback.summary
    assert len(progress) == 0


def test_the_answer_of_a_wrong_type_is_named() -> None:
    feedback = check_play_or_pass(advice(ZERO, ZERO), 3)
    assert feedback.summary.startswith("Your answer is of type int")


# --- progress ----------------------------------------------------------------------------------


def test_attempts_are_recorded_under_the_set_prefix(tmp_path) -> None:
    progress = Progress(tmp_path / "progress.json")
    ex = play_or_pass_exercise(seed=3, level="clear")
    assert ex.id.startswith("play-or-pass/pagat/clear/")
    ex.check("play" if ex.comparison.better == "pass" else "pass", progress=progress)
    assert progress.get(ex.id).attempts == 1 and not progress.get(ex.id).solved
    ex.check(ex.answer, progress=progress)
    entry = Progress.load(tmp_path / "progress.json").get(ex.id)
    assert entry.attempts == 2 and entry.solved
    assert progress.summary()["play-or-pass"]["title"] == "Play or pass"


def test_progress_false_records_nothing(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("BOURRE_LESSONS_DATA", str(tmp_path))
    exercise(*SURE).check("play", progress=False)
    assert not (tmp_path / "progress.json").exists()


# --- the series ----------------------------------------------------------------------------------


def test_the_same_seed_deals_the_same_exercise() -> None:
    a = play_or_pass_exercise(seed=5, index=2)
    b = play_or_pass_exercise(seed=5, index=2)
    assert (a.id, a.hand, a.trump_card, a.seat, a.players) == (
        b.id,
        b.hand,
        b.trump_card,
        b.seat,
        b.players,
    )
    assert a.advice == b.advice


@pytest.mark.parametrize("level", PLAY_OR_PASS_LEVELS)
def test_levels_deal_what_they_promise(level: str) -> None:
    ex = play_or_pass_exercise(seed=1, level=level, rules=PRESETS["wikipedia"])
    play, pass_ = ex.advice.chips_play, ex.advice.chips_pass
    overlap = play.low <= pass_.high and pass_.low <= play.high
    assert overlap == (level == "close")
    if level == "clear":
        assert abs(play.value - pass_.value) >= 0.25
    assert ex.check(ex.answer, progress=False).correct


def test_a_dealer_holds_the_turned_card_and_others_do_not() -> None:
    """glimne, wikipedia, pagat: the dealer's fifth card is turned for trump."""
    for index in range(6):
        ex = play_or_pass_exercise(seed=8, index=index, rules=PRESETS["glimne"])
        assert (ex.trump_card in ex.hand) == (ex.seat == ex.players)
        assert 3 <= ex.players <= 6


def test_unknown_level_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="clear, close"):
        play_or_pass_exercise(level="hard")
    with pytest.raises(ValueError, match="clear, close"):
        PlayOrPassSeries(level="hard")


def test_the_series_moves_on_and_every_solution_passes() -> None:
    series = PlayOrPassSeries(seed=2)
    seen = set()
    for ex in (series.next(), series.next(), series.next()):
        seen.add(ex.id)
        assert ex.check(ex.answer, progress=False).correct
        assert ex.solution().startswith("Answer: ")
    assert len(seen) == 3 and series.index == 2


def test_the_hint_counts_trumps_and_aces_without_the_answer() -> None:
    hint = exercise("HA HK HQ SA D3", "H9", seat=2, players=4).hint()
    assert "3 trumps (A♥ K♥ Q♥)" in hint and "1 side ace (A♠)" in hint
    assert "2 players still speak after you" in hint
    assert "better" not in hint


def test_glimne_hint_names_the_second_ante() -> None:
    """glimne: a player who plays puts in a second ante."""
    hint = exercise(*SURE, rules=PRESETS["glimne"]).hint()
    assert "second ante" in hint


def test_the_same_cards_under_another_rulebook():
    """Set 5 compares one deal under two rulebooks: `under` keeps the cards and the seat, and
    gives the exercise its own id (progress is recorded per rulebook)."""
    from bourre_lessons import Rules

    pagat = play_or_pass_exercise(seed=2, level="clear")
    glimne = pagat.under(Rules.preset("glimne"))
    assert (glimne.hand, glimne.trump_card, glimne.seat, glimne.players) == (
        pagat.hand,
        pagat.trump_card,
        pagat.seat,
        pagat.players,
    )
    assert glimne.rules.source == "glimne" and "/glimne/" in glimne.id
    assert glimne.id != pagat.id


# --- what the earlier players declared ----------------------------------------------------------


def _bot_words(ex: PlayOrPassExercise) -> tuple[bool, ...]:
    """The earlier seats' words worked out apart from `Game`: the plain-Python heuristic bot
    on each dealt hand, counting the players already in and, in one round (pagat, as the
    course reads it), those heard to draw one card or none, as `sim.heuristic` reads them."""
    from bourre_lessons.sim.heuristic import STRONG_DRAW, declare, discard

    words: list[bool] = []
    strong = 0
    for place in range(1, ex.seat):
        hand = ex.hands[place - 1]
        trump = ex.trump_card.suit
        words.append(declare(hand, trump, place - 1, ex.players, sum(words), 0.0, strong))
        if words[-1] and ex.rules.draws_in_turn:
            thrown, _ = discard(hand, trump, (), ex.rules.max_discards_for(ex.players), False)
            strong += len(thrown) <= STRONG_DRAW
            assert ex.drew[place - 1] == len(thrown)
    return tuple(words)


@pytest.mark.parametrize(
    ("seed", "level"), [(0, "clear"), (2, "clear"), (3, "close"), (7, "close")]
)
def test_the_earlier_seats_declare_as_the_bots_do_on_the_seeded_deal(seed, level) -> None:
    """Every seat is dealt from the one shuffle; the seats before you say what the heuristic
    bot says with their cards, and the prompt tells it in words, in speaking order."""
    from bourre_lessons.exercises.play_or_pass import heard_sentence

    ex = play_or_pass_exercise(seed=seed, level=level)
    dealt = [c for hand in ex.hands for c in hand]
    assert len(ex.hands) == ex.players and len(set(dealt)) == 5 * ex.players
    assert set(ex.hands[ex.seat - 1]) == set(ex.hand)
    assert ex.hands[-1][-1] == ex.trump_card  # the dealer turns the fifth card
    assert ex.seat > 1 and ex.heard == _bot_words(ex)
    letters = "BCDEFG"[: ex.seat - 1]
    said = heard_sentence(ex.heard, ex.drew)
    assert ex.rules.draws_in_turn and len(ex.drew) == len(ex.heard)  # pagat: one round
    assert said == ", ".join(
        f"{letter} {'played' if word else 'passed'}" + (f" and drew {k}" if word else "")
        for letter, word, k in zip(letters, ex.heard, ex.drew, strict=True)
    )
    assert f"Before you, in turn from the dealer's left: {said}." in ex.prompt()
    assert "not told" not in ex.prompt()
    assert ex.advice.heard == ex.heard  # the check's deals agree with what was heard
    assert ex.advice.draws in ((), ex.drew)  # ...and with the draws heard


def test_what_was_heard_changes_the_advised_answer() -> None:
    """Exercise seed 2 ('clear'), found by search: the dealer hears two players say play.
    Knowing that, passing is clearly better; not knowing it, the advisor would say play. The
    check follows what was heard."""
    ex = play_or_pass_exercise(seed=2, level="clear")
    assert ex.heard and sum(ex.heard) >= 1
    unheard = compare_choices(
        advise(ex.hand, ex.trump_card, ex.seat, ex.players, ex.rules, ex.deals, ex.seed)
    )
    heard = ex.comparison
    assert unheard.reasonable != heard.reasonable
    assert not heard.overlap and heard.reasonable == {heard.better}
    assert ex.check(heard.better, progress=False).correct
    other = "play" if heard.better == "pass" else "pass"
    assert other in unheard.reasonable and not ex.check(other, progress=False).correct
    assert "heard before you: " in ex.solution()


def test_the_first_to_speak_hears_nobody_and_a_hand_made_deal_is_not_told() -> None:
    first = play_or_pass_exercise(seed=3, level="clear")
    assert first.seat == 1 and first.heard == ()
    assert "You speak first: nobody has declared yet." in first.prompt()
    by_hand = exercise(*SURE, seat=3)
    assert by_hand.heard is None and "not told what they said" in by_hand.prompt()


def test_hands_that_do_not_hold_your_cards_are_refused() -> None:
    hands = (parse_cards("S2 S3 S4 S5 S6"),) * 5
    with pytest.raises(ValueError, match="hands must give all 5 seats"):
        exercise(*SURE, hands=hands)
