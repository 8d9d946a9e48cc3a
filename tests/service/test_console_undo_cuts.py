"""The game master's "Undo last action" brings back the game a new start replaced (the
console's promise: "Undo last action" brings the ended game back until the new game's first
move): what the given-up game still had queued or playing is cut on every output, so the
table hears ``gm.game_back`` at once and nothing of the given-up game after it. Found by a
probe: an Autocracy in its second round, "Start" confirmed over it and "Undo" 3 s later — the
table then heard the given-up game's whole opening (every seat's Mentor, each earphone's
"Your first Dirty Trick…", "Round one. Seat 1's turn.", seat 1's "Your turn. You hold …"),
after it "Game master: the game that was ended goes on where it stood" and "Round two. Seat
4's turn.": seat 1 told it was its turn in a game where it is not, and with a new deal
(the simulator's ``restart``) every seat told a role, a hand or a trick it does not hold.
Played on the mocked board at real clip lengths."""

from __future__ import annotations

from firmware_host.kernel import games
from firmware_host.service.backend import ConsoleBackend

from tests.table.table import Table

#: what a game's opening says (the given-up game's), never heard after the undo
OPENING = {"autocracy": ("game.started", "mentor", "deal.trick", "deal.done", "first.seat", "turn.yours"),
           "dying_message": ("game.started", "prolog.character", "pool.laid", "pool.more", "round.started")}


def _undo_after_a_new_start(tmp_path, name: str, moves: int, other: str | None = None):
    """``name``'s sample game, ``moves`` of its actions entered at the console once the
    opening was told; then the console's "Start" (confirmed) of the same setup, or of
    ``other``'s sample setup, and "Undo last action" 2 s later. Returns the table, the clock
    at the undo and the index of the first clip after it."""
    script = games.pack(name).scripting()
    setup = script.sample_setup("en")
    table = Table(tmp_path, seed=None)
    table.play({"setup": setup})
    table.drain()
    for action in script.whole_game(setup, 2)[:moves]:
        table.gm("act", action=action)
    table.drain()
    table.wait(5.0)
    backend = ConsoleBackend(table.service)
    fields = {"confirm": True}
    if other is not None:
        fields["setup"] = {**games.pack(other).scripting().sample_setup("en"), "game": other}
    assert table.call(lambda: backend.command("start", **fields)).get("ok") is True
    table.wait(2.0)
    mark = len(table.starts)
    undone_at = table.now
    back = table.call(lambda: backend.command("undo"))
    assert back.get("restored") == 1, back
    return table, undone_at, mark


def test_undo_after_a_new_start_is_heard_at_once_and_nothing_of_the_given_up_game_after_it(tmp_path):
    table, undone_at, mark = _undo_after_a_new_start(tmp_path, "autocracy", 12)
    try:
        table.wait(60.0)
        after = table.starts[mark:]
        keys = [(o["output"], o["key"]) for o in after]
        assert ("table", "gm.game_back") in keys, keys
        (back,) = [o for o in after if o["key"] == "gm.game_back"]
        assert back["start"] - undone_at < 1.0, (undone_at, back)      # said at once, not behind the opening
        told = [k for _output, k in keys]
        assert not set(told) & set(OPENING["autocracy"]), told[:20]     # nothing of the given-up game
        assert told.index("gm.game_back") == 0, told[:10]
    finally:
        table.close()


def test_undo_after_another_game_was_started_over_it_cuts_that_games_opening(tmp_path):
    """The console's "Start" of another game (Dying Message) over an Autocracy, then "Undo
    last action": back to the Autocracy where it stood, and not one clip of Dying Message's
    opening (its characters in every earphone) after ``gm.game_back``."""
    table, undone_at, mark = _undo_after_a_new_start(tmp_path, "autocracy", 12, other="dying_message")
    try:
        table.wait(60.0)
        told = [o["key"] for o in table.starts[mark:]]
        assert "gm.game_back" in told, told
        assert not set(told) & set(OPENING["dying_message"]), told[:20]
        assert "gm.ended" not in told, told[:10]     # the board does not wait for a new game
    finally:
        table.close()
