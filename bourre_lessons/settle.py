"""Settling a hand: who takes the pot, who pays for a bourré or a renege, who skips the ante.

`settle` is a pure function of the pot, the tricks and the rules (docs/rules.md, Settlement).
The player with more tricks than anyone else takes the whole pot (pagat, wikipedia; glimne
speaks only of winning with at least three, so a glimne hand won with two is the engine's
reading, reading-winner-most-tricks); a tie for most is a split pot that stays. A bourréd player (played, took no trick) and a player whose renege stands each
pay as much as the pot held at the end of play, once each; a pot limit (a wikipedia variant)
caps that payment, never the winner's take (the engine's reading: wikipedia says nothing of the
winner). Where the payment goes is a switch,
`bourre_paid_to`: into the next hand's pot (pagat, wikipedia), or, with a winner, to the
winner along with the pot (glimne read literally). A player whose renege was corrected in
time (pagat) cannot win this pot, pays nothing, and sits out the next deal; that nobody else
takes the pot then is the engine's reading (reading-corrected-renege-pot). `antes` says who
puts what in the pot before a deal.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate

from .cards import TRICKS_PER_HAND
from .rules import Rules
from .text import ReadsAsText, names

__all__ = ["ChipMove", "Settlement", "antes", "pot_at_play", "second_antes", "settle"]


@dataclass(frozen=True)
class ChipMove:
    """Chips moving at a settlement: `chips` from `player` into the pot (negative: out of the
    pot to the player), and why: "bourre", "renege" or "takes"."""

    player: Hashable
    chips: int
    why: str


@dataclass(frozen=True)
class Settlement(ReadsAsText):
    """The end of one hand, in chips.

    winner -- the player who takes the pot, or None (split pot, or a disqualified winner);
    taken -- what the winner takes (the pot, and under glimne's reading this hand's
    payments too); payments -- what each bourréd or reneging player pays
    into the pot; pot_before -- the pot at the end of play; pot_carried -- the pot left for
    the next hand before its antes; tied -- players sharing the most tricks in a split pot;
    bourred -- players who played and took no trick; renegers -- players paying a renege
    penalty; skips_next_ante -- players who put in no ante next hand; sits_out_next --
    players who take no part in the next deal.
    """

    winner: Hashable | None
    taken: int
    payments: Mapping[Hashable, int]
    pot_before: int
    pot_carried: int
    tricks: Mapping[Hashable, int]
    tied: frozenset = field(default_factory=frozenset)
    bourred: frozenset = field(default_factory=frozenset)
    renegers: frozenset = field(default_factory=frozenset)
    skips_next_ante: frozenset = field(default_factory=frozenset)
    sits_out_next: frozenset = field(default_factory=frozenset)

    @property
    def split(self) -> bool:
        """True when two or more players tied for most tricks, so nobody took the pot."""
        return bool(self.tied)

    def net(self, player: Hashable) -> int:
        """Chips this player gains (positive) or pays (negative) at this settlement."""
        gain = self.taken if player == self.winner else 0
        return gain - self.payments.get(player, 0)

    def moves(self) -> tuple[ChipMove, ...]:
        """The settlement as chips moving, in the order they are told and paid: a winner who
        takes the pot alone takes it first, then each bourré or renege pays; a winner who takes
        the payments too (glimne read literally) takes last."""
        taking = () if self.winner is None else (ChipMove(self.winner, -self.taken, "takes"),)
        paying = tuple(
            ChipMove(p, amount, "renege" if p in self.renegers else "bourre")
            for p, amount in self.payments.items()
        )
        return paying + taking if self.taken > self.pot_before else taking + paying

    def pots(self) -> tuple[int, ...]:
        """The pot after each of `moves()`, from the pot at the end of play."""
        return tuple(accumulate((m.chips for m in self.moves()), initial=self.pot_before))[1:]

    def to_text(self) -> str:
        """The settlement in a few plain sentences (`describe()`)."""
        return self.describe()

    def describe(self) -> str:
        """The settlement in a few plain sentences, for transcripts and screen readers."""
        counts = "-".join(str(self.tricks[p]) for p in self.tricks)
        parts = [f"Tricks {counts}; the pot holds {self.pot_before}."]
        if self.winner is not None and self.taken > self.pot_before:
            parts.append(
                f"{self.winner} takes {self.taken}: the pot and the "
                f"{self.taken - self.pot_before} paid for bourré or renege."
            )
        elif self.winner is not None:
            parts.append(f"{self.winner} takes {self.taken}.")
        elif self.tied:
            parts.append(f"Split pot: {names(self.tied)} tie for most tricks; nobody takes it.")
        else:
            parts.append("Nobody takes the pot.")
        for player, amount in self.payments.items():
            what = "reneged" if player in self.renegers else "is bourréd"
            parts.append(f"{player} {what} and pays {amount}.")
        parts.append(f"{self.pot_carried} stays for the next hand.")
        if self.skips_next_ante:
            verb = "skips" if len(self.skips_next_ante) == 1 else "skip"
            parts.append(f"{names(self.skips_next_ante)} {verb} the next ante.")
        if self.sits_out_next:
            verb = "sits" if len(self.sits_out_next) == 1 else "sit"
            parts.append(f"{names(self.sits_out_next)} {verb} out the next deal.")
        return " ".join(parts)


def settle(
    pot: int,
    tricks: Mapping[Hashable, int],
    rules: Rules | None = None,
    renegers: Iterable[Hashable] = (),
    corrected: Iterable[Hashable] = (),
) -> Settlement:
    """Settle a hand: `tricks` maps each player who played to tricks taken (five in all).

    `renegers` are players whose renege stands and is penalised; `corrected` are players whose
    renege was corrected in time under pagat's rule (they cannot win and sit out next deal).
    """
    rules = Rules() if rules is None else rules
    _check_pot(pot)
    tricks = _check_tricks(tricks)
    renegers = _check_players("renegers", renegers, tricks)
    corrected = _check_players("corrected", corrected, tricks)
    if corrected and rules.renege != "correct_before_next":
        raise ValueError(
            f"a corrected renege exists only under pagat's rule (renege='correct_before_next'); "
            f"these rules say renege={rules.renege!r}, so pass the players as renegers instead"
        )

    most = max(tricks.values())
    leaders = frozenset(p for p, n in tricks.items() if n == most)
    tied = leaders if len(leaders) > 1 else frozenset()
    winner = next(iter(leaders)) if len(leaders) == 1 else None
    if winner in corrected:
        winner = None

    bourred = frozenset(p for p, n in tricks.items() if n == 0)
    payers = [p for p in tricks if p in bourred or p in renegers]
    payments = {p: _cap(pot, rules) for p in payers if p not in corrected or p in renegers}
    taken = 0 if winner is None else pot + _payments_to_winner(payments, winner, rules)
    carried = pot - taken + sum(payments.values())

    return Settlement(
        winner=winner,
        taken=taken,
        payments=payments,
        pot_before=pot,
        pot_carried=carried,
        tricks=dict(tricks),
        tied=tied,
        bourred=bourred,
        renegers=renegers,
        skips_next_ante=_skippers(rules, bourred, renegers, tied, corrected),
        sits_out_next=corrected,
    )


def antes(
    seats: Sequence[Hashable],
    dealer: Hashable,
    rules: Rules | None = None,
    skip: Iterable[Hashable] = (),
) -> dict[Hashable, int]:
    """Who puts what in the pot before the deal: one chip from every seat dealt in that does
    not skip the ante, or, under wikipedia's dealer-antes variant, all of them from the dealer."""
    rules = Rules() if rules is None else rules
    skipped = frozenset(skip)
    owing = [p for p in seats if p not in skipped]
    if rules.dealer_antes_for_all:
        return {dealer: len(owing)}
    return dict.fromkeys(owing, 1)


