"""The variant lab in plain Python: the rulebooks compared and the sweep, through the readable `Game`.

Where NumPy or Numba is missing (the course in the browser) `bourre_lessons.sim.variant_lab`
and `bourre_lessons.sim.sweep` are this module (`backend`). `rulebook_disagreements` plays hands
with the bots under one rulebook and asks the readable engine, at every card decision, which
cards each of glimne, wikipedia and pagat allows; `sweep` plays short sessions under each rule
set and measures the pot by hand of the session, the bourré rate, the split rate, the win
and pass rates by seat and the plays a player would rather have passed. The same results as
the compiled lab, on fewer hands (at most `MOST_LAB_HANDS` hands for the rulebooks, at most
`MOST_SWEEP_HANDS` hands of sessions under each rule set), each table saying how many of
those asked were played, and the sweep's mean pot and bourré rate with their 95% intervals.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from ..game import Game
from ..play import Situation, explain, legal_plays, rule_id, rule_summary
from ..rules import PRESETS, SOURCES, Rules
from ..text import ReadsAsText
from .backend import fitted, fitted_note
from .bot_names import resolve_bots
from .bots import Bot, HeuristicBot, RandomBot
from .checks import whole
from .estimates import Estimate, mean_interval, wilson
from .plain_order import OrderEffect, order_effect
from .plain_simulation import HandRow, play_session

__all__ = [
    "DEFAULT_VARIANTS",
    "MOST_LAB_HANDS",
    "MOST_SWEEP_HANDS",
    "Disagreements",
    "OrderEffect",
    "PlainDisagreements",
    "PlainSweep",
    "PotByHand",
    "Sweep",
    "order_effect",
    "rule_concept",
    "rulebook_disagreements",
    "sweep",
]

MOST_LAB_HANDS = 600
"""The most hands `rulebook_disagreements` plays in plain Python."""
MOST_SWEEP_HANDS = 2000
"""The most hands (whole sessions) `sweep` plays under each rule set in plain Python."""

DEFAULT_VARIANTS: dict[str, Rules] = {
    "pagat": PRESETS["pagat"],
    "glimne": PRESETS["glimne"],
    "wikipedia": PRESETS["wikipedia"],
    "pagat, pot limit 10": dataclasses.replace(PRESETS["pagat"], pot_limit=10),
    "pagat, double ante": dataclasses.replace(PRESETS["pagat"], double_ante=True),
    "glimne, no second ante": dataclasses.replace(PRESETS["glimne"], second_ante=False),
    "wikipedia, dealer antes for all": dataclasses.replace(
        PRESETS["wikipedia"], dealer_antes_for_all=True
    ),
}
"""The three rulebooks and a few single switches a learner may want to compare."""


@dataclass(frozen=True)
class PlainDisagreements(ReadsAsText):
    """How often glimne, wikipedia and pagat allow different cards in simulated play.

    decisions -- card decisions examined; differing -- decisions where the three legal sets
    are not all equal; by_rule -- for each rule id, the decisions where that rule (in the
    rulebook it belongs to) refused a card another rulebook allows; by_pair -- decisions where
    two named rulebooks differ; concepts -- the rule concept behind each rule id (see
    `rule_concept`); summaries -- the engine's one-sentence summary of each rule as it
    refused; examples -- a few such decisions, for a lesson to show.
    """

    hands: int
    players: int
    drive: str
    decisions: int
    differing: int
    by_rule: dict[str, int]
    by_pair: dict[tuple[str, str], int]
    concepts: dict[str, str]
    summaries: dict[str, str]
    examples: tuple[Situation, ...]
    asked: int = 0

    @property
    def share(self) -> float:
        """Share of decisions where the rulebooks give different legal sets."""
        return self.differing / self.decisions if self.decisions else 0.0

    def to_text(self) -> str:
        """How often the books allowed different cards, and the rule behind each share."""
        lines = [
            f"{self.hands} hands, {self.players} players ({self.drive}): the books allow "
            f"different cards at {self.differing} of {self.decisions} card decisions "
            f"({self.share:.1%}, 95% CI {self.interval().low:.1%} to {self.interval().high:.1%})"
        ]
        note = fitted_note(self.hands, self.asked)
        if note:
            lines.append(f"({note})")
        for rule, share in self.rule_shares().items():
            count = self.by_rule[rule]
            lines.append(
                f"    {rule:<13} {self.concepts.get(rule, ''):<14} {share:.2%} "
                f"({count} decision{'s' * (count != 1)})"
            )
        return "\n".join(lines)

    def interval(self) -> Estimate:
        """The share of decisions where the books differ, with its 95% Wilson interval
        (decisions of one hand are not independent: read it as a guide)."""
        return wilson(self.differing, max(self.decisions, 1))

    def rule_shares(self) -> dict[str, float]:
        """by_rule as shares of all decisions, largest first."""
        total = max(self.decisions, 1)
        return {
            rule: n / total
            for rule, n in sorted(self.by_rule.items(), key=lambda kv: (-kv[1], kv[0]))
        }


def rulebook_disagreements(
    hands: int = 3000,
    players: int = 5,
    bots: str = "random",
    seed: int = 0,
    drive: str = "pagat",
    examples: int = 5,
) -> PlainDisagreements:
    """Play up to `MOST_LAB_HANDS` of `hands` hands under the `drive` rulebook and compare the
    three rulebooks' legal sets at every card decision, naming the rules that differ."""
    if drive not in SOURCES:
        raise ValueError(f"drive must be one of {', '.join(SOURCES)}, got {drive!r}")
    most = min(PRESETS[s].max_players for s in SOURCES)
    if players > most:
        raise ValueError(f"all three rulebooks allow at most {most} players; choose 2 to {most}")
    if bots not in ("random", "heuristic"):
        raise ValueError(f"bots must be 'random' or 'heuristic', got {bots!r}")
    played = fitted(whole("hands", hands, 1), MOST_LAB_HANDS)
    decisions = differing = 0
    by_rule: Counter = Counter()
    by_pair: Counter = Counter()
    concepts: dict[str, str] = {}
    summaries: dict[str, str] = {}
    shown: list[Situation] = []
    for situation in _card_decisions(played, players, PRESETS[drive], bots, seed):
        decisions += 1
        sets = {name: legal_plays(situation, PRESETS[name]) for name in SOURCES}
        if all(s == sets[SOURCES[0]] for s in sets.values()):
            continue
        differing += 1
        refusing: set[str] = set()
        for a, b in ((a, b) for i, a in enumerate(SOURCES) for b in SOURCES[i + 1 :]):
            if sets[a] != sets[b]:
                by_pair[(a, b)] += 1
            for strict_book, other in ((a, b), (b, a)):
                for card in sets[other] - sets[strict_book]:
                    verdict = explain(situation, card, PRESETS[strict_book])
                    refusing.add(verdict.rule_id)
                    concepts[verdict.rule_id] = rule_concept(verdict.rule_id, PRESETS[strict_book])
                    summaries[verdict.rule_id] = verdict.summary or rule_summary(verdict.rule_id)
        by_rule.update(sorted(refusing))
        if len(shown) < examples:
            shown.append(situation)
    return PlainDisagreements(
        hands=played,
        players=players,
        drive=drive,
        decisions=decisions,
        differing=differing,
        by_rule=dict(by_rule),
        by_pair=dict(by_pair),
        concepts=concepts,
        summaries=summaries,
        examples=tuple(shown),
        asked=hands,
    )


