"""Where the table's reminders measure the quiet (the table's ``reminders.Reminders``,
ACCESSIBILITY.md 28, RULES.md R16): a clip that ends on the table speaker or in an awaited
seat's earphone starts the quiet spell anew, one in another seat's earphone (a seat browsing
its own menu) does not; while who is awaited is a secret, a clip on any output does, so when
the reminder comes tells nothing of whose earphone was busy; a secret hook that fails is
logged and taken for a secret. While nobody is awaited the table looks again after the first
quiet spell, however many reminders the wait before had; a board without a voice reminds
nobody. Reminders over an autospec of the board service with a real
virtual clock and an autospec of the voice (every output idle)."""

from __future__ import annotations

import logging

import pytest

from firmware_host.clock import VirtualClock
from firmware_host.service.core import BoardService
from firmware_host.service.voice import SilentVoice
from firmware_host.table.reminders import BROWSE_S, FIRST_S, Reminders


def reminders_for(mocker, secret, stuck=None):
    service = mocker.create_autospec(BoardService, instance=True)
    service.clock = VirtualClock()
    service.post.side_effect = lambda fn: fn()
    service.voice = mocker.create_autospec(SilentVoice, instance=True)
    service.voice.timed.return_value = True
    service.voice.idle.return_value = True
    ends: list = []
    service.subscribe_ends.side_effect = lambda fn: (ends.append(fn), lambda: None)[1]
    reminded: list[float] = []
    reminders = Reminders(service, lambda: (2,), lambda seats: reminded.append(service.clock.now()), secret,
                          **({"stuck": stuck} if stuck is not None else {}))
    reminders.start()
    return service, ends[-1], reminded                  # the seats' paces listen first


@pytest.mark.parametrize(("channel", "first"), [("seat:5", FIRST_S), ("public", 15.0 + FIRST_S),
                                                ("seat:2", 15.0 + FIRST_S)])
def test_A28_the_quiet_is_the_table_speakers_and_the_awaited_seats(mocker, channel, first):
    service, ended, reminded = reminders_for(mocker, lambda: False)
    service.clock.advance(15.0)
    ended({"channel": channel})
    service.clock.advance(40.0)
    assert reminded[0] == pytest.approx(first)
    service.voice.idle.assert_called_with(("public", "seat:2"))


def test_R16_while_who_is_awaited_is_a_secret_every_outputs_clip_counts(mocker):
    service, ended, reminded = reminders_for(mocker, lambda: True)
    service.clock.advance(15.0)
    ended({"channel": "seat:5"})
    service.clock.advance(40.0)
    assert reminded[0] == pytest.approx(15.0 + FIRST_S)
    service.voice.idle.assert_called_with()


def test_a_secret_hook_that_fails_is_logged_and_taken_for_a_secret(mocker, caplog):
    def secret():
        raise ValueError("no night")

    with caplog.at_level(logging.WARNING, logger="firmware_host"):
        service, ended, reminded = reminders_for(mocker, secret)
        service.clock.advance(15.0)
        ended({"channel": "seat:5"})
        service.clock.advance(40.0)
    assert reminded[0] == pytest.approx(15.0 + FIRST_S)
    assert "reminder: whether whom the game waits for is a secret: no night" in [r.getMessage() for r in caplog.records]



def test_issue31_a_wait_that_comes_without_a_sound_after_nobody_was_awaited_is_reminded_after_the_first_quiet(mocker):
    """Nobody waits in silence (issue 31): after three reminders for seat 2 the game waits for
    nobody (a discussion) past the fourth reminder's quiet, then for seat 4, with no move and
    no clip between. While nobody is awaited the table looks again after each first quiet
    spell, not after the quiet the fourth reminder would have needed, so seat 4 is reminded
    within one first spell (20 s), not minutes later."""
    service, _, _ = reminders_for(mocker, lambda: False)
    awaited: list[tuple[int, ...]] = [(2,)]
    reminded: list[tuple[float, tuple[int, ...]]] = []
    reminders = Reminders(service, lambda: awaited[0], lambda seats: reminded.append((service.clock.now(), seats)))
    reminders.start()
    start = service.clock.now()
    service.clock.advance(FIRST_S * (1 + 2 + 4) + 1.0)             # 20, 60, 140 s: three reminders of seat 2
    assert [seats for _, seats in reminded] == [(2,)] * 3
    awaited[0] = ()                                                # a discussion: nobody awaited
    service.clock.advance(FIRST_S * 8 + 1.0)                       # past the fourth reminder's quiet: nobody to call
    awaited[0] = (4,)
    changed = service.clock.now()
    service.clock.advance(2 * FIRST_S + 1.0)
    assert len(reminded) >= 4 and reminded[3][1] == (4,), (start, reminded)
    assert reminded[3][0] - changed <= FIRST_S, (changed, reminded)


