"""Private clips whose length tells no secret (D28, D30, D34-D36; ACCESSIBILITY.md 8-9).

A seat's choice is confirmed in its earphone ("You vote for seat 4"), and its status ends with
its hand and its choice. How long such a clip lasts must not tell what it says: a whisper
station's visit, or a neighbour timing an earphone, would otherwise learn a secret from it.
So every private clip that carries a secret is padded with silence to the longest clip that
could stand in its place given only what the table knows:

- a role card taken from the tray reader (D30) stands for any role;
- a choice confirmation of the discard-vote step (D34) stands for "vote today" and for a
  discard-vote of *any* seat pledging *any* role; of day 5 (D35) for a vote for any other
  seat and a discard-vote of any seat; a night's (D36) for any cards of that count;
- the private status (D31) stands for a hand of the same size (public: D12's schedule) of any
  roles, and for any choice of the current step (whether the seat has chosen is public: the
  table hears who must still act).

What is public stays as it is (the seat's own number, a pledge once revealed, the count of
cards), so the length depends on the table (players, names, language, wordings), never on a
hand or a choice.

Measuring every combination would take many renders (a discard-vote has players × 7), too
slow on a Pi Zero 2 W, so :func:`longest_stand_in` takes for each secret parameter its
longest value (measured one at a time; for a list of roles the longest roles), measures that
combination, and :func:`padded` adds a margin for a sentence's intonation (speech is nearly
additive in its words, not exactly: with espeak-ng the longest of all 35 four-card hands is up
to 6 % longer than the four longest cards together; ``tests/games/become_dictator/
test_bd_padding.py`` checks every combination with real espeak-ng).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Sequence

from .rules import ROLES

__all__ = ["Subset", "MARGIN_SECONDS", "MARGIN_FRACTION", "stand_ins", "longest_stand_in",
           "has_secret", "every_stand_in", "padded"]

#: What the intonation of a whole sentence may add to its longest parts measured one at a
#: time (:func:`longest_stand_in`): seconds, plus a fraction of the clip's length (a slower
#: seat rate stretches it too).
MARGIN_SECONDS = 0.15
MARGIN_FRACTION = 0.06


def padded(seconds: float) -> float:
    """The length, in seconds, a private clip is padded to when the longest stand-in
    measured lasts ``seconds`` (the margin of :data:`MARGIN_SECONDS` and
    :data:`MARGIN_FRACTION` added)."""
    return seconds * (1.0 + MARGIN_FRACTION) + MARGIN_SECONDS


@dataclasses.dataclass(frozen=True)
class Subset:
    """Any ``size`` distinct roles, in the role order of D2 (a hand, a night's drop)."""

    size: int


#: a template: a message key and, per parameter, the values it could have
Template = tuple[str, dict[str, Any]]

_DISCARD_STEP = ("choice.no_discard_vote", "choice.discard_vote")
_FINAL_STEP = ("choice.vote", "choice.final_discard_vote")


def _choice_templates(key: str, params: dict, seat: int, players: int) -> list[Template] | None:
    seats = list(range(players))
    others = [s for s in seats if s != seat]
    if key in _DISCARD_STEP:
        return [("choice.no_discard_vote", {}),
                ("choice.discard_vote", {"target": seats, "pledge": list(ROLES)})]
    if key in _FINAL_STEP:
        return [("choice.vote", {"target": others}),
                ("choice.final_discard_vote", {"target": seats})]
    if key == "choice.drop":
        return [(key, {"drop": Subset(len(params["drop"]))})]
    if key in ("card.taken.more", "card.taken.last"):
        return [(key, {"role": list(ROLES)})]
    return None


def _status_templates(key: str, params: dict, seat: int, players: int,
                      phase: str) -> list[Template] | None:
    seats = list(range(players))
    others = [s for s in seats if s != seat]
    if key == "status.hand":
        return [(key, {"hand": Subset(len(params["hand"]))})]
    if not key.startswith("status.your_choice."):
        return None
    if key == "status.your_choice.drop":
        return [(key, {"drop": Subset(len(params["drop"]))})]
    if phase == "discard_vote":
        return [("status.your_choice.no_discard_vote", {}),
                ("status.your_choice.discard_vote", {"target": seats}),
                ("status.your_choice.discard_vote_pledge", {"target": seats, "pledge": list(ROLES)})]
    return [("status.your_choice.vote", {"target": others}),
            ("status.your_choice.discard_vote", {"target": seats})]


def stand_ins(key: str, params: dict, seat: int, players: int, phase: str) -> list[Template]:
    """The messages that could stand in the place of private message ``key`` told to
    ``seat``, as templates ``(key, {param: values})``: each parameter a list of values, or a
    :class:`Subset` of roles. A message without a secret gives itself (one value each).

    :param phase: the game's current step (a status's choice depends on it).
    """
    found = (_choice_templates(key, params, seat, players)
             or _status_templates(key, params, seat, players, phase))
    if found is None:
        return [(key, {name: [value] for name, value in params.items()})]
    return found


def has_secret(key: str, params: dict, seat: int, players: int, phase: str) -> bool:
    """True when ``key`` carries a secret whose value could change its length."""
    templates = stand_ins(key, params, seat, players, phase)
    return len(templates) > 1 or any(isinstance(v, Subset) or len(v) > 1
                                     for _, choices in templates for v in choices.values())


def _first(values: Any) -> Any:
    if isinstance(values, Subset):
        return list(ROLES[:values.size])
    return values[0]


def longest_stand_in(key: str, params: dict, seat: int, players: int, phase: str,
                     seconds: Callable[[str, dict], float | None]) -> tuple[str, dict] | None:
    """The stand-in of ``key`` (:func:`stand_ins`) that lasts longest when spoken.

    :param seconds: ``seconds(key, params)``: how long that message lasts in the seat's
        wording, in seconds (a real measurement), or None when it cannot be known.
    :returns: ``(key, params)`` of the longest stand-in, or None when a length is unknown.
    """
    best: tuple[float, str, dict] | None = None
    for name, choices in stand_ins(key, params, seat, players, phase):
        base = {p: _first(v) for p, v in choices.items()}
        chosen = dict(base)
        for p, values in choices.items():
            if isinstance(values, Subset):
                timed = []
                for role in ROLES:
                    t = seconds(name, {**base, p: [role]})
                    if t is None:
                        return None
                    timed.append((t, role))
                top = {r for _, r in sorted(timed, key=lambda tr: -tr[0])[:values.size]}
                chosen[p] = [r for r in ROLES if r in top]
            elif len(values) > 1:
                timed = []
                for value in values:
                    t = seconds(name, {**base, p: value})
                    if t is None:
                        return None
                    timed.append((t, value))
                chosen[p] = max(timed, key=lambda tv: tv[0])[1]
        t = seconds(name, chosen)
        if t is None:
            return None
        if best is None or t > best[0]:
            best = (t, name, chosen)
    assert best is not None
    return best[1], best[2]


def every_stand_in(key: str, params: dict, seat: int, players: int,
                   phase: str) -> list[tuple[str, dict]]:
    """Every combination :func:`stand_ins` allows (for tests: the exhaustive check)."""
    import itertools

    out = []
    for name, choices in stand_ins(key, params, seat, players, phase):
        names = list(choices)
        pools: list[Sequence[Any]] = []
        for p in names:
            values = choices[p]
            if isinstance(values, Subset):
                pools.append([list(c) for c in itertools.combinations(ROLES, values.size)])
            else:
                pools.append(values)
        for combo in itertools.product(*pools):
            out.append((name, dict(zip(names, combo))))
    return out
