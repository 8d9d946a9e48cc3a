"""A board with several dead parts (issue 25): one line per dead part, one summary line last
naming all of them, no traceback, exit 1 only when play is impossible; a part the game can do
without (the game-master key) is a spoken fault while the rest plays."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from firmware_host.cli import main as cli_main
from firmware_host.commands.run import dead_part_names
from firmware_host.hardware.wired import WiredMockPin

ROOT = Path(__file__).resolve().parents[1]


def _config(tmp_path: Path) -> Path:
    """The shipped board (lgpio), its tags, no console, and ALSA devices that do not exist:
    the table speaker's and every earphone's."""
    text = (ROOT / "hardware" / "board.toml").read_text()
    text = text.replace('registry = "tags.toml"', f'registry = "{ROOT / "hardware" / "tags.toml"}"')
    text = text[:text.index("\n[audio]")] + "\n[console]\nenabled = false\n"
    seats = ", ".join(f'"no_such_card_seat{n}"' for n in range(10))
    text += f'\n[audio]\npublic_device = "no_such_card_table"\nseat_devices = [{seats}]\n'
    path = tmp_path / "board.toml"
    path.write_text(text)
    return path


def test_run_with_gpio_and_both_sound_outputs_dead_ends_with_one_line_naming_all_three(tmp_path):
    # lgpio that cannot be imported: the GPIO is dead whatever this machine has
    stub = tmp_path / "stub"
    stub.mkdir()
    (stub / "lgpio.py").write_text('raise ImportError("No module named lgpio (test)")\n')
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(tmp_path / "notify.sock"))
    sock.settimeout(0.5)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(stub), str(ROOT)]),
           "NOTIFY_SOCKET": str(tmp_path / "notify.sock"), "HOME": str(tmp_path)}
    try:
        result = subprocess.run([sys.executable, "-m", "firmware_host", "run", "--config", str(_config(tmp_path)),
                                 "--journal", str(tmp_path / "j.sqlite3")], capture_output=True, text=True,
                                timeout=180, env=env)
        fields: list[str] = []
        while True:
            try:
                fields += sock.recv(65536).decode().split("\n")
            except (socket.timeout, TimeoutError):
                break
    finally:
        sock.close()
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert "the board cannot play: not working: GPIO, table speaker, earphones of seats 1-10;" in lines[-1]
    assert lines[-1].rstrip().endswith("stopping (exit status 1)")
    assert sum("cannot play" in line for line in lines) == 1
    # one line for each dead part, and no other warning or error
    said = [line for line in lines[:-1] if " INFO " not in line]
    assert sum("fault: hardware: gpio (cannot open the GPIO pins with lgpio" in line for line in said) == 1
    assert sum("table speaker" in line for line in said) == 1
    for seat in range(1, 11):
        assert sum(f"earphone of seat {seat} " in line for line in said) == 1, seat
    assert len(said) == 1 + 1 + 10, result.stderr
    assert "READY=1" not in fields
    status = [f for f in fields if f.startswith("STATUS=cannot play: GPIO")]
    assert status and "table speaker" in status[-1] and "earphone of seat 10" in status[-1]


def test_dead_part_names_gather_the_earphones_into_one_name():
    assert dead_part_names("no lgpio", {"public": "x", **{f"seat:{n}": "y" for n in range(10)}}) == \
        ["GPIO", "table speaker", "earphones of seats 1-10"]
    assert dead_part_names(None, {"seat:3": "y"}) == ["earphone of seat 4"]
    assert dead_part_names(None, {"seat:1": "y", "seat:4": "y", "ballot reader": "z"}) == \
        ["earphones of seats 2, 5", "ballot reader"]
    assert dead_part_names(None, {"whisper": "w", "game-master key": "k"}) == ["whisper station", "game-master key"]


class KeyRefusingPin(WiredMockPin):
    """A mock pin whose edge detection fails on BCM 3 only (the game-master key)."""

    def _set_when_changed(self, value):
        if self.info.name == "GPIO3" and value is not None:
            raise OSError(22, "edge detection failed: Invalid argument")
        super()._set_when_changed(value)


def _simulate_all_blind(capsys) -> tuple[int, list[dict], str]:
    status = cli_main(["simulate", "--seed", "43", "--config", str(ROOT / "examples" / "board-without-law-reader.toml"),
                       "--script", str(ROOT / "examples" / "simulate-all-blind-7p-no-law-reader.jsonl")])
    out, err = capsys.readouterr()
    return status, [json.loads(line) for line in out.splitlines()], err


def test_a_game_master_key_refusing_edges_is_spoken_and_the_game_is_set_up_and_played_from_the_seats(
        monkeypatch, capsys):
    """BCM 3 alone refuses edge detection: the board does not stop ("cannot play", exit 1, a
    restart loop), it says the key does not work and the all-blind table sets up and plays its
    whole game from the seats, exactly as with the key."""
    status, with_key, _ = _simulate_all_blind(capsys)
    assert status == 0 and with_key[-1]["state"]["phase"] == "game_over"
    assert not [l for l in with_key if l.get("event") == "fault"]
    import firmware_host.hardware.wired as wired_module

    monkeypatch.setattr(wired_module, "WiredMockPin", KeyRefusingPin)
    status, lines, err = _simulate_all_blind(capsys)
    assert status == 0, err
    assert "Traceback" not in err and "cannot play" not in err
    faults = [l for l in lines if l.get("event") == "fault"]
    assert [(f["source"], f["reason"]) for f in faults] == [("game-master key", "gpio")]
    assert "BCM 3" in faults[0]["detail"] and "edge detection failed" in faults[0]["detail"]
    spoken = [l for l in lines if l.get("event") == "announce" and l["key"] == "fault.optional.gm_key"]
    assert [l["channel"] for l in spoken] == ["public"]
    assert "Spielleiter" in spoken[0]["text"]
    assert lines[-1]["state"]["phase"] == "game_over"
    assert lines[-1] == with_key[-1]                    # the same game, to the same end


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_optional_key_fault_says_that_play_goes_on(language):
    from firmware_host.service import board_catalogue

    short = board_catalogue.text("fault.optional.gm_key", {}, language)
    long = board_catalogue.text("fault.optional.gm_key", {}, language, long=True)
    assert len(short.split()) <= 8
    assert ("weiter" if language == "de" else "goes on") in long
    assert "startet neu" not in long and "starts again" not in long


def test_a_game_master_key_refusing_edges_is_ready_with_the_key_in_status(tmp_path):
    """systemd sees a board that plays (READY=1) with the dead key named in STATUS=, and the
    fault line and its sentence on the table speaker; the seats' buttons still work."""
    from gpiozero.pins.mock import MockFactory

    from firmware_host.board_config import load_config
    from firmware_host.clock import VirtualClock
    from firmware_host.hardware.board import Board
    from firmware_host.service.core import BoardService
    from firmware_host.service.journal import Journal
    from firmware_host.service.notify import Notifier
    from firmware_host.service.settings import service_settings
    from firmware_host.service.voice import SilentVoice

    class Recording(Notifier):
        def __init__(self) -> None:
            super().__init__(None)
            self.sent: list[str] = []

        def notify(self, *fields: str) -> bool:
            self.sent.extend(fields)
            return True

    config = load_config().replace(readers={})
    lines: list[dict] = []
    notifier = Recording()
    service = BoardService(service_settings(config), clock=VirtualClock(), journal=Journal(tmp_path / "j.sqlite3"),
                           voice=SilentVoice(), emit=lines.append, notifier=notifier)
    try:
        service.start(lambda on_event: Board(config, MockFactory(pin_class=KeyRefusingPin), VirtualClock(), on_event,
                                             config.tags_path))
        assert service.failed is None
        assert service.board.game_master_key is None and len(service.board.buttons) == 10
    finally:
        service.stop()
    assert "READY=1" in notifier.sent
    status = notifier.sent[notifier.sent.index("READY=1") + 1]
    assert status.startswith("STATUS=") and "not working: game-master key (BCM 3): " in status
    assert "edge detection failed" in status
    assert [(l["source"], l["reason"]) for l in lines if l.get("event") == "fault"] == [("game-master key", "gpio")]
    assert [(l["channel"], l["key"]) for l in lines if l.get("event") == "announce"
            and l["key"].startswith("fault")] == [("public", "fault.optional.gm_key")]