def _card_decisions(
    hands: int, players: int, rules: Rules, bots: str, seed: int
) -> Iterator[Situation]:
    """Every card decision of `hands` hands played by the bots at one `Game` table, where at
    least two players are in (a lone player's tricks decide nothing: the compiled core does not
    play them, and neither are they counted here)."""
    game = Game(rules, players, seed=seed)
    seats = {
        name: RandomBot(seed=seed * 8 + i) if bots == "random" else HeuristicBot()
        for i, name in enumerate(game.players)
    }
    for h in range(hands):
        if h:
            game.apply("deal")
        while game.phase != "settled":
            if game.phase == "play" and game.pending_renege is None and _contested(game):
                yield game.situation()
            game.apply(seats[game.to_act].choose(game))


def _contested(game: Game) -> bool:
    """True when at least two players are in the hand being played."""
    return sum(bool(said) for said in game.hand_record.declared.values()) >= 2


# the rules that differ between rulebooks; a rule id may stand for several concepts
# (pagat-2 is "trump", "overtrump" and "trump anyway"), so name the one that can disagree
_SWITCHED = (
    "trump-anyway",
    "trump-not-needed",
    "known-top",
    "others-out",
    "cinch-pot",
    "cinch-strict",
)


def rule_concept(rule: str, rules: Rules) -> str:
    """The concept behind a rule id that made rulebooks differ ('pagat-2' -> 'trump-anyway')."""
    for concept in _SWITCHED:
        if rule_id(concept, rules) == rule:
            return concept
    return rule


