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


def test_a_name_taken_meanwhile_is_said_taken_naming_the_seat_then_asked_again(tmp_path):
    """Two seats scan their name lists at once and both pick "Anna": the seat whose pick
    becomes final second hears, in its earphone, that the name was taken meanwhile and by
    which seat (``lobby.name_taken``), then its name question again (before: its "Chosen:
    Anna" was followed only by "Your name?", not a word of why). On the table harness."""
    from .table import Table

    table = Table(tmp_path, config='[service]\nplayer_names = ["Anna", "Jörg", "Mia"]\n')
    try:
        lines = seat_setup_signals(ANSWERS, by=0)
        call = next(i for i, s in enumerate(lines) if s.get("key") == "lobby.presence.call")
        table.play_all(lines[:call + 1])
        table.wait(1.5)
        mark = len(table.starts)
        table.press(0)
        table.wait(0.4)
        table.press(1)
        pressed: set[int] = set()
        for _ in range(200):
            for seat in (0, 1):
                anna = next((o for o in table.starts[mark:] if o.get("output") == f"seat:{seat}"
                             and o.get("key") == "lobby.option.name" and o["params"] == {"name": "Anna"}), None)
                if seat not in pressed and anna is not None and "end" in anna and table.now >= anna["end"] + 1.0:
                    table.press(seat)
                    pressed.add(seat)
            if pressed == {0, 1} and any(o.get("key") == "lobby.name_taken" for o in table.starts[mark:]):
                break
            table.wait(0.2)
        table.wait(15)
        taken = [o for o in table.starts[mark:] if o.get("key") == "lobby.name_taken"]
        assert [(o["output"], o["params"]) for o in taken] == [("seat:1", {"name": "Anna", "seat": 0})], taken
        assert "Anna" in taken[0]["text"] and "seat 1" in taken[0]["text"], taken[0]["text"]
        after = [o["key"] for o in table.starts[table.starts.index(taken[0]) + 1:] if o.get("output") == "seat:1"]
        assert after[0] == "lobby.question.name", after
        offered = [o["params"]["name"] for o in table.starts[table.starts.index(taken[0]):]
                   if o.get("output") == "seat:1" and o.get("key") == "lobby.option.name"]
        assert "Anna" not in offered and offered, offered
    finally:
        table.close()
