"""Story scenes: payments, antes, the draw and the deal, stepped through with the engine's numbers.

Each builder takes the rules chosen in the scene and returns its steps. The chips and the
pot come from `settle` and `Game`, and every card of glimne's lay-down from `legal_plays`, never
from numbers typed here, so switching the rulebook recomputes the story. Rule ids in engine
messages are shown as citations ('pagat dealer's ace').
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Mapping
from dataclasses import replace

from ..cards import Card, Suit, parse_cards
from ..chips import antes_words
from ..game import Game, IllegalAction
from ..play import Situation, cite, legal_plays, trick_winner
from ..rules import Rules
from ..settle import Settlement
from ..sources import REGISTER
from .model import StoryStep
from .planned import PlannedRenege, Play, all_play_and_keep, planned_hand, play_tricks, top_trump

__all__ = [
    "LAY_DOWN_HANDS",
    "LAY_DOWN_TRUMP",
    "STORIES",
    "lay_down_tricks",
    "separate_trump_game",
]


def _join(players) -> str:
    names = sorted(str(p) for p in players)
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _tricks(tricks: Mapping[Hashable, int]) -> str:
    return ", ".join(f"{p} {n}" for p, n in sorted(tricks.items(), key=lambda t: str(t[0])))


GLIMNE_FEWER_THAN_THREE = (
    " (glimne speaks only of a player who won by taking at least three tricks: that the most "
    "tricks win here is the engine's reading)"
)
"""Said when a glimne hand is won with fewer than three tricks (reading-winner-most-tricks)."""
CORRECTED_POT = (
    "Nobody takes the pot: pagat says only that the player who corrected a renege loses the "
    "right to it; that it stays for the next hand is the engine's reading"
)
"""Said when a corrected reneger has the most tricks (reading-corrected-renege-pot)."""


def _outcome(result: Settlement, rules: Rules) -> str:
    if result.winner is not None:
        said = f"{result.winner} has more tricks than anyone else and takes {result.taken}"
        if rules.source == "glimne" and result.tricks[result.winner] < 3:
            said += GLIMNE_FEWER_THAN_THREE
        return said
    if result.tied:
        return f"{_join(result.tied)} tie for most tricks: a split pot, nobody takes it"
    return CORRECTED_POT


def _settle_story(
    rules: Rules,
    seats: str,
    playing: str,
    winners: str,
    intro: str,
    renege: PlannedRenege | None = None,
) -> tuple[StoryStep, ...]:
    """One hand played through `Game` to the planned tricks (`planned.planned_hand`), told as
    steps: the antes (with `intro`, so its pot is the pot the hand starts with), who plays
    (and any second ante), the tricks and the settlement move by move (`Settlement.moves`),
    and the next hand's antes. Every pot is the game's or its settlement's."""
    game = planned_hand(rules, seats, playing, winners, renege)
    rec, result = game.hand_record, game.hand_record.settlement
    assert result is not None
    first_card = next(i for i, a in enumerate(game.actions) if a[:1] not in "pdk")
    declared = game.replayed(game.actions[:first_card])
    antes = antes_words(dict(sorted(rec.antes.items())), (), rules.dealer_antes_for_all)
    steps = [StoryStep(f"{intro} Antes: {antes}.", game.replayed([]).pot)]
    if rules.pays_second_ante:
        said = f"{_join(playing)} play and each put in a second ante."
    else:
        passing = [p for p in seats if p not in playing]
        who = f"; {_join(passing)} {'passes' if len(passing) == 1 else 'pass'}" if passing else ""
        said = f"{_join(playing)} play{who}. These rules ask no second ante."
    steps.append(StoryStep(said, declared.pot))
    steps += _settlement_steps(result, rules)
    if result.sits_out_next:
        out = (
            f"{_join(result.sits_out_next)} will sit out the next deal (pagat) and so put in no "
            "ante for it (the engine's reading: pagat does not say)."
        )
        steps.append(StoryStep(out, steps[-1].pot))
    game.apply("deal")
    nxt = game.hand_record
    skipped = sorted(p for p in nxt.seats if p not in nxt.antes)
    words = antes_words(dict(sorted(nxt.antes.items())), skipped, rules.dealer_antes_for_all)
    steps.append(StoryStep(f"Next hand: {words}.", game.pot, detail=result.describe()))
    return tuple(steps)


