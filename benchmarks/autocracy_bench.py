#!/usr/bin/env python3
"""Engine speed of *Autocracy*: random complete games per second on one core, actions per
game, rounds per game and median microseconds per ``Game.apply``; with ``--robots K``, the
minutes K robot games of 4 seats take at the table (``firmware-host simulate --robots 4``:
set up from the seats, real clip lengths on the virtual clock). Prints figures; asserts
nothing.

usage: python3 benchmarks/autocracy_bench.py [--seconds S] [--players N] [--robots K]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time

from firmware_host.games.autocracy import Game, Setup, deal
from firmware_host.games.autocracy.playout import play_randomly, random_action


def new_game(players: int, seed: int) -> Game:
    """A started game of ``players`` seats, its Mentors and pile drawn from ``seed``."""
    setup = Setup.from_json({"players": players, "seed": seed})
    game = Game(setup.with_dealt(*deal(setup)))
    game.start()
    return game


def games_per_second(counts: list[int], seconds: float, rng: random.Random) -> tuple[float, float, float]:
    """Play random complete games for ``seconds``; return (games per second, actions per
    game, rounds per game)."""
    games = actions = rounds = 0
    start = time.perf_counter()
    while True:
        game = new_game(counts[games % len(counts)], games)
        actions += play_randomly(game, rng)
        rounds += game.round
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, actions / games, rounds / games


def apply_micros(counts: list[int], rng: random.Random, games: int = 100) -> float:
    """Median microseconds of one ``Game.apply`` over ``games`` random games."""
    times: list[float] = []
    for i in range(games):
        game = new_game(counts[i % len(counts)], i)
        while game.phase != "game_over":
            action = random_action(game, rng)
            t0 = time.perf_counter()
            game.apply(action)
            times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def robot_minutes(games: int, players: int = 4) -> list[float]:
    """The table minutes of ``games`` robot games (seeds 1..games), each set up from the seats."""
    minutes = []
    for seed in range(1, games + 1):
        out = subprocess.run([sys.executable, "-m", "firmware_host", "simulate", "--robots", str(players),
                              "--game", "autocracy", "--seed", str(seed)],
                             capture_output=True, text=True, timeout=3600).stdout
        for line in out.splitlines():
            obj = json.loads(line) if line.startswith("{") else {}
            if obj.get("event") == "robots" and obj.get("winner") is not None:
                minutes.append(float(obj["minutes"]))
    return minutes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, choices=range(2, 7))
    parser.add_argument("--robots", type=int, default=0, metavar="K",
                        help="also play K robot games of 4 seats and print their table minutes")
    args = parser.parse_args()
    counts = [args.players] if args.players else list(range(2, 7))
    rng = random.Random(1)
    rate, per_game, rounds = games_per_second(counts, args.seconds, rng)
    print(f"autocracy: {rate:,.0f} random complete games/s "
          f"({'/'.join(map(str, counts))} players, {per_game:.1f} actions and {rounds:.1f} "
          "rounds per game)")
    print(f"autocracy: median Game.apply {apply_micros(counts, rng):.1f} µs")
    if args.robots:
        minutes = robot_minutes(args.robots)
        if minutes:
            print(f"autocracy: a robot game of 4 seats takes {statistics.median(minutes):.1f} minutes at the "
                  f"table (median of {len(minutes)}; {min(minutes):.1f}-{max(minutes):.1f})")
        else:
            print("autocracy: no robot game of 4 seats reached its end")


if __name__ == "__main__":
    main()
