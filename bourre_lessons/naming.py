"""Naming a card: what a player's words designate, by the bridge laws 45C4a and 46B.

A learner may type a card ("QH", "hjärter kung"), or only part of one ("the king", "a heart",
"high", "win it", "doesn't matter"). `designate` reads the words and applies the laws the Danish
source (`laws`) explains, carried over to Bourré as docs/rules.md ("Naming a card") decides:

- laws 45C4a: a fully named card counts as played the moment it is named. If the engine
  allows it, it is simply played. The law says nothing of a card the rules forbid (it refers
  retraction to §47); the engine's reading (`reading-named-illegal`): it is still played, and
  that is a renege, settled by the rulebook's renege rule (`rules.renege`: pagat-renege, or
  the penalty of glimne and wikipedia). Naming is not a way to try a card and take it back.
- laws 46B1a / 46B1c: "high" / "low" = the highest / lowest legal card of the led suit.
- laws 46B1b: "win it" = the lowest card of the led suit known to win the trick: one that no
  card you cannot see can beat (every higher card of its suit is in your hand or played, and,
  for a card of a side suit, nobody after you can trump it), or, when you play last, the lowest
  card that beats the trick so far. Only when no card is known to win is it the highest card of
  the led suit.
- laws 46B2: a suit without a rank = the lowest legal card of that suit.
- laws 46B3a: on lead, a rank without a suit = the card of that rank in the suit with which you
  won the previous trick, if you hold it (the laws speak of the suit in which dummy won).
- laws 46B3b (clause id laws-46B3): otherwise a rank = the legal card of that rank; asks which
  if two are legal.
- laws 46B4: a card not held names nothing: say again. The Danish article applies the same rule
  to a rank with no legal card ("the nine" when no nine may be played); the engine does the
  same for a suit with no legal card.
- laws 46B5: "doesn't matter" = an opponent chooses among the legal cards.
- The preamble of 46B ("laws-intent"): every rule above gives way when the player's different
  intention is beyond doubt. The engine recognises one such case by itself: when exactly one
  legal card fits what was said, that card is meant, whatever the rules above would pick.
- laws 46A (a player should state suit and rank): words that contradict each other, or name
  nothing, are sent back with a request to name one card.

Decisions where the laws are silent (they were written for bridge, where there is no duty to
beat the card led and no trump-when-void rule):
- Every partial designation picks among the cards the engine allows (`legal_plays`);
  legality is never decided here. Only a card named in full can be a renege.
- "high"/"low" with a suit ("high heart", "lille klør") use that suit. Without a suit they use
  the led suit when you may play a card of it; otherwise (you lead, or you are void) the legal
  cards themselves: if they are all of one suit (say, the trumps you must play), the highest or
  lowest of them; if they span suits, the answer is to ask which suit, offering the highest
  (lowest) legal card of each.
- "win it" when you cannot follow reads the cards that could win (your trumps) as the law
  reads the led suit: the lowest known to win, else the highest; with no card that could win,
  the request names nothing. On lead, the card you lead is the led suit: a trump is known to win
  when no higher trump is unseen; known winners in two suits get the question "which suit?";
  with none known, the highest is your top trump if you may lead one.
- 46B3a's card, if held but not allowed (a lead rule forbids it), falls back to 46B3b.
- "any"/"doesn't matter" said together with a suit or a rank adds nothing: "any heart" is read
  as "a heart" (46B2) and "any king" as "the king" (46B3).
- A rank is never resolved by "intent" wording: 46B3 itself says a single legal card of the rank
  is the one played, so that result keeps the clause laws-46B3.
- Words are matched in the chosen language's table (`naming_words`); card codes, digits 2-10 and
  the suit signs work in every language. Japanese (written without spaces) is cut into known
  words; a Danish or Swedish compound of suit and rank ("spardame", "hjärterkung") is split.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from .cards import Card, CardError, Rank, Suit, parse_card
from .naming_words import (
    ANY,
    AUTO,
    FILLER,
    HIGH,
    LANGUAGE_NAMES,
    LANGUAGES,
    LOW,
    RANK,
    SUIT,
    TRUMP,
    WIN,
    Meaning,
    base_words,
    normalize,
    table,
)
from .play import Situation, Verdict, beats, cite, explain, legal_plays
from .rules import Rules
from .text import ReadsAsText, card_list

__all__ = [
    "CLAUSES",
    "RENEGE_RULES",
    "Designation",
    "NamingError",
    "clause_summary",
    "designate",
    "renege_outcome",
    "vocabulary",
]

Kind = Literal["played", "renege", "ask", "invalid", "opponent_chooses"]
KINDS: tuple[str, ...] = ("played", "renege", "ask", "invalid", "opponent_chooses")

CLAUSES: dict[str, str] = {
    "laws-45C4a": (
        "A card you name is played at once; if the rules forbid it, that is a renege (the "
        "engine's reading: the law does not speak of forbidden cards)."
    ),
    "laws-46A": "Name the card clearly, by suit and rank.",
    "laws-46B1a": (
        '"High" means the highest card of the suit led (among the cards you may play: the '
        "engine's reading)."
    ),
    "laws-46B1b": (
        '"Win it" means your lowest card known to win the trick (no card you cannot see can '
        "beat it, or you play last); if no card is known to win, your highest of the suit led "
        "(the engine's reading, as is reading it among your trumps when you must trump)."
    ),
    "laws-46B1c": '"Low" means the lowest legal card of the suit led.',
    "laws-46B2": "A suit without a rank means the lowest legal card of that suit.",
    "laws-46B3a": (
        "On lead, a rank without a suit means that rank in the suit you won the previous trick "
        "with, if you hold it."
    ),
    "laws-46B3": "A rank without a suit means the legal card of that rank; if two are legal, say which.",
    "laws-46B4": "A card you do not hold, or a suit or rank with no legal card, names nothing: say again.",
    "laws-46B5": '"Doesn\'t matter" lets an opponent choose among your legal cards.',
    "laws-intent": (
        "What you clearly meant overrides the rules above; the engine's reading sees one sure "
        "case: only one card you may play fits what you said."
    ),
}
"""Each clause a Designation can carry, with a one-sentence summary in the project's words."""

