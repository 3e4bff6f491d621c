"""`simulate` in plain Python: every hand through the readable `Game` (the course in the browser).

Where NumPy or Numba is missing, `bourre_lessons.sim.simulation` (and `result`, `summary`) is
this module (`backend`). `simulate` takes the same arguments and plays the same session as
the readable engine of the full install: antes, the deal, play or pass, the draw, five
tricks, the settlement, the pot carried on, the deal passing to the left. It keeps every
hand as plain lists (`PlainResult`), which answers the questions a `SimulationResult` answers
(win rates, bourré rate, mean pot, chips per hand and win share with their 95% intervals,
the summary). A plain hand costs about a thousand compiled ones, so at most `MOST_HANDS` are
played, and the summary says how many of those asked were.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from ..game import Game
from ..rules import Rules
from .backend import fitted, fitted_note
from .bot_names import resolve_bots
from .bots import Bot, RandomBot, play_bots
from .checks import whole
from .estimates import Estimate, mean_interval, wilson

__all__ = [
    "MOST_HANDS",
    "HandRow",
    "PlainResult",
    "PlainSimulationInterrupted",
    "SimulationInterrupted",
    "SimulationResult",
    "SimulationSummary",
    "play_session",
    "simulate",
]

MOST_HANDS = 2000
"""The most hands one plain-Python `simulate` plays (a few seconds in the browser)."""

Progress = Callable[[int, int], object]


class PlainSimulationInterrupted(KeyboardInterrupt):
    """A run stopped by Ctrl-C: `partial` holds the hands finished before it."""

    def __init__(self, message: str, partial: PlainResult, done: int):
        super().__init__(message)
        self.partial = partial
        self.done = done


@dataclass(frozen=True)
class HandRow:
    """One settled hand, seats by number (seat 0 deals the first hand).

    played, bourred, tricks, net, second -- per seat: played the hand; played and took no
    trick; tricks taken; chips won or lost this hand (antes, payments and the pot taken);
    put in a second ante. winner -- the seat that took the pot, or -1."""

    dealer: int
    winner: int
    split: bool
    all_passed: bool
    pot_played: int
    taken: int
    pot_after: int
    played: tuple[bool, ...]
    bourred: tuple[bool, ...]
    tricks: tuple[int, ...]
    net: tuple[int, ...]
    second: tuple[bool, ...]

    @property
    def rather_pass(self) -> tuple[bool, ...]:
        """Seats whose play cost more than a pass would have: bourréd, or a second ante
        paid without taking the pot."""
        return tuple(
            p and i != self.winner and (b or s)
            for i, (p, b, s) in enumerate(zip(self.played, self.bourred, self.second, strict=True))
        )


def _seeded(bot: Bot, seed: int, seat: int) -> Bot:
    """A built-in random bot gets a seat seed from the run's seed (as the readable runs do)."""
    if type(bot) is RandomBot and bot.seed is None:
        return RandomBot(seed=seed * 8 + seat)
    return bot


def play_session(
    rules: Rules,
    players: int,
    bots: Sequence[Bot],
    seed: int,
    bankroll: int,
    hands: int,
    progress: Progress | None = None,
) -> list[HandRow]:
    """Play `hands` hands at one `Game` table with these bots; every hand as a `HandRow`."""
    game = Game(rules, players, seed=seed, bankroll=bankroll)
    names = game.players
    seats = {
        name: _seeded(bot, seed, i) for i, (name, bot) in enumerate(zip(names, bots, strict=True))
    }
    chips = [bankroll] * players
    rows: list[HandRow] = []
    for h in range(hands):
        if h:
            game.apply("deal")
        play_bots(game, seats)
        rows.append(_row(game, names, chips, rules))
        chips = [game.bankrolls[p] for p in names]
        if progress is not None:
            progress(h + 1, hands)
    return rows


