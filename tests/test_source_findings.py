"""The third source audit (issue 28, section 2): what the course says each source says.

Each test quotes the seed sentence it rests on, in the source's own language with our
translation, checks that the sentence is in the seed word for word (`in_seed`), and then checks
the course: the old wording or credit the audit found is gone from everything a learner reads
(lessons, exercises, docs, glossary, cheat sheet, scenes under every rulebook, verdicts, the
package's strings), and the corrected sentence is where the learner meets the rule. Where a
source is silent the course says "not said" and marks the engine's choice as ours; the engine's
readings are register entries of their own (`reading-*`).
"""

from __future__ import annotations

import re

from test_source_audit import found, in_seed, lesson, unmarked
from test_sources import ROOT

from bourre_lessons import Situation, explain
from bourre_lessons.rules import PRESETS
from bourre_lessons.scenes import catalogue
from bourre_lessons.sources import REGISTER, chip, reading

_WON = re.compile(r"Tricks: ([^.]*)\. ([A-H]) has more tricks than anyone else")


def doc(name: str) -> str:
    """A page of docs/, spaces folded."""
    return " ".join((ROOT / "docs" / name).read_text(encoding="utf-8").split())


# --- high: pagat's one worked example belongs to rule 3 ------------------------------------------


def test_pagat_3_is_credited_with_its_worked_example():
    """pagat, the paragraph filed under rule 3: "しかしながら、トリックで最も価値の高いカードを
    プレイできない場合は、{マストフォロー}や切り札の条件に従うならば、手札の最も価値の高いカードを
    プレイする必要はありません" (however, when you cannot play the highest card of the trick, you
    need not play your own highest card, keeping the follow and trump requirements); its example
    follows at once and ends "もし2番手のプレイヤーがダイヤのカードをプレイした場合は、クイーンに
    勝つためにダイヤのAをプレイしなくてはなりませんでした" (had the second player played a diamond,
    you would have had to play the A♦ to beat the queen): rule 3's "beat it if you can"."""
    in_seed("pagat", "手札の最も価値の高いカードをプレイする必要はありません。 例:")
    in_seed("pagat", "クイーンに勝つためにダイヤのAをプレイしなくてはなりませんでした")
    entry = REGISTER["pagat-3"]
    assert entry.example == "full" and any("ダイヤのA" in q for q in entry.example_quote)
    assert REGISTER["pagat-example"].parent == "pagat-3"
    assert "no example" not in chip("pagat 3")["example"]
    assert not found(r"pagat gives no example for rule 3|pagat 3[^.]{0,30}no example")
    assert "pagat's own example for rule 3 is lesson 03's queen of diamonds" in lesson("04")
    note = catalogue()["pagat-3"].note
    assert "ours" in note and "pagat-example" in note  # the scene's cards are ours


# --- medium: the turned card ---------------------------------------------------------------------


def test_the_turned_card_staying_in_the_dealers_hand_is_only_the_house_rule():
    """pagat: "切り札のスートを決定するために表向きに配られたカード(そのカードをディーラーが捨てると
    いう非常に変わった場合を除いて)はディーラーの手札と見なして" (the card dealt face up to set
    trumps (except in the very unusual case that the dealer throws it away) counts as part of
    the dealer's hand); glimne: "Svaret får vara vad som helst från noll (= spelaren står nöjd)
    till fem" (the answer may be anything from zero to five); wikipedia: "Eles podem pegar
    qualquer número de zero a cinco" (they may take any number from zero to five). No source
    keeps the turned card in the dealer's hand: only the house rule does."""
    in_seed("pagat", "(そのカードをディーラーが捨てるという非常に変わった場合を除いて)")
    in_seed("glimne", "Svaret får vara vad som helst från noll (= spelaren står nöjd) till fem")
    in_seed("wikipedia", "Eles podem pegar qualquer número de zero a cinco")
    said = found(r"(stays?|must stay|keeps?) in (the dealer's|\{\}'s|[A-D]'s) hand")
    assert said and all("house rule" in hit.lower() for hit in said), said
    assert "the card is part of the dealer's hand" in lesson("01")
    assert "pagat lets the dealer throw it away" in doc("glossary.md")
    from bourre_lessons.widgets.cheat_sheet import SECTIONS

    turned = [line.text for _, lines in SECTIONS for line in lines if "5th card" in line.text]
    assert turned and "very unusually, throw it away" in turned[0]


