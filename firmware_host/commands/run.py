"""``firmware-host run [--config FILE]``: the board service on a Raspberry Pi.

Starts hardware → audio → engine → inputs (and the game master's console when
``[console] enabled``), tells systemd ``READY=1``, and runs until SIGTERM/SIGINT; then stops
everything in reverse order in ``finally``. An unfinished game in the journal is resumed
exactly where it was. A bad config is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import signal
import time
from pathlib import Path
from typing import Any, Callable

STOP_POLL = 0.2
"""Seconds between the main thread's checks for SIGTERM/SIGINT while the board runs."""

OUTPUT_RECHECK_S = 5.0
"""Seconds between two checks (a moment of silence) of an audio output that cannot play: a
USB card plugged in late clears its fault."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add ``--config``, ``--journal``, ``--no-resume``, ``-q``."""
    parser.add_argument("--config", metavar="FILE",
                        help="board config (TOML); default $FIRMWARE_HOST_CONFIG, /etc/firmware-host/board.toml, "
                             "else the packaged demo config")
    parser.add_argument("--journal", metavar="FILE", help="SQLite journal (overrides [journal] path)")
    parser.add_argument("--no-resume", action="store_true", help="do not resume an unfinished game")
    parser.add_argument("-q", "--quiet", action="store_true", help="log warnings and errors only")


def board_factory(config: Any, clock: Any) -> Callable[[Callable[[Any], None]], Any]:
    """How ``run`` builds its board: ``factory(on_event) -> Board`` for ``BoardService.start``.

    On a Pi the config's pin factory (``[gpio] pin_factory``, lgpio by default). With
    ``pin_factory = "mock"`` (a laptop) the pins are mock pins wired like the simulator's
    (:func:`firmware_host.hardware.pins.make_pin_factory` ``("mock", wired=True)``), and the board starts as a real one does before a game (SIMULATE.md): tracks
    empty, the tracker pin in hole 0, so the board matches a new game.

    :param config: the board config (``BoardConfig``).
    :param clock: the clock the board runs on (``RealClock``).
    """
    from firmware_host.hardware.board import Board

    def factory(on_event: Callable[[Any], None]) -> Any:
        pins = None
        if config.pin_factory == "mock":
            from firmware_host.hardware.pins import make_pin_factory

            pins = make_pin_factory("mock", wired=True)
            if config.peg_holes:
                pins.pin(config.peg_holes[0]).closed = True
        return Board(config, pins, clock, on_event, config.tags_path)

    return factory


def seat_names(service: Any, timeout: float = 2.0) -> dict[int, str]:
    """A copy of the players' names (0-based seat -> name), taken on the service thread.

    For code on other threads (the whisper station's call runs on an audio thread): the
    names belong to the service thread, which changes them in place, so the copy is made there
    with ``service.call``. When the service is absent, stopping or busy for ``timeout``
    seconds, the result is ``{}`` (the call then names the seat only) and a warning is logged.
    """
    import logging

    if service is None:
        return {}
    try:
        return service.call(lambda: dict(getattr(service.game, "names", {}) or {}), timeout=timeout)
    except Exception as exc:  # noqa: BLE001 - ServiceError: stopping or busy; say the seat only
        logging.getLogger("firmware_host.service").warning("names not available: %s", exc)
        return {}


#: exit status of a board that cannot play at all (pins, table speaker): systemd restarts it
EXIT_CANNOT_PLAY = 1


