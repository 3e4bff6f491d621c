"""The advisor as a small app: type five cards, pick the table, and see what playing is worth.

A text box takes your five cards ("SA SK H4 D7 C2", or any form `parse_card` reads), a menu the
turned card, two sliders your seat and the number of players, and a menu the rulebook. Every
change runs `advise` again and writes its estimate to an Output widget from the kernel side.
Input the advisor cannot use (an unknown card, a card twice, four cards, a turned card in the
wrong hand) gets a plain message saying what to change, never a traceback.

Every control has a stable DOM class (`bourre-advisor-...`) for browser tests, and code cells
and tests use `set_hand`, `set_table` and `to_text()` instead of the mouse.
"""

from __future__ import annotations

import ipywidgets as widgets

from ...cards import DECK, Card, CardError, parse_card, parse_cards
from ...exercises.play_or_pass import advice_report, seat_words
from ...rules import SOURCES, Rules
from ...sim.advisor import Advice, advise
from ..kit import tag_attributes, write
from ..table.card_table import CardTable
from ..table.table_model import (
    CardTableContent,
    feedback_entry,
    hand_entries,
    seat_entry,
    trump_entry,
)
from ..text_form import TextForm

__all__ = ["AdvisorWidget"]

EXAMPLE = "SA SK H4 D7 C2"
CARD_FORMS = "cards such as SA SK H4 D7 C2 (suit then rank; 10 or T for ten; ♠ ♥ ♦ ♣ work too)"