def _settlement_steps(result: Settlement, rules: Rules) -> list[StoryStep]:
    """The tricks and the outcome, then each chip move of the settlement with the pot after it."""
    moves, pots = result.moves(), result.pots()
    taken_first = bool(moves) and moves[0].why == "takes"
    outcome = f"Tricks: {_tricks(result.tricks)}. {_outcome(result, rules)}."
    steps = [StoryStep(outcome, pots[0] if taken_first else result.pot_before)]
    to_winner = result.winner is not None and not taken_first
    where = "into the pot, which then goes to the winner" if to_winner else "into the next pot"
    for move, pot in list(zip(moves, pots, strict=True))[taken_first:]:
        if move.why == "takes":
            words = (
                f"{move.player} takes the pot with the payments: {-move.chips} (glimne read "
                "literally; pagat and wikipedia leave the payments for the next hand)."
            )
        else:
            why = "reneged" if move.why == "renege" else "took no trick (bourré)"
            words = f"{move.player} {why} and pays {move.chips}, what the pot held, {where}."
        steps.append(StoryStep(words, pot))
    return steps


def glimne_pay(rules: Rules) -> tuple[StoryStep, ...]:
    """glimne's payment example: six at the table, four play, tricks 2-2-1-0."""
    intro = "Six players, A to F, sit down to a hand; the tricks will go A 2, B 2, C 1, D 0."
    return _settle_story(rules, "ABCDEF", "ABCD", "AABBC", intro)


def wikipedia_bourre(rules: Rules) -> tuple[StoryStep, ...]:
    """wikipedia: a bourréd player matches the pot; five players, three play."""
    intro = "Five players, A to E, sit down to a hand; the tricks will go A 3, B 2, C 0."
    return _settle_story(rules, "ABCDE", "ABC", "AAABB", intro)


def wikipedia_split(rules: Rules) -> tuple[StoryStep, ...]:
    """wikipedia: with five tricks the only splits are 2-2-1 and 1-1-1-1-1."""
    first = _settle_story(rules, "ABCDE", "ABC", "AABBC", "A 2-2-1 split.")
    intro = "A 1-1-1-1-1 split: each of the five players takes one trick."
    return first + _settle_story(rules, "ABCDE", "ABCDE", "ABCDE", intro)


def glimne_split_five(rules: Rules) -> tuple[StoryStep, ...]:
    """glimne payment: five players split 2-2-1-0-0; nobody takes the pot, both bourréd pay."""
    intro = (
        "Five players, A to E. The tricks will go 2-2-1-0-0: A and B tie with two each, C "
        "takes one, and D and E take none."
    )
    return _settle_story(rules, "ABCDE", "ABCDE", "AABBC", intro)


def pagat_ante(rules: Rules) -> tuple[StoryStep, ...]:
    """pagat: after a split pot and a bourré, tied and bourréd players skip the next ante."""
    intro = "Five players, A to E; the tricks will go A 2, B 2, C 1, D 0."
    return _settle_story(rules, "ABCDE", "ABCD", "AABBC", intro)


_NO_CORRECTION = {
    "glimne": "glimne charges a renege as a bourré but does not say whether the card is taken "
    "back. ",
    "wikipedia": "wikipedia charges a renege as a bourré and lists a retraction among the "
    "penalties tables use; its preset takes the payment alone. ",
}
"""What each rulebook without pagat's correction says, before the engine's reading."""


def pagat_renege(rules: Rules) -> tuple[StoryStep, ...]:
    """pagat: a renege corrected before the next player plays; other rulebooks: it stands
    (wikipedia's variants: the card is taken back)."""
    if rules.renege == "correct_before_next":
        intro = (
            "A reneges in the second trick and corrects it before B plays: the right card "
            "replaces the wrong one. A goes on to take three tricks."
        )
    elif rules.renege in ("retract", "retract_and_penalty"):
        pays = " and will pay the penalty" if rules.renege == "retract_and_penalty" else ""
        intro = (
            f"A reneges in the second trick. These rules (renege = {rules.renege!r}) have A "
            f"take the card back and play again{pays}; A goes on to take three tricks."
        )
    else:
        intro = (
            f"A reneges in the second trick. {_NO_CORRECTION.get(rules.source, '')}"
            f"The engine's reading (renege = {rules.renege!r}): the card stands, and A takes "
            "three tricks."
        )
    return _settle_story(rules, "ABCDE", "ABCD", "CBAAA", intro, PlannedRenege("A"))


