"""The corrections of the source audit, each checked against the sentence of its seed.

Each test quotes the passage it checks in the source's own language, with our translation, and
names the source and rule (docs/rules.md gives the full reading). Readable engine and fast core
alike: money is checked through `settle` and through `simulate`'s compiled settlement.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from bourre_lessons import Situation, explain, legal_plays
from bourre_lessons.game import Game, GameError
from bourre_lessons.play import cite, known_rule_ids, rule_id, rule_summary
from bourre_lessons.rules import PRESETS, SOURCES
from bourre_lessons.settle import settle

GLIMNE, WIKIPEDIA, PAGAT = PRESETS["glimne"], PRESETS["wikipedia"], PRESETS["pagat"]


# --- 1. pot limit (wikipedia variants) ----------------------------------------------------------


@pytest.mark.parametrize("preset", SOURCES)
def test_pot_limit_caps_one_bourre_not_the_winners_take(preset):
    """wikipedia, Variações: "limite de pote, que limita o valor total que um único bourré ou
    renegar pode custar a um determinado jogador" (a pot limit, which caps the total that a
    single bourré or renege can cost a given player). The winner still takes the whole pot."""
    rules = replace(PRESETS[preset], pot_limit=20)
    result = settle(50, {"A": 3, "B": 2, "C": 0}, rules, renegers=["B"])
    assert dict(result.payments) == {"B": 20, "C": 20}
    assert result.winner == "A"
    extra = 40 if rules.bourre_paid_to == "winner" else 0
    assert result.taken == 50 + extra
    assert result.pot_carried == 50 + 40 - result.taken


def test_no_preset_has_a_pot_limit():
    """pagat has no pot limit; wikipedia names it only as a variant."""
    assert all(PRESETS[s].pot_limit is None for s in SOURCES)


def test_the_fast_core_caps_payments_but_not_the_take():
    """The compiled settlement follows the same wikipedia variant as `settle`."""
    from bourre_lessons.sim.simulation import simulate

    rules = replace(PAGAT, pot_limit=4)
    r = simulate(3000, 5, rules, "heuristic", seed=5)
    won = r.winner >= 0
    assert r.payments.max() <= 4
    assert np.array_equal(r.taken[won], r.pot_played[won])
    assert r.taken.max() > 4, "some pot should grow past the limit and be taken whole"


# --- 2. the dealer may discard the turned card --------------------------------------------------


@pytest.mark.parametrize("preset", SOURCES)
def test_no_preset_forbids_discarding_the_turned_card(preset):
    """glimne: "Svaret får vara vad som helst från noll ... till fem" (the answer may be
    anything from none to five); wikipedia: "Eles podem pegar qualquer número de zero a cinco"
    (they may take any number from zero to five); pagat: "そのカードをディーラーが捨てるという
    非常に変わった場合を除いて" (except in the very unusual case that the dealer discards that
    card): unusual, not forbidden."""
    assert PRESETS[preset].dealer_may_discard_trump_card is True


def test_the_house_rule_refusal_names_the_switch_and_no_source():
    rules = replace(GLIMNE, dealer_may_discard_trump_card=False)
    game = Game(rules, 3, seed=6, actions=["play", "play", "play", "keep", "keep"])
    assert game.to_act == game.hand_record.dealer
    with pytest.raises(GameError) as error:
        game.apply(f"discard {game.trump_card.code}")
    assert "house rule" in str(error.value) and "no source forbids it" in str(error.value)
    assert "only pagat" not in str(error.value)


# --- 3. where a bourré payment goes ---------------------------------------------------------------


def test_glimne_literal_reading_the_winner_takes_the_pot_and_the_payment():
    """glimne, Betalning: "måste lägga lika mycket som just då ligger i potten (varefter potten
    går till vinnaren, eller ligger kvar om blev oavgjort)" (must put in as much as the pot holds
    just then, after which the pot goes to the winner, or stays if it was a tie)."""
    result = settle(10, {"A": 3, "B": 2, "C": 0}, GLIMNE)
    assert result.payments == {"C": 10}
    assert (result.winner, result.taken, result.pot_carried) == ("A", 20, 0)


@pytest.mark.parametrize("preset", ["wikipedia", "pagat"])
def test_pagat_and_wikipedia_the_payment_builds_the_next_pot(preset):
    """wikipedia: "deve igualar o pote para a próxima rodada" (must match the pot for the next
    round); pagat: "ポットの一部となったこの支払いは次のディールのために残ります" (this payment,
    now part of the pot, stays for the next deal)."""
    result = settle(10, {"A": 3, "B": 2, "C": 0}, PRESETS[preset])
    assert (result.winner, result.taken, result.pot_carried) == ("A", 10, 10)


@pytest.mark.parametrize("paid_to", ["next_pot", "winner"])
def test_glimnes_split_pot_example_is_the_same_under_both_readings(paid_to):
    """glimne's worked example: "Sex spelare, fyra bestämde sig för att gå med ... 6+4=10 ...
    sticken fördelade sig 2-2-1-0 ... Det ligger därefter 20 kronor där, och inför nästa hand
    fyller alla på med en ny ante så att det nu ligger 26" (six players, four play, 10 in the
    pot, tricks 2-2-1-0; then 20, and with everyone's new ante 26)."""
    rules = replace(GLIMNE, bourre_paid_to=paid_to)
    result = settle(10, {"A": 2, "B": 2, "C": 1, "D": 0}, rules)
    assert result.winner is None and result.pot_carried == 20
    assert result.pot_carried + 6 - len(result.skips_next_ante) == 26