RENEGE_RULES: dict[str, tuple[str, str]] = {
    "correct_before_next": (
        "pagat-renege",
        "you may correct it before the next player plays; then you cannot win this pot, you sit "
        "out the next deal and you pay no bourré. Left uncorrected, it stands and you pay as if "
        "bourréd.",
    ),
    "penalty": (
        "renege penalty",
        "at the settlement you pay as much as the pot holds, as for a bourré (glimne, "
        "wikipedia), and the card stands: glimne is silent on taking it back and wikipedia "
        "leaves that to the table, so the card standing is the engine's reading.",
    ),
    "retract": (
        "renege retraction",
        "you take the card back and play again, with no penalty (a wikipedia variant).",
    ),
    "retract_and_penalty": (
        "renege retraction and penalty",
        "you take the card back and play again, and at the settlement you pay as for a bourré "
        "(a wikipedia variant).",
    ),
}
"""For each value of `Rules.renege`: the rule's name and what a renege costs, in our words."""


class NamingError(ValueError):
    """Words that could not be read at all (unknown words, no text, unknown language)."""


@dataclass(frozen=True)
class Designation(ReadsAsText):
    """What a player's words designate: a card played, a renege, a question, a refusal, or a
    free choice.

    kind -- "played" (card), "renege" (card: named in full, so played, but the rules forbid it,
    a renege by the engine's reading; `renege` names the rule that settles it), "ask"
    (candidates and a question: say which),
    "invalid" (nothing is played; say again) or "opponent_chooses" (candidates: the legal cards
    an opponent picks from); clause -- the law applied, e.g. "laws-46B2"; reason -- one sentence
    naming the cards; verdict -- the engine's verdict when a named card was refused; heard --
    what was understood; renege -- for a renege, the rule in force ("pagat-renege", ...).
    """

    kind: Kind
    clause: str
    reason: str
    card: Card | None = None
    candidates: tuple[Card, ...] = ()
    question: str | None = None
    verdict: Verdict | None = None
    heard: str = ""
    renege: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {self.kind!r}")
        if self.clause not in CLAUSES:
            raise ValueError(f"unknown clause {self.clause!r}; known: {', '.join(CLAUSES)}")
        if (self.kind in ("played", "renege")) != (self.card is not None):
            raise ValueError("a played or renege designation, and only those, carry a card")
        if (self.kind == "renege") != (self.renege is not None):
            raise ValueError("a renege designation, and only that, names its renege rule")
        if self.kind in ("ask", "opponent_chooses") and len(self.candidates) < 2:
            raise ValueError(f"{self.kind} needs two or more candidates")
        if (self.kind == "ask") != (self.question is not None):
            raise ValueError("an ask designation, and only that, carries a question")

    @property
    def played(self) -> bool:
        """True when a card is played that the rules allow."""
        return self.kind == "played"

    @property
    def reneged(self) -> bool:
        """True when the named card is played although the rules forbid it (a renege, by the
        engine's reading of 45C4a)."""
        return self.kind == "renege"

    def to_text(self) -> str:
        """The designation in one line: its kind, the clause it rests on and why."""
        return f"{self.kind} [{cite(self.clause)}] {self.reason}"


