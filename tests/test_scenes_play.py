"""The play rows of docs/scenes.md, one test each, checked against the source's own answer.

Cards are written suit first as in docs/scenes.md (`H7` = seven of hearts, `ST` = ten of spades).
Where a scene says "fill in", the filled-in cards are chosen so that they change nothing, and a
comment says so. Where the presets disagree (docs/rules.md, disagreements A, B and C), every
preset's answer is asserted; where they agree, the test runs under all three.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bourre_lessons import (
    Rules,
    Situation,
    explain,
    has_cinch,
    legal_plays,
    parse_card,
    parse_cards,
    sure_trump_tricks,
)
from bourre_lessons.scenes import get

PRESETS = ("glimne", "wikipedia", "pagat")


def rules_for(preset: str) -> Rules:
    """A source's preset; 'off' for the pagat preset with the cinch rules switched off;
    'glimne-cinch' for glimne with its named local cinch variant switched on ("strict").

    glimne's base rules have no cinch: it calls the cinch rules one of the commonest local
    variants, so the glimne cinch tests switch them on explicitly.
    """
    if preset == "off":
        return replace(Rules.preset("pagat"), cinch="off")
    if preset == "glimne-cinch":
        return replace(Rules.preset("glimne"), cinch="strict")
    return Rules.preset(preset)


def cinch_rule(preset: str) -> str:
    """The id each rulebook cites for its cinch rule (glimne's variant: glimne-cinch)."""
    return {"glimne-cinch": "glimne-cinch"}.get(preset, f"{preset}-cinch")


def situation(
    hand: str,
    trump: str = "S",
    trick: str = "",
    seen: str = "",
    **kw: object,
) -> Situation:
    return Situation(
        hand=parse_cards(hand),
        trump=trump,
        trick=parse_cards(trick),
        seen=parse_cards(seen),
        **kw,
    )


def legal(sit: Situation, preset: str) -> set[str]:
    """The codes of the cards `legal_plays` allows under a preset."""
    return {card.code for card in legal_plays(sit, rules_for(preset))}


def codes(text: str) -> set[str]:
    return {card.code for card in parse_cards(text)}


def check_verdict(sit: Situation, preset: str, code: str, *, allowed: bool, rule: str) -> None:
    """`explain` agrees on the card, cites `rule`, and its reason names the card."""
    card = parse_card(code)
    verdict = explain(sit, code, rules_for(preset))
    assert verdict.card == card
    assert verdict.legal is allowed, verdict
    assert verdict.rule_id == rule, verdict
    assert str(card) in verdict.reason, verdict


def rule_for_trump(preset: str) -> str:
    """The id each preset cites for "void in the led suit: play a trump"."""
    source = preset.split("-")[0]  # 'glimne-cinch' is glimne's rulebook
    return {"glimne": "glimne-3", "wikipedia": "wikipedia-2", "pagat": "pagat-2"}[source]


def rule_for_trumped_follow(preset: str) -> str:
    """The id each preset cites for "the trick is trumped: any card of the led suit"."""
    return {"glimne": "glimne-7", "wikipedia": "wikipedia-1"}.get(preset, "pagat-example")


# --- glimne (Swedish): ten numbered play rules -------------------------------------------


@pytest.mark.parametrize(
    ("preset", "beat_rule"),
    [("glimne", "glimne-2"), ("wikipedia", "pagat-3"), ("pagat", "pagat-3")],
)
def test_glimne_2a_beat_the_highest_card(preset, beat_rule):
    """glimne 2: following an untrumped trick, beat the highest card so far if you can.

    A led H7, B played HT; you hold H4 and HJ: only HJ.
    """
    # Trump is not given: spades, of which you hold none, so it changes nothing.
    sit = situation("H4 HJ", trump="S", trick="H7 HT")
    assert legal(sit, preset) == {"HJ"}
    check_verdict(sit, preset, "HJ", allowed=True, rule=beat_rule)
    check_verdict(sit, preset, "H4", allowed=False, rule=beat_rule)


@pytest.mark.parametrize(
    ("preset", "beat_rule", "follow_rule"),
    [
        ("glimne", "glimne-2", "glimne-whist"),
        ("wikipedia", "pagat-3", "wikipedia-1"),
        ("pagat", "pagat-3", "pagat-1"),
    ],
)
def test_glimne_2b_cannot_beat_any_card_of_the_suit(preset, beat_rule, follow_rule):
    """glimne 2: following but unable to beat the highest card: any card of the led suit.

    A led H7, B played HK; you hold H4 and HJ: H4 or HJ (the article picks H4).
    """
    # Filled in: spades trump, and a club C9 so that one card is illegal; you still hold
    # hearts, so the club changes nothing.
    sit = situation("H4 HJ C9", trump="S", trick="H7 HK")
    assert legal(sit, preset) == {"H4", "HJ"}
    check_verdict(sit, preset, "H4", allowed=True, rule=beat_rule)
    check_verdict(sit, preset, "C9", allowed=False, rule=follow_rule)


@pytest.mark.parametrize(
    ("preset", "trump_rule"),
    [("glimne", "glimne-3"), ("wikipedia", "wikipedia-2"), ("pagat", "pagat-2")],
)
def test_glimne_3_void_must_trump(preset, trump_rule):
    """glimne 3: void in the led suit, you must play a trump.

    Spades trump; A led D9; you hold S8, SQ, C6, HT and no diamonds: S8 or SQ.
    """
    sit = situation("S8 SQ C6 HT", trump="S", trick="D9")
    assert legal(sit, preset) == {"S8", "SQ"}
    check_verdict(sit, preset, "S8", allowed=True, rule=trump_rule)
    check_verdict(sit, preset, "C6", allowed=False, rule=trump_rule)
    check_verdict(sit, preset, "HT", allowed=False, rule=trump_rule)


@pytest.mark.parametrize(
    ("preset", "follow_rule", "trumped_rule"),
    [
        ("glimne", "glimne-whist", "glimne-7"),
        ("wikipedia", "wikipedia-1", "wikipedia-1"),
        ("pagat", "pagat-1", "pagat-example"),
    ],
)
def test_glimne_4_follow_suit_even_after_a_trump(preset, follow_rule, trumped_rule):
    """glimne 4: holding both the led suit and trump, after both were played: follow suit.

    Spades trump; A led CT, B (void in clubs) played S5; you hold CA and SJ: only CA.
    """
    sit = situation("CA SJ", trump="S", trick="CT S5")
    assert legal(sit, preset) == {"CA"}
    check_verdict(sit, preset, "SJ", allowed=False, rule=follow_rule)
    check_verdict(sit, preset, "CA", allowed=True, rule=trumped_rule)


@pytest.mark.parametrize(
    ("preset", "over_rule", "trump_rule"),
    [
        ("glimne", "glimne-5", "glimne-3"),
        ("wikipedia", "wikipedia-2", "wikipedia-2"),
        ("pagat", "pagat-2", "pagat-2"),
    ],
)
def test_glimne_5_overtrump(preset, over_rule, trump_rule):
    """glimne 5: trumped, you are void, you hold a higher trump: overtrump.

    Spades trump; A led H6, B played S6, C played H2; you hold S4, SJ, DK, no hearts: only SJ.
    """
    sit = situation("S4 SJ DK", trump="S", trick="H6 S6 H2")
    assert legal(sit, preset) == {"SJ"}
    check_verdict(sit, preset, "SJ", allowed=True, rule=over_rule)
    check_verdict(sit, preset, "S4", allowed=False, rule=over_rule)
    check_verdict(sit, preset, "DK", allowed=False, rule=trump_rule)


@pytest.mark.parametrize(
    ("preset", "expected", "rule"),
    [
        ("glimne", {"S4"}, "glimne-6"),
        ("pagat", {"S4"}, "pagat-2"),
        # wikipedia 2 (stated consensus): a trump that cannot win is not required.
        ("wikipedia", {"S4", "DK", "C8"}, "wikipedia-2"),
    ],
)
def test_glimne_6_trump_even_when_it_cannot_win(preset, expected, rule):
    """glimne 6: trumped, you are void, your trumps are all lower: still play a trump.

    Spades trump; A led H6, B played S6, C played H2; you hold S4, DK, C8: only S4 under
    glimne and pagat; any card under wikipedia (docs/rules.md, disagreement A).
    """
    sit = situation("S4 DK C8", trump="S", trick="H6 S6 H2")
    assert legal(sit, preset) == expected
    check_verdict(sit, preset, "S4", allowed=True, rule=rule)
    check_verdict(sit, preset, "DK", allowed="DK" in expected, rule=rule)


@pytest.mark.parametrize(
    ("preset", "trumped_rule", "follow_rule"),
    [
        ("glimne", "glimne-7", "glimne-whist"),
        ("wikipedia", "wikipedia-1", "wikipedia-1"),
        ("pagat", "pagat-example", "pagat-1"),
    ],
)
def test_glimne_7a_trumped_any_card_of_the_led_suit(preset, trumped_rule, follow_rule):
    """glimne 7: unable to beat the highest card: any card, within follow-suit.

    Spades trump; A led HQ, B played S7; you hold HA, H6, SJ: HA or H6 (the article picks H6).
    """
    sit = situation("HA H6 SJ", trump="S", trick="HQ S7")
    assert legal(sit, preset) == {"HA", "H6"}
    check_verdict(sit, preset, "H6", allowed=True, rule=trumped_rule)
    check_verdict(sit, preset, "SJ", allowed=False, rule=follow_rule)


@pytest.mark.parametrize(
    ("preset", "beat_rule"),
    [("glimne", "glimne-2"), ("wikipedia", "pagat-3"), ("pagat", "pagat-3")],
)
def test_glimne_7b_untrumped_must_beat(preset, beat_rule):
    """glimne 7, contrast: had B followed with H7, you would have to play HA.

    Spades trump; A led HQ, B played H7; you hold HA, H6, SJ: only HA.
    """
    sit = situation("HA H6 SJ", trump="S", trick="HQ H7")
    assert legal(sit, preset) == {"HA"}
    check_verdict(sit, preset, "HA", allowed=True, rule=beat_rule)
    check_verdict(sit, preset, "H6", allowed=False, rule=beat_rule)


@pytest.mark.parametrize(
    ("preset", "discard_rule"),
    [("glimne", "glimne-8"), ("wikipedia", "wikipedia-3"), ("pagat", "pagat-discard")],
)
def test_glimne_8_neither_suit_nor_trump_any_card(preset, discard_rule):
    """glimne 8: with neither the led suit nor a trump, any card (it cannot win).

    Filled in as docs/scenes.md says: spades trump, A led D5; you hold H3, C9, HK: any of the three.
    """
    sit = situation("H3 C9 HK", trump="S", trick="D5")
    assert legal(sit, preset) == {"H3", "C9", "HK"}
    for code in ("H3", "C9", "HK"):
        check_verdict(sit, preset, code, allowed=True, rule=discard_rule)
    # Nothing in hand is illegal here; a card not held is refused by the "hand" rule.
    check_verdict(sit, preset, "D2", allowed=False, rule="hand")


# glimne 9. Filled in: hearts trump (you hold none, so no trump or cinch rule applies). In
# trick 1 A led CA, B played CK and you followed with C2; A won. Now A leads C5, nobody has
# trumped, and B plays after you. You hold CQ and C9, both of which beat C5; CJ and CT are
# unseen, so C9 is not an equal of CQ.
KNOWN_TOP_SEEN = "CA CK C2"
KNOWN_TOP_TRICK = "C5"


@pytest.mark.parametrize(
    ("preset", "expected", "rule"),
    [
        ("glimne", {"CQ"}, "glimne-9"),
        # must_play_known_top is glimne's alone: elsewhere rule 2/3 only asks to beat C5.
        ("wikipedia", {"CQ", "C9"}, "pagat-3"),
        ("pagat", {"CQ", "C9"}, "pagat-3"),
    ],
)
def test_glimne_9_known_top_card_must_be_played(preset, expected, rule):
    """glimne 9: knowing you hold the top remaining card of the led suit, play it.

    CA and CK were played in earlier tricks; clubs led before you, not trumped, players still
    to come; you hold CQ and a lower club that would also beat the card led: only CQ (glimne).
    """
    sit = situation(
        "CQ C9 D8", trump="H", trick=KNOWN_TOP_TRICK, seen=KNOWN_TOP_SEEN, players_after=1
    )
    assert legal(sit, preset) == expected
    check_verdict(sit, preset, "CQ", allowed=True, rule=rule)
    check_verdict(sit, preset, "C9", allowed="C9" in expected, rule=rule)


def test_glimne_9_last_to_play_only_has_to_win():
    """glimne 9, our engine's reading (not glimne's words; pagat's third cinch pattern is the
    basis): the last player to a trick only has to win it.

    Same cards as glimne-9, but nobody plays after you: CQ or C9 (both beat C5).
    """
    sit = situation(
        "CQ C9 D8", trump="H", trick=KNOWN_TOP_TRICK, seen=KNOWN_TOP_SEEN, players_after=0
    )
    assert legal(sit, "glimne") == {"CQ", "C9"}


def test_glimne_9_an_equal_card_counts_as_the_top_card():
    """glimne 9, our engine's reading (pagat's cinch equivalence, borrowed; glimne 9 does not
    say it): a card no unseen card separates from the top card counts as the same card.

    CA, CK seen; you hold CQ and CJ: either (not C9)."""
    sit = situation(
        "CQ CJ C9", trump="H", trick=KNOWN_TOP_TRICK, seen=KNOWN_TOP_SEEN, players_after=1
    )
    assert legal(sit, "glimne") == {"CQ", "CJ"}
    check_verdict(sit, "glimne", "CJ", allowed=True, rule="glimne-9")
    check_verdict(sit, "glimne", "C9", allowed=False, rule="glimne-9")


# glimne 10. Filled in: spades trump. You led trick 1 with CA; A discarded D2 and B discarded
# H3, so both showed a void in clubs and, by not trumping, a void in trump (the Situation
# records this as others_out_of_trump). You won that trick and lead again holding one low
# trump, S3, and three side cards. One trump and one trick won is no cinch, so no cinch rule
# interferes.
OTHERS_OUT_HAND = "S3 HK D4 C7"


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        ("glimne", {"S3"}),
        ("wikipedia", codes(OTHERS_OUT_HAND)),
        ("pagat", codes(OTHERS_OUT_HAND)),
    ],
)
def test_glimne_10_others_out_of_trump_lead_trump(preset, expected):
    """glimne 10: knowing every other player is out of trumps, on lead: lead a trump.

    Only under glimne (must_lead_trump_when_others_out); elsewhere any card may be led.
    """
    sit = situation(
        OTHERS_OUT_HAND, trump="S", seen="CA D2 H3", tricks_won=1, others_out_of_trump=True
    )
    assert legal(sit, preset) == expected
    if preset == "glimne":
        check_verdict(sit, preset, "S3", allowed=True, rule="glimne-10")
        check_verdict(sit, preset, "HK", allowed=False, rule="glimne-10")
    else:
        check_verdict(sit, preset, "HK", allowed=True, rule="lead")


