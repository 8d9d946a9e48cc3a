"""Secrets by length (R16, R17, ACCESSIBILITY.md 8-9): private clips padded to the longest of
their kind over everything any seat could hold in this setup, never the longest of this deal;
a seat's own secrets of the round.

What could stand in a role or team line's place (:meth:`Padding.stand_ins`): every role, and
every team message a seat could hear in this setup with the seats' names at their longest
(the table's :func:`~firmware_host.table.padding.longest_of`: a list of fascists as a
:class:`~firmware_host.table.padding.Subset` of the other seats), in both wordings (which
wording a seat hears depends on which team message it heard before); a clip's other secrets
(a party, laws, a ballot) at each of their values (:func:`secret_variants`). The prolog and
the private status layer thus last as long whoever was dealt what, and so does everything the
table says after them."""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

from firmware_host.errors import FirmwareHostError
from firmware_host.games.secret_dictator import announce, catalogue
from firmware_host.games.secret_dictator.board.common import log
from firmware_host.games.secret_dictator.setup import ROLE_COUNTS
from firmware_host.table.padding import MARGIN_SECONDS, Subset, longest_of


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
    if not choices:
        return [a]
    out = []
    for combo in itertools.product(*(values for _, values in choices)):
        params = dict(a.params)
        params.update({name: value for (name, _), value in zip(choices, combo)})
        out.append(dataclasses.replace(a, params=params))
    return out


#: seconds added to a clip with a team line: its seats are chosen longest one at a time and
#: the whole clip is then measured, so only the intonation of another list of names may differ
TEAM_MARGIN_S = MARGIN_SECONDS

#: the role line of the prolog and of the status (which key or ``role`` it has is the secret)
ROLE_KEYS = ("prolog.role.democrat", "prolog.role.fascist", "prolog.role.dictator")
#: the team line of the prolog and of the status (which key and which seats it names is the secret)
TEAM_KEYS = ("prolog.team.fascist", "prolog.team.dictator", "prolog.team.unknown")


