"""Your first hand: one whole hand of Bourré told step by step, each word explained as it happens.

`FirstHand` plays one seeded hand at a table of four under the baseline rulebook (pagat's). The
learner holds seat A and makes every decision of that seat; the other seats play simply
(`plain_choice`). The story follows the order of the rules it is played by: under pagat's
(one round, as the course reads it) a player who says play draws at once, before the next
player speaks; under glimne's or wikipedia's everyone declares first, then the draw. Each
step is a `HandStep`: what the learner's seat saw happen (never another
player's hidden cards), what it means, and the game words it shows for the first time, each
defined once (`TERMS`). `hint()` helps with the decision at hand without making it.

The engine decides everything: an illegal card raises the engine's `IllegalAction`, which names
the rule, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .actions import GameError
from .cards import Card, Rank, Suit, parse_card
from .game import Game
from .play import Situation, cite, explain, voids_shown_by, winning_card
from .rules import Rules
from .seat_view import transcript_for

__all__ = ["FIRST_HAND_SEED", "TERMS", "FirstHand", "HandStep", "Term", "plain_choice"]

FIRST_HAND_SEED = 39
"""The deal of the lesson: chosen so that, played as the hints suggest, every word below shows."""


@dataclass(frozen=True)
class Term:
    """A game word, its meaning in a sentence or two, and where the glossary explains it."""

    key: str
    word: str
    meaning: str
    anchor: str

    def __str__(self) -> str:
        return f"{self.word}: {self.meaning}"


def _term(word: str, meaning: str, anchor: str = "") -> Term:
    key = word.replace(" ", "-").replace("é", "e")
    return Term(key, word, meaning, anchor or key)


TERMS: dict[str, Term] = {
    t.key: t
    for t in (
        _term(
            "clockwise",
            "round the table to the left: the deal, the speaking and the play all go this way",
        ),
        _term("ante", "the chip each player puts in before the deal (one chip in this course)"),
        _term("pot", "the chips in the middle of the table; the hand's winner takes them"),
        _term("dealer", "the player who deals this hand; the deal moves one seat left each hand"),
        _term("hand", "your five cards; also one round of the game, from ante to payment"),
        _term(
            "turned card",
            "the dealer's fifth card, dealt face up for all to see; it is part of the dealer's hand",
        ),
        _term(
            "trump",
            "a card of the turned card's suit; any trump beats any card of another suit, even an "
            "ace",
        ),
        _term(
            "play or pass",
            "each player in turn, from the dealer's left, says whether they take part in the hand",
        ),
        _term("pass", "to drop out of the hand: your ante stays in the pot, you pay nothing more"),
        _term(
            "play",
            "to stay in: you may win the pot, but if you take no trick you are bourré and pay",
        ),
        _term(
            "bourré",
            "a player who stayed in and took no trick: they pay as much as the pot held, and that "
            "money goes into the next pot",
            "bourre",
        ),
        _term(
            "draw",
            "a player who plays throws away any number of cards face down and gets as many new "
            "ones; the table hears how many, never which",
        ),
        _term("stock", "the cards not dealt, face down; the draw takes new cards from it"),
        _term(
            "trick",
            "one card from each player still in, in turn; the best card takes all of them; a hand "
            "has five tricks",
        ),
        _term("lead", "to play the first card of a trick; its suit is the suit led"),
        _term(
            "follow suit",
            "to play a card of the suit led; whenever you hold one, you must",
        ),
        _term(
            "beat",
            "to play a card that takes the lead in the trick; when you can, you must (play to win)",
            "play-to-win",
        ),
        _term(
            "void",
            "holding no card of a suit; void in the suit led, you must play a trump if you have one",
        ),
        _term(
            "win a trick",
            "the highest trump takes the trick; with no trump in it, the highest card of the suit "
            "led",
            "trick",
        ),
        _term(
            "face up",
            "the winner keeps the trick face up in front of them, so everyone can count it",
            "face-up",
        ),
        _term(
            "winner leads",
            "whoever wins a trick leads the next one",
            "lead",
        ),
        _term(
            "settlement",
            "the end of the hand: most tricks takes the pot, no trick pays the pot's amount",
        ),
        _term(
            "split pot",
            "two players tie for the most tricks: nobody takes the pot; it waits for the next hand",
        ),
    )
}


@dataclass(frozen=True)
class HandStep:
    """One step of the hand: what seat A saw happen, what it means, and the words new here."""

    lines: tuple[str, ...]
    meaning: str
    words: tuple[Term, ...] = ()
    asks: str = ""

    def to_text(self) -> str:
        """The step as plain text: events, meaning, new words, then the question if any."""
        out = [*self.lines, self.meaning]
        out += [f"New word · {t}" for t in self.words]
        if self.asks:
            out.append(f"Your turn: {self.asks}")
        return "\n".join(x for x in out if x)


# --- how the other seats play: simply, and always legally ----------------------------------


def plain_choice(game: Game) -> str:
    """A simple, legal action for the player to act: play with a trump of ten or better, two
    trumps or an ace; throw away side cards below the king; lead the highest card; otherwise
    play the lowest card the rules allow."""
    legal = game.legal_actions()
    player = game.to_act
    hand = game.cards_of(player)
    trump = game.trump_card.suit
    if game.phase == "declare":
        trumps = [c for c in hand if c.suit == trump]
        strong = any(c.rank >= Rank.TEN for c in trumps) or len(trumps) >= 2
        strong = strong or any(c.rank == Rank.ACE for c in hand)
        wanted = "play" if strong else "pass"
        return wanted if wanted in legal else legal[0]
    if game.phase == "draw":
        weak = [c for c in hand if c.suit != trump and c.rank < Rank.KING]
        action = "discard " + " ".join(c.code for c in weak) if weak else "keep"
        return action if _allowed(game, action) else "keep"
    cards = [parse_card(a) for a in legal]
    by_strength = sorted(cards, key=lambda c: (c.suit == trump, c.rank))
    return (by_strength[-1] if game.current_trick is None else by_strength[0]).code


def _allowed(game: Game, action: str) -> bool:
    """Whether the engine accepts `action` now (tried on a copy)."""
    try:
        game.replayed().apply(action)
    except GameError:
        return False
    return True


# --- the guided hand ------------------------------------------------------------------------


class FirstHand:
    """One whole hand, told step by step from seat A; the learner decides for A."""

    you = "A"

    def __init__(
        self,
        seed: int = FIRST_HAND_SEED,
        rules: Rules | str = "pagat",
        deal: Mapping[str, str] | None = None,
        defined: Iterable[str] = (),
    ) -> None:
        """`deal` places chosen cards (`Game`'s deal, e.g. {"turned": "DA"}), the rest coming
        from the seed; `defined` names the words (keys of `TERMS`) already explained, which
        the story then does not define again."""
        self.rules = Rules.preset(rules) if isinstance(rules, str) else rules
        self.seed = seed
        self.game = Game(self.rules, players=4, seed=seed, deal=deal)
        self.defined: list[str] = list(defined)
        self._seen_lines = 0
        self.story: list[HandStep] = []
        self._opening()

    def __repr__(self) -> str:
        return f"<your first hand: {self.rules.source} rules, seed {self.seed}, {self.waiting_for}>"

    @property
    def waiting_for(self) -> str:
        """What comes next: 'next' (others act), 'declare', 'draw', 'card' (you) or 'over'."""
        game = self.game
        if game.phase == "settled":
            return "over"
        if game.to_act != self.you:
            return "next"
        return {"declare": "declare", "draw": "draw"}.get(game.phase, "card")

    @property
    def now(self) -> HandStep:
        """The latest step of the story."""
        return self.story[-1]

    def next(self) -> HandStep:
        """Let the next other player act once (or say whose turn it is), and tell it."""
        if self.waiting_for != "next":
            return self._tell(self._ask_line(), "")
        return self._act(plain_choice(self.game))

    def declare(self, play: bool) -> HandStep:
        """Say play (True) or pass (False) for seat A."""
        self._expect("declare")
        return self._act("play" if play else "pass")

    def discard(self, *cards: Card | str) -> HandStep:
        """Throw these cards away in the draw (none: keep all five)."""
        self._expect("draw")
        chosen = [parse_card(c) for c in cards]
        return self._act("discard " + " ".join(c.code for c in chosen) if chosen else "keep")

    def play(self, card: Card | str) -> HandStep:
        """Play a card of A's hand; a card the rules forbid raises `IllegalAction`, naming the
        rule, and changes nothing."""
        self._expect("card")
        return self._act(parse_card(card).code)

    def hint(self) -> str:
        """Help with A's decision now, without making it."""
        kind = self.waiting_for
        if kind == "declare":
            return _declare_hint(self.game, self.you)
        if kind == "draw":
            return _draw_hint(self.game, self.you)
        if kind == "card":
            return _card_hint(self.game, self.you)
        if kind == "over":
            return "The hand is over. Start again to play it differently."
        return "Nothing to decide yet: press Next to see the next player act."

    def finish(self) -> list[HandStep]:
        """Play the rest of the hand, A following the hints' simple choices (a demonstration)."""
        told = []
        while self.waiting_for != "over":
            told.append(self._act(plain_choice(self.game)))
        return told

    def to_text(self) -> str:
        """The whole story so far, as plain text, for tests and screen readers."""
        return "\n\n".join(m.to_text() for m in self.story)

    # --- internals ------------------------------------------------------------------------

    def _expect(self, kind: str) -> None:
        if self.waiting_for != kind:
            raise GameError(f"it is not your {kind} now: {self._ask_line() or 'press Next'}")

    def _act(self, action: str) -> HandStep:
        player, phase = self.game.to_act, self.game.phase
        trick_before = len(self.game.hand_record.tricks)
        before = self.game.situation() if phase == "play" else None
        self.game.apply(action)
        meaning, keys = _meaning(self.game, player, phase, action, trick_before, self.you, before)
        return self._tell(meaning, *keys)

    def _tell(self, meaning: str, *keys: str) -> HandStep:
        lines = transcript_for(self.game, self.you).splitlines()
        new_lines = tuple(x for x in lines[self._seen_lines :] if not x.startswith("=="))
        self._seen_lines = len(lines)
        step = HandStep(new_lines, meaning, self._new_words(keys), self._ask_line())
        self.story.append(step)
        return step

    def _new_words(self, keys: tuple[str, ...]) -> tuple[Term, ...]:
        fresh = [k for k in dict.fromkeys(keys) if k and k not in self.defined]
        self.defined += fresh
        return tuple(TERMS[k] for k in fresh)

    def _ask_line(self) -> str:
        return {
            "declare": "play or pass? (Hint helps.)",
            "draw": "click the cards to throw away, then Exchange; or Keep all.",
            "card": "click a card to play it.",
        }.get(self.waiting_for, "")

    def _opening(self) -> HandStep:
        game, dealer = self.game, self.game.hand_record.dealer
        card = game.trump_card
        meaning = (
            f"Four players sit round a table: you are {self.you}, and B, C and D sit on your left "
            f"in turn, clockwise. Each puts one chip, the ante, in the pot. {dealer} is the dealer "
            f"of this hand and deals five cards to each player, one at a time, starting on the "
            f"left. The dealer's last card, {card.name} ({card}), is turned face up: "
            f"{card.suit.plural} are trumps for this hand. It is part of {dealer}'s hand."
        )
        keys = ("clockwise", "ante", "pot", "dealer", "hand", "turned-card", "trump")
        return self._tell(meaning, *keys)


# --- what each step means ---------------------------------------------------------------------


def _meaning(
    game: Game,
    player: str,
    phase: str,
    action: str,
    tricks_before: int,
    you: str,
    before: Situation | None = None,
) -> tuple[str, tuple[str, ...]]:
    """What `player`'s `action` in `phase` meant (`before`: the card decision a card play
    answered), and the words it shows."""
    who = "You" if player == you else player
    in_turn = game.rules.draws_in_turn
    if phase == "declare":
        if action == "play":
            first = not game.hand_record.discards  # the first to say play: say why
            how = f" In {game.rules.source}'s order, as the course reads it," if first else ""
            last = player == game.hand_record.seats[-1]
            subject = ("you" if who == "You" else who) if first else who  # a sentence of its own
            now = (
                f"{how} {subject} {_verb(who, 'draws')} at once"
                + ("." if last else ", before the next player speaks.")
                if in_turn
                else ""
            )
            return f"{who} will play, and must now win a trick or be bourré.{now}", (
                "play-or-pass",
                "play",
                "bourre",
            )
        return f"{who} {_verb(who, 'drops')} out of this hand.", ("play-or-pass", "pass")
    if phase == "draw":
        thrown = len(game.hand_record.discards.get(player, ()))
        done = f"exchanged {thrown} card{'s' if thrown != 1 else ''}" if thrown else "kept all five"
        heard = ""
        if not in_turn and len(game.hand_record.discards) == 1:
            start = "Everyone has declared, so the draw begins, in the same order: "
            return f"{start}{'you' if who == 'You' else who} {done}.", ("draw", "stock")
        if in_turn and player != you and you not in game.hand_record.declared:
            heard = " You heard how many before your turn: few new cards mean a strong hand."
        return f"{who} {done}.{heard}", ("draw", "stock")
    if phase == "play" and before is not None:
        return _trick_meaning(game, player, parse_card(action), before, tricks_before, who)
    return "", ()


def _trick_meaning(
    game: Game, player: str, card: Card, before: Situation, tricks_before: int, who: str
) -> tuple[str, tuple[str, ...]]:
    """What playing `card` meant: a lead, a follow, a trump, a discard, a trick won; the suits
    it shows the player lacks are the engine's (`play.voids_shown_by`)."""
    record = game.hand_record
    done = len(record.tricks) > tricks_before or game.phase == "settled"
    trick = record.tricks[-1] if done else game.current_trick
    trump, led = record.trump_card.suit, trick.plays[0][1].suit
    if trick.plays[0][0] == player:
        text = f"{who} {_verb(who, 'leads')} {card}: the first card of a trick."
        keys = ["trick", "lead"]
    elif card.suit == led:
        text, keys = f"{who} {_verb(who, 'follows')} suit with {card}.", ["follow-suit"]
        if _beat_so_far(trick.plays, player, trump):
            text, keys = text[:-1] + ", beating every card before it.", [*keys, "beat"]
    else:
        text, keys = _void_text(
            who, card, led, trump, voids_shown_by(before.trick, card, trump, game.rules)
        )
    if done:
        text += _won_text(game, trick.winner, tricks_before)
        keys += ["win-a-trick", "face-up", "winner-leads"]
    if game.phase == "settled":
        text += " " + _settled_text(game)
        keys += _settled_keys(game)
    return text, tuple(keys)


def _void_text(
    who: str, card: Card, led: Suit, trump: Suit, shown: frozenset[Suit]
) -> tuple[str, list[str]]:
    """A card not of the suit led, told by what it shows the player lacks (`shown`)."""
    if card.suit == trump:
        text = (
            f"{who} {_verb(who, 'is')} void in {led.plural} and {_verb(who, 'trumps')} with {card}."
        )
        return text, ["void", "trump"]
    if led == trump:
        return f"{who} {_verb(who, 'has')} no trump left: {card} cannot win.", ["void"]
    if trump in shown:
        text = f"{who} {_verb(who, 'is')} void in {led.plural} and {_verb(who, 'has')} no trump: "
        return text + f"{card} cannot win.", ["void"]
    text = (
        f"{who} {_verb(who, 'is')} void in {led.plural}; the trick is trumped already, so "
        f"these rules let {who.lower() if who == 'You' else who} keep any trump back: "
        f"{card} cannot win."
    )
    return text, ["void"]


def _verb(who: str, third_person: str) -> str:
    """The verb for `who`: 'leads' for a seat, 'lead' for you ('is' and 'has' included)."""
    if who != "You":
        return third_person
    return {"is": "are", "has": "have"}.get(third_person, third_person.removesuffix("s"))


def _beat_so_far(plays: list[tuple[str, Card]], player: str, trump: Suit) -> bool:
    """Whether `player`'s card took the lead from every card played before it (the engine's
    `winning_card` decides)."""
    cards = [card for _, card in plays]
    upto = [p for p, _ in plays].index(player) + 1
    return upto > 1 and winning_card(cards[:upto], trump) == cards[upto - 1]


def _won_text(game: Game, winner: str | None, number: int) -> str:
    """The sentence for a finished trick."""
    tricks = game.tricks_won.get(winner, 0)
    return (
        f" Trick {number + 1} is complete: {winner} wins it and keeps it face up ({winner} has "
        f"{tricks} trick{'s' if tricks != 1 else ''})."
        + (f" {winner} leads the next one." if game.phase == "play" else "")
    )


def _settled_text(game: Game) -> str:
    """The settlement in a sentence or two."""
    s = game.hand_record.settlement
    if s.winner is not None:
        text = f"The hand is over: {s.winner} took the most tricks and the pot of {s.taken}."
    else:
        text = f"The hand is over: {' and '.join(sorted(s.tied))} tie, so nobody takes the pot."
    for player in sorted(s.bourred):
        text += f" {player} took no trick: bourré, and pays {s.payments[player]} into the pot."
    return text


def _settled_keys(game: Game) -> list[str]:
    s = game.hand_record.settlement
    keys = ["settlement"]
    keys += ["bourre"] if s.bourred else []
    keys += ["split-pot"] if s.tied else []
    return keys


# --- hints ------------------------------------------------------------------------------------


def _declare_hint(game: Game, you: str) -> str:
    """A rule of thumb for play or pass, from the cards held."""
    hand, trump = game.cards_of(you), game.trump_card.suit
    trumps = [c for c in hand if c.suit == trump]
    aces = [c for c in hand if c.rank == Rank.ACE and c.suit != trump]
    record = game.hand_record
    said = [p for p, s in record.declared.items() if s]
    drew = [f"{p} drew {len(record.discards[p])}" for p in said if p in record.discards]
    heard = f" ({', '.join(drew)}: the fewer new cards, the stronger the hand)" if drew else ""
    return (
        f"You hold {len(trumps)} trump{'s' if len(trumps) != 1 else ''}"
        f"{' (' + ' '.join(map(str, trumps)) + ')' if trumps else ''} and "
        f"{len(aces)} ace{'s' if len(aces) != 1 else ''} of another suit. "
        f"{len(said)} player{'s' if len(said) != 1 else ''} before you said play{heard}. "
        "A rule of thumb: high trumps and aces win tricks; with none, passing costs only your "
        "ante, while playing risks a bourré."
    )


def _draw_hint(game: Game, you: str) -> str:
    """A rule of thumb for the draw."""
    trump = game.trump_card.suit
    weak = [c for c in game.cards_of(you) if c.suit != trump and c.rank < Rank.KING]
    return (
        "Keep your trumps and your aces: they are the cards that win tricks. Low cards of "
        "the other suits rarely win one"
        + (f"; here that means {' '.join(map(str, weak))}." if weak else ".")
    )


def _card_hint(game: Game, you: str) -> str:
    """Which cards the rules allow now, and the rule that narrows them to those."""
    situation = game.situation(you)
    allowed = [
        v for v in (explain(situation, c, game.rules) for c in game.cards_of(you)) if v.legal
    ]
    cards = " ".join(str(v.card) for v in sorted(allowed, key=lambda v: v.card))
    if "cinch" in allowed[0].rule_id:  # a word of lesson 05b: said here in plain words
        return (
            f"The rules allow {cards}. Why: you are sure to take three tricks, so the pot is "
            "yours, and pagat then has you win the trick with your highest trump (lesson 05b)."
        )
    why = allowed[0].reason.split(": ", 1)[-1].split(" (")[0].rstrip(".")
    cited = cite(allowed[0].rule_id)
    source = f" [{cited}]" if cited != allowed[0].rule_id else ""
    return f"The rules allow {cards}. Why: {why}{source}."
