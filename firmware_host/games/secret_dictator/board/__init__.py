"""Secret Dictator on the board: input events → engine actions, by phase and seat.

Everything the board does for this game lives in this package, in
:class:`~.game.SecretDictatorGame` (the pack's ``board_game(service)``, its ``adapter``, makes it), a
:class:`~firmware_host.table.BoardAdapter` the host holds as it holds every game's:

- **Buttons** (BOARD.md "Seat controls", ACCESSIBILITY.md 11–17). The president's press in
  the nomination (or for a special election, execution, investigation) starts a
  single-switch scan into the president's earphone; a press on a name chooses it (an
  execution needs a confirming press); only the final choice is announced at the table.
  The seat that heard a view-discard or peek result acknowledges with a press. The
  chancellor's hold proposes a veto where the rules allow it; any other hold is the status
  (public part into the requester's earphone, so it never cuts table speech, or on the table
  speaker — ``[service] status_channel``, default ``earphone``; the table speaker when seats
  share a whisper station — the seat's role into its earphone). A press with nothing to do repeats the seat's last
  message, public or its own, and writes its ``announce`` line(s) again on ``seat:N`` (or
  gives the status, ``[service] idle_press = "status"``). While a veto waits for
  its answer the president's press starts a scan of "Ja", "Nein" and "cancel" (BOARD.md
  "Veto"). A press of the seat called to a whisper station goes to the station first. The
  ignore-repeat time and bounce are the hardware's (``[buttons]``).
- **Ballots** from the ballot box are votes (counted aloud, revealed together, R8); the
  president answers a proposed veto with a ballot tile (Ja = agree) or by scanning.
- **Seat settings** (ACCESSIBILITY.md 19): rate, volume, verbosity, scan interval and name per
  seat, in the SQLite file beside the journal, applied at every start (``seat_settings``
  command). At setup the board says each seat's name with its seat number (7); the wording
  is long the first time the table, or a seat's earphone, hears a message, then short (5).
- **Laws**: the president's discard is read by the law reader at the discard tray (tracked
  deck: its party is checked against the hand, refused privately when not in it); the
  enactment is the tile arriving in the next free slot of a track; with an untracked deck
  after chaos that slot says which law was on top (``chaos_law``).
- **The physical deck** (:mod:`.deck`): on a real board (``run``) the deck is the tiles the
  players hold, untracked; without a working law reader the president discards by scanning
  the parties at the seat, with a confirming press (BOARD.md, issue 14).
- **The board as a mirror** (BOARD.md principle 2): a tile in the wrong slot, a tile removed
  from a track, a tile on a track when no law is enacted, the tracker pin in the wrong hole
  → the board says what to fix and takes no move until it is fixed, but never loses one: a
  ballot or law tile read meanwhile lies in the box or tray, so it is kept (``ballot.held``,
  ``discard.held``) and applied once the board matches; a press is not taken and the seat
  hears to press again (``correction.press_again``); a law placed in the next free slot
  meanwhile is enacted after the fix. "Correction done" is always followed by whose move it
  is and what to do (:meth:`.mirror.Mirror.next_move`), as are an undo and a public
  refusal. A refused enactment (a party not in the hand) is named neutrally at the table
  (``tile.check``); the chancellor hears privately which track to clear (R16).
- **Faults** are spoken by the part's name from ``Fault.part`` ("seat 3 button", "fascist
  slot 2", "tracker pin in two holes: holes 0 and 3"), never a pin number; a reader missing
  at start is one fault (``reader_missing``).
- **Roles** are dealt by the board, or read from the role tiles at the ballot box, seat by
  seat (``[service] roles = "tiles"``); either way every seat then hears the same padded
  private prolog (R3, R17).
- **Each reader has its own tiles** (BOARD.md): a ballot counts only from the ballot box, a
  law only from the discard tray, a role tile only in the role reading; a tile elsewhere is
  named neutrally ("a law does not count here") and changes nothing, and the same tile read
  again in the same move is ignored without a word (:meth:`.tiles.Tiles.read_again`).
- **Secrets by length** (R16, R17, ACCESSIBILITY.md 8-9): every private clip with a secret in
  it (a hand, a power result, a status, a repeat) is padded to the longest clip of its kind the
  table could hear (:meth:`.padding.Padding.seconds`); a status recalls the seat's own
  secrets of the round. A game master's act refused for a secret is a logged reveal.
- **Journal**: every accepted action (and each R12 ``reshuffle`` order) is written before it
  is announced, and a ``told`` note follows its announcement; on start an unfinished game is
  rebuilt by replaying the journal, and a game whose end was journaled but never announced (a
  power cut between the two) has its end said once (issue 34).

The package is split by concern. :mod:`.game` is the adapter: the table's parts (seat store,
move log, game-master commands, reminders, the evening, the input dispatch by event class and
the tile kinds of :attr:`~.game.SecretDictatorGame.TILES`) are its base's, and this game's own
steps are hooks and overrides of it, a section per concern (start-up and a resumed game, setup,
speaking, moves, seat buttons, the game master, the console's views). Six parts own their
state and are composed into it: ``padding`` (:mod:`.padding`: secrets by length, a seat's own
secrets), ``deck``
(:mod:`.deck`, the physical deck and the discard pile as read), ``mirror`` (:mod:`.mirror`:
slots, tracker pin, corrections, held inputs, the next move), ``reads`` (:mod:`.tiles`: ballots,
laws, role tiles, each at its own reader), ``scanning`` (:mod:`.scans`: the running
single-switch scan) and ``status`` (:mod:`.status`: status layers, the story). ``describe``
words inputs and actions for the log without secrets, ``common`` holds the shared constants.
"""

from firmware_host.games.secret_dictator.board.common import SERVICE_SETUP_KEYS, TRACK_SLOTS
from firmware_host.games.secret_dictator.board.describe import describe_action, describe_input
from firmware_host.games.secret_dictator.board.game import SecretDictatorGame
from firmware_host.games.secret_dictator.board.padding import secret_variants

__all__ = ["SERVICE_SETUP_KEYS", "TRACK_SLOTS", "SecretDictatorGame", "describe_action", "describe_input",
           "secret_variants"]
