"""Table speech: what a game's table says, where and when (ACCESSIBILITY.md 2-5, 20-25).

Every clip is written as its ``announce`` line once it has played (``output``, ``start``,
``end``: SIMULATE.md "Time and speech", :meth:`BoardService.announce_listener`) where the
voice reports playback (``voice.timed()``); otherwise the line is written at once. The long
wording is used the first time a listener hears a key (the table, or a seat), the short one
after, or as the seat's ``verbosity`` says (5). A private message in an earphone is preceded
by the private cue (the ``private`` earcon) and padded to its stand-ins' length
(:mod:`.padding`). A private message that follows from public ones waits for them (22). A
seat's repeat is by what it heard (25); a new game forgets every seat's private history (30).

Two options a game declares (its adapter's ``SUPERSEDED`` and ``REFUSALS_WAIT``): a key whose
newer clip replaces an older one of the same scope not yet started (24: a count of a vote; the
game opens a new scope with :meth:`TableSpeech.new_scope`, a long wording replaced unheard
passes to the newer clip), and refusals that wait by themselves until the table has heard what
they refer to (22: a public one after every public clip still to play, a private one after the
last move's public clips and those of the input being handled; a seat's own act confirmed,
``own_act``, at once, 26).

One return type: every ``say`` gives a :class:`Said`.

Example::

    speech = TableSpeech(service, words, seats, context=lambda: ("en", {}), pad=pad)
    said = speech.say("public", "gm.paused", {})            # Said(text, seconds, utterance, lines)
    speech.say_all(lines)                                     # private ones after the public ones
    speech.say_padded(lines)                                  # one private clip per seat, equal length
    speech.request([line, line])                              # a seat's status: cuts its earphone
    speech.repeat(seat)                                       # the seat's last message again
    speech.when_played([said.utterance], then)                # then() once it has been heard
"""

from __future__ import annotations

import collections
import dataclasses
import logging
from typing import Any, Callable, Mapping, Sequence

from firmware_host.errors import FirmwareHostError
from firmware_host.table.scanning import spoken_seconds

from .seats import SeatStore
from .words import Line, Words

log = logging.getLogger("firmware_host.service")

__all__ = ["Said", "TableSpeech", "PRIVATE_CUE", "public_utterances"]

#: the earcon before every private sentence in a seat's earphone (never on the table speaker)
PRIVATE_CUE = "private"


@dataclasses.dataclass(frozen=True)
class Said:
    """What one ``say`` did.

    :param text: the words said ("" when nothing was said).
    :param seconds: how long it lasts where that is known without playback (a silent or
        recording voice asked to time it), else None.
    :param utterance: the audio layer's Utterance where the voice reports playback, else None.
    :param lines: the ``announce`` lines of the clip (empty when nothing was said).
    """

    text: str = ""
    seconds: float | None = None
    utterance: Any = None
    lines: tuple = ()

    @property
    def said(self) -> bool:
        """True when something was said (the key could be worded)."""
        return bool(self.lines)


NOTHING = Said()


def public_utterances(said: Sequence[Said]) -> list:
    """The Utterances of the table speaker's clips among ``said`` (a :meth:`TableSpeech.say_all`'s
    answer): what a status or a game's next line waits for (empty without playback)."""
    return [x.utterance for x in said if x.utterance is not None and x.lines[0]["channel"] == "public"]


