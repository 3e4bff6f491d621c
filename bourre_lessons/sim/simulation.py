"""Many hands at one table: `simulate` plays them and returns every hand's result as arrays.

Each hand runs in full: antes, the deal, play or pass, the draw, five tricks, the settlement,
and the pot carried to the next hand; the deal passes to the left after each hand. With the
built-in bots ('random', 'heuristic') the hands run in the compiled fast core; any other bot
is played through the readable `Game`, slower but identical in its rules.

The same seed always gives the same result. A long run is cut into chunks of
`CHUNK_HANDS` hands, each with its own seed derived from `seed`; the chunks can run on any
`concurrent.futures.Executor` and the result is the same as the serial run. Chips are
conserved exactly: bankrolls plus the pot never change.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..game import Game
from ..rules import Rules
from .bots import Bot, HeuristicBot, RandomBot, play_bots, resolve_bots
from .fast import encode_rules
from .fast.bits import card_bit
from .fast.hand import (
    DEALER_ALONE,
    LOG_WIDTH,
    SAID_PLAY,
    DecisionLog,
    Ledger,
    Outcomes,
    Seats,
    play_chunk,
    settle_hands,
)
from .fast.policy import HEURISTIC, RANDOM

__all__ = ["CHUNK_HANDS", "SimulationResult", "chunk_seed", "simulate"]

CHUNK_HANDS = 1 << 15
"""Hands per chunk; each chunk gets its own seed, so results never depend on the executor."""


@dataclass(frozen=True)
class SimulationResult:
    """Every hand of a simulated session, as NumPy arrays (one row per hand, seats as columns).

    Seats are numbered 0 to players - 1 clockwise; seat 0 deals the first hand, and the deal
    passes to the left (hand h is dealt by seat h mod players).

    Per hand and seat, shape (hands, players):
      played   -- the seat played the hand (said play, or took the pot as the only one left).
      tricks   -- tricks taken (5 for a player who took the pot without play).
      bourred  -- played and took no trick.
      antes    -- chips put in before the settlement: the ante (all of them for a dealer who
                  antes for the table) plus a second ante where the rules ask for one.
      payments -- bourré payments into the pot.
      net      -- chips won (positive) or lost: taken - antes - payments (computed on first use).
    Per hand, shape (hands,):
      dealer     -- the dealer's seat.
      turned     -- the turned card (bit number, i.e. its position in DECK).
      winner     -- the seat that took the pot, or -1 (split pot, or everyone passed).
      split      -- two or more players tied for most tricks; the pot stays.
      all_passed -- nobody played; the pot stays.
      pot_before -- the pot carried in, before the antes.
      pot_played -- the pot at the end of play (after antes and second antes): what a winner
                    takes (up to a pot limit) and what a bourré costs.
      taken      -- chips the winner took out of the pot (0 without a winner).
      pot_after  -- the pot carried to the next hand.
    Whole session:
      bankrolls -- each seat's chips after the last hand (they start at `bankroll`).
    """

    rules: Rules
    players: int
    seed: int
    bots: tuple[str, ...]
    engine: str
    bankroll: int
    dealer: np.ndarray
    turned: np.ndarray
    played: np.ndarray
    tricks: np.ndarray
    winner: np.ndarray
    split: np.ndarray
    all_passed: np.ndarray
    bourred: np.ndarray
    pot_before: np.ndarray
    pot_played: np.ndarray
    taken: np.ndarray
    pot_after: np.ndarray
    antes: np.ndarray
    payments: np.ndarray
    bankrolls: np.ndarray

    @cached_property
    def net(self) -> np.ndarray:
        """Chips each seat won (positive) or lost per hand: taken - antes - payments."""
        net = -self.antes - self.payments
        won = np.nonzero(self.winner >= 0)[0]
        net[won, self.winner[won]] += self.taken[won]
        return net

    @property
    def hands(self) -> int:
        """How many hands were played."""
        return int(self.dealer.shape[0])

    @property
    def chips(self) -> int:
        """Bankrolls plus the pot after the last hand: always players * bankroll."""
        pot = int(self.pot_after[-1]) if self.hands else 0
        return int(self.bankrolls.sum()) + pot

    def bankroll_history(self) -> np.ndarray:
        """Each seat's chips before the first hand and after every hand, shape (hands + 1, players)."""
        start = np.full((1, self.players), self.bankroll, dtype=np.int64)
        return np.vstack([start, self.bankroll + np.cumsum(self.net, axis=0)])

    def win_rate_by_seat(self) -> np.ndarray:
        """Share of hands each seat took the pot."""
        wins = np.bincount(self.winner[self.winner >= 0], minlength=self.players)
        return wins / max(self.hands, 1)

    def bourre_rate(self) -> float:
        """Share of played seats that were bourréd (took no trick)."""
        played = int(self.played.sum())
        return float(self.bourred.sum()) / played if played else 0.0

    def summary(self) -> str:
        """A few plain lines: hands, pot, wins, bourrés, bankrolls."""
        lines = [
            f"{self.hands} hands, {self.players} players, {self.rules.source} rules, bots: "
            f"{', '.join(self.bots)} ({self.engine} engine, seed {self.seed})",
            f"mean pot at the end of play: {self.pot_played.mean():.2f}"
            if self.hands
            else "no hands played",
            f"split pots: {self.split.mean():.1%}, everyone passed: {self.all_passed.mean():.1%}, "
            f"bourré rate per player who played: {self.bourre_rate():.1%}",
            "bankrolls: " + " ".join(str(int(b)) for b in self.bankrolls),
        ]
        return "\n".join(lines)


