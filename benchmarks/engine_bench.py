#!/usr/bin/env python3
"""Engine speed: complete random games per second on one core, and median microseconds per
``Game.apply``. Prints figures; asserts nothing (the target is >= 2,000 games/s).

usage: python3 benchmarks/engine_bench.py [--seconds S] [--players N] [--variant V] [--untracked]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from firmware_host.games.secret_dictator import Game, Setup, deal
from firmware_host.games.secret_dictator.playout import play_randomly


def _setups(args: argparse.Namespace) -> list[Setup]:
    counts = [args.players] if args.players else list(range(5, 11))
    variants = [args.variant] if args.variant else ["rulebook", "official"]
    return [Setup.from_json({"players": n, "variant": v, "seed": 0,
                             **({"deck": "untracked"} if args.untracked else {})})
            for n in counts for v in variants]


def games_per_second(setups: list[Setup], seconds: float, rng: random.Random) -> tuple[float, float]:
    """Play random complete games for ``seconds``; return (games per second, actions per game)."""
    games = actions = 0
    start = time.perf_counter()
    while True:
        setup = setups[games % len(setups)]
        game = Game(setup.with_dealt(*deal(setup, rng)))
        game.start()
        actions += play_randomly(game, rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, actions / games


def median_apply_us(setups: list[Setup], games: int, rng: random.Random) -> float:
    """Median wall time of one ``Game.apply`` in microseconds over ``games`` random games."""
    samples: list[float] = []
    clock = time.perf_counter_ns
    for i in range(games):
        setup = setups[i % len(setups)]
        game = Game(setup.with_dealt(*deal(setup, rng)))
        game.start()
        original = game.apply

        def timed(action, _apply=original):
            t0 = clock()
            events = _apply(action)
            samples.append((clock() - t0) / 1000)
            return events

        proxy = _Timed(game, timed)
        play_randomly(proxy, rng)  # type: ignore[arg-type]
    return statistics.median(samples)


class _Timed:
    """A Game proxy whose ``apply`` is timed (Game has __slots__, so no monkey-patching)."""

    def __init__(self, game: Game, apply) -> None:
        self._game = game
        self.apply = apply

    def __getattr__(self, name):
        return getattr(self._game, name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--variant", choices=["rulebook", "official"], default=None)
    parser.add_argument("--untracked", action="store_true")
    args = parser.parse_args()
    setups = _setups(args)
    rng = random.Random(2026)
    rate, per_game = games_per_second(setups, args.seconds, rng)
    median = median_apply_us(setups, 300, rng)
    print(f"random complete games per second (one core): {rate:,.0f}")
    print(f"actions per game (mean): {per_game:.1f}")
    print(f"median Game.apply: {median:.2f} us")


if __name__ == "__main__":
    main()