def renege_outcome(rules: Rules) -> tuple[str, str]:
    """(rule name, what happens) for a renege under `rules`, e.g. ('pagat-renege', ...)."""
    if rules.renege not in RENEGE_RULES:
        raise ValueError(f"unknown renege rule {rules.renege!r}; known: {', '.join(RENEGE_RULES)}")
    return RENEGE_RULES[rules.renege]


def clause_summary(clause: str) -> str:
    """One sentence, in the project's words, for a clause such as 'laws-46B2'."""
    if clause not in CLAUSES:
        raise KeyError(f"unknown clause {clause!r}; known: {', '.join(CLAUSES)}")
    return CLAUSES[clause]


# --- reading the words --------------------------------------------------------------------------

CARD = "card"
_PUNCTUATION = re.compile(r"[.,!?;:\"“”„«»()\[\]{}<>。、，！？：；「」『』・…/\\\-–—_*+=~`|]+")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]")
_ASCII_RUNS = re.compile(r"[a-z0-9]+|[^a-z0-9]+")
_MAX_PIECE = 12


@dataclass(frozen=True)
class _Word:
    kind: str
    value: Suit | Rank | Card | None
    text: str


def _split(text: str) -> list[str]:
    """The words of `text`, normalized, punctuation removed."""
    words = _PUNCTUATION.sub(" ", normalize(text)).split()
    return [w for w in (w.strip("'") for w in words) if w]


def _read(text: str, language: str) -> list[_Word]:
    """Every understood word of `text`; raises NamingError naming the words not understood."""
    words = table(language)
    longest = max(len(w.split()) for w in words)
    tokens = _split(text)
    if not tokens:
        raise NamingError(f"nothing to read in {text!r}: {_understood(language)}")
    found: list[_Word] = []
    unknown: list[str] = []
    i = 0
    while i < len(tokens):
        for n in range(min(longest, len(tokens) - i), 1, -1):
            phrase = " ".join(tokens[i : i + n])
            if phrase in words:
                found.append(_Word(*words[phrase], phrase))
                i += n
                break
        else:
            read = _read_token(tokens[i], words)
            if read is None:
                unknown.append(tokens[i])
            else:
                found.extend(read)
            i += 1
    if unknown:
        quoted = ", ".join(repr(w) for w in dict.fromkeys(unknown))
        raise NamingError(f"not understood: {quoted}. {_understood(language)}")
    return found


def _read_token(token: str, words: Mapping[str, Meaning]) -> list[_Word] | None:
    """One token as known words: a table word, a card code, Japanese text, or a compound."""
    if token in words:
        return [_Word(*words[token], token)]
    try:
        return [_Word(CARD, parse_card(token), token)]
    except CardError:
        pass
    if _JAPANESE.search(token):
        return _read_japanese(token, words)
    return _read_compound(token, words)


def _read_japanese(token: str, words: Mapping[str, Meaning]) -> list[_Word] | None:
    """Text without spaces: ASCII runs read as tokens, the rest cut into the fewest known words."""
    found: list[_Word] = []
    for run in _ASCII_RUNS.findall(token):
        if run[0].isascii() and run[0].isalnum():
            read = _read_token(run, words)
        else:
            read = _segment(run, words)
        if read is None:
            return None
        found.extend(read)
    return found


