"""A status waits for the moves' news the table has not heard yet, never for the lines after
it that only say what is open now (ACCESSIBILITY.md 22, 29): the kit's ``status_after`` over
the public Utterances a game's ``announce`` keeps (``move_said``), without the closing lines
whose keys start with the game's ``STATUS_SAYS_TOO``; a game that keeps none is answered at
once. A move accepted while the table still hears the news of the one before keeps that news
waited for (RULES.md R16: whether a later act is a move at all may depend on the deal). Real
audio Utterances; one is ended as the audio service ends a played clip."""

from __future__ import annotations

from firmware_host.audio.service import Utterance
from firmware_host.games.become_dictator.board import BecomeDictatorGame
from firmware_host.games.secret_dictator.board.game import SecretDictatorGame


def _said(*keys: str) -> list[Utterance]:
    return [Utterance("public", key, key, "normal", None, n, None) for n, key in enumerate(keys)]


def test_A29_a_status_waits_for_the_moves_news_not_for_the_closing_lines_that_say_what_is_open():
    table = object.__new__(SecretDictatorGame)       # its declaration and the move it keeps
    result, tracker, session = table.move_said = _said("ballot.counted", "tracker.moved", "legislative.president")
    assert table.status_after() == (result,)
    result._finish()                                  # the table has heard the result
    assert table.status_after() == ()
    # a news line after a closing one is still waited for, and the closing ones before it too
    news = _said("power.executed")[0]
    table.move_said = [news]
    assert table.status_after() == (tracker, session, news)


def test_R16_A29_a_move_accepted_during_the_last_ones_news_does_not_hide_that_news_from_a_status():
    """The rotated-deal check's case (tests/table/test_secrets_timing.py, Secret Dictator at
    seven seats, official, seed 2): during the read-out of the vote that elects seat 5, the
    president's law is read at the tray. Where seat 5 is not the Dictator that read is a move
    whose only line is a closing one ("Legislation: chancellor …"); where it is, the count
    ended the game and the read is none. A status held meanwhile waits for the vote's result
    in both deals (it answered at once in the first, telling the seat the game went on before
    the table heard the result)."""
    table = object.__new__(SecretDictatorGame)
    counted, ballots, passed, session = table.move_said = _said(
        "ballot.counted", "election.ballots", "election.passed", "legislative.president")
    read = _said("legislative.chancellor")[0]
    table.move_said = [read]                          # the law read at the tray: a move of its own
    assert table.status_after() == (counted, ballots, passed)
    over = object.__new__(SecretDictatorGame)         # the other deal: the count ends the game
    over.move_said = _said("ballot.counted", "election.ballots", "election.passed",
                           "game_over.dictator_elected", "game_over.roles")
    assert [u.key for u in over.status_after()][:3] == [u.key for u in table.status_after()]
    for u in (counted, ballots, passed):
        u._finish()
    assert table.status_after() == ()
    table.move_said = []                              # the next move: what the table still hears, once each
    assert table.move_said == [session, read]


def test_A29_a_move_kept_twice_is_waited_for_once():
    table = object.__new__(SecretDictatorGame)
    said = table.move_said = _said("ballot.counted")
    table.move_said = said
    assert table.move_said == said


def test_A29_a_game_that_keeps_no_move_is_answered_at_once():
    table = object.__new__(BecomeDictatorGame)
    table.move_said = []
    assert table.status_after() == ()


def test_A29_issue31_a_status_waits_for_the_law_enacted_not_for_the_shuffle_and_the_power_it_brings():
    """Probe at 10 seats (Secret Dictator, seed 13, by ear): a hold during "Draw pile: fewer
    than three laws left. Please shuffle…" was answered 16.2 s later, after that instruction,
    "the new draw pile is shuffled" and "Power, execution: …": none of them tells what a
    status would not (the counts and the fascist track are public). A power's outcome is still
    waited for (an execution may end the game, R16)."""
    table = object.__new__(SecretDictatorGame)
    law, shuffle, shuffled, power = table.move_said = _said(
        "law.enacted.fascist", "reshuffle.shuffle_now", "reshuffle.done", "power.execution")
    assert table.status_after() == (law,)
    law._finish()
    assert table.status_after() == ()
    done = _said("power.execution.done")[0]
    table.move_said = [done]
    assert table.status_after()[-1] is done
