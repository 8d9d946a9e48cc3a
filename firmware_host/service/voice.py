"""A thin adapter from the service to the audio layer (:class:`firmware_host.audio.service.AudioService`).

The service only needs a handful of calls; :class:`Voice` keeps them in one place and turns
audio errors into log lines (speech never stops the game). ``say`` returns the
:class:`~firmware_host.audio.service.Utterance`, whose ``listener`` tells the service when
the clip starts and ends on its output (ACCESSIBILITY.md 20-25: the board plans with
playback). :class:`SilentVoice` is the same interface without sound and without time (tests
of the rules flow, a board without audio): its ``say`` returns None, nothing plays, nothing
waits.
"""

from __future__ import annotations

import contextlib
import logging
import collections
import time
from typing import Any, ContextManager, Mapping

from firmware_host.errors import FirmwareHostError

log = logging.getLogger("firmware_host.service")


#: how many (channel, key, text) entries ``said`` keeps: the newest, so memory stays flat
#: however many games one service plays (a 10-seat game says about 400 sentences)
SAID_KEPT = 2000


class SilentVoice:
    """No sound; remembers what would have been said.

    :ivar said: the last :data:`SAID_KEPT` (channel, key, text) said, oldest first (a
        ``collections.deque``; older ones are forgotten).
    """

    def __init__(self) -> None:
        self.said: collections.deque[tuple[str, str, str]] = collections.deque(maxlen=SAID_KEPT)
        self.seat_voices: dict[int, dict] = {}
        self.last: Any = None          # the last Utterance made by say() (Voice), or None
        self.repeated_wav: str | None = None   # the WAV of the last repeat_last() (WavDirSink), or None
        self._long: set[str] = set()

    def start(self) -> None:
        """Nothing to start."""

    def say(self, channel: str, text: str, *, key: str, priority: str = "normal",
            earcon: str | None = None, pad_seconds: float | None = None, after: Any = (),
            supersede: str | None = None, history: bool = True, listener: Any = None,
            keep: bool = False, answer: bool = False, resume: bool = False, stale: Any = None) -> Any:
        """Record ``text`` for ``channel``; returns None (nothing plays)."""
        self.said.append((channel, key, text))
        return None

    def measure(self, channel: str, text: str, *, earcon: str | None = None) -> float | None:
        """How long ``text`` lasts on ``channel`` in seconds; None without sound (nothing to pad)."""
        return None

    def say_padded(self, texts: Mapping[int, str], *, key: str = "prolog", after: Any = (),
                   listener: Any = None, earcon: str | None = None,
                   minimum_seconds: float | None = None, history: bool = True,
                   whole: bool = False) -> dict[int, Any]:
        """Record one padded private text per seat (R17); seat -> None."""
        for seat in sorted(texts):
            self.said.append((f"seat:{seat}", key, texts[seat]))
        return {seat: None for seat in texts}

    def earcon(self, channel: str, name: str, listener: Any = None) -> Any:
        """Record an earcon alone; None."""
        self.said.append((channel, "", f"<{name}>"))
        return None

    def repeat_last(self, seat: int, listener: Any = None, *, newest: bool = False) -> Any:
        """Nothing to repeat without sound: None."""
        self.repeated_wav = None
        return None

    def timed(self) -> bool:
        """False: nothing plays, so nobody can wait for a clip's start or end."""
        return False

    def busy(self) -> bool:
        """Never busy."""
        return False

    def cancel(self, utt: Any) -> bool:
        """Nothing queued: False."""
        return False

    def idle(self, channels: Any = None) -> bool:
        """Always idle (``channels``: the outputs that count, as for the audio service)."""
        return True

    def interrupt(self, channel: str) -> None:
        """Nothing to cut off."""

    def playing(self, channel: str) -> Any:
        """The Utterance ``channel`` plays now (:meth:`AudioService.playing
        <firmware_host.audio.service.AudioService.playing>`): nothing plays here; None."""
        return None

    def playing_part(self, utt: Any, at: float | None = None) -> str | None:
        """Which part of ``utt`` plays now (:meth:`AudioService.playing_part
        <firmware_host.audio.service.AudioService.playing_part>`): nothing plays here; None."""
        return None

    def end_now(self, utt: Any) -> bool:
        """Cut ``utt`` off for good where it plays (:meth:`AudioService.end_now
        <firmware_host.audio.service.AudioService.end_now>`): nothing plays here; False."""
        return False

    def answering(self, seat: int | None, *, any_seat: bool = False) -> ContextManager[None]:
        """While seat ``seat``'s own act is handled (:meth:`AudioService.answering
        <firmware_host.audio.service.AudioService.answering>`): nothing plays here, nothing to cue."""
        return contextlib.nullcontext()

    def answer_cue(self, seat: int, *, priority: str = "normal", spare_padded: bool = False,
                   drop_cut: bool = False, resume: bool = False) -> Any:
        """The answer cue alone in seat ``seat``'s earphone (:meth:`AudioService.answer_cue
        <firmware_host.audio.service.AudioService.answer_cue>`): nothing plays here; None."""
        return None

    def forget_private(self) -> None:
        """A new game: nothing heard privately before is repeated (nothing to forget here)."""

    def mark(self) -> int:
        """Where the utterances made from now on begin (:meth:`drop_before`); 0 here."""
        return 0

    def drop_before(self, mark: int) -> int:
        """A new game begins: what was said before ``mark`` and has not ended is dropped or
        cut off (nothing plays here). :returns: how many (0)."""
        return 0

    def has_earphones(self) -> bool:
        """True when every seat has its own earphone (no whisper station)."""
        return True

    def confirm_whisper(self, seat: int) -> bool:
        """No whisper station without sound: False (the press is not used up)."""
        return False

    def at_station(self, seat: int) -> bool:
        """No whisper station without sound: False."""
        return False

    def told(self, seat: int) -> None:
        """The act being handled is ``seat``'s (:meth:`AudioService.told
        <firmware_host.audio.service.AudioService.told>`): nothing to note without sound."""

    def set_seat_voice(self, seat: int, *, rate: int | None = None, volume: float | None = None) -> None:
        """Remember one seat's earphone rate (words per minute) and volume (0–1); None = the default."""
        self.seat_voices[seat] = {"rate": rate, "volume": volume}

    def seconds(self, utterance: Any) -> float | None:
        """How long ``utterance`` lasts when played, in seconds; None without sound (the caller estimates)."""
        return None

    def rate(self, channel: str) -> int | None:
        """The speech rate ``channel`` is said at (words per minute); None without sound."""
        return None

    def use_long_wording(self, key: str) -> bool:
        """Long wording the first time a key is said, short after (ACCESSIBILITY.md 5)."""
        first = key not in self._long
        self._long.add(key)
        return first

    def set_language(self, language: str) -> None:
        """Nothing to change."""

    def set_pronunciation(self, pronounce: Any) -> None:
        """Nothing to pronounce."""

    def prerender(self, sentences: Any) -> None:
        """Nothing to render without sound."""

    def prerender_soon(self, items: Any) -> None:
        """Nothing to render without sound."""

    @property
    def seats(self) -> int | None:
        """The board's seat count, if the audio layer knows it (None here)."""
        return None

    @property
    def verbosity(self) -> str:
        """The ``[audio] verbosity``: ``auto`` without sound."""
        return "auto"

    def wait_quiet(self, timeout: float = 30.0) -> bool:
        """Always quiet."""
        return True

    def close(self) -> None:
        """Nothing to close."""