def _segment(run: str, words: Mapping[str, Meaning]) -> list[_Word] | None:
    """Cut `run` into the fewest table words, or None if it cannot be cut."""
    best: list[list[str] | None] = [[]] + [None] * len(run)
    for end in range(1, len(run) + 1):
        for start in range(max(0, end - _MAX_PIECE), end):
            before, piece = best[start], run[start:end]
            if before is not None and piece in words:
                cut = [*before, piece]
                current = best[end]
                if current is None or len(cut) < len(current):
                    best[end] = cut
    pieces = best[-1]
    return None if pieces is None else [_Word(*words[p], p) for p in pieces]


def _read_compound(token: str, words: Mapping[str, Meaning]) -> list[_Word] | None:
    """A suit (or trump) word glued to a rank word, either way round: 'spardame', 'trumfess'."""
    for cut in range(1, len(token)):
        first, second = words.get(token[:cut]), words.get(token[cut:])
        if first is None or second is None:
            continue
        kinds = {first[0], second[0]}
        if kinds in ({SUIT, RANK}, {TRUMP, RANK}):
            return [_Word(*first, token[:cut]), _Word(*second, token[cut:])]
    return None


def vocabulary(language: str = "en") -> dict[str, tuple[str, ...]]:
    """The words understood in a language, by meaning ('hearts', 'king', 'high', 'filler' ...)."""
    _check_language(language)
    found: dict[str, list[str]] = {}
    for (kind, value), spellings in base_words(language).items():
        label = _meaning_label(kind, value)
        found.setdefault(label, []).extend(s for s in spellings if s not in found.get(label, []))
    return {label: tuple(spellings) for label, spellings in found.items()}


def _meaning_label(kind: str, value: Suit | Rank | None) -> str:
    if isinstance(value, Suit):
        return value.plural
    if isinstance(value, Rank):
        return value.word
    return {
        TRUMP: "trump",
        HIGH: "high",
        LOW: "low",
        WIN: "win it",
        ANY: "doesn't matter",
        FILLER: "filler",
    }[kind]


def _understood(language: str) -> str:
    """What can be said in `language`, for an error message."""
    where = "any language" if language == AUTO else LANGUAGE_NAMES[language]
    listed = "; ".join(
        f"{label}: {', '.join(words)}" for label, words in vocabulary(language).items()
    )
    return (
        f"Understood in {where}: {listed}; "
        "the digits 2-10 and the signs ♠ ♥ ♦ ♣; "
        "and card codes such as QH, Q♥, hQ, 10H, TH, hj7, sp8, ru9, kl10."
    )


def _check_language(language: object) -> None:
    if language != AUTO and language not in LANGUAGES:
        raise NamingError(
            f"unknown language {language!r}; use one of {', '.join(LANGUAGES)} or {AUTO!r}"
        )


# --- what was said, gathered ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Said:
    """The meaningful words, gathered: cards, suits, ranks and phrases (fillers dropped)."""

    cards: tuple[Card, ...]
    suits: tuple[Suit, ...]
    ranks: tuple[Rank, ...]
    phrases: tuple[str, ...]

    @property
    def heard(self) -> str:
        parts = [str(c) for c in self.cards] + [s.plural for s in self.suits]
        parts += [r.word for r in self.ranks] + [_PHRASE_NAMES[p] for p in self.phrases]
        return " + ".join(parts) if parts else "no card, suit, rank or phrase"


_PHRASE_NAMES = {HIGH: '"high"', LOW: '"low"', WIN: '"win it"', ANY: '"doesn\'t matter"'}


def _gather(words: Iterable[_Word], trump: Suit) -> _Said:
    """Collect distinct cards, suits (trump resolved), ranks and phrases, in order said."""

    def distinct(kinds: tuple[str, ...], value: Callable[[_Word], object]) -> tuple:
        return tuple(dict.fromkeys(value(w) for w in words if w.kind in kinds))

    words = list(words)
    phrases = distinct((HIGH, LOW, WIN, ANY), lambda w: w.kind)
    said = _Said(
        cards=distinct((CARD,), lambda w: w.value),
        suits=distinct((SUIT, TRUMP), lambda w: trump if w.kind == TRUMP else w.value),
        ranks=distinct((RANK,), lambda w: w.value),
        phrases=phrases,
    )
    if ANY in phrases and (said.cards or said.suits or said.ranks or len(phrases) > 1):
        said = _Said(said.cards, said.suits, said.ranks, tuple(p for p in phrases if p != ANY))
    return said


