"""Status in layers (ACCESSIBILITY.md 3) and the story of the game: the adapter's ``status``
part, which owns each seat's next status layer and the story told of the game."""

from __future__ import annotations

from typing import Any

from firmware_host.games.secret_dictator import announce, catalogue, story
from firmware_host.service.refusals import CommandRefused
from firmware_host.games.secret_dictator.board.common import PRIVATE_CUE, SETTINGS_OFFERED, STATUS_STEP_S, log


class Status:
    """Each seat's next status layer and the story told (see the module).

    :param board: the adapter it is part of (its game, speech, padding, scan and evening).
    """

    def __init__(self, board: Any) -> None:
        self.board = board
        self.steps: dict[int, tuple[int, float]] = {}   # seat -> (next status layer, until when)
        self.whole: dict[int, Any] = {}   # seat -> the table's last announcement when its status reached its end
        self.story_told: tuple[tuple[int, int], list] | None = None   # ((game id, actions), rounds) told

    def request(self, seat: int) -> None:
        """The status in layers (ACCESSIBILITY.md 3, 5; :data:`announce.STATUS_LAYERS`): first
        what matters to this seat now, then, for a request while a layer plays or within
        :data:`STATUS_STEP_S` after, the next layer (government, tracks, players, then
        privately the seat's role, team and secrets, padded to the longest any seat could hear,
        R16, R17), then "settings: press now" (issue 14), then the first again. Public layers go
        to the seat's earphone (the table with ``status_channel = "public"`` or no earphones).
        The seat's own scan waits meanwhile and says its item again (21)."""
        game = self.board.game
        if game is None:
            return
        step, until = self.steps.get(seat, (0, -1.0))
        layer = step if self.board.service.clock.now() <= until and step >= 0 else 0
        layers = announce.status_layers(game, seat)
        menu = getattr(self.board.service.game, "seat_menu", None)     # the board's settings scan
        layer %= len(layers) + (1 if menu is not None else 0)
        voice = self.board.service.voice
        earphones = voice is None or getattr(voice, "has_earphones", lambda: True)()
        # the next press steps on while this layer plays and for STATUS_STEP_S after it ended
        self.steps[seat] = (SETTINGS_OFFERED if layer == len(layers) else layer + 1, float("inf"))
        mark = self.steps[seat][0]

        def ended(*_: Any) -> None:
            if self.steps.get(seat, (None,))[0] == mark:
                self.steps[seat] = (mark, self.board.service.clock.now() + STATUS_STEP_S)

        if layer >= len(layers) - (0 if menu is not None else 1):
            self.whole[seat] = self._last_announced()      # the whole status heard: see heard_whole
        else:
            self.whole.pop(seat, None)
        if layer == len(layers):              # after the last layer: "settings: press now" (issue 14)
            if menu.offer(seat, on_end=ended) is None:
                ended()
            if self.board.scanning.scan is not None and self.board.scanning.scan.seat == seat:
                self.board.scanning.scan.hold()
            return

        items = layers[layer]
        # ACCESSIBILITY.md 29: the status tells what is open now, never what the table has not
        # heard yet (a vote's result still being read out): it answers once the last move's
        # announcements have played
        unheard = tuple(u for u in self.board._move_said if not u.done())
        if announce.STATUS_LAYERS[layer] == "private":
            groups = [self.board.padding.private_status(s) for s in range(game.players)]
            utt = self.speak_request(self.board.padding.private_status(seat), pad_groups=groups, on_end=ended, after=unheard,
                                     history=False)
        elif self.board.settings.status_channel == "public" or not earphones:
            utt = None
            for a in items:
                utt = self.board._speak(announce.make(a.key, a.params, "public"), priority="request",
                                  on_end=ended if a is items[-1] else None, after=unheard, history=False)
        else:
            utt = self.speak_request(items, on_end=ended, after=unheard, history=False)
        if utt is None:                       # nothing plays (no sound): the window starts now
            ended()
        log.debug("status of seat %d: layer %s", seat, announce.STATUS_LAYERS[layer])
        if self.board.scanning.scan is not None and self.board.scanning.scan.seat == seat:
            self.board.scanning.scan.hold()

    def story_rounds(self) -> list[list]:
        """The finished game's story (:func:`story.story`) from the journal's actions.

        :raises CommandRefused: ``story_not_over`` while no game is over (secrets, R16).
        """
        game = self.board.game
        if game is None or game.phase != "game_over" or self.board.setup is None or self.board.game_id is None:
            raise CommandRefused("story_not_over", "the story is told once the game is over")
        actions = self.board.service.journal.actions(self.board.game_id)
        if self.story_told is None or self.story_told[0] != (self.board.game_id, len(actions)):
            try:
                rounds = story.story(self.board.setup.to_json(), actions)
            except story.StoryError as exc:
                raise CommandRefused("story_not_over", f"the story cannot be told: {exc}") from None
            self.story_told = ((self.board.game_id, len(actions)), rounds)
        return self.story_told[1]

    def story_text(self, a: Any) -> str:
        return self.board._text(a, False)

    def story_parts(self) -> list[list[tuple[str, dict]]]:
        """Issue 14 "After the game, the story", told by :class:`~firmware_host.table.evening.
        Evening` into a pressing seat's earphone: one round a part (the government, the laws
        drawn and discarded, the two the chancellor received, powers and results), the roles
        last; ``story.none`` when it cannot be told."""
        try:
            rounds = self.story_rounds()
        except CommandRefused as exc:
            log.error("story: %s", exc)
            return [[("story.none", {})]]
        return [[(a.key, dict(a.params)) for a in round_] for round_ in rounds]

    def tell_story(self, seat: int, lines: list[tuple[str, dict]], after: tuple) -> Any:
        """One part of the story as the seat's own request in its earphone, once ``after``
        (the game-over speech) has ended (the evening's ``tell``)."""
        channel = f"seat:{seat}"
        return self.speak_request([announce.make(key, params, channel) for key, params in lines], after=after)

    def settings_offered(self, seat: int) -> bool:
        """True while the status's settings offer (issue 14) plays or within
        :data:`STATUS_STEP_S` after: a press then opens the seat's settings scan."""
        step = self.steps.get(seat)
        return step is not None and step[0] == SETTINGS_OFFERED and self.board.service.clock.now() <= step[1]

    def heard_whole(self, seat: int) -> bool:
        """True when the seat's last status went to its end (its last layer, or the settings
        offer after it) and the table has announced nothing since: with ``[service]
        idle_press = "status"`` its next press is a repeat (issue 33, ACCESSIBILITY.md 2, 12)."""
        return seat in self.whole and self.whole[seat] is self._last_announced()

    def _last_announced(self) -> Any:
        """The table's last announcement played (a new one is a new object; the list keeps only
        the latest, so its length tells nothing once full), or None before any."""
        announced = self.board.announced
        return announced[-1] if announced else None

    def in_status(self, seat: int) -> bool:
        """True while the seat's last status layer plays or within :data:`STATUS_STEP_S` after."""
        step = self.steps.get(seat)
        return step is not None and self.board.service.clock.now() <= step[1]

    def speak_request(self, items: list, pad_groups: list[list] | None = None, on_end: Any = None,
                       after: Any = (), history: bool = True) -> Any:
        """A seat's own request as *one* utterance (priority ``request`` cuts its earphone
        off, ACCESSIBILITY.md 4), with one ``announce`` line per message; ``pad_groups``: what
        each seat would hear in such a request (the clip is padded to the longest,
        :meth:`_pad_seconds`).

        :param on_end: ``on_end(lines, utterance, record)`` once it has ended or was cut off.
        :param after: utterances that must have ended first (what the table has not heard yet).
        :param history: False: no message a repeat gives back (a status layer, issue 33).
        :returns: the Utterance, or None when nothing plays."""
        if not items:
            return None
        longs = {a.key: self.board._long_wording(a.channel, a.key) for a in items}
        texts = [self.board._text(a, longs[a.key]) for a in items]
        channel = items[0].channel
        earcon = PRIVATE_CUE if channel != "public" and any(catalogue.is_private(a.key) for a in items) else None
        pad = self.board.padding.seconds(channel, pad_groups, longs, earcon) if pad_groups and channel != "public" else None
        lines = [{"event": "announce", "channel": a.channel, "key": a.key, "params": dict(a.params), "text": text}
                 for a, text in zip(items, texts)]
        utt = self.board._play(lines, channel, " ".join(texts), items[0].key, "request", earcon, pad_seconds=pad,
                         on_end=on_end, after=after, history=history)
        return utt
