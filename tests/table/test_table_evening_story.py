"""The evening after game over (the table's ``evening``, ACCESSIBILITY.md 30) when the game's
story cannot be told (its journal unreadable, a story that raises): the evening goes on, a
press goes straight to the end of the story ("press again for a new game") and the game
master's log says why there was no story."""

from __future__ import annotations

import logging

from firmware_host.errors import FirmwareHostError
from firmware_host.table.evening import Evening


def test_A30_a_story_that_cannot_be_told_is_logged_and_a_press_goes_straight_to_its_end(caplog):
    told: list[tuple[int, list]] = []
    evening = Evening(tell=lambda seat, lines, after: told.append((seat, lines)))

    def parts() -> list:
        raise FirmwareHostError("journal unreadable")

    evening.over(parts)
    with caplog.at_level(logging.ERROR, logger="firmware_host"):
        evening.press(1)
    assert told == [(1, [("evening.story_end", {})])]
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == ["story: journal unreadable"]
    assert evening.heard_all(1) and not evening.heard_all(0)
