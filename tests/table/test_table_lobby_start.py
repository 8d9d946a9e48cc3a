"""The setup from the seats (the table's ``lobby``), at its language question and at its start:
the languages a game is offered in (the board's own, or the chosen game's that the board's
sentences exist in: French for *Autocracy*, AUTOCRACY.md; the board's language first), and a
setup the journal cannot take (the game cannot begin: it is refused at the table, naming the
journal, never started silently), and one the game refuses (its words in the game master's
fault line). The lobby on autospecs of the service, the host and the
board's voice (:func:`tests.table.test_table_units.lobby_of`)."""

from __future__ import annotations

import logging

from firmware_host.service.journal import JournalError

from .test_table_units import lobby_of


def offered(question: dict) -> list[str]:
    assert question["name"] == "language" and question["key"] == "lobby.question.language"
    assert all(o["key"] == f"lobby.option.language.{o['value']}" and o["params"] == {} for o in question["options"])
    return [o["value"] for o in question["options"]]


def test_autocracy_is_offered_in_its_own_languages_french_too_and_the_board_language_first(mocker):
    lobby, _, _ = lobby_of(mocker)
    lobby.language = "en"
    assert offered(lobby._language_question("autocracy")) == ["en", "de", "fr"]
    lobby.language = "fr"
    assert offered(lobby._language_question("autocracy")) == ["fr", "de", "en"]


def test_a_game_without_languages_of_its_own_is_offered_the_boards_and_no_french(mocker):
    lobby, _, _ = lobby_of(mocker)
    lobby.language = "en"
    assert offered(lobby._language_question("become_dictator")) == ["en", "de"]
    assert offered(lobby._language_question(None)) == ["en", "de"]
    lobby.language = "fr"                       # a language the game is not offered in: not first
    assert offered(lobby._language_question("become_dictator")) == ["de", "en"]


def test_a_setup_from_the_seats_the_journal_cannot_take_is_refused_naming_the_journal(mocker, caplog):
    lobby, service, speech = lobby_of(mocker)
    lobby.phase, lobby.seat, lobby.language = "presence", 0, "en"
    lobby.answers = {"game": "become_dictator", "players": 4}
    lobby.present = {0: None, 1: None, 2: None, 3: None}
    lobby.host.setup_game.side_effect = JournalError("journal j.sqlite3: disk I/O error")
    with caplog.at_level(logging.ERROR, logger="firmware_host.service"):
        lobby._start_game()
    lobby.host.setup_game.assert_called_once()
    assert lobby.host.setup_game.call_args.kwargs == {"from_seats": True}
    assert "setup from the seats refused (journal): journal j.sqlite3: disk I/O error" in caplog.text
    service.fault.assert_called_once_with("setup", "refused", "journal j.sqlite3: disk I/O error")
    refusal = speech.say.call_args
    assert refusal.args == ("public", "lobby.refused", {"reason": "journal"})
    assert refusal.kwargs["priority"] == "refusal" and lobby.phase == "idle"


def test_a_setup_from_the_seats_the_game_refuses_is_refused_with_the_games_words_in_the_fault(mocker):
    """A setup from the seats the game refuses (its player count, a name for a seat not in the
    game): the table hears why in one word ("players"), and the game master's fault line
    carries the refusal's own words."""
    from firmware_host.service.refusals import CommandRefused

    lobby, service, speech = lobby_of(mocker)
    lobby.phase, lobby.seat, lobby.language = "presence", 0, "en"
    lobby.answers = {"game": "become_dictator", "players": 4}
    lobby.present = {0: None, 1: None, 2: None, 3: None}
    lobby.host.setup_game.side_effect = CommandRefused("setup_players", "setup: 4 players are not enough")
    lobby._start_game()
    service.fault.assert_called_once_with("setup", "refused", "setup: 4 players are not enough")
    assert speech.say.call_args.args == ("public", "lobby.refused", {"reason": "players"})
