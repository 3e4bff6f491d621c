"""What each choice of one decision point is worth: deals of the hidden cards, played out to the end.

`choice_chips(point, choices, deals, seed)` deals the cards the seat could not see, as
`sim.fast.worlds` does (agreeing with every word heard and every draw seen, and with the
tricks played so far), plays each deal out once for every choice with the course's
heuristic bots in every seat (the seat's own later decisions too), and returns the chips
each choice brought the seat in each deal, from this decision to the end of the hand. Every
choice meets the same deals and the same draws (common random numbers), so the differences
between choices are measured far more sharply than each choice's own value.

The chips are counted as the advisor counts them (`hand_chips.chips_of`, settled by the engine's `settle`): the pot taken,
a bourré paid, a second ante still to pay; chips already in the pot count for no choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..actions import read_action
from ..rules import Rules
from .decision_points import DecisionPoint, trick_holder, voids_shown
from .fast import encode_rules
from .fast.bits import card_bit, mask_of, suit_number
from .fast.hand import (
    DECLARE_PHASE,
    DRAW_PHASE,
    PLAY_PHASE,
    Seats,
    Start,
    TrickInPlay,
    new_outcomes,
)
from .fast.policy import HEURISTIC
from .fast.worlds import Seen, draw_for_others, fit_play, play_worlds, sample_deals
from .hand_chips import chips_of

__all__ = ["Sampled", "choice_chips", "fitted_deals", "seen_of", "start_of"]
PHASES = {"declare": DECLARE_PHASE, "draw": DRAW_PHASE, "card": PLAY_PHASE}


@dataclass(frozen=True)
class Sampled:
    """The chips of each choice, deal by deal: `chips[k, j]` for deal k and choice j.

    dealt -- whole deals dealt, kept or not; built -- deals built seat by seat, where no
    whole deal agreed with the words and draws seen in FIRST_TRIES tries (`fast.worlds`);
    used -- deals played out (at a card decision, those that could be fitted to the tricks
    played so far).
    """

    chips: np.ndarray
    dealt: int
    built: int

    @property
    def used(self) -> int:
        """How many deals each choice was played on."""
        return int(self.chips.shape[0])


def choice_chips(
    point: DecisionPoint, choices: Sequence[str], deals: int, seed: int = 0
) -> Sampled:
    """The chips each of `choices` (actions the seat could take at `point`) brings the seat
    in each of up to `deals` deals of the hidden cards (see the module's docstring)."""
    if not choices:
        raise ValueError("choice_chips needs at least one choice to play out")
    n = len(point.seats)
    rules = encode_rules(point.rules, n)
    bots = Seats(np.full(n, HEURISTIC, dtype=np.int64), np.zeros(n))
    seen = seen_of(point)
    seeds = np.random.SeedSequence([seed, point.number, len(point.seen), len(point.trick)])
    draw_seed, play_seed = seeds.generate_state(2, dtype=np.uint64)
    hands, pools, dealt, built = _deals(point.rules, _seen_key(seen), deals, seed, point.number)
    if point.kind == "card":
        hands, pools = fitted_deals(point, seen, rules, draw_seed, hands, pools)
    values, takes = _codes(point, choices)
    start, won, no_trump, trick = start_of(point, seen)
    rows = len(hands) * len(values)
    outcomes = new_outcomes(rows, n)
    error = play_worlds(
        n, rules, bots, play_seed, hands, pools, seen.said.copy(), seen.thrown.copy(), start,
        values, takes,
        won, no_trump, trick, outcomes,
    )  # fmt: skip
    if error:
        raise RuntimeError("a simulated draw ran out of cards; the engine refuses it too")
    due = seen.said < 0
    due[seen.me] = point.kind == "declare"
    chips = chips_of(outcomes.declared, outcomes.tricks, seen.me, point.pot, due, point.rules)
    return Sampled(chips["chips"].reshape(len(hands), len(values)), dealt, built)


def _seen_key(seen: Seen) -> tuple:
    """What the seat knew, as a key: the same key, the same deals."""
    said, thrown, took = (tuple(int(v) for v in a) for a in (seen.said, seen.thrown, seen.took))
    return (seen.me, seen.hand, seen.trump_card, seen.apart, seen.known_out, said, thrown, took)


@lru_cache(maxsize=16)
def _deals(
    rules: Rules, key: tuple, deals: int, seed: int, number: int
) -> tuple[np.ndarray, np.ndarray, int, int]:
    """(hands as dealt, stocks, deals dealt whole, deals built seat by seat) agreeing with
    what was seen. Kept for the next decision that knew as much (every card decision of a
    hand after the draw), so a hand's card decisions share their deals; read-only."""
    me, hand, trump_card, apart, known_out, said, thrown, took = key
    n = len(said)
    seen = Seen(
        me, hand, trump_card, apart, known_out,
        np.array(said, dtype=np.int64), np.array(thrown, dtype=np.int64), np.array(took, dtype=np.int64),
    )  # fmt: skip
    bots = Seats(np.full(n, HEURISTIC, dtype=np.int64), np.zeros(n))
    sample_seed = np.random.SeedSequence([seed, number]).generate_state(1, dtype=np.uint64)[0]
    hands = np.zeros((deals, n), dtype=np.int64)
    pools = np.zeros(deals, dtype=np.int64)
    dealt, built = sample_deals(n, encode_rules(rules, n), bots, sample_seed, seen, hands, pools)
    hands.flags.writeable = pools.flags.writeable = False
    return hands, pools, dealt, built


def _index(point: DecisionPoint) -> dict[str, int]:
    """Each seat's number in the fast core: its place in the speaking order."""
    return {p: i for i, p in enumerate(point.seats)}


def seen_of(point: DecisionPoint) -> Seen:
    """What the seat knew, as the compiled sampler reads it."""
    n, at = len(point.seats), _index(point)
    said = np.full(n, -1, dtype=np.int64)
    for seat, word in point.said:
        said[at[seat]] = int(word)
    thrown = np.full(n, -1, dtype=np.int64)
    took = np.zeros(n, dtype=np.int64)
    for seat, count, taken in point.thrown:
        thrown[at[seat]], took[at[seat]] = count, int(taken)
    return Seen(
        me=at[point.seat],
        hand=mask_of(point.dealt),
        trump_card=card_bit(point.trump_card),
        apart=point.rules.separate_trump_card != "off",
        known_out=mask_of(point.drawn),
        said=said,
        thrown=thrown,
        took=took,
    )


def fitted_deals(
    point: DecisionPoint,
    seen: Seen,
    rules: np.ndarray,
    seed: np.uint64,
    hands: np.ndarray,
    pools: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """The deals after everyone's draw, fitted to the tricks played so far (the deals that
    cannot be fitted are dropped); no stock is needed any more."""
    n, at = len(point.seats), _index(point)
    hands = hands.copy()  # the draw changes the hands; the deals as dealt are shared
    spare = draw_for_others(len(point.seats), rules, seed, seen, hands, pools)
    played = np.zeros(len(point.seats), dtype=np.int64)
    voids = np.zeros_like(played)
    need = np.zeros_like(played)
    pins = np.zeros_like(played)
    shown = voids_shown(point)
    for seat in point.playing:
        i = at[seat]
        mine = point.played_by(seat)
        played[i] = mask_of(mine)
        voids[i] = sum(1 << suit_number(s) for s in shown[seat])
        need[i] = 5 - len(mine)
    dealer = at[point.dealer]
    turned = point.trump_card
    kept_turned = not seen.apart or bool(seen.took[dealer])
    holds = turned not in point.played_by(point.dealer) and point.trump not in shown[point.dealer]
    if point.dealer != point.seat and point.dealer in point.playing and kept_turned and holds:
        pins[dealer] = 1 << card_bit(turned)  # the table saw the dealer keep the turned card
    fitted = np.zeros((len(hands), n), dtype=np.int64)
    ok = fit_play(
        seed, seen.me, mask_of(point.hand), hands, spare, played, voids, need, pins, fitted
    )
    return fitted[ok], np.zeros(int(ok.sum()), dtype=np.int64)


def _codes(point: DecisionPoint, choices: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Each choice as the compiled play-out takes it: 1/0 for play/pass, the mask of the
    cards thrown (and whether the turned card is taken), or the card's bit."""
    values = np.zeros(len(choices), dtype=np.int64)
    takes = np.zeros(len(choices), dtype=np.bool_)
    for j, text in enumerate(choices):
        action = read_action(text, point.seats)
        if point.kind == "declare" and action.kind in ("play", "pass"):
            values[j] = int(action.kind == "play")
        elif point.kind == "draw" and action.kind in ("keep", "discard"):
            values[j], takes[j] = mask_of(action.cards), bool(action.take)
        elif point.kind == "card" and action.kind == "card":
            values[j] = card_bit(action.card)
        else:
            raise ValueError(f"{text!r} is not a choice of a {point.kind} decision")
    return values, takes


def start_of(point: DecisionPoint, seen: Seen) -> tuple[Start, np.ndarray, np.ndarray, np.ndarray]:
    """(where the play-outs begin, tricks won by seat, seats known to hold no trump, the
    trick's cards in play order)."""
    n, at = len(point.seats), _index(point)
    won = np.zeros(n, dtype=np.int64)
    for seat, count in point.won:
        won[at[seat]] = count
    no_trump = np.zeros(n, dtype=np.int64)
    for seat, suits in voids_shown(point).items():
        no_trump[at[seat]] = int(point.trump in suits and seat in point.playing)
    trick = np.full(8, -1, dtype=np.int64)
    plays = point.trick
    for i, (_, card) in enumerate(plays):
        trick[i] = card_bit(card)
    active = [at[p] for p in point.playing]
    holder, _ = trick_holder(plays, point.trump)
    leader = winner = 0  # before the play of the cards the play-outs find the leader
    if point.kind == "card":
        leader = active.index(at[plays[0][0] if plays else point.seat])
        winner = active.index(at[holder]) if holder is not None else leader
    s = point.situation  # the trick as the play rules see it (card decisions only)
    led, best = (s.led, s.best) if s is not None else (None, None)
    start = Start(
        phase=PHASES[point.kind],
        seat=seen.me,
        forced=-1,
        take=False,
        trump_card=seen.trump_card,
        separate=seen.trump_card if seen.apart else -1,
        size=0,
        trick=TrickInPlay(
            tricks_done=len(point.tricks),
            leader=leader,
            winner=winner,
            trick_n=len(plays),
            trick_mask=mask_of(c for _, c in plays),
            led=-1 if led is None else suit_number(led),
            best=-1 if best is None else card_bit(best),
            trumped=s is not None and s.trumped,
            seen=mask_of(point.seen),
        ),
    )
    return start, won, no_trump, trick
