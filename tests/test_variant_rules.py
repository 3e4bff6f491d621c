"""pagat's double ante and simultaneous declaration, as the engine plays them (lesson 08b).

Each test quotes the seed (pagat, Japanese) with our translation. The double ante's text is
terse about when the second chip goes in, so the engine has both readings
(`Rules.double_ante_round`); simultaneous declaration keeps every choice in a closed fist until
the last player has chosen.
"""

from __future__ import annotations

import dataclasses

import pytest

from bourre_lessons import Game, Rules
from bourre_lessons.game import IllegalAction, UnreadableAction
from bourre_lessons.sources import entry

PAGAT = Rules.preset("pagat")
DOUBLE = dataclasses.replace(PAGAT, double_ante=True)
AFTER_DRAW = dataclasses.replace(DOUBLE, double_ante_round="after_draw")
FISTS = dataclasses.replace(PAGAT, simultaneous_declaration=True)
NO_ACE = {"turned": "H9"}


def _keep_all(game: Game) -> None:
    while game.phase == "draw":
        game.apply("keep")


# --- the double ante -------------------------------------------------------------------------


def test_the_double_ante_quotes_are_the_seeds():
    """The register holds the passage these tests rest on."""
    quote = " ".join(entry("pagat-double-ante").quote)
    assert "パスか2枚目のアンティを支払わないプレイヤーはこのディールでは負けになります" in quote
    assert "2つのラウンドに分けてゲームを行います" in quote


def test_under_the_double_ante_everyone_pays_the_first_chip_even_after_a_bourre():
    """pagat: "ダブルアンティゲームにおいては、全てのプレイヤー(「ブーレイ」の罰符を支払ったり、
    前回のディールで「スプリットポット」となったプレイヤーも含みます。)は1枚目のアンティを通常通り
    支払います" -- in the double-ante game every player (those who paid for a bourré or shared a
    split pot in the previous deal included) pays the first ante as usual."""
    for rules, skips in ((PAGAT, True), (DOUBLE, False)):
        game = Game(rules, 4, seed=2)
        while game.phase != "settled":
            game.apply(game.legal_actions()[0])
        settled = game.hand_record.settlement
        assert settled is not None and settled.bourred, "the chosen seed has a bourré"
        game.apply("deal")
        antes = game.hand_record.antes
        bourred = [p for p in settled.bourred if p in game.hand_record.seats]
        assert bourred
        for player in bourred:
            assert (player not in antes) is skips, (rules.double_ante, antes)


def test_with_play_the_second_chip_goes_in_with_the_word_play():
    """pagat: "さらに追加で、ポットへ追加1枚のチップを支払うかを決めます。パスか2枚目のアンティを
    支払わないプレイヤーはこのディールでは負けになります" -- each then decides whether to put one
    more chip in the pot; a player who passes or does not pay the second ante loses this deal.
    Read as one decision: 'play' pays the second chip, 'pass' pays none and loses the first."""
    game = Game(DOUBLE, 4, deal=NO_ACE)
    assert game.pot == 4
    game.play("play", "pass", "play", "play")
    assert game.pot == 4 + 3
    assert "B says play and puts in a second ante" in game.transcript()
    assert game.phase == "draw" and game.to_act == "B"  # two rounds: the draw comes after
    assert game.bankrolls["C"] == 99  # the passer lost the first chip, nothing more


def test_after_the_draw_a_second_round_asks_each_player_for_the_second_chip():
    """pagat: "全てのプレイヤーが宣言した後、"プレイ" を行う事に決めて、望むなら捨て札の交換を
    行った後に、2ラウンド目が開始されます" -- after everyone has declared, and the players who
    play have exchanged cards if they wish, the second round begins. Read literally
    (double_ante_round="after_draw"): 'play' costs nothing more, and the second chip is asked for
    after the draw."""
    game = Game(AFTER_DRAW, 4, deal=NO_ACE)
    game.play("play", "pass", "play", "play")
    assert game.pot == 4, "no chip with 'play' under this reading"
    _keep_all(game)
    assert game.phase == "ante" and game.to_act == "B"
    assert game.legal_actions() == ["pay", "drop"]
    assert "second round of the double ante" in game.transcript()
    game.play("pay", "drop", "pay")
    assert game.phase == "play" and game.pot == 6
    record = game.hand_record
    assert record.dropped == {"D"} and record.active == ["B", "A"]
    assert "D" not in game.tricks_won


def test_a_player_who_drops_loses_the_deal_and_pays_no_bourre():
    """pagat: "パスか2枚目のアンティを支払わないプレイヤーはこのディールでは負けになります" -- a
    player who passes or does not pay the second ante loses this deal: the first chip stays in
    the pot, and, out of the hand, the player can neither take the pot nor be bourréd."""
    game = Game(AFTER_DRAW, 4, deal=NO_ACE)
    game.play("play", "play", "play", "play")
    _keep_all(game)
    game.play("pay", "drop", "pay", "pay")
    while game.phase != "settled":
        game.apply(game.legal_actions()[0])
    settled = game.hand_record.settlement
    assert settled is not None and "C" not in settled.tricks and "C" not in settled.payments
    assert game.bankrolls["C"] == 99


