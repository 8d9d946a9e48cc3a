"""The repository's scripts run as README and docs/ARCHITECTURE.md show them after the setup
(``scripts/NAME`` on its own: the system's ``python3`` of the shebang, nothing of the project on
PATH): each finds the project in the repository's ``.venv`` that ``scripts/setup`` makes,
instead of ending in a ``ModuleNotFoundError`` traceback."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_as_documented(tmp_path: Path, *command: str) -> subprocess.CompletedProcess:
    if not (ROOT / ".venv" / "bin" / "python").is_file():
        pytest.skip("no .venv in the repository (scripts/setup makes it)")
    python = shutil.which("python3", path="/usr/bin:/bin")
    if python is None:
        pytest.skip("no system python3")
    return subprocess.run([python, str(ROOT / "scripts" / command[0]), *command[1:]], capture_output=True,
                          text=True, timeout=300, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})


def test_compile_catalogs_check_runs_by_the_system_python(tmp_path):
    run = run_as_documented(tmp_path, "compile-catalogs", "--check")
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stdout + run.stderr


def test_leak_check_runs_by_the_system_python(tmp_path):
    run = run_as_documented(tmp_path, "leak-check", "--games", "2", "--workers", "1")
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stdout + run.stderr
    assert run.stdout.startswith("leak check: 2 games, leaks: 0"), run.stdout


def test_leak_check_without_the_test_tools_says_how_to_get_them_in_one_line(tmp_path):
    """``./demo`` sets the project up without the test tools (``scripts/setup``); README's
    ``scripts/leak-check`` then ended in a ``ModuleNotFoundError: No module named 'pytest'``
    traceback. It says in one line what to run (``scripts/setup --test``), exit status 2."""
    import sys
    script = ROOT / "scripts" / "leak-check"
    path = str(script)
    blocked = (f"import sys; sys.modules['pytest'] = None; sys.argv = [{path!r}, '--games', '1']; "
               f"__file__ = {path!r}; exec(compile(open({path!r}).read(), {path!r}, 'exec'))")
    run = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True, timeout=120,
                         cwd=tmp_path)
    assert run.returncode == 2, run.stdout + run.stderr
    assert "Traceback" not in run.stderr and run.stdout == ""
    assert len(run.stderr.strip().splitlines()) == 1 and "scripts/setup --test" in run.stderr, run.stderr
