"""Helpers of lessons 00-02 (the setup check, the deck, the deal view, declarations and draws),
and the lessons' and exercises' text checked against the sources and the engine."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from matplotlib.figure import Figure

from bourre_lessons import Rules, Situation, designate, parse_card, sure_trump_tricks
from bourre_lessons.game import Game
from bourre_lessons.scenes import get as catalogue_scene
from bourre_lessons.scenes import show
from bourre_lessons.widgets import lesson as lessons
from bourre_lessons.widgets.lesson import (
    SetupCheck,
    act,
    card_readings,
    deal_view,
    dealers,
    deck_figure,
    deck_summary,
    declaring_order,
    last_step,
    pinned_versions,
    setup_check,
)

# --- setup check -------------------------------------------------------------------------


def test_pinned_versions_reads_name_equals_version_lines(tmp_path: Path) -> None:
    pins = tmp_path / "constraints.txt"
    pins.write_text("# comment\nipywidgets==8.1.9\nJupyterLab-Widgets==3.0.17  # lab\n-e .\n")
    assert pinned_versions(pins) == {"ipywidgets": "8.1.9", "jupyterlab_widgets": "3.0.17"}


def test_pinned_versions_drop_environment_markers(tmp_path: Path) -> None:
    pins = tmp_path / "constraints.txt"
    pins.write_text("tomli==2.0.1 ; python_version < '3.11'\n")
    assert pinned_versions(pins) == {"tomli": "2.0.1"}


def test_setup_check_says_missing_when_the_widget_frontend_is_absent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = lessons._installed
    monkeypatch.setattr(
        lessons, "_installed", lambda name: None if name == "jupyterlab_widgets" else real(name)
    )
    check = setup_check({"jupyterlab_widgets": "3.0.17"})
    assert dict(check.rows)["jupyterlab_widgets 3.0.17"] == "missing"
    assert not check.ok


def test_pinned_versions_without_a_file_is_empty(tmp_path: Path) -> None:
    assert pinned_versions(tmp_path / "absent.txt") == {}


def test_setup_check_names_every_requirement_with_its_pin() -> None:
    check = setup_check({"ipywidgets": "8.1.9", "matplotlib": "3.11.2"})
    needs = [need for need, _ in check.rows]
    assert needs[0] == "python 3.10 or newer"
    assert "ipywidgets 8.1.9" in needs
    assert "matplotlib 3.11.2" in needs
    assert any(need.startswith("jupyterlab_widgets") for need in needs)
    assert any(need.startswith("bourre-lessons 0.1.0") for need in needs)
    assert not any("/" in line for line in str(check).splitlines()), "no paths printed"


def test_setup_check_reports_a_different_version_and_is_not_ok() -> None:
    check = setup_check({"ipywidgets": "0.0.1"})
    status = dict(check.rows)["ipywidgets 0.0.1"]
    assert status.startswith("installed ") and "pins 0.0.1" in status
    assert not check.ok
    assert str(check).endswith("Not ready: see above.")


def test_setup_check_prints_ok_lines_and_ready() -> None:
    check = SetupCheck((("python 3.10 or newer", "ok"), ("ipywidgets 8.1.9", "missing")))
    assert str(check) == (
        "python 3.10 or newer: ok\nipywidgets 8.1.9: missing\nNot ready: see above."
    )
    assert repr(check) == str(check)
    assert str(SetupCheck((("x 1", "ok"),))) == "x 1: ok\nReady: every requirement is met."


# --- deck and notation ------------------------------------------------------------------


def test_deck_summary_counts_52_cards_ace_high() -> None:
    """glimne, wikipedia, pagat: 52 cards, ace high, two low."""
    text = deck_summary()
    assert text.startswith("52 cards = 4 suits (♠ ♥ ♦ ♣) × 13 ranks")
    assert "two (2) is lowest" in text and "ace (A) highest" in text


def test_deck_figure_draws_every_card_once() -> None:
    fig = deck_figure()
    assert isinstance(fig, Figure)
    labels = [t.get_text() for t in fig.axes[0].texts]
    assert len(labels) == 52 and len(set(labels)) == 52
    assert {"2♠", "10♥", "A♣", "Q♦"} <= set(labels)
    assert len(fig.axes[0].patches) == 52


def test_deck_figure_four_colour_gives_clubs_green() -> None:
    two = {t.get_text(): t.get_color() for t in deck_figure().axes[0].texts}
    four = {t.get_text(): t.get_color() for t in deck_figure(four_colour=True).axes[0].texts}
    assert two["A♣"] == two["A♠"]
    assert four["A♣"] != four["A♠"] and four["A♦"] != four["A♥"]


def test_card_readings_show_each_form_and_refuse_nonsense() -> None:
    lines = card_readings(["H7", "7H", "Q♥", "hj7", "X9"]).splitlines()
    assert len(lines) == 5
    for line in lines[:4]:
        assert "→" in line
    assert "7♥  (seven of hearts, code H7)" in lines[0]
    assert "7♥" in lines[1] and "7♥" in lines[3]
    assert "queen of hearts" in lines[2]
    assert "not a card" in lines[4] and "'X9'" in lines[4]


# --- the deal -----------------------------------------------------------------------------


def test_deal_view_shows_five_rounds_and_the_turned_card() -> None:
    """glimne, wikipedia, pagat: five cards each, one at a time; the dealer's fifth is turned."""
    game = Game(Rules.preset("glimne"), players=4, seed=1)
    text = str(deal_view(game)).splitlines()
    assert text[0] == "Hand 1: A deals, one card at a time from the dealer's left."
    assert text[1].split() == ["round", "B", "C", "D", "A", "(dealer)"]
    rows = text[2:7]
    assert [row.split()[0] for row in rows] == ["1", "2", "3", "4", "5"]
    for column, player in enumerate(["B", "C", "D", "A"], start=1):
        dealt = [parse_card(row.split()[column]) for row in rows]
        assert sorted(dealt) == list(game.cards_of(player))
    assert parse_card(rows[4].split()[4]) == game.trump_card
    assert (
        text[7]
        == f"A turns up the fifth card, {game.trump_card}: {game.trump_card.suit.plural} are trumps."
    )


