"""Token Duel's setup from the seats: only the player count, which is two."""

from __future__ import annotations

from typing import Any

from firmware_host.kernel.games import no_setup_text, player_count_question

from .rules import NAME, PLAYERS, Setup

_TITLES = {"de": "Münzduell", "en": "Token Duel"}
text = no_setup_text(NAME)


def title(language: str) -> str:
    """The game's spoken title."""
    return _TITLES.get(language, _TITLES["en"])


def questions(seats: int | None = None, settings: Any = None) -> list[dict]:
    """The player count: two."""
    return player_count_question(PLAYERS, PLAYERS, seats)


def setup(answers: dict[str, Any]) -> dict:
    """The setup object of the answers."""
    return {"players": answers["players"], "language": answers.get("language", "de")}


def check(obj: dict) -> None:
    """:raises SetupError: a setup the rules refuse."""
    Setup.from_json({k: v for k, v in obj.items() if k != "names"})
