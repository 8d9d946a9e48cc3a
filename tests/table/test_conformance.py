"""One table for every game (issue 22 "Done when"; ACCESSIBILITY.md; SIMULATE.md): one
conformance suite, parametrized over every registered game (``games.names()``), run through
``simulate`` on the mocked board at real clip lengths (espeak-ng), the players acting one to two
seconds after the clip meant for them has ended (:mod:`tests.table.table`).

A game joins by being registered: its pack's ``scripting()`` hook (``sample_setup``,
``seat_answers``, ``whole_game``, ``signals_for_game``, ``permuted``, ``REVEALS``,
``FINAL_CHOICES``) says how a table plays it from board signals alone and how its hidden
roles, hands or characters are moved between the seats. Nothing here names a game.

A check that a game fails today is marked ``xfail(strict=True)`` for that game in
:data:`KNOWN` with the defect in one line: when the defect is fixed the mark must go.
The whole-game checks are ``slow``; the default run keeps the short ones.
"""

from __future__ import annotations

import collections
import importlib
from pathlib import Path
from typing import Any, Callable

import pytest

from firmware_host.kernel import games
from firmware_host.table import pace
from firmware_host.table.adapter import LIST_AFTER_KEY
from firmware_host.table.lobby import seat_setup_signals
from firmware_host.table.scanning import PICKED_KEY

from .table import Table

#: check -> {game: the defect that makes it fail today, in one line}
KNOWN: dict[str, dict[str, str]] = {
    "next_game_from_the_seats": {
    },
    "evening_by_ear": {
    },
    "whisper_station": {
    },
    "non_interference": {
    },
    "console_hides_secrets": {
    },
    "press_in_the_grace_of_the_next_item": {
    },
    "reminded_whom_the_table_waits_for": {
    },
}


def cases(check: str) -> list[Any]:
    """Every registered game, with the xfail mark of :data:`KNOWN` where it fails today."""
    known = KNOWN.get(check, {})
    return [pytest.param(name, id=name, marks=[pytest.mark.xfail(strict=True, reason=known[name])]
                         if name in known else []) for name in games.names()]


def hooks(name: str) -> Any:
    """The game's scripting hooks (its pack's ``scripting()``); a pack the board cannot play
    is no table game yet (skipped); a table game without the hooks fails."""
    pack = games.pack(name)
    if not callable(pack.adapter):
        pytest.skip(f"{name}: no board adapter yet")
    hook = getattr(pack, "scripting", None)
    if not callable(hook):
        pytest.fail(f"{name}: its pack has no scripting() hook, so no table can play it from board signals")
    return hook()


# -- how the table plays ----------------------------------------------------------------------

def seed_for(name: str, answers: dict) -> int | None:
    """A fixed seed for a game set up from the seats (``simulate --seed``), where the game's
    setup takes one (a game that deals nothing refuses a seed)."""
    try:
        games.pack(name).lobby().check({**answers, "seed": 5})
    except Exception:  # noqa: BLE001 - the game's own setup check refused the seed
        return None
    return 5


def lobby_answers(name: str, language: str = "en") -> dict:
    script = hooks(name)
    return {"game": name, "language": language, **script.seat_answers()}


def new_table(tmp_path: Path, name: str, config: str | None = None, **kwargs: Any) -> Table:
    return Table(tmp_path, config, seed=seed_for(name, lobby_answers(name)), **kwargs)


def journal_games(table: Table) -> int:
    game = table.call(table.service.journal.last_game)
    return 0 if game is None else game.id


def until(table: Table, test: Callable[[], bool], seconds: float = 600.0, step: float = 1.0) -> bool:
    """Let time pass until ``test()`` (at most ``seconds``)."""
    end = table.now + seconds
    while not test():
        if table.now >= end:
            return False
        table.wait(step)
    return True


def set_up_from_the_seats(table: Table, name: str, *, first_press: bool = True) -> dict:
    """Seat 0 sets ``name`` up from its earphone and every player says "I am here" (no setup
    line, no ``gm``); the journaled setup of the game that starts."""
    before = journal_games(table)
    signals = seat_setup_signals(lobby_answers(name), seats=table.sim.config.seats)
    table.play_all(signals if first_press else signals[1:])
    assert until(table, lambda: journal_games(table) > before, 120), "no game started from the seats"
    table.drain()
    table.wait(1.5)
    return table.last_setup()


def play_whole_game(table: Table, name: str, setup: dict, seed: int = 2) -> list[dict]:
    """The table plays a whole game of the started ``setup`` from board signals (the
    script's setup line left out); the players' actions."""
    script = hooks(name)
    actions = script.whole_game(setup, seed)
    table.play_all(script.signals_for_game(setup, actions)[1:])
    table.drain()
    return actions


def play_script_game(table: Table, name: str, setup: dict, actions: list[dict] | None = None,
                     seed: int = 2, journaled: int | None = None) -> list[dict]:
    """The game master's setup line, then the table plays the whole game (or until
    ``journaled`` actions are in the journal)."""
    script = hooks(name)
    actions = script.whole_game(setup, seed) if actions is None else actions
    signals = script.signals_for_game(setup, actions)
    table.play_all(signals, stop=None if journaled is None else lambda: journal_actions(table) >= journaled)
    return actions


def journal_actions(table: Table) -> int:
    """The number of effective actions of the journal's latest game (0 before one)."""
    game = table.call(table.service.journal.last_game)
    return 0 if game is None else len(game.actions)


def sentences(key: str, params: dict, language: str, name: str) -> set[str]:
    """Every wording of ``key`` in ``language`` that the board's catalogue and the games'
    catalogues have (the game's own first)."""
    out: set[str] = set()
    modules = ["firmware_host.service.board_catalogue",
               *(games.REGISTRY[g].rsplit(".", 1)[0] + ".catalogue" for g in (name, *games.names()))]
    for module in modules:
        try:
            text = importlib.import_module(module).text
        except (ImportError, AttributeError):
            continue
        for long in (False, True):
            try:
                out.add(text(key, params, language, long=long))
            except Exception:  # noqa: BLE001 - not this catalogue's key
                pass
    return out


def in_english(line: dict, name: str) -> bool:
    en = sentences(line["key"], line["params"], "en", name)
    de = sentences(line["key"], line["params"], "de", name)
    return bool(en) and line["text"] in en and line["text"] not in de


def public(lines: list[dict]) -> list[dict]:
    return [o for o in lines if o.get("output") == "table"]


def faults(table: Table) -> list[dict]:
    return table.events("fault") + table.events("rejected")


# -- fast checks ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", cases("setup_from_the_seats"))
def test_A30_issue14_setup_from_the_seats(tmp_path, name):
    table = new_table(tmp_path, name)
    try:
        setup = set_up_from_the_seats(table, name)
        assert games.split_setup(setup)[0] == name
        assert table.heard("lobby.all_present")
        assert not faults(table)
    finally:
        table.close()


def damage_last_actions(path: Path) -> None:
    """Flip a bit inside the stored JSON of three late actions (still text)."""
    data = bytearray(path.read_bytes())
    spots = [i for i in range(len(data) - 10) if data[i:i + 9] == b'"action":'][-6:-3]
    assert spots, "no journaled action to damage"
    for i in spots:
        data[i + 12] ^= 0x01
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("name", cases("journal_damage_spoken"))
def test_journal_damage_at_boot_is_spoken_in_the_games_language(tmp_path, name):
    script = hooks(name)
    first = new_table(tmp_path, name)
    try:
        play_script_game(first, name, script.sample_setup("en"), journaled=8)
    finally:
        first.close()
    for suffix in ("-wal", "-shm"):
        Path(str(first.journal) + suffix).unlink(missing_ok=True)
    damage_last_actions(first.journal)
    table = Table(tmp_path, journal=first.journal)
    try:
        table.drain()
        said = [o for o in table.heard() if o["key"].startswith("journal.")]
        assert said and all(o["output"] == "table" for o in said), [o["key"] for o in table.heard()]
        assert all(in_english(o, name) for o in said), said          # the game's language, not the board's
    finally:
        table.close()


def refuse_last_action(path: Path, body: dict) -> None:
    """Rewrite the journal's last action as ``body`` with its CRC recomputed: the file is whole,
    the action one the rules cannot replay (the journal's CRC rule: game, kind and body)."""
    import json
    import sqlite3
    import zlib

    db = sqlite3.connect(path)
    entry, game = db.execute("SELECT id, game FROM entries WHERE kind = 'action' ORDER BY id DESC LIMIT 1").fetchone()
    text = json.dumps(body)
    db.execute("UPDATE entries SET body = ?, crc = ? WHERE id = ?",
               (text, zlib.crc32(f"{game}\naction\n{text}".encode("utf-8")), entry))
    db.commit()
    db.close()


@pytest.mark.parametrize("name", cases("journal_not_replayable_spoken"))
def test_a_whole_journal_whose_last_action_the_rules_refuse_is_said_not_resumed(tmp_path, name):
    """Finding 8, every game: a journal that passes its self-check but whose last action the
    rules refuse (a seat the game has not) is never dropped without a word: ``journal.not_resumed``
    at the table in the game's language (nothing was set aside, so never ``journal.game_lost``),
    a ``fault`` line of the journal, the game abandoned and the board ready for a setup."""
    script = hooks(name)
    first = new_table(tmp_path, name)
    try:
        actions = play_script_game(first, name, script.sample_setup("en"), journaled=4)
    finally:
        first.close()
    for suffix in ("-wal", "-shm"):
        Path(str(first.journal) + suffix).unlink(missing_ok=True)
    refuse_last_action(first.journal, {**actions[0], "seat": 99})
    table = Table(tmp_path, journal=first.journal)
    try:
        table.drain()
        said = [o for o in table.heard() if o["key"].startswith("journal.")]
        assert [o["key"] for o in said] == ["journal.not_resumed"], [o["key"] for o in table.heard()]
        assert said[0]["output"] == "table" and in_english(said[0], name)
        assert [(o["source"], o["reason"]) for o in table.events("fault")] == [("journal", "unreadable")]
        assert table.call(table.service.journal.unfinished) is None
        assert table.heard("service.ready")
    finally:
        table.close()


