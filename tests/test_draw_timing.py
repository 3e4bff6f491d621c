"""Play or pass and the draw: one round (pagat's base text, as the course reads it) or two.

The three sources, in their own words:

glimne: "Alla studerar nu sina 5 kort ... och bestämmer sig i medsols ordning för att antingen
vara med och spela, eller för att lägga sig." (Everyone now studies their five cards and
decides, clockwise, either to take part and play or to drop out.) Then: "Nu frågar given alla
de spelare som bestämt sig för att vara med (också i medsols ordning bordet runt) hur många kort
de vill ”köpa”." (Now the dealer asks every player who has decided to take part, also clockwise
round the table, how many cards they want to "buy".) Two rounds.

wikipedia: "Uma vez que cada jogador tenha declarado a intenção, o dealer pergunta aos que ainda
estão no jogo (na mesma ordem de antes) quantas novas cartas eles desejam." (Once every player
has declared their intention, the dealer asks those still in the game, in the same order as
before, how many new cards they want.) Two rounds.

pagat, Draw and pass: "ディーラーの左隣から始めて時計回りに全てのプレイヤーは “プレイ” か “パス”
かを宣言しなければいけません。もし “プレイ” を宣言したならば、何枚か捨て札に出来ます。"
(Starting on the dealer's left and going clockwise, every player must declare play or pass. If
you declared play, you may discard some cards.) And: "“プレイ” を宣言したならば、手札を何枚か
裏向きに捨て札にして、その枚数を宣言してください。ディーラーはそのプレイヤーに山札から代わりの
カードを同数配る必要があります。" (If you declared play, discard some cards face down and say
how many. The dealer must deal that player as many replacement cards from the stock.) Its
offence: "自分の手番が来る前に、早まって宣言をしたり、“プレイ” や “パス” を行おうとするような
仕草をしたり、捨てカードの枚数を仄めかしたりしないでください。" (Before your turn comes, do not
declare early, make as if to play or pass, or hint at the number of cards you will discard.)
The text is terse: it never says whether everyone declares before anyone draws. The course
reads it as one round (a player who says play discards in that same turn, which is when the
number of discards is announced, so hinting it before your turn is the offence); the other
reading is two rounds, as glimne and wikipedia have it.

pagat, Double ante: "“プレイ”をするかどうかやカードを配る枚数に関わらず、2つのラウンドに分けて
ゲームを行います。初めに全てのプレイヤーは “プレイ(2枚のアンティの内の1枚目を支払います)” か
“パス” かを順番に宣言します。" (Whatever one's play or the number of cards dealt, the game is
played in two rounds. First every player in turn declares play, paying the first of the two
antes, or pass.) "全てのプレイヤーが宣言した後、“プレイ” を行う事に決めて、望むなら捨て札の交換を
行った後に、2ラウンド目が開始されます。" (After every player has declared, those who decided
to play exchange their discards if they wish, and then the second round begins.) Two rounds.

pagat, Simultaneous declaration: "“プレイ” することに決めたプレイヤーのみ通常通りディーラーの
左隣から時計回りに捨て札を行っていきます。" (Only the players who decided to play then discard,
as usual, clockwise from the dealer's left.) Two rounds.
"""

from __future__ import annotations

import dataclasses

import pytest

from bourre_lessons import DECK, Rules
from bourre_lessons.game import Game, IllegalAction
from bourre_lessons.play import known_rule_ids, rule_summary
from bourre_lessons.seat_view import transcript_for

PAGAT, GLIMNE, WIKIPEDIA = (Rules.preset(s) for s in ("pagat", "glimne", "wikipedia"))
TWO_ROUND_PAGAT = dataclasses.replace(PAGAT, draw_timing="after_declarations")


def _throw(game: Game, count: int) -> str:
    """The draw action of the player to act: throw away its first `count` cards."""
    cards = game.cards_of(game.to_act)[:count]
    return "discard " + " ".join(c.code for c in cards) if cards else "keep"


# --- the presets -------------------------------------------------------------------------------