def test_glimne_10_every_trump_accounted_for():
    """glimne 10, second reading (docs/rules.md): you can account for every trump yourself.

    Filled in: six players, spades trump; in two tricks all twelve other spades were played
    face up (two of them yours); you won the second and lead holding S3, HK, D4.
    """
    seen = " ".join(f"S{r}" for r in "2456789TJQKA")
    sit = situation("S3 HK D4", trump="S", seen=seen, tricks_won=1)
    assert legal(sit, "glimne") == {"S3"}
    check_verdict(sit, "glimne", "D4", allowed=False, rule="glimne-10")
    # S3 is also the top trump left, so glimne's strict cinch would ask for it too: with the
    # cinch rules off, glimne 10 alone still does.
    no_cinch = replace(Rules.preset("glimne"), cinch="off")
    assert {c.code for c in legal_plays(sit, no_cinch)} == {"S3"}
    assert legal(sit, "pagat") == {"S3", "HK", "D4"}


# --- glimne's named local cinch variant ("strict"; its base rules have the cinch off) -----


# Filled in for each: spades trump, you are on lead, holding the highest trump still unplayed
# and side cards, with no cinch (one sure trick, at most one trick won).
LEAD_TOP_POSITIONS = [
    # hand, seen, tricks_won, the top trump
    pytest.param("SA H5 D7 C9 C2", "", 0, "SA", id="ace-in-hand"),
    # Trick 1: A led SA, B played S6, you S2 (A won); trick 2: A led CK, B C3, you won it with
    # CA, so you lead trick 3.
    pytest.param("SK H5 D7", "SA S6 S2 CK C3 CA", 1, "SK", id="ace-gone-lead-king"),
    # Same, but B followed the ace with SK: the queen is now the top trump.
    pytest.param("SQ H5 D7", "SA SK S2 CK C3 CA", 1, "SQ", id="ace-king-gone-lead-queen"),
]


