"""Holds during the setup from the seats (the table's ``lobby``, issue 14,
ACCESSIBILITY.md 11) on ``simulate``'s mocked board with real clip lengths:

- the setting-up seat's hold during a question says the question again, from its first answer;
- another seat's hold, a gesture of no seat (a negative seat number), are not the setup's.
"""

from __future__ import annotations

from firmware_host.hardware.events import ButtonGesture

from .table import Table


def own(table: Table, seat: int) -> list[str]:
    return [o["key"] for o in table.heard(output=f"seat:{seat}")]


def test_A14_the_setting_up_seats_hold_says_the_question_again_from_its_first_answer(tmp_path):
    table = Table(tmp_path)
    try:
        table.press(3)
        table.wait(25)                                   # the question and a few of its answers
        heard = own(table, 3)
        assert heard.count("lobby.question.game") == 1 and heard.count("lobby.option.game") >= 2
        lobby = table.service.game.table.lobby
        other = table.call(lambda: lobby.handles(ButtonGesture(seat=5, gesture="hold")))
        nobody = table.call(lambda: lobby.handles(ButtonGesture(seat=-1, gesture="press")))
        assert other is False and nobody is False
        mark = len(heard)
        table.press(3, "hold")
        table.wait(8)
        lines = table.heard(output="seat:3")[mark:]
        assert [o["key"] for o in lines[:2]] == ["lobby.question.game", "lobby.option.game"], lines
        first = table.heard("lobby.option.game", output="seat:3")[0]
        assert lines[1]["params"] == first["params"]                     # from its first answer again
        assert table.call(lambda: lobby.phase) == "questions" and lobby.seat == 3
    finally:
        table.close()