def test_deal_view_html_marks_the_turned_card_once() -> None:
    game = Game(Rules.preset("pagat"), players=5, seed=2)
    view = deal_view(game)
    assert view._repr_html_() == view.html
    assert view.html.count("<tr>") == 6  # the heading and five rounds
    assert view.html.count("border:2px solid") == 1
    assert f">{game.trump_card}</span>" in view.html
    assert repr(view) == view.text


def test_deal_view_names_a_separate_trump_card() -> None:
    """pagat variant: a sixth card turned in the middle, not the dealer's fifth card."""
    from bourre_lessons.scenes import rules_for

    game = Game(rules_for("pagat", separate_trump_card="nobody"), players=4, seed=1)
    assert "A sixth card is turned in the middle" in str(deal_view(game))


def test_dealers_pass_the_deal_to_the_left() -> None:
    """glimne, wikipedia, pagat: the deal passes to the left (clockwise) after every hand."""
    for preset in ("glimne", "pagat"):
        assert dealers(Game(Rules.preset(preset), players=4, seed=1), 5) == list("ABCDA")


def test_dealers_refuses_zero_hands() -> None:
    with pytest.raises(ValueError, match="hands must be 1 or more"):
        dealers(Game(players=3), 0)


# --- declarations and the draw ----------------------------------------------------------


def test_declaring_order_starts_left_of_the_dealer() -> None:
    """glimne, wikipedia, pagat: declare from the dealer's left, the dealer last."""
    game = Game(Rules.preset("glimne"), players=5, seed=3)
    assert declaring_order(game) == "B, C, D, E, then the dealer A"
    game = Game(Rules.preset("glimne"), players=3, seed=0)
    dealers(game, 2)
    assert declaring_order(game) == "C, A, then the dealer B"


def test_act_returns_only_the_new_transcript_lines() -> None:
    """glimne: declarations go from the dealer's left, and a player who plays antes again."""
    game = Game(Rules.preset("glimne"), players=5, seed=3)
    before = game.transcript().splitlines()
    lines = act(game, "play", "pass").splitlines()
    assert lines == game.transcript().splitlines()[len(before) :]
    assert len(lines) == 2
    assert lines[0].startswith("B ") and "(pot 6)" in lines[0]
    assert lines[1].startswith("C ") and "pass" in lines[1]
    assert game.pot == 6
    assert act(game, "play").startswith("D ")


def test_everyone_passing_carries_the_pot() -> None:
    """Engine decision (RULES-SPEC): if everybody passes, the pot carries to the next hand."""
    game = Game(Rules.preset("glimne"), players=5, seed=3)
    lines = act(game, *["pass"] * 5)
    assert len(lines.splitlines()) >= 5 and "5" in lines
    assert game.pot == 5
    act(game, "deal")
    assert game.pot == 10
    assert game.hand_record.dealer == "B"


def test_last_step_reaches_the_end_of_a_story_scene() -> None:
    """wikipedia, seven players: at most three cards each; the last step says so."""
    scene = show("wikipedia-seven")
    assert last_step(scene) is scene
    assert scene.step == scene.step_count - 1 == 2
    assert "exchanges three cards instead" in scene.to_text()


# --- lesson and exercise text against the sources ------------------------------------------

ROOT = Path(__file__).resolve().parent.parent
LEARNER_TEXT = sorted((ROOT / "notebooks").glob("*.md")) + sorted((ROOT / "exercises").glob("*.md"))


def _prose(path: Path) -> str:
    """A lesson's learner text: the markdown without its code cells, whitespace made single."""
    text = re.sub(r"```.*?```", " ", path.read_text(encoding="utf-8"), flags=re.S)
    return " ".join(text.split())


def _sentences(path: Path) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?;:])\s+", _prose(path)) if s]


def _lesson(prefix: str) -> Path:
    (path,) = (ROOT / "notebooks").glob(f"{prefix}_*.md")
    return path


def test_learner_text_is_found() -> None:
    assert len(LEARNER_TEXT) >= 10
    assert "Bourré" in _prose(_lesson("01"))