# --- medium: glimne's winner, and the pot a corrected reneger loses --------------------------------


def test_a_glimne_hand_won_with_two_tricks_is_the_engines_reading():
    """glimne, Betalning: "Har en spelare vunnit genom att ta minst tre stick, tar han eller hon
    hand om hela potten." (a player who has won by taking at least three tricks takes the whole
    pot), then the ties; nothing on a 2-1-1-1 hand. pagat: "2トリックの場合は、他のプレイヤーが
    それぞれ1トリックずつ取るならば、ポットのチップを受け取る事が出来ます" (with two tricks you
    take the pot if the others take one each)."""
    in_seed("glimne", "Har en spelare vunnit genom att ta minst tre stick, tar han eller hon hand")
    in_seed("pagat", "2トリックの場合は、他のプレイヤーがそれぞれ1トリックずつ取るならば")
    from bourre_lessons.scenes.stories import _outcome
    from bourre_lessons.settle import settle

    two = {"A": 2, "B": 1, "C": 1, "D": 1}
    glimne, pagat = PRESETS["glimne"], PRESETS["pagat"]
    assert "engine's reading" in _outcome(settle(5, two, glimne), glimne)
    assert "reading" not in _outcome(settle(5, two, pagat), pagat)
    assert "reading" not in _outcome(settle(5, {"A": 3, "B": 2}, glimne), glimne)
    for scene_id, scene in catalogue().items():
        if scene.kind != "story":
            continue
        for step in scene.steps("glimne"):
            m = _WON.search(step.caption)
            counts = dict(pair.split() for pair in m.group(1).split(", ")) if m else {}
            if m and int(counts[m.group(2)]) < 3:
                assert "engine's reading" in step.caption, (scene_id, step.caption)
    agree = doc("rules.md").split("## Settlement")[1].split("Where they differ")[0]
    assert "glimne speaks only of a player who won with at least three" in agree
    assert "so under glimne this is the engine's reading" in lesson("06")
    assert "never covers a 2-1-1-1 hand" in reading("reading-winner-most-tricks").text


def test_who_takes_the_pot_a_corrected_reneger_loses_is_the_engines_reading():
    """pagat: "この場合、たとえ過半数のトリックを取ったとしても、そのプレイヤーはポットからチップを
    受け取る権利と、次のディールに参加する権利を失います" (in that case, even with a majority of
    the tricks, the player loses the right to take the pot's chips and to take part in the next
    deal): nothing on who takes the pot then."""
    in_seed("pagat", "そのプレイヤーはポットからチップを受け取る権利と、次のディールに参加する権利")
    assert reading("reading-corrected-renege-pot").reads == ("pagat-renege",)
    assert not found(r"nobody may take the pot")
    assert unmarked(r"corrected a renege[^.]{0,60}nobody takes") == []
    steps = catalogue()["pagat-renege"].steps("pagat")
    nobody = [s.caption for s in steps if "Nobody takes the pot" in s.caption]
    assert nobody and "engine's reading" in nobody[0]
    row = next(line for line in doc("scenes.md").split("| `") if line.startswith("pagat-renege`"))
    assert "nobody takes it: the engine's reading" in row
    assert "reading-corrected-renege-pot" in doc("rules.md")


# --- medium: wikipedia's forced plays are not pagat's patterns ----------------------------------


