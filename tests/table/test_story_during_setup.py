"""The story stays one press away while another seat sets up (issue 31 "the evening is the
table's", ACCESSIBILITY.md 30: the setup is one seat's list, the story every seat's). After
game over two seats press for the story; one presses through its parts and on into the setup
of the next game; the other's next press, 1.5 s after its part has ended, is its next part,
not "Please wait: seat 1 is setting up the game." — which it hears only once its story has
ended. Played by ear on the mocked board, over every registered game (the table kit's front
decides it: no game's own code)."""

from __future__ import annotations

import pytest

import table.test_conformance as conformance

STORY_ENDS = ("evening.story_more", "evening.story_end")


def _part_end(table, seat: int, since: int) -> dict:
    """The closing line of the part of the story that starts in ``seat``'s earphone after
    ``table.starts[since]``, once it has been heard to its end."""
    deadline = table.now + 300
    line = None
    while line is None and table.now < deadline:
        line = next((o for o in table.starts[since:] if o.get("output") == f"seat:{seat}"
                     and o.get("key") in STORY_ENDS), None)
        if line is None:
            table.wait(0.5)
    assert line is not None, f"seat {seat + 1}'s press after game over told no part of the story"
    heard = table.wait_heard(line["key"], seat=seat, since=table.starts.index(line))
    assert heard is not None and "end" in heard
    return heard


def _own_after(table, seat: int, since: int) -> list[dict]:
    return [o for o in table.starts[since:] if o.get("output") == f"seat:{seat}"]


@pytest.mark.parametrize("name", conformance.cases("evening_by_ear"))
def test_A30_issue31_a_seat_in_the_middle_of_its_story_gets_its_next_part_while_another_seat_sets_up(tmp_path, name):
    table = conformance.start_game(tmp_path, name)
    setter, listener = 0, 1
    try:
        script = conformance.hooks(name)
        setup = table.last_setup()
        table.play_all(script.signals_for_game(setup, script.whole_game(setup, 2))[1:])
        assert conformance.until(
            table, lambda: table.call(table.service.game.final_state)["phase"] == "game_over", 600, 0.5)
        offer = table.wait_heard("evening.offer", since=0, timeout=300)
        assert offer is not None, "the table never hears what a press does after game over"
        table.wait(1.5)
        # both seats press for the story's first part
        mark = len(table.starts)
        table.press(setter)
        table.wait(0.3)
        table.press(listener)
        first = _part_end(table, listener, mark)
        assert first["key"] == "evening.story_more", f"{name}: a story of one part, nothing to be in the middle of"
        _part_end(table, setter, mark)
        # the setter presses through its story and on into the setup of the next game
        for _ in range(40):
            table.wait(1.5)
            mark = len(table.starts)
            table.press(setter)
            if table.call(lambda: table.service.game.table.lobby.active):
                break
            _part_end(table, setter, mark)
        assert table.call(lambda: table.service.game.table.lobby.active), "the setter's press never began a setup"
        assert table.call(lambda: table.service.game.table.lobby.phase) == "questions"
        table.wait(1.5)
        # the listener, in the middle of its story, presses for its next part: it gets it
        ends = [first["key"]]
        while ends[-1] == "evening.story_more":
            mark = len(table.starts)
            table.press(listener)
            table.wait(0.5)
            assert "lobby.busy" not in [o["key"] for o in _own_after(table, listener, mark)], \
                f"{name}: seat {listener + 1} in the middle of its story was told to wait for the setup"
            ends.append(_part_end(table, listener, mark)["key"])
            table.wait(1.5)
            assert len(ends) < 40
        assert ends[-1] == "evening.story_end"
        # its story has ended: now its press hears who is setting up
        mark = len(table.starts)
        table.press(listener)
        busy = table.wait_heard("lobby.busy", seat=listener, since=mark, timeout=30)
        assert busy is not None and busy["output"] == f"seat:{listener}", _own_after(table, listener, mark)
        assert table.call(lambda: table.service.game.table.lobby.seat) == setter   # the setup is still the setter's
    finally:
        table.close()
