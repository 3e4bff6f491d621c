"""The register's data: what each source says, in its own words, with our translation.

One `Entry` per numbered rule, example, variant, payment rule and other passage the course
cites, of glimne (Swedish), wikipedia (Portuguese), pagat (Japanese) and laws (Danish). The
quotations are short excerpts copied verbatim from the seed texts (a test checks each one); the
translations are ours. `bourre_lessons.sources` is the module to import: it builds its tables
and lookups from `ENTRIES` and `READINGS`.

Example status (`example`): "full" when the source works an example out (every card or figure
the decision depends on, and the answer); "part" when it gives some of one (a hand without a
position, cards without the answer, a sample figure); "none" when it states the rule without
an example, so every card of a scene built on it is ours. An entry of kind "example" is the
source's example itself.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ENTRIES", "READINGS", "Entry", "Reading"]


@dataclass(frozen=True)
class Entry:
    """One passage of a source: its id, the source's words, ours, and its example status.

    quote -- verbatim excerpts of the seed (shown joined by " … "); translation -- our English;
    example -- "full", "part" or "none" (see the module docstring); example_quote -- the
    source's own example for this rule, verbatim (empty when `example` is "none", and for an
    entry that is itself an example); parent -- the rule an example or sub-rule belongs to;
    names -- other words the course cites the entry by ("payment" in "glimne payment");
    concepts -- the engine's rule concepts a verdict cites this entry for; note -- our remark
    (what the text leaves open, what a scene adds).
    """

    id: str
    kind: str
    quote: tuple[str, ...]
    translation: str
    example: str
    example_quote: tuple[str, ...] = ()
    parent: str = ""
    names: tuple[str, ...] = ()
    concepts: tuple[str, ...] = ()
    note: str = ""

    @property
    def source(self) -> str:
        """The source's short name: the id up to its first hyphen."""
        return self.id.split("-", 1)[0]


@dataclass(frozen=True)
class Reading:
    """One decision of the engine where a source is silent, terse or ambiguous: ours, not a
    source's. `reads` names the register entries it reads (empty when no source speaks);
    `text` says what the engine does, in a sentence a verdict or a lesson can show."""

    id: str
    text: str
    reads: tuple[str, ...] = ()
    names: tuple[str, ...] = ()


def E(
    id: str,
    kind: str,
    quote: str | tuple[str, ...],
    translation: str,
    example: str = "none",
    example_quote: str | tuple[str, ...] = (),
    **kw,
) -> Entry:
    """An entry, with a single quotation or example allowed as a plain string."""
    quote = (quote,) if isinstance(quote, str) else quote
    example_quote = (example_quote,) if isinstance(example_quote, str) else example_quote
    return Entry(id, kind, quote, translation, example, example_quote, **kw)


# --- glimne: Dan Glimne's Swedish article (seed 000) ------------------------------------------

