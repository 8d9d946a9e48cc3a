"""Secret Dictator's physical deck on the board (issue 14, BOARD.md "A physical deck is never
contradicted by a virtual one"), the adapter's ``deck`` part:

- **On a real board** (``physical_deck``, set by ``run``) the deck is the tiles the players
  hold, untracked; a tracked deck is refused there (``simulate`` deals from the seed).
- **The president's discard from the seat** when no law reader reads the tray: the president's
  press reads the two parties (in an order of this list's own, drawn by the table's private
  order from the game's secret seed, and every step naming a party as long as the longest,
  R16, issue 33) and "cancel" into the earphone; a press and a confirming press name the
  discarded law (ACCESSIBILITY.md 13-17).
  The table hears only the discard; the president hears privately which law went.
- **An agreed veto's two laws** read on the discard pile are taken into it quietly.
- **The tiles read survive a restart**: what the tray has read (the discard pile since the
  last reshuffle, the chancellor's discard, the law left to the chancellor after an
  enactment, an agreed veto's laws still to come) is journaled as a ``discards`` note
  whenever it changes, and a game rebuilt from the journal takes it back
  (:meth:`PhysicalDeck.restore`): a tile of the discard pile read again after a restart is
  the same tile, never a new lay nor a refusal naming its party (BOARD.md "Each reader has
  its own tiles", RULES.md R16).
"""

from __future__ import annotations

from typing import Any, Callable

from firmware_host.games.secret_dictator import Action, announce
from firmware_host.service.refusals import CommandRefused
from firmware_host.games.secret_dictator.board.common import log
from firmware_host.table.scanning import ScanItem

#: the parties a president may name for a discard, in the catalogue's order
DISCARD_PARTIES = ("democratic", "fascist")
#: the journal note of the tiles the tray has read (:meth:`PhysicalDeck.remember`)
NOTE = "discards"
#: the deck's memory with nothing read
EMPTY = {"discard_pile": [], "chancellor_discard": None, "discard_after": None, "vetoed_laws": 0}
#: the discard list's item per party, and its confirmation (``{"party": ...}``)
DISCARD_ITEM = "discard.scan.{}"
DISCARD_CONFIRM = "discard.scan.confirm"


