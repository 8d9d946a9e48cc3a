"""What a table can hear next: the sentences worth pre-rendering for one configured table.

Speech is rendered once and cached (``firmware_host.audio.speech``); a sentence rendered in
the middle of a game makes its listeners wait (about 0.1 s on a Pi Zero 2 W). Both lists are
of (channel, text), the channel that hears it (``"public"`` or ``"seat:N"``, R16):

- :func:`sentences`: for a table of ``players`` seats with their names, in one language and
  the wordings in use, every message whose parameters can be listed and that names at most
  one seat, the game's flow first, then refusals, corrections and scanning, then faults.
- :func:`following`: what can follow one announcement at once (after "president: Anna" the
  nomination of each other seat): the messages naming two seats.

Left out (:data:`SKIPPED_PREFIXES`): messages with seat *lists*, the prolog, the board's
summaries, the undo report, self-test and enrolment. With ``verbosity = "auto"`` the long
wording is listed only for messages without parameters and for the flow's messages with at
most ``players`` variants.

Example::

    audio.prerender(lambda: speech_plan.sentences(7, "de", names={0: "Anna"}, verbosity="auto"))
    audio.prerender_soon(speech_plan.following("president.new", {"seat": 0}, 7, "de", names={0: "Anna"}))
"""

from __future__ import annotations

import itertools
from typing import Any, Iterator, Mapping

from firmware_host.service import board_catalogue

from . import catalogue

__all__ = ["sentences", "following", "SKIPPED_PREFIXES", "FOLLOWING"]

#: announcement key -> the messages naming two seats that can follow it at once; their
#: first seat parameter is the announcement's seat (the president), the second any other
FOLLOWING: dict[str, tuple[str, ...]] = {
    "president.new": ("nomination.made",),
    "power.special_election": ("power.special_election.chosen",),
    "power.execution": ("power.execution.done",),
    "power.investigate": ("power.investigate.done", "power.investigate.result"),
}
#: the board's own sentences said during a game (the board catalogue's, answered through this
#: game's catalogue), pre-rendered with the game's
BOARD_PREFIXES = ("service.", "gm.", "fault.", "scan.", "whisper.", "repeat.", "setup.", "settings.saved")
_PAIRED = frozenset(k for keys in FOLLOWING.values() for k in keys)

#: message keys (prefixes) never pre-rendered (see the module docstring)
SKIPPED_PREFIXES = ("selftest.", "enrol.", "prolog.role.", "prolog.team.", "status.public",
                    "status.government", "status.nominee", "undo.action", "gm.undone", "game_over.roles", "election.ballots", "next.vote",
                    "status.waiting", "fault.chatter.peg", "fault.two_holes", "fault.stuck_contact",
                    "roles.", "story.", "status.players", "status.president", "status.phase",
                    "tile.read.role", "refusal.wrong_phase", "refusal.invalid_target")
# "story." is told once after the game (rendered when asked); a refusal naming its reason
# (an action or why a seat cannot be chosen) is rendered when it happens; the status layers past the
# first are asked for rarely; role tiles are read once per game

#: the laws a hand or a peek holds -> every party sequence of that length
_LAW_LISTS = {key: [list(p) for p in itertools.product(("democratic", "fascist"), repeat=n)]
              for key, n in (("hand.president", 3), ("hand.chancellor", 2), ("power.peek.result", 3))}
#: law slots per track (RULES.md: 5 democratic, 6 fascist)
_SLOTS = {"democratic": 5, "fascist": 6}
#: int parameters whose values do not depend on the message
_INTS = {"position": range(4), "tracker": range(4), "draw_pile": range(18), "democratic_laws": range(5),
         "fascist_laws": range(6), "expected": range(4)}


def _int_domain(key: str, name: str, players: int) -> list[int] | None:
    """The values an int parameter ``name`` of ``key`` takes at a table of ``players``; None: unknown."""
    track = key.rsplit(".", 1)[-1]
    if name == "count":
        return list(range(1, _SLOTS[track] + 1)) if track in _SLOTS else [0, 1, 2] if key == "reshuffle.shuffle_now" \
            else None
    if name in ("slot", "expected") and key.startswith("tile."):
        return list(range(1, 7))
    return [players] if name == "players" else list(_INTS.get(name, ())) or None