GLIMNE = (
    E(
        "glimne-origin",
        "background",
        (
            "Detta sticktagningskortspel anses ha sina rötter i delstaten Louisiana i USA",
            "Dock härstammar det sannolikt från det spanska 1800-talsspelet burro, ”åsna”",
            "är dessutom på lite håll besläktat med det gamla svenska 1600-talsspelet femkort",
        ),
        "This trick-taking game is considered to have its roots in the state of Louisiana, USA "
        "… It probably descends, though, from the Spanish 19th-century game burro, 'donkey', "
        "and is moreover distantly related to the old Swedish 17th-century game femkort.",
        names=("origin", "femkort"),
    ),
    E(
        "glimne-name",
        "background",
        "”bourré” betyder ungefär ”stoppning” och ”utfyllnadsmaterial”",
        "'bourré' means roughly 'stuffing' and 'padding'.",
    ),
    E(
        "glimne-players",
        "rule",
        "En vanlig 52-kortslek används: essen är högst, tvåorna lägst. Lämpligt antal spelare är 2-6.",
        "An ordinary 52-card pack is used: aces highest, twos lowest. A suitable number of "
        "players is 2 to 6.",
        names=("players", "cards"),
        note="A recommendation, not a limit: glimne gives no most or fewest players.",
    ),
    E(
        "glimne-ante",
        "rule",
        "Först lägger alla en ante i potten – till exempel 1 kr var.",
        "First everyone puts an ante into the pot, for example 1 krona each.",
        "part",
        "till exempel 1 kr var",
        names=("ante",),
    ),
    E(
        "glimne-deal",
        "rule",
        (
            "ger alla 5 kort var, ett och ett bordet runt",
            "Det sista kortet till sig själv måste given visa upp: färgen på det anger "
            "trumffärgen i den handen.",
        ),
        "The dealer gives everyone 5 cards, one at a time round the table. The dealer must show "
        "the last card dealt to themselves: its suit is trumps for that hand.",
        names=("deal",),
        note="glimne says 'round the table', and names no direction for the deal itself.",
    ),
    E(
        "glimne-english-deal",
        "variant",
        "(ni får gärna i stället köra med engelsk giv)",
        "(you are welcome to use the English deal instead)",
        names=("english deal", "engelsk giv"),
        note="glimne does not say what the English deal is.",
    ),
    E(
        "glimne-declare",
        "rule",
        (
            "bestämmer sig i medsols ordning för att antingen vara med och spela, eller för att "
            "lägga sig",
            "kastar helt enkelt sina kort och deltar inte mera just då (samt har förstås "
            "förlorat sin ante)",
        ),
        "Everyone decides, in clockwise order, either to take part and play or to fold. A "
        "player who folds simply throws the cards in and takes no further part this hand (and "
        "has of course lost the ante).",
        names=("declare",),
    ),
    E(
        "glimne-second-ante",
        "rule",
        "den som vill vara med lägger in ytterligare en ante i potten. Given bestämmer sig sist.",
        "a player who wants to play puts another ante into the pot. The dealer decides last.",
        names=("second ante",),
    ),
    E(
        "glimne-draw-order",
        "rule",
        "Nu frågar given alla de spelare som bestämt sig för att vara med (också i medsols "
        "ordning bordet runt) hur många kort de vill ”köpa”.",
        "Now the dealer asks every player who decided to play (again in clockwise order round "
        "the table) how many cards they want to 'buy'.",
        names=("draw order",),
        note="Two rounds: everyone has decided before the dealer asks for the draw.",
    ),
    E(
        "glimne-draw",
        "rule",
        "Svaret får vara vad som helst från noll (= spelaren står nöjd) till fem (= spelaren "
        "byter alla sina kort mot nya).",
        "The answer may be anything from zero (the player stands pat) to five (the player "
        "exchanges every card for new ones).",
        names=("draw",),
    ),
    E(
        "glimne-restock",
        "rule",
        "Skulle återstoden av korten i leken ta slut under köpet, tar given alla de kastade "
        "händerna, blandar dessa kort och fortsätter ge som nya kort i köpet.",
        "Should the rest of the pack run out during the buying, the dealer takes all the folded "
        "hands, shuffles those cards and goes on dealing them as new cards.",
        names=("restock",),
        note="glimne says nothing of running out a second time.",
    ),
    E(
        "glimne-first-lead",
        "rule",
        "Den som gör första utspelet är den aktive spelare som sitter närmast till vänster om "
        "given; och i fortsättningen är det stickvinnaren som spelar ut till nästa stick.",
        "The first lead is made by the active player sitting nearest the dealer's left; after "
        "that the winner of each trick leads to the next.",
        names=("first lead", "lead"),
    ),
    E(
        "glimne-dealer-ace",
        "rule",
        "Om givens sista kort är ett ess, är det med automatik trumfesset och det är i stället "
        "given som gör första utspelet.",
        "If the dealer's last card is an ace, it is automatically the trump ace, and the dealer "
        "makes the first lead instead.",
        names=("dealer's ace",),
        note="glimne does not say whether this dealer may pass.",
    ),
    E(
        "glimne-whist",
        "rule",
        "I grunden tillgår stickspelet som i vanlig whist: ett kort vardera i varje stick; och "
        "du måste följa färgen på utspelskortet om möjligt.",
        "At bottom the play goes as in ordinary whist: one card each to every trick, and you "
        "must follow the suit led if you can.",
        names=("tricks", "whist"),
        concepts=("follow",),
        note="glimne's duty to follow suit; rule 4 applies it to a trick already trumped.",
    ),
    E(
        "glimne-1",
        "rule",
        "Den viktigaste specialregeln i bourré är att du alltid måste spela för att försöka "
        "vinna sticket (dock med iakttagande av regeln att du hela tiden om möjligt måste följa "
        "färg).",
        "The most important special rule of bourré is that you must always play to try to win "
        "the trick (while still obeying the rule that you must always follow suit if you can).",
        note="A principle: glimne gives no example of it. glimne ties rules 9 and 10 to it "
        "('en följd av den tvingande regeln (1)'), and rule 8 releases you from it.",
    ),
    E(
        "glimne-2",
        "rule",
        (
            "Kan du följa färg och ingen har trumfat, måste du om du kan spela ett högre kort än "
            "det dittills högsta spelade på sticket.",
            "Har du däremot inget högre kort än det dittills högsta i utspelsfärgen, får du "
            "spela ett valfritt lägre kort i utspelsfärgen.",
        ),
        "If you can follow suit and nobody has trumped, you must, if you can, play a higher "
        "card than the highest played to the trick so far. If you have no higher card than the "
        "highest so far in the suit led, you may play any lower card of the suit led.",
        "full",
        "Exempel: A har spelat ut hj7 och B har spelat hj10, och du som sitter härnäst har hj4 "
        "och hjJ; du är nu tvungen att spela hjJ.",
        concepts=("beat", "cannot-beat"),
        note="Two examples (glimne-2a, glimne-2b); neither names a trump suit.",
    ),
    E(
        "glimne-2a",
        "example",
        "Exempel: A har spelat ut hj7 och B har spelat hj10, och du som sitter härnäst har hj4 "
        "och hjJ; du är nu tvungen att spela hjJ.",
        "Example: A led the 7♥ and B played the 10♥; you, next, hold the 4♥ and the J♥: you "
        "must play the J♥.",
        "full",
        parent="glimne-2",
    ),
    E(
        "glimne-2b",
        "example",
        "Exempel: A har spelat ut hj7 och B har spelat hjK. Du har som innan hj4 och hjJ, och "
        "väljer nu att spela hj4 eftersom du ändå inte kan slå kungen.",
        "Example: A led the 7♥ and B played the K♥. You hold the 4♥ and J♥ as before and "
        "choose the 4♥, since you cannot beat the king anyway.",
        "full",
        parent="glimne-2",
    ),
    E(
        "glimne-3",
        "rule",
        "Om du inte har något kort i utspelsfärgen och därför inte kan följa färg, måste du "
        "spela ett trumfkort (om du har något kort i trumffärgen).",
        "If you have no card of the suit led and so cannot follow, you must play a trump (if "
        "you have any).",
        "full",
        "Exempel: A har spelat ut ru9, och spader är trumf. Du sitter härnäst och har inget "
        "ruterkort, men väl sp8 och spQ samt kl6 och hj10; du väljer att spela sp8.",
        concepts=("trump",),
    ),
    E(
        "glimne-4",
        "rule",
        "Har du kort i både utspelsfärgen och trumffärgen, och det spelats bägge, måste du ändå "
        "följa utspelsfärgen.",
        "If you hold cards of both the suit led and trumps, and both have been played, you must "
        "still follow the suit led.",
        "full",
        "Exempel: A har spelat ut kl10, och B som saknar klöver har spelat sp5 (spader är "
        "trumf). Du har klA och spJ på handen just då, och måste spela klA trots att du ändå "
        "inte kan vinna sticket med det.",
    ),
    E(
        "glimne-5",
        "rule",
        "Har det trumfats och du saknar kort i utspelsfärgen men har ett högre trumfkort, måste "
        "du övertrumfa.",
        "If the trick has been trumped, and you have no card of the suit led but hold a higher "
        "trump, you must overtrump.",
        "full",
        "A har spelat ut hj6, B som saknar hjärter har spelat sp6 (spader är trumf), C har "
        "spelat hj2 och du har inga hjärter men väl sp4, spJ och ruK kvar. Du måste spela spJ "
        "för att övertrumfa.",
        concepts=("overtrump",),
    ),
    E(
        "glimne-6",
        "rule",
        "Har det spelats ut och sedan trumfats, och du saknar kort i utspelsfärgen men väl har "
        "i trumffärgen, måste du i stället ”följa” trumffärgen även om du inte kan vinna "
        "sticket.",
        "If a suit was led and then trumped, and you have no card of the suit led but do hold "
        "trumps, you must 'follow' in trumps instead, even if you cannot win the trick.",
        "full",
        "Du har nu sp4, ruK och kl8 på handen, och måste spela sp4.",
        concepts=("trump-anyway",),
    ),
    E(
        "glimne-7",
        "rule",
        "Kan du inte slå det dittills högsta kortet i sticket, får du spela vad du vill (så "
        "länge du följer färg om du kan).",
        "If you cannot beat the highest card in the trick so far, you may play what you like "
        "(as long as you follow suit if you can).",
        "full",
        "Exempel: A spelar ut hjQ, och B spelar sp7 (spader är trumf). Du har hjA, hj6 och spJ.",
        concepts=("trumped-follow",),
        note="One example with its contrast (glimne-7a, glimne-7b).",
    ),
    E(
        "glimne-7a",
        "example",
        "Du måste följa utspelsfärgen och kan alltså inte vinna sticket eftersom det redan har "
        "trumfats, men väljer nu att spela hj6.",
        "(A led the Q♥, B trumped with the 7♠; you hold A♥, 6♥, J♠.) You must follow suit and "
        "so cannot win the trick, which has already been trumped, and choose to play the 6♥.",
        "full",
        parent="glimne-7",
    ),
    E(
        "glimne-7b",
        "example",
        "(Hade däremot B spelat hj7 i stället för sp7, hade du varit tvungen att spela ditt hjA.)",
        "(Had B played the 7♥ instead of the 7♠, you would have had to play your A♥.)",
        "full",
        parent="glimne-7",
    ),
    E(
        "glimne-8",
        "rule",
        "Har du inga kort i vare sig utspelsfärgen eller i trumffärgen får du saka vad du vill, "
        "men kan givetvis inte vinna sticket.",
        "If you have no card of either the suit led or trumps, you may throw away what you "
        "like, but of course cannot win the trick.",
        concepts=("discard",),
        note="glimne gives no example for rule 8.",
    ),
    E(
        "glimne-9",
        "rule",
        "Vet du säkert om att du just då har det högsta kvarvarande kortet i utspelsfärgen, "
        "måste du spela det.",
        "If you know for certain that you hold, at that moment, the highest remaining card of "
        "the suit led, you must play it.",
        "part",
        "Du har klQ, samtidigt som alla har sett att både klA och klK har gått. Om någon annan "
        "före dig har inlett sticket med ett klöverkort, och det inte har trumfats, måste du "
        "spela din klQ.",
        concepts=("known-top",),
        note="The example gives your queen and the two clubs seen; the rest of the position is "
        "left open.",
    ),
    E(
        "glimne-10",
        "rule",
        "Skulle du garanterat veta att alla andra har slut på kort i trumffärgen, medan du "
        "däremot har trumfkort kvar och det är din tur att spela ut, måste du spela ut ett "
        "trumfkort.",
        "Should you know for certain that everyone else is out of trumps while you still hold "
        "some, and it is your turn to lead, you must lead a trump.",
        concepts=("others-out",),
        note="glimne gives no example for rule 10.",
    ),
    E(
        "glimne-face-up",
        "rule",
        "Den som vinner ett stick lägger det framför sig med korten uppåt, fullt synliga",
        "Whoever wins a trick lays it in front of them face up, in full view.",
        names=("face up",),
    ),
    E(
        "glimne-cinch",
        "variant",
        (
            "Bland de vanligaste är ”cinch”-reglerna",
            "(”Cinch” eller ”cinch win” har betydelsen ”en stensäker grej” = du är garanterad "
            "att vinna ett eller flera stick.)",
        ),
        "Among the commonest [local variants] are the 'cinch' rules … ('Cinch' or 'cinch win' "
        "means 'a dead certainty': you are guaranteed to win one or more tricks.)",
        "part",
        "t.ex. genom att sitta med A-K-Q i trumffärgen",
        names=("cinch", "cinch win"),
        concepts=("cinch-pot", "cinch-strict"),
        note="A local variant, not part of glimne's ten rules.",
    ),
    E(
        "glimne-cinch-lead-ace",
        "rule",
        "Är det din tur att spela ut, och du har esset i trumffärgen, måste du spela det; har "
        "trumfesset däremot gått men du har trumfkungen, måste du spela den, osv.",
        "If it is your turn to lead and you hold the ace of trumps, you must play it; if the "
        "trump ace has gone but you hold the king, you must play that, and so on.",
        parent="glimne-cinch",
    ),
    E(
        "glimne-cinch-akq",
        "rule",
        "Har du tre säkra stick, t.ex. genom att sitta med A-K-Q i trumffärgen, måste du spela "
        "ut de korten först (och genom att börja med det högsta)",
        "If you have three sure tricks, say by holding A-K-Q of trumps, you must lead those "
        "cards first (starting with the highest).",
        "part",
        "t.ex. genom att sitta med A-K-Q i trumffärgen",
        parent="glimne-cinch",
    ),
    E(
        "glimne-cinch-ak-after-one",
        "rule",
        "har du redan vunnit ett stick och nu har A-K i trumffärgen, måste du spela ut de två "
        "korten härnäst",
        "if you have already won a trick and now hold A-K of trumps, you must lead those two "
        "cards next",
        "part",
        "har du redan vunnit ett stick och nu har A-K i trumffärgen",
        parent="glimne-cinch",
    ),
    E(
        "glimne-cinch-last",
        "rule",
        "spelar du sist till ett stick och garanterat kan vinna det, måste du göra det (med "
        "iakttagande av reglerna om att följa färg resp trumf ovan)",
        "if you play last to a trick and can surely win it, you must (keeping the rules above "
        "on following suit and trumping)",
        parent="glimne-cinch",
    ),
    E(
        "glimne-cinch-lay-down",
        "variant",
        "Om du har t.ex. A-K-Q i trumffärgen och ni spelar med ”cinch win”-regler, är det kutym "
        "att du spelar ut alla de tre korten på samma gång; varpå de övriga då måste spela ut "
        "tre kort var, och du tar hem de tre sticken i ett svep.",
        "If you hold, say, A-K-Q of trumps and you play 'cinch win' rules, it is customary to "
        "lay all three cards down at once; the others must then play three cards each, and you "
        "take the three tricks in one sweep.",
        "part",
        "Om du har t.ex. A-K-Q i trumffärgen",
        parent="glimne-cinch",
    ),
    E(
        "glimne-cinch-three-won",
        "rule",
        "Har du redan vunnit tre stick och alltså är garanterad att vinna handen, måste du "
        "inleda nästa stick genom att spela ut ett trumfkort om du har något",
        "If you have already won three tricks and so are sure to win the hand, you must open "
        "the next trick by leading a trump, if you have one.",
        parent="glimne-cinch",
        note="A trump, any one: glimne does not ask for the highest.",
    ),
    E(
        "glimne-win",
        "payment",
        "Har en spelare vunnit genom att ta minst tre stick, tar han eller hon hand om hela "
        "potten.",
        "A player who has won by taking at least three tricks takes the whole pot.",
        names=("winner",),
        note="glimne does not discuss a 2-1-1-1 hand.",
    ),
    E(
        "glimne-split",
        "payment",
        (
            "Om två eller flera personer tar hem lika många ”flest stick”, blir det oavgjort i "
            "den handen.",
            "Pengarna i potten ligger kvar, och potten fylls på i nästa hand med nya antar från "
            "alla deltagare.",
        ),
        "If two or more people take the same 'most tricks', the hand is a tie. The money stays "
        "in the pot, and next hand the pot is topped up with new antes from everyone.",
        "part",
        "Med t.ex. fyra aktiva spelare kan det bli oavgjort med 2-2-1-0 i stick; med fem "
        "spelare kan det bli oavgjort med antingen 2-2-1-0-0 eller 1-1-1-1-1; etc.",
        names=("split", "tie"),
    ),
    E(
        "glimne-split-five",
        "example",
        "med fem spelare kan det bli oavgjort med antingen 2-2-1-0-0 eller 1-1-1-1-1",
        "with five players a tie can be either 2-2-1-0-0 or 1-1-1-1-1",
        "part",
        parent="glimne-split",
        note="Trick counts only; the chips of a scene built on it are ours.",
    ),
    E(
        "glimne-bourre",
        "payment",
        "En spelare som bestämde sig för att gå med och spela, men sedan inte tog något stick, "
        "har ”gjort en bourré” och måste lägga lika mycket som just då ligger i potten "
        "(varefter potten går till vinnaren, eller ligger kvar om blev oavgjort).",
        "A player who decided to play but then took no trick has 'made a bourré' and must put "
        "in as much as the pot holds at that moment (after which the pot goes to the winner, "
        "or stays if it was a tie).",
        "full",
        "Exempel: Sex spelare, fyra bestämde sig för att gå med efter given",
        names=("bourré",),
    ),
    E(
        "glimne-pay",
        "example",
        (
            "Exempel: Sex spelare, fyra bestämde sig för att gå med efter given, det ligger "
            "alltså 6+4=10 kronor i potten efter antarna, och sticken fördelade sig 2-2-1-0.",
            "Den som tog 0 stick måste nu lägga 10 kronor i potten. Det ligger därefter 20 "
            "kronor där, och inför nästa hand fyller alla på med en ny ante så att det nu "
            "ligger 26 kronor i potten!",
        ),
        "Example: six players, four decided to play after the deal, so 6 + 4 = 10 kronor are "
        "in the pot after the antes, and the tricks fell 2-2-1-0. The player with 0 tricks must "
        "now put 10 kronor in the pot. It then holds 20, and before the next hand everyone "
        "antes again, so the pot now holds 26!",
        "full",
        parent="glimne-bourre",
        names=("payment",),
    ),
    E(
        "glimne-renege",
        "payment",
        "Samma straff, att efter en färdigspelad hand matcha vad som just då ligger i potten, "
        "tilldöms också en spelare som brutit mot någon av de ovanstående reglerna.",
        "The same penalty, matching what the pot then holds once the hand is played out, is "
        "given to a player who broke any of the rules above.",
        names=("renege", "penalty"),
        note="glimne does not say whether the wrong card stands or is taken back.",
    ),
    E(
        "glimne-deal-passes",
        "rule",
        "Given förflyttar sig ett steg medsols för varje hand",
        "The deal moves one seat clockwise every hand.",
    ),
    E(
        "glimne-for-fun",
        "variant",
        "alla startar med låt oss säga 100 enheter var, och efter ett överenskommet antal händer "
        "(eller så snart en spelare gått bankrutt) ser man vem som just då har flest marker.",
        "everyone starts with, say, 100 units, and after an agreed number of hands (or as soon "
        "as one player is bankrupt) you see who has the most chips at that moment.",
        "part",
        "låt oss säga 100 enheter var",
        names=("for fun", "game for fun"),
    ),
)

