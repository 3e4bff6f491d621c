"""What counts as an answer in view: the one list the robot learner checks a page against.

The course's first promise is "try first, then see": after Restart Kernel and Run All, nothing
on screen may answer a question the page has not yet let the learner try. The robot learner
(`robot.py`, `tools/robot_learner.py`, `test_robot_learner.py`) opens a notebook as a newcomer
does, runs it, and before any click reads what is on screen: every Markdown cell as rendered,
every code cell's source when it is not folded, every output (a folded answer shows only its
closed heading), and every widget's DOM. This module decides, from what it read, what is an
answer in view, and what else is broken. Nothing else in the robot holds such a rule.

Answers in view (each block of a cell counts once per kind):

* **verdict**: in an output or a widget, a ✔ or ✘ (or ✓ ✗), the words "Right", "Not yet",
  "allowed" / "not allowed", or a feedback callout drawn with a verdict
  (`.bourre-feedback[data-verdict=legal|illegal]`, a `.bourre-mark` outside an 'info' callout:
  set 3's "✎ Not checked" gives none). In Markdown prose only a mark followed by a verdict
  ("✔ Right", "✘ Not yet", "✔ 4♥ is allowed") counts, so that a sentence explaining what the
  marks mean does not.
* **list of legal cards**: "legal", "allowed" or "(you) may/can play/lead" followed by a colon
  or an arrow and a card ("legal now: H2 H9", "-> allowed: 10♥", "Legal under pagat: 2♠ 4♠"), or a
  card of a hand lit up as legal (`.bourre-card.bourre-legal`, what Show answer does).
* **filled-in exercise form**: in an exercise app (`.bourre-ex`), a field that a fresh form
  leaves empty holding a value (a number other than 0, text, a ticked box, a choice other
  than the first, a card pressed), the rulebook and level pickers excepted; or, in a code cell
  in view, an `answer…` or `solution…` variable given a value other than the placeholder
  (`None`, `""`, `set()`, `{}`, `[]`).
* **coach's review**: a review drawn in a table (`.bourre-review`), or text of one ("Review of
  hand 1", "Mistakes: 2", "The costliest decision").
* **rule box**: the rulebooks-side-by-side box (`.bourre-compare`, "The rulebooks disagree",
  "legal cards under each"), or a rule cited in a feedback callout (`.bourre-feedback
  .bourre-rule`), before the first try; or a scene's header (the lesson's header, the
  projector's heading) stating the scene's rule, or, for a scene that asks for a card, its own
  title where that differs from the neutral one ("Cannot beat: any card of the suit" is the
  answer to "What changes?"; `scene_header_findings`).
* **another seat's cards**: for every deal the learner is about to play (`deals_in`: the game
  table, lesson 01's first hand, set 6's whole hand and set 5's deals, found in the notebook's
  code and dealt again here with the engine), a block that shows a seat's hidden cards: three
  or more of one other seat's dealt cards on one line, or on the lines that name that seat
  ("B is dealt …", "C plays 7♥" trick by trick), more than chance would put there (`CHANCE`:
  a line of fifteen cards holds three of a given hand about one time in seven, so a list of
  played cards is not a leak, but four of a seat's five on a five-card line is); two or more
  drawn face up in that seat's place on a card table; or any hidden card in a block that names
  the deal by its seed ("seed 11"). The turned card is public and never counts.

* **answer in prose**: a question the lesson declares (below) answered in view: one of its
  answer words seen from the question to the end of its section, before any click.

**Declared questions.** Every question a lesson asks the learner ("Predict: …", "Before you
press Next: …", "Which cards may you lead?") is declared once, on the Markdown cell that asks
it, by the cell metadata key `question` (in the `.md` pair, the line ``+++ {"question": …}``
just above the cell; jupytext.toml's `cell_metadata_filter` keeps the key):

    +++ {"question": {"ask": "who do you think speaks first", "answer": ["B speaks first"]}}

`ask` is a few words of the question as the cell writes them (where the reading starts);
`answer` is the few words that would give its answer away (a string or a list of them). A
cell that asks several questions gives a list of such objects. After Run All and before any
click the robot reads everything in view from the question (its own words included) to the
end of its section (the next heading at the level of the question's heading or above):
rendered Markdown, unfolded code, outputs and widgets. A folded "Check your answer" block
(`check_your_answer()`, a Markdown `<details>`) shows only its closed heading, and what a
widget shows only after the try is not drawn yet: neither is in view. Any answer words in
view, compared without case, emphasis or extra spaces and as whole words, fail the page
(`question_findings`); a declaration that cannot be read, or whose `ask` is not in its cell,
fails it too. `test_questions_declared.py`, beside this module, checks without a browser that
every declaration is well formed and that its answer words really appear where the learner
finds the answer afterwards (a folded block, or the scene the section shows), so that none is
vacuous.

Other failures: a Python traceback or error output, a code cell that never ran, "Error
displaying widget" or a widget still "Loading"; a character drawn as the missing-glyph box
(each distinct character beyond Latin, in the font its element uses, compared pixel for pixel
with a private-use codepoint drawn the same way); a widget wider than the notebook panel (or
than the window, in the classroom app) or scrolling inside its output; text cut off in a
button or label (`scrollWidth > clientWidth`); in the classroom app, a part of the scene the
class must see (header, seats, trick, hand, status, verdict, ...: `projector.PARTS`) outside the
band between the app's bars at a projector size.

**Demonstration cells.** A cell that shows an answer on purpose is accepted when the learner
has been warned and has had the try first. The lessons mark such a cell like this:

1. tag the code cell `shows-answer` (in the `.md` pair: ``:tags: [shows-answer]``);
2. put it under a heading (any level, the nearest one above the cell) whose text says that it
   shows the answers: it must contain the word "answer" or "answers", e.g.
   ``## Under the hood: the answers, from code``;
3. that heading must come after the learner's own try: below at least one widget the learner
   plays (a scene, a table, an exercise app) or an exercise's answer cell.

A demonstration on a deal or a position of its own, one the learner never plays, is marked
with the cell tag `own-deal` instead, and accepted only when the robot can check, from the
notebook's code, that it is one (`own_deal`):

1. every seed the cell deals with (a `seed` argument, or the seed parameter of the course's
   tables, games and exercises, their defaults included) is a literal number, and none is the
   seed of a deal the page hands the learner (`deals_in`);
2. every position it builds (`Situation(...)`, cards written out) can be read, and none holds
   the hand of a scene the page shows;
3. it builds no scene (no scene id of the catalogue appears in it);
4. every name it uses is made in the cell itself, imported, a builtin, or made by an earlier
   `own-deal` cell the robot accepted (so `table.game` of the learner's own table fails: the
   robot cannot tell which deal it is).

Such a cell's findings are counted as accepted demonstrations, not failures; a cell tagged
`shows-answer` or `own-deal` that breaks its rules is reported with the reason. One other form
needs no tag: an answer folded under `check_your_answer()` (only its closed heading is on
screen).
"""

