"""ACCESSIBILITY.md 20-23 on the real clock: the board service with real espeak-ng speech,
played by a sink that really waits each clip's length (:class:`ClockSink` on a
:class:`RealClock`: the path ``run`` takes on a Pi, with a test sink instead of ALSA). A short
game (setup, prolog, a nomination, a vote, the president's hand) at a fast speech rate, and
the same orderings as on the virtual clock."""

from __future__ import annotations

import threading
import time

from firmware_host.audio.service import AudioService
from firmware_host.audio.settings import AudioSettings
from firmware_host.audio.sinks import ClockSink
from firmware_host.clock import RealClock
from firmware_host.hardware.events import TileRead
from firmware_host.service.backend import ConsoleBackend
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import Voice

EPS = 0.02          # seconds: callbacks of a real clock come a little late


def test_a20_a22_a23_a_short_game_on_the_real_clock_keeps_the_same_orderings(tmp_path, speech_cache):
    clock = RealClock()
    settings = AudioSettings(language="en", public_rate=450, seat_rate=450, earcon_volume=0.0, verbosity="short")
    audio = AudioService(settings, ClockSink(clock), speech_cache, seats=5, clock=clock)
    lines: list[dict] = []
    written = threading.Condition()

    def emit(line: dict) -> None:
        with written:
            lines.append(line)
            written.notify_all()

    service = BoardService(ServiceSettings(journal_path=str(tmp_path / "j.sqlite3")), clock=clock,
                           journal=Journal(tmp_path / "j.sqlite3"), voice=Voice(audio), emit=emit,
                           notifier=Notifier(None))
    service.start(None)
    started = time.monotonic()
    try:
        backend = ConsoleBackend(service)
        backend.setup_game({"players": 5, "seed": 2, "language": "en", "first_president": 0})
        backend.command("start")
        backend.command("choose", seat=0, target=2)
        for seat in range(5):                       # ballots dropped 0.3 s apart
            service.submit(TileRead("ballot", "ballot", "ja", seat))
            time.sleep(0.3)
        with written:
            assert written.wait_for(lambda: any(l.get("key") == "hand.president" for l in lines), timeout=120)
    finally:
        service.stop()
        clock.close()
    said = [l for l in lines if l.get("event") == "announce" and "end" in l]
    assert time.monotonic() - started >= max(l["end"] for l in said) - min(l["start"] for l in said) - EPS
    # 20: one clip at a time per output (lines of one clip share its start and end)
    by_output: dict[str, list[tuple[float, float]]] = {}
    for l in said:
        clip = (l["start"], l["end"])
        if clip not in by_output.setdefault(l["output"], []):
            by_output[l["output"]].append(clip)
    for output, played in by_output.items():
        for (s0, e0), (s1, _) in zip(played, played[1:]):
            assert s1 >= e0 - EPS, output
    # 23: the prolog together, after "each seat will now hear its role", before "every seat knows"
    prolog = [l for l in said if l["key"].startswith("prolog.role.")]
    assert len(prolog) == 5
    assert max(l["start"] for l in prolog) - min(l["start"] for l in prolog) <= 0.05
    lengths = [l["end"] - l["start"] for l in prolog]
    assert max(lengths) - min(lengths) <= 0.05
    key = {l["key"]: l for l in said}
    assert min(l["start"] for l in prolog) >= key["game.started"]["end"] - EPS
    assert key["prolog.done"]["start"] >= max(l["end"] for l in prolog) - EPS
    # 22: the hand after the table has heard the result and the president's prompt
    assert key["hand.president"]["start"] >= key["election.passed"]["end"] - EPS
    assert key["hand.president"]["start"] >= key["legislative.president"]["end"] - EPS
    # 24: quick ballots, superseded counts never spoken, the last one is
    counts = [l["params"]["count"] for l in said if l["key"] == "ballot.counted"]
    assert counts[-1] == 5 and counts == sorted(set(counts))
