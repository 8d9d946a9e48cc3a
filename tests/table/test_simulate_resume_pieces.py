"""``simulate`` resuming a game on the same journal starts its mocked board with the game's
pieces in place (BOARD.md principle 2, issue 31's restarts): a real board keeps its law tiles and
tracker pin over a restart, so the resumed game hears no correction for tiles that never
moved. The game's adapter says where its state puts them (the kit's ``board_pieces`` hook,
``GameHost.pieces_at_boot``); the mocked board knows no game.

``simulate``'s mocked board on the real service and SQLite journal (:class:`tests.table.table.Table`)."""

from __future__ import annotations

from firmware_host.kernel import games

from .table import Table


def test_a_resumed_secret_dictator_starts_with_its_laws_and_tracker_on_the_mocked_board(tmp_path):
    hooks = games.pack("secret_dictator").scripting()
    setup = hooks.sample_setup("en")
    actions = hooks.whole_game(setup, 2)
    first = Table(tmp_path)
    try:
        first.set_up(setup)
        for action in actions[:len(actions) // 2]:
            first.gm("act", action=action)
        first.drain()
        game = first.call(lambda: first.service.game.game)
        laws = {"democratic": game.democratic_laws, "fascist": game.fascist_laws}
        tracker = game.tracker
    finally:
        first.close()
    assert sum(laws.values()) >= 1, "the first half of the game enacted a law"
    table = Table(tmp_path, journal=first.journal)
    try:
        table.wait(60)
        said = [o["key"] for o in table.heard(output="table")]
        assert "service.resumed" in said
        assert [k for k in said if k.startswith(("tile.", "tracker.", "chaos.place"))] == []
        config, mock = table.sim.config, table.sim.mock
        for track, count in laws.items():
            filled = [mock.pin(bcm).closed for bcm in config.slot_pins(track)]
            assert filled == [k < count for k in range(len(filled))]
        assert table.call(lambda: table.service.game.active.mirror.tracker) == tracker
    finally:
        table.close()


def test_a_board_with_no_game_to_resume_starts_with_empty_slots(tmp_path):
    table = Table(tmp_path)
    try:
        assert table.call(table.service.game.pieces_at_boot) is None
        config, mock = table.sim.config, table.sim.mock
        assert not any(mock.pin(bcm).closed for track in config.tracks for bcm in config.slot_pins(track))
    finally:
        table.close()