def test_wikipedias_forced_plays_played_as_pagats_patterns_are_a_reading():
    """wikipedia: "Existem regras complexas sobre jogos forçados; um exemplo simples é quando
    alguém que acabou de fazer sua segunda vaza tem o ás de trunfo" (there are complex rules
    about forced plays; a simple example is someone who has just taken their second trick and
    holds the trump ace) and "Ocorrências semelhantes são quando um jogador pegou uma vaza e tem
    ás e rei ou (mais complexo) ás, rainha e valete" (similar cases: one trick and the ace and
    king, or, harder, ace, queen and jack). Nothing on following another's lead, stand-ins or
    the lead after three tricks: those are pagat's, and under wikipedia the engine's reading."""
    in_seed("wikipedia", "um exemplo simples é quando alguém que acabou de fazer sua segunda vaza")
    in_seed(
        "wikipedia", "Ocorrências semelhantes são quando um jogador pegou uma vaza e tem ás e rei"
    )
    from test_sources import verdict_places

    cited = [
        p
        for p in verdict_places()
        if " wikipedia/" in p.where and p.text.startswith("wikipedia cinch")
    ]
    assert cited and all("Our reading" in p.text for p in cited), cited[:2]
    follow = Situation(hand="SA SK S5", trump="S", trick="H9", players_after=1, tricks_won=1)
    verdict = explain(follow, "S5", PRESETS["wikipedia"])
    assert verdict.rule_id == "wikipedia-cinch" and "reading-wikipedia-cinch" in verdict.readings
    assert "reading-wikipedia-cinch" not in explain(follow, "S5", PRESETS["pagat"]).readings
    assert "pagat and wikipedia make you lead or win" not in lesson("08")
    assert "which the engine reads as pagat's patterns (its reading)" in lesson("08")
    assert "under pagat's and wikipedia's rules a player with a cinch" not in doc("glossary.md")
    assert "`reading-wikipedia-cinch`" in doc("rules.md")


# --- medium: pagat's own cinch under glimne's variant ---------------------------------------------


def test_glimnes_cinch_scenes_under_pagat_say_pagats_cinch_applies_too():
    """pagat: "あなたが確実に勝つカードを持っていて、自分でリードを行うならば、最も高い価値のカード
    でリードを行わなければなりません" (holding sure winners and on lead, you must lead your highest
    card), and "隣接した切り札で弱い手札(KとAでK…)をプレイする事は可能です" (you may play a lower
    adjacent trump instead): where three tricks are sure, pagat's rule applies and differs from
    glimne's variant only by that stand-in; with the trump ace alone and no cinch, pagat is
    silent."""
    in_seed(
        "pagat", "自分でリードを行うならば、最も高い価値のカードでリードを行わなければなりません"
    )
    in_seed(
        "pagat", "隣接した切り札で弱い手札(KとAでK、Qは既にプレイ済みでKとJのJなど)をプレイする"
    )
    scenes = catalogue()
    for scene_id in ("glimne-cinch-akq", "glimne-cinch-ak-after-one", "glimne-cinch-three-won"):
        scene = scenes[scene_id]
        for number, moment in enumerate(scene.positions):
            for card in moment.hand:
                reason = explain(scene.situation(number), card, scene.rules("pagat")).reason
                assert "pagat has no rule of its own" not in reason, (scene_id, card)
                if "glimne" in reason:
                    assert "pagat's own cinch rule, pagat cinch, applies here too" in reason
    lead_ace = scenes["glimne-cinch-lead-ace"]
    alone = explain(lead_ace.situation(0), "S4", lead_ace.rules("pagat")).reason
    assert "pagat has no rule of its own here" in alone


# --- medium: readings in stories' captions; wikipedia's rules taught as variants ------------------


def test_the_dealer_alone_and_the_lay_downs_mark_the_engines_reading():
    """pagat: "また、ディーラー以外全員がパスした場合、ディーラーは勿論ポットに置かれた全てのチップを
    受け取ります" (if everyone but the dealer passes, the dealer of course takes the pot): glimne
    and wikipedia say nothing. glimne: "varpå de övriga då måste spela ut tre kort var, och du tar
    hem de tre sticken i ett svep" (whereupon the others must play three cards each, and you take
    the three tricks in one sweep); wikipedia: "colocando as cartas vencedoras todas de uma vez"
    (laying the winning cards down all at once). Neither plays the lay-down trick by trick."""
    in_seed(
        "pagat", "ディーラー以外全員がパスした場合、ディーラーは勿論ポットに置かれた全てのチップ"
    )
    in_seed(
        "glimne", "varpå de övriga då måste spela ut tre kort var, och du tar hem de tre sticken"
    )
    in_seed("wikipedia", "colocando as cartas vencedoras todas de uma vez")
    scenes = catalogue()
    for preset in ("glimne", "wikipedia"):
        captions = [s.caption for s in scenes["pagat-dealer-alone"].steps(preset)]
        assert "does not say" in captions[1] and "engine's reading" in captions[1], preset
        assert "its reading" in captions[-1], preset
    assert "its reading" not in scenes["pagat-dealer-alone"].steps("pagat")[-1].caption
    for scene_id in ("glimne-cinch-lay-down", "wikipedia-lay-down"):
        said = " ".join(s.caption for s in scenes[scene_id].steps(scene_id.split("-")[0]))
        assert "engine's reading counts them as led" in said, scene_id
    assert unmarked(r"counts? as (leading them|led) one after") == []
    assert unmarked(r"decides?, plays alone and wins") == []
    assert reading("reading-lay-down").reads == ("glimne-cinch-lay-down", "wikipedia-lay-down")


