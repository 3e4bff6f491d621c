"""The coach: every decision one seat made in a finished hand, graded by simulated deals.

`review(game, seat)` takes the seat's decisions in order (play or pass, the draw, each card
it played: its decision points, `sim.decision_points`) and, for each, deals the cards the
seat could not see many times, agreeing with everything it saw then: its own cards, the turned card, the words it heard,
how many cards each player exchanged, every card played face up and the voids they showed
(`sim.hidden`). Every choice the rules allowed is played out on the same deals (common
random numbers) by the course's heuristic bots, the seat's own later decisions included,
and is worth the chips it brings the seat from that decision to the end of the hand, with a
95% interval.

A decision is a mistake when the best choice's interval lies wholly above the interval of
the choice made; the chips it cost are the best choice's lead over it, measured deal by
deal, with their own 95% interval. Where the rules say why a choice was better, the review
says so in a sentence (`sim.coach_reasons`). A decision the rules left no choice in is
listed, not played out.

Every result is a frozen dataclass with `to_text()`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..actions import read_action
from ..cards import Card
from ..game import Game
from ..rules import Rules
from ..text import ReadsAsText, card_list
from .backend import compiled
from .checks import whole
from .coach_reasons import forced_reason, reason
from .decision_points import DecisionPoint, decision_points
from .estimates import Estimate, mean_interval

if TYPE_CHECKING:
    from .hidden import Sampled

__all__ = [
    "CHIPS_MEANING",
    "DEALS",
    "Choice",
    "Decision",
    "HandReview",
    "decisions_made",
    "grade",
    "grade_sampled",
    "review",
]

DEALS = 2000
"""Deals each decision's choices are played out on, unless `review` is told otherwise."""
SHOWN = 3
"""Choices `Decision.to_text` lists besides the one made (the best first)."""


@dataclass(frozen=True)
class Choice:
    """One choice of a decision: the action, in words, and the chips it was worth."""

    action: str
    words: str
    chips: Estimate
    chosen: bool

    def line(self, label: str) -> str:
        """'  your choice  throw away 7♦ 2♣   +0.46 chips (95% CI +0.30 to +0.62)'."""
        return f"   {label:<12} {self.words:<30} {chips_text(self.chips)}"


@dataclass(frozen=True)
class Decision:
    """One graded decision.

    number -- its place in the hand (1 = the first); kind -- 'declare', 'draw' or 'card';
    when -- the decision point in words; made -- the action taken, in words; choices -- every choice,
    best first (empty when the rules left one, or no deal agreed with what was seen); deals --
    deals each choice was played on; built -- how many of them were built seat by seat
    (`sim.hidden.Sampled`); loss -- chips
    the best choice is ahead of the one made, deal by deal (None when the made one is best);
    mistake -- the best choice's interval lies wholly above the made one's; reason -- why,
    where the rules say; forced -- why there was no choice ('' when there was one).
    """

    number: int
    kind: str
    when: str
    made: str
    choices: tuple[Choice, ...]
    deals: int
    built: int
    loss: Estimate | None
    mistake: bool
    reason: str
    forced: str = ""

    @property
    def chosen(self) -> Choice | None:
        """The choice made, with its chips (None when not played out)."""
        return next((c for c in self.choices if c.chosen), None)

    @property
    def best(self) -> Choice | None:
        """The choice worth the most chips (None when not played out)."""
        return self.choices[0] if self.choices else None

    @property
    def cost(self) -> float:
        """Chips the decision cost: the loss's estimate for a mistake, else 0."""
        return self.loss.value if self.mistake and self.loss is not None else 0.0

    def verdict(self) -> str:
        """'✘ mistake: 0.36 chips lost (95% CI ...)', '✔ ...', or the forced line."""
        if self.forced:
            return f"– no choice: {self.forced}"
        if not self.choices:
            return "– not graded: no deal agreed with what you saw"
        if self.loss is None:
            runner_up = self.choices[1] if len(self.choices) > 1 else None
            if runner_up is None:
                return "✔ the best choice"
            lead = self.choices[0].chips.value - runner_up.chips.value
            return f"✔ the best choice, {lead:.2f} chips ahead of the next, {runner_up.words}"
        lost = self.loss.text(".2f", "chips")
        if self.mistake:
            return f"✘ mistake: it cost {lost}"
        return f"✔ not a mistake: the best is ahead by {lost}, within the intervals"

    def to_text(self) -> str:
        """The decision in a few lines: when it was made, the choice made and the best ones with
        their chips, the verdict, the reason and the deals behind it."""
        lines = [f"{self.number}. {self.when}: you chose {self.made}"]
        if self.forced or not self.choices:
            return lines[0] + f" {self.verdict()}"
        chosen = self.chosen
        assert chosen is not None
        lines.append(chosen.line("your choice"))
        others = [c for c in self.choices if not c.chosen][:SHOWN]
        for rank, choice in enumerate(others):
            ahead = self.choices.index(choice) < self.choices.index(chosen)
            lines.append(choice.line("best" if rank == 0 and ahead else "other"))
        lines.append(f"   {self.verdict()}")
        if self.reason:
            lines.append(f"   why: {self.reason}")
        lines.append(f"   {len(self.choices)} choices, each played out on {self.deals:,} deals")
        return "\n".join(lines)


