"""The start and the end of a hand: the deal and the antes, play or pass, the settlement.

Each function takes the fixed `Table` and the `TableState` it changes. The draw is in
`draw.py`, the play of the cards in `tricks.py`, reneges in `renege.py`; `Game` chooses
which one an action goes to.
"""

from __future__ import annotations

from collections.abc import Iterable

from .actions import Action, IllegalAction
from .cards import HAND_SIZE, Rank
from .hand_state import HandRecord, Table, TableState, deal_cards, hand_rng
from .rules import Rules
from .settle import Settlement, settle
from .text import and_list, card_list, verb

__all__ = [
    "after_declarations",
    "after_draw",
    "declare",
    "must_play",
    "next_hand",
    "next_to_declare",
    "out_of_turn",
    "pay",
    "seats_from_left",
    "second_chip",
    "settle_hand",
    "start_hand",
]


# --- the deal ------------------------------------------------------------------------------


def seats_from_left(table: Table, st: TableState) -> list[str]:
    """The seats dealt in this hand, from the dealer's left round to the dealer."""
    players = table.players
    n = len(players)
    order = [players[(st.dealer_seat + i) % n] for i in range(1, n + 1)]
    return [p for p in order if p not in st.sit_out]


def start_hand(table: Table, st: TableState) -> None:
    """Deal the next hand (the chosen deal, if any, for the first): antes, five cards each,
    the turned card; the declarations begin on the dealer's left."""
    st.hand_no += 1
    players = table.players
    while players[st.dealer_seat] in st.sit_out:
        st.dealer_seat = (st.dealer_seat + 1) % len(players)
    seats = seats_from_left(table, st)
    dealer = players[st.dealer_seat]
    chosen = table.deal if st.hand_no == 1 else None
    st.rng = hand_rng(table.seed, st.hand_no)
    dealt = deal_cards(st.rng, seats, table.rules.separate_trump_card != "off", chosen)
    st.hands, st.stock, st.separate_trump = dealt.hands, dealt.stock, dealt.separate
    st.folded, st.discard_pile, st.fists = [], [], {}
    trump_card = dealt.separate or dealt.hands[dealer][-1]
    st.record = rec = HandRecord(st.hand_no, dealer, seats, trump_card, pot_at_start=st.pot)
    rec.dealt = {p: tuple(st.hands[p]) for p in seats}
    how = " · chosen deal" if chosen is not None else ""
    st.log.append(
        f"== Hand {st.hand_no} · dealer {dealer} · {table.rules.source} rules · "
        f"seed {table.seed}{how} =="
    )
    out = [p for p in players if p not in seats]
    if out:
        st.log.append(
            f"{and_list(out)} {verb(out, 'sits', 'sit')} out this deal for correcting a "
            "renege last hand (pagat)"
        )
    _antes(table, st, seats, dealer)
    for p in seats:
        st.log.append(f"{p} is dealt {card_list(st.hands[p], sep=' ', sort=False)}")
    if st.separate_trump:
        turned = f"A sixth card is turned in the middle, {trump_card}"
    else:
        turned = f"{dealer} turns up the fifth card, {trump_card}"
    st.log.append(f"{turned}: {trump_card.suit.plural} are trumps")
    st.phase, st.turn = "declare", list(seats)
    st.trick, st.pending, st.tricks_won, st.voids = None, None, {}, {}


def _antes(table: Table, st: TableState, seats: list[str], dealer: str) -> None:
    owing = [p for p in seats if p not in st.skip_ante]
    if table.rules.dealer_antes_for_all:
        pay(st, dealer, len(owing))
        st.rec.antes = {dealer: len(owing)}
        st.log.append(
            f"Antes: the dealer {dealer} puts in {len(owing)} for the table (pot {st.pot})"
        )
        return
    for p in owing:
        pay(st, p, 1)
    st.rec.antes = dict.fromkeys(owing, 1)
    skipped = [p for p in seats if p in st.skip_ante]
    note = f"; {and_list(skipped)} {verb(skipped, 'skips', 'skip')} this ante" if skipped else ""
    payers = {0: "nobody antes", 1: f"{and_list(owing)} puts in 1"}.get(
        len(owing), f"{and_list(owing)} put in 1 each"
    )
    st.log.append(f"Antes: {payers}{note} (pot {st.pot})")


def pay(st: TableState, player: str, amount: int) -> None:
    """Move chips from a player to the pot."""
    st.bankrolls[player] -= amount
    st.pot += amount


def next_hand(table: Table, st: TableState) -> None:
    """The deal passes to the left; whoever must sit out does (unless too few would be left)."""
    st.penalised = frozenset()
    st.dealer_seat = (st.dealer_seat + 1) % len(table.players)
    if len(table.players) - len(st.sit_out) < 2:
        st.sit_out = frozenset()
    start_hand(table, st)


# --- play or pass ------------------------------------------------------------------------


