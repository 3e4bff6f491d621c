"""How the pot grows: whole hands played by the engine, hand after hand, under each rulebook.

Lesson 06 plots the pot over a run of hands. The hands are real ones: `Game` deals them
from a seed and applies each rulebook's antes, second antes, skipped antes, lone-player
rule, bourré payments and pot limit, so nothing about money is re-implemented here. The
players follow one simple, deterministic policy (`greedy_action`): play when you hold a
trump, keep your five cards, and play your highest legal card. A game's deals depend only
on its seed and the hand number, so every rulebook sees the same cards.

The players' chips are only counted: a real table would stop when somebody is broke.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ...cards import Card, parse_card
from ...game import Game
from ...rules import SOURCES, Rules
from ...text import ReadsAsText
from .chart_style import (
    SIZES,
    figure_title,
    label_axes,
    new_figure,
    rulebook_line,
)
from .chart_tables import chart_or_table, pot_table

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "PotRun",
    "compare_pots",
    "greedy_action",
    "key_numbers",
    "pot_figure",
    "run_pot",
]

NO_LIMIT = "no limit"


@dataclass(frozen=True)
class PotRun(ReadsAsText):
    """One table's money over a run of hands under one set of rules.

    pots -- the pot left on the table after each hand was settled; taken -- what the winner
    of each hand took (0 when nobody took the pot); payments -- every bourré or renege
    payment, in the order paid; chips -- the players' chips plus the pot after each hand;
    start_chips -- the players' chips before the first ante; players, seed -- the table.
    """

    label: str
    rules: Rules
    pots: tuple[int, ...]
    taken: tuple[int, ...]
    payments: tuple[int, ...]
    chips: tuple[int, ...]
    start_chips: int
    players: int
    seed: int

    @property
    def hands(self) -> int:
        """How many hands were played."""
        return len(self.pots)

    def to_text(self) -> str:
        """The run in one line: the table, and the pot it ended with."""
        return (
            f"{self.label}: {self.hands} hands, {self.players} players (seed {self.seed}); "
            f"pot at the end {self.final_pot}, largest {self.largest_pot}"
        )

    @property
    def final_pot(self) -> int:
        """The pot left after the last hand."""
        return self.pots[-1]

    @property
    def largest_pot(self) -> int:
        """The largest pot left after any hand."""
        return max(self.pots)

    @property
    def largest_bourre(self) -> int:
        """The largest single bourré (or renege) payment, 0 if nobody paid."""
        return max(self.payments, default=0)

    @property
    def hands_won(self) -> int:
        """Hands in which somebody took the pot."""
        return sum(1 for t in self.taken if t > 0)


def _strength(card: Card, trump_card: Card) -> tuple[bool, int]:
    """Sort key for 'highest': a trump above any side card, then by rank."""
    return (card.suit == trump_card.suit, int(card.rank))


def greedy_action(game: Game) -> str:
    """The simple policy's next action: play holding a trump, keep, play the highest legal card."""
    actions = game.legal_actions()
    if game.phase == "declare":
        player = game.to_act
        assert player is not None
        holds_trump = any(c.suit == game.trump_card.suit for c in game.cards_of(player))
        return "play" if holds_trump or "pass" not in actions else "pass"
    if game.phase == "draw":
        return "keep"
    if game.phase == "play":
        return max(actions, key=lambda code: _strength(parse_card(code), game.trump_card))
    return actions[0]


def run_pot(
    rules: Rules,
    hands: int = 20,
    players: int = 5,
    seed: int = 1,
    label: str | None = None,
    policy: Callable[[Game], str] = greedy_action,
) -> PotRun:
    """Play `hands` whole hands, every action chosen by `policy`; record the pot after each."""
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise ValueError(f"hands must be a whole number, 1 or more, got {hands!r}")
    game = Game(rules, players, seed)
    start = game.bankroll * len(game.players)
    pots, taken, payments, chips = [], [], [], []
    for number in range(hands):
        if number:
            game.apply("deal")
        while game.phase != "settled":
            game.apply(policy(game))
        result = game.hand_record.settlement
        taken.append(result.taken if result is not None else 0)
        payments.extend(result.payments.values() if result is not None else ())
        pots.append(game.pot)
        chips.append(sum(game.bankrolls.values()) + game.pot)
    return PotRun(
        label or rules.source,
        rules,
        tuple(pots),
        tuple(taken),
        tuple(payments),
        tuple(chips),
        start,
        len(game.players),
        seed,
    )


def compare_pots(
    hands: int = 20, players: int = 5, seed: int = 1, pot_limit: int = 20
) -> dict[str, dict[str, PotRun]]:
    """Each preset's run, without a limit and with `pot_limit`: {panel: {preset: run}}."""
    if isinstance(pot_limit, bool) or not isinstance(pot_limit, int) or pot_limit < 1:
        raise ValueError(f"pot_limit must be a whole number of chips, 1 or more, got {pot_limit!r}")
    panels: dict[str, dict[str, PotRun]] = {NO_LIMIT: {}, f"pot limit {pot_limit}": {}}
    for name in SOURCES:
        rules = Rules.preset(name)
        panels[NO_LIMIT][name] = run_pot(rules, hands, players, seed)
        limited = replace(rules, pot_limit=pot_limit)
        panels[f"pot limit {pot_limit}"][name] = run_pot(limited, hands, players, seed)
    return panels


@chart_or_table(pot_table)
def pot_figure(comparison: Mapping[str, Mapping[str, PotRun]]) -> Figure:
    """A Figure: one panel per key of `comparison`, one line per rulebook in each.

    Lines drawn later are thinner, so a rulebook whose pots equal another's shows on top of it.
    """
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    if not isinstance(comparison, Mapping) or not comparison:
        raise ValueError("comparison must map each panel title to at least one run")
    for title, runs in comparison.items():
        if not isinstance(runs, Mapping) or not runs:
            raise ValueError(f"comparison must map each panel title to at least one run: {title!r}")
        for label, run in runs.items():
            if not isinstance(run, PotRun):
                raise TypeError(f"{title!r}/{label!r} must be a PotRun from run_pot, got {run!r}")
    width, height = SIZES["panel"]
    fig, axes = new_figure(width * len(comparison), height, panels=len(comparison), sharey=True)
    axes = [axes] if len(comparison) == 1 else list(axes)
    for ax, (title, runs) in zip(axes, comparison.items(), strict=True):
        for order, (label, run) in enumerate(runs.items()):
            ax.plot(
                range(1, run.hands + 1),
                run.pots,
                label=label,
                linewidth=max(4.0 - 1.2 * order, 1.2),
                markersize=max(9.0 - 2.0 * order, 4.0),
                **rulebook_line(label),
            )
        ax.set_yscale("symlog", linthresh=10)
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:,.0f}"))
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        label_axes(ax, title, "hand", "chips left in the pot (log scale)", legend=True)
    first = next(iter(next(iter(comparison.values())).values()))
    figure_title(
        fig, f"How the pot grows: {first.hands} hands, {first.players} players, seed {first.seed}"
    )
    return fig


def key_numbers(comparison: Mapping[str, Mapping[str, PotRun]]) -> str:
    """One line per run: final pot, largest pot, largest bourré, hands with a winner."""
    lines = []
    for title, runs in comparison.items():
        for label, run in runs.items():
            lines.append(
                f"{title:>12} · {label:<9} final pot {run.final_pot:>7}, "
                f"largest pot {run.largest_pot:>7}, largest bourré {run.largest_bourre:>7}, "
                f"{run.hands_won} of {run.hands} hands won"
            )
    return "\n".join(lines)
