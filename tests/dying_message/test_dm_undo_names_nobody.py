"""Dying Message (M43: the night's actors are a secret; RULES.md R16): the game master's undo
of a night's move names nobody at the table. Found by a probe: the killers' step begun, the
killer's kill entered at the console and taken back ("Undo last action"), the table speaker
said "Game master: the last move by seat 1 is undone." — seat 1 the only seat that chooses at
that step. Now the table hears "Game master: the last move is undone." (``gm.undone_nobody``),
and no game master's line names a seat.
Played through ``simulate`` on the mocked board at real clip lengths."""

from __future__ import annotations

import shutil

import pytest

from tests.table.table import Table

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")

SETUP = {"game": "dying_message", "players": 6, "seed": 3, "language": "en"}


def _journaled(table: Table) -> int:
    adapter = table.service.game.active
    return len(table.service.journal.actions(adapter.game_id))


def test_M43_R16_the_game_masters_undo_of_a_kill_at_night_names_nobody(tmp_path):
    table = Table(tmp_path, seed=None)
    try:
        table.play({"setup": SETUP})
        assert table.wait_heard("night.killers", timeout=600) is not None
        table.wait(25.0)
        before = table.call(lambda: _journaled(table))
        table.gm("act", action={"action": "kill", "seat": 0, "targets": [1]})
        assert table.call(lambda: _journaled(table)) == before + 1      # the kill was taken
        table.wait(3.0)
        mark = len(table.starts)
        table.gm("undo")
        table.wait(30.0)
        assert table.call(lambda: _journaled(table)) == before
        after = table.starts[mark:]
        keys = [o["key"] for o in after]
        assert "gm.undone_nobody" in keys, keys[:10]
        assert "gm.undone" not in keys, keys[:10]
        public = [o for o in after if o.get("output") in ("table", "public")]
        assert not any("seat" in (o.get("params") or {}) for o in public if o["key"].startswith("gm.")), public[:5]
    finally:
        table.close()

