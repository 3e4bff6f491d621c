"""The catalogue: every numbered example of docs/scenes.md as one scene, in the project's words.

Cards are written suit first, as docs/scenes.md does (`H7`, `ST`). Where an example leaves cards
out, the scene fills them in with cards that change nothing and says so in `note`. The
`answer` of each position is the source's own answer; a test checks it against the engine.
"""

from __future__ import annotations

from ..cards import Suit
from .model import Scene, ScenePosition
from .named_variants import VARIANT_SCENES
from .stories import STORIES

__all__ = ["SCENES"]

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
M = ScenePosition.of
# Three earlier tricks: you took two, and A took the third with the ace of trumps.
HISTORY_AS = ("You:CA A:C4 B:C9", "You:DA A:D2 B:D5", "You:H5 A:SA B:H2")
FILL = "The source gives only part of the table; the other cards are filled in and change nothing."
"""The note of a scene built on a partial example of the source (docs/sources.md: "part")."""
OURS = "The source states this rule without an example: every card here is ours."
"""The note of a scene built on a rule the source gives no example for ("none")."""
LAW_OURS = "The law gives no example here: every card is ours."
GLIMNE_CINCH = (
    "glimne names its cinch (“cinch win”) rules as one of the commonest local variants, not "
    "part of its base rules: this scene switches the cinch to strict, glimne's variant, "
    "whichever rulebook you choose (the Cinch menu can change it)."
)
GLIMNE_VARIANT = {"cinch": "strict"}


def _play(
    id: str, place: str, title: str, summary: str, trump: Suit, *positions: ScenePosition, **kw
) -> Scene:
    return Scene(id, id.split("-")[0], place, title, summary, "play", trump, positions, **kw)


def _story(id: str, place: str, title: str, summary: str, **kw) -> Scene:
    return Scene(id, id.split("-")[0], place, title, summary, "story", story=STORIES[id], **kw)


def _glimne_cinch(
    id: str, title: str, summary: str, *positions: ScenePosition, note: str = FILL
) -> Scene:
    """A glimne cinch scene: glimne's named local variant, so the cinch is switched to strict."""
    return _play(
        id,
        "cinch",
        title,
        summary,
        S,
        *positions,
        note=f"{GLIMNE_CINCH} {note}",
        switches=("cinch",),
        rules_overrides=GLIMNE_VARIANT,
    )


