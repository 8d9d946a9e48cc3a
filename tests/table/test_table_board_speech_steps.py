"""The board's own scan steps (the table's ``board_speech``: the setup from the seats and the
seat menu) as the voice is asked for them: a pick's answer and an item said again after a
take-back are requests that cut the seat's earphone at once (ACCESSIBILITY.md 26, 32); the
items, the intro and the wrap tone queue as normal clips; the seat menu's values without any
voice are the board's defaults (ACCESSIBILITY.md 19). On autospecs of the service, the host
and the silent voice (:func:`tests.table.test_table_units.board_voice`,
:func:`~tests.table.test_table_units.settings_menu`)."""

from __future__ import annotations

from firmware_host.table.scanning import ScanItem

from .test_table_units import board_voice, settings_menu


def test_A26_A32_a_picks_answer_and_an_item_said_again_cut_the_earphone_the_rest_queue(mocker):
    speech, service = board_voice(mocker, timed=True)
    service.voice.say.return_value = None                          # nothing plays: written at once
    speak = speech.scan_speaker(lambda: ("lobby.busy", {"seat": 0}), language=lambda: "en")
    item = ScanItem(2, "x", "lobby.busy", {"seat": 2})
    asked = []
    for kind in ("intro", "item", "picked", "again", "wrap"):
        speak(2, kind, None if kind in ("intro", "wrap") else item, mocker.MagicMock(), mocker.MagicMock())
        call = service.voice.say.call_args
        asked.append((call.args[0], call.kwargs["key"], call.kwargs["priority"]))
    assert asked == [("seat:2", "lobby.busy", "normal"), ("seat:2", "lobby.busy", "normal"),
                     ("seat:2", "lobby.busy", "request"), ("seat:2", "lobby.busy", "request"),
                     ("seat:2", "lobby.wrap", "normal")]
    assert service.voice.say.call_args.kwargs["earcon"] == "scan_wrap"


def test_A19_without_a_voice_a_seats_values_are_its_own_else_the_boards_defaults(mocker):
    from firmware_host.table.seat_settings import SeatSettings

    menu, service, _, _ = settings_menu(mocker, own={1: SeatSettings(rate=300, gender="f")})
    service.voice = None
    service.board = None
    defaults = {"rate": service.settings.scan.words_per_minute, "volume": 1.0, "verbosity": "auto",
                "scan_interval": service.settings.scan.interval, "ignore_repeat": 0.5, "gender": "m"}
    assert menu.current(0) == defaults
    assert menu.current(1) == {**defaults, "rate": 300, "gender": "f"}


def test_A21_the_board_drops_a_seats_scan_steps_not_yet_played_when_its_list_starts_again(mocker):
    from firmware_host.audio.service import Utterance

    speech, service = board_voice(mocker, timed=True)
    played, waiting = (mocker.create_autospec(Utterance, instance=True) for _ in range(2))
    played.meta, waiting.meta = {}, {}
    played.done.return_value, waiting.done.return_value = True, False
    service.voice.say.side_effect = [played, waiting]
    speak = speech.scan_speaker(lambda: ("lobby.busy", {"seat": 0}), language=lambda: "en")
    item = ScanItem(2, "x", "lobby.busy", {"seat": 2})
    assert speak(2, "item", item, mocker.MagicMock(), mocker.MagicMock()) is None      # playback reports its end
    assert speak(2, "item", item, mocker.MagicMock(), mocker.MagicMock()) is None
    speech.drop(3)                                                  # another seat's: nothing of seat 2's
    service.voice.cancel.assert_not_called()
    speech.drop(2)
    service.voice.cancel.assert_called_once_with(waiting)           # the step played already is not cancelled
    speech.drop(2)
    assert service.voice.cancel.call_count == 1                     # dropped once


def test_A32_a_games_scan_step_that_answers_a_pick_cuts_the_earphone_and_is_queued_for_dropping(mocker):
    from .test_table_units import table_speech

    speech, service, _ = table_speech(mocker, timed=True)
    made, say = [], service.voice.say.side_effect
    service.voice.say.side_effect = lambda *a, **k: made.append(say(*a, **k)) or made[-1]
    queued, started, ended = [], mocker.MagicMock(), mocker.MagicMock()
    assert speech.scan_step(1, "scan.seat", {"seat": 2}, started=started, ended=ended, cut=True,
                            queued=queued.append) is None                   # playback reports its end
    call = service.voice.say.call_args
    assert call.args[0] == "seat:1" and call.kwargs["priority"] == "request" and call.kwargs["history"] is False
    speech.scan_step(1, "scan.seat", {"seat": 3}, started=started, ended=ended, queued=queued.append)
    assert service.voice.say.call_args.kwargs["priority"] == "normal"
    assert queued == made and len(made) == 2                               # each step kept to be dropped


def test_A32_a_seats_scan_steps_said_but_not_started_are_cancelled_when_its_list_starts_again(mocker):
    from firmware_host.audio.service import Utterance

    from .test_table_units import seat_scans

    from firmware_host.service.voice import SilentVoice

    scans, _ = seat_scans(mocker)
    scans.service.voice = mocker.create_autospec(SilentVoice, instance=True)
    playing, waiting, other = (mocker.create_autospec(Utterance, instance=True) for _ in range(3))
    playing.plays, waiting.plays = True, False
    for utt in (playing, waiting, other):
        utt.done.return_value = False
    scans._queue(1, playing)
    scans._queue(1, waiting)
    scans._queue(2, other)
    scans.drop(1)
    cancelled = [c.args[0] for c in scans.service.voice.cancel.call_args_list]
    assert cancelled == [playing, waiting]                  # the voice drops what has not started yet
    assert scans._queued[1] == [playing] and scans._queued[2] == [other]   # the step playing plays on


def test_R16_a_step_of_fixed_length_is_handed_to_the_voice_padded_and_without_the_private_cue(mocker):
    from firmware_host.kernel.values import Line
    from firmware_host.table.speech import PRIVATE_CUE

    from .test_table_units import table_speech

    for timed in (True, False):
        speech, service, catalogue = table_speech(mocker, timed=timed)
        assert catalogue.is_private("hand.start")                  # a seat's own secret
        line = Line("seat:2", "hand.start", {})
        speech.speak(line, pad_seconds=4.25)
        kwargs = service.voice.say.call_args.kwargs
        assert kwargs["pad_seconds"] == 4.25 and kwargs["earcon"] is None     # as long whatever the words
        speech.speak(line)
        kwargs = service.voice.say.call_args.kwargs
        assert "pad_seconds" not in kwargs and kwargs["earcon"] == PRIVATE_CUE
