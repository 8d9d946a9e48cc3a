"""A fresh board's first setup from the seats is as quick as a later one (issue 31): the
setup's sentences are the board's own and the same every evening, so the board renders them in
the background when the service starts (``Lobby.sentences``, handed to the voice's pre-render
plan at boot ahead of the game's table, in each of the board's languages).

- every sentence a whole setup from the seats says, in the setting-up seat's earphone and at
  the table (questions, answers, picks' answers, the "start" summary, "I am here" and its
  counts), is in the lobby's plan, for its channel and in the language it is said in;
- a board that boots with no game hands the voice a plan that begins with the setup's
  sentences in the board's language and goes on with the game's table; a board that resumes
  a game plans that game's table only.

``simulate``'s mocked board (:class:`tests.table.table.Table`), the real service and SQLite
journal; the voice's ``prerender`` spied (an autospec of the real method)."""

from __future__ import annotations

import pytest

from firmware_host.table.lobby import seat_setup_signals

from .table import Table, quiet_service

#: (answers of a setup from the seats, the seat setting up): a game in the board's language and
#: one in another, with a variant question and with the player count alone
SETUPS = [({"game": "secret_dictator", "language": "en", "players": 6, "variant": "rulebook", "deck": "untracked"}, 2),
          ({"game": "autocracy", "language": "de", "players": 4}, 0)]


@pytest.mark.parametrize("answers, by", SETUPS, ids=[a["game"] for a, _ in SETUPS])
def test_issue31_every_sentence_of_a_setup_from_the_seats_is_in_the_boards_plan(tmp_path, answers, by):
    table = Table(tmp_path, seed=3)
    try:
        first = len(table.heard())
        table.play_all(seat_setup_signals(answers, by=by))
        table.wait(5)
        assert table.heard("lobby.all_present"), "the setup was not finished"
        lobby = table.service.game.table.lobby
        planned = set(table.call(lambda: list(lobby.sentences())))
        said = [o for o in table.heard()[first:] if o["key"].startswith(("lobby.", "setup.", "scan.selected"))]
        assert len(said) > 15
        board, chosen = "de", answers["language"]
        missing = [(o["channel"], o["text"]) for o in said
                   if not {(o["channel"], o["text"], lang) for lang in (board, chosen)} & planned]
        assert missing == []
        summary = next(o for o in said if o["key"] == "lobby.question.start")
        assert (f"seat:{by}", summary["text"], chosen) in planned      # the answers said back, in the game's language
    finally:
        table.close()


def test_issue31_a_board_with_no_game_plans_the_setup_first_in_its_language_then_the_games_table(tmp_path, mocker):
    service = quiet_service(tmp_path)
    prerender = mocker.patch.object(service.voice, "prerender", autospec=True)
    service.start()
    try:
        assert prerender.call_count >= 1
        items = list(prerender.call_args.args[0]())
        lobby = [i for i in items if len(i) == 3]
        assert len(lobby) > 100 and items[:len(lobby)] == lobby             # the setup's sentences first
        assert lobby[0][2] == "de" and {lang for _, _, lang in lobby} >= {"de", "en"}
        first_en = next(k for k, i in enumerate(lobby) if i[2] == "en")
        assert all(i[2] == "de" for i in lobby[:first_en])                  # the board's language first
        assert any(t == "Secret Dictator" for _, t, _ in lobby)             # a game's title, an answer
        assert len(items) > len(lobby) and all(len(i) == 2 for i in items[len(lobby):])  # then the game's table
    finally:
        service.stop()
