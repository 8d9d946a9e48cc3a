"""``firmware-host run`` under the unit's limits (issue 11): a flood of idle console connections
never uses up the 1,024 file descriptors; the console keeps answering and the board keeps
speaking (one ``aplay`` per clip, on ALSA's ``null`` device)."""

from __future__ import annotations

import concurrent.futures
import resource
import signal
import socket
import subprocess
import sys
import time

import pytest

from .test_simulate_console import SETUP, config_file, console_url, free_port, read_until, talk

pytest.importorskip("aiohttp")


def _limit_fds() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))


def test_console_answers_and_board_speaks_with_2000_idle_connections_under_1024_descriptors(tmp_path):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 2200:
        pytest.skip(f"this test's own side needs 2,200 descriptors (hard limit {hard})")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 2200), hard))
    port = free_port()
    config = config_file(tmp_path, f"\n[console]\nport = {port}\n", mock_pins=True)
    proc = subprocess.Popen([sys.executable, "-m", "firmware_host", "run", "--config", str(config),
                             "--journal", str(tmp_path / "j.sqlite3")], preexec_fn=_limit_fds,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    idle: list[socket.socket] = []
    try:
        url = console_url(read_until(proc.stderr, "console at"))
        for _ in range(2000):
            try:
                idle.append(socket.create_connection(("127.0.0.1", port), timeout=10))
            except OSError:
                pass                                   # the board's side may refuse: fine
        assert len(idle) >= 1900
        pool = concurrent.futures.ThreadPoolExecutor(1)
        answer = pool.submit(talk, url, [("setup", SETUP), ("command", ("start", {})), ("snapshot", None)])
        pool.shutdown(wait=False)
        try:
            setup, start, snapshot = answer.result(timeout=60)
        except concurrent.futures.TimeoutError:
            pytest.fail("the console did not answer within 60 s with 2,000 idle connections open")
        time.sleep(2.0)                                  # the prolog is played through aplay
        proc.send_signal(signal.SIGTERM)
        _, rest = proc.communicate(timeout=60)
    finally:
        for s in idle:
            s.close()
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert (setup, start[0]) == (200, 200), start
    assert snapshot["view"]["phase"] != "setup" if snapshot.get("view") else True
    assert "Too many open files" not in rest and "ERROR" not in rest, rest[-3000:]
    assert proc.returncode == 0
