"""The status's first answer names whom the table waits for once few are left, in every game
that counts what is open (ACCESSIBILITY.md 29; issue 31, probe 13: "Waiting: one vote",
"Votes: six of seven cast so far", "Discussion: four of five ready" while the table's own
reminder said "Waiting: seat 3"): the table kit's ``BoardAdapter.status_answers`` turns the
first layer's count into ``table.waiting`` naming the one or two seats awaited, unless who is
awaited is a secret (RULES.md R16) or the holding seat is itself awaited. Each game's own
count line (its catalogue's ``status.now.*`` with ``count``) on a started table; whom the game
awaits and whether that is a secret are autospecs of the adapter's hooks."""

from __future__ import annotations

import pytest

from firmware_host.table.adapter import is_status_answer
from firmware_host.table.words import Line

from .test_conformance import hooks, new_table

#: each game's count of what is open (the first layer's line while a vote or ready runs)
COUNTS = {
    "secret_dictator": ("status.now.votes", {"count": 1}),
    "become_dictator": ("status.now.vote", {"count": 5, "total": 6}),
    "dying_message": ("status.now.discussion", {"count": 4, "total": 5}),
}


@pytest.fixture(params=sorted(COUNTS))
def table(request, tmp_path):
    name = request.param
    table = new_table(tmp_path, name)
    table.play({"setup": hooks(name).sample_setup("en")})
    table.drain()
    table.name = name
    yield table
    table.close()


def _first(table, mocker, seat: int, awaited: tuple, secret: bool) -> list:
    adapter = table.service.game.active
    key, params = COUNTS[table.name]
    mocker.patch.object(adapter, "status_layers", autospec=True,
                        return_value=[[Line(f"seat:{seat}", key, dict(params))], [Line("public", "table.waiting", {"seats": [0]})]])
    mocker.patch.object(adapter, "awaited", autospec=True, return_value=awaited)
    mocker.patch.object(adapter, "awaited_secret", autospec=True, return_value=secret)
    mocker.patch.object(adapter.wait, "running", False)
    mocker.patch.object(adapter, "paused", False)
    return table.call(lambda: adapter.status_answers(seat))[0]


@pytest.mark.parametrize("awaited", [(3,), (2, 4)])
def test_A29_issue31_a_status_first_answer_names_the_one_or_two_seats_awaited(table, mocker, awaited):
    first = _first(table, mocker, 0, awaited, secret=False)
    assert [(line.key, line.params) for line in first] == [("table.waiting", {"seats": list(awaited)})]
    text = table.call(lambda: table.service.game.active.speech.text("table.waiting", {"seats": list(awaited)}))
    assert all(str(seat + 1) in text for seat in awaited), text        # seats said 1-based


@pytest.mark.parametrize(("awaited", "secret", "why"), [
    ((3,), True, "who is awaited is a secret (R16)"),
    ((0,), False, "the holding seat is the one awaited"),
    ((1, 2, 3), False, "more than two are awaited: the count says more"),
])
def test_A29_R16_the_count_stays_where_naming_would_tell_a_secret_or_nothing(table, mocker, awaited, secret, why):
    first = _first(table, mocker, 0, awaited, secret=secret)
    assert [line.key for line in first] == [COUNTS[table.name][0]], why


@pytest.mark.parametrize("awaited", [(3,), (2, 4)])
def test_A29_issue31_those_who_listen_from_outside_take_the_named_first_answer_for_the_status(table, mocker, awaited):
    """The robot table and the by-ear player measure a status's first answer by its key
    (is_status_answer): the first answer that names the awaited seats counts as the status,
    so a player does not hold again and take the second layer for a first answer of 7 s
    (the by-ear table at 7 seats, seed 11: Dying Message's "Round one. six players alive…")."""
    first = _first(table, mocker, 0, awaited, secret=False)
    assert all(is_status_answer(line.key) for line in first)
    assert not is_status_answer("table.waiting_others") and not is_status_answer("scan.seat")
