"""The draw: each player who plays keeps, or throws cards away and draws as many.

When depends on `Rules.draw_timing`: in one round (pagat's base text, as the course reads
it) a player who says play draws at once, before the next player declares; in two rounds
(glimne, wikipedia, pagat's double ante) the draw begins once everyone has declared.

Under pagat's separate-trump variant (option 2) the dealer may also take the turned card
('take discard ...'). When the stock runs out, it is rebuilt as the rules say (`restock`).
"""

from __future__ import annotations

from itertools import combinations

from .actions import Action, GameError, IllegalAction
from .cards import Card
from .hand_state import GameSetup, GameState, sorted_cards
from .phases import after_draw, next_to_declare
from .text import card_list

__all__ = ["draw", "draw_limit", "draw_options"]


def draw_limit(setup: GameSetup, st: GameState) -> int:
    """How many cards one player may throw away at this hand's table."""
    return setup.rules.max_discards_for(len(st.rec.seats))


def draw_options(setup: GameSetup, st: GameState, player: str) -> list[str]:
    """Every draw `player` may make, as canonical actions."""
    held = sorted_cards(st.hands[player])
    hand = [c.code for c in held]
    keepable = [c.code for c in held if not _trump_card_locked(setup, st, player, c)]
    limit = draw_limit(setup, st)
    options = ["keep"]
    for k in range(1, limit + 1):
        options += ["discard " + " ".join(combo) for combo in combinations(keepable, k)]
    if _may_take_separate(setup, st, player):
        for k in range(1, limit + 1):
            options += ["take discard " + " ".join(combo) for combo in combinations(hand, k)]
    return options


def draw(setup: GameSetup, st: GameState, action: Action) -> str:
    """'keep', 'discard ...' or 'take discard ...' from the player in turn; in one round
    (`Rules.draws_in_turn`) the next player then declares, in two rounds the next player
    draws; once everyone in has drawn, the play of the cards begins (`after_draw`: first the
    double ante's second round, where the rules put it after the draw)."""
    player, take, cards = st.turn[0], action.take, action.cards
    if take and not _may_take_separate(setup, st, player):
        raise IllegalAction(_why_no_take(setup, st, player), "pagat-separate-trump")
    hand = st.hands[player] + ([st.separate_trump] if take and st.separate_trump else [])
    _check_discard(setup, st, player, cards, hand, take)
    if take:
        assert st.separate_trump is not None
        st.hands[player].append(st.separate_trump)
        st.log.append(f"{player} takes the turned card {st.separate_trump}")
        st.separate_trump = None
    for card in cards:
        st.hands[player].remove(card)
        st.discard_pile.append((player, card))
    need = len(cards) - (1 if take else 0)
    restocking = bool(cards) and need > len(st.stock)
    if restocking:  # the restock comes between the discard and the draw: say so in order
        st.log.append(f"{player} discards {_shown(cards)}")
    drawn = [_draw_card(setup, st, player) for _ in range(need)]
    st.hands[player].extend(drawn)
    st.rec.discards[player], st.rec.drawn[player] = cards, tuple(drawn)
    if not cards:
        st.log.append(f"{player} keeps all five cards")
    elif restocking:
        st.log.append(f"{player} draws {_shown(drawn)}")
    else:
        st.log.append(f"{player} discards {_shown(cards)} and draws {_shown(drawn) or 'nothing'}")
    st.turn.pop(0)
    if setup.rules.draws_in_turn:
        next_to_declare(setup, st)
    elif not st.turn:
        after_draw(setup, st)
    return action.text


def _shown(cards: list[Card] | tuple[Card, ...]) -> str:
    return card_list(cards, sep=" ", sort=False)


def _trump_card_locked(setup: GameSetup, st: GameState, player: str, card: Card) -> bool:
    """Whether a house rule keeps the turned card in the dealer's hand."""
    rec = st.rec
    return (
        player == rec.dealer
        and card == rec.trump_card
        and st.separate_trump is None
        and not setup.rules.dealer_may_discard_trump_card
    )