# --- wikipedia: the Portuguese Wikipedia article (seed 001) -----------------------------------

WIKIPEDIA = (
    E(
        "wikipedia-origin",
        "background",
        (
            "jogado principalmente no Acadiana região de Louisiana",
            "Os parentes mais próximos do jogo são provavelmente Spades e Euchre",
        ),
        "played mainly in the Acadiana region of Louisiana … The game's closest relatives are "
        "probably Spades and Euchre.",
    ),
    E(
        "wikipedia-object",
        "rule",
        (
            "O objetivo do Bourré é pegar a maioria das vazas em cada mão",
            "Se um jogador não consegue realizar a maioria das vazas, o objetivo secundário é "
            "evitar o bourré ou não realizar nenhuma vaza .",
            "Um bourré geralmente tem uma penalidade alta, incluindo igualar a quantidade de "
            "dinheiro no pote.",
        ),
        "The object of Bourré is to take the most tricks in each hand … If a player cannot "
        "take the most tricks, the secondary object is to avoid the bourré, or taking no "
        "trick. A bourré usually carries a heavy penalty, including matching the amount of money "
        "in the pot.",
        names=("object",),
    ),
    E(
        "wikipedia-references",
        "background",
        (
            "Guidry, Preston (1988). Graeff, Benny; Lantier, Ivy (eds.). Regras e técnicas "
            "oficiais do jogo de cartas Cajun Bourré (boo-ray) .",
            "Engler, Henry J (1964). Regras e técnicas de Bourré .",
        ),
        "[Resources:] Preston Guidry (1988), eds. Benny Graeff and Ivy Lantier: the official "
        "rules and techniques of the Cajun card game Bourré (National Cajun Bourré Association, "
        "Louisiana). Henry J Engler (1964): rules and techniques of Bourré.",
        names=("references", "resources"),
        note="The article's resources; the course has not read them.",
    ),
    E(
        "wikipedia-players",
        "rule",
        "O jogo é jogado com um baralho padrão de 52 cartas, ases high e dois a sete jogadores.",
        "The game is played with a standard 52-card pack, aces high, by two to seven players.",
        names=("players", "cards"),
    ),
    E(
        "wikipedia-seven",
        "rule",
        "Com sete jogadores, apenas três cartas podem ser descartadas (para não ter que "
        "reutilizá-las para jogadores posteriores).",
        "With seven players only three cards may be discarded (so as not to have to reuse them "
        "for later players).",
        names=("seven players", "seven"),
    ),
    E(
        "wikipedia-deal",
        "rule",
        (
            "o dealer distribui cinco cartas para cada jogador, uma de cada vez",
            "o dealer vira sua própria quinta carta - a última distribuída - e o naipe dessa "
            "carta é considerado trunfo",
        ),
        "the dealer deals five cards to each player, one at a time … the dealer turns up their "
        "own fifth card, the last dealt, and its suit is trumps.",
        names=("deal",),
        note="wikipedia names no direction for the deal.",
    ),
    E(
        "wikipedia-trump",
        "rule",
        'um dois de trunfos é "mais alto" em classificação do que um ás de qualquer outro naipe',
        "a two of trumps ranks 'higher' than an ace of any other suit",
    ),
    E(
        "wikipedia-declare",
        "rule",
        (
            "cada jogador (começando à esquerda do dealer e continuando no sentido horário) "
            "declara a intenção de jogar",
            "essas cartas são coletadas pelo dealer",
        ),
        "each player (starting on the dealer's left and going clockwise) declares whether they "
        "mean to play … [those who do not] fold, and the dealer collects their cards.",
        names=("declare",),
    ),
    E(
        "wikipedia-second-bet",
        "variant",
        "Muitas variantes requerem uma aposta adicional neste ponto.",
        "Many variants require an extra bet at this point.",
    ),
    E(
        "wikipedia-draw",
        "rule",
        (
            "Uma vez que cada jogador tenha declarado a intenção, o dealer pergunta aos que "
            "ainda estão no jogo (na mesma ordem de antes) quantas novas cartas eles desejam.",
            "Eles podem pegar qualquer número de zero a cinco",
        ),
        "Once every player has declared, the dealer asks those still in (in the same order as "
        "before) how many new cards they want. They may take any number from zero to five.",
        names=("draw",),
    ),
    E(
        "wikipedia-restock",
        "rule",
        "Se o estoque principal se esgotar antes que todos os jogadores tenham sido atendidos, o "
        'dealer embaralha as mãos "desistidas" e as distribui; se esse estoque também se '
        "esgotar, os descartes são embaralhados e usados.",
        "If the main stock runs out before every player has been served, the dealer shuffles "
        "the folded hands and deals them; if that stock runs out too, the discards are shuffled "
        "and used.",
        names=("restock",),
    ),
    E(
        "wikipedia-lead",
        "rule",
        "O primeiro jogador à esquerda do dealer que ainda está no jogo começa jogando qualquer "
        "carta (com poucas exceções)",
        "The first player on the dealer's left still in the game begins by playing any card "
        "(with few exceptions)",
        names=("lead",),
    ),
    E(
        "wikipedia-precedence",
        "rule",
        "(uma regra de número inferior substitui qualquer regra de número superior)",
        "(a lower-numbered rule overrides any higher-numbered rule)",
        names=("precedence",),
    ),
    E(
        "wikipedia-1",
        "rule",
        "Você deve jogar no mesmo naipe, se possível, mesmo que sua carta mais alta do naipe não "
        "derrote a carta mais alta em jogo. Mesmo que um trunfo tenha sido jogado em uma "
        "liderança não trunfo,",
        "You must follow suit if you can, even if your highest card of the suit does not beat "
        "the highest card played. Even if a trump has been played on a non-trump lead,",
        concepts=("follow", "trumped-follow"),
        note="The sentence breaks off in the seed. wikipedia gives no example for rule 1.",
    ),
    E(
        "wikipedia-2",
        "rule",
        'Você deve jogar um trunfo se não tiver cartas do naipe e deve "jogar para ganhar".',
        "You must play a trump if you have no card of the suit, and you must 'play to win'.",
        "full",
        "Se o único trunfo jogado for um três e você tiver o dois e o ás de trunfo, mas nenhuma "
        "carta do naipe principal, você deve jogar o ás de trunfo.",
        concepts=("trump", "overtrump", "trump-not-needed"),
        note="The example names the trumps only; the suit led and the rest of the table are "
        "left open.",
    ),
    E(
        "wikipedia-2-cannot-win",
        "rule",
        'Se você não pode "jogar para ganhar", então não é necessário jogar um trunfo que não '
        "pode vencer a rodada.",
        "If you cannot 'play to win', you need not play a trump that cannot win the trick.",
        parent="wikipedia-2",
        note="No example for this half of rule 2.",
    ),
    E(
        "wikipedia-trump-anyway",
        "variant",
        (
            'Algumas variantes substituem a regra "jogue para ganhar" e exigem que um trunfo '
            "seja jogado de qualquer maneira.",
            "grupos de jogadores são conhecidos por exigir que um jogador jogue trunfo, embora o "
            "jogador não possa vencer a vaza",
        ),
        "Some variants replace the 'play to win' rule and require a trump to be played anyway. "
        "… groups of players are known to require a player to trump even though the player "
        "cannot win the trick.",
        names=("trump anyway",),
        concepts=("trump-anyway",),
    ),
    E(
        "wikipedia-3",
        "rule",
        "Se você não tiver cartas do naipe de chumbo nem trunfos, você pode jogar qualquer "
        "carta. Esta é uma carta off e é efetivamente menor do que um dois do naipe principal.",
        "If you have neither cards of the suit led nor trumps, you may play any card. This is "
        "an off card and is in effect lower than a two of the suit led.",
        concepts=("discard",),
        note="wikipedia gives no example for rule 3, the free discard.",
    ),
    E(
        "wikipedia-face-up",
        "rule",
        "O vencedor de uma determinada rodada ou vaza recolhe as cartas e as coloca com a face "
        "para cima na frente delas",
        "The winner of a trick gathers the cards and lays them face up in front of them",
        names=("face up",),
    ),
    E(
        "wikipedia-win",
        "payment",
        "Se um único jogador fez mais vazas do que qualquer outro jogador, esse jogador ganhou a "
        "mão e pode levar todos os ganhos do pote.",
        "If a single player took more tricks than any other player, that player has won the "
        "hand and may take everything in the pot.",
        names=("winner",),
    ),
    E(
        "wikipedia-split",
        "payment",
        "Se mais de um jogador empatar na maioria das vazas, este é um pote dividido. Com cinco "
        "vazas, as únicas divisões possíveis são 2-2-1 e 1-1-1-1-1. Em um pote dividido, os "
        "ganhos permanecem na mesa.",
        "If more than one player ties for most tricks, this is a split pot. With five tricks "
        "the only possible splits are 2-2-1 and 1-1-1-1-1. In a split pot the money stays on "
        "the table.",
        "part",
        "as únicas divisões possíveis são 2-2-1 e 1-1-1-1-1",
        names=("split",),
    ),
    E(
        "wikipedia-bourre",
        "payment",
        "Qualquer jogador que não executou vazas ou renegou durante o jogo - isto é, não seguiu "
        "as regras corretamente - empatou e deve igualar o pote para a próxima rodada em vez de "
        "adicionar o ante usual.",
        "Any player who took no trick, or reneged during play (that is, did not follow the "
        "rules correctly), 'tied' [empatou: the translation's word where the sense is 'is "
        "bourréd'] and must match the pot for the next round instead of adding the usual ante.",
        "full",
        "Por exemplo, se houver cinco fichas vermelhas no pote no final de uma mão e alguém "
        "bourréd, ele deve colocar cinco fichas vermelhas (ou o equivalente) no pote para a "
        "próxima rodada.",
        names=("bourré", "renege"),
    ),
    E(
        "wikipedia-deal-passes",
        "rule",
        "O negócio então passa para a esquerda.",
        "The deal then passes to the left.",
    ),
    E(
        "wikipedia-cinch",
        "rule",
        (
            "Existem regras complexas sobre jogos forçados",
            'Isso às vezes é chamado de regra "vitória fácil".',
        ),
        "There are complex rules about forced plays … This is sometimes called the 'easy win' "
        "rule.",
        "part",
        "um exemplo simples é quando alguém que acabou de fazer sua segunda vaza tem o ás de "
        "trunfo",
        names=("forced play", "forced plays", "easy win", "vitória fácil"),
        concepts=("cinch-pot",),
        note="wikipedia's cases name the trumps held and the tricks won, never a whole position.",
    ),
    E(
        "wikipedia-cinch-ace",
        "example",
        "um exemplo simples é quando alguém que acabou de fazer sua segunda vaza tem o ás de "
        "trunfo. Como o ás de trunfo é imbatível, eles devem jogá-lo como sua próxima carta.",
        "a simple example is someone who has just taken their second trick and holds the ace "
        "of trumps. Since the trump ace cannot be beaten, they must play it as their next card.",
        "part",
        parent="wikipedia-cinch",
    ),
    E(
        "wikipedia-cinch-ak",
        "example",
        "Ocorrências semelhantes são quando um jogador pegou uma vaza e tem ás e rei",
        "Similar cases are when a player has taken a trick and holds the ace and king",
        "part",
        parent="wikipedia-cinch",
        note="wikipedia does not say which card is played.",
    ),
    E(
        "wikipedia-cinch-aqj",
        "example",
        "ou (mais complexo) ás, rainha e valete",
        "or (harder) the ace, queen and jack",
        "part",
        parent="wikipedia-cinch",
        note="wikipedia gives the three cards only: no position, no card played.",
    ),
    E(
        "wikipedia-lay-down",
        "rule",
        "Se for certo que você vai ganhar, você deve ganhar imediatamente, colocando as cartas "
        "vencedoras todas de uma vez.",
        "If it is certain that you will win, you must win at once, laying the winning cards "
        "down all together.",
        parent="wikipedia-cinch",
        names=("lay down",),
    ),
    E(
        "wikipedia-nice-play",
        "rule",
        'A maioria dos jogos não permite essas jogadas "agradáveis"; os jogadores devem tentar '
        "burrar tantos outros jogadores quanto possível.",
        "Most games do not allow such 'nice' plays: players must try to bourré as many other "
        "players as possible.",
        names=("nice play",),
    ),
    E(
        "wikipedia-pot-limit",
        "variant",
        "Talvez o mais comum seja a introdução de um limite de pote , que limita o valor total "
        "que um único bourré ou renegar pode custar a um determinado jogador.",
        "Perhaps the commonest is a pot limit, which caps the total that a single bourré or "
        "renege can cost a given player.",
        names=("pot limit",),
        note="wikipedia gives no figure, and says nothing of what the winner takes.",
    ),
    E(
        "wikipedia-dealer-antes",
        "variant",
        (
            "Em alguns jogos, é comum o dealer apostar em todos os jogadores; isso simplifica a "
            "tentativa de determinar se os indivíduos apostaram.",
            "Em certo sentido, o dealer está pagando por seu trunfo voltado para cima.",
        ),
        "In some games the dealer commonly antes for every player; this makes it simpler to "
        "tell whether everyone has anted. In a sense, the dealer is paying for the turned-up "
        "trump.",
        "full",
        "Nessa variação, para um jogo de cinco pessoas com ante de um dólar, o dealer de cada "
        "mão apostaria cinco dólares.",
        names=("dealer antes",),
    ),
    E(
        "wikipedia-misplay",
        "variant",
        "As punições para o mau jogo variam de simples retração (bom para novos jogadores), "
        "retração e renegação ou apenas uma renegação, o que pode fazer com que o indivíduo que "
        "joga errado tente burrar um ou mais outros jogadores.",
        "Penalties for a misplay range from a simple retraction (good for new players), "
        "retraction and renege, or a renege only, which can make the individual who misplays "
        "try to bourré one or more other players.",
        names=("misplay", "penalties"),
    ),
    E(
        "wikipedia-ante",
        "rule",
        "O valor do ante padrão é compreensivelmente variável e o segundo ante é bastante comum.",
        "The usual ante is understandably variable, and the second ante is quite common.",
        names=("ante", "second ante"),
    ),
)

