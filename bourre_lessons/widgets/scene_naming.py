"""The view of a naming scene: a play scene where you say a phrase and the laws name the card.

What a phrase names comes from the engine (`Scene.designation`, laws 45C4a and 46B).
"""

from __future__ import annotations

from ..cards import Card
from ..play import cite
from .scene_play import PlayView

__all__ = ["NamingView"]


class NamingView(PlayView):
    """A naming scene: the phrase on the table, and which card it names under each rulebook."""

    def show_answer(self) -> str:
        """Highlight the card (or cards) the phrase names and say why."""
        self.answer_shown = True
        self._last = ("answer", None)
        return self._say(self._phrase_reading(), tried=True)

    def _phrase_reading(self) -> str:
        """What the phrase names, with the clause of the laws that says so."""
        named = self.designation
        return f"“{self.position.phrase}”: {named.reason} [{cite(named.clause)}]"

    def _judge_click(self, card: Card) -> str:
        named = self.designation
        fits = {
            "played": (named.card,),
            "ask": named.candidates,
            "opponent_chooses": named.candidates,
        }
        text = self._phrase_reading()
        if card in fits.get(named.kind, ()):
            self.played = card
            return self._say(f"✔ Yes, {card}. {text}", tried=True)
        return self._say(f"✘ Not {card}. {text}", tried=True)

    def _verdict_under(self, row: str, card: Card) -> None:
        """A naming scene's columns list the legal cards only: what a phrase names is judged
        by the laws, not by a rulebook's play rules."""
        return None

    def _why_heading(self) -> list[str]:
        return [self._phrase_reading()]

    def _highlighted(self) -> frozenset[Card]:
        """Cards lit by Show answer: the ones the phrase names."""
        named = self.designation
        return frozenset(named.candidates or ((named.card,) if named.card else ()))

    def _phrase_text(self) -> list[str]:
        phrase = self.position.phrase
        return [f"You say: “{phrase}”"] if phrase else []
