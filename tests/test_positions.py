"""Teaching positions: realistic, repeatable for a seed, and each level exercises its rule.

A level's rule is checked against the engine's own verdicts, with the rule ids each preset
cites written out here by hand (as in test_scenes_play.py), not taken from the generator.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bourre_lessons import Rules, Situation, explain, legal_plays, verdicts
from bourre_lessons.sim.positions import (
    LEVELS,
    describe_situation,
    levels_for,
    make_rng,
    played_hand,
    random_position,
    random_situation,
    situation_code,
)

PRESETS = ("glimne", "wikipedia", "pagat")
FOLLOW = {"glimne": "glimne-whist", "wikipedia": "wikipedia-1", "pagat": "pagat-1"}
BEAT = {"glimne": "glimne-2", "wikipedia": "pagat-3", "pagat": "pagat-3"}
TRUMP = {"glimne": "glimne-3", "wikipedia": "wikipedia-2", "pagat": "pagat-2"}
OVERTRUMP = {"glimne": "glimne-5", "wikipedia": "wikipedia-2", "pagat": "pagat-2"}
TRUMP_ANYWAY = {"glimne": "glimne-6", "pagat": "pagat-2"}
SEEDS = range(6)


def refused(s: Situation, rules: Rules) -> dict:
    """Card -> rule id, for every card of the hand the engine refuses."""
    return {v.card: v.rule_id for v in verdicts(s, rules) if not v.legal}


def led_cards(s: Situation) -> set:
    return {c for c in s.hand if c.suit == s.led}


@pytest.mark.parametrize("preset", PRESETS)
def test_follow_positions_are_decided_by_follow_suit(preset):
    """glimne 4, wikipedia 1, pagat 1: you hold the led suit and another suit; only the led
    suit may be played, and nothing narrows it further."""
    rules = Rules.preset(preset)
    for seed in SEEDS:
        s = random_position(seed, "follow", rules)
        no = refused(s, rules)
        assert no and set(no.values()) == {FOLLOW[preset]}, describe_situation(s)
        assert set(legal_plays(s, rules)) == led_cards(s)


@pytest.mark.parametrize("preset", PRESETS)
def test_beat_positions_refuse_a_lower_card_of_the_led_suit(preset):
    """glimne 2, pagat 3: following an untrumped trick, a card that cannot beat is refused."""
    rules = Rules.preset(preset)
    for seed in SEEDS:
        s = random_position(seed, "beat", rules)
        no = refused(s, rules)
        assert not s.trumped
        assert any(c.suit == s.led and r == BEAT[preset] for c, r in no.items())
        assert all(explain(s, c, rules).rule_id == BEAT[preset] for c in legal_plays(s, rules))


@pytest.mark.parametrize("preset", PRESETS)
def test_trump_positions_refuse_side_cards(preset):
    """glimne 3, wikipedia 2, pagat 2: void in the led suit, nobody has trumped: trumps only."""
    rules = Rules.preset(preset)
    for seed in SEEDS:
        s = random_position(seed, "trump", rules)
        assert not led_cards(s) and not s.trumped
        assert set(legal_plays(s, rules)) == set(s.holding(s.trump))
        assert set(refused(s, rules).values()) == {TRUMP[preset]}


@pytest.mark.parametrize("preset", PRESETS)
def test_overtrump_positions_are_trumped_tricks_you_cannot_follow(preset):
    """glimne 5 (overtrump) or glimne 6 / pagat 2 (trump anyway): a card is refused in a
    trumped trick you cannot follow, and only trumps remain."""
    rules = Rules.preset(preset)
    for seed in SEEDS:
        s = random_position(seed, "overtrump", rules)
        no = refused(s, rules)
        assert s.trumped and not led_cards(s) and no
        assert all(c.suit == s.trump for c in legal_plays(s, rules))
        expected = {TRUMP[preset], OVERTRUMP[preset], TRUMP_ANYWAY.get(preset)}
        assert set(no.values()) <= expected


def test_wikipedia_overtrump_positions_refuse_a_lower_trump():
    """wikipedia 2: you need not trump when you cannot win, so the exercise is the overtrump."""
    rules = Rules.preset("wikipedia")
    for seed in SEEDS:
        s = random_position(seed, "overtrump", rules)
        assert any(c.suit == s.trump for c in refused(s, rules))


def test_known_top_positions_refuse_a_card_by_glimne_9():
    """glimne 9: holding the known top card of the led suit, with players to come, play it."""
    rules = Rules.preset("glimne")
    for seed in SEEDS:
        s = random_position(seed, "known-top", rules)
        assert "glimne-9" in refused(s, rules).values()
        assert s.players_after > 0 and not s.trumped


@pytest.mark.parametrize(
    ("preset", "cinch", "rule"),
    [("glimne", "strict", "glimne-cinch"), ("pagat", "pot", "pagat-cinch")],
)
def test_cinch_positions_refuse_a_card_by_a_cinch_rule(preset, cinch, rule):
    """pagat cinch / glimne's local cinch variant (switched on): some card is refused by the
    cinch rule, cited as the chosen rulebook's own rule."""
    rules = replace(Rules.preset(preset), cinch=cinch)
    rules_seen = set()
    for seed in SEEDS:
        s = random_position(seed, "cinch", rules)
        no = refused(s, rules)
        assert rule in no.values()
        rules_seen |= set(no.values())
    assert rule in rules_seen


