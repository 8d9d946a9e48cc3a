"""Setup: the game master's setup checked, names played back, a game begun or rebuilt from the
journal."""

from __future__ import annotations

import random
import secrets

from firmware_host.errors import UsageError
from firmware_host.games.secret_dictator import Action, Game, Setup, announce, deal
from firmware_host.service.names import PlayerNameError, clean_name
from firmware_host.service.refusals import CommandRefused
from firmware_host.table import parse_names
from firmware_host.games.secret_dictator.board.common import log


def _clean_setup_name(seat: int, name: str) -> str:
    """A setup's name for ``seat`` by the board's one rule (:func:`names.clean_name`).

    :raises CommandRefused: ``setup_name_long`` (too many characters or seconds of speech)
        or ``setup_name_invalid`` (a control character, unencodable text), naming the seat.
    """
    try:
        return clean_name(name)
    except PlayerNameError as exc:
        code = "setup_name_long" if exc.code.startswith("too_long") else "setup_name_invalid"
        raise CommandRefused(code, f"setup: seat {seat}: {exc}", seat=seat) from None


def _setup_refusal(obj: dict, exc: UsageError) -> CommandRefused:
    """The game master's setup ``obj`` refused by :meth:`Setup.from_json` (``exc``) as a
    refusal with a code: ``setup_players`` (no player count 5–10, R1), ``setup_first_president``
    (not a seat, R6), else ``setup_invalid`` with the English problems as ``detail``."""
    message = f"setup: {exc}"
    players = obj.get("players")
    if type(players) is not int or not 5 <= players <= 10:
        return CommandRefused("setup_players", message)
    first = obj.get("first_president", 0)
    if type(first) is not int or not 0 <= first < players:
        return CommandRefused("setup_first_president", message)
    detail = "; ".join(getattr(exc, "problems", None) or [str(exc)])
    return CommandRefused("setup_invalid", message, detail=detail)