def health_checks(clock: Any, audio: Any, service: Any, console: Callable[[], Any],
                  beat: float = 1.0) -> list[Callable[[], str | None]]:
    """The watchdog's checks for ``run``: each returns a dead or hung part (one line) or None.

    - the clock's scheduler thread: a heartbeat timer every ``beat`` seconds must have run
      within ``max(5, 4 * beat)`` seconds (a dead or stuck scheduler stops every timer);
    - every audio output's player thread is alive;
    - every RFID reader's thread turns (:meth:`~firmware_host.hardware.rfid.TagReader.hung`);
    - the console's thread is alive (when it runs).

    The service thread itself is checked by sending the pings from it.
    """
    import time as _time

    beats = {"at": _time.monotonic()}

    def heartbeat() -> None:
        beats["at"] = _time.monotonic()
        clock.call_later(beat, heartbeat)

    clock.call_later(beat, heartbeat)

    def clock_alive() -> str | None:
        late = _time.monotonic() - beats["at"]
        return f"clock thread stuck for {late:.0f} s" if late > max(5.0, 4 * beat) else None

    def audio_alive() -> str | None:
        for output, player in list(getattr(audio, "_players", {}).items()):
            if not player.closed and not player.thread.is_alive():
                return f"audio thread of {output} ended"
        return None

    def readers_alive() -> str | None:
        board = getattr(service, "board", None)
        for reader in list(getattr(board, "readers", {}).values()):
            problem = reader.hung()
            if problem:
                return problem
        return None

    def console_alive() -> str | None:
        handle = console()
        thread = getattr(handle, "_thread", None)
        return "console thread ended" if thread is not None and not thread.is_alive() else None

    return [clock_alive, audio_alive, readers_alive, console_alive]


def recheck_outputs(sink: Any, service: Any, audio: Any, outputs: list[str]) -> None:
    """Play a moment of silence on every output that cannot play (``service.dead_parts``);
    one that plays now leaves STATUS= and the console (``service.output_back``), and its next
    failure is spoken again (``audio.failed_outputs``)."""
    dead = [o for o in outputs if o in service.dead_parts]
    if dead:
        still = sink.check(dead, timeout=5.0)
        for output in dead:
            if output not in still:
                getattr(audio, "failed_outputs", {}).pop(output, None)
                service.output_back(output)


def _seats_text(seats: list[int]) -> str:
    """``[0, 1, 2]`` -> ``"seats 1-3"``, ``[3]`` -> ``"seat 4"``, ``[1, 4]`` -> ``"seats 2, 5"`` (1-based)."""
    numbers = sorted(n + 1 for n in seats)
    if len(numbers) == 1:
        return f"seat {numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"seats {numbers[0]}-{numbers[-1]}"
    return "seats " + ", ".join(str(n) for n in numbers)


def dead_part_names(board_error: str | None, dead_parts: dict[str, str]) -> list[str]:
    """The dead parts of a board, by name, for one line: ``GPIO``, ``table speaker``,
    ``earphones of seats 1-10`` (the earphones in one name), ``whisper station``, then the
    others (``NAME reader`` by the config's reader, ``game-master key``) as the service names them.

    :param board_error: why the pins could not be opened (``BoardService.board_error``), or None.
    :param dead_parts: ``BoardService.dead_parts``: part (``public``, ``seat:N``, ``whisper``,
        ``NAME reader`` …) -> one line.
    """
    names = ["GPIO"] if board_error else []
    if "public" in dead_parts:
        names.append("table speaker")
    seats = [int(part[5:]) for part in dead_parts if part.startswith("seat:") and part[5:].isdigit()]
    if seats:
        names.append(f"earphone{'s' if len(seats) > 1 else ''} of {_seats_text(seats)}")
    if "whisper" in dead_parts:
        names.append("whisper station")
    names += [part for part in dead_parts if part not in ("public", "whisper") and not part.startswith("seat:")]
    return names


class _DeadOutputRepeats:
    """A logging filter: an audio error about an output already known dead (every clip sent to
    it fails the same way) is dropped; the first line about it has been said. ``dead()``
    gives the known lines (``AudioService.failed_outputs`` values)."""

    def __init__(self, dead: Callable[[], Any]) -> None:
        self._dead = dead

    def filter(self, record: Any) -> bool:
        if not record.name.startswith("firmware_host.audio") or record.levelno < 40:
            return True
        message = record.getMessage()
        return not (message.startswith("audio: ") and message[len("audio: "):] in set(self._dead()))


