"""The view of a naming scene: a play scene where you say a phrase and the laws name the card.

What a phrase names comes from the engine (`Scene.designation`, laws 45C4a and 46B).
"""

from __future__ import annotations

from ...cards import Card
from ..table.table_model import feedback_entry
from .scene_play import PlayView

__all__ = ["NamingView"]


class NamingView(PlayView):
    """A naming scene: the phrase on the table, and which card it names under each rulebook."""

    def show_answer(self) -> str:
        """Highlight the card (or cards) the phrase names and say why."""
        self.answer_shown = True
        self._last = ("answer", None)
        reading, clause = self._phrase_reading()
        return self._show(feedback_entry(reading, rule_id=clause), tried=True)

    def _phrase_reading(self) -> tuple[str, str]:
        """What the phrase names, and the clause of the laws that says so (its rule id)."""
        named = self.designation
        return f"“{self.position.phrase}”: {named.reason}", named.clause

    def _judge_click(self, card: Card) -> str:
        named = self.designation
        fits = {
            "played": (named.card,),
            "ask": named.candidates,
            "opponent_chooses": named.candidates,
        }
        reading, clause = self._phrase_reading()
        if card in fits.get(named.kind, ()):
            self.played = card
            said = feedback_entry(f"Yes, {card}. {reading}", "legal", rule_id=clause)
        else:
            said = feedback_entry(f"Not {card}. {reading}", "illegal", rule_id=clause)
        return self._show(said, tried=True)

    def _verdict_under(self, row: str, card: Card) -> None:
        """A naming scene's columns list the legal cards only: what a phrase names is judged
        by the laws, not by a rulebook's play rules."""
        return None

    def _why_heading(self) -> tuple[list[str], str]:
        reading, clause = self._phrase_reading()
        return [reading], clause

    def _highlighted(self) -> frozenset[Card]:
        """Cards lit by Show answer: the ones the phrase names."""
        named = self.designation
        return frozenset(named.candidates or ((named.card,) if named.card else ()))

    def _phrase_text(self) -> list[str]:
        phrase = self.position.phrase
        return [f"You say: “{phrase}”"] if phrase else []
