"""laws 46B1b ("win it"), 46B3a (a rank on lead) and 45C4a (a named card is played, even an
illegal one: a renege), each against the Danish sentence it carries over to Bourré.

Positions are written out by hand; every expected card follows from the quoted law and the
cards in the position, not from the code under test. Cards are written suit first (`HK`).
"""

from __future__ import annotations

import pytest

from bourre_lessons import Card, Rules, Situation, legal_plays, parse_card, parse_cards
from bourre_lessons.naming import RENEGE_RULES, designate, renege_outcome
from bourre_lessons.play import beats, cite
from bourre_lessons.scenes.model import rules_for
from bourre_lessons.sim.positions import played_hand


def situation(hand: str, trump: str = "S", trick: str = "", seen: str = "", **kw) -> Situation:
    return Situation(
        hand=parse_cards(hand), trump=trump, trick=parse_cards(trick), seen=parse_cards(seen), **kw
    )


def spades_played_except(*held: str) -> str:
    """Every spade (the trump here) but those named, as seen cards: none named, none unseen."""
    return " ".join(f"S{r}" for r in "23456789TJQKA" if f"S{r}" not in held)


# --- laws 46B1b: "win it" ---------------------------------------------------------------------------


def test_46B1b_the_king_is_known_to_win_once_the_ace_is_seen():
    """laws 46B1b: "Hvis spilfører giver den blinde besked om at stikke, anses spilfører for at
    have anmodet om det laveste kort i den udspillede farve, som man ved vil vinde stikket."
    (If declarer tells dummy to win the trick, declarer is deemed to have asked for the lowest
    card of the suit led that is known to win the trick.)

    H7 led, two players after you. The A♥ was played in an earlier trick and every trump
    (spade) is played, so nobody can beat the K♥: it is known to win. The 10♥ also beats the 7
    but the Q♥ and J♥ are unseen, so it is not known to win. "Win it" is the K♥, not the
    highest card (which the old reading gave)."""
    seen = "HA " + spades_played_except()
    s = situation("HK HT H3", trick="H7", seen=seen, players_after=2)
    result = designate("win it", s)
    assert (result.kind, result.clause, result.card) == ("played", "laws-46B1b", parse_card("HK"))
    assert "known to win" in result.reason and "K♥" in result.reason


def test_46B1b_holding_the_ace_makes_the_king_known_to_win_in_the_trump_suit():
    """laws 46B1b ("...det laveste kort i den udspillede farve, som man ved vil vinde stikket":
    the lowest card of the suit led known to win the trick). Trumps (hearts) led with the J♥,
    four players after you, nothing played before: you hold A♥ K♥ 4♥. No unseen heart ranks
    above the K♥ (you hold the ace) and a trump cannot be trumped, so the K♥ is known to win
    and is the card meant; the A♥ would be wasted."""
    s = situation("H4 HK HA D8 C9", trump="H", trick="HJ", players_after=4)
    assert designate("win it", s).card == parse_card("HK")
    assert designate("win it", s, Rules.preset("glimne")).card == parse_card("HK")


def test_46B1b_a_later_player_could_trump_so_nothing_is_known_to_win():
    """laws 46B1b: a card is known to win ("som man ved vil vinde stikket": that one knows will
    win the trick) only if no card you cannot see can beat it. You hold A♥ K♥ 3♥ after H7, two
    players to come. With every trump (spade) played, the K♥ is known to win and is the card
    meant. With three spades unseen, a later player could be void in hearts and trump, so no
    card is known to win and "win it" means the highest heart, the A♥."""
    hand = "HA HK H3"
    safe = situation(hand, trick="H7", seen=spades_played_except(), players_after=2)
    assert designate("win it", safe).card == parse_card("HK")
    unsafe = situation(
        hand, trick="H7", seen=spades_played_except("S2", "S3", "S4"), players_after=2
    )
    result = designate("win it", unsafe)
    assert (result.clause, result.card) == ("laws-46B1b", parse_card("HA"))
    assert "could still trump" in result.reason


