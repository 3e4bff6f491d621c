"""The one renderer for every scene: ipywidgets controls, handlers and one layout.

No rules logic lives here: every verdict, legal set and payment comes from the engine.
Every widget the browser tests need carries a stable DOM class (`bourre-...`), and
`to_text()` gives what is on screen as plain text, for tests and screen readers.
"""

from __future__ import annotations

import html
import io
from collections.abc import Iterable

import ipywidgets as widgets

from ..cards import Card, parse_card
from ..play import explain, trick_winner, verdicts
from ..rules import SOURCES, Rules
from ..scenes.model import YOU, Moment, Scene
from ..text import card_list
from .kit import (
    FOUR_COLOURS,
    SIZES,
    TWO_COLOURS,
    card_button,
    card_colour,
    style_sheet,
    tag,
    toggle_class,
    write,
)

__all__ = ["SceneWidget", "card_colour"]

SAY_HINT = (
    "Name a card (QH, Q♥, 10H, hj7) or say it in words: 'the king', 'a heart', 'high', "
    "'low', 'win it', 'doesn't matter' (English, Swedish, Danish, Portuguese or Japanese)."
)
CINCH_CHOICES = (("as the rulebook says", ""), ("off", "off"), ("pot", "pot"), ("strict", "strict"))


def _cards_text(cards: Iterable[Card]) -> str:
    return card_list(cards, sep=" ", empty="none")


