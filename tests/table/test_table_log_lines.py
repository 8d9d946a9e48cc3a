"""The table's lines in the game master's log (the service log, ``firmware_host``), each
naming what happened with its seat, count or reason: a game started (its game and players),
a move accepted (its kind), a wait ended (its reason), a list that stopped after its passes,
a seat's part of the story still on its way, the last game's announcements cut for a new
game, a game's hook failing under the reminders. With the real service and SQLite journal
where a game runs (:func:`tests.table.test_table_parts.real_service`), autospec stand-ins
elsewhere."""

from __future__ import annotations

import logging

import pytest

from firmware_host.audio.service import Utterance
from firmware_host.clock import VirtualClock
from firmware_host.service.core import BoardService
from firmware_host.service.voice import SilentVoice
from firmware_host.table.evening import Evening
from firmware_host.table.ready import ReadyWait
from firmware_host.table.reminders import Reminders

from .test_pace import BOARD, make_scan
from .test_table_parts import BD, real_service


def messages(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records]


@pytest.fixture()
def board(tmp_path, mocker):
    service, lines, voice = real_service(tmp_path, mocker)
    yield service, lines, voice
    service.stop()


def test_a_game_started_and_a_move_accepted_are_logged_by_game_players_and_kind(board, caplog):
    from firmware_host.games.become_dictator import Game, Setup
    service, _, _ = board
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        service.call(lambda: service.game.setup_game({**BD, "morning_seconds": 0}))
        bd = service.game.active
        shadow = Game(Setup.from_json({k: v for k, v in BD.items() if k != "game"}))
        shadow.start()
        action = shadow.legal_actions(shadow.awaiting()[0])[0]
        service.call(lambda: (bd.wait.end(), bd.accept(action)))
    said = messages(caplog)
    assert f"game {bd.game_id} started: become_dictator, 4 players" in said
    assert f"action: {action.kind}" in said


def test_the_last_games_announcements_cut_for_a_new_game_are_logged_with_why_and_how_many(board, caplog):
    service, lines, voice = board
    voice.drop_before.return_value = 3
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        cut = service.call(lambda: service.game.table.cut_last_game(0, "game 2 begins"))
    assert cut == 3 and "game 2 begins: 3 announcements of the last game cut" in messages(caplog)
    assert [o["key"] for o in lines if o.get("event") == "announce"][-1] == "service.new_game"


def test_a_wait_that_ends_is_logged_with_its_reason(mocker, caplog):
    ended: list[str] = []
    wait = ReadyWait(mocker.create_autospec(BoardService, instance=True), lambda key, params: None,
                     lambda: False, ended.append)
    wait.begin([0, 2], keys={"ready": ("morning.ready", ("seat",))})
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        assert wait.end("gm")
    assert ended == ["gm"] and messages(caplog) == ["the table's wait ends: gm"]


def test_a_list_that_stops_after_its_passes_is_logged_with_its_seat_and_passes(caplog):
    clock, scan, _, _, _ = make_scan(BOARD)
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        scan.start()
        clock.advance(120)
    assert scan.stopped
    assert f"scan for seat 0 stopped after {BOARD.passes} passes" in messages(caplog)


def test_a_press_while_the_seats_part_of_the_story_is_still_to_come_is_logged(mocker, caplog):
    part = mocker.create_autospec(Utterance, instance=True)
    part.done.return_value = False                       # not started yet
    told: list[int] = []

    def tell(seat, lines, after):
        told.append(seat)
        return part

    evening = Evening(tell)
    evening.over(lambda: [[("story.a", {})], [("story.b", {})]])
    evening.press(1)
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        evening.press(1)
    assert told == [1] and messages(caplog) == ["seat 1: its part of the story is on its way"]


def test_a_games_hook_that_fails_under_the_reminders_is_logged_and_nobody_is_reminded(mocker, caplog):
    service = mocker.create_autospec(BoardService, instance=True)
    service.clock = VirtualClock()
    service.voice = mocker.create_autospec(SilentVoice, instance=True)
    service.voice.timed.return_value = True
    reminded: list[tuple] = []

    def awaited():
        raise ValueError("no step to wait for")

    reminders = Reminders(service, awaited, reminded.append)
    with caplog.at_level(logging.WARNING, logger="firmware_host"):
        reminders.start()
    assert "reminder: whom the game waits for: no step to wait for" in messages(caplog)
    assert reminded == []


def test_A28_a_paused_game_awaits_nobody_so_no_reminder_runs_while_paused(board):
    """The reminders ask whom the game waits for (ACCESSIBILITY.md 28): nobody while the game
    master has paused it, the voters again once resumed."""
    service, _, _ = board
    service.call(lambda: service.game.setup_game({**BD, "morning_seconds": 0}))
    bd = service.game.active
    service.call(lambda: bd.wait.end())                               # the morning is over: the vote
    waiting = service.call(bd.reminders.awaited)
    assert waiting
    service.call(lambda: service.game.command("pause"))
    assert service.call(bd.reminders.awaited) == ()
    service.call(lambda: service.game.command("resume"))
    assert service.call(bd.reminders.awaited) == waiting


def test_a_move_at_night_is_not_logged_at_info_where_its_time_would_name_the_actor(board, caplog):
    """RULES.md R16, issue 33: at night every seat presses through a list and only the actors'
    picks are moves; an INFO "action: kill" written when the Killer's pick takes effect would
    name the Killer by its time next to the seats' press lines. It is a DEBUG line; the game
    master's own act stays at INFO, named as the game master's."""
    service, _, _ = board
    dm_setup = {"game": "dying_message", "players": 5, "language": "en", "seed": 3}
    service.call(lambda: service.game.setup_game(dm_setup))
    dm = service.game.active
    killer = service.call(lambda: next(s for s in range(5) if dm.game.characters[s] == "killer"))
    assert service.call(dm.awaited_secret)
    with caplog.at_level(logging.DEBUG, logger="firmware_host"):
        kill = dm.action_from_json({"action": "kill", "seat": killer, "targets": [(killer + 1) % 5]})
        assert service.call(lambda: dm.accept(kill))
    lines = [(r.levelno, r.getMessage()) for r in caplog.records if r.getMessage().startswith("action: ")]
    assert lines == [(logging.DEBUG, "action: kill")]
    caplog.clear()
    service.call(lambda: service.game.setup_game(dm_setup))
    dm = service.game.active
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        service.call(lambda: service.game.command("act", action={"action": "kill", "seat": killer,
                                                                 "targets": [(killer + 1) % 5]}))
    assert "action: kill (game master)" in messages(caplog)
