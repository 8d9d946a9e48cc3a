"""EM4100 frames (RDM6300-style readers) and readers on real pseudo-terminals."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from firmware_host.clock import VirtualClock
from firmware_host.hardware.events import Fault, ReaderState, TagRead, TileRead
from firmware_host.hardware.tags import Tile
from firmware_host.hardware.mock import FRAME_INTERVAL_S, MockBoard
from firmware_host.hardware.rfid import FrameError, RDM6300Protocol, em4100_frame

# the shared spec's EM4100 test vectors: docs/spec/vectors/ is the repository's copy of the
# shared spec, tests/data/spec/vectors/ the tests' set: every spec vector (see below), a few
# more, and the errors expected beside each tag
VECTORS = Path(__file__).resolve().parents[1] / "data" / "spec" / "vectors" / "em4100.json"
SPEC_VECTORS = Path(__file__).resolve().parents[2] / "docs" / "spec" / "vectors" / "em4100.json"


def load_vectors():
    return json.loads(VECTORS.read_text())["vectors"]


def tags_and_errors(results):
    return ([r for r in results if isinstance(r, str)], [r for r in results if isinstance(r, FrameError)])


def feed_within(parser, data, seconds=10.0):
    """``parser.feed(data)`` on a helper thread: a parser that loops for ever fails the test
    instead of hanging the run."""
    out = []
    worker = threading.Thread(target=lambda: out.append(parser.feed(data)), daemon=True)
    worker.start()
    worker.join(seconds)
    assert out, f"the parser did not return for {data.hex()} (an endless loop)"
    return out[0]


def test_em4100_vectors_of_the_tests_hold_every_spec_vector_with_its_tags():
    ours = {v["bytes"]: v["expect"] for v in load_vectors()}
    for vector in json.loads(SPEC_VECTORS.read_text())["vectors"]:
        assert vector["bytes"] in ours, vector["note"]
        want = {k: v for k, v in ours[vector["bytes"]].items() if k != "errors"}
        assert want == vector["expect"], vector["note"]


@pytest.mark.parametrize("vector", load_vectors(), ids=lambda v: v["note"])
def test_em4100_vectors(vector):
    tags, errors = tags_and_errors(feed_within(RDM6300Protocol(), bytes.fromhex(vector["bytes"])))
    reasons = [e.reason for e in errors]
    expect = vector["expect"]
    if "tag" in expect:
        assert tags == [expect["tag"]] and reasons == expect.get("errors", [])
    elif "tags" in expect:
        assert tags == expect["tags"] and reasons == expect.get("errors", [])
    elif "error" in expect:
        assert tags == [] and reasons == [expect["error"]]
    elif expect.get("incomplete"):
        assert tags == [] and errors == []
    else:  # pragma: no cover - a new kind of vector must be handled here
        pytest.fail(f"unknown expectation {expect}")


@pytest.mark.parametrize("vector", load_vectors(), ids=lambda v: v["note"])
def test_em4100_vectors_byte_by_byte_give_the_same_tags_and_errors_in_order(vector):
    data = bytes.fromhex(vector["bytes"])
    whole = feed_within(RDM6300Protocol(), data)
    parser = RDM6300Protocol()
    split = [r for i in range(len(data)) for r in feed_within(parser, data[i:i + 1])]
    assert split == whole


def test_frame_split_across_reads():
    parser = RDM6300Protocol()
    frame = em4100_frame("0F00A1B2C3")
    assert parser.feed(frame[:3]) == []
    assert parser.feed(frame[3:11]) == []
    assert parser.feed(frame[11:]) == ["0F00A1B2C3"]


def test_two_frames_in_one_read():
    data = em4100_frame("0F00A1B2C3") + em4100_frame("1A2B3C4D5E")
    assert RDM6300Protocol().feed(data) == ["0F00A1B2C3", "1A2B3C4D5E"]


def test_bad_checksum_gives_an_error_and_no_tag():
    frame = bytearray(em4100_frame("0F00A1B2C3"))
    frame[12] = ord("0")
    [result] = RDM6300Protocol().feed(bytes(frame))
    assert isinstance(result, FrameError) and result.reason == "checksum"


def test_garbage_between_frames_is_skipped():
    data = b"\xff\x00junk" + em4100_frame("0F00A1B2C3") + b"\x03\x03\xfe" + em4100_frame("1A2B3C4D5E") + b"zz"
    tags, errors = tags_and_errors(RDM6300Protocol().feed(data))
    assert tags == ["0F00A1B2C3", "1A2B3C4D5E"] and errors == []


def test_frame_without_end_byte_resynchronises_on_the_next_frame():
    frame = em4100_frame("0F00A1B2C3")
    data = frame[:-1] + b"X" + em4100_frame("1A2B3C4D5E")
    tags, errors = tags_and_errors(RDM6300Protocol().feed(data))
    assert tags == ["1A2B3C4D5E"] and [e.reason for e in errors] == ["broken"]


def test_em4100_frame_matches_the_vector():
    assert em4100_frame("0F00A1B2C3").hex() == "0230463030413142324333444603"


@pytest.mark.parametrize("cut", range(12))
@pytest.mark.parametrize("byte", [0x02, 0x03])
def test_frame_cut_short_at_any_character_is_one_broken_error_and_the_next_frame_is_read(cut, byte):
    """An early 0x02 starts the next frame (it must not be eaten); an early 0x03 ends the
    broken one. Cuts at the first characters must not loop for ever."""
    broken = em4100_frame("0F00A1B2C3")[:1 + cut] + bytes([byte])
    data = broken + (em4100_frame("1A2B3C4D5E")[1:] if byte == 0x02 else em4100_frame("1A2B3C4D5E"))
    results = feed_within(RDM6300Protocol(), data)
    assert results == [FrameError("broken", f"frame cut short: {broken.hex()}"), "1A2B3C4D5E"]


def test_frame_with_a_wrong_end_byte_is_broken_and_parsing_goes_on_after_its_start():
    frame = em4100_frame("0F00A1B2C3")
    data = frame[:-1] + b"X" + em4100_frame("1A2B3C4D5E")
    assert feed_within(RDM6300Protocol(), data) == [FrameError("broken", f"no end byte: {(frame[:-1] + b'X').hex()}"),
                                                     "1A2B3C4D5E"]


def test_frame_errors_say_what_was_wrong_in_one_line():
    [checksum] = RDM6300Protocol().feed(bytes.fromhex("0230463030413142324333303003"))
    assert checksum == FrameError("checksum", "frame 0F00A1B2C300: checksum 00, computed DF")
    [not_hex] = RDM6300Protocol().feed(bytes.fromhex("0230463030413142324358444603"))
    assert not_hex == FrameError("not hex", "frame '0F00A1B2CXDF'")


def test_lower_case_hex_in_a_frame_gives_the_upper_case_tag():
    frame = em4100_frame("0F00A1B2C3").replace(b"F", b"f").replace(b"A", b"a")
    assert RDM6300Protocol().feed(frame) == ["0F00A1B2C3"]


def test_frames_in_every_position_of_a_long_read_are_all_read():
    tags = [f"{i:02X}00A1B2C3" for i in range(40)]
    data = b"".join(em4100_frame(t) + b"\xff" * (i % 3) for i, t in enumerate(tags))
    assert RDM6300Protocol().feed(data) == tags


def test_reset_drops_a_partial_frame():
    parser = RDM6300Protocol()
    frame = em4100_frame("0F00A1B2C3")
    assert parser.feed(frame[:7]) == []
    parser.reset()
    assert parser.feed(frame[7:]) == []
    assert parser.feed(frame) == ["0F00A1B2C3"]


def test_garbage_alone_is_dropped_and_not_kept():
    parser = RDM6300Protocol()
    assert parser.feed(b"\xff" * 100 + b"junk\x03") == []
    assert parser.feed(em4100_frame("0F00A1B2C3")[3:]) == []       # no start byte kept from the junk
    assert parser._buf == bytearray()


def test_em4100_frame_refuses_what_is_not_a_tag_id():
    for bad in ("0F00A1B2", "0F00A1B2C3D4"):
        with pytest.raises(ValueError, match=f"'{bad}' is not a tag id"):
            em4100_frame(bad)
    with pytest.raises(ValueError):
        em4100_frame("0F00A1B2CX")
    assert em4100_frame("0f00a1b2c3") == em4100_frame("0F00A1B2C3")


# -- readers on pseudo-terminals -------------------------------------------------------------

def test_a_registered_tile_is_one_tile_read_naming_reader_kind_value_seat_and_tag(full_board):
    tag = full_board.tags.tag_of(Tile("ballot", "nein", 4))
    assert full_board.present_tile("ballot", "nein", seat=4) == [
        TileRead("ballot", "ballot", "nein", 4, tag, at=pytest.approx(full_board.clock.now(), abs=1.0))]


def test_same_tag_repeated_for_two_seconds_is_one_read(full_board):
    mock = full_board
    frame = em4100_frame(mock.tags.tag_of(Tile("ballot", "ja", 2)))
    mark = len(mock.events)
    for i in range(14):                                 # 14 frames, 150 ms apart: 2.1 s on the reader
        mock.write_serial("ballot", frame)
        mock.clock.advance(FRAME_INTERVAL_S)
    assert [type(e) for e in mock.events[mark:]] == [TileRead]
    # the tile is taken away, then dropped in again: a new read
    mock.clock.advance(1.0)
    mock.write_serial("ballot", frame)
    assert [type(e) for e in mock.events[mark:]] == [TileRead, TileRead]


def test_two_presentations_of_the_same_tile_are_two_reads(full_board):
    assert len(full_board.present_tile("ballot", "ja", seat=1)) == 1
    assert len(full_board.present_tile("ballot", "ja", seat=1)) == 1


def test_unknown_tag_is_a_fault_naming_it(full_board):
    [fault] = full_board.present_tag("ballot", "0F00A1B2C3")
    assert isinstance(fault, Fault)
    assert (fault.source, fault.reason) == ("ballot reader", "unknown_tag")
    assert "0F00A1B2C3" in fault.detail


def test_numbered_tiles_read_with_their_group_and_number_and_in_turn_where_the_kind_says(full_board):
    [law] = full_board.present_tile("law", "fascist", number=7)
    tag = full_board.tags.tag_of(Tile("law", "fascist", None, 7))
    assert law == TileRead("law", "law", "fascist", None, tag, 7, at=law.at)
    [role] = full_board.present_tile("role", "dictator", reader="ballot")
    assert (role.kind, role.value, role.number, role.reader) == ("role", "dictator", 1, "ballot")
    # a kind laid in turn (TileKind.in_turn): without a number its group's tiles come one after the other
    tiles = [full_board.present_tile("law", "democratic")[0].number for _ in range(3)]
    assert tiles == [1, 2, 3]
    # one that is not: its first tile each time
    assert [full_board.present_tile("role", "fascist")[0].number for _ in range(2)] == [1, 1]


def test_bad_frame_alone_is_one_fault_and_noise_beside_a_tile_is_not(full_board):
    mock = full_board
    bad = bytes.fromhex("0230463030413142324333303003")
    [fault] = mock.write_serial("ballot", bad)
    assert (fault.reason, fault.source) == ("bad_frame", "ballot reader") and "checksum" in fault.detail
    assert mock.write_serial("ballot", bad) == []          # the same burst: no second fault
    mock.clock.advance(1.0)
    good = em4100_frame(mock.tags.tag_of(Tile("ballot", "ja", 0)))
    events = mock.write_serial("ballot", good + bad + good)
    assert [type(e) for e in events] == [TileRead]


def test_unplug_and_replug_of_a_reader(full_board):
    mock = full_board
    events = mock.unplug("ballot")
    assert events[0] == ReaderState("ballot", False, at=events[0].at)
    assert (events[1].reason, events[1].source) == ("reader_unplugged", "ballot reader")
    port = mock.config.readers["ballot"].port
    assert events[1].detail.startswith(f"{port}: ") and events[1].detail != f"{port}: no device"
    assert mock.board.snapshot().readers == {"ballot": False, "law": True}
    assert mock.present_tile("ballot", "ja", seat=3) == []               # nobody hears a tile on a dead reader
    events = mock.replug("ballot")
    assert events == [ReaderState("ballot", True, at=events[0].at)]
    assert [type(e) for e in mock.present_tile("ballot", "ja", seat=3)] == [TileRead]
    # again: the reader keeps finding its device
    mock.unplug("ballot")
    mock.replug("ballot")
    assert [type(e) for e in mock.present_tile("ballot", "nein", seat=3)] == [TileRead]


def test_reader_missing_at_start_is_a_fault_not_an_error(shipped_config, tmp_path):
    config = shipped_config.with_reader_ports({"ballot": str(tmp_path / "no-such-reader"),
                                               "law": str(tmp_path / "no-law-reader")})
    from firmware_host.hardware.board import Board
    from gpiozero.pins.mock import MockFactory
    import threading

    seen = []
    done = threading.Event()

    def on_event(event):
        seen.append(event)
        if sum(isinstance(e, Fault) for e in seen) == 2:
            done.set()

    board = Board(config, MockFactory(), VirtualClock(), on_event, None)
    board.start()
    try:
        assert done.wait(2.0)
        faults = sorted((e.source, e.reason, e.detail) for e in seen if isinstance(e, Fault))
        assert [f[:2] for f in faults] == [("ballot reader", "reader_missing"), ("law reader", "reader_missing")]
        for (_, _, detail), port in zip(faults, ("no-such-reader", "no-law-reader")):
            assert detail.startswith(str(tmp_path / port) + ": ") and "No such file or directory" in detail
    finally:
        board.close()


def test_board_without_registry_reports_raw_tags(shipped_config):
    with MockBoard(shipped_config, VirtualClock(), tags=None) as mock:
        events = mock.present_tag("law", "0f00a1b2c3")
        assert events == [TagRead("law", "0F00A1B2C3", at=events[0].at)]


def test_mock_board_on_a_real_clock_waits_for_the_events(shipped_config):
    from firmware_host.clock import RealClock

    clock = RealClock()
    try:
        with MockBoard(shipped_config, clock) as mock:
            # the events come when the real debounce and reader threads get there: on a loaded
            # machine that can take more than the mock's 2 s default, which is no fault here
            mock.timeout = 30.0
            assert [(e.seat, e.gesture) for e in mock.press(2)] == [(2, "press")]
            assert [type(e) for e in mock.present_tile("ballot", "ja", seat=1)] == [TileRead]
    finally:
        clock.close()


def test_bad_frame_bookkeeping_is_written_under_the_board_lock(shipped_config):
    """Both readers' threads report bad frames: the per-reader burst record is shared state."""
    from firmware_host.clock import VirtualClock
    from firmware_host.hardware.board import Board
    from firmware_host.hardware.rfid import FrameError

    board = Board(shipped_config.replace(readers={}), None, VirtualClock(), lambda e: None, None, gpio=False)
    unlocked = []

    class Checked(dict):
        def __setitem__(self, key, value):
            if not board.lock._is_owned():
                unlocked.append(key)
            super().__setitem__(key, value)

    board._last_bad_frame = Checked()
    board._frame_error("ballot", FrameError("checksum", "0F00A1B2C3FF"))
    board._frame_error("law", FrameError("not hex", "ZZ"))
    assert dict(board._last_bad_frame) == {"ballot": 0.0, "law": 0.0} and unlocked == []
    board.close()


