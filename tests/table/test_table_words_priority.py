"""A game's announcement handed to the table at the default priority (``normal``) takes the
table's priority for its kind (the table's ``words``; ACCESSIBILITY.md 18: a refusal is said
as a refusal, a fault as a fault), while a priority the game gives on purpose stays."""

from __future__ import annotations

from firmware_host.games.become_dictator import catalogue
from firmware_host.kernel.values import Line
from firmware_host.table.words import Words


def words() -> Words:
    return Words(catalogue.text, catalogue.keys(), catalogue.is_private)


def test_A18_a_games_refusal_at_the_default_priority_is_said_as_a_refusal():
    table_words = words()
    item = Line("seat:1", "refusal.not_in_hand", {"seat": 1}, words=table_words)
    assert item.priority == "normal"
    line = table_words.of(item)
    assert (line.priority, line.earcon) == ("refusal", "refusal")


def test_a_priority_the_game_gives_stays():
    table_words = words()
    item = Line("seat:1", "refusal.not_in_hand", {"seat": 1}, priority="request", words=table_words)
    assert table_words.of(item).priority == "request"
    assert table_words.of(item, priority="fault").priority == "fault"
