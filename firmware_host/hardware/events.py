"""Typed input events: what the board tells the service.

Every event is a frozen dataclass; ``at`` is the reading of the board's
:class:`~firmware_host.clock.Clock` (seconds) when the event was *recognised* (for a gesture:
the moment it became unambiguous, e.g. the release of a press plus the bounce time).
``at`` is a keyword with a default so the service's tests can build events by hand::

    ButtonGesture(seat=3, gesture="press", at=12.5)

Seats are 0-based (RULES.md R1); slots are 1-based, as on the tracks; the peg's position is
its hole, 0-based, or None when it sits in no hole. Which tracks and holes a board has are its
games' (:mod:`~firmware_host.hardware.parts`). A tile at a reader is one
:class:`TileRead` whatever the game (the games declare their tile kinds).
"""

from __future__ import annotations

import dataclasses
from typing import Literal, Union

Gesture = Literal["press", "hold", "double"]

#: gestures a seat button or the game-master key can produce
GESTURES: tuple[str, ...] = ("press", "hold", "double")


@dataclasses.dataclass(frozen=True)
class ButtonGesture:
    """A seat button gesture: ``seat`` (0-based), ``gesture`` ``press``/``hold``/``double``;
    ``down_at``: clock seconds when the press went down (a press counts on press-down,
    ACCESSIBILITY.md 27; None where unknown)."""

    seat: int
    gesture: str
    at: float = 0.0
    down_at: float | None = dataclasses.field(default=None, compare=False)


@dataclasses.dataclass(frozen=True)
class SlotChanged:
    """A slot's reed switch changed: ``track`` (its ``[slots]`` name), ``slot``
    (1-based), ``filled`` (True: a tile's magnet closes the switch)."""

    track: str
    slot: int
    filled: bool
    at: float = 0.0


@dataclasses.dataclass(frozen=True)
class PegMoved:
    """The peg now sits in hole ``position`` (0-based), or in none (None)."""

    position: int | None
    at: float = 0.0


@dataclasses.dataclass(frozen=True)
class GameMasterKey:
    """The game-master key: ``gesture`` ``press``/``hold``/``double`` (pause / confirm)."""

    gesture: str
    at: float = 0.0


@dataclasses.dataclass(frozen=True)
class TileRead:
    """A tile of the tag registry presented at a reader: the one tile event every game reads.

    What a tile means is its game's: the board only says which registered tile it is (the
    kinds come from the games' packs, :class:`~firmware_host.hardware.tags.TileKind`); the
    adapter of the game being played handles it by ``kind`` or refuses a kind it does not read
    without naming the tile.

    :ivar reader: the config name of the reader that read it.
    :ivar kind: the tile's :attr:`~firmware_host.hardware.tags.TileKind.kind`.
    :ivar value: its name (a seat's tile), its group (a numbered tile) or its kind (an item).
    :ivar seat: the seat a seat's tile belongs to (0-based), else None.
    :ivar tag: the tag id read (10 upper-case hex characters); never announce a tile: what it
        is may be a secret.
    :ivar number: its number (1-based within its group; 0-based for an item; 0 for a seat's tile).
    """

    reader: str
    kind: str
    value: str
    seat: int | None = None
    tag: str = ""
    number: int = 0
    at: float = 0.0


@dataclasses.dataclass(frozen=True)
class TagRead:
    """A raw tag id (10 upper-case hex characters) read by ``reader``.

    Only emitted by a board started without a tag registry (``tags=None``): tag enrolment."""

    reader: str
    tag: str
    at: float = 0.0


@dataclasses.dataclass(frozen=True)
class ReaderState:
    """An RFID reader appeared (``connected=True``) or disappeared (``False``)."""

    reader: str
    connected: bool
    at: float = 0.0


@dataclasses.dataclass(frozen=True)
class Fault:
    """A signal that could not be used. Spoken on the board; never changes the game.

    :param source: a short English label of what it came from (log, self-test): ``seat 3
        button`` (1-based, as spoken), ``TRACK slot 2``, ``peg``, ``game-master key``,
        ``NAME reader``. Speech should use :attr:`part` instead.
    :param reason: one of :data:`FAULT_REASONS`.
    :param detail: one line for the log and the game master (names the tag, port, …).
    :param part: which part of the board, structured so the service can name it in the
        player's language without a pin number (JSON-ready ``dict``; ``{}`` only for faults
        built by hand). ``kind`` is one of :data:`PART_KINDS`:

        - ``{"kind": "seat_button", "seat": 3}``: seat 0-based (REPLAY.md; spoken "seat 4");
        - ``{"kind": "law_slot", "track": TRACK, "slot": 2}``: slot 1-based;
        - ``{"kind": "peg", "holes": [0, 2]}``: the peg's holes concerned (``two_holes``: the
          closed ones; ``chatter``: those whose contacts moved);
        - ``{"kind": "gm_key"}``;
        - ``{"kind": "reader", "reader": NAME}``.
    :param pin: the BCM pin of the one contact concerned (for the builder with a multimeter),
        or None (readers; a peg fault concerning several holes).
    """

    source: str
    reason: str
    detail: str = ""
    at: float = 0.0
    part: dict = dataclasses.field(default_factory=dict, hash=False)
    pin: int | None = None


#: every ``Fault.part["kind"]``
PART_KINDS: tuple[str, ...] = ("seat_button", "law_slot", "peg", "gm_key", "reader")


#: every ``Fault.reason`` the hardware layer emits
FAULT_REASONS: tuple[str, ...] = (
    "stuck",            # a contact closed for longer than timing.stuck_s (or closed at start)
    "chatter",          # a contact that does not settle for timing.chatter_s
    "two_holes",        # peg contacts closed in two holes at once (part["holes"] lists them)
    "unknown_tag",      # a tag id not in the registry (detail names it)
    "bad_frame",        # checksum / not-hex frames from a reader without a good tag around
    "reader_missing",   # a configured reader is not there at start
    "reader_unplugged", # a reader went away while running
)

InputEvent = Union[ButtonGesture, SlotChanged, PegMoved, GameMasterKey, TileRead, TagRead, ReaderState,
                   Fault]
