"""A seat's own clips where the voice reports playback (the table's ``speech``; ACCESSIBILITY.md
2, 4, 25; SIMULATE.md: an ``announce`` line is written when its clip has played, with its
output, start and end): a repeat writes the repeated lines again on the seat's own output
once played and returns them; a seat's request (its status) is one clip whose lines it
returns. On ``simulate``'s mocked board with real clip lengths (:class:`tests.table.table.Table`),
In this way I become a DICTATOR set up by the console."""

from __future__ import annotations

import pytest

from firmware_host.kernel.values import Line

from .table import DICTATOR_4, Table


@pytest.fixture()
def table(tmp_path):
    table = Table(tmp_path).set_up(DICTATOR_4)
    yield table
    table.close()


def written_since(table: Table, mark: int) -> list[dict]:
    return [o for o in table.lines.objects[mark:] if o.get("event") == "announce"]


def test_A2_A25_a_repeat_is_written_on_the_seats_output_once_it_has_played(table):
    adapter = table.service.game.active
    assert adapter.speech.timed()
    # the seat's last message is its own (the table's morning cue now follows the hands)
    table.call(lambda: adapter.say("seat:2", "hand.start", {}))
    table.drain()
    table.wait(1.0)
    own = [o for o in written_since(table, 0) if o["output"] == "seat:2"]
    heard = [o["key"] for o in own if o["start"] == own[-1]["start"]]      # its last clip
    mark = len(table.lines.objects)
    said = table.call(lambda: adapter.speech.repeat(2))
    table.drain()
    table.wait(1.0)
    written = written_since(table, mark)
    assert [o["key"] for o in written] == heard and heard
    assert all(o["channel"] == o["output"] == "seat:2" and o["end"] > o["start"] for o in written)
    assert [line["key"] for line in said.lines] == heard and said.utterance is not None


def test_A4_a_seats_request_is_one_clip_returning_its_lines_written_when_played(table):
    adapter = table.service.game.active
    items = [Line("seat:1", "hand.start", {}), Line("seat:1", "repeat.nothing", {})]
    mark = len(table.lines.objects)
    said = table.call(lambda: adapter.speech.request(items, history=False))
    assert [line["key"] for line in said.lines] == ["hand.start", "repeat.nothing"]
    assert all(line["channel"] == "seat:1" for line in said.lines)
    assert said.text == " ".join(line["text"] for line in said.lines)
    table.drain()
    table.wait(1.0)
    written = written_since(table, mark)
    assert [o["key"] for o in written] == ["hand.start", "repeat.nothing"]
    assert len({(o["start"], o["end"]) for o in written}) == 1          # one clip


def test_A23_private_clips_said_at_once_return_each_seats_lines_and_play_for_the_same_time(table):
    adapter = table.service.game.active
    items = [Line("seat:0", "hand.start", {}), Line("seat:2", "hand.start", {}), Line("seat:2", "repeat.nothing", {})]
    mark = len(table.lines.objects)
    said = table.call(lambda: adapter.speech.say_padded(items))
    assert [[line["key"] for line in s.lines] for s in said] == [["hand.start"], ["hand.start", "repeat.nothing"]]
    assert [{line["channel"] for line in s.lines} for s in said] == [{"seat:0"}, {"seat:2"}]
    assert all(s.utterance is not None and s.text == " ".join(line["text"] for line in s.lines) for s in said)
    table.drain()
    table.wait(1.0)
    written = written_since(table, mark)
    assert sorted((o["output"], o["key"]) for o in written) == [
        ("seat:0", "hand.start"), ("seat:2", "hand.start"), ("seat:2", "repeat.nothing")]
    assert len({(o["start"], o["end"]) for o in written}) == 1          # the same moment, the same length


def test_A29_a_seat_heard_news_when_the_board_spoke_at_the_table_or_in_its_earphone_not_at_its_request(table):
    adapter = table.service.game.active
    speech = adapter.speech
    before = table.call(lambda: speech.news(1))
    table.call(lambda: adapter.say("public", "gm.paused", {}))
    table.call(lambda: adapter.say("seat:1", "hand.start", {}))
    table.call(lambda: adapter.say("seat:1", "repeat.nothing", {}))
    assert table.call(lambda: speech.news(1)) == before + 3
    other = table.call(lambda: speech.news(2))
    table.call(lambda: adapter.say("seat:2", "hand.start", {}))
    table.call(lambda: speech.request([Line("seat:1", "hand.start", {})]))          # its own status: no news
    assert table.call(lambda: speech.news(1)) == before + 3
    assert table.call(lambda: speech.news(2)) == other + 1


def test_A22_a_private_line_said_after_public_ones_waits_until_they_have_ended_at_the_table(table):
    adapter = table.service.game.active
    items = [Line("public", "gm.paused", {}), Line("seat:1", "hand.start", {}), Line("seat:3", "hand.start", {})]
    mark = len(table.lines.objects)
    said = table.call(lambda: adapter.speech.say_all(items))
    assert [s.lines[0]["key"] for s in said] == ["gm.paused", "hand.start", "hand.start"]
    assert table.call(lambda: list(adapter.speech.last_public)) == [said[0].utterance]   # what a refusal refers to
    table.drain()
    table.wait(1.0)
    written = written_since(table, mark)
    public = next(o for o in written if o["output"] == "table")
    private = [o for o in written if o["output"] in ("seat:1", "seat:3")]
    assert len(private) == 2 and all(o["start"] >= public["end"] for o in private)


def test_A22_the_games_end_at_the_table_waits_for_the_public_clips_still_to_play_in_every_game(table):
    """The game's end has its own priority (it goes before queued speech and nothing cuts it);
    without the option for refusals (In this way I become a DICTATOR has none) it still waits
    for the moves said before it: Dying Message's table had heard "Game over: no killer is
    alive" before "Votes: three of three … Eliminated: seat 2", which ended the game."""
    adapter = table.service.game.active
    assert not adapter.REFUSALS_WAIT
    mark = len(table.lines.objects)
    items = [Line("public", "gm.paused", {}), Line("public", "gm.resumed", {})]
    said = table.call(lambda: adapter.speech.say_all(items))
    end = table.call(lambda: adapter.say("public", "game_over.no_winner", {}))
    assert end.utterance is not None and all(s.utterance is not None for s in said)
    table.drain()
    table.wait(1.0)
    written = [o for o in written_since(table, mark) if o["output"] == "table"]
    assert [o["key"] for o in written] == ["gm.paused", "gm.resumed", "game_over.no_winner"]
    assert written[2]["start"] >= written[1]["end"] - 0.001
