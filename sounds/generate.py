#!/usr/bin/env python3
"""Generate the earcons (``firmware_host/data/sounds/*.wav``, shipped in the package):
``python3 sounds/generate.py [--check]``.

Stdlib only (``wave``, ``math``, ``struct``): every cue is a list of *notes* played one after
another; a note is (start Hz, end Hz, milliseconds, waveform, gain) with a linear frequency
glide from start to end, a 5 ms linear attack and a release of ``min(30 ms, half the note)``
(``bell`` notes decay exponentially instead). Frequency 0 is a rest. Output: mono, 16-bit,
22 050 Hz, peak at ``PEAK`` of full scale. The parameters below are the documentation
(``sounds/README.md`` repeats them in a table). ``--check`` only verifies that the committed
files equal what this script would write (exit 1 if not).
"""

from __future__ import annotations

import io
import math
import struct
import sys
import wave
from pathlib import Path

RATE = 22050
PEAK = 0.6  # of full scale, leaves headroom when scaled by earcon_volume

#: name -> notes (start_hz, end_hz, ms, waveform, gain); waveforms: sine, triangle, square, bell
CUES: dict[str, list[tuple[float, float, int, str, float]]] = {
    # a seat's input was accepted: one short high blip
    "input": [(1400, 1400, 45, "sine", 1.0)],
    # a ballot tile was read: a soft falling "drop"
    "ballot": [(660, 440, 120, "triangle", 1.0)],
    # election passed: rising major third
    "election_passed": [(523.25, 523.25, 110, "sine", 1.0), (659.25, 659.25, 170, "sine", 1.0)],
    # election failed: falling minor third, lower
    "election_failed": [(392.0, 392.0, 110, "sine", 1.0), (329.63, 329.63, 190, "sine", 1.0)],
    # democratic law enacted: bright bell, fifth above
    "law_democratic": [(783.99, 783.99, 120, "bell", 1.0), (1174.66, 1174.66, 220, "bell", 1.0)],
    # fascist law enacted: low buzzing square, falling semitone
    "law_fascist": [(196.0, 196.0, 140, "square", 0.7), (185.0, 185.0, 200, "square", 0.7)],
    # a presidential power is granted: three rising triangle notes
    "power": [(440, 440, 90, "triangle", 1.0), (554.37, 554.37, 90, "triangle", 1.0),
              (659.25, 659.25, 150, "triangle", 1.0)],
    # an action was refused: two short low square beeps
    "refusal": [(220, 220, 90, "square", 0.7), (0, 0, 50, "sine", 0.0), (220, 220, 90, "square", 0.7)],
    # a fault (sensor, reader unplugged): fast alternating high tones, urgent
    "fault": [(988, 988, 60, "square", 0.6), (740, 740, 60, "square", 0.6),
              (988, 988, 60, "square", 0.6), (740, 740, 60, "square", 0.6), (988, 988, 90, "square", 0.6)],
    # the game is over: descending bell arpeggio
    "game_over": [(783.99, 783.99, 80, "bell", 1.0), (659.25, 659.25, 80, "bell", 1.0),
                  (523.25, 523.25, 80, "bell", 1.0), (392.0, 392.0, 150, "bell", 1.0)],
    # a scan list wrapped to its start: a quick upward sweep (ACCESSIBILITY.md 15)
    "scan_wrap": [(300, 1200, 160, "sine", 1.0)],
    # a chancellor was nominated: two even mid blips, a question
    "nomination": [(880, 880, 60, "sine", 1.0), (0, 0, 40, "sine", 0.0), (1046.5, 1046.5, 90, "sine", 1.0)],
    # a veto was proposed: a low rising triangle glide
    "veto": [(262, 392, 220, "triangle", 1.0)],
    # a reader came back: a rising two-note sine chirp
    "reader_back": [(660, 660, 60, "sine", 1.0), (990, 990, 90, "sine", 1.0)],
    # the powers, one cue each (three rising triangle notes, then the power's own ending)
    "power_view_discard": [(440, 440, 80, "triangle", 1.0), (554.37, 554.37, 80, "triangle", 1.0),
                           (440, 440, 140, "bell", 1.0)],
    "power_peek": [(440, 440, 60, "triangle", 1.0), (554.37, 554.37, 60, "triangle", 1.0),
                   (659.25, 659.25, 60, "triangle", 1.0), (880, 880, 120, "bell", 1.0)],
    "power_investigate": [(440, 440, 80, "triangle", 1.0), (554.37, 554.37, 80, "triangle", 1.0),
                          (830.61, 622.25, 160, "sine", 1.0)],
    "power_special_election": [(440, 440, 80, "triangle", 1.0), (554.37, 554.37, 80, "triangle", 1.0),
                               (659.25, 659.25, 80, "triangle", 1.0), (659.25, 659.25, 120, "triangle", 1.0)],
    "power_execution": [(440, 440, 80, "triangle", 1.0), (554.37, 554.37, 80, "triangle", 1.0),
                        (110, 110, 180, "square", 0.7)],
    # the board disagrees with the game (a tile or the pin to correct): a low wobble
    "correction": [(330, 294, 120, "triangle", 1.0), (294, 330, 120, "triangle", 1.0)],
    # a tile at the wrong reader: a single dull low thud
    "wrong_reader": [(150, 120, 140, "sine", 1.0)],
    # a private message follows in this earphone (never on the table speaker): a soft
    # whispering high double tick
    "private": [(2200, 2200, 30, "sine", 1.0), (0, 0, 30, "sine", 0.0), (2200, 2200, 30, "sine", 1.0)],
    # one's own act was taken and its answer is still being spoken (a sentence not yet
    # rendered, issue 31): a quick rising fifth, the same whatever was chosen
    "answer": [(1046.5, 1046.5, 40, "sine", 1.0), (1567.98, 1567.98, 70, "sine", 1.0)],
    # a seat's act away from the whisper station was taken (on the table speaker, before
    # "Seat 3: noted"; its words follow at the station, issue 31): a soft falling fourth, the
    # same whatever was done
    "noted": [(1318.51, 1318.51, 50, "triangle", 1.0), (987.77, 987.77, 80, "triangle", 1.0)],
}


