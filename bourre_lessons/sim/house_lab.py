"""Two rulebooks measured on the same deals: the comparison behind `bourre-lessons compare`.

`compare(house, against)` plays both rulebooks in the compiled core with the same bots, hand
i of both runs dealt from the same seed (`fast.paired`), and measures each figure under both
and their difference with a 95% interval. Because the deals are shared, most of the luck of
the cards cancels in the difference; a rulebook compared with itself gives a difference of
exactly 0 on every measure.

The results, the measures' names and labels and the checking of the arguments live in
`house_measures`, shared with the plain-Python twin the browser runs (`plain_house`).

The run is cut into sessions of `SESSION_HANDS` hands; each session starts from an empty pot
(seat h mod players deals hand h) and carries the pot from hand to hand as a table does.

Intervals (95%, normal): a hand's cards and play depend on its own seed only, so for a share
(of hands, or of players or card decisions) the interval is the mean of the per-hand paired
differences ± 1.96 standard deviations / √hands -- for a share of players or decisions, a
ratio, the same formula applied to each hand's linearised contribution (the delta method).
Chips depend on the pot carried from earlier hands of the session, so for a mean of chips
the unit is the session: the same formula over sessions, which are independent. The pot
after a session is one value a whole session, its interval that of the per-session
differences.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from ..cards import Card
from ..house import HouseRules
from ..rules import Rules
from .bot_names import resolve_bots
from .chunks import fast_seats, new_money
from .fast import encode_rules
from .fast.bits import card_of, cards_of
from .fast.hand import MoneyByHand, Outcomes, new_log, new_outcomes, settle_hands
from .fast.paired import PLAY_ENTRIES, dealt_and_stock, play_paired_chunk, touched_decisions
from .fast.policy import HEURISTIC
from .house_measures import (
    MEASURE_LABELS,
    SESSION_HANDS,
    UNEXERCISED,
    Comparison,
    Measure,
    PairedHand,
    Progress,
    RulebookComparison,
    comparison_frame,
    measure_names,
    paired_measure,
    table_players,
    whole_number,
)

__all__ = [
    "MEASURE_LABELS",
    "SESSION_HANDS",
    "UNEXERCISED",
    "Comparison",
    "Measure",
    "PairedHand",
    "RulebookComparison",
    "compare",
    "paired_deal",
    "paired_hand",
]

# --- the comparison --------------------------------------------------------------------------


def compare(
    house: Rules | HouseRules | str,
    against: Rules | HouseRules | str | None = None,
    *,
    hands: int = 20_000,
    players: int = 5,
    seed: int = 0,
    bots: str | Sequence[str] = "heuristic",
    chunk_hands: int = 2_000,
    on_progress: Progress | None = None,
) -> Comparison:
    """Play `house` and `against` (a preset name, a house file or TOML text, `Rules` or
    `HouseRules`; default: the house's base preset) on the same `hands` deals and measure
    both. `on_progress` gets the partial `Comparison` after each chunk of `chunk_hands`
    hands; if it returns False the run stops, and the result (stopped=True) keeps what was
    measured."""
    frame, house_rules, against_rules, hands, chunk_hands = comparison_frame(
        house,
        against,
        hands=hands,
        players=players,
        seed=seed,
        bots=bots,
        chunk_hands=chunk_hands,
        on_progress=on_progress,
    )
    run = _PairedRun(house_rules, against_rules, frame.players, frame.seed, bots)
    for first in range(0, hands, chunk_hands):
        run.play(first, min(chunk_hands, hands - first))
        more = first + chunk_hands < hands
        if on_progress is not None and more and on_progress(run.comparison(frame)) is False:
            return run.comparison(frame, stopped=True)
    result = run.comparison(frame)
    if on_progress is not None:
        on_progress(result)
    return result


def paired_deal(
    rules: Rules, players: int, seed: int, hand: int
) -> tuple[tuple[frozenset[Card], ...], Card, int]:
    """(each seat's five cards as dealt, the turned card, the dealer's seat) of hand number
    `hand` of a comparison with this `seed`: the deal both rulebooks played."""
    dealt = paired_hand(rules, players, seed, hand)
    return dealt.hands, dealt.turned, dealt.dealer


def paired_hand(
    rules: Rules,
    players: int,
    seed: int,
    hand: int,
    bots: str | Sequence[str] = "heuristic",
) -> PairedHand:
    """Hand number `hand` of a comparison with this `seed`, dealt as both rulebooks played it,
    with its stock in the order the run's draws took it (known for the heuristic bots only:
    other `bots` are refused with the reason)."""
    table_players(players, ((rules.source, rules),))
    hand = whole_number("hand", hand, 0)
    seed = whole_number("seed", seed, 0)
    if any(kind != HEURISTIC for kind in fast_seats(resolve_bots(bots, players)).kinds):
        raise ValueError(
            "the stock's draw order is known for the heuristic bots only: a random bot's "
            "choices share the hand's random numbers and move the draw; paired_deal gives "
            f"the deal for any bots (got bots={bots!r})"
        )
    vector = encode_rules(rules, players)
    masks, turned, stock = dealt_and_stock(players, hand, vector, _run_seed(seed))
    return PairedHand(
        hands=tuple(frozenset(cards_of(m)) for m in masks),
        turned=card_of(turned),
        dealer=hand % players,
        stock=tuple(card_of(c) for c in stock),
    )


def _run_seed(seed: int) -> np.uint64:
    """The paired run's seed, from the comparison's."""
    return np.random.SeedSequence(seed).generate_state(1, dtype=np.uint64)[0]


# --- the run ---------------------------------------------------------------------------------


class _Side:
    """One rulebook's half of a paired run: its rule vector and per-unit figures."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.vector = encode_rules(rules, players)


