"""Set 2, "Settle the pot": from the tricks, the pot and the antes, say who takes and who pays.

The learner answers with a dict, e.g. {"winner": "A", "taken": 10, "payments": {"D": 10},
"pot_carried": 20}; some exercises also ask "skips_next_ante" and "next_pot". Every field is
checked against `settle` under the exercise's rules, and each wrong field is explained with
the rule that decides it.
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..progress import Progress, record_attempt
from ..rules import SEAT_LETTERS, SOURCES, Rules
from ..settle import Settlement, antes, pot_at_play, second_antes, settle
from ..text import names
from .feedback import Feedback, not_checked, parts_wrong, wrong_answer
from .series import LevelledExercise, Series, known_level

__all__ = [
    "SETTLE_FIELDS",
    "SETTLE_LEVELS",
    "SETTLE_RULES",
    "SettlePotExercise",
    "SettlePotSeries",
    "check_settlement",
    "settle_pot_exercise",
    "source_settle_exercises",
    "wrong_fields",
]

SET_ID = "settle-pot"
BASE_FIELDS = ("winner", "taken", "payments", "pot_carried")
ANTE_FIELDS = ("skips_next_ante", "next_pot")
SETTLE_FIELDS: tuple[str, ...] = BASE_FIELDS + ANTE_FIELDS
SETTLE_LEVELS: tuple[str, ...] = ("pot", "ante", "limit", "renege")

_FIELD_HELP = {
    "winner": 'the player who takes the pot, e.g. "A", or None when nobody does',
    "taken": "how many chips the winner takes (0 when nobody does)",
    "payments": 'who pays what into the pot, e.g. {"D": 10}, or {} when nobody pays',
    "pot_carried": "the chips left in the pot for the next hand, before its antes",
    "skips_next_ante": 'the players who put in no ante next hand, e.g. {"D"}, or set()',
    "next_pot": "the pot at the start of the next hand, once the antes are in",
}

SETTLE_RULES: dict[str, str] = {
    "most tricks": (
        "The player with more tricks than anyone else takes the pot (wikipedia, pagat; glimne "
        "speaks of winning with at least three, and the engine's reading applies the same rule)."
    ),
    "split pot": (
        "When two or more players share the most tricks nobody takes the pot; it stays on the "
        "table for the next hand (wikipedia: 2-2-1 and 1-1-1-1-1; glimne payment example)."
    ),
    "bourré": (
        "A player who played and took no trick is bourréd and pays as much as the pot held at "
        "the end of the hand (glimne payment example, wikipedia, pagat)."
    ),
    "bourré to the next pot": (
        "A bourré payment goes into the pot for the next hand: the winner takes only what the "
        "pot held before it (pagat, wikipedia)."
    ),
    "bourré to the winner": (
        "glimne, read literally: the bourréd player adds as much as the pot holds, and then the "
        "pot goes to the winner, payment included (on a split it stays). The text is ambiguous; "
        "pagat and wikipedia send the payment to the next pot."
    ),
    "pot limit": (
        "With a pot limit (a wikipedia variant, with no figure given; pagat has none), no single "
        "bourré or renege payment is larger than the limit. wikipedia says nothing of the "
        "winner: that the winner still takes the whole pot is the engine's reading."
    ),
    "renege penalty": (
        "A renege that stands is paid like a bourré: the pot as it stood at the end of the hand "
        "(glimne, wikipedia; pagat when it was not corrected in time)."
    ),
    "corrected renege": (
        "pagat: a renege corrected before the next player plays costs no payment, but that "
        "player cannot win this pot and sits out the next deal."
    ),
    "what stays": (
        "What stays for the next hand is the pot, less what the winner takes, plus every payment."
    ),
    "glimne ante rule": "glimne: everyone at the table antes again next hand, bourréd or not.",
    "wikipedia ante rule": (
        "wikipedia: a bourré or renege payment stands in for that player's next ante; everyone "
        "else antes one."
    ),
    "pagat ante rule": (
        "pagat: bourréd players and the players tied in a split pot skip the next ante; everyone "
        "else antes one. A player whose renege stood skips it too: the engine's reading (pagat "
        "says only that such a player pays as if bourréd)."
    ),
    "double ante": (
        "pagat's double-ante variant: everyone antes every hand, and those who play add one more."
    ),
    "next pot": (
        "The next pot is what stayed, plus one ante from every seat that neither skips the ante "
        "nor sits out."
    ),
}


def _rule(name: str) -> str:
    return f"[{name}] {SETTLE_RULES[name]}"


def _payment_rule(rules: Rules) -> str:
    """Where this rulebook sends a bourré payment (the `bourre_paid_to` switch)."""
    return "bourré to the winner" if rules.bourre_paid_to == "winner" else "bourré to the next pot"


def _ante_rule(rules: Rules) -> str:
    if rules.double_ante:
        return "double ante"
    return {
        "none": "glimne ante rule",
        "bourred": "wikipedia ante rule",
        "bourred_and_tied": "pagat ante rule",
    }[rules.ante_skip]


def _names(players: Any) -> str:
    return names(players, empty="nobody")


# --- one exercise --------------------------------------------------------------------------------


@dataclass(frozen=True)
class SettlePotExercise(LevelledExercise):
    """One hand to settle: the table, the tricks of those who played, the pot and how it grew."""

    rules: Rules
    seats: tuple[str, ...]
    tricks: tuple[tuple[str, int], ...]
    pot: int
    story: str
    renegers: frozenset[str] = frozenset()
    corrected: frozenset[str] = frozenset()
    asks: tuple[str, ...] = BASE_FIELDS
    title: str = "Settle the pot"

    def settlement(self) -> Settlement:
        """The engine's settlement of this hand."""
        return settle(
            self.pot,
            dict(self.tricks),
            self.rules,
            renegers=self.renegers,
            corrected=self.corrected,
        )

    def expected(self) -> dict[str, Any]:
        """The right answer, field by field (only the fields this exercise asks)."""
        result = self.settlement()
        values = {
            "winner": result.winner,
            "taken": result.taken,
            "payments": dict(result.payments),
            "pot_carried": result.pot_carried,
            "skips_next_ante": set(result.skips_next_ante),
            "next_pot": result.pot_carried + sum(self.next_antes(result).values()),
        }
        return {name: values[name] for name in self.asks}

    def next_antes(self, result: Settlement) -> dict:
        """The next hand's antes (`settle.antes`): every seat but those sitting out is dealt
        in, and those the settlement lets off put in nothing (the first seat deals)."""
        dealt = [seat for seat in self.seats if seat not in result.sits_out_next]
        return antes(dealt, dealt[0], self.rules, result.skips_next_ante)

    def prompt(self) -> str:
        """The hand to settle and the fields to fill in, in plain text."""
        played = [p for p, _ in self.tricks]
        passed = [p for p in self.seats if p not in played]
        counts = ", ".join(f"{p} {n}" for p, n in self.tricks)
        lines = [
            f"{self.title} ({self.rules.source} rules"
            + (f", pot limit {self.rules.pot_limit}" if self.rules.pot_limit else "")
            + ")",
            f"At the table: {', '.join(self.seats)}."
            + (f" {', '.join(passed)} passed." if passed else " Everyone played."),
            self.story,
            f"Tricks: {counts}.",
        ]
        if self.renegers:
            lines.append(f"{_names(self.renegers)} reneged, and the renege stands.")
        if self.corrected:
            lines.append(f"{_names(self.corrected)} reneged but corrected it in time (pagat).")
        lines.append("Fill in:")
        lines += [f"  {name}: {_FIELD_HELP[name]}" for name in self.asks]
        return "\n".join(lines)

    def check(self, answer: object, progress: Progress | bool | None = None) -> Feedback:
        """Mark an answer and record the attempt (progress: a Progress, None = default, False = no)."""
        feedback = check_settlement(self, answer)
        feedback.exercise_id = self.id
        if feedback.attempted:  # an unreadable answer is not counted as an attempt
            record_attempt(progress, self.id, feedback.correct)
        return feedback

    def hint(self, answer: object = None) -> str:
        """Questions to ask oneself, and the rules in force, without the numbers; given a
        wrong answer, also which parts are not right yet and the rule behind each."""
        parts = [
            "Who took the most tricks: one player alone, or several tied?",
            "Who played and took no trick?",
            f"The pot held {self.pot} at the end of play; payments are worked out from that.",
            SETTLE_RULES[_ante_rule(self.rules)] if set(ANTE_FIELDS) & set(self.asks) else "",
        ]
        if self.rules.pot_limit:
            parts.append(SETTLE_RULES["pot limit"] + f" Here the limit is {self.rules.pot_limit}.")
        if self.renegers or self.corrected:
            parts.append(SETTLE_RULES["renege penalty" if self.renegers else "corrected renege"])
        text = " ".join(p for p in parts if p)
        wrong = wrong_fields(self, answer) if answer is not None else []
        if not wrong:
            return text
        values = _read(self, answer)[0]
        lines = [text, "Not right yet, and the rule to look at:"]
        for name in wrong:
            lines.append(f"- {_FIELD_WORDS[name]}:")
            lines += [f"    {line}" for line in _look_at(name, self, values)]
        return "\n".join(lines)

    def solution(self) -> str:
        """The worked answer: the engine's settlement in words, then each field with its
        rule and sum."""
        result, expected = self.settlement(), self.expected()
        lines = [result.describe()]
        for name, value in expected.items():
            lines.append(f"{_FIELD_WORDS[name]}: {_said(value)}")
            lines += [f"    {line}" for line in _why(name, self, result, expected)]
        return "\n".join(lines)


