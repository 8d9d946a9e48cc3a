"""Dying Message on the board: the board is the narrator (DYING_MESSAGE.md M41-M50), on the
table every game shares (:class:`firmware_host.table.BoardAdapter`: speech, padding, scans,
seat settings, journal, game-master commands, faults, the next game from the seats, the
console's picture). This game's own: its night steps, its day menu, its vote, its evidence.

- **The night** (M41-M44): the engine's log (:attr:`Game.log`) is played step by step: a
  step's public line at the table, then every listening seat's private message (the living
  and the night's dead, M43), padded to one length and started together, then each seat's
  list on its press: the actors their real list, everyone else a decoy of the same kind,
  length and presses; every item of a step padded to its longest, "picked" and "chosen" for
  everyone; a decoy's choice is ignored. A step lasts at least its minimum time
  (``night_choice_seconds`` with a list, ``night_look_seconds`` without; the setup or
  ``[dying_message]`` may lengthen them) and until its choice is complete. What a choice
  causes privately is one padded clip for every listener ("keep your eyes closed" for the
  others); a group that disagrees (M16, M44) hears every proposal and everyone scans again.
  Refusals at night go only to the seat (M49).
- **Dawn** (M28, M45): the night's dead, the effects, the message area in its reading order
  (the ``arrange`` chance input, drawn by the board and journaled), each card by number and
  description (M46). A tile on a reader in the day is named with where it belongs; at night
  nothing is said.
- **The day** (M47, M48): the Forensic Scientists examine by scanning; in the discussion a
  living seat's press opens its menu; the vote opens when every living seat is ready, on the
  game-master key (``command("key")``), or when ``discussion_seconds`` (0 = no limit)
  run out. Each living seat scans its ballot; the table hears only the count until every
  ballot is cast; after a majority the accused defends and opens the second vote by a press.
- **Status** (M47): hold = the public status and, privately, the seat's character and what it
  knows, padded to the longest status any character of the setup could hear. After game
  over a press tells how it ended, the next press sets the next game up from the seats.
"""

from __future__ import annotations

import collections
import dataclasses
import logging
import random
from typing import Any, Callable, Sequence

from firmware_host.table import ANSWERED, BoardAdapter, ChoiceHold, Line, Words
from firmware_host.table.padding import Subset, longest_clip, longest_of

from . import announce, catalogue
from .actions import ACTION_KINDS, Action, IllegalAction
from .announce import STEP_KEYS, make
from .engine import NIGHT_PHASES, Game
from .night import PRIVATE_STEPS, SeatLine, listeners, step_lines
from .playout import board_chance
from .setup import GAME, KILLERS, Setup, deal
from .views import public_view, reveal_row, state_json

log = logging.getLogger("firmware_host.service")

__all__ = ["DyingMessageGame", "NIGHT_CHOICE_SECONDS", "NIGHT_LOOK_SECONDS", "STEP_OF_PHASE"]

#: M41: the minimum time of a night step with a list (seconds, from its public line).
NIGHT_CHOICE_SECONDS = 30.0
#: M41: the minimum time of a night step without a list (nightfall, the looks), seconds.
NIGHT_LOOK_SECONDS = 8.0
#: the longest a setup may make a night step or the discussion (ACCESSIBILITY.md 11), seconds
MAX_STEP_SECONDS = 600.0
MAX_DISCUSSION_SECONDS = 3600.0
#: the night phase -> the script step whose list it is chosen from (M41)
STEP_OF_PHASE = {"soulmate": "soulmate", "protect": "dogs", "kill": "killers",
                 "genuine": "dead", "fake": "fake"}
#: the script step -> the action its actors take
_STEP_ACTION = {step: phase for phase, step in STEP_OF_PHASE.items()}
_NOBODY = "nobody"
_SKIP = "skip"
#: the night steps whose picks are final only after a confirming press (ACCESSIBILITY.md 16):
#: the killers' victims; every listener of the step confirms (M43: as many presses as the actors)
CONFIRMED_STEPS = ("killers",)
#: M47: what the table hears of the discussion (the table's wait, :mod:`firmware_host.table.ready`)
READY_KEYS = {"ready": ("day.ready", ("count", "total"))}
#: the night's moves (M43: who takes them is a secret until the end; a victim's genuine message until dawn)
NIGHT_ACTIONS = frozenset({"soulmate", "protect", "kill", "genuine", "fake"})


@dataclasses.dataclass
class _NightStep:
    """The night step being played: every listener's line, its picks so far (M43)."""

    name: str
    lines: dict[int, SeatLine]
    minimum: float                                   # its minimum time (seconds)
    ends_at: float = float("inf")                    # from its public line's start (clock seconds)
    heard: bool = False                              # the private messages have been played
    picks: dict[int, list[Any]] = dataclasses.field(default_factory=dict)
    done: set[int] = dataclasses.field(default_factory=set)
    pads: dict[str, float] = dataclasses.field(default_factory=dict)   # kind -> seconds (M43)
    extra: tuple[tuple[Any, str], ...] = ()          # items every list ends with ("nobody")
    told: set[int] = dataclasses.field(default_factory=set)    # listeners whose message has ended
    early: set[int] = dataclasses.field(default_factory=set)   # ... pressed before it had (A14)
    #: each listener's message asking for its list (the audio layer's Utterance): what a press
    #: during it is answered over (:meth:`BoardAdapter.answer_during`, issue 31)
    said: dict[int, Any] = dataclasses.field(default_factory=dict)
    #: each listener's other clips of the step padded to one length with the others' (its
    #: message without a list, "chosen", what a choice caused): a press never cuts them short
    padded: dict[int, list] = dataclasses.field(default_factory=dict)

    def keep_whole(self, said: Sequence[Any], *, answer: bool = False) -> None:
        """Note clips of the step (:class:`Said`) a seat's press must not cut short (M43);
        ``answer``: the answer to the seat's own pick ("chosen"), which counts from when it
        is said, not only once it plays (it may wait for the item picked to end)."""
        for one in said:
            utt = getattr(one, "utterance", None)
            if utt is not None and one.lines and str(one.lines[0]["channel"]).startswith("seat:"):
                if answer:
                    utt.meta["answers_pick"] = True
                self.padded.setdefault(int(one.lines[0]["channel"][5:]), []).append(utt)

    def playing(self, seat: int) -> bool:
        """True while one of ``seat``'s clips noted by :meth:`keep_whole` plays (has started
        and not ended), or the answer to its pick is still to be heard."""
        self.padded[seat] = [u for u in self.padded.get(seat, []) if not u.done()]
        return any(getattr(u, "plays", None) or u.meta.get("answers_pick") for u in self.padded[seat])


