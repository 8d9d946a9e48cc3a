"""A status waits for the last move's news the table has not heard yet, never for the lines
after it that only say what is open now (ACCESSIBILITY.md 22, 29): the kit's ``status_after``
over the public Utterances a game's ``announce`` keeps (``move_said``), without the closing
lines whose keys start with the game's ``STATUS_SAYS_TOO``; a game that keeps none is answered
at once. Real audio Utterances; one is ended as the audio service ends a played clip."""

from __future__ import annotations

from firmware_host.audio.service import Utterance
from firmware_host.games.become_dictator.board import BecomeDictatorGame
from firmware_host.games.secret_dictator.board.game import SecretDictatorGame


def _said(*keys: str) -> list[Utterance]:
    return [Utterance("public", key, key, "normal", None, n, None) for n, key in enumerate(keys)]


class _Declaring(SecretDictatorGame):
    """A game declaring its closing lines (Secret Dictator declares none: waiting for its news
    only timed a status by the deal, the rotated-deal check of tests/table/test_secrets_timing.py)."""
    STATUS_SAYS_TOO = ("tracker.moved", "legislative.")


def test_A29_a_status_waits_for_the_moves_news_not_for_the_closing_lines_that_say_what_is_open():
    table = object.__new__(_Declaring)               # its declaration and the move it keeps
    result, tracker, session = table.move_said = _said("ballot.counted", "tracker.moved", "legislative.start")
    assert table.status_after() == (result,)
    result._finish()                                  # the table has heard the result
    assert table.status_after() == ()
    # a news line after a closing one is still waited for, and the closing one before it too
    news = _said("power.executed")[0]
    table.move_said = [tracker, news]
    assert table.status_after() == (tracker, news)


def test_A29_a_game_that_keeps_no_move_is_answered_at_once():
    table = object.__new__(BecomeDictatorGame)
    table.move_said = []
    assert table.status_after() == ()
