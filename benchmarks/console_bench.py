#!/usr/bin/env python3
"""Console latency: ``python3 benchmarks/console_bench.py [--updates N] [--clients K]``.

Prints, in milliseconds, the time from a backend change (its ``subscribe`` callback, called
on another thread as the board service does) to the ``state`` event arriving at each of K
browsers' event streams (median and p99 over N changes), the time of one PIN check
(scrypt, what every login costs), and the time to scrub one full snapshot (50
announcements, 50 faults) of secrets.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import aiohttp  # noqa: E402

from firmware_host.console import hash_pin, public_snapshot, serve, verify_pin  # noqa: E402


class PushBackend:
    """Pushes numbered snapshots from its own thread."""

    def __init__(self) -> None:
        self.subs = []
        self.n = 0

    def snapshot(self) -> dict:
        return self._snap(self.n)

    def _snap(self, n: int) -> dict:
        return {"view": {"phase": "election", "president": 0, "nominee": 2, "alive": list(range(10)),
                         "awaiting": list(range(10)), "votes_cast": n % 10, "roles": None},
                "announcements": [{"key": "vote.count", "params": {"n": i}, "text": f"Vote {i}"}
                                  for i in range(50)],
                "faults": [{"kind": "rejected", "action": "vote", "reason": "already_voted", "seat": 3}] * 50,
                "health": {"readers": {"ballot": "connected", "law": "connected"}},
                "paused": False, "setup": {"players": 10}, "seq": n, "sent": time.perf_counter()}

    def subscribe(self, cb):
        self.subs.append(cb)
        return lambda: self.subs.remove(cb)

    def push(self, n: int) -> None:
        snap = self._snap(n)
        for cb in list(self.subs):
            cb(snap)

    def setup_game(self, setup):
        return {}

    def command(self, name, **fields):
        return {}

    def reveal(self, seat):
        return {}


async def measure(url: str, backend: PushBackend, updates: int, clients: int) -> list[float]:
    latencies: list[float] = []
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as session:
        async def next_state(resp):
            data = None
            while True:
                line = (await resp.content.readline()).decode()
                if not line:
                    raise SystemExit(f"event stream ended (HTTP {resp.status})")
                if line.startswith("data: "):
                    data = line[6:]
                elif line == "\n" and data is not None:
                    return json.loads(data)

        await session.get(url)  # the page makes a session cookie (loopback, no PIN)
        streams = [await session.get(url + "api/events") for _ in range(clients)]
        for s in streams:
            await next_state(s)
        for n in range(1, updates + 1):
            threading.Thread(target=backend.push, args=(n,)).start()
            got = await asyncio.gather(*(next_state(s) for s in streams))
            now = time.perf_counter()
            latencies.extend((now - g["sent"]) * 1000 for g in got)
        for s in streams:
            s.close()
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=300)
    parser.add_argument("--clients", type=int, default=3)
    args = parser.parse_args()
    backend = PushBackend()
    handle = serve(backend, {"port": 0})
    try:
        lat = asyncio.run(measure(handle.url, backend, args.updates, args.clients))
    finally:
        handle.close()
    lat.sort()
    print(f"change -> event stream ({args.clients} clients, {args.updates} changes): "
          f"median {statistics.median(lat):.2f} ms, p99 {lat[int(len(lat) * 0.99) - 1]:.2f} ms")
    stored = hash_pin("482913")
    t = time.perf_counter()
    for _ in range(5):
        verify_pin("482913", stored)
    print(f"PIN check (scrypt N=2^14): {(time.perf_counter() - t) / 5 * 1000:.1f} ms")
    snap = backend._snap(1)
    t = time.perf_counter()
    for _ in range(1000):
        public_snapshot(snap)
    print(f"scrub one snapshot: {(time.perf_counter() - t):.3f} ms")


if __name__ == "__main__":
    main()
