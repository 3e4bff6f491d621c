"""What one seat's choice brought it in a hand played out in plain Python, settled by `settle`.

The plain-Python twin of `hand_chips.chips_of` for one settled `Game` hand: the advisor's
deals (`plain_advice`) and the coach's worlds (`plain_hidden`) are both settled here, as the
compiled advisor and coach settle theirs.
"""

from __future__ import annotations

from ..game import Game
from ..settle import settle

__all__ = ["outcome_of"]


def outcome_of(
    game: Game, me: str, pot_in: int, due: set[str] | None = None
) -> tuple[bool, bool, bool, int]:
    """(took the pot, bourréd, split, chips from the decision on) of seat `me` in the
    settled hand on `game`, settled as the compiled advisor and coach settle it
    (`hand_chips.chips_of`): on `pot_in`, the pot when the decision was made, plus the second
    antes of the seats in `due` (default: every seat) that said play after it."""
    rec = game.hand_record
    result = rec.settlement
    rules = game.rules
    said = [p for p in rec.seats if rec.declared.get(p)]
    due = set(rec.seats) if due is None else due
    alone = (
        rules.lone_player_wins
        and not rules.simultaneous_declaration
        and said == [rec.dealer]
        and not rec.tricks
    )
    second = {p for p in said if rules.pays_second_ante and not alone and p in due}
    if result is None or not said:
        return False, False, False, -int(me in second)
    tricks = {rec.dealer: 5} if alone else {p: int(result.tricks.get(p, 0)) for p in said}
    settled = settle(pot_in + len(second), tricks, rules)
    return (
        settled.winner == me,
        me in settled.bourred,
        me in settled.tied,
        settled.net(me) - int(me in second),
    )
