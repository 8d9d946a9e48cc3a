"""TagReader on a real pseudo-terminal through pyserial: how it opens the port, reports tags
once per presentation, keeps reading after a bad frame, forgets old tags, reports a missing
or lost device once, and closes."""

from __future__ import annotations

import os
import threading
import time
import tty

import pytest
import serial

from firmware_host.clock import VirtualClock
from firmware_host.hardware.rfid import FrameError, TagReader, em4100_frame
from firmware_host.hardware.settings import ReaderConfig

WAIT = 10.0          # seconds a test waits for the reader thread at most (never reached when it works)


class Harness:
    """A TagReader on a pseudo-terminal behind a symlink (a /dev/serial/by-id stand-in)."""

    def __init__(self, tmp_path, baud: int = 9600, tag_gone_s: float = 0.5, reconnect_s: float = 0.5,
                 plugged: bool = True) -> None:
        self.link = tmp_path / "usb-reader"
        self.clock = VirtualClock()
        self.tags: list[str] = []
        self.errors: list[FrameError] = []
        self.states: list[tuple[bool, bool]] = []
        self.reasons: list[str] = []                  # last_error at each state change
        self.opened: list[tuple[str, dict]] = []
        self.ports: list[serial.Serial] = []
        self.fds: tuple[int, int] | None = None
        if plugged:
            self.plug()
        config = ReaderConfig("ballot", str(self.link), baud=baud, tag_gone_s=tag_gone_s, reconnect_s=reconnect_s)
        self.reader = TagReader(config, self.clock, self.tags.append, self.errors.append,
                                self._state,
                                serial_factory=self._open)
        self.written = 0

    def _state(self, connected: bool, first: bool) -> None:
        self.reasons.append(self.reader.last_error)
        self.states.append((connected, first))

    def _open(self, port, **kwargs):
        self.opened.append((port, kwargs))
        opened = serial.Serial(port, **kwargs)
        self.ports.append(opened)
        return opened

    def plug(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)
        tmp = self.link.with_name("new-link")
        os.symlink(os.ttyname(slave), tmp)
        os.replace(tmp, self.link)
        self.fds = (master, slave)

    def unplug(self) -> None:
        self.link.unlink()
        for fd in self.fds or ():
            os.close(fd)
        self.fds = None

    def start(self) -> "Harness":
        self.reader.start()
        if self.fds is not None:
            self.wait(lambda r: r.connected)
        return self

    def wait(self, predicate, what: str = "the reader") -> None:
        assert self.reader.wait_progress(predicate, WAIT), f"{what} did not get there"

    def write(self, data: bytes) -> None:
        """Send ``data`` and wait until the reader has handled it."""
        os.write(self.fds[0], data)
        self.written += len(data)
        target = self.written
        self.wait(lambda r: r.bytes_received >= target, "the reader's bytes")

    def close(self) -> None:
        self.reader.close()
        if self.fds is not None:
            self.unplug()


@pytest.fixture
def harness(tmp_path):
    made = []

    def make(**kwargs) -> Harness:
        h = Harness(tmp_path, **kwargs)
        made.append(h)
        return h
    yield make
    for h in made:
        h.close()


def test_reader_opens_its_port_exclusively_at_the_configured_baud_rate(harness):
    h = harness(baud=19200).start()
    assert h.opened == [(str(h.link), {"baudrate": 19200, "timeout": TagReader.READ_TIMEOUT, "exclusive": True})]
    assert h.ports[0].baudrate == 19200
    with pytest.raises(serial.SerialException):     # a second program cannot steal its bytes
        serial.Serial(str(h.link), exclusive=True)
    assert h.states == [(True, True)] and h.reader.connections == 1


def test_tags_after_a_bad_frame_in_the_same_read_are_all_reported(harness):
    h = harness().start()
    bad = bytes.fromhex("0230463030413142324333303003")
    h.write(em4100_frame("0F00A1B2C3") + bad + em4100_frame("1A2B3C4D5E") + bad + em4100_frame("0000000001"))
    assert h.tags == ["0F00A1B2C3", "1A2B3C4D5E", "0000000001"]
    assert [e.reason for e in h.errors] == ["checksum", "checksum"]


def test_a_tag_repeated_within_the_gone_time_is_reported_once_and_again_after_it(harness):
    h = harness(tag_gone_s=0.5).start()
    frame = em4100_frame("0F00A1B2C3")
    for _ in range(5):
        h.write(frame)
        h.clock.advance(0.5)                 # exactly the gone time: still the same presentation
    assert h.tags == ["0F00A1B2C3"]
    assert h.reader.tag_present()
    h.clock.advance(0.01)
    assert not h.reader.tag_present() and h.reader.tag_present(now=h.clock.now() - 0.02)
    h.write(frame)
    assert h.tags == ["0F00A1B2C3", "0F00A1B2C3"]


