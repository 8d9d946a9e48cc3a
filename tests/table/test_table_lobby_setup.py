"""The setup from the seats (the table's ``lobby``, issue 14, ACCESSIBILITY.md 11, 32) on
``simulate``'s mocked board with real clip lengths (:class:`tests.table.table.Table`):

- a setup with no press is abandoned ``[service] setup_abandon_s`` after its last clip has
  ended, the board's setting and not a fixed minute; 0 switches it off (a time that decides
  for a player has a default and can be turned off, 11);
- a board with one game to set up asks no game question: the language, then that game's own
  questions;
- a pick in the setup is answered at once in the seat's earphone with the words of the
  answer picked (32), never with a catalogue key.
"""

from __future__ import annotations

from firmware_host.table.lobby import seat_setup_signals

from .table import Table


def own(table: Table, seat: int) -> list[dict]:
    return table.heard(output=f"seat:{seat}")


def test_A11_a_setup_with_no_press_is_abandoned_the_boards_setup_abandon_s_after_its_last_clip(tmp_path):
    table = Table(tmp_path, config="[service]\nsetup_abandon_s = 20\n")
    try:
        table.press(3)
        table.wait(300)
        stopped = [o for o in own(table, 3) if o["key"] == "lobby.stopped"]
        abandoned = table.heard("lobby.abandoned")
        assert len(stopped) == 1 and len(abandoned) == 1
        assert abs(abandoned[0]["start"] - (stopped[0]["end"] + 20.0)) < 0.05
    finally:
        table.close()


def test_A11_a_setup_abandon_s_of_0_never_abandons_a_setup(tmp_path):
    table = Table(tmp_path, config="[service]\nsetup_abandon_s = 0\n")
    try:
        table.press(3)
        table.wait(400)
        assert [o["key"] for o in own(table, 3)].count("lobby.stopped") == 1     # the list has stopped
        assert table.heard("lobby.abandoned") == []
        assert table.call(lambda: table.service.game.table.lobby.phase) == "questions"  # still the seat's setup
    finally:
        table.close()


def test_a_board_with_one_game_to_set_up_asks_the_language_first_then_that_games_questions(tmp_path, mocker):
    mocker.patch("firmware_host.table.lobby.lobby_games", autospec=True, return_value=["become_dictator"])
    table = Table(tmp_path, seed=None)                     # the game draws its own deal
    try:
        signals = seat_setup_signals({"game": "become_dictator", "language": "en", "players": 4}, by=1)
        assert not [s for s in signals if s.get("key") == "lobby.option.game"]
        table.play_all(signals)
        table.wait(5)
        questions = [o["key"] for o in own(table, 1) if o["key"].startswith(("lobby.question", "setup.question"))]
        assert questions[:2] == ["lobby.question.language", "lobby.question.players"]
        assert "lobby.question.game" not in questions
        assert table.heard("lobby.all_present") and table.last_setup()["players"] == 4
    finally:
        table.close()


def test_A32_a_pick_in_the_setup_is_answered_at_once_with_the_words_of_the_answer(tmp_path):
    table = Table(tmp_path, paced=True)
    try:
        table.press(2)
        offered = table.wait_heard("lobby.option.game", seat=2)
        assert offered is not None
        table.wait(offered["end"] + 1.0 - table.now)
        table.press(2)
        answer = table.wait_heard("scan.selected", seat=2, timeout=30)
        assert answer is not None and answer["start"] - table.presses[-1][1] < 0.5    # at once
        assert answer["params"] == {"item": offered["text"]}
        assert offered["text"] == "Secret Dictator" and offered["text"] in answer["text"]
    finally:
        table.close()


def test_every_press_of_a_setup_from_the_seats_is_taken_by_the_setup_and_none_reaches_a_game(tmp_path, mocker):
    """``Lobby.handles`` is True for every press it takes (the front then gives it to no game:
    after game over an "I am here" press must not also go to the last game's evening)."""
    table = Table(tmp_path, seed=None)
    try:
        lobby = table.service.game.table.lobby
        handles = mocker.spy(lobby, "handles")
        table.play_all(seat_setup_signals({"game": "become_dictator", "language": "en", "players": 4}, by=1))
        table.drain()
        assert table.heard("lobby.all_present")
        presses = len(table.presses)
        assert handles.call_count == presses and handles.spy_return_list == [True] * presses
    finally:
        table.close()


def test_a_board_with_two_games_to_set_up_asks_which_game_first(tmp_path, mocker):
    mocker.patch("firmware_host.table.lobby.lobby_games", autospec=True,
                 return_value=["secret_dictator", "become_dictator"])
    table = Table(tmp_path, seed=None)
    try:
        table.press(1)
        table.wait_heard("lobby.question.game", seat=1, timeout=30)
        questions = [o["key"] for o in own(table, 1) if o["key"].startswith("lobby.question")]
        assert questions[:1] == ["lobby.question.game"]
        table.wait(20)
        offered = [o["params"]["title"] for o in own(table, 1) if o["key"] == "lobby.option.game"]
        assert offered[:2] == ["Secret Dictator", "So werde ich zum Diktator"]
    finally:
        table.close()