def test_46B1b_a_higher_unseen_card_means_the_highest_not_the_lowest():
    """laws 46B1b: with the A♥ unseen and a player still to come, neither the K♥ nor the 10♥
    is known to win (the ace could beat either), so "win it" means the highest, K♥ - not the
    10♥, the cheapest card that beats the 7 now."""
    s = situation("HK HT H3", trick="H7", seen=spades_played_except(), players_after=1)
    result = designate("win it", s)
    assert result.card == parse_card("HK")
    assert "A♥" in result.reason


def test_46B1b_other_players_out_of_trumps_cannot_trump():
    """laws 46B1b: unseen trumps cannot beat your heart when every other player is known to
    hold no trump, so with the A♥ in your hand the K♥ is known to win; without that knowledge
    a later player might trump, and "win it" is the A♥."""
    out = situation("HA HK H3", trick="H7", players_after=2, others_out_of_trump=True)
    result = designate("win it", out)
    assert result.card == parse_card("HK")
    assert "out of trumps" in result.reason
    assert designate("win it", situation("HA HK H3", trick="H7", players_after=2)).card == (
        parse_card("HA")
    )


def test_46B1b_last_to_play_is_the_lowest_card_that_beats_the_trick():
    """laws 46B1b, and the Danish commentary on it: "men sidder man i baghånd, betyder 'vi
    stikker' det laveste kort, der er tilstrækkeligt for at vinde stikket" (but in the last
    seat, "we win it" means the lowest card that is enough to win the trick). Last to play
    after H7 and H9 with the A♥ unseen: the 10♥ is enough."""
    s = situation("H4 HT HK C2", trick="H7 H9", players_after=0)
    result = designate("win it", s)
    assert (result.clause, result.card) == ("laws-46B1b", parse_card("HT"))
    assert "9♥" in result.reason


def test_46B1b_void_a_top_trump_is_known_to_win():
    """laws 46B1b read over the trumps when void (a decision: the cards that could win stand
    for the led suit). Diamonds led, you hold no diamond; S6 trumped; the A♠ is seen, so your
    K♠ is known to win and the J♠ is not (Q♠ unseen): "win it" is the K♠."""
    s = situation("S4 SJ SK C3", trick="D6 S6", seen="SA", players_after=2)
    result = designate("win it", s)
    assert result.card == parse_card("SK")
    s_last = situation("S4 SJ SK C3", trick="D6 S6", seen="SA", players_after=0)
    assert designate("win it", s_last).card == parse_card("SJ")


def test_46B1b_on_lead_known_winners_in_two_suits_ask_which_suit():
    """laws 46B1b on lead (a decision: the card you lead is the suit led). Every other player
    is out of trumps, so your A♥ and every trump you hold are known to win (the 5♥ is not: the
    K♥ is unseen): the lowest of each suit, A♥ and 3♠, are offered."""
    s = situation("HA H5 S3 S9", players_after=2, others_out_of_trump=True)
    result = designate("win it", s, Rules.preset("pagat"))
    assert result.kind == "ask" and result.clause == "laws-46B1b"
    assert set(result.candidates) == {parse_card("HA"), parse_card("S3")}


def _literal_46B1b(s: Situation) -> Card | None:
    """46B1b read word for word over the cards HELD (legality ignored): the lowest card of the
    led suit (the trumps, when void) known to win; else the highest of the led suit; else the
    highest trump that beats the trick; else nothing."""
    pool = [c for c in s.hand if c.suit == s.led] or [c for c in s.hand if c.suit == s.trump]
    best = s.best
    assert best is not None

    def known(c: Card) -> bool:
        if not beats(c, best, s.trump):
            return False
        if s.players_after == 0:
            return True
        if c.suit == s.trump and s.others_out_of_trump:
            return True
        if any(u.suit == c.suit and u.rank > c.rank for u in s.unseen):
            return False
        trumps_out = any(u.suit == s.trump for u in s.unseen) and not s.others_out_of_trump
        return c.suit == s.trump or not trumps_out

    sure = [c for c in pool if known(c)]
    if sure:
        return min(sure, key=lambda c: c.rank)
    led = [c for c in s.hand if c.suit == s.led]
    if led:
        return max(led, key=lambda c: c.rank)
    could = [c for c in pool if beats(c, best, s.trump)]
    return max(could, key=lambda c: c.rank) if could else None


