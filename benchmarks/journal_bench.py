"""Journal figures: the self-check at start and the cost of one write (issue 12).

Run: ``python3 benchmarks/journal_bench.py [--games 1000]``. Prints, for journals holding
10, 100 and ``--games`` finished games of about 150 entries each (a 7-player game), how long
``Journal(path)`` takes to open a sound journal (bytes, ``integrity_check``, the latest game's
entries decoded and CRC-checked, the witness), how long the repair of a damaged one takes
(the last page cut off), and the median and p99 time of one ``append_action`` (committed
with ``synchronous=FULL``, witness replaced and fsynced, a checkpoint every 8 writes).
Asserts nothing. On a Pi Zero 2 W expect 5-8x these figures and slower fsyncs (SD card).
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from firmware_host.service.journal import Journal  # noqa: E402
from firmware_host.games.secret_dictator.scripting import dealt_setup, random_game  # noqa: E402

SETUP = {"players": 7, "seed": 11, "language": "en"}


def fill(path: Path, games: int, actions: list[dict]) -> None:
    journal = Journal(path)
    db = journal._db
    setup = dealt_setup(SETUP).to_json()
    for _ in range(games - 1):          # old games in bulk (the timing of writes is measured below)
        gid = journal.begin_game(setup)
        from firmware_host.service.journal import _dumps, entry_crc
        db.execute("BEGIN")
        for action in actions:
            body = _dumps(action)
            db.execute("INSERT INTO entries(game, created, kind, body, crc) VALUES (?, ?, 'action', ?, ?)",
                       (gid, time.time(), body, entry_crc(gid, "action", body)))
        db.execute("COMMIT")
        journal.finish_game(gid)
    gid = journal.begin_game(setup)     # the game in play
    for action in actions[:100]:
        journal.append_action(gid, action)
    journal.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    logging.basicConfig(level=logging.CRITICAL)
    actions = random_game(SETUP, 3)
    while len(actions) < 150:
        actions = actions + actions
    actions = actions[:150]
    with tempfile.TemporaryDirectory() as tmp:
        for games in sorted({10, 100, args.games}):
            path = Path(tmp) / f"j{games}" / "journal.sqlite3"
            fill(path, games, actions)
            size = path.stat().st_size / 1e6
            opens = []
            for _ in range(5):
                t0 = time.perf_counter()
                Journal(path).close()
                opens.append(time.perf_counter() - t0)
            damaged = Path(tmp) / f"d{games}" / "journal.sqlite3"
            damaged.parent.mkdir()
            shutil.copyfile(path, damaged)
            os.truncate(damaged, damaged.stat().st_size - 4096)
            t0 = time.perf_counter()
            repaired = Journal(damaged)
            repair = time.perf_counter() - t0
            kept = len(repaired.actions(games)) if repaired.repair and repaired.repair.resumed else 0
            repaired.close()
            print(f"{games:5d} games ({size:5.1f} MB): open and check {statistics.median(opens) * 1000:7.1f} ms;"
                  f" repair after a cut-off page {repair * 1000:7.1f} ms ({kept} of 100 actions kept)")
        path = Path(tmp) / "writes" / "journal.sqlite3"
        journal = Journal(path)
        gid = journal.begin_game(dealt_setup(SETUP).to_json())
        times = []
        for action in actions * 2:
            t0 = time.perf_counter()
            journal.append_action(gid, action)
            times.append(time.perf_counter() - t0)
        journal.close()
        times.sort()
        print(f"append_action: median {statistics.median(times) * 1000:.2f} ms, "
              f"p99 {times[int(len(times) * 0.99)] * 1000:.2f} ms ({len(times)} writes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
