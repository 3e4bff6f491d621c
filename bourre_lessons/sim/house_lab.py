"""Two rulebooks measured on the same deals: the comparison behind `bourre-lessons compare`.

`compare(house, against)` plays both rulebooks in the compiled core with the same bots, hand
i of both runs dealt from the same seed (`fast.paired`), and measures each figure under both
and their difference with a 95% interval. Because the deals are shared, most of the luck of
the cards cancels in the difference; a rulebook compared with itself gives a difference of
exactly 0 on every measure.

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

import html
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

import numpy as np

from ..cards import Card
from ..house import HouseRules, HouseRulesError, load_house
from ..rules import MAX_PLAYERS, PRESETS, SOURCES, Rules
from .bot_names import resolve_bots
from .chunks import fast_seats, new_money
from .estimates import Z95
from .fast import encode_rules
from .fast.bits import card_of, cards_of
from .fast.hand import MoneyByHand, Outcomes, new_log, new_outcomes, settle_hands
from .fast.paired import PLAY_ENTRIES, dealt_and_stock, play_paired_chunk, touched_decisions
from .fast.policy import HEURISTIC

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

SESSION_HANDS = 100
"""Hands in a session: each starts from an empty pot (the unit of the chips' intervals)."""

UNEXERCISED: dict[str, str] = {
    "renege": "the bots never misplay, so no hand has a renege to settle",
    "out_of_turn_penalty": "the bots always declare in turn, so nobody is sat out",
    "double_ante_round": "the bots always pay the double ante's second chip, so the hands and "
    "chips are the same in either round",
    "min_players": "it only limits the table size, which this comparison sets",
    "max_players": "it only limits the table size, which this comparison sets",
}
"""Switches no simulated hand can exercise, with the reason: a comparison that changes them
says so in its notes instead of reporting a difference the bots cannot make."""

MEASURE_LABELS: dict[str, tuple[str, str]] = {
    "bourre_rate": ("bourré rate (players who played and took no trick)", "rate"),
    "mean_pot": ("mean pot at the end of play", "chips"),
    "pot_after_session": (f"pot left on the table after a {SESSION_HANDS}-hand session", "chips"),
    "split_rate": ("hands whose pot is split (a tie for most tricks)", "rate"),
    "played_out_rate": ("hands played out (two or more players in)", "rate"),
    "won_without_play_rate": ("hands won without play (one player in)", "rate"),
    "dealer_result": ("the dealer's chips a hand", "chips"),
    "decisions_touched": (
        "card decisions at which the other rulebook allows different cards",
        "rate",
    ),
}
"""name -> (what a learner reads, unit); the seats' results are added per table size."""


def _seat_label(k: int) -> str:
    """The label of seat_k_result: k places to the dealer's left."""
    speaks = " (speaks first)" if k == 1 else ""
    return f"chips a hand, {_ordinal(k)} seat left of the dealer{speaks}"


def _ordinal(k: int) -> str:
    return f"{k}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(k, 'th') }"


@dataclass(frozen=True)
class Measure:
    """One figure under both rulebooks, their difference and its 95% interval; rates are
    fractions (0.087 for 8.7%), chips are chips."""

    name: str
    label: str
    house: float
    against: float
    difference: float
    ci95: tuple[float, float]
    unit: str

    def cells(self) -> tuple[str, str, str]:
        """(house, against, difference with its interval) as the table prints them."""
        if self.unit == "rate":
            low, high = self.ci95
            return (
                f"{100 * self.house:.2f}%",
                f"{100 * self.against:.2f}%",
                f"{100 * self.difference:+.2f} pts ({100 * low:+.2f} to {100 * high:+.2f})",
            )
        low, high = self.ci95
        return (
            f"{self.house:.2f}",
            f"{self.against:.2f}",
            f"{self.difference:+.2f} ({low:+.2f} to {high:+.2f})",
        )


@dataclass(frozen=True)
class RulebookComparison:
    """Two rulebooks played on the same deals: every `Measure`, and how they were measured.
    Also called `Comparison` (play_or_pass has a class of that name, and the package keeps
    class names unique)."""

    hands: int
    players: int
    seed: int
    house_name: str
    against_name: str
    measures: tuple[Measure, ...]
    stopped: bool = False
    bots: str = "heuristic"
    notes: tuple[str, ...] = ()
    mattered: tuple[int, ...] = ()
    house_rules: Rules | None = None
    against_rules: Rules | None = None

    def measure(self, name: str) -> Measure:
        """The measure called `name` (KeyError listing the names otherwise)."""
        for m in self.measures:
            if m.name == name:
                return m
        raise KeyError(f"no measure {name!r}; the measures are {', '.join(self.names())}")

    def names(self) -> tuple[str, ...]:
        """The measures' names, in the table's order."""
        return tuple(m.name for m in self.measures)

    def heading(self) -> str:
        """What was compared, on how many hands."""
        state = " (stopped early)" if self.stopped else ""
        return (
            f"{self.house_name} against {self.against_name}: {self.hands:,} hands each{state}, "
            f"the same deals for both; {self.players} players, {self.bots} bots, seed {self.seed}"
        )

    def to_text(self) -> str:
        """The table the `compare` command prints."""
        rows = [("", "house", "against", "difference (95% interval)")]
        rows += [(m.label, *m.cells()) for m in self.measures]
        widths = [max(len(r[i]) for r in rows) for i in range(3)]
        lines = [self.heading(), ""]
        for r in rows:
            lines.append(
                f"{r[0]:<{widths[0]}}  {r[1]:>{widths[1]}}  {r[2]:>{widths[2]}}  {r[3]}".rstrip()
            )
        lines += ["", "Rates in %, differences in percentage points (pts); chips per hand."]
        lines += [f"Note: {note}" for note in self.notes]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{h}</th>" for h in ("", "house", "against", "difference (95% CI)"))
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in (m.label, *m.cells())) + "</tr>"
            for m in self.measures
        )
        notes = "".join(f"<p>Note: {html.escape(n)}</p>" for n in self.notes)
        return (
            f"<div class='bourre-comparison'><p>{html.escape(self.heading())}</p>"
            f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
            "<p>Rates in %, differences in percentage points (pts); chips per hand.</p>"
            f"{notes}</div>"
        )

    def to_json_dict(self) -> dict[str, Any]:
        """{"hands", "players", "measures": {name: {"house", "against", "difference",
        "ci95": [low, high]}}}, rates as fractions."""
        return {
            "hands": self.hands,
            "players": self.players,
            "measures": {
                m.name: {
                    "house": m.house,
                    "against": m.against,
                    "difference": m.difference,
                    "ci95": [m.ci95[0], m.ci95[1]],
                }
                for m in self.measures
            },
        }


