"""Failures are visible (issue 11): pins that cannot be opened, lgpio failing at import,
edge detection failing at start and a failing ``aplay`` each give a spoken fault naming the
part, STATUS= and a non-zero exit where the board cannot play; never READY=1 with a dead board.
``simulate`` with the same fault says one line, no traceback."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from firmware_host.board_config import load_config
from firmware_host.cli import main as cli_main
from firmware_host.clock import VirtualClock
from firmware_host.hardware.wired import WiredMockPin
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import service_settings

from .conftest import pty_readers

ROOT = Path(__file__).resolve().parents[2]


class RecordingNotifier(Notifier):
    """Keeps every sd_notify field sent."""

    def __init__(self) -> None:
        super().__init__(None)
        self.sent: list[str] = []

    def notify(self, *fields: str) -> bool:
        self.sent.extend(fields)
        return True


class EdgeRefusingPin(WiredMockPin):
    """A mock pin whose edge detection fails on BCM 22 (seat 4's button), as on kernel 6.6."""

    def _set_when_changed(self, value):
        if self.info.name == "GPIO22" and value is not None:
            raise OSError(22, "edge detection failed: Invalid argument")
        super()._set_when_changed(value)


def _config_text(extra: str = "", **replace: str) -> str:
    text = (ROOT / "hardware" / "board.toml").read_text()
    text = text.replace('registry = "tags.toml"', f'registry = "{ROOT / "hardware" / "tags.toml"}"')
    for old, new in replace.items():
        text = text.replace(old, new)
    return text[:text.index("\n[audio]")] + "\n[console]\nenabled = false\n" + extra


def test_edge_detection_failing_at_start_is_spoken_by_part_and_never_ready(tmp_path):
    from gpiozero.pins.mock import MockFactory

    from firmware_host.hardware.board import Board
    from firmware_host.service.voice import SilentVoice

    config = load_config()
    lines: list[dict] = []
    notifier = RecordingNotifier()
    service = BoardService(service_settings(config), clock=VirtualClock(), journal=Journal(tmp_path / "j.sqlite3"),
                           voice=SilentVoice(), emit=lines.append, notifier=notifier)
    factory = MockFactory(pin_class=EdgeRefusingPin)
    try:
        service.start(lambda on_event: Board(config, factory, VirtualClock(), on_event, config.tags_path,
                                             serial_factory=lambda *a, **k: (_ for _ in ()).throw(OSError("no port"))))
    finally:
        service.stop()
    assert service.failed and "seat 4 button (BCM 22): cannot" in service.failed
    assert "edge detection failed" in service.failed
    spoken = [l for l in lines if l.get("event") == "announce"]
    assert [(l["channel"], l["key"], l["params"]) for l in spoken] == [("public", "fault.gpio.button", {"seat": 3})]
    assert any(l.get("event") == "fault" and l.get("reason") == "gpio" for l in lines)
    assert "READY=1" not in notifier.sent
    assert any(f.startswith("STATUS=cannot play: GPIO: seat 4 button (BCM 22)") for f in notifier.sent)


def test_simulate_with_a_pin_refusing_edges_says_one_line_without_traceback(monkeypatch, capsys):
    import firmware_host.hardware.wired as wired_module

    monkeypatch.setattr(wired_module, "WiredMockPin", EdgeRefusingPin)
    status = cli_main(["simulate", "--script", str(ROOT / "examples" / "simulate-chaos.jsonl")])
    out, err = capsys.readouterr()
    assert status == 1 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "the board cannot play: GPIO: seat 4 button (BCM 22)" in err


def _notify_socket(tmp_path) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(tmp_path / "notify.sock"))
    sock.settimeout(0.5)
    return sock


def _received(sock: socket.socket) -> list[str]:
    fields = []
    while True:
        try:
            fields += sock.recv(65536).decode().split("\n")
        except (socket.timeout, TimeoutError):
            return fields