# --- the sweep ---------------------------------------------------------------------------------


class PotByHand(list):
    """A row of numbers (a variant's mean pot by hand of the session) that knows its mean."""

    def mean(self) -> float:
        """The mean of the row."""
        return sum(self) / len(self) if self else 0.0


@dataclass(frozen=True)
class PlainSweep(ReadsAsText):
    """Measurements of several rule sets, one row per variant (in `names` order); the fields
    of the compiled lab's `PlainSweep` as lists, and the 95% intervals of the mean pot (over the
    sessions' own means) and of the bourré rate.

    pot -- mean pot at the end of play, by hand of the session, one `PotByHand` a variant;
    bourre_rate, split_rate, rather_pass -- one share a variant; win_by_seat, pass_by_seat --
    one share a seat counted from the dealer's left (the last is the dealer), a list a
    variant; sessions -- the sessions played; asked -- the sessions asked for.
    """

    names: tuple[str, ...]
    rules: tuple[Rules, ...]
    players: int
    hands: int
    sessions: int
    bots: str
    pot: list[PotByHand]
    bourre_rate: list[float]
    split_rate: list[float]
    win_by_seat: list[list[float]]
    pass_by_seat: list[list[float]]
    rather_pass: list[float]
    pot_interval: list[Estimate]
    bourre_interval: list[Estimate]
    asked: int

    def table(self) -> list[dict[str, object]]:
        """One plain dict per variant, for printing or a DataFrame."""
        return [
            {
                "variant": name,
                "mean pot": round(self.pot[i].mean(), 2),
                "final pot": round(self.pot[i][-1], 2),
                "bourré rate": round(self.bourre_rate[i], 4),
                "split rate": round(self.split_rate[i], 4),
                "rather pass": round(self.rather_pass[i], 4),
            }
            for i, name in enumerate(self.names)
        ]

    def to_text(self) -> str:
        """The table as a reader sees it, then the mean pot and bourré rate with their 95%
        intervals, and how many of the sessions asked were played."""
        width = max(len("variant"), *(len(n) for n in self.names)) + 2
        heads = ("mean pot", "final pot", "bourré rate", "split rate", "rather pass")
        lines = [
            f"{self.sessions} sessions of {self.hands} hands, {self.players} players, "
            f"{self.bots} bots",
            f"{'variant':<{width}}" + "".join(f"{h:>13}" for h in heads),
        ]
        for row in self.table():
            values = [f"{row['mean pot']:.2f}", f"{row['final pot']:.2f}"]
            values += [f"{row[h]:.1%}" for h in heads[2:]]
            lines.append(f"{row['variant']:<{width}}" + "".join(f"{v:>13}" for v in values))
        lines.append("95% intervals:")
        for name, pot, bourre in zip(
            self.names, self.pot_interval, self.bourre_interval, strict=True
        ):
            lines.append(
                f"  {name:<{width}}mean pot {pot.low:.2f} to {pot.high:.2f}, "
                f"bourré rate {bourre.low:.1%} to {bourre.high:.1%}"
            )
        note = fitted_note(self.sessions, self.asked, f"sessions of {self.hands} hands")
        return "\n".join([*lines, f"({note})"] if note else lines)


