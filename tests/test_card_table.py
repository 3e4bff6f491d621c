"""The drawn card table, headless: what it is given to draw, and the clicks it sends back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import traitlets

from bourre_lessons import parse_card, parse_cards
from bourre_lessons.cards import Suit
from bourre_lessons.game import Game
from bourre_lessons.play import Situation, cite, explain, legal_plays
from bourre_lessons.rules import Rules
from bourre_lessons.scenes import show
from bourre_lessons.widgets.kit import callout_html
from bourre_lessons.widgets.table.card_table import STATIC, CardTable
from bourre_lessons.widgets.table.table_model import (
    CardTableContent,
    card_label,
    compare_entry,
    feedback_entry,
    feedback_text,
    hand_entries,
    seat_entry,
    seen_table,
    situation_table,
    trick_entries,
    trump_entry,
    verdict_entry,
)


def cards(text: str):
    return [parse_card(code) for code in text.split()]


def table_with(hand: str) -> CardTable:
    view = CardTable()
    view.show(CardTableContent(hand=hand_entries(cards(hand))))
    return view


def test_a_click_message_reaches_the_handler_with_the_card_code():
    view = table_with("H7 SJ")
    heard: list[str] = []
    view.on_play(heard.append)
    view._handle_custom_msg({"type": "play", "card": "SJ"}, [])  # as the browser sends it
    view.click("H7")
    assert heard == ["SJ", "H7"]


def test_a_click_on_a_card_not_in_the_hand_is_refused_and_changes_nothing():
    view = table_with("H7 SJ")
    heard: list[str] = []
    view.on_play(heard.append)
    before = list(view.hand)
    view.click("DA")
    assert heard == [] and view.hand == before
    assert view.feedback["verdict"] == "illegal"
    assert "A♦ is not a card of your hand" in view.feedback["head"]
    view.click("Z9")
    assert "'Z9' is not a card of your hand" in view.feedback["head"]
    assert "You hold: 7♥ J♠." in view.feedback["lines"]


def test_other_messages_are_ignored():
    view = table_with("H7")
    heard: list[str] = []
    view.on_play(heard.append)
    view._handle_custom_msg({"type": "hover", "card": "H7"}, [])
    view._handle_custom_msg("play H7", [])
    assert heard == []


def test_a_bad_size_is_refused_with_the_accepted_sizes():
    with pytest.raises(traitlets.TraitError, match="normal, classroom"):
        CardTable(size="huge")


def test_labels_say_the_card_and_its_legality_in_words():
    assert card_label(parse_card("QH"), legal=True) == "queen of hearts, legal"
    assert card_label(parse_card("QH"), legal=False) == "queen of hearts, not allowed"
    hand = hand_entries(cards("QH S2"), legal=cards("QH"))
    assert [(c["card"], c["lifted"], c["label"]) for c in hand] == [
        ("HQ", True, "queen of hearts, legal"),
        ("S2", False, "two of spades, not allowed"),
    ]


def test_a_played_card_leaves_the_hand():
    hand = hand_entries(cards("QH S2 D9"), played=parse_card("S2"))
    assert [c["card"] for c in hand] == ["HQ", "D9"]


def test_the_trick_marks_the_led_card_and_the_card_winning_so_far():
    plays = list(zip("ABC", cards("H6 S6 H2"), strict=True))
    trick = trick_entries(plays, Suit.SPADES)
    assert [(c["seat"], c["led"], c["winning"]) for c in trick] == [
        ("A", True, False),
        ("B", False, True),
        ("C", False, False),
    ]
    assert trick[1]["label"] == "B: six of spades (winning so far)"


def test_seats_say_everything_they_show():
    seat = seat_entry("C", "Cleo", status="plays", tricks=2, chips=12, turn=True, dealer=True)
    assert seat["label"] == "seat C, Cleo, dealer, 12 chips, plays, 2 tricks, to play"


def test_feedback_takes_its_verdict_as_data():
    """The verdict is given, never read from the text: a ✔ or ✘ in the text is only text."""
    assert feedback_entry("J♠ is allowed.\nmore", "legal")["verdict"] == "legal"
    assert feedback_entry("4♠ is not allowed.", "illegal")["mark"] == "✘"
    assert feedback_entry("✘ looks refused")["verdict"] == "info"
    assert feedback_entry("Choose again.")["verdict"] == "info"
    assert feedback_entry("")["verdict"] == "" and feedback_text(feedback_entry()) == ""
    with pytest.raises(ValueError, match="verdict must be one of"):
        feedback_entry("x", verdict="maybe")


def test_a_scene_draws_on_the_table_and_a_refused_card_shakes():
    w = show("glimne-5")
    while not w.your_turn:
        w.next()
    w.table.click("S4")
    assert w.table.feedback["verdict"] == "illegal" and w.table.shake["card"] == "S4"
    assert {c["card"] for c in w.table.hand} == {"S4", "SJ", "DK"}, "the hand is unchanged"
    w.table.click("SJ")
    assert w.table.feedback["verdict"] == "legal"
    assert [c["card"] for c in w.table.trick] == ["H6", "S6", "H2", "SJ"]
    assert "This trick: A: six of hearts (led)" in w.table.to_text()


def test_the_drawing_files_ship_in_the_package_and_load_nothing_from_outside():
    js = (STATIC / "card_table.js").read_text(encoding="utf-8")
    css = (STATIC / "card_table.css").read_text(encoding="utf-8")
    assert "export default" in js
    for text in (js, css):
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
        assert "https://" not in text and "@import" not in text and "url(" not in text
    assert "prefers-reduced-motion" in css
    assert Path(STATIC).is_dir()


def test_the_view_carries_its_stable_dom_class():
    assert "bourre-table" in CardTable()._dom_classes


def test_feedback_keeps_mark_reason_and_rule_apart_and_words_them_once():
    """The callout holds the rule id apart from the reason, and the rule's summary under it;
    its head is the one sentence they make, which nothing parses back."""
    shown = feedback_entry(
        "4♠ is not allowed: play J♠.\nmore", "illegal", rule_id="glimne-5", summary="Overtrump."
    )
    assert shown["mark"] == "✘" and shown["verdict"] == "illegal"
    assert shown["reason"] == "4♠ is not allowed: play J♠."
    assert (shown["rule_id"], shown["cite"], shown["summary"]) == (
        "glimne-5",
        "glimne 5",
        "Overtrump.",
    )
    assert shown["head"] == "✘ 4♠ is not allowed: play J♠. [glimne 5: Overtrump.]"
    assert shown["lines"] == ["more"]
    assert feedback_text(shown) == shown["head"] + "\nmore"
    picked = feedback_entry(
        "J♥ beats 10♥.", "legal", rule_id="glimne-2", note=" (glimne picks J♥ here.)"
    )
    assert picked["head"] == "✔ J♥ beats 10♥. [glimne 2] (glimne picks J♥ here.)"
    assert picked["reason"] == "J♥ beats 10♥. (glimne picks J♥ here.)"
    plain = feedback_entry("B took the pot [pot 5]")
    assert plain["rule_id"] == "" and plain["reason"] == "B took the pot [pot 5]"


def test_an_engine_verdict_reaches_the_callout_as_data():
    situation = Situation(hand=parse_cards("S4 SJ DK"), trump="S", trick=parse_cards("H6 S6 H2"))
    refused = explain(situation, "S4", Rules.preset("glimne"))
    shown = verdict_entry(refused)
    assert (shown["verdict"], shown["rule_id"]) == ("illegal", refused.rule_id)
    assert shown["summary"] == refused.summary and shown["readings"] == list(refused.readings)
    assert shown["head"] == f"✘ {refused.reason} [{cite(refused.rule_id)}: {refused.summary}]"
    allowed = verdict_entry(explain(situation, "SJ", Rules.preset("glimne")), " (a note)")
    assert (
        allowed["mark"] == "✔"
        and allowed["summary"] == ""
        and allowed["head"].endswith("] (a note)")
    )


def test_the_callout_html_escapes_and_says_its_verdict():
    html = callout_html(
        feedback_entry("<b>4♠</b> refused", "illegal", rule_id="glimne-5", summary="rule"), "22px"
    )
    assert "data-verdict='illegal'" in html and "class='bourre-feedback bourre-callout'" in html
    assert "&lt;b&gt;4♠&lt;/b&gt;" in html and "<b>" not in html
    assert "class='bourre-rule'" in html and ">glimne 5</summary>" in html  # the rule chip
    assert "font-size:22px" in html


def test_a_situation_becomes_a_table_seen_by_the_player_to_act():
    """Two cards on the table before you, one player after: seats A, B, You, C."""
    situation = Situation(hand="SJ S4 DK", trump="S", trick="H6 S6", players_after=1)
    legal = legal_plays(situation, Rules.preset("glimne"))
    scene = situation_table(
        situation,
        legal=legal,
        feedback=feedback_entry("J♠ is allowed.", "legal", rule_id="glimne-5"),
    )
    assert [s["seat"] for s in scene.seats] == ["A", "B", "You", "C"]
    assert [s["label"] for s in scene.seats][2] == "you, 0 tricks, to play"
    assert [(c["seat"], c["card"], c["led"], c["winning"]) for c in scene.trick] == [
        ("A", "H6", True, False),
        ("B", "S6", False, True),
    ]
    assert {c["card"]: c["label"] for c in scene.hand} == {
        "SJ": "jack of spades, legal",
        "S4": "four of spades, not allowed",
        "DK": "king of diamonds, not allowed",
    }
    assert scene.trump["plural"] == "spades" and scene.status == "Your turn: play a card."
    view = CardTable()
    view.show(scene)
    text = view.to_text()
    assert "This trick: A: six of hearts (led); B: six of spades (winning so far)" in text
    assert "Lifted (legal): J♠" in text and "Feedback: ✔ J♠ is allowed. [glimne 5]" in text


def _mid_hand(seed: int) -> Game:
    """A five-seat pagat game, first legal action each time, stopped in the second trick with
    two cards on the table."""
    game = Game(Rules.preset("pagat"), 5, seed=seed)
    while not (
        game.phase == "play"
        and game.hand_record.tricks
        and game.current_trick
        and len(game.current_trick.cards) == 2
    ):
        game.apply(game.legal_actions()[0])
    return game


def _codes(value) -> set[str]:
    """Every card code anywhere in the drawn values (a 'card' field or a 'codes' list)."""
    found: set[str] = set()
    if isinstance(value, dict):
        if isinstance(value.get("card"), str):
            found.add(value["card"])
        found |= set(value.get("codes", ()))
        for inner in value.values():
            found |= _codes(inner)
    elif isinstance(value, list):
        for inner in value:
            found |= _codes(inner)
    return found


@pytest.mark.parametrize("seed", [3, 11])
def test_a_game_mid_hand_shows_only_what_the_seat_may_know(seed):
    """The others' hands never reach the view: only your cards, the turned card and the cards
    played face up; the others' hands show as counts."""
    game = _mid_hand(seed)
    hand = game.hand_record
    played = {c for t in hand.tricks for c in t.cards} | set(game.current_trick.cards)
    scene = seen_table(game, "A", set(), "your turn", None)
    shown = _codes(scene.traits())
    secret = {c.code for p in game.players if p != "A" for c in game.cards_of(p)}
    assert not shown & secret, f"another seat's unplayed cards on screen: {shown & secret}"
    public = {c.code for c in (*played, *game.cards_of("A"), hand.trump_card)}
    assert shown <= public and {c.code for c in game.cards_of("A")} <= shown
    counts = {s["seat"]: s["cards"] for s in scene.seats}
    for player in game.players:
        if hand.declared.get(player) is not False:
            assert counts[player] == len(game.cards_of(player))
    assert len(scene.past) == len(hand.tricks) and len(scene.trick) == 2
    assert scene.pot == game.pot
    if hand.trump_card not in played:
        assert scene.trump["card"] == hand.trump_card.code and scene.trump["beside"] == hand.dealer
    view = CardTable()
    view.show(scene)
    assert f"Pot: {game.pot} chips" in view.to_text()
    assert not any(str(parse_card(code)) in view.to_text() for code in secret)
    state = json.loads(json.dumps(view.get_state(), ensure_ascii=False))  # plain JSON only
    assert state["hand"] == scene.hand and state["seats"] == scene.seats


