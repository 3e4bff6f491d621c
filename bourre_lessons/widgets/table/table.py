"""The table: play whole hands against bots, one decision at a time.

The learner sits in seat A; bots fill the other seats. Every action goes through the
engine's `Game`, so an illegal click gets the engine's verdict and changes nothing, and the
whole game is rebuilt from `(rules, seed, actions)`: a deal is shared by its seed, a finished
hand replays step by step, and the transcript prints or saves.

While a hand is played, everything on screen (the drawn table, the log, the messages, the
transcript, a replay of this hand, `to_text()`) is what seat A may know: the others' cards
show only as counts (`seat_view`), played cards by name. Once the hand is over, all of it,
and **Review this hand** asks the coach (`sim.coach.review`) to grade every decision you
made: the review is drawn in the table and told in `to_text()`. The opponents are the
course's heuristic bots, the random ones (easier) or the sampling bots (harder).

The controls around the drawn table (the boxes, the buttons, the replay slider, the log) are
made, laid out and enabled by `table_controls.TableControls`; what they do is here.

`CoachedTable` keeps the review back until the learner has guessed which decision cost the
most chips (a box under the table, or `guess(number)`), then sets the coach's answer beside
the guess: lesson 10's predict-then-see.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ...actions import hand_actions
from ...cards import Card, parse_card
from ...game import Game, GameError, IllegalAction
from ...rules import Rules
from ...seat_view import transcript_for
from ...sim.bot_names import resolve_bots
from ...sim.bots import Bot
from ..kit import SIZES, write
from ..text_form import TextForm
from .table_controls import OPPONENTS, TableControls
from .table_model import MARKS, feedback_entry, feedback_text, review_entries, seen_table
from .table_text import (
    SAID_NOTHING,
    YOU,
    button_words,
    correction_refused,
    header_text,
    log_html,
    news_lines,
    plain_text,
    status_text,
    table_html,
)

if TYPE_CHECKING:
    from ...sim.coach import HandReview

REVIEW_DEALS = 2_000
"""Deals the coach samples for each decision (the coach's own default, `sim.coach.DEALS`;
kept here so the table loads without NumPy, in the browser too)."""

__all__ = ["YOU", "CoachedTable", "TableWidget", "guess_verdict", "hand_actions"]

SEATS = "BCDEFGH"
SAY_HINT = (
    "Name a card (QH, Q♥, 10H, hj7) or say it in words: 'the king', 'a heart', 'high', "
    "'low', 'win it' (English, Swedish, Danish, Portuguese or Japanese)."
)


class TableWidget(TableControls, TextForm, widgets.VBox):
    """Whole hands against bots: declare, draw and play; the bots move when you press Continue."""

    def __init__(
        self,
        rules: Rules | str = "pagat",
        players: int = 5,
        seed: int = 0,
        bots: str | Bot | Sequence[str | Bot] = "heuristic",
        bankroll: int = 100,
        size: str = "normal",
        four_colour: bool = False,
    ) -> None:
        if size not in SIZES:
            raise ValueError(f"size must be one of {', '.join(SIZES)}, got {size!r}")
        self.rules = Rules.preset(rules) if isinstance(rules, str) else rules
        if not 2 <= players <= 1 + len(SEATS):
            raise GameError(f"a table seats 2 to {1 + len(SEATS)} players, got {players}")
        self.names = (YOU, *SEATS[: players - 1])
        self.bots = dict(zip(self.names[1:], resolve_bots(bots, players - 1), strict=True))
        self.bankroll, self.size, self.four_colour = bankroll, size, four_colour
        self.selected: set[Card] = set()
        self.feedback, self.said = "", feedback_entry()
        self.replaying: tuple[int, int] | None = None
        self.reviewed: HandReview | None = None  # the coach's review of the hand just over

        self._build_controls(seed, bots if isinstance(bots, str) else "")
        self._wire()
        super().__init__(self._layout())
        self.add_class("bourre-table-game")
        self._new_game()

    def __repr__(self) -> str:
        return f"<table: {self.share}>"

    # --- code-driven actions (what the buttons call) --------------------------------------

    def new_game(
        self, seed: int | None = None, rules: Rules | str | None = None, bots: str | None = None
    ) -> None:
        """Start again with a seed (a shared deal), a rulebook and opponents ('random',
        'heuristic' or 'sampling'; default: those chosen in the Opponents box)."""
        if rules is not None:
            self.rules = Rules.preset(rules) if isinstance(rules, str) else rules
        if seed is not None:
            self.seed_box.value = seed
        if bots is not None:
            if bots not in OPPONENTS:
                raise ValueError(f"bots must be one of {', '.join(OPPONENTS)}, got {bots!r}")
            self.opponents.value = bots
        if self.opponents.value:
            chosen = resolve_bots(self.opponents.value, len(self.names) - 1)
            self.bots = dict(zip(self.names[1:], chosen, strict=True))
        self._new_game()

    def review_hand(self, deals: int = REVIEW_DEALS) -> str:
        """The coach's review of the hand just over: every decision you made, the best choice,
        the chips at stake, mistakes marked; drawn in the table, and returned as text."""
        if self.game.phase != "settled":
            return self._say(f"Review a hand once it is over: {self._status()}")
        from ...sim.coach import review  # loaded only for a review (plain Python in the browser)

        self.reviewed = review(self.game, YOU, deals=deals)
        self.replaying = None
        self._render()
        return self.reviewed.to_text()

    def declare(self, play: bool) -> str:
        """Say play (True) or pass (False)."""
        return self._act("play" if play else "pass")

    def discard(self, *cards: Card | str) -> str:
        """Exchange these cards in the draw (none: keep all)."""
        chosen = [parse_card(c) for c in cards]
        return self._act("discard " + " ".join(c.code for c in chosen) if chosen else "keep")

    def click(self, card: Card | str) -> str:
        """Click a card of your hand: select it in the draw, play it in the tricks."""
        card = parse_card(card)
        game = self.game
        if self._pending_is_yours() and card in game.cards_of(YOU):
            return self._act(f"correct {card.code}")
        if game.to_act != YOU or card not in game.cards_of(YOU):
            return self._say(f"{card} cannot be used now: {self._status()}")
        if game.phase == "draw":
            self.selected ^= {card}
            self._render()
            return f"selected: {' '.join(str(c) for c in sorted(self.selected)) or 'nothing'}"
        if game.phase != "play":
            return self._say(f"Press Play or Pass first: {self._status()}")
        if self.misplay.value and card.code not in game.legal_actions():
            return self._act(f"renege {card.code}")
        return self._act(card.code)

    def accept(self) -> str:
        """Let your renege stand (pagat): you will pay as if bourréd."""
        return self._act("accept")

    def say(self, text: str) -> str:
        """Play a card by words, as a player says it: the laws (45C4a, 46B) decide the card.

        A card named in full is played even if the rules forbid it (the engine's reading of
        45C4a): the game records a
        renege, settled by the rulebook (pagat: correct it before the next player plays;
        glimne, wikipedia: the penalty). Words that name no card (unreadable, or a card not
        held, laws 46B4) play nothing: say it again.
        """
        from ...naming import NamingError, designate

        game = self.game
        mine = self._pending_is_yours()
        if game.phase != "play" or (game.to_act != YOU and not mine):
            return self._say(
                f"Say a card when it is your turn to play one: {self._status()}", "illegal"
            )
        try:
            named = designate(text, game.situation(YOU), self.rules, language="auto")
        except NamingError as problem:
            first = str(problem).split(". Understood", 1)[0]
            return self._say(f"{first}. {SAY_HINT}", "illegal")
        heard = (f"You said “{text.strip()}”: {named.reason}", named.clause)
        card = named.card
        if card is not None and named.kind == "played":
            return self._act(f"correct {card.code}" if mine else card.code, heard)
        if card is not None and named.kind == "renege":
            if mine and named.verdict is not None:  # a correction must be a card you may play
                return self._show(correction_refused(text.strip(), card, named.verdict))
            return self._act(f"renege {card.code}", heard)
        said, clause = heard
        nothing = SAID_NOTHING.get(named.kind, "")
        return self._show(feedback_entry(said, "illegal", rule_id=clause, note=nothing))

    def _say_from_box(self) -> None:
        """Say what the box holds, once; the box is emptied so the same words can come again."""
        text = self.say_box.value
        if not text.strip():
            return
        self.say_box.value = ""
        self.say(text)

    def advance(self) -> str:
        """One bot decision; returns what it did as your seat saw it (or why nothing moved)."""
        game = self.game
        if game.phase == "settled":
            return self._say("The hand is over: press Deal next hand.")
        player = game.to_act
        if player == YOU or player not in self.bots or self._pending_is_yours():
            return self._say(f"Your decision: {self._status()}")
        before = len(game.transcript().splitlines())
        game.apply(self.bots[player].choose(game))
        self.replaying = None
        return self._say(self._news(before))

    def advance_to_you(self) -> list[str]:
        """Let the bots act until it is your turn or the hand is settled; returns what the
        table saw, one line each (draws as counts, cards by name)."""
        game, moved = self.game, False
        before = len(game.transcript().splitlines())
        while game.phase != "settled" and game.to_act in self.bots and not self._pending_is_yours():
            game.apply(self.bots[game.to_act].choose(game))
            moved = True
        self.replaying = None
        self._say(self._news(before) if moved else "Nothing to do: " + self._status())
        return news_lines(game, YOU, before)

    def _news(self, before: int) -> str:
        """What happened since transcript line `before`, as your seat may see it, in words."""
        return "\n".join(news_lines(self.game, YOU, before))

    def finish_hand(self) -> list[str]:
        """Play the rest of the hand, taking your first legal action each time (a
        demonstration); returns what happened, one line each."""
        before = len(self.game.transcript().splitlines())
        while self.game.phase != "settled":
            if self.game.to_act == YOU or self._pending_is_yours():
                self._act(self.game.legal_actions()[0])
            else:
                self.advance_to_you()
        return news_lines(self.game, YOU, before)

    def deal(self) -> str:
        """Deal the next hand."""
        return self._act("deal")

    def replay_hand(self, number: int | None = None, step: int | None = None) -> str:
        """Show a hand (default: this one) rebuilt after `step` of its actions; returns the view."""
        number = number or self.game.hand_record.number
        start, stop = hand_actions(self.game.actions, number)
        self.replaying = (number, start)
        self.replay_slider.max = stop - start
        self.replay_slider.value = stop - start if step is None else max(0, min(step, stop - start))
        write(self.output, "")  # the live game's last message would describe another moment
        self._render()
        return self.to_text()

    def transcript(self) -> str:
        """The game's transcript, shown below the table: while a hand is being played, only
        what your seat may know of it (others' cards show once the hand is over)."""
        text = transcript_for(self.game, YOU)
        if self.game.phase != "settled":
            text += "(Other players' cards show here once this hand is over.)\n"
        self._say(text)
        return text

    def save_transcript(self, path: str | Path) -> Path:
        """Write the transcript to a text file, as `transcript()` shows it (a hand in play
        without the others' cards); returns its path."""
        target = Path(path)
        target.write_text(transcript_for(self.game, YOU), encoding="utf-8")
        return target

    @property
    def share(self) -> str:
        """How to deal the same cards elsewhere."""
        return f"TableWidget(rules={self.rules.source!r}, players={len(self.names)}, seed={self.game.seed})"

    def to_text(self) -> str:
        """The table as plain text, for tests and screen readers."""
        status = self._status() if self.replaying is None else None
        step, seat = self.replay_slider.value, self._viewer()
        text = plain_text(self._header_text(), self.shown_game, status, self.feedback, step, seat)
        shown = self._review_shown()
        return text if shown is None else f"{text}\n{shown.to_text()}"

    def _review_shown(self) -> HandReview | None:
        """The review on screen: the live hand's, once it is over and not being replayed."""
        if self.reviewed is None or self.replaying is not None or self.game.phase != "settled":
            return None
        return self.reviewed if self.reviewed.number == self.game.hand_record.number else None

    @property
    def shown_game(self) -> Game:
        """The game on screen: the live one, or the position being replayed."""
        if self.replaying is None:
            return self.game
        _, start = self.replaying
        return self.game.replayed(self.game.actions[: start + self.replay_slider.value])

    # --- internals --------------------------------------------------------------------

    def _viewer(self) -> str | None:
        """Whose knowledge the screen shows: your seat's, or everyone's (None) when the hand
        on screen is over (a replay of a finished hand)."""
        if self.replaying is None:
            return YOU
        number, live = self.replaying[0], self.game.hand_record.number
        return None if number < live or self.game.phase == "settled" else YOU

    def _new_game(self) -> None:
        self.game = Game(self.rules, self.names, int(self.seed_box.value), self.bankroll)
        self.rulebook.value = self.rules.source
        self.selected, self.replaying, self.reviewed = set(), None, None
        self.feedback, self.said = "", feedback_entry()
        write(self.output, "")
        self._render()

    def _act(self, action: str, heard: tuple[str, str] | None = None) -> str:
        """Apply your action; `heard` (what the words designated and the clause of the laws
        that says so, from `say`) leads the message."""
        before = len(self.game.transcript().splitlines())
        try:
            self.game.apply(action)
        except IllegalAction as refused:
            if heard is None:
                return self._say(button_words(str(refused)), "illegal")
            said, clause = heard
            return self._show(
                feedback_entry(said, "illegal", rule_id=clause, lines=[f"✘ {refused}"])
            )
        self.selected.clear()
        self.replaying = None
        done = self._news(before)
        verdict = "illegal" if action.startswith("renege") else "legal"  # a misplay is flagged
        if heard is None:
            return self._say(done, verdict)
        said, clause = heard
        return self._show(feedback_entry(said, verdict, rule_id=clause, lines=done.splitlines()))

    def _pending_is_yours(self) -> bool:
        pending = self.game.pending_renege
        return pending is not None and pending[0] == YOU

    def _status(self) -> str:
        return status_text(self.game, self._pending_is_yours())

    def _say(self, text: str, verdict: str = "info") -> str:
        """Show a message ("info" unless `verdict` says "legal" or "illegal"); see `_show`."""
        return self._show(feedback_entry(text, verdict))

    def _show(self, entry: dict) -> str:
        """Show a callout (a `feedback_entry`): a verdict on the drawn table, anything else
        (the transcript) below it; returns it in words."""
        self.said, self.feedback = entry, feedback_text(entry)
        write(self.output, "" if entry["verdict"] in MARKS else self.feedback)
        self._render()
        return self.feedback

    def _header_text(self) -> str:
        number = None if self.replaying is None else self.replaying[0]
        slider = self.replay_slider
        return header_text(self.game, self.rules, len(self.names), number, slider.value, slider.max)

    def _render(self) -> None:
        game = self.shown_game
        status = self._status() if self.replaying is None else None
        text_size = SIZES[self.size]["text"]
        self.header.value, _ = table_html(self._header_text(), game, status, text_size)
        shown = self._review_shown()
        rows = None if shown is None else review_entries(shown)
        self.table.show(seen_table(game, YOU, self.selected, status, self.said, rows))
        self._render_buttons()
        self.replay_slider.layout.display = None if self.replaying is not None else "none"
        self.log_view.value = log_html(game, self._viewer())


GUESS_PROMPT = (
    "Before the review: which of your decisions cost the most chips? Pick its number below "
    "(or none); the coach's review shows once you have."
)
NO_GUESS = -1
"""The guess box's value while nothing is picked."""


class CoachedTable(TableWidget):
    """The table with a guess before the coach's review: once the hand is over, you pick the
    decision you think cost the most chips (or none), and only then is the review drawn and
    told, with the coach's answer beside yours. `review_hand()` still returns the review's
    text to code at once (a lesson shows it folded)."""

    def __init__(self, *args, **kwargs) -> None:
        self.guesses: dict[int, int] = {}  # hand number -> the decision picked (0: none)
        self._syncing = False
        super().__init__(*args, **kwargs)

    def guess(self, number: int) -> str:
        """Pick the decision of the hand just over that you think cost the most chips (0: none
        was a mistake); the review is then drawn, and the coach's answer set beside yours."""
        if self.game.phase != "settled":
            return self._say(f"Guess once the hand is over: {self._status()}")
        count = self._decision_count()
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= count:
            raise ValueError(f"pick a decision from 1 to {count}, or 0 for none, got {number!r}")
        hand = self.game.hand_record.number
        if self.reviewed is None or self.reviewed.number != hand:
            self.review_hand()
            if self.reviewed is None:  # no review here (the browser without NumPy)
                return self.feedback
        self.guesses[hand] = number
        return self._say(guess_verdict(self.reviewed, number))

    def review_hand(self, deals: int = REVIEW_DEALS) -> str:
        """The coach's review, as `TableWidget.review_hand`; drawn only once you have guessed."""
        text = super().review_hand(deals)
        if self.reviewed is not None and self._review_shown() is None:
            self._say(GUESS_PROMPT)
        return text

    def _review_shown(self) -> HandReview | None:
        """The review on screen: as the plain table's, once this hand has a guess."""
        shown = super()._review_shown()
        return shown if shown is not None and shown.number in self.guesses else None

    def _status(self) -> str:
        """As the plain table's, but a finished hand asks for the guess before the review."""
        hand = self.game.hand_record.number
        if self.game.phase == "settled" and hand not in self.guesses:
            return (
                "the hand is over: which decision cost the most chips? Pick it under the "
                "table, and the review follows"
            )
        return super()._status()

    def _decision_count(self) -> int:
        """How many decisions you made in the hand on screen (the review numbers them so)."""
        from ...sim.decision_points import decision_points  # the engine's replay: no NumPy

        return len(decision_points(self.game, YOU)[0]) if self.game.phase == "settled" else 0

    def _new_game(self) -> None:
        self.guesses = {}
        super()._new_game()

    def _build_controls(self, seed: int, bots: str) -> None:
        super()._build_controls(seed, bots)
        self.guess_label = widgets.HTML("<b>Which decision cost the most chips?</b>")
        self.guess_box = widgets.Dropdown(options=[("pick one", NO_GUESS)], value=NO_GUESS)
        self.guess_row = widgets.HBox([self.guess_label, self.guess_box])
        self.guess_row.add_class("bourre-guess-row")
        self.guess_box.add_class("bourre-guess-costliest")

    def _layout(self) -> list[widgets.Widget]:
        rows = super()._layout()
        at = rows.index(self.table) + 1
        return [*rows[:at], self.guess_row, *rows[at:]]

    def _wire(self) -> None:
        super()._wire()
        self.guess_box.observe(self._on_guess, names="value")

    def _on_guess(self, change: dict) -> None:
        if not self._syncing and change["new"] != NO_GUESS:
            self.guess(change["new"])

    def _render(self) -> None:
        super()._render()
        live = self.replaying is None and self.game.phase == "settled"
        self.guess_row.layout.display = None if live else "none"
        count = self._decision_count() if live else 0
        options = [("pick one", NO_GUESS)]
        options += [(f"decision {i}", i) for i in range(1, count + 1)] + [("none", 0)]
        picked = self.guesses.get(self.game.hand_record.number, NO_GUESS) if live else NO_GUESS
        self._syncing = True
        try:
            if list(self.guess_box.options) != options:
                self.guess_box.options = options
            self.guess_box.value = picked
            self.guess_box.disabled = picked != NO_GUESS
        finally:
            self._syncing = False


def guess_verdict(review: HandReview, number: int) -> str:
    """Your guess at the costliest decision (0: none) set beside the coach's review."""
    costliest = review.costliest
    picked = next((d for d in review.decisions if d.number == number), None)
    yours = "" if picked is None else f" Your decision {number}: {picked.verdict()}."
    if costliest is None:
        if number == 0:
            return (
                "✔ You said none: the coach agrees, no decision was a mistake these deals can tell."
            )
        return f"✘ The coach finds no mistake in this hand.{yours}"
    cost = f"about {costliest.cost:.2f} chips"
    if number == costliest.number:
        return f"✔ You picked decision {number}: the coach agrees, it cost the most, {cost}."
    return (
        f"✘ The decision that cost the most is {costliest.number}, {cost}; you picked "
        f"{'none' if number == 0 else number}.{yours}"
    )
