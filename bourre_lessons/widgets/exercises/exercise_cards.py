"""Exercise apps answered by clicking cards on the table: which cards may you play (set 1),
which may you lead (set 6, glimne 10), what do you throw away in the draw (set 6), and which
card takes the trick (set 6).

Click a card of your hand to choose it (outlined in blue), click it again to take it back,
then press Check; the trick-winner app checks the trick card you click at once. A wrong answer
marks no card (which cards are wrong is the answer); a right one, or Show solution, lifts the
cards you may play. `select(...)` and `pick(...)` are the clicks' twins in code.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...cards import Card, parse_card
from ...exercises.drills import TrickWinnerDrill
from ...exercises.feedback import Feedback
from ...exercises.legal_cards import LegalCardsSeries, read_cards
from ...progress import Progress
from ...rules import Rules
from ...sim.positions import LEVEL_TITLES, levels_for
from ..table.table_model import CardTableContent
from .exercise_base import ANY, DrillApp, ExerciseApp, SeriesApp, level_menu
from .exercise_tables import discard_scene, position_scene, trick_scene

__all__ = ["DiscardApp", "LeadTrumpApp", "LegalCardsWidget", "TrickWinnerApp"]


class CardChoiceApp(ExerciseApp):
    """An exercise answered with a set of cards of your hand, clicked on the table."""

    verb = "play"
    table_clicks = True

    def __init__(self, exercise: Any, series: Any = None, **options: Any) -> None:
        self.chosen: set[Card] = set()
        self.revealed = False
        super().__init__(exercise, series, **options)
        self._lay_out(None)

    @property
    def selected(self) -> frozenset[Card]:
        """The cards chosen on the table."""
        return frozenset(self.chosen)

    def select(self, *cards: Card | str) -> CardChoiceApp:
        """Choose exactly these cards (as clicking them would), the others not; codes such as
        'H7' or '7♥'. A card not held is refused with a message."""
        picked, problems = read_cards(list(cards), self._hand())
        self.chosen = set(picked)
        self._changed()
        self._render()
        if problems:
            self._show("\n".join(problems))
        return self

    def _hand(self) -> tuple[Card, ...]:
        """The cards to choose from: the hand of the position."""
        return self.exercise.situation.hand

    def click(self, card: Card | str) -> None:
        """Click one card of the hand, exactly as the browser would."""
        code = card.code if isinstance(card, Card) else parse_card(card).code
        self.table.click(code)

    def _on_card(self, code: str) -> None:
        card = parse_card(code)
        self.chosen ^= {card}
        self._changed()
        self._render()

    def _answer(self) -> object:
        return set(self.chosen)

    def _answer_words(self) -> str:
        return " ".join(str(c) for c in sorted(self.chosen)) or "no card chosen"

    def _question(self) -> str:
        return (
            f"Which of your cards may you {self.verb}? Click every one (click again to take "
            "it back), then Check."
        )

    def _clear_answer(self) -> None:
        self.chosen, self.revealed = set(), False

    def _judged(self, feedback: Feedback) -> Feedback:
        self.revealed = self.revealed or feedback.correct
        return super()._judged(feedback)

    def solution(self) -> str:
        """Show the worked solution and lift the cards you may play."""
        self.revealed = True
        self._render()
        return super().solution()

    def _changed(self) -> None:
        self.revealed = False
        super()._changed()

    def _scene(self) -> CardTableContent:
        legal = self.exercise.legal() if self.revealed else None
        task = f"Your turn: click every card you may {self.verb}, then Check."
        return position_scene(self.exercise.situation, self.chosen, legal, status=task)


class LegalCardsWidget(SeriesApp, CardChoiceApp):
    """Set 1: click every card you may play, then Check (a practice app: New position too)."""

    kind = "legal-cards"
    series_type = LegalCardsSeries
    level_titles = LEVEL_TITLES

    @property
    def rules(self) -> Rules:
        """The rules the position on screen is judged by."""
        return self.exercise.rules

    def _level_names(self, rules: Rules) -> tuple[str, ...]:
        return levels_for(rules)

    def _restart(self) -> None:
        rules = Rules.preset(self.rulebook.value)
        options = level_menu(LEVEL_TITLES, levels_for(rules))
        level = self.level.value if self.level.value in dict(options).values() else ANY

        def relist() -> None:
            self.level.options = options
            self.level.value = level

        self._with_quiet(relist)
        super()._restart()


class LeadTrumpApp(DrillApp, CardChoiceApp):
    """Set 6, glimne 10: on lead, click every card you may lead, then Check."""

    kind = "lead-trump"
    verb = "lead"
    pick_rulebook = False
    drill_options: ClassVar[dict[str, Any]] = {"rulebook": "glimne"}


class DiscardApp(CardChoiceApp):
    """Set 6, the draw: click the cards to throw away, then Check (none chosen: keep all)."""

    kind = "discard"
    verb = "throw away"

    def __init__(self, exercise: Any, progress: Progress | bool | None = None) -> None:
        self.pot = exercise.game_at_draw(0).pot
        super().__init__(exercise, None, progress=progress)

    def _hand(self) -> tuple[Card, ...]:
        """The cards to choose from: the hand dealt, before the draw."""
        return self.exercise.hand

    def _answer(self) -> object:
        return set(self.chosen) if self.chosen else "keep"

    def _answer_words(self) -> str:
        chosen = " ".join(str(c) for c in sorted(self.chosen))
        return f"throw away {chosen}" if chosen else "keep all five (no card chosen)"

    def _question(self) -> str:
        return (
            "Which cards do you throw away? Click them (click again to take one back), then "
            "Check; Check with no card chosen keeps all five."
        )

    def _scene(self) -> CardTableContent:
        return discard_scene(self.exercise, self.chosen, self.pot)


class TrickWinnerApp(DrillApp, ExerciseApp):
    """Set 6: which card takes this trick? Click it in the middle of the table."""

    kind = "trick-winner"
    needs_check_button = False
    pick_rulebook = False
    shows_hand = False
    table_clicks = True

    def __init__(
        self,
        exercise: TrickWinnerDrill | None = None,
        seed: int | str = 0,
        progress: Progress | bool | None = None,
    ) -> None:
        self.picked: Card | None = None
        self._record = True
        super().__init__(exercise, seed, progress)
        self._lay_out(None)

    def pick(self, card: Card | str, record: bool = True) -> Feedback:
        """Click a card of the trick (as the browser would) and return the check's verdict."""
        code = card.code if isinstance(card, Card) else parse_card(card).code
        self._record = record
        try:
            self.table._handle_custom_msg({"type": "pick", "card": code}, [])
        finally:
            self._record = True
        assert self.feedback is not None, f"{code} is not a card of this trick"
        return self.feedback

    def _on_pick(self, code: str) -> None:
        self.picked = parse_card(code)
        self.check(self._record)

    def _answer(self) -> object:
        return self.picked

    def _answer_words(self) -> str:
        return str(self.picked) if self.picked else "no card clicked yet"

    def _question(self) -> str:
        return "Which card takes this trick? Click it."

    def _clear_answer(self) -> None:
        self.picked = None

    def _scene(self) -> CardTableContent:
        ex = self.exercise
        right = self.feedback is not None and self.feedback.correct
        return trick_scene(ex.trick, ex.trump, self.picked, ex.winner if right else None)
