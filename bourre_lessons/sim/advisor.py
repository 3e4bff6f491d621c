"""The play-or-pass advisor: should I play this hand?

`advise` deals the unseen cards thousands of times around your hand and plays each deal out
in the fast core, once with you playing and once with you passing, the other seats played by
bots. It reports the chance to take the pot and the chance to be bourréd if you play, and the
chips you can expect either way, each with a 95% confidence interval.

The chips count this hand only, from the moment you decide: the antes are already in the pot
and count for neither choice. Playing may cost a second ante (glimne, pagat's double ante);
winning brings the pot as it stands at the end of play (up to a pot limit); a bourré costs
that same amount. What a split pot or a bourré payment is worth in later hands is left out.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from ..cards import Card, parse_card, parse_cards
from ..rules import Rules
from .bots import Bot, resolve_bots
from .fast import encode_rules
from .fast.bits import card_bit, mask_of
from .fast.hand import SAID_PLAY, FixedDeal, Outcomes, Seats, play_fixed
from .simulation import chunk_seed, fast_kind

__all__ = ["Advice", "Estimate", "advise"]

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class Estimate:
    """A figure estimated from simulated deals, with its 95% confidence interval."""

    value: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.value:.3f} (95% CI {self.low:.3f} to {self.high:.3f})"


def wilson(successes: int, trials: int) -> Estimate:
    """A share with its 95% Wilson score interval (sound near 0 and 1)."""
    if trials <= 0:
        raise ValueError("a share needs at least one trial")
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: np.ndarray) -> Estimate:
    """A mean with its 95% normal interval."""
    n = len(values)
    if n == 0:
        raise ValueError("a mean needs at least one value")
    mean = float(values.mean())
    half = Z95 * float(values.std(ddof=1)) / math.sqrt(n) if n > 1 else 0.0
    return Estimate(mean, mean - half, mean + half)


@dataclass(frozen=True)
class Advice:
    """What the simulated deals say about one hand.

    win, bourre -- chance to take the pot, and to take no trick, if you play; split -- chance
    of a tie for most tricks (the pot stays) if you play; chips_play, chips_pass -- expected
    chips this hand from the moment you decide; must_play -- the rules forbid passing.
    """

    hand: tuple[Card, ...]
    trump_card: Card
    seat: int
    players: int
    rules: Rules
    deals: int
    pot: int
    win: Estimate
    bourre: Estimate
    split: Estimate
    chips_play: Estimate
    chips_pass: Estimate
    must_play: bool

    @property
    def recommendation(self) -> str:
        """'play' or 'pass': the choice with more expected chips ('play' if passing is not allowed)."""
        if self.must_play or self.chips_play.value >= self.chips_pass.value:
            return "play"
        return "pass"

    def __str__(self) -> str:
        cards = " ".join(str(c) for c in self.hand)
        lines = [
            f"{cards}, trump card {self.trump_card}, seat {self.seat} of {self.players} "
            f"({self.rules.source} rules, {self.deals} deals, pot {self.pot} before the antes)",
            f"  if you play: take the pot {self.win}, bourréd {self.bourre}, split {self.split}",
            f"  expected chips: play {self.chips_play}; pass {self.chips_pass}",
            f"  advice: {self.recommendation}" + (" (you may not pass)" if self.must_play else ""),
        ]
        return "\n".join(lines)


def advise(
    hand: str | Iterable[Card | str],
    trump_card: Card | str,
    seat: int,
    players: int = 5,
    rules: Rules | None = None,
    deals: int = 10_000,
    seed: int = 0,
    bots: str | Bot = "heuristic",
    pot: int = 0,
) -> Advice:
    """Estimate, from `deals` simulated deals, what playing and passing this hand are worth.

    seat -- your place in the speaking order: 1 is the dealer's left, `players` the dealer
    (whose hand must hold the turned card). bots -- the policy of every seat, yours included
    once you play: 'heuristic' (default), 'random', or a built-in bot object. pot -- chips
    already in the pot before this hand's antes.
    """
    rules = Rules() if rules is None else rules
    cards, turned, n = _check_deal(hand, trump_card, seat, players, rules)
    deals = _whole("deals", deals, 1)
    seed = _whole("seed", seed, 0)
    pot = _whole("pot", pot, 0)
    seats = _seats(bots, n)
    you = seat % n  # seat 0 deals; speaking order runs 1, 2, ..., n - 1, 0
    branches = {
        forced: _simulate(cards, turned, you, n, rules, seats, deals, seed, pot, forced)
        for forced in (1, 0)
    }
    must = _must_play(rules, you, turned)
    played = branches[1]
    return Advice(
        hand=cards,
        trump_card=turned,
        seat=seat,
        players=n,
        rules=rules,
        deals=deals,
        pot=pot,
        win=wilson(int(played["win"].sum()), deals),
        bourre=wilson(int(played["bourre"].sum()), deals),
        split=wilson(int(played["split"].sum()), deals),
        chips_play=mean_interval(played["chips"]),
        chips_pass=mean_interval(branches[0]["chips"]),
        must_play=bool(must),
    )


def _simulate(
    cards: tuple[Card, ...],
    turned: Card,
    you: int,
    n: int,
    rules: Rules,
    seats: Seats,
    deals: int,
    seed: int,
    pot: int,
    forced: int,
) -> dict[str, np.ndarray]:
    """Per-deal outcomes of `deals` simulated deals where seat `you` holds `cards` and plays
    (forced=1) or passes (forced=0)."""
    outcomes = Outcomes(
        declared=np.zeros((deals, n), dtype=np.int8),
        tricks=np.zeros((deals, n), dtype=np.int8),
        turned=np.zeros(deals, dtype=np.int8),
    )
    fixed = FixedDeal(seat=you, hand=mask_of(cards), trump_card=card_bit(turned), forced=forced)
    # the same seed for both branches: the same deals, so the comparison is sharper
    error = play_fixed(n, 0, encode_rules(rules, n), seats, chunk_seed(seed, 0), fixed, outcomes)
    if error:
        raise RuntimeError("a simulated draw ran out of cards; the engine refuses it too")
    return _outcomes(outcomes.declared, outcomes.tricks, you, pot, n, rules)


def _must_play(rules: Rules, you: int, turned: Card) -> bool:
    """Whether the dealer (you == 0) turned an ace and may not pass under these rules."""
    return bool(
        rules.dealer_ace_must_play
        and you == 0
        and turned.rank == 14
        and rules.separate_trump_card == "off"
    )


def _outcomes(
    declared: np.ndarray, tricks: np.ndarray, you: int, pot: int, n: int, rules: Rules
) -> dict[str, np.ndarray]:
    """Per deal: did you win, were you bourréd, was the pot split, and your chips."""
    active = declared != 0
    score = np.where(active, tricks.astype(np.int64), -1)
    most = score.max(axis=1)
    leaders = (score == most[:, None]).sum(axis=1)
    second = (declared == SAID_PLAY) if rules.pays_second_ante else np.zeros_like(active)
    pot_end = pot + n + second.sum(axis=1)
    stake = pot_end if rules.pot_limit is None else np.minimum(pot_end, rules.pot_limit)
    mine = score[:, you]
    win = (mine == most) & (leaders == 1) & active[:, you]
    bourre = active[:, you] & (mine == 0)
    split = active[:, you] & (mine == most) & (leaders > 1)
    # the winner takes the whole pot (a pot limit caps only payments), and under glimne's
    # reading (bourre_paid_to="winner") the other players' bourré payments too
    take = pot_end
    if rules.bourre_paid_to == "winner":
        take = take + ((score == 0).sum(axis=1) - bourre) * stake
    chips = win * take - bourre * stake - second[:, you]
    return {"win": win, "bourre": bourre, "split": split, "chips": chips.astype(np.float64)}


def _check_deal(
    hand: str | Iterable[Card | str], trump_card: Card | str, seat: int, players: int, rules: Rules
) -> tuple[tuple[Card, ...], Card, int]:
    cards = parse_cards(hand)
    if len(cards) != 5:
        raise ValueError(
            f"a Bourré hand has five cards, got {len(cards)}: {' '.join(map(str, cards))}"
        )
    turned = parse_card(trump_card)
    n = _whole("players", players, 2)
    if not rules.min_players <= n <= rules.max_players:
        raise ValueError(
            f"{n} players is outside the {rules.source} rules' range ({rules.min_players}-{rules.max_players})"
        )
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= n:
        raise ValueError(
            f"seat must be your place in the speaking order, 1 (dealer's left) to {n} (the dealer); got {seat!r}"
        )
    dealer_holds = seat == n and rules.separate_trump_card == "off"
    if dealer_holds and turned not in cards:
        raise ValueError(f"as the dealer you hold the turned card {turned}; add it to your hand")
    if not dealer_holds and turned in cards:
        raise ValueError(
            f"the turned card {turned} is the dealer's (or turned apart); it cannot be in your hand at seat {seat}"
        )
    return cards, turned, n


def _seats(bots: str | Bot, n: int) -> Seats:
    if not isinstance(bots, (str, Bot)):
        raise ValueError(f"bots must be 'heuristic', 'random' or one built-in bot, got {bots!r}")
    seat_bots = resolve_bots(bots, n)
    kinds = [fast_kind(b) for b in seat_bots]
    if any(k is None for k in kinds):
        raise ValueError("the advisor runs the built-in bots only: 'heuristic' or 'random'")
    boldness = [getattr(b, "boldness", 0.0) for b in seat_bots]
    return Seats(np.array(kinds, dtype=np.int64), np.array(boldness, dtype=np.float64))


def _whole(name: str, value: object, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < low:
        raise ValueError(f"{name} must be a whole number, {low} or more, got {value!r}")
    return int(value)
