"""A deal of the measured run, whole, for the readable engine's table: each seat's five cards,
the turned card, and the stock in the order the run drew it.

The simulator gives the hand (`house_lab.paired_hand`: the cards as dealt and the stock in the
order the run's draws take it); this module only writes it as `Game(deal=...)` reads it, so
the readable `Game` serves the same cards the run served (until the stock runs out and a
restock begins, which the order does not follow).
"""

from __future__ import annotations

from ...rules import SEAT_LETTERS, Rules
from . import bench_core

__all__ = ["run_deal"]


def run_deal(rules: Rules, players: int, seed: int, hand: int) -> tuple[tuple[str, str], ...]:
    """The deal of hand number `hand` of a paired run, for `Game(deal=...)`: the run's dealer
    in seat A and the seats after it clockwise, the dealer's turned card dealt last, and the
    stock in the run's order."""
    dealt = bench_core.paired_hand(rules, players, seed, hand)
    turned = dealt.turned
    deal = []
    for i, letter in enumerate(SEAT_LETTERS[:players]):
        cards = sorted(dealt.hands[(dealt.dealer + i) % players], key=lambda c: c == turned)
        deal.append((letter, " ".join(c.code for c in cards)))
    if all(turned not in h for h in dealt.hands):
        deal.append(("turned", turned.code))
    deal.append(("stock", " ".join(c.code for c in dealt.stock)))
    return tuple(deal)
