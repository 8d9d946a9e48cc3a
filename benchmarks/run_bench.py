#!/usr/bin/env python3
"""``firmware-host run`` as systemd runs it: ``python3 benchmarks/run_bench.py [--idle SECONDS]``.

Prints, for a ``run`` process on gpiozero's mock pins with the console on (the shipped
config, every audio output on ALSA's ``null`` device, so ``aplay`` really runs):

1. **Start-up**: CPU seconds (user + system, from ``/proc/<pid>/stat``) until the process
   sends ``READY=1`` on ``$NOTIFY_SOCKET``, and its peak RSS (``VmHWM``) then.
2. **Idle**: a 7-player game set up and started through the console, the prolog played and
   the background pre-rendering of the table's sentences finished (the speech cache stops
   growing), then the CPU seconds the process and its speech worker use while the table
   sits idle for ``--idle`` seconds (default 60; the reader threads on their pseudo-terminals,
   the clock's heartbeat and the watchdog keep running), and the peak RSS at the end.

The config is the one ``budget_bench.py`` starts (one helper, ``_run_config``). Asserts
nothing: machines are shared and noisy; compare runs on one machine. A Pi Zero 2 W's core
is 5-8x slower than a laptop's.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from budget_bench import _run_config  # noqa: E402


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far."""
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` and its live children (the speech worker)."""
    total = cpu_seconds(pid)
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def wait_cache_still(folder: Path, still: float = 10.0, limit: float = 900.0) -> float:
    """Block until no file was added to ``folder`` for ``still`` seconds; returns the wait."""
    t0 = time.monotonic()
    last, changed = -1, time.monotonic()
    while time.monotonic() - t0 < limit:
        count = sum(1 for _ in folder.rglob("*")) if folder.exists() else 0
        if count != last:
            last, changed = count, time.monotonic()
        elif time.monotonic() - changed >= still:
            break
        time.sleep(1.0)
    return time.monotonic() - t0


def peak_rss_mb(pid: int) -> float:
    """Peak resident set size (``VmHWM``) of process ``pid`` in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def set_up_game(url: str) -> None:
    """Set up and start a 7-player game through the console, as a game master would."""
    import aiohttp

    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as s:
        page = await (await s.get(url)).text()
        token = re.search(r'csrf[^>]*content="([^"]+)"', page).group(1)
        headers = {"X-CSRF-Token": token, "Origin": url.rstrip("/")}
        r = await s.post(url + "api/setup", json={"setup": {"players": 7, "language": "en", "seed": 7}},
                         headers=headers)
        assert r.status == 200, await r.text()
        r = await s.post(url + "api/command", json={"name": "start", "fields": {}}, headers=headers)
        assert r.status == 200, await r.text()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=float, default=60.0, help="seconds of idle table to measure (default 60)")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="run-bench-"))
    config = _run_config(tmp, console=True)
    port = re.search(r"(?m)^port = (\d+)", config.read_text().split("[console]")[1]).group(1)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(tmp / "notify.sock"))
    sock.settimeout(120)
    env = dict(os.environ, NOTIFY_SOCKET=str(tmp / "notify.sock"))
    proc = subprocess.Popen([sys.executable, "-m", "firmware_host", "run", "--config", str(config), "-q"],
                            env=env, cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        t0 = time.monotonic()
        while b"READY=1" not in sock.recv(4096):
            pass
        ready_cpu, ready_wall, ready_rss = cpu_seconds(proc.pid), time.monotonic() - t0, peak_rss_mb(proc.pid)
        print(f"run_bench on {os.cpu_count()} cores, Python {sys.version.split()[0]}")
        print("\n1. firmware-host run (mock pins, console on, aplay on ALSA's null device) -> READY=1")
        print(f"   {ready_cpu:.2f} CPU s ({ready_wall:.2f} s wall), peak RSS {ready_rss:.1f} MB")
        url = f"http://127.0.0.1:{port}/"
        for _ in range(50):                      # the console starts right after READY=1
            try:
                asyncio.run(set_up_game(url))
                break
            except OSError:
                time.sleep(0.1)
        time.sleep(20.0)                          # the prolog and first announcements play
        waited = wait_cache_still(tmp / "speech")  # the table's sentences pre-rendered
        before, own = tree_cpu_seconds(proc.pid), cpu_seconds(proc.pid)
        time.sleep(args.idle)
        idle, idle_own = tree_cpu_seconds(proc.pid) - before, cpu_seconds(proc.pid) - own
        print(f"\n2. a 7-player game set up and started, pre-rendering done ({waited:.0f} s), "
              f"then the table idle for {args.idle:.0f} s")
        print(f"   {idle:.2f} CPU s ({100 * idle / args.idle:.2f} % of one core) with the speech worker, "
              f"{idle_own:.2f} s the service process alone; peak RSS {peak_rss_mb(proc.pid):.1f} MB")
    finally:
        proc.terminate()
        proc.wait(30)
        sock.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
