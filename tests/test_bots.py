"""Bots at a readable Game table: legal actions only, the documented heuristic choices, clear
errors for a bot of your own that breaks a rule."""

from __future__ import annotations

import dataclasses
from dataclasses import replace

import pytest

from bourre_lessons.cards import parse_card, parse_cards
from bourre_lessons.game import Game
from bourre_lessons.play import Situation
from bourre_lessons.rules import PRESETS, Rules
from bourre_lessons.sim.bot_names import resolve_bots
from bourre_lessons.sim.bots import (
    Bot,
    BotError,
    HeuristicBot,
    RandomBot,
    SeatView,
    play_bots,
    view_of,
)


def _view(hand: str, trump: str = "H9", **changes: object) -> SeatView:
    """A view at a five-player pagat table, first to speak, nobody in yet."""
    base = SeatView(
        player="B",
        phase="declare",
        hand=parse_cards(hand),
        trump_card=parse_card(trump),
        position=0,
        players=5,
        playing_before=0,
        must_play=False,
        max_discards=5,
        locked=frozenset(),
        can_take=False,
        rules=Rules(),
    )
    return dataclasses.replace(base, **changes)


def _play_view(hand: str, trump: str, trick: str = "", seen: str = "", after: int = 0) -> SeatView:
    s = Situation(
        parse_cards(hand), trump, parse_cards(trick), parse_cards(seen), players_after=after
    )
    turned = next(c for c in s.unseen if c.suit == s.trump)  # any trump nobody can see
    return _view(hand, turned.code, phase="play", situation=s)


# --- at the table ----------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["pagat", "glimne", "wikipedia"])
def test_random_bots_play_whole_hands_with_legal_actions_only(preset: str) -> None:
    """Every action a random bot picks is one of the table's legal actions."""
    game = Game(PRESETS[preset], 5, seed=3)
    bot = RandomBot(seed=1)
    for _ in range(15):
        while game.phase != "settled":
            action = bot.choose(game)
            assert action in game.legal_actions()
            game.apply(action)
        game.apply("deal")
    assert sum(game.bankrolls.values()) + game.pot == 500


@pytest.mark.parametrize("preset", ["pagat", "glimne"])
def test_heuristic_bots_finish_hands_through_play_bots(preset: str) -> None:
    """play_bots drives a whole hand to its settlement, and deals on when asked."""
    game = Game(PRESETS[preset], 4, seed=8)
    applied = play_bots(game, HeuristicBot())
    assert game.phase == "settled" and applied
    bots = resolve_bots([HeuristicBot(), RandomBot(2), "heuristic", "random"], 4)
    applied = play_bots(game, bots, deal=True)
    assert applied[0] == "deal" and game.phase == "settled"


def test_play_bots_stops_when_a_person_is_to_act() -> None:
    """Seats without a bot are people: the bots wait for them."""
    game = Game(Rules(), 4, seed=2)
    play_bots(game, {"A": HeuristicBot(), "C": RandomBot(4), "D": HeuristicBot()})
    assert game.to_act == "B" and game.phase == "declare"


def test_play_bots_waits_while_a_renege_can_be_corrected() -> None:
    """pagat: a renege stays open for its player to accept or correct; bots do not act."""
    game = Game(Rules(), 3, seed=1)
    bots = {"A": HeuristicBot(), "C": HeuristicBot()}
    for _ in range(40):  # deal until B faces a card decision with an illegal card available
        play_bots(game, bots)
        if game.phase == "play" and game.to_act == "B":
            illegal = set(game.cards_of("B")) - {parse_card(a) for a in game.legal_actions()}
            if illegal:
                break
        if game.phase == "settled":
            game.apply("deal")
            continue
        game.apply(RandomBot(0).choose(game))
    else:
        pytest.fail("no position with an illegal card for B was reached")
    game.apply("renege " + min(illegal).code)
    assert play_bots(game, bots) == []
    assert game.pending_renege is not None and game.legal_actions()[0] == "accept"


