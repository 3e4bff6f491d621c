"""The figures of lesson 08b in plain Python: `variant_effects` played through the readable `Game`.

Where NumPy or Numba is missing (the course in the browser) `bourre_lessons.sim.variant_effects`
is this module (`backend`): the same functions, figures, tables and 95% intervals as the
compiled module, each rule set played by `plain_simulation.simulate` on at most
`MOST_EFFECT_HANDS` hands (the table says how many of those asked), and `for_fun_odds` on at
most `MOST_SESSIONS` sessions. What each figure means, and how its interval is taken, is told
in the compiled module's docstring (`variant_effects`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..rules import Rules
from ..text import ReadsAsText
from .backend import fitted, fitted_note
from .estimates import Estimate, mean_interval, wilson
from .plain_simulation import PlainResult, simulate

__all__ = [
    "BATCHES",
    "MOST_EFFECT_HANDS",
    "MOST_SESSIONS",
    "ForFunOdds",
    "ForFunSession",
    "ForFunTerms",
    "PlainForFunOdds",
    "PlainForFunSession",
    "PlainForFunTerms",
    "PlainVariantEffects",
    "PlainVariantFigures",
    "VariantEffects",
    "VariantFigures",
    "for_fun_odds",
    "for_fun_session",
    "trump_anyway_share",
    "variant_effects",
]

BATCHES = 50
MOST_EFFECT_HANDS = 2000
"""The most hands played under each rule set in plain Python."""
MOST_SESSIONS = 60
"""The most sessions `for_fun_odds` plays in plain Python."""
"""How many blocks of consecutive hands a mean's interval is taken over."""

COLUMNS: dict[str, str] = {
    "seats_playing": "seats that play",
    "played_out": "hands played out",
    "pot_taken": "pot taken",
    "mean_pot": "mean pot",
    "bourre_rate": "bourré rate",
    "dealer_wins": "dealer wins",
    "dealer_chips": "dealer's chips a hand",
}
"""Each figure of `PlainVariantFigures`, with its name in a table."""
_SHARES = ("seats_playing", "played_out", "pot_taken", "bourre_rate", "dealer_wins")


@dataclass(frozen=True)
class PlainVariantFigures:
    """The measured figures of one rule set (see the module for what each means)."""

    name: str
    rules: Rules
    seats_playing: Estimate
    played_out: Estimate
    pot_taken: Estimate
    mean_pot: Estimate
    bourre_rate: Estimate
    dealer_wins: Estimate
    dealer_chips: Estimate

    def figure(self, column: str) -> Estimate:
        """One figure by its column name ('pot_taken', ...)."""
        if column not in COLUMNS:
            raise ValueError(f"no figure {column!r}; the figures are {', '.join(COLUMNS)}")
        return getattr(self, column)

    def cell(self, column: str) -> str:
        """One figure with its interval, as a table shows it."""
        e = self.figure(column)
        if column in _SHARES:
            return f"{e.value:.1%} ({e.low:.1%} to {e.high:.1%})"
        if column == "mean_pot":
            return f"{e.value:.2f} ({e.low:.2f} to {e.high:.2f})"
        return f"{e.value:+.2f} ({e.low:+.2f} to {e.high:+.2f})"


@dataclass(frozen=True)
class PlainVariantEffects(ReadsAsText):
    """Several rule sets measured at one table: `rows` in the order they were given."""

    players: int | tuple[int, ...]
    hands: int
    bots: str
    seed: int
    rows: tuple[PlainVariantFigures, ...]
    asked: int = 0

    def row(self, name: str) -> PlainVariantFigures:
        """The figures of one rule set, by the name it was given."""
        for row in self.rows:
            if row.name == name:
                return row
        raise KeyError(f"no variant {name!r}; measured: {', '.join(r.name for r in self.rows)}")

    def to_text(self, columns: tuple[str, ...] = tuple(COLUMNS)) -> str:
        """A small table: one line per rule set, the chosen figures with their 95% intervals."""
        for column in columns:
            if column not in COLUMNS:
                raise ValueError(f"no figure {column!r}; the figures are {', '.join(COLUMNS)}")
        table = (
            f"{self.players} players"
            if isinstance(self.players, int)
            else "players " + ", ".join(map(str, self.players))
        )
        lines = [
            f"{table}, {self.bots} bots, {self.hands:,} hands under each "
            f"(seed {self.seed}); 95% intervals in brackets"
        ]
        note = fitted_note(self.hands, self.asked)
        if note:
            lines.append(f"({note})")
        width = max(len(r.name) for r in self.rows) + 2
        for column in columns:
            lines.append(f"{COLUMNS[column]}:")
            lines += [f"  {r.name:<{width}}{r.cell(column)}" for r in self.rows]
        return "\n".join(lines)