# --- the designation ----------------------------------------------------------------------------


def designate(
    text: str, situation: Situation, rules: Rules | None = None, language: str = "en"
) -> Designation:
    """What `text` designates in `situation`, by laws 45C4a and 46B; legality from the engine."""
    _check_language(language)
    if not isinstance(text, str):
        raise NamingError(f"what was said must be text, got {type(text).__name__} {text!r}")
    if not isinstance(situation, Situation):
        raise TypeError(f"situation must be a Situation, got {type(situation).__name__}")
    rules = Rules() if rules is None else rules
    said = _gather(_read(text, language), situation.trump)
    return _resolve(said, situation, rules)


def _resolve(said: _Said, s: Situation, rules: Rules) -> Designation:
    """Apply the first clause that fits what was said."""
    problem = _contradiction(said)
    if problem:
        return _invalid("laws-46A", f"{problem}, so name one card by suit and rank.", said)
    suit = said.suits[0] if said.suits else None
    rank = said.ranks[0] if said.ranks else None
    phrase = said.phrases[0] if said.phrases else None
    if said.cards or (suit and rank):
        card = said.cards[0] if said.cards else Card(suit, rank)  # type: ignore[arg-type]
        return _named(card, s, rules, said)
    legal = legal_plays(s, rules)
    if phrase in (HIGH, LOW):
        return _high_low(phrase, suit, s, rules, legal, said)
    if phrase == WIN:
        return _win(suit, s, rules, legal, said)
    if phrase == ANY:
        return _any(legal, said)
    if suit is not None:
        return _suit(suit, s, rules, legal, said)
    if rank is not None:
        return _rank(rank, s, rules, legal, said)
    return _invalid("laws-46A", "No card, suit, rank or phrase was named; name one card.", said)


def _contradiction(said: _Said) -> str | None:
    """Why the words cannot name one card, or None if they can."""
    for things, name in (
        (said.cards, "card"),
        (said.suits, "suit"),
        (said.ranks, "rank"),
        (said.phrases, "phrase"),
    ):
        if len(things) > 1:
            return f"You said more than one {name} ({' and '.join(_text(t) for t in things)})"
    if said.cards:
        card = said.cards[0]
        others = [s for s in said.suits if s != card.suit] + [
            r for r in said.ranks if r != card.rank
        ]
        if others:
            return f"You named {card} but also said {_text(others[0])}"
    if said.phrases and (said.cards or (said.suits and said.ranks)):
        return f"You named a card and also said {_PHRASE_NAMES[said.phrases[0]]}"
    if said.phrases and said.ranks:
        return f"You said the {said.ranks[0].word} and also {_PHRASE_NAMES[said.phrases[0]]}"
    return None


def _text(thing: object) -> str:
    if isinstance(thing, Suit):
        return thing.plural
    if isinstance(thing, Rank):
        return thing.word
    if isinstance(thing, str):
        return _PHRASE_NAMES[thing]
    return str(thing)


# --- one function per clause --------------------------------------------------------------------


def _named(card: Card, s: Situation, rules: Rules, said: _Said) -> Designation:
    """45C4a: a named card is played; if the rules forbid it, a renege (the engine's reading).
    46B4: not held."""
    verdict = explain(s, card, rules)
    if card not in s.hand:
        reason = f"You do not hold {card}, so naming it plays nothing; name a card from {card_list(s.hand)}."
        return _invalid("laws-46B4", reason, said, verdict)
    if not verdict.legal:
        rule, outcome = renege_outcome(rules)
        reason = (
            f"You named {card}, so it is played, but it may not be played "
            f"[{cite(verdict.rule_id)}]: {verdict.reason} That is a renege [{cite(rule)}] (the "
            f"engine's reading; the law is silent on a forbidden card): {outcome}"
        )
        return Designation(
            "renege",
            "laws-45C4a",
            reason,
            card=card,
            verdict=verdict,
            heard=said.heard,
            renege=rule,
        )
    return _played(
        "laws-45C4a", card, f"You named {card}, which you may play, so it is played.", said
    )


