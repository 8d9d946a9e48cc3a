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


def test_A18_a_game_that_makes_its_own_lines_keeps_its_earcons_and_priorities():
    """``Words(make=...)``: the game's own line maker decides a key's earcon and priority
    (Secret Dictator's ``tile.*`` answers carry no refusal earcon, its tracker corrections are
    said as refusals); a priority or earcon given on purpose still wins."""
    from firmware_host.games.secret_dictator import announce, catalogue as sd
    table_words = Words(sd.text, sd.keys(), sd.is_private, make=announce.make)
    made = table_words.line("seat:1", "tile.read.ballot", {"ballot": "ja"})
    assert (made.priority, made.earcon) == (announce.make("tile.read.ballot", {"ballot": "ja"}, "seat:1").priority,
                                           None)
    assert Words(sd.text, sd.keys(), sd.is_private).line("seat:1", "tile.read.ballot", {"ballot": "ja"}).earcon \
        == "refusal"                                     # the table's mark, without the game's maker
    assert table_words.line("public", "tracker.pin_missing", {"expected": 2}).priority == "refusal"
    assert table_words.line("seat:1", "tile.read.ballot", {"ballot": "ja"}, priority="request",
                            earcon="private").priority == "request"
    assert table_words.of(announce.make("game_over.roles", {"democrats": [0], "fascists": [1], "dictator": 2})).earcon \
        is None
