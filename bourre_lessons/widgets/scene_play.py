"""The view of a play scene: card buttons, Show answer, Why? and the rulebooks side by side.

No rules logic lives here: verdicts, legal sets and the cards a phrase names come from
the engine (`bourre_lessons.play`, `bourre_lessons.naming`).
"""

from __future__ import annotations

import html
from typing import ClassVar

import ipywidgets as widgets

from ..cards import Card, parse_card
from ..play import explain, trick_winner, verdicts
from ..scenes.model import YOU, Moment
from .kit import FOUR_COLOURS, TWO_COLOURS, card_button, card_colour, connect_buttons, toggle_class
from .scene import SAY_HINT, SceneWidget, _cards_text

__all__ = ["PlayView"]


class PlayView(SceneWidget):
    """A play scene: step to your turn, then click a card (or say it) and ask why."""

    def _build(self) -> None:
        self.hand_box = widgets.HBox()
        self.card_buttons: dict[Card, widgets.Button] = {}
        self.retry_button = widgets.Button(description="Try again")
        self.answer_button = widgets.Button(description="Show answer")
        self.why_button = widgets.Button(description="Why?")

    _RENAMED: ClassVar[dict[str, str]] = {
        **SceneWidget._RENAMED,
        "retry_button": "try-again",
        "answer_button": "show-answer",
    }

    def _tagged(self) -> str:
        return f"{super()._tagged()} hand_box retry_button answer_button why_button"

    def _wire(self) -> None:
        super()._wire()
        connect_buttons(
            self,
            retry_button=self.try_again,
            answer_button=self.show_answer,
            why_button=self.why,
        )

    def _middle_rows(self) -> list[widgets.Widget]:
        return [self.hand_box, widgets.HBox([self.say_box, self.say_button])]

    def _nav_buttons(self) -> list[widgets.Widget]:
        return [*super()._nav_buttons(), self.retry_button, self.answer_button, self.why_button]

    # --- public, for code cells and tests ---------------------------------------------------

    @property
    def moment_index(self) -> int:
        """Which moment of a play scene the current step belongs to."""
        return self._position()[0]

    @property
    def moment(self) -> Moment:
        """The moment on screen."""
        return self.scene.moments[self.moment_index]

    @property
    def your_turn(self) -> bool:
        """True when every card before yours is on the table and you have not yet played."""
        m, shown = self._position()
        return shown == len(self.scene.moments[m].trick) and self.played is None

    @property
    def step_count(self) -> int:
        """How many steps Back / Next move through."""
        return sum(len(m.trick) + 1 for m in self.scene.moments)

    @property
    def designation(self):
        """What the laws make of a naming scene's phrase under the rules in force."""
        return self.scene.designation(self.rules, self.moment_index)

    def legal(self) -> frozenset[Card]:
        """The engine's legal cards at the moment on screen, under the rules in force."""
        return self.scene.legal(self.rules, self.moment_index)

    def play(self, card: Card | str) -> str:
        """Play a card as if clicked; returns the feedback shown."""
        card = parse_card(card)
        if card not in self.moment.hand:
            return self._say(
                f"{card} is not in your hand; you hold {_cards_text(self.moment.hand)}."
            )
        if self.played is not None:
            return self._say(f"You already played {self.played}. Press Try again to choose again.")
        if not self.your_turn:
            return self._say("It is not your turn yet: press Next until the trick reaches you.")
        self._last = ("play", card)
        return self._judge_click(card)

    def say(self, text: str) -> str:
        """Play by words, as a player would say it; the laws (45C4a, 46B) decide the card."""
        from ..naming import NamingError, designate

        if not self.your_turn:
            return self._say("It is not your turn yet: press Next until the trick reaches you.")
        situation = self.scene.situation(self.moment_index)
        try:
            named = designate(text, situation, self.rules, language="auto")
        except NamingError as problem:
            first = str(problem).split(". Understood", 1)[0]
            return self._say(f"✘ {first}. {SAY_HINT}")
        heard = f"You said “{text.strip()}”: {named.reason} [{named.clause}]"
        if named.kind == "renege":
            return self._say_renege(named, text, heard)
        if named.kind != "played" or named.card is None:
            if named.kind == "invalid":
                heard += " Nothing is played: say it again."
            return self._say(heard)
        self.played = named.card
        self._last = ("say", text)
        return self._say(f"✔ {heard}")

    def _say_renege(self, named, text: str, heard: str) -> str:
        """laws 45C4a: a card named in full is played even when the rules forbid it; that is a
        renege, settled by the rulebook (pagat: correct it before the next player plays)."""
        self._last = ("say", text)
        if self.rules.renege in ("retract", "retract_and_penalty"):
            return self._say(f"✘ {heard}")
        self.played = named.card
        if self.rules.renege == "correct_before_next":
            return self._say(f"✘ {heard} Press Try again to correct it.")
        return self._say(f"✘ {heard}")

    def try_again(self) -> None:
        """Take back your card at this moment and choose again."""
        self.played = None
        self._last = ("", None)
        self._say("Choose again.")

    def show_answer(self) -> str:
        """Highlight every legal card and say which they are."""
        self.answer_shown = True
        self._last = ("answer", None)
        legal = self.legal()
        return self._say(
            f"Legal under {self._rules_label()}: {_cards_text(legal)}.{self._pick_note()}"
        )

    def why(self) -> str:
        """List every card of the hand with its verdict."""
        self._last = ("why", None)
        lines = [*self._why_heading(), f"Every card under {self._rules_label()}:"]
        for v in verdicts(self.scene.situation(self.moment_index), self.rules):
            mark = "✔" if v.legal else "✘"
            lines.append(f"{mark} {v.card} [{v.rule}] {v.reason}")
        return self._say("\n".join(lines))

    # --- judging ------------------------------------------------------------------------

    def _judge_click(self, card: Card) -> str:
        """The feedback for a card clicked on your turn."""
        return self._judge(card)

    def _judge(self, card: Card) -> str:
        verdict = explain(self.scene.situation(self.moment_index), card, self.rules)
        if verdict.legal:
            self.played = card
            text = f"✔ {verdict.reason} [{verdict.rule}]{self._pick_note()}"
        else:
            text = f"✘ {verdict.reason} [{verdict.rule}: {verdict.summary}]"
        return self._say(text)

    def _why_heading(self) -> list[str]:
        """Lines Why? puts before the verdicts."""
        return []

    def _highlighted(self) -> frozenset[Card]:
        """Cards lit by Show answer: the legal cards."""
        return self.legal()

    def _pick_note(self) -> str:
        m = self.moment
        if m.pick is not None and m.pick in self.legal() and len(self.legal()) > 1:
            return f" ({self.scene.source} picks {m.pick} here.)"
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
        """(moment index, cards of the current trick shown) for the current step."""
        remaining = self.step
        for i, m in enumerate(self.scene.moments):
            if remaining <= len(m.trick):
                return i, remaining
            remaining -= len(m.trick) + 1
        last = len(self.scene.moments) - 1
        return last, len(self.scene.moments[last].trick)

    def _card_html(self, card: Card) -> str:
        colour = card_colour(card, self.four_colour.value)
        return f"<span title='{card.name}' style='color:{colour};font-weight:bold'>{card}</span>"

    def _shown_plays(self) -> list[tuple[str, Card]]:
        m, shown = self._position()
        plays = list(self.scene.moments[m].trick[:shown])
        if self.played is not None:
            plays.append((YOU, self.played))
        return plays

    def _body_html(self) -> str:
        s, m = self.scene, self.moment
        assert s.trump is not None
        colour = TWO_COLOURS[s.trump] if not self.four_colour.value else FOUR_COLOURS[s.trump]
        parts = [
            f"<div class='bourre-trump'>Trump: <span style='color:{colour};font-weight:bold'>"
            f"{s.trump.symbol} {s.trump.plural}</span></div>"
        ]
        if m.history:
            rows = [self._trick_line(i, t) for i, t in enumerate(m.history, start=1)]
            parts.append(
                "<div class='bourre-history'>Earlier tricks:<br>" + "<br>".join(rows) + "</div>"
            )
        if m.tricks_won:
            parts.append(
                f"<div>You have won {m.tricks_won} trick{'s' * (m.tricks_won != 1)}.</div>"
            )
        if m.others_out_of_trump:
            parts.append("<div>Every other player has shown they hold no trump.</div>")
        parts.append(self._trick_html())
        if m.caption:
            parts.append(f"<div>{html.escape(m.caption)}</div>")
        parts += self._phrase_html()
        parts.append(f"<div class='bourre-status'>{html.escape(self._status())}</div>")
        return "".join(parts)

    def _trick_html(self) -> str:
        """The current trick, one cell per seat."""
        seats = []
        shown = dict(self._shown_plays())
        for seat in self.moment.seats:
            card = shown.get(seat)
            slot = self._card_html(card) if card else ("▢" if seat != YOU else "?")
            seats.append(f"<td style='padding:4px 12px;text-align:center'>{seat}<br>{slot}</td>")
        return "<table class='bourre-trick'><tr>" + "".join(seats) + "</tr></table>"

    def _phrase_html(self) -> list[str]:
        """The phrase you say, as HTML (naming scenes only)."""
        return []

    def _phrase_text(self) -> list[str]:
        """The phrase you say, as text (naming scenes only)."""
        return []

    def _trick_line(self, number: int, plays: tuple[tuple[str, Card], ...]) -> str:
        assert self.scene.trump is not None
        winner = plays[trick_winner([c for _, c in plays], self.scene.trump)][0]
        cards = ", ".join(f"{seat} {self._card_html(card)}" for seat, card in plays)
        return f"{number}) {cards} — {winner} won"

    def _status(self) -> str:
        m, shown = self._position()
        moment = self.scene.moments[m]
        part = (
            f"Position {m + 1} of {len(self.scene.moments)}. "
            if len(self.scene.moments) > 1
            else ""
        )
        if self.played is not None:
            return part + f"You played {self.played}."
        if shown < len(moment.trick):
            return part + f"{moment.trick[shown][0]} is about to play: press Next."
        verb = "lead" if not moment.trick else "play"
        return part + f"Your turn: click a card to {verb} it."

    def _render_body(self) -> None:
        legal = self._highlighted() if self.answer_shown else frozenset()
        size_name = "classroom" if self.classroom.value else "normal"
        buttons = []
        for card in self.moment.hand:
            button = card_button(
                card, size_name, self.four_colour.value, self.play, self.card_buttons.get(card)
            )
            self.card_buttons[card] = button
            button.style.button_color = "#d7f5d0" if card in legal else "#ffffff"
            button.disabled = not self.your_turn
            toggle_class(button, "bourre-legal", card in legal)
            toggle_class(button, "bourre-played", card == self.played)
            buttons.append(button)
        self.hand_box.children = buttons
        self.retry_button.disabled = self.played is None

    def _body_text(self) -> list[str]:
        s, m = self.scene, self.moment
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
            lines.append("Every other player has shown they hold no trump.")
        trick = ", ".join(f"{p} {c}" for p, c in self._shown_plays()) or "no cards yet"
        lines.append(f"This trick: {trick}")
        if m.caption:
            lines.append(m.caption)
        lines += self._phrase_text()
        lines.append(self._status())
        lines.append(f"Your hand: {' '.join(str(c) for c in m.hand)}")
        if self.answer_shown:
            lines.append(f"Highlighted: {_cards_text(self._highlighted())}")
        return lines

    def _compare_rows(self) -> list[tuple[str, str]]:
        answers = self.scene.disagreement(self.moment_index)
        return [(name, _cards_text(cards)) for name, cards in answers.items()]
