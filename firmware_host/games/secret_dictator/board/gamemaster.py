"""The game master: console commands, the game-master key, ending a game and bringing it back by
undo."""

from __future__ import annotations

from typing import Any

from firmware_host.games.secret_dictator import Action, IllegalAction, announce, catalogue, state_json
from firmware_host.service.journal import NothingToUndo
from firmware_host.service.refusals import CommandRefused, REFUSAL_CODES
from firmware_host.table.gamemaster import GameMaster as GameMasterTable
from firmware_host.games.secret_dictator.board.common import TARGET_POWERS, TRACK_SLOTS, log


class GameMaster:
    """The game master: console commands, the game-master key, ending a game and bringing it
    back by undo.

    A part of :class:`~firmware_host.games.secret_dictator.board.game.SecretDictatorGame`; its state is made there."""

    def command(self, name: str, /, **fields: Any) -> dict:
        """A game-master command (the table's :class:`~firmware_host.table.gamemaster.GameMaster`:
        ``start`` with an optional ``setup``, ``pause``, ``resume``, ``restart``, ``undo``,
        ``act``, ``choose``, ``seat_settings``, ``key``, and this game's ``story``); see
        :class:`~firmware_host.service.backend.ConsoleBackend`.

        :raises CommandRefused: refused now (one line); ``unknown_command`` naming the commands.
        """
        return self.gm.run(name, fields)

    def _commands(self) -> GameMasterTable:
        """The game master's commands as the table's one command table."""
        return GameMasterTable({"start": self._cmd_start, "pause": self._cmd_pause, "resume": self._cmd_resume,
                                "restart": self._cmd_restart, "undo": self._cmd_undo, "act": self._cmd_act,
                                "choose": self._cmd_choose, "seat_settings": self._cmd_seat_settings,
                                "key": self._cmd_key},
                               {"story": self._cmd_story})

    def _cmd_start(self, setup: Any = None, **_: Any) -> dict:
        if setup is not None:
            self.prepare(setup)
        self.start()
        return {"ok": True}

    def _cmd_pause(self, **_: Any) -> dict:
        if self.game is None:
            raise CommandRefused("no_game", "no game to pause")
        if not self.paused:
            self.paused = True
            self.scanning.end()
            self.reminders.stop()
            self._journal_note({"note": "pause"})
            log.info("game paused")
            self.say("public", "gm.paused", {})
        return {"paused": True}

    def _cmd_resume(self, **_: Any) -> dict:
        if self.game is None:
            raise CommandRefused("no_game", "no game to resume")
        if self.paused:
            self.paused = False
            self._journal_note({"note": "resume"})
            log.info("game resumed")
            self.say("public", "gm.resumed", {})
            self.mirror.reconcile()
            if not self.mirror.problems():
                self.mirror.say_next_move()
            self.reminders.start()
        return {"paused": False}

    def _cmd_restart(self, **_: Any) -> dict:
        if self.raw_setup is None:
            raise CommandRefused("no_setup", "no setup to restart")
        raw = dict(self.raw_setup)
        if not (isinstance(raw.get("roles"), list) and isinstance(raw.get("deck"), list)):
            raw.pop("seed", None)          # a new deal
        self.prepare(raw)
        self.start()
        return {"ok": True}

    def _cmd_undo(self, **_: Any) -> dict:
        game = self.game
        if self.ended_game_id is not None and (
                game is None or not self.service.journal.actions(self.game_id)):
            return self._restore_ended_game()
        if game is None or self.game_id is None:
            raise CommandRefused("no_game", "no game to undo in")
        undone = next((a for a in reversed(self.service.journal.actions(self.game_id))
                       if a.get("action") != "reshuffle"), None)
        try:
            self.service.journal.append_undo(self.game_id)
        except NothingToUndo as exc:
            raise CommandRefused("nothing_to_undo", str(exc)) from None
        self.scanning.end()
        journal_game = self.service.journal.game(self.game_id)
        if journal_game.status != "playing":
            self.service.journal.finish_game(self.game_id, "playing")
        self._rebuild(self.game_id, journal_game.setup, journal_game.actions)
        log.info("undo: back to %d actions", len(journal_game.actions))
        self._after_undo(undone or {})
        return {"actions": len(journal_game.actions)}

    def _cmd_act(self, action: Any = None, **_: Any) -> dict:
        raw = action
        try:
            made = Action.from_json(raw)
        except IllegalAction as exc:
            self.refuse(exc, Action(str(raw.get("action")) if isinstance(raw, dict) else "?"))
            code = f"illegal.{exc.reason}" if f"illegal.{exc.reason}" in REFUSAL_CODES else "refused"
            message = f"act: {exc.message}"
            raise CommandRefused(code, message, **({"detail": message} if code == "refused" else {})) from None
        if self.game is None:
            raise CommandRefused("no_game", "no game is running")
        if self.paused:
            raise CommandRefused("paused", "the game is paused")
        if not self.accept(made, from_gm=True):
            raise CommandRefused("action_refused", f"{made.kind} was refused", action=made.kind)
        return {"accepted": True, "state": state_json(self.game) if self.game else None}

    def _cmd_choose(self, seat: Any = None, target: Any = None, **_: Any) -> dict:
        game = self.game
        if game is None:
            raise CommandRefused("no_game", "no game is running")
        if type(seat) is not int or type(target) is not int:
            raise CommandRefused("choose_needs_seats", "choose needs a seat and a target (seat numbers)")
        if game.phase == "nomination":
            kind = "nominate"
        elif game.phase == "power" and game.power in TARGET_POWERS:
            kind = TARGET_POWERS[game.power]
        else:
            raise CommandRefused("nothing_to_choose", f"nothing to choose now ({game.phase})", phase=game.phase)
        self.scanning.end()
        if self.mirror.blocked(kind):          # the game master chose: no seat is told to press again
            raise CommandRefused("board_mismatch", "the board does not match the game; fix it first")
        if not self.accept(Action(kind, seat=seat, target=target), from_gm=True):
            raise CommandRefused("action_refused", f"{kind} was refused", action=kind)
        return {"accepted": True}

    def _cmd_story(self, **_: Any) -> dict:
        return {"story": [[self.status.story_text(a) for a in round_] for round_ in self.status.story_rounds()]}

    def _cmd_seat_settings(self, seat: Any = None, **changes: Any) -> dict:
        return self.change_seat_settings(seat, changes)

    def _cmd_key(self, gesture: Any = "press", **_: Any) -> dict:
        self._on_GameMasterKey(type("GameMasterKey", (), {"gesture": gesture})())
        return {"paused": self.paused}

    def end_game(self) -> dict:
        """The game master ends the game (or the setup) and the board waits for a new setup
        (the console's ``restart``).

        The journal's game is marked ``ended`` and abandoned (a game already over stays as
        it was), nothing is dealt and no prolog is spoken; the table hears only ``gm.ended``.
        Per-seat settings stay (ACCESSIBILITY.md 19).

        :returns: ``{"ended": True}``.
        :raises CommandRefused: ``no_game`` when there is neither a game nor a setup.
        """
        if self.game is None and self.pending_setup is None and self.reads.tiles is None:
            raise CommandRefused("no_game", "no game to restart")
        self.scanning.end()
        if self.game_id is not None and self.game is not None and self.game.phase != "game_over":
            self._journal_note({"note": "ended", "by": "game master"})
            self.service.journal.finish_game(self.game_id, "abandoned")
            self.ended_game_id = self.game_id        # undo brings it back until a new start
        self.game = self.game_id = self.setup = None
        self.pending_setup = self.reads.tiles = None
        self.reads.forget()
        self.deck.forget()
        self.padding.recall = {}
        self.paused = False
        self.mirror.clear()
        log.info("game ended by the game master: waiting for a new setup")
        self.reminders.stop()
        self.say("public", "gm.ended", {})
        return {"ended": True}

    def _restore_ended_game(self) -> dict:
        """Undo the game master's end of a running game (``restart``, or a confirmed ``start``
        that replaced it): the ended game goes on from its journal, exactly where it stood; a
        replacement game without a move yet is given up. Journaled (a note, the game marked
        playing again) before the table hears ``gm.game_back`` and whose move it is.

        :returns: ``{"restored": game_id, "actions": n}``.
        """
        journal = self.service.journal
        restored = self.ended_game_id
        assert restored is not None
        self.ended_game_id = None
        self.scanning.end()
        if self.game_id is not None and self.game is not None and self.game.phase != "game_over":
            self._journal_note({"note": "ended", "by": "game master", "undo_of_end": restored})
            journal.finish_game(self.game_id, "abandoned")
        journal.finish_game(restored, "playing")
        journal_game = journal.game(restored)
        self.pending_setup = None
        self.paused = False
        self.mirror.clear()
        self._rebuild(restored, journal_game.setup, journal_game.actions)
        self._journal_note({"note": "reopened", "by": "game master"})
        log.info("undo: game %d goes on after %d actions", restored, len(journal_game.actions))
        self.say("public", "gm.game_back", {})
        self.mirror.said = None
        if not self.mirror.check(announce_change=True):
            self.mirror.after_correction(corrected=False)
        self.reminders.start()
        return {"restored": restored, "actions": len(journal_game.actions)}

    def _after_undo(self, undone: dict) -> None:
        """Say what the game master undid and by whom, what to set back on the board (a tile
        of an undone enactment must come off its slot), then whose move it is (BOARD.md
        principle 2)."""
        game = self.game
        kind = undone.get("action")
        seat = undone.get("seat")
        if kind not in catalogue.ENUMS["action"]:
            kind = "reshuffle"
        self.say("public", "undo.action", {"action": kind, "seat": seat if type(seat) is int else None})
        self.mirror.refused_slots.clear()
        if game is not None:
            for track, n in TRACK_SLOTS.items():
                laws = game.democratic_laws if track == "democratic" else game.fascist_laws
                if laws < n and self.mirror.slots[track][laws] and kind in ("enact", "chaos_law"):
                    self.mirror.stale_slots.add((track, laws + 1))   # the undone law still lies there
        self.mirror.said = None
        if not self.mirror.check(announce_change=True):
            self.mirror.after_correction(corrected=False)
        self.reminders.start()

    def _on_GameMasterKey(self, event: Any) -> None:
        if event.gesture == "press":
            what = "resume" if self.paused else "pause"
            try:
                self.command(what)
            except CommandRefused as exc:     # no game yet: said like any refused input
                self._refuse_plain(what, exc.code, str(exc))
        elif self.game is not None:
            self._speak_all(announce.status(self.game, None))
