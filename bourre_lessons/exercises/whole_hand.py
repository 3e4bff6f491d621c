"""Set 6, "Play one whole hand and get it checked": a seeded hand, graded by the coach.

You sit in seat A (the dealer of the first hand) at a table of heuristic bots and play one
whole hand: play or pass, the draw, your cards. The answer is the hand itself: a `Game`, or
the list of its actions. The check asks the coach (`sim.coach.review`) to grade every decision
you made on simulated deals of the cards you could not see. The hand is right when no
decision was a costly mistake: a choice whose 95% interval lies wholly below the best
choice's (the coach's `mistake`). Otherwise the feedback names the costliest decision, what
it cost, and offers the same deal again.

The coach runs the compiled simulator, so this module imports it inside the functions that
need it; the table to play on is `widgets.exercises.exercise_whole_hand.WholeHandWidget`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..game import Game, GameError
from ..progress import Progress, record_attempt
from ..rules import SEAT_LETTERS, Rules
from ..text import count
from .feedback import ON_REQUEST, Feedback, not_checked
from .series import ShownAsPrompt

if TYPE_CHECKING:
    from ..sim.coach import Decision, HandReview

__all__ = [
    "DEALS",
    "ME",
    "WholeHandExercise",
    "bot_hand",
    "costliest",
    "judge",
    "review_lines",
    "whole_hand_exercise",
]

SET_ID = "drills"
DEALS = 600
"""Deals each choice is played out on in the check (the coach's review)."""
ME = "A"


@dataclass(frozen=True)
class WholeHandExercise(ShownAsPrompt):
    """One seeded hand for seat A among heuristic bots, to be played whole and reviewed."""

    id: str
    seed: int
    players: int = 4
    rules: Rules = field(default_factory=Rules)
    deals: int = DEALS

    def new_game(self) -> Game:
        """The deal at its start: seat A to play it, the others to the bots."""
        return Game(self.rules, self.players, self.seed)

    @property
    def title(self) -> str:
        """A short heading."""
        return f"Play one whole hand ({self.rules.source} rules)"

    def prompt(self) -> str:
        """What to do, and how the hand is judged."""
        others = ", ".join(SEAT_LETTERS[1 : self.players])
        return (
            f"{self.title}\n"
            f"{self.players} players: you are seat A, the dealer, who speaks last; {others} "
            "are heuristic bots.\n"
            "Say play or pass, exchange cards in the draw, then play your cards by clicking "
            "them. Press Continue (or Bots to my turn) to let the bots move.\n"
            "When the hand is over, the coach reviews every decision you made. The hand is "
            "right when none was a costly mistake: a choice whose 95% interval of chips lies "
            "wholly below the best choice's."
        )

    def read_hand(self, answer: object) -> tuple[Game | None, str]:
        """(the finished first hand of this deal, '') from a Game or a list of actions, or
        (None, what was wrong)."""
        if isinstance(answer, Game):
            game = answer
        elif isinstance(answer, Sequence) and not isinstance(answer, str):
            try:
                game = Game(self.rules, self.players, self.seed, actions=[str(a) for a in answer])
            except GameError as problem:
                return None, f"These actions do not replay on this deal: {problem}"
        else:
            return None, (
                "There is no hand yet: play it at the table above, or give the Game "
                f"(or its list of actions); got {type(answer).__name__}."
            )
        same = (game.seed, game.rules, len(game.players)) == (
            self.seed,
            self.rules,
            self.players,
        )
        if not same or game.deal is not None:
            return None, f"That is another deal: this exercise is {self.new_game()!r}."
        if game.phase != "settled" or game.hand_record.number != 1:
            return None, "The hand is not over yet: play it to the end (the settlement)."
        return game, ""

    def review(self, game: Game) -> HandReview:
        """The coach's review of seat A's decisions in the finished hand."""
        from ..sim.coach import review

        return review(game, ME, hand=1, deals=self.deals)

    def check(self, answer: object, progress: Progress | bool | None = None) -> Feedback:
        """Review the hand and record the attempt (progress: a Progress, None = default,
        False = no); a hand that is not over is no attempt."""
        game, problem = self.read_hand(answer)
        if game is None:
            return not_checked(problem, [], self.id)
        return self.mark(self.review(game), progress)

    def mark(self, review: HandReview, progress: Progress | bool | None = None) -> Feedback:
        """The verdict on a review of this deal, recorded as an attempt (see `check`)."""
        feedback = judge(review)
        feedback.exercise_id = self.id
        record_attempt(progress, self.id, feedback.correct)
        return feedback

    def hint(self) -> str:
        """What the coach most often finds costly."""
        return (
            "Play when your trumps are strong for your seat (and the players already in); in "
            "the draw keep trumps and side aces; lead a card you know is top; win a trick as "
            "cheaply as you can, and throw your lowest card on a trick you cannot win."
        )

    def solution(self) -> str:
        """One way to play the deal (the heuristic bot in seat A) and the coach's verdict."""
        from ..sim.coach import decisions_made

        game = bot_hand(self)
        verdict = judge(self.review(game))
        return "\n".join(
            [
                "Seat A played by the heuristic bot:",
                *decisions_made(game, ME, hand=1),
                f"The coach's verdict: {verdict.mark}: {verdict.summary}",
            ]
        )


def judge(review: HandReview) -> Feedback:
    """Right when the review marks no costly mistake, with every decision graded; else, by
    the feedback policy, only how many decisions were costly (`review_lines` and `costliest`
    tell more on request)."""
    made = len(review.decisions)
    if review.costliest is None:
        summary = (
            f"No costly mistake in your {count(made, 'decision')}: none had "
            "a better choice whose interval lies wholly above yours."
        )
        return Feedback(True, summary, review_lines(review))
    costly = len(review.mistakes)
    were = "was a costly mistake" if costly == 1 else "were costly mistakes"
    summary = (
        f"{costly} of your {count(made, 'decision')} {were}."
        if made > 1
        else "Your one decision was a costly mistake."
    )
    return Feedback(False, summary, [AGAIN, ON_REQUEST])


def review_lines(review: HandReview) -> list[str]:
    """Every decision on one line each, graded by the coach."""
    return [_line(d) for d in review.decisions]


def _line(decision: Decision) -> str:
    """One decision on one line: the moment, the choice made, the coach's mark."""
    first = decision.to_text().splitlines()[0]
    return first if decision.forced or not decision.choices else f"{first}  {decision.verdict()}"


AGAIN = "Play the same deal again (the button Same deal again, or again() in code)."


def costliest(review: HandReview) -> str:
    """The costliest decision in one sentence: when, what you chose, the better choice."""
    decision = review.costliest
    if decision is None:
        return "No decision was a costly mistake."
    loss, best = decision.loss, decision.best
    assert loss is not None and best is not None
    return (
        f"Decision {decision.number} cost the most, about {loss.value:.2f} chips (95% CI "
        f"{loss.low:.2f} to {loss.high:.2f}): {decision.when}, you chose {decision.made}; "
        f"{best.words} was better."
    )


def bot_hand(exercise: WholeHandExercise) -> Game:
    """The exercise's hand with the heuristic bot in every seat, seat A included."""
    from ..sim.bots import HeuristicBot, play_bots

    game = exercise.new_game()
    play_bots(game, HeuristicBot())
    return game


def whole_hand_exercise(
    seed: int = 0, rules: Rules | None = None, players: int = 4
) -> WholeHandExercise:
    """The whole-hand drill dealt by `seed` (pagat's rules unless given)."""
    rules = Rules() if rules is None else rules
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a whole number, 0 or more, got {seed!r}")
    return WholeHandExercise(f"{SET_ID}/whole-hand/{rules.source}/{seed}", seed, players, rules)
