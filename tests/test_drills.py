"""The drills: who wins the trick, sure tricks, glimne 10, and the discard judged by simulation.

For each drill: a right answer is accepted, a wrong one is rejected with a clear message that
does not give the answer away, bad input gets an error naming what is accepted, and the same
seed gives the same position. Expected answers come from the rules themselves (a small oracle
written here, or a position whose answer the sources fix), never from the drill's own code.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from bourre_lessons.cards import Card, parse_card, parse_cards
from bourre_lessons.exercises.discard_drill import (
    DiscardDrill,
    discard_candidates,
    discard_exercise,
    read_discard,
)
from bourre_lessons.exercises.drills import (
    DRILL_KINDS,
    DRILL_LEVELS,
    DrillSeries,
    LeadTrumpDrill,
    SureTricksDrill,
    drill,
    lead_trump_drill,
    read_count,
    read_one_card,
    sure_tricks_drill,
    trick_winner_drill,
)
from bourre_lessons.play import Situation
from bourre_lessons.progress import Progress
from bourre_lessons.rules import Rules

GLIMNE, PAGAT = Rules.preset("glimne"), Rules.preset("pagat")
SEEDS = (0, 1, 2)


def names_a_card(text: str, cards: tuple[Card, ...] | frozenset[Card]) -> list[Card]:
    """The cards among `cards` that a text names, as a symbol ('7♥') or a code ('H7')."""
    return [
        c for c in cards if re.search(rf"(?<![\w♠♥♦♣]){re.escape(str(c))}", text) or c.code in text
    ]


# --- who wins this trick? ----------------------------------------------------------------------


def winner_by_the_rules(trick: tuple[Card, ...], trump) -> Card:
    """pagat, play: "切り札スートのトランプで最も大きな価値のカードをプレイした人が勝ちます。もしく
    は、切り札がプレイされない場合はリードされたスートのカードで最も価値の高いカードをプレイした人が
    勝ちます。" (whoever played the highest trump wins; or, if no trump was played, whoever played
    the highest card of the suit led.) wikipedia: "um dois de trunfos é "mais alto" em
    classificação do que um ás de qualquer outro naipe" (a two of trumps ranks above an ace of
    any other suit)."""
    trumps = [c for c in trick if c.suit == trump]
    pool = trumps or [c for c in trick if c.suit == trick[0].suit]
    return max(pool, key=lambda c: c.rank)


@pytest.mark.parametrize("level", DRILL_LEVELS["trick-winner"])
@pytest.mark.parametrize("seed", SEEDS)
def test_trick_winner_accepts_the_winner_only(seed, level):
    d = trick_winner_drill(seed, level)
    right = winner_by_the_rules(d.trick, d.trump)
    assert d.check(right.code, progress=False).correct
    assert d.check(str(right), progress=False).correct
    for card in d.trick:
        if card != right:
            feedback = d.check(card, progress=False)
            assert not feedback.correct
            assert f"{card} does not take this trick" in feedback.summary
            assert str(right) not in feedback.to_text()
    assert f"Answer: {right}." in d.solution() and right.code not in d.solution()


@pytest.mark.parametrize("seed", SEEDS)
def test_trick_winner_levels_mean_what_they_say(seed):
    for level in DRILL_LEVELS["trick-winner"]:
        d = trick_winner_drill(seed, level)
        led = d.trick[0].suit
        trumps = [c for c in d.trick if c.suit == d.trump]
        assert len(d.trick) >= 3 and led != d.trump
        right = winner_by_the_rules(d.trick, d.trump)
        outranked = any(c.suit != right.suit and c.rank > right.rank for c in d.trick)
        if level == "led-suit":
            assert not trumps and outranked
        elif level == "trumped":
            assert len(trumps) == 1 and outranked
        else:
            assert len(trumps) >= 2


def test_trick_winner_bad_input_names_what_is_accepted():
    d = trick_winner_drill(4, "trumped")
    feedback = d.check("Z9", progress=False)
    assert (
        not feedback.correct and "Z9" in feedback.summary and "Accepted forms" in feedback.summary
    )
    outside = next(c for c in parse_cards("SA HA DA CA S2 H2") if c not in d.trick)
    assert "is not in this trick" in d.check(outside, progress=False).summary
    assert "exactly one card" in d.check("H7 H8", progress=False).summary
    assert "not one card" in d.check(7, progress=False).summary
    assert "no answer yet" in d.check(None, progress=False).summary
    assert read_one_card("kl10") == (parse_card("C10"), "")


def test_trick_winner_is_deterministic_per_seed():
    assert trick_winner_drill(11, "led-suit") == trick_winner_drill(11, "led-suit")
    assert trick_winner_drill(11, "led-suit").trick != trick_winner_drill(12, "led-suit").trick
    series = DrillSeries("trick-winner", seed=11, level="led-suit")
    assert [series.next(), series.next()] == [
        drill("trick-winner", 11, "led-suit", None, 0),
        drill("trick-winner", 11, "led-suit", None, 1),
    ]


def test_unknown_kinds_and_levels_are_refused_by_name():
    with pytest.raises(ValueError, match="trick-winner, sure-tricks, lead-trump"):
        drill("who-wins")
    with pytest.raises(ValueError, match="led-suit, trumped, overtrumped"):
        trick_winner_drill(0, "trumps")
    with pytest.raises(ValueError, match="top, none, cover"):
        DrillSeries("sure-tricks", level="all")
    assert set(DRILL_KINDS) == {"trick-winner", "sure-tricks", "lead-trump"}


# --- how many sure tricks? ---------------------------------------------------------------------


def sure_by_counting(s: Situation) -> int:
    """The count as docs/rules.md (Cinch) defines it: for your t-th highest trump, t minus the
    trumps you cannot see that outrank it; the largest result, never below 0; every trump when
    the others are known to hold none."""
    trumps = sorted((c for c in s.hand if c.suit == s.trump), key=lambda c: -c.rank)
    if s.others_out_of_trump:
        return len(trumps)
    visible = set(s.hand) | set(s.trick) | set(s.seen)
    out = [r for r in range(2, 15) if parse_card(f"{s.trump.letter}{_rank(r)}") not in visible]
    return max([0] + [t - sum(o > c.rank for o in out) for t, c in enumerate(trumps, 1)])


def _rank(r: int) -> str:
    return "23456789TJQKA"[r - 2]


@pytest.mark.parametrize(
    ("hand", "seen", "others_out", "sure"),
    [
        ("SA SK SQ H4 D6", "", False, 3),  # A-K-Q: three sure tricks
        ("SA SQ SJ H4 D6", "", False, 2),  # the king can take one of queen and jack, not both
        ("SA SQ SJ H4 D6", "SK C2 C3", False, 3),  # the king played: all three sure
        ("SK SQ ST S9 S8", "", False, 3),  # ace and jack out
        ("S5 S3 H4", "", True, 2),  # nobody else holds a trump
        ("SK H4 D6", "", False, 0),  # the ace is out: the king is not sure
    ],
)
def test_sure_tricks_on_positions_the_sources_describe(hand, seen, others_out, sure):
    """glimne (cinch): "Har du tre säkra stick, t.ex. genom att sitta med A-K-Q i trumffärgen"
    (if you have three sure tricks, for instance A-K-Q of trumps); pagat (cinch note):
    "ゲームの開始時にA-K-QやK-Q-10-9-8のような切り札を持つならばほぼ確実に勝てるでしょう" (holding
    trumps like A-K-Q or K-Q-10-9-8 at the start you will almost surely win); glimne 9: "Vet du
    säkert om att du just då har det högsta kvarvarande kortet i utspelsfärgen, måste du spela
    det" (if you know for sure that you hold the highest card left of the suit led, you must play
    it): a trump no unseen trump outranks is such a card."""
    situation = Situation(hand, "S", seen=seen, others_out_of_trump=others_out)
    d = SureTricksDrill("drills/sure-tricks/test", "top", situation)
    assert d.check(sure, progress=False).correct
    assert d.check(str(sure), progress=False).correct
    wrong = sure + 1
    feedback = d.check(wrong, progress=False)
    assert not feedback.correct and "too many" in feedback.summary
    assert str(sure) not in feedback.to_text().replace(str(wrong), "")
    if sure:
        assert "too few" in d.check(sure - 1, progress=False).summary
    assert f"Answer: {sure}." in d.solution()


def test_the_cinch_line_counts_tricks_won():
    """pagat (cinch): "3つの確実に獲得できるトリックがある場合" (with three tricks certain to be
    won) the pot is as good as won; one trick won plus two sure trumps makes three."""
    one_won = Situation("SA SK H4 D6", "S", seen="C2 C3 C4", tricks_won=1)
    d = SureTricksDrill("drills/sure-tricks/test", "top", one_won)
    assert "a cinch: the pot is yours" in d.solution()
    none_won = Situation("SA SK H4 D6 D7", "S")
    assert "no cinch yet" in SureTricksDrill("x", "top", none_won).solution()


@pytest.mark.parametrize("level", DRILL_LEVELS["sure-tricks"])
@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_sure_tricks_drills(seed, level):
    d = sure_tricks_drill(seed, level)
    s = d.situation
    right = sure_by_counting(s)
    assert s.is_lead and any(c.suit == s.trump for c in s.hand)
    assert d.check(right, progress=False).correct
    assert not d.check((right + 1) % 6, progress=False).correct
    visible = set(s.hand) | set(s.seen)
    top = [
        c
        for c in s.hand
        if c.suit == s.trump
        and all(parse_card(f"{c.suit.letter}{_rank(r)}") in visible for r in range(c.rank + 1, 15))
    ]
    if level == "none":
        assert right == 0
    elif level == "top":
        assert right == (len(top) if not s.others_out_of_trump else right) and right >= 1
    else:
        assert right > len(top)
    assert "glimne 9" in d.hint() or s.others_out_of_trump


def test_sure_tricks_bad_input_names_what_is_accepted():
    d = sure_tricks_drill(0, "top")
    for bad in ["Z9", 7, True, -1, 2.5]:
        feedback = d.check(bad, progress=False)
        assert not feedback.correct and "whole number from 0 to 5" in feedback.summary
    assert read_count("two") == (2, "") and read_count(" 3 ") == (3, "")
    assert "no answer yet" in read_count(None)[1]


def test_sure_tricks_is_deterministic_per_seed():
    assert sure_tricks_drill(5, "cover") == sure_tricks_drill(5, "cover")
    assert sure_tricks_drill(5, "cover").id == "drills/sure-tricks/pagat/cover/5-0"


# --- glimne 10: lead a trump when the others are out ------------------------------------------

GLIMNE_10 = (
    "Skulle du garanterat veta att alla andra har slut på kort i trumffärgen, medan du däremot "
    "har trumfkort kvar och det är din tur att spela ut, måste du spela ut ett trumfkort."
)
"""glimne 10, and ours: should you know for certain that all the others are out of trumps,
while you still have trumps and it is your turn to lead, you must lead a trump."""

ALL_SPADES_BUT = "S2 S3 S4 S5 S6 S7 S8 S9 ST SJ SQ SK SA"


def spades_seen_except(*held: str) -> str:
    return " ".join(c for c in ALL_SPADES_BUT.split() if c not in held)


@pytest.mark.parametrize(
    ("situation", "allowed"),
    [
        # every other player has shown a void in trumps
        (Situation("S3 D2 H9", "S", seen="C2 C3 C4", others_out_of_trump=True), {"S3"}),
        # every trump is in your hand or played: nobody else can hold one
        (Situation("SA D2", "S", seen=spades_seen_except("SA")), {"SA"}),
        # one trump unseen: somebody may hold it, so glimne 10 does not bind
        (Situation("SA D2", "S", seen=spades_seen_except("SA", "S2")), {"SA", "D2"}),
    ],
)
def test_glimne_10_drill_on_positions(situation, allowed):
    assert "alla andra har slut på kort i trumffärgen" in GLIMNE_10
    d = LeadTrumpDrill("drills/lead-trump/test", "others-out", situation, GLIMNE)
    allowed = {parse_card(c) for c in allowed}
    assert d.check(allowed, progress=False).correct
    everything = set(situation.hand)
    if allowed != everything:
        feedback = d.check(everything, progress=False)
        assert not feedback.correct
        extra = everything - allowed
        assert f"{len(extra)} card{'s' if len(extra) > 1 else ''} you chose may not be led" in (
            feedback.summary
        )
        assert names_a_card(feedback.to_text(), tuple(extra)) == []
        assert "glimne 10" in d.solution()


def test_a_wrong_lead_answer_says_how_many_not_which():
    s = Situation("S3 S9 D2 H9", "S", seen="C2 C3 C4", others_out_of_trump=True)
    d = LeadTrumpDrill("drills/lead-trump/test", "others-out", s, GLIMNE)
    feedback = d.check({"S3", "D2"}, progress=False)
    assert feedback.summary == "1 card you may lead is missing and 1 card you chose may not be led."
    assert names_a_card(feedback.to_text(), (parse_card("S9"), parse_card("D2"))) == []
    assert "9♠" in d.solution() and "2♦" in d.solution()


def test_glimne_10_drill_needs_the_switch():
    s = Situation("S3 D2", "S", others_out_of_trump=True)
    with pytest.raises(ValueError, match="must_lead_trump_when_others_out"):
        LeadTrumpDrill("x", "others-out", s, PAGAT)
    with pytest.raises(ValueError, match="glimne 10 is off"):
        lead_trump_drill(0, rules=PAGAT)


@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_glimne_10_drills(seed):
    for level in DRILL_LEVELS["lead-trump"]:
        d = lead_trump_drill(seed, level)
        s = d.situation
        trumps = {c for c in s.hand if c.suit == s.trump}
        expected = trumps if level == "others-out" else set(s.hand)
        assert d.check(expected, progress=False).correct
        assert trumps and trumps != set(s.hand)
        if level == "trump-still-out":
            assert any(c.suit == s.trump for c in s.seen)


def test_glimne_10_bad_input_names_what_is_accepted():
    d = lead_trump_drill(0, "others-out")
    feedback = d.check({"Z9"}, progress=False)
    assert not feedback.correct and "Accepted forms" in feedback.to_text()
    assert lead_trump_drill(3, "others-out") == lead_trump_drill(3, "others-out")


def test_a_check_is_recorded_in_the_progress_file(tmp_path):
    progress = Progress.load(tmp_path / "progress.json")
    d = trick_winner_drill(0, "trumped")
    d.check(winner_by_the_rules(d.trick, d.trump), progress=progress)
    d.check("Z9", progress=progress)  # unreadable: not an attempt
    assert d.id in progress and progress.get(d.id).attempts == 1 and progress.get(d.id).solved


# --- what to discard ---------------------------------------------------------------------------

PAGAT_DRAW = "望むなら手札5枚の全部のカードを捨てる事が出来ますし、もしくは始めに配られた手札で満足するかもしれません"
"""pagat, the draw: you may throw away all five cards if you wish, or be content with the hand
you were dealt."""


@pytest.fixture(scope="module")
def sure_hand() -> DiscardDrill:
    """A-K-Q of trumps: three tricks whatever happens, so keeping them always takes the pot.

    pagat, payment: "ポットのチップを受け取るためには、他のどのプレイヤーよりも多くトリックを取る
    事が必要です。3トリック取れたら必要十分です。" (to take the pot you need more tricks than any
    other player; three tricks are enough.)"""
    return DiscardDrill(
        "drills/discard/test", "SA SK SQ H2 C3", "S4", players=3, deals=30, screen_deals=10
    )


def test_keeping_three_sure_tricks_always_takes_the_pot(sure_hand):
    pot = sure_hand.players * 1  # pagat: everyone antes one chip, no second ante
    for answer in ["keep", {"H2"}, {"C3"}, {"H2", "C3"}]:
        estimate = sure_hand.estimate(read_discard(answer, sure_hand.hand)[0])
        assert (estimate.value, estimate.low, estimate.high) == (pot, pot, pot)
        assert sure_hand.check(answer, progress=False).correct


def test_throwing_the_sure_tricks_away_is_rejected_by_count_only(sure_hand):
    feedback = sure_hand.check({"SA", "SK", "SQ"}, progress=False)
    assert not feedback.correct
    assert "its interval lies wholly below the best one's" in feedback.summary
    assert "3 cards you throw should be kept" in feedback.to_text()
    assert names_a_card(feedback.to_text(), sure_hand.hand) == []
    assert "throws" in sure_hand.hint() and "Best found" in sure_hand.solution()


def test_discard_bad_input_names_what_is_accepted(sure_hand):
    assert PAGAT_DRAW.startswith("望むなら手札5枚")
    assert read_discard("keep", sure_hand.hand) == (frozenset(), "")
    for bad, words in [
        ({"Z9"}, "Accepted forms"),
        ({"D9"}, "You do not hold 9♦"),
        (None, "no answer yet"),
        (3, "not a list of cards"),
    ]:
        feedback = sure_hand.check(bad, progress=False)
        assert not feedback.correct and words in feedback.summary, feedback.summary
    assert "at most 1 card" in read_discard({"H2", "C3"}, sure_hand.hand, limit=1)[1]
    with pytest.raises(ValueError, match="You do not hold"):
        sure_hand.estimate({"D9"})
    with pytest.raises(ValueError, match="five cards"):
        DiscardDrill("x", "SA SK SQ H2", "S4")


def test_the_search_throws_only_the_lowest_cards_of_each_suit():
    hand = parse_cards("SA S3 H2 H9 C3")
    candidates = discard_candidates(hand)
    assert frozenset() in candidates and frozenset(hand) in candidates
    assert frozenset(parse_cards("S3 H2")) in candidates
    assert frozenset(parse_cards("SA")) not in candidates  # keeps the lower S3
    assert len(candidates) == 3 * 3 * 2
    assert all(len(d) <= 2 for d in discard_candidates(hand, limit=2))


def test_a_seeded_discard_drill_is_deterministic_and_judged():
    first, again = (
        discard_exercise(1, deals=20, screen_deals=6),
        discard_exercise(1, deals=20, screen_deals=6),
    )
    assert (first.hand, first.trump_card, first.seed, first.id) == (
        again.hand,
        again.trump_card,
        again.seed,
        again.id,
    )
    assert discard_exercise(2).hand != first.hand
    assert "You sit on the dealer's left" in first.prompt()
    assert first.check(first.best, progress=False).correct
    assert first.ranking == again.ranking


def test_importing_the_drills_loads_no_simulator():
    code = (
        "import sys, bourre_lessons.exercises.drills, bourre_lessons.exercises.discard_drill; "
        "print(sorted(m for m in ('numba', 'numpy') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
