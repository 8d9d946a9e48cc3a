"""Per-seat settings (ACCESSIBILITY.md 19): speech rate, volume, verbosity, scan interval, name,
grammatical gender.

Each seat's settings are kept in the service's SQLite file (table ``seat_settings``, next to
the journal's games but never among a game's actions) and applied again on every start, so
they survive a restart. The game master changes them with the console backend's
``command("seat_settings", seat=2, rate=300, volume=0.8, verbosity="short",
scan_interval=3.0, name="Anna")`` (or a ``gm`` line in a ``simulate`` script); a field left
out keeps its value, ``None`` (JSON null) or ``""`` for ``name`` goes back to the default.

Ranges (ACCESSIBILITY.md 1, 5, 13): ``rate`` 80–450 words per minute (espeak-ng's limits),
``volume`` 0–1 (0 silent), ``verbosity`` ``auto`` (long wording the first time the seat hears
a message, short after), ``short`` or ``long``, ``scan_interval`` 0.5–5 seconds, ``name`` by
:func:`firmware_host.service.names.clean_name` (at most 40 characters; it may carry an
espeak-ng phoneme override ``[[...]]``, passed on as is), ``gender`` ``m`` or ``f``: the
grammatical gender the seat is spoken of in (the feminine forms of German nouns for a seat's
office or team; WORDING-REVIEW.md "Gender"), default ``m``; ``ignore_repeat`` 0.1–1.5 seconds,
the seat's own time after an accepted press in which further presses are ignored
(ACCESSIBILITY.md 12: tremor differs by player).

Example::

    current = SeatSettings.from_json({"rate": 300})
    changed = current.changed({"scan_interval": 3})   # raises SeatSettingsError on a bad value
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any, Mapping

from firmware_host.checks import quoted
from firmware_host.errors import UsageError
from firmware_host.service.names import PlayerNameError, clean_name

RATE_RANGE = (80, 450)            # words per minute (espeak-ng)
VOLUME_RANGE = (0.0, 1.0)
SCAN_INTERVAL_RANGE = (0.5, 5.0)  # seconds (ACCESSIBILITY.md 13)
IGNORE_REPEAT_RANGE = (0.1, 1.5)  # seconds (ACCESSIBILITY.md 12)
VERBOSITIES = ("auto", "short", "long")
GENDERS = ("m", "f")
FIELDS = ("rate", "volume", "verbosity", "scan_interval", "name", "gender", "ignore_repeat")


class SeatSettingsError(UsageError):
    """A seat setting out of range or of the wrong type (one line; nothing is changed).

    :param message: the English one-line message.
    :param field: the setting whose value was refused (one of :data:`FIELDS`), or None for
        an unknown setting.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def _number(field: str, value: Any, low: float, high: float, unit: str, integer: bool = False) -> float | int:
    if isinstance(value, int) and not isinstance(value, bool) and not low <= value <= high:
        # an integer beyond float range is refused here, before any conversion
        raise SeatSettingsError(f"{field} is outside {low:g}–{high:g}{' ' + unit if unit else ''}", field)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise SeatSettingsError(f"{field} must be a number ({low:g}–{high:g}{' ' + unit if unit else ''}), not {quoted(value)}",
                                field)
    if integer and value != int(value):
        raise SeatSettingsError(f"{field} must be a whole number of {unit}, not {quoted(value)}", field)
    if not low <= value <= high:
        raise SeatSettingsError(f"{field} {value:g} is outside {low:g}–{high:g}{' ' + unit if unit else ''}", field)
    return int(value) if integer else float(value)


@dataclasses.dataclass(frozen=True)
class SeatSettings:
    """One seat's settings; ``None`` means the board's default (``[audio]``, ``[scan]``, the setup's name).

    :ivar rate: earphone speech rate, words per minute (80–450).
    :ivar volume: earphone volume, 0–1.
    :ivar verbosity: ``auto``, ``short`` or ``long`` wording in the earphone.
    :ivar scan_interval: seconds of silence after each scanned name (0.5–5).
    :ivar name: the seat's player name (spoken instead of "seat N"), or None.
    :ivar gender: ``"m"`` or ``"f"``, the grammatical gender of the seat's player, or None (``m``).
    :ivar ignore_repeat: seconds after an accepted gesture in which this seat's presses are
        ignored (0.1–1.5, ACCESSIBILITY.md 12), or None (``[buttons] ignore_repeat_s``).
    """

    rate: int | None = None
    volume: float | None = None
    verbosity: str | None = None
    scan_interval: float | None = None
    name: str | None = None
    gender: str | None = None
    ignore_repeat: float | None = None

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> "SeatSettings":
        """Settings from a stored or given dict (unknown keys refused).

        :raises SeatSettingsError: a value out of range, or an unknown field.
        """
        return cls().changed(obj)

    def changed(self, changes: Mapping[str, Any]) -> "SeatSettings":
        """A copy with ``changes`` applied (all validated first; ``None`` resets a field).

        :raises SeatSettingsError: an unknown field or a value out of range (nothing changed).
        """
        unknown = sorted(set(changes) - set(FIELDS))
        if unknown:
            raise SeatSettingsError(f"unknown seat setting {quoted(unknown[0])}; one of {', '.join(FIELDS)}")
        values: dict[str, Any] = {}
        for field, value in changes.items():
            if value is None:
                values[field] = None
            elif field == "rate":
                values[field] = _number("rate", value, *RATE_RANGE, "words per minute", integer=True)
            elif field == "volume":
                values[field] = _number("volume", value, *VOLUME_RANGE, "")
            elif field == "scan_interval":
                values[field] = _number("scan_interval", value, *SCAN_INTERVAL_RANGE, "seconds")
            elif field == "ignore_repeat":
                values[field] = _number("ignore_repeat", value, *IGNORE_REPEAT_RANGE, "seconds")
            elif field in ("verbosity", "gender"):
                choices = VERBOSITIES if field == "verbosity" else GENDERS
                if value not in choices:
                    raise SeatSettingsError(f"{field} must be one of {', '.join(choices)}, not {quoted(value)}", field)
                values[field] = value
            elif field == "name":
                try:
                    name = clean_name(value)
                except PlayerNameError as exc:
                    raise SeatSettingsError(f"name: {exc}", field) from None
                values[field] = name or None
        return dataclasses.replace(self, **values)

    def to_json(self) -> dict[str, Any]:
        """The fields that are set (not the defaults), JSON-ready."""
        return {k: v for k, v in dataclasses.asdict(self).items() if v is not None}
