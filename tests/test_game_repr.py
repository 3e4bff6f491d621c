"""How a game shows itself in a notebook: a short, stable text repr, and an HTML table that
shows only what the table can see until the hand is over."""

from __future__ import annotations

import dataclasses
import re

from test_game_actions import FOLLOW  # the same table: C must follow B's K♠, or renege

from bourre_lessons import Game, Rules, parse_card

PAGAT = Rules.preset("pagat")

DEAL = FOLLOW
"""Clubs are trumps (the dealer A turns 6♣); B leads the king of spades."""


def hidden_cards(game: Game) -> set[str]:
    """Every card in a hand except the turned card, which everyone has seen."""
    return {str(c) for p in game.players for c in game.cards_of(p)} - {str(game.trump_card)}


def text_of(html: str) -> str:
    """The HTML with its tags taken out."""
    return re.sub(r"<[^>]+>", " ", html)


def test_the_text_repr_is_one_short_line_that_names_the_table():
    game = Game(PAGAT, 4, seed=3).play("play", "keep", "pass")
    text = repr(game)
    assert "\n" not in text and len(text) <= 120
    for part in ("pagat", "A B C D", "seed 3", "hand 1", "declare", "D to act", "3 actions"):
        assert part in text, (part, text)
    assert repr(game.replayed()) == text  # stable: the same position prints the same
    house = Game(dataclasses.replace(PAGAT, pot_limit=3), 4, seed=3)
    assert "pagat-based" in repr(house)
    assert "chosen deal" in repr(Game(PAGAT, 4, deal=DEAL))


def seat_rows(html: str) -> list[tuple[str, str, str]]:
    """(seat, chips, what the seat said) for each row of the table."""
    cells = (
        r"<tr><td>(?:▶ <b>)?([^<]+?)(?: \(dealer\))?(?:</b>)?</td><td>(-?\d+)</td><td>([^<]+)</td>"
    )
    return re.findall(cells, html)


def test_the_html_lists_every_seat_with_its_chips_and_the_pot():
    """pagat: everyone antes one (no second ante), so with four at the table the pot is 4."""
    game = Game(PAGAT, 4, deal=DEAL).play("play", "keep", "pass", "play", "keep")
    html = game._repr_html_()
    assert seat_rows(html) == [
        ("A", "99", "…"),
        ("B", "99", "plays"),
        ("C", "99", "passed"),
        ("D", "99", "plays"),
    ]
    assert "▶ <b>A (dealer)</b>" in html  # the dealer declares last
    text = text_of(html)
    assert "pot 4" in text
    assert "6♣" in text and "trumps clubs" in text


def test_the_html_hides_the_cards_in_hand_during_the_hand():
    """Before and during play only the turned card, the cards in the trick and what each
    player said are shown; a hand's cards are not."""
    game = Game(PAGAT, 4, deal=DEAL)
    shown = []
    for action in ["play", "keep", "pass", "play", "keep", "play", "keep", "SK"]:
        html = game._repr_html_()
        assert not {card for card in hidden_cards(game) if card in html}, action
        shown.append(html)
        game.apply(action)
    html = game._repr_html_()
    assert not {card for card in hidden_cards(game) if card in html}
    assert "K♠" in text_of(html)  # in the trick
    assert "passed" in text_of(shown[-1])


def test_the_html_shows_an_open_renege():
    """pagat: a renege may be corrected before the next player plays; the table shows it."""
    game = Game(PAGAT, 4, deal=DEAL).play(*["play", "keep"] * 4, "SK", "renege D2")
    html = game._repr_html_()
    assert "C may correct a renege" in html
    assert "2♦" in html  # the reneged card lies in the trick


def test_the_html_shows_the_hands_once_the_hand_is_over():
    game = Game(PAGAT, 4, deal=DEAL)
    while game.phase != "settled":
        game.apply(game.legal_actions()[0])
    text = text_of(game._repr_html_())
    for cards in DEAL.values():
        for code in cards.split():
            assert str(parse_card(code)) in text
    assert "the pot holds" in text  # the settlement, described


def test_names_are_escaped_in_the_html():
    game = Game(PAGAT, ["<b>Ann</b>", "Bo & Cy"])
    html = game._repr_html_()
    assert "&lt;b&gt;Ann&lt;/b&gt;" in html and "Bo &amp; Cy" in html
    assert "<b>Ann</b>" not in html