@pytest.mark.parametrize("name", cases("undo_and_restart"))
def test_undo_and_restart_by_the_game_master(tmp_path, name):
    script = hooks(name)
    table = new_table(tmp_path, name)
    try:
        play_script_game(table, name, script.sample_setup("en"), journaled=2)
        table.drain()
        before = journal_actions(table)
        mark = len(table.heard())
        table.gm("undo")
        table.drain()
        assert journal_actions(table) == before - 1
        said = public(table.heard()[mark:])               # the table hears what was undone
        assert said and in_english(said[0], name), [o["key"] for o in said]
        game = journal_games(table)
        table.gm("restart")
        table.drain()
        restarted = table.call(table.service.journal.last_game)
        assert restarted.id > game and restarted.status == "playing" and not restarted.actions
        assert games.split_setup(restarted.setup)[0] == name        # the same game, from its start
        assert table.call(lambda: table.service.journal.game(game)).status != "playing"
        assert not faults(table), faults(table)
    finally:
        table.close()


def start_game(tmp_path: Path, name: str) -> Table:
    """A table with the game master's setup line of the sample game, its start heard."""
    table = new_table(tmp_path, name)
    table.play({"setup": hooks(name).sample_setup("en")})
    table.drain()
    return table


def fault_lines(table: Table, since: int) -> list[dict]:
    return [o for o in table.heard()[since:] if o["key"].startswith("fault.")]


@pytest.mark.parametrize("name", cases("unplugged_reader_spoken"))
def test_unplugged_reader_is_spoken_in_the_games_words(tmp_path, name):
    table = start_game(tmp_path, name)
    try:
        mark = len(table.heard())
        table.play({"signal": "unplug", "reader": "ballot"})
        table.wait(5)
        table.drain()
        said = fault_lines(table, mark)
        assert said and said[0]["output"] == "table", [o["key"] for o in table.heard()[mark:]]
        assert in_english(said[0], name)
    finally:
        table.close()


@pytest.mark.parametrize("name", cases("stuck_button_spoken"))
def test_stuck_button_is_spoken_in_the_games_words(tmp_path, name):
    table = start_game(tmp_path, name)
    try:
        mark = len(table.heard())
        pin = table.sim.config.seat_buttons[2]
        table.play({"signal": "pin", "pin": pin, "level": "low", "hold": 30})
        table.drain()
        said = fault_lines(table, mark)
        assert said, [o["key"] for o in table.heard()[mark:]]
        assert said[0]["params"].get("seat") == 2 and in_english(said[0], name)
    finally:
        table.close()


@pytest.mark.parametrize("name", cases("silent_earphone_spoken"))
def test_silent_earphone_is_spoken_in_the_games_words(tmp_path, name):
    table = start_game(tmp_path, name)
    try:
        mark = len(table.heard())
        table.service.output_failed("seat:1", "no such device")   # as the audio layer reports it
        table.sim.settle()
        table.drain()
        said = fault_lines(table, mark)
        assert said and said[0]["output"] == "table", [o["key"] for o in table.heard()[mark:]]
        assert said[0]["params"].get("seat") == 1 and in_english(said[0], name)
    finally:
        table.close()


@pytest.mark.parametrize("name", cases("unknown_tag_spoken"))
def test_issue34_an_unknown_tag_is_spoken_in_the_games_words_from_the_board_catalogue(tmp_path, name):
    """Issue 34: a tag the board does not know, at any reader, is said at the table in the
    game's language from the board's own catalogue (never its raw key, never silence)."""
    from firmware_host.hardware.rfid import em4100_frame
    from firmware_host.service import board_catalogue

    table = start_game(tmp_path, name)
    try:
        mark = len(table.heard())
        table.play({"signal": "serial", "reader": "ballot", "hex": em4100_frame("0F00A1B2C3").hex()})
        table.wait(5)
        table.drain()
        said = [o for o in table.heard()[mark:] if o["output"] == "table"]
        assert said, [o["key"] for o in table.heard()[mark:]]
        assert said[0]["key"] in board_catalogue.MESSAGES and said[0]["key"] in ("tile.unknown", "fault.unknown_tag")
        assert in_english(said[0], name) and said[0]["text"] != said[0]["key"]
    finally:
        table.close()


def foreign_tile_signal(name: str) -> dict | None:
    """A tile signal of a kind another registered game reads and ``name`` does not (the kinds
    come from the packs, :func:`~firmware_host.hardware.tags.registered_kinds`), or None."""
    from firmware_host.hardware.tags import registered_kinds

    own = {k.kind for k in games.pack(name).tile_kinds}
    for kind in registered_kinds():
        if kind.kind in own or not kind.signal or not kind.demo:
            continue
        if kind.layout == "seat":
            return {"signal": kind.signal, "seat": 0, kind.value_field: kind.names[0]}
        if kind.layout == "numbered":
            return {"signal": kind.signal, kind.value_field: kind.names[0]}
    return None


@pytest.mark.parametrize("name", cases("foreign_tile_spoken"))
def test_issue34_another_games_tile_is_refused_in_the_games_words_without_naming_it(tmp_path, name):
    """Issue 32, 34: a tile of a kind this game does not read (another game's, as the packs
    declare their kinds) is said at the table in the game's language from the board's own
    catalogue, names no tile, and changes nothing."""
    signal = foreign_tile_signal(name)
    if signal is None:
        pytest.skip(f"{name} reads every registered kind of tile")
    table = start_game(tmp_path, name)
    try:
        _refused_as_not_this_games(table, name, signal)
    finally:
        table.close()


def _refused_as_not_this_games(table: Any, name: str, signal: dict) -> list[dict]:
    """Play ``signal`` once the game has settled: the table says only ``tile.not_this_game``,
    from the board's catalogue, in the game's language, and nothing is journaled.
    :returns: the ``fault`` lines it wrote."""
    from firmware_host.service import board_catalogue

    table.wait(5)
    table.drain()
    actions, mark, faults = journal_actions(table), len(table.heard()), len(table.events("fault"))
    table.play(signal)
    table.wait(5)
    table.drain()
    said = [o for o in table.heard()[mark:] if o["output"] == "table" and o["key"] not in REMINDERS]
    assert [o["key"] for o in said] == ["tile.not_this_game"], [o["key"] for o in table.heard()[mark:]]
    assert said[0]["key"] in board_catalogue.MESSAGES and said[0]["params"] == {}
    assert in_english(said[0], name)
    assert journal_actions(table) == actions
    return table.events("fault")[faults:]


@pytest.mark.parametrize("name", cases("tile_of_a_seat_not_playing"))
def test_a_seats_tile_of_a_seat_not_in_the_game_is_refused_as_not_this_games(tmp_path, name):
    """BOARD.md "never crashes on a bad signal", finding 9: a seat's tile of a seat the game
    has not (the first seat after the last one playing) is refused at the table as a tile this
    game does not use, in the game's language, with a ``fault`` line of reason ``not_playing``
    (as a button of such a seat); never a game master's "incomplete or invalid" input, and
    nothing is journaled."""
    kind = next((k for k in games.pack(name).tile_kinds if k.layout == "seat" and k.signal), None)
    if kind is None:
        pytest.skip(f"{name} has no seat's tile")
    setup = hooks(name).sample_setup("en")
    table = start_game(tmp_path, name)
    try:
        signal = {"signal": kind.signal, "seat": setup["players"], kind.value_field: kind.names[0]}
        faults = [(o["reason"], o["source"]) for o in _refused_as_not_this_games(table, name, signal)]
        assert [reason for reason, _ in faults] == ["not_playing"], faults
    finally:
        table.close()


#: what the table says by itself while it waits for a seat (table.reminders): whom it waits for
REMINDERS = ("table.waiting", "table.waiting_choice")


@pytest.mark.parametrize("name", cases("no_time_limit_by_default"))
def test_A11_nothing_is_decided_by_a_timer_by_default(tmp_path, name):
    """Twenty minutes of thinking decide nothing and the table says nothing by itself but
    whom it waits for (issue 31: a reminder decides nothing)."""
    table = start_game(tmp_path, name)
    try:
        table.wait(60)
        table.drain()
        actions = journal_actions(table)
        said = len(public(table.heard()))
        table.wait(1200)                           # twenty minutes of thinking at the table
        table.drain()
        assert journal_actions(table) == actions
        assert [o["key"] for o in public(table.heard())[said:] if o["key"] not in REMINDERS] == []
    finally:
        table.close()