def _look_at(name: str, ex: SettlePotExercise, values: dict[str, Any]) -> list[str]:
    """The rules that decide one field, and what the answer given may have missed, with no
    number of the right answer in them."""
    r = ex.settlement()
    limit = ex.rules.pot_limit
    capped = limit is not None and ex.pot > limit
    if name == "winner":
        return [_rule("most tricks"), _rule("split pot")]
    if name == "taken":
        lines = [_rule("most tricks"), _rule("split pot")]
        given, paid = values.get("taken", 0), sum(r.payments.values())
        if capped and r.winner is not None:
            lines.append(f"The limit caps payments, not the take. {_rule('pot limit')}")
        if r.payments and r.winner is not None:
            if r.taken == ex.pot and given == ex.pot + paid:
                lines.append("You gave the winner the bourré payments too.")
            elif r.taken > ex.pot and given == ex.pot:
                lines.append("Under these rules the winner also takes what was paid.")
            lines.append(_rule(_payment_rule(ex.rules)))
        return lines
    if name == "payments":
        lines = [_rule("bourré")]
        if ex.renegers:
            lines.append(_rule("renege penalty"))
        if ex.corrected:
            lines.append(_rule("corrected renege"))
        if capped:
            lines.append(_rule("pot limit"))
        return lines
    if name == "pot_carried":
        return [_rule("what stays"), _rule(_payment_rule(ex.rules))]
    if name == "skips_next_ante":
        return [_rule(_ante_rule(ex.rules))]
    return [_rule("next pot"), _rule(_ante_rule(ex.rules))]