def test_the_rulebooks_side_by_side():
    row = compare_entry(
        "wikipedia",
        [parse_card("DK"), parse_card("S4")],
        current=True,
        colour="#1b9e77",
        tried=(parse_card("DK"), True, "wikipedia-2"),
    )
    assert row["codes"] == ["S4", "DK"] and row["cards"] == "4♠ K♦"
    assert row["verdict"] == "legal" and row["tried"] == "K♦"
    assert row["label"] == "wikipedia, in force: legal 4♠ K♦; K♦ allowed [wikipedia 2]"
    view = CardTable()
    view.show(CardTableContent(compare=[row, compare_entry("glimne", [parse_card("S4")])]))
    lines = view.to_text().splitlines()
    assert lines[-3:] == [
        "The rulebooks side by side:",
        "  wikipedia, in force: legal 4♠ K♦; K♦ allowed [wikipedia 2]",
        "  glimne: legal 4♠",
    ]


def test_the_turned_card_sits_beside_the_dealer_and_the_suit_alone_otherwise():
    turned = trump_entry(Suit.CLUBS, parse_card("CQ"), beside="C")
    assert (turned["card"], turned["beside"], turned["label"]) == (
        "CQ",
        "C",
        "turned card: queen of clubs",
    )
    assert trump_entry(Suit.SPADES) == {
        "suit": "S",
        "plural": "spades",
        "text": "♠ spades",
        "label": "trump: spades",
    }
    assert trump_entry(None) == {}


