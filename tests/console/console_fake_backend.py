"""A stand-in for the board service's ``ConsoleBackend``, built on the real rules engine.

Same interface as ``firmware_host.service.backend.ConsoleBackend``: ``snapshot()``,
``subscribe(callback)``, ``setup_game(setup)``, ``command(name, **fields)``,
``reveal(seat)``. Changes are published from a separate "service" thread, as the real service
does, so the console's thread bridge is exercised. ``signal(action)`` plays an action as if a
sensor had produced it (a ballot tile, a button scan).
"""

from __future__ import annotations

import threading
from typing import Any, Callable

from firmware_host.errors import UsageError
from firmware_host.service.backend import console_actions, picture, setup_options
from firmware_host.games.secret_dictator import (
    Action, Game, IllegalAction, Setup, deal, private_view, public_view,
)


class Refused(UsageError):
    """A command the fake service refuses."""


class FakeBackend:
    """A ConsoleBackend over the real engine; roles dealt from ``seed`` (default 7)."""

    def __init__(self, seed: int = 7, publish_lines: bool = False, board_seats: int | None = None) -> None:
        self.seed = seed
        self.board_seats = board_seats  # the board's configured seats (None: not known)
        self.publish_lines = publish_lines  # tell subscribers output lines, not snapshots
        self._lock = threading.RLock()
        self._subs: list[Callable[[dict], None]] = []
        self.setup: dict | None = None
        self.game: Game | None = None
        self.actions: list[dict] = []
        self.paused = False
        self.announcements: list[dict] = []
        self.faults: list[dict] = []
        self.reveals: list[int | None] = []
        self.commands: list[tuple[str, dict]] = []
        self.seat_settings: dict[str, dict] = {}  # "seat" -> stored fields (ACCESSIBILITY.md 19)
        self.health = {"readers": {"ballot": "connected", "law": "connected"},
                       "pins": {"stuck": [], "ok": True}}

    # -- ConsoleBackend ------------------------------------------------------------------
    def snapshot(self) -> dict:
        with self._lock:
            view = public_view(self.game) if self.game else None
            return {
                "view": view,
                "game": "secret_dictator",
                "picture": picture("secret_dictator", view),
                "actions": console_actions("secret_dictator") if view else [],
                "announcements": list(self.announcements[-50:]),
                "faults": list(self.faults[-50:]),
                "health": self.health,
                "paused": self.paused,
                "setup": dict(self.setup) if self.setup else None,
                "seat_settings": {k: dict(v) for k, v in self.seat_settings.items()},
                "board": {"seats": self.board_seats},
                "setup_options": setup_options(["secret_dictator"]),
            }

    def subscribe(self, callback: Callable[[dict], None]) -> Callable[[], None]:
        with self._lock:
            self._subs.append(callback)

        def unsubscribe() -> None:
            with self._lock:
                if callback in self._subs:
                    self._subs.remove(callback)
        return unsubscribe

    def setup_game(self, setup: dict) -> dict:
        with self._lock:
            names = setup.get("names") or []
            engine_setup = {k: setup[k] for k in ("players", "first_president", "variant",
                                                   "language") if k in setup}
            engine_setup["seed"] = self.seed
            if setup.get("deck") == "untracked":
                engine_setup["deck"] = "untracked"
            parsed = Setup.from_json(engine_setup)
            if not isinstance(names, list) or len(names) > parsed.players:
                raise Refused("names must be a list with one entry per seat")
            self.setup = dict(setup)
            self._engine_setup = parsed
            self.game = None
            self.actions = []
            self._say(f"Game set up for {parsed.players} players.")
        self._publish()
        return {}

    def command(self, name: str, **fields: Any) -> dict:
        with self._lock:
            self.commands.append((name, fields))
            if name == "pause":
                self.paused = True
                self._say("Game paused.")
            elif name == "resume":
                self.paused = False
                self._say("Game resumed.")
            elif name == "start":
                if self.setup is None:
                    raise Refused("set up a game first")
                self._new_game()
                self._say("Game started.")
            elif name == "restart":  # as the service: back to the setup, nothing dealt
                if self.setup is None and self.game is None:
                    raise Refused("no game to restart")
                self.setup, self.game, self.actions, self.paused = None, None, [], False
                self._say("The game master has ended the game.")
            elif name == "undo":
                if not self.actions:
                    from firmware_host.service.backend import ConsoleRefusal
                    raise ConsoleRefusal("nothing_to_undo",
                                         "nothing to undo: no action since the game started")
                self.actions.pop()
                self._new_game()
                for a in self.actions:
                    self.game.apply(Action.from_json(a))
                self._say("Last action undone.")
            elif name == "act":
                self._apply(fields.get("action"))
            elif name == "choose":
                self._choose(fields.get("seat"), fields.get("target"))
            elif name == "seat_settings":
                self._seat_settings(dict(fields))
            else:
                raise Refused(f"unknown command {name!r}")
        self._publish()
        return {"ok": True}

    def _seat_settings(self, fields: dict) -> None:
        """The service's ``seat_settings`` checks (the real model), stored by seat."""
        from firmware_host.table.seat_settings import SeatSettings, SeatSettingsError
        seat = fields.pop("seat", None)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 10:
            raise Refused("seat_settings needs a seat 0..9")
        try:
            stored = SeatSettings.from_json(self.seat_settings.get(str(seat), {})).changed(fields)
        except SeatSettingsError as exc:
            raise Refused(str(exc)) from None
        self.seat_settings[str(seat)] = stored.to_json()

    def reveal(self, seat: int | None) -> dict:
        with self._lock:
            if self.game is None:
                raise Refused("no game running")
            self.reveals.append(seat)
            seats = range(self.game.players) if seat is None else [seat]
            roles = {s: self.game.roles[s] for s in seats}
            hands = {s: private_view(self.game, s)["hand"] for s in seats}
            drawn = picture("secret_dictator", public_view(self.game),
                            {"seats": {str(s): {"role": roles[s], "hand": hands[s]} for s in seats}})
            return {"roles": roles, "hands": hands, "picture": drawn}

    # -- simulated sensors -----------------------------------------------------------------
    def signal(self, action: dict) -> threading.Thread:
        """Apply ``action`` from a separate thread, as a sensor would; returns the thread."""
        def run() -> None:
            with self._lock:
                try:
                    self._apply(action)
                except UsageError as exc:
                    self.faults.append({"kind": "refusal", "text": str(exc)})
            self._publish()
        thread = threading.Thread(target=run, name="fake-service")
        thread.start()
        return thread

    def fault(self, source: str, reason: str) -> None:
        with self._lock:
            self.faults.append({"kind": "fault", "source": source, "reason": reason,
                                "text": f"{source}: {reason}"})
            self.health = {**self.health, "readers": {**self.health["readers"], source: "disconnected"}}
        self._publish()

    # -- internals ---------------------------------------------------------------------------
    def _new_game(self) -> None:
        roles, deck = deal(self._engine_setup)
        self.game = Game(self._engine_setup.with_dealt(roles, deck))
        self.game.start()

    def _apply(self, action: Any) -> None:
        if self.game is None:
            raise Refused("no game running")
        if self.paused:
            raise Refused("the game is paused")
        try:
            self.game.apply(Action.from_json(action))
        except IllegalAction as exc:
            raise Refused(f"refused: {exc}") from None
        self.actions.append(dict(action))
        self._say(self._describe(action))

    def _choose(self, seat: Any, target: Any) -> None:
        if self.game is None:
            raise Refused("no game running")
        kind = {"nomination": "nominate"}.get(self.game.phase) or {
            "execution": "execute", "special_election": "special_election",
            "investigate": "investigate"}.get(self.game.power or "")
        if kind is None:
            raise Refused("no choice is expected now")
        self._apply({"action": kind, "seat": seat, "target": target})

    def _describe(self, action: dict) -> str:
        kind = action.get("action")
        seat = action.get("seat")
        if kind == "nominate":
            return f"Nomination: seat {seat + 1} nominates seat {action['target'] + 1}."
        if kind == "vote":
            view = public_view(self.game)
            if view["phase"] != "election":
                ja = sum(1 for b in (view["last_ballots"] or {}).values() if b == "ja")
                return f"Election: {ja} Ja, {len(view['last_ballots'] or {}) - ja} Nein."
            return f"Vote: {view['votes_cast']} of {len(view['alive'])}."
        return f"{kind} by seat {seat + 1 if isinstance(seat, int) else '-'}."

    def _say(self, text: str) -> None:
        self.announcements.append({"channel": "public", "text": text})

    def _publish(self) -> None:
        snap = {"announce": {"channel": "public"}} if self.publish_lines else self.snapshot()
        with self._lock:
            subs = list(self._subs)
        for callback in subs:
            callback(snap)