class AdvisorWidget(TextForm, widgets.VBox):
    """Five cards, the turned card, a seat, a table and a rulebook in; the advisor's estimate out."""

    def __init__(
        self,
        hand: str = EXAMPLE,
        trump: str = "S7",
        seat: int = 1,
        players: int = 5,
        preset: str = "pagat",
        deals: int = 10_000,
        seed: int = 0,
    ) -> None:
        rules = Rules.preset(preset)
        if not rules.min_players <= players <= rules.max_players:
            raise ValueError(
                f"players must be {rules.min_players} to {rules.max_players} under {preset}, "
                f"got {players!r}"
            )
        if not 1 <= seat <= players:
            raise ValueError(f"seat must be 1 to {players}, got {seat!r}")
        self.deals, self.seed = deals, seed
        self.advice: Advice | None = None
        self.message = ""
        self._quiet = False
        self._build_controls(hand, trump, seat, players, rules)
        self._observe()
        super().__init__(self._layout())
        self.add_class("bourre-advisor")
        self.update()

    # --- public, for code cells and tests -----------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rulebook chosen."""
        return Rules.preset(self.rulebook.value)

    def set_hand(
        self,
        hand: str,
        trump: Card | str | None = None,
        seat: int | None = None,
        players: int | None = None,
        rulebook: str | None = None,
    ) -> str:
        """Type a hand (and optionally choose the turned card, seat, table and rulebook); returns
        the text shown. Anything the advisor cannot use gets a message, never an exception."""
        problem = self._set_quietly(hand, trump, seat, players, rulebook)
        if problem:
            return self._show(problem)
        return self.update()

    def set_table(
        self, seat: int | None = None, players: int | None = None, rulebook: str | None = None
    ) -> str:
        """Choose seat, table size and rulebook as the controls do; returns the text shown."""
        return self.set_hand(self.hand_box.value, None, seat, players, rulebook)

    def update(self) -> str:
        """Run the advisor on what the controls hold and show the estimate (or what to fix)."""
        self._note_seat()
        problem, cards, turned = self._read()
        if problem:
            self.advice = None
            self.table.feedback = feedback_entry(problem, verdict="illegal")
            return self._show(problem)
        try:
            self.advice = advise(
                cards,
                turned,
                self.seat_slider.value,
                self.players_slider.value,
                rules=self.rules,
                deals=self.deals,
                seed=self.seed,
            )
        except (ValueError, RuntimeError) as error:  # anything the checks above did not foresee
            self.advice = None
            return self._show(f"The advisor cannot use this deal: {error}.")
        self._draw(cards, turned)
        return self._show(advice_report(self.advice))

    def _draw(self, cards: tuple[Card, ...], turned: Card) -> None:
        """Your hand, the turned card beside the dealer and your seat at the table, and the
        advisor's call in the callout."""
        seat, players = self.seat_slider.value, self.players_slider.value
        seats = [
            seat_entry(str(s), "you" if s == seat else None, you=s == seat, dealer=s == players)
            for s in range(1, players + 1)
        ]
        a = self.advice
        assert a is not None
        call = (
            f"The advisor says {a.recommendation}: play {a.chips_play.value:+.2f} chips "
            f"(95% interval {a.chips_play.low:+.2f} to {a.chips_play.high:+.2f}), "
            f"pass {a.chips_pass.value:+.2f}, from {a.deals} simulated deals."
        )
        self.table.show(
            CardTableContent(
                seats=seats,
                hand=hand_entries(cards, enabled=False),
                trump=trump_entry(turned.suit, turned, beside=str(players)),
                feedback=feedback_entry(call, verdict="info"),
            )
        )

    def to_text(self) -> str:
        """What is on screen, as plain text."""
        lines = [
            f"Your cards: {self.hand_box.value}",
            f"Turned card: {parse_card(self.trump_menu.value)}",
            f"Rulebook: {self.rulebook.value}",
            f"Players: {self.players_slider.value}",
            f"Your seat: {self.seat_slider.value} of {self.players_slider.value}, "
            f"{seat_words(self.seat_slider.value, self.players_slider.value)}",
        ]
        return "\n".join([*lines, self.message])

    def __repr__(self) -> str:
        return f"<AdvisorWidget {self.hand_box.value!r}, turned {self.trump_menu.value}>"

    # --- inside --------------------------------------------------------------------------------

    def _build_controls(self, hand: str, trump: str, seat: int, players: int, rules: Rules) -> None:
        """Create the controls, each with its stable DOM class `bourre-advisor-<name>`."""
        self.hand_box = widgets.Text(
            value=hand,
            description="Your cards",
            placeholder=f"five cards, e.g. {EXAMPLE}",
            continuous_update=False,
        )
        self.trump_menu = widgets.Dropdown(
            options=[(f"{c} ({c.name})", c.code) for c in DECK],
            value=parse_card(trump).code,
            description="Turned card",
        )
        self.rulebook = widgets.Dropdown(
            options=list(SOURCES), value=rules.source, description="Rulebook"
        )
        self.players_slider = widgets.IntSlider(
            value=players, min=2, max=rules.max_players, description="Players"
        )
        self.seat_slider = widgets.IntSlider(
            value=seat, min=1, max=players, description="Your seat"
        )
        self.seat_note = widgets.Label()
        self.output = widgets.Output()
        self.table = CardTable(interactive=False)
        parts = "hand_box trump_menu rulebook players_slider seat_slider seat_note output"
        tag_attributes(self, "bourre-advisor", parts, {})

    def _observe(self) -> None:
        """Every change of a control runs the advisor again."""
        for control in (self.hand_box, self.trump_menu, self.seat_slider):
            control.observe(self._on_change, names="value")
        self.players_slider.observe(self._on_players, names="value")
        self.rulebook.observe(self._on_rulebook, names="value")

    def _layout(self) -> list[widgets.Widget]:
        """The controls in rows, top to bottom."""
        return [
            widgets.HTML("<b>Play or pass? The advisor's estimate</b>"),
            self.hand_box,
            widgets.HBox([self.trump_menu, self.rulebook]),
            widgets.HBox([self.players_slider, self.seat_slider]),
            self.seat_note,
            self.table,
            self.output,
        ]

    def _show(self, text: str) -> str:
        self.message = text
        write(self.output, text)
        return text

    def _read(self) -> tuple[str, tuple[Card, ...], Card | None]:
        """The cards and turned card, or a message saying what to change."""
        text = self.hand_box.value.strip()
        if not text:
            return f"Type your five cards, for example {EXAMPLE}.", (), None
        try:
            cards = parse_cards(text)
        except CardError as error:
            return _card_problem(str(error)), (), None
        if len(cards) != 5:
            shown = " ".join(str(c) for c in cards)
            return (
                f"A Bourré hand has five cards; you typed {len(cards)} ({shown}). "
                f"Type five {CARD_FORMS}.",
                (),
                None,
            )
        turned = parse_card(self.trump_menu.value)
        return self._turned_problem(cards, turned), cards, turned

    def _turned_problem(self, cards: tuple[Card, ...], turned: Card) -> str:
        """The dealer holds the turned card; nobody else can."""
        seat, players = self.seat_slider.value, self.players_slider.value
        dealer = seat == players and self.rules.separate_trump_card == "off"
        if dealer and turned not in cards:
            return (
                f"As the dealer (seat {seat} of {players}) your fifth card is the turned card, "
                f"{turned}: put it in your hand, choose a turned card you hold, or move to "
                f"another seat."
            )
        if not dealer and turned in cards:
            return (
                f"The turned card {turned} belongs to the dealer (seat {players}). You are seat "
                f"{seat}: take it out of your hand, choose another turned card, or take the "
                f"dealer's seat."
            )
        return ""

    def _set_quietly(
        self,
        hand: str,
        trump: Card | str | None,
        seat: int | None,
        players: int | None,
        rulebook: str | None,
    ) -> str:
        """Put values in the controls without running the advisor; a message if one is refused."""
        rulebook = self.rulebook.value if rulebook is None else rulebook
        if rulebook not in SOURCES:
            return f"Unknown rulebook {rulebook!r}: choose one of {', '.join(SOURCES)}."
        rules = Rules.preset(rulebook)
        players = self.players_slider.value if players is None else players
        if not _whole(players) or not rules.min_players <= players <= rules.max_players:
            return (
                f"{players!r} players will not do: the {rulebook} rules seat "
                f"{rules.min_players} to {rules.max_players}."
            )
        seat = min(self.seat_slider.value, players) if seat is None else seat
        if not _whole(seat) or not 1 <= seat <= players:
            return (
                f"Seat {seat!r} is not at a table of {players}: seats go from 1 (the dealer's "
                f"left, first to speak) to {players} (the dealer)."
            )
        try:
            code = self.trump_menu.value if trump is None else parse_card(trump).code
        except CardError as error:
            return _card_problem(str(error), "The turned card: ")
        if not isinstance(hand, str):
            return f"Type your cards as text, for example {EXAMPLE!r}; got {type(hand).__name__}."
        self._quiet = True
        try:
            self.rulebook.value = rulebook
            self.players_slider.max = rules.max_players
            self.players_slider.value = players
            self.seat_slider.max = players
            self.seat_slider.value = seat
            self.trump_menu.value = code
            self.hand_box.value = hand
        finally:
            self._quiet = False
        return ""

    def _note_seat(self) -> None:
        seat, players = self.seat_slider.value, self.players_slider.value
        self.seat_note.value = (
            f"Seat {seat} of {players}: {seat_words(seat, players)}. "
            f"Seat 1 sits on the dealer's left; seat {players} deals and speaks last."
        )

    def _on_change(self, _change: object) -> None:
        if not self._quiet:
            self.update()

    def _on_players(self, change: dict) -> None:
        """A new table size: the seat slider follows it (the dealer is the last seat)."""
        if self._quiet:
            return
        self._quiet = True
        try:
            self.seat_slider.max = change["new"]
        finally:
            self._quiet = False
        self.update()

    def _on_rulebook(self, change: dict) -> None:
        """A new rulebook: the players slider keeps to its range of seats."""
        if self._quiet:
            return
        rules = Rules.preset(change["new"])
        self._quiet = True
        try:
            self.players_slider.max = rules.max_players
            self.seat_slider.max = self.players_slider.value
        finally:
            self._quiet = False
        self.update()


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _card_problem(error: str, lead: str = "") -> str:
    """A CardError's message, shortened, with what to type instead."""
    first = error.split("; accepted forms", 1)[0]
    if not lead:
        first = first[:1].upper() + first[1:]
    return f"{lead}{first}. Type {CARD_FORMS}."
