"""``simulate`` boots as the board does (issue 31): the service's boot gives its plan (the setup
from the seats in every language, then the table) and a board walks it before the players come;
on a fresh Pi (``--render-seconds 3 --fresh-cache``: every sentence not yet in the speech cache
takes 3 s more to render) a simulated first setup waited 3 s for each of its sentences, as no
board that has booted does."""

from __future__ import annotations

import json
import subprocess
import sys


def _run(tmp_path, *args: str) -> list[dict]:
    script = tmp_path / "press.jsonl"
    script.write_text('{"signal": "wait", "seconds": 10}\n{"signal": "button", "seat": 0, "gesture": "press"}\n'
                      '{"signal": "wait", "seconds": 30}\n', encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "firmware_host", "simulate", "--script", str(script), *args],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]


def test_issue31_a_fresh_boards_first_setup_sentences_come_at_once_after_its_boot(tmp_path):
    lines = _run(tmp_path, "--render-seconds", "3", "--fresh-cache")
    said = [o for o in lines if o.get("event") == "announce"]
    start = next(o for o in said if o["key"] == "lobby.start")
    assert start["output"] == "seat:0" and start["start"] < 10.5, start       # the press went down at 10.0
    own = [o for o in said if o["output"] == "seat:0" and o["start"] >= start["start"]]
    gaps = [b["start"] - a["end"] for a, b in zip(own, own[1:]) if b["key"] != "scan.wrap"]
    assert own[1:] and max(gaps) < 3.0, [(o["key"], o["start"], o["end"]) for o in own]   # none waits 3 s
    # the boot's own words, said before its walk (as on a board), still take the render's time
    ready = next(o for o in said if o["key"] == "service.ready")
    assert ready["start"] == 3.0
