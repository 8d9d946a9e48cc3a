"""Token Duel's pack: its record in the registry, with its own tile kind, console picture and
help form. Registered by a test in one line (``REGISTRY["token_duel"] = "fifth_game.pack"``)."""

from __future__ import annotations

from typing import Any

from firmware_host.games.console_page import Words, action, cell, choice_field, fact, row, seat, seat_field
from firmware_host.hardware.tags import TileKind
from firmware_host.kernel.games import GamePack, lazy

from .rules import NAME, TARGET, Action, Game, Setup

_PKG = __name__.rpartition(".")[0]

#: each seat's own gold token, laid on the tray reader for two tokens
TOKEN_TILES = TileKind("token", "tokens", "seat", names=("gold",), noun="token", signal="token",
                       value_field="token", reader="law", demo=("7E",))

W = Words({"en": {"turn": "{who}'s turn", "over": "Game over", "score": "Tokens of {who}",
                  "target": "Tokens to win", "n": "{n}", "take": "Take tokens", "seat": "Seat",
                  "count": "Tokens", "one": "One (a press)", "two": "Two (the gold token)",
                  "tray": "Tray (gold tokens)", "token": "token"},
           "de": {"turn": "{who} ist dran", "over": "Spiel vorbei", "score": "Münzen von {who}",
                  "target": "Münzen zum Sieg", "n": "{n}", "take": "Münzen nehmen", "seat": "Platz",
                  "count": "Münzen", "one": "Eine (Drücken)", "two": "Zwei (Goldmünze)",
                  "tray": "Ablage (Goldmünzen)", "token": "Münze"}})


def replay_lines(setup: Any, line: int, actions: Any) -> list[dict]:
    """The replay: every event of the setup and the actions, then the state."""
    from firmware_host.errors import UsageError
    from firmware_host.kernel.values import IllegalAction

    game = Game(Setup.from_json(setup))
    out = [e.to_json() for e in game.start()]
    for number, obj in actions:
        try:
            out += [e.to_json() for e in game.apply(Action.from_json(obj))]
        except IllegalAction as exc:
            raise UsageError(f"line {number}: {exc}") from None
    return out + [{"state": game.public_view()}]


def console_picture(view: dict, secrets: dict | None = None) -> dict:
    """Each seat's tokens as coins, whose turn, the tokens to win, the tray reader."""
    turn = view.get("turn")
    rows = [row(f"seat{s}", W("score", who=seat(s)),
                [cell("coin", "yellow" if s == 0 else "blue", W("token"), filled=k < n) for k in range(TARGET)])
            for s, n in enumerate(view.get("scores", []))]
    return {"phase": W("turn", who=seat(turn)) if turn is not None else W("over"),
            "waiting": [] if turn is None else [turn],
            "facts": [fact(W("target"), W("n", n=TARGET))], "rows": rows,
            "readers": [{"name": "law", "label": W("tray")}]}


console_actions: tuple = (action("take", W("take"), seat_field(W("seat")),
                                 choice_field("count", W("count"), [(1, W("one")), (2, W("two"))])),)

#: the catalogue's key naming a gold token, by purpose (``GamePack.tile_words``)
_TOKEN_KEYS = {"test": "selftest.token", "present": "enrol.token", "duplicate": "enrol.token.duplicate"}


def tile_words(kind: str, value: str, seat: int | None, number: int, language: str, *,
               descriptions: Any = None, purpose: str = "test") -> str | None:
    """The sentence naming a seat's gold token: as a reader read it (the self-test), as the
    enrolment asks for it or refuses a tag already standing for it; None for another kind."""
    from .catalogue import text

    key = _TOKEN_KEYS.get(purpose)
    return text(key, {"seat": seat}, language) if kind == "token" and seat is not None and key else None


PACK = GamePack(name=NAME, replay=replay_lines, adapter=lazy(_PKG, "board", "TokenDuelGame"),
                lobby=lazy(_PKG, "lobby"), scripting=lazy(_PKG, "scripting"), tile_kinds=(TOKEN_TILES,),
                tile_words=tile_words,
                console_picture=console_picture, console_actions=console_actions,
                console_options=({"name": "players", "kind": "int", "label": {"de": "Spieler", "en": "Players"},
                                  "default": 2, "min": 2, "max": 2},))
