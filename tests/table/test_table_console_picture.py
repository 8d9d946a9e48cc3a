"""The console's picture of the table (the kit's ``BoardAdapter.snapshot``, R16: no secret
before the end) and what a fault puts on its list (BOARD.md "Faults": the part by name, the
source the hardware gave); and a table that boots without resuming waits for a setup. On the
real service and journal with In this way I become a DICTATOR set up
(:func:`tests.table.test_table_units.bd_table`)."""

from __future__ import annotations

import pytest

from firmware_host.hardware.events import Fault
from firmware_host.service.refusals import CommandRefused

from .test_table_units import bd_table  # noqa: F401 - the fixture


def test_R16_the_consoles_picture_names_the_setup_without_its_secret_keys(bd_table):  # noqa: F811
    service, adapter, _ = bd_table
    picture = service.call(adapter.snapshot)
    assert picture["setup"] == service.call(adapter.public_setup)
    assert picture["setup"]["players"] == 4 and picture["game_id"] == adapter.game_id
    assert not set(adapter.SECRET_SETUP_KEYS) & set(picture["setup"])
    assert picture["paused"] is False
    service.call(lambda: service.game.command("pause"))
    assert service.call(adapter.snapshot)["paused"] is True


def test_a_fault_is_listed_on_the_console_by_its_part_with_the_hardwares_source(bd_table):  # noqa: F811
    service, adapter, _ = bd_table
    part = {"kind": "seat_button", "seat": 2}
    service.call(lambda: adapter.handle_input(Fault("seat 3 button", "stuck", part=part)))
    listed = service.call(adapter.snapshot)["faults"]
    assert listed[-1] == {"kind": "fault", "reason": "stuck", "part": part, "detail": "seat 3 button"}
    # an old fault label with no part: the part read from the label
    service.call(lambda: adapter.handle_input(Fault("fascist slot 2", "chatter")))
    assert service.call(adapter.snapshot)["faults"][-1] == {
        "kind": "fault", "reason": "chatter", "part": {"kind": "law_slot", "track": "fascist", "slot": 2},
        "detail": "fascist slot 2"}


def test_a_table_booted_without_resuming_waits_for_a_setup_and_says_no_repair(bd_table):  # noqa: F811
    service, adapter, lines = bd_table
    service.call(adapter.moves.end)
    before = len(lines)
    assert service.call(lambda: adapter.moves.boot(resume=False)) is False
    assert adapter.moves.game is None and adapter.moves.untold == []
    assert [l for l in lines[before:] if l.get("event") in ("fault", "announce")] == []
    assert service.call(adapter.waiting_for_setup) is True


def test_A7_a_prepared_setup_shows_the_names_of_its_own_seats_only(bd_table):  # noqa: F811
    service, adapter, _ = bd_table
    service.call(adapter.moves.end)
    service.call(lambda: adapter.seats.change(1, {"name": "Ben"}))
    service.call(lambda: adapter.seats.change(4, {"name": "Eve"}))      # seat 5: no seat of a 4-player game
    service.call(lambda: adapter.prepare({"game": "become_dictator", "players": 4, "language": "en",
                                          "names": {"0": "Anna"}}))
    shown = service.call(adapter.public_setup)
    assert shown["names"] == {"0": "Anna", "1": "Ben"} and shown["players"] == 4
    assert service.call(adapter.snapshot)["setup"] == shown


def test_the_consoles_key_command_is_the_game_masters_key_press_pauses_and_resumes(bd_table):  # noqa: F811
    service, adapter, lines = bd_table
    assert service.call(lambda: adapter.command("key", gesture="press")) == {"paused": True}
    assert service.call(lambda: adapter.command("key")) == {"paused": False}            # a press by default
    before = len(lines)
    assert service.call(lambda: adapter.command("key", gesture="hold")) == {"paused": False}
    said = [l["key"] for l in lines[before:] if l.get("event") == "announce"]
    assert said == [line.key for line in service.call(lambda: adapter.status_lines(None))] and said


@pytest.mark.parametrize("action", [None, "vote", ["vote"], {"action": "fly"}, {}])
def test_the_consoles_act_refuses_what_is_no_action_of_this_game_in_one_line(bd_table, action):  # noqa: F811
    service, adapter, _ = bd_table
    with pytest.raises(CommandRefused) as refused:
        service.call(lambda: adapter.command("act", action=action))
    assert refused.value.code == "refused" and "\n" not in str(refused.value)
    assert str(refused.value).startswith("act: not an action of this game: ")
    assert adapter.moves.count == 0


def test_a_new_game_started_while_one_runs_abandons_the_running_one(bd_table):  # noqa: F811
    service, adapter, _ = bd_table
    first = adapter.moves.game_id
    service.call(lambda: adapter.command("start", setup={"game": "become_dictator", "players": 5, "language": "en"}))
    assert adapter.moves.game_id != first and adapter.players() == 5
    assert service.journal.game(first).status == "abandoned"


def test_board_faults_a_reader_unplugged_is_said_once_listed_and_its_return_said(bd_table):  # noqa: F811
    from firmware_host.hardware.events import ReaderState

    service, adapter, lines = bd_table
    before = len(lines)
    service.call(lambda: adapter.handle_input(ReaderState("law", True)))
    assert service.call(adapter.snapshot)["readers"]["law"] is True
    assert [l for l in lines[before:] if l.get("event") in ("announce", "fault")] == []   # first seen: nothing to say
    service.call(lambda: adapter.handle_input(ReaderState("law", False)))
    service.call(lambda: adapter.handle_input(ReaderState("law", False)))         # no change: nothing again
    faults = [l for l in lines[before:] if l.get("event") == "fault"]
    assert [(f["source"], f["reason"]) for f in faults] == [("law reader", "reader_unplugged")]
    picture = service.call(adapter.snapshot)
    assert picture["readers"]["law"] is False
    assert picture["faults"][-1] == {"kind": "fault", "reason": "reader_unplugged", "detail": "law"}
    mark = len(lines)
    service.call(lambda: adapter.handle_input(ReaderState("law", True)))
    back = [l for l in lines[mark:] if l.get("event") == "announce"]
    # back while the table waits for every seat's choice: it names them (ACCESSIBILITY.md 28)
    assert [(l["channel"], l["key"], l["params"]) for l in back] == [
        ("public", "fault.reader_back_waiting", {"reader": "law", "seats": list(service.call(adapter.awaited))})]
    assert back[0]["params"]["seats"]
    assert service.call(adapter.snapshot)["readers"]["law"] is True
