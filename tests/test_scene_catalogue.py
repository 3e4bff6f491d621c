"""The scene catalogue against SCENES.md and the engine.

Every id in SCENES.md has a scene; every play scene's stated answer (the source's answer under
its own preset) equals the engine's legal set, so a wrong catalogue entry or a wrong engine
fails here. Story scenes are computed by the engine under every rulebook.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bourre_lessons import DECK, Rules, Situation
from bourre_lessons.scenes import catalogue, get
from bourre_lessons.scenes.model import YOU

SCENES_MD = Path(__file__).resolve().parents[2] / "shared" / "SCENES.md"
ALL = catalogue()
PLAY = [s for s in ALL.values() if s.kind == "play"]
STORY = [s for s in ALL.values() if s.kind == "story"]


def scene_ids_in_spec() -> list[str]:
    """The ids in the first column of every table of SCENES.md."""
    text = SCENES_MD.read_text(encoding="utf-8")
    return re.findall(r"^\| ([a-z]+-[a-z0-9-]+) \|", text, flags=re.MULTILINE)


@pytest.mark.skipif(not SCENES_MD.exists(), reason="needs ../shared/SCENES.md beside the checkout")
def test_every_scene_id_of_the_spec_exists_in_order():
    """SCENES.md: one scene each, in the catalogue's order."""
    spec = scene_ids_in_spec()
    assert len(spec) >= 54
    assert list(ALL) == spec


def test_unknown_scene_id_names_the_choices():
    with pytest.raises(KeyError, match="glimne-5"):
        get("glimne-55")


@pytest.mark.parametrize(
    ("scene_id", "moment"),
    [(s.id, i) for s in PLAY for i in range(len(s.moments))],
)
def test_stated_answer_is_the_engines_answer_under_the_sources_preset(scene_id, moment):
    """Each play scene states its source's answer; the engine must agree under that preset."""
    scene = ALL[scene_id]
    stated = scene.moments[moment].answer
    assert stated, "a play scene must state an answer"
    assert scene.legal(Rules.preset(scene.preset), moment) == stated


@pytest.mark.parametrize("scene_id", [s.id for s in PLAY])
def test_play_positions_are_consistent_tables(scene_id):
    """Cards appear once, the hand fits the tricks played, earlier tricks use the same seats."""
    scene = ALL[scene_id]
    for m in scene.moments:
        cards = [*m.hand, *(c for _, c in m.trick), *m.seen]
        assert len(cards) == len(set(cards))
        assert set(cards) <= set(DECK)
        # earlier tricks are shown when they matter; a hand never holds more than they leave
        assert len(m.hand) <= 5 - len(m.history)
        assert m.tricks_won <= 5 - len(m.hand)
        assert YOU in m.seats and len(set(m.seats)) == len(m.seats)
        for plays in m.history:
            assert {seat for seat, _ in plays} == set(m.seats)
        assert isinstance(m.situation(scene.trump), Situation)
        if m.pick is not None:
            assert m.pick in m.answer


@pytest.mark.parametrize("scene_id", [s.id for s in PLAY])
def test_pick_and_summary_are_present(scene_id):
    scene = ALL[scene_id]
    assert scene.summary and scene.title
    assert scene.citation.startswith(scene.source)


def test_known_disagreements_are_reported():
    """RULES-SPEC A, B and C: the scenes where the rulebooks differ say so."""
    disagreeing = {s.id for s in PLAY if any(s.disagreement(i) for i in range(len(s.moments)))}
    for expected in (
        "glimne-6",
        "wikipedia-2-cannot-win",
        "glimne-9",
        "glimne-10",
        "glimne-cinch-akq",
    ):
        assert expected in disagreeing
    for agreeing in ("glimne-2a", "glimne-5", "pagat-example"):
        assert agreeing not in disagreeing


def test_glimne_6_disagreement_names_each_rulebooks_cards():
    """glimne 6 vs wikipedia 2: a trump that cannot win is owed, or not."""
    answers = get("glimne-6").disagreement()
    assert {c.code for c in answers["glimne"]} == {"S4"}
    assert {c.code for c in answers["pagat"]} == {"S4"}
    assert {c.code for c in answers["wikipedia"]} == {"S4", "DK", "C8"}


@pytest.mark.parametrize("preset", ["glimne", "wikipedia", "pagat"])
@pytest.mark.parametrize("scene_id", [s.id for s in STORY])
def test_story_scenes_run_under_every_rulebook(scene_id, preset):
    steps = get(scene_id).steps(Rules.preset(preset))
    assert len(steps) >= 1
    assert all(step.caption for step in steps)