def test_glimne_and_wikipedia_declare_first_and_pagat_is_read_as_one_round():
    """glimne ("Nu frågar given alla de spelare som bestämt sig för att vara med ... hur många
    kort de vill köpa") and wikipedia ("Uma vez que cada jogador tenha declarado a intenção, o
    dealer pergunta aos que ainda estão no jogo") draw once everyone has declared; pagat's base
    text ("もし “プレイ” を宣言したならば、何枚か捨て札に出来ます") is read as one round."""
    assert GLIMNE.draw_timing == WIKIPEDIA.draw_timing == "after_declarations"
    assert PAGAT.draw_timing == "same_turn" and Rules().draw_timing == "same_turn"
    assert PAGAT.draws_in_turn and not GLIMNE.draws_in_turn and not WIKIPEDIA.draws_in_turn


def test_pagats_double_ante_and_simultaneous_declaration_are_two_rounds():
    """pagat's double ante ("2つのラウンドに分けてゲームを行います" ... "全てのプレイヤーが宣言した
    後 ... 捨て札の交換を行った後に") and its simultaneous declaration ("“プレイ” することに決めた
    プレイヤーのみ通常通り ... 捨て札を行っていきます") draw after every declaration, whatever
    draw_timing says."""
    for variant in ({"double_ante": True}, {"simultaneous_declaration": True}):
        rules = dataclasses.replace(PAGAT, **variant)
        assert rules.draw_timing == "same_turn" and not rules.draws_in_turn
        game = Game(rules, 4, deal={"turned": "H9"}).play("play")
        assert game.phase == "declare" and game.to_act == "C"
    double = Game(dataclasses.replace(PAGAT, double_ante=True), 4, deal={"turned": "H9"})
    double.play("play", "pass", "play", "play")
    assert double.phase == "draw" and double.to_act == "B"


# --- one round ---------------------------------------------------------------------------------


def test_in_one_round_a_player_who_says_play_draws_before_the_next_player_speaks():
    """pagat ("“プレイ” を宣言したならば、手札を何枚か裏向きに捨て札にして、その枚数を宣言して
    ください"): B says play and draws; C passes; D says play and draws; the dealer A says play and
    draws; then B leads. The transcript tells it in that order."""
    game = Game(PAGAT, 4, seed=5)
    order = []
    while game.phase in ("declare", "draw"):
        order.append((game.to_act, game.phase))
        if game.phase == "declare":
            game.apply("pass" if game.to_act == "C" else "play")
        else:
            game.apply(_throw(game, 2))
    assert order == [
        ("B", "declare"),
        ("B", "draw"),
        ("C", "declare"),
        ("D", "declare"),
        ("D", "draw"),
        ("A", "declare"),
        ("A", "draw"),
    ]
    assert game.phase == "play" and game.to_act == "B"
    lines = game.transcript().splitlines()
    said = [x.split()[:2] for x in lines if x.split()[1:2] in (["says"], ["discards"])]
    assert said == [
        ["B", "says"], ["B", "discards"], ["C", "says"], ["D", "says"], ["D", "discards"],
        ["A", "says"], ["A", "discards"],
    ]  # fmt: skip


def test_in_two_rounds_everyone_declares_before_the_first_draw():
    """glimne and wikipedia: every player declares, then the players in draw in the same order."""
    for rules in (GLIMNE, WIKIPEDIA, TWO_ROUND_PAGAT):
        game = Game(rules, 4, seed=5).play("play", "pass", "play")
        assert game.phase == "declare" and game.to_act == "A"
        game.apply("play")
        assert game.phase == "draw" and game.to_act == "B"
        game.play("keep", "keep")
        assert game.to_act == "A" and game.phase == "draw"


def test_a_later_speaker_hears_each_earlier_draw_count_in_one_round_only():
    """What a seat may know when it declares: in one round, how many cards each earlier player
    threw away (never which); in two rounds, only the words."""
    one = Game(PAGAT, 4, seed=5).play("play")
    one.apply(_throw(one, 3))
    one.play("pass", "play")
    one.apply(_throw(one, 1))
    shown = transcript_for(one, "A").splitlines()
    assert one.to_act == "A" and one.phase == "declare"
    assert "B throws away 3 cards and draws 3" in shown
    assert "D throws away 1 card and draws 1" in shown
    two = Game(GLIMNE, 4, seed=5).play("play", "pass", "play")
    assert not [x for x in transcript_for(two, "A").splitlines() if "throws away" in x]


