"""Whole hands: ante, deal, play or pass, draw, tricks, settlement, and the next deal.

A game is rebuilt exactly from `(rules, players, seed, actions)`, and the chosen first deal
if there is one (`deal=`): the same always give the same position, so replay, undo and a
teacher's shared deal come free. Each hand's shuffle depends only on the seed and the hand
number. Actions are short strings, the same ones a transcript prints ('play', 'pass', 'keep',
'discard S2 D3', 'H7', 'renege H7', 'correct H4', 'accept', 'deal'...; `actions.py` lists
them all).

Text that is no action raises `UnreadableAction`; an action that is not possible now or
breaks a rule raises `IllegalAction` (`IllegalPlay` for a card against the play rules), naming
the rule and the alternatives. Either way the game is left exactly as it was. What the game
hands out (`hand`, `current_trick`, `bankrolls`, `tricks_won`) are copies: changing them
changes nothing.

The game's parts, each importing only those before it: `hand_state.py` (the setup, the state,
its copying, the deal), `chips.py` (antes paid, the settlement applied), `tricks.py`,
`phases.py` (the deal, play or pass), `draw.py` and `renege.py`.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from .actions import (
    Action,
    GameError,
    IllegalAction,
    IllegalPlay,
    UnreadableAction,
    read_action,
)
from .cards import Card
from .draw import draw, draw_limit, draw_options
from .hand_state import (
    ChosenDeal,
    GameSetup,
    GameState,
    HandRecord,
    Trick,
    read_deal,
    sorted_cards,
)
from .phases import declare, must_play, next_hand, out_of_turn, second_chip, start_hand
from .play import Situation
from .renege import (
    accept_renege,
    close_renege,
    fixes,
    past_renege,
    renege,
    waiting_on,
    window_actions,
)
from .rules import SEAT_LETTERS, Rules
from .tricks import decision, in_deck_order, play_card

__all__ = [
    "ChosenDeal",
    "Game",
    "GameError",
    "HandRecord",
    "IllegalAction",
    "IllegalPlay",
    "Trick",
    "UnreadableAction",
]

_KINDS = {
    "declare": ("play", "pass"),
    "draw": ("keep", "discard"),
    "ante": ("pay", "drop"),
    "play": ("card", "renege"),
}
"""The kinds of action each phase takes (besides the renege words and 'out-of-turn')."""
_WHAT = {
    "declare": "a declaration",
    "draw": "a draw",
    "ante": "a second chip ('pay' or 'drop')",
    "play": "a card play",
}
_DO: dict[str, Callable[[GameSetup, GameState, Action], str]] = {
    "play": declare,
    "pass": declare,
    "keep": draw,
    "discard": draw,
    "pay": second_chip,
    "drop": second_chip,
    "card": play_card,
    "renege": renege,
}


class Game:
    """A game of Bourré at one table, rebuilt from its rules, seed and actions."""

    def __init__(
        self,
        rules: Rules | None = None,
        players: int | Sequence[str] = 5,
        seed: int = 0,
        bankroll: int = 100,
        actions: Iterable[str] = (),
        *,
        deal: Mapping[str, Any] | ChosenDeal | None = None,
    ) -> None:
        rules = Rules() if rules is None else rules
        seats = _seat_names(players)
        n = len(seats)
        if not rules.min_players <= n <= rules.max_players:
            raise GameError(
                f"{n} players is outside this rulebook's range "
                f"({rules.min_players}-{rules.max_players}, {rules.source})"
            )
        chosen = read_deal(deal, seats, rules.separate_trump_card != "off")
        self._setup = GameSetup(rules, seats, _check_int("seed", seed, 0), chosen)
        self.bankroll = _check_int("bankroll", bankroll, 0)
        self.actions: list[str] = []
        self._state = GameState(bankrolls=dict.fromkeys(seats, bankroll))
        start_hand(self._setup, self._state)
        for action in actions:
            self.apply(action)

    # --- the table ---------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules of this table."""
        return self._setup.rules

    @property
    def players(self) -> tuple[str, ...]:
        """The seats, clockwise; the first deals the first hand."""
        return self._setup.players

    @property
    def seed(self) -> int:
        """The seed every hand's shuffle is drawn from."""
        return self._setup.seed

    @property
    def deal(self) -> ChosenDeal | None:
        """The chosen first deal, or None when the seed dealt it."""
        return self._setup.deal

    # --- reading the position ----------------------------------------------------------

    @property
    def phase(self) -> str:
        """'declare', 'draw', 'play' or 'settled' ('ante' between the draw and the play: the
        double ante's second round, where `Rules.double_ante_round` puts it after the draw)."""
        return self._state.phase

    @property
    def pending_renege(self) -> tuple[str, Card] | None:
        """(player, card) of a renege that may still be corrected (pagat), else None."""
        pending = self._state.pending
        return None if pending is None else (pending.player, pending.card)

    @property
    def to_act(self) -> str | None:
        """The player whose decision is awaited (None between hands). While a renege waits
        for correction (pagat) on a full trick, the trick's winner, whose lead closes it."""
        st = self._state
        if st.phase == "settled":
            return None
        return st.turn[0] if st.turn else waiting_on(st)

    @property
    def pot(self) -> int:
        """Chips in the pot now."""
        return self._state.pot

    @property
    def bankrolls(self) -> dict[str, int]:
        """Each player's chips now."""
        return dict(self._state.bankrolls)

    @property
    def hand_record(self) -> HandRecord:
        """A copy of the record of the hand in progress (or just settled): who dealt, what was
        dealt, declared, drawn and played (a player's cards now: `cards_of`)."""
        return self._state.rec.copy()

    @property
    def history(self) -> list[HandRecord]:
        """The records of the hands already settled, oldest first (read them, do not change
        them: the list is a copy, the finished records are shared)."""
        return list(self._state.history)

    @property
    def trump_card(self) -> Card:
        """The turned card this hand; its suit is trump (`trump_card.suit`)."""
        return self._state.rec.trump_card

    def cards_of(self, player: str) -> tuple[Card, ...]:
        """The cards a player holds now, sorted."""
        return tuple(sorted_cards(self._state.hands.get(self._seat(player), ())))

    @property
    def current_trick(self) -> Trick | None:
        """A copy of the trick being played, if any."""
        trick = self._state.trick
        return None if trick is None else trick.copy()

    @property
    def tricks_won(self) -> dict[str, int]:
        """Tricks taken so far this hand by each player who plays."""
        return dict(self._state.tricks_won)

    def situation(self, player: str | None = None) -> Situation:
        """The card decision facing `player` in the current trick (default: the player whose
        card is awaited), as the engine sees it; while a renege waits for correction, the
        reneging player's situation is the one they broke."""
        st = self._state
        if st.phase != "play":
            raise GameError(f"there is no card to play in the {st.phase} phase")
        name = self.to_act if player is None else self._seat(player)
        assert name is not None
        if st.pending is not None and name == st.pending.player:
            return st.pending.situation
        st = past_renege(self._setup, st)
        if name not in st.turn:
            waiting = ", ".join(st.turn) or "nobody"
            raise GameError(f"{name} has no card to play in this trick; still to play: {waiting}")
        return decision(self._setup, st, name)[0]

    def legal_actions(self) -> list[str]:
        """Every action that keeps the rules, as canonical strings (a deliberate 'renege'
        is accepted too but never listed)."""
        return self._legal_actions(self._state)

    def _legal_actions(self, st: GameState) -> list[str]:
        setup = self._setup
        if st.phase == "settled":
            return ["deal"]
        if st.pending is not None:
            return window_actions(setup, st) + self._legal_actions(past_renege(setup, st))
        player = st.turn[0]
        if st.phase == "declare":
            return ["play"] if must_play(setup, st, player) else ["play", "pass"]
        if st.phase == "draw":
            return draw_options(setup, st, player)
        if st.phase == "ante":
            return ["pay"] if must_play(setup, st, player) else ["pay", "drop"]
        return in_deck_order(decision(setup, st, player)[1])

    def _card_places(self) -> list[tuple[Card, str]]:
        """Every card with where it lies now ('hand A', 'stock', 'discards', 'passed',
        'trick', 'played', 'turned'): for tests that check no card is lost or doubled."""
        st = self._state
        places = [(c, f"hand {p}") for p, cards in st.hands.items() for c in cards]
        places += [(c, "stock") for c in st.stock]
        places += [(c, "discards") for _, c in st.discard_pile]
        places += [(c, "passed") for c in st.folded]
        places += [(c, "played") for t in st.rec.tricks for c in t.cards]
        if st.trick is not None:  # the trick being played (finished tricks are in rec.tricks)
            places += [(c, "trick") for c in st.trick.cards]
        if st.separate_trump is not None:
            places.append((st.separate_trump, "turned"))
        return places

    def transcript(self) -> str:
        """A stable text trace of everything that has happened, one event a line."""
        return "\n".join(self._state.log) + "\n"

    # --- acting --------------------------------------------------------------------------

    def apply(self, action: str | Card) -> Game:
        """Carry out one action; on any error the game is left exactly as it was.

        The action changes the state in place: each phase's handler checks an action fully
        before it changes anything, so a refused action has changed nothing. Only while a
        renege is open is the action tried on a copy (any other action first lets the renege
        stand, and may then be refused). Should anything else fail halfway, the position is
        rebuilt from the actions taken so far, which fix it exactly."""
        st = self._state
        try:
            read = (
                _read(action, self.players)
                if isinstance(action, str)
                else read_action(action, self.players)
            )
        except UnreadableAction as err:
            raise UnreadableAction(f"{self._now(st)}; {err}", "", self._legal_actions(st)) from None
        text = action.strip() if isinstance(action, str) else read.text
        trial = st if st.pending is None else st.clone(own_log=True)
        try:
            canonical = self._do(trial, read, text)
        except IllegalAction:
            raise
        except BaseException:
            self._state = self.replayed()._state
            raise
        self._state = trial
        self.actions.append(canonical)
        return self

    def play(self, *actions: str | Card) -> Game:
        """Apply several actions in order (stops at the first refused one)."""
        for action in actions:
            self.apply(action)
        return self

    def undone(self) -> Game:
        """A new game with the last action taken back; this game is left as it is."""
        if not self.actions:
            raise GameError("nothing to undo: no action has been taken")
        return self.replayed(self.actions[:-1])

    def replayed(self, actions: Iterable[str] | None = None) -> Game:
        """A new game at the same table and deal, after the given actions (default: the same
        ones); this game is left as it is."""
        return Game(
            self.rules,
            self.players,
            self.seed,
            self.bankroll,
            self.actions if actions is None else actions,
            deal=self.deal,
        )

    def _do(self, st: GameState, action: Action, text: str) -> str:
        """Carry out an action that has been read, in the phase of `st`."""
        setup = self._setup
        if st.phase == "settled":
            if action.kind != "deal":
                raise IllegalAction(
                    f"the hand is over; the only action now is 'deal', not {text!r}", "", ["deal"]
                )
            next_hand(setup, st)
            return "deal"
        if action.kind in ("accept", "correct"):
            if st.pending is None:
                raise IllegalAction(
                    f"'{action.kind}' only follows a renege under pagat's correction rule; "
                    f"{self._now(st)}",
                    "",
                    self._legal_actions(st),
                )
            return close_renege(setup, st, action)
        if st.pending is not None:  # anyone else acting lets the open renege stand
            accept_renege(setup, st)
        if action.kind == "out-of-turn":
            return out_of_turn(setup, st, action.seat)
        if action.kind not in _KINDS[st.phase]:
            order = _out_of_order(setup.rules, st.phase, action.kind)
            raise IllegalAction(
                f"{self._now(st)}; {text!r} is not {_WHAT[st.phase]}{order}",
                "draw-timing" if order else "",
                self._legal_actions(st),
            )
        return _DO[action.kind](setup, st, action)

    def _now(self, st: GameState) -> str:
        """Who must do what now, in a few words (for error messages)."""
        setup = self._setup
        if st.phase == "settled":
            return "the hand is over; the only action now is 'deal'"
        if st.pending is not None:
            codes = ", ".join(c.code for c in fixes(setup, st))
            nxt = st.turn[0] if st.turn else waiting_on(st)
            return (
                f"{st.pending.player} may correct the renege: say 'accept', or 'correct' and "
                f"one of {codes}, or let {nxt} play on"
            )
        player = st.turn[0]
        if st.phase == "declare":
            words = "'play'" if must_play(setup, st, player) else "'play' or 'pass'"
            return f"{player} must declare now: say {words}"
        if st.phase == "draw":
            some = " ".join(c.code for c in sorted_cards(st.hands[player])[:2])
            return (
                f"{player} must draw now: say 'keep', or 'discard' and up to "
                f"{draw_limit(setup, st)} of your cards, e.g. 'discard {some}'"
            )
        if st.phase == "ante":
            words = "'pay'" if must_play(setup, st, player) else "'pay' or 'drop'"
            return f"{player} must pay the double ante's second chip or drop out now: say {words}"
        legal = in_deck_order(decision(setup, st, player)[1])
        return f"{player} must play a card now, one of {', '.join(legal)}"

    def _seat(self, player: str) -> str:
        if player not in self.players:
            raise GameError(f"unknown player {player!r}; the players are {', '.join(self.players)}")
        return player

    # --- showing the game ----------------------------------------------------------------

    def __repr__(self) -> str:
        st = self._state
        rules = self.rules
        book = rules.source if rules == Rules.preset(rules.source) else f"{rules.source}-based"
        chosen = " · chosen deal" if self.deal is not None else ""
        now = st.phase
        if st.phase == "play":
            now += f", trick {len(st.rec.tricks) + 1}"
        if self.to_act is not None:
            now += f", {self.to_act} to act"
        return (
            f"<Game {book} rules · seats {' '.join(self.players)} · seed {self.seed}{chosen} · "
            f"hand {st.hand_no}: {now}, pot {st.pot} · {len(self.actions)} actions>"
        )

    def _repr_html_(self) -> str:
        """The table as a small HTML table: seats, chips, who plays, tricks, the trick on the
        table, the turned card and the pot. Cards in hands stay hidden until the hand is over."""
        return _table_html(self)


