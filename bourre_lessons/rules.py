"""Rules: one frozen dataclass of switches, with a preset for each source.

Every place where the sources disagree is one switch (docs/rules.md, "Switches and presets",
lists each with its values and every preset's). A preset is the set of switches one source
implies; `Rules()` is the pagat preset. Change one switch with
`dataclasses.replace(rules, cinch="off")`; a bad value raises `ValueError` at once.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from .text import ReadsAsText

__all__ = ["MAX_PLAYERS", "PRESETS", "SEAT_LETTERS", "SOURCES", "Rules"]

Cinch = Literal["off", "pot", "strict"]
Restock = Literal["folded_then_discards", "folded_and_served_discards"]
AnteSkip = Literal["none", "bourred", "bourred_and_tied"]
Renege = Literal["penalty", "retract", "retract_and_penalty", "correct_before_next"]
SeparateTrump = Literal["off", "nobody", "dealer"]
BourrePaidTo = Literal["next_pot", "winner"]
DrawTiming = Literal["same_turn", "after_declarations"]
DoubleAnteRound = Literal["with_play", "after_draw"]

SOURCES = ("glimne", "wikipedia", "pagat")
MAX_PLAYERS = 8
"""The most players the engine seats: the deal and draw need enough cards (pagat's 2-8)."""
SEAT_LETTERS = "ABCDEFGH"
"""Default seat names, clockwise."""

_CHOICES: dict[str, tuple[str, ...]] = {
    "source": SOURCES,
    "cinch": ("off", "pot", "strict"),
    "restock": ("folded_then_discards", "folded_and_served_discards"),
    "ante_skip": ("none", "bourred", "bourred_and_tied"),
    "renege": ("penalty", "retract", "retract_and_penalty", "correct_before_next"),
    "separate_trump_card": ("off", "nobody", "dealer"),
    "bourre_paid_to": ("next_pot", "winner"),
    "draw_timing": ("same_turn", "after_declarations"),
    "double_ante_round": ("with_play", "after_draw"),
}


@dataclass(frozen=True)
class Rules(ReadsAsText):
    """The switches that decide a game; defaults are the pagat preset.

    Play of the cards:
      trump_when_cannot_win -- void in the led suit and unable to overtrump: still play a
          trump (glimne 6, pagat 2) or any card (wikipedia 2).
      must_play_known_top -- holding the known top card of the led suit with players still
          to come: play it (glimne 9).
      must_lead_trump_when_others_out -- on lead, every other player known to be out of
          trumps: lead a trump (glimne 10).
      cinch -- sure-win rules: "off" (glimne's base rules), "pot" (pagat, wikipedia) or
          "strict" (glimne's named local "cinch win" variant on top of "pot").
    Money:
      pot_limit -- cap on what one bourré or renege payment costs a player (a wikipedia
          variant, no figure given); that the winner still takes the whole pot is the
          engine's reading (wikipedia says nothing of the winner).
      dealer_antes_for_all -- the dealer puts in every player's ante (wikipedia variant).
      double_ante -- pagat's double-ante variant: everyone antes, players who play add one.
      double_ante_round -- when the double ante's second chip is paid, pagat's text being
          terse: "with_play" (the course's reading: saying play puts it in, so a player who
          does not pay it is a player who passes) or "after_draw" (the other reading: a second
          round once the draw is over, in which each player still in pays it, "pay", or drops
          out without paying, "drop", and loses the deal like a player who passed). Only
          matters with `double_ante` on.
      second_ante -- a player who plays puts in a second ante (glimne).
      ante_skip -- who skips the next ante: "none" (glimne), "bourred" (wikipedia: the
          bourré payment replaces the ante), "bourred_and_tied" (pagat).
      renege -- a misplay: "penalty" (glimne, wikipedia: pay as for a bourré), "retract"
          or "retract_and_penalty" (wikipedia variants), "correct_before_next" (pagat).
      bourre_paid_to -- where a bourré or renege payment goes: "next_pot" (pagat,
          wikipedia) or "winner" (glimne read literally: with a winner, the winner takes
          the pot and the payment; on a split both readings leave it in the pot).
    Play or pass, and the draw:
      draw_timing -- when a player who says play throws away and draws: "same_turn" (one
          round: in turn from the dealer's left, a player who says play discards and is
          served at once, before the next player speaks, so later speakers hear how many
          cards each earlier player drew; the course's reading of pagat's terse base text)
          or "after_declarations" (two rounds: everyone declares, then the players who
          play draw in the same order; glimne, wikipedia). pagat's double ante and its
          simultaneous declaration describe two rounds, so with either of them on the draw
          comes after the declarations whatever this says (`draws_in_turn`).
    Table:
      min_players, max_players -- wikipedia 2-7, pagat 2-8; glimne calls 2-6 suitable, a
          recommendation, so its preset allows up to 8 like the engine.
      max_discards, max_discards_seven -- the draw limit; wikipedia: 3 with seven players.
      restock -- when the stock runs out: folded hands first, then discards (wikipedia;
          glimne names only the folded hands, and the engine goes on as wikipedia does), or
          folded hands and served players' discards together (pagat).
      dealer_ace_leads -- a turned ace: the dealer leads the first trick (glimne).
      dealer_ace_must_play -- a turned ace: the dealer may not pass (pagat).
      dealer_may_discard_trump_card -- the turned card may be discarded: True in every
          preset (glimne and wikipedia allow any exchange, pagat calls it unusual); False
          is a house rule.
      lone_player_wins -- one player plays: they take the pot without play (pagat).
      separate_trump_card -- pagat variant: a sixth card turned for trump, belonging to
          "nobody" or available to the "dealer" who plays; "off" by default.
      simultaneous_declaration -- pagat variant: play or pass decided all at once, each
          choice hidden (a chip in a closed fist, or none) until the last is made, then
          revealed together; the players who play then draw in the usual order.
      out_of_turn_penalty -- pagat: declaring out of turn sits you out of the next deal.
    """

    source: str = "pagat"
    trump_when_cannot_win: bool = True
    must_play_known_top: bool = False
    must_lead_trump_when_others_out: bool = False
    cinch: Cinch = "pot"
    pot_limit: int | None = None
    dealer_antes_for_all: bool = False
    double_ante: bool = False
    double_ante_round: DoubleAnteRound = "with_play"
    second_ante: bool = False
    ante_skip: AnteSkip = "bourred_and_tied"
    renege: Renege = "correct_before_next"
    bourre_paid_to: BourrePaidTo = "next_pot"
    draw_timing: DrawTiming = "same_turn"
    min_players: int = 2
    max_players: int = 8
    max_discards: int = 5
    max_discards_seven: int | None = None
    restock: Restock = "folded_and_served_discards"
    dealer_ace_leads: bool = False
    dealer_ace_must_play: bool = True
    dealer_may_discard_trump_card: bool = True
    lone_player_wins: bool = True
    separate_trump_card: SeparateTrump = "off"
    simultaneous_declaration: bool = False
    out_of_turn_penalty: bool = True

    def __post_init__(self) -> None:
        for f in fields(self):
            _check_value(f.name, getattr(self, f.name), f.type)
        if self.min_players > self.max_players:
            raise ValueError(
                f"min_players ({self.min_players}) is more than max_players ({self.max_players})"
            )
        if self.max_discards_seven is not None and self.max_discards_seven > self.max_discards:
            raise ValueError(
                f"max_discards_seven ({self.max_discards_seven}) cannot exceed "
                f"max_discards ({self.max_discards})"
            )
        if self.separate_trump_card != "off" and self.max_players > 8:
            raise ValueError("a separate trump card leaves too few cards for more than 8 players")

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The rules one source implies: 'glimne', 'wikipedia' or 'pagat'."""
        key = name.strip().lower() if isinstance(name, str) else name
        if key not in PRESETS:
            raise ValueError(f"unknown preset {name!r}; choose one of {', '.join(SOURCES)}")
        return PRESETS[key]

    def max_discards_for(self, players: int) -> int:
        """How many cards one player may exchange in the draw at a table of `players`."""
        if players >= 7 and self.max_discards_seven is not None:
            return self.max_discards_seven
        return self.max_discards

    @property
    def pays_second_ante(self) -> bool:
        """Whether a player who plays puts in a second ante (glimne, or pagat's double ante)."""
        return self.second_ante or self.double_ante

    @property
    def second_chip_after_draw(self) -> bool:
        """Whether the double ante's second chip is paid in a round of its own after the draw
        (`double_ante_round` "after_draw"), not with 'play'."""
        return self.double_ante and self.double_ante_round == "after_draw"

    @property
    def draws_in_turn(self) -> bool:
        """Whether a player who says play draws at once, before the next player declares
        (one round): `draw_timing` "same_turn", unless pagat's double ante or simultaneous
        declaration is on, which describe two rounds."""
        return (
            self.draw_timing == "same_turn"
            and not self.double_ante
            and not self.simultaneous_declaration
        )

    def to_text(self) -> str:
        """The rule set in words: its preset, and each switch set otherwise than the preset."""
        base = PRESETS.get(self.source)
        changed = base.differences(self) if base is not None else {}
        if not changed:
            return f"{self.source} rules (the preset)"
        lines = [f"{self.source} rules, changed from the preset:"]
        lines += [f"  {name}: {new!r} (preset: {old!r})" for name, (old, new) in changed.items()]
        return "\n".join(lines)

    def differences(self, other: Rules) -> dict[str, tuple[Any, Any]]:
        """The switches on which two rule sets differ: name -> (ours, theirs)."""
        mine, theirs = asdict(self), asdict(other)
        return {k: (mine[k], theirs[k]) for k in mine if k != "source" and mine[k] != theirs[k]}


def _check_value(name: str, value: Any, annotation: Any) -> None:
    """Raise ValueError if `value` is not an accepted value of switch `name`."""
    if name in _CHOICES:
        if value not in _CHOICES[name]:
            raise ValueError(
                f"{name}={value!r} is not accepted; choose one of {', '.join(_CHOICES[name])}"
            )
        return
    optional = "None" in str(annotation)
    if value is None and optional:
        return
    if "bool" in str(annotation):
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be True or False, got {value!r}")
        return
    if isinstance(value, bool) or not isinstance(value, int):
        extra = " or None" if optional else ""
        raise ValueError(f"{name} must be a whole number{extra}, got {value!r}")
    low, high = _RANGES[name]
    if not low <= value <= high:
        raise ValueError(f"{name} must be between {low} and {high}, got {value}")


_RANGES = {
    "pot_limit": (1, 10**9),
    "min_players": (2, MAX_PLAYERS),
    "max_players": (2, MAX_PLAYERS),
    "max_discards": (0, 5),
    "max_discards_seven": (0, 5),
}

PRESETS: dict[str, Rules] = {
    "pagat": Rules(),
    "glimne": Rules(
        source="glimne",
        trump_when_cannot_win=True,
        must_play_known_top=True,
        must_lead_trump_when_others_out=True,
        cinch="off",
        second_ante=True,
        ante_skip="none",
        renege="penalty",
        bourre_paid_to="winner",
        draw_timing="after_declarations",
        restock="folded_then_discards",
        dealer_ace_leads=True,
        dealer_ace_must_play=False,
        lone_player_wins=False,
        out_of_turn_penalty=False,
    ),
    "wikipedia": Rules(
        source="wikipedia",
        trump_when_cannot_win=False,
        cinch="pot",
        ante_skip="bourred",
        renege="penalty",
        draw_timing="after_declarations",
        max_players=7,
        max_discards_seven=3,
        restock="folded_then_discards",
        dealer_ace_must_play=False,
        lone_player_wins=False,
        out_of_turn_penalty=False,
    ),
}
