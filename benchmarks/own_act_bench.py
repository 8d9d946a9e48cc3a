"""Own act -> first sound in one's own earphone (issue 31), per game, seed and render delay.

Run: ``python3 benchmarks/own_act_bench.py [--games G ...] [--seeds 5 11] [--render 0 3]
[--players 7] [--slowest 8]``. Prints figures; asserts nothing.

Each case is one robot table as ``tests/robots/test_robots.py`` plays it for the figure: 7
seats (Autocracy 6), robots reacting 1-2 s after their cue, no slips; with a render delay
(``--render 3``: 3 s per sentence, a Pi Zero 2 W) an empty speech cache of its own (a fresh
Pi: every sentence is slow the first time it is said, and only then). For each case it
prints the count of own acts answered, p50 / p95 / max seconds from the act (the button
going down, a tile laid) to the start of the first clip in the seat's own earphone, and the
slowest answers: the key of the clip that answered and how long it took, so a figure can be
traced to what kept the earphone waiting. Issue 31 wants p95 <= 1.0 s, and <= 1.5 s at 3 s
per sentence with an empty cache.
"""

from __future__ import annotations

import argparse
import collections
import logging
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from firmware_host.kernel import games  # noqa: E402
from firmware_host.robots.table import RobotTable, percentile, rules_for  # noqa: E402

#: the robot table's debug line of one confirmation (firmware_host.robots.table._confirm)
CONFIRMED = re.compile(r"seat (\d+): (\S+) at ([\d.]+) confirmed by (\S*) after ([\d.]+) s")


class _Confirms(logging.Handler):
    """Collects the robot table's confirmation lines: (seconds, key, seat, act, at)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.seen: list[tuple[float, str, int, str, float]] = []

    def emit(self, record: logging.LogRecord) -> None:
        m = CONFIRMED.match(record.getMessage())
        if m:
            self.seen.append((float(m[5]), m[4], int(m[1]), m[2], float(m[3])))


def table_size(game: str, players: int) -> int:
    """``players``, or the game's largest table when it seats fewer (Autocracy: 6)."""
    counts = [o["value"] for q in games.pack(game).lobby().questions(None) if q["name"] == "players"
              for o in q["options"]]
    return min(players, max(counts)) if counts else players


def case(game: str, players: int, seed: int, render: float) -> tuple[dict | None, list, str, float]:
    """One robot game: its summary (None if none ended), the confirmations, why stuck, wall seconds."""
    cache = tempfile.mkdtemp(prefix="own-act-cache-") if render else None
    handler = _Confirms()
    logger = logging.getLogger("firmware_host.robots")
    level = logger.level
    logger.setLevel(logging.DEBUG)
    logger.addHandler(handler)
    t0 = time.perf_counter()
    try:
        table = RobotTable(table_size(game, players), game, seed=seed, render_seconds=render, reaction=(1.0, 2.0),
                           mistakes=0.0, out=None, warm_cache=True, speech_cache=cache)
        records = table.run(1)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        if cache:
            shutil.rmtree(cache, ignore_errors=True)
    wall = time.perf_counter() - t0
    record = records[0] if records else None
    summary = record.summary() if record is not None else None
    return summary, handler.seen, (record.stuck if record is not None else table.stuck) or "", wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    playable = [g for g in games.names() if rules_for(g) is not None]
    parser.add_argument("--games", nargs="+", default=playable, choices=playable)
    parser.add_argument("--seeds", nargs="+", type=int, default=[5, 11])
    parser.add_argument("--render", nargs="+", type=float, default=[0.0, 3.0])
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--slowest", type=int, default=6, help="the slowest answers listed per case")
    args = parser.parse_args(argv)
    for game in args.games:
        for render in args.render:
            for seed in args.seeds:
                summary, seen, stuck, wall = case(game, args.players, seed, render)
                values = [s[0] for s in seen]
                head = (f"{game} at {table_size(game, args.players)} seats, seed {seed}, "
                        f"{render:g} s/sentence{' (empty cache)' if render else ''}:")
                if summary is None:
                    print(f"{head} no game ended ({stuck}); {wall:.0f} s wall")
                    continue
                print(f"{head} {len(values)} acts answered, own act -> first own sound p50 "
                      f"{summary['confirm_p50']} p95 {summary['confirm_p95']} max {summary['confirm_max']} s; "
                      f"{wall:.0f} s wall" + (f"; STUCK: {stuck}" if stuck else ""))
                slow = sorted(seen, reverse=True)[:args.slowest]
                by_key = collections.Counter(s[1] for s in seen if s[0] > (1.0 if not render else 1.5))
                if by_key:
                    print("   over the bound, by the clip that answered: "
                          + ", ".join(f"{k} {n}" for k, n in by_key.most_common()))
                for seconds, key, seat, act, at in slow:
                    print(f"   {seconds:5.2f} s  seat {seat + 1} {act} at {at:.2f}: {key}")
                print(f"   p95 of {len(values)}: {percentile(values, 0.95)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
