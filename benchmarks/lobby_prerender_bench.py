"""A fresh board's first setup from the seats, before and after the boot's pre-render of the
setup's sentences (issue 31).

Run: ``python3 benchmarks/lobby_prerender_bench.py [--seeds 7] [--players 6] [--render 3]
[--game G,G,...] [--walked N]``. Prints figures; asserts nothing.

1. The plan: how many (channel, text, language) items the lobby lists at boot
   (``Lobby.sentences``), how many distinct sentences that is per language, the seconds this
   machine takes to render them all with the real speech engine into an empty cache (and per
   sentence), the MB they take on disk, and the CPU seconds and peak memory of listing them.
   A Pi Zero 2 W renders 5-8x slower (``firmware_host.audio.slow``).
2. The first setup from the seats of a robot table (``simulate --robots``) at ``--render``
   seconds per sentence on the virtual clock: with an empty speech cache (``simulate`` boots
   as the board does and walks the boot's plan before its clock moves, ``audio.slow.BootWalk``:
   the same as a board after its walk) and with the cache the boot walk leaves (only the
   setup's sentences in it; everything else still slow), and for reference
   with no render delay (every sentence as quick as from a warm cache). Per case: the
   seconds from the first press of the setup to "everyone is here", and the longest gap
   between two of the setting-up seat's clips.
"""

from __future__ import annotations

import argparse
import collections
import io
import json
import shutil
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from firmware_host.clock import VirtualClock  # noqa: E402
from firmware_host.robots.table import RobotTable  # noqa: E402
from firmware_host.service.simulator import Simulator  # noqa: E402


def fill(cache: str, limit: int | None = None) -> dict:
    """Walk the boot's setup plan into ``cache`` with the real renderer, as the board's
    pre-render thread does (only its first ``limit`` sentences: a board switched on that
    little before the first press); returns its figures."""
    sim = Simulator(None, out=io.StringIO(), speech_cache=cache)
    sim.start(VirtualClock())
    try:
        lobby = sim.service.game.table.lobby
        tracemalloc.start()
        cpu = time.process_time()
        items = list(lobby.sentences())
        cpu = time.process_time() - cpu
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
        audio = sim.service.voice.audio
        settings = audio.settings
        distinct = {(text, language, settings.rate(channel)): channel for channel, text, language in items}
        if limit is not None:
            distinct = dict(list(distinct.items())[:limit])
        t0 = time.perf_counter()
        for (text, language, rate) in distinct:
            audio.renderer.render(text, language, settings.voice, rate, background=True).wait(120)
        wall = time.perf_counter() - t0
    finally:
        sim.stop()
    size = sum(p.stat().st_size for p in Path(cache).rglob("*") if p.is_file()) / 1e6
    languages = collections.Counter(language for _, language, _ in distinct)
    return {"items": len(items), "distinct": len(distinct), "languages": dict(languages), "list_cpu_s": cpu,
            "list_peak_mb": peak, "render_s": wall, "per_sentence_s": wall / max(1, len(distinct)), "mb": size}


def first_setup(game: str, players: int, seed: int, render: float, cache: str, bound: float) -> dict:
    """The first setup from the seats of a robot table on ``cache``: its seconds and gaps."""
    out = io.StringIO()
    table = RobotTable(players, game, seed=seed, out=out, render_seconds=render, warm_cache=True,
                       speech_cache=cache)
    t0 = time.perf_counter()
    table.run(1)
    wall = time.perf_counter() - t0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    said = [o for o in lines if o.get("event") == "announce" and "start" in o]
    begin = next(o for o in said if o.get("key") == "lobby.start")
    done = next(o for o in said if o.get("key") == "lobby.all_present" and o["start"] >= begin["start"])
    seat = begin["channel"]
    own = [o for o in said if o["channel"] == seat and begin["start"] <= o["start"] <= done["start"]
           and "end" in o]
    gaps = [(b["start"] - a["end"], a.get("key"), b.get("key")) for a, b in zip(own, own[1:])]
    worst = max(gaps, default=(0.0, "-", "-"))
    slow = collections.Counter(b for g, a, b in gaps if g >= bound)
    return {"setup_s": done["start"] - begin["start"], "worst_gap": worst, "clips": len(own), "wall": wall,
            "slow": slow}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", nargs="+", type=int, default=[7])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--render", type=float, default=3.0)
    parser.add_argument("--game", default="secret_dictator")
    parser.add_argument("--walked", type=int, default=None,
                        help="also a case with only the plan's first N sentences walked (a board on for a few minutes)")
    args = parser.parse_args(argv)
    warm = tempfile.mkdtemp(prefix="lobby-plan-cache-")
    part = tempfile.mkdtemp(prefix="lobby-part-cache-") if args.walked else None
    try:
        if part is not None:
            p = fill(part, args.walked)
            print(f"the plan's first {p['distinct']} sentences: {p['render_s']:.1f} s here, {p['mb']:.1f} MB")
        f = fill(warm)
        print(f"boot plan of the setup from the seats: {f['items']} items, {f['distinct']} sentences to render "
              f"{f['languages']}; listing {f['list_cpu_s']:.2f} CPU s, peak {f['list_peak_mb']:.1f} MB; "
              f"rendering {f['render_s']:.1f} s here ({f['per_sentence_s']:.3f} s a sentence; a Pi Zero 2 W "
              f"5-8x: {f['render_s'] * 5 / 60:.1f}-{f['render_s'] * 8 / 60:.1f} min); {f['mb']:.1f} MB on disk")
        sys.stdout.flush()
        for seed in args.seeds:
            cases = [("empty cache, walked at boot", None, args.render), ("after the boot walk", warm, args.render),
                     ("every sentence cached (a later evening)", None, 0.0)]
            if part is not None:
                cases.insert(1, (f"after the first {args.walked} sentences of the walk", part, args.render))
            for label, filled, render in cases:
                cache = tempfile.mkdtemp(prefix="lobby-case-cache-")
                try:
                    if filled:
                        shutil.rmtree(cache)
                        shutil.copytree(filled, cache)
                    r = first_setup(args.game, args.players, seed, render, cache, args.render * 0.9)
                finally:
                    shutil.rmtree(cache, ignore_errors=True)
                gap, after, before = r["worst_gap"]
                print(f"{args.game} {args.players} seats seed {seed}, {render:g} s a sentence, {label}: first setup "
                      f"{r['setup_s']:.1f} s ({r['clips']} clips in the setting-up seat's earphone), longest gap "
                      f"{gap:.1f} s ({after} -> {before}); {r['wall']:.0f} s wall")
                if args.render:
                    print(f"   clips starting {args.render * 0.9:g} s or more after the one before: "
                          + (", ".join(f"{k} {n}" for k, n in r["slow"].most_common()) or "none"))
                sys.stdout.flush()
    finally:
        shutil.rmtree(warm, ignore_errors=True)
        if part is not None:
            shutil.rmtree(part, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