class TableSpeech:
    """A game table's voice (see the module docstring). Every call on the service thread.

    :param service: the :class:`~firmware_host.service.core.BoardService`.
    :param words: the game's :class:`~.words.Words`.
    :param seats: the table's :class:`~.seats.SeatStore` (verbosity, rate).
    :param context: ``context() -> (language, names)``: the game's language now and
        ``{seat: player name}``.
    :param pad: optional ``pad(channel, lines, longs, earcon) -> seconds | None``: the length
        a private clip is padded to (:class:`~.padding.ClipPadding` with the game's stand-ins).
    :param queued: optional ``queued(key, params)``, called for every line a clip is given
        (before it plays): the table plans what can follow it (:mod:`.speech_plan`).
    :param superseded: keys whose public clip a newer one of the same key and scope replaces
        while it has not started (ACCESSIBILITY.md 24; :meth:`new_scope`).
    :param refusals_wait: True: a refusal waits by itself for what it refers to (22; see the
        module docstring).
    """

    def __init__(self, service: Any, words: Words, seats: SeatStore,
                 context: Callable[[], tuple[str, Mapping[int, str]]],
                 pad: Callable[[str, Sequence[Line], dict, str | None], float | None] | None = None,
                 *, superseded: frozenset[str] = frozenset(), refusals_wait: bool = False,
                 queued: Callable[[str, Mapping[str, Any]], None] | None = None) -> None:
        self.service = service
        self.queued_hook = queued
        self.words = words
        self.seats = seats
        self.context = context
        self.pad = pad
        self.superseded = frozenset(superseded)
        self.refusals_wait = refusals_wait
        self.scope = 0                        # scopes superseding clips (:meth:`new_scope`)
        self._long_pending: dict[str, Any] = {}    # superseded key -> its long clip, maybe unheard
        self._public_said: list = []          # public clips not yet played to their end
        self._step_public: list[tuple[int, Any]] = []   # (service step, public clip) of that input
        self.heard_long: set[tuple[str, str]] = set()
        self.heard: dict[str, tuple[int, list[dict]]] = {}
        self._seq = 0
        #: channel -> how many messages the board has said there (a seat's own requests not
        #: counted): :meth:`news`
        self.told: collections.Counter = collections.Counter()
        #: channel -> how many clips were given to it, requests and repeats-free history too
        #: (:meth:`queued`: did a seat's act get anything in its own earphone)
        self.clips: collections.Counter = collections.Counter()
        #: channel -> the Utterance of the last clip given it (what a seat's status asked for
        #: before its own act follows, :meth:`last_clip`)
        self._last_clip: dict[str, Any] = {}
        #: the last 50 public lines played ({channel, key, params, text, language}: the console's list)
        self.announced: collections.deque = collections.deque(maxlen=50)
        #: how many public lines the board has said (queued) so far, and the last of them as
        #: (key, params): what the table was told since a moment (:meth:`public_since`)
        self.public_count = 0
        self._public_lines: collections.deque = collections.deque(maxlen=200)
        self.last_public: list = []           # what a refusal refers to (ACCESSIBILITY.md 22)
        #: seats the table called since their last repeat (a reminder heard): their next
        #: repeat starts again from their newest message (:meth:`called`)
        self.called_seats: set[int] = set()

    # -- state ---------------------------------------------------------------------------------
    def timed(self) -> bool:
        """True where the voice reports playback (lines written when played)."""
        voice = self.service.voice
        timed = getattr(voice, "timed", None)
        return bool(voice is not None and callable(timed) and timed()
                    and hasattr(self.service, "announce_listener"))

    def new_scope(self) -> None:
        """A new scope of superseding clips begins (a new vote): a clip of a superseded key
        said from now on never replaces one said before (ACCESSIBILITY.md 24)."""
        self.scope += 1

    def _supersede_tag(self, channel: str, key: str) -> str | None:
        return f"{key}:{self.scope}" if channel == "public" and key in self.superseded else None

    def refers_to(self) -> list:
        """What a refusal refers to (ACCESSIBILITY.md 22): the public clips of the last move
        (:attr:`last_public`) and those said for the input being handled, while they play."""
        self.last_public = [u for u in self.last_public if not u.done()]
        now = [u for step, u in self._step_public if step == getattr(self.service, "step", 0) and not u.done()]
        return self.last_public + [u for u in now if u not in self.last_public]

    def new_game(self) -> None:
        """A new game begins (ACCESSIBILITY.md 30, R16): no seat's private message of the
        earlier game is reachable by a repeat, and every key is heard long once again."""
        for channel in [c for c in self.heard if c != "public"]:
            del self.heard[channel]
        self.called_seats.clear()
        self.heard_long = {(c, k) for c, k in self.heard_long if c == "public"}
        self.last_public = []
        voice = self.service.voice
        if voice is not None and callable(getattr(voice, "forget_private", None)):
            voice.forget_private()

    def long_wording(self, channel: str, key: str, *, mark: bool = True) -> bool:
        """ACCESSIBILITY.md 5: long the first time the table or the seat hears ``key`` (or as
        the seat's ``verbosity`` says). ``mark=False`` only asks."""
        voice = self.service.voice
        if channel == "public":
            pending = self._long_pending.get(key)
            if (pending is not None and pending.supersede == self._supersede_tag(channel, key)
                    and not pending.plays and not pending.done()):
                return True      # the long one is replaced before it was heard: this one is it
            return bool(voice.use_long_wording(key)) if voice is not None else False
        verbosity = self.seats.get(int(channel[5:])).verbosity or "auto"
        if verbosity != "auto":
            return verbosity == "long"
        first = (channel, key) not in self.heard_long
        if mark:
            self.heard_long.add((channel, key))
        return first

    def text(self, key: str, params: Mapping[str, Any], *, long: bool = False) -> str:
        """The words of ``key`` in the game's language (the key itself when it cannot be
        worded: logged)."""
        language, names = self.context()
        try:
            return self.words.text(key, params, language, long=long, names=names)
        except (FirmwareHostError, ValueError, KeyError) as exc:
            log.error("announcement %s: %s", key, exc)
            return key

    # -- saying --------------------------------------------------------------------------------
    def line(self, channel: str, key: str, params: Mapping[str, Any] | None = None, *,
             priority: str | None = None, earcon: str | None = None) -> Line | None:
        """A :class:`Line` of ``key`` (None, logged, when the words refuse it)."""
        try:
            return self.words.line(channel, key, params, priority=priority, earcon=earcon)
        except (FirmwareHostError, ValueError, KeyError) as exc:
            log.error("announcement %s refused: %s", key, exc)
            return None

    def say(self, channel: str, key: str, params: Mapping[str, Any] | None = None, *,
            priority: str | None = None, earcon: str | None = None, request: bool = False,
            history: bool = True, timed: bool = False, after: Any = (), on_start: Any = None,
            on_end: Any = None, pad_seconds: float | None = None, own_act: bool = False,
            keep: bool = False) -> Said:
        """Speak catalogue ``key`` on ``channel`` and write its ``announce`` line.

        :param priority: the audio priority (default the key's usual one; ``request`` with
            ``request=True``).
        :param request: a seat's own request (status, repeat): cuts off its earphone (4).
        :param history: False for scan steps (a repeat never gives them back).
        :param timed: without playback: also tell how long the speech lasts.
        :param after: Utterances that must have ended first (22).
        :param on_start: ``on_start(lines, utterance)`` when it starts playing.
        :param on_end: ``on_end(lines, utterance, record)`` when it has ended or was cut (at
            once, with ``None`` for both, where nothing reports playback).
        :param pad_seconds: the clip's length, seconds, fixed by the game (every clip of its
            kind in a step lasts as long, whatever it says); such a clip has no private cue.
        :param own_act: the seat's own act confirmed in its earphone (a tile read, a refusal of
            it): at once, never after the move's public clips (ACCESSIBILITY.md 26).
        :param keep: once it plays only the seat's own request cuts it off; the answer to its
            next act follows it (:meth:`play`).
        """
        made = self.line(channel, key, params, priority=priority or ("request" if request else None),
                         earcon=earcon)
        if made is None:
            return NOTHING
        return self.speak(made, history=history, timed=timed, after=after, on_start=on_start,
                          on_end=on_end, pad_seconds=pad_seconds, own_act=own_act, keep=keep)

    def speak(self, line: Line, *, history: bool = True, timed: bool = False, after: Any = (),
              on_start: Any = None, on_end: Any = None, pad_seconds: float | None = None,
              cue: bool = True, keep: bool = False, own_act: bool = False, answer: bool = False) -> Said:
        """Speak one :class:`Line` (see :meth:`say`; ``cue`` False: no private cue; ``keep``,
        ``answer``: see :meth:`play`)."""
        long = self.long_wording(line.channel, line.key)
        text = self.text(line.key, line.params, long=long)
        earcon = self._earcon(line, cue=cue and pad_seconds is None)
        out = {"event": "announce", "channel": line.channel, "key": line.key,
               "params": dict(line.params), "text": text}
        pad = pad_seconds
        if pad is None and history and self.pad:
            pad = self.pad(line.channel, [line], {line.key: long}, earcon)
        tag = self._supersede_tag(line.channel, line.key)
        utt = self.play([out], line.channel, text, line.key, line.priority, earcon, after=after,
                        history=history, on_start=on_start, on_end=on_end, pad_seconds=pad, keep=keep,
                        supersede=tag, own_act=own_act, answer=answer)
        if utt is not None and tag is not None and long:
            self._long_pending[line.key] = utt    # if a newer clip replaces it unheard, that one is long
        seconds = None
        voice = self.service.voice
        if utt is None and timed and voice is not None and not self.timed():
            seconds = voice.seconds(voice.last)
        return Said(text, seconds, utt, (out,))

    def _earcon(self, line: Line, *, cue: bool = True) -> str | None:
        if line.earcon is not None:
            return line.earcon
        if cue and line.channel != "public" and self.words.is_private(line.key):
            return PRIVATE_CUE
        return None

    def play(self, lines: list[dict], channel: str, text: str, key: str, priority: str,
             earcon: str | None = None, *, after: Any = (), history: bool = True,
             on_start: Any = None, on_end: Any = None, pad_seconds: float | None = None,
             supersede: str | None = None, keep: bool = False, own_act: bool = False,
             answer: bool = False) -> Any:
        """One clip saying ``lines`` (padded with silence to ``pad_seconds`` if given); its
        Utterance, or None where nothing reports playback (the lines are written at once).
        ``supersede``: a newer clip of the same tag replaces this one if it has not started
        yet (ACCESSIBILITY.md 24: a count superseded by a newer count of the same vote).
        ``keep``: once it plays, only the seat's own request cuts it off; a refusal or the
        answer to the seat's next act follows it (the table's "noted"). ``answer``: the
        answer to the seat's own act after its answer cue: a message of the seat's waiting
        for the table never holds it back (the audio layer's ``answer``).
        The game's end at the table waits for every public clip still to play, in every game
        (ACCESSIBILITY.md 22: the end is never heard before the moves that led to it, though
        its priority puts it before queued speech); with :attr:`refusals_wait` a refusal at the
        table does too, a private refusal (not ``own_act``) waits for :meth:`refers_to`."""
        if self.queued_hook is not None:
            for line in lines:
                self.queued_hook(line["key"], line.get("params") or {})
        if channel == "public" and history and priority != "request":
            for line in lines:
                self.public_count += 1
                self._public_lines.append((line["key"], dict(line.get("params") or {})))
        voice = self.service.voice
        pad = {"pad_seconds": pad_seconds} if pad_seconds is not None else {}
        if history and priority != "request":
            self.told[channel] += 1
        self.clips[channel] += 1
        if self.timed():
            if channel == "public" and (priority == "game_over" or self.refusals_wait and priority == "refusal"):
                self._public_said = [u for u in self._public_said if not u.done()]
                after = tuple(after) + tuple(self._public_said)
            elif self.refusals_wait and priority == "refusal" and not own_act:
                after = tuple(after) + tuple(self.refers_to())
            def started(played: list[dict], utt: Any) -> None:
                self._played(played)
                if on_start is not None:
                    on_start(played, utt)
            listener = self.service.announce_listener(lines, started, on_end)
            utt = voice.say(channel, text, key=key, priority=priority, earcon=earcon,
                            after=tuple(u for u in after if u is not None), history=history,
                            listener=listener, **pad, **({"supersede": supersede} if supersede else {}),
                            **({"keep": True} if keep else {}), **({"answer": True} if answer else {}))
            if utt is not None:
                utt.meta["lines"] = lines
                self._last_clip[channel] = utt
                if channel == "public":     # the game's end waits for them in every game (22)
                    self._public_said = [u for u in self._public_said if not u.done()] + [utt]
                if channel == "public" and self.refusals_wait:
                    now = getattr(self.service, "step", 0)
                    if priority != "refusal":
                        self._step_public = [(step, u) for step, u in self._step_public
                                             if step == now and not u.done()] + [(now, utt)]
                return utt
        elif voice is not None:
            wav = voice.say(channel, text, key=key, priority=priority, earcon=earcon, **pad)
            if isinstance(wav, str):
                lines = [{**line, "wav": wav} for line in lines]
        self._played(lines)
        if history:
            self._record(channel, lines)
        for line in lines:
            self.service.emit(line)
        if on_end is not None:
            on_end(lines, None, None)
        return None

    def public_since(self, count: int) -> list[tuple[str, dict]]:
        """The public lines said (queued) since :attr:`public_count` was ``count``, as (key,
        params), oldest first (at most the last 200)."""
        return list(self._public_lines)[max(0, len(self._public_lines) - (self.public_count - count)):]

    def _played(self, lines: list[dict]) -> None:
        language = self.context()[0]        # what the line was worded in (the console marks it)
        for line in lines:
            if line["channel"] == "public":
                self.announced.append({**{k: line[k] for k in ("channel", "key", "params", "text")},
                                       "language": language})

    def _record(self, channel: str, lines: list[dict]) -> None:
        self._seq += 1
        self.heard[channel] = (self._seq, [dict(line) for line in lines])

    def say_all(self, items: Sequence[Any], after: Any = ()) -> list[Said]:
        """Say ``items`` (Lines or a game's announcements) in order; a private one waits until
        the public ones said before it here have ended at the table (22)."""
        public: list = []
        out = []
        for item in items:
            line = self._line_of(item)
            if line is None:
                continue
            wait = tuple(after) + (tuple(public) if line.channel != "public" else ())
            said = self.speak(line, after=wait)
            out.append(said)
            if line.channel == "public" and said.utterance is not None:
                public.append(said.utterance)
        if public:
            self.last_public = public
        return out

    def _line_of(self, item: Any) -> Line | None:
        try:
            return self.words.of(item)
        except (FirmwareHostError, ValueError, KeyError) as exc:
            log.error("announcement %s refused: %s", getattr(item, "key", item), exc)
            return None

    def say_padded(self, items: Sequence[Any], after: Any = (), *, long: bool = True,
                   on_end: Callable[[int], None] | None = None,
                   minimum_seconds: float | None = None, key: str | None = None,
                   history: bool = True, whole: bool = False) -> list[Said]:
        """Private clips said to every seat at once and padded to one length (R17,
        ACCESSIBILITY.md 23: each earphone hears at the same moment for the same time); a
        seat's several items are one clip.

        :param long: the long wording (False: the short one).
        :param on_end: ``on_end(seat)`` once the seat's clip has ended (at once where nothing
            reports playback).
        :param minimum_seconds: the least length of every clip: the game's pad over all that
            any seat could have been told in this setup, so the table's next line comes at
            the same moment whatever was dealt (R16); None: the longest clip's.
        :param key: the clips' key for the audio layer (default: the first line's); a game
            whose first line names a seat's secret gives a neutral one (``prolog``).
        :param history: False for clips a seat's repeat does not give back (a reminder).
        :param whole: nothing cuts a clip once it plays, not even the seat's own answer (the
            prolog: every seat's clip ends at one moment, ACCESSIBILITY.md 23).
        """
        lines = [line for line in map(self._line_of, items) if line is not None]
        if not lines:
            return []
        voice = self.service.voice
        out: dict[int, list[dict]] = {}
        for a in lines:
            out.setdefault(int(a.channel[5:]), []).append(
                {"event": "announce", "channel": a.channel, "key": a.key, "params": dict(a.params),
                 "text": self.text(a.key, a.params, long=long)})
        texts = {seat: " ".join(o["text"] for o in said) for seat, said in sorted(out.items())}
        key = key or lines[0].key
        if self.timed():
            def ended(seat: int) -> Any:
                return (lambda played, u, record: on_end(seat)) if on_end is not None else None
            listeners = {seat: self.service.announce_listener(out[seat], lambda played, u: self._played(played),
                                                              ended(seat)) for seat in out}
            made = voice.say_padded(texts, key=key, after=tuple(u for u in after if u is not None),
                                    earcon=PRIVATE_CUE,
                                    **({"minimum_seconds": minimum_seconds} if minimum_seconds else {}),
                                    **({} if history else {"history": False}),
                                    **({"whole": True} if whole else {}),
                                    listener=lambda kind, utt, rec: listeners[int(utt.channel[5:])](kind, utt, rec))
            said = []
            for seat, utt in made.items():
                if utt is not None:
                    utt.meta["lines"] = out[seat]
                said.append(Said(texts[seat], None, utt, tuple(out[seat])))
            return said
        if voice is not None:
            voice.say_padded(texts, key=key, earcon=PRIVATE_CUE, **({} if history else {"history": False}))
        for seat in sorted(out):
            if history:
                self._record(f"seat:{seat}", out[seat])
            for line in out[seat]:
                self.service.emit(line)
            if on_end is not None:
                on_end(seat)
        return [Said(texts[seat], None, None, tuple(out[seat])) for seat in sorted(out)]

    def queued(self, channel: str) -> int:
        """How many clips the table has given ``channel`` so far (every kind): a seat's act was
        answered in its own earphone when this grew while the act was handled."""
        return self.clips[channel]

    def last_clip(self, channel: str) -> Any:
        """The Utterance of the last clip given ``channel`` (any kind), or None (none yet,
        or no playback reported): what must have ended before a clip that comes after it."""
        return self._last_clip.get(channel)

    def news(self, seat: int) -> int:
        """How many messages the board has said that ``seat`` hears (the table's and its own
        earphone's, its own requests not counted): a seat heard something new when this grew."""
        return self.told["public"] + self.told[f"seat:{seat}"]

    def request(self, items: Sequence[Any], *, history: bool = True, after: Any = (),
                texts: Sequence[str | None] | None = None) -> Said:
        """A seat's own request (its status) as one clip that cuts off its earphone, one
        ``announce`` line per message, padded when a line carries a secret. ``history``
        False: a repeat never gives it back (it steps back past it to the board's messages).

        :param after: Utterances that must have ended first (the story after the game-over
            speech, ACCESSIBILITY.md 30).
        :param texts: the words of each item where they are fixed already (a part of the
            story said again in the same words, issue 31), None for an item worded here;
            as many as ``items``."""
        fixed = list(texts) if texts is not None else [None] * len(items)
        pairs = [(line, text) for line, text in zip(map(self._line_of, items), fixed) if line is not None]
        lines = [line for line, _ in pairs]
        if not lines:
            return NOTHING
        channel = lines[0].channel
        longs = {a.key: self.long_wording(a.channel, a.key) for a, text in pairs if text is None}
        texts = [self.text(a.key, a.params, long=longs[a.key]) if text is None else text for a, text in pairs]
        longs = {a.key: longs.get(a.key, True) for a in lines}
        out = [{"event": "announce", "channel": a.channel, "key": a.key, "params": dict(a.params),
                "text": text} for a, text in zip(lines, texts)]
        earcon = PRIVATE_CUE if channel != "public" and any(self.words.is_private(a.key) for a in lines) else None
        pad = self.pad(channel, lines, longs, earcon) if self.pad else None
        text = " ".join(texts)
        utt = self.play(out, channel, text, lines[0].key, "request", earcon, pad_seconds=pad,
                        history=history, after=after)
        return Said(text, None, utt, tuple(out))

    # -- repeat (ACCESSIBILITY.md 2, 25) -----------------------------------------------------------
    def called(self, seats: Sequence[int]) -> None:
        """The table has called ``seats`` (a reminder of whom it waits for, heard: no message a
        repeat gives back): each one's next repeat starts again from its newest message, and
        only its further presses step back from there (issue 31). A chain of repeats ends by
        such events, never by a timer (a step back through a long menu takes its time)."""
        self.called_seats.update(int(s) for s in seats)

    def repeat(self, seat: int) -> Said:
        """The seat's last message again into its earphone, by what it has heard; further
        calls step back, until the seat hears something new or the table calls it
        (:meth:`called`): then it starts from its newest message again. Its ``announce``
        line(s) are written again on ``seat:N`` when the repeat plays; "nothing to repeat"
        when the seat heard nothing (of this game)."""
        channel = f"seat:{seat}"
        newest = seat in self.called_seats
        self.called_seats.discard(seat)
        voice = self.service.voice
        if self.timed():
            box: dict[str, Any] = {}

            def listener(kind: str, utt: Any, record: Any) -> None:
                if "lines" not in box:
                    original = utt.meta.get("repeats")
                    source = (original.meta.get("lines") if original is not None else None) or [
                        {"event": "announce", "channel": channel, "key": utt.key, "params": {},
                         "text": utt.text}]
                    box["lines"] = [{**{k: v for k, v in line.items() if k != "wav"}, "channel": channel}
                                    for line in source]
                    box["listener"] = self.service.announce_listener(box["lines"])
                box["listener"](kind, utt, record)

            utt = voice.repeat_last(seat, listener=listener, **({"newest": True} if newest else {}))
            if utt is None:
                return self.say(channel, "repeat.nothing", {}, request=True)
            return Said(getattr(utt, "text", ""), None, utt, tuple(box.get("lines", ())))
        options = [h for h in (self.heard.get("public"), self.heard.get(channel)) if h]
        if not options:
            return self.say(channel, "repeat.nothing", {}, request=True)
        _, lines = max(options, key=lambda h: h[0])
        text = " ".join(line["text"] for line in lines)
        if voice is not None and not voice.repeat_last(seat):
            voice.say(channel, text, key=lines[0]["key"], priority="request")
        out = tuple({**{k: v for k, v in said.items() if k != "wav"}, "channel": channel} for said in lines)
        for line in out:
            self.service.emit(line)
        return Said(text, None, None, out)

    # -- when played ---------------------------------------------------------------------------
    def when_played(self, utterances: Sequence[Any], then: Callable[[], None]) -> None:
        """``then()`` on the service thread once every one of ``utterances`` is done: played
        to its end, cut off and not played again, dropped or failed (the audio layer tells
        each once, :meth:`Utterance.on_done`, after its ``announce`` line is on its way; never
        polled). ``None`` entries (nothing reports playback) are not waited for; with nothing
        to wait for ``then()`` runs at once.

        :param utterances: what was said (:attr:`Said.utterance` of each clip).
        :param then: what happens once it has been heard (a window opens, a menu again).
        """
        waiting = [u for u in utterances if u is not None]
        if not waiting:
            then()
            return
        left = [len(waiting)]

        def one_done() -> None:
            left[0] -= 1
            if left[0] == 0:
                then()

        for utt in waiting:
            utt.on_done(lambda _utt: self.service.post(one_done))

    # -- scans -----------------------------------------------------------------------------------
    def scan_step(self, seat: int, key: str, params: Mapping[str, Any], *, earcon: str | None = None,
                  started: Callable[..., None] | None = None,
                  ended: Callable[[bool], None] | None = None, cut: bool = False,
                  pad_seconds: float | None = None, cue: bool = True,
                  queued: Callable[[Any], None] | None = None, after: Sequence[Any] = ()) -> float | None:
        """One step of a scan into the chooser's earphone (a
        :class:`~firmware_host.table.scanning.Scan`'s ``speak``): where speech reports
        playback the scan hears its start and end (21) and None is returned; otherwise the
        seconds it lasts (its rendered length, or an estimate at the seat's rate). Scan steps
        are not in the seat's repeat history. ``cut``: it cuts off what the earphone says
        (a pick's answer, ACCESSIBILITY.md 32). ``pad_seconds``: the step's fixed length (the
        game's, M43; its ``started(words)`` is told the seconds into the clip at which its
        words end, the rest being silence); ``cue`` False: no private cue before a private step (its length must not
        depend on it). ``queued(utterance)``: told the audio layer's utterance where it plays
        (so the scan can drop it before it starts, :meth:`drop_steps`). ``after``: Utterances
        that must have ended first (a list's first step after the public clips it follows, 22)."""
        hooks: dict[str, Any] = {}

        def on_start(lines: Any, utterance: Any) -> None:
            words = _words_seconds(utterance) if pad_seconds is not None else None
            if words is None:
                started()
            else:                 # a padded step: the scan hears where its words end (21)
                started(words)

        if started is not None and self.timed():
            hooks = {"on_start": on_start,
                     "on_end": (lambda lines, u, record: ended(bool(record.cut and u.done())))
                     if ended is not None else None}
        made = self.line(f"seat:{seat}", key, params, priority="request" if cut else None, earcon=earcon)
        if made is None:
            return 0.0
        said = self.speak(made, history=False, timed=not hooks, pad_seconds=pad_seconds, cue=cue,
                          after=tuple(after), **hooks)
        if said.utterance is not None and hooks:
            if queued is not None:
                queued(said.utterance)
            return None
        if said.seconds is not None:
            return said.seconds
        if key == "scan.wrap" or earcon == "scan_wrap":
            return 0.0
        return max(pad_seconds or 0.0, spoken_seconds(said.text, self.seats.rate(seat)))


def _words_seconds(utterance: Any) -> float | None:
    """Seconds from a playing clip's start to the end of its words (its length without the
    silence it is padded with, :meth:`~firmware_host.audio.service.Utterance.unpadded_duration`);
    None when the audio layer cannot tell."""
    unpadded = getattr(utterance, "unpadded_duration", None)
    if not callable(unpadded):
        return None
    try:
        return float(unpadded(0.0))       # it plays: rendered already
    except (FirmwareHostError, OSError, TimeoutError, ValueError) as exc:
        log.debug("scan step: its words' length is unknown: %s", exc)
        return None
