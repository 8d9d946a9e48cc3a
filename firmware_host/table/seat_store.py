"""A board adapter's per-seat settings, kept in the service's SQLite file (ACCESSIBILITY.md 19):
the mixin of the adapters not yet built on :class:`firmware_host.table.BoardAdapter`.

It keeps the adapter's ``seat_settings`` dict (seat → :class:`~firmware_host.service.
seat_settings.SeatSettings`) and hands loading, applying, changing and storing to the table's
one :class:`~firmware_host.table.seats.SeatStore`, so there is one copy of that logic. An
adapter that mixes it in provides ``service``, ``seat_settings``, ``setup`` (with
``players``, or None), ``names``, ``game_id`` and ``say(channel, key, params)``; what a game
does beyond storing and applying a change it adds in
:meth:`StoredSeatSettings._seat_settings_changed`. :meth:`activate` (called by the
:class:`~firmware_host.service.host.GameHost` when the adapter becomes active) applies the
stored settings again.
"""

from __future__ import annotations

from typing import Any

from firmware_host.table.seat_settings import SeatSettings

__all__ = ["StoredSeatSettings"]


class StoredSeatSettings:
    """Mixin: the seats' settings of a board adapter, from and to the journal's file."""

    def _seat_store(self) -> Any:
        from firmware_host.table.seats import SeatStore

        store = self.__dict__.get("_stored_seats")
        if store is None:
            store = self._stored_seats = SeatStore(self.service, self._stored_seat_changed)
        store.by_seat = self.seat_settings
        return store

    def activate(self) -> None:
        """The adapter becomes the active one: the stored settings read and applied again."""
        self._load_seat_settings()

    def _load_seat_settings(self) -> None:
        """Read every seat's stored settings and give the voice each seat's rate and volume,
        the board each seat's ignore-repeat time (:meth:`SeatStore.apply`)."""
        self.seat_settings = {}
        store = self._seat_store()
        store.apply()
        self.seat_settings = store.by_seat

    def _stored_names(self) -> dict[int, str]:
        """Seat (0-based) → the name stored in its settings, for the seats that have one."""
        return {seat: own.name for seat, own in self.seat_settings.items() if own.name}

    def change_seat_settings(self, seat: Any, changes: dict) -> dict:
        """Change and store one seat's settings (ACCESSIBILITY.md 19); the seat hears
        ``settings.saved``.

        :returns: ``{"seat": seat, "settings": {field: value}}`` (the fields that are set).
        :raises CommandRefused: as :meth:`SeatStore.change` (nothing changed).
        """
        out = self._seat_store().change(seat, dict(changes))
        self.say(f"seat:{seat}", "settings.saved", {})
        return out

    def _stored_seat_changed(self, seat: int, new: SeatSettings, changes: dict) -> None:
        if "name" in changes:
            players = self.setup.players if self.setup is not None else 10
            if new.name and seat < players:
                self.names[seat] = new.name
            else:
                self.names.pop(seat, None)
        self._seat_settings_changed(seat, new, changes)

    def _seat_settings_changed(self, seat: int, new: SeatSettings, changes: dict) -> None:
        """What the game does after a seat's settings were stored and applied (voice, button,
        name), before the seat hears "settings saved"; nothing by default."""

    def _journal_note(self, note: dict) -> None:
        """A note beside the running game's actions in the journal (never an action)."""
        from firmware_host.table.moves import journal_note

        journal_note(self.service.journal, self.game_id, note)
