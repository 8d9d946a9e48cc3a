"""The small game interface between the board service and one game's rules.

The service core (:mod:`firmware_host.service.core`) knows queues, threads, the journal and
speech; everything about *which* input means *which* move lives in a :class:`BoardGame`.
Each game's pack makes its own (``board_game(service)``, reached through :mod:`firmware_host.games`):
Secret Dictator's is :class:`firmware_host.games.secret_dictator.board.SecretDictatorGame`; the
service imports no game and reuses the board, scanning and journal for every one.

Every method runs on the service thread.
"""

from __future__ import annotations

from typing import Any, Protocol


class BoardGame(Protocol):
    """What the board service needs from a game (all calls on the service thread)."""

    def boot(self, resume: bool = True) -> None:
        """After start: resume an unfinished game from the journal (and say so), or wait for a setup."""

    def handle_input(self, event: Any) -> None:
        """One input event from the board (``firmware_host.hardware.events``)."""

    def setup_game(self, setup: dict) -> None:
        """The game master's setup (players, names, language, …); starts the game.

        :raises UsageError: an unusable setup (one line).
        """

    def command(self, name: str, /, **fields: Any) -> dict:
        """A game-master command (``start``, ``pause``, ``resume``, ``restart``, ``undo``,
        ``act``, ``choose``); returns a small result dict.

        :raises UsageError: a refused command (one line).
        """

    def end_game(self) -> dict:
        """The game master ends the game (or the setup): the journal marks it abandoned, the
        board waits for a new setup, the table hears ``gm.ended``.

        :raises UsageError: nothing to end (one line).
        """

    def say(self, channel: str, key: str, params: dict, *, priority: str = "normal") -> None:
        """Speak catalogue message ``key`` on ``channel`` and emit its ``announce`` line."""

    def snapshot(self) -> dict:
        """The console's public picture of the game (no secret before the end)."""

    def reveal(self, seat: int | None) -> dict:
        """Secrets for the game master: every role and hand (``seat`` None) or one seat's."""

    def final_state(self) -> dict | None:
        """REPLAY.md's ``state`` object, or None without a game."""

    def status_line(self) -> str:
        """One line for systemd's STATUS= (phase, no secret)."""

    def shutdown(self) -> None:
        """The service is stopping: end scans and timers."""