# -- a stale partial frame is dropped quietly (issue: a half frame blamed on the next tile) --

def test_a_partial_frame_older_than_one_frame_time_is_dropped_quietly():
    parser = RDM6300Protocol()
    frame = em4100_frame("0F00A1B2C3")
    assert parser.feed(frame[:7], at=10.0) == []
    assert parser.feed(frame, at=12.0) == ["0F00A1B2C3"]       # 2 s later: no "frame cut short"
    assert parser.dropped == 1


def test_a_partial_frame_within_one_frame_time_is_finished():
    parser = RDM6300Protocol()
    frame = em4100_frame("0F00A1B2C3")
    assert parser.feed(frame[:7], at=10.0) == []
    assert parser.feed(frame[7:], at=10.0 + parser.max_age) == ["0F00A1B2C3"]
    assert parser.dropped == 0


def test_the_age_of_a_partial_frame_counts_from_its_first_byte_not_its_last():
    """Bytes trickling in do not keep a frame alive past one frame time from its start."""
    parser = RDM6300Protocol()
    frame = em4100_frame("0F00A1B2C3")
    assert parser.feed(frame[:4], at=0.0) == []
    assert parser.feed(frame[4:8], at=parser.max_age * 0.9) == []
    assert parser.feed(frame, at=parser.max_age * 1.1) == ["0F00A1B2C3"]
    assert parser.dropped == 1