GLIMNE = [
    _play(
        "glimne-1",
        "1",
        "Always play to win",
        "The first rule of Bourré: whenever the rules let you win the trick, you must try to, "
        "always within the duty to follow suit. Every scene after this one is a case of it.",
        S,
        M(
            "H8 HQ C2",
            trick="A:H7 B:H9",
            after="C",
            answer="HQ",
            caption="Hearts were led and the 9♥ is highest. Which card tries to win?",
        ),
        note="An illustration of the principle; the cards are ours.",
    ),
    _play(
        "glimne-2a",
        "2",
        "Follow and beat",
        "When you follow suit and nobody has trumped, you must play higher than the best card "
        "so far if you hold one.",
        S,
        M("H4 HJ", trick="A:H7 B:HT", after="C", answer="HJ"),
        note="The source names no trump suit; spades are filled in and change nothing.",
    ),
    _play(
        "glimne-2b",
        "2",
        "Cannot beat: any card of the suit",
        "If none of your cards of the led suit beats the best card, you still follow suit, but "
        "any card of that suit will do.",
        S,
        M("H4 HJ", trick="A:H7 B:HK", after="C", answer="H4 HJ", pick="H4"),
        note="The source names no trump suit; spades are filled in and change nothing.",
    ),
    _play(
        "glimne-3",
        "3",
        "Void in the led suit: trump",
        "With no card of the suit that was led, you must play a trump if you have one.",
        S,
        M("S8 SQ C6 HT", trick="A:D9", after="B", answer="S8 SQ", pick="S8"),
    ),
    _play(
        "glimne-4",
        "4",
        "Follow suit even after a trump",
        "Holding the led suit, you follow it, even when somebody has trumped and your card "
        "cannot win. Your trump stays in your hand.",
        S,
        M("CA SJ", trick="A:CT B:S5", after="C", answer="CA"),
    ),
    _play(
        "glimne-5",
        "5",
        "Overtrump",
        "The trick has been trumped and you cannot follow suit: if one of your trumps beats the "
        "trump on the table, you must play such a trump.",
        S,
        M("S4 SJ DK", trick="A:H6 B:S6 C:H2", answer="SJ"),
    ),
    _play(
        "glimne-6",
        "6",
        "Trump even when it cannot win",
        "The trick has been trumped higher than any trump you hold, and you cannot follow suit. "
        "glimne and pagat: you must still play a trump. wikipedia: a trump that cannot win is "
        "not required.",
        S,
        M("S4 DK C8", trick="A:H6 B:S6 C:H2", answer="S4"),
    ),
    _play(
        "glimne-7a",
        "7",
        "Cannot win: any card within follow-suit",
        "When the trick is already out of your reach, you play what you like, as long as you "
        "follow suit if you can.",
        S,
        M(
            "HA H6 SJ",
            trick="A:HQ B:S7",
            after="C",
            answer="HA H6",
            pick="H6",
            caption="B has trumped the queen. Can your ace still win?",
        ),
    ),
    _play(
        "glimne-7b",
        "7",
        "Had B followed suit instead",
        "The same hand, but B followed with a small heart instead of trumping: now your ace "
        "can win, so you must play it.",
        S,
        M("HA H6 SJ", trick="A:HQ B:H7", after="C", answer="HA"),
    ),
    _play(
        "glimne-8",
        "8",
        "Neither suit nor trump: anything",
        "With no card of the led suit and no trump, you may throw any card; it cannot win.",
        S,
        M("H3 C9 HK", trick="A:D5", after="B", answer="H3 C9 HK"),
        note=OURS,
    ),
    _play(
        "glimne-9",
        "9",
        "The known top card",
        "If you know for sure that you hold the highest card left in the led suit (here every "
        "higher club has been seen played), and nobody has trumped, you must play it.",
        S,
        M(
            "CQ C9 H5",
            trick="A:C8",
            after="B",
            history=("B:CA A:CK You:C3", "B:D4 A:D9 You:D2"),
            answer="CQ",
            caption="The A♣ and K♣ fell in the first trick. A leads the 8♣, and B still plays "
            "after you.",
        ),
        note="The source gives the clubs; the earlier tricks and the trump suit (spades) are "
        "filled in. Two points are our engine's reading, not glimne 9's words: the rule binds "
        "only with players still to come after you (the last player to a trick only has to "
        "win it, as pagat says of a similar duty, lesson 05b), and a card of yours that no "
        "unseen card separates from the top card counts as the same card (borrowed from "
        "pagat, lesson 05b).",
    ),
    _play(
        "glimne-10",
        "10",
        "Everyone else is out of trumps",
        "On lead, when you know for sure that nobody else holds a trump, you must lead one of "
        "yours.",
        H,
        M(
            "H5 S9 D7 C2",
            after="A B",
            history=("You:HK A:C4 B:D3",),
            won=1,
            out=True,
            answer="H5",
            caption="You led the K♥ and neither A nor B could follow: they have no hearts.",
        ),
        note=OURS,
    ),
    _glimne_cinch(
        "glimne-cinch-lead-ace",
        "Lead the top trump",
        "glimne's cinch variant: on lead, holding the ace of trumps, lead it; once the ace is "
        "gone, the king becomes the card to lead, and so on down.",
        M("SA S4 H9 D7 C3", after="A B", answer="SA", caption="You lead, holding the A♠."),
        M(
            "SK S5 H9",
            after="A B",
            history=("A:SA B:H2 You:S3", "A:D4 B:D9 You:DK"),
            won=1,
            answer="SK",
            caption="The A♠ has been played. Now the K♠ is the top trump.",
        ),
        note=OURS,
    ),
    _glimne_cinch(
        "glimne-cinch-akq",
        "Three sure tricks: lead them",
        "glimne's cinch variant: ace, king and queen of trumps are three sure tricks. Lead them "
        "first, highest first (glimne adds that it is customary to lay all three down at once: "
        "see the lay-down scene).",
        M("SA SK SQ H4 D6", after="A B", answer="SA", caption="You lead with A-K-Q of trumps."),
        M("SK SQ H4 D6", after="A B", history=("You:SA A:S2 B:H8",), won=1, answer="SK"),
        M(
            "SQ H4 D6",
            after="A B",
            history=("You:SA A:S2 B:H8", "You:SK A:C5 B:H9"),
            won=2,
            answer="SQ",
        ),
    ),
    _glimne_cinch(
        "glimne-cinch-ak-after-one",
        "One trick won, A-K of trumps",
        "glimne's cinch variant: with one trick already won, ace and king of trumps make three: "
        "lead them next.",
        M("SA SK H4 D6", after="A B", history=("You:CA A:C4 B:C9",), won=1, answer="SA"),
        M(
            "SK H4 D6",
            after="A B",
            history=("You:CA A:C4 B:C9", "You:SA A:S2 B:H8"),
            won=2,
            answer="SK",
        ),
    ),
    _glimne_cinch(
        "glimne-cinch-last",
        "Last to play and sure to win: win",
        "glimne's cinch variant: when you play last to a trick and can win it, you must, "
        "following suit and trumping as usual.",
        M("HA H3 S2 C4 D6", trick="A:H9 B:HK", answer="HA"),
        note=OURS,
    ),
    _glimne_cinch(
        "glimne-cinch-three-won",
        "Three tricks won: lead a trump",
        "glimne's cinch variant: once you have three tricks the pot is yours; you must then lead "
        "a trump if you hold one.",
        M(
            "S7 H9",
            after="A B",
            won=3,
            answer="S7",
            history=("You:SA A:S2 B:H8", "You:CA A:C4 B:C9", "You:DA A:D2 B:D5"),
        ),
        note=OURS,
    ),
    _story(
        "glimne-cinch-lay-down",
        "cinch",
        "A-K-Q laid down at once",
        "glimne's cinch variant: holding A-K-Q of trumps it is customary to lay all three down "
        "together. The others then play three cards each, and the three tricks are yours in one "
        "sweep (trick by trick under the play rules, as the engine reads it).",
        note=f"{GLIMNE_CINCH} The hands are filled in; A and B play the lowest card the rules "
        "allow them. wikipedia goes further for any certain win: the winning cards must be laid "
        "down at once.",
        switches=("cinch",),
        rules_overrides=GLIMNE_VARIANT,
    ),
    _story(
        "glimne-pay",
        "payment",
        "Paying for a bourré",
        "A player who played and took no trick pays as much as the pot holds; a tie for most "
        "tricks leaves the pot on the table.",
    ),
    _story(
        "glimne-split-five",
        "payment",
        "A split at five, with two bourrés",
        "At five players a 2-2-1-0-0 split is a tie for most tricks: nobody takes the pot, and "
        "both players who took no trick pay the pot.",
        note="glimne has each bourréd player put in what the pot holds; the engine's reading "
        "(reading-bourre-amount) is the pot at the end of play, so both pay the same amount. "
        "glimne gives the trick counts only: the chips are ours.",
    ),
    _story(
        "glimne-dealer-ace",
        "dealer's ace",
        "The dealer turns an ace",
        "If the dealer's last card, turned for trump, is an ace, the dealer holds the ace of "
        "trumps and, in glimne's rules, leads the first trick.",
    ),
]