class PhysicalDeck:
    """The adapter's ``deck`` (see the module): the discard pile as read, the chancellor's discard.

    :param board: the adapter it is part of (its game, settings, readers, scans and moves).
    """

    def __init__(self, board: Any) -> None:
        self.board = board
        self.discard_pile: set[tuple[str, int]] = set()   # law tiles discarded since the last reshuffle
        self.chancellor_discard: str | None = None
        self.discard_after: tuple[int, str | None] | None = None   # (chancellor, the law left) after an enactment
        self._vetoed_laws = 0                              # an agreed veto's laws still to reach the tray
        self._noted: dict = EMPTY                          # the memory as the journal holds it

    def forget(self) -> None:
        """A new game, an undo or a resume: the discard pile as read so far and a law left to
        the chancellor's tray are forgotten (a resumed game takes them back from the journal,
        :meth:`restore`)."""
        self.discard_pile = set()
        self.discard_after = None
        self._noted = EMPTY

    def memory(self) -> dict:
        """What the tray has read that a restart must not lose, as JSON: ``discard_pile`` (its
        tiles, ``[party, number]``, in a fixed order), ``chancellor_discard`` (a party or None),
        ``discard_after`` (``[chancellor, the law left or None]`` or None), ``vetoed_laws`` (an
        agreed veto's laws still to reach the tray, 0-2)."""
        return {"discard_pile": sorted(([p, n] for p, n in self.discard_pile), key=repr),
                "chancellor_discard": self.chancellor_discard,
                "discard_after": None if self.discard_after is None else list(self.discard_after),
                "vetoed_laws": self._vetoed_laws}

    def remember(self) -> None:
        """Journal the tray's memory (:meth:`memory`) as a ``discards`` note when it changed
        since it was last journaled (nothing without a game): after every law tile and every
        accepted move. Like the journal's actions, it names parties; it is never said."""
        memory = self.memory()
        if memory != self._noted and self.board.game is not None:
            self.board.moves.note({"note": NOTE, **memory})
            self._noted = memory

    def restore(self, entries: list) -> None:
        """A game rebuilt from the journal (a restart, an undo, an ended game brought back):
        the tray's memory of its last ``discards`` note, or nothing read where an undo
        followed it (an undo forgets the tray's memory, as in play; a new note follows the
        next tile). A note that does not read as one is nothing read.

        :param entries: the game's journal entries, ``(kind, body)`` in order
            (:meth:`~firmware_host.service.journal.Journal.entries`)."""
        memory = EMPTY
        for kind, body in entries:
            if kind == "undo":
                memory = EMPTY
            elif kind == "note" and body.get("note") == NOTE:
                memory = body
        pile, discard, after = memory.get("discard_pile"), memory.get("chancellor_discard"), \
            memory.get("discard_after")
        self.discard_pile = {(t[0], t[1]) for t in (pile if isinstance(pile, list) else ())
                             if isinstance(t, list) and len(t) == 2 and isinstance(t[0], str)
                             and t[0] in DISCARD_PARTIES and (t[1] is None or type(t[1]) is int)}
        self.chancellor_discard = discard if discard in DISCARD_PARTIES else None
        self.discard_after = (after[0], after[1]) if (isinstance(after, list) and len(after) == 2
                                                      and type(after[0]) is int
                                                      and after[1] in (*DISCARD_PARTIES, None)) else None
        vetoed = memory.get("vetoed_laws")
        self._vetoed_laws = vetoed if type(vetoed) is int and 0 <= vetoed <= 2 else 0
        self._noted = self.memory()

    def at_setup(self, obj: dict) -> None:
        """On a real board a setup without ``deck`` plays the physical deck, untracked, and a
        tracked one is refused; elsewhere ``"tracked"`` means dealt from the seed (SIMULATE.md).

        :param obj: the setup being prepared (changed in place).
        :raises CommandRefused: ``setup_deck_physical``.
        """
        deck = obj.get("deck")
        if not getattr(self.board.settings, "physical_deck", False):
            if deck == "tracked":
                obj.pop("deck")
            return
        if deck is None:
            obj["deck"] = "untracked"
        elif deck != "untracked":
            raise CommandRefused("setup_deck_physical", "setup: on a board the law deck is the physical one, "
                                 "untracked (a tracked deck is for simulate and replay)")

    def law_reader_working(self) -> bool:
        """True when a law reader is configured and connected: it reads the discards."""
        return self.board.faults.readers.get("law") is True

    def discard_by_seat(self, seat: int) -> bool:
        """A seat's press: with the untracked deck and no working law reader, the president's
        press in the legislative session starts the discard scan (a tracked deck repeats the hand).

        :returns: True when the press was taken for it (also when a correction blocks it).
        """
        game = self.board.game
        if (game is None or game.tracked or game.phase != "legislative_president" or seat != game.president
                or seat not in game.awaiting() or self.law_reader_working()):
            return False
        if not self.board.mirror.blocked("discard", seat):
            self._start_discard_scan(seat)
        return True

    def prompts(self, action: Any, items: list) -> list:
        """What an accepted move adds to the board's words: with the untracked deck and no
        working law reader, ``discard.prompt`` into the president's earphone after the table's
        ``legislative.president``."""
        game = self.board.game
        if (game is None or game.tracked or self.law_reader_working()
                or not any(a.key == "legislative.president" for a in items)):
            return []
        return [announce.make("discard.prompt", {}, f"seat:{game.president}")]

    def discard_items(self) -> list[ScanItem]:
        """The discard list's two parties in an order of this list's own (RULES.md R16, issue
        33): :meth:`~firmware_host.table.scans.SeatScans.private_order`, drawn afresh for every
        list from the game's secret seed (a simulation plays the same way twice; on a board
        from the system's randomness), never from what the table knows, so the time from the
        list's start to the president's press does not tell which law went."""
        scans = self.board.scans
        return scans.private_order([scans.item(party, DISCARD_ITEM.format(party)) for party in DISCARD_PARTIES])

    def discard_pad(self, seat: int) -> Callable[[str, str], float | None]:
        """The discard list's ``pad(kind, key)`` (the table's
        :meth:`~firmware_host.table.BoardAdapter.steps_pad`): every step that names a party
        (its item, said again, the confirmation asked for it and a pick's answer said at once,
        ACCESSIBILITY.md 16, 32) as long as the longest over both parties, in either wording, on
        ``seat``'s earphone (R16, issue 33): neither the list's pace nor the confirming press's
        moment tells which law the president named. None for the other steps, or without sound."""
        return self.board.steps_pad(seat, [[(DISCARD_ITEM.format(p), {}) for p in DISCARD_PARTIES],
                                           [(DISCARD_CONFIRM, {"party": p}) for p in DISCARD_PARTIES]])

    def _start_discard_scan(self, seat: int) -> None:
        """Read the parties and "cancel" into the president's earphone; a chosen party needs a
        confirming press, then the discard is taken (``discard`` with that party)."""
        def chosen(party: Any) -> None:
            game = self.board.game
            if (game is None or game.phase != "legislative_president" or game.president != seat
                    or self.board.mirror.blocked("discard", seat)):
                return
            # "put it on the discard pile and pass the other two on" ends before the table
            # tells the chancellor to act on those two laws (no stale instruction)
            self.board.accept(Action("discard", seat=seat, party=str(party)), answer_first=True,
                              answer=lambda: self.board.answer_act(seat, "discard.chosen", {"party": str(party)}))

        scans = self.board.scans
        self.board.scanning.open(seat, self.discard_items(), "discard", chosen,
                                 lambda item: scans.item(None, DISCARD_CONFIRM, {"party": item.value}),
                                 pad=self.discard_pad(seat))

    def follow(self, action: Any, events: list) -> None:
        """After an accepted action: the discard pile goes back into the draw pile at a
        reshuffle (R12); the chancellor's discard ends with the chancellor's turn, a law left
        for the tray with the session; an agreed veto sends two laws to the tray and a new
        session ends that."""
        game = self.board.game
        if any(e.kind == "reshuffled" for e in events):
            self.discard_pile = set()
        if game.phase != "legislative_chancellor":
            self.chancellor_discard = None
        if game.phase in ("legislative_president", "game_over") or action.kind == "discard":
            self.discard_after = None          # a new session: a tile in the tray is the president's
        if action.kind == "veto_reply" and action.accept:
            self._vetoed_laws = 2
        elif game.phase in ("legislative_president", "game_over"):
            self._vetoed_laws = 0

    def vetoed_law(self, tile: tuple) -> bool:
        """A law tile read when no discard is expected: True (taken quietly into the discard
        pile) when it is one of an agreed veto's laws."""
        if self._vetoed_laws <= 0:
            return False
        self._vetoed_laws -= 1
        self.discard_pile.add(tile)
        log.info("a vetoed law read on the discard pile")
        return True
