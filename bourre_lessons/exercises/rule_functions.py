"""Set 3, "Write the rule yourself": the learner writes a rule as a function, the engine judges it.

`check_rule_function(kind, func)` runs the learner's function on a thousand seeded positions
from real (simulated) hands and compares it with the engine. The first position where they
disagree is shown in full: the hand, the trump, the trick, both answers and the rule that
decides. A function that raises, returns the wrong kind of value or names an unknown card gets
a plain message saying what was expected; the checker itself never raises on a bad answer.
"""

from __future__ import annotations

import ast
import inspect
import random
import textwrap
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from ..cards import ACCEPTED_FORMS, Card, CardError, parse_card
from ..play import Situation, Verdict, beats, legal_plays, verdicts
from ..progress import Progress, record_attempt
from ..rules import Rules
from ..sim.positions import describe_situation, played_hand, situation_code
from .feedback import Feedback, not_checked, verdict_line
from .series import ShownAsPrompt
from .worked_solutions import full_legal_plays, must_beat, must_follow, must_trump, my_legal_plays

__all__ = [
    "CORE_RULES",
    "RULE_KINDS",
    "RuleFunctionExercise",
    "check_rule_function",
    "engine_answer",
    "rule_function_exercises",
    "rule_positions",
    "untouched",
]

SET_ID = "write-the-rule"
PER_HAND = 4  # decisions taken from each simulated hand

CORE_RULES = replace(Rules(), cinch="off")
"""pagat's rules without the cinch: the four duties every source shares (follow, beat, trump,
overtrump), in pagat's three numbered rules."""

RULE_KINDS: tuple[str, ...] = ("must_follow", "must_beat", "must_trump", "legal_plays")

_ALIASES = {"my_legal_plays": "legal_plays"} | {
    word: f"must_{word}" for word in ("follow", "beat", "trump")
}

_QUESTIONS = {
    "must_follow": "must you play a card of the suit that was led?",
    "must_beat": "must you beat the card winning the trick with a card of the led suit?",
    "must_trump": "unable to follow suit, must you play a trump?",
    "legal_plays": "which cards may you play?",
}

_PACKAGE = Path(__file__).resolve().parent.parent


# --- the engine's answer -------------------------------------------------------------------------


def _wants(kind: str, s: Situation, card: Card) -> bool:
    """Whether a card is of the kind a True answer promises (led suit, a beater, a trump)."""
    if kind == "must_follow":
        return card.suit == s.led
    if kind == "must_beat":
        return card.suit == s.led and s.best is not None and beats(card, s.best, s.trump)
    return card.suit == s.trump and s.led != s.trump


def engine_answer(kind: str, situation: Situation, rules: Rules | None = None) -> object:
    """What the engine says: the legal cards, or whether every legal card is of the asked kind."""
    rules = CORE_RULES if rules is None else rules
    kind = _kind(kind)
    legal = legal_plays(situation, rules)
    if kind == "legal_plays":
        return frozenset(legal)
    return not situation.is_lead and all(_wants(kind, situation, c) for c in legal)


def _kind(kind: object) -> str:
    if isinstance(kind, str):
        key = kind.strip().lower().replace("-", "_").replace(" ", "_")
        key = _ALIASES.get(key, key)
        if key in RULE_KINDS:
            return key
    raise ValueError(f"unknown kind {kind!r}; choose one of {', '.join(RULE_KINDS)}")


# --- positions ----------------------------------------------------------------------------------


@lru_cache(maxsize=8)
def rule_positions(seed: int | str, count: int, rules: Rules) -> tuple[Situation, ...]:
    """`count` positions from simulated hands (a few decisions from each), fixed by the seed."""
    rng = random.Random(f"rule-positions:{seed}")
    found: list[Situation] = []
    while len(found) < count:
        decisions = played_hand(rng, rules)
        found += rng.sample(decisions, min(PER_HAND, len(decisions)))
    return tuple(found[:count])


# --- calling the learner's function --------------------------------------------------------------


class _Refused(Exception):
    """The learner's function could not be used; the message says why, kindly."""

    def __init__(self, summary: str, details: list[str]) -> None:
        super().__init__(summary)
        self.summary, self.details = summary, details


