"""Seat settings (ACCESSIBILITY.md 19): rate, volume, verbosity, scan interval and name per seat."""

from __future__ import annotations

from typing import Any

from firmware_host.service.journal import JournalError
from firmware_host.service.refusals import CommandRefused
from firmware_host.service.seat_settings import SeatSettings, SeatSettingsError
from firmware_host.games.secret_dictator.board.common import log


class Seats:
    """Seat settings (ACCESSIBILITY.md 19): rate, volume, verbosity, scan interval and name per
    seat.

    A part of :class:`~firmware_host.games.secret_dictator.board.game.SecretDictatorGame`; its state is made there."""

    def _load_seat_settings(self) -> None:
        """ACCESSIBILITY.md 19: the stored per-seat settings, applied to the voice at start."""
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
        """The seat's own ignore-repeat time on its button (ACCESSIBILITY.md 12), where the
        board can take one (a board without hardware cannot)."""
        setter = getattr(self.service.board, "set_ignore_repeat", None)
        if callable(setter):
            setter(seat, seconds)

    def _stored_names(self) -> dict[int, str]:
        return {seat: own.name for seat, own in self.seat_settings.items() if own.name}

    def change_seat_settings(self, seat: Any, changes: dict) -> dict:
        """Change and store one seat's settings (ACCESSIBILITY.md 19); see
        :mod:`firmware_host.service.seat_settings` for the fields and ranges. The seat hears
        "settings saved" in its earphone (at its new rate and volume).

        :returns: ``{"seat": seat, "settings": {field: value}}`` (the fields that are set).
        :raises CommandRefused: no such seat, a value out of range or an unknown field, or
            the file cannot be written (one line; nothing changed).
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
            self._measured.clear()           # clip lengths at the new rate
        if "scan_interval" in changes and self.scan is not None and self.scan.seat == seat:
            self.scan.settings = self._scan_settings(seat)      # from the next step of a running scan
        if "ignore_repeat" in changes:
            self._apply_ignore_repeat(seat, new.ignore_repeat)
        if "gender" in changes:
            self._measured.clear()           # private clips padded with the new forms
            self._plan_speech()
        if "name" in changes:
            players = self.setup.players if self.setup is not None else 10
            if new.name and seat < players:
                self.names[seat] = new.name
            else:
                self.names.pop(seat, None)
            if self.game is not None:
                self._journal_note({"note": "table", "names": {str(k): v for k, v in self.names.items()},
                                    "role_source": self.role_source})
            self._plan_speech()                     # the seat is called by its new name from now on
        log.info("seat %d settings: %s", seat, new.to_json())
        self.say(f"seat:{seat}", "settings.saved", {})
        return {"seat": seat, "settings": new.to_json()}

    def _journal_note(self, note: dict) -> None:
        if self.game_id is not None:
            try:
                self.service.journal.append_note(self.game_id, note)
            except JournalError as exc:
                log.warning("journal note: %s", exc)
