#!/usr/bin/env python3
"""Audio latency and memory: ``python3 benchmarks/audio_bench.py [--cached N] [--uncached N]``.

Prints, in milliseconds, the time from ``AudioService.say`` to the first audio sample handed
to the sink (median and p99) for a sentence already in the speech cache and for a new one,
next to rendering the same new sentences by calling pyttsx3 directly (``save_to_file`` +
``runAndWait`` until the WAV is complete) in the same run; then the resident memory (RSS, MB)
of a fresh process holding the audio layer for a 10-seat table with a filled speech cache,
measured in a child process so this script's own work does not count.

Aims (task brief): cached p99 < 30 ms; RSS < 40 MB.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import wave
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from firmware_host.audio import AudioService, AudioSettings, Playback  # noqa: E402


class CountingSink:
    """Keeps only how many clips it got and when the last arrived, as AlsaSink keeps nothing."""

    def __init__(self) -> None:
        self.count = 0
        self.handed_at = 0.0

    def play(self, clip, info) -> Playback:
        self.handed_at = time.perf_counter()
        self.count += 1
        playback = Playback()
        playback.finished()
        return playback

    def close(self) -> None:
        pass

SENTENCES_DE = [
    "Wahl: angenommen, fünf zu zwei.", "Das dritte faschistische Gesetz ist erlassen.",
    "Präsident ist Platz drei, Anna.", "Kanzler gewählt: Platz sechs.", "Nicht erlaubt: du bist nicht am Zug.",
]


def rss_mb() -> float:
    """Resident set size of this process in MB, from /proc/self/status."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(p / 100 * (len(values) - 1))))
    return values[k]


def latencies(audio: AudioService, sink: CountingSink, texts: list[str]) -> tuple[list[float], int]:
    """Milliseconds from say() to the sink's play() per sentence; and how many failed."""
    out, failed = [], 0
    for i, text in enumerate(texts):
        t0 = time.perf_counter()
        u = audio.say("public", text, key=f"bench{i}", earcon="input")
        if not u.wait_played(60) or u.error is not None:
            failed += 1
            continue
        out.append((sink.handed_at - t0) * 1000)
    return out, failed


def direct_pyttsx3(texts: list[str], folder: Path, give_up: float = 5.0) -> tuple[list[float], int]:
    """Naive direct use: one engine, save_to_file + runAndWait, then wait for a complete WAV.

    Returns (milliseconds per sentence that arrived, number of sentences lost: no complete
    WAV within ``give_up`` seconds, pyttsx3's known trouble).
    """
    import pyttsx3
    import pyttsx3.drivers.espeak as espeak_driver

    espeak_driver.print = lambda *a, **k: None
    engine = pyttsx3.init("espeak")
    engine.setProperty("voice", "de")
    out, lost = [], 0
    for i, text in enumerate(texts):
        path = folder / f"direct{i}.wav"
        t0 = time.perf_counter()
        engine.save_to_file(text, str(path))
        engine.runAndWait()
        while time.perf_counter() - t0 < give_up:  # runAndWait can return before the file is written
            try:
                with wave.open(str(path)) as w:
                    if w.getnframes():
                        out.append((time.perf_counter() - t0) * 1000)
                        break
            except (OSError, EOFError, wave.Error):
                pass
            time.sleep(0.001)
        else:
            lost += 1
    return out, lost


def rss_child() -> None:
    """Child mode: the audio layer of a 10-seat table, every channel used, a full cache."""
    base = rss_mb()
    with tempfile.TemporaryDirectory() as d:
        sink = CountingSink()
        audio = AudioService(AudioSettings(seat_rates=[175, 250, 300] + [175] * 7), sink, d, seats=10)
        texts = [f"{s} Runde {n}." for s in SENTENCES_DE for n in ("eins", "zwei", "drei", "vier", "fünf", "sechs",
                                                                 "sieben", "acht", "neun", "zehn")]
        channels = ["public"] + [f"seat:{i}" for i in range(10)]
        audio.prerender(lambda: ((ch, t) for t in texts for ch in channels))
        for ch in channels:
            for t in texts[:10]:
                audio.say(ch, t, key="k", earcon="power")
        audio.prerenderer.wait_idle(600)
        while not audio.idle() or audio.renderer.pending():
            time.sleep(0.05)
        cache_mb = sum(f.stat().st_size for f in Path(d).rglob("*.wav*")) / 1e6
        print(f"{base:.1f} {rss_mb():.1f} {cache_mb:.1f} {len(texts)}")
        audio.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cached", type=int, default=200, help="cached announcements to time (default 200)")
    parser.add_argument("--uncached", type=int, default=40, help="new sentences to time (default 40)")
    parser.add_argument("--rss-child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--direct-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.rss_child:
        rss_child()
        return 0
    words = ["null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun"]
    new = [f"Neuer Satz {words[i // 10 % 10]} {words[i % 10]}, Platz {words[i % 7]}." for i in range(args.uncached)]
    if args.direct_child:  # a fresh process, so nothing of the service's engine interferes
        with tempfile.TemporaryDirectory() as d:
            values, lost = direct_pyttsx3([t.replace("Neuer", "Direkter") for t in new], Path(d))
        print(lost, *values)
        return 0
    with tempfile.TemporaryDirectory() as d:
        sink = CountingSink()
        audio = AudioService(AudioSettings(), sink, Path(d) / "cache", seats=10)
        audio.say("public", SENTENCES_DE[0], key="warm").wait_played(60)  # engine start, earcon load
        cached, failed_cached = latencies(audio, sink, [SENTENCES_DE[i % len(SENTENCES_DE)] for i in range(args.cached)])
        uncached, failed_new = latencies(audio, sink, new)
        audio.close()
    out = subprocess.run([sys.executable, __file__, "--direct-child", "--uncached", str(args.uncached)],
                         capture_output=True, text=True, check=True).stdout.split()
    lost, direct = int(out[0]), [float(v) for v in out[1:]] or [float("nan")]
    print(f"{'announce -> first sample handed to sink':42s} {'median ms':>10s} {'p99 ms':>8s}   n")
    for name, values in (("cached sentence (AudioService)", cached), ("new sentence (AudioService)", uncached),
                         ("new sentence (pyttsx3 directly)", direct)):
        print(f"{name:42s} {statistics.median(values):10.2f} {pct(values, 99):8.2f} {len(values):4d}")
    print(f"pyttsx3 directly lost {lost} of {args.uncached} sentences (no complete WAV within 5 s); "
          f"the service lost {failed_cached + failed_new} of {args.cached + args.uncached}")
    out = subprocess.run([sys.executable, __file__, "--rss-child"], capture_output=True, text=True, check=True)
    base, rss, cache_mb, n = out.stdout.split()
    print(f"RSS, 10-seat table, {n} sentences x 3 rates cached ({cache_mb} MB on disk): "
          f"{rss} MB (interpreter alone {base} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
