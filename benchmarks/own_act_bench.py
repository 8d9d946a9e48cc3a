"""Own act -> first sound in one's own earphone (issue 31), per game, seed and render delay.

Run: ``python3 benchmarks/own_act_bench.py [--games G ...] [--seeds 5 11] [--render 0 3]
[--players 7] [--slowest 8] [--twice | --evening G,G,...] [--keep DIR]``. Prints figures; asserts
nothing. ``--keep DIR`` writes each case's JSON lines (what every seat heard, the ``robot`` and
summary lines) to ``DIR/<game or evening>-<seats>p-s<seed>-r<render>.jsonl``, to be read.

Three kinds of case, each a robot table on the real service and mocked board, set up from the
seats; with a render delay (``--render 3``: 3 s per sentence, a Pi Zero 2 W) an empty speech
cache of its own (a fresh Pi: every sentence is slow the first time it is said, and only then):

- default: one game per game and seed at 7 seats (Autocracy 6), robots reacting 1-2 s after
  their cue, no slips (as ``tests/robots/test_robots.py`` plays it for the figure);
- ``--twice``: issue 31's "Done when": each game twice in a row from the seats at 7 seats
  (Autocracy 6) with the robots of ``simulate --robots`` (each its own typical reaction from
  0.8-2.8 s, slips now and then), one figure per game played;
- ``--evening G,G,...``: the games in rotation on one board at ``--players`` seats (issue 31:
  6), one figure per game of the evening.

For each game played it prints the count of own acts answered, p50 / p95 / max seconds from
the act (the button going down, a tile laid) to the start of the first clip in the seat's own
earphone (the robot summary's ``confirm_*``), and the slowest answers: the act, its seat and
time, the cue it answered and the key of the clip that answered it, so a figure can be traced
to what kept the earphone waiting. Issue 31 wants p95 <= 1.0 s, and <= 1.5 s at 3 s per
sentence with an empty cache.
"""

from __future__ import annotations

import argparse
import collections
import io
import json
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


def case(game: str, players: int, seed: int, render: float, *, count: int = 1, plain: bool = False,
         keep: Path | None = None) -> tuple[list[dict], list, list[dict], str, float]:
    """Robot games on one board: ``game`` (a rotation ``a,b,...`` for an evening) ``count``
    times from the seats. ``plain``: the robots of ``simulate --robots`` (0.8-2.8 s, slips);
    else 1-2 s and no slips. Returns the summary lines, the confirmations (seconds, key, seat,
    act, at), the ``robot`` lines, why it stalled ("" if not) and the wall seconds. ``keep``: a
    file the case's JSON lines are written to."""
    cache = tempfile.mkdtemp(prefix="own-act-cache-") if render else None
    handler = _Confirms()
    logger = logging.getLogger("firmware_host.robots")
    level = logger.level
    logger.setLevel(logging.DEBUG)
    logger.addHandler(handler)
    out = io.StringIO()
    kwargs: dict = {} if plain else {"reaction": (1.0, 2.0), "mistakes": 0.0}
    if render:
        kwargs.update(render_seconds=render, warm_cache=True, speech_cache=cache)
    t0 = time.perf_counter()
    try:
        table = RobotTable(players, game, seed=seed, out=out, **kwargs)
        table.run(count)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
        if cache:
            shutil.rmtree(cache, ignore_errors=True)
    wall = time.perf_counter() - t0
    if keep is not None:
        keep.parent.mkdir(parents=True, exist_ok=True)
        keep.write_text(out.getvalue(), encoding="utf-8")
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    summaries = [line for line in lines if line.get("event") == "robots"]
    robots = [line for line in lines if line.get("event") == "robot"]
    return summaries, handler.seen, robots, table.stuck or "", wall


def _cue_of(robots: list[dict], seat: int, at: float) -> str:
    line = next((r for r in robots if r["seat"] == seat and abs(r["at"] - at) < 0.006), None)
    return (line.get("cue") or {}).get("key", "-") if line else "-"


def report(head: str, summaries: list[dict], seen: list, robots: list[dict], stuck: str, wall: float,
           render: float, slowest: int) -> None:
    """Print one case: a line per game played, the acts over the bound, the slowest answers."""
    print(f"{head} {len(summaries)} games, {wall:.0f} s wall" + (f"; STALLED: {stuck}" if stuck else ""))
    for s in summaries:
        print(f"   {s['game']}: own act -> first own sound p50 {s['confirm_p50']} p95 {s['confirm_p95']} "
              f"max {s['confirm_max']} s; silences {s['silences']}" + (f"; stuck: {s['stuck']}" if s.get("stuck") else ""))
    bound = 1.0 if not render else 1.5
    by_kind = collections.Counter((s[3], _cue_of(robots, s[2], s[4]), s[1]) for s in seen if s[0] > bound)
    if by_kind:
        print(f"   over {bound:g} s, by act, its cue and the clip that answered: "
              + ", ".join(f"{act} at {cue} -> {key} {n}" for (act, cue, key), n in by_kind.most_common()))
    for seconds, key, seat, act, at in sorted(seen, reverse=True)[:slowest]:
        print(f"   {seconds:5.2f} s  seat {seat + 1} {act} at {at:.2f} (cue {_cue_of(robots, seat, at)}): {key}")
    values = [s[0] for s in seen]
    print(f"   all games: p95 of {len(values)}: {percentile(values, 0.95)}")
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    playable = [g for g in games.names() if rules_for(g) is not None]
    parser.add_argument("--games", nargs="+", default=playable, choices=playable)
    parser.add_argument("--seeds", nargs="+", type=int, default=[5, 11])
    parser.add_argument("--render", nargs="+", type=float, default=[0.0, 3.0])
    parser.add_argument("--players", type=int, default=None, help="seats (default 7; 6 for an evening)")
    parser.add_argument("--slowest", type=int, default=6, help="the slowest answers listed per case")
    kind = parser.add_mutually_exclusive_group()
    kind.add_argument("--twice", action="store_true",
                      help="each game twice in a row from the seats with the robots of simulate --robots")
    kind.add_argument("--evening", metavar="G,G,...", help="these games in rotation on one board")
    parser.add_argument("--keep", metavar="DIR", type=Path, default=None,
                        help="write each case's JSON lines to a file in DIR (what the seats heard)")
    args = parser.parse_args(argv)

    def kept(name: str, players: int, seed: int, render: float) -> Path | None:
        if args.keep is None:
            return None
        return args.keep / f"{name.replace(',', '+')}-{players}p-s{seed}-r{render:g}.jsonl"

    for render in args.render:
        cache = " (empty cache)" if render else ""
        if args.evening:
            rotation = args.evening.split(",")
            players = args.players or 6
            for seed in args.seeds:
                result = case(args.evening, players, seed, render, count=len(rotation), plain=True,
                              keep=kept("evening", players, seed, render))
                report(f"evening {args.evening} at {players} seats, seed {seed}, {render:g} s/sentence{cache}:",
                       *result, render, args.slowest)
            continue
        for game in args.games:
            for seed in args.seeds:
                players = table_size(game, args.players or 7)
                result = case(game, players, seed, render, count=2 if args.twice else 1, plain=args.twice,
                              keep=kept(game, players, seed, render))
                report(f"{game} at {players} seats, seed {seed}, {render:g} s/sentence{cache}"
                       f"{', twice in a row' if args.twice else ''}:", *result, render, args.slowest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
