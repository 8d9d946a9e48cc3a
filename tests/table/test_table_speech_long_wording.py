"""Which wording a seat's earphone says (the table's ``speech.TableSpeech.long_wording``,
ACCESSIBILITY.md 5): with the seat's verbosity ``auto`` (its default) a sentence is said in its
long wording the first time the seat hears it and short after; ``long`` and ``short`` say it
so every time; asking without marking (``mark=False``) changes nothing; a new game starts
afresh (the first time a seat hears a sentence in it, long again). In this way I become a
DICTATOR's adapter on the real service, SQLite journal and silent voice."""

from __future__ import annotations

import pytest

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


def test_A5_auto_says_a_sentence_long_the_first_time_the_seat_hears_it_then_short(adapter):
    service, table = adapter
    speech = table.speech
    assert service.call(lambda: speech.long_wording("seat:2", "test.key", mark=False)) is True
    assert service.call(lambda: speech.long_wording("seat:2", "test.key")) is True         # first time
    assert service.call(lambda: speech.long_wording("seat:2", "test.key")) is False        # heard it
    assert service.call(lambda: speech.long_wording("seat:3", "test.key")) is True         # another seat


@pytest.mark.parametrize("verbosity", ["long", "short"])
def test_A5_long_and_short_say_every_sentence_so_every_time(adapter, verbosity):
    service, table = adapter
    service.call(lambda: table.change_seat_settings(1, {"verbosity": verbosity}))
    said = [service.call(lambda: table.speech.long_wording("seat:1", "test.other")) for _ in range(3)]
    assert said == [verbosity == "long"] * 3


def test_A5_a_new_game_says_a_sentence_long_again_the_first_time_a_seat_hears_it_in_it(adapter):
    service, table = adapter
    speech = table.speech
    assert service.call(lambda: speech.long_wording("seat:0", "test.again")) is True
    assert service.call(lambda: speech.long_wording("seat:0", "test.again")) is False
    service.call(speech.new_game)
    assert service.call(lambda: speech.long_wording("seat:0", "test.again")) is True
