"""How long the coach takes to review a hand, and the advisor to hear the seats before it.

    python -m benchmarks.coach            # 20 hands, the default deals
    python -m benchmarks.coach --hands 5

Each hand: seat A (a random bot that always says play, so it has many decisions, some of
them poor) at a pagat table of five heuristic bots; the review grades every decision of A
with `sim.coach.DEALS` deals. Printed: the median and the slowest review (CPU seconds, after
one warm-up review that loads the compiled code), the deals used per decision, and the
advisor's time for 10,000 deals with and without what was heard, and the time of one check of
the two drills that check themselves by simulation (sets 5 and 6). Goals beside the figures:
a hand reviewed or a drill checked in under 2 s, the advisor in under 0.3 s.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bourre_lessons.game import Game
from bourre_lessons.rules import PRESETS
from bourre_lessons.sim.advisor import advise
from bourre_lessons.sim.bots import HeuristicBot, RandomBot, play_bots
from bourre_lessons.sim.coach import DEALS, review

GOAL_REVIEW_SECONDS = 2.0
GOAL_ADVISOR_SECONDS = 0.3


def finished_hand(seed: int, players: int = 5, preset: str = "pagat") -> Game:
    """One hand with seat A playing at random (always saying play) among heuristic bots."""
    game = Game(PRESETS[preset], players, seed=seed)
    bots = {seat: HeuristicBot() for seat in game.players[1:]}
    bots["A"] = RandomBot(seed)
    while game.phase != "settled":
        if game.to_act == "A" and game.phase == "declare":
            game.apply("play")
            continue
        play_bots(game, bots)
    return game


def review_times(hands: int, deals: int) -> tuple[list[float], list[int], int]:
    """(CPU seconds per review, deals used per graded decision, decisions graded)."""
    review(finished_hand(1000), "A", deals=50)  # load the compiled code
    seconds, used, graded = [], [], 0
    for seed in range(hands):
        game = finished_hand(seed)
        start = time.process_time()
        result = review(game, "A", deals=deals)
        seconds.append(time.process_time() - start)
        graded += len(result.decisions)
        used += [d.deals for d in result.decisions if d.choices]
    return seconds, used, graded


def advisor_times(runs: int = 7) -> dict[str, float]:
    """Median CPU seconds of advise(..., deals=10_000) for a few words heard."""
    advise("HJ H4 SA D7 C9", "H2", seat=3, deals=100)
    figures = {}
    for heard in (None, "pass pass", "play pass", "play play"):
        times = []
        for run in range(runs):
            start = time.process_time()
            advise("HJ H4 SA D7 C9", "H2", seat=3, deals=10_000, seed=run, heard=heard)
            times.append(time.process_time() - start)
        figures[heard or "not heard"] = statistics.median(times)
    return figures


def drill_times(seeds: int = 5) -> dict[str, list[float]]:
    """CPU seconds of one check of each self-checking drill that simulates: set 6's whole
    hand (the coach reviews a finished hand) and set 5's play or pass (the advisor hears the
    seats before you), a few deals each, after one warm-up check."""
    from bourre_lessons.exercises.play_or_pass import play_or_pass_exercise
    from bourre_lessons.exercises.whole_hand import bot_hand, whole_hand_exercise

    figures: dict[str, list[float]] = {"set 6 whole hand": [], "set 5 play or pass": []}
    whole_hand_exercise(99).check(bot_hand(whole_hand_exercise(99)), progress=False)
    for seed in range(seeds):
        drill = whole_hand_exercise(seed)
        hand = bot_hand(drill)
        start = time.process_time()
        drill.check(hand, progress=False)
        figures["set 6 whole hand"].append(time.process_time() - start)
        start = time.process_time()  # the position's advice is worked out as it is dealt
        play_or_pass_exercise(seed=seed).check("play", progress=False)
        figures["set 5 play or pass"].append(time.process_time() - start)
    return figures


def main(hands: int = 20, deals: int = DEALS) -> None:
    seconds, used, graded = review_times(hands, deals)
    median = statistics.median(seconds)
    verdict = "meets" if median < GOAL_REVIEW_SECONDS else "misses"
    print(f"Coach: review() of {hands} hands (seat A at random among heuristic bots, pagat, 5)")
    print(
        f"  median {median:.2f} s cpu, slowest {max(seconds):.2f} s; {graded} decisions, "
        f"{len(used)} played out on {statistics.mean(used):,.0f} deals each on average "
        f"(asked {deals:,}; fewest {min(used):,})   goal < {GOAL_REVIEW_SECONDS:.0f} s ({verdict})"
    )
    print("Advisor: advise(..., deals=10_000) hearing the seats before it (seat 3 of 5)")
    for heard, cpu in advisor_times().items():
        verdict = "meets" if cpu < GOAL_ADVISOR_SECONDS else "misses"
        print(
            f"  heard {heard:<10} {cpu * 1000:7.1f} ms cpu   goal < "
            f"{GOAL_ADVISOR_SECONDS * 1000:.0f} ms ({verdict})"
        )

    print("Drills that check themselves by simulation (one check each, five deals of each)")
    for drill, times in drill_times().items():
        verdict = "meets" if max(times) < GOAL_REVIEW_SECONDS else "misses"
        print(
            f"  {drill:<20} median {statistics.median(times):.2f} s cpu, slowest "
            f"{max(times):.2f} s   goal < {GOAL_REVIEW_SECONDS:.0f} s ({verdict})"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m benchmarks.coach", description=__doc__)
    parser.add_argument("--hands", type=int, default=20, help="hands reviewed (default 20)")
    parser.add_argument("--deals", type=int, default=DEALS, help="deals per decision")
    args = parser.parse_args()
    main(args.hands, args.deals)
