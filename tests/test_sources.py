"""The register of the sources (`bourre_lessons.sources`) and everything that cites it.

(a) every quotation of the register is verbatim in its seed (the source texts beside the
    checkout: `source_texts`; skipped, and counted at the end of the run, without them);
(b) every citation a learner can see (verdicts, scene titles and notes, stories, lessons,
    exercises, docs, glossary, cheat sheet) resolves to a register entry or an engine reading;
(c) "X's example", "in X's own example, … is the card played" and "the source gives only part
    of the table" appear only where the register says the source gives that example or part;
(d) docs/sources.md is exactly what the register generates.

A few of the register's entries, with the seed's words and ours (the rest are in
docs/sources.md, generated from the register):
- glimne-8: "Har du inga kort i vare sig utspelsfärgen eller i trumffärgen får du saka vad du
  vill" (with neither the suit led nor trumps you may throw away what you like): no example.
- wikipedia-3: "Se você não tiver cartas do naipe de chumbo nem trunfos, você pode jogar
  qualquer carta" (with neither the suit led nor trumps you may play any card): no example.
- pagat-example: "スペードが切り札で、リードはダイヤのQをプレイしました。" (spades are trumps and the
  Q♦ was led): pagat's one example for its play rules.

The lessons (notebooks/*.md, exercises/*.md) are checked as strictly as the package, but in
test functions of their own, one per kind of claim, so that a failure there names the lesson
text to correct.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from source_texts import raw_seed

from bourre_lessons import sources
from bourre_lessons.naming import CLAUSES, designate
from bourre_lessons.play import explain, known_rule_ids, silence_note
from bourre_lessons.rules import PRESETS, SOURCES, Rules
from bourre_lessons.scenes import catalogue
from bourre_lessons.sources import READINGS, REGISTER, Entry, Reading, resolve

ROOT = Path(__file__).resolve().parents[1]
SOURCE = r"(glimne|wikipedia|pagat|laws)"
SCENES = catalogue()


# --- (a) the quotations --------------------------------------------------------------------------


def seed_text(source: str) -> str:
    """A seed as quotations are checked against it: pagat's wrapped Japanese lines joined (the
    seed breaks its lines mid-word), the other seeds' whitespace runs made single spaces. The
    calling test is skipped when the texts are not beside the checkout (`source_texts`)."""
    text = raw_seed(source)
    return text.replace("\n", "") if source == "pagat" else re.sub(r"\s+", " ", text)


def _quoted(source: str, quote: str) -> str:
    return quote if source == "pagat" else re.sub(r"\s+", " ", quote)


@pytest.mark.parametrize("entry", sources.ENTRIES, ids=lambda e: e.id)
def test_every_quotation_is_verbatim_in_its_seed(entry: Entry):
    text = seed_text(entry.source)
    for quote in (*entry.quote, *entry.example_quote):
        assert _quoted(entry.source, quote) in text, (
            f"{entry.id}: {quote!r} is not in the {entry.source} seed word for word"
        )


def test_a_changed_quotation_would_be_caught():
    """The check can fail: one changed word is no longer in the seed."""
    text = seed_text("glimne")
    quote = REGISTER["glimne-8"].quote[0]
    assert quote in text and quote.replace("saka", "spela") not in text


# --- the register itself -------------------------------------------------------------------------


def test_every_entry_is_well_formed():
    for e in sources.ENTRIES:
        assert e.source in sources.NAMES, e.id
        assert e.kind in sources.KINDS, (e.id, e.kind)
        assert e.example in sources.EXAMPLE_WORDS, (e.id, e.example)
        assert e.quote and all(q.strip() for q in e.quote), e.id
        assert e.translation.strip(), e.id
        if e.kind == "example":
            assert e.example in ("full", "part") and not e.example_quote, e.id
        else:
            assert bool(e.example_quote) == (e.example != "none"), (
                f"{e.id}: example is {e.example!r}; quote the source's example exactly when it "
                "gives one"
            )
        if e.parent:
            assert e.parent in REGISTER and REGISTER[e.parent].source == e.source, e.id


def test_the_register_knows_the_numbered_rules_of_every_source():
    numbered = {
        "glimne": range(1, 11),
        "wikipedia": range(1, 4),
        "pagat": range(1, 4),
    }
    for source, numbers in numbered.items():
        for n in numbers:
            assert f"{source}-{n}" in REGISTER
    for clause in CLAUSES:
        assert isinstance(resolve(clause), Entry), clause


def test_the_examples_the_register_records():
    """The example status of the rules the audit of issue 23 named, against the seeds."""
    status = {i: REGISTER[i].example for i in REGISTER}
    for rule in ("glimne-1", "glimne-8", "glimne-10", "wikipedia-1", "wikipedia-3"):
        assert status[rule] == "none", rule
    for rule in ("pagat-1", "pagat-2", "pagat-3", "pagat-cinch-lead", "pagat-cinch-follow"):
        assert status[rule] == "none", rule
    for rule in ("glimne-2", "glimne-3", "glimne-4", "glimne-5", "glimne-6", "glimne-7"):
        assert status[rule] == "full", rule
    assert status["glimne-9"] == "part" and status["wikipedia-cinch-aqj"] == "part"
    assert [e.id for e in sources.ENTRIES if e.source == "pagat" and e.kind == "example"] == [
        "pagat-example",
        "pagat-example-b",
        "pagat-cinch-sure",
    ]


def test_readings_read_existing_entries_and_engine_rules_are_readings():
    for r in READINGS:
        assert r.id.startswith("reading-") and r.text.strip(), r.id
        for read in r.reads:
            assert read in REGISTER, (r.id, read)
    for rule in known_rule_ids():
        found = resolve(rule)
        if "-" not in rule or rule.split("-")[0] not in sources.NAMES:
            assert isinstance(found, Reading), rule


def test_the_concept_table_is_the_registers():
    from bourre_lessons.play import CONCEPT_CITATIONS

    for concept, cites in sources.concept_citations().items():
        assert CONCEPT_CITATIONS[concept] == cites, concept


def test_resolve_reads_the_ways_the_course_cites():
    assert resolve("glimne 5").id == resolve("glimne-5").id == "glimne-5"
    assert resolve("laws §46B2").id == resolve("laws 46B2").id == "laws-46B2"
    assert resolve("pagat lone player").id == "pagat-lone"
    assert resolve("wikipedia forced play").id == "wikipedia-cinch"
    assert resolve("lead").id == "reading-lead"
    with pytest.raises(KeyError, match=r"glimne 11.*cites nothing"):
        resolve("glimne 11")


def test_every_switch_has_a_stance_per_rulebook():
    fields = set(Rules.__dataclass_fields__) - {"source"}
    assert set(sources.SWITCH_STANCES) == fields
    for switch, row in sources.SWITCH_STANCES.items():
        assert set(row) == set(SOURCES), switch
        for source, id in row.items():
            assert not id or REGISTER[id].source == source, (switch, source, id)
    assert sources.stance_words("lone_player_wins", "glimne", "no") == "not said (ours: no)"
    assert sources.stance_words("lone_player_wins", "pagat", "yes") == "yes"


def test_a_chip_shows_the_quotation_and_our_translation():
    data = sources.chip("pagat 3")
    assert data["lang"] == "ja" and data["quote"].startswith("{マストフォロー}")
    assert "no example" in data["example"]
    text = sources.chip_text(data)
    assert "pagat 3 (Japanese)" in text and "Our translation:" in text
    assert sources.chip("lead")["kind"] == "reading"
    assert "Engine's reading" in sources.chip("lead")["translation"]
    assert "reading-known-top" in [r["id"] for r in sources.chip("glimne 9")["readings"]]


# --- (d) docs/sources.md -----------------------------------------------------------------------


def test_docs_sources_md_is_generated_from_the_register():
    committed = (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")
    assert committed == sources.sources_markdown(), (
        "docs/sources.md differs from the register: run python tools/make_sources_doc.py"
    )
    for e in sources.ENTRIES:
        assert f"`{e.id}`" in committed


def test_the_doc_tool_writes_and_checks(tmp_path):
    out = tmp_path / "sources.md"
    assert sources.main(["--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == sources.sources_markdown()
    assert sources.main(["--nonsense"]) == 2


# --- (b) citations ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """One piece of text a learner can see, and where it comes from."""

    where: str
    text: str
    scene: str = ""  # the scene it belongs to, if any


NUMBERED = re.compile(
    rf"\b{SOURCE}(?:'s|’s)?\s+(?:rules?\s+)?(§\s?)?(\d{{1,2}}[A-Za-z0-9]*)"
    r"((?:\s*(?:,|and|or|–|—|to)\s*(?:§\s?)?\d{1,2}[A-Za-z0-9]*\b(?!\s*(?:players|cards|chips)))*)"
)
"""A numbered citation as learners write it: 'glimne 5', 'pagat 1–3', 'glimne 3 and 5',
'laws §46B2', "glimne's rule 9"."""
RULE_ID = re.compile(rf"(?<![\w/.#-]){SOURCE}-([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)\b(?![./])")
"""An id as the engine writes it: 'glimne-5', 'pagat-dealer-ace', 'laws-46B2'."""
NOT_A_RULE = re.compile(r"\s*(?:[–-]\s*\d+\s*)?(?:players?|cards?|chips?|units?|kr)\b")
"""What follows a number that counts something ('2–6 players') rather than citing a rule."""


def _scene_ids() -> set[str]:
    return set(SCENES)


def citations_in(text: str) -> list[str]:
    """Every citation in a text, as it is written (numbered citations split into one each)."""
    found = []
    for match in NUMBERED.finditer(text):
        if NOT_A_RULE.match(text, match.end()):
            continue
        source, numbers = match.group(1), [match.group(3)]
        numbers += re.findall(r"\d{1,2}[A-Za-z0-9]*", match.group(4) or "")
        found += [f"{source} {n}" for n in numbers]
    found += [m.group(0) for m in RULE_ID.finditer(text)]
    return found


def unresolved(places: list[Place]) -> list[str]:
    """'where: citation' for each citation that names no entry, reading or scene."""
    bad = []
    for place in places:
        for citation in citations_in(place.text):
            if citation in SCENES or citation in CLAUSES:
                continue
            try:
                resolve(citation)
            except KeyError:
                bad.append(f"{place.where}: {citation!r}")
    return bad


def _string_constants(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def package_places() -> list[Place]:
    """The package's own strings (docstrings, messages, scene texts), but not the register's
    quotations."""
    places = []
    for path in sorted((ROOT / "bourre_lessons").rglob("*.py")):
        if path.name == "sources_text.py" or "__pycache__" in path.parts:
            continue
        where = str(path.relative_to(ROOT))
        places += [Place(where, text) for text in _string_constants(path)]
    return places


def scene_places() -> list[Place]:
    """Each scene's citation, title, summary, note and captions, and each story's steps under
    every rulebook."""
    places = []
    for scene_id, scene in SCENES.items():
        where = f"scene {scene_id}"
        texts = [scene.title, scene.summary, scene.note]
        texts += [m.caption for m in scene.positions]
        places += [Place(where, t, scene_id) for t in texts if t]
        if scene.kind == "story":
            for preset in SOURCES:
                for step in scene.steps(preset):
                    places.append(Place(f"{where} ({preset})", step.caption, scene_id))
                    places.append(Place(f"{where} ({preset})", step.detail, scene_id))
    return places


def verdict_places() -> list[Place]:
    """The verdict on every card of every play and naming scene, under every rulebook and
    cinch setting: the citation it carries and the reason it gives."""
    places = []
    for scene_id, scene in SCENES.items():
        for number, moment in enumerate(scene.positions):
            for preset in SOURCES:
                for cinch in ("off", "pot", "strict"):
                    rules = scene.rules(preset, cinch=cinch)
                    situation = scene.situation(number)
                    for card in moment.hand:
                        v = explain(situation, card, rules)
                        where = f"verdict {scene_id}#{number} {preset}/{cinch} {card}"
                        places.append(Place(where, f"{sources.cite(v.rule_id)} {v.reason}"))
                    if moment.phrase:
                        named = designate(moment.phrase, situation, rules)
                        places.append(Place(f"naming {scene_id}#{number}", str(named)))
    return places


def md_places(folder: str) -> list[Place]:
    """A folder's MyST lessons (or docs), paragraph by paragraph, each with the scene its next
    code cell shows (the scene a sentence like 'this example is glimne's' is about)."""
    places = []
    for path in sorted((ROOT / folder).glob("*.md")):
        text = path.read_text(encoding="utf-8")
        where = str(path.relative_to(ROOT))
        offset = 0
        for paragraph in re.split(r"\n\s*\n", text):
            start = text.find(paragraph, offset)
            offset = start + len(paragraph)
            line = text.count("\n", 0, start) + 1
            places.append(Place(f"{where}:{line}", paragraph, _next_scene(text[offset:])))
    return places


def _next_scene(rest: str) -> str:
    """The scene shown by the code cell that follows, if a code cell follows at once."""
    rest = rest.lstrip()
    if not rest.startswith("```{code-cell}"):
        return ""
    cell = rest[: rest.find("\n```", 3) + 1]
    shown = re.search(r"show(?:_baseline)?\(\s*[\"']([\w-]+)[\"']", cell)
    return shown.group(1) if shown else ""


def cheat_sheet_places() -> list[Place]:
    from bourre_lessons.widgets import cheat_sheet as sheet

    places = [
        Place(f"cheat sheet line {line.text[:30]!r}", " ".join(line.rules))
        for _, lines in sheet.SECTIONS
        for line in lines
    ]
    places.append(Place("cheat sheet page", sheet.sheet_text(sheet.cheat_sheet())))
    return places


def test_every_scene_has_its_register_entry():
    for scene_id, scene in SCENES.items():
        found = sources.entry_for_scene(scene_id, scene.citation)
        assert found.source == scene.source, scene_id
        assert isinstance(resolve(scene.citation), Entry), (scene_id, scene.citation)


def test_every_verdict_cites_an_entry_or_a_reading():
    ids = set(known_rule_ids())
    for rule in ids:
        resolve(rule)
        resolve(sources.cite(rule))
    places = verdict_places()
    assert len(places) > 1000
    assert unresolved(places) == []
    for concept in ("beat", "known-top", "trump-not-needed"):
        for preset in SOURCES:
            note = silence_note(concept, PRESETS[preset])
            assert unresolved([Place(f"silence {concept} {preset}", note)]) == []


def test_every_citation_in_the_scenes_resolves():
    assert unresolved(scene_places()) == []


def test_every_citation_in_the_package_resolves():
    assert unresolved(package_places()) == []


def test_every_citation_in_the_docs_resolves():
    assert unresolved(md_places("docs")) == []


def test_every_citation_on_the_cheat_sheet_resolves():
    places = cheat_sheet_places()
    assert unresolved(places) == []
    for place in places[:-1]:
        for rule in place.text.split():
            assert isinstance(resolve(rule), Entry), (place.where, rule)


def test_an_unknown_citation_is_caught():
    """The scan can fail: a made-up rule number and a made-up id are both reported."""
    places = [Place("made up", "as glimne 11 says, and pagat-nonsense too; glimne 2–6 players")]
    assert unresolved(places) == ["made up: 'glimne 11'", "made up: 'pagat-nonsense'"]


def test_every_citation_in_the_lessons_resolves():
    """Lessons and exercises cite only rules the register has (no 'wikipedia 4')."""
    assert unresolved(md_places("notebooks") + md_places("exercises")) == []


# --- (c) claims about a source's examples ---------------------------------------------------------

EXAMPLE_CLAIM = re.compile(
    rf"\b{SOURCE}(?:'s|’s) (?:own )?(?:worked )?(?:(\w+) )?examples?\b"
    rf"|\b(?:this|the) examples? (?:is|are) {SOURCE}(?:'s|’s)",
    re.IGNORECASE,
)
CARD_PLAYED_CLAIM = re.compile(
    rf"{SOURCE}(?:'s|’s) own example, (.{{1,24}}?) is the card played", re.IGNORECASE
)
PART_CLAIM = re.compile(r"(?:gives|has) only part of the (?:table|example|position)", re.I)


def _sentence(text: str, start: int, end: int) -> str:
    """The sentence (or list item) around text[start:end]."""
    stops = [". ", ".\n", "\n- ", "\n* ", "\n\n"]
    left = max(text.rfind(stop, 0, start) for stop in stops) + 1
    rights = [i for i in (text.find(stop, end) for stop in stops) if i >= 0]
    return text[left : min(rights) if rights else len(text)]


def claimed_entries(place: Place, source: str, start: int, end: int, word: str = "") -> list[Entry]:
    """The entries a claim about `source` can be about, first found of: the source's citations
    in the claim's sentence; the entry its word names ('payment example'); the scene the text
    belongs to or shows next; the source's entry called 'example' (pagat's); the source's
    citations anywhere in the paragraph."""

    def cited(text: str) -> list[Entry]:
        found = []
        for citation in citations_in(text):
            hit = _resolve_or_none(SCENES[citation].citation if citation in SCENES else citation)
            if isinstance(hit, Entry) and hit.source == source:
                found.append(hit)
        return found

    scene = place.scene if place.scene.startswith(f"{source}-") else ""
    steps = (
        lambda: cited(_sentence(place.text, start, end)),
        lambda: [_resolve_or_none(f"{source} {word}")] if word else [],
        lambda: [sources.entry_for_scene(scene, SCENES[scene].citation)] if scene else [],
        lambda: [_resolve_or_none(f"{source} example")],
        lambda: cited(place.text),
    )
    for step in steps:
        found = [e for e in step() if isinstance(e, Entry)]
        if found:
            return found
    return []


def _resolve_or_none(citation: str) -> Entry | Reading | None:
    try:
        return resolve(citation)
    except KeyError:
        return None


def wrong_example_claims(places: list[Place]) -> list[str]:
    """'X's example' where the register says X gives no example for the rule it is about."""
    bad = []
    for place in places:
        for m in EXAMPLE_CLAIM.finditer(place.text):
            source = (m.group(1) or m.group(3)).lower()
            word = (m.group(2) or "").lower()
            entries = claimed_entries(place, source, m.start(), m.end(), word)
            quoted = m.group(0)
            if not entries:
                bad.append(f"{place.where}: {quoted!r}: no citation says which {source} rule")
            elif all(e.example == "none" and e.kind != "example" for e in entries):
                ids = ", ".join(e.id for e in entries)
                bad.append(f"{place.where}: {quoted!r}, but {ids} has no example in {source}")
    return bad


def wrong_card_played_claims(places: list[Place]) -> list[str]:
    """'In X's own example, … is the card played' where X does not work that example out."""
    bad = []
    for place in places:
        for m in CARD_PLAYED_CLAIM.finditer(place.text):
            source = m.group(1).lower()
            entries = claimed_entries(place, source, m.start(), m.end())
            if not any(e.example == "full" for e in entries):
                ids = ", ".join(e.id for e in entries) or "no rule named"
                bad.append(f"{place.where}: {m.group(0)!r}, but {source} plays no card ({ids})")
    return bad


def wrong_part_claims(places: list[Place]) -> list[str]:
    """'The source gives only part of the table' where it gives none (or all) of it."""
    bad = []
    for place in places:
        for m in PART_CLAIM.finditer(place.text):
            scene = place.scene
            entries = (
                [sources.entry_for_scene(scene, SCENES[scene].citation)]
                if scene and place.where.startswith("scene")
                else [
                    e for s in sources.NAMES for e in claimed_entries(place, s, m.start(), m.end())
                ]
            )
            if not any(e.example == "part" for e in entries):
                ids = ", ".join(f"{e.id} ({e.example})" for e in entries) or "no rule named"
                bad.append(f"{place.where}: 'only part of the table', but {ids}")
    return bad


def test_the_claim_checks_can_fail():
    invented = Place("made up", "glimne 8 shows it. This example is glimne's.")
    assert wrong_example_claims([invented])
    played = Place(
        "made up", "(In wikipedia's own example, Q♠ is the card played.)", "wikipedia-cinch-aqj"
    )
    assert wrong_card_played_claims([played])
    part = Place("scene pagat-1", "The source gives only part of the table.", "pagat-1")
    assert wrong_part_claims([part])
    fine = Place("made up", "The example is glimne's (glimne 5).")
    assert not wrong_example_claims([fine])


def test_scene_picks_are_cards_the_source_plays():
    """A scene's `pick` is shown as 'in X's own example, … is the card played': only where the
    source works that example out."""
    bad = []
    for scene_id, scene in SCENES.items():
        found = sources.entry_for_scene(scene_id, scene.citation)
        for moment in scene.positions:
            if moment.pick is not None and found.example != "full":
                bad.append(f"{scene_id}: pick {moment.pick}, but {found.id} is {found.example}")
    assert bad == []


def claim_places() -> list[Place]:
    """The package's strings and the docs, but the catalogue's own strings only as the scene
    texts they become (a note means something only in its scene)."""
    package = [p for p in package_places() if not p.where.endswith("scenes/catalogue.py")]
    return package + md_places("docs")


def test_scenes_and_package_claim_only_the_examples_the_sources_give():
    places = scene_places() + claim_places()
    assert wrong_example_claims(places) == []
    assert wrong_card_played_claims(places) == []


def test_scene_notes_say_part_of_the_table_only_where_the_source_gives_part():
    assert wrong_part_claims(scene_places()) == []
    assert wrong_part_claims(claim_places()) == []


def test_scenes_whose_cards_are_ours_say_so():
    """A play scene built on a rule the source gives no example for says the cards are ours."""
    bad = []
    for scene_id, scene in SCENES.items():
        found = sources.entry_for_scene(scene_id, scene.citation)
        ours = scene.kind != "story" and scene.positions and found.example == "none"
        if ours and "ours" not in scene.note:
            bad.append(f"{scene_id} ({found.id} has no example): note {scene.note!r}")
    assert bad == []


def test_lessons_credit_a_source_only_with_examples_it_gives():
    """'X's example' / 'the example is X's' in a lesson: X gives an example for that rule."""
    assert wrong_example_claims(md_places("notebooks") + md_places("exercises")) == []


def test_lessons_name_a_card_played_only_from_a_worked_example():
    """'In X's own example, … is the card played' in a lesson: X works that example out."""
    assert wrong_card_played_claims(md_places("notebooks") + md_places("exercises")) == []


def test_lessons_say_part_of_the_table_only_where_the_source_gives_part():
    assert wrong_part_claims(md_places("notebooks") + md_places("exercises")) == []


# --- the engine's readings in verdicts -----------------------------------------------------------


def test_verdicts_name_the_engines_readings_they_rest_on():
    """A verdict under a rulebook silent on its rule rests on `reading-followed`; the known top
    card, the others' voids and the cinch rest on the engine's own readings; each id exists."""
    from bourre_lessons.play import CONCEPT_CITATIONS, Situation

    ids = {r.id for r in READINGS}
    seen: set[str] = set()
    for scene_id, scene in SCENES.items():
        for number, moment in enumerate(scene.positions):
            for preset in SOURCES:
                rules = scene.rules(preset)
                for card in moment.hand:
                    v = explain(scene.situation(number), card, rules)
                    assert set(v.readings) <= ids, (scene_id, v.readings)
                    seen |= set(v.readings)
                    concept = next(
                        (
                            c
                            for c, cites in CONCEPT_CITATIONS.items()
                            if v.rule_id in cites.values()
                        ),
                        "",
                    )
                    if concept and preset not in CONCEPT_CITATIONS[concept]:
                        assert "reading-followed" in v.readings, (scene_id, preset, v.rule_id)
                        assert "the engine follows" in v.reason
    assert {"reading-followed", "reading-known-top", "reading-sure-tricks"} <= seen
    top = Situation(
        hand=("CQ", "C9", "H5"), trump="S", trick=("C8",), seen=("CA", "CK", "C3"), players_after=1
    )
    verdict = explain(top, "C9", PRESETS["glimne"])
    assert verdict.readings == ("reading-known-top",)
    assert verdict.reading_words().startswith("(Engine's reading: glimne 9 binds only")


def test_the_switch_table_shows_silence_as_not_said():
    """Lesson 08's table of every switch (sources.switch_table_text): a silent rulebook's cell is
    'not said (ours: …)', never a bare 'no'."""
    rows = dict(sources.switch_rows(only_differing=False))
    assert set(rows) == set(sources.SWITCH_STANCES)
    for switch, cells in rows.items():
        for source, cell in cells.items():
            silent = sources.stance(switch, source) is None
            assert cell.startswith("not said") == silent, (switch, source, cell)
    text = sources.switch_table_text()
    assert "lone_player_wins" in text and "not said (ours: no)" in text
