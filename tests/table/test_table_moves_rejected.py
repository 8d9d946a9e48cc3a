"""A refused action in a ``simulate`` script (SIMULATE.md: a ``rejected`` line names the
script line that was refused, so a script's author finds it): the table's move log writes the
line number the service is playing. *In this way I become a DICTATOR*, a drop of two roles at
the morning, before any vote (the rules refuse it), sent by the game master's ``act``."""

from __future__ import annotations

import io
import json

from firmware_host.games.become_dictator import scripting
from firmware_host.service.signals import parse_script
from firmware_host.service.simulator import Simulator

SETUP = {**scripting.sample_setup("en"), "game": "become_dictator", "morning_seconds": 0}


def test_a_refused_action_of_a_script_is_written_rejected_with_its_script_line(tmp_path):
    drop = next(a for a in scripting.whole_game(SETUP, seed=3) if a["action"] == "drop")
    script = [{"setup": SETUP}, {"signal": "wait", "seconds": 3},
              {"signal": "gm", "command": "act", "action": drop}]
    out = io.StringIO()
    sim = Simulator(None, out=out, journal_path=str(tmp_path / "journal.sqlite3"))
    sim.run_script(parse_script("\n".join(json.dumps(x) for x in script)))
    rejected = [o for o in map(json.loads, out.getvalue().splitlines()) if o.get("event") == "rejected"]
    assert [(o["action"], o["line"]) for o in rejected] == [("drop", 3)]