class SceneWidget(widgets.VBox):
    """A scene a learner steps through with Back / Next and plays by clicking a card."""

    def __init__(
        self,
        scene: Scene,
        preset: str | None = None,
        size: str = "normal",
        four_colour: bool = False,
        cinch: str | None = None,
    ) -> None:
        if size not in SIZES:
            raise ValueError(f"size must be one of {', '.join(SIZES)}, got {size!r}")
        preset = preset or scene.preset
        if preset not in SOURCES:
            raise ValueError(f"preset must be one of {', '.join(SOURCES)}, got {preset!r}")
        if cinch not in (None, "", "off", "pot", "strict"):
            raise ValueError(f"cinch must be 'off', 'pot' or 'strict', got {cinch!r}")
        self.scene = scene
        self.step = 0
        self.played: Card | None = None
        self.feedback = ""
        self.answer_shown = False
        self._last = ("", None)

        self.header = widgets.HTML()
        self.rulebook = widgets.ToggleButtons(
            options=list(SOURCES), value=preset, description="Rulebook"
        )
        self.cinch = widgets.Dropdown(options=CINCH_CHOICES, value=cinch or "", description="Cinch")
        self.four_colour = widgets.Checkbox(
            value=four_colour, description="Four-colour deck", indent=False
        )
        self.classroom = widgets.ToggleButton(
            value=size == "classroom", description="Classroom size"
        )
        self.table = widgets.HTML()
        self.hand_box = widgets.HBox()
        self.card_buttons: dict[Card, widgets.Button] = {}
        self.back_button = widgets.Button(description="◀ Back")
        self.next_button = widgets.Button(description="Next ▶")
        self.restart_button = widgets.Button(description="Restart")
        self.retry_button = widgets.Button(description="Try again")
        self.answer_button = widgets.Button(description="Show answer")
        self.why_button = widgets.Button(description="Why?")
        self.say_box = widgets.Text(
            placeholder="or type your play: QH, hj7, the king, a small heart, win it…",
            description="Say",
            continuous_update=False,
        )
        self.say_button = widgets.Button(description="Say it")
        self.compare = widgets.HTML()
        self.chart = widgets.Image(format="png")
        self.output = widgets.Output()

        self._classes()
        self._wire()
        controls = [self.rulebook]
        if "cinch" in scene.switches:
            controls.append(self.cinch)
        controls += [self.four_colour, self.classroom]
        nav = [self.back_button, self.next_button, self.restart_button]
        if scene.kind != "story":
            nav += [self.retry_button, self.answer_button, self.why_button]
        wrapping = widgets.Layout(flex_flow="row wrap", align_items="center")
        body = [style_sheet(), self.header, widgets.HBox(controls, layout=wrapping), self.table]
        if scene.kind != "story":
            body += [self.hand_box, widgets.HBox([self.say_box, self.say_button])]
        body += [widgets.HBox(nav), self.output, self.compare]
        if scene.kind == "story":
            body.append(self.chart)
        super().__init__(body)
        self.add_class("bourre-scene")
        self.add_class(f"bourre-scene-{scene.id}")
        self._render()

    def __repr__(self) -> str:
        return f"<scene {self.scene.id}: {self.scene.citation} · {self.scene.title}>"

    # --- public, for code cells and tests ---------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules in force: the chosen rulebook with the scene's own switch overrides, and
        the cinch switch if one is chosen."""
        if self.cinch.value:
            return self.scene.rules(self.rulebook.value, cinch=self.cinch.value)
        return self.scene.rules(self.rulebook.value)

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
        if self.scene.kind == "story":
            return len(self.scene.steps(self.rules))
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
        if self.scene.kind == "story":
            return self._say("This scene has no cards to play: step through it with Next.")
        if card not in self.moment.hand:
            return self._say(
                f"{card} is not in your hand; you hold {_cards_text(self.moment.hand)}."
            )
        if self.played is not None:
            return self._say(f"You already played {self.played}. Press Try again to choose again.")
        if not self.your_turn:
            return self._say("It is not your turn yet: press Next until the trick reaches you.")
        self._last = ("play", card)
        if self.scene.kind == "naming":
            return self._judge_naming(card)
        return self._judge(card)

    def say(self, text: str) -> str:
        """Play by words, as a player would say it; the laws (45C4a, 46B) decide the card."""
        from ..naming import NamingError, designate

        if self.scene.kind == "story":
            return self._say("This scene has no cards to play: step through it with Next.")
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

    def next(self) -> None:
        """Step forward."""
        if self.step < self.step_count - 1:
            self.step += 1
            self._new_position()

    def to_turn(self) -> SceneWidget:
        """Step forward until the trick reaches you (or the scene ends); returns the scene."""
        while self.scene.kind != "story" and not self.your_turn and self.step < self.step_count - 1:
            self.next()
        return self

    def back(self) -> None:
        """Step back."""
        if self.step > 0:
            self.step -= 1
            self._new_position()

    def restart(self) -> None:
        """Back to the first step, nothing played, no feedback."""
        self.step = 0
        self._new_position()

    def try_again(self) -> None:
        """Take back your card at this moment and choose again."""
        self.played = None
        self._last = ("", None)
        self._say("Choose again.")

    def show_answer(self) -> str:
        """Highlight every legal card and say which they are."""
        self.answer_shown = True
        self._last = ("answer", None)
        if self.scene.kind == "naming":
            named = self.designation
            return self._say(f"“{self.moment.phrase}”: {named.reason} [{named.clause}]")
        legal = self.legal()
        return self._say(
            f"Legal under {self._rules_label()}: {_cards_text(legal)}.{self._pick_note()}"
        )

    def why(self) -> str:
        """List every card of the hand with its verdict."""
        self._last = ("why", None)
        lines = [f"Every card under {self._rules_label()}:"]
        if self.scene.kind == "naming":
            named = self.designation
            lines.insert(0, f"“{self.moment.phrase}”: {named.reason} [{named.clause}]")
        for v in verdicts(self.scene.situation(self.moment_index), self.rules):
            mark = "✔" if v.legal else "✘"
            lines.append(f"{mark} {v.card} [{v.rule}] {v.reason}")
        return self._say("\n".join(lines))

    def set_rulebook(self, preset: str, cinch: str | None = None) -> None:
        """Choose a rulebook (and optionally a cinch setting), as the selector does."""
        if cinch is not None:
            self.cinch.value = cinch
        self.rulebook.value = preset

    def to_text(self) -> str:
        """What is on screen, as plain text."""
        s = self.scene
        lines = [f"{s.citation} · {s.title}", f"Rule: {s.summary}"]
        if s.note:
            lines.append(f"Note: {s.note}")
        lines.append(f"Rulebook: {self._rules_label()}")
        lines += self._story_text() if s.kind == "story" else self._table_text()
        lines.append(f"Step {self.step + 1} of {self.step_count}")
        if self.feedback:
            lines.append(f"Feedback: {self.feedback}")
        compare = self._compare_rows()
        if compare:
            lines.append(
                "The rulebooks disagree here: " + " | ".join(f"{k}: {v}" for k, v in compare)
            )
        return "\n".join(lines)

    # --- wiring -------------------------------------------------------------------------

    def _classes(self) -> None:
        tag(
            "bourre",
            (
                (self.header, "header"),
                (self.rulebook, "rulebook"),
                (self.cinch, "cinch"),
                (self.four_colour, "four-colour"),
                (self.classroom, "classroom-toggle"),
                (self.table, "table"),
                (self.hand_box, "hand"),
                (self.back_button, "back"),
                (self.next_button, "next"),
                (self.restart_button, "restart"),
                (self.retry_button, "try-again"),
                (self.answer_button, "show-answer"),
                (self.why_button, "why"),
                (self.say_box, "say"),
                (self.say_button, "say-button"),
                (self.compare, "compare"),
                (self.chart, "chart"),
                (self.output, "feedback"),
            ),
        )

    def _wire(self) -> None:
        self.back_button.on_click(lambda _: self.back())
        self.next_button.on_click(lambda _: self.next())
        self.restart_button.on_click(lambda _: self.restart())
        self.retry_button.on_click(lambda _: self.try_again())
        self.answer_button.on_click(lambda _: self.show_answer())
        self.why_button.on_click(lambda _: self.why())
        self.say_button.on_click(lambda _: self._say_from_box())
        self.say_box.observe(self._on_say, names="value")
        self.rulebook.observe(self._on_rules, names="value")
        self.cinch.observe(self._on_rules, names="value")
        self.four_colour.observe(lambda _: self._render(), names="value")
        self.classroom.observe(lambda _: self._render(), names="value")

    def _on_say(self, change: dict) -> None:
        if change["new"].strip():
            self._say_from_box()

    def _say_from_box(self) -> None:
        """Say what the box holds, once: the box is emptied so the same words can come again
        (after Try again) and a later click on Say it does not repeat them."""
        text = self.say_box.value
        if not text.strip():
            return
        self.say_box.value = ""
        self.say(text)

    def _on_rules(self, _change: object) -> None:
        self.step = min(self.step, self.step_count - 1)
        kind, card = self._last
        if kind == "play" and card is not None:
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

    def _new_position(self) -> None:
        self.played = None
        self.answer_shown = False
        self._last = ("", None)
        self.feedback = ""
        write(self.output, "")
        self._render()

    # --- judging ------------------------------------------------------------------------

    def _judge(self, card: Card) -> str:
        verdict = explain(self.scene.situation(self.moment_index), card, self.rules)
        if verdict.legal:
            self.played = card
            text = f"✔ {verdict.reason} [{verdict.rule}]{self._pick_note()}"
        else:
            text = f"✘ {verdict.reason} [{verdict.rule}: {verdict.summary}]"
        return self._say(text)

    def _judge_naming(self, card: Card) -> str:
        named = self.designation
        fits = {
            "played": (named.card,),
            "ask": named.candidates,
            "opponent_chooses": named.candidates,
        }
        right = card in fits.get(named.kind, ())
        text = f"“{self.moment.phrase}”: {named.reason} [{named.clause}]"
        if right:
            self.played = card
            return self._say(f"✔ Yes, {card}. {text}")
        return self._say(f"✘ Not {card}. {text}")

    def _highlighted(self) -> frozenset[Card]:
        """Cards lit by Show answer: the legal cards, or in a naming scene the named ones."""
        if self.scene.kind != "naming":
            return self.legal()
        named = self.designation
        return frozenset(named.candidates or ((named.card,) if named.card else ()))

    def _pick_note(self) -> str:
        m = self.moment
        if m.pick is not None and m.pick in self.legal() and len(self.legal()) > 1:
            return f" ({self.scene.source} picks {m.pick} here.)"
        return ""

    def _say(self, text: str) -> str:
        self.feedback = text
        write(self.output, text)
        self._render()
        return text

    # --- drawing ------------------------------------------------------------------------

    def _position(self) -> tuple[int, int]:
        """(moment index, cards of the current trick shown) for the current step."""
        if self.scene.kind == "story":
            return 0, 0
        remaining = self.step
        for i, m in enumerate(self.scene.moments):
            if remaining <= len(m.trick):
                return i, remaining
            remaining -= len(m.trick) + 1
        last = len(self.scene.moments) - 1
        return last, len(self.scene.moments[last].trick)

    def _rules_label(self) -> str:
        label = self.rulebook.value
        if self.cinch.value:
            label += f", cinch {self.cinch.value}"
        elif "cinch" in self.scene.switches:
            label += f" (cinch {self.rules.cinch})"
        return label

    def _size(self) -> dict[str, str]:
        return SIZES["classroom" if self.classroom.value else "normal"]

    def _render(self) -> None:
        size = self._size()
        big = self.classroom.value
        if big:
            self.add_class("bourre-classroom")
        else:
            self.remove_class("bourre-classroom")
        s = self.scene
        style = f"font-size:{size['text']};line-height:1.4"
        self.header.value = (
            f"<div style='{style}'><b>{html.escape(s.citation)} · {html.escape(s.title)}</b><br>"
            f"{html.escape(s.summary)}"
            + (f"<br><i>{html.escape(s.note)}</i>" if s.note else "")
            + "</div>"
        )
        if s.kind != "story":
            self.table.value = f"<div style='{style}'>{self._table_html()}</div>"
            self._render_hand()
        else:
            self.table.value = f"<div style='{style}'>{self._story_html()}</div>"
            self._render_chart()
        self.back_button.disabled = self.step == 0
        self.next_button.disabled = self.step >= self.step_count - 1
        self.retry_button.disabled = self.played is None
        compare = self._compare_rows()
        self.compare.value = self._compare_html(compare, style) if compare else ""

    def _card_html(self, card: Card) -> str:
        colour = card_colour(card, self.four_colour.value)
        return f"<span title='{card.name}' style='color:{colour};font-weight:bold'>{card}</span>"

    def _shown_plays(self) -> list[tuple[str, Card]]:
        m, shown = self._position()
        plays = list(self.scene.moments[m].trick[:shown])
        if self.played is not None:
            plays.append((YOU, self.played))
        return plays

    def _table_html(self) -> str:
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
        seats = []
        shown = dict(self._shown_plays())
        for seat in self.moment.seats:
            card = shown.get(seat)
            slot = self._card_html(card) if card else ("▢" if seat != YOU else "?")
            seats.append(f"<td style='padding:4px 12px;text-align:center'>{seat}<br>{slot}</td>")
        parts.append("<table class='bourre-trick'><tr>" + "".join(seats) + "</tr></table>")
        if m.caption:
            parts.append(f"<div>{html.escape(m.caption)}</div>")
        if m.phrase:
            parts.append(
                f"<div class='bourre-phrase'>You say: <b>“{html.escape(m.phrase)}”</b></div>"
            )
        parts.append(f"<div class='bourre-status'>{html.escape(self._status())}</div>")
        return "".join(parts)

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

    def _render_hand(self) -> None:
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

    def _table_text(self) -> list[str]:
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
        shown = self._shown_plays()
        trick = ", ".join(f"{p} {c}" for p, c in shown) or "no cards yet"
        lines.append(f"This trick: {trick}")
        if m.caption:
            lines.append(m.caption)
        if m.phrase:
            lines.append(f"You say: “{m.phrase}”")
        lines.append(self._status())
        hand = " ".join(str(c) for c in m.hand)
        lines.append(f"Your hand: {hand}")
        if self.answer_shown:
            lines.append(f"Highlighted: {_cards_text(self._highlighted())}")
        return lines

    def _compare_rows(self) -> list[tuple[str, str]]:
        if self.scene.kind == "story":
            return []
        answers = self.scene.disagreement(self.moment_index)
        return [(name, _cards_text(cards)) for name, cards in answers.items()]

    def _compare_html(self, rows: list[tuple[str, str]], style: str) -> str:
        current = self.rulebook.value
        cells = "".join(
            f"<td style='padding:4px 10px;border:1px solid #bbb;"
            f"{'background:#eef6ff;font-weight:bold' if name == current else ''}'>"
            f"{html.escape(name)}<br>{html.escape(cards)}</td>"
            for name, cards in rows
        )
        return (
            f"<div style='{style}'>The rulebooks disagree on this position. Legal cards under each:"
            f"<table><tr>{cells}</tr></table></div>"
        )

    # --- stories ------------------------------------------------------------------------

    def _story_steps(self):
        return self.scene.steps(self.rules)

    def _story_html(self) -> str:
        steps = self._story_steps()[: self.step + 1]
        rows = []
        for i, st in enumerate(steps, start=1):
            pot = f" <b>Pot: {st.pot}</b>" if st.pot is not None else ""
            current = " style='background:#fff7d6'" if i == len(steps) else ""
            rows.append(f"<li{current}>{html.escape(st.caption)}{pot}</li>")
        detail = steps[-1].detail
        extra = f"<pre class='bourre-detail'>{html.escape(detail)}</pre>" if detail else ""
        return f"<ol class='bourre-story'>{''.join(rows)}</ol>{extra}"

    def _story_text(self) -> list[str]:
        lines = []
        for i, st in enumerate(self._story_steps()[: self.step + 1], start=1):
            pot = f" [pot {st.pot}]" if st.pot is not None else ""
            lines.append(f"{i}. {st.caption}{pot}")
        detail = self._story_steps()[self.step].detail
        if detail:
            lines.append(detail)
        return lines

    def _render_chart(self) -> None:
        steps = self._story_steps()
        pots = [st.pot for st in steps[: self.step + 1] if st.pot is not None]
        if not pots:
            self.chart.layout.display = "none"
            return
        self.chart.layout.display = None
        self.chart.value = _pot_chart_png(
            pots, len([st for st in steps if st.pot is not None]), self.classroom.value
        )


def _pot_chart_png(pots: list[int], total_steps: int, big: bool) -> bytes:
    """A small bar chart of the pot at each step so far, as PNG bytes."""
    from matplotlib.figure import Figure  # no pyplot: the notebook's backend is left alone

    fig = Figure(figsize=(5.5, 2.4) if not big else (8, 3.4), dpi=80)
    ax = fig.subplots()
    xs = list(range(1, len(pots) + 1))
    ax.bar(xs, pots, color="#d4a017")
    for x, p in zip(xs, pots, strict=True):
        ax.text(x, p, str(p), ha="center", va="bottom", fontsize=11 if not big else 16)
    ax.set_xlim(0.4, max(total_steps, 1) + 0.6)
    ax.set_ylim(0, max(max(pots), 1) * 1.25)
    ax.set_xlabel("step")
    ax.set_ylabel("chips in the pot")
    ax.set_xticks(range(1, total_steps + 1))
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()
