"""Autocracy's pack module: what the games registry (:mod:`firmware_host.games`) offers of it
(AUTOCRACY.md "Replay")."""

from __future__ import annotations

from typing import Any, Iterable

__all__ = ["NAME", "replay_lines"]

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