@pytest.mark.parametrize(("hand", "seen", "won", "top"), LEAD_TOP_POSITIONS)
def test_glimne_cinch_lead_ace(hand, seen, won, top):
    """glimne cinch: on lead with the trump ace, lead it; ace gone, the king; and so on.

    glimne's cinch variant ("strict"): only the top trump. Not a cinch, so pagat and
    wikipedia ("pot") and cinch "off" let you lead anything.
    """
    sit = situation(hand, trump="S", seen=seen, tricks_won=won)
    assert legal(sit, "glimne-cinch") == {top}
    for other in ("wikipedia", "pagat", "off"):
        assert legal(sit, other) == codes(hand), other
    check_verdict(sit, "glimne-cinch", top, allowed=True, rule="glimne-cinch")
    check_verdict(sit, "glimne-cinch", "H5", allowed=False, rule="glimne-cinch")
    check_verdict(sit, "pagat", "H5", allowed=True, rule="lead")


# A-K-Q step by step. Spades trump, you lead trick 1 with A-K-Q of trump and two side cards.
# Trick 1: you lead SA; the others play S2, H9, C3. Trick 2: you lead SK; others S5, D2, C5.
AKQ_STEPS = [
    # id, hand, seen, tricks_won, glimne ("strict"), pagat/wikipedia ("pot")
    ("A", "SA SK SQ H4 D6", "", 0, {"SA"}, {"SA", "SK", "SQ"}),
    ("then-K", "SK SQ H4 D6", "SA S2 H9 C3", 1, {"SK"}, {"SK", "SQ"}),
    ("then-Q", "SQ H4 D6", "SA S2 H9 C3 SK S5 D2 C5", 2, {"SQ"}, {"SQ"}),
]


