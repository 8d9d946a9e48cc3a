"""Secret Dictator's physical deck on the board (issue 14, BOARD.md "A physical deck is never
contradicted by a virtual one").

A part of :class:`~firmware_host.games.secret_dictator.board.game.SecretDictatorGame` (its
``deck``, owning its state):

- **The deck on a real board** (``ServiceSettings.physical_deck``, set by ``run``): a setup
  without ``deck`` plays the physical deck, untracked (the engine counts laws, the players
  hold and feel the tiles); a tracked, seeded deck is refused there, since it would speak
  hands the physical tiles do not follow. ``simulate`` keeps SIMULATE.md's default (dealt
  from the seed).
- **The president's discard from the seat** with the physical deck when no law reader reads
  it (none configured, or unplugged): the president's press in the legislative session reads the two parties and
  "cancel" into the president's earphone (ACCESSIBILITY.md 13-17), a press picks the party of
  the law put on the discard pile, a second press confirms it (``discard.scan.confirm``; a
  wrong press costs nothing, ACCESSIBILITY.md 16). The two parties come in an order drawn
  anew for every scan, so the moment of the press tells an onlooker nothing (R16). Only the
  discard itself is announced at the table (``legislative.chancellor``); the president hears
  privately, padded, which law went (``discard.chosen``). After the table hears that the
  president draws, the president hears to press (``discard.prompt``). With a law reader the tile in the
  tray is the discard (:meth:`.tiles.Tiles.on_law`) and a press repeats, as before.
- **An agreed veto's two laws** go onto the discard pile: with a law reader the tray reads
  them; they are that veto's laws, taken quietly into the discard pile (never a refusal),
  until the next legislative session.
"""

from __future__ import annotations

import random
from typing import Any

from firmware_host.games.secret_dictator import Action, announce
from firmware_host.service.refusals import CommandRefused
from firmware_host.games.secret_dictator.board.common import log

#: the parties a president may name for a discard, in the catalogue's order
DISCARD_PARTIES = ("democratic", "fascist")


class PhysicalDeck:
    """The physical deck's part of the Secret Dictator board adapter (see the module), its
    ``deck``: it owns the discard pile as the readers saw it and the chancellor's discard.

    :param board: the adapter it is part of (its game, settings, readers, scans and moves).
    """

    def __init__(self, board: Any) -> None:
        self.board = board
        self.discard_pile: set[tuple[str, int]] = set()   # law tiles discarded since the last reshuffle
        self.chancellor_discard: str | None = None
        self.discard_after: tuple[int, str | None] | None = None   # (chancellor, the law left) after an enactment
        self._vetoed_laws = 0                              # an agreed veto's laws still to reach the tray
        self._discard_scans = 0                            # discard scans so far (their order's seed)

    def forget(self) -> None:
        """A new game, an undo or a resume: the discard pile as read so far is forgotten."""
        self.discard_pile = set()

    # ------------------------------------------------------------------ the deck at setup
    def at_setup(self, obj: dict) -> None:
        """BOARD.md "A physical deck is never contradicted by a virtual one": on a real board
        (``physical_deck``, set by ``run``) a setup without ``deck`` plays the physical deck,
        untracked; a tracked deck (``"tracked"`` or an order) is refused there. Elsewhere
        (``simulate``, tests) ``"tracked"`` means dealt from the seed (SIMULATE.md).

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

    # ------------------------------------------------------------------ the discard by scanning
    def law_reader_working(self) -> bool:
        """True when a law reader is configured and connected: it reads the discards."""
        return self.board.table_faults.readers.get("law") is True

    def discard_by_seat(self, seat: int) -> bool:
        """The hook of a seat's press (:meth:`_on_ButtonGesture`): with the physical
        (untracked) deck, the president's press in the legislative session starts the discard
        scan when no law reader reads the tray. (A tracked deck is virtual: simulate and
        replay, where the president's press repeats the hand heard.)

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
        """The hook of what an accepted move makes the board say (:meth:`_announcements`):
        with the physical deck and no working law reader, the president hears in the earphone,
        after the table's ``legislative.president``, to press and name the discard's party
        (``discard.prompt``; nothing secret in it)."""
        game = self.board.game
        if (game is None or game.tracked or self.law_reader_working()
                or not any(a.key == "legislative.president" for a in items)):
            return []
        return [announce.make("discard.prompt", {}, f"seat:{game.president}")]

    def _discard_order(self, seat: int) -> list[str]:
        """The two parties in this scan's order: drawn from the game's seed, the session and
        the scans started in it (so a simulation plays the same way twice, and no player can
        know the order: the seed is never said, R16)."""
        game = self.board.game
        assert game is not None
        self._discard_scans = self._discard_scans + 1
        seed = self.board.setup.seed if self.board.setup is not None else None
        rng = random.Random(f"{seed}/discard/{game.democratic_laws}/{game.fascist_laws}/{game.draw_n}"
                            f"/{seat}/{self._discard_scans}")
        order = list(DISCARD_PARTIES)
        rng.shuffle(order)
        return order

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
            self.board.accept(Action("discard", seat=seat, party=str(party)), confirm=("discard.chosen", {"party": str(party)}),
                        confirm_first=True)

        scanning = self.board.scanning
        scanning.open(seat, [scanning.item(party, f"discard.scan.{party}") for party in self._discard_order(seat)],
                      "discard", chosen, lambda item: scanning.confirm_pair("discard.scan.confirm", {"party": item.value}))

    # ------------------------------------------------------------------ an agreed veto's laws
    def note_law_tray(self, action: Any) -> None:
        """The hook after an accepted action (:meth:`_after_accept`): an agreed veto sends two
        laws to the discard pile (the tray may read them); a new session ends that."""
        game = self.board.game
        if action.kind == "veto_reply" and action.accept:
            self._vetoed_laws = 2
        elif game is None or game.phase in ("legislative_president", "game_over"):
            self._vetoed_laws = 0

    def vetoed_law(self, tile: tuple) -> bool:
        """The hook of a law tile read when no discard is expected (:meth:`.tiles.Tiles.on_law`):
        True (taken quietly into the discard pile) when it is one of an agreed veto's laws."""
        if self._vetoed_laws <= 0:
            return False
        self._vetoed_laws -= 1
        self.discard_pile.add(tile)
        log.info("a vetoed law read on the discard pile")
        return True