def _speech_cache(audio_settings: object) -> Path:
    explicit = getattr(audio_settings, "cache_dir", "") or ""
    if explicit:
        return Path(explicit)
    if os.environ.get("CACHE_DIRECTORY"):        # systemd CacheDirectory=
        return Path(os.environ["CACHE_DIRECTORY"].split(":")[0]) / "speech"
    return Path.home() / ".cache" / "firmware-host" / "speech"


def main(args: argparse.Namespace) -> int:
    """Run the board until stopped; 0 on a clean stop, :data:`EXIT_CANNOT_PLAY` when the board
    cannot play at all (its pins cannot be opened, the table speaker is silent): the fault is
    spoken where any output works, shown in STATUS= and the log, and READY=1 is never sent.

    Every dead part is one log line (a silent earphone, the pins, a missing reader; repeats
    about an output known dead are dropped); a board that cannot play ends with one line,
    the last, naming all of them (:func:`dead_part_names`). A part the game can do without
    (the game-master key, an earphone) is a spoken fault and in STATUS= while the rest plays.

    :raises UsageError: an unusable config or journal (one line, exit 2).
    """
    import logging

    from firmware_host.audio.service import AudioService
    from firmware_host.audio.settings import AudioSettings
    from firmware_host.audio.sinks import AlsaSink
    from firmware_host.audio.speech import SpeechRenderer
    from firmware_host.board_config import load_config
    from firmware_host.clock import RealClock
    from firmware_host.config import find_config
    from firmware_host.errors import UsageError
    from firmware_host.service.board_catalogue import text as board_text
    from firmware_host.service.backend import ConsoleBackend
    from firmware_host.service.core import BoardService
    from firmware_host.service.journal import Journal, JournalError
    from firmware_host.service.logs import setup_logging
    from firmware_host.service.settings import console_config, service_settings
    from firmware_host.service.voice import Voice

    from firmware_host.service.heap import bound_heap

    bound_heap()                         # before any thread: RSS flat over many games
    setup_logging(logging.WARNING if args.quiet else logging.INFO)
    log = logging.getLogger("firmware_host.service")
    repeats = _DeadOutputRepeats(lambda: list(getattr(audio, "failed_outputs", {}).values()))
    handlers = list(logging.getLogger().handlers)
    for handler in handlers:
        handler.addFilter(repeats)
    config_path, source = find_config(args.config)
    config = load_config(config_path)
    log.log(logging.WARNING if source == "the packaged demo config" else logging.INFO,
            "config: %s (%s)", config_path, source)
    # BOARD.md: on a real board the engine's deck is what the readers have seen
    settings = service_settings(config).replace(physical_deck=True)
    if args.journal:
        settings = settings.replace(journal_path=args.journal)
    try:
        journal = Journal(settings.journal_path)
    except JournalError as exc:
        raise UsageError(str(exc)) from None

    # The handler only records the signal: no lock (an Event's lock may be held by the main
    # thread the handler interrupts) and no logging. The main thread polls with a bounded
    # sleep, because a SIGTERM the kernel hands to another thread does not wake a blocked
    # wait; CPython runs the handler at the main thread's next bytecode.
    stopping: list[int] = []

    def on_signal(signum: int, _frame: object) -> None:
        stopping.append(signum)

    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, on_signal)

    clock = RealClock(on_error=lambda exc: log.error("timer failed: %s", exc, exc_info=exc))
    audio_settings = AudioSettings.from_config(config.sections)

    service = None

    def whisper_call(seat: int) -> str:
        """The table call for the whisper station, with the seat's name (the board's
        ``whisper.call``): its long wording the first time, short after (ACCESSIBILITY.md 5)."""
        names = seat_names(service)
        long = audio.use_long_wording("whisper.call") if audio is not None else True
        return board_text("whisper.call", {"seat": seat}, audio_settings.language, long=long, names=names)

    console = None
    audio = None

    def output_fault(output: str, detail: str) -> None:
        if service is not None:
            service.output_failed(output, detail)

    def output_back(output: str) -> None:
        if service is not None:
            service.output_back(output)

    status = 0
    try:
        # hardware → audio → engine → inputs (BoardService.start keeps that order)
        # the speech engine starts after READY=1 (held): cached sentences and earcons play
        # at once, the first new sentence a few milliseconds after "ready"
        cache = _speech_cache(audio_settings)
        renderer = SpeechRenderer(cache, timeout=audio_settings.render_timeout, backend=audio_settings.backend,
                                  cache_max_mb=audio_settings.cache_max_mb, hold=True)
        sink = AlsaSink.from_settings(audio_settings, config.seats)
        audio = AudioService(audio_settings, sink, cache, seats=config.seats, renderer=renderer,
                             whisper_call=whisper_call if audio_settings.whisper_station else None,
                             on_output_fault=output_fault, on_output_back=output_back, clock=clock)
        service = BoardService(settings, clock=clock, journal=journal, voice=Voice(audio))
        # every output plays a moment of silence first: a dead one is named before READY=1
        outputs = ["public"] + (["whisper"] if audio_settings.whisper_station
                                else [f"seat:{n}" for n in range(config.seats)])
        silent = sink.check(outputs)
        # each is said once by the service ("fault: audio: output …"); the audio service's
        # own first failure on it is then no news (no second fault, no repeated error line)
        audio.failed_outputs.update(silent)
        service.health_checks.extend(health_checks(clock, audio, service, lambda: console))
        # READY=1 only when the inputs are live and the table can hear (a silent table
        # speaker: never; a reader missing: once it is plugged in)
        service.start(board_factory(config, clock), resume=not args.no_resume, outputs_failed=silent)
        service.wait_idle()
        renderer.release()               # after READY=1: speech engine, pre-rendering, pruning
        if config.sections["console"]["enabled"] and service.failed is None:
            try:
                from firmware_host.console import serve
            except ImportError as exc:
                log.info("console not installed (%s): running without it", exc)
            else:
                try:
                    console = serve(ConsoleBackend(service), console_config(config))
                    log.info("console at %s", getattr(console, "url", "?"))
                except UsageError as exc:
                    log.error("console not started: %s", exc)
        next_check = time.monotonic() + OUTPUT_RECHECK_S
        while not stopping and service.failed is None:
            time.sleep(STOP_POLL)
            if time.monotonic() >= next_check:
                next_check = time.monotonic() + OUTPUT_RECHECK_S
                recheck_outputs(sink, service, audio, outputs)
        if service.failed is not None:
            # it cannot play: the faults are being spoken where an output works; once they are
            # said and everything is closed, one last line names every dead part
            service.voice.wait_quiet(20.0)
            status = EXIT_CANNOT_PLAY
        else:
            log.info("signal %d: stopping", stopping[0])
    finally:
        # reverse order: console (an input) → service (engine, audio, hardware) → journal → clock
        if console is not None:
            try:
                console.close()
            except Exception as exc:  # noqa: BLE001 - stopping anyway
                log.warning("console close: %s", exc)
        if service is not None:
            service.stop()
        if audio is not None:
            audio.close()                # again if the service closed it; alone if it never started
        journal.close()
        clock.close()
        for handler in handlers:
            handler.removeFilter(repeats)
    if status == EXIT_CANNOT_PLAY and service is not None:
        # stopped already: a SIGTERM now (systemd, a test reading up to this line) must not
        # turn exit status 1 into death by signal while the interpreter shuts down
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, signal.SIG_IGN)
        names = dead_part_names(service.board_error, dict(service.dead_parts))
        log.critical("the board cannot play: not working: %s; stopping (exit status %d)",
                     ", ".join(names) or service.failed, EXIT_CANNOT_PLAY)
    return status
