"""The advisor hears the seats before it: deals that disagree with their words are dealt again."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from bourre_lessons.cards import parse_card
from bourre_lessons.rules import PRESETS, Rules
from bourre_lessons.sim.advisor import (
    Estimate,
    advise,
    heard_effect,
    heard_words,
    read_draws,
    read_heard,
)
from bourre_lessons.sim.fast import encode_rules, mask_of
from bourre_lessons.sim.fast.bits import card_bit
from bourre_lessons.sim.fast.hand import FixedDeal, Outcomes, Seats, play_fixed
from bourre_lessons.sim.fast.policy import HEURISTIC, RANDOM


def _play_fixed(
    hand: str, turned: str, you: int, said: dict[int, int], deals: int, kinds: int = HEURISTIC
) -> tuple[Outcomes, int, int]:
    """(outcomes, rows kept, deals dealt) of play_fixed at a pagat table of five, dealer 0."""
    n = 5
    outcomes = Outcomes(
        declared=np.zeros((deals, n), dtype=np.int8),
        tricks=np.zeros((deals, n), dtype=np.int8),
        turned=np.zeros(deals, dtype=np.int8),
    )
    words = np.full(n, -1, dtype=np.int64)
    for seat, word in said.items():
        words[seat] = word
    tries = np.zeros(1, dtype=np.int64)
    thrown = np.full(n, -1, dtype=np.int64)
    fixed = FixedDeal(
        you, mask_of(hand.split()), card_bit(parse_card(turned)), words, thrown, tries
    )
    seats = Seats(np.full(n, kinds, dtype=np.int64), np.zeros(n))
    vector = encode_rules(Rules(), n)
    kept = play_fixed(n, 0, vector, seats, np.uint64(11), fixed, outcomes, deals * 200)
    return outcomes, kept, int(tries[0])


def test_every_kept_deal_has_the_words_that_were_heard() -> None:
    """Seats 1 and 2 speak before seat 3 (the dealer is seat 0): in every deal kept, the bots
    said what was heard, and more deals were dealt than kept."""
    outcomes, kept, tried = _play_fixed("HJ H4 SA D7 C9", "H2", 3, {3: 1, 1: 1, 2: 0}, 3000)
    assert kept == 3000 and tried > kept
    assert (outcomes.declared[:, 1] != 0).all() and (outcomes.declared[:, 2] == 0).all()
    free, _, free_tried = _play_fixed("HJ H4 SA D7 C9", "H2", 3, {3: 1}, 3000)
    assert free_tried == 3000  # nothing heard: every deal is kept
    assert (free.declared[:, 1] != 0).any() and (free.declared[:, 1] == 0).any()


def test_a_random_bot_is_made_to_say_what_was_heard() -> None:
    """A random bot's word says nothing of its cards: its deal is kept and its word set."""
    outcomes, kept, tried = _play_fixed("HJ H4 SA D7 C9", "H2", 3, {3: 1, 1: 0, 2: 1}, 500, RANDOM)
    assert kept == tried == 500
    assert (outcomes.declared[:, 1] == 0).all() and (outcomes.declared[:, 2] != 0).all()


def test_hearing_is_the_same_as_keeping_only_the_matching_deals() -> None:
    """Dealing again until the words agree gives the same chances as dealing freely and
    throwing away the deals whose words disagree: your tricks average the same, within the
    two samples' noise (four standard errors)."""
    pattern = {1: 1, 2: 1}
    heard, kept, _ = _play_fixed("HJ H4 SA D7 C9", "H2", 3, {3: 1, **pattern}, 6000)
    free, _, _ = _play_fixed("HJ H4 SA D7 C9", "H2", 3, {3: 1}, 60_000)
    match = np.ones(60_000, dtype=bool)
    for seat, word in pattern.items():
        match &= (free.declared[:, seat] != 0) == bool(word)
    filtered = free.tricks[match, 3].astype(float)
    mine = heard.tricks[:kept, 3].astype(float)
    assert len(filtered) > 1000
    se = np.sqrt(mine.var() / len(mine) + filtered.var() / len(filtered))
    assert abs(mine.mean() - filtered.mean()) < 4 * se
    # and the words matter: without them the same hand takes more tricks
    assert free.tricks[:, 3].mean() - mine.mean() > 4 * se