def test_many_tiles_keep_their_presentations_and_old_ones_are_forgotten(harness):
    h = harness(tag_gone_s=0.5).start()
    tiles = [f"{i:02X}00000000" for i in range(40)]
    for tag in tiles:                        # 40 tiles within the gone time of each other
        h.write(em4100_frame(tag))
        h.clock.advance(0.01)
    h.write(b"".join(em4100_frame(tag) for tag in tiles))   # all still lying there: no new read
    assert h.tags == tiles
    h.clock.advance(1.0)
    for i in range(40):                      # later, one new tile at a time, each a new read
        h.write(em4100_frame(f"{i:02X}11111111"))
        h.clock.advance(0.6)
    assert len(h.tags) == 80
    assert len(h.reader._seen) <= 33        # memory stays bounded on a board that runs for days


def test_a_missing_reader_is_reported_once_then_found_when_plugged_in(harness):
    h = harness(plugged=False, reconnect_s=0.01)
    attempts = threading.Semaphore(0)
    real_open = h._open

    def counting_open(port, **kwargs):
        attempts.release()
        return real_open(port, **kwargs)
    h.reader._open = counting_open
    h.start()
    for _ in range(6):                       # six failed opens, 10 ms apart …
        assert attempts.acquire(timeout=WAIT)
    assert h.states == [(False, True)]       # … one report, at start
    assert h.reader.connected is False
    assert "No such file or directory" in h.reader.last_error and "\n" not in h.reader.last_error
    h.plug()
    h.wait(lambda r: r.connected, "the reconnect")
    assert h.states == [(False, True), (True, False)] and h.reader.connections == 1
    h.write(em4100_frame("0F00A1B2C3"))
    assert h.tags == ["0F00A1B2C3"]


def test_an_unplugged_reader_is_reported_lost_once_and_found_again_with_a_fresh_frame(harness):
    h = harness(reconnect_s=0.01).start()
    h.write(em4100_frame("0F00A1B2C3")[:6])  # half a frame when the plug is pulled
    h.unplug()
    h.wait(lambda r: not r.connected, "the unplug")
    assert h.states == [(True, True), (False, False)]
    lost = h.reasons[1]                      # why, as pyserial said it when the read failed
    assert ("Input/output error" in lost or "returned no data" in lost) and "\n" not in lost
    assert h.ports[0].is_open is False       # the lost port is closed
    h.plug()
    h.wait(lambda r: r.connected, "the replug")
    assert h.states == [(True, True), (False, False), (True, False)] and h.reader.connections == 2
    h.written = h.reader.bytes_received
    h.write(em4100_frame("1A2B3C4D5E")[6:] + em4100_frame("0F00A1B2C3"))
    assert h.tags == ["0F00A1B2C3"] and h.errors == []   # the old half frame was dropped


def test_close_stops_the_thread_and_closes_the_port(harness):
    h = harness().start()
    thread = h.reader._thread
    h.reader.close()
    assert not thread.is_alive()
    assert h.ports[0].is_open is False and h.reader._port is None
    assert h.states == [(True, True)]        # closing is no unplug


def test_close_of_a_reader_waiting_for_its_device_returns(harness):
    h = harness(plugged=False, reconnect_s=30.0).start()
    h.wait(lambda r: h.states == [(False, True)], "the missing report")
    thread = h.reader._thread
    h.reader.close()
    assert not thread.is_alive()


def test_a_new_reader_has_read_nothing_and_is_not_connected(harness):
    r = harness().reader
    assert (r.name, r.bytes_received, r.connections, r.connected, r.last_error) == ("ballot", 0, 0, False, "")
    assert not r.tag_present()
    assert isinstance(r.alive_at, float) and r.alive_at <= time.monotonic()   # alive from creation on


def test_close_before_start_does_nothing(harness):
    h = harness()
    h.reader.close()
    assert h.opened == []


def test_unknown_reader_type_is_a_key_error():
    with pytest.raises(KeyError):
        TagReader(ReaderConfig("ballot", "/dev/null", type="pn532"), VirtualClock(), print, print, print)


def test_reader_thread_is_a_named_daemon(harness):
    h = harness().start()
    thread = h.reader._thread
    assert thread.name == "reader-ballot" and thread.daemon   # never keeps a stopping board alive


def test_close_cancels_a_read_that_would_block_for_ever(harness):
    h = harness()

    def blocking_open(port, **kwargs):
        return h._open(port, **{**kwargs, "timeout": None})   # read(1) waits until cancelled
    h.reader._open = blocking_open
    h.start()
    thread = h.reader._thread
    h.reader.close()
    assert not thread.is_alive() and h.ports[0].is_open is False


def test_wait_progress_gives_up_after_its_timeout(harness):
    h = harness().start()
    assert h.reader.wait_progress(lambda r: r.bytes_received > 0, 0.05) is False


