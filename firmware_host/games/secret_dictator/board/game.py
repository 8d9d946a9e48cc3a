"""The Secret Dictator board adapter: its parts put together, and the state they share."""

from __future__ import annotations

import collections
from typing import Any

from firmware_host.games.secret_dictator import Game, Setup
from firmware_host.table import pace
from firmware_host.table.evening import Evening
from firmware_host.table.moves import journal_note
from firmware_host.table.reminders import Reminders
from firmware_host.table.seat_settings import SeatSettings
from firmware_host.table.seats import SeatStore
from firmware_host.games.secret_dictator.board.lifecycle import LifeCycle
from firmware_host.games.secret_dictator.board.faults import Faults
from firmware_host.games.secret_dictator.board.speaking import Speaking
from firmware_host.games.secret_dictator.board.padding import Padding
from firmware_host.games.secret_dictator.board.lobby import Lobby
from firmware_host.games.secret_dictator.board.moves import Moves
from firmware_host.games.secret_dictator.board.mirror import Mirror
from firmware_host.games.secret_dictator.board.buttons import Buttons
from firmware_host.games.secret_dictator.board.status import Status
from firmware_host.games.secret_dictator.board.tiles import Tiles
from firmware_host.games.secret_dictator.board.scans import Scans
from firmware_host.games.secret_dictator.board.gamemaster import GameMaster
from firmware_host.games.secret_dictator.board.views import Views
from firmware_host.games.secret_dictator.board.deck import PhysicalDeck


