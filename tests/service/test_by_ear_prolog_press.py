"""A press during Secret Dictator's prolog while a tile of the last game still lies on a track
(issue 31, found by ear): played through ``firmware-host simulate --by-ear``."""

from __future__ import annotations

import json

from .test_by_ear_status import ByEar


def test_issue31_a_press_during_the_prolog_with_a_tile_left_on_a_track_leaves_the_table_told_what_to_fix():
    """The evening's next game begins with a law of the last game still in a slot; seat 1
    presses while its role is read ("correction first" cuts its prolog clip, which is played
    again). The table goes on: every seat knows its role, and the table is told which tile to
    take off (the cut clip was never played again, and the table never spoke again)."""
    ear = ByEar()
    try:
        ear.ask(json.dumps({"signal": "slot", "track": "fascist", "slot": 1, "state": "filled"}))
        ear.ask(json.dumps({"setup": {"players": 7, "seed": 11, "language": "en"}}))
        for _ in range(200):
            if any(l.get("event") == "playing" and l["key"].startswith("prolog.role") for l in ear.ask("step")):
                break
        ear.ask("wait 3")
        lines = ear.ask("button 0")
        for _ in range(300):
            answer = ear.ask("step")
            lines += answer
            if answer[-1]["at"] > 600 or answer[-1]["next"] is None:
                break
        table = [l["key"] for l in lines if l.get("event") == "playing" and l["output"] == "table"]
        assert "prolog.done" in table, table
        assert "tile.no_enactment" in table, table
    finally:
        ear.close()
