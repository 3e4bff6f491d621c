"""Whole hands: ante, deal, play or pass, draw, tricks, settlement, and the next deal.

A game is rebuilt exactly from `(rules, seed, actions)`: the same three always give the
same position, so replay, undo and a teacher's shared deal come free. Each hand's shuffle
depends only on the seed and the hand number, so the deck of hand 3 is shuffled the same
way whatever happened in hands 1 and 2. Actions are short strings, the same ones a transcript prints:

    "play" / "pass"            declare, in turn from the dealer's left, the dealer last
    "keep" / "discard S2 D3"   the draw, for each player who plays
    "take discard S2"          the dealer takes the separate trump card (pagat variant)
    "H7"                       play a card (any notation `parse_card` reads)
    "renege H7"                play a card that breaks a rule, on purpose (a misplay)
    "correct H4" / "accept"    pagat: correct a renege before the next player plays, or not
    "deal"                     start the next hand once a hand is settled

An action that breaks a rule raises `IllegalPlay` or `IllegalAction` naming the rule and the
alternatives, and leaves the game exactly as it was. What the game hands out (`hand`,
`current_trick`, `bankrolls`, `tricks_won`) are copies: changing them changes nothing.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from itertools import combinations
from typing import Any

from .cards import DECK, Card, CardError, Rank, Suit, parse_card, parse_cards
from .play import Situation, Verdict, explain, legal_plays, rule_summary, trick_winner
from .rules import Rules
from .settle import Settlement, settle

__all__ = ["Game", "GameError", "HandRecord", "IllegalAction", "IllegalPlay", "Trick"]

SEAT_NAMES = "ABCDEFGH"
HAND_SIZE = 5


class GameError(ValueError):
    """Something asked of a game that cannot be done."""


class IllegalAction(GameError):
    """An action that is not possible now, or breaks a rule of the table (names the rule)."""

    def __init__(self, message: str, rule: str = "", alternatives: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.rule = rule
        self.alternatives = tuple(alternatives)


class IllegalPlay(IllegalAction):
    """A card play that breaks a play rule; carries the engine's verdict."""

    def __init__(self, verdict: Verdict, alternatives: Sequence[str]) -> None:
        message = f"{verdict.reason} (rule {verdict.rule})"
        super().__init__(message, verdict.rule, alternatives)
        self.verdict = verdict


@dataclass
class Trick:
    """One trick: who led, the cards in play order with their players, and the winner."""

    leader: str
    plays: list[tuple[str, Card]] = field(default_factory=list)
    winner: str | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in play order."""
        return tuple(card for _, card in self.plays)


@dataclass
class HandRecord:
    """Everything that happened in one hand, for replay, transcripts and statistics."""

    number: int
    dealer: str
    seats: list[str]
    trump_card: Card
    antes: dict[str, int] = field(default_factory=dict)
    dealt: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    declared: dict[str, bool] = field(default_factory=dict)
    discards: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    drawn: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    tricks: list[Trick] = field(default_factory=list)
    renegers: set[str] = field(default_factory=set)
    corrected: set[str] = field(default_factory=set)
    settlement: Settlement | None = None
    pot_at_start: int = 0

    @property
    def active(self) -> list[str]:
        """Players who said play, in seat order from the dealer's left."""
        return [p for p in self.seats if self.declared.get(p)]


@dataclass(frozen=True)
class _Pending:
    """An uncorrected renege (pagat): the window closes when anyone else acts."""

    player: str
    card: Card
    situation: Situation


@dataclass
class _State:
    """Everything that changes during a game; cloned so a refused action changes nothing."""

    bankrolls: dict[str, int]
    rng: random.Random = field(default_factory=random.Random)
    pot: int = 0
    hand_no: int = 0
    dealer_seat: int = 0
    phase: str = "declare"
    hands: dict[str, list[Card]] = field(default_factory=dict)
    stock: list[Card] = field(default_factory=list)
    folded: list[Card] = field(default_factory=list)
    discard_pile: list[tuple[str, Card]] = field(default_factory=list)
    separate_trump: Card | None = None
    record: HandRecord | None = None
    history: list[HandRecord] = field(default_factory=list)
    turn: list[str] = field(default_factory=list)
    trick: Trick | None = None
    tricks_won: dict[str, int] = field(default_factory=dict)
    voids: dict[str, set] = field(default_factory=dict)
    pending: _Pending | None = None
    skip_ante: frozenset = frozenset()
    sit_out: frozenset = frozenset()
    penalised: frozenset = frozenset()
    log: list[str] = field(default_factory=list)

    def clone(self, own_log: bool = False) -> _State:
        """A copy sharing nothing mutable with this state, except the append-only log and
        history (shared unless `own_log`; `Game.apply` cuts them back if an action fails)."""
        twin = copy.copy(self)
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in ("log", "history"):
                value = list(value) if own_log else value
            else:
                value = _clone(value)
            setattr(twin, f.name, value)
        return twin


_ATOMS = frozenset({str, int, bool, type(None), Card, Suit, Rank})
"""Types whose values never change: shared between a state and its clone."""


