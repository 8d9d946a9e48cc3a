"""EM4100 frames (RDM6300-style readers) and readers on real pseudo-terminals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from firmware_host.clock import VirtualClock
from firmware_host.hardware.events import BallotRead, Fault, LawRead, ReaderState, RoleTileRead, TagRead
from firmware_host.hardware.mock import FRAME_INTERVAL_S, MockBoard
from firmware_host.hardware.rfid import FrameError, RDM6300Protocol, em4100_frame

# the shared spec's EM4100 test vectors, copied into tests/data/spec/
VECTORS = Path(__file__).resolve().parents[1] / "data" / "spec" / "vectors" / "em4100.json"


def load_vectors():
    return json.loads(VECTORS.read_text())["vectors"]


def tags_and_errors(results):
    return ([r for r in results if isinstance(r, str)], [r for r in results if isinstance(r, FrameError)])


@pytest.mark.parametrize("vector", load_vectors(), ids=lambda v: v["note"])
def test_em4100_vectors(vector):
    tags, errors = tags_and_errors(RDM6300Protocol().feed(bytes.fromhex(vector["bytes"])))
    expect = vector["expect"]
    if "tag" in expect:
        assert tags == [expect["tag"]]
    elif "tags" in expect:
        assert tags == expect["tags"]
    elif "error" in expect:
        assert tags == [] and [e.reason for e in errors] == [expect["error"]]
    elif expect.get("incomplete"):
        assert tags == [] and errors == []
    else:  # pragma: no cover - a new kind of vector must be handled here
        pytest.fail(f"unknown expectation {expect}")


@pytest.mark.parametrize("vector", load_vectors(), ids=lambda v: v["note"])
def test_em4100_vectors_byte_by_byte_give_the_same_result(vector):
    data = bytes.fromhex(vector["bytes"])
    whole = RDM6300Protocol().feed(data)
    parser = RDM6300Protocol()
    split = [r for i in range(len(data)) for r in parser.feed(data[i:i + 1])]
    assert tags_and_errors(split)[0] == tags_and_errors(whole)[0]


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


# -- readers on pseudo-terminals -------------------------------------------------------------

def test_present_ballot_gives_one_typed_read(full_board):
    assert full_board.present_ballot(4, "nein") == [BallotRead(4, "nein", at=pytest.approx(full_board.clock.now(), abs=1.0))]


def test_same_tag_repeated_for_two_seconds_is_one_read(full_board):
    mock = full_board
    frame = em4100_frame(mock.tags.ballot_tag(2, "ja"))
    mark = len(mock.events)
    for i in range(14):                                 # 14 frames, 150 ms apart: 2.1 s on the reader
        mock.write_serial("ballot", frame)
        mock.clock.advance(FRAME_INTERVAL_S)
    assert [type(e) for e in mock.events[mark:]] == [BallotRead]
    # the tile is taken away, then dropped in again: a new read
    mock.clock.advance(1.0)
    mock.write_serial("ballot", frame)
    assert [type(e) for e in mock.events[mark:]] == [BallotRead, BallotRead]


def test_two_presentations_of_the_same_tile_are_two_reads(full_board):
    assert len(full_board.present_ballot(1, "ja")) == 1
    assert len(full_board.present_ballot(1, "ja")) == 1


def test_unknown_tag_is_a_fault_naming_it(full_board):
    [fault] = full_board.present_tag("ballot", "0F00A1B2C3")
    assert isinstance(fault, Fault)
    assert (fault.source, fault.reason) == ("ballot reader", "unknown_tag")
    assert "0F00A1B2C3" in fault.detail


def test_law_and_role_tiles(full_board):
    [law] = full_board.present_law("fascist", 7)
    assert law == LawRead("fascist", 7, at=law.at, reader="law")
    [role] = full_board.present_role("dictator")
    assert isinstance(role, RoleTileRead) and role.role == "dictator"
    # present_law without a tile number takes the party's tiles in turn
    tiles = [full_board.present_law("democratic")[0].tile for _ in range(3)]
    assert tiles == [1, 2, 3]


def test_bad_frame_alone_is_one_fault_and_noise_beside_a_tile_is_not(full_board):
    mock = full_board
    bad = bytes.fromhex("0230463030413142324333303003")
    [fault] = mock.write_serial("ballot", bad)
    assert (fault.reason, fault.source) == ("bad_frame", "ballot reader") and "checksum" in fault.detail
    assert mock.write_serial("ballot", bad) == []          # the same burst: no second fault
    mock.clock.advance(1.0)
    good = em4100_frame(mock.tags.ballot_tag(0, "ja"))
    events = mock.write_serial("ballot", good + bad + good)
    assert [type(e) for e in events] == [BallotRead]


def test_unplug_and_replug_of_a_reader(full_board):
    mock = full_board
    events = mock.unplug("ballot")
    assert events[0] == ReaderState("ballot", False, at=events[0].at)
    assert (events[1].reason, events[1].source) == ("reader_unplugged", "ballot reader")
    assert mock.board.snapshot().readers == {"ballot": False, "law": True}
    assert mock.present_ballot(3, "ja") == []               # nobody hears a tile on a dead reader
    events = mock.replug("ballot")
    assert events == [ReaderState("ballot", True, at=events[0].at)]
    assert [type(e) for e in mock.present_ballot(3, "ja")] == [BallotRead]
    # again: the reader keeps finding its device
    mock.unplug("ballot")
    mock.replug("ballot")
    assert [type(e) for e in mock.present_ballot(3, "nein")] == [BallotRead]


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
        faults = sorted((e.source, e.reason) for e in seen if isinstance(e, Fault))
        assert faults == [("ballot reader", "reader_missing"), ("law reader", "reader_missing")]
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
            assert [(e.seat, e.gesture) for e in mock.press(2)] == [(2, "press")]
            assert [type(e) for e in mock.present_ballot(1, "ja")] == [BallotRead]
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
