"""The audit of issue 23, section 2: every sentence a learner reads about a source is that
source's, and every decision of the engine's own is marked as its reading.

Each test quotes the seed passage it rests on, in the source's own language with our
translation, checks that the passage is in the seed word for word (so the quotation cannot
drift), and then checks the course: the wrong claim the audit found is gone from everything a
learner reads (lessons, exercises, docs, glossary, cheat sheet, scene texts under every
rulebook, verdicts and the package's strings), and the corrected sentence is where the learner
meets the rule. One test checks the engine itself: glimne's cinch variant after three tricks.
"""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from functools import lru_cache

from test_sources import (
    ROOT,
    Place,
    cheat_sheet_places,
    md_places,
    scene_places,
    seed_text,
    verdict_places,
)

from bourre_lessons import Situation, explain, legal_plays
from bourre_lessons.rules import PRESETS
from bourre_lessons.scenes import catalogue
from bourre_lessons.sources import REGISTER, reading

GLIMNE, WIKIPEDIA, PAGAT = PRESETS["glimne"], PRESETS["wikipedia"], PRESETS["pagat"]


def in_seed(source: str, passage: str) -> None:
    """The quoted passage is in the seed word for word (pagat's lines joined, spaces folded)."""
    text = seed_text(source)
    wanted = passage if source == "pagat" else re.sub(r"\s+", " ", passage)
    assert wanted in text, f"{passage!r} is not in the {source} seed"


def package_texts() -> list[Place]:
    """The package's strings (not the register's quotations), an f-string as one text with "{}"
    for each value, so a sentence split by a value is read whole."""
    places = []
    for path in sorted((ROOT / "bourre_lessons").rglob("*.py")):
        if path.name == "sources_text.py" or "__pycache__" in path.parts:
            continue
        where = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inside = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                parts = [v.value if isinstance(v, ast.Constant) else "{}" for v in node.values]
                places.append(Place(where, "".join(str(p) for p in parts)))
                inside |= {id(v) for v in node.values}
        for node in ast.walk(tree):
            plain = isinstance(node, ast.Constant) and isinstance(node.value, str)
            if plain and id(node) not in inside:
                places.append(Place(where, node.value))
    return places


@lru_cache(maxsize=1)
def learner_places() -> tuple[Place, ...]:
    """Everything a learner can read: lessons, exercises, docs, the cheat sheet, every scene
    text under every rulebook, the verdicts and the package's strings."""
    places = md_places("notebooks") + md_places("exercises") + md_places("docs")
    places += scene_places() + cheat_sheet_places() + package_texts() + verdict_places()
    return tuple(p for p in places if not p.where.startswith("docs/sources.md"))


def found(pattern: str, places: tuple[Place, ...] | list[Place] | None = None) -> list[str]:
    """'where: the match' for each place whose text (spaces folded) matches the pattern."""
    hits = []
    for place in learner_places() if places is None else places:
        text = re.sub(r"\s+", " ", place.text)
        for m in re.finditer(pattern, text, re.IGNORECASE):
            hits.append(f"{place.where}: {text[max(0, m.start() - 60) : m.end() + 60]!r}")
    return hits


def lesson(name: str) -> str:
    """A lesson's or exercise set's MyST text, spaces folded."""
    folder = "exercises" if name.startswith("x") else "notebooks"
    (path,) = (ROOT / folder).glob(f"{name.removeprefix('x')}_*.md")
    return re.sub(r"\s+", " ", path.read_text(encoding="utf-8").replace("\n> ", "\n"))


def test_the_scan_reads_every_kind_of_text_and_can_fail():
    """The scan covers lessons, scenes, verdicts and package strings, and finds a planted claim."""
    wheres = {p.where.split(":")[0].split(" ")[0] for p in learner_places()}
    assert {"notebooks/03_follow_and_beat.md", "scene", "verdict", "docs/glossary.md"} <= wheres
    planted = [Place("made up", "This example is glimne's, and pagat agrees.")]
    assert found(r"this example is glimne's", planted) and not found(r"this example is glimne's")


