"""The end after a power cut (issue 34): the power goes right after a game's last action is
journaled (the game marked over in the same write) and before its end is announced; the
restarted board says the end, the last move, the winner and the roles, exactly once, in
every registered game.

The game is the game's sample game entered by the game master (``gm act`` lines), run by
``firmware-host simulate`` in a process of its own that is killed (SIGKILL) right after the
journal write of the last action (``FIRMWARE_HOST_CRASH_AFTER_WRITE``); the board then starts
again twice on the same journal with no setup: the first restart says the end, the second
says nothing of it. A game whose table does not do it yet is a strict expected failure in
:data:`KNOWN`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from firmware_host.kernel import games
from firmware_host.service.journal import CRASH_ENV, Journal

#: game -> why its table does not say the end after the cut yet (strict xfail)
KNOWN: dict[str, str] = {
}


def cases() -> list:
    return [pytest.param(name, id=name, marks=[pytest.mark.xfail(strict=True, reason=KNOWN[name])]
                         if name in KNOWN else []) for name in games.names()]


def simulate(tmp_path: Path, journal: Path, lines: list[dict], crash_after: int | None = None) -> list[dict]:
    script = tmp_path / f"script-{len(list(tmp_path.iterdir()))}.jsonl"
    script.write_text("".join(json.dumps(o) + "\n" for o in lines), encoding="utf-8")
    env = dict(os.environ)
    env.pop(CRASH_ENV, None)
    if crash_after is not None:
        env[CRASH_ENV] = str(crash_after)
    proc = subprocess.run([sys.executable, "-m", "firmware_host", "simulate", "--script", str(script),
                           "--journal", str(journal)], capture_output=True, text=True, env=env, timeout=300)
    if crash_after is None:
        assert proc.returncode in (0, 1), proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]


def end_lines(lines: list[dict], reveals: tuple[str, ...]) -> list[tuple[str, str]]:
    return [(o["key"], json.dumps(o["params"], sort_keys=True)) for o in lines
            if o.get("event") == "announce" and o["channel"] == "public" and o["key"].startswith(reveals)
            and o["key"].startswith("game_over")]


@pytest.mark.slow
@pytest.mark.parametrize("name", cases())
def test_issue34_the_end_journaled_before_the_cut_is_said_once_after_the_restart(tmp_path, name):
    hooks = games.pack(name).scripting()
    setup = hooks.sample_setup("en")
    actions = hooks.whole_game(setup, 2)
    script = [{"setup": setup}] + [{"signal": "gm", "command": "act", "action": a} for a in actions]
    whole = tmp_path / "whole.sqlite3"
    # the table's time to say it all (Dying Message's night steps last their minimum times, M41)
    uninterrupted = simulate(tmp_path, whole, script + [{"signal": "wait", "seconds": 1200}])
    expected = end_lines(uninterrupted, hooks.REVEALS)
    assert expected, "the uninterrupted game says its end"
    entries = Journal(whole).entries(1)
    last_action = max(i for i, (kind, _) in enumerate(entries) if kind == "action")
    crashed = tmp_path / "crashed.sqlite3"
    simulate(tmp_path, crashed, script, crash_after=last_action + 2)    # write 1 is the game itself
    journal = Journal(crashed)
    assert journal.last_game().status == "over" and journal.told(1) < len(journal.actions(1))
    journal.close()
    restart = [{"signal": "wait", "seconds": 1200}]
    first = simulate(tmp_path, crashed, restart)
    assert end_lines(first, hooks.REVEALS) == expected
    assert [o["key"] for o in first if o.get("event") == "announce"][0] in ("service.resumed", "fault.journal")
    second = simulate(tmp_path, crashed, restart)
    assert end_lines(second, hooks.REVEALS) == []
    assert "service.ready" in [o["key"] for o in second if o.get("event") == "announce"]
