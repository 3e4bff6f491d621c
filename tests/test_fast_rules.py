"""Every switch of `Rules` is honoured by the fast core, or excused with a reason.

For each field of `Rules` the test flips it to each other accepted value (pagat's preset
otherwise) and asks two things of the fast core: the rule vector it reads changes
(`encode_rules`), and a few thousand simulated hands on a fixed seed come out differently.
A field the fast core does not need stands in `EXCUSED` with the reason, and flipping it must
then change nothing. A new field of `Rules` fails here until it is one or the other.

The source checks keep the vector's description whole: every entry of `SWITCH_FIELDS` has its
index constant and is read by compiled code, and the fast core's rule concepts are the
readable engine's.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
from pathlib import Path
from typing import Literal, get_args, get_origin, get_type_hints

import numpy as np
import pytest
from rule_switches import FIELDS, other_values

import bourre_lessons.sim.fast as fast_package
from bourre_lessons.play import CONCEPT_CITATIONS, CONCEPT_SUMMARIES
from bourre_lessons.rules import Rules
from bourre_lessons.sim.fast import CONCEPTS, SWITCH_FIELDS, encode_rules, switches
from bourre_lessons.sim.simulation import SimulationResult, simulate

BASE = Rules()  # pagat's preset
LEGAL = importlib.import_module("bourre_lessons.sim.fast.legal")  # the package exports the function
HANDS = 4000
SEED = 7

EXCUSED = {
    "source": "names the rulebook whose rule a verdict cites; hands follow the switches alone",
    "renege": "bots play only legal cards, so no simulated hand has a renege to settle",
    "out_of_turn_penalty": "bots always declare in turn, so nobody is ever sat out",
    "min_players": "simulate() checks the table size before the core runs; a hand never reads it",
    "max_players": "simulate() checks the table size before the core runs; a hand never reads it",
    "double_ante_round": "the bots always pay the double ante's second chip in a round after "
    "the draw, so the hands and the chips are those of paying it with 'play'",
}
"""Fields of `Rules` the fast core does not read, each with the reason it need not."""

TABLE = {"max_discards_seven": 7, "restock": 8}
"""Players at the table where a switch matters only at some sizes (5 otherwise): the draw
limit for seven, and an empty stock, which needs many players drawing."""

_HINTS = get_type_hints(Rules)


def _flips() -> list[tuple[str, object]]:
    return [(name, value) for name in FIELDS if name not in EXCUSED for value in other_values(name)]


def _run(rules: Rules, players: int) -> SimulationResult:
    return simulate(HANDS, players, rules, "random", seed=SEED, engine="fast")


def _changed_arrays(a: SimulationResult, b: SimulationResult) -> list[str]:
    """The result arrays in which two runs differ."""
    names = [f.name for f in dataclasses.fields(a) if isinstance(getattr(a, f.name), np.ndarray)]
    return [n for n in names if not np.array_equal(getattr(a, n), getattr(b, n))]


def test_every_field_of_rules_is_either_flipped_here_or_excused() -> None:
    """A new switch of `Rules` must be honoured by the fast core (tested below) or excused."""
    assert set(EXCUSED) <= set(FIELDS), set(EXCUSED) - set(FIELDS)
    for name in FIELDS:
        if name not in EXCUSED:
            assert other_values(name), name
    assert all(reason.strip() for reason in EXCUSED.values())


@pytest.mark.parametrize(("name", "value"), _flips())
def test_a_switch_changes_the_rule_vector_and_the_hands(name: str, value: object) -> None:
    """Flipping a switch the fast core must honour changes what it reads and what it plays."""
    players = TABLE.get(name, 5)
    flipped = dataclasses.replace(BASE, **{name: value})
    before, after = encode_rules(BASE, players), encode_rules(flipped, players)
    assert not np.array_equal(before, after), f"{name}={value!r} does not reach the rule vector"
    changed = _changed_arrays(_run(BASE, players), _run(flipped, players))
    assert changed, f"{name}={value!r} reaches the rule vector, but {HANDS} hands play the same"


@pytest.mark.parametrize("name", sorted(EXCUSED))
def test_an_excused_field_changes_nothing_in_the_fast_core(name: str) -> None:
    """An excused field stays out of the rule vector and out of the hands (and the comparison
    above is no formality: identical runs compare equal)."""
    other = {"source": "glimne", "min_players": 3, "max_players": 7}.get(name)
    value = other if other is not None else other_values(name)[0]
    flipped = dataclasses.replace(BASE, **{name: value})
    assert np.array_equal(encode_rules(BASE, 5), encode_rules(flipped, 5))
    assert _changed_arrays(_run(BASE, 5), _run(flipped, 5)) == []


def test_each_choice_value_has_its_own_code() -> None:
    """Every accepted value of a choice switch is known to the fast core, with its own code."""
    for name, values in switches.SWITCH_VALUES.items():
        assert set(values) == set(get_args(_HINTS[name])), name
    for name in FIELDS:
        if get_origin(_HINTS[name]) is Literal and name not in EXCUSED:
            vectors = {
                tuple(encode_rules(dataclasses.replace(BASE, **{name: v}), 5))
                for v in get_args(_HINTS[name])
            }
            assert len(vectors) == len(get_args(_HINTS[name])), name


def test_value_constants_are_positions_in_rule_values() -> None:
    """CINCH_IS_STRICT and its kind: the value's position among its switch's values."""
    checked = 0
    for field, values in switches.SWITCH_VALUES.items():
        for value in values:
            constant = f"{field}_is_{value}".upper()
            if hasattr(switches, constant):
                assert getattr(switches, constant) == values.index(value), constant
                checked += 1
    names = [n for n in vars(switches) if "_IS_" in n]
    assert checked == len(names) >= 5, names


# --- the source: one list, read by name -------------------------------------------------------

FAST = Path(fast_package.__file__).parent


def _compiled_functions() -> list[ast.FunctionDef]:
    """Every function of the fast core compiled by Numba (decorated with jit or jit_inline)."""
    found = []
    for path in sorted(FAST.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and any(
                isinstance(d, ast.Name) and d.id in ("jit", "jit_inline")
                for d in node.decorator_list
            ):
                found.append(node)
    return found


def _rule_reads() -> list[ast.expr]:
    """The index of every `rules[...]` in compiled code."""
    return [
        node.slice
        for function in _compiled_functions()
        for node in ast.walk(function)
        if isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Name)
        and node.value.id == "rules"
    ]


def test_every_entry_of_the_rule_vector_has_its_constant_and_is_read() -> None:
    """Each entry of SWITCH_FIELDS is read, by its index constant, somewhere in compiled code."""
    for i, field in enumerate(SWITCH_FIELDS):
        assert getattr(switches, field.upper()) == i, field
    reads = _rule_reads()
    assert all(isinstance(index, ast.Name) for index in reads), "read the vector by name"
    read = {index.id for index in reads}
    unread = [f for f in SWITCH_FIELDS if f.upper() not in read]
    assert unread == [], f"entries of the rule vector no compiled code reads: {unread}"
    assert read <= {f.upper() for f in SWITCH_FIELDS}


def test_rule_concepts_are_the_readable_engines() -> None:
    """The fast core's rule codes name the readable engine's concepts; only 'follow' is left
    out, because following suit always ends in a narrower step (beat, cannot-beat or
    trumped-follow) that the fast core reports instead."""
    assert set(CONCEPT_CITATIONS) == set(CONCEPT_SUMMARIES)
    assert len(set(CONCEPTS)) == len(CONCEPTS)
    assert set(CONCEPT_CITATIONS) - set(CONCEPTS) == {"follow"}
    assert set(CONCEPTS) <= set(CONCEPT_CITATIONS)
    for code, concept in enumerate(CONCEPTS):
        assert getattr(LEGAL, concept.upper().replace("-", "_")) == code, concept
