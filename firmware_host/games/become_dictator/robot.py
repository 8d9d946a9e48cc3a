"""Robot players of In this way I become a DICTATOR (issue 23, :mod:`firmware_host.robots`):
what the game's cues ask of a seat, from what the seat heard only.

A seat presses "ready" once the morning's discussion is announced (D32) and presses when the
table calls it to act (``phase.vote`` naming it, every seat at night and at the noons of
secret choices, DICTATOR.md D31-D33) and picks, in its own
earphone, one of the items its scan offers (a seat, a card, vote or discard-vote), drawn
from what it heard; a confirmation item ("Confirm: …") is always taken. The scan offers
only what the rules allow, so a robot needs no rules.
"""

from __future__ import annotations

from typing import Any, Sequence

from firmware_host.robots.robot import Chooser, Heard, Press, scan_item_seen

NAME = "become_dictator"

#: nothing is dealt (DICTATOR.md): the setup takes no seed
SEEDED = False

#: the morning's free discussion (D32): the table talks; with no timer each seat then says
#: it is ready with a press (``day.morning``), with one the board waits for its timer
QUIET_AFTER = frozenset({"morning.warning"})

#: a scan's question, said before its items
INTROS = frozenset({"scan.choose_target", "scan.choose_drop", "scan.choose_pledge", "scan.vote_or_discard",
                    "scan.wrap", "scan.stopped", "scan.cancelled"})
#: the chance to take an item when it is heard (else a later one, at the latest in the third pass)
TAKE = 0.35


def respond(seat: int, clip: Heard, heard: Sequence[Heard], choose: Chooser) -> list[Any]:
    """The acts ``clip`` asks of ``seat`` (see the module docstring).

    :param seat: the robot's seat (0-based).
    :param clip: the clip just heard (table or own earphone).
    :param heard: every clip the seat heard in this game, ``clip`` last.
    :param choose: choices drawn from ``heard`` only.
    :returns: a list of :class:`~firmware_host.robots.robot.Press` (empty: nothing to do).
    """
    key = clip.key
    if clip.own and key in ("scan.cancelled", "scan.stopped"):
        return [Press()]          # "Cancelled. Press again to choose." / a scan at rest
    if clip.output == "table":
        if key == "day.morning":
            return [Press()]      # ready to go on (D32: noon once every seat is)
        if key == "phase.vote":
            return [Press()] if seat in (clip.params.get("waiting") or ()) else []
        if key in ("phase.night", "phase.discard_vote", "phase.final_vote"):
            return [Press()]
        return []
    if not key.startswith("scan.") or key in INTROS or "cancel" in key or "back" in key:
        return []
    if key.startswith("scan.confirm."):
        return [Press(item=clip)]
    if scan_item_seen(clip, heard) >= 2 or choose.chance(TAKE, "take"):
        return [Press(item=clip)]
    return []