# --- the engine: glimne's cinch variant after three tricks ------------------------------------------


def test_glimnes_variant_after_three_tricks_asks_for_a_trump_any_one():
    """glimne, cinch rules: "Har du redan vunnit tre stick och alltså är garanterad att vinna
    handen, måste du inleda nästa stick genom att spela ut ett trumfkort om du har något" (if
    you have already won three tricks and so are sure to win the hand, you must open the next
    trick by leading a trump, if you have one). A trump, any one: not the highest."""
    in_seed(
        "glimne", "måste du inleda nästa stick genom att spela ut ett trumfkort om du har något"
    )
    strict = replace(GLIMNE, cinch="strict")
    # the A♠ is gone, the K♠ and Q♠ are unseen: neither of your trumps is the top one
    won3 = Situation(hand="S7 S9 H9", trump="S", tricks_won=3, seen="SA S2 H8 CA C4 C9 DA D2 D5")
    assert {c.code for c in legal_plays(won3, strict)} == {"S7", "S9"}
    verdict = explain(won3, "H9", strict)
    assert verdict.rule_id == "glimne-cinch" and "a trump, any of yours" in verdict.reason
    # pagat's own rule after three tricks still asks for the highest (pagat cinch, fourth trick)
    assert {c.code for c in legal_plays(won3, PAGAT)} == {"S9"}


def test_glimnes_variant_still_leads_the_top_trump_after_three_tricks():
    """glimne, cinch rules: "Är det din tur att spela ut, och du har esset i trumffärgen, måste
    du spela det; har trumfesset däremot gått men du har trumfkungen, måste du spela den, osv."
    (on lead holding the trump ace you must play it; if the ace has gone and you hold the king,
    that, and so on): holding the top trump after three tricks, that rule still binds."""
    in_seed("glimne", "har trumfesset däremot gått men du har trumfkungen, måste du spela den")
    strict = replace(GLIMNE, cinch="strict")
    top = Situation(hand="SK S7 H9", trump="S", tricks_won=3, seen="SA S2 H8 CA C4 C9 DA D2 D5")
    assert {c.code for c in legal_plays(top, strict)} == {"SK"}


def test_the_fast_core_and_the_reference_follow_glimnes_three_tricks_rule():
    """The compiled rules and exercise set 3's reference agree with `legal_plays` on the same
    positions (glimne: "spela ut ett trumfkort om du har något", lead a trump if you have one)."""
    from bourre_lessons.exercises.worked_solutions import full_legal_plays
    from bourre_lessons.sim.fast import fast_legal

    strict = replace(GLIMNE, cinch="strict")
    for hand in ("S7 S9 H9", "SK S7 H9", "S7 H9 D4"):
        s = Situation(hand=hand, trump="S", tricks_won=3, seen="SA S2 H8 CA C4 C9 DA D2 D5")
        expected = legal_plays(s, strict)
        assert set(full_legal_plays(s, strict)) == set(expected), hand
        cards, concept = fast_legal(s, strict)
        assert set(cards) == set(expected), hand
        if len(expected) < len(s.hand):
            assert concept == "cinch-strict", hand


def test_the_strict_reading_says_what_is_still_ours():
    """The register's reading of glimne's variant no longer claims the highest trump after three
    tricks; it keeps the engine's own parts (no stand-in, the count of sure tricks)."""
    text = reading("reading-cinch-strict").text
    assert "a trump, any one" in text and "no stand-in" in text
    assert "where glimne asks only for a trump" not in text


# --- helpers for the text checks --------------------------------------------------------------------

MARKED = re.compile(r"reading|engine's count|engine counts|\bours\b|our own", re.IGNORECASE)
"""How a learner is told that a statement is the engine's choice, not a source's rule."""