def _play_until(game: Game, done) -> Game:
    """Apply the first legal action until `done(game)` holds."""
    while not done(game):
        game.apply(game.legal_actions()[0])
    return game


def test_a_finished_trick_stays_on_the_felt_with_its_winner_until_the_next_card():
    """The last card of a trick lands and stays in the middle, the winner's card marked as
    having won; the earlier-tricks row does not list it twice. The next card led clears it."""
    game = _play_until(
        Game(Rules.preset("pagat"), 4, seed=5),
        lambda g: (
            g.phase == "play" and len(g.hand_record.tricks) == 1 and not g.current_trick.plays
        ),
    )
    first = game.hand_record.tricks[0]
    scene = seen_table(game, "A", set(), None, None)
    assert [c["card"] for c in scene.trick] == [c.code for c in first.cards]
    assert all(c["done"] for c in scene.trick) and scene.past == []
    won = [c for c in scene.trick if c["won"]]
    assert [c["seat"] for c in won] == [first.winner]
    assert won[0]["label"].endswith("(won the trick)") or "won the trick" in won[0]["label"]
    view = CardTable()
    view.show(scene)
    assert "The trick just finished: " in view.to_text()
    assert f"{first.winner}: " in view.to_text().split("The trick just finished: ")[1]

    _play_until(game, lambda g: len(g.current_trick.cards) == 1)
    scene = seen_table(game, "A", set(), None, None)
    assert len(scene.trick) == 1 and not scene.trick[0].get("done")
    assert [t["winner"] for t in scene.past] == [first.winner]


def test_the_turned_card_leaves_the_table_once_it_is_played():
    """While the dealer holds the turned card it is drawn (beside the dealer); once played it
    lies in the trick like any card and the table shows the trump suit alone."""
    for seed in range(40):
        game = Game(Rules.preset("pagat"), 3, seed=seed)
        turned, dealer = game.trump_card, game.hand_record.dealer

        def played(g, card=turned):
            tricks = g.hand_record.tricks
            cards = {c for t in tricks for c in t.cards} | set(
                g.current_trick.cards if g.current_trick else ()
            )
            return card in cards or g.phase == "settled"

        before = seen_table(game, "A", set(), None, None)
        assert before.trump["card"] == turned.code and before.trump["beside"] == dealer
        _play_until(game, played)
        if game.phase == "settled" and turned in game.cards_of(dealer):
            continue  # this deal never played it; another seed will
        after = seen_table(game, "A", set(), None, None)
        assert "card" not in after.trump and after.trump["suit"] == turned.suit.letter
        assert after.trump["label"] == f"trump: {turned.suit.plural}"
        return
    pytest.fail("no seed among 40 played the turned card")
