"""Secrets by length (R16, R17, ACCESSIBILITY.md 8-9): private clips padded to the longest of
their kind; a seat's own secrets of the round."""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

from firmware_host.errors import FirmwareHostError
from firmware_host.games.secret_dictator import announce, catalogue
from firmware_host.games.secret_dictator.board.common import log


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


class Padding:
    """Secrets by length (R16, R17, ACCESSIBILITY.md 8-9): private clips padded to the longest
    of their kind; a seat's own secrets of the round.

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

    def _texts(self, channel: str, items: list, longs: dict[str, bool]) -> str:
        """The sentence ``items`` make when said together on ``channel`` (its wordings)."""
        out = []
        for a in items:
            long = longs[a.key] if a.key in longs else self.board._long_wording(channel, a.key, mark=False)
            out.append(catalogue.text(a.key, a.params, self.board.language, long=long, names=self.board.names, genders=self.board.genders))
        return " ".join(out)

    def seconds(self, channel: str, groups: list[list], longs: dict[str, bool],
                     earcon: str | None = None) -> float | None:
        """The length, in seconds, a private clip of one kind is padded to on ``channel``
        (R16, R17, ACCESSIBILITY.md 8-9): whatever its secret, the clip lasts as long as the
        longest clip of that kind the table could hear now.

        ``groups``: the messages each seat would hear in such a clip (one group for a single
        message; every seat's status for a status). Each group counts as it is and with every
        secret at its longest value (:func:`secret_variants`, each message measured alone),
        so the length depends on what is public (who holds a hand, who investigated whom) and
        on the deal as a whole (as the prolog's does), never on the requesting seat's role, a
        hand or a result. None when lengths cannot be known (no sound): nothing to pad.
        """
        best = 0.0
        try:
            for group in groups:
                longest = []
                for a in group:
                    variants = secret_variants(a)
                    if len(variants) > 1:
                        timed = [(self.measure(channel, self._texts(channel, [v], longs), None), v) for v in variants]
                        if any(t is None for t, _ in timed):
                            return None
                        a = max(timed, key=lambda tv: tv[0])[1]
                    longest.append(a)
                for text in {self._texts(channel, group, longs), self._texts(channel, longest, longs)}:
                    seconds = self.measure(channel, text, earcon)
                    if seconds is None:
                        return None
                    best = max(best, seconds)
        except (FirmwareHostError, ValueError) as exc:
            log.error("private clip length on %s: %s", channel, exc)
            return None
        return best

    def remember(self, events: list, items: list) -> None:
        """ACCESSIBILITY.md 8: keep each seat's own secrets of this round from the private
        messages it was told, for its status: the hand it holds or held (until the next
        nomination), the peek or view-discard result (until the next laws are drawn) and its
        investigations (for the rest of the game)."""
        for e in events:
            if e.kind == "nominated":
                for mine in self.recall.values():
                    mine.pop("hand", None)
            elif e.kind == "law_enacted" and e.data.get("by") == "chaos":
                for mine in self.recall.values():     # the top law was taken: the peek is spent
                    mine.pop("peek", None)
                    mine.pop("view_discard", None)
        for a in items:
            seat = a.seat
            if seat is None:
                continue
            if a.key == "hand.president":
                for mine in self.recall.values():     # new laws drawn: earlier results are spent
                    mine.pop("peek", None)
                    mine.pop("view_discard", None)
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
        """The seat's own secrets of this round as private ``recall.*`` messages."""
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
