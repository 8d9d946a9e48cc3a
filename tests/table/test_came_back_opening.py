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


def _prolog_texts(table: Table, lines: list[dict], players: int) -> dict[str, list[str]]:
    """Each seat's earphone's lines of its first clip among ``lines`` (a clip of several lines
    writes one per line, all with one start): the words each seat was told."""
    out: dict[str, list[str]] = {}
    first: dict[str, float] = {}
    for o in lines:
        seat = o.get("output")
        if seat not in {f"seat:{s}" for s in range(players)} or o.get("key") == "answer.cue":
            continue
        first.setdefault(seat, o["start"])
        if abs(o["start"] - first[seat]) <= EPS:
            out.setdefault(seat, []).append(o.get("text"))
    return out


def _prolog_started(table: Table, spy, index: int = 0) -> None:
    """Time runs until the prolog said ``index``-th (0 the first) has played 1 s."""
    for _ in range(2400):
        if spy.call_count > index and all(u.plays for u in spy.spy_return_list[index]):
            table.wait(1.0)
            return
        table.wait(0.1)
    raise AssertionError("the prolog never started")


@pytest.mark.parametrize("name", games.names())
def test_R16_the_opening_told_again_is_the_games_own_never_the_given_up_deals(tmp_path, name, mocker):
    """The game master's restart with a new deal (``gm restart``) 1 s into the seats' prolog
    clips, then "Undo last action" 1 s into the new deal's: every seat hears again what it was told at the game's start
    (its own deal, word for word), and not one line of the given-up deal's prolog after
    ``gm.game_back``."""
    spy = mocker.spy(BoardAdapter, "say_prolog")
    table = new_table(tmp_path, name)
    try:
        setup = hooks(name).sample_setup("en")
        table.play({"setup": setup})
        players = table.call(lambda: table.service.game.active.players())
        opening = len(table.starts)
        _prolog_started(table, spy)
        told = _prolog_texts(table, table.starts[opening:], players)
        game_id = table.call(lambda: table.service.game.game_id)
        given_up = len(table.starts)
        table.gm("restart")
        _prolog_started(table, spy, 1)      # the given-up deal's prolog is playing
        calls, mark = spy.call_count, len(table.starts)
        back = table.call(lambda: ConsoleBackend(table.service).command("undo"))
        assert back.get("restored") == game_id, back
        said, clip = _prolog_heard(table, spy, calls, mark)
        _check_opening_told(table, said, clip, "gm.game_back", mark)
        again = _prolog_texts(table, table.starts[mark:], players)
        assert told and {s: told[s] for s in again if s in told} == {s: again[s] for s in told}, (told, again)
        other = _prolog_texts(table, table.starts[given_up:mark], players)
        changed = {s for s in other if s in told and other[s] != told[s]}
        assert other, "the given-up deal's prolog never began"
        for seat in changed:          # the given-up deal's words reached no seat after the undo
            heard = [o.get("text") for o in table.starts[mark:] if o.get("output") == seat]
            assert not set(other[seat]) - set(told[seat]) & set(heard), (seat, other[seat])
    finally:
        table.close()
