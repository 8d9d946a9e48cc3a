"""What the board asks at the seats to set up a game of Secret Dictator (issue 14, "Setup
from the seats"): the game's own questions for the board's game-neutral setup
(:mod:`firmware_host.table.lobby`), which asks the game and language first and the names
and "start" last.

The questions offer only what :class:`~firmware_host.games.secret_dictator.setup.Setup`
and the board accept: 5 to 10 players (R1), no more than the board has seats; the variant
(RULES.md "Variants": the rulebook's, or the official one with the veto); the draw pile
shuffled by the players (an untracked, physical deck, BOARD.md: never contradicted by a
virtual one) or in an order the board deals from the seed — asked only where the board may
deal one (not on a real board: ``physical_deck``, set by ``run``; there it is the physical one). The answers make the same setup object the game
master's console sends (``players``, ``variant``, ``language``, ``deck``).

Example::

    questions(seats=10)[0]["name"] == "players"
    setup({"players": 7, "variant": "official", "deck": "untracked", "language": "de"})
"""

from __future__ import annotations

from typing import Any

from .setup import ROLE_COUNTS, Setup

__all__ = ["title", "questions", "text", "setup", "check"]


def title(language: str) -> str:
    """The game's spoken title, the same in every language (the German voice's pronunciation
    is in ``catalogue.PRONUNCIATIONS``)."""
    return "Secret Dictator"


def questions(seats: int | None = None, settings: Any = None) -> list[dict]:
    """The game's questions, in the order they are asked.

    :param seats: the board's seat count (1–10), or None (any count R1 allows).
    :param settings: the service settings (``physical_deck``: no question of the deck), or None.
    :returns: ``[{"name", "key", "options": [{"value", "key", "params"}]}]``: ``key`` the
        catalogue key of the question (``lobby.*`` keys are the board's own), each option's
        ``value`` the setup value it stands for; the first option is the default.
    """
    counts = [n for n in sorted(ROLE_COUNTS) if seats is None or n <= seats]
    asked = [
        {"name": "players", "key": "lobby.question.players",
         "options": [{"value": n, "key": "lobby.option.players", "params": {"count": n}} for n in counts]},
        {"name": "variant", "key": "setup.question.variant",
         "options": [{"value": "official", "key": "setup.variant.official", "params": {}},
                     {"value": "rulebook", "key": "setup.variant.rulebook", "params": {}}]},
        {"name": "deck", "key": "setup.question.deck",
         "options": [{"value": "untracked", "key": "setup.deck.untracked", "params": {}},
                     {"value": "tracked", "key": "setup.deck.tracked", "params": {}}]},
    ]
    if getattr(settings, "physical_deck", False):
        asked.pop()                     # a real board plays the physical deck only
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
