"""Worked solutions of set 3, "Write the rule yourself": each rule written out plainly.

These are the learner's model answers, shown by Show solution: they do not ask the engine
which cards are legal, they spell the rules out from the position alone, the way a learner
would, and `check_rule_function` checks them against the engine like any learner's answer
(tests/test_worked_solutions.py compares them with `play.explain` under every value of every
switch of `Rules`). `my_legal_plays` covers the four base rules every source shares (follow,
beat, trump, overtrump); `full_legal_plays` adds the switches that only some sources use
(glimne 9 and 10, and the cinch rules).

Nothing else in the package decides legality with them: the engine's `play.explain` is the
one rule of the play, and these answers only have to agree with it.
"""

from __future__ import annotations

from ..cards import DECK, Card, Suit
from ..play import Situation, beats
from ..rules import Rules

__all__ = [
    "full_legal_plays",
    "must_beat",
    "must_follow",
    "must_trump",
    "my_legal_plays",
]


def must_follow(situation: Situation) -> bool:
    """True when a card was led and you hold a card of that suit (glimne whist, pagat 1)."""
    if situation.is_lead:
        return False
    return any(card.suit == situation.led for card in situation.hand)


def must_beat(situation: Situation) -> bool:
    """True when you follow an untrumped trick and one of your cards of the suit beats it.

    A trump lead counts as untrumped: following it, beat the highest trump if you can.
    Once a side suit has been trumped, no card of that suit can win (glimne 7).
    """
    if not must_follow(situation) or situation.trumped:
        return False
    best = situation.best
    return any(
        card.suit == situation.led and beats(card, best, situation.trump) for card in situation.hand
    )


def must_trump(situation: Situation, rules: Rules | None = None) -> bool:
    """True when you cannot follow suit and every card you may play is a trump (glimne 3, 5, 6)."""
    rules = Rules() if rules is None else rules
    if situation.is_lead or must_follow(situation):
        return False
    trumps = [card for card in situation.hand if card.suit == situation.trump]
    if not trumps:
        return False
    if len(trumps) == len(situation.hand):
        return True  # nothing but trumps left to play
    if not situation.trumped:
        return True
    if any(beats(card, situation.best, situation.trump) for card in trumps):
        return True  # you can overtrump, so you must
    return rules.trump_when_cannot_win  # glimne 6 and pagat yes, wikipedia 2 no


def my_legal_plays(situation: Situation, rules: Rules | None = None) -> set[Card]:
    """The cards you may play under the four base rules (no known-top or cinch rule)."""
    rules = Rules() if rules is None else rules
    s = situation
    hand = set(s.hand)
    if s.is_lead:
        return hand
    same_suit = {card for card in hand if card.suit == s.led}
    if same_suit:
        if s.trumped:
            return same_suit  # the trick is trumped: any card of the suit
        higher = {card for card in same_suit if beats(card, s.best, s.trump)}
        return higher or same_suit
    trumps = {card for card in hand if card.suit == s.trump}
    if not trumps:
        return hand  # nothing to follow with, nothing to trump with
    if not s.trumped:
        return trumps
    over = {card for card in trumps if beats(card, s.best, s.trump)}
    if over:
        return over
    return trumps if rules.trump_when_cannot_win else hand


def full_legal_plays(situation: Situation, rules: Rules | None = None) -> set[Card]:
    """The cards you may play under every switch of `rules`, glimne 9 and 10 and cinch included."""
    rules = Rules() if rules is None else rules
    s = situation
    allowed = my_legal_plays(s, rules)
    trumps = sorted((c for c in s.hand if c.suit == s.trump), reverse=True)
    if s.is_lead and rules.must_lead_trump_when_others_out and trumps and _others_out(s):
        allowed = set(trumps)  # glimne 10
    if rules.must_play_known_top:
        allowed = _narrow(allowed, _known_top(s))  # glimne 9
    if rules.cinch != "off" and trumps:
        allowed = _narrow(allowed, _cinch(s, rules, allowed, trumps))
    return allowed


def _narrow(allowed: set[Card], wanted: set[Card] | None) -> set[Card]:
    """Keep only the wanted cards, unless that would leave nothing to play."""
    if wanted is None:
        return allowed
    return (wanted & allowed) or allowed


def _unseen(s: Situation) -> set[Card]:
    """Cards you cannot see: not in your hand, not in this trick, not played before."""
    return set(DECK) - set(s.hand) - set(s.trick) - set(s.seen)


def _others_out(s: Situation) -> bool:
    """Nobody else can hold a trump: they showed it, or every trump is accounted for."""
    return s.others_out_of_trump or not any(c.suit == s.trump for c in _unseen(s))


def _top_and_equals(s: Situation, suit: Suit) -> set[Card]:
    """Your highest card of a suit and the cards below it that no unseen card separates from it."""
    held = sorted((c for c in s.hand if c.suit == suit), reverse=True)
    unseen_ranks = {c.rank for c in _unseen(s) if c.suit == suit}
    group = held[:1]
    for card in held[1:]:
        if any(card.rank < r < group[-1].rank for r in unseen_ranks):
            break
        group.append(card)
    return set(group)


def _known_top(s: Situation) -> set[Card] | None:
    """glimne 9: following an untrumped trick with players to come, holding the known top card."""
    if s.is_lead or s.trumped or s.players_after == 0:
        return None
    held = sorted((c for c in s.hand if c.suit == s.led), reverse=True)
    if not held or not beats(held[0], s.best, s.trump):
        return None
    if any(c.suit == s.led and c.rank > held[0].rank for c in _unseen(s)):
        return None
    return _top_and_equals(s, s.led)


def _sure_tricks(s: Situation) -> int:
    """Tricks your trumps win whatever the others hold: each higher unseen trump beats one."""
    mine = sorted((c for c in s.hand if c.suit == s.trump), reverse=True)
    if s.others_out_of_trump:
        return len(mine)
    out = [c for c in _unseen(s) if c.suit == s.trump]
    counts = [t - sum(o.rank > card.rank for o in out) for t, card in enumerate(mine, start=1)]
    return max([0, *counts])


def _cinch(s: Situation, rules: Rules, allowed: set[Card], trumps: list[Card]) -> set[Card] | None:
    """The cards the cinch rules want: your highest trump (or an equal), or None."""
    cinch = s.tricks_won + _sure_tricks(s) >= 3
    top = trumps[0]
    if s.is_lead:
        top_is_known = not any(c.suit == s.trump and c.rank > top.rank for c in _unseen(s))
        if rules.cinch == "strict":
            if top_is_known or (cinch and s.tricks_won < 3):
                return {top}
            return set(trumps) if s.tricks_won >= 3 else None  # three won: a trump, any one
        return _top_and_equals(s, s.trump) if cinch else None
    if not cinch or s.players_after == 0 or not any(c.suit == s.trump for c in allowed):
        return None
    if not beats(top, s.best, s.trump):
        return None  # this trick is lost anyway: no sure trick to spend on it
    return {c for c in allowed if c.suit != s.trump} | _top_and_equals(s, s.trump)
