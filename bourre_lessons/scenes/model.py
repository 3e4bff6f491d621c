"""What a scene is: data about one numbered example, with no widget code and no rules logic.

A play scene is one or more *positions* (`ScenePosition`): a table as you see it when it is your turn, and the
answer the source gives. A story scene (payments, restock, the dealer's ace...) is a list of
steps that the engine computes for the rulebook chosen. The renderer in `widget.py` shows
either kind; the answers always come from the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType

from ..cards import Card, Suit, parse_card, parse_cards
from ..play import Situation, legal_plays, trick_winner
from ..rules import SOURCES, Rules
from ..text import ReadsAsText

__all__ = ["YOU", "Scene", "ScenePosition", "StoryStep", "rules_for"]

YOU = "You"

Plays = tuple[tuple[str, Card], ...]


def seat_plays(text: str) -> Plays:
    """Read 'A:H7 B:HT' into ((seat, card), ...) in play order."""
    plays = []
    for token in text.split():
        seat, _, card = token.partition(":")
        if not card:
            raise ValueError(f"a play is written SEAT:CARD, e.g. 'A:H7', got {token!r}")
        plays.append((seat, parse_card(card)))
    return tuple(plays)


@dataclass(frozen=True)
class ScenePosition:
    """One decision: your hand, the trick so far (by seat), earlier tricks, the source's answer."""

    hand: tuple[Card, ...]
    trick: Plays = ()
    after: tuple[str, ...] = ()
    history: tuple[Plays, ...] = ()
    tricks_won: int = 0
    others_out_of_trump: bool = False
    answer: frozenset[Card] = frozenset()
    pick: Card | None = None
    caption: str = ""
    phrase: str = ""
    expect: str = ""

    @classmethod
    def of(
        cls,
        hand: str,
        trick: str = "",
        after: str = "",
        history: tuple[str, ...] = (),
        answer: str = "",
        pick: str = "",
        won: int = 0,
        out: bool = False,
        caption: str = "",
        phrase: str = "",
        expect: str = "",
    ) -> ScenePosition:
        """A position written compactly: cards suit first, plays as 'A:H7 B:HT'."""
        return cls(
            hand=parse_cards(hand),
            trick=seat_plays(trick),
            after=tuple(after.split()),
            history=tuple(seat_plays(t) for t in history),
            tricks_won=won,
            others_out_of_trump=out,
            answer=frozenset(parse_cards(answer)),
            pick=parse_card(pick) if pick else None,
            caption=caption,
            phrase=phrase,
            expect=expect,
        )

    @property
    def seen(self) -> tuple[Card, ...]:
        """Cards played face up in earlier tricks."""
        return tuple(card for trick in self.history for _, card in trick)

    def situation(self, trump: Suit) -> Situation:
        """The engine's view of this position."""
        return Situation(
            hand=self.hand,
            trump=trump,
            trick=tuple(card for _, card in self.trick),
            seen=self.seen,
            tricks_won=self.tricks_won,
            players_after=len(self.after),
            others_out_of_trump=self.others_out_of_trump,
            won_last_trick_with=self.won_last_trick_with(trump),
        )

    def won_last_trick_with(self, trump: Suit) -> Card | None:
        """On lead, the card with which you won the previous trick (None if you did not)."""
        if self.trick or not self.history:
            return None
        last = self.history[-1]
        seat, card = last[trick_winner(tuple(c for _, c in last), trump)]
        return card if seat == YOU else None

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats at this trick in play order, you included."""
        return (*(seat for seat, _ in self.trick), YOU, *self.after)


@dataclass(frozen=True)
class StoryStep:
    """One step of a story scene: a caption, the pot, and optionally each player's chips."""

    caption: str
    pot: int | None = None
    chips: Mapping[str, int] = field(default_factory=dict)
    detail: str = ""


