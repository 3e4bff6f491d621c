"""Whole hands: ante, deal, play or pass, draw, five tricks, settlement, the next deal.

Positions come from a chosen first deal (`Game(deal=...)`) or are found by searching seeds in
a fixed order with fixed choices, so every test is deterministic; each search asserts that it
found what it looks for. Expected values are worked out here from the cards and the chips,
not asked of the engine.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest

from bourre_lessons import DECK, Card, Rules, Suit, parse_card
from bourre_lessons.game import Game, GameError, IllegalAction, IllegalPlay, UnreadableAction

PAGAT = Rules.preset("pagat")
GLIMNE = Rules.preset("glimne")
WIKIPEDIA = Rules.preset("wikipedia")

Chooser = Callable[[Game], str]

TURNED_ACE = {"turned": "SA"}
"""A chosen first deal: the dealer A turns the ace of spades."""
NO_ACE = {"turned": "H9"}
"""A chosen first deal: the dealer A turns the nine of hearts, so may pass under any rules."""


# --- helpers ------------------------------------------------------------------------------


def first_choice(game: Game) -> str:
    """Always the first action the engine lists (declares 'play', keeps every card)."""
    return game.legal_actions()[0]


def random_choice(seed: int) -> Chooser:
    """A chooser that picks among the listed actions with its own seeded generator."""
    rng = random.Random(seed)
    return lambda game: rng.choice(game.legal_actions())


def play_until(game: Game, done: Callable[[Game], bool], choose: Chooser, limit: int = 400):
    """Apply chosen actions until `done(game)`; fail if it never happens."""
    for _ in range(limit):
        if done(game):
            return game
        game.apply(choose(game))
    raise AssertionError(f"position not reached in {limit} actions:\n{game.transcript()}")


def finish_hand(game: Game, choose: Chooser = first_choice) -> Game:
    return play_until(game, lambda g: g.phase == "settled", choose)


def snapshot(game: Game) -> dict:
    """Everything a refused action must leave alone."""
    trick = game.current_trick
    return {
        "transcript": game.transcript(),
        "actions": list(game.actions),
        "bankrolls": game.bankrolls,
        "pot": game.pot,
        "cards": {p: game.cards_of(p) for p in game.players},
        "to_act": game.to_act,
        "legal": game.legal_actions(),
        "phase": game.phase,
        "tricks_won": game.tricks_won,
        "trick": None if trick is None else list(trick.plays),
        "hands_played": len(game.history),
        "places": sorted((c.code, where) for c, where in game._card_places()),
    }


def refuse(game: Game, action, error: type[Exception], *words: str) -> Exception:
    """`action` raises `error` whose message contains every word, and changes nothing."""
    before = snapshot(game)
    with pytest.raises(error) as caught:
        game.apply(action)
    message = str(caught.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    assert snapshot(game) == before
    return caught.value


def trick_taker(plays: list[tuple[str, Card]], trump: Suit) -> str:
    """Worked out by hand: the highest trump, or else the highest card of the suit led."""
    led = plays[0][1].suit
    trumps = [(card.rank, p) for p, card in plays if card.suit == trump]
    if trumps:
        return max(trumps)[1]
    return max((card.rank, p) for p, card in plays if card.suit == led)[1]


def at_dealers_draw(rules: Rules, players: int, seed: int) -> Game:
    """Everyone plays and keeps until the dealer is to draw."""
    game = Game(rules, players, seed)
    dealer = game.hand_record.dealer
    return play_until(game, lambda g: g.phase == "draw" and g.to_act == dealer, first_choice)


def find_seed(test: Callable[[int], bool], limit: int = 500) -> int:
    for seed in range(limit):
        if test(seed):
            return seed
    raise AssertionError(f"no seed below {limit} fits")


# --- one hand from a seed -------------------------------------------------------------------


def test_a_hand_from_ante_to_settlement():
    """RULES-SPEC 'Cards, players, deal' and 'Play or pass' (pagat): everyone antes one; five
    cards each; the dealer's fifth card is turned for trump and is part of the dealer's hand;
    play or pass from the dealer's left, the dealer last, a player who says play drawing in
    the same turn (pagat's one round, as the course reads it); five tricks, each led by the
    last winner; chips are only moved, never made."""
    game = Game(PAGAT, 5, seed=11)
    seats = ["B", "C", "D", "E", "A"]  # from the dealer's left, the dealer A last
    assert game.hand_record.dealer == "A"
    assert game.hand_record.seats == seats
    assert game.pot == 5
    assert game.bankrolls == dict.fromkeys("ABCDE", 99)
    dealt = game.hand_record.dealt
    assert all(len(dealt[p]) == 5 for p in seats)
    assert len({c for p in seats for c in dealt[p]}) == 25
    assert game.trump_card == dealt["A"][-1]
    assert game.trump_card in game.cards_of("A")

    declared, drew = [], []
    choices = iter(["play", "pass", "play", "play", "pass"])
    while game.phase in ("declare", "draw"):
        if game.phase == "declare":
            declared.append(game.to_act)
            game.apply(next(choices))
            continue
        assert game.to_act == declared[-1]  # the one who just said play draws at once
        drew.append(game.to_act)
        hand = game.cards_of(game.to_act)
        game.apply("discard " + " ".join(c.code for c in hand[:2]))
        assert len(game.cards_of(drew[-1])) == 5
    assert declared == seats
    assert drew == ["B", "D", "E"]
    assert game.phase == "play"
    assert game.to_act == "B"  # the first active player on the dealer's left leads

    leader = "B"
    while game.phase == "play":
        trick_no = len(game.hand_record.tricks)
        assert game.current_trick.leader == leader
        while len(game.hand_record.tricks) == trick_no:
            game.apply(first_choice(game))
        done = game.hand_record.tricks[-1]
        assert sorted(p for p, _ in done.plays) == ["B", "D", "E"]
        assert done.winner == trick_taker(done.plays, game.trump_card.suit)
        leader = done.winner
    assert len(game.hand_record.tricks) == 5
    assert sum(game.history[-1].settlement.tricks.values()) == 5
    assert sum(game.bankrolls.values()) + game.pot == 500
    assert game.legal_actions() == ["deal"]
    assert game.to_act is None


def test_the_deal_goes_one_card_at_a_time_from_the_dealers_left():
    """RULES-SPEC (pagat): the dealer deals five cards each, one at a time, clockwise from the
    dealer's left; the dealer's fifth card is the turned card. The shuffle is fixed by the seed
    and the hand number (the engine's replay contract), so the deal can be redone here by hand."""
    seed = 5
    game = Game(PAGAT, 4, seed=seed)
    deck = list(DECK)
    random.Random(f"bourre-lessons:{seed}:1").shuffle(deck)
    order = ["B", "C", "D", "A"]
    hands: dict[str, list[Card]] = {p: [] for p in order}
    for _ in range(5):
        for p in order:
            hands[p].append(deck.pop())
    assert {p: tuple(cards) for p, cards in hands.items()} == game.hand_record.dealt
    assert game.trump_card == hands["A"][4]


def test_the_deal_passes_to_the_left_hand_after_hand():
    """RULES-SPEC: the deal passes to the left after every hand; everyone antes again (glimne:
    nobody skips an ante), and the one who deals declares last."""
    game = Game(GLIMNE, 4, seed=3)
    dealers = []
    for _ in range(6):
        dealers.append(game.hand_record.dealer)
        assert game.hand_record.seats[-1] == game.hand_record.dealer
        assert game.to_act == game.hand_record.seats[0]
        finish_hand(game, random_choice(len(dealers)))
        game.apply("deal")
    assert dealers == ["A", "B", "C", "D", "A", "B"]
    assert [h.number for h in game.history] == [1, 2, 3, 4, 5, 6]
    assert game.hand_record.number == 7


def test_several_hands_carry_the_pot_and_the_antes():
    """pagat settlement: the next hand's pot is what stayed plus one ante from every player
    dealt in who does not skip it (bourréd and tied players skip)."""
    game = Game(PAGAT, 5, seed=21)
    choose = random_choice(21)
    for _ in range(6):
        finish_hand(game, choose)
        settled = game.history[-1]
        carried = game.pot
        if settled.settlement is not None:
            assert carried == settled.settlement.pot_carried
            skipping = set(settled.settlement.skips_next_ante)
        else:  # everybody passed: nothing was settled, everyone antes
            skipping = set()
        game.apply("deal")
        out = set(game.players) - set(game.hand_record.seats)
        antes = [p for p in game.players if p not in skipping | out]
        assert game.pot == carried + len(antes)
        assert sum(game.bankrolls.values()) + game.pot == 500


# --- replay and undo ------------------------------------------------------------------------


def state(game: Game) -> tuple:
    return (
        game.transcript(),
        list(game.actions),
        game.bankrolls,
        game.pot,
        {p: game.cards_of(p) for p in game.players},
        game.legal_actions(),
        game.to_act,
    )


@pytest.mark.parametrize("rules", [PAGAT, GLIMNE, WIKIPEDIA], ids=lambda r: r.source)
def test_actions_rebuild_the_same_position(rules):
    """The replay contract: Game(rules, players, seed, actions=...) is the position reached by
    applying the same actions one by one, transcript, chips and cards alike."""
    game = Game(rules, 5, seed=8)
    choose = random_choice(8)
    for _ in range(2):
        finish_hand(game, choose)
        game.apply("deal")
    play_until(game, lambda g: g.phase == "play" and len(g.hand_record.tricks) == 2, choose)
    rebuilt = Game(rules, 5, seed=8, actions=game.actions)
    assert state(rebuilt) == state(game)
    assert state(game.replayed()) == state(game)


def test_actions_in_any_notation_are_stored_canonically():
    """An action may be typed in any notation parse_card reads; the game stores one spelling."""
    game = Game(PAGAT, 3, seed=4)
    game.apply(" PLAY ")
    hand = game.cards_of("B")
    lower = " ".join(f"{c.rank.label}{c.suit.letter.lower()}" for c in hand[:2])
    game.apply(f"discard {lower}")
    game.apply("Pass")
    game.apply("play")
    assert game.actions == ["play", "discard " + " ".join(c.code for c in hand[:2]), "pass", "play"]
    assert state(Game(PAGAT, 3, seed=4, actions=game.actions)) == state(game)


def test_undo_is_a_replay_without_the_last_action():
    game = Game(PAGAT, 4, seed=9)
    choose = random_choice(9)
    states = [state(game)]
    for _ in range(30):
        game.apply(choose(game))
        states.append(state(game))
    for n in range(30, 0, -1):
        game = game.undone()
        assert state(game) == states[n - 1]
    with pytest.raises(GameError, match="nothing to undo"):
        game.undone()


# --- refused actions ------------------------------------------------------------------------


def test_refused_declarations():
    game = Game(PAGAT, 4, seed=1)
    refuse(game, "H7", IllegalAction, "'play' or 'pass'", "'H7'")
    refuse(game, "keep", IllegalAction, "'play' or 'pass'")
    refuse(game, "play now", IllegalAction, "'play' or 'pass'")
    refuse(game, "deal", IllegalAction, "'play' or 'pass'")
    refuse(game, "accept", IllegalAction, "renege", "'play' or 'pass'")
    refuse(game, "correct H4", IllegalAction, "renege")
    refuse(game, "", IllegalAction, "'play', 'pass' or 'H7'")
    refuse(game, 42, IllegalAction, "42")


def test_refused_draws():
    game = play_until(Game(PAGAT, 4, seed=1), lambda g: g.phase == "draw", first_choice)
    player = game.to_act
    held = game.cards_of(player)
    stranger = next(c for c in DECK if c not in held)
    refuse(game, "play", IllegalAction, "'keep'", "'discard'", "up to 5")
    refuse(game, f"discard {stranger.code}", IllegalAction, "does not hold", str(stranger))
    refuse(game, "discard Z9", IllegalAction, "Z9", "'keep'")
    refuse(game, f"discard {held[0].code} {held[0].code}", IllegalAction, "twice")
    refuse(game, held[0].code, IllegalAction, "must draw")
    refuse(game, f"take discard {held[0].code}", IllegalAction, "no separate trump card")


def test_discarding_more_than_the_draw_allows():
    """A table's draw limit: a custom limit of two refuses three discards and names the limit."""
    rules = dataclasses.replace(PAGAT, max_discards=2)
    game = play_until(Game(rules, 4, seed=2), lambda g: g.phase == "draw", first_choice)
    three = " ".join(c.code for c in game.cards_of(game.to_act)[:3])
    error = refuse(game, f"discard {three}", IllegalAction, "at most 2", "not 3", "'keep'")
    assert error.rule_id == "draw", "a house limit at a table of four is not wikipedia's rule"
    assert max(len(a.split()) - 1 for a in game.legal_actions()) == 2


def test_a_seventh_players_fourth_discard_is_refused():
    """wikipedia-seven: with seven players each may discard at most three cards."""
    game = play_until(Game(WIKIPEDIA, 7, seed=3), lambda g: g.phase == "draw", first_choice)
    four = " ".join(c.code for c in game.cards_of(game.to_act)[:4])
    error = refuse(game, f"discard {four}", IllegalAction, "at most 3", "table of 7", "not 4")
    assert error.rule_id == "wikipedia-seven"
    three = " ".join(c.code for c in game.cards_of(game.to_act)[:3])
    game.apply(f"discard {three}")  # three is fine


def test_the_dealer_may_not_pass_a_turned_ace_under_pagat():
    """pagat: when the turned card is an ace the dealer must play."""
    game = Game(PAGAT, 4, deal=TURNED_ACE)
    game.play("play", "keep", "play", "keep", "play", "keep")
    assert game.to_act == "A"
    assert game.legal_actions() == ["play"]
    error = refuse(game, "pass", IllegalAction, "ace", "must play", "'play'")
    assert error.rule_id == "pagat-dealer-ace"
    # glimne lets the dealer pass the same ace
    glimne = Game(GLIMNE, 4, deal=TURNED_ACE).play("play", "play", "play")
    assert glimne.legal_actions() == ["play", "pass"]


def test_the_dealer_may_discard_the_turned_card_under_every_preset():
    """glimne: "Svaret får vara vad som helst från noll (= spelaren står nöjd) till fem (=
    spelaren byter alla sina kort mot nya)" (the answer may be anything from none, the player
    stands pat, to five, the player changes every card); wikipedia: "Eles podem pegar qualquer
    número de zero a cinco" (they may take any number from zero to five); pagat only calls it a
    very unusual case ("そのカードをディーラーが捨てるという非常に変わった場合を除いて").
    No preset forbids it; the switch stays for house rules, and its refusal says so."""
    for rules in (GLIMNE, WIKIPEDIA, PAGAT):
        game = at_dealers_draw(rules, 4, seed=6)
        turned = game.trump_card
        assert any(turned.code in a for a in game.legal_actions())
        game.apply(f"discard {turned.code}")
        assert turned not in game.cards_of("A")
    house = dataclasses.replace(GLIMNE, dealer_may_discard_trump_card=False)
    game = at_dealers_draw(house, 4, seed=6)
    turned = game.trump_card
    error = refuse(
        game, f"discard {turned.code}", IllegalAction, str(turned), "house rule", "no source"
    )
    assert error.rule_id == "dealer-trump-card"
    assert not any(turned.code in a for a in game.legal_actions())


def test_refused_card_plays():
    game = play_until(Game(PAGAT, 4, seed=12), lambda g: g.phase == "play", first_choice)
    player = game.to_act
    held = game.cards_of(player)
    legal = game.legal_actions()
    stranger = next(c for c in DECK if c not in held)
    refuse(game, "Z9", UnreadableAction, "'Z9'", "nor a card", ", ".join(legal))
    refuse(game, "play", IllegalAction, "must play a card")
    refuse(game, stranger.code, IllegalAction, "do not hold", str(stranger), ", ".join(legal))
    refuse(game, f"renege {held[0].code}", IllegalAction, "breaks no rule")
    refuse(game, "deal", IllegalAction, "not a card")
    refuse(game, "accept", IllegalAction, "renege")


def glimne_five_position(game: Game) -> bool:
    """Void in the led side suit, the trick already trumped, holding a trump above it and a
    trump below it (glimne 5's situation), worked out from the cards."""
    trick = game.current_trick
    if game.phase != "play" or trick is None or not trick.plays:
        return False
    trump = game.trump_card.suit
    led = trick.plays[0][1].suit
    held = game.cards_of(game.to_act)
    trumped = [c.rank for _, c in trick.plays if c.suit == trump]
    if led == trump or not trumped or any(c.suit == led for c in held):
        return False
    over = [c for c in held if c.suit == trump and c.rank > max(trumped)]
    under = [c for c in held if c.suit == trump and c.rank < max(trumped)]
    return bool(over) and bool(under)


def test_an_illegal_play_names_the_rule_and_the_alternatives():
    """glimne 5: void in the led suit, the trick trumped, holding a higher trump: overtrump."""

    def reach(seed: int) -> Game | None:
        game = Game(GLIMNE, 5, seed=seed)
        choose = random_choice(seed)
        while game.phase != "settled":
            if glimne_five_position(game):
                return game
            game.apply(choose(game))
        return None

    seed = find_seed(lambda s: reach(s) is not None)
    game = reach(seed)
    trump = game.trump_card.suit
    best = max(c.rank for _, c in game.current_trick.plays if c.suit == trump)
    held = game.cards_of(game.to_act)
    over = sorted(c for c in held if c.suit == trump and c.rank > best)
    wrong = next(c for c in held if c.suit == trump and c.rank < best)
    error = refuse(game, wrong.code, IllegalPlay, str(wrong), "[glimne 5]", "overtrump")
    assert error.rule_id == "glimne-5"
    assert error.alternatives == tuple(c.code for c in over)
    assert error.verdict.card == wrong
    assert not error.verdict.legal
    assert game.legal_actions() == [c.code for c in over]


def test_after_the_hand_only_deal_is_accepted():
    game = finish_hand(Game(PAGAT, 3, seed=2))
    refuse(game, "play", IllegalAction, "'deal'")
    refuse(game, "H7", IllegalAction, "'deal'")
    refuse(game, "deal now", IllegalAction, "'deal'")
    game.apply("deal")
    assert game.phase == "declare"


# --- presets: the deal, the declarations, the antes ------------------------------------------


def test_glimne_a_turned_ace_makes_the_dealer_lead():
    """glimne (dealer's ace): when the turned card is an ace, the dealer leads the first
    trick instead of the first player on the dealer's left."""
    game = play_until(Game(GLIMNE, 4, deal=TURNED_ACE), lambda g: g.phase == "play", first_choice)
    assert game.to_act == "A" == game.hand_record.dealer
    assert game.current_trick.leader == "A"
    assert "the dealer A leads" in game.transcript()
    # pagat has no such rule: the player on the dealer's left leads
    pagat = play_until(Game(PAGAT, 4, deal=TURNED_ACE), lambda g: g.phase == "play", first_choice)
    assert pagat.to_act == "B"


def test_pagat_a_lone_player_takes_the_pot_without_play():
    """pagat: if only one player plays, that player takes the pot without play, as if they
    had taken all five tricks."""
    game = Game(PAGAT, 4, deal=NO_ACE).play("pass", "play", "keep", "pass", "pass")
    assert game.phase == "settled"
    assert game.hand_record.tricks == []
    settlement = game.history[-1].settlement
    assert settlement.winner == "C"
    assert dict(settlement.tricks) == {"C": 5}
    assert game.bankrolls == {"A": 99, "B": 99, "C": 103, "D": 99}
    assert game.pot == 0
    assert "Only C plays" in game.transcript()


def test_pagat_the_dealer_takes_the_pot_when_everyone_else_passes():
    """pagat: if everyone but the dealer passes, the dealer takes the pot (no declaration)."""
    game = Game(PAGAT, 4, seed=0).play("pass", "pass", "pass")
    assert game.phase == "settled"
    assert game.history[-1].settlement.winner == "A"
    assert game.bankrolls == {"A": 103, "B": 99, "C": 99, "D": 99}
    assert game.pot == 0


@pytest.mark.parametrize("rules", [GLIMNE, WIKIPEDIA], ids=lambda r: r.source)
def test_when_everyone_passes_the_pot_carries(rules):
    """RULES-SPEC decision: if everybody passes, the pot carries to the next hand."""
    game = Game(rules, 4, deal=NO_ACE).play("pass", "pass", "pass", "pass")
    assert game.phase == "settled"
    assert game.pot == 4
    assert game.history[-1].settlement is None
    game.apply("deal")
    assert game.pot == 8
    assert game.bankrolls == dict.fromkeys("ABCD", 98)


def test_glimne_players_who_play_put_in_a_second_ante():
    """glimne: a player who plays puts in a second ante; a player who passes loses only the
    first."""
    game = Game(GLIMNE, 4, deal=NO_ACE).play("play", "pass", "play", "pass")
    assert game.pot == 6
    assert game.bankrolls == {"A": 99, "B": 98, "C": 99, "D": 98}


def test_wikipedia_variant_the_dealer_antes_for_everyone():
    """wikipedia variant: five players, one-unit ante, the dealer puts in five; the next
    dealer pays the next time."""
    rules = dataclasses.replace(WIKIPEDIA, dealer_antes_for_all=True)
    game = Game(rules, 5, seed=2)
    assert game.pot == 5
    assert game.bankrolls == {"A": 95, "B": 100, "C": 100, "D": 100, "E": 100}
    assert "the dealer A puts in 5" in game.transcript()
    game.play("pass", "pass", "pass", "pass", "pass", "deal")
    assert game.hand_record.dealer == "B"
    assert game.pot == 10
    assert game.bankrolls == {"A": 95, "B": 95, "C": 100, "D": 100, "E": 100}


def test_pagat_restock_passed_hands_and_served_discards():
    """pagat: when the stock runs out during the draw, the passed hands and the discards of
    the players already served (never the current player's own) are shuffled and dealt on.
    Eight players, one passes, everyone else exchanges all five cards: 40 dealt, 12 in the
    stock; B and D take 10; E gets 2, then the stock is C's hand plus B's and D's discards
    (15 cards); later H restocks from E's, F's and G's discards."""
    game = Game(PAGAT, 8, seed=4)
    dealt_c = set(game.hand_record.dealt["C"])
    while game.phase != "play":  # one round: each player who says play draws at once
        if game.phase == "declare":
            game.apply("pass" if game.to_act == "C" else "play")
        else:
            game.apply("discard " + " ".join(c.code for c in game.cards_of(game.to_act)))
    record = game.hand_record
    assert list(record.drawn) == ["B", "D", "E", "F", "G", "H", "A"]
    restocks = [line for line in game.transcript().splitlines() if "stock is empty" in line]
    assert len(restocks) == 2
    assert "(15 cards)" in restocks[0] and "passed hands" in restocks[0]
    assert "(15 cards)" in restocks[1] and "passed hands" not in restocks[1]
    first_pool = dealt_c | set(record.discards["B"]) | set(record.discards["D"])
    assert set(record.drawn["E"][2:]) <= first_pool
    second_pool = set(record.discards["E"]) | set(record.discards["F"]) | set(record.discards["G"])
    assert set(record.drawn["H"][2:]) <= second_pool
    for player in record.drawn:
        assert not set(record.drawn[player]) & set(record.discards[player])
    places = game._card_places()
    assert sorted(c for c, _ in places) == sorted(DECK)


def test_glimne_restock_uses_the_passed_hands_first():
    """glimne: when the stock runs out, the passed players' hands are shuffled and dealt on
    first. Six players, B passes, C-F exchange five and the dealer four (the turned card
    stays): 30 dealt, 22 in the stock; the dealer gets the last 2, then 2 from B's hand."""
    game = Game(GLIMNE, 6, seed=5).play("pass", "play", "play", "play", "play", "play")
    while game.phase == "draw":
        keep = game.trump_card if game.to_act == "A" else None
        discard = [c for c in game.cards_of(game.to_act) if c != keep]
        game.apply("discard " + " ".join(c.code for c in discard))
    record = game.hand_record
    assert "The stock is empty: the passed hands (5 cards)" in game.transcript()
    assert len(record.drawn["A"]) == 4
    assert set(record.drawn["A"][2:]) <= set(record.dealt["B"])


def test_pot_limit_caps_the_payments_but_not_the_winners_take():
    """wikipedia (variants): "um limite de pote, que limita o valor total que um único bourré
    ou renegar pode custar a um determinado jogador" (a pot limit, which caps the total that a
    single bourré or renege can cost a given player). It caps payments only: the winner still
    takes the whole pot."""
    rules = dataclasses.replace(PAGAT, pot_limit=3, lone_player_wins=False)

    def win_with_bourre(seed: int) -> Game | None:
        game = Game(rules, 5, seed=seed)
        draw = random_choice(seed)
        finish_hand(game, lambda g: "play" if g.phase == "declare" else draw(g))
        result = game.history[-1].settlement
        return game if result.winner is not None and result.payments else None

    seed = find_seed(lambda s: win_with_bourre(s) is not None)
    game = win_with_bourre(seed)
    result = game.history[-1].settlement
    assert result.pot_before == 5
    assert result.taken == 5
    assert all(amount == 3 for amount in result.payments.values())
    assert game.bankrolls[result.winner] == 99 + 5
    for player in result.payments:
        assert game.bankrolls[player] == 99 - 3
    assert game.pot == 3 * len(result.payments)
    assert "takes the pot of 5" in game.transcript()
    assert "pays 3 (pot limit 3) into the pot for the next hand" in game.transcript()


def at_first_renege_chance(rules: Rules, players: int, seed: int) -> Game | None:
    """Everyone plays and keeps; first legal cards until a player holds a card that would
    break a rule. None if the hand ends first."""
    game = Game(rules, players, seed)
    while game.phase != "settled":
        if game.phase == "play":
            held = game.cards_of(game.to_act)
            if any(c.code not in game.legal_actions() for c in held):
                return game
        game.apply(first_choice(game))
    return None


def a_bad_card(game: Game) -> Card:
    return next(c for c in game.cards_of(game.to_act) if c.code not in game.legal_actions())


def test_pagat_renege_corrected_before_the_next_player():
    """pagat (reneges): noticed and corrected before the next player plays, the card is
    replaced; the player can no longer win this pot, pays no bourré, and sits out the next
    deal."""
    game = at_first_renege_chance(PAGAT, 4, seed=1)
    assert game is not None
    player = game.to_act
    bad = a_bad_card(game)
    fix = parse_card(game.legal_actions()[0])
    game.apply(f"renege {bad.code}")
    assert game.current_trick.plays[-1] == (player, bad)
    assert game.legal_actions()[0] == "accept"
    assert f"correct {fix.code}" in game.legal_actions()
    refuse(game, f"correct {bad.code}", IllegalAction, str(bad))
    refuse(game, "accept H2 H3", UnreadableAction, "'accept' takes nothing after it")
    game.apply(f"correct {fix.code}")
    tricks = [*game.hand_record.tricks, game.current_trick]
    assert any((player, fix) in t.plays for t in tricks if t is not None)
    assert not any((player, bad) in t.plays for t in tricks if t is not None)
    assert bad in game.cards_of(player)
    assert fix not in game.cards_of(player)
    finish_hand(game)
    result = game.history[-1].settlement
    assert player in game.history[-1].corrected
    assert result.winner != player
    assert player not in result.payments
    game.apply("deal")
    assert player not in game.hand_record.seats
    assert game.cards_of(player) == ()
    assert player not in game.hand_record.antes


def test_pagat_a_corrected_renege_cannot_win_the_pot():
    """pagat: after a corrected renege the player cannot win this pot even with the most
    tricks, and pays no bourré; nobody takes the pot."""

    def corrected_top(seed: int) -> Game | None:
        game = at_first_renege_chance(PAGAT, 2, seed)
        if game is None:
            return None
        player = game.to_act
        game.apply(f"renege {a_bad_card(game).code}")
        game.apply(f"correct {game.legal_actions()[1].split()[1]}")
        finish_hand(game)
        tricks = game.history[-1].settlement.tricks
        return game if tricks[player] >= 3 else None

    seed = find_seed(lambda s: corrected_top(s) is not None, limit=300)
    game = corrected_top(seed)
    result = game.history[-1].settlement
    player = next(iter(game.history[-1].corrected))
    assert result.tricks[player] >= 3
    assert result.winner is None
    assert result.taken == 0
    assert player not in result.payments
    assert game.pot == 2 + sum(result.payments.values())
    assert "corrected a renege, so nobody takes" in game.transcript()


def test_pagat_a_corrected_renege_pays_no_bourre():
    """pagat: a player who corrected a renege pays no bourré, even with no trick taken."""

    def corrected_empty(seed: int) -> Game | None:
        game = at_first_renege_chance(PAGAT, 4, seed)
        if game is None:
            return None
        game.apply(f"renege {a_bad_card(game).code}")
        game.apply(f"correct {game.legal_actions()[1].split()[1]}")
        finish_hand(game)
        record = game.history[-1]
        player = next(iter(record.corrected))
        return game if record.settlement.tricks[player] == 0 else None

    seed = find_seed(lambda s: corrected_empty(s) is not None, limit=300)
    record = corrected_empty(seed).history[-1]
    player = next(iter(record.corrected))
    assert player in record.settlement.bourred
    assert player not in record.settlement.payments
    assert record.settlement.sits_out_next == {player}


def test_pagat_a_renege_that_ends_a_trick_waits_for_the_next_lead():
    """pagat: the correction window stays open until someone else plays; when the renege is
    the trick's last card, the trick's winner leading to the next trick closes it."""

    def last_in_trick(seed: int) -> Game | None:
        game = Game(PAGAT, 3, seed)
        while game.phase != "settled":
            if game.phase == "play" and len(game.current_trick.plays) == 2:
                held = game.cards_of(game.to_act)
                if len(held) > 1 and any(c.code not in game.legal_actions() for c in held):
                    return game
            game.apply(first_choice(game))
        return None

    seed = find_seed(lambda s: last_in_trick(s) is not None)
    game = last_in_trick(seed)
    player = game.to_act
    tricks_before = len(game.hand_record.tricks)
    bad = a_bad_card(game)
    game.apply(f"renege {bad.code}")
    plays = game.current_trick.plays
    assert len(plays) == 3  # the trick is full but not yet gathered
    assert len(game.hand_record.tricks) == tricks_before
    leader = trick_taker(plays, game.trump_card.suit)
    assert game.to_act == leader
    lead = game.legal_actions()[-1]
    assert parse_card(lead) in game.cards_of(leader)
    game.apply(lead)
    assert len(game.hand_record.tricks) == tricks_before + 1
    assert game.current_trick.plays == [(leader, parse_card(lead))]
    assert player in game.hand_record.renegers


@pytest.mark.parametrize("close", ["next player plays", "accept"])
def test_pagat_renege_not_corrected_pays_as_if_bourred(close):
    """pagat: a renege not corrected before the next player plays stands, and the player pays
    as if bourréd (the pot at the end of the hand)."""
    game = at_first_renege_chance(PAGAT, 4, seed=1)
    player = game.to_act
    bad = a_bad_card(game)
    game.apply(f"renege {bad.code}")
    if close == "accept":
        game.apply("accept")
    else:
        nxt = game.to_act
        assert nxt != player
        game.apply(game.legal_actions()[-1])  # a card: the next player plays on
    assert "The renege by" in game.transcript()
    assert bad not in game.cards_of(player)
    finish_hand(game)
    result = game.history[-1].settlement
    assert player in result.renegers
    assert result.payments[player] == result.pot_before
    game.apply("deal")
    assert player in game.hand_record.seats


def test_glimne_renege_card_stands_and_pays_the_pot():
    """glimne (misplay): the card stands and the player pays as for a bourré."""
    game = at_first_renege_chance(GLIMNE, 4, seed=1)
    player = game.to_act
    bad = a_bad_card(game)
    game.apply(f"renege {bad.code}")
    tricks = [*game.hand_record.tricks, game.current_trick]
    assert any((player, bad) in t.plays for t in tricks if t is not None)
    assert bad not in game.cards_of(player)
    assert "accept" not in game.legal_actions()
    refuse(game, "accept", IllegalAction, "renege")
    finish_hand(game)
    result = game.history[-1].settlement
    assert result.payments[player] == result.pot_before
    assert player in result.renegers


@pytest.mark.parametrize(("mode", "pays"), [("retract", False), ("retract_and_penalty", True)])
def test_wikipedia_renege_variants_take_the_card_back(mode, pays):
    """wikipedia variants for a misplay: retraction only (for new players), or retraction and
    the renege penalty. The card goes back to the hand and the same player plays again."""
    rules = dataclasses.replace(WIKIPEDIA, renege=mode)
    game = at_first_renege_chance(rules, 4, seed=1)
    player = game.to_act
    bad = a_bad_card(game)
    legal = game.legal_actions()
    trick = list(game.current_trick.plays)
    game.apply(f"renege {bad.code}")
    assert game.to_act == player
    assert bad in game.cards_of(player)
    assert list(game.current_trick.plays) == trick
    assert game.legal_actions() == legal
    assert game.actions[-1] == f"renege {bad.code}"
    assert "takes" in game.transcript().splitlines()[-2 if pays else -1]
    finish_hand(game)
    result = game.history[-1].settlement
    assert (player in result.payments and player in result.renegers) == pays
    if pays:
        assert result.payments[player] == result.pot_before


def test_undo_takes_back_a_renege_and_its_correction():
    game = at_first_renege_chance(PAGAT, 4, seed=1)
    before = state(game)
    game.apply(f"renege {a_bad_card(game).code}")
    game.apply(f"correct {game.legal_actions()[1].split()[1]}")
    assert state(game.undone().undone()) == before


# --- reading the position ---------------------------------------------------------------------


def test_situation_is_each_players_view_of_the_trick():
    """The situation of a player still to play counts the players after them in this trick;
    a player who has played, or passed, has no card decision."""
    game = play_until(Game(PAGAT, 4, seed=3), lambda g: g.phase == "play", first_choice)
    order = list(game.hand_record.active)
    assert len(order) == 4
    leader = game.to_act
    first = game.situation()
    assert sorted(first.hand) == list(game.cards_of(leader))
    assert first.trick == ()
    assert first.players_after == 3
    assert first.trump == game.trump_card.suit
    game.apply(first_choice(game))
    second = game.to_act
    third = order[(order.index(second) + 1) % 4]
    assert game.situation().players_after == 2
    assert game.situation(third).players_after == 1
    assert len(game.situation(third).trick) == 1
    with pytest.raises(GameError, match="no card to play in this trick"):
        game.situation(leader)
    with pytest.raises(GameError, match="unknown player"):
        game.situation("Z")


def test_no_situation_outside_the_play_of_the_cards():
    game = Game(PAGAT, 4, seed=3)
    with pytest.raises(GameError, match="declare phase"):
        game.situation()
    game.play("pass", "play")
    with pytest.raises(GameError, match="draw phase"):
        game.situation()
    assert game.cards_of("B") == ()  # a passed hand is out of play


@pytest.mark.parametrize(
    ("rules", "players", "seed", "words"),
    [
        (PAGAT, 9, 0, "2 to 8"),
        (PAGAT, 1, 0, "2 to 8"),
        (GLIMNE, 9, 0, "2 to 8"),
        (WIKIPEDIA, 8, 0, "2-7"),
        (PAGAT, ["A", "A"], 0, "distinct"),
        (PAGAT, 4, -1, "seed"),
        (PAGAT, True, 0, "number of seats"),
    ],
)
def test_a_table_that_cannot_be_seated_is_refused(rules, players, seed, words):
    with pytest.raises(GameError, match=words):
        Game(rules, players, seed)


def test_named_seats_play_like_letters():
    names = ["Ana", "Bo", "Cy"]
    game = Game(PAGAT, names, seed=2)
    letters = Game(PAGAT, 3, seed=2)
    assert game.hand_record.dealer == "Ana"
    assert game.to_act == "Bo"
    assert [game.cards_of(n) for n in names] == [letters.cards_of(p) for p in "ABC"]


def test_records_handed_out_are_copies():
    """Changing a record or a trick read from the game does not change the game."""
    game = play_until(Game(PAGAT, 4, seed=3), lambda g: g.phase == "play", first_choice)
    game.apply(first_choice(game))
    before = snapshot(game)
    game.hand_record.declared.clear()
    game.current_trick.plays.clear()
    game.bankrolls["A"] = 0
    assert snapshot(game) == before


def test_simultaneous_declaration_lets_the_dealer_decide_blind():
    """pagat variant: play or pass is declared all at once, so the dealer cannot know that
    everyone else passed; the dealer-alone shortcut (pagat-dealer-alone) does not apply."""
    rules = dataclasses.replace(Rules.preset("pagat"), simultaneous_declaration=True)
    game = Game(rules, 4, deal=NO_ACE).play("pass", "pass", "pass")
    assert game.phase == "declare" and game.to_act == game.hand_record.dealer
    game.apply("pass")
    assert game.phase == "settled" and "Everyone passed" in game.transcript()
    shortcut = Game(Rules.preset("pagat"), 4, deal=NO_ACE).play("pass", "pass", "pass")
    assert shortcut.phase == "settled" and "pagat-dealer-alone" in shortcut.transcript()


def test_speaking_out_of_turn_sits_the_player_out_of_the_next_deal():
    """pagat: declaring or hinting out of turn excludes the player from the next deal."""
    game = Game(Rules.preset("pagat"), 4, 3)
    game.apply("out-of-turn C")
    assert "C spoke out of turn" in game.transcript()
    while game.phase != "settled":
        game.apply(game.legal_actions()[0])
    game.apply("deal")
    assert "C" not in game.hand_record.seats
    glimne = Game(Rules.preset("glimne"), 4, 3)
    with pytest.raises(IllegalAction, match="no penalty for speaking out of turn") as refused:
        glimne.apply("out-of-turn C")
    assert refused.value.rule_id == "pagat-out-of-turn"


def test_taking_the_turned_card_is_refused_with_the_variants_reason():
    """pagat's separate trump card, option 1: it belongs to nobody, so even the dealer is told
    that, not that only the dealer may take it."""
    rules = dataclasses.replace(PAGAT, separate_trump_card="nobody")
    game = at_dealers_draw(rules, 4, seed=6)
    error = refuse(game, "take discard " + game.cards_of("A")[0].code, IllegalAction, "nobody")
    assert error.rule_id == "pagat-separate-trump" and "only the dealer" not in str(error)


def test_void_in_a_led_trump_reads_once():
    """A trump lead with no trump in hand: the reason names the suit once."""
    from bourre_lessons import Situation, explain

    verdict = explain(Situation(hand="H2 D3", trump="S", trick="S9"), "H2")
    assert "you have no spades, so any card will do" in verdict.reason