def test_max_age_is_one_frame_time_at_the_baud_rate_plus_the_usb_latency():
    assert RDM6300Protocol().max_age == pytest.approx(14 * 10 / 9600 + RDM6300Protocol.LATENCY_S)
    assert RDM6300Protocol(baud=19200).max_age == pytest.approx(14 * 10 / 19200 + RDM6300Protocol.LATENCY_S)


def test_a_lone_start_byte_left_by_a_noise_burst_does_not_break_the_next_frame():
    parser = RDM6300Protocol()
    results = parser.feed(b"\x02" * 10_000, at=0.0)
    assert all(isinstance(r, FrameError) for r in results)
    assert parser.feed(em4100_frame("0F00A1B2C3"), at=1.0) == ["0F00A1B2C3"]


def test_reset_of_an_empty_parser_drops_nothing():
    parser = RDM6300Protocol()
    parser.reset()
    assert parser.feed(em4100_frame("0F00A1B2C3")) == ["0F00A1B2C3"]
    parser.reset()
    assert parser.dropped == 0


def _wait_for_silence(mock, reader="ballot"):
    """Wait until the reader's thread has found its line quiet (a read that got nothing)."""
    r = mock.board.readers[reader]
    seen = r.quiet_reads
    assert r.wait_progress(lambda rd: rd.quiet_reads > seen + 1, 10.0), "the reader never saw a quiet line"


