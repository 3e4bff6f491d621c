"""Property tests of the engine: legality on random situations, and whole random games.

Situations are any that `Situation` accepts; rules are every preset with every combination of
the play switches. Games are seeded and driven by choices Hypothesis draws, with refused
actions mixed in.
"""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bourre_lessons import DECK, Card, Rules, Situation, Suit, explain, legal_plays
from bourre_lessons.game import Game, IllegalAction

PRESETS = [Rules.preset(name) for name in ("glimne", "wikipedia", "pagat")]

play_rules = st.builds(
    lambda base, trump_anyway, known_top, lead_trump, cinch: dataclasses.replace(
        base,
        trump_when_cannot_win=trump_anyway,
        must_play_known_top=known_top,
        must_lead_trump_when_others_out=lead_trump,
        cinch=cinch,
    ),
    st.sampled_from(PRESETS),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["off", "pot", "strict"]),
)


@st.composite
def situations(draw) -> Situation:
    """Any valid situation: 1-5 cards in hand, 0-7 in the trick, up to 35 seen before."""
    deck = draw(st.permutations(DECK))
    n_hand = draw(st.integers(1, 5))
    n_trick = draw(st.integers(0, 7))
    n_seen = draw(st.integers(0, 35))
    hand = deck[:n_hand]
    trick = deck[n_hand : n_hand + n_trick]
    seen = deck[n_hand + n_trick : n_hand + n_trick + n_seen]
    return Situation(
        hand=tuple(hand),
        trump=draw(st.sampled_from(list(Suit))),
        trick=tuple(trick),
        seen=tuple(seen),
        tricks_won=draw(st.integers(0, 4)),
        players_after=draw(st.integers(0, 7 - n_trick)),
        others_out_of_trump=draw(st.booleans()),
    )


# --- legality --------------------------------------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(situations(), play_rules)
def test_some_card_is_always_legal(situation, rules):
    """Whatever the position and the switches, a player is never left without a legal card."""
    assert legal_plays(situation, rules)


@settings(max_examples=300, deadline=None)
@given(situations(), play_rules)
def test_legal_plays_are_the_cards_explain_allows(situation, rules):
    legal = legal_plays(situation, rules)
    assert legal <= set(situation.hand)
    assert legal == {c for c in situation.hand if explain(situation, c, rules).legal}


@settings(max_examples=300, deadline=None)
@given(situations(), play_rules, st.sampled_from(DECK))
def test_every_verdict_names_its_card(situation, rules, stranger):
    """A reason always says which card it is about, held or not, legal or not."""
    for card in (*situation.hand, stranger):
        verdict = explain(situation, card, rules)
        assert verdict.card == card
        assert str(card) in verdict.reason
        assert verdict.rule_id
        if card not in situation.hand:
            assert not verdict.legal
            assert verdict.rule_id == "hand"


def relabel(cards: tuple[Card, ...], mapping: dict[Suit, Suit]) -> tuple[Card, ...]:
    return tuple(Card(mapping[c.suit], c.rank) for c in cards)


@settings(max_examples=300, deadline=None)
@given(situations(), play_rules, st.permutations([0, 1, 2]))
def test_renaming_the_side_suits_renames_the_legal_cards(situation, rules, order):
    """No rule cares which side suit is which: swap the three non-trump suits everywhere and
    the legal cards are swapped the same way."""
    sides = [s for s in Suit if s != situation.trump]
    mapping = {situation.trump: situation.trump} | {
        side: sides[i] for side, i in zip(sides, order, strict=True)
    }
    renamed = dataclasses.replace(
        situation,
        hand=relabel(situation.hand, mapping),
        trick=relabel(situation.trick, mapping),
        seen=relabel(situation.seen, mapping),
    )
    expected = set(relabel(tuple(legal_plays(situation, rules)), mapping))
    assert legal_plays(renamed, rules) == expected


def core_legal(situation: Situation, trump_when_cannot_win: bool) -> set[Card]:
    """The four base rules of RULES-SPEC, written out again from the text: follow suit
    (glimne 4, wikipedia 1, pagat 1); following an untrumped trick, beat the highest card if
    you can (glimne 2, pagat 3); void, trump, and overtrump a trumped trick if you can
    (glimne 3 and 5, wikipedia 2, pagat 2); unable to overtrump, any trump (glimne 6, pagat)
    or any card (wikipedia 2); neither suit nor trump, any card (glimne 8, wikipedia 3)."""
    hand, trump, trick = set(situation.hand), situation.trump, situation.trick
    if not trick:
        return hand
    led = trick[0].suit
    trumps_played = [c.rank for c in trick if c.suit == trump]
    same = {c for c in hand if c.suit == led}
    if same:
        if led != trump and trumps_played:
            return same
        top = max(c.rank for c in trick if c.suit == led)
        higher = {c for c in same if c.rank > top}
        return higher or same
    mine = {c for c in hand if c.suit == trump}
    if not mine:
        return hand
    if not trumps_played:
        return mine
    over = {c for c in mine if c.rank > max(trumps_played)}
    if over:
        return over
    return mine if trump_when_cannot_win else hand


@settings(max_examples=400, deadline=None)
@given(situations(), st.sampled_from(PRESETS), st.booleans())
def test_the_base_rules_match_the_spec_written_out_again(situation, preset, trump_anyway):
    """With the extra rules off (no cinch, glimne 9 and 10 off), the legal cards are exactly
    those of the four base rules and disagreement A, under every preset."""
    rules = dataclasses.replace(
        preset,
        cinch="off",
        must_play_known_top=False,
        must_lead_trump_when_others_out=False,
        trump_when_cannot_win=trump_anyway,
    )
    assert legal_plays(situation, rules) == core_legal(situation, trump_anyway)


