"""One table for every game: what every game's table does, written once (STYLE.md "One table,
many games"). Game-neutral: it uses the service, audio and hardware layers, never a game.

API (a game's adapter subclasses :class:`BoardAdapter`, overrides hooks; the rest is shared)::

    class MyGame(BoardAdapter):
        NAME = "my_game"; IllegalAction = engine.IllegalAction; ACTS = ("vote",)
        SETUP_SECONDS = {"morning_seconds": (0.0, 180.0, 1800.0, True)}   # checked; self.seconds(key)
        TILES = {"card": "on_card"}             # kind -> its method
        SECRET_SETUP_KEYS = ("deck", "seed")    # the console sees them only after the end
        def make_words(self): return Words(catalogue.text, catalogue.keys(), catalogue.is_private)
        def rules_setup(self, obj) / table_setup(self, raw, setup)        # UsageError / CommandRefused
        def new_game(self, setup) / action_from_json(self, obj)
        def follow(self, action, events)        # own state first (before any line is written)
        def announce(self, action, events); announce_refusal(self, exc, action); step_lines(self)
        def on_press(self, seat) -> bool        # a press meaning something now (scans come first)
        def gm_press(self) -> bool              # the game-master key ends a step (default: the wait)
        def wait_ended(self, reason)            # self.wait.begin(seats, seconds, keys=...) is over
        def status_layers(self, seat) -> [[line]]  # hold: what is open (≤ 3 s), then ≤ 15 s a hold
        def status_lines(self, seat); status_step(self); story_lines(self) / story_parts(self)  # gm key; story
        def has_secret(self, line, seat); longest_stand_in(self, line, seat, seconds)   # padding
            # padding.longest_of([(key, {param: [values] or Subset(n, pool)})], seconds)
        def public_view(self); secrets_of(self, seat); final_state(self); snapshot_extra(self)
        def extra_commands(self) -> {"end_morning": fn}; rebuilt/resumed/stopping(self)
    self.own_config()                          # the pack's own board.toml section (GamePack.config)

Parts (each owns its state): ``speech`` :class:`TableSpeech` (say/speak/say_all/say_padded/
request/repeat → :class:`Said`; ``when_played(utterances, then)``; ``new_game()`` forgets
private history), ``padding``
:class:`ClipPadding`, ``scans`` :class:`SeatScans` (start/press/hold/end; wrap earcon,
"cancel", confirm; ``mid_choice`` with :class:`ChoiceHold`), ``seats`` :class:`SeatStore` (applied by ``activate()``), ``moves``
:class:`MoveLog` (accept = check → journal → apply → announce; refuse/undo/end/boot + repair
report), ``gm`` :class:`GameMaster`, ``faults`` :class:`TableFaults`, ``evening``
:class:`Evening` (after game over: the story in short parts, then the next game from the
seats), ``wait`` :class:`ReadyWait` (until every seat said "ready" or the table's timer ran
out); ``timers`` :class:`Timers` (``after(seconds, fn, name)`` on the service thread, all
cancelled when the table stops); ``words`` :class:`Words`.

The host holds one :class:`TableFront` beside the adapters: the setup from the seats, the seat
menu and the board's own speech, which a press reaches before any game.
"""

from __future__ import annotations

from .adapter import ANSWERED, BoardAdapter, describe_input, parse_names
from .front import TableFront
from .evening import STORY_PART_LINES, Evening, parts_of
from .faults import TableFaults, fault_speech, part_from_source, repair_message
from .gamemaster import GameMaster
from .moves import MoveLog
from .padding import ClipPadding, padded
from .ready import ReadyWait
from .scans import ChoiceHold, SeatScans
from .seats import SeatStore
from .speech import PRIVATE_CUE, Said, TableSpeech
from .timers import Timers
from .words import Line, PrivacyError, Words, table_earcon

__all__ = ["ANSWERED", "BoardAdapter", "ChoiceHold", "ClipPadding", "Evening", "GameMaster", "Line", "MoveLog", "PRIVATE_CUE",
           "PrivacyError", "ReadyWait", "STORY_PART_LINES", "Said", "SeatScans", "SeatStore", "TableFaults",
           "TableFront", "TableSpeech", "Timers", "Words", "describe_input", "fault_speech", "padded", "parse_names", "parts_of", "part_from_source",
           "repair_message", "table_earcon"]