def test_half_a_frame_a_silence_then_a_clean_ballot_is_read_with_no_fault(full_board):
    """7 bytes of a frame, the reader silent for 2 s, a clean ballot: the ballot is read and the
    table never hears "present it again" for it."""
    mock = full_board
    frame = em4100_frame(mock.tags.tag_of(Tile("ballot", "ja", 3)))
    assert mock.write_serial("ballot", frame[:7]) == []
    _wait_for_silence(mock)
    mock.clock.advance(2.0)
    assert mock.write_serial("ballot", frame) == [TileRead("ballot", "ballot", "ja", 3, mock.tags.tag_of(Tile("ballot", "ja", 3)), at=mock.clock.now())]


def test_a_long_noise_burst_is_one_fault_and_the_tile_after_a_second_is_read(full_board):
    """10,000 bytes of 0x02 (ending in 0x02), 1 s, a valid frame: one bad_frame for the burst,
    then the ballot read, and no fault for it."""
    mock = full_board
    faults = [e for e in mock.write_serial("ballot", b"\x02" * 10_000) if isinstance(e, Fault)]
    assert [(f.source, f.reason) for f in faults] == [("ballot reader", "bad_frame")]
    _wait_for_silence(mock)
    mock.clock.advance(1.0)
    frame = em4100_frame(mock.tags.tag_of(Tile("ballot", "nein", 5)))
    assert mock.write_serial("ballot", frame) == [TileRead("ballot", "ballot", "nein", 5, mock.tags.tag_of(Tile("ballot", "nein", 5)), at=mock.clock.now())]


def test_noise_in_the_same_read_before_a_tile_is_not_blamed_on_it(full_board):
    """The read's tile is reported first, so the noise before it is seen beside a tile."""
    mock = full_board
    frame = em4100_frame(mock.tags.tag_of(Tile("ballot", "ja", 1)))
    bad = bytes.fromhex("0230463030413142324333303003")
    events = mock.write_serial("ballot", bad + frame)
    assert [type(e) for e in events] == [TileRead]
