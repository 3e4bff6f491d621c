"""The readable engine against a plain Python playout of the same game, in the same process.

    python -m benchmarks.readable            # 400 hands a run, median of 5 runs
    python -m benchmarks.readable --hands 100 --runs 3

The readable engine (`Game`, with `play_bots`) plays whole hands at a pagat table of five:
random bots, then heuristic bots. Beside it, `plain_hands` plays the same deal, play or pass,
draw and play rules in the plainest idiomatic Python (small frozen dataclass cards, lists,
uniformly random legal choices; no pot, no transcript, no verdicts), written for this
benchmark and not tuned. The ratio readable / plain says what the engine's readability (its
records, transcript, checks and explanations) costs over what plain Python needs. Goal: the
readable engine with random bots at half the plain playout's speed or better. Nothing is
asserted: the figures are printed.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from bourre_lessons.game import Game
from bourre_lessons.rules import PRESETS
from bourre_lessons.sim.bots import Bot, HeuristicBot, RandomBot, play_bots

GOAL_RATIO = 0.5
"""The readable engine (random bots) at half the plain playout's speed or better."""

# --- the plain playout ------------------------------------------------------------------


@dataclass(frozen=True)
class PlainCard:
    """A card as plain Python would write it: a suit letter and a rank, 2 to 14 (ace)."""

    suit: str
    rank: int


PLAIN_DECK = [PlainCard(suit, rank) for suit in "SHDC" for rank in range(2, 15)]


def plain_hands(hands: int, players: int, seed: int) -> int:
    """Play `hands` hands of pagat's rules at random; returns the tricks played."""
    rng = random.Random(seed)
    return sum(plain_hand(rng, players, dealer=h % players) for h in range(hands))


def plain_hand(rng: random.Random, players: int, dealer: int) -> int:
    """Deal, play or pass with the draw in the same turn, then the tricks; returns the tricks."""
    deck = PLAIN_DECK[:]
    rng.shuffle(deck)
    seats = [(dealer + i) % players for i in range(1, players + 1)]  # the dealer is last
    hands: dict[int, list[PlainCard]] = {seat: [] for seat in seats}
    for _ in range(5):
        for seat in seats:
            hands[seat].append(deck.pop())
    trump = hands[seats[-1]][-1]
    stock, folded, discards = deck, [], []
    playing = []
    for seat in seats:
        if seat == seats[-1] and not playing:
            return 0  # everyone else passed: the dealer takes the pot without play
        if (seat == seats[-1] and trump.rank == 14) or rng.choice([True, False]):
            playing.append(seat)
            stock = plain_draw(rng, seat, hands[seat], stock, folded, discards)
        else:
            folded.extend(hands.pop(seat))
    if len(playing) < 2:
        return 0  # one player alone takes the pot
    return plain_tricks(rng, {seat: hands[seat] for seat in playing}, playing, trump.suit)


def plain_draw(
    rng: random.Random,
    seat: int,
    hand: list[PlainCard],
    stock: list[PlainCard],
    folded: list[PlainCard],
    discards: list[tuple[int, PlainCard]],
) -> list[PlainCard]:
    """Throw away a random set of cards (perhaps none) and draw as many; returns the stock,
    rebuilt from the passed hands and the served players' discards when it runs out."""
    options = [combo for k in range(6) for combo in combinations(sorted(hand, key=_order), k)]
    for card in rng.choice(options):
        hand.remove(card)
        discards.append((seat, card))
        if not stock:
            stock = folded + [c for s, c in discards if s != seat]
            folded.clear()
            discards[:] = [(s, c) for s, c in discards if s == seat]
            rng.shuffle(stock)
        hand.append(stock.pop())
    return stock


def _order(card: PlainCard) -> tuple[str, int]:
    return card.suit, card.rank


def plain_tricks(
    rng: random.Random, hands: dict[int, list[PlainCard]], playing: list[int], trump: str
) -> int:
    """Five tricks, each led by the winner of the one before; random legal cards."""
    won = dict.fromkeys(playing, 0)
    seen: list[PlainCard] = []
    leader = playing[0]
    for _ in range(5):
        start = playing.index(leader)
        order = playing[start:] + playing[:start]
        trick: list[tuple[int, PlainCard]] = []
        for place, seat in enumerate(order):
            cards = [card for _, card in trick]
            after = len(order) - place - 1
            legal = plain_legal(hands[seat], cards, trump, won[seat], seen, after)
            card = rng.choice(sorted(legal, key=_order))
            hands[seat].remove(card)
            trick.append((seat, card))
        leader = plain_winner(trick, trump)
        won[leader] += 1
        seen.extend(card for _, card in trick)
    return 5


def plain_beats(card: PlainCard, other: PlainCard, trump: str) -> bool:
    """True if `card` takes the lead from `other`."""
    if card.suit == other.suit:
        return card.rank > other.rank
    return card.suit == trump


def plain_winner(trick: list[tuple[int, PlainCard]], trump: str) -> int:
    """The seat whose card wins the trick."""
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if plain_beats(card, best, trump):
            best_seat, best = seat, card
    return best_seat