def test_wikipedias_lay_down_and_no_nice_play_are_rules_not_variants():
    """wikipedia's Regras, before its Variações: "Se for certo que você vai ganhar, você deve
    ganhar imediatamente" (if it is certain that you will win, you must win at once) and "A
    maioria dos jogos não permite essas jogadas "agradáveis"" (most games do not allow such
    'nice' plays). Its Variações open: "Abundam as variações nas regras do Bourré" (variations in
    Bourré's rules abound)."""
    from test_sources import seed_text

    in_seed("wikipedia", "Se for certo que você vai ganhar, você deve ganhar imediatamente")
    text = seed_text("wikipedia")
    variants = text.index("Variações Abundam as variações nas regras do Bourré")
    assert text.index("você deve ganhar imediatamente") < variants
    assert text.index('A maioria dos jogos não permite essas jogadas "agradáveis"') < variants
    prose = lesson("08b")
    assert "wikipedia's seven" not in prose
    assert "stand in wikipedia's rules (its *Regras*), as musts" in prose
    assert "among its rules rather than its variants" in prose
    variants_section = doc("rules.md").split("## Variants")[1].split("## Naming a card")[0]
    assert "glimne (a custom), wikipedia |" not in variants_section
    assert "wikipedia's lay-down is no variant but a rule" in variants_section


# --- low: the register's words and the pages that rest on them -----------------------------------


def test_wikipedias_empatou_is_translated_as_written():
    """wikipedia: "não seguiu as regras corretamente - empatou e deve igualar o pote" (did not
    follow the rules correctly, 'tied' and must match the pot): the translation's word is
    "empatou" (tied), where the sense is "is bourréd"; our translation says both."""
    in_seed("wikipedia", "não seguiu as regras corretamente - empatou e deve igualar o pote")
    translation = REGISTER["wikipedia-bourre"].translation
    assert "'tied' [empatou" in translation and "is bourréd" in translation


def test_pagats_renege_entry_quotes_what_the_lessons_cite():
    """pagat: "プレイするカードを宣言し直し、正しいカードと差し替えても良いです" (you may re-declare
    the card you play and replace it with the right one) and "たとえトリックが全く取れなかったと
    しても、ポットへの罰符を支払う必要はありません" (even with no trick at all, you need not pay a
    penalty into the pot)."""
    quotes = " ".join(REGISTER["pagat-renege"].quote)
    for passage in (
        "プレイするカードを宣言し直し、正しいカードと差し替えても良いです。",
        "たとえトリックが全く取れなかったとしても、ポットへの罰符を支払う必要はありません。",
    ):
        in_seed("pagat", passage)
        assert passage in quotes
    translation = REGISTER["pagat-renege"].translation
    assert "re-declare" in translation and "need not pay a penalty" in translation


def test_pagats_restock_speaks_of_players_who_have_decided():
    """pagat: "既に決定済みのプレイヤー(ただし、現在対応中のプレイヤーは除きます)から全ての捨て札"
    (all the discards of the players already decided, except the player being handled now):
    "decided", the word lesson 02's one-round reading rests on, not "served"."""
    in_seed(
        "pagat",
        "既に決定済みのプレイヤー(ただし、現在対応中のプレイヤーは除きます)から全ての捨て札",
    )
    assert "already decided" in REGISTER["pagat-restock"].translation
    assert "served" not in REGISTER["pagat-restock"].translation
    assert "discards of the players who have already decided" in lesson("02")
    assert not found(r"pagat[^.]{0,200}players already served")


