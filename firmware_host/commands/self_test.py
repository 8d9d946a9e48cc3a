"""``firmware-host self-test``: the spoken wiring test.

Every input the builder touches is named aloud as the board recognised it ("seat 4 button:
press", "fascist slot 2 filled", "tracker pin in hole 1", "ballot reader: seat 3's Ja tile"),
faults too ("fault: seat 7 button: stuck"). Stop with Ctrl-C (or ``--seconds``); the end
names every input not touched yet. Each sentence is also printed.

``--mock [SCRIPT]`` runs on the mocked board: SCRIPT is JSON Lines of SIMULATE.md signals
(``button``, ``slot``, ``tracker``, ``ballot``, ``law_read``, ``pin``, ``serial``,
``unplug``/``replug``, ``wait``, ``key``); without SCRIPT every input is touched once.

Speech: through :mod:`firmware_host.audio` on the table speaker when it can be started,
else printed only (always printed only with ``--mock`` or ``--print``).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import queue
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterable

#: ``speak(text)``: say one sentence (and print it)
Speak = Callable[[str], None]


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments: ``--config``, ``--mock [SCRIPT]``, ``--language``, ``--seconds``, ``--print``."""
    add_common_arguments(parser)
    parser.add_argument("--seconds", type=float, default=None,
                        help="stop after this many seconds (default: run until Ctrl-C)")


def add_common_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments self-test and enrol-tags share."""
    parser.add_argument("--config", metavar="FILE", help="board config (default hardware/board.toml)")
    parser.add_argument("--mock", nargs="?", const="", default=None, metavar="SCRIPT",
                        help="run on the mocked board; SCRIPT: JSON Lines of simulated touches")
    parser.add_argument("--language", choices=("en", "de"), default=None,
                        help="language of the spoken sentences (default: the config's audio language)")
    parser.add_argument("--print", dest="print_only", action="store_true",
                        help="print the sentences instead of speaking them")


def language_of(args: argparse.Namespace, config: Any) -> str:
    """``--language``, else the config's ``[audio] language``, else ``en``."""
    if args.language:
        return str(args.language)
    return str(config.sections.get("audio", {}).get("language", "en"))


def make_speaker(config: Any, language: str, print_only: bool) -> tuple[Speak, Callable[[], None]]:
    """``(speak, close)``: speech on the table speaker through the audio layer, each sentence
    also printed; when the audio layer cannot be started (or ``print_only``), printing only."""

    def echo(text: str) -> None:
        print(text, flush=True)

    if print_only:
        return echo, lambda: None
    try:
        from firmware_host.audio import AlsaSink, AudioService, AudioSettings

        settings = AudioSettings.from_config(config.sections)
        settings = dataclasses.replace(settings, language=language)
        cache = settings.cache_dir or os.path.join(os.path.expanduser("~"), ".cache", "firmware-host", "speech")
        audio = AudioService(settings, AlsaSink.from_settings(settings, config.seats), cache,
                             seats=config.seats, whisper_call=lambda seat: "")
    except Exception as exc:  # noqa: BLE001 - speech is a help here, printing always works
        print(f"(speech unavailable: {exc}; printing only)", file=sys.stderr)
        return echo, lambda: None

    def speak(text: str) -> None:
        echo(text)
        try:
            audio.say("public", text, key="self_test")
        except Exception as exc:  # noqa: BLE001 - keep testing the wiring without speech
            print(f"(speech failed: {exc})", file=sys.stderr)

    def close() -> None:
        deadline = time.monotonic() + 10
        while not audio.idle() and time.monotonic() < deadline:
            time.sleep(0.1)
        audio.close()

    return speak, close