@pytest.mark.parametrize(
    ("hand", "seen", "won", "strict", "pot"),
    [pytest.param(*step[1:], id=step[0]) for step in AKQ_STEPS],
)
def test_glimne_cinch_akq(hand, seen, won, strict, pot):
    """glimne cinch: A-K-Q of trump are three sure tricks: lead them first, highest first.

    glimne ("strict"): A, then K, then Q. pagat/wikipedia ("pot"): the top trump or an
    adjacent equal (pagat: K counts as A). cinch "off": anything.
    """
    sit = situation(hand, trump="S", seen=seen, tricks_won=won)
    assert legal(sit, "glimne-cinch") == strict
    assert legal(sit, "pagat") == pot
    assert legal(sit, "wikipedia") == pot
    assert legal(sit, "off") == codes(hand)
    top = min(strict)
    check_verdict(sit, "glimne-cinch", top, allowed=True, rule="glimne-cinch")
    check_verdict(sit, "glimne-cinch", "H4", allowed=False, rule="glimne-cinch")
    check_verdict(sit, "pagat", top, allowed=True, rule="pagat-cinch")
    check_verdict(sit, "pagat", "D6", allowed=False, rule="pagat-cinch")


# One trick won (trick 1: B led H2, C played H5, you took it with HA), holding A-K of trump.
# Trick 2: you lead SA; B plays S3, C discards D9.
AK_STEPS = [
    ("A", "SA SK D3 C4", "H2 H5 HA", 1, {"SA"}, {"SA", "SK"}),
    ("then-K", "SK D3 C4", "H2 H5 HA SA S3 D9", 2, {"SK"}, {"SK"}),
]


@pytest.mark.parametrize(
    ("hand", "seen", "won", "strict", "pot"),
    [pytest.param(*step[1:], id=step[0]) for step in AK_STEPS],
)
def test_glimne_cinch_ak_after_one(hand, seen, won, strict, pot):
    """glimne cinch: one trick won and A-K of trump: lead them next, A then K.

    glimne ("strict"): A, then K. pagat/wikipedia ("pot"): K may stand in for A.
    """
    sit = situation(hand, trump="S", seen=seen, tricks_won=won)
    assert legal(sit, "glimne-cinch") == strict
    assert legal(sit, "pagat") == pot
    assert legal(sit, "wikipedia") == pot
    assert legal(sit, "off") == codes(hand)
    check_verdict(sit, "glimne-cinch", min(strict), allowed=True, rule="glimne-cinch")
    check_verdict(sit, "glimne-cinch", "D3", allowed=False, rule="glimne-cinch")


# glimne cinch "last": filled in. Spades trump; two tricks won (you took them with CA and HA);
# now A led D5, B played DK, and you play last, void in diamonds, with SA, S4 and C2. SA is a
# sure trick, so with two won you have a cinch. Either trump wins this trick.
CINCH_LAST_SEEN = "C3 C8 CA H2 H9 HA"


@pytest.mark.parametrize("preset", (*PRESETS, "glimne-cinch"))
def test_glimne_cinch_last_to_play_must_win(preset):
    """glimne cinch: the last player who can surely win the trick must win it.

    Any winning card will do (SA or S4 both beat DK); the discard C2 is refused.
    """
    sit = situation(
        "SA S4 C2", trump="S", trick="D5 DK", seen=CINCH_LAST_SEEN, tricks_won=2, players_after=0
    )
    assert legal(sit, preset) == {"SA", "S4"}
    check_verdict(sit, preset, "S4", allowed=True, rule=rule_for_trump(preset))
    check_verdict(sit, preset, "C2", allowed=False, rule=rule_for_trump(preset))