@dataclass(frozen=True)
class Scene(ReadsAsText):
    """One numbered example of a source, as data: a play scene, a story or a naming scene.

    `place` is where in its source the scene stands, as the lessons cite it after the source's
    name: a rule number ('5', '46B2') or a named variant ('double ante'); `citation` joins them.
    `rules_overrides` holds switches the scene always turns on, whichever rulebook is chosen
    (the glimne cinch scenes switch `cinch` to "strict", glimne's named local variant);
    `scene.rules(preset)` applies them to a preset.
    """

    id: str
    source: str
    place: str
    title: str
    summary: str
    kind: str = "play"
    trump: Suit | None = None
    positions: tuple[ScenePosition, ...] = ()
    story: Callable[[Rules], tuple[StoryStep, ...]] | None = None
    note: str = ""
    switches: tuple[str, ...] = ()
    rules_overrides: Mapping[str, object] = field(default_factory=dict, hash=False)

    def to_text(self) -> str:
        """The scene in words: its citation and title, then what it shows."""
        return f"{self.citation}: {self.title}\n{self.summary}"

    def __post_init__(self) -> None:
        overrides = dict(self.rules_overrides)
        _check_overrides(self.id, overrides)
        object.__setattr__(self, "rules_overrides", MappingProxyType(overrides))

    @property
    def preset(self) -> str:
        """The rulebook the scene opens with: its own source's (laws scenes use pagat)."""
        return self.source if self.source in SOURCES else "pagat"

    @property
    def citation(self) -> str:
        """Source and rule, as the lessons cite them: 'glimne 5'."""
        return f"{self.source} {self.place}"

    def rules(self, preset: str | None = None, **switches: object) -> Rules:
        """A preset (default: the scene's own) with the scene's overrides, then `switches`."""
        return rules_for(preset or self.preset, **{**self.rules_overrides, **switches})

    def situation(self, position: int = 0) -> Situation:
        """The engine's view of one position of a play or naming scene."""
        if self.trump is None or not self.positions:
            raise ValueError(f"scene {self.id} is a {self.kind} scene with no position to play")
        return self.positions[position].situation(self.trump)

    def legal(self, rules: Rules | str, position: int = 0) -> frozenset[Card]:
        """The engine's legal cards at one position under `rules` (a preset name gets the
        scene's overrides; a `Rules` is used as it is)."""
        if isinstance(rules, str):
            rules = self.rules(rules)
        return legal_plays(self.situation(position), rules)

    def steps(self, rules: Rules | str | None = None) -> tuple[StoryStep, ...]:
        """A story scene's steps under `rules`: a `Rules` as it is, or a preset name (default:
        the scene's own) with the scene's overrides."""
        if self.story is None:
            raise ValueError(f"scene {self.id} is a {self.kind} scene, not a story")
        return self.story(rules if isinstance(rules, Rules) else self.rules(rules))

    def designation(self, rules: Rules, position: int = 0):
        """What the laws make of a naming scene's phrase at one position (a `Designation`)."""
        from ..naming import designate

        phrase = self.positions[position].phrase
        if not phrase:
            raise ValueError(f"scene {self.id} has no phrase to read at position {position}")
        return designate(phrase, self.situation(position), rules, language="auto")

    def disagreement(self, position: int = 0) -> dict[str, frozenset[Card]]:
        """Legal cards under each rulebook (and cinch setting, for cinch scenes) at one position,
        each with the scene's overrides; the cinch rows change only the scene's own rulebook.

        Empty when every rulebook gives the same answer.
        """
        answers = {name: self.legal(self.rules(name), position) for name in SOURCES}
        if "cinch" in self.switches:
            for value in ("off", "pot", "strict"):
                answers[f"cinch {value}"] = self.legal(self.rules(cinch=value), position)
        return answers if len(set(answers.values())) > 1 else {}


_OVERRIDABLE = tuple(f.name for f in fields(Rules) if f.name != "source")


def _check_overrides(scene_id: str, overrides: dict[str, object]) -> None:
    """Raise ValueError unless every override names a switch of `Rules` with a valid value."""
    unknown = sorted(name for name in overrides if name not in _OVERRIDABLE)
    if unknown:
        raise ValueError(
            f"scene {scene_id}: rules_overrides names no switch called {', '.join(unknown)}; "
            f"the switches are {', '.join(_OVERRIDABLE)}"
        )
    try:
        replace(Rules(), **overrides)
    except ValueError as err:
        raise ValueError(f"scene {scene_id}: bad rules_overrides: {err}") from None


def rules_for(preset: str, **switches: object) -> Rules:
    """A preset with some switches changed, e.g. rules_for('pagat', cinch='off')."""
    return replace(Rules.preset(preset), **switches)
