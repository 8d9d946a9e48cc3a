"""Robot tables (issue 23): seeded robot games per game, with no render delay and with 3 s per
sentence (a Pi Zero 2 W), and how long each game takes at the table by player count.

Run: ``python3 benchmarks/robots_bench.py [--per-game 20] [--render 0 3] [--players 5 7 9]
[--games secret_dictator ...]``. Prints figures; asserts nothing.

An evening (issue 31): ``python3 benchmarks/robots_bench.py --evening secret_dictator,autocracy,
become_dictator,dying_message --players 6 --seeds 5 11 [--render 0 3] [--rounds 1] [--keep DIR]``
plays the games in rotation on one board per seed, each set up from the seats (at 3 s per
sentence with an empty speech cache of its own: a fresh Pi's first evening), and prints per game its
minutes, whether the right game started, own act → first sound in one's own earphone, the
status's first answer, silences of 30 s, and from the ``robot`` and ``picked`` lines (issue
30) the picks that chose the item meant, by the reaction (0.8-1, 1-2, 2-3 s after the item
ended), and the wrong picks that became final; and whether the evening stalled. Every game is
``firmware-host simulate --robots N --game G --seed S`` (the real service on the mocked board,
its virtual clock, every clip its real length from the speech cache), so the table's minutes
are the same on any machine; the wall seconds are this machine's. Each robot has its own
typical reaction drawn from 0.8-2.8 s (as people differ) and slips now and then; each game is
set up from the seats.

Per game and render delay: games played to their end (of those tried), the table's minutes
by player count (median, lowest-highest), and over all its games the confirmation of one's
own act (p50 / p95 / max seconds from the act to the start of its confirmation in one's own
earphone), cue → act p50, silences, stale instructions, scans and scan hits, slips answered.
"""

from __future__ import annotations

import argparse
import io
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from firmware_host.kernel import games  # noqa: E402
from firmware_host.robots.table import RobotTable, percentile, rules_for  # noqa: E402
from picks_bench import figures as pick_figures  # noqa: E402  (the one count of picks, issue 30)


def play(game: str, players: int, seed: int, render: float) -> tuple[dict | None, float, str]:
    """One robot game: its summary line (None when it did not end), wall seconds, why stuck."""
    t0 = time.perf_counter()
    table = RobotTable(players, game, seed=seed, render_seconds=render, out=None)
    records = table.run(1)
    wall = time.perf_counter() - t0
    record = records[0] if records else None
    if record is None or record.stuck:
        return None, wall, (record.stuck if record is not None else table.stuck)
    return record.summary(), wall, ""


def evening(rotation: str, players: int, seed: int, render: float, rounds: int,
            keep: Path | None = None) -> tuple[list[dict], dict, str, float]:
    """One evening: the games' summary lines, the pick figures, why it stalled, wall seconds.
    With a render delay, a fresh Pi's first evening: an empty speech cache of its own, in which
    a sentence is slow the first time it is said and only then (``simulate --fresh-cache``).
    ``keep``: a file the evening's JSON lines are written to (what every seat heard)."""
    t0 = time.perf_counter()
    out = io.StringIO()
    cache = tempfile.mkdtemp(prefix="robots-bench-cache-") if render else None
    try:
        table = RobotTable(players, rotation, seed=seed, render_seconds=render, out=out,
                           **({"warm_cache": True, "speech_cache": cache} if cache else {}))
        table.run(rounds * len(table.rotation))
    finally:
        if cache:
            shutil.rmtree(cache, ignore_errors=True)
    if keep is not None:
        keep.parent.mkdir(parents=True, exist_ok=True)
        keep.write_text(out.getvalue(), encoding="utf-8")
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    summaries = [line for line in lines if line.get("event") == "robots"]
    return summaries, pick_figures(lines), table.stuck, time.perf_counter() - t0


