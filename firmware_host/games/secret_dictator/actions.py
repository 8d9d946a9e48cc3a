"""Actions into the engine, events out of it, and the refusal error (REPLAY.md).

:class:`Action` and :class:`Event` are small value objects with a JSON round trip
(``from_json`` / ``to_json``), as python-chess's ``Move``. :class:`IllegalAction` carries one of
REPLAY.md's rejection reasons.
"""

from __future__ import annotations

from typing import Any

from firmware_host.checks import quoted
from firmware_host.kernel.values import Event, IllegalAction, refusal_maker

from .setup import PARTIES

__all__ = ["ACTION_KINDS", "REASONS", "Action", "Event", "IllegalAction"]

#: action name -> required fields (REPLAY.md "Actions"). ``discard.party`` is optional with
#: an untracked deck; the engine checks that.
ACTION_KINDS: dict[str, tuple[str, ...]] = {
    "nominate": ("seat", "target"),
    "vote": ("seat", "ballot"),
    "discard": ("seat",),
    "enact": ("seat", "party"),
    "acknowledge": ("seat",),
    "special_election": ("seat", "target"),
    "execute": ("seat", "target"),
    "investigate": ("seat", "target"),
    "veto": ("seat",),
    "veto_reply": ("seat", "accept"),
    "reshuffle": ("order",),
    "chaos_law": ("party",),
}

#: Rejection reasons in REPLAY.md's order of precedence (``not_alive`` appears twice there:
#: the acting seat before ``not_your_turn``, the target after ``invalid_target``).
REASONS = ("game_over", "malformed", "wrong_phase", "not_alive", "not_your_turn",
           "already_voted", "invalid_target", "ineligible", "not_in_hand")
_PRIVATE_REASONS = frozenset({"not_in_hand"})
#: this game's refusals: :class:`IllegalAction`, private for the reasons above
illegal = refusal_maker(_PRIVATE_REASONS)
BALLOTS = ("ja", "nein")


class Action:
    """One action of REPLAY.md's table (immutable by convention; hashable).

    Args:
        kind: the action name (``"nominate"``, ``"vote"``, ... ; see :data:`ACTION_KINDS`).
        seat: the acting seat (0-based int); None for the chance actions ``reshuffle`` and
            ``chaos_law``.
        target: the seat acted upon (nominate, special_election, execute, investigate).
        ballot: ``"ja"`` or ``"nein"`` (vote).
        party: ``"democratic"`` or ``"fascist"`` (discard, enact, chaos_law).
        accept: bool (veto_reply).
        order: tuple of parties, the new draw pile top first (reshuffle).

    Example::

        Action("nominate", seat=0, target=3)
        Action.from_json({"action": "vote", "seat": 2, "ballot": "ja"})
    """

    __slots__ = ("kind", "seat", "target", "ballot", "party", "accept", "order")

    def __init__(self, kind: str, seat: int | None = None, target: int | None = None,
                 ballot: str | None = None, party: str | None = None,
                 accept: bool | None = None, order: tuple[str, ...] | None = None) -> None:
        self.kind = kind
        self.seat = seat
        self.target = target
        self.ballot = ballot
        self.party = party
        self.accept = accept
        self.order = order

    @classmethod
    def from_json(cls, obj: Any) -> "Action":
        """Parse one REPLAY.md action object, e.g. ``{"action": "vote", "seat": 1,
        "ballot": "ja"}``.

        Types and values are checked here; seat ranges and everything that depends on the
        game are checked by :meth:`Game.apply`.

        Raises:
            IllegalAction: reason ``malformed`` for an unknown action name, a missing field or
                a field of the wrong type or value.
        """
        if not isinstance(obj, dict):
            raise illegal("malformed", "an action must be a JSON object")
        kind = obj.get("action")
        if not isinstance(kind, str) or kind not in ACTION_KINDS:
            raise illegal("malformed", f"unknown action {quoted(kind)}")
        for name in ACTION_KINDS[kind]:
            if name not in obj:
                raise illegal("malformed", f"{kind}: the field {quoted(name)} is missing")
        # Only the action's own fields are read (``party`` is optional on ``discard``); any
        # other field is ignored, whatever its value.
        own = ACTION_KINDS[kind] + (("party",) if kind == "discard" else ())
        fields = {name: obj.get(name) for name in own}
        order = fields.get("order")
        if order is not None:
            if not isinstance(order, list):
                raise illegal("malformed", f"{kind}: order must be a list of laws")
            fields["order"] = tuple(order)
        action = cls(kind, **fields)
        problem = action.type_problem()
        if problem:
            raise illegal("malformed", f"{kind}: {problem}")
        return action

    def type_problem(self) -> str | None:
        """A sentence naming the first field of a wrong type or value, or None if all fit."""
        need = ACTION_KINDS.get(self.kind)
        if need is None:
            return f"unknown action {quoted(self.kind)}"
        if "seat" in need and type(self.seat) is not int:
            return f"seat must be a seat number, not {quoted(self.seat)}"
        if "target" in need and type(self.target) is not int:
            return f"target must be a seat number, not {quoted(self.target)}"
        if "ballot" in need and self.ballot not in BALLOTS:
            return f"ballot must be 'ja' or 'nein', not {quoted(self.ballot)}"
        if self.kind in ("enact", "chaos_law") or (self.kind == "discard"
                                                   and self.party is not None):
            if self.party not in PARTIES:
                return f"party must be 'democratic' or 'fascist', not {quoted(self.party)}"
        if "accept" in need and type(self.accept) is not bool:
            return f"accept must be true or false, not {quoted(self.accept)}"
        if "order" in need:
            if not isinstance(self.order, (tuple, list)) or any(
                    p not in PARTIES for p in self.order):
                return "order must be a list of laws ('democratic'/'fascist')"
        return None

    def to_json(self) -> dict:
        """The REPLAY.md action object; ``Action.from_json(a.to_json()) == a``."""
        obj: dict[str, Any] = {"action": self.kind}
        for name in ("seat", "target", "ballot", "party", "accept"):
            value = getattr(self, name)
            if value is not None:
                obj[name] = value
        if self.order is not None:
            obj["order"] = list(self.order)
        return obj

    def _key(self) -> tuple:
        return (self.kind, self.seat, self.target, self.ballot, self.party, self.accept,
                None if self.order is None else tuple(self.order))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.to_json().items() if k != "action")
        return f"Action({self.kind!r}{', ' if fields else ''}{fields})"

