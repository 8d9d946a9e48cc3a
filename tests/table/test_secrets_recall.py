"""Every secret recallable (issue 33, ACCESSIBILITY.md 2, 8, 12, 25): with ``[service]
idle_press = "status"`` (for players who cannot hold, a press gives the status) a way to repeat
remains in every game: once the seat has heard its status to its last layer, with nothing new
said to it since, its next press gives its last message again. Played at real clip lengths on
the mocked board, each press 1.5 s after the clip before it has ended (a person's pace)."""

from __future__ import annotations

import shutil

import pytest

from firmware_host.kernel import games
from firmware_host.table.adapter import STATUS_STEP_S

from .table import Table

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")

STATUS_PRESS = '[service]\nidle_press = "status"\n'

#: game -> the defect that makes it fail today, in one line (the mark goes when it is fixed)
KNOWN: dict[str, str] = {}


def cases() -> list:
    return [pytest.param(name, id=name, marks=[pytest.mark.xfail(strict=True, reason=KNOWN[name])]
                         if name in KNOWN else []) for name in games.names()]


def _awaited(adapter) -> tuple[int, ...]:
    """The seats the game waits for (the table kit's ``awaited``, else the engine's)."""
    if hasattr(adapter, "awaited"):
        return tuple(adapter.awaited())
    return tuple(adapter.game.awaiting()) if adapter.game is not None else ()


def _own(table: Table, seat: int, since: int = 0) -> list[dict]:
    return [o for o in table.starts[since:] if o.get("output") == f"seat:{seat}"]


@pytest.mark.parametrize("name", cases())
def test_A12_issue33_with_idle_press_status_a_press_after_the_whole_status_repeats(tmp_path, name):
    """A seat that is not awaited presses at a person's pace: its status, layer by layer
    (where the status offers the settings last, the player lets the offer pass), then, with
    nothing new said to it, the last message it heard from the game again (the repeat is not
    lost to the status)."""
    script = games.pack(name).scripting()
    setup = script.sample_setup("en")
    signals = script.signals_for_game(setup, script.whole_game(setup, 2))
    table = Table(tmp_path, STATUS_PRESS, seed=None)
    try:
        seat = None
        for i, obj in enumerate(signals):          # to the first moment a seat is not awaited
            nxt = next((s.get("seat") for s in signals[i + 1:] if s.get("signal") in ("button", "ballot", "card")), None)
            if i and "setup" in signals[i - 1] and "signal" not in signals[i - 1]:
                table.drain()
                table.wait(1.5)
            table.play(obj, next_seat=nxt)
            if obj.get("signal") == "wait_for" or "setup" in obj:
                continue
            table.drain()
            awaited = set(table.call(lambda: _awaited(table.service.game.active)))
            idle = [s for s in range(int(setup["players"])) if s != nxt and s not in awaited]
            if awaited and idle and _own(table, idle[0]):
                seat = idle[0]
                break
        assert seat is not None, "no seat was ever idle"
        table.wait(1.5)
        told = [o for o in _own(table, seat) if not o["key"].startswith(("status.", "settings."))]
        heard = {o["key"] for o in told} | {o["key"] for o in table.starts if o.get("output") in ("table", "whisper")}
        assert told, "the seat was told nothing privately at the start"
        answers: list[list[str]] = []
        for _ in range(12):
            mark = len(table.starts)
            table.press(seat)
            table.drain()
            table.wait(1.5)
            keys = [o["key"] for o in _own(table, seat, mark)]
            if keys == ["settings.offer"]:       # "settings: press now": the player lets it pass
                table.wait(STATUS_STEP_S)
            answers.append(keys)
            if keys and not any(k.startswith(("status.", "settings.")) for k in keys):
                break
        assert answers[0] and all(k.startswith("status.") for k in answers[0]), answers[:2]
        last = answers[-1]
        assert last and set(last) <= heard and not any(k.startswith(("status.", "settings.")) for k in last), answers
    finally:
        table.close()