from __future__ import annotations

import ast
import builtins
import inspect
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

# --- kinds of finding -------------------------------------------------------------------------

VERDICT = "verdict"
LEGAL_LIST = "list of legal cards"
FILLED_FORM = "filled-in exercise form"
REVIEW = "coach's review"
RULE_BOX = "rule box"
SEAT_CARDS = "another seat's cards"
PROSE = "answer in prose"
ANSWERS = (VERDICT, LEGAL_LIST, FILLED_FORM, REVIEW, RULE_BOX, SEAT_CARDS, PROSE)
BAD_QUESTION = "question declared wrongly"

TRACEBACK = "traceback"
NOT_RUN = "cell never ran"
WIDGET_ERROR = "widget error"
GLYPH_BOX = "glyph drawn as a box"
TOO_WIDE = "wider than the panel"
CUT_TEXT = "text cut off"
OFF_SCREEN = "off the projector's screen"

DEMO_TAG = "shows-answer"
"""The cell tag of a demonstration that shows an answer on purpose (see the module docstring)."""
DEMO_HEADING = re.compile(r"\banswers?\b", re.IGNORECASE)
"""What the heading above a demonstration cell must say."""
OWN_DEAL_TAG = "own-deal"
"""The cell tag of a demonstration on a deal or position of its own (see the module docstring)."""

# --- what the page reader reports (tests/browser/page_reader.js) --------------------------------

DOM_SELECTORS: dict[str, str] = {
    VERDICT: (
        ".bourre-feedback[data-verdict='legal'], .bourre-feedback[data-verdict='illegal'], "
        # a mark in a callout that gives no verdict ('✎ Not checked': data-verdict='info') is
        # no answer; a ✔ or ✘ written anywhere is still caught by the text check
        ".bourre-feedback:not([data-verdict='info']) .bourre-mark, .bourre-review-mark"
    ),
    LEGAL_LIST: ".bourre-card.bourre-legal",
    RULE_BOX: ".bourre-compare, .bourre-feedback .bourre-rule",
    REVIEW: ".bourre-review",
}
"""Elements that are an answer wherever they are drawn, by kind."""
FORM = {
    "scope": ".bourre-ex",
    "skip": ".bourre-ex-rulebook, .bourre-ex-level",
    "pressed": ".bourre-ex-card.mod-active, .bourre-ex-card[aria-pressed='true']",
}
"""Exercise apps: where a filled form is looked for, which pickers are settings, not answers."""
CUT_SELECTOR = (
    "button, .widget-label, label, .widget-label-basic, .bourre-seat-name, .bourre-seat-words, "
    ".bourre-seat-facts, .bourre-led-mark, .bourre-status, .bourre-callout"
)
"""Elements whose text must fit in their box."""


def reader_args(mode: str, path: str = "") -> dict[str, Any]:
    """The arguments of page_reader.js: the mode ('lab' or 'voila'), the notebook's path in
    the Lab (its panel is read), and the selectors above."""
    return {
        "mode": mode,
        "path": path,
        "selectors": DOM_SELECTORS,
        "form": FORM,
        "cut": CUT_SELECTOR,
    }


# --- what text counts ---------------------------------------------------------------------------

SUITS = "♠♥♦♣"
_CARD = r"(?:10|[2-9TJQKA])[♠♥♦♣]|\b[SHDC](?:10|[2-9TJQKA])\b"
CARD_MENTION = re.compile(r"(?<![\w])(10|[2-9TJQKA])([♠♥♦♣])|\b([SHDC])(10|[2-9TJQKA])\b")
_SUIT_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}

