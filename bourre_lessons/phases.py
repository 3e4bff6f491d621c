"""The start of a hand: the deal and the antes, play or pass.

Each function takes the fixed `GameSetup` and the `GameState` it changes. The chips (antes,
payments, the settlement applied) are in `chips.py`, the draw in `draw.py`, the play of the
cards in `tricks.py`, reneges in `renege.py`; `Game` chooses which one an action goes to.
"""

from __future__ import annotations

from .actions import Action, IllegalAction
from .cards import HAND_SIZE, Rank
from .chips import close_hand, put_in_antes, put_in_second_antes, settle_hand
from .hand_state import GameSetup, GameState, HandRecord, deal_cards, hand_rng
from .rules import Rules
from .text import and_list, card_list, verb
from .tricks import start_play

__all__ = [
    "after_declarations",
    "after_draw",
    "declare",
    "must_play",
    "next_hand",
    "next_to_declare",
    "out_of_turn",
    "seats_from_left",
    "second_chip",
    "start_hand",
]


# --- the deal ------------------------------------------------------------------------------


def seats_from_left(setup: GameSetup, st: GameState) -> list[str]:
    """The seats dealt in this hand, from the dealer's left round to the dealer."""
    players = setup.players
    n = len(players)
    order = [players[(st.dealer_seat + i) % n] for i in range(1, n + 1)]
    return [p for p in order if p not in st.sit_out]


def start_hand(setup: GameSetup, st: GameState) -> None:
    """Deal the next hand (the chosen deal, if any, for the first): antes, five cards each,
    the turned card; the declarations begin on the dealer's left."""
    st.hand_no += 1
    players = setup.players
    while players[st.dealer_seat] in st.sit_out:
        st.dealer_seat = (st.dealer_seat + 1) % len(players)
    seats = seats_from_left(setup, st)
    dealer = players[st.dealer_seat]
    chosen = setup.deal if st.hand_no == 1 else None
    st.rng = hand_rng(setup.seed, st.hand_no)
    dealt = deal_cards(st.rng, seats, setup.rules.separate_trump_card != "off", chosen)
    st.hands, st.stock, st.separate_trump = dealt.hands, dealt.stock, dealt.separate
    st.folded, st.discard_pile, st.fists = [], [], {}
    trump_card = dealt.separate or dealt.hands[dealer][-1]
    st.record = rec = HandRecord(st.hand_no, dealer, seats, trump_card, pot_at_start=st.pot)
    rec.dealt = {p: tuple(st.hands[p]) for p in seats}
    how = " · chosen deal" if chosen is not None else ""
    st.log.append(
        f"== Hand {st.hand_no} · dealer {dealer} · {setup.rules.source} rules · "
        f"seed {setup.seed}{how} =="
    )
    out = [p for p in players if p not in seats]
    if out:
        st.log.append(
            f"{and_list(out)} {verb(out, 'sits', 'sit')} out this deal for correcting a "
            "renege last hand (pagat)"
        )
    put_in_antes(setup, st, seats, dealer)
    for p in seats:
        st.log.append(f"{p} is dealt {card_list(st.hands[p], sep=' ', sort=False)}")
    if st.separate_trump:
        turned = f"A sixth card is turned in the middle, {trump_card}"
    else:
        turned = f"{dealer} turns up the fifth card, {trump_card}"
    st.log.append(f"{turned}: {trump_card.suit.plural} are trumps")
    st.phase, st.turn = "declare", list(seats)
    st.trick, st.pending, st.tricks_won, st.voids = None, None, {}, {}


def next_hand(setup: GameSetup, st: GameState) -> None:
    """The deal passes to the left; whoever must sit out does (unless too few would be left)."""
    st.penalised = frozenset()
    st.dealer_seat = (st.dealer_seat + 1) % len(setup.players)
    if len(setup.players) - len(st.sit_out) < 2:
        st.sit_out = frozenset()
    start_hand(setup, st)


# --- play or pass ------------------------------------------------------------------------