def _paragraphs(path: Path) -> list[str]:
    """A lesson's prose paragraphs, each list item on its own, whitespace made single."""
    text = re.sub(r"```.*?```", "\n\n", path.read_text(encoding="utf-8"), flags=re.S)
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n|\n(?=- )", text) if p.strip()]


def pot_limit_problems(paragraphs: list[str]) -> list[str]:
    """Paragraphs that give pagat (or glimne) a pot limit, or let a limit cap the winner."""
    problems = []
    for para in paragraphs:
        if not re.search(r"\bpot limit\b|\bthe limit\b|\blimit of \d", para):
            continue
        gives_a_book = any(
            re.search(r"\b(pagat|glimne)\b(?!'s)", sentence)
            and re.search(r"\blimit\b", sentence)
            and not re.search(r"\bha(s|ve) (no pot limit|none)\b", sentence)
            for sentence in re.split(r"(?<=[.;])\s+", para)
        )
        said = " ".join(x for x in re.split(r"(?<=[.;?])\s+", para) if not x.endswith("?"))
        caps_the_winner = (
            re.search(r"\blimit\b", said)
            and re.search(r"\b(winner|take|takes)\b", said)
            and not re.search(r"\b(not|never|still)\b", said)
        )
        if gives_a_book or caps_the_winner:
            problems.append(para)
    return problems


def test_no_text_gives_pagat_a_pot_limit_or_caps_the_winner() -> None:
    """wikipedia, variants: "a introdução de um limite de pote, que limita o valor total que um
    único bourré ou renegar pode custar a um determinado jogador" (a pot limit caps the total a
    single bourré or renege can cost a player). pagat names no pot limit, and nothing caps what
    the winner takes."""
    for path in LEARNER_TEXT:
        assert pot_limit_problems(_paragraphs(path)) == [], path.name


def test_the_pot_limit_check_can_fail() -> None:
    assert pot_limit_problems(
        ["A variant pagat and wikipedia mention: no take may exceed the limit."]
    )
    assert pot_limit_problems(["A pot limit caps each payment and the winner's take."])
    assert not pot_limit_problems(["A pot limit caps payments; the winner still takes the pot."])


def test_no_text_says_only_pagat_lets_the_dealer_discard_the_turned_card() -> None:
    """glimne, the draw: "Svaret får vara vad som helst från noll (= spelaren står nöjd) till
    fem" (the answer may be anything from zero, the player is content, to five), with no
    exception for the dealer; pagat, the draw: "そのカードをディーラーが捨てるという非常に変わった
    場合を除いて" (except in the very unusual case that the dealer discards that card)."""
    for path in LEARNER_TEXT:
        for sentence in _sentences(path):
            assert not re.search(r"[Oo]nly pagat\b.*\b(throw|discard)", sentence), path.name


def test_lesson_02_counts_the_dealers_choices_as_the_engine_does() -> None:
    """Every preset lets the dealer exchange the turned card, so the dealer has as many draw
    choices as any player with five cards; the lesson's numbers must be the engine's."""
    said = re.search(
        r"has the same (\d+) choices as anyone else, and (\d+) of them throw away the (\S+?)\.",
        _prose(_lesson("02")),
    )
    assert said, "lesson 02 no longer states the dealer's choices"
    for preset in ("glimne", "wikipedia", "pagat"):
        game = Game(Rules.preset(preset), players=5, seed=3)
        act(game, *_example_to_the_dealers_draw(game.rules))
        choices = game.legal_actions()
        turned = [c for c in choices if game.trump_card.code in c.split()[1:]]
        assert (int(said[1]), int(said[2]), said[3]) == (
            len(choices),
            len(turned),
            str(game.trump_card),
        )


def test_lesson_02_example_pot_is_the_engines() -> None:
    """pagat, the draw and pass: a passing player loses the ante and pays nothing more, and
    pagat asks no second chip of a player who plays; the example's card and pots are the
    engine's."""
    said = re.search(
        r"A deals and turns the (\S+), so (\w+) are trumps\. Everyone has put in one chip, so "
        r"the pot holds (\d+) chips\. B says play, C passes, D plays, E passes, and A plays "
        r"last\. .*? the pot still holds (\d+) chips\.",
        _prose(_lesson("02")),
    )
    assert said, "lesson 02 no longer tells its play-or-pass example"
    game = Game(Rules.preset("pagat"), players=5, seed=3)
    assert (said[1], said[2], int(said[3])) == (
        str(game.trump_card),
        game.trump_card.suit.plural,
        game.pot,
    )
    act(game, *_example_to_the_dealers_draw(game.rules))
    assert int(said[4]) == game.pot
    assert list(game.hand_record.active) == ["B", "D", "A"]


def _example_to_the_dealers_draw(rules: Rules) -> tuple[str, ...]:
    """Lesson 02's example up to the dealer A's draw, in the order of `rules`: B plays, C
    passes, D plays, E passes, A plays; B throws H5 C8 and D throws D7 C3 C6."""
    if rules.draws_in_turn:  # one round: each player who says play draws at once
        return ("play", "discard H5 C8", "pass", "play", "discard D7 C3 C6", "pass", "play")
    return ("play", "pass", "play", "pass", "play", "discard H5 C8", "discard D7 C3 C6")


