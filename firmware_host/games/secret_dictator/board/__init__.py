"""Secret Dictator on the board: :class:`~.game.SecretDictatorGame` (the pack's
``board_game(service)``), a :class:`~firmware_host.table.BoardAdapter` with this game's hooks
(docs/ARCHITECTURE.md "Adding a game") and its parts, each owning its state: ``padding``
(:mod:`.padding`: secrets by length), ``deck`` (:mod:`.deck`: the physical deck and the discard
by scanning), ``mirror`` (:mod:`.mirror`: the slots and the tracker pin against the game,
corrections), ``reads`` (:mod:`.tiles`: ballots, laws and role tiles) and ``scanning``
(:mod:`.scans`: this game's lists on the table's scans). What the board does is the specs'
(BOARD.md, ACCESSIBILITY.md, RULES.md, REPLAY.md); the class's docstring names the sections.
"""

from firmware_host.games.secret_dictator.board.common import TRACK_SLOTS
from firmware_host.games.secret_dictator.board.game import SecretDictatorGame
from firmware_host.games.secret_dictator.board.padding import secret_variants

__all__ = ["TRACK_SLOTS", "SecretDictatorGame", "secret_variants"]