def plain_legal(
    hand: list[PlainCard],
    trick: list[PlainCard],
    trump: str,
    won: int,
    seen: list[PlainCard],
    after: int,
) -> list[PlainCard]:
    """The cards pagat's rules allow: follow and beat, else trump and overtrump, else any;
    with a cinch, the highest trump (on lead, or following with players still to come)."""
    trumps = [c for c in hand if c.suit == trump]
    legal = plain_follow(hand, trick, trump, trumps) if trick else hand
    if not trumps or (trick and (after == 0 or not any(c.suit == trump for c in legal))):
        return legal
    top = max(trumps, key=lambda c: c.rank)
    if trick and not plain_beats(top, plain_best(trick, trump), trump):
        return legal
    unseen = [c for c in PLAIN_DECK if c not in hand and c not in trick and c not in seen]
    higher = [c for c in unseen if c.suit == trump]
    sure = max(
        (i + 1 - sum(1 for o in higher if o.rank > c.rank) for i, c in enumerate(_high(trumps))),
        default=0,
    )
    if won + sure < 3:
        return legal
    group = [top]  # the highest trump and those no unseen trump separates from it
    for card in _high(trumps)[1:]:
        if any(card.rank < o.rank < group[-1].rank for o in higher):
            break
        group.append(card)
    keep = [c for c in legal if c.suit != trump or c in group] if trick else group
    return keep or legal


def _high(cards: list[PlainCard]) -> list[PlainCard]:
    return sorted(cards, key=lambda c: c.rank, reverse=True)


def plain_best(trick: list[PlainCard], trump: str) -> PlainCard:
    """The card winning the trick so far."""
    best = trick[0]
    for card in trick[1:]:
        if plain_beats(card, best, trump):
            best = card
    return best


def plain_follow(
    hand: list[PlainCard], trick: list[PlainCard], trump: str, trumps: list[PlainCard]
) -> list[PlainCard]:
    """The base rules: follow suit (beating the best card when the trick is not trumped), else
    trump (overtrumping if you can), else any card."""
    led, best = trick[0].suit, plain_best(trick, trump)
    own = [c for c in hand if c.suit == led]
    if own:
        if best.suit != led:
            return own
        beaters = [c for c in own if c.rank > best.rank]
        return beaters or own
    if not trumps:
        return hand
    over = [c for c in trumps if plain_beats(c, best, trump)]
    return over or trumps


# --- the readable engine ----------------------------------------------------------------------


def readable_hands(hands: int, players: int, seed: int, bot: Bot) -> int:
    """Play `hands` hands through `Game` with `bot` in every seat; returns the actions taken."""
    game = Game(PRESETS["pagat"], players, seed=seed)
    for h in range(hands):
        if h:
            game.apply("deal")
        play_bots(game, bot)
    return len(game.actions)


def readable_case(bots: str = "random", hands: int = 400, players: int = 5) -> Callable[[], int]:
    """The work `python -m benchmarks --base` times for the readable engine: `hands` hands
    through `Game` with `bots` ("random" or "heuristic") in every seat, the same seed every run."""
    if bots not in ("random", "heuristic"):
        raise ValueError(f"bots must be 'random' or 'heuristic', got {bots!r}")
    return lambda: readable_hands(
        hands, players, 1, RandomBot(1) if bots == "random" else HeuristicBot()
    )


def plain_case(hands: int = 400, players: int = 5) -> Callable[[], int]:
    """The plain playout as `--base` times it (this benchmark's own code on every tree: its
    ratio between trees is the run's noise)."""
    return lambda: plain_hands(hands, players, 1)


# --- timing ------------------------------------------------------------------------------------


def rate(work: Callable[[int], object], hands: int, runs: int) -> float:
    """Median hands a CPU second over `runs` runs of `work(seed)` (after one warm-up run)."""
    work(0)
    rates = []
    for seed in range(1, runs + 1):
        start = time.process_time()
        work(seed)
        rates.append(hands / (time.process_time() - start))
    return statistics.median(rates)


def run(hands: int = 400, runs: int = 5, players: int = 5) -> dict[str, float]:
    """Hands a CPU second: the plain playout, the readable engine with random bots and with
    heuristic bots, and the readable engine's ratio to the plain playout for each."""
    plain = rate(lambda seed: plain_hands(hands, players, seed), hands, runs)
    randoms = rate(lambda seed: readable_hands(hands, players, seed, RandomBot(seed)), hands, runs)
    heuristic = rate(lambda seed: readable_hands(hands, players, seed, HeuristicBot()), hands, runs)
    return {
        "plain": plain,
        "random": randoms,
        "heuristic": heuristic,
        "random_ratio": randoms / plain,
        "heuristic_ratio": heuristic / plain,
    }


def main(argv: list[str] | None = None) -> None:
    """Print the figures of `run`, with the goal beside them."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.readable", description=__doc__)
    parser.add_argument("--hands", type=int, default=400, help="hands a run (default 400)")
    parser.add_argument("--runs", type=int, default=5, help="runs, median taken (default 5)")
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} · load average {os.getloadavg()[0]:.2f}")
    print(f"pagat, 5 players, {args.hands} hands a run, median of {args.runs} runs, CPU time")
    figures = run(args.hands, args.runs)
    plain = figures["plain"]
    print(f"  plain playout (dataclass cards, lists)   {plain:>10,.0f} hands/s")
    for bots in ("random", "heuristic"):
        ratio = figures[f"{bots}_ratio"]
        line = f"  Game + {bots} bots{'':<{24 - len(bots)}}{figures[bots]:>10,.0f} hands/s"
        line += f"   {ratio:.2f} of the plain playout"
        if bots == "random":
            line += f" (goal {GOAL_RATIO:.2f}: {'meets' if ratio >= GOAL_RATIO else 'below'})"
        print(line)


if __name__ == "__main__":
    main()
