"""In this way I become a DICTATOR (D32): a game that comes back during a morning comes back
in that morning, never at noon's votes — a restart does not end the table's discussion by
itself. Found by a probe: the game brought back by the game master's undo (after the console's
Restart), or resumed after a power cut, during "Day one, morning: free discussion … press when
you are ready" came back at "Noon of day one: votes".

Day one's morning is part of the opening (told again whole, tests/table/test_came_back_opening.py);
here the morning of day two, begun by the last night's last drop: the table hears the night's
outcome and the morning again, the morning waits for every seat's "ready" again (no "ready" is
readies as the journal kept them: a seat that had said "ready" stays ready), noon's step only
once every seat has said it, and a morning that had ended before stays over. Played through ``simulate`` on
the mocked board at real clip lengths."""

from __future__ import annotations

import shutil

import pytest

from firmware_host.kernel import games
from firmware_host.service.backend import ConsoleBackend

from tests.table.table import Table

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")

NAME = "become_dictator"


def _adapter(table: Table):
    return table.service.game.active


def _to_day_two_morning(table: Table) -> int:
    """The sample game played at the console up to the last drop of night one: day two's
    morning begins. Returns the journal's game id."""
    script = games.pack(NAME).scripting()
    setup = script.sample_setup("en")
    table.play({"setup": setup})
    table.drain()
    for action in script.whole_game(setup, 2):
        table.gm("act", action=action)
        if table.call(lambda: _adapter(table).game.day) == 2:
            break
    assert table.call(lambda: _adapter(table).game.day) == 2
    assert table.wait_heard("day.morning", {"day": 2}, timeout=300) is not None
    assert table.call(lambda: _adapter(table).wait.running)
    return table.call(lambda: _adapter(table).game_id)


def _seat_0_ready(table: Table) -> None:
    """Seat 1 (0-based 0) says "ready" in the morning, heard at the table."""
    mark = len(table.starts)
    table.press(0)
    assert table.wait_heard("morning.ready", timeout=30, since=mark) is not None
    assert table.call(lambda: _adapter(table).wait.ready) == {0}


def _morning_again(table: Table, mark: int) -> None:
    """After ``mark``: day two's morning said again and waiting, seat 0 ready as journaled,
    noon's step not before every seat said "ready"; then the other seats' presses end it and
    noon's step follows."""
    line = table.wait_heard("day.morning", {"day": 2}, timeout=120, since=mark)
    assert line is not None, [o["key"] for o in table.starts[mark:]][:20]
    table.wait(20.0)
    keys = [o["key"] for o in table.starts[mark:]]
    assert not any(k.startswith("phase.") for k in keys), keys
    assert table.call(lambda: _adapter(table).wait.running)
    assert table.call(lambda: _adapter(table).wait.ready) == {0}
    players = table.call(lambda: _adapter(table).players())
    for seat in range(1, players):
        table.press(seat)
        table.wait(3.0)
    assert table.wait_heard("morning.over", timeout=60, since=mark) is not None
    table.wait(15.0)
    keys = [o["key"] for o in table.starts[mark:]]
    assert keys.index("morning.over") < next(i for i, k in enumerate(keys) if k.startswith("phase.")), keys


def test_D32_undo_of_a_restart_during_a_morning_comes_back_in_that_morning(tmp_path):
    table = Table(tmp_path, seed=5)
    try:
        game_id = _to_day_two_morning(table)
        backend = ConsoleBackend(table.service)
        _seat_0_ready(table)
        table.call(lambda: backend.command("restart"))
        table.wait(2.0)
        mark = len(table.starts)
        back = table.call(lambda: backend.command("undo"))
        assert back.get("restored") == game_id, back
        _morning_again(table, mark)
    finally:
        table.close()


def test_D32_a_game_resumed_after_a_power_cut_during_a_morning_comes_back_in_that_morning(tmp_path):
    first = Table(tmp_path, seed=5)
    try:
        _to_day_two_morning(first)
        _seat_0_ready(first)
    finally:
        first.close()
    table = Table(tmp_path, journal=first.journal)
    try:
        assert table.call(lambda: _adapter(table).wait.running)
        _morning_again(table, 0)
    finally:
        table.close()


def test_D32_a_morning_over_before_the_restart_stays_over_when_the_game_comes_back(tmp_path):
    """Every seat said "ready" (the morning over, noon's votes heard), then the console's
    Restart and "Undo last action": back at noon's votes, no morning again."""
    table = Table(tmp_path, seed=5)
    try:
        game_id = _to_day_two_morning(table)
        players = table.call(lambda: _adapter(table).players())
        for seat in range(players):
            table.press(seat)
            table.wait(3.0)
        assert table.wait_heard("morning.over", timeout=60) is not None
        table.wait(10.0)
        backend = ConsoleBackend(table.service)
        table.call(lambda: backend.command("restart"))
        table.wait(2.0)
        mark = len(table.starts)
        assert table.call(lambda: backend.command("undo")).get("restored") == game_id
        table.wait(30.0)
        keys = [o["key"] for o in table.starts[mark:]]
        assert "day.morning" not in keys, keys
        assert any(k.startswith("phase.") for k in keys), keys
        assert not table.call(lambda: _adapter(table).wait.running)
    finally:
        table.close()