def test_an_action_out_of_order_is_refused_naming_the_rule_and_changes_nothing():
    """One round: after B's play it is B's draw, not C's word. Two rounds: no draw before every
    player has declared. Both refusals carry rule id draw-timing and say which order applies."""
    game = Game(PAGAT, 4, seed=5).play("play")
    before = game.transcript()
    with pytest.raises(IllegalAction) as refused:
        game.apply("pass")
    assert refused.value.rule_id == "draw-timing"
    assert "same turn" in str(refused.value) and "draw_timing='same_turn'" in str(refused.value)
    assert "keep" in refused.value.alternatives and game.transcript() == before
    glimne = Game(GLIMNE, 4, seed=5).play("play")
    with pytest.raises(IllegalAction) as early:
        glimne.apply("keep")
    assert early.value.rule_id == "draw-timing" and "once everyone has declared" in str(early.value)
    assert early.value.alternatives == ("play", "pass")
    assert "draw-timing" in known_rule_ids() and "one round" in rule_summary("draw-timing")


def test_the_dealer_alone_and_the_lone_player_still_take_the_pot_in_one_round():
    """pagat: everyone but the dealer passes, the dealer takes the pot without play; one player
    alone (who has drawn already, in one round) takes it too."""
    alone = Game(PAGAT, 4, deal={"turned": "H9"}).play("pass", "pass", "pass")
    assert alone.phase == "settled" and "pagat-dealer-alone" in alone.transcript()
    lone = Game(PAGAT, 4, deal={"turned": "H9"}).play("pass", "play", "keep", "pass", "pass")
    assert lone.phase == "settled" and "Only C plays" in lone.transcript()


def test_in_one_round_the_restock_gathers_only_what_is_out_of_play_by_then():
    """pagat's restock ("既に決定済みのプレイヤー(ただし、現在対応中のプレイヤーは除きます)から全て
    の捨て札と、パスしたプレイヤーのカードを集めます": the discards of the players who have already
    decided, not the current one's, and the passed players' cards). Eight players, B, C and D
    exchange five each, so D empties the 12-card stock; in one round F has not yet passed, so
    the new stock is B's and C's discards only (10 cards); in two rounds F's passed hand is in
    it too (15 cards)."""

    def run(rules: Rules) -> Game:
        game = Game(rules, 8, seed=4)
        while game.phase in ("declare", "draw"):
            if game.phase == "draw":
                game.apply(_throw(game, 5 if game.to_act in "BCD" else 0))
            else:
                game.apply("pass" if game.to_act == "F" else "play")
        return game

    one, two = run(PAGAT), run(TWO_ROUND_PAGAT)
    restock = [x for x in one.transcript().splitlines() if "stock is empty" in x]
    assert len(restock) == 1 and "(10 cards)" in restock[0] and "passed hands" not in restock[0]
    record = one.hand_record
    assert set(record.drawn["D"][2:]) <= set(record.discards["B"]) | set(record.discards["C"])
    other = [x for x in two.transcript().splitlines() if "stock is empty" in x]
    assert len(other) == 1 and "(15 cards)" in other[0] and "passed hands" in other[0]
    assert sorted(c for c, _ in one._card_places()) == sorted(DECK)


def test_a_one_round_hand_is_rebuilt_from_its_actions():
    """(rules, seed, actions) rebuild the position exactly, restock and all."""
    game = Game(PAGAT, 8, seed=4)
    while game.phase != "settled":
        actions = game.legal_actions()
        game.apply(actions[-1] if game.phase == "draw" else actions[0])
    rebuilt = Game(PAGAT, 8, seed=4, actions=game.actions)
    assert rebuilt.transcript() == game.transcript()
    assert rebuilt.actions == game.actions
