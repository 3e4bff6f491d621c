"""The fast core against the readable engine: same legal sets, same deciding rule, same hands.

Positions come from a generator tuned so that the rare rules occur often: trumps and one
"focus" suit are over-represented in hands and among the seen cards, tricks are often in
progress and trumped, tricks won run from 0 to 4, and others_out_of_trump is set a quarter of
the time. Each test counts how often every rule decided and asserts a minimum, so a
generator that stopped producing cinch or known-top positions would fail loudly.

No switch is named here: the presets come from `PRESETS`, the switches from `Rules` itself
(`rule_switches`). Every field of `Rules`, flipped alone, keeps the two engines' legal sets
equal; the play switches (the fields whose flip changes the readable engine's legal cards)
are compared in every combination of their values, on legal sets and on whole hands played
by the fast core and replayed move for move in the readable `Game`.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import zlib
from collections import Counter

import numpy as np
import pytest
from rule_switches import combinations, flips, play_switches

from bourre_lessons.cards import DECK, Card, Suit, parse_cards
from bourre_lessons.game import Game
from bourre_lessons.play import Situation, explain, legal_plays, rule_id
from bourre_lessons.rules import PRESETS, SEAT_LETTERS, Rules
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
    Seats,
    logged_legal,
    logged_position,
    logged_trick,
    new_log,
    new_outcomes,
    play_chunk,
)
from bourre_lessons.sim.fast.legal import legal, sure_trump_tricks, top_group
from bourre_lessons.sim.fast.policy import RANDOM
from bourre_lessons.sim.fast.rng import below, new_state, next_u64

SUITS = list(Suit)


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
    """Assert fast == readable on every position; return how often each concept decided."""
    decided: Counter = Counter()
    for s in positions:
        cards, concept = fast_legal(s, rules)
        expected = legal_plays(s, rules)
        assert cards == expected, f"{rules}\n{s}: fast {sorted(cards)} vs engine {sorted(expected)}"
        verdict = explain(s, min(expected), rules)
        assert verdict.rule_id == rule_id(concept, rules), f"{s}: {concept} vs {verdict.rule_id}"
        decided[concept] += 1
    return decided


@functools.cache
def _positions(seed: int, count: int) -> tuple[Situation, ...]:
    rng = random.Random(seed)
    return tuple(random_position(rng) for _ in range(count))


PLAY_SWITCHES = play_switches(_positions(3, 400))
"""The fields of `Rules` that change which cards may be played, found by flipping each."""


def _name(rules: Rules) -> str:
    """The switches on which `rules` differ from pagat's preset, for a test id."""
    base = Rules()
    changed = [
        f.name for f in dataclasses.fields(Rules) if getattr(rules, f.name) != getattr(base, f.name)
    ]
    return ",".join(f"{name}={getattr(rules, name)}" for name in changed) or "pagat"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_legal_sets_match_the_engine_quick(preset: str) -> None:
    """Fast and readable legality agree on 3,000 positions; no rule decides rarely."""
    decided = _agreement(PRESETS[preset], list(_positions(11, 3000)))
    rare = {concept: count for concept, count in decided.items() if count < 15}
    assert rare == {}, f"{preset}: the generator seldom reaches {rare}"


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_legal_sets_match_the_engine_100k(preset: str) -> None:
    """The full agreement check: 100,000 random positions per preset (about 30 s each)."""
    decided = _agreement(PRESETS[preset], list(_positions(2024, 100_000)))
    assert sum(decided.values()) == 100_000
    rare = {concept: count for concept, count in decided.items() if count < 1000}
    assert rare == {}, f"{preset}: the generator seldom reaches {rare}"


@pytest.mark.parametrize("rules", flips(), ids=_name)
def test_legal_sets_match_with_each_switch_flipped_alone(rules: Rules) -> None:
    """Every field of `Rules`, changed alone from pagat's preset (play switch or not): the
    fast core's legal sets and deciding rule are still the readable engine's."""
    _agreement(rules, list(_positions(17, 300)))


def test_legal_sets_match_under_every_combination_of_play_switches() -> None:
    """Every combination of the play switches' values, 500 positions each; together they
    reach every concept the fast core can report."""
    assert PLAY_SWITCHES, "no field of Rules changes the legal cards: the search is broken"
    reached: Counter = Counter()
    for rules in combinations(PLAY_SWITCHES):
        reached += _agreement(rules, list(_positions(11, 500)))
    assert set(reached) == set(CONCEPTS)


def test_the_play_switches_are_the_fields_that_change_the_legal_cards() -> None:
    """The search finds a switch by its effect: a field the play rules never read is not
    one, and each one found changes the legal cards of some position."""
    assert "source" not in PLAY_SWITCHES and "pot_limit" not in PLAY_SWITCHES
    base = Rules()
    for name in PLAY_SWITCHES:
        assert any(
            legal_plays(s, r) != legal_plays(s, base)
            for r in flips(base, [name])
            for s in _positions(3, 400)
        )