def chunk_seed(seed: int, chunk: int) -> np.uint64:
    """The seed of one chunk: derived from the run's seed and the chunk's number only."""
    sequence = np.random.SeedSequence(seed, spawn_key=(chunk,))
    return sequence.generate_state(1, dtype=np.uint64)[0]


def simulate(
    hands: int,
    players: int = 5,
    rules: Rules | None = None,
    bots: str | Bot | Sequence[str | Bot] = "heuristic",
    seed: int = 0,
    executor: Executor | None = None,
    bankroll: int = 100,
    engine: str = "auto",
) -> SimulationResult:
    """Play `hands` hands at a table of `players` and return every hand's result.

    bots -- 'random', 'heuristic', a `Bot`, or one of these per seat. engine -- 'fast' (the
    compiled core; built-in bots only), 'readable' (the `Game` itself, any bot), or 'auto'
    (fast whenever it can). executor -- any `concurrent.futures.Executor` to play the chunks
    of a fast run in parallel; the result is the same as without it. The two engines draw
    their random numbers differently: a seed fixes the result within one engine, and the two
    engines agree in distribution (tested), not hand by hand.
    """
    rules = Rules() if rules is None else rules
    hands = _check_whole("hands", hands, 0)
    seed = _check_whole("seed", seed, 0)
    bankroll = _check_whole("bankroll", bankroll, 0)
    players = _check_players(players, rules)
    seat_bots = resolve_bots(bots, players)
    engine = _choose_engine(engine, seat_bots)
    if engine == "readable":
        if executor is not None:
            raise ValueError(
                "executor= needs the fast engine: the readable Game plays one hand after another"
            )
        return _simulate_readable(hands, players, rules, seat_bots, seed, bankroll)
    return _simulate_fast(hands, players, rules, seat_bots, seed, executor, bankroll)


def _check_whole(name: str, value: object, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < low:
        raise ValueError(f"{name} must be a whole number, {low} or more, got {value!r}")
    return int(value)


def _check_players(players: object, rules: Rules) -> int:
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)):
        raise ValueError(f"players must be a whole number of seats, got {players!r}")
    if not max(2, rules.min_players) <= players <= rules.max_players:
        raise ValueError(
            f"{players} players is outside the {rules.source} rules' range "
            f"({rules.min_players}-{rules.max_players})"
        )
    return int(players)


def fast_kind(bot: Bot) -> int | None:
    """The fast core's code for a built-in bot, or None for a bot it cannot run."""
    if type(bot) is RandomBot:
        return RANDOM
    if type(bot) is HeuristicBot:
        return HEURISTIC
    return None


def _choose_engine(engine: str, bots: tuple[Bot, ...]) -> str:
    if engine not in ("auto", "fast", "readable"):
        raise ValueError(f"engine must be 'auto', 'fast' or 'readable', got {engine!r}")
    fast_ok = all(fast_kind(b) is not None for b in bots)
    if engine == "fast" and not fast_ok:
        raise ValueError(
            "the fast engine runs only the built-in RandomBot and HeuristicBot; "
            "use engine='readable' (or 'auto') for your own bots"
        )
    if engine == "auto":
        return "fast" if fast_ok else "readable"
    return engine


# --- the fast core --------------------------------------------------------------------------


def _run_chunk(args: tuple) -> tuple[Outcomes, int]:
    """Play one chunk of hands (a top-level function, so process pools can pickle it)."""
    players, first, count, rule_vector, seats, seed = args
    outcomes = Outcomes(
        declared=np.zeros((count, players), dtype=np.int8),
        tricks=np.zeros((count, players), dtype=np.int8),
        turned=np.zeros(count, dtype=np.int8),
    )
    no_log = DecisionLog(np.zeros((0, LOG_WIDTH), dtype=np.int64), np.zeros(1, dtype=np.int64))
    error = play_chunk(players, first, rule_vector, seats, seed, outcomes, no_log)
    return outcomes, int(error)