def test_positions_are_the_same_for_the_same_seed():
    assert random_position(11, "beat") == random_position(11, "beat")
    assert random_situation(11) == random_situation(11)
    assert random_situation("lesson-3") == random_situation("lesson-3")
    rng_a, rng_b = random.Random(5), random.Random(5)
    assert [random_position(rng_a, "trump") for _ in range(3)] == [
        random_position(rng_b, "trump") for _ in range(3)
    ]


def test_different_seeds_give_different_positions():
    positions = {random_position(seed, "follow") for seed in range(10)}
    assert len(positions) >= 8


def test_levels_unavailable_under_the_rules_are_refused_clearly():
    """known-top is glimne 9 alone; the cinch needs a cinch switch."""
    assert levels_for(Rules.preset("pagat")) == ("follow", "beat", "trump", "overtrump", "cinch")
    # glimne's base rules have no cinch (its cinch rules are a named local variant)
    assert levels_for(Rules.preset("glimne")) == LEVELS[:-1]
    assert levels_for(replace(Rules.preset("glimne"), cinch="strict")) == LEVELS
    with pytest.raises(ValueError, match="glimne 9"):
        random_position(1, "known-top", Rules.preset("pagat"))
    with pytest.raises(ValueError, match="cinch"):
        random_position(1, "cinch", Rules(cinch="off"))
    with pytest.raises(ValueError, match="three players"):
        random_position(1, "overtrump", Rules(max_players=2))
    with pytest.raises(ValueError, match="follow, beat, trump"):
        random_position(1, "ruff", Rules())


def test_make_rng_refuses_what_is_not_a_seed():
    with pytest.raises(TypeError, match="seed"):
        make_rng(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed"):
        make_rng(True)  # type: ignore[arg-type]


def test_random_situations_look_like_real_hands():
    """Every player holds five cards less one per finished trick; tricks won fit the tricks played."""
    for seed in range(150):
        s = random_situation(seed)
        players = len(s.trick) + 1 + s.players_after
        assert 2 <= players <= 8
        assert len(s.seen) % players == 0
        done = len(s.seen) // players
        assert len(s.hand) == 5 - done
        assert s.tricks_won <= done
        assert len(set(s.hand) | set(s.trick) | set(s.seen)) == len(s.hand + s.trick + s.seen)


def test_a_played_hand_records_every_decision():
    """Five tricks, one decision per player per trick."""
    decisions = played_hand(3, Rules(), players=4)
    assert len(decisions) == 20
    assert [len(d.trick) for d in decisions[:4]] == [0, 1, 2, 3]
    assert [d.players_after for d in decisions[:4]] == [3, 2, 1, 0]
    assert all(len(d.hand) == 1 for d in decisions[-4:])


def test_describe_and_rebuild_a_position():
    s = Situation(
        hand="HA H6 SJ", trump="S", trick="HQ S7", seen="DA D2 D5", tricks_won=1, players_after=2
    )
    text = describe_situation(s)
    assert "Trump: ♠ (spades)" in text
    assert "Your hand: A♥ 6♥ J♠" in text
    assert "Q♥, then 7♠" in text
    assert "has been trumped" in text
    assert "Cards played in earlier tricks: A♦ 5♦ 2♦" in text
    assert "Tricks you have won: 1" in text
    code = situation_code(s)
    assert code.startswith('Situation(hand="A♥ 6♥ J♠", trump="♠"')
    assert eval(code, {"Situation": Situation}) == s