OUTPUT_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (VERDICT, re.compile(r"[✔✘✓✗]")),
    (VERDICT, re.compile(r"\bRight\b|\bNot yet\b|\b(?:not )?allowed\b")),
    (
        LEGAL_LIST,
        re.compile(
            r"\b(?:legal|allowed|(?:may|can) (?:play|lead))\b[^:→\n]{0,24}(?::|->|→)\s*(?:"
            + _CARD
            + ")",
            re.IGNORECASE,
        ),
    ),
    (REVIEW, re.compile(r"\bReview of hand \d|\bMistakes?: \d|\bcostliest decision", re.I)),
    (RULE_BOX, re.compile(r"rulebooks disagree|legal cards under each", re.IGNORECASE)),
)
"""In outputs and widgets: any of these is an answer (the first match is quoted)."""
MARKDOWN_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        VERDICT,
        re.compile(
            r"[✔✘✓✗]\s*(?:Right|Not yet|Correct|Wrong|Yes|No\b|(?:" + _CARD + r")\s+is\b)",
            re.IGNORECASE,
        ),
    ),
)
"""In Markdown prose: only a mark that gives a verdict."""
FILLED_CODE = re.compile(
    r"^(?P<name>(?:answer|solution)\w*)[ \t]*=[ \t]*(?!None\b|\"\"|''|set\(\)|\{\}|\[\]|#)"
    r"(?P<value>\S.*)$",
    re.MULTILINE,
)
PROBLEM_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (TRACEBACK, re.compile(r"Traceback \(most recent call last\)")),
    (WIDGET_ERROR, re.compile(r"Error displaying widget|Loading widget\.\.\.")),
)


# --- findings -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Finding:
    """One thing wrong on a page: its cell (None: the page), kind, and what was seen."""

    cell: int | None
    kind: str
    detail: str
    mark: str = ""
    accepted: str = ""
    """Why this answer is allowed to be in view (a marked demonstration), or empty."""
    where: str = ""
    """Where it is when not a notebook's cell (the classroom's scene), or empty."""

    @property
    def answer(self) -> bool:
        """True for an answer in view, False for another failure."""
        return self.kind in ANSWERS

    @property
    def fails(self) -> bool:
        """True unless accepted as a demonstration."""
        return not self.accepted

    def line(self) -> str:
        """The finding in one line."""
        where = self.where or (f"cell {self.cell}" if self.cell is not None else "page")
        note = f" [accepted: {self.accepted}]" if self.accepted else ""
        return f"{where}: {self.kind}: {self.detail}{note}"


