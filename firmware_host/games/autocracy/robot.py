"""Robot players of *Autocracy* (issue 23, :mod:`firmware_host.robots`): what the game's cues
ask of a seat, from what the seat heard only.

- Its turn ("your turn", A35, in its earphone, with its tokens) is answered with a press: the
  turn menu. A seat that lacks a domain tries an exchange with the reserve once a turn and
  takes a row that gives a domain it lacks while keeping one of what it gives (its tokens are
  those of "your turn" and the exchanges it was heard to make since); in a list with nothing
  for it (no such row, or a list a slip led to) it takes "cancel" in the second pass, and
  then rolls. From the second round it sometimes attacks,
  taking the items its scans offer. Every "confirm" is taken.
- In a counter window (A41) it counters when it can, most of the time, and names the first
  seat it may redirect to; else it lets the attack pass. It accepts an exchange offered to it.
- A scan at rest ("stopped") is pressed again.
"""

from __future__ import annotations

from typing import Any, Sequence

from firmware_host.robots.robot import Chooser, Heard, Press, scan_item_seen

NAME = "autocracy"

#: the Mentors and the pile are drawn from the board's seed
SEEDED = True

#: nothing makes the table wait for a timer
QUIET_AFTER: frozenset = frozenset()

#: the turn's menu begins a list in the seat's earphone (a press planned to open it is dropped
#: when it begins without that press: the press picked "Roll the dice", an item barely heard)
LIST_STARTS = frozenset({"menu.turn"})

#: the chance to attack when "attack" is heard in the menu (from round 2)
ATTACK = 0.15
#: the chance to counter when the seat holds the answer
COUNTER = 0.7
#: the chance to take an attack's item when it is heard (else a later pass)
TAKE = 0.5
_DOMAINS = ("economie", "media", "justice", "armee", "politique")


def _turn_start(heard: Sequence[Heard], seat: int | None = None) -> int | None:
    """Index of the clip that began the seat's last turn, or None: its own "your turn" (A35),
    or the table's "Seat N's turn" naming ``seat`` when "your turn" came before it or not at
    all (cut off by the seat's own press or hold before it was heard, ACCESSIBILITY.md 27:
    an earlier turn's lists are then no passes of this turn's list)."""
    for i in range(len(heard) - 1, -1, -1):
        h = heard[i]
        if h.own and h.key == "turn.yours":
            return i
        if seat is not None and h.output == "table" and h.key == "turn" and h.params.get("seat") == seat:
            return i
    return None


def _tokens(seat: int, heard: Sequence[Heard]) -> dict[str, int]:
    """The seat's tokens as heard: "your turn"'s, then its exchanges heard since (none known
    when "your turn" went unheard this turn: no trade then looks helpful)."""
    start = _turn_start(heard, seat)
    if start is None:
        return {}
    mine = dict(heard[start].params.get("tokens") or {}) if heard[start].own else {}
    for h in heard[start + 1:]:
        if h.output == "table" and h.key.startswith("exchanged.") and h.params.get("seat") == seat:
            for d, n in (h.params.get("gave") or {}).items():
                mine[d] = mine.get(d, 0) - n
            for d, n in (h.params.get("got") or {}).items():
                mine[d] = mine.get(d, 0) + n
    return mine


def _this_turn(heard: Sequence[Heard], seat: int | None = None) -> Sequence[Heard]:
    start = _turn_start(heard, seat)
    return heard[start + 1:] if start is not None else heard


def _seen_this_turn(clip: Heard, heard: Sequence[Heard], seat: int | None = None) -> int:
    """How often ``clip`` (an item of the seat's own earphone) was heard since its turn began,
    before it: an item of an earlier turn's list is no pass of this turn's list; with no turn
    heard at all, every pass heard counts (a list is never left to run for ever)."""
    return scan_item_seen(clip, _this_turn(heard, seat))


def _helpful(clip: Heard, mine: dict[str, int]) -> bool:
    gave, got = clip.params.get("gave") or {}, clip.params.get("got") or {}
    return (any(mine.get(d, 0) == 0 for d in got)
            and all(mine.get(d, 0) - n >= 1 for d, n in gave.items()))


def respond(seat: int, clip: Heard, heard: Sequence[Heard], choose: Chooser) -> list[Any]:
    """The acts ``clip`` asks of ``seat`` (see the module docstring).

    :param seat: the robot's seat (0-based).
    :param clip: the clip just heard (table or own earphone).
    :param heard: every clip the seat heard in this game, ``clip`` last.
    :param choose: choices drawn from ``heard`` only.
    :returns: :class:`~firmware_host.robots.robot.Press` acts (empty: nothing to do).
    """
    key, params = clip.key, clip.params
    if clip.output == "table" or not clip.own:
        return []
    if key == "turn.yours":
        return [Press()]
    if key.startswith("scan.confirm.") or key in ("scan.accept", "scan.redirect"):
        return [Press(item=clip)]
    if key.endswith(".stopped"):
        return [Press()]
    turn = _this_turn(heard[:-1], seat)
    mine = _tokens(seat, heard)
    lacking = [d for d in _DOMAINS if mine.get(d, 0) == 0]
    tried = any(h.key == "scan.trade" for h in turn)
    attacking = any(h.key == "scan.trick" for h in turn)
    if key == "menu.exchange_reserve" and lacking and not tried:
        return [Press(item=clip)]
    if key == "menu.attack" and not tried and not attacking \
            and any(h.key == "turn" and h.params.get("round", 1) > 1 for h in heard if h.output == "table") \
            and choose.chance(ATTACK, "attack") and not any(h.key == "menu.refused" for h in turn):
        return [Press(item=clip)]
    if key == "menu.roll" and (tried or not lacking or _seen_this_turn(clip, heard, seat) >= 1):
        return [Press(item=clip)]
    if key == "scan.trade":
        return [Press(item=clip)] if _helpful(clip, mine) else []
    if key == "scan.count":
        return [Press(item=clip)]
    if key == "scan.cancel" and _seen_this_turn(clip, heard, seat) >= 1:
        return [Press(item=clip)]          # nothing in this list for it (a slip led here): back
    if key in ("scan.trick", "scan.target", "scan.nationalise", "scan.revolt", "scan.blackmail",
               "scan.pick"):
        if scan_item_seen(clip, heard) >= 1 or choose.chance(TAKE, key):
            return [Press(item=clip)]
        return []
    if key == "scan.counter":
        return [Press(item=clip)] if choose.chance(COUNTER, "counter") else []
    if key == "scan.pass":
        return [Press(item=clip)]
    return []
