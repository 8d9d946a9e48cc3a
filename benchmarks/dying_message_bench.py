#!/usr/bin/env python3
"""Dying Message engine speed: complete random games per second on one core, per player
count, and median microseconds per ``Game.apply``. Prints figures; asserts nothing.

It also prints the length of one Killing Phase's narration at 7 players: the seconds of
speech on the table speaker from nightfall to the end of dawn (the script of M41, the night's
dead and the message area, M28/M45), rendered by espeak-ng through the board's speech
renderer, in German and English (``--no-narration`` skips it).

And, on the board (``--no-board`` skips it): the first Killing Phase of the 7-player example
(``examples/simulate-dying-message-7p.jsonl``) played through ``simulate`` with real
espeak-ng clip lengths on the virtual clock: the seconds of speech at the table from
nightfall to the end of dawn's message area, the length of the whole phase on the board's
clock (step minimums, padded private lines, every seat's scan and presses), and the seconds
of private messages each earphone hears in it besides its own scan (the same for every
listener, M43).

usage: python3 benchmarks/dying_message_bench.py [--seconds S] [--players N] [--no-narration]
                                                 [--no-board]
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


def night_announcements(seed: int = 7) -> list:
    """The public announcements of round 1's Killing Phase of a random 7-player game (default
    characters), from nightfall to the message area at dawn."""
    from firmware_host.games.dying_message import announce
    from firmware_host.games.dying_message.playout import random_action

    setup = Setup.from_json({"game": "dying_message", "players": 7, "seed": seed,
                             "evidence": [f"evidence {i}" for i in range(104)]})
    rng = random.Random(seed)
    game = Game(setup.with_dealt(*deal(setup, rng)))
    game.start()
    said: list = []
    started = False
    while True:
        for entry in game.log:
            for a in announce.for_entry(game, entry):
                if a.key == "night.falls":
                    started = True
                if started and a.channel == "public":
                    said.append(a)
                if a.key == "messages.move":
                    return said
        game.apply(random_action(game, rng))


def narration_seconds(language: str, descriptions: dict[int, str]) -> tuple[float, int]:
    """(seconds of table speech, number of clips) of one Killing Phase at 7 players."""
    import tempfile

    from firmware_host.audio.clip import wav_seconds
    from firmware_host.audio.speech import SpeechRenderer
    from firmware_host.games.dying_message import catalogue

    total, clips = 0.0, night_announcements()
    with tempfile.TemporaryDirectory() as cache:
        renderer = SpeechRenderer(cache)
        try:
            for a in clips:
                text = catalogue.text(a.key, a.params, language, descriptions=descriptions)
                path = renderer.render(text, language).wait(timeout=60)
                total += wav_seconds(path)      # the cache's clips may be µ-law, gzipped
        finally:
            renderer.close()
    return total, len(clips)


def board_killing_phase() -> tuple[float, float, dict[str, float]]:
    """(seconds of table speech, seconds on the board's clock, private seconds by seat) of
    the first Killing Phase of the 7-player example played on ``simulate``."""
    import io
    import json
    from pathlib import Path

    from firmware_host.service.signals import parse_script
    from firmware_host.service.simulator import Simulator

    script = Path(__file__).resolve().parents[1] / "examples" / "simulate-dying-message-7p.jsonl"
    out = io.StringIO()
    Simulator(None, out=out).run_script(parse_script(script.read_text(encoding="utf-8")))
    said = sorted((o for o in map(json.loads, out.getvalue().splitlines())
                   if o.get("event") == "announce"), key=lambda o: o["start"])
    start = next(o["start"] for o in said if o["key"] == "night.falls")
    end = next(o["end"] for o in said if o["key"] == "messages.move")
    window = [o for o in said if start <= o["start"] < end]
    table = sum(o["end"] - o["start"] for o in window if o["channel"] == "public")
    private: dict[str, float] = {}
    for o in window:
        if o["channel"] != "public" and not o["key"].startswith("scan."):
            private[o["channel"]] = private.get(o["channel"], 0.0) + o["end"] - o["start"]
    return table, end - start, private


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per player count")
    parser.add_argument("--players", type=int, default=None, help="one player count (4-10)")
    parser.add_argument("--no-narration", action="store_true", help="skip the speech figure")
    parser.add_argument("--no-board", action="store_true", help="skip the board's Killing Phase")
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
    if not args.no_narration:
        descriptions = {"de": "ein roter Regenschirm", "en": "a red umbrella"}
        for language in ("de", "en"):
            seconds, clips = narration_seconds(language, {c: descriptions[language]
                                                          for c in range(104)})
            print(f"one Killing Phase at 7 players ({language}): {seconds:.1f} s of speech at "
                  f"the table in {clips} clips (nightfall to the message area)")
    if not args.no_board:
        table, phase, private = board_killing_phase()
        print(f"one Killing Phase at 7 players on the board (en, simulate): {table:.1f} s of "
              f"speech at the table; {phase:.1f} s from nightfall to the message area with "
              f"step minimums and every seat's scans; private messages per earphone "
              f"{min(private.values()):.1f}-{max(private.values()):.1f} s besides its scan")


if __name__ == "__main__":
    main()
