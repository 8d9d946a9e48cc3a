"""The board as a host of game packs: it holds one type, the game's
:class:`~firmware_host.table.BoardAdapter`, and hands every call to the adapter of the game
being played (no attribute is probed: what an adapter does not override is the base's).

The service knows no game: a setup's ``game`` key (REPLAY.md; absent = the default game)
names a registered pack (:mod:`firmware_host.kernel.games`), whose ``adapter(service)`` makes its
adapter. :class:`GameHost` keeps one adapter per game, made when first needed, and switches
when the game master sets up another game (the running game is ended first, as a new setup of
the same game would). A setup that only prepares (the console's, then ``start``) never ends a
running game: the switch waits for the ``start``, which the console confirms. On start it
resumes the journal's unfinished game with that game's adapter.

Every call the service, the console and the simulator make is named here (no attribute is
forwarded silently); buttons, speech, scans, status and the console's snapshot are the
active adapter's, but for the game-neutral front of the table that comes first
(:class:`~firmware_host.table.TableFront`, the one other type of the table the host holds):
the setup from the seats while the board waits for a setup (issue 14), a seat's own settings
scan, the board's own voice and the cut of the last game's speech when a new one begins.
"""

from __future__ import annotations

import logging
from typing import Any

from firmware_host.kernel import games
from firmware_host.errors import FirmwareHostError, UsageError
from firmware_host.service.refusals import CommandRefused
from firmware_host.table import BoardAdapter, TableFront

log = logging.getLogger("firmware_host.service")

__all__ = ["GameHost"]


