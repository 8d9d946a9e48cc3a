"""A press answered at once during the seat's own padded message, in every game's table
(ACCESSIBILITY.md 26-28; RULES.md R16; issue 31, Dying Message by ear: a seat pressing on
"… Press your button for the list" heard nothing until its message, padded to the step's
longest, had ended, up to 13.7 s later): the kit's ``BoardAdapter.answer_during``.

Two seats hear a message padded to one length (the table kit's ``say_padded``); seat 1
presses during its own message (the game hands the kit that message):

- once its words have been said: the answer cue at once, the rest of its silence dropped
  (what the press asks for may follow at once);
- while its words are still said: the answer cue at once, then the message again, whole and
  as long as before (never lost);
- before it has started: the answer cue at once, then the message, whole, with the others';
- in its first moments (0.02 s, 0.2 s: its earcon; a press meant for the step before, made as
  the step turned, waited up to 14.2 s): as while its words are said.

Seat 2's message and the table speaker are the same as without the press (R16: only the
pressing seat's earphone changes). Played through ``simulate`` on the mocked board at real
clip lengths (espeak-ng), over every registered game."""

from __future__ import annotations

import pytest

from firmware_host.kernel import games

from .test_conformance import hooks, new_table

#: the messages' padded length (seconds): longer than their words in every language
PADDED_S = 10.0
EPS = 0.05


def _messages(table, *, after_public: bool) -> dict:
    """Seats 0 and 1 hear a message padded to :data:`PADDED_S` (after a public line, with
    ``after_public``); {"said": [Said, Said], "public": the public line's Utterance or None}."""
    adapter = table.service.game.active
    public = None
    if after_public:
        public = adapter.say("public", "table.waiting", {"seats": [0, 1]}).utterance
    lines = [adapter.line("table.waiting", {"seats": [seat]}, f"seat:{seat}") for seat in (0, 1)]
    said = adapter.speech.say_padded(lines, after=[public] if public is not None else [],
                                     minimum_seconds=PADDED_S)
    return {"said": said, "public": public}


def _started(tmp_path, name: str):
    table = new_table(tmp_path, name, paced=True)
    table.play({"setup": hooks(name).sample_setup("en")})
    table.drain()
    table.wait(1.5)
    return table


def _starts(table, since: int) -> dict:
    """Seat 0's message once it has started playing (its announce line, without an end yet)."""
    for _ in range(600):
        line = next((o for o in _mine(table, 0, since) if o["key"] == "table.waiting"), None)
        if line is not None:
            return line
        table.wait(0.05)
    raise AssertionError("seat 0's message never started")


def _mine(table, seat: int, since: int) -> list[dict]:
    return [o for o in table.starts[since:] if o.get("output") == f"seat:{seat}"]


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("when", ["once_its_words_are_said", "in_its_words", "before_it_starts",
                                  "0.02_s_into_it", "0.2_s_into_it"])
def test_A26_R16_issue31_a_press_during_ones_padded_message_is_answered_at_once_and_loses_no_words(
        tmp_path, name, when):
    table = _started(tmp_path, name)
    try:
        mark = len(table.starts)
        made = table.call(lambda: _messages(table, after_public=when == "before_it_starts"))
        clip = made["said"][0].utterance
        assert clip is not None
        if when == "before_it_starts":
            table.wait(0.5)
            assert not _mine(table, 0, mark)                 # the table's line still plays
        else:
            message = _starts(table, mark)
            words = table.call(lambda: table.service.voice.measure("seat:0", message["text"], earcon="private"))
            assert words is not None and words + 2.0 < PADDED_S, words
            at = message["start"] + {"once_its_words_are_said": words + 1.0, "0.02_s_into_it": 0.02,
                                     "0.2_s_into_it": 0.2}.get(when, min(words - 0.3, 1.0))
            table.wait(at - table.now)
            assert "end" not in message
        pressed = table.now
        answer = table.call(lambda: table.service.game.active.answer_during(0, clip))
        table.wait(PADDED_S + 12.0)
        table.drain()
        assert answer == {"once_its_words_are_said": "said", "before_it_starts": "due"}.get(when, "again")
        mine = _mine(table, 0, mark)
        cue = next(o for o in mine if o["key"] == "answer.cue")
        assert pressed - EPS <= cue["start"] <= pressed + 1.0, (pressed, cue)
        messages = [o for o in mine if o["key"] == "table.waiting"]
        other = [o for o in _mine(table, 1, mark) if o["key"] == "table.waiting"]
        assert len(other) == 1 and not other[0].get("cut")
        assert abs(other[0]["end"] - other[0]["start"] - PADDED_S) <= EPS       # as if nobody pressed
        if when == "once_its_words_are_said":                 # its silence dropped at the press, not said again
            assert len(messages) == 1 and messages[0]["cut"] and messages[0]["end"] <= cue["start"] + EPS
            assert messages[0]["start"] == other[0]["start"]
        elif when != "before_it_starts":         # cut by the cue, then said again whole, as long
            # (also in its first moments: a press meant for the step before, issue 31: 14.2 s)
            assert len(messages) == 2 and messages[0]["cut"] and not messages[1].get("cut")
            assert messages[0]["end"] <= cue["start"] + EPS and messages[1]["start"] >= cue["end"] - EPS
            assert abs(messages[1]["end"] - messages[1]["start"] - PADDED_S) <= EPS
        else:                                    # the cue first, the message with the others'
            assert cue["end"] <= messages[0]["start"] + EPS
            assert len(messages) == 1 and not messages[0].get("cut")
            assert abs(messages[0]["start"] - other[0]["start"]) <= EPS
            assert abs(messages[0]["end"] - messages[0]["start"] - PADDED_S) <= EPS
        assert not [o for o in table.starts[mark:] if o.get("output") in ("table", "public")
                    and o["start"] >= pressed - EPS and o["key"] != "table.waiting"]   # the game's reminders only
    finally:
        table.close()


