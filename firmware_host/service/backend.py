"""The console backend: what the game master's web console may see and do on the running board.

Every call is carried out on the board service's one thread (:meth:`BoardService.call`), so
the console never touches the engine concurrently with the sensors.

Example::

    backend = ConsoleBackend(service)
    backend.setup_game({"players": 7, "names": ["Anna", "Ben", ...], "language": "de"})
    backend.command("start")
    backend.command("choose", seat=0, target=3)       # nominate seat 3 for seat 0
    backend.command("act", action={"action": "veto", "seat": 3})
    unsubscribe = backend.subscribe(lambda snapshot: ...)   # called on the service thread
"""

from __future__ import annotations

import logging
import re
from typing import Any, Callable

from firmware_host.errors import UsageError
from firmware_host.service.core import BoardService, CommandRefused

log = logging.getLogger("firmware_host.service")

#: the commands :meth:`ConsoleBackend.command` knows
COMMANDS = ("start", "pause", "resume", "restart", "undo", "act", "choose", "seat_settings")

#: what the table hears when the game master ends a game (``restart``), by language, until
#: the announcement catalogue has its own ``gm.ended``
ENDED_TEXT = {"de": "Die Spielleitung hat das Spiel beendet.",
              "en": "The game master has ended the game."}


class ConsoleRefusal(CommandRefused):
    """A refusal with a stable code, so the console can say it in the page's language.

    ``str(refusal)`` stays the English one-line message (logs, the CLI); the console shows
    ``firmware_host.console.messages`` ``err.<code>`` filled with :attr:`params`.

    :param code: one of :data:`REFUSAL_CODES` (``"nothing_to_undo"``, ``"illegal.wrong_phase"``…).
    :param message: the English one-line message.
    :param params: the message's fields: ``seat`` (0-based int), ``action``/``phase``/
        ``reason``/``field`` (engine identifiers), ``last`` (int), ``detail`` (English text,
        only in the catch-all codes ``refused`` and ``setup_invalid``).
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


#: (code, pattern of the controller's English message); the first full match wins.
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple((code, re.compile(pattern)) for code, pattern in (
    ("nothing_to_undo", r"nothing to undo\b.*"),
    ("no_setup", r"no setup: set the game up first"),
    ("no_game", r"no game (?:to pause|to resume|to undo in|to restart|is running)"),
    ("paused", r"the game is paused"),
    ("choose_needs_seats", r"choose needs a seat and a target.*"),
    ("nothing_to_choose", r"nothing to choose now \((?P<phase>\w+)\)"),
    ("board_mismatch", r"the board does not match the game.*"),
    ("unknown_command", r"unknown command (?P<name>.+?); one of.*"),
    ("action_refused", r"(?P<action>\w+) was refused"),
    ("no_seat", r"no seat (?P<seat>-?\d+) in this game"),
    ("seat_settings_seat", r"seat_settings needs a seat.*"),
    ("seat_settings_value", r"seat_settings: (?P<field>rate|volume|scan_interval|verbosity|name)\b.*"),
    ("seat_settings_unknown", r"seat_settings: unknown seat setting.*"),
    ("seat_settings_not_saved", r"seat_settings not saved: .*"),
    ("setup_players", r"setup: invalid setup: players must be .*"),
    ("setup_first_president", r"setup: invalid setup: first_president must be .*"),
    ("setup_name_seat", r"setup: a name for a seat outside 0\.\.(?P<last>\d+)"),
    ("setup_names", r"setup: names must be .*"),
    ("setup_not_object", r"the setup must be a JSON object.*"),
    ("setup_invalid", r"setup: (?:invalid setup: )?(?P<detail>.+)"),
    ("setup_invalid", r"role_source must be .*"),
))

#: every refusal code :class:`ConsoleRefusal` carries (``illegal.<reason>`` for each of the
#: rules engine's REPLAY.md reasons; ``refused`` is the catch-all with an English ``detail``)
REFUSAL_CODES = tuple(dict.fromkeys([code for code, _ in _PATTERNS] + [
    "illegal." + r for r in ("game_over", "malformed", "wrong_phase", "not_alive", "not_your_turn",
                             "already_voted", "invalid_target", "ineligible", "not_in_hand")]
    + ["refused"]))


def refusal(exc: BaseException) -> ConsoleRefusal:
    """``exc`` (a refusal of the controller, English) as a :class:`ConsoleRefusal` with a code.

    An ``act:`` refusal takes the rules engine's reason (``IllegalAction.reason``, REPLAY.md)
    from the exception it was raised during; a message no pattern knows gets ``refused``.
    """
    if isinstance(exc, ConsoleRefusal):
        return exc
    message = (str(exc).strip() or type(exc).__name__).splitlines()[0]
    cause = exc.__cause__ or exc.__context__
    reason = getattr(cause, "reason", None)
    if message.startswith("act: ") and isinstance(reason, str) and "illegal." + reason in REFUSAL_CODES:
        return ConsoleRefusal("illegal." + reason, message)
    for code, pattern in _PATTERNS:
        match = pattern.fullmatch(message)
        if match:
            params: dict[str, Any] = {k: v for k, v in match.groupdict().items() if v is not None}
            if "seat" in params:
                params["seat"] = int(params["seat"])
            if "last" in params:
                params["last"] = int(params["last"])
            return ConsoleRefusal(code, message, **params)
    return ConsoleRefusal("refused", message, detail=message)


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
        ({readers: {name: "connected"/"disconnected"}, pins: {slots, tracker, mismatch, ok}}),
        ``paused`` (bool), ``setup`` (players, names, language, first_president, variant,
        deck tracked/untracked, role_source; never roles or deck order), ``scan``,
        ``board`` (``{"seats": int | None}``, :meth:`board_seats`).
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
        snap["board"] = {"seats": self.board_seats()}
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
        """Set up a game: ``players``, ``names`` (list by seat), ``language``,
        ``first_president``, ``variant``, ``deck`` (``tracked``/``untracked``), ``roles``
        (``dealt``/``tiles``), ``switches``. The game starts with :meth:`command` ``start``.

        :raises ConsoleRefusal: (a :class:`UsageError`) an unusable setup (one line, with a
            code: ``setup_players``, ``setup_invalid``…).
        """
        try:
            self.service.call(lambda: self.service.game.prepare(setup))
        except UsageError as exc:
            raise refusal(exc) from exc

    def command(self, name: str, /, **fields: Any) -> dict:
        """A game-master command: ``start``, ``pause``, ``resume``, ``restart`` (ends the game
        and returns to the setup, see :meth:`_end_game`; nothing is dealt), ``undo``,
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
            raise ConsoleRefusal("unknown_command", f"unknown command {name!r}; one of {', '.join(COMMANDS)}",
                                 name=str(name))
        log.info("game master: %s", name)
        run = (lambda: self._end_game()) if name == "restart" else \
            (lambda: self.service.game.command(name, **fields))
        try:
            result = self.service.call(run)
        except UsageError as exc:
            raise refusal(exc) from exc
        return result if isinstance(result, dict) else {}

    def _end_game(self) -> dict:
        """``restart``: end the game (or the setup) so the game master can make a new setup.

        Runs on the service thread. The journal's game is abandoned (an ended game stays as
        it was), nothing is dealt and no prolog is spoken; the table hears only ``gm.ended``
        ("The game master has ended the game."). Per-seat settings stay (ACCESSIBILITY.md 19).
        The controller's own ``end_game()`` is used when it has one.

        :returns: ``{"ended": True}``.
        :raises ConsoleRefusal: ``no_game`` when there is neither a game nor a setup.
        """
        controller = self.service.game
        own = getattr(controller, "end_game", None)
        if callable(own):
            own()
            return {"ended": True}
        if controller.game is None and controller.pending_setup is None \
                and getattr(controller, "tiles", None) is None:
            raise ConsoleRefusal("no_game", "no game to restart")
        controller._end_scan()
        if controller.game_id is not None and controller.game is not None \
                and controller.game.phase != "game_over":
            controller._journal_note({"note": "ended", "by": "game master"})
            self.service.journal.finish_game(controller.game_id, "abandoned")
        controller.game = controller.game_id = controller.setup = None
        controller.pending_setup = controller.tiles = None
        controller.paused = False
        controller.chaos_placement = False
        controller.mirror_said = None
        controller.held, controller.refused_slots, controller.stale_slots = [], set(), set()
        log.info("game ended by the game master: waiting for a new setup")
        self._say_ended(controller)
        return {"ended": True}

    def _say_ended(self, controller: Any) -> None:
        """The public "game ended by the game master": the catalogue's ``gm.ended`` when it
        has one, else :data:`ENDED_TEXT` in the game's language."""
        from firmware_host.games.secret_dictator import catalogue
        if "gm.ended" in catalogue.keys():
            controller.say("public", "gm.ended", {})
            return
        text = ENDED_TEXT.get(controller.language, ENDED_TEXT["de"])
        line = {"event": "announce", "channel": "public", "key": "gm.ended", "params": {}, "text": text}
        voice = self.service.voice
        if voice is not None:
            wav = voice.say("public", text, key="gm.ended", priority="normal")
            if wav:
                line["wav"] = wav
        controller.announced.append({k: line[k] for k in ("channel", "key", "params", "text")})
        self.service.emit(line)

    def reveal(self, seat: int | None) -> dict:
        """Roles and hands for the game master: every seat (``seat`` None) or one seat.

        Logs a WARNING "secret revealed to game master" each time.

        :returns: ``{"roles": {seat: role}, "hands": {seat: hand or None}, "team": …,
            "power_result": …}`` for the seats asked for.
        :raises ConsoleRefusal: no game (``no_game``), or no such seat (``no_seat``).
        """
        log.warning("secret revealed to game master (%s)", "all seats" if seat is None else f"seat {seat}")

        def run() -> dict:
            game = self.service.game
            if seat is None:
                full = game.reveal(None)
                seats = full["seats"]
                return {"roles": {int(s): v["role"] for s, v in seats.items()},
                        "hands": {int(s): v["hand"] for s, v in seats.items()},
                        "teams": {int(s): v["team"] for s, v in seats.items()},
                        "power_results": {int(s): v["power_result"] for s, v in seats.items()}}
            one = game.reveal(seat)
            return {"roles": {seat: one["role"]}, "hands": {seat: one["hand"]},
                    "teams": {seat: one["team"]}, "power_results": {seat: one["power_result"]}}
        try:
            return self.service.call(run)
        except UsageError as exc:
            raise refusal(exc) from exc


__all__ = ["COMMANDS", "REFUSAL_CODES", "CommandRefused", "ConsoleBackend", "ConsoleRefusal",
           "UsageError", "refusal"]
