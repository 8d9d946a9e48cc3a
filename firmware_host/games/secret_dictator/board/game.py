"""The Secret Dictator board adapter: the table's :class:`~firmware_host.table.BoardAdapter` with
this game's parts and its own steps as hooks."""

from __future__ import annotations

import dataclasses
import itertools
import random
import secrets
from typing import Any

from firmware_host.errors import UsageError
from firmware_host.games.secret_dictator import (Action, Game, IllegalAction, Setup, announce, catalogue, deal,
                                                 private_view, public_view, state_json, story)
from firmware_host.games.secret_dictator.actions import ACTION_KINDS
from firmware_host.games.secret_dictator.scripting import reshuffle_order
from firmware_host.hardware.events import PegMoved, SlotChanged
from firmware_host.service.refusals import CommandRefused
from firmware_host.service.journal import JournalError
from firmware_host.table import ANSWERED, BoardAdapter, Words
from firmware_host.table.speech import PRIVATE_CUE, public_utterances
from firmware_host.games.secret_dictator.board.common import TARGET_POWERS, TRACK_SLOTS, log
from firmware_host.games.secret_dictator.board.deck import PhysicalDeck
from firmware_host.games.secret_dictator.board.mirror import Mirror
from firmware_host.games.secret_dictator.board.padding import Padding
from firmware_host.games.secret_dictator.board.scans import Scans
from firmware_host.games.secret_dictator.board.tiles import Tiles


