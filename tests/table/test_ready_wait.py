"""The table's "ready or timed" wait (``firmware_host.table.ready``): the table waits until
every seat it waits for said "ready", or a timer it set runs out (DICTATOR.md D32's morning,
DYING_MESSAGE.md M47's discussion), with the real service, journal and virtual clock, as the
morning of *In this way I become a DICTATOR* uses it."""

from __future__ import annotations

import pytest

from firmware_host.hardware.events import ButtonGesture, GameMasterKey
from firmware_host.table.ready import WARNING_S

from .test_table_parts import BD, real_service, said


@pytest.fixture()
def board(tmp_path, mocker):
    service, lines, voice = real_service(tmp_path, mocker)
    yield service, lines, voice
    service.stop()


def start(service, **setup) -> object:
    service.call(lambda: service.game.setup_game({**BD, **setup}))
    return service.game.active


def press(service, seat: int) -> None:
    service.call(lambda: service.game.handle_input(ButtonGesture(seat=seat, gesture="press")))


def public(lines: list[dict], since: int = 0) -> list[str]:
    return [o["key"] for o in said(lines[since:], "public")]


def test_D32_A11_an_untimed_wait_ends_once_every_seat_said_ready_each_ready_counted_aloud(board):
    service, lines, _ = board
    bd = start(service, morning_seconds=0)
    assert bd.wait.running and bd.wait.ends_at is None
    before = len(lines)
    for seat in (2, 0, 3):
        press(service, seat)
    readies = [o["params"] for o in said(lines[before:], "public") if o["key"] == "morning.ready"]
    assert readies == [{"seat": 2, "count": 1, "total": 4}, {"seat": 0, "count": 2, "total": 4},
                       {"seat": 3, "count": 3, "total": 4}]
    assert bd.wait.running and bd.snapshot()["view"]["morning"]["ready"] == [0, 2, 3]
    press(service, 2)                                   # a ready seat's press decides nothing more
    assert bd.wait.running
    service.clock.advance(7200.0)                       # no timer: nobody is decided for (A11)
    service.wait_idle()
    assert bd.wait.running
    press(service, 1)
    assert not bd.wait.running
    keys = public(lines, before)
    assert keys.index("morning.over") > max(i for i, k in enumerate(keys) if k == "morning.ready")
    assert keys[-1].startswith("phase.")                # then whose move it is


def test_A28_once_a_seat_is_ready_the_reminders_name_the_seats_not_yet_ready(board):
    service, lines, _ = board
    bd = start(service, morning_seconds=0)
    assert service.call(bd._awaited_now) == ()          # the table talks: nobody is awaited yet
    press(service, 1)
    press(service, 3)
    assert service.call(bd._awaited_now) == (0, 2)
    assert [o["params"] for o in said(lines) if o["key"] == "table.waiting"] == []
    service.call(lambda: bd._remind((0, 2)))
    assert [o["params"] for o in said(lines) if o["key"] == "table.waiting"] == [{"seats": [0, 2]}]


def test_A11_a_timed_wait_warns_a_minute_before_its_end_and_a_press_then_gives_another_minute(board):
    service, lines, _ = board
    bd = start(service, morning_seconds=180)
    began = service.clock.now()
    assert bd.wait.ends_at == pytest.approx(began + 180)
    service.clock.advance(180 - WARNING_S - 1)
    service.wait_idle()
    assert "morning.warning" not in public(lines)
    service.clock.advance(2)
    service.wait_idle()
    assert public(lines).count("morning.warning") == 1
    press(service, 2)                                   # in the last minute: another minute
    assert "morning.extended" in public(lines) and 2 not in bd.wait.ready
    assert bd.wait.ends_at == pytest.approx(service.clock.now() + WARNING_S)
    service.clock.advance(WARNING_S - 1)
    service.wait_idle()
    assert bd.wait.running
    service.clock.advance(2)
    service.wait_idle()
    assert not bd.wait.running and public(lines).count("morning.over") == 1


def test_a_timer_that_runs_out_while_paused_ends_the_wait_at_the_resume_and_says_what_follows_once(board):
    service, lines, _ = board
    bd = start(service, morning_seconds=180)
    service.call(lambda: bd.command("pause"))
    service.clock.advance(400)
    service.wait_idle()
    assert bd.wait.running                               # paused: nothing ends, nothing is said
    assert "morning.warning" not in public(lines) and "morning.over" not in public(lines)
    before = len(lines)
    service.call(lambda: bd.command("resume"))
    keys = public(lines, before)
    assert not bd.wait.running
    assert keys[0] == "gm.resumed" and keys.count("morning.over") == 1
    assert len([k for k in keys if k.startswith("phase.")]) == 1   # the step said once, not again


def test_the_game_master_key_ends_the_wait(board):
    service, lines, _ = board
    bd = start(service, morning_seconds=180)
    service.call(lambda: bd.handle_input(GameMasterKey(gesture="press")))
    assert not bd.wait.running and not bd.paused and public(lines).count("morning.over") == 1


def test_a_new_game_forgets_the_last_games_wait_and_its_timer(board):
    service, lines, _ = board
    start(service, morning_seconds=180)
    bd = start(service, morning_seconds=0)
    assert bd.wait.running and bd.wait.ready == set() and bd.wait.ends_at is None
    service.clock.advance(600)
    service.wait_idle()
    assert "morning.over" not in public(lines) and "morning.warning" not in public(lines)
    assert bd.wait.running