def test_lesson_02_reads_pagats_terse_text_as_one_round_and_says_so() -> None:
    """pagat, Draw and pass: "もし “プレイ” を宣言したならば、何枚か捨て札に出来ます" (if you declared
    play, you may discard some cards) does not say whether everyone declares first. Lesson 02
    says the text is terse, gives the course's reading (one round) marked as a reading, names
    the other reading (two rounds, as glimne and wikipedia have it: "Uma vez que cada jogador
    tenha declarado a intenção, o dealer pergunta aos que ainda estão no jogo ... quantas novas
    cartas"), and the switch values it names are the presets'."""
    prose = _prose(_lesson("02"))
    assert "pagat's text is terse" in prose and "(pagat, the draw)" in prose
    assert "The course reads it as one round" in prose and "our reading" in prose
    assert "The other reading is two rounds" in prose and "glimne and wikipedia" in prose
    for preset in ("pagat", "glimne", "wikipedia"):
        assert f'`"{Rules.preset(preset).draw_timing}"`' in prose
    first = _prose(_lesson("01"))
    assert "before the next player speaks" in first and "how the course reads pagat" in first


def test_glimnes_player_count_is_given_as_a_recommendation() -> None:
    """glimne: "Lämpligt antal spelare är 2-6." (a suitable number of players is 2-6): advice,
    not a limit, so the glimne preset seats more."""
    assert Rules.preset("glimne").max_players > 6
    for path in LEARNER_TEXT:
        for sentence in _sentences(path):
            if "glimne" in sentence and re.search(r"at most six|two to six|2.6 players", sentence):
                assert re.search(r"recommend|suggest", sentence), f"{path.name}: {sentence}"


def test_glimnes_cinch_is_taught_as_its_local_variant() -> None:
    """glimne: "Det finns många lokala varianter av bourré ... Bland de vanligaste är
    ”cinch”-reglerna" (there are many local variants; among the commonest are the cinch rules),
    so the glimne preset has no cinch and `strict` is named as glimne's variant."""
    assert Rules.preset("glimne").cinch == "off"
    assert "the glimne preset plays with the cinch `off`" in _prose(_lesson("05b"))
    for path in LEARNER_TEXT:
        for sentence in _sentences(path):
            if "strict" in sentence and "glimne" in sentence:
                assert re.search(r"variant|switch", sentence), f"{path.name}: {sentence}"


def test_lesson_05_names_the_glimne_9_scenes_trump_suit() -> None:
    trump = show("glimne-9").scene.trump
    said = re.search(r"\((\w+) are trumps in the scene", _prose(_lesson("05a")))
    assert said and said[1].lower() == trump.plural


def test_lesson_05a_says_pagat_has_neither_duty_as_the_engine_does() -> None:
    """pagat has no rule like glimne 9 or glimne 10: the lesson says so at the top, and under
    pagat the glimne-9 scene allows both clubs and the glimne-10 scene any lead."""
    text = _prose(_lesson("05a"))
    assert text.index("At a pagat table these are not duties") < text.index("## What you can")
    pagat = Rules.preset("pagat")
    assert not pagat.must_play_known_top and not pagat.must_lead_trump_when_others_out
    top, out = catalogue_scene("glimne-9"), catalogue_scene("glimne-10")
    assert (
        "At a pagat table you must beat the 8♣ if you can (pagat 3), and either club does" in text
    )
    assert top.legal("pagat") == {parse_card("QC"), parse_card("9C")}
    assert top.legal("glimne") == {parse_card("QC")}
    assert "At a pagat table you may lead anything here" in text
    assert out.legal("pagat") == set(out.positions[0].hand)
    assert out.legal("glimne") == {c for c in out.positions[0].hand if c.suit == out.trump}


def test_lesson_05b_counts_sure_trump_tricks_as_the_engine_does() -> None:
    """The worked table of lesson 05b (K-Q-10-9-8 of trumps, pagat's example hand) and the
    recap's counts agree with sure_trump_tricks."""
    text = _lesson("05b").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d) \| (\w+) \| ([\w, ]+) \| (\d) \|$", text, re.MULTILINE)
    assert [int(t) for t, *_ in rows] == [1, 2, 3, 4, 5]
    hand = "SK SQ ST S9 S8"
    situation = Situation(hand=hand, trump="S")
    out = sorted((c for c in situation.unseen if c.suit == situation.trump), reverse=True)
    for (t, rank, above, worth), card in zip(rows, situation.holding(situation.trump), strict=True):
        higher = [c for c in out if c.rank > card.rank]
        assert parse_card(f"S{rank}") == card
        assert above.split(", ") == [c.rank.label for c in higher]
        assert int(worth) == int(t) - len(higher)
    assert max(int(worth) for *_, worth in rows) == sure_trump_tricks(situation)
    total = re.search(r"(\w+) sure trump tricks\. When nobody", _prose(_lesson("05b")))
    words = ["none", "one", "two", "three", "four", "five"]
    assert total and words.index(total[1].lower()) == sure_trump_tricks(situation)
    said = re.search(r"A-K-Q is (\d), A-Q-J with the king out is (\d)\.", _prose(_lesson("05b")))
    assert said, "the recap no longer counts A-K-Q and A-Q-J"
    akq = Situation(hand="SA SK SQ H4", trump="S")
    aqj = Situation(hand="SA SQ SJ H4", trump="S")
    assert (int(said[1]), int(said[2])) == (sure_trump_tricks(akq), sure_trump_tricks(aqj))


