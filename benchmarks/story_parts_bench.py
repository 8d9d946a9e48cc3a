"""The story after game over, part by part: how long each part a seat heard lasted (issue 31:
parts of at most 15 s of speech, each ending with what the next press does).

Run: ``python3 benchmarks/story_parts_bench.py RUN.jsonl ...`` on the JSON lines of robot
tables (``firmware-host simulate --robots 7 --games 2 --seed 5 --game G > RUN.jsonl``, or
``own_act_bench.py --keep DIR``), or ``--play G --robots N --seed S [--games 2]`` to play one
here first. Prints figures; asserts nothing.

A part is one clip in a seat's earphone (its ``announce`` lines share a start) that ends with
``evening.story_more`` or ``evening.story_end``; its length is the clip's, from its start to
its end as played (real espeak-ng renders on the virtual clock). A part cut by the seat's own
press (said again whole after the answer cue) is not counted; the part said again is. For each
run: the parts heard, p50 / max seconds, how many passed 15 s, and the longest with its keys.
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

LIMIT = 15.0
CLOSING = ("evening.story_more", "evening.story_end")


def parts(path: Path) -> list[tuple[float, str, float, list[str]]]:
    """The story's parts heard in the run at ``path``: (seconds, seat channel, start, keys)."""
    clips: dict[tuple[str, float], list[dict]] = collections.OrderedDict()
    for text in path.read_text(encoding="utf-8").splitlines():
        if not text.startswith("{"):
            continue
        line = json.loads(text)
        if line.get("event") == "announce" and str(line.get("output", "")).startswith("seat") and "end" in line:
            clips.setdefault((line["output"], line["start"]), []).append(line)
    out = []
    for (seat, start), lines in clips.items():
        if lines[-1]["key"] in CLOSING and not any(o.get("cut") for o in lines):
            out.append((round(lines[0]["end"] - start, 2), seat, start, [o["key"] for o in lines]))
    return out


def report(path: Path) -> None:
    found = parts(path)
    if not found:
        print(f"{path}: no part of a story heard")
        return
    seconds = [p[0] for p in found]
    longest = max(found)
    print(f"{path}: parts {len(found)}  p50 {statistics.median(seconds):.1f} s  max {longest[0]:.1f} s  "
          f"over {LIMIT:g} s: {sum(s > LIMIT for s in seconds)}")
    print(f"    longest: {longest[1]} at {longest[2]:.2f}: {' + '.join(longest[3])}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="*", type=Path, help="JSON lines of robot tables")
    parser.add_argument("--play", help="play this game first (simulate --robots)")
    parser.add_argument("--robots", type=int, default=7)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args(argv)
    runs = list(args.runs)
    if args.play:
        out = Path(tempfile.mkdtemp(prefix="story-parts-")) / f"{args.play}-{args.robots}p-s{args.seed}.jsonl"
        with out.open("w", encoding="utf-8") as sink:
            subprocess.run([sys.executable, "-m", "firmware_host", "simulate", "--robots", str(args.robots),
                            "--games", str(args.games), "--seed", str(args.seed), "--game", args.play],
                           stdout=sink, check=False)
        runs.append(out)
    for path in runs:
        report(path)


if __name__ == "__main__":
    main()