def _quote(text: str, match: re.Match[str], width: int = 70) -> str:
    """The text around a match, on one line."""
    start = max(0, match.start() - width // 3)
    snippet = " ".join(text[start : start + width].split())
    return f"“{snippet}”"


def text_findings(kind: str, text: str) -> list[tuple[str, str]]:
    """(kind of answer, quote) for what a block's text shows; one per kind, first match."""
    if kind == "code":
        return [
            (FILLED_FORM, f"{m.group('name')} = {m.group('value').strip()[:40]}")
            for m in FILLED_CODE.finditer(text)
        ][:1]
    patterns = MARKDOWN_PATTERNS if kind == "markdown" else OUTPUT_PATTERNS
    found: dict[str, str] = {}
    for name, pattern in patterns:
        match = pattern.search(text)
        if match and name not in found:
            found[name] = _quote(text, match)
    return list(found.items())


def problem_findings(text: str) -> list[tuple[str, str]]:
    """(kind, quote) for a traceback or a broken widget in a block's text."""
    found = []
    for name, pattern in PROBLEM_PATTERNS:
        match = pattern.search(text)
        if match:
            found.append((name, _quote(text, match)))
    return found


# --- deals the learner plays ----------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """A deal the page hands the learner: who they are and what each other seat holds hidden."""

    label: str
    seed: int
    players: int
    rules: str
    learner: str
    hidden: dict[str, frozenset[str]] = field(default_factory=dict)
    """Seat name to the card codes it was dealt, the turned card left out (it is public)."""

    @property
    def all_hidden(self) -> frozenset[str]:
        """Every card the learner cannot see at the start, as codes."""
        return frozenset().union(*self.hidden.values()) if self.hidden else frozenset()


def _game_deal(label: str, game: Any, learner: str) -> Deal:
    turned = game.trump_card.code
    record = game.hand_record
    hidden = {
        seat: frozenset(c.code for c in cards) - {turned}
        for seat, cards in record.dealt.items()
        if seat != learner
    }
    return Deal(label, game.seed, len(game.players), game.rules.source, learner, hidden)


def _table(bound: dict[str, Any]) -> Deal:
    from bourre_lessons import Game, Rules

    rules = bound["rules"]
    rules = Rules.preset(rules) if isinstance(rules, str) else rules
    game = Game(rules, bound["players"], bound["seed"])
    return _game_deal(f"table seed {bound['seed']}", game, "A")


def _whole_hand(bound: dict[str, Any]) -> Deal:
    from bourre_lessons.exercises.whole_hand import whole_hand_exercise
    from bourre_lessons.rules import Rules

    rules = Rules.preset(bound["rules"]) if isinstance(bound["rules"], str) else bound["rules"]
    game = whole_hand_exercise(bound["seed"], rules, bound["players"]).new_game()
    return _game_deal(f"whole hand seed {bound['seed']}", game, "A")


def _first_hand(bound: dict[str, Any]) -> Deal:
    from bourre_lessons.first_hand import FirstHand

    game = FirstHand(bound["seed"], deal=bound.get("deal")).game
    placed = f" with {bound['deal']}" if bound.get("deal") else ""
    return _game_deal(f"first hand seed {bound['seed']}{placed}", game, "A")


def _play_or_pass(bound: dict[str, Any]) -> Deal:
    from bourre_lessons.exercises.play_or_pass import play_or_pass_exercise, seat_name

    ex = play_or_pass_exercise(bound["seed"], bound["level"], None, bound["index"])
    names = [seat_name(place, ex.players) for place in range(1, ex.players + 1)]
    learner = seat_name(ex.seat, ex.players)
    hidden = {
        name: frozenset(c.code for c in cards) - {ex.trump_card.code}
        for name, cards in zip(names, ex.hands, strict=True)
        if name != learner
    }
    label = f"set 5 deal seed {bound['seed']} {ex.level}"
    return Deal(label, bound["seed"], ex.players, ex.rules.source, learner, hidden)


def _callables() -> dict[str, tuple[Callable[..., Any], Callable[[dict[str, Any]], Deal], bool]]:
    """Name in a notebook -> (the package's callable, its deal, whether it must be displayed
    undriven to be the learner's). Imported here so that the rules load without the package."""
    from bourre_lessons.exercises.play_or_pass import play_or_pass_exercise
    from bourre_lessons.widgets.exercises.exercise_whole_hand import WholeHandWidget
    from bourre_lessons.widgets.first_hand_view import FirstHandView
    from bourre_lessons.widgets.table.table import TableWidget

    return {
        "TableWidget": (TableWidget, _table, True),
        "WholeHandWidget": (WholeHandWidget, _whole_hand, True),
        "FirstHandView": (FirstHandView, _first_hand, True),
        "play_or_pass_exercise": (play_or_pass_exercise, _play_or_pass, False),
    }


DRIVING = frozenset(
    [
        "advance_to_you",
        "declare",
        "discard",
        "click",
        "finish_hand",
        "play_for_me",
        "say",
        "new_game",
        "deal_next",
    ]
)
"""Methods that play a table from code: a table driven in the cell that makes it is a
demonstration, not a deal the learner plays."""


def _code_cells(notebook: dict[str, Any]) -> list[tuple[int, str]]:
    cells = []
    for index, cell in enumerate(notebook.get("cells", [])):
        if cell.get("cell_type") == "code":
            source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
            lines = [ln for ln in source.splitlines() if not ln.lstrip().startswith(("%", "!"))]
            cells.append((index, "\n".join(lines)))
    return cells


def _name_of(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def _displayed(tree: ast.Module, call: ast.Call, target: str | None) -> bool:
    """The cell's last statement shows the call itself or the name it was assigned to."""
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        return False
    last = tree.body[-1].value
    return last is call or (target is not None and isinstance(last, ast.Name) and last.id == target)


def _driven(tree: ast.Module, target: str | None) -> bool:
    if target is None:
        return False
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == target
            and node.func.attr in DRIVING
        ):
            return True
    return False


def _bound(func: Callable[..., Any], call: ast.Call) -> dict[str, Any] | None:
    """The call's arguments by parameter name, defaults filled in; None if one is not a literal."""
    try:
        args = [ast.literal_eval(a) for a in call.args]
        kwargs = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg}
        bound = inspect.signature(func).bind_partial(*args, **kwargs)
    except (ValueError, TypeError, SyntaxError):
        return None
    bound.apply_defaults()
    return dict(bound.arguments)


def deals_in(notebook: dict[str, Any]) -> tuple[list[Deal], list[str]]:
    """The deals a notebook hands the learner, dealt with the engine; and the calls it could
    not read (arguments that are not literals), as notes for the report."""
    known = _callables()
    deals: dict[tuple[str, int, int, str, str], Deal] = {}
    unread: list[str] = []
    for index, source in _code_cells(notebook):
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        targets = {
            id(node.value): node.targets[0].id
            for node in ast.walk(tree)
            if isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
        }
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or _name_of(node.func) not in known:
                continue
            func, dealer, must_show = known[_name_of(node.func)]
            target = targets.get(id(node))
            if must_show and (not _displayed(tree, node, target) or _driven(tree, target)):
                continue
            bound = _bound(func, node)
            if bound is None:
                unread.append(f"cell {index}: {ast.unparse(node)[:60]}")
                continue
            deal = dealer(bound)
            deals.setdefault((deal.label, deal.seed, deal.players, deal.rules, deal.learner), deal)
    return list(deals.values()), unread


def card_codes(text: str) -> list[str]:
    """Every card written in the text, as codes ('10♥' and 'HT' both give 'HT')."""
    codes = []
    for rank, suit, letter, code_rank in CARD_MENTION.findall(text):
        if rank:
            codes.append(_SUIT_LETTER[suit] + ("T" if rank == "10" else rank))
        else:
            codes.append(letter + ("T" if code_rank == "10" else code_rank))
    return codes