def _evening_main(args: argparse.Namespace) -> int:
    for render in args.render:
        for seed in args.seeds:
            keep = (args.keep / f"evening-{args.players}p-s{seed}-r{render:g}.jsonl") if args.keep else None
            summaries, picks, stuck, wall = evening(args.evening, args.players, seed, render, args.rounds, keep)
            wanted = args.evening.split(",")
            print(f"== evening {args.evening} at {args.players} seats, seed {seed}, render {render:g} s/sentence: "
                  f"{len(summaries)} games, {wall:.0f} s wall" + (f"; STALLED: {stuck}" if stuck else ""))
            for i, s in enumerate(summaries):
                meant = wanted[i % len(wanted)]
                print(f"   {s['game']}{'' if s['game'] == meant else f' (meant {meant})'} (seed {s.get('seed')}): "
                      f"{s['minutes']} min, "
                      f"own act -> first own sound p50 {s['confirm_p50']} p95 {s['confirm_p95']} max "
                      f"{s['confirm_max']} s; status first answer max {s.get('status_first_max')} s "
                      f"({s.get('status_holds', 0)} holds); silences {s['silences']}"
                      + (f"; stuck: {s['stuck']}" if s.get("stuck") else ""))
            bands = picks["bands"]
            print("   picks of the item meant: " + ", ".join(
                f"{band} s {hit}/{n} ({100.0 * hit / n:.1f} %)" if n else f"{band} s -" for band, (n, hit) in bands.items())
                + f"; wrong picks that became final {picks['wrong_final']}")
            sys.stdout.flush()
    return 0


def _player_counts(game: str) -> list[int]:
    """The player counts the game's setup from the seats offers (on a 10-seat board)."""
    from firmware_host.service.settings import ServiceSettings
    try:
        questions = games.pack(game).lobby().questions(10, ServiceSettings())
    except Exception:  # noqa: BLE001 - a benchmark: fall back to the counts asked for
        return []
    return [o["params"].get("count") for q in questions if q.get("name") == "players" for o in q["options"]]


def main() -> int:
    """Play the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-game", type=int, default=20, help="seeded games per game and render delay")
    parser.add_argument("--render", type=float, nargs="+", default=[0.0, 3.0], help="render delays (s/sentence)")
    parser.add_argument("--players", type=int, nargs="+", default=[5, 7, 9],
                        help="player counts, in turn (those the game's setup does not offer are left out)")
    parser.add_argument("--games", nargs="+", default=[g for g in games.names() if rules_for(g) is not None])
    parser.add_argument("--evening", metavar="G,G,...", help="an evening: these games in rotation on one board")
    parser.add_argument("--seeds", type=int, nargs="+", default=[5, 11], help="with --evening: one evening per seed")
    parser.add_argument("--rounds", type=int, default=1, help="with --evening: rounds of the rotation")
    parser.add_argument("--keep", type=Path, default=None, metavar="DIR",
                        help="with --evening: write each evening's JSON lines to a file in DIR")
    args = parser.parse_args()
    if args.evening:
        args.players = args.players[0] if args.players != [5, 7, 9] else 6
        return _evening_main(args)
    for game in args.games:
        for render in args.render:
            done, stuck, walls = [], [], []
            minutes: dict[int, list[float]] = {}
            offered = _player_counts(game) or args.players
            counts = [n for n in args.players if n in offered] or [min(offered)]
            for seed in range(args.per_game):
                players = counts[seed % len(counts)]
                summary, wall, why = play(game, players, seed, render)
                walls.append(wall)
                if summary is None:
                    stuck.append(f"seed {seed}, {players} players: {why}")
                    continue
                done.append(summary)
                minutes.setdefault(players, []).append(summary["minutes"])
            print(f"== {game}, render {render:g} s/sentence: {len(done)} of {args.per_game} games played to "
                  f"their end, {statistics.median(walls):.1f} s wall per game (median)")
            for players, mins in sorted(minutes.items()):
                print(f"   {players} players: {statistics.median(mins):.1f} min at the table "
                      f"({min(mins):.1f}-{max(mins):.1f}, {len(mins)} games)")
            if done:
                def agg(key: str, q: float) -> float | None:
                    return percentile([s[key] for s in done if s[key] is not None], q)
                scans = sum(s["scans"] for s in done)
                hits = sum(s["scan_hits"] for s in done)
                mistakes = sum(s["mistakes"] for s in done)
                print(f"   confirmation of one's own act: p50 {agg('confirm_p50', 0.5)} s, p95 (median over games) "
                      f"{agg('confirm_p95', 0.5)} s, worst p95 {agg('confirm_p95', 1.0)} s, max {agg('confirm_max', 1.0)} s")
                print(f"   cue -> act p50 {agg('cue_to_action_p50', 0.5)} s; silences {sum(s['silences'] for s in done)}; "
                      f"stale {sum(s['stale'] for s in done)}; scans {scans}, hits {hits} "
                      f"({100.0 * hits / scans if scans else 0:.1f} %); slips {mistakes}, answered "
                      f"{sum(s['mistakes_answered'] for s in done)}; table share "
                      f"{statistics.median(s['table_share'] for s in done):.2f}")
            for line in stuck[:5]:
                print(f"   not ended: {line}")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
