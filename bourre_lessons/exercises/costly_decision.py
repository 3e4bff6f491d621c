"""Set 5, "Find the costly decision": a hand you played, reviewed by the coach.

Each exercise is a seeded hand in which seat A, you, played carelessly (always saying play,
drawing as the heuristic bot does, playing cards at random) among heuristic bots. The prompt shows the hand as you saw
it and lists your decisions, numbered, without their grades; you answer the number of the
decision that cost the most chips. The coach (`sim.coach.review`) judges: every choice of
every decision is played out on the same simulated deals of the cards you could not see, and
the costliest mistake is the one whose best choice was furthest ahead. Only hands where that
decision clearly stands out are asked (its cost's 95% interval lies above every other
decision's), so exactly one answer is right.

The coach runs the compiled simulator, so this module is loaded only when first used, and
imports the simulator inside the functions that need it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from ..game import Game
from ..progress import Progress, record_attempt
from ..rules import Rules
from ..seat_view import public_transcript
from .feedback import ON_REQUEST, Feedback, not_checked
from .series import ShownAsPrompt

if TYPE_CHECKING:
    from ..sim.coach import Decision, HandReview

__all__ = ["DEALS", "CostlyDecisionExercise", "costly_decision_exercise", "read_number"]

SET_ID = "play-or-pass"
DEALS = 1000
"""Deals each choice is played out on."""
MAX_TRIES = 60  # hands searched for one whose costliest decision stands out
ME = "A"
_NUMBER = re.compile(r"^\s*(?:decision\s*|no\.?\s*|#\s*)?(\d+)\s*\.?\s*$", re.IGNORECASE)


def read_number(answer: object, last: int) -> tuple[int | None, str]:
    """(the decision number from 1 to `last` in an answer, '') or (None, what was wrong)."""
    example = f"answer with the decision's number, 1 to {last}, e.g. 2"
    if isinstance(answer, bool) or answer is None:
        return None, f"There is no number yet: {example}."
    if isinstance(answer, int):
        number = answer
    elif isinstance(answer, str) and _NUMBER.match(answer):
        number = int(_NUMBER.match(answer)[1])  # type: ignore[index]
    else:
        return None, f"I could not read {answer!r} as a decision's number: {example}."
    if not 1 <= number <= last:
        return None, f"There is no decision {number} in this hand: {example}."
    return number, ""


@dataclass(frozen=True)
class CostlyDecisionExercise(ShownAsPrompt):
    """One hand of seat A, to be reviewed: which decision cost the most chips?"""

    id: str
    seed: int
    actions: tuple[str, ...]
    players: int = 4
    rules: Rules = field(default_factory=Rules)
    deals: int = DEALS

    @cached_property
    def game(self) -> Game:
        """The hand, rebuilt from its seed and actions."""
        return Game(self.rules, self.players, self.seed, actions=self.actions)

    @cached_property
    def review(self) -> HandReview:
        """The coach's review of your decisions (simulated once, then kept)."""
        from ..sim.coach import review

        return review(self.game, ME, deals=self.deals)

    @property
    def costliest(self) -> Decision:
        """The decision that cost the most chips."""
        costliest = self.review.costliest
        assert costliest is not None, "an exercise hand has a mistake"
        return costliest

    @property
    def answer(self) -> int:
        """The number of the costliest decision."""
        return self.costliest.number

    @property
    def title(self) -> str:
        """A short heading (it does not give the answer away)."""
        return f"Find the costly decision ({self.rules.source} rules)"

    def prompt(self) -> str:
        """The hand as you saw it, your decisions numbered, and the question."""
        seen = public_transcript(self.game.transcript(), ME, False, self.game.players)
        lines = [self.title, "The hand, as you (seat A) saw it while it was played:"]
        lines += [f"  {line}" for line in seen.splitlines()[1:] if not line.startswith("Bankrolls")]
        from ..sim.coach import decisions_made

        made = decisions_made(self.game, ME)
        lines.append("Your decisions:")
        lines += [f"  {line}" for line in made]
        last = len(made)
        lines.append(
            f"Which decision cost you the most chips? Answer with its number (1 to {last})."
        )
        return "\n".join(lines)

    def check(self, answer: object, progress: Progress | bool | None = None) -> Feedback:
        """Judge the answer by the coach's review and record the attempt (progress: a
        Progress, None = default, False = no)."""
        number, problem = read_number(answer, len(self.review.decisions))
        if number is None:
            return not_checked(
                problem, ["Choose a decision (in code, its number alone, e.g. 3)."], self.id
            )
        top = self.costliest
        cost = _cost(top)
        if number == top.number:
            details = top.to_text().splitlines()[1:]
            summary = f"Decision {number} cost the most: {cost}."
            feedback = Feedback(True, summary, details, self.id)
        else:
            picked = self.review.decisions[number - 1]
            summary = f"Not decision {number}: {_fared(picked)}"
            feedback = Feedback(False, summary, [ON_REQUEST], self.id)
        record_attempt(progress, self.id, feedback.correct)
        return feedback

    def hint(self) -> str:
        """Where costly decisions hide, and how many mistakes this hand holds."""
        mistakes, made = len(self.review.mistakes), len(self.review.decisions)
        return (
            f"{mistakes} of your {made} decisions {'was a mistake' if mistakes == 1 else 'were mistakes'}. "
            "Look for a hand played that should have been passed, a trump thrown away in the "
            "draw, or a high card spent on a trick that no card of yours could win."
        )

    def solution(self) -> str:
        """The answer and the coach's whole review."""
        return f"Answer: decision {self.answer}.\n{self.review.to_text()}"


