"""One table for every game: what every game's table does, written once (STYLE.md "One table,
many games"). Game-neutral: it uses the service, audio and hardware layers, never a game.

API (a game's adapter subclasses :class:`BoardAdapter` and overrides hooks)::

    class MyGame(BoardAdapter):
        NAME = "my_game"; IllegalAction = engine.IllegalAction; ACTS = ("vote",)
        SETUP_KEYS = ("morning_seconds",); TILES = {"card": "on_card"}   # kind -> method
        def make_words(self): return Words(catalogue.text, catalogue.keys(), catalogue.is_private)
        def rules_setup(self, obj): return Setup.from_json(obj)          # UsageError
        def table_setup(self, raw, setup): return {"morning_seconds": ...}  # CommandRefused
        def new_game(self, setup): ...; def action_from_json(self, obj): ...
        def announce(self, action, events): self.speech.say_all(...)       # start: action None
        def announce_refusal(self, exc, action): ...; def step_lines(self): ...
        def on_press(self, seat) -> bool: ...   # a press meaning something now (scans first)
        def status_lines(self, seat): ...        # hold = status; idle press = repeat/status
        def has_secret(self, line, seat); def longest_stand_in(self, line, seat, seconds)
        def public_view(self); def secrets_of(self, seat); def final_state(self)
        def extra_commands(self): return {"end_morning": ...}; def snapshot_extra(self)

Parts (each owns its state): ``speech`` :class:`TableSpeech` (say/speak/say_all/
say_padded/request/repeat, one return type :class:`Said`, ``new_game()`` forgets private
history), ``padding`` :class:`ClipPadding`, ``scans`` :class:`SeatScans` (start/press/hold/
end, wrap earcon, confirm), ``seats`` :class:`SeatStore` (applied by ``activate()``),
``moves`` :class:`MoveLog` (prepare/start/accept = check → journal → apply → announce,
refuse/undo/end/boot + repair report), ``gm`` :class:`GameMaster`, ``faults``
:class:`TableFaults`; ``words`` :class:`Words` (the game's catalogue, then the board's).
"""

from __future__ import annotations

from .adapter import TILE_EVENTS, BoardAdapter, parse_names
from .faults import TableFaults, fault_speech, part_from_source, repair_message
from .gamemaster import GameMaster
from .moves import MoveLog
from .padding import ClipPadding, padded
from .scans import SeatScans
from .seats import SeatStore
from .speech import PRIVATE_CUE, Said, TableSpeech
from .words import Line, PrivateOnTable, Words, table_earcon

__all__ = ["BoardAdapter", "ClipPadding", "GameMaster", "Line", "MoveLog", "PRIVATE_CUE",
           "PrivateOnTable", "Said", "SeatScans", "SeatStore", "TILE_EVENTS", "TableFaults",
           "TableSpeech", "Words", "fault_speech", "padded", "parse_names", "part_from_source",
           "repair_message", "table_earcon"]