def _high_low(
    phrase: str, suit: Suit | None, s: Situation, rules: Rules, legal: frozenset[Card], said: _Said
) -> Designation:
    """46B1a / 46B1c: the highest or lowest legal card of the named or led suit."""
    clause = "laws-46B1a" if phrase == HIGH else "laws-46B1c"
    pick = max if phrase == HIGH else min
    word = "highest" if phrase == HIGH else "lowest"
    if suit is None and s.led is not None and any(c.suit == s.led for c in legal):
        suit = s.led
    if suit is not None:
        fits = _of_suit(legal, suit)
        if not fits:
            return _no_fit(f"{suit.plural}", _held(s, suit), s, rules, said)
        if len(fits) == 1:
            return _intent(fits[0], said, pick(_held(s, suit), key=_rank_of))
        card = pick(fits, key=_rank_of)
        return _played(
            clause,
            card,
            f"Saying {_PHRASE_NAMES[phrase]} means your {word} legal {suit.singular}, {card}.",
            said,
        )
    if len(legal) == 1:
        return _intent(next(iter(legal)), said)
    by_suit = {c.suit for c in legal}
    if len(by_suit) == 1:
        card = pick(legal, key=_rank_of)
        where = "you lead" if s.led is None else f"you hold no {s.led.plural} you may play"
        reason = f"As {where} and all your legal cards are {card.suit.plural}, {_PHRASE_NAMES[phrase]} means the {word} of them, {card}."
        return _played(clause, card, reason, said)
    offers = tuple(pick(_of_suit(legal, x), key=_rank_of) for x in Suit if x in by_suit)
    where = "you lead" if s.led is None else f"you cannot follow {s.led.plural}"
    reason = f"As {where}, {_PHRASE_NAMES[phrase]} needs a suit: your {word} legal card of each suit is {_or(offers)}."
    return _ask(clause, offers, f"Which suit: {_or(offers)}?", reason, said)


def _win(
    suit: Suit | None, s: Situation, rules: Rules, legal: frozenset[Card], said: _Said
) -> Designation:
    """46B1b: the lowest card known to win the trick; if none is known to win, the highest."""
    pool = _of_suit(legal, suit) if suit is not None else sorted(legal, key=_rank_of)
    if suit is not None and not pool:
        return _no_fit(suit.plural, _held(s, suit), s, rules, said)
    best = s.best
    winners = [c for c in pool if best is None or beats(c, best, s.trump)]
    known = [c for c in winners if _known_to_win(c, s)]
    if known:
        return _lowest_known(known, s, said)
    if s.led is not None and any(c.suit == s.led for c in pool):
        return _highest_of_led(pool, winners, s, said)
    if not winners:
        reason = (
            f"None of the cards you may play ({card_list(pool)}) can beat {best}, and you hold no "
            f"{s.led.singular if s.led else 'card'} to play instead, so there is no card that "
            "wins; name the card you want."
        )
        return _invalid("laws-46B1b", reason, said)
    top = max(_strength(c, s) for c in winners)
    picks = tuple(c for c in winners if _strength(c, s) == top)
    if len(picks) > 1:
        reason = (
            f"No card you hold is known to win, and your highest cards {_or(picks)} rank alike, "
            "so say which."
        )
        return _ask("laws-46B1b", picks, f"Which one: {_or(picks)}?", reason, said)
    card = picks[0]
    where = "you lead" if best is None else f"you hold no {s.led.singular}"  # type: ignore[union-attr]
    reason = (
        f"As {where} and no card you hold is known to win ({_threat(card, s)}), "
        f'"win it" means your highest card that could win, {card}.'
    )
    return _played("laws-46B1b", card, reason, said)


def _known_to_win(card: Card, s: Situation) -> bool:
    """True when `card` beats the trick so far and no card the player cannot see can beat it.

    Last to play, beating the trick so far is enough. With players still to come, no unseen
    card of its suit may rank above it, and a card of a side suit must also be safe from a
    trump: every trump is in the player's hand or played, or every other player is known to
    be out of trumps.
    """
    if s.best is not None and not beats(card, s.best, s.trump):
        return False
    if s.players_after == 0:
        return True
    return _threat(card, s) == ""


