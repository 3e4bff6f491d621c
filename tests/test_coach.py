"""The coach: a finished hand's decisions graded on deals of the cards the seat could not see."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from bourre_lessons.cards import parse_card, parse_cards
from bourre_lessons.game import Game
from bourre_lessons.rules import PRESETS
from bourre_lessons.sim.advisor import Estimate
from bourre_lessons.sim.bots import HeuristicBot, RandomBot, play_bots
from bourre_lessons.sim.coach import Decision, HandReview, decisions_made, grade_sampled, review
from bourre_lessons.sim.coach_reasons import known_to_win, reason
from bourre_lessons.sim.decision_points import (
    DecisionPoint,
    decision_point_now,
    decision_points,
    voids_shown,
)
from bourre_lessons.sim.fast import encode_rules, mask_of
from bourre_lessons.sim.fast.bits import card_bit
from bourre_lessons.sim.fast.hand import Outcomes, Seats
from bourre_lessons.sim.fast.policy import (
    HEURISTIC,
    STRONG_DRAW,
    declare_heuristic,
    discard_heuristic,
)
from bourre_lessons.sim.fast.worlds import play_worlds, sample_deals
from bourre_lessons.sim.hidden import Sampled, choice_chips, fitted_deals, seen_of, start_of


def played_hand(seed: int, preset: str = "pagat", players: int = 5, a_plays: bool = True) -> Game:
    """One hand: seat A (a random bot that always says play) among heuristic bots."""
    game = Game(PRESETS[preset], players, seed=seed)
    bots = {seat: HeuristicBot() for seat in game.players[1:]}
    bots["A"] = RandomBot(seed)
    while game.phase != "settled":
        if game.to_act == "A" and game.phase == "declare" and a_plays:
            game.apply("play")
        play_bots(game, bots)
    return game


# --- the play-outs start where the hand stood ----------------------------------------------


@pytest.mark.parametrize("preset", ["pagat", "glimne", "wikipedia"])
def test_playing_on_from_a_trick_with_the_true_hands_gives_the_tricks_taken(preset) -> None:
    """From any card decision of a hand played by heuristic bots, the fast core, given every
    seat's true cards and the card actually played, takes exactly the tricks the engine did."""
    checked = 0
    for seed in range(12):
        players = 3 + seed % 5
        game = Game(PRESETS[preset], players, seed=seed)
        bot = HeuristicBot()
        taken = []
        while game.phase != "settled":
            if game.phase == "play":
                point = decision_point_now(game)
                true = [mask_of(game.cards_of(p)) for p in point.seats]
                taken.append((point, np.array([true], dtype=np.int64), bot.choose(game)))
            game.apply(taken[-1][2] if game.phase == "play" else bot.choose(game))
        final = game.hand_record.settlement.tricks
        for point, hands, card in taken:
            n = len(point.seats)
            seen = seen_of(point)
            start, won, no_trump, trick = start_of(point, seen)
            out = Outcomes(
                np.zeros((1, n), np.int8), np.zeros((1, n), np.int8), np.zeros(1, np.int8)
            )
            heuristic = Seats(np.full(n, HEURISTIC, dtype=np.int64), np.zeros(n))
            choice = np.array([card_bit(parse_card(card))], dtype=np.int64)
            error = play_worlds(
                n, encode_rules(point.rules, n), heuristic, np.uint64(1), hands,
                np.zeros(1, np.int64), seen.said.copy(), seen.thrown.copy(), start, choice,
                np.zeros(1, bool),
                won, no_trump, trick, out,
            )  # fmt: skip
            assert error == 0
            got = {p: int(out.tricks[0, i]) for i, p in enumerate(point.seats) if p in final}
            assert got == dict(final), (seed, point.seat, len(point.tricks))
            checked += 1
    assert checked > 100


# --- the deals agree with what the seat saw --------------------------------------------------