@pytest.mark.parametrize("name", cases("reminded_whom_the_table_waits_for"))
def test_A28_issue31_a_seat_that_never_acts_the_table_hears_whom_it_waits_for_and_again_later(tmp_path, name):
    """ACCESSIBILITY.md 28, issue 31 (nobody waits in silence): the table plays up to the
    first choice of the game, and the seat that must choose never presses. Within 30 s of
    quiet the table hears whom it waits for (that seat named), then again later and less
    often; nothing is decided meanwhile (ACCESSIBILITY.md 11)."""
    table = new_table(tmp_path, name)
    try:
        setup, seat = to_first_choice(table, name)
        actions = journal_actions(table)
        quiet_from = max(o.get("end", o["start"]) for o in table.heard())
        table.wait(400)
        table.drain()
        reminders = [o for o in public(table.heard()) if o["key"] in REMINDERS and o["start"] >= quiet_from]
        assert len(reminders) >= 2, [(o["key"], o["start"]) for o in table.heard() if o["start"] >= quiet_from]
        first, second = reminders[0], reminders[1]
        assert first["start"] - quiet_from <= 30.0, (quiet_from, first)
        if first["key"] == "table.waiting":
            assert seat in first["params"]["seats"], first
        else:                     # who is awaited is a secret: an awaited seat's own earphone hears it,
            # and every other earphone a clip of the same length at the same moment (issue 33, R16)
            own = [o for o in table.heard() if o["output"].startswith("seat:") and o["key"] == "table.waiting_you"]
            assert own and own[0]["start"] == first["start"], own
            round_ = [o for o in table.heard() if o["output"].startswith("seat:")
                      and o["key"] in ("table.waiting_you", "table.waiting_others")
                      and abs(o["start"] - own[0]["start"]) <= 0.05]
            assert sorted(o["output"] for o in round_) == sorted(f"seat:{s}" for s in range(setup["players"])), round_
            assert max(o["end"] for o in round_) - min(o["end"] for o in round_) <= 0.05, round_
        gaps = [b["start"] - a["end"] for a, b in zip(reminders, reminders[1:])]
        assert gaps == sorted(gaps) and gaps[-1] > first["start"] - quiet_from, gaps   # again, less often
        assert journal_actions(table) == actions
    finally:
        table.close()


@pytest.mark.parametrize("name", cases("reminded_whom_the_table_waits_for"))
def test_A28_issue31_seats_browsing_their_own_earphones_do_not_keep_the_awaited_seat_from_being_called(tmp_path, name):
    """ACCESSIBILITY.md 28, issue 31: while the table waits for a seat everybody knows it waits
    for, another seat that keeps pressing (its last message again in its own earphone every
    12 s) does not keep the table from calling the awaited seat: the quiet is the table
    speaker's and the awaited seat's earphone's. (While who is awaited is a secret, every
    output counts, so when the reminder comes tells nothing: not checked here.)"""
    table = new_table(tmp_path, name)
    try:
        setup, seat = to_first_choice(table, name)
        adapter = table.call(lambda: table.service.game.active)
        if table.call(adapter.awaited_secret):
            pytest.skip("who is awaited is a secret here: every output's quiet counts (R16)")
        awaited = table.call(adapter.awaited)
        other = next((s for s in range(setup["players"]) if s not in awaited), None)
        if other is None:
            pytest.skip("every seat is awaited here")
        quiet_from = max(o.get("end", o["start"]) for o in table.heard())
        for _ in range(5):
            table.wait(12)
            table.press(other)
        table.drain()
        later = [o for o in table.heard() if o["start"] >= quiet_from]
        reminders = [o for o in public(later) if o["key"] in REMINDERS]
        assert any(o["output"] == f"seat:{other}" for o in later), "the other seat heard nothing"
        assert reminders and reminders[0]["start"] - quiet_from <= 30.0, \
            [(o["key"], o["output"], o["start"]) for o in later]
        assert seat in reminders[0]["params"]["seats"], reminders[0]
    finally:
        table.close()


@pytest.mark.parametrize("name", cases("reminded_whom_the_table_waits_for"))
def test_A28_issue31_after_the_awaited_seats_own_act_the_table_speaks_within_30s_of_quiet(tmp_path, name):
    """ACCESSIBILITY.md 28, issue 31 (nobody waits in silence): the table waits for a seat and
    has reminded it twice (the next reminder 80 s of quiet away); the awaited seat then presses,
    opening its list, and lets it run out without a pick. Its own act starts the reminders
    again from the first quiet spell: the next reminder comes within 30 s of the last sound on
    any output, not after the 80 s spell the wait had reached (robot table, Dying Message at
    10 seats: 34.9 s of silence after the awaited seat's cancel)."""
    table = new_table(tmp_path, name)
    try:
        _, seat = to_first_choice(table, name)
        quiet_from = max(o.get("end", o["start"]) for o in table.heard())
        table.wait(100)
        table.drain()
        before = [o for o in public(table.heard()) if o["key"] in REMINDERS and o["start"] >= quiet_from]
        assert len(before) >= 2, [(o["key"], o["start"]) for o in table.heard() if o["start"] >= quiet_from]
        table.wait(1.5)
        pressed = table.now
        table.press(seat)
        table.wait(300)
        table.drain()
        after = sorted((o for o in table.heard() if o["start"] >= pressed), key=lambda o: o["start"])
        first = next((o for o in after if o["output"] == "table" and o["key"] in REMINDERS), None)
        assert first is not None, "; ".join(f"{o['key']} {o['output']} {o['start']}" for o in after)
        last_sound = max([pressed] + [o["end"] for o in after if o["end"] <= first["start"]])
        assert first["start"] - last_sound <= 30.0, \
            (first["start"] - last_sound, [(o["key"], o["output"], o["start"], o["end"]) for o in after])
    finally:
        table.close()


def repeats_heard(table: Table, seat: int) -> list[tuple]:
    """One idle press of ``seat``, its clip played and 1.5 s to react: what its earphone said
    again, as (key, text) of each line."""
    mark = len(table.starts)
    table.press(seat)
    table.drain()
    table.wait(1.5)
    return [(o["key"], o["text"]) for o in table.starts[mark:] if o.get("output") == f"seat:{seat}"]


@pytest.mark.parametrize("name", cases("repeat_after_a_reminder"))
def test_A25_issue31_a_press_after_the_table_called_the_seat_repeats_its_newest_message_again(tmp_path, name):
    """ACCESSIBILITY.md 25, 28, issue 31: a seat's presses step back through what it heard, and
    only while it keeps pressing: once the table has called the seat (a reminder naming it,
    heard), its next press gives its newest message again (the open choice it must act on),
    not a still older public line. No timer ends the chain: a minute of quiet with the table
    calling only other seats leaves a seat's next press one step further back."""
    table = new_table(tmp_path, name)
    try:
        setup, _ = to_first_choice(table, name)
        adapter = table.call(lambda: table.service.game.active)
        awaited = table.call(adapter.awaited)
        seat = next((s for s in range(setup["players"]) if s not in awaited), None)
        if seat is None:
            pytest.skip("every seat is awaited here")
        newest = repeats_heard(table, seat)
        if any(key.startswith("scan.") for key, _ in newest):
            pytest.skip("every seat's press opens a list here (a night's lists, R16): no repeat")
        back = [repeats_heard(table, seat)]
        assert newest and back[0] and back[0] != newest, (newest, back)
        table.wait(60)                             # the awaited seat is called meanwhile, not this one
        table.drain()
        back.append(repeats_heard(table, seat))
        assert back[1] and back[1] not in (newest, back[0]), back   # one step further back
        table.call(lambda: adapter.reminders.remind((seat,)))       # the table calls this seat
        table.drain()
        table.wait(1.5)
        again = repeats_heard(table, seat)
        assert again == newest
        assert repeats_heard(table, seat) == back[0]                 # and presses step back from there
    finally:
        table.close()


@pytest.mark.parametrize("name", cases("ready_already_hears_whom_the_table_waits_for"))
def test_A26_A28_issue31_a_seat_ready_already_that_says_so_again_hears_whom_the_table_waits_for(tmp_path, name):
    """ACCESSIBILITY.md 26, 28 (issue 31): while the table waits for every seat's "ready" (its
    ready wait, ``table.ready.ReadyWait``: a discussion, a morning), a seat ready already that
    says "ready" again hears at once in its own earphone whom the table still waits for
    (``table.waiting`` naming the seats not yet ready, not itself); it is not counted twice
    and the table hears nothing of it. The same in every game that has a ready wait (its
    script's ``ready_signals``)."""
    script = hooks(name)
    if not callable(getattr(script, "ready_signals", None)):
        pytest.skip("the game has no ready wait")
    table = new_table(tmp_path, name)
    try:
        setup = script.sample_setup("en")
        signals = script.signals_for_game(setup, script.whole_game(setup, 2))

        def wait() -> Any:
            return getattr(table.service.game.active, "wait", None)

        table.play_all(signals, stop=lambda: bool(table.call(lambda: wait() and wait().running and wait().ready)))
        adapter = table.call(lambda: table.service.game.active)
        table.drain()
        table.wait(1.5)
        ready = table.call(lambda: sorted(adapter.wait.ready))
        waiting = table.call(lambda: list(adapter.wait.awaited()))
        assert ready and waiting, (ready, waiting)
        seat = ready[0]
        said = len(table.heard())
        public_before = [o["key"] for o in public(table.heard())]
        ready_signals = script.ready_signals(seat)
        last_press = max(i for i, s in enumerate(ready_signals) if s.get("signal") == "button")
        table.play_all(ready_signals[:last_press])
        pressed = table.now
        table.play(ready_signals[last_press])
        table.drain()
        told = [o for o in table.heard()[said:] if o["output"] == f"seat:{seat}" and o["start"] >= pressed]
        assert told and told[0]["key"] == "table.waiting", [(o["key"], o["start"] - pressed) for o in told]
        assert told[0]["params"]["seats"] == waiting and seat not in waiting, told[0]
        assert told[0]["start"] - pressed <= 1.0, told[0]
        assert table.call(lambda: sorted(adapter.wait.ready)) == ready and table.call(lambda: adapter.wait.running)
        assert [o["key"] for o in public(table.heard())][:len(public_before)] == public_before
        assert not [o for o in public(table.heard()[said:]) if o["start"] >= pressed
                    and o["key"] not in REMINDERS], "the table heard the seat's second ready"
    finally:
        table.close()