def test_when_only_one_pays_the_second_chip_that_player_takes_the_pot_without_play():
    """pagat's lone player ("ただ1人のプレイヤーが "プレイ" を選択した ... 場合は、その1人のプレイヤ
    ーは、5トリック全てに勝利したと見なします" -- if only one player plays, that player is taken to
    have won all five tricks) applies to the one player left after the second round; when
    nobody pays, the pot stays."""
    game = Game(AFTER_DRAW, 4, deal=NO_ACE).play("play", "pass", "play", "pass")
    _keep_all(game)
    game.play("pay", "drop")
    assert game.phase == "settled" and game.hand_record.settlement.winner == "B"
    assert "Only B is still in" in game.transcript()
    nobody = Game(AFTER_DRAW, 4, deal=NO_ACE).play("play", "pass", "play", "pass")
    _keep_all(nobody)
    nobody.play("drop", "drop")
    assert nobody.phase == "settled" and nobody.pot == 4
    assert nobody.hand_record.settlement is None


def test_a_dealer_who_turned_an_ace_may_not_drop_out():
    """pagat: "表向きの切り札のカードがエースならば、ディーラーは強制的に "プレイ" を行わなければ
    なりません" -- a dealer who turned an ace must play; the engine reads that as paying the
    second chip too."""
    game = Game(AFTER_DRAW, 4, deal={"turned": "HA"}).play("play", "pass", "pass", "play")
    _keep_all(game)
    game.apply("pay")
    assert game.to_act == "A" and game.legal_actions() == ["pay"]
    with pytest.raises(IllegalAction, match="may not drop out") as refused:
        game.apply("drop")
    assert refused.value.rule_id == "pagat-dealer-ace"


def test_the_second_round_refuses_other_actions_and_the_words_take_nothing_after_them():
    game = Game(AFTER_DRAW, 4, deal=NO_ACE).play("play", "play", "play", "play")
    _keep_all(game)
    with pytest.raises(IllegalAction, match="'pay' or 'drop'") as refused:
        game.apply("pass")
    assert refused.value.alternatives == ("pay", "drop")
    with pytest.raises(UnreadableAction, match="takes nothing after it"):
        game.apply("pay 2")
    early = Game(AFTER_DRAW, 4, deal=NO_ACE)
    with pytest.raises(IllegalAction, match="is not a declaration"):
        early.apply("pay")
    with_play = Game(DOUBLE, 4, deal=NO_ACE).play("play", "play", "play", "play")
    _keep_all(with_play)
    assert with_play.phase == "play", "with 'play' there is no second round"


def test_the_reading_switch_only_matters_with_the_double_ante():
    plain = dataclasses.replace(PAGAT, double_ante_round="after_draw")
    assert not plain.second_chip_after_draw and AFTER_DRAW.second_chip_after_draw
    game = Game(plain, 4, deal=NO_ACE).play("play", "keep", "play", "keep", "play", "keep")
    game.apply("play")
    game.apply("keep")
    assert game.phase == "play"
    with pytest.raises(ValueError, match="double_ante_round='later' is not accepted"):
        dataclasses.replace(PAGAT, double_ante_round="later")


# --- simultaneous declaration ----------------------------------------------------------------


def test_simultaneous_choices_stay_in_closed_fists_until_the_last_is_made():
    """pagat: "全てのプレイヤーは "プレイ" か "パス" かを同時に決めます。"プレイ" を望むなら1枚の
    チップを拳に握ります。"パス" を望むなら拳の中は空です。全て同時に決定を公開します" -- every
    player decides play or pass at the same time: a chip in the fist to play, an empty fist to
    pass; all the decisions are shown at once. Until then nothing the table can read tells a
    choice: not the transcript, not the hand record, not the hands."""
    game = Game(FISTS, 4, deal=NO_ACE)
    game.play("play", "pass", "play")
    assert game.hand_record.declared == {}
    assert "says" not in game.transcript() and "pass" not in game.transcript().split("fist")[-1]
    assert all(len(game.cards_of(p)) == 5 for p in game.players), "no hand laid down yet"
    assert game.phase == "declare" and game.to_act == "A"
    game.apply("play")
    assert game.hand_record.declared == {"B": True, "C": False, "D": True, "A": True}
    assert "The fists open together: B, D and A play; C passes" in game.transcript()