def test_sampled_deals_agree_with_every_word_and_draw_seen() -> None:
    """Each kept deal: the other seats' heuristic bots would say what they said, having heard
    the seats before them; and the players who drew would throw as many cards as they did."""
    game = played_hand(0)
    draw = next(m for m in decision_points(game, "A")[0] if m.kind == "draw")
    seen = seen_of(draw)
    n = len(draw.seats)
    hands, pools = np.zeros((300, n), np.int64), np.zeros(300, np.int64)
    heuristic = Seats(np.full(n, HEURISTIC, dtype=np.int64), np.zeros(n))
    dealt, built = sample_deals(
        n, encode_rules(draw.rules, n), heuristic, np.uint64(7), seen, hands, pools
    )
    assert dealt > 300 and built == 0  # every deal kept was dealt whole: exact
    trump = card_bit(draw.trump_card) // 13
    for row, pool in zip(hands, pools, strict=True):
        assert row[seen.me] == mask_of(draw.dealt)
        cards = [int(h) for h in row] + [int(pool)]
        assert sum(bin(c).count("1") for c in cards) == 52  # every card once
        assert int(row[n - 1]) >> card_bit(draw.trump_card) & 1  # the dealer's turned card
        before = strong = 0
        for i in range(n):
            if i != seen.me:
                says = declare_heuristic(int(row[i]), trump, i, n, before, 0.0, strong)
                assert says == bool(seen.said[i])
            before += int(seen.said[i] == 1)
            strong += _heard_strong(draw, seen, i)
        for i in range(n):
            if i != seen.me and seen.thrown[i] >= 0:
                throw, _ = discard_heuristic(int(row[i]), trump, 0, 5, False)
                assert bin(throw).count("1") == seen.thrown[i]
    assert (seen.thrown >= 0).sum() >= 1  # the draws before A's were checked


def _agree(point: DecisionPoint, row: np.ndarray) -> bool:
    """Whether every other seat's heuristic bot, dealt `row`, says and draws as it did."""
    seen = seen_of(point)
    n = len(point.seats)
    trump = card_bit(point.trump_card) // 13
    before = strong = 0
    for i in range(n):
        says = declare_heuristic(int(row[i]), trump, i, n, before, 0.0, strong)
        if i != seen.me and seen.said[i] >= 0 and says != bool(seen.said[i]):
            return False
        if i != seen.me and seen.thrown[i] >= 0:
            throw, _ = discard_heuristic(int(row[i]), trump, 0, 5, False)
            if bin(throw).count("1") != seen.thrown[i]:
                return False
        before += int(seen.said[i] == 1)
        strong += _heard_strong(point, seen, i)
    return True


def _heard_strong(point: DecisionPoint, seen, i: int) -> int:
    """1 when, in one round, seat i said play and was seen to draw at most one card: the later
    speakers heard a strong hand (the heuristic bot's bar rises)."""
    drew = seen.thrown[i]
    return int(point.rules.draws_in_turn and seen.said[i] == 1 and 0 <= drew <= STRONG_DRAW)


def test_a_deal_too_rare_to_deal_whole_is_built_seat_by_seat() -> None:
    """Seed 8: all four other seats said play (each facing a higher bar), which whole deals
    almost never show; the deals are built seat by seat and still agree with every word."""
    game = played_hand(8)
    card = next(m for m in decision_points(game, "A")[0] if m.kind == "card")
    assert all(word for _, word in card.said)
    seen = seen_of(card)
    n = len(card.seats)
    hands, pools = np.zeros((200, n), np.int64), np.zeros(200, np.int64)
    heuristic = Seats(np.full(n, HEURISTIC, dtype=np.int64), np.zeros(n))
    vector = encode_rules(card.rules, n)
    dealt, built = sample_deals(n, vector, heuristic, np.uint64(3), seen, hands, pools)
    assert built > 150 and dealt >= 100 * built
    assert all(_agree(card, row) for row in hands)
    assert len({tuple(row) for row in hands}) > 190  # and they differ from one another


