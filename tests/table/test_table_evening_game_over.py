"""The evening is the table's (issue 31, ACCESSIBILITY.md 26, 30): a press during the game-over
speech waits until the table has heard it and what a press does now (``evening.offer``); the
press itself is answered at once in the pressing seat's own earphone (``table.noted``), and
the story's first part follows the offer there. Played by ear on the mocked board with Token
Duel, the game made of the kit alone (tests/fifth_game): no game's own code between the table
and the seat, and a game over in five acts."""

from __future__ import annotations

import logging

import pytest

from firmware_host.kernel import games

NAME = "token_duel"


@pytest.fixture
def token_duel(monkeypatch):
    monkeypatch.setitem(games.REGISTRY, NAME, "fifth_game.pack")
    return NAME


def test_issue31_A26_A30_a_press_during_the_game_over_speech_is_noted_at_once_and_its_story_follows_the_offer(
        token_duel, tmp_path, caplog):
    import table.test_conformance as conformance

    caplog.set_level(logging.INFO, logger="firmware_host")
    table = conformance.start_game(tmp_path, NAME)
    try:
        mark = 0
        for seat in (0, 1, 0, 1, 0, 1, 0):          # gold tokens 2, 4, 6, 8 for seat 0: it wins (7)
            turn = table.wait_heard("duel.turn", {"seat": seat}, since=mark, timeout=60)
            table.wait(max(0.0, turn["end"] + 1.5 - table.now))      # one reaction after its turn is said
            mark = len(table.starts)
            if seat == 0:
                table.play({"signal": "token", "seat": 0, "token": "gold"})
            else:
                table.press(1)
        table.wait(0.5)
        speech = [o for o in table.starts[mark:] if o.get("output") == "table"]
        assert speech and "end" not in speech[-1], "no game-over speech under way to press during"
        pressed_at, mark = table.now, len(table.starts)
        table.press(1)                                       # seat 1 presses during the game-over speech
        offer = table.wait_heard("evening.offer", since=mark, timeout=120)
        assert offer is not None and offer["output"] == "table", "the table never hears what a press does now"
        table.wait(1.0)
        table.drain()
        mine = [o for o in table.starts[mark:] if o.get("output") == "seat:1"]
        assert mine, "the press after game over got nothing in the seat's earphone"
        assert mine[0]["key"] == "table.noted" and mine[0]["start"] - pressed_at <= 1.0, mine[0]
        story = [o for o in mine if o["key"] not in ("table.noted", "answer.cue")]
        assert story, "the press's part of the story was never told"
        assert story[0]["start"] >= offer["end"] - 0.01, (story[0], offer)    # after the speech and the offer
        assert story[-1]["key"] in ("evening.story_more", "evening.story_end")
        game_id = table.call(table.service.journal.last_game).id
        assert [r.getMessage() for r in caplog.records].count(f"game {game_id} over") == 1
        won = table.heard("duel.won", output="table")         # the table's (the story tells it again)
        assert won and all(o["start"] >= won[-1]["end"] - 0.01 for o in story)
        assert "duel.won" in [o["key"] for o in story]        # the default story: how the game ended
    finally:
        table.close()
