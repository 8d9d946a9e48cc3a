"""The console takes over the next game's setup (the table's ``front.TableFront.console_took_over``,
issue 34): what the table says from that moment belongs to the new game; when the journal
begins it, only what was said before that moment (the last game's) is cut, never what was
said since. The real service and journal, an autospec of the silent voice whose ``mark``
moves on with every clip made (:func:`tests.table.test_table_parts.real_service`)."""

from __future__ import annotations

from .test_table_parts import real_service


def test_issue34_the_new_game_cuts_what_was_said_before_the_console_took_over_not_after(tmp_path, mocker):
    service, lines, voice = real_service(tmp_path, mocker)
    try:
        front = service.game.table
        front.had_game = True                               # a last game was played here
        voice.mark.side_effect = lambda: voice.say.call_count     # clips made so far
        voice.drop_before.return_value = 0
        service.call(front.console_took_over)
        taken_over = voice.say.call_count
        service.call(lambda: front.speech.say("public", "service.ready", {}, language="en"))   # the new game's
        service.call(lambda: front.game_begins(2))
        voice.drop_before.assert_called_once_with(taken_over)
    finally:
        service.stop()