Comparison = RulebookComparison
"""The name the issue and the workbench use for a `RulebookComparison`."""

# --- the comparison --------------------------------------------------------------------------

Progress = Callable[[Comparison], "bool | None"]


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
    house_rules, house_name, base = _rulebook(house, "house")
    if against is None:
        against = base
    against_rules, against_name, _ = _rulebook(against, "against")
    hands = _whole("hands", hands, 2 * SESSION_HANDS)
    seed = _whole("seed", seed, 0)
    chunk_hands = _whole("chunk_hands", chunk_hands, 2 * SESSION_HANDS)
    if chunk_hands % SESSION_HANDS:
        raise ValueError(f"chunk_hands must be a multiple of {SESSION_HANDS}, got {chunk_hands}")
    players = _players(players, ((house_name, house_rules), (against_name, against_rules)))
    if on_progress is not None and not callable(on_progress):
        raise TypeError(
            f"on_progress must be a function of the partial Comparison, got {on_progress!r}"
        )
    run = _PairedRun(house_rules, against_rules, players, seed, bots)
    frame = Comparison(
        hands=0,
        players=players,
        seed=seed,
        house_name=house_name,
        against_name=against_name,
        measures=(),
        bots=bots if isinstance(bots, str) else ", ".join(map(str, bots)),
        notes=_notes(house_rules, against_rules, players),
        house_rules=house_rules,
        against_rules=against_rules,
    )
    for first in range(0, hands, chunk_hands):
        run.play(first, min(chunk_hands, hands - first))
        more = first + chunk_hands < hands
        if on_progress is not None and more and on_progress(run.comparison(frame)) is False:
            return run.comparison(frame, stopped=True)
    result = run.comparison(frame)
    if on_progress is not None:
        on_progress(result)
    return result


def _rulebook(spec: object, role: str) -> tuple[Rules, str, str]:
    """(the rules, their name, the base preset's name) of a rulebook given any way."""
    if isinstance(spec, HouseRules):
        return spec.rules, spec.name, spec.base
    if isinstance(spec, Rules):
        return spec, _rules_name(spec), spec.source
    if isinstance(spec, str) and spec.strip().lower() in PRESETS:
        name = spec.strip().lower()
        return PRESETS[name], name, name
    if isinstance(spec, str):
        house = load_house(spec)
        return house.rules, house.name, house.base
    raise HouseRulesError(
        f"{role} must be a preset ({', '.join(SOURCES)}), a house rulebook file, Rules or "
        f"HouseRules; got {spec!r}"
    )