def test_without_a_voice_nobody_hears_a_quiet_spell_and_nothing_is_reminded(mocker):
    """A board without speech (no voice): the reminders start without fault and never remind."""
    service = mocker.create_autospec(BoardService, instance=True)
    service.clock = VirtualClock()
    service.voice = None
    reminded: list = []
    reminders = Reminders(service, lambda: (2,), reminded.append)
    reminders.start()
    service.clock.advance(FIRST_S * 10)
    assert reminded == [] and service.clock.next_due() is None
    service.subscribe_ends.assert_not_called()


def _browse(service, ended, seconds: float) -> None:
    """The awaited seat 2 browses its own list: a clip ends in its earphone every 5 s."""
    for _ in range(int(seconds / 5.0)):
        service.clock.advance(5.0)
        ended({"channel": "seat:2"})


def test_issue31_an_awaited_seat_browsing_its_list_with_no_move_is_reminded_after_a_long_spell(mocker):
    """A seat stuck in its own list (probe 26: the table silent for hours while the awaited
    seat's list ran): its earphone keeps the reminder away only for BROWSE_S seconds of the
    wait; then the table hears whom it waits for after a quiet spell of the table speaker,
    and again less often."""
    service, ended, reminded = reminders_for(mocker, lambda: False)
    _browse(service, ended, BROWSE_S - 5.0)
    assert reminded == []
    _browse(service, ended, 400.0)
    assert reminded and BROWSE_S <= reminded[0] <= BROWSE_S + FIRST_S + 5.0, reminded
    assert len(reminded) >= 2 and reminded[1] - reminded[0] >= 2 * FIRST_S - 1e-6
    service.voice.idle.assert_called_with(("public",))


def test_issue31_an_awaited_seat_whose_list_stopped_after_its_passes_is_reminded_after_the_first_quiet(mocker):
    """Once the awaited seat's list has stopped after its passes (the table kit's
    ``stuck``), its earphone (the stopped list's notice said again) no longer counts: the
    first reminder comes after the table speaker's first quiet spell."""
    stuck = mocker.Mock(return_value=True)
    service, ended, reminded = reminders_for(mocker, lambda: False, stuck)
    _browse(service, ended, 60.0)
    assert reminded and reminded[0] == pytest.approx(FIRST_S)
    stuck.assert_called_with(2)


def test_a_stuck_hook_that_fails_is_logged_and_taken_for_browsing_on(mocker, caplog):
    def stuck(seat):
        raise ValueError("no list")

    with caplog.at_level(logging.WARNING, logger="firmware_host"):
        service, ended, reminded = reminders_for(mocker, lambda: False, stuck)
        _browse(service, ended, 60.0)
    assert reminded == []
    assert "reminder: whether a seat's list stopped: no list" in [r.getMessage() for r in caplog.records]



@pytest.mark.parametrize(("secret", "seat", "restarts"), [(False, 2, True), (False, 5, False), (True, 5, True)])
def test_issue31_an_awaited_seats_own_act_starts_the_reminders_again_from_the_first_quiet(mocker, secret, seat, restarts):
    """Two reminders said (the next after 80 s of quiet); then a seat presses (no move). The
    awaited seat's press starts the reminders again from the first quiet spell; another seat's
    press does not, except while who is awaited is a secret, when any seat's press does, so
    the reminder's moment tells nothing of who pressed (R16)."""
    mocker.patch.object(Reminders, "start", autospec=True, side_effect=Reminders.start)
    service, _, reminded = reminders_for(mocker, lambda: secret)
    reminders = Reminders.start.call_args.args[0]
    service.clock.advance(3 * FIRST_S + 1.0)        # reminders at 20 s and 60 s; the next at 140 s
    assert reminded == [pytest.approx(FIRST_S), pytest.approx(3 * FIRST_S)]
    reminders.acted(seat)
    service.clock.advance(4 * FIRST_S)
    assert reminded[2] == pytest.approx(4 * FIRST_S + 1.0 if restarts else 7 * FIRST_S)
