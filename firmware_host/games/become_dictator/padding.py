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

The longest stand-in is found and measured by the table (:func:`firmware_host.table.padding.longest_of`,
with its margin for a sentence's intonation: with espeak-ng the longest of all 35 four-card
hands is up to 6 % longer than the four longest cards together;
``tests/games/become_dictator/test_bd_padding.py`` checks every combination with real espeak-ng).
"""

from __future__ import annotations

from typing import Callable

from firmware_host.table.padding import (MARGIN_FRACTION, MARGIN_SECONDS, Subset, Template, carries_secret,
                                         every_combination, longest_of, padded)

from .rules import ROLES

__all__ = ["roles", "MARGIN_SECONDS", "MARGIN_FRACTION", "stand_ins", "longest_stand_in",
           "has_secret", "every_stand_in", "padded", "confirm_stand_ins", "carries_secret", "every_combination"]


def roles(size: int) -> Subset:
    """Any ``size`` distinct roles, in the role order of D2 (a hand, a night's drop)."""
    return Subset(size, ROLES)


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
        return [(key, {"drop": roles(len(params["drop"]))})]
    if key in ("card.taken.more", "card.taken.last"):
        return [(key, {"role": list(ROLES)})]
    return None


def _status_templates(key: str, params: dict, seat: int, players: int,
                      phase: str) -> list[Template] | None:
    seats = list(range(players))
    others = [s for s in seats if s != seat]
    if key == "status.hand":
        return [(key, {"hand": roles(len(params["hand"]))})]
    if not key.startswith("status.your_choice."):
        return None
    if key == "status.your_choice.drop":
        return [(key, {"drop": roles(len(params["drop"]))})]
    if phase == "discard_vote":
        return [("status.your_choice.no_discard_vote", {}),
                ("status.your_choice.discard_vote", {"target": seats}),
                ("status.your_choice.discard_vote_pledge", {"target": seats, "pledge": list(ROLES)})]
    return [("status.your_choice.vote", {"target": others}),
            ("status.your_choice.discard_vote", {"target": seats})]


def confirm_stand_ins(key: str, params: dict, players: int) -> list[Template]:
    """The confirmations that could stand in the place of the confirming item ``key`` of a
    seat's secret choice (D16, D28): a night's drop for any cards of that count (D36), a
    discard-vote for any seat pledging any role (D34); any other confirmation (a vote, whose
    target the table hears at once) stands for itself."""
    if key == "scan.confirm.drop":
        return [(key, {"drop": roles(len(params["drop"]))})]
    if key == "scan.confirm.discard_vote":
        return [(key, {"target": list(range(players)), "pledge": list(ROLES)})]
    return [(key, {name: [value] for name, value in params.items()})]


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
    return carries_secret(stand_ins(key, params, seat, players, phase))


def longest_stand_in(key: str, params: dict, seat: int, players: int, phase: str,
                     seconds: Callable[[str, dict], float | None]) -> tuple[str, dict] | None:
    """The stand-in of ``key`` (:func:`stand_ins`) that lasts longest when spoken
    (:func:`~firmware_host.table.padding.longest_of`; ``seconds(key, params)`` measures one,
    None when it cannot be known); None when a length is unknown."""
    return longest_of(stand_ins(key, params, seat, players, phase), seconds)


def every_stand_in(key: str, params: dict, seat: int, players: int,
                   phase: str) -> list[tuple[str, dict]]:
    """Every combination :func:`stand_ins` allows (for tests: the exhaustive check)."""
    return every_combination(stand_ins(key, params, seat, players, phase))