def test_A26_a_press_at_another_seat_during_a_setup_is_answered_in_its_earphone_as_its_own_request(tmp_path, mocker):
    """"Seat 3 is setting up" answers that seat's press at once, cutting what its earphone says
    (priority ``request``, ACCESSIBILITY.md 4, 26), not queued behind it."""
    table = Table(tmp_path)
    try:
        say = mocker.spy(table.service.voice, "say")
        table.press(2)
        table.wait_heard("lobby.question.game", seat=2, timeout=30)
        table.press(6)
        table.wait(3)
        busy = [c for c in say.call_args_list if c.kwargs.get("key") == "lobby.busy"]
        assert [(c.args[0], c.kwargs["priority"]) for c in busy] == [("seat:6", "request")]
        answered = [o for o in table.starts if o.get("output") == "seat:6" and o.get("key") == "lobby.busy"]
        assert [o["params"] for o in answered] == [{"seat": 2}]
        assert answered[0]["start"] - table.presses[-1][1] < 0.5                # at once
    finally:
        table.close()


def test_the_language_answered_in_a_setup_is_the_voices_from_the_next_question_on(tmp_path, mocker):
    table = Table(tmp_path)
    try:
        set_language = mocker.spy(table.service.voice, "set_language")
        signals = seat_setup_signals({"game": "become_dictator", "language": "en", "players": 4}, by=0)
        language = next(i for i, s in enumerate(signals) if s.get("key") == "lobby.option.language.en")
        table.play_all(signals[:language + 2])                 # up to the press on "English"
        table.wait(0.5)
        assert set_language.call_args_list[-1] == mocker.call("en")
    finally:
        table.close()


def test_a_game_chosen_again_after_back_asks_that_games_questions_once(tmp_path):
    """Back from the language question to the game question, another game chosen: the
    questions that follow are the new game's, once (not the first game's left over)."""
    table = Table(tmp_path, seed=None)
    try:
        def wait_for(key: str, params: dict | None = None) -> dict:
            return {"signal": "wait_for", "key": key, "params": params or {}, "timeout": 120}

        press = {"signal": "button", "seat": 0, "gesture": "press"}
        table.play_all([press, wait_for("lobby.option.game", {"title": "Secret Dictator"}), press,
                        wait_for("lobby.back"), press,                        # back to the game question
                        wait_for("lobby.option.game", {"title": "So werde ich zum Diktator"}), press,
                        wait_for("lobby.option.language.en"), press,
                        wait_for("lobby.question.players"), {"signal": "wait", "seconds": 1}])
        questions = [o["key"] for o in table.starts if o.get("output") == "seat:0"
                     and o.get("key", "").startswith(("lobby.question", "setup.question"))]
        second = len(questions) - 1 - questions[::-1].index("lobby.question.game")
        assert questions[second:] == ["lobby.question.game", "lobby.question.language", "lobby.question.players"]
        table.wait(8)
        counts = [o["params"]["count"] for o in table.starts if o.get("output") == "seat:0"
                  and o.get("key") == "lobby.option.players"]
        assert counts and min(counts) < 5                                     # the new game's counts (4-)
    finally:
        table.close()


def test_A11_A28_the_wait_for_the_first_seat_runs_from_the_tables_call_and_its_reminder(tmp_path):
    """Once the setup's questions are answered the table calls the seats (``lobby.presence.call``,
    at the table); with nobody pressing, a quiet spell (20 s) after that call has ended (the
    table heard it, not the setting-up seat's last clip) is followed by a reminder naming every
    seat still to come (``lobby.waiting``, issue 31), and the setup is abandoned
    ``setup_abandon_s`` after that reminder has ended, never before one was said."""
    table = Table(tmp_path, config="[service]\nsetup_abandon_s = 20\n")
    try:
        signals = seat_setup_signals({"game": "become_dictator", "language": "en", "players": 4}, by=1)
        called = next(i for i, s in enumerate(signals) if s.get("key") == "lobby.presence.call")
        table.play_all(signals[:called + 1])            # the call heard, and no seat presses
        table.wait(300)
        abandoned = table.heard("lobby.abandoned")
        call = table.heard("lobby.presence.call")
        waiting = table.heard("lobby.waiting")
        assert len(abandoned) == 1 and len(call) == 1 and call[0]["output"] == "table"
        assert len(waiting) == 1 and waiting[0]["output"] == "table" and waiting[0]["params"] == {"seats": [0, 1, 2, 3]}
        assert abs(waiting[0]["start"] - (call[0]["end"] + 20.0)) < 0.05
        assert max(o["end"] for o in table.heard() if o["start"] < abandoned[0]["start"]) == waiting[0]["end"]
        assert abs(abandoned[0]["start"] - (waiting[0]["end"] + 20.0)) < 0.05
    finally:
        table.close()