def _is_fixed(value: Any) -> bool:
    """True for a value that cannot change: an atom, or a tuple or frozenset of atoms."""
    kind = type(value)
    if kind in _ATOMS:
        return True
    return (kind is tuple or kind is frozenset) and all(type(v) in _ATOMS for v in value)


def _clone(value: Any) -> Any:
    """A copy of `value` that shares nothing mutable with it (cards and frozen records are
    immutable, so they are shared; anything unexpected falls back to a deep copy)."""
    if _is_fixed(value):
        return value
    kind = type(value)
    if kind is list or kind is set:
        return kind(v if _is_fixed(v) else _clone(v) for v in value)
    if kind is dict:
        return {k: v if _is_fixed(v) else _clone(v) for k, v in value.items()}
    if kind is random.Random:
        twin = random.Random(0)
        twin.setstate(value.getstate())
        return twin
    if is_dataclass(value) and not isinstance(value, type):
        if value.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            return value
        twin = copy.copy(value)
        for f in fields(value):
            object.__setattr__(twin, f.name, _clone(getattr(value, f.name)))
        return twin
    return copy.deepcopy(value)


def _hand_rng(seed: int, hand_no: int) -> random.Random:
    """The shuffles of one hand: fixed by the seed and the hand number alone, so the deal of
    a later hand does not depend on what was played before it."""
    return random.Random(f"bourre-lessons:{seed}:{hand_no}")