def unmarked(pattern: str, places: list[Place] | None = None, reach: int = 300) -> list[str]:
    """Places stating `pattern` with no mark of the engine's reading within `reach` characters
    (the sentence and its neighbours: a lesson marks a reading once per paragraph)."""
    bad = []
    for place in learner_places() if places is None else places:
        text = re.sub(r"\s+", " ", place.text)
        for m in re.finditer(pattern, text, re.IGNORECASE):
            near = text[max(0, m.start() - reach) : m.end() + reach]
            if not MARKED.search(near):
                bad.append(f"{place.where}: {text[max(0, m.start() - 60) : m.end() + 60]!r}")
    return sorted(set(bad))


def glimne_rule(n: int) -> str:
    """glimne's numbered rule n, from "(n)" up to the next rule or the end of the list."""
    text = seed_text("glimne")
    start = text.index(f"({n}) ")
    end = text.find(f"({n + 1}) ", start) if n < 10 else text.index("Den som vinner ett stick")
    return text[start:end]


def test_unmarked_finds_a_reading_stated_as_a_rule():
    """The check can fail: a planted sentence without a mark is caught, a marked one is not."""
    plain = [Place("made up", "glimne and wikipedia play the hand out.")]
    marked = [Place("made up", "glimne is silent; the engine's reading plays the hand out.")]
    assert unmarked(r"the hand out", plain) and not unmarked(r"the hand out", marked)


# --- invented examples credited to a source -------------------------------------------------------


def test_glimne_gives_examples_for_rules_2_to_7_only():
    """glimne marks each example "Exempel:" (rule 5's and 6's examples follow on directly): rules
    1, 8 and 10 have none. glimne 1: "Den viktigaste specialregeln i bourré är att du alltid
    måste spela för att försöka vinna sticket" (the most important special rule of bourré is
    that you must always play to try to win the trick): a principle, no example."""
    in_seed("glimne", "Den viktigaste specialregeln i bourré är att du alltid måste spela för")
    for n in (1, 8, 10):
        assert "Exempel" not in glimne_rule(n) and "Du har" not in glimne_rule(n), n
        assert REGISTER[f"glimne-{n}"].example == "none", n
    for n in (2, 3, 4, 7):
        assert "Exempel" in glimne_rule(n), n


def test_lesson_03_does_not_credit_glimne_with_an_example_for_rule_1():
    """glimne 1 (see above) has no example: lesson 03's scene for it is ours and says so."""
    assert not found(r"this example is glimne's")
    assert "glimne states that principle without an example" in lesson("03")
    assert "ours" in catalogue()["glimne-1"].note


def test_wikipedia_3_is_a_rule_without_an_example():
    """wikipedia 3: "Se você não tiver cartas do naipe de chumbo nem trunfos, você pode jogar
    qualquer carta. Esta é uma carta off" (if you have neither cards of the suit led nor trumps,
    you may play any card. This is an off card): no example follows."""
    in_seed("wikipedia", "você pode jogar qualquer carta. Esta é uma carta off")
    assert not found(r"wikipedia's example: diamonds")
    assert "wikipedia 3 has no example either. A position of ours" in lesson("04")
    assert "ours" in catalogue()["wikipedia-3"].note


def test_pagat_3_has_its_example_and_wikipedia_has_no_beat_rule():
    """pagat 3: "ここまででプレイされたトリックに勝てるような場合は既にプレイされたカードより価値の
    高いカードを可能な限りプレイしなければなりません" (when you can win the trick so far you must
    play a higher card if you can): its example is the queen of diamonds (test_source_findings,
    issue 28), and the scene's cards are ours. wikipedia numbers three rules, the
    third of them "Se você não tiver cartas do naipe de chumbo nem trunfos, você pode jogar
    qualquer carta" (with neither the suit led nor trumps, any card), and says "uma regra de
    número inferior substitui qualquer regra de número superior" (a lower-numbered rule
    overrides any higher-numbered one): its rules are not pagat's, and it has no beat rule."""
    in_seed(
        "pagat", "既にプレイされたカードより価値の高いカードを可能な限りプレイしなければなりません"
    )
    in_seed("wikipedia", "uma regra de número inferior substitui qualquer regra de número superior")
    assert not found(r"pagat 3 has two positions") and not found(r"numbers its rules the same way")
    text = lesson("04")
    assert "pagat's own example for rule 3 is lesson 03's queen of diamonds" in text
    assert "It has no rule of its own for beating the best card while following suit" in text


