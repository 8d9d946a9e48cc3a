"""The move log of a game's table: a setup prepared and started, every action accepted as
*check → journal → apply → announce* (an accepted action is journaled before it is said),
refused where it is said, undone, the game ended; at boot the journal's unfinished game of
this game rebuilt, with the journal's repair report spoken in the game's language.

The game's rules come from its adapter (:class:`~.adapter.BoardAdapter` hooks):
``parse_setup(raw) -> (setup, table)``, ``new_game(setup)``, ``action_from_json(obj)``,
``accepted(action, events)``, ``replayed(game, action, events)``, ``announce_refusal(error,
action)``, ``restore_table()``, and the
engine's ``start()``, ``apply(action)``, ``copy()``, ``phase`` and ``IllegalAction``.

Example::

    moves.prepare({"players": 5, "language": "en"})   # CommandRefused(setup_*) if unusable
    moves.start()                                      # journaled, then the opening said
    moves.accept(Action("vote", 0, 2))                 # True; False: refused and said
    moves.undo(); moves.end()
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from firmware_host.errors import FirmwareHostError, UsageError
from firmware_host.kernel.games import UnknownGame, split_setup
from firmware_host.service import board_catalogue
from firmware_host.service.journal import JournalError, NothingToUndo
from firmware_host.service.refusals import CommandRefused

log = logging.getLogger("firmware_host.service")

__all__ = ["MoveLog", "journal_note"]


def journal_note(journal: Any, game_id: int | None, note: dict) -> None:
    """A note beside game ``game_id``'s actions in ``journal`` (never an action; nothing
    without a game); a journal that cannot take it is a warning, the game goes on."""
    if game_id is not None:
        try:
            journal.append_note(game_id, note)
        except JournalError as exc:
            log.warning("journal note: %s", exc)


def unknown_game(setup: Any) -> bool:
    """True when a journal's ``setup`` names a game no pack of this board registers (its
    ``game`` key, :func:`~firmware_host.kernel.games.split_setup`)."""
    try:
        split_setup(setup)
    except UnknownGame:
        return True
    return False


class MoveLog:
    """The game in play and its journal (see the module docstring).

    :param service: the :class:`~firmware_host.service.core.BoardService`.
    :param table: the game's :class:`~.adapter.BoardAdapter` (its rules and words).
    """

    def __init__(self, service: Any, table: Any) -> None:
        self.service = service
        self.table = table
        self.game: Any = None
        self.game_id: int | None = None
        self.setup: Any = None
        self.pending: dict | None = None        # {"setup", "table"}: prepared, not started
        self.prepared = False
        self.held = False                       # a setup held while the table reads what it leaves open
        self.raw_setup: dict | None = None
        self.count = 0                          # the game's effective actions in the journal
        #: actions journaled but never announced, found at boot (:meth:`boot`, :meth:`tell_untold`)
        self.untold: list[dict] = []
        #: the journal id of the running game the game master ended (:meth:`end`) or a new
        #: start replaced: an undo brings it back (:meth:`restore`) until the next game has a move
        self.ended_id: int | None = None
        #: what the accepted move's lines wait for (the acting seat's answer, :meth:`accept`'s
        #: ``answer_first``), while the move is announced
        self.answered: tuple = ()

    @property
    def over(self) -> bool:
        """True when the game has ended (its phase ``game_over``)."""
        return self.game is not None and getattr(self.game, "phase", None) == "game_over"

    def running(self) -> bool:
        """True while a game is in play and not over."""
        return self.game is not None and not self.over

    # -- setup -----------------------------------------------------------------------------------
    def prepare(self, raw: Any) -> None:
        """Validate and remember a setup (the console's or the seats'), to start later.

        :raises CommandRefused: ``setup_not_object`` or the game's ``setup_*`` (one line).
        """
        if not isinstance(raw, dict):
            raise CommandRefused("setup_not_object", "the setup must be a JSON object")
        try:
            setup, table = self.table.parse_setup(dict(raw))
        except CommandRefused:
            raise
        except UsageError as exc:
            raise CommandRefused("setup_invalid", f"setup: {exc}", detail=str(exc)) from None
        self.raw_setup = dict(raw)
        self.pending = {"setup": setup, "table": table}
        self.prepared = True

    def start(self, setup: Any = None) -> list:
        """Start the prepared setup, or ``setup`` (the rules' setup the game begins with: a
        deal, or one the table read after :meth:`hold`): the journal's new game first, then
        the engine's start. Returns the start's events (the adapter announces them, then
        notes them told, :meth:`told`).

        :raises CommandRefused: ``no_setup`` without one.
        """
        if self.pending is None:
            raise CommandRefused("no_setup", "no setup: set the game up first")
        if not (setup is not None and self.held):    # held: the running game was replaced then
            self.replace()
        setup = self.pending["setup"] if setup is None else setup
        self.prepared = self.held = False
        game = self.table.new_game(setup)
        # the journal's game first: a journal that cannot take it leaves no game at the table
        game_id = self.service.journal.begin_game(setup.to_json())
        self.setup, self.game, self.game_id = setup, game, game_id
        self.count, self.untold = 0, []
        return self.game.start()

    def hold(self, setup: Any) -> None:
        """The prepared ``setup`` started but its game not begun yet: the table reads what
        it leaves open first (tiles laid seat by seat); a running game is given up (:meth:`replace`).
        :meth:`start` with the setup read begins it."""
        self.replace()
        self.prepared = False
        self.held = True
        self.game = self.game_id = None
        self.setup = setup

    def rebuild(self, game_id: int, setup_json: dict, actions: list[dict]) -> None:
        """The game of the journal's ``game_id``, replayed from its setup and actions, each
        step handed to the game as it is replayed (its ``replayed(game, action, events)``, the
        start's with ``action`` None), so no game replays the journal again.

        :raises FirmwareHostError, ValueError, KeyError, TypeError: entries that cannot be
            replayed (the caller says the game lost)."""
        setup, _ = self.table.parse_setup({k: v for k, v in setup_json.items() if k != "game"})
        game = self.table.new_game(setup)
        self.table.replayed(game, None, game.start())
        for obj in actions:
            action = self.table.action_from_json(obj)
            self.table.replayed(game, action, game.apply(action))
        self.setup, self.game, self.game_id = setup, game, game_id
        self.count, self.held = len(actions), False

    # -- actions ---------------------------------------------------------------------------------
    def accept(self, action: Any, *, from_gm: bool = False, answer: Callable[[], Any] | None = None,
               answer_first: bool = False) -> bool:
        """Check, journal, apply, announce ``action`` (in that order); an illegal one is
        refused (:meth:`refuse`). The game's last action and its end are journaled in one
        transaction; a journal that cannot take the action leaves the game as it was (a
        ``journal`` fault, nothing said).

        :param from_gm: the game master entered it (``act``, ``choose``): named in the log line.
            A seat's move while who acts is a secret (the game's ``awaited_secret``: a night) is
            logged at DEBUG only: at INFO its time would name the seat (RULES.md R16).
        :param answer: says the acting seat's own act in its earphone (a tile read, a choice
            named): called once the action is journaled, before any line of the move
            (ACCESSIBILITY.md 26); returns its Utterance or None.
        :param answer_first: the move's lines wait until that answer has ended
            (:attr:`answered`): it tells the seat to do what the next cue presumes done.
        :returns: True if accepted."""
        game = self.game
        if game is None:
            return False
        error = self.table.IllegalAction
        try:
            trial = game.copy()
            trial.apply(action)
        except error as exc:
            self.refuse(exc, action, from_gm=from_gm)
            return False
        ends = getattr(trial, "phase", None) == "game_over"
        # who acts in a step whose actors are hidden (a night) is a secret: the log's time of
        # the move would match the press of the seat whose pick took effect (RULES.md R16)
        hidden = not from_gm and bool(self.table.awaited_secret())
        try:
            self.service.journal.append_action(self.game_id, action.to_json(), finish="over" if ends else None)
        except JournalError as exc:
            log.error("journal write failed, action not taken: %s", exc)
            self.service.fault("journal", "write_failed", str(exc))
            return False
        events = game.apply(action)
        self.count += 1
        log.log(logging.DEBUG if hidden else logging.INFO, "action: %s%s", self.table.describe_action(action),
                " (game master)" if from_gm else "")
        said = answer() if answer is not None else None
        self.answered = (said,) if answer_first and said is not None else ()
        try:
            self.table.accepted(action, events)
        finally:
            self.answered = ()
        self.told()
        return True

    def told(self) -> None:
        """The table has been told the game up to its last action (its announcements are
        queued): a ``told`` note, so a restart says what was journaled but never announced
        (issue 34; :meth:`boot`)."""
        self.note({"note": "told", "actions": self.count})

    def tell_untold(self) -> None:
        """Say what the journal held but the table was never told (found by :meth:`boot`):
        each such action applied to the rebuilt game and announced as when it was accepted
        (at the end: the last move, the winner and the roles), once; then a ``told`` note."""
        untold, self.untold = self.untold, []
        if not untold or self.game is None:
            return
        for obj in untold:
            action = self.table.action_from_json(obj)
            events = self.game.apply(action)
            self.count += 1
            log.info("told after the restart: %s", getattr(action, "kind", action))
            self.table.accepted(action, events)
        self.told()

    def seat_moved(self) -> bool:
        """True when the running game's journal holds a seat's move (an action whose ``seat``
        is a seat number), told or not; False while it holds only the board's chance inputs
        (a shuffle, an arrangement: ``seat`` None) or nothing: the game is still in its opening."""
        if self.game_id is None:
            return False
        actions = self.service.journal.actions(self.game_id)
        return any(type(obj.get("seat")) is int for obj in actions if isinstance(obj, dict))

    def tell_opening(self) -> None:
        """Tell the running game's opening again, as at its start (no seat has moved:
        :meth:`seat_moved`): the game begun anew from its setup (the same deal), the table's
        :meth:`~.adapter.BoardAdapter.follow` and :meth:`~.adapter.BoardAdapter.opened` of its
        start (every seat's prolog, padded alike), then every journaled chance input applied and
        announced as when it was accepted (:meth:`tell_untold`), and a ``told`` note. Nothing is
        journaled anew; the game ends where the journal's did."""
        if self.game is None or self.game_id is None:
            return
        actions = list(self.service.journal.actions(self.game_id))
        game = self.table.new_game(self.setup)
        events = game.start()
        self.table.replayed(game, None, events)
        self.game, self.count = game, 0
        log.info("the opening told again: game %d, %d chance inputs", self.game_id, len(actions))
        self.table.follow(None, events)
        self.table.opened(events)
        self.untold = actions
        if actions:
            self.tell_untold()              # a told note after the last
        else:
            self.told()

    def refuse(self, exc: Any, action: Any, *, from_gm: bool = False) -> None:
        """A refused action: its ``rejected`` line, the console's list, an INFO log line and
        the spoken refusal (where the game says it: at the table, or only in the seat's
        earphone). A refusal whose reason is a secret (the error's ``private``: a hand lacks
        that party) names no reason on the line, the list or the log (RULES.md R16); while who
        acts is a secret (the game's ``awaited_secret``, a night) no refusal's reason is in the
        log ("not your turn" tells a seat does not act, any other reason that it does); entered
        by the game master it tells the game master that secret: a WARNING "secret revealed
        to game master" and a ``reveal`` note, as the console's reveal, and nothing is said
        (the seat did not act)."""
        private = bool(getattr(exc, "private", False))
        # while who acts is a secret (a night) every reason is one for the log: "not your turn"
        # names a seat that does not act, any other reason one that does (the seat and the
        # console are told, as the game's rules want; the service's log is read by others)
        unlogged = private or bool(self.table.awaited_secret())
        kind = getattr(action, "kind", None)
        seat = getattr(action, "seat", None)
        message = f"{kind}: not possible (the reason is private)" if private else getattr(exc, "message", str(exc))
        self._rejected(kind, exc.reason, message, seat, listed="not_possible" if private else exc.reason,
                       logged=(f"{kind} by seat {seat}" if unlogged else self.table.describe_action(action),
                               "the reason is private" if unlogged else exc.reason))
        if private and from_gm:
            log.warning("secret revealed to game master (seat %s: a refused %s tells what the hand holds)", seat, kind)
            self.note({"note": "reveal", "seat": seat, "by": f"act {kind}"})
            return
        self.table.announce_refusal(exc, action)

    def refuse_input(self, kind: str, reason: str, message: str, seat: int | None = None) -> None:
        """A refused board input that is no action of the game's rules (a tile laid while the
        game is paused, a discard no step asks for): its ``rejected`` line, the console's list
        and an INFO log line, as :meth:`refuse` writes them; what the table hears of it is the
        game's. ``kind`` names the input, ``reason`` (a word) and ``message`` why; neither may
        name a secret (RULES.md R16)."""
        self._rejected(kind, reason, message, seat, listed=reason, logged=(kind, reason))

    def _rejected(self, kind: Any, reason: str, message: str, seat: int | None, *, listed: str,
                  logged: tuple[str, str]) -> None:
        line = {"event": "rejected", "action": kind, "reason": reason, "message": message}
        if self.service.current_line:
            line["line"] = self.service.current_line
        self.table.faults.list({"kind": "rejected", "action": kind, "reason": listed, "seat": seat})
        log.info("refused: %s: %s", *logged)
        self.service.emit(line)

    def replace(self) -> None:
        """A new game begins: a running one is given up (:meth:`_abandon`, ``replaced``: undo
        brings it back until the new game has a move); after an ended game (none in play)
        the ended one is out of reach."""
        if self.running():
            self._abandon(replaced=True)
        elif self.game is None:
            self.ended_id = None

    def _abandon(self, **why: Any) -> None:
        """The running game given up by the game master: noted (``ended``, with ``why``),
        marked abandoned in the journal and remembered for :meth:`restore`."""
        if self.game_id is not None and self.running():
            self.note({"note": "ended", "by": "game master", **why})
            self.service.journal.finish_game(self.game_id, "abandoned")
            self.ended_id = self.game_id

    def can_restore(self) -> bool:
        """True when an undo now brings back the game the game master ended (:attr:`ended_id`):
        no game since, or the next one has no move yet."""
        return self.ended_id is not None and (
            self.game_id is None or self.game is None or not self.service.journal.actions(self.game_id))

    def restore(self) -> dict:
        """Undo the game master's end of a running game (:meth:`end`, or a start that replaced
        it): it goes on from its journal exactly where it stood; a replacement without a move
        is given up. Journaled (an ``ended`` note on the replacement, the game marked playing
        again, a ``reopened`` note) before the table hears of it.

        :returns: ``{"restored": game_id, "actions": n}``.
        :raises FirmwareHostError, ValueError: the ended game cannot be replayed.
        """
        journal = self.service.journal
        restored, self.ended_id = self.ended_id, None
        assert restored is not None
        if self.game_id is not None and self.running():
            self.note({"note": "ended", "by": "game master", "undo_of_end": restored})
            journal.finish_game(self.game_id, "abandoned")
        journal.finish_game(restored, "playing")
        entry = journal.game(restored)
        self.pending = None
        self.rebuild(restored, entry.setup, entry.actions)
        self.note({"note": "reopened", "by": "game master"})
        log.info("undo: game %d goes on after %d actions", restored, len(entry.actions))
        return {"restored": restored, "actions": len(entry.actions)}

    def undo(self) -> dict:
        """Take back the last accepted action, with the reshuffles the journal takes back with
        it (journal first), and rebuild the game.

        :returns: ``{"actions": n, "seat": the undone action's seat or None, "action": the
            undone action's journal object (not a reshuffle) or None}``.
        :raises CommandRefused: ``no_game``, ``nothing_to_undo``.
        """
        if self.game is None or self.game_id is None:
            raise CommandRefused("no_game", "no game to undo in")
        undone = next((a for a in reversed(self.service.journal.actions(self.game_id))
                       if a.get("action") != "reshuffle"), None)
        try:
            self.service.journal.append_undo(self.game_id)
        except NothingToUndo as exc:
            raise CommandRefused("nothing_to_undo", str(exc)) from None
        entry = self.service.journal.game(self.game_id)      # append_undo reopened a game it ended
        self.rebuild(self.game_id, entry.setup, entry.actions)
        self.told()
        log.info("undo: back to %d actions", len(entry.actions))
        seat = (undone or {}).get("seat")
        return {"actions": len(entry.actions), "seat": seat if type(seat) is int else None, "action": undone}

    def end(self) -> None:
        """The game master ends the game: a running one is abandoned in the journal (with a
        note) and an undo can bring it back (:meth:`restore`); the table forgets it.

        :raises CommandRefused: ``no_game`` without a game or a setup.
        """
        if self.game is None and self.pending is None:
            raise CommandRefused("no_game", "no game to restart")
        self._abandon()              # undo brings it back until a new start
        self.game = self.game_id = self.setup = None
        self.pending, self.held = None, False

    def note(self, note: dict) -> None:
        """A note beside the running game's actions in the journal (:func:`journal_note`)."""
        journal_note(self.service.journal, self.game_id, note)

    def table_notes(self) -> list[dict]:
        """The running game's ``table`` notes in the journal (names, the table's own setup)."""
        if self.game_id is None:
            return []
        return [body for kind, body in self.service.journal.entries(self.game_id)
                if kind == "note" and body.get("note") == "table"]

    # -- boot ------------------------------------------------------------------------------------
    def _speak_language_of(self, setup: Any) -> None:
        """Speak from now on in the language of a journal's ``setup`` (its ``language``) when
        the board's own words know it: a game that could not be resumed is said lost in the
        language its players were hearing, not the board's. Anything else changes nothing."""
        language = setup.get("language") if isinstance(setup, dict) else None
        if not isinstance(language, str) or language not in board_catalogue.LANGUAGES:
            return
        self.table.language = language
        if self.service.voice is not None:
            self.service.voice.set_language(language)

    def _not_resumed(self, unfinished: Any, repair: Any, why: str) -> None:
        """The journal's unfinished game cannot be resumed (``why``: what the rules or the
        registry said): an ERROR log line, the game marked abandoned (nothing erased), and the
        table told in the game's language: the journal's repair report when the self-check set
        the file aside (``resumed=False``), else ``journal.not_resumed`` with a ``fault`` line
        (:meth:`~.faults.TableFaults.journal_unreadable`)."""
        log.error("journal game %d cannot be resumed: %s", unfinished.id, why)
        self.untold = []
        if unfinished.status == "playing":
            self.service.journal.finish_game(unfinished.id, "abandoned")
        self.game = self.game_id = self.setup = None
        self._speak_language_of(unfinished.setup)
        if repair is not None:
            self.table.faults.report_repair(repair, resumed=False)
        else:
            self.table.faults.journal_unreadable(f"journal game {unfinished.id} cannot be resumed: {why}")

    def boot(self, resume: bool = True) -> bool:
        """Resume the journal's unfinished game of this game, or its game that ended after
        the last announcement (``Journal.end_untold``), or wait for a setup. The game is
        rebuilt up to the last action the table was told (its ``told`` notes); the actions
        journaled after it wait in :attr:`untold` for :meth:`tell_untold`. A game still
        ``playing`` whose actions end it (a journal of an older firmware, cut before its mark)
        is marked over, not resumed. The journal's
        repair report (damage found at its self-check) is spoken first, in the game's
        language. :returns: True when a game was resumed."""
        journal = self.service.journal
        repair = getattr(journal, "repair", None)
        self.untold = []
        told: int | None = None
        try:
            unfinished = (journal.unfinished() or journal.end_untold()) if resume else None
            told = journal.told(unfinished.id) if unfinished is not None else None
        except (JournalError, FirmwareHostError) as exc:
            log.error("journal: the unfinished game cannot be read: %s", exc)
            self.table.faults.journal_unreadable(str(exc))
            unfinished = None
        if unfinished is None or unfinished.setup.get("game", self.table.default_setup_game) != self.table.NAME:
            if unfinished is not None and unknown_game(unfinished.setup):
                # no adapter can resume it: given to the default game's, which says so
                self._not_resumed(unfinished, repair, f"its setup names no game of this board: "
                                                      f"{unfinished.setup.get('game')!r}")
                return False
            if repair is not None:
                self.table.faults.report_repair(repair)
            return False
        told = len(unfinished.actions) if told is None else min(told, len(unfinished.actions))
        try:
            self.rebuild(unfinished.id, unfinished.setup, unfinished.actions[:told])
            self.untold = list(unfinished.actions[told:])
        except (FirmwareHostError, ValueError, KeyError, TypeError) as exc:
            self._not_resumed(unfinished, repair, str(exc))
            return False
        if unfinished.status == "playing" and self.over and not self.untold:
            # a journal of an older firmware, cut before its game-over mark: marked over, not resumed
            journal.finish_game(unfinished.id, "over")
            log.info("game %d was already over: marked over, not resumed", unfinished.id)
            self.game = self.game_id = self.setup = None
            if repair is not None:
                self.table.faults.report_repair(repair)
            return False
        self.table.restore_table()          # the game's language first: the report is said in it
        if repair is not None:
            self.table.faults.report_repair(repair)
        log.info("resumed game %d after %d actions", unfinished.id, len(unfinished.actions))
        return True