def test_pagats_cinch_patterns_speak_of_a_hand_sure_to_win_and_the_last_is_whole():
    """pagat: "あなたが確実に勝つカードを持っていて" (you hold cards with which you surely win: the
    sure-win hand of the cinch paragraph, not 'sure winners' card by card), and the third pattern
    goes on: "{マストフォロー}と切り札の条件に従うならば、あなたは可能ならばトリックを獲得するように
    単に勝つカードをプレイすれば良いだけです" (keeping the follow and trump requirements, you simply
    play a winning card to take the trick if you can)."""
    in_seed("pagat", "あなたが確実に勝つカードを持っていて、自分でリードを行うならば")
    last = "あなたは可能ならばトリックを獲得するように単に勝つカードをプレイすれば良いだけです。"
    in_seed("pagat", last)
    for id in ("pagat-cinch-lead", "pagat-cinch-follow", "pagat-cinch-last"):
        assert "sure winners" not in REGISTER[id].translation, id
        assert "a hand sure to win" in REGISTER[id].translation, id
    assert last in REGISTER["pagat-cinch-last"].quote[-1]


def test_pagats_garbled_double_ante_sentence_is_noted():
    """pagat: ""プレイ"をするかどうかやカードを配る枚数に関わらず、2つのラウンドに分けてゲームを
    行います" (regardless of [sic] whether you play and the number of cards dealt, the game is
    played in two rounds): "関わらず" (regardless of) garbles the sense, two separate rounds."""
    in_seed("pagat", '"プレイ"をするかどうかやカードを配る枚数に関わらず、2つのラウンドに分けて')
    entry = REGISTER["pagat-double-ante"]
    assert "garbled" in entry.translation and "garbled" in entry.note


def test_glimne_1_is_not_the_basis_of_every_rule():
    """glimne 9 and 10 end "Detta är (också) en följd av den tvingande regeln (1) ovan" (this is
    (also) a consequence of the compelling rule (1) above); glimne 8: "(Du är då befriad från den
    tvingande regeln att du måste försöka vinna sticket om du kan.)" (you are then released from
    the compelling rule that you must try to win the trick if you can)."""
    in_seed("glimne", "Detta är också en följd av den tvingande regeln (1) ovan.")
    in_seed("glimne", "(Du är då befriad från den tvingande regeln att du måste försöka vinna")
    assert not found(r"principle behind (all|every)|rules 2.10 draw|basis of every")
    assert "ties rules 9 and 10" in REGISTER["glimne-1"].note
    assert "glimne ties only rules 9 and 10 to it" in doc("rules.md")


def test_wikipedias_consensus_seems():
    """wikipedia: "embora o consenso pareça ser que a regra "jogue para vencer" se aplica"
    (although the consensus seems to be that the 'play to win' rule applies)."""
    in_seed("wikipedia", 'embora o consenso pareça ser que a regra "jogue para vencer" se aplica')
    hits = found(r"consensus")
    assert hits and all("seem" in hit for hit in hits), hits


def test_wikipedias_legais_is_nice_not_legal():
    """wikipedia: 'cuidado deve ser aplicado a qualquer análise de rodadas ao procurar por
    jogadas "legais"' (care should be taken in any analysis of tricks when looking for "legais"
    plays): "legais", Portuguese slang for "nice", the plays of the sentence before."""
    in_seed("wikipedia", 'ao procurar por jogadas "legais"')
    assert not found(r'"illegal" on these grounds')
    assert 'Portuguese slang for "nice"' in doc("rules.md")


def test_wikipedias_misplay_can_make_the_player_try_to_bourre_others():
    """wikipedia: "o que pode fazer com que o indivíduo que joga errado tente burrar um ou mais
    outros jogadores" (which can make the individual who misplays try to bourré one or more other
    players)."""
    passage = "o que pode fazer com que o indivíduo que joga errado tente burrar um ou mais"
    in_seed("wikipedia", passage)
    assert passage in " ".join(REGISTER["wikipedia-misplay"].quote)
    assert not found(r"lead the player who misplayed to bourr")
    assert "make the player who misplayed try to bourré" in lesson("08b")


def test_the_intention_clause_is_extremely_important_not_the_most():
    """laws: "Teksten i parentesen er yderst vigtig!" (the text in the parenthesis is extremely
    important!)."""
    in_seed("laws", "Teksten i parentesen er yderst vigtig!")
    assert not found(r"calls this parenthesis the most important")
    assert 'extremely important ("yderst vigtig")' in doc("rules.md")


