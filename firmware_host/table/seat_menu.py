"""A seat's own settings, from the seat itself (issue 14 "Per-seat settings", ACCESSIBILITY.md
19): a settings scan in the seat's earphone.

The first list names each setting with its value now: speech rate, volume, wording
(verbosity), the pause after each name in a choice (scan interval), the button lock after a
press (ignore-repeat time, ACCESSIBILITY.md 12) and how the board speaks of the player
(grammatical gender, WORDING-REVIEW.md "Gender"); "done" is its last item. A press on a
setting opens the list of its values (and "as the board is set"); a press on a value changes
the setting exactly as the console's ``seat_settings`` command does (same checks, same
SQLite table, kept across restarts: the active game's ``command("seat_settings", …)``), the
seat hears "settings saved" at its new rate and volume, and the first list comes back with
the new value. "Back" returns to the first list.

Reached with a **hold** while the board has no game to give a status of (before or during
a setup from the seats), and during a game through the status: a further press right after
the last status layer's offer (``settings.offer``) opens it (the game's adapter calls
:meth:`SeatMenu.open`). While it is open every press of that seat is the settings scan's;
it closes on "done", on a hold, or when its scan has stopped after its passes (the seat's
next press is the game's again).

Example::

    menu = SeatMenu(service, host, speech)
    menu.open(3)           # seat 4 hears "Deine Einstellungen", then "Sprechtempo: …"
"""

from __future__ import annotations

import logging
from typing import Any

from firmware_host.errors import UsageError
from firmware_host.hardware.events import ButtonGesture
from firmware_host.table.board_speech import BoardSpeech
from firmware_host.table.scanning import Scan, ScanItem, intro_press_answer

log = logging.getLogger("firmware_host.service")

__all__ = ["SeatMenu", "VALUES", "SETTINGS"]

#: the settings of the scan, in the order they are read
SETTINGS = ("rate", "volume", "verbosity", "scan_interval", "ignore_repeat", "gender")

#: setting -> the values offered (rate: words per minute, 80–450; volume: 0–1; scan interval
#: and ignore-repeat: seconds, within seat_settings' ranges)
VALUES: dict[str, tuple] = {
    "rate": (120, 150, 175, 200, 250, 300, 350, 400),
    "volume": (0.2, 0.4, 0.6, 0.8, 1.0),
    "verbosity": ("auto", "short", "long"),
    "scan_interval": (1.0, 1.5, 2.0, 3.0, 4.0, 5.0),
    "ignore_repeat": (0.2, 0.3, 0.5, 0.8, 1.0, 1.5),
    "gender": ("m", "f"),
}

_DEFAULT = object()


