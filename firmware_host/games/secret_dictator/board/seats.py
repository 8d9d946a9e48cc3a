"""Seat settings (ACCESSIBILITY.md 19): rate, volume, verbosity, scan interval and name per seat."""

from __future__ import annotations

from firmware_host.table.seat_settings import SeatSettings
from firmware_host.table.seats import StoredSeatSettings


class Seats(StoredSeatSettings):
    """Seat settings (ACCESSIBILITY.md 19): rate, volume, verbosity, scan interval and name per
    seat, stored and applied by :class:`~firmware_host.table.seats.StoredSeatSettings`;
    here what Secret Dictator does beyond that.

    A part of :class:`~firmware_host.games.secret_dictator.board.game.SecretDictatorGame`; its state is made there."""

    def _seat_settings_changed(self, seat: int, new: SeatSettings, changes: dict) -> None:
        """Padded clips measured again at the new rate or forms, a running scan re-timed, the
        table's names noted in the journal and the speech plan renewed."""
        if self.service.voice is not None and ("rate" in changes or "volume" in changes):
            self._measured.clear()           # clip lengths at the new rate
        if "scan_interval" in changes and self.scan is not None and self.scan.seat == seat:
            self.scan.settings = lambda: self._scan_settings(seat)      # from the next step of a running scan
        if "gender" in changes:
            self._measured.clear()           # private clips padded with the new forms
            self._plan_speech()
        if "name" in changes:
            if self.game is not None:
                self._journal_note({"note": "table", "names": {str(k): v for k, v in self.names.items()},
                                    "role_source": self.role_source})
            self._plan_speech()                     # the seat is called by its new name from now on