class Padding:
    """Secrets by length (R16, R17, ACCESSIBILITY.md 8-9): private clips padded to the longest
    of their kind over everything any seat could hold in this setup; a seat's own secrets of
    the round.

    A part of :class:`~firmware_host.games.secret_dictator.board.game.SecretDictatorGame` (its
    ``padding``) that owns the clip lengths measured so far and each seat's secrets of the round.

    :param board: the adapter it is part of (its voice, language, names and wordings).
    """

    def __init__(self, board: Any) -> None:
        self.board = board
        self.measured: dict[tuple, float] = {}        # (channel, text, earcon) -> seconds as played
        self.recall: dict[int, dict[str, Any]] = {}   # ACCESSIBILITY.md 8: each seat's own secrets of this round

    def measure(self, channel: str, text: str, earcon: str | None) -> float | None:
        """Seconds ``text`` lasts on ``channel`` (rendered once, then remembered)."""
        key = (channel, text, earcon)
        if key not in self.measured:
            voice = self.board.service.voice
            measure = getattr(voice, "measure", None)
            seconds = measure(channel, text, earcon=earcon) if callable(measure) else None
            if seconds is None:
                return None
            if len(self.measured) > 4096:
                self.measured.clear()
            self.measured[key] = seconds
        return self.measured[key]

    def _say(self, key: str, params: dict, long: bool) -> str:
        """The words of one message in the table's language and names."""
        return catalogue.text(key, params, self.board.language, long=long, names=self.board.names,
                              genders=self.board.genders)

    def _texts(self, channel: str, items: list, longs: dict[str, bool]) -> str:
        """The sentence ``items`` make when said together on ``channel`` (its wordings)."""
        out = []
        for a in items:
            long = longs[a.key] if a.key in longs else self.board._long_wording(channel, a.key, mark=False)
            out.append(self._say(a.key, a.params, long))
        return " ".join(out)

    def _table(self) -> tuple[int, int, bool]:
        """What the setup makes public: players, fascists besides the dictator, and whether
        the dictator hears its team (R2, R3)."""
        game = self.board.game
        players = int(game.players)
        fascists = ROLE_COUNTS.get(players, (0, sum(r == "fascist" for r in game.roles)))[1]
        knows = bool(getattr(game.setup, "dictator_knows_team", False)) and players <= 6
        return players, fascists, knows

    def stand_ins(self, a: Any) -> list[tuple[str, dict]] | None:
        """What could stand in the place of a role or team line ``a`` (R3: the seat's role;
        the team message any role at that seat could bring in this setup): templates for
        :func:`~firmware_host.table.padding.longest_of`; None for any other message."""
        if a.key in ROLE_KEYS:
            return [(key, {"seat": [a.params.get("seat")]}) for key in ROLE_KEYS]
        if a.key == "status.private":
            return [("status.private", {"seat": [a.params.get("seat")], "role": list(catalogue.ENUMS["role"])})]
        if a.key not in TEAM_KEYS:
            return None
        seat = int(a.channel[5:]) if str(a.channel).startswith("seat:") else None
        players, fascists, knows = self._table()
        others = tuple(s for s in range(players) if s != seat)
        out: list[tuple[str, dict]] = [("prolog.team.unknown", {})]
        if fascists and others:
            out.append(("prolog.team.fascist", {"dictator": list(others),
                                                "fascists": Subset(max(0, min(fascists - 1, len(others) - 1)), others)}))
        if knows and fascists:
            out.append(("prolog.team.dictator", {"fascists": Subset(min(fascists, len(others)), others)}))
        return out

    def _longest(self, channel: str, a: Any, longs: dict[str, bool],
                 both: bool = True) -> tuple[str, dict, bool] | None:
        """The message (key, params, long wording) that could stand in ``a``'s place on
        ``channel`` and lasts longest (a role or team line in both wordings where ``both``,
        else in ``longs``'); None when a length is unknown (no sound)."""
        templates = self.stand_ins(a)
        if templates is None:
            variants = secret_variants(a)
            long = longs[a.key] if a.key in longs else self.board._long_wording(channel, a.key, mark=False)
            if len(variants) == 1:
                return a.key, dict(a.params), long
            timed = [(self.measure(channel, self._say(v.key, v.params, long), None), v) for v in variants]
            if any(t is None for t, _ in timed):
                return None
            best = max(timed, key=lambda tv: tv[0])[1]
            return best.key, dict(best.params), long
        found: list[tuple[float, str, dict, bool]] = []
        # the wording a seat hears depends on which role or team line it heard before
        for long in ((True, False) if both else (longs.get(a.key, True),)):
            def seconds(key: str, params: dict, long: bool = long) -> float | None:
                return self.measure(channel, self._say(key, params, long), None)
            pick = longest_of(templates, seconds)
            if pick is None:
                return None
            t = seconds(*pick)
            if t is None:
                return None
            found.append((t, pick[0], pick[1], long))
        _, key, params, long = max(found, key=lambda f: f[0])
        return key, params, long

    def seconds(self, channel: str, groups: list[list], longs: dict[str, bool],
                earcon: str | None = None, *, both_wordings: bool = True) -> float | None:
        """The length, in seconds, a private clip of one kind is padded to on ``channel``
        (R16, R17, ACCESSIBILITY.md 8-9): whatever its secret, the clip lasts as long as the
        longest clip of that kind the table could hear now, whoever was dealt what.

        ``groups``: the messages each seat would hear in such a clip (one group for a single
        message; every seat's status for a status). Each group counts with every secret at
        its longest (:meth:`stand_ins`, :func:`secret_variants`, each message measured alone,
        both wordings of a role or team line), plus, where a team's seats were chosen one at
        a time, :data:`TEAM_MARGIN_S` (the whole clip is measured, so only a list's
        intonation may differ), so the length depends on
        what is public (the setup, the names, who holds a hand, who investigated whom) and
        never on a role, a team, a hand or a result. None when lengths cannot be known (no
        sound): nothing to pad. ``both_wordings=False``: a role or team line in ``longs``'
        wording only (the prolog, always said in the long one).
        """
        best = 0.0
        try:
            for group in groups:
                longest = []
                for a in group:
                    found = self._longest(channel, a, longs, both_wordings)
                    if found is None:
                        return None
                    longest.append(self._say(*found))
                seconds = self.measure(channel, " ".join(longest), earcon)
                if seconds is None:
                    return None
                # a team's seats chosen one at a time, the whole clip measured: a small margin
                best = max(best, seconds + TEAM_MARGIN_S if any(a.key in TEAM_KEYS for a in group) else seconds)
        except (FirmwareHostError, ValueError, KeyError) as exc:
            log.error("private clip length on %s: %s", channel, exc)
            return None
        return best or None

    def prolog_seconds(self, earcon: str | None = None) -> float | None:
        """R16, R17: the least length of every seat's prolog clip, the longest role and team
        message any seat could hear in this setup (long wording, as the prolog says them),
        plus the margin: the prolog, and "every seat knows its role" after it, take as long
        whoever was dealt what. None when lengths cannot be known (no sound) or before a game."""
        game = self.board.game
        if game is None:
            return None
        players, _, _ = self._table()
        longs = dict.fromkeys((*ROLE_KEYS, *TEAM_KEYS), True)
        groups = []
        for seat in range(players):
            channel = f"seat:{seat}"
            groups.append((channel, [announce.make("prolog.role.democrat", {"seat": seat}, channel),
                                     announce.make("prolog.team.unknown", {}, channel)]))
        best = 0.0
        for channel, group in groups:
            seconds = self.seconds(channel, [group], longs, earcon, both_wordings=False)
            if seconds is None:
                return None
            best = max(best, seconds)
        return best or None

    def remember(self, events: list, items: list) -> None:
        """ACCESSIBILITY.md 8, issue 33: keep each seat's own secrets from the private messages
        it was told, for its status, for the rest of the game: the last hand it held (until it
        holds another), the last peek and view-discard result (until its next one) and its
        investigations."""
        for a in items:
            seat = a.seat
            if seat is None:
                continue
            mine = self.recall.setdefault(seat, {})
            if a.key in ("hand.president", "hand.chancellor"):
                mine["hand"] = list(a.params["laws"])
            elif a.key == "power.peek.result":
                mine["peek"] = list(a.params["laws"])
            elif a.key == "power.view_discard.result":
                mine["view_discard"] = a.params["party"]
            elif a.key == "power.investigate.result":
                mine.setdefault("investigate", []).append((a.params["target"], a.params["party"]))

    def _recall_items(self, seat: int) -> list:
        """The seat's own secrets as private ``recall.*`` messages."""
        mine = self.recall.get(seat, {})
        channel = f"seat:{seat}"
        out = []
        if mine.get("hand"):
            out.append(announce.make("recall.hand", {"laws": mine["hand"]}, channel))
        if mine.get("peek"):
            out.append(announce.make("recall.peek", {"laws": mine["peek"]}, channel))
        if mine.get("view_discard"):
            out.append(announce.make("recall.view_discard", {"party": mine["view_discard"]}, channel))
        for target, party in mine.get("investigate", []):
            out.append(announce.make("recall.investigate", {"target": target, "party": party}, channel))
        return out

    def private_status(self, seat: int) -> list:
        """What ``seat`` hears privately in its status: role, team (R3), its secrets this round."""
        assert self.board.game is not None
        return [a for a in announce.status(self.board.game, seat) if catalogue.is_private(a.key)] + self._recall_items(seat)
