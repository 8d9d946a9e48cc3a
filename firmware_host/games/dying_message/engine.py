"""The Dying Message rules engine (DYING_MESSAGE.md M1-M40): pure, no I/O, clock or chance.

:class:`Game` holds the whole state of one game and changes it only through
:meth:`Game.apply`, which either returns the public events of an accepted action or raises
:class:`IllegalAction` and leaves the state untouched. Chance comes in as actions (``shuffle``
M37, ``arrange`` M27); :attr:`Game.chance_due` says when one is due.

Besides its events, every :meth:`Game.start` / :meth:`Game.apply` leaves in :attr:`Game.log`
what happened in order: ``("event", Event)``, ``("step", name, params)`` — a step of the
narrator's script (M41/M12), public by construction: it is reached whether or not anyone acts
— and ``("private", seat, key, params)`` — a private fact for one seat's earphone (M39). The
announcer (``announce.py``) and the board adapter speak from this log.
"""

from __future__ import annotations

import copy as _copy
from typing import Any, Iterable, Sequence

from firmware_host.checks import quoted

from .actions import ACTION_KINDS, Action, Event, IllegalAction, illegal
from .setup import FACTION, INNOCENT, KILLERS, POOL_SIZE, Setup

__all__ = ["Game", "Choice", "PHASES", "NIGHT_PHASES", "GAME_OVER"]

SOULMATE, PROTECT, KILL, GENUINE, FAKE = "soulmate", "protect", "kill", "genuine", "fake"
EXAMINE, VOTE, SECOND_VOTE, GAME_OVER = "examine", "vote", "second_vote", "game_over"
#: The phases of the replay's ``state`` (a chance input is due between them).
PHASES = (SOULMATE, PROTECT, KILL, GENUINE, FAKE, EXAMINE, VOTE, SECOND_VOTE, GAME_OVER)
#: The phases of the Killing Phase (choices made with eyes closed, M12).
NIGHT_PHASES = frozenset({SOULMATE, PROTECT, KILL, GENUINE, FAKE})
#: The action that each phase takes.
_PHASE_ACTION = {SOULMATE: "soulmate", PROTECT: "protect", KILL: "kill", GENUINE: "genuine",
                 FAKE: "fake", EXAMINE: "examine", VOTE: "vote", SECOND_VOTE: "vote"}
#: M41: the script steps addressed to a character, and that character.
STEP_CHARACTER = {"soulmate": "soulmate", "dogs": "famous_dog", "dogs_close": "famous_dog",
                  "detective": "private_detective", "mastermind": "mastermind"}


class Choice:
    """What one seat may choose now (for scanning lists and random playouts).

    Attributes:
        kind: the action name (``"kill"``, ``"vote"``, ...).
        items: the items to choose from: seats (soulmate, protect, kill, vote) or card ids
            (genuine, fake, examine), in list order.
        count: how many distinct items make one choice (1 for a single item).
        none_allowed: the choice may be "nobody"/"no card" (``protect`` with
            ``dog_may_pass``; ``examine``).
        skip_allowed: ``skip_vote`` is possible now (first vote, option on, no ballot yet).
    """

    __slots__ = ("kind", "items", "count", "none_allowed", "skip_allowed")

    def __init__(self, kind: str, items: Sequence[int], count: int = 1,
                 none_allowed: bool = False, skip_allowed: bool = False) -> None:
        self.kind = kind
        self.items = tuple(items)
        self.count = count
        self.none_allowed = none_allowed
        self.skip_allowed = skip_allowed

    def __repr__(self) -> str:
        return (f"Choice({self.kind!r}, items={self.items!r}, count={self.count}, "
                f"none_allowed={self.none_allowed}, skip_allowed={self.skip_allowed})")


