"""Why one choice beat another, in plain words, where the rules say why.

The coach's numbers come from simulated deals; some differences also follow from the rules
and from what the seat could see, and then the review says so in one sentence: a trump that
is sure to take a trick, a card known to win because every higher card of its suit had been
played, a trick that no card of the seat could win. `reason(point, chosen, best)` returns
that sentence, or '' when the numbers are all there is to say. `forced_reason` says why a
decision had only one choice.
"""

from __future__ import annotations

from ..actions import Action, read_action
from ..cards import DECK, Card, Rank
from ..play import Situation, beats, cite, explain, sure_trump_tricks, winning_card
from ..text import and_list, card_list
from .decision_points import DecisionPoint, voids_shown

__all__ = ["forced_reason", "known_to_win", "reason"]


def reason(point: DecisionPoint, chosen: str, best: str) -> str:
    """Why `best` beat `chosen` at `point` (or, when they are the same, why `chosen` was
    right), if the rules say why; else ''."""
    mine, top = read_action(chosen, point.seats), read_action(best, point.seats)
    if point.kind == "declare":
        return _declare_reason(point, mine.kind, top.kind)
    if point.kind == "draw":
        return _draw_reason(point, _thrown(mine), _thrown(top))
    return _card_reason(point, mine.card, top.card)


def forced_reason(point: DecisionPoint) -> str:
    """Why the seat had no choice at `point`: the rule that left one action."""
    if point.kind == "declare":
        return "a turned ace binds the dealer to play (pagat)"
    if point.kind == "card" and point.situation is not None:
        only = read_action(point.options[0], point.seats).card
        verdict = explain(point.situation, only, point.rules)
        return f"the only card the rules allowed [{cite(verdict.rule_id)}]"
    return "the only choice the rules allowed"


def _thrown(action: Action) -> frozenset[Card]:
    return frozenset(action.cards) if action.kind == "discard" else frozenset()


def _sure_tricks(point: DecisionPoint) -> tuple[int, tuple[Card, ...]]:
    """(sure trump tricks of the hand as dealt, its trumps highest first)."""
    situation = Situation(hand=point.dealt, trump=point.trump)
    return sure_trump_tricks(situation), situation.holding(point.trump)


def _declare_reason(point: DecisionPoint, chosen: str, best: str) -> str:
    sure, trumps = _sure_tricks(point)
    if best == "play" and sure >= 3:
        return (
            f"your trumps {card_list(trumps, sep=' ', sort=False)} were three sure tricks: "
            "the pot was certain (the cinch)"
        )
    if best == "play" and sure >= 1:
        return (
            f"your trumps {card_list(trumps, sep=' ', sort=False)} were sure to take a trick "
            "whatever the others held, so playing could not cost a bourré"
        )
    if best == "pass" and chosen == "play" and not trumps:
        return (
            "with no trump, every card you held could be trumped by a player out of its suit "
            "(glimne 3, pagat 2)"
        )
    return ""


def _draw_reason(point: DecisionPoint, chosen: frozenset[Card], best: frozenset[Card]) -> str:
    trump = point.trump
    lost_trumps = sorted((c for c in chosen - best if c.suit == trump), reverse=True)
    if lost_trumps:
        what = "a trump" if len(lost_trumps) == 1 else "trumps"
        return (
            f"you threw away {_the(lost_trumps)}, {what}: a trump takes any trick of another "
            "suit it is played to (glimne 3, pagat 2)"
        )
    lost_aces = sorted(c for c in chosen - best if c.rank == Rank.ACE)
    if lost_aces:
        return f"you threw away {_the(lost_aces)}: no card of its suit can beat an ace"
    kept_low = sorted(c for c in best - chosen if c.suit != trump and c.rank < Rank.TEN)
    if kept_low:
        return (
            f"you kept {_the(kept_low)}, a low side card that takes a trick only when nobody "
            "can follow or trump; a card drawn in its place may be a trump"
        )
    return ""


def _the(cards: list[Card]) -> str:
    return "the " + and_list(str(c) for c in cards)


def known_to_win(point: DecisionPoint, card: Card) -> str:
    """Why `card` was sure to win the trick at `point` ('' if it was not): every card that
    could beat it had been played or was the seat's own, or nobody could play after it."""
    situation = point.situation
    assert situation is not None
    trick = situation.trick
    if trick and not beats(card, winning_card(trick, point.trump), point.trump):
        return ""
    if situation.players_after == 0:
        return "you were the last to play"
    unseen = set(DECK) - set(situation.hand) - set(trick) - set(situation.seen)
    higher = [c for c in DECK if c.suit == card.suit and c.rank > card.rank]
    if any(c in unseen for c in higher):
        return ""
    if card.suit != point.trump and any(c.suit == point.trump for c in unseen):
        after = _still_to_play(point)
        voids = voids_shown(point)
        if not all(point.trump in voids[p] for p in after):
            return ""  # someone still to play might trump it
    played = [c for c in higher if c not in situation.hand]
    held = [c for c in higher if c in situation.hand]
    if not higher:
        return f"no {card.suit.singular} ranks above the {card.rank.word}"
    parts = []
    if played:
        words = and_list(f"the {c.rank.word}" for c in sorted(played, reverse=True))
        parts.append(f"{words} had been played")
    if held:
        parts.append(f"you held {and_list(str(c) for c in sorted(held, reverse=True))} yourself")
    return " and ".join(parts)


def _still_to_play(point: DecisionPoint) -> list[str]:
    """The players after the seat in the trick being played."""
    active = list(point.playing)
    leader = point.trick[0][0] if point.trick else point.seat
    order = active[active.index(leader) :] + active[: active.index(leader)]
    return order[order.index(point.seat) + 1 :]


def _card_reason(point: DecisionPoint, chosen: Card, best: Card) -> str:
    situation = point.situation
    assert situation is not None
    sure = known_to_win(point, best)
    if sure and not known_to_win(point, chosen):
        return f"the {best} was known to win the trick: {sure}"
    trick = situation.trick
    legal = [read_action(o, point.seats).card for o in point.options]
    if trick:
        leading = winning_card(trick, point.trump)
        if not any(beats(c, leading, point.trump) for c in legal) and best.rank < chosen.rank:
            holder = next(p for p, c in point.trick if c == leading)
            return (
                f"no card of yours could win this trick ({holder}'s {leading} held it): the "
                f"lower {best} would have kept your {chosen} for a later trick"
            )
        wins = [c for c in legal if beats(c, leading, point.trump)]
        cheapest = min(wins, key=lambda c: (c.suit == point.trump, c.rank)) if wins else None
        if situation.players_after == 0 and best == cheapest and chosen in wins and chosen != best:
            return (
                f"you were last to play: the {best} took the trick as surely and kept your "
                f"{chosen} for later"
            )
    return ""
