"""The variant lab: what each rulebook and switch does to a game, measured by simulation.

Two questions, each a function that returns data (the pictures are drawn by
`bourre_lessons.widgets.charts.variant_charts`):

* `sweep` (in `sweep`, re-exported here) plays many short sessions under several rule sets
  and measures the pot over the hands of a session, how often a player is bourréd, the win
  rate by seat (counted from the dealer's left), how often a seat passes, and how often a
  player who played would rather have passed; it runs on any executor, shows its progress
  and resumes after Ctrl-C. Plots: `plot_pot`, `plot_bourre`, `plot_win_by_seat`,
  `plot_rather_pass`, and `plot_sweep` for all four at once.
* `order_effect` (in `order_effect`, re-exported here) plays one table in one round and in
  two rounds of play or pass and the draw (`Rules.draw_timing`) and measures whether the
  order changes how often a hand is played, with 95% intervals.
* `rulebook_disagreements` plays hands and asks, at every card decision, whether glimne,
  wikipedia and pagat allow the same cards; where they differ, the readable engine's
  `explain` names the rule that refused a card another rulebook allows. Plot:
  `plot_disagreements`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from ..cards import DECK, Suit
from ..play import Situation, explain, legal_plays, rule_id, rule_summary
from ..rules import PRESETS, SOURCES, Rules
from ..text import ReadsAsText
from .bot_names import resolve_bots
from .chunks import chunk_seed, fast_seats
from .fast import encode_rules
from .fast.bits import cards_of
from .fast.hand import (
    logged_legal,
    logged_position,
    logged_trick,
    new_log,
    new_outcomes,
    play_chunk,
)
from .order_effect import OrderEffect, order_effect
from .sweep import DEFAULT_VARIANTS, Sweep, SweepInterrupted, sweep

__all__ = [
    "DEFAULT_VARIANTS",
    "Disagreements",
    "OrderEffect",
    "Sweep",
    "SweepInterrupted",
    "order_effect",
    "rule_concept",
    "rulebook_disagreements",
    "sweep",
]

# --- where the rulebooks disagree -------------------------------------------------------------


@dataclass(frozen=True)
class Disagreements(ReadsAsText):
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

    @property
    def share(self) -> float:
        """Share of decisions where the rulebooks give different legal sets."""
        return self.differing / self.decisions if self.decisions else 0.0

    def to_text(self) -> str:
        """How often the books allowed different cards, and the rule behind each share."""
        lines = [
            f"{self.hands} hands, {self.players} players ({self.drive}): the books allow "
            f"different cards at {self.differing} of {self.decisions} card decisions "
            f"({self.share:.1%})"
        ]
        for rule, share in self.rule_shares().items():
            count = self.by_rule[rule]
            lines.append(
                f"    {rule:<13} {self.concepts.get(rule, ''):<14} {share:.2%} "
                f"({count} decision{'s' * (count != 1)})"
            )
        return "\n".join(lines)

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
) -> Disagreements:
    """Play `hands` hands under the `drive` rulebook and compare the three rulebooks' legal sets
    at every card decision, with the readable engine naming the rules that differ."""
    if drive not in SOURCES:
        raise ValueError(f"drive must be one of {', '.join(SOURCES)}, got {drive!r}")
    most = min(PRESETS[s].max_players for s in SOURCES)
    if players > most:
        raise ValueError(f"all three rulebooks allow at most {most} players; choose 2 to {most}")
    log = _logged_decisions(hands, players, PRESETS[drive], bots, seed)
    differing = _differing_rows(log, players)
    by_rule: Counter = Counter()
    by_pair: Counter = Counter()
    concepts: dict[str, str] = {}
    summaries: dict[str, str] = {}
    shown: list[Situation] = []
    for row in log[differing]:
        situation = _situation_of(row)
        sets = {name: legal_plays(situation, PRESETS[name]) for name in SOURCES}
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
        by_rule.update(sorted(refusing))  # sorted: the same order whatever the hash seed
        if len(shown) < examples:
            shown.append(situation)
    return Disagreements(
        hands=hands,
        players=players,
        drive=drive,
        decisions=len(log),
        differing=int(differing.sum()),
        by_rule=dict(by_rule),
        by_pair=dict(by_pair),
        concepts=concepts,
        summaries=summaries,
        examples=tuple(shown),
    )


def _logged_decisions(hands: int, players: int, rules: Rules, bots: str, seed: int) -> np.ndarray:
    """Every card decision of `hands` fast-core hands, one row each (see hand.LOG_COLUMNS)."""
    if bots not in ("random", "heuristic"):
        raise ValueError(f"bots must be 'random' or 'heuristic', got {bots!r}")
    seats = fast_seats(resolve_bots(bots, players))
    outcomes = new_outcomes(hands, players)
    log = new_log(hands * 5 * players)
    rule_vector = encode_rules(rules, players)
    error = play_chunk(players, 0, rule_vector, seats, chunk_seed(seed, 0), outcomes, log)
    if error:
        raise RuntimeError("a simulated draw ran out of cards")
    return log.rows[: int(log.count[0])]


def _differing_rows(log: np.ndarray, players: int) -> np.ndarray:
    """True where the fast twin of `legal_plays` gives different sets under the three presets
    (the tests hold the twin equal to the engine; the engine then names the rules)."""
    masks = np.array([logged_legal(log, encode_rules(PRESETS[s], players)) for s in SOURCES])
    return (masks != masks[0]).any(axis=0)


def _situation_of(row: np.ndarray) -> Situation:
    """The readable `Situation` of one logged decision."""
    position = logged_position(row)
    return Situation(
        hand=cards_of(position.hand),
        trump=list(Suit)[position.trump],
        trick=tuple(DECK[c] for c in logged_trick(row)),
        seen=cards_of(position.seen),
        tricks_won=position.won,
        players_after=position.after,
        others_out_of_trump=position.others_out,
    )


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
