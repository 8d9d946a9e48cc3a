"""The audio service: channels, priorities, whisper station, prolog padding, repeat-last.

Channels are what callers address: ``"public"`` (the table speaker) and ``"seat:N"`` (seat N's
private channel, 0-based as in REPLAY.md). Outputs are what sinks play on: ``"public"``,
``"seat:N"`` (that seat's earphone) or ``"whisper"`` (the shared whisper-station earphone).
Each output has its own queue and player thread, so the table speaker and every earphone
speak at the same time.

Priorities (``say(..., priority=...)``), highest first in a queue:

=============  ==========================================================================
``request``    a seat's own repeat or status request: cuts off whatever its earphone is
               saying (the cut message is dropped; it can be repeated) (ACCESSIBILITY.md 4);
               a later request of the seat replaces its earlier one, playing or waiting;
               the answer to the seat's next act cuts it off (:meth:`AudioService.answering`),
               and drops a repeat of the seat's not started yet
``fault``      interrupts ``normal`` speech, which is played again afterwards
``refusal``    interrupts ``normal`` speech, which is played again afterwards
               (neither cuts off an utterance said with ``keep``: they follow it)
``game_over``  goes before queued ``normal`` speech and is never cut off by anything
``normal``     everything else (aliases ``chatter``, ``info``)
=============  ==========================================================================

Any mix of priorities on one output always moves on: an utterance is only put back in the
queue for one that ranks strictly higher. Public announcements are never dropped: one cut off by a refusal or fault is re-queued and
played again from its start; a seat's scan step (``history=False``) cut off is not (its scan
says it again if it still needs it). Nothing addressed to ``seat:N`` is ever played on another output
than seat N's earphone or, while seat N is at it, the whisper station (:class:`PrivacyError`).

Example::

    audio = AudioService(AudioSettings(), RecordingSink(), "/tmp/speech", seats=7)
    u = audio.say("public", "Platz drei ist am Zug", key="turn", earcon="input")
    audio.say("seat:3", "Deine Karte: sieben.", key="hand", priority="normal")
    audio.repeat_last(3)              # plays the seat's sentence again into seat 3's earphone
    audio.close()
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import heapq
import itertools
import logging
import os
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping

from firmware_host.audio.clip import RATE, Clip, LazyClip, Silence, SpeechPart, Tail, pad_to, resample, scale, wav_seconds
from firmware_host.audio.earcons import EarconError, known_earcons, load_earcon
from firmware_host.audio.settings import AudioSettings
from firmware_host.audio.sinks import Playback, PlayInfo, Sink
from firmware_host.audio.speech import VOICES, RenderJob, SpeechError, SpeechRenderer, normalise
from firmware_host.errors import FirmwareHostError
from firmware_host.kernel.values import PrivacyError

if TYPE_CHECKING:
    from firmware_host.audio.prerender import Prerenderer

log = logging.getLogger("firmware_host.audio")

#: priority name -> rank (higher plays first)
RANKS: dict[str, int] = {"normal": 1, "game_over": 2, "refusal": 3, "fault": 4, "request": 5}
_ALIASES = {"chatter": "normal", "info": "normal", "low": "normal", "error": "fault"}
#: silence between an earcon and its sentence, seconds
EARCON_GAP = 0.06
#: messages kept per seat for repeats (ACCESSIBILITY.md 2, 25: no expiry in practice)
HISTORY = 200
#: the earcon said at once before the answer to a seat's own act while its sentence is still
#: being rendered (:meth:`AudioService.answering`, issue 31)
ANSWER_CUE = "answer"
#: the key of that earcon's utterance (and of its ``announce`` line, SIMULATE.md)
ANSWER_CUE_KEY = "answer.cue"
#: seconds a seat stays served at the whisper station after an open message (a scan's step):
#: the longest scan interval (5 s) and a slow sentence's rendering
WHISPER_LINGER_S = 8.0


def _visit_of_its_own(utt: "Utterance") -> bool:
    """True for a clip whose length is the point at the whisper station (a prolog, a hand:
    padded and kept for repeats): a visit that begins with it holds only it, so every such
    visit lasts the same (R17, ACCESSIBILITY.md 9). A scan's step padded to its list's length
    (M43) is an open message like any other step. One that comes for the seat at the station
    while its visit is under way joins that visit, unless it is one of the clips every seat is
    told at once padded to one length (:meth:`AudioService.say_padded`, :func:`_joins_visit`)."""
    return utt.pad_group is not None or (utt.pad_seconds is not None and bool(utt.history))


def _joins_visit(utt: "Utterance") -> bool:
    """True for a message that joins the visit of its seat under way at the whisper station:
    any but a clip of :meth:`AudioService.say_padded` (the prolog's kind, every seat's visit
    alike). A single padded clip (a token drawn, a power's result, the answer to a secret
    pick) keeps its own length wherever it is said, and the seat is there already: it is not
    sent away and called back for it (issue 31; the call at the table would tell more than
    the clip's place in the visit)."""
    return utt.pad_group is None


@dataclasses.dataclass
class Told:
    """What the act being handled was answered with (:meth:`AudioService.answering`).

    :ivar seat: the seat (0-based) the first private sentence said while it was handled was
        for, or None."""

    seat: int | None = None


class AudioError(FirmwareHostError, ValueError):
    """A bad call into the audio layer: unknown channel, priority or earcon; missing setting."""


def _priority(name: str) -> str:
    name = _ALIASES.get(name, name)
    if name not in RANKS:
        raise AudioError(f"unknown priority {name!r}; use one of {', '.join(RANKS)}")
    return name


def _seat(channel: str) -> int | None:
    return int(channel[5:]) if channel.startswith("seat:") else None


@functools.lru_cache(maxsize=64)
def _earcon_clip(name: str, gain: float, directory: str | None, rate: int = RATE) -> Clip:
    """The earcon ``name`` at volume ``gain``, at ``rate`` Hz (the speech cache's rate)."""
    return resample(scale(load_earcon(name, directory), gain), rate)


class _PadGroup:
    """Utterances of one ``say_padded`` call: all end up as long as the longest (R17), and on
    their own earphones all start at the same moment (ACCESSIBILITY.md 23)."""

    def __init__(self, minimum: float = 0.0, whole: bool = False) -> None:
        self.members: list[Utterance] = []
        self.minimum = minimum      # seconds: the group lasts at least this long (a deal-independent pad)
        self.whole = whole          # only its seat's answer cue cuts a member (a prolog, said again whole then)
        self._lock = threading.Lock()
        self._seconds: float | None = None

    def seconds(self, build: Callable[["Utterance"], Clip]) -> float:
        with self._lock:
            if self._seconds is None:
                self._seconds = max(self.minimum, *(build(u).duration for u in self.members))
            return self._seconds


@dataclasses.dataclass
class PlayRecord:
    """One playing of an utterance on an output, as the sink reported it.

    :param output: ``public``, ``seat:N`` or ``whisper``.
    :param start: clock seconds when the first sample reached the device.
    :param end: clock seconds when it ended or was cut off; None while it plays.
    :param cut: True when it was cut off before its end.
    :param planned_end: ``start`` plus the clip's length (seconds).
    :param offset: how far into the clip this playing began (seconds): 0, or where an
        earlier playing was cut by an answer cue that lets it play on (``resume``).
    """

    output: str
    start: float
    end: float | None = None
    cut: bool = False
    planned_end: float = 0.0
    offset: float = 0.0


class Utterance:
    """One thing to be played on one channel: an earcon, a sentence, or an earcon then a sentence.

    :ivar channel: ``"public"`` or ``"seat:N"``.
    :ivar key: the catalogue key (``""`` for an earcon alone).
    :ivar text: the NFC sentence (``""`` for an earcon alone).
    :ivar priority: the priority name (see the module docs).
    :ivar earcon: the earcon name or None.
    :ivar seq: its number, in the order utterances were made (from 1).
    :ivar output: where it was played (``public``, ``seat:N``, ``whisper``), once played.
    :ivar interrupted: True if it was dropped: cut off by a seat's own request, or a request
        replaced by a later one of the same seat before it played.
    :ivar superseded: True if a newer utterance with the same ``supersede`` tag replaced it
        before it started (ACCESSIBILITY.md 24): never played.
    :ivar error: why it could not be played (render failed, sink failed), or None.
    :ivar sink_path: the file the sink wrote (:class:`WavDirSink`), or None.
    :ivar pad_seconds: the duration it is padded to (prolog, R17), or None.
    :ivar after: utterances that must have ended before this one starts (ACCESSIBILITY.md 22, 23).
    :ivar plays: the :class:`PlayRecord` of each time it played (a public message cut off by a
        refusal plays again from its start).
    :ivar meta: free use by the caller (the board service keeps the ``announce`` lines here).
    :ivar keep: only a request of its seat cuts it off (``say(..., keep=True)``).
    """

    def __init__(self, channel: str, key: str, text: str, priority: str, earcon: str | None,
                 seq: int, job: RenderJob | None) -> None:
        self.channel, self.key, self.text, self.priority, self.earcon = channel, key, text, priority, earcon
        self.seq = seq
        self.job = job
        self.rank = RANKS[priority]
        self.output: str | None = None
        self.interrupted = False
        self.superseded = False
        self.error: BaseException | None = None
        self.sink_path: Path | None = None
        self.pad_group: _PadGroup | None = None
        self.pad_seconds: float | None = None
        self.whisper_seat: int | None = None
        self.after: tuple[Utterance, ...] = ()
        self.supersede: str | None = None
        self.history = True
        self.keep = False
        #: the answer to its seat's own act (:meth:`AudioService.answering`): never held back by
        #: what waits for another output, and it cuts off the seat's own request playing (issue 31)
        self.own_answer = False
        #: True: it never cuts off a clip padded to a fixed length (``pad_seconds``, a padded
        #: group of :meth:`AudioService.say_padded`: one length with other seats' clips, R16):
        #: it plays as that ends, before what is queued at a lower rank (an answer cue)
        self.spares_padded = False
        #: True (an answer cue): the message it cuts off is not said again after it
        self.drops_cut = False
        #: True (an answer cue): a clip it cuts off plays on from where it was cut, not again
        #: from its start (:meth:`AudioService.answer_cue` ``resume``)
        self.resumes = False
        #: ``stale() -> bool``: True once the message, still waiting for its seat's visit at
        #: the whisper station, has nothing left to tell (:meth:`AudioService.say`); None: never
        self.stale: Callable[[], bool] | None = None
        #: where its next playing begins (seconds into its clip): 0, or where it was cut off
        #: by an answer cue that lets it play on
        self.resume_at = 0.0
        self.plays: list[PlayRecord] = []
        self.meta: dict = {}
        self.clip: LazyClip | None = None   # its parts (unpadded for a pad group) once rendered; decoded when played
        self._listeners: list[Callable[[str, "Utterance", PlayRecord], None]] = []
        self._earcon_seconds = 0.0  # set by AudioService._make (0 when earcons are muted)
        self._played = threading.Event()
        self._done_lock = threading.Lock()
        self._done_fns: list[Callable[["Utterance"], None]] | None = []

    def __repr__(self) -> str:
        return f"Utterance({self.seq}, {self.channel}, {self.key!r}, {self.priority})"

    def listen(self, fn: Callable[[str, "Utterance", PlayRecord], None]) -> None:
        """``fn(kind, utterance, record)`` with kind ``"start"`` when it starts playing and
        ``"end"`` when it ends or is cut off (``record.cut``), each time it plays, on the
        thread that saw it happen. To see the first start, pass the listener to
        :meth:`AudioService.say` (``listener=``) rather than adding it afterwards."""
        self._listeners.append(fn)

    @property
    def start(self) -> float | None:
        """Clock seconds when it first started playing, or None."""
        return self.plays[0].start if self.plays else None

    @property
    def end(self) -> float | None:
        """Clock seconds when its last playing ended, or None."""
        return self.plays[-1].end if self.plays else None

    def wav_path(self, timeout: float | None = None) -> Path | None:
        """Block until the sentence is rendered; its cached WAV (speech only), None for an earcon.

        :raises SpeechError: if rendering failed or ``timeout`` seconds passed.
        """
        return None if self.job is None else self.job.wait(timeout)

    def duration(self, timeout: float | None = None) -> float:
        """Block until rendered; how long this utterance plays, in seconds (a ``float``).

        The earcon (with its gap before the sentence), the rendered sentence from its WAV
        header at this channel's rate, and any prolog padding (R17), exactly as the output
        will play it.

        :param timeout: seconds to wait for the render at most; None waits as long as it takes.
        :raises SpeechError: rendering failed or ``timeout`` passed.
        :raises AudioFileError: the rendered WAV cannot be read.
        """
        seconds = self._unpadded_seconds(timeout)
        if self.pad_group is not None:
            seconds = max(self.pad_group.minimum, *(m._unpadded_seconds(timeout) for m in self.pad_group.members))
        if self.pad_seconds is not None:
            seconds = max(seconds, self.pad_seconds)
        return seconds

    def unpadded_duration(self, timeout: float | None = None) -> float:
        """Block until rendered; how long its earcon and sentence play without any padding, in
        seconds (a ``float``): where the words of a clip padded with silence end.

        :param timeout: seconds to wait for the render at most; None waits as long as it takes.
        :raises SpeechError: rendering failed or ``timeout`` passed.
        :raises AudioFileError: the rendered WAV cannot be read.
        """
        return self._unpadded_seconds(timeout)

    def _unpadded_seconds(self, timeout: float | None) -> float:
        seconds = 0.0
        if self._earcon_seconds:
            seconds += self._earcon_seconds + (EARCON_GAP if self.job is not None else 0.0)
        if self.job is not None:
            seconds += wav_seconds(self.job.wait(timeout))
        return seconds

    def wait_played(self, timeout: float | None = None) -> bool:
        """Block until played to its end, cut off and dropped, superseded or failed; False on timeout."""
        return self._played.wait(timeout)

    def done(self) -> bool:
        """True once played, dropped, superseded or failed."""
        return self._played.is_set()

    def on_done(self, fn: Callable[["Utterance"], None]) -> None:
        """``fn(utterance)`` once, when it is done (played to its end, cut off and not played
        again, dropped, superseded or failed: :meth:`done`), after the listeners heard its
        last ``"end"``, on the thread that saw it happen (outside the audio lock); at once,
        on the calling thread, if that was told already. Never polled."""
        with self._done_lock:
            if self._done_fns is not None:
                self._done_fns.append(fn)
                return
        fn(self)

    def _finish(self) -> None:
        self._played.set()

    def _tell_done(self) -> None:
        """Run the :meth:`on_done` functions (outside the audio lock), each once."""
        with self._done_lock:
            fns, self._done_fns = self._done_fns or [], None
        for fn in fns:
            try:
                fn(self)
            except Exception:  # noqa: BLE001 - a listener never stops the audio
                log.exception("audio: a done listener of %s failed", self.key)


class _Player:
    """The queue of one output and what it plays now. All state is guarded by the audio
    service's lock; nothing here has a thread of its own: clips start when the output is
    free, the clip is rendered and what it waits for has ended (:meth:`AudioService._pump`)."""

    def __init__(self, service: "AudioService", output: str) -> None:
        self.service = service
        self.output = output
        self.heap: list[tuple[int, int, Utterance]] = []
        self.current: Utterance | None = None
        self.playback: Playback | None = None
        self.record: PlayRecord | None = None
        self.cut_by: Utterance | None = None
        self.dropping = False          # what plays is being cut off for good (:meth:`AudioService.drop_before`)
        self.closed = False

    @staticmethod
    def cuts(current: Utterance, new: Utterance) -> bool:
        if current.priority == "game_over":
            return False
        if current.pad_group is not None and current.pad_group.whole:
            # a prolog is heard whole, all at once (ACCESSIBILITY.md 23): the rest follows it;
            # only its own seat's answer cue cuts it (that seat's press or hold, 4, 26; issue
            # 31: a status hold during one's role message heard nothing for 13.5 s), and it is
            # said again whole and as long (:meth:`AudioService._ended`)
            return new.key == ANSWER_CUE_KEY and new.own_answer and new.channel == current.channel
        if (new.key == ANSWER_CUE_KEY and new.resumes and new.own_answer and new.channel == current.channel
                and current.priority != "request"):
            # the seat's own act during its own clip that must be heard whole (padded to one
            # length with other seats', ``keep``): the cue at once, and the clip plays on after
            # it from where it was cut, as long in all (ACCESSIBILITY.md 26; issue 31: a press
            # during a seat's padded "chosen" or "keep your eyes closed" waited 1.5-4.7 s)
            return True
        if new.priority == "request":
            return True
        if current.priority == "request":
            # the seat acts after what it asked for (its status, a repeat): the act's answer
            # cuts it off (ACCESSIBILITY.md 4, 26; issue 31)
            return new.own_answer and new.channel == current.channel
        return new.priority in ("fault", "refusal") and current.priority == "normal" and not current.keep

    @staticmethod
    def replaces(old: Utterance, new: Utterance) -> bool:
        """True if ``new`` makes ``old`` (not yet playing) pointless: a later request of the seat.

        A seat's own repeat or status request replaces its earlier one that has not been
        heard yet (ACCESSIBILITY.md 4); the earlier one is dropped (``interrupted``).
        """
        return (old.priority == "request" and new.priority == "request"
                and old.channel == new.channel and new.seq > old.seq and old not in new.after)

    def idle(self) -> bool:
        with self.service._lock:
            return not self.heap and self.current is None

    def put(self, utt: Utterance) -> None:
        """Queue ``utt`` here, whatever its channel (the guard refuses a wrong output)."""
        self.service._dispatch(utt, player=self)


class AudioService:
    """Speech and earcons on the table speaker and the seats' earphones.

    :param settings: :class:`AudioSettings` (``None`` = defaults).
    :param sink: where clips are played (:class:`AlsaSink`, :class:`RecordingSink`,
        :class:`WavDirSink`).
    :param cache_dir: the speech cache folder (created if missing).
    :param seats: number of seats (5–10), to check channels and pre-render for every seat's
        rate; None accepts any ``seat:N``.
    :param whisper_call: ``whisper_call(seat) -> str``, the public sentence asking a seat to
        come to the whisper station (from the catalogue); required when
        ``settings.whisper_station`` is on.
    :param renderer: a ready :class:`SpeechRenderer` (tests); default one on ``cache_dir``.
    :param on_output_fault: ``on_output_fault(output, detail)``, called (on a player thread)
        when an output (``public``, ``seat:N``, ``whisper``) fails to play a clip, once until
        it plays again; ``detail`` names the output and why (aplay's message). Keep it short.
    :param on_output_back: ``on_output_back(output)``, called (on a player thread) when an
        output that failed plays a clip to its end again.
    :param sounds_dir: folder of the earcon WAVs (default the packaged ones, :data:`~firmware_host.audio.earcons.SOUNDS_DIR`).
    :param clock: what start and end times are read from (``now()`` in seconds): the
        board's clock (a :class:`~firmware_host.clock.VirtualClock` in ``simulate``, where a
        :class:`~firmware_host.audio.sinks.ClockSink` plays on the same clock); default
        :func:`time.monotonic`, the clock of :class:`~firmware_host.clock.RealClock`.
    :param prerenderer: what walks the plans given to :meth:`prerender` (``plan``, ``soon``,
        ``refresh``, ``close``); default a :class:`~firmware_host.audio.prerender.Prerenderer`
        thread (a board), ``simulate`` gives a :class:`~firmware_host.audio.slow.BootWalk`.
    :raises AudioError: whisper station on without ``whisper_call``.
    """

    def __init__(
        self,
        settings: AudioSettings | None,
        sink: Sink,
        cache_dir: str | os.PathLike,
        *,
        seats: int | None = None,
        whisper_call: Callable[[int], str] | None = None,
        renderer: SpeechRenderer | None = None,
        sounds_dir: str | os.PathLike | None = None,
        clock=None,
        on_output_fault: Callable[[str, str], None] | None = None,
        on_output_back: Callable[[str], None] | None = None,
        prerenderer: Any = None,
    ) -> None:
        self.settings = settings or AudioSettings()
        if self.settings.whisper_station and whisper_call is None:
            raise AudioError("the whisper station is on but no whisper_call text was given")
        self.sink = sink
        self.seats = seats
        self.whisper_call = whisper_call
        #: ``on_whisper_call(seat, text) -> listener | None``: a listener (as for :meth:`say`)
        #: of each call to the whisper station, so what the table heard is written
        #: (the board service's ``announce`` line ``whisper.call``); None: not told
        self.on_whisper_call: Callable[[int, str], Any] | None = None
        self.sounds_dir = os.fspath(sounds_dir) if sounds_dir else None
        self.renderer = renderer or SpeechRenderer(
            cache_dir, timeout=self.settings.render_timeout, backend=self.settings.backend,
            cache_max_mb=self.settings.cache_max_mb,
        )
        self.clock = clock
        self._seq = itertools.count(1)
        self._last_seq = 0
        self._lock = threading.RLock()
        self._players: dict[str, _Player] = {}
        self._heard_seq = itertools.count(1)
        self._history: dict[int, list[Utterance]] = {}   # seat -> its private messages heard, in playing order
        self._public_history: list[Utterance] = []
        self._repeat_back: dict[int, int] = {}           # seat -> how far its repeats stepped back
        self._long_heard: set[str] = set()
        self._unprepared: set[Utterance] = set()          # dispatched, clip not built yet
        self._building = 0
        self._kicking = False
        self._dirty = False
        self._notes: list[tuple[str, Utterance, PlayRecord]] = []
        self._flush_lock = threading.RLock()
        # whisper station
        self._mail: dict[int, list[Utterance]] = {}
        self._called: int | None = None
        #: the call of the seat called now, once it is queued: the seat's press counts as its
        #: arrival only once the call has begun (a press before it was meant for something else)
        self._call: Utterance | None = None
        self._serving: int | None = None
        self._visit_left = 0
        self._next_seat = 0
        self._linger = None               # the timer that ends a visit kept open (WHISPER_LINGER_S)
        self._visit_padded = False        # the visit going on is a padded one (nothing joins it)
        self._closed = False
        self.on_output_fault = on_output_fault
        self.on_output_back = on_output_back
        #: ``time.monotonic()`` of the last sentence or earcon given to :meth:`say`, or of the
        #: last clip's end (the pre-render thread waits for a quiet moment after it)
        self.last_sound = 0.0
        #: outputs whose last clip failed (``public``, ``seat:N``, ``whisper``) -> why
        self.failed_outputs: dict[str, str] = {}
        self._prerenderer: Prerenderer | None = prerenderer
        #: ``on_answer_cue(channel) -> listener | None``: a listener (as for :meth:`say`) of
        #: each answer cue (:meth:`answering`), so that what the seat heard is written (the
        #: board service's ``announce`` line ``answer.cue``); None: not told
        self.on_answer_cue: Callable[[str], Any] | None = None
        self._answering = threading.local()
        #: True where the clock waits for renders (``simulate``'s virtual clock moves only
        #: while :meth:`busy` is False): a render then takes no time on the clock, and only a
        #: render whose end is itself on the clock (a slow board's, ``job.waiting_on_clock``)
        #: keeps a seat waiting for its answer (:meth:`answering`); the same run then says the
        #: same whatever the speech cache holds
        self.clock_waits_for_renders = False

    # -- speaking -------------------------------------------------------------------------

    def say(self, channel: str, text: str, *, key: str, priority: str = "normal",
            earcon: str | None = None, pad_seconds: float | None = None, after: Iterable["Utterance"] = (),
            supersede: str | None = None, history: bool = True,
            listener: Callable[[str, "Utterance", PlayRecord], None] | None = None,
            keep: bool = False, answer: bool = False, resume: bool = False,
            stale: Callable[[], bool] | None = None) -> "Utterance":
        """Speak ``text`` on ``channel`` (after ``earcon``); returns at once.

        :param channel: ``"public"`` or ``"seat:N"`` (N 0-based).
        :param text: the sentence from the catalogue (normalised to NFC here); may be empty
            when an earcon is given.
        :param key: the catalogue key, kept with what is played (for repeat and recording).
        :param priority: ``normal``, ``refusal``, ``fault``, ``game_over`` or ``request``.
        :param earcon: one of :func:`~firmware_host.audio.earcons.known_earcons`, or None.
        :param pad_seconds: pad the clip with silence to this many seconds (a private clip
            of one length whatever the secret in it, R16/R17; see :meth:`measure`); a
            padded clip begins a whisper-station visit of its own, or joins its seat's visit
            under way, and a repeat keeps the padding.
        :param after: utterances that must have ended (or been dropped) before this one
            starts: a private message after its public cause (ACCESSIBILITY.md 22), the
            table's "every seat knows its role" after the prolog (23).
        :param supersede: a tag: an utterance of this channel with the same tag that has not
            started yet is dropped, never played (a count of votes, ACCESSIBILITY.md 24).
        :param history: False for what a seat does not get back by a repeat (scan steps);
            repeats themselves never join the history.
        :param listener: ``listener(kind, utterance, record)`` (see :meth:`Utterance.listen`),
            registered before anything can play.
        :param keep: only a request of the seat cuts it off once it plays: a later refusal or
            fault (a seat's next act answered at once) follows it (the table's "noted", heard
            whole and as long every time, ACCESSIBILITY.md 26, RULES.md R16).
        :param answer: the answer to the seat's own act, also where its answer cue was given
            already (:meth:`answer_cue`; no second cue): a message of the seat's that waits
            for another output never holds it back (the table's "noted" after the cue, while
            the seat's hand waits for a vote's count, issue 31).
        :param resume: a clip it cuts off (at ``refusal`` or ``fault`` priority) plays on after
            it from where it was cut, neither said again from its start nor longer in all (the
            table's answer at once to a seat's act away from the whisper station, issue 31).
        :param stale: ``stale() -> bool``, asked (with the service's lock held: it must only
            read) while the message waits for its seat's visit at the whisper station: once
            True it is dropped there, never said and no cause for a call (a seat's echo of
            "I am here" once a newer count or the game's start has been said at the table,
            ACCESSIBILITY.md 24); a message said at once is never dropped.
        :raises AudioError: unknown channel, priority or earcon, or a negative ``pad_seconds``.
        :raises SpeechError: empty text without an earcon.
        """
        if pad_seconds is not None and not pad_seconds >= 0:
            raise AudioError(f"pad_seconds must be a duration in seconds, not {pad_seconds!r}")
        self.last_sound = time.monotonic()
        told = getattr(self._answering, "told", None)
        if told is not None and told.seat is None and _seat(channel) is not None:
            told.seat = _seat(channel)      # the seat the act being handled is answered to first
        own = getattr(self._answering, "channel", None) == channel
        own_given = bool(answer) and _seat(channel) is not None
        answer = self._answer_due(channel)
        utt = self._make(channel, text, key, priority, earcon)
        self._rendered_now(utt.job)
        utt.pad_seconds = pad_seconds
        utt.after = tuple(u for u in after if u is not None)
        utt.own_answer = answer
        if own_given:
            utt.own_answer = True
        # the answer waits for the table (a status that tells only what the table has heard):
        # the seat's own act is answered at once all the same, by the cue (issue 31)
        waits = own and any(not u.done() for u in utt.after)
        if answer and (self._late(utt.job) or waits):
            cue = self._answer_cue(utt)
            if cue is not None:
                utt.after += (cue,)
        utt.supersede = supersede
        utt.history = history
        utt.keep = bool(keep)
        utt.resumes = bool(resume)
        utt.stale = stale
        if listener is not None:
            utt.listen(listener)
        self._dispatch(utt)
        return utt

    @contextlib.contextmanager
    def answering(self, seat: int | None, *, any_seat: bool = False) -> Iterator["Told"]:
        """While seat ``seat``'s own act is handled on this thread (a press, a tile it laid):
        the first sentence :meth:`say` gives its earphone is the act's answer, and if that
        sentence is not rendered yet (not in the speech cache: a fresh board, a new name) the
        :data:`ANSWER_CUE` earcon is played at once ahead of it, so the seat hears within a
        moment that its act was taken and the words when they are ready (issue 31,
        ACCESSIBILITY.md 26); so is it ahead of a sentence for this very seat that waits for
        others to end first (``after``: a status that answers once the table has heard the
        vote being read out). The cue is the same whatever the act chose and whatever the
        answer says: it tells nothing a sentence's length would not. It takes the answer's
        priority (a pick's answer cuts the item playing), waits for nothing the answer waits
        for, and is no message of the seat's history. Nothing on the table speaker, at a
        whisper station (no earphone of its own) or with ``seat`` None. ``any_seat``: an act
        whose seat the board does not know (a tile laid at a shared reader): the first
        sentence into any seat's earphone is its answer (the game answers the one who laid
        it). Nests; a ``say`` outside it is never cued.

        :returns: (as the context's value) a :class:`Told` whose ``seat`` is the seat the first
            private sentence said while the act was handled was for (None while there was
            none): the seat a tile at a shared reader was taken from, at a whisper station too."""
        previous = getattr(self._answering, "channel", None)
        previous_told = getattr(self._answering, "told", None)
        self._answering.channel = "seat:*" if any_seat else None if seat is None else f"seat:{seat}"
        told = self._answering.told = Told()
        try:
            yield told
        finally:
            self._answering.channel = previous
            self._answering.told = previous_told

    def told(self, seat: int) -> None:
        """The act being handled on this thread (:meth:`answering`) is seat ``seat``'s, though
        nothing is said for it here (its words wait for its visit at the whisper station): the
        seat the context's :class:`Told` names, if none was told first."""
        told = getattr(self._answering, "told", None)
        if told is not None and told.seat is None:
            told.seat = int(seat)

    def answer_cue(self, channel: str, *, priority: str = "normal",
                   spare_padded: bool = False, drop_cut: bool = False,
                   resume: bool = False) -> "Utterance | None":
        """Play the :data:`ANSWER_CUE` earcon alone on seat ``channel`` at once (queued like
        speech at ``priority``): the answer to a seat's own act whose words must wait, given
        the same way whatever follows the act, so that an answer that would come at once for
        one outcome and not for another tells nothing (RULES.md R16: a game asks for it where
        its words would come at once in one deal and only later in another). Written as the
        cue before a late answer is (``on_answer_cue``, key :data:`ANSWER_CUE_KEY`), no
        message of the seat's history. The act being handled on this thread for that seat
        (:meth:`answering`) counts as answered: the sentence that follows gets no second cue.
        ``spare_padded``: it never cuts off a clip padded to a fixed length (``pad_seconds``,
        :meth:`say_padded`: one length with other seats'), whatever its priority: it plays as
        soon as that has ended, before what is queued at a lower rank (R16: such a clip's
        length must not depend on a press). ``drop_cut``: the message it cuts off is not said
        again after it (the press it answers was what that message asked for). ``resume``: a
        clip it cuts off plays on after it from where it was cut, neither said again from its
        start nor longer in all (a press while a seat's message is said again for an earlier
        press, ACCESSIBILITY.md 26); such a cue also cuts the seat's clip that is otherwise heard
        whole (``keep``, padded, not in its history), which then plays on after it: only a
        game-over clip and the seat's own request are never cut by it.

        :returns: its Utterance; None on the table speaker, at a whisper station (no earphone
            of its own) or with the earcons silent (``earcon_volume`` 0).
        :raises AudioError: an unknown channel or priority."""
        self._check_channel(channel)
        if _seat(channel) is None:
            return None
        wanted = getattr(self._answering, "channel", None)
        if wanted in (channel, "seat:*"):
            self._answering.channel = None
        if self.settings.whisper_station or not self.settings.earcon_volume > 0:
            return None
        self.last_sound = time.monotonic()
        listener = self._cue_listener(channel)
        cue = self._make(channel, "", ANSWER_CUE_KEY, priority, ANSWER_CUE)
        cue.spares_padded = bool(spare_padded)
        cue.drops_cut = bool(drop_cut)
        cue.resumes = bool(resume)
        return self._send_cue(cue, listener)

    def _cue_listener(self, channel: str) -> Callable[[str, "Utterance", PlayRecord], None] | None:
        """The listener ``on_answer_cue`` gives for an answer cue on ``channel`` (None without one)."""
        if self.on_answer_cue is None:
            return None
        try:
            return self.on_answer_cue(channel)
        except Exception:  # noqa: BLE001 - a listener never stops the audio
            log.exception("audio: on_answer_cue failed")
            return None

    def _send_cue(self, cue: "Utterance", listener: Callable[[str, "Utterance", PlayRecord], None] | None
                  ) -> "Utterance":
        """Dispatch an answer cue: no message of the seat's history, an answer to its own act."""
        cue.history = False
        cue.own_answer = True
        if listener is not None:
            cue.listen(listener)
        self._dispatch(cue)
        return cue

    def _answer_due(self, channel: str) -> bool:
        """True when a sentence for ``channel`` now is the answer to the seat's act being
        handled on this thread (the first one only: the rest follow it)."""
        wanted = getattr(self._answering, "channel", None)
        if channel == "public" or wanted is None or (wanted != channel and wanted != "seat:*"):
            return False
        self._answering.channel = None
        return not self.settings.whisper_station and self.settings.earcon_volume > 0

    def _rendered_now(self, job: "RenderJob | None") -> None:
        """Where the clock waits for renders (:attr:`clock_waits_for_renders`, ``simulate``): wait
        here, on the thread that says the sentence, until its render is done, as a render takes
        no time on that clock. A clip then starts in the order it was said whatever the speech
        cache holds and however the threads are scheduled (issue 30): a sentence found in the
        cache started at once on a free output, one still being rendered only once rendered, on
        the renderer's thread, after what was said meanwhile, so the same run said its sentences
        in another order on a fresh cache or a loaded machine. A render whose end is itself on
        the clock (a slow board's, ``job.waiting_on_clock``) is waited for only until that end
        is scheduled (``job.wait_scheduled``). A failed render is reported when its clip is
        built. Never called with the lock held (the renderer's callbacks take it)."""
        if not self.clock_waits_for_renders or job is None or job.done():
            return
        timeout = self.settings.render_timeout * 4 + 5
        scheduled = getattr(job, "wait_scheduled", None)
        try:
            if callable(scheduled):
                scheduled(timeout)
            else:
                job.wait(timeout)
        except SpeechError as exc:
            log.debug("audio: %r not rendered when said: %s", job.text, exc)

    def _late(self, job: "RenderJob | None") -> bool:
        """True when a sentence with render ``job`` cannot start now: its render takes time
        on the clock (see :attr:`clock_waits_for_renders`)."""
        if job is None or job.done():
            return False
        return not self.clock_waits_for_renders or callable(getattr(job, "waiting_on_clock", None))

    def _answer_cue(self, answer: "Utterance") -> "Utterance | None":
        """Queue the answer cue ahead of ``answer`` (not dispatched yet) on its channel now
        (see :meth:`answering`): the cue takes the answer's place in the queue's order (its
        sequence number) and the answer the next; None if refused (logged)."""
        listener = self._cue_listener(answer.channel)
        try:
            cue = self._make(answer.channel, "", ANSWER_CUE_KEY, answer.priority, ANSWER_CUE)
        except FirmwareHostError as exc:
            log.error("audio: answer cue: %s", exc)
            return None
        with self._lock:
            cue.seq, answer.seq = answer.seq, cue.seq      # the cue first, the answer right after it
        return self._send_cue(cue, listener)

    def measure(self, channel: str, text: str, *, earcon: str | None = None,
                timeout: float | None = None) -> float:
        """How long ``text`` (after ``earcon``) lasts when played on ``channel``, unpadded, in
        seconds: the channel's rate, the earcon and its gap, the rendered WAV's length. Renders
        the sentence first if it is not in the cache (blocking; the WAV is kept, so saying it
        later starts at once). For padding a private clip to the longest of the sentences that
        could stand in its place (``say(..., pad_seconds=...)``).

        :raises AudioError: unknown channel or earcon.
        :raises SpeechError: rendering failed, or ``timeout`` seconds passed.
        """
        utt = self._make(channel, text, "measure", "normal", earcon)
        return utt._unpadded_seconds(timeout)

    def play_earcon(self, channel: str, name: str, *, priority: str = "normal",
                    listener: Callable[[str, "Utterance", PlayRecord], None] | None = None) -> "Utterance":
        """Play the earcon ``name`` alone on ``channel`` (queued like speech)."""
        return self.say(channel, "", key="", priority=priority, earcon=name, history=False, listener=listener)

    def say_padded(self, texts: Mapping[int, str], *, key: str = "prolog", earcon: str | None = None,
                   after: Iterable["Utterance"] = (),
                   listener: Callable[[str, "Utterance", PlayRecord], None] | None = None,
                   minimum_seconds: float | None = None, history: bool = True, whole: bool = False,
                   ) -> dict[int, "Utterance"]:
        """The prolog (R17): one private sentence per seat, all padded with silence to one duration.

        Every seat's clip is exactly as long as the longest one, or ``minimum_seconds`` if that
        is longer (the same number of samples)
        and, on the seats' own earphones, all start at the same moment, once every one is
        rendered and every earphone is free (ACCESSIBILITY.md 23). Seats are queued in seat
        order (never an order that depends on roles), and at a whisper station each of these
        visits holds only its padded clip, so every visit lasts the same time too.

        :param texts: seat (0-based) -> sentence.
        :param after: utterances that must have ended before the prolog starts.
        :param listener: as for :meth:`say`, on every seat's utterance.
        :param minimum_seconds: the least length of every clip (a game's pad over everything
            any seat could have been told, so the length depends on no deal, R16); None: the
            longest clip's.
        :param history: False for what a seat does not get back by a repeat (a reminder).
        :param whole: once a clip plays nothing cuts it but its own seat's answer cue (that
            seat's press or hold, :meth:`answer_cue`; issue 31): a request, a refusal, a fault
            follow it. The prolog, whose clips all end at one moment for the seats that do not
            act (R17, ACCESSIBILITY.md 23); a clip cut by its seat's cue is said again whole
            and as long (padded as before), so what waits for the group waits for it too.
        :returns: seat -> :class:`Utterance`.
        :raises AudioError: a negative ``minimum_seconds``.
        """
        if minimum_seconds is not None and not minimum_seconds >= 0:
            raise AudioError(f"minimum_seconds must be a duration in seconds, not {minimum_seconds!r}")
        self.last_sound = time.monotonic()
        group = _PadGroup(minimum_seconds or 0.0, whole)
        made = {seat: self._make(f"seat:{seat}", texts[seat], key, "normal", earcon) for seat in sorted(texts)}
        for utt in made.values():
            self._rendered_now(utt.job)
        after = tuple(u for u in after if u is not None)
        for utt in made.values():
            utt.pad_group = group
            utt.after = after
            utt.history = history
            group.members.append(utt)
            if listener is not None:
                utt.listen(listener)
        with self._lock:      # all members queued before any can start
            for seat in sorted(made):
                self._dispatch(made[seat], kick=False)
        self._kick()
        return made

    def history(self, seat: int) -> list["Utterance"]:
        """What ``seat`` has heard, oldest first, in the order it was played: public messages
        on the table speaker and its own private ones (ACCESSIBILITY.md 25); no repeats,
        status answers or scan steps."""
        with self._lock:
            return self._seat_history(seat)

    def repeat_last(self, seat: int, listener: Callable[[str, "Utterance", PlayRecord], None] | None = None,
                    *, newest: bool = False) -> "Utterance | None":
        """Play again into seat's earphone the last message the seat heard, public or its own;
        a further call with nothing new heard meanwhile steps one message further back
        (ACCESSIBILITY.md 2, 25; back to the oldest, which is then said again).

        No limit, no expiry: the chain ends by events, never by a timer (a message heard that
        a repeat gives back, or ``newest``). It cuts off what the earphone is saying (priority
        ``request``). A padded prolog message keeps its padding (R17). The new utterance's
        ``meta`` ``"repeats"`` is the utterance it repeats.

        A chain's first repeat asked while one of the seat's own messages plays in its earphone
        (a message of its history, which the repeat cuts off) gives that message, the one the
        seat was hearing, though a public one began at the same moment or since (issue 31: a
        press during "Chosen: you vote today" heard "Decided: one of four", said at the table
        as the choice was confirmed); further calls step back from it.

        Asked as the answer to the seat's press (:meth:`answering`, issue 31): where the
        repeat's words are not rendered yet (a fresh board) the answer cue plays at once ahead
        of them; where the answer to the seat's own last act is still to come (its words being
        rendered), nothing older is said again (it may no longer be true: a turn that has
        passed): the answer cue plays at once, ahead of that answer, and is returned.

        :param newest: start again from the seat's newest message (the table called the seat
            since its last repeat, a reminder that a repeat does not give back): further calls
            step back from there.
        :returns: the new utterance (the answer cue, see above), or None if the seat has heard
            nothing yet.
        """
        channel = f"seat:{seat}"
        with self._lock:
            player = self._players.get(channel)
            coming = next((e[2] for e in sorted(player.heap) if getattr(e[2], "own_answer", False)
                           and e[2].text and not e[2].plays and not e[2].done()), None) if player else None
        if coming is not None and self._answer_due(channel):
            # the answer to the seat's last act is still to come (its words being rendered): a
            # message heard before it may no longer be true (a turn that has passed, issue 31),
            # so the press is answered by the answer cue at once, in that answer's place, and
            # that answer follows it
            listener = self._cue_listener(channel)
            cue = self._make(channel, "", ANSWER_CUE_KEY, coming.priority, ANSWER_CUE)
            with self._lock:
                self._remove(player, coming)
                cue.seq, coming.seq = coming.seq, cue.seq     # the cue first, the answer right after
                heapq.heappush(player.heap, (-coming.rank, coming.seq, coming))
                return self._send_cue(cue, listener)
        with self._lock:
            heard = self._seat_history(seat)
            if not heard:
                return None
            back = 0 if newest else self._repeat_back.get(seat, -1) + 1
            if back == 0:
                # the seat's own message playing as it asks (cut by this repeat): that one first
                player = self._players.get(f"seat:{seat}")
                playing = player.current if player is not None else None
                if playing is not None and any(u is playing for u in heard):
                    back = len(heard) - 1 - next(i for i, u in enumerate(heard) if u is playing)
            back = min(back, len(heard) - 1)
            self._repeat_back[seat] = back
            last = heard[-1 - back]
            utt = self._make(f"seat:{seat}", last.text, last.key, "request", last.earcon)
            utt.pad_seconds = last.pad_seconds
            utt.history = False
            utt.meta["repeats"] = last
            if listener is not None:
                utt.listen(listener)
        # the repeat answers the seat's press: where its words are not rendered yet (a public
        # line rendered anew at the seat's rate on a fresh board) the answer cue plays at once
        # ahead of it, as for any answer (:meth:`answering`, issue 31)
        if self._answer_due(utt.channel) and self._late(utt.job):
            cue = self._answer_cue(utt)
            if cue is not None:
                utt.after += (cue,)
        self._dispatch(utt, kick=False)
        self._kick()        # outside the lock, as say does: _kick takes the flush lock first
        return utt

    def forget_private(self) -> None:
        """A new game begins: what the seats heard privately in the last one is no longer
        theirs to repeat (its hands and results belong to a game that is over)."""
        with self._lock:
            self._history.clear()
            self._repeat_back.clear()

    def cancel(self, utt: "Utterance") -> bool:
        """Drop ``utt`` if it has not started playing yet (a scan step the scan no longer
        needs); it is then done, ``interrupted``, and never heard.

        :returns: True if it was dropped, False if it plays, has played or was dropped already.
        """
        with self._lock:
            if utt.done() or utt.plays:
                return False
            at_station = False
            for player in self._players.values():
                if any(e[2] is utt for e in player.heap):
                    self._remove(player, utt)
                    at_station = player.output == "whisper" and utt.whisper_seat is not None
                    break
            else:
                seat = _seat(utt.channel)
                mail = self._mail.get(seat) if seat is not None else None
                if not mail or utt not in mail:
                    return False
                mail.remove(utt)
                if not mail:
                    del self._mail[seat]
            utt.interrupted = True
            self._unprepared.discard(utt)
            if at_station:
                # a step of a visit at the whisper station that will not be said counts off
                # the visit as if said: the visit still ends (else the station served the
                # seat for ever and no other seat was ever called)
                self._played(utt, "whisper")
            else:
                utt.output = utt.channel
                self._done(utt)
                self._dirty = True
        self._kick()
        return True

    def playing(self, channel: str) -> "Utterance | None":
        """The Utterance that plays now on ``channel``'s output (a seat's earphone, the table
        speaker), or None when that output is silent or its clip has not been handed to the
        sink yet.

        :raises AudioError: an unknown channel."""
        self._check_channel(channel)
        with self._lock:
            player = self._players.get(channel)
            return None if player is None else player.current

    def playing_part(self, utt: "Utterance", at: float | None = None) -> str | None:
        """Which part of ``utt``, playing now on its seat's earphone or the table speaker, is
        heard now: ``"earcon"`` (it is starting: its earcon, before any word), ``"words"`` (its
        sentence is being said), ``"silence"`` (its words have been said and only the silence
        it is padded with is left, or it is about to end); None when it is not playing now
        (queued, done, at a whisper station). What a seat's press during its own padded
        message may cut (issue 31).

        :param utt: an Utterance of this service.
        :param at: the moment asked about (clock seconds, not after now: a press that went
            down a moment ago); default now.
        """
        with self._lock:
            player = self._players.get(utt.channel)
            if player is None or player.current is not utt:
                return None
            record = player.record
        if record is None:
            return "earcon"                    # handed to the sink, not started yet
        try:
            words = utt.unpadded_duration(0.0)     # it plays: rendered already
        except (FirmwareHostError, OSError, TimeoutError, ValueError) as exc:
            log.debug("audio: where the words of %s end is unknown: %s", utt.key, exc)
            return "words"
        into = (self._now() if at is None else min(float(at), self._now())) - record.start + record.offset
        earcon = utt._earcon_seconds + (EARCON_GAP if utt._earcon_seconds and utt.job is not None else 0.0)
        if into < earcon:
            return "earcon"
        return "silence" if into >= words - 1e-6 else "words"

    def end_now(self, utt: "Utterance") -> bool:
        """Cut ``utt`` off where it plays now, for good: it is not played again, its end is
        told as cut (``interrupted``), and what is queued on its output follows at once. For
        the silence a padded clip ends with, once :meth:`playing_part` says so (a seat's own press asks
        past it, issue 31); never a ``game_over`` clip or a prolog heard whole.

        :returns: True if it was playing and is being cut off, False otherwise.
        """
        with self._lock:
            player = self._players.get(utt.channel)
            if (player is None or player.current is not utt or player.playback is None
                    or utt.priority == "game_over" or (utt.pad_group is not None and utt.pad_group.whole)):
                return False
            player.dropping = True
            player.cut_by = None
            playback = player.playback
        playback.stop()
        self._kick()
        return True

    def mark(self) -> int:
        """The sequence number the next utterance will get: what :meth:`drop_before` keeps
        from (a new game's setup remembers it when it begins)."""
        with self._lock:
            return self._last_seq + 1

    def drop_before(self, seq: int) -> int:
        """A new game begins (issue 34): every utterance made before ``seq`` (a :meth:`mark`)
        that has not ended is dropped where it waits, on any output or at the whisper station
        (but for the seat called or served there now), or cut off where it plays, a
        ``game_over`` too, and is never played again; it is done and ``interrupted``.
        Utterances made since ``seq`` keep their place.

        :returns: how many were dropped or cut off.
        """
        stops: list[Playback] = []
        count = 0
        with self._lock:
            for player in list(self._players.values()):
                old = [u for _, _, u in player.heap if u.seq < seq]
                if old:
                    player.heap = [e for e in player.heap if e[2].seq >= seq]
                    heapq.heapify(player.heap)
                for utt in old:
                    utt.interrupted = True
                    self._unprepared.discard(utt)
                    self._played(utt, player.output)
                count += len(old)
                current = player.current
                if current is not None and current.seq < seq and player.playback is not None:
                    player.dropping = True
                    stops.append(player.playback)
                    count += 1
            busy = {self._called, self._serving} - {None}
            for seat in [s for s in self._mail if s not in busy]:
                mail = self._mail[seat]
                old = [u for u in mail if u.seq < seq]
                for utt in old:
                    mail.remove(utt)
                    utt.interrupted = True
                    self._unprepared.discard(utt)
                    utt.output = utt.channel
                    self._done(utt)
                if not mail:
                    del self._mail[seat]
                count += len(old)
            self._dirty = True
        for playback in stops:
            playback.stop()
        self._kick()
        return count

    def interrupt(self, channel: str) -> bool:
        """Cut off what ``channel`` is playing now (never a ``game_over``).

        On a seat's earphone the cut message is dropped; on the table speaker it is played
        again from its start (public announcements are never dropped).

        :returns: True if something was cut off.
        """
        self._check_channel(channel)
        out = channel
        with self._lock:
            if channel.startswith("seat:") and self.settings.whisper_station:
                if self._serving != _seat(channel):
                    return False  # not at the station: nothing of theirs is playing
                out = "whisper"
            player = self._players.get(out)
            if player is None or player.current is None or player.playback is None \
                    or player.current.priority == "game_over":
                return False
            player.cut_by = None
            playback = player.playback
        playback.stop()
        self._kick()
        return True

    def prerender(self, sentences: Callable[[], Iterable[tuple[str, str]]]) -> None:
        """Pre-render what the table can hear next, in the background at low priority; returns at once.

        Replaces any plan given before (a new setup, names or language). See
        :mod:`firmware_host.audio.prerender`: one low-priority thread, one background render
        at a time (live speech is rendered first), each sentence at its channel's current rate.

        :param sentences: ``() -> iterable of (channel, text)``, most needed first; called and
            iterated on the pre-render thread, so it may be a generator that formats lazily.
            Nothing happens with ``[audio] prerender = false``.
        """
        if self.settings.prerender:
            self.prerenderer.plan(sentences)

    def prerender_soon(self, items: Iterable[tuple[str, str]]) -> None:
        """Pre-render ``items`` (channel, text) before the rest of the plan (what the next
        move can need); returns at once."""
        if self.settings.prerender:
            self.prerenderer.soon(items)

    @property
    def prerenderer(self) -> "Prerenderer":
        """The :class:`~firmware_host.audio.prerender.Prerenderer` (its thread starts with the first plan)."""
        with self._lock:
            if self._prerenderer is None:
                from firmware_host.audio.prerender import Prerenderer

                self._prerenderer = Prerenderer(self, prune_mb=self.settings.cache_max_mb)
            return self._prerenderer

    def use_long_wording(self, key: str) -> bool:
        """Whether to say the long wording of ``key`` now (ACCESSIBILITY.md 5, ``verbosity``).

        ``long``: always; ``short``: never; ``auto``: the first time per key, short after.
        """
        if self.settings.verbosity != "auto":
            return self.settings.verbosity == "long"
        with self._lock:
            first = key not in self._long_heard
            self._long_heard.add(key)
            return first

    def set_language(self, language: str) -> None:
        """Speak ``"de"``, ``"en"`` or ``"fr"`` from now on (the setup's language), each with its espeak-ng voice
        (:data:`~firmware_host.audio.speech.VOICES`).

        :raises AudioError: any other language.
        """
        if language not in VOICES:
            raise AudioError(f"unknown language {language!r}; use {', '.join(VOICES)}")
        self.settings.language = language

    def set_seat_voice(self, seat: int, *, rate: int | None = None, volume: float | None = None) -> None:
        """Change one seat's earphone speech rate (words per minute, 80–450) or volume (0–1).

        :raises AudioError: a value out of range.
        """
        if rate is not None and not 80 <= rate <= 450:
            raise AudioError(f"speech rate {rate} is outside 80–450 words per minute")
        if volume is not None and not 0 <= volume <= 1:
            raise AudioError(f"volume {volume} is outside 0–1")
        s = self.settings
        rate_changed = rate is not None and rate != s.rate(f"seat:{seat}")
        for attr, value, default in (("seat_rates", rate, s.seat_rate), ("seat_volumes", volume, s.seat_volume)):
            if value is None:
                continue
            values = list(getattr(s, attr))
            values += [default] * (seat + 1 - len(values))
            values[seat] = value
            setattr(s, attr, values)
        if rate_changed and self._prerenderer is not None:
            self._prerenderer.refresh(f"seat:{seat}")   # only what this seat hears, at its new rate

    # -- whisper station ------------------------------------------------------------------

    def confirm_whisper(self, seat: int) -> bool:
        """Seat ``seat`` is at the whisper station and pressed its button: play its messages.

        :returns: True if the seat was the one called (its visit starts), else False (ignored).
        """
        with self._lock:
            if not self.settings.whisper_station or self._called != seat:
                return False
            call = self._call
            if call is None or not (call.plays or call.done()):
                return False        # the table has not begun to call it: the press was meant otherwise
            self._called = None
            self._serving = seat
            self._drop_stale()
            mail = self._mail.pop(seat, [])
            padded = [u for u in mail if _visit_of_its_own(u)]
            visit = padded[:1] if padded else mail
            rest = [u for u in mail if u not in visit]
            if rest:
                self._mail[seat] = rest
            self._visit_left = len(visit)
            # a padded visit (a prolog, a hand) lasts the same for every seat: nothing joins it (R17)
            self._visit_padded = bool(padded)
            player = self._player("whisper")
            for utt in visit:
                utt.whisper_seat = seat
                self._put(player, utt)
            if not visit:
                self._visit_done()
        self._kick()
        return True

    def whisper_waiting(self) -> dict[int, int]:
        """Seat -> number of private messages waiting for its next whisper-station visit."""
        with self._lock:
            return {s: len(m) for s, m in self._mail.items() if m}

    @property
    def whisper_called(self) -> int | None:
        """The seat asked to come to the whisper station now, or None."""
        return self._called

    @property
    def whisper_serving(self) -> int | None:
        """The seat at the whisper station now whose act is answered there (its visit under
        way, or kept open for what follows for it, :data:`WHISPER_LINGER_S`), or None. A visit
        of a padded clip alone (the prolog's, every seat's alike, R17) takes no answer: a seat
        acting during it is answered as one away from the station."""
        with self._lock:
            return None if self._visit_padded and self._visit_left else self._serving

    # -- life cycle -----------------------------------------------------------------------

    def idle(self, channels: Iterable[str] | None = None) -> bool:
        """True when nothing is queued or playing on any output and no whisper mail waits.

        :param channels: only these outputs count (``public``, ``seat:N``); the whisper station
            and a clip not yet handed to its output always do. None: every output."""
        with self._lock:
            wanted = None if channels is None else set(channels)
            players = [p for c, p in self._players.items() if wanted is None or c in wanted or c == "whisper"]
            busy = bool(self._mail) or self._called is not None or self._serving is not None
            return not busy and not self._unprepared and all(p.idle() for p in players)

    def busy(self) -> bool:
        """True while work goes on outside the clock: a sentence being rendered (or a clip being
        built, until it is handed to its output) that something queued waits for. ``simulate``
        lets its virtual clock move only when this is False, so a run is the same however fast
        the machine renders. A render whose completion is itself scheduled on the clock
        (``job.waiting_on_clock()``, a slow renderer in tests) does not count."""
        with self._lock:
            if self._building:
                return True
            for utt in self._unprepared:
                job = utt.job
                waiting = getattr(job, "waiting_on_clock", None)
                if job is None or not (callable(waiting) and waiting()):
                    return True
            return False

    def close(self) -> None:
        """Stop every output (cutting off what plays), the renderer and the sink; safe to call twice."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            players = list(self._players.values())
            playing = []
            for p in players:
                p.closed = True
                if p.playback is not None:
                    playing.append(p.playback)
                for _, _, u in p.heap:
                    self._done(u)
                p.heap.clear()
            for mail in self._mail.values():
                for u in mail:
                    self._done(u)
            self._mail.clear()
        if self._prerenderer is not None:
            self._prerenderer.close()
        deadline = time.monotonic() + 2.0   # one bound for all outputs together, not 2 s each
        for pb in playing:
            if time.monotonic() < deadline:
                pb.stop()
        self._flush()
        self.renderer.close()
        self.sink.close()

    # -- internals ------------------------------------------------------------------------

    def _now(self) -> float:
        return self.clock.now() if self.clock is not None else time.monotonic()

    def _check_channel(self, channel: str) -> None:
        if channel == "public":
            return
        seat = None
        if channel.startswith("seat:") and channel[5:].isdigit():
            seat = int(channel[5:])
        if seat is None or (self.seats is not None and seat >= self.seats):
            raise AudioError(f"unknown channel {channel!r}; use public or seat:0..seat:{(self.seats or 10) - 1}")

    def _make(self, channel: str, text: str, key: str, priority: str, earcon: str | None) -> Utterance:
        self._check_channel(channel)
        priority = _priority(priority)
        if channel == "public" and priority == "request":
            priority = "normal"
        if earcon is not None and earcon not in known_earcons():
            raise AudioError(f"unknown earcon {earcon!r}; known: {', '.join(known_earcons())}")
        text = normalise(text or "")
        job = None
        if text:
            job = self.renderer.render(text, self.settings.language, self.settings.voice, self.settings.rate(channel))
        elif earcon is None:
            raise SpeechError(f"nothing to say for {key!r}: no text and no earcon")
        seq = next(self._seq)
        self._last_seq = seq
        utt = Utterance(channel, key, text, priority, earcon, seq, job)
        if earcon is not None and self.settings.earcon_volume > 0:
            try:
                utt._earcon_seconds = _earcon_clip(earcon, self.settings.earcon_volume, self.sounds_dir,
                                                   self._clip_rate()).duration
            except EarconError:
                pass  # logged when it is played; it adds nothing then
        return utt

    def _dispatch(self, utt: Utterance, kick: bool = True, player: _Player | None = None) -> None:
        with self._lock:
            if self._closed:
                raise AudioError("the audio service is closed")
            self._unprepared.add(utt)
            seat = _seat(utt.channel)
            if player is not None:
                self._put(player, utt)
            elif seat is not None and self.settings.whisper_station:
                if (self._serving == seat and (self._visit_left or self._linger is not None)
                        and not self._visit_padded and _joins_visit(utt)):
                    self._stop_linger()
                    self._visit_left += 1
                    utt.whisper_seat = seat
                    self._put(self._player("whisper"), utt)
                else:
                    self._mail.setdefault(seat, []).append(utt)
                    self._whisper_pump()
            else:
                self._put(self._player(utt.channel), utt)
        if utt.job is None or utt.job.done():
            self._prepare(utt, kick=False)
        else:
            utt.job.add_done_callback(lambda _job, u=utt: self._prepare(u))
        if kick:
            self._kick()

    def _prepare(self, utt: Utterance, kick: bool = True) -> None:
        """Make the clip of ``utt`` once its sentence is rendered (on the renderer's thread,
        or at once when it was in the cache): its parts and length, from the sentence's
        header; then it may start. Its samples are decoded only while it plays."""
        with self._lock:
            if utt not in self._unprepared:
                return
            self._building += 1
        try:
            clip = self._unpadded(utt) if utt.pad_group is not None else self._build(utt)
        except Exception as exc:  # noqa: BLE001 - one bad clip must never silence an output
            if self._closed:
                # the service closed (cutting off what was queued) before this sentence was
                # rendered: the renderer's "closed" is no fault, nothing was left to play
                log.debug("audio: %s not rendered before closing: %s", utt.key, exc)
            elif isinstance(exc, FirmwareHostError):
                log.error("audio: cannot play %s %r on %s: %s", utt.key, utt.text, utt.channel, exc)
            else:
                log.exception("audio: cannot play %s %r on %s", utt.key, utt.text, utt.channel)
            utt.error = exc
            clip = None
        with self._lock:
            utt.clip = clip
            self._unprepared.discard(utt)
            self._dirty = True
        try:
            if kick:
                self._kick()
        finally:
            # busy until the clip is handed to its output: a virtual clock that moved between
            # the render's end and the clip's start would start it later under load (issue 30)
            with self._lock:
                self._building -= 1

    def _player(self, output: str) -> _Player:
        with self._lock:
            player = self._players.get(output)
            if player is None:
                if self._closed:
                    raise AudioError("the audio service is closed")
                player = self._players[output] = _Player(self, output)
            return player

    def _put(self, player: _Player, utt: Utterance) -> None:
        """Queue ``utt`` on ``player`` (lock held): a later own request replaces an earlier one,
        a newer superseding utterance drops an older one not yet started, and an urgent one
        cuts off what plays (it is played again or dropped when its end is seen)."""
        dropped: list[Utterance] = []
        if utt.priority == "request":
            dropped = [u for _, _, u in player.heap if player.replaces(u, utt)]
        if utt.own_answer:
            # the seat acts after a repeat it asked for (a stray press) that has not started
            # yet (its words still being rendered): the act's answer, not the repeat, comes
            # next (issue 31: a tile laid after a slip waited 3 s behind the slip's repeat)
            dropped += [u for _, _, u in player.heap if u.priority == "request" and u.channel == utt.channel
                        and u.meta.get("repeats") is not None and not u.own_answer and not u.plays
                        and not self._waiting_for(u) and u not in dropped]
        if utt.supersede is not None:
            stale = [u for _, _, u in player.heap if u.supersede == utt.supersede and u.channel == utt.channel]
            for u in stale:
                u.superseded = True
            dropped += stale
        if dropped:
            player.heap = [e for e in player.heap if e[2] not in dropped]
            heapq.heapify(player.heap)
        heapq.heappush(player.heap, (-utt.rank, utt.seq, utt))
        if (player.current is not None and player.playback is not None and player.cuts(player.current, utt)
                and not (utt.spares_padded and (player.current.pad_group is not None
                                                or player.current.pad_seconds is not None))
                and not any(not u.done() for u in utt.after)):
            player.cut_by = utt
            self._notes.append(("stop", player.current, player.playback))  # type: ignore[arg-type]
        for old in dropped:
            if old.priority == "request":
                old.interrupted = True
            self._unprepared.discard(old)
            self._played(old, player.output)
        self._dirty = True

    def _kick(self) -> None:
        """Start every clip that can start now, on every output, until nothing changes; then
        tell the listeners (outside the lock)."""
        with self._lock:
            if self._kicking:
                self._dirty = True
                return
            self._kicking = True
            try:
                for _ in range(100000):
                    self._dirty = False
                    for player in list(self._players.values()):
                        self._pump(player)
                    if not self._dirty:
                        break
            finally:
                self._kicking = False
        self._flush()

    def _flush(self) -> None:
        """Run the notes gathered under the lock, in order: stop playbacks, tell listeners."""
        with self._flush_lock:
            while True:
                with self._lock:
                    if not self._notes:
                        return
                    kind, utt, rec = self._notes.pop(0)
                if kind == "stop":
                    rec.stop()      # a Playback: its on_done comes back into _ended
                    self._kick()
                    continue
                if kind == "done":
                    utt._tell_done()
                    continue
                if kind == "call":
                    seat, causes = rec  # type: ignore[misc]
                    try:
                        text = self.whisper_call(seat)
                        heard = self.on_whisper_call(seat, text) if self.on_whisper_call is not None else None
                        call = self.say("public", text, key="whisper_call", after=causes, history=False,
                                        listener=heard)
                        with self._lock:
                            if self._called == seat:
                                self._call = call
                    except FirmwareHostError as exc:
                        log.error("audio: whisper call: %s", exc)
                    continue
                for fn in list(utt._listeners):
                    try:
                        fn(kind, utt, rec)
                    except Exception:  # noqa: BLE001 - a listener never stops the audio
                        log.exception("audio: a listener of %s failed", utt.key)

    def _pick(self, player: _Player) -> Utterance | None:
        """The utterance ``player`` starts next (lock held), or None: in priority and queue
        order, the first whose clip is built and whose ``after`` have all ended. While the
        first one waits for ``after`` utterances queued on this same output, what was queued
        up to the last of them plays first, in its order (nothing jumps the queue); one not
        yet rendered keeps the order and holds the rest back."""
        limit: int | None = None
        for _, _, utt in sorted(player.heap):
            if limit is not None and utt.seq > limit:
                continue
            if utt.error is not None:
                return utt
            if utt in self._unprepared:
                return None
            waiting = self._waiting_for(utt)
            if waiting:
                here = [u.seq for u in waiting if any(e[2] is u for e in player.heap)]
                if not here:
                    # it waits for other outputs: the order here is kept, except for the call
                    # to the whisper station that what it waits for needs (a seat's mail plays
                    # only once the seat is called: the table's "every seat knows its role"
                    # waits for visits that the calls queued after it bring about), and for the
                    # answer to the seat's own act, which waits for nothing (issue 31: a seat's
                    # message that waits for the table never holds back the answer to its press)
                    return self._call_for(player, waiting) or self._own_answer(player, utt)
                limit = max(here) if limit is None else min(limit, max(here))
                continue
            if utt.pad_group is not None and player.output != "whisper":
                for m in utt.pad_group.members:
                    if m is utt or m.done() or m.plays:
                        continue
                    other = self._players.get(m.channel)
                    if (m in self._unprepared or other is None or other.current is not None
                            or not any(e[2] is m for e in other.heap)
                            or any(not x.done() for x in m.after)):
                        return None
            return utt
        return None

    def _own_answer(self, player: _Player, held: Utterance) -> Utterance | None:
        """The answer to a seat's own act queued on ``player`` after ``held`` (which waits for
        another output) that may start now: built, waiting for nothing (lock held); or None."""
        for _, _, utt in sorted(player.heap):
            if (utt.own_answer and utt.seq > held.seq and utt not in self._unprepared and utt.error is None
                    and not self._waiting_for(utt)):
                return utt
        return None

    def _call_for(self, player: _Player, waiting: list[Utterance]) -> Utterance | None:
        """The whisper-station call queued on ``player`` that may start now while what is
        before it waits for a seat's whisper mail (lock held), or None."""
        mail = {id(u) for m in self._mail.values() for u in m}
        if not any(id(u) in mail for u in waiting):
            return None
        for _, _, utt in sorted(player.heap):
            if (utt.key == "whisper_call" and utt not in self._unprepared and utt.error is None
                    and not self._waiting_for(utt)):
                return utt
        return None

    @staticmethod
    def _waiting_for(utt: Utterance) -> list[Utterance]:
        """The utterances ``utt`` still waits for, its ``after`` and theirs."""
        found: list[Utterance] = []
        todo = [u for u in utt.after if not u.done()]
        while todo:
            u = todo.pop()
            if u not in found:
                found.append(u)
                todo.extend(x for x in u.after if not x.done())
        return found

    def _pump(self, player: _Player) -> None:
        """Start the next clip on ``player`` if it is free (lock held)."""
        while not player.closed and player.current is None and player.heap:
            utt = self._pick(player)
            if utt is None:
                return
            if utt.error is not None:
                self._remove(player, utt)
                self._played(utt, player.output)
                continue
            group = [utt]
            if utt.pad_group is not None and player.output != "whisper":
                group = [m for m in utt.pad_group.members if not m.done() and not m.plays
                         and m not in self._unprepared and m.clip is not None]
                if utt not in group:
                    # a member cut off and played again (its seat's own act cut it, ACCESSIBILITY.md
                    # 4): it starts alone; left out, it never started and what waits for the group
                    # (the table's "every seat knows its role") waited for ever (issue 31)
                    group.insert(0, utt)
            if utt.pad_group is not None:
                seconds = utt.pad_group.seconds(lambda m: m.clip)  # type: ignore[arg-type, return-value]
                for m in group:
                    m.pad_seconds = seconds
            for m in group:
                target = player if m is utt else self._players[m.channel]
                self._start(target, m)
            return

    def _remove(self, player: _Player, utt: Utterance) -> None:
        player.heap = [e for e in player.heap if e[2] is not utt]
        heapq.heapify(player.heap)

    def _start(self, player: _Player, utt: Utterance) -> None:
        """Hand ``utt`` to the sink on ``player`` (lock held)."""
        self._remove(player, utt)
        clip = utt.clip
        assert clip is not None
        if utt.pad_group is not None and utt.pad_seconds is not None:
            clip = pad_to(clip, utt.pad_seconds)
        offset = 0.0
        if utt.resume_at > 0:                     # it plays on from where an answer cue cut it
            skip = min(round(utt.resume_at * clip.rate), clip.frames)
            offset = skip / clip.rate
            clip = LazyClip((Tail(clip, skip),), clip.rate)
            utt.resume_at = 0.0
        try:
            self._guard(utt, player.output)
            info = PlayInfo(player.output, utt.channel, utt.key, utt.text, utt.earcon, utt.priority, utt.seq)
            playback = self.sink.play(clip, info)
        except Exception as exc:  # noqa: BLE001 - a sink failure is logged, the output goes on
            level = logging.CRITICAL if isinstance(exc, PrivacyError) else logging.ERROR
            log.log(level, "audio: %s", exc)
            utt.error = exc
            if not isinstance(exc, PrivacyError):      # the output itself failed: a spoken fault
                self._output_state(player.output, exc)
            self._played(utt, player.output)
            return
        player.current, player.playback, player.cut_by = utt, playback, None
        length = clip.duration

        def started() -> None:
            with self._lock:
                now = self._now()
                record = PlayRecord(player.output, now, planned_end=now + length, offset=offset)
                player.record = record
                utt.plays.append(record)
                self._heard(utt, player.output)
                self._notes.append(("start", utt, record))
                self._dirty = True

        playback.on_start(started)
        playback.on_done(lambda: self._ended(player, utt, playback))

    def _ended(self, player: _Player, utt: Utterance, playback: Playback) -> None:
        """The sink says ``utt`` ended or was cut off on ``player``."""
        self.last_sound = time.monotonic()
        with self._lock:
            if player.current is not utt:
                return
            record = player.record
            player.current, player.playback, player.record = None, None, None
            cut_by, player.cut_by = player.cut_by, None
            if record is not None:
                record.end = self._now()
                record.cut = playback.stopped
                self._notes.append(("end", utt, record))
            self._dirty = True
            replay = False
            dropping, player.dropping = player.dropping, False
            if playback.stopped and dropping:
                utt.interrupted = True
            elif playback.stopped and not player.closed:
                # a seat's scan step (no history) is not played again: its scan says it again
                # itself if it still needs it, so a finished scan's step is not heard twice;
                # nor is a seat's request cut off by the answer to its next act (it can ask again)
                # a prolog cut by its seat's answer cue is never lost: said again whole (issue 31)
                whole = (utt.pad_group is not None and utt.pad_group.whole and cut_by is not None
                         and cut_by.key == ANSWER_CUE_KEY)
                # a clip cut by its seat's resuming answer cue plays on after it (never lost)
                resumed = (cut_by is not None and cut_by.key == ANSWER_CUE_KEY and cut_by.resumes
                           and utt.priority != "request")
                replay = player.output == "public" or whole or resumed or (cut_by is not None and cut_by.priority != "request"
                                                                and utt.history and utt.priority != "request"
                                                                and not cut_by.drops_cut)
                if replay:
                    if cut_by is not None and cut_by.resumes and record is not None and record.end is not None:
                        # it plays on after the cue from where it was cut (ACCESSIBILITY.md 26)
                        utt.resume_at = record.offset + max(0.0, record.end - record.start)
                    heapq.heappush(player.heap, (-utt.rank, utt.seq, utt))  # play again from the start
                else:
                    utt.interrupted = True
            if not replay:
                utt.sink_path = playback.path
                self._played(utt, player.output)
            error = getattr(playback, "error", None)   # AlsaSink: aplay could not play it
            if error is not None:
                log.error("audio: %s", error)
                utt.error = error
        # a failed output is told once (a spoken fault where another output works), a clip
        # that played to its end clears it; on_output_fault only posts to the service thread
        if error is not None or not playback.stopped:
            self._output_state(player.output, error)
        self._kick()

    def _whisper_pump(self) -> None:
        """Call the next seat with mail to the whisper station (lock held; the call itself is
        said from :meth:`_flush`, outside the lock, since its text may ask the board service)."""
        with self._lock:
            if self._called is not None or self._serving is not None or self._closed:
                return
            self._drop_stale()
            if not self._mail:
                return
            n = max(self.seats or 0, max(self._mail) + 1)
            order = [(self._next_seat + i) % n for i in range(n)]
            seat = next(s for s in order if self._mail.get(s))
            self._called = seat
            self._call = None
            assert self.whisper_call is not None
            # the call waits for what the messages of the visit it calls to wait for (their
            # ``after``): a padded visit holds only its padded clip (see confirm_whisper), so
            # what the messages after it wait for does not hold the call back
            mail = self._mail[seat]
            padded = [u for u in mail if _visit_of_its_own(u)]
            causes = tuple(x for u in (padded[:1] if padded else mail) for x in u.after)
            self._notes.append(("call", None, (seat, causes)))  # type: ignore[arg-type]

    def _drop_stale(self) -> None:
        """Drop the whisper mail whose ``stale()`` says it has nothing left to tell (lock
        held): it is done without being said, and a seat left with no mail is not called."""
        for seat in list(self._mail):
            kept = []
            for utt in self._mail[seat]:
                try:
                    gone = utt.stale is not None and bool(utt.stale())
                except Exception:  # noqa: BLE001 - a broken test of staleness keeps the message
                    log.exception("audio: stale() of %s failed", utt.key)
                    gone = False
                if gone:
                    log.info("audio: %s for seat %d dropped at the whisper station: stale", utt.key, seat)
                    utt.interrupted = True
                    self._unprepared.discard(utt)
                    self._played(utt, "whisper")
                else:
                    kept.append(utt)
            if kept:
                self._mail[seat] = kept
            else:
                del self._mail[seat]

    def _visit_done(self, linger: bool = False) -> None:
        """The visit's messages have played. ``linger``: its last one was an open message (a
        scan's step, an answer to the seat): the seat stays at the station for
        :data:`WHISPER_LINGER_S`, and what follows for it then (the scan's next item, the
        answer to its press) joins the visit without a new call (issue 22). A padded message
        (a prolog, a hand) that began its visit ends it at once, so every such visit lasts the same (R17)."""
        with self._lock:
            if linger and self._serving is not None and not self._closed and self.clock is not None \
                    and callable(getattr(self.clock, "call_later", None)):
                self._visit_left = 0
                self._linger = self.clock.call_later(WHISPER_LINGER_S, self._linger_ended)
                return
            self._stop_linger()
            if self._serving is not None:
                self._next_seat = self._serving + 1
            self._serving = None
            self._visit_left = 0
            self._whisper_pump()

    def _stop_linger(self) -> None:
        """Cancel the timer of a visit kept open (lock held)."""
        if self._linger is not None:
            self._linger.cancel()
            self._linger = None

    def _linger_ended(self) -> None:
        """Nothing more came for the seat at the station: its visit ends, the next is called."""
        with self._lock:
            if self._linger is None:
                return
            self._linger = None
            self._visit_done()
        self._kick()

    def _guard(self, utt: Utterance, output: str) -> None:
        """Raise :class:`PrivacyError` unless ``output`` may play ``utt`` (R16)."""
        seat = _seat(utt.channel)
        if seat is None:
            if output != "public":
                raise PrivacyError(f"public message {utt.key!r} routed to {output}")
            return
        if output == utt.channel:
            return
        if output == "whisper" and utt.whisper_seat == seat and self._serving == seat:
            return
        raise PrivacyError(f"private message {utt.key!r} for {utt.channel} refused on output {output}")

    def _build(self, utt: Utterance) -> LazyClip:
        """The clip of ``utt``: earcon, gap, speech (at the channel's volume), padding."""
        clip = self._unpadded(utt)
        if utt.pad_seconds is not None:
            clip = pad_to(clip, utt.pad_seconds)
        return clip

    def _clip_rate(self) -> int:
        """The rate (Hz) of every clip played: the speech cache's (earcons are brought to it)."""
        return int(getattr(self.renderer, "sample_rate", RATE))

    def _unpadded(self, utt: Utterance) -> LazyClip:
        """The parts of ``utt``'s clip, unpadded: earcon, gap, sentence. Reads the sentence's
        header only (its length); nothing is decoded until the clip plays."""
        speech = None
        rate = self._clip_rate()
        if utt.job is not None:
            path = utt.job.wait(self.settings.render_timeout * 4 + 5)
            speech = SpeechPart(path, self.settings.volume(utt.channel))
            rate = speech.rate
        parts: list = []
        ev = self.settings.earcon_volume
        if utt.earcon is not None and ev > 0:
            try:
                parts.append(_earcon_clip(utt.earcon, ev, self.sounds_dir, rate))
            except EarconError as exc:
                log.error("audio: %s", exc)
            else:
                if speech is not None:
                    parts.append(Silence(round(EARCON_GAP * rate)))
        if speech is not None:
            parts.append(speech)
        return LazyClip(parts, rate)

    def _output_state(self, output: str, error: BaseException | None) -> None:
        """A clip on ``output`` played (``error`` None) or failed: tell ``on_output_fault`` once
        per failure, until the output plays again (then ``on_output_back``)."""
        with self._lock:
            if error is None:
                back = self.failed_outputs.pop(output, None) is not None
            else:
                first = output not in self.failed_outputs
                self.failed_outputs[output] = str(error)
        if error is None:
            if back and self.on_output_back is not None:
                try:
                    self.on_output_back(output)
                except Exception:  # noqa: BLE001 - a listener never stops an output
                    log.exception("audio: on_output_back failed")
            return
        if first and self.on_output_fault is not None:
            try:
                self.on_output_fault(output, str(error))
            except Exception:  # noqa: BLE001 - a listener never stops an output
                log.exception("audio: on_output_fault failed")

    def _heard(self, utt: Utterance, output: str) -> None:
        """``utt`` started playing (lock held): it joins the history of the seats that hear it
        (ACCESSIBILITY.md 25: public ones for every seat, private ones for their seat), and
        a seat that hears something new repeats from its newest message again."""
        if not utt.text or not utt.history or utt.plays[:-1]:
            return
        utt.meta["heard"] = next(self._heard_seq)
        seat = _seat(utt.channel)
        heard = self._public_history if seat is None else self._history.setdefault(seat, [])
        heard.append(utt)
        if len(heard) > HISTORY:
            del heard[:len(heard) - HISTORY]
        if seat is None:
            self._repeat_back.clear()
        else:
            self._repeat_back.pop(seat, None)

    def _seat_history(self, seat: int) -> list[Utterance]:
        merged = self._public_history + self._history.get(seat, [])
        merged.sort(key=lambda u: u.meta["heard"])
        return merged[-HISTORY:]

    def _done(self, utt: Utterance) -> None:
        """``utt`` is done (lock held): :meth:`Utterance.done` from now on, and its
        :meth:`Utterance.on_done` functions run by :meth:`_flush`, after its last ``"end"``."""
        utt._finish()
        self._notes.append(("done", utt, None))  # type: ignore[arg-type]

    def _played(self, utt: Utterance, output: str) -> None:
        """``utt`` is done (lock held): played, dropped, superseded or failed."""
        utt.output = output
        self._done(utt)
        self._dirty = True
        if output == "whisper" and utt.whisper_seat is not None and not utt.superseded:
            self._visit_left -= 1
            if self._visit_left <= 0:
                # a padded clip closes what it answers (a hand, a token drawn): nothing follows
                # for the seat, the next seat is called at once; an open message lingers
                self._visit_done(linger=not _visit_of_its_own(utt))