class Voice(SilentVoice):
    """Speech through an :class:`AudioService`.

    :param audio: the audio service (already constructed with its sink).
    :param wav_dir_sink: the :class:`WavDirSink` behind it, if any, to report file paths.
    """

    def __init__(self, audio: Any, wav_dir_sink: Any = None) -> None:
        super().__init__()
        self.audio = audio
        self.wav_dir_sink = wav_dir_sink
        self._pending: list[Any] = []
        settings = getattr(audio, "settings", None)
        # the config's own per-seat values: what a reset seat setting goes back to
        self._configured = {"rate": (list(getattr(settings, "seat_rates", []) or []), getattr(settings, "seat_rate", None)),
                            "volume": (list(getattr(settings, "seat_volumes", []) or []), getattr(settings, "seat_volume", None))}

    def _track(self, utt: Any) -> None:
        if len(self._pending) > 200:
            self._pending = [u for u in self._pending if not u.done()]
        self._pending.append(utt)

    def timed(self) -> bool:
        """True: every utterance reports its start and end (its ``listener``)."""
        return True

    def say(self, channel: str, text: str, *, key: str, priority: str = "normal",
            earcon: str | None = None, pad_seconds: float | None = None, after: Any = (),
            supersede: str | None = None, history: bool = True, listener: Any = None,
            keep: bool = False, answer: bool = False, resume: bool = False, stale: Any = None) -> Any:
        """Queue ``text`` on ``channel`` (padded with silence to ``pad_seconds``, if given);
        returns its Utterance, or None when the audio layer refused it (logged). ``after``,
        ``supersede``, ``history``, ``listener``, ``keep``, ``answer``, ``resume``, ``stale``: as
        :meth:`~firmware_host.audio.service.AudioService.say`."""
        self.said.append((channel, key, text))
        try:
            utt = self.audio.say(channel, text, key=key, priority=priority, earcon=earcon, after=after,
                                 supersede=supersede, history=history, listener=listener,
                                 **({"pad_seconds": pad_seconds} if pad_seconds is not None else {}),
                                 **({"keep": True} if keep else {}), **({"answer": True} if answer else {}),
                                 **({"resume": True} if resume else {}),
                                 **({"stale": stale} if stale is not None else {}))
        except FirmwareHostError as exc:
            log.warning("audio: %s", exc)
            return None
        self._track(utt)
        self.last = utt
        return utt

    def seconds(self, utterance: Any, timeout: float = 5.0) -> float | None:
        """The real duration of ``utterance`` as played, in seconds (ACCESSIBILITY.md 13: a scan
        step never cuts a name off): ``Utterance.duration()`` where the audio layer has it, else
        the rendered WAV's header (blocks until rendered, at most ``timeout`` seconds), plus its
        earcon. None when it cannot be known (render failed): the caller estimates.
        """
        if utterance is None:
            return None
        release = getattr(getattr(self.audio, "renderer", None), "release", None)
        if callable(release):
            release()   # a held speech engine (before "ready") starts: this duration is needed now
        duration = getattr(utterance, "duration", None)
        if callable(duration):
            try:
                value = duration(timeout)
                if value is not None:
                    return float(value)
            except (FirmwareHostError, OSError, ValueError, TypeError) as exc:
                log.warning("audio: duration of %s: %s", getattr(utterance, "key", "?"), exc)
                return None
        try:
            path = utterance.wav_path(timeout)
        except (FirmwareHostError, OSError, TimeoutError) as exc:
            log.warning("audio: %s", exc)
            return None
        if path is None:
            return None
        from firmware_host.audio.clip import wav_seconds

        try:
            return wav_seconds(path)
        except FirmwareHostError as exc:
            log.warning("audio: %s", exc)
            return None

    def measure(self, channel: str, text: str, *, earcon: str | None = None) -> float | None:
        """How long ``text`` (after ``earcon``) lasts when played on ``channel``, unpadded, in
        seconds (:meth:`AudioService.measure`: renders it if needed, blocking); None when it
        cannot be known (render failed, an audio layer without ``measure``)."""
        measure = getattr(self.audio, "measure", None)
        if not callable(measure):
            return None
        try:
            return float(measure(channel, text, earcon=earcon, timeout=30.0))
        except (FirmwareHostError, OSError, ValueError) as exc:
            log.warning("audio: cannot measure %r: %s", text, exc)
            return None

    def rate(self, channel: str) -> int | None:
        """The speech rate ``channel`` is said at (words per minute: the seat's own, else the
        ``[audio]`` rate of its earphone); None where the audio layer does not tell it."""
        rate = getattr(getattr(self.audio, "settings", None), "rate", None)
        try:
            return int(rate(channel)) if callable(rate) else None
        except (FirmwareHostError, ValueError, TypeError) as exc:
            log.warning("audio: rate of %s: %s", channel, exc)
            return None

    def set_seat_voice(self, seat: int, *, rate: int | None = None, volume: float | None = None) -> None:
        """One seat's earphone rate (words per minute, 80–450) and volume (0–1); None = the
        board's ``[audio]`` default (ACCESSIBILITY.md 1, 19)."""
        super().set_seat_voice(seat, rate=rate, volume=volume)
        def configured(what: str) -> Any:
            per_seat, default = self._configured[what]
            return per_seat[seat] if seat < len(per_seat) else default
        rate = rate if rate is not None else configured("rate")
        volume = volume if volume is not None else configured("volume")
        try:
            self.audio.set_seat_voice(seat, rate=rate, volume=volume)
        except FirmwareHostError as exc:
            log.warning("audio: %s", exc)

    def say_padded(self, texts: Mapping[int, str], *, key: str = "prolog", after: Any = (),
                   listener: Any = None, earcon: str | None = None,
                   minimum_seconds: float | None = None, history: bool = True,
                   whole: bool = False) -> dict[int, Any]:
        """The prolog: one private text per seat, padded to one duration (at least
        ``minimum_seconds``) and started together (R17, ACCESSIBILITY.md 23); seat -> Utterance
        (None where refused). ``history`` False: a seat's repeat does not give them back;
        ``whole``: nothing cuts a clip once it plays (the prolog)."""
        for seat in sorted(texts):
            self.said.append((f"seat:{seat}", key, texts[seat]))
        try:
            made = self.audio.say_padded(dict(texts), key=key, after=after, listener=listener, earcon=earcon,
                                         **({"minimum_seconds": minimum_seconds} if minimum_seconds else {}),
                                         **({} if history else {"history": False}),
                                         **({"whole": True} if whole else {}))
        except FirmwareHostError as exc:
            log.warning("audio: %s", exc)
            return {seat: None for seat in texts}
        for utt in made.values():
            self._track(utt)
        return dict(made)

    def earcon(self, channel: str, name: str, listener: Any = None) -> Any:
        """Play an earcon alone (e.g. the scan's wrap tone); its Utterance or None."""
        try:
            utt = self.audio.play_earcon(channel, name, listener=listener)
        except FirmwareHostError as exc:
            log.warning("audio: %s", exc)
            return None
        self._track(utt)
        return utt

    def repeat_last(self, seat: int, listener: Any = None, *, newest: bool = False) -> Any:
        """Play the seat's last message again into its earphone, stepping further back on
        further calls (ACCESSIBILITY.md 25); ``newest``: from the seat's newest message again
        (:meth:`AudioService.repeat_last <firmware_host.audio.service.AudioService.repeat_last>`).
        The new Utterance (``meta["repeats"]`` is the one repeated), or None if the seat heard
        nothing yet."""
        self.repeated_wav = None
        try:
            utt = self.audio.repeat_last(seat, listener=listener, newest=newest)
        except FirmwareHostError as exc:
            log.warning("audio: %s", exc)
            return None
        if utt is None:
            return None
        self._track(utt)
        return utt

    def cancel(self, utt: Any) -> bool:
        """Drop ``utt`` if it has not started yet (True if dropped)."""
        try:
            return bool(self.audio.cancel(utt))
        except FirmwareHostError as exc:
            log.warning("audio: %s", exc)
            return False

    def busy(self) -> bool:
        """True while the audio layer renders or builds something queued (see
        :meth:`~firmware_host.audio.service.AudioService.busy`)."""
        busy = getattr(self.audio, "busy", None)
        return bool(busy()) if callable(busy) else False

    def idle(self, channels: Any = None) -> bool:
        """True when nothing is queued or playing on any output (``channels``: only these
        outputs count, :meth:`AudioService.idle <firmware_host.audio.service.AudioService.idle>`)."""
        return bool(self.audio.idle() if channels is None else self.audio.idle(channels))

    def forget_private(self) -> None:
        """A new game begins: the seats' private messages of the last one are not repeated."""
        forget = getattr(self.audio, "forget_private", None)
        if callable(forget):
            forget()

    def mark(self) -> int:
        """The audio service's :meth:`~firmware_host.audio.service.AudioService.mark`."""
        mark = getattr(self.audio, "mark", None)
        return int(mark()) if callable(mark) else 0

    def drop_before(self, mark: int) -> int:
        """A new game begins (issue 34): what the last game still had queued or playing (made
        before ``mark``) is dropped or cut off for good, on every output
        (:meth:`~firmware_host.audio.service.AudioService.drop_before`).

        :returns: how many utterances were dropped or cut off.
        """
        drop = getattr(self.audio, "drop_before", None)
        if not callable(drop):
            return 0
        try:
            return int(drop(mark))
        except FirmwareHostError as exc:
            log.warning("audio: %s", exc)
            return 0
        finally:
            self._pending = [u for u in self._pending if not u.done()]

    def answering(self, seat: int | None, *, any_seat: bool = False) -> ContextManager[None]:
        """While seat ``seat``'s own act is handled (``any_seat``: an act of a seat the board
        does not know, a tile at a shared reader): its answer, if not rendered yet, gets the
        answer cue at once (:meth:`AudioService.answering
        <firmware_host.audio.service.AudioService.answering>`, issue 31)."""
        answering = getattr(self.audio, "answering", None)
        return answering(seat, any_seat=any_seat) if callable(answering) else contextlib.nullcontext()

    def answer_cue(self, seat: int, *, priority: str = "normal", spare_padded: bool = False,
                   drop_cut: bool = False, resume: bool = False) -> Any:
        """The answer cue alone in seat ``seat``'s earphone at once, at ``priority``
        (``spare_padded``: it never cuts a clip padded to one length with other seats', it
        follows it; ``drop_cut``: the message it cuts off is not said again; ``resume``: a
        clip it cuts plays on after it from where it was cut): a seat's
        own act answered the same way whatever follows it, its words waiting (RULES.md R16;
        :meth:`AudioService.answer_cue <firmware_host.audio.service.AudioService.answer_cue>`).
        Returns its Utterance, or None where nothing plays (no earphones, earcons silent, an
        audio layer without it, or refused: logged)."""
        cue = getattr(self.audio, "answer_cue", None)
        if not callable(cue):
            return None
        try:
            extra = {k: True for k, v in (("spare_padded", spare_padded), ("drop_cut", drop_cut),
                                          ("resume", resume)) if v}
            utt = cue(f"seat:{seat}", priority=priority, **extra)
        except FirmwareHostError as exc:
            log.warning("audio: %s", exc)
            return None
        if utt is not None:
            self._track(utt)
        return utt

    def interrupt(self, channel: str) -> None:
        """Cut off what ``channel`` is saying (a seat's own request, ACCESSIBILITY.md 4)."""
        try:
            self.audio.interrupt(channel)
        except FirmwareHostError as exc:
            log.warning("audio: %s", exc)

    def playing(self, channel: str) -> Any:
        """The Utterance ``channel`` (``"seat:N"``, ``"public"``) plays now, or None (nothing
        plays, an audio layer without it): what a seat's press went down during (issue 31)."""
        playing = getattr(self.audio, "playing", None)
        if not callable(playing):
            return None
        try:
            return playing(channel)
        except FirmwareHostError as exc:
            log.warning("audio: %s", exc)
            return None

    def playing_part(self, utt: Any, at: float | None = None) -> str | None:
        """Which part of ``utt`` plays now (or at ``at``, clock seconds, a moment ago):
        ``"earcon"`` (no word yet), ``"words"``, ``"silence"`` (its words said, only its
        padding left), or None when it does not play now (:meth:`AudioService.playing_part
        <firmware_host.audio.service.AudioService.playing_part>`)."""
        said = getattr(self.audio, "playing_part", None)
        if utt is None or not callable(said):
            return None
        try:
            return said(utt) if at is None else said(utt, at)
        except FirmwareHostError as exc:
            log.warning("audio: %s", exc)
            return None

    def end_now(self, utt: Any) -> bool:
        """Cut ``utt`` off for good where it plays now, never played again (the silence of a
        padded clip whose words were said: :meth:`AudioService.end_now
        <firmware_host.audio.service.AudioService.end_now>`). :returns: True if it was cut."""
        end = getattr(self.audio, "end_now", None)
        if utt is None or not callable(end):
            return False
        try:
            return bool(end(utt))
        except FirmwareHostError as exc:
            log.warning("audio: %s", exc)
            return False

    def has_earphones(self) -> bool:
        """True unless the board uses a shared whisper station instead of seat earphones."""
        return not getattr(getattr(self.audio, "settings", None), "whisper_station", False)

    def confirm_whisper(self, seat: int) -> bool:
        """Seat ``seat`` pressed: if it is the seat called to the whisper station, its visit
        starts (True, the press is used up); otherwise False. No time limit (ACCESSIBILITY.md 11)."""
        confirm = getattr(self.audio, "confirm_whisper", None)
        if not callable(confirm):
            return False
        try:
            return bool(confirm(seat))
        except FirmwareHostError as exc:
            log.warning("audio: %s", exc)
            return False

    def told(self, seat: int) -> None:
        """The act being handled is ``seat``'s, its words waiting for the whisper station
        (:meth:`AudioService.told <firmware_host.audio.service.AudioService.told>`)."""
        told = getattr(self.audio, "told", None)
        if callable(told):
            told(seat)

    def at_station(self, seat: int) -> bool:
        """True while seat ``seat`` is at the whisper station (its visit under way or kept
        open for what follows for it): its act there is answered there. False on a board with
        earphones."""
        return self.has_earphones() is False and getattr(self.audio, "whisper_serving", None) == seat

    def use_long_wording(self, key: str) -> bool:
        """Ask the audio layer's verbosity setting (ACCESSIBILITY.md 5)."""
        return bool(self.audio.use_long_wording(key))

    def set_pronunciation(self, pronounce: Any) -> None:
        """Give the speech renderer the game's pronunciation overrides:
        ``pronounce(text, language) -> text`` with espeak-ng phoneme input for the words its
        voices get wrong (applied only to what is synthesised)."""
        renderer = getattr(self.audio, "renderer", None)
        if renderer is not None:
            renderer.pronounce = pronounce

    def set_language(self, language: str) -> None:
        """Speak ``language`` from now on."""
        try:
            self.audio.set_language(language)
        except FirmwareHostError as exc:
            log.warning("audio: %s", exc)

    def prerender(self, sentences: Any) -> None:
        """Pre-render, in the background at low priority, what the table can hear next:
        ``sentences() -> iterable of (channel, text)`` (``AudioService.prerender``)."""
        try:
            self.audio.prerender(sentences)
        except (FirmwareHostError, AttributeError) as exc:
            log.warning("audio: prerender: %s", exc)

    def prerender_soon(self, items: Any) -> None:
        """Pre-render ``items`` (channel, text) before the rest of the plan."""
        try:
            self.audio.prerender_soon(items)
        except (FirmwareHostError, AttributeError) as exc:
            log.warning("audio: prerender: %s", exc)

    @property
    def seats(self) -> int | None:
        """The board's seat count as the audio layer was given it, or None."""
        return getattr(self.audio, "seats", None)

    @property
    def verbosity(self) -> str:
        """The ``[audio] verbosity`` (``auto``, ``short`` or ``long``)."""
        return getattr(getattr(self.audio, "settings", None), "verbosity", "auto")

    def wait_quiet(self, timeout: float = 30.0) -> bool:
        """Block until every queued utterance has been played (or ``timeout`` seconds)."""
        deadline = time.monotonic() + timeout
        for utt in list(self._pending):
            if not utt.wait_played(max(0.0, deadline - time.monotonic())):
                return False
        self._pending = []
        while time.monotonic() < deadline:
            if self.audio.idle():
                return True
            time.sleep(0.02)
        return False

    def close(self) -> None:
        """Close the audio service."""
        self.audio.close()