def test_glimne_payment_example_numbers():
    """glimne payment: 6 + 4 = 10, the bourré pays 10 -> 20, six antes -> 26."""
    pots = [s.pot for s in get("glimne-pay").steps(Rules.preset("glimne"))]
    assert pots[-4:] == [10, 10, 20, 26]


def test_glimne_payment_under_pagat_skips_antes():
    """pagat: no second ante, and tied (A, B) and bourréd (D) players skip the next ante."""
    steps = get("glimne-pay").steps(Rules.preset("pagat"))
    assert [s.pot for s in steps][-3:] == [6, 12, 15]
    assert "A, B and D skip" in steps[-1].caption


def test_wikipedia_bourre_pays_five():
    """wikipedia: five chips in the pot, the bourréd player puts in five."""
    steps = get("wikipedia-bourre").steps(Rules.preset("wikipedia"))
    assert any("C took no trick (bourré) and pays 5" in s.caption for s in steps)


def test_dealer_ace_stories_follow_each_rulebook():
    """pagat: the dealer may not pass a turned ace; glimne: the dealer leads the first trick."""
    pagat = get("pagat-dealer-ace").steps(Rules.preset("pagat"))
    assert any("may not pass" in s.caption and "pagat-dealer-ace" in s.caption for s in pagat)
    glimne = get("glimne-dealer-ace").steps(Rules.preset("glimne"))
    assert "the dealer leads the first trick" in glimne[-1].caption


def test_restock_story_shows_the_stock_running_out():
    """pagat restock: passed hands and served players' discards are shuffled and dealt on."""
    steps = get("pagat-restock").steps(Rules.preset("pagat"))
    assert any("stock is empty" in s.detail and "served" in s.detail for s in steps)
    glimne = get("pagat-restock").steps(Rules.preset("glimne"))
    assert any("stock is empty" in s.detail and "passed" in s.detail for s in glimne)


def test_seven_players_refuses_a_fourth_discard_under_wikipedia_only():
    """wikipedia: at seven players at most three cards each."""
    wiki = " ".join(s.caption for s in get("wikipedia-seven").steps(Rules.preset("wikipedia")))
    assert "refuses" in wiki and "wikipedia-seven" in wiki
    pagat = " ".join(s.caption for s in get("wikipedia-seven").steps(Rules.preset("pagat")))
    assert "allow it" in pagat


def test_lone_player_takes_the_pot_under_pagat():
    """pagat: only one player plays and takes the pot without play."""
    steps = get("pagat-lone").steps(Rules.preset("pagat"))
    assert "without playing a card" in steps[-1].caption
    glimne = get("pagat-lone").steps(Rules.preset("glimne"))
    assert "plays five tricks alone" in glimne[-1].caption


def test_dealer_antes_for_all_puts_in_five():
    """wikipedia variant: five players, one-unit ante, the dealer puts in five."""
    steps = get("wikipedia-dealer-antes").steps(Rules.preset("wikipedia"))
    assert "the pot holds 5" in steps[1].caption
    assert re.search(r"antes \w 5;", steps[1].caption)


NAMING = [s for s in ALL.values() if s.kind == "naming"]


@pytest.mark.parametrize(
    ("scene_id", "moment"),
    [(s.id, i) for s in NAMING for i in range(len(s.moments))],
)
def test_naming_scene_answer_is_what_the_laws_designate(scene_id, moment):
    """laws 45C4a and 46B: each laws row's phrase names the card the catalogue states."""
    scene = ALL[scene_id]
    m = scene.moments[moment]
    named = scene.designation(Rules.preset(scene.preset), moment)
    assert named.kind == m.expect
    assert named.clause.startswith("laws-")
    chosen = {named.card} if named.card else set(named.candidates)
    assert chosen == set(m.answer)


def test_each_laws_row_cites_its_own_clause():
    """The clause the engine applies is the one the SCENES.md row is about."""
    expected = {
        "laws-named": "laws-45C4a",
        "laws-high": "laws-46B1a",
        "laws-win": "laws-46B1b",
        "laws-low": "laws-46B1c",
        "laws-suit": "laws-46B2",
        "laws-rank": "laws-46B3",
        "laws-missing": "laws-46B4",
        "laws-any": "laws-46B5",
        "laws-intent": "laws-intent",
    }
    for scene_id, clause in expected.items():
        scene = ALL[scene_id]
        for i in range(len(scene.moments)):
            assert scene.designation(Rules.preset("pagat"), i).clause == clause