@pytest.mark.parametrize("name", cases("list_after_the_public_move"))
def test_A22_A26_issue31_a_press_while_the_table_says_the_move_is_answered_in_words_and_the_next_press_opens_the_list(
        tmp_path, name):
    """ACCESSIBILITY.md 22, 26, issue 31: the seat that must choose first presses 0.3 s after
    the act that made the move, while the table still says that move. Its press is answered
    in its own earphone within 1 s (after what its earphone was saying) by the words of what
    it did, ``table.list_after`` ("your list after the table: press again"), never by a cue
    alone; its list does not start later by itself (a press meant for the table's cue would
    land on an item never heard); the seat's next press, once the table has said the move,
    opens the list at once, and its first step starts only after every public clip queued
    before the first press has ended (the table's ``LISTS_WAIT``). The board takes the presses
    as people's in this (``[scan] list_after``, a script's press means the list that follows)."""
    table = new_table(tmp_path, name, LIST_AFTER)
    try:
        script = hooks(name)
        setup = script.sample_setup("en")
        signals = script.signals_for_game(setup, script.whole_game(setup, 2))
        at = next(i for i, s in enumerate(signals) if choice_press(signals, i))
        move = max(i for i in range(at) if signals[i].get("signal") not in ("wait_for", "wait"))
        seat = signals[at]["seat"]
        table.play_all(signals[:move + 1])
        table.wait(0.3)
        queued = len(table.cues)
        pressed = table.now
        table.press(seat)
        table.wait(1.2)
        twice = table.now                   # pressed again while the table may still say the move
        table.press(seat)
        table.drain()
        table.wait(20.0)                    # the table has said the move; nobody presses
        before = collections.Counter(key for channel, key, _ in table.cues[:queued] if channel == "public")
        told = [o for o in table.starts if o.get("output") == "table" and before[o["key"]] > 0
                and o["start"] >= pressed - 120]
        mine = [o for o in table.starts if o.get("output") == f"seat:{seat}" and o["start"] >= pressed - 0.001]

        def listed(clips: list[dict]) -> list[dict]:
            return [o for o in clips if o["key"].startswith(("scan.", "menu.")) or "choose" in o["key"]]

        # the answer follows what its earphone was saying at the press (its own last act's
        # answer, which only the seat's request cuts), and then comes at once
        busy = max([o["end"] for o in table.starts if o.get("output") == f"seat:{seat}"
                    and o["start"] < pressed - 0.001 and o.get("end", 0.0) > pressed], default=pressed)
        assert mine and mine[0]["start"] - busy <= 1.0, [(o["key"], o["start"], o.get("end")) for o in mine[:3]]
        words = [o for o in mine if o["key"] != "answer.cue"]
        if words and words[0]["key"] == "table.list_after":
            assert words[0]["start"] - busy <= 1.0, [(o["key"], o["start"]) for o in mine[:3]]
            assert not listed(mine), ("a list started by itself", [(o["key"], o["start"]) for o in mine])
            if any(o["key"] == "table.list_after" and o["start"] >= twice - 0.001 for o in mine):
                # the press made again is answered again at once, never after the first answer
                again = min(o["start"] for o in mine if o["start"] >= twice - 0.001)
                assert again - twice <= 1.0, [(o["key"], o["start"], o.get("end")) for o in mine[:4]]
            ends = [o["end"] for o in told if "end" in o]
            assert ends and table.now >= max(ends)
            again = table.now
            table.press(seat)
            table.drain()
            opened = listed([o for o in table.starts if o.get("output") == f"seat:{seat}"
                             and o["start"] >= again - 0.001])
            assert opened and opened[0]["start"] - again <= 1.0, [(o["key"], o["start"]) for o in opened[:3]]
            return
        first = listed(mine)
        if not first:
            pytest.skip("the press right after the move opens no list here")
        # the table had said the move already: the press opened the list at once
        ends = [o["end"] for o in told if "end" in o and o["start"] < first[0]["start"] + 0.001
                or o["start"] <= pressed]
        assert first[0]["start"] >= max(ends, default=0.0) - 0.01, \
            ([(o["key"], o["start"], o.get("end")) for o in told[-4:]], [(o["key"], o["start"]) for o in mine[:3]])
    finally:
        table.close()


#: the board's config where a press before the call of one's turn keeps one's list for the
#: next press, as on a real board (a scripted run's press means the list that follows)
LIST_AFTER = "[scan]\nlist_after = true\n"


def listing(clip: dict) -> bool:
    """The clip is a step of a seat's list (its intro, an item)."""
    return clip["key"].startswith(("scan.", "menu.")) or "choose" in clip["key"]


def _list_wait(signal: dict) -> bool:
    """A script's wait for an item of a seat's own list (the press after it picks)."""
    return signal.get("signal") == "wait_for" and signal["key"].startswith(("scan.", "menu."))


def _act(signal: dict) -> bool:
    return signal.get("signal") not in ("wait_for", "wait") and "setup" not in signal


def _opens_list(signals: list[dict], i: int) -> bool:
    """Signal ``i`` is a seat's press that opens its list (no pick in a list: the script
    waits for no item of it before, and for one after)."""
    return (signals[i].get("signal") == "button" and i + 1 < len(signals) and _list_wait(signals[i + 1])
            and not _list_wait(signals[i - 1]) and choice_press(signals, i))


def _quick(signals: list[dict], i: int) -> int:
    """Where the act ``i`` of the script is followed by another act with only the table's
    news between them (the count of a "ready" or a vote), the index of that act, which a
    table of people makes while the news of ``i`` is still said; else ``i + 1``."""
    j = i + 1
    while j < len(signals) and signals[j].get("signal") == "wait_for" and not _list_wait(signals[j]):
        j += 1
    if j < len(signals) and j > i + 1 and _act(signals[j]) and not _list_wait(signals[i - 1]) \
            and not _opens_list(signals, j):
        return j
    return i + 1


def _press_before_the_call(table: Table, signals: list[dict], tile_before: frozenset[int] = frozenset()
                           ) -> list[int] | None:
    """Play the sample game until an act makes a seat awaited (not in a wait for everyone's
    "ready", not in a secret step) and the table's words of that act (the call of the seat's
    turn) wait behind the news before it; that seat presses 0.3 s later, before anything of
    the call of its turn has begun, and what it
    hears is checked (see the test). ``tile_before``: the acts before which a tile the board
    does not know is laid at a reader 0.3 s before (the table says so), so that the table
    still speaks when they come. Returns None once that press was checked; else (no such moment came) the
    acts that made a seat awaited. A press the game refuses in words (the board to fix first)
    is checked as far as it goes (words at once, no list by itself), and a press whose list
    opens at once is fine; the game then goes on to the next such moment."""
    adapter = lambda: table.service.game.active      # noqa: E731

    def awaited() -> set[int]:
        return set(table.call(lambda: () if adapter() is None or adapter().game is None
                              or adapter().wait.running else tuple(adapter().awaited())))

    made: list[int] = []
    chain: set[int] | None = None
    i = 0
    while i < len(signals):
        if "setup" in signals[i] and "signal" not in signals[i]:
            table.play_all(signals[i:i + 2])        # the setup, what the board says at the start, then the next
            i += 2
            continue
        if not _act(signals[i]):
            table.play_all(signals[i:i + 1])
            i += 1
            continue
        # acts in quick succession (a law laid, then put on its track) are one move: whom the
        # game awaited before the first of them
        before = chain if chain is not None else awaited()
        chain = before if i + 1 < len(signals) and (_act(signals[i + 1]) or _quick(signals, i) != i + 1) else None
        if i in tile_before:
            from firmware_host.hardware.rfid import em4100_frame
            table.play({"signal": "serial", "reader": "ballot", "hex": em4100_frame("0F00A1B2C3").hex()})
            table.wait(0.3)
        moved, queued = table.now, len(table.cues)
        table.play_all(signals[i:i + 1])
        nxt = _quick(signals, i)
        opener = next((j for j in range(i + 1, len(signals)) if _opens_list(signals, j)), None)
        seat = signals[opener]["seat"] if opener is not None else None
        if seat is not None and any(_act(x) and x.get("seat") == seat for x in signals[i + 1:opener]):
            seat = None                 # the seat's next act is another (its ballot): not this list
        if seat is None or nxt != i + 1:
            if nxt != i + 1:
                table.wait(0.3)         # the next act while the table still says this one
            i = nxt
            continue
        table.wait(0.3)
        news = [o for o in table.starts if o.get("output") == "table" and o["start"] < moved - 1e-6
                and o.get("end", float("inf")) > table.now + 0.2]
        # the table's call of the turn: what it says of this act, none of it begun yet
        call = [c for c in table.cues[queued:] if c[0] == "public"]
        begun = [o for o in table.starts if o.get("output") == "table" and o["start"] >= moved - 1e-6]
        fresh = seat not in before and seat in awaited() and not table.call(lambda: adapter().secret_step(seat))
        if fresh and call:
            made.append(i)
        if not fresh or not call or begun or not news:
            i += 1
            continue
        pressed = table.now
        table.press(seat)
        table.drain()
        busy = max([o["end"] for o in table.starts if o.get("output") == f"seat:{seat}"
                    and o["start"] < pressed - 0.001 and o.get("end", 0.0) > pressed], default=pressed)
        table.wait(20.0)                # the table has said the call; the seat does not press
        mine = [o for o in table.starts if o.get("output") == f"seat:{seat}" and o["start"] >= pressed - 0.001]
        seen = [(o["key"], round(o["start"] - pressed, 2)) for o in mine[:4]]
        assert mine and mine[0]["start"] - busy <= 1.0, ("no sound at once", seen, news[0]["key"])
        words = [o for o in mine if o["key"] != "answer.cue"]
        if words and listing(words[0]) and words[0]["start"] - busy <= 1.0:
            made.remove(i)              # its list opened at once (the call had been said): fine,
            i += 1                      # the game goes on to the next such moment
            continue
        # "list after the table: press again"; or the game's own answer of a press it does not
        # take now: "noted" where it takes a press made during a count once the count is heard
        # (Secret Dictator, R16: every press alike), "press again once the board is fixed"
        assert words and not listing(words[0]) and words[0]["start"] - busy <= 1.0, \
            ("no words of what the press did", seen, [o["key"] for o in news], signals[i], call)
        listed = [o for o in mine if listing(o)]
        assert not listed, ("a list started by itself", [(o["key"], round(o["start"] - pressed, 2))
                                                         for o in listed[:3]])
        if words[0]["key"] not in (LIST_AFTER_KEY, "table.noted"):
            made.remove(i)              # the game's refusal (the board to fix first): no list kept;
            i += 1                      # the game goes on to the next such moment
            continue
        said = [o for o in table.starts if o.get("output") == "table" and o["start"] >= moved - 1e-6
                and o["key"] not in REMINDERS]
        assert said and all("end" in o and o["end"] <= table.now for o in said), "the call was not said"
        again = table.now
        table.press(seat)
        table.drain()
        opened = [o for o in table.starts if o.get("output") == f"seat:{seat}" and o["start"] >= again - 0.001]
        assert opened and opened[0]["start"] - again <= 1.0, [(o["key"], o["start"] - again) for o in opened[:3]]
        assert [o for o in opened if listing(o)], [o["key"] for o in opened[:4]]
        return None
    return made