def sweep(
    variants: Mapping[str, Rules] | None = None,
    hands: int = 100,
    sessions: int = 200,
    players: int = 5,
    bots: str | Bot = "heuristic",
    seed: int = 0,
    *,
    executor: object = None,
    progress: object = None,
    results: str | Path | None = None,
) -> PlainSweep:
    """Play `sessions` sessions of `hands` hands under each variant (at most
    `MOST_SWEEP_HANDS` hands a variant) and measure them; `executor` and `results` change
    nothing here, `progress` hears (variants done, variants in all)."""
    variants = DEFAULT_VARIANTS if variants is None else variants
    if not isinstance(variants, Mapping) or not variants:
        raise ValueError("give at least one variant: a mapping of names to Rules")
    if not all(isinstance(r, Rules) for r in variants.values()):
        raise TypeError("each variant must be a Rules, such as Rules.preset('pagat')")
    hands, asked = whole("hands", hands, 1), whole("sessions", sessions, 1)
    if not isinstance(bots, (str, Bot)):
        raise ValueError(
            "the sweep runs the built-in bots: 'heuristic', 'random' or one of their objects"
        )
    played = max(2, fitted(asked, MOST_SWEEP_HANDS // hands)) if asked >= 2 else asked
    rows = []
    for v, rules in enumerate(variants.values()):
        seat_bots = resolve_bots(bots, players)
        runs = [
            play_session(rules, players, seat_bots, _session_seed(seed, v, s), 100, hands)
            for s in range(played)
        ]
        rows.append(_measure(runs, players))
        if callable(progress):
            progress(v + 1, len(variants))
    return PlainSweep(
        names=tuple(variants),
        rules=tuple(variants.values()),
        players=players,
        hands=hands,
        sessions=played,
        bots=bots if isinstance(bots, str) else bots.name,
        asked=asked,
        **{key: [row[key] for row in rows] for key in rows[0]},
    )


def _session_seed(seed: int, variant: int, session: int) -> int:
    """The seed of one session of one variant (different for every session and variant)."""
    return (seed * 1_000 + variant) * 1_000_000 + session


def _measure(runs: list[list[HandRow]], players: int) -> dict[str, object]:
    """The sweep's measurements of one rule set, from its sessions' hands."""
    rows = [row for run in runs for row in run]
    total = len(rows)
    played = max(sum(sum(r.played) for r in rows), 1)
    bourred = sum(sum(r.bourred) for r in rows)
    wins = [0] * players
    in_hand = [0] * players
    for r in rows:
        for seat in range(players):
            place = (seat - r.dealer - 1) % players
            in_hand[place] += r.played[seat]
            wins[place] += r.winner == seat
    hands = len(runs[0])
    return {
        "pot": PotByHand(sum(run[h].pot_played for run in runs) / len(runs) for h in range(hands)),
        "bourre_rate": bourred / played,
        "split_rate": sum(r.split for r in rows) / total,
        "win_by_seat": [w / total for w in wins],
        "pass_by_seat": [(total - n) / total for n in in_hand],
        "rather_pass": sum(sum(r.rather_pass) for r in rows) / played,
        "pot_interval": mean_interval([sum(r.pot_played for r in run) / len(run) for run in runs]),
        "bourre_interval": wilson(bourred, played),
    }


# the public names of the compiled module, for the code that imports them from its name
Disagreements = PlainDisagreements
Sweep = PlainSweep
