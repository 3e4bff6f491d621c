"""The view of a play scene: the drawn card table, Show answer, Why? and the rulebooks side by side.

No rules logic lives here: verdicts, legal sets and the cards a phrase names come from
the engine (`bourre_lessons.play`, `bourre_lessons.naming`).
"""

from __future__ import annotations

from typing import ClassVar

import ipywidgets as widgets

from ...cards import Card, parse_card
from ...play import cite, explain, trick_winner, verdicts
from ...scenes.model import YOU, ScenePosition
from ..charts.chart_style import rulebook_colour
from ..kit import connect_buttons
from ..table.card_table import CardTable
from ..table.table_model import (
    MARKS,
    OUT_OF_TRUMP,
    CardTableContent,
    compare_entry,
    feedback_entry,
    hand_entries,
    past_entries,
    seat_entry,
    trick_entries,
    trump_entry,
    verdict_entry,
)
from .scene import SAY_HINT, SceneView, _cards_text

__all__ = ["PlayView"]


class PlayView(SceneView):
    """A play scene: step to your turn, then click a card (or say it) and ask why."""

    chosen: Card | None = None
    """Predict mode (the classroom's): a click only marks the class's choice, `reveal()` plays
    it."""

    def _build(self) -> None:
        self.table = CardTable()
        self.table.on_play(self._on_card)
        self.retry_button = widgets.Button(description="Try again")
        self.answer_button = widgets.Button(description="Show answer")
        self.why_button = widgets.Button(description="Why?")

    _RENAMED: ClassVar[dict[str, str]] = {
        **SceneView._RENAMED,
        "retry_button": "try-again",
        "answer_button": "show-answer",
    }

    def _tagged(self) -> str:
        return f"{super()._tagged()} retry_button answer_button why_button"

    def _wire(self) -> None:
        super()._wire()
        connect_buttons(
            self,
            retry_button=self.try_again,
            answer_button=self.show_answer,
            why_button=self.why,
        )

    def _middle_rows(self) -> list[widgets.Widget]:
        return [widgets.HBox([self.say_box, self.say_button])]

    def _feedback_rows(self) -> list[widgets.Widget]:
        return []  # the verdict is a callout on the table, beside your hand

    def _nav_buttons(self) -> list[widgets.Widget]:
        return [*super()._nav_buttons(), self.retry_button, self.answer_button, self.why_button]

    # --- public, for code cells and tests ---------------------------------------------------

    @property
    def position_index(self) -> int:
        """Which position of a play scene the current step belongs to."""
        return self._position()[0]

    @property
    def position(self) -> ScenePosition:
        """The position on screen."""
        return self.scene.positions[self.position_index]

    @property
    def your_turn(self) -> bool:
        """True when every card before yours is on the table and you have not yet played."""
        m, shown = self._position()
        return shown == len(self.scene.positions[m].trick) and self.played is None

    @property
    def step_count(self) -> int:
        """How many steps Back / Next move through."""
        return sum(len(m.trick) + 1 for m in self.scene.positions)

    @property
    def designation(self):
        """What the laws make of a naming scene's phrase under the rules in force."""
        return self.scene.designation(self.rules, self.position_index)

    def legal(self) -> frozenset[Card]:
        """The engine's legal cards at the position on screen, under the rules in force."""
        return self.scene.legal(self.rules, self.position_index)

    def play(self, card: Card | str) -> str:
        """Play a card as if clicked; returns the feedback shown."""
        card = parse_card(card)
        if card not in self.position.hand:
            return self._say(
                f"{card} is not in your hand; you hold {_cards_text(self.position.hand)}."
            )
        if self.played is not None:
            return self._say(f"You already played {self.played}. Press Try again to choose again.")
        if not self.your_turn:
            return self._say("It is not your turn yet: press Next until the trick reaches you.")
        if self.predict:
            self.chosen = card
            return self._say(f"The class chose {card}. Press Reveal to see what the rules say.")
        self._last = ("play", card)
        return self._judge_click(card)

    def reveal(self) -> str:
        """Predict mode: play the card the class chose, and show the verdict."""
        if self.chosen is None:
            return self._say("Nothing chosen yet: click the card the class votes for, then Reveal.")
        card, self.chosen = self.chosen, None
        self._last = ("play", card)
        return self._judge_click(card)

    def _on_card(self, code: str) -> None:
        """A card of the hand was clicked on the table: play it; a refused card shakes back."""
        self.play(code)
        if self.said["verdict"] == "illegal" and self.played is None:
            self.table.shake_card(code)

    def say(self, text: str) -> str:
        """Play by words, as a player would say it; the laws (45C4a, 46B) decide the card."""
        from ...naming import NamingError, designate

        if not self.your_turn:
            return self._say("It is not your turn yet: press Next until the trick reaches you.")
        situation = self.scene.situation(self.position_index)
        try:
            named = designate(text, situation, self.rules, language="auto")
        except NamingError as problem:
            first = str(problem).split(". Understood", 1)[0]
            return self._say(f"{first}. {SAY_HINT}", verdict="illegal")
        heard = f"You said “{text.strip()}”: {named.reason}"
        if named.kind == "renege":
            return self._say_renege(named, text, heard)
        if named.kind != "played" or named.card is None:
            note = " Nothing is played: say it again." if named.kind == "invalid" else ""
            return self._show(feedback_entry(heard, rule_id=named.clause, note=note), tried=True)
        self.played = named.card
        self._last = ("say", text)
        return self._show(feedback_entry(heard, "legal", rule_id=named.clause), tried=True)

    def _say_renege(self, named, text: str, heard: str) -> str:
        """laws 45C4a: a card named in full is played even when the rules forbid it (the engine's
        reading); that is a renege, settled by the rulebook (pagat: correct it before the next player plays)."""
        self._last = ("say", text)
        note = ""
        if self.rules.renege not in ("retract", "retract_and_penalty"):
            self.played = named.card
            if self.rules.renege == "correct_before_next":
                note = " Press Try again to correct it."
        refused = feedback_entry(heard, "illegal", rule_id=named.clause, note=note)
        return self._show(refused, tried=True)

    def try_again(self) -> None:
        """Take back your card at this position and choose again."""
        self.played = self.chosen = None
        self._last = ("", None)
        self._say("Choose again.")

    def show_answer(self) -> str:
        """Highlight every legal card and say which they are."""
        self.answer_shown = True
        self._last = ("answer", None)
        legal = self.legal()
        return self._say(
            f"Legal under {self._rules_label()}: {_cards_text(legal)}.{self._pick_note()}",
            tried=True,
        )

    def why(self) -> str:
        """List every card of the hand with its verdict."""
        self._last = ("why", None)
        heading, rule_id = self._why_heading()
        lines = [*heading, f"Every card under {self._rules_label()}:"]
        for v in verdicts(self.scene.situation(self.position_index), self.rules):
            lines.append(
                f"{MARKS['legal' if v.legal else 'illegal']} {v.card} [{cite(v.rule_id)}] {v.reason}"
            )
        return self._show(feedback_entry("\n".join(lines), rule_id=rule_id), tried=True)

    # --- judging ------------------------------------------------------------------------

    def _judge_click(self, card: Card) -> str:
        """The feedback for a card clicked on your turn."""
        return self._judge(card)

    def _judge(self, card: Card) -> str:
        """The engine's verdict on `card`, shown as data (the callout words it)."""
        verdict = explain(self.scene.situation(self.position_index), card, self.rules)
        if verdict.legal:
            self.played = card
        note = self._pick_note() if verdict.legal else ""
        return self._show(verdict_entry(verdict, note), tried=True)

    def _why_heading(self) -> tuple[list[str], str]:
        """Lines Why? puts before the verdicts, and the rule id the first of them cites."""
        return [], ""

    def _highlighted(self) -> frozenset[Card]:
        """Cards lit by Show answer: the legal cards."""
        return self.legal()

    def _pick_note(self) -> str:
        m = self.position
        if m.pick is not None and m.pick in self.legal() and len(self.legal()) > 1:
            return f" (In {self.scene.source}'s own example, {m.pick} is the card played.)"
        return ""

    def _waiting(self) -> bool:
        return not self.your_turn

    def _replay(self) -> None:
        kind, card = self._last
        if kind == "play" and isinstance(card, Card):
            self.played = None
            self._judge(card)
        elif kind == "answer":
            self.show_answer()
        elif kind == "why":
            self.why()
        elif kind == "say" and isinstance(card, str):
            self.played = None
            self.say(card)
        else:
            self._render()

    # --- drawing ------------------------------------------------------------------------

    def _position(self) -> tuple[int, int]:
        """(position index, cards of the current trick shown) for the current step."""
        remaining = self.step
        for i, m in enumerate(self.scene.positions):
            if remaining <= len(m.trick):
                return i, remaining
            remaining -= len(m.trick) + 1
        last = len(self.scene.positions) - 1
        return last, len(self.scene.positions[last].trick)

    def _shown_plays(self) -> list[tuple[str, Card]]:
        m, shown = self._position()
        plays = list(self.scene.positions[m].trick[:shown])
        if self.played is not None:
            plays.append((YOU, self.played))
        return plays

    def _phrase_text(self) -> list[str]:
        """The phrase you say, as text (naming scenes only)."""
        return []

    def _status(self) -> str:
        m, shown = self._position()
        position = self.scene.positions[m]
        part = (
            f"Position {m + 1} of {len(self.scene.positions)}. "
            if len(self.scene.positions) > 1
            else ""
        )
        if self.played is not None:
            return part + f"You played {self.played}."
        if shown < len(position.trick):
            return part + f"{position.trick[shown][0]} is about to play: press Next."
        verb = "lead" if not position.trick else "play"
        return part + f"Your turn: click a card to {verb} it."

    def _render_table(self, style: str) -> None:
        self.table.size = "classroom" if self.classroom.value else "normal"
        self.table.four_colour = self.four_colour.value
        self.table.heading = self.heading()
        self.table.show(self._table_content())

    def _table_content(self) -> CardTableContent:
        """What the drawn table shows now, all of it from the scene and the engine."""
        s, m = self.scene, self.position
        shown = self._shown_plays()
        legal = self._highlighted() if self.answer_shown else None
        return CardTableContent(
            seats=self._seat_entries(len(shown)),
            hand=hand_entries(m.hand, legal, self.played, enabled=self.your_turn),
            trick=trick_entries(shown, s.trump),
            past=past_entries(m.history, s.trump),
            trump=trump_entry(s.trump),
            status="\n".join(self._table_notes()),
            feedback=self.said,
            compare=self._compare_entries() if self._rule_shown() else [],
        )

    def _compare_entries(self) -> list[dict]:
        """The rulebooks side by side when they disagree here: each one's legal cards, the one
        in force marked, and each one's verdict on the card you tried (play scenes)."""
        if not self.rulebook_choice:
            return []  # one rulebook on screen: nothing to set beside it
        answers = self.scene.disagreement(self.position_index)
        kind, tried = self._last
        in_force = f"cinch {self.cinch.value}" if self.cinch.value else self.rulebook.value
        rows = []
        for name, legal in answers.items():
            verdict = None
            if kind == "play" and isinstance(tried, Card):
                verdict = self._verdict_under(name, tried)
            rows.append(
                compare_entry(
                    name,
                    legal,
                    current=name == in_force,
                    colour=rulebook_colour(name),
                    tried=verdict,
                )
            )
        return rows

    def _verdict_under(self, row: str, card: Card) -> tuple[Card, bool, str] | None:
        """(card, allowed?, rule) for a card under one row of the side-by-side table (a
        rulebook, or 'cinch <setting>' under the scene's own rulebook)."""
        if row.startswith("cinch "):
            rules = self.scene.rules(cinch=row.removeprefix("cinch "))
        else:
            rules = self.scene.rules(row)
        verdict = explain(self.scene.situation(self.position_index), card, rules)
        return card, verdict.legal, verdict.rule_id

    def _seat_entries(self, shown: int) -> list[dict]:
        """The seats of the position, whose turn it is, and your tricks won."""
        m = self.position
        nxt = m.trick[shown][0] if shown < len(m.trick) else (YOU if self.played is None else "")
        return [
            seat_entry(
                seat,
                you=seat == YOU,
                turn=seat == nxt,
                tricks=m.tricks_won if seat == YOU and m.tricks_won else None,
            )
            for seat in m.seats
        ]

    def _table_notes(self) -> list[str]:
        """Lines under the table: what is known, the caption, the phrase and whose turn."""
        m = self.position
        notes = [OUT_OF_TRUMP] * m.others_out_of_trump
        notes += [m.caption] if m.caption else []
        return [*notes, *self._phrase_text(), self._status()]

    def _render_body(self) -> None:
        self.retry_button.disabled = self.played is None

    def _body_text(self) -> list[str]:
        s, m = self.scene, self.position
        assert s.trump is not None
        lines = [f"Trump: {s.trump.symbol} {s.trump.plural}"]
        for i, plays in enumerate(m.history, start=1):
            winner = plays[trick_winner([c for _, c in plays], s.trump)][0]
            lines.append(
                f"Earlier trick {i}: "
                + ", ".join(f"{p} {c}" for p, c in plays)
                + f" — {winner} won"
            )
        if m.tricks_won:
            lines.append(f"Tricks you have won: {m.tricks_won}")
        if m.others_out_of_trump:
            lines.append(OUT_OF_TRUMP)
        trick = ", ".join(f"{p} {c}" for p, c in self._shown_plays()) or "no cards yet"
        lines.append(f"This trick: {trick}")
        if m.caption:
            lines.append(m.caption)
        lines += self._phrase_text()
        lines.append(self._status())
        held = [c for c in m.hand if c != self.played]
        lines.append(f"Your hand: {' '.join(str(c) for c in held)}")
        if self.answer_shown:
            lines.append(f"Highlighted: {_cards_text(self._highlighted())}")
        return lines

    def _compare_rows(self) -> list[tuple[str, str]]:
        answers = self.scene.disagreement(self.position_index)
        return [(name, _cards_text(cards)) for name, cards in answers.items()]
