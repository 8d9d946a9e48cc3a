"""Token Duel's side of the board: a small :class:`~firmware_host.table.BoardAdapter` (its
rules, its words, what a press and its token tile mean); the rest is the table's."""

from __future__ import annotations

from typing import Any

from firmware_host.table import BoardAdapter, Words

from . import catalogue
from .rules import NAME, Action, Game, IllegalAction, Setup

#: the reader the gold tokens are laid on (the tray)
TRAY = "law"


class TokenDuelGame(BoardAdapter):
    """Token Duel on the board: the awaited seat's press takes one token, its gold token laid
    on the tray takes two; another seat's press or token is refused in the game's words."""

    NAME = NAME
    IllegalAction = IllegalAction
    ACTS = ("take",)
    TILES = {"token": "on_token"}

    def make_words(self) -> Words:
        return Words(catalogue.text, catalogue.KEYS, catalogue.is_private)

    def rules_setup(self, obj: dict) -> Setup:
        return Setup.from_json(obj)

    def new_game(self, setup: Setup) -> Game:
        return Game(setup)

    def action_from_json(self, obj: dict) -> Action:
        return Action.from_json(obj)

    def announce(self, action: Any, events: list) -> None:
        """The start, each take, the next turn and the winner, at the table."""
        for event in events:
            data = event.data
            if event.kind == "game_started":
                self.say("public", "duel.start", {})
            elif event.kind == "took":
                self.say("public", "duel.took", data)
            elif event.kind == "turn":
                self.say("public", "duel.turn", data)
            elif event.kind == "game_over":
                self.say("public", "duel.won", {"seat": data["winner"], "score": self.game.scores[data["winner"]]})

    def announce_refusal(self, exc: Any, action: Any) -> None:
        self.say("public", f"duel.refused.{exc.reason}", {"seat": getattr(action, "seat", 0)}, priority="refusal")

    def step_lines(self) -> list:
        game = self.game
        return [self.line("duel.turn", {"seat": game.turn})] if game is not None and game.phase == "turn" else []

    def status_lines(self, seat: int | None) -> list:
        game = self.game
        if game is None:
            return []
        return [self.line("duel.score", {"seat": s, "score": n}) for s, n in enumerate(game.scores)]

    def on_press(self, seat: int) -> bool:
        game = self.game
        if game is None or game.phase != "turn" or self.paused:
            return False
        if seat != game.turn:
            return False
        self.accept(Action("take", seat, 1))
        return True

    def on_token(self, event: Any) -> None:
        """A seat's gold token on the tray: that seat takes two (refused when not its turn)."""
        game = self.game
        if game is None or self.paused or type(event.seat) is not int or not 0 <= event.seat < game.players:
            self.faults.foreign_tile(event)
            return
        self.accept(Action("take", event.seat, 2))

    def public_view(self) -> dict | None:
        return None if self.game is None else self.game.public_view()

    def final_state(self) -> dict | None:
        return self.public_view()