def test_lesson_05b_wikipedia_example_gets_pagats_answer() -> None:
    """Lesson 05b says pagat's rules give wikipedia's A-Q-J forced play the same answer."""
    assert "pagat's rules give the same answer" in _prose(_lesson("05b"))
    scene = catalogue_scene("wikipedia-cinch-aqj")
    for moment in range(len(scene.positions)):
        assert scene.legal("pagat", moment) == scene.legal("wikipedia", moment)
        assert scene.legal("pagat", moment) == scene.positions[moment].answer


def test_lesson_06_shows_both_readings_of_glimnes_payment() -> None:
    """glimne, payment: "måste lägga lika mycket som just då ligger i potten (varefter potten går
    till vinnaren, eller ligger kvar om blev oavgjort)" (must put in as much as the pot holds at
    that moment, after which the pot goes to the winner, or stays after a tie): read literally the
    winner also takes the payment; pagat and wikipedia leave it for the next hand. The main text
    says so in a box; the two readings side by side are code under the hood."""
    text = _prose(_lesson("06"))
    lesson = _lesson("06").read_text(encoding="utf-8")
    hood = lesson[lesson.index("## Under the hood") :]
    assert 'for reading in ["winner", "next_pot"]' in hood
    assert "bourre_paid_to=reading" in hood
    assert (
        '`"winner"` is our reading of glimne, the literal one, which the glimne preset takes'
        in text
    )
    assert "`\"next_pot\"` is pagat's and wikipedia's" in text
    box = re.search(
        r"> \*\*At other tables\.\*\* glimne's sentence on the payment.*?compares them\.", text
    )
    assert box and "`bourre_paid_to`" in box[0]
    books = {name: Rules.preset(name).bourre_paid_to for name in ("glimne", "wikipedia", "pagat")}
    assert books == {"glimne": "winner", "wikipedia": "next_pot", "pagat": "next_pot"}


def test_lesson_00_says_lessons_01_to_07_need_python_only_under_the_hood() -> None:
    """Lesson 00 promises no Python for lessons 01-07 beyond an optional closing section: every
    one of them must have that section (what may sit outside it is the engine-code test's)."""
    text = _prose(_lesson("00"))
    assert "no Python for lessons 01 to 07" in text
    assert "optional *Under the hood* section" in text
    lessons = sorted((ROOT / "notebooks").glob("0[1-7]*_*.md"))
    assert len(lessons) == 8  # 01 to 07, lesson 05 in two parts
    without = [md.name for md in lessons if "\n## Under the hood\n" not in md.read_text("utf-8")]
    assert without == []


WIN_IT_UNSEEN = re.compile(
    r'Were trumps still unseen,.*?"win it" would name your highest, the (\S+?)\.'
)
"""Lesson 07's sentence on "win it" once the others' trumps are unknown, and the card it names."""


def test_lesson_07_says_what_win_it_names_with_trumps_unseen() -> None:
    """laws 46B1b: "win it" is the lowest card known to win. Lesson 07 says that in the laws-win
    scene's last position, with trumps still unseen, no heart is known to win and the highest is
    named; the engine must name that card, and the scene itself (trumps out) another."""
    claim = WIN_IT_UNSEEN.search(_prose(_lesson("07")))
    assert claim, "lesson 07 no longer says what 'win it' names with trumps unseen"
    last = catalogue_scene("laws-win").situation(2)
    assert last.others_out_of_trump, "the scene's last position has the others out of trumps"
    unseen = designate("win it", replace(last, others_out_of_trump=False))
    assert unseen.card == parse_card(claim.group(1))
    assert designate("win it", last).card != unseen.card


SETTLEMENT_ROW = re.compile(
    r"^\| (\w \d(?:, \w \d)+) \| (.+?) \| (.+?) \| (\d+) \| (.+?) \|$", re.M
)


def settlement_table_errors(text: str) -> list[str]:
    """Rows of lesson 06's "at a glance" table that pagat's `settle` does not confirm."""
    from bourre_lessons import settle

    section = text[text.index("## The settlement at a glance") :]
    section = section[: section.index("\n## ", 1)]
    pot = int(re.search(r"the pot holds (\d+) chips at the end of play", section)[1])
    rows = SETTLEMENT_ROW.findall(section)
    errors = [] if len(rows) == 5 else [f"expected 5 rows, read {len(rows)}"]
    for tricks_text, takes, pays, left, skip in rows:
        tricks = {seat: int(n) for seat, n in (pair.split() for pair in tricks_text.split(", "))}
        result = settle(pot, tricks, Rules.preset("pagat"))
        payments = ", ".join(f"{p} pays {n}" for p, n in result.payments.items()) or "none"
        said = (
            f"{result.winner} takes {result.taken}" if result.winner else "split: nobody takes it",
            payments,
            str(result.pot_carried),
            ", ".join(sorted(map(str, result.skips_next_ante))) or "nobody",
        )
        if (takes, pays, left, skip) != said:
            errors.append(
                f"{tricks_text}: the lesson says {(takes, pays, left, skip)}, settle {said}"
            )
    return errors


