"""The shipped ``simulate`` scripts run as their first line says (issue 35).

A script that needs a seed (dice, dealt roles) or a board of its own says so in its first
line, as the command to type; every other script runs with ``--script`` alone. A script whose
``wait_for`` signals time out did not play as written: ``simulate`` plays it to its end and
exits 1 with one line on stderr (README, "Without a Pi")."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted((ROOT / "examples").glob("simulate-*.jsonl"))


def command_of(script: Path) -> list[str]:
    """The arguments after ``firmware-host`` that the script's first line asks for: ``Needs
    …: firmware-host simulate ARGS``, else ``simulate --script examples/NAME``."""
    first = script.read_text(encoding="utf-8").splitlines()[0]
    if first.startswith("# Needs "):
        words = shlex.split(first.split(": ", 1)[1])
        assert words[:2] == ["firmware-host", "simulate"], first
        return words[1:]
    return ["simulate", "--script", f"examples/{script.name}"]


def simulate(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "firmware_host", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)


def timeouts(stdout: str) -> int:
    return sum(1 for line in stdout.splitlines()
               if line.startswith("{") and json.loads(line).get("reason") == "timeout")


def test_a_first_line_that_asks_for_a_seed_names_the_script_itself():
    for script in SCRIPTS:
        args = command_of(script)
        if "--script" in args:
            assert args[args.index("--script") + 1] == f"examples/{script.name}", script.name


@pytest.mark.slow
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_every_simulate_example_plays_as_written_in_its_first_line(script):
    run = simulate(*command_of(script))
    assert run.returncode == 0, run.stderr
    assert timeouts(run.stdout) == 0 and '"state"' in run.stdout.splitlines()[-1]


def test_a_script_whose_waits_time_out_exits_1_in_one_line_after_playing_to_its_end():
    """examples/simulate-autocracy-4p.jsonl without its seed: other dice, the waits time out."""
    run = simulate("simulate", "--script", "examples/simulate-autocracy-4p.jsonl", "--seed", "6")
    assert run.returncode == 1
    assert timeouts(run.stdout) > 0 and '"state"' in run.stdout.splitlines()[-1]
    [line] = run.stderr.strip().splitlines()
    assert line.startswith(f"firmware-host simulate: {timeouts(run.stdout)} wait_for signal(s) timed out, the first on line ")
