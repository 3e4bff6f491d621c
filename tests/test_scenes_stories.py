"""The story scenes added for glimne's lay-down and pagat's separate trump card.

Each story is computed by the engine; these tests rebuild what the story claims from the
engine's own pieces (`legal_plays`, `trick_winner`, `Game`'s hand record) and check it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bourre_lessons import Game, IllegalAction, Rules, Situation, legal_plays, parse_cards
from bourre_lessons.play import trick_winner
from bourre_lessons.scenes import get
from bourre_lessons.scenes.stories import (
    LAY_DOWN_HANDS,
    LAY_DOWN_TRUMP,
    lay_down_tricks,
    separate_trump_game,
)

PRESETS = ("glimne", "wikipedia", "pagat")
LAY_DOWN = get("glimne-cinch-lay-down")
SEPARATE = get("pagat-separate-trump")


def lay_down_rules() -> list[Rules]:
    """Every rulebook with the scene's own override, and pagat with each cinch setting."""
    chosen = [LAY_DOWN.rules(p) for p in PRESETS]
    return chosen + [replace(Rules.preset("pagat"), cinch=c) for c in ("off", "pot", "strict")]


@pytest.mark.parametrize("rules", lay_down_rules(), ids=lambda r: f"{r.source}-{r.cinch}")
def test_glimne_lay_down_three_tricks_in_one_sweep(rules):
    """glimne, cinch ("cinch win") rules: A-K-Q of trump laid down at once; the others play
    three cards each, and the three tricks are yours in one sweep.

    glimne (Swedish): "Om du har t.ex. A-K-Q i trumffärgen och ni spelar med ”cinch
    win”-regler, är det kutym att du spelar ut alla de tre korten på samma gång; varpå de
    övriga då måste spela ut tre kort var, och du tar hem de tre sticken i ett svep." --
    "If you have, say, A-K-Q of trumps and you play with 'cinch win' rules, it is customary to
    lead all three cards at the same time; the others must then play three cards each, and you
    take the three tricks in one sweep."

    Each card the others give must be legal for them, trick by trick: rebuilt here from the
    hands and the earlier tricks, and checked with `legal_plays`.
    """
    tricks = lay_down_tricks(rules)
    assert len(tricks) == 3
    hands = {p: set(cards) for p, cards in LAY_DOWN_HANDS.items()}
    won = dict.fromkeys(hands, 0)
    seen: list = []
    for number, (plays, lead) in enumerate(zip(tricks, parse_cards("SA SK SQ"), strict=True)):
        assert [p for p, _, _ in plays] == ["You", "A", "B"]
        assert plays[0][1] == lead
        for i, (player, card, why) in enumerate(plays):
            situation = Situation(
                hand=tuple(sorted(hands[player])),
                trump=LAY_DOWN_TRUMP,
                trick=tuple(c for _, c, _ in plays[:i]),
                seen=tuple(seen),
                tricks_won=won[player],
                players_after=2 - i,
            )
            assert card in legal_plays(situation, rules), (number, player, card)
            assert str(card) in why
            hands[player].remove(card)
        cards = [c for _, c, _ in plays]
        assert trick_winner(cards, LAY_DOWN_TRUMP) == 0  # you take every one of the three
        won["You"] += 1
        seen += cards
    # each other player gave exactly three cards from the hand dealt
    assert all(len(hands[p]) == 2 for p in hands)


def test_glimne_lay_down_story_under_the_scenes_variant():
    """glimne cinch: with A-K-Q, lead them first, highest first; under glimne's variant only
    the ace may start, and the story ends with three tricks won.

    glimne (Swedish): "Har du tre säkra stick, t.ex. genom att sitta med A-K-Q i trumffärgen,
    måste du spela ut de korten först (och genom att börja med det högsta)" -- "If you have
    three sure tricks, for instance by holding A-K-Q of trumps, you must lead those cards first
    (starting with the highest)."
    wikipedia (Portuguese): "Se for certo que você vai ganhar, você deve ganhar imediatamente,
    colocando as cartas vencedoras todas de uma vez." -- "If you are certain to win, you must
    win at once, laying the winning cards down all together."
    """
    hand = LAY_DOWN_HANDS["You"]
    lead = Situation(hand=hand, trump=LAY_DOWN_TRUMP, players_after=2)
    assert legal_plays(lead, LAY_DOWN.rules("glimne")) == frozenset(parse_cards("SA"))
    off = replace(Rules.preset("glimne"), cinch="off")
    assert legal_plays(lead, off) == frozenset(hand)
    steps = LAY_DOWN.steps("glimne")
    assert "lead only A♠" in steps[0].caption
    captions = [s.caption for s in steps]
    assert sum("you win" in c for c in captions) == 3
    assert [c.split(";")[0] for c in captions if c.startswith("Trick")] == [
        "Trick 1: you lead A♠",
        "Trick 2: you lead K♠",
        "Trick 3: you lead Q♠",
    ]
    assert "Three tricks in one sweep" in captions[-1]
    # under the base rules (cinch off) the story says any card may be led
    assert "any of A♠ K♠ Q♠ 4♥ 6♦" in LAY_DOWN.steps(off)[0].caption