def test_a_tag_seen_exactly_the_gone_time_ago_survives_the_pruning_of_old_tags(harness):
    h = harness(tag_gone_s=0.5).start()
    h.write(b"".join(em4100_frame(f"{i:02X}00000000") for i in range(32)))
    h.clock.advance(0.5)
    h.write(em4100_frame("FF00000000"))       # the 33rd tag: old tags are pruned now
    h.write(em4100_frame("0000000000"))       # seen 0.5 s ago: the same presentation
    assert len(h.tags) == 33


def test_missing_and_lost_readers_are_logged_with_the_reason(harness, caplog):
    caplog.set_level("INFO", logger="firmware_host.hardware.rfid")
    h = harness(plugged=False, reconnect_s=0.01).start()
    h.wait(lambda r: h.states == [(False, True)], "the missing report")
    h.plug()
    h.wait(lambda r: r.connected, "the reconnect")
    h.unplug()
    h.wait(lambda r: not r.connected, "the unplug")
    messages = [m for m in caplog.messages if m.startswith("reader ballot")]
    assert messages[0].startswith(f"reader ballot not there (") and "No such file or directory" in messages[0]
    assert messages[1].startswith("reader ballot lost (")
    assert any(why in messages[1] for why in ("Input/output error", "returned no data")) and len(messages) == 2
    assert h.reader.connected is False


@pytest.mark.parametrize("exc, reason", [
    (serial.SerialException(2, "could not open port /dev/x: [Errno 2] No such file or directory"),
     "could not open port /dev/x: [Errno 2] No such file or directory"),
    (OSError(5, "Input/output error"), "Input/output error"),
    (serial.SerialException("device reports readiness to read but returned no data\n(device disconnected?)"),
     "device reports readiness to read but returned no data"),
    (TypeError(), "TypeError"),
])
def test_a_serial_error_is_one_line_of_reason(exc, reason):
    from firmware_host.hardware.rfid import _reason

    assert _reason(exc) == reason


def test_a_reader_not_started_or_closed_is_not_hung(harness):
    h = harness()
    assert h.reader.hung() is None                       # not started: nothing to watch
    h.start()
    h.reader.close()
    assert h.reader.hung(now=h.reader.alive_at + 1000.0) is None   # closed on purpose


def test_a_turning_reader_thread_is_not_hung(harness):
    h = harness().start()
    h.write(em4100_frame("0F00A1B2C3"))                  # the thread has turned since
    assert h.reader.hung() is None                       # on the real monotonic clock
    assert h.reader.alive_at <= time.monotonic()


def test_a_reader_thread_silent_for_more_than_its_turn_and_five_seconds_is_stuck(harness):
    h = harness(plugged=False, reconnect_s=30.0).start()
    h.wait(lambda r: h.states == [(False, True)], "the missing report")
    # the thread now waits 30 s for the device: alive_at does not move meanwhile
    h.reader.alive_at = 1000.0
    assert h.reader.hung(now=1035.0) is None             # exactly reconnect_s + 5 s: still fine
    assert h.reader.hung(now=1036.0) == "ballot reader thread stuck for 36 s"


def test_a_reader_thread_that_died_is_reported_by_name(harness, monkeypatch):
    died = []
    monkeypatch.setattr(threading, "excepthook", died.append)
    h = harness()

    def broken_open(port, **kwargs):
        raise RuntimeError("a bug in the port driver")  # not a serial error: the thread ends
    h.reader._open = broken_open
    h.reader.start()
    h.reader._thread.join(WAIT)
    assert [type(d.exc_value) for d in died] == [RuntimeError]
    assert h.reader.hung() == "ballot reader thread ended"


def test_close_gives_up_waiting_for_a_reader_thread_stuck_in_a_callback(harness):
    h = harness()
    release = threading.Event()
    entered = threading.Event()

    def stuck_state(connected, first):
        entered.set()
        release.wait(WAIT)                               # a listener that never returns
    h.reader._on_state = stuck_state
    h.reader.start()
    assert entered.wait(WAIT)
    closer = threading.Thread(target=h.reader.close, kwargs={"timeout": 0.05}, daemon=True)
    closer.start()
    closer.join(WAIT / 2)
    stuck = closer.is_alive()
    release.set()
    assert not stuck, "close() waited for a stuck reader thread beyond its timeout"


def test_a_reader_lost_and_reopened_at_the_first_try_is_found_again_not_found_at_start(harness):
    h = harness(reconnect_s=30.0)
    real_open = h._open

    def glitching_open(port, **kwargs):
        opened = real_open(port, **kwargs)
        if len(h.ports) == 1:                # a USB glitch: the first port fails its first read
            def read(size=1):
                raise serial.SerialException("device reports readiness to read but returned no data")
            opened.read = read
        return opened
    h.reader._open = glitching_open
    h.start()
    h.wait(lambda r: r.connections == 2, "the reopen")
    assert h.states == [(True, True), (False, False), (True, False)]
    assert h.reasons[1] == "device reports readiness to read but returned no data"
    h.written = h.reader.bytes_received
    h.write(em4100_frame("0F00A1B2C3"))
    assert h.tags == ["0F00A1B2C3"]
