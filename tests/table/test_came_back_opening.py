"""A game that comes back before any seat has moved tells its opening again, in every game,
one way whatever brought it back (the table kit's ``BoardAdapter.came_back``): the game
master's "Undo last action" after the console's Restart, and a restart after a power cut.

Found by a probe: the console's Restart 4 s after Start (the opening cut, rightly), then
"Undo last action": the table heard "Game master: the game that was ended goes on where it
stood." and the next step's line ("Now: president seat 1 nominates…", "Noon of day one:
votes", "Killers, open your eyes…", "Round one. Seat 1's turn.") — no role, hand, character,
Mentor or first Dirty Trick was ever said to anyone. Now every seat hears its prolog again
(the kit's ``say_prolog``: one clip per seat, all at once, padded to one length,
ACCESSIBILITY.md 9, 23; R16), after ``gm.game_back`` (or ``service.resumed``), and the table
goes on after it. Nothing is journaled anew: the game is the one the journal kept.

Played through ``simulate`` on the mocked board at real clip lengths (espeak-ng), over every
registered game."""

from __future__ import annotations

import shutil

import pytest

from firmware_host.kernel import games
from firmware_host.service.backend import ConsoleBackend
from firmware_host.table import BoardAdapter

from .test_conformance import hooks, new_table
from .table import Table

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")

EPS = 0.05
#: seconds after the start when the console's Restart cuts the opening (the probe's 4 s)
RESTART_AFTER_S = 4.0


def _prolog_heard(table: Table, spy, since_call: int, mark: int) -> tuple[list, dict]:
    """Time runs until the prolog said after ``mark`` has been heard whole: the prolog's
    Utterances (the spy's return after ``since_call`` calls) and every seat's clip line."""
    for _ in range(1200):
        if spy.call_count > since_call:
            break
        table.wait(0.25)
    assert spy.call_count > since_call, "no prolog was said: nobody was told the opening"
    said = spy.spy_return_list[since_call]
    seats = sorted({u.channel for u in said})
    clip: dict = {}
    for _ in range(1200):
        clip = {}
        for o in table.starts[mark:]:
            if o.get("output") in seats and o["output"] not in clip and o.get("start") is not None:
                clip[o["output"]] = o
        if len(clip) == len(seats) and all("end" in o for o in clip.values()):
            break
        table.wait(0.25)
    return said, clip


def _check_opening_told(table: Table, said: list, clip: dict, back_key: str | None, mark: int) -> None:
    players = table.call(lambda: table.service.game.active.players())
    # every seat's earphone: one prolog clip, all at one moment and of one length (R16, A23)
    assert sorted(u.channel for u in said) == [f"seat:{s}" for s in range(players)], said
    assert len(clip) == players, sorted(clip)
    starts = [o["start"] for o in clip.values()]
    lengths = [o["end"] - o["start"] for o in clip.values()]
    assert max(starts) - min(starts) <= EPS, starts
    assert max(lengths) - min(lengths) <= EPS, lengths
    assert not any(o.get("cut") for o in clip.values())
    # after the table heard that the game is back, never before it (the boot's
    # ``service.resumed`` is said before the test's table listens: ``back_key`` None)
    if back_key is not None:
        keys = [o["key"] for o in table.starts[mark:]]
        assert back_key in keys, keys[:10]
        back = next(o for o in table.starts[mark:] if o["key"] == back_key)
        assert min(starts) >= back["start"], (back, min(starts))
    # the table goes on after it: a public line once the prolog has ended
    table.wait(30.0)
    after = [o for o in table.starts[mark:] if o.get("output") in ("table", "public")
             and o["start"] >= max(o2["end"] for o2 in clip.values()) - EPS]
    assert after, "the table said nothing after the opening"


@pytest.mark.parametrize("name", games.names())
def test_A9_A23_undo_after_restart_in_the_opening_tells_every_seat_its_opening(tmp_path, name, mocker):
    spy = mocker.spy(BoardAdapter, "say_prolog")
    table = new_table(tmp_path, name)
    try:
        table.play({"setup": hooks(name).sample_setup("en")})
        table.wait(RESTART_AFTER_S)
        backend = ConsoleBackend(table.service)
        game_id = table.call(lambda: table.service.game.game_id)
        actions = table.call(lambda: list(table.service.journal.actions(game_id)))
        table.call(lambda: backend.command("restart"))
        table.wait(2.0)
        calls, mark = spy.call_count, len(table.starts)
        back = table.call(lambda: backend.command("undo"))
        assert back.get("restored") == game_id, back
        said, clip = _prolog_heard(table, spy, calls, mark)
        _check_opening_told(table, said, clip, "gm.game_back", mark)
        # nothing journaled anew: the game the journal kept, with its chance inputs only
        assert table.call(lambda: list(table.service.journal.actions(game_id))) == actions
    finally:
        table.close()


@pytest.mark.parametrize("name", games.names())
def test_A9_A23_a_game_resumed_after_a_power_cut_in_its_opening_tells_every_seat_its_opening(
        tmp_path, name, mocker):
    first = new_table(tmp_path, name)
    try:
        first.play({"setup": hooks(name).sample_setup("en")})
        first.wait(RESTART_AFTER_S)
    finally:
        first.close()
    spy = mocker.spy(BoardAdapter, "say_prolog")
    table = Table(tmp_path, journal=first.journal)
    try:
        said, clip = _prolog_heard(table, spy, 0, 0)
        _check_opening_told(table, said, clip, None, 0)
    finally:
        table.close()
