"""``firmware-host simulate``: the real board service on the mocked board (SIMULATE.md).

The service is the same :class:`~firmware_host.service.core.BoardService` that ``run`` starts
on a Pi; the board is :class:`~firmware_host.hardware.mock.MockBoard` (gpiozero mock pins
with bounce, RFID readers on pseudo-terminals), so every signal goes through the real
debouncing, gesture and RFID frame code. Output: JSON Lines (engine events, ``announce`` with
``wav`` when ``--audio-dir`` is given, ``rejected``, ``fault``, and a final ``{"state": …}``).

Scripted runs use a :class:`~firmware_host.clock.VirtualClock`: time moves only by the
signals themselves (a press lasts its press time), ``at`` and ``wait``; before each timer
falls due the simulator waits until the service thread is idle, so a run is deterministic
and as fast as the machine allows. The interactive board uses real time.

Example::

    sim = Simulator(config_path=None, audio_dir="out/audio", out=sys.stdout)
    status = sim.run_script(read_script("examples/simulate-7p.jsonl"))
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterable, TextIO

from firmware_host.checks import quoted
from firmware_host.clock import RealClock, VirtualClock
from firmware_host.errors import BoardFailure, UsageError
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import service_settings
from firmware_host.service.signals import ScriptError, Signal, help_text, parse_line, peg_signal, tile_signal
from firmware_host.service.voice import Voice

log = logging.getLogger("firmware_host.service")

#: where rendered speech is cached between runs unless ``--speech-cache`` or
#: ``$FIRMWARE_HOST_SPEECH_CACHE`` say otherwise
DEFAULT_SPEECH_CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "firmware-host" / "speech"

#: the board's own signals (each registered game's tile signal is the board's too: :func:`tile_signal`)
BOARD_SIGNALS = ("button", "key", "slot", "peg", "pin", "serial", "unplug", "replug")


def deal_seed(seed: int, number: int) -> int:
    """The seed game ``number`` (1 for the first) of a run is dealt with, from the run's
    ``seed`` (``simulate --robots --seed S``, ``simulate --by-ear --seed S``): the first game
    ``S`` itself (the same deal as any ``simulate --seed S`` of that game), game ``n`` from 2
    on the first four bytes of SHA-256 of ``"S/game/n"`` (UTF-8) as a big-endian integer, its
    top bit cleared (0 to 2**31 - 1, a ``--seed`` of its own). So the games of an evening, and
    each game played twice in a row, are dealt apart, and a game of it can be dealt again
    alone (issue 31; docs/SIMULATE-robots.md).

    :param seed: the run's seed (an int).
    :param number: the game's number in the run, 1-based.
    :raises ValueError: ``number`` below 1.
    """
    if number < 1:
        raise ValueError(f"game number {number}: the first game is 1")
    if number == 1:
        return int(seed)
    digest = hashlib.sha256(f"{int(seed)}/game/{int(number)}".encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def speech_cache_dir(explicit: str | None = None) -> Path:
    """The speech cache folder: ``explicit``, ``$FIRMWARE_HOST_SPEECH_CACHE`` or the default."""
    return Path(explicit or os.environ.get("FIRMWARE_HOST_SPEECH_CACHE") or DEFAULT_SPEECH_CACHE)


def physical_state(signals: list[Signal]) -> tuple[dict[str, set[int]], int | None]:
    """The slots filled (track -> slot numbers) and the peg's hole after ``signals`` (to
    restart on the same board)."""
    slots: dict[str, set[int]] = {}
    peg: int | None = 0
    for sig in signals:
        if sig.kind == "slot":
            filled = slots.setdefault(sig["track"], set())
            (filled.add if sig["state"] == "filled" else filled.discard)(sig["slot"])
        elif sig.kind == "peg":
            peg = sig["position"]
    return slots, peg


def _quiet(service: Any) -> None:
    """Wait until the board service's thread is idle with nothing posted to it and its voice
    renders nothing (a render costs no virtual time: a run does not depend on how fast the
    machine renders). Never called on the service thread (it cannot wait for itself)."""
    voice = service.voice
    for _ in range(100000):
        service.wait_idle()
        if voice is not None and voice.busy():
            threading.Event().wait(0.002)
            continue
        if service.pending():
            continue
        return


class OutputTail:
    """The output lines ``simulate`` still needs (``wait_for`` and refusals look back only to
    the signal before), numbered from the run's first line; older ones are let go
    (:meth:`trim`), so memory stays flat however many games one run plays.

    ``len(tail)`` is the number of lines written so far; ``tail[i:]`` the lines from line
    ``i`` on (``i`` absolute, at least the trimmed start); iterating gives the kept lines.
    """

    def __init__(self) -> None:
        self._lines: list[dict] = []
        self._start = 0

    def append(self, line: dict) -> None:
        self._lines.append(line)

    def __len__(self) -> int:
        return self._start + len(self._lines)

    def __iter__(self) -> Any:
        return iter(list(self._lines))

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            if index.step is not None:
                raise ValueError("OutputTail takes no slice step")
            start = 0 if index.start is None else index.start
            stop = len(self) if index.stop is None else index.stop
            if start < 0 or stop < 0:
                raise IndexError("OutputTail takes absolute line numbers")
            return self._lines[max(0, start - self._start):max(0, stop - self._start)]
        if index < 0:
            return self._lines[index]
        if index < self._start:
            raise IndexError(f"line {index} was let go (kept from {self._start})")
        return self._lines[index - self._start]

    def trim(self, keep_from: int) -> None:
        """Let go of the lines before absolute line ``keep_from``."""
        drop = min(len(self._lines), keep_from - self._start)
        if drop > 0:
            del self._lines[:drop]
            self._start += drop


class Simulator:
    """Runs the board service on the mocked board.

    :param config_path: the board config (TOML), None for the shipped default.
    :param audio_dir: render speech into numbered WAVs there (``wav`` on announce lines);
        None: no sound (faster).
    :param journal_path: the SQLite journal; None: a temporary one, removed at the end.
    :param out: where the JSON Lines go.
    :param speech_cache: the speech cache folder (see :func:`speech_cache_dir`).
    :param console: also serve the game master's console on the mocked board with this
        function, ``serve(backend, settings) -> handle`` (``firmware_host.console.serve``: the
        command passes it, so the service imports no console), with the whole config
        (``[console]`` host, PIN, and the board's language from ``[audio]``), whatever
        ``[console] enabled`` says; its address goes to ``prompt`` as ``console at URL``.
        None: no console.
    :param console_port: a TCP port instead of ``[console] port`` (0: any free one).
    :param prompt: where messages for the person at the terminal go (default stderr).
    :param setup_seed: the seed of a game the seats set up (:mod:`firmware_host.table.lobby`:
        roles and a board-shuffled draw pile are dealt from it), or None for a random one.
    :param render_seconds: every sentence takes this many seconds longer to render, on the
        run's clock (:class:`~firmware_host.audio.slow.SlowRenderer`: a slow Pi Zero 2 W or
        a fresh speech cache, for tests and the benchmark); 0 = as fast as this machine.
    :param warm_cache: with ``render_seconds``: a sentence already in the speech cache takes
        no extra time (a board with a warm cache); False: every sentence is slow.
    :param on_line: also handed every output line (a dict) as it is written (the robot
        table, :mod:`firmware_host.robots`); None: none.
    :param observe_picks: how to be told of the scans' picks, ``observe_picks(callback) ->
        stop`` (``firmware_host.table.scanning.observe``: the command passes it, so the
        service imports no table part); each pick of this board is then a ``picked`` line
        (:meth:`picked`). None: no ``picked`` lines.
    :raises UsageError: an unusable config (one line).
    """

    def __init__(self, config_path: str | None = None, *, audio_dir: str | None = None,
                 journal_path: str | None = None, out: TextIO | None = None,
                 speech_cache: str | None = None, console: Callable[[Any, Any], Any] | None = None,
                 console_port: int | None = None, prompt: TextIO | None = None,
                 render_seconds: float = 0.0, setup_seed: int | None = None,
                 on_line: Callable[[dict], None] | None = None, warm_cache: bool = False,
                 observe_picks: Callable[[Callable[..., None]], Callable[[], None]] | None = None) -> None:
        from firmware_host.board_config import load_config
        self.config = load_config(config_path)
        self.settings = service_settings(self.config)
        self.audio_dir = audio_dir
        self.out = sys.stdout if out is None else out       # looked up now, not at import
        self.speech_cache = speech_cache_dir(speech_cache)
        self.render_seconds = float(render_seconds)
        self.setup_seed = setup_seed
        #: the service's ``order_seed`` (a robot table's seed, for a game that takes none)
        self.order_seed: int | None = None
        self.on_line = on_line
        self.warm_cache = bool(warm_cache)
        self.observe_picks = observe_picks
        #: a ``playing`` line as each clip starts (:meth:`run_by_ear`)
        self.by_ear = False
        #: each game the seats set up after a game over is dealt from its own seed,
        #: :func:`deal_seed` of the run's ``setup_seed`` and the game's number (the by-ear and
        #: interactive board; a robot table sets each game's seed itself); False: every game
        #: from ``setup_seed`` (a script)
        self.deal_each_game = False
        self._run_seed = setup_seed
        self._games_over = 0
        #: the board's inputs come from people (the interactive board) or robot players who
        #: press as people do: the config's ``[scan] grace``; False (signals played as a
        #: script plays them): :meth:`script_grace`
        self.paced_by_people = False
        self._tmp: str | None = None
        if journal_path is None:
            self._tmp = tempfile.mkdtemp(prefix="firmware-host-sim-")
            journal_path = os.path.join(self._tmp, "journal.sqlite3")
        self.journal_path = journal_path
        #: the output lines still needed (see :class:`OutputTail`)
        self.lines = OutputTail()
        #: the announce lines as their clips started (``wait_for`` looks here), those still needed
        self.starts = OutputTail()
        #: script lines of the ``wait_for`` signals that timed out (each also a ``fault`` line)
        self.timed_out: list[int] = []
        self._write_lock = threading.Lock()
        self._held: list[str] | None = None  # output kept back until the setup is known good
        self.service: BoardService | None = None
        #: the board's pre-render (:class:`~firmware_host.audio.slow.BootWalk`: its boot's plan
        #: walked before the clock moves), made with the voice
        self.boot_walk: Any = None
        self._unobserve: Callable[[], None] | None = None
        self.mock: Any = None
        self.clock: Any = None
        self.console = console
        self.console_port = console_port
        self.console_handle: Any = None
        self.prompt = sys.stderr if prompt is None else prompt
        #: set (e.g. by a SIGTERM handler) to end a run that keeps serving the console
        self.stopping = threading.Event()

    # -- output -----------------------------------------------------------------------------
    def _write(self, line: dict) -> None:
        if line.get("event") == "game_over":
            self._game_over()
        with self._write_lock:
            self.lines.append(line)
            if self.on_line is not None:
                self.on_line(line)
            text = json.dumps(line, ensure_ascii=False) + "\n"
            if self._held is not None:
                self._held.append(text)
                return
            self.out.write(text)
            self.out.flush()

    def _game_over(self) -> None:
        """A game ended: with :attr:`deal_each_game`, the next game the seats set up is dealt
        from its own seed (:func:`deal_seed` of the run's seed and its number)."""
        self._games_over += 1
        if not self.deal_each_game or self._run_seed is None:
            return
        seed = deal_seed(self._run_seed, self._games_over + 1)
        self.setup_seed = seed
        if self.service is not None:
            self.service.setup_seed = seed

    def picked(self, scan: Any, item: Any, *, at: float, final: bool, settled: bool = False) -> None:
        """A scan picked ``item`` (``observe_picks``' callback): for a scan of this board the
        ``picked`` line (docs/SIMULATE-robots.md: ``seat``, ``at`` the press's moment in clock
        seconds, the item's ``key`` and ``params``, ``final`` whether it takes effect now);
        ``settled``: a pick that has waited out its undo window takes effect now (``at`` that
        moment, ``final`` true, ACCESSIBILITY.md 32)."""
        if scan.clock is not self.clock:
            return
        self._write({"event": "picked", "seat": scan.seat, "at": round(at, 3), "key": item.key,
                     "params": dict(item.params), "final": final})

    def _started(self, line: dict) -> None:
        with self._write_lock:
            self.starts.append(line)
        if self.by_ear:
            self._write({**line, "event": "playing"})

    def _hold_output(self) -> None:
        """Keep output lines back (until :meth:`_release_output`), so that an unusable setup
        leaves stdout empty (exit 2 with one line on stderr, nothing else)."""
        with self._write_lock:
            if self._held is None:
                self._held = []

    def _release_output(self) -> None:
        """Write the lines kept back, and every later line at once."""
        with self._write_lock:
            held, self._held = self._held, None
            if held:
                self.out.write("".join(held))
                self.out.flush()

    def _fault(self, source: str, reason: str, detail: str, line: int = 0) -> None:
        obj: dict[str, Any] = {"event": "fault", "source": source, "reason": reason}
        if detail:
            obj["detail"] = detail
        if line:
            obj["line"] = line
        log.warning("fault: %s: %s (%s)", source, reason, detail)
        self._write(obj)

    # -- start and stop ---------------------------------------------------------------------
    def _make_voice(self, clock: Any) -> Any:
        """Speech that takes its real time on ``clock`` (SIMULATE.md "Time and speech"): every
        clip is rendered (or taken from the speech cache) and plays for the length of its WAV
        on a :class:`~firmware_host.audio.sinks.ClockSink`, which also writes it to
        ``--audio-dir`` when given."""
        from firmware_host.audio.service import AudioService
        from firmware_host.audio.settings import AudioSettings
        from firmware_host.audio.sinks import ClockSink, WavDirSink
        files = WavDirSink(self.audio_dir) if self.audio_dir is not None else None
        from firmware_host.audio.speech import SpeechRenderer
        settings = AudioSettings.from_config(self.config.sections)
        renderer = SpeechRenderer(self.speech_cache, timeout=settings.render_timeout, backend=settings.backend,
                                  cache_max_mb=settings.cache_max_mb)
        if self.render_seconds:
            from firmware_host.audio.slow import SlowRenderer
            renderer = SlowRenderer(renderer, clock, self.render_seconds, warm=self.warm_cache)
        whisper_call = None
        if settings.whisper_station:
            from firmware_host.service.board_catalogue import text as board_text

            def whisper_call(seat: int) -> str:
                """The table's call to the whisper station (the board's ``whisper.call``): its
                long wording the first time, short after (ACCESSIBILITY.md 5; every turn of a
                game at a station board is a call)."""
                game = getattr(self.service, "game", None)
                return board_text("whisper.call", {"seat": seat}, settings.language,
                                  long=audio.use_long_wording("whisper.call"),
                                  names=dict(getattr(game, "names", {}) or {}))
        # the board's plans are given as on a board; its boot's plan is walked before the clock
        # moves (a board switched on before the players came, issue 31), later ones are
        # rendered when said (:class:`~firmware_host.audio.slow.BootWalk`)
        from firmware_host.audio.slow import BootWalk
        self.boot_walk = BootWalk(settings, renderer)
        audio = AudioService(settings, ClockSink(clock, files), self.speech_cache, seats=self.config.seats,
                             clock=clock, renderer=renderer, whisper_call=whisper_call, prerenderer=self.boot_walk)
        audio.clock_waits_for_renders = True     # the virtual clock waits while a sentence renders
        return Voice(audio, files)

    def start(self, clock: Any, before: list[Signal] | None = None) -> BoardService:
        """Start the service on a fresh mocked board.

        :param before: signals already played on this board in an earlier run (``--start-line``):
            its slots and peg are set to where they left them.
        """
        from firmware_host.hardware.mock import MockBoard
        self.clock = clock
        if not self.paced_by_people:
            self.script_grace()
        slots, peg = physical_state(before or [])
        journal = Journal(self.journal_path)
        service = BoardService(self.settings, clock=clock, journal=journal, voice=self._make_voice(clock),
                               emit=self._write, notifier=Notifier(None))
        self.service = service
        service.setup_seed = self.setup_seed
        service.order_seed = self.order_seed
        service.subscribe_starts(self._started)
        if self.observe_picks is not None:
            self._unobserve = self.observe_picks(self.picked)

        def factory(on_event: Callable[[Any], None]) -> Any:
            nonlocal slots, peg
            if not before:
                # a game resumed from the journal: its tiles and pin lie where the game left
                # them, as on a real board kept over a restart (the game's adapter says where)
                pieces = getattr(service.game, "pieces_at_boot", lambda: None)()
                if pieces:
                    slots = {track: set(filled) for track, filled in pieces.get("slots", {}).items()}
                    peg = pieces.get("peg", peg)
            # on the virtual clock the board's own pauses (bounce, a tag's frames) let the
            # service handle each report before time moves on: the same run, run after run
            mock = MockBoard(self.config, clock, on_event, peg=peg, start=False,
                             advance=self.advance if isinstance(clock, VirtualClock) else None)
            for track, filled in slots.items():
                for k in filled:
                    mock.pin(self.config.slot_pins(track)[k - 1]).closed = True
            self.mock = mock
            return mock

        if isinstance(clock, VirtualClock):
            clock.between = self._quiesce        # each timer's work done before the next one runs
        service.start(factory)
        if self.boot_walk is not None:
            service.call(self.boot_walk.booted)     # the boot's plan walked before the clock moves (issue 31)
        if service.failed is not None:
            # the mocked board cannot play (a pin refused): one line, as run says it
            self.stop()
            raise BoardFailure(service.failed)
        if self.console:
            self._serve_console(service)
        return service

    def _serve_console(self, service: BoardService) -> None:
        """Serve the console on ``service`` (see ``console`` in the class docstring).

        :raises UsageError: the console cannot start (settings, port taken).
        """
        from firmware_host.service.backend import ConsoleBackend
        from firmware_host.service.settings import console_config
        self.console_handle = self.console(ConsoleBackend(service), console_config(self.config, self.console_port))
        self.prompt.write(f"console at {self.console_handle.url}\n")
        self.prompt.flush()

    def stop(self) -> None:
        """Stop the service (which closes the mocked board), close the journal, clean up."""
        unobserve, self._unobserve = self._unobserve, None
        if unobserve is not None:
            unobserve()
        try:
            if self.console_handle is not None:
                handle, self.console_handle = self.console_handle, None
                try:
                    handle.close()
                except Exception as exc:  # noqa: BLE001 - stopping anyway
                    log.warning("console close: %s", exc)
            if self.service is not None:
                voice = self.service.voice
                self.service.stop()
                self.service.journal.close()
        finally:
            if isinstance(self.clock, RealClock):
                self.clock.close()
            if self._tmp is not None:
                shutil.rmtree(self._tmp, ignore_errors=True)

    # -- time ---------------------------------------------------------------------------------
    def settle(self) -> None:
        """Run every callback due now and wait until the service thread is idle and the audio
        layer renders nothing (speech rendering costs no virtual time, so a run does not
        depend on how fast the machine renders)."""
        service, clock = self.service, self.clock
        assert service is not None
        for _ in range(100000):
            _quiet(service)
            if isinstance(clock, VirtualClock):
                due = clock.next_due()
                if due is not None and due <= clock.now():
                    clock.advance_to(clock.now())
                    continue
            break

    def _quiesce(self) -> None:
        """After each callback of the virtual clock (:attr:`VirtualClock.between
        <firmware_host.clock.VirtualClock.between>`): wait until the service thread has handled
        what the callback posted and the audio layer renders nothing, without moving the
        clock, so that a callback due at the same instant sees the service's answer to the one
        before (two clips ending at one instant: what the service says at the first one's end
        is queued before the second one's output picks its next clip), run after run (issue
        30). Nothing on the service thread itself (it cannot wait for itself)."""
        service = self.service
        if service is None or not service._running or threading.current_thread() is service._thread:
            return
        _quiet(service)

    def drain(self, limit: float = 3600.0, channels: Iterable[str] | None = None) -> None:
        """Let the virtual clock run until every output has played what it was given (at most
        ``limit`` seconds: a whisper-station message nobody fetches waits for ever).

        :param channels: only these outputs (``public``, ``seat:N``) need to have played all;
            None: every output."""
        clock, service = self.clock, self.service
        if not isinstance(clock, VirtualClock) or service is None or service.voice is None:
            return
        end = clock.now() + limit
        wanted = None if channels is None else tuple(channels)
        self.settle()
        while not (service.voice.idle() if wanted is None else service.voice.idle(wanted)):
            due = clock.next_due()
            if due is None or due > end:
                break
            clock.advance_to(max(due, clock.now()))
            self.settle()

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass: on the virtual clock step from timer to timer, idle between."""
        clock = self.clock
        if not isinstance(clock, VirtualClock):
            threading.Event().wait(seconds)
            self.settle()
            return
        target = clock.now() + max(0.0, seconds)
        while True:
            self.settle()
            due = clock.next_due()
            if due is None or due > target:
                break
            clock.advance_to(due)
        clock.advance_to(target)
        self.settle()

    # -- signals ------------------------------------------------------------------------------
    def play(self, sig: Signal, mark: int = 0) -> None:
        """Play one signal (service thread idle afterwards). Unusable signals are ``fault`` lines.

        :param sig: a parsed SIMULATE.md signal (the peg's own signal name, its pack's
            ``Peg.signal``, is the peg's, as the parser reads it).
        :param mark: index in :attr:`starts` (the announce lines as their clips started) from
            which ``wait_for`` looks for announcements.
        :raises UsageError: an unusable ``setup`` signal (every other unusable signal becomes a
            ``fault`` line and the script goes on).
        """
        service = self.service
        assert service is not None
        if sig.kind != "peg" and sig.kind == peg_signal():
            sig = dataclasses.replace(sig, kind="peg")
        with self._write_lock:
            self.starts.trim(mark)            # wait_for looks back no further than ``mark``
            self.lines.trim(len(self.lines))  # a refusal is looked for among this signal's lines only
        service.current_line = sig.line
        log.info("signal line %d: %s", sig.line, sig.kind)
        kind = sig.kind
        try:
            if kind == "setup":
                if service.game.game is not None and service.game.game.phase != "game_over":
                    log.info("setup skipped: a game was resumed from the journal")
                    return
                service.call(lambda: service.game.setup_game(dict(sig.fields)))
            elif kind == "gm":
                self._gm(sig)
            elif kind == "wait":
                self.advance(sig["seconds"])
            elif kind == "wait_for":
                self._wait_for(sig, mark)
            elif kind in BOARD_SIGNALS or tile_signal(kind) is not None:
                self._board(sig)
            else:  # pragma: no cover - the parser knows every kind
                raise ScriptError(f"unknown signal {quoted(kind)}")
        except UsageError as exc:
            if kind == "setup":
                raise
            self._fault(kind, "unusable", str(exc), sig.line)
        except (TimeoutError, OSError) as exc:
            self._fault(kind, "timeout" if isinstance(exc, TimeoutError) else "os_error", str(exc), sig.line)
        self.settle()

    def _board(self, sig: Signal) -> None:
        mock, f = self.mock, sig.fields
        if mock is None:
            raise UsageError("no mocked board")
        kind = sig.kind
        if kind == "button":
            mock.press(f["seat"], f["gesture"])
        elif kind == "key":
            mock.press_game_master_key(f.get("gesture", "press"))
        elif tile_signal(kind) is not None:
            tile = tile_signal(kind)
            assert tile is not None
            number = f.get("tile")
            mock.present_tile(tile.kind, f.get(tile.value_field), f.get("seat"),
                              None if tile.layout == "numbered" and not number else number, f.get("reader"))
        elif kind == "slot":
            mock.set_slot(f["track"], f["slot"], f["state"] == "filled")
        elif kind == "peg":
            mock.move_peg(f["position"])
        elif kind == "pin":
            mock.set_pin(f["pin"], f["level"], f.get("hold") or None)
        elif kind == "serial":
            mock.write_serial(f["reader"], f["data"])
        elif kind == "unplug":
            mock.unplug(f["reader"])
        elif kind == "replug":
            mock.replug(f["reader"])

    def _gm(self, sig: Signal) -> None:
        service = self.service
        assert service is not None
        fields = dict(sig.fields)
        command = fields.pop("command")
        mark = len(self.lines)
        try:
            service.call(lambda: service.game.command(command, **fields))
        except UsageError as exc:
            # an engine refusal already has its ``rejected`` line (and was spoken)
            if not any(l.get("event") == "rejected" for l in self.lines[mark:]):
                self._fault("gm", "refused", f"{command}: {exc}", sig.line)

    def _wait_for(self, sig: Signal, mark: int) -> None:
        """Wait until an announcement with ``key`` and ``params`` is made (since ``mark``),
        at most ``timeout`` seconds (a ``fault`` line then).

        On the virtual clock time jumps from one due timer to the next (nothing else can
        make an announcement), so a long timeout costs no more than the timers in it; on
        real time it looks every 50 ms.
        """
        key, params, timeout = sig["key"], sig["params"], sig["timeout"]
        clock = self.clock

        def found() -> bool:
            # SIMULATE.md: satisfied when a matching clip *starts* playing
            for line in self.starts[mark:]:
                if (line.get("key") == key
                        and all(line.get("params", {}).get(k) == v for k, v in params.items())):
                    return True
            return False

        self.settle()
        deadline = clock.now() + timeout
        while not found():
            if isinstance(clock, VirtualClock):
                due = clock.next_due()
                if due is None or due > deadline:
                    clock.advance_to(max(deadline, clock.now()))
                    self.settle()
                    if found():
                        return
                    break
                clock.advance_to(max(due, clock.now()))
                self.settle()
            else:
                if clock.now() >= deadline:
                    break
                self.advance(min(0.05, max(0.0, deadline - clock.now())))
        else:
            return
        self.timed_out.append(sig.line)
        self._fault("wait_for", "timeout", f"no announcement {key} {json.dumps(params)} within {timeout:g} s",
                    sig.line)

    # -- whole runs ---------------------------------------------------------------------------
    def check_setup(self, setup: dict) -> None:
        """Refuse a scripted setup that its game refuses before anything runs (REPLAY.md: where
        roles or the deck are left out they are dealt from ``seed``, which is required then).

        The game is the setup's ``game`` (the registry, :mod:`firmware_host.kernel.games`); its pack's
        ``check_script_setup(setup, board_roles=)`` checks it, with ``[service] roles`` as the board's
        role source. A game without that check, or a setup that names no registered game, is
        checked when it is set up.

        :raises UsageError: one line, as the game's check says it.
        """
        from firmware_host.kernel import games
        if not isinstance(setup, dict) or setup.get("seed") is not None:
            return
        name = setup.get("game", games.DEFAULT_GAME)
        if not isinstance(name, str) or name not in games.REGISTRY:
            return          # refused, one line, when it is set up
        check = games.pack(name).check_script_setup
        if check is not None:
            check({k: v for k, v in setup.items() if k != "game"}, board_roles=self.settings.roles)

    def script_grace(self) -> None:
        """A script presses the moment an item *starts* (``wait_for`` is satisfied then,
        SIMULATE.md) and means that item: unless the config sets ``[scan] grace``, a scripted
        run (signals played by :meth:`play` on a board :meth:`start` started, unless
        :attr:`paced_by_people`) takes a press for the item that has started (grace 0), where a person's press
        in an item's first moments is for the item heard before (ACCESSIBILITY.md 27; the
        robot players, :mod:`firmware_host.robots`, press as people do, with the grace).
        Nor is a script's press a person's: it needs no undo window and teaches no pace
        (``[scan] undo`` and ``pace`` false unless the config sets them, ACCESSIBILITY.md 31-32),
        and a press made before the table's call of the seat's turn means the list that follows
        the call (``[scan] list_after`` false unless the config sets it, issue 31)."""
        import tomllib
        try:
            with open(self.config.path, "rb") as fh:
                given = tomllib.load(fh).get("scan") or {}
        except (OSError, TypeError, tomllib.TOMLDecodeError):
            given = {}
        scripted = {key: value for key, value in (("grace", 0.0), ("undo", False), ("pace", False),
                                                  ("list_after", False)) if key not in given}
        if scripted:
            self.settings = dataclasses.replace(self.settings, scan=dataclasses.replace(self.settings.scan, **scripted))

    def run_script(self, signals: list[Signal], start_line: int = 0) -> int:
        """Play a parsed script on a virtual clock; 0 once played to its end.

        Output is kept back until the setup has been accepted, so an unusable setup leaves
        ``out`` empty.

        :param start_line: play only signals from this script line on (restart after a
            crash on the same ``journal_path``); earlier slots and peg are set up as left.
            0: the whole script.
        :raises UsageError: an unusable setup, or a ``start_line`` that is not a line of the
            script (1 to the last signal's line) (exit 2).
        """
        last = max((s.line for s in signals), default=0)
        if start_line and not 1 <= start_line <= last:
            raise UsageError(f"--start-line {start_line} is not a line of the script (1 to {last})")
        if signals and signals[0].kind == "setup":
            self.check_setup(signals[0].fields)
        clock = VirtualClock()
        before = [s for s in signals if start_line and s.line < start_line]
        todo = [s for s in signals if not start_line or s.line >= start_line]
        self._hold_output()
        if not any(s.kind == "setup" for s in todo):
            self._release_output()
        ok = False
        self.start(clock, before)
        try:
            t0 = clock.now()
            mark = 0
            for sig in todo:
                if sig.at is not None and t0 + sig.at > clock.now():
                    self.advance(t0 + sig.at - clock.now())
                previous = len(self.starts)
                self.play(sig, mark)
                if sig.kind == "setup":
                    self._release_output()
                mark = previous
            self.settle()
            self.drain()
            if self.console_handle is not None:
                self._keep_serving()
            if self.service is not None:
                self.service.call(self.service.flush_announcements)
            self._write({"state": self.service.game.final_state() if self.service else None})
            ok = True
        finally:
            self.stop()
            if ok:
                self._release_output()
            else:
                with self._write_lock:
                    self._held = None if self._held is None else []
        return 0

    def _keep_serving(self, step: float = 0.05) -> None:
        """After a script: the board goes on for the console, the virtual clock now following
        real time, until :attr:`stopping` is set or Ctrl-C."""
        self.prompt.write(f"script played; the console at {self.console_handle.url} stays on "
                          "the board until Ctrl-C\n")
        self.prompt.flush()
        try:
            while not self.stopping.wait(step):
                self.advance(step)
        except KeyboardInterrupt:
            pass
        self.settle()

    def run_by_ear(self, stdin: TextIO = sys.stdin) -> int:
        """The board on a virtual clock, driven by what a player hears (docs/SIMULATE-robots.md
        "By ear"): time moves only when asked, so an outside player that only hears plays at
        machine speed. One request per line from ``stdin``:

        - ``step``: the clock moves to the next clip start, clip end or timer, whichever
          comes first (nothing due: it stays; the board waits for a player);
        - a signal (a SIMULATE.md line, or the interactive board's words, ``wait SECONDS``
          included), played now; with ``at`` (seconds from the start) once the clock has moved
          there (the lines of the time between are part of the answer), a ``fault`` line and
          not played when that moment has passed; a ``setup`` while a game is under way is a
          ``fault`` line and not played;
        - ``state``, ``help``, ``quit``;
        - a blank line or a ``#`` comment: nothing is played.

        Every line (``quit`` aside) is answered on ``out`` by the lines it caused — a ``playing`` line as a
        clip starts (the ``announce`` line without ``end``), the ``announce`` line once it has
        ended, engine events, ``rejected``, ``picked``, ``fault`` (an unusable request:
        ``source`` ``stdin``) — and closed by ``{"event": "ready", "at", "next"}`` (the clock
        now; the time of the next clip start, clip end or timer, or None). Ends at the end of
        ``stdin`` or ``quit`` with the ``{"state": …}`` line; returns 0.
        """
        clock = VirtualClock()
        self.paced_by_people = True
        self.by_ear = True
        self.deal_each_game = True
        self.start(clock)
        service = self.service
        assert service is not None
        try:
            self.settle()
            self._ready()
            mark = 0
            for raw in stdin:
                try:
                    words = raw.split()
                    if words and words[0].lower() == "step" and len(words) > 1:
                        raise ScriptError("step takes no number: it moves to the next clip start, clip end or "
                                          "timer; 'wait SECONDS' moves the clock by seconds")
                    sig = parse_line(raw) if raw.strip().lower() != "step" else "step"
                except ScriptError as exc:
                    self._fault("stdin", "unusable", str(exc))
                    self._ready()
                    continue
                if sig is None:                       # a blank line or a comment: answered too
                    self._ready()
                    continue
                if sig == "quit":
                    break
                if sig == "step":
                    due = clock.next_due()
                    if due is not None:
                        clock.advance_to(max(due, clock.now()))
                    self.settle()
                elif sig == "help":
                    self._write({"event": "help", "text": help_text().replace("state  ", "step; state  ")})
                elif sig == "state":
                    snap = service.call(service.game.snapshot)
                    self._write({"event": "state", "view": (snap or {}).get("view")})
                elif isinstance(sig, Signal) and sig.at is not None and sig.at < clock.now() - 1e-6:
                    # a moment already past cannot be played at: not now either (issue 31)
                    self._fault("stdin", "unusable", f"at {sig.at:g} s has passed: the clock is at "
                                f"{clock.now():.3f} s (leave out at to play it now)")
                elif isinstance(sig, Signal) and sig.kind == "setup" and self._game_running():
                    # a script resumed from its journal skips its setup; a player is told (issue 31)
                    self._fault("stdin", "unusable", "a game is running: the setup is not played "
                                "(it is set up again once the game is over)")
                elif isinstance(sig, Signal):
                    if sig.at is not None:            # seconds from the start: the time passes first
                        self.advance(sig.at - clock.now())
                    previous = len(self.starts)
                    try:
                        self.play(sig, mark)
                    except UsageError as exc:
                        self._fault("stdin", "unusable", str(exc))
                    mark = previous
                self._ready()
            service.call(service.flush_announcements)
            self._write({"state": service.game.final_state()})
        finally:
            self.stop()
        return 0

    def _game_running(self) -> bool:
        """True while a game is under way on the board (set up and not over)."""
        service = self.service
        game = getattr(getattr(service, "game", None), "game", None) if service is not None else None
        return game is not None and getattr(game, "phase", None) != "game_over"

    def _ready(self) -> None:
        """Close the answer to a by-ear request (:meth:`run_by_ear`)."""
        clock = self.clock
        due = clock.next_due()
        self._write({"event": "ready", "at": round(clock.now(), 3), "next": None if due is None else round(due, 3)})

    def run_interactive(self, stdin: TextIO = sys.stdin, prompt: TextIO | None = None) -> int:
        """The virtual board in the terminal on real time: one signal per line (``help``).

        :param stdin: where the lines come from; ends at its end, ``quit`` or Ctrl-C.
        :param prompt: where help and ``? …`` answers go (default: the ``prompt`` given to
            the constructor, stderr).
        """
        prompt = prompt if prompt is not None else self.prompt
        clock = RealClock(origin=time.monotonic())      # the run's clock starts at 0 (SIMULATE.md)
        self.paced_by_people = True
        self.deal_each_game = True
        self.start(clock)
        prompt.write(help_text() + "\n")
        if self.service and self.service.game.game is None:
            prompt.write("Start with e.g.: setup 7 en (or: button 0, and the seats set the game up)\n")
        prompt.flush()
        try:
            mark = 0
            for raw in stdin:
                try:
                    sig = parse_line(raw)
                except ScriptError as exc:
                    prompt.write(f"? {exc}\n")
                    prompt.flush()
                    continue
                if sig is None:
                    continue
                if sig == "quit":
                    break
                if sig == "help":
                    prompt.write(help_text() + "\n")
                elif sig == "state":
                    snap = self.service.call(self.service.game.snapshot) if self.service else None
                    prompt.write(json.dumps((snap or {}).get("view"), ensure_ascii=False) + "\n")
                elif isinstance(sig, Signal) and sig.at is not None and sig.at < clock.now() - 1e-6:
                    # `at`: seconds from the start of the run (SIMULATE.md), as in a script
                    prompt.write(f"? at {sig.at:g} s has passed: the clock is at {clock.now():.3f} s "
                                 f"(leave out at to play it now)\n")
                elif isinstance(sig, Signal):
                    previous = len(self.starts)
                    try:
                        if sig.at is not None:        # the time passes first, on real time
                            self.advance(sig.at - clock.now())
                        self.play(sig, mark)
                    except UsageError as exc:
                        prompt.write(f"? {exc}\n")
                    except Exception as exc:  # noqa: BLE001 - one line; the board goes on
                        log.debug("interactive signal failed", exc_info=True)
                        prompt.write(f"? {sig.kind}: could not be played ({type(exc).__name__}: {exc})\n")
                    mark = previous
                prompt.flush()
            if self.service is not None:      # quit: what is rendered starts, what still plays is cut off
                for _ in range(1000):
                    if not self.service.voice.busy():
                        break
                    threading.Event().wait(0.01)
                self.service.wait_idle()
                self.service.call(self.service.flush_announcements)
            self._write({"state": self.service.game.final_state() if self.service else None})
        except KeyboardInterrupt:
            pass
        finally:
            self.stop()
        return 0