@pytest.mark.parametrize("name", games.names()[:1])
def test_A26_a_press_after_ones_message_ended_is_left_to_the_game(tmp_path, name):
    """Once the message has ended the kit adds nothing: the game answers the press itself
    (a list that starts at once)."""
    table = _started(tmp_path, name)
    try:
        mark = len(table.starts)
        made = table.call(lambda: _messages(table, after_public=False))
        table.wait(PADDED_S + 2.0)
        answer = table.call(lambda: table.service.game.active.answer_during(0, made["said"][0].utterance))
        table.wait(2.0)
        assert answer == "over"
        assert not [o for o in _mine(table, 0, mark) if o["key"] == "answer.cue"]
    finally:
        table.close()


@pytest.mark.parametrize("name", games.names())
def test_A26_issue31_presses_in_a_row_during_ones_message_never_keep_it_from_its_end(tmp_path, name):
    """A press while the message is said again for an earlier press is answered by the cue at
    once too (a second press heard nothing for 5.9 s, 6 seats seed 11) and restarts nothing:
    the message plays on after the cue from where it was cut, as long in all as once, and what
    the presses ask for follows it (robots that pressed every 3 s into it kept a seat's message
    from its end for 40 s)."""
    table = _started(tmp_path, name)
    try:
        mark = len(table.starts)
        made = table.call(lambda: _messages(table, after_public=False))
        clip = made["said"][0].utterance
        message = _starts(table, mark)
        table.wait(message["start"] + 1.0 - table.now)
        first = table.call(lambda: table.service.game.active.answer_during(0, clip))
        again = [o for o in _mine(table, 0, mark) if o["key"] == "table.waiting"]
        for _ in range(100):
            if len(again) > 1:
                break
            table.wait(0.05)
            again = [o for o in _mine(table, 0, mark) if o["key"] == "table.waiting"]
        table.wait(again[1]["start"] + 1.0 - table.now)
        pressed = table.now
        second = table.call(lambda: table.service.game.active.answer_during(0, clip))
        table.wait(PADDED_S + 2.0)
        table.drain()
        assert (first, second) == ("again", "again")
        mine = _mine(table, 0, mark)
        cues = [o for o in mine if o["key"] == "answer.cue"]
        assert len(cues) == 2
        assert pressed - EPS <= cues[1]["start"] <= pressed + 1.0, (pressed, cues[1])    # at once
        said = [o for o in mine if o["key"] == "table.waiting"]
        assert len(said) == 3 and said[1]["cut"] and not said[2].get("cut"), said
        assert said[1]["end"] <= cues[1]["start"] + EPS and said[2]["start"] >= cues[1]["end"] - EPS
        heard = (said[1]["end"] - said[1]["start"]) + (said[2]["end"] - said[2]["start"])
        assert abs(heard - PADDED_S) <= EPS, heard       # played on from where it was cut: as long in all
        other = [o for o in _mine(table, 1, mark) if o["key"] == "table.waiting"]
        assert len(other) == 1 and not other[0].get("cut")
    finally:
        table.close()


