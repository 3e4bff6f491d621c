"""Headless tests of the table widget: whole hands against bots, driven from code."""

from __future__ import annotations

import random

import pytest

from bourre_lessons import Game, Rules
from bourre_lessons.sim.bots import HeuristicBot, play_bots
from bourre_lessons.widgets.table import YOU, TableWidget, hand_actions


def finish_hand(table: TableWidget, rng: random.Random) -> None:
    """Play the learner's seat with random legal choices, the bots with Continue."""
    while table.game.phase != "settled":
        if table.game.to_act != YOU:
            table.continue_button.click()
            continue
        phase = table.game.phase
        if phase == "declare":
            table.declare(rng.random() < 0.8 or table.game.legal_actions() == ["play"])
        elif phase == "draw":
            hand = table.game.cards_of(YOU)
            table.discard(*[c for c in hand[:2] if c != table.game.trump_card])
        else:
            table.click(rng.choice(table.game.legal_actions()))


def test_a_hand_played_through_the_widget_matches_the_engine():
    """The widget only forwards actions: replaying them in a bare Game gives the same transcript."""
    table = TableWidget("pagat", players=4, seed=11, bots="heuristic")
    finish_hand(table, random.Random(1))
    engine = Game(Rules.preset("pagat"), table.names, 11, actions=table.game.actions)
    assert engine.transcript() == table.game.transcript()
    assert "Settlement:" in table.to_text()
    assert sum(table.game.bankrolls.values()) + table.game.pot == 4 * 100


def test_bots_play_the_same_as_play_bots():
    """Continue moves one bot at a time; the result equals the bots acting in one go."""
    table = TableWidget("glimne", players=3, seed=5, bots="heuristic")
    table.advance_to_you()
    reference = Game(Rules.preset("glimne"), table.names, 5)
    play_bots(reference, {name: HeuristicBot() for name in table.names[1:]})
    assert reference.actions == table.game.actions


def test_an_illegal_click_changes_nothing_and_names_the_rule():
    table = TableWidget("glimne", players=4, seed=3)
    rng = random.Random(0)
    while not (table.game.phase == "play" and table.game.to_act == YOU):
        if table.game.phase == "settled":
            table.deal()
        elif table.game.to_act != YOU:
            table.advance()
        elif table.game.phase == "declare":
            table.declare(True)
        else:
            table.discard()
        assert rng is not None
    illegal = [c for c in table.game.cards_of(YOU) if c.code not in table.game.legal_actions()]
    if not illegal:
        pytest.skip("every card happens to be legal at this seed's first decision")
    before = (list(table.game.actions), table.game.transcript(), table.game.cards_of(YOU))
    message = table.click(illegal[0])
    assert message.startswith("✘") and "rule glimne-" in message
    assert (list(table.game.actions), table.game.transcript(), table.game.cards_of(YOU)) == before


def test_a_seed_shares_a_deal():
    first = TableWidget("wikipedia", players=5, seed=42)
    second = TableWidget("wikipedia", players=5, seed=42)
    assert first.game.cards_of(YOU) == second.game.cards_of(YOU)
    assert first.share == "TableWidget(rules='wikipedia', players=5, seed=42)"
    other = TableWidget("wikipedia", players=5, seed=43)
    assert other.game.transcript() != first.game.transcript()
    first.new_game(seed=43)
    assert first.game.transcript() == other.game.transcript()


def test_draw_selection_by_clicking_cards():
    table = TableWidget("pagat", players=3, seed=8)
    table.advance_to_you()
    if table.game.phase == "declare":
        table.declare(True)
        table.advance_to_you()
    assert table.game.phase == "draw" and table.game.to_act == YOU
    card = next(c for c in table.game.cards_of(YOU) if c != table.game.trump_card)
    table.click(card)
    chosen = [c for c in table.table.hand if c["lifted"]]
    assert [c["card"] for c in chosen] == [card.code]
    assert chosen[0]["label"].endswith("chosen to throw away")
    assert not table.discard_button.disabled
    table.discard_button.click()
    assert card not in table.game.cards_of(YOU)
    assert table.game.hand_record.discards[YOU] == (card,)


def test_renege_and_take_back_under_pagat():
    """pagat renege rule: a misplay corrected before the next player plays is replaced."""
    for seed in range(40):
        table = TableWidget("pagat", players=3, seed=seed)
        table.misplay.value = True
        while table.game.phase != "settled":
            if table.game.to_act != YOU:
                table.advance()
            elif table.game.phase == "declare":
                table.declare(True)
            elif table.game.phase == "draw":
                table.discard()
            else:
                legal = table.game.legal_actions()
                illegal = [c for c in table.game.cards_of(YOU) if c.code not in legal]
                if illegal:
                    break
                table.click(legal[0])
        else:
            continue
        message = table.click(illegal[0])
        assert "renege" in table.game.actions[-1] and message.startswith("✘")
        assert "That is a renege" in message
        assert "you reneged" in table.to_text()
        assert not table.accept_button.disabled
        table.click(legal[0])
        assert table.game.actions[-1] == f"correct {legal[0]}"
        assert YOU in table.game.hand_record.corrected
        return
    pytest.fail("no seed gave the learner a chance to renege")