def variant_effects(
    variants: Mapping[str, Rules],
    players: int | Mapping[str, int] = 5,
    hands: int = 200_000,
    bots: str = "heuristic",
    seed: int = 0,
) -> PlainVariantEffects:
    """Play `hands` hands under each rule set (seed, seed + 1, ... in order) and measure them;
    `players` is one table size for all, or one per variant name (pagat's five or fewer)."""
    if not variants:
        raise ValueError("give at least one rule set to measure, e.g. {'pagat': Rules()}")
    sizes = {name: players for name in variants} if isinstance(players, int) else dict(players)
    missing = [name for name in variants if name not in sizes]
    if missing:
        raise ValueError(f"no table size for {', '.join(missing)}; give one per variant")
    if hands < BATCHES:
        raise ValueError(f"measure at least {BATCHES} hands, got {hands}")
    played = fitted(hands, MOST_EFFECT_HANDS)
    rows = []
    for i, (name, rules) in enumerate(variants.items()):
        if not isinstance(rules, Rules):
            raise TypeError(f"{name}: a rule set must be a Rules object, got {rules!r}")
        run = simulate(played, sizes[name], rules, bots, seed=seed + i)
        rows.append(_figures(name, run))
    shown = players if isinstance(players, int) else tuple(sizes[n] for n in variants)
    return PlainVariantEffects(shown, played, bots, seed, tuple(rows), asked=hands)


def _figures(name: str, run: PlainResult) -> PlainVariantFigures:
    """The figures of one simulated run."""
    rows = run.rows
    hands = len(rows)
    in_hand = [sum(r.played) for r in rows]
    played = sum(in_hand)
    return PlainVariantFigures(
        name=name,
        rules=run.rules,
        seats_playing=_batched([n / run.players for n in in_hand]),
        played_out=wilson(sum(n >= 2 for n in in_hand), hands),
        pot_taken=wilson(sum(r.winner >= 0 for r in rows), hands),
        mean_pot=_batched([float(r.pot_played) for r in rows]),
        bourre_rate=wilson(sum(sum(r.bourred) for r in rows), max(played, 1)),
        dealer_wins=wilson(sum(r.winner == r.dealer for r in rows), hands),
        dealer_chips=_batched([float(r.net[r.dealer]) for r in rows]),
    )


def _batched(values: list[float]) -> Estimate:
    """The mean of per-hand values, with the interval of the means of `BATCHES` blocks."""
    size = len(values) // BATCHES
    means = [sum(values[b * size : (b + 1) * size]) / size for b in range(BATCHES)]
    spread = mean_interval(means)
    centre = sum(values) / len(values)
    return Estimate(
        centre, centre - (spread.value - spread.low), centre + (spread.high - spread.value)
    )


def trump_anyway_share(hands: int = 3000, bots: str = "heuristic", seed: int = 8) -> Estimate:
    """The share of card decisions, in `hands` hands played under wikipedia's rules, at which
    the trump-anyway variant (glimne 6 and pagat 2 as base rules) refuses a card wikipedia 2
    allows: void in the suit led, holding only trumps too low to win."""
    from .plain_lab import rulebook_disagreements  # the lab's comparison of the rulebooks

    found = rulebook_disagreements(hands=hands, bots=bots, seed=seed, drive="wikipedia")
    anyway = [n for rule, n in found.by_rule.items() if found.concepts[rule] == "trump-anyway"]
    return wilson(max(anyway, default=0), found.decisions)


# --- glimne's game for fun ---------------------------------------------------------------------


@dataclass(frozen=True)
class PlainForFunTerms(ReadsAsText):
    """What the players of glimne's game for fun agree on before the first hand: how many
    play, the hands to play, the chips each starts with (`bankroll`), the rules (glimne's
    unless said) and the bots that play them. Checked when made."""

    players: int = 5
    hands: int = 30
    bankroll: int = 100
    rules: Rules = field(default_factory=lambda: Rules.preset("glimne"))
    bots: str = "heuristic"

    def to_text(self) -> str:
        """The terms in one line."""
        return (
            f"{self.players} players, {self.hands} hands, {self.bankroll} chips each, "
            f"{self.rules.source} rules, {self.bots} bots"
        )

    def __post_init__(self) -> None:
        if self.hands < 1:
            raise ValueError(f"agree on at least one hand, got {self.hands}")
        if self.bankroll < 1:
            raise ValueError(f"everyone starts with at least one chip, got {self.bankroll}")


