"""The secret order of a seat's private lists (RULES.md R16, issue 33: where a seat picks a
secret, the time to its press must not tell which item it picked): drawn from the game's own
seed where the setup deals one, else from the simulation's or robot table's seed, mixed with
the journal's game number; on a board (no seed at all) from the system's randomness, so that
nothing public foretells it. Checked on the kit's ``BoardAdapter.order_seed`` and the seat
scans it reseeds, with the real service and journal (the voice an autospec of the silent one)."""

from __future__ import annotations

import types

import pytest

from firmware_host.service.voice import SilentVoice
from firmware_host.table.scanning import ScanItem

from .table import quiet_service

SETUP = {"game": "become_dictator", "players": 4, "language": "en", "morning_seconds": 0}


@pytest.fixture()
def adapter(tmp_path, mocker):
    """In this way I become a DICTATOR set up on the real service; (service, its adapter)."""
    voice = mocker.create_autospec(SilentVoice, instance=True)
    for name, value in (("timed", False), ("confirm_whisper", False), ("has_earphones", True),
                        ("use_long_wording", False), ("repeat_last", None), ("seconds", None), ("measure", None)):
        getattr(voice, name).return_value = value
    service = quiet_service(tmp_path, voice=voice)
    service.start()
    service.call(lambda: service.game.setup_game(dict(SETUP)))
    yield service, service.game.active
    service.stop()


def test_R16_the_private_order_comes_from_the_games_seed_then_the_tables_and_the_game_number(adapter):
    service, board = adapter
    game_id = board.game_id
    assert game_id is not None
    service.setup_seed, service.order_seed = 11, 12
    assert board.order_seed(types.SimpleNamespace(seed=5)) == f"5-{game_id}"      # the game's own seed first
    assert board.order_seed(types.SimpleNamespace(seed=None)) == f"11-{game_id}"  # a seats' setup's seed
    assert board.order_seed(object()) == f"11-{game_id}"                          # a setup that deals no seed
    service.setup_seed = None
    assert board.order_seed(object()) == f"12-{game_id}"                          # a robot table's seed
    service.order_seed = None
    assert board.order_seed(object()) is None                                     # a board: the system's randomness


def test_R16_one_seed_gives_one_private_order_and_another_game_number_another(adapter):
    service, board = adapter
    items = [ScanItem(i, f"item {i}", "scan.seat", {"seat": i}) for i in range(8)]

    def orders(seed: object) -> list[list[int]]:
        board.scans.reseed(seed)
        return [[item.value for item in board.scans.private_order(items)] for _ in range(3)]

    service.setup_seed = 11
    first = orders(board.order_seed(object()))
    assert first == orders(board.order_seed(object()))                 # the same simulation, the same lists
    assert len({tuple(o) for o in first}) > 1                           # each list drawn afresh
    first_game = board.game_id
    service.call(board.moves.end)                                       # the next game of the evening
    service.call(lambda: service.game.setup_game(dict(SETUP)))
    board = service.game.active
    assert board.game_id != first_game
    assert orders(board.order_seed(object())) != first