def test_building_seat_by_seat_deals_as_dealing_whole_deals_does() -> None:
    """Where whole deals agree often enough, the seat-by-seat builder (a Gibbs sampler) gives
    the same chances: the trumps each other seat holds average the same (four standard
    errors)."""
    from bourre_lessons.sim.fast.worlds import agreement, seat_by_seat

    game = played_hand(0)
    draw = next(m for m in decision_points(game, "A")[0] if m.kind == "draw")
    seen = seen_of(draw)
    n = len(draw.seats)
    heuristic = Seats(np.full(n, HEURISTIC, dtype=np.int64), np.zeros(n))
    vector = encode_rules(draw.rules, n)
    whole, pools = np.zeros((4000, n), np.int64), np.zeros(4000, np.int64)
    assert sample_deals(n, vector, heuristic, np.uint64(5), seen, whole, pools)[1] == 0
    built = np.zeros((4000, n), np.int64)
    work = np.zeros((7, n), np.int64)
    pool = ((1 << 52) - 1) & ~seen.hand & ~(1 << seen.trump_card)
    agree = agreement(n, vector, heuristic, seen)
    state = np.uint64(9)
    for k in range(4000):
        work[0, seen.me] = seen.hand
        _, state = seat_by_seat(state, agree, work, pool)
        state = np.uint64(state)  # back from Python as an int: the generator wants uint64
        built[k] = work[0]
    assert all(_agree(draw, row) for row in built[:200])
    field = 0x1FFF << (13 * (card_bit(draw.trump_card) // 13))
    for i in range(n):
        if i == seen.me:
            continue
        a = np.array([bin(int(h) & field).count("1") for h in whole[:, i]], dtype=float)
        b = np.array([bin(int(h) & field).count("1") for h in built[:, i]], dtype=float)
        se = np.sqrt(a.var() / len(a) + b.var() / len(b))
        assert abs(a.mean() - b.mean()) < 4 * se + 1e-9, (i, a.mean(), b.mean())


def test_fitted_deals_hold_what_each_player_played_and_no_void_suit() -> None:
    """At a card decision every deal gives each other player the right number of cards, none
    it has played, none of a suit it has shown it lacks, and nothing the seat has seen."""
    for seed in range(3, 12):
        game = played_hand(seed)
        late = [m for m in decision_points(game, "A")[0] if m.kind == "card" and m.tricks]
        if not late:
            continue
        point = late[-1]
        seen = seen_of(point)
        n = len(point.seats)
        hands, pools = np.zeros((200, n), np.int64), np.zeros(200, np.int64)
        heuristic = Seats(np.full(n, HEURISTIC, dtype=np.int64), np.zeros(n))
        vector = encode_rules(point.rules, n)
        sample_deals(n, vector, heuristic, np.uint64(3), seen, hands, pools)
        fitted, _ = fitted_deals(point, seen, vector, np.uint64(5), hands, pools)
        assert len(fitted) > 100
        voids = voids_shown(point)
        known = mask_of(point.hand) | mask_of(point.seen) | mask_of(c for _, c in point.trick)
        for row in fitted:
            assert row[seen.me] == mask_of(point.hand)
            for i, seat in enumerate(point.seats):
                if seat == point.seat:
                    continue
                held = parse_cards(" ".join(c.code for c in _cards(int(row[i]))))
                if seat not in point.playing:
                    assert not held
                    continue
                assert len(held) == 5 - len(point.played_by(seat))
                assert not {c.suit for c in held} & voids[seat]
                assert int(row[i]) & known == 0
        return
    pytest.fail("no hand with a late card decision")


def _cards(mask: int):
    from bourre_lessons.sim.fast.bits import cards_of

    return cards_of(mask)


def test_every_choice_meets_the_same_deals() -> None:
    """Common random numbers: a choice listed twice gets the same chips in every deal."""
    game = played_hand(1)
    draw = next(m for m in decision_points(game, "A")[0] if m.kind == "draw")
    sampled = choice_chips(draw, ["keep", draw.options[1], "keep"], 300, seed=2)
    assert np.array_equal(sampled.chips[:, 0], sampled.chips[:, 2])
    assert not np.array_equal(sampled.chips[:, 0], sampled.chips[:, 1])


def test_the_review_uses_nothing_the_seat_could_not_see() -> None:
    """Swap a card a passed player held for one another player threw away (both stay hidden
    from seat A): what A knew at each decision, and so the whole review, is unchanged."""
    for seed in range(40):
        first = Game(PRESETS["pagat"], 5, seed=seed)
        stock = tuple(reversed(first._state.stock))
        game = played_hand(seed)
        record = game.hand_record
        passed = [p for p in "BCDE" if record.declared.get(p) is False]
        threw = [p for p in "BCDE" if record.discards.get(p)]
        if not passed or not threw or "A" not in record.active:
            continue
        quiet, drawer = passed[0], threw[0]
        hidden, thrown = record.dealt[quiet][0], record.discards[drawer][0]
        dealt = {p: list(record.dealt[p]) for p in game.players}
        dealt[quiet][0] = thrown
        dealt[drawer][dealt[drawer].index(thrown)] = hidden
        deal = {p: " ".join(c.code for c in cards) for p, cards in dealt.items()}
        deal["stock"] = " ".join(c.code for c in stock)
        swapped = [a.replace(thrown.code, hidden.code) if a.startswith("discard") else a
                   for a in game.actions]  # fmt: skip
        twin = Game(game.rules, game.players, game.seed, actions=swapped, deal=deal)
        assert twin.hand_record.dealt[quiet] != record.dealt[quiet]
        assert decision_points(twin, "A") == decision_points(game, "A")
        assert review(twin, "A", deals=100) == review(game, "A", deals=100)
        return
    pytest.fail("no seed with a passed player and a discard")


# --- grading -------------------------------------------------------------------------------


def _sampled(*columns: list[float]) -> Sampled:
    return Sampled(np.array(columns, dtype=float).T, dealt=100, built=0)


def test_a_mistake_is_a_best_interval_wholly_above_the_one_chosen() -> None:
    """The made choice (column 0) against a better one: apart is a mistake, overlapping is not;
    the cost is the best choice's lead deal by deal, with its interval."""
    point = decision_points(played_hand(1), "A")[0][0]
    made = point.options.index(point.action)
    spread = list(np.tile([0.0, 2.0], 50))
    low = [v - 1.0 for v in spread]
    columns = [low, spread] if made == 0 else [spread, low]
    decision = grade_sampled(point, 1, _sampled(*columns))
    assert decision.mistake and decision.best.action != point.action
    assert decision.loss == Estimate(1.0, 1.0, 1.0)  # the same deals: exactly one chip
    near = [v - 0.1 for v in spread]
    columns = [near, spread] if made == 0 else [spread, near]
    close = grade_sampled(point, 1, _sampled(*columns))
    assert not close.mistake and close.loss.value == pytest.approx(0.1)
    assert "not a mistake" in close.verdict() and "✘" not in close.to_text()


def test_a_review_lists_every_decision_in_order_with_its_chips() -> None:
    game = played_hand(1)
    result = review(game, "A", deals=300, seed=1)
    found, _ = decision_points(game, "A")
    assert isinstance(result, HandReview) and len(result.decisions) == len(found)
    assert [d.kind for d in result.decisions][:2] == ["declare", "draw"]
    text = result.to_text()
    for d in result.decisions:
        assert d.to_text() in text
        if d.forced:
            assert not d.choices and "[pagat " in d.forced
        else:
            assert d.chosen is not None and d.deals > 0
            assert f"{d.deals:,} deals" in d.to_text()
            assert d.best.chips.value >= d.chosen.chips.value
    assert result.costliest is max(result.mistakes, key=lambda d: d.cost, default=None)
    assert review(game, "A", deals=300, seed=1) == result  # the same seed, the same review


def test_throwing_away_a_trump_is_marked_and_explained() -> None:
    """Seed 1: A throws away the jack of trumps and keeps two side deuces; the review calls it
    a mistake and says why (a trump takes any trick of another suit: glimne 3, pagat 2)."""
    draw = review(played_hand(1), "A", deals=400).decisions[1]
    assert draw.kind == "draw" and draw.made == "throw away J♣" and draw.mistake
    assert "J♣, a trump" in draw.reason and draw.loss.low > 1.0


def test_the_rules_reason_for_a_card_known_to_win() -> None:
    """glimne 9's knowledge: every higher card of the suit has been played, so the king of
    trumps wins the trick whoever plays after it."""
    point = _card_moment(
        hand="SK H4", trick=(("B", "S9"),), tricks=((("A", "SA"), ("B", "H2"), ("C", "S3")),)
    )
    assert known_to_win(point, parse_card("SK")) == "the ace had been played"
    assert known_to_win(point, parse_card("H4")) == ""
    assert reason(point, "H4", "SK") == (
        "the K♠ was known to win the trick: the ace had been played"
    )


def test_the_rules_reason_for_a_trick_that_cannot_be_won() -> None:
    point = _card_moment(hand="HK H4", trick=(("B", "HA"),), tricks=())
    assert reason(point, "HK", "H4") == (
        "no card of yours could win this trick (B's A♥ held it): the lower 4♥ would have kept "
        "your K♥ for a later trick"
    )


def _card_moment(hand: str, trick: tuple, tricks: tuple) -> DecisionPoint:
    """A card decision of seat A at a pagat table of A, B, C (spades trumps), C still to play."""
    from bourre_lessons.play import Situation

    cards = parse_cards(hand)
    plays = tuple((p, parse_card(c)) for p, c in trick)
    done = tuple(tuple((p, parse_card(c)) for p, c in t) for t in tricks)
    seen = tuple(c for t in done for _, c in t)
    situation = Situation(cards, "S", tuple(c for _, c in plays), seen, players_after=1)
    return DecisionPoint(
        kind="card", seat="A", action=None, options=tuple(c.code for c in cards),
        rules=PRESETS["pagat"], number=1, seats=("B", "A", "C"),
        trump_card=parse_card("S7"), dealt=cards, hand=cards,
        said=(("B", True), ("A", True), ("C", True)), thrown=(), discarded=(), drawn=(),
        tricks=done, trick=plays, won=(), pot=3, situation=situation,
    )  # fmt: skip


def test_a_decision_without_choice_names_its_rule() -> None:
    game = played_hand(1)
    forced = [d for d in review(game, "A", deals=100).decisions if d.forced]
    assert forced and all(d.verdict().startswith("– no choice") for d in forced)


def test_review_refuses_what_it_cannot_grade() -> None:
    game = played_hand(1)
    with pytest.raises(ValueError, match="no seat 'Z'"):
        review(game, "Z")
    with pytest.raises(ValueError, match="deals must be"):
        review(game, "A", deals=5)
    game.apply("deal")
    with pytest.raises(ValueError, match="hand 2 is not a finished hand"):
        review(game, "A", hand=2)
    assert review(game, "A", deals=100).number == 1  # the last hand that is over
    fresh = Game(PRESETS["pagat"], 5, seed=0)
    with pytest.raises(ValueError, match=r"finished: none yet"):
        review(fresh, "A")


def test_a_renege_ends_the_graded_decisions() -> None:
    game = Game(PRESETS["glimne"], 3, seed=2)
    bots = {seat: HeuristicBot() for seat in game.players}
    while game.phase != "play" or game.to_act != "A":
        game.apply(
            bots[game.to_act].choose(game) if game.to_act != "A" else game.legal_actions()[0]
        )
        if game.phase == "settled":
            pytest.skip("A passed")
    wrong = [c for c in game.cards_of("A") if c.code not in game.legal_actions()]
    if not wrong:
        pytest.skip("every card legal")
    game.apply(f"renege {wrong[0].code}")
    play_bots(game, bots)
    result = review(game, "A", deals=100)
    assert "you reneged in trick 1" in result.note and result.note in result.to_text()
    assert all(d.kind != "card" for d in result.decisions)


def test_decisions_are_frozen() -> None:
    decision = review(played_hand(1), "A", deals=100).decisions[0]
    assert isinstance(decision, Decision)
    with pytest.raises(dataclasses.FrozenInstanceError):
        decision.mistake = True  # type: ignore[misc]


def test_the_decisions_made_are_listed_as_the_review_numbers_them() -> None:
    game = played_hand(1)
    listed = decisions_made(game, "A")
    graded = review(game, "A", deals=100).decisions
    assert listed == [f"{d.number}. {d.when}: you chose {d.made}" for d in graded]
    assert not any("CI" in line or "mistake" in line for line in listed)


def test_chips_already_in_the_pot_count_for_no_choice() -> None:
    """glimne (docs/rules.md, second ante): a player who plays adds a second ante. Before you
    declare, yours is still to pay and counts against playing; at a later decision it is in
    the pot already, sunk."""
    from bourre_lessons.sim.hand_chips import chips_of

    declared, tricks = np.array([[1, 1, 0]]), np.array([[3, 2, 0]])
    glimne = PRESETS["glimne"]
    later = chips_of(declared, tricks, 0, 5, np.zeros(3, dtype=bool), glimne)["chips"][0]
    declaring = chips_of(declared, tricks, 0, 3, np.ones(3, dtype=bool), glimne)["chips"][0]
    assert later == 5  # the three antes and both second antes are taken
    assert declaring == 5 - 1  # the same pot, less the second ante you were yet to pay


def test_in_one_round_a_declaring_seat_knew_the_draws_before_it() -> None:
    """pagat, one round (the course's reading of "“プレイ” を宣言したならば、手札を何枚か裏向きに
    捨て札にして、その枚数を宣言してください": a player who says play discards and says how many,
    in that turn): when A declares, the dealer last, it has seen each earlier player who said
    play draw. Its point holds those counts, its words say them, and every deal the coach
    samples agrees with them; in two rounds (glimne) A's declaration knew no draw."""
    seed = next(
        s
        for s in range(50)
        if any(m.kind == "declare" and m.thrown for m in decision_points(played_hand(s), "A")[0])
    )
    declare = next(m for m in decision_points(played_hand(seed), "A")[0] if m.kind == "declare")
    assert declare.thrown and {p for p, _, _ in declare.thrown} <= set(declare.playing)
    from bourre_lessons.sim.coach import when_words

    words = when_words(declare)
    for seat, count, _ in declare.thrown:
        assert f"{seat} play, drew {count}" in words
    seen = seen_of(declare)
    n = len(declare.seats)
    hands, pools = np.zeros((200, n), np.int64), np.zeros(200, np.int64)
    heuristic = Seats(np.full(n, HEURISTIC, dtype=np.int64), np.zeros(n))
    sample_deals(n, encode_rules(declare.rules, n), heuristic, np.uint64(3), seen, hands, pools)
    assert all(_agree(declare, row) for row in hands)
    glimne = next(
        m for m in decision_points(played_hand(seed, "glimne"), "A")[0] if m.kind == "declare"
    )
    assert glimne.thrown == () and "drew" not in when_words(glimne)
