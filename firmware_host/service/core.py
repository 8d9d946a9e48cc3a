"""The board service: one queue, one service thread, the journal, speech and the output lines.

:class:`BoardService` owns the parts that do not depend on the game: it starts hardware →
audio → engine → inputs and stops them in reverse (in ``finally``), feeds every input event,
timer and console command through **one queue** to **one service thread** (so the engine is
only ever touched by that thread), journals accepted actions before they are announced,
speaks announcements, and writes the output lines that ``simulate`` prints (REPLAY.md /
SIMULATE.md: engine events, ``announce``, ``rejected``, ``fault``).

The game itself lives behind :class:`firmware_host.table.BoardAdapter`, made by the game's
pack (``GamePack.adapter``, :mod:`firmware_host.kernel.games`), so every game uses the same
board.

Example (what ``simulate`` does)::

    service = BoardService(settings, clock=VirtualClock(), journal=Journal(path), voice=voice,
                           emit=print_json_line)
    service.start(board_factory=lambda on_event: MockBoard(config, clock, on_event))
    service.submit(ButtonGesture(seat=0, gesture="press"))
    service.wait_idle()
    service.stop()
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from typing import Any, Callable

from firmware_host.clock import Clock
from firmware_host.errors import FirmwareHostError, UsageError
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.refusals import CommandRefused  # noqa: F401  (re-exported)
from firmware_host.service.settings import ServiceSettings

log = logging.getLogger("firmware_host.service")

_STOP = object()

#: seconds ``start`` waits for each RFID reader's first attempt to open its port (a serial
#: port opens or fails in milliseconds; a Pi Zero under load may take a moment)
READER_FIRST_OPEN_S = 5.0

#: while READY=1 is held for a missing input, systemd's start timeout is pushed this far
#: ahead (``EXTEND_TIMEOUT_USEC``) every :data:`HOLD_EXTEND_S` seconds from the service thread
HOLD_TIMEOUT_S = 30.0
HOLD_EXTEND_S = 10.0

#: a part that cannot be opened (``Fault.part`` kind) -> the catalogue key that names it
#: (every game's catalogue has these ``fault.gpio.*`` and ``fault.output.*`` keys)
PART_FAILURE_KEYS: dict[str, str] = {
    "seat_button": "fault.gpio.button", "law_slot": "fault.gpio.slot",
    "peg": "fault.gpio.peg", "gm_key": "fault.gpio.gm_key",
}

#: an optional part the board started without (``Board.optional_failed``, ``Fault.part``
#: kind) -> the board's sentence that names it and says that play goes on
OPTIONAL_FAILURE_KEYS: dict[str, str] = {"gm_key": "fault.optional.gm_key"}


class ServiceError(FirmwareHostError, RuntimeError):
    """The service cannot do what was asked (stopped, or a command timed out)."""


class BoardService:
    """The running board (see the module docstring).

    :param settings: :class:`ServiceSettings`.
    :param clock: the clock of everything timed (``VirtualClock`` in ``simulate --script``).
    :param journal: the :class:`Journal` (opened by the caller).
    :param voice: a :class:`firmware_host.service.voice.Voice` (speech), or None for silence.
    :param emit: ``emit(line: dict)`` for every output line (events, announce, rejected,
        fault), called on the service thread; default: nothing.
    :param notifier: systemd :class:`Notifier`; default from the environment.
    :param game_factory: ``game_factory(service) -> GameHost``; default every registered
        game (:class:`~firmware_host.service.host.GameHost`, the registry's default game until
        a setup names another).
    """

    def __init__(self, settings: ServiceSettings, *, clock: Clock, journal: Journal,
                 voice: Any = None, emit: Callable[[dict], None] | None = None,
                 notifier: Notifier | None = None,
                 game_factory: Callable[["BoardService"], Any] | None = None) -> None:
        self.settings = settings
        self.clock = clock
        self.journal = journal
        self.voice = voice
        audio = getattr(voice, "audio", None)
        if audio is not None and hasattr(audio, "on_whisper_call"):
            # the table's call to the whisper station is written as what was played (SIMULATE.md)
            audio.on_whisper_call = lambda seat, text: self.announce_listener(
                [{"event": "announce", "channel": "public", "key": "whisper.call", "params": {"seat": seat},
                  "text": text}])
        if audio is not None and hasattr(audio, "on_answer_cue"):
            # the answer cue before a seat's answer still being rendered (issue 31) is written
            # as what the seat heard: an ``announce`` line of its own, no words
            audio.on_answer_cue = lambda channel: self.announce_listener(
                [{"event": "announce", "channel": channel, "key": "answer.cue", "params": {}, "text": ""}])
        self._emit = emit
        self.notifier = notifier or Notifier.from_environment()
        self._queue: queue.Queue = queue.Queue(maxsize=settings.queue_size)
        self._pending = 0
        self._idle = threading.Condition()
        self._thread: threading.Thread | None = None
        self._running = False
        self.board: Any = None
        self.board_error: str | None = None
        self._listeners: list[Callable[[dict], None]] = []
        self._end_listeners: list[Callable[[dict], None]] = []
        self._start_listeners: list[Callable[[dict], None]] = []
        self._playing: list[list] = []     # [lines, utterance, done, record] of clips started, in start order
        self._emit_lock = threading.Lock()
        self.current_line = 0          # simulate: the script line being played (rejected.line)
        #: number of the queue item (input event, timer, command) the service thread handles now
        self.step = 0
        if game_factory is None:
            from firmware_host.service.host import GameHost
            game_factory = GameHost
        self.game = game_factory(self)
        self._last_ping = 0.0
        self._ready = False
        self.ready_at: float | None = None
        #: why the board cannot play at all (pins not opened, table speaker silent), or None;
        #: ``run`` then stops with a non-zero exit status (systemd restarts it)
        self.failed: str | None = None
        #: part -> why it does not work now (an earphone, a reader); shown in STATUS=
        self.dead_parts: dict[str, str] = {}
        #: ``check() -> str | None``: a thread or part the game needs that is dead or hung
        #: (None: fine); the watchdog is pinged only while every check passes
        self.health_checks: list[Callable[[], str | None]] = []
        self._status_sent = ""
        self._unhealthy: str | None = None
        #: the dead parts that are inputs (readers): READY=1 waits until none is left
        self._dead_inputs: set[str] = set()
        self._holding = False
        self._started_at = 0.0
        self._last_extend = 0.0
        #: the seed of a game the seats set up (``simulate --seed``: a reproducible run), or
        #: None: the game draws one (table.lobby)
        self.setup_seed: int | None = None
        #: the seed of what a simulation draws beside a game's setup (the order of the seats'
        #: private lists, issue 33) so that a run is reproducible where the game takes no
        #: seed; None on a board: the system's randomness, which nothing public foretells
        self.order_seed: int | None = None

    # -- life cycle ------------------------------------------------------------------------
    def start(self, board_factory: Callable[[Callable[[Any], None]], Any] | None = None,
              resume: bool = True, outputs_failed: dict[str, str] | None = None) -> None:
        """Start hardware → audio → engine → inputs; then ``READY=1`` to systemd, once the
        inputs are live and the table can hear (ready = inputs live and the table can hear).

        :param board_factory: ``board_factory(on_event) -> board`` (an object with
            ``start()``/``close()``), or None without hardware (tests, console-only).
        :param resume: resume an unfinished game from the journal.
        :param outputs_failed: audio outputs found silent before the start (``run``'s check
            of every output): output -> one line. A silent table speaker means the board
            cannot play at all (:attr:`failed`, no READY=1); a silent earphone is spoken on
            the table speaker and named in STATUS= with READY=1.

        A board that cannot start is a spoken fault, not a refusal to start. An RFID reader
        missing at start (its first open fails within :data:`READER_FIRST_OPEN_S` seconds)
        is spoken by name, shown in STATUS= ("not ready: waiting for …") and READY=1 waits
        until it is plugged in (:meth:`waiting_for`), while systemd's start timeout is
        extended from the service thread.
        """
        started = self._started_at = time.monotonic()
        if board_factory is not None:
            try:
                self.board = board_factory(self.submit)
                start = getattr(self.board, "start", None)
                if callable(start):
                    start()
            except Exception as exc:  # noqa: BLE001 - a pin in use, no GPIO chip: say so, never "ready"
                self.board_error = str(exc) if isinstance(exc, FirmwareHostError) else f"{type(exc).__name__}: {exc}"
                self.failed = f"GPIO: {self.board_error}"
                board_part = dict(getattr(exc, "part", None) or {})
                # said once, by the fault line below; run names it again in its last line
        # every output found silent is known dead before any fault is spoken, so none is
        # spoken into another silent one
        self.dead_parts.update(outputs_failed or {})
        if self.voice is not None:
            self.voice.start()
        self._running = True
        self._thread = threading.Thread(target=self._loop, name="board-service", daemon=True)
        self._thread.start()
        if self.failed:
            # the board cannot play: name every dead part aloud (where an output works) and on
            # the console, never READY=1
            for output, detail in (outputs_failed or {}).items():
                self.output_failed(output, detail)
            self.call(lambda: self._part_failed(board_part, self.board_error or ""))
            self.wait_idle()
            self._send_status()
            return
        optional = dict(getattr(self.board, "optional_failed", None) or {})
        for source, (_part, detail) in optional.items():
            self.dead_parts[source] = detail if detail.startswith(source) else f"{source}: {detail}"
        self._wait_readers()
        self.call(lambda: self.game.boot(resume=resume))
        for source, (part, detail) in optional.items():
            # a part the game can do without: a spoken fault, in STATUS=, and the rest plays
            self.call(lambda s=source, p=part, d=detail: self.fault(
                s, "gpio", d, key=OPTIONAL_FAILURE_KEYS.get(str(p.get("kind")), "fault.gpio"), params={}))
        for output, detail in (outputs_failed or {}).items():
            self.output_failed(output, detail)
        self.wait_idle()
        self.call(self._ready_or_hold)

    def _wait_readers(self) -> None:
        """Block until every RFID reader has tried its port once (its state event queued)."""
        deadline = time.monotonic() + READER_FIRST_OPEN_S
        for reader in list(getattr(self.board, "readers", {}).values()):
            wait = getattr(reader, "wait_progress", None)
            if callable(wait):
                wait(lambda r: r.connections > 0 or bool(r.last_error), max(0.0, deadline - time.monotonic()))
        self.wait_idle()

    def waiting_for(self) -> list[str]:
        """The inputs READY=1 waits for (a reader missing or unplugged): one line each."""
        return [self.dead_parts[part] for part in sorted(self._dead_inputs) if part in self.dead_parts]

    def _ready_or_hold(self) -> None:
        """On the service thread: ``READY=1`` when the board can play and every input is live;
        else hold it (a missing reader) or never send it (:attr:`failed`)."""
        if self._ready or self.failed or not self._running:
            self._holding = False
            self._send_status()
            return
        if self._dead_inputs:
            if not self._holding:
                self._holding = True
                log.warning("not ready: waiting for %s", "; ".join(self.waiting_for()))
            self._send_status()
            return
        self._holding = False
        self.ready_at = time.monotonic() - self._started_at
        self._status_sent = self.status_text()
        self.notifier.ready(self._status_sent)
        self._ready = True              # watchdog pings from now on (after READY=1)
        log.info("ready in %.2f s", self.ready_at)

    def _track_part(self, event: Any) -> None:
        """Keep :attr:`dead_parts` up to date from the hardware's reader events (any game)."""
        from firmware_host.hardware import events as ev

        if isinstance(event, ev.Fault) and event.reason in ("reader_missing", "reader_unplugged"):
            self.dead_parts[event.source] = f"{event.source}: {event.detail or 'not connected'}"
            self._dead_inputs.add(event.source)
        elif isinstance(event, ev.ReaderState) and event.connected:
            part = f"{event.reader} reader"
            self._dead_inputs.discard(part)
            if self.dead_parts.pop(part, None) is not None and self._holding:
                self._ready_or_hold()

    # -- failures and status -----------------------------------------------------------------
    def _part_failed(self, part: dict, detail: str) -> None:
        """The pins cannot be opened: a ``fault`` line and the part named aloud (``fault.gpio.*``)."""
        key = PART_FAILURE_KEYS.get(str(part.get("kind")), "fault.gpio")
        params: dict[str, Any] = {}
        if part.get("kind") == "seat_button":
            params = {"seat": part["seat"]}
        elif part.get("kind") == "law_slot":
            params = {"track": part["track"], "slot": part["slot"]}
        elif part.get("kind") == "peg":
            params = {"position": (part.get("holes") or [0])[0]}
        self.fault("hardware", "gpio", detail, key=key, params=params)

    def output_failed(self, output: str, detail: str) -> None:
        """An audio output cannot play (call on any thread): a ``fault`` line, spoken where an
        output works (an earphone on the table speaker; the table speaker on every earphone),
        shown in STATUS=; a silent table speaker means the board cannot play at all
        (:attr:`failed`)."""
        def run() -> None:
            self.dead_parts[output] = detail
            if output == "public":
                self.failed = self.failed or f"audio: {detail}"
                self.fault("audio", "output", detail)
                for channel in self.fault_channels():
                    self.game.say(channel, "fault.output.public", {}, priority="fault")
            elif output == "whisper":
                self.fault("audio", "output", detail, key="fault.output.whisper", params={})
            elif output.startswith("seat:"):
                self.fault("audio", "output", detail, key="fault.output.seat", params={"seat": int(output[5:])})
            self._send_status()
        self.post(run)

    def output_back(self, output: str) -> None:
        """An audio output plays again: it leaves STATUS= (call on any thread)."""
        def run() -> None:
            if self.dead_parts.pop(output, None) is not None:
                log.info("audio: %s plays again", output)
                self._send_status()
        self.post(run)

    def _seat_count(self) -> int:
        config = getattr(self.board, "config", None)
        return int(getattr(config, "seats", 0) or 0)

    def status_text(self) -> str:
        """The line for systemd's STATUS=: a failure, dead parts, or the game's phase."""
        if self.failed:
            others = [d for d in self.dead_parts.values() if d not in self.failed]
            return f"cannot play: {self.failed}" + (f"; not working: {'; '.join(others)}" if others else "")
        if self._holding:
            return "not ready: waiting for " + "; ".join(self.waiting_for())
        line = self.game.status_line()
        if self._unhealthy:
            line = f"{line}; hung: {self._unhealthy}"
        if self.dead_parts:
            line = f"{line}; not working: " + "; ".join(self.dead_parts.values())
        return line

    def _send_status(self) -> None:
        text = self.status_text()
        if text != self._status_sent:
            self._status_sent = text
            self.notifier.status(text)

    def stop(self) -> None:
        """Stop inputs → engine → audio → hardware (reverse order); safe to call twice."""
        if not self._running:
            return
        self.notifier.stopping()
        try:
            if self._thread is not None and self._thread.is_alive():
                try:
                    self.call(self.game.shutdown, timeout=10.0)
                except (ServiceError, FirmwareHostError) as exc:
                    log.warning("shutdown: %s", exc)
                self._queue.put(_STOP)
                self._thread.join(timeout=10.0)
        finally:
            self._running = False
            for what, part in (("audio", self.voice), ("hardware", self.board)):
                close = getattr(part, "close", None)
                if callable(close):
                    try:
                        close()
                    except Exception as exc:  # noqa: BLE001 - stopping anyway, in reverse order
                        log.warning("closing %s: %s", what, exc)

    # -- the one queue -----------------------------------------------------------------------
    def submit(self, event: Any) -> None:
        """Queue an input event (from the board's threads); never blocks for long, never raises."""
        self._put(("event", event))

    def post(self, fn: Callable[[], None]) -> None:
        """Run ``fn()`` on the service thread (timers, scans)."""
        self._put(("call", fn))

    def _put(self, item: Any) -> None:
        with self._idle:
            self._pending += 1
        try:
            self._queue.put(item, timeout=5.0)
        except queue.Full:
            with self._idle:
                self._pending -= 1
                self._idle.notify_all()
            log.error("input queue full: dropped %r", item[1])

    def call(self, fn: Callable[[], Any], timeout: float | None = 30.0) -> Any:
        """Run ``fn()`` on the service thread and return its result (or raise its error).

        :raises ServiceError: when the service is not running or ``timeout`` seconds pass.
        """
        if threading.current_thread() is self._thread:
            return fn()
        if not self._running:
            raise ServiceError("the board service is not running")
        done = threading.Event()
        box: dict[str, Any] = {}

        def run() -> None:
            try:
                box["value"] = fn()
            except BaseException as exc:  # noqa: BLE001 - handed back to the caller
                box["error"] = exc
            finally:
                done.set()

        self.post(run)
        if not done.wait(timeout):
            raise ServiceError("the board service did not answer in time")
        if "error" in box:
            raise box["error"]
        return box.get("value")

    def pending(self) -> int:
        """How many queued items (events, calls) the service thread has not finished yet."""
        with self._idle:
            return self._pending

    def wait_idle(self, timeout: float | None = 60.0) -> bool:
        """Block until the queue is empty and the service thread has finished its work.

        The scripted simulator calls it after each signal and timer so a run is deterministic.
        :returns: False if ``timeout`` seconds passed first.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._idle:
            while self._pending > 0:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._idle.wait(left)
        return True

    def _loop(self) -> None:
        interval = self.notifier.watchdog_interval if self.settings.watchdog else None
        while True:
            wake = interval
            if self._holding:
                wake = min(interval or HOLD_EXTEND_S, HOLD_EXTEND_S)
            try:
                item = self._queue.get(timeout=wake)
            except queue.Empty:
                self._ping()
                continue
            if item is _STOP:
                break
            self.step += 1
            try:
                kind, payload = item
                if kind == "event":
                    self._track_part(payload)
                    self.game.handle_input(payload)     # a scan picks by the press-down (GameHost)
                else:
                    payload()
            except Exception as exc:  # noqa: BLE001 - the service thread never dies on bad input
                log.exception("service thread: %s", exc)
                try:
                    self.fault("service", "internal", f"{type(exc).__name__}: {exc}")
                except Exception:  # noqa: BLE001
                    pass
            finally:
                with self._idle:
                    self._pending -= 1
                    self._idle.notify_all()
                if self._ready or self._holding:
                    try:
                        self._send_status()        # STATUS= follows the phase
                    except Exception:  # noqa: BLE001 - a status line never stops the service
                        log.exception("status")
                if interval is not None or self._holding:
                    self._ping()

    def _ping(self) -> None:
        """``WATCHDOG=1`` (from the service thread, so it is alive) only while every health
        check passes: a dead or hung clock, audio or reader thread stops the pings, and
        systemd restarts the board after ``WatchdogSec``."""
        interval = self.notifier.watchdog_interval
        now = time.monotonic()
        if self._holding and now - self._last_extend >= HOLD_EXTEND_S:
            # waiting for a reader: the service thread lives, so systemd may wait on
            self._last_extend = now
            self.notifier.extend_timeout(HOLD_TIMEOUT_S)
        if interval is None or not self._ready:
            return
        if now - self._last_ping < interval / 2:
            return
        problem = None
        for check in self.health_checks:
            try:
                problem = check()
            except Exception as exc:  # noqa: BLE001 - a failing check is a problem itself
                problem = f"health check failed: {exc}"
            if problem:
                break
        if problem != self._unhealthy:
            self._unhealthy = problem
            if problem:
                log.critical("watchdog: %s; no more WATCHDOG=1 pings", problem)
            self._send_status()
        if problem:
            return
        self._last_ping = now
        self.notifier.watchdog()

    # -- output --------------------------------------------------------------------------------
    def subscribe(self, callback: Callable[[dict], None]) -> Callable[[], None]:
        """``callback(line)`` for every output line; returns the function that unsubscribes."""
        self._listeners.append(callback)

        def unsubscribe() -> None:
            try:
                self._listeners.remove(callback)
            except ValueError:
                pass
        return unsubscribe

    def subscribe_starts(self, callback: Callable[[dict], None]) -> Callable[[], None]:
        """``callback(line)`` with each ``announce`` line when its clip *starts* playing (on the
        service thread; the line has ``output`` and ``start``, not yet ``end``); ``simulate``'s
        ``wait_for`` uses it. Returns the function that unsubscribes."""
        self._start_listeners.append(callback)
        return lambda: self._start_listeners.remove(callback) if callback in self._start_listeners else None

    def subscribe_ends(self, callback: Callable[[dict], None]) -> Callable[[], None]:
        """``callback(line)`` with each ``announce`` line the moment its clip has *ended* (on
        the service thread, with ``end`` and ``cut``), not held back for clips on other
        outputs that started earlier (the robot players hear each clip then,
        :mod:`firmware_host.robots`). Returns the function that unsubscribes."""
        self._end_listeners.append(callback)
        return lambda: self._end_listeners.remove(callback) if callback in self._end_listeners else None

    def announce_listener(self, lines: list[dict], on_start: Callable[[list[dict], Any], None] | None = None,
                          on_end: Callable[[list[dict], Any, Any], None] | None = None
                          ) -> Callable[[str, Any, Any], None]:
        """A listener for :meth:`Voice.say <firmware_host.service.voice.Voice.say>` that writes
        ``lines`` (the ``announce`` lines of one clip) once the clip has played, with the
        SIMULATE.md fields ``output`` (``table``, ``seat:N``, ``whisper``), ``start``, ``end``
        (clock seconds) and ``cut``, in the order the clips started (a line waits for the
        clips that started before it). A clip that plays again after a cut gets its lines
        again. ``on_start(lines, utterance)`` and ``on_end(lines, utterance, record)`` run on
        the service thread at its start and end."""
        def listener(kind: str, utt: Any, record: Any) -> None:
            if threading.current_thread() is self._thread:      # played at once (a cache hit on a free output)
                self._announce_event(kind, lines, utt, record, on_start, on_end)
            else:
                self.post(lambda: self._announce_event(kind, lines, utt, record, on_start, on_end))
        return listener

    def announce_now(self, lines: list[dict]) -> None:
        """Write ``lines`` at once: nothing plays them (a board without sound)."""
        for line in lines:
            self.emit(line)

    def _announce_event(self, kind: str, lines: list[dict], utt: Any, record: Any,
                        on_start: Any, on_end: Any) -> None:
        if kind == "start":
            output = "table" if record.output == "public" else record.output
            played = [{**line, "output": output, "start": round(record.start, 3)} for line in lines]
            # in the order the clips started (SIMULATE.md), also when the start of a clip on
            # another output reaches this thread after that of a clip which started later
            # clips that start at the same instant on several outputs are written table first,
            # then seat by seat (the order must not depend on which render finished first)
            at = len(self._playing)
            order = (round(record.start, 3), _output_rank(output))
            while at > 0 and self._playing[at - 1][0] and _clip_order(self._playing[at - 1][0][0]) > order:
                at -= 1
            entry = [played, utt, False, record]
            self._playing.insert(at, entry)
            for line in played:
                for callback in list(self._start_listeners):
                    try:
                        callback(line)
                    except Exception as exc:  # noqa: BLE001 - a listener never stops the game
                        log.warning("start listener failed: %s", exc)
            if on_start is not None:
                on_start(played, utt)
            if getattr(record, "end", None) is None:
                return
            # its end came first (the audio layer tells start and end from whichever of its
            # threads saw them, so a clip cut at once can be told ended before started): it is
            # ended here, or the board would wait for ever for it and write no later line
        else:
            entry = next((e for e in self._playing if e[1] is utt and not e[2] and e[3] is record), None)
            if entry is None:
                return
        wav = getattr(utt, "sink_path", None)
        for line in entry[0]:
            line["end"] = round(record.end, 3)
            if record.cut:
                line["cut"] = True
            if wav:   # a cut clip's file was written whole before it played (SIMULATE.md: wav)
                line["wav"] = str(wav)
        entry[2] = True
        for line in entry[0]:
            for callback in list(self._end_listeners):
                try:
                    callback(line)
                except Exception as exc:  # noqa: BLE001 - a listener never stops the game
                    log.warning("end listener failed: %s", exc)
        if on_end is not None:
            on_end(entry[0], utt, record)
        while self._playing and self._playing[0][2]:
            for line in self._playing.pop(0)[0]:
                self.emit(line)

    def flush_announcements(self) -> None:
        """Write the lines of clips started and not yet ended as cut off now (the board stops:
        what is still playing is cut off by it)."""
        playing, self._playing = self._playing, []
        now = round(self.clock.now(), 3)
        for lines, _, done, _ in playing:
            for line in lines:
                if not done:
                    line["end"] = now
                    line["cut"] = True
                self.emit(line)

    def emit(self, line: dict) -> None:
        """Write one output line (simulate's stdout) and tell the listeners."""
        with self._emit_lock:
            if self._emit is not None:
                self._emit(line)
            for listener in list(self._listeners):
                try:
                    listener(line)
                except Exception as exc:  # noqa: BLE001 - a listener never stops the game
                    log.warning("listener failed: %s", exc)

    def fault(self, source: str, reason: str, detail: str = "", *, key: str | None = None,
              params: dict | None = None) -> None:
        """A signal that could not be used: one WARNING log line, a ``fault`` line, spoken if ``key``."""
        log.warning("fault: %s: %s%s", source, reason, f" ({detail})" if detail else "")
        line: dict[str, Any] = {"event": "fault", "source": source, "reason": reason}
        if detail:
            line["detail"] = detail
        if self.current_line:
            line["line"] = self.current_line
        self.emit(line)
        if key is not None:
            for channel in self.fault_channels():
                self.game.say(channel, key, params or {}, priority="fault")

    def fault_channels(self) -> list[str]:
        """Where a fault is spoken: the table speaker, or, while it cannot play, every
        earphone that can (the whisper station's too); none when no output works."""
        if "public" not in self.dead_parts:
            return ["public"]
        return [f"seat:{n}" for n in range(self._seat_count()) if f"seat:{n}" not in self.dead_parts
                and "whisper" not in self.dead_parts]


def _output_rank(output: str) -> tuple[int, int]:
    """Where an output's clip goes among clips that start at the same instant: the table
    speaker, then the earphones by seat number, then the whisper station."""
    if output == "table":
        return (0, 0)
    if output.startswith("seat:") and output[5:].isdigit():
        return (1, int(output[5:]))
    return (2, 0)


def _clip_order(line: dict) -> tuple[float, tuple[int, int]]:
    """The sort key of a started clip's first line: its start, then :func:`_output_rank`."""
    return (line["start"], _output_rank(line["output"]))
