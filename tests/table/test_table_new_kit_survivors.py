"""Behaviour of this round's new table kit code (issue 31: the evening, the reminders, the answer
to one's own act) that a mutation run of it found no test asking about:

- a board input refused outside the rules (a discard no step asks for, a tile laid while
  paused) is a ``rejected`` line with its reason and message, a console entry, and its line
  said at the table;
- while who is awaited is a secret, the reminder says "the table waits for you" in the awaited
  seats' earphones only and "for others" in every other one (R16: one clip each, the right one);
  at a whisper station nobody's earphone hears it;
- a seat's own act is answered in its earphone as an answer (it cuts a plain message, never
  waits behind the move's public clips), after the table's words where it waits for them;
  nothing at a whisper station; so is the answer cue alone, where an act's words must wait;
- a part of the story of exactly the most seconds a part holds stays one part;
- without an answer cue, a press during one's part of the story says the part again at once
  (and the game master's log says so).

The real service, journal and table on a virtual clock; the voice is an autospec of the
silent voice (``has_earphones`` as the case needs).
"""

from __future__ import annotations

import logging

import pytest

from firmware_host.audio.service import Utterance
from firmware_host.table.evening import STORY_PART_SECONDS, Evening, split_long

from .table import set_up_on_voice_spec

BD_SETUP = {"game": "become_dictator", "players": 4, "language": "en", "morning_seconds": 0}


@pytest.fixture()
def bd(tmp_path, mocker):
    """(service, adapter, lines written, voice): In this way I become a DICTATOR set up at four
    seats on the real service and journal; the voice an autospec of the silent voice."""
    service, adapter, lines, voice = set_up_on_voice_spec(tmp_path, mocker, BD_SETUP)
    yield service, adapter, lines, voice
    service.stop()


def test_a_refused_board_input_is_a_rejected_line_a_console_entry_and_its_line_at_the_table(bd):
    service, adapter, lines, voice = bd
    mark, said = len(lines), voice.say.call_count
    service.call(lambda: adapter.refuse_input("discard", "wrong_phase", "no discard is expected now",
                                              "gm.paused", 2))
    rejected = [o for o in lines[mark:] if o.get("event") == "rejected"]
    assert rejected == [{"event": "rejected", "action": "discard", "reason": "wrong_phase",
                         "message": "no discard is expected now"}]
    assert adapter.faults.listed[-1] == {"kind": "rejected", "action": "discard", "reason": "wrong_phase", "seat": 2}
    spoken = voice.say.call_args_list[said:]
    assert [(c.args[0], c.kwargs["key"]) for c in spoken] == [("public", "gm.paused")]


def test_R16_issue33_a_secret_wait_reminds_the_awaited_seat_as_you_and_every_other_as_others(bd, mocker):
    service, adapter, _, voice = bd
    mocker.patch.object(adapter, "awaited_secret", return_value=True)
    lines = service.call(lambda: adapter.reminder_lines((1, 3)))
    assert [(line.channel, line.key) for line in lines] == [
        ("public", "table.waiting_choice"), ("seat:0", "table.waiting_others"), ("seat:1", "table.waiting_you"),
        ("seat:2", "table.waiting_others"), ("seat:3", "table.waiting_you")]
    assert all(line.params == {} for line in lines)               # nobody named, in any wording
    voice.has_earphones.return_value = False                      # a whisper station would call the seat
    lines = service.call(lambda: adapter.reminder_lines((1,)))
    assert [(line.channel, line.key) for line in lines] == [("public", "table.waiting_choice")]


def test_A26_issue31_ones_own_act_is_answered_as_an_answer_after_the_table_where_it_waits_and_not_at_a_whisper_station(
        bd, mocker):
    service, adapter, _, voice = bd
    say = mocker.patch.object(adapter.speech, "say", autospec=True, wraps=adapter.speech.say)
    service.call(lambda: adapter.answer_act(2, "table.noted", {}))
    assert say.call_args.args[:2] == ("seat:2", "table.noted")
    assert say.call_args.kwargs["priority"] == "refusal" and say.call_args.kwargs["own_act"] is True
    table_first = mocker.create_autospec(Utterance, instance=True)      # the table's clip to hear first
    service.call(lambda: adapter.answer_act(2, "table.noted", {}, after=(table_first,)))
    assert say.call_args.kwargs["priority"] == "normal" and say.call_args.kwargs["after"] == (table_first,)
    assert say.call_args.kwargs["own_act"] is True
    voice.has_earphones.return_value = False
    calls = say.call_count
    assert service.call(lambda: adapter.answer_act(2, "table.noted", {})) is None
    assert say.call_count == calls                                 # nothing at a whisper station


def test_issue31_a_story_part_of_exactly_the_limit_stays_one_part():
    lines = [("a", {}), ("b", {}), ("c", {})]
    seconds = {"a": 5.0, "b": 10.0, "c": 0.5}
    assert split_long([lines[:2]], lambda line: seconds[line[0]]) == [lines[:2]]    # 15.0 s: one part
    assert sum(seconds[k] for k in "ab") == STORY_PART_SECONDS
    assert split_long([lines], lambda line: seconds[line[0]]) == [lines[:2], lines[2:]]


def test_A26_without_an_answer_cue_a_press_during_ones_part_says_the_part_again_at_once(mocker, caplog):
    playing, again = (mocker.create_autospec(Utterance, instance=True) for _ in range(2))
    playing.done.return_value = again.done.return_value = False
    playing.plays = True
    told = mocker.MagicMock(side_effect=[playing, again])
    evening = Evening(told)                                        # no cue given at all
    evening.over(lambda: [[("a", {})], [("b", {})]])
    evening.press(1)
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        evening.press(1)
    assert "seat 1 pressed during its part of the story: the part again" in [r.getMessage() for r in caplog.records]
    assert told.call_args_list[1] == mocker.call(1, [("a", {}), ("evening.story_more", {})], ())
    assert evening.told[1] == 1


def test_A26_R16_an_act_whose_words_wait_is_answered_by_the_cue_in_the_seats_earphone_at_once(bd):
    """The answer cue alone (an act answered alike whatever it brings, its words waiting,
    R16) plays in the acting seat's own earphone at an answer's rank; not at a whisper
    station."""
    service, adapter, _, voice = bd
    service.call(lambda: adapter.answer_cue(3))
    voice.answer_cue.assert_called_once_with(3, priority="refusal")
    voice.has_earphones.return_value = False
    service.call(lambda: adapter.answer_cue(3))
    assert voice.answer_cue.call_count == 1