# --- reading the answer --------------------------------------------------------------------------

_NOBODY = {"", "none", "nobody", "no one", "-"}


def _example(exercise: SettlePotExercise) -> str:
    example = {
        "winner": '"A"',
        "taken": "10",
        "payments": '{"D": 10}',
        "pot_carried": "20",
        "skips_next_ante": '{"D"}',
        "next_pot": "25",
    }
    return "{" + ", ".join(f'"{n}": {example[n]}' for n in exercise.asks) + "}"


def _read(exercise: SettlePotExercise, answer: object) -> tuple[dict[str, Any], list[str]]:
    """The answer's values by field, and a friendly line for every part that cannot be used."""
    if not isinstance(answer, Mapping):
        return {}, [
            f"Give your answer as a dict, not a {type(answer).__name__}, for example "
            f"{_example(exercise)}."
        ]
    values: dict[str, Any] = {}
    problems: list[str] = []
    for key, raw in answer.items():
        name = _field_name(key)
        if name not in SETTLE_FIELDS:
            close = difflib.get_close_matches(str(name), SETTLE_FIELDS, n=1)
            guess = f"; did you mean {close[0]!r}?" if close else ""
            problems.append(f"I do not know the field {key!r}{guess}")
            continue
        try:
            values[name] = read_settle_field(exercise, name, raw)[1]
        except ValueError as error:
            problems.append(f"{name}: {error}")
    missing = [
        name for name in exercise.asks if name not in values and name not in _broken(problems)
    ]
    for name in missing:
        problems.append(f"{name} is missing: {_FIELD_HELP[name]}.")
    return values, problems


def _field_name(key: object) -> object:
    return key.strip().lower().replace(" ", "_") if isinstance(key, str) else key


def read_settle_field(exercise: SettlePotExercise, field: object, raw: object) -> tuple[str, Any]:
    """One field of a settle-the-pot answer, read the one way the checker and the form share:
    (field name, value); a ValueError says what is wrong and what is accepted."""
    name = _field_name(field)
    if name not in SETTLE_FIELDS:
        raise ValueError(f"no such field {field!r}; the fields are {', '.join(SETTLE_FIELDS)}")
    seats = {s.lower(): s for s in exercise.seats}
    return str(name), _READERS[str(name)](raw, seats)


