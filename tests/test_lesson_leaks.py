"""Try first, then see (issue 22): what a lesson shows after Run All answers no question it has
not yet let the learner try.

Read from the executed notebooks (`notebooks/*.ipynb`, as `tools/run_notebooks.py` writes
them) and from the engine:

- no output left in view shows another seat's hand of a deal the learner plays at a table of
  the page, and every such table deals cards of its own;
- no cell left in view replays a scene the page asks about, or builds a position with the hand
  of one (a demonstration uses a position of its own, or is folded);
- game words are not used before the lesson that defines them, in the lessons' prose, in the
  scenes they show, and in the first hand's story and hints;
- every non-Latin word in the prose of the lessons and exercises has a reading in Latin
  letters beside it.

Each check has a test that plants the fault and sees it caught.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from bourre_lessons import Rules
from bourre_lessons.first_hand import FIRST_HAND_SEED, FirstHand, plain_choice
from bourre_lessons.game import Game
from bourre_lessons.scenes import catalogue
from bourre_lessons.scenes.lessons import LESSON_SCENES

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted(
    p
    for p in (ROOT / "notebooks").glob("*.ipynb")
    if p.name[:2] in {"00", "01", "02", "03", "04", "05", "06", "07", "10"}
)
PROSE = sorted((ROOT / "notebooks").glob("*.md")) + sorted((ROOT / "exercises").glob("*.md"))
TABLES = {"TableWidget", "CoachedTable", "FirstHandView", "Game"}
"""Calls that deal cards: the learner plays the deal when the cell leaves one on screen."""
SCENE_CALLS = {"show", "show_baseline"}


# --- reading a notebook ------------------------------------------------------------------


@dataclass
class Cell:
    """One code cell: its source, whether JupyterLab shows it folded (source folded, output in a
    closed <details>), and its output text."""

    source: str
    folded: bool
    output: str


def code_cells(notebook: dict) -> list[Cell]:
    """The code cells of a notebook (as nbformat JSON), in order."""
    cells = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        # JupyterLab shows a cell's outputs again once Run All has made them, whatever its
        # `outputs_hidden`: an answer stays out of view only inside a closed <details>
        # (`check_your_answer`), under a folded source
        hidden = cell["metadata"].get("jupyter", {}).get("source_hidden", False)
        closed = all(
            "<details" in "".join(out.get("data", {}).get("text/html", ""))
            for out in cell.get("outputs", [])
        )
        folded = bool(hidden and closed)
        text = []
        for out in cell.get("outputs", []):
            data = out.get("text") or out.get("data", {}).get("text/plain", "")
            text.append("".join(data) if isinstance(data, list) else data)
        cells.append(Cell("".join(cell["source"]), folded, "\n".join(text)))
    return cells


def read(path: Path) -> list[Cell]:
    return code_cells(json.loads(path.read_text(encoding="utf-8")))


def parse(source: str) -> ast.Module:
    """A cell's code, its IPython magics (`%matplotlib inline`) left out."""
    return ast.parse(re.sub(r"^[%!].*$", "", source, flags=re.MULTILINE))


def _literal(node: ast.AST) -> object:
    try:
        return ast.literal_eval(node)
    except ValueError:
        return None


def _call_name(node: ast.AST) -> str:
    if isinstance(node, ast.Call):
        func = node.func
        return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
    return ""


def deal_of(call: ast.Call) -> tuple | None:
    """(rules, players, seed, chosen cards) a table or game call deals; None when its arguments
    are not literals."""
    name = _call_name(call)
    args = [_literal(a) for a in call.args]
    kw = {k.arg: _literal(k.value) for k in call.keywords if k.arg}
    chosen = json.dumps(kw.get("deal"), sort_keys=True)
    if name == "FirstHandView":
        return ("pagat", 4, args[0] if args else kw.get("seed", FIRST_HAND_SEED), chosen)
    if name == "Game" and call.args:  # Game(Rules.preset("pagat"), ...): the preset's name
        first = call.args[0]
        preset = first.args[0] if isinstance(first, ast.Call) and first.args else None
        args[0] = _literal(preset) if _call_name(first) == "preset" and preset else None
    rules = args[0] if args else kw.get("rules", "pagat")
    players = args[1] if len(args) > 1 else kw.get("players", 5)
    seed = args[2] if len(args) > 2 else kw.get("seed", 0)
    if not all(isinstance(x, (str, int)) for x in (rules, players, seed)):
        return None
    return (rules, players, seed, chosen)