def _simulate_fast(
    hands: int,
    players: int,
    rules: Rules,
    bots: tuple[Bot, ...],
    seed: int,
    executor: Executor | None,
    bankroll: int,
) -> SimulationResult:
    rule_vector = encode_rules(rules, players)
    seats = Seats(
        kinds=np.array([fast_kind(b) for b in bots], dtype=np.int64),
        boldness=np.array([getattr(b, "boldness", 0.0) for b in bots], dtype=np.float64),
    )
    jobs = [
        (players, first, min(CHUNK_HANDS, hands - first), rule_vector, seats, chunk_seed(seed, i))
        for i, first in enumerate(range(0, hands, CHUNK_HANDS))
    ]
    runs = list(map(_run_chunk, jobs) if executor is None else executor.map(_run_chunk, jobs))
    if any(error for _outcomes, error in runs):
        raise RuntimeError(
            "a draw found the stock and every restock source empty; the readable engine "
            "refuses this position too (GameError)"
        )
    outcomes = Outcomes(
        declared=_stack([o.declared for o, _ in runs], (0, players), np.int8),
        tricks=_stack([o.tricks for o, _ in runs], (0, players), np.int8),
        turned=_stack([o.turned for o, _ in runs], (0,), np.int8),
    )
    return _settle_all(hands, players, rules, bots, seed, bankroll, "fast", outcomes)


def _stack(parts: list[np.ndarray], empty: tuple[int, ...], dtype: type) -> np.ndarray:
    return np.concatenate(parts) if parts else np.zeros(empty, dtype=dtype)


def _settle_all(
    hands: int,
    players: int,
    rules: Rules,
    bots: tuple[Bot, ...],
    seed: int,
    bankroll: int,
    engine: str,
    outcomes: Outcomes,
) -> SimulationResult:
    """Move the chips hand by hand (settle.settle's rules) and build the result."""
    bankrolls = np.full(players, bankroll, dtype=np.int64)
    per_seat = (hands, players)
    ledger = Ledger(
        dealer=np.zeros(hands, dtype=np.int8),
        pot_before=np.zeros(hands, dtype=np.int64),
        pot_played=np.zeros(hands, dtype=np.int64),
        pot_after=np.zeros(hands, dtype=np.int64),
        winner=np.zeros(hands, dtype=np.int8),
        split=np.zeros(hands, dtype=np.bool_),
        all_passed=np.zeros(hands, dtype=np.bool_),
        taken=np.zeros(hands, dtype=np.int64),
        antes=np.zeros(per_seat, dtype=np.int8),  # at most 8 antes + a second ante
        payments=np.zeros(per_seat, dtype=np.int64),
        played=np.zeros(per_seat, dtype=np.bool_),
        bourred=np.zeros(per_seat, dtype=np.bool_),
    )
    settle_hands(players, encode_rules(rules, players), outcomes, 0, bankrolls, ledger)
    return SimulationResult(
        rules=rules,
        players=players,
        seed=seed,
        bots=tuple(b.name for b in bots),
        engine=engine,
        bankroll=bankroll,
        turned=outcomes.turned,
        tricks=outcomes.tricks,
        bankrolls=bankrolls,
        **ledger._asdict(),
    )


# --- the readable engine ---------------------------------------------------------------------


def _simulate_readable(
    hands: int, players: int, rules: Rules, bots: tuple[Bot, ...], seed: int, bankroll: int
) -> SimulationResult:
    """The same session played through `Game` and `play_bots` (any bot; slow)."""
    game = Game(rules, players, seed=seed, bankroll=bankroll)
    seats = {
        name: _seeded(bot, seed, i)
        for i, (name, bot) in enumerate(zip(game.players, bots, strict=True))
    }
    declared = np.zeros((hands, players), dtype=np.int8)
    tricks = np.zeros((hands, players), dtype=np.int8)
    turned = np.zeros(hands, dtype=np.int8)
    for h in range(hands):
        if h:
            game.apply("deal")
        play_bots(game, seats)
        record = game.hand_record
        turned[h] = card_bit(record.trump_card)
        said = [p for p in record.seats if record.declared.get(p)]
        alone = (
            rules.lone_player_wins
            and not rules.simultaneous_declaration
            and said == [record.dealer]
            and not record.tricks
        )
        for i, name in enumerate(game.players):
            if record.declared.get(name):
                declared[h, i] = DEALER_ALONE if alone else SAID_PLAY
        if record.settlement is not None:
            for name, count in record.settlement.tricks.items():
                tricks[h, game.players.index(str(name))] = count
    outcomes = Outcomes(declared=declared, tricks=tricks, turned=turned)
    result = _settle_all(hands, players, rules, bots, seed, bankroll, "readable", outcomes)
    _check_against_game(result, game)
    return result


def _seeded(bot: Bot, seed: int, seat: int) -> Bot:
    """A built-in random bot gets a seat seed from the run's seed, so reruns agree."""
    if type(bot) is RandomBot and bot.seed is None:
        return RandomBot(seed=seed * 8 + seat)
    return bot


def _check_against_game(result: SimulationResult, game: Game) -> None:
    """The ledger replayed from the records must match the Game's own chips exactly."""
    expected = np.array([game.bankrolls[p] for p in game.players], dtype=np.int64)
    if result.hands and (
        not np.array_equal(result.bankrolls, expected) or int(result.pot_after[-1]) != game.pot
    ):
        raise RuntimeError(
            f"the chips replayed from the hand records ({result.bankrolls.tolist()}, pot "
            f"{int(result.pot_after[-1])}) differ from the Game's ({expected.tolist()}, pot {game.pot})"
        )