@pytest.mark.parametrize("name", cases("press_before_the_call"))
def test_A26_A28_issue31_a_press_before_the_table_calls_ones_turn_is_answered_in_words_and_opens_no_list_by_itself(
        tmp_path, name):
    """Issue 31 (robots-findings 3), ACCESSIBILITY.md 22, 26-28, 32, in every game: an act
    makes a seat awaited (the last "ready", the last vote, a turn's end) while the table still
    says the news before it (the count of the readies or the votes, said while people press
    in quick succession; where the sample game has no such moment, a tile the board does not
    know is laid just before that act and said at the table), and that seat presses 0.3 s later, before
    anything of the call of its turn has begun. Its press is answered in its own earphone at
    once (after what its earphone was saying) by words of what the press did,
    ``table.list_after`` (or the game's own words: the "noted" of a press it takes once a
    count is heard, "press again once the board is fixed"), not by a cue alone and not by an
    item of a list; its list never starts later by itself (a press
    a person makes on the table's call would land on an item never heard: "Choose" unasked
    10-17 s after an answer cue); the seat's next press, once the table has said its call,
    opens the list within 1 s. A secret step is left out (its padded clips answer every
    press alike, RULES.md R16). The board takes the presses as people's in this (``[scan]
    list_after``, as on a real board; a scripted run's press means the list that follows)."""
    script = hooks(name)
    setup = script.sample_setup("en")
    signals = script.signals_for_game(setup, script.whole_game(setup, 2))
    (tmp_path / "natural").mkdir()
    (tmp_path / "tile").mkdir()
    table = new_table(tmp_path / "natural", name, LIST_AFTER)
    try:
        made = _press_before_the_call(table, signals)
    finally:
        table.close()
    if made is None:
        return
    assert made, f"{name}: no act of the sample game made a seat awaited for its list"
    table = new_table(tmp_path / "tile", name, LIST_AFTER)
    try:
        assert _press_before_the_call(table, signals, tile_before=frozenset(made)) is None, \
            f"{name}: the table said nothing before the acts at {made}"
    finally:
        table.close()


def choice_press(signals: list[dict], i: int) -> bool:
    """Signal ``i`` is a press that opens a seat's list: a press, and not one that says the
    seat is ready to end a morning's discussion (In this way I become a DICTATOR, D32)."""
    return signals[i].get("signal") == "button" and not (
        i + 1 < len(signals) and signals[i + 1].get("key") == "morning.ready")


def to_first_choice(table: Table, name: str) -> tuple[dict, int]:
    """The game master's setup of the sample game, then the table up to the first press that
    opens a seat's list, every clip played; (the setup, the seat that must choose)."""
    script = hooks(name)
    setup = script.sample_setup("en")
    signals = script.signals_for_game(setup, script.whole_game(setup, 2))
    at = next(i for i, s in enumerate(signals) if choice_press(signals, i))
    table.play_all(signals[:at])
    table.drain()
    return setup, signals[at]["seat"]


def first_scan(table: Table, name: str) -> tuple[int, float]:
    """The game master's setup, then the table up to the first press of the game (the seat
    that must act opens its list); (seat, time of the press)."""
    _, seat = to_first_choice(table, name)
    table.wait(1.5)
    pressed = table.now
    table.press(seat)
    return seat, pressed


def scan_clips(table: Table, seat: int, since: float) -> list[dict]:
    return [o for o in table.heard() if o["output"] in (f"seat:{seat}", "whisper") and o["start"] >= since]


def passes(clips: list[dict]) -> tuple[int, int] | None:
    """The first item and the first item said again (indices), wrap clips left out; None
    when nothing was said twice."""
    items = [i for i, o in enumerate(clips) if "wrap" not in o["key"]]
    seen: dict[tuple, int] = {}
    for i in items:
        sig = (clips[i]["key"], repr(sorted(clips[i]["params"].items())))
        if sig in seen:
            return seen[sig], i
        seen[sig] = i
    return None


@pytest.mark.parametrize("name", cases("wrap_tone"))
def test_A15_a_tone_when_the_list_starts_over(tmp_path, name):
    table = new_table(tmp_path, name)
    try:
        seat, pressed = first_scan(table, name)
        table.wait(120)
        clips = scan_clips(table, seat, pressed)
        found = passes(clips)
        assert found, [o["key"] for o in clips]
        first, again = found
        wrapped = [o for o in clips[first:again + 1] if "wrap" in o["key"]]
        tone = [c for c in table.cues if c[0] in (f"seat:{seat}", "whisper") and c[2] == "wrap"]
        assert wrapped or tone, [o["key"] for o in clips[first:again + 1]]
    finally:
        table.close()


@pytest.mark.parametrize("name", cases("pause_before_first_item"))
def test_A14_a_second_more_before_the_first_item(tmp_path, name):
    table = new_table(tmp_path, name)
    try:
        seat, pressed = first_scan(table, name)
        table.wait(120)
        clips = scan_clips(table, seat, pressed)
        found = passes(clips)
        assert found, [o["key"] for o in clips]
        first, _ = found
        assert first >= 1, [o["key"] for o in clips]
        gap = clips[first]["start"] - clips[first - 1]["end"]
        assert gap >= 0.95, (clips[first - 1]["key"], clips[first]["key"], gap)
    finally:
        table.close()


def first_choice(name: str) -> tuple[list[dict], int, int, int]:
    """The sample game's first choice of its first actor: ``(signals, actor, opened, cue)``,
    ``opened`` the press that opens the actor's list, ``cue`` the ``wait_for`` of the item
    the actor means (a press follows it)."""
    script = hooks(name)
    setup = script.sample_setup("en")
    actions = script.whole_game(setup, 2)
    signals = script.signals_for_game(setup, actions)
    actor = actions[0]["seat"]
    opened = next(i for i, s in enumerate(signals) if choice_press(signals, i) and s["seat"] == actor)
    cue = next(i for i in range(opened + 1, len(signals) - 1) if signals[i].get("signal") == "wait_for"
               and signals[i + 1].get("signal") == "button" and signals[i + 1]["seat"] == actor)
    return signals, actor, opened, cue


def until_heard_wanted(table: Table, signals: list[dict], actor: int, opened: int, cue: int,
                       learned: tuple[float, ...] = ()) -> dict:
    """Play the sample game up to the actor's list (its pace learned from ``learned``
    reactions first, ACCESSIBILITY.md 31) and until the item it means has ended; that
    item's announce line. The actor presses for its list as a person does, once the table
    has said the move before it (a press before its turn was called opens no list, issue 31)."""
    table.play_all(signals[:opened])
    table.drain()
    table.wait(1.2)
    if learned:
        paces = table.call(lambda: pace.for_service(table.service))
        for seconds in learned:
            table.call(lambda seconds=seconds: paces.react(actor, seconds))
    table.play_all(signals[opened:cue])
    line = table.wait_heard(signals[cue]["key"], signals[cue].get("params"), seat=actor, timeout=300)
    assert line is not None, signals[cue]
    return line


def answer_to(table: Table, actor: int, press: float) -> dict | None:
    """The first clip in the actor's earphone that started after its press and was not cut
    off by the answer (an item that began as the button went down)."""
    return next((o for o in table.starts if o.get("output") == f"seat:{actor}" and o["start"] >= press
                 and not o.get("cut")), None)


