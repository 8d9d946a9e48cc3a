"""Robot players of Dying Message (issue 23, :mod:`firmware_host.robots`): what the game's
cues ask of a seat, from what the seat heard only.

- At night (M43) every listening seat hears its message in its earphone; a brief that asks
  for a choice (the killers' victims, the dead's genuine message, the fakes, or "nothing to
  do: choose any item") is answered with a press and picks in the scan that follows, as many
  as the list asks (one per pass); "look" and "wait" need nothing. When the killers chose
  differently, each picks what the first of them proposed, in that step only.
- In the day the seat presses for its menu and picks "ready to vote"; when a vote opens (or
  the seats who skipped must vote again) a living seat presses and picks a seat (never
  "skip"); the accused presses to open the second vote after its defence.
- A ballot and a victim are confirmed with a press on "confirm" once it is heard.
- A seat the table has heard die takes no part in the votes.
"""

from __future__ import annotations

from typing import Any, Sequence

from firmware_host.robots.robot import Chooser, Heard, Press, scan_item_seen

NAME = "dying_message"

#: a night step and the discussion take their minimum time whatever the table does (M43)
QUIET_AFTER = frozenset({"night.falls", "night.killers", "night.dead", "night.detective", "night.fake",
                         "night.dawn", "day.discussion", "vote.defend"})

#: briefs in the earphone after which the seat presses and chooses
CHOOSING = frozenset({"night.nothing", "night.killers.brief", "night.dead.brief", "night.fake.brief",
                      "night.kill.again", "night.fake.again"})
#: "the killers chose differently: agree" (victims, fakes)
AGAIN = frozenset({"night.kill.again", "night.fake.again"})
#: items of a choosing scan
ITEMS = frozenset({"scan.seat", "scan.card"})
#: a confirmation's item: the pick just made, final with this press (ACCESSIBILITY.md 16)
CONFIRMING = frozenset({"scan.confirm.seat", "scan.confirm.skip"})
#: the chance to take an item when it is heard (else a later one, at the latest in the third pass)
TAKE = 0.35


def _dead(seat: int, heard: Sequence[Heard]) -> bool:
    return any(h.output == "table" and h.key.startswith("died.") and h.params.get("seat") == seat for h in heard)


def _agreed(heard: Sequence[Heard]) -> list | None:
    """After "the killers chose differently" (the seat's last brief, in the step still
    going on): the victims or fakes the first killer proposed, which every killer then picks;
    None otherwise (a new step or the day began at the table since: a vote is the seat's own)."""
    for h in reversed(heard):
        if h.output == "table" and h.key != "whisper.call":
            return None
        if h.own and h.key in CHOOSING:
            if h.key not in AGAIN or not isinstance(h.params.get("proposals"), dict):
                return None
            proposals = h.params["proposals"]
            first = min(proposals, key=lambda k: int(k) if str(k).isdigit() else 99)
            return list(proposals[first] or [])
    return None


def respond(seat: int, clip: Heard, heard: Sequence[Heard], choose: Chooser) -> list[Any]:
    """The acts ``clip`` asks of ``seat`` (see the module docstring).

    :param seat: the robot's seat (0-based).
    :param clip: the clip just heard (table or own earphone).
    :param heard: every clip the seat heard in this game, ``clip`` last.
    :param choose: choices drawn from ``heard`` only.
    :returns: :class:`~firmware_host.robots.robot.Press` acts (empty: nothing to do).
    """
    key, params = clip.key, clip.params
    if clip.output == "table":
        alive = not _dead(seat, heard)
        if key == "day.discussion" and alive:
            return [Press()]
        if key in ("vote.open", "vote.second", "vote.skip_some") and alive:
            return [Press()]
        if key == "vote.defend" and params.get("accused") == seat:
            return [Press()]
        return []
    if key in CHOOSING:
        return [Press()]
    if key == "menu.ready":
        return [Press(item=clip)]
    if key in ITEMS:
        agreed = _agreed(heard)
        if agreed is not None:             # the killers agree on the proposal of the first of them
            value = params.get("seat" if key == "scan.seat" else "card")
            return [Press(item=clip)] if value in agreed else []
        if scan_item_seen(clip, heard) >= 2 or choose.chance(TAKE, "take"):
            return [Press(item=clip)]
    if key in CONFIRMING:                  # a final choice (a ballot, a victim): confirmed at once
        return [Press(item=clip)]
    if key.endswith((".stopped", ".cancelled")):
        return [Press()]
    return []


#: table cues after which a living seat still has something to do in the day
DAY = frozenset({"day.discussion", "day.ready", "vote.open", "vote.second", "vote.counted", "vote.skip_some"})


def idle(seat: int, heard: Sequence[Heard], choose: Chooser) -> list[Any]:
    """The table has been quiet a while: a living seat in the day whose menu or vote scan
    closed without its choice (a late press on "cancel") presses again."""
    if _dead(seat, heard):
        return []
    table = [h for h in heard if h.output == "table"]
    if table and table[-1].key in DAY:
        return [Press()]
    return []