class Game:
    """A game of Bourré at one table, rebuilt from its rules, seed and actions."""

    def __init__(
        self,
        rules: Rules | None = None,
        players: int | Sequence[str] = 5,
        seed: int = 0,
        bankroll: int = 100,
        actions: Iterable[str] = (),
    ) -> None:
        self.rules = Rules() if rules is None else rules
        self.players = _seat_names(players)
        self.seed = _check_int("seed", seed, 0)
        self.bankroll = _check_int("bankroll", bankroll, 0)
        n = len(self.players)
        if not self.rules.min_players <= n <= self.rules.max_players:
            raise GameError(
                f"{n} players is outside this rulebook's range "
                f"({self.rules.min_players}-{self.rules.max_players}, {self.rules.source})"
            )
        self.actions: list[str] = []
        self._state = _State(bankrolls=dict.fromkeys(self.players, bankroll))
        self._start_hand(self._state)
        for action in actions:
            self.apply(action)

    # --- reading the position ----------------------------------------------------------

    @property
    def phase(self) -> str:
        """'declare', 'draw', 'play' or 'settled'."""
        return self._state.phase

    @property
    def pending_renege(self) -> tuple[str, Card] | None:
        """(player, card) of a renege that may still be corrected (pagat), else None."""
        pending = self._state.pending
        return None if pending is None else (pending.player, pending.card)

    @property
    def to_act(self) -> str | None:
        """The player whose decision is awaited (None between hands).

        While a renege waits for correction (pagat), this is the player whose next move
        would close the window: the next player to the trick, or the trick's winner, who
        leads next. (A renege never waits on the hand's last card: with one card left, that
        card is always legal.)"""
        st = self._state
        if st.phase == "settled":
            return None
        if st.pending is not None and not st.turn:
            return self._provisional_winner(st)
        return st.turn[0] if st.turn else None

    @property
    def pot(self) -> int:
        """Chips in the pot now."""
        return self._state.pot

    @property
    def bankrolls(self) -> dict[str, int]:
        """Each player's chips now."""
        return dict(self._state.bankrolls)

    @property
    def hand(self) -> HandRecord:
        """A copy of the record of the hand in progress (or just settled)."""
        assert self._state.record is not None
        return _clone(self._state.record)

    @property
    def history(self) -> list[HandRecord]:
        """The records of the hands already settled, oldest first (read them, do not change
        them: the list is a copy, the finished records are shared)."""
        return list(self._state.history)

    @property
    def trump(self) -> Card:
        """The turned card whose suit is trump this hand."""
        assert self._state.record is not None
        return self._state.record.trump_card

    def cards_of(self, player: str) -> tuple[Card, ...]:
        """The cards a player holds now, sorted."""
        return tuple(_sorted(self._state.hands.get(self._seat(player), ())))

    @property
    def current_trick(self) -> Trick | None:
        """A copy of the trick being played, if any."""
        return _clone(self._state.trick)

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
        if st.pending is not None:
            if name == st.pending.player:
                return st.pending.situation
            if not st.turn:  # the trick is full: its winner leads next once the renege stands
                st = st.clone(own_log=True)
                self._close_pending(st, "accept", "")
        if name not in st.turn:
            waiting = ", ".join(st.turn) or "nobody"
            raise GameError(f"{name} has no card to play in this trick; still to play: {waiting}")
        return self._situation(st, name)

    def legal_actions(self) -> list[str]:
        """Every action that keeps the rules, as canonical strings (a deliberate 'renege'
        is accepted too but never listed)."""
        return self._legal_actions(self._state)

    def _legal_actions(self, st: _State) -> list[str]:
        if st.phase == "settled":
            return ["deal"]
        if st.pending is not None:
            fixes = legal_plays(st.pending.situation, self.rules)
            after = st.clone(own_log=True)
            self._close_pending(after, "accept", "")
            return (
                ["accept"]
                + [f"correct {c.code}" for c in _sorted(fixes)]
                + self._legal_actions(after)
            )
        player = st.turn[0]
        if st.phase == "declare":
            return ["play"] if self._must_play(st, player) else ["play", "pass"]
        if st.phase == "draw":
            return self._draw_options(st, player)
        return [c.code for c in _sorted(legal_plays(self._situation(st, player), self.rules))]

    def _card_places(self) -> list[tuple[Card, str]]:
        """Every card with where it lies now ('hand A', 'stock', 'discards', 'passed',
        'trick', 'played', 'turned'): for tests that check no card is lost or doubled."""
        st = self._state
        rec = st.record
        assert rec is not None
        places = [(c, f"hand {p}") for p, cards in st.hands.items() for c in cards]
        places += [(c, "stock") for c in st.stock]
        places += [(c, "discards") for _, c in st.discard_pile]
        places += [(c, "passed") for c in st.folded]
        places += [(c, "played") for t in rec.tricks for c in t.cards]
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
        """Carry out one action; on any error the game is left exactly as it was."""
        text = action.code if isinstance(action, Card) else action
        if not isinstance(text, str) or not text.strip():
            raise IllegalAction(
                f"an action must be text such as 'play', 'pass' or 'H7', got {action!r}"
            )
        st = self._state
        # the log and the history only grow: share them, and cut them back if the action fails
        log_len, history_len = len(st.log), len(st.history)
        trial = st.clone()
        try:
            canonical = self._do(trial, text.strip())
        except BaseException:
            del st.log[log_len:], st.history[history_len:]
            raise
        self._state = trial
        self.actions.append(canonical)
        return self

    def play(self, *actions: str | Card) -> Game:
        """Apply several actions in order (stops at the first refused one)."""
        for action in actions:
            self.apply(action)
        return self

    def undo(self) -> Game:
        """A new game with the last action taken back."""
        if not self.actions:
            raise GameError("nothing to undo: no action has been taken")
        return self.replay(self.actions[:-1])

    def replay(self, actions: Iterable[str] | None = None) -> Game:
        """A fresh game at the same table, with the given actions (default: the same ones)."""
        return Game(
            self.rules,
            self.players,
            self.seed,
            self.bankroll,
            self.actions if actions is None else actions,
        )

    # --- internals: the hand's phases -------------------------------------------------

    def _seat(self, player: str) -> str:
        if player not in self.players:
            raise GameError(f"unknown player {player!r}; the players are {', '.join(self.players)}")
        return player

    def _seats_from_left(self, st: _State) -> list[str]:
        n = len(self.players)
        order = [self.players[(st.dealer_seat + i) % n] for i in range(1, n + 1)]
        return [p for p in order if p not in st.sit_out]

    def _start_hand(self, st: _State) -> None:
        st.hand_no += 1
        while self.players[st.dealer_seat] in st.sit_out:
            st.dealer_seat = (st.dealer_seat + 1) % len(self.players)
        seats = self._seats_from_left(st)
        dealer = self.players[st.dealer_seat]
        deck = list(DECK)
        st.rng = _hand_rng(self.seed, st.hand_no)
        st.rng.shuffle(deck)
        st.hands = {p: [] for p in seats}
        for _ in range(HAND_SIZE):
            for p in seats:
                st.hands[p].append(deck.pop())
        trump_card = st.hands[dealer][-1]
        st.separate_trump = None
        if self.rules.separate_trump_card != "off":
            trump_card = st.separate_trump = deck.pop()
        st.stock, st.folded, st.discard_pile = deck, [], []
        st.record = rec = HandRecord(st.hand_no, dealer, seats, trump_card, pot_at_start=st.pot)
        rec.dealt = {p: tuple(st.hands[p]) for p in seats}
        st.log.append(
            f"== Hand {st.hand_no} · dealer {dealer} · {self.rules.source} rules · seed {self.seed} =="
        )
        out = [p for p in self.players if p not in seats]
        if out:
            verb = "sits" if len(out) == 1 else "sit"
            st.log.append(
                f"{_names(out)} {verb} out this deal for correcting a renege last hand (pagat)"
            )
        self._antes(st, seats, dealer)
        for p in seats:
            st.log.append(f"{p} is dealt {_cards(st.hands[p])}")
        if st.separate_trump:
            turned = f"A sixth card is turned in the middle, {trump_card}"
        else:
            turned = f"{dealer} turns up the fifth card, {trump_card}"
        st.log.append(f"{turned}: {trump_card.suit.plural} are trumps")
        st.phase, st.turn = "declare", list(seats)
        st.trick, st.pending, st.tricks_won, st.voids = None, None, {}, {}

    def _antes(self, st: _State, seats: list[str], dealer: str) -> None:
        owing = [p for p in seats if p not in st.skip_ante]
        record = st.record
        assert record is not None
        if self.rules.dealer_antes_for_all:
            self._pay(st, dealer, len(owing))
            record.antes = {dealer: len(owing)}
            st.log.append(
                f"Antes: the dealer {dealer} puts in {len(owing)} for the table (pot {st.pot})"
            )
        else:
            for p in owing:
                self._pay(st, p, 1)
            record.antes = dict.fromkeys(owing, 1)
            skipped = [p for p in seats if p in st.skip_ante]
            note = ""
            if skipped:
                verb = "skips" if len(skipped) == 1 else "skip"
                note = f"; {_names(skipped)} {verb} this ante"
            payers = {0: "nobody antes", 1: f"{_names(owing)} puts in 1"}.get(
                len(owing), f"{_names(owing)} put in 1 each"
            )
            st.log.append(f"Antes: {payers}{note} (pot {st.pot})")

    def _pay(self, st: _State, player: str, amount: int) -> None:
        st.bankrolls[player] -= amount
        st.pot += amount

    def _do(self, st: _State, text: str) -> str:
        word, _, rest = text.partition(" ")
        word = word.lower()
        if st.phase == "settled":
            if word != "deal" or rest:
                raise IllegalAction(
                    f"the hand is over; the only action now is 'deal', not {text!r}", "", ["deal"]
                )
            self._next_hand(st)
            return "deal"
        if st.pending is not None:
            if word in ("correct", "accept"):
                return self._close_pending(st, word, rest)
            self._close_pending(st, "accept", "")
        elif word in ("correct", "accept"):
            raise IllegalAction(
                f"'{word}' only follows a renege under pagat's correction rule; "
                f"{self._accepted_now(st)}",
                "",
                self._legal_actions(st),
            )
        if word == "out-of-turn":
            return self._out_of_turn(st, rest)
        if st.phase == "declare":
            return self._declare(st, word, rest, text)
        if st.phase == "draw":
            return self._draw(st, word, rest, text)
        return self._play(st, text)

    def _accepted_now(self, st: _State) -> str:
        """What may be said now, in a few words (for error messages)."""
        if st.phase == "settled":
            return "say 'deal' to start the next hand"
        if st.pending is not None:
            fixes = [a.split()[1] for a in self._legal_actions(st) if a.startswith("correct ")]
            return f"say 'accept', or 'correct' and one of {', '.join(fixes)}"
        player = st.turn[0]
        if st.phase == "declare":
            return "say 'play'" if self._must_play(st, player) else "say 'play' or 'pass'"
        if st.phase == "draw":
            rec = st.record
            assert rec is not None
            limit = self.rules.max_discards_for(len(rec.seats))
            some = " ".join(c.code for c in _sorted(st.hands[player])[:2])
            return (
                f"say 'keep', or 'discard' and up to {limit} of your cards, e.g. 'discard {some}'"
            )
        legal = _sorted(legal_plays(self._situation(st, player), self.rules))
        return f"play one of {', '.join(c.code for c in legal)}"

    def _must_play(self, st: _State, player: str) -> bool:
        rec = st.record
        assert rec is not None
        return (
            self.rules.dealer_ace_must_play
            and player == rec.dealer
            and rec.trump_card.rank == Rank.ACE
            and st.separate_trump is None
        )

    def _declare(self, st: _State, word: str, rest: str, text: str) -> str:
        player = st.turn[0]
        if word not in ("play", "pass") or rest:
            raise IllegalAction(
                f"{player} must declare now: {self._accepted_now(st)}; {text!r} is not a "
                "declaration",
                "",
                self._legal_actions(st),
            )
        if word == "pass" and self._must_play(st, player):
            raise IllegalAction(
                f"{player} may not pass: the turned trump card is an ace, so the dealer must play "
                "(rule pagat-dealer-ace); say 'play'",
                "pagat-dealer-ace",
                ["play"],
            )
        rec = st.record
        assert rec is not None
        rec.declared[player] = word == "play"
        st.turn.pop(0)
        if word == "play":
            extra = ""
            if self.rules.pays_second_ante:
                self._pay(st, player, 1)
                extra = f" and puts in a second ante (pot {st.pot})"
            st.log.append(f"{player} says play{extra}")
        else:
            st.folded.extend(st.hands.pop(player))
            st.log.append(f"{player} says pass")
        if st.turn:
            if (
                self.rules.lone_player_wins
                and not self.rules.simultaneous_declaration
                and st.turn == [rec.dealer]
                and not rec.active
            ):
                rec.declared[rec.dealer] = True
                st.turn = []
                st.log.append(
                    f"Everyone but the dealer passed: {rec.dealer} takes the pot without play "
                    "(pagat-dealer-alone)"
                )
                self._settle(st, {rec.dealer: 5})
            return word
        self._after_declarations(st)
        return word

    def _out_of_turn(self, st: _State, rest: str) -> str:
        """pagat: declaring or hinting out of turn sits the player out of the next deal."""
        player = rest.strip()
        if not self.rules.out_of_turn_penalty:
            raise IllegalAction(
                f"the {self.rules.source} rules have no penalty for speaking out of turn "
                "(only pagat's, switch out_of_turn_penalty)",
                "pagat-out-of-turn",
            )
        if st.phase not in ("declare", "draw") or player not in self.players:
            raise IllegalAction(
                "say 'out-of-turn' and a seat during the declarations or the draw, e.g. "
                f"'out-of-turn {self.players[0]}'",
                "pagat-out-of-turn",
            )
        st.penalised = st.penalised | {player}
        st.log.append(
            f"{player} spoke out of turn and will sit out the next deal (pagat-out-of-turn)"
        )
        return f"out-of-turn {player}"

    def _after_declarations(self, st: _State) -> None:
        rec = st.record
        assert rec is not None
        active = rec.active
        if not active:
            st.log.append(f"Everyone passed: the pot of {st.pot} stays for the next hand")
            st.skip_ante, st.sit_out = frozenset(), st.penalised
            self._finish(st)
            return
        if len(active) == 1 and self.rules.lone_player_wins:
            st.log.append(
                f"Only {active[0]} plays: {active[0]} takes the pot without play (pagat-lone)"
            )
            self._settle(st, {active[0]: 5})
            return
        st.phase, st.turn = "draw", list(active)

    def _draw_options(self, st: _State, player: str) -> list[str]:
        hand = _sorted(st.hands[player])
        keepable = [c for c in hand if not self._trump_card_locked(st, player, c)]
        limit = self.rules.max_discards_for(len(st.record.seats)) if st.record else 5
        options = ["keep"]
        for k in range(1, limit + 1):
            options += [
                "discard " + " ".join(c.code for c in combo) for combo in combinations(keepable, k)
            ]
        if self._may_take_separate(st, player):
            for k in range(1, limit + 1):
                options += [
                    "take discard " + " ".join(c.code for c in combo)
                    for combo in combinations(hand, k)
                ]
        return options

    def _trump_card_locked(self, st: _State, player: str, card: Card) -> bool:
        rec = st.record
        assert rec is not None
        return (
            player == rec.dealer
            and card == rec.trump_card
            and st.separate_trump is None
            and not self.rules.dealer_may_discard_trump_card
        )

    def _may_take_separate(self, st: _State, player: str) -> bool:
        rec = st.record
        assert rec is not None
        return (
            self.rules.separate_trump_card == "dealer"
            and st.separate_trump is not None
            and player == rec.dealer
        )

    def _why_no_take(self, st: _State, player: str) -> str:
        """Why `player` may not take the separate trump card, in one sentence."""
        variant = self.rules.separate_trump_card
        if variant == "off":
            return (
                f"{player} cannot take a turned card: this table plays with no separate trump card"
            )
        if variant == "nobody":
            return (
                f"{player} cannot take the turned card: in this variant it belongs to nobody "
                "and only shows the trump suit"
            )
        return (
            f"{player} cannot take the turned card: only the dealer ({st.record.dealer}) may, "
            "under the pagat variant with a separate trump card available to the dealer"
        )

    def _draw(self, st: _State, word: str, rest: str, text: str) -> str:
        player = st.turn[0]
        take = word == "take"
        if take:
            if not self._may_take_separate(st, player):
                raise IllegalAction(self._why_no_take(st, player), "pagat-separate-trump")
            word, _, rest = rest.partition(" ")
        if word == "keep" and not rest and not take:
            cards: tuple[Card, ...] = ()
        elif word == "discard":
            try:
                cards = parse_cards(rest)
            except CardError as err:
                raise IllegalAction(
                    f"cannot read the discard {rest!r}: {err}; {self._accepted_now(st)}",
                    "",
                    self._legal_actions(st),
                ) from None
        else:
            raise IllegalAction(
                f"{player} must draw now: {self._accepted_now(st)}; {text!r} is not a draw",
                "",
                self._legal_actions(st),
            )
        hand = st.hands[player] + ([st.separate_trump] if take and st.separate_trump else [])
        self._check_discard(st, player, cards, hand, take)
        rec = st.record
        assert rec is not None
        if take:
            assert st.separate_trump is not None
            st.hands[player].append(st.separate_trump)
            st.log.append(f"{player} takes the turned card {st.separate_trump}")
            st.separate_trump = None
        for card in cards:
            st.hands[player].remove(card)
            st.discard_pile.append((player, card))
        need = len(cards) - (1 if take else 0)
        restocking = bool(cards) and need > len(st.stock)
        if restocking:  # the restock comes between the discard and the draw: say so in order
            st.log.append(f"{player} discards {_cards(cards)}")
        drawn = [self._draw_card(st, player) for _ in range(need)]
        st.hands[player].extend(drawn)
        rec.discards[player], rec.drawn[player] = cards, tuple(drawn)
        if not cards:
            st.log.append(f"{player} keeps all five cards")
        elif restocking:
            st.log.append(f"{player} draws {_cards(drawn)}")
        else:
            st.log.append(
                f"{player} discards {_cards(cards)} and draws {_cards(drawn) or 'nothing'}"
            )
        st.turn.pop(0)
        if not st.turn:
            self._start_play(st)
        label = ("take " if take else "") + (
            "discard " + " ".join(c.code for c in cards) if cards else "keep"
        )
        return label

    def _check_discard(
        self, st: _State, player: str, cards: tuple[Card, ...], hand: list[Card], take: bool
    ) -> None:
        missing = [c for c in cards if c not in hand]
        if missing:
            raise IllegalAction(
                f"{player} does not hold {_cards(missing)}; {player} holds {_cards(_sorted(hand))}, "
                "and can discard only from those",
                "hand",
            )
        if take and st.separate_trump in cards:
            raise IllegalAction(
                f"{player} cannot take the turned card {st.separate_trump} and throw it away at "
                "once; to leave it on the table, draw without 'take'",
                "pagat-separate-trump",
                ["keep", "take discard <cards from your hand>"],
            )
        rec = st.record
        assert rec is not None
        limit = self.rules.max_discards_for(len(rec.seats))
        if len(cards) > limit:
            seven = len(rec.seats) >= 7 and limit == self.rules.max_discards_seven
            rule = "wikipedia-seven" if seven and limit < self.rules.max_discards else "draw"
            raise IllegalAction(
                f"{player} may discard at most {limit} cards at a table of {len(rec.seats)}, not "
                f"{len(cards)} (rule {rule}); choose {limit} or fewer, or 'keep'",
                rule,
            )
        if take and not cards:
            raise IllegalAction(
                f"{player} takes the turned card and so must discard at least one card",
                "pagat-separate-trump",
            )
        locked = [c for c in cards if self._trump_card_locked(st, player, c)]
        if locked:
            raise IllegalAction(
                f"the turned card {locked[0]} stays in the dealer's hand: this table plays "
                f"the house rule dealer_may_discard_trump_card=False (no source forbids it); "
                f"discard other cards, or 'keep'",
                "dealer-trump-card",
            )

    def _draw_card(self, st: _State, player: str) -> Card:
        if not st.stock:
            self._restock(st, player)
        return st.stock.pop()

    def _restock(self, st: _State, player: str) -> None:
        """The stock ran out: gather cards as the preset says, shuffle, and deal on."""
        served = [c for p, c in st.discard_pile if p != player]
        pagat = self.rules.restock == "folded_and_served_discards"
        if pagat or not st.folded:
            pool = (st.folded if pagat else []) + served
            parts = ["the passed hands"] if pagat and st.folded else []
            parts += ["the discards of the players already served"] if served else []
            what = " and ".join(parts)
            st.discard_pile = [(p, c) for p, c in st.discard_pile if p == player]
            st.folded = []
        else:
            pool, st.folded = st.folded, []
            what = "the passed hands"
        if not pool:
            raise GameError(
                "the stock and every restock source are empty; this cannot happen with 52 cards"
            )
        st.rng.shuffle(pool)
        st.stock = pool
        st.log.append(
            f"The stock is empty: {what} ({len(pool)} cards) are shuffled to make a new stock"
        )

    def _start_play(self, st: _State) -> None:
        rec = st.record
        assert rec is not None
        active = rec.active
        leader = active[0]
        if (
            self.rules.dealer_ace_leads
            and rec.trump_card.rank == Rank.ACE
            and rec.dealer in active
            and self.rules.separate_trump_card == "off"
        ):
            leader = rec.dealer
            st.log.append(
                f"The turned card is an ace: the dealer {leader} leads (glimne-dealer-ace)"
            )
        st.phase = "play"
        st.tricks_won = dict.fromkeys(active, 0)
        st.voids = {p: set() for p in active}
        self._new_trick(st, leader)

    def _new_trick(self, st: _State, leader: str) -> None:
        rec = st.record
        assert rec is not None
        active = rec.active
        i = active.index(leader)
        st.trick = Trick(leader)
        st.turn = active[i:] + active[:i]

    def _situation(self, st: _State, player: str) -> Situation:
        rec = st.record
        assert rec is not None and st.trick is not None
        seen = [c for t in rec.tricks for c in t.cards]
        others = [p for p in rec.active if p != player]
        return Situation(
            hand=tuple(st.hands[player]),
            trump=rec.trump_card.suit,
            trick=st.trick.cards,
            seen=tuple(seen),
            tricks_won=st.tricks_won[player],
            players_after=len(st.turn) - 1 - st.turn.index(player) if player in st.turn else 0,
            others_out_of_trump=bool(others)
            and all(rec.trump_card.suit in st.voids[p] for p in others),
            won_last_trick_with=_winning_play(rec.tricks[-1], player)
            if rec.tricks and not st.trick.cards
            else None,
        )

    def _play(self, st: _State, text: str) -> str:
        player = st.turn[0]
        word, _, rest = text.partition(" ")
        renege = word.lower() == "renege"
        token = rest.strip() if renege else text
        situation = self._situation(st, player)
        legal = [c.code for c in _sorted(legal_plays(situation, self.rules))]
        try:
            card = parse_card(token)
        except CardError as err:
            raise IllegalAction(
                f"{player} must play a card now, one of {', '.join(legal)}; "
                f"{token!r} is not a card ({err})",
                "",
                legal,
            ) from None
        verdict = explain(situation, card, self.rules)
        if verdict.rule == "hand":
            raise IllegalAction(
                f"{player}: {verdict.reason} Legal now: {', '.join(legal)}.", "hand", legal
            )
        if not renege and not verdict.legal:
            raise IllegalPlay(verdict, legal)
        if renege and verdict.legal:
            raise IllegalAction(
                f"{card} breaks no rule here, so it cannot be a renege; play it as '{card.code}'",
                verdict.rule,
                legal,
            )
        if renege:
            return self._renege(st, player, card, situation, verdict)
        self._put_card(st, player, card, situation)
        return card.code

    def _renege(
        self, st: _State, player: str, card: Card, situation: Situation, verdict: Verdict
    ) -> str:
        rec = st.record
        assert rec is not None
        mode = self.rules.renege
        broken = f"{card} breaks {verdict.rule}: {rule_summary(verdict.rule)}"
        if mode in ("retract", "retract_and_penalty"):
            st.log.append(f"{player} reneges: {broken}")
            st.log.append(f"{player} takes {card} back and must play again (wikipedia variant)")
            if mode == "retract_and_penalty":
                rec.renegers.add(player)
                st.log.append(f"{player} will pay the renege penalty at the settlement")
            return f"renege {card.code}"
        self._put_card(st, player, card, situation, reneged=True)
        st.log.append(f"That is a renege: {broken}")
        if mode == "penalty":
            rec.renegers.add(player)
            st.log.append(
                f"The card stands; {player} will pay the renege penalty at the settlement"
            )
        else:
            st.pending = _Pending(player, card, situation)
            st.log.append(
                f"{player} may correct it before anyone plays on (pagat); until then the trick waits"
            )
        self._maybe_end_trick(st)
        return f"renege {card.code}"

    def _close_pending(self, st: _State, word: str, rest: str) -> str:
        pending = st.pending
        rec = st.record
        assert pending is not None and rec is not None and st.trick is not None
        fixes = [c.code for c in _sorted(legal_plays(pending.situation, self.rules))]
        if word == "accept":
            if rest:
                raise IllegalAction(
                    f"'accept' takes no card; to correct the renege say 'correct' and a card, "
                    f"one of {', '.join(fixes)}",
                    "pagat-renege",
                    ["accept"] + [f"correct {c}" for c in fixes],
                )
            rec.renegers.add(pending.player)
            st.pending = None
            st.log.append(
                f"The renege by {pending.player} stands: {pending.player} will pay as if "
                "bourréd (pagat)"
            )
            self._maybe_end_trick(st)
            return "accept"
        try:
            fix = parse_card(rest)
        except CardError as err:
            raise IllegalAction(
                f"cannot read the correction {rest!r}: {err}; correct with one of {', '.join(fixes)}",
                "pagat-renege",
                [f"correct {c}" for c in fixes],
            ) from None
        verdict = explain(pending.situation, fix, self.rules)
        if not verdict.legal:
            raise IllegalPlay(verdict, [f"correct {c}" for c in fixes])
        i = st.trick.plays.index((pending.player, pending.card))
        st.trick.plays[i] = (pending.player, fix)
        st.hands[pending.player].remove(fix)
        st.hands[pending.player].append(pending.card)
        rec.corrected.add(pending.player)
        st.pending = None
        self._note_voids(st, pending.player, fix, pending.situation)
        st.log.append(
            f"{pending.player} corrects the renege: {fix} replaces {pending.card}; "
            f"{pending.player} cannot win this pot, pays no bourré and sits out the next deal "
            "(pagat)"
        )
        self._maybe_end_trick(st)
        return f"correct {fix.code}"

    def _put_card(
        self, st: _State, player: str, card: Card, situation: Situation, reneged: bool = False
    ) -> None:
        assert st.trick is not None
        st.hands[player].remove(card)
        st.trick.plays.append((player, card))
        st.turn.pop(0)
        verb = "leads" if len(st.trick.plays) == 1 else "plays"
        st.log.append(f"{player} {verb} {card}")
        if not reneged:
            self._note_voids(st, player, card, situation)
            self._maybe_end_trick(st)

    def _note_voids(self, st: _State, player: str, card: Card, situation: Situation) -> None:
        """Record what the table now knows a player lacks (used for glimne 10)."""
        led, trump = situation.led, situation.trump
        if led is None or card.suit == led:
            return
        st.voids[player].add(led)
        if card.suit != trump and (not situation.trumped or self.rules.trump_when_cannot_win):
            st.voids[player].add(trump)

    def _provisional_winner(self, st: _State) -> str:
        assert st.trick is not None
        rec = st.record
        assert rec is not None
        return st.trick.plays[trick_winner(st.trick.cards, rec.trump_card.suit)][0]

    def _maybe_end_trick(self, st: _State) -> None:
        if st.turn or st.pending is not None:
            return
        rec = st.record
        assert rec is not None and st.trick is not None
        winner = self._provisional_winner(st)
        st.trick.winner = winner
        rec.tricks.append(st.trick)
        st.tricks_won[winner] += 1
        won_with = st.trick.cards[[p for p, _ in st.trick.plays].index(winner)]
        st.log.append(f"{winner} wins trick {len(rec.tricks)} with {won_with}")
        if len(rec.tricks) == HAND_SIZE:
            st.trick = None
            self._settle(st, st.tricks_won)
        else:
            self._new_trick(st, winner)

    def _settle(self, st: _State, tricks: dict[str, int]) -> None:
        rec = st.record
        assert rec is not None
        result = settle(st.pot, tricks, self.rules, renegers=rec.renegers, corrected=rec.corrected)
        rec.settlement = result
        for player, amount in result.payments.items():
            self._pay(st, str(player), amount)
        if result.winner is not None:
            st.bankrolls[str(result.winner)] += result.taken
            st.pot -= result.taken
        st.log.extend(_settlement_lines(result, rec, self.rules))
        st.skip_ante = frozenset(result.skips_next_ante)
        st.sit_out = frozenset(result.sits_out_next) | st.penalised
        self._finish(st)

    def _finish(self, st: _State) -> None:
        rec = st.record
        assert rec is not None
        st.history.append(rec)
        st.phase, st.turn = "settled", []
        rolls = ", ".join(f"{p} {st.bankrolls[p]}" for p in self.players)
        st.log.append(f"Bankrolls: {rolls}; pot {st.pot}")

    def _next_hand(self, st: _State) -> None:
        st.penalised = frozenset()
        st.dealer_seat = (st.dealer_seat + 1) % len(self.players)
        sit_out = st.sit_out
        if len(self.players) - len(sit_out) < 2:
            sit_out = frozenset()
        st.sit_out = sit_out
        self._start_hand(st)