WIKIPEDIA = [
    _play(
        "wikipedia-1",
        "1",
        "Follow suit, even after a trump",
        "You follow the led suit whenever you can, even if your card cannot win and even if a "
        "trump has already been played.",
        S,
        M("CA C4 SJ", trick="A:CT B:S5", after="C", answer="CA C4"),
        note=OURS,
    ),
    _play(
        "wikipedia-2",
        "2",
        "Trump, and play to win",
        "Void in the led suit you must trump, and with a trump that can win you must play it.",
        S,
        M(
            "S2 SA D5",
            trick="A:H8 B:S3",
            after="C",
            answer="SA",
            caption="The only trump on the table is the 3♠.",
        ),
        note="The trump suit (spades), the led suit and the third card are filled in.",
    ),
    _play(
        "wikipedia-2-cannot-win",
        "2",
        "A trump that cannot win",
        "If none of your trumps can beat the trump already played, wikipedia does not make you "
        "trump: any card will do. glimne and pagat still ask for a trump.",
        S,
        M("S2 S4 D5 C9", trick="A:H8 B:SK", after="C", answer="S2 S4 D5 C9"),
        note=OURS,
    ),
    _play(
        "wikipedia-3",
        "3",
        "An off card",
        "With neither the led suit nor a trump, any card will do, and it ranks below even the "
        "two of the led suit.",
        S,
        M("H2 C5 HJ", trick="A:D6", after="B", answer="H2 C5 HJ"),
        note=OURS,
    ),
    _story(
        "wikipedia-split",
        "split",
        "Split pots",
        "With five tricks a tie for most can only be 2-2-1 or 1-1-1-1-1; the pot then stays on "
        "the table for the next hand.",
    ),
    _story(
        "wikipedia-bourre",
        "bourré",
        "What a bourré costs",
        "A player who took no trick puts in as much as the pot held, for the next round, in "
        "place of the usual ante.",
    ),
    _play(
        "wikipedia-cinch-ace",
        "forced play",
        "Two tricks and the trump ace",
        "Having just taken your second trick, the ace of trumps is your third: lead it.",
        S,
        M(
            "SA H4 D8",
            after="A B",
            won=2,
            answer="SA",
            history=("You:CA A:C4 B:C9", "You:DA A:D2 B:D5"),
        ),
        note=FILL,
        switches=("cinch",),
    ),
    _play(
        "wikipedia-cinch-ak",
        "forced play",
        "One trick and A-K of trumps",
        "One trick taken and ace and king of trumps: three sure tricks, so lead them. The K♠ is "
        "next to the A♠ in rank, so it may stand in: pagat's adjacent trumps, which the engine's "
        "reading applies to every cinch.",
        S,
        M(
            "SA SK H4 D8",
            after="A B",
            won=1,
            answer="SA SK",
            history=("You:CA A:C4 B:C9",),
        ),
        M(
            "SK H4 D8",
            after="A B",
            won=2,
            answer="SK",
            history=("You:CA A:C4 B:C9", "You:SA A:S2 B:H8"),
        ),
        note=FILL,
        switches=("cinch",),
    ),
    _play(
        "wikipedia-cinch-aqj",
        "forced play",
        "One trick and A-Q-J of trumps",
        "Harder: ace, queen and jack with the king still out. The ace is sure, and the king can "
        "take only one of queen and jack, so the other is sure too: a cinch.",
        S,
        M("SA SQ SJ H4", after="A B", won=1, answer="SA", history=("You:CA A:C4 B:C9",)),
        M(
            "SQ SJ H4",
            after="A B",
            won=2,
            answer="SQ SJ",
            history=("You:CA A:C4 B:C9", "You:SA A:S2 B:H8"),
        ),
        note=FILL,
        switches=("cinch",),
    ),
    _story(
        "wikipedia-seven",
        "seven players",
        "Seven at the table",
        "With seven players each may exchange at most three cards, so the stock lasts.",
    ),
    _story(
        "wikipedia-dealer-antes",
        "dealer antes",
        "The dealer antes for everyone",
        "A common variant: the dealer puts in the whole table's antes, five units at a table of "
        "five with a one-unit ante.",
    ),
]

