"""`python -m bourre_lessons.sim.warm` (run by `make install`): the compiled core made ahead."""

from __future__ import annotations

import subprocess
import sys

from bourre_lessons.sim import warm


def test_each_step_runs_once_and_says_how_long_it_took():
    taken = warm.warm()
    assert [name for name, _ in taken] == [name for name, _ in warm.WARM_STEPS]
    assert all(seconds >= 0 for _, seconds in taken)


def test_the_command_prints_one_line_with_every_step(capsys):
    warm.main()
    out = capsys.readouterr().out.strip()
    assert out.startswith("compiled core ready (") and out.count("\n") == 0
    for name, _ in warm.WARM_STEPS:
        assert f"{name} " in out


def test_without_numba_there_is_nothing_to_compile_and_it_says_so():
    blocked = "import sys; sys.modules['numba'] = None; "
    code = blocked + "from bourre_lessons.sim.warm import main; main()"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "NumPy or Numba missing here" in done.stdout and not done.stderr