def _winning_play(trick: Trick, player: str) -> Card | None:
    """The card with which `player` won `trick`, or None if somebody else won it."""
    return (
        next((c for p, c in trick.plays if p == player), None) if trick.winner == player else None
    )


def _seat_names(players: int | Sequence[str]) -> tuple[str, ...]:
    """Seat names, clockwise: a number of seats (named A, B, C...) or a list of names."""
    if isinstance(players, bool):
        raise GameError(f"players must be a number of seats or a list of names, got {players!r}")
    if isinstance(players, int):
        if not 2 <= players <= len(SEAT_NAMES):
            raise GameError(f"a table seats 2 to {len(SEAT_NAMES)} players, got {players}")
        return tuple(SEAT_NAMES[:players])
    names = tuple(str(p) for p in players)
    if len(set(names)) != len(names) or not all(n.strip() for n in names):
        raise GameError(f"player names must be distinct and not blank, got {list(players)!r}")
    return names


def _check_int(name: str, value: object, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise GameError(f"{name} must be a whole number, {low} or more, got {value!r}")
    return value


_DECK_ORDER = {card: i for i, card in enumerate(DECK)}


def _sorted(cards: Iterable[Card]) -> list[Card]:
    """Cards in the deck's order (♠ ♥ ♦ ♣, two to ace), the same order as `Card` sorts."""
    return sorted(cards, key=_DECK_ORDER.__getitem__)


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _names(players: Iterable[str]) -> str:
    """Names in plain English: 'A', 'A and B', 'A, B and C'."""
    names = list(players)
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _in_order(players: Iterable[object], order: Sequence[str]) -> list[str]:
    """The given players, in seat order."""
    chosen = {str(p) for p in players}
    return [p for p in order if p in chosen]


def _verb(players: Sequence[str], one: str, many: str) -> str:
    return one if len(players) == 1 else many


def _settlement_lines(result: Settlement, rec: HandRecord, rules: Rules) -> list[str]:
    """The settlement told in a few lines, naming every player (for the transcript)."""
    lines = []
    if rec.tricks:
        lines.append("Tricks: " + ", ".join(f"{p} {n}" for p, n in result.tricks.items()))
    pot = result.pot_before
    if result.winner is not None:
        lines.append(f"{result.winner} takes the pot of {pot}")
    elif result.tied:
        tied = _in_order(result.tied, rec.seats)
        most = result.tricks[tied[0]]
        lines.append(
            f"Split pot: {_names(tied)} tie with {most} tricks each, so nobody takes the "
            f"{pot} in the pot"
        )
    else:
        top = max(result.tricks, key=lambda p: result.tricks[p])
        lines.append(
            f"{top} took the most tricks but corrected a renege, so nobody takes the {pot} in the pot"
        )
    limit = f" (pot limit {rules.pot_limit})" if rules.pot_limit is not None else ""
    where = (
        f"to {result.winner}"
        if result.winner is not None and result.taken > pot
        else "into the pot for the next hand"
    )
    for player, amount in result.payments.items():
        capped = limit if amount < pot else ""
        if player in result.renegers:
            lines.append(f"{player} reneged and pays {amount}{capped} {where}")
        else:
            lines.append(f"{player} took no trick: bourré! {player} pays {amount}{capped} {where}")
    for player in _in_order(rec.corrected, rec.seats):
        if player in result.bourred and player not in result.payments:
            lines.append(f"{player} took no trick but corrected a renege, so pays no bourré")
    carried = result.pot_carried
    nxt = [f"{carried} stays in the pot" if carried else "the pot is empty"]
    skip = _in_order(result.skips_next_ante, rec.seats)
    if skip:
        nxt.append(f"{_names(skip)} {_verb(skip, 'skips', 'skip')} the ante")
    out = _in_order(result.sits_out_next, rec.seats)
    if out:
        nxt.append(f"{_names(out)} {_verb(out, 'sits', 'sit')} out the deal")
    lines.append("Next hand: " + "; ".join(nxt))
    return lines