def pick(table: Table, actor: int, line: dict, delay: float) -> float:
    """The actor presses ``delay`` seconds after ``line`` (an item) ended; where the pick
    opens a confirmation (ACCESSIBILITY.md 16) it confirms 1.2 s after the confirming item
    has ended. The time of the first press."""
    table.wait(line["end"] + delay - table.now)
    press = table.now
    table.press(actor)
    table.wait(0.5)
    answer = answer_to(table, actor, press)
    if answer is not None and answer["key"] != PICKED_KEY:      # a confirmation: confirm it
        while "end" not in answer:
            table.wait(0.1)
        table.wait(answer["end"] + 1.2 - table.now)
        table.press(actor)
    return press


def after_the_choice(table: Table, actor: int, press: float) -> tuple[list, list]:
    """The journal's actions and what the actor and the table heard from 0.5 s after
    ``press``, once the table has played on for 30 s."""
    table.wait(30)
    table.drain()
    heard = [(o["output"], o["key"], repr(o["params"])) for o in table.heard()
             if o["start"] >= press + 0.5 and o["output"] in (f"seat:{actor}", "table")
             and o["key"] != PICKED_KEY]
    return table.call(table.service.journal.last_game).actions, heard


@pytest.mark.parametrize("name", cases("press_in_the_grace_of_the_next_item"))
def test_A27_a_press_early_in_the_next_item_chooses_the_item_just_heard(tmp_path, name):
    """The first choice of the game's first actor, a quick seat (five reactions of about 1 s:
    the board's own timing, A31): a press 1.8 s after the wanted item ended (0.3 s into the
    next one, at the 1.5 s interval) does what a press 1.2 s after it does: the same journal,
    the same words after it."""
    signals, actor, opened, cue = first_choice(name)
    results = []
    for delay in (1.2, 1.8):
        path = tmp_path / str(delay)
        path.mkdir()
        table = new_table(path, name, paced=True)
        try:
            line = until_heard_wanted(table, signals, actor, opened, cue, (1.0, 1.1, 0.9, 1.0, 1.05))
            table.wait(line["end"] + delay - table.now)
            later = [o for o in table.starts if o.get("output") == line["output"] and o["start"] > line["start"]]
            if delay > 1.5:
                assert later and 0 < table.now - later[0]["start"] <= 0.5   # the next item has begun
            press = pick(table, actor, line, delay)
            results.append(after_the_choice(table, actor, press))
        finally:
            table.close()
    assert results[0] == results[1]


@pytest.mark.parametrize("name", cases("pace_learned"))
def test_A31_a_seat_that_answered_five_cues_at_2_5_s_picks_the_item_it_means_2_6_s_after_it(tmp_path, name):
    """A seat whose last five reactions to a cue were about 2.5 s: its press 2.6 s after the
    item it means has ended chooses that item (its window after an item is learned), as a
    press 1.2 s after it does at the board's pace."""
    signals, actor, opened, cue = first_choice(name)
    results = []
    for delay, learned in ((1.2, ()), (2.6, (2.4, 2.6, 2.5, 2.45, 2.55))):
        path = tmp_path / str(delay)
        path.mkdir()
        table = new_table(path, name, paced=True)
        try:
            line = until_heard_wanted(table, signals, actor, opened, cue, learned)
            press = pick(table, actor, line, delay)
            results.append(after_the_choice(table, actor, press))
        finally:
            table.close()
    assert results[0][0] == results[1][0]
    assert results[0][1][:3] == results[1][1][:3]          # what follows the choice (the next list's pace differs)


@pytest.mark.parametrize("name", cases("late_press_credited"))
def test_A31_a_slow_seats_press_that_falls_into_the_next_item_chooses_the_item_it_means(tmp_path, name):
    """A seat whose last five reactions were about 1.8 s presses for the item it means only
    after the next item has begun and its grace has passed (the next item still playing, or
    just ended): the press is credited by the seat's pace (Nomon's per-user timing model) and
    does what a press 1.8 s after the item does: the same journal, the same words after it."""
    signals, actor, opened, cue = first_choice(name)
    results = []
    for late in (False, True):
        path = tmp_path / str(late)
        path.mkdir()
        table = new_table(path, name, paced=True)
        try:
            line = until_heard_wanted(table, signals, actor, opened, cue, (1.7, 1.9, 1.8, 1.75, 1.85))
            delay = 1.8
            if late:
                timing = table.call(lambda: pace.for_service(table.service).scan_settings(
                    actor, table.service.settings.scan))
                following = None
                while following is None:
                    following = next((o for o in table.starts if o.get("output") == line["output"]
                                      and o["start"] > line["start"]
                                      and (o["key"], o["params"]) != (line["key"], line["params"])), None)
                    if following is None:
                        table.wait(0.05)
                delay = following["start"] + timing.grace + 0.05 - line["end"]
                assert delay > timing.interval + timing.grace      # past the seat's window after the item
            press = pick(table, actor, line, delay)
            results.append(after_the_choice(table, actor, press))
        finally:
            table.close()
    assert results[0][0] == results[1][0]
    assert results[0][1][:3] == results[1][1][:3]


@pytest.mark.parametrize("name", cases("pick_answered_and_taken_back"))
def test_A32_a_pick_is_said_at_once_and_back_brings_the_list_back(tmp_path, name):
    """A late press (1.8 s after the item meant, in the next item's first moments) is
    answered in the seat's earphone within 0.3 s, cutting the item playing; a press while
    that answer plays takes the pick back and the list is back at the item picked; the seat's
    pick then does what it does without the detour (the same journal). The seat is a quick one
    (five reactions of about 1 s: the board's own timing, A31)."""
    signals, actor, opened, cue = first_choice(name)
    results = []
    for back in (False, True):
        path = tmp_path / str(back)
        path.mkdir()
        table = new_table(path, name, paced=True)
        try:
            line = until_heard_wanted(table, signals, actor, opened, cue, (1.0, 1.1, 0.9, 1.0, 1.05))
            if back:
                table.wait(line["end"] + 1.8 - table.now)
                press = table.now
                table.press(actor)
                table.wait(0.3)
                answer = answer_to(table, actor, press)
                assert answer is not None and answer["start"] - press <= 0.3, answer
                assert answer["key"] != line["key"], answer       # the pick, not the list going on
                playing = [o for o in table.starts if o.get("output") == f"seat:{actor}"
                           and o["start"] < press and o.get("end", 1e9) > press]
                assert all(o.get("cut") for o in playing), playing   # the item playing was cut
                mark, back_press = len(table.starts), table.now
                table.press(actor)                                 # back, while the answer plays
                again = table.wait_heard(line["key"], line["params"], seat=actor, timeout=10, since=mark)
                assert again is not None and again["start"] - back_press <= 1.0, "the list is not back at once (A26)"
                line = again
            press = pick(table, actor, line, 1.2)
            results.append(after_the_choice(table, actor, press))
        finally:
            table.close()
    assert results[0][0] == results[1][0]

@pytest.mark.parametrize("name", cases("seat_settings_after_switch"))
def test_A19_stored_seat_settings_apply_after_the_game_master_switches_games(tmp_path, name):
    """Seat 1's scan interval (3 s) stored while another game is in play reaches this game
    once the game master has switched to it."""
    other = next((g for g in games.names() if g != name
                  and callable(games.pack(g).adapter)), None)
    if other is None:
        pytest.skip("only one game can be played on the board")
    table = new_table(tmp_path, name)
    try:
        table.play({"setup": hooks(other).sample_setup("en")})
        table.drain()
        table.gm("seat_settings", seat=1, scan_interval=3.0)
        table.gm("start", setup=hooks(name).sample_setup("en"), confirm=True)
        table.drain()
        assert table.call(table.service.journal.last_game).setup.get("game", games.DEFAULT_GAME) == name
        script = hooks(name)
        setup = script.sample_setup("en")
        signals = script.signals_for_game(setup, script.whole_game(setup, 2))[1:]
        presses = [i for i, s in enumerate(signals) if choice_press(signals, i) and s["seat"] == 1]
        assert presses, "seat 1 never acts in the sample game"
        table.play_all(signals[:presses[0]])
        table.drain()
        table.wait(1.5)
        pressed = table.now
        table.press(1)
        table.wait(40)
        clips = scan_clips(table, 1, pressed)
        found = passes(clips)
        assert found, [o["key"] for o in clips]
        first, again = found
        gaps = [round(b["start"] - a["end"], 1) for a, b in zip(clips[first:again], clips[first + 1:again])
                if "wrap" not in a["key"] and "wrap" not in b["key"]]
        assert gaps and collections.Counter(gaps).most_common(1)[0][0] == 3.0, gaps
    finally:
        table.close()


# -- whole games (slow) -------------------------------------------------------------------------

class Evening:
    """A table's evening: the seats set a game up, play it to its end, then set up the next
    one from the seats (the same game), with no ``gm`` signal and no power cycle."""

    def __init__(self, tmp_path: Path, name: str) -> None:
        self.name = name
        self.table = new_table(tmp_path, name)
        self.setup = set_up_from_the_seats(self.table, name)
        self.actions = play_whole_game(self.table, name, self.setup)
        self.over = self.table.call(self.table.service.journal.last_game)
        self.final = self.table.call(self.table.service.game.final_state)
        self.first_lines = list(self.table.heard())
        self.first_faults = faults(self.table)
        self.first_end = self.table.now          # the earlier game's clips all started before
        self.next_setup: dict | None = None
        self.error: str | None = None
        try:
            self.next_setup = self._next_game()
        except AssertionError as exc:
            self.error = str(exc)

    def _next_game(self) -> dict:
        table = self.table
        table.wait(2.0)
        before = journal_games(table)
        for _ in range(40):                    # the story first, if the game tells one
            mark = len(table.starts)
            table.press(0)
            table.drain()
            table.wait(1.5)
            if any(o.get("key", "").startswith("lobby.") for o in table.starts[mark:]):
                break
        else:
            raise AssertionError("no press after game over leads to a setup from the seats")
        # the board goes on in the language the table has just played in
        signals = seat_setup_signals(lobby_answers(self.name), seats=table.sim.config.seats,
                                     board_language=self.setup.get("language", "de"))
        table.play_all(signals[1:])
        assert until(table, lambda: journal_games(table) > before, 120), "no next game started"
        table.drain()
        return table.last_setup()


