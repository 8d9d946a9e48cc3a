"""Memory soak of ``simulate``: many whole games in one simulator process (issue 12).

Run: ``python3 benchmarks/simulate_soak.py [--games 300] [--audio-dir DIR]``. Prints the
resident set size (RSS, from ``/proc/self/status``) after games 1, 10, 100 and the last, and
the growth after the tenth game; asserts nothing (aim: flat within 5 MB after the tenth).

Each game is a seeded random game (5–10 players) turned into board signals
(``scripting.signals_for_game``) and played signal by signal on the real board service and
the mocked board (gpiozero mock pins, pseudo-terminal readers), one after the other in one
:class:`~firmware_host.service.simulator.Simulator` on one journal, as the interactive
board or the console would play them. Output lines go to ``/dev/null``.
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

from firmware_host.clock import VirtualClock  # noqa: E402
from firmware_host.games.secret_dictator.scripting import random_game, signals_for_game  # noqa: E402
from firmware_host.service.signals import parse_object  # noqa: E402
from firmware_host.service.simulator import Simulator, physical_state  # noqa: E402


def clear_table(previous: list) -> list[dict]:
    """The signals that take every law off the tracks and put the tracker pin back in hole 0
    after a game (``previous``: its parsed signals), as the table does before the next one."""
    slots, tracker = physical_state(previous)
    out = [{"signal": "slot", "track": track, "slot": k, "state": "emptied"}
           for track, filled in slots.items() for k in sorted(filled)]
    if tracker != 0:
        out.append({"signal": "tracker", "position": 0})
    return out


def rss_mb() -> float:
    """This process's resident set size in MB (``VmRSS``)."""
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--audio-dir", default=None, help="render speech into WAVs there (slow)")
    args = parser.parse_args()
    checkpoints = sorted({1, 10, 100, args.games} & set(range(1, args.games + 1)))
    with tempfile.TemporaryDirectory() as tmp, open(os.devnull, "w") as devnull:
        sim = Simulator(None, out=devnull, journal_path=os.path.join(tmp, "journal.sqlite3"),
                        audio_dir=args.audio_dir, prompt=devnull)
        sim.start(VirtualClock())
        started = time.monotonic()
        figures: dict[int, float] = {}
        signals = 0
        last: list = []
        try:
            for n in range(1, args.games + 1):
                setup = {"players": 5 + n % 6, "seed": n, "language": "en" if n % 2 else "de"}
                mark = len(sim.lines)
                played = []
                for i, obj in enumerate(clear_table(last) + signals_for_game(setup, random_game(setup, n)),
                                        start=1):
                    previous = len(sim.lines)
                    sig = parse_object(obj, i)
                    sim.play(sig, mark)
                    played.append(sig)
                    mark = previous
                    signals += 1
                last = played
                state = sim.service.game.game if sim.service else None
                if state is None or state.phase != "game_over":
                    print(f"game {n} did not end (phase {getattr(state, 'phase', None)})", file=sys.stderr)
                if n in checkpoints:
                    gc.collect()
                    figures[n] = rss_mb()
                    print(f"after game {n:4d}: RSS {figures[n]:6.1f} MB   "
                          f"({signals} signals, {time.monotonic() - started:.0f} s)", flush=True)
        finally:
            sim.stop()
    if 10 in figures and args.games > 10:
        growth = figures[args.games] - figures[10]
        print(f"growth after the tenth game: {growth:+.1f} MB over {args.games - 10} games "
              f"({growth * 1024 / (args.games - 10):+.1f} KB a game; aim: within 5 MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