# --- glimne's lay-down: three tricks in one sweep, each card checked by the play rules ----

LAY_DOWN_TRUMP = Suit.SPADES
LAY_DOWN_HANDS: dict[str, tuple[Card, ...]] = {
    "You": parse_cards("SA SK SQ H4 D6"),
    "A": parse_cards("S9 S3 HK C8 D2"),
    "B": parse_cards("H8 H2 CJ C5 ST"),
}
"""Filled in: you lead holding A-K-Q of trump; A holds two trumps, B one."""


LAY_DOWN_SEATS = ("B", "You", "A")
"""B deals (and turns its ten of spades); you lead, A and B answer."""


def lay_down_tricks(rules: Rules) -> tuple[tuple[Play, ...], ...]:
    """The three tricks of the lay-down, played through `Game`: you lead your top trump each
    time; A and B each play their lowest legal card."""
    deal = {seat: " ".join(c.code for c in LAY_DOWN_HANDS[seat]) for seat in LAY_DOWN_SEATS}
    game = all_play_and_keep(Game(rules, LAY_DOWN_SEATS, deal=deal))
    return play_tricks(game, 3, {"You": top_trump})


def glimne_lay_down(rules: Rules) -> tuple[StoryStep, ...]:
    """glimne cinch win: A-K-Q laid down at once; the others still play three cards each."""
    you = LAY_DOWN_HANDS["You"]
    top = max(c for c in you if c.suit == LAY_DOWN_TRUMP)
    first = legal_plays(Situation(hand=you, trump=LAY_DOWN_TRUMP, players_after=2), rules)
    shown = " ".join(str(c) for c in you)
    if first == {top}:
        leads = f"the cinch rules in force let you lead only {top}"
    else:
        leads = "these rules let you lead any of " + " ".join(str(c) for c in you if c in first)
    steps = [
        StoryStep(
            f"Spades are trumps. You lead holding {shown}; A and B play after you. "
            f"To the first trick {leads}."
        ),
        StoryStep(
            "You lay A♠, K♠ and Q♠ face up together, as glimne says is customary under "
            "“cinch win” rules; glimne says only that the others then play three cards each. "
            "The engine's reading counts them as led one after another, highest first: A and B "
            "answer trick by trick, each card under the play rules."
        ),
    ]
    for number, plays in enumerate(lay_down_tricks(rules), start=1):
        cards = [card for _, card, _ in plays]
        winner = plays[trick_winner(cards, LAY_DOWN_TRUMP)][0]
        answers = "; ".join(f"{p} plays {c}" for p, c, _ in plays[1:])
        wins = "you win" if winner == "You" else f"{winner} wins"
        steps.append(
            StoryStep(
                f"Trick {number}: you lead {cards[0]}; {answers}: {wins}.",
                detail="\n".join(f"{p}: {why}" for p, _, why in plays),
            )
        )
    steps.append(
        StoryStep(
            "Three tricks in one sweep: no one else can reach three, so the pot is yours. "
            "A and B each gave three cards, the lowest the rules allowed them."
        )
    )
    return tuple(steps)


# --- the deals the engine's stories are played from -------------------------------------
# Each story chooses the card it needs instead of searching seeds for it: `Game(deal=...)`
# moves the chosen cards into place and deals the rest from the seed.

DEALER_ACE_DEAL = {"turned": "DA"}
"""The dealer A turns the ace of diamonds."""
LONE_DEAL = {"B": "CA CQ DJ HJ S3", "turned": "CK"}
"""Five players: B holds the ace and queen of clubs; the dealer A turns the king of clubs,
not an ace, so every rulebook lets the dealer pass."""
NOT_AN_ACE = "C9"
"""A turned card that lets the dealer pass under every rulebook."""
SEPARATE_TRUMP_DEAL = {"turned": "CQ"}
"""The separate trump card turned in the middle: the queen of clubs."""