def _cost(decision: Decision) -> str:
    loss = decision.loss
    assert loss is not None
    return f"about {loss.value:.2f} chips (95% CI {loss.low:.2f} to {loss.high:.2f}; {decision.deals:,} deals)"


def _fared(decision: Decision) -> str:
    """How a decision that is not the answer fared, in one sentence."""
    if decision.forced:
        return f"the rules left you no choice there ({decision.forced})."
    if decision.mistake:
        return f"it was a mistake too, but cost less: {_cost(decision)}."
    return "it was not a mistake: no choice was clearly better."


def _stands_out(review: HandReview) -> bool:
    """Whether the costliest mistake's cost lies above every other decision's interval."""
    top = review.costliest
    if top is None or top.loss is None or len(review.decisions) < 3:
        return False
    others = [d.loss.high for d in review.decisions if d is not top and d.loss is not None]
    return all(top.loss.low > high for high in others)


def _careless_hand(rules: Rules, players: int, seed: int) -> Game:
    """One hand: seat A always says play, draws as the heuristic bot does and plays its
    cards at random; heuristic bots in the other seats."""
    from ..sim.bots import HeuristicBot, RandomBot, play_bots

    game = Game(rules, players, seed)
    bots = {seat: HeuristicBot() for seat in game.players}
    careless = RandomBot(seed)
    while game.phase != "settled":
        if game.to_act != ME:
            play_bots(game, {seat: bot for seat, bot in bots.items() if seat != ME})
        elif game.phase == "declare":
            game.apply("play")
        elif game.phase == "draw":
            game.apply(bots[ME].choose(game))
        else:
            game.apply(careless.choose(game))
    return game


def costly_decision_exercise(
    seed: int | str = 0, rules: Rules | None = None, players: int = 4
) -> CostlyDecisionExercise:
    """The exercise of `seed`: the first hand of its series whose costliest decision stands
    out."""
    rules = Rules() if rules is None else rules
    rng = random.Random(f"{SET_ID}:costly:{seed}:{rules.source}:{players}")
    for _ in range(MAX_TRIES):
        game_seed = rng.randrange(1_000_000)
        game = _careless_hand(rules, players, game_seed)
        exercise = CostlyDecisionExercise(
            id=f"{SET_ID}/costly-decision/{rules.source}/{seed}",
            seed=game_seed,
            actions=tuple(game.actions),
            players=players,
            rules=rules,
        )
        if ME in game.hand_record.active and _stands_out(exercise.review):
            return exercise
    raise RuntimeError(f"no hand with a clear costliest decision in {MAX_TRIES} tries")
