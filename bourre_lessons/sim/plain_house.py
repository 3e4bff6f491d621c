"""The paired comparison in plain Python: two rulebooks through the readable `Game` on the same deals.

Where NumPy or Numba is missing (the course in the browser), `bourre_lessons.sim.house_lab` is
this module (`backend`): `compare` takes its arguments and gives the same `RulebookComparison`
(`house_measures`: the same measures, labels, notes and 95% intervals, by the same formulas),
and `paired_hand` / `paired_deal` give one deal of the run for the workbench's hand where it
mattered.

The run is cut into sessions of `SESSION_HANDS` hands, each starting from an empty pot. A
session is one `Game` per rulebook, both with the session's seed (`session_seed`): the
readable engine shuffles each hand from its seed and number alone, so hand k is dealt the same
cards under both rulebooks, and the same bots play them (a random bot of each seat seeded
alike). The compiled core deals its own hands from its own random numbers, so the two
simulators play different deals of the same game: they agree in distribution
(tests/test_plain_house.py). A hand through `Game` costs about a thousand compiled ones, so at
most `MOST_HOUSE_HANDS` hands are played, and the comparison's notes say how many of those
asked were. `on_progress` hears the partial comparison after every `REPORT_HANDS` hands (every
`chunk_hands`, if fewer); `compare_steps` yields the same partial comparisons, for a
caller that must give way between sessions (the workbench in the browser, where no thread runs).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from ..cards import Card
from ..game import Game
from ..hand_state import deal_cards, hand_rng
from ..house import HouseRules
from ..play import legal_plays
from ..rules import SEAT_LETTERS, Rules
from .backend import fitted, fitted_note
from .bot_names import resolve_bots
from .bots import Bot, RandomBot
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
    "MOST_HOUSE_HANDS",
    "PLAY_SWITCHES",
    "SESSION_HANDS",
    "UNEXERCISED",
    "Comparison",
    "Measure",
    "PairedHand",
    "RulebookComparison",
    "compare",
    "compare_steps",
    "paired_deal",
    "paired_hand",
    "session_seed",
]

MOST_HOUSE_HANDS = 2000
"""The most hands a plain-Python comparison plays (both rulebooks: twice as many `Game`
hands; about 5 s under CPython, 15 s in the browser)."""

PLAY_SWITCHES = (
    "trump_when_cannot_win",
    "must_play_known_top",
    "must_lead_trump_when_others_out",
    "cinch",
)
"""The switches the play rules read: two rulebooks that agree on these allow the same cards at
every card decision (the compiled core's `fast.paired.PLAY_ENTRIES`; a test holds them equal)."""

REPORT_HANDS = 2 * SESSION_HANDS
"""Hands between two reports, at most: two sessions, so every interval is finite."""

SEEDS_A_RUN = 1_000_003
"""Session seeds of one run: `seed * SEEDS_A_RUN + session` (a prime, so runs do not share)."""


def session_seed(seed: int, session: int) -> int:
    """The `Game` seed of session number `session` (from 0) of a run with this `seed`."""
    return seed * SEEDS_A_RUN + session


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
    """Play `house` and `against` through the readable `Game` on the same deals, up to
    `MOST_HOUSE_HANDS` of the `hands` asked, and measure both (`house_lab.compare`'s
    arguments); `on_progress` hears each partial comparison, and False from it stops the run
    (the result, stopped=True, keeps what was measured)."""
    result = None
    for partial in compare_steps(
        house, against, hands=hands, players=players, seed=seed, bots=bots,
        chunk_hands=chunk_hands, on_progress=on_progress,
    ):  # fmt: skip
        result = partial
        if partial.stopped:
            break
    assert result is not None  # compare_steps yields at least once
    return result


def compare_steps(
    house: Rules | HouseRules | str,
    against: Rules | HouseRules | str | None = None,
    *,
    hands: int = 20_000,
    players: int = 5,
    seed: int = 0,
    bots: str | Sequence[str] = "heuristic",
    chunk_hands: int = 2_000,
    on_progress: Progress | None = None,
) -> Iterator[Comparison]:
    """`compare`, one partial comparison yielded after every report (the last is the whole
    run, or a stopped one when `on_progress` returned False)."""
    setup = comparison_frame(
        house, against, hands=hands, players=players, seed=seed, bots=bots,
        chunk_hands=chunk_hands, on_progress=on_progress,
    )  # fmt: skip
    played = fitted(setup.hands, MOST_HOUSE_HANDS)
    note = fitted_note(played, setup.hands)
    frame = replace(setup.frame, notes=(*setup.frame.notes, *([f"{note}."] if note else ())))
    run = _PlainRun(setup.house, setup.against, frame.players, frame.seed, bots)
    every = min(setup.chunk_hands, REPORT_HANDS)
    for first in range(0, played, every):
        run.play(first, min(every, played - first))
        partial = run.comparison(frame)
        if first + every >= played:
            if on_progress is not None:
                on_progress(partial)
            yield partial
            return
        if on_progress is not None and on_progress(partial) is False:
            yield replace(partial, stopped=True)
            return
        yield partial


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
    """Hand number `hand` of a comparison with this `seed` as `Game` deals it (seat i is the
    session's seat i), with the stock in the order its draws take it, the top first (for any
    `bots`: no bot's choice reorders the readable engine's stock; a restock is not followed)."""
    table_players(players, ((rules.source, rules),))
    hand = whole_number("hand", hand, 0)
    seed = whole_number("seed", seed, 0)
    resolve_bots(bots, players)  # bots it cannot name are refused in words
    session, number = divmod(hand, SESSION_HANDS)
    names = SEAT_LETTERS[:players]
    dealer = number % players
    seats = [names[(dealer + k) % players] for k in range(1, players + 1)]
    rng = hand_rng(session_seed(seed, session), number + 1)
    dealt = deal_cards(rng, seats, rules.separate_trump_card != "off")
    turned = dealt.separate or dealt.hands[names[dealer]][-1]
    return PairedHand(
        hands=tuple(frozenset(dealt.hands[name]) for name in names),
        turned=turned,
        dealer=dealer,
        stock=tuple(reversed(dealt.stock)),
    )


# --- the run ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _HandFigures:
    """One hand under one rulebook: what the measures count."""

    actions: tuple[str, ...]
    in_hand: int
    bourred: int
    split: bool
    pot_played: int
    pot_after: int
    by_position: tuple[int, ...]
    decisions: int
    touched: int


class _PlainRun:
    """Both rulebooks played session by session on the same deals, each measure kept as
    per-unit (numerator, denominator) pairs for both sides."""

    def __init__(
        self, house: Rules, against: Rules, players: int, seed: int, bots: str | Sequence[str]
    ) -> None:
        self.rules = (house, against)
        self.players, self.seed, self.bots = players, seed, bots
        self.touch = any(getattr(house, s) != getattr(against, s) for s in PLAY_SWITCHES)
        self.hands = 0
        self.units: dict[str, list[tuple[float, float, float, float]]] = {
            name: [] for name in measure_names(players)
        }
        self.mattered: list[int] = []
        self._tables: tuple[Game, ...] = ()
        self._seats: tuple[dict[str, Bot], ...] = ()
        self._session: list[tuple[_HandFigures, _HandFigures]] = []

    def play(self, first: int, count: int) -> None:
        """Play hands first .. first + count - 1 under both rulebooks and keep their units."""
        for hand in range(first, first + count):
            number = hand % SESSION_HANDS
            if number == 0:
                self._new_session(hand // SESSION_HANDS)
            pair = self._play_hand(number)
            self._session.append(pair)
            self._count_hand(hand, pair)
            if number == SESSION_HANDS - 1:
                self._count_session()
        self.hands = first + count

    def _new_session(self, session: int) -> None:
        """One table per rulebook, the session's seed, the same bots seeded alike."""
        seed = session_seed(self.seed, session)
        self._tables = tuple(Game(rules, self.players, seed) for rules in self.rules)
        self._seats = tuple(self._bots(table, seed) for table in self._tables)
        self._session = []

    def _bots(self, table: Game, seed: int) -> dict[str, Bot]:
        """The run's bots by seat; a built-in random bot seeded from the session and the seat."""
        bots = resolve_bots(self.bots, self.players)
        return {
            name: RandomBot(seed=seed * 8 + i)
            if type(bot) is RandomBot and bot.seed is None
            else bot
            for i, (name, bot) in enumerate(zip(table.players, bots, strict=True))
        }

    def _play_hand(self, number: int) -> tuple[_HandFigures, _HandFigures]:
        """Hand `number` of the session on both tables (the first was dealt as they were set)."""
        pair = []
        for side, table in enumerate(self._tables):
            if number:
                before = table.bankrolls
                table.apply("deal")
            else:
                before = dict.fromkeys(table.players, table.bankroll)
            other = self.rules[1 - side]
            pair.append(_play(table, self._seats[side], before, other, self.touch))
        return pair[0], pair[1]

    def _count_hand(self, hand: int, pair: tuple[_HandFigures, _HandFigures]) -> None:
        """Keep the per-hand units of both sides, and the hand if the rulebooks parted."""
        house, against = pair
        for name, of in _PER_HAND.items():
            self.units[name].append((*of(house), *of(against)))
        parted = house.actions != against.actions or house.by_position != against.by_position
        if parted and len(self.mattered) < 12:
            self.mattered.append(hand)

    def _session_units(self) -> dict[str, tuple[float, float, float, float]]:
        """The session so far as one unit of each chips measure (the unit of their
        intervals); the pot left after it only once the session is whole."""
        rows = self._session
        size = float(len(rows))
        sides = ([h for h, _ in rows], [a for _, a in rows])
        units = {}
        for k in range(self.players):
            name = "dealer_result" if k == 0 else f"seat_{k}_result"
            house, against = (float(sum(f.by_position[k] for f in side)) for side in sides)
            units[name] = (house, size, against, size)
        house, against = (float(sum(f.pot_played for f in side)) for side in sides)
        units["mean_pot"] = (house, size, against, size)
        if len(rows) == SESSION_HANDS:
            last = [float(side[-1].pot_after) for side in sides]
            units["pot_after_session"] = (last[0], 1.0, last[1], 1.0)
        return units

    def _count_session(self) -> None:
        """Keep the whole session's units."""
        for name, unit in self._session_units().items():
            self.units[name].append(unit)

    def comparison(self, frame: Comparison) -> Comparison:
        """The measures so far (a session under way counts for its hands), in `frame`'s
        comparison."""
        units = {name: list(kept) for name, kept in self.units.items()}
        if len(self._session) % SESSION_HANDS:
            for name, unit in self._session_units().items():
                units[name].append(unit)
        measures = tuple(_measure(name, units[name]) for name in measure_names(self.players))
        return replace(frame, hands=self.hands, measures=measures, mattered=tuple(self.mattered))


_PER_HAND = {
    "bourre_rate": lambda f: (float(f.bourred), float(f.in_hand)),
    "split_rate": lambda f: (float(f.split), 1.0),
    "played_out_rate": lambda f: (float(f.in_hand >= 2), 1.0),
    "won_without_play_rate": lambda f: (float(f.in_hand == 1), 1.0),
    "decisions_touched": lambda f: (float(f.touched), float(f.decisions)),
}
"""The measures counted hand by hand: (numerator, denominator) of one side's hand."""


def _play(
    table: Game, seats: dict[str, Bot], before: dict[str, int], other: Rules, touch: bool
) -> _HandFigures:
    """Play the hand on `table` to its end with the bots; what the measures count of it, each
    seat's chips from `before` (with `touch`, at each card decision whether `other` rules
    allow other cards)."""
    names = table.players
    start = len(table.actions)
    decisions = touched = 0
    while table.phase != "settled":
        player = table.to_act
        assert player is not None
        if touch and table.phase == "play":
            situation = table.situation(player)
            decisions += 1
            touched += legal_plays(situation, table.rules) != legal_plays(situation, other)
        table.apply(seats[player].choose(table))
    rec = table.hand_record
    result = rec.settlement
    winner = None if result is None else result.winner
    in_hand = sum(bool(rec.declared.get(p)) or p == winner for p in names)
    if in_hand < 2:  # a lone player's tricks decide nothing: the compiled core does not play them
        decisions = touched = 0
    now = table.bankrolls
    dealer = names.index(rec.dealer)
    return _HandFigures(
        actions=tuple(table.actions[start:]),
        in_hand=in_hand,
        bourred=len(result.bourred) if result is not None else 0,
        split=bool(result is not None and result.split),
        pot_played=result.pot_before if result is not None else table.pot,
        pot_after=table.pot,
        by_position=tuple(
            now[p] - before[p]
            for p in (names[(dealer + k) % len(names)] for k in range(len(names)))
        ),
        decisions=decisions,
        touched=touched,
    )


def _measure(name: str, units: list[tuple[float, float, float, float]]) -> Measure:
    """A measure from its units (house numerator, denominator, against's): each side a ratio
    of sums, the difference's interval by the delta method over the units."""
    house, u_h = _ratio([u[0] for u in units], [u[1] for u in units])
    against, u_a = _ratio([u[2] for u in units], [u[3] for u in units])
    u = [a - b for a, b in zip(u_h, u_a, strict=True)]
    return paired_measure(name, house, against, _spread(u), len(u))


def _ratio(num: list[float], den: list[float]) -> tuple[float, list[float]]:
    """(sum(num) / sum(den), each unit's linearised contribution); 0 when nothing counted."""
    total = sum(den)
    if total == 0:
        return 0.0, [0.0] * len(num)
    ratio = sum(num) / total
    scale = total / len(den)
    return ratio, [(n - ratio * d) / scale for n, d in zip(num, den, strict=True)]


def _spread(values: list[float]) -> float:
    """The standard deviation of `values` (ddof 1; 0 for fewer than two)."""
    k = len(values)
    if k < 2:
        return 0.0
    mean = sum(values) / k
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (k - 1))