# --- pagat's separate trump card, option 2: the dealer takes the turned card -------------


def separate_trump_game(rules: Rules) -> tuple[Game, tuple[Card, ...]]:
    """A four-player hand under pagat's separate-trump variant, option 2, up to the dealer's
    draw: everyone plays, the others keep, and the dealer throws away four cards, takes the
    turned card and draws three. Returns the game and the dealer's four discards."""
    variant = replace(rules, separate_trump_card="dealer")
    game = Game(variant, 4, deal=SEPARATE_TRUMP_DEAL)
    dealer = game.hand_record.dealer
    while game.to_act != dealer or game.phase != "draw":  # in either order of the draw
        game.apply("play" if game.phase == "declare" else "keep")
    trump = game.trump_card.suit
    ranked = sorted(game.cards_of(dealer), key=lambda c: (c.suit == trump, c.rank))
    thrown = tuple(ranked[:4])
    game.apply("take discard " + " ".join(c.code for c in thrown))
    return game, thrown


def separate_trump(rules: Rules) -> tuple[StoryStep, ...]:
    """pagat variant: a sixth card turned in the middle; option 2, the dealer may take it."""
    game, thrown = separate_trump_game(rules)
    rec = game.hand_record
    dealer, turned = rec.dealer, rec.trump_card
    kept = [c for c in rec.dealt[dealer] if c not in thrown]
    others = [p for p in rec.seats if p != dealer]
    names = ", ".join(others[:-1]) + " and " + others[-1]
    start = game.replayed([])
    before = _cited(
        "\n".join(
            line for line in start.transcript().splitlines() if "dealt" in line or "turned" in line
        )
    )
    drew = len(game.replayed(game.actions[:-1]).transcript().splitlines())
    steps = [
        StoryStep(
            f"pagat's “separate trump” variant: each player gets five cards face down, and a "
            f"sixth card, {turned}, is turned face up in the middle. {turned.suit.plural.capitalize()} "
            "are trumps. Under option 2 a dealer who plays may take that card.",
            start.pot,
            detail=before,
        ),
        StoryStep(
            f"Everyone plays, {dealer}, the dealer, last. {names} keep their cards.", game.pot
        ),
        StoryStep(
            f"{dealer} throws away four cards ({' '.join(str(c) for c in thrown)}), takes the "
            f"turned {turned} and draws three: {' '.join(str(c) for c in rec.drawn[dealer])}.",
            game.pot,
            detail=_lines_since(game, drew),
        ),
        StoryStep(
            f"{dealer} now holds five cards: {' '.join(str(c) for c in kept)} kept, {turned} "
            f"from the middle, and the three drawn.",
            game.pot,
        ),
    ]
    steps.append(StoryStep(_option_one(game, thrown)))
    return tuple(steps)


def _option_one(game: Game, thrown: tuple[Card, ...]) -> str:
    """What option 1 (the turned card belongs to nobody) makes of the same draw."""
    nobody = replace(game.rules, separate_trump_card="nobody")
    again = Game(nobody, 4, game.seed, actions=game.actions[:-1], deal=game.deal)
    try:
        again.apply("take discard " + " ".join(c.code for c in thrown))
    except IllegalAction:
        return (
            "Under option 1 the turned card belongs to nobody and only shows the trump suit: "
            "the engine refuses the same draw."
        )
    return "Under option 1 the engine would allow the same draw."  # pragma: no cover


# --- stories played out by the engine ---------------------------------------------------


def _finish_hand(game: Game) -> None:
    """Keep every hand and play the lowest legal card until the hand is settled."""
    while game.phase != "settled":
        actions = game.legal_actions()
        game.apply("keep" if "keep" in actions else actions[0])


def _lines_since(game: Game, start: int) -> str:
    return _cited("\n".join(game.transcript().splitlines()[start:]))


_RULE_ID = re.compile(r"\b(?:glimne|wikipedia|pagat|laws)-[a-z0-9]+(?:-[a-z0-9]+)*")


