"""The console backend: what the game master's web console may see and do on the running board.

Every call is carried out on the board service's one thread (:meth:`BoardService.call`), so
the console never touches the engine concurrently with the sensors.

Example::

    backend = ConsoleBackend(service)
    backend.setup_game({"game": NAME, "players": 4, "names": ["Anna", "Ben", ...], "language": "fr"})
    backend.command("start")
    backend.command("act", action={"action": "roll", "seat": 0})   # one of the game's console_actions
    backend.snapshot()["picture"]                     # the game's console_picture of its public view
    unsubscribe = backend.subscribe(lambda snapshot: ...)   # called on the service thread
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from firmware_host.checks import quoted
from firmware_host.kernel import games
from firmware_host.errors import UsageError
from firmware_host.service.core import BoardService
from firmware_host.service.refusals import REFUSAL_CODES, CommandRefused, game_codes, refusal

log = logging.getLogger("firmware_host.service")

#: the commands :meth:`ConsoleBackend.command` knows
COMMANDS = ("start", "pause", "resume", "restart", "undo", "act", "choose", "seat_settings", "story")

#: the console's name for a refusal with a code (one class: the controller raises it itself)
ConsoleRefusal = CommandRefused


class ConsoleBackend:
    """The console's window on a :class:`BoardService`.

    :param service: the running board service.
    """

    def __init__(self, service: BoardService) -> None:
        self.service = service

    def snapshot(self) -> dict:
        """The public picture, JSON-ready (no secret before the game is over, R16).

        Keys: ``view`` (``public_view`` or None), ``announcements`` (the last 50 public ones:
        {key, params, text}), ``faults`` (recent faults and refusals), ``health``
        ({readers: {name: "connected"/"disconnected"}, pins: {slots, peg, mismatch, ok},
        ``not_working``: one line per dead part (a reader, an audio output), when any}),
        ``paused`` (bool), ``setup`` (players, names, language and the game's public setup
        keys; never a secret of the deal), ``scan``,
        ``board`` (``{"seats": int | None}``, :meth:`board_seats`), ``setup_options`` (each
        registered game's setup form, :func:`setup_options`), ``picture`` (the game's own,
        :func:`picture`) and ``actions`` (its "help a seat" forms while a game runs,
        :func:`console_actions`).
        """
        return self.service.call(self._snapshot)

    def _snapshot(self) -> dict:
        snap = self.service.game.snapshot()
        pins = dict(snap.pop("pins"))
        pins["ok"] = not pins.get("mismatch")
        pins["stuck"] = [f.get("detail") for f in snap["faults"] if f.get("reason") in ("stuck", "chatter")]
        snap["health"] = {
            "readers": {name: "connected" if ok else "disconnected" for name, ok in snap.pop("readers").items()},
            "pins": pins,
        }
        if self.service.board_error:
            snap["health"]["board_error"] = self.service.board_error
        if self.service.dead_parts:      # a reader missing, an earphone that cannot play: by name
            snap["health"]["not_working"] = list(self.service.dead_parts.values())
        snap["board"] = {"seats": self.board_seats(),
                         # BOARD.md: on a real board only the physical (untracked) deck is played
                         "physical_deck": bool(getattr(self.service.settings, "physical_deck", False))}
        snap["setup_options"] = setup_options(snap.get("games") or [games.DEFAULT_GAME])
        name = snap.get("game") or games.DEFAULT_GAME
        drawn = picture(name, snap.get("view"))
        if drawn is not None:
            snap["picture"] = drawn
        snap["actions"] = console_actions(name) if snap.get("view") is not None else []
        return snap

    def board_seats(self) -> int | None:
        """The seats the running board is built with (its config's ``[seats]``, 1–10), or
        None without a board (the console then offers every seat a board can have, R1)."""
        seats = getattr(getattr(self.service.board, "config", None), "seats", None)
        return seats if type(seats) is int and 1 <= seats <= 10 else None

    def subscribe(self, callback: Callable[[dict], None]) -> Callable[[], None]:
        """``callback(snapshot)`` after every change (an output line of the service), called
        on the service thread (the console bridges to asyncio itself); returns ``unsubscribe``."""
        def on_line(line: dict) -> None:
            snap = self._snapshot()
            snap["change"] = line if line.get("channel", "public") == "public" else {"event": "announce", "channel": "private"}
            callback(snap)
        return self.service.subscribe(on_line)

    def setup_game(self, setup: dict) -> None:
        """Set up a game: ``game`` (a registered game, default the registry's ``DEFAULT_GAME``),
        ``players``, ``names`` (list by seat), ``language``, and that game's own keys (its
        pack's ``console_options``). The game starts with :meth:`command` ``start``.

        :raises ConsoleRefusal: (a :class:`UsageError`) an unusable setup (one line, with a
            code: ``setup_players``, ``setup_invalid``…).
        """
        try:
            self.service.call(lambda: self.service.game.prepare(setup))
        except UsageError as exc:
            try:
                name = games.split_setup(setup)[0]
            except games.UnknownGame:
                name = None
            raise _worded(refusal(exc), name) from (None if isinstance(exc, CommandRefused) else exc)

    def command(self, name: str, /, **fields: Any) -> dict:
        """A game-master command: ``start``, ``pause``, ``resume``, ``restart`` (ends the game
        and returns to the setup: the controller's ``end_game()``, the journal marks the game
        abandoned, the table hears ``gm.ended``; nothing is dealt), ``undo``,
        ``act`` (``action=`` a REPLAY.md action dict), ``choose`` (``seat=``, ``target=``),
        ``seat_settings`` (``seat=`` and any of ``rate=`` 80–450 words per minute, ``volume=``
        0–1, ``verbosity=`` auto/short/long, ``scan_interval=`` 0.5–5 s, ``name=``; None
        resets a field; kept in the service's SQLite file across restarts, ACCESSIBILITY.md 19).

        :returns: a small result dict.
        :raises ConsoleRefusal: (a :class:`CommandRefused`, so a :class:`UsageError`) refused
            now: a one-line English message, ``.code`` (one of :data:`REFUSAL_CODES`, e.g.
            ``nothing_to_undo``) and ``.params`` for the console's own words.
        """
        if name not in COMMANDS:
            raise ConsoleRefusal("unknown_command", f"unknown command {quoted(name)}; one of {', '.join(COMMANDS)}",
                                 name=str(name))
        log.info("game master: %s", name)

        def run() -> Any:
            game = self.service.game
            if name == "restart":
                return game.end_game()
            before = _listed(game)
            try:
                return game.command(name, **fields)
            except CommandRefused as exc:
                raise with_reason(exc, [e for e in _listed(game) if not any(e is b for b in before)]) from None

        try:
            result = self.service.call(run)
        except UsageError as exc:
            raise _worded(refusal(exc), getattr(self.service.game, "current", None)) from (
                None if isinstance(exc, CommandRefused) else exc)
        return result if isinstance(result, dict) else {}

    def reveal(self, seat: int | None) -> dict:
        """Roles and hands for the game master: every seat (``seat`` None) or one seat.

        Logs a WARNING "secret revealed to game master" each time.

        :returns: ``{"roles": {seat: role}, "hands": {seat: hand or None}, "teams": …,
            "power_results": …, "picture": the game's picture with its hidden rows}`` for the
            seats asked for (None where a game has no such secret).
        :raises ConsoleRefusal: no game (``no_game``), or no such seat (``no_seat``).
        """
        log.warning("secret revealed to game master (%s)", "all seats" if seat is None else f"seat {seat}")

        def run() -> dict:
            game = self.service.game
            if seat is None:
                full = game.reveal(None)
                seats = full["seats"]
            else:
                one = game.reveal(seat)
                seats = {str(seat): {k: v for k, v in one.items() if k != "seat"}}
            # a game's secrets by seat (a role, a hand, a team, a power's result, or its own
            # kinds); the game's picture draws them (its pack's console_picture)
            out: dict[str, Any] = {
                "roles": {int(s): v.get("role") for s, v in seats.items()},
                "hands": {int(s): v.get("hand") for s, v in seats.items()},
                "teams": {int(s): v.get("team") for s, v in seats.items()},
                "power_results": {int(s): v.get("power_result") for s, v in seats.items()}}
            view = (game.snapshot() or {}).get("view")
            drawn = picture(getattr(game, "current", games.DEFAULT_GAME), view, {"seats": seats})
            if drawn is not None:
                out["picture"] = drawn
            return out
        try:
            return self.service.call(run)
        except CommandRefused:
            raise
        except UsageError as exc:
            raise refusal(exc) from exc


__all__ = ["COMMANDS", "REFUSAL_CODES", "CommandRefused", "ConsoleBackend", "ConsoleRefusal",
           "UsageError", "refusal", "with_reason"]


def setup_options(names: list[str]) -> dict[str, Any]:
    """The console's setup form of each game in ``names`` that has one: ``{"title": {"de",
    "en"} or None, "fields": [...]}``, the fields being its pack's ``console_options``
    (:class:`firmware_host.kernel.games.GamePack`; the one named ``players`` is the player count) and
    the title its lobby's."""
    out: dict[str, Any] = {}
    for name in names:
        try:
            record = games.pack(name)
        except games.UnknownGame:
            continue
        fields = list(record.console_options)
        if not fields:
            continue
        title = None
        if record.lobby is not None:
            lobby = record.lobby()
            title = {language: lobby.title(language) for language in ("de", "en")}
        out[name] = {"title": title, "fields": fields}
    return out


def _listed(game: Any) -> list:
    """The entries of the console's list of faults and refusals (``snapshot()["faults"]``)
    of the running game, the same objects each time; none without a snapshot."""
    try:
        listed = (game.snapshot() or {}).get("faults")
    except (AttributeError, TypeError):
        return []
    return list(listed) if isinstance(listed, (list, tuple)) else []


def with_reason(refused: CommandRefused, listed: list) -> CommandRefused:
    """A game master's action the rules refused (``action_refused``), worded by its reason.

    The game lists each refusal on the console (``{"kind": "rejected", "action", "reason"}``)
    with its reason unless that reason is a secret (RULES.md R16: ``not_possible`` for a hand
    that lacks a party). Where the newest of ``listed`` (the entries the command added) is the
    refusal of that very action with one of the rules' reasons the console words
    (``illegal.<reason>``, :data:`REFUSAL_CODES` or a game's own code), the game master reads
    that reason at once ("it is not that seat's turn") instead of "refused, see the list".

    :param refused: the command's refusal.
    :param listed: the console-list entries added while the command ran, oldest first.
    :returns: ``refused`` itself, or a :class:`CommandRefused` with code ``illegal.<reason>``,
        the same English message with its reason, and ``action`` kept in its params.
    """
    action = refused.params.get("action")
    if refused.code != "action_refused" or not action:
        return refused
    for entry in reversed(listed):
        if not isinstance(entry, dict) or entry.get("kind") != "rejected":
            continue
        reason = entry.get("reason")
        code = f"illegal.{reason}"
        if entry.get("action") != action or not isinstance(reason, str) or \
                (code not in REFUSAL_CODES and code not in game_codes()):
            return refused
        return CommandRefused(code, f"{refused} ({reason})", action=action)
    return refused


def _worded(refused: CommandRefused, name: str | None) -> CommandRefused:
    """``refused`` with game ``name``'s own words for its code (the pack's
    ``console_refusals``, issue 32: the console holds no game's words), if it has them."""
    try:
        words = games.pack(name).console_refusals.get(refused.code) if name else None
    except games.UnknownGame:
        words = None
    if words:
        refused.words = dict(words)
    return refused


def console_actions(name: str) -> list[dict]:
    """The "help a seat" forms of game ``name``: its pack's ``console_actions``
    (:class:`firmware_host.kernel.games.GamePack`), or none for a name that is not registered."""
    try:
        return list(games.pack(name).console_actions)
    except games.UnknownGame:
        return []


def picture(name: str, view: Any, secrets: dict | None = None) -> dict | None:
    """What the game master's page draws of game ``name`` in ``view`` (its public view), by
    its pack's ``console_picture`` (:class:`firmware_host.kernel.games.GamePack`); with ``secrets``
    (``{"seats": {"N": {...}}}``, a reveal) the hidden rows too. None without a view or a
    picture; a picture that cannot be drawn from the view is logged and left out."""
    if not isinstance(view, dict):
        return None
    try:
        draw = games.pack(name).console_picture
    except games.UnknownGame:
        return None
    if not callable(draw):
        return None
    try:
        return draw(view, secrets)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        log.warning("console picture of %s: %s", name, exc)
        return None
