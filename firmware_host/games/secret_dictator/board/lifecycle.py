"""Start-up and shut-down: the board's settled inputs, the stored seat settings, a resumed game."""

from __future__ import annotations

from typing import Any

from firmware_host.kernel import games
from firmware_host.errors import FirmwareHostError
from firmware_host.service.journal import JournalError, UnknownGameError
from firmware_host.games.secret_dictator.board.common import TRACK_SLOTS, log


class LifeCycle:
    """Start-up and shut-down: the board's settled inputs, the stored seat settings, a resumed game.

    A part of :class:`~firmware_host.games.secret_dictator.board.game.SecretDictatorGame`; its state is made there."""

    def boot(self, resume: bool = True) -> None:
        """Read the board's settled inputs and the stored seat settings, then resume an
        unfinished game (and say so).

        A journal that found damage at its self-check (``journal.repair``) is reported first,
        at the table (``journal.*``, in the resumed game's language), on the console (faults)
        and as a ``fault`` line; a game whose journaled actions already end it (a journal of
        an older firmware, cut before its game-over mark) is marked over, not resumed."""
        set_pronunciation = getattr(self.service.voice, "set_pronunciation", None)
        if callable(set_pronunciation):
            set_pronunciation(games.pronounce)   # every game's titles: the lobby names them all
        self._read_board()
        self.seats.apply()
        journal = self.service.journal
        repair = getattr(journal, "repair", None)
        unfinished = self._unfinished() if resume else None
        if unfinished is None and resume:
            unfinished = self._end_untold()
        if unfinished is None:
            if repair is not None:
                self.table_faults.report_repair(repair)
            log.info("no unfinished game in the journal: waiting for a setup")
            self.say("public", "service.ready", {})
            self._plan_speech()
            return
        try:
            self._rebuild(unfinished.id, unfinished.setup, unfinished.actions)
        except (FirmwareHostError, ValueError) as exc:
            log.error("journal game %d cannot be resumed: %s", unfinished.id, exc)
            journal.finish_game(unfinished.id, "abandoned")
            self.game = None
            if repair is not None:
                self.table_faults.report_repair(repair, resumed=False)
            self.say("public", "service.ready", {})
            return
        if repair is not None:
            self.table_faults.report_repair(repair)
        assert self.game is not None
        if self.game.phase == "game_over" and unfinished.status == "over":
            self._tell_end()
            return
        if self.game.phase == "game_over":
            journal.finish_game(unfinished.id, "over")
            log.info("game %d was already over (%s): marked over, not resumed", unfinished.id, self.game.winner)
            self.say("public", "service.ready", {})
            return
        log.info("resumed game %d after %d actions", unfinished.id, len(unfinished.actions))
        self.say("public", "service.resumed", {})
        self._plan_speech()
        self._replay_last_group(emit=self._untold(unfinished))
        self._settle_reshuffle()
        self.mirror.check(announce_change=True)
        self._told()
        self.reminders.start()

    def _untold(self, journal_game: Any) -> bool:
        """True when the journal does not show the table told of ``journal_game``'s last
        action (its ``told`` notes; a journal without them: not known, so True)."""
        try:
            told = self.service.journal.told(journal_game.id)
        except JournalError as exc:
            log.warning("journal: what the table was told cannot be read: %s", exc)
            return True
        return told is None or told < len(journal_game.actions)

    def _end_untold(self) -> Any:
        """The journal's last game if it is over but its end was never announced (a cut right
        after its last action was journaled, issue 34), or None; one that cannot be read is
        said lost."""
        try:
            return self.service.journal.end_untold()
        except (JournalError, UnknownGameError) as exc:
            log.error("journal: the last game cannot be read: %s", exc)
            self.table_faults.journal_unreadable(str(exc))
            return None

    def _tell_end(self) -> None:
        """After a cut between the game's last action and its announcement (issue 34): the
        table hears that the board is back, then the end it never heard (the last move, the
        winner and the roles), once, and how the evening goes on (ACCESSIBILITY.md 30)."""
        log.info("game %d ended before the cut: its end is said now", self.game_id)
        self.say("public", "service.resumed", {})
        self._plan_speech()
        said = self._replay_last_group()           # end_untold: its last action was never told
        self._told()
        offer = self.say("public", "evening.offer", {}, after=tuple(said))
        self.evening.over(self.status.story_parts, after=[*said, offer])

    def _unfinished(self) -> Any:
        """The journal's unfinished game, or None; one that cannot be read is said lost."""
        try:
            return self.service.journal.unfinished()
        except (JournalError, UnknownGameError) as exc:
            log.error("journal: the unfinished game cannot be read: %s", exc)
            self.table_faults.journal_unreadable(str(exc))       # said lost, listed, a fault line
            return None

    def shutdown(self) -> None:
        """End a running scan and the reminders (the service stops)."""
        self.scanning.end()
        self.reminders.stop()

    def _read_board(self) -> None:
        board = self.service.board
        snap = None
        for obj in (board, getattr(board, "board", None)):
            if obj is not None and callable(getattr(obj, "snapshot", None)):
                try:
                    snap = obj.snapshot()
                    break
                except Exception as exc:  # noqa: BLE001 - a board without a snapshot is fine
                    log.warning("board snapshot: %s", exc)
        if snap is None:
            return
        for track, filled in snap.slots.items():
            if track in self.mirror.slots:
                self.mirror.slots[track] = list(filled)[:TRACK_SLOTS[track]]
        self.mirror.tracker = snap.tracker
        self.table_faults.readers = dict(snap.readers)
