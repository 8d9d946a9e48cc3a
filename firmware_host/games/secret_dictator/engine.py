"""The rules engine of Secret Dictator (RULES.md R1-R17, REPLAY.md).

Pure: no I/O, no clock, no randomness. :class:`Game` holds a mutable state; :meth:`Game.apply`
validates an :class:`~.actions.Action` completely before it changes anything, so a refused
action (:class:`~.actions.IllegalAction`) leaves the state exactly as it was.

Order inside the engine after a legislative session ends (a law enacted or an agenda vetoed):
win check -> R12 reshuffle if due -> chaos if the tracker reached 3 (then win check and R12
again) -> presidential power (R13). No reshuffle after the game is over.
"""

from __future__ import annotations

from typing import Any

from firmware_host.checks import quoted

from .actions import Action, Event, IllegalAction, illegal
from .setup import DEMOCRAT, DEMOCRATIC, DEMOCRATIC_LAWS, DICTATOR, FASCIST, FASCIST_LAWS, Setup

__all__ = ["Game", "PHASES"]

NOMINATION = "nomination"
ELECTION = "election"
LEG_PRESIDENT = "legislative_president"
LEG_CHANCELLOR = "legislative_chancellor"
POWER = "power"
CHAOS = "chaos"
GAME_OVER = "game_over"
#: The phases of REPLAY.md's final state.
PHASES = (NOMINATION, ELECTION, LEG_PRESIDENT, LEG_CHANCELLOR, POWER, CHAOS, GAME_OVER)

_TOTAL = {FASCIST: FASCIST_LAWS, DEMOCRATIC: DEMOCRATIC_LAWS}
_RESUME_AFTER_SESSION, _RESUME_NEXT_ROUND = 1, 2
_VOTE_ACTIONS = [(Action("vote", seat=s, ballot="ja"), Action("vote", seat=s, ballot="nein"))
                 for s in range(10)]
#: Prebuilt targeted actions (immutable by convention), so random playouts allocate little.
_TARGETED = {kind: [[Action(kind, seat=s, target=t) for t in range(10)] for s in range(10)]
             for kind in ("nominate", "special_election", "execute", "investigate")}
_WITH_PARTY = {kind: [{p: Action(kind, seat=s, party=p) for p in (DEMOCRATIC, FASCIST)}
                      for s in range(10)] for kind in ("discard", "enact")}


def _refuse(reason: str, message: str) -> IllegalAction:
    return illegal(reason, message)