def _may_take_separate(setup: GameSetup, st: GameState, player: str) -> bool:
    return (
        setup.rules.separate_trump_card == "dealer"
        and st.separate_trump is not None
        and player == st.rec.dealer
    )


def _why_no_take(setup: GameSetup, st: GameState, player: str) -> str:
    """Why `player` may not take the separate trump card, in one sentence."""
    variant = setup.rules.separate_trump_card
    if variant == "off":
        return f"{player} cannot take a turned card: this table plays with no separate trump card"
    if variant == "nobody":
        return (
            f"{player} cannot take the turned card: in this variant it belongs to nobody "
            "and only shows the trump suit"
        )
    return (
        f"{player} cannot take the turned card: only the dealer ({st.rec.dealer}) may, "
        "under the pagat variant with a separate trump card available to the dealer"
    )


def _check_discard(
    setup: GameSetup,
    st: GameState,
    player: str,
    cards: tuple[Card, ...],
    hand: list[Card],
    take: bool,
) -> None:
    """Refuse a discard that throws away cards not held, too many, or the locked turned card."""
    held = set(hand)
    missing = [c for c in cards if c not in held]
    if missing:
        raise IllegalAction(
            f"{player} does not hold {_shown(missing)}; {player} holds "
            f"{_shown(sorted_cards(hand))}, and can discard only from those",
            "hand",
        )
    if take and st.separate_trump in cards:
        raise IllegalAction(
            f"{player} cannot take the turned card {st.separate_trump} and throw it away at "
            "once; to leave it on the table, draw without 'take'",
            "pagat-separate-trump",
            ["keep", "take discard <cards from your hand>"],
        )
    seats, limit, rules = len(st.rec.seats), draw_limit(setup, st), setup.rules
    if len(cards) > limit:
        seven = seats >= 7 and limit == rules.max_discards_seven
        rule = "wikipedia-seven" if seven and limit < rules.max_discards else "draw"
        raise IllegalAction(
            f"{player} may discard at most {limit} cards at a table of {seats}, not "
            f"{len(cards)} (rule {rule}); choose {limit} or fewer, or 'keep'",
            rule,
        )
    if take and not cards:
        raise IllegalAction(
            f"{player} takes the turned card and so must discard at least one card",
            "pagat-separate-trump",
        )
    locked = [c for c in cards if _trump_card_locked(setup, st, player, c)]
    if locked:
        raise IllegalAction(
            f"the turned card {locked[0]} stays in the dealer's hand: this table plays "
            f"the house rule dealer_may_discard_trump_card=False (no source forbids it); "
            f"discard other cards, or 'keep'",
            "dealer-trump-card",
        )


def _draw_card(setup: GameSetup, st: GameState, player: str) -> Card:
    if not st.stock:
        _restock(setup, st, player)
    return st.stock.pop()


def _restock(setup: GameSetup, st: GameState, player: str) -> None:
    """The stock ran out: gather cards as the preset says, shuffle, and deal on."""
    served = [c for p, c in st.discard_pile if p != player]
    pagat = setup.rules.restock == "folded_and_served_discards"
    if pagat or not st.folded:
        pool = (st.folded if pagat else []) + served
        parts = ["the passed hands"] if pagat and st.folded else []
        who = "who have already decided" if pagat else "already served"
        parts += [f"the discards of the players {who}"] if served else []
        what = " and ".join(parts)
        st.discard_pile = [(p, c) for p, c in st.discard_pile if p == player]
        st.folded = []
    else:
        pool, st.folded = st.folded, []
        what = "the passed hands"
    if not pool:
        raise GameError(
            "the stock and every restock source are empty; this cannot happen with 52 cards"
        )
    st.rng.shuffle(pool)
    st.stock = pool
    st.log.append(
        f"The stock is empty: {what} ({len(pool)} cards) are shuffled to make a new stock"
    )
