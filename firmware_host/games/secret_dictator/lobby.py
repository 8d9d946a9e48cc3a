"""What the board asks at the seats to set up a game of Secret Dictator (issue 14, "Setup
from the seats"), for the board's game-neutral setup (:mod:`firmware_host.table.lobby`): 5 to
10 players (R1, no more than the board has seats), the variant (RULES.md "Variants") and,
where the board may deal one, the deck: shuffled by the players (untracked, BOARD.md) or dealt
from the seed. A real board (``physical_deck``, set by ``run``) plays the physical deck only.

Example::

    questions(seats=10)[0]["name"] == "players"
    setup({"players": 7, "variant": "official", "deck": "untracked", "language": "de"})
"""

from __future__ import annotations

from typing import Any

from firmware_host.kernel.games import player_count_question

from .setup import ROLE_COUNTS, Setup

__all__ = ["title", "questions", "text", "setup", "check"]


def title(language: str) -> str:
    """The game's spoken title, the same in every language (the German voice's pronunciation
    is in ``catalogue.PRONUNCIATIONS``)."""
    return "Secret Dictator"


def _choice(name: str, values: tuple[str, ...]) -> dict:
    return {"name": name, "key": f"setup.question.{name}",
            "options": [{"value": v, "key": f"setup.{name}.{v}", "params": {}} for v in values]}


def questions(seats: int | None = None, settings: Any = None) -> list[dict]:
    """The game's questions in the order they are asked: ``[{"name", "key", "options":
    [{"value", "key", "params"}]}]``, the first option the default.

    :param seats: the board's seat count (1–10), or None (any count R1 allows).
    :param settings: the service settings (``physical_deck``: no question of the deck), or None.
    """
    asked = [*player_count_question(min(ROLE_COUNTS), max(ROLE_COUNTS), seats),
             _choice("variant", ("official", "rulebook"))]
    if not getattr(settings, "physical_deck", False):      # a real board plays the physical deck only
        asked.append(_choice("deck", ("untracked", "tracked")))
    return asked


def text(key: str, params: dict, language: str, long: bool = False) -> str:
    """The words of one of the game's own question or option keys (``setup.*``).

    :raises UnknownMessage: not a key of the game's catalogue.
    """
    from . import catalogue

    return catalogue.text(key, params, language, long=long)


def setup(answers: dict[str, Any]) -> dict:
    """The setup object (as the console sends it) from the answers: ``players``, ``variant``,
    ``deck``, ``language``; names and seed are the lobby's."""
    return {"players": answers["players"], "variant": answers.get("variant", "rulebook"),
            "deck": answers.get("deck", "untracked"), "language": answers.get("language", "de")}


def check(obj: dict) -> None:
    """Validate a setup made from the answers (:meth:`Setup.from_json`, R1, R2, R5).

    :raises SetupError: every problem, one line.
    """
    plain = {k: v for k, v in obj.items() if k not in ("names", "role_source", "game")}
    if plain.get("deck") == "tracked":
        plain.pop("deck")
    Setup.from_json({**plain, "seed": plain.get("seed", 0)})