def _cited(text: str) -> str:
    """Engine text with its rule ids ('pagat-dealer-ace') written as learners read citations
    ('pagat dealer's ace', 'glimne 5'): by the register's first name for the entry, if any."""

    def one(match: re.Match[str]) -> str:
        rule_id = match.group(0)
        named = REGISTER.get(rule_id)
        if named is not None and named.names:
            return f"{named.source} {named.names[0]}"
        return cite(rule_id)

    return _RULE_ID.sub(one, text).replace("(rule ", "(")


def dealer_ace(rules: Rules) -> tuple[StoryStep, ...]:
    """The dealer turns an ace: pagat says the dealer must play; glimne, the dealer leads."""
    game = Game(rules, 4, deal=DEALER_ACE_DEAL)
    dealer = game.hand_record.dealer
    steps = [
        StoryStep(
            f"{dealer} deals and turns {game.trump_card}: {game.trump_card.suit.plural} are trumps, and "
            "the dealer holds the ace of trumps, which no card can beat: one trick is certain.",
            game.pot,
        )
    ]
    while game.to_act != dealer or game.phase != "declare":  # the others play and keep
        game.apply("play" if game.phase == "declare" else "keep")
    try:
        game.replayed(game.actions).apply("pass")
        silent = (
            "glimne does not say whether this dealer may pass"
            if rules.dealer_ace_leads
            else f"{rules.source} says nothing of a turned ace"
        )
        said = (
            f"{silent}; the engine lets {dealer} pass (its reading), but {dealer} plays: one "
            "trick is certain."
        )
    except IllegalAction as refused:
        said = _cited(f"{dealer} tries to pass, and the engine refuses: {refused}")
    game.apply("play")
    steps.append(StoryStep(said, game.pot))
    while game.phase == "draw":
        game.apply("keep")
    if game.phase == "play":
        leads = game.to_act
        why = (
            "the dealer leads the first trick, as glimne says"
            if leads == dealer
            else "the first active player on the dealer's left leads, as usual"
        )
        steps.append(StoryStep(f"Everyone keeps their cards. {leads} leads: {why}.", game.pot))
    return tuple(steps)


def lone_player(rules: Rules) -> tuple[StoryStep, ...]:
    """Only one player plays: pagat gives them the pot at once; under glimne and wikipedia,
    which are silent, the engine's reading plays the hand out."""
    game = Game(rules, 5, deal=LONE_DEAL)
    start = len(game.transcript().splitlines())
    first = game.to_act
    game.apply("play")
    pot = game.pot
    if game.phase == "draw":  # one round: the player draws at once (here keeps)
        game.apply("keep")
    while game.phase == "declare":
        game.apply("pass")
    steps = [StoryStep(f"{first} plays; everyone else, the dealer last, passes.", pot)]
    _finish_hand(game)
    if rules.lone_player_wins:
        caption = f"{first} takes the pot without playing a card, as if winning all five tricks."
    else:
        caption = (
            f"{rules.source} does not say what a lone player does; the engine's reading plays the "
            f"hand out: {first} plays five tricks alone and wins them."
        )
    steps.append(StoryStep(caption, game.pot, game.bankrolls, _lines_since(game, start)))
    return tuple(steps)


def dealer_alone(rules: Rules) -> tuple[StoryStep, ...]:
    """Everyone but the dealer passes: under pagat the dealer simply takes the pot."""
    game = Game(rules, 5, deal=LONE_DEAL)
    start = len(game.transcript().splitlines())
    dealer, pot = game.hand_record.dealer, game.pot
    while game.phase == "declare" and game.to_act != dealer:
        game.apply("pass")
    steps = [StoryStep(f"Every player before the dealer {dealer} passes.", pot)]
    if game.phase == "declare":
        game.apply("play")
        steps.append(
            StoryStep(
                f"{rules.source} does not say what happens when everyone before the dealer "
                f"passes; the engine's reading lets {dealer} decide: {dealer} plays.",
                game.pot,
            )
        )
    _finish_hand(game)
    result = game.hand_record.settlement
    assert result is not None
    alone = "" if rules.lone_player_wins else " after playing the hand out alone (its reading)"
    steps.append(
        StoryStep(
            f"{result.winner} takes the pot of {result.taken}{alone}.",
            game.pot,
            game.bankrolls,
            _lines_since(game, start),
        )
    )
    return tuple(steps)


