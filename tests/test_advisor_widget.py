"""The advisor widget: estimates on screen, controls that follow each other, friendly messages."""

from __future__ import annotations

import pytest

from bourre_lessons.widgets.advice.advice_panel import AdvisorWidget

SURE = "HA HK HQ S2 D3"  # A-K-Q of trumps under a turned 9♥: the pot is certain


def shown(w: AdvisorWidget) -> str:
    """What the Output widget holds, written from the kernel side."""
    assert all(o["output_type"] == "stream" and o["name"] == "stdout" for o in w.output.outputs)
    return "".join(o["text"] for o in w.output.outputs)


def test_the_widget_shows_an_estimate_at_once() -> None:
    w = AdvisorWidget()
    assert w.advice is not None
    assert shown(w) == w.message + "\n"
    assert "If you play (10000 simulated deals):" in w.message
    assert "Expected chips this hand" in w.message


def test_dom_classes_for_browser_tests() -> None:
    w = AdvisorWidget()
    assert "bourre-advisor" in w._dom_classes
    for control, name in (
        (w.hand_box, "hand"),
        (w.trump_menu, "trump"),
        (w.seat_slider, "seat"),
        (w.players_slider, "players"),
        (w.rulebook, "rulebook"),
        (w.output, "output"),
    ):
        assert f"bourre-advisor-{name}" in control._dom_classes


def test_a_sure_hand_is_worth_the_five_antes() -> None:
    """Cinch (RULES-SPEC): A-K-Q of trumps take a pot of five antes (pagat: no second ante)."""
    w = AdvisorWidget()
    text = w.set_hand(SURE, trump="H9", seat=2, players=5)
    assert "take the pot   100.0%" in text
    assert "play  +5.00 (95% CI +5.00 to +5.00)" in text
    assert "Playing is better: about 5.00 chips a hand more than passing" in text
    assert w.to_text().endswith(text)


def test_a_hopeless_hand_is_advised_to_pass() -> None:
    text = AdvisorWidget().set_hand("S2 S5 D7 C9 CT", trump="HA", seat=1)
    assert "Passing is better" in text


def test_typing_in_the_box_runs_the_advisor_again() -> None:
    w = AdvisorWidget()
    w.trump_menu.value = "H9"
    w.hand_box.value = SURE
    assert "play  +5.00" in shown(w)


def test_the_seat_slider_follows_the_table_and_the_table_the_rulebook() -> None:
    """wikipedia seats 2 to 7, pagat 2 to 8 (glimne recommends 2 to 6 but allows 8)."""
    w = AdvisorWidget(players=8, seat=8, hand="SA SK H4 D7 S7", trump="S7")
    assert "the dealer, last to speak" in w.message
    w.rulebook.value = "wikipedia"
    assert (w.players_slider.max, w.players_slider.value) == (7, 7)
    assert w.seat_slider.max == 7
    w.players_slider.value = 4
    assert w.seat_slider.max == 4 and w.seat_slider.value == 4


def test_the_dealer_needs_the_turned_card_in_hand() -> None:
    """The dealer's fifth card is the turned card (glimne, wikipedia, pagat)."""
    w = AdvisorWidget(hand="SA SK H4 D7 C2", trump="S7")
    w.seat_slider.value = 5
    assert w.advice is None
    assert w.message.startswith("As the dealer (seat 5 of 5) your fifth card is the turned card")
    text = w.set_hand("SA SK H4 D7 S7")
    assert "the dealer, last to speak" in text and w.advice is not None


@pytest.mark.parametrize(
    ("hand", "options", "message"),
    [
        ("SA SK H4 D7 X2", {}, "Unknown card 'X2'. Type cards such as"),
        ("SA SA H4 D7 C2", {}, "A♠ appears twice"),
        ("SA SK H4 D7", {}, "A Bourré hand has five cards; you typed 4 (A♠ K♠ 4♥ 7♦)"),
        ("SA SK H4 D7 C2 C3", {}, "you typed 6"),
        ("", {}, "Type your five cards, for example SA SK H4 D7 C2."),
        ("SA SK H4 D7 S7", {"trump": "S7", "seat": 2}, "The turned card 7♠ belongs to the dealer"),
        ("SA SK H4 D7 C2", {"trump": "Z1"}, "The turned card: unknown card 'Z1'"),
        ("SA SK H4 D7 C2", {"players": 9}, "the pagat rules seat 2 to 8"),
        (
            "SA SK H4 D7 C2",
            {"players": 8, "rulebook": "wikipedia"},
            "the wikipedia rules seat 2 to 7",
        ),
        ("SA SK H4 D7 C2", {"seat": 0}, "Seat 0 is not at a table of 5"),
        ("SA SK H4 D7 C2", {"seat": 6}, "Seat 6 is not at a table of 5"),
        ("SA SK H4 D7 C2", {"seat": "2"}, "Seat '2' is not at a table"),
        ("SA SK H4 D7 C2", {"rulebook": "hoyle"}, "Unknown rulebook 'hoyle'"),
        (None, {}, "Type your cards as text"),
    ],
)
def test_bad_input_gives_a_message_not_a_traceback(hand, options, message) -> None:
    w = AdvisorWidget()
    text = w.set_hand(hand, **options)
    assert message in text
    assert shown(w) == text + "\n"
    assert "Traceback" not in text and "Error" not in text


def test_a_refused_value_leaves_the_controls_alone() -> None:
    w = AdvisorWidget(players=5, seat=3)
    w.set_hand("SA SK H4 D7 C2", seat=9)
    assert (w.players_slider.value, w.seat_slider.value) == (5, 3)


def test_set_table_changes_seat_players_and_rulebook() -> None:
    w = AdvisorWidget()
    text = w.set_table(seat=3, players=6, rulebook="wikipedia")
    assert "seat 3 of 6 (3rd to speak) · wikipedia rules" in text
    assert "Your seat: 3 of 6, 3rd to speak" in w.to_text()


def test_to_text_lists_the_controls() -> None:
    lines = AdvisorWidget(hand="SA SK H4 D7 C2", trump="D9").to_text().splitlines()
    assert lines[:5] == [
        "Your cards: SA SK H4 D7 C2",
        "Turned card: 9♦",
        "Rulebook: pagat",
        "Players: 5",
        "Your seat: 1 of 5, first to speak, on the dealer's left",
    ]


def test_bad_constructor_arguments_raise_clearly() -> None:
    with pytest.raises(ValueError, match="players must be 2 to 7 under wikipedia"):
        AdvisorWidget(players=8, preset="wikipedia")
    with pytest.raises(ValueError, match="seat must be 1 to 5"):
        AdvisorWidget(seat=6)