def _row(game: Game, names: tuple[str, ...], before: list[int], rules: Rules) -> HandRow:
    """The settled hand now on `game`, seats numbered as `names`."""
    rec = game.hand_record
    result = rec.settlement
    now = game.bankrolls
    declared = [bool(rec.declared.get(p)) for p in names]
    winner = -1 if result is None or result.winner is None else names.index(str(result.winner))
    played = tuple(d or i == winner for i, d in enumerate(declared))
    bourred = result.bourred if result is not None else frozenset()
    tricks = result.tricks if result is not None else {}
    return HandRow(
        dealer=names.index(rec.dealer),
        winner=winner,
        split=bool(result is not None and result.split),
        all_passed=not any(declared),
        pot_played=result.pot_before if result is not None else game.pot,
        taken=result.taken if result is not None and winner >= 0 else 0,
        pot_after=game.pot,
        played=played,
        bourred=tuple(p in bourred for p in names),
        tricks=tuple(int(tricks.get(p, 0)) for p in names),
        net=tuple(now[p] - b for p, b in zip(names, before, strict=True)),
        second=tuple(d and rules.pays_second_ante for d in declared),
    )


@dataclass(frozen=True)
class PlainTally:
    """A plain session's counts per seat (as `summary.Tally` names them)."""

    hands: int
    played: tuple[int, ...]
    bourred: tuple[int, ...]
    wins: tuple[int, ...]
    net: tuple[int, ...]
    splits: int
    all_passed: int
    pot_sum: int


@dataclass(frozen=True)
class PlainResult:
    """Every hand of a plain-Python session (`rows`), with the figures a learner reads off it.

    What it was played with: rules, players, seed, bots (names), engine ('plain'), bankroll;
    asked -- the hands asked for (more than were played when the browser's limit cut them)."""

    rules: Rules
    players: int
    seed: int
    bots: tuple[str, ...]
    engine: str
    bankroll: int
    asked: int
    rows: tuple[HandRow, ...] = field(repr=False)

    @property
    def hands(self) -> int:
        """How many hands were played."""
        return len(self.rows)

    @cached_property
    def tally(self) -> PlainTally:
        """The session's counts per seat."""
        seats = range(self.players)
        rows = self.rows
        return PlainTally(
            hands=len(rows),
            played=tuple(sum(r.played[s] for r in rows) for s in seats),
            bourred=tuple(sum(r.bourred[s] for r in rows) for s in seats),
            wins=tuple(sum(r.winner == s for r in rows) for s in seats),
            net=tuple(sum(r.net[s] for r in rows) for s in seats),
            splits=sum(r.split for r in rows),
            all_passed=sum(r.all_passed for r in rows),
            pot_sum=sum(r.pot_played for r in rows),
        )

    def summarize(self) -> PlainResult:
        """The same session (a plain result is its own summary)."""
        return self

    @property
    def bankrolls(self) -> list[int]:
        """Each seat's chips after the last hand."""
        return [self.bankroll + n for n in self.tally.net]

    @property
    def pot(self) -> int:
        """The pot carried out of the last hand."""
        return self.rows[-1].pot_after if self.rows else 0

    @property
    def chips(self) -> int:
        """Bankrolls plus the pot after the last hand: always players * bankroll."""
        return sum(self.bankrolls) + self.pot

    def bankroll_history(self) -> list[list[int]]:
        """Each seat's chips before the first hand and after every hand."""
        history = [[self.bankroll] * self.players]
        for row in self.rows:
            history.append([c + n for c, n in zip(history[-1], row.net, strict=True)])
        return history

    def win_rate_by_seat(self) -> list[float]:
        """Share of hands each seat took the pot."""
        return [w / max(self.hands, 1) for w in self.tally.wins]

    def bourre_rate(self) -> float:
        """Share of played seats that were bourréd (took no trick)."""
        played = sum(self.tally.played)
        return sum(self.tally.bourred) / played if played else 0.0

    def mean_pot(self) -> float:
        """The mean pot at the end of play."""
        return self.tally.pot_sum / self.hands if self.hands else 0.0

    def chips_per_hand(self, seat: int) -> Estimate:
        """Chips the seat won or lost per hand, with its 95% normal interval."""
        if not self.hands:
            raise ValueError("no hand was played: chips per hand need at least one")
        seat = _check_seat(seat, self.players)
        return mean_interval([r.net[seat] for r in self.rows])

    def win_share(self, seat: int) -> Estimate:
        """Share of hands the seat took the pot, with its 95% Wilson interval."""
        if not self.hands:
            raise ValueError("no hand was played: a share needs at least one")
        return wilson(self.tally.wins[_check_seat(seat, self.players)], self.hands)

    def summary(self) -> str:
        """A few plain lines: hands, pot, wins, bourrés, bankrolls (and the browser's cut)."""
        n = max(self.hands, 1)
        t = self.tally
        lines = [
            f"{self.hands} hands, {self.players} players, {self.rules.source} rules, bots: "
            f"{', '.join(self.bots)} ({self.engine} engine, seed {self.seed})",
            f"mean pot at the end of play: {self.mean_pot():.2f}"
            if self.hands
            else "no hands played",
            f"split pots: {t.splits / n:.1%}, everyone passed: {t.all_passed / n:.1%}, "
            f"bourré rate per player who played: {self.bourre_rate():.1%} "
            f"(95% CI {_bourre_interval(self)})",
            "bankrolls: " + " ".join(str(b) for b in self.bankrolls),
        ]
        note = fitted_note(self.hands, self.asked)
        return "\n".join([*lines, f"({note})"] if note else lines)

    def to_text(self) -> str:
        """The summary."""
        return self.summary()

    def __str__(self) -> str:
        return self.summary()

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(self.summary())