def _names_seat(line: str, seat: str) -> bool:
    return re.search(rf"(?<![\w{SUITS}]){re.escape(seat)}(?![\w{SUITS}'’])", line) is not None


_SEED = re.compile(r"\bseed\s*[=:]?\s*(\d+)", re.IGNORECASE)
_PLAYERS = re.compile(r"\b(\d+) players\b")
_RULES = re.compile(r"\b(glimne|wikipedia|pagat) rules\b")


def _names_deal(text: str, deal: Deal) -> bool:
    """The text names this deal by its seed, and says nothing that makes it another one."""
    if not any(int(s) == deal.seed for s in _SEED.findall(text)):
        return False
    players = {int(p) for p in _PLAYERS.findall(text)}
    rules = set(_RULES.findall(text))
    return (not players or deal.players in players) and (not rules or deal.rules in rules)


CHANCE = 1e-4
"""A block shows a seat's cards when it names more of them than a random choice of the same
number of cards would, with a chance under this (one in ten thousand)."""


def by_chance(mentioned: int, hits: int, held: int, deck: int = 52) -> float:
    """The chance that `mentioned` cards picked at random include `hits` or more of the
    `held` cards of one seat (the hypergeometric tail)."""
    total = math.comb(deck, mentioned)
    return (
        sum(
            math.comb(held, k) * math.comb(deck - held, mentioned - k)
            for k in range(hits, min(held, mentioned) + 1)
        )
        / total
    )


def _shows(mentioned: set[str], hits: set[str], held: frozenset[str]) -> bool:
    return len(hits) >= 3 and by_chance(len(mentioned), len(hits), len(held)) < CHANCE


def seat_card_findings(text: str, drawn: Iterable[dict[str, str]], deal: Deal) -> list[str]:
    """What a block shows of a deal's hidden cards (see the module docstring), in words."""
    found = []
    lines = [set(card_codes(line)) for line in text.splitlines()]
    named = text.splitlines()
    for seat, held in deal.hidden.items():
        together: set[str] = set()
        near: set[str] = set()
        for line, cards in zip(named, lines, strict=True):
            if _shows(cards, cards & held, held):
                found.append(f"{deal.label}: {seat}'s {' '.join(sorted(cards & held))} on one line")
                break
            if cards and _names_seat(line, seat):
                together |= cards & held
                near |= cards
        else:
            if _shows(near, together, held):
                found.append(
                    f"{deal.label}: {seat}'s {' '.join(sorted(together))} on lines naming {seat}"
                )
        face_up = {d["card"] for d in drawn if d.get("seat") == seat} & held
        if len(face_up) >= 2:
            found.append(f"{deal.label}: {seat}'s {' '.join(sorted(face_up))} face up at {seat}")
    if _names_deal(text, deal):
        shown = set(card_codes(text)) & deal.all_hidden
        if shown:
            found.append(f"{deal.label} named by its seed, with hidden {' '.join(sorted(shown))}")
    return found


# --- a page, judged ---------------------------------------------------------------------------


def _interactive(cell: dict[str, Any]) -> bool:
    """A cell where the learner tries: it shows a widget, or it is an exercise's answer cell."""
    if cell.get("type") != "code":
        return False
    if any(
        "application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in cell["outputs"]
    ):
        return True
    return re.search(r"^answer\w*\s*=", cell.get("source", ""), re.MULTILINE) is not None


def demonstration(cells: list[dict[str, Any]], index: int) -> tuple[bool, str]:
    """(accepted, why) for a cell tagged `shows-answer`: under a heading that says it shows
    the answers, the heading below a learner's try. (False, "") for an untagged cell."""
    cell = cells[index]
    if DEMO_TAG not in cell.get("tags", []):
        return False, ""
    heading_at, heading = None, ""
    for at in range(index - 1, -1, -1):
        if cells[at].get("headings"):
            heading_at, heading = at, cells[at]["headings"][-1]["text"]
            break
    if heading_at is None or not DEMO_HEADING.search(heading):
        return False, f"tagged {DEMO_TAG}, but its heading ({heading!r}) does not say 'answer'"
    if not any(_interactive(c) for c in cells[:heading_at]):
        return False, f"tagged {DEMO_TAG}, but no try of the learner comes before {heading!r}"
    return True, f"{DEMO_TAG} under {heading!r}"


def _seeded() -> dict[str, Callable[..., Any]]:
    """The course's callables that deal from a seed, by the name a notebook calls them."""
    from bourre_lessons import Game
    from bourre_lessons.exercises.whole_hand import whole_hand_exercise
    from bourre_lessons.first_hand import FirstHand
    from bourre_lessons.widgets.table.table import CoachedTable

    known = {name: func for name, (func, _, _) in _callables().items()}
    return {
        **known,
        "Game": Game,
        "CoachedTable": CoachedTable,
        "FirstHand": FirstHand,
        "whole_hand_exercise": whole_hand_exercise,
    }


def _source(cell: dict[str, Any]) -> str:
    lines = cell.get("source", "").splitlines()
    return "\n".join(ln for ln in lines if not ln.lstrip().startswith(("%", "!")))