@pytest.mark.parametrize("preset", PRESETS)
def test_pagat_separate_trump_dealer_takes_the_turned_card(preset):
    """pagat variant "separate trump", option 2: a dealer who plays may take the turned card,
    e.g. throw away four cards, take it and draw three, ending with five.

    pagat (Japanese translation): "表向きになったカードはディーラーが "プレイ" をするならば、
    ディーラーの手札とすることが出来ます(任意)。" -- "If the dealer plays, the face-up card may
    become part of the dealer's hand (optional)." And: "例えば、ディーラーが4枚捨て札にした場合
    は、表向きになった切り札を手札とすることに決めたなら山札から代わりのカードを3枚受け取り、
    最終的に5枚の手札とします。" -- "For example, if the dealer discards four cards and decides to
    take the face-up trump card, the dealer receives three replacement cards from the stock,
    ending with a hand of five."
    """
    rules = SEPARATE.rules(preset)
    assert rules.separate_trump_card == "dealer"
    game, thrown = separate_trump_game(rules)
    rec = game.hand_record
    dealer, turned = rec.dealer, rec.trump_card
    assert rec.declared[dealer]  # the dealer plays
    assert all(turned not in cards for cards in rec.dealt.values())  # a sixth card, nobody's
    assert len(thrown) == 4 and rec.discards[dealer] == thrown
    assert len(rec.drawn[dealer]) == 3
    kept = set(rec.dealt[dealer]) - set(thrown)
    assert len(kept) == 1
    hand = set(game.cards_of(dealer))
    assert hand == kept | {turned} | set(rec.drawn[dealer])
    assert len(hand) == 5
    assert f"{dealer} takes the turned card {turned}" in game.transcript()
    steps = SEPARATE.steps(preset)
    assert str(turned) in steps[0].caption
    assert f"takes the turned {turned} and draws three" in steps[2].caption


def test_pagat_separate_trump_option_one_belongs_to_nobody():
    """pagat variant "separate trump", option 1: the turned card is nobody's; the engine refuses
    the dealer's take, and the story says so.

    pagat (Japanese translation): "表向きになったカードは誰の手札にもなりません。" -- "The
    face-up card becomes part of nobody's hand."
    """
    game, thrown = separate_trump_game(SEPARATE.rules("pagat"))
    nobody = replace(game.rules, separate_trump_card="nobody")
    before = Game(nobody, 4, game.seed, actions=game.actions[:-1])
    with pytest.raises(IllegalAction) as refused:
        before.apply("take discard " + " ".join(c.code for c in thrown))
    assert refused.value.rule_id == "pagat-separate-trump"
    assert "refuses" in SEPARATE.steps("pagat")[-1].caption
    # the story switches the variant on even when handed rules without it
    plain = SEPARATE.steps(Rules.preset("pagat"))
    assert "takes the turned" in plain[2].caption


@pytest.mark.parametrize("preset", ["glimne", "wikipedia", "pagat"])
def test_story_pots_never_go_below_zero(preset):
    """Every story step shows a pot a table could hold: under glimne's literal reading ("varefter
    potten går till vinnaren": after which the pot goes to the winner) the payments go in before
    the winner takes pot and payments together."""
    from bourre_lessons.scenes import catalogue

    for scene in catalogue().values():
        if scene.kind == "story":
            pots = [step.pot for step in scene.steps(preset) if step.pot is not None]
            assert min(pots, default=0) >= 0, scene.id
