#!/usr/bin/env python3
"""The long clips of robot tables (issue 31): every message key whose clip lasted at least
``--seconds`` (default 15) on an output, from the ``announce`` lines (``start``, ``end``,
``output``) of ``simulate`` runs.

Usage::

    firmware-host simulate --robots 7 --game dying_message --seed 5 > run.jsonl
    benchmarks/long_clips.py run.jsonl [more.jsonl ...] [--seconds 15]

or let it run the robot tables itself (``--game G --robots N --seed S``, one game each)::

    benchmarks/long_clips.py --game autocracy --robots 6 --seed 5

Prints one line per key and output kind (``table``: the table speaker, ``seat``: an
earphone): the longest clip's seconds, how many clips of the key were that long, and its
text. A clip several lines share (a seat's status, a padded private clip) is counted once,
under its first line's key.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path


def clips(lines):
    """``(output kind, key, seconds, text)`` of every played clip in ``lines`` (JSON objects)."""
    seen = set()
    for o in lines:
        if o.get("event") != "announce" or "start" not in o or "end" not in o or "output" not in o:
            continue
        clip = (o["output"], o["start"], o["end"])
        if clip in seen:
            continue
        seen.add(clip)
        kind = "table" if o["output"] == "table" else "seat"
        yield kind, o.get("key", ""), float(o["end"]) - float(o["start"]), o.get("text", "")


def read(path: Path):
    for raw in path.read_text(encoding="utf-8").splitlines():
        raw = raw.strip()
        if raw.startswith("{"):
            try:
                yield json.loads(raw)
            except json.JSONDecodeError:
                continue


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--game", action="append", default=[])
    parser.add_argument("--robots", type=int, default=6)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    runs = [list(read(p)) for p in args.files]
    for game in args.game:
        out = subprocess.run([sys.executable, "-m", "firmware_host", "simulate", "--robots", str(args.robots),
                              "--game", game, "--seed", str(args.seed), "--games", "1"],
                             capture_output=True, text=True, check=False)
        runs.append([json.loads(l) for l in out.stdout.splitlines() if l.startswith("{")])
    longest: dict[tuple, list] = defaultdict(lambda: [0.0, 0, ""])
    total = 0
    for lines in runs:
        for kind, key, seconds, text in clips(lines):
            total += 1
            if seconds >= args.seconds:
                entry = longest[(kind, key)]
                entry[1] += 1
                if seconds > entry[0]:
                    entry[0], entry[2] = seconds, text
    print(f"{total} clips; {sum(e[1] for e in longest.values())} of at least {args.seconds:g} s")
    for (kind, key), (seconds, count, text) in sorted(longest.items(), key=lambda kv: -kv[1][0]):
        print(f"{seconds:7.1f} s  {count:4d}x  {kind:5s}  {key}  {text[:100]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
