"""The game master's commands at a game's table: one table of commands every game has
(``start``, ``pause``, ``resume``, ``restart``, ``undo``, ``act``, ``choose``,
``seat_settings``, ``key``, ``story``) plus a game's extras (``end_morning`` …), each a function of the
command's fields. An unknown command is refused naming the ones there are.

Example::

    gm = GameMaster({"start": start, "pause": pause, ...}, extras={"end_morning": end_morning})
    gm.run("pause")                  # {"paused": True}
    gm.run("fly")                    # CommandRefused("unknown_command", ...)
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from firmware_host.checks import quoted
from firmware_host.service.refusals import CommandRefused

__all__ = ["GameMaster", "COMMON"]

#: the commands every game's table takes, in the order they are named
COMMON = ("start", "pause", "resume", "restart", "undo", "act", "choose", "seat_settings", "key", "story")


class GameMaster:
    """A table of game-master commands (see the module docstring).

    :param commands: name → ``fn(**fields) -> dict`` for the common commands.
    :param extras: the game's own commands, same form (a name of :data:`COMMON` here
        replaces the common one).
    """

    def __init__(self, commands: Mapping[str, Callable[..., dict]],
                 extras: Mapping[str, Callable[..., dict]] | None = None) -> None:
        self.commands: dict[str, Callable[..., dict]] = {**commands, **(extras or {})}

    def names(self) -> list[str]:
        """Every command this table takes: the common ones, then the game's extras."""
        return [n for n in COMMON if n in self.commands] + sorted(n for n in self.commands if n not in COMMON)

    def run(self, name: Any, fields: Mapping[str, Any]) -> dict:
        """Run command ``name`` with ``fields``.

        :raises CommandRefused: ``unknown_command``, or the command's own refusal.
        """
        fn = self.commands.get(name) if isinstance(name, str) else None
        if fn is None:
            raise CommandRefused("unknown_command", f"unknown command {quoted(name)}; one of {', '.join(self.names())}",
                                 name=str(name))
        return fn(**dict(fields))