def _broken(problems: list[str]) -> set[str]:
    return {p.split(":", 1)[0] for p in problems}


def _player(raw: object, seats: dict[str, str]) -> str:
    if isinstance(raw, str) and raw.strip().lower() in seats:
        return seats[raw.strip().lower()]
    raise ValueError(f"{raw!r} is not a player at this table ({', '.join(seats.values())})")


def _read_winner(raw: object, seats: dict[str, str]) -> str | None:
    if raw is None or (isinstance(raw, str) and raw.strip().lower() in _NOBODY):
        return None
    return _player(raw, seats)


def _read_chips(raw: object, seats: dict[str, str]) -> int:
    if isinstance(raw, float) and raw.is_integer():
        raw = int(raw)
    if isinstance(raw, str) and raw.strip().isdigit():
        raw = int(raw)
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
        raise ValueError(f"give a whole number of chips, 0 or more, not {raw!r}")
    return raw


def _read_payments(raw: object, seats: dict[str, str]) -> dict[str, int]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise ValueError(f'give a dict of player to chips, e.g. {{"D": 10}}, not {raw!r:.40}')
    paid = {_player(p, seats): _read_chips(n, seats) for p, n in raw.items()}
    return {p: n for p, n in paid.items() if n}


def _read_players(raw: object, seats: dict[str, str]) -> set[str]:
    if raw is None:
        return set()
    if isinstance(raw, str):
        raw = raw.replace(",", " ").split()
    if isinstance(raw, Mapping) or not hasattr(raw, "__iter__"):
        raise ValueError(f'give a set of players, e.g. {{"B", "D"}}, or set(), not {raw!r:.40}')
    return {_player(p, seats) for p in raw}  # type: ignore[union-attr]


_READERS = {
    "winner": _read_winner,
    "taken": _read_chips,
    "payments": _read_payments,
    "pot_carried": _read_chips,
    "skips_next_ante": _read_players,
    "next_pot": _read_chips,
}


# --- checking ------------------------------------------------------------------------------------


def check_settlement(exercise: SettlePotExercise, answer: object) -> Feedback:
    """Compare a learner's settlement with the engine's, field by field. A right answer names
    each rule and sum; a wrong one says only how many fields are not right yet (the feedback
    policy): `wrong_fields` and the solution tell more on request."""
    values, problems = _read(exercise, answer)
    if not isinstance(answer, Mapping) or not answer:
        return not_checked(
            "There is no answer yet: fill in the form, then check.",
            [f"{name}: {_FIELD_HELP[name]}" for name in exercise.asks],
        )
    if problems:
        details = [*problems, f"Accepted: a dict such as {_example(exercise)}."]
        return not_checked("I could not use all of your answer; nothing was marked yet.", details)
    expected = exercise.expected()
    result = exercise.settlement()
    wrong = [name for name in exercise.asks if values[name] != expected[name]]
    if wrong:
        return wrong_answer(parts_wrong(len(wrong), len(exercise.asks)))
    details = []
    for name in exercise.asks:
        details.append(f"✔ {_FIELD_WORDS[name]}: {_said(expected[name])}")
        details += [f"    {line}" for line in _why(name, exercise, result, values)]
    return Feedback(True, result.describe(), details)


def wrong_fields(exercise: SettlePotExercise, answer: object) -> list[str]:
    """The fields of an answer that are not right (for a second look, asked for by name)."""
    values, problems = _read(exercise, answer)
    if problems:
        return []
    expected = exercise.expected()
    return [name for name in exercise.asks if values[name] != expected[name]]


_FIELD_WORDS = {
    "winner": "Who takes the pot",
    "taken": "Chips taken",
    "payments": "Who pays",
    "pot_carried": "Left in the pot",
    "skips_next_ante": "Skips the next ante",
    "next_pot": "The next pot",
}


def _said(value: object) -> str:
    """A field's value in words: 'nobody', 'D pays 10', 'B and D'."""
    if value is None:
        return "nobody"
    if isinstance(value, dict):
        return ", ".join(f"{k} pays {v}" for k, v in sorted(value.items())) or "nobody pays"
    if isinstance(value, (set, frozenset)):
        return _names(sorted(value))
    return str(value)


