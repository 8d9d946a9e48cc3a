"""The pure rules engine of *In this way I become a DICTATOR* (DICTATOR.md D1-D29).

No I/O, no clock, no randomness: nothing in this game is dealt, and the night's "shuffle"
(D14) is a count of roles in the fixed order of D2. The same actions always give the same
events and state.

Example::

    from firmware_host.games.become_dictator import Game, Setup, Action
    game = Game(Setup(players=4, language="en"))
    game.start()                                    # [game_started, day, phase]
    game.apply(Action("vote", seat=0, target=1))    # [voted]
"""

from __future__ import annotations

from typing import Any, Sequence

from firmware_host.checks import quoted
from firmware_host.kernel.values import Event, IllegalAction, refusal_maker

from .rules import DAYS, DROPS, NAME, ROLES, VOTING_RIGHTS, Setup
from .scoring import Verdict, judge, ranks

__all__ = ["ACTION_KINDS", "REASONS", "PRIVATE_REASONS", "STEPS", "SECRET_STEPS", "Action",
           "Event", "IllegalAction", "Game"]

#: DICTATOR.md "Actions": action name -> the fields it needs.
ACTION_KINDS: dict[str, tuple[str, ...]] = {
    "vote": ("seat", "target"),
    "discard_vote": ("seat", "target"),
    "no_discard_vote": ("seat",),
    "drop": ("seat", "roles"),
}
#: DICTATOR.md "Rejections", in their order of precedence.
REASONS = ("game_over", "malformed", "wrong_phase", "already_acted", "invalid_target",
           "wrong_count", "bad_role", "not_in_hand", "must_drop_revealed")
#: Reasons that would reveal a card (D37): spoken only to the acting seat.
PRIVATE_REASONS = frozenset({"not_in_hand", "must_drop_revealed"})
#: this game's refusals: :class:`IllegalAction`, private for the reasons above
illegal = refusal_maker(PRIVATE_REASONS)
#: The steps of a day (the state's ``phase``), and ``game_over``.
STEPS = ("vote", "discard_vote", "final_vote", "night", "game_over")
#: D10, D11, D13: steps whose choices stay secret until the step is resolved (D28).
SECRET_STEPS = frozenset({"discard_vote", "final_vote", "night"})


class Action:
    """One action of DICTATOR.md's table. Fields are kept as given, so a refused line keeps
    whatever it held; :meth:`Game.apply` checks them in the order of precedence.

    Args:
        kind: ``vote``, ``discard_vote``, ``no_discard_vote`` or ``drop``.
        seat: the acting seat (0-based).
        target: the seat named (``vote``, ``discard_vote``).
        role: the pledge of a discard-vote on days 2-4 (a role name); None on day 5.
        roles: the roles a ``drop`` drops (a tuple of role names).
    """

    __slots__ = ("kind", "seat", "target", "role", "roles")

    def __init__(self, kind: str, seat: Any = None, target: Any = None, role: Any = None,
                 roles: Any = None) -> None:
        self.kind = kind
        self.seat = seat
        self.target = target
        self.role = role
        self.roles = tuple(roles) if isinstance(roles, (list, tuple)) else roles

    @classmethod
    def from_json(cls, obj: dict) -> "Action":
        """An action from a replay line; only the action's own fields are read (others are
        ignored), and a field's absence is kept apart from ``null``.

        Raises:
            KeyError: ``obj["action"]`` is not an action name (the replay treats that as
                an unusable file before calling this).
        """
        kind = obj["action"]
        if not isinstance(kind, str) or kind not in ACTION_KINDS:
            raise KeyError(kind)
        action = cls(kind, obj.get("seat", _MISSING), obj.get("target", _MISSING),
                     obj.get("role") if kind == "discard_vote" else None,
                     obj.get("roles", _MISSING) if kind == "drop" else None)
        return action

    def to_json(self) -> dict:
        """The replay line of this action (``Action.from_json(a.to_json()) == a``)."""
        obj: dict[str, Any] = {"action": self.kind}
        for name in ACTION_KINDS[self.kind]:
            value = getattr(self, name)
            if value is not _MISSING:
                obj[name] = list(value) if name == "roles" and isinstance(value, tuple) else value
        if self.kind == "discard_vote" and self.role is not None:
            obj["role"] = self.role
        return obj

    def _key(self) -> tuple:
        return (self.kind, self.seat, self.target, self.role, self.roles)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(repr(self._key()))

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.to_json().items() if k != "action")
        return f"Action({self.kind!r}{', ' if fields else ''}{fields})"


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