PAGAT = [
    _play(
        "pagat-1",
        "1",
        "Follow suit",
        "Every player after the leader must play a card of the led suit if they hold one.",
        S,
        M("D3 D7 S5", trick="A:DA", after="B", answer="D3 D7"),
        note=OURS,
    ),
    _play(
        "pagat-2",
        "2",
        "Void: trump if you can",
        "Unable to follow suit, you must play a trump if you hold one.",
        S,
        M("S5 S9 C2 H4", trick="A:D9", after="B", answer="S5 S9"),
        note=OURS,
    ),
    _play(
        "pagat-3",
        "3",
        "Beat the best card if you can",
        "Within the duties to follow suit and to trump, play a card that beats the best card "
        "so far whenever you can. A trump is still owed when yours is too low to win.",
        S,
        M(
            "H9 HQ HK",
            trick="A:H8 B:HT",
            after="C",
            answer="HQ HK",
            caption="Hearts were led, and B played the 10♥.",
        ),
        M(
            "S3 D5",
            trick="A:H8 B:S9",
            after="C",
            answer="S3",
            caption="No hearts; your only trump is lower than the 9♠.",
        ),
        note="The cards here are ours; pagat's own example for rule 3 is the queen of diamonds "
        "(scenes pagat-example and pagat-example-b).",
    ),
    _play(
        "pagat-example",
        "example",
        "The queen of diamonds, trumped",
        "The second player has trumped the led queen, so no diamond can win: either of yours "
        "will do.",
        S,
        M("D6 DA S8 SJ", trick="A:DQ B:S4", after="C", answer="D6 DA"),
        note="'Some spades' are filled in as the 8♠ and J♠.",
    ),
    _play(
        "pagat-example-b",
        "example",
        "Had the second player followed suit",
        "If the second player had played a diamond instead, your ace could beat the queen, so "
        "you would have to play it.",
        S,
        M("D6 DA S8 SJ", trick="A:DQ B:D9", after="C", answer="DA"),
        note="pagat does not name the second player's diamond: it is filled in as the 9♦, and "
        "'some spades' as the 8♠ and J♠.",
    ),
    _play(
        "pagat-cinch-lead",
        "cinch",
        "Cinch on lead",
        "With three sure tricks in view, lead your highest trump; a trump next to it in rank "
        "may stand in for it.",
        S,
        M(
            "SA SK H5",
            after="A B",
            won=2,
            answer="SA SK",
            history=("You:CA A:C4 B:C9", "You:DA A:D2 B:D5"),
        ),
        note=OURS,
        switches=("cinch",),
    ),
    _play(
        "pagat-cinch-follow",
        "cinch",
        "Cinch when another player leads",
        "With the pot certain and another player on lead, win the trick with your highest trump.",
        S,
        M("SK S8", trick="A:S7", after="B", won=2, answer="SK", history=HISTORY_AS),
        note=OURS,
        switches=("cinch",),
    ),
    _play(
        "pagat-cinch-last",
        "cinch",
        "Cinch, last to play",
        "Playing last, you only need to win the trick: any winning card will do.",
        S,
        M("SK S8", trick="A:S7 B:S6", won=2, answer="SK S8", history=HISTORY_AS),
        note=OURS,
        switches=("cinch",),
    ),
    _play(
        "pagat-cinch-equal",
        "cinch",
        "Cards next to each other count as one",
        "When the top trump is required, a trump of yours next to it in rank counts the same: "
        "K from A-K, or J from K-J once the Q has gone.",
        S,
        M("SA SK H5 D3", after="A B", won=1, answer="SA SK", history=("You:CA A:C4 B:C9",)),
        M(
            "SK SJ H5",
            after="A B",
            won=1,
            answer="SK SJ",
            history=("You:CA A:SA B:SQ", "A:D2 B:D5 You:DA"),
        ),
        note=FILL,
        switches=("cinch",),
    ),
    _play(
        "pagat-cinch-fourth",
        "cinch",
        "Three tricks taken: lead your last trump",
        "Having taken the first three tricks you have the pot, and the cinch rule still holds: "
        "lead the fourth trick with the remaining one (pagat's words; the engine reads them as "
        "your highest trump).",
        S,
        M(
            "SJ D5",
            after="A B",
            won=3,
            answer="SJ",
            history=("You:SA A:S3 B:S2", "You:SK A:S8 B:S4", "You:SQ A:S5 B:S6"),
            caption="You took the first three tricks with A♠, K♠ and Q♠. You hold J♠ and 5♦.",
        ),
        note=OURS,
        switches=("cinch",),
    ),
    _story(
        "pagat-separate-trump",
        "separate trump",
        "A sixth card turned in the middle",
        "pagat's “separate trump” variant: a sixth card, turned face up in the middle, sets the "
        "trump suit. Under its option 2 a dealer who plays may take it: throw away four cards, "
        "take the turned card and draw three.",
        note="The story switches the variant on (option 2) under every rulebook; the deal is "
        "the engine's.",
        rules_overrides={"separate_trump_card": "dealer"},
    ),
    _story(
        "pagat-lone",
        "lone player",
        "Only one player plays",
        "If everybody else passes, the single player takes the pot without play, as if they "
        "had won all five tricks.",
    ),
    _story(
        "pagat-dealer-alone",
        "dealer alone",
        "Everyone but the dealer passes",
        "When every other player passes, the dealer takes the pot.",
    ),
    _story(
        "pagat-dealer-ace",
        "dealer's ace",
        "The dealer turns an ace",
        "A turned ace gives the dealer the ace of trumps, a trick no card can take away, so "
        "pagat's dealer may not pass.",
    ),
    _story(
        "pagat-ante",
        "antes",
        "Who antes next",
        "After a hand, bourréd players and the players tied in a split pot put in no ante for "
        "the next deal; everybody else antes one.",
        note="The seven-player example of pagat's page is left out of the translation we follow "
        "(marked 略, omitted): the numbers here are ours.",
    ),
    _story(
        "pagat-renege",
        "renege",
        "Correcting a renege",
        "A renege noticed before the next player plays can be put right: the card is replaced, "
        "but the player cannot win this pot, sits out the next deal, and pays no bourré.",
    ),
    _story(
        "pagat-restock",
        "restock",
        "When the stock runs out",
        "If the stock runs out in the draw, cards already out of play are shuffled and dealt on. "
        "pagat shuffles the passed hands and the served players' discards together; wikipedia "
        "uses the passed hands first, then the discards; glimne names only the passed hands "
        "(then the discards, as wikipedia does: the engine's reading).",
    ),
]