def _assigned(tree: ast.Module) -> dict[str, ast.Call]:
    """Names a cell assigns from a call, tuple assignments included."""
    found: dict[str, ast.Call] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if isinstance(target, ast.Name) and isinstance(node.value, ast.Call):
                found[target.id] = node.value
            elif isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                for name, value in zip(target.elts, node.value.elts, strict=False):
                    if isinstance(name, ast.Name) and isinstance(value, ast.Call):
                        found[name.id] = value
    return found


def shown_call(cell: Cell, names: dict[str, ast.Call]) -> ast.Call | None:
    """The call whose widget the cell leaves on screen (its last expression), if any."""
    tree = parse(cell.source)
    names.update(_assigned(tree))
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        return None
    last = tree.body[-1].value
    if isinstance(last, ast.Name):
        return names.get(last.id)
    return last if isinstance(last, ast.Call) else None


def learner_deals(cells: list[Cell]) -> dict[int, tuple]:
    """Cell index -> the deal of the table that cell leaves on screen for the learner."""
    names: dict[str, ast.Call] = {}
    deals = {}
    for i, cell in enumerate(cells):
        call = shown_call(cell, names)
        if call is not None and _call_name(call) in TABLES - {"Game"}:
            deal = deal_of(call)
            if deal is not None:
                deals[i] = deal
    return deals


def asked_scenes(cells: list[Cell]) -> dict[int, str]:
    """Cell index -> the scene that cell leaves on screen for the learner to play."""
    names: dict[str, ast.Call] = {}
    asked = {}
    for i, cell in enumerate(cells):
        call = shown_call(cell, names)
        if call is not None and _call_name(call) in SCENE_CALLS and call.args:
            scene_id = _literal(call.args[0])
            if isinstance(scene_id, str):
                asked[i] = scene_id
    return asked


CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")


def other_hands(deal: tuple) -> list[frozenset[str]]:
    """The hands dealt to every seat but the learner's (A), as card texts ('10♣')."""
    rules, players, seed, chosen = deal
    game = Game(Rules.preset(rules), players=players, seed=seed, deal=json.loads(chosen))
    return [
        frozenset(str(c) for c in cards)
        for seat, cards in game.hand_record.dealt.items()
        if seat != "A"
    ]


def seen_hands(cells: list[Cell], deals: dict[int, tuple]) -> list[str]:
    """Lines of output in view that show a whole hand of another seat of a learner's deal."""
    found = []
    for deal in set(deals.values()):
        hands = other_hands(deal)
        for cell in cells:
            if cell.folded:
                continue
            for line in cell.output.splitlines():
                cards = set(CARD.findall(line))
                if any(hand <= cards for hand in hands):
                    found.append(f"seed {deal[2]}: {line.strip()}")
    return found


def dealt_again(cells: list[Cell], deals: dict[int, tuple]) -> list[str]:
    """Cells in view, other than the learner's tables, that deal a learner's deal again."""
    again = []
    for i, cell in enumerate(cells):
        if cell.folded or i in deals:
            continue
        for node in ast.walk(parse(cell.source)):
            if _call_name(node) in TABLES and deal_of(node) in deals.values():
                again.append(cell.source.splitlines()[0])
    return again


def hand_codes(text: str) -> frozenset[str] | None:
    """The cards of a string of card codes ('H4 H9 HJ C2'), or None when it is not one."""
    codes = text.split()
    if len(codes) < 2 or not all(re.fullmatch(r"[SHDC](?:[2-9TJQKA]|10)", c) for c in codes):
        return None
    return frozenset(c.replace("10", "T") for c in codes)