def _threat(card: Card, s: Situation) -> str:
    """Why `card` is not known to win, in a few words ('' when it is)."""
    if s.best is not None and not beats(card, s.best, s.trump):
        return f"{card} does not beat {s.best}"
    if s.players_after == 0:
        return ""
    if card.suit == s.trump and s.others_out_of_trump:
        return ""  # nobody else holds a trump: no higher trump can be played on it
    higher = sorted(c for c in s.unseen if c.suit == card.suit and c.rank > card.rank)
    if higher:
        return f"{_and(higher)} {'is' if len(higher) == 1 else 'are'} still unseen"
    trumps_out = any(c.suit == s.trump for c in s.unseen) and not s.others_out_of_trump
    if card.suit != s.trump and trumps_out:
        return f"a player after you could still trump {card}"
    return ""


def _safe(card: Card, s: Situation) -> str:
    """Why no unseen card can beat a card known to win, in a few words."""
    suit = card.suit
    if suit == s.trump and s.others_out_of_trump:
        return "every other player is known to be out of trumps"
    what = "trump" if suit == s.trump else suit.singular
    parts = [f"{card} is the ace"] if card.rank == Rank.ACE else []
    if not parts:
        parts.append(f"every higher {what} is in your hand or already played")
    if suit != s.trump:
        if s.others_out_of_trump:
            parts.append("every other player is known to be out of trumps")
        else:
            parts.append("no trump is left unseen, so nobody can trump it")
    return ", and ".join(parts)


def _lowest_known(known: list[Card], s: Situation, said: _Said) -> Designation:
    """46B1b: the lowest of the cards known to win (ask which suit if they span suits)."""
    suits = [x for x in Suit if any(c.suit == x for c in known)]
    lowest = tuple(min((c for c in known if c.suit == x), key=_rank_of) for x in suits)
    if len(lowest) > 1:
        reason = (
            f"You lead, and cards of more than one suit are known to win; the lowest of each is "
            f"{_or(lowest)}, so say which suit."
        )
        return _ask("laws-46B1b", lowest, f"Which suit: {_or(lowest)}?", reason, said)
    card = lowest[0]
    best = s.best
    if s.players_after == 0:
        if best is None:
            reason = (
                f'Nobody plays after you, so every card wins: "win it" means your lowest, {card}.'
            )
        else:
            reason = f'Last to play, "win it" means the lowest card that beats {best}: {card}.'
        return _played("laws-46B1b", card, reason, said)
    reason = (
        f'"Win it" means your lowest card known to win: {card}. No card you cannot see can '
        f"beat it: {_safe(card, s)}."
    )
    return _played("laws-46B1b", card, reason, said)


def _highest_of_led(
    pool: list[Card], winners: list[Card], s: Situation, said: _Said
) -> Designation:
    """46B1b with no card known to win: the highest legal card of the led suit."""
    led = s.led
    assert led is not None
    card = max((c for c in pool if c.suit == led), key=_rank_of)
    if winners:
        why = _threat(max(winners, key=_rank_of), s)
        reason = (
            f'No card you may play is known to win ({why}), so "win it" means your highest '
            f"{led.singular}, {card}."
        )
    else:
        reason = (
            f"None of the cards you may play beats {s.best}, so no card is known to win and "
            f'"win it" means your highest {led.singular}, {card}, which will not win.'
        )
    return _played("laws-46B1b", card, reason, said)


def _strength(card: Card, s: Situation) -> tuple[bool, int]:
    """How strong a card is in this trick, for picking the highest: trumps first, then rank."""
    return (card.suit == s.trump, int(card.rank))


def _suit(
    suit: Suit, s: Situation, rules: Rules, legal: frozenset[Card], said: _Said
) -> Designation:
    """46B2: a suit without a rank is the lowest legal card of that suit."""
    fits = _of_suit(legal, suit)
    if not fits:
        return _no_fit(suit.plural, _held(s, suit), s, rules, said)
    if len(fits) == 1:
        return _intent(fits[0], said, min(_held(s, suit), key=_rank_of))
    card = fits[0]
    reason = f"A suit without a rank means your lowest legal {suit.singular}, {card}."
    return _played("laws-46B2", card, reason, said)


