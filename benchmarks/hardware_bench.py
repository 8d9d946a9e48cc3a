"""Latency of the hardware layer: from the last pin edge / the last byte of a frame to the
typed input event, in real time (median and p99, milliseconds).

- Pin edge: gpiozero mock pins, the board on a RealClock; a seat button pressed and released
  (the press is recognised one bounce time after the release edge, so the figure beyond the
  bounce time is the board's own delay) and a law slot filled (settle time likewise).
- RFID: the board reading a real pseudo-terminal through pyserial; the time from writing a
  frame's last byte to the TileRead event.

Aim (ACCESSIBILITY/BOARD: feedback within a fraction of a second): p99 < 5 ms beyond the
bounce time. Run: ``python3 benchmarks/hardware_bench.py [--presses N] [--frames N]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import threading
import time
import tty
from pathlib import Path

from gpiozero.pins.mock import MockFactory

from firmware_host.board_config import load_config
from firmware_host.clock import RealClock
from firmware_host.hardware import events as ev
from firmware_host.hardware.board import Board
from firmware_host.hardware.rfid import em4100_frame
from firmware_host.hardware.tags import demo_registry


def figures(name: str, samples: list[float], offset_s: float = 0.0) -> None:
    ms = sorted((s - offset_s) * 1000 for s in samples)
    p99 = ms[min(len(ms) - 1, int(round(0.99 * (len(ms) - 1))))]
    print(f"{name:<44} n={len(ms):4d}  median {statistics.median(ms):6.2f} ms  p99 {p99:6.2f} ms  max {ms[-1]:6.2f} ms")


class Waiter:
    """Records perf_counter() when an event of a type arrives."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.stamps: list[tuple[float, object]] = []

    def __call__(self, event: object) -> None:
        now = time.perf_counter()
        with self.cond:
            self.stamps.append((now, event))
            self.cond.notify_all()

    def wait(self, kind: type, start: int, timeout: float = 2.0) -> float:
        with self.cond:
            ok = self.cond.wait_for(lambda: any(isinstance(e, kind) for _, e in self.stamps[start:]), timeout)
            if not ok:
                raise TimeoutError(f"no {kind.__name__} within {timeout} s")
            return next(t for t, e in self.stamps[start:] if isinstance(e, kind))


def bench_pins(presses: int) -> None:
    base = load_config()
    timing = base.timing.__class__(**{**base.timing.__dict__, "ignore_repeat_s": 0.1})
    config = base.replace(readers={}, timing=timing)
    factory = MockFactory()
    clock = RealClock()
    waiter = Waiter()
    board = Board(config, factory, clock, waiter, None)
    board.start()
    try:
        button_lat, slot_lat = [], []
        for i in range(presses):
            seat = i % config.seats
            pin = factory.pin(config.seat_buttons[seat])
            pin.drive_low()
            time.sleep(config.timing.bounce_s + 0.01)
            start = len(waiter.stamps)
            t0 = time.perf_counter()
            pin.drive_high()
            button_lat.append(waiter.wait(ev.ButtonGesture, start) - t0)
        for i in range(max(10, presses // 4)):
            track = "fascist" if i % 2 else "democratic"
            k = i % len(config.slot_pins(track))
            pin = factory.pin(config.slot_pins(track)[k])
            start = len(waiter.stamps)
            t0 = time.perf_counter()
            filled = not board.slots[track][k].filled          # fill it, or empty it again
            (pin.drive_low if filled else pin.drive_high)()
            slot_lat.append(waiter.wait(ev.SlotChanged, start) - t0)
        figures(f"pin edge -> ButtonGesture (bounce {config.timing.bounce_s * 1000:.0f} ms)", button_lat)
        figures("  the same, beyond the bounce time", button_lat, config.timing.bounce_s)
        figures(f"pin edge -> SlotChanged (settle {config.timing.slot_settle_s * 1000:.0f} ms)", slot_lat)
        figures("  the same, beyond the settle time", slot_lat, config.timing.slot_settle_s)
    finally:
        board.close()
        clock.close()


def bench_pty(frames: int) -> None:
    base = load_config()
    folder = Path(tempfile.mkdtemp(prefix="hardware-bench-"))
    master, slave = os.openpty()
    tty.setraw(slave)
    link = folder / "usb-bench-reader"
    os.symlink(os.ttyname(slave), link)
    config = base.replace(readers={"ballot": base.readers["ballot"].__class__(name="ballot", port=str(link))})
    registry = demo_registry(config.seats)
    tags = [tag for tag, _ in registry.items()]
    clock = RealClock()
    waiter = Waiter()
    board = Board(config, MockFactory(), clock, waiter, registry, gpio=False)
    board.start()
    kinds = ev.TileRead
    try:
        deadline = time.monotonic() + 2
        while not board.readers["ballot"].connected and time.monotonic() < deadline:
            time.sleep(0.01)
        lat = []
        for i in range(frames):
            frame = em4100_frame(tags[i % len(tags)])
            os.write(master, frame[:-1])
            time.sleep(0.002)
            start = len(waiter.stamps)
            t0 = time.perf_counter()
            os.write(master, frame[-1:])
            lat.append(waiter.wait(kinds, start) - t0)          # type: ignore[arg-type]
            time.sleep(0.015)                                    # each tag comes back after > tag_gone_s
        figures("last frame byte (pty) -> typed tile read", lat)
    finally:
        board.close()
        clock.close()
        os.close(master)
        os.close(slave)
        link.unlink()
        folder.rmdir()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--frames", type=int, default=200)
    args = parser.parse_args()
    bench_pins(args.presses)
    bench_pty(args.frames)


if __name__ == "__main__":
    main()