def must_play(setup: GameSetup, st: GameState, player: str) -> bool:
    """Whether `player` may not pass: pagat's dealer who turned an ace."""
    rec = st.rec
    return (
        setup.rules.dealer_ace_must_play
        and player == rec.dealer
        and rec.trump_card.rank == Rank.ACE
        and st.separate_trump is None
    )


def _dealer_ace_refusal(player: str, refused: str, say: str) -> IllegalAction:
    """pagat's dealer who turned an ace may not `refused` ('pass', 'drop out'): say `say`."""
    return IllegalAction(
        f"{player} may not {refused}: the turned trump card is an ace, so the dealer must play "
        f"(pagat dealer's ace); say '{say}'",
        "pagat-dealer-ace",
        [say],
    )


def declare(setup: GameSetup, st: GameState, action: Action) -> str:
    """'play' or 'pass' from the player in turn (a second ante where the rules ask one). In
    one round (`Rules.draws_in_turn`) a player who says play draws next, in the same turn.
    Under simultaneous declaration the choice stays in a closed fist until the last player
    has chosen (`_open_fists`)."""
    player, rec, rules = st.turn[0], st.rec, setup.rules
    if action.kind == "pass" and must_play(setup, st, player):
        raise _dealer_ace_refusal(player, "pass", "play")
    if rules.simultaneous_declaration:
        st.fists[player] = action.kind == "play"
        st.log.append(f"{player} closes a fist (a chip in it or none: nobody can tell yet)")
        st.turn.pop(0)
        if not st.turn:
            _open_fists(setup, st)
        return action.kind
    rec.declared[player] = action.kind == "play"
    if action.kind == "play":
        extra = ""
        if _second_ante_with_play(rules):
            put_in_second_antes(setup, st, [player])
            extra = f" and puts in a second ante (pot {st.pot})"
        st.log.append(f"{player} says play{extra}")
    else:
        st.folded.extend(st.hands.pop(player))
        st.log.append(f"{player} says pass")
    if action.kind == "play" and rules.draws_in_turn:
        st.phase = "draw"  # one round: the same player throws away and draws now
        return action.kind
    st.turn.pop(0)
    next_to_declare(setup, st)
    return action.kind


def _second_ante_with_play(rules: Rules) -> bool:
    """Whether saying play puts in a second chip now (glimne's second ante, or the double
    ante read as paid with 'play')."""
    return rules.pays_second_ante and not rules.second_chip_after_draw


def _open_fists(setup: GameSetup, st: GameState) -> None:
    """pagat's simultaneous declaration: every fist is open at once; the players who play put
    in a second ante where the rules ask one, and the players who pass lay down their cards."""
    rec, rules = st.rec, setup.rules
    for player in rec.seats:
        rec.declared[player] = st.fists[player]
    st.fists = {}
    playing = rec.active
    passing = [p for p in rec.seats if p not in playing]
    for player in passing:
        st.folded.extend(st.hands.pop(player))
    said = [f"{and_list(playing)} {verb(playing, 'plays', 'play')}"] if playing else []
    said += [f"{and_list(passing)} {verb(passing, 'passes', 'pass')}"] if passing else []
    st.log.append(f"The fists open together: {'; '.join(said)}")
    if playing and _second_ante_with_play(rules):
        put_in_second_antes(setup, st, playing)
        each = "puts" if len(playing) == 1 else "each put"
        st.log.append(f"{and_list(playing)} {each} in a second ante (pot {st.pot})")
    after_declarations(setup, st)


def next_to_declare(setup: GameSetup, st: GameState) -> None:
    """A player has declared (and, in one round, drawn): the next player declares, the
    dealer takes the pot alone (pagat), or the declarations are over."""
    rec, rules = st.rec, setup.rules
    st.phase = "declare"
    if not st.turn:
        after_declarations(setup, st)
    elif (
        rules.lone_player_wins
        and not rules.simultaneous_declaration
        and st.turn == [rec.dealer]
        and not rec.active
    ):
        rec.declared[rec.dealer] = True
        st.turn = []
        st.log.append(
            f"Everyone but the dealer passed: {rec.dealer} takes the pot without play "
            "(pagat-dealer-alone)"
        )
        settle_hand(setup, st, {rec.dealer: HAND_SIZE})


