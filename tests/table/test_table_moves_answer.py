"""The acting seat's own answer to an accepted move (the table's ``moves.accept``'s ``answer``
and ``answer_first``; ACCESSIBILITY.md 26, "journaled before announced"): the answer is said
once the move is journaled and before any line of the move; with ``answer_first`` the move's
lines are told to wait for it (``MoveLog.answered`` holds it while the move is announced, and
only then); a refused move gets no answer. In this way I become a DICTATOR's first vote on the
real service, SQLite journal and silent voice; the announcement is watched with a pytest-mock
spy on the adapter's ``accepted`` (it still runs)."""

from __future__ import annotations

import pytest

from firmware_host.games.become_dictator import scripting

from .table import quiet_service

SETUP = {**scripting.sample_setup("en"), "morning_seconds": 0}


@pytest.fixture()
def table(tmp_path, mocker):
    """(service, adapter, the spy on its ``accepted`` recording ``moves.answered`` at each call,
    the first vote's journal object)."""
    service = quiet_service(tmp_path)
    service.start()
    try:
        service.call(lambda: service.game.setup_game(dict(SETUP)))
        adapter = service.game.active
        service.call(adapter.wait.end)
        seen: list[tuple] = []
        accepted = adapter.accepted
        spy = mocker.patch.object(adapter, "accepted", autospec=True,
                                  side_effect=lambda *a, **k: (seen.append(adapter.moves.answered), accepted(*a, **k))[1])
        spy.seen = seen
        yield service, adapter, spy, scripting.whole_game(SETUP, seed=3)[0]
    finally:
        service.stop()


def test_the_answer_is_said_once_journaled_and_before_the_moves_lines(table):
    service, adapter, spy, vote = table
    order: list[str] = []

    def answer():
        order.append(f"answer with {len(service.journal.actions(adapter.game_id))} journaled")
        assert not spy.called                    # before any line of the move
        return None

    spy.side_effect = lambda *a, **k: order.append("announced")
    assert service.call(lambda: adapter.moves.accept(adapter.action_from_json(vote), answer=answer)) is True
    assert order == ["answer with 1 journaled", "announced"]


def test_with_answer_first_the_moves_lines_wait_for_the_answer_and_only_they(table):
    service, adapter, spy, vote = table
    said = object()                               # the Utterance a sounding voice returns
    assert service.call(lambda: adapter.moves.accept(adapter.action_from_json(vote), answer=lambda: said,
                                                     answer_first=True)) is True
    assert spy.seen == [(said,)]
    assert adapter.moves.answered == ()           # the next move waits for nothing


def test_without_answer_first_or_without_an_utterance_the_moves_lines_wait_for_nothing(table):
    service, adapter, spy, vote = table
    actions = scripting.whole_game(SETUP, seed=3)
    assert service.call(lambda: adapter.moves.accept(adapter.action_from_json(vote), answer=lambda: object())) is True
    assert service.call(lambda: adapter.moves.accept(adapter.action_from_json(actions[1]), answer=lambda: None,
                                                     answer_first=True)) is True
    assert spy.seen == [(), ()]


def test_a_refused_move_gets_no_answer(table):
    service, adapter, spy, vote = table
    answered: list[int] = []
    stranger = {**vote, "seat": 99}
    assert service.call(lambda: adapter.moves.accept(adapter.action_from_json(stranger),
                                                     answer=lambda: answered.append(1))) is False
    assert answered == [] and not spy.called
