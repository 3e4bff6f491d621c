"""The fast core against the readable engine: same legal sets, same deciding rule.

Positions come from a generator tuned so that the rare rules occur often: trumps and one
"focus" suit are over-represented in hands and among the seen cards, tricks are often in
progress and trumped, tricks won run from 0 to 4, and others_out_of_trump is set a quarter of
the time. Each test counts how often every rule decided and asserts a minimum, so a
generator that stopped producing cinch or known-top positions would fail loudly.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter

import numpy as np
import pytest

from bourre_lessons.cards import DECK, Card, Suit, parse_cards
from bourre_lessons.play import Situation, explain, legal_plays, rule_id
from bourre_lessons.rules import PRESETS, Rules
from bourre_lessons.sim.fast import (
    CONCEPTS,
    SWITCH_FIELDS,
    card_bit,
    card_of,
    cards_of,
    encode_rules,
    fast_legal,
    legal_mask,
    mask_of,
    position_of,
)
from bourre_lessons.sim.fast.hand import (
    LOG_WIDTH,
    DecisionLog,
    Outcomes,
    Seats,
    logged_legal,
    logged_position,
    logged_trick,
    play_chunk,
)
from bourre_lessons.sim.fast.legal import legal, sure_trump_tricks, top_group
from bourre_lessons.sim.fast.rng import below, new_state, next_u64

SUITS = list(Suit)

# the rules each preset can reach, and how often each must decide among the positions below
REACHABLE = {
    "pagat": {
        "lead",
        "trumped-follow",
        "beat",
        "cannot-beat",
        "discard",
        "trump",
        "overtrump",
        "trump-anyway",
        "cinch-pot",
    },
    "wikipedia": {
        "lead",
        "trumped-follow",
        "beat",
        "cannot-beat",
        "discard",
        "trump",
        "overtrump",
        "trump-not-needed",
        "cinch-pot",
    },
    # glimne's base rules: no cinch (its cinch rules are a named local variant)
    "glimne": {
        "lead",
        "others-out",
        "trumped-follow",
        "beat",
        "cannot-beat",
        "discard",
        "trump",
        "overtrump",
        "trump-anyway",
        "known-top",
    },
}
REACHABLE["glimne cinch variant"] = REACHABLE["glimne"] | {"cinch-pot", "cinch-strict"}
RULEBOOKS = {
    **PRESETS,
    "glimne cinch variant": dataclasses.replace(PRESETS["glimne"], cinch="strict"),
}


def _pick(rng: random.Random, pool: list[Card], k: int, weights: dict[Card, float]) -> list[Card]:
    """k distinct cards of `pool`, favouring heavy ones."""
    chosen: list[Card] = []
    while len(chosen) < k and len(chosen) < len(pool):
        for card in rng.choices(pool, [weights[c] for c in pool], k=k):
            if card not in chosen and len(chosen) < k:
                chosen.append(card)
    return chosen


def random_position(rng: random.Random) -> Situation:
    """A random decision, biased towards trumps, high cards and tricks in progress."""
    trump = rng.choice(SUITS)
    focus = rng.choice(SUITS) if rng.random() < 0.6 else trump
    weights = {
        c: (3.0 if c.suit == trump else 1.0) * (3.0 if c.suit == focus else 1.0) * (c.rank + 2)
        for c in DECK
    }
    deck = list(DECK)
    hand = _pick(rng, deck, rng.choice([1, 2, 3, 4, 5, 5, 5]), weights)
    rest = [c for c in deck if c not in hand]
    seen = _pick(rng, rest, rng.choice([0, 0, 2, 4, 6, 8, 10, 12, 16]), weights)
    rest = [c for c in rest if c not in seen]
    trick: list[Card] = []
    size = rng.choice([0, 0, 1, 1, 2, 2, 3, 4, 5, 6])
    if size:
        led = focus if rng.random() < 0.6 else rng.choice(SUITS)
        trick.append(rng.choice([c for c in rest if c.suit == led] or rest))
        for _ in range(size - 1):
            free = [c for c in rest if c not in trick]
            trumps = [c for c in free if c.suit == trump]
            same = [c for c in free if c.suit == trick[0].suit]
            if trumps and rng.random() < 0.35:
                trick.append(rng.choice(trumps))
            else:
                trick.append(rng.choice(same if same and rng.random() < 0.6 else free))
    return Situation(
        hand=tuple(hand),
        trump=trump,
        trick=tuple(trick),
        seen=tuple(seen),
        tricks_won=rng.choice([0, 0, 1, 1, 2, 2, 3, 4]),
        players_after=rng.randint(0, min(4, 7 - len(trick))),
        others_out_of_trump=rng.random() < 0.25,
    )


def _agreement(rules: Rules, positions: list[Situation]) -> Counter:
    """Assert fast == readable on every position; return how often each rule decided."""
    decided: Counter = Counter()
    for s in positions:
        cards, concept = fast_legal(s, rules)
        expected = legal_plays(s, rules)
        assert cards == expected, f"{s}: fast {sorted(cards)} vs engine {sorted(expected)}"
        verdict = explain(s, min(expected), rules)
        assert verdict.rule == rule_id(concept, rules), f"{s}: {concept} vs {verdict.rule}"
        decided[concept] += 1
    return decided


def _positions(seed: int, count: int) -> list[Situation]:
    rng = random.Random(seed)
    return [random_position(rng) for _ in range(count)]


@pytest.mark.parametrize("preset", sorted(RULEBOOKS))
def test_legal_sets_match_the_engine_quick(preset: str) -> None:
    """Fast and readable legality agree on 3,000 positions; every reachable rule decides."""
    decided = _agreement(RULEBOOKS[preset], _positions(11, 3000))
    for concept in REACHABLE[preset]:
        assert decided[concept] >= 15, f"{preset}: rule {concept} decided only {decided[concept]}x"
    assert set(decided) == REACHABLE[preset]


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(RULEBOOKS))
def test_legal_sets_match_the_engine_100k(preset: str) -> None:
    """The full agreement check: 100,000 random positions per preset (about 30 s each)."""
    decided = _agreement(RULEBOOKS[preset], _positions(2024, 100_000))
    assert sum(decided.values()) == 100_000
    for concept in REACHABLE[preset]:
        assert decided[concept] >= 1000, (
            f"{preset}: rule {concept} decided only {decided[concept]}x"
        )


def test_legal_sets_match_under_every_combination_of_play_switches() -> None:
    """All 24 combinations of the four play switches, 150 positions each."""
    positions = _positions(5, 150)
    for twcw, top, others, cinch in itertools.product(
        (True, False), (True, False), (True, False), ("off", "pot", "strict")
    ):
        rules = Rules(
            trump_when_cannot_win=twcw,
            must_play_known_top=top,
            must_lead_trump_when_others_out=others,
            cinch=cinch,
        )
        decided = _agreement(rules, positions)
        assert ("cinch-pot" in decided) == (cinch != "off")
        assert ("known-top" in decided) == top


def test_legal_mask_is_the_bits_of_the_legal_cards() -> None:
    """legal_mask and fast_legal describe the same cards (glimne 3: must trump)."""
    s = Situation("S2 H9 C4", "H", trick=("D5",), players_after=2)
    assert cards_of(legal_mask(s)) == parse_cards("H9")


def test_every_card_has_its_deck_position_as_bit() -> None:
    """Bit numbers follow DECK order: ♠2 is 0, ♣A is 51."""
    assert [card_bit(c) for c in DECK] == list(range(52))
    assert card_bit("S2") == 0 and card_bit("CA") == 51
    assert card_of(13) == Card(Suit.HEARTS, DECK[13].rank) and str(card_of(13)) == "2♥"
    cards = parse_cards("SA H7 D2 CT")
    assert cards_of(mask_of(cards)) == tuple(sorted(cards, key=DECK.index))
    with pytest.raises(ValueError, match="0 to 51"):
        card_of(52)
    with pytest.raises(ValueError, match="2\\*\\*52"):
        cards_of(1 << 52)


def _field(ranks: str) -> int:
    return sum(1 << ("23456789TJQKA".index(r)) for r in ranks)


@pytest.mark.parametrize(
    ("held", "out", "sure"),
    [
        ("AKQ", "J98765432T", 3),  # docs/rules.md, sure trump tricks: A-K-Q is 3
        ("AQJ", "K", 2),  # A-Q-J with the K out: 2
        ("KQT98", "AJ", 3),  # K-Q-T-9-8 with A and J out: 3
        ("2", "A", 0),
    ],
)
def test_sure_trump_tricks_follow_the_spec_examples(held: str, out: str, sure: int) -> None:
    """docs/rules.md, "Sure trump tricks and the cinch": its examples of sure trump tricks."""
    assert sure_trump_tricks(_field(held), _field(out), False) == sure
    assert sure_trump_tricks(_field(held), _field(out), True) == len(held)


def test_top_group_stops_at_the_first_unseen_card() -> None:
    """pagat cinch: K-J counts as one card once the Q is seen, not while it is unseen."""
    assert top_group(_field("KJ7"), _field("Q")) == _field("K")
    assert top_group(_field("KJ7"), _field("9")) == _field("KJ")
    assert top_group(_field("KJ7"), 0) == _field("KJ7")


def test_the_random_generator_is_reproducible_and_in_range() -> None:
    """SplitMix64: the same seed gives the same stream; below(n) stays in 0..n-1."""

    def stream(seed: int, count: int) -> list[int]:
        state, out = new_state(seed), []
        for _ in range(count):
            bits, state = next_u64(np.uint64(state))  # Numba hands back plain ints
            out.append(int(bits))
        return out

    assert stream(42, 5) == stream(42, 5) != stream(43, 5)
    # the published first outputs of SplitMix64 seeded with 0
    assert stream(0, 2) == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]
    state, draws = new_state(7), []
    for _ in range(6000):
        value, state = below(np.uint64(state), 6)
        draws.append(value)
    counts = np.bincount(draws, minlength=6)
    assert min(draws) == 0 and max(draws) == 5
    assert ((counts - 1000) ** 2 / 1000).sum() < 20.5  # chi-square, 5 dof, p = 0.001


def test_rule_vector_reflects_each_switch() -> None:
    """encode_rules: switches that shape a hand land in the vector the core reads."""
    glimne = dict(zip(SWITCH_FIELDS, encode_rules(PRESETS["glimne"], 5).tolist(), strict=True))
    assert glimne["cinch"] == 0 and glimne["pays_second_ante"] == 1 and glimne["ante_skip"] == 0
    assert glimne["bourre_paid_to"] == 1
    wiki7 = encode_rules(PRESETS["wikipedia"], 7)
    wiki5 = encode_rules(PRESETS["wikipedia"], 5)
    assert (wiki7 != wiki5).sum() == 1  # only the draw limit: 3 at seven players
    double = encode_rules(dataclasses.replace(Rules(), double_ante=True), 5)
    assert double.tolist() != encode_rules(Rules(), 5).tolist()
    assert len(CONCEPTS) == 13


def test_logged_decisions_read_back_as_the_positions_played() -> None:
    """Every logged decision of 300 fast hands at eight players (the longest tricks) reads back,
    through the named log columns (in Python and in compiled code), as a position whose fast
    legal set is the engine's."""
    players, hands = 8, 300
    rules = PRESETS["glimne"]
    outcomes = Outcomes(
        declared=np.zeros((hands, players), dtype=np.int8),
        tricks=np.zeros((hands, players), dtype=np.int8),
        turned=np.zeros(hands, dtype=np.int8),
    )
    log = DecisionLog(np.zeros((hands * 40, LOG_WIDTH), dtype=np.int64), np.zeros(1, np.int64))
    seats = Seats(np.zeros(players, dtype=np.int64), np.zeros(players))
    vector = encode_rules(rules, players)
    assert play_chunk(players, 0, vector, seats, np.uint64(3), outcomes, log) == 0
    rows = log.rows[: int(log.count[0])]
    assert len(rows) > 1000 and max(logged_position(r).trick_n for r in rows) == players - 1
    batch = logged_legal(rows, vector)
    for row, batch_mask in zip(rows, batch, strict=True):
        position = logged_position(row)
        situation = Situation(
            hand=cards_of(position.hand),
            trump=SUITS[position.trump],
            trick=tuple(DECK[c] for c in logged_trick(row)),
            seen=cards_of(position.seen),
            tricks_won=position.won,
            players_after=position.after,
            others_out_of_trump=position.others_out,
        )
        assert position_of(situation) == position
        mask, _code = legal(position, vector)
        assert mask == batch_mask
        assert frozenset(cards_of(int(mask))) == legal_plays(situation, rules)
