"""Property tests: any split of the byte stream, any bounce pattern, the same clean result."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_host.clock import VirtualClock
from firmware_host.hardware.events import ButtonGesture
from firmware_host.hardware.mock import MockBoard
from firmware_host.hardware.rfid import RDM6300Protocol, em4100_frame

tag_ids = st.binary(min_size=5, max_size=5).map(lambda b: b.hex().upper())
garbage = st.binary(max_size=6).map(lambda b: bytes(x for x in b if x != 0x02))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(garbage, tag_ids), min_size=1, max_size=5), st.lists(st.integers(1, 20), max_size=30))
def test_frames_among_garbage_are_found_whatever_the_read_sizes(pieces, cuts):
    stream = b"".join(junk + em4100_frame(tag) for junk, tag in pieces)
    parser = RDM6300Protocol()
    found, pos = [], 0
    for size in cuts:
        found += [r for r in parser.feed(stream[pos:pos + size]) if isinstance(r, str)]
        pos += size
    found += [r for r in parser.feed(stream[pos:]) if isinstance(r, str)]
    assert found == [tag for _, tag in pieces]


def bounce(mock, bcm, target, gaps):
    """Switch to ``target`` with bounce: an edge after each gap (seconds), ending at ``target``."""
    level = target
    mock._set(bcm, level)
    for gap in gaps:
        mock.clock.advance(gap)
        level = not level
        mock._set(bcm, level)
    if level != target:
        mock._set(bcm, target)


# edges closer together than the bounce time (20 ms), bursts far shorter than chatter_s (1 s)
bursts = st.lists(st.floats(0.0002, 0.019), max_size=10)


@settings(max_examples=40, deadline=None)
@given(bursts, bursts, st.floats(0.05, 0.98))
def test_any_bounce_within_the_bounce_time_gives_one_press(shipped_config, close_gaps, open_gaps, held):
    mock = MockBoard(shipped_config.replace(readers={}), VirtualClock())
    try:
        bcm = mock.config.seat_buttons[5]
        bounce(mock, bcm, True, close_gaps)
        mock.clock.advance(held)
        bounce(mock, bcm, False, open_gaps)
        mock.clock.advance(0.05)
        assert mock.events == [ButtonGesture(5, "press", at=mock.events[0].at)]
    finally:
        mock.close()