def _run(tmp_path, config_text: str, env: dict | None = None) -> tuple[subprocess.CompletedProcess, list[str]]:
    config = tmp_path / "board.toml"
    config.write_text(config_text)
    sock = _notify_socket(tmp_path)
    try:
        result = subprocess.run([sys.executable, "-m", "firmware_host", "run", "--config", str(config),
                                 "--journal", str(tmp_path / "j.sqlite3")], capture_output=True, text=True,
                                timeout=120, env={**os.environ, "NOTIFY_SOCKET": str(tmp_path / "notify.sock"),
                                                  **(env or {})})
        return result, _received(sock)
    finally:
        sock.close()


def test_run_without_gpio_speaks_the_fault_exits_non_zero_and_never_says_ready(tmp_path):
    result, fields = _run(tmp_path, _config_text('[audio]\npublic_device = "null"\n'))
    assert result.returncode == 1, result.stderr
    assert "cannot open the GPIO pins with lgpio" in result.stderr and "--mock" not in result.stderr
    assert "fault: hardware: gpio" in result.stderr and "Traceback" not in result.stderr
    assert "READY=1" not in fields and any(f.startswith("STATUS=cannot play: GPIO") for f in fields)


def test_lgpio_failing_at_import_names_lg_wd_and_exits_non_zero(tmp_path):
    stub = tmp_path / "stub"
    stub.mkdir()
    (stub / "lgpio.py").write_text('raise FileNotFoundError(2, "No such file or directory", ".lgd-nfy-3")\n')
    env = {"PYTHONPATH": os.pathsep.join([str(stub), str(ROOT)])}
    result, fields = _run(tmp_path, _config_text('[audio]\npublic_device = "null"\n'), env)
    assert result.returncode == 1, result.stderr
    assert "lgpio cannot make its notification pipe" in result.stderr and "set LG_WD" in result.stderr
    assert "READY=1" not in fields


def _start(tmp_path, text: str, until: str, name: str = "j", on_line=None):
    """``firmware-host run`` with ``text`` as its config and a notify socket; the stderr read
    until a line holding ``until`` (or the end), then SIGTERM; returns (status, stderr, the
    sd_notify fields received). Everything is read from the one stderr stream (lines read
    ahead are never lost)."""
    config = tmp_path / f"{name}.toml"
    config.write_text(text)
    sock = _notify_socket(tmp_path) if not (tmp_path / "notify.sock").exists() else None
    proc = subprocess.Popen([sys.executable, "-m", "firmware_host", "run", "--config", str(config),
                             "--journal", str(tmp_path / f"{name}.sqlite3")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "NOTIFY_SOCKET": str(tmp_path / "notify.sock")})
    seen = ""
    try:
        while until not in seen:
            line = proc.stderr.readline()
            if not line:
                break
            seen += line
            if on_line is not None:
                on_line(line)
    finally:
        proc.terminate()
        seen += proc.stderr.read()
        proc.wait(60)
        fields = _received(sock) if sock is not None else []
        if sock is not None:
            sock.close()
    return proc.returncode, seen, fields


def _mock_pins(text: str) -> str:
    return pty_readers(text.replace('pin_factory = "lgpio"', 'pin_factory = "mock"'))


def test_a_failing_aplay_is_a_spoken_fault_naming_the_earphone_before_ready(tmp_path):
    devices = ", ".join(['"null"'] * 3 + ['"no_such_alsa_device"'] + ['"null"'] * 6)
    text = _mock_pins(_config_text(f'[audio]\npublic_device = "null"\nseat_devices = [{devices}]\n'))
    status, seen, fields = _start(tmp_path, text, "ready in")
    assert "earphone of seat 4 (ALSA device no_such_alsa_device)" in seen
    fault = seen.index("fault: audio: output (earphone of seat 4")
    assert fault < seen.index("ready in") and "Traceback" not in seen
    assert "READY=1" in fields
    # READY=1 carries the dead earphone in its STATUS= (never "ready" as if healthy)
    status_with_ready = fields[fields.index("READY=1") + 1]
    assert status_with_ready.startswith("STATUS=") and "not working: earphone of seat 4" in status_with_ready
    assert status == 0          # an earphone alone: the table hears, the board plays on and says so


