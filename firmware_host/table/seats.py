"""The seats' own settings at a game's table (ACCESSIBILITY.md 19): loaded from the journal's
file and applied to the voice and the buttons whenever the game's adapter becomes active
(at boot, and after the game master switches games), changed and stored one seat at a time.

Example::

    seats = SeatStore(service)
    seats.apply()                         # read the stored settings, give voice and buttons them
    seats.change(2, {"rate": 300})        # {"seat": 2, "settings": {...}}; CommandRefused if bad
    seats.scan_settings(2)                # [scan] with seat 2's own interval

The one seat store of the board: :class:`SeatStore` is a table part (``BoardAdapter.seats``,
and a game's own ``seats`` where it keeps one); what a game does beyond storing and applying a change it
does in the store's ``changed`` callback.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from firmware_host.checks import quoted
from firmware_host.service.journal import JournalError
from firmware_host.service.refusals import CommandRefused
from firmware_host.table import pace
from firmware_host.table.seat_settings import SeatSettings, SeatSettingsError

log = logging.getLogger("firmware_host.service")

__all__ = ["SeatStore"]


class SeatStore:
    """Every seat's :class:`~firmware_host.table.seat_settings.SeatSettings` (rate, volume,
    verbosity, scan interval, name, gender, ignore-repeat time) for one table.

    :param service: the :class:`~firmware_host.service.core.BoardService` (its ``journal``
        keeps the settings, its ``voice`` and ``board`` take them).
    :param changed: optional ``changed(seat, new, changes)`` after a change was stored and
        applied (the game re-times a scan, re-measures its padded clips).
    """

    def __init__(self, service: Any, changed: Callable[[int, SeatSettings, dict], None] | None = None) -> None:
        self.service = service
        self.by_seat: dict[int, SeatSettings] = {}
        self._changed = changed

    def get(self, seat: int) -> SeatSettings:
        """The seat's settings (the defaults for a seat with none stored)."""
        return self.by_seat.get(seat, SeatSettings())

    def names(self) -> dict[int, str]:
        """Seat (0-based) → the name stored in its settings, for the seats that have one."""
        return {seat: own.name for seat, own in self.by_seat.items() if own.name}

    def genders(self) -> dict[int, str]:
        """Seat (0-based) → the grammatical gender stored in its settings (``"m"`` or ``"f"``),
        for the seats that have one: a catalogue's gendered forms (WORDING-REVIEW.md "Gender")."""
        return {seat: own.gender for seat, own in self.by_seat.items() if own.gender}

    def scan_settings(self, seat: int) -> Any:
        """The scan timing for ``seat``: ``[scan]`` with the seat's own ``scan_interval``, else
        with the window its learned pace needs (ACCESSIBILITY.md 31,
        :meth:`firmware_host.table.pace.SeatPaces.scan_settings`)."""
        return pace.for_service(self.service).scan_settings(seat, self.service.settings.scan,
                                                            self.get(seat).scan_interval)

    def rate(self, seat: int) -> int:
        """The seat's speech rate in words per minute (its own, else the scan's)."""
        return self.get(seat).rate or self.service.settings.scan.words_per_minute

    def apply(self) -> None:
        """Read every seat's stored settings and apply them: the voice gets each seat's rate
        and volume, the board each seat's ignore-repeat time (ACCESSIBILITY.md 12, 19). A bad
        stored entry is skipped with a warning; an unreadable file leaves the defaults."""
        try:
            stored = self.service.journal.seat_settings()
        except JournalError as exc:
            log.error("seat settings not read: %s", exc)
            stored = {}
        self.by_seat = {}
        for seat, obj in stored.items():
            try:
                self.by_seat[seat] = SeatSettings.from_json(obj)
            except SeatSettingsError as exc:
                log.warning("stored settings of seat %d ignored: %s", seat, exc)
        for seat, own in sorted(self.by_seat.items()):
            self._apply(seat, own, rate=True, repeat=True)
        if self.by_seat:
            log.info("seat settings of %d seats applied", len(self.by_seat))

    def _apply(self, seat: int, own: SeatSettings, *, rate: bool, repeat: bool) -> None:
        voice = self.service.voice
        if rate and voice is not None:            # None: back to the table's rate and volume
            voice.set_seat_voice(seat, rate=own.rate, volume=own.volume)
        setter = getattr(self.service.board, "set_ignore_repeat", None)
        if repeat and callable(setter):
            setter(seat, own.ignore_repeat)

    def change(self, seat: Any, changes: dict) -> dict:
        """Change and store one seat's settings, then apply them.

        :param seat: the seat, 0-9.
        :param changes: field → new value (``None`` back to the default).
        :returns: ``{"seat": seat, "settings": {field: value}}`` (the fields that are set).
        :raises CommandRefused: no such seat (``seat_settings_seat``), an unknown field or a
            bad value (``seat_settings_unknown``, ``seat_settings_value``), or the file
            cannot be written (``seat_settings_not_saved``); nothing changed.
        """
        if type(seat) is not int or not 0 <= seat <= 9:
            raise CommandRefused("seat_settings_seat",
                                 f"seat_settings needs a seat (a seat number 0–9), not {quoted(seat)}")
        try:
            new = self.get(seat).changed(changes)
        except SeatSettingsError as exc:
            if exc.field is None:
                raise CommandRefused("seat_settings_unknown", f"seat_settings: {exc}") from None
            raise CommandRefused("seat_settings_value", f"seat_settings: {exc}", field=exc.field) from None
        try:
            self.service.journal.save_seat_settings(seat, new.to_json())
        except JournalError as exc:
            raise CommandRefused("seat_settings_not_saved", f"seat_settings not saved: {exc}") from None
        self.by_seat[seat] = new
        self._apply(seat, new, rate="rate" in changes or "volume" in changes,
                    repeat="ignore_repeat" in changes)
        if self._changed is not None:
            self._changed(seat, new, dict(changes))
        log.info("seat %d settings: %s", seat, new.to_json())
        return {"seat": seat, "settings": new.to_json()}