class Game:
    """One game of Dying Message.

    Args:
        setup: a :class:`Setup` with concrete ``roles`` and ``deck`` (see :func:`deal`).

    Raises:
        ValueError: ``setup.roles`` or ``setup.deck`` is None.

    Call :meth:`start` once, then :meth:`apply` per action.
    """

    def __init__(self, setup: Setup) -> None:
        if setup.roles is None or setup.deck is None:
            raise ValueError("Game needs dealt characters and deck: Game(setup.with_dealt(*deal(setup)))")
        self.setup = setup
        self.players = n = setup.players
        self.characters: tuple[str, ...] = tuple(setup.roles)
        self.options = dict(setup.options)
        self.alive = [True] * n
        #: seat -> (round of death, cause), in order of death
        self.deaths: dict[int, tuple[int, str]] = {}
        #: dead seats whose ``died`` event was written (public)
        self.revealed: set[int] = set()
        self.round = 0
        self.phase = KILL
        self.winner: str | None = None
        self.reason: str | None = None
        self.chance_due: str | None = None     # "shuffle" / "arrange"
        # cards
        self.draw_pile: list[int] = list(setup.deck)
        self.discard_pile: list[int] = []
        self.evidence_pool: list[int] = []
        self.message_area: list[int] = []
        self.arranged = False
        self.dead_messages: list[int] = []
        #: round -> (its messages in reading order, its genuine messages) (M29)
        self.messages: dict[int, tuple[tuple[int, ...], frozenset[int]]] = {}
        self.public_pool: list[int] = []       # the pool as the table sees it (M39)
        self.public_discard = 0                # the discard pile's count as the table sees it
        # night
        self.skips_pending = 0
        self.destined: int | None = None
        self.protections: dict[int, int | None] = {}   # dog seat -> protected seat (this round)
        self.group: tuple[int, ...] = ()               # who chooses together now (M16)
        self.proposals: dict[int, tuple[int, ...]] = {}
        self.need = 0                                  # items per choice now
        self.victims: tuple[int, ...] = ()
        self.night_dead: tuple[int, ...] = ()
        self.night_killers: tuple[int, ...] = ()
        self.genuine: tuple[int, ...] = ()
        self.fakes: tuple[int, ...] = ()
        self.refuse_collector_killed = False
        self.script_spoken: set[str] = set()
        self.killers_met: set[int] = set()             # killers who opened their eyes (M15)
        #: seat -> the genuine messages it was shown or chose, night by night (issue 33: its status keeps them)
        self.genuine_seen: dict[int, list[tuple[int, ...]]] = {}
        # day
        self.examiners: dict[int, int] = {}            # Forensic Scientist -> round of messages
        self.examined: set[int] = set()
        self.after_examine = VOTE                      # "vote" or "prepare"
        self.vote_number = 1
        self.ballots: dict[int, int] = {}
        self.accused: int | None = None
        self.last_accused: int | None = None   # the accused of the vote just counted
        self.drawn_this_preparation = 0
        self.log: list[tuple] = []
        self._started = False

    # ------------------------------------------------------------------ queries

    def faction(self, seat: int) -> str:
        """The faction of ``seat``'s character (``"innocent"`` / ``"guilty"``), M1."""
        return FACTION[self.characters[seat]]

    def is_killer(self, seat: int) -> bool:
        """True when ``seat`` holds a killer (M2)."""
        return self.characters[seat] in KILLERS

    def living(self) -> list[int]:
        """Living seats, sorted."""
        alive = self.alive
        return [s for s in range(self.players) if alive[s]]

    def living_killers(self) -> list[int]:
        """Living killers, sorted (M2)."""
        return [s for s in range(self.players) if self.alive[s] and self.is_killer(s)]

    def living_with(self, character: str) -> list[int]:
        """Living seats holding ``character``, sorted."""
        return [s for s in range(self.players) if self.alive[s] and self.characters[s] == character]

    def in_script(self, character: str) -> bool:
        """M41: ``character`` is in play and not every copy was revealed dead."""
        return any(c == character and s not in self.revealed
                   for s, c in enumerate(self.characters))

    @property
    def protected(self) -> frozenset[int]:
        """Seats protected by the Famous Dogs this round (M14)."""
        return frozenset(t for t in self.protections.values() if t is not None)

    @property
    def soulmate(self) -> int | None:
        """The Soulmate's seat, or None (M13)."""
        for s, c in enumerate(self.characters):
            if c == "soulmate":
                return s
        return None

    def previous_messages(self, round_: int) -> tuple[int, ...]:
        """The messages of the round before ``round_`` (M29), in reading order."""
        return self.messages.get(round_ - 1, ((), frozenset()))[0]

    def awaiting(self) -> tuple[int, ...]:
        """Seats that must act now (sorted); () when only chance is due or the game is over."""
        if self.phase == GAME_OVER or self.chance_due is not None:
            return ()
        if self.phase == SOULMATE:
            return (self.soulmate,)
        if self.phase == PROTECT:
            return tuple(s for s in self.living_with("famous_dog") if s not in self.protections)
        if self.phase in (KILL, GENUINE, FAKE):
            return tuple(s for s in self.group if s not in self.proposals)
        if self.phase == EXAMINE:
            return tuple(s for s in sorted(self.examiners) if s not in self.examined)
        return tuple(s for s in self.living() if s not in self.ballots)

    def choice(self, seat: int) -> Choice | None:
        """What ``seat`` may choose now (:class:`Choice`), or None when it has no part."""
        if seat not in self.awaiting():
            return None
        return self.choice_of(seat)

    def choice_of(self, seat: int) -> Choice:
        """:meth:`choice` for a seat known to be in :meth:`awaiting` (no check; playouts)."""
        phase, n = self.phase, self.players
        if phase == SOULMATE:
            return Choice("soulmate", [s for s in self.living() if s != seat])
        if phase == PROTECT:
            return Choice("protect", [s for s in self.living()
                                      if self.characters[s] != "famous_dog"],
                          none_allowed=self.options["dog_may_pass"])
        if phase == KILL:
            return Choice("kill", self._killable(), self.need)
        if phase == GENUINE:
            return Choice("genuine", self._genuine_source(), self.need)
        if phase == FAKE:
            return Choice("fake", sorted(self.evidence_pool), self.need)
        if phase == EXAMINE:
            return Choice("examine", self.previous_messages(self.examiners[seat] + 1),
                          none_allowed=True)
        targets = [s for s in range(n) if self.alive[s]
                   and (self.options["self_vote"] or s != seat)]
        return Choice("vote", targets,
                      skip_allowed=self._skip_allowed())

    def _skip_allowed(self) -> bool:
        return (self.phase == VOTE and self.options["skip_vote"] and not self.ballots)

    def _killable(self) -> list[int]:
        protected = self.protected
        return [s for s in self.living() if not self.is_killer(s) and s not in protected]

    def _genuine_source(self) -> list[int]:
        cards = list(self.evidence_pool)
        if self.refuse_collector_killed:
            cards += self.discard_pile
        return sorted(cards)

    @property
    def shuffle_pool(self) -> list[int]:
        """The cards a due ``shuffle`` orders (the discard pile)."""
        return list(self.discard_pile)

    # ------------------------------------------------------------------ start

    def copy(self) -> "Game":
        """An independent copy of the game (the board tries an action on it before it is
        journaled)."""
        return _copy.deepcopy(self)

    def start(self) -> list[Event]:
        """Begin the game: ``game_started``, the round-1 ``evidence_pool``, ``round_started``
        and the first steps of the Killing Phase (M7, M8, M11).

        Raises:
            RuntimeError: the game was already started.
        """
        if self._started:
            raise RuntimeError("the game was already started")
        self._started = True
        self.log = []
        counts: dict[str, int] = {}
        for c in sorted(self.characters):
            counts[c] = counts.get(c, 0) + 1
        self._event("game_started", players=self.players, characters=counts)
        for _ in range(POOL_SIZE):
            if self.draw_pile:
                self.evidence_pool.append(self.draw_pile.pop(0))
        self._new_round()
        return self._events()

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        """Apply one action; return its public events (the full story is in :attr:`log`).

        Raises:
            IllegalAction: the first reason of the replay's precedence list that applies;
                the state is unchanged.
        """
        if not self._started:
            raise RuntimeError("call start() first")
        self._check(action)
        self.log = []
        getattr(self, "_do_" + action.kind)(action)
        return self._events()

    def _events(self) -> list[Event]:
        return [entry[1] for entry in self.log if entry[0] == "event"]

    def _event(self, kind: str, **data: Any) -> None:
        self.log.append(("event", Event(kind, data)))

    def _step(self, name: str, **params: Any) -> None:
        self.script_spoken.add(name)
        self.log.append(("step", name, params))

    def _private(self, seat: int, key: str, **params: Any) -> None:
        self.log.append(("private", seat, key, params))

    # ------------------------------------------------------------------ checks

    def _check(self, a: Action) -> None:
        """Raise the first reason of the replay's precedence list that applies to ``a``."""
        kind = a.kind
        if self.phase == GAME_OVER:
            raise illegal("game_over", f"{kind}: the game is over")
        if not isinstance(kind, str) or kind not in ACTION_KINDS:
            raise illegal("malformed", f"unknown action {quoted(kind)}")
        self._check_types(a)
        # wrong_phase
        if kind in ("shuffle", "arrange"):
            if self.chance_due != kind:
                raise illegal("wrong_phase", f"{kind}: no {kind} is due now")
            return
        if self.chance_due is not None:
            raise illegal("wrong_phase", f"{kind}: a {self.chance_due} is due first")
        if kind == "skip_vote":
            if not self.options["skip_vote"]:
                raise illegal("wrong_phase", "skip_vote: the table plays with every vote "
                                    "taken (option skip_vote off)")
            if self.phase != VOTE or self.ballots:
                raise illegal("wrong_phase", "skip_vote: only before the first ballot of "
                                    "the first vote (M30)")
            return
        if _PHASE_ACTION.get(self.phase) != kind:
            raise illegal("wrong_phase", f"{kind}: not now, the phase is {self.phase}")
        seat = a.seat
        # not_alive (acting seat)
        if kind in ("soulmate", "protect", "kill", "fake", "vote") and not self.alive[seat]:
            raise illegal("not_alive", f"{kind}: seat {seat} is dead")
        # not_your_turn
        char = self.characters[seat]
        if kind == "soulmate" and char != "soulmate":
            raise illegal("not_your_turn", f"soulmate: seat {seat} is not the Soulmate")
        if kind == "protect" and char != "famous_dog":
            raise illegal("not_your_turn", f"protect: seat {seat} is not a Famous Dog")
        if kind in ("kill", "fake", "genuine") and seat not in self.group:
            who = "one of the night's dead" if kind == "genuine" else "a killer"
            raise illegal("not_your_turn", f"{kind}: seat {seat} is not {who}")
        if kind == "examine" and seat not in self.examiners:
            raise illegal("not_your_turn", f"examine: seat {seat} is not a Forensic "
                                "Scientist who may examine now")
        # already_acted
        if ((kind == "protect" and seat in self.protections)
                or (kind in ("kill", "genuine", "fake") and seat in self.proposals)
                or (kind == "vote" and seat in self.ballots)
                or (kind == "examine" and seat in self.examined)):
            raise illegal("already_acted", f"{kind}: seat {seat} has already acted in "
                                "this step")
        # wrong_count
        chosen = a.targets if kind == "kill" else a.cards if kind in ("genuine", "fake") else None
        if chosen is not None and len(chosen) != self.need:
            raise illegal("wrong_count", f"{kind}: {len(chosen)} chosen, {self.need} "
                                "asked for")
        # invalid_target, not_alive (target), protected
        n = self.players
        if kind in ("soulmate", "protect", "vote") and a.target is not None:
            t = a.target
            if not 0 <= t < n:
                raise illegal("invalid_target", f"{kind}: no seat {t}")
            if kind == "soulmate" and t == seat:
                raise illegal("invalid_target", "soulmate: choose another player (M13)")
            if kind == "protect" and self.characters[t] == "famous_dog":
                raise illegal("invalid_target", "protect: a Famous Dog cannot be "
                                    "protected (M14)")
            if kind == "vote" and t == seat and not self.options["self_vote"]:
                raise illegal("invalid_target", "vote: a ballot for oneself is not "
                                    "allowed at this table (option self_vote off)")
            if not self.alive[t]:
                raise illegal("not_alive", f"{kind}: seat {t} is dead")
        if kind == "kill":
            for t in a.targets:
                if not 0 <= t < n:
                    raise illegal("invalid_target", f"kill: no seat {t}")
                if self.is_killer(t):
                    raise illegal("invalid_target", f"kill: seat {t} is a killer (M15)")
            for t in a.targets:
                if not self.alive[t]:
                    raise illegal("not_alive", f"kill: seat {t} is dead")
            for t in a.targets:
                if t in self.protected:
                    raise illegal("protected", f"kill: seat {t} is protected tonight (M14)")
        # not_available
        if kind in ("genuine", "fake"):
            source = set(self._genuine_source() if kind == "genuine" else self.evidence_pool)
            for c in a.cards:
                if c not in source:
                    where = ("the evidence pool or the discard pile" if kind == "genuine"
                             and self.refuse_collector_killed else "the evidence pool")
                    raise illegal("not_available", f"{kind}: card {c} is not in {where}")
        if kind == "examine" and a.card is not None:
            if a.card not in self.previous_messages(self.examiners[seat] + 1):
                raise illegal("not_available", f"examine: card {a.card} was not a message "
                                    "of the previous round (M29)")

    def _check_types(self, a: Action) -> None:
        """Reason ``malformed`` (the replay's list item 2)."""
        kind, need = a.kind, ACTION_KINDS[a.kind]

        def bad(msg: str) -> IllegalAction:
            return illegal("malformed", f"{kind}: {msg}")

        if "seat" in need and (type(a.seat) is not int or not 0 <= a.seat < self.players):
            raise bad(f"seat must be a seat number 0..{self.players - 1}, not {quoted(a.seat)}")
        if "target" in need and type(a.target) is not int:
            if not (a.target is None and kind == "protect" and self.options["dog_may_pass"]):
                raise bad(f"target must be a seat number, not {quoted(a.target)}")
        for name in ("targets", "cards"):
            if name in need:
                value = getattr(a, name)
                if (not isinstance(value, tuple) or any(type(v) is not int for v in value)
                        or len(set(value)) != len(value)):
                    raise bad(f"{name} must be a list of different integers")
        if "card" in need and a.card is not None and type(a.card) is not int:
            raise bad(f"card must be a card number or null, not {quoted(a.card)}")
        if "order" in need:
            if not isinstance(a.order, tuple):
                raise bad("order must be a list")
            if self.chance_due == kind:
                want = self.shuffle_pool if kind == "shuffle" else self.message_area
                if (any(type(c) is not int for c in a.order)
                        or sorted(a.order) != sorted(want)):
                    raise bad(f"order must be a permutation of the cards {sorted(want)}")

    # ------------------------------------------------------------------ night

    def _new_round(self) -> None:
        """M11, M24: the next round, with or without its Killing Phase."""
        self.round += 1
        self.public_pool = sorted(self.evidence_pool)
        self.public_discard = len(self.discard_pile)
        self._event("evidence_pool", round=self.round, cards=sorted(self.evidence_pool))
        self._event("round_started", round=self.round)
        self.protections = {}
        self.victims = self.night_dead = self.night_killers = ()
        self.genuine = self.fakes = ()
        self.refuse_collector_killed = False
        self.script_spoken = set()
        self.arranged = False
        if self.skips_pending > 0:
            self.skips_pending -= 1
            self._event("killing_phase_skipped", round=self.round)
            self._start_day(())
            return
        self._step("night", round=self.round)
        if self.round == 1 and self.in_script("soulmate"):
            self._step("soulmate")
            if self.soulmate is not None and self.alive[self.soulmate]:
                self.phase = SOULMATE
                return
        self._after_soulmate()

    def _after_soulmate(self) -> None:
        if self.in_script("famous_dog"):
            self._step("dogs")
            if self.living_with("famous_dog"):
                self.phase = PROTECT
                return
        self._start_kill()

    def _do_soulmate(self, a: Action) -> None:
        self.destined = a.target
        self._private(a.seat, "night.soulmate.chosen", target=a.target)
        self._private(a.target, "night.soulmate.destined")
        self._after_soulmate()

    def _do_protect(self, a: Action) -> None:
        self.protections[a.seat] = a.target
        self._private(a.seat, "night.dog.chosen", target=a.target)
        if all(d in self.protections for d in self.living_with("famous_dog")):
            for t in sorted(self.protected):
                self._private(t, "night.protected")
            self._start_kill()

    def _start_kill(self) -> None:
        """M15: the killers open their eyes and choose their victims."""
        killers = self.living_killers()
        self._step("killers")
        self.killers_met.update(killers)
        count = 1 + sum(1 for s in killers if self.characters[s] == "mass_murderer")
        self.need = min(count, len(self._killable()))
        self._open_group(KILL, tuple(killers))

    def _open_group(self, phase: str, group: tuple[int, ...]) -> None:
        self.phase = phase
        self.group = group
        self.proposals = {}

    def _propose(self, a: Action, chosen: tuple[int, ...]) -> tuple[int, ...] | None:
        """M16: record a proposal; the agreed set when the last member agrees, else None."""
        self.proposals[a.seat] = chosen
        if len(self.proposals) < len(self.group):
            return None
        sets = set(self.proposals.values())
        if len(sets) == 1:
            return chosen
        proposals = {m: list(self.proposals[m]) for m in self.group}
        for m in self.group:
            self._private(m, f"night.{self.phase}.again", proposals=proposals)
        self.proposals = {}
        return None

    def _do_kill(self, a: Action) -> None:
        agreed = self._propose(a, a.targets)
        if agreed is None:
            return
        self.victims = agreed
        self.night_killers = self.group
        if "dogs" in self.script_spoken:
            self._step("dogs_close")
        for v in agreed:
            if self.characters[v] == "muay_thai":
                self.skips_pending += 1     # M24
        self.refuse_collector_killed = any(self.characters[v] == "refuse_collector"
                                           for v in agreed)
        dead = self._die_in_waves(agreed, "killers")
        self.night_dead = tuple(sorted(dead))
        if self._check_win():
            self._reveal(self.night_dead)
            self._game_over()
            return
        # M20-M22: the night's dead choose the genuine messages together
        self._step("dead")
        aristocrats = sum(1 for v in agreed if self.characters[v] == "aristocrat")
        source = self._genuine_source()
        self.need = min(1 + aristocrats, len(source))      # M21, M26
        if self.need == 0:
            self._after_genuine(())
            return
        self._open_group(GENUINE, self.night_dead)

    def _die_in_waves(self, first: Iterable[int], cause: str) -> list[int]:
        """M17-M19, M34: ``first`` die, then every wave their Hostage and Soulmate abilities
        make; returns everyone who died, in order. Forensic Scientists become examiners (M29).
        """
        everyone: list[int] = []
        wave = sorted(set(first))
        while wave:
            for s in wave:
                self.alive[s] = False
                self.deaths[s] = (self.round, cause)
                everyone.append(s)
                if self.characters[s] == "forensic_scientist":
                    if self.previous_messages(self.round):
                        self.examiners[s] = self.round - 1
            nxt: set[int] = set()
            for s in wave:
                if self.characters[s] == "hostage":
                    nxt.update(self._nearest_living(s))
                if self.destined is not None:
                    soul = self.soulmate
                    if s == soul and self.alive[self.destined]:
                        nxt.add(self.destined)
                    if s == self.destined and soul is not None and self.alive[soul]:
                        nxt.add(soul)
            wave = sorted(nxt)
            cause = "ability"
        return everyone

    def _nearest_living(self, seat: int) -> set[int]:
        """M18: the nearest living player in each direction (none when nobody lives)."""
        n, found = self.players, set()
        for step in (1, -1):
            for k in range(1, n):
                other = (seat + step * k) % n
                if self.alive[other]:
                    found.add(other)
                    break
        return found

    def _do_genuine(self, a: Action) -> None:
        agreed = self._propose(a, a.cards)
        if agreed is not None:
            self._after_genuine(agreed)

    def _after_genuine(self, cards: tuple[int, ...]) -> None:
        self.genuine = cards
        for c in cards:
            if c in self.evidence_pool:
                self.evidence_pool.remove(c)
            else:
                self.discard_pile.remove(c)          # M22
            self.message_area.append(c)
        self.message_area.sort()
        killers = self.living_killers()
        for k in killers:
            self._private(k, "night.killers.genuine", cards=list(cards))
        lookers = {s for s in range(self.players) if self.alive[s] and self.characters[s] in ("private_detective", "mastermind")}
        for s in sorted(set(killers) | set(self.night_dead) | lookers) if cards else ():
            self.genuine_seen.setdefault(s, []).append(tuple(cards))
        # M23: the looks
        for step, character in (("detective", "private_detective"), ("mastermind", "mastermind")):
            if self.in_script(character):
                self._step(step)
        # M25: the fake messages
        self._step("fake")
        pks = sum(1 for s in killers if self.characters[s] == "professional_killer")
        celebrities = sum(1 for v in self.victims if self.characters[v] == "celebrity")
        self.need = min(max(0, 2 + pks - celebrities), len(self.evidence_pool))
        if self.need == 0:
            self._after_fake(())
            return
        self._open_group(FAKE, tuple(killers))

    def _do_fake(self, a: Action) -> None:
        agreed = self._propose(a, a.cards)
        if agreed is not None:
            self._after_fake(agreed)

    def _after_fake(self, cards: tuple[int, ...]) -> None:
        self.fakes = cards
        for c in cards:
            self.evidence_pool.remove(c)
            self.message_area.append(c)
        self.message_area.sort()
        self.group, self.proposals = (), {}
        if self.message_area:
            self.chance_due = "arrange"          # M27
            return
        self._dawn()

    def _do_arrange(self, a: Action) -> None:
        self.chance_due = None
        self.message_area = list(a.order)
        self.arranged = True
        self._dawn()

    def _dawn(self) -> None:
        """M28: everyone opens their eyes; the night's dead and the message area."""
        self.arranged = True
        self.messages[self.round] = (tuple(self.message_area), frozenset(self.genuine))
        self._step("dawn")
        self._reveal(self.night_dead)
        self.public_pool = sorted(self.evidence_pool)
        self.public_discard = len(self.discard_pile)
        self._event("message_area", round=self.round, cards=list(self.message_area))
        self._start_day(self.night_dead)

    def _reveal(self, seats: Iterable[int]) -> None:
        for s in sorted(seats):
            rnd, cause = self.deaths[s]
            self.revealed.add(s)
            self._event("died", seat=s, character=self.characters[s], cause=cause, round=rnd)

    # ------------------------------------------------------------------ day

    def _start_day(self, dead_tonight: Sequence[int]) -> None:
        self.vote_number, self.ballots, self.accused = 1, {}, None
        self.group, self.proposals = (), {}
        self.after_examine = VOTE
        self._examine_or(VOTE)

    def _examine_or(self, then: str) -> None:
        """M29: the Forensic Scientists who just died examine, then ``then``."""
        self.after_examine = then
        if any(s not in self.examined for s in self.examiners):
            if self.phase != EXAMINE:
                self._step("examine", seats=sorted(self.examiners))
            self.phase = EXAMINE
            return
        self.examiners, self.examined = {}, set()
        if then == VOTE:
            self.phase = VOTE
            self._step("vote", number=1, accused=None)
        else:
            self._prepare()

    def _do_examine(self, a: Action) -> None:
        self.examined.add(a.seat)
        if a.card is not None:
            _, genuine = self.messages[self.examiners[a.seat]]
            self._event("examined", seat=a.seat, card=a.card, genuine=a.card in genuine)
        else:
            self._step("examine_none", seat=a.seat)
        self._examine_or(self.after_examine)

    def _do_skip_vote(self, a: Action) -> None:
        self._event("vote_skipped", round=self.round)
        self._prepare()

    def _do_vote(self, a: Action) -> None:
        self.ballots[a.seat] = a.target
        living = self.living()
        self._step("ballot", count=len(self.ballots), total=len(living))   # M48: "4 of 7"
        if len(self.ballots) < len(living):
            return
        counts: dict[int, int] = {}
        for t in self.ballots.values():
            counts[t] = counts.get(t, 0) + 1
        majority = next((t for t, c in counts.items() if 2 * c > len(living)), None)  # M32
        self._event("vote", round=self.round, number=self.vote_number,
                    ballots={str(s): self.ballots[s] for s in sorted(self.ballots)},
                    majority=majority)
        self.ballots = {}
        if self.vote_number == 1 and majority is not None:    # M33
            self.vote_number, self.accused, self.phase = 2, majority, SECOND_VOTE
            self._step("vote", number=2, accused=majority)
            return
        accused, self.accused = self.accused, None
        self.last_accused = accused
        if self.vote_number == 2 and majority is not None and majority == accused:
            self._event("eliminated", seat=accused)            # M34
            dead = self._die_in_waves([accused], "vote")
            self._reveal(dead)
            if self._check_win():
                self._game_over()
                return
            self._examine_or("prepare")
            return
        self._prepare()

    # ------------------------------------------------------------------ preparation

    def _prepare(self) -> None:
        """M36-M37: messages to the dead, pool to the discard pile, draw 9."""
        self.phase = VOTE
        self.dead_messages.extend(self.message_area)
        self.message_area = []
        self.discard_pile.extend(self.evidence_pool)
        self.evidence_pool = []
        self.drawn_this_preparation = 0
        self._draw()

    def _draw(self) -> None:
        while len(self.evidence_pool) < POOL_SIZE:
            if not self.draw_pile:
                if not self.discard_pile:
                    break
                self.chance_due = "shuffle"
                return
            self.evidence_pool.append(self.draw_pile.pop(0))
        self._new_round()

    def _do_shuffle(self, a: Action) -> None:
        self.chance_due = None
        self.draw_pile = list(a.order)
        self.discard_pile = []
        self._event("shuffled", draw_pile=len(self.draw_pile))
        self._draw()

    # ------------------------------------------------------------------ end

    def _check_win(self) -> bool:
        """M9, M10: guilty first (Hostage card), then innocent."""
        killers = len(self.living_killers())
        innocents = sum(1 for s in self.living() if FACTION[self.characters[s]] == INNOCENT)
        if killers >= innocents:
            self.winner, self.reason = "guilty", "killers_at_least_innocents"
        elif killers == 0:
            self.winner, self.reason = "innocent", "all_killers_dead"
        else:
            return False
        return True

    def _game_over(self) -> None:
        self.phase = GAME_OVER
        self.group, self.proposals, self.ballots = (), {}, {}
        self._event("game_over", winner=self.winner, reason=self.reason,
                    characters=list(self.characters))
