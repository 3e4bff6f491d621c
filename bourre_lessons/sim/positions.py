"""Teaching positions drawn from a seed: a hand dealt, drawn and played out with legal cards.

A position is a `Situation`: one player's view of one decision. `random_situation` deals a
whole hand, lets every player draw, plays it out with random legal cards (the engine decides
what is legal) and stops at a random decision. `random_position` keeps dealing until it finds
a decision that exercises one rule, checked with the engine's own verdicts: a "beat" position
is one where the beat rule refuses at least one card of the hand. The same seed always gives
the same position.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache

from ..cards import Card, Suit, parse_card
from ..game import Game
from ..play import Situation, beats, rule_id, verdicts
from ..rules import Rules
from ..text import card_list

__all__ = [
    "LEVELS",
    "LEVEL_TITLES",
    "describe_situation",
    "level_of",
    "levels_for",
    "make_rng",
    "played_hand",
    "random_position",
    "random_situation",
    "situation_code",
]

LEVELS: tuple[str, ...] = ("follow", "beat", "trump", "overtrump", "known-top", "cinch")
"""The rules a teaching position can exercise, easiest first."""

LEVEL_TITLES: dict[str, str] = {
    "follow": "Follow suit",
    "beat": "Beat the highest card",
    "trump": "No card of the suit: trump",
    "overtrump": "The trick is trumped: overtrump",
    "known-top": "You know you hold the top card",
    "cinch": "A sure win: the cinch rules",
}

MAX_TRIES = 400  # simulated hands searched for one level before giving up


def make_rng(rng_or_seed: random.Random | int | str | None) -> random.Random:
    """A random generator: the one given, or a new one seeded with an int or a string."""
    if isinstance(rng_or_seed, random.Random):
        return rng_or_seed
    if rng_or_seed is None:
        return random.Random()
    if isinstance(rng_or_seed, bool) or not isinstance(rng_or_seed, (int, str)):
        raise TypeError(
            "expected a random.Random, a whole-number seed or a text seed, "
            f"got {type(rng_or_seed).__name__} {rng_or_seed!r}"
        )
    return random.Random(rng_or_seed)


def levels_for(rules: Rules | None = None) -> tuple[str, ...]:
    """The levels that exist under `rules` (known-top needs glimne 9, cinch a cinch switch)."""
    rules = Rules() if rules is None else rules
    return tuple(level for level in LEVELS if _level_problem(level, rules) is None)


def _level_problem(level: str, rules: Rules) -> str | None:
    """Why `level` cannot be exercised under `rules`, or None when it can."""
    if level not in LEVELS:
        return f"unknown level {level!r}; choose one of {', '.join(LEVELS)}"
    if level == "known-top" and not rules.must_play_known_top:
        return (
            "the known-top rule (glimne 9) is off in these rules; use the glimne preset "
            "or set must_play_known_top=True"
        )
    if level in ("overtrump", "known-top") and rules.max_players < 3:
        return f"the {level} rule needs at least three players; these rules allow only two"
    if level == "cinch" and rules.cinch == "off":
        return "the cinch rules are off in these rules; use cinch='pot' or 'strict'"
    return None


# --- one hand, played out --------------------------------------------------------------------


def played_hand(
    rng: random.Random | int | str | None = None,
    rules: Rules | None = None,
    players: int | None = None,
) -> list[Situation]:
    """Every card decision of one hand played through `Game`, in play order: everyone plays,
    draws away some weak side cards, then plays random legal cards."""
    rng = make_rng(rng)
    rules = Rules() if rules is None else rules
    if players is None:
        players = rng.randint(max(2, rules.min_players), min(rules.max_players, 8))
    game = Game(rules, players, seed=rng.randrange(2**31))
    decisions: list[Situation] = []
    while game.phase != "settled":
        if game.phase == "declare":
            game.apply("play")  # every seat plays, so every seat has card decisions
        elif game.phase == "draw":
            game.apply(_weak_draw(game, rng))
        else:
            decisions.append(game.situation())
            game.apply(rng.choice(game.legal_actions()))
    return decisions


def _weak_draw(game: Game, rng: random.Random) -> str:
    """Throw away most side cards below the queen (as many as the draw allows), else keep."""
    player = game.to_act
    assert player is not None
    trump = game.trump_card.suit
    weak = [c for c in game.cards_of(player) if c.suit != trump and c.rank < 12]
    weak = {c for c in weak if rng.random() < 0.8}
    options = game.legal_actions()
    discards = [o for o in options if o.startswith("discard ")]
    fitting = [o for o in discards if _cards_named(o) <= weak]
    if not fitting:
        return "keep"
    return max(fitting, key=lambda o: (len(_cards_named(o)), o))


def _cards_named(action: str) -> set[Card]:
    """The cards a 'discard ...' action names."""
    return {parse_card(code) for code in action.split()[1:]}


# --- positions --------------------------------------------------------------------------------


def random_situation(
    rng: random.Random | int | str | None = None,
    rules: Rules | None = None,
    players: int | None = None,
) -> Situation:
    """One decision from one simulated hand, chosen at random (deterministic for a seed)."""
    rng = make_rng(rng)
    return rng.choice(played_hand(rng, rules, players))


def random_position(
    rng_or_seed: random.Random | int | str | None, level: str, rules: Rules | None = None
) -> Situation:
    """A position whose legal cards are decided by the `level` rule, with a card it refuses."""
    rules = Rules() if rules is None else rules
    problem = _level_problem(level, rules)
    if problem is not None:
        raise ValueError(problem)
    rng = make_rng(rng_or_seed)
    for _ in range(MAX_TRIES):
        found = [s for s in played_hand(rng, rules) if level_of(s, rules) == level]
        if found:
            return rng.choice(found)
    raise RuntimeError(f"no {level!r} position found in {MAX_TRIES} hands; please report this")


def level_of(situation: Situation, rules: Rules | None = None) -> str | None:
    """The level a position exercises under `rules`, judged from the engine's verdicts, or None."""
    rules = Rules() if rules is None else rules
    return _level_of(situation, rules)


