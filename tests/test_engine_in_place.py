"""The engine changes a game's state in place (as python-chess pushes a move): what that must
keep. A refused action changes nothing (tests/test_properties.py checks it over random games);
here, an action that fails halfway for some other reason leaves the game as it was too, the
situation the engine builds without checks is the one a checked `Situation` would be, and
the legal cards the engine works out once per position are the ones `explain` allows.
"""

from __future__ import annotations

import random

import pytest

from bourre_lessons import Game, Rules, Situation, explain, legal_plays
from bourre_lessons import game as game_module
from bourre_lessons.rules import PRESETS


def state_of(game: Game) -> tuple:
    """Everything a learner can read of a game (and where every card lies)."""
    return (
        game.transcript(),
        list(game.actions),
        game.bankrolls,
        game.pot,
        {p: game.cards_of(p) for p in game.players},
        game.to_act,
        game.legal_actions(),
        game.phase,
        sorted((c.code, where) for c, where in game._card_places()),
    )


def played_to(phase: str, seed: int, rules: Rules = PRESETS["pagat"]) -> Game:
    """A game where everyone says play and keeps, then plays its first legal card, until `phase`
    (the play: the second trick)."""
    game = Game(rules, 4, seed=seed)
    while game.phase != phase or (phase == "play" and len(game.hand_record.tricks) < 1):
        game.apply(game.legal_actions()[0])
    return game


@pytest.mark.parametrize("phase", ["declare", "draw", "play"])
def test_an_action_that_fails_halfway_leaves_the_game_as_it_was(monkeypatch, phase):
    """A handler that changes the state and then fails (a fault, not a refusal): the game is
    rebuilt from its actions, exactly as it was, and plays on."""
    game = played_to(phase, seed=3)
    before = state_of(game)
    action = game.legal_actions()[0]
    kind = {"declare": "play", "draw": "keep", "play": "card"}[phase]
    handler = game_module._DO[kind]

    faults = [RuntimeError("a fault halfway through the action")]

    def fails_after(setup, st, read):
        done = handler(setup, st, read)
        if faults:  # once: rebuilding the game replays this handler too
            raise faults.pop()
        return done

    monkeypatch.setitem(game_module._DO, kind, fails_after)
    with pytest.raises(RuntimeError, match="halfway"):
        game.apply(action)
    monkeypatch.undo()
    assert state_of(game) == before
    game.apply(action)
    assert game.actions[-1] == action


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_situation_the_engine_builds_is_the_checked_one(preset):
    """`Situation.of_position` skips the checks meant for typed input; the situation it gives
    equals the one the checked constructor builds from the same fields."""
    rng = random.Random(preset)
    for seed in range(6):
        game = Game(PRESETS[preset], 5, seed=seed)
        while game.phase != "settled":
            if game.phase == "play":
                s = game.situation()
                checked = Situation(
                    s.hand,
                    s.trump,
                    s.trick,
                    s.seen,
                    s.tricks_won,
                    s.players_after,
                    s.others_out_of_trump,
                    s.won_last_trick_with,
                )
                assert checked == s
            game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_legal_cards_are_those_explain_allows_at_every_turn(preset):
    """At every card of random games, the cards `Game.legal_actions` lists are exactly those
    whose verdict says allowed, and the verdict is the same asked before or after."""
    rules = PRESETS[preset]
    rng = random.Random(7)
    for seed in range(6):
        game = Game(rules, 4, seed=seed)
        while game.phase != "settled":
            if game.phase == "play":
                s = game.situation()
                first = [explain(s, c, rules) for c in s.hand]
                allowed = {v.card.code for v in first if v.legal}
                assert allowed == set(game.legal_actions())
                assert allowed == {c.code for c in legal_plays(s, rules)}
                assert [explain(s, c, rules) for c in s.hand] == first
            game.apply(rng.choice(game.legal_actions()))
