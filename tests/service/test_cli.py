"""``firmware-host simulate`` and ``run`` from the command line: exit statuses, one-line
errors, the interactive board, speech into WAV files, logs without secrets."""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
import wave
from pathlib import Path

import pytest

from .conftest import ROOT, announces, pty_readers, run_lines, state


def cli(*args, stdin=None, timeout=120):
    return subprocess.run([sys.executable, "-m", "firmware_host", *args], input=stdin,
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("body, words", [
    ('{"setup": {"players": 4}}\n', "players"),
    ('{"setup": {"players": 5, "seed": 1}}\n{"signal": "button", "seat": 1, "gesture": "poke"}\n', "line 2"),
    ('not json\n', "not valid JSON"),
])
def test_unusable_script_exits_2_with_one_line(tmp_path, body, words):
    script = tmp_path / "bad.jsonl"
    script.write_text(body)
    proc = cli("simulate", "--script", str(script))
    assert proc.returncode == 2
    assert proc.stdout == "" or "setup" in body
    assert len(proc.stderr.strip().splitlines()) == 1 and words in proc.stderr
    assert "Traceback" not in proc.stderr


def test_unusable_config_exits_2_with_one_line(tmp_path):
    config = tmp_path / "board.toml"
    config.write_text("[gpio]\npin_factory = 7\n")
    proc = cli("simulate", "--script", str(ROOT / "examples" / "simulate-bounce.jsonl"), "--config", str(config))
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1
    assert "Traceback" not in proc.stderr


def test_interactive_virtual_board_reads_lines_on_real_time():
    proc = cli("simulate", stdin="help\nsetup 5 en\n" + "button 2 hold\n" * 5 + "ballot 9 ja\nwhat\nquit\n")
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(l) for l in proc.stdout.splitlines()]
    # the holds were read and answered as they came (how many status layers five holds step
    # through depends on when each arrives against the clips' real ends, so not asserted here:
    # tests/service/test_status_layers.py steps through them on the virtual clock)
    assert any(str(l.get("key", "")).startswith("status.now.") for l in lines)
    assert lines[-1]["state"]["phase"] == "nomination"
    assert "? unknown signal 'what'" in proc.stderr
    # `start` and `end` are on the run's clock, from 0 at its start (SIMULATE.md), not the
    # machine's uptime: the board's first sentence begins at once
    said = [l for l in lines if l.get("event") == "announce"]
    assert said[0]["key"] == "service.ready" and 0.0 <= said[0]["start"] < 5.0
    assert all(l["start"] <= l["end"] < 120.0 for l in said)


def test_wav_for_every_announcement_with_audio_dir(tmp_path, speech_cache):
    out = run_lines((ROOT / "examples" / "simulate-bounce.jsonl").read_text(), audio_dir=str(tmp_path / "audio"),
                    speech_cache=str(speech_cache))
    said = announces(out)
    assert said and all(Path(l["wav"]).exists() for l in said)
    with wave.open(said[0]["wav"]) as w:
        assert w.getnframes() > 0
    # R17: every prolog file lasts the same
    prolog = {l["wav"] for l in said if l["key"].startswith("prolog.role")}
    lengths = set()
    for path in prolog:
        with wave.open(path) as w:
            lengths.add(w.getnframes())
    assert len(prolog) == 5 and len(lengths) == 1


def test_logs_have_one_line_per_input_and_action_and_no_secret_at_info(caplog):
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        out = run_lines((ROOT / "examples" / "simulate-7p.jsonl").read_text())
    records = [r for r in caplog.records if r.levelno >= logging.INFO]
    text = [r.getMessage() for r in records]
    assert sum(1 for t in text if t.startswith("input: ")) > 100
    assert sum(1 for t in text if t.startswith("action: ")) > 50
    roles = re.compile(r"\b(democrat|fascists?|dictator|ja|nein)\b")
    for t in text:
        if t.startswith(("action: enact", "action: chaos_law", "game over", "input: fascist slot",
                         "input: democratic slot", "board mismatch")):
            continue            # the party of an enacted law, the tracks and the end are public
        assert not roles.search(t), t
    assert not [t for t in text if t.startswith("action: discard") and ("fascist" in t or "democratic" in t)]
    assert state(out)["phase"] == "game_over"