def test_the_pagat_dealer_who_hears_everyone_pass_takes_the_pot() -> None:
    """pagat (dealer alone): when everybody but the dealer passes, the dealer takes the pot
    without play, whether the dealer would have said play or pass."""
    a = advise("S2 S5 D7 C9 H3", "H3", seat=5, deals=500, heard="pass pass pass pass")
    assert a.win == Estimate(1.0, a.win.low, 1.0) and a.win.value == 1.0
    assert a.chips_play == a.chips_pass == Estimate(5.0, 5.0, 5.0)
    assert a.heard == (False, False, False, False) and a.tried > a.deals == 500


def test_players_already_in_make_the_same_cards_worth_less() -> None:
    """With nobody in before you, a middling hand is worth more than when everyone is in."""
    args = ("S8 HA HK D7 C2", "S4", 4)
    nobody = advise(*args, deals=4000, seed=2, heard="pass pass pass")
    unheard = advise(*args, deals=4000, seed=2)
    everyone = advise(*args, deals=4000, seed=2, heard="play play play")
    assert nobody.chips_play.low > unheard.chips_play.high
    assert unheard.chips_play.low > everyone.chips_play.high
    assert unheard.heard is None and unheard.tried == unheard.deals == 4000


def test_heard_is_read_in_words_or_booleans() -> None:
    assert read_heard("pass Play", 3, Rules()) == (False, True)
    assert read_heard([True, "pass"], 3, Rules()) == (True, False)
    assert read_heard("", 1, Rules()) == ()
    assert read_heard(None, 4, Rules()) is None


@pytest.mark.parametrize(
    ("heard", "seat", "rules", "message"),
    [
        ("pass", 3, Rules(), "the 2 seat"),
        ("pass maybe", 3, Rules(), "'maybe'"),
        ("pass", 2, dataclasses.replace(Rules(), simultaneous_declaration=True), "at once"),
        ("pass 2", 2, Rules(), "after 'pass'"),
        ("2 pass", 3, Rules(), "follows a 'play'"),
        ("play 6", 2, Rules(), "0 to 5"),
        ("play 2", 2, PRESETS["glimne"], "two rounds"),
        ("play 2", 2, dataclasses.replace(Rules(), double_ante=True), "double ante"),
    ],
)
def test_heard_that_cannot_be_used_is_refused(heard, seat, rules, message) -> None:
    with pytest.raises(ValueError, match=message):
        advise("HJ H4 SA D7 C9", "H2", seat=seat, rules=rules, deals=100, heard=heard)


def test_heard_effect_shows_each_pattern_with_its_sample_sizes() -> None:
    effect = heard_effect(advise("S8 HA HK D7 C2", "S4", seat=3, deals=2000, seed=1))
    assert [a.heard for a in effect.advice] == [None, (False, False), (False, True), (True, True)]
    text = effect.to_text()
    assert "(not used)" in text and "pass, play" in text
    for a in effect.advice:
        assert f"{a.deals:,} of {a.tried:,}" in text
    glimne = heard_effect(
        advise("S8 HA HK D7 C2", "S4", seat=2, rules=PRESETS["glimne"], deals=500)
    )
    assert len(glimne.advice) == 3  # seat 2 hears one word: pass or play
    first = heard_effect(advise("S8 HA HK D7 C2", "S4", seat=1, deals=300))
    assert [a.heard for a in first.advice] == [None, ()]  # the first to speak hears nothing


def test_heard_effect_asks_the_same_question_on_the_same_run() -> None:
    """Every row is the baseline's question, asked on the baseline's deals, seed, bots and pot:
    a row that hears nothing new (the first to speak) has the baseline's very figures."""
    baseline = advise("S8 HA HK D7 C2", "S4", seat=1, deals=400, seed=3, bots="random", pot=2)
    effect = heard_effect(baseline, patterns=[[], []])
    assert all(a.question == baseline.question and a.run == baseline.run for a in effect.advice)
    assert [a.chips_play for a in effect.advice[1:]] == [baseline.chips_play] * 2
    assert effect.advice[1].pot == 2 and effect.advice[1].run.bots == "random"


def test_heard_effect_starts_from_advice_that_heard_nothing() -> None:
    heard = advise("S8 HA HK D7 C2", "S4", seat=3, deals=200, heard="pass play")
    with pytest.raises(ValueError, match="made without words heard"):
        heard_effect(heard)


# --- one round: the draws heard (pagat, as the course reads it) ---------------------------------


