"""House rulebooks (bourre_lessons.house, issue 29 section 1): the TOML format, its checks and
its round trip.

The round trip is a property over every field of `Rules`: the fields come from
`dataclasses.fields(Rules)` and their values from the type hints (and `rules._RANGES` for the
whole numbers), so a new switch is covered without a word here.
"""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path
from typing import Literal, get_args, get_origin, get_type_hints

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bourre_lessons import house as house_module
from bourre_lessons.house import (
    HouseRules,
    HouseRulesError,
    example_houses,
    house_to_toml,
    load_house,
    save_house,
    switch_bounds,
    switch_groups,
    switch_meaning,
    switch_values,
    switches_markdown,
)
from bourre_lessons.rules import _RANGES, PRESETS, SOURCES, Rules

FIELDS = tuple(f.name for f in dataclasses.fields(Rules))
HINTS = get_type_hints(Rules)
ROOT = Path(__file__).parents[1]


def _field_strategy(name: str) -> st.SearchStrategy:
    """Every value `Rules` may accept for one field, from its type hint."""
    hint = HINTS[name]
    if hint is bool:
        return st.booleans()
    if get_origin(hint) is Literal:
        return st.sampled_from(get_args(hint))
    if name == "source":
        return st.sampled_from(SOURCES)
    low, high = _RANGES[name]
    whole = st.integers(low, high)
    return st.one_of(st.none(), whole) if type(None) in get_args(hint) else whole


@st.composite
def any_rules(draw) -> Rules:
    values = {name: draw(_field_strategy(name)) for name in FIELDS}
    try:
        return Rules(**values)
    except ValueError:
        assume(False)
        raise


def test_the_strategy_covers_every_field_and_is_not_written_by_hand():
    assert tuple(f.name for f in dataclasses.fields(Rules)) == FIELDS
    for name in FIELDS:
        assert _field_strategy(name) is not None


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    rules=any_rules(),
    base=st.sampled_from(SOURCES),
    name=st.text(min_size=1, max_size=30).filter(str.strip),
    players=st.one_of(st.none(), st.integers(2, 8)),
)
def test_saving_and_loading_gives_back_the_same_rules(rules, base, name, players):
    assume(players is None or max(2, rules.min_players) <= players <= rules.max_players)
    house = HouseRules(name=name, base=base, rules=rules, players=players)
    again = load_house(house_to_toml(house))
    assert again.rules == rules
    assert again.base == base
    assert again.players == players
    assert again.name == name.strip()
    assert again.changed() == house.changed()


def test_save_house_writes_a_file_load_house_reads(tmp_path):
    house = example_houses()["friday_table"]
    path = save_house(house, tmp_path / "friday.toml")
    assert load_house(path) == house
    assert load_house(str(path)) == house


def test_changed_lists_only_what_differs_from_the_base():
    rules = dataclasses.replace(PRESETS["wikipedia"], trump_when_cannot_win=True, pot_limit=20)
    house = HouseRules("Friday table", "wikipedia", rules, 5)
    assert house.changed() == {"trump_when_cannot_win": True, "pot_limit": 20}
    assert HouseRules("plain", "glimne", PRESETS["glimne"]).changed() == {}


def test_the_issue_example_loads():
    text = """
name = "Friday table"
base = "wikipedia"          # a preset: glimne, wikipedia, pagat
players = 5                 # optional
[switches]                  # Rules' own field names and values
trump_when_cannot_win = true
pot_limit = 20
"""
    house = load_house(text)
    assert house.rules == dataclasses.replace(
        PRESETS["wikipedia"], trump_when_cannot_win=True, pot_limit=20
    )
    assert (house.name, house.base, house.players) == ("Friday table", "wikipedia", 5)


# --- errors ----------------------------------------------------------------------------------


def _error(text: str) -> str:
    with pytest.raises(HouseRulesError) as caught:
        load_house(text)
    return str(caught.value)


def test_an_unknown_switch_is_named_with_the_nearest_real_one():
    message = _error('base = "wikipedia"\n[switches]\ntrump_anyway = true\n')
    assert "line 3: trump_anyway: no such switch; did you mean trump_when_cannot_win?" in message


def test_a_bad_value_names_the_accepted_ones():
    message = _error('base = "pagat"\n[switches]\ncinch = "maybe"\n')
    assert 'cinch = "maybe": not accepted; choose one of "off", "pot", "strict"' in message
    message = _error('base = "pagat"\n[switches]\nsecond_ante = "yes"\n')
    assert 'second_ante = "yes": must be true or false' in message
    message = _error('base = "pagat"\n[switches]\npot_limit = 0\n')
    assert "from 1 to 1000000000" in message and '"none"' in message


def test_every_problem_is_listed_at_once():
    message = _error('base = "pagat"\n[switches]\ntrump_anyway = true\ncinch = 3\n')
    assert "2 problems" in message
    assert "trump_anyway" in message and "cinch = 3" in message


def test_an_unknown_base_lists_the_presets():
    message = _error('base = "wiki"\n')
    assert "no such preset; choose one of glimne, wikipedia, pagat" in message
    assert "base: missing; choose one of" in _error('name = "x"\n')