# --- whole hands: played by the fast core, replayed in the readable Game ------------------------

REPLAY_PLAYERS = 4
REPLAY_HANDS = 40


def _card_played(rows: np.ndarray, i: int) -> Card:
    """The card played at logged decision `i` of a hand: read from the decision after it."""
    here = logged_position(rows[i])
    if here.hand & (here.hand - 1) == 0:  # the last card in hand
        return card_of(here.hand.bit_length() - 1)
    after = logged_position(rows[i + 1])
    if after.trick_n == here.trick_n + 1:  # the same trick: its newest card
        return card_of(logged_trick(rows[i + 1])[-1])
    (card,) = cards_of(after.seen & ~here.seen & ~here.trick_mask)  # the trick just closed
    return card


def _replay(rules: Rules, dealer: int, declared: np.ndarray, turned: int, rows: np.ndarray) -> dict:
    """Replay one fast hand in a `Game` dealt the same cards, every word and card as the fast
    core chose them; check at each card that the Game's decision is the logged one (same
    player, hand, trick, tricks won, voids known) with the same legal cards. Returns the
    tricks each fast seat took in the Game."""
    n = len(declared)
    seat_of = {SEAT_LETTERS[(s - dealer) % n]: s for s in range(n)}  # the dealer is A
    speaking = [(dealer + 1 + i) % n for i in range(n)]
    active = [s for s in speaking if declared[s]]
    deal: dict[str, object] = {"turned": DECK[turned].code}
    for k, s in enumerate(active):  # the first trick is led from the dealer's left
        hand = sorted(cards_of(logged_position(rows[k]).hand), key=lambda c: card_bit(c) == turned)
        deal[SEAT_LETTERS[(s - dealer) % n]] = " ".join(c.code for c in hand)
    if speaking[-1] in active:
        del deal["turned"]  # the dealer's own fifth card
    game = Game(rules, n, seed=1, deal=deal)
    vector = encode_rules(rules, n)
    done = 0
    while game.phase != "settled":
        seat = game.to_act
        if game.phase == "declare":
            game.apply("play" if declared[seat_of[seat]] else "pass")
        elif game.phase == "draw":
            game.apply("keep")
        else:
            situation = game.situation(seat)
            logged = logged_position(rows[done])
            assert position_of(situation) == logged, f"decision {done}: {situation}"
            mask, _code = legal(logged, vector)
            assert frozenset(cards_of(int(mask))) == legal_plays(situation, rules)
            game.apply(_card_played(rows, done).code)  # refused if the engine forbids it
            done += 1
    assert done == len(rows)
    tricks = game.hand_record.settlement.tricks
    return {seat_of[p]: count for p, count in tricks.items()}


@pytest.mark.parametrize("rules", combinations(PLAY_SWITCHES), ids=_name)
def test_fast_hands_replay_move_for_move_in_the_readable_game(rules: Rules) -> None:
    """Under every combination of the play switches, 40 fast-core hands (random bots, no
    draw, so the hands as dealt are the hands played) are replayed in the readable Game:
    each decision is the same (who plays, trick, voids shown, tricks won), each card the fast
    core played is legal there, and every player takes the same tricks."""
    rules = dataclasses.replace(rules, max_discards=0)
    n = REPLAY_PLAYERS
    outcomes = new_outcomes(REPLAY_HANDS, n)
    log = new_log(REPLAY_HANDS * 5 * n)
    seats = Seats(np.full(n, RANDOM, dtype=np.int64), np.zeros(n))
    seed = np.uint64(zlib.crc32(_name(rules).encode()))
    assert play_chunk(n, 0, encode_rules(rules, n), seats, seed, outcomes, log) == 0
    rows = log.rows[: int(log.count[0])]
    at = replayed = 0
    for h in range(REPLAY_HANDS):
        players_in = int((outcomes.declared[h] != 0).sum())
        if players_in < 2:
            continue  # the pot taken without play: no card decision to replay
        mine = rows[at : at + 5 * players_in]
        at += 5 * players_in
        tricks = _replay(rules, h % n, outcomes.declared[h], int(outcomes.turned[h]), mine)
        assert tricks == {s: int(outcomes.tricks[h, s]) for s in tricks}, f"hand {h}"
        replayed += 1
    assert at == len(rows) and replayed >= REPLAY_HANDS // 2


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


def test_logged_decisions_read_back_as_the_positions_played() -> None:
    """Every logged decision of 300 fast hands at eight players (the longest tricks) reads back,
    through the named log columns (in Python and in compiled code), as a position whose fast
    legal set is the engine's."""
    players, hands = 8, 300
    rules = PRESETS["glimne"]
    outcomes = new_outcomes(hands, players)
    log = new_log(hands * 40)
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