def test_draw_counts_are_read_after_a_play() -> None:
    """pagat (one round): "“プレイ” を宣言したならば、手札を何枚か裏向きに捨て札にして、その枚数を
    宣言してください" (if you declared play, discard some cards face down and announce how many):
    a later speaker hears the count, written after the word."""
    assert read_heard("pass play 2 play", 4, Rules()) == (False, True, True)
    assert read_draws("pass play 2 play", 4, Rules()) == (-1, 2, -1)
    assert read_draws(["pass", "play 0", ("play", 5)], 4, Rules()) == (-1, 0, 5)
    assert read_draws("pass play", 3, Rules()) == (-1, -1)
    assert heard_words((False, True, True), (-1, 2, -1)) == "pass, play (drew 2), play"


def test_a_player_heard_to_draw_one_card_makes_the_same_hand_worth_less() -> None:
    """Seat 4 of 5 hears seat 2 say play: drawing one card (a hand kept nearly whole) makes
    playing clearly worse than drawing four, and the count changes the advice."""
    args = ("S8 HA HK D7 C2", "S4", 4)
    strong = advise(*args, deals=3000, seed=2, heard="pass play 1 pass")
    weak = advise(*args, deals=3000, seed=2, heard="pass play 4 pass")
    assert weak.chips_play.low > strong.chips_play.high
    assert strong.recommendation == "pass" and weak.recommendation == "play"
    assert strong.draws == (-1, 1, -1) and "play (drew 1)" in str(strong)
    assert strong.tried > weak.tried > weak.deals  # a one-card draw is rarer: more deals dealt


def test_hearing_a_draw_count_is_the_same_as_keeping_only_the_matching_deals() -> None:
    """Dealing again until seat 1's heuristic bot says play and throws two cards gives seat 1
    the same hands as dealing freely and keeping those whose bot would: the kept hands' mean
    strength matches within four standard errors, and differs from the word alone."""
    from bourre_lessons.sim.fast.hand import ORDER, WORK_ROWS, declarations_agree
    from bourre_lessons.sim.fast.policy import discard_heuristic, strength

    n, rules = 5, encode_rules(Rules(), 5)
    seats = Seats(np.full(n, HEURISTIC, dtype=np.int64), np.zeros(n))
    said = np.array([1, 1, -1, -1, -1], dtype=np.int64)  # seat 0 deals and says play (skip)
    rng = np.random.default_rng(3)
    agreed, word_only = [], []
    for _ in range(20_000):
        deck = rng.permutation(52)
        work = np.zeros((len(WORK_ROWS), n), dtype=np.int64)
        work[ORDER] = [1, 2, 3, 4, 0]
        for p in range(n):
            work[0, p] = sum(1 << int(c) for c in deck[5 * p : 5 * p + 5])
        trump_card = int(deck[4])  # the dealer's fifth card
        hand = int(work[0, 1])
        thrown = np.full(n, -1, dtype=np.int64)
        if declarations_agree(n, rules, seats, work, trump_card, said, thrown, 0):
            word_only.append(strength(hand, trump_card // 13))
            thrown[1] = 2
            if declarations_agree(n, rules, seats, work, trump_card, said, thrown, 0):
                throw, _ = discard_heuristic(hand, trump_card // 13, 0, 5, False)
                assert bin(throw).count("1") == 2
                agreed.append(strength(hand, trump_card // 13))
    assert len(agreed) > 300 and len(word_only) > len(agreed)
    a, w = np.array(agreed), np.array(word_only)
    assert abs(a.mean() - w.mean()) > 4 * np.sqrt(a.var() / len(a) + w.var() / len(w))


def test_a_random_bot_heard_to_throw_a_count_throws_exactly_that_many() -> None:
    """A random bot's draw says nothing of its cards: it is made to throw the count heard,
    any cards of its hand, each set of that size alike."""
    from bourre_lessons.sim.fast.policy import random_subset_of_size

    hand = mask_of(["HJ", "H4", "SA", "D7", "C9"])
    state = np.uint64(5)
    seen = {}
    for _ in range(2000):
        chosen, state = random_subset_of_size(np.uint64(state), hand, 2)
        assert bin(chosen).count("1") == 2 and chosen & ~hand == 0
        seen[chosen] = seen.get(chosen, 0) + 1
    assert len(seen) == 10 and min(seen.values()) > 120  # C(5, 2) sets, about 200 each