def test_a_wikipedia_reneger_skipping_the_ante_is_wikipedias_own():
    """wikipedia: "Qualquer jogador que não executou vazas ou renegou durante o jogo ... deve
    igualar o pote para a próxima rodada em vez de adicionar o ante usual" (any player who took
    no trick or reneged ... must match the pot for the next round instead of adding the usual
    ante): no reading of ours under wikipedia."""
    in_seed(
        "wikipedia", "deve igualar o pote para a próxima rodada em vez de adicionar o ante usual"
    )
    renege_ante = reading("reading-renege-ante")
    assert "wikipedia-bourre" not in renege_ante.reads and "says so itself" in renege_ante.text
    assert 'under `"bourred"` wikipedia says so itself' in doc("rules.md")


def test_a_trump_too_low_is_pagat_2():
    """pagat, the paragraph the register files under rule 2: "しかし、手札の切り札がプレイされた
    カードより価値の高いカードではない場合でも、切り札をプレイしなくてはなりません" (but even when
    your trumps are not higher than the cards played, you must still play a trump)."""
    in_seed(
        "pagat",
        "手札の切り札がプレイされたカードより価値の高いカードではない場合でも、切り札をプレイ",
    )
    assert any("価値の高いカードではない場合でも" in q for q in REGISTER["pagat-2"].quote)
    assert not found(r"trump too low to win asks of you \(pagat 2 and 3")


def test_pagats_fourth_trick_is_led_with_the_remaining_one():
    """pagat: "あなたはもし手札があるなら残りの1枚を使って4回目のトリックのリードを開始しなければ
    なりません" (if you have it in hand, you must open the fourth trick with the remaining one):
    'the remaining one', not 'your remaining trump'; which one is the engine's reading."""
    in_seed("pagat", "残りの1枚を使って4回目のトリックのリードを開始しなければなりません")
    assert not found(r"remaining trump")
    assert '"the remaining one" (pagat' in lesson("05b")


def test_cards_wikipedia_does_not_name_are_filled_in():
    """wikipedia 2: "Se o único trunfo jogado for um três e você tiver o dois e o ás de trunfo"
    (if the only trump played is a three and you hold the two and the ace of trumps): no suit;
    and "ou (mais complexo) ás, rainha e valete" (or, harder, ace, queen and jack): nothing of
    the king or the other cards."""
    in_seed(
        "wikipedia", "Se o único trunfo jogado for um três e você tiver o dois e o ás de trunfo"
    )
    assert not found(r"example \(wikipedia 2\): the only trump on the table is the 3♠")
    assert "spades are filled in: wikipedia names no suit" in lesson("04")
    assert "(the K♠ out and the heart are filled in)" in lesson("05b")


def test_the_switch_table_marks_variants_readings_and_silences():
    """wikipedia: "Muitas variantes requerem uma aposta adicional neste ponto" (many variants
    require an extra bet at this point): its own rules ask none, a variant does. glimne:
    "(varefter potten går till vinnaren, eller ligger kvar om blev oavgjort)" (after which the
    pot goes to the winner, or stays if it was a tie): where the payment goes is our reading of
    it. wikipedia names no lead for a turned ace: "O primeiro jogador à esquerda do dealer que
    ainda está no jogo começa" (the first player on the dealer's left still in begins)."""
    in_seed("wikipedia", "Muitas variantes requerem uma aposta adicional neste ponto.")
    in_seed("glimne", "(varefter potten går till vinnaren, eller ligger kvar om blev oavgjort)")
    in_seed("wikipedia", "O primeiro jogador à esquerda do dealer que ainda está no jogo começa")
    from bourre_lessons.sources import switch_rows
    from bourre_lessons.widgets.cheat_sheet import difference_rows

    rows = dict(switch_rows(only_differing=False))
    assert rows["second_ante"]["wikipedia"] == "no (a variant has it)"
    assert rows["bourre_paid_to"]["glimne"] == "winner (our reading)"
    assert rows["dealer_ace_leads"]["wikipedia"] == "not said (ours: no)"
    sheet = {switch: cells for switch, _, cells in difference_rows()}
    assert "(our reading)" in sheet["bourre_paid_to"][1]
    assert sheet["second_ante"][2] == "no (a variant has it)"


def test_the_separate_trump_rows_mark_the_engines_reading():
    """pagat, separate trump, form 2: "表向きになったカードはディーラーが "プレイ" をするならば、
    ディーラーの手札とすることが出来ます(任意)" (the face-up card may become the dealer's, if the
    dealer plays (optional)): nothing on what the dealer must then throw away."""
    in_seed(
        "pagat", '表向きになったカードはディーラーが "プレイ" をするならば、ディーラーの手札とする'
    )
    row = next(r for r in doc("rules.md").split("| `") if r.startswith("pagat-separate-trump`"))
    assert "(the engine's reading, `reading-separate-trump`)" in row