def test_view_of_tells_the_seat_what_it_knows() -> None:
    """The view of the first speaker: position 0, nobody in yet, five cards; in pagat's one
    round the next speaker has also heard how many cards the first threw away."""
    game = Game(Rules(), 5, seed=4)
    view = view_of(game)
    assert view.player == "B" and view.position == 0 and view.players == 5
    assert view.playing_before == 0 and len(view.hand) == 5 and view.phase == "declare"
    assert view.draws_heard == ()
    game.apply("play")
    assert view_of(game).phase == "draw" and view_of(game).player == "B"
    game.apply("discard " + " ".join(c.code for c in game.cards_of("B")[:2]))
    after = view_of(game)
    assert after.playing_before == 1 and after.position == 1 and after.draws_heard == (2,)
    assert after.strong_before == 0
    two_rounds = Game(replace(Rules(), draw_timing="after_declarations"), 5, seed=4).play("play")
    assert view_of(two_rounds).playing_before == 1 and view_of(two_rounds).draws_heard == ()


def test_a_house_rule_keeps_the_turned_card_and_the_view_marks_it_locked() -> None:
    """No source forbids discarding the turned card; under the house rule that does, the
    view marks it locked (and under every preset nothing is locked)."""
    house = replace(PRESETS["glimne"], dealer_may_discard_trump_card=False)
    game = Game(PRESETS["glimne"], 3, seed=6, actions=["play", "play", "play", "keep", "keep"])
    assert view_of(game).locked == set()
    game = Game(house, 3, seed=6, actions=["play", "play", "play", "keep", "keep"])
    view = view_of(game)
    assert view.player == game.hand_record.dealer and view.locked == {game.trump_card}


# --- the heuristic's documented choices --------------------------------------------------------


def test_heuristic_declares_by_trump_strength() -> None:
    """A-K-Q of trumps plays; a hand without trumps or aces passes."""
    bot = HeuristicBot()
    assert bot.declare(_view("HA HK HQ S2 D3"))
    assert not bot.declare(_view("S2 S5 D7 C9 CT"))
    assert bot.declare(_view("S2 S5 D7 C9 CT", must_play=True))


def test_heuristic_bar_rises_with_each_player_already_in() -> None:
    """A jack of trumps and a side ace (0.6 + 0.75 = 1.35) clears the bar of 0.8 for the first
    speaker but not 0.8 + 3 x 0.25 = 1.55 after three players said play."""
    bot = HeuristicBot()
    assert bot.declare(_view("HJ SA D7 C9 C4"))
    assert not bot.declare(_view("HJ SA D7 C9 C4", position=3, playing_before=3))
    assert HeuristicBot(boldness=0.5).declare(_view("HJ SA D7 C9 C4", position=3, playing_before=3))


def test_heuristic_bar_rises_again_for_a_player_heard_to_draw_one_card_or_none() -> None:
    """One round (pagat, as the course reads it): a later speaker hears how many cards each
    player in drew. A jack of trumps and a side ace (0.6 + 0.75 = 1.35), third to speak after
    two players said play: the bar is 0.8 + 2 x 0.25 = 1.30, and it plays; if one of the two
    was heard to draw a single card (a hand kept nearly whole), the bar rises by another 0.25
    to 1.55, and it passes. Drawing three or four cards is no such sign."""
    bot = HeuristicBot()
    seat = {"position": 2, "playing_before": 2}
    assert bot.declare(_view("HJ SA D7 C9 C4", **seat))
    assert bot.declare(_view("HJ SA D7 C9 C4", **seat, draws_heard=(3, 4)))
    heard = _view("HJ SA D7 C9 C4", **seat, draws_heard=(1, 3))
    assert heard.strong_before == 1 and not bot.declare(heard)
    assert _view("HJ SA D7 C9 C4", **seat, draws_heard=(0, 1)).strong_before == 2


def test_heuristic_keeps_trumps_and_side_aces() -> None:
    """The draw throws everything but trumps and aces, lowest first under a limit."""
    bot = HeuristicBot()
    assert set(bot.discard(_view("HJ H4 SA D7 C9", phase="draw"))) == set(parse_cards("D7 C9"))
    assert bot.discard(_view("HJ H4 SA D7 C9", phase="draw", max_discards=1)) == parse_cards("D7")
    assert bot.discard(_view("HJ H4 H2 HA SA", phase="draw")) == ()


