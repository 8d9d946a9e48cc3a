"""A table of blind players by ear, through ``firmware-host simulate --by-ear`` (issue 31).

The harness is ``benchmarks/by_ear_table.py``: the board runs as an outside process on the
by-ear driver, seven (Autocracy six) robot seats hear only the table speaker's and their own
earphone's lines and act 1-3 s after the clip meant for them has ended, now and then twice,
holding for the status now and then, asking for the story after the game and setting up the
next game from the seats. These tests assert on what that table met.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from firmware_host.kernel import games

ROOT = Path(__file__).resolve().parents[2]


def _harness():
    spec = importlib.util.spec_from_file_location("by_ear_table", ROOT / "benchmarks" / "by_ear_table.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("by_ear_table", module)
    spec.loader.exec_module(module)
    return module


by_ear = _harness()


def _players(name: str, players: int = 7) -> int:
    return min(players, 6) if name == "autocracy" else players


@pytest.mark.parametrize("name", games.names())
def test_issue31_by_ear_with_a_seed_the_seats_set_up_every_game_and_it_begins(name):
    """``simulate --by-ear --seed S`` plays every registered game from the seats: the setting-up
    seat answers by ear, every seat says "I am here", and the table hears the game begin (a
    game that deals nothing takes no seed: its setup from the seats was refused after
    "Everyone is here. The game begins", and the table then waited for nobody)."""
    table = by_ear.ByEarTable(_players(name), [name], seed=5, out=None, holds=False, twice=0.0, mistakes=0.0)
    records = table.run(0)
    assert table.stuck == "", table.stuck
    assert [r.game for r in records] == [name]
    assert table.status == 0
