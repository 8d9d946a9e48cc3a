"""Fuzz every input format with 10,000 inputs and print the counts (issue 12).

Run: ``python3 benchmarks/fuzz_inputs.py [--inputs 10000] [--seed N]``. The inputs are
those of the suite's bounded fuzz test (``tests/service/fuzzing.py``: mutated ``simulate``
scripts and interactive lines on one running simulator, ``replay`` files, console JSON
bodies POSTed to the real console app), in the proportions 30/30/10/30 %. Prints, per
format, how many inputs were played or accepted, refused in one line, and crashed (a
traceback), with the first few crashes; exit status 1 when any input crashed.
"""

from __future__ import annotations

import argparse
import collections
import logging
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402

from tests.service.fuzzing import (ConsoleRunner, Crash, ReplayRunner, ScriptRunner, console_bodies,  # noqa: E402
                                   interactive_lines, lines_of)


def run(name: str, count: int, strategy, feed, seed: int, counts: dict, crashes: list) -> None:
    """Feed ``count`` inputs drawn from ``strategy`` to ``feed``, counting outcomes."""
    tally = counts[name]

    @settings(max_examples=count, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(value=strategy)
    def each(value):
        try:
            tally[feed(value)] += 1
        except Crash as exc:
            tally["crashed"] += 1
            crashes.append(f"{name}: {exc}"[:400])

    each._hypothesis_internal_use_seed = seed   # reproducible: the same inputs for the same seed
    started = time.monotonic()
    each()
    print(f"{name:12s} {sum(tally.values()):6d} inputs  " + "  ".join(f"{k} {v}" for k, v in sorted(tally.items()))
          + f"  ({time.monotonic() - started:.0f} s)", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    logging.basicConfig(level=logging.CRITICAL)       # the service's own warnings are expected
    n = args.inputs
    counts: dict = collections.defaultdict(collections.Counter)
    crashes: list[str] = []
    run("replay", n * 3 // 10, lines_of("replay", max_lines=8), ReplayRunner().feed, args.seed, counts, crashes)
    simulator = ScriptRunner()
    try:
        run("simulate", n * 3 // 10, lines_of("simulate", max_lines=4), simulator.feed, args.seed, counts, crashes)
        run("interactive", n // 10, interactive_lines, simulator.feed_interactive, args.seed, counts, crashes)
    finally:
        simulator.close()
    console = ConsoleRunner()
    try:
        run("console", n - (n * 3 // 10) * 2 - n // 10, console_bodies(), lambda b: console.feed(*b), args.seed,
            counts, crashes)
    finally:
        console.close()
    total = sum(sum(t.values()) for t in counts.values())
    crashed = sum(t["crashed"] for t in counts.values())
    print(f"{'all':12s} {total:6d} inputs  crashed {crashed}")
    distinct = list(dict.fromkeys(line[:160] for line in crashes))
    for line in distinct[:12]:
        print("  " + line)
    return 1 if crashed else 0


if __name__ == "__main__":
    sys.exit(main())
