#!/usr/bin/env python3
"""Engine speed of *In this way I become a DICTATOR*: complete random games per second on one
core, actions per game, and median microseconds per ``Game.apply``. Prints figures; asserts
nothing.

usage: python3 benchmarks/become_dictator_bench.py [--seconds S] [--players N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from firmware_host.games.become_dictator import Game, Setup
from firmware_host.games.become_dictator.playout import play_randomly


def games_per_second(setups: list[Setup], seconds: float, rng: random.Random) -> tuple[float, float]:
    """Play random complete games for ``seconds``; return (games per second, actions per game)."""
    games = actions = 0
    start = time.perf_counter()
    while True:
        game = Game(setups[games % len(setups)])
        game.start()
        actions += play_randomly(game, rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, actions / games


def apply_micros(setups: list[Setup], rng: random.Random, games: int = 200) -> float:
    """Median microseconds of one ``Game.apply`` over ``games`` random games."""
    times: list[float] = []
    for i in range(games):
        game = Game(setups[i % len(setups)])
        game.start()
        while game.phase != "game_over":
            waiting = game.awaiting()
            options = game.legal_actions(rng.choice(waiting))
            action = rng.choice(options)
            t0 = time.perf_counter()
            game.apply(action)
            times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, choices=range(4, 11))
    args = parser.parse_args()
    counts = [args.players] if args.players else list(range(4, 11))
    setups = [Setup(players=n) for n in counts]
    rng = random.Random(1)
    rate, per_game = games_per_second(setups, args.seconds, rng)
    print(f"become_dictator: {rate:,.0f} random complete games/s "
          f"({'/'.join(map(str, counts))} players, {per_game:.1f} actions per game)")
    print(f"become_dictator: median Game.apply {apply_micros(setups, rng):.1f} µs")


if __name__ == "__main__":
    main()
