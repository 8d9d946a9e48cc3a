"""RFID readers on USB serial: the EM4100 frame parser and the self-healing reader thread.

An RDM6300-style 125 kHz reader sends, at 9600 8N1, for every read of an EM4100 tag::

    0x02 | 10 ASCII hex chars (version byte + 4-byte id) | 2 ASCII hex chars checksum | 0x03

with checksum = XOR of the five data bytes, and repeats it every 100–250 ms while the tag
lies on the reader. :class:`RDM6300Protocol` turns bytes into tag ids and
:class:`FrameError` values, resynchronising after garbage or a broken frame, and drops a
partial frame that can no longer be finished (older than one frame time, or left before a
silence) without an error, so a stale half frame is never blamed on the next good tile; it is one
implementation of :class:`TagReaderProtocol`, so a second reader type (PN532 over UART) is a
new class in :data:`PROTOCOLS`. :class:`TagReader` owns the serial port (pyserial), reports
each tag once per presentation, and finds an unplugged reader again by polling its path.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from typing import Callable, Protocol, Union

import serial

from firmware_host.clock import Clock
from firmware_host.hardware.settings import ReaderConfig

log = logging.getLogger(__name__)

STX, ETX = 0x02, 0x03
_HEX = frozenset(b"0123456789ABCDEFabcdef")


@dataclasses.dataclass(frozen=True)
class FrameError:
    """A frame that could not be used: ``reason`` ``checksum`` | ``not hex`` | ``broken``,
    ``detail`` one line (the raw frame as text)."""

    reason: str
    detail: str = ""


#: what a protocol yields: a tag id (10 upper-case hex chars) or a FrameError
TagResult = Union[str, FrameError]


class TagReaderProtocol(Protocol):
    """Bytes in, tag ids and errors out; keeps partial frames between calls.

    ``feed(data: bytes, at: float | None = None) -> list[str | FrameError]`` in arrival order
    (``at``: when ``data`` arrived, ``time.monotonic()`` seconds, so a partial frame too old to
    be finished is dropped; None: no age check); ``reset()`` drops a partial frame quietly
    (after a reconnect, or a silence on the line).
    """

    def feed(self, data: bytes, at: float | None = None) -> list[TagResult]: ...

    def reset(self) -> None: ...


class RDM6300Protocol:
    """EM4100 frames as RDM6300-style readers send them (see the module docstring).

    Garbage outside frames is skipped silently; a frame cut short by a new 0x02 or an early
    0x03 is a ``broken`` error and parsing goes on at the next 0x02; a bad checksum or a
    non-hex character is an error and gives no tag. Passes every vector of
    ``spec/vectors/em4100.json``.

    A reader sends a frame's 14 bytes back to back, so a partial frame whose first byte came
    more than :attr:`max_age` seconds before the next bytes (one frame time, 14.6 ms at 9600
    baud, plus :data:`LATENCY_S` for the USB adapter) can no longer be finished: it is
    dropped without an error (``feed(..., at=)``), and so is one left before a silence
    (:meth:`reset`, called by :class:`TagReader` when the line goes quiet). A lone 0x02 at the
    end of a noise burst, or 7 bytes of a frame followed by a pause, thus never turn the next
    clean frame into "frame cut short".

    :param baud: the line's bit rate (8N1: 10 bits a byte), for the frame time.

    Example::

        p = RDM6300Protocol()
        p.feed(bytes.fromhex("02304630304131"))           # [] (half a frame)
        p.feed(bytes.fromhex("42324333444603"))           # ['0F00A1B2C3']
    """

    FRAME_LEN = 14

    LATENCY_S = 0.032
    """Seconds a USB serial adapter may hold bytes back (an FTDI chip's latency timer is 16 ms;
    doubled for the host's scheduling): added to the frame time before a partial frame is stale."""

    def __init__(self, baud: int = 9600) -> None:
        self._buf = bytearray()
        self._since: float | None = None
        #: seconds after its first byte that a partial frame is stale (one frame time + latency)
        self.max_age = self.FRAME_LEN * 10 / baud + self.LATENCY_S
        #: partial frames dropped without an error (stale, reset) since the parser was made
        self.dropped = 0

    def reset(self) -> None:
        """Forget a partial frame, quietly (no error: it was never finished)."""
        if self._buf:
            self.dropped += 1
        self._buf.clear()
        self._since = None

    def feed(self, data: bytes, at: float | None = None) -> list[TagResult]:
        """Parse ``data`` (any length, any split); returns tags and errors in order.

        :param at: when ``data`` arrived (``time.monotonic()`` seconds); a partial frame kept
            from earlier whose first byte came more than :attr:`max_age` before is dropped
            first, without an error. None: no age check (a file, a test).
        """
        buf = self._buf
        if buf and at is not None and self._since is not None and at - self._since > self.max_age:
            self.reset()
        buf.extend(data)
        out: list[TagResult] = []
        while True:
            start = buf.find(STX)
            if start < 0:
                buf.clear()
                break
            if start:
                del buf[:start]
            body = buf[1:self.FRAME_LEN - 1]
            cut = next((i for i, b in enumerate(body) if b in (STX, ETX)), None)
            if cut is not None:
                out.append(FrameError("broken", f"frame cut short: {bytes(buf[:cut + 2]).hex()}"))
                # an early STX starts the next frame (kept); an early ETX is skipped as garbage
                del buf[:cut + 1]
                continue
            if len(buf) < self.FRAME_LEN:
                break
            frame = bytes(buf[:self.FRAME_LEN])
            if frame[-1] != ETX:
                out.append(FrameError("broken", f"no end byte: {frame.hex()}"))
                del buf[:1]
                continue
            del buf[:self.FRAME_LEN]
            chars = frame[1:13]
            if not all(c in _HEX for c in chars):
                out.append(FrameError("not hex", f"frame {chars.decode('latin-1')!r}"))
                continue
            values = bytes.fromhex(chars.decode("ascii"))
            check = 0
            for b in values[:5]:
                check ^= b
            if check != values[5]:
                out.append(FrameError("checksum", f"frame {chars.decode('ascii')}: checksum {values[5]:02X}, computed {check:02X}"))
                continue
            out.append(values[:5].hex().upper())
        if not buf:
            self._since = None
        elif len(buf) <= len(data):          # the partial frame began in this data
            self._since = at
        return out


def _reason(exc: BaseException) -> str:
    """One line for a serial error: errno text where there is one."""
    errno_text = getattr(exc, "strerror", None)
    return str(errno_text or exc).splitlines()[0] if (errno_text or str(exc)) else type(exc).__name__


def em4100_frame(tag: str) -> bytes:
    """The 14-byte RDM6300 frame for a 10-hex-character tag id (the mocked reader, tests).

    :raises ValueError: if ``tag`` is not 10 hex characters.
    """
    values = bytes.fromhex(tag)
    if len(values) != 5:
        raise ValueError(f"{tag!r} is not a tag id (10 hex characters)")
    check = 0
    for b in values:
        check ^= b
    return bytes([STX]) + tag.upper().encode("ascii") + f"{check:02X}".encode("ascii") + bytes([ETX])


#: reader type (config ``readers.*.type``) -> protocol class, called as ``cls(baud=...)``
PROTOCOLS: dict[str, Callable[..., TagReaderProtocol]] = {"rdm6300": RDM6300Protocol}


class TagReader:
    """One RFID reader on a serial port, read on its own daemon thread.

    - Each tag is reported once per *presentation*: repeats of a tag seen within
      ``config.tag_gone_s`` (on the injected clock) are swallowed; after a longer gap the
      tile counts as removed and a new read is reported.
    - A reader missing at start or unplugged later is reported (``on_state(False)``) and
      looked for again every ``config.reconnect_s`` seconds (real time: a device poll),
      then ``on_state(True)``.

    - A partial frame left when the line goes quiet (a read that waits :attr:`READ_TIMEOUT`
      for nothing) is dropped without an error; the tags of one read are reported before its
      errors, so noise in the same read as a good frame is seen beside the tile
      (:meth:`tag_present`) and never blamed on it.

    Callbacks run on the reader's thread: ``on_tag(tag)``, ``on_error(FrameError)``,
    ``on_state(connected, first)`` (``first``: the state found at start).

    :param config: :class:`~firmware_host.hardware.settings.ReaderConfig`.
    :param clock: the board clock.
    :param serial_factory: opens the port: ``serial_factory(port, baudrate=, timeout=,
        exclusive=) -> serial.Serial``-like (default :class:`serial.Serial`; the port is opened
        exclusively, so a second program cannot steal the reader's bytes).
    :raises KeyError: for a reader type not in :data:`PROTOCOLS` (the config refuses it first).
    """

    READ_TIMEOUT = 0.05

    def __init__(self, config: ReaderConfig, clock: Clock, on_tag: Callable[[str], None],
                 on_error: Callable[[FrameError], None], on_state: Callable[[bool, bool], None],
                 serial_factory: Callable[..., serial.Serial] | None = None) -> None:
        self.config = config
        self.name = config.name
        self._clock = clock
        self._protocol = PROTOCOLS[config.type](baud=config.baud)
        self._on_tag = on_tag
        self._on_error = on_error
        self._on_state = on_state
        self._open = serial_factory or serial.Serial
        self._port: serial.Serial | None = None
        self._seen: dict[str, float] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._progress = threading.Condition()
        #: bytes read and fully processed (events emitted) since start
        self.bytes_received = 0
        #: reads that waited READ_TIMEOUT for nothing (a quiet line) since start
        self.quiet_reads = 0
        #: connections made so far (a replug adds one)
        self.connections = 0
        self.connected = False
        #: why the port could not be opened or was lost (one line), or ""
        self.last_error = ""
        #: ``time.monotonic()`` at the reader thread's last turn (the watchdog's health check)
        self.alive_at = time.monotonic()

    def start(self) -> None:
        """Start the reader thread (returns at once; a missing device is not an error)."""
        self._thread = threading.Thread(target=self._run, name=f"reader-{self.name}", daemon=True)
        self._thread.start()

    def close(self, timeout: float = 2.0) -> None:
        """Stop the thread and close the port; waits up to ``timeout`` seconds."""
        self._stop.set()
        port = self._port
        if port is not None:
            try:
                port.cancel_read()
            except Exception:  # noqa: BLE001 - closing anyway
                pass
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def wait_progress(self, predicate: Callable[["TagReader"], bool], timeout: float) -> bool:
        """Block (real time, up to ``timeout`` s) until ``predicate(self)``; returns it."""
        with self._progress:
            return self._progress.wait_for(lambda: predicate(self), timeout)

    def _notify(self) -> None:
        with self._progress:
            self._progress.notify_all()

    def _run(self) -> None:
        first = True
        while not self._stop.is_set():
            self.alive_at = time.monotonic()
            if self._port is None:
                try:
                    self._port = self._open(self.config.port, baudrate=self.config.baud, timeout=self.READ_TIMEOUT,
                                            exclusive=True)
                except (serial.SerialException, OSError, ValueError) as exc:
                    self.last_error = _reason(exc)
                    if first or self.connected:
                        self.connected = False
                        log.info("reader %s not there (%s)", self.name, exc)
                        self._on_state(False, first)
                        self._notify()
                    first = False
                    self._stop.wait(self.config.reconnect_s)
                    continue
                self._protocol.reset()
                self.connected = True
                self.connections += 1
                self._on_state(True, first)
                first = False
                self._notify()
            try:
                data = self._port.read(1)
                if data:
                    waiting = self._port.in_waiting
                    if waiting:
                        data += self._port.read(waiting)
            except (serial.SerialException, OSError, TypeError, AttributeError) as exc:
                # TypeError/AttributeError: pyserial after the fd vanished under it
                self._drop_port()
                if self._stop.is_set():
                    break
                log.info("reader %s lost (%s)", self.name, exc)
                self.last_error = _reason(exc)
                self.connected = False
                self._on_state(False, False)
                self._notify()
                continue
            if data:
                self._handle(data, time.monotonic())
                with self._progress:
                    self.bytes_received += len(data)
                    self._progress.notify_all()
            else:
                self._protocol.reset()       # the line went quiet: a partial frame is dead
                with self._progress:
                    self.quiet_reads += 1
                    self._progress.notify_all()
        self._drop_port()

    def _drop_port(self) -> None:
        port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except Exception:  # noqa: BLE001 - the device is gone already
                pass

    def _handle(self, data: bytes, arrived: float | None = None) -> None:
        now = self._clock.now()
        gone = self.config.tag_gone_s
        results = self._protocol.feed(data, at=arrived)
        for result in results:
            if isinstance(result, FrameError):
                continue
            last = self._seen.get(result)
            self._seen[result] = now
            if last is None or now - last > gone:
                self._on_tag(result)
        for result in results:               # after the tiles: noise beside a tile is seen as such
            if isinstance(result, FrameError):
                self._on_error(result)
        if len(self._seen) > 32:
            self._seen = {t: s for t, s in self._seen.items() if now - s <= gone}

    def hung(self, now: float | None = None) -> str | None:
        """Why this reader's thread is dead or stuck (one line), or None while it turns.

        It turns every :attr:`READ_TIMEOUT` seconds, or every ``reconnect_s`` while its
        device is missing; 5 seconds more than that is stuck.
        """
        if self._thread is None or self._stop.is_set():
            return None
        if not self._thread.is_alive():
            return f"{self.name} reader thread ended"
        late = (time.monotonic() if now is None else now) - self.alive_at
        if late > self.config.reconnect_s + 5.0:
            return f"{self.name} reader thread stuck for {late:.0f} s"
        return None

    def tag_present(self, now: float | None = None) -> bool:
        """True when a good frame arrived within ``tag_gone_s`` (a tile lies on the reader)."""
        now = self._clock.now() if now is None else now
        return any(now - s <= self.config.tag_gone_s for s in self._seen.values())
