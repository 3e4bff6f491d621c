"""Rules: the presets match docs/rules.md's decisions, and bad switch values are refused."""

from __future__ import annotations

import dataclasses

import pytest

from bourre_lessons import PRESETS, SOURCES, Rules


def test_one_preset_per_source():
    assert set(SOURCES) == {"glimne", "wikipedia", "pagat"}
    assert set(PRESETS) == set(SOURCES)
    for name in SOURCES:
        assert Rules.preset(name).source == name
        assert Rules.preset(name) == PRESETS[name]


def test_default_rules_are_the_pagat_preset():
    assert Rules() == Rules.preset("pagat")


@pytest.mark.parametrize("spelling", ["Glimne", " glimne ", "GLIMNE"])
def test_preset_names_ignore_case_and_spaces(spelling):
    assert Rules.preset(spelling) == Rules.preset("glimne")


# The decisions of docs/rules.md, switch by switch: (glimne, wikipedia, pagat).
SPEC_TABLE = {
    # Disagreement A (glimne 6, wikipedia 2, pagat 2)
    "trump_when_cannot_win": (True, False, True),
    # Disagreement B (glimne 9 and 10 only)
    "must_play_known_top": (True, False, False),
    "must_lead_trump_when_others_out": (True, False, False),
    # Disagreement C
    # glimne's cinch rules are its named local variant ("Bland de vanligaste är cinch-reglerna")
    "cinch": ("off", "pot", "pot"),
    # Players: glimne recommends 2-6 ("Lämpligt antal", suitable), wikipedia 2-7, pagat 2-8
    "min_players": (2, 2, 2),
    "max_players": (8, 7, 8),
    # The draw: five cards, wikipedia three with seven players
    "max_discards": (5, 5, 5),
    "max_discards_seven": (None, 3, None),
    "restock": ("folded_then_discards", "folded_then_discards", "folded_and_served_discards"),
    # Play or pass, then the draw: two rounds (glimne, wikipedia); pagat's terse base text read
    # as one round (tests/test_draw_timing.py quotes the three)
    "draw_timing": ("after_declarations", "after_declarations", "same_turn"),
    # The deal: glimne's turned ace leads; pagat's turned ace must play and may be discarded
    "dealer_ace_leads": (True, False, False),
    "dealer_ace_must_play": (False, False, True),
    # glimne and wikipedia: any exchange of 0-5; pagat: unusual, not forbidden
    "dealer_may_discard_trump_card": (True, True, True),
    "lone_player_wins": (False, False, True),
    "out_of_turn_penalty": (False, False, True),
    # Money
    "second_ante": (True, False, False),
    "double_ante": (False, False, False),
    # the double ante's second chip: with 'play' (the course's reading of pagat's terse text)
    "double_ante_round": ("with_play", "with_play", "with_play"),
    "dealer_antes_for_all": (False, False, False),
    "pot_limit": (None, None, None),
    "ante_skip": ("none", "bourred", "bourred_and_tied"),
    "renege": ("penalty", "penalty", "correct_before_next"),
    # glimne read literally: the winner takes the pot and the bourré payment
    "bourre_paid_to": ("winner", "next_pot", "next_pot"),
    # pagat variants, off by default
    "separate_trump_card": ("off", "off", "off"),
    "simultaneous_declaration": (False, False, False),
}


@pytest.mark.parametrize("switch", sorted(SPEC_TABLE))
@pytest.mark.parametrize("index,preset", list(enumerate(("glimne", "wikipedia", "pagat"))))
def test_preset_switches_match_the_spec(switch, index, preset):
    assert getattr(Rules.preset(preset), switch) == SPEC_TABLE[switch][index]


def test_the_spec_table_covers_every_switch():
    """A new switch must be added to SPEC_TABLE (with its source) before it ships."""
    names = {f.name for f in dataclasses.fields(Rules)} - {"source"}
    assert names == set(SPEC_TABLE)


@pytest.mark.parametrize(
    ("preset", "pays"), [("glimne", True), ("wikipedia", False), ("pagat", False)]
)
def test_second_ante(preset, pays):
    """glimne: a player who plays puts in a second ante; pagat only in the double-ante variant."""
    assert Rules.preset(preset).pays_second_ante is pays


def test_double_ante_means_a_second_ante():
    assert dataclasses.replace(Rules.preset("pagat"), double_ante=True).pays_second_ante


