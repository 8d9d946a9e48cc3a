"""What the board asks at the seats to set up Secret Dictator (issue 14, "Setup from the seats"),
for the board's game-neutral setup (:mod:`firmware_host.table.lobby`): the kit's player count
(:class:`~firmware_host.kernel.games.CountLobby`, R1: 5 to 10, no more than the board's seats),
the variant (RULES.md "Variants") and, where the board may deal one, the deck (untracked:
shuffled by the players, BOARD.md; or tracked: dealt from the seed). A real board
(``physical_deck``, set by ``run``) plays the physical deck only.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from firmware_host.kernel.games import CountLobby

from .setup import ROLE_COUNTS, Setup

__all__ = ["LOBBY", "title", "questions", "text", "setup", "check"]


def _choice(name: str, values: tuple[str, ...]) -> dict:
    return {"name": name, "key": f"setup.question.{name}",
            "options": [{"value": v, "key": f"setup.{name}.{v}", "params": {}} for v in values]}


def _rules_check(obj: dict) -> None:
    plain = {k: v for k, v in obj.items() if k not in ("role_source", "game") and (k, v) != ("deck", "tracked")}
    Setup.from_json({**plain, "seed": plain.get("seed", 0)})


@dataclasses.dataclass(frozen=True)
class SecretDictatorLobby(CountLobby):
    """The player count, the variant and the deck (see the module)."""

    def questions(self, seats: int | None = None, settings: Any = None) -> list[dict]:
        """The questions in the order they are asked, the first option of each the default;
        ``settings.physical_deck``: no question of the deck."""
        asked = [*super().questions(seats), _choice("variant", ("official", "rulebook"))]
        if not getattr(settings, "physical_deck", False):      # a real board plays the physical deck only
            asked.append(_choice("deck", ("untracked", "tracked")))
        return asked

    def text(self, key: str, params: dict, language: str, long: bool = False) -> str:
        """The words of the game's own question and option keys (``setup.*``).

        :raises UnknownMessage: not a key of the game's catalogue."""
        from . import catalogue

        return catalogue.text(key, params, language, long=long)

    def setup(self, answers: Mapping[str, Any]) -> dict:
        """The setup object (as the console sends it): ``players``, ``variant``, ``deck``,
        ``language``; names and seed are the lobby's."""
        return {"players": answers["players"], "variant": answers.get("variant", "rulebook"),
                "deck": answers.get("deck", "untracked"), "language": answers.get("language", "de")}


#: the game's setup from the seats (its title the same in every language; the German voice's
#: pronunciation is in ``catalogue.PRONUNCIATIONS``); the check is the rules' (R1, R2, R5)
LOBBY = SecretDictatorLobby("secret_dictator", {"en": "Secret Dictator"}, min(ROLE_COUNTS), max(ROLE_COUNTS),
                            _rules_check)
title, questions, text, setup, check = LOBBY.title, LOBBY.questions, LOBBY.text, LOBBY.setup, LOBBY.check