def _made(tree: ast.AST) -> set[str]:
    """The names a piece of code binds (assignments, loops, imports, functions, arguments)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            names.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
    return names


def _imported(tree: ast.AST) -> set[str]:
    return {
        (alias.asname or alias.name).split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }


def _seeds_used(tree: ast.AST, known: dict[str, Callable[..., Any]]) -> list[tuple[str, Any]]:
    """(call, seed) for every call that deals: a `seed` keyword, or the seed parameter of the
    course's dealing callables (their default when not given); None where it is not literal."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name_of(node.func)
        said = ast.unparse(node)[:50]
        if name in known:
            try:
                has_seed = "seed" in inspect.signature(known[name]).parameters
            except (TypeError, ValueError):
                has_seed = False
            if has_seed:
                bound = _bound(known[name], node)
                found.append((said, None if bound is None else bound.get("seed")))
                continue
        for keyword in node.keywords:
            if keyword.arg == "seed":
                try:
                    found.append((said, ast.literal_eval(keyword.value)))
                except ValueError:
                    found.append((said, None))
    return found


def _positions(tree: ast.AST) -> list[tuple[str, Any]]:
    """(call, hand) for every `Situation(...)` the code builds, read with the engine from its
    written-out cards; hand None where the position is not written out in the cell."""
    from bourre_lessons import Situation, parse_card, parse_cards

    allowed = {
        "__builtins__": {},  # only the engine's own readers: nothing else of the cell runs
        "Situation": Situation,
        "parse_cards": parse_cards,
        "parse_card": parse_card,
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name_of(node.func) == "Situation":
            said = ast.unparse(node)
            try:
                position = eval(compile(ast.Expression(node), "<cell>", "eval"), allowed)
                found.append((said[:50], frozenset(c.code for c in position.hand)))
            except Exception:  # a name of another cell, or cards not written out
                found.append((said[:50], None))
    return found


def _scene_hands(cells: list[dict[str, Any]]) -> dict[frozenset[str], str]:
    """The hand of every position of every scene the page's code names, to its scene id."""
    from bourre_lessons.scenes import catalogue

    scenes = catalogue()
    hands: dict[frozenset[str], str] = {}
    for cell in cells:
        if cell.get("type") != "code":
            continue
        for scene_id in set(re.findall(r"[\"']([\w-]+)[\"']", cell.get("source", ""))):
            scene = scenes.get(scene_id)
            for position in scene.positions if scene else ():
                hands[frozenset(c.code for c in position.hand)] = scene_id
    return hands


def _own_deal_problems(
    tree: ast.Module, made_by_own: set[str], imported: set[str], deals: list[Deal], cells
) -> list[str]:
    """What keeps the robot from checking that a cell works on a deal of its own (see the
    module docstring's four rules); empty when it can."""
    from bourre_lessons.scenes import catalogue

    problems = []
    guarded = {d.seed: d.label for d in deals}
    for said, seed in _seeds_used(tree, _seeded()):
        if seed is None or not isinstance(seed, int):
            problems.append(f"deals with a seed it does not write out ({said})")
        elif seed in guarded:
            problems.append(f"deals seed {seed}, the learner's {guarded[seed]} ({said})")
    hands = _scene_hands(cells)
    for said, hand in _positions(tree):
        if hand is None:
            problems.append(f"builds a position it does not write out ({said})")
        elif hand in hands:
            problems.append(f"builds the position of scene {hands[hand]} ({said})")
    scenes = catalogue()
    named = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)} & set(scenes)
    problems += [f"builds scene {scene_id}" for scene_id in sorted(named)]
    known = _made(tree) | made_by_own | imported | set(dir(builtins))
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    problems += [
        f"uses `{name}`, made by a cell the robot cannot check" for name in sorted(used - known)
    ]
    return problems


def _own_words(tree: ast.Module, made_by_own: set[str]) -> str:
    """What an accepted own-deal cell works on, in words."""
    seeds = sorted({seed for _, seed in _seeds_used(tree, _seeded())})
    if seeds:
        return f"seed {', '.join(map(str, seeds))}, none the learner's"
    used = sorted(
        {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} & (made_by_own - _made(tree))
    )
    if used:
        return f"{', '.join(used)} of an earlier {OWN_DEAL_TAG} cell"
    return "a position written out, in no scene of the page"


def own_deal(cells: list[dict[str, Any]], index: int, deals: Iterable[Deal]) -> tuple[bool, str]:
    """(accepted, why) for a cell tagged `own-deal`: the robot checks from the page's code that
    it deals and builds only what the learner never plays. (False, "") for an untagged cell."""
    if OWN_DEAL_TAG not in cells[index].get("tags", []):
        return False, ""
    deals = list(deals)
    trees: dict[int, ast.Module | None] = {}
    for at, cell in enumerate(cells):
        if cell.get("type") == "code":
            try:
                trees[at] = ast.parse(_source(cell))
            except SyntaxError:
                trees[at] = None
    imported = set().union(*(_imported(t) for t in trees.values() if t is not None))
    made_by_own: set[str] = set()
    for at in range(index + 1):
        tree = trees.get(at)
        if at not in trees:
            continue
        if tree is None:
            if at == index:
                return False, f"tagged {OWN_DEAL_TAG}, but its code cannot be read"
            continue
        if OWN_DEAL_TAG not in cells[at].get("tags", []):
            made_by_own -= _made(tree)
            continue
        problems = _own_deal_problems(tree, made_by_own, imported, deals, cells)
        if at == index:
            if problems:
                return False, f"tagged {OWN_DEAL_TAG}, but it {'; '.join(problems)}"
            return True, f"{OWN_DEAL_TAG}: {_own_words(tree, made_by_own)}"
        made_by_own = (made_by_own | _made(tree)) if not problems else made_by_own - _made(tree)
    return False, ""


