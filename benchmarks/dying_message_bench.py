#!/usr/bin/env python3
"""Dying Message engine speed: complete random games per second on one core, per player
count, and median microseconds per ``Game.apply``. Prints figures; asserts nothing.

usage: python3 benchmarks/dying_message_bench.py [--seconds S] [--players N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from firmware_host.games.dying_message import Game, Setup, deal
from firmware_host.games.dying_message.playout import play_randomly


def games_per_second(setup: Setup, seconds: float, rng: random.Random) -> tuple[float, float]:
    """Play random complete games of ``setup`` (characters dealt from ``rng``) for
    ``seconds``; return (games per second, actions per game)."""
    games = actions = 0
    start = time.perf_counter()
    while True:
        game = Game(setup.with_dealt(*deal(setup, rng)))
        game.start()
        actions += play_randomly(game, rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, actions / games


def median_apply_us(setup: Setup, games: int, rng: random.Random) -> float:
    """Median wall time of one ``Game.apply`` in microseconds over ``games`` random games."""
    samples: list[float] = []
    clock = time.perf_counter_ns
    for _ in range(games):
        game = Game(setup.with_dealt(*deal(setup, rng)))
        game.start()
        original = game.apply

        def timed(action, _apply=original):
            t0 = clock()
            events = _apply(action)
            samples.append((clock() - t0) / 1000)
            return events

        game.apply = timed  # type: ignore[method-assign]
        play_randomly(game, rng)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per player count")
    parser.add_argument("--players", type=int, default=None, help="one player count (4-10)")
    args = parser.parse_args()
    rng = random.Random(1)
    counts = [args.players] if args.players else list(range(4, 11))
    total_games = 0.0
    for n in counts:
        setup = Setup.from_json({"game": "dying_message", "players": n, "seed": 0})
        rate, per_game = games_per_second(setup, args.seconds, rng)
        total_games += rate
        print(f"{n:2d} players: {rate:7.0f} random complete games/s, {per_game:5.1f} actions per game")
    setup = Setup.from_json({"game": "dying_message", "players": 7, "seed": 0})
    print(f"mean over player counts: {total_games / len(counts):.0f} games/s; "
          f"median apply at 7 players: {median_apply_us(setup, 300, rng):.2f} µs")


if __name__ == "__main__":
    main()
