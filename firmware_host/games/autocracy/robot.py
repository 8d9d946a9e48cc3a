"""Robot players of *Autocracy* (issue 23, :mod:`firmware_host.robots`): what the game's cues
ask of a seat, from what the seat heard only.

- Its turn ("your turn", A35, in its earphone, with its tokens) is answered with a press: the
  turn menu. A seat that lacks a domain plans the exchanges that complete its set (A6, A11:
  up the rows while its Économie pays for them, else one of a domain it holds two or more of
  and needs less of down a row) and makes them one at a time: with the reserve first (the
  row and count of the plan's next step); when the reserve's list lacks that step (the
  reserve is short, A12), with a player heard to hold what the step gets (two or more of it
  first, so the partner keeps one), as people at a real table would (A38). Its tokens are
  those of "your turn" and the exchanges it was heard to make since. A list with nothing for
  it (no such row, or a list a slip led to) is cancelled in the second pass; with no step
  left, or none that the reserve or a player could make, it rolls. From the second round it
  sometimes attacks,
  taking the items its scans offer. Every "confirm" is taken.
- In a counter window (A41) it counters when it can, most of the time, and names the first
  seat it may redirect to; else it lets the attack pass. It accepts an exchange offered to it.
- A scan at rest ("stopped") is pressed again.
"""

from __future__ import annotations

from typing import Any, Sequence

from firmware_host.games.autocracy.rules import DEFAULT_EXCHANGE
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


#: most exchanges a robot makes in one turn (a plan never loops for ever)
MOST_EXCHANGES = 12


def next_step(mine: dict[str, int], rates: dict[str, int] = DEFAULT_EXCHANGE) -> tuple[str, str, int] | None:
    """The next exchange of a plan that completes the set of five domains (A6) from ``mine``
    (domain -> count), at the exchange table ``rates`` (A11: one of a domain for ``rates[d]``
    of the domain just below it), or None (the set held, no tokens known, or too little value).

    Up the rows while the lower domains pay for every missing domain above them (the lowest
    missing row first); else one token down a row, from the lowest domain held two or more
    times beyond what the plan needs of it.

    :returns: ``(give, get, count)``: give ``give``, get ``count`` of ``get`` (one row).
    """
    have = [int(mine.get(d, 0)) for d in _DOMAINS]
    if not mine or all(h >= 1 for h in have):
        return None
    need = [1] * len(_DOMAINS)
    for k in range(len(_DOMAINS) - 1, 0, -1):
        need[k - 1] += max(0, need[k] - have[k]) * int(rates[_DOMAINS[k]])
    if have[0] >= need[0]:
        for k in range(1, len(_DOMAINS)):
            if have[k] < need[k]:
                return _DOMAINS[k - 1], _DOMAINS[k], need[k] - have[k]
    for j in range(1, len(_DOMAINS)):
        if have[j] >= 2 and have[j] > need[j] and any(have[i] < need[i] for i in range(j)):
            return _DOMAINS[j], _DOMAINS[j - 1], 1
    return None


def _reserve_failed(seat: int, turn: Sequence[Heard]) -> tuple[bool, int]:
    """Whether the reserve's last list (or its refusal, A36) this turn ended without an
    exchange by ``seat``, and how many exchanges ``seat`` was heard to make this turn."""
    failed, made, kind = False, 0, None
    for h in turn:
        if h.own and h.key == "menu.turn":
            kind = None
        elif h.own and h.key == "scan.partner":
            kind = "player"
        elif h.own and h.key == "scan.trade" and kind is None:
            kind, failed = "reserve", True
        elif h.output == "table" and h.key.startswith("exchanged.") and h.params.get("seat") == seat:
            failed, made = False, made + 1
    return failed or _picked_refused(turn, "menu.exchange_reserve"), made


def _picked_refused(turn: Sequence[Heard], item: str) -> bool:
    """True when the menu item ``item`` was refused this turn ("menu.refused" right after it
    was the last menu item heard, A36)."""
    last = None
    for h in turn:
        if h.own and h.key.startswith("menu.") and h.key not in ("menu.turn", "menu.refused"):
            last = h.key
        elif h.own and h.key == "menu.refused" and last == item:
            return True
    return False


def _partner_helps(clip: Heard, lacking: Sequence[str], passes: int) -> bool:
    """A38's partner list: the seat ``clip`` names holds a domain the robot lacks (two or more
    in the first pass, so it keeps one; one or more in a later pass)."""
    theirs = clip.params.get("tokens") or {}
    least = 2 if passes == 0 else 1
    return any(int(theirs.get(d, 0)) >= least for d in lacking)


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
    failed, made = _reserve_failed(seat, turn)
    step = next_step(mine) if made < MOST_EXCHANGES else None
    asked = any(h.key == "scan.partner" for h in turn) or _picked_refused(turn, "menu.exchange_player")
    tried = any(h.key == "scan.trade" for h in turn)
    # with no plan (too little value, or tokens unknown): the reserve once, for a row that helps
    to_reserve = (not failed) if step is not None else bool(lacking) and not tried
    to_players = step is not None and failed and not asked
    attacking = any(h.key == "scan.trick" for h in turn)
    if key == "menu.exchange_reserve" and to_reserve:
        return [Press(item=clip)]
    if key == "menu.attack" and not tried and not attacking \
            and any(h.key == "turn" and h.params.get("round", 1) > 1 for h in heard if h.output == "table") \
            and choose.chance(ATTACK, "attack") and not any(h.key == "menu.refused" for h in turn):
        return [Press(item=clip)]
    if key == "menu.exchange_player" and to_players:
        return [Press(item=clip)]
    if key == "menu.roll" and step is None and (tried or not lacking or _seen_this_turn(clip, heard, seat) >= 1):
        return [Press(item=clip)]
    if key == "menu.roll" and step is not None and (
            not (to_reserve or to_players) or _seen_this_turn(clip, heard, seat) >= MOST_EXCHANGES):
        return [Press(item=clip)]
    if key == "scan.partner":
        wanted = [step[1]] if step is not None else lacking
        return [Press(item=clip)] if _partner_helps(clip, wanted, _seen_this_turn(clip, heard, seat)) else []
    if key == "scan.trade" and step is not None:
        gave, got = clip.params.get("gave") or {}, clip.params.get("got") or {}
        return [Press(item=clip)] if step[0] in gave and step[1] in got else []
    if key == "scan.count" and step is not None:
        got = int((clip.params.get("got") or {}).get(step[1], 0))
        return [Press(item=clip)] if got >= step[2] or _seen_this_turn(clip, heard, seat) >= 1 else []
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