def test_scenes_on_rules_without_examples_say_the_cards_are_ours():
    """glimne 8: "Har du inga kort i vare sig utspelsfärgen eller i trumffärgen får du saka vad
    du vill" (with neither the suit led nor trumps you may throw what you like) and glimne 10,
    wikipedia 1-3's third, pagat 1-3: rules without examples; their scenes say "ours", never
    "only part of the table"."""
    in_seed("glimne", "får du saka vad du vill, men kan givetvis inte vinna sticket")
    scenes = catalogue()
    for scene_id in ("glimne-8", "glimne-10", "wikipedia-1", "wikipedia-3"):
        assert "ours" in scenes[scene_id].note and "part of" not in scenes[scene_id].note
    for scene_id in ("pagat-1", "pagat-2", "pagat-3"):
        assert "ours" in scenes[scene_id].note and "part of" not in scenes[scene_id].note


def test_no_cinch_scene_names_a_card_a_source_never_plays():
    """wikipedia names hands, not positions: "ou (mais complexo) ás, rainha e valete" (or,
    harder, ace, queen and jack); pagat too: "A-K-QやK-Q-10-9-8のような切り札を持つならば" (holding
    trumps such as A-K-Q or K-Q-10-9-8). Neither says which card is played in a position."""
    in_seed("wikipedia", "ou (mais complexo) ás, rainha e valete")
    in_seed("pagat", "A-K-QやK-Q-10-9-8のような切り札を持つならば")
    assert not found(r"(pagat|wikipedia)'s own example, [AKQJ]♠")
    for scene_id in ("wikipedia-cinch-ace", "wikipedia-cinch-ak", "wikipedia-cinch-aqj"):
        assert all(p.pick is None for p in catalogue()[scene_id].positions), scene_id


def test_pagats_second_diamond_is_filled_in():
    """pagat: "もし2番手のプレイヤーがダイヤのカードをプレイした場合は" (if the second player had
    played a diamond): pagat does not say which, nor that it is small."""
    in_seed("pagat", "もし2番手のプレイヤーがダイヤのカードをプレイした場合は")
    scene = catalogue()["pagat-example-b"]
    assert "small" not in scene.summary and "9♦" in scene.note
    assert "some spades (pagat does not name them" in lesson("03")


# --- engine decisions stated as a source's rule -----------------------------------------------------


def test_a_named_forbidden_card_is_the_engines_reading_of_45C4a():
    """laws 45C4a: "Et kort er spillet, hvis en spiller nævner eller på anden måde angiver det som
    det kort, spilleren har i sinde at spille (se dog § 47 (tilbagetagelse af et spillet kort))"
    (a card is played if a player names or otherwise designates it as the card they intend to
    play (but see §47, retracting a played card)). Nothing about a card the rules forbid."""
    in_seed(
        "laws", "spilleren har i sinde at spille (se dog § 47 (tilbagetagelse af et spillet kort))"
    )
    assert not found(r"even one the rules forbid")
    text = lesson("07")
    assert "§47" in text and "laws 45C4a says nothing of a card the rules forbid" in text
    assert unmarked(r"(named|name) [^.]{0,40}(forbid|may not be played)[^.]{0,60}renege") == []
    from bourre_lessons.naming import designate

    s = Situation(hand="HQ H4 S2", trump="S", trick="H7", players_after=1)
    for rules in (PAGAT, GLIMNE, WIKIPEDIA):
        named = designate("the four of hearts", s, rules)
        assert named.kind == "renege" and "the engine's reading" in named.reason


