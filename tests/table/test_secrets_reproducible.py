"""A robot table is reproducible without ``--seed`` (issue 33, SIMULATE.md): plain
``firmware-host simulate --robots N --game become_dictator`` (a game that deals nothing, its
private lists in an order drawn per list) plays the same evening, line for line, every time,
so a figure or a fault it shows can be looked at again."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")


def _simulate(tmp_path, run: int) -> str:
    journal = tmp_path / f"journal-{run}.sqlite3"
    done = subprocess.run([sys.executable, "-m", "firmware_host", "simulate", "--robots", "4", "--game",
                           "become_dictator", "--games", "1", "--journal", str(journal)],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.slow
def test_issue33_a_robot_table_without_a_seed_plays_the_same_evening_every_time(tmp_path):
    """Two runs of ``simulate --robots 4 --game become_dictator --games 1`` without ``--seed``
    write the same lines (every clip, its moments and the table's figures)."""
    first, second = _simulate(tmp_path, 1), _simulate(tmp_path, 2)
    assert first.count("\n") > 100 and '"event": "robots"' in first
    assert first == second
