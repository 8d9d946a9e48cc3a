"""The game master's log names every input the table takes, without a secret (the kit's
``BoardAdapter.handle_input`` and ``describe_input``; RULES.md R16: who laid which tile may be
a secret): a seat's button and its gesture, a tile by its kind and reader only (never its
value, tag or seat), a slot filled or emptied, the peg in a hole or out of it, the game-master
key; a fault and a reader's state have lines of their own, so they get no ``input:`` line.
Played on In this way I become a DICTATOR's adapter on the real service with its silent voice,
no game set up (every input reaches the log first)."""

from __future__ import annotations

import logging

import pytest

from firmware_host.hardware.events import (ButtonGesture, Fault, GameMasterKey, PegMoved, ReaderState,
                                           SlotChanged, TagRead, TileRead)

from .table import quiet_service


@pytest.fixture()
def adapter(tmp_path):
    service = quiet_service(tmp_path)
    service.start()
    try:
        service.call(lambda: service.game.setup_game({"game": "become_dictator", "players": 4, "language": "en",
                                                       "morning_seconds": 0}))
        yield service, service.game.active
    finally:
        service.stop()


CASES = [
    (ButtonGesture(seat=2, gesture="double"), "seat 2 button double"),
    (TileRead(reader="ballot", kind="role", value="dictator", seat=3, tag="04A1B2C3D4", number=2),
     "role tile at the ballot reader"),
    (SlotChanged(track="fascist", slot=3, filled=True), "fascist slot 3 filled"),
    (SlotChanged(track="liberal", slot=1, filled=False), "liberal slot 1 emptied"),
    (PegMoved(position=2), "peg in hole 2"),
    (PegMoved(position=None), "peg out of its hole"),
    (GameMasterKey(gesture="hold"), "game-master key hold"),
    (TagRead(reader="law", tag="04A1B2C3D4"), "TagRead"),
]


@pytest.mark.parametrize(("event", "line"), CASES, ids=[line for _, line in CASES])
def test_each_input_is_logged_by_what_it_is_naming_no_secret(adapter, caplog, event, line):
    service, table = adapter
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        service.call(lambda: table.handle_input(event))
    inputs = [r.getMessage() for r in caplog.records if r.getMessage().startswith("input: ")]
    assert inputs == [f"input: {line}"]
    if isinstance(event, TileRead):
        assert not {"dictator", "04A1B2C3D4", "3"} & set(inputs[0].split())


@pytest.mark.parametrize("event", [Fault(source="seat 2 button", reason="stuck", detail="pin 17"),
                                   ReaderState(reader="ballot", connected=False)], ids=["fault", "reader"])
def test_a_fault_and_a_readers_state_get_no_input_line_of_their_own(adapter, caplog, event):
    service, table = adapter
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        service.call(lambda: table.handle_input(event))
    assert not [r for r in caplog.records if r.getMessage().startswith("input: ")]
