"""Board service figures: input-to-speech latency, start-up time, memory with a 10-seat table.

Run: ``python3 benchmarks/service_bench.py [--rounds N]``. Prints figures; asserts nothing.

1. **Latency** from the moment the board recognises an input (a button gesture after its
   bounce time, a ballot tile's RFID frame) to the moment the first audio sample of its
   announcement is handed to the sink, with the speech cache warm: median and p99 in ms.
   The real service, audio service and mocked board are used; the sink only timestamps.
   (Aim: < 50 ms beyond the bounce time.)
2. **Start-up**: ``BoardService.start`` to "ready" (hardware → audio → engine → inputs) in
   process, and a whole ``firmware-host simulate`` process with a setup-only script (Python
   start and imports included). (Aim: < 2 s.)
3. **Memory**: peak RSS of ``firmware-host simulate`` playing a whole 10-player game with
   speech into WAV files. (Aim: < 80 MB.)
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from firmware_host.audio.service import AudioService  # noqa: E402
from firmware_host.audio.settings import AudioSettings  # noqa: E402
from firmware_host.audio.sinks import Playback  # noqa: E402
from firmware_host.board_config import load_config  # noqa: E402
from firmware_host.clock import VirtualClock  # noqa: E402
from firmware_host.hardware.mock import MockBoard  # noqa: E402
from firmware_host.service.core import BoardService  # noqa: E402
from firmware_host.service.journal import Journal  # noqa: E402
from firmware_host.service.notify import Notifier  # noqa: E402
from firmware_host.games.secret_dictator.scripting import random_game, signals_for_game  # noqa: E402
from firmware_host.service.settings import service_settings  # noqa: E402
from firmware_host.service.voice import Voice  # noqa: E402


class StampSink:
    """A sink that only notes when each clip reaches it (monotonic seconds) and its key."""

    def __init__(self) -> None:
        self.played: list[tuple[float, str]] = []
        self.cond = threading.Condition()

    def play(self, clip, info) -> Playback:  # noqa: ANN001 - the Sink protocol
        with self.cond:
            self.played.append((time.monotonic(), info.key))
            self.cond.notify_all()
        playback = Playback(None)
        playback.finished()
        return playback

    def wait_key(self, key: str, after: float, timeout: float = 10.0) -> float | None:
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                for at, k in self.played:
                    if k == key and at >= after:
                        return at
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.cond.wait(left)

    def close(self) -> None:
        pass


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def latency(rounds: int, cache: Path) -> dict:
    config = load_config()
    clock = VirtualClock()
    sink = StampSink()
    settings = AudioSettings.from_config(config.sections)
    audio = AudioService(settings, sink, cache, seats=config.seats)
    tmp = tempfile.mkdtemp()
    service = BoardService(service_settings(config), clock=clock, journal=Journal(Path(tmp) / "j.sqlite3"),
                           voice=Voice(audio), notifier=Notifier(None))
    recognised: dict[str, float] = {}

    def on_event(event) -> None:  # noqa: ANN001
        recognised[type(event).__name__] = time.monotonic()
        service.submit(event)

    mocks: list[MockBoard] = []

    def factory(_on_event):  # noqa: ANN001
        mock = MockBoard(config, clock, on_event, start=False)
        mocks.append(mock)
        return mock

    service.start(factory)
    mock = mocks[0]
    service.call(lambda: service.game.setup_game({"players": 7, "seed": 3, "language": "de"}))
    service.wait_idle()
    audio_wait = Voice.wait_quiet
    ballots: list[float] = []
    holds: list[float] = []
    for i in range(rounds + 2):           # two warm-up rounds render the sentences once
        # a pin edge: seat 2 holds its button -> status into the table speaker
        t = time.monotonic()
        mock.press(2, "hold")
        at = sink.wait_key("status.public", t)
        if at is not None and i >= 2:
            holds.append((at - recognised["ButtonGesture"]) * 1000)
        audio_wait(service.voice, 10)
        # a ballot frame: a vote in a running election -> "vier von sieben" counted aloud
        if i == 0:
            service.call(lambda: service.game.command("choose", seat=0, target=1))
        seat = i % 7
        service.call(lambda: service.game.command("undo")) if service.game.game.votes_cast else None
        t = time.monotonic()
        mock.present_tile("ballot", "ja", seat=seat)
        at = sink.wait_key("ballot.counted", t)
        if at is not None and i >= 2:
            ballots.append((at - recognised["TileRead"]) * 1000)
        audio_wait(service.voice, 10)
    service.stop()
    return {"button_hold_to_status_ms": {"median": statistics.median(holds), "p99": percentile(holds, 99)},
            "ballot_frame_to_count_ms": {"median": statistics.median(ballots), "p99": percentile(ballots, 99)},
            "rounds": rounds, "bounce_ms": config.timing.bounce_s * 1000}


def startup(cache: Path) -> dict:
    config = load_config()
    clock = VirtualClock()
    tmp = tempfile.mkdtemp()
    audio = AudioService(AudioSettings.from_config(config.sections), StampSink(), cache, seats=config.seats)
    service = BoardService(service_settings(config), clock=clock, journal=Journal(Path(tmp) / "j.sqlite3"),
                           voice=Voice(audio), notifier=Notifier(None))
    t = time.monotonic()
    service.start(lambda on_event: MockBoard(config, clock, on_event, start=False))
    in_process = time.monotonic() - t
    service.stop()
    script = Path(tmp) / "setup.jsonl"
    script.write_text(json.dumps({"setup": {"players": 5, "seed": 1}}) + "\n")
    t = time.monotonic()
    subprocess.run([sys.executable, "-m", "firmware_host", "simulate", "--script", str(script)],
                   check=True, capture_output=True)
    return {"start_to_ready_s": in_process, "simulate_process_s": time.monotonic() - t}


def memory(cache: Path) -> dict:
    tmp = Path(tempfile.mkdtemp())
    setup = {"players": 10, "seed": 8, "language": "de"}
    script = tmp / "10p.jsonl"
    lines = signals_for_game(setup, random_game(setup, 2))
    script.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "firmware_host", "simulate", "--script", str(script),
                           "--audio-dir", str(tmp / "audio"), "--speech-cache", str(cache)],
                          capture_output=True, text=True)
    took = time.monotonic() - t
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    return {"peak_rss_mb": max(peak, before) / 1024, "signals": len(lines),
            "announcements": sum(1 for x in out if x.get("event") == "announce"), "seconds": took,
            "final_phase": (out[-1].get("state") or {}).get("phase") if out else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--speech-cache", default=os.environ.get("FIRMWARE_HOST_SPEECH_CACHE")
                        or str(Path(tempfile.gettempdir()) / "firmware-host-bench-speech"))
    args = parser.parse_args()
    cache = Path(args.speech_cache)
    figures = {"memory_10_seats": memory(cache), "startup": startup(cache), "latency": latency(args.rounds, cache)}
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
