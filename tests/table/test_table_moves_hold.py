"""A started setup whose game begins only once the table has read it (the table's
``moves.hold`` and ``moves.start(setup)``; the kit's ``dealt`` hook returning None, then
``begin``): Secret Dictator with ``role_source = "tiles"`` (BOARD.md "Roles"), each seat's role
tile read at the ballot box in turn.

- Started over a running game, that game is given up at once (abandoned, an ``ended`` note
  that says it was replaced), and the journal holds no new game while the tiles are read; the
  STATUS= line says only the step ("reading role tiles"), no game number.
- Undo then brings the replaced game back where it stood (its replacement had no move).
- Once every tile is read the game begins with the roles read: a new journal game, playing;
  the replaced game stays within undo's reach until the new one has a move.

Real service, SQLite journal and silent voice; the tiles are the hardware layer's
``TileRead`` events given to the adapter as the board gives them."""

from __future__ import annotations

import pytest

from firmware_host.hardware.events import TileRead
from firmware_host.service.core import BoardService

from .table import quiet_service

DEALT = {"game": "secret_dictator", "players": 5, "seed": 4, "language": "en"}
ROLES = ["democrat", "fascist", "democrat", "dictator", "democrat"]


@pytest.fixture()
def held(tmp_path):
    """A dealt game running, then a setup with role tiles started over it; (service, adapter,
    the first game's journal id)."""
    service = quiet_service(tmp_path)
    service.start()
    try:
        service.call(lambda: service.game.setup_game(dict(DEALT)))
        adapter = service.game.active
        first = adapter.moves.game_id
        service.call(lambda: adapter.setup_game({**DEALT, "role_source": "tiles"}))
        yield service, adapter, first
    finally:
        service.stop()


def read_roles(service: BoardService, adapter, roles: list[str]) -> None:
    numbers: dict[str, int] = {}
    for role in roles:
        numbers[role] = numbers.get(role, 0) + 1
        tile = TileRead(reader="ballot", kind="role", value=role, number=numbers[role])
        service.call(lambda: adapter.handle_input(tile))


def test_a_setup_read_from_tiles_gives_up_the_running_game_and_journals_none_until_read(held):
    service, adapter, first = held
    assert service.journal.game(first).status == "abandoned"
    notes = [b for k, b in service.journal.entries(first) if k == "note"]
    assert {"note": "ended", "by": "game master", "replaced": True} in notes
    assert service.journal.last_game().id == first                     # no new game yet
    assert adapter.game is None and adapter.game_id is None and adapter.setup is not None
    assert not adapter.moves.prepared
    assert service.call(adapter.status_line) == "reading role tiles"


def test_undo_while_the_tiles_are_read_brings_the_replaced_game_back(held):
    service, adapter, first = held
    back = service.call(lambda: adapter.command("undo"))
    assert back["restored"] == first and adapter.game_id == first
    assert service.journal.game(first).status == "playing"
    assert service.call(adapter.status_line).startswith(f"game {first}: secret_dictator ")


def test_the_game_begins_with_the_roles_read_once_every_tile_is_read(held):
    service, adapter, first = held
    read_roles(service, adapter, ROLES)
    game = service.journal.last_game()
    assert game.id != first and game.status == "playing" and not game.actions
    assert game.setup["roles"] == ROLES and adapter.game_id == game.id
    assert adapter.moves.setup.to_json()["roles"] == ROLES
    assert service.call(adapter.status_line) == f"game {game.id}: secret_dictator {adapter.game.phase}"


def test_the_replaced_game_stays_within_undos_reach_after_the_tiles_are_read_until_a_move(held):
    service, adapter, first = held
    read_roles(service, adapter, ROLES)
    assert not service.journal.actions(adapter.game_id)
    assert service.call(adapter.moves.can_restore)          # ended_id: "until the next game has a move"