def _caller(func: object, name: str) -> Callable[[Situation, Rules], object]:
    """A wrapper calling `func(situation)` or `func(situation, rules)`, whichever it accepts."""
    if not callable(func):
        raise _Refused(
            f"Expected a function, got {type(func).__name__} {func!r:.60}.",
            [
                f"Write `def {name}(situation): ...` and pass the function itself: "
                f'check_rule_function("{name}", {name}) (no brackets after its name).'
            ],
        )
    try:
        signature = inspect.signature(func)
    except (TypeError, ValueError):
        return lambda s, rules: func(s)
    for args in (("situation", "rules"), ("situation",)):
        try:
            signature.bind(*args)
        except TypeError:
            continue
        if len(args) == 2:
            return lambda s, rules: func(s, rules)
        return lambda s, rules: func(s)
    raise _Refused(
        f"Your function's parameters {signature} do not fit.",
        [
            f"It should take one parameter, the situation: `def {name}(situation): ...` "
            "(or two, `(situation, rules)`, to see the rules in force)."
        ],
    )


def untouched(func: object) -> bool:
    """True for a function whose body is still only `...` or `pass` (after its docstring),
    as the answer cell gives it: there is nothing to check yet."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(func)))  # type: ignore[arg-type]
    except (OSError, TypeError, SyntaxError):
        return False
    defined = tree.body[0] if tree.body else None
    if not isinstance(defined, ast.FunctionDef):
        return False
    body = defined.body
    first = body[0] if body else None
    if isinstance(first, ast.Expr) and isinstance(getattr(first.value, "value", None), str):
        body = body[1:]  # the docstring
    return all(
        isinstance(node, ast.Pass)
        or (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and node.value.value is Ellipsis
        )
        for node in body
    )


def _learner_line(error: BaseException) -> str:
    """Where in the learner's own code the error happened, if it can be told."""
    frames = [
        f
        for f in traceback.extract_tb(error.__traceback__)
        if not Path(f.filename).resolve().is_relative_to(_PACKAGE)
    ]
    if not frames:
        return ""
    last = frames[-1]
    code = f": {last.line.strip()}" if last.line else ""
    return f"It happened in {last.name}, line {last.lineno}{code}"


def _read_bool(value: object, name: str) -> bool:
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return bool(value)
    if value is None:
        raise _Refused(
            f"Your {name} returned None.",
            ["It should return True or False. Did you forget `return` on some path?"],
        )
    raise _Refused(
        f"Your {name} returned {type(value).__name__} {value!r:.60}, not True or False.",
        ["Return exactly True or False (a comparison such as `len(x) > 0` gives one)."],
    )


def _read_card_set(value: object, name: str, hand: Iterable[Card]) -> frozenset[Card]:
    expected = 'a set of cards, e.g. {Card(...), ...} or {"7♥", "J♥"}'
    if value is None:
        raise _Refused(
            f"Your {name} returned None.",
            [f"It should return {expected}. Did you forget `return` on some path?"],
        )
    if isinstance(value, (str, Card)):
        items: list[object] = [value] if isinstance(value, Card) else value.split()
    elif isinstance(value, (dict, bytes, bytearray, bool, int, float)):
        raise _Refused(
            f"Your {name} returned {type(value).__name__} {value!r:.60}.",
            [f"It should return {expected}."],
        )
    else:
        try:
            items = list(value)  # type: ignore[call-overload]
        except Exception:
            raise _Refused(
                f"Your {name} returned {type(value).__name__} {value!r:.60}.",
                [f"It should return {expected}."],
            ) from None
    cards = set()
    for item in items:
        try:
            cards.add(parse_card(item))  # type: ignore[arg-type]
        except CardError:
            raise _Refused(
                f"Your {name} returned {item!r:.40}, which is not a card.",
                [f"Return Card objects (from situation.hand) or card texts. {ACCEPTED_FORMS}."],
            ) from None
    return frozenset(cards)


# --- the check -----------------------------------------------------------------------------------


def check_rule_function(
    kind: str,
    func: object,
    rules: Rules | None = None,
    positions: int = 1000,
    seed: int | str = 0,
) -> Feedback:
    """Run a learner's rule function on seeded positions and show the first disagreement."""
    rules = CORE_RULES if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, e.g. Rules.preset('glimne'), got {rules!r:.60}")
    if isinstance(positions, bool) or not isinstance(positions, int) or positions < 1:
        raise ValueError(f"positions must be a whole number, 1 or more, got {positions!r}")
    try:
        kind = _kind(kind)
    except ValueError as error:
        return not_checked(f"I do not know the rule {kind!r}.", [str(error)])
    name = "my_legal_plays" if kind == "legal_plays" else kind
    try:
        call = _caller(func, name)
    except _Refused as refused:
        return not_checked(refused.summary, refused.details)
    if untouched(func):
        return not_checked(
            f"Your {name} has no body yet: write it in the cell above, run that cell, then "
            "run this one.",
            [f"Replace the line `...` with your code; {_PROMPTS[kind].split(': ', 1)[-1]}"],
        )
    cases = rule_positions(seed, positions, rules)
    for number, s in enumerate(cases, start=1):
        where = f"position {number} of {positions}"
        try:
            raw = call(s, rules)
        except Exception as error:
            return _crashed(error, name, s, where)
        try:
            answer = (
                _read_card_set(raw, name, s.hand)
                if kind == "legal_plays"
                else _read_bool(raw, name)
            )
        except _Refused as refused:
            return _position_feedback(refused.summary + f" ({where})", refused.details, s)
        expected = engine_answer(kind, s, rules)
        if answer != expected:
            return _counterexample(kind, name, s, rules, answer, expected, where)
    return _passed(kind, name, cases, rules, seed)


