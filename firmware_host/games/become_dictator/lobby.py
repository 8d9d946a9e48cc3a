"""What the board asks at the seats to set up a game of *In this way I become a DICTATOR*
(issue 14, "Setup from the seats"): the game has no variant or deck to choose, only the
player count (D1: 4 to 10, no more than the board has seats), through the board's
game-neutral setup (:mod:`firmware_host.table.lobby`,
:class:`~firmware_host.kernel.games.CountLobby`).

Example::

    questions(seats=10)[0]["options"][0]["params"] == {"count": 4}
    setup({"players": 6, "language": "en"}) == {"players": 6, "language": "en"}
"""

from __future__ import annotations

from firmware_host.kernel.games import CountLobby

from .rules import MAX_PLAYERS, MIN_PLAYERS, NAME, Setup

__all__ = ["LOBBY", "title", "questions", "text", "setup", "check", "seeded"]

#: the game's setup from the seats (its title as its catalogue names it)
LOBBY = CountLobby(NAME, {"de": "So werde ich zum Diktator", "en": "In this way I become a dictator"},
                   MIN_PLAYERS, MAX_PLAYERS, Setup.from_json, seeded=False)
title, questions, text, setup, check = LOBBY.title, LOBBY.questions, LOBBY.text, LOBBY.setup, LOBBY.check
#: nothing is dealt (DICTATOR.md): the setup takes no seed, not even a seeded board's
seeded = LOBBY.seeded
