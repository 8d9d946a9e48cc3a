"""Memory of a long evening in one process (issue 34): console-played and board-signal games
mixed, one after the other, in one ``simulate`` service on one journal.

Run: ``python3 benchmarks/evening_bench.py [--games 300] [--seed 0]``. Prints the resident
set size (RSS, ``/proc/self/status``) after games 10, 40, 100 and 300 (those up to
``--games``), the growth from game 10 to game 40 and to the last game (aim: within 8 MB from
game 10 to game 40, flat after), and how many games ended other than their actions say;
asserts nothing.

The evening is :func:`firmware_host.games.secret_dictator.scripting.evening_game`'s: even
games entered by the game master at the console (``gm act`` lines, no wait, so the table is
far behind at their end), odd games played by board signals (presses, scans, tiles, slots),
each begun by the game master's ``gm start`` after the table is cleared, exactly as one
``firmware-host simulate`` script would play them (the same test plays 40 such games:
``tests/service/test_long_evening.py``). Output lines go to ``/dev/null``.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from firmware_host.clock import VirtualClock  # noqa: E402
from firmware_host.games.secret_dictator.scripting import cleared_table, evening_game  # noqa: E402
from firmware_host.service.signals import parse_object  # noqa: E402
from firmware_host.service.simulator import Simulator  # noqa: E402
from simulate_soak import rss_mb  # noqa: E402  (this folder's memory soak: the same RSS figure)

CHECKPOINTS = (10, 40, 100, 300)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    checkpoints = sorted({c for c in CHECKPOINTS if c <= args.games} | {args.games})
    figures: dict[int, float] = {}
    wrong = 0
    with tempfile.TemporaryDirectory() as tmp, open(os.devnull, "w") as devnull:
        sim = Simulator(None, out=devnull, journal_path=os.path.join(tmp, "journal.sqlite3"), prompt=devnull)
        sim.start(VirtualClock())
        started = time.monotonic()
        last: list[dict] = []
        line = 0
        try:
            for n in range(args.games):
                setup, played, result = evening_game(n, args.seed)
                start = {"setup": setup} if n == 0 else {"signal": "gm", "command": "start", "setup": setup}
                mark = len(sim.starts)
                for obj in cleared_table(last) + [start] + played:
                    line += 1
                    previous = len(sim.starts)
                    sim.play(parse_object(obj, line), mark)
                    mark = previous
                last = played
                game = sim.service.game.game if sim.service else None
                ended = {"winner": getattr(game, "winner", None), "reason": getattr(game, "reason", None)}
                if ended != result:
                    wrong += 1
                    print(f"game {n + 1} ended {ended}, its actions say {result}", file=sys.stderr)
                if n + 1 in checkpoints:
                    gc.collect()
                    figures[n + 1] = rss_mb()
                    print(f"after game {n + 1:4d}: RSS {figures[n + 1]:6.1f} MB   "
                          f"({line} signals, {time.monotonic() - started:.0f} s)", flush=True)
        finally:
            sim.stop()
    for upto in sorted({40, args.games}):
        if 10 in figures and upto in figures and upto > 10:
            print(f"growth from game 10 to game {upto}: {figures[upto] - figures[10]:+.1f} MB"
                  + ("   (aim: within 8 MB)" if upto == 40 else ""))
    print(f"games that ended other than their actions say: {wrong} of {args.games}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