# --- pagat: the Japanese translation of pagat.com's page (seed 002) ---------------------------

PAGAT = (
    E(
        "pagat-origin",
        "background",
        (
            "このギャンブルゲームは、ルイジアナ(USA)で人気があります。",
            "ポーカーとは無関係なトリックテイキングではありますが",
            "フランスが起源のゲームです。20世紀前半に南西フランスで人気のあったカードゲームである"
            'ブーレイの子供で、スペインのゲームであるブロー("ドンキー")系のゲームです。',
        ),
        "This gambling game is popular in Louisiana (USA). … Though a trick-taking game "
        "unrelated to poker [it became known to North American poker players as a game to play "
        "instead of home poker]. … It is a game of French origin: a child of Bourre, a card game "
        "popular in south-west France in the first half of the 20th century, and of the family "
        "of the Spanish game Burro ('donkey').",
        names=("origin",),
    ),
    E(
        "pagat-cards",
        "rule",
        (
            "このゲームは7人プレイが一番良いです。理屈では2-8人までプレイ可能ですが、5人以下の"
            "場合はゲームはあまり面白くないでしょう。",
            "(強)A-K-Q-J-10-9-8-7-6-5-4-3-2(弱)",
        ),
        "The game is best with seven players. In theory two to eight can play, but with five or "
        "fewer the game is not much fun. … (strong) A-K-Q-J-10-9-8-7-6-5-4-3-2 (weak)",
        names=("players", "cards"),
    ),
    E(
        "pagat-deal",
        "rule",
        (
            "最初のディールの前に各プレイヤーは、ポットに1枚のチップをアンティとして支払わなくて"
            "はなりません。",
            "ディーラーの左隣から初めて時計回りに配ります。",
            "この表向きのカードのスートは切り札のスートになります。",
            "カードを配るディーラーは毎ラウンド左隣に移ります。",
        ),
        "Before the first deal each player must pay one chip into the pot as an ante. … Deal "
        "clockwise, starting on the dealer's left. … The suit of this face-up card is trumps. "
        "… The dealer moves one seat to the left every round.",
        names=("deal",),
    ),
    E(
        "pagat-shuffle",
        "rule",
        "ディーラーが最後にシャッフルをする権利があります。ディーラーの右隣の人がカットを行う"
        "必要があります。",
        "The dealer has the right to shuffle last. The player on the dealer's right must cut.",
        names=("shuffle", "cut"),
    ),
    E(
        "pagat-draw",
        "rule",
        'ディーラーの左隣から始めて時計回りに全てのプレイヤーは "プレイ" か "パス" かを宣言しな'
        'ければいけません。もし "プレイ" を宣言したならば、何枚か捨て札に出来ます。',
        "Starting on the dealer's left and going clockwise, every player must declare 'play' "
        "or 'pass'. If you declared 'play', you may discard some cards.",
        names=("draw", "declare", "the draw"),
        note="Terse: read as one round (a player who says play discards in the same turn); "
        "only the double-ante variant describes two rounds.",
    ),
    E(
        "pagat-pass",
        "rule",
        (
            '"パス" を宣言したならば、自分の手前に積み重ねて裏向きに手札を置きます。',
            "今回のディールで勝ってポットのチップを受け取ることはないですし、負けることによって"
            "追加のチップを支払う事もありません。",
        ),
        "If you declared 'pass', you stack your hand face down in front of you … you will not "
        "win the pot's chips this deal, nor pay any extra chips by losing.",
        names=("pass",),
    ),
    E(
        "pagat-exchange",
        "rule",
        (
            '"プレイ" を宣言したならば、手札を何枚か裏向きに捨て札にして、その枚数を宣言してくだ'
            "さい。ディーラーはそのプレイヤーに山札から代わりのカードを同数配る必要があります。",
            "望むなら手札5枚の全部のカードを捨てる事が出来ますし、もしくは始めに配られた手札で満"
            "足するかもしれません。",
        ),
        "If you declared 'play', discard some cards face down and say how many. The dealer "
        "must deal you as many replacements from the stock. … You may throw away all five "
        "cards if you like, or be content with the hand you were dealt.",
        names=("exchange",),
    ),
    E(
        "pagat-restock",
        "rule",
        "既に決定済みのプレイヤー(ただし、現在対応中のプレイヤーは除きます)から全ての捨て札と、"
        "パスしたプレイヤーのカードを集めます。それらのカードをシャッフルして、捨て札の代わり"
        "のカードを配る事を続けます。",
        "gather all the discards of the players who have already decided (but not of the player "
        "being dealt to now) and the cards of the players who passed. Shuffle them and go on "
        "dealing replacements.",
        names=("restock",),
    ),
    E(
        "pagat-dealer-ace",
        "rule",
        '表向きの切り札のカードがエースならば、ディーラーは強制的に "プレイ" を行わなければなり'
        "ません。",
        "If the face-up trump card is an ace, the dealer is obliged to play.",
        names=("dealer's ace",),
    ),
    E(
        "pagat-lone",
        "rule",
        (
            'ただ1人のプレイヤーが "プレイ" を選択した(他のプレイヤーは全員は "パス" です。)場合'
            "は、その1人のプレイヤーは、5トリック全てに勝利したと見なします。",
            "従って、そのプレイヤーはいかなるカードをプレイする事無しに、ポットに置かれた全ての"
            "チップを受け取ります。",
        ),
        "If only one player chooses 'play' (everyone else passes), that player counts as having "
        "won all five tricks, and so takes every chip in the pot without playing a card.",
        names=("lone player",),
    ),
    E(
        "pagat-dealer-alone",
        "rule",
        "また、ディーラー以外全員がパスした場合、ディーラーは勿論ポットに置かれた全てのチップを"
        "受け取ります。",
        "And if everyone but the dealer passes, the dealer of course takes every chip in the pot.",
        names=("dealer alone",),
    ),
    E(
        "pagat-out-of-turn",
        "rule",
        (
            '自分の手番が来る前に、早まって宣言をしたり、"プレイ" や "パス" を行おうとするような'
            "仕草をしたり、捨てカードの枚数を仄めかしたりしないでください。",
            "上記の様な行為を行ってしまった場合は、次回のディールに参加できません。",
        ),
        "Before your turn, do not declare early, make a gesture of playing or passing, or hint "
        "at how many cards you will discard. A player who does so may not take part in the "
        "next deal.",
        names=("out of turn",),
    ),
    E(
        "pagat-play",
        "rule",
        (
            'ディーラーの左隣から(そのプレイヤーが "パス" していたならば時計回りにリードプレイヤ'
            "ーを決めます)初めのトリックをリードします。その後、トリックに勝ったプレイヤーが次の"
            "ターンのリードを行います。",
            "切り札スートのトランプで最も大きな価値のカードをプレイした人が勝ちます。もしくは、切"
            "り札がプレイされない場合はリードされたスートのカードで最も価値の高いカードをプレイ"
            "した人が勝ちます。",
        ),
        "The player on the dealer's left leads to the first trick (if that player passed, the "
        "leader is found clockwise); after that the winner of a trick leads the next. … The "
        "highest trump played wins; or, if no trump is played, the highest card of the suit led.",
        names=("play", "lead"),
    ),
    E(
        "pagat-1",
        "rule",
        "プレイヤーは可能な限り{マストフォロー}のルールに従います。つまり、トリックの最初にプレ"
        "イされるカード以外は、リードされたスートのカードをプレイしなければなりません。",
        "Players follow the {must follow} rule whenever they can: every card after the first of "
        "the trick must be of the suit led.",
        concepts=("follow",),
        note="pagat gives no example for rule 1.",
    ),
    E(
        "pagat-2",
        "rule",
        (
            "スートのフォローが出来ない場合、もしくはリードされたスートのカードが無い場合は、可能"
            "な限り切り札をプレイしなければなりません。",
            "もし切り札が既にプレイされた、もしくはスートがフォローできないならば、あなたは可能な"
            "ら切り札でプレイされたカードより価値の高いカードをプレイしなくてはなりません。しかし"
            "、手札の切り札がプレイされたカードより価値の高いカードではない場合でも、切り札をプレ"
            "イしなくてはなりません。",
        ),
        "If you cannot follow suit, or hold no card of the suit led, you must play a trump if "
        "you can. … If a trump has already been played, or you cannot follow, you must if you "
        "can play a trump higher than the cards played. But even when your trumps are not "
        "higher than the cards played, you must still play a trump.",
        concepts=("trump", "overtrump", "trump-anyway"),
        note="The second excerpt is the paragraph after rule 3. pagat gives no example for rule 2.",
    ),
    E(
        "pagat-3",
        "rule",
        (
            "{マストフォロー}要求の前提としては、ここまででプレイされたトリックに勝てるような場合"
            "は既にプレイされたカードより価値の高いカードを可能な限りプレイしなければなりません。",
            "しかしながら、トリックで最も価値の高いカードをプレイできない場合は、{マストフォロー}"
            "や切り札の条件に従うならば、手札の最も価値の高いカードをプレイする必要はありません。",
        ),
        "Within the {must follow} requirement, when you can win the trick so far you must, if "
        "you can, play a card higher than those already played. … But when you cannot play the "
        "highest card of the trick, you need not play your own highest card, as long as you "
        "keep the follow and trump requirements.",
        "full",
        (
            "あなたはダイヤのAではなく、ダイヤの6をプレイする事が出来ます。",
            "もし2番手のプレイヤーがダイヤのカードをプレイした場合は、クイーンに勝つためにダイヤの"
            "Aをプレイしなくてはなりませんでした。",
        ),
        concepts=("beat", "cannot-beat"),
        note="pagat's one worked example (pagat-example) follows the 'however' paragraph quoted "
        "here and belongs to rule 3: its first half is 'you need not play your highest card', "
        "its second half (pagat-example-b) 'beat it if you can'. The cards of the pagat-3 scene "
        "are ours.",
    ),
    E(
        "pagat-example",
        "example",
        (
            "スペードが切り札で、リードはダイヤのQをプレイしました。",
            "2番手のプレイヤーは、切り札のスペードの4をプレイしました。",
            "あなたは3番手で、ダイヤの6とA、いくつかのスペードが手札です。",
            "あなたはダイヤのAではなく、ダイヤの6をプレイする事が出来ます。",
        ),
        "Spades are trumps and the lead was the Q♦. The second player played the 4♠, a trump. "
        "You are third, holding the 6♦, the A♦ and some spades. … You may play the 6♦ rather "
        "than the A♦.",
        "full",
        parent="pagat-3",
        concepts=("trumped-follow",),
        names=("example",),
        note="pagat's only example for its play rules, worked out under rule 3 (it follows the "
        "'however' paragraph); 'some spades' are not named.",
    ),
    E(
        "pagat-example-b",
        "example",
        "もし2番手のプレイヤーがダイヤのカードをプレイした場合は、クイーンに勝つためにダイヤのA"
        "をプレイしなくてはなりませんでした。",
        "Had the second player played a diamond, you would have had to play the A♦ to beat the "
        "queen.",
        "part",
        parent="pagat-example",
        note="The second player's diamond is not named.",
    ),
    E(
        "pagat-discard",
        "rule",
        "リードされたスートもしくは切り札を持っていない場合は、どのカードでもプレイできます。た"
        "だし、勿論トリックで勝つことは出来ません。",
        "If you hold neither the suit led nor a trump, you may play any card; of course it "
        "cannot win the trick.",
        concepts=("discard",),
        names=("discard",),
    ),
    E(
        "pagat-dealer-card",
        "rule",
        "切り札のスートを決定するために表向きに配られたカード(そのカードをディーラーが捨てると"
        "いう非常に変わった場合を除いて)はディーラーの手札と見なして",
        "the card dealt face up to set the trump suit (except in the very unusual case that the "
        "dealer throws it away) counts as part of the dealer's hand",
        names=("turned card",),
    ),
    E(
        "pagat-cinch",
        "rule",
        "どのようなカードがプレイされるかに関係無く、3つの確実に獲得できるトリックがある場合(従"
        "って、ポットからチップを獲得すると言う事です)、ほぼ確実に勝つと言われています。",
        "When you have three tricks you will surely take whatever cards are played (and so "
        "will take the pot's chips), you are said to be almost certain to win.",
        "part",
        "ゲームの開始時にA-K-QやK-Q-10-9-8のような切り札を持つならばほぼ確実に勝てるでしょう。",
        names=("cinch",),
        concepts=("cinch-pot",),
        note="pagat defines no formula for counting sure tricks; the engine's count is ours.",
    ),
    E(
        "pagat-cinch-lead",
        "rule",
        "あなたが確実に勝つカードを持っていて、自分でリードを行うならば、最も高い価値のカードで"
        "リードを行わなければなりません。",
        "If you hold a hand sure to win and you lead, you must lead your highest card.",
        parent="pagat-cinch",
        note="A pattern without an example.",
    ),
    E(
        "pagat-cinch-follow",
        "rule",
        "あなたが確実に勝つカードを持っていて、他のプレイヤーがリードを行うならば、最も高い価値"
        "のカードをプレイしてそのトリックを獲得するようなプレイを行わなければなりません。",
        "If you hold a hand sure to win and another player leads, you must play so as to take "
        "the trick with your highest card.",
        parent="pagat-cinch",
        note="A pattern without an example.",
    ),
    E(
        "pagat-cinch-last",
        "rule",
        (
            "あなたが確実に勝つカードを持っていて、そのトリックの最後にプレイを行うならば、その時"
            "は特別なルールはありません。",
            "{マストフォロー}と切り札の条件に従うならば、あなたは可能ならばトリックを獲得するよう"
            "に単に勝つカードをプレイすれば良いだけです。",
        ),
        "If you hold a hand sure to win and play last to the trick, there is no special rule. "
        "Keeping the {must follow} and trump requirements, you simply play a winning card so "
        "as to take the trick if you can.",
        parent="pagat-cinch",
        note="A pattern without an example.",
    ),
    E(
        "pagat-cinch-sure",
        "example",
        (
            "ゲームの開始時にA-K-QやK-Q-10-9-8のような切り札を持つならばほぼ確実に勝てるでしょう。",
            "例えば、トリックで勝った後に、2枚の確実な切り札を使ってトリックを獲得します。",
        ),
        "Holding trumps such as A-K-Q or K-Q-10-9-8 at the start of the game, you are almost "
        "certain to win. … For example, after winning a trick, you take tricks with two sure "
        "trumps.",
        "part",
        parent="pagat-cinch",
        note="Hands, not positions: pagat names no card played.",
    ),
    E(
        "pagat-cinch-fourth",
        "rule",
        "あなたが最初に3トリック取得するならば、この確実に勝てる法則はポットからチップを取得した"
        "後からあてはまります。そして、あなたはもし手札があるなら残りの1枚を使って4回目のトリッ"
        "クのリードを開始しなければなりません。",
        "If you take the first three tricks, this sure-win rule applies after you have won the "
        "pot's chips: you must lead the fourth trick with the remaining card if you have it.",
        parent="pagat-cinch",
    ),
    E(
        "pagat-cinch-equal",
        "rule",
        "手札で確実に勝てるために最も価値の高い切り札を要求されるときは、隣接した切り札で弱い手"
        "札(KとAでK、Qは既にプレイ済みでKとJのJなど)をプレイする事は可能です。",
        "When your highest trump is required because you are sure to win, you may play a lower "
        "adjacent trump instead (the K from K and A; the J from K and J once the Q has been "
        "played).",
        "part",
        "KとAでK、Qは既にプレイ済みでKとJのJなど",
        parent="pagat-cinch",
    ),
    E(
        "pagat-payment",
        "payment",
        "ポットのチップを受け取るためには、他のどのプレイヤーよりも多くトリックを取る事が必要で"
        "す。3トリック取れたら必要十分です。2トリックの場合は、他のプレイヤーがそれぞれ1トリッ"
        "クずつ取るならば、ポットのチップを受け取る事が出来ます。",
        "To take the pot you must take more tricks than any other player. Three tricks are "
        "always enough. With two tricks you take the pot if the other players take one each.",
        names=("payment", "winner"),
    ),
    E(
        "pagat-split",
        "payment",
        (
            "最大トリックが同率多数(2-2-1やほんとうにごくまれに1-1-1-1-1が起こりえます)の場合は"
            "、誰もポットのチップを受け取りません。",
            "それは次のディールのために残り、新しいアンティやいかなる罰符にも加算します。",
        ),
        "If several tie for most tricks (2-2-1, or very rarely 1-1-1-1-1), nobody takes the "
        "pot. … It stays for the next deal, and new antes and any penalties are added to it.",
        names=("split",),
    ),
    E(
        "pagat-bourre",
        "payment",
        "これらのプレイヤーはポットに入っているコインと同額(罰符)を支払わなければなりません。ポ"
        "ットの一部となったこの支払いは次のディールのために残ります。",
        "These players must pay as much as the pot holds (a penalty). This payment becomes part "
        "of the pot and stays for the next deal.",
        names=("bourré",),
    ),
    E(
        "pagat-ante",
        "payment",
        (
            "「ブーレイ」になったプレイヤーは次のディールのために通常のルールである1枚のチップを"
            "アンティとして支払う必要はありません。",
            "全ての残りのプレイヤーは通常通り1枚のチップをアンティとして支払います。",
        ),
        "Players who were bourréd need not pay the usual one-chip ante for the next deal. [The "
        "players tied in a split pot need not either.] All the other players ante one chip as "
        "usual.",
        names=("antes", "ante"),
        note="pagat's seven-player example is left out of the translation (略).",
    ),
    E(
        "pagat-renege",
        "payment",
        (
            "次の手番のプレイヤーがカードをプレイするより前に「無効」を修正しないならば、「ブー"
            "レイ」になったプレイヤーであるかのように罰符としてポットに入っているチップと同額を"
            "ポットへ支払います。",
            "プレイするカードを宣言し直し、正しいカードと差し替えても良いです。",
            "この場合、たとえ過半数のトリックを取ったとしても、そのプレイヤーはポットからチップ"
            "を受け取る権利と、次のディールに参加する権利を失います。",
            "たとえトリックが全く取れなかったとしても、ポットへの罰符を支払う必要はありません。",
        ),
        "If the renege is not corrected before the next player plays, the player pays into the "
        "pot, as a penalty, as much as the pot holds, as if bourréd. … [Noticed before the next "
        "player plays,] you may re-declare the card you play and replace it with the right one. "
        "In that case, even with a majority of the tricks the player loses the right to take "
        "the pot and to take part in the next deal. Even with no trick at all, the player need "
        "not pay a penalty into the pot.",
        names=("renege",),
        note="pagat says nothing about the ante of a player who sits out for a renege, nor who "
        "takes the pot this player loses the right to.",
    ),
    E(
        "pagat-double-ante",
        "variant",
        (
            "このバリエーションでは、全てのプレイヤーはディールの前に1枚のチップをアンティとして"
            "支払います。さらに追加で、ポットへ追加1枚のチップを支払うかを決めます。パスか2枚目"
            "のアンティを支払わないプレイヤーはこのディールでは負けになります。",
            '"プレイ"をするかどうかやカードを配る枚数に関わらず、2つのラウンドに分けてゲームを行'
            "います。",
        ),
        "In this variant every player antes one chip before the deal, and then decides whether "
        "to put one more chip in the pot; a player who passes or does not pay the second ante "
        "loses this deal. … Regardless of [関わらず, garbled] playing or not and the number of "
        "cards dealt, the game is done in two rounds.",
        names=("double ante",),
        note="The second sentence is garbled in the translation ('regardless of'); its sense, "
        "read with what follows (everyone declares, then the draw), is that declaring and "
        "drawing are two separate rounds.",
    ),
    E(
        "pagat-separate-trump",
        "variant",
        (
            "全てのプレイヤーに配られるカードは5枚伏せて配ります。そして、切り札を決定するために"
            "1枚追加で表向きにテーブルの中央に置きます。",
            "表向きになったカードは誰の手札にもなりません。",
        ),
        "Every player is dealt five cards face down, and one more card is placed face up in the "
        "middle of the table to set trumps. … [Form 1:] the face-up card belongs to nobody's "
        "hand. [Form 2: a dealer who plays may take it.]",
        "full",
        "例えば、ディーラーが4枚捨て札にした場合は、表向きになった切り札を手札とすることに決め"
        "たなら山札から代わりのカードを3枚受け取り、最終的に5枚の手札とします。",
        names=("separate trump",),
    ),
    E(
        "pagat-simultaneous",
        "variant",
        (
            '全てのプレイヤーは "プレイ" か "パス" かを同時に決めます。',
            '"プレイ" を望むなら1枚のチップを拳に握ります。',
        ),
        "Every player decides 'play' or 'pass' at the same time: to play, hold a chip in your "
        "fist; [to pass, an empty fist; all are shown together, then the players who play "
        "discard in the usual order.]",
        names=("simultaneous",),
    ),
    E(
        "pagat-four-cards",
        "variant",
        "4枚でブーレイ",
        "Bourré with four cards",
        names=("four cards",),
        note="The translation leaves this section out (略): there is nothing to check.",
    ),
)