def _crashed(error: Exception, name: str, s: Situation, where: str) -> Feedback:
    summary = f"Your {name} stopped with {type(error).__name__} on {where}."
    details = [
        f"The error says: {error}" if str(error) else f"The error was {type(error).__name__}."
    ]
    line = _learner_line(error)
    if line:
        details.append(line)
    details.append(
        "The situation offers: hand, trump, trick, seen, tricks_won, players_after, "
        "others_out_of_trump, is_lead, led (None on lead), best (None on lead), trumped, "
        "holding(suit)."
    )
    return _position_feedback(summary, details, s)


def _position_feedback(summary: str, details: list[str], s: Situation) -> Feedback:
    details = [*details, "The position:", *_indent(describe_situation(s))]
    details += ["To try it yourself:", f"    s = {situation_code(s)}"]
    return Feedback(False, summary, details, situation=s)


def _indent(text: str) -> list[str]:
    return [f"    {line}" for line in text.splitlines()]


def _show(value: object) -> str:
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(str(c) for c in sorted(value)) + "}" if value else "set() (no card)"
    return repr(value)


def _counterexample(
    kind: str,
    name: str,
    s: Situation,
    rules: Rules,
    answer: object,
    expected: object,
    where: str,
) -> Feedback:
    summary = (
        f"Your {name} answers {_show(answer)} where the engine answers {_show(expected)}, "
        f"on {where}."
    )
    details = ["The position (the first where you and the engine disagree):"]
    details += _indent(describe_situation(s))
    details += [f"Question: {_QUESTIONS[kind]}", f"Your answer: {_show(answer)}"]
    details.append(f"The engine's answer: {_show(expected)}")
    all_verdicts = verdicts(s, rules)
    if kind == "legal_plays":
        assert isinstance(answer, frozenset) and isinstance(expected, frozenset)
        by_card = {v.card: v for v in all_verdicts}
        for card in sorted(expected - answer):
            details.append(verdict_line(by_card[card], "Missed"))
        for card in sorted(answer - expected):
            verdict = by_card.get(card) or _not_held(s, card)
            details.append(verdict_line(verdict, "Wrongly included"))
    else:
        deciding = _deciding(kind, s, all_verdicts, bool(expected))
        details.append(verdict_line(deciding, "The rule that decides it"))
    details.append("The engine's verdict on each card in your hand:")
    details += [f"    {verdict_line(v)}" for v in all_verdicts]
    details += ["To try it yourself:", f"    s = {situation_code(s)}", f"    {name}(s)"]
    return Feedback(False, summary, details, situation=s)


def _not_held(s: Situation, card: Card) -> Verdict:
    reason = f"You do not hold {card}; only cards in the hand can be played."
    return Verdict(card, False, "hand", reason)


def _deciding(
    kind: str, s: Situation, all_verdicts: tuple[Verdict, ...], expected: bool
) -> Verdict:
    """The verdict that shows why the engine says True (a refused card) or False (an allowed one)."""
    if expected:
        refused = [v for v in all_verdicts if not v.legal]
        pick = [v for v in refused if not _wants(kind, s, v.card)] or refused
    else:
        pick = [v for v in all_verdicts if v.legal and not _wants(kind, s, v.card)]
    return (pick or [v for v in all_verdicts if v.legal])[0]


def _passed(
    kind: str, name: str, cases: tuple[Situation, ...], rules: Rules, seed: int | str
) -> Feedback:
    summary = f"Your {name} agrees with the engine on all {len(cases)} positions."
    details = [f"Rules: {_rules_name(rules)}; positions from seed {seed!r}."]
    if kind != "legal_plays":
        yes = sum(bool(engine_answer(kind, s, rules)) for s in cases)
        details.append(f"The answer was True in {yes} positions and False in {len(cases) - yes}.")
    return Feedback(True, summary, details)