def test_a_silent_table_speaker_exits_1_without_ready(tmp_path):
    devices = ", ".join(['"null"'] * 10)
    text = _mock_pins(_config_text(f'[audio]\npublic_device = "no_such_alsa_device"\nseat_devices = [{devices}]\n'))
    status, seen, fields = _start(tmp_path, text, "the board cannot play")
    assert status == 1, seen
    assert "table speaker (ALSA device no_such_alsa_device)" in seen and "Traceback" not in seen
    assert "READY=1" not in fields
    assert any(f.startswith("STATUS=cannot play: audio: table speaker") for f in fields)


def test_a_reader_missing_at_start_holds_ready_until_it_is_plugged_in(tmp_path):
    """Ready = inputs live and the table can hear: the missing ballot reader is spoken by
    name and in STATUS=; READY=1 comes when a reader appears at its path (a replug)."""
    devices = ", ".join(['"null"'] * 10)
    text = _mock_pins(_config_text(f'[audio]\npublic_device = "null"\nseat_devices = [{devices}]\n'))
    ballot = tmp_path / "ballot-reader"
    text = re.sub(r'(\[readers\.ballot\]\s*\n)port = "[^"]*"', lambda m: f'{m.group(1)}port = "{ballot}"', text)
    master, slave = os.openpty()

    def plug_in(line: str) -> None:
        if "not ready: waiting for ballot reader" in line:
            os.symlink(os.ttyname(slave), ballot)      # the udev link appears: the reader is plugged in

    try:
        status, seen, fields = _start(tmp_path, text, "ready in", on_line=plug_in)
    finally:
        os.close(master)
        os.close(slave)
    assert "fault: ballot reader: reader_missing" in seen, seen
    assert seen.index("not ready: waiting for ballot reader") < seen.index("ready in")
    waiting = [f for f in fields if f.startswith("STATUS=not ready: waiting for ballot reader")]
    assert waiting and str(ballot) in waiting[0]
    assert fields.index(waiting[0]) < fields.index("READY=1")
    assert status == 0 and "Traceback" not in seen


def test_ready_waits_for_a_reader_missing_at_start_and_the_console_names_it(tmp_path):
    """In-process: both readers missing at start (the port cannot be opened): the fault is
    spoken by name, STATUS= says what the board waits for, the console's health lists it,
    and READY=1 is sent once both readers report connected."""
    from gpiozero.pins.mock import MockFactory

    from firmware_host.hardware import events as ev
    from firmware_host.hardware.board import Board
    from firmware_host.service.backend import ConsoleBackend
    from firmware_host.service.voice import SilentVoice

    config = load_config()
    lines: list[dict] = []
    notifier = RecordingNotifier()
    service = BoardService(service_settings(config), clock=VirtualClock(), journal=Journal(tmp_path / "j.sqlite3"),
                           voice=SilentVoice(), emit=lines.append, notifier=notifier)

    def no_port(*args, **kwargs):
        raise OSError(2, "No such file or directory")

    try:
        service.start(lambda on_event: Board(config, MockFactory(pin_class=WiredMockPin), VirtualClock(), on_event,
                                             config.tags_path, serial_factory=no_port))
        assert "READY=1" not in notifier.sent and service.failed is None
        status = [f for f in notifier.sent if f.startswith("STATUS=")][-1]
        assert status.startswith("STATUS=not ready: waiting for ballot reader: ") and "law reader: " in status
        assert "No such file or directory" in status
        spoken = [(l["key"], l["params"]) for l in lines if l.get("event") == "announce"]
        assert ("fault.reader_missing", {"reader": "ballot"}) in spoken
        health = ConsoleBackend(service).snapshot()["health"]
        assert any(part.startswith("ballot reader: ") for part in health["not_working"])
        service.submit(ev.ReaderState("ballot", True))
        service.wait_idle()
        assert "READY=1" not in notifier.sent                      # the law reader is still missing
        service.submit(ev.ReaderState("law", True))
        service.wait_idle()
        assert "READY=1" in notifier.sent
        after = notifier.sent[notifier.sent.index("READY=1") + 1]
        assert after.startswith("STATUS=") and "not ready" not in after and "not working" not in after
        assert "not_working" not in ConsoleBackend(service).snapshot()["health"]
    finally:
        service.stop()