@pytest.mark.parametrize(
    ("preset", "players", "discards"),
    [
        ("wikipedia", 7, 3),
        ("wikipedia", 6, 5),
        ("pagat", 7, 5),
        ("pagat", 8, 5),
        ("glimne", 6, 5),
    ],
)
def test_discard_limit(preset, players, discards):
    """wikipedia: with seven players at most three cards are discarded each."""
    assert Rules.preset(preset).max_discards_for(players) == discards


def test_replace_changes_one_switch():
    pagat = Rules.preset("pagat")
    changed = dataclasses.replace(pagat, cinch="off")
    assert changed.cinch == "off"
    assert changed != pagat
    assert pagat.cinch == "pot"  # the preset itself is untouched
    assert changed.differences(pagat) == {"cinch": ("off", "pot")}


def test_differences_between_presets():
    diff = Rules.preset("wikipedia").differences(Rules.preset("pagat"))
    assert diff["trump_when_cannot_win"] == (False, True)
    assert diff["max_players"] == (7, 8)
    assert "cinch" not in diff
    assert "source" not in diff


def test_rules_are_frozen():
    rules = Rules.preset("glimne")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.cinch = "strict"  # type: ignore[misc]
    assert Rules.preset("glimne").cinch == "off"


def test_rules_are_hashable():
    assert len({Rules(), Rules.preset("pagat"), Rules.preset("glimne")}) == 2


@pytest.mark.parametrize("name", ["hoyle", "", "pagat.com"])
def test_unknown_preset_lists_the_choices(name):
    with pytest.raises(ValueError) as info:
        Rules.preset(name)
    message = str(info.value)
    assert repr(name) in message
    for source in ("glimne", "wikipedia", "pagat"):
        assert source in message


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        pytest.param(
            {"cinch": "sometimes"}, ["cinch", "'sometimes'", "off", "pot", "strict"], id="cinch"
        ),
        pytest.param({"source": "hoyle"}, ["source", "glimne", "wikipedia", "pagat"], id="source"),
        pytest.param(
            {"ante_skip": "all"}, ["ante_skip", "none", "bourred_and_tied"], id="ante_skip"
        ),
        pytest.param(
            {"renege": "forgive"}, ["renege", "penalty", "correct_before_next"], id="renege"
        ),
        pytest.param({"pot_limit": 0}, ["pot_limit", "between 1"], id="pot_limit-0"),
        pytest.param({"pot_limit": -5}, ["pot_limit", "between 1"], id="pot_limit-negative"),
        pytest.param(
            {"pot_limit": True}, ["pot_limit", "whole number", "None"], id="pot_limit-True"
        ),
        pytest.param({"pot_limit": 20.0}, ["pot_limit", "whole number"], id="pot_limit-float"),
        pytest.param(
            {"max_players": 9}, ["max_players", "between 2 and 8", "9"], id="max_players-9"
        ),
        pytest.param({"min_players": 1}, ["min_players", "between 2 and 8"], id="min_players-1"),
        pytest.param(
            {"min_players": 5, "max_players": 4},
            ["min_players (5)", "max_players (4)"],
            id="min>max",
        ),
        pytest.param({"max_discards": 6}, ["max_discards", "between 0 and 5"], id="max_discards-6"),
        pytest.param(
            {"trump_when_cannot_win": 1}, ["trump_when_cannot_win", "True or False"], id="bool-1"
        ),
        pytest.param({"double_ante": "yes"}, ["double_ante", "True or False"], id="bool-str"),
        pytest.param(
            {"draw_timing": "two rounds"},
            ["draw_timing", "same_turn", "after_declarations"],
            id="draw_timing",
        ),
    ],
)
def test_invalid_values_are_refused_with_a_clear_message(changes, words):
    with pytest.raises(ValueError) as info:
        Rules(**changes)
    message = str(info.value)
    for word in words:
        assert word in message


def test_replace_validates_too():
    with pytest.raises(ValueError, match="cinch"):
        dataclasses.replace(Rules.preset("glimne"), cinch="sometimes")
    with pytest.raises(ValueError, match="max_players"):
        dataclasses.replace(Rules.preset("pagat"), min_players=8, max_players=7)


def test_valid_variants_are_accepted():
    rules = dataclasses.replace(
        Rules.preset("wikipedia"), pot_limit=20, dealer_antes_for_all=True, cinch="off"
    )
    assert rules.pot_limit == 20
    assert rules.dealer_antes_for_all is True
    assert rules.cinch == "off"