def _rules_name(rules: Rules) -> str:
    differences = rules.differences(Rules.preset(rules.source))
    if not differences:
        return f"the {rules.source} preset"
    changed = ", ".join(f"{k}={v[0]!r}" for k, v in differences.items())
    return f"the {rules.source} preset with {changed}"


# --- the exercises -------------------------------------------------------------------------------

_PROMPTS = {
    "must_follow": (
        "Write `must_follow(situation) -> bool`: True when a card has been led and you hold at "
        "least one card of the led suit, so you are obliged to follow suit."
    ),
    "must_beat": (
        "Write `must_beat(situation) -> bool`: True when you must follow suit, the trick has not "
        "been trumped, and one of your cards of the led suit beats the card winning the trick."
    ),
    "must_trump": (
        "Write `must_trump(situation) -> bool`: True when you cannot follow suit and every card "
        "you may play is a trump. Take `(situation, rules)` to see the rules in force."
    ),
    "legal_plays": (
        "Write `my_legal_plays(situation) -> set`: every card you may play. Start with the four "
        "duties of pagat's three rules (follow, beat, trump, overtrump); take "
        "`(situation, rules)` to handle other presets."
    ),
}

_HINTS = {
    "must_follow": (
        "On lead nothing has been led: `situation.is_lead`. Otherwise `situation.led` is the "
        "suit led; look for it among `situation.hand`."
    ),
    "must_beat": (
        "Use `situation.best`, the card winning so far, not the card led: a trump may be "
        "winning. `beats(card, situation.best, situation.trump)` says whether a card would take "
        "the lead. Once a side suit is trumped (`situation.trumped`) no card of it can win."
    ),
    "must_trump": (
        "Three cases once you cannot follow: no trump at all (False); the trick not yet trumped "
        "(True); trumped already: can one of your trumps beat `situation.best`? If not, the "
        "rules decide (`rules.trump_when_cannot_win`), and a hand of nothing but trumps has "
        "no choice."
    ),
    "legal_plays": (
        "Build it from the pieces: on lead, any card; holding the led suit, the cards that "
        "beat the winning card (unless trumped), else the whole suit; void, the trumps that "
        "beat a trump already played, else any trump, else (no trump) any card."
    ),
}

_WORKED_SOLUTIONS: dict[str, Callable[..., object]] = {
    "must_follow": must_follow,
    "must_beat": must_beat,
    "must_trump": must_trump,
    "legal_plays": my_legal_plays,
}


@dataclass(frozen=True)
class RuleFunctionExercise(ShownAsPrompt):
    """One exercise of set 3: write a rule as a function; `.check(func)` judges it."""

    kind: str
    rules: Rules = field(default=CORE_RULES)
    positions: int = 1000
    seed: int | str = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", _kind(self.kind))

    @property
    def id(self) -> str:
        """The progress id: 'write-the-rule/must_beat'."""
        return f"{SET_ID}/{self.kind}"

    @property
    def worked_solution(self) -> Callable[..., object]:
        """The worked solution, a function that passes the checker."""
        if self.kind == "legal_plays" and self.rules != CORE_RULES:
            return full_legal_plays
        return _WORKED_SOLUTIONS[self.kind]

    def prompt(self) -> str:
        """What to write, in plain text."""
        return f"{_PROMPTS[self.kind]}\nIt is checked under {_rules_name(self.rules)}."

    def check(self, func: object, progress: Progress | bool | None = None) -> Feedback:
        """Check a learner's function and record the attempt (unless progress is False)."""
        feedback = check_rule_function(self.kind, func, self.rules, self.positions, self.seed)
        feedback.exercise_id = self.id
        if feedback.attempted:  # no function, or one with no body yet, is no attempt
            record_attempt(progress, self.id, feedback.correct)
        return feedback

    def hint(self) -> str:
        """A nudge towards the rule, naming the Situation attributes that help."""
        return _HINTS[self.kind]

    def solution(self) -> str:
        """The worked solution: the function's source code."""
        func = self.worked_solution
        source = inspect.getsource(func)
        if func is not full_legal_plays:
            return source
        return source + (
            "\n# full_legal_plays uses helpers defined in "
            "bourre_lessons/exercises/worked_solutions.py"
        )


def rule_function_exercises(rules: Rules | None = None) -> list[RuleFunctionExercise]:
    """The four set-3 exercises, in teaching order."""
    rules = CORE_RULES if rules is None else rules
    return [RuleFunctionExercise(kind, rules) for kind in RULE_KINDS]