def restock(rules: Rules) -> tuple[StoryStep, ...]:
    """The stock runs out during the draw: which cards are shuffled and dealt on."""
    players = rules.max_players
    game = Game(rules, players, deal={"turned": NOT_AN_ACE})
    dealt = players * 5
    first = game.to_act  # passes, so a passed hand is out of play before the stock runs out
    if rules.draws_in_turn:
        how = (
            f"{first}, first to speak, passes; the {players - 1} others, the dealer last, each "
            "say play and at once throw away as many cards as the rules allow."
        )
    else:
        how = (
            f"{first}, first to speak, passes; the {players - 1} others play, and each in turn "
            "throws away as many cards as the rules allow."
        )
    opening = f"{players} players: {dealt} cards are dealt and {52 - dealt} stay in the stock. "
    steps: list[StoryStep] = []
    limit = rules.max_discards_for(players)
    while game.phase in ("declare", "draw"):
        if game.phase == "declare":
            game.apply("pass" if game.to_act == first else "play")
            continue
        start = len(game.transcript().splitlines())
        player = game.to_act
        assert player is not None
        cards = [c for c in game.cards_of(player) if c != game.trump_card][:limit]
        game.apply("discard " + " ".join(c.code for c in cards))
        lines = _lines_since(game, start)
        if "stock is empty" in lines:
            steps.append(StoryStep(f"{player} draws, and the stock runs out.", game.pot, {}, lines))
    if not steps:
        steps.append(StoryStep("The stock was enough for everybody this time.", game.pot))
    return (StoryStep(opening + how, game.pot), *steps)  # the pot once everyone has spoken


def seven_players(rules: Rules) -> tuple[StoryStep, ...]:
    """wikipedia: at a table of seven, a player may exchange at most three cards."""
    if rules.max_players < 7:
        return (StoryStep(f"The {rules.source} rules seat at most {rules.max_players} players."),)
    game = Game(rules, 7, deal={"turned": NOT_AN_ACE})
    while game.phase == "declare":
        game.apply("play")
    player = game.to_act
    assert player is not None
    four = [c for c in game.cards_of(player) if c != game.trump_card][:4]
    # in either order of the draw B speaks first and draws first: one caption for both
    steps = [
        StoryStep(
            f"Seven players. {player}, first to speak, says play and wants to throw away four "
            "cards."
        )
    ]
    try:
        game.apply("discard " + " ".join(c.code for c in four))
        steps.append(StoryStep(f"These rules allow it: {player} exchanges four cards."))
    except IllegalAction as refused:
        steps.append(StoryStep(_cited(f"The engine refuses: {refused}")))
        game.apply("discard " + " ".join(c.code for c in four[:3]))
        steps.append(StoryStep(f"{player} exchanges three cards instead."))
    return tuple(steps)


def dealer_antes(rules: Rules) -> tuple[StoryStep, ...]:
    """wikipedia variant: the dealer antes for the whole table (five players: five units)."""
    steps = []
    for label, variant in (
        ("As these rules stand", rules),
        ("With the dealer-antes variant", replace(rules, dealer_antes_for_all=True)),
    ):
        game = Game(variant, 5, 0)
        antes = ", ".join(f"{p} {n}" for p, n in game.hand_record.antes.items())
        steps.append(StoryStep(f"{label}: antes {antes}; the pot holds {game.pot}.", game.pot))
    return tuple(steps)


STORIES: dict[str, Callable[[Rules], tuple[StoryStep, ...]]] = {
    "glimne-cinch-lay-down": glimne_lay_down,
    "glimne-pay": glimne_pay,
    "glimne-split-five": glimne_split_five,
    "glimne-dealer-ace": dealer_ace,
    "wikipedia-split": wikipedia_split,
    "wikipedia-bourre": wikipedia_bourre,
    "wikipedia-seven": seven_players,
    "wikipedia-dealer-antes": dealer_antes,
    "pagat-separate-trump": separate_trump,
    "pagat-lone": lone_player,
    "pagat-dealer-alone": dealer_alone,
    "pagat-dealer-ace": dealer_ace,
    "pagat-ante": pagat_ante,
    "pagat-renege": pagat_renege,
    "pagat-restock": restock,
}