def _bourre_interval(run: PlainResult) -> str:
    played = sum(run.tally.played)
    if not played:
        return "none played"
    e = wilson(sum(run.tally.bourred), played)
    return f"{e.low:.1%} to {e.high:.1%}"


SimulationResult = PlainResult
SimulationSummary = PlainResult


def simulate(
    hands: int,
    players: int = 5,
    rules: Rules | None = None,
    bots: str | Bot | Sequence[str | Bot] = "heuristic",
    seed: int = 0,
    executor: object = None,
    bankroll: int = 100,
    engine: str = "auto",
    *,
    summary: bool = False,
    progress: Progress | None = None,
    most: int = MOST_HANDS,
) -> PlainResult:
    """Play up to `most` of `hands` hands at a table of `players` through the readable `Game`
    (the arguments of the compiled `simulate`; `executor` and `summary` change nothing here)."""
    rules = Rules() if rules is None else rules
    hands = whole("hands", hands, 0)
    seed = whole("seed", seed, 0)
    bankroll = whole("bankroll", bankroll, 0)
    players = _check_players(players, rules)
    if engine not in ("auto", "fast", "readable"):
        raise ValueError(f"engine must be 'auto', 'fast' or 'readable', got {engine!r}")
    if not isinstance(summary, bool):
        raise TypeError(f"summary must be True or False, got {summary!r}")
    seat_bots = resolve_bots(bots, players)
    played = fitted(hands, most)
    rows = play_session(rules, players, seat_bots, seed, bankroll, played, progress)
    return PlainResult(
        rules,
        players,
        seed,
        tuple(b.name for b in seat_bots),
        "plain",
        bankroll,
        hands,
        tuple(rows),
    )


def _check_players(players: object, rules: Rules) -> int:
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be a whole number of seats, got {players!r}")
    if not max(2, rules.min_players) <= players <= rules.max_players:
        raise ValueError(
            f"{players} players is outside the {rules.source} rules' range "
            f"({rules.min_players}-{rules.max_players})"
        )
    return players


def _check_seat(seat: object, players: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"seat must be a whole number from 0 to {players - 1}, got {seat!r}")
    return seat


# the public names of the compiled module, for the code that imports them from its name
SimulationInterrupted = PlainSimulationInterrupted