@dataclass(frozen=True)
class HandReview(ReadsAsText):
    """Every decision one seat made in one hand, graded."""

    seat: str
    number: int
    rules: Rules
    players: int
    deals: int
    decisions: tuple[Decision, ...]
    note: str = ""

    @property
    def mistakes(self) -> tuple[Decision, ...]:
        """The decisions that were mistakes, in order."""
        return tuple(d for d in self.decisions if d.mistake)

    @property
    def costliest(self) -> Decision | None:
        """The mistake that cost the most chips (None without a mistake)."""
        return max(self.mistakes, key=lambda d: d.cost, default=None)

    def to_text(self) -> str:
        """The whole review: how it was made, each decision, and the mistakes' cost."""
        lines = [
            f"Review of hand {self.number} for seat {self.seat} · {self.rules.source} rules · "
            f"{self.players} players",
            f"Each choice was played out on up to {self.deals:,} deals of the cards you could "
            "not see, agreeing with all you saw; every seat (yours after the decision) played "
            f"as the course's heuristic bots. {CHIPS_MEANING}",
        ]
        lines += [d.to_text() for d in self.decisions] or ["You made no decision in this hand."]
        if self.note:
            lines.append(f"Note: {self.note}")
        mistakes = self.mistakes
        if mistakes:
            cost = sum(d.cost for d in mistakes)
            which = ", ".join(str(d.number) for d in mistakes)
            lines.append(
                f"Mistakes: {len(mistakes)} (decision {which}), costing about {cost:.2f} chips."
            )
        else:
            lines.append("Mistakes: none that the simulated deals can tell apart.")
        return "\n".join(lines)


CHIPS_MEANING = (
    "Each figure is the chips a choice won (+) or lost (-) you on average, from that decision "
    "to the end of the hand; 95% CI: the range that average lies in, 19 times in 20."
)
"""What the figures of a review mean, said where they first appear."""


def chips_text(e: Estimate) -> str:
    """'+0.46 chips (95% CI +0.30 to +0.62)'."""
    return e.text("+.2f", "chips")


def review(
    game: Game, seat: str = "A", hand: int | None = None, deals: int = DEALS, seed: int = 0
) -> HandReview:
    """Grade every decision `seat` made in hand `hand` of `game` (default: the last hand
    that is over), each on up to `deals` simulated deals (see the module's docstring)."""
    deals = whole("deals", deals, 10)
    found, note = decision_points(game, seat, hand)
    decisions = tuple(grade(m, i, deals, seed) for i, m in enumerate(found, start=1))
    number = found[0].number if found else (hand or game.hand_record.number)
    players = len(found[0].seats) if found else len(game.players)
    return HandReview(seat, number, game.rules, players, deals, decisions, note)


def decisions_made(game: Game, seat: str = "A", hand: int | None = None) -> list[str]:
    """The decisions `seat` made in hand `hand` (default: the last one over), numbered as
    the review numbers them, in words and ungraded: what to predict before the review."""
    found, note = decision_points(game, seat, hand)
    lines = [
        f"{i}. {when_words(m)}: you chose {choice_words(m, m.action or '')}"
        for i, m in enumerate(found, start=1)
    ]
    return lines + ([f"Note: {note}"] if note else [])


