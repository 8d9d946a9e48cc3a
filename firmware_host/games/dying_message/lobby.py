"""What the board asks at the seats to set up a game of *Dying Message* (issue 14, "Setup
from the seats"; DYING_MESSAGE.md M4, M5): the game's own questions for the board's
game-neutral setup (:mod:`firmware_host.table.lobby`), which asks the game and language
first and the names and "start" last. Only the player count is asked (M4: 4 to 10, no more
than the board has seats); the characters are the default of M5, dealt at random, and the
evidence is the board's enrolled tiles (M46) or the numbered cards; the board draws the seed.

Example::

    questions(seats=10)[0]["options"][0]["params"] == {"count": 4}
    setup({"players": 6, "language": "en"}) == {"players": 6, "language": "en"}
"""

from __future__ import annotations

from typing import Any

from firmware_host.kernel.games import no_setup_text, player_count_question

from .setup import GAME, MAX_PLAYERS, MIN_PLAYERS, Setup

__all__ = ["title", "questions", "text", "setup", "check"]

_TITLES = {"de": "Dying Message", "en": "Dying Message"}


def title(language: str) -> str:
    """The game's spoken title in ``language`` (``de``/``en``): the box's, in both."""
    return _TITLES.get(language, _TITLES["en"])


def questions(seats: int | None = None, settings: Any = None) -> list[dict]:
    """The game's questions: the player count, M4 (``settings`` changes nothing)."""
    return player_count_question(MIN_PLAYERS, MAX_PLAYERS, seats)


#: the game has no words of its own in the setup (every key is the board's): KeyError always
text = no_setup_text("dying_message")


def setup(answers: dict[str, Any]) -> dict:
    """The setup object (as the console sends it, without ``game``): players and language
    (the board deals the characters of M5 from a seed it draws)."""
    return {"players": answers["players"], "language": answers.get("language", "de")}


def check(obj: dict) -> None:
    """Validate a setup made from the answers (:meth:`Setup.from_json`, M4, M5; the seed the
    board draws stands in as 0).

    :raises SetupError: every problem, one line.
    """
    Setup.from_json({"seed": 0, **{k: v for k, v in obj.items() if k not in ("names",)},
                     "game": GAME})