def test_lesson_06_settlement_table_agrees_with_settle() -> None:
    """The table's figures are pagat's settlement as the engine computes it (pagat, payment)."""
    text = _lesson("06").read_text(encoding="utf-8")
    assert settlement_table_errors(text) == []
    wrong = text.replace(
        "| A 3, B 2, C 0 | A takes 5 | C pays 5 | 5 |",
        "| A 3, B 2, C 0 | A takes 5 | C pays 5 | 0 |",
    )
    assert wrong != text
    assert any(error.startswith("A 3, B 2, C 0") for error in settlement_table_errors(wrong))
    fewer = text.replace("| A 2, B 1, C 1, D 1 | A takes 5 | none | 0 | nobody |\n", "")
    assert settlement_table_errors(fewer) == ["expected 5 rows, read 4"]


def test_lessons_01_to_07_show_every_scene_at_the_pagat_table() -> None:
    """Lessons 01-07 teach pagat's rules: their scenes are shown with `show_baseline` (pagat,
    no rulebook selector), never with `show`, outside the optional 'Under the hood'. Lesson 05a
    is the one exception: it is about glimne's two duties, and plays them by glimne's rules."""
    baseline, other = {}, {}
    for md in sorted((ROOT / "notebooks").glob("0[0-7]*_*.md")):
        text = md.read_text(encoding="utf-8").partition("\n## Under the hood\n")[0]
        baseline[md.stem] = re.findall(r'show_baseline\("([\w-]+)"\)', text)
        other[md.stem] = re.findall(r'\bshow\("([\w-]+)"', text)
    assert {stem: ids for stem, ids in other.items() if ids} == {
        "05a_known_top_cards": ["glimne-9", "glimne-9", "glimne-10", "glimne-10"]
    }
    assert len(baseline["06_settling_the_pot"]) == 4
    assert all(baseline[stem] for stem in baseline if stem != "05a_known_top_cards")


LINK = re.compile(r"\]\(((?:\.\./)?[\w./-]*?)(?:#[\w-]*)?\)")


def broken_links(md: Path) -> list[str]:
    """Relative links of a lesson or exercise text that do not name an existing file."""
    broken = []
    for target in LINK.findall(md.read_text(encoding="utf-8")):
        if not target or "://" in target:
            continue
        path = (md.parent / target).resolve()
        if not path.is_file():
            broken.append(target)
    return broken


def test_every_link_in_the_course_opens_a_file(tmp_path: Path) -> None:
    """A link to a folder opens an error page in JupyterLab: every link names a notebook or
    a page (the exercises' recaps link each set's own notebook)."""
    root = Path(__file__).resolve().parents[1]
    texts = sorted((root / "notebooks").glob("*.md")) + sorted((root / "exercises").glob("*.md"))
    assert {str(md.name): broken_links(md) for md in texts if broken_links(md)} == {}
    probe = tmp_path / "probe.md"
    probe.write_text("See [the exercises](../exercises/) and [lesson 1](01.ipynb).")
    assert broken_links(probe) == ["../exercises/", "01.ipynb"]


ANSWER_CALL = re.compile(r"show_answer\(|\.why\(")


def visible_answer_cells(notebook: Path) -> list[int]:
    """Indexes of code cells that print a scene's answer without being folded."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    found = []
    for index, cell in enumerate(cells):
        folded = cell["metadata"].get("jupyter", {})
        hidden = folded.get("source_hidden") and folded.get("outputs_hidden")
        prints = cell["cell_type"] == "code" and ANSWER_CALL.search("".join(cell["source"]))
        if prints and not hidden:
            found.append(index)
    return found


def test_lessons_fold_every_cell_that_prints_an_answer() -> None:
    """Predict, then reveal: the learner clicks first; the answer sits in a folded cell."""
    root = Path(__file__).resolve().parents[1] / "notebooks"
    shown = {nb.name: visible_answer_cells(nb) for nb in sorted(root.glob("0[0-7]*_*.ipynb"))}
    assert {name: cells for name, cells in shown.items() if cells} == {}


ENGINE_CALL = re.compile(
    r"\b(Game|Rules|Situation|replace|set_rulebook|parse_cards?|parse_suit|legal_plays|explain|"
    r"winning_card|verdicts|settle|designate|rules_for|to_turn|show_answer|why)\b|\.(apply|play|say)\("
)
"""A call into the engine, or a scene driven from code: what lessons 01-07 keep out of view."""


def visible_engine_cells(notebook: Path) -> list[int]:
    """Indexes of code cells, outside the closing 'Under the hood' section, that call the
    engine (imports and bare displays of a scene are not calls). Folding the code is not
    enough: only a folded answer, code and output both hidden, may call the engine there."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    found, under_the_hood = [], False
    for index, cell in enumerate(cells):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            heading = re.search(r"^## (.+)$", source, re.MULTILINE)
            under_the_hood = heading.group(1) == "Under the hood" if heading else under_the_hood
            continue
        code = "\n".join(
            line for line in source.splitlines() if not line.startswith(("from ", "import ", "%"))
        )
        folded = cell["metadata"].get("jupyter", {})
        answer = folded.get("source_hidden") and folded.get("outputs_hidden")
        if ENGINE_CALL.search(code) and not answer and not under_the_hood:
            found.append(index)
    return found