@pytest.mark.parametrize("name", games.names())
def test_A26_A32_issue31_a_press_answered_behind_ones_own_message_gets_the_cue_at_once_and_cuts_it(
        tmp_path, name, mocker):
    """A press that means something in the step (the game's ``on_press`` queues its answer in
    the seat's earphone, Autocracy's turn menu) made while the seat's own plain message plays
    ("Your turn. You hold … Press to choose") is answered by the cue at once, not once that
    message has ended (issue 31: 3.1-3.9 s of nothing); the message, which the press
    answered, is cut and not said again (ACCESSIBILITY.md 32), so what the press asked for
    follows the cue. The table speaker and seat 2's earphone hear nothing of it."""
    table = _started(tmp_path, name)
    try:
        adapter = table.service.game.active
        mocker.patch.object(adapter, "secret_step", autospec=True, return_value=False)
        mocker.patch.object(adapter.scans, "get", autospec=True, return_value=None)

        def asked(seat: int) -> bool:
            adapter.say(f"seat:{seat}", "table.waiting", {"seats": [3]})
            return True
        on_press = mocker.patch.object(adapter, "on_press", autospec=True, side_effect=asked)
        mark = len(table.starts)
        table.call(lambda: adapter.say("seat:0", "table.waiting", {"seats": [1, 2, 3, 4, 5]}))
        message = _starts(table, mark)
        table.wait(message["start"] + 0.6 - table.now)
        assert "end" not in message
        pressed = table.now
        table.press(0)
        table.wait(12.0)
        table.drain()
        on_press.assert_called_once_with(0)
        mine = _mine(table, 0, mark)
        cue = next(o for o in mine if o["key"] == "answer.cue")
        assert pressed - EPS <= cue["start"] <= pressed + 0.3, (pressed, cue)
        messages = [o for o in mine if o["key"] == "table.waiting" and o["params"]["seats"] == [1, 2, 3, 4, 5]]
        assert len(messages) == 1 and messages[0]["cut"] and messages[0]["end"] <= cue["start"] + EPS
        answer = next(o for o in mine if o["key"] == "table.waiting" and o["params"]["seats"] == [3])
        assert cue["end"] - EPS <= answer["start"] <= cue["end"] + 0.5, (cue, answer)
        assert not [o for o in table.starts[mark:] if o.get("output") != "seat:0" and o["key"] == "answer.cue"]
    finally:
        table.close()


def _kept(table, kind: str) -> dict:
    """Seats 0 and 1 each hear a clip padded to :data:`PADDED_S` that a press must never cut
    short: one of a padded group (``"group"``: "keep your eyes closed", a look) or a padded
    clip heard whole and kept from the seat's repeat (``"keep"``: a night's "chosen")."""
    adapter = table.service.game.active
    if kind == "group":
        lines = [adapter.line("table.waiting", {"seats": [seat]}, f"seat:{seat}") for seat in (0, 1)]
        return {"said": adapter.speech.say_padded(lines, minimum_seconds=PADDED_S)}
    return {"said": [adapter.say(f"seat:{seat}", "table.waiting", {"seats": [seat]}, pad_seconds=PADDED_S,
                                 history=False, keep=True) for seat in (0, 1)]}


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("kind", ["group", "keep"])
@pytest.mark.parametrize("into", [0.02, 0.2, 3.0])
def test_A26_M43_issue31_a_press_during_ones_padded_clip_that_asks_nothing_is_answered_at_once(
        tmp_path, name, kind, into):
    """A press during one's own clip padded to one length with other seats' that the press
    must not cut short (the game answers it with ``answer_cue(spare_padded=True)``: Dying
    Message's "Nothing to do for you: keep your eyes closed", "Night, round N", a look,
    "chosen"; they waited 1.5-4.7 s for any sound, until the clip had ended): the answer cue
    at once, 0.02 s, 0.2 s or mid-clip into it, and the clip plays on after the cue from
    where it was cut: as long in all as without the press (R16, M43), never said again from
    its start. Seat 1's clip is as if nobody had pressed."""
    table = _started(tmp_path, name)
    try:
        mark = len(table.starts)
        table.call(lambda: _kept(table, kind))
        message = _starts(table, mark)
        table.wait(message["start"] + into - table.now)
        pressed = table.now
        table.call(lambda: table.service.game.active.answer_cue(0, spare_padded=True))
        table.wait(PADDED_S + 3.0)
        table.drain()
        mine = _mine(table, 0, mark)
        cue = next(o for o in mine if o["key"] == "answer.cue")
        assert pressed - EPS <= cue["start"] <= pressed + 1.0, (pressed, cue)      # at once
        said = [o for o in mine if o["key"] == "table.waiting"]
        assert len(said) == 2 and said[0]["cut"] and not said[1].get("cut"), said
        assert said[0]["end"] <= cue["start"] + EPS and said[1]["start"] >= cue["end"] - EPS
        heard = (said[0]["end"] - said[0]["start"]) + (said[1]["end"] - said[1]["start"])
        assert abs(heard - PADDED_S) <= EPS, heard           # played on from where it was cut
        other = [o for o in _mine(table, 1, mark) if o["key"] == "table.waiting"]
        assert len(other) == 1 and not other[0].get("cut")
        assert abs(other[0]["end"] - other[0]["start"] - PADDED_S) <= EPS
    finally:
        table.close()
