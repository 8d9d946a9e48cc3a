"""Secrets by length (R16, R17, ACCESSIBILITY.md 8-9): private clips padded to the longest of
their kind over everything any seat could hold in this setup, never the longest of this deal;
a seat's own secrets of the round. The table's :class:`~firmware_host.table.padding.ClipPadding`
measures; what could stand in a line's place is this game's: every role, every team message a
seat could hear in this setup with the seats' names at their longest (a list of fascists as a
:class:`~firmware_host.table.padding.Subset` of the other seats, found by the table's
:func:`~firmware_host.table.padding.longest_of`), in both wordings (which one a seat hears
depends on the team message it heard before); a clip's other secrets (a party, laws, a ballot)
at each of their values (:func:`secret_variants`). The prolog and the private status layer
thus last as long whoever was dealt what, and so does everything the table says after them."""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any, Callable, Sequence

from firmware_host.games.secret_dictator import announce, catalogue
from firmware_host.games.secret_dictator.setup import ROLE_COUNTS
from firmware_host.table.padding import (MARGIN_SECONDS, ClipPadding, Subset, longest_clip, longest_of,
                                         longest_worded)

#: the role line of the prolog and of the status (which key or ``role`` it has is the secret)
ROLE_KEYS = ("prolog.role.democrat", "prolog.role.fascist", "prolog.role.dictator")
#: the team line of the prolog and of the status (which key and which seats it names is the secret)
TEAM_KEYS = ("prolog.team.fascist", "prolog.team.dictator", "prolog.team.unknown")
#: a seat's own secrets told privately -> (its ``recall.*`` message, the param kept), ACCESSIBILITY.md 8
RECALLED = {"hand.president": ("hand", "laws"), "hand.chancellor": ("hand", "laws"),
            "power.peek.result": ("peek", "laws"), "power.view_discard.result": ("view_discard", "party")}


def secret_variants(a: Any) -> list[Any]:
    """Every announcement that could stand in the place of private announcement ``a``: the
    same message with each secret parameter (a party, a sequence of laws, a role, a track)
    at each of its values, other parameters as they are (``[a]`` for a public message or one
    without secret parameters). A private clip is padded to the longest of them, so its
    length never tells what it says (R16, R17)."""
    if not catalogue.is_private(a.key):
        return [a]
    choices: list[tuple[str, list]] = []
    for name, value in a.params.items():
        kind = catalogue.PARAM_TYPES.get(name)
        if kind in ("party", "role", "track", "ballot"):
            choices.append((name, list(catalogue.ENUMS[kind])))
        elif kind == "parties" and isinstance(value, list):
            choices.append((name, [list(c) for c in itertools.product(catalogue.ENUMS["party"], repeat=len(value))]))
    return [dataclasses.replace(a, params={**a.params, **{name: v for (name, _), v in zip(choices, combo)}})
            for combo in itertools.product(*(values for _, values in choices))] if choices else [a]