def read_script(path: str) -> list[dict[str, Any]]:
    """A JSON Lines file of signals. :raises UsageError: unreadable line (names it)."""
    from firmware_host.errors import UsageError

    signals = []
    with open(path, encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise UsageError(f"{path}:{number}: not JSON ({exc.msg})") from None
            if not isinstance(obj, dict):
                raise UsageError(f"{path}:{number}: a signal is a JSON object")
            signals.append(obj)
    return signals


def touch_everything(config: Any, tags: Any) -> list[dict[str, Any]]:
    """The built-in mock script: every input of the board touched once."""
    script: list[dict[str, Any]] = [{"signal": "button", "seat": s, "gesture": "press"} for s in range(config.seats)]
    script.append({"signal": "key", "gesture": "press"})
    for track in ("democratic", "fascist"):
        for k in range(1, len(config.slot_pins(track)) + 1):
            script += [{"signal": "slot", "track": track, "slot": k, "state": "filled"},
                       {"signal": "slot", "track": track, "slot": k, "state": "emptied"}]
    script += [{"signal": "tracker", "position": p} for p in (1, 2, 3, 0)]
    if "ballot" in config.readers and tags is not None and tags.ballot_tag(0, "ja"):
        script.append({"signal": "ballot", "seat": 0, "ballot": "ja"})
    if "law" in config.readers and tags is not None and tags.law_tags("fascist"):
        script.append({"signal": "law_read", "party": "fascist"})
    return script


class Coverage:
    """Which inputs have been touched: GPIO pins (by spoken name) and readers."""

    def __init__(self, config: Any) -> None:
        self.config = config
        self.names = dict(config.inputs())            # BCM -> name
        self.names_readers = [f"{name} reader" for name in config.readers]
        self.touched: set[str] = set()

    def note(self, event: Any) -> None:
        """Mark the input ``event`` came from as touched (faults do not count)."""
        from firmware_host.hardware import events as ev

        c = self.config
        if isinstance(event, ev.ButtonGesture):
            self.touched.add(self.names[c.seat_buttons[event.seat]])
        elif isinstance(event, ev.GameMasterKey):
            self.touched.add(self.names[c.game_master_key])
        elif isinstance(event, ev.SlotChanged):
            self.touched.add(self.names[c.slot_pins(event.track)[event.slot - 1]])
        elif isinstance(event, ev.TrackerMoved) and event.position is not None:
            self.touched.add(self.names[c.tracker_holes[event.position]])
        elif isinstance(event, (ev.BallotRead, ev.LawRead, ev.RoleTileRead, ev.TagRead)):
            self.touched.add(f"{event.reader} reader")
        elif isinstance(event, ev.Fault) and event.reason == "unknown_tag":
            self.touched.add(event.source)

    def untouched(self) -> list[str]:
        """Names of the inputs not touched yet, in wiring order."""
        order = [self.names[p] for p in sorted(self.names, key=lambda p: list(self.names).index(p))]
        return [n for n in order + self.names_readers if n not in self.touched]


def main(args: argparse.Namespace) -> int:
    """Run the wiring test; 0 when it ran (untouched inputs are named, not an error)."""
    from firmware_host.config import load_config
    from firmware_host.hardware.phrases import describe, number, say, source_name

    config = load_config(args.config)
    language = language_of(args, config)
    speak, close_speech = make_speaker(config, language, args.print_only or args.mock is not None)
    coverage = Coverage(config)

    def report(events: Iterable[Any]) -> None:
        for event in events:
            coverage.note(event)
            speak(describe(event, language))

    started = []

    def on_started() -> None:
        started.append(True)
        speak(say("selftest.start", language))

    try:
        if args.mock is not None:
            _run_mock(args, config, report, on_started)
        else:
            _run_board(args, config, report, on_started)
    except KeyboardInterrupt:
        pass
    finally:
        if started:
            missing = [source_name(name, language) for name in coverage.untouched()]
            speak(say("selftest.end", language, count=number(len(coverage.touched), language)))
            if missing:
                speak(say("selftest.untouched", language, names="; ".join(missing)))
        close_speech()
    return 0


def _registry(config: Any) -> Any:
    from firmware_host.hardware.tags import load_registry

    return load_registry(config.tags_path) if Path(config.tags_path).exists() else None


def _run_mock(args: argparse.Namespace, config: Any, report: Callable[[Iterable[Any]], None],
              on_started: Callable[[], None]) -> None:
    from firmware_host.clock import VirtualClock
    from firmware_host.errors import UsageError
    from firmware_host.hardware.mock import MockBoard

    with MockBoard(config, VirtualClock(), tags="config") as mock:
        on_started()
        report(mock.events)                          # faults found at start
        script = read_script(args.mock) if args.mock else touch_everything(mock.config, mock.tags)
        for number, signal in enumerate(script, 1):
            events = mock.apply_signal(signal)
            if events is None:
                raise UsageError(f"signal {number}: {signal.get('signal')!r} is not a board signal")
            report(events)


def start_board(config: Any, clock: Any, on_event: Callable[[Any], None], tags: Any) -> Any:
    """Start the real board; a GPIO library or pin that cannot be opened is a UsageError."""
    from gpiozero import GPIOZeroError

    from firmware_host.errors import UsageError
    from firmware_host.hardware.board import Board
    from firmware_host.hardware.pins import PinFactoryError

    board = Board(config, None, clock, on_event, tags)
    try:
        board.start()
    except (PinFactoryError, GPIOZeroError, OSError) as exc:
        board.close()
        clock.close()
        raise UsageError(str(exc)) from None
    return board


def _run_board(args: argparse.Namespace, config: Any, report: Callable[[Iterable[Any]], None],
               on_started: Callable[[], None]) -> None:
    from firmware_host.clock import RealClock

    events: "queue.Queue[Any]" = queue.Queue()
    clock = RealClock()
    board = start_board(config, clock, events.put, _registry(config))
    on_started()
    deadline = None if args.seconds is None else time.monotonic() + args.seconds
    try:
        while deadline is None or time.monotonic() < deadline:
            try:
                event = events.get(timeout=0.2)
            except queue.Empty:
                continue
            report([event])
    finally:
        board.close()
        clock.close()