# --- laws: the Danish article on the bridge laws §45-§46 (seed 003) ---------------------------

LAWS = (
    E(
        "laws-45",
        "rule",
        "hvad lovene siger om spilførers spil af kort fra bordet",
        "what the laws say about declarer playing cards from dummy",
        names=("§45",),
    ),
    E(
        "laws-45B",
        "rule",
        "Spilfører spiller et kort fra bordet ved at nævne kortet, hvorefter den blinde tager "
        "kortet op og lægger det med billedsiden opad på bordet.",
        "Declarer plays a card from dummy by naming it, after which dummy picks it up and "
        "places it face up on the table.",
        parent="laws-45",
    ),
    E(
        "laws-45C4a",
        "rule",
        "Et kort er spillet, hvis en spiller nævner eller på anden måde angiver det som det "
        "kort, spilleren har i sinde at spille (se dog § 47 (tilbagetagelse af et spillet kort)).",
        "A card is played if a player names or otherwise designates it as the card they intend "
        "to play (but see §47, retracting a played card).",
        "part",
        "peger op i luften for at indikere, at han ønsker den højeste klør",
        parent="laws-45",
        names=("named",),
        note="The law says nothing of a card the rules forbid; retraction is §47's business.",
    ),
    E(
        "laws-45C3",
        "rule",
        "Et kort fra bordet er spillet, hvis spilfører forsætligt har berørt det",
        "A card from dummy is played if declarer has deliberately touched it",
        parent="laws-45",
    ),
    E(
        "laws-46",
        "rule",
        "§ 46B indeholder de nærmere regler om dette.",
        "§46B holds the detailed rules for this.",
        names=("§46",),
    ),
    E(
        "laws-46A",
        "rule",
        "Når spilfører anmoder om, at et kort spilles fra bordet, bør spilfører tydeligt angive "
        "det ønskede korts farve og rang.",
        "When declarer asks for a card to be played from dummy, declarer should clearly name "
        "both the suit and the rank of the card wanted.",
        parent="laws-46",
    ),
    E(
        "laws-intent",
        "rule",
        "I tilfælde af ufuldstændig eller ugyldig angivelse gælder følgende regler (medmindre "
        "spilfører indiskutabelt havde anden hensigt).",
        "In case of an incomplete or invalid designation the following rules apply (unless "
        "declarer's different intention is beyond doubt).",
        "full",
        "Eksempel: Spilfører spiller en sanskontrakt, og da han kommer ind på hånden, spiller "
        "han en ruder mod bordets EKDBxx for at indkassere hele farven.",
        parent="laws-46",
        names=("46B", "46B preamble", "intent"),
    ),
    E(
        "laws-46B1",
        "rule",
        "§ 46B1 omhandler tilfældet, hvor spilfører ikke angiver kortets rang i den udspillede "
        "farve",
        "§46B1 covers the case where declarer does not name the rank in the suit led",
        parent="laws-46",
    ),
    E(
        "laws-46B1a",
        "rule",
        "Hvis spilfører anmoder om, at et “stort” kort spilles fra bordet, eller bruger lignende "
        "udtryk, anses spilfører for at have anmodet om det højeste kort i den udspillede farve.",
        "If declarer asks for a 'high' card to be played from dummy, or uses a similar "
        "expression, declarer is taken to have asked for the highest card of the suit led.",
        parent="laws-46B1",
        names=("high",),
    ),
    E(
        "laws-46B1b",
        "rule",
        "Hvis spilfører giver den blinde besked om at stikke, anses spilfører for at have "
        "anmodet om det laveste kort i den udspillede farve, som man ved vil vinde stikket.",
        "If declarer tells dummy to win the trick, declarer is taken to have asked for the "
        "lowest card of the suit led that is known to win the trick.",
        parent="laws-46B1",
        names=("win", "win it"),
    ),
    E(
        "laws-46B1c",
        "rule",
        "Hvis spilfører anmoder om et “lille” kort eller bruger lignende udtryk, anses spilfører "
        "for at have anmodet om det mindste kort i den udspillede farve.",
        "If declarer asks for a 'small' card or uses a similar expression, declarer is taken to "
        "have asked for the lowest card of the suit led.",
        parent="laws-46B1",
        names=("low", "small", "a small one"),
    ),
    E(
        "laws-46B2",
        "rule",
        "Hvis spilfører angiver farven, men ikke kortets rang, anses spilfører for at have "
        "anmodet om det mindste kort i farven.",
        "If declarer names the suit but not the rank, declarer is taken to have asked for the "
        "lowest card of that suit.",
        parent="laws-46",
        names=("suit",),
    ),
    E(
        "laws-46B3",
        "rule",
        "§ 46B3 omhandler situationen, hvor spilfører fx beder om “kongen” uden at angive farven",
        "§46B3 covers the situation where declarer asks for, say, 'the king' without naming "
        "the suit",
        "full",
        "Bordet har ♣EK, K samt nogle flere kort. Spilfører spiller klør til ♣E og beder "
        "derefter om “kongen”.",
        parent="laws-46",
        names=("rank",),
    ),
    E(
        "laws-46B3a",
        "rule",
        "Hvis bordet skal spille ud, og spilfører angiver kortets rang, men ikke farven, anses "
        "spilfører for at have fortsat i den farve, hvori bordet vandt det foregående stik, "
        "forudsat at der er et kort af den angivne rang i farven.",
        "If dummy is to lead and declarer names the rank but not the suit, declarer is taken "
        "to have continued in the suit in which dummy won the previous trick, provided there is "
        "a card of that rank in the suit.",
        "full",
        "Et eksempel på § 46B3a: Bordet har ♣EK, K samt nogle flere kort. Spilfører spiller klør "
        "til ♣E og beder derefter om “kongen”. Ifølge § 46B3a har spilfører forlangt ♣K.",
        parent="laws-46B3",
    ),
    E(
        "laws-46B3b",
        "rule",
        "I alle andre tilfælde, hvor spilfører angiver kortets rang, men ikke farven, skal "
        "spilfører spille et kort af den angivne rang fra bordet, hvis spilfører lovligt kan "
        "gøre det.",
        "In every other case where declarer names the rank but not the suit, declarer must play "
        "a card of that rank from dummy if it can legally be played [and, if two or more can, "
        "say which].",
        parent="laws-46B3",
    ),
    E(
        "laws-46B4",
        "rule",
        "Hvis spilfører anmoder om et kort, som ikke findes på bordet, er anmodningen ugyldig, og "
        "spilfører kan angive et hvilket som helst lovligt kort.",
        "If declarer asks for a card that is not in dummy, the request is invalid, and declarer "
        "may name any legal card.",
        "full",
        "Spilfører beder om “spar ni”, men ♠9 ligger ikke på bordet.",
        parent="laws-46",
        names=("missing",),
    ),
    E(
        "laws-46B5",
        "rule",
        "kan en af modspillerne bestemme, hvad der skal spilles fra bordet",
        "[if declarer names neither suit nor rank, saying for instance 'it doesn't matter',] one "
        "of the opponents may decide what is played from dummy",
        "full",
        "Et andet eksempel: På bordet ligger KB.",
        parent="laws-46",
        names=("doesn't matter", "any"),
    ),
)