def test_pagat_numbers_three_rules_and_glimne_9_is_the_suit_led():
    """pagat numbers three play rules ("1.プレイヤーは可能な限り{マストフォロー}" … "3.{マスト
    フォロー}要求の前提としては"); glimne 9: "det högsta kvarvarande kortet i utspelsfärgen" (the
    highest remaining card of the suit led), not of trumps."""
    in_seed("pagat", " 3.{マストフォロー}要求の前提としては")
    in_seed("glimne", "har det högsta kvarvarande kortet i utspelsfärgen, måste du spela det")
    assert "pagat's four" not in lesson("x03") and "in its three numbered rules" in lesson("x03")
    assert "as glimne 9 puts it" not in lesson("x06")
    assert "glimne 9 says the same of the suit led" in lesson("x06")


def test_what_the_laws_say_and_what_the_course_reads_in_bourre():
    """laws 46B1a: "anses spilfører for at have anmodet om det højeste kort i den udspillede
    farve" (declarer is taken to have asked for the highest card of the suit led); 46B1b: "det
    laveste kort i den udspillede farve, som man ved vil vinde stikket" (the lowest card of the
    suit led known to win the trick). Neither speaks of trumps, of cards you may play, or of a
    fallback when no card is known to win; the preamble speaks of an intention beyond doubt, not
    of one fitting card."""
    in_seed(
        "laws", "anses spilfører for at have anmodet om det højeste kort i den udspillede farve"
    )
    in_seed("laws", "det laveste kort i den udspillede farve, som man ved vil vinde stikket")
    in_seed("laws", "(medmindre spilfører indiskutabelt havde anden hensigt)")
    from bourre_lessons.naming import CLAUSES

    assert "reading" in CLAUSES["laws-46B1a"] and "reading" in CLAUSES["laws-46B1b"]
    assert "engine's reading" in CLAUSES["laws-intent"]
    assert "engine's reading" in catalogue()["laws-intent"].summary
    assert '"High" means your highest legal card of the suit led (laws 46B1a)' not in lesson("x04")
    assert '"win it" means your highest card of the suit led (laws 46B1b)' not in lesson("x04")
    assert "the course reads both among the cards you may play" in lesson("07")


# --- low: what the course had not said yet ---------------------------------------------------------


def test_the_readme_describes_the_laws_source_and_counts_the_scenes():
    """laws: "I denne artikel skal vi se på, hvordan spilfører spiller bordets kort" (in this
    article we shall look at how declarer plays dummy's cards): an article explaining the laws."""
    in_seed("laws", "I denne artikel skal vi se på, hvordan spilfører spiller bordets kort.")
    from bourre_lessons.scenes.named_variants import VARIANT_SCENES

    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "a Danish article explaining the bridge laws" in readme
    core = len(catalogue()) - len(VARIANT_SCENES)
    assert (
        f"`bourre_lessons.scenes.catalogue()`, {core} of them, and {len(VARIANT_SCENES)}" in readme
    )


def test_the_history_tells_pagats_account_and_glimnes_considered_and_femkort():
    """pagat: "フランスが起源のゲームです。20世紀前半に南西フランスで人気のあったカードゲームである
    ブーレイの子供で、スペインのゲームであるブロー("ドンキー")系のゲームです" (a game of French
    origin: a child of Bourre, popular in south-west France in the first half of the 20th century,
    of the family of the Spanish game Burro, 'donkey'), and "ポーカーとは無関係な" (unrelated to
    poker); glimne: "anses ha sina rötter i delstaten Louisiana" (is considered to have its roots
    in Louisiana) and "på lite håll besläktat med det gamla svenska 1600-talsspelet femkort"
    (distantly related to the old Swedish 17th-century game femkort)."""
    in_seed("pagat", "20世紀前半に南西フランスで人気のあったカードゲームであるブーレイの子供で")
    in_seed("pagat", "ポーカーとは無関係なトリックテイキング")
    in_seed("glimne", "anses ha sina rötter i delstaten Louisiana")
    in_seed("glimne", "på lite håll besläktat med det gamla svenska 1600-talsspelet femkort")
    history = lesson("00").split("### Where the game comes from")[1].split("###")[0]
    for words in ("*considered*", "femkort", "south-west France", "unrelated to poker", "Burro"):
        assert words in history, words
    assert "pagat origin" in history and "glimne origin" in history
    assert 'id="femkort"' in doc("glossary.md")
    assert any("femkort" in q for q in REGISTER["glimne-origin"].quote)
    assert any("ブーレイの子供" in q for q in REGISTER["pagat-origin"].quote)


