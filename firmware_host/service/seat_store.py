"""A board adapter's per-seat settings, kept in the service's SQLite file (ACCESSIBILITY.md 19).

The part of a game's board adapter that loads, changes and stores the seats' own settings
(:class:`~firmware_host.service.seat_settings.SeatSettings`: rate, volume, verbosity, scan
interval, name, gender, ignore-repeat time) and writes the game's journal notes. It knows no
game: an adapter that mixes it in provides ``service`` (the
:class:`~firmware_host.service.core.BoardService`), ``seat_settings`` (seat → settings),
``setup`` (with ``players``, or None), ``names`` (seat → player name), ``game_id`` and
``say(channel, key, params)``; the catalogue key ``settings.saved`` is the adapter's.

Every game's adapter shares it; what a game does beyond storing and applying a change (re-time
a running scan, re-measure its padded clips, note the table in its journal) it adds in
:meth:`StoredSeatSettings._seat_settings_changed`.
"""

from __future__ import annotations

import logging
from typing import Any

from firmware_host.service.journal import JournalError
from firmware_host.service.refusals import CommandRefused
from firmware_host.service.seat_settings import SeatSettings, SeatSettingsError

log = logging.getLogger("firmware_host.service")

__all__ = ["StoredSeatSettings"]


class StoredSeatSettings:
    """Mixin: the seats' settings of a board adapter, from and to the journal's file."""

    def _load_seat_settings(self) -> None:
        """Read every seat's stored settings (a bad one is ignored with a warning, an
        unreadable file with an error: the seats then play with the defaults) and give the
        voice each seat's rate and volume."""
        try:
            stored = self.service.journal.seat_settings()
        except JournalError as exc:
            log.error("seat settings not read: %s", exc)
            stored = {}
        self.seat_settings = {}
        for seat, obj in stored.items():
            try:
                self.seat_settings[seat] = SeatSettings.from_json(obj)
            except SeatSettingsError as exc:
                log.warning("stored settings of seat %d ignored: %s", seat, exc)
        voice = self.service.voice
        for seat, own in sorted(self.seat_settings.items()):
            if voice is not None and (own.rate is not None or own.volume is not None):
                voice.set_seat_voice(seat, rate=own.rate, volume=own.volume)
            if own.ignore_repeat is not None:
                self._apply_ignore_repeat(seat, own.ignore_repeat)
        if self.seat_settings:
            log.info("seat settings of %d seats restored", len(self.seat_settings))

    def _apply_ignore_repeat(self, seat: int, seconds: float | None) -> None:
        """The seat's own ignore-repeat time (seconds) on its button (ACCESSIBILITY.md 12),
        where the board can take one (a board without hardware cannot)."""
        setter = getattr(self.service.board, "set_ignore_repeat", None)
        if callable(setter):
            setter(seat, seconds)

    def _stored_names(self) -> dict[int, str]:
        """Seat (0-based) → the name stored in its settings, for the seats that have one."""
        return {seat: own.name for seat, own in self.seat_settings.items() if own.name}

    def change_seat_settings(self, seat: Any, changes: dict) -> dict:
        """Change and store one seat's settings (ACCESSIBILITY.md 19); the seat hears
        ``settings.saved``.

        :param seat: the seat, 0-9.
        :param changes: field → new value (``None`` back to the default).
        :returns: ``{"seat": seat, "settings": {field: value}}`` (the fields that are set).
        :raises CommandRefused: no such seat, a bad value or an unknown field, or the file
            cannot be written (one line; nothing changed).
        """
        if type(seat) is not int or not 0 <= seat <= 9:
            raise CommandRefused("seat_settings_seat", f"seat_settings needs a seat (a seat number 0–9), not {seat!r}")
        current = self.seat_settings.get(seat, SeatSettings())
        try:
            new = current.changed(changes)
        except SeatSettingsError as exc:
            if exc.field is None:
                raise CommandRefused("seat_settings_unknown", f"seat_settings: {exc}") from None
            raise CommandRefused("seat_settings_value", f"seat_settings: {exc}", field=exc.field) from None
        try:
            self.service.journal.save_seat_settings(seat, new.to_json())
        except JournalError as exc:
            raise CommandRefused("seat_settings_not_saved", f"seat_settings not saved: {exc}") from None
        self.seat_settings[seat] = new
        voice = self.service.voice
        if voice is not None and ("rate" in changes or "volume" in changes):
            voice.set_seat_voice(seat, rate=new.rate, volume=new.volume)
        if "ignore_repeat" in changes:
            self._apply_ignore_repeat(seat, new.ignore_repeat)
        if "name" in changes:
            players = self.setup.players if self.setup is not None else 10
            if new.name and seat < players:
                self.names[seat] = new.name
            else:
                self.names.pop(seat, None)
        self._seat_settings_changed(seat, new, changes)
        log.info("seat %d settings: %s", seat, new.to_json())
        self.say(f"seat:{seat}", "settings.saved", {})
        return {"seat": seat, "settings": new.to_json()}

    def _seat_settings_changed(self, seat: int, new: SeatSettings, changes: dict) -> None:
        """What the game does after a seat's settings were stored and applied (voice, button,
        name), before the seat hears "settings saved"; nothing by default."""

    def _journal_note(self, note: dict) -> None:
        """A note beside the running game's actions in the journal (never an action); a
        journal that cannot take it is a warning, the game goes on."""
        if self.game_id is not None:
            try:
                self.service.journal.append_note(self.game_id, note)
            except JournalError as exc:
                log.warning("journal note: %s", exc)
