"""Speaking the board's own sentences (:mod:`firmware_host.service.board_catalogue`) and a
game pack's setup words, outside any game: the setup from the seats and the per-seat settings
scan (issue 14).

Like a game's speech, every clip is written as its ``announce`` line once it has played, with
``output``, ``start``, ``end`` (SIMULATE.md "Time and speech",
:meth:`BoardService.announce_listener`); without a timed voice the line is written at once.
The long wording is used the first time a listener (the table, or a seat's earphone) hears a
key, the short one after (ACCESSIBILITY.md 5), or as the seat's ``verbosity`` setting says.
A scan step's length is measured from playback (ACCESSIBILITY.md 13, 21); where nothing plays
:func:`firmware_host.table.scanning.spoken_seconds` estimates it.

Example::

    speech = BoardSpeech(service, host)
    speech.say("seat:2", "lobby.busy", {"seat": 0}, language="de")
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Mapping

from firmware_host.errors import FirmwareHostError
from firmware_host.service import board_catalogue
from firmware_host.hardware.events import ButtonGesture, TileRead
from firmware_host.table import pace
from firmware_host.table.pace import SeatPaces
from firmware_host.table.scanning import ScanItem, answered_a_cue, picked_cue_end, spoken_seconds, taken_back
from firmware_host.table.seat_settings import SeatSettings

log = logging.getLogger("firmware_host.service")

__all__ = ["BoardSpeech"]


class BoardSpeech:
    """The board's own voice for the lobby and the settings scan.

    :param service: the :class:`~firmware_host.service.core.BoardService`.
    :param host: the :class:`~firmware_host.service.host.GameHost` (for the seats' settings,
        kept by the active game's adapter).
    """

    def __init__(self, service: Any, host: Any) -> None:
        self.service = service
        self.host = host
        self._heard_long: set[tuple[str, str]] = set()
        self._said: dict[int, list] = {}           # seat -> its scan's utterances

    # -- the seats' settings -----------------------------------------------------------------
    def seat_settings(self, seat: int) -> SeatSettings:
        """The seat's own settings (kept by the active game's adapter, ACCESSIBILITY.md 19)."""
        own = getattr(self.host.active, "seat_settings", None)
        return own.get(seat, SeatSettings()) if isinstance(own, dict) else SeatSettings()

    def stored_names(self) -> dict[int, str]:
        """``{seat: name}`` of the seats whose settings name them."""
        own = getattr(self.host.active, "seat_settings", None)
        return {s: v.name for s, v in own.items() if v.name} if isinstance(own, dict) else {}

    def scan_settings(self, seat: int) -> Any:
        """The scan timing for ``seat``: ``[scan]`` with the seat's own ``scan_interval``, else
        with the window its learned pace needs (:meth:`SeatPaces.scan_settings
        <firmware_host.table.pace.SeatPaces.scan_settings>`, ACCESSIBILITY.md 31)."""
        return self.pace.scan_settings(seat, self.service.settings.scan, self.seat_settings(seat).scan_interval)

    # -- each seat's pace (ACCESSIBILITY.md 31) ------------------------------------------------
    @property
    def pace(self) -> SeatPaces:
        """The board's seats' paces (:func:`firmware_host.table.pace.for_service`)."""
        return pace.for_service(self.service)

    def acted(self, event: Any) -> float | None:
        """After a seat's input was handled: a press (its button down) or a seat's own tile
        laid ("a tile when asked", ACCESSIBILITY.md 31) is the seat's
        reaction to the last clip it heard, counted in its pace unless ``[scan] pace`` is off
        or it took a pick back: that answers no cue, and the press that made the pick is
        counted as late for the item heard before the one picked
        (:func:`~firmware_host.table.scanning.taken_back`). A press that picked a scan item
        answered that item: its reaction is counted from the end of that item
        (:func:`~firmware_host.table.scanning.picked_cue_end`), not from what was heard after
        it. Every act of a seat is told to the pace as handled now (a clip said in answer
        to it is no cue for the seats still answering the cue it answered). Returns the
        reaction counted (seconds), or None."""
        if not getattr(self.service.settings.scan, "pace", False):
            return None
        handled = float(event.at) if isinstance(getattr(event, "at", None), (int, float)) else None
        if isinstance(event, TileRead):
            if event.seat is None:            # a tile of no seat's own (one the whole table shares)
                return None
            return self.pace.acted(event.seat, float(event.at), handled=handled, reader=event.reader)
        if not isinstance(event, ButtonGesture) or event.gesture != "press":
            return None
        if not answered_a_cue():
            if handled is not None:
                self.pace.handled(event.seat, handled)
            back = taken_back()
            if back is not None:              # the pick taken back: that press came late
                self.pace.correct(event.seat, *back)
            return None
        at = event.down_at if isinstance(event.down_at, (int, float)) else event.at
        return self.pace.acted(event.seat, float(at), cue_end=picked_cue_end(), handled=handled)

    def board_language(self) -> str:
        """The language the board speaks now (``[audio] language`` until a setup names one)."""
        settings = getattr(getattr(self.service.voice, "audio", None), "settings", None)
        language = getattr(settings, "language", None)
        if language in board_catalogue.LANGUAGES:
            return language
        language = getattr(self.host.active, "language", None)
        return language if language in board_catalogue.LANGUAGES else "de"

    # -- words -------------------------------------------------------------------------------
    def _long(self, channel: str, key: str) -> bool:
        if channel.startswith("seat:"):
            verbosity = self.seat_settings(int(channel[5:])).verbosity or "auto"
            if verbosity != "auto":
                return verbosity == "long"
        elif self.service.voice is not None and getattr(self.service.voice, "verbosity", "auto") != "auto":
            return self.service.voice.verbosity == "long"
        first = (channel, key) not in self._heard_long
        self._heard_long.add((channel, key))
        return first

    def text(self, key: str, params: Mapping[str, Any], language: str, *, long: bool = False,
             names: Mapping[int, str] | None = None, words: Callable[..., str] | None = None) -> str:
        """The words of ``key``: the board's catalogue, or ``words(key, params, language,
        long=)`` for a key of a game pack (``setup.*``)."""
        if key in board_catalogue.MESSAGES or words is None:
            return board_catalogue.text(key, params, language, long=long, names=names)
        return words(key, dict(params), language, long=long)

    def say(self, channel: str, key: str, params: Mapping[str, Any], *, language: str,
            names: Mapping[int, str] | None = None, words: Callable[..., str] | None = None,
            priority: str = "normal", earcon: str | None = None, history: bool = True,
            on_start: Any = None, on_end: Any = None, resume: bool = False,
            supersede: str | None = None, stale: Callable[[], bool] | None = None) -> Any:
        """Speak ``key`` on ``channel`` (``public`` or ``seat:N``); returns the Utterance, or
        None when nothing plays (no sound: the ``announce`` line is written at once; a key
        that cannot be said is logged and skipped).

        :param on_start: ``on_start(lines, utterance)`` when it starts playing.
        :param on_end: ``on_end(lines, utterance, record)`` when it has ended or was cut off.
        :param resume: a clip it cuts off plays on after it from where it was cut
            (:meth:`AudioService.say <firmware_host.audio.service.AudioService.say>`).
        :param supersede: a tag: a clip of ``channel`` with that tag not begun yet is dropped
            for this one (as :meth:`AudioService.say`'s).
        :param stale: ``stale() -> bool``: a message waiting for its seat's visit at a whisper
            station is dropped there once it is True (as :meth:`AudioService.say`'s).
        """
        try:
            text = self.text(key, params, language, long=self._long(channel, key), names=names, words=words)
        except (FirmwareHostError, ValueError, KeyError) as exc:
            log.error("board sentence %s: %s", key, exc)
            return None
        line = {"event": "announce", "channel": channel, "key": key, "params": dict(params), "text": text}
        voice = self.service.voice
        if voice is not None and voice.timed():
            listener = self.service.announce_listener([line], on_start, on_end)
            utt = voice.say(channel, text, key=key, priority=priority, earcon=earcon, history=history,
                            listener=listener, **({"resume": True} if resume else {}),
                            **({"supersede": supersede} if supersede else {}),
                            **({"stale": stale} if stale is not None else {}))
            if utt is not None:
                utt.meta["lines"] = [line]
                return utt
        elif voice is not None:
            voice.say(channel, text, key=key, priority=priority, earcon=earcon)
        self.service.announce_now([line])
        return None

    # -- scans -------------------------------------------------------------------------------
    def scan_speaker(self, intro: Callable[[], tuple[str, dict]], *, language: Callable[[], str],
                     words: Callable[..., str] | None = None,
                     stopped: tuple[str, dict] = ("lobby.stopped", {}),
                     names: Callable[[], Mapping[int, str]] | None = None,
                     heard: Callable[[], None] | None = None) -> Callable:
        """A :class:`~firmware_host.table.scanning.Scan` ``speak`` callback in the seat's
        earphone: ``intro()`` gives the intro's key and params, items say their own key;
        the wrap tone and the stopped notice are the board's; a pick's answer (``picked``)
        cuts off what the earphone says (ACCESSIBILITY.md 32). Scan steps are not in the
        seat's repeat history. Without sound: the seconds it would last (an estimate at the
        seat's rate). ``heard()`` runs after each step has ended (a wait that runs from
        what was heard)."""
        def speak(seat: int, kind: str, item: ScanItem | None, started: Callable[[], None],
                  ended: Callable[[bool], None]) -> float | None:
            channel = f"seat:{seat}"
            earcon = None
            if kind == "intro":
                key, params = intro()
            elif kind == "wrap":
                key, params, earcon = "lobby.wrap", {}, "scan_wrap"
            elif kind == "stopped":
                key, params = stopped
            else:
                assert item is not None
                key, params = item.key, item.params
            lang = language()
            def on_end(lines: Any, u: Any, record: Any) -> None:
                ended(bool(record.cut and u.done()))
                if heard is not None:
                    heard()

            utt = self.say(channel, key, params, language=lang, names=names() if names else None, words=words,
                           earcon=earcon, history=False, on_start=lambda lines, u: started(), on_end=on_end,
                           priority="request" if kind in ("picked", "again") else "normal")
            if utt is not None:
                self._said[seat] = [u for u in self._said.get(seat, []) if not u.done()] + [utt]
                return None
            if kind in ("wrap", "stopped"):
                return 0.0
            try:
                text = self.text(key, params, lang, names=names() if names else None, words=words)
            except (FirmwareHostError, ValueError, KeyError):
                text = key
            rate = self.seat_settings(seat).rate or self.service.settings.scan.words_per_minute
            return spoken_seconds(text, rate)
        return speak

    def drop(self, seat: int) -> None:
        """Drop the seat's scan steps not yet started (the scan starts again, holds or ended)."""
        said, self._said[seat] = self._said.get(seat, []), []
        voice = self.service.voice
        for utt in said:
            if voice is not None:
                voice.cancel(utt)