def grade(point: DecisionPoint, number: int, deals: int = DEALS, seed: int = 0) -> Decision:
    """One decision graded: every choice of `point` played out on the same deals."""
    assert point.action is not None, "a decision point to grade knows what was done"
    when, words = when_words(point), choice_words(point, point.action)
    if len(point.options) == 1:
        why = forced_reason(point)
        return Decision(number, point.kind, when, words, (), 0, 0, None, False, "", why)
    if compiled():
        from .hidden import choice_chips
    else:  # no NumPy or Numba (the course in the browser): the same, in plain Python
        from .plain_hidden import choice_chips
    sampled = choice_chips(point, point.options, deals, seed)
    if sampled.used == 0:
        return Decision(number, point.kind, when, words, (), 0, 0, None, False, "")
    return grade_sampled(point, number, sampled)


def grade_sampled(point: DecisionPoint, number: int, sampled: Sampled) -> Decision:
    """The decision graded from the chips each choice brought, deal by deal (`sampled`,
    one column a choice of `point.options`)."""
    assert point.action is not None, "a decision point to grade knows what was done"
    made = _index_of(point, point.action)
    when, words = when_words(point), choice_words(point, point.action)
    columns = _columns(sampled.chips)
    estimates = [mean_interval(column) for column in columns]
    order = sorted(range(len(estimates)), key=lambda j: (-estimates[j].value, j != made))
    best = order[0]
    choices = tuple(
        Choice(point.options[j], choice_words(point, point.options[j]), estimates[j], j == made)
        for j in order
    )
    loss = None if best == made else mean_interval(_minus(columns[best], columns[made]))
    mistake = estimates[best].low > estimates[made].high
    why = reason(point, point.options[made], point.options[best])
    built = min(sampled.built, sampled.used)
    return Decision(
        number, point.kind, when, words, choices, sampled.used, built, loss, mistake, why
    )


def _columns(chips: Any) -> list[Any]:
    """Each choice's chips, world by world: the columns of a NumPy array (the compiled
    core's), or of a list of rows (`plain_hidden`'s)."""
    if hasattr(chips, "shape"):
        return [chips[:, j] for j in range(chips.shape[1])]
    return [list(column) for column in zip(*chips, strict=True)]


def _minus(a: Any, b: Any) -> Any:
    """a - b, value by value (NumPy arrays, or lists)."""
    return a - b if hasattr(a, "shape") else [x - y for x, y in zip(a, b, strict=True)]


def _index_of(point: DecisionPoint, action: str) -> int:
    """The place of `action` among the decision point's options (however its cards are ordered)."""
    key = _key(point, action)
    for j, option in enumerate(point.options):
        if _key(point, option) == key:
            return j
    raise ValueError(f"{action!r} is not one of the choices at this point: {point.options}")


def _key(point: DecisionPoint, action: str) -> tuple[str, frozenset[Card], bool]:
    read = read_action(action, point.seats)
    return read.kind, frozenset(read.cards), read.take


def choice_words(point: DecisionPoint, action: str) -> str:
    """A choice in words: 'play', 'keep all five', 'throw away 7♦ 2♣', '9♠'."""
    read = read_action(action, point.seats)
    if read.kind == "keep":
        return "keep all five"
    if read.kind == "discard":
        thrown = f"throw away {card_list(read.cards, sep=' ')}"
        return f"take the turned card, {thrown}" if read.take else thrown
    if read.kind == "card":
        return str(read.card)
    return read.kind


def when_words(point: DecisionPoint) -> str:
    """When the decision was made, in words: 'Play or pass, 3rd of 5 to speak, after B pass, C play' (in one
    round, with the draws heard: 'C play, drew 2')."""
    if point.kind == "declare":
        place = f"{_ordinal(point.place + 1)} of {len(point.seats)} to speak"
        drew = {p: count for p, count, _ in point.thrown}
        heard = ", ".join(
            f"{p} {'play' if w else 'pass'}" + (f", drew {drew[p]}" if p in drew else "")
            for p, w in point.said
        )
        return f"Play or pass, {place}, " + (f"after {heard}" if heard else "hearing nobody")
    held = card_list(point.hand, sep=" ")
    if point.kind == "draw":
        return f"The draw, holding {held} ({point.trump.plural} trumps)"
    trick = len(point.tricks) + 1
    plays = ", ".join(f"{p} {c}" for p, c in point.trick)
    return f"Trick {trick}, " + (f"after {plays}" if plays else "your lead") + f", holding {held}"


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