def test_the_fast_core_pays_the_winner_under_glimnes_reading():
    from bourre_lessons.sim.simulation import simulate

    r = simulate(3000, 5, GLIMNE, "heuristic", seed=8)
    won = r.winner >= 0
    paid = r.payments.sum(axis=1)
    assert np.any(paid[won] > 0), "some hand with a winner should have a bourré"
    assert np.array_equal(r.taken[won], r.pot_played[won] + paid[won])


def test_the_switch_refuses_other_values():
    with pytest.raises(ValueError, match="next_pot, winner"):
        replace(PAGAT, bourre_paid_to="loser")


# --- 4. glimne's cinch rules are a local variant --------------------------------------------------


def test_glimnes_preset_has_no_cinch_and_its_variant_is_strict():
    """glimne: "Det finns många lokala varianter av bourré ... Bland de vanligaste är
    ”cinch”-reglerna" (there are many local variants of bourré; among the most common are the
    cinch rules). The preset plays glimne's base rules; `strict` is the named variant."""
    assert GLIMNE.cinch == "off"
    lead = Situation(hand="SA S4 H9 D2 C3", trump="S")  # the trump ace on lead
    assert legal_plays(lead, GLIMNE) == frozenset(lead.hand)
    strict = replace(GLIMNE, cinch="strict")
    assert {c.code for c in legal_plays(lead, strict)} == {"SA"}
    assert explain(lead, "H9", strict).rule_id == "glimne-cinch"


def test_pagats_fourth_trick_lead_is_pagats_own_cinch_rule():
    """pagat: "あなたが最初に3トリック取得するならば ... 残りの1枚を使って4回目のトリックの
    リードを開始しなければなりません" (if you take the first three tricks, the sure-win rule
    still applies: lead your remaining trump to the fourth trick)."""
    s = Situation(hand="S4 HK", trump="S", seen="SA H2 H3 SK D2 D3 SQ C2 C3", tricks_won=3)
    assert {c.code for c in legal_plays(s, PAGAT)} == {"S4"}
    assert explain(s, "HK", PAGAT).rule_id == "pagat-cinch"


# --- 5. glimne's player count is a recommendation ---------------------------------------------------


def test_glimnes_two_to_six_is_a_recommendation():
    """glimne: "Lämpligt antal spelare är 2-6" (a suitable number of players is 2-6): advice,
    not a limit, so the preset seats as many as the engine deals (8)."""
    assert GLIMNE.max_players == 8
    game = Game(GLIMNE, 8, seed=1)
    assert len(game.players) == 8