@pytest.fixture(scope="module")
def evenings(tmp_path_factory) -> Any:
    made: dict[str, Evening] = {}

    def get(name: str) -> Evening:
        hooks(name)
        if name not in made:
            made[name] = Evening(tmp_path_factory.mktemp(name), name)
        return made[name]
    yield get
    for evening in made.values():
        evening.table.close()


@pytest.mark.slow
@pytest.mark.parametrize("name", cases("whole_game"))
def test_a_whole_game_set_up_from_the_seats_plays_to_its_end(evenings, name):
    evening = evenings(name)
    assert evening.over.status == "over" and evening.final["phase"] == "game_over"
    assert not evening.first_faults, evening.first_faults[:3]


@pytest.mark.slow
@pytest.mark.parametrize("name", cases("next_game_from_the_seats"))
def test_A30_the_next_game_is_set_up_from_the_seats_after_game_over(evenings, name):
    evening = evenings(name)
    assert evening.next_setup is not None, evening.error
    assert games.split_setup(evening.next_setup)[0] == name


@pytest.mark.slow
@pytest.mark.parametrize("name", cases("evening_by_ear"))
def test_A30_issue31_after_game_over_the_story_comes_in_short_parts_by_ear_then_the_next_setup(tmp_path, name):
    """After game over a seat presses during the game-over speech, then 1.5 s after each clip
    meant for it has ended: its press waits until the table has heard the end; the story is
    told in its earphone in parts, each one clip ending with what the next press does; after
    the last part its press begins the next setup (issue 31 "The evening is the table's")."""
    table = new_table(tmp_path, name)
    try:
        setup = set_up_from_the_seats(table, name)
        script = hooks(name)
        table.play_all(script.signals_for_game(setup, script.whole_game(setup, 2))[1:])
        assert until(table, lambda: table.call(table.service.game.final_state)["phase"] == "game_over", 600, 0.5)
        mark, pressed_at = len(table.starts), table.now
        table.press(0)                                   # during the game-over speech
        offer = table.wait_heard("evening.offer", since=mark, timeout=300)
        # its part waits for the speech; the press is answered at once ("noted", issue 31, A26)
        noted = next((o for o in table.starts[mark:] if o.get("output") == "seat:0"), None)
        assert noted is not None and noted["key"] == "table.noted" and noted["start"] - pressed_at <= 1.0, noted
        assert offer is not None, "the table never hears what a press does after game over"
        parts: list[list[dict]] = []
        for _ in range(40):
            cue = next((o for o in table.starts[mark:] if o.get("output") == "seat:0"
                        and o.get("key") in ("evening.story_more", "evening.story_end")), None)
            while cue is None and table.now < offer["end"] + 120:
                table.wait(1.0)
                cue = next((o for o in table.starts[mark:] if o.get("output") == "seat:0"
                            and o.get("key") in ("evening.story_more", "evening.story_end")), None)
            assert cue is not None, f"a press after game over told no part of the story: {parts}"
            table.wait_heard(cue["key"], seat=0, since=table.starts.index(cue))
            parts.append([o for o in table.starts[mark:] if o.get("output") == "seat:0" and o.get("key") != "table.noted"])
            table.wait(1.5)
            mark = len(table.starts)
            table.press(0)
            if cue["key"] == "evening.story_end":
                break
        assert parts[0][0]["start"] >= offer["end"] - 0.01            # the press waited for the end
        for part in parts:
            assert len({o["start"] for o in part}) == 1, part        # one clip a part
        assert [p[-1]["key"] for p in parts] == ["evening.story_more"] * (len(parts) - 1) + ["evening.story_end"]
        lobby = table.wait_heard("lobby.start", seat=0, since=mark, timeout=30)
        assert lobby is not None and lobby["output"] == "seat:0", "the last part's press began no setup"
    finally:
        table.close()


def story_clip(table: Table, seat: int, since: int, until_s: float) -> dict | None:
    """The first clip of a part of the story (not a cue, not "noted") that starts in
    ``seat``'s earphone after ``table.starts[since]``, waiting at most until ``until_s``."""
    def found() -> dict | None:
        return next((o for o in table.starts[since:] if o.get("output") == f"seat:{seat}"
                     and o.get("key") not in ("answer.cue", "table.noted")), None)
    while found() is None and table.now < until_s:
        table.wait(0.5)
    return found()


@pytest.mark.slow
@pytest.mark.parametrize("name", cases("evening_by_ear"))
def test_A26_A20_issue31_a_press_during_ones_part_of_the_story_is_answered_at_once_and_the_part_heard_whole(tmp_path, name):
    """After game over a seat presses 1.5 s into each part of the story in its earphone (the
    first, and the last): its press is answered in its own earphone within 1 s (the answer
    cue), and the part is then said again from its start and heard whole, never cut by the
    seat's own press nor skipped; the press after it has been heard gives the next part, and
    after the last part the next setup (before: the cue cut the part and the next one came,
    so a part was never heard; a press during the last part got no sound at all). The part
    said again is the same words (before: its short wording, issue 31)."""
    table = new_table(tmp_path, name)
    try:
        setup = set_up_from_the_seats(table, name)
        script = hooks(name)
        table.play_all(script.signals_for_game(setup, script.whole_game(setup, 2))[1:])
        assert until(table, lambda: table.call(table.service.game.final_state)["phase"] == "game_over", 600, 0.5)
        offer = table.wait_heard("evening.offer", since=0, timeout=300)
        assert offer is not None
        table.wait(1.5)
        ends: list[str] = []
        for _ in range(40):
            mark = len(table.starts)
            table.press(0)
            part = story_clip(table, 0, mark, table.now + 60)
            assert part is not None, f"a press after game over told no part of the story: {ends}"
            while table.now < part["start"] + 1.5:
                table.wait(0.1)
            assert "end" not in part, f"a part shorter than 1.5 s: {part}"
            pressed, mark = table.now, len(table.starts)
            table.press(0)                                   # during its own part
            own = [o for o in table.starts[mark:] if o.get("output") == "seat:0"]
            while not own and table.now < pressed + 2:
                table.wait(0.1)
                own = [o for o in table.starts[mark:] if o.get("output") == "seat:0"]
            assert own and own[0]["key"] == "answer.cue" and own[0]["start"] - pressed <= 1.0, own[:2]
            again = story_clip(table, 0, mark, table.now + 60)
            assert again is not None and again["text"] != "" and again["start"] >= own[0]["start"]
            same = [o for o in table.starts[mark:] if o.get("output") == "seat:0" and o.get("start") == again["start"]]
            cue = table.wait_heard(same[-1]["key"], seat=0, since=table.starts.index(same[-1]))
            assert cue is not None and cue["key"] in ("evening.story_more", "evening.story_end"), same
            first = [o for o in table.starts if o.get("output") == "seat:0" and o.get("start") == part["start"]]
            assert [o["key"] for o in same] == [o["key"] for o in first], "not the same part again"
            assert [o["text"] for o in same] == [o["text"] for o in first], "the part again in other words"
            assert not any(o.get("cut") for o in same), f"the part said again was cut: {same}"
            ends.append(cue["key"])
            table.wait(1.5)
            if cue["key"] == "evening.story_end":
                break
        assert ends == ["evening.story_more"] * (len(ends) - 1) + ["evening.story_end"], ends
        mark = len(table.starts)
        table.press(0)
        lobby = table.wait_heard("lobby.start", seat=0, since=mark, timeout=30)
        assert lobby is not None and lobby["output"] == "seat:0", "the last part's press began no setup"
    finally:
        table.close()


@pytest.mark.slow
@pytest.mark.parametrize("name", cases("next_game_from_the_seats"))
def test_A30_no_private_message_of_the_earlier_game_is_reachable_by_a_repeat(evenings, name):
    evening = evenings(name)
    assert evening.next_setup is not None, evening.error
    table = evening.table
    audio = table.service.voice.audio
    earlier = {(o["output"], o["text"]) for o in evening.first_lines if o["output"].startswith("seat:")}
    for seat in range(int(evening.setup["players"])):
        history = table.call(lambda seat=seat: audio.history(seat))
        kept = [u for u in history if (f"seat:{seat}", getattr(u, "text", None)) in earlier
                and str(getattr(u, "channel", "")).startswith("seat:")
                and u.start is not None and u.start <= evening.first_end]     # not the new game's
        assert not kept, (seat, [getattr(u, "key", None) for u in kept])


@pytest.mark.slow
@pytest.mark.parametrize("name", cases("earcons"))
def test_A18_earcons_carry_the_games_events(evenings, name):
    evening = evenings(name)
    table = evening.table
    public_cues = {k for c, k, e in table.cues if c == "public" and e}
    private_cues = {k for c, k, e in table.cues if c.startswith("seat:") and e}
    assert public_cues and private_cues, (public_cues, private_cues)


