"""Autocracy's pack: what the games registry (:mod:`firmware_host.games`) offers of it
(AUTOCRACY.md "Replay", A31-A44): the replay, the board adapter, the questions of a setup
from the seats, its words, its setup fields on the console and its board-signal scripts."""

from __future__ import annotations

from typing import Any, Iterable

__all__ = ["NAME", "PACK", "replay_lines", "board_game", "lobby", "scripting"]

NAME = "autocracy"


def replay_lines(setup_obj: Any, line: int, actions: Iterable[tuple[int, Any]]) -> list[dict]:
    """Replay an Autocracy game file; return the output objects in order.

    Args:
        setup_obj: the setup object without its ``game`` key (the registry removed it).
        line: the setup's physical line number (for messages).
        actions: ``(line number, JSON value)`` of every later line that is not ignored.

    Raises:
        UsageError: the file is unusable (AUTOCRACY.md "What makes the file unusable").
    """
    from .replay import replay_objects

    if isinstance(setup_obj, dict):
        setup_obj = {"game": NAME, **setup_obj}
    return replay_objects(setup_obj, line, actions)


def board_game(service: Any) -> Any:
    """This game's board adapter for ``service`` (:class:`~firmware_host.table.BoardAdapter`,
    AUTOCRACY.md A31-A44)."""
    from .board import AutocracyGame

    return AutocracyGame(service)


def lobby() -> Any:
    """The game's questions for a setup from the seats (:mod:`.lobby`: ``title``,
    ``questions``, ``text``, ``setup``, ``check``)."""
    from . import lobby as questions

    return questions


def scripting() -> Any:
    """The game's board-signal scripts (:mod:`.scripting`): ``sample_setup``,
    ``seat_answers``, ``whole_game``, ``signals_for_game``, ``permuted``, ``REVEALS``,
    ``FINAL_CHOICES``; the table's conformance suite plays the game through them."""
    from . import scripting as module

    return module


def _words(key: str, params: Any, language: str = "de", *, long: bool = False, names: Any = None) -> str:
    from . import catalogue

    return catalogue.text(key, params, language, long=long, names=names)


from firmware_host.games import GamePack  # noqa: E402 - the record needs the functions above

#: this game's record in the registry (:class:`firmware_host.games.GamePack`)
PACK = GamePack(
    name=NAME, replay=replay_lines, adapter=board_game, lobby=lobby, words=_words,
    scripting=scripting,
    console_options=(
        {"name": "players", "kind": "int", "label": "players", "default": 4, "min": 2, "max": 6},
        {"name": "hold_seconds", "kind": "seconds", "label": "answer hold", "default": 5, "min": 0,
         "max": 60},
        {"name": "counter_seconds", "kind": "seconds", "label": "counter time limit", "default": 0,
         "min": 0, "max": 3600},
    ),
)