ENTRIES: tuple[Entry, ...] = (*GLIMNE, *WIKIPEDIA, *PAGAT, *LAWS)
"""Every passage of the four sources the course cites, in the sources' own order."""

# --- the engine's readings --------------------------------------------------------------------

READINGS: tuple[Reading, ...] = (
    Reading(
        "reading-followed",
        "where the chosen rulebook has no rule for the case, the engine follows the first of "
        "pagat, glimne and wikipedia that has one",
    ),
    Reading(
        "reading-known-top",
        "glimne 9 binds only a player with others still to play after them, and a card of "
        "yours that no unseen card separates from the top card counts as the top card",
        ("glimne-9", "pagat-cinch-last", "pagat-cinch-equal"),
    ),
    Reading(
        "reading-known-void",
        "another player is known to be out of trumps only from what the table has seen: a "
        "failure to trump where a trump was owed, or no trump left unseen",
        ("glimne-10",),
    ),
    Reading(
        "reading-sure-tricks",
        "a cinch is counted by the engine: tricks already won plus sure trump tricks reach "
        "three, where each unseen trump above one of yours can beat at most one of them",
        ("pagat-cinch", "wikipedia-cinch", "glimne-cinch"),
        names=("cinch formula",),
    ),
    Reading(
        "reading-wikipedia-cinch",
        "under wikipedia the engine plays its forced plays as pagat's cinch patterns: winning "
        "another player's lead with your highest trump, a trump next in rank standing in for "
        "it, and leading a trump after three tricks won are pagat's; wikipedia itself names only "
        "the trump ace after a second trick, A-K after one, A-Q-J, and laying a certain win "
        "down at once",
        ("wikipedia-cinch", "wikipedia-lay-down", "pagat-cinch"),
        names=("wikipedia forced plays as pagat's",),
    ),
    Reading(
        "reading-cinch-lost-trick",
        "the cinch never spends a sure trump on a trick your highest trump cannot win",
        ("pagat-cinch-follow",),
    ),
    Reading(
        "reading-equal-cards",
        "a held trump that no unseen card separates from the required one counts as it "
        "(pagat's adjacent trumps), except under glimne's strict variant",
        ("pagat-cinch-equal",),
    ),
    Reading(
        "reading-cinch-strict",
        "under glimne's cinch variant, on lead, the engine asks for exactly the highest trump "
        "(no stand-in) whenever you hold the top unplayed trump, even after three tricks won, "
        "and when its count of sure tricks brings you to three; once three tricks are won and "
        "the top trump is not yours, a trump, any one, as glimne says",
        ("glimne-cinch-lead-ace", "glimne-cinch-akq", "glimne-cinch-three-won"),
    ),
    Reading(
        "reading-lead",
        "on lead any card may be led unless a lead rule (glimne 10, a cinch) narrows it",
        ("wikipedia-lead", "pagat-play", "glimne-first-lead"),
    ),
    Reading(
        "reading-hand",
        "you can only play, or throw away, a card you hold",
    ),
    Reading(
        "reading-draw-timing",
        "pagat's terse text is read as one round: a player who says play throws away and is "
        "served at once, before the next player declares; glimne, wikipedia and pagat's "
        "double ante describe two rounds (switch draw_timing)",
        ("pagat-draw", "pagat-exchange", "pagat-out-of-turn"),
        names=("one round", "draw timing"),
    ),
    Reading(
        "reading-draw",
        "in the draw a player exchanges at most five cards",
        ("glimne-draw", "wikipedia-draw", "pagat-exchange"),
    ),
    Reading(
        "reading-dealer-trump-card",
        "a house rule no source has: the turned trump card must stay in the dealer's hand",
        ("pagat-dealer-card",),
    ),
    Reading(
        "reading-everyone-passes",
        "when everybody passes, nobody takes the pot: it stays for the next hand",
    ),
    Reading(
        "reading-lone-plays-out",
        "under glimne and wikipedia, which are silent, a lone player (the dealer too, when "
        "everyone before passes) plays the hand out alone and takes all five tricks",
    ),
    Reading(
        "reading-lay-down",
        "winning cards laid down at once (glimne's cinch-win custom, wikipedia's easy win) are "
        "played as tricks led one after another, highest first, each other player's card chosen "
        "under the play rules: glimne says only that the others play three cards each and the "
        "tricks go in one sweep, wikipedia only that the cards are laid down at once",
        ("glimne-cinch-lay-down", "wikipedia-lay-down"),
    ),
    Reading(
        "reading-dealer-ace-may-pass",
        "under glimne and wikipedia, which are silent, a dealer who turned an ace may pass",
        ("glimne-dealer-ace",),
    ),
    Reading(
        "reading-restock",
        "when glimne's folded hands run out too, the engine goes on with the served players' "
        "discards, as wikipedia does; nobody is ever given their own discards back",
        ("glimne-restock", "wikipedia-restock"),
    ),
    Reading(
        "reading-winner-most-tricks",
        "the winner is the player with more tricks than anyone else, under every rulebook: "
        "glimne speaks only of a player who won by taking at least three, and never covers a "
        "2-1-1-1 hand, so under glimne the pot going to the player with two is ours",
        ("glimne-win", "wikipedia-win", "pagat-payment"),
    ),
    Reading(
        "reading-bourre-amount",
        "a bourré pays the pot as it stood at the end of play; several bourrés each pay that "
        "same amount, and a player both bourréd and a reneger pays once",
        ("glimne-bourre", "wikipedia-bourre", "pagat-bourre"),
    ),
    Reading(
        "reading-renege-stands",
        "where the rulebook offers no correction (glimne is silent), a renege stands: the card "
        "stays played, the reneger can still win, and pays the penalty at the settlement",
        ("glimne-renege", "wikipedia-bourre", "wikipedia-misplay"),
    ),
    Reading(
        "reading-corrected-renege-pot",
        "when the player who corrected a renege under pagat has the most tricks, nobody takes "
        "the pot: it stays for the next hand (pagat says only that this player loses the right "
        "to the pot, not who takes it)",
        ("pagat-renege",),
    ),
    Reading(
        "reading-renege-ante",
        "under pagat a player who paid for a renege skips the next ante like a bourréd player "
        "(wikipedia says so itself: its reneger matches the pot instead of the ante); a "
        "corrected reneger under pagat, who sits out, puts in no ante",
        ("pagat-renege", "pagat-ante"),
    ),
    Reading(
        "reading-winner-renege",
        "under glimne's reading of where payments go, the winner takes the others' payments "
        "but not their own renege penalty, which stays for the next hand",
        ("glimne-bourre", "glimne-renege"),
    ),
    Reading(
        "reading-pot-limit",
        "a pot limit caps each payment, never what the winner takes: wikipedia speaks only of "
        "what a bourré or renege can cost",
        ("wikipedia-pot-limit",),
    ),
    Reading(
        "reading-double-ante",
        "under the double ante everyone pays the first ante every hand, whatever the rulebook's "
        "ante rule",
        ("pagat-double-ante",),
    ),
    Reading(
        "reading-simultaneous",
        "with simultaneous declaration the engine takes the choices in seat order but keeps "
        "each one hidden until the last is made, then opens them together; the chip in a fist "
        "only shows the choice (it goes into the pot only where the rules ask a second ante), "
        "and the everyone-but-the-dealer-passed shortcut does not apply",
        ("pagat-simultaneous", "pagat-dealer-alone"),
    ),
    Reading(
        "reading-double-ante-round",
        "pagat's double ante is terse about when the second chip is paid: the engine reads it "
        "as paid with 'play' (a player who does not pay it is a player who passes); the other "
        "reading, a round of its own after the draw in which a player who does not pay drops "
        "out and loses the deal, is the switch double_ante_round",
        ("pagat-double-ante",),
        names=("double ante round",),
    ),
    Reading(
        "reading-bankrupt",
        "in a game for fun a player is bankrupt once their chips are at zero or below after a "
        "hand (the engine lets a payment take a player below zero); the session ends after "
        "that hand",
        ("glimne-for-fun",),
    ),
    Reading(
        "reading-separate-trump",
        "a dealer who takes the separate trump card must throw away at least one card and may "
        "not throw away the card just taken",
        ("pagat-separate-trump",),
    ),
    Reading(
        "reading-shuffle",
        "each hand is shuffled from the game's seed and the hand number; there is no cut",
        ("pagat-shuffle",),
    ),
    Reading(
        "reading-deal-direction",
        "under every rulebook the cards are dealt clockwise from the dealer's left, as pagat "
        "says (glimne says 'round the table', wikipedia names no direction)",
        ("pagat-deal", "glimne-deal", "wikipedia-deal"),
    ),
    Reading(
        "reading-naming",
        "the bridge laws are carried over to Bourré: a name chooses among the cards the play "
        "rules allow; 'the king' on lead reads the suit you won the last trick with (bridge: "
        "the suit in which dummy won); an intention is beyond doubt when only one legal card "
        "fits what was said",
        ("laws-46B3a", "laws-intent", "laws-46B4"),
    ),
    Reading(
        "reading-named-illegal",
        "a card named in full is played even when the play rules forbid it, and is then a "
        "renege under the chosen rulebook (the law itself refers retraction to §47)",
        ("laws-45C4a",),
    ),
)
"""The engine's own readings: what it decides where the sources are silent, terse or
ambiguous. A lesson or a verdict that states one says it is the engine's reading."""