@pytest.mark.slow
@pytest.mark.parametrize("name", cases("confirming_press"))
def test_A16_a_confirming_press_before_every_final_choice(evenings, name):
    evening = evenings(name)
    final = hooks(name).FINAL_CHOICES
    lines = evening.first_lines
    for seat in range(int(evening.setup["players"])):
        made = sum(1 for a in evening.actions if a.get("action") in final and a.get("seat") == seat)
        clips = [o for o in lines if o["output"] == f"seat:{seat}"]
        asked = sum(1 for a, b in zip([None] + clips, clips)
                    if "confirm" in b["key"] and (a is None or "confirm" not in a["key"]))
        assert asked >= made, (seat, made, asked)


@pytest.mark.slow
@pytest.mark.parametrize("name", cases("noted_answers"))
def test_A26_R16_the_tables_noted_answers_a_press_within_1_s_and_every_one_of_a_seat_is_as_long(evenings, name):
    """The table's "noted" (an act told at the table only: "ready", a confirmed vote) starts
    in the acting seat's earphone within 1 s of that seat's press (A26), is never cut, and
    every "noted" of a seat lasts as long (±50 ms) whichever wording it is said in (its
    length tells nothing about which act it answers, R16)."""
    evening = evenings(name)
    lines = evening.first_lines
    lengths: dict[str, list[float]] = collections.defaultdict(list)
    for clip in (o for o in lines if o["key"] == "table.noted"):
        seat = int(clip["output"][5:])
        assert any(s == seat and at <= clip["start"] <= at + 1.0 for s, at in evening.table.presses), clip
        assert not clip.get("cut"), clip
        lengths[clip["output"]].append(clip["end"] - clip["start"])
    spread = {seat: round(max(v) - min(v), 3) for seat, v in lengths.items() if max(v) - min(v) > 0.05}
    assert not spread, spread


@pytest.mark.slow
@pytest.mark.parametrize("name", cases("private_confirmations_equal"))
def test_A9_A26_private_confirmations_of_one_kind_are_equally_long(evenings, name):
    """The first private clip within 1 s of a seat's press that picks an item it heard (the
    pick's confirmation, A26) lasts as long as every other of its kind in the same step (the
    same last public clip before it), ±50 ms: its length tells nobody what was chosen."""
    evening = evenings(name)
    table = evening.table
    lines = evening.first_lines
    kinds: dict[tuple, list[float]] = collections.defaultdict(list)
    for seat, at in table.picks:
        if at > lines[-1]["end"]:
            continue
        clip = next((o for o in lines if o["output"] == f"seat:{seat}" and at <= o["start"] <= at + 1.0), None)
        step = max((o["start"] for o in public(lines) if o["start"] <= at), default=0.0)
        if clip is not None and not clip.get("cut"):
            kinds[(clip["key"], step)].append(clip["end"] - clip["start"])
    assert kinds
    spread = {f"{k[0]} at {k[1]:g} s": round(max(v) - min(v), 3) for k, v in kinds.items()
              if max(v) - min(v) > 0.05}
    assert not spread, spread


def public_course(table: Table) -> list[tuple]:
    return [(o["key"], repr(o["params"]), o["text"], o["start"], o["end"]) for o in public(table.heard())]


def same(x: tuple, y: tuple, timed: float = 0.0) -> bool:
    """The same public line; one that starts before ``timed`` (clock seconds) also at the same
    time (±50 ms, as a padded clip may differ, A9). After the players' first act their own
    pace differs with what they choose (a later item of a list takes longer), so only the
    words are compared then."""
    if x[:3] != y[:3]:
        return False
    return x[3] >= timed or (abs(x[3] - y[3]) <= 0.05 and abs(x[4] - y[4]) <= 0.05)


@pytest.mark.slow
@pytest.mark.parametrize("name", cases("non_interference"))
def test_R16_the_public_output_does_not_depend_on_who_holds_which_secret(tmp_path, name):
    """The game with the hidden roles, hands or characters moved between the seats (the pack
    says how): what the table hears is the same, word for word, up to each reveal, and to
    the 50 ms until the first act at a seat; and so is the console's page at the start."""
    script = hooks(name)
    setup = script.sample_setup("en")
    actions = script.whole_game(setup, 2)
    moved = script.permuted(setup, actions, 2)
    assert moved is not None, "the pack found no permutation of the sample game"
    courses, pages, acted = [], [], []
    for i, (s, a) in enumerate([(setup, actions), moved]):
        path = tmp_path / str(i)
        path.mkdir()
        table = new_table(path, name)
        try:
            signals = script.signals_for_game(s, a)
            table.play(signals[0])
            table.drain()
            pages.append(console_page(table))
            table.play_all(signals[1:])
            table.drain()
            courses.append(public_course(table))
            acted.append(min((at for _, at in table.presses), default=table.now))
        finally:
            table.close()
    assert pages[0] == pages[1]
    first, second = courses
    timed = min(acted)
    differ = next((i for i, (x, y) in enumerate(zip(first, second)) if not same(x, y, timed)), None)
    if differ is None:
        assert len(first) == len(second) or first[len(second):len(second) + 1][0][0].startswith(script.REVEALS)
        return
    assert first[differ][0].startswith(script.REVEALS) or second[differ][0].startswith(script.REVEALS), \
        (first[differ], second[differ])


def console_page(table: Table) -> Any:
    """What the game master's page gets before any reveal."""
    from firmware_host.console.app import public_snapshot
    from firmware_host.service.backend import ConsoleBackend
    snap = table.call(ConsoleBackend(table.service).snapshot)
    return public_snapshot(snap)


@pytest.mark.slow
@pytest.mark.parametrize("name", cases("console_hides_secrets"))
def test_R16_the_console_hides_the_secrets_until_reveal(tmp_path, name):
    """The console's page of the game and of the same game with its secrets moved between
    the seats are the same; the game master's reveal tells them apart."""
    script = hooks(name)
    setup = script.sample_setup("en")
    actions = script.whole_game(setup, 2)
    moved = script.permuted(setup, actions, 2)
    assert moved is not None
    pages, reveals = [], []
    from firmware_host.service.backend import ConsoleBackend
    for i, (s, a) in enumerate([(setup, actions), moved]):
        path = tmp_path / str(i)
        path.mkdir()
        table = new_table(path, name)
        try:
            signals = script.signals_for_game(s, a)
            half = len(signals) // 2
            table.play_all(signals[:half])
            table.drain()
            pages.append(console_page(table))
            backend = ConsoleBackend(table.service)
            reveals.append([table.call(lambda seat=seat: backend.reveal(seat))
                            for seat in range(int(s["players"]))])
        finally:
            table.close()
    assert pages[0] == pages[1]
    assert reveals[0] != reveals[1]


@pytest.mark.slow
@pytest.mark.parametrize("name", cases("whisper_station"))
def test_A9_A23_a_whole_game_at_a_whisper_station(tmp_path, name):
    """One shared earphone: every seat is called, walks there (a press after the call) and
    hears its prolog; every visit lasts the same (±50 ms); the game plays to its end."""
    table = new_table(tmp_path, name, "[audio]\nwhisper_station = true\nwhisper_device = \"board_whisper\"\n")
    try:
        script = hooks(name)
        setup = script.sample_setup("en")
        play_script_game(table, name, setup)
        table.drain()
        heard = table.heard()
        calls = [o for o in heard if o["key"] == "whisper.call"]
        assert {o["params"]["seat"] for o in calls} >= set(range(int(setup["players"]))), calls
        visits = {}
        for call in calls:                    # each seat's first visit: its prolog
            seat = call["params"]["seat"]
            clip = next((o for o in heard if o["output"] == "whisper" and o["start"] >= call["end"]), None)
            if seat not in visits and clip is not None:
                visits[seat] = clip["end"] - clip["start"]
        assert visits and max(visits.values()) - min(visits.values()) <= 0.05, visits
        assert table.call(table.service.game.final_state)["phase"] == "game_over"
        assert not faults(table), faults(table)[:3]
    finally:
        table.close()


@pytest.mark.parametrize("name", cases("idle_press_on_a_fresh_board"))
def test_A25_A26_issue31_on_a_fresh_board_a_press_with_nothing_open_is_answered_within_a_second(tmp_path, name):
    """ACCESSIBILITY.md 25, 26, issue 31 ("feedback at once, also on a fresh Pi"): on a board
    whose every sentence takes 3 s to render (an empty speech cache), a seat that is not
    awaited presses at the first choice of the game: its own earphone answers within 1 s
    (the answer cue at once, its words after it), never only once a repeat of its last message
    has been rendered anew for its earphone (3.15 s, with no cue)."""
    table = new_table(tmp_path, name, render_seconds=3.0)
    try:
        setup, _ = to_first_choice(table, name)
        adapter = table.call(lambda: table.service.game.active)
        awaited = table.call(adapter.awaited)
        seat = next((s for s in range(setup["players"]) if s not in awaited), None)
        if seat is None:
            pytest.skip("every seat is awaited here")
        table.wait(1.5)
        mark, pressed = len(table.starts), table.now
        table.press(seat)
        table.wait(6.0)
        heard = [o for o in table.starts[mark:] if o.get("output") == f"seat:{seat}"]
        assert heard, "the press was answered by nothing in the seat's earphone"
        assert heard[0]["start"] - pressed <= 1.0, [(o["key"], o["start"] - pressed) for o in heard]
        if heard[0]["key"] == "answer.cue":
            assert len(heard) > 1 and heard[1]["key"] != "answer.cue", heard   # its words follow, one cue
    finally:
        table.close()
