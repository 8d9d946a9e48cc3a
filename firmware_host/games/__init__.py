"""The registry of game packs: every game the board can host.

Each game is one package under ``firmware_host/games/`` (its pure rules, its catalogue, and
its board adapter). The commands, the journal and the service reach a game only through this
registry and the game's *pack module*, ``firmware_host.games.<name>.pack``, which provides:

- ``NAME: str``: the registry name (the setup's ``game`` value, REPLAY.md);
- ``replay_lines(setup: dict, line: int, actions: Iterable[tuple[int, Any]]) -> list[dict]``:
  the replay of one file (REPLAY.md, or the game's own contract such as DICTATOR.md
  "Replay"). ``setup`` is the setup object *without* its ``game`` key, ``line`` the setup's
  physical line number, ``actions`` the ``(line number, JSON value)`` of every later line.
  Returns the output objects in order; raises :class:`~firmware_host.errors.UsageError`
  (one line) when the file is unusable.
- ``lobby()`` (optional): the game's questions for a setup from the seats
  (:mod:`firmware_host.service.lobby`): a module with ``title(language)``,
  ``questions(seats, settings)``, ``text(key, params, language, long=False)``, ``setup(answers)`` and
  ``check(setup)`` (see ``secret_dictator/lobby.py``); a game without it is set up only at the
  console.
- ``board_game(service) -> BoardGame``: the game's board adapter
  (:class:`~firmware_host.service.game.BoardGame`) for the board service, made by
  :class:`~firmware_host.service.host.GameHost` when the game is first set up or resumed.
- optionally ``check_script_setup(setup: dict, *, board_roles: str) -> None``: ``simulate``
  refuses a script's setup before anything runs (raises ``UsageError``, one line).

Which game a setup plays is its ``game`` key (REPLAY.md "Setup"): absent means
``secret_dictator``; a name that is not registered makes the setup unusable
(:class:`UnknownGame`, a :class:`~firmware_host.errors.UsageError`: one line, exit status 2).

Example::

    from firmware_host import games
    name, setup = games.split_setup({"game": "become_dictator", "players": 5})
    out = games.pack(name).replay_lines(setup, 1, actions)

The board's own sentences, which belong to no game (the whisper station's call, the
self-test, tag enrolment), are worded by :func:`board_text`, so the commands and the service
take no game's catalogue themselves.

Registering a game is one line in :data:`REGISTRY`; the pack module is imported only when the
game is used, so a game costs nothing on a board that never plays it.
"""

from __future__ import annotations

import difflib
import importlib
from types import ModuleType
from typing import Any

from firmware_host.errors import UsageError

__all__ = ["DEFAULT_GAME", "REGISTRY", "UnknownGame", "board_text", "names", "pack", "game_name",
           "split_setup"]

DEFAULT_GAME = "secret_dictator"
"""The game of a setup without a ``game`` key (REPLAY.md)."""

REGISTRY: dict[str, str] = {
    "secret_dictator": "firmware_host.games.secret_dictator.pack",
    "become_dictator": "firmware_host.games.become_dictator.pack",
    "dying_message": "firmware_host.games.dying_message.pack",
    "autocracy": "firmware_host.games.autocracy.pack",
}
"""Registry name → pack module (imported lazily by :func:`pack`)."""


class UnknownGame(UsageError):
    """A setup names a game that is not registered (or the name is not a string)."""


def names() -> tuple[str, ...]:
    """The registered game names, the default first, then alphabetically."""
    return (DEFAULT_GAME,) + tuple(sorted(n for n in REGISTRY if n != DEFAULT_GAME))


def game_name(name: Any) -> str:
    """``name`` checked against the registry.

    Raises:
        UnknownGame: ``name`` is not a registered game's name (one line, with the games
            that are, and a "did you mean" for a near miss).
    """
    if isinstance(name, str) and name in REGISTRY:
        return name
    hint = ""
    if isinstance(name, str):
        close = difflib.get_close_matches(name, list(REGISTRY), n=1)
        if close:
            hint = f" (did you mean {close[0]!r}?)"
    raise UnknownGame(f"game must be one of {', '.join(names())}, not {name!r}{hint}")


def split_setup(setup: Any) -> tuple[str, Any]:
    """The game a setup object plays, and the setup without its ``game`` key.

    A setup that is not a JSON object is passed on unchanged (with the default game), so the
    game's own setup check words that problem.

    Raises:
        UnknownGame: the ``game`` key names no registered game.
    """
    if not isinstance(setup, dict) or "game" not in setup:
        return DEFAULT_GAME, setup
    rest = {k: v for k, v in setup.items() if k != "game"}
    return game_name(setup["game"]), rest


def pack(name: str) -> ModuleType:
    """The pack module of the registered game ``name`` (see the module docstring).

    Raises:
        UnknownGame: ``name`` is not registered.
    """
    return importlib.import_module(REGISTRY[game_name(name)])


#: the catalogue module that holds the board's own sentences (``whisper.call``,
#: ``selftest.*``, ``enrol.*``, ``fault.*``), in German and English
BOARD_CATALOGUE = "firmware_host.games.secret_dictator.catalogue"


def board_text(key: str, params: Any = None, language: str = "de", *, long: bool = False,
               names: Any = None) -> str:
    """The sentence for one of the board's own messages (the whisper station's call, the
    self-test, tag enrolment), from the catalogue that holds them (:data:`BOARD_CATALOGUE`).

    :param key: e.g. ``"whisper.call"``, ``"selftest.start"``, ``"enrol.accepted"``.
    :param params: the message's parameters (seats 0-based), None for none.
    :param language: ``"de"`` or ``"en"``.
    :param long: the long wording.
    :param names: ``{seat: player name}`` said instead of "seat N".
    :returns: ``str`` (Unicode NFC).
    :raises KeyError: an unknown key; :raises ValueError: wrong params or an unknown language.
    """
    catalogue = importlib.import_module(BOARD_CATALOGUE)
    return catalogue.text(key, params, language, long=long, names=names)
