"""A seat's own settings chosen by ear that cannot be stored (the table's seat menu,
ACCESSIBILITY.md 19): the seat hears "not stored" in its earphone, is back at the list of
settings, and the game master's log names the seat (0-based, as every log line of the table)
and why. The seat menu on autospec stand-ins of the
service, the host and the board's speech (``settings_menu`` of ``test_table_units``)."""

from __future__ import annotations

import logging

from firmware_host.service.refusals import CommandRefused

from .test_table_units import settings_menu


def test_A19_a_setting_that_cannot_be_stored_is_said_and_logged_with_its_seat_and_reason(mocker, caplog):
    menu, _, host, speech = settings_menu(mocker)
    menu.open(2)
    host.command.side_effect = CommandRefused("seat_settings_not_saved", "seat_settings not saved: disk full")
    menu.scans[2].on_choose("rate")
    with caplog.at_level(logging.ERROR, logger="firmware_host"):
        menu.scans[2].on_choose(200)
    host.command.assert_called_once_with("seat_settings", seat=2, rate=200)
    assert speech.say.call_args.args[:3] == ("seat:2", "settings.not_stored", {})
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == [
        "settings of seat 2 not stored: seat_settings not saved: disk full"]
    assert menu.scans[2].purpose == "settings"