def out_of_turn(setup: GameSetup, st: GameState, player: str) -> str:
    """pagat: declaring or hinting out of turn sits the player out of the next deal."""
    if not setup.rules.out_of_turn_penalty:
        raise IllegalAction(
            f"the {setup.rules.source} rules have no penalty for speaking out of turn "
            "(only pagat's, switch out_of_turn_penalty)",
            "pagat-out-of-turn",
        )
    if st.phase not in ("declare", "draw"):
        raise IllegalAction(
            "say 'out-of-turn' and a seat during the declarations or the draw, e.g. "
            f"'out-of-turn {setup.players[0]}'",
            "pagat-out-of-turn",
        )
    st.penalised = st.penalised | {player}
    st.log.append(f"{player} spoke out of turn and will sit out the next deal (pagat-out-of-turn)")
    return f"out-of-turn {player}"


def after_declarations(setup: GameSetup, st: GameState) -> None:
    """Everyone has declared: nobody plays, one plays alone (pagat), or the draw begins (in
    one round the players in have drawn already, and the play begins)."""
    if _hand_over_without_play(setup, st, "plays"):
        return
    if setup.rules.draws_in_turn:
        start_play(setup, st)
    else:
        st.phase, st.turn = "draw", list(st.rec.active)


def _hand_over_without_play(setup: GameSetup, st: GameState, still_in: str) -> bool:
    """Whether the hand ends before a card is played: nobody is in (the pot stays), or one
    player alone is in and takes the pot (pagat-lone); `still_in` says how that player is in
    ('plays', 'is still in')."""
    active = st.rec.active
    if not active:
        _nobody_plays(setup, st)
    elif len(active) == 1 and setup.rules.lone_player_wins:
        st.log.append(
            f"Only {active[0]} {still_in}: {active[0]} takes the pot without play (pagat-lone)"
        )
        settle_hand(setup, st, {active[0]: HAND_SIZE})
    else:
        return False
    return True


def _nobody_plays(setup: GameSetup, st: GameState) -> None:
    """Every player passed (or dropped out): the pot stays for the next hand."""
    st.log.append(f"Everyone passed: the pot of {st.pot} stays for the next hand")
    st.skip_ante, st.sit_out = frozenset(), st.penalised
    close_hand(setup, st)


def after_draw(setup: GameSetup, st: GameState) -> None:
    """The draw is over: the play of the cards begins, or first, under the double ante read
    as paid after the draw, the second round in which each player still in pays the second
    chip or drops out."""
    if not setup.rules.second_chip_after_draw:
        start_play(setup, st)
        return
    st.phase, st.turn = "ante", list(st.rec.active)
    st.log.append(
        "The second round of the double ante: each player still in, from the dealer's left, "
        "pays the second chip or drops out (pagat-double-ante)"
    )


def second_chip(setup: GameSetup, st: GameState, action: Action) -> str:
    """'pay' or 'drop' in the double ante's second round: a player who does not pay the
    second chip loses this deal, as a player who passed does (the first chip stays in the
    pot; no bourré to pay). Once everyone has chosen, the play begins with those who paid."""
    player, rec = st.turn[0], st.rec
    if action.kind == "drop" and must_play(setup, st, player):
        raise _dealer_ace_refusal(player, "drop out", "pay")
    if action.kind == "pay":
        put_in_second_antes(setup, st, [player])
        st.log.append(f"{player} pays the second chip (pot {st.pot})")
    else:
        rec.declared[player] = False
        rec.dropped.add(player)
        st.folded.extend(st.hands.pop(player))
        st.log.append(
            f"{player} does not pay the second chip and loses this deal: {player}'s first chip "
            "stays in the pot, and there is no bourré to fear (pagat-double-ante)"
        )
    st.turn.pop(0)
    if not st.turn and not _hand_over_without_play(setup, st, "is still in"):
        start_play(setup, st)
    return action.kind
