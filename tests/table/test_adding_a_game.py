"""docs/ARCHITECTURE.md's "Adding a game" stays true (issue 29): a game's adapter overrides the
hooks it names, and nothing else; every name it gives as a hook or a class attribute is one
of ``table.BoardAdapter``'s. Checked against every registered game on the kit and the fifth
test game (Token Duel, ``tests/fifth_game``)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from firmware_host.kernel import games
from firmware_host.table import BoardAdapter

from tests.fifth_game.board import TokenDuelGame

ROOT = Path(__file__).resolve().parents[2]


def _adding_a_game() -> str:
    """Item 2 of the section (the adapter), the hooks and class attributes a game may override."""
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    section = text[text.index("### Adding a game"):]
    section = section[:section.index("\n## ")]
    item = section[section.index("2. `firmware_host/games/<name>/board.py`"):section.index("3. `firmware_host")]
    return item[:item.index("What a game calls of the kit")]


def _adapters() -> list[type]:
    """The adapter class of every registered game built on the kit, and Token Duel's."""
    found = [TokenDuelGame]
    for name in games.names():
        module = importlib.import_module(games.REGISTRY[name].rsplit(".", 1)[0] + ".board")
        found += [cls for cls in vars(module).values() if isinstance(cls, type) and issubclass(cls, BoardAdapter)
                  and cls is not BoardAdapter and cls.__module__.startswith(module.__name__)]
    return found


@pytest.mark.parametrize("adapter", _adapters(), ids=lambda cls: cls.__name__)
def test_issue29_a_game_overrides_only_the_hooks_adding_a_game_names(adapter):
    named = set(re.findall(r"`([A-Za-z_]+)[`(]", _adding_a_game()))
    overridden = {name for name in vars(adapter) if hasattr(BoardAdapter, name) and not name.startswith("__")}
    assert overridden - named == set(), f"{adapter.__name__} overrides what 'Adding a game' does not name"


def test_issue29_every_hook_adding_a_game_names_is_the_kits():
    named = set(re.findall(r"`([A-Za-z_]+)[`(]", _adding_a_game()))
    files = {"firmware_host", "games", "name", "board", "py"}
    stale = {name for name in named - files if not hasattr(BoardAdapter, name) and not name.startswith("table")}
    assert stale == set(), "'Adding a game' names hooks the kit does not have"