def _params(key: str, players: int) -> Iterator[tuple[int | None, dict[str, Any]]]:
    """(the seat that hears it privately or None, params) for every enumerable use of ``key``."""
    names = catalogue.placeholders(key)
    private = catalogue.is_private(key)
    seats = list(range(players))
    alive = range(max(1, players - 2), players + 1)   # at most two executions (R13)
    if key == "ballot.counted":
        yield from ((None, {"count": count, "total": total}) for total in alive for count in range(1, total + 1))
        return
    if key in ("election.passed", "election.failed"):
        yield from ((None, {"ja": ja, "nein": total - ja}) for total in alive for ja in range(total + 1)
                    if (ja > total - ja) == (key == "election.passed"))
        return
    if key in _LAW_LISTS:
        yield from ((seat, {"laws": laws}) for seat in seats for laws in _LAW_LISTS[key])
        return
    if key == "power.investigate.result":
        yield from ((seat, {"target": target, "party": party}) for seat in seats for target in seats
                    if target != seat for party in catalogue.ENUMS["party"])
        return
    domains: list[list[Any]] = []
    for name in names:
        kind = catalogue.PARAM_TYPES.get(name, "int")
        if kind == "seat":
            domains.append(seats)
        elif kind in catalogue.ENUMS and kind != "parties":
            domains.append(list(catalogue.ENUMS[kind]))
        elif kind == "int":
            values = _int_domain(key, name, players)
            if values is None:
                return
            domains.append(values)
        else:
            return                                    # lists of seats, laws or holes
    seat_params = [n for n in names if catalogue.PARAM_TYPES.get(n) == "seat"]
    for combo in itertools.product(*domains):
        params = dict(zip(names, combo))
        if len(seat_params) == 2 and params[seat_params[0]] == params[seat_params[1]]:
            continue                                  # nobody nominates or shoots themselves
        if "track" in params and "slot" in params and params["slot"] > _SLOTS[params["track"]]:
            continue
        owner = params.get("seat")
        yield from ((seat, params) for seat in ([owner] if owner is not None else seats)) if private \
            else ((None, params),)


def _tier(key: str) -> int:
    """0: the game's flow; 1: refusals, corrections, scanning; 2: faults and service messages."""
    if key.startswith(("fault.", "service.", "tile.", "tracker.wrong", "tracker.pin", "board.")):
        return 2
    if key.startswith(("refusal.", "correction.", "scan.", "veto.scan.", "ballot.held", "discard.held",
                       "next.", "repeat.", "setup.", "settings.", "whisper.", "gm.")):
        return 1
    return 0


def sentences(players: int, language: str, names: Mapping[int, str] | None = None,
              verbosity: str = "auto") -> Iterator[tuple[str, str]]:
    """Every sentence worth pre-rendering for this table, as (channel, text), most needed first.

    :param players: seats at the table (5–10).
    :param language: ``"de"`` or ``"en"``.
    :param names: ``{seat (0-based): player name}`` as the setup gave them, or None.
    :param verbosity: the ``[audio] verbosity`` in use: ``"short"``, ``"long"`` or ``"auto"``
        (short wordings, and the long ones said the first time a message is heard,
        ACCESSIBILITY.md 5, as the module docstring lists them).
    :returns: an iterator (lazy: nothing is formatted before it is asked for) of
        (``"public"`` or ``"seat:N"``, NFC text); a text is listed once per channel.
    :raises UnknownLanguage: ``language`` has no catalog.
    """
    said = [*catalogue.keys(), *(k for k in board_catalogue.keys() if k.startswith(BOARD_PREFIXES))]
    keys = [k for k in said if not k.startswith(SKIPPED_PREFIXES) and k not in _PAIRED]
    keys.sort(key=_tier)                              # stable: catalogue order within a tier
    seen: set[tuple[str, str]] = set()
    for key in keys:
        params_list = list(_params(key, players))
        # the long wording is said once per table: worth having ready for the game's flow and
        # for messages without parameters, not for every seat's first refusal or fault
        few = len(params_list) <= players and (_tier(key) == 0 or not catalogue.placeholders(key))
        wordings = {"short": (False,), "long": (True,)}.get(verbosity, (False, True) if few else (False,))
        for long in wordings:
            for seat, params in params_list:
                channel = "public" if seat is None else f"seat:{seat}"
                text = catalogue.text(key, params, language, long=long, names=names)
                if (channel, text) not in seen:
                    seen.add((channel, text))
                    yield channel, text


def following(key: str, params: Mapping[str, Any], players: int, language: str,
              names: Mapping[int, str] | None = None, verbosity: str = "auto",
              first: bool = False) -> list[tuple[str, str]]:
    """What can be said right after announcement ``key`` (see :data:`FOLLOWING`), as (channel, text).

    :param params: the announcement's params; its ``seat`` is the president.
    :param players: seats at the table.
    :param verbosity: ``"short"``, ``"long"`` or ``"auto"`` (the long wording only when
        ``first``: the table has not heard these messages yet).
    :returns: [] for a key nothing follows, or without a seat.
    :raises UnknownLanguage: ``language`` has no catalog.
    """
    seat = params.get("seat")
    if key not in FOLLOWING or type(seat) is not int:
        return []
    longs = {"short": (False,), "long": (True,)}.get(verbosity, (False, True) if first else (False,))
    return [(f"seat:{seat}", catalogue.text(follow, {"target": target, "party": party}, language, long=long,
                                            names=names))
            if follow == "power.investigate.result"        # private: only the president hears it
            else ("public", catalogue.text(follow, {"seat": seat, "target": target}, language, long=long, names=names))
            for follow in FOLLOWING[key] for long in longs for target in range(players) if target != seat
            for party in (catalogue.ENUMS["party"] if follow == "power.investigate.result" else (None,))]
