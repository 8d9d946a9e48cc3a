"""Seat buttons (BOARD.md "Seat controls", ACCESSIBILITY.md 11-17): presses, holds, repeats."""

from __future__ import annotations

from typing import Any, Callable

from firmware_host.games.secret_dictator import Action
from firmware_host.games.secret_dictator.board.common import TARGET_POWERS, log
from firmware_host.games.secret_dictator.board.describe import describe_input


class Buttons:
    """Seat buttons (BOARD.md "Seat controls", ACCESSIBILITY.md 11-17): presses, holds, repeats.

    A part of :class:`~firmware_host.games.secret_dictator.board.game.SecretDictatorGame`; its state is made there."""

    def handle_input(self, event: Any) -> None:
        """One input event from the board (on the service thread); never raises for bad input."""
        name = type(event).__name__
        if name not in ("Fault", "ReaderState"):      # those get their own fault/info line
            log.info("input: %s", describe_input(event))
        parts = {"TileRead": self.reads.on_tile, "SlotChanged": self.mirror.on_slot,
                 "TrackerMoved": self.mirror.on_tracker, "Fault": self.table_faults.on_fault,
                 "ReaderState": self.table_faults.on_reader}
        handler: Callable[[Any], None] | None = parts.get(name) or getattr(self, f"_on_{name}", None)
        if handler is None:
            log.info("input ignored: %s", name)
            return
        handler(event)

    def _on_ButtonGesture(self, event: Any) -> None:
        seat, gesture = event.seat, event.gesture
        voice = self.service.voice
        if gesture != "hold" and voice is not None and voice.confirm_whisper(seat):
            # the seat called to the whisper station is there: its private messages play now
            log.info("seat %d at the whisper station", seat)
            return
        game = self.game
        if game is None or not 0 <= seat < game.players:
            if self.reads.tiles is None and game is None:
                return
            if game is not None:
                self.service.fault(f"seat {seat + 1} button", "not_playing",
                                   f"seat {seat} is not a seat of this {game.players}-player game")
            return
        if gesture == "double":
            gesture = "press"
        if gesture == "hold":            # the status only (issue "Veto without holding")
            self.status.request(seat)
            return
        if self.status.settings_offered(seat):   # a press right after the status offered the settings
            self.service.game.seat_menu.open(seat)
            return
        if self.scanning.scan is not None:
            if self.scanning.scan.seat == seat:
                self.scanning.scan.press()
                return
            self._idle_press(seat)
            return
        if game.phase == "legislative_chancellor" and game.veto_pending and seat == game.president:
            # BOARD.md "Veto": the president answers with the ballot box or by scanning
            if not self.mirror.blocked("veto_reply", seat):
                self.scanning.start_veto(seat)
            return
        if game.phase == "game_over":        # the story of the game, a round per press (A30)
            self.evening.press(seat)
            return
        if (game.phase == "legislative_chancellor" and seat == game.chancellor
                and Action("veto", seat=seat) in game.legal_actions(seat)):
            # after five fascist laws the chancellor chooses by scanning: enact or propose a veto
            if not self.mirror.blocked("veto", seat):
                self.scanning.start_chancellor(seat)
            return
        if self.deck.discard_by_seat(seat):      # physical deck, no law reader: the discard by scanning
            return
        if seat in game.awaiting() and seat == game.president:
            if game.phase == "nomination":
                if not self.mirror.blocked("nominate", seat):
                    self.scanning.start_target(seat, "nominate")
                return
            if game.phase == "power" and game.power in TARGET_POWERS:
                if not self.mirror.blocked(TARGET_POWERS[game.power], seat):
                    self.scanning.start_target(seat, TARGET_POWERS[game.power])
                return
            if game.phase == "power" and game.power in ("view_discard", "peek"):
                if not self.mirror.blocked("acknowledge", seat):
                    self.accept(Action("acknowledge", seat=seat))
                return
        self._idle_press(seat)

    def _idle_press(self, seat: int) -> None:
        if self.settings.idle_press == "status" or self.status.in_status(seat):   # the next status layer
            self.status.request(seat)
            return
        voice = self.service.voice
        if voice is not None and voice.timed():
            self._repeat(seat)
            return
        # no sound: the seat's last message again by when it was said, with its announce line(s)
        options = [h for h in (self._heard.get("public"), self._heard.get(f"seat:{seat}")) if h]
        if not options:
            self.say(f"seat:{seat}", "repeat.nothing", {}, request=True)
            return
        _, lines = max(options, key=lambda h: h[0])
        pad = self._heard_pad.get(lines[0]["channel"]) if lines[0]["channel"] != "public" else None
        if voice is not None:
            voice.say(f"seat:{seat}", " ".join(l["text"] for l in lines), key=lines[0]["key"], priority="request",
                      **({"pad_seconds": pad} if pad is not None else {}))
        self.service.announce_now([{**{k: v for k, v in said.items() if k != "wav"}, "channel": f"seat:{seat}"}
                                   for said in lines])

    def _repeat(self, seat: int) -> None:
        """ACCESSIBILITY.md 2, 25: the seat's last message by what it has *heard* (public ones
        at the table and its own private ones, in the order they were played); a further
        press steps back to the one before. Its ``announce`` line(s) are written again on
        ``seat:N`` when the repeat plays: what is logged is what is played."""
        voice = self.service.voice
        channel = f"seat:{seat}"
        box: dict[str, list[dict]] = {}

        def listener(kind: str, utt: Any, record: Any) -> None:
            if "lines" not in box:
                original = utt.meta.get("repeats")
                source = (original.meta.get("lines") if original is not None else None) or [
                    {"event": "announce", "channel": channel, "key": utt.key, "params": {}, "text": utt.text}]
                box["lines"] = [{**{k: v for k, v in line.items() if k != "wav"}, "channel": channel}
                                for line in source]
                box["listener"] = self.service.announce_listener(box["lines"])
            box["listener"](kind, utt, record)

        if self.scanning.scan is not None and self.scanning.scan.seat == seat:
            self.scanning.scan.hold()
        if voice.repeat_last(seat, listener=listener) is None:
            self.say(channel, "repeat.nothing", {}, request=True)

    def _record_heard(self, channel: str, lines: list[dict]) -> None:
        """No sound: remember the announce lines of the last utterance on ``channel`` (a
        repeat press writes them again, ACCESSIBILITY.md 2)."""
        self._heard_seq += 1
        self._heard[channel] = (self._heard_seq, [dict(l) for l in lines])