def test_heuristic_takes_the_separate_card_when_it_throws_something() -> None:
    """pagat variant: the dealer takes the separate turned card (a trump) if a card goes."""
    bot = HeuristicBot()
    assert bot.take(_view("HJ H4 SA D7 C9", phase="draw", can_take=True))
    assert not bot.take(_view("HJ H4 H2 HA SA", phase="draw", can_take=True))


def test_heuristic_wins_cheaply_when_last_and_boldly_otherwise() -> None:
    """Last to play: the lowest winning card; players still to come: the highest."""
    bot = HeuristicBot()
    legal = frozenset(parse_cards("SJ SQ SA"))
    last = _play_view("SJ SQ SA H2", "H", trick="S5 S9", after=0)
    assert bot.play(last, legal) == parse_card("SJ")
    early = _play_view("SJ SQ SA H2", "H", trick="S5 S9", after=2)
    assert bot.play(early, legal) == parse_card("SA")


def test_heuristic_throws_its_lowest_card_when_it_cannot_win() -> None:
    """No winner among the legal cards: the lowest, side suits before trumps."""
    bot = HeuristicBot()
    view = _play_view("S2 S3 D4", "H", trick="S5 H9", after=1)
    assert bot.play(view, frozenset(parse_cards("S2 S3"))) == parse_card("S2")
    void = _play_view("D4 C9 DK", "H", trick="SA", after=1)
    assert bot.play(void, frozenset(parse_cards("D4 C9 DK"))) == parse_card("D4")


def test_heuristic_leads_a_known_top_card() -> None:
    """On lead: the top trump if no unseen trump beats it, else a known top side card, else low."""
    bot = HeuristicBot()
    assert bot.play(_play_view("HA S2 D3", "H"), frozenset(parse_cards("HA S2 D3"))) == parse_card(
        "HA"
    )
    assert bot.play(_play_view("SA D3 C4", "H"), frozenset(parse_cards("SA D3 C4"))) == parse_card(
        "SA"
    )
    assert bot.play(_play_view("SK D3 C4", "H"), frozenset(parse_cards("SK D3 C4"))) == parse_card(
        "D3"
    )
    seen = _play_view("SK D3 C4", "H", seen="SA")
    assert bot.play(seen, frozenset(parse_cards("SK D3 C4"))) == parse_card("SK")


# --- errors -------------------------------------------------------------------------------------


class _Cheat(Bot):
    name = "cheat"

    def declare(self, view: SeatView) -> bool:
        return True

    def discard(self, view: SeatView) -> tuple:
        return tuple(view.hand)  # all five, the locked turned card included

    def play(self, view: SeatView, legal: frozenset) -> object:
        return (
            next(c for c in view.hand if c not in legal) if set(view.hand) - legal else min(legal)
        )


def test_a_bot_that_breaks_a_rule_gets_a_clear_error() -> None:
    """The table, not the bot, decides: an illegal answer raises BotError naming the problem."""
    house = replace(PRESETS["glimne"], dealer_may_discard_trump_card=False)
    game = Game(house, 3, seed=6, actions=["play", "play", "play", "keep", "keep"])
    with pytest.raises(BotError, match="refuses"):
        _Cheat().choose(game)


def test_bot_lists_and_names_are_checked() -> None:
    """resolve_bots: one bot per seat, names 'random' or 'heuristic'."""
    assert [b.name for b in resolve_bots("random", 3)] == ["random"] * 3
    with pytest.raises(BotError, match="list of 4"):
        resolve_bots(["random"], 4)
    with pytest.raises(BotError, match="unknown bot"):
        resolve_bots("genius", 4)
    with pytest.raises(BotError, match="boldness"):
        HeuristicBot(boldness="high")  # type: ignore[arg-type]
    with pytest.raises(BotError, match="settled"):
        game = Game(Rules(), 2, seed=0)
        play_bots(game, HeuristicBot())
        view_of(game)
