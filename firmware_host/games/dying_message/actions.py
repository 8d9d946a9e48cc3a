"""Actions into the Dying Message engine, events out of it, the refusal error
(DYING_MESSAGE.md "Replay").

:class:`Action` and :class:`Event` are small value objects with a JSON round trip.
:class:`IllegalAction` carries one of the replay's rejection reasons.
"""

from __future__ import annotations

from typing import Any

from firmware_host.checks import quoted
from firmware_host.kernel.values import Event, IllegalAction, refusal_maker

__all__ = ["ACTION_KINDS", "CHANCE_KINDS", "REASONS", "Action", "Event", "IllegalAction"]

#: action name -> required fields (DYING_MESSAGE.md "Actions").
ACTION_KINDS: dict[str, tuple[str, ...]] = {
    "soulmate": ("seat", "target"),
    "protect": ("seat", "target"),
    "kill": ("seat", "targets"),
    "genuine": ("seat", "cards"),
    "fake": ("seat", "cards"),
    "examine": ("seat", "card"),
    "skip_vote": (),
    "vote": ("seat", "target"),
    "shuffle": ("order",),
    "arrange": ("order",),
}
#: The chance inputs (M27, M37).
CHANCE_KINDS = ("shuffle", "arrange")

#: Rejection reasons in the replay's order of precedence (``not_alive`` is there twice: the
#: acting seat before ``not_your_turn``, a target after ``invalid_target``).
REASONS = ("game_over", "malformed", "wrong_phase", "not_alive", "not_your_turn",
           "already_acted", "wrong_count", "invalid_target", "protected", "not_available")

#: Reasons given only to the acting seat at any time: saying them at the table would name a
#: protected seat, a card chosen at night, or a Forensic Scientist's entitlement (M39, M49).
_PRIVATE_REASONS = frozenset({"protected", "not_available", "wrong_count"})
#: this game's refusals: :class:`IllegalAction`, private for the reasons above
illegal = refusal_maker(_PRIVATE_REASONS)


def _int(value: Any) -> bool:
    return type(value) is int


class Action:
    """One action of the replay's table (immutable by convention; hashable).

    Args:
        kind: the action name (:data:`ACTION_KINDS`).
        seat: the acting seat (0-based); None for ``skip_vote``, ``shuffle``, ``arrange``.
        target: a seat (``soulmate``, ``protect`` — None = nobody with ``dog_may_pass`` —,
            ``vote``).
        targets: seats, a set (``kill``), kept as a sorted tuple.
        cards: card ids, a set (``genuine``, ``fake``), kept as a sorted tuple.
        card: a card id or None: no card (``examine``).
        order: card ids in order (``shuffle``: the new draw pile top first; ``arrange``: the
            message area's reading order).

    Example::

        Action("kill", seat=3, targets=(2,))
        Action.from_json({"action": "vote", "seat": 2, "target": 5})
    """

    __slots__ = ("kind", "seat", "target", "targets", "cards", "card", "order")

    def __init__(self, kind: str, seat: int | None = None, target: int | None = None,
                 targets: tuple[int, ...] | None = None, cards: tuple[int, ...] | None = None,
                 card: int | None = None, order: tuple[int, ...] | None = None) -> None:
        self.kind = kind
        self.seat = seat
        self.target = target
        self.targets = None if targets is None else tuple(sorted(targets))
        self.cards = None if cards is None else tuple(sorted(cards))
        self.card = card
        self.order = None if order is None else tuple(order)

    @classmethod
    def from_json(cls, obj: Any, players: int | None = None,
                  dog_may_pass: bool = False) -> "Action":
        """Parse one action object, checking what the replay calls ``malformed``.

        Args:
            obj: e.g. ``{"action": "kill", "seat": 3, "targets": [2]}``.
            players: the player count, to check ``seat`` is in 0..n-1 (None: not checked).
            dog_may_pass: ``target: null`` is allowed in ``protect`` (option, M14).

        Raises:
            IllegalAction: reason ``malformed``: not an object, an unknown action, a missing
                field or a field of the wrong type (``true``/``false`` are not integers).
        """
        if not isinstance(obj, dict):
            raise illegal("malformed", "an action must be a JSON object")
        kind = obj.get("action")
        if not isinstance(kind, str) or kind not in ACTION_KINDS:
            raise illegal("malformed", f"unknown action {quoted(kind)}")
        for name in ACTION_KINDS[kind]:
            if name not in obj:
                raise illegal("malformed", f"{kind}: the field {quoted(name)} is missing")
        fields = {name: obj[name] for name in ACTION_KINDS[kind]}
        if "seat" in fields:
            seat = fields["seat"]
            if not _int(seat) or (players is not None and not 0 <= seat < players):
                raise illegal("malformed", f"{kind}: seat must be a seat number"
                                    + (f" 0..{players - 1}" if players else "")
                                    + f", not {quoted(seat)}")
        if "target" in fields:
            target = fields["target"]
            if not _int(target) and not (target is None and kind == "protect" and dog_may_pass):
                raise illegal("malformed", f"{kind}: target must be a seat number, "
                                    f"not {quoted(target)}")
        for name in ("targets", "cards"):
            if name in fields:
                value = fields[name]
                if (not isinstance(value, list) or any(not _int(v) for v in value)
                        or len(set(value)) != len(value)):
                    raise illegal("malformed", f"{kind}: {name} must be a list of "
                                        f"different integers, not {quoted(value)}")
                fields[name] = tuple(value)
        if "card" in fields and fields["card"] is not None and not _int(fields["card"]):
            raise illegal("malformed", f"{kind}: card must be a card number or null, "
                                f"not {quoted(fields['card'])}")
        if "order" in fields:
            if not isinstance(fields["order"], list):
                raise illegal("malformed", f"{kind}: order must be a list of cards")
            fields["order"] = tuple(fields["order"])
        return cls(kind, **fields)

    def to_json(self) -> dict:
        """The replay's action object; ``Action.from_json(a.to_json()) == a``."""
        obj: dict[str, Any] = {"action": self.kind}
        for name in ACTION_KINDS[self.kind]:
            value = getattr(self, name)
            obj[name] = list(value) if isinstance(value, tuple) else value
        return obj

    def _key(self) -> tuple:
        return (self.kind, self.seat, self.target, self.targets, self.cards, self.card,
                self.order)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.to_json().items() if k != "action")
        return f"Action({self.kind!r}{', ' if fields else ''}{fields})"

