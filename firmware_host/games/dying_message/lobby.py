"""What the board asks at the seats to set up a game of *Dying Message* (issue 14, "Setup
from the seats"; DYING_MESSAGE.md M4, M5): only the player count (M4: 4 to 10, no more than
the board has seats), through the board's game-neutral setup (:mod:`firmware_host.table.lobby`,
:class:`~firmware_host.kernel.games.CountLobby`); the characters are the default of M5, dealt
at random, and the evidence is the board's enrolled tiles (M46) or the numbered cards; the
board draws the seed (it stands in as 0 in the check).

Example::

    questions(seats=10)[0]["options"][0]["params"] == {"count": 4}
    setup({"players": 6, "language": "en"}) == {"players": 6, "language": "en"}
"""

from __future__ import annotations

from firmware_host.kernel.games import CountLobby

from .setup import GAME, MAX_PLAYERS, MIN_PLAYERS, Setup

__all__ = ["LOBBY", "title", "questions", "text", "setup", "check"]

#: the game's setup from the seats (its title is the box's in both languages)
LOBBY = CountLobby(GAME, {"de": "Dying Message", "en": "Dying Message"}, MIN_PLAYERS, MAX_PLAYERS,
                   lambda obj: Setup.from_json({"seed": 0, **obj, "game": GAME}))
title, questions, text, setup, check = LOBBY.title, LOBBY.questions, LOBBY.text, LOBBY.setup, LOBBY.check
