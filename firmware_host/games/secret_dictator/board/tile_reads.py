"""The board's one tile event as Secret Dictator's own reads (BOARD.md "Each reader has its own
tiles"): the board reports every registered tile as a ``TileRead`` (reader, kind, value, seat,
tag, number) of a kind some game declares; this game reads the kinds its pack declares
(:data:`firmware_host.games.secret_dictator.pack.tile_kinds`): ``ballot``, ``law`` and ``role``.
"""

from __future__ import annotations

import dataclasses
from typing import Any


@dataclasses.dataclass(frozen=True)
class BallotRead:
    """A seat's ballot tile (``ja``/``nein``, R8) at ``reader``: a ``TileRead`` of kind ``ballot``."""

    seat: int
    ballot: str
    at: float = 0.0
    reader: str = "ballot"


@dataclasses.dataclass(frozen=True)
class LawRead:
    """Law tile ``tile`` (1-based within ``party``, R4) at ``reader``: a ``TileRead`` of kind ``law``."""

    party: str
    tile: int
    at: float = 0.0
    reader: str = "law"


@dataclasses.dataclass(frozen=True)
class RoleTileRead:
    """Role tile ``tile`` of ``role`` at ``reader`` (BOARD.md "Roles"): a ``TileRead`` of kind
    ``role``. Never announce it: it is a secret (R16)."""

    role: str
    tile: int
    at: float = 0.0
    reader: str = "ballot"


def typed_read(event: Any) -> Any:
    """A board ``TileRead`` as this game's read of its kind (:class:`BallotRead`,
    :class:`LawRead`, :class:`RoleTileRead`), or None for a kind this game does not read
    (another game's tile)."""
    if event.kind == "ballot" and event.seat is not None:
        return BallotRead(event.seat, event.value, at=event.at, reader=event.reader)
    if event.kind == "law":
        return LawRead(event.value, event.number, at=event.at, reader=event.reader)
    if event.kind == "role":
        return RoleTileRead(event.value, event.number, at=event.at, reader=event.reader)
    return None


def refuse_foreign(service: Any, event: Any) -> None:
    """A tile of a kind this game does not read (another game's): refused at the table in the
    board's words without naming it, as every game refuses one (a ``fault`` line, spoken)."""
    service.fault(f"{event.reader} reader", "not_this_game", "a tile that is not used in this game",
                  key="tile.not_this_game")