@pytest.mark.parametrize("preset", ["glimne-cinch", "pagat", "wikipedia", "off"])
def test_glimne_cinch_three_won_lead_trump(preset):
    """glimne cinch: with three tricks already won, lead a trump if you have one.

    Filled in: spades trump, three tricks won, you lead holding S4 and H9. pagat's note says
    the same (lead the remaining trump after the first three tricks); with cinch "off" any card.
    """
    sit = situation("S4 H9", trump="S", seen="CA C2 C3 DA D2 D3 HA H2 H3", tricks_won=3)
    expected = {"S4", "H9"} if preset == "off" else {"S4"}
    assert legal(sit, preset) == expected
    if preset != "off":
        check_verdict(sit, preset, "S4", allowed=True, rule=cinch_rule(preset))
        check_verdict(sit, preset, "H9", allowed=False, rule=cinch_rule(preset))


# --- wikipedia (Portuguese): three numbered play rules --------------------------------------


@pytest.mark.parametrize(
    ("preset", "follow_rule"),
    [("glimne", "glimne-whist"), ("wikipedia", "wikipedia-1"), ("pagat", "pagat-1")],
)
def test_wikipedia_1_follow_suit_after_a_trump(preset, follow_rule):
    """wikipedia 1: follow suit even when you cannot win, even after a trump.

    Filled in like glimne-4: spades trump; A led CT, B trumped with S5; you hold C3, CA, SJ,
    HK: only the clubs.
    """
    sit = situation("C3 CA SJ HK", trump="S", trick="CT S5")
    assert legal(sit, preset) == {"C3", "CA"}
    check_verdict(sit, preset, "SJ", allowed=False, rule=follow_rule)
    check_verdict(sit, preset, "HK", allowed=False, rule=follow_rule)
    check_verdict(sit, preset, "C3", allowed=True, rule=rule_for_trumped_follow(preset))


@pytest.mark.parametrize(
    ("preset", "over_rule", "trump_rule"),
    [
        ("glimne", "glimne-5", "glimne-3"),
        ("wikipedia", "wikipedia-2", "wikipedia-2"),
        ("pagat", "pagat-2", "pagat-2"),
    ],
)
def test_wikipedia_2_trump_and_play_to_win(preset, over_rule, trump_rule):
    """wikipedia 2: void in the led suit: trump, and play to win.

    The only trump played is a 3; you hold the 2 and the ace of trump and no card of the led
    suit: only the trump ace. Filled in: spades trump, A led H9, B trumped with S3, you also
    hold D5.
    """
    sit = situation("S2 SA D5", trump="S", trick="H9 S3")
    assert legal(sit, preset) == {"SA"}
    check_verdict(sit, preset, "SA", allowed=True, rule=over_rule)
    check_verdict(sit, preset, "S2", allowed=False, rule=over_rule)
    check_verdict(sit, preset, "D5", allowed=False, rule=trump_rule)


@pytest.mark.parametrize(
    ("preset", "expected", "rule"),
    [
        ("wikipedia", {"S2", "S4", "D5", "C8"}, "wikipedia-2"),
        ("pagat", {"S2", "S4"}, "pagat-2"),
        ("glimne", {"S2", "S4"}, "glimne-6"),
    ],
)
def test_wikipedia_2_cannot_win_trump_not_required(preset, expected, rule):
    """wikipedia 2, second half: if you cannot play to win, a trump is not required.

    Filled in: spades trump; A led H9, B trumped with SK; you hold S2, S4, D5, C8, no hearts.
    wikipedia: any card. pagat 2 and glimne 6: a trump (docs/rules.md, disagreement A).
    """
    sit = situation("S2 S4 D5 C8", trump="S", trick="H9 SK")
    assert legal(sit, preset) == expected
    check_verdict(sit, preset, "S2", allowed=True, rule=rule)
    check_verdict(sit, preset, "D5", allowed="D5" in expected, rule=rule)


@pytest.mark.parametrize(
    ("preset", "discard_rule"),
    [("glimne", "glimne-8"), ("wikipedia", "wikipedia-3"), ("pagat", "pagat-discard")],
)
def test_wikipedia_3_neither_led_suit_nor_trump(preset, discard_rule):
    """wikipedia 3: neither the led suit nor a trump: any card (it ranks below the led two).

    Filled in: spades trump; A led H9, B played HQ; you hold D5, DK, C8: any card.
    """
    sit = situation("D5 DK C8", trump="S", trick="H9 HQ")
    assert legal(sit, preset) == {"D5", "DK", "C8"}
    check_verdict(sit, preset, "DK", allowed=True, rule=discard_rule)
    check_verdict(sit, preset, "HA", allowed=False, rule="hand")


@pytest.mark.parametrize("preset", ["glimne-cinch", "wikipedia", "pagat"])
def test_wikipedia_cinch_ace(preset):
    """wikipedia forced play: having just taken your second trick with the trump ace in hand,
    lead it. Filled in: spades trump; you won tricks with CA and DA; you hold SA, H5, D7."""
    sit = situation("SA H5 D7", trump="S", seen="C2 C9 CA D3 DK DA", tricks_won=2)
    assert legal(sit, preset) == {"SA"}
    assert legal(sit, "off") == {"SA", "H5", "D7"}
    check_verdict(sit, preset, "SA", allowed=True, rule=cinch_rule(preset))
    check_verdict(sit, preset, "H5", allowed=False, rule=cinch_rule(preset))


# A trick taken (you won trick 1 with CA over C2, C9), holding A-K of trump. Trick 2: you lead
# SA; the others play S3 and H2.
WIKI_AK_STEPS = [
    ("A", "SA SK H5 D7", "C2 C9 CA", 1, {"SA"}, {"SA", "SK"}),
    ("then-K", "SK H5 D7", "C2 C9 CA SA S3 H2", 2, {"SK"}, {"SK"}),
]


