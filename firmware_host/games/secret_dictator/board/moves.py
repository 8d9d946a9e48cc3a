"""Actions: accepted (journaled before announced) or refused, publicly or into one seat's
earphone."""

from __future__ import annotations

import dataclasses

from firmware_host.errors import FirmwareHostError
from firmware_host.games.secret_dictator import Action, IllegalAction, announce, catalogue
from firmware_host.service.journal import JournalError
from firmware_host.games.secret_dictator.scripting import reshuffle_order
from firmware_host.games.secret_dictator.board.common import log
from firmware_host.games.secret_dictator.board.describe import describe_action


class Moves:
    """Actions: accepted (journaled before announced) or refused, publicly or into one seat's
    earphone.

    A part of :class:`~firmware_host.games.secret_dictator.board.game.SecretDictatorGame`; its state is made there."""

    def _emit_events(self, events: list) -> None:
        for e in events:
            self.service.emit(e.to_json())

    def accept(self, action: Action, *, from_gm: bool = False, confirm: tuple[str, dict] | None = None,
               confirm_first: bool = False) -> bool:
        """Apply ``action``; journal it before announcing it; refuse aloud when illegal.

        Callers check :meth:`.mirror.Mirror.blocked` first for sensor input; the game master's ``act`` and
        ``choose`` (``from_gm``, named in the log line) are corrections and skip the mirror check.

        :param confirm: (catalogue key, params): the acting seat's own act confirmed in its
            earphone once journaled, at once and before the move's announcements
            (:meth:`.tiles.Tiles.confirm_tile`, ACCESSIBILITY.md 26).
        :param confirm_first: the move's announcements wait until that confirmation has
            ended: it tells the seat to do something the next cue presumes done (the
            president's "pass the other two on" before the chancellor's cue).
        :returns: True if accepted.
        """
        if self.game is None:
            self._refuse_plain(action.kind, "no_game", "no game is running", action.seat, key="refusal.no_game")
            return False
        try:
            events = self.game.apply(action)
        except IllegalAction as exc:
            self.refuse(exc, action, from_gm=from_gm)
            return False
        try:
            # the game-ending action and the game's "over" mark: one transaction
            self.service.journal.append_action(self.game_id, action.to_json(),
                                               finish="over" if self.game.phase == "game_over" else None)
        except JournalError as exc:
            log.error("journal write failed, action taken back: %s", exc)
            self._rebuild(self.game_id or 0, self.setup.to_json() if self.setup else {},
                          self.service.journal.actions(self.game_id or 0))
            self.service.fault("journal", "write_failed", str(exc))
            return False
        log.info("action: %s%s", describe_action(action), " (game master)" if from_gm else "")
        first = self.reads.confirm_tile(action.seat, *confirm) if confirm is not None else None
        self._after_accept(action, events, after=(first,) if confirm_first and first is not None else ())
        self._told()
        if self.game is not None and self.game.phase == "game_over":
            self.reminders.stop()
        else:
            self.reminders.moved()
        return True

    def _told(self) -> None:
        """The table has been told the game up to its last journaled action (its
        announcements are queued): a ``told`` note, so that a restart after a cut between the
        journal write and the announcement says the end (issue 34, ``Journal.end_untold``)."""
        if self.game_id is not None:
            try:
                count = len(self.service.journal.actions(self.game_id))
            except JournalError as exc:
                log.warning("journal: the actions cannot be counted: %s", exc)
                return
            self._journal_note({"note": "told", "actions": count})

    def _after_accept(self, action: Action, events: list, after: tuple = ()) -> None:
        game = self.game
        assert game is not None
        self._emit_events(events)
        self.reads.roles_quiet = set()
        if any(e.kind == "reshuffled" for e in events):
            self.deck.discard_pile = set()         # R12: the discard pile goes back into the draw pile
        if any(e.kind == "nominated" for e in events):
            self._vote_round += 1
        if any(e.kind == "law_enacted" and e.data.get("by") == "chaos" for e in events) and action.kind != "chaos_law":
            self.mirror.chaos_placement = True
        if any(e.kind == "tracker" for e in events) and self.mirror.tracker != game.tracker:
            self.mirror.tracker_asked = True        # tracker.moved asks the table to move the pin
        if game.phase != "legislative_chancellor":
            self.deck.chancellor_discard = None
        if game.phase in ("legislative_president", "game_over") or action.kind == "discard":
            self.deck.discard_after = None          # a new session: a tile in the tray is the president's
        self.deck.note_law_tray(action)
        items = self._announcements(action, events)
        self.padding.remember(events, items)
        made = self._speak_all(items, after=after)
        # what the table is still to hear of this move: a status waits for it (:meth:`.status.Status.request`)
        self._move_said = [u for u, a in zip(made, items) if u is not None and a.channel == "public"]
        if game.phase == "game_over":
            self.scanning.end()               # marked over with the action itself (accept)
            log.info("game over: %s (%s)", game.winner, game.reason)
            # ACCESSIBILITY.md 30: the table hears what a press does; the story waits for this speech
            offer = self.say("public", "evening.offer", {}, after=tuple(self._move_said))
            self.evening.over(self.status.story_parts, after=[*self._move_said, offer])
            return
        if self.scanning.scan is not None and self.scanning.scan.seat not in game.awaiting():
            self.scanning.end()
        self._settle_reshuffle()

    def _announcements(self, action: Action, events: list) -> list:
        """What the board says about an accepted ``action`` and its ``events``
        (``announce.announcements``), as the board's flow needs it:

        - view-discard (R13): the next president first hears the discarded party; who
          nominates (``president.new``) is said after the acknowledging press, as after a peek;
        - special election (R13): after "President: seat N" the table hears what the new
          president does now (``next.nominate``): the presidency left its order;
        - untracked chaos (R9): the law was read from the slot it was laid on, so it is not
          asked for again (``chaos.placed.*`` instead of ``chaos.enacted.*``)."""
        game = self.game
        assert game is not None
        items = announce.announcements(action, events, game)
        if any(e.kind == "power" and e.data.get("power") == "view_discard" for e in events):
            items = [a for a in items if a.key != "president.new"]
        elif (action.kind == "acknowledge" and game.phase == "nomination"
              and not any(a.key == "president.new" for a in items)):
            items.append(announce.make("president.new", {"seat": game.president}))
        if action.kind == "special_election" and game.phase == "nomination":
            # ACCESSIBILITY.md 28: the presidency left its order; the table is reminded what
            # the new president does now
            items.append(announce.make("next.nominate", {"seat": game.president}))
        if action.kind == "chaos_law":
            items = [dataclasses.replace(a, key="chaos.placed." + a.key.rsplit(".", 1)[1])
                     if a.key.startswith("chaos.enacted.") else a for a in items]
        return items + self.deck.prompts(action, items)

    def _settle_reshuffle(self) -> None:
        """R12 with a tracked deck: the board shuffles (seeded per game and reshuffle, so a
        resumed or replayed game gets the same order) and journals the order."""
        game = self.game
        while game is not None and game.reshuffle_due is not None and game.phase != "game_over":
            pool = game.reshuffle_pool or []
            count = sum(1 for a in self.service.journal.actions(self.game_id or 0) if a.get("action") == "reshuffle")
            order = reshuffle_order(self.setup.seed if self.setup else None, count, pool)
            if not self.accept(Action("reshuffle", order=tuple(order))):
                break

    def refuse(self, exc: IllegalAction, action: Action, *, from_gm: bool = False) -> None:
        """A rejected action: a ``rejected`` line, one INFO log line, the refusal spoken
        (only to the acting seat when the reason would reveal a secret).

        :param from_gm: the game master entered the action (``act``). A refusal whose reason
            is a secret (``not_in_hand``: the hand lacks that party) then tells the game master
            that secret: it is logged as a reveal (a WARNING "secret revealed to game master",
            as the console's reveal, and a ``reveal`` journal note) and nothing is spoken (the
            seat did not act, R16)."""
        private = bool(getattr(exc, "private", False))
        # the line's message never names the party a hand lacks (the console shows the line)
        message = f"{action.kind}: not possible (the reason is private)" if private else exc.message
        line = {"event": "rejected", "line": self.service.current_line, "action": action.kind,
                "reason": exc.reason, "message": message}
        # the console's list and the log never say which party a seat does not hold (R16)
        self.faults.append({"kind": "rejected", "action": action.kind,
                            "reason": "not_possible" if private else exc.reason, "seat": action.seat})
        log.info("refused: %s: %s", f"{action.kind} by seat {action.seat}" if private else describe_action(action),
                 exc.reason)
        self.service.emit(line)
        if private and from_gm:
            log.warning("secret revealed to game master (seat %s: a refused %s tells what the hand holds)",
                        action.seat, action.kind)
            self._journal_note({"note": "reveal", "seat": action.seat, "by": f"act {action.kind}"})
            return
        try:
            made = announce.refusal(exc, action, self.game)
        except (FirmwareHostError, ValueError) as err:
            log.error("refusal announcement: %s", err)
            return
        # ACCESSIBILITY.md 22: a refusal waits until the table has heard the move it refers to
        self._speak(made)
        if made.channel == "public" and not self.mirror.problems():
            self.mirror.say_next_move()         # what the board waits for instead (finding: refusals say what is expected)

    def _refers_to(self) -> list:
        """What a refusal refers to: the public announcements of the last accepted move and
        those said for the input being handled, as long as they have not ended
        (ACCESSIBILITY.md 22)."""
        self._last_public = [u for u in self._last_public if not u.done()]
        now = [u for step, u in self._step_public if step == self.service.step and not u.done()]
        return self._last_public + [u for u in now if u not in self._last_public]

    def _refuse_plain(self, what: str, reason: str, message: str, seat: int | None = None,
                      key: str | None = "refusal.not_possible") -> None:
        line = {"event": "rejected", "line": self.service.current_line, "action": what,
                "reason": reason, "message": message}
        self.faults.append({"kind": "rejected", "action": what, "reason": reason, "seat": seat})
        log.info("refused: %s: %s", what, reason)
        self.service.emit(line)
        if key is not None:
            self.say("public", key, {"seat": seat} if "seat" in catalogue.placeholders(key) else {})
            if key.startswith("refusal.") and not self.mirror.problems():
                self.mirror.say_next_move()