def second_antes(playing: Iterable[Hashable], rules: Rules | None = None) -> dict[Hashable, int]:
    """The second antes of a hand: one more chip from each player who plays where the rules ask
    it (glimne's second ante, pagat's double ante), none otherwise. When it is paid (with
    'play' or in the double ante's own round after the draw) is the game's business."""
    rules = Rules() if rules is None else rules
    return dict.fromkeys(playing, 1) if rules.pays_second_ante else {}


def pot_at_play(
    carried: int,
    seats: Sequence[Hashable],
    playing: Iterable[Hashable],
    rules: Rules | None = None,
    skip: Iterable[Hashable] = (),
) -> int:
    """The pot when the cards are played: the chips carried in, this hand's antes (the first
    seat deals) and the second antes of the players who play."""
    put_in = antes(seats, seats[0], rules, skip)
    return carried + sum(put_in.values()) + sum(second_antes(playing, rules).values())


def _cap(amount: int, rules: Rules) -> int:
    """What one bourré or renege costs: the pot, limited by the pot limit if there is one."""
    return amount if rules.pot_limit is None else min(amount, rules.pot_limit)


def _payments_to_winner(payments: Mapping[Hashable, int], winner: Hashable, rules: Rules) -> int:
    """The part of this hand's payments that the winner takes with the pot (glimne's reading).

    A winner's own renege payment stays in the pot: a penalty paid back to its payer would be
    none (an engine decision; glimne does not say, docs/rules.md, Engine decisions).
    """
    if rules.bourre_paid_to != "winner":
        return 0
    return sum(amount for player, amount in payments.items() if player != winner)


def _skippers(
    rules: Rules,
    bourred: frozenset,
    renegers: frozenset,
    tied: frozenset,
    corrected: frozenset,
) -> frozenset:
    """Who puts in no ante for the next hand, by the preset's ante rule."""
    if rules.double_ante or rules.ante_skip == "none":
        skip: frozenset = frozenset()
    elif rules.ante_skip == "bourred":
        skip = bourred | renegers
    else:
        skip = bourred | renegers | tied
    return skip | corrected


def _check_pot(pot: object) -> None:
    if isinstance(pot, bool) or not isinstance(pot, int) or pot < 0:
        raise ValueError(f"pot must be a whole number of chips, 0 or more, got {pot!r}")


def _check_tricks(tricks: Mapping[Hashable, int]) -> dict[Hashable, int]:
    if not isinstance(tricks, Mapping) or not tricks:
        raise ValueError(
            "tricks must map each player who played to the tricks they took, "
            f"e.g. {{'A': 3, 'B': 2}}; got {tricks!r}"
        )
    for player, n in tricks.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= TRICKS_PER_HAND:
            raise ValueError(f"tricks for {player!r} must be a whole number from 0 to 5, got {n!r}")
    total = sum(tricks.values())
    if total != TRICKS_PER_HAND:
        raise ValueError(
            f"a hand has five tricks, but the counts add up to {total}: {dict(tricks)}"
        )
    return dict(tricks)


def _check_players(name: str, players: Iterable[Hashable], tricks: Mapping) -> frozenset:
    chosen = frozenset(players)
    strangers = [p for p in chosen if p not in tricks]
    if strangers:
        raise ValueError(
            f"{name} must be players who played this hand ({', '.join(map(str, tricks))}); "
            f"unknown: {', '.join(map(str, strangers))}"
        )
    return chosen