def replayed_scenes(cells: list[Cell], asked: dict[int, str]) -> list[str]:
    """Cells in view, other than the scenes themselves, that name a scene the page asks
    about or build a position holding the hand of one of its moments."""
    scenes = catalogue()
    hands = {
        frozenset(c.code for c in m.hand): scene_id
        for scene_id in set(asked.values())
        for m in scenes[scene_id].positions
    }
    found = []
    for i, cell in enumerate(cells):
        if cell.folded or i in asked:
            continue
        for node in ast.walk(parse(cell.source)):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                continue
            if node.value in asked.values():
                found.append(f"scene {node.value} in: {cell.source.splitlines()[0]}")
            elif hand_codes(node.value) in hands:
                found.append(f"the hand of {hands[hand_codes(node.value)]}: {node.value}")
    return found


# --- the lessons as they are ---------------------------------------------------------------


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_output_in_view_shows_a_hand_of_a_deal_the_learner_plays(path):
    cells = read(path)
    assert seen_hands(cells, learner_deals(cells)) == []


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_each_table_of_a_lesson_deals_cards_of_its_own(path):
    """Two tables the learner plays never share a deal, and no cell in view deals it again
    (lesson 10's harder opponents once sat at the first table's seed)."""
    deals = learner_deals(read(path))
    assert len(set(deals.values())) == len(deals), deals
    assert dealt_again(read(path), deals) == []


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_cell_in_view_replays_a_scene_the_lesson_asks_about(path):
    cells = read(path)
    assert replayed_scenes(cells, asked_scenes(cells)) == []


def test_the_lessons_with_tables_and_scenes_are_read():
    """The readers find what the lessons show: else the tests above would pass on nothing."""
    by_name = {p.stem[:2]: read(p) for p in LESSONS}
    assert set(learner_deals(by_name["10"]).values()) >= {("pagat", 4, 11, "null")}
    first = set(learner_deals(by_name["01"]).values())
    assert ("pagat", 4, 39, "null") in first and len(first) == 2
    assert set(asked_scenes(by_name["07"]).values()) >= {"laws-high", "laws-low", "laws-win"}


# --- the checks catch a planted answer -----------------------------------------------------


def _cell(source: str, output: str = "", folded: bool = False) -> Cell:
    return Cell(source, folded, output)


def test_a_transcript_of_the_learners_deal_in_view_is_caught():
    """Lesson 10 before issue 22: a copy of the learner's seed printed every seat's cards."""
    game = Game(Rules.preset("pagat"), players=4, seed=11)
    cells = [
        _cell('table = TableWidget("pagat", players=4, seed=11)\ntable'),
        _cell('demo = TableWidget("pagat", players=4, seed=11)', game.transcript()),
    ]
    deals = learner_deals(cells)
    assert len(seen_hands(cells, deals)) == 3  # B's, C's and D's hands
    assert dealt_again(cells, deals) == ['demo = TableWidget("pagat", players=4, seed=11)']
    cells[1] = _cell(cells[1].source, game.transcript(), folded=True)
    assert seen_hands(cells, deals) == [] and dealt_again(cells, deals) == []


def test_two_tables_at_one_seed_are_caught():
    cells = [
        _cell('t = TableWidget("pagat", players=4, seed=11)\nt'),
        _cell('h = TableWidget("pagat", players=4, seed=11, bots="sampling")\nh'),
    ]
    deals = learner_deals(cells)
    assert len(deals) == 2 and len(set(deals.values())) == 1