def _wave(kind: str, phase: float) -> float:
    x = phase % 1.0
    if kind in ("sine", "bell"):
        return math.sin(2 * math.pi * x)
    if kind == "triangle":
        return 4 * x - 1 if x < 0.5 else 3 - 4 * x
    if kind == "square":
        return 1.0 if x < 0.5 else -1.0
    raise ValueError(f"unknown waveform {kind!r}")


def synth(notes: list[tuple[float, float, int, str, float]]) -> list[float]:
    """Samples (floats in -1..1) of a cue."""
    out: list[float] = []
    for f0, f1, ms, kind, gain in notes:
        n = round(RATE * ms / 1000)
        attack = max(1, round(RATE * 0.005))
        release = max(1, min(round(RATE * 0.030), n // 2))
        phase = 0.0
        for i in range(n):
            f = f0 + (f1 - f0) * i / max(1, n - 1)
            phase += f / RATE
            if kind == "bell":
                env = min(1.0, i / attack) * math.exp(-4.0 * i / n) * min(1.0, (n - i) / release)
            else:
                env = min(1.0, i / attack, (n - i) / release)
            out.append(0.0 if f0 == 0 else gain * env * _wave(kind, phase))
    return out


def wav_data(samples: list[float]) -> bytes:
    """A complete mono 16-bit WAV file of ``samples`` scaled to :data:`PEAK`."""
    top = max((abs(s) for s in samples), default=1.0) or 1.0
    pcm = struct.pack(f"<{len(samples)}h", *(round(s / top * PEAK * 32767) for s in samples))
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm)
    return buf.getvalue()


def main(argv: list[str]) -> int:
    here = Path(__file__).resolve().parent.parent / "firmware_host" / "data" / "sounds"
    check = "--check" in argv
    stale = []
    for name, notes in CUES.items():
        data = wav_data(synth(notes))
        path = here / f"{name}.wav"
        ms = sum(n[2] for n in notes)
        assert ms <= 400, f"{name} lasts {ms} ms (> 400)"
        if check:
            if not path.exists() or path.read_bytes() != data:
                stale.append(name)
        else:
            path.write_bytes(data)
            print(f"{path.name}: {ms} ms")
    if stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