def scene_header_findings(scenes: Iterable[dict[str, str]]) -> list[str]:
    """What the headers of the drawn scenes say too early: a scene's rule (its summary), or
    the own title of a scene that asks for a card (play, naming) when it is not neutral."""
    from bourre_lessons.scenes import catalogue
    from bourre_lessons.widgets.scenes.scene import neutral_title

    known = catalogue()
    found = []
    for drawn in scenes:
        scene = known.get(drawn.get("id", ""))
        if scene is None:
            continue
        header = " ".join(drawn.get("header", "").split())
        if scene.summary and " ".join(scene.summary.split()) in header:
            found.append(f"scene {scene.id} states its rule: “{scene.summary[:60]}”")
        elif (
            scene.kind != "story"
            and scene.title != neutral_title(scene)
            and f"· {scene.title}" in header
        ):
            found.append(f"scene {scene.id}'s title states its answer: “{scene.title}”")
    return found


# --- declared questions -----------------------------------------------------------------------

QUESTION_KEY = "question"
"""The cell metadata key that declares the questions a Markdown cell asks (module docstring)."""


@dataclass(frozen=True)
class Question:
    """A question a Markdown cell asks the learner, and the words that would give it away."""

    cell: int
    ask: str
    answer: tuple[str, ...]


def questions_of(cell: int, value: Any) -> list[Question]:
    """The questions a cell's `question` metadata declares; ValueError saying what is wrong
    and what is accepted."""
    accepted = (
        'accepted: {"ask": "words of the question", "answer": ["words that answer it", ...]}, '
        "or a list of such objects"
    )
    items = value if isinstance(value, list) else [value]
    if not items:
        raise ValueError(f"cell {cell}: an empty question list; {accepted}")
    found = []
    for item in items:
        if not isinstance(item, dict) or set(item) != {"ask", "answer"}:
            raise ValueError(f"cell {cell}: {item!r} is not a question; {accepted}")
        ask, answer = item["ask"], item["answer"]
        answer = [answer] if isinstance(answer, str) else answer
        words = [ask, *answer] if isinstance(answer, list) else None
        if not words or len(words) < 2 or not all(isinstance(w, str) and plain(w) for w in words):
            raise ValueError(f"cell {cell}: empty words in {item!r}; {accepted}")
        found.append(Question(cell, ask, tuple(answer)))
    return found


_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "¶": " ", "\u00a0": " "})


def plain(text: str) -> str:
    """Text as compared: lower case, curly quotes straight, no emphasis marks, single spaces."""
    text = re.sub(r"[*`]", "", text.translate(_QUOTES))
    return " ".join(text.lower().split())


def said_in(phrase: str, text: str) -> bool:
    """The phrase is in the text as whole words (both as `plain` makes them)."""
    return re.search(rf"(?<!\w){re.escape(plain(phrase))}(?!\w)", text) is not None


def _cell_text(cell: dict[str, Any]) -> str:
    return plain("\n".join(b["text"] for b in cell.get("blocks", [])))


def _headings_at(cell: dict[str, Any], text: str) -> list[tuple[int, int]]:
    """(position in the cell's plain text, level) of each heading of a cell, in order."""
    found, start = [], 0
    for heading in cell.get("headings", []):
        at = text.find(plain(heading["text"]), start)
        at = start if at < 0 else at
        found.append((at, heading["level"]))
        start = at + 1
    return found


def _section_level(cells: list[dict[str, Any]], index: int, before: int) -> int:
    """The level of the nearest heading above a point (`before` in cell `index`'s text); 1
    when none (the page's title level)."""
    text = _cell_text(cells[index])
    own = [level for at, level in _headings_at(cells[index], text) if at <= before]
    if own:
        return own[-1]
    for at in range(index - 1, -1, -1):
        if cells[at].get("headings"):
            return cells[at]["headings"][-1]["level"]
    return 1


def _section(cells: list[dict[str, Any]], question: Question) -> list[tuple[int, str, str]]:
    """(cell, block kind, plain text) of everything in view from the question's `ask` to the
    end of its section; empty if the ask is not in its cell."""
    cell = cells[question.cell]
    text = _cell_text(cell)
    start = text.find(plain(question.ask))
    if start < 0:
        return []
    level = _section_level(cells, question.cell, start)
    read: list[tuple[int, str, str]] = []
    for at in range(question.cell, len(cells)):
        here = cells[at]
        after = start if at == question.cell else -1
        ends = [p for p, lv in _headings_at(here, _cell_text(here)) if p > after and lv <= level]
        stop = min(ends) if ends else None
        if here.get("type") == "markdown" or stop is not None:
            full = _cell_text(here)
            read.append((at, "markdown", full[max(after, 0) : len(full) if stop is None else stop]))
        else:
            read += [(at, b["kind"], plain(b["text"])) for b in here.get("blocks", [])]
        if stop is not None:
            break
    return read