def _by_seat(said: Sequence[Any]) -> dict[int, Any]:
    """``{seat: Utterance}`` of a :meth:`TableSpeech.say_padded`'s clips (where playback is reported)."""
    return {int(s.lines[0]["channel"][5:]): s.utterance for s in said
            if s.utterance is not None and s.lines and str(s.lines[0]["channel"]).startswith("seat:")}


class DyingMessageGame(BoardAdapter):
    """This game's side of the board service (see the module docstring).

    :param service: the :class:`~firmware_host.service.core.BoardService` it runs in.
    """

    NAME = GAME
    IllegalAction = IllegalAction
    ACTS = tuple(k for k in ACTION_KINDS if k not in ("shuffle", "arrange"))
    #: M41: each night step's minimum time (at least the defaults); M47: the discussion's (0: none)
    SETUP_SECONDS = {"night_choice_seconds": (NIGHT_CHOICE_SECONDS, NIGHT_CHOICE_SECONDS, MAX_STEP_SECONDS, False),
                     "night_look_seconds": (NIGHT_LOOK_SECONDS, NIGHT_LOOK_SECONDS, MAX_STEP_SECONDS, False),
                     "discussion_seconds": (0.0, 0.0, MAX_DISCUSSION_SECONDS, False)}
    #: M39: no characters, no deck order, no seed on the console before the end
    SECRET_SETUP_KEYS = ("roles", "deck", "seed")
    TILES = {"evidence": "on_evidence"}
    SCAN_CUE = False                 # M43: every list item of a step lasts one time
    #: the status's lines that only some characters hear (padded: M39, a status tells no side)
    STATUS_SECRETS = ("status.private", "status.killers", "night.soulmate.chosen", "night.soulmate.destined",
                      "night.protected", "night.look")
    STATE_JSON = state_json

    def __init__(self, service: Any) -> None:
        self.descriptions: dict[int, str] = {}
        super().__init__(service)
        self._rules: Setup | None = None          # the setup of the game being built
        self.units: collections.deque = collections.deque()
        self.night: _NightStep | None = None
        self.defending: int | None = None        # the accused, before the second vote
        self.voting: dict | None = None          # {"number", "ballots": {seat: target|"skip"}, "no_skip"}
        self._passed: set[str] = set()           # holds passed for the unit at the head
        self._tray: set[int] = set()              # message-area tiles shown at the tray (M45)
        self._prolog: list = []                   # the prolog's clips: the table waits for them
        #: a night step's end, or what a choice caused, waits for a listener in the middle of
        #: its choice, actor or decoy alike (M43, ACCESSIBILITY.md 26)
        self.choosing = ChoiceHold(service.clock)

    # ======================================================================= hooks: rules
    def plan_values(self, key: str, name: str, players: int) -> list | None:
        """The speech plan's values (issue 31: a seat's picks answered from the cache on a fresh
        board): every evidence card of the game set up (M7, its ``cards``), the table's count."""
        if name == "card" and self.setup is not None:
            return list(range(self.setup.cards))
        return super().plan_values(key, name, players)

    def make_words(self) -> Words:
        def text(key: str, params: Any, language: str, long: bool = False, names: Any = None) -> str:
            return catalogue.text(key, params, language, long, names, descriptions=self.descriptions)
        return Words(text, catalogue.keys(), catalogue.is_private, check=catalogue._check_params,
                     catalogue=catalogue.CATALOGUE)

    def rules_setup(self, obj: dict) -> Setup:
        """DYING_MESSAGE.md's setup, dealt: the enrolled evidence tiles' descriptions where the
        setup names no evidence and the board describes cards 0..m-1 (M46: 9 ≤ m; else the
        cards' numbers are used), a seed drawn where it has none.

        :raises UsageError: an unusable setup (one line)."""
        obj = {**obj, "game": GAME}
        language = obj.get("language", "de")
        enrolled = self.enrolled_items(language) if language in ("de", "en") else None
        if "evidence" not in obj and "deck" not in obj and len(enrolled or ()) >= 9:     # 9 to 104 cards
            obj["evidence"] = enrolled
        if "seed" not in obj and ("roles" not in obj or "deck" not in obj):
            obj["seed"] = random.SystemRandom().randrange(1, 2 ** 31)
        setup = Setup.from_json(obj)
        return setup.with_dealt(*deal(setup))

    def new_game(self, setup: Setup) -> Game:
        self._rules = setup
        return Game(setup)

    def action_from_json(self, obj: dict) -> Action:
        setup = self._rules
        return Action.from_json(obj, setup.players if setup else None,
                                bool(setup and setup.options["dog_may_pass"]))

    def public_view(self) -> dict | None:
        """The public picture (M39): :func:`public_view` plus the board's state (the night step
        narrated, the discussion's ready seats, the accused defending, the vote's count, never
        a ballot before all are cast) and the cards with their descriptions."""
        game = self.game
        view = public_view(game)
        voting = None
        if self.voting is not None:
            voting = {"number": self.voting["number"], "cast": len(self.voting["ballots"]),
                      "voters": len(game.living())}
        cards = set(view["message_area"]) | set(view["evidence_pool"])
        for earlier in view["earlier_messages"].values():
            cards |= set(earlier)
        return {**view, "night_step": self.night.name if self.night is not None else None,
                "discussion": self.wait.view(), "defending": self.defending, "voting": voting,
                "waiting": self._waiting(),
                "descriptions": {str(c): catalogue.card_name(c, self.language, self.descriptions)
                                 for c in sorted(cards)}}

    def _waiting(self) -> list[int]:
        """Whom the table waits for, as far as it is public (M39): the living not yet ready in
        the discussion, else whom the reminders name (:meth:`awaited`); nobody at night (who
        acts in the Killing Phase is secret, M43)."""
        if self.night is not None or self.game.phase in NIGHT_PHASES:
            return []
        return [s for s in self.wait.seats if s not in self.wait.ready] if self.wait.running else list(self.awaited())

    def secrets_of(self, seat: int) -> dict:
        """M50, in the console's reveal rows (:func:`~.views.reveal_row`), the cards with their
        descriptions."""
        return reveal_row(self.game, seat, lambda c: catalogue.card_name(c, self.language, self.descriptions))

    def status_step(self) -> str:
        """Round and step (no secret)."""
        step = ("discussion" if self.wait.running else
                f"night {self.night.name}" if self.night is not None else public_view(self.game)["phase"])
        return f"round {self.game.round} {step}"

    # ======================================================================= hooks: the table's state
    def follow(self, action: Action | None, events: list) -> None:
        if action is None:
            self._reset()
        if any(e.kind in ("vote", "vote_skipped") for e in events):
            self.voting = None            # this vote is over; the next opens with its unit

    def _reset(self) -> None:
        self.timers.cancel("pump")
        self.wait.stop()
        self.choosing.since = None
        self._prolog = []
        self.units.clear()
        self.night = self.voting = self.defending = None
        self._passed, self._tray = set(), set()
        setup = self.setup
        self.descriptions = dict(enumerate(setup.evidence)) if setup is not None and setup.evidence else {}

    def rebuilt(self) -> None:
        self._reset()

    def resumed(self) -> None:
        self._pump()          # what was still to be said; a press restarts a list

    def narrating(self) -> bool:
        return bool(self.units)        # the evening's offer once the narration has said the end (M41)

    def story_lines(self) -> list:
        """After the game: how it ended again (the last action's public events: the deaths,
        the characters revealed, the winner)."""
        game = self.game
        return [a for entry in game.log if entry[0] == "event"
                for a in announce.for_entry(game, entry) if a.channel == "public"]

    # ======================================================================= hooks: moves
    def announce(self, action: Action | None, events: list) -> None:
        """Play what the last start or action logged; a chance input it made due (``arrange``
        M27, ``shuffle`` M37) is drawn and journaled before anything of it is said."""
        self._take_log()
        game = self.game
        if game.chance_due is not None:
            journaled = len(self.service.journal.actions(self.game_id))
            if journaled <= self.moves.count:       # not journaled yet (else told after a restart)
                self.moves.accept(board_chance(game, self.setup.seed, journaled))
            return
        if game.phase == "game_over":
            self.scans.end()
            self.defending = None
        if game.phase not in ("vote", "second_vote"):
            self.voting = None
        self._pump()

    def announce_refusal(self, exc: IllegalAction, action: Action) -> None:
        self.speech.say_all([announce.refusal(exc, action.seat, self.game)], after=self.speech.last_public)

    def before_act(self, action: Action) -> bool:
        """The game master acts for a seat: a first-vote ballot is counted with the table's
        (M48); a night pick ends the seat's part of the step."""
        voting, game = self.voting, self.game
        if (action.kind == "vote" and voting is not None and voting["number"] == 1
                and type(action.seat) is int and game.alive[action.seat]
                and action.seat not in voting["ballots"]
                and type(action.target) is int and action.target in game.choice_of(action.seat).items):
            self.scans.end(action.seat)
            self._ballot(action.seat, action.target)
            return True
        if self.night is not None and type(action.seat) is int:
            self.night.done.add(action.seat)
        return False

    def say_step(self) -> None:
        """Whose move it is now (after a resume from the journal or an undo): the step again."""
        game = self.game
        if game is None or game.phase == "game_over":
            return
        self.scans.end()
        self._reset()
        if game.phase in NIGHT_PHASES:
            name = STEP_OF_PHASE[game.phase]
            self.units.append(["step", name, step_lines(game, name)])
        elif game.phase == "examine":
            self.units.append(["say", [make("examine.open", {"seats": sorted(game.examiners)})]])
        else:
            number = 2 if game.phase == "second_vote" else 1
            if number == 2:
                self._passed.add("defence")
            self.units.append(["vote", number, game.accused, game.round])
        self._pump()

    # ======================================================================= the log → units
    def _take_log(self) -> None:
        """Turn the engine's log of the last start/apply into units to play (in order)."""
        game = self.game
        units = self.units
        private: list | None = None          # the private unit of consecutive entries
        for entry in game.log:
            kind = entry[0]
            if kind == "private":
                _, seat, key, params = entry
                if private is None:
                    private = ["night_private", {}]
                    units.append(private)
                private[1].setdefault(seat, []).append(make(key, params, f"seat:{seat}"))
                continue
            private = None
            if kind == "step":
                name, params = entry[1], entry[2]
                if name in PRIVATE_STEPS:
                    units.append(["step", name, step_lines(game, name)])
                elif name in ("dogs_close", "dawn"):
                    units.append(["public_step", name])
                elif name == "vote":
                    units.append(["vote", params["number"], params.get("accused"), game.round])
                elif name != "ballot":            # the board counts the ballots itself (M48)
                    units.append(["say", announce.for_entry(game, entry)])
                continue
            items = announce.for_entry(game, entry)
            public = [a for a in items if a.channel == "public"]
            if public:
                units.append(["say", public])
            if len(public) < len(items):          # the prolog: each seat's character (M8), padded
                units.append(["prolog", [a for a in items if a.channel != "public"]])

    def tell_the_rest(self) -> None:
        """The game is over and ended at the console: what the night and the day still had
        to tell on the board's timers is said now, in order (the public lines of the steps,
        what was said to the table, the end), with no step's minimum time, no scan and no
        vote opened: the game's choices were all made. What was private to a seat in the
        night (its padded messages) is not said: the end reveals the roles."""
        self.timers.cancel("pump")
        self.scans.end()
        self.wait.stop()
        while self.units:
            unit = self.units.popleft()
            kind = unit[0]
            if kind == "say":
                self.speech.say_all(unit[1])
            elif kind in ("step", "public_step"):
                self.speech.say_all([make(STEP_KEYS[unit[1]])])
        self.night = self.voting = self.defending = None

    def _pump(self) -> None:
        """Play the units in order: a night step waits for the previous one's minimum time;
        the discussion and the defence hold the vote until they end."""
        self.timers.cancel("pump")
        clock = self.service.clock
        while self.units and not self.paused and self.game is not None:
            unit = self.units[0]
            kind = unit[0]
            if kind in ("step", "public_step") and self.night is not None:
                if not self.night.heard:
                    return                      # its end pumps again
                if clock.now() < self.night.ends_at:
                    self.timers.after(self.night.ends_at - clock.now(), self._pump, "pump")
                    return
            night = self.night
            if kind in ("step", "public_step", "night_private") and night is not None:
                wait = self.choosing.wait(self.scans.mid_choice([s for s in night.lines if s not in night.done],
                                                                lambda s: bool(night.picks.get(s))))
                if wait is not None:
                    self.timers.after(wait, self._pump, "pump")
                    return
            if kind == "vote" and not self._open_vote(unit):
                return
            self.units.popleft()
            # the table goes on only once every seat has heard its character: at a whisper
            # station, after the last seat's visit (ACCESSIBILITY.md 23)
            hold, self._prolog = (self._prolog, []) if kind != "prolog" else ([], [])
            if kind == "say":
                self.speech.say_all(unit[1], after=hold)
            elif kind == "prolog":
                # the kit's prolog: a seat's press or hold during its character cuts it with the
                # answer cue, and it is said again whole; the table waits for it (issue 31)
                self._prolog = self.say_prolog(unit[1], after=self.speech.last_public)
            elif kind == "step":
                self._night_step(unit[1], unit[2], after=hold)
            elif kind == "public_step":        # 2.1 and 5: no private lines
                self.scans.end()
                if unit[1] == "dawn":
                    self.night = None
                    self._tray = set()
                elif self.night is not None:
                    self.night.ends_at = clock.now()
                    self.night.heard = True
                self.speech.say_all([make(STEP_KEYS[unit[1]])])
            elif kind == "night_private":
                self._night_private(unit[1])
        if self.game is not None and self.game.phase == "game_over":
            self.scans.end()
            self.narrated()

    # ======================================================================= the night (M41-M44)
    def _night_step(self, name: str, lines: dict[int, SeatLine], after: Any = ()) -> None:
        """One step of the script: its public line (once ``after`` has ended), every
        listener's padded private message, then every listener's scan (M41-M43)."""
        self.scans.end()
        game = self.game
        clock = self.service.clock
        extra: tuple = ((_NOBODY, "scan.nobody"),) if name == "dogs" and game.options.get("dog_may_pass") else ()
        with_list = any(line.kind is not None for line in lines.values())
        step = _NightStep(name, dict(lines), self.seconds("night_choice_seconds" if with_list
                                                           else "night_look_seconds"), extra=extra)
        self.night = step
        step.pads = self._night_pads(step)
        now = clock.now()

        def started(*_: Any) -> None:        # the step's time runs from its public line (M41)
            step.ends_at = clock.now() + step.minimum

        public = self.say("public", STEP_KEYS[name], {}, on_start=started, after=after).utterance
        if public is None:
            step.ends_at = now + step.minimum
        else:
            self.speech.last_public = [public]

        def heard(seat: int) -> None:
            if not self._message_heard(step, seat):
                return                       # it is said again: its end is that one's
            if not step.heard:
                step.heard = True
                self._pump()

        if not lines:
            step.heard = True
        least = self._cards_seconds(sorted(lines)) if name in ("detective", "mastermind") else None
        said = self.speech.say_padded([make(line.key, line.params, f"seat:{s}") for s, line in sorted(lines.items())],
                                      after=[public], long=game.round == 1, on_end=heard, minimum_seconds=least)
        step.said = _by_seat(said)
        step.keep_whole([one for one in said if lines[int(one.lines[0]["channel"][5:])].kind is None])

    def _message_heard(self, step: _NightStep, seat: int) -> bool:
        """The seat's message asking for its list has ended: its list may start, and does if
        the seat pressed for it meanwhile (ACCESSIBILITY.md 14). A message cut by the seat's
        press while its words were said is said again (:meth:`answer_during`): its end
        then is the end of that (False here)."""
        clip = step.said.get(seat)
        if clip is not None and not clip.done():
            return False
        step.told.add(seat)
        if seat in step.early:               # its list now: a press is answered after the message
            step.early.discard(seat)
            self._night_scan(seat, step.name)
        return True

    def _item_texts(self, step: _NightStep, seat: int) -> list[tuple[Any, str, dict]]:
        line = step.lines[seat]
        picked = step.picks.get(seat, [])
        key, param = ("scan.seat", "seat") if line.kind == "seat" else ("scan.card", "card")
        return [(v, key, {param: v}) for v in line.items if v not in picked] + [
            (value, k, {}) for value, k in step.extra]

    def _genuine_pool(self) -> tuple[int, ...]:
        """The cards tonight's genuine messages could have been chosen from (M20, M22): the
        chosen ones, the evidence pool and, where a Refuse Collector was killed, the discard
        pile; the fakes come from the same pool (M25), so a length padded over it tells none
        of them apart (issue 33)."""
        game = self.game
        pool = set(game.genuine) | set(game.evidence_pool) | set(game.message_area)
        if game.refuse_collector_killed:
            pool |= set(game.discard_pile)
        return tuple(sorted(pool))

    def _cards_seconds(self, seats: Sequence[int], key: str = "night.look") -> float | None:
        """The least length of every clip of a step where some seats hear tonight's genuine
        cards (``key``: the Private Detective's and the Mastermind's look, M23; the living
        killers' view of the dead's choice, M20) and the others wait (M43): the cards read as
        any of tonight's count of cards from :meth:`_genuine_pool`, at every listener's rate
        in either wording, with the table's margin, so neither the look nor anyone's wait
        tells which cards are genuine (their count is public: every seat pressed as often in
        step 3; issue 33). None: nothing genuine tonight, or no sound."""
        count = len(self.game.genuine)
        if not count or not seats:
            return None
        return self.longest_template(seats, [(key, {"cards": Subset(count, self._genuine_pool())})])

    def _night_pads(self, step: _NightStep) -> dict[str, float]:
        """M43: what every private clip of ``step`` besides the padded message is padded to,
        by kind: ``item`` (every scan item any listener can hear, "cancel", "nobody"),
        ``confirm`` (a confirmation's "confirm: seat 3" and "back"), ``intro``, ``picked`` and
        ``chosen``: the longest of their texts (:meth:`longest_spoken`), so neither a list nor a
        wording nor a rate makes one seat's clip longer. Empty where nothing can be measured."""
        if not step.lines:
            return {}
        kinds: dict[str, list] = {"item": [("scan.cancel", {})], "confirm": [], "intro": [("scan.start", {})],
                                  "picked": [("scan.picked", {})], "chosen": [("night.chosen", {})]}
        for seat, line in step.lines.items():
            if line.kind is not None:
                kinds["item"] += [(key, params) for _, key, params in self._item_texts(step, seat)]
                if step.name in CONFIRMED_STEPS:    # the confirmation's two items: a kind of their own
                    kinds["confirm"] += [("scan.back", {})] + [
                        ("scan.confirm.seat", {"seat": v}) for v in line.items if type(v) is int]
        pads = {kind: self.longest_spoken(list(step.lines), sentences) for kind, sentences in kinds.items()}
        return {} if any(p is None for p in pads.values()) else pads

    def _night_scan(self, seat: int, name: str) -> None:
        """Start (or go on with) ``seat``'s scan in the night step ``name`` (its press starts
        it, as every seat's does: M43)."""
        step = self.night
        if (step is None or step.name != name or self.paused or seat not in step.lines
                or seat in step.done):
            return
        line = step.lines[seat]
        if line.kind is None or line.presses <= 0:
            return
        if seat not in step.told:            # ACCESSIBILITY.md 14: the list follows its message
            step.early.add(seat)
            return
        # every list in an order of its own (issue 33): the time from its start to a press
        # tells neither the victim (revealed at dawn) nor whether the list was a decoy
        items = self.scans.private_order([self.scans.item(v, key, params)
                                          for v, key, params in self._item_texts(step, seat)])

        def cancelled() -> None:
            if self.night is step:
                step.picks[seat] = []
                self._night_scan(seat, name)

        self._scan(seat, items, lambda value: self._night_pick(seat, name, value), on_cancel=cancelled,
                   pads=step.pads, confirm=name in CONFIRMED_STEPS, intro=not step.picks.get(seat))

    def _night_pick(self, seat: int, name: str, value: Any) -> None:
        step = self.night
        if step is None or step.name != name or self.game is None:
            return
        line = step.lines[seat]
        picks = step.picks.setdefault(seat, [])
        if value == _NOBODY:
            picks[:] = [None]
        else:
            picks.append(value)
        # "picked" and "chosen" are steps of the list: no repeat gives them back, and at a
        # whisper station they join the seat's visit
        if len(picks) < line.presses and picks != [None]:
            self.say(f"seat:{seat}", "scan.picked", {}, pad_seconds=step.pads.get("picked"), history=False,
                     on_end=lambda *_: self._night_scan(seat, name))
            return
        step.done.add(seat)
        # "chosen" is heard whole: a press meanwhile (made twice) is answered after it, and
        # only the seat's own request cuts it (issue 31)
        if not line.acts:
            step.keep_whole([self.say(f"seat:{seat}", "night.chosen", {}, pad_seconds=step.pads.get("chosen"),
                                      history=False, keep=True)], answer=True)
            return                           # a decoy's choice is ignored (M43)
        kind = _STEP_ACTION[name]
        if kind in ("soulmate", "protect"):
            action = Action(kind, seat=seat, target=picks[0])
        elif kind == "kill":
            action = Action(kind, seat=seat, targets=tuple(picks))
        else:
            action = Action(kind, seat=seat, cards=tuple(picks))
        # the actor hears "chosen" as everyone does; its choice counts once that has played,
        # so the next step never starts before the last confirmation
        step.keep_whole([self.say(f"seat:{seat}", "night.chosen", {}, pad_seconds=step.pads.get("chosen"),
                                  history=False, keep=True, on_end=lambda *_: self._submit(action))], answer=True)

    def _submit(self, action: Action) -> None:
        """An actor's night choice once its "chosen" has played; paused meanwhile, the seat
        chooses again after the resume (its press starts its list anew)."""
        if self.game is None or action.seat not in self.game.awaiting():
            return
        if self.paused:
            step = self.night
            if step is not None:
                step.done.discard(action.seat)
                step.picks[action.seat] = []
            return
        self.accept(action)

    def _night_private(self, by_seat: dict[int, list[Line]]) -> None:
        """What a night choice caused privately, as one padded clip for every listener of the
        step ("keep your eyes closed" for the others); a failed agreement (M16, M44): every
        listener scans again."""
        step = self.night
        hearers = sorted(step.lines) if step is not None else listeners(self.game)
        again = any(a.key.endswith(".again") for items in by_seat.values() for a in items)
        clips = {s: by_seat.get(s) or [make("night.nothing" if again else "night.wait", {}, f"seat:{s}")]
                 for s in hearers}
        for s, items in by_seat.items():
            clips.setdefault(s, items)
        if again and step is not None:
            for s in hearers:
                self.scans.end(s)
                step.picks[s] = []
            step.done.clear()
        genuine = any(a.key == "night.killers.genuine" for items in clips.values() for a in items)
        least = self._cards_seconds(sorted(clips), "night.killers.genuine") if genuine else None
        if again and step is not None:       # every listener's list follows this message again
            step.told, step.early, step.said = set(), set(), {}
        said = self.speech.say_padded([a for s in sorted(clips) for a in clips[s]], after=self.speech.last_public,
                                      minimum_seconds=least,
                                      on_end=(lambda s: self._message_heard(step, s)) if again and step else None)
        if again and step is not None:
            step.said = _by_seat(said)
        elif step is not None:
            step.keep_whole(said)

    # ======================================================================= the day (M47, M48)
    def _open_vote(self, unit: list) -> bool:
        """The head unit opens a vote: first the discussion (vote 1) or the defence (vote 2).
        True when the vote opens now, or the game master has voted for the seats meanwhile
        (the unit is consumed: the narration goes on with what the votes caused)."""
        number, accused, rnd = unit[1], unit[2], unit[3]
        if self.game.round != rnd or self.game.phase != ("vote" if number == 1 else "second_vote"):
            self._passed = set()
            return True
        if number == 1 and "discussion" not in self._passed:
            if not self.wait.running:
                self.wait.begin(self.game.living(), keys=READY_KEYS)
                said = self.speech.say_all([make("day.discussion")])      # the timer runs once it is heard
                self.speech.when_played([s.utterance for s in said],
                                        lambda: self.wait.time(self.seconds("discussion_seconds")))
            return False
        if number == 2 and "defence" not in self._passed:
            if self.defending is None:
                self.defending = accused
                self.speech.say_all([make("vote.defend", {"accused": accused})])
            return False
        self._passed = set()
        self.scans.end()
        self.speech.say_all([make("vote.open", {"number": 1}) if number == 1
                             else make("vote.second", {"accused": accused})])
        self.voting = {"number": number, "ballots": {}, "no_skip": set()}
        return True

    def wait_ended(self, reason: str) -> None:
        """The discussion (the table's :attr:`wait`) is over: every living seat ready, its time
        limit, the game master: the vote opens."""
        self._passed.add("discussion")
        self.scans.end()
        self._pump()

    def open_second_vote(self) -> bool:
        """The accused (or the game master) ends the defence. :returns: False without one."""
        if self.defending is None:
            return False
        self.defending = None
        self._passed.add("defence")
        self._pump()
        return True

    def _menu_pick(self, seat: int, value: str) -> None:
        """M47: what the seat chose in its private menu."""
        game = self.game
        if game is None:
            return
        channel = f"seat:{seat}"
        if value == "ready":     # ready already: the table's wait tells whom it still waits for (A28)
            self.wait.ready_seat(seat)
            return
        if value == "repeat":         # issue 33: a secret told at night stays reachable in the day
            self.speech.repeat(seat)
            return
        items: list[Line] = []
        if value == "message_area" and game.message_area:
            items = [make("messages.read", {"round": game.round, "cards": list(game.message_area)}, channel)]
        elif value == "pool":
            items = announce.pool_lines(game.round, sorted(game.evidence_pool), channel)
        elif value == "dead":
            items = [make("day.dead", {"seat": s, "character": game.characters[s]}, channel)
                     for s in sorted(game.revealed)] or [make("day.nobody_dead", {}, channel)]
        elif value == "earlier":
            items = [make("messages.read", {"round": r, "cards": list(m[0])}, channel)
                     for r, m in sorted(game.messages.items()) if r < game.round and m[0]]
        self.speech.request(items or [make("day.no_messages", {}, channel)])

    def _vote_scan(self, seat: int) -> None:
        choice = self.game.choice_of(seat)
        items = []
        if self.voting["number"] == 1 and choice.skip_allowed and seat not in self.voting["no_skip"]:
            items.append(self.scans.item(_SKIP, "scan.skip_vote", {}))
        items += [self.scans.item(t, "scan.seat", {"seat": t}) for t in choice.items]
        # M48: a ballot is secret until every ballot is cast, so its confirmation lasts as
        # long whichever seat it names
        confirm = self.longest_spoken([seat], [("scan.back", {})] + [
            ("scan.confirm.skip", {}) if i.value == _SKIP else ("scan.confirm.seat", {"seat": i.value})
            for i in items])
        self._scan(seat, items, lambda target: self._ballot(seat, target), confirm=True,
                   pads={} if confirm is None else {"confirm": confirm})

    def _ballot(self, seat: int, target: Any) -> None:
        """M48: one ballot; the table hears the count; the first vote is journaled when
        complete (``skip_vote``, or the ``vote`` actions in seat order)."""
        game, voting = self.game, self.voting
        if game is None or voting is None or self.paused:
            return
        living = game.living()
        voting["ballots"][seat] = target
        self.say(f"seat:{seat}", "scan.picked", {})
        self.speech.say_all([make("vote.counted", {"count": len(voting["ballots"]), "total": len(living)})])
        if voting["number"] == 2:
            self.accept(Action("vote", seat=seat, target=target))
            return
        if len(voting["ballots"]) < len(living):
            return
        skips = sorted(s for s, t in voting["ballots"].items() if t == _SKIP)
        if skips and len(skips) == len(voting["ballots"]):
            self.voting = None
            self.accept(Action("skip_vote"))
            return
        if skips:
            for s in skips:
                del voting["ballots"][s]
                voting["no_skip"].add(s)
            self.speech.say_all([make("vote.skip_some")])
            return
        ballots, self.voting = dict(voting["ballots"]), None
        for s in sorted(ballots):
            if not self.accept(Action("vote", seat=s, target=ballots[s])):
                break

    # ======================================================================= inputs
    def on_press(self, seat: int) -> bool:
        """A press with no scan running: a night list, the examination, the end of the
        defence, the day menu or the ballot (M42-M48)."""
        game = self.game
        night = self.night
        if night is not None and seat in night.lines and seat not in night.done:
            line = night.lines[seat]
            if line.kind is not None and line.presses > 0:
                # answered at once while its message asking for the list is due or plays: its
                # padding's silence is not waited out, its words are never lost (issue 31)
                self.answer_during(seat, night.said.get(seat))
                self._night_scan(seat, night.name)
                return True
        if night is not None and seat in night.lines and night.playing(seat):
            # a clip padded to one length with the other seats' plays ("chosen", a look, what a
            # choice caused): the press is answered right after it, never by cutting it short
            # (M43, R16: its length tells nobody anything); no repeat cuts it either
            self.answer_cue(seat, spare_padded=True)
            return ANSWERED
        if night is None and game.phase == "examine" and seat in game.awaiting():
            items = [self.scans.item(c, "scan.card", {"card": c}) for c in game.choice_of(seat).items]
            items.append(self.scans.item(None, "scan.no_card", {}))
            self._scan(seat, items, lambda card: self.accept(Action("examine", seat=seat, card=card)))
            return True
        if self.defending is not None and seat == self.defending:
            return self.open_second_vote()
        if self.wait.running and game.alive[seat]:
            items = [self.scans.item(k, f"menu.{k}", {})
                     for k in ("message_area", "pool", "dead", "earlier", "repeat", "ready")]
            self._scan(seat, items, lambda value: self._menu_pick(seat, value))
            return True
        if (self.voting is not None and game.alive[seat]
                and seat not in self.voting["ballots"] and seat in game.awaiting()):
            self._vote_scan(seat)
            return True
        return False

    def gm_press(self) -> bool:
        """The game-master key's press ends the discussion or the defence."""
        return self.wait.end() or self.open_second_vote()

    def on_evidence(self, event: Any) -> None:
        """M45, M46: an evidence tile on a reader (the message-area tray): the board names
        where it belongs, by number and description ("card 18: a red umbrella: message
        area"); once every card of the message area was shown, "message area complete". At
        night nothing is moved and nothing is said (a sound would give a choice away): the
        tile is only noted for the console."""
        game = self.game
        card = event.number                 # the tile's card id (0-based, M46)
        if game is None or type(card) is not int:
            return
        if game.phase in NIGHT_PHASES or self.night is not None or game.chance_due == "arrange":
            self.faults.list({"kind": "fault", "reason": "evidence_at_night", "card": card})
            log.info("evidence tile %d read at night: ignored (M45)", card)
            return
        if 0 <= card < game.setup.cards and card in game.message_area:
            self._tray.add(card)
            items = [make("tray.message", {"card": card})]
            if set(game.message_area) <= self._tray:
                items.append(make("tray.complete"))
            self.speech.say_all(items)
        elif 0 <= card < game.setup.cards and card in game.evidence_pool:
            self.speech.say_all([make("tray.pool", {"card": card})])
        else:
            self.speech.say_all([make("tray.out", {"card": card})])

    # ======================================================================= reminders (issue 31)
    def awaited(self) -> tuple[int, ...]:
        """Whom the table waits for (the table's reminders, ACCESSIBILITY.md 28): a night
        step's actors who have not chosen, once the step's minimum time has run (a secret:
        :meth:`awaited_secret`); the examiners; the accused of a defence; the living who have
        not cast this vote's ballot. Nobody while the narration runs or chance is drawn (the
        discussion is the table's :attr:`wait`)."""
        game, night = self.game, self.night
        if game is None or game.phase == "game_over":
            return ()
        if night is not None:
            if self.service.clock.now() < night.ends_at:
                return ()
            return tuple(s for s, line in sorted(night.lines.items())
                         if line.acts and line.presses > 0 and s not in night.done)
        if game.phase in NIGHT_PHASES or game.chance_due is not None:
            return ()
        if self.defending is not None:
            return (self.defending,)
        if self.voting is not None:
            return tuple(s for s in game.awaiting() if game.alive[s] and s not in self.voting["ballots"])
        if game.phase == "examine":
            return tuple(game.awaiting())
        return ()

    def awaited_secret(self) -> bool:
        """A night step's actors are a secret (M43): its reminder names nobody at the table."""
        return self.night is not None

    def secret_move(self, action: dict) -> bool:
        """A night's move (M43: the night's actors are secret; the victim's genuine message
        before dawn too): the game master's undo of it names nobody at the table."""
        return action.get("action") in NIGHT_ACTIONS

    # ======================================================================= status (M47)
    def public_status(self) -> list:
        """The public status for the game master's key (round, living seats, Killing Phases
        to skip)."""
        view = public_view(self.game)
        return [make("status.public", {"round": self.game.round, "living": len(view["alive"]),
                                       "skips": view["skips_pending"]})]

    def status_layers(self, seat: int) -> list[list]:
        """M47 in layers (:func:`announce.status_layers`): what is open now, the public
        status, the seat's private facts."""
        step = ("night" if self.night is not None else "discussion" if self.wait.running
                else "defence" if self.defending is not None else "vote" if self.voting is not None else None)
        table = {"step": step, "ready": len(self.wait.ready),
                 "accused": self.defending, "number": (self.voting or {}).get("number", 1)}
        return announce.status_layers(self.game, seat, table)

    def clip_stand_ins(self, lines: Sequence[Line], seat: int, seconds: Callable[[str, dict], float | None]
                       ) -> list[tuple[str, dict]] | None:
        """A status clip: its public lines, then the private lines of the longest status any
        character of this setup could hear (issue 33: a killer's status lasts as long as an
        aristocrat's), each line at its longest (the killers and the soulmate's choice as any
        seats, :func:`~firmware_host.table.padding.longest_clip`)."""
        game = self.game
        shared = [(a.key, dict(a.params)) for a in lines if a.key not in self.STATUS_SECRETS]
        seats, roles = tuple(range(game.players)), set(game.characters)
        killers = sum(1 for c in game.characters if c in KILLERS)
        clips = []
        for role in sorted(roles):
            clip = [("status.private", {"character": [role]})]
            if killers:
                clip.append(("status.killers", {"killers": Subset(killers, seats)}))
            if role == "soulmate":
                clip.append(("night.soulmate.chosen", {"target": list(seats)}))
            if "soulmate" in roles and role != "soulmate":
                clip.append(("night.soulmate.destined", {}))
            if "famous_dog" in roles:
                clip.append(("night.protected", {}))
            clips.append(clip)
        # the genuine messages of any night a seat may have seen last, at their longest
        nights = [(len(g), m) for _, (m, g) in sorted(game.messages.items())]
        if game.genuine and game.round not in game.messages:     # tonight, before dawn
            nights.append((len(game.genuine), self._genuine_pool()))
        looks = [("night.look", {"cards": Subset(n, tuple(pool))}) for n, pool in nights if n]
        best, look = longest_clip(clips, seconds), longest_of(looks, seconds) if looks else None
        if best is None or (looks and look is None):
            return None
        return shared + best + ([look] if look else [])

    # ======================================================================= scanning (M42)
    def _confirming(self, item: Any) -> tuple[Any, Any] | None:
        """ACCESSIBILITY.md 16: a final choice (a ballot, a victim) needs a confirming press:
        the pick opens "confirm: seat 3" and "back" (the list again)."""
        if item.value == _SKIP:
            return self.scans.item(item.value, "scan.confirm.skip", {}), None
        if type(item.value) is int:
            return self.scans.item(item.value, "scan.confirm.seat", {"seat": item.value}), None
        return None

    def _scan(self, seat: int, items: list, chosen: Callable[[Any], None], *,
              on_cancel: Callable[[], None] | None = None, pads: dict | None = None,
              confirm: bool = False, intro: bool = True) -> None:
        """A scan of ``items`` (then "cancel") into ``seat``'s earphone; ``chosen(value)``;
        with ``confirm`` a pick is final only after its confirming press (:meth:`_confirming`).
        With ``intro`` the list is announced first and its first item comes a second after that
        has ended (ACCESSIBILITY.md 14); at night every clip is padded to its kind's length
        (``pads`` by kind, M43)."""
        self.scans.start(seat, items, chosen, intro=("scan.start", {}) if intro else None, cancelled=on_cancel,
                         confirm=self._confirming if confirm else None, purpose="choice", pad=pads or {})