def _why(name: str, ex: SettlePotExercise, r: Settlement, values: dict[str, Any]) -> list[str]:
    """Why the engine's value of one field is what it is, with the rule."""
    limit = ex.rules.pot_limit
    capped = limit is not None and ex.pot > limit
    if name == "winner":
        if r.tied:
            return [f"{_names(r.tied)} tie for most tricks. {_rule('split pot')}"]
        if r.winner is None:
            return [f"The leader's renege was corrected. {_rule('corrected renege')}"]
        return [f"{r.winner} took {r.tricks[r.winner]} tricks. {_rule('most tricks')}"]
    if name == "taken":
        if r.winner is None:
            return ["Nobody takes the pot, so nothing is taken. " + _rule("split pot")]
        lines = []
        given = values.get("taken", 0)
        paid = sum(r.payments.values())
        if capped and given <= limit:  # type: ignore[operator]
            lines.append(f"The limit caps payments, not the take. {_rule('pot limit')}")
        if r.payments:
            if r.taken == ex.pot and given == ex.pot + paid:
                lines.append("You gave the winner the bourré payments too.")
            elif r.taken > ex.pot and given == ex.pot:
                lines.append(f"Under these rules the winner also takes the {paid} paid.")
            lines.append(_rule(_payment_rule(ex.rules)))
        return lines or [f"The winner takes the whole pot, {ex.pot}. {_rule('most tricks')}"]
    if name == "payments":
        return _why_payments(ex, r, values.get("payments", {}), capped)
    if name == "pot_carried":
        paid = sum(r.payments.values())
        lines = [
            f"{ex.pot} in the pot − {r.taken} taken + {paid} paid = {r.pot_carried}. "
            f"{_rule('what stays')}"
        ]
        if r.payments and r.winner is not None:
            lines.append(_rule(_payment_rule(ex.rules)))
        return lines
    if name == "skips_next_ante":
        lines = [_rule(_ante_rule(ex.rules))]
        if r.sits_out_next:
            lines.append(f"{_names(r.sits_out_next)} sit out the next deal, so put in no ante.")
        return lines
    out = r.skips_next_ante | r.sits_out_next
    anteing = [s for s in ex.seats if s not in out]
    chips = sum(ex.next_antes(r).values())
    return [
        f"{r.pot_carried} stays, and {len(anteing)} seats ante ({_names(anteing)}): "
        f"{r.pot_carried} + {chips} = {r.pot_carried + chips}. {_rule('next pot')}"
    ]


def _why_payments(
    ex: SettlePotExercise, r: Settlement, given: dict[str, int], capped: bool
) -> list[str]:
    """Who pays and why; a player the answer `given` made pay wrongly is told why not."""
    lines = []
    amount = f"the pot at the end of the hand, {ex.pot}"
    if capped:
        amount += f", capped at the limit of {ex.rules.pot_limit}"
    for player in sorted(set(r.payments) | set(given) | set(ex.corrected)):
        due = r.payments.get(player, 0)
        if due:
            rule = "renege penalty" if player in r.renegers else "bourré"
            lines.append(f"{player} pays {due}: {amount}. {_rule(rule)}")
            if capped:
                lines.append(_rule("pot limit"))
        elif player in ex.corrected:
            lines.append(f"{player} pays nothing. {_rule('corrected renege')}")
        else:
            took = r.tricks.get(player)
            why = f"took {took} tricks" if took is not None else "did not play"
            lines.append(f"{player} {why} and owes nothing. {_rule('bourré')}")
    return lines or [f"Every player who played took a trick: nobody pays. {_rule('bourré')}"]


# --- making exercises ----------------------------------------------------------------------------


def _pot_story(
    rules: Rules, seats: tuple[str, ...], played: list[str], carried: int
) -> tuple[int, str]:
    """The pot at the end of play and how it got there, in words."""
    put_in = sum(antes(seats, seats[0], rules).values())
    who = (
        "The dealer antes for the whole table" if rules.dealer_antes_for_all else "Every seat antes"
    )
    parts = []
    if carried:
        parts.append(f"{carried} stayed in the pot from the last hand.")
    parts.append(f"{who}: {put_in} in all.")
    second = sum(second_antes(played, rules).values())
    if second:
        parts.append(f"The {len(played)} players who play each add a second ante: {second}.")
    pot = pot_at_play(carried, seats, played, rules)
    parts.append(f"The pot holds {pot} at the end of play.")
    return pot, " ".join(parts)


