"""A scan step where nothing reports playback but the voice rendered the clip (a board whose
voice writes each sentence to a file and plays it on its own; the table's
``speech.TableSpeech.speak`` with ``timed`` and ``scan_step``): the scan times its next step by
the clip's rendered length, as the voice measures it, not by an estimate of the words. The
real service and SQLite journal, an autospec of the silent voice that reports no playback and
gives the rendered length (:func:`tests.table.test_table_parts.real_service`). Where nothing
is rendered either, the wrap tone between two passes takes no time of its own."""

from __future__ import annotations

from .test_table_parts import BD, real_service


def test_A21_an_unplayed_scan_step_lasts_its_rendered_length(tmp_path, mocker):
    service, lines, voice = real_service(tmp_path, mocker)
    try:
        voice.say.return_value = "/var/lib/firmware-host/speech/0002.wav"
        voice.seconds.return_value = 7.25                       # the rendered clip, far from an estimate
        voice.last = "/var/lib/firmware-host/speech/0002.wav"    # the voice's last clip (a sounding voice's)
        service.call(lambda: service.game.setup_game({**BD, "morning_seconds": 0}))
        adapter = service.game.active
        seconds = service.call(lambda: adapter.speech.scan_step(1, "scan.cancel", {}))
        assert seconds == 7.25
        assert voice.seconds.call_args.args == (voice.last,)
        voice.seconds.return_value = None                       # nothing rendered: the words' estimate
        estimate = service.call(lambda: adapter.speech.scan_step(1, "scan.cancel", {}))
        assert estimate is not None and 0.0 < estimate < 7.25
    finally:
        service.stop()


def test_A21_an_unplayed_unrendered_wrap_step_takes_no_time(tmp_path, mocker):
    """The wrap tone between two passes of a list where nothing plays nor is rendered: the
    next pass begins after the list's own pause, the tone adds no estimated words."""
    service, lines, voice = real_service(tmp_path, mocker)
    try:
        service.call(lambda: service.game.setup_game({**BD, "morning_seconds": 0}))
        adapter = service.game.active
        voice.last = None                                       # the silent voice's: nothing made
        assert service.call(lambda: adapter.speech.scan_step(1, "scan.wrap", {}, earcon="scan_wrap")) == 0.0
        assert service.call(lambda: adapter.speech.scan_step(1, "scan.cancel", {})) > 0.0
    finally:
        service.stop()