def test_the_card_standing_after_a_renege_is_the_engines_reading():
    """wikipedia: "As punições para o mau jogo variam de simples retração (bom para novos
    jogadores), retração e renegação ou apenas uma renegação" (penalties for a misplay range from
    a simple retraction, good for new players, to retraction and renege, or a renege only);
    glimne: "Samma straff ... tilldöms också en spelare som brutit mot någon av de ovanstående
    reglerna" (the same penalty is given to a player who broke any of the rules above), and
    nothing on taking the card back."""
    in_seed("wikipedia", "As punições para o mau jogo variam de simples retração (bom para novos")
    in_seed("glimne", "tilldöms också en spelare som brutit mot någon av de ovanstående reglerna")
    assert not found(r"offer no correction") and not found(r"know no correction")
    assert unmarked(r"card stands") == []
    assert "wikipedia misplay" in lesson("07") and "which is its reading" in lesson("07")


def test_pagat_does_not_say_a_reneger_skips_the_next_ante():
    """pagat: "次の手番のプレイヤーがカードをプレイするより前に「無効」を修正しないならば、「ブーレイ」
    になったプレイヤーであるかのように罰符としてポットに入っているチップと同額をポットへ支払います"
    (not corrected before the next player plays, the player pays as much as the pot holds, as if
    bourréd), and of a correction in time: "そのプレイヤーはポットからチップを受け取る権利と、次の
    ディールに参加する権利を失います。たとえトリックが全く取れなかったとしても、ポットへの罰符を支払う
    必要はありません" (the player loses the right to the pot and to the next deal, and pays no
    penalty even without a trick). Nothing about either player's next ante."""
    in_seed(
        "pagat", "「ブーレイ」になったプレイヤーであるかのように罰符としてポットに入っているチップ"
    )
    in_seed(
        "pagat", "次のディールに参加する権利を失います。たとえトリックが全く取れなかったとしても"
    )
    assert not found(r"pagat lets the reneging player skip") and not found(r"and reneging ones")
    assert unmarked(r"renege[^.;]{0,40}\b(skips?|no ante)\b[^.;]{0,20}next ante") == []
    steps = catalogue()["pagat-renege"].steps("pagat")
    sits = [s.caption for s in steps if "sit out" in s.caption]
    assert sits and "engine's reading" in sits[0]


def test_the_winner_under_a_pot_limit_is_the_engines_reading():
    """wikipedia: "a introdução de um limite de pote , que limita o valor total que um único bourré
    ou renegar pode custar a um determinado jogador" (a pot limit, which caps the total that a
    single bourré or renege can cost a given player): no figure, and nothing of the winner."""
    in_seed("wikipedia", "que limita o valor total que um único bourré ou renegar pode custar")
    assert not re.search(r"\d", REGISTER["wikipedia-pot-limit"].quote[0])
    assert not found(r"wikipedia's pot limit of \d+")
    pattern = r"winner still takes?|never (touches )?what the winner takes|not the winner's take"
    assert unmarked(pattern) == []
    assert "gives no figure" in lesson("x02") and "20 is ours" in lesson("06")