def test_after_the_fists_open_the_players_who_play_draw_in_the_usual_order():
    """pagat: ""プレイ" することに決めたプレイヤーのみ通常通りディーラーの左隣から時計回りに捨て札
    を行っていきます" -- only the players who chose play then discard, as usual, clockwise from
    the dealer's left."""
    game = Game(FISTS, 4, deal=NO_ACE).play("pass", "play", "pass", "play")
    assert game.phase == "draw" and game.to_act == "C"
    game.apply("keep")
    assert game.to_act == "A"


def test_a_second_ante_is_paid_when_the_fists_open():
    """Where the rules ask a second chip with 'play' (the double ante), it goes in when the fists
    open, so the pot tells nothing before."""
    rules = dataclasses.replace(FISTS, double_ante=True)
    game = Game(rules, 4, deal=NO_ACE).play("play", "pass", "play")
    assert game.pot == 4
    game.apply("pass")
    assert game.pot == 6 and "B and D each put in a second ante" in game.transcript()


def test_a_dealer_who_turned_an_ace_is_refused_an_empty_fist_at_once():
    game = Game(FISTS, 4, deal={"turned": "HA"}).play("pass", "pass", "pass")
    with pytest.raises(IllegalAction, match="may not pass"):
        game.apply("pass")
    game.apply("play")
    assert game.hand_record.declared["A"] is True


# --- wikipedia's trump anyway ----------------------------------------------------------------


def test_trump_anyway_under_wikipedia_cites_the_variant_not_rule_2():
    """wikipedia 2: "Se você não pode "jogar para ganhar", então não é necessário jogar um trunfo
    que não pode vencer a rodada" (if you cannot play to win, you need not play a trump that
    cannot win); its variant: "Algumas variantes substituem a regra "jogue para ganhar" e exigem
    que um trunfo seja jogado de qualquer maneira" (some variants replace "play to win" and
    require a trump anyway). A verdict under wikipedia with the variant on cites the variant."""
    from bourre_lessons import Situation, explain

    anyway = dataclasses.replace(Rules.preset("wikipedia"), trump_when_cannot_win=True)
    situation = Situation(hand=("S2", "S4", "D5", "C9"), trump="S", trick=("H8", "SK"))
    refused = explain(situation, "D5", anyway)
    assert not refused.legal and refused.rule_id == "wikipedia-trump-anyway"
    allowed = explain(situation, "D5", Rules.preset("wikipedia"))
    assert allowed.legal and allowed.rule_id == "wikipedia-2"


# --- who owes a second ante: written once, in settle -------------------------------------------


@pytest.mark.parametrize(
    ("preset", "switch"), [("glimne", {}), ("pagat", {"double_ante": True}), ("pagat", {})]
)
def test_second_antes_are_one_chip_from_each_player_who_plays_where_the_rules_ask_it(
    preset, switch
):
    """glimne: "den som vill vara med lägger in ytterligare en ante i potten" -- a player who
    wants to play puts another ante into the pot. pagat's double ante: "さらに追加で、ポットへ
    追加1枚のチップを支払うかを決めます" -- and then decides whether to put one more chip in the
    pot. Plain pagat asks none. The game pays exactly what `settle.second_antes` says."""
    from bourre_lessons.settle import second_antes

    rules = dataclasses.replace(Rules.preset(preset), **switch)
    owed = second_antes(["B", "D"], rules)
    assert owed == ({"B": 1, "D": 1} if rules.pays_second_ante else {})
    game = Game(rules, 4, seed=3, deal=NO_ACE)
    before = game.pot
    words = iter(("play", "pass", "play", "pass"))
    while game.phase != "play":
        game.apply({"declare": None, "draw": "keep", "ante": "pay"}[game.phase] or next(words))
    playing = game.hand_record.active
    assert game.pot - before == sum(second_antes(playing, rules).values())


@pytest.mark.parametrize(
    "switch",
    [{}, {"double_ante": True}, {"double_ante": True, "double_ante_round": "after_draw"}],
    ids=["plain", "double-ante", "double-ante-after-draw"],
)
@pytest.mark.parametrize("preset", ["glimne", "wikipedia", "pagat"])
@pytest.mark.parametrize("seed", range(4))
def test_the_pot_at_play_is_the_games_pot_when_the_cards_are_played(preset, switch, seed):
    """`settle.pot_at_play` (the stories' and set 2's pot) adds the antes and second antes as
    the game puts them in: on seeded first hands, the game's pot when the first card is due."""
    from bourre_lessons.settle import pot_at_play

    rules = dataclasses.replace(Rules.preset(preset), **switch)
    game = Game(rules, 5, seed=seed)
    words = {"draw": "keep", "ante": "pay"}
    while game.phase not in ("play", "settled"):
        says = "play" if game.to_act in game.players[1::2] or game.to_act == "A" else "pass"
        game.apply(words.get(game.phase, says))
    assert game.phase == "play", "B and D pass, A, C and E play: the cards are played"
    assert game.pot == pot_at_play(0, game.players, game.hand_record.active, rules)