class _PairedRun:
    """Both rulebooks played chunk by chunk on the same deals, each measure kept as per-unit
    (numerator, denominator) pairs for both sides."""

    def __init__(
        self, house: Rules, against: Rules, players: int, seed: int, bots: str | Sequence[str]
    ) -> None:
        self.players = players
        self.seed = _run_seed(seed)
        self.seats = fast_seats(resolve_bots(bots, players))
        self.sides = (_Side(house, players), _Side(against, players))
        self.log_play = any(
            self.sides[0].vector[i] != self.sides[1].vector[i] for i in PLAY_ENTRIES
        )
        self.hands = 0
        self.units: dict[str, list[np.ndarray]] = {name: [] for name in self.names()}
        self.mattered: list[int] = []

    def names(self) -> tuple[str, ...]:
        return measure_names(self.players)

    def play(self, first: int, count: int) -> None:
        """Play hands first .. first + count - 1 under both rulebooks and keep their units."""
        played = [self._play_side(side, first, count) for side in self.sides]
        per_side = [self._figures(first, count, o, m, t) for o, m, t in played]
        for name in self.names():
            house, against = per_side[0][name], per_side[1][name]
            self.units[name].append(np.stack([house[0], house[1], against[0], against[1]]))
        self._note_mattered(first, played[0], played[1])
        self.hands += count

    def _play_side(
        self, side: _Side, first: int, count: int
    ) -> tuple[Outcomes, MoneyByHand, tuple[np.ndarray, np.ndarray]]:
        n = self.players
        outcomes = new_outcomes(count, n)
        log = new_log(count * 5 * n if self.log_play else 0)
        ends = np.zeros(count, dtype=np.int64)
        error = play_paired_chunk(n, first, side.vector, self.seats, self.seed, outcomes, log, ends)
        if error:
            raise RuntimeError(f"the fast core stopped with error {error} in hands {first}+")
        money = new_money(count, n)
        for start in range(0, count, SESSION_HANDS):
            part = slice(start, min(start + SESSION_HANDS, count))
            settle_hands(
                n,
                side.vector,
                Outcomes(*(a[part] for a in outcomes)),
                (first + start) % n,
                0,
                np.zeros(n, dtype=np.bool_),
                np.zeros(n, dtype=np.int64),
                MoneyByHand(*(a[part] for a in money)),
            )
        other = self.sides[1] if side is self.sides[0] else self.sides[0]
        touched = touched_decisions(log, ends, side.vector, other.vector)
        return outcomes, money, touched

    def _figures(
        self,
        first: int,
        count: int,
        outcomes: Outcomes,
        money: MoneyByHand,
        touched: tuple[np.ndarray, np.ndarray],
    ) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """Each measure's (numerators, denominators), one a unit (hand or session)."""
        n = self.players
        ones = np.ones(count)
        in_hand = money.played.sum(axis=1)
        figures = {
            "bourre_rate": (money.bourred.sum(axis=1).astype(float), in_hand.astype(float)),
            "split_rate": (money.split.astype(float), ones),
            "played_out_rate": ((in_hand >= 2).astype(float), ones),
            "won_without_play_rate": ((in_hand == 1).astype(float), ones),
            "decisions_touched": (touched[0].astype(float), touched[1].astype(float)),
        }
        net = -money.antes.astype(np.int64) - money.payments
        won = np.flatnonzero(money.winner >= 0)
        net[won, money.winner[won]] += money.taken[won]
        seat_of = (money.dealer[:, None].astype(np.int64) + np.arange(n)) % n
        by_position = net[np.arange(count)[:, None], seat_of]
        starts = np.arange(0, count, SESSION_HANDS)
        sizes = np.diff(np.append(starts, count)).astype(float)
        figures["mean_pot"] = (np.add.reduceat(money.pot_played.astype(float), starts), sizes)
        figures["dealer_result"] = (np.add.reduceat(by_position[:, 0].astype(float), starts), sizes)
        for k in range(1, n):
            column = by_position[:, k].astype(float)
            figures[f"seat_{k}_result"] = (np.add.reduceat(column, starts), sizes)
        full = starts[sizes == SESSION_HANDS]
        last = money.pot_after[full + SESSION_HANDS - 1].astype(float)
        figures["pot_after_session"] = (last, np.ones(len(full)))
        return figures

    def _note_mattered(self, first: int, house: tuple, against: tuple) -> None:
        """Keep the first hands in which the two rulebooks played or paid differently."""
        if len(self.mattered) >= 12:
            return
        (o1, m1, _), (o2, m2, _) = house, against
        differs = (o1.declared != o2.declared).any(axis=1) | (o1.tricks != o2.tricks).any(axis=1)
        differs |= (m1.payments != m2.payments).any(axis=1) | (m1.antes != m2.antes).any(axis=1)
        found = np.flatnonzero(differs)[: 12 - len(self.mattered)]
        self.mattered += [first + int(h) for h in found]

    def comparison(self, frame: Comparison, stopped: bool = False) -> Comparison:
        """The measures so far, in `frame`'s comparison."""
        measures = []
        for name in self.names():
            units = np.concatenate(self.units[name], axis=1)
            measures.append(_measure(name, units))
        return replace(
            frame,
            hands=self.hands,
            measures=tuple(measures),
            stopped=stopped,
            mattered=tuple(self.mattered),
        )


def _measure(name: str, units: np.ndarray) -> Measure:
    """A measure from its units (rows: house numerators, denominators, against's): each side
    a ratio of sums, the difference's interval by the delta method over the units."""
    num_h, den_h, num_a, den_a = units
    house, u_h = _ratio(num_h, den_h)
    against, u_a = _ratio(num_a, den_a)
    u = u_h - u_a
    spread = float(u.std(ddof=1)) if len(u) > 1 else 0.0
    return paired_measure(name, house, against, spread, len(u))


def _ratio(num: np.ndarray, den: np.ndarray) -> tuple[float, np.ndarray]:
    """(sum(num) / sum(den), each unit's linearised contribution); 0 when nothing counted."""
    total = float(den.sum())
    if total == 0:
        return 0.0, np.zeros_like(num)
    ratio = float(num.sum()) / total
    return ratio, (num - ratio * den) / (total / len(den))