def test_players_out_of_range_say_the_range():
    assert "players = 8: these rules seat 2 to 7 players" in _error(
        'base = "wikipedia"\nplayers = 8\n'
    )
    assert "players = 1" in _error('base = "pagat"\nplayers = 1\n')
    assert "whole number" in _error('base = "pagat"\nplayers = "five"\n')


def test_a_broken_file_gives_its_line(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text('name = "x"\nbase = "pagat"\n[switches\n', encoding="utf-8")
    with pytest.raises(HouseRulesError) as caught:
        load_house(path)
    assert "line 3" in str(caught.value)
    assert str(path) in str(caught.value)


def test_a_switch_at_the_top_and_an_unknown_key_are_explained():
    assert "belongs under [switches]" in _error('base = "pagat"\ncinch = "off"\n')
    assert "did you mean switches?" in _error('base = "pagat"\n[switchs]\ncinch = "off"\n')


def test_switches_that_contradict_each_other_are_refused():
    message = _error('base = "pagat"\n[switches]\nmin_players = 6\nmax_players = 4\n')
    assert "min_players (6) is more than max_players (4)" in message


def test_a_missing_file_and_a_folder_are_refused(tmp_path):
    with pytest.raises(HouseRulesError, match="no such file"):
        load_house(tmp_path / "nothing.toml")
    with pytest.raises(HouseRulesError, match="a folder"):
        load_house(tmp_path)


def test_nothing_is_half_loaded():
    """A file with one bad switch among good ones gives no HouseRules at all."""
    with pytest.raises(HouseRulesError):
        load_house('base = "pagat"\n[switches]\ncinch = "off"\npot_limit = -3\n')


def test_the_none_word_sets_an_optional_number_to_none():
    house = load_house('base = "wikipedia"\n[switches]\nmax_discards_seven = "none"\n')
    assert house.rules.max_discards_seven is None
    assert "must be a whole number from 0 to 5" in _error(
        'base = "pagat"\n[switches]\nmax_discards = "none"\n'
    )


def test_a_house_object_checks_itself():
    with pytest.raises(HouseRulesError, match="no such preset"):
        HouseRules("x", "wiki", Rules())
    with pytest.raises(HouseRulesError, match="seat 2 to 7"):
        HouseRules("x", "wikipedia", PRESETS["wikipedia"], players=8)
    with pytest.raises(HouseRulesError, match=r"must end in \.toml"):
        save_house(HouseRules("x", "pagat", Rules()), "house.txt")


# --- switches, examples, docs ----------------------------------------------------------------


def test_every_field_of_rules_is_in_exactly_one_group():
    names = [name for _, group in switch_groups() for name in group]
    assert sorted(names) == sorted(FIELDS)
    assert len(names) == len(set(names))
    titles = [title for title, _ in switch_groups()]
    assert titles == [
        "Playing the cards",
        "The cinch",
        "The draw",
        "The money",
        "Misplays",
        "The table",
    ]


@pytest.mark.parametrize("name", FIELDS)
def test_every_switch_has_a_meaning_and_its_values(name):
    assert switch_meaning(name).strip()
    values = switch_values(name)
    hint = HINTS[name]
    if hint is bool:
        assert values == (False, True)
    elif get_origin(hint) is Literal:
        assert set(values) == set(get_args(hint))
    elif name == "source":
        assert values == SOURCES
    else:
        assert values is None
        low, high, optional = switch_bounds(name)
        assert (low, high) == _RANGES[name]
        assert optional == (type(None) in get_args(hint))


def test_an_unknown_switch_name_is_refused_by_the_helpers():
    with pytest.raises(KeyError, match="did you mean cinch"):
        switch_values("cinc")


def test_the_examples_load_and_one_answers_the_issue():
    houses = example_houses()
    assert len(houses) >= 3
    assert houses["trump_anyway"].base == "wikipedia"
    assert houses["trump_anyway"].changed() == {"trump_when_cannot_win": True}


def test_the_examples_are_package_data():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["bourre_lessons"]
    assert "houses/*.toml" in patterns
    assert pyproject["project"]["requires-python"] == ">=3.11"


def test_the_docs_hold_the_switch_table_the_package_derives():
    doc = (ROOT / "docs" / "house_rules.md").read_text(encoding="utf-8")
    assert switches_markdown() in doc, "regenerate docs/house_rules.md's switch table"
    for name in FIELDS:
        assert f"`{name}`" in doc


def test_the_docs_example_loads():
    doc = (ROOT / "docs" / "house_rules.md").read_text(encoding="utf-8")
    block = doc.split("```toml\n", 1)[1].split("```", 1)[0]
    assert load_house(block).changed()


def test_the_module_needs_only_the_standard_library():
    source = Path(house_module.__file__).read_text(encoding="utf-8")
    assert "import numpy" not in source and "numba" not in source


def test_the_docs_name_every_measure():
    from bourre_lessons.sim.house_lab import MEASURE_LABELS

    doc = (ROOT / "docs" / "house_rules.md").read_text(encoding="utf-8")
    for name in (*MEASURE_LABELS, "seat_K_result"):
        assert f"| `{name}` |" in doc, name