@pytest.mark.parametrize(
    "rules",
    [
        Rules.preset("pagat"),
        Rules.preset("glimne"),
        Rules.preset("wikipedia"),
        rules_for("pagat", cinch="strict"),
    ],
    ids=["pagat", "glimne", "wikipedia", "cinch-strict"],
)
def test_46B1b_the_law_word_for_word_picks_a_legal_card_when_following(rules):
    """laws 46B1b: choosing among the legal cards never changes the law's card when you follow
    to a trick: over simulated hands, the card the law names from the cards held is the card
    designated, and it is legal (so a partial designation is never a renege)."""
    checked = 0
    for seed in range(40):
        for s in played_hand(seed, rules):
            if s.is_lead:
                continue
            result = designate("win it", s, rules)
            assert result.card == _literal_46B1b(s), s
            if result.card is not None:
                assert result.card in legal_plays(s, rules)
            checked += 1
    assert checked > 500


# --- laws 46B3a: a rank on lead ---------------------------------------------------------------------


def test_46B3a_on_lead_a_rank_is_read_in_the_suit_that_won_the_last_trick():
    """laws 46B3a: "Hvis bordet skal spille ud, og spilfører angiver kortets rang, men ikke
    farven, anses spilfører for at have fortsat i den farve, hvori bordet vandt det foregående
    stik, forudsat at der er et kort af den angivne rang i farven." (If dummy is to lead and
    declarer names a rank but not the suit, declarer is deemed to have continued the suit in
    which dummy won the previous trick, provided there is a card of that rank in the suit.)

    The article's example, in Bourré: you won the last trick with the A♣ and hold K♣ and K♥;
    "the king" is the K♣. Without the previous trick (46B3b) two kings may be led: ask."""
    won = situation("CK HK D3", seen="CA C2 C5", players_after=2, won_last_trick_with="CA")
    result = designate("the king", won)
    assert (result.kind, result.clause, result.card) == ("played", "laws-46B3a", parse_card("CK"))
    assert "A♣" in result.reason
    first = situation("CK HK D3", seen="CA C2 C5", players_after=2)
    assert designate("the king", first).kind == "ask"


def test_46B3a_falls_back_to_46B3b_without_a_card_of_that_rank_in_the_suit():
    """laws 46B3a ("forudsat at der er et kort af den angivne rang i farven": provided there is
    a card of that rank in the suit) and 46B3b ("I alle andre tilfælde ... skal spilfører
    spille et kort af den angivne rang ..., hvis spilfører lovligt kan gøre det": in all other
    cases, a card of that rank, if it may be played). Won with the A♣, no club three held: "the
    three" is the D3, the only three."""
    s = situation("CK HK D3", seen="CA C2 C5", players_after=2, won_last_trick_with="CA")
    result = designate("the three", s)
    assert (result.clause, result.card) == ("laws-46B3", parse_card("D3"))


def test_46B3a_card_that_may_not_be_led_falls_back_to_46B3b():
    """laws 46B3a with glimne 10: every other player is out of trumps (spades), so glimne makes
    you lead a trump. You won the last trick with the A♥ and hold K♥ and K♠: the K♥ may not be
    led, so 46B3a does not pick it; 46B3b gives the only king you may lead, the K♠."""
    s = situation(
        "HK SK D3",
        seen="HA H2 H5",
        players_after=2,
        won_last_trick_with="HA",
        others_out_of_trump=True,
    )
    result = designate("the king", s, Rules.preset("glimne"))
    assert (result.kind, result.clause, result.card) == ("played", "laws-46B3", parse_card("SK"))
    assert "K♥" in result.reason and cite("glimne-10") in result.reason


def test_46B3a_only_on_lead():
    """laws 46B3a applies when you lead ("Hvis bordet skal spille ud": if dummy is to lead); a
    Situation refuses a previous-trick card once a card has been led."""
    with pytest.raises(ValueError, match="only on lead"):
        situation("CK HK", trick="D4", seen="CA", won_last_trick_with="CA")


# --- laws 45C4a: a named card is played, so an illegal one is a renege --------------------------------

OVERTRUMP = situation("S4 SJ DK", trick="H6 S6 H2", players_after=1)