class SeatMenu:
    """The settings scans of the seats (several seats may have theirs open at once).

    :param service: the :class:`~firmware_host.service.core.BoardService`.
    :param host: the :class:`~firmware_host.service.host.GameHost` (``command("seat_settings")``).
    :param speech: the board's own voice (:class:`BoardSpeech`).
    """

    def __init__(self, service: Any, host: Any, speech: BoardSpeech) -> None:
        self.service = service
        self.host = host
        self.speech = speech
        self.scans: dict[int, Scan] = {}
        self._intro: dict[int, tuple[str, dict]] = {}

    def is_open(self, seat: int) -> bool:
        """True while ``seat``'s settings scan runs."""
        return seat in self.scans

    def handles(self, event: Any) -> bool:
        """Take a gesture of a seat whose settings scan is open: a press chooses, a hold
        closes it. Returns True when taken."""
        if not isinstance(event, ButtonGesture) or event.seat not in self.scans:
            return False
        if event.gesture == "hold":
            self.close(event.seat)
        else:
            self.scans[event.seat].press()
        return True

    # -- values now ------------------------------------------------------------------------------
    def current(self, seat: int) -> dict[str, Any]:
        """The seat's settings as they apply now: its own, else the board's defaults."""
        own = self.speech.seat_settings(seat)
        audio = getattr(getattr(self.service.voice, "audio", None), "settings", None)
        rates = list(getattr(audio, "seat_rates", []) or [])
        volumes = list(getattr(audio, "seat_volumes", []) or [])
        rate = rates[seat] if seat < len(rates) else getattr(audio, "seat_rate", None)
        volume = volumes[seat] if seat < len(volumes) else getattr(audio, "seat_volume", None)
        timing = getattr(getattr(self.service.board, "config", None), "timing", None)
        return {
            "rate": own.rate or rate or self.service.settings.scan.words_per_minute,
            "volume": own.volume if own.volume is not None else (volume if volume is not None else 1.0),
            "verbosity": own.verbosity or "auto",
            "scan_interval": own.scan_interval or self.service.settings.scan.interval,
            "ignore_repeat": own.ignore_repeat or getattr(timing, "ignore_repeat_s", 0.5),
            "gender": own.gender or "m",
        }

    @staticmethod
    def _item_params(setting: str, value: Any) -> dict:
        if setting == "rate":
            return {"wpm": int(value)}
        if setting == "volume":
            return {"percent": int(round(float(value) * 100))}
        if setting in ("scan_interval", "ignore_repeat"):
            return {"seconds": float(value)}
        return {setting: value}

    @staticmethod
    def _value_key(setting: str) -> str:
        return {"scan_interval": "settings.value.seconds", "ignore_repeat": "settings.value.seconds"}.get(
            setting, f"settings.value.{setting}")

    # -- the scans ------------------------------------------------------------------------------
    def _language(self) -> str:
        return getattr(self.host.active, "language", None) if self.host.active is not None and \
            getattr(self.host.active, "game", None) is not None else self.speech.board_language()

    def _scan(self, seat: int, items: list[ScanItem], intro: tuple[str, dict], cancel_key: str,
              chosen: Any, cancelled: Any, purpose: str) -> None:
        old = self.scans.pop(seat, None)
        if old is not None:
            old.finish()
        language = self._language()
        self._intro[seat] = intro
        cancel = ScanItem(None, self.speech.text(cancel_key, {}, language), cancel_key, {})
        speak = self.speech.scan_speaker(lambda: self._intro[seat], language=self._language,
                                         stopped=("settings.closed", {}), heard=lambda: self._after_stop(seat))
        scan = Scan(seat, items, lambda: self.speech.scan_settings(seat), self.service.clock, self.service.post, speak,
                    chosen, cancelled, cancel=cancel, purpose=purpose, drop=lambda: self.speech.drop(seat),
                    on_intro_press=intro_press_answer(self.service, seat))
        self.scans[seat] = scan
        scan.start(intro=True)

    def _after_stop(self, seat: int) -> None:
        """A stopped settings scan closes (its notice said so): the next press is the game's."""
        scan = self.scans.get(seat)
        if scan is not None and scan.stopped:
            scan.finish()
            del self.scans[seat]
            log.info("settings scan of seat %d closed after its passes", seat)

    def open(self, seat: int) -> None:
        """Open (or start again) ``seat``'s settings scan with the first list."""
        if type(seat) is not int or seat < 0:
            return
        now = self.current(seat)
        language = self._language()
        items = []
        for setting in SETTINGS:
            key = f"settings.item.{setting}"
            params = self._item_params(setting, now[setting])
            items.append(ScanItem(setting, self.speech.text(key, params, language), key, params))

        def chosen(setting: Any) -> None:
            self.scans.pop(seat, None)
            self._values(seat, setting)

        def cancelled() -> None:
            self.scans.pop(seat, None)
            self._say(seat, "settings.closed")

        log.info("settings scan for seat %d", seat)
        self._scan(seat, items, ("settings.menu", {}), "settings.done", chosen, cancelled, "settings")

    def _values(self, seat: int, setting: str) -> None:
        language = self._language()
        key = self._value_key(setting)
        items = []
        for value in VALUES[setting]:
            params = self._item_params(setting, value)
            items.append(ScanItem(value, self.speech.text(key, params, language), key, params))
        items.append(ScanItem(_DEFAULT, self.speech.text("settings.value.default", {}, language),
                              "settings.value.default", {}))

        def chosen(value: Any) -> None:
            self.scans.pop(seat, None)
            try:
                self.host.command("seat_settings", seat=seat, **{setting: None if value is _DEFAULT else value})
            except UsageError as exc:
                log.error("settings of seat %d not stored: %s", seat, exc)
                self._say(seat, "settings.not_stored", priority="refusal", earcon="refusal")
            self.open(seat)

        def back() -> None:
            self.scans.pop(seat, None)
            self.open(seat)

        self._scan(seat, items, ("settings.choose", {"setting": setting}), "lobby.back", chosen, back,
                   f"settings.{setting}")

    def offer(self, seat: int, on_end: Any = None) -> Any:
        """The last layer of a game's status: "for your settings, press now" in the seat's
        earphone (a request: it cuts the earphone as a status does). The game opens the scan
        (:meth:`open`) on a press while it plays or right after.

        :param on_end: ``on_end(lines, utterance, record)`` once it has ended.
        :returns: the Utterance, or None when nothing plays.
        """
        return self.speech.say(f"seat:{seat}", "settings.offer", {}, language=self._language(),
                               priority="request", on_end=on_end, history=False)    # part of the status

    def _say(self, seat: int, key: str, **kwargs: Any) -> None:
        self.speech.say(f"seat:{seat}", key, {}, language=self._language(), **kwargs)

    def close(self, seat: int) -> None:
        """Close ``seat``'s settings scan (a hold, or the game needs the seat)."""
        scan = self.scans.pop(seat, None)
        if scan is not None:
            scan.finish()
            self._say(seat, "settings.closed")

    def shutdown(self) -> None:
        """The service stops: every settings scan ends."""
        for scan in self.scans.values():
            scan.finish()
        self.scans = {}

    def snapshot(self) -> list[int]:
        """The seats whose settings scan is open."""
        return sorted(self.scans)
