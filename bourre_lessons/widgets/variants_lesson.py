"""Lesson 08b's own views: the sources' words as rule chips, and glimne's game for fun.

`source_words("pagat double ante", ...)` shows rule chips that open each passage's quotation
and our translation, and prints the same as plain text (a saved notebook shows it unrun).

`show_for_fun()` is glimne's game for fun as a story scene, a seeded session played by the
course's bots. Everyone starts with the same chips; the session stops after an agreed number of hands, or
after the hand in which someone's chips reach zero, and the player with the most chips wins
(glimne, game for fun; `reading-bankrupt`). The hands are played by the simulator
(`sim.variant_effects.for_fun_session`), so this scene is built here, beside the widgets, and
not in the catalogue, whose stories use the engine alone.
"""

from __future__ import annotations

import inspect
from functools import lru_cache

from ..rules import Rules
from ..scenes.model import Scene, StoryStep
from ..sim.variant_effects import ForFunTerms, for_fun_session
from ..sources import chip, chip_text
from .scenes.scene import SceneView
from .scenes.scene_views import scene_view
from .source_chip import chip_html, page_css

__all__ = ["SourceWords", "for_fun_scene", "show_for_fun", "source_words"]


class SourceWords:
    """Rule chips for a few passages: click one to see the source's words and ours."""

    def __init__(self, citations: tuple[str, ...]) -> None:
        for citation in citations:
            chip(citation)  # an unknown citation raises KeyError naming the register's ids
        self.citations = citations

    def to_text(self) -> str:
        """Each passage as plain text: the citation, the quotation and our translation."""
        return "\n\n".join(chip_text(chip(c)) for c in self.citations)

    def __repr__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        chips = "".join(f"<div>{chip_html(c)}</div>" for c in self.citations)
        row = "display:flex; flex-wrap:wrap; gap:4px 14px; align-items:flex-start"
        return (
            f"<style>{page_css()}</style><div class='bourre-source-words' style='{row}'>"
            f"<b>The source's own words (click one):</b>{chips}</div>"
        )


def source_words(*citations: str) -> SourceWords:
    """Chips that open each cited passage ('pagat double ante', 'glimne english deal')."""
    if not citations:
        raise ValueError("name at least one passage, e.g. source_words('pagat double ante')")
    return SourceWords(citations)


def for_fun_scene(
    players: int = 5,
    hands: int = 30,
    bankroll: int = 100,
    bots: str = "heuristic",
    seed: int = 3,
    every: int = 5,
) -> Scene:
    """The story of one session: the standings every `every` hands, then who won and why."""
    if every < 1:
        raise ValueError(f"show the standings every 1 or more hands, got {every}")

    @lru_cache(maxsize=8)
    def story(rules: Rules) -> tuple[StoryStep, ...]:
        session = for_fun_session(ForFunTerms(players, hands, bankroll, rules, bots), seed)
        steps = [
            StoryStep(
                f"{players} players sit down with {bankroll} chips each and agree to play "
                f"{hands} hands; the course's {bots} bots play every seat (seed {seed}).",
                0,
            )
        ]
        shown = [h for h in range(every, session.played, every)] + [session.played]
        for after in shown:
            pot = int(session.pots[after - 1])
            steps.append(StoryStep(f"After {after} hands: {session.standings(after)}.", pot))
        steps.append(StoryStep(session.ending(), int(session.pots[-1])))
        return tuple(steps)

    return Scene(
        "glimne-for-fun",
        "glimne",
        "for fun",
        "A game for fun",
        "glimne's game for fun: everyone starts with the same chips (say 100 units each), and "
        "after an agreed number of hands, or as soon as one player is bankrupt, the player with "
        "the most chips wins.",
        "story",
        story=story,
        note=f"glimne gives only the 100 units, as an example; the {hands} agreed hands are ours, "
        "and so is reading a player as bankrupt once their chips are at zero or below "
        "(reading-bankrupt).",
    )


_SCENE_SETTINGS = tuple(inspect.signature(for_fun_scene).parameters)


def show_for_fun(**options: object) -> SceneView:
    """The session as a story to step through: the settings of `for_fun_scene` (players,
    hands, bankroll, bots, seed, every), the other options as for `scenes.show`."""
    settings = {name: options.pop(name) for name in _SCENE_SETTINGS if name in options}
    return scene_view(for_fun_scene(**settings), **options)  # type: ignore[arg-type]
