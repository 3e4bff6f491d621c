"""The view of your first hand: the card table, the story told step by step, your decisions.

The story (`first_hand.FirstHand`) decides everything; this view draws it on the card table,
tells the latest step under it with each new word defined (and linked to the glossary), and
turns clicks into the story's calls: Next, Play / Pass, Exchange / Keep all, a card of your
hand, Hint, Start again. `to_text()` gives the same as plain text.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

import ipywidgets as widgets

from ..actions import GameError
from ..cards import Card, parse_card
from ..first_hand import FIRST_HAND_SEED, TERMS, FirstHand, HandStep
from .kit import SIZES, add_buttons, callout_html, style_sheet, tag_attributes
from .table.card_table import CardTable
from .table.table_model import feedback_entry, feedback_text, refusal_entry, seen_table
from .text_form import TextForm

__all__ = ["GLOSSARY", "FirstHandView", "history_html", "step_html"]

GLOSSARY = "../docs/glossary.md"
"""Where the new words link to, from a lesson in notebooks/."""

DOM_PARTS = (
    "story next_button play_button pass_button exchange_button keep_button hint_button "
    "restart_button hint_view history"
)
DOM_RENAMED = {
    "story": "first-hand-story",
    "next_button": "first-hand-next",
    "play_button": "declare-play",
    "pass_button": "declare-pass",
    "exchange_button": "exchange",
    "keep_button": "keep-all",
    "hint_button": "hint",
    "restart_button": "restart",
    "hint_view": "hint-text",
    "history": "first-hand-history",
}


class FirstHandView(TextForm, widgets.VBox):
    """One whole hand at a table of four, told step by step; you decide for seat A."""

    def __init__(
        self,
        seed: int = FIRST_HAND_SEED,
        size: str = "normal",
        deal: Mapping[str, str] | None = None,
        new_words: bool = True,
    ) -> None:
        """`deal` places chosen cards (e.g. {"turned": "DA"}: the dealer turns the ace of
        diamonds), the rest dealt from the seed; `new_words=False` leaves out the words an
        earlier hand of the lesson has defined."""
        if size not in SIZES:
            raise ValueError(f"size must be one of {', '.join(SIZES)}, got {size!r}")
        self.seed, self.size, self.deal = seed, size, deal
        self.words_known = () if new_words else tuple(TERMS)
        self.selected: set[Card] = set()
        self.feedback = ""  # the callout in words; `said` is its data (a feedback_entry)
        self.said: dict = feedback_entry()
        self.hint_text = ""
        self._build()
        super().__init__(
            [
                style_sheet(),
                self.table,
                widgets.HBox(self._buttons(), layout=widgets.Layout(flex_flow="row wrap")),
                self.hint_view,
                self.story,
                self.history,
            ]
        )
        self.add_class("bourre-first-hand")
        self.restart()

    def __repr__(self) -> str:
        return f"<first hand view: {self.hand!r}>"

    # --- what the buttons call --------------------------------------------------------------

    def restart(self) -> HandStep:
        """Deal the same hand again, from the antes."""
        self.hand = FirstHand(self.seed, deal=self.deal, defined=self.words_known)
        self.selected, self.hint_text = set(), ""
        self._tell(feedback_entry())
        return self.hand.now

    def next(self) -> HandStep:
        """The next player acts (or the view says it is your turn)."""
        return self._step(self.hand.next)

    def declare(self, play: bool) -> HandStep:
        """Say play (True) or pass (False)."""
        return self._step(lambda: self.hand.declare(play))

    def exchange(self) -> HandStep:
        """Throw away the cards you selected (none selected: keep all five)."""
        return self._step(lambda: self.hand.discard(*sorted(self.selected)))

    def click(self, card: Card | str) -> str:
        """Click a card of your hand: choose it for the draw, or play it in a trick."""
        chosen = parse_card(card)
        if self.hand.waiting_for == "draw":
            self.selected ^= {chosen}
            self._render()
            return f"chosen to throw away: {' '.join(map(str, sorted(self.selected))) or 'none'}"
        if self.hand.waiting_for != "card":
            return self._tell(feedback_entry(f"Not yet: {self.hand.hint()}", "illegal"))
        try:
            self._step(lambda: self.hand.play(chosen), raise_errors=True)
        except GameError as refused:
            self.table.shake_card(chosen.code)
            return self._tell(refusal_entry(refused))
        return self._tell(feedback_entry(f"You played {chosen}.", "legal"))

    def show_hint(self) -> str:
        """Show help for the decision at hand."""
        self.hint_text = self.hand.hint()
        self._render()
        return self.hint_text

    def to_text(self) -> str:
        """The table, the latest step and any hint, as plain text."""
        parts = [self.table.to_text(), self.hand.now.to_text()]
        if self.hint_text:
            parts.append("Hint: " + self.hint_text)
        return "\n\n".join(parts)

    # --- internals ----------------------------------------------------------------------------

    def _step(self, call, raise_errors: bool = False) -> HandStep:
        """Run one call of the story; a refused action is shown, never lost state."""
        try:
            step = call()
        except GameError as refused:
            if raise_errors:
                raise
            self._tell(refusal_entry(refused))
            return self.hand.now
        self.selected, self.hint_text = set(), ""
        self._tell(feedback_entry())
        return step

    def _tell(self, entry: dict) -> str:
        """Show a callout on the table (a `feedback_entry`) and return it in words."""
        self.said, self.feedback = entry, feedback_text(entry)
        self._render()
        return self.feedback

    def _build(self) -> None:
        self.table = CardTable(size=self.size)
        self.table.on_play(self.click)
        add_buttons(
            self,
            next_button=("Next ▶", self.next),
            play_button=("Play", lambda: self.declare(True)),
            pass_button=("Pass", lambda: self.declare(False)),
            exchange_button=("Exchange chosen", self.exchange),
            keep_button=("Keep all", lambda: self.hand.waiting_for == "draw" and self._keep()),
            hint_button=("Hint", self.show_hint),
            restart_button=("Start again", self.restart),
        )
        self.next_button.button_style = "primary"
        self.hint_view = widgets.HTML()
        self.story = widgets.HTML()
        self.history = widgets.HTML()
        tag_attributes(self, "bourre", DOM_PARTS, DOM_RENAMED)
        for button in self._buttons():
            button.layout = widgets.Layout(width="auto", min_width="7em")

    def _buttons(self) -> list[widgets.Button]:
        return [
            self.next_button,
            self.play_button,
            self.pass_button,
            self.exchange_button,
            self.keep_button,
            self.hint_button,
            self.restart_button,
        ]

    def _keep(self) -> HandStep:
        self.selected = set()
        return self.exchange()

    def _render(self) -> None:
        hand, waiting = self.hand, self.hand.waiting_for
        status = "Your turn: " + hand.now.asks if hand.now.asks else _status(waiting)
        live = status if waiting in ("card", "draw") else None
        # Nobody is marked "to play" before the first Next: lesson 01 asks who speaks first.
        started = len(hand.story) > 1
        scene = seen_table(hand.game, hand.you, self.selected, live, self.said, turn_shown=started)
        if live is None:
            scene.status = status
        self.table.show(scene)
        self.next_button.disabled = waiting != "next"
        self.play_button.disabled = self.pass_button.disabled = waiting != "declare"
        self.exchange_button.disabled = not (waiting == "draw" and self.selected)
        self.keep_button.disabled = waiting != "draw"
        self.hint_button.disabled = waiting in ("next", "over")
        font = SIZES[self.size]["text"]
        hint = feedback_entry("Hint: " + self.hint_text, "info") if self.hint_text else None
        self.hint_view.value = callout_html(hint, font) if hint else ""
        self.story.value = step_html(hand.now, font)
        self.history.value = history_html(hand.story[:-1])


def _status(waiting: str) -> str:
    """The line over the table when it is not your decision."""
    return {
        "next": "Press Next ▶ to see the next player act.",
        "over": "The hand is over. Start again to play it differently.",
    }.get(waiting, "")


def step_html(step: HandStep, font_size: str = "15px") -> str:
    """One step as HTML: what happened, what it means, each new word with a glossary link."""
    esc = html.escape
    events = "".join(f"<li>{esc(line)}</li>" for line in step.lines)
    words = "".join(
        f"<li><a href='{GLOSSARY}#{t.anchor}' target='_blank'><b>{esc(t.word)}</b></a>: "
        f"{esc(t.meaning)}</li>"
        for t in step.words
    )
    parts = [f"<ul class='bourre-first-hand-events'>{events}</ul>" if events else ""]
    parts.append(f"<p class='bourre-first-hand-meaning'>{esc(step.meaning)}</p>")
    if words:
        parts.append(
            "<div class='bourre-first-hand-words' role='note'><b>New words</b>"
            f"<ul>{words}</ul></div>"
        )
    if step.asks:
        parts.append(f"<p class='bourre-first-hand-ask'><b>Your turn:</b> {esc(step.asks)}</p>")
    return (
        f"<div class='bourre-first-hand-now' aria-live='polite' style='font-size:{font_size}'>"
        f"{''.join(parts)}</div>"
    )


def history_html(steps: list[HandStep]) -> str:
    """The earlier steps, folded under 'The story so far'."""
    if not steps:
        return ""
    rows = "".join(
        f"<li>{html.escape(' · '.join(m.lines) or m.meaning)}</li>" for m in steps if m.lines
    )
    return (
        f"<details class='bourre-first-hand-so-far'><summary>The story so far "
        f"({len(steps)} steps)</summary><ol>{rows}</ol></details>"
    )