def test_lessons_00_to_07_keep_engine_code_under_the_hood() -> None:
    """The issue's measure: cells that call the engine in lessons 00-07 outside their closing
    'Under the hood', target 0. A folded illustration still shows its first line and its
    printout, so it counts; a folded answer (code and output hidden) does not."""
    root = Path(__file__).resolve().parents[1] / "notebooks"
    shown = {nb.name: visible_engine_cells(nb) for nb in sorted(root.glob("0[0-7]*_*.ipynb"))}
    assert len(shown) == 9  # 00 to 07, lesson 05 in two parts
    assert {name: cells for name, cells in shown.items() if cells} == {}


def test_the_engine_code_check_can_fail(tmp_path: Path) -> None:
    folded_code = {"jupyter": {"source_hidden": True}}
    folded_answer = {"jupyter": {"source_hidden": True, "outputs_hidden": True}}
    notebook = {
        "cells": [
            {"cell_type": "markdown", "metadata": {}, "source": ["## A section"]},
            {"cell_type": "code", "metadata": {}, "source": ["print(Rules.preset('pagat'))"]},
            {"cell_type": "code", "metadata": folded_code, "source": ["print(settle(5, {}))"]},
            {"cell_type": "code", "metadata": folded_answer, "source": ["print(explain())"]},
            {"cell_type": "markdown", "metadata": {}, "source": ["## Under the hood"]},
            {"cell_type": "code", "metadata": {}, "source": ["Game(Rules.preset('pagat'))"]},
        ]
    }
    path = tmp_path / "01_x.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    assert visible_engine_cells(path) == [1, 2]


def folded_cells_opening_with_code(notebook: Path) -> list[int]:
    """Indexes of folded code cells whose first line is code, not a comment: JupyterLab still
    shows a folded cell's first line, so code there gives an answer away."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return [
        index
        for index, cell in enumerate(cells)
        if cell["cell_type"] == "code"
        and cell["metadata"].get("jupyter", {}).get("source_hidden")
        and not "".join(cell["source"]).lstrip().startswith("#")
    ]


def test_a_folded_cell_shows_a_comment_not_its_code() -> None:
    """'A folded solution cell still shows its first line': every folded cell of the lessons
    and exercise sets opens with a comment."""
    root = Path(__file__).resolve().parents[1]
    notebooks = sorted([*root.glob("notebooks/*.ipynb"), *root.glob("exercises/*.ipynb")])
    assert len(notebooks) >= 18
    shown = {nb.name: folded_cells_opening_with_code(nb) for nb in notebooks}
    assert {name: cells for name, cells in shown.items() if cells} == {}


def test_the_folded_first_line_check_can_fail(tmp_path: Path) -> None:
    folded = {"jupyter": {"source_hidden": True}}
    notebook = {
        "cells": [
            {"cell_type": "code", "metadata": folded, "source": ['solution2 = {"9♠"}\n']},
            {"cell_type": "code", "metadata": folded, "source": ["# A solution\n", "x = 1"]},
            {"cell_type": "code", "metadata": {}, "source": ["x = 2"]},
        ]
    }
    path = tmp_path / "x.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    assert folded_cells_opening_with_code(path) == [0]


def test_lesson_02_figures_for_the_order_are_the_variant_labs() -> None:
    """Lesson 02 says how much the order of play or pass and the draw changes how often a hand
    is played; its figures are `order_effect`'s (pagat, five players, 400,000 hands under each
    order, heuristic bots, seed 0), and each difference's interval lies below zero."""
    from bourre_lessons.sim.variant_lab import order_effect

    said = re.search(
        r"Over ([\d,]+) simulated hands of (\w+) players under each order, they play "
        r"([\d.]+)% of their seats in one round against ([\d.]+)% in two, and ([\d.]+)% of "
        r"hands are played out \(two or more players in\) against ([\d.]+)%",
        _prose(_lesson("02")).replace(" > ", " "),  # the figures stand in a quoted box
    )
    assert said, "lesson 02 no longer gives the order's measured effect"
    hands, players = int(said[1].replace(",", "")), {"five": 5}[said[2]]
    effect = order_effect(Rules.preset("pagat"), players, hands, "heuristic", seed=0)
    measured = (effect.seats_playing[0], effect.seats_playing[1], *effect.played_out)
    assert [f"{e.value:.1%}" for e in measured] == [f"{x}%" for x in said.groups()[2:]]
    assert effect.seats_difference.high < 0 and effect.played_out_difference.high < 0


# --- lesson 08b: every named variant ----------------------------------------------------------

NAMED_BUT_NO_VARIANT_KIND = ("pagat-cards", "wikipedia-lay-down", "wikipedia-nice-play")
"""Passages lesson 08b teaches as variants though the register files them as rules: pagat's
advice on five or fewer players, wikipedia's "easy win" laid down, and its "nice" play."""