def test_cinch_means_less_than_a_sure_pot_in_glimne_and_wikipedia():
    """glimne: "(”Cinch” eller ”cinch win” har betydelsen ”en stensäker grej” = du är garanterad
    att vinna ett eller flera stick.)" ('cinch' means a dead certainty: you are sure to win one
    or more tricks); wikipedia: 'Isso às vezes é chamado de regra "vitória fácil"' (this is
    sometimes called the 'easy win' rule) and "Se for certo que você vai ganhar, você deve ganhar
    imediatamente, colocando as cartas vencedoras todas de uma vez" (if you are certain to win,
    win at once, laying the winning cards down together)."""
    in_seed("glimne", "du är garanterad att vinna ett eller flera stick")
    in_seed("wikipedia", 'Isso às vezes é chamado de regra "vitória fácil".')
    in_seed("wikipedia", "colocando as cartas vencedoras todas de uma vez")
    from bourre_lessons.widgets.cheat_sheet import WORDS

    assert dict(WORDS)["cinch"] != "the pot is certain; lesson 05b"
    assert "pagat" in dict(WORDS)["cinch"]
    text = lesson("05b")
    assert "being sure of one or more tricks" in text and '"easy win"' in text
    assert "laying the winning cards down together" in text
    assert not found(r"sure win[^.]{0,40}wikipedia|wikipedia[^.]{0,60}sure win")
    assert not found(r"family of forced plays for a player who is sure to take")


def test_the_sure_trick_count_is_the_engines_reading_not_pagats_definition():
    """pagat: "どのようなカードがプレイされるかに関係無く、3つの確実に獲得できるトリックがある場合"
    (when, whatever cards are played, you have three tricks you will surely take): pagat counts
    nothing; tricks won plus sure trump tricks is the engine's count."""
    in_seed(
        "pagat",
        "どのようなカードがプレイされるかに関係無く、3つの確実に獲得できるトリックがある場合",
    )
    pattern = r"(tricks|already) won (plus|\+) (your )?sure (trump )?tricks"
    assert unmarked(pattern) == []
    assert not found(r"pagat calls a hand that is sure of three tricks")


def test_a_lone_player_playing_the_hand_out_is_the_engines_reading():
    """pagat: "その1人のプレイヤーは、5トリック全てに勝利したと見なします" (that one player counts as
    having won all five tricks); glimne and wikipedia describe declaring ("bestämmer sig i
    medsols ordning för att antingen vara med och spela, eller för att lägga sig": everyone
    decides, clockwise, to play or to fold) but never a lone player."""
    in_seed("pagat", "その1人のプレイヤーは、5トリック全てに勝利したと見なします")
    in_seed("glimne", "bestämmer sig i medsols ordning för att antingen vara med och spela")
    assert unmarked(r"(play|plays|played) the hand out") == []
    for preset in ("glimne", "wikipedia"):
        last = catalogue()["pagat-lone"].steps(preset)[-1].caption
        assert "does not say" in last and "engine's reading" in last, preset


def test_glimnes_dealer_passing_with_a_turned_ace_is_the_engines_reading():
    """glimne: "Om givens sista kort är ett ess, är det med automatik trumfesset och det är i
    stället given som gör första utspelet" (if the dealer's last card is an ace, it is of course
    the trump ace, and the dealer makes the first lead instead): nothing on passing."""
    in_seed("glimne", "är det med automatik trumfesset och det är i stället given som gör första")
    assert not found(r"glimne: the dealer may pass") and not found(r"could pass under these rules")
    assert unmarked(r"(glimne|wikipedia)('s|:)? (the )?dealer[^.]{0,30} may pass") == []
    for scene_id in ("glimne-dealer-ace", "pagat-dealer-ace"):
        said = catalogue()[scene_id].steps("glimne")[1].caption
        assert "does not say" in said and "its reading" in said


def test_the_direction_of_the_deal_is_pagats():
    """pagat: "ディーラーの左隣から初めて時計回りに配ります" (deal clockwise starting on the dealer's
    left); wikipedia: "o dealer distribui cinco cartas para cada jogador, uma de cada vez" (the
    dealer deals five cards to each player, one at a time), no direction; glimne: "ett och ett
    bordet runt" (one at a time round the table)."""
    in_seed("pagat", "ディーラーの左隣から初めて時計回りに配ります")
    in_seed("wikipedia", "o dealer distribui cinco cartas para cada jogador, uma de cada vez")
    in_seed("glimne", "ger alla 5 kort var, ett och ett bordet runt")
    assert not found(r"wikipedia[^.]{0,50}(deal|dealt)[^.]{0,30}clockwise")
    assert "wikipedia names no direction" in reading("reading-deal-direction").text