# --- 13. a verdict cites the chosen rulebook's own rule -------------------------------------------


def test_a_wikipedia_verdict_cites_wikipedia():
    """wikipedia 2: "Você deve jogar um trunfo se não tiver cartas do naipe" (you must play a
    trump if you have no card of the suit): under wikipedia the verdict cites wikipedia 2, not
    pagat."""
    s = Situation(hand="S4 SJ DK", trump="S", trick="H6")
    verdict = explain(s, "DK", WIKIPEDIA)
    assert not verdict.legal and verdict.rule_id == "wikipedia-2"
    assert "no rule of its own" not in verdict.reason


def test_where_the_chosen_source_is_silent_the_verdict_says_whom_it_follows():
    """wikipedia has no "beat the highest card" rule for following suit (its rule 1 only asks
    you to follow); the engine follows pagat 3 there and says so."""
    s = Situation(hand="H4 HJ", trump="S", trick="H7 HT", players_after=1)
    verdict = explain(s, "H4", WIKIPEDIA)
    assert not verdict.legal and verdict.rule_id == "pagat-3"
    assert "wikipedia has no rule of its own here; the engine follows pagat 3" in verdict.reason
    assert explain(s, "H4", GLIMNE).rule_id == "glimne-2"
    assert explain(s, "H4", PAGAT).rule_id == "pagat-3"


@pytest.mark.parametrize("preset", SOURCES)
def test_every_concept_cites_the_presets_own_rule_or_says_it_is_silent(preset):
    from bourre_lessons.play import CONCEPT_CITATIONS, silence_note

    rules = PRESETS[preset]
    for concept, cites in CONCEPT_CITATIONS.items():
        rule = rule_id(concept, rules)
        assert rule in known_rule_ids() and rule_summary(rule).endswith(".")
        if preset in cites:
            assert rule == cites[preset] and silence_note(concept, rules) == ""
        else:
            assert f"follows {cite(rule)}" in silence_note(concept, rules)


def test_citations_read_with_a_space():
    assert cite("glimne-5") == "glimne 5"
    assert cite("pagat-cinch") == "pagat cinch"
    assert cite("laws-46B2") == "laws 46B2"
    assert cite("lead") == "lead"


def test_under_glimnes_reading_a_winning_reneger_does_not_get_their_penalty_back():
    """glimne: "Samma straff ... tilldöms också en spelare som brutit mot någon av de ovanstående
    reglerna" (the same penalty is given to a player who broke one of the rules above). If the
    winner took their own penalty back it would be no penalty: it stays in the pot, while
    another player's bourré still goes to the winner (an engine decision; glimne is silent)."""
    result = settle(10, {"A": 3, "B": 2, "C": 0}, GLIMNE, renegers=["A"])
    assert result.payments == {"A": 10, "C": 10}
    assert (result.taken, result.pot_carried) == (20, 10)
    assert result.net("A") == 10


def test_the_advisor_counts_the_winners_take_as_the_rulebook_does():
    """The advisor's chips per deal follow settle(): a pot limit caps only the bourré payment
    (wikipedia variant), and under glimne's reading the winner also takes the others' payments."""
    from bourre_lessons.sim.hand_chips import chips_of

    declared = np.array([[1, 1, 1, 0]])  # seats 0-2 played, seat 3 passed
    tricks = np.array([[3, 2, 0, 0]])
    due = np.ones(4, dtype=bool)  # every second ante still to come
    for rules in (PAGAT, replace(PAGAT, pot_limit=2), GLIMNE, replace(GLIMNE, pot_limit=2)):
        pot_end = 4 + (3 if rules.pays_second_ante else 0)  # four antes (+ second antes)
        expected = settle(pot_end, {"A": 3, "B": 2, "C": 0}, rules)
        you_win = chips_of(declared, tricks, 0, 4, due, rules)["chips"][0]
        second = 1 if rules.pays_second_ante else 0
        assert you_win == expected.taken - second, rules
        bourred = chips_of(declared, tricks, 2, 4, due, rules)["chips"][0]
        assert bourred == -expected.payments["C"] - second, rules