@pytest.mark.parametrize(
    ("hand", "seen", "won", "strict", "pot"),
    [pytest.param(*step[1:], id=step[0]) for step in WIKI_AK_STEPS],
)
def test_wikipedia_cinch_ak(hand, seen, won, strict, pot):
    """wikipedia forced play: a trick taken, holding trump A and K: lead A, then K.

    Under the wikipedia preset (cinch "pot"), docs/rules.md says the wikipedia examples follow
    from pagat's formulation, in which K counts as A: either may be led first. glimne's cinch
    variant ("strict") wants the A exactly.
    """
    sit = situation(hand, trump="S", seen=seen, tricks_won=won)
    assert legal(sit, "wikipedia") == pot
    assert legal(sit, "pagat") == pot
    assert legal(sit, "glimne-cinch") == strict
    assert legal(sit, "off") == codes(hand)
    check_verdict(sit, "wikipedia", min(strict), allowed=True, rule="wikipedia-cinch")
    check_verdict(sit, "wikipedia", "H5", allowed=False, rule="wikipedia-cinch")


# One trick taken (trick 1: you won with CA over C2, C9), holding trump A, Q, J; the K is
# still out. Trick 2: you lead SA; the others play S4 and C3 (the K does not fall).
WIKI_AQJ_STEPS = [
    ("A", "SA SQ SJ H5", "C2 C9 CA", 1, {"SA"}, {"SA"}),
    ("then-Q", "SQ SJ H5", "C2 C9 CA SA S4 C3", 2, {"SQ"}, {"SQ", "SJ"}),
]


@pytest.mark.parametrize(
    ("hand", "seen", "won", "strict", "pot"),
    [pytest.param(*step[1:], id=step[0]) for step in WIKI_AQJ_STEPS],
)
def test_wikipedia_cinch_aqj(hand, seen, won, strict, pot):
    """wikipedia forced play (harder): one trick taken, trump A, Q, J with the K out.

    The A is sure and the K can beat only one of Q and J: a cinch. Lead the A (the unseen K
    separates Q from A, so Q is no equal); then the highest trump, Q (under "pot" the J is
    an adjacent equal and may stand in; glimne "strict" wants the Q).
    """
    sit = situation(hand, trump="S", seen=seen, tricks_won=won)
    assert legal(sit, "wikipedia") == pot
    assert legal(sit, "pagat") == pot
    assert legal(sit, "glimne-cinch") == strict
    assert legal(sit, "off") == codes(hand)
    check_verdict(sit, "wikipedia", "H5", allowed=False, rule="wikipedia-cinch")
    check_verdict(sit, "wikipedia", min(strict), allowed=True, rule="wikipedia-cinch")


# --- pagat (Japanese translation): three play rules and an example ----------------------------


@pytest.mark.parametrize(
    ("preset", "follow_rule", "beat_rule"),
    [
        ("glimne", "glimne-whist", "glimne-2"),
        ("wikipedia", "wikipedia-1", "pagat-3"),
        ("pagat", "pagat-1", "pagat-3"),
    ],
)
def test_pagat_1_follow_suit(preset, follow_rule, beat_rule):
    """pagat 1: follow suit whenever you can.

    Filled in: spades trump; A led H5, B played HA; you hold H2, HK, S3, C4: the hearts only
    (neither beats HA, so either heart will do).
    """
    sit = situation("H2 HK S3 C4", trump="S", trick="H5 HA")
    assert legal(sit, preset) == {"H2", "HK"}
    check_verdict(sit, preset, "S3", allowed=False, rule=follow_rule)
    check_verdict(sit, preset, "C4", allowed=False, rule=follow_rule)
    check_verdict(sit, preset, "H2", allowed=True, rule=beat_rule)


@pytest.mark.parametrize(
    ("preset", "trump_rule"),
    [("glimne", "glimne-3"), ("wikipedia", "wikipedia-2"), ("pagat", "pagat-2")],
)
def test_pagat_2_void_trump_if_you_can(preset, trump_rule):
    """pagat 2: unable to follow suit, play a trump if you can.

    Filled in: spades trump; A led H5; you hold S3, S9, C4, D7, no hearts: only the spades.
    """
    sit = situation("S3 S9 C4 D7", trump="S", trick="H5")
    assert legal(sit, preset) == {"S3", "S9"}
    check_verdict(sit, preset, "S3", allowed=True, rule=trump_rule)
    check_verdict(sit, preset, "D7", allowed=False, rule=trump_rule)


@pytest.mark.parametrize(
    ("preset", "beat_rule"),
    [("glimne", "glimne-2"), ("wikipedia", "pagat-3"), ("pagat", "pagat-3")],
)
def test_pagat_3_beat_the_highest_card_if_you_can(preset, beat_rule):
    """pagat 3: play a card that beats the highest so far if you can.

    Filled in: spades trump; A led D9, B played DJ; you hold D2, DQ, DA: DQ or DA.
    """
    sit = situation("D2 DQ DA", trump="S", trick="D9 DJ")
    assert legal(sit, preset) == {"DQ", "DA"}
    check_verdict(sit, preset, "DQ", allowed=True, rule=beat_rule)
    check_verdict(sit, preset, "D2", allowed=False, rule=beat_rule)


@pytest.mark.parametrize(
    ("preset", "expected", "rule"),
    [
        ("pagat", {"S3"}, "pagat-2"),
        ("glimne", {"S3"}, "glimne-6"),
        ("wikipedia", {"S3", "C4"}, "wikipedia-2"),
    ],
)
def test_pagat_3_trump_even_when_lower(preset, expected, rule):
    """pagat 3 (second half): void in the led suit, you must trump even when your trump is
    lower than the trump already played. Filled in: spades trump; A led D9, B trumped with S9;
    you hold S3 and C4. wikipedia differs (docs/rules.md, disagreement A)."""
    sit = situation("S3 C4", trump="S", trick="D9 S9")
    assert legal(sit, preset) == expected
    check_verdict(sit, preset, "S3", allowed=True, rule=rule)
    check_verdict(sit, preset, "C4", allowed="C4" in expected, rule=rule)


