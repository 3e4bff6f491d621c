"""Chips on the table: the antes, a player's payment into the pot, and the settlement applied.

Who owes what is decided in `settle.py` (`antes`, `settle`), pure functions a learner reads;
this module moves the chips of one game (`GameState`) accordingly and writes the lines of
the transcript that say so. The deal (`phases.py`) puts in the antes, the last trick
(`tricks.py`) or the declarations (`phases.py`) close the hand here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .hand_state import GameSetup, GameState, HandRecord
from .settle import Settlement, antes, second_antes, settle
from .text import and_list, verb

__all__ = [
    "antes_words",
    "close_hand",
    "pay",
    "put_in_antes",
    "put_in_second_antes",
    "settle_hand",
]


def pay(st: GameState, player: str, amount: int) -> None:
    """Move chips from a player to the pot (a negative amount: from the pot to the player)."""
    st.bankrolls[player] -= amount
    st.pot += amount


def put_in_antes(setup: GameSetup, st: GameState, seats: list[str], dealer: str) -> None:
    """The antes of a new hand (`settle.antes` says who owes what), paid and told."""
    owed = antes(seats, dealer, setup.rules, st.skip_ante)
    for player, amount in owed.items():
        pay(st, player, amount)
    st.rec.antes = owed
    skipped = [p for p in seats if p in st.skip_ante]
    words = antes_words(owed, skipped, setup.rules.dealer_antes_for_all)
    st.log.append(f"Antes: {words} (pot {st.pot})")


def put_in_second_antes(setup: GameSetup, st: GameState, players: Iterable[str]) -> None:
    """The second antes these players owe now (`settle.second_antes`), paid."""
    for player, amount in second_antes(players, setup.rules).items():
        pay(st, str(player), amount)


def antes_words(owed: Mapping[str, int], skipped: Sequence[str], for_the_table: bool) -> str:
    """Who put what in, in words: 'A, B and C put in 1 each; D skips this ante', or, under the
    dealer-antes variant, 'the dealer A puts in 5 for the table'."""
    if for_the_table:
        ((dealer, chips),) = owed.items()
        return f"the dealer {dealer} puts in {chips} for the table"
    owing = list(owed)
    note = f"; {and_list(skipped)} {verb(skipped, 'skips', 'skip')} this ante" if skipped else ""
    payers = {0: "nobody antes", 1: f"{and_list(owing)} puts in 1"}.get(
        len(owing), f"{and_list(owing)} put in 1 each"
    )
    return payers + note


def settle_hand(setup: GameSetup, st: GameState, tricks: dict[str, int]) -> None:
    """Pay the bourrés and reneges, give the pot to its winner, and close the hand."""
    rec, rules = st.rec, setup.rules
    result = settle(st.pot, tricks, rules, renegers=rec.renegers, corrected=rec.corrected)
    rec.settlement = result
    for move in result.moves():
        pay(st, str(move.player), move.chips)
    st.log.extend(_settlement_lines(result, rec, setup))
    st.skip_ante = frozenset(result.skips_next_ante)
    st.sit_out = frozenset(result.sits_out_next) | st.penalised
    close_hand(setup, st)


def close_hand(setup: GameSetup, st: GameState) -> None:
    """The hand is over (settled, or passed by everyone): record it and show the bankrolls."""
    st.history.append(st.rec)
    st.phase, st.turn = "settled", []
    rolls = ", ".join(f"{p} {st.bankrolls[p]}" for p in setup.players)
    st.log.append(f"Bankrolls: {rolls}; pot {st.pot}")


def _in_order(players: Iterable[object], order: list[str]) -> list[str]:
    """The given players, in seat order."""
    chosen = {str(p) for p in players}
    return [p for p in order if p in chosen]


def _settlement_lines(result: Settlement, rec: HandRecord, setup: GameSetup) -> list[str]:
    """The settlement told in a few lines, naming every player (for the transcript)."""
    lines = []
    if rec.tricks:
        lines.append("Tricks: " + ", ".join(f"{p} {n}" for p, n in result.tricks.items()))
    lines.append(_who_takes(result, rec))
    pot, limit = result.pot_before, setup.rules.pot_limit
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
        f"{top} took the most tricks but corrected a renege, so nobody takes the {pot} in the pot "
        "(pagat: that player loses the right to it; that it stays is the engine's reading)"
    )