def must_play(table: Table, st: TableState, player: str) -> bool:
    """Whether `player` may not pass: pagat's dealer who turned an ace."""
    rec = st.rec
    return (
        table.rules.dealer_ace_must_play
        and player == rec.dealer
        and rec.trump_card.rank == Rank.ACE
        and st.separate_trump is None
    )


def declare(table: Table, st: TableState, action: Action) -> str:
    """'play' or 'pass' from the player in turn (a second ante where the rules ask one). In
    one round (`Rules.draws_in_turn`) a player who says play draws next, in the same turn.
    Under simultaneous declaration the choice stays in a closed fist until the last player
    has chosen (`_open_fists`)."""
    player, rec, rules = st.turn[0], st.rec, table.rules
    if action.kind == "pass" and must_play(table, st, player):
        raise IllegalAction(
            f"{player} may not pass: the turned trump card is an ace, so the dealer must play "
            "(pagat dealer's ace); say 'play'",
            "pagat-dealer-ace",
            ["play"],
        )
    if rules.simultaneous_declaration:
        st.fists[player] = action.kind == "play"
        st.log.append(f"{player} closes a fist (a chip in it or none: nobody can tell yet)")
        st.turn.pop(0)
        if not st.turn:
            _open_fists(table, st)
        return action.kind
    rec.declared[player] = action.kind == "play"
    if action.kind == "play":
        extra = ""
        if _second_ante_with_play(rules):
            pay(st, player, 1)
            extra = f" and puts in a second ante (pot {st.pot})"
        st.log.append(f"{player} says play{extra}")
    else:
        st.folded.extend(st.hands.pop(player))
        st.log.append(f"{player} says pass")
    if action.kind == "play" and rules.draws_in_turn:
        st.phase = "draw"  # one round: the same player throws away and draws now
        return action.kind
    st.turn.pop(0)
    next_to_declare(table, st)
    return action.kind


def _second_ante_with_play(rules: Rules) -> bool:
    """Whether saying play puts in a second chip now (glimne's second ante, or the double
    ante read as paid with 'play')."""
    return rules.pays_second_ante and not rules.second_chip_after_draw


def _open_fists(table: Table, st: TableState) -> None:
    """pagat's simultaneous declaration: every fist is open at once; the players who play put
    in a second ante where the rules ask one, and the players who pass lay down their cards."""
    rec, rules = st.rec, table.rules
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
        for player in playing:
            pay(st, player, 1)
        each = "puts" if len(playing) == 1 else "each put"
        st.log.append(f"{and_list(playing)} {each} in a second ante (pot {st.pot})")
    after_declarations(table, st)


def next_to_declare(table: Table, st: TableState) -> None:
    """A player has declared (and, in one round, drawn): the next player declares, the
    dealer takes the pot alone (pagat), or the declarations are over."""
    rec, rules = st.rec, table.rules
    st.phase = "declare"
    if not st.turn:
        after_declarations(table, st)
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
        settle_hand(table, st, {rec.dealer: HAND_SIZE})


def out_of_turn(table: Table, st: TableState, player: str) -> str:
    """pagat: declaring or hinting out of turn sits the player out of the next deal."""
    if not table.rules.out_of_turn_penalty:
        raise IllegalAction(
            f"the {table.rules.source} rules have no penalty for speaking out of turn "
            "(only pagat's, switch out_of_turn_penalty)",
            "pagat-out-of-turn",
        )
    if st.phase not in ("declare", "draw"):
        raise IllegalAction(
            "say 'out-of-turn' and a seat during the declarations or the draw, e.g. "
            f"'out-of-turn {table.players[0]}'",
            "pagat-out-of-turn",
        )
    st.penalised = st.penalised | {player}
    st.log.append(f"{player} spoke out of turn and will sit out the next deal (pagat-out-of-turn)")
    return f"out-of-turn {player}"


def after_declarations(table: Table, st: TableState) -> None:
    """Everyone has declared: nobody plays, one plays alone (pagat), or the draw begins (in
    one round the players in have drawn already, and the play begins)."""
    active = st.rec.active
    if not active:
        _nobody_plays(table, st)
    elif len(active) == 1 and table.rules.lone_player_wins:
        st.log.append(
            f"Only {active[0]} plays: {active[0]} takes the pot without play (pagat-lone)"
        )
        settle_hand(table, st, {active[0]: HAND_SIZE})
    elif table.rules.draws_in_turn:
        _start_play(table, st)
    else:
        st.phase, st.turn = "draw", list(active)


def _nobody_plays(table: Table, st: TableState) -> None:
    """Every player passed (or dropped out): the pot stays for the next hand."""
    st.log.append(f"Everyone passed: the pot of {st.pot} stays for the next hand")
    st.skip_ante, st.sit_out = frozenset(), st.penalised
    _finish(table, st)


def _start_play(table: Table, st: TableState) -> None:
    from .tricks import start_play  # tricks imports this module: import it when needed

    start_play(table, st)


