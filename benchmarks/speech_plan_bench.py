"""The table's speech plan, per game: how many sentences a named table of 10 seats has
pre-rendered when a game is set up, how long listing them takes, and how much memory.

Run: ``python3 benchmarks/speech_plan_bench.py [--seats N] [--language de]``. Prints figures;
asserts nothing. The plan is lazy (a generator walked by the pre-render thread one sentence at
a time), so what counts on a Pi Zero 2 W (512 MB, a slow CPU) is the CPU seconds of walking it
once (this machine's; a Pi Zero 2 W is about 10x slower) and the peak memory of the walk
(``tracemalloc``); the renders themselves are the audio layer's (``benchmarks/budget_bench.py``).
Per game: sentences (public / in earphones), CPU seconds, peak MB, and the `following` list
after one announcement.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from firmware_host.kernel import games  # noqa: E402
from firmware_host.table import Words  # noqa: E402
from firmware_host.table.speech_plan import SpeechPlan  # noqa: E402

NAMES = ["Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Gustav", "Hanna", "Ida", "Jonas"]


def plan_of(game: str) -> SpeechPlan:
    """The table's plan of a registered game (its adapter's data and catalogue)."""
    cat = importlib.import_module(f"firmware_host.games.{game}.catalogue")
    board = importlib.import_module(games.REGISTRY[game].rsplit(".", 1)[0] + ".board")
    adapter = next(c for c in vars(board).values() if isinstance(c, type) and getattr(c, "NAME", "") == game)
    return SpeechPlan.for_game(adapter, Words(cat.text, cat.keys(), cat.is_private, catalogue=cat.CATALOGUE))


def main() -> None:
    """Print the figures of every registered game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=10)
    parser.add_argument("--language", default="de")
    args = parser.parse_args()
    names = dict(enumerate(NAMES[:args.seats]))
    print(f"speech plan of a named table of {args.seats} seats, language {args.language}")
    print(f"{'game':18} {'sentences':>9} {'public':>7} {'private':>7} {'distinct':>8} {'cpu_s':>6} {'peak_MB':>7} {'following':>9}")
    for game in games.names():
        plan = plan_of(game)
        tracemalloc.start()
        cpu = time.process_time()
        items = list(plan.sentences(args.seats, args.language, names, "auto"))
        cpu = time.process_time() - cpu
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
        follow = sum(len(plan.following(key, {"seat": 0}, args.seats, args.language, names, "auto", True))
                     for key in plan.following_keys)
        public = sum(1 for c, _ in items if c == "public")
        print(f"{game:18} {len(items):9d} {public:7d} {len(items) - public:7d} {len({t for _, t in items}):8d} {cpu:6.2f} {peak:7.1f} {follow:9d}")


if __name__ == "__main__":
    main()