@lru_cache(maxsize=2048)
def _read(action: str, seats: tuple[str, ...]) -> Action:
    """`read_action` of text, which depends on nothing else: the same words are read once."""
    return read_action(action, seats)


def _out_of_order(rules: Rules, phase: str, kind: str) -> str:
    """Why a declaration or a draw comes at the wrong moment under these rules' order of
    play or pass and the draw (`Rules.draw_timing`), or '' when the order is not the issue."""
    if phase == "draw" and kind in ("play", "pass"):
        if rules.draws_in_turn:
            return (
                ": under these rules a player who says play throws away and draws in the same "
                "turn, before the next player declares (one round, draw_timing='same_turn': "
                "pagat's text as the course reads it)"
            )
        return (
            ": under these rules everyone has declared and the draw has begun (two rounds, "
            "draw_timing='after_declarations': glimne, wikipedia, pagat's double ante)"
        )
    if phase == "declare" and kind in ("keep", "discard"):
        if rules.draws_in_turn:
            return (
                ": a player draws right after saying play, in the same turn (one round, "
                "draw_timing='same_turn': pagat's text as the course reads it)"
            )
        return (
            ": under these rules the draw begins only once everyone has declared (two rounds, "
            "draw_timing='after_declarations': glimne, wikipedia, pagat's double ante)"
        )
    return ""