class Game:
    """One game of Secret Dictator, driven by :class:`Action` objects.

    Args:
        setup: a :class:`Setup` with concrete ``roles`` and ``deck`` (see
            :meth:`Setup.with_dealt` and :func:`deal`).

    Raises:
        SetupError: roles or deck were left for dealing.

    Public attributes (read them; change them only through :meth:`apply`):
        setup, players (int), phase (one of :data:`PHASES`), president, nominee, chancellor
        (seats or None), democratic_laws, fascist_laws, tracker (0..3), alive (list of bool by
        seat), winner (``"democrats"``/``"fascists"``/None), reason (REPLAY.md win reason or
        None), reshuffle_due (None or the number of laws a ``reshuffle`` must order),
        tracked (bool: the deck order is known), power (the power being carried out, or
        None), veto_pending (a veto awaits the president's reply), draw_n, discard_n,
        hand_n (law counts), last_ballots ({"seat": ballot} of the last revealed election).
        Secrets (never to be spoken except through :func:`private_view`): roles (tuple by
        seat), draw, discard, hand (lists of parties, tracked deck), power_result.
        While a reshuffle is due, ``awaiting()`` is ``()`` and ``phase`` is
        ``legislative_chancellor`` (after a session) or ``nomination`` (after chaos).

    Example::

        game = Game(setup.with_dealt(*deal(setup)))
        events = game.start()
        events = game.apply(Action("nominate", seat=0, target=2))
    """

    __slots__ = (
        "setup", "players", "roles", "powers", "tracked", "_veto_on", "_reset_on_election",
        "phase", "president", "nominee", "chancellor", "democratic_laws", "fascist_laws",
        "tracker", "alive", "alive_count", "winner", "reason", "reshuffle_due",
        "_votes", "_votes_cast", "_pending", "last_ballots", "_last_president", "_last_chancellor",
        "_return_to", "draw", "discard", "hand", "draw_n", "discard_n", "hand_n",
        "_known_discard", "_last_discard", "power", "_pending_power", "power_result",
        "_investigated", "_veto_used", "veto_pending", "_resume", "_started",
    )

    def __init__(self, setup: Setup) -> None:
        if setup.roles is None or setup.deck is None:
            from .setup import SetupError
            raise SetupError(["roles and deck must be dealt before a Game starts (use deal)"], "invalid setup: ")
        n = setup.players
        self.setup = setup
        self.players = n
        self.roles = tuple(setup.roles)
        self.powers = tuple(setup.powers)
        self.tracked = setup.deck != "untracked"
        self._veto_on = setup.veto
        self._reset_on_election = setup.tracker_reset_on_election
        self.phase = NOMINATION
        self.president = setup.first_president
        self.nominee: int | None = None
        self.chancellor: int | None = None
        self.democratic_laws = 0
        self.fascist_laws = 0
        self.tracker = 0
        self.alive = [True] * n
        self.alive_count = n
        self.winner: str | None = None
        self.reason: str | None = None
        self.reshuffle_due: int | None = None
        self._votes: list[str | None] = [None] * n
        self._votes_cast = 0
        self._pending: list[int] = []
        self.last_ballots: dict[str, str] | None = None
        self._last_president: int | None = None
        self._last_chancellor: int | None = None
        self._return_to: int | None = None
        self.draw: list[str] = list(setup.deck) if self.tracked else []
        self.discard: list[str] = []
        self.hand: list[str] = []
        self.draw_n = 17
        self.discard_n = 0
        self.hand_n = 0
        self._known_discard = {DEMOCRATIC: 0, FASCIST: 0}
        self._last_discard: str | None = None
        self.power: str | None = None
        self._pending_power: str | None = None
        self.power_result: tuple[int, Any] | None = None
        self._investigated: set[int] = set()
        self._veto_used = False
        self.veto_pending = False
        self._resume = 0
        self._started = False

    # ------------------------------------------------------------------ public API

    def start(self) -> list[Event]:
        """Begin the game: returns ``[game_started, president {seat: first_president}]`` (R6).

        Raises:
            IllegalAction: ``wrong_phase`` when the game was already started.
        """
        if self._started:
            raise _refuse("wrong_phase", "the game has already started")
        self._started = True
        return [Event("game_started"), Event("president", {"seat": self.president})]

    def apply(self, action: Action) -> list[Event]:
        """Apply one action and return the events it caused (REPLAY.md "Output").

        Raises:
            IllegalAction: with the first applicable REPLAY.md reason; the state is unchanged.
        """
        if self.phase is GAME_OVER:
            raise _refuse("game_over", f"{action.kind}: the game is over")
        handler = _HANDLERS.get(action.kind)
        if handler is None:
            raise _refuse("malformed", f"unknown action {quoted(action.kind)}")
        return handler(self, action)

    def awaiting(self) -> tuple[int, ...]:
        """The seats that must act now, sorted; ``()`` when only chance (a ``reshuffle`` or,
        untracked, a ``chaos_law``) can go on, or the game is over."""
        phase = self.phase
        if phase is ELECTION:  # the common case; a reshuffle is never due in an election
            return tuple(self._pending)
        if phase is GAME_OVER or phase is CHAOS or self.reshuffle_due is not None:
            return ()
        if phase is LEG_CHANCELLOR and not self.veto_pending:
            return (self.chancellor,)
        return (self.president,)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every action ``seat`` may take now (used by random playouts and the console).

        With ``seat=None`` the chance actions: ``chaos_law`` parties in phase ``chaos``.
        A due ``reshuffle`` has too many orders to list: build it with
        :func:`shuffle_order` from :attr:`reshuffle_pool`.
        """
        if seat is None:
            if self.phase is CHAOS:
                return [Action("chaos_law", party=p) for p in (DEMOCRATIC, FASCIST)
                        if self._possible(p)]
            return []
        phase = self.phase
        if phase is ELECTION:
            if seat in self._pending:
                return list(_VOTE_ACTIONS[seat])
            return []
        if seat not in self.awaiting():
            return []
        if phase is NOMINATION:
            row = _TARGETED["nominate"][seat]
            return [row[t] for t in self._nominable()]
        if phase is LEG_PRESIDENT:
            if self.tracked:
                row = _WITH_PARTY["discard"][seat]
                return [row[p] for p in sorted(set(self.hand))]
            return [Action("discard", seat=seat)] + [
                Action("discard", seat=seat, party=p) for p in (DEMOCRATIC, FASCIST)
                if self._possible(p)]
        if phase is LEG_CHANCELLOR:
            if self.veto_pending:
                return [Action("veto_reply", seat=seat, accept=True),
                        Action("veto_reply", seat=seat, accept=False)]
            parties = sorted(set(self.hand)) if self.tracked else [
                p for p in (DEMOCRATIC, FASCIST) if self._possible(p)]
            row = _WITH_PARTY["enact"][seat]
            acts = [row[p] for p in parties]
            if self._veto_allowed():
                acts.append(Action("veto", seat=seat))
            return acts
        if phase is POWER:
            power = self.power
            if power == "view_discard" or power == "peek":
                return [Action("acknowledge", seat=seat)]
            row = _TARGETED["execute" if power == "execution" else power][seat]
            return [row[t] for t in range(self.players)
                    if t != seat and self.alive[t]
                    and not (power == "investigate" and t in self._investigated)]
        return []

    @property
    def reshuffle_pool(self) -> list[str] | None:
        """The laws a due R12 reshuffle puts in a new order (sorted, so no order leaks), or
        None when no reshuffle is due."""
        if self.reshuffle_due is None:
            return None
        return sorted(self.draw + self.discard)

    @property
    def ineligible(self) -> list[int]:
        """R7: living seats barred from the next nomination, without the president; sorted."""
        barred = set()
        if self._last_chancellor is not None:
            barred.add(self._last_chancellor)
        if self._last_president is not None and self.alive_count > 5:
            barred.add(self._last_president)
        barred.discard(self.president)
        return sorted(s for s in barred if self.alive[s])

    @property
    def votes_cast(self) -> int:
        """How many ballots have been cast in the running election (0 outside elections)."""
        return self._votes_cast

    def has_voted(self, seat: int) -> bool:
        """Whether ``seat`` has cast its ballot in the running election (who, not what)."""
        return self._votes[seat] is not None

    @property
    def investigated(self) -> frozenset[int]:
        """Seats already investigated (official powers): nobody is investigated twice."""
        return frozenset(self._investigated)

    def copy(self) -> "Game":
        """An independent copy of this game (lists and sets copied)."""
        other = Game.__new__(Game)
        for name in Game.__slots__:
            value = getattr(self, name)
            if isinstance(value, (list, dict, set)):
                value = value.copy()
            setattr(other, name, value)
        return other

    def fingerprint(self) -> tuple:
        """Every piece of state as a hashable tuple: equal fingerprints, equal games."""
        out = []
        for name in Game.__slots__:
            value = getattr(self, name)
            if isinstance(value, list):
                value = tuple(value)
            elif isinstance(value, dict):
                value = tuple(sorted(value.items()))
            elif isinstance(value, set):
                value = tuple(sorted(value))
            out.append(value)
        return tuple(out)

    # ------------------------------------------------------------------ helpers

    def _nominable(self) -> list[int]:
        pres, alive = self.president, self.alive
        last_c = self._last_chancellor
        last_p = self._last_president if self.alive_count > 5 else None
        return [t for t in range(self.players)
                if t != pres and alive[t] and t != last_c and t != last_p]

    def _possible(self, party: str) -> bool:
        """Untracked deck: could a law of ``party`` still be among the unaccounted laws?"""
        on_track = self.fascist_laws if party == FASCIST else self.democratic_laws
        return _TOTAL[party] - on_track - self._known_discard[party] > 0

    def _veto_allowed(self) -> bool:
        return (self._veto_on and self.fascist_laws >= 5 and self.phase is LEG_CHANCELLOR
                and not self._veto_used and not self.veto_pending
                and self.reshuffle_due is None)

    def _check_seat(self, action: Action) -> int:
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < self.players:
            raise _refuse("malformed", f"{action.kind}: seat must be a seat 0..{self.players - 1},"
                                       f" not {quoted(seat)}")
        return seat

    def _check_target_type(self, action: Action) -> int:
        target = action.target
        if type(target) is not int:
            raise _refuse("malformed", f"{action.kind}: target must be a seat number, "
                                       f"not {quoted(target)}")
        return target

    def _check_party(self, action: Action, optional: bool = False) -> str | None:
        party = action.party
        if party is None:
            if optional:
                return None
            raise _refuse("malformed", f"{action.kind}: the field 'party' is missing")
        if party != FASCIST and party != DEMOCRATIC:
            raise _refuse("malformed", f"{action.kind}: party must be 'democratic' or "
                                       f"'fascist', not {quoted(party)}")
        return party

    def _check_actor(self, seat: int, expected: int | None, kind: str, who: str) -> None:
        if not self.alive[seat]:
            raise _refuse("not_alive", f"{kind}: seat {seat} has been executed")
        if seat != expected:
            raise _refuse("not_your_turn", f"{kind}: it is the {who}'s turn (seat {expected}), "
                                           f"not seat {seat}")

    def _check_target(self, seat: int, target: int, kind: str) -> None:
        if target == seat or not 0 <= target < self.players:
            raise _refuse("invalid_target", f"{kind}: seat {seat} cannot choose seat {target}")

    def _check_power(self, action: Action, power: str) -> tuple[int, int]:
        seat = self._check_seat(action)
        target = self._check_target_type(action)
        if self.phase is not POWER or self.power != power or self.reshuffle_due is not None:
            raise _refuse("wrong_phase", f"{action.kind}: no {power.replace('_', '-')} power "
                                         f"has been granted now")
        self._check_actor(seat, self.president, action.kind, "president")
        self._check_target(seat, target, action.kind)
        if power == "investigate" and target in self._investigated:
            raise _refuse("invalid_target", f"investigate: seat {target} has already been "
                                            f"investigated")
        if not self.alive[target]:
            raise _refuse("not_alive", f"{action.kind}: seat {target} has been executed")
        return seat, target

    # ------------------------------------------------------------------ transitions

    def _advance_president(self, events: list[Event]) -> None:
        """R14 (and R13 special election): the presidency passes clockwise to the next
        living seat after the current president, or after the caller of a special election."""
        base = self._return_to
        if base is None:
            base = self.president
        else:
            self._return_to = None
        n, alive = self.players, self.alive
        p = (base + 1) % n
        while not alive[p]:
            p = (p + 1) % n
        self.president = p
        events.append(Event("president", {"seat": p}))

    def _next_round(self, events: list[Event]) -> None:
        self.chancellor = None
        self.nominee = None
        self.power = None
        self.veto_pending = False
        self.phase = NOMINATION
        self._advance_president(events)

    def _game_over(self, winner: str, reason: str, events: list[Event]) -> None:
        self.phase = GAME_OVER
        self.winner = winner
        self.reason = reason
        self.power = None
        self.nominee = None
        self.veto_pending = False
        events.append(Event("game_over", {"winner": winner, "reason": reason,
                                          "roles": list(self.roles)}))

    def _place(self, party: str, by: str, events: list[Event]) -> bool:
        """Put a law on its track (R11/R9); reset the tracker; R15 win check. True if over."""
        if party == FASCIST:
            self.fascist_laws += 1
        else:
            self.democratic_laws += 1
        events.append(Event("law_enacted", {"party": party, "by": by}))
        if self.tracker:
            self.tracker = 0
            events.append(Event("tracker", {"position": 0}))
        if self.democratic_laws >= 5:
            self._game_over("democrats", "democratic_laws", events)
            return True
        if self.fascist_laws >= 6:
            self._game_over("fascists", "fascist_laws", events)
            return True
        return False

    def _reshuffle_if_due(self, events: list[Event], resume: int) -> bool:
        """R12: fewer than 3 laws in the draw pile -> shuffle the discard pile in.

        Tracked deck: the reshuffle becomes due (a ``reshuffle`` action must order it) and
        True is returned. Untracked: the players shuffle; counted at once (a view-discard law
        about to be shown is set aside, R13)."""
        if self.draw_n >= 3:
            return False
        if self.tracked:
            self.reshuffle_due = self.draw_n + self.discard_n
            self._resume = resume
            return True
        aside = 1 if (resume == _RESUME_AFTER_SESSION
                      and self._pending_power == "view_discard") else 0
        self.draw_n += self.discard_n - aside
        self.discard_n = aside
        self._known_discard = {DEMOCRATIC: 0, FASCIST: 0}
        events.append(Event("reshuffled", {"draw_pile": self.draw_n}))
        return False

    def _session_end(self, events: list[Event], power: str | None) -> None:
        self._pending_power = power
        if self._reshuffle_if_due(events, _RESUME_AFTER_SESSION):
            return
        self._after_session_reshuffle(events)

    def _after_session_reshuffle(self, events: list[Event]) -> None:
        power = self._pending_power
        self._pending_power = None
        if self.tracker >= 3:
            self._chaos(events)
        elif power is not None:
            self._grant(power, events)
        else:
            self._next_round(events)

    def _chaos(self, events: list[Event]) -> None:
        """R9: third failed election in a row; term limits are forgotten, no power."""
        events.append(Event("chaos"))
        self.chancellor = None
        self.nominee = None
        self._last_president = None
        self._last_chancellor = None
        if self.tracked:
            self.phase = NOMINATION  # the next round's; awaiting() is () until it begins
            party = self.draw.pop(0)
            self.draw_n -= 1
            self._chaos_law(party, events)
        else:
            self.phase = CHAOS

    def _chaos_law(self, party: str, events: list[Event]) -> None:
        if self._place(party, "chaos", events):
            return
        if self._reshuffle_if_due(events, _RESUME_NEXT_ROUND):
            return
        self._next_round(events)

    def _grant(self, power: str, events: list[Event]) -> None:
        """R13: the power of the fascist slot just filled, carried out before the next round."""
        self.phase = POWER
        self.power = power
        if power == "view_discard":
            self.chancellor = None
            self._advance_president(events)
            if self.tracked:
                self.power_result = (self.president, self._last_discard)
        elif power == "peek" and self.tracked:
            self.power_result = (self.president, tuple(self.draw[:3]))
        events.append(Event("power", {"power": power, "seat": self.president}))

    # ------------------------------------------------------------------ handlers

    def _nominate(self, a: Action) -> list[Event]:
        seat = self._check_seat(a)
        target = self._check_target_type(a)
        if self.phase is not NOMINATION or self.reshuffle_due is not None:
            raise _refuse("wrong_phase", f"nominate: no nomination is expected now ({self.phase})")
        self._check_actor(seat, self.president, "nominate", "president")
        self._check_target(seat, target, "nominate")
        if not self.alive[target]:
            raise _refuse("not_alive", f"nominate: seat {target} has been executed")
        if target == self._last_chancellor or (target == self._last_president
                                               and self.alive_count > 5):
            raise _refuse("ineligible", f"nominate: seat {target} is term-limited (R7)")
        self.nominee = target
        self.phase = ELECTION
        alive = self.alive
        self._pending = [s for s in range(self.players) if alive[s]]
        self.power_result = None
        return [Event("nominated", {"seat": seat, "target": target})]

    def _vote(self, a: Action) -> list[Event]:
        seat = a.seat
        if type(seat) is not int or not 0 <= seat < self.players:
            self._check_seat(a)
        ballot = a.ballot
        if ballot != "ja" and ballot != "nein":
            raise _refuse("malformed", f"vote: ballot must be 'ja' or 'nein', not {quoted(ballot)}")
        if self.phase is not ELECTION or self.reshuffle_due is not None:
            raise _refuse("wrong_phase", f"vote: no election is running ({self.phase})")
        if not self.alive[seat]:
            raise _refuse("not_alive", f"vote: seat {seat} has been executed")
        votes = self._votes
        if votes[seat] is not None:
            raise _refuse("already_voted", f"vote: seat {seat} has already voted")
        votes[seat] = ballot
        self._pending.remove(seat)
        self._votes_cast += 1
        if self._votes_cast < self.alive_count:
            return []
        return self._count_votes()

    def _count_votes(self) -> list[Event]:
        """R8: all living players have voted; more Ja than Nein elects the government."""
        votes = self._votes
        ja = votes.count("ja")
        nein = self._votes_cast - ja
        ballots = {str(s): b for s, b in enumerate(votes) if b is not None}
        self.last_ballots = ballots
        self._votes = [None] * self.players
        self._votes_cast = 0
        elected = ja > nein
        events = [Event("election", {"elected": elected, "ja": ja, "nein": nein,
                                     "ballots": ballots})]
        nominee = self.nominee
        self.nominee = None
        if elected:
            self.chancellor = nominee
            self._last_president = self.president
            self._last_chancellor = nominee
            if self._reset_on_election and self.tracker:
                self.tracker = 0
                events.append(Event("tracker", {"position": 0}))
            if self.fascist_laws >= 3 and self.roles[nominee] == DICTATOR:  # R10
                self._game_over("fascists", "dictator_elected", events)
                return events
            if self.tracked:
                draw = self.draw
                self.hand = draw[:3]
                del draw[:3]
            self.draw_n -= 3
            self.hand_n = 3
            self._veto_used = False
            self.phase = LEG_PRESIDENT
            return events
        self.tracker += 1  # R9
        events.append(Event("tracker", {"position": self.tracker}))
        if self.tracker >= 3:
            self._chaos(events)
        else:
            self._next_round(events)
        return events

    def _discard(self, a: Action) -> list[Event]:
        seat = self._check_seat(a)
        party = self._check_party(a, optional=not self.tracked)
        if self.phase is not LEG_PRESIDENT or self.reshuffle_due is not None:
            raise _refuse("wrong_phase", f"discard: the president is not choosing laws now "
                                         f"({self.phase})")
        self._check_actor(seat, self.president, "discard", "president")
        if self.tracked:
            if party not in self.hand:
                raise _refuse("not_in_hand", f"discard: no {party} law in the president's hand")
            self.hand.remove(party)
            self.discard.append(party)
        elif party is not None:
            if not self._possible(party):
                raise _refuse("not_in_hand", f"discard: no {party} law can be left unaccounted")
            self._known_discard[party] += 1
        self.discard_n += 1
        self.hand_n = 2
        self.phase = LEG_CHANCELLOR
        return []

    def _enact(self, a: Action) -> list[Event]:
        seat = self._check_seat(a)
        party = self._check_party(a)
        if self.phase is not LEG_CHANCELLOR or self.veto_pending or self.reshuffle_due is not None:
            raise _refuse("wrong_phase", "enact: no law can be enacted now" + (
                " (a veto awaits the president's reply)" if self.veto_pending else
                f" ({self.phase})"))
        self._check_actor(seat, self.chancellor, "enact", "chancellor")
        if self.tracked:
            hand = self.hand
            if party not in hand:
                raise _refuse("not_in_hand", f"enact: no {party} law in the chancellor's hand")
            other = hand[1] if hand[0] == party else hand[0]
            self.discard.append(other)
            self._last_discard = other
            self.hand = []
        else:
            if not self._possible(party):
                raise _refuse("not_in_hand", f"enact: no {party} law can be left unaccounted")
            self._last_discard = None
        self.discard_n += 1
        self.hand_n = 0
        events: list[Event] = []
        if self._place(party, "government", events):
            return events
        power = self.powers[self.fascist_laws - 1] if party == FASCIST else None
        self._session_end(events, power)
        return events

    def _veto(self, a: Action) -> list[Event]:
        seat = self._check_seat(a)
        if not self._veto_allowed():
            raise _refuse("wrong_phase", "veto: no veto is possible now")
        self._check_actor(seat, self.chancellor, "veto", "chancellor")
        self.veto_pending = True
        self._veto_used = True
        return []

    def _veto_reply(self, a: Action) -> list[Event]:
        seat = self._check_seat(a)
        if type(a.accept) is not bool:
            raise _refuse("malformed", f"veto_reply: accept must be true or false, "
                                       f"not {quoted(a.accept)}")
        if self.phase is not LEG_CHANCELLOR or not self.veto_pending:
            raise _refuse("wrong_phase", "veto_reply: no veto awaits a reply")
        self._check_actor(seat, self.president, "veto_reply", "president")
        self.veto_pending = False
        if not a.accept:
            return []
        if self.tracked:
            self.discard.extend(self.hand)
            self.hand = []
        self.discard_n += 2
        self.hand_n = 0
        self.tracker += 1  # an agreed veto counts as a failed election
        events = [Event("tracker", {"position": self.tracker})]
        self._session_end(events, None)
        return events

    def _acknowledge(self, a: Action) -> list[Event]:
        seat = self._check_seat(a)
        power = self.power
        if (self.phase is not POWER or (power != "view_discard" and power != "peek")
                or self.reshuffle_due is not None):
            raise _refuse("wrong_phase", "acknowledge: no private result awaits acknowledgement")
        self._check_actor(seat, self.president, "acknowledge", "president")
        if power == "view_discard":
            self.phase = NOMINATION
            self.power = None
            return []
        events: list[Event] = []
        self._next_round(events)
        return events

    def _special_election(self, a: Action) -> list[Event]:
        seat, target = self._check_power(a, "special_election")
        self._return_to = seat
        self.president = target
        self.chancellor = None
        self.power = None
        self.phase = NOMINATION
        return [Event("president", {"seat": target})]

    def _execute(self, a: Action) -> list[Event]:
        seat, target = self._check_power(a, "execution")
        self.alive[target] = False
        self.alive_count -= 1
        events = [Event("executed", {"target": target})]
        if self.roles[target] == DICTATOR:
            self._game_over("democrats", "dictator_executed", events)
        else:
            self._next_round(events)
        return events

    def _investigate(self, a: Action) -> list[Event]:
        seat, target = self._check_power(a, "investigate")
        self._investigated.add(target)
        party = DEMOCRATIC if self.roles[target] == DEMOCRAT else FASCIST
        self.power_result = (seat, {"target": target, "party": party})
        events: list[Event] = []
        self._next_round(events)
        return events

    def _reshuffle(self, a: Action) -> list[Event]:
        order = a.order
        if not isinstance(order, (list, tuple)) or any(
                p != FASCIST and p != DEMOCRATIC for p in order):
            raise _refuse("malformed", "reshuffle: order must be a list of laws")
        due = self.reshuffle_due
        if due is None:
            raise _refuse("wrong_phase", "reshuffle: no reshuffle is due")
        fascist = self.draw.count(FASCIST) + self.discard.count(FASCIST)
        if len(order) != due or list(order).count(FASCIST) != fascist:
            raise _refuse("malformed", f"reshuffle: order must be a permutation of the {due} "
                                       f"laws being shuffled ({fascist} fascist)")
        self.draw = list(order)
        self.discard = []
        self.draw_n = due
        self.discard_n = 0
        self.reshuffle_due = None
        events = [Event("reshuffled", {"draw_pile": due})]
        if self._resume == _RESUME_AFTER_SESSION:
            self._after_session_reshuffle(events)
        else:
            self._next_round(events)
        return events

    def _chaos_law_action(self, a: Action) -> list[Event]:
        party = self._check_party(a)
        if self.phase is not CHAOS or self.reshuffle_due is not None:
            raise _refuse("wrong_phase", "chaos_law: no chaos law is awaited")
        if not self._possible(party):
            raise _refuse("not_in_hand", f"chaos_law: no {party} law can be left unaccounted")
        self.draw_n -= 1
        events: list[Event] = []
        self._chaos_law(party, events)
        return events


_HANDLERS = {
    "nominate": Game._nominate,
    "vote": Game._vote,
    "discard": Game._discard,
    "enact": Game._enact,
    "veto": Game._veto,
    "veto_reply": Game._veto_reply,
    "acknowledge": Game._acknowledge,
    "special_election": Game._special_election,
    "execute": Game._execute,
    "investigate": Game._investigate,
    "reshuffle": Game._reshuffle,
    "chaos_law": Game._chaos_law_action,
}
