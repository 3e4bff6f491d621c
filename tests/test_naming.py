"""Naming a card: the laws rows of docs/scenes.md, in five languages, by bridge laws 45C4a and 46B.

The laws (the Danish source, `laws`) were written for bridge; docs/rules.md ("Naming a card")
carries them over to Bourré: a partial designation always chooses among the cards the engine
allows; a card named in full that the engine refuses is played all the same, as a renege (see
tests/test_naming_laws.py). Cards are written suit first as in docs/scenes.md (`D8` = eight of
diamonds). Expected cards are literals.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bourre_lessons import (
    DECK,
    Card,
    CardError,
    Rank,
    Rules,
    Situation,
    Suit,
    legal_plays,
    parse_card,
    parse_cards,
)
from bourre_lessons.naming import CLAUSES, Designation, NamingError, designate, vocabulary
from bourre_lessons.naming_words import LANGUAGES, base_words, normalize, table

LANGS = ("en", "sv", "da", "pt", "ja")


def situation(hand: str, trump: str = "S", trick: str = "", **kw: object) -> Situation:
    return Situation(hand=parse_cards(hand), trump=trump, trick=parse_cards(trick), **kw)


def card(code: str) -> Card:
    """A card from a two-character suit-first code, built without parse_card: 'DK'."""
    suits = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
    ranks = {r.letter: r for r in Rank}
    return Card(suits[code[0]], ranks[code[1]])


def cards(codes: str) -> set[Card]:
    return {card(c) for c in codes.split()}


# Following diamonds: D8 led, spades trump, one player still to come. You must beat D8,
# so the legal cards are D9, DK, DA; D2 and C3 are held but may not be played.
FOLLOW = situation("D2 D9 DK DA C3", trick="D8", players_after=1)
FOLLOW_LAST = situation("D2 D9 DK DA C3", trick="D8", players_after=0)
# On lead with two kings (hearts, clubs), spades trump: every card may be led.
LEAD_TWO_KINGS = situation("CK HK D2 C5", players_after=3)
# glimne-2a: H7 led, HT played; you hold H4 and HJ: only HJ beats HT, so only HJ is legal.
ONLY_JACK = situation("H4 HJ", trick="H7 HT", players_after=1)


# --- the laws rows of docs/scenes.md, in English ---------------------------------------------------------


def test_laws_named_card_is_played():
    """laws-named, laws 45C4a: a fully named card that may be played is played at once."""
    result = designate("king of diamonds", FOLLOW)
    assert result.kind == "played"
    assert result.card == card("DK")
    assert result.clause == "laws-45C4a"
    assert "K♦" in result.reason


def test_laws_high_is_highest_legal_of_led_suit():
    """laws-high, laws 46B1a: "high" = the highest card of the led suit that is legal."""
    result = designate("high", FOLLOW)
    assert (result.kind, result.card, result.clause) == ("played", card("DA"), "laws-46B1a")
    assert "A♦" in result.reason


def test_laws_low_is_lowest_legal_of_led_suit():
    """laws-low, laws 46B1c: "low" = the lowest legal diamond: D9, not the illegal D2."""
    result = designate("low", FOLLOW)
    assert (result.kind, result.card, result.clause) == ("played", card("D9"), "laws-46B1c")
    assert "9♦" in result.reason


def test_laws_win_last_to_play_is_lowest_sure_winner():
    """laws-win, laws 46B1b: last to play, "win it" = the lowest card sure to win (D9 beats D8)."""
    result = designate("win it", FOLLOW_LAST)
    assert (result.kind, result.card, result.clause) == ("played", card("D9"), "laws-46B1b")
    assert "9♦" in result.reason


def test_laws_win_not_last_is_highest():
    """laws-win, laws 46B1b: with a player still to come, "win it" = the highest card, DA."""
    result = designate("win it", FOLLOW)
    assert (result.kind, result.card, result.clause) == ("played", card("DA"), "laws-46B1b")


def test_laws_win_when_void_uses_trumps():
    """laws 46B1b with pagat 2: void in hearts after S6 trumped: lowest overtrump last, else the top."""
    last = situation("S4 SJ SK D3", trick="H6 S6", players_after=0)
    not_last = situation("S4 SJ SK D3", trick="H6 S6", players_after=1)
    assert designate("win it", last).card == card("SJ")
    assert designate("win it", not_last).card == card("SK")


def test_laws_win_when_nothing_can_win_is_the_highest_of_the_led_suit():
    """laws 46B1b: no card you may play beats SA (the trick is trumped), so no card is known to
    win and "win it" means the highest diamond, D3 (docs/rules.md: "if no card is known to win,
    the highest")."""
    result = designate("win it", situation("D2 D3 C4", trick="D5 SA", players_after=1))
    assert (result.kind, result.clause, result.card) == ("played", "laws-46B1b", card("D3"))
    assert "A♠" in result.reason and "will not win" in result.reason


def test_laws_win_void_with_nothing_that_can_win_names_nothing():
    """laws 46B1b: void in diamonds and no trump, so no card of the led suit and none that can
    win: "win it" names no card."""
    result = designate("win it", situation("H2 C4", trick="D5", players_after=1))
    assert (result.kind, result.clause, result.card) == ("invalid", "laws-46B1b", None)


def test_laws_suit_is_lowest_legal_of_that_suit():
    """laws-suit, laws 46B2: "a diamond" = the lowest legal diamond, D9 (D2 may not be played)."""
    result = designate("a diamond", FOLLOW)
    assert (result.kind, result.card, result.clause) == ("played", card("D9"), "laws-46B2")


def test_laws_rank_single_legal_card():
    """laws-rank, laws 46B3(b): only one king may be played, so "the king" is that king."""
    result = designate("the king", FOLLOW)
    assert (result.kind, result.card, result.clause) == ("played", card("DK"), "laws-46B3")


def test_laws_rank_two_legal_cards_asks_which():
    """laws-rank, laws 46B3(b): two kings may be led, so the player is asked which."""
    result = designate("the king", LEAD_TWO_KINGS)
    assert result.kind == "ask"
    assert result.clause == "laws-46B3"
    assert set(result.candidates) == cards("HK CK")
    assert result.card is None
    assert "K♥" in result.question and "K♣" in result.question


def test_laws_rank_two_held_one_legal():
    """laws 46B3(b): two kings held, but following clubs only CK is legal, so CK is played."""
    result = designate("the king", situation("CK HK D2", trick="C5", players_after=2))
    assert (result.kind, result.card, result.clause) == ("played", card("CK"), "laws-46B3")


def test_laws_missing_card_is_invalid():
    """laws-missing, laws 46B4: a card not held is not played: invalid, ask again."""
    result = designate("queen of hearts", FOLLOW)
    assert (result.kind, result.clause, result.card) == ("invalid", "laws-46B4", None)
    assert "Q♥" in result.reason


def test_laws_missing_rank_with_no_legal_card_is_invalid():
    """laws 46B4, second case: "the two" when the only two (D2) may not be played: invalid."""
    result = designate("the two", FOLLOW)
    assert (result.kind, result.clause) == ("invalid", "laws-46B4")
    assert result.verdict is not None and result.verdict.rule_id == "pagat-3"
    assert "2♦" in result.reason


def test_laws_missing_suit_with_no_legal_card_is_invalid():
    """laws 46B4 with pagat 1: "a club" while you must follow diamonds names no legal card."""
    result = designate("a club", FOLLOW)
    assert (result.kind, result.clause) == ("invalid", "laws-46B4")
    assert result.verdict is not None and result.verdict.rule_id == "pagat-1"


def test_laws_any_lets_opponent_choose():
    """laws-any, laws 46B5: "doesn't matter" = an opponent chooses among the legal cards."""
    result = designate("doesn't matter", FOLLOW)
    assert result.kind == "opponent_chooses"
    assert result.clause == "laws-46B5"
    assert set(result.candidates) == cards("D9 DK DA")
    assert result.card is None


@pytest.mark.parametrize("said", ["a heart", "low", "high", "hearts", "doesn't matter"])
def test_laws_intent_only_one_legal_card_fits(said):
    """laws-intent, 46B preamble: only HJ may be played, so whatever fits means HJ (glimne-2a)."""
    result = designate(said, ONLY_JACK)
    assert (result.kind, result.card, result.clause) == ("played", card("HJ"), "laws-intent")
    assert "J♥" in result.reason


def test_laws_intent_names_the_card_the_plain_rule_would_pick():
    """laws-intent: 46B2 alone would pick H4 (lowest heart), which the engine refuses."""
    assert "4♥" in designate("a heart", ONLY_JACK).reason


def test_named_illegal_card_quotes_engine_verdict():
    """laws 45C4a with glimne 5: S4 is named, so it is played, but the engine demands an
    overtrump (SJ): a renege, with the engine's verdict quoted."""
    sit = situation("S4 SJ DK", trick="H6 S6 H2", players_after=0)
    result = designate("S4", sit, Rules.preset("glimne"))
    assert (result.kind, result.clause, result.card) == ("renege", "laws-45C4a", card("S4"))
    assert result.verdict is not None
    assert result.verdict.rule_id == "glimne-5"
    assert not result.verdict.legal
    assert "glimne 5" in result.reason
    assert result.verdict.reason in result.reason


def test_named_illegal_card_cites_the_presets_source():
    """laws 45C4a with pagat 2: the same refusal cites the pagat rule under the pagat preset."""
    sit = situation("S4 SJ DK", trick="H6 S6 H2", players_after=0)
    assert designate("4 of spades", sit, Rules.preset("pagat")).verdict.rule_id == "pagat-2"


# --- decisions where the laws are silent --------------------------------------------------------------


def test_high_and_low_when_void_use_the_only_legal_suit():
    """laws 46B1a/c, void in diamonds: pagat 2 makes you trump, so high/low are your trumps."""
    sit = situation("S3 S9 C4", trick="D5", players_after=1)
    assert (designate("high", sit).card, designate("high", sit).clause) == (
        card("S9"),
        "laws-46B1a",
    )
    assert (designate("low", sit).card, designate("low", sit).clause) == (card("S3"), "laws-46B1c")


def test_high_on_lead_over_several_suits_asks_which_suit():
    """laws 46B1a on lead (no led suit): the decision is to ask, offering each suit's top card."""
    result = designate("high", LEAD_TWO_KINGS)
    assert (result.kind, result.clause) == ("ask", "laws-46B1a")
    assert set(result.candidates) == cards("HK D2 CK")


def test_low_with_a_named_suit_uses_that_suit():
    """laws 46B1c with a suit ("lille klør" in the Danish source): lowest legal club, C5."""
    result = designate("low club", LEAD_TWO_KINGS)
    assert (result.kind, result.card, result.clause) == ("played", card("C5"), "laws-46B1c")


@pytest.mark.parametrize(
    ("said", "expected", "clause"),
    [("a trump", "S3", "laws-46B2"), ("high trump", "S9", "laws-46B1a")],
)
def test_trump_word_means_the_trump_suit(said, expected, clause):
    """laws 46B2 / 46B1a: "trump" stands for the trump suit of the situation (spades here)."""
    result = designate(said, situation("S3 S9 C4", trick="D5", players_after=1))
    assert (result.card, result.clause) == (card(expected), clause)


@pytest.mark.parametrize("said", ["hearts spades", "high low", "king queen", "QH KH", "QH spades"])
def test_contradictions_are_sent_back(said):
    """laws 46A: words that name two different things do not name one card: invalid."""
    result = designate(said, LEAD_TWO_KINGS)
    assert (result.kind, result.clause, result.card) == ("invalid", "laws-46A", None)


@pytest.mark.parametrize("said", ["the", "please play a card"])
def test_only_filler_words_name_nothing(said):
    """laws 46A: only filler words: nothing is designated."""
    assert designate(said, LEAD_TWO_KINGS).clause == "laws-46A"


def test_king_high_is_a_contradiction():
    """laws 46A: a rank together with "high" is not one designation."""
    assert designate("high king", LEAD_TWO_KINGS).kind == "invalid"


def test_any_with_a_suit_reads_as_the_suit():
    """laws 46B2: "any diamond" names the suit, so the lowest legal diamond is played."""
    assert designate("any diamond", FOLLOW).card == card("D9")


def test_naming_the_same_card_twice_is_one_card():
    """laws 45C4a: "QH, queen of hearts" names one card once."""
    sit = situation("QH H3", players_after=1)
    assert designate("QH queen of hearts", sit).card == card("HQ")


# --- the same clauses in five languages ------------------------------------------------------------

# (clause row, situation, expected kind, expected cards)
ROWS = {
    "named": (FOLLOW, "played", "DK", "laws-45C4a"),
    "high": (FOLLOW, "played", "DA", "laws-46B1a"),
    "low": (FOLLOW, "played", "D9", "laws-46B1c"),
    "win-last": (FOLLOW_LAST, "played", "D9", "laws-46B1b"),
    "win": (FOLLOW, "played", "DA", "laws-46B1b"),
    "suit": (FOLLOW, "played", "D9", "laws-46B2"),
    "rank": (FOLLOW, "played", "DK", "laws-46B3"),
    "rank-ask": (LEAD_TWO_KINGS, "ask", "HK CK", "laws-46B3"),
    "missing": (FOLLOW, "invalid", "", "laws-46B4"),
    "any": (FOLLOW, "opponent_chooses", "D9 DK DA", "laws-46B5"),
    "intent": (ONLY_JACK, "played", "HJ", "laws-intent"),
}

WORDS = {
    "en": {
        "named": "king of diamonds",
        "high": "the high one",
        "low": "small",
        "win-last": "win it",
        "win": "take the trick",
        "suit": "a diamond",
        "rank": "the king",
        "rank-ask": "king",
        "missing": "queen of hearts",
        "any": "it doesn't matter",
        "intent": "a heart",
    },
    "sv": {
        "named": "ruter kung",
        "high": "hög",
        "low": "liten",
        "win-last": "ta sticket",
        "win": "stick",
        "suit": "en ruter",
        "rank": "kungen",
        "rank-ask": "kung",
        "missing": "hjärter dam",
        "any": "det spelar ingen roll",
        "intent": "hjärter",
    },
    "da": {
        "named": "ruder konge",
        "high": "stor",
        "low": "lille",
        "win-last": "vi stikker",
        "win": "stik",
        "suit": "en ruder",
        "rank": "kongen",
        "rank-ask": "konge",
        "missing": "hjerter dame",
        "any": "det er ligegyldigt",
        "intent": "en hjerter",
    },
    "pt": {
        "named": "rei de ouros",
        "high": "a mais alta",
        "low": "baixa",
        "win-last": "vencer a vaza",
        "win": "ganhar",
        "suit": "ouros",
        "rank": "o rei",
        "rank-ask": "rei",
        "missing": "dama de copas",
        "any": "tanto faz",
        "intent": "copas",
    },
    "ja": {
        "named": "ダイヤのキング",
        "high": "大きい",
        "low": "小さいカード",
        "win-last": "勝つ",
        "win": "トリックを取る",
        "suit": "ダイヤ",
        "rank": "キング",
        "rank-ask": "キングを出します",
        "missing": "ハートのクイーン",
        "any": "どれでもいい",
        "intent": "ハート",
    },
}

CASES = [(lang, row) for lang in LANGS for row in ROWS]


@pytest.mark.parametrize("mode", ["own", "auto"])
@pytest.mark.parametrize(("lang", "row"), CASES)
def test_laws_rows_in_each_language(lang, row, mode):
    """laws 45C4a, 46B1a-c, 46B2, 46B3, 46B4, 46B5 and intent, said in en, sv, da, pt and ja."""
    sit, kind, expected, clause = ROWS[row]
    result = designate(WORDS[lang][row], sit, language=lang if mode == "own" else "auto")
    assert (result.kind, result.clause) == (kind, clause)
    if kind == "played":
        assert result.card == card(expected)
    elif kind in ("ask", "opponent_chooses"):
        assert set(result.candidates) == cards(expected)
    else:
        assert result.card is None


@pytest.mark.parametrize(
    ("said", "language", "expected"),
    [
        ("spardame", "da", "SQ"),
        ("hjerterkonge", "da", "HK"),
        ("klør es", "da", "CA"),
        ("klor es", "da", "CA"),
        ("hjärterkung", "sv", "HK"),
        ("hjarter tia", "sv", "HT"),
        ("klöver ess", "sv", "CA"),
        ("ás de paus", "pt", "CA"),
        ("três de ouros", "pt", "D3"),
        ("ハートの10", "ja", "HT"),
        ("スペードのQ", "ja", "SQ"),
        ("クラブのエースを出してください", "ja", "CA"),
        ("ダイヤモンドの三", "ja", "D3"),
        ("ten of hearts", "en", "HT"),
        ("the 10 of ♥", "en", "HT"),
        ("♥ 10", "sv", "HT"),
    ],
)
def test_full_names_in_words(said, language, expected):
    """laws 45C4a: suit and rank said in words (and compounds) name one card, which is led."""
    sit = situation("SQ HK HT CA D3", trump="D", players_after=2)
    result = designate(said, sit, language=language)
    assert (result.kind, result.card, result.clause) == ("played", card(expected), "laws-45C4a")


NOTATIONS = [
    ("QH", "HQ"),
    ("Q♥", "HQ"),
    ("hQ", "HQ"),
    ("♥Q", "HQ"),
    ("10H", "HT"),
    ("TH", "HT"),
    ("H10", "HT"),
    ("hj7", "H7"),
    ("sp8", "S8"),
    ("ru9", "D9"),
    ("kl10", "CT"),
]


@pytest.mark.parametrize("language", [*LANGS, "auto"])
@pytest.mark.parametrize(("said", "expected"), NOTATIONS)
def test_every_card_notation_works_in_every_language(said, expected, language):
    """docs/rules.md "Naming a card": the sources' notations (QH, Q♥, hQ, 10H, TH, hj7...) always work."""
    sit = situation("HQ HT H7 S8 D9 CT", trump="C", players_after=2)
    assert designate(said, sit, language=language).card == card(expected)


# --- the word tables ---------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGS)
def test_each_language_names_every_suit_rank_and_phrase(language):
    """docs/rules.md: words for all four suits, all thirteen ranks and the four 46B phrases."""
    labels = set(vocabulary(language))
    wanted = {s.plural for s in Suit} | {r.word for r in Rank}
    wanted |= {"high", "low", "win it", "doesn't matter"}
    assert wanted <= labels


@pytest.mark.parametrize("language", [*LANGS, "auto"])
def test_no_table_word_is_also_a_card_code(language):
    """Card codes always win: a word in a table must not be readable by parse_card."""
    for word in table(language):
        with pytest.raises(CardError):
            parse_card(word)


@pytest.mark.parametrize(
    ("language", "word", "meaning"),
    [
        ("da", "es", ("rank", Rank.ACE)),
        ("da", "spar", ("suit", Suit.SPADES)),
        ("da", "bonde", ("rank", Rank.JACK)),
        ("sv", "ess", ("rank", Rank.ACE)),
        ("sv", "spader", ("suit", Suit.SPADES)),
        ("pt", "espadas", ("suit", Suit.SPADES)),
        ("pt", "ás", ("rank", Rank.ACE)),
        ("ja", "スペード", ("suit", Suit.SPADES)),
    ],
)
def test_selected_words_mean_one_thing(language, word, meaning):
    """docs/rules.md: words unambiguous within their language (Danish "es" is the ace)."""
    assert table(language)[word] == meaning


def test_portuguese_as_without_accent_is_the_ace_of_spades_code():
    """parse_card reads "as" as AS; the Portuguese ás loses its accent-free spelling to it."""
    sit = situation("SA HA", players_after=1)
    assert designate("as", sit, language="pt").card == card("SA")
    assert designate("ás", sit, language="pt").kind == "ask"


def test_auto_knows_every_languages_words():
    """language="auto" reads every language's words at once."""
    for language in LANGUAGES:
        for spellings in base_words(language).values():
            for spelling in spellings:
                assert " ".join(normalize(spelling).split()) in table("auto")


# --- errors ---------------------------------------------------------------------------------------


def test_unknown_words_raise_naming_error_quoting_them():
    """Unknown words: NamingError quotes them and lists what Swedish understands."""
    with pytest.raises(NamingError) as caught:
        designate("blorp hjärter zing", LEAD_TWO_KINGS, language="sv")
    message = str(caught.value)
    assert "'blorp'" in message and "'zing'" in message
    assert "hjärter" in message and "kung" in message and "Swedish" in message
    assert isinstance(caught.value, ValueError)


def test_word_of_another_language_is_unknown_unless_auto():
    """The language chooses the table: "hjärter" is not English, but "auto" reads it."""
    with pytest.raises(NamingError, match="hjärter"):
        designate("hjärter", LEAD_TWO_KINGS, language="en")
    assert designate("hjärter", LEAD_TWO_KINGS, language="auto").card == card("HK")


@pytest.mark.parametrize("text", ["", "   ", "?!"])
def test_nothing_said_raises(text):
    """Empty text is not a designation."""
    with pytest.raises(NamingError):
        designate(text, LEAD_TWO_KINGS)


def test_unknown_language_raises():
    """Only en, sv, da, pt, ja and auto are accepted."""
    with pytest.raises(NamingError, match="en, sv, da, pt, ja"):
        designate("QH", LEAD_TWO_KINGS, language="fr")


def test_designation_refuses_inconsistent_fields():
    """A played designation carries a card; an ask carries a question and two candidates."""
    with pytest.raises(ValueError):
        Designation("played", "laws-45C4a", "x")
    with pytest.raises(ValueError):
        Designation("ask", "laws-46B3", "x", candidates=(card("HK"),), question="?")
    with pytest.raises(ValueError):
        Designation("invalid", "laws-99", "x")
    with pytest.raises(ValueError, match="renege"):
        Designation("renege", "laws-45C4a", "x", card=card("HK"))
    with pytest.raises(ValueError, match="renege"):
        Designation("played", "laws-45C4a", "x", card=card("HK"), renege="pagat-renege")


# --- fuzz ---------------------------------------------------------------------------------------

_NOTATIONS = ["QH", "hj7", "10H", "Q♥", "kl10", "TH", "SA", "d2", "♣K", "sp8"]
_JUNK = ["zz", "é", "!", "-", "の", "'", "ß", "ǅ", "ﬀ", "\u200b", "１０", "ＱＨ"]


def _words(language: str) -> list[str]:
    return sorted(table(language)) + _NOTATIONS


@st.composite
def situations(draw: st.DrawFn) -> Situation:
    """A random position: one to five cards in hand, zero to four in the trick."""
    chosen = draw(st.lists(st.sampled_from(DECK), min_size=1, max_size=9, unique=True))
    size = draw(st.integers(1, min(5, len(chosen))))
    hand, trick = chosen[:size], chosen[size : size + 4]
    after = draw(st.integers(0, 7 - len(trick)))
    trump = draw(st.sampled_from(list(Suit)))
    return Situation(hand=tuple(hand), trump=trump, trick=tuple(trick), players_after=after)


@st.composite
def utterances(draw: st.DrawFn, language: str) -> str:
    """Random text: unicode, or a random mixture of the language's words, codes and junk."""
    words = _words(language)
    pieces = st.one_of(st.sampled_from(words), st.sampled_from(words), st.sampled_from(_JUNK))
    kind = draw(st.integers(0, 4))
    if kind == 0:
        return draw(st.text(max_size=30))
    if kind == 1:
        return draw(st.lists(st.one_of(pieces, st.text(max_size=3)), max_size=4).map(" ".join))
    glue = "" if kind == 2 else " "
    return draw(st.lists(pieces, min_size=1, max_size=3 if kind < 4 else 1).map(glue.join))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    sit=situations(),
    language=st.sampled_from([*LANGS, "auto"]),
    source=st.sampled_from(["pagat", "glimne", "wikipedia"]),
)
def test_fuzz_only_naming_errors_and_only_legal_cards(data, sit, language, source):
    """Any text: either NamingError, or a designation whose cards the engine allows."""
    text = data.draw(utterances(language), label="text")
    rules = Rules.preset(source)
    try:
        result = designate(text, sit, rules, language)
    except NamingError:
        return
    legal = legal_plays(sit, rules)
    assert result.clause in CLAUSES
    assert result.reason
    if result.kind == "played":
        assert result.card in legal
    elif result.kind == "renege":
        assert result.clause == "laws-45C4a"
        assert result.card in sit.hand and result.card not in legal
    elif result.kind == "ask":
        assert len(result.candidates) >= 2 and set(result.candidates) <= legal
    elif result.kind == "opponent_chooses":
        assert set(result.candidates) == legal
    else:
        assert result.kind == "invalid" and result.card is None


