"""Refusals of game-master commands, with a stable code the console words in its own language.

A game's board adapter raises :class:`CommandRefused` at each place it refuses; the console
backend passes it on with the game's own words for its code where the game's pack has them
(``GamePack.console_refusals``), and the console shows those, else its own neutral
``firmware_host.console.messages`` ``err.<code>`` filled with :attr:`CommandRefused.params`.
This module imports nothing of the service, so the controller, the service core and the
backend can all import it without a cycle.

Example::

    raise CommandRefused("nothing_to_choose", f"nothing to choose now ({game.phase})",
                         phase=game.phase)
"""

from __future__ import annotations

from typing import Any

from firmware_host.checks import one_line
from firmware_host.errors import UsageError

#: the rules engine's refusal reasons (REPLAY.md), each a code ``illegal.<reason>``
ILLEGAL_REASONS = ("game_over", "malformed", "wrong_phase", "not_alive", "not_your_turn",
                   "already_voted", "invalid_target", "ineligible", "not_in_hand")

#: the codes every game's table may give; each has neutral German and English text
#: (``err.<code>``) in :mod:`firmware_host.console.messages` (a game's own codes and words are
#: its pack's, :func:`game_codes`). ``refused`` is the catch-all with an English ``detail``.
REFUSAL_CODES = (
    "nothing_to_undo",          # no params
    "no_setup",                 # no params
    "no_game",                  # no params
    "paused",                   # no params
    "choose_needs_seats",       # no params
    "nothing_to_choose",        # phase
    "board_mismatch",           # no params
    "unknown_command",          # name
    "action_refused",           # action
    "no_seat",                  # seat (0-based int, or the value given)
    "seat_settings_seat",       # no params
    "seat_settings_value",      # field
    "seat_settings_unknown",    # no params
    "seat_settings_not_saved",  # no params
    "setup_players",            # no params
    "setup_name_seat",          # last (int, the last seat 0-based)
    "setup_names",              # no params
    "setup_name_long",          # seat (0-based)
    "setup_name_invalid",       # seat (0-based)
    "setup_not_object",         # no params
    "setup_invalid",            # detail (English)
    "story_not_over",           # no params
    *("illegal." + reason for reason in ILLEGAL_REASONS),
    "refused",                  # detail (English)
)


class CommandRefused(UsageError):
    """A game-master command refused now (wrong phase, no game, nothing to undo…).

    ``str(refusal)`` is the English one-line message (logs, the CLI); :attr:`code` and
    :attr:`params` let the console say it in the page's language. A
    :class:`~firmware_host.errors.UsageError`, so also a ``ValueError``.

    :param code: one of :data:`REFUSAL_CODES` (``"nothing_to_undo"``, ``"illegal.wrong_phase"``…)
        or of a game's own (:func:`game_codes`, worded by its pack).
        Called with the message alone (``CommandRefused("the moon is in the way")``) it is
        the catch-all ``refused`` with that message as ``detail``.
    :param message: the English one-line message (line breaks become spaces, cut to 300
        characters: :func:`~firmware_host.checks.one_line`; so are text ``params``).
    :param params: the message's fields: ``seat`` (0-based int), ``action``/``phase``/
        ``field``/``name`` (engine or command identifiers), ``last`` (int), ``detail``
        (English text, only in the catch-all codes ``refused`` and ``setup_invalid``).
    :raises ValueError: ``code`` is neither in :data:`REFUSAL_CODES` nor a game's own (a
        programming error).
    """

    def __init__(self, code: str, message: str | None = None, **params: Any) -> None:
        if message is None:
            code, message, params = "refused", code, {"detail": code}
        if code not in REFUSAL_CODES and code not in game_codes():
            raise ValueError(f"unknown refusal code {code!r}")
        message = one_line(message)         # one line of at most 300 characters (issue 34)
        params = {k: one_line(v) if isinstance(v, str) else v for k, v in params.items()}
        super().__init__(message)
        self.code = code
        self.params = params
        #: the game's own words for it, ``{language: text}`` (its pack's ``console_refusals``),
        #: set by the console backend; None: the console's own words for :attr:`code`
        self.words: dict[str, str] | None = None


def game_codes() -> frozenset[str]:
    """The refusal codes a game words itself: every registered pack's ``console_refusals``
    (a game's own refusal, e.g. a setup rule of its own; issue 32)."""
    from firmware_host.kernel import games

    return frozenset(code for name in games.names() for code in games.pack(name).console_refusals)


def refusal(exc: BaseException) -> CommandRefused:
    """``exc`` as a :class:`CommandRefused`: itself when it is one, else the catch-all
    ``refused`` with the first line of its message as ``detail``."""
    if isinstance(exc, CommandRefused):
        return exc
    message = (str(exc).strip() or type(exc).__name__).splitlines()[0]
    return CommandRefused("refused", message, detail=message)


__all__ = ["CommandRefused", "ILLEGAL_REASONS", "REFUSAL_CODES", "game_codes", "refusal"]
