"""Autocracy's pack: what the games registry (:mod:`firmware_host.kernel.games`) offers of it
(AUTOCRACY.md "Replay", A31-A44): the replay, the board adapter, the questions of a setup
from the seats, its words, its setup fields on the console and its board-signal scripts."""

from __future__ import annotations

from typing import Any

__all__ = ["NAME", "PACK", "replay_lines", "board_game", "lobby", "scripting", "console_picture"]

NAME = "autocracy"


from firmware_host.kernel.games import GamePack, lazy, replay_of  # noqa: E402

#: AUTOCRACY.md "Replay" (``replay.replay_objects``)
replay_lines = replay_of(__package__, NAME)
#: the board adapter (:class:`~firmware_host.table.BoardAdapter`, AUTOCRACY.md A31-A44)
board_game = lazy(__package__, "board", "AutocracyGame")
#: the questions of a setup from the seats (:mod:`.lobby`)
lobby = lazy(__package__, "lobby")


#: the board-signal scripts the table's conformance suite plays the game by (:mod:`.scripting`)
scripting = lazy(__package__, "scripting")


def _words(key: str, params: Any, language: str = "de", *, long: bool = False, names: Any = None) -> str:
    from . import catalogue

    return catalogue.text(key, params, language, long=long, names=names)


def console_picture(view: dict, secrets: dict | None = None) -> dict:
    """What the game master's page draws of the game (:func:`.picture.picture`): whose turn,
    each seat's tokens and Coup Bas held, the reserve; the hands only with ``secrets`` (the
    reveal) or at the end."""
    from .picture import picture
    return picture(view, secrets)


from .picture import actions as _console_actions  # noqa: E402 - the help forms, with the picture

#: this game's record in the registry (:class:`firmware_host.kernel.games.GamePack`)
PACK = GamePack(
    name=NAME, replay=replay_lines, adapter=board_game, lobby=lobby, words=_words,
    scripting=scripting, console_picture=console_picture, console_actions=_console_actions(),
    console_options=(
        {"name": "players", "kind": "int", "label": {"de": "Spieler", "en": "Players",
                                                                      "fr": "Joueurs"}, "default": 4, "min": 2,
         "max": 6},
        {"name": "hold_seconds", "kind": "seconds", "default": 5, "min": 0, "max": 60,
         "label": {"de": "Eine Abwehr wird erst nach so vielen Sekunden angesagt (gleich für jede Antwort)",
                   "en": "A counter's answer is announced after this many seconds (the same for every answer)",
                   "fr": "Une riposte est annoncée après ce nombre de secondes (le même pour chaque réponse)"}},
        {"name": "counter_seconds", "kind": "seconds", "default": 0, "min": 0, "max": 3600,
         "label": {"de": "Zeitgrenze, um einen Angriff abzuwehren (Sekunden, 0: keine, sonst ab 30)",
                   "en": "Time limit to counter an attack (seconds, 0: none, else 30 or more)",
                   "fr": "Temps pour riposter à une attaque (secondes, 0 : aucun, sinon 30 ou plus)"}},
    ),
)
