"""Every game's console as a table plays it: the game's sample setup played by the mocked
board at a person's pace (``tests/table/table.py``), its console served, a few moves made.

Example::

    with game_console(tmp_path, "autocracy", moves=3) as played:
        page.goto(played.console.url)
        played.next_action          # the next action of the scripted game (a legal one)
"""

from __future__ import annotations

import contextlib
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from console_helpers import PIN_HASH  # noqa: E402
from table.table import Table  # noqa: E402

from firmware_host.kernel import games  # noqa: E402
from firmware_host.console import serve  # noqa: E402
from firmware_host.service.backend import ConsoleBackend  # noqa: E402

#: every game the board plays (its pack has a board adapter)
PLAYABLE = [n for n in games.names() if callable(games.pack(n).adapter)]
#: the seats' names at the sample table
NAMES = ["Anna", "Ben", "Carla", "Dieter", "Emine", "Friederike", "Gregor", "Hanna", "Ivo", "Jana"]


@dataclass
class Played:
    """A game in play with its console: the table, the backend, the console's handle, the
    setup and the scripted game's actions (``moves`` of them journaled)."""

    table: Table
    backend: ConsoleBackend
    console: Any
    setup: dict
    actions: list[dict]

    def journaled(self) -> list[dict]:
        """The journaled actions of the game in play."""
        game = self.table.call(self.table.service.journal.last_game)
        return [] if game is None else [dict(a) for a in game.actions]

    @property
    def next_action(self) -> dict:
        """The scripted game's next action made by a seat (a legal one now)."""
        done = len(self.journaled())
        return next(a for a in self.actions[done:] if isinstance(a.get("seat"), int))


def journal_actions(table: Table) -> int:
    game = table.call(table.service.journal.last_game)
    return 0 if game is None else len(game.actions)


@contextlib.contextmanager
def game_console(tmp_path: Path, name: str, moves: int = 3, seed: int = 2, **settings: Any) -> Iterator[Played]:
    """Set up ``name``'s sample game (the seats named), play it from board signals until
    ``moves`` actions are journaled, and serve its console (PIN: ``console_helpers.PIN``)."""
    script = games.pack(name).scripting()
    setup = dict(script.sample_setup("en"))
    setup["names"] = NAMES[:int(setup["players"])]
    actions = script.whole_game(setup, seed)
    table = Table(tmp_path)
    backend = ConsoleBackend(table.service)
    handle = serve(backend, {"port": 0, "pin_hash": PIN_HASH, **settings})
    try:
        table.play_all(script.signals_for_game(setup, actions), stop=lambda: journal_actions(table) >= moves)
        table.drain()
        table.wait(1.5)
        yield Played(table, backend, handle, setup, actions)
    finally:
        handle.close()
        table.close()