@settings(max_examples=300, deadline=None)
@given(situations(), play_rules)
def test_the_extra_rules_only_narrow_the_base_rules(situation, rules):
    """Cinch, known-top and lead-trump rules choose among the cards the base rules allow."""
    base = dataclasses.replace(
        rules, cinch="off", must_play_known_top=False, must_lead_trump_when_others_out=False
    )
    assert legal_plays(situation, rules) <= legal_plays(situation, base)


# --- whole games -----------------------------------------------------------------------------

game_rules = st.builds(
    lambda base, play, renege, money, turned: dataclasses.replace(
        base,
        trump_when_cannot_win=play[0],
        cinch=play[1],
        renege=renege,
        double_ante=money[0],
        pot_limit=money[1],
        dealer_antes_for_all=money[2],
        separate_trump_card=turned,
    ),
    st.sampled_from(PRESETS),
    st.tuples(st.booleans(), st.sampled_from(["off", "pot", "strict"])),
    st.sampled_from(["penalty", "retract", "retract_and_penalty", "correct_before_next"]),
    st.tuples(st.booleans(), st.sampled_from([None, 3, 10]), st.booleans()),
    st.sampled_from(["off", "off", "nobody", "dealer"]),
)


def table(rules: Rules, pick: int) -> int:
    return rules.min_players + pick % (rules.max_players - rules.min_players + 1)


def next_action(game: Game, rng: random.Random) -> str:
    """A listed action, or now and then a deliberate renege with a card that breaks a rule."""
    actions = game.legal_actions()
    if game.phase == "play" and rng.random() < 0.1:
        held = [c.code for c in game.cards_of(game.to_act)]
        bad = [c for c in held if c not in actions]
        if bad:
            return "renege " + rng.choice(bad)
    return rng.choice(actions)


def places_are_whole(game: Game) -> None:
    places = game._card_places()
    cards = [card for card, _ in places]
    assert len(cards) == 52
    assert set(cards) == set(DECK)


@settings(max_examples=40, deadline=None)
@given(game_rules, st.integers(0, 7), st.integers(0, 10**6))
def test_no_card_is_ever_lost_or_doubled(rules, pick, seed):
    """At every step: hands + stock + discards + passed hands + the trick + played cards are
    the 52 cards of the deck, each once."""
    game = Game(rules, table(rules, pick), seed=seed)
    rng = random.Random(seed)
    places_are_whole(game)
    while len(game.history) < 2:
        game.apply(next_action(game, rng))
        places_are_whole(game)


@settings(max_examples=40, deadline=None)
@given(game_rules, st.integers(0, 7), st.integers(0, 10**6))
def test_chips_are_only_moved(rules, pick, seed):
    """Over many hands the bankrolls and the pot always add up to what the table started with,
    and every action the engine lists is accepted."""
    players = table(rules, pick)
    game = Game(rules, players, seed=seed, bankroll=50)
    rng = random.Random(seed)
    while len(game.history) < 5:
        game.apply(next_action(game, rng))
        assert sum(game.bankrolls.values()) + game.pot == 50 * players
        assert game.pot >= 0


def snapshot(game: Game) -> tuple:
    return (
        game.transcript(),
        list(game.actions),
        game.bankrolls,
        game.pot,
        {p: game.cards_of(p) for p in game.players},
        game.to_act,
        game.legal_actions(),
        game.phase,
        sorted((c.code, where) for c, where in game._card_places()),
    )


def bad_actions(game: Game, rng: random.Random) -> list[str]:
    """Actions that are wrong now, of every kind: wrong phase, unreadable, not held, illegal."""
    held = {c.code for p in game.players for c in game.cards_of(p)}
    stranger = rng.choice([c.code for c in DECK if c.code not in held] or ["Z9"])
    words = ["deal", "play", "pass", "keep", "accept", "Z9", "discard Z9", "correct Z9"]
    words += [stranger, f"discard {stranger}", f"renege {stranger}"]
    legal = game.legal_actions()
    if game.phase == "play":
        mine = [c.code for c in game.cards_of(game.to_act)]
        words += [c for c in mine if c not in legal]
        words += [f"renege {c}" for c in mine if c in legal]
    return [w for w in words if w not in legal]


@settings(max_examples=40, deadline=None)
@given(game_rules, st.integers(0, 7), st.integers(0, 10**6))
def test_a_refused_action_changes_nothing(rules, pick, seed):
    """Random games with wrong actions mixed in: each one is refused with IllegalAction and the
    game is exactly as it was, down to where every card lies."""
    game = Game(rules, table(rules, pick), seed=seed)
    rng = random.Random(seed)
    refused = 0
    while len(game.history) < 2:
        for action in rng.sample(bad_actions(game, rng), k=2):
            before = snapshot(game)
            try:
                game.apply(action)
            except IllegalAction:
                refused += 1
                assert snapshot(game) == before
            else:  # a renege on purpose is accepted: carry on from there
                assert action.startswith(("renege", "correct", "accept"))
        game.apply(next_action(game, rng))
    assert refused > 0


@settings(max_examples=25, deadline=None)
@given(game_rules, st.integers(0, 7), st.integers(0, 10**6))
def test_the_actions_rebuild_the_game(rules, pick, seed):
    """Game(rules, players, seed, actions) reaches the very same position, and undo is the
    same game without its last action."""
    players = table(rules, pick)
    game = Game(rules, players, seed=seed)
    rng = random.Random(seed)
    while len(game.history) < 2:
        game.apply(next_action(game, rng))
    rebuilt = Game(rules, players, seed=seed, actions=game.actions)
    assert snapshot(rebuilt) == snapshot(game)
    shorter = Game(rules, players, seed=seed, actions=game.actions[:-1])
    assert snapshot(game.undone()) == snapshot(shorter)