def test_run_stops_on_sigterm_and_keeps_its_journal_private(tmp_path):
    import os
    import signal
    import time
    config = tmp_path / "board.toml"
    text = (ROOT / "hardware" / "board.toml").read_text()
    text = text.replace('registry = "tags.toml"', f'registry = "{ROOT / "hardware" / "tags.toml"}"')
    text = text[:text.index("\n[audio]")]         # the reference build's sound cards are not here
    text = text.replace('pin_factory = "lgpio"', 'pin_factory = "mock"')   # no GPIO here (test_failures)
    text = pty_readers(text)                         # readers connected: READY=1
    config.write_text(text + '\n[console]\nenabled = false\n[audio]\npublic_device = "null"\n')
    proc = subprocess.Popen([sys.executable, "-m", "firmware_host", "run", "--config", str(config),
                             "--journal", str(tmp_path / "j.sqlite3")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    seen = ""
    while time.monotonic() < deadline and "ready in" not in seen:
        seen += proc.stderr.readline()
    proc.send_signal(signal.SIGTERM)
    _, rest = proc.communicate(timeout=30)
    assert "ready in" in seen and proc.returncode == 0
    assert "Traceback" not in seen + rest
    assert os.stat(tmp_path / "j.sqlite3").st_mode & 0o777 == 0o600


def test_run_stops_on_a_sigterm_the_kernel_gives_to_another_thread(tmp_path):
    """A process-wide SIGTERM may land on any thread; ``run`` must still stop (not hang in a wait)."""
    import ctypes
    import os
    import signal
    import time
    libc = ctypes.CDLL(None, use_errno=True)
    if not hasattr(libc, "tgkill") or not Path("/proc/self/task").is_dir():
        pytest.skip("needs Linux tgkill and /proc")
    config = tmp_path / "board.toml"
    text = (ROOT / "hardware" / "board.toml").read_text()
    text = text.replace('registry = "tags.toml"', f'registry = "{ROOT / "hardware" / "tags.toml"}"')
    text = text[:text.index("\n[audio]")]         # the reference build's sound cards are not here
    text = text.replace('pin_factory = "lgpio"', 'pin_factory = "mock"')   # no GPIO here (test_failures)
    text = pty_readers(text)                         # readers connected: READY=1
    config.write_text(text + '\n[console]\nenabled = false\n[audio]\npublic_device = "null"\n')
    proc = subprocess.Popen([sys.executable, "-m", "firmware_host", "run", "--config", str(config),
                             "--journal", str(tmp_path / "j.sqlite3")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        seen = ""
        while time.monotonic() < deadline and "ready in" not in seen:
            seen += proc.stderr.readline()
        others = [int(t) for t in os.listdir(f"/proc/{proc.pid}/task") if int(t) != proc.pid]
        assert "ready in" in seen and others, seen
        assert libc.tgkill(proc.pid, others[0], signal.SIGTERM) == 0
        _, rest = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0 and "signal 15: stopping" in rest


def test_run_says_ready_before_the_console_and_the_speech_engine_load(tmp_path):
    """Start-up within a Pi Zero 2 W's budget: when READY=1 is sent neither aiohttp (the
    console) nor pyttsx3/libespeak-ng (the speech engine) is loaded; both come right after."""
    import time
    config = tmp_path / "board.toml"
    text = (ROOT / "hardware" / "board.toml").read_text()
    text = text.replace('registry = "tags.toml"', f'registry = "{ROOT / "hardware" / "tags.toml"}"')
    text = text.replace('pin_factory = "lgpio"', 'pin_factory = "mock"')
    text = pty_readers(text)                         # readers connected: READY=1
    text = text[:text.index("\n[audio]")]         # the reference build's sound cards are not here
    port = 20000 + os.getpid() % 20000
    devices = ", ".join(['"null"'] * 10)          # ALSA's null device: a table that can hear
    config.write_text(text + f'\n[console]\nenabled = true\nport = {port}\n[audio]\npublic_device = "null"\n'
                      f'seat_devices = [{devices}]\ncache_dir = "{tmp_path / "speech"}"\n')
    probe = (
        "import sys\n"
        "from firmware_host.service import notify\n"
        "ready = notify.Notifier.ready\n"
        "def at_ready(self, status='ready'):\n"
        "    maps = open('/proc/self/maps').read()\n"
        "    print('AT-READY', 'aiohttp' in sys.modules, 'pyttsx3' in sys.modules, 'libespeak' in maps, flush=True)\n"
        "    return ready(self, status)\n"
        "notify.Notifier.ready = at_ready\n"
        "from firmware_host.cli import main\n"
        f"sys.exit(main(['run', '--config', {str(config)!r}, '--journal', {str(tmp_path / 'j.sqlite3')!r}]))\n")
    proc = subprocess.Popen([sys.executable, "-c", probe], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        deadline = time.monotonic() + 60
        later = ""
        while time.monotonic() < deadline and "aiohttp" not in later:
            time.sleep(0.05)
            later = Path(f"/proc/{proc.pid}/maps").read_text()
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert line.split() == ["AT-READY", "False", "False", "False"], err
    assert "aiohttp" in later, err     # then the console starts (speech renders in its worker process)
    assert "Traceback" not in err


def test_robots_on_a_journal_with_an_unfinished_game_exit_2_naming_it(tmp_path):
    """`--robots` sets every game up from the seats; on a journal whose game is unfinished the
    board would resume that game and the robots would never play it (a stall after 648 s of
    reminders, exit 1): refused at once, one line naming the game, the journal left as it was.
    A journal whose games are over is played on."""
    journal = tmp_path / "journal.sqlite3"
    script = tmp_path / "half.jsonl"
    script.write_text("".join((ROOT / "examples" / "simulate-7p.jsonl").read_text().splitlines(True)[:20]))
    assert cli("simulate", "--script", str(script), "--journal", str(journal)).returncode == 0
    before = journal.read_bytes()
    proc = cli("simulate", "--robots", "5", "--game", "become_dictator", "--journal", str(journal))
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and "unfinished game 1" in proc.stderr
    assert journal.read_bytes() == before
    import sqlite3
    db = sqlite3.connect(journal)
    db.execute("UPDATE games SET status='abandoned'")
    db.commit()
    db.close()
    proc = cli("simulate", "--robots", "5", "--game", "become_dictator", "--journal", str(journal), timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert any(json.loads(l).get("event") == "robots" for l in proc.stdout.splitlines())


def test_interactive_lines_with_at_play_at_that_second_of_the_run():
    """SIMULATE.md's `at` (seconds from the start) holds on the interactive board too: a press
    with `at` 3 plays 3 s into the run (its answer starts then, not at once); an `at` already
    past is refused in one line and not played."""
    stdin = ('{"signal": "button", "seat": 0, "gesture": "press", "at": 3}\n'
             '{"signal": "button", "seat": 1, "gesture": "press", "at": 1}\nquit\n')
    proc = cli("simulate", stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    said = [json.loads(l) for l in proc.stdout.splitlines() if '"announce"' in l]
    setup = [l for l in said if l["output"] == "seat:0"]
    assert setup and setup[0]["start"] >= 3.0 - 0.05
    assert not [l for l in said if l["output"] == "seat:1"]
    assert "? at 1 s has passed" in proc.stderr


@pytest.mark.parametrize("args", [
    ("--robots", "5", "--warm-cache"),
    ("--robots", "5", "--warm-cache", "--render-seconds", "0"),
    ("--by-ear", "--warm-cache"),
])
def test_warm_cache_without_render_seconds_exits_2_saying_it_needs_them(args):
    """``--warm-cache`` only changes what ``--render-seconds`` slows (its help says "with
    --render-seconds"); alone it measured nothing and was taken without a word, so a run
    believed to model a warm Pi modelled no render time at all. One line, exit 2."""
    proc = cli("simulate", *args, stdin="quit\n")
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and "--render-seconds" in proc.stderr
