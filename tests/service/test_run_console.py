"""``firmware-host run`` on gpiozero's mock pins (a laptop, no Pi): the board starts as a real
one before a game (SIMULATE.md: tracker pin in hole 0), so the console's ``choose`` works,
and the console gets the whole config (the board's language from ``[audio]``)."""

from __future__ import annotations

import signal
import subprocess
import sys

from firmware_host.board_config import load_config
from firmware_host.clock import VirtualClock

from .test_simulate_console import SETUP, config_file, console_url, free_port, read_until, talk


def test_run_on_mock_pins_starts_with_the_tracker_pin_in_hole_0(tmp_path):
    from firmware_host.commands.run import board_factory
    config = load_config(str(config_file(tmp_path, mock_pins=True)))
    board = board_factory(config, VirtualClock())(lambda event: None)
    try:
        board.start()
        assert board.snapshot().peg == 0
    finally:
        board.close()


def test_run_on_mock_pins_serves_the_console_in_the_boards_language(tmp_path):
    port = free_port()
    config = config_file(tmp_path, f"\n[console]\nport = {port}\n", mock_pins=True)
    proc = subprocess.Popen([sys.executable, "-m", "firmware_host", "run", "--config", str(config),
                             "--journal", str(tmp_path / "j.sqlite3")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = console_url(read_until(proc.stderr, "console at"))
        lang, setup, start, choose = talk(url, [("lang", None), ("setup", SETUP), ("command", ("start", {})),
                                                ("command", ("choose", {"seat": 0, "target": 2}))])
        proc.send_signal(signal.SIGTERM)
        _, rest = proc.communicate(timeout=60)
    finally:
        proc.kill() if proc.poll() is None else None
    assert lang == "en"
    assert (setup, start[0]) == (200, 200)
    assert choose[0] == 200, choose
    assert proc.returncode == 0 and "Traceback" not in rest