def after_draw(table: Table, st: TableState) -> None:
    """The draw is over: the play of the cards begins, or first, under the double ante read
    as paid after the draw, the second round in which each player still in pays the second
    chip or drops out."""
    if not table.rules.second_chip_after_draw:
        _start_play(table, st)
        return
    st.phase, st.turn = "ante", list(st.rec.active)
    st.log.append(
        "The second round of the double ante: each player still in, from the dealer's left, "
        "pays the second chip or drops out (pagat-double-ante)"
    )


def second_chip(table: Table, st: TableState, action: Action) -> str:
    """'pay' or 'drop' in the double ante's second round: a player who does not pay the
    second chip loses this deal, as a player who passed does (the first chip stays in the
    pot; no bourré to pay). Once everyone has chosen, the play begins with those who paid."""
    player, rec = st.turn[0], st.rec
    if action.kind == "drop" and must_play(table, st, player):
        raise IllegalAction(
            f"{player} may not drop out: the turned trump card is an ace, so the dealer must "
            "play (pagat dealer's ace); say 'pay'",
            "pagat-dealer-ace",
            ["pay"],
        )
    if action.kind == "pay":
        pay(st, player, 1)
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
    if st.turn:
        return action.kind
    active = rec.active
    if not active:
        _nobody_plays(table, st)
    elif len(active) == 1 and table.rules.lone_player_wins:
        st.log.append(
            f"Only {active[0]} is still in: {active[0]} takes the pot without play (pagat-lone)"
        )
        settle_hand(table, st, {active[0]: HAND_SIZE})
    else:
        _start_play(table, st)
    return action.kind


# --- the settlement ------------------------------------------------------------------------


def settle_hand(table: Table, st: TableState, tricks: dict[str, int]) -> None:
    """Pay the bourrés and reneges, give the pot to its winner, and close the hand."""
    rec, rules = st.rec, table.rules
    result = settle(st.pot, tricks, rules, renegers=rec.renegers, corrected=rec.corrected)
    rec.settlement = result
    for player, amount in result.payments.items():
        pay(st, str(player), amount)
    if result.winner is not None:
        st.bankrolls[str(result.winner)] += result.taken
        st.pot -= result.taken
    st.log.extend(_settlement_lines(result, rec, table))
    st.skip_ante = frozenset(result.skips_next_ante)
    st.sit_out = frozenset(result.sits_out_next) | st.penalised
    _finish(table, st)


def _finish(table: Table, st: TableState) -> None:
    st.history.append(st.rec)
    st.phase, st.turn = "settled", []
    rolls = ", ".join(f"{p} {st.bankrolls[p]}" for p in table.players)
    st.log.append(f"Bankrolls: {rolls}; pot {st.pot}")


def _in_order(players: Iterable[object], order: list[str]) -> list[str]:
    """The given players, in seat order."""
    chosen = {str(p) for p in players}
    return [p for p in order if p in chosen]


def _settlement_lines(result: Settlement, rec: HandRecord, table: Table) -> list[str]:
    """The settlement told in a few lines, naming every player (for the transcript)."""
    lines = []
    if rec.tricks:
        lines.append("Tricks: " + ", ".join(f"{p} {n}" for p, n in result.tricks.items()))
    lines.append(_who_takes(result, rec))
    pot, limit = result.pot_before, table.rules.pot_limit
    capped = f" (pot limit {limit})" if limit is not None else ""
    where = (
        f"to {result.winner}"
        if result.winner is not None and result.taken > pot
        else "into the pot for the next hand"
    )
    for player, amount in result.payments.items():
        cap = capped if amount < pot else ""
        if player in result.renegers:
            lines.append(f"{player} reneged and pays {amount}{cap} {where}")
        else:
            lines.append(f"{player} took no trick: bourré! {player} pays {amount}{cap} {where}")
    for player in _in_order(rec.corrected, rec.seats):
        if player in result.bourred and player not in result.payments:
            lines.append(f"{player} took no trick but corrected a renege, so pays no bourré")
    carried = result.pot_carried
    nxt = [f"{carried} stays in the pot" if carried else "the pot is empty"]
    skip = _in_order(result.skips_next_ante, rec.seats)
    if skip:
        nxt.append(f"{and_list(skip)} {verb(skip, 'skips', 'skip')} the ante")
    out = _in_order(result.sits_out_next, rec.seats)
    if out:
        nxt.append(f"{and_list(out)} {verb(out, 'sits', 'sit')} out the deal")
    lines.append("Next hand: " + "; ".join(nxt))
    return lines


def _who_takes(result: Settlement, rec: HandRecord) -> str:
    """Who takes the pot, or why nobody does."""
    pot = result.pot_before
    if result.winner is not None:
        return f"{result.winner} takes the pot of {pot}"
    if result.tied:
        tied = _in_order(result.tied, rec.seats)
        most = result.tricks[tied[0]]
        return (
            f"Split pot: {and_list(tied)} tie with {most} tricks each, so nobody takes the "
            f"{pot} in the pot"
        )
    top = max(result.tricks, key=lambda p: result.tricks[p])
    return (
        f"{top} took the most tricks but corrected a renege, so nobody takes the {pot} in the pot"
    )
