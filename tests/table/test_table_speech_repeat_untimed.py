"""A repeat where nothing reports playback (a board whose voice writes each sentence to a file
and plays it on its own, or no sound; the table's ``speech``, ACCESSIBILITY.md 2, 25): the
seat's last message is said again by its own key as the seat's own request, and the lines
written for the repeat are the message's, without the first saying's sound file (the repeat
is a clip of its own). The real service and SQLite journal, an autospec of the silent voice
whose ``say`` returns a WAV path (:func:`tests.table.test_table_parts.real_service`). Also
without playback: private clips said at once return each seat's lines, and a message said with
``history=False`` is never given back by a repeat."""

from __future__ import annotations

from .test_table_parts import BD, real_service


def test_A2_A25_an_untimed_repeat_says_the_last_message_by_its_key_as_a_request_without_the_old_wav(tmp_path, mocker):
    service, lines, voice = real_service(tmp_path, mocker)
    try:
        voice.say.return_value = "/var/lib/firmware-host/speech/0001.wav"
        service.call(lambda: service.game.setup_game({**BD, "morning_seconds": 0}))
        adapter = service.game.active
        mark = len(lines)
        service.call(lambda: adapter.speech.say("public", "service.ready", {}))   # the newest message
        last = [o for o in lines[mark:] if o.get("event") == "announce"]
        assert [o["key"] for o in last] == ["service.ready"] and last[0]["wav"]  # said with a file
        before = len(lines)
        said = service.call(lambda: adapter.speech.repeat(2))
        assert voice.say.call_args.args[0] == "seat:2"
        assert voice.say.call_args.kwargs["key"] == last[0]["key"]
        assert voice.say.call_args.kwargs["priority"] == "request"
        again = [o for o in lines[before:] if o.get("event") == "announce"]
        assert [o["key"] for o in again] == [o["key"] for o in said.lines] == ["service.ready"]
        assert all("wav" not in o and o["channel"] == "seat:2" for o in again)
    finally:
        service.stop()


def test_A23_private_clips_said_at_once_without_playback_return_each_seats_lines(tmp_path, mocker):
    from firmware_host.kernel.values import Line

    service, lines, voice = real_service(tmp_path, mocker)
    try:
        service.call(lambda: service.game.setup_game({**BD, "morning_seconds": 0}))
        adapter = service.game.active
        items = [Line("seat:0", "hand.start", {}), Line("seat:2", "hand.start", {}), Line("seat:2", "repeat.nothing", {})]
        said = service.call(lambda: adapter.speech.say_padded(items))
        assert [[line["key"] for line in s.lines] for s in said] == [["hand.start"], ["hand.start", "repeat.nothing"]]
        assert all(s.utterance is None and s.text == " ".join(line["text"] for line in s.lines) for s in said)
    finally:
        service.stop()


def test_A2_A25_a_message_said_with_history_false_is_never_given_back_by_a_repeat(tmp_path, mocker):
    service, lines, voice = real_service(tmp_path, mocker)
    try:
        service.call(lambda: service.game.setup_game({**BD, "morning_seconds": 0}))
        adapter = service.game.active
        service.call(lambda: adapter.speech.say("seat:1", "repeat.nothing", {}, history=False))
        again = service.call(lambda: adapter.speech.repeat(1))
        assert again.lines and [line["key"] for line in again.lines] != ["repeat.nothing"]
        service.call(lambda: adapter.speech.say("seat:1", "repeat.nothing", {}))
        again = service.call(lambda: adapter.speech.repeat(1))
        assert [line["key"] for line in again.lines] == ["repeat.nothing"]
    finally:
        service.stop()
