"""What the board asks at the seats to set up a game of *Autocracy* (issue 14, "Setup from the
seats"; AUTOCRACY.md A1, A31): the game's own questions for the board's game-neutral setup
(:mod:`firmware_host.table.lobby`), which asks the game and language first and the names and
"start" last. Only the player count is asked (A1: 2 to 6, no more than the board has seats);
the setup data are the spec's defaults, the Mentors and the Coup Bas pile are drawn from a seed
the board draws, and the first seat is the last to announce itself (A31).

Example::

    questions(seats=10)[0]["options"][0]["params"] == {"count": 2}
    setup({"players": 4, "language": "fr"}) == {"players": 4, "language": "fr", "deal": "board"}
"""

from __future__ import annotations

from typing import Any

from firmware_host.kernel.games import no_setup_text, player_count_question

from .rules import GAME, LANGUAGES, MAX_PLAYERS, MIN_PLAYERS, Setup

__all__ = ["title", "questions", "text", "setup", "check", "LANGUAGES"]


def title(language: str) -> str:
    """The game's spoken title: the box's, *Autocracy*, in every language."""
    return "Autocracy"


def questions(seats: int | None = None, settings: Any = None) -> list[dict]:
    """The game's questions: the player count, A1 (``settings`` changes nothing)."""
    return player_count_question(MIN_PLAYERS, MAX_PLAYERS, seats)


#: the game has no words of its own in the setup (every key is the board's): KeyError always
text = no_setup_text("autocracy")


def setup(answers: dict[str, Any]) -> dict:
    """The setup object (as the console sends it, without ``game``): players, language, the
    board's deal (``"deal": "board"``: each game from the seats a new deal from the board's
    seed) and the first seat: the last to announce itself (``arrived``, the seats in the order
    they said "I am here"; A2, A31)."""
    out = {"players": answers["players"], "language": answers.get("language", "de"), "deal": "board"}
    arrived = [s for s in answers.get("arrived") or () if type(s) is int and 0 <= s < answers["players"]]
    if arrived:
        out["first"] = arrived[-1]
    return out


def check(obj: dict) -> None:
    """Validate a setup made from the answers (:meth:`Setup.from_json`; the seed the board
    draws stands in as 0).

    :raises SetupError: the problem, one line.
    """
    Setup.from_json({"seed": 0, **{k: v for k, v in obj.items()
                                   if k not in ("names", "deal", "hold_seconds", "counter_seconds")},
                     "game": GAME})
