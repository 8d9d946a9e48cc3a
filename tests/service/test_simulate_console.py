"""``firmware-host simulate --console``: the game master's console on the mocked board
(SIMULATE.md: the mocked board starts as a real one, tracker pin in hole 0), interactive
and scripted, with the board's language from ``[audio]``; and the console's own
``seat_settings`` form reaching the service."""

from __future__ import annotations

import asyncio
import json
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("aiohttp")

ROOT = Path(__file__).resolve().parents[2]

from .conftest import pty_readers  # noqa: E402


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def talk(url: str, steps: list[tuple[str, Any]]) -> list[Any]:
    """Run ``steps`` against the console at ``url`` in one session; returns one result each.

    Steps: ``("lang", None)`` → the page's ``<html lang>``; ``("snapshot", None)`` → the
    snapshot JSON; ``("setup", dict)`` → HTTP status; ``("command", (name, fields))`` →
    (status, body JSON).
    """
    import aiohttp

    async def run() -> list[Any]:
        out: list[Any] = []
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as s:
            page = await (await s.get(url)).text()
            token = re.search(r'csrf[^>]*content="([^"]+)"', page).group(1)
            headers = {"X-CSRF-Token": token, "Origin": url.rstrip("/")}
            for kind, arg in steps:
                if kind == "lang":
                    out.append(re.search(r'<html[^>]*\blang="([^"]+)"', page).group(1))
                elif kind == "snapshot":
                    out.append(await (await s.get(url + "api/snapshot")).json())
                elif kind == "setup":
                    out.append((await s.post(url + "api/setup", json={"setup": arg}, headers=headers)).status)
                elif kind == "command":
                    name, fields = arg
                    r = await s.post(url + "api/command", json={"name": name, "fields": fields}, headers=headers)
                    out.append((r.status, await r.json()))
        return out

    return asyncio.run(run())


def config_file(tmp_path: Path, extra: str = "", *, mock_pins: bool = False) -> Path:
    """The shipped config with English speech (``[audio] language``), ALSA's null device,
    gpiozero's mock pins when ``mock_pins``, and ``extra`` TOML."""
    text = (ROOT / "hardware" / "board.toml").read_text()
    text = text.replace('registry = "tags.toml"', f'registry = "{ROOT / "hardware" / "tags.toml"}"')
    if mock_pins:
        text = re.sub(r'(?m)^pin_factory = "lgpio"', 'pin_factory = "mock"', text)
        assert 'pin_factory = "mock"' in text
        text = pty_readers(text)                  # readers connected, as on a wired board: READY=1
    text = text[:text.index("\n[audio]")]     # the reference build's sound cards are not here
    path = tmp_path / "board.toml"
    devices = ", ".join(['"null"'] * 10)          # ALSA's null device: aplay plays, nothing is heard
    path.write_text(text + f'\n[audio]\nlanguage = "en"\npublic_device = "null"\nseat_devices = [{devices}]\n' + extra)
    return path


def read_until(stream, words: str, timeout: float = 60) -> str:
    """Lines of ``stream`` up to one holding ``words`` (the text read so far)."""
    seen = ""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = stream.readline()
        if not line:
            break
        seen += line
        if words in line:
            return seen
    raise AssertionError(f"{words!r} not seen in: {seen}")


def console_url(text: str) -> str:
    return re.search(r"console at (http://\S+/)", text).group(1)


def popen(*args: str) -> subprocess.Popen:
    """``simulate`` as started from a terminal: Ctrl-C (SIGINT) reaches it even when the tests
    themselves run in the background, where SIGINT is ignored and children inherit that."""
    return subprocess.Popen([sys.executable, "-m", "firmware_host", *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


SETUP = {"players": 5, "language": "en"}


def test_interactive_simulate_serves_the_console_on_the_mocked_board(tmp_path):
    config = config_file(tmp_path)
    proc = popen("simulate", "--console", "--console-port", "0", "--config", str(config))
    try:
        url = console_url(read_until(proc.stderr, "console at"))
        lang, setup, start, choose = talk(url, [("lang", None), ("setup", SETUP), ("command", ("start", {})),
                                                ("command", ("choose", {"seat": 0, "target": 2}))])
        out, err = proc.communicate("state\nquit\n", timeout=60)
    finally:
        proc.kill() if proc.poll() is None else None
    assert lang == "en"                     # [audio] language reached the console
    assert (setup, start[0]) == (200, 200)
    assert choose[0] == 200, choose         # the tracker pin sits in hole 0: the board matches
    assert proc.returncode == 0 and "Traceback" not in err
    assert json.loads(out.splitlines()[-1])["state"]["phase"] == "election"


def test_scripted_simulate_keeps_serving_the_console_until_stopped(tmp_path):
    script = tmp_path / "s.jsonl"
    script.write_text('{"setup": {"players": 5, "seed": 7, "language": "en"}}\n'
                      '{"signal": "wait", "seconds": 1}\n')
    proc = popen("simulate", "--script", str(script), "--console", "--console-port", "0",
                 "--config", str(config_file(tmp_path)))
    try:
        url = console_url(read_until(proc.stderr, "console at"))
        read_until(proc.stderr, "script played")
        snap, choose = talk(url, [("snapshot", None), ("command", ("choose", {"seat": 0, "target": 3}))])
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill() if proc.poll() is None else None
    assert snap["view"]["phase"] == "nomination"
    assert choose[0] == 200, choose
    lines = [json.loads(l) for l in out.splitlines()]
    assert {"event": "nominated", "seat": 0, "target": 3} in lines
    assert lines[-1]["state"]["phase"] == "election"
    assert proc.returncode == 0 and "Traceback" not in err


def test_console_port_without_console_is_a_usage_error():
    proc = subprocess.run([sys.executable, "-m", "firmware_host", "simulate", "--console-port", "0"],
                          capture_output=True, text=True, input="", timeout=60)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1
    assert "--console" in proc.stderr
