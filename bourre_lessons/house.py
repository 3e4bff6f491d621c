"""House rulebooks: a preset and the switches a table changes, in a small TOML file.

A house rulebook names its base (a preset: glimne, wikipedia or pagat), optionally the number
of players, and under ``[switches]`` the fields of `Rules` it sets otherwise::

    name = "Friday table"
    base = "wikipedia"
    players = 5
    [switches]
    trump_when_cannot_win = true
    pot_limit = 20

`load_house` reads a file (or TOML text) and checks all of it before it returns: an unknown
key or switch is named with the nearest real one, a bad value with the accepted ones, a broken
file with its line; it raises one `HouseRulesError` listing every problem, and nothing is
half-loaded. `house_to_toml` and `save_house` write the same format back (only the switches
that differ from the base). An optional whole-number switch with no value (`pot_limit`: no
limit) is written ``"none"``, since TOML has no null. docs/house_rules.md describes the format
and every switch. The engine needs only the standard library: this module reads TOML with
`tomllib` (Python 3.11) and writes it itself.
"""

from __future__ import annotations

import difflib
import os
import re
import tomllib
from dataclasses import dataclass, fields, replace
from importlib import resources
from pathlib import Path
from typing import Any

from .rules import _CHOICES, _RANGES, MAX_PLAYERS, PRESETS, SOURCES, Rules

__all__ = [
    "NONE_WORD",
    "SWITCH_MEANINGS",
    "HouseRules",
    "HouseRulesError",
    "example_houses",
    "house_to_toml",
    "load_house",
    "save_house",
    "switch_bounds",
    "switch_group",
    "switch_groups",
    "switch_meaning",
    "switch_values",
    "switches_markdown",
]

NONE_WORD = "none"
"""How a house file says an optional whole-number switch has no value (TOML has no null)."""

TOP_KEYS = ("name", "base", "players", "switches")
"""The keys a house rulebook may have at its top level."""

_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "Playing the cards",
        ("trump_when_cannot_win", "must_play_known_top", "must_lead_trump_when_others_out"),
    ),
    ("The cinch", ("cinch",)),
    (
        "The draw",
        (
            "draw_timing",
            "simultaneous_declaration",
            "max_discards",
            "max_discards_seven",
            "restock",
            "dealer_may_discard_trump_card",
        ),
    ),
    (
        "The money",
        (
            "pot_limit",
            "dealer_antes_for_all",
            "second_ante",
            "double_ante",
            "double_ante_round",
            "ante_skip",
            "bourre_paid_to",
            "lone_player_wins",
        ),
    ),
    ("Misplays", ("renege", "out_of_turn_penalty")),
    (
        "The table",
        (
            "source",
            "min_players",
            "max_players",
            "dealer_ace_leads",
            "dealer_ace_must_play",
            "separate_trump_card",
        ),
    ),
)

SWITCH_MEANINGS: dict[str, str] = {
    "trump_when_cannot_win": "Void in the suit led and unable to beat a trump already played: "
    "you must still play a trump (glimne 6, pagat 2), or may play any card (wikipedia 2).",
    "must_play_known_top": "Holding the highest card still out in the suit led, with players "
    "still to play: you must play it (glimne 9).",
    "must_lead_trump_when_others_out": "On lead, when every other player is known to hold no "
    "trump: you must lead a trump (glimne 10).",
    "cinch": "Sure-win rules: off (glimne's base rules), pot (play to win a trick you can be "
    "sure of: pagat, wikipedia) or strict (glimne's local 'cinch win' on top of pot).",
    "draw_timing": "When players who said play throw away and draw: at once, before the next "
    "player speaks (same_turn), or all after everyone has spoken (after_declarations).",
    "simultaneous_declaration": "Everyone decides play or pass at the same time, hidden, then "
    "all show together (a pagat variant).",
    "max_discards": "The most cards one player may throw away and replace in the draw.",
    "max_discards_seven": "The draw limit at a table of seven or more (wikipedia: 3); none: "
    "the same as max_discards.",
    "restock": "When the stock runs out in the draw: the folded hands first, then the discards "
    "(folded_then_discards), or both together (folded_and_served_discards).",
    "dealer_may_discard_trump_card": "The dealer may throw away the turned trump card in the draw.",
    "pot_limit": "The most one bourré (or misplay) payment can cost; none: no limit "
    "(a wikipedia variant; the winner still takes the whole pot).",
    "dealer_antes_for_all": "The dealer puts in every player's ante (a wikipedia variant).",
    "second_ante": "A player who says play puts in a second chip (glimne).",
    "double_ante": "Everyone antes, and each player who plays adds one more (a pagat variant).",
    "double_ante_round": "With the double ante: the second chip goes in with 'play' "
    "(with_play) or in a round of its own after the draw (after_draw).",
    "ante_skip": "Who skips the next ante: nobody (none), a bourréd player (bourred), or also "
    "the players who tied for most tricks (bourred_and_tied).",
    "bourre_paid_to": "Where a bourré payment goes: into the next pot (next_pot) or to the "
    "hand's winner (winner).",
    "lone_player_wins": "If only one player says play, that player takes the pot without play.",
    "renege": "A misplay: pay as for a bourré (penalty), take the card back (retract), both "
    "(retract_and_penalty), or correct it before the next trick (correct_before_next).",
    "out_of_turn_penalty": "Declaring out of turn sits you out of the next deal (pagat).",
    "source": "The rulebook whose rule a verdict cites; the cards follow the other switches.",
    "min_players": "The fewest players the table allows.",
    "max_players": "The most players the table allows (at most 8).",
    "dealer_ace_leads": "When the turned card is an ace, the dealer leads the first trick.",
    "dealer_ace_must_play": "When the turned card is an ace, the dealer may not pass.",
    "separate_trump_card": "A sixth card turned for trump apart from the hands: off, belonging "
    "to nobody, or taken by the dealer who plays (a pagat variant).",
}
"""One line a switch: what it does, in the course's words, citing the sources by rule."""