# --- construction checks --------------------------------------------------------------------


def _seat_names(players: int | Sequence[str]) -> tuple[str, ...]:
    """Seat names, clockwise: a number of seats (named A, B, C...) or a list of names."""
    if isinstance(players, bool):
        raise GameError(f"players must be a number of seats or a list of names, got {players!r}")
    if isinstance(players, int):
        if not 2 <= players <= len(SEAT_LETTERS):
            raise GameError(f"a table seats 2 to {len(SEAT_LETTERS)} players, got {players}")
        return tuple(SEAT_LETTERS[:players])
    names = tuple(str(p) for p in players)
    if len(set(names)) != len(names) or not all(n.strip() for n in names):
        raise GameError(f"player names must be distinct and not blank, got {list(players)!r}")
    return names


def _check_int(name: str, value: object, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise GameError(f"{name} must be a whole number, {low} or more, got {value!r}")
    return value


# --- the HTML view ------------------------------------------------------------------------


def _card_html(card: Card) -> str:
    colour = "#c00" if card.suit.is_red else "inherit"
    return f'<span style="color:{colour}">{html.escape(str(card))}</span>'


def _cards_html(cards: Iterable[Card]) -> str:
    return " ".join(_card_html(c) for c in cards)


def _declared(rec: HandRecord, player: str) -> str:
    """What a seat has said this hand, in a word."""
    if player not in rec.seats:
        return "sits out"
    if player not in rec.declared:
        return "…"
    return "plays" if rec.declared[player] else "passed"


def _seat_row(game: Game, player: str, over: bool) -> str:
    """One seat's row: what the table can see (its dealt cards once the hand is over)."""
    st = game._state
    rec = st.rec
    played = dict(st.trick.plays) if st.trick is not None else {}
    name = html.escape(player) + (" (dealer)" if player == rec.dealer else "")
    if player == game.to_act:
        name = f"▶ <b>{name}</b>"
    if over:
        cards = _cards_html(rec.dealt.get(player, ()))
    else:
        cards = f"{len(st.hands.get(player, ()))} cards"
    cells = [
        name,
        str(st.bankrolls[player]),
        _declared(rec, player),
        cards,
        str(st.tricks_won.get(player, "")),
        _card_html(played[player]) if player in played else "",
    ]
    return "<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


def _table_html(game: Game) -> str:
    """The whole table, public information only while the hand is being played."""
    st = game._state
    rec = st.rec
    over = st.phase == "settled"
    middle = game.rules.separate_trump_card != "off"
    caption = (
        f"Hand {rec.number} · {html.escape(game.rules.source)} rules · "
        f"trumps {rec.trump_card.suit.plural} ({_card_html(rec.trump_card)} turned "
        f"{'in the middle' if middle else 'by the dealer'}) · pot {st.pot} · {st.phase}"
    )
    if st.pending is not None:
        caption += f" · {html.escape(st.pending.player)} may correct a renege"
    heads = ["Seat", "Chips", "Says", "Dealt" if over else "Holds", "Tricks", "In this trick"]
    head = "".join(f"<th>{h}</th>" for h in heads)
    rows = "".join(_seat_row(game, p, over) for p in game.players)
    result = ""
    if over and rec.settlement is not None:
        result = f"<p>{html.escape(rec.settlement.describe())}</p>"
    return (
        f'<div class="bourre-game"><table><caption>{caption}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>{result}</div>"
    )