class SecretDictatorGame(BoardAdapter):
    """Secret Dictator's board adapter: a :class:`~firmware_host.table.BoardAdapter` (see
    :mod:`firmware_host.games.secret_dictator.board`).

    :param service: the :class:`~firmware_host.service.core.BoardService` it runs in.

    The table's parts are the base's: ``seats`` (:class:`~firmware_host.table.seats.SeatStore`),
    ``moves`` (:class:`~firmware_host.table.moves.MoveLog`: the game, its setup and journal id,
    notes), ``gm`` (the game master's commands), ``reminders``, ``evening`` (the story after the
    game, the next game from the seats) and the dispatch of inputs by class (``inputs``, tiles by
    :attr:`TILES`). This game's own parts own their state: ``padding``
    (:class:`.padding.Padding`), ``deck`` (:class:`.deck.PhysicalDeck`), ``mirror`` (:class:`.mirror.Mirror`:
    slots, tracker pin, corrections), ``reads`` (:class:`.tiles.Tiles`: the tiles read)
    and ``scanning`` (:class:`.scans.Scans`: the running scan); its status and story are the
    table's (:meth:`status_layers`, :meth:`story_parts`). The rest are the hooks and overrides
    below, one section per concern.
    """

    NAME = "secret_dictator"
    IllegalAction, ENGINE, ACTION = IllegalAction, Game, Action
    UNKNOWN_TAG = "fault.unknown_tag"
    UNNAMED_FAULT = None            # a fault no part names is not said at this table
    TILES = {"ballot": "reads.on_ballot", "law": "reads.on_law", "role": "reads.on_role_tile"}
    SUPERSEDED = frozenset({"ballot.counted"})   # a newer count of the same vote replaces one not started (A24)
    REFUSALS_WAIT = True            # a refusal after what it refers to, the end after the moves (A22)
    STATUS_SETTINGS = True          # the status ends with the seat's settings offer (issue 14)
    ACTS = tuple(ACTION_KINDS)
    SETUP_KEYS = ("role_source",)
    #: R16: no ballot before the reveal, no discarded party, no reshuffle order (how many laws)
    LOGGED = {"reshuffle": ("order",), "vote": ("seat",), "discard": ("seat",), "enact": ("seat", "party"),
              "chaos_law": ("party",), "*": ("seat", "target", "accept")}
    SECRET_SETUP_KEYS = ("roles", "seed", "deck")      # the console sees "tracked" or "untracked" (table_setup)
    DEAL_KEYS = ("roles", "deck")
    STATE_JSON = state_json
    # the speech plan (table.speech_plan): after a president or a power, the choices naming two seats
    PLAN_FOLLOWING = {"president.new": ("nomination.made",),
                      "power.special_election": ("power.special_election.chosen",),
                      "power.execution": ("power.execution.done",),
                      "power.investigate": ("power.investigate.done", "power.investigate.result")}
    # seat lists, the prolog, the summaries and status layers past the first (asked for rarely), the
    # first answer said at the table speaker (status_channel public, a board without earphones), a
    # refusal naming its reason, role tiles (read once a game): rendered when said
    PLAN_SKIPPED = ("prolog.role.", "prolog.team.", "status.public", "status.government", "status.nominee",
                    "status.now.seat",
                    "game_over.roles", "election.ballots", "next.vote", "status.waiting", "fault.chatter.peg",
                    "fault.two_holes", "fault.stuck_contact", "roles.", "status.players", "status.president",
                    "status.phase", "tile.read.role", "refusal.wrong_phase", "refusal.invalid_target",
                    "refusal.not_your_law")
    PLAN_LATER = (("veto.scan.", "ballot.held", "discard.held", "next."), ("tile.", "tracker.wrong", "tracker.pin"))

    def __init__(self, service: Any) -> None:
        super().__init__(service)       # the table's parts: seats, speech, moves, reminders, …
        self._last_move: list = []                        # a rebuilt game's last (action, events), its reshuffles
        self.padding = Padding(self)
        self.deck = PhysicalDeck(self)
        self.mirror = Mirror(self)
        self.reads = Tiles(self)
        self.scanning = Scans(self)
        self.inputs.update({SlotChanged: self.mirror.on_slot, PegMoved: self.mirror.on_tracker})

    @staticmethod
    def plan_uses(key: str, players: int) -> Any:
        """The speech plan's uses of the keys whose values go together: a count of the living
        (at most two executions, R13), a hand or a peek's laws for each seat, a tile's slot on its
        track (5 democratic, 6 fascist); None for the rest."""
        alive = range(max(1, players - 2), players + 1)
        if key == "ballot.counted":
            return ((None, {"count": c, "total": t}) for t in alive for c in range(1, t + 1))
        if key in ("election.passed", "election.failed"):
            return ((None, {"ja": ja, "nein": t - ja}) for t in alive for ja in range(t + 1)
                    if (ja > t - ja) == (key == "election.passed"))
        laws = {"hand.president": 3, "hand.chancellor": 2, "power.peek.result": 3}.get(key)
        if laws:
            return ((seat, {"laws": list(p)}) for seat in range(players)
                    for p in itertools.product(("democratic", "fascist"), repeat=laws))
        if key.startswith("tile.") and "slot" in catalogue.placeholders(key):
            more = ({"expected": e} for e in range(1, 7)) if "expected" in catalogue.placeholders(key) else ({},)
            return [(None, {"track": t, "slot": s, **m}) for m in more for t, n in (("democratic", 5), ("fascist", 6))
                    for s in range(1, n + 1)]
        return None

    @staticmethod
    def plan_values(key: str, name: str, players: int) -> list | None:
        """The speech plan's numbers: laws enacted on a track, a reshuffle's count, the
        tracker, the draw pile, the table's count."""
        track = {"democratic": 5, "fascist": 6}.get(key.rsplit(".", 1)[-1])
        if name == "count":
            return list(range(1, track + 1)) if track else [0, 1, 2] if key == "reshuffle.shuffle_now" else None
        ints = {"position": 4, "tracker": 4, "draw_pile": 18, "democratic_laws": 5, "fascist_laws": 6, "expected": 4}
        return [players] if name == "players" else list(range(ints[name])) if name in ints else None

    def make_words(self) -> Words:
        """Secret Dictator's catalogue (with the seats' grammatical genders) in front of the board's."""
        return Words(lambda key, params, language, long=False, names=None:
                     catalogue.text(key, params, language, long=long, names=names, genders=self.seats.genders()),
                     catalogue.keys(), catalogue.is_private, make=announce.make,
                     catalogue=catalogue.CATALOGUE)

    def rules_setup(self, obj: dict) -> Setup:
        """REPLAY.md's setup of ``obj`` (the game master's without the table's keys, or a
        journal's dealt one): ``roles`` ``"dealt"``/``"tiles"`` is the table's (``role_source``),
        the deck as this board plays it (:meth:`.deck.PhysicalDeck.at_setup`), a secret seed
        where none is given.

        :raises CommandRefused: ``setup_deck_physical``; :raises UsageError: the rules refuse it
            (:meth:`setup_refusal`)."""
        if obj.get("roles") in ("dealt", "tiles"):
            obj.pop("roles")
        self.deck.at_setup(obj)
        if obj.get("seed") is None:
            obj["seed"] = secrets.randbelow(2**31)
        return Setup.from_json(obj)

    def setup_refusal(self, obj: dict, exc: UsageError) -> CommandRefused:
        """The table's refusal of a setup the rules refused, ``setup_first_president`` where
        the player count fits but the first president is no seat (R6)."""
        refused, first = super().setup_refusal(obj, exc), obj.get("first_president", 0)
        if refused.code == "setup_invalid" and (type(first) is not int or not 0 <= first < obj["players"]):
            return CommandRefused("setup_first_president", f"setup: {exc}")
        return refused

    def table_setup(self, raw: dict, setup: Setup) -> dict:
        """The table's keys of a setup: how the roles are dealt (``role_source``, or
        ``roles`` ``"dealt"``/``"tiles"``; default ``[service] roles``) and whether the deck
        is tracked (the console's ``deck``).

        :raises CommandRefused: ``setup_invalid`` for another ``role_source``."""
        given = raw.get("roles") if raw.get("roles") in ("dealt", "tiles") else None
        role_source = raw.get("role_source") or given or self.settings.roles
        if role_source not in ("dealt", "tiles"):
            message = f"role_source must be 'dealt' or 'tiles', not {role_source!r}"
            raise CommandRefused("setup_invalid", message, detail=message)
        return {"role_source": role_source, "deck": "tracked" if setup.tracked else "untracked"}

    def awaited(self) -> tuple[int, ...]:
        """Whom the table's reminders wait for (:mod:`firmware_host.table.reminders`): the
        seats the engine waits for (public in this game: the table hears whose move it is),
        nobody during a role reading or while the board asks for a correction."""
        if self.reads.tiles is not None or self.mirror.problems():
            return ()
        return tuple(self.game.awaiting())

    # ================================================================ the console's views (hooks)
    def public_view(self) -> dict | None:
        """The console's public view (R16: no secret before the end; the roles at the end, R15)."""
        return public_view(self.game) if self.game is not None else None

    def secrets_of(self, seat: int) -> dict:
        """A seat's role, team, hand and power result, from its private view only (R16), for
        the game master's reveal (:meth:`~firmware_host.table.BoardAdapter.reveal`)."""
        view = private_view(self.game, seat)
        return {k: view[k] for k in ("role", "team", "hand", "power_result")}

    def status_lines(self, seat: int | None) -> list:
        """The public status the game master's key says at the table (``seat`` None; a
        seat's status is :class:`.status.Status`'s layers)."""
        return announce.status(self.game, None) if seat is None and self.game is not None else []

    def snapshot_extra(self) -> dict:
        """The console picture's own keys of this game: the slots and the tracker pin as the
        board reads them and what does not match (BOARD.md principle 2), the running scan and
        its purpose, how many role tiles were read."""
        scan = self.scanning.scan
        return {"pins": {"slots": {t: list(v) for t, v in self.mirror.slots.items()}, "peg": self.mirror.tracker,
                         "mismatch": [{"key": k, "params": p} for k, p in self.mirror.problems()]},
                "scan": None if scan is None else {"seat": scan.seat, "purpose": scan.purpose},
                "reading_role_tiles": None if self.reads.tiles is None else len(self.reads.tiles)}

    def status_step(self) -> str:
        """Where the game is, for the STATUS= line (no secret): the role reading before the
        game begins, else the engine's phase."""
        return "reading role tiles" if self.game is None else str(self.game.phase)

    # ================================================================ start-up and shut-down: the board's settled inputs, a restart
    def board_pieces(self, game: Any) -> dict | None:
        """The law tiles the game has in the slots of each track (slots 1 to its laws) and the
        election tracker's hole, as a board that matches the game shows them."""
        laws = {"democratic": game.democratic_laws, "fascist": game.fascist_laws}
        return {"slots": {track: list(range(1, laws[track] + 1)) for track in TRACK_SLOTS},
                "peg": game.tracker}

    def settled(self, snapshot: Any) -> None:
        """The board's slots and tracker pin as they lie at start (BOARD.md principle 2: read,
        never assumed, :meth:`.mirror.Mirror.settle`)."""
        self.mirror.settle(snapshot)

    def restarted(self, untold: bool) -> None:
        """After a restart resumed the game: its last move said again unless it was just told
        (``untold``; a game with no move yet: its opening, the prolog), a due reshuffle
        journaled (R12), and the board read against the game (what to fix first)."""
        if not untold:
            self._replay_last_group()
        self._settle_reshuffle()
        self.mirror.check(announce_change=True)

    def stopping(self) -> None:
        """The table stops (shutdown, a pause, another game, the end; the table ended every
        scan): with no game left (the game master ended it) the role tiles, the tiles and
        discards read, the seats' secrets of the round and the board's corrections are forgotten."""
        if self.game is None:
            self.moves.setup = None
            self._forget()

    def _forget(self) -> None:
        """A game begins, comes back or is gone: no tile, role tile or discard read before, no
        seat's secret of the round and no correction of the board belongs to it."""
        self.reads.tiles = None
        self.reads.forget()
        self.deck.forget()
        self.padding.recall = {}
        self.mirror.clear()

    # ================================================================ setup: the deal or the role tiles, the opening, a game rebuilt from the journal
    def dealt(self, setup: Setup) -> Setup | None:
        """The started setup's deal (roles and deck from its seed, R2), or None while the
        role tiles are read seat by seat first (``role_source = "tiles"``, BOARD.md "Roles":
        :meth:`.tiles.Tiles.on_role_tile` begins the game); the tiles, discards and the
        seats' secrets of the game before are forgotten and what this table can hear next is
        prerendered."""
        self._forget()
        if self.table["role_source"] == "tiles":
            self.reads.tiles = []
            self.say("public", "roles.present_tile", {"seat": 0})
            return None
        return setup.with_dealt(*deal(setup, random.Random(setup.seed)))

    def opened(self, events: list) -> None:
        """The game's opening: "the game begins", then every seat's padded private prolog
        (R3, R17), then the first president; the board is read against the new game."""
        items = announce.announcements(None, events, self.game)
        # measured before the table hears anything: rendering the stand-ins takes seconds on
        # a fresh board, and the prolog must not begin behind a clip already under way
        minimum = self.padding.prolog_seconds(PRIVATE_CUE)
        said = public_utterances(self.speech.say_all([a for a in items if a.key == "game.started"]))
        self._prolog(after=said, minimum=minimum)
        self.speech.say_all([a for a in items if a.key != "game.started"])
        self.mirror.clear()
        self.mirror.check(announce_change=True)

    def replayed(self, game: Game, action: Action | None, events: list) -> None:
        """A step of the game rebuilt from the journal (resume, undo, an ended game back): at
        its start the tiles, discards, seats' secrets and corrections of before are forgotten;
        each vote's ballot tile counted as read (:meth:`.tiles.Tiles.replayed`), each move's
        secrets kept for the seats' status (:meth:`.padding.Padding.remember`) and
        the last move, with the board's reshuffle after it, for :meth:`_replay_last_group`."""
        if action is None:
            self._forget()
            self._last_move = []
            return
        self.padding.remember(events, announce.announcements(action, events, game))
        self.reads.replayed(game, action)           # a ballot laid before is no second vote
        follows = action.kind == "reshuffle" and self._last_move
        self._last_move = [*self._last_move, (action, events)] if follows else [(action, events)]

    def rebuilt(self) -> None:
        """The game was rebuilt from the journal (:meth:`replayed`): a chaos law of its last
        move is still to be placed on the board; the tray's memory of the tiles it read comes
        back from the journal's notes (:meth:`.deck.PhysicalDeck.restore`; a journal that
        cannot be read for it leaves it empty, as before the notes)."""
        self.mirror.chaos_placement = any(e.kind == "law_enacted" and e.data.get("by") == "chaos"
                                          for _, evs in self._last_move for e in evs)
        # the tray's memory (BOARD.md "Each reader has its own tiles"): a tile read before
        # the restart and read again after it is that same tile (R16)
        if self.game_id is not None:
            try:
                self.deck.restore(self.service.journal.entries(self.game_id))
            except JournalError as exc:
                log.warning("the tray's memory cannot be read back: %s", exc)

    def _replay_last_group(self) -> None:
        """After a restart: say again what the last accepted action caused (with the board's
        reshuffle after it), or the opening where no action was journaled (the prolog: a seat
        may not have heard its role)."""
        if self.game is not None and not self._last_move:
            self.opened(Game(self.game.setup).start())
        elif self.game is not None:
            for action, events in self._last_move:
                # the chancellor's hand said again: a law read before it is no lay of its (R16)
                self.reads.heard(self.speech.say_all(self._announcements(action, events)))

    # ================================================================ speaking: the prolog
    def _prolog(self, after: Any = (), minimum: float | None = None) -> None:
        """R3/R17: each seat hears its role and team privately, all padded to one length and
        started together once the table has heard that the roles come (ACCESSIBILITY.md 23);
        the table hears "every seat knows its role" after the last private clip has ended
        (at a whisper station: after the last seat's visit).

        :param minimum: seconds, the least length of every seat's clip
            (:meth:`.padding.Padding.prolog_seconds`, measured before ``after`` was queued)."""
        assert self.game is not None
        # R16: padded over every role and team any seat could hold here, not this deal's longest
        # a seat's press or hold during its own clip: the cue, then the clip again whole (issue 31)
        made = self.say_prolog(announce.prolog(self.game), after, key="prolog", minimum_seconds=minimum)
        self.say("public", "prolog.done", {}, after=made)

    # ================================================================ moves: accepted (journaled before announced) or refused
    def follow(self, action: Action | None, events: list) -> None:
        """The board's own state follows an accepted move before any line of it is written:
        no role tile is quiet any more, the vote that scopes superseded counts, the slots and
        the pin the board asks to set (:meth:`.mirror.Mirror.follow`), the discards
        (:meth:`.deck.PhysicalDeck.follow`)."""
        if action is None:                          # the game begins: no role reading any more
            self.reads.tiles = None
            return
        self.reads.roles_quiet = set()
        if any(e.kind == "nominated" for e in events):
            self.speech.new_scope()                 # a count of this vote never replaces one of the last
        self.mirror.follow(action, events)
        self.deck.follow(action, events)
        self.deck.remember()

    def announce(self, action: Action | None, events: list) -> None:
        """Say an accepted move (:meth:`_announcements`; after the acting seat's answer where
        it must come first, :attr:`MoveLog.answered`); a scan of a seat no longer awaited
        ends, and a due reshuffle is journaled (R12)."""
        game = self.game
        if action is None or game is None:
            return
        items = self._announcements(action, events)
        self.padding.remember(events, items)
        # what the table is still to hear of this move: a status waits for it (:meth:`status_after`)
        said = self.speech.say_all(items, after=self.moves.answered)
        public = public_utterances(said)
        self.move_said = public                     # joins what the table is still to hear of the moves before
        self.reads.heard(said)                      # the chancellor's hand: a law read before it is no lay of its
        if any(e.kind == "election" and e.data.get("elected") for e in events):
            self.reads.counting(public)             # a law read meanwhile: one answer whatever follows (R16)
        if game.phase == "game_over":
            return                                  # game_ended: the evening's offer after this speech
        if self.scanning.scan is not None and self.scanning.scan.seat not in game.awaiting():
            self.scans.end()
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

    def announce_refusal(self, exc: IllegalAction, action: Action) -> None:
        """The refusal spoken (only to the acting seat when the reason would reveal a
        secret) once the table has heard the move it refers to (ACCESSIBILITY.md 22); a
        public one is followed by what the board waits for instead."""
        refusal = announce.refusal(exc, action, self.game)
        said = self.speech.say_all([refusal])   # REFUSALS_WAIT: after what it refers to
        if said and refusal.channel == "public" and not self.mirror.problems():
            self.mirror.say_next_move()         # what the board waits for instead (finding: refusals say what is expected)

    # ================================================================ seat buttons (BOARD.md "Seat controls", ACCESSIBILITY.md 11-17)
    def on_press(self, seat: int) -> bool | str:
        """What a seat's press means in this step (BOARD.md "Seat controls"; the table takes
        holds, scans, the settings offer and the story after the game): the president's
        answer to a proposed veto (BOARD.md "Veto"), the chancellor's choice after five fascist
        laws, a discard by scanning (:mod:`.deck`), the president's nomination or a power's
        target (each a scan that answers the press itself, or the board must be fixed first:
        :data:`~firmware_host.table.ANSWERED`), the acknowledgement of a power's result (True,
        "noted" where nothing else answers it); False with nothing to do or while another seat
        scans. While the table hears a passed election's count, every press is "noted" at
        once and means what it means once the count is heard (RULES.md R16, issue 33), except
        the press of a seat whose status waits for that count: it heard only its hold's answer
        cue, so the press asks to go on, not to act; the status is what it hears next (False:
        :meth:`~firmware_host.table.BoardAdapter.idle_press`, ACCESSIBILITY.md 3, 29)."""
        if self.scanning.scan is not None:            # one scan at a time: another seat's runs
            return False
        count = self.reads.count_pending()
        if count and self.status_waiting(seat):
            return False
        if count:
            # R16: while the table hears a passed election's count, a press is answered as one
            # after a count that ends the game is (the evening's "noted" at once, which no
            # message waiting for the table holds back, what it means after the end's speech):
            # "noted" at once, its meaning once the count is heard
            self._say_noted(seat)
            self.speech.when_played(count, lambda: self._press_after_count(seat))
            return ANSWERED
        return self._press(seat)

    def _press_after_count(self, seat: int) -> None:
        """A press made while the table heard a count, taken once it has (:meth:`on_press`);
        answered already, so a press that means nothing then does nothing more. A list it
        opens before the table has begun the call of the seat's turn is kept for the seat's
        next press, never started later by itself, the "noted" its answer (the kit's
        ``own_press``, issue 31)."""
        if self.game is not None and not self.paused and self.moves.running() and self.scanning.scan is None:
            with self.own_press(seat, secret=self.secret_step(seat), answered=True):
                self._press(seat)

    def _press(self, seat: int) -> bool | str:
        """What a press means now (:meth:`on_press`, no count being heard)."""
        game = self.game
        if game.phase == "legislative_chancellor" and game.veto_pending and seat == game.president:
            return self._step(seat, "veto_reply", lambda: self.scanning.start_veto(seat))
        if (game.phase == "legislative_chancellor" and seat == game.chancellor
                and Action("veto", seat=seat) in game.legal_actions(seat)):
            # after five fascist laws the chancellor chooses by scanning: enact or propose a veto
            return self._step(seat, "veto", lambda: self.scanning.start_chancellor(seat))
        if self.deck.discard_by_seat(seat):      # physical deck, no law reader: the discard by scanning
            return ANSWERED
        if seat not in game.awaiting() or seat != game.president:
            return False
        kind = self._target_kind()
        if kind is not None:
            return self._step(seat, kind, lambda: self.scanning.start_target(seat, kind))
        if game.phase == "power" and game.power in ("view_discard", "peek"):
            if self.mirror.blocked("acknowledge", seat) or not self.accept(Action("acknowledge", seat=seat)):
                return ANSWERED
            return True
        return False

    def _target_kind(self) -> str | None:
        """The action of the president's choice of a seat now: a nomination (R6) or a target
        power's (R13, :data:`TARGET_POWERS`); None in any other step."""
        game = self.game
        return "nominate" if game.phase == "nomination" else TARGET_POWERS.get(game.power) \
            if game.phase == "power" else None

    def _step(self, seat: int, what: str, scan: Any) -> str:
        """A press that starts the seat's scan (``scan()``; the list answers it in the seat's
        earphone) unless the board must be fixed first (said why)."""
        if not self.mirror.blocked(what, seat):
            scan()
            self.mirror.acted_first(seat)
        return ANSWERED

    # ================================================================ the game master: this game's steps of the table's commands
    def resumed(self) -> None:
        """The game master resumed: the board read again, then what to fix or whose move it is."""
        self.mirror.reconcile()
        if not self.mirror.problems():
            self.mirror.say_next_move()

    def choice(self, seat: int, target: int) -> Action | None:
        """The game master's ``choose`` for the president: the nomination (R6) or a target
        power's seat (R13) of ``target``, None in another step; every scan ends first.

        :raises CommandRefused: ``board_mismatch`` (the board must be fixed first)."""
        kind = self._target_kind()
        if kind is not None:
            self.scans.end()
            if self.mirror.blocked(kind):          # the game master chose: no seat is told to press again
                raise CommandRefused("board_mismatch", "the board does not match the game; fix it first")
        return None if kind is None else Action(kind, seat=seat, target=target)

    def story_parts(self) -> list[list[tuple[str, dict]]]:
        """Issue 14 "After the game, the story", a part per press (the table's evening) or as
        words on the console (its ``story``): the finished game's story (:func:`story.story`)
        from the journal's actions, one round a part (the government, the laws drawn and
        discarded, the two the chancellor received, powers and results), the roles last;
        ``story.none`` when it cannot be told."""
        try:
            rounds = story.story(self.setup.to_json(), self.service.journal.actions(self.game_id))
        except story.StoryError as exc:
            log.error("story: %s", exc)
            return [[("story.none", {})]]
        return [[(a.key, dict(a.params)) for a in round_] for round_ in rounds]

    # ================================================================ the status (the table's, in this game's layers)
    def status_layers(self, seat: int) -> list[list]:
        """The seat's status (ACCESSIBILITY.md 3, 29; :data:`announce.STATUS_LAYERS`): what
        matters to it now, the government, the tracks, the players, then privately its role and
        team (padded to the longest any seat could hear, R16, R17), then each of its own
        secrets of the game a layer of its own (ACCESSIBILITY.md 8: a hand, a power's result;
        whether a seat has one is public), so that no layer lasts more than 15 s (issue 31)."""
        layers = announce.status_layers(self.game, seat)
        return [self.padding.private_status(seat) if name == "private" else layer
                for name, layer in zip(announce.STATUS_LAYERS, layers)] + [[a] for a in self.padding.recalled(seat)]

    #: the tracker's hole, the session's instruction, the next president: a status waits only
    #: for the news before them (a hold during a vote's read-out was answered 5-9 s after the result)
    #: so do the draw pile's shuffle instructions (the counts are public) and a power's opening
    #: line (the fascist track gives it, R13): a hold during "Draw pile: fewer than three laws
    #: left. Please shuffle…" waited 16 s at 10 seats, for the shuffle and the power's line;
    #: never a power's outcome ("power.execution.done": it may end the game, R16)
    STATUS_SAYS_TOO = ("tracker.moved", "legislative.", "president.new", "next.",
                       "reshuffle.shuffle_now", "reshuffle.done", "reshuffle.set_aside_discard",
                       "power.view_discard", "power.peek", "power.investigate", "power.special_election",
                       "power.execution")

    def undone(self, undone: dict) -> None:
        """The table hears what the game master undid and by whom (``undo.action``), and the
        board is told what to set back: a tile of an undone enactment must come off its slot
        (BOARD.md principle 2; :meth:`say_step` says it, then whose move it is)."""
        kind = (undone.get("action") or {}).get("action")
        kind = kind if kind in catalogue.ENUMS["action"] else "reshuffle"
        self.say("public", "undo.action", {"action": kind, "seat": undone["seat"]})
        if kind in ("enact", "chaos_law"):
            self.mirror.undone_enactment()

    def say_step(self) -> None:
        """After an undo or an ended game brought back: the board read again (BOARD.md
        principle 2): what to fix, else whose move it is and what to do."""
        self.mirror.said = None
        if not self.mirror.check(announce_change=True):
            self.mirror.after_correction()