_MISSING: Any = _Missing()


#: step -> the actions it expects (anything else is ``wrong_phase``).
_EXPECTED = {"vote": ("vote",), "discard_vote": ("discard_vote", "no_discard_vote"),
             "final_vote": ("vote", "discard_vote"), "night": ("drop",)}


def _is_int(value: Any) -> bool:
    return type(value) is int


class Game:
    """A game from its setup to the reckoning (D1-D29).

    Public attributes (read-only by convention): ``setup``, ``players``, ``day`` (1..5),
    ``phase`` (:data:`STEPS`), ``votes`` and ``voting_rights`` (by seat), ``pledges`` (by
    seat: the role pledged today, public from the discard-vote step's resolution to the end
    of that night), ``revealed`` (one entry per night over), ``verdict`` (the
    :class:`~.scoring.Verdict` at ``game_over``). Secrets: ``hands`` (by seat, a tuple of
    roles in the order of D2) and the choices of the current secret step (``choices``).
    """

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.players = setup.players
        n = self.players
        self.day = 1
        self.phase = "vote"
        self.started = False
        self.votes = [0] * n                                # D3
        self.voting_rights = [VOTING_RIGHTS] * n            # D3
        self.hands: list[tuple[str, ...]] = [ROLES] * n     # D2
        self.pledges: list[str | None] = [None] * n
        self.revealed: list[list[str] | None] = []
        #: seats that still owe an action in this step
        self.pending: set[int] = set(range(n))
        #: secret step: seat -> its accepted choice (an Action), until the step resolves
        self.choices: dict[int, Action] = {}
        #: seats that discard-voted today (days 2-4), after the step is resolved
        self.discard_voters: set[int] = set()
        self.verdict: Verdict | None = None
        self.final_roles: list[str] | None = None

    # -- queries ----------------------------------------------------------------------

    def awaiting(self) -> tuple[int, ...]:
        """The sorted seats the current step still needs an action from; () at game over."""
        return tuple(sorted(self.pending)) if self.phase != "game_over" else ()

    def drop_count(self) -> int:
        """D12: how many cards each seat drops tonight (0 outside a night)."""
        return DROPS.get(self.day, 0) if self.phase == "night" else 0

    def is_secret_step(self) -> bool:
        """True in a step whose choices stay secret until it is resolved (D10, D11, D13)."""
        return self.phase in SECRET_STEPS

    def ranks(self) -> list[int | None]:
        """D16 ranks of the current votes (None for 0 votes)."""
        return ranks(self.votes)

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (for random playouts and scanning lists)."""
        if self.phase == "game_over" or seat not in self.pending:
            return []
        n = self.players
        others = [t for t in range(n) if t != seat]
        hand = self.hands[seat]
        if self.phase == "vote":
            return [Action("vote", seat, t) for t in others]
        if self.phase == "discard_vote":
            return [Action("no_discard_vote", seat)] + [
                Action("discard_vote", seat, t, role) for t in range(n) for role in hand]
        if self.phase == "final_vote":
            return ([Action("vote", seat, t) for t in others]
                    + [Action("discard_vote", seat, t) for t in range(n)])
        count = DROPS[self.day]
        pledge = self.pledges[seat]
        if count == 1:
            options = [(r,) for r in hand]
        else:
            options = [(a, b) for i, a in enumerate(hand) for b in hand[i + 1:]]
        return [Action("drop", seat, roles=o) for o in options if pledge is None or pledge in o]

    # -- moves ------------------------------------------------------------------------

    def start(self) -> list[Event]:
        """Begin day 1 (D9): ``game_started``, ``day``, ``phase`` (vote, every seat).

        Raises:
            IllegalAction: ``wrong_phase`` when the game has already started.
        """
        if self.started:
            raise illegal("wrong_phase", "the game has already started")
        self.started = True
        return [Event("game_started", {"game": NAME, "players": self.players}),
                Event("day", {"day": 1}), self._phase_event()]

    def apply(self, action: Action) -> list[Event]:
        """Apply one action and return its events; a refused action changes nothing.

        Raises:
            IllegalAction: with the first reason of DICTATOR.md "Rejections" that applies.
        """
        self._check(action)
        if self.phase == "vote":
            return self._open_vote(action)
        return self._secret_choice(action)

    # -- checks in the order of precedence -----------------------------------------------

    def _check(self, a: Action) -> None:
        kind, n = a.kind, self.players
        if self.phase == "game_over":
            raise illegal("game_over", f"{kind}: the game is over")
        if not isinstance(kind, str) or kind not in ACTION_KINDS:
            raise illegal("malformed", f"unknown action {quoted(kind)}")
        if not _is_int(a.seat) or not 0 <= a.seat < n:
            raise illegal("malformed", f"{kind}: seat must be a seat 0..{n - 1}, "
                                             f"not {_shown(a.seat)}")
        if kind in ("vote", "discard_vote") and not _is_int(a.target):
            raise illegal("malformed", f"{kind}: target must be a seat number, "
                                             f"not {_shown(a.target)}")
        if kind == "discard_vote" and a.role is not None and a.role not in ROLES:
            raise illegal("malformed", f"discard_vote: role must be a role name, "
                                             f"not {quoted(a.role)}")
        if kind == "drop" and (not isinstance(a.roles, tuple)
                               or any(not isinstance(r, str) or r not in ROLES
                                      for r in a.roles)):
            raise illegal("malformed", "drop: roles must be a list of role names")
        if kind not in _EXPECTED[self.phase]:
            raise illegal("wrong_phase", f"{kind}: not expected {self._step_words()}")
        if a.seat not in self.pending:
            why = ("it discard-voted today" if a.seat in self.discard_voters
                   else "it has already acted in this step")
            raise illegal("already_acted", f"{kind}: seat {a.seat} has no action to "
                                                 f"give now ({why})")
        if kind in ("vote", "discard_vote") and not 0 <= a.target < n:
            raise illegal("invalid_target", f"{kind}: target must be a seat 0..{n - 1}, "
                                                  f"not {quoted(a.target)}")
        if kind == "vote" and a.target == a.seat:
            raise illegal("invalid_target", "vote: a player may not vote for themselves "
                                                  "(D7)")
        if kind == "drop" and len(a.roles) != DROPS[self.day]:
            raise illegal("wrong_count", f"drop: night {self.day} drops exactly "
                                               f"{DROPS[self.day]} (D12)")
        if kind == "discard_vote":
            if self.phase == "discard_vote" and a.role is None:
                raise illegal("bad_role", "discard_vote: on days 2-4 a discard-vote "
                                                "reveals the card it pledges (D8)")
            if self.phase == "final_vote" and a.role is not None:
                raise illegal("bad_role", "discard_vote: on day 5 a discard-vote reveals "
                                                "no card (D11)")
        hand = self.hands[a.seat]
        if kind == "discard_vote" and a.role is not None and a.role not in hand:
            raise illegal("not_in_hand", "discard_vote: the pledged card is not in the "
                                               "seat's hand")
        if kind == "drop":
            if len(set(a.roles)) != len(a.roles) or any(r not in hand for r in a.roles):
                raise illegal("not_in_hand", "drop: a dropped card is not in the seat's "
                                                   "hand")
            pledge = self.pledges[a.seat]
            if pledge is not None and pledge not in a.roles:
                raise illegal("must_drop_revealed", "drop: the card pledged today must "
                                                          "be dropped tonight (D13)")

    def _step_words(self) -> str:
        return {"vote": f"in the vote step of day {self.day}",
                "discard_vote": f"in the discard-vote step of day {self.day}",
                "final_vote": "on day 5", "night": f"in night {self.day}"}[self.phase]

    # -- open votes (D7, D9, D10.2) ---------------------------------------------------------

    def _open_vote(self, a: Action) -> list[Event]:
        self.votes[a.target] += 1
        self.voting_rights[a.seat] -= 1
        self.pending.discard(a.seat)
        events = [Event("voted", {"seat": a.seat, "target": a.target,
                                  "votes": self.votes[a.target]})]
        if not self.pending:
            events += self._begin_night()
        return events

    # -- secret steps (D10.1, D11, D13) ----------------------------------------------------

    def _secret_choice(self, a: Action) -> list[Event]:
        self.choices[a.seat] = a
        self.pending.discard(a.seat)
        n = self.players
        events = [Event("decided", {"seat": a.seat, "phase": self.phase,
                                    "decided": n - len(self.pending), "of": n})]
        if not self.pending:
            events += {"discard_vote": self._resolve_discard_votes,
                       "final_vote": self._resolve_day_5,
                       "night": self._resolve_night}[self.phase]()
        return events

    def _resolve_discard_votes(self) -> list[Event]:
        """D10.1: reveal all discard-votes together; k of them take k votes, floored at 0."""
        chosen = [self.choices[s] for s in sorted(self.choices) if self.choices[s].kind
                  == "discard_vote"]
        for c in chosen:
            self.votes[c.target] = max(0, self.votes[c.target] - 1)
            self.voting_rights[c.seat] -= 1
            self.pledges[c.seat] = c.role
        self.discard_voters = {c.seat for c in chosen}
        self.choices = {}
        events = [Event("discard_votes", {
            "day": self.day,
            "discard_votes": [{"seat": c.seat, "target": c.target, "role": c.role}
                              for c in chosen],
            "votes": list(self.votes)})]
        voters = set(range(self.players)) - self.discard_voters
        if voters:
            self.phase = "vote"
            self.pending = voters
            events.append(self._phase_event())
        else:
            events += self._begin_night()
        return events

    def _resolve_night(self) -> list[Event]:
        """D12-D14: every seat's drops leave its hand; nights 1-3 reveal a count by role."""
        dropped: list[str] = []
        for seat, c in sorted(self.choices.items()):
            self.hands[seat] = tuple(r for r in self.hands[seat] if r not in c.roles)
            dropped.extend(c.roles)
        shown = self.day <= 3 or self.setup.reveal_night_4
        revealed = sorted(dropped) if shown else None
        self.revealed.append(revealed)
        self.choices = {}
        self.pledges = [None] * self.players
        self.discard_voters = set()
        events = [Event("night_over", {"day": self.day, "revealed": revealed})]
        self.day += 1
        self.phase = "final_vote" if self.day == DAYS else "discard_vote"
        self.pending = set(range(self.players))
        events += [Event("day", {"day": self.day}), self._phase_event()]
        return events

    def _resolve_day_5(self) -> list[Event]:
        """D11: every vote and discard-vote at once; votes = max(0, before + got - lost)."""
        cast = [self.choices[s] for s in sorted(self.choices)]
        change = [0] * self.players
        for c in cast:
            change[c.target] += 1 if c.kind == "vote" else -1
            self.voting_rights[c.seat] -= 1
        self.votes = [max(0, v + d) for v, d in zip(self.votes, change)]
        self.choices = {}
        self.final_roles = [hand[0] for hand in self.hands]     # D15
        self.verdict = judge(self.final_roles, self.votes)
        self.phase = "game_over"
        self.pending = set()
        v = self.verdict
        return [
            Event("final_votes", {
                "votes_cast": [{"seat": c.seat, "target": c.target} for c in cast
                               if c.kind == "vote"],
                "discard_votes": [{"seat": c.seat, "target": c.target} for c in cast
                                  if c.kind == "discard_vote"],
                "votes": list(self.votes)}),
            Event("game_over", {"final_roles": list(self.final_roles), "votes": list(self.votes),
                                "ranks": v.places.ranks, "winners": list(v.winners),
                                "winning_roles": list(v.winning_roles)}),
        ]

    def _begin_night(self) -> list[Event]:
        self.phase = "night"
        self.pending = set(range(self.players))
        return [self._phase_event()]

    def _phase_event(self) -> Event:
        return Event("phase", {"phase": self.phase, "day": self.day,
                               "waiting": sorted(self.pending)})

    # -- helpers for views ------------------------------------------------------------------

    def choice_of(self, seat: int) -> Action | None:
        """The seat's accepted choice in the current secret step (a secret, D28), or None."""
        return self.choices.get(seat)

    def copy(self) -> "Game":
        """An independent copy (for look-ahead in tests and the board's undo)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.votes = list(self.votes)
        other.voting_rights = list(self.voting_rights)
        other.hands = list(self.hands)
        other.pledges = list(self.pledges)
        other.revealed = list(self.revealed)
        other.pending = set(self.pending)
        other.choices = dict(self.choices)
        other.discard_voters = set(self.discard_voters)
        return other


def _shown(value: Any) -> str:
    return "nothing" if value is _MISSING else quoted(value)


def replay_actions(setup: Setup, actions: Sequence[Action]) -> Game:
    """A started game with ``actions`` applied in order (refused ones are skipped)."""
    game = Game(setup)
    game.start()
    for action in actions:
        try:
            game.apply(action)
        except IllegalAction:
            pass
    return game