class GameHost:
    """Every registered game on one board (see the module docstring).

    :param service: the :class:`~firmware_host.service.core.BoardService`.
    :param default: the game before any setup (the registry's default).
    """

    def __init__(self, service: Any, default: str = games.DEFAULT_GAME) -> None:
        self.service = service
        self.adapters: dict[str, BoardAdapter] = {}
        self._playable: list[str] | None = None
        self.current = default
        self.active = self._adapter(default)
        #: a game prepared while another one runs: switched to at the next ``start``, or None
        self.next_game: str | None = None
        #: the game left by the last switch whose ended game an undo can still bring back
        #: (the game master's end, or a start that replaced it), or None
        self.back_to: str | None = None
        #: the game-neutral front of the table: lobby, seat menu, board speech (issue 29)
        self.table = TableFront(service, self)

    @property
    def seat_menu(self) -> Any:
        """The seats' own settings scans (:class:`~firmware_host.table.seat_menu.SeatMenu`),
        which a game's status may offer after its last layer."""
        return self.table.seat_menu

    def _adapter(self, name: str) -> BoardAdapter:
        if name not in self.adapters:
            self.adapters[name] = games.pack(name).adapter(self.service)
        return self.adapters[name]

    # -- the active game, by name (no other attribute is forwarded) ----------------------------
    @property
    def game(self) -> Any:
        """The active adapter's engine game in play, or None."""
        return self.active.game

    @property
    def game_id(self) -> int | None:
        """The journal's id of the active game, or None."""
        return self.active.game_id

    @property
    def setup(self) -> Any:
        """The active game's rules setup, or None."""
        return self.active.setup

    @property
    def names(self) -> dict:
        """``{seat: player name}`` of the active game."""
        return dict(self.active.names)

    @property
    def language(self) -> str:
        """The language the active game speaks."""
        return self.active.language

    @property
    def seat_settings(self) -> dict:
        """Seat → its :class:`~firmware_host.table.seat_settings.SeatSettings` (the active
        adapter keeps them)."""
        return self.active.seat_settings

    def change_seat_settings(self, seat: Any, changes: dict) -> dict:
        """Change and store one seat's settings through the active adapter.

        :raises CommandRefused: as the adapter's ``change_seat_settings``.
        """
        return self.active.change_seat_settings(seat, changes)

    def public_setup(self) -> dict | None:
        """The active game's setup as the console shows it, or None."""
        return self.active.public_setup()

    def start(self) -> None:
        """Start the active game's prepared setup, or the game prepared while it ran
        (:meth:`prepare`). :raises UsageError: without one."""
        self.table.console_took_over()
        self._to_next_game()
        self.active.start()

    # -- switching ---------------------------------------------------------------------------
    def _switch(self, name: str) -> None:
        """Make ``name``'s adapter the active one; a game running in another one is ended
        (journal: abandoned; the table hears ``gm.ended``). The game left is remembered
        (:attr:`back_to`) while an undo can bring its ended game back."""
        if name == self.current:
            return
        old = self.active
        if old.final_state() is not None and old.final_state().get("phase") != "game_over":
            try:
                old.end_game()
            except UsageError as exc:
                log.info("switching games: %s", exc)
        old.shutdown()
        self.back_to = self.current if old.moves.can_restore() else None
        self.current, self.active = name, self._adapter(name)
        self._activate()
        log.info("game pack: %s", name)

    def _activate(self) -> None:
        """The stored seat settings applied to the adapter that becomes active
        (ACCESSIBILITY.md 19: they survive a switch of games)."""
        self.active.activate()

    def _choose(self, setup: Any) -> Any:
        """Switch to the game ``setup`` names; the setup for its adapter (:meth:`_named`).

        :raises CommandRefused: as :meth:`_named`.
        """
        name, chosen = self._named(setup)
        self._switch(name)
        self.next_game = None
        return chosen

    def _named(self, setup: Any) -> tuple[str, Any]:
        """The game ``setup`` names and the setup for its adapter (``game`` removed for the
        default game, whose setup predates the key); nothing is switched.

        :raises CommandRefused: ``setup_invalid``: a game that is not registered, or whose
            pack has no board adapter.
        """
        try:
            name, rest = games.split_setup(setup)
        except games.UnknownGame as exc:
            raise CommandRefused("setup_invalid", f"setup: {exc}", detail=str(exc)) from None
        if name not in self.adapters and games.pack(name).adapter is None:
            message = f"the board cannot play {name} yet (its pack has no board adapter)"
            raise CommandRefused("setup_invalid", f"setup: {message}", detail=message)
        return name, (rest if name == games.DEFAULT_GAME else setup)

    # -- what the service asks the board ---------------------------------------------------------
    def boot(self, resume: bool = True) -> None:
        """Resume the journal's unfinished game with its game's adapter, or wait for a setup.
        The speech renderer is given every registered game's pronunciation overrides first
        (:func:`firmware_host.games.pronounce`: the lobby says every game's title)."""
        set_pronunciation = getattr(self.service.voice, "set_pronunciation", None)
        if callable(set_pronunciation):
            set_pronunciation(games.pronounce)
        try:
            unfinished = (self.service.journal.unfinished() or self.service.journal.end_untold()) if resume else None
        except FirmwareHostError:          # unreadable: the default adapter says so (journal.*)
            unfinished = None
        if unfinished is not None:
            try:
                name, _ = games.split_setup(unfinished.setup)
            except games.UnknownGame:
                name = games.DEFAULT_GAME       # the adapter abandons what it cannot read
            self.current, self.active = name, self._adapter(name)
        self.active.boot(resume=resume)
        self.table.had_game = self.game is not None
        if self.waiting_for_setup():
            self.table.plan_speech(self.active)     # the setup from the seats first (issue 31)

    def pieces_at_boot(self) -> dict | None:
        """What the journal's unfinished game says lies on the board's slots and peg
        (its adapter's :meth:`~firmware_host.table.BoardAdapter.pieces_of`), or None: no
        unfinished game, or one that keeps nothing there. For ``simulate``'s mocked board,
        which starts empty where a real board keeps its tiles over a restart."""
        try:
            unfinished = self.service.journal.unfinished()
            if unfinished is None:
                return None
            name, _ = games.split_setup(unfinished.setup)
            return self._adapter(name).pieces_of(unfinished.setup, list(unfinished.actions))
        except (FirmwareHostError, games.UnknownGame) as exc:
            log.warning("the board's pieces of the journal's game: %s", exc)
            return None

    def waiting_for_setup(self, seat: int | None = None) -> bool:
        """True while the board has no game, no setup waiting to start and no tiles of the
        setup being read: a press at a seat then starts a setup from the seats. With ``seat``: a
        press at that seat starts one (also after game over, once the seat has heard the
        story, where the active adapter offers it: ``seat_waits_for_setup``)."""
        if seat is not None:
            return bool(self.active.seat_waits_for_setup(seat))
        return bool(self.active.waiting_for_setup())

    def in_story(self, seat: int) -> bool:
        """True when ``seat`` is in the middle of the story of the game that is over (the
        active adapter's ``seat_in_story``): its press goes on with its story, not to a setup
        from the seats that another seat has begun (ACCESSIBILITY.md 30)."""
        return bool(self.active.seat_in_story(seat))

    def handle_input(self, event: Any) -> None:
        """One input event: the table's front takes the seat buttons that are its own (a
        seat's settings scan, the setup from the seats); everything else is the active
        game's (:meth:`TableFront.handle_input <firmware_host.table.TableFront.handle_input>`)."""
        self.table.handle_input(event, self.active.handle_input)

    def setup_game(self, setup: dict, *, from_seats: bool = False) -> None:
        """Set up and start the game the setup names (the console's, or the seats' setup:
        the same setup object, the same journal line).

        :param from_seats: the setup comes from the seats (:class:`Lobby`); otherwise a
            setup from the seats going on is ended (the game master's wins).
        :raises UsageError: an unusable setup (one line).
        """
        if not from_seats:
            self.table.console_took_over()
        chosen = self._choose(setup)        # switches first: then the new adapter's method
        self.active.setup_game(chosen)

    def prepare(self, setup: dict) -> None:
        """Validate and remember a setup of the game it names (console: then ``start``).

        A setup of another game than the running one (in play, not over) is kept in that
        game's adapter and the running game goes on: only the ``start`` that follows switches
        (ending the running game, journal ``abandoned``), as a setup never ends a game and the
        console asks before a ``start`` or ``restart`` does.

        :raises UsageError: an unusable setup (one line).
        """
        self.table.console_took_over()
        name, chosen = self._named(setup)
        if name != self.current and self._running():
            self._adapter(name).prepare(chosen)
            self.next_game = name
            log.info("setup of %s kept until the game master starts it: %s is in play", name, self.current)
            return
        self._switch(name)
        self.next_game = None
        self.active.prepare(chosen)

    def command(self, name: str, /, **fields: Any) -> dict:
        """A game-master command; ``start`` with a ``setup`` picks that setup's game first.

        :raises UsageError: a refused command (one line).
        """
        if name in ("start", "restart"):
            self.table.console_took_over()
        if name == "start" and fields.get("setup") is not None:
            fields = {**fields, "setup": self._choose(fields["setup"])}
        elif name == "start":
            self._to_next_game()
        elif name == "undo":
            return self._undo()
        return self.active.command(name, **fields)

    def _undo(self) -> dict:
        """The game master's undo. When it brings back the game the game master ended or a new
        start replaced (the console's "Undo last action" before the new game's first move),
        what the given-up game still had queued or playing (a new start's opening: roles,
        hands, "your turn") is cut on every output first, as :meth:`end_game` cuts an ended
        game, so the table hears ``gm.game_back`` at once and nothing of a game that is not
        played (a role or a turn it told would be false), nor ``gm.ended`` for it when the undo
        switched back from another game (the board does not wait for a new game). Any other
        undo (a move taken back) cuts nothing.

        :raises CommandRefused: as :meth:`BoardAdapter.command` ``undo`` (e.g. ``no_game``)."""
        restoring = self._back_before_first_move() or self.active.moves.can_restore()
        voice = self.service.voice
        # marked after the switch back, which ended the given-up game ("gm.ended": the board
        # waits for a new game): that is as false now as the given-up game's opening, both cut
        mark = voice.mark() if voice is not None and hasattr(voice, "drop_before") else None
        result = self.active.command("undo")
        if restoring and mark is not None:
            dropped = voice.drop_before(mark)
            if dropped:
                log.info("undo: %d announcements of the given-up game cut", dropped)
        return result

    def _back_before_first_move(self) -> bool:
        """The game master's undo while the game switched to has no move yet, and the game
        left then was ended by the game master or replaced by that start: back to the left
        game's adapter (the new game, moveless, is given up), whose undo brings its ended game
        back (the console's promise: "Undo last action" brings the ended game back until the
        new game's first move, whatever game that is). True when switched back."""
        name = self.back_to
        if name is None or name == self.current or name not in self.adapters:
            return False
        moves = self.active.moves
        if moves.game_id is not None and self.service.journal.actions(moves.game_id):
            self.back_to = None                   # the new game has a move: out of reach
            return False
        if not self.adapters[name].moves.can_restore():
            self.back_to = None
            return False
        self._switch(name)
        self.back_to = None
        log.info("undo: back to %s, whose ended game comes back", name)
        return True

    def _to_next_game(self) -> None:
        """Switch to the game prepared while another one ran (:meth:`prepare`), if any."""
        name, self.next_game = self.next_game, None
        if name is not None and name != self.current:
            self._switch(name)

    def _running(self) -> bool:
        """True while the active adapter has a game in play that is not over."""
        final = self.active.final_state()
        return final is not None and final.get("phase") != "game_over"

    def end_game(self) -> dict:
        """End the active game (see :meth:`BoardAdapter.end_game`, the console's "Restart"):
        what the ended game still had queued or playing is cut on every output, so the table
        hears ``gm.ended`` at once and nothing of the ended game after it (the board waits for
        a new game; a refused end cuts nothing). A game already over is not cut: its end is
        told whole, then ``gm.ended`` (issue 34: nothing lost, everything said).

        :raises CommandRefused: as :meth:`BoardAdapter.end_game` (``no_game``)."""
        voice = self.service.voice
        mark = (voice.mark() if voice is not None and hasattr(voice, "drop_before") and self._running()
                else None)
        ended = self.active.end_game()
        if mark is not None:
            dropped = voice.drop_before(mark)
            if dropped:
                log.info("game ended by the game master: %d announcements of it cut", dropped)
        return ended

    def say(self, channel: str, key: str, params: dict, **kwargs: Any) -> Any:
        """Speak through the active game's catalogue; a key of the board's own catalogue
        (:mod:`~firmware_host.service.board_catalogue`: a fault of a part the game can do
        without) in the board's words, whatever game runs."""
        if self.table.says(key):
            return self.table.say(channel, key, params, priority=kwargs.get("priority", "normal"))
        return self.active.say(channel, key, params, **kwargs)

    def snapshot(self) -> dict:
        """The active game's console picture, with ``game``, the registered ``games``, the
        ``lobby``, the games the board can play (``playable``: their pack has a board
        adapter) and each seat's learned pace (``seat_pace``, ACCESSIBILITY.md 31:
        :meth:`SeatPaces.snapshot <firmware_host.table.pace.SeatPaces.snapshot>`)."""
        snap = dict(self.active.snapshot())
        snap["game"] = self.current
        snap["games"] = list(games.names())
        front = self.table.snapshot()
        snap["lobby"] = front["lobby"]
        snap["playable"] = self.playable()
        snap["seat_pace"] = front["seat_pace"]
        return snap

    def playable(self) -> list[str]:
        """The registered games whose pack has a board adapter, in :func:`games.names` order."""
        if self._playable is None:
            self._playable = [name for name in games.names()
                              if games.pack(name).adapter is not None]
        return list(self._playable)

    def reveal(self, seat: int | None) -> dict:
        """The active game's secrets for the game master."""
        return self.active.reveal(seat)

    def final_state(self) -> dict | None:
        """The active game's replay ``state``, or None."""
        return self.active.final_state()

    def status_line(self) -> str:
        """The active game's STATUS= line (a setup from the seats going on, said so)."""
        return self.table.status_line() or self.active.status_line()

    def shutdown(self) -> None:
        """Stop every adapter's scans and timers, the setup from the seats and settings scans."""
        self.table.shutdown()
        for adapter in self.adapters.values():
            adapter.shutdown()
