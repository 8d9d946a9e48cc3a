"""Token Duel's rules: two seats take one or two tokens in turn; the first to reach
:data:`TARGET` wins. Pure (no board, no clock)."""

from __future__ import annotations

import copy as _copy
import dataclasses
from typing import Any

from firmware_host.kernel.values import Event, IllegalAction, SetupError

NAME = "token_duel"
PLAYERS = 2
#: tokens that win the game
TARGET = 7
LANGUAGES = ("de", "en")


@dataclasses.dataclass(frozen=True)
class Setup:
    """Two players and the language. :raises SetupError: anything else (one line)."""

    players: int = PLAYERS
    language: str = "de"

    @classmethod
    def from_json(cls, obj: Any) -> "Setup":
        """The setup of a setup object (``players`` 2, ``language`` de/en; no other key)."""
        if not isinstance(obj, dict):
            raise SetupError("setup must be an object")
        problems = [f"unknown setup key {k!r}" for k in obj if k not in ("players", "language", "game")]
        if obj.get("players", PLAYERS) != PLAYERS:
            problems.append("Token Duel is played by 2 players")
        if obj.get("language", "de") not in LANGUAGES:
            problems.append("language must be de or en")
        if problems:
            raise SetupError(problems)
        return cls(PLAYERS, obj.get("language", "de"))

    def to_json(self) -> dict:
        """The setup object, as journaled (with ``game``)."""
        return {"game": NAME, "players": self.players, "language": self.language}


@dataclasses.dataclass(frozen=True)
class Action:
    """``take``: ``seat`` takes ``count`` (1 or 2) tokens."""

    kind: str
    seat: int
    count: int = 1

    @classmethod
    def from_json(cls, obj: Any) -> "Action":
        """An action of its JSON object. :raises IllegalAction: ``malformed``."""
        if (not isinstance(obj, dict) or obj.get("action") != "take" or type(obj.get("seat")) is not int
                or obj.get("count", 1) not in (1, 2)):
            raise IllegalAction("malformed", f"not a Token Duel action: {obj!r}")
        return cls("take", obj["seat"], obj.get("count", 1))

    def to_json(self) -> dict:
        """``{"action": "take", "seat", "count"}``."""
        return {"action": self.kind, "seat": self.seat, "count": self.count}


class Game:
    """One game: ``scores`` per seat, ``turn`` (the seat to act), ``phase`` ``turn``/``game_over``."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.players = setup.players
        self.scores = [0] * setup.players
        self.turn = 0
        self.phase = "setup"

    def copy(self) -> "Game":
        """An independent copy (to try an action on)."""
        return _copy.deepcopy(self)

    def start(self) -> list[Event]:
        """The game's first events: started, seat 0's turn."""
        self.phase = "turn"
        return [Event("game_started", {"players": self.players}), Event("turn", {"seat": self.turn})]

    def awaiting(self) -> list[int]:
        """The seat that must act now (none once the game is over)."""
        return [self.turn] if self.phase == "turn" else []

    def apply(self, action: Action) -> list[Event]:
        """Take tokens. :raises IllegalAction: ``game_over``, ``not_your_turn``, ``bad_count``."""
        if self.phase != "turn":
            raise IllegalAction("game_over", "the game is over")
        if action.seat != self.turn:
            raise IllegalAction("not_your_turn", f"seat {action.seat} may not act now")
        if action.count not in (1, 2):
            raise IllegalAction("bad_count", "one or two tokens")
        self.scores[action.seat] += action.count
        events = [Event("took", {"seat": action.seat, "count": action.count, "score": self.scores[action.seat]})]
        if self.scores[action.seat] >= TARGET:
            self.phase = "game_over"
            events.append(Event("game_over", {"winner": action.seat, "reason": "five_tokens"}))
        else:
            self.turn = (self.turn + 1) % self.players
            events.append(Event("turn", {"seat": self.turn}))
        return events

    def public_view(self) -> dict:
        """Everything (the game has no secret)."""
        return {"phase": self.phase, "turn": self.turn if self.phase == "turn" else None,
                "scores": list(self.scores), "target": TARGET}
