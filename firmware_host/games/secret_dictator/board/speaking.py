"""Speaking: catalogue messages into the voice, long then short wording, announce lines when
played, the prolog."""

from __future__ import annotations

from typing import Any

from firmware_host.errors import FirmwareHostError
from firmware_host.games.secret_dictator import announce, catalogue, speech_plan
from firmware_host.table.seat_settings import SeatSettings
from firmware_host.games.secret_dictator.board.common import PRIVATE_CUE, SUPERSEDED_KEYS, log
from firmware_host.games.secret_dictator.board.padding import secret_variants


class Speaking:
    """Speaking: catalogue messages into the voice, long then short wording, announce lines when
    played, the prolog.

    A part of :class:`~firmware_host.games.secret_dictator.board.game.SecretDictatorGame`; its state is made there."""

    def say(self, channel: str, key: str, params: dict, *, priority: str | None = None,
            earcon: str | None = None, request: bool = False, after: Any = (),
            history: bool = True, on_start: Any = None, on_end: Any = None, own_act: bool = False) -> Any:
        """Speak catalogue ``key`` on ``channel``; its ``announce`` line is written once it
        has played (:meth:`BoardService.announce_listener`).

        :param priority: default the catalogue's usual one for ``key``.
        :param request: a seat's own request (repeat/status): cuts off its earphone.
        :param after: utterances that must have ended first (ACCESSIBILITY.md 22).
        :param history: False for what a repeat press does not give back (scan steps).
        :param on_start: ``on_start(lines, utterance)`` when it starts playing.
        :param on_end: ``on_end(lines, utterance, record)`` when it has ended or was cut off.
        :param own_act: the seat's own act confirmed in its earphone (a tile read, a discard
            named): it plays at once, never after the public announcements of the move
            (ACCESSIBILITY.md 26; 22 is about what *follows* from a public event).
        :returns: the Utterance, or None when nothing plays (no sound, or refused).
        """
        try:
            made = announce.make(key, params, channel)
        except (FirmwareHostError, ValueError) as exc:
            log.error("announcement %s refused: %s", key, exc)
            return None
        return self._speak(made, priority=priority or ("request" if request else None), earcon=earcon,
                           after=after, history=history, on_start=on_start, on_end=on_end, own_act=own_act)

    def _long_wording(self, channel: str, key: str, *, mark: bool = True) -> bool:
        """ACCESSIBILITY.md 5: the long wording the first time the table (``public``: the audio
        layer's ``verbosity``) or the seat (its ``verbosity`` seat setting, default ``auto``)
        hears ``key``, the short one after. ``mark=False``: only ask (a seat's wording of a
        message it is not told now)."""
        voice = self.service.voice
        if channel == "public":
            pending = self._long_pending.get(key)
            if (pending is not None and pending.supersede == self._supersede_tag(key)
                    and not pending.plays and not pending.done()):
                return True      # the long one is replaced before it was heard: this one is it
            return bool(voice.use_long_wording(key)) if voice is not None else False
        if not channel.startswith("seat:"):
            return False
        heard, verbosity = (int(channel[5:]), key), self.seat_settings.get(int(channel[5:]), SeatSettings()).verbosity
        if (verbosity or "auto") != "auto":
            return verbosity == "long"
        first = heard not in self._heard_long
        self._heard_long |= {heard} if mark else set()
        return first

    def _text(self, a: Any, long: bool) -> str:
        try:
            return catalogue.text(a.key, a.params, self.language, long=long, names=self.names, genders=self.genders)
        except (FirmwareHostError, ValueError) as exc:
            log.error("announcement %s: %s", a.key, exc)
            return a.key

    def _on_played(self, lines: list[dict], utt: Any) -> None:
        """A clip started playing: the console's list of public announcements (what was heard)."""
        for line in lines:
            if line["channel"] == "public":
                self.announced.append({k: line[k] for k in ("channel", "key", "params", "text")})

    def _speak(self, a: Any, *, priority: str | None = None, earcon: str | None = None,
               after: Any = (), history: bool = True, on_start: Any = None, on_end: Any = None,
               own_act: bool = False) -> Any:
        long = self._long_wording(a.channel, a.key)
        text = self._text(a, long)
        line = {"event": "announce", "channel": a.channel, "key": a.key, "params": dict(a.params),
                "text": text}
        log.debug("say %s %s", a.channel, a.key)
        earcon = a.earcon if earcon is None else earcon
        if earcon is None and a.channel != "public" and catalogue.is_private(a.key):
            earcon = PRIVATE_CUE          # "a private message is coming" (never on the table speaker)
        pad = None
        if a.channel != "public" and len(secret_variants(a)) > 1:
            # R16/R17: a private clip with a secret lasts as long as any it could have been
            pad = self.padding.seconds(a.channel, [[a]], {a.key: long}, earcon)
        tag = self._supersede_tag(a.key) if a.channel == "public" else None
        utt = self._play([line], a.channel, text, a.key, priority or a.priority, earcon, after=after,
                         history=history, on_start=on_start, on_end=on_end, supersede=tag, pad_seconds=pad,
                         own_act=own_act)
        self._heard_pad[a.channel] = pad
        if utt is not None and tag is not None and long:
            self._long_pending[a.key] = utt      # if a newer count replaces it unheard, that one is long
        self._plan_following(a.key, a.params)
        return utt

    def _plan_speech(self, players: int | None = None) -> None:
        """Pre-render, in the background at low priority, what this table can hear next
        (:func:`speech_plan.sentences`: its seats, names, language and wordings)."""
        voice = self.service.voice
        if voice is None:
            return
        if players is None:
            players = self.setup.players if self.setup is not None else (voice.seats or 10)
        language, names, verbosity = self.language, dict(self.names), voice.verbosity
        voice.prerender(lambda: speech_plan.sentences(players, language, names, verbosity))

    def _plan_following(self, key: str, params: dict) -> None:
        """After ``president.new`` or a power's announcement: pre-render at once what the
        president's choice will make the board say (:func:`speech_plan.following`)."""
        voice = self.service.voice
        if voice is None or key not in speech_plan.FOLLOWING or self.setup is None:
            return
        first = key == "president.new" and self._presidents == 0
        if key == "president.new":
            self._presidents += 1
        players, language, names, verbosity = self.setup.players, self.language, dict(self.names), voice.verbosity
        try:
            items = speech_plan.following(key, params, players, language, names, verbosity, first)
        except (FirmwareHostError, ValueError) as exc:
            log.warning("prerender after %s: %s", key, exc)
            return
        voice.prerender_soon(items)

    def _supersede_tag(self, key: str) -> str | None:
        """ACCESSIBILITY.md 24: a newer ballot count of the *same* vote replaces one not yet
        started; a count of another vote never does."""
        return f"{key}:{self._vote_round}" if key in SUPERSEDED_KEYS else None

    def _play(self, lines: list[dict], channel: str, text: str, key: str, priority: str, earcon: str | None, *,
              after: Any = (), history: bool = True, on_start: Any = None, on_end: Any = None,
              supersede: str | None = None, pad_seconds: float | None = None, own_act: bool = False) -> Any:
        """Queue one clip that says ``lines`` (its ``announce`` lines, written once it has
        played), padded with silence to ``pad_seconds`` if given (R16/R17); returns its
        Utterance or None (no sound: the lines are written at once)."""
        voice = self.service.voice

        def started(played: list[dict], utt: Any) -> None:
            self._on_played(played, utt)
            if on_start is not None:
                on_start(played, utt)

        utt = None
        if voice is not None and voice.timed():
            if priority in ("refusal", "game_over") and channel == "public":
                # ACCESSIBILITY.md 22: a refusal (or a correction) waits until the table has
                # heard what it refers to, and the end is never heard before the moves that led
                # to it: both wait for what the table was given before them
                self._public_said = [u for u in self._public_said if not u.done()]
                after = tuple(after) + tuple(self._public_said)
            elif priority == "refusal" and not own_act:
                # a private refusal: after the table has heard the move it refers to
                after = tuple(after) + tuple(self._refers_to())
            listener = self.service.announce_listener(lines, started, on_end)
            utt = voice.say(channel, text, key=key, priority=priority, earcon=earcon, after=after,
                            supersede=supersede, history=history, listener=listener,
                            **({"pad_seconds": pad_seconds} if pad_seconds is not None else {}))
            if utt is not None:
                utt.meta["lines"] = lines
                if channel == "public":
                    self._public_said = [u for u in self._public_said if not u.done()] + [utt]
                if channel == "public" and priority != "refusal":
                    self._step_public = [(step, u) for step, u in self._step_public
                                         if step == self.service.step and not u.done()] + [(self.service.step, utt)]
                return utt
        elif voice is not None:
            voice.say(channel, text, key=key, priority=priority, earcon=earcon,
                      **({"pad_seconds": pad_seconds} if pad_seconds is not None else {}))
        self._on_played(lines, None)
        if history:
            self._record_heard(channel, lines)
        self.service.announce_now(lines)
        return None

    def _speak_all(self, items: list, after: Any = ()) -> list:
        """Say ``items`` in order. A private message waits until the public ones said before
        it in ``items`` have ended at the table (ACCESSIBILITY.md 22: the hand after the
        result, a power's result after its announcement). Returns the Utterances (None where
        nothing plays); the public ones are remembered as what a refusal refers to."""
        public: list = []
        made = []
        for a in items:
            wait = tuple(after) + (tuple(public) if a.channel != "public" else ())
            utt = self._speak(a, after=wait)
            made.append(utt)
            if a.channel == "public" and utt is not None:
                public.append(utt)
        if public:
            self._last_public = public
        return made

    def _prolog(self, after: Any = ()) -> None:
        """R3/R17: each seat hears its role and team privately, all padded to one length and
        started together once the table has heard that the roles come (ACCESSIBILITY.md 23);
        the table hears "every seat knows its role" after the last private clip has ended
        (at a whisper station: after the last seat's visit)."""
        assert self.game is not None
        items = announce.prolog(self.game)
        texts: dict[int, list[str]] = {}
        lines: dict[int, list[dict]] = {}
        for a in items:
            text = catalogue.text(a.key, a.params, self.language, long=True, names=self.names, genders=self.genders)
            texts.setdefault(a.seat, []).append(text)
            lines.setdefault(a.seat, []).append({"event": "announce", "channel": a.channel, "key": a.key,
                                                 "params": dict(a.params), "text": text})
        voice = self.service.voice
        made: dict[int, Any] = {}
        if voice is not None and voice.timed():
            listeners = {seat: self.service.announce_listener(lines[seat], self._on_played) for seat in lines}
            # R16: padded over every role and team any seat could hold here, not this deal's longest
            made = voice.say_padded({s: " ".join(t) for s, t in texts.items()}, key="prolog", after=after, earcon=PRIVATE_CUE,
                                    minimum_seconds=self.padding.prolog_seconds(PRIVATE_CUE),
                                    listener=lambda kind, utt, rec: listeners[int(utt.channel[5:])](kind, utt, rec))
            for seat, utt in made.items():
                if utt is not None:
                    utt.meta["lines"] = lines[seat]
        elif voice is not None:
            voice.say_padded({s: " ".join(t) for s, t in texts.items()}, key="prolog", earcon=PRIVATE_CUE)
        for seat in sorted(lines):
            if made.get(seat) is None:
                self._on_played(lines[seat], None)
                self._record_heard(f"seat:{seat}", lines[seat])
                self.service.announce_now(lines[seat])
        self.say("public", "prolog.done", {}, after=[u for u in made.values() if u is not None])
