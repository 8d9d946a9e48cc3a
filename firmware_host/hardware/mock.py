"""The mocked board: the real :class:`~firmware_host.hardware.board.Board` on fake hardware.

GPIO inputs are gpiozero :class:`~gpiozero.pins.mock.MockFactory` pins, driven the way
switches to ground behave: with contact bounce on every close and open. RFID readers are real
pseudo-terminals (:func:`os.openpty`) behind a symlink in a temporary folder standing in for
``/dev/serial/by-id/…``, so the board's real pyserial code reads the bytes.

Every signal method advances a :class:`~firmware_host.clock.VirtualClock` itself (on a
:class:`~firmware_host.clock.RealClock` it sleeps) by the time the signal takes in reality
(bounce, press length, hold time, a reader's repeated frames, the gap after which a tile
counts as removed), and returns once the board has turned the signal into events or found
it useless, with the list of those events. A reader's bytes are waited for in real time
(up to :attr:`MockBoard.timeout`, 2 s). Call the methods from one thread: the one that owns
the clock.

Example::

    mock = MockBoard(load_config(), VirtualClock())
    mock.press(3, "press")            # [ButtonGesture(seat=3, gesture='press', at=…)]
    mock.present_tile("token", "red", seat=1)   # [TileRead(reader=…, kind='token', …)]
    reader = next(iter(mock.config.readers))
    mock.unplug(reader); mock.replug(reader)
    mock.close()
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
import time
import tty
from pathlib import Path
from typing import Any, Callable, Sequence

from gpiozero.pins.mock import MockFactory

from firmware_host.clock import Clock, VirtualClock
from firmware_host.errors import UsageError
from firmware_host.hardware import events as ev
from firmware_host.hardware import wired
from firmware_host.hardware.board import Board
from firmware_host.hardware.parts import registered_peg
from firmware_host.hardware.rfid import em4100_frame
from firmware_host.hardware.settings import BoardConfig
from firmware_host.hardware.tags import (TagRegistry, TileKind, check_kinds, demo_registry, load_registry,
                                         registered_kinds, with_demo_kinds)

#: edge offsets of a bouncing contact, as fractions of the bounce time (closed/open alternate)
BOUNCE_PATTERN = (0.0, 0.04, 0.09, 0.15, 0.24, 0.33)
#: how long a press lasts (s), the gap between the presses of a double press (s)
PRESS_S, DOUBLE_GAP_S = 0.12, 0.10
#: seconds between two frames of a reader while a tile lies on it (RDM6300: 100–250 ms)
FRAME_INTERVAL_S = 0.15


#: the board keeps at most this many past events (its pins at most
#: :data:`~firmware_host.hardware.wired.PIN_HISTORY` past states): ``simulate`` may play any
#: number of games in one run
HISTORY = 1024


class UsageMockError(UsageError):
    """A signal the mocked board cannot give (no such seat, reader, tile)."""


class MockBoard:
    """The board on mocked pins and pseudo-terminal readers (see the module docstring).

    :param config: the board config (its reader ports are replaced by pseudo-terminals).
    :param clock: the clock the board runs on; default a new :class:`VirtualClock`.
    :param on_event: also called with every event (on the thread that recognised it).
    :param tags: a registry, None for raw :class:`~firmware_host.hardware.events.TagRead`
        events, or ``"config"`` (default): the config's registry file (with the demo tiles of
        a kind it holds none of, :func:`~firmware_host.hardware.tags.with_demo_kinds`), or the
        demo registry when that file does not exist.
    :param peg: the hole (0-based) the peg sits in at start, or None.
    :param start: start the board at once (default True).
    :param kinds: the tile kinds of the registry and of the tile signals (None: every
        registered game's, :func:`~firmware_host.hardware.tags.registered_kinds`).
    :param advance: how time passes within a signal on a :class:`VirtualClock` (a press's
        bounce and hold, a tag's repeated frames), ``advance(seconds)``; the simulator passes
        its own, which lets the service handle what the board reported before time moves on,
        so a run gives the same times run after run. None: the clock's ``advance``.
    """

    timeout = 2.0

    def __init__(self, config: BoardConfig, clock: Clock | None = None,
                 on_event: Callable[[Any], None] | None = None, tags: TagRegistry | str | None = "config",
                 *, peg: int | None = 0, start: bool = True,
                 advance: Callable[[float], None] | None = None,
                 kinds: Sequence[TileKind] | None = None) -> None:
        self.clock = clock if clock is not None else VirtualClock()
        self._advance = advance
        self._listener = on_event
        #: the tile kinds this board's registry holds and its signals lay on a reader
        self.kinds = registered_kinds() if kinds is None else check_kinds(kinds)
        if tags == "config":
            tags = (with_demo_kinds(load_registry(config.tags_path, self.kinds), config.seats, self.kinds)
                    if Path(config.tags_path).exists() else demo_registry(config.seats, self.kinds))
        self.tags = tags if isinstance(tags, TagRegistry) or tags is None else load_registry(tags, self.kinds)
        self.factory = MockFactory(pin_class=wired.WiredMockPin)
        self.dir = Path(tempfile.mkdtemp(prefix="firmware-host-mock-"))
        #: the recognised events, the last :data:`HISTORY` // 2 to :data:`HISTORY` of them
        self.events: list[Any] = []
        self._dropped = 0                    # events dropped from the front of ``events``
        self._cond = threading.Condition()
        self._pty: dict[str, tuple[int, int]] = {}
        self._links: dict[str, Path] = {}
        self._written: dict[str, int] = {}
        self._base: dict[str, int] = {}
        self._next_tile: dict[tuple[str, str | None], int] = {}
        try:
            ports = {}
            for name, reader in config.readers.items():
                self._links[name] = self.dir / Path(reader.port).name
                ports[name] = str(self._links[name])
                self._make_pty(name)
            self.config = config.with_reader_ports(ports)
            if peg is not None and self.config.peg_holes:
                self.pin(self.config.peg_holes[peg]).closed = True
            self.board = Board(self.config, self.factory, self.clock, self._record, self.tags)
            if start:
                self.start()
        except BaseException:
            self.close()                     # no pseudo-terminal or temporary folder left behind
            raise

    # -- life cycle ---------------------------------------------------------------------
    def set_ignore_repeat(self, seat: int, seconds: float | None) -> None:
        """:meth:`Board.set_ignore_repeat` of the wrapped board."""
        self.board.set_ignore_repeat(seat, seconds)

    @property
    def optional_failed(self) -> dict[str, tuple[dict[str, Any], str]]:
        """The optional parts the board started without (:attr:`Board.optional_failed`)."""
        return self.board.optional_failed

    def start(self) -> None:
        """Start the board and wait until every reader is connected."""
        self.board.start()
        for name in self._pty:
            self._wait(lambda n=name: self.board.readers[n].connected, f"{name} reader to connect")
            self._base[name] = self.board.readers[name].bytes_received
            self._written[name] = 0

    def close(self) -> None:
        """Stop the board, close the pseudo-terminals and remove the temporary folder."""
        board = getattr(self, "board", None)
        if board is not None:
            board.close()
        for name in list(self._pty):
            self._drop_pty(name)
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> "MockBoard":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- GPIO signals -------------------------------------------------------------------
    def pin(self, bcm: int) -> wired.WiredMockPin:
        """The mock pin of BCM ``bcm``."""
        return self.factory.pin(bcm)  # type: ignore[no-any-return]

    def press(self, seat: int, gesture: str = "press") -> list[Any]:
        """Press seat ``seat``'s button: ``press``, ``hold`` or ``double``, with bounce.

        Waits first until the seat's ignore-repeat time after its last accepted gesture has
        passed (a person pressing again on purpose). :raises UsageError: unknown seat/gesture.
        """
        if not 0 <= seat < self.config.seats:
            raise UsageMockError(f"no seat {seat}: the board has seats 0–{self.config.seats - 1}")
        return self._gesture(self.config.seat_buttons[seat], self.board.buttons[seat], gesture)

    def press_game_master_key(self, gesture: str = "press") -> list[Any]:
        """Press the game-master key (``press``/``hold``/``double``)."""
        assert self.board.game_master_key is not None
        return self._gesture(self.config.game_master_key, self.board.game_master_key, gesture)

    def _gesture(self, bcm: int, button: Any, gesture: str) -> list[Any]:
        if gesture not in ev.GESTURES:
            raise UsageMockError(f"unknown gesture {gesture!r}; one of press, hold, double")
        mark = self._mark()
        t = self.config.timing
        wait = button.ready_at - self.clock.now()
        if wait > 0:
            self._sleep(wait + 0.001)
        if gesture == "hold":
            self._switch(bcm, True, t.bounce_s)
            self._sleep(t.hold_s + t.bounce_s + 0.001)
            self._switch(bcm, False, t.bounce_s)
            self._sleep(t.bounce_s + 0.001)
            return self._since(mark)
        self._switch(bcm, True, t.bounce_s)
        self._sleep(PRESS_S)
        self._switch(bcm, False, t.bounce_s)
        if gesture == "double":
            self._sleep(DOUBLE_GAP_S)
            self._switch(bcm, True, t.bounce_s)
            self._sleep(PRESS_S)
            self._switch(bcm, False, t.bounce_s)
        self._sleep(t.bounce_s + (t.double_press_s if t.double_press else 0.0) + 0.001)
        return self._since(mark)

    def set_slot(self, track: str, slot: int, filled: bool) -> list[Any]:
        """Put a tile into (``filled=True``) or take it out of slot ``slot`` (1-based) of
        ``track``, with reed-switch bounce. :raises UsageError: unknown track or slot."""
        if track not in self.config.tracks:
            raise UsageMockError(f"unknown track {track!r}; the tracks are {', '.join(self.config.tracks) or 'none'}")
        pins = self.config.slot_pins(track)
        if not 1 <= slot <= len(pins):
            raise UsageMockError(f"the {track} track has slots 1–{len(pins)}, not {slot}")
        mark = self._mark()
        self._switch(pins[slot - 1], bool(filled), self.config.timing.slot_settle_s)
        self._sleep(self.config.timing.slot_settle_s + 0.001)
        return self._since(mark)

    def move_peg(self, position: int | None) -> list[Any]:
        """Pull the peg out of its hole and put it into hole ``position`` (0-based), or leave it
        out (None). :raises UsageError: a hole the board does not have."""
        holes = self.config.peg_holes
        if position is not None and not 0 <= position < len(holes):
            raise UsageMockError(f"the peg has holes 0–{len(holes) - 1}, not {position}")
        mark = self._mark()
        settle = self.config.timing.peg_settle_s
        for hole, bcm in enumerate(holes):
            if hole != position and self.pin(bcm).closed:
                self._switch(bcm, False, self.config.timing.bounce_s)
                self._sleep(min(0.1, settle / 3))
        if position is not None and not self.pin(holes[position]).closed:
            self._switch(holes[position], True, self.config.timing.bounce_s)
        self._sleep(settle + 0.001)
        return self._since(mark)

    def set_pin(self, pin: int, level: str | bool | int, hold: float | None = None) -> list[Any]:
        """Drive BCM ``pin`` to ``level`` (``"low"``/``"high"``, or a bool/int: truthy = high),
        without bounce (fault tests). With ``hold`` (seconds) the level is kept that long and
        the switch then opens again (high); without, it stays. Returns once the longest
        settle time has passed. :raises UsageError: a pin the board does not use."""
        if pin not in self.board.devices:
            raise UsageMockError(f"BCM {pin} is not an input of this board")
        high = level in ("high", "1") if isinstance(level, str) else bool(level)
        if isinstance(level, str) and level not in ("high", "low", "0", "1"):
            raise UsageMockError(f"a pin level is high or low, not {level!r}")
        mark = self._mark()
        self._set(pin, not high)
        t = self.config.timing
        settle = max(t.bounce_s, t.slot_settle_s, t.peg_settle_s) + 0.001
        if hold is not None:
            self._sleep(float(hold))
            self._set(pin, False)
        self._sleep(settle)
        return self._since(mark)

    def _set(self, bcm: int, closed: bool) -> None:
        pin = self.pin(bcm)
        pin.closed = closed
        if closed:
            pin.drive_low()
        else:
            pin.drive_high()

    def _switch(self, bcm: int, closed: bool, bounce_s: float) -> None:
        """Close or open a switch with contact bounce spread over 1/3 of ``bounce_s``."""
        last = 0.0
        for i, frac in enumerate(BOUNCE_PATTERN):
            self._sleep(frac * bounce_s - last)
            last = frac * bounce_s
            self._set(bcm, closed if i % 2 == 0 else not closed)
        if self.pin(bcm).closed != closed:
            self._set(bcm, closed)

    # -- RFID signals -------------------------------------------------------------------
    def tile_kind(self, name: str) -> TileKind | None:
        """The tile kind named ``name``, or whose simulator signal (or an alias of it) is
        ``name`` (SIMULATE.md), among this board's kinds; None for none."""
        for kind in self.kinds:
            if name == kind.kind or (kind.signal and name in (kind.signal, *kind.aliases)):
                return kind
        return None

    def present_tile(self, kind: str, value: str | None = None, seat: int | None = None,
                     number: int | None = None, reader: str | None = None) -> list[Any]:
        """Lay a registered tile of ``kind`` on ``reader`` (default: the kind's own reader,
        :attr:`TileKind.reader`; another one: a tile at the wrong reader).

        :param value: its name (a seat's tile) or group (a numbered tile); None for an item.
        :param seat: a seat's tile's seat (0-based).
        :param number: its number; None for a numbered tile: the group's next one in turn
            (a kind with :attr:`TileKind.in_turn`), else its first.
        :raises UsageError: no such kind or tile in the registry, or no such reader."""
        spec = self.tile_kind(kind)
        if spec is None:
            raise UsageMockError(f"no tile kind {kind!r} on this board")
        tiles = self.tags.tags(spec.kind, value, seat) if self.tags else []
        if number is not None:
            tiles = [(n, t) for n, t in tiles if n == number]
        if not tiles:
            what = " ".join(str(x) for x in (value, number) if x is not None)
            owner = f"seat {seat} has no" if seat is not None else "no"
            raise UsageMockError(f"{owner} {spec.noun} {what} in the tag registry".replace("  ", " "))
        tag = tiles[0][1]
        if number is None and spec.in_turn and len(tiles) > 1:
            k = self._next_tile.get((spec.kind, value), 0)
            self._next_tile[(spec.kind, value)] = (k + 1) % len(tiles)
            tag = tiles[k][1]
        return self.present_tag(reader or spec.reader, tag)

    def present_tag(self, reader: str, tag: str, repeats: int = 3) -> list[Any]:
        """Lay a tag on ``reader``: its frame ``repeats`` times, :data:`FRAME_INTERVAL_S`
        apart, then take it away (the clock moves past ``tag_gone_s``)."""
        mark = self._mark()
        frame = em4100_frame(tag)
        for i in range(repeats):
            if i:
                self._sleep(FRAME_INTERVAL_S)
            self._write(reader, frame)
        self._sleep(self.config.readers[reader].tag_gone_s + 0.01)
        return self._since(mark)

    def write_serial(self, reader: str, data: bytes) -> list[Any]:
        """Raw bytes from ``reader`` (fault tests); returns once the board has read them."""
        mark = self._mark()
        self._write(reader, bytes(data))
        return self._since(mark)

    def _write(self, reader: str, data: bytes) -> None:
        if reader not in self._links:
            raise UsageMockError(f"no {reader!r} reader in the config")
        if reader not in self._pty:          # unplugged: the bytes go nowhere
            return
        master, _ = self._pty[reader]
        os.write(master, data)
        self._written[reader] += len(data)
        target = self._base[reader] + self._written[reader]
        r = self.board.readers[reader]
        if not r.wait_progress(lambda rd: rd.bytes_received >= target or not rd.connected, self.timeout):
            raise TimeoutError(f"the {reader} reader did not read {len(data)} bytes within {self.timeout} s")

    def unplug(self, reader: str) -> list[Any]:
        """Pull ``reader``'s USB plug: its device and by-id link vanish."""
        if reader not in self._links:
            raise UsageMockError(f"no {reader!r} reader in the config")
        mark = self._mark()
        if reader in self._pty:
            was_connected = self.board.readers[reader].connected
            self._drop_pty(reader)
            self._wait(lambda: not self.board.readers[reader].connected, f"{reader} reader to notice the unplug")
            if was_connected:              # the fault follows the state change from the reader's thread
                self._wait(lambda: any(isinstance(e, ev.Fault) and e.reason == "reader_unplugged"
                                       and e.part.get("reader") == reader for e in self._since(mark)),
                           f"{reader} reader's unplug fault")
        return self._since(mark)

    def replug(self, reader: str) -> list[Any]:
        """Plug ``reader`` back in: a new device behind the same link; waits for the board."""
        if reader not in self._links:
            raise UsageMockError(f"no {reader!r} reader in the config")
        mark = self._mark()
        if reader not in self._pty:
            r = self.board.readers[reader]
            before = r.connections
            self._make_pty(reader)
            self._wait(lambda: r.connections > before and r.connected, f"{reader} reader to reconnect")
            self._base[reader] = r.bytes_received
            self._written[reader] = 0
        return self._since(mark)

    def _make_pty(self, name: str) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)
        link = self._links[name]
        tmp = link.with_name(link.name + ".new")
        os.symlink(os.ttyname(slave), tmp)
        os.replace(tmp, link)
        self._pty[name] = (master, slave)

    def _drop_pty(self, name: str) -> None:
        master, slave = self._pty.pop(name)
        try:
            self._links[name].unlink()
        except FileNotFoundError:
            pass
        for fd in (master, slave):
            try:
                os.close(fd)
            except OSError:
                pass

    # -- signal scripts (SIMULATE.md) ----------------------------------------------------
    #: SIMULATE.md signals this board plays; ``setup``, ``gm``, ``wait_for`` belong to the service
    SIGNALS = ("button", "slot", "pin", "serial", "unplug", "replug", "wait", "key")

    def apply_signal(self, signal: dict[str, Any]) -> list[Any] | None:
        """Play one SIMULATE.md signal line (a parsed JSON object) on the mocked board.

        Handles ``button`` {seat, gesture}, ``slot`` {track, slot, state}, the peg's signal
        (:attr:`~firmware_host.hardware.parts.Peg.signal`) {position}, ``pin`` {pin, level, hold?}, ``serial`` {reader, hex}, ``unplug``/``replug``
        {reader}, ``wait`` {seconds}, ``key`` {gesture} (the game-master key), and each tile
        kind's signal (:attr:`TileKind.signal`: {seat (a seat's tile), its ``value_field``,
        tile? (a number), reader?}).

        :returns: the events the signal produced, or None for a signal that is not the
            board's (``setup``, ``gm``, ``wait_for``: the service plays those).
        :raises UsageError: a malformed signal (one line naming the field).
        """
        kind = signal.get("signal") if isinstance(signal, dict) else None
        tile_kind = self.tile_kind(kind) if isinstance(kind, str) else None
        if tile_kind is not None and not tile_kind.signal:
            tile_kind = None
        peg = registered_peg()
        if kind not in self.SIGNALS and tile_kind is None and (peg is None or kind != peg.signal):
            return None

        def field(name: str, default: Any = ..., types: type | tuple[type, ...] = object) -> Any:
            if name not in signal:
                if default is ...:
                    raise UsageMockError(f"signal {kind}: missing field {name!r}")
                return default
            value = signal[name]
            allowed = types if isinstance(types, tuple) else (types,)
            if not isinstance(value, allowed) or (isinstance(value, bool) and bool not in allowed):
                raise UsageMockError(f"signal {kind}: field {name!r} has a bad value {value!r}")
            return value

        if kind == "button":
            return self.press(field("seat", types=int), field("gesture", "press", str))
        if kind == "key":
            return self.press_game_master_key(field("gesture", "press", str))
        if tile_kind is not None:
            layout = tile_kind.layout
            return self.present_tile(
                tile_kind.kind, field(tile_kind.value_field, types=str) if layout != "item" else None,
                field("seat", types=int) if layout == "seat" else None,
                field("tile", None, (int, type(None))) if layout != "seat" else None,
                field("reader", tile_kind.reader, str))
        if kind == "slot":
            state = field("state", types=str)
            if state not in ("filled", "emptied"):
                raise UsageMockError(f"signal slot: state is filled or emptied, not {state!r}")
            return self.set_slot(field("track", types=str), field("slot", types=int), state == "filled")
        if peg is not None and kind == peg.signal:
            return self.move_peg(field("position", types=(int, type(None))))
        if kind == "pin":
            return self.set_pin(field("pin", types=int), field("level", types=(str, int)),
                                field("hold", None, (int, float, type(None))))
        if kind == "serial":
            try:
                data = bytes.fromhex(field("hex", types=str))
            except ValueError:
                raise UsageMockError(f"signal serial: hex {signal.get('hex')!r} is not hexadecimal") from None
            return self.write_serial(field("reader", types=str), data)
        if kind == "unplug":
            return self.unplug(field("reader", types=str))
        if kind == "replug":
            return self.replug(field("reader", types=str))
        seconds = field("seconds", types=(int, float))
        if seconds < 0:
            raise UsageMockError("signal wait: seconds must not be negative")
        mark = self._mark()
        self._sleep(float(seconds))
        return self._since(mark)

    # -- events and time ----------------------------------------------------------------
    def _record(self, event: Any) -> None:
        with self._cond:
            self.events.append(event)
            if len(self.events) > HISTORY:
                drop = len(self.events) - HISTORY // 2
                del self.events[:drop]
                self._dropped += drop
            self._cond.notify_all()
        if self._listener is not None:
            self._listener(event)

    def _mark(self) -> int:
        with self._cond:
            return self._dropped + len(self.events)

    def _since(self, mark: int) -> list[Any]:
        with self._cond:
            return list(self.events[max(0, mark - self._dropped):])

    def _wait(self, predicate: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + self.timeout
        while not predicate():
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {self.timeout} s for the {what}")
            with self._cond:
                self._cond.wait(0.01)

    def _sleep(self, seconds: float) -> None:
        if seconds <= 0:
            return
        if self._advance is not None:
            self._advance(seconds)
        elif isinstance(self.clock, VirtualClock) or hasattr(self.clock, "advance"):
            self.clock.advance(seconds)  # type: ignore[attr-defined]
        else:
            # a RealClock runs timers on its own thread: leave it a little slack to fire them
            time.sleep(seconds + 0.005)