class HouseRulesError(ValueError):
    """A house rulebook that cannot be read: the message says what is wrong and what is
    accepted, one problem a line."""


def _field_names() -> tuple[str, ...]:
    return tuple(f.name for f in fields(Rules))


def switch_groups() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every field of `Rules` exactly once, grouped the way a player thinks of the game."""
    return _GROUPS


def switch_group(field: str) -> str:
    """The title of the group a switch is shown in."""
    for title, names in _GROUPS:
        if field in names:
            return title
    raise KeyError(_unknown_switch(field))


def switch_meaning(field: str) -> str:
    """What a switch does, in one line."""
    if field not in SWITCH_MEANINGS:
        raise KeyError(_unknown_switch(field))
    return SWITCH_MEANINGS[field]


def switch_values(field: str) -> tuple[object, ...] | None:
    """The accepted values of a switch: (False, True), or its choices; None for a whole
    number (its range is `switch_bounds`)."""
    if field == "source":
        return SOURCES
    if field in _CHOICES:
        return _CHOICES[field]
    if field not in _field_names():
        raise KeyError(_unknown_switch(field))
    default = getattr(Rules(), field)
    if isinstance(default, bool):
        return (False, True)
    return None


def switch_bounds(field: str) -> tuple[int, int, bool] | None:
    """(lowest, highest, whether "none" is accepted) for a whole-number switch; None otherwise."""
    if switch_values(field) is not None:
        return None
    low, high = _RANGES[field]
    return low, high, _optional(field)


def _optional(field: str) -> bool:
    """Whether the switch may have no value (its annotation admits None)."""
    return "None" in str({f.name: f.type for f in fields(Rules)}[field])


def _unknown_switch(name: str) -> str:
    """'x: no such switch; did you mean y?' (or the list of switches when nothing is near)."""
    near = difflib.get_close_matches(name, _field_names(), n=1, cutoff=0.5)
    if not near:
        near = [f for f in _field_names() if name and (name in f or f in name)][:1]
    if near:
        return f"{name}: no such switch; did you mean {near[0]}?"
    return f"{name}: no such switch; the switches are {', '.join(_field_names())}"


@dataclass(frozen=True)
class HouseRules:
    """A table's own rulebook: a preset (`base`) with some switches set otherwise (`rules`),
    and optionally the number of players."""

    name: str
    base: str
    rules: Rules
    players: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise HouseRulesError(f"name must be a non-empty text, got {self.name!r}")
        if self.base not in PRESETS:
            raise HouseRulesError(_bad_base(self.base))
        if not isinstance(self.rules, Rules):
            raise HouseRulesError(f"rules must be a Rules object, got {self.rules!r}")
        problem = _players_problem(self.players, self.rules)
        if problem:
            raise HouseRulesError(problem)

    def changed(self) -> dict[str, object]:
        """switch -> value, for each switch on which `rules` differ from the base preset."""
        base = PRESETS[self.base]
        return {
            f.name: getattr(self.rules, f.name)
            for f in fields(Rules)
            if getattr(self.rules, f.name) != getattr(base, f.name)
        }

    def to_text(self) -> str:
        """The rulebook in a few lines: its name, base, players and changed switches."""
        lines = [f"{self.name}: {self.base} rules"]
        if self.players is not None:
            lines[0] += f", {self.players} players"
        base = PRESETS[self.base]
        changed = self.changed()
        if not changed:
            lines.append("  no switch changed")
        for name, value in changed.items():
            lines.append(f"  {name} = {_word(value)} ({self.base}: {_word(getattr(base, name))})")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()


def _word(value: object) -> str:
    if value is None:
        return NONE_WORD
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _bad_base(base: object) -> str:
    return f"base = {_shown(base)}: no such preset; choose one of {', '.join(SOURCES)}"


def _players_problem(players: object, rules: Rules) -> str | None:
    """Why `players` cannot sit at a table under `rules`, or None."""
    if players is None:
        return None
    if isinstance(players, bool) or not isinstance(players, int):
        return f"players = {players!r}: must be a whole number from 2 to {MAX_PLAYERS}"
    low, high = max(2, rules.min_players), min(MAX_PLAYERS, rules.max_players)
    if not low <= players <= high:
        return f"players = {players}: these rules seat {low} to {high} players"
    return None


# --- reading ---------------------------------------------------------------------------------


def load_house(source: str | os.PathLike[str]) -> HouseRules:
    """Read a house rulebook from a .toml file (a path) or from TOML text; raise
    `HouseRulesError` naming every problem (nothing is half-loaded)."""
    text, where, stem = _read_source(source)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise HouseRulesError(f"{where}: not a valid TOML file: {error}") from None
    problems: list[str] = []
    house = _house_from(data, stem, problems, _Lines(text))
    if problems or house is None:
        count = f"{len(problems)} problems" if len(problems) > 1 else "1 problem"
        raise HouseRulesError(f"{where}: {count}:\n" + "\n".join(f"  {p}" for p in problems))
    return house


def _read_source(source: str | os.PathLike[str]) -> tuple[str, str, str | None]:
    """(the TOML text, how to name it in a message, the file's stem or None)."""
    if isinstance(source, str) and ("\n" in source or "=" in source or not source.strip()):
        return source, "house rules text", None
    if not isinstance(source, (str, os.PathLike)):
        raise HouseRulesError(
            f"a house rulebook is a path to a .toml file or TOML text, got {source!r}"
        )
    path = Path(source)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise HouseRulesError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise HouseRulesError(f"{path}: a folder, not a house rulebook (.toml) file") from None
    except UnicodeDecodeError as error:
        raise HouseRulesError(f"{path}: not UTF-8 text ({error.reason})") from None
    except OSError as error:
        raise HouseRulesError(f"{path}: cannot be read ({error.strerror})") from None
    return text, str(path), path.stem


class _Lines:
    """Finds the line on which a key is set, to point a message at it."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()

    def at(self, key: str) -> str:
        """'line N: ' for the first line setting `key`, else ''."""
        pattern = re.compile(rf"^\s*[\"']?{re.escape(key)}[\"']?\s*=")
        for number, line in enumerate(self.lines, start=1):
            if pattern.match(line):
                return f"line {number}: "
        return ""


def _house_from(
    data: dict[str, Any], stem: str | None, problems: list[str], lines: _Lines
) -> HouseRules | None:
    """The house rulebook `data` describes; each problem found is added to `problems`."""
    for key in data:
        if key not in TOP_KEYS:
            problems.append(lines.at(key) + _unknown_top_key(key))
    name = data.get("name", stem or "house rules")
    if not isinstance(name, str) or not name.strip():
        problems.append(lines.at("name") + f"name = {name!r}: must be a non-empty text")
    base = data.get("base")
    if base is None:
        problems.append(f"base: missing; choose one of {', '.join(SOURCES)}")
    elif not isinstance(base, str) or base.strip().lower() not in PRESETS:
        problems.append(lines.at("base") + _bad_base(base))
        base = None
    else:
        base = base.strip().lower()
    switches = data.get("switches", {})
    if not isinstance(switches, dict):
        problems.append(lines.at("switches") + "switches must be a table: a [switches] section")
        switches = {}
    values = _switch_values(switches, problems, lines)
    rules = None
    if base is not None and not problems:
        try:
            rules = replace(PRESETS[base], **values)
        except ValueError as error:
            problems.append(f"[switches]: {error}")
    players = data.get("players")
    problem = _players_problem(players, rules or Rules())
    if problem:
        problems.append(lines.at("players") + problem)
    if rules is None or problems:
        return None
    return HouseRules(name=name.strip(), base=base, rules=rules, players=players)


def _unknown_top_key(key: str) -> str:
    if key in _field_names():
        return f"{key}: a switch belongs under [switches], not at the top of the file"
    near = difflib.get_close_matches(key, TOP_KEYS, n=1, cutoff=0.5)
    hint = f"did you mean {near[0]}? " if near else ""
    return f"{key}: not a key of a house rulebook; {hint}the keys are {', '.join(TOP_KEYS)}"


def _switch_values(
    switches: dict[str, Any], problems: list[str], lines: _Lines
) -> dict[str, object]:
    """The switches as `Rules` values; each bad name or value is added to `problems`."""
    values: dict[str, object] = {}
    for key, raw in switches.items():
        if key not in _field_names():
            problems.append(lines.at(key) + _unknown_switch(key))
            continue
        value, problem = _switch_value(key, raw)
        if problem:
            problems.append(lines.at(key) + problem)
        else:
            values[key] = value
    return values


def _switch_value(name: str, raw: object) -> tuple[object, str | None]:
    """(the value, None) or (None, what is wrong with it and what is accepted)."""
    accepted = switch_values(name)
    shown = _shown(raw)
    if accepted == (False, True):
        if isinstance(raw, bool):
            return raw, None
        return None, f"{name} = {shown}: must be true or false"
    if accepted is not None:
        if isinstance(raw, str) and raw in accepted:
            return raw, None
        choices = ", ".join(f'"{a}"' for a in accepted)
        return None, f"{name} = {shown}: not accepted; choose one of {choices}"
    low, high, optional = switch_bounds(name)  # type: ignore[misc]
    if optional and isinstance(raw, str) and raw.strip().lower() == NONE_WORD:
        return None, None
    if isinstance(raw, int) and not isinstance(raw, bool) and low <= raw <= high:
        return raw, None
    extra = f', or "{NONE_WORD}" (no {_NONE_MEANS.get(name, "value")})' if optional else ""
    return None, f"{name} = {shown}: must be a whole number from {low} to {high}{extra}"


_NONE_MEANS = {"pot_limit": "limit", "max_discards_seven": "separate limit at seven"}


def _shown(raw: object) -> str:
    """A value as the file wrote it."""
    if isinstance(raw, bool):
        return "true" if raw else "false"
    if isinstance(raw, str):
        return _toml_string(raw)
    return repr(raw)


# --- writing ---------------------------------------------------------------------------------


def house_to_toml(house: HouseRules) -> str:
    """The house rulebook as TOML text: name, base, players, and the switches that differ
    from the base, each with the base's value in a comment."""
    if not isinstance(house, HouseRules):
        raise TypeError(f"house_to_toml takes a HouseRules, got {house!r}")
    base = PRESETS[house.base]
    lines = [
        "# A house rulebook for bourre-lessons (docs/house_rules.md)",
        f"name = {_toml_string(house.name)}",
        f"base = {_toml_string(house.base)}  # a preset: {', '.join(SOURCES)}",
    ]
    if house.players is not None:
        lines.append(f"players = {house.players}")
    lines += ["", "[switches]"]
    for name, value in house.changed().items():
        was = _toml_value(getattr(base, name))
        lines.append(f"{name} = {_toml_value(value)}  # {house.base}: {was}")
    return "\n".join(lines) + "\n"


def save_house(house: HouseRules, path: str | os.PathLike[str]) -> Path:
    """Write the house rulebook to `path` (a .toml file); returns the path."""
    target = Path(path)
    if target.suffix.lower() != ".toml":
        raise HouseRulesError(f"{target}: a house rulebook file must end in .toml")
    target.write_text(house_to_toml(house), encoding="utf-8")
    return target


def _toml_value(value: object) -> str:
    if value is None:
        return _toml_string(NONE_WORD)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return _toml_string(str(value))


def _toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


# --- examples and reference ------------------------------------------------------------------


def example_houses() -> dict[str, HouseRules]:
    """The package's example house rulebooks (bourre_lessons/houses/*.toml), by file stem."""
    folder = resources.files("bourre_lessons") / "houses"
    found = sorted(
        (entry for entry in folder.iterdir() if entry.name.endswith(".toml")),
        key=lambda e: e.name,
    )
    houses = {}
    for entry in found:
        stem = entry.name[: -len(".toml")]
        try:
            house = load_house(entry.read_text(encoding="utf-8"))
        except HouseRulesError as error:
            raise HouseRulesError(f"example {entry.name}: {error}") from None
        houses[stem] = house
    return houses


def switches_markdown() -> str:
    """The reference table of every switch, by group (docs/house_rules.md holds this text)."""
    out = []
    for title, names in _GROUPS:
        out += [f"### {title}", "", "| switch | values | what it does |", "|---|---|---|"]
        for name in names:
            out.append(f"| `{name}` | {_values_cell(name)} | {SWITCH_MEANINGS[name]} |")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _values_cell(name: str) -> str:
    accepted = switch_values(name)
    if accepted == (False, True):
        return "`true`, `false`"
    if accepted is not None:
        return ", ".join(f'`"{a}"`' for a in accepted)
    low, high, optional = switch_bounds(name)  # type: ignore[misc]
    return f"{low} to {high:,}" + (f', or `"{NONE_WORD}"`' if optional else "")
