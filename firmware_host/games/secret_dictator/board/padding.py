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
from typing import Any

from firmware_host.errors import FirmwareHostError
from firmware_host.games.secret_dictator import announce, catalogue
from firmware_host.games.secret_dictator.board.common import log
from firmware_host.games.secret_dictator.setup import ROLE_COUNTS
from firmware_host.table.padding import MARGIN_SECONDS, ClipPadding, Subset, longest_of

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

    def _say(self, key: str, params: dict, long: bool) -> str:
        return self.board.speech.text(key, params, long=long)

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

    def _longest(self, channel: str, a: Any, longs: dict[str, bool], both: bool) -> tuple[str, dict, bool] | None:
        """The message (key, params, long wording) that could stand in ``a``'s place on
        ``channel`` and lasts longest: a role or team line in both wordings where ``both``;
        None when a length is unknown (no sound)."""
        templates = self.stand_ins(a)
        long = longs[a.key] if a.key in longs else self.board.speech.long_wording(channel, a.key, mark=False)
        if templates is None:
            templates = [(v.key, {k: [x] for k, x in v.params.items()}) for v in secret_variants(a)]
        elif both:
            long = None
        found = []
        for wording in ((True, False) if long is None else (long,)):
            def seconds(key: str, params: dict, wording: bool = wording) -> float | None:
                return self.measure(channel, self._say(key, params, wording))
            pick = longest_of(templates, seconds)
            t = None if pick is None else seconds(*pick)
            if t is None:
                return None
            found.append((t, *pick, wording))
        return max(found, key=lambda f: f[0])[1:]

    def seconds(self, channel: str, groups: list[list], longs: dict[str, bool],
                earcon: str | None = None, *, both_wordings: bool = True) -> float | None:
        """The length, in seconds, a private clip of one kind is padded to on ``channel``
        (R16, R17, ACCESSIBILITY.md 8-9): the longest clip of that kind the table could hear
        now, whoever was dealt what; None when lengths cannot be known (no sound).

        :param groups: the messages each seat would hear in such a clip (one group for a
            single message; every seat's status for a status), each counted with every secret
            at its longest (:meth:`_longest`), plus :data:`~firmware_host.table.padding.
            MARGIN_SECONDS` where a team's seats were chosen one at a time (only a list's
            intonation may differ): it depends on what is public (the setup, the names, who
            holds a hand, who investigated whom), never on a role, a team, a hand or a result.
        :param both_wordings: False: a role or team line in ``longs``' wording only (the
            prolog, always said in the long one).
        """
        best = 0.0
        try:
            for group in groups:
                found = [self._longest(channel, a, longs, both_wordings) for a in group]
                if any(f is None for f in found):
                    return None
                seconds = self.measure(channel, " ".join(self._say(*f) for f in found), earcon)
                if seconds is None:
                    return None
                best = max(best, seconds + (MARGIN_SECONDS if any(a.key in TEAM_KEYS for a in group) else 0.0))
        except (FirmwareHostError, ValueError, KeyError) as exc:
            log.error("private clip length on %s: %s", channel, exc)
            return None
        return best or None

    def prolog_seconds(self, earcon: str | None = None) -> float | None:
        """R16, R17: the least length of every seat's prolog clip, the longest role and team
        message any seat could hear in this setup (long wording, as the prolog says them),
        plus the margin: the prolog, and "every seat knows its role" after it, take as long
        whoever was dealt what. None when lengths cannot be known (no sound) or before a game."""
        if self.board.game is None:
            return None
        longs = dict.fromkeys((*ROLE_KEYS, *TEAM_KEYS), True)
        found = [self.seconds(f"seat:{seat}", [[announce.make("prolog.role.democrat", {"seat": seat}, f"seat:{seat}"),
                                                announce.make("prolog.team.unknown", {}, f"seat:{seat}")]],
                              longs, earcon, both_wordings=False) for seat in range(self.board.game.players)]
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