@pytest.mark.parametrize(
    ("preset", "trumped_rule", "follow_rule"),
    [
        ("glimne", "glimne-7", "glimne-whist"),
        ("wikipedia", "wikipedia-1", "wikipedia-1"),
        ("pagat", "pagat-example", "pagat-1"),
    ],
)
def test_pagat_example_trumped_any_diamond(preset, trumped_rule, follow_rule):
    """pagat example: spades trump; DQ led, the second player trumped with S4; you hold D6,
    DA and some spades: D6 or DA, as neither can win. Filled in: the spades are S2 and S8."""
    sit = situation("D6 DA S2 S8", trump="S", trick="DQ S4")
    assert legal(sit, preset) == {"D6", "DA"}
    check_verdict(sit, preset, "D6", allowed=True, rule=trumped_rule)
    check_verdict(sit, preset, "S8", allowed=False, rule=follow_rule)


@pytest.mark.parametrize(
    ("preset", "beat_rule"),
    [("glimne", "glimne-2"), ("wikipedia", "pagat-3"), ("pagat", "pagat-3")],
)
def test_pagat_example_b_followed_must_beat(preset, beat_rule):
    """pagat example, contrast: had the second player followed with a lower diamond (D5),
    you would have to play DA to beat the queen."""
    sit = situation("D6 DA S2 S8", trump="S", trick="DQ D5")
    assert legal(sit, preset) == {"DA"}
    check_verdict(sit, preset, "DA", allowed=True, rule=beat_rule)
    check_verdict(sit, preset, "D6", allowed=False, rule=beat_rule)


def test_pagat_cinch_lead():
    """pagat cinch, on lead: lead your highest sure winner (an adjacent equal may stand in).

    Filled in with docs/rules.md's K-Q-T-9-8 (A and J out: three sure tricks), spades trump, on
    lead to trick 1. pagat/wikipedia: SK or its equal SQ (the unseen J separates the T).
    glimne's cinch variant ("strict"): SK only. cinch "off": anything.
    """
    hand = "SK SQ ST S9 S8"
    sit = situation(hand, trump="S")
    assert legal(sit, "pagat") == {"SK", "SQ"}
    assert legal(sit, "wikipedia") == {"SK", "SQ"}
    assert legal(sit, "glimne-cinch") == {"SK"}
    assert legal(sit, "off") == codes(hand)
    check_verdict(sit, "pagat", "SQ", allowed=True, rule="pagat-cinch")
    check_verdict(sit, "pagat", "ST", allowed=False, rule="pagat-cinch")
    check_verdict(sit, "glimne-cinch", "SQ", allowed=False, rule="glimne-cinch")


# pagat cinch while following. Filled in: spades trump; you won tricks 1 and 2 with CA and DA;
# now A led H7 and B trumped with S4. You are void in hearts and hold SA, SJ, D2; SK and SQ are
# unseen. SA is one sure trick, so with two won you have a cinch.
CINCH_FOLLOW_HAND = "SA SJ D2"
CINCH_FOLLOW_SEEN = "CA C4 C9 DA D3 D8"
CINCH_FOLLOW_TRICK = "H7 S4"


@pytest.mark.parametrize("preset", ["glimne-cinch", "wikipedia", "pagat"])
def test_pagat_cinch_follow(preset):
    """pagat cinch, another player led and somebody plays after you: win with your highest
    sure winner, the top trump SA. Without cinch rules SJ would also do (it overtrumps S4)."""
    sit = situation(
        CINCH_FOLLOW_HAND,
        trump="S",
        trick=CINCH_FOLLOW_TRICK,
        seen=CINCH_FOLLOW_SEEN,
        tricks_won=2,
        players_after=1,
    )
    assert legal(sit, preset) == {"SA"}
    assert legal(sit, "off") == {"SA", "SJ"}
    # glimne's "strict" adds only lead rules; each rulebook cites its own cinch rule here.
    check_verdict(sit, preset, "SA", allowed=True, rule=cinch_rule(preset))
    check_verdict(sit, preset, "SJ", allowed=False, rule=cinch_rule(preset))


@pytest.mark.parametrize(
    ("preset", "over_rule"),
    [("glimne", "glimne-5"), ("wikipedia", "wikipedia-2"), ("pagat", "pagat-2")],
)
def test_pagat_cinch_last(preset, over_rule):
    """pagat cinch, last to play: no special rule, just win. Same cards as pagat-cinch-follow
    with nobody after you: any trump that beats S4 (SA or SJ)."""
    sit = situation(
        CINCH_FOLLOW_HAND,
        trump="S",
        trick=CINCH_FOLLOW_TRICK,
        seen=CINCH_FOLLOW_SEEN,
        tricks_won=2,
        players_after=0,
    )
    assert legal(sit, preset) == {"SA", "SJ"}
    check_verdict(sit, preset, "SJ", allowed=True, rule=over_rule)
    check_verdict(sit, preset, "D2", allowed=False, rule=rule_for_trump(preset))


EQUAL_POSITIONS = [
    # A-K: you won trick 1 with CA (over C2, C9) and hold SA, SK: K counts as A.
    pytest.param("SA SK H4 D5", "C2 C9 CA", 1, "SA", {"SA", "SK"}, id="A-K"),
    # K-J with the Q played: trick 1, A led D3, B trumped with SQ, you overtrumped with SA.
    # Now SK and SJ are both sure (nothing above SK is out) and no unseen card separates them.
    pytest.param("SK SJ H4 C6", "D3 SQ SA", 1, "SK", {"SK", "SJ"}, id="K-J-queen-played"),
]