_PARTIAL = ["high", "low", "win it", "doesn't matter", "trump", "king", "nine", "two", "ace"]
_PARTIAL += ["spades", "hearts", "diamonds", "clubs", "high hearts", "low spades", "win it trump"]


@st.composite
def following(draw: st.DrawFn) -> Situation:
    """A random position after a lead: three to five cards in hand, one to four in the trick."""
    chosen = draw(st.lists(st.sampled_from(DECK), min_size=4, max_size=9, unique=True))
    size = draw(st.integers(3, min(5, len(chosen) - 1)))
    hand, trick = chosen[:size], chosen[size : size + 4]
    after = draw(st.integers(0, 7 - len(trick)))
    trump = draw(st.sampled_from(list(Suit)))
    return Situation(hand=tuple(hand), trump=trump, trick=tuple(trick), players_after=after)


@settings(max_examples=300, deadline=None)
@given(
    said=st.sampled_from(_PARTIAL),
    sit=following(),
    source=st.sampled_from(["pagat", "glimne", "wikipedia"]),
)
def test_fuzz_partial_designations_choose_among_legal_cards(said, sit, source):
    """laws 46B1-46B5 in Bourré: a card chosen for a partial designation is always legal."""
    rules = Rules.preset(source)
    result = designate(said, sit, rules)
    legal = legal_plays(sit, rules)
    assert result.kind in ("played", "ask", "invalid", "opponent_chooses")
    assert set(result.candidates) <= legal
    if result.kind == "played":
        assert result.card in legal
