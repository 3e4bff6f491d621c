"""Reneges: a card played against the play rules on purpose ('renege H7'), and what follows.

The rules decide (switch `renege`): the player pays as for a bourré (glimne, wikipedia), and
the card stands (the engine's reading, `reading-renege-stands`: glimne does not say, and
wikipedia lists retraction among the penalties tables choose from); the card is taken back and played again, with or without that payment
(wikipedia variants); or, under pagat, the renege may be corrected before the next player
plays. That last case leaves a renege open (`GameState.pending`): everything about the open
renege is here, so the rest of the engine only asks whether one is open.
"""

from __future__ import annotations

from .actions import Action, IllegalAction, IllegalPlay
from .cards import Card
from .hand_state import GameSetup, GameState, PendingRenege, sorted_cards
from .play import explain, legal_plays, rule_summary
from .tricks import check_card, end_trick_if_full, legal_cards, note_voids, put_card, trick_leader

__all__ = [
    "accept_renege",
    "close_renege",
    "fixes",
    "past_renege",
    "renege",
    "waiting_on",
    "window_actions",
]


def renege(setup: GameSetup, st: GameState, action: Action) -> str:
    """'renege H7': the player to play breaks a play rule on purpose; the rules say what
    happens to the card and the player."""
    player, card = st.turn[0], action.card
    situation, _ = check_card(setup, st, card)
    verdict = explain(situation, card, setup.rules)
    if verdict.legal:
        legal = legal_cards(setup, situation)
        raise IllegalAction(
            f"{card} breaks no rule here, so it cannot be a renege; play it as '{card.code}'",
            verdict.rule_id,
            legal,
        )
    mode = setup.rules.renege
    broken = f"{card} breaks {verdict.rule_id}: {rule_summary(verdict.rule_id)}"
    if mode in ("retract", "retract_and_penalty"):
        st.log.append(f"{player} reneges: {broken}")
        st.log.append(f"{player} takes {card} back and must play again (wikipedia variant)")
        if mode == "retract_and_penalty":
            st.rec.renegers.add(player)
            st.log.append(f"{player} will pay the renege penalty at the settlement")
        return action.text
    put_card(setup, st, player, card, situation, reneged=True)
    st.log.append(f"That is a renege: {broken}")
    if mode == "penalty":
        st.rec.renegers.add(player)
        st.log.append(
            f"The card stands (the engine's reading); {player} will pay the renege penalty at "
            "the settlement"
        )
    else:
        st.pending = PendingRenege(player, card, situation)
        st.log.append(
            f"{player} may correct it before anyone plays on (pagat); until then the trick waits"
        )
    end_trick_if_full(setup, st)
    return action.text


# --- pagat: the open renege ----------------------------------------------------------------


def fixes(setup: GameSetup, st: GameState) -> list[Card]:
    """The cards that would correct the open renege, in deck order."""
    assert st.pending is not None
    return sorted_cards(legal_plays(st.pending.situation, setup.rules))


def window_actions(setup: GameSetup, st: GameState) -> list[str]:
    """What the open renege itself allows: let it stand, or correct it with a legal card."""
    return ["accept"] + [f"correct {c.code}" for c in fixes(setup, st)]


def waiting_on(st: GameState) -> str | None:
    """Whose move closes the open renege when the trick is full: the trick's winner, who
    leads next. (A renege never waits on the hand's last card: with one card left, that
    card is always legal.) None when no renege waits on a full trick."""
    if st.pending is None or st.turn:
        return None
    return trick_leader(st)


def past_renege(setup: GameSetup, st: GameState) -> GameState:
    """The position once the open renege stands (a copy; `st` itself if none is open)."""
    if st.pending is None:
        return st
    after = st.clone(own_log=True)
    accept_renege(setup, after)
    return after


def close_renege(setup: GameSetup, st: GameState, action: Action) -> str:
    """'accept' or 'correct H4' while a renege is open."""
    if action.kind == "accept":
        accept_renege(setup, st)
        return action.text
    return _correct(setup, st, action.card)


def accept_renege(setup: GameSetup, st: GameState) -> None:
    """The renege stands (said, or because someone else acted): the player pays as if
    bourréd."""
    pending = st.pending
    assert pending is not None
    st.rec.renegers.add(pending.player)
    st.pending = None
    st.log.append(
        f"The renege by {pending.player} stands: {pending.player} will pay as if bourréd (pagat)"
    )
    end_trick_if_full(setup, st)


def _correct(setup: GameSetup, st: GameState, fix: Card) -> str:
    """The right card replaces the renege; the player cannot win this pot, pays no bourré
    and sits out the next deal."""
    pending, trick = st.pending, st.trick
    assert pending is not None and trick is not None
    verdict = explain(pending.situation, fix, setup.rules)
    if not verdict.legal:
        raise IllegalPlay(verdict, [f"correct {c.code}" for c in fixes(setup, st)])
    player = pending.player
    i = trick.plays.index((player, pending.card))
    trick.plays[i] = (player, fix)
    st.hands[player].remove(fix)
    st.hands[player].append(pending.card)
    st.rec.corrected.add(player)
    st.pending = None
    note_voids(setup, st, player, fix, pending.situation)
    st.log.append(
        f"{player} corrects the renege: {fix} replaces {pending.card}; {player} cannot win "
        "this pot, pays no bourré and sits out the next deal (pagat)"
    )
    end_trick_if_full(setup, st)
    return f"correct {fix.code}"