def question_findings(cells: list[dict[str, Any]]) -> list[Finding]:
    """Every declared question answered in view before any click, and every declaration
    that cannot be read (see the module docstring)."""
    findings = []
    for cell in cells:
        value = cell.get(QUESTION_KEY)
        if value is None:
            continue
        try:
            questions = questions_of(cell["index"], value)
        except ValueError as problem:
            findings.append(Finding(cell["index"], BAD_QUESTION, str(problem)))
            continue
        for question in questions:
            read = _section(cells, question)
            if not read:
                said = f"its ask “{question.ask}” is not in the cell's text"
                findings.append(Finding(cell["index"], BAD_QUESTION, said))
            for at, kind, text in read:
                for phrase in question.answer:
                    if said_in(phrase, text):
                        findings.append(
                            Finding(
                                at,
                                PROSE,
                                f"{kind}: “{phrase}” answers “{question.ask}” (cell {cell['index']})",
                                next((b["mark"] for b in cells[at].get("blocks", [])), ""),
                            )
                        )
    return findings


def judge(reading: dict[str, Any], deals: Iterable[Deal] = ()) -> list[Finding]:
    """Every finding on a page the reader read (page_reader.js's result)."""
    deals = list(deals)
    cells = reading["cells"]
    findings: list[Finding] = []
    taken: set[int] = set()
    for cell in cells:
        index = cell["index"] if cell.get("type") != "app" else None
        accepted, why = False, ""
        if cell.get("type") == "code":
            accepted, why = demonstration(cells, cell["index"])
            if not why:
                accepted, why = own_deal(cells, cell["index"], deals)
        own: list[Finding] = []
        if cell.get("type") == "code" and cell.get("source", "").strip() and cell["count"] is None:
            own.append(Finding(index, NOT_RUN, "Run All did not run it"))
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                own.append(Finding(index, TRACEBACK, f"{out.get('ename')}: {out.get('evalue')}"))
        for block in cell["blocks"]:
            kind, text, mark = block["kind"], block["text"], block["mark"]
            seen: dict[str, str] = dict(text_findings(kind, text))
            for fact in block.get("facts", []):
                seen.setdefault(fact["name"], f"drawn: “{fact['text'][:60]}”")
            if block.get("filled"):
                fields = ", ".join(f"{f['field']}={f['value']}" for f in block["filled"][:4])
                seen.setdefault(FILLED_FORM, f"fields already filled: {fields}")
            for deal in deals:
                for said in seat_card_findings(text, block.get("cards", []), deal):
                    seen.setdefault(SEAT_CARDS, said)
            for said in scene_header_findings(block.get("scenes", [])):
                seen.setdefault(RULE_BOX, said)
            for name, detail in seen.items():
                own.append(Finding(index, name, f"{kind}: {detail}", mark))
            if kind != "markdown":
                for name, detail in problem_findings(text):
                    if name != TRACEBACK or not any(f.kind == TRACEBACK for f in own):
                        own.append(Finding(index, name, f"{kind}: {detail}", mark))
        if why and not accepted:
            own = [Finding(f.cell, f.kind, f"{f.detail} ({why})", f.mark) for f in own]
        if accepted:
            own = [Finding(f.cell, f.kind, f.detail, f.mark, why) if f.answer else f for f in own]
        findings.extend(own)
        if accepted:
            taken.add(cell["index"])
    findings += [
        Finding(f.cell, f.kind, f.detail, f.mark, "a demonstration") if f.cell in taken else f
        for f in question_findings(cells)
    ]
    runs: dict[tuple[Any, str], list[dict[str, Any]]] = {}
    for box in reading.get("glyphs", {}).get("boxes", []):
        runs.setdefault((box.get("cell"), box["sample"]), []).append(box)
    for (cell, sample), boxes in runs.items():
        chars = ", ".join(f"{b['char']} {b['code']}" for b in boxes)
        font = boxes[0]["font"][:50]
        findings.append(
            Finding(cell, GLYPH_BOX, f"{chars} in “{sample}” (font {font})", boxes[0]["mark"])
        )
    for wide in reading.get("overflow", []):
        how = "scrolls inside its output" if wide.get("inside") else "sticks out of the panel"
        findings.append(
            Finding(
                wide.get("cell"),
                TOO_WIDE,
                f"{wide['what'] or 'a widget'} {how} by {wide['by']} px (“{wide['text']}”)",
                wide["mark"],
            )
        )
    for cut in reading.get("cut", []):
        findings.append(
            Finding(
                cut.get("cell"),
                CUT_TEXT,
                f"{cut['tag']} “{cut['text']}” needs {cut['wide']} px more width"
                + (f", {cut['tall']} px more height" if cut["tall"] > 2 else ""),
                cut["mark"],
            )
        )
    return findings


def characters_checked(reading: dict[str, Any]) -> int:
    """How many distinct characters beyond Latin the glyph check drew."""
    return int(reading.get("glyphs", {}).get("checked", 0))