# --- figures and words ---------------------------------------------------------------------------


def test_glimnes_suitable_two_to_six_is_where_the_player_counts_are():
    """glimne: "Lämpligt antal spelare är 2-6." (a suitable number of players is 2-6)."""
    in_seed("glimne", "Lämpligt antal spelare är 2-6.")
    assert "glimne recommends two to six, which it calls a suitable number" in lesson("02")
    from bourre_lessons.widgets import cheat_sheet as sheet

    assert "2–6 “suitable”" in " ".join(sheet.sheet_text(sheet.cheat_sheet()).split())


def test_lesson_00_promises_only_the_examples_glimne_gives():
    """glimne 1, 8 and 10 have no example (test_glimne_gives_examples_for_rules_2_to_7_only)."""
    assert not found(r"ten numbered rules of play, each with an example")
    assert "seven of them with an example (1, 8 and 10 have none)" in lesson("00")


def test_the_games_history_keeps_the_sources_probably():
    """glimne: "Dock härstammar det sannolikt från det spanska 1800-talsspelet burro" (it probably
    descends, though, from the Spanish 19th-century game burro); wikipedia: "Os parentes mais
    próximos do jogo são provavelmente Spades e Euchre" (the game's closest relatives are
    probably Spades and Euchre)."""
    in_seed("glimne", "Dock härstammar det sannolikt från det spanska 1800-talsspelet burro")
    in_seed("wikipedia", "Os parentes mais próximos do jogo são provavelmente Spades e Euchre")
    for pattern in (r"glimne[^.]{0,100}burro", r"Spades and Euchre"):
        hits = found(pattern)
        assert hits and all("probabl" in hit for hit in hits), hits


def test_a_small_one_is_explained_where_lesson_00_promises_it():
    """laws: "“En lille” og lignende angivelser" ('A small one' and similar designations), the
    heading of 46B1, whose c reads "Hvis spilfører anmoder om et “lille” kort eller bruger
    lignende udtryk, anses spilfører for at have anmodet om det mindste kort i den udspillede
    farve" (asking for a 'small' card means the lowest card of the suit led)."""
    in_seed("laws", "“En lille” og lignende angivelser")
    in_seed(
        "laws", "anses spilfører for at have anmodet om det mindste kort i den udspillede farve"
    )
    assert '"a small one" (laws 46B1c)' in lesson("00")
    assert '"En lille", "a small one"' in lesson("07")
    from bourre_lessons.naming import designate

    s = Situation(hand="H4 H9 HJ C2", trump="S", trick="HK", players_after=1)
    assert designate("a small one", s).clause == "laws-46B1c"


# --- glimne's omissions ----------------------------------------------------------------------------


def test_glimnes_english_deal_is_named_and_not_invented():
    """glimne: "(ni får gärna i stället köra med engelsk giv)" (you are welcome to use the English
    deal instead), and no word on what it is."""
    in_seed("glimne", "(ni får gärna i stället köra med engelsk giv)")
    assert seed_text("glimne").count("engelsk giv") == 1
    assert "engelsk giv" in lesson("08") and "without saying what it is" in lesson("08")
    assert 'id="engelsk-giv"' in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")


def test_glimnes_lay_down_and_game_for_fun_are_named():
    """glimne: "är det kutym att du spelar ut alla de tre korten på samma gång" (it is customary to
    lead all three cards at once) and "alla startar med låt oss säga 100 enheter var" (everyone
    starts with, say, 100 units)."""
    in_seed("glimne", "är det kutym att du spelar ut alla de tre korten på samma gång")
    in_seed("glimne", "alla startar med låt oss säga 100 enheter var")
    for name in ("05b", "08"):
        assert "A-K-Q of trumps down" in lesson(name), name
    assert "100 units" in lesson("08")
