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
