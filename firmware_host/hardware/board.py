"""The board: GPIO inputs and RFID readers turned into typed input events.

Example (mocked pins, virtual clock)::

    from gpiozero.pins.mock import MockFactory
    from firmware_host.board_config import load_config
    from firmware_host.clock import VirtualClock
    from firmware_host.hardware.board import Board
    from firmware_host.hardware.tags import load_registry

    config = load_config()
    events = []
    board = Board(config, MockFactory(), VirtualClock(), events.append, load_registry(config.tags_path))
    board.start()
    ...
    board.close()

**Threads.** ``on_event(event)`` is called from whichever thread recognised the event:
gpiozero's pin-callback thread, the clock's scheduler thread (a :class:`RealClock`; with a
:class:`VirtualClock` the thread calling ``advance``) or a reader's thread. Calls are
serialised by the board's lock, so two never run at once and each sees events in order; keep
``on_event`` short (post to a queue). An exception in ``on_event`` is logged, never kills a
board thread.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import threading
from pathlib import Path
from typing import Any, Callable

from firmware_host.clock import Clock, TimerHandle
from firmware_host.hardware import events as ev
from firmware_host.hardware.inputs import GestureButton, LawSlot, PegHoles
from firmware_host.hardware.pins import PinError, is_gpio_library_error, make_pin_factory
from firmware_host.hardware.rfid import FrameError, TagReader
from firmware_host.hardware.settings import BoardConfig
from firmware_host.hardware.tags import TagRegistry, load_registry

log = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class BoardSnapshot:
    """The settled state of the board's inputs now.

    :ivar slots: track -> whether each slot is filled (bool per slot), slot 1 first.
    :ivar peg: the hole the peg sits in (0-based), or None.
    :ivar buttons_down: seats whose button is down now (sorted).
    :ivar readers: reader name -> connected.
    """

    slots: dict[str, tuple[bool, ...]]
    peg: int | None
    buttons_down: tuple[int, ...]
    readers: dict[str, bool]


class Board:
    """Every input of the board, debounced, as :mod:`~firmware_host.hardware.events`.

    :param config: :class:`~firmware_host.hardware.settings.BoardConfig`.
    :param pin_factory: a gpiozero pin factory, or None for the one the config names
        (``lgpio`` default; see :func:`~firmware_host.hardware.pins.make_pin_factory`).
    :param clock: :class:`~firmware_host.clock.Clock` for debouncing, gestures and tag gaps.
    :param on_event: ``on_event(event)``; see the module docstring for its thread.
    :param tags: a :class:`~firmware_host.hardware.tags.TagRegistry`, a registry file path,
        or None: then every tag is reported raw as :class:`~firmware_host.hardware.events.TagRead`
        (tag enrolment) instead of a :class:`~firmware_host.hardware.events.TileRead`.
    :param serial_factory: opens a reader's port (tests); default :class:`serial.Serial`.
    :param gpio: False: open only the readers, no pins (tag enrolment at a desk, no Pi).
    :raises PinFactoryError: when the config's GPIO library cannot be opened (no pin factory given).
    :raises TagRegistryError: when ``tags`` is a path to an unusable registry.
    """

    def __init__(self, config: BoardConfig, pin_factory: Any, clock: Clock,
                 on_event: Callable[[Any], None], tags: TagRegistry | str | os.PathLike[str] | None,
                 *, serial_factory: Callable[..., Any] | None = None, gpio: bool = True) -> None:
        self.config = config
        self.clock = clock
        self._on_event = on_event
        self.tags = load_registry(tags) if isinstance(tags, (str, Path)) else tags
        self._factory = pin_factory
        self._serial_factory = serial_factory
        self._gpio = gpio
        self._own_factory = False
        self.lock = threading.RLock()
        self.devices: dict[int, Any] = {}        # BCM -> gpiozero device (strong references)
        self.buttons: list[GestureButton] = []   # per seat
        self.game_master_key: GestureButton | None = None
        self.slots: dict[str, list[LawSlot]] = {}
        self.peg: PegHoles | None = None
        self.readers: dict[str, TagReader] = {}
        self._handlers: list[Any] = []           # strong references to every callback
        self._last_bad_frame: dict[str, float] = {}
        #: optional parts that could not be started, left out while the rest plays: source
        #: ("game-master key") -> (``Fault.part``, one line why); filled by :meth:`start`
        self.optional_failed: dict[str, tuple[dict[str, Any], str]] = {}
        self._started = False
        self._closed = False

    # -- life cycle ---------------------------------------------------------------------
    def start(self) -> None:
        """Open every pin and reader; report faults found at start (a button down, a reader
        missing) as events. Idempotent.

        The game-master key is optional (a table plays without a game master): when its pin
        cannot be claimed or refuses edge detection, the board starts without it and names
        it in :attr:`optional_failed` instead of raising.

        :raises PinFactoryError: when the GPIO library cannot be opened.
        :raises PinError: when a pin the game needs cannot be claimed (in use by another
            program) or refuses edge detection; wraps gpiozero's ``GPIOZeroError``.
        """
        with self.lock:
            if self._started:
                return
            self._started = True
            if self._gpio:
                try:
                    self._start_gpio()
                except Exception as exc:
                    if is_gpio_library_error(exc):
                        raise PinError(f"cannot claim the GPIO pins: {type(exc).__name__}: {exc}") from exc
                    raise
            self._start_readers()
        for reader in self.readers.values():
            reader.start()

    def _start_gpio(self) -> None:
        if self._factory is None:
            self._factory = make_pin_factory(self.config.pin_factory)
            self._own_factory = True
        t = self.config.timing
        for seat, pin in enumerate(self.config.seat_buttons):
            source = f"seat {seat + 1} button"
            made: list[GestureButton] = []
            button = GestureButton(self.clock, self._schedule, t,
                                   lambda g, s=seat, b=made: self._emit(ev.ButtonGesture(
                                       s, g, at=self.clock.now(), down_at=b[0].down_at if b else None)),
                                   self._fault_sink(source, {"kind": "seat_button", "seat": seat}, pin),
                                   initial_down=self._open_input(pin))
            made.append(button)
            self._connect(pin, button.edge)
            self.buttons.append(button)
        key_pin = self.config.game_master_key
        try:
            key = GestureButton(
                self.clock, self._schedule, t, lambda g: self._emit(ev.GameMasterKey(g, at=self.clock.now())),
                self._fault_sink("game-master key", {"kind": "gm_key"}, key_pin), initial_down=self._open_input(key_pin))
            self._connect(key_pin, key.edge)
        except PinError as exc:
            # a table plays without a game master (setup and play from the seats): the key is
            # optional, so it is left out and named in optional_failed, never stops the board
            self._drop_input(key_pin)
            self.optional_failed["game-master key"] = ({"kind": "gm_key"}, str(exc))
            log.warning("game-master key left out: %s", exc)
        else:
            self.game_master_key = key
        for track, pins in self.config.tracks.items():
            self.slots[track] = []
            for i, pin in enumerate(pins):
                slot = LawSlot(self.clock, self._schedule, t.slot_settle_s, t.chatter_s,
                               lambda filled, tr=track, k=i + 1: self._emit(ev.SlotChanged(tr, k, filled, at=self.clock.now())),
                               self._fault_sink(f"{track} slot {i + 1}", {"kind": "law_slot", "track": track, "slot": i + 1}, pin),
                               initial_filled=self._open_input(pin))
                self._connect(pin, slot.edge)
                self.slots[track].append(slot)
        initial = tuple(self._open_input(pin) for pin in self.config.peg_holes)
        self.peg = PegHoles(self.clock, self._schedule, t.peg_settle_s, t.chatter_s, initial,
                            lambda p: self._emit(ev.PegMoved(p, at=self.clock.now())),
                            self._fault_sink("peg", {"kind": "peg"}, None))
        for hole, pin in enumerate(self.config.peg_holes):
            self._connect(pin, lambda closed, h=hole: self.peg.edge(h, closed))  # type: ignore[union-attr]
        self.peg.set_reader(lambda: tuple(bool(self.devices[p].is_active) for p in self.config.peg_holes))
        for pin, item in [*zip(self.config.seat_buttons, self.buttons), (key_pin, self.game_master_key),
                          *((p, s) for tr, pins in self.config.tracks.items() for p, s in zip(pins, self.slots[tr]))]:
            if item is not None:
                item.debouncer.read = lambda d=self.devices[pin]: bool(d.is_active)

    def _drop_input(self, pin: int) -> None:
        """Release ``pin`` after its part failed to start (its device, if it was claimed)."""
        device = self.devices.pop(pin, None)
        if device is not None:
            try:
                device.close()
            except Exception:  # noqa: BLE001 - it failed already; the board goes on without it
                log.exception("closing BCM %d", pin)

    def _start_readers(self) -> None:
        for name, reader_config in self.config.readers.items():
            reader = TagReader(reader_config, self.clock,
                               on_tag=lambda tag, n=name: self._tag(n, tag),
                               on_error=lambda err, n=name: self._frame_error(n, err),
                               on_state=lambda connected, first, n=name: self._reader_state(n, connected, first),
                               serial_factory=self._serial_factory)
            self.readers[name] = reader

    def close(self) -> None:
        """Stop the readers, cancel pending timers and release every pin. Idempotent."""
        with self.lock:
            if self._closed:
                return
            self._closed = True
        for reader in self.readers.values():
            reader.close()
        with self.lock:
            for item in [*self.buttons, self.game_master_key, self.peg,
                         *(s for slots in self.slots.values() for s in slots)]:
                if item is not None:
                    item.cancel()
            for device in self.devices.values():
                try:
                    device.close()
                except Exception:  # noqa: BLE001 - closing anyway
                    log.exception("closing %r", device)
            if self._own_factory and self._factory is not None:
                try:
                    self._factory.close()
                except Exception:  # noqa: BLE001 - closing anyway
                    log.exception("closing the pin factory")

    def __enter__(self) -> "Board":
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- state --------------------------------------------------------------------------
    def set_ignore_repeat(self, seat: int, seconds: float | None) -> None:
        """One seat's own ignore-repeat time (ACCESSIBILITY.md 12: tremor differs by player):
        presses starting within ``seconds`` after that seat's accepted gesture are ignored;
        None goes back to ``[buttons] ignore_repeat_s``. A seat without a button is ignored.

        :param seat: 0-based seat.
        :param seconds: 0.1–1.5 (checked by the seat settings), or None.
        """
        if not 0 <= seat < len(self.buttons):
            return
        base = self.config.timing
        self.buttons[seat].t = base if seconds is None else dataclasses.replace(base, ignore_repeat_s=float(seconds))

    def snapshot(self) -> BoardSnapshot:
        """The settled state of every input now (see :class:`BoardSnapshot`)."""
        with self.lock:
            return BoardSnapshot(
                slots={track: tuple(s.filled for s in slots) for track, slots in self.slots.items()},
                peg=None if self.peg is None else self.peg.position,
                buttons_down=tuple(i for i, b in enumerate(self.buttons) if b.is_down),
                readers={name: r.connected for name, r in self.readers.items()},
            )

    # -- plumbing -----------------------------------------------------------------------
    def part_of(self, pin: int) -> dict[str, Any]:
        """The part wired to BCM ``pin`` as a :class:`~firmware_host.hardware.events.Fault` part
        (``{"kind": "seat_button", "seat": 2}``, ``law_slot``, ``peg``, ``gm_key``), or ``{}``."""
        c = self.config
        if pin in c.seat_buttons:
            return {"kind": "seat_button", "seat": c.seat_buttons.index(pin)}
        for track, pins in c.tracks.items():
            if pin in pins:
                return {"kind": "law_slot", "track": track, "slot": pins.index(pin) + 1}
        if pin in c.peg_holes:
            return {"kind": "peg", "holes": [c.peg_holes.index(pin)]}
        if pin == c.game_master_key:
            return {"kind": "gm_key"}
        return {}

    def _pin_failed(self, pin: int, what: str, exc: BaseException) -> PinError:
        name = self.config.inputs().get(pin, "input")
        error = PinError(f"{name} (BCM {pin}): cannot {what}: {type(exc).__name__}: {exc}")
        error.part = self.part_of(pin)  # type: ignore[attr-defined]
        return error

    def _open_input(self, pin: int) -> bool:
        """Claim ``pin`` as an input with pull-up (closed = low = active); returns its level.

        :raises PinError: naming the part and its BCM pin, when the pin cannot be claimed.
        """
        try:
            return self._claim_input(pin)
        except PinError:
            raise
        except Exception as exc:  # noqa: BLE001 - gpiozero's and the pin library's errors
            raise self._pin_failed(pin, "be opened", exc) from exc

    def _claim_input(self, pin: int) -> bool:
        from gpiozero import DigitalInputDevice

        if self.config.pull_up:
            device = DigitalInputDevice(pin, pull_up=True, bounce_time=None, pin_factory=self._factory)
        else:
            device = DigitalInputDevice(pin, pull_up=None, active_state=False, bounce_time=None,
                                        pin_factory=self._factory)
        self.devices[pin] = device
        return bool(device.is_active)

    def _connect(self, pin: int, edge: Callable[[bool], None]) -> None:
        device = self.devices[pin]

        def closed() -> None:
            with self.lock:
                if not self._closed:
                    edge(True)

        def opened() -> None:
            with self.lock:
                if not self._closed:
                    edge(False)

        self._handlers.append((closed, opened))
        try:
            device.when_activated = closed
            device.when_deactivated = opened
        except Exception as exc:  # noqa: BLE001 - edge detection refused (kernel, pin library)
            raise self._pin_failed(pin, "detect edges", exc) from exc

    def _schedule(self, delay: float, callback: Callable[[], None]) -> TimerHandle:
        def run() -> None:
            with self.lock:
                if not self._closed:
                    callback()
        return self.clock.call_later(delay, run)

    def _emit(self, event: Any) -> None:
        with self.lock:
            if self._closed:
                return
            try:
                self._on_event(event)
            except Exception:  # noqa: BLE001 - a listener must never kill a board thread
                log.exception("on_event failed for %r", event)

    def _fault_sink(self, source: str, part: dict[str, Any], pin: int | None) -> Callable[..., None]:
        """``fault(reason, detail, extra=None)`` for one input; ``extra`` adds to ``part``.

        For the peg (``pin`` None) the pin is that of the one hole ``extra["holes"]`` names."""
        def fault(reason: str, detail: str, extra: dict[str, Any] | None = None) -> None:
            full = {**part, **(extra or {})}
            bcm = pin
            if full.get("kind") == "peg":
                holes = full.setdefault("holes", [])
                bcm = self.config.peg_holes[holes[0]] if len(holes) == 1 else None
            self._emit(ev.Fault(source, reason, detail, at=self.clock.now(), part=full, pin=bcm))
        return fault

    @staticmethod
    def _reader_part(reader: str) -> dict[str, Any]:
        return {"kind": "reader", "reader": reader}

    def _tag(self, reader: str, tag: str) -> None:
        now = self.clock.now()
        if self.tags is None:
            self._emit(ev.TagRead(reader, tag, at=now))
            return
        tile = self.tags.lookup(tag)
        if tile is None:
            self._emit(ev.Fault(f"{reader} reader", "unknown_tag", f"tag {tag} is not in the tag registry", at=now,
                                part=self._reader_part(reader)))
        else:
            self._emit(ev.TileRead(reader, tile.kind, tile.value, tile.seat, tag.upper(), tile.tile, at=now))

    def _frame_error(self, reader: str, error: FrameError) -> None:
        """A bad frame next to good ones is noise; alone it is one fault per burst."""
        now = self.clock.now()
        r = self.readers.get(reader)
        gone = r.config.tag_gone_s if r else 0.5
        with self.lock:                      # both readers' threads come here
            last = self._last_bad_frame.get(reader)
            self._last_bad_frame[reader] = now
        if r is not None and r.tag_present(now):
            return
        if last is not None and now - last <= gone:
            return
        self._emit(ev.Fault(f"{reader} reader", "bad_frame", f"{error.reason}: {error.detail}", at=now,
                            part=self._reader_part(reader)))

    def _reader_state(self, reader: str, connected: bool, first: bool) -> None:
        now = self.clock.now()
        self._emit(ev.ReaderState(reader, connected, at=now))
        if not connected:
            port = self.config.readers[reader].port
            reason = "reader_missing" if first else "reader_unplugged"
            why = self.readers[reader].last_error if reader in self.readers else ""
            self._emit(ev.Fault(f"{reader} reader", reason, f"{port}: {why or 'no device'}", at=now,
                                part=self._reader_part(reader)))