def _rank(
    rank: Rank, s: Situation, rules: Rules, legal: frozenset[Card], said: _Said
) -> Designation:
    """46B3a: on lead, the rank in the suit you won the last trick with; 46B3b: the legal card
    of that rank, asking which if two or more are legal."""
    fits = sorted(c for c in legal if c.rank == rank)
    plural = "sixes" if rank is Rank.SIX else rank.word + "s"
    won = s.won_last_trick_with
    note = ""
    if s.is_lead and won is not None:
        card = Card(won.suit, rank)
        if card in fits:
            reason = (
                f"On lead, a rank alone means that rank in the suit you won the previous trick "
                f"with ({won}), so it is {card}."
            )
            return _played("laws-46B3a", card, reason, said)
        if card in s.hand:
            refused = explain(s, card, rules)
            note = (
                f" ({card}, in the suit you won the previous trick with, may not be led "
                f"[{cite(refused.rule_id)}], so 46B3a does not apply.)"
            )
    if not fits:
        held = tuple(sorted(c for c in s.hand if c.rank == rank))
        return _no_fit(plural, held, s, rules, said)
    if len(fits) == 1:
        card = fits[0]
        reason = f"{card} is the only {rank.word} you may play, so it is played.{note}"
        return _played("laws-46B3", card, reason, said)
    options = tuple(fits)
    reason = f"You may play {_and(options)}, so say which {rank.word} you mean.{note}"
    return _ask("laws-46B3", options, f"Which {rank.word}: {_or(options)}?", reason, said)


def _any(legal: frozenset[Card], said: _Said) -> Designation:
    """46B5: an opponent chooses among the legal cards."""
    cards = tuple(sorted(legal))
    if len(cards) == 1:
        return _intent(cards[0], said)
    reason = f'"Doesn\'t matter" leaves the choice to an opponent, among {_and(cards)}.'
    return Designation("opponent_chooses", "laws-46B5", reason, candidates=cards, heard=said.heard)


def _no_fit(
    what: str, held: Iterable[Card], s: Situation, rules: Rules, said: _Said
) -> Designation:
    """46B4: no legal card fits: nothing is played, say again (quoting the engine)."""
    held = tuple(held)
    if not held:
        reason = f"You hold no {what}, so that names no card; name a card from {card_list(s.hand)}."
        return _invalid("laws-46B4", reason, said)
    verdict = explain(s, held[0], rules)
    reason = f"None of your {what} ({card_list(held)}) may be played [{cite(verdict.rule_id)}]: {verdict.reason}"
    return _invalid("laws-46B4", reason, said, verdict)


def _intent(card: Card, said: _Said, plain: Card | None = None) -> Designation:
    """46B preamble: the only legal card that fits is clearly the one meant."""
    reason = f"{card} is the only card you may play that fits what you said, so it is clearly the one you meant"
    if plain is not None and plain != card:
        reason += f" (the plain rule would pick {plain}, which you may not play)"
    return _played("laws-intent", card, reason + ".", said)


# --- small helpers ------------------------------------------------------------------------------


def _played(clause: str, card: Card, reason: str, said: _Said) -> Designation:
    return Designation("played", clause, reason, card=card, heard=said.heard)


def _ask(
    clause: str, options: tuple[Card, ...], question: str, reason: str, said: _Said
) -> Designation:
    return Designation(
        "ask", clause, reason, candidates=options, question=question, heard=said.heard
    )


def _invalid(clause: str, reason: str, said: _Said, verdict: Verdict | None = None) -> Designation:
    return Designation("invalid", clause, reason, verdict=verdict, heard=said.heard)


def _rank_of(card: Card) -> int:
    return int(card.rank)


def _of_suit(cards: Iterable[Card], suit: Suit) -> list[Card]:
    """The cards of one suit, lowest first."""
    return sorted((c for c in cards if c.suit == suit), key=_rank_of)


def _held(s: Situation, suit: Suit) -> tuple[Card, ...]:
    """The player's cards of one suit, lowest first."""
    return tuple(reversed(s.holding(suit)))


def _joined(cards: Iterable[Card], word: str) -> str:
    names = [str(c) for c in cards]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {word} {names[-1]}"


def _or(cards: Iterable[Card]) -> str:
    return _joined(cards, "or")


def _and(cards: Iterable[Card]) -> str:
    return _joined(cards, "and")
