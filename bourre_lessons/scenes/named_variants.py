"""Scenes for the variants the sources name (lesson 08b), one where each changes what happens.

Each story takes the rules chosen in the scene, switches its variant on, and lets the engine
compute every chip and card: `Game` plays the hands and `settle` settles them, and each card
a player gives comes from `legal_plays`. Where the story needs particular cards it chooses them
(`Game(deal=...)`); all of them are ours, since no source works these variants out with cards.
The scenes are registered in the catalogue after the sources' own examples (`VARIANT_SCENES`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..cards import Suit
from ..game import Game
from ..play import cite
from ..rules import Rules
from ..settle import Settlement, pot_at_play, settle
from ..text import and_list, card_list
from .model import Scene, ScenePosition, StoryStep
from .planned import PlannedStart, all_play_and_keep, play_tricks, top_trump

__all__ = [
    "DOUBLE_ANTE_DEAL",
    "EASY_WIN",
    "FISTS_DEAL",
    "MISPLAY_DEAL",
    "NICE_PLAY",
    "POT_LIMIT",
    "VARIANT_SCENES",
    "double_ante_game",
    "misplay_game",
]

OURS = "No source works this variant out with cards: every card and chip here is ours."

_RULE_ID = re.compile(r"\b(?:glimne|wikipedia|pagat|laws)-[a-z0-9]+(?:-[a-z0-9]+)*")


def _lines(game: Game, start: int = 0) -> str:
    """The transcript from line `start` on, rule ids written as citations ('pagat double ante')."""
    text = "\n".join(game.transcript().splitlines()[start:])
    return _RULE_ID.sub(lambda m: cite(m.group(0)), text)


def _mark(game: Game) -> int:
    return len(game.transcript().splitlines())


def _cards(cards) -> str:
    return card_list(cards, sep=" ", sort=False)


def _play_out(game: Game) -> None:
    """Every card the first the rules allow (the engine's list), until the hand is settled."""
    while game.phase == "play" or game.pending_renege is not None:
        game.apply(game.legal_actions()[0])


def _draw_one(game: Game) -> None:
    """The player to draw throws away their lowest card that is not a trump (or keeps)."""
    player = game.to_act
    assert player is not None
    trump = game.trump_card.suit
    plain = sorted((c for c in game.cards_of(player) if c.suit != trump), key=lambda c: c.rank)
    game.apply(f"discard {plain[0].code}" if plain else "keep")


def _upper(text: str) -> str:
    """The text with its first letter a capital (the rest left as it is)."""
    return text[:1].upper() + text[1:]


def _result(settled: Settlement | None) -> str:
    """Who took the pot and who paid, in a sentence."""
    if settled is None:
        return "nobody plays the hand, and the pot stays"
    tricks = ", ".join(f"{p} {n}" for p, n in settled.tricks.items())
    if settled.winner is not None:
        takes = "you take" if settled.winner == "You" else f"{settled.winner} takes"
        said = f"tricks {tricks}: {takes} {settled.taken}"
    else:
        said = f"tricks {tricks}: a split, nobody takes the pot"
    for player, amount in settled.payments.items():
        why = "reneged" if player in settled.renegers else "took no trick"
        said += f"; {player} {why} and pays {amount}"
    left = settled.pot_carried
    return said + (f"; {left} stays in the pot" if left else "; the pot is empty")


# --- pagat: the double ante ------------------------------------------------------------------

DOUBLE_ANTE_DEAL = {"turned": "C9"}
"""Five players; the dealer A turns the nine of clubs (not an ace: every player may pass)."""
DOUBLE_ANTE_SAYS = {"B": "play", "C": "pass", "D": "play", "E": "pass", "A": "play"}
"""Who plays in the double-ante story; under the after-draw reading D drops out later."""


def double_ante_game(rules: Rules) -> Game:
    """The double-ante story's table: five players, `rules` with the double ante on."""
    return Game(replace(rules, double_ante=True), 5, deal=DOUBLE_ANTE_DEAL)


def double_ante(rules: Rules) -> tuple[StoryStep, ...]:
    """pagat's double ante: the first chip from everyone, the second with 'play' or after the
    draw, the two rounds, and the next deal's antes."""
    game = double_ante_game(rules)
    variant = game.rules
    steps = [
        StoryStep(
            f"Five players, A to E; A deals and turns {game.trump_card}. Under the double ante "
            f"everyone puts one chip in before the deal: the pot holds {game.pot}.",
            game.pot,
        )
    ]
    start = _mark(game)
    while game.phase == "declare":
        game.apply(DOUBLE_ANTE_SAYS[str(game.to_act)])
    if variant.second_chip_after_draw:
        chip = "Under this reading saying play costs nothing yet."
    else:
        chip = "Each of them puts the second chip in as they say it."
    steps.append(
        StoryStep(
            f"First round: B, D and A say play, C and E pass. {chip} C and E have lost their "
            "first chip and nothing more: they can neither take the pot nor be bourréd.",
            game.pot,
            detail=_lines(game, start),
        )
    )
    start = _mark(game)
    while game.phase == "draw":
        _draw_one(game)
    steps.append(
        StoryStep(
            "Only when everyone has declared do B, D and A exchange cards, in the same order: "
            "the declarations and the draw are two rounds.",
            game.pot,
            detail=_lines(game, start),
        )
    )
    if game.phase == "ante":
        start = _mark(game)
        game.play("pay", "drop", "pay")
        steps.append(
            StoryStep(
                "The second round: B pays the second chip, D does not like the new cards and "
                "drops out, A pays. D loses this deal, as C and E did: the first chip stays in "
                "the pot, and no bourré can follow.",
                game.pot,
                detail=_lines(game, start),
            )
        )
    start = _mark(game)
    _play_out(game)
    settled = game.hand_record.settlement
    steps.append(
        StoryStep(
            f"The cards are played: {_result(settled)}.", game.pot, detail=_lines(game, start)
        )
    )
    steps.append(StoryStep(_next_antes(game, settled), game.pot))
    return tuple(steps)


def _next_antes(game: Game, settled: Settlement | None) -> str:
    """The next deal's antes: everyone's first chip, even where the rulebook would excuse it."""
    plain = replace(game.rules, double_ante=False)
    excused: frozenset = frozenset()
    if settled is not None:
        pot = settled.pot_before
        excused = settle(pot, settled.tricks, plain).skips_next_ante
    game.apply("deal")
    everyone = f"Next deal: all five put in the first chip again (pot {game.pot})"
    if not excused:
        return f"{everyone}; nobody would have been excused it anyway."
    return (
        f"{everyone}, {and_list(sorted(map(str, excused)))} included: the {plain.source} rules "
        f"without the double ante would let {'them' if len(excused) > 1 else 'that player'} "
        "skip the ante."
    )


# --- pagat: simultaneous declaration ---------------------------------------------------------

FISTS_DEAL = {"turned": "C9"}
"""Four players; the dealer A turns the nine of clubs, so A may pass."""


def simultaneous(rules: Rules) -> tuple[StoryStep, ...]:
    """pagat's simultaneous declaration: closed fists opened together, the dealer choosing
    blind, and then the draw in the usual order."""
    fists = replace(rules, simultaneous_declaration=True)
    game = Game(fists, 4, deal=FISTS_DEAL)
    steps = [
        StoryStep(
            f"Four players; A deals and turns {game.trump_card}. Everyone decides at once: a chip "
            "held in a closed fist means play, an empty fist pass.",
            game.pot,
        )
    ]
    start = _mark(game)
    game.play("pass", "pass", "pass")
    steps.append(
        StoryStep(
            "B, C and D close their fists. A, the dealer, chooses too, and cannot know what is "
            "in theirs.",
            game.pot,
            detail=_lines(game, start),
        )
    )
    game.apply("pass")
    steps.append(
        StoryStep(
            "A decides to pass and closes an empty fist too. The fists open together: all four "
            f"are empty, and the pot of {game.pot} stays for the next hand.",
            game.pot,
            detail=_lines(game, start),
        )
    )
    in_turn = Game(replace(fists, simultaneous_declaration=False), 4, deal=FISTS_DEAL)
    in_turn.play("pass", "pass", "pass")
    if in_turn.phase == "settled":
        heard = (
            f"In turn, A would have heard three passes and taken the pot of {in_turn.hand_record.settlement.taken} "
            "at once (pagat dealer alone): the closed fists took that certainty away."
        )
    else:
        heard = (
            "In turn, A would have heard three passes before choosing: the closed fists took "
            "that knowledge away."
        )
    steps.append(StoryStep(heard))
    again = Game(fists, 4, deal=FISTS_DEAL)
    start = _mark(again)
    again.play("play", "pass", "play", "pass")
    while again.phase == "draw":
        _draw_one(again)
    steps.append(
        StoryStep(
            "The same deal again, other choices: B and D hold a chip, C and A do not. When the "
            "fists open, B and D play, and only then do they exchange cards, B first: the usual "
            "order from the dealer's left.",
            again.pot,
            detail=_lines(again, start),
        )
    )
    return tuple(steps)


# --- wikipedia: the pot limit, the second ante -----------------------------------------------

POT_LIMIT = 10
"""The pot limit of the story: wikipedia names no figure, so this one is ours."""
CARRIED = 19
"""Chips carried in from earlier hands in the pot-limit story."""


def pot_limit(rules: Rules) -> tuple[StoryStep, ...]:
    """wikipedia's pot limit: one bourré's payment capped; what the winner takes is not."""
    limit = rules.pot_limit if rules.pot_limit is not None else POT_LIMIT
    pot = pot_at_play(CARRIED, "ABCDE", "ABC", rules)
    tricks = {"A": 3, "B": 2, "C": 0}
    free = settle(pot, tricks, replace(rules, pot_limit=None))
    capped = settle(pot, tricks, replace(rules, pot_limit=limit))
    figure = "a figure of ours: wikipedia names none" if rules.pot_limit is None else "this table's"
    return (
        StoryStep(
            f"Five players. Earlier hands left {CARRIED} chips in the pot, and with this "
            f"hand's antes it holds {pot} at the end of play. A, B and C played.",
            pot,
        ),
        StoryStep(f"The cards are played. Without a limit: {_result(free)}."),
        StoryStep(
            f"With a pot limit of {limit} ({figure}): {_result(capped)}. C's payment is "
            f"{capped.payments['C']}, not {free.payments['C']}."
        ),
        StoryStep(
            f"A still takes the whole pot of {pot}{_with_payments(capped)}: wikipedia's limit caps "
            "what one bourré or renege can cost a player and says nothing of the winner, and "
            "leaving the pot itself uncapped is the engine's reading (reading-pot-limit)."
        ),
    )


def _with_payments(settled: Settlement) -> str:
    """What a winner takes beyond the pot: the payments, under glimne's literal reading."""
    extra = settled.taken - settled.pot_before
    return f", and {extra} of payments with it (glimne read literally)" if extra > 0 else ""


def second_ante(rules: Rules) -> tuple[StoryStep, ...]:
    """wikipedia's second ante: a player who plays puts in a second chip, so the pot, the
    winner's take and a bourré's price all grow."""
    tricks = {"A": 3, "B": 2, "C": 0}
    plain, extra = (
        replace(rules, second_ante=False, double_ante=False),
        replace(rules, second_ante=True),
    )
    pot_plain, pot_extra = (pot_at_play(0, "ABCDE", "ABC", r) for r in (plain, extra))
    without, with_ = settle(pot_plain, tricks, plain), settle(pot_extra, tricks, extra)
    return (
        StoryStep("Five players each put in one chip before the deal: the pot holds 5.", 5),
        StoryStep(
            f"A, B and C say play, and under the variant each puts in a second chip: the pot "
            f"holds {pot_extra}. D and E pass, and have lost one chip each.",
            pot_extra,
        ),
        StoryStep(
            f"The cards are played: {_result(with_)}. B played and did not win: B is "
            "down two chips, where a player who passed is down one.",
            with_.pot_carried,
        ),
        StoryStep(
            f"Without the second ante the same hand reads: {_result(without)}. Everything "
            f"the hand moves grows with the second chips: here from {pot_plain} to {pot_extra}."
        ),
    )


# --- wikipedia: three ways to punish a misplay -----------------------------------------------

MISPLAY_DEAL = {"B": "S3 D9 D4 C9 ST", "C": "S6 DQ S4 CA CK", "A": "C4 D2 H6 H2 H7"}
"""Three players; the dealer A's fifth card, 7♥, is turned: hearts are trumps. B leads 3♠ and
C, who holds two spades, plays A♣ instead."""
PENALTIES = (
    ("retract", "Simple retraction (good for new players, wikipedia says)"),
    ("retract_and_penalty", "Retraction and renege"),
    ("penalty", "A renege only"),
)
"""wikipedia's three penalties, as values of the switch `renege`, with the story's words."""


def misplay_game(rules: Rules, renege: str) -> Game:
    """The misplay story's hand under one penalty: everyone plays and keeps, B leads, C plays
    A♣ against the rules, and the rest of the cards are the first the rules allow."""
    game = all_play_and_keep(Game(replace(rules, renege=renege), 3, deal=MISPLAY_DEAL))
    game.apply("S3")
    game.apply("renege CA")
    if game.phase == "play" and game.to_act == "C":  # taken back: C plays again
        game.apply(game.legal_actions()[0])
    _play_out(game)
    return game


def misplay(rules: Rules) -> tuple[StoryStep, ...]:
    """wikipedia's penalties for a misplay: retraction, retraction and renege, renege only."""
    games = {mode: misplay_game(rules, mode) for mode, _ in PENALTIES}
    start = all_play_and_keep(Game(rules, 3, deal=MISPLAY_DEAL))
    turned = start.trump_card
    steps = [
        StoryStep(
            f"Three players; A deals and turns {turned}: {turned.suit.plural} are trumps. "
            "Everyone plays and keeps. B leads 3♠, and C, who holds 4♠ and 6♠, plays A♣: a "
            "misplay (C must follow suit).",
            start.pot,
        )
    ]
    bourred = {m: set(map(str, g.hand_record.settlement.bourred)) - {"C"} for m, g in games.items()}
    for mode, words in PENALTIES:
        game = games[mode]
        settled = game.hand_record.settlement
        assert settled is not None
        if mode == "penalty":
            how = "A♣ stays played and C pays for the renege"
            extra = [p for p in sorted(bourred[mode]) if p not in bourred["retract"]]
            if extra:
                how += (
                    f". {and_list(extra)}, who took a trick when C had to follow suit, is "
                    "bourréd now: the misplay has bourréd another player"
                )
        elif mode == "retract":
            how = "C takes A♣ back, plays a spade, and owes nothing"
        else:
            how = "C takes A♣ back and plays a spade, and still pays for the renege"
        steps.append(
            StoryStep(
                f"{words}: {how}. {_upper(_result(settled))}.",
                None,
                dict(game.bankrolls),
                _lines(game),
            )
        )
    return tuple(steps)


# --- wikipedia and glimne: laying the winners down --------------------------------------------

EASY_WIN = PlannedStart(
    deal={"You": "HA SA SK D7 C4", "A": "H2 S9 H5 H8 DK", "B": "H3 CQ C2 H6 S3"},
    first={"You": "HA", "A": "H2", "B": "H3"},
)
"""B deals and turns 3♠. You lead A♥ and take the first trick; A and B follow with their lowest
hearts. Then you hold the ace and king of trumps."""


def lay_down(rules: Rules) -> tuple[StoryStep, ...]:
    """wikipedia's easy win: certain to win, you lay the winning cards down at once."""
    game = EASY_WIN.game(rules)
    you = EASY_WIN.held["You"]
    allowed = " ".join(map(str, EASY_WIN.your_leads(game)))
    steps = [
        StoryStep(
            f"Spades are trumps. You took the first trick, and you lead to the second holding "
            f"{_cards(you)}; A and B play after you. One trick won and two sure trumps make "
            f"three: the pot is certain. Card by card, these rules let you lead {allowed}."
        ),
        StoryStep(
            "wikipedia's “easy win”: certain to win, you must win at once, laying the winning "
            "cards down together. A♠ and K♠ go down face up; wikipedia says no more, and the "
            "engine's reading counts them as led one after the other, the higher first."
        ),
    ]
    for number, plays in enumerate(play_tricks(game, 2, {"You": top_trump}), 2):
        answers = "; ".join(f"{p} gives {c}" for p, c, _ in plays[1:])
        steps.append(StoryStep(f"Trick {number}: you lead {plays[0][1]}; {answers}."))
    won = game.situation("You").tricks_won
    steps.append(
        StoryStep(
            f"You hold {won} tricks: no one else can reach three, and the hand is yours in one "
            "sweep. glimne tells of the same custom at its cinch-win tables, with A-K-Q of trumps."
        )
    )
    return tuple(steps)


# --- wikipedia: no nice play -------------------------------------------------------------------

NICE_PLAY = PlannedStart(
    deal={"You": "SA DA DK CQ C2", "A": "HJ HT H9 H8 H3", "B": "D2 D3 C6 D5 S2"},
    first={"You": "SA DA DK", "A": "HJ HT H9", "B": "S2 D2 D3"},
)
"""B deals and turns 2♠. You lead A♠, A♦ and K♦ and take the first three tricks: A, out of both
suits and without a trump, throws hearts; B follows with its low spade and diamonds. Two tricks
to go, and A and B have none."""


def nice_play(rules: Rules) -> tuple[StoryStep, ...]:
    """wikipedia: most games forbid a 'nice' play; you must try to bourré as many as you can."""
    start = NICE_PLAY.game(rules)
    you = NICE_PLAY.held["You"]
    leads = NICE_PLAY.your_leads(start)
    allowed = " or ".join(map(str, leads))
    steps = [
        StoryStep(
            "Spades are trumps. You have taken the first three tricks: the pot is yours. A and B "
            f"have none. You lead to the fourth trick holding {_cards(you)}; A holds "
            f"{_cards(NICE_PLAY.held['A'])}, B {_cards(NICE_PLAY.held['B'])}. The play rules let you "
            f"lead {allowed}.",
            start.pot,
        )
    ]
    for lead, words in ((you[1], "The “nice” play: lead"), (you[0], "Play to bourré: lead")):
        if lead not in leads:
            continue
        game = NICE_PLAY.game(rules)
        play_tricks(game, 1, {"You": lambda situation, rules, lead=lead: lead})
        play_tricks(game, 1, {})
        steps.append(StoryStep(f"{words} {lead}. {_upper(_result(game.hand_record.settlement))}."))
    steps.append(
        StoryStep(
            "wikipedia: most games do not allow the nice play; a player must try to bourré as "
            "many of the others as possible. Both cards keep the play rules, so the engine "
            "takes either: it judges cards, not intentions."
        )
    )
    return tuple(steps)


# --- the scenes ----------------------------------------------------------------------------------


def _story(id: str, place: str, title: str, summary: str, story, **kw) -> Scene:
    return Scene(id, id.split("-")[0], place, title, summary, "story", story=story, **kw)


VARIANT_SCENES: tuple[Scene, ...] = (
    _story(
        "pagat-double-ante",
        "double ante",
        "The double ante",
        "pagat's double ante: everyone antes one chip before the deal, bourréd and tied players "
        "included, and a player who plays puts in a second; a player who passes, or does not "
        "pay the second chip, loses the deal. Declaring and drawing are two rounds.",
        double_ante,
        note=f"The story switches the double ante on under every rulebook. {OURS}",
        rules_overrides={"double_ante": True},
    ),
    _story(
        "pagat-double-ante-after-draw",
        "double ante",
        "The double ante's second chip after the draw",
        "pagat's double ante read the other way: saying play costs nothing more, and once the "
        "draw is over a second round asks each player still in for the second chip; a player "
        "who does not pay drops out and loses the deal.",
        double_ante,
        note="pagat's text can be read this way too (switch double_ante_round, "
        f"reading-double-ante-round); the story switches it on under every rulebook. {OURS}",
        rules_overrides={"double_ante": True, "double_ante_round": "after_draw"},
    ),
    _story(
        "pagat-simultaneous",
        "simultaneous",
        "Closed fists",
        "pagat's simultaneous declaration: everyone decides play or pass at once, a chip in a "
        "closed fist or an empty one; the fists open together, and the players who play then "
        "draw in the usual order.",
        simultaneous,
        note=f"The story switches the variant on under every rulebook. {OURS}",
        rules_overrides={"simultaneous_declaration": True},
    ),
    _story(
        "wikipedia-pot-limit",
        "pot limit",
        "A pot limit",
        "wikipedia's pot limit caps what a single bourré or renege can cost a player.",
        pot_limit,
        note=f"wikipedia gives no figure: the story's limit of {POT_LIMIT} is ours. {OURS}",
    ),
    _story(
        "wikipedia-second-ante",
        "second bet",
        "A second ante",
        "A player who says play puts in a second chip: wikipedia says many variants ask for an "
        "extra bet at this point, and that the second ante is quite common.",
        second_ante,
        note=OURS,
    ),
    Scene(
        "wikipedia-trump-anyway",
        "wikipedia",
        "trump anyway",
        "Trump anyway",
        "Some tables replace wikipedia's “play to win” with a duty to trump anyway: void in the "
        "led suit, you play a trump even when it cannot win the trick.",
        "play",
        Suit.SPADES,
        (ScenePosition.of("S2 S4 D5 C9", trick="A:H8 B:SK", after="C", answer="S2 S4"),),
        note="The scene switches the variant on (trump_when_cannot_win) under every rulebook. "
        "The source states it without an example: every card here is ours.",
        rules_overrides={"trump_when_cannot_win": True},
    ),
    _story(
        "wikipedia-misplay",
        "misplay",
        "Three penalties for a misplay",
        "wikipedia names three ways tables punish a misplay: a simple retraction, a retraction "
        "and a renege, or a renege only.",
        misplay,
        note=f"The story plays the same hand under each penalty (switch renege). {OURS}",
    ),
    _story(
        "wikipedia-lay-down",
        "lay down",
        "An easy win, laid down",
        "wikipedia's “easy win”: when it is certain that you will win, you must win at once, "
        "laying the winning cards down all together.",
        lay_down,
        note=OURS,
    ),
    _story(
        "wikipedia-nice-play",
        "nice play",
        "No nice play",
        "wikipedia: most games do not allow “nice” plays; players must try to bourré as many of "
        "the others as possible.",
        nice_play,
        note=OURS,
    ),
)
"""The variant scenes, in the order lesson 08b shows them."""
