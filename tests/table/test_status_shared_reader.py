"""A status and a seat's act at a shared reader, in every game (issue 31; ACCESSIBILITY.md 29;
BOARD.md "Each reader has its own tiles"): a tile laid at a reader that no seat owns (Secret
Dictator's law tray) names no seat on its event, yet it is the act of the seat it answers in
its own earphone. A status that seat asked for just before, still waiting for the table, would
tell what was open before the act once it is heard after the act's answer: it is dropped, as
for a tile or press that names the seat, and the seat's next hold starts at the first layer.

Played through ``simulate`` on the mocked board at real clip lengths (:mod:`tests.table.table`),
over every registered game, from its pack's scripting hooks; a game whose script lays no tile
naming no seat has no such act (skipped, named).
"""

from __future__ import annotations

from typing import Any

import pytest

from firmware_host.kernel import games

from .table import Table
from .test_status_layers import fresh_status_after_answer
from .test_conformance import hooks


def _shared_act(name: str) -> tuple[list[dict], int]:
    """A whole sample game's signals and the index of its first tile signal naming no seat
    (``pytest.skip`` when the game lays none)."""
    script = hooks(name)
    setup = script.sample_setup("en")
    signals = script.signals_for_game(setup, script.whole_game(setup, 2))
    tiles = {kind.signal for kind in games.pack(name).tile_kinds}
    i = next((i for i, s in enumerate(signals) if s.get("signal") in tiles and not isinstance(s.get("seat"), int)),
             None)
    if i is None:
        pytest.skip(f"{name}: its script lays no tile at a reader no seat owns")
    return signals, i


def _answered_seat(tmp_path: Any, signals: list[dict], i: int) -> int:
    """The seat whose earphone answers the shared tile ``signals[i]`` first (played alone on
    a table of its own): the seat whose act it is."""
    table = Table(tmp_path / "probe", seed=None)
    try:
        table.play_all(signals[:i])
        table.drain()
        table.wait(1.5)
        acted = table.now
        table.play(signals[i])
        table.wait(1.0)
        mine = [l for l in table.starts if str(l.get("output", "")).startswith("seat:") and l["start"] >= acted - 1e-6]
        assert mine, "the tile at the shared reader was answered in no seat's earphone"
        return int(mine[0]["output"].split(":")[1])
    finally:
        table.close()


@pytest.mark.parametrize("name", games.names())
def test_A29_issue31_a_status_waiting_for_the_table_is_said_afresh_after_the_seats_own_tile_at_a_shared_reader(
        tmp_path, name):
    """The seat whose tile is next at the shared reader holds while the table still tells the
    move before (Secret Dictator: the election's count, the president's hand), then lays its
    tile 0.4 s later: the act is answered in its earphone at once, and the status follows that
    answer worded afresh (the status worded at the hold told what was open before)."""
    signals, i = _shared_act(name)
    (tmp_path / "probe").mkdir()
    seat = _answered_seat(tmp_path, signals, i)
    table = Table(tmp_path, seed=None)
    try:
        table.play_all(signals[:i])
        held = table.now
        table.press(seat, "hold")
        table.wait(0.4)
        assert table.call(lambda: table.service.game.active.status_waiting(seat)), \
            "the status did not wait for the table: this test would check nothing"
        acted = table.now
        table.play(signals[i])                   # the seat's tile at the shared reader
        table.drain()
        table.wait(2.0)
        mine = [l for l in table.starts if l.get("output") == f"seat:{seat}" and l["start"] >= held - 1e-6]
        fresh_status_after_answer(table, seat, mine, acted)
    finally:
        table.close()


def test_A29_issue31_a_refusal_at_a_shared_reader_keeps_a_waiting_status_which_still_says_what_is_open(tmp_path):
    """A refused tile at a reader no seat owns (Secret Dictator: a law at the tray during a
    vote) changes nothing that is open: the status a seat asked for while the table still
    said the nomination is not dropped by it, and what it says after the refusal is true then
    (the vote it still owes: "You: vote"), not an answer to an act the seat never made."""
    hooks_ = games.pack("secret_dictator").scripting()
    setup = hooks_.sample_setup("en")
    nominate = hooks_.whole_game(setup, 2)[0]
    assert nominate["action"] == "nominate"
    table = Table(tmp_path).set_up(setup)
    try:
        table.gm("act", action=nominate)
        table.wait(0.3)                              # the nomination is being said at the table
        seat = next(s for s in range(5) if s not in (nominate["seat"], nominate["target"]))
        held = table.now
        table.press(seat, "hold")
        table.wait(0.3)
        assert table.call(lambda: table.service.game.active.status_waiting(seat)), \
            "the status did not wait for the table: this test would check nothing"
        table.play({"signal": "law_read", "party": "fascist"})      # refused: no law is discarded now
        table.drain()
        table.wait(3.0)
        refusal = next(o for o in table.starts if o["key"] == "refusal.no_discard" and o["start"] >= held)
        status = [o for o in table.starts if o.get("output") == f"seat:{seat}" and o["key"].startswith("status.")
                  and o["start"] >= held]
        assert status, "the status asked for was dropped by a refusal that changed nothing"
        assert status[0]["key"] == "status.now.you", status[0]
        assert "vote" in status[0]["text"].lower() and status[0]["end"] >= refusal["start"]
    finally:
        table.close()
