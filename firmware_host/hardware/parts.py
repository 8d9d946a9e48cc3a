"""The board's GPIO parts a game plays on, as the games' packs declare them.

Besides the seat buttons and the game-master key (every game's), the board has parts that only
some games use (BOARD.md "Reference build"): rows of slots with a reed switch under each
(:class:`Track`: a tile in a slot closes it) and a peg moved between holes with a contact in
each (:class:`Peg`). The hardware names neither by a game: a track is named by its
``[slots]`` key in ``board.toml``, the peg's holes are the ``[peg]`` section. A game's pack
declares the tracks it plays on (``GamePack.tracks``) and its peg (``GamePack.peg``), and the
board config's checks and the simulator's ``slot`` and peg signals take them from there, as the
tag registry takes the tiles from the packs' ``tile_kinds``
(:func:`~firmware_host.hardware.tags.registered_kinds`).
"""

from __future__ import annotations

import dataclasses

from firmware_host.errors import FirmwareHostError

__all__ = ["Track", "Peg", "PartError", "registered_tracks", "registered_peg", "registered_readers"]


class PartError(FirmwareHostError, ValueError):
    """Two games declare one track or the peg differently."""


@dataclasses.dataclass(frozen=True)
class Track:
    """A row of slots a game places tiles in: ``name`` (the ``[slots]`` key of ``board.toml``
    and the simulator's ``slot`` signal's ``track``) and ``slots`` (how many, slot 1 first)."""

    name: str
    slots: int


@dataclasses.dataclass(frozen=True)
class Peg:
    """The peg moved between holes: ``holes`` (how many contacts, positions 0 to holes-1, the
    ``[peg] holes`` of ``board.toml``) and ``signal`` (the simulator's signal that moves it,
    SIMULATE.md, with its ``position``)."""

    holes: int
    signal: str


def _packs() -> list:
    from firmware_host.kernel import games

    return [games.pack(name) for name in games.names()]


def registered_tracks() -> dict[str, int]:
    """Every registered game's tracks: name → slots, in the packs' order.

    :raises PartError: two games declare one track with different numbers of slots."""
    found: dict[str, int] = {}
    for pack in _packs():
        for track in pack.tracks:
            if found.setdefault(track.name, track.slots) != track.slots:
                raise PartError(f"track {track.name!r} is declared with {found[track.name]} and {track.slots} slots")
    return found


def registered_peg() -> Peg | None:
    """The peg the registered games play with (None: no game uses one).

    :raises PartError: two games declare it differently."""
    pegs = {pack.peg for pack in _packs() if pack.peg is not None}
    if len(pegs) > 1:
        raise PartError(f"the peg is declared differently: {sorted(map(repr, pegs))}")
    return next(iter(pegs), None)


def registered_readers() -> tuple[str, ...]:
    """The readers the registered games' tiles go to (their tile kinds' ``reader``), sorted:
    the reader names ``board.toml`` may configure."""
    from firmware_host.hardware.tags import registered_kinds

    return tuple(sorted({kind.reader for kind in registered_kinds()}))
