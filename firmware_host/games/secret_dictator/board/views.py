"""Views for the console, the journal and the status line: public setup, snapshot, reveal, final
state."""

from __future__ import annotations

from firmware_host.games.secret_dictator import private_view, public_view, state_json
from firmware_host.service.refusals import CommandRefused


class Views:
    """Views for the console, the journal and the status line: public setup, snapshot, reveal,
    final state.

    A part of :class:`~firmware_host.games.secret_dictator.board.game.SecretDictatorGame`; its state is made there."""

    def public_setup(self) -> dict | None:
        """The setup without secrets (no roles, deck order or seed)."""
        setup = self.setup or (self.pending_setup or {}).get("setup")
        if setup is None:
            return None
        obj = setup.to_json()
        obj.pop("roles", None)
        obj.pop("seed", None)
        obj["deck"] = "tracked" if setup.tracked else "untracked"
        obj["names"] = {str(k): v for k, v in self.names.items()}
        obj["role_source"] = self.role_source
        return obj

    def snapshot(self) -> dict:
        """The console's picture: public view, last 50 public announcements, faults and
        refusals, readers and pins, paused flag, setup. No secret before the end (R16)."""
        return {
            "view": public_view(self.game) if self.game is not None else None,
            "announcements": list(self.announced),
            "faults": list(self.faults),
            "readers": dict(self.table_faults.readers),
            "pins": {"slots": {t: list(v) for t, v in self.mirror.slots.items()}, "tracker": self.mirror.tracker,
                     "mismatch": [{"key": k, "params": p} for k, p in self.mirror.problems()]},
            "paused": self.paused,
            "setup": self.public_setup(),
            "scan": None if self.scanning.scan is None else {"seat": self.scanning.scan.seat, "purpose": self.scanning.scan.purpose},
            "reading_role_tiles": None if self.reads.tiles is None else len(self.reads.tiles),
            "game_id": self.game_id,
            "seat_settings": {str(seat): own.to_json() for seat, own in sorted(self.seat_settings.items())},
        }

    def reveal(self, seat: int | None) -> dict:
        """Each seat's role, team, hand and power result for the game master (the caller logs
        the WARNING), only through each seat's private view (R16); ``seat`` None: all seats.

        :raises CommandRefused: ``no_game``, or ``no_seat`` for a seat outside the game.
        """
        if self.game is None:
            raise CommandRefused("no_game", "no game is running")
        players, secret = self.game.players, ("role", "team", "hand", "power_result")
        if seat is not None and (type(seat) is not int or not 0 <= seat < players):
            raise CommandRefused("no_seat", f"no seat {seat!r} in this game", seat=seat)
        views = {s: private_view(self.game, s) for s in (range(players) if seat is None else [seat])}
        if seat is not None:
            return {"seat": seat, **{k: views[seat][k] for k in secret}}
        return {"roles": [views[s]["role"] for s in range(players)],
                "seats": {str(s): {k: view[k] for k in secret} for s, view in views.items()}}

    def final_state(self) -> dict | None:
        """REPLAY.md's ``state`` object, or None without a game."""
        return state_json(self.game) if self.game is not None else None

    def status_line(self) -> str:
        """One line for systemd's STATUS=."""
        if self.game is None:
            return "reading role tiles" if self.reads.tiles is not None else "waiting for a setup"
        return f"game {self.game_id}: {self.game.phase}{' (paused)' if self.paused else ''}"
