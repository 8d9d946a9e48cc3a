"""Tiles read again (BOARD.md "Each reader has its own tiles", RULES.md R16): a reader reads the
tile lying on it again (left there, lifted and put back, shown twice). Such a read is that same
tile, ignored and never answered, so that no refusal tells what the tile is; and a tile read
before the cue that asks its seat to act has begun in its earphone is no act yet (the seat does
not know its choices): it is ignored too, and counts when read again after. A game names the
move its tiles are read for, what a tile is (a hashable value) and which cue opens a kind's acts.

Example::

    rereads = Rereads()
    rereads.again("card", ("round", 3), (2, 7))     # False: the first read, remembered
    rereads.again("card", ("round", 3), (2, 7))     # True: read again in the same move
    rereads.opens("card", utterance)     # a card read before this has begun is no act (early)
"""

from __future__ import annotations

from typing import Any, Hashable


class Rereads:
    """The tiles read for each kind's move going on, and the cue each kind's acts wait for."""

    def __init__(self) -> None:
        self.forget()

    def forget(self) -> None:
        """A new game, an undo or a resume: no tile read before belongs to the move now, no cue
        is awaited."""
        self._read: dict[str, tuple[Hashable, set]] = {}     # kind -> (the move, the tiles read for it)
        self._opening: dict[str, Any] = {}                   # kind -> the Utterance its acts wait for

    def again(self, kind: str, move: Hashable, tile: Hashable) -> bool:
        """True when ``tile`` of ``kind`` was read already for ``move`` (any value that changes
        when the move does: a round, a step); else it is remembered as read for it.
        ``move`` None: no move of that kind is expected now; the tiles of its last move count."""
        last, seen = self._read.get(kind, (None, set()))
        if move is not None and move != last:
            last, seen = move, set()
        self._read[kind] = (last, seen)
        if tile in seen:
            return True
        seen.add(tile)
        return False

    def last_move(self, kind: str) -> Hashable | None:
        """The move the tiles of ``kind`` were last read for (None before any): with
        :meth:`again` True for a ``move`` of None, the tile was read for this one."""
        return self._read.get(kind, (None, set()))[0]

    def opens(self, kind: str, utterance: Any) -> None:
        """The acts of ``kind`` wait for ``utterance`` (an audio Utterance: a cue in the acting
        seat's earphone) to begin: a tile read before it is no act (:meth:`early`)."""
        self._opening[kind] = utterance

    def early(self, kind: str, tile: Hashable, voice: Any) -> bool:
        """True when a tile of ``kind`` is read before the cue that opens its acts has begun
        (:meth:`opens`): it is no act, and it is forgotten, so it counts when read again. False
        with no such cue, once it began or ended, or where the cue is no played clip in the
        seat's own earphone (``voice`` without earphones: a whisper station, a silent voice).

        :param voice: the service's voice (its ``has_earphones()``; assumed True without it).
        """
        cue = self._opening.get(kind)
        if (cue is None or cue.start is not None or cue.done()
                or not getattr(voice, "has_earphones", lambda: True)()):
            return False
        self._read.get(kind, (None, set()))[1].discard(tile)
        return True