class Padding(ClipPadding):
    """The adapter's ``padding``: the table's measured clip lengths with this game's stand-ins
    (see the module), and each seat's own secrets of the round (``recall``).

    :param board: the adapter it is part of (its voice, game, speech and wordings).
    """

    def __init__(self, board: Any) -> None:
        super().__init__(board.service)
        self.board = board
        self.recall: dict[int, dict[str, Any]] = {}   # ACCESSIBILITY.md 8: each seat's own secrets of this round

    def has_secret(self, line: Any, seat: int) -> bool:
        """True when private ``line`` could have said something else of another length, at any
        seat: a role or team line, or a secret parameter (:func:`secret_variants`)."""
        return line.key in ROLE_KEYS + TEAM_KEYS or len(secret_variants(line)) > 1

    def stand_ins(self, a: Any) -> list[tuple[str, dict]] | None:
        """What could stand in the place of a role or team line ``a`` (R3: the seat's role;
        the team message any role at that seat could bring in this setup, R2): templates for
        :func:`~firmware_host.table.padding.longest_of`; None for any other message."""
        if a.key in ROLE_KEYS:
            return [(key, {"seat": [a.params.get("seat")]}) for key in ROLE_KEYS]
        if a.key == "status.private":
            return [("status.private", {"seat": [a.params.get("seat")], "role": list(catalogue.ENUMS["role"])})]
        if a.key not in TEAM_KEYS:
            return None
        game, seat = self.board.game, int(a.channel[5:]) if str(a.channel).startswith("seat:") else None
        fascists = ROLE_COUNTS.get(game.players, (0, sum(r == "fascist" for r in game.roles)))[1]
        others = tuple(s for s in range(game.players) if s != seat)
        out: list[tuple[str, dict]] = [("prolog.team.unknown", {})]
        if fascists and others:
            out.append(("prolog.team.fascist", {"dictator": list(others),
                                                "fascists": Subset(max(0, min(fascists - 1, len(others) - 1)), others)}))
        if fascists and getattr(game.setup, "dictator_knows_team", False) and game.players <= 6:
            out.append(("prolog.team.dictator", {"fascists": Subset(min(fascists, len(others)), others)}))
        return out

    def _longest(self, a: Any, seconds: Callable[..., float | None]) -> tuple | None:
        """The message that could stand in ``a``'s place and lasts longest: ``(key, params)``
        in the wording the seat hears now, or a role or team line ``(key, params, long)`` in
        the longer of both wordings (which one a seat hears depends on the team message it
        heard before); None when a length is unknown (no sound)."""
        templates = self.stand_ins(a)
        if templates is None:
            return longest_of([(v.key, {k: [x] for k, x in v.params.items()}) for v in secret_variants(a)], seconds)
        return longest_worded(templates, seconds)

    def clip_stand_ins(self, lines: Sequence[Any], seat: int, seconds: Callable[..., float | None],
                       longest: Any = None) -> list[tuple] | None:
        """The messages of the longest private clip that could stand in the place of one
        saying ``lines`` at any seat (R16, R17, ACCESSIBILITY.md 8-9), each secret at its longest
        (:meth:`_longest`): for a status's private layer the longest of every seat's (whose
        team lines differ by what it holds), else ``lines``' own stand-ins. It depends on what
        is public (the setup, the names, who holds a hand, who investigated whom), never on a
        role, a team, a hand or a result; None when a length is unknown (no sound)."""
        groups = [list(lines)]
        if any(a.key == "status.private" for a in lines):
            groups = [self.private_status(s) for s in range(self.board.game.players)]
        return longest_clip(groups, seconds, lambda a: self._longest(a, seconds))

    def padded(self, seconds: float, found: Sequence[tuple]) -> float:
        """A clip's pad: its longest stand-in, measured whole, plus :data:`~firmware_host.table.
        padding.MARGIN_SECONDS` where a team's seats were chosen one at a time (only a list's
        intonation may differ); a message with a secret parameter is measured at each value."""
        return seconds + (MARGIN_SECONDS if any(f[0] in TEAM_KEYS for f in found) else 0.0)

    def prolog_seconds(self, earcon: str | None = None) -> float | None:
        """R16, R17: the least length of every seat's prolog clip, the longest role and team
        message any seat could hear in this setup, padded as the table pads: the prolog, and
        "every seat knows its role" after it, take as long whoever was dealt what. None when
        lengths cannot be known (no sound) or before a game."""
        if self.board.game is None:
            return None
        longs = dict.fromkeys((*ROLE_KEYS, *TEAM_KEYS), True)
        found = [self.board.speech.pad(channel, [announce.make("prolog.role.democrat", {"seat": seat}, channel),
                                                 announce.make("prolog.team.unknown", {}, channel)], longs, earcon)
                 for seat in range(self.board.game.players) for channel in [f"seat:{seat}"]]
        return None if None in found else max(found, default=0.0) or None

    def remember(self, events: list, items: list) -> None:
        """ACCESSIBILITY.md 8, issue 33: keep each seat's own secrets from the private messages
        it was told, for its status, for the rest of the game: the last hand it held (until it
        holds another), the last peek and view-discard result (until its next one) and its
        investigations."""
        for a in items:
            if a.seat is None:
                continue
            mine = self.recall.setdefault(a.seat, {})
            if a.key in RECALLED:
                kept = a.params[RECALLED[a.key][1]]
                mine[RECALLED[a.key][0]] = list(kept) if isinstance(kept, list) else kept
            elif a.key == "power.investigate.result":
                mine.setdefault("investigate", []).append((a.params["target"], a.params["party"]))

    def private_status(self, seat: int) -> list:
        """What ``seat`` hears privately in its status: its role and team (R3)."""
        assert self.board.game is not None
        return [a for a in announce.status(self.board.game, seat) if catalogue.is_private(a.key)]

    def recalled(self, seat: int) -> list:
        """The seat's own secrets of the game so far as private ``recall.*`` messages (its last
        hand, peek and view of the discard, its investigations; ACCESSIBILITY.md 8)."""
        mine, channel = self.recall.get(seat, {}), f"seat:{seat}"
        out = [announce.make(f"recall.{what}", {param: mine[what]}, channel)
               for what, param in (("hand", "laws"), ("peek", "laws"), ("view_discard", "party")) if mine.get(what)]
        return out + [announce.make("recall.investigate", {"target": target, "party": party}, channel)
                      for target, party in mine.get("investigate", [])]