def _sections_08b() -> dict[str, str]:
    """Lesson 08b's ### sections: heading -> its text up to the next heading."""
    text = _lesson("08b").read_text(encoding="utf-8")
    parts = re.split(r"^#{2,3} (.+)$", text, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def _cited_in(section: str) -> set[str]:
    """The register ids a section's `source_words(...)` chips open."""
    from bourre_lessons.sources import resolve

    cited = set()
    for call in re.findall(r"source_words\(([^)]*)\)", section):
        cited |= {resolve(name).id for name in re.findall(r'"([^"]+)"', call)}
    return cited


def test_lesson_08b_gives_every_named_variant_a_section_with_its_words() -> None:
    """Issue 23: every variant a source names has its own section, whose chips open that
    passage of the source (the register's variants, and the three passages filed as rules)."""
    from bourre_lessons.sources import REGISTER

    wanted = {e.id for e in REGISTER.values() if e.kind == "variant"}
    wanted |= set(NAMED_BUT_NO_VARIANT_KIND)
    sections = _sections_08b()
    where = {id: [h for h, text in sections.items() if id in _cited_in(text)] for id in wanted}
    assert {id: found for id, found in where.items() if not found} == {}
    owners = [found[0] for found in where.values()]
    assert len(set(owners)) >= len(wanted) - 1  # one section each (the cinch and its custom share)


def test_the_variant_section_check_can_fail() -> None:
    assert _cited_in('source_words("pagat double ante")') == {"pagat-double-ante"}
    assert _cited_in("show('pagat-double-ante')") == set()


def test_lesson_08b_is_linked_from_the_index_lesson_08_and_the_readme() -> None:
    target = "08b_variants.ipynb"
    assert target in _lesson("00").read_text(encoding="utf-8")
    assert f"Next: [08b · Every variant, taught]({target})" in _lesson("08").read_text(
        encoding="utf-8"
    )
    assert "| 08b |" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "Next: [09 · Strategy lab](09_strategy_lab.ipynb)" in _prose(_lesson("08b"))


def test_lesson_08b_says_what_glimne_and_pagat_leave_unsaid() -> None:
    """glimne names the English deal without describing it ("ni får gärna i stället köra med
    engelsk giv"); pagat's four-card section is omitted in the translation (略); wikipedia gives
    no pot-limit figure."""
    prose = _prose(_lesson("08b"))
    assert "glimne does not say what the English deal is" in prose
    assert "leaves that section out" in prose
    assert "wikipedia gives no figure" in prose and "a figure of ours" in prose


def test_lesson_08b_measured_claims_hold_on_a_small_sample() -> None:
    """The sentences lesson 08b writes after each measurement, recomputed on 20,000 hands a rule
    set (the lesson measures 100,000): each comparison's intervals do not overlap."""
    from bourre_lessons.sim.variant_effects import variant_effects

    pagat, wikipedia = Rules.preset("pagat"), Rules.preset("wikipedia")
    n = 20_000

    def apart(low, high) -> bool:
        return low.high < high.low

    double = variant_effects({"p": pagat, "d": replace(pagat, double_ante=True)}, hands=n)
    assert apart(double.row("p").mean_pot, double.row("d").mean_pot)
    separate = variant_effects(
        {
            "off": pagat,
            "nobody": replace(pagat, separate_trump_card="nobody"),
            "dealer": replace(pagat, separate_trump_card="dealer"),
        },
        hands=n,
    )
    off, nobody, dealer = (separate.row(k) for k in ("off", "nobody", "dealer"))
    assert apart(nobody.dealer_wins, dealer.dealer_wins) and apart(
        dealer.dealer_wins, off.dealer_wins
    )
    assert abs(nobody.dealer_chips.value) < 0.3 < off.dealer_chips.low
    fists = variant_effects(
        {
            "turn": replace(pagat, draw_timing="after_declarations"),
            "fists": replace(pagat, simultaneous_declaration=True),
        },
        hands=n,
    )
    turn, closed = fists.row("turn"), fists.row("fists")
    assert apart(turn.seats_playing, closed.seats_playing)
    assert apart(closed.pot_taken, turn.pot_taken)
    sizes = variant_effects({"4": pagat, "7": pagat}, players={"4": 4, "7": 7}, hands=n)
    four, seven = sizes.row("4"), sizes.row("7")
    assert apart(four.played_out, seven.played_out) and apart(seven.pot_taken, four.pot_taken)
    assert apart(four.mean_pot, seven.mean_pot) and apart(four.bourre_rate, seven.bourre_rate)
    antes = variant_effects(
        {"w": wikipedia, "d": replace(wikipedia, dealer_antes_for_all=True)}, hands=n
    )
    assert antes.row("w").dealer_wins.overlaps(antes.row("d").dealer_wins)
    assert apart(antes.row("d").dealer_chips, antes.row("w").dealer_chips)
    second = variant_effects({"w": wikipedia, "s": replace(wikipedia, second_ante=True)}, hands=n)
    assert apart(second.row("w").mean_pot, second.row("s").mean_pot)
    assert second.row("w").seats_playing.overlaps(second.row("s").seats_playing)