@pytest.mark.parametrize(("hand", "seen", "won", "top", "equals"), EQUAL_POSITIONS)
def test_pagat_cinch_equal(hand, seen, won, top, equals):
    """pagat cinch, adjacent equals: where the highest trump is required, a trump adjacent to
    it among the cards you cannot see may be played instead (K from A-K; J from K-J once the Q
    has been played). Under pagat and wikipedia ("pot") either; glimne's cinch variant
    ("strict"): the top."""
    sit = situation(hand, trump="S", seen=seen, tricks_won=won)
    assert legal(sit, "pagat") == equals
    assert legal(sit, "wikipedia") == equals
    assert legal(sit, "glimne-cinch") == {top}
    assert legal(sit, "off") == codes(hand)
    low = min(equals - {top})
    check_verdict(sit, "pagat", low, allowed=True, rule="pagat-cinch")
    check_verdict(sit, "pagat", "H4", allowed=False, rule="pagat-cinch")
    check_verdict(sit, "glimne-cinch", low, allowed=False, rule="glimne-cinch")


# pagat cinch, fourth trick. Filled in: spades trump; you took the first three tricks leading
# SA, SK and SQ, A following with S3, S8, S5 and B with S2, S4, S6. You lead trick 4 holding one
# trump and a side card. Whether or not your trump is the highest one left, it is the card.
FOURTH_SEEN = "SA S3 S2 SK S8 S4 SQ S5 S6"


@pytest.mark.parametrize(
    ("hand", "trump"),
    [
        pytest.param("SJ D5", "SJ", id="top-trump-left"),
        # J, T and 9 of spades are still out: the 7 is no sure trick, but the pot is won.
        pytest.param("S7 D5", "S7", id="low-trump"),
    ],
)
def test_pagat_cinch_fourth_lead_the_remaining_trump(hand, trump):
    """pagat cinch, after the first three tricks: the cinch rule still applies, so lead your
    remaining trump to the fourth trick.

    pagat (Japanese translation): "また、あなたが最初に3トリック取得するならば、この確実に勝てる
    法則はポットからチップを取得した後からあてはまります。そして、あなたはもし手札があるなら残り
    の1枚を使って4回目のトリックのリードを開始しなければなりません。" -- "Also, if you take the
    first three tricks, this sure-win rule applies after you have won the pot; and, if you have
    one, you must lead the remaining one to start the fourth trick."
    Under pagat and wikipedia ("pot") and glimne's cinch variant: only the trump; with the cinch
    off (glimne's base rules), either card.
    """
    sit = situation(hand, trump="S", seen=FOURTH_SEEN, tricks_won=3, players_after=2)
    for preset in ("pagat", "wikipedia", "glimne-cinch"):
        assert legal(sit, preset) == {trump}, preset
    assert legal(sit, "off") == codes(hand)
    check_verdict(sit, "pagat", trump, allowed=True, rule="pagat-cinch")
    check_verdict(sit, "pagat", "D5", allowed=False, rule="pagat-cinch")


def test_pagat_cinch_fourth_scene_is_the_same_position():
    """The pagat-cinch-fourth scene: three tricks won, on lead with J♠ and 5♦: only J♠."""
    scene = get("pagat-cinch-fourth")
    m = scene.positions[0]
    assert m.tricks_won == 3 and not m.trick
    assert {c.code for c in m.seen} == codes(FOURTH_SEEN)
    assert {c.code for c in scene.legal("pagat")} == {"SJ"}
    assert {c.code for c in scene.legal(rules_for("off"))} == {"SJ", "D5"}


# --- the sure-trick count behind every cinch scene (docs/rules.md, disagreement C) ---------------


@pytest.mark.parametrize(
    ("hand", "seen", "sure"),
    [
        pytest.param("SA SK SQ", "", 3, id="A-K-Q"),
        pytest.param("SA SQ SJ", "", 2, id="A-Q-J-king-out"),
        pytest.param("SK SQ ST S9 S8", "", 3, id="K-Q-T-9-8-ace-jack-out"),
        pytest.param("SQ SJ", "SA SK", 2, id="Q-J-after-A-K-played"),
        pytest.param("S4 S3", "", 0, id="two-low-trumps"),
    ],
)
def test_sure_trump_tricks_spec_examples(hand, seen, sure):
    """docs/rules.md, disagreement C: each trump out that ranks above one of yours beats at most one of them.

    A-K-Q: 3; A-Q-J with the K out: 2; K-Q-T-9-8 with A and J out: 3.
    """
    sit = situation(hand, trump="S", seen=seen)
    assert sure_trump_tricks(sit) == sure
    assert has_cinch(sit) is (sure >= 3)


def test_sure_trump_tricks_when_others_are_out_of_trump():
    """docs/rules.md, disagreement C: when every other player is known to be out of trumps, every trump is sure."""
    sit = situation("S4 S3 H2", trump="S", tricks_won=1, others_out_of_trump=True)
    assert sure_trump_tricks(sit) == 2


def test_the_stand_in_scene_shows_a_stand_in_at_every_moment():
    """pagat cinch: a trump next in rank to the one required may be played in its place (K from
    A-K, J from K-J with the Q gone). Each moment must tell that apart from both no cinch (more
    cards) and the strict cinch (the top card alone), or it shows nothing."""
    scene = get("pagat-cinch-equal")
    for index in range(len(scene.positions)):
        pot = scene.legal(scene.rules(cinch="pot"), index)
        assert len(pot) == 2, "the required trump and its stand-in"
        assert scene.legal(scene.rules(cinch="strict"), index) < pot
        assert scene.legal(scene.rules(cinch="off"), index) > pot
