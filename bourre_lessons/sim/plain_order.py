"""The order of play or pass and the draw, in plain Python (the variant lab in the browser).

Where NumPy or Numba is missing, `bourre_lessons.sim.order_effect` is this module (`backend`):
the same question and figures as the compiled module, each order played by
`plain_simulation.simulate` (at most `MOST_ORDER_HANDS` hands; the table says how many of
those asked). The compiled module's account follows.


`order_effect` plays the same table twice in the fast core, once in one round (a player who
says play draws at once, so later speakers hear each draw count: `draw_timing="same_turn"`,
the course's reading of pagat) and once in two rounds (everyone declares, then the draw:
`"after_declarations"`, glimne and wikipedia), every other switch alike, and measures in each
run the share of seats that play (per hand, then averaged) and the share of hands played out
(two or more players in, so the cards are played), with 95% intervals and the differences
between the runs. The two runs are independent (each its own seed), so the interval of a
difference adds the two variances. Only what a bot does with what it hears can make the order
matter: the heuristic bot raises its bar for each player heard to draw one card or none
(`fast.policy.STRONG_DRAW`); a random bot hears nothing, and is the control.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from ..rules import Rules
from ..text import ReadsAsText
from .backend import fitted, fitted_note
from .estimates import Estimate, mean_interval, wilson
from .plain_simulation import simulate

__all__ = [
    "MOST_ORDER_HANDS",
    "ORDERS",
    "OrderEffect",
    "PlainOrderEffect",
    "order_effect",
]

MOST_ORDER_HANDS = 2000
"""The most hands played under each order in plain Python."""

ORDERS = ("same_turn", "after_declarations")
"""The two values of `Rules.draw_timing`, one round first."""


@dataclass(frozen=True)
class PlainOrderEffect(ReadsAsText):
    """How often a hand is played in one round and in two rounds, at one table.

    rules -- the two rule sets played (one round, two rounds); hands -- hands played under
    each; seats_playing -- share of the seats dealt in that say play (a dealer who takes the
    pot alone counts), per hand and averaged, for each order; played_out -- share of hands
    with two or more players in; by_position -- share of hands each seat plays, counted from
    the dealer's left (the dealer last), shape (2, players); seats_difference,
    played_out_difference -- one round minus two rounds.
    """

    rules: tuple[Rules, Rules]
    players: int
    hands: int
    bots: str
    seed: int
    seats_playing: tuple[Estimate, Estimate]
    played_out: tuple[Estimate, Estimate]
    by_position: list[list[float]]
    seats_difference: Estimate
    played_out_difference: Estimate
    asked: int = 0

    def to_text(self) -> str:
        """A small table: each order's figures with 95% intervals, then the differences."""
        lines = [
            f"{self.rules[0].source}-based rules, {self.players} players, {self.bots} bots, "
            f"{self.hands:,} hands under each order (seed {self.seed})",
            f"{'order':<37} {'seats that play':<32} {'hands played out':<32}",
        ]
        for i, name in enumerate(("one round (draw_timing='same_turn')", "two rounds")):
            lines.append(
                f"{name:<37} {self.seats_playing[i].text('.4f'):<32} {self.played_out[i].text('.4f')}"
            )
        lines.append(
            f"{'one round minus two rounds':<37} {self.seats_difference.text('+.4f'):<32} "
            f"{self.played_out_difference.text('+.4f')}"
        )
        seats = " ".join(f"{x:.3f}" for x in self.by_position[0])
        other = " ".join(f"{x:.3f}" for x in self.by_position[1])
        lines.append(f"plays, by seat from the dealer's left: one round {seats}; two {other}")
        note = fitted_note(self.hands, self.asked)
        return "\n".join([*lines, f"({note})"] if note else lines)


def order_effect(
    rules: Rules | None = None,
    players: int = 5,
    hands: int = 400_000,
    bots: str = "heuristic",
    seed: int = 0,
    executor: object = None,
) -> PlainOrderEffect:
    """Play `hands` hands under each order of play or pass and the draw (`rules` otherwise,
    default pagat's preset) and measure how often a hand is played (see the module)."""
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules object, got {rules!r}")
    if rules.double_ante or rules.simultaneous_declaration:
        raise ValueError(
            "pagat's double ante and simultaneous declaration are always two rounds: "
            "switch them off to compare the orders"
        )
    both = tuple(dataclasses.replace(rules, draw_timing=order) for order in ORDERS)
    asked, hands = hands, fitted(hands, MOST_ORDER_HANDS)
    runs = [simulate(hands, players, r, bots, seed=seed + i) for i, r in enumerate(both)]
    seats = tuple(mean_interval([sum(h.played) / players for h in r.rows]) for r in runs)
    out = tuple(wilson(sum(sum(h.played) >= 2 for h in r.rows), hands) for r in runs)
    positions = [_by_position(r, players) for r in runs]
    out_diff = _difference(out[0], out[1])
    return PlainOrderEffect(
        rules=(both[0], both[1]),
        players=players,
        hands=hands,
        bots=bots,
        seed=seed,
        seats_playing=(seats[0], seats[1]),
        played_out=(out[0], out[1]),
        by_position=positions,
        seats_difference=_difference(seats[0], seats[1]),
        played_out_difference=out_diff,
        asked=asked,
    )


def _by_position(run, players: int) -> list[float]:
    """Share of hands each position from the dealer's left plays (the dealer last)."""
    counts = [0] * players
    for hand in run.rows:
        for seat, played in enumerate(hand.played):
            counts[(seat - hand.dealer - 1) % players] += played
    return [c / max(len(run.rows), 1) for c in counts]


def _difference(a: Estimate, b: Estimate) -> Estimate:
    """a minus b, from independent runs: the 95% half-widths add in quadrature (each taken as
    half its interval's width, which for these sample sizes is the normal one)."""
    half = math.hypot((a.high - a.low) / 2, (b.high - b.low) / 2)
    value = a.value - b.value
    return Estimate(value, value - half, value + half)


OrderEffect = PlainOrderEffect
"""The compiled module's name, for the code that imports it."""
