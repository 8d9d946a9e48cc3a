"""What the board asks at the seats to set up a game of *In this way I become a DICTATOR*
(issue 14, "Setup from the seats"): the game's own questions for the board's game-neutral
setup (:mod:`firmware_host.table.lobby`), which asks the game and language first and the
names and "start" last. The game has no variant or deck to choose: only the player count
(D1: 4 to 10, no more than the board has seats).

Example::

    questions(seats=10)[0]["options"][0]["params"] == {"count": 4}
    setup({"players": 6, "language": "en"}) == {"players": 6, "language": "en"}
"""

from __future__ import annotations

from typing import Any

from firmware_host.kernel.games import no_setup_text, player_count_question

from .rules import MAX_PLAYERS, MIN_PLAYERS, Setup

__all__ = ["title", "questions", "text", "setup", "check"]

_TITLES = {"de": "So werde ich zum Diktator", "en": "In this way I become a dictator"}


def title(language: str) -> str:
    """The game's spoken title in ``language`` (``de``/``en``), as its catalogue names it."""
    return _TITLES.get(language, _TITLES["en"])


def questions(seats: int | None = None, settings: Any = None) -> list[dict]:
    """The game's questions: the player count, D1 (``settings`` changes nothing)."""
    return player_count_question(MIN_PLAYERS, MAX_PLAYERS, seats)


#: the game has no words of its own in the setup (every key is the board's): KeyError always
text = no_setup_text("become_dictator")


def setup(answers: dict[str, Any]) -> dict:
    """The setup object (as the console sends it, without ``game``): players and language."""
    return {"players": answers["players"], "language": answers.get("language", "de")}


def check(obj: dict) -> None:
    """Validate a setup made from the answers (:meth:`Setup.from_json`, D1).

    :raises SetupError: every problem, one line.
    """
    Setup.from_json({k: v for k, v in obj.items() if k not in ("names",)})
