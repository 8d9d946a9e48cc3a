"""Dying Message's pack module: what the games registry (:mod:`firmware_host.kernel.games`) offers
of it (DYING_MESSAGE.md "Replay")."""

from __future__ import annotations

from typing import Any

__all__ = ["NAME", "PACK", "replay_lines", "board_game", "evidence_text", "lobby", "tile_words"]

NAME = "dying_message"


from firmware_host.kernel.games import lazy, replay_of  # noqa: E402

#: DYING_MESSAGE.md "Replay" (``replay.replay_objects``)
replay_lines = replay_of(__package__, NAME)
#: the board adapter (DYING_MESSAGE.md M41-M50)
board_game = lazy(__package__, "board", "DyingMessageGame")


def evidence_text(key: str, params: Any, language: str, *, long: bool = False,
                  descriptions: "dict[int, str] | None" = None) -> str:
    """A sentence of the evidence tiles' enrolment (``enrol.evidence.*``, DYING_MESSAGE.md
    M46) for ``firmware-host enrol-tags --game dying_message``, in ``language`` (short wording); cards
    are spoken "card 18: a red umbrella" with ``descriptions`` ({card id: text}); ``long``:
    the long wording.

    :raises KeyError: an unknown key; :raises ValueError: wrong params or language.
    """
    from . import catalogue

    return catalogue.text(key, params, language, long=long, descriptions=descriptions)


#: the catalogue's key naming an evidence tile, by purpose (``GamePack.tile_words``)
_EVIDENCE_KEYS = {"test": "selftest.evidence", "present": "enrol.evidence.present",
                  "duplicate": "enrol.evidence.duplicate", "described": "enrol.evidence.described"}


def tile_words(kind: str, value: str, seat: int | None, number: int, language: str, *,
               descriptions: "dict[int, str] | None" = None, purpose: str = "test") -> str | None:
    """The sentence naming an evidence tile by its card as printed (the registry's
    ``GamePack.tile_words``, M46), with its description in ``language`` where ``descriptions``
    has one: as the self-test heard it at the tray reader (``purpose="test"``: "Test:
    evidence, card 18: a red umbrella"), as the enrolment asks for it (``"present"``: "Present
    card 18."), refuses a tag already standing for it (``"duplicate"``) or says back the
    description just typed (``"described"``: "Enrolled: card 18: a red umbrella."); None for
    another kind or purpose."""
    key = _EVIDENCE_KEYS.get(purpose)
    if kind != "evidence" or key is None:
        return None
    return evidence_text(key, {"card": number}, language, descriptions=descriptions)


#: the questions of a setup from the seats (:mod:`.lobby`)
lobby = lazy(__package__, "lobby")


#: the board-signal scripts the table's conformance suite plays the game by (:mod:`.scripting`)
scripting = lazy(__package__, "scripting")


#: the game's setup fields on the console (see Secret Dictator's pack): 4-10 players (M4);
#: the board deals the characters and the evidence (M5)
console_options: tuple = (
    {"name": "players", "kind": "int", "label": {"de": "Spieler", "en": "Players", "fr": "Joueurs"}, "default": 6,
     "min": 4, "max": 10},
)


def console_picture(view: dict, secrets: dict | None = None) -> dict:
    """What the game master's page draws of the game (:func:`.picture.picture`): the seats
    alive and dead; the characters only with ``secrets`` (the reveal)."""
    from .picture import picture
    return picture(view, secrets)


from .picture import actions as _console_actions  # noqa: E402 - the help forms, with the picture

#: the game's "help a seat" forms on the console (the registry's ``GamePack.console_actions``)
console_actions: tuple = _console_actions()


from firmware_host.config import Field  # noqa: E402
from firmware_host.kernel.games import GamePack  # noqa: E402
from firmware_host.hardware.tags import TileKind  # noqa: E402

#: this game's own ``board.toml`` section, ``[dying_message]`` (M41: each night step's minimum time)
CONFIG = {
    "night_choice_seconds": Field(float, 30.0, min=30.0, max=600.0,
                                  doc="seconds a night step with a list lasts at least (M41), from its public line"),
    "night_look_seconds": Field(float, 8.0, min=8.0, max=600.0,
                                doc="seconds a night step without a list lasts at least (M41: nightfall, the looks)"),
}

#: M45, M46: the evidence tiles, one per card id (0-based, printed ``card + 1``, M7: 104 cards), each
#: with a short description per language; laid on the message-area tray (the ``law`` reader); the
#: mocked board's demo tiles are ``4E`` and the card id (as ``enrol-tags --game dying_message --mock`` enrols them)
EVIDENCE_TILES = TileKind("evidence", "evidence", "item", items=104, fewest=9, languages=("de", "en"),
                          noun="evidence card", reader="law", demo=("4E",))

#: this game's record in the registry (:class:`firmware_host.kernel.games.GamePack`)
PACK = GamePack(name=NAME, replay=replay_lines, adapter=board_game, lobby=lobby,
                scripting=scripting, console_options=console_options,
                console_picture=console_picture, console_actions=console_actions, config=CONFIG,
                tile_kinds=(EVIDENCE_TILES,), tile_words=tile_words)
