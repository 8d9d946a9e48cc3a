"""A board with a whisper station (BOARD.md "Audio": one shared earphone the seats visit in
turn instead of an earphone per seat) is set up and played from the seats: the seat the table
calls to the station starts its visit with its press there, in the setup from the seats and in
its own settings scan as in a game, and what is private to it is said there only
(ACCESSIBILITY.md: a table of only blind players plays a whole evening from switching the
board on). Played by ear through ``simulate --by-ear`` on the virtual clock, with the real
speech and the real board service."""

from __future__ import annotations

import json
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def whisper_config(path: pathlib.Path) -> str:
    """The shipped board config with its whisper station on (``whisper_device``), written to
    ``path``; its tag registry the shipped one."""
    text = (ROOT / "hardware" / "board.toml").read_text(encoding="utf-8")
    text = re.sub(r'(?m)^registry = "tags.toml"', f'registry = "{ROOT / "hardware" / "tags.toml"}"', text)
    text = re.sub(r"(?m)^whisper_station = false.*$", 'whisper_station = true\nwhisper_device = "board_whisper"', text)
    assert "whisper_station = true" in text
    path.write_text(text, encoding="utf-8")
    return str(path)


class ByEar:
    """``simulate --by-ear`` through a pipe: one request, the lines it caused up to ``ready``."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "firmware_host", "simulate", "--by-ear", *args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True)
        self.lines: list[dict] = []
        self.first = self._answer()

    def _answer(self) -> list[dict]:
        lines = []
        while True:
            raw = self.proc.stdout.readline()
            assert raw, self.proc.stderr.read()
            line = json.loads(raw)
            lines.append(line)
            if line.get("event") == "ready":
                self.lines += lines
                return lines

    def ask(self, request: str) -> list[dict]:
        self.proc.stdin.write(request + "\n")
        self.proc.stdin.flush()
        return self._answer()

    def until(self, wanted, steps: int = 300) -> dict:
        """Step clip by clip until a line for which ``wanted(line)`` is true; that line."""
        for _ in range(steps):
            for line in self.ask("step"):
                if wanted(line):
                    return line
        raise AssertionError(f"not heard in {steps} steps: {[l.get('key') for l in self.lines[-20:]]}")

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.stdout.read()
        self.proc.wait(timeout=60)


@pytest.fixture
def ear(tmp_path):
    ears = []

    def start() -> ByEar:
        ears.append(ByEar("--config", whisper_config(tmp_path / "whisper.toml"), "--seed", "3"))
        return ears[-1]
    yield start
    for one in ears:
        one.close()


def _announced(line: dict, key: str) -> bool:
    return line.get("event") == "announce" and line.get("key") == key


def _nothing_private_at_the_table(lines: list[dict]) -> None:
    """Nothing said for one seat left by the table speaker, and the station said only what
    was for the seat called there last."""
    called = None
    for line in lines:
        if line.get("event") != "announce":
            continue
        if line["output"] == "table":
            assert line["channel"] == "public", line
            if line["key"] == "whisper.call":
                called = line["params"]["seat"]
        else:
            assert line["output"] == "whisper" and line["channel"] == f"seat:{called}", line


def test_a_seats_press_at_the_whisper_station_starts_the_setup_from_the_seats_there(ear):
    """Seat 3 presses on a ready board: the table calls it to the station; its press there
    starts its visit, the setup's question and answers play there (not at the table), and its
    press after the answer it wants picks that answer."""
    board = ear()
    board.until(lambda l: _announced(l, "service.ready"))
    board.ask("button 2 press")
    call = board.until(lambda l: _announced(l, "whisper.call"))
    assert call["params"] == {"seat": 2} and call["output"] == "table"
    board.ask("wait 2")
    board.ask("button 2 press")                     # at the station
    start = board.until(lambda l: _announced(l, "lobby.start"))
    assert start["output"] == "whisper" and start["channel"] == "seat:2"
    wanted = board.until(lambda l: _announced(l, "lobby.option.game") and l["params"]["title"] == "Dying Message")
    board.ask("wait 1.5")
    picked = [l for l in board.ask("button 2 press") if l.get("event") == "picked"]
    assert picked and picked[0]["key"] == "lobby.option.game" and picked[0]["params"] == wanted["params"]
    board.until(lambda l: l.get("event") == "announce" and l["key"].startswith("lobby.question.")
                and l["key"] != "lobby.question.game")
    _nothing_private_at_the_table(board.lines)


def test_a_seats_hold_on_a_whisper_station_board_opens_its_settings_at_the_station(ear):
    """Seat 5 holds with no game (its settings scan): the table calls it to the station, and
    its press there starts the visit in which its settings are said; the hold itself is never
    taken for an arrival."""
    board = ear()
    board.until(lambda l: _announced(l, "service.ready"))
    board.ask("button 4 hold")
    call = board.until(lambda l: _announced(l, "whisper.call"))
    assert call["params"] == {"seat": 4}
    board.ask("wait 2")
    board.ask("button 4 hold")                      # a hold at the station: no arrival
    lines = board.ask("wait 10")
    assert not [l for l in lines if l.get("event") == "announce" and l["output"] == "whisper"], lines
    board.ask("button 4 press")                     # the press there is
    said = board.until(lambda l: l.get("event") == "announce" and l["output"] == "whisper")
    assert said["channel"] == "seat:4"
    _nothing_private_at_the_table(board.lines)