@dataclass(frozen=True)
class PlainForFunSession(ReadsAsText):
    """One session of glimne's game for fun, played on `terms` from `seed`.

    chips -- each seat's chips before the first hand and after every hand played, shape
    (hands played + 1, players); pots -- the pot left on the table after each hand; bankrupt
    -- the seats at zero or below when the session stopped early (empty if it ran to the
    agreed number); winners -- the seats with the most chips at the end.
    """

    terms: PlainForFunTerms
    seed: int
    chips: list[list[int]]
    pots: list[int]
    winners: tuple[int, ...]
    bankrupt: tuple[int, ...]

    @property
    def played(self) -> int:
        """How many hands were played before the session stopped."""
        return len(self.chips) - 1

    def seat(self, index: int) -> str:
        """A seat's letter (A deals the first hand)."""
        return "ABCDEFGH"[index]

    def standings(self, after: int) -> str:
        """Everyone's chips after `after` hands (0: the start), and the pot left on the table."""
        row = self.chips[after]
        pot = 0 if after == 0 else int(self.pots[after - 1])
        seats = ", ".join(f"{self.seat(i)} {int(c)}" for i, c in enumerate(row))
        return f"{seats}; pot {pot}"

    def ending(self) -> str:
        """Why the session stopped and who won, in a sentence."""
        names = " and ".join(self.seat(i) for i in self.winners)
        most = max(self.chips[-1])
        if self.bankrupt:
            broke = " and ".join(self.seat(i) for i in self.bankrupt)
            why = f"after hand {self.played} {broke} has no chips left, so the session stops"
        else:
            why = f"the {self.terms.hands} agreed hands are played"
        return f"{why.capitalize()}: {names} {'has' if len(self.winners) == 1 else 'have'} the most chips, {most}."

    def to_text(self, every: int = 5) -> str:
        """The standings at the start, every `every` hands, and at the end, then the ending."""
        shown = sorted({0, *range(every, self.played, every), self.played})
        t = self.terms
        lines = [
            f"{t.players} players start with {t.bankroll} chips each; {t.hands} hands "
            f"agreed ({t.rules.source}-based rules, {t.bots} bots, seed {self.seed})"
        ]
        lines += [f"after {h:>2} hands: {self.standings(h)}" for h in shown]
        lines.append(self.ending())
        return "\n".join(lines)


def for_fun_session(terms: PlainForFunTerms | None = None, seed: int = 0) -> PlainForFunSession:
    """glimne's game for fun on `terms` (default: five players, 30 hands, 100 chips each):
    play the agreed hands, stopping after the hand in which someone's chips reach zero; the
    most chips wins."""
    return _session(PlainForFunTerms() if terms is None else terms, seed)


def _session(terms: PlainForFunTerms, seed: int) -> PlainForFunSession:
    """One session played on `terms` from `seed`."""
    t = terms
    run = simulate(t.hands, t.players, t.rules, t.bots, seed=seed, bankroll=t.bankroll)
    chips = run.bankroll_history()
    broke = [h for h, row in enumerate(chips[1:]) if min(row) <= 0]
    stop = broke[0] + 1 if broke else t.hands
    chips = chips[: stop + 1]
    last = chips[-1]
    winners = tuple(i for i, c in enumerate(last) if c == max(last))
    bankrupt = tuple(i for i, c in enumerate(last) if c <= 0) if broke else ()
    return PlainForFunSession(
        terms, seed, chips, [r.pot_after for r in run.rows[:stop]], winners, bankrupt
    )


@dataclass(frozen=True)
class PlainForFunOdds(ReadsAsText):
    """Many sessions of the game for fun, all on `terms` (seeds `seed`, `seed` + 1, ...): how
    often one stops early, and how long they last."""

    terms: PlainForFunTerms
    sessions: int
    seed: int
    ended_early: Estimate
    hands_played: Estimate
    winning_chips: Estimate
    asked: int = 0

    def to_text(self) -> str:
        """The three figures with their 95% intervals."""
        t = self.terms
        return (
            f"{self.sessions:,} sessions of {t.players} players, {t.bankroll} chips each, "
            f"{t.hands} hands agreed ({t.bots} bots, seeds {self.seed} on)\n"
            f"someone goes bankrupt first: {_share(self.ended_early)}\n"
            f"hands played: {_mean(self.hands_played)}\n"
            f"the winner's chips at the end: {_mean(self.winning_chips)}"
        ) + (f"\n({note})" if (note := fitted_note(self.sessions, self.asked, "sessions")) else "")


def for_fun_odds(
    sessions: int = 2000, terms: PlainForFunTerms | None = None, seed: int = 0
) -> PlainForFunOdds:
    """Play `sessions` sessions of the game for fun on `terms` (seeds `seed`, `seed` + 1, ...)
    and measure how often one ends early, how many hands are played, and the winner's chips."""
    if sessions < 2:
        raise ValueError(f"play at least two sessions, got {sessions}")
    terms = PlainForFunTerms() if terms is None else terms
    asked, sessions = sessions, fitted(sessions, MOST_SESSIONS)
    played = [_session(terms, seed + i) for i in range(sessions)]
    early = sum(1 for s in played if s.bankrupt)
    return PlainForFunOdds(
        terms,
        sessions,
        seed,
        ended_early=wilson(early, sessions),
        hands_played=mean_interval([float(s.played) for s in played]),
        winning_chips=mean_interval([float(max(s.chips[-1])) for s in played]),
        asked=asked,
    )


def _share(e: Estimate) -> str:
    return f"{e.value:.1%} (95% CI {e.low:.1%} to {e.high:.1%})"


def _mean(e: Estimate) -> str:
    return f"{e.value:.1f} (95% CI {e.low:.1f} to {e.high:.1f})"


# the public names of the compiled module, for the code that imports them from its name
VariantFigures = PlainVariantFigures
VariantEffects = PlainVariantEffects
ForFunTerms = PlainForFunTerms
ForFunSession = PlainForFunSession
ForFunOdds = PlainForFunOdds
