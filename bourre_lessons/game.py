"""Whole hands: ante, deal, play or pass, draw, tricks, settlement, and the next deal.

A game is rebuilt exactly from `(rules, seed, actions)`: the same three always give the
same position, so replay, undo and a teacher's shared deal come free. Actions are short
strings, the same ones a transcript prints:

    "play" / "pass"            declare, in turn from the dealer's left, the dealer last
    "keep" / "discard S2 D3"   the draw, for each player who plays
    "take discard S2"          the dealer takes the separate trump card (pagat variant)
    "H7"                       play a card (any notation `parse_card` reads)
    "renege H7"                play a card that breaks a rule, on purpose (a misplay)
    "correct H4" / "accept"    pagat: correct a renege before the next player plays, or not
    "deal"                     start the next hand once a hand is settled

An action that breaks a rule raises `IllegalPlay` or `IllegalAction` naming the rule and the
alternatives, and leaves the game exactly as it was.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from .cards import DECK, Card, CardError, Rank, parse_card, parse_cards
from .play import Situation, Verdict, explain, legal_plays, trick_winner
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


@dataclass
class _Pending:
    """An uncorrected renege (pagat): the window closes when anyone else acts."""

    player: str
    card: Card
    situation: Situation


@dataclass
class _State:
    """Everything that changes during a game; deep-copied so a refused action changes nothing."""

    rng: random.Random
    bankrolls: dict[str, int]
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
    log: list[str] = field(default_factory=list)


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
        self._state = _State(
            rng=random.Random(self.seed), bankrolls=dict.fromkeys(self.players, bankroll)
        )
        self._start_hand(self._state)
        for action in actions:
            self.apply(action)

    # --- reading the position ----------------------------------------------------------

    @property
    def phase(self) -> str:
        """'declare', 'draw', 'play' or 'settled'."""
        return self._state.phase

    @property
    def to_act(self) -> str | None:
        """The player whose decision is awaited (None between hands)."""
        st = self._state
        if st.phase == "settled":
            return None
        if st.pending is not None and st.trick is not None and not st.turn:
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
        """The record of the hand in progress (or just settled)."""
        assert self._state.record is not None
        return self._state.record

    @property
    def history(self) -> list[HandRecord]:
        """Records of the hands already settled, oldest first."""
        return list(self._state.history)

    @property
    def trump(self) -> Card:
        """The turned card whose suit is trump this hand."""
        return self.hand.trump_card

    def cards_of(self, player: str) -> tuple[Card, ...]:
        """The cards a player holds now, sorted."""
        return tuple(sorted(self._state.hands.get(self._seat(player), ())))

    @property
    def current_trick(self) -> Trick | None:
        """The trick being played, if any."""
        return self._state.trick

    @property
    def tricks_won(self) -> dict[str, int]:
        """Tricks taken so far this hand by each player who plays."""
        return dict(self._state.tricks_won)

    def situation(self, player: str | None = None) -> Situation:
        """The decision facing `player` (default: the player to act) as the engine sees it."""
        st = self._state
        if st.phase != "play":
            raise GameError(f"there is no card to play in the {st.phase} phase")
        name = self.to_act if player is None else self._seat(player)
        assert name is not None
        return self._situation(st, name)

    def legal_actions(self) -> list[str]:
        """Every action accepted now, as canonical strings."""
        st = self._state
        if st.phase == "settled":
            return ["deal"]
        if st.pending is not None:
            fixes = legal_plays(st.pending.situation, self.rules)
            return ["accept"] + [f"correct {c.code}" for c in sorted(fixes)]
        player = st.turn[0]
        if st.phase == "declare":
            return ["play"] if self._must_play(st, player) else ["play", "pass"]
        if st.phase == "draw":
            return self._draw_options(st, player)
        return [c.code for c in sorted(legal_plays(self._situation(st, player), self.rules))]

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
        shared = {id(st.log): st.log, id(st.history): st.history}
        log_len, history_len = len(st.log), len(st.history)
        trial = copy.deepcopy(st, shared)
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
        self._antes(st, seats, dealer)
        for p in seats:
            st.log.append(f"{p} is dealt {_cards(st.hands[p])}")
        where = "turned in the middle" if st.separate_trump else f"the dealer's last card, {dealer}"
        st.log.append(f"Trump card {trump_card} ({where}): {trump_card.suit.plural} are trumps")
        if len(seats) < len(self.players):
            st.log.append(f"Sitting out: {', '.join(p for p in self.players if p not in seats)}")
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
            note = f"; {', '.join(skipped)} skip" if skipped else ""
            st.log.append(
                f"Antes: {', '.join(owing) or 'nobody'} put in 1 each{note} (pot {st.pot})"
            )

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
            raise IllegalAction(f"'{word}' only follows a renege under pagat's correction rule")
        if st.phase == "declare":
            return self._declare(st, word, rest)
        if st.phase == "draw":
            return self._draw(st, word, rest)
        return self._play(st, word, rest)

    def _must_play(self, st: _State, player: str) -> bool:
        rec = st.record
        assert rec is not None
        return (
            self.rules.dealer_ace_must_play
            and player == rec.dealer
            and rec.trump_card.rank == Rank.ACE
            and st.separate_trump is None
        )

    def _declare(self, st: _State, word: str, rest: str) -> str:
        player = st.turn[0]
        if word not in ("play", "pass") or rest:
            raise IllegalAction(
                f"{player} must say 'play' or 'pass' now, not {word!r}", "", ["play", "pass"]
            )
        if word == "pass" and self._must_play(st, player):
            raise IllegalAction(
                f"{player} may not pass: the turned trump card is an ace, so the dealer must play "
                "(rule pagat-dealer-ace)",
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
                extra = f", puts in a second ante (pot {st.pot})"
            st.log.append(f"{player} plays{extra}")
        else:
            st.folded.extend(st.hands.pop(player))
            st.log.append(f"{player} passes")
        if st.turn:
            if self.rules.lone_player_wins and st.turn == [rec.dealer] and not rec.active:
                rec.declared[rec.dealer] = True
                st.turn = []
                st.log.append(
                    f"Everyone but the dealer passed: {rec.dealer} takes the pot (pagat-dealer-alone)"
                )
                self._settle(st, {rec.dealer: 5})
            return word
        self._after_declarations(st)
        return word

    def _after_declarations(self, st: _State) -> None:
        rec = st.record
        assert rec is not None
        active = rec.active
        if not active:
            st.log.append(f"Everyone passed: the pot of {st.pot} stays for the next hand")
            st.skip_ante, st.sit_out = frozenset(), frozenset()
            self._finish(st)
            return
        if len(active) == 1 and self.rules.lone_player_wins:
            st.log.append(f"Only {active[0]} plays: they take the pot without play (pagat-lone)")
            self._settle(st, {active[0]: 5})
            return
        st.phase, st.turn = "draw", list(active)

    def _draw_options(self, st: _State, player: str) -> list[str]:
        hand = sorted(st.hands[player])
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

    def _draw(self, st: _State, word: str, rest: str) -> str:
        player = st.turn[0]
        take = word == "take"
        if take:
            if not self._may_take_separate(st, player):
                raise IllegalAction(
                    f"{player} cannot take the turned card: only the dealer may, under the pagat "
                    "variant with a separate trump card available to the dealer",
                    "pagat-separate-trump",
                )
            word, _, rest = rest.partition(" ")
        if word == "keep" and not rest and not take:
            cards: tuple[Card, ...] = ()
        elif word == "discard":
            try:
                cards = parse_cards(rest)
            except CardError as err:
                raise IllegalAction(f"cannot read the discard: {err}") from None
        else:
            raise IllegalAction(
                f"{player} must draw now: say 'keep' or 'discard' and the cards, e.g. 'discard S2 D3'",
                "",
                ["keep", "discard S2 D3"],
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
        drawn = [self._draw_card(st, player) for _ in range(need)]
        st.hands[player].extend(drawn)
        rec.discards[player], rec.drawn[player] = cards, tuple(drawn)
        if cards:
            st.log.append(
                f"{player} discards {_cards(cards)} and draws {_cards(drawn) or 'nothing'}"
            )
        else:
            st.log.append(f"{player} keeps all five cards")
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
                f"{player} does not hold {_cards(missing)}; {player} holds {_cards(sorted(hand))}",
                "hand",
            )
        rec = st.record
        assert rec is not None
        limit = self.rules.max_discards_for(len(rec.seats))
        if len(cards) > limit:
            rule = "wikipedia-seven" if limit < 5 else "draw"
            raise IllegalAction(
                f"{player} may discard at most {limit} cards at a table of {len(rec.seats)}, not "
                f"{len(cards)} (rule {rule})",
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
                f"the turned card {locked[0]} stays in the dealer's hand under the {self.rules.source} rules "
                "(only pagat lets the dealer discard it)",
                "dealer-trump-card",
            )

    def _draw_card(self, st: _State, player: str) -> Card:
        if not st.stock:
            self._restock(st, player)
        return st.stock.pop()

    def _restock(self, st: _State, player: str) -> None:
        """The stock ran out: gather cards as the preset says, shuffle, and deal on."""
        served = [(p, c) for p, c in st.discard_pile if p != player]
        if self.rules.restock == "folded_and_served_discards" or not st.folded:
            if self.rules.restock == "folded_and_served_discards":
                pool = st.folded + [c for _, c in served]
                what = "the passed hands and the served players' discards"
            else:
                pool = [c for _, c in served]
                what = "the discards"
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
        st.log.append(f"The stock is empty: {what} ({len(pool)} cards) are shuffled and dealt on")

    def _start_play(self, st: _State) -> None:
        rec = st.record
        assert rec is not None
        active = rec.active
        leader = active[0]
        if (
            self.rules.dealer_ace_leads
            and rec.trump_card.rank == Rank.ACE
            and rec.dealer in active
            and st.separate_trump is None
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
            players_after=max(0, len(st.turn) - 1),
            others_out_of_trump=bool(others)
            and all(rec.trump_card.suit in st.voids[p] for p in others),
        )

    def _play(self, st: _State, word: str, rest: str) -> str:
        player = st.turn[0]
        renege = word == "renege"
        token = rest if renege else " ".join(filter(None, [word, rest]))
        try:
            card = parse_card(token)
        except CardError as err:
            raise IllegalAction(f"{player} must play a card now: {err}") from None
        situation = self._situation(st, player)
        verdict = explain(situation, card, self.rules)
        legal = sorted(legal_plays(situation, self.rules))
        if verdict.rule == "hand":
            raise IllegalAction(f"{player}: {verdict.reason}", "hand", [c.code for c in legal])
        if not renege and not verdict.legal:
            raise IllegalPlay(verdict, [c.code for c in legal])
        if renege and verdict.legal:
            raise IllegalAction(
                f"{card} breaks no rule here, so it cannot be a renege; play it as '{card.code}'"
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
        st.log.append(f"{player} reneges with {card}, breaking {verdict.rule}")
        if mode in ("retract", "retract_and_penalty"):
            st.log.append(f"{player} takes {card} back and must play again")
            if mode == "retract_and_penalty":
                rec.renegers.add(player)
                st.log.append(f"{player} will pay the renege penalty at the settlement")
            return f"renege {card.code}"
        if mode == "penalty":
            rec.renegers.add(player)
            st.log.append(
                f"The card stands; {player} will pay the renege penalty at the settlement"
            )
        else:
            st.pending = _Pending(player, card, situation)
        self._put_card(st, player, card, situation, reneged=True)
        return f"renege {card.code}"

    def _close_pending(self, st: _State, word: str, rest: str) -> str:
        pending = st.pending
        rec = st.record
        assert pending is not None and rec is not None and st.trick is not None
        if word == "accept":
            if rest:
                raise IllegalAction("'accept' takes no card")
            rec.renegers.add(pending.player)
            st.pending = None
            st.log.append(
                f"The renege by {pending.player} stands: they will pay as if bourréd (pagat)"
            )
            self._maybe_end_trick(st)
            return "accept"
        try:
            fix = parse_card(rest)
        except CardError as err:
            raise IllegalAction(f"cannot read the correction: {err}") from None
        verdict = explain(pending.situation, fix, self.rules)
        if not verdict.legal:
            alternatives = [c.code for c in sorted(legal_plays(pending.situation, self.rules))]
            raise IllegalPlay(verdict, alternatives)
        i = st.trick.plays.index((pending.player, pending.card))
        st.trick.plays[i] = (pending.player, fix)
        st.hands[pending.player].remove(fix)
        st.hands[pending.player].append(pending.card)
        rec.corrected.add(pending.player)
        st.pending = None
        st.log.append(
            f"{pending.player} corrects the renege: {fix} replaces {pending.card}; "
            f"{pending.player} cannot win this pot and sits out the next deal (pagat)"
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
        st.log.append(f"Trick {len(rec.tricks)} to {winner}")
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
        if result.winner is not None:
            st.bankrolls[str(result.winner)] += result.taken
            st.pot -= result.taken
        for player, amount in result.payments.items():
            self._pay(st, str(player), amount)
        st.log.append(result.describe())
        st.skip_ante = frozenset(result.skips_next_ante)
        st.sit_out = frozenset(result.sits_out_next)
        self._finish(st)

    def _finish(self, st: _State) -> None:
        rec = st.record
        assert rec is not None
        st.history.append(rec)
        st.phase, st.turn = "settled", []
        rolls = " ".join(f"{p} {st.bankrolls[p]}" for p in self.players)
        st.log.append(f"Bankrolls: {rolls} · pot {st.pot}")

    def _next_hand(self, st: _State) -> None:
        st.dealer_seat = (st.dealer_seat + 1) % len(self.players)
        sit_out = st.sit_out
        if len(self.players) - len(sit_out) < 2:
            sit_out = frozenset()
        st.sit_out = sit_out
        self._start_hand(st)


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


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)
