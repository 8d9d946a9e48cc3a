"""A seat saying "I am here" at a table with enrolled names picks its name by scanning, and
the scan opens with its question (the table's ``lobby._ask_name``: ``lobby.question.name``,
then the names not taken, then "seat N"), in the earphone of the seat that set the game up
(whose earphone asked the setup's questions before) as in any other seat's. ``simulate`` on
the shipped board with three enrolled names, In this way I become a DICTATOR set up from the
seats at real clip lengths (espeak-ng) on the virtual clock."""

from __future__ import annotations

import io
import json
from pathlib import Path

from firmware_host.service.signals import parse_script
from firmware_host.service.simulator import Simulator
from firmware_host.table.lobby import seat_setup_signals

ROOT = Path(__file__).resolve().parents[2]
ANSWERS = {"game": "become_dictator", "language": "en", "players": 4, "names": "list"}


def test_each_seats_name_scan_opens_with_the_name_question(tmp_path):
    config = tmp_path / "board.toml"
    text = (ROOT / "firmware_host" / "data" / "board.toml").read_text()
    config.write_text(text + '\n[service]\nplayer_names = ["Anna", "Jörg", "Mia"]\n')
    lines = seat_setup_signals(ANSWERS, by=0, names={0: "Mia", 2: "Anna"})
    out = io.StringIO()
    sim = Simulator(str(config), out=out, journal_path=str(tmp_path / "j.sqlite3"))
    assert sim.run_script(parse_script("\n".join(json.dumps(x) for x in lines))) == 0
    said = [o for o in map(json.loads, out.getvalue().splitlines()) if o.get("event") == "announce"]
    for seat in (0, 2):
        heard = [o["key"] for o in said if o["channel"] == f"seat:{seat}"]
        first = heard.index("lobby.option.name")
        assert heard[first - 1] == "lobby.question.name", heard
    offered = [o["params"]["name"] for o in said if o["channel"] == "seat:2" and o["key"] == "lobby.option.name"]
    assert "Mia" not in offered and "Anna" in offered