def _naming(
    id: str,
    law: str,
    title: str,
    summary: str,
    trump: Suit,
    *positions: ScenePosition,
    note: str = "",
) -> Scene:
    return Scene(id, "laws", law, title, summary, "naming", trump, positions, note=note)


LAWS = [
    _naming(
        "laws-named",
        "45C4a",
        "A named card is played",
        "Once you name a card as the one you play, it counts as played, whether or not it has "
        "left your hand yet.",
        S,
        M(
            "HQ H4 S2",
            trick="A:H7",
            after="B",
            phrase="the queen of hearts",
            answer="HQ",
            expect="played",
        ),
    ),
    _naming(
        "laws-high",
        "46B1a",
        "“High”",
        "Asking for a high or big card means the highest card of the led suit that you may play.",
        S,
        M(
            "H4 H9 HJ C2",
            trick="A:HK",
            after="B",
            phrase="high",
            answer="HJ",
            expect="played",
            caption="The K♥ was led; none of your hearts can beat it.",
        ),
        note=LAW_OURS,
    ),
    _naming(
        "laws-win",
        "46B1b",
        "“Win it”",
        "Saying you will win the trick means the lowest card known to win it: one no unseen "
        "card can beat, or, when you play last, one that beats the trick so far. If no card is "
        "known to win, it means your highest card of the led suit.",
        S,
        M(
            "H4 HT HK C2",
            trick="A:H7 B:H9",
            phrase="win it",
            answer="HT",
            expect="played",
            caption="You play last to this trick.",
        ),
        M(
            "H4 HT HK C2",
            trick="A:H7 B:H9",
            after="C",
            phrase="win it",
            answer="HK",
            expect="played",
            caption="C still plays after you, and the A♥ is unseen: C might hold it, or hold "
            "no heart and trump.",
        ),
        M(
            "H4 HT HK HA",
            trick="A:H7 B:H9",
            after="C",
            out=True,
            phrase="win it",
            answer="HK",
            expect="played",
            caption="C still plays after you, but you hold the A♥ yourself, and nobody else has "
            "a trump.",
        ),
        note=LAW_OURS,
    ),
    _naming(
        "laws-low",
        "46B1c",
        "“Low”",
        "Asking for a low or small card means the lowest card of the led suit that you may play.",
        S,
        M("H4 H9 HJ C2", trick="A:HK", after="B", phrase="low", answer="H4", expect="played"),
        note=LAW_OURS,
    ),
    _naming(
        "laws-suit",
        "46B2",
        "A suit without a rank",
        "Naming only a suit means the lowest card of that suit that you may play.",
        S,
        M("H4 H9 S2 C5 DA", after="A B", phrase="a heart", answer="H4", expect="played"),
        note=LAW_OURS,
    ),
    _naming(
        "laws-rank",
        "46B3",
        "A rank without a suit",
        "Naming only a rank means the card of that rank you may play; if two could be played, "
        "you are asked which. On lead after winning a trick, the rank is read in the suit you "
        "won it with (46B3a, adapted from bridge, where it is the suit in which dummy won).",
        S,
        M(
            "HK CK H2",
            trick="A:H7",
            after="B",
            phrase="the king",
            answer="HK",
            expect="played",
            caption="Hearts were led, and you hold two kings.",
        ),
        M(
            "HK CK D3 S5 H2",
            after="A B",
            phrase="the king",
            answer="HK CK",
            expect="ask",
            caption="You lead, with no trick won yet, holding two kings.",
        ),
        M(
            "CK HK D3 S5",
            history=("You:CA A:C2 B:C5",),
            after="A B",
            won=1,
            phrase="the king",
            answer="CK",
            expect="played",
            caption="You won the last trick with the A♣ and lead again, holding two kings.",
        ),
    ),
    _naming(
        "laws-missing",
        "46B4",
        "A card you do not hold",
        "Naming a card that is not in your hand plays nothing: you are asked again.",
        S,
        M("HQ H4 S2", trick="A:H7", after="B", phrase="the nine of spades", expect="invalid"),
    ),
    _naming(
        "laws-any",
        "46B5",
        "“Doesn't matter”",
        "If you leave the choice open, an opponent picks which of your legal cards is played.",
        S,
        M(
            "H4 H9 HJ C2",
            trick="A:HK",
            after="B",
            phrase="doesn't matter",
            answer="H4 H9 HJ",
            expect="opponent_chooses",
        ),
    ),
    _naming(
        "laws-intent",
        "46B",
        "Only one card fits",
        "All the rules above give way when the player's different intention is beyond doubt. "
        "The engine's reading sees one sure case: only one card you may play fits what you said.",
        S,
        M(
            "H4 HJ C2",
            trick="A:H7 B:HT",
            after="C",
            phrase="a heart",
            answer="HJ",
            expect="played",
            caption="Hearts were led, and B's 10♥ is the highest card so far.",
        ),
    ),
]

SCENES: tuple[Scene, ...] = (*GLIMNE, *WIKIPEDIA, *PAGAT, *LAWS, *VARIANT_SCENES)