def test_a_scene_replayed_in_view_or_its_hand_is_caught():
    """Lesson 00's old Under the hood, and lesson 07's position with laws-low's hand."""
    cells = [
        _cell('low = show_baseline("laws-low")\nlow'),
        _cell('demo = show_baseline("laws-low")\nprint(demo.to_turn().play("H4"))'),
        _cell('p = Situation(parse_cards("H4 H9 HJ C2"), "S", parse_cards("HK"))'),
        _cell('p = Situation(parse_cards("H3 H8 HJ D2"), "S", parse_cards("HA"))'),
    ]
    asked = asked_scenes(cells)
    assert asked == {0: "laws-low"}
    found = replayed_scenes(cells, asked)
    assert len(found) == 2 and "laws-low" in found[0] and "H4 H9 HJ C2" in found[1]
    cells[1] = _cell(cells[1].source, folded=True)
    assert len(replayed_scenes(cells, asked)) == 1


# --- game words before their lesson ----------------------------------------------------------

LATE_WORDS = {
    "cinch": "05b",
    "sure trick": "05b",
    "sure trump": "05b",
    "side ace": "99",  # never defined in a lesson: say "an ace of another suit"
    "renege": "06",
    "known top card": "05a",
    "split pot": "06",
}
"""Game words, and the lesson that defines them: none is used in a lesson before it."""
CONTENTS = re.compile(r"\[[^\]]*\]\([^)]*\)|^\|.*\|$", re.MULTILINE)
"""Links (a lesson's title in a 'Next:' line) and table rows (the course's contents)."""


def late_words(text: str, lesson: str) -> list[str]:
    """The game words `text` uses that a later lesson than `lesson` defines."""
    text = CONTENTS.sub(" ", text).lower()
    return [word for word, defined in LATE_WORDS.items() if defined > lesson and word in text]


def scene_texts(scene_id: str) -> str:
    """Everything a scene writes on screen at a pagat table: title, rule, note, captions,
    and every step of a story."""
    scene = catalogue()[scene_id]
    parts = [scene.title, scene.summary, scene.note or ""]
    parts += [m.caption for m in scene.positions]
    if scene.kind == "story":
        for step in scene.steps(Rules.preset("pagat")):
            parts += [step.caption, step.detail]
    return "\n".join(parts)