@pytest.mark.parametrize(
    ("preset", "engine_rule", "renege_rule"),
    [
        ("pagat", "pagat-2", "pagat-renege"),
        ("glimne", "glimne-5", "renege penalty"),
        ("wikipedia", "wikipedia-2", "renege penalty"),
    ],
)
def test_45C4a_a_named_illegal_card_is_a_renege_under_the_rulebook(
    preset, engine_rule, renege_rule
):
    """laws 45C4a: "Et kort er spillet, hvis en spiller nævner eller på anden måde angiver det
    som det kort, spilleren har i sinde at spille" (A card is played if a player names or
    otherwise designates it as the card the player intends to play). Naming the 4♠ when the
    6♠ must be overtrumped plays it: a renege, settled by the rulebook's renege rule, not a
    chance to say it again."""
    result = designate("four of spades", OVERTRUMP, Rules.preset(preset))
    assert (result.kind, result.clause, result.card) == ("renege", "laws-45C4a", parse_card("S4"))
    assert result.reneged and not result.played
    assert result.renege == renege_rule
    assert result.verdict is not None and result.verdict.rule_id == engine_rule
    assert f"[{cite(renege_rule)}]" in result.reason and cite(engine_rule) in result.reason
    assert "say" not in result.reason.lower().split("renege")[-1]


def test_45C4a_pagat_renege_may_be_corrected_before_the_next_player():
    """laws 45C4a with pagat's renege rule: "次の手番のプレイヤーがカードをプレイするより前に自分の
    プレイの誤りに気づき「無効」を修正するならば、プレイするカードを宣言し直し、正しいカードと差し替えて
    も良いです" (if, before the next player plays, the player notices the mistake and corrects the
    renege, they may declare the card again and replace it with the right one), and then
    cannot win the pot, misses the next deal and pays no penalty."""
    reason = designate("S4", OVERTRUMP, Rules.preset("pagat")).reason
    assert "correct it before the next player plays" in reason
    assert "cannot win this pot" in reason and "sit out the next deal" in reason
    assert "pay no bourré" in reason


def test_45C4a_glimne_renege_pays_as_for_a_bourre():
    """laws 45C4a with glimne's penalty: "Samma straff, att efter en färdigspelad hand matcha
    vad som just då ligger i potten, tilldöms också en spelare som brutit mot någon av de
    ovanstående reglerna." (The same penalty, matching what is in the pot after the hand, is
    given to a player who has broken any of the rules above.)"""
    reason = designate("S4", OVERTRUMP, Rules.preset("glimne")).reason
    assert "the card stands" in reason and "as much as the pot holds" in reason


@pytest.mark.parametrize("mode", sorted(RENEGE_RULES))
def test_45C4a_every_renege_switch_has_an_outcome(mode):
    """laws 45C4a: each value of the renege switch names its rule and what follows."""
    rules = Rules(renege=mode)
    rule, outcome = renege_outcome(rules)
    result = designate("S4", OVERTRUMP, rules)
    assert result.kind == "renege" and result.renege == rule
    assert outcome in result.reason


def test_45C4a_a_card_not_held_is_still_invalid_46B4():
    """laws 46B4: "Hvis spilfører anmoder om et kort, som ikke findes på bordet, er anmodningen
    ugyldig" (a card that is not there: the request is invalid). Not a renege: nothing played."""
    result = designate("the nine of hearts", OVERTRUMP, Rules.preset("glimne"))
    assert (result.kind, result.clause, result.card, result.renege) == (
        "invalid",
        "laws-46B4",
        None,
        None,
    )


def test_45C4a_a_rank_with_no_legal_card_is_invalid_not_a_renege():
    """laws 46B4 as the Danish article extends it: "Samme regel gælder, hvis spilfører beder
    om 'nieren', men der ikke er nogen nier på bordet, der lovligt kan spilles." (The same rule
    applies if declarer asks for "the nine" but there is no nine that may lawfully be played.)
    "The four" names only the 4♠, which may not be played: invalid, say it again."""
    result = designate("the four", OVERTRUMP, Rules.preset("pagat"))
    assert (result.kind, result.clause, result.card) == ("invalid", "laws-46B4", None)
