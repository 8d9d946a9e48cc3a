"""The tray's memory in the journal (BOARD.md "Each reader has its own tiles", RULES.md R16):
what Secret Dictator's tray has read (the discard pile since the last reshuffle, the
chancellor's discard, the law left after an enactment, an agreed veto's laws still to come) is
journaled as a ``discards`` note when it changes, in the real SQLite journal, and taken back
when the game is rebuilt; an undo after the note forgets it, as an undo in play does; a note
that does not read as one is nothing read (never a tile the tray did not read)."""

from __future__ import annotations

import pytest

from firmware_host.games.secret_dictator.board.deck import EMPTY, PhysicalDeck
from firmware_host.games.secret_dictator.board.game import SecretDictatorGame
from firmware_host.service.journal import Journal
from firmware_host.table.moves import MoveLog


@pytest.fixture
def journal(tmp_path):
    j = Journal(tmp_path / "journal.sqlite3")
    yield j
    j.close()


def _deck(mocker, journal: Journal, game_id: int) -> PhysicalDeck:
    """A deck whose board is a stand-in (autospec) with a game in play, whose move log writes
    its notes into ``journal``."""
    board = mocker.create_autospec(SecretDictatorGame, instance=True)
    board.game = object()
    board.moves = mocker.create_autospec(MoveLog, instance=True)
    board.moves.note.side_effect = lambda note: journal.append_note(game_id, note)
    return PhysicalDeck(board)


def _notes(journal: Journal, game_id: int) -> list[dict]:
    return [body for kind, body in journal.entries(game_id) if kind == "note"]


def test_R16_the_trays_memory_is_journaled_when_it_changes_and_comes_back_whole(mocker, journal):
    game_id = journal.begin_game({"players": 7, "seed": 3})
    deck = _deck(mocker, journal, game_id)
    deck.remember()
    assert _notes(journal, game_id) == [], "nothing read, nothing changed: no note"
    deck.discard_pile.add(("fascist", 3))
    deck.remember()
    deck.remember()                                   # unchanged: written once
    deck.discard_pile.add(("democratic", None))       # a tile whose number the reader did not give
    deck.chancellor_discard = "democratic"
    deck.discard_after = (2, "fascist")
    deck._vetoed_laws = 1
    deck.remember()
    assert len(_notes(journal, game_id)) == 2
    back = _deck(mocker, journal, game_id)
    back.restore(journal.entries(game_id))
    assert back.discard_pile == {("fascist", 3), ("democratic", None)}
    assert (back.chancellor_discard, back.discard_after, back.vetoed_law(("fascist", 7))) == \
        ("democratic", (2, "fascist"), True)
    back.remember()
    assert len(_notes(journal, game_id)) == 3       # the vetoed law read after the restart changed it


def test_R16_an_undo_after_the_note_forgets_the_trays_memory_as_in_play(mocker, journal):
    game_id = journal.begin_game({"players": 5, "seed": 1})
    journal.append_action(game_id, {"action": "nominate", "seat": 0, "target": 1})
    deck = _deck(mocker, journal, game_id)
    deck.discard_pile.add(("fascist", 1))
    deck.remember()
    journal.append_undo(game_id)
    back = _deck(mocker, journal, game_id)
    back.discard_pile.add(("democratic", 2))        # whatever it held before is replaced
    back.restore(journal.entries(game_id))
    assert back.memory() == EMPTY
    back.discard_pile.add(("fascist", 1))           # read again after the undo: a new note
    back.remember()
    assert _notes(journal, game_id)[-1]["discard_pile"] == [["fascist", 1]]


@pytest.mark.parametrize("note, kept", [
    ({"discard_pile": "fascist"}, set()),
    ({"discard_pile": [["liberal", 1], ["fascist", "2"], ["fascist"], "fascist", [["fascist"], 1],
                       ["democratic", 1]]}, {("democratic", 1)}),
    ({"chancellor_discard": "liberal", "discard_after": [None, "fascist"], "vetoed_laws": 3}, set()),
    ({"discard_after": ["2", "fascist"], "vetoed_laws": True}, set()),
], ids=["pile-not-a-list", "tiles-of-no-party-or-number", "unknown-party-and-seat", "wrong-types"])
def test_a_note_that_does_not_read_as_the_trays_memory_is_nothing_read(mocker, journal, note, kept):
    game_id = journal.begin_game({"players": 5, "seed": 1})
    journal.append_note(game_id, {"note": "discards", **note})
    deck = _deck(mocker, journal, game_id)
    deck.restore(journal.entries(game_id))
    assert deck.discard_pile == kept
    assert (deck.chancellor_discard, deck.discard_after, deck._vetoed_laws) == (None, None, 0)
