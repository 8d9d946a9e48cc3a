"""Secrets kept from timing in every game (issue 33, RULES.md R16, R17; ACCESSIBILITY.md 8-9),
at real clip lengths (the real espeak-ng at the seats' rate): the game's sample setup and the
same game with its hidden roles, hands or characters moved between the seats (the pack's
``permuted`` hook) sound the same until the first press of a seat, on the table speaker *and*
on every earphone: every clip starts, ends and is cut at the same moment (±50 ms), whatever
each earphone's clip says. What a seat is told privately at the start (its role, its hand,
its character) thus never tells the table, or another seat, how long it listened.

After the first press the players' own choices differ with what they hold, so the table's
words (not their moments) are compared there by the conformance suite
(``tests/table/test_conformance.py``, ``non_interference``).
"""

from __future__ import annotations

import shutil

import pytest

from firmware_host.kernel import games

from .table import Table

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")

#: game -> the defect that makes it fail today, in one line (the mark goes when it is fixed)
KNOWN: dict[str, str] = {}


def cases() -> list:
    return [pytest.param(name, id=name, marks=[pytest.mark.xfail(strict=True, reason=KNOWN[name])]
                         if name in KNOWN else []) for name in games.names()]


def _until_first_press(tmp_path, name: str, setup: dict, actions: list[dict]) -> list[tuple]:
    """Every clip every output played before the game's first press of a seat, as
    (output, start, end, cut), the table's with its key and words; before that press every
    seat in turn has asked for its whole status (a hold 1.5 s after each layer has ended)."""
    script = games.pack(name).scripting()
    table = Table(tmp_path, seed=None)
    try:
        signals = script.signals_for_game(setup, actions)
        first = next(i for i, s in enumerate(signals) if s.get("signal") == "button")
        table.play_all(signals[:first])
        table.drain()
        table.wait(1.5)
        for seat in range(int(setup["players"])):
            table.status(seat)
        pressed = table.now
        out = []
        for o in table.heard():
            if o["start"] >= pressed:
                continue
            said = (o["key"], o["text"]) if o["output"] in ("table", "public") else ()
            out.append((o["output"], round(o["start"], 3), round(o["end"], 3), bool(o.get("cut")), *said))
        return sorted(out)
    finally:
        table.close()


@pytest.mark.parametrize("name", cases())
def test_R16_every_output_sounds_the_same_until_the_first_press_whoever_holds_which_secret(tmp_path, name):
    """The sample game and the same game with its secrets moved between the seats: on every
    output the same clips at the same moments (±50 ms) until the game's first press of a
    seat, every seat having asked for its whole status before."""
    script = games.pack(name).scripting()
    setup = script.sample_setup("en")
    actions = script.whole_game(setup, 2)
    moved = script.permuted(setup, actions, 2)
    assert moved is not None, "the pack found no permutation of the sample game"
    (tmp_path / "0").mkdir()
    (tmp_path / "1").mkdir()
    first = _until_first_press(tmp_path / "0", name, setup, actions)
    second = _until_first_press(tmp_path / "1", name, *moved)
    assert any(o[0].startswith("seat:") for o in first), "no earphone heard anything before the first press"
    assert [o[0] for o in first] == [o[0] for o in second]
    differ = [(x, y) for x, y in zip(first, second)
              if x[3] != y[3] or x[4:] != y[4:] or abs(x[1] - y[1]) > 0.05 or abs(x[2] - y[2]) > 0.05]
    assert not differ, differ[:3]