def markdown_of(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_game_word_is_used_in_a_lesson_before_the_lesson_that_defines_it(path):
    lesson = path.stem.split("_")[0]
    assert late_words(markdown_of(path), lesson) == []


@pytest.mark.parametrize(("title", "ids"), LESSON_SCENES, ids=[t for t, _ in LESSON_SCENES])
def test_no_scene_uses_a_game_word_before_its_lesson(title, ids):
    lesson = title.split(" ")[0]
    used = {i: late_words(scene_texts(i), lesson) for i in ids}
    assert {i: words for i, words in used.items() if words} == {}


def test_the_first_hand_and_its_hints_use_no_later_word():
    """Lesson 01's story and every hint on the way, played as the hints suggest."""
    hand = FirstHand()
    said = []
    while hand.waiting_for != "over":
        waiting = hand.waiting_for
        if waiting == "next":
            hand.next()
            continue
        said.append(hand.hint())
        action = plain_choice(hand.game)
        if waiting == "declare":
            hand.declare(action == "play")
        elif waiting == "draw":
            hand.discard(*action.split()[1:])
        else:
            hand.play(action)
    said.append(hand.to_text())
    assert late_words("\n".join(said), "01") == []


def test_a_late_word_is_caught_but_not_in_a_link_or_a_contents_row():
    assert late_words("the cinch of lesson 05b is counted from it", "05a") == ["cinch"]
    assert late_words("Next: [05b · The cinch](05b_the_cinch.ipynb).", "05a") == []
    assert late_words("| [05b · The cinch](x) | sure trump tricks |", "00") == []
    assert late_words("You hold 2 side aces.", "01") == ["side ace"]
    assert late_words("the cinch", "05b") == []


# --- non-Latin words read in Latin letters ---------------------------------------------------

NON_LATIN = re.compile(r"[\u0400-\u04ff\u0590-\u06ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]+")
READING = re.compile(r"\([^)]*\b(?:read|reads|read as)\b[^)]*[a-zāēīōū]{2,}")


def unread_words(prose: str) -> list[str]:
    """Non-Latin words in prose without '(…read …)' in the 80 characters after them."""
    missing = []
    for match in NON_LATIN.finditer(prose):
        after = prose[match.end() : match.end() + 80]
        if not READING.search(after):
            missing.append(match.group(0))
    return missing


def prose_of(md: Path) -> str:
    """The Markdown a learner reads: the .md without its code cells."""
    text = md.read_text(encoding="utf-8")
    return re.sub(r"```\{code-cell\}.*?```", "", text, flags=re.DOTALL)


@pytest.mark.parametrize("md", PROSE, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_non_latin_word_in_prose_has_a_reading_beside_it(md):
    assert unread_words(prose_of(md)) == []


def test_a_non_latin_word_without_a_reading_is_caught():
    assert unread_words("type `小さい` (Japanese), then") == ["小さい"]
    assert unread_words('type `小さい` (Japanese, read *chiisai*, "small")') == []
    assert prose_of(ROOT / "notebooks" / "07_naming_a_card.md").count("小さい") == 1


# --- the other lesson fixes of issue 22 ------------------------------------------------------


def _section(md: str, heading: str) -> str:
    """One '## ' section of a lesson's .md, up to the next one."""
    return md.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]


def test_lesson_02_asks_about_the_restock_before_it_says_the_answer():
    """The restock's rule (pagat, the draw) comes after the scene and its folded answer, and
    nothing earlier in the lesson (the one-round reading leans on the same sentence) says it."""
    text = _section(
        (ROOT / "notebooks" / "02_play_pass_draw.md").read_text(), "When the stock runs out"
    )
    question = text.index("Before you press **Next**")
    scene = text.index('show_baseline("pagat-restock")')
    answer = text.index("discards of the players who have already decided")
    assert question < scene < answer
    whole = (ROOT / "notebooks" / "02_play_pass_draw.md").read_text()
    before = whole[: whole.index('show_baseline("pagat-restock")')]
    before = re.sub(r"^\+\+\+ .*$", "", before, flags=re.MULTILINE)  # a question's answer words
    for telling in ("already decided", "already served", "gathers", "passed hands"):
        assert telling not in before, f"{telling!r} answers the restock question before the try"


def test_lesson_01_lets_the_learner_try_to_pass_with_a_turned_ace():
    """'When the turned card is an ace' deals the learner a hand with a turned ace, at a table
    with a Pass button; pressing it, the engine refuses and names pagat's rule."""
    from bourre_lessons.widgets.first_hand_view import FirstHandView

    cells = read(ROOT / "notebooks" / "01_your_first_hand.ipynb")
    aces = [d for d in learner_deals(cells).values() if '"turned": "' in d[3]]
    assert len(aces) == 1
    _, _, seed, chosen = aces[0]
    view = FirstHandView(seed=seed, deal=json.loads(chosen), new_words=False)
    assert view.hand.game.trump_card.rank.name == "ACE" and view.hand.game.hand_record.dealer == "A"
    while view.hand.waiting_for == "next":
        view.next()
    assert not view.pass_button.disabled
    view.pass_button.click()
    assert view.feedback.startswith("✘") and "dealer's ace" in view.feedback
    assert view.hand.waiting_for == "declare"  # nothing changed: play is still to say
    assert view.hand.now.words == ()  # the words of the first hand are not defined again


def test_lesson_01_under_the_hood_names_the_player_to_act():
    """It printed 'What A may do now' while B was to speak."""
    import contextlib
    import io

    cells = read(ROOT / "notebooks" / "01_your_first_hand.ipynb")
    code = next(c.source for c in cells if "legal_actions()" in c.source)
    scope: dict = {}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(code, scope)
    game = scope["game"]
    line = next(x for x in printed.getvalue().splitlines() if "may do now" in x)
    assert line.startswith(f"What {game.to_act} may do now") and game.to_act != "A"


SETTLE_STORIES = (
    "glimne-pay",
    "wikipedia-bourre",
    "wikipedia-split",
    "glimne-split-five",
    "pagat-ante",
    "pagat-renege",
)


@pytest.mark.parametrize("scene_id", SETTLE_STORIES)
@pytest.mark.parametrize("preset", ["pagat", "glimne", "wikipedia"])
def test_a_settlement_story_starts_with_the_antes_in_the_pot_and_says_each_thing_once(
    scene_id, preset
):
    """wikipedia's bourré story showed 'pot 0' at step 1, where lesson 06 says five chips are
    in the pot, and said who plays at step 1 and again at step 3."""
    steps = catalogue()[scene_id].steps(Rules.preset(preset))
    assert steps[0].pot and "Antes:" in steps[0].caption
    intro = steps[0].caption.split("Antes:")[0]  # what the story sets out, before the chips
    clauses = [c.strip() for c in re.split(r"[.;:]", intro) if len(c.split()) > 2]
    later = " ".join(step.caption for step in steps[1:])
    assert [c for c in clauses if c in later] == []
    if scene_id == "wikipedia-bourre" and preset == "pagat":
        assert steps[0].pot == 5  # lesson 06: "Five chips are in the pot"


JUDGING = ("allowed", "may be played", "is enough", "so your highest", "the one you named")
"""Words that judge a card: a caption under a scene's table says them before the learner
has tried (lesson 07's captions once said which king was allowed, and which heart 'win it'
named)."""


def judging_captions(scene_ids, scenes=None) -> list[str]:
    """The captions of these scenes' moments that judge a card."""
    scenes = catalogue() if scenes is None else scenes
    return [
        f"{scene_id}: {m.caption}"
        for scene_id in scene_ids
        for m in scenes[scene_id].positions
        if any(words in m.caption for words in JUDGING)
    ]


@pytest.mark.parametrize(("title", "ids"), LESSON_SCENES[:9], ids=[t for t, _ in LESSON_SCENES[:9]])
def test_no_caption_of_a_lesson_scene_judges_a_card_before_the_try(title, ids):
    assert judging_captions(ids) == []


def test_a_caption_that_judges_a_card_is_caught():
    from dataclasses import replace

    high = catalogue()["laws-high"]
    moment = replace(high.positions[0], caption="Nobody can beat the K♥, so any heart is allowed.")
    planted = {"laws-high": replace(high, positions=(moment,))}
    assert judging_captions(["laws-high"], planted) == [
        "laws-high: Nobody can beat the K♥, so any heart is allowed."
    ]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_answer_cell_stays_folded_after_run_all(path):
    """A cell tagged `answer` folds its source and shows its output in a closed <details>:
    `outputs_hidden` alone does not survive Run All in JupyterLab."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    answers = [c for c in notebook["cells"] if "answer" in c["metadata"].get("tags", [])]
    open_ = [
        "".join(c["source"]).splitlines()[0]
        for c, cell in zip(answers, code_cells({"cells": answers}), strict=True)
        if not cell.folded or not "".join(c["source"]).startswith("#")
    ]
    assert open_ == []


@pytest.mark.parametrize(("title", "ids"), LESSON_SCENES, ids=[t for t, _ in LESSON_SCENES])
def test_no_lesson_scene_states_its_rule_or_a_telling_title_before_the_try(title, ids):
    """A scene's own title may state its answer ('Cannot beat: any card of the suit'): a scene
    that asks for a card shows the neutral one until the learner's try, and no scene states
    its rule at its first step, in its header or its saved text form."""
    from bourre_lessons.scenes import show_baseline
    from bourre_lessons.widgets.scenes.scene import neutral_title

    for scene_id in ids:
        view = show_baseline(scene_id)
        scene, text = view.scene, view.to_text()
        shown = [text, view.header.value, view._repr_mimebundle_()[0]["text/plain"]]
        assert not any(scene.summary in part for part in shown), scene_id
        if scene.kind != "story":
            assert text.splitlines()[0] == f"{scene.citation} · {neutral_title(scene)}", scene_id
            view.to_turn().show_answer()
            assert view.to_text().splitlines()[0] == f"{scene.citation} · {scene.title}", scene_id
