"""`bourre-lessons compare` (issue 29 section 3): the table, --json, and bad files in words."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bourre_lessons import cli
from bourre_lessons.house import example_houses, save_house

HOUSES = Path(cli.__file__).parent / "houses"


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = cli.main(["compare", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_compare_prints_the_table_against_the_base(capsys):
    code, out, err = run(capsys, str(HOUSES / "trump_anyway.toml"), "--hands", "1000")
    assert code == 0 and err == ""
    assert "Wikipedia, trump anyway against wikipedia: 1,000 hands" in out
    assert "5 players" in out
    assert "bourré rate" in out and "95% interval" in out


def test_json_gives_the_issues_shape(capsys, tmp_path):
    other = save_house(example_houses()["easy_glimne"], tmp_path / "easy.toml")
    args = (str(HOUSES / "friday_table.toml"), "--against", str(other))
    code, out, _ = run(capsys, *args, "--hands", "400", "--players", "4", "--seed", "3", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"hands", "players", "measures"}
    assert (data["hands"], data["players"]) == (400, 4)
    for name in ("bourre_rate", "mean_pot", "split_rate", "played_out_rate"):
        figures = data["measures"][name]
        assert set(figures) == {"house", "against", "difference", "ci95"}
        assert figures["ci95"][0] <= figures["difference"] <= figures["ci95"][1]


def test_a_house_against_its_own_base_preset_file_differs_by_zero(capsys, tmp_path):
    same = tmp_path / "plain.toml"
    same.write_text('name = "plain"\nbase = "pagat"\n', encoding="utf-8")
    code, out, _ = run(capsys, str(same), "--hands", "400", "--json")
    assert code == 0
    for figures in json.loads(out)["measures"].values():
        assert figures["difference"] == 0.0 and figures["ci95"] == [0.0, 0.0]


def test_a_shipped_example_can_be_named(capsys):
    code, out, _ = run(capsys, "easy_glimne", "--hands", "400")
    assert code == 0 and "Easy glimne against glimne" in out
    assert "4 players" in out  # the house's own table size


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            'base = "wikipedia"\n[switches]\ntrump_anyway = true\n',
            "did you mean trump_when_cannot_win?",
        ),
        ('base = "pagat"\n[switches\n', "line 2"),
        ('base = "wiki"\n', "choose one of glimne, wikipedia, pagat"),
        ('base = "pagat"\n[switches]\ncinch = "maybe"\n', '"off", "pot", "strict"'),
    ],
)
def test_a_bad_file_exits_non_zero_with_the_message_and_no_traceback(capsys, tmp_path, text, words):
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, str(bad))
    assert code == 2 and out == ""
    assert words in err and "Traceback" not in err


def test_bad_arguments_are_refused_in_words(capsys, tmp_path):
    code, _, err = run(capsys, "nothing_here.toml")
    assert code == 2 and "no such file" in err and "trump_anyway" in err
    code, _, err = run(capsys, "trump_anyway", "--players", "8")
    assert code == 2 and "seat 2 to 7" in err
    code, _, err = run(capsys, "trump_anyway", "--against", "wiki")
    assert code == 2 and "wiki" in err
    with pytest.raises(SystemExit) as stop:
        cli.main(["compare", "trump_anyway", "--hands", "many"])
    assert stop.value.code == 2
    with pytest.raises(SystemExit):
        cli.main(["compare", "trump_anyway", "--fast"])


def test_the_command_runs_as_a_program(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('base = "pagat"\n[switches]\ntrump_anyway = 1\n', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "bourre_lessons", "compare", str(bad)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 2
    assert "did you mean trump_when_cannot_win?" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    good = subprocess.run(
        [sys.executable, "-m", "bourre_lessons", "compare", "trump_anyway", "--hands", "400"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert good.returncode == 0, good.stderr
    assert "bourré rate" in good.stdout
