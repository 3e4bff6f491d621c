"""Engine decisions where the sources are silent (docs/rules.md, "Engine decisions"), pinned by tests."""

import pytest

from bourre_lessons import Rules, Situation, legal_plays, parse_cards, settle


def codes(cards):
    return {c.code for c in cards}


@pytest.mark.parametrize("preset", ["glimne", "pagat"])
def test_cinch_does_not_spend_a_sure_trump_on_a_lost_trick(preset):
    """pagat cinch pattern 2: 'win with your highest sure winner' binds only when it can win.

    One trick won, S K-Q-3 of trump (A in the trick): a cinch. The A of trump already holds the
    trick, so no trump can win it; the ordinary rule (glimne 6, pagat 2: still play a trump)
    applies and the cinch does not force the K or Q.
    """
    s = Situation(parse_cards("SK SQ S3"), "S", parse_cards("H7 SA"), tricks_won=1, players_after=1)
    assert codes(legal_plays(s, Rules.preset(preset))) == {"SK", "SQ", "S3"}


def test_cinch_forces_the_top_trump_when_it_can_win():
    """pagat cinch pattern 2: with a cinch and another player leading, win with the top trump."""
    s = Situation(
        parse_cards("SK SQ S3"),
        "S",
        parse_cards("H7 S9"),
        tricks_won=1,
        seen=parse_cards("SA"),
        players_after=1,
    )
    assert codes(legal_plays(s, Rules.preset("pagat"))) == {"SK", "SQ"}


@pytest.mark.parametrize("preset", ["glimne", "wikipedia"])
def test_a_corrected_renege_exists_only_under_pagat(preset):
    """pagat: correction before the next player plays; glimne and wikipedia know no correction."""
    with pytest.raises(ValueError, match="renege='correct_before_next'"):
        settle(10, {"A": 3, "B": 2}, Rules.preset(preset), corrected=["A"])


def test_a_standing_renege_can_still_win_and_pays():
    """glimne (penalty for a broken rule = match the pot): the reneger keeps their tricks.
    Under wikipedia the payment stays for the next hand. Under glimne's literal reading the
    winner takes the pot and the payments, but not their own penalty: an engine decision, or
    the renege would cost the winner nothing."""
    result = settle(10, {"A": 3, "B": 2}, Rules.preset("wikipedia"), renegers=["A"])
    assert (result.winner, result.taken, result.pot_carried) == ("A", 10, 10)
    assert result.payments == {"A": 10}
    glimne = settle(10, {"A": 3, "B": 2}, Rules.preset("glimne"), renegers=["A"])
    # the winner's own penalty is not paid back to them: it stays for the next hand
    assert (glimne.winner, glimne.taken, glimne.pot_carried) == ("A", 10, 10)
    assert glimne.net("A") == 0


def test_every_rule_id_has_a_summary_sentence():
    """A verdict or a refused action never carries an id the lessons cannot explain."""
    import re
    from pathlib import Path

    from bourre_lessons import rule_summary
    from bourre_lessons.play import known_rule_ids

    package = Path(__file__).parents[1] / "bourre_lessons"
    engine = ["game", "phases", "draw", "tricks", "renege", "hand_state", "actions"]
    source = "\n".join((package / f"{name}.py").read_text() for name in engine)
    raised = set(re.findall(r'"((?:glimne|wikipedia|pagat|dealer)-[a-z0-9-]+|draw)"', source))
    assert {"pagat-dealer-ace", "pagat-separate-trump", "wikipedia-seven", "draw"} <= raised
    assert raised <= set(known_rule_ids())
    for rule in known_rule_ids():
        assert rule_summary(rule).endswith(".")
    with pytest.raises(KeyError, match="known ids"):
        rule_summary("glimne-99")