class SecretDictatorGame(LifeCycle, Speaking, Lobby, Moves, Buttons, GameMaster, Views):
    """Secret Dictator's side of the board service (see :mod:`firmware_host.games.secret_dictator.board`).

    :param service: the :class:`~firmware_host.service.core.BoardService` it runs in.

    Its parts, one concern each: the mixins it is made of (their shared state is made here), and
    the parts that own their state: ``padding`` (:class:`.padding.Padding`), ``table_faults``
    (:class:`.faults.Faults`), ``seats`` (the table's
    :class:`~firmware_host.table.seats.SeatStore`), ``deck`` (:class:`.deck.PhysicalDeck`),
    ``mirror`` (:class:`.mirror.Mirror`: slots, tracker pin, corrections), ``reads``
    (:class:`.tiles.Tiles`: the tiles read), ``scanning`` (:class:`.scans.Scans`: the running
    scan) and ``status`` (:class:`.status.Status`: status layers, the story).
    """

    def __init__(self, service: Any) -> None:
        self.service = service
        self.settings = service.settings
        self.game: Game | None = None
        self.game_id: int | None = None
        self.setup: Setup | None = None
        self.pending_setup: dict | None = None      # validated, not yet started
        self.raw_setup: dict | None = None          # as the game master gave it (restart)
        self.names: dict[int, str] = {}
        self.seats = SeatStore(service, self._seat_changed)   # ACCESSIBILITY.md 19, kept in the SQLite file
        self._heard_long: set[tuple[int, str]] = set()     # (seat, key) heard in the long wording
        self.role_source = self.settings.roles
        self.language = "de"
        self.paused = False
        # the journal id of the last game the game master ended (or replaced by a new start)
        # while it was running: ``undo`` brings it back until a next game has a move
        self.ended_game_id: int | None = None
        self.table_faults = Faults(self)                   # faults, readers (the table's), the console's list
        self._heard: dict[str, tuple[int, list[dict]]] = {}   # no sound: channel -> (seq, announce lines of its last utterance)
        self._last_public: list = []                      # the public utterances of the last accepted move
        self._move_said: list = []                        # those of the last move said (a status waits for them)
        self._long_pending: dict[str, Any] = {}           # superseded key -> its long utterance, maybe unheard
        self._vote_round = 0                              # elections so far: scopes superseding counts
        self._step_public: list[tuple[int, Any]] = []     # (service step, public utterance) said for this input
        self._public_said: list = []                      # public utterances not yet played to their end
        self._heard_seq = 0
        self.announced: collections.deque = collections.deque(maxlen=50)
        self.faults: collections.deque = self.table_faults.listed
        self._last_groups: list = []                      # (action, events) groups of a rebuilt game
        self._presidents = 0                              # president.new said in this game (prerender)
        self._heard_pad: dict[str, float | None] = {}     # channel -> padding of its last utterance
        self.padding = Padding(self)
        self.deck = PhysicalDeck(self)
        self.mirror = Mirror(self)
        self.reads = Tiles(self)
        self.scanning = Scans(self)
        self.status = Status(self)
        self.evening = Evening(self.status.tell_story)     # after game over: the story, the next game
        self.gm = self._commands()                         # the game master's commands (the table's table)
        # ACCESSIBILITY.md 28, issue 31: nobody waits in silence (the table's reminders)
        self.reminders = Reminders(service, self._awaited_now, self._remind)

    @property
    def seat_settings(self) -> dict[int, SeatSettings]:
        """Seat → its :class:`~firmware_host.table.seat_settings.SeatSettings` (ACCESSIBILITY.md 19)."""
        return self.seats.by_seat

    def activate(self) -> None:
        """The adapter becomes the active one (boot, or the game master switched games): the
        stored seat settings are read and applied (:meth:`SeatStore.apply`)."""
        self.seats.apply()

    def change_seat_settings(self, seat: Any, changes: dict) -> dict:
        """Change and store one seat's settings (ACCESSIBILITY.md 19); the seat hears
        ``settings.saved``.

        :returns: ``{"seat": seat, "settings": {field: value}}`` (the fields that are set).
        :raises CommandRefused: as :meth:`SeatStore.change` (nothing changed).
        """
        out = self.seats.change(seat, dict(changes))
        self.say(f"seat:{seat}", "settings.saved", {})
        return out

    def _seat_changed(self, seat: int, new: SeatSettings, changes: dict) -> None:
        """A seat's settings were stored and applied (voice, button): its name at the table,
        padded clips measured again at the new rate or forms, a running scan re-timed, the
        table's names noted in the journal and the speech plan renewed."""
        if "name" in changes:
            players = self.setup.players if self.setup is not None else 10
            if new.name and seat < players:
                self.names[seat] = new.name
            else:
                self.names.pop(seat, None)
        if self.service.voice is not None and ("rate" in changes or "volume" in changes):
            self.padding.measured.clear()           # clip lengths at the new rate
        if "scan_interval" in changes and self.scanning.scan is not None and self.scanning.scan.seat == seat:
            self.scanning.scan.settings = lambda: self._scan_settings(seat)      # from the next step of a running scan
        if "gender" in changes:
            self.padding.measured.clear()           # private clips padded with the new forms
            self._plan_speech()
        if "name" in changes:
            if self.game is not None:
                self._journal_note({"note": "table", "names": {str(k): v for k, v in self.names.items()},
                                    "role_source": self.role_source})
            self._plan_speech()                     # the seat is called by its new name from now on

    def _scan_settings(self, seat: int) -> Any:
        """The scan timing for ``seat``: the board's ``[scan]`` with the seat's own
        ``scan_interval`` (ACCESSIBILITY.md 13, 19) when it has one, else with its learned
        pace (31, :mod:`firmware_host.table.pace`)."""
        own = self.seat_settings.get(seat, SeatSettings()).scan_interval
        return pace.for_service(self.service).scan_settings(seat, self.settings.scan, own)

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

    def _awaited_now(self) -> tuple[int, ...]:
        """Whom the table's reminders wait for (:mod:`firmware_host.table.reminders`): the
        seats the engine waits for (public in this game: the table hears whose move it is),
        nobody without a running game, while paused, during a role reading or while the
        board asks for a correction."""
        game = self.game
        if (game is None or self.paused or game.phase == "game_over" or self.reads.tiles is not None
                or self.mirror.problems()):
            return ()
        return tuple(game.awaiting())

    def _remind(self, seats: tuple[int, ...]) -> None:
        """The table's reminder after a quiet spell: ``table.waiting`` naming ``seats`` at the
        table (never a message a repeat gives back: a seat's last instruction stays one press
        away)."""
        self.say("public", "table.waiting", {"seats": list(seats)}, history=False)

    def _journal_note(self, note: dict) -> None:
        """A note beside the running game's actions in the journal (never an action)."""
        journal_note(self.service.journal, self.game_id, note)

    @property
    def genders(self) -> dict[int, str]:
        """``{seat: "m" | "f"}`` from the seat settings (``gender``), for the catalogue's
        gendered forms (WORDING-REVIEW.md "Gender")."""
        return {seat: own.gender for seat, own in self.seat_settings.items() if own.gender}