def test_pagats_shuffle_and_cut_are_in_the_glossary():
    """pagat: "ディーラーが最後にシャッフルをする権利があります。ディーラーの右隣の人がカットを行う
    必要があります" (the dealer has the right to shuffle last; the player on the dealer's right
    must cut)."""
    in_seed("pagat", "ディーラーの右隣の人がカットを行う必要があります。")
    glossary = doc("glossary.md")
    entry = glossary.split('<a id="cut"></a>')[1].split("<a id=")[0]
    assert "dealer's right must cut (pagat shuffle)" in entry and "`reading-shuffle`" in entry


def test_wikipedias_secondary_object_and_references_are_named():
    """wikipedia: "Se um jogador não consegue realizar a maioria das vazas, o objetivo secundário
    é evitar o bourré ou não realizar nenhuma vaza" (if a player cannot take the most tricks, the
    secondary object is to avoid the bourré, or taking no trick); its resources: "Guidry, Preston
    (1988)" and "Engler, Henry J (1964)"."""
    in_seed("wikipedia", "o objetivo secundário é evitar o bourré ou não realizar nenhuma vaza")
    in_seed("wikipedia", "Engler, Henry J (1964). Regras e técnicas de Bourré .")
    assert "secondary object" in REGISTER["wikipedia-object"].translation
    assert REGISTER["wikipedia-references"].kind == "background"
    entry = doc("glossary.md").split('<a id="wikipedia"></a>')[1].split("<a id=")[0]
    assert "avoid the bourré" in entry and "Guidry" in entry and "Engler" in entry


def test_braces_and_square_brackets_are_explained_wherever_shown():
    """pagat 1: "プレイヤーは可能な限り{マストフォロー}のルールに従います" (players follow the {must
    follow} rule whenever they can): the braces are the translation's own, not a blank."""
    in_seed("pagat", "プレイヤーは可能な限り{マストフォロー}のルールに従います。")
    from bourre_lessons.sources import BRACES, BRACKETS, chip_text, sources_markdown

    assert "nothing is missing there" in BRACES and "our words" in BRACKETS
    page = sources_markdown()
    assert "In pagat's quotations, braces {…}" in page and BRACKETS in page
    for entry in REGISTER.values():
        text = chip_text(chip(entry.id))
        if "{" in " ".join(entry.quote):
            assert BRACES in text, entry.id
        if "[" in entry.translation:
            assert BRACKETS in text, entry.id
    assert BRACKETS not in chip_text(chip("glimne 8"))


def test_a_follow_suit_refusal_under_glimne_cites_its_opening_paragraph():
    """glimne: "I grunden tillgår stickspelet som i vanlig whist: ett kort vardera i varje stick;
    och du måste följa färgen på utspelskortet om möjligt" (at bottom the play goes as in
    ordinary whist: one card each to every trick, and you must follow the suit led if you can);
    glimne 4 only applies it to a trick already trumped: "Har du kort i både utspelsfärgen och
    trumffärgen, och det spelats bägge, måste du ändå följa utspelsfärgen" (holding both the
    suit led and trumps, and both have been played, you must still follow the suit led)."""
    in_seed("glimne", "och du måste följa färgen på utspelskortet om möjligt")
    in_seed("glimne", "och det spelats bägge, måste du ändå följa utspelsfärgen")
    plain = Situation(hand="H4 C2", trump="S", trick="H9", players_after=1)
    verdict = explain(plain, "C2", PRESETS["glimne"])
    assert not verdict.legal and verdict.rule_id == "glimne-whist"
    from test_sources import verdict_places

    assert not [p.where for p in verdict_places() if p.text.startswith("glimne 4 ")]
    assert "glimne-4" not in {e.id for e in REGISTER.values() if "follow" in e.concepts}