def _deal_tricks(rng: random.Random, players: list[str]) -> tuple[tuple[str, int], ...]:
    counts = dict.fromkeys(players, 0)
    for _ in range(5):
        counts[rng.choice(players)] += 1
    return tuple(counts.items())


def settle_pot_exercise(
    seed: int | str = 0, level: str | None = None, preset: str | None = None, index: int = 0
) -> SettlePotExercise:
    """Exercise number `index` of the series for `seed`: a random hand to settle."""
    rng = random.Random(f"settle-pot:{seed}:{index}")
    level = known_level(rng.choice(SETTLE_LEVELS) if level is None else level, SETTLE_LEVELS)
    source = rng.choice(SOURCES) if preset is None else preset
    rules = Rules.preset(source)
    seats = tuple(SEAT_LETTERS[: rng.randint(3, rules.max_players)])
    played = sorted(rng.sample(seats, rng.randint(2, min(len(seats), 5))))
    carried = rng.choice([0, 0, 0, 2, 3, 5, 8])
    if level == "limit":
        rules = replace(rules, pot_limit=rng.choice([5, 10, 20]))
        carried = rules.pot_limit + rng.randint(1, 8)  # type: ignore[operator]
    pot, story = _pot_story(rules, seats, played, carried)
    tricks = _deal_tricks(rng, played)
    renegers: frozenset[str] = frozenset()
    corrected: frozenset[str] = frozenset()
    if level == "renege":
        cheat = rng.choice(played)
        if rules.renege == "correct_before_next" and rng.random() < 0.5:
            corrected = frozenset({cheat})
        else:
            renegers = frozenset({cheat})
    asks = SETTLE_FIELDS if level in ("ante", "renege") else BASE_FIELDS
    exercise_id = f"{SET_ID}/{source}/{level}/{seed}-{index}"
    return SettlePotExercise(
        exercise_id, level, rules, seats, tricks, pot, story, renegers, corrected, asks
    )


class SettlePotSeries(Series[SettlePotExercise]):
    """An endless, repeatable series of set-2 exercises: `.next()` gives a new hand to settle."""

    levels = SETTLE_LEVELS

    def __init__(
        self, seed: int | str = 0, level: str | None = None, preset: str | None = None
    ) -> None:
        super().__init__(seed, level)
        if preset is not None:
            Rules.preset(preset)  # a bad preset name is refused now, with the choices
        self.preset = preset

    def _exercise(self, index: int) -> SettlePotExercise:
        return settle_pot_exercise(self.seed, self.level, self.preset, index)


def source_settle_exercises() -> list[SettlePotExercise]:
    """Two worked examples of the sources (glimne's payment, wikipedia's bourré), then two of
    ours: pagat's ante rule and wikipedia's pot-limit variant."""
    glimne, wikipedia, pagat = (Rules.preset(s) for s in ("glimne", "wikipedia", "pagat"))
    six, five = tuple("ABCDEF"), tuple("ABCDE")
    return [
        SettlePotExercise(
            f"{SET_ID}/glimne-pay",
            "ante",
            glimne,
            six,
            (("A", 2), ("B", 2), ("C", 1), ("D", 0)),
            10,
            "All six seats ante 1 (6); the four who play each add a second ante (4): "
            "the pot holds 10 at the end of play.",
            asks=SETTLE_FIELDS,
            title="glimne's payment example",
        ),
        SettlePotExercise(
            f"{SET_ID}/wikipedia-bourre",
            "ante",
            wikipedia,
            five,
            (("A", 3), ("B", 2), ("C", 0)),
            5,
            "All five seats ante 1: the pot holds 5 at the end of play.",
            asks=SETTLE_FIELDS,
            title="wikipedia's bourré example",
        ),
        SettlePotExercise(
            f"{SET_ID}/pagat-ante",
            "ante",
            pagat,
            five,
            (("A", 2), ("B", 2), ("C", 1), ("D", 0)),
            5,
            "All five seats ante 1: the pot holds 5 at the end of play.",
            asks=SETTLE_FIELDS,
            title="pagat's ante rule",
        ),
        SettlePotExercise(
            f"{SET_ID}/pot-limit",
            "limit",
            replace(wikipedia, pot_limit=20),
            five,
            (("A", 3), ("B", 2), ("C", 0)),
            35,
            "30 stayed in the pot from earlier hands; all five seats ante 1: the pot holds 35 "
            "at the end of play.",
            title="A pot limit of 20",
        ),
    ]
