"""The Secret Dictator board adapter: its parts put together, and the state they share."""

from __future__ import annotations

import collections
from typing import Any

from firmware_host.games.secret_dictator import Game, Setup
from firmware_host.table.evening import Evening
from firmware_host.table.scanning import Scan
from firmware_host.table.seat_settings import SeatSettings
from firmware_host.games.secret_dictator.board.lifecycle import LifeCycle
from firmware_host.games.secret_dictator.board.faults import Faults, _Faults
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
from firmware_host.games.secret_dictator.board.seats import Seats
from firmware_host.games.secret_dictator.board.views import Views
from firmware_host.games.secret_dictator.board.deck import PhysicalDeck


class SecretDictatorGame(LifeCycle, Faults, Speaking, Padding, Lobby, Moves, Buttons, Status,
                         Scans, GameMaster, Seats, Views):
    """Secret Dictator's side of the board service (see :mod:`firmware_host.games.secret_dictator.board`).

    :param service: the :class:`~firmware_host.service.core.BoardService` it runs in.

    Its parts, one concern each: the mixins it is made of (their shared state is made here),
    and the parts that own their state: ``deck`` (:class:`.deck.PhysicalDeck`), ``mirror``
    (:class:`.mirror.Mirror`: slots, tracker pin, corrections) and ``reads``
    (:class:`.tiles.Tiles`: the tiles read).
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
        self.seat_settings: dict[int, SeatSettings] = {}   # ACCESSIBILITY.md 19, kept in the SQLite file
        self._heard_long: set[tuple[int, str]] = set()     # (seat, key) heard in the long wording
        self.role_source = self.settings.roles
        self.language = "de"
        self.paused = False
        # the journal id of the last game the game master ended (or replaced by a new start)
        # while it was running: ``undo`` brings it back until a next game has a move
        self.ended_game_id: int | None = None
        self.table_faults = _Faults(self)                 # faults, readers (the table's), the console's list
        self._heard: dict[str, tuple[int, list[dict]]] = {}   # no sound: channel -> (seq, announce lines of its last utterance)
        self._last_public: list = []                      # the public utterances of the last accepted move
        self._move_said: list = []                        # those of the last move said (a status waits for them)
        self._long_pending: dict[str, Any] = {}           # superseded key -> its long utterance, maybe unheard
        self._vote_round = 0                              # elections so far: scopes superseding counts
        self._step_public: list[tuple[int, Any]] = []     # (service step, public utterance) said for this input
        self._scan_said: list = []                        # the running scan's utterances
        self._public_said: list = []                      # public utterances not yet played to their end
        self._heard_seq = 0
        self.scan: Scan | None = None
        self.announced: collections.deque = collections.deque(maxlen=50)
        self.faults: collections.deque = self.table_faults.listed
        self._last_groups: list = []                      # (action, events) groups of a rebuilt game
        self._presidents = 0                              # president.new said in this game (prerender)
        # ACCESSIBILITY.md 8: each seat's own secrets of this round, again in its private status
        self._recall: dict[int, dict[str, Any]] = {}
        self._measured: dict[tuple, float] = {}           # (channel, text, earcon) -> seconds as played
        self._heard_pad: dict[str, float | None] = {}     # channel -> padding of its last utterance
        self._status_step: dict[int, tuple[int, float]] = {}  # seat -> (next status layer, until when)
        self._story: tuple[tuple[int, int], list] | None = None  # ((game id, actions), rounds) told
        self.evening = Evening(self._tell_story)           # after game over: the story, the next game
        self.deck = PhysicalDeck(self)
        self.mirror = Mirror(self)
        self.reads = Tiles(self)

    @property
    def genders(self) -> dict[int, str]:
        """``{seat: "m" | "f"}`` from the seat settings (``gender``), for the catalogue's
        gendered forms (WORDING-REVIEW.md "Gender")."""
        return {seat: own.gender for seat, own in self.seat_settings.items() if own.gender}
