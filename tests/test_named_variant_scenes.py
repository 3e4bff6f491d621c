"""The variant scenes of lesson 08b (`scenes/named_variants.py`) and glimne's game for fun.

Each story is computed by the engine under whichever rulebook is chosen; these tests check, under
every preset, that what a caption says is what the engine did, and quote the seed passage the
scene teaches.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bourre_lessons import Rules
from bourre_lessons.rules import SOURCES
from bourre_lessons.scenes import catalogue, get
from bourre_lessons.scenes.named_variants import (
    EASY_WIN,
    MISPLAY_DEAL,
    NICE_PLAY,
    VARIANT_SCENES,
    double_ante_game,
    misplay_game,
)
from bourre_lessons.sources import entry_for_scene

VARIANT_IDS = [scene.id for scene in VARIANT_SCENES]


def _captions(scene_id: str, preset: str) -> list[str]:
    return [step.caption for step in get(scene_id).steps(preset)]


def test_the_variant_scenes_come_after_the_sources_examples_and_cite_their_variant():
    ids = list(catalogue())
    assert ids[-len(VARIANT_IDS) :] == VARIANT_IDS
    cited = {scene.id: entry_for_scene(scene.id, scene.citation).id for scene in VARIANT_SCENES}
    assert cited == {
        "pagat-double-ante": "pagat-double-ante",
        "pagat-double-ante-after-draw": "pagat-double-ante",
        "pagat-simultaneous": "pagat-simultaneous",
        "wikipedia-pot-limit": "wikipedia-pot-limit",
        "wikipedia-second-ante": "wikipedia-second-bet",
        "wikipedia-trump-anyway": "wikipedia-trump-anyway",
        "wikipedia-misplay": "wikipedia-misplay",
        "wikipedia-lay-down": "wikipedia-lay-down",
        "wikipedia-nice-play": "wikipedia-nice-play",
    }
    for scene in VARIANT_SCENES:
        assert "ours" in scene.note, scene.id


@pytest.mark.parametrize("preset", SOURCES)
def test_the_double_ante_story_charges_everyone_the_first_chip(preset):
    """pagat: "全てのプレイヤー(「ブーレイ」の罰符を支払ったり、前回のディールで「スプリットポット」
    となったプレイヤーも含みます。)は1枚目のアンティを通常通り支払います" -- every player, those who
    paid for a bourré or shared a split pot included, pays the first ante as usual."""
    steps = get("pagat-double-ante").steps(preset)
    assert steps[0].pot == 5
    assert steps[1].pot == 8, "B, D and A each put in the second chip with 'play'"
    assert "two rounds" in steps[2].caption
    assert steps[-1].caption.startswith("Next deal: all five put in the first chip again")
    if preset != "glimne":  # glimne has everyone ante anyway
        assert "B included" in steps[-1].caption


def test_the_double_ante_story_is_the_engines_hand():
    game = double_ante_game(Rules.preset("pagat"))
    assert (
        game.rules.double_ante
        and game.pot == 5
        and game.hand_record.antes == dict.fromkeys("BCDEA", 1)
    )


@pytest.mark.parametrize("preset", SOURCES)
def test_after_the_draw_a_dropped_player_loses_the_deal(preset):
    """pagat: "パスか2枚目のアンティを支払わないプレイヤーはこのディールでは負けになります" -- a
    player who passes or does not pay the second ante loses this deal."""
    steps = get("pagat-double-ante-after-draw").steps(preset)
    assert steps[1].pot == 5, "'play' costs nothing under this reading"
    assert "D does not like the new cards and drops out" in steps[3].caption
    assert steps[3].pot == 7
    assert "D " not in steps[4].caption.split(":")[1], "D is no longer in the hand"


@pytest.mark.parametrize("preset", SOURCES)
def test_the_fists_story_shows_the_dealer_choosing_blind(preset):
    """pagat: "全て同時に決定を公開します" -- all the decisions are revealed at the same time."""
    steps = get("pagat-simultaneous").steps(preset)
    assert "B closes a fist" in steps[1].detail and "says" not in steps[1].detail
    assert "all four are empty" in steps[2].caption and steps[2].pot == 4
    if preset == "pagat":
        assert "taken the pot of 4 at once (pagat dealer alone)" in steps[3].caption
    else:
        assert "heard three passes before choosing" in steps[3].caption
    assert "The fists open together: B and D play; C and A pass" in steps[4].detail
    lines = steps[4].detail.splitlines()
    draws = [line[0] for line in lines if "discards" in line or "keeps" in line]
    assert draws == ["B", "D"]


@pytest.mark.parametrize("preset", SOURCES)
def test_the_pot_limit_caps_the_payment_and_not_the_pot(preset):
    """wikipedia: "um limite de pote, que limita o valor total que um único bourré ou renegar
    pode custar a um determinado jogador" -- a pot limit caps what a single bourré or renege can
    cost a player. The figure is ours; the pot the winner takes is not capped."""
    steps = _captions("wikipedia-pot-limit", preset)
    pot = get("wikipedia-pot-limit").steps(preset)[0].pot
    assert f"C took no trick and pays {pot}" in steps[1]
    assert "C took no trick and pays 10" in steps[2] and "a figure of ours" in steps[2]
    assert f"A still takes the whole pot of {pot}" in steps[3]
    fixed = get("wikipedia-pot-limit").steps(replace(Rules.preset(preset), pot_limit=4))
    assert "pays 4" in fixed[2].caption and "this table's" in fixed[2].caption


@pytest.mark.parametrize("preset", SOURCES)
def test_the_second_ante_grows_the_pot_and_the_bourre(preset):
    """wikipedia: "Muitas variantes requerem uma aposta adicional neste ponto" -- many variants
    require an additional bet at this point."""
    steps = _captions("wikipedia-second-ante", preset)
    assert "the pot holds 8" in steps[1]
    assert "C took no trick and pays 8" in steps[2]
    assert "C took no trick and pays 5" in steps[3]


def test_trump_anyway_asks_a_trump_under_every_rulebook():
    """wikipedia: "exigem que um trunfo seja jogado de qualquer maneira" -- require a trump to be
    played anyway; the same cards without the variant allow any card (wikipedia 2)."""
    scene = get("wikipedia-trump-anyway")
    for preset in SOURCES:
        assert {c.code for c in scene.legal(preset)} == {"S2", "S4"}
    plain = get("wikipedia-2-cannot-win")
    assert len(plain.legal("wikipedia")) == 4


@pytest.mark.parametrize("preset", SOURCES)
def test_the_three_penalties_for_a_misplay(preset):
    """wikipedia: "As punições para o mau jogo variam de simples retração (bom para novos
    jogadores), retração e renegação ou apenas uma renegação, o que pode fazer com que o indivíduo
    que joga errado tente burrar um ou mais outros jogadores" -- penalties range from a simple
    retraction, retraction and renege, or a renege only, which can lead the misplayer to bourré
    one or more others."""
    rules = Rules.preset(preset)
    retract, both, stands = (
        misplay_game(rules, mode).hand_record.settlement
        for mode in ("retract", "retract_and_penalty", "penalty")
    )
    assert retract.payments == {} or "C" not in retract.payments
    assert "C" in both.payments and both.tricks == retract.tricks
    assert "C" in stands.payments and "B" in stands.bourred and "B" not in retract.bourred
    captions = _captions("wikipedia-misplay", preset)
    assert "the misplay has bourréd another player" in captions[3]
    assert "owes nothing" in captions[1]


def test_the_misplay_is_a_renege_of_wikipedia_1():
    game = misplay_game(Rules.preset("wikipedia"), "penalty")
    assert "C plays A♣" in game.transcript() and "breaks wikipedia-1" in game.transcript()
    assert set(MISPLAY_DEAL) == {"A", "B", "C"}


@pytest.mark.parametrize("preset", SOURCES)
def test_the_easy_win_is_laid_down_and_each_card_keeps_the_rules(preset):
    """wikipedia: "Se for certo que você vai ganhar, você deve ganhar imediatamente, colocando as
    cartas vencedoras todas de uma vez" -- if it is certain you will win, you must win at once,
    laying the winning cards down together."""
    steps = _captions("wikipedia-lay-down", preset)
    assert steps[2].startswith("Trick 2: you lead A♠") and steps[3].startswith(
        "Trick 3: you lead K♠"
    )
    assert steps[-1].startswith("You hold 3 tricks")


@pytest.mark.parametrize("preset", SOURCES)
@pytest.mark.parametrize("start", [EASY_WIN, NICE_PLAY], ids=["easy-win", "nice-play"])
def test_the_variant_hands_are_played_through_the_game_under_every_rulebook(start, preset):
    """The easy-win and nice-play hands are dealt and played by `Game`: the cards they show in
    hand are the game's, every card played so far was legal where it was played (the game's
    replay refuses any other), and the hand is for you: you have won every trick."""
    game = start.game(Rules.preset(preset))
    replayed = game.replayed(game.actions)
    assert replayed.actions == game.actions
    shown = start.held
    for player, cards in shown.items():
        assert set(game.cards_of(player)) == set(cards), player
    you = game.situation("You")
    assert you.tricks_won == 5 - len(shown["You"])
    assert game.to_act == "You"


@pytest.mark.parametrize("preset", SOURCES)
def test_no_nice_play_both_leads_are_legal_and_one_bourres_two(preset):
    """wikipedia: "os jogadores devem tentar burrar tantos outros jogadores quanto possível" --
    players must try to bourré as many other players as possible."""
    steps = _captions("wikipedia-nice-play", preset)
    assert "lead Q♣ or 2♣" in steps[0]
    assert "Tricks You 3, A 0, B 2" in steps[1] and "B took no trick" not in steps[1]
    assert "Tricks You 5, A 0, B 0" in steps[2] and "B took no trick" in steps[2]
    assert set(NICE_PLAY.held) == {"You", "A", "B"}


# --- glimne's game for fun -----------------------------------------------------------------------


def test_a_session_for_fun_stops_at_the_agreed_hands_or_a_bankruptcy():
    """glimne: "efter ett överenskommet antal händer (eller så snart en spelare gått bankrutt)
    ser man vem som just då har flest marker" -- after an agreed number of hands (or as soon as
    a player has gone bankrupt) you see who has the most chips at that moment."""
    from bourre_lessons.sim.variant_effects import ForFunTerms, for_fun_session

    full = for_fun_session(ForFunTerms(hands=30), seed=3)
    assert full.played == 30 and not full.bankrupt
    assert full.chips[-1].sum() + full.pots[-1] == 5 * 100
    assert full.winners == (int(full.chips[-1].argmax()),)
    broke = for_fun_session(ForFunTerms(hands=60), seed=5)
    assert broke.bankrupt and broke.played < 60
    assert (broke.chips[-1][list(broke.bankrupt)] <= 0).all()
    assert (broke.chips[:-1] > 0).all(), "the session stops after the first bankruptcy"
    assert "no chips left" in broke.ending()
    with pytest.raises(ValueError, match="at least one hand"):
        ForFunTerms(hands=0)


def test_one_set_of_terms_serves_a_session_and_the_odds():
    """What the players agree on (`ForFunTerms`) is made once: the odds play sessions on the
    very terms a single session takes, seeds counted up from the one given."""
    from bourre_lessons.sim.variant_effects import ForFunTerms, for_fun_odds, for_fun_session

    terms = ForFunTerms(players=4, hands=12, bankroll=20, bots="random")
    odds = for_fun_odds(3, terms, seed=7)
    assert odds.terms is terms
    lengths = [for_fun_session(terms, seed).played for seed in (7, 8, 9)]
    assert odds.hands_played.value == pytest.approx(sum(lengths) / 3)
    assert "4 players, 20 chips each, 12 hands agreed (random bots" in odds.to_text()


def test_the_for_fun_scene_steps_through_the_session():
    from bourre_lessons.widgets.variants_lesson import for_fun_scene, source_words

    scene = for_fun_scene(hands=30, seed=3)
    steps = scene.steps("glimne")
    assert steps[0].caption.startswith("5 players sit down with 100 chips each")
    assert steps[-1].caption.startswith("The 30 agreed hands are played")
    assert len(steps) == 8
    words = source_words("glimne for fun", "glimne english deal")
    assert "engelsk giv" in repr(words) and "100 enheter" in repr(words)
    assert "bourre-source-chip" in words._repr_html_()
    with pytest.raises(KeyError):
        source_words("glimne 11")


def test_show_for_fun_gives_the_scene_its_settings_and_the_view_the_rest():
    from bourre_lessons.widgets.variants_lesson import for_fun_scene, show_for_fun

    view = show_for_fun(hands=30, seed=3, every=10, four_colour=True)
    shown = [step.caption for step in view.scene.steps("glimne")]
    assert shown == [
        step.caption for step in for_fun_scene(hands=30, seed=3, every=10).steps("glimne")
    ]
    assert len(shown) == 5  # the start, after 10 and 20 hands, after the 30th, the ending
    assert view.four_colour.value is True
    with pytest.raises(TypeError):
        show_for_fun(hands=30, colour="four")