def _rules_name(rules: Rules) -> str:
    """A preset's name, or 'pagat, 2 switches changed'."""
    base = PRESETS.get(rules.source, Rules())
    changed = base.differences(rules)
    if not changed:
        return rules.source
    return f"{rules.source}, {len(changed)} switch{'es' if len(changed) > 1 else ''} changed"


def _whole(name: str, value: object, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < low:
        raise ValueError(f"{name} must be a whole number of at least {low}, got {value!r}")
    return int(value)


def _players(players: object, books: tuple[tuple[str, Rules], ...]) -> int:
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)):
        raise ValueError(f"players must be a whole number from 2 to {MAX_PLAYERS}, got {players!r}")
    for name, rules in books:
        low, high = max(2, rules.min_players), min(MAX_PLAYERS, rules.max_players)
        if not low <= players <= high:
            raise ValueError(f"{players} players: the {name} rules seat {low} to {high} players")
    return int(players)


def _notes(house: Rules, against: Rules, players: int) -> tuple[str, ...]:
    """What a reader must know about switches that differ but cannot show in the figures."""
    notes = []
    for name in (f.name for f in fields(Rules)):
        if getattr(house, name) == getattr(against, name):
            continue
        if name in UNEXERCISED:
            notes.append(f"{name} differs, but {UNEXERCISED[name]}: it changes nothing here.")
        elif name == "max_discards_seven" and players < 7:
            notes.append(
                f"max_discards_seven differs, but it applies only at seven or more players "
                f"(this table has {players}): it changes nothing here."
            )
    return tuple(notes)


def paired_deal(
    rules: Rules, players: int, seed: int, hand: int
) -> tuple[tuple[frozenset[Card], ...], Card, int]:
    """(each seat's five cards as dealt, the turned card, the dealer's seat) of hand number
    `hand` of a comparison with this `seed`: the deal both rulebooks played."""
    dealt = paired_hand(rules, players, seed, hand)
    return dealt.hands, dealt.turned, dealt.dealer


@dataclass(frozen=True)
class PairedHand:
    """One hand of a paired run before anyone speaks: each seat's five cards as dealt (seat
    numbers: the dealer is `dealer`), the turned card (or the separate trump card), and the
    stock in the order the run's draws take it (`fast.paired.dealt_and_stock`: the heuristic
    bots' order; a random bot's coin tosses shift it; a restock is not followed)."""

    hands: tuple[frozenset[Card], ...]
    turned: Card
    dealer: int
    stock: tuple[Card, ...]


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
    _players(players, ((rules.source, rules),))
    hand = _whole("hand", hand, 0)
    seed = _whole("seed", seed, 0)
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
        seats = tuple(f"seat_{k}_result" for k in range(1, self.players))
        order = ("bourre_rate", "mean_pot", "pot_after_session", "split_rate")
        order += ("played_out_rate", "won_without_play_rate", "dealer_result", *seats)
        return (*order, "decisions_touched")

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
            label, unit = MEASURE_LABELS.get(name) or (
                _seat_label(int(name.split("_")[1])),
                "chips",
            )
            measures.append(_measure(name, label, unit, units))
        return replace(
            frame,
            hands=self.hands,
            measures=tuple(measures),
            stopped=stopped,
            mattered=tuple(self.mattered),
        )


def _measure(name: str, label: str, unit: str, units: np.ndarray) -> Measure:
    """A measure from its units (rows: house numerators, denominators, against's): each side
    a ratio of sums, the difference's interval by the delta method over the units."""
    num_h, den_h, num_a, den_a = units
    house, u_h = _ratio(num_h, den_h)
    against, u_a = _ratio(num_a, den_a)
    difference = house - against
    u = u_h - u_a
    k = len(u)
    half = Z95 * float(u.std(ddof=1)) / math.sqrt(k) if k > 1 else math.inf
    return Measure(
        name, label, house, against, difference, (difference - half, difference + half), unit
    )


def _ratio(num: np.ndarray, den: np.ndarray) -> tuple[float, np.ndarray]:
    """(sum(num) / sum(den), each unit's linearised contribution); 0 when nothing counted."""
    total = float(den.sum())
    if total == 0:
        return 0.0, np.zeros_like(num)
    ratio = float(num.sum()) / total
    return ratio, (num - ratio * den) / (total / len(den))
