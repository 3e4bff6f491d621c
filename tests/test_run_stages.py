"""tools/run_stages.py, the runner of `make test`'s stages, on a small Makefile of its own."""

from __future__ import annotations

import importlib.util
import signal
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("run_stages", ROOT / "tools" / "run_stages.py")
run_stages = importlib.util.module_from_spec(_spec)
sys.modules["run_stages"] = run_stages  # its dataclass looks its module up by name
_spec.loader.exec_module(run_stages)

MAKEFILE = """\
one:
\t@echo one ran; touch one.done
two:
\t@echo two ran; touch two.done
slow:
\t@echo slow started; sleep 30; touch slow.done
bad:
\t@echo bad ran; exit 3
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A folder with the small Makefile, where the runner runs make."""
    (tmp_path / "Makefile").write_text(MAKEFILE)
    monkeypatch.setattr(run_stages, "ROOT", tmp_path)
    monkeypatch.setattr(run_stages, "LOGS", tmp_path / "logs")
    return tmp_path


def test_a_plan_reads_as_steps_of_lanes_of_targets():
    assert run_stages.parse_plan("lint; chromium lite; unit; browser & nbtest lite-test") == [
        [["lint"]],
        [["chromium", "lite"]],
        [["unit"]],
        [["browser"], ["nbtest", "lite-test"]],
    ]


@pytest.mark.parametrize("plan", ["", "lint;; unit", "browser & ", " ; unit"])
def test_an_empty_step_or_lane_is_refused_with_an_example(plan, capsys):
    with pytest.raises(ValueError, match="needs at least one make target"):
        run_stages.parse_plan(plan)
    assert run_stages.main([plan]) == 2
    assert "e.g. 'lint; unit; browser & nbtest lite-test'" in capsys.readouterr().err


def test_every_stage_runs_and_the_table_names_each_with_its_neighbours(project, capsys):
    assert run_stages.main(["one; two & one"]) == 0
    out = capsys.readouterr().out
    assert (project / "one.done").exists() and (project / "two.done").exists()
    assert "[two] two ran" in out and "[one] one ran" in out  # side by side: prefixed
    table = out[out.index("make test: stage times") :].splitlines()
    assert [line.split()[0] for line in table[2:]] == ["one", "two", "one", "all"]
    assert table[3].split()[-1] == "one" and table[4].split()[-1] == "two"
    assert (project / "logs" / "two.log").read_text() == "two ran\n"


@pytest.fixture
def interrupt_ignored():
    """This process as a job a shell starts in the background: SIGINT ignored (restored after)."""
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    yield
    signal.signal(signal.SIGINT, before)


def test_a_neighbour_is_stopped_even_when_make_test_runs_as_a_background_job(
    project, interrupt_ignored, capsys
):
    """A background job inherits SIGINT ignored; the runner still stops a neighbour by it."""
    assert run_stages.main(["slow & bad"]) == 2
    assert not (project / "slow.done").exists()
    assert "stopped" in capsys.readouterr().out


def test_a_failing_stage_stops_its_neighbour_and_the_steps_after_it(project, capsys):
    assert run_stages.main(["slow & bad; one"]) == 2  # make's own exit code for a failed recipe
    out = capsys.readouterr().out
    assert not (project / "slow.done").exists()
    assert not (project / "one.done").exists()
    assert "FAILED (exit 2)" in out and "stopped" in out
    assert "stage bad failed" in out and "bad.log" in out
