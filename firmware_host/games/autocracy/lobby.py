"""What the board asks at the seats to set up a game of *Autocracy* (issue 14, "Setup from the
seats"; AUTOCRACY.md A1, A31): only the player count (A1: 2 to 6, no more than the board has
seats), through the board's game-neutral setup (:mod:`firmware_host.table.lobby`,
:class:`~firmware_host.kernel.games.CountLobby`), which asks the game and language first and
the names and "start" last. The setup data are the spec's defaults; the Mentors and the Coup
Bas pile are drawn by the board (``"deal": "board"``: each game from the seats a new deal from
the board's seed), and the first seat is the last to announce itself (A31).

Example::

    questions(seats=10)[0]["options"][0]["params"] == {"count": 2}
    setup({"players": 4, "language": "fr"}) == {"players": 4, "language": "fr", "deal": "board"}
"""

from __future__ import annotations

from firmware_host.kernel.games import CountLobby

from .rules import GAME, LANGUAGES, MAX_PLAYERS, MIN_PLAYERS, Setup

__all__ = ["LOBBY", "title", "questions", "text", "setup", "check", "LANGUAGES"]

#: the game's setup from the seats (its title is the box's, *Autocracy*, in every language);
#: the rules' check takes the seed the board draws as 0, and none of the table's times
LOBBY = CountLobby(GAME, {"en": "Autocracy"}, MIN_PLAYERS, MAX_PLAYERS,
                   lambda obj: Setup.from_json({"seed": 0, **{k: v for k, v in obj.items() if k not in (
                       "hold_seconds", "counter_seconds")}, "game": GAME}),
                   extra={"deal": "board"}, last_first=True)
title, questions, text, setup, check = LOBBY.title, LOBBY.questions, LOBBY.text, LOBBY.setup, LOBBY.check