def test_replay_steps_through_a_finished_hand():
    table = TableWidget("pagat", players=4, seed=2)
    finish_hand(table, random.Random(3))
    start, stop = hand_actions(table.game.actions, 1)
    assert (start, stop) == (0, len(table.game.actions))
    text = table.replay_hand(1, step=0)
    assert "replaying hand 1, step 0" in text and "Declared: nobody yet" in text
    assert "Last:" not in text and "Step" not in text
    step4 = table.replay_hand(1, step=4)
    shown = table.shown_game.transcript().splitlines()[-1]
    assert f"Step 4: {shown}" in step4
    assert "Last:" not in step4, "the live game's last action is not this step's"
    assert table.game.transcript().splitlines()[-1] not in step4.splitlines()[-1]
    table.replay_slider.value = stop
    assert table.shown_game.transcript() == table.game.transcript()
    table.deal()
    assert table.replaying is None
    assert hand_actions(table.game.actions, 2) == (stop + 1, stop + 1)
    with pytest.raises(ValueError, match="no hand 3"):
        hand_actions(table.game.actions, 3)


def test_transcript_prints_and_saves(tmp_path):
    table = TableWidget("pagat", players=3, seed=4)
    text = table.transcript()
    assert text.startswith("== Hand 1")
    assert table.feedback == text
    saved = table.save_transcript(tmp_path / "hand.txt")
    assert saved.read_text(encoding="utf-8") == table.game.transcript()


def widget_strings(widget) -> list[str]:
    """Every value and description in a widget tree (what the browser can show)."""
    found = []
    for name in ("value", "description", "placeholder", "tooltip"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            found.append(value)
    for child in getattr(widget, "children", ()) or ():
        found += widget_strings(child)
    for output in getattr(widget, "outputs", ()) or ():
        found.append(str(output.get("text", "")))
    return found


def hidden_cards(table: TableWidget) -> set[str]:
    """The cards other seats hold now, unplayed: none of them may be shown to seat A."""
    game = table.game
    return {str(c) for seat in game.players if seat != YOU for c in game.cards_of(seat)}


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_during_a_hand_nothing_shows_another_seats_cards(seed):
    """A card game hides the others' hands: the log, the transcript button, the text form and
    every widget string show only your cards, the turned card and cards played face up."""
    table = TableWidget("pagat", players=5, seed=seed)
    rng = random.Random(seed)
    checked = 0
    while table.game.phase != "settled":
        table.transcript()
        secrets = hidden_cards(table) - {str(table.game.trump_card)}
        shown = "\n".join([table.to_text(), *widget_strings(table)])
        leaked = sorted(card for card in secrets if card in shown.split() or f" {card}" in shown)
        assert not leaked, f"{leaked} shown during the hand (phase {table.game.phase})"
        checked += 1
        if table.game.to_act != YOU:
            table.continue_button.click()
        elif table.game.phase == "declare":
            table.declare(True)
        elif table.game.phase == "draw":
            table.discard(*table.game.cards_of(YOU)[:1])
        else:
            table.click(rng.choice(table.game.legal_actions()))
    assert checked > 10
    after = table.transcript()
    assert "is dealt 5 cards" not in after, "after the hand the whole transcript shows"


def test_bad_table_options_are_refused():
    with pytest.raises(ValueError, match="unknown preset 'hoyle'"):
        TableWidget("hoyle")
    with pytest.raises(ValueError, match="size must be one of"):
        TableWidget(size="giant")
    with pytest.raises(ValueError, match="seats 2 to 8"):
        TableWidget(players=9)
    table = TableWidget(players=3, seed=1)
    assert "cannot be used now" in table.click("SA") or "cannot be used now" in table.click("HA")


def test_the_drawn_table_shows_what_the_game_says():
    """The drawn table shows the pot, chips, your hand and the face-up tricks of the game on
    screen, live and replayed."""
    table = TableWidget("pagat", players=4, seed=3)
    finish_hand(table, random.Random(3))
    for replay_step in (None, 4):
        if replay_step is not None:
            table.replay_hand(step=replay_step)
        game, drawn = table.shown_game, table.table
        assert drawn.pot == game.pot
        seats = game.hand_record.seats
        assert [s["chips"] for s in drawn.seats] == [game.bankrolls[p] for p in seats]
        mine = game.cards_of(YOU) if YOU in game.hand_record.seats else ()
        assert [c["card"] for c in drawn.hand] == [c.code for c in mine]
        tricks = [[c["card"] for c in t["cards"]] for t in drawn.past]
        assert tricks == [[c.code for c in t.cards] for t in game.hand_record.tricks]
    assert drawn.status == ""  # no status line while a hand is replayed
    assert not any(c["enabled"] for c in drawn.hand)


def test_a_refused_say_keeps_the_heard_words_and_the_engine_verdict():
    """What the words designated leads the message, then the engine's refusal; nothing moves."""
    table = TableWidget("pagat", players=3, seed=1)
    before = list(table.game.actions)
    message = table._act("SA", heard="You said “the ace”: test")
    assert message.startswith("✘ You said “the ace”: test\n✘ ")
    assert table.game.actions == before and table.feedback == message