class Lobby:
    """Setup: the game master's setup checked, names played back, a game begun or rebuilt from
    the journal.

    A part of :class:`~firmware_host.games.secret_dictator.board.game.SecretDictatorGame`; its state is made there."""

    def setup_game(self, setup: dict) -> None:
        """Validate the game master's setup and start the game.

        ``setup``: REPLAY.md's setup fields, plus ``names`` (list by seat, or {seat: name}),
        ``role_source`` (``dealt``/``tiles``; ``"roles": "dealt"|"tiles"`` is read too) and
        ``"deck": "tracked"`` (dealt from the seed) or ``"untracked"``.

        :raises UsageError: an unusable setup (one line).
        """
        self.prepare(setup)
        self.start()

    def prepare(self, raw: dict) -> None:
        """Validate and remember a setup without starting (console: setup, then ``start``).

        :param raw: a REPLAY.md setup object, plus ``names`` ({seat: name} or a list by seat)
            and ``role_source``/``roles`` ``"dealt"`` or ``"tiles"``.
        :raises CommandRefused: the setup is unusable (code ``setup_*``; one-line message).
        """
        if not isinstance(raw, dict):
            raise CommandRefused("setup_not_object", "the setup must be a JSON object")
        self.raw_setup = dict(raw)
        obj = dict(raw)
        names = obj.pop("names", None)
        role_source = obj.pop("role_source", None)
        if obj.get("roles") in ("dealt", "tiles"):
            role_source = obj.pop("roles")
        self.deck.at_setup(obj)
        role_source = role_source or self.settings.roles
        if role_source not in ("dealt", "tiles"):
            message = f"role_source must be 'dealt' or 'tiles', not {role_source!r}"
            raise CommandRefused("setup_invalid", message, detail=message)
        if obj.get("seed") is None:
            obj["seed"] = secrets.randbelow(2**31)
        try:
            setup = Setup.from_json(obj)
        except UsageError as exc:
            raise _setup_refusal(obj, exc) from None
        parsed = {s: _clean_setup_name(s, n) for s, n in parse_names(names, setup.players).items()}
        parsed = {s: n for s, n in parsed.items() if n}
        self.pending_setup = {"setup": setup, "names": parsed, "role_source": role_source}
        log.info("setup: %d players, %s variant, language %s, %s deck, roles %s", setup.players,
                 setup.variant, setup.language, "tracked" if setup.tracked else "untracked", role_source)

    def start(self) -> None:
        """Start the prepared setup (deal, journal it, prolog) or begin reading role tiles.

        :raises CommandRefused: without a setup.
        """
        if self.pending_setup is None:
            raise CommandRefused("no_setup", "no setup: set the game up first")
        setup: Setup = self.pending_setup["setup"]
        # a seat's stored name (ACCESSIBILITY.md 19) unless the setup names the seat itself
        self.names = {s: n for s, n in {**self.seats.names(), **self.pending_setup["names"]}.items()
                      if s < setup.players}
        self.role_source = self.pending_setup["role_source"]
        self.language = setup.language
        if self.service.voice is not None:
            self.service.voice.set_language(self.language)
        self.scanning.end()
        if self.game_id is not None and self.game is not None and self.game.phase != "game_over":
            self._journal_note({"note": "ended", "by": "game master", "replaced": True})
            self.service.journal.finish_game(self.game_id, "abandoned")
            self.ended_game_id = self.game_id        # undo brings it back (console: confirmed)
        elif self.game is None:
            self.ended_game_id = None                # after an ended game, the next one starts
        self.game, self.game_id = None, None
        self.paused = False
        self.reads.forget()
        self.deck.forget()
        self._plan_speech(setup.players)
        self._presidents = 0
        self.padding.recall = {}
        # a repeat never gives a seat a private message of the game before (R16)
        for channel in [c for c in self._heard if c != "public"]:
            del self._heard[channel]
        self._heard_pad = {}
        if self.service.voice is not None:
            self.service.voice.forget_private()
        self._play_back_names()
        if self.role_source == "tiles":
            self.setup = setup
            self.reads.tiles = []
            self.say("public", "roles.present_tile", {"seat": 0})
            return
        roles, deck = deal(setup, random.Random(setup.seed))
        self._begin(setup.with_dealt(roles, deck), prolog=True)

    def _play_back_names(self) -> None:
        """ACCESSIBILITY.md 7: at setup the board says each configured name with its seat
        ("Anna, seat 3"), in seat order, so the table hears how the board will call them; a
        name's espeak-ng phoneme input (``[[...]]``) goes to the speech engine untouched."""
        for seat in sorted(self.names):
            self.say("public", "setup.seat_name", {"seat": seat})

    def _begin(self, setup: Setup, prolog: bool) -> None:
        self.setup = setup
        self.reads.tiles = None
        self.status.story_told = None                               # the story of this game, once it is over
        self.evening.reset()
        self.game = Game(setup)
        self.game_id = self.service.journal.begin_game(setup.to_json())
        if self.names or self.role_source != "dealt":
            # ACCESSIBILITY.md 19: names survive a restart (a note; the setup stays REPLAY.md's)
            self._journal_note({"note": "table", "names": {str(k): v for k, v in self.names.items()},
                                "role_source": self.role_source})
        events = self.game.start()
        log.info("game %d started: %d players", self.game_id, setup.players)
        self._emit_events(events)
        items = announce.announcements(None, events, self.game)
        # game.started first, then the prolog, then the first president
        head = [a for a in items if a.key == "game.started"]
        said = self._speak_all(head)
        if prolog:
            self._prolog(after=[u for u in said if u is not None])
        self._speak_all([a for a in items if a.key != "game.started"])
        self.mirror.clear()
        self.mirror.check(announce_change=True)
        self._told()
        self.reminders.start()

    def _rebuild(self, game_id: int, setup_json: dict, actions: list[dict]) -> list:
        """A fresh Game from the journal's setup and actions (no speech); returns the last
        group's (action, events) pairs."""
        setup = Setup.from_json(setup_json)
        game = Game(setup)
        game.start()
        groups: list[list[tuple[Action, list]]] = []
        self.padding.recall = {}
        for obj in actions:
            action = Action.from_json(obj)
            events = game.apply(action)
            self.padding.remember(events, announce.announcements(action, events, game))
            if action.kind == "reshuffle" and groups:
                groups[-1].append((action, events))
            else:
                groups.append([(action, events)])
        self.setup, self.game, self.game_id = setup, game, game_id
        self.evening.reset()
        self.language = setup.language
        self.names = {s: n for s, n in self.seats.names().items() if s < setup.players}
        for kind, body in self.service.journal.entries(game_id):
            if kind == "note" and body.get("note") == "table":
                self.names = {int(k): str(v) for k, v in (body.get("names") or {}).items()}
                self.role_source = body.get("role_source", self.role_source)
        if self.service.voice is not None:
            self.service.voice.set_language(self.language)
        self.reads.tiles = None
        self.reads.forget()
        self.deck.forget()
        self.deck.discard_after = None
        self._last_groups = groups
        self.mirror.chaos_placement = False
        self.mirror.tracker_asked = False
        if groups:
            last_events = [e for _, evs in groups[-1] for e in evs]
            self.mirror.chaos_placement = any(e.kind == "law_enacted" and e.data.get("by") == "chaos"
                                       for e in last_events)
        return groups[-1] if groups else []

    def _replay_last_group(self, emit: bool = True) -> list:
        """After a resume: say again what the last accepted action caused (it may never
        have been said if the service stopped right after journaling it); its events are
        written again only when ``emit`` (the journal's ``told`` notes do not show them
        written before the cut).

        :returns: the utterances of the last action's announcements (none for a start)."""
        groups = self._last_groups
        if self.game is None:
            return []
        if not groups:     # stopped right after the game was journaled: start it again
            events = Game(self.game.setup).start()
            if emit:
                self._emit_events(events)
            items = announce.announcements(None, events, self.game)
            said = self._speak_all([a for a in items if a.key == "game.started"])
            self._prolog(after=[u for u in said if u is not None])
            self._speak_all([a for a in items if a.key != "game.started"])
            return []
        said: list = []
        for action, events in groups[-1]:
            if emit:
                self._emit_events(events)
            said += [u for u in self._speak_all(self._announcements(action, events)) if u is not None]
        return said