@lru_cache(maxsize=8192)
def _level_of(s: Situation, rules: Rules) -> str | None:
    if s.is_lead and rules.cinch == "off":
        return None
    refused = {(v.card, v.rule_id) for v in verdicts(s, rules) if not v.legal}
    if not refused:
        return None
    rules_used = {rule for _, rule in refused}
    cinch_ids = {rule_id("cinch-pot", rules), rule_id("cinch-strict", rules)}
    if rules_used & cinch_ids:
        return "cinch"
    if rule_id("known-top", rules) in rules_used:
        return "known-top"
    if s.is_lead:
        return None
    for level, test in _TESTS.items():
        if test(s, rules, refused):
            return level
    return None


def _is_follow(s: Situation, rules: Rules, refused: set[tuple[Card, str]]) -> bool:
    """Holding the led suit and something else, and the whole led suit is allowed."""
    follow = rule_id("follow", rules)
    allowed = set(s.hand) - {c for c, _ in refused}
    return all(r == follow for _, r in refused) and allowed == set(s.holding(_led(s)))


def _is_beat(s: Situation, rules: Rules, refused: set[tuple[Card, str]]) -> bool:
    """Following an unbeaten suit: the beat rule refuses a lower card of the led suit."""
    ids = {rule_id("follow", rules), rule_id("beat", rules)}
    lower = any(c.suit == s.led and r == rule_id("beat", rules) for c, r in refused)
    return not s.trumped and lower and all(r in ids for _, r in refused)


def _is_trump(s: Situation, rules: Rules, refused: set[tuple[Card, str]]) -> bool:
    """Void in the led side suit, trick not trumped: the trump rule refuses the side cards."""
    trump = rule_id("trump", rules)
    void = not s.holding(_led(s)) and s.led != s.trump
    return void and not s.trumped and all(r == trump and c.suit != s.trump for c, r in refused)


def _is_overtrump(s: Situation, rules: Rules, refused: set[tuple[Card, str]]) -> bool:
    """Void in a trumped trick: a lower trump is refused (overtrump), or a side card (trump anyway)."""
    if not s.trumped or s.holding(_led(s)):
        return False
    over, anyway = rule_id("overtrump", rules), rule_id("trump-anyway", rules)
    lower_trump = any(c.suit == s.trump and r == over for c, r in refused)
    cannot_win = not any(beats(c, _best(s), s.trump) for c in s.hand)
    trump_anyway = cannot_win and any(r == anyway for _, r in refused)
    ids = {rule_id("trump", rules), over, anyway}
    return (lower_trump or trump_anyway) and all(r in ids for _, r in refused)


def _led(s: Situation) -> Suit:
    assert s.led is not None
    return s.led


def _best(s: Situation) -> Card:
    assert s.best is not None
    return s.best


_TESTS: dict[str, Callable[[Situation, Rules, set[tuple[Card, str]]], bool]] = {
    "follow": _is_follow,
    "beat": _is_beat,
    "trump": _is_trump,
    "overtrump": _is_overtrump,
}


# --- showing a position -------------------------------------------------------------------------


def describe_situation(situation: Situation) -> str:
    """The position in a few plain lines: trump, hand, trick, what is known
    (`Situation.to_text`)."""
    return situation.to_text()


def situation_code(situation: Situation) -> str:
    """A line of Python that rebuilds the position, for pasting into a notebook cell (cards
    written with their suit symbols, as learners read them)."""
    s = situation
    parts = [f'hand="{card_list(s.hand, sep=" ", sort=False)}"', f'trump="{s.trump.symbol}"']
    if s.trick:
        parts.append(f'trick="{card_list(s.trick, sep=" ", sort=False)}"')
    if s.seen:
        parts.append(f'seen="{card_list(s.seen, sep=" ", sort=False)}"')
    if s.tricks_won:
        parts.append(f"tricks_won={s.tricks_won}")
    if s.players_after:
        parts.append(f"players_after={s.players_after}")
    if s.others_out_of_trump:
        parts.append("others_out_of_trump=True")
    if s.won_last_trick_with is not None:
        parts.append(f'won_last_trick_with="{s.won_last_trick_with}"')
    return f"Situation({', '.join(parts)})"
