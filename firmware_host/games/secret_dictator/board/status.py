"""Status in layers (ACCESSIBILITY.md 3) and the story of the game so far."""

from __future__ import annotations

from typing import Any

from firmware_host.games.secret_dictator import announce, catalogue, story
from firmware_host.service.refusals import CommandRefused
from firmware_host.games.secret_dictator.board.common import PRIVATE_CUE, SETTINGS_OFFERED, STATUS_STEP_S, log


class Status:
    """Status in layers (ACCESSIBILITY.md 3) and the story of the game so far.

    A part of :class:`~firmware_host.games.secret_dictator.board.game.SecretDictatorGame`; its state is made there."""

    def _status(self, seat: int) -> None:
        """ACCESSIBILITY.md 3 and 5, the status in layers (:data:`announce.STATUS_LAYERS`): the
        first request says what matters to this seat now (one short sentence, "Du: einen
        Kanzler vorschlagen"); a further request while a layer plays or within
        :data:`STATUS_STEP_S` after it ended gives the next layer (government, tracks,
        players, then privately role, team and the seat's secrets of the round), then the
        first again. Public layers go to the seat's earphone (or the table with
        ``status_channel = "public"`` or no earphones); the private layer only to the seat,
        padded to the longest any seat could hear (R16, R17). After the last layer the seat
        hears "settings: press now" (the board's seat menu, issue 14), then the first again.
        During the seat's own scan the scan waits for it and then says its item again (21)."""
        game = self.game
        if game is None:
            return
        step, until = self._status_step.get(seat, (0, -1.0))
        layer = step if self.service.clock.now() <= until and step >= 0 else 0
        layers = announce.status_layers(game, seat)
        menu = getattr(self.service.game, "seat_menu", None)     # the board's settings scan
        layer %= len(layers) + (1 if menu is not None else 0)
        voice = self.service.voice
        earphones = voice is None or getattr(voice, "has_earphones", lambda: True)()
        # the next press steps on while this layer plays and for STATUS_STEP_S after it ended
        self._status_step[seat] = (SETTINGS_OFFERED if layer == len(layers) else layer + 1, float("inf"))
        mark = self._status_step[seat][0]

        def ended(*_: Any) -> None:
            if self._status_step.get(seat, (None,))[0] == mark:
                self._status_step[seat] = (mark, self.service.clock.now() + STATUS_STEP_S)

        if layer == len(layers):              # after the last layer: "settings: press now" (issue 14)
            if menu.offer(seat, on_end=ended) is None:
                ended()
            if self.scanning.scan is not None and self.scanning.scan.seat == seat:
                self.scanning.scan.hold()
            return

        items = layers[layer]
        # ACCESSIBILITY.md 29: the status tells what is open now, never what the table has not
        # heard yet (a vote's result still being read out): it answers once the last move's
        # announcements have played
        unheard = tuple(u for u in self._move_said if not u.done())
        if announce.STATUS_LAYERS[layer] == "private":
            groups = [self.padding.private_status(s) for s in range(game.players)]
            utt = self._speak_request(self.padding.private_status(seat), pad_groups=groups, on_end=ended, after=unheard)
        elif self.settings.status_channel == "public" or not earphones:
            utt = None
            for a in items:
                utt = self._speak(announce.make(a.key, a.params, "public"), priority="request",
                                  on_end=ended if a is items[-1] else None, after=unheard)
        else:
            utt = self._speak_request(items, on_end=ended, after=unheard)
        if utt is None:                       # nothing plays (no sound): the window starts now
            ended()
        log.debug("status of seat %d: layer %s", seat, announce.STATUS_LAYERS[layer])
        if self.scanning.scan is not None and self.scanning.scan.seat == seat:
            self.scanning.scan.hold()

    def _story_rounds(self) -> list[list]:
        """The finished game's story (:func:`story.story`) from the journal's actions.

        :raises CommandRefused: ``story_not_over`` while no game is over (secrets, R16).
        """
        game = self.game
        if game is None or game.phase != "game_over" or self.setup is None or self.game_id is None:
            raise CommandRefused("story_not_over", "the story is told once the game is over")
        actions = self.service.journal.actions(self.game_id)
        if self._story is None or self._story[0] != (self.game_id, len(actions)):
            try:
                rounds = story.story(self.setup.to_json(), actions)
            except story.StoryError as exc:
                raise CommandRefused("story_not_over", f"the story cannot be told: {exc}") from None
            self._story = ((self.game_id, len(actions)), rounds)
        return self._story[1]

    def _story_text(self, a: Any) -> str:
        return self._text(a, False)

    def _story_parts(self) -> list[list[tuple[str, dict]]]:
        """Issue 14 "After the game, the story", told by :class:`~firmware_host.table.evening.
        Evening` into a pressing seat's earphone: one round a part (the government, the laws
        drawn and discarded, the two the chancellor received, powers and results), the roles
        last; ``story.none`` when it cannot be told."""
        try:
            rounds = self._story_rounds()
        except CommandRefused as exc:
            log.error("story: %s", exc)
            return [[("story.none", {})]]
        return [[(a.key, dict(a.params)) for a in round_] for round_ in rounds]

    def _tell_story(self, seat: int, lines: list[tuple[str, dict]], after: tuple) -> Any:
        """One part of the story as the seat's own request in its earphone, once ``after``
        (the game-over speech) has ended (the evening's ``tell``)."""
        channel = f"seat:{seat}"
        return self._speak_request([announce.make(key, params, channel) for key, params in lines], after=after)

    def waiting_for_setup(self) -> bool:
        """True while a press at a seat starts a setup from the seats (:mod:`firmware_host.
        table.lobby`): no game, setup or role reading."""
        return self.game is None and self.pending_setup is None and self.reads.tiles is None

    def seat_waits_for_setup(self, seat: int) -> bool:
        """True when a press at ``seat`` starts a setup from the seats: the board waits for
        one, or the game is over and the seat has heard its story to the end
        (ACCESSIBILITY.md 30: the next game from the seats, no console, no power cycle)."""
        if self.waiting_for_setup():
            return True
        return (self.game is not None and self.game.phase == "game_over" and self.evening.heard_all(seat)
                and (self.scanning.scan is None or self.scanning.scan.seat != seat))

    def _settings_offered(self, seat: int) -> bool:
        """True while the status's settings offer (issue 14) plays or within
        :data:`STATUS_STEP_S` after: a press then opens the seat's settings scan."""
        step = self._status_step.get(seat)
        return step is not None and step[0] == SETTINGS_OFFERED and self.service.clock.now() <= step[1]

    def _in_status(self, seat: int) -> bool:
        """True while the seat's last status layer plays or within :data:`STATUS_STEP_S` after."""
        step = self._status_step.get(seat)
        return step is not None and self.service.clock.now() <= step[1]

    def _speak_request(self, items: list, pad_groups: list[list] | None = None, on_end: Any = None,
                       after: Any = ()) -> Any:
        """A seat's own request as *one* utterance (priority ``request`` cuts its earphone
        off, ACCESSIBILITY.md 4), with one ``announce`` line per message; ``pad_groups``: what
        each seat would hear in such a request (the clip is padded to the longest,
        :meth:`_pad_seconds`).

        :param on_end: ``on_end(lines, utterance, record)`` once it has ended or was cut off.
        :param after: utterances that must have ended first (what the table has not heard yet).
        :returns: the Utterance, or None when nothing plays."""
        if not items:
            return None
        longs = {a.key: self._long_wording(a.channel, a.key) for a in items}
        texts = [self._text(a, longs[a.key]) for a in items]
        channel = items[0].channel
        earcon = PRIVATE_CUE if channel != "public" and any(catalogue.is_private(a.key) for a in items) else None
        pad = self.padding.seconds(channel, pad_groups, longs, earcon) if pad_groups and channel != "public" else None
        lines = [{"event": "announce", "channel": a.channel, "key": a.key, "params": dict(a.params), "text": text}
                 for a, text in zip(items, texts)]
        utt = self._play(lines, channel, " ".join(texts), items[0].key, "request", earcon, pad_seconds=pad,
                         on_end=on_end, after=after)
        self._heard_pad[channel] = pad
        return utt
