"""Secret Dictator on the board: input events -> engine actions, by phase and seat.

:class:`~.game.SecretDictatorGame` (the pack's ``board_game(service)``) is a
:class:`~firmware_host.table.BoardAdapter`, held by the host as every game's is. The table's
parts are its base's (seat store and settings, speech, the move log and journal, game-master
commands, reminders, scans, faults, the status in layers, the evening after game over, the
input dispatch by event class and tile kind, setup and start, every move
journaled before it is announced, undo and end); this game's own steps are the kit's hooks
(docs/ARCHITECTURE.md "Adding a game": ``rules_setup``, ``table_setup``, ``dealt`` with the role
tiles read before the kit's ``begin``, ``follow``, ``announce``, ``game_ended``,
``on_press``, ``undone``, ``say_step``, …), one section per concern. Still its own: the speech
it says through (``say``: superseded ballot counts, a refusal waiting for what it refers to, an
own act's answer), the padding of its private clips (``_pad``) and its boot (the board's slots
read, the last move said again after a restart). What the board does is the specs' (BOARD.md "Seat controls",
"Veto", "Roles", "Each reader has its own tiles", principle 2; ACCESSIBILITY.md; RULES.md R3,
R8, R12, R16, R17; REPLAY.md): a press starts the president's scan of names or the step's own
choice, ballots come from the ballot box, laws from the discard tray and the slots, role tiles
from the ballot box; every private clip with a secret is padded to the longest any seat could
hear; every accepted action is journaled before it is announced.

Five parts own their state and are composed into the adapter:

- ``padding`` (:mod:`.padding`): secrets by length, a seat's own secrets of the round;
- ``deck`` (:mod:`.deck`): the physical deck, the discard by scanning, the discard pile as read;
- ``mirror`` (:mod:`.mirror`): slots and tracker pin against the game, corrections, held
  inputs, the next move;
- ``reads`` (:mod:`.tiles`): ballots, laws and role tiles, each at its own reader, a tile read
  again in the same move ignored;
- ``scanning`` (:mod:`.scans`): this game's lists on the table's scans.

``describe`` words actions for the log without secrets (inputs: the table's); ``common`` holds
the shared constants.
"""

from firmware_host.games.secret_dictator.board.common import SERVICE_SETUP_KEYS, TRACK_SLOTS
from firmware_host.games.secret_dictator.board.describe import describe_action, describe_input
from firmware_host.games.secret_dictator.board.game import SecretDictatorGame
from firmware_host.games.secret_dictator.board.padding import secret_variants

__all__ = ["SERVICE_SETUP_KEYS", "TRACK_SLOTS", "SecretDictatorGame", "describe_action", "describe_input",
           "secret_variants"]
