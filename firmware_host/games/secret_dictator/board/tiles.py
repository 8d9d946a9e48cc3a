"""Readers and tiles (BOARD.md "Each reader has its own tiles"): the board's one tile event,
a :class:`~firmware_host.hardware.events.TileRead`, of the kinds this game's pack declares
(``ballot``, ``law``, ``role``); a tile of another kind is refused neutrally, as every game
refuses one (:meth:`~firmware_host.table.faults.TableFaults.foreign_tile`)."""

from __future__ import annotations

import random
from typing import Any

from firmware_host.errors import UsageError
from firmware_host.games.secret_dictator import Action, Setup, deal, private_view
from firmware_host.games.secret_dictator.board.common import log
from firmware_host.table import describe_input
from firmware_host.table.rereads import Rereads
from firmware_host.games.secret_dictator.actions import BALLOTS, illegal


class Tiles:
    """The adapter's ``reads``: the role tiles of a role reading, and the tiles read for the
    move going on (so the same tag read again is that same tile: the kit's
    :class:`~firmware_host.table.rereads.Rereads`).

    :param board: the adapter it is part of (its game, speech, moves, mirror and deck).
    """

    def __init__(self, board: Any) -> None:
        self.board = board
        self.tiles: list[tuple[str, int]] | None = None   # role tiles read so far (None: no role reading)
        self.rereads = Rereads()
        self.forget()

    def forget(self) -> None:
        """A new game, an undo or a resume: no tile read before belongs to the move now."""
        self.rereads.forget()
        self.roles_quiet: set[tuple[str, int]] = set()   # role tiles just read: ignored until the first move
        self._wrong_last: tuple | None = None             # the last tile said to be at the wrong reader
        self._count: list = []            # what the table is still to hear of the last election's count
        self._count_reads = 0             # law tiles read since that count began
        self._counted: dict[tuple[int, str], object] = {}   # a ballot tile that counted -> its move

    def heard(self, said: list) -> None:
        """A move was said (``said``: the table speech's :class:`~firmware_host.table.speech.Said`
        of each line; after a restart, the hand said again): a law read before the chancellor's
        hand has begun in its earphone is no lay of the chancellor's (it does not know its laws
        yet) but the president's discard read again (lifted and put back): ignored, never
        answered, so the chancellor's earphone never names the party of the president's
        face-down discard (R16; :meth:`~firmware_host.table.rereads.Rereads.early`)."""
        for item in said:
            if item.lines and item.lines[0].get("key") == "hand.chancellor":
                self.rereads.opens("law", item.utterance)

    def counting(self, said: list) -> None:
        """An election has passed: ``said`` is what the table hears of its count (the
        Utterances of the vote's public lines, up to what follows it: the legislative session,
        or the Dictator elected and the game's end, R10). A law tile read before the table has
        heard them all gets one answer whatever the count's outcome (:meth:`_during_count`)."""
        self._count = list(said)
        self._count_reads = 0

    def count_pending(self) -> tuple:
        """What the table is still to hear of the last passed election's count (Utterances;
        empty once it has heard it all, or without sound): while it lasts, what a seat does
        is answered alike whatever the count's outcome (R16)."""
        self._count = [u for u in self._count if not u.done()]
        return tuple(self._count)

    def _during_count(self) -> tuple:
        """RULES.md R16 for a law read while the table hears an election's count: the tile
        is answered at once by the answer cue in the earphone of the seat that lays it (the
        first such law the president's, any later one the chancellor's, as a session goes on),
        in every deal alike; the sentence that names the law waits until the table has heard
        the count. Else a read during a count that ends the game (the nominee is the Dictator)
        would go unanswered while one that opens the session is said at once, and the
        president's earphone would tell the nominee's role before the table is told.

        :returns: what the answer's words wait for (empty when no count is being heard)."""
        game = self.board.game
        if not self.count_pending() or game is None:
            return ()
        self._count_reads += 1
        self.board.answer_cue(game.president if self._count_reads == 1 or game.chancellor is None else game.chancellor)
        return tuple(self._count)

    def replayed(self, game: Any, action: Any) -> None:
        """A journaled move rebuilt (a restart, an undo, an ended game brought back): a vote or
        a veto reply counts its seat's ballot tile as read for its election or reply
        (:meth:`read_again`), as it was when it was laid: read again after a restart it is
        that same tile, ignored, never refused as a second vote (BOARD.md "Each reader has its
        own tiles"). The move's key is the rebuilt ``game``'s after the action: the same
        election while votes are still awaited, else no ballot expected (the tiles of the
        last move count)."""
        tile = None
        if action.kind == "vote" and action.ballot in BALLOTS:
            tile = (action.seat, action.ballot)
        elif action.kind == "veto_reply" and isinstance(action.accept, bool):
            tile = (action.seat, "ja" if action.accept else "nein")
        if tile is not None:
            move = self._move_now("ballot", game)
            self.rereads.again("ballot", move, tile)
            self._counted[tile] = self.rereads.last_move("ballot")

    def ballot_again(self, event: Any) -> None:
        """A seat's ballot tile read again once it has counted (left in the box, laid again to
        be sure; :meth:`read_again`): still no second vote, but the seat's own act is
        answered (ACCESSIBILITY.md 26) by its vote said again in its own earphone only,
        "Your vote: Ja, counted", padded like every ballot's answer to one length whatever
        the vote (R16); the table hears nothing. A tile read again that has not counted (kept
        for after a correction, refused) stays unanswered, as before."""
        tile = (event.seat, event.value)
        if tile in self._counted and self._counted[tile] == self.rereads.last_move("ballot"):
            self.board.answer_act(event.seat, "tile.read.ballot.again", {"ballot": event.value})

    def _move_now(self, kind: str, game: Any = None) -> tuple | None:
        """The move tiles of ``kind`` are read for now: for a ballot this election, or the
        president's reply to this proposed veto (None when no ballot is expected); for a law
        the legislative session (the president's and the chancellor's discards are one move),
        else the phase as it is. ``game``: the game to ask (default the board's)."""
        game = self.board.game if game is None else game
        if game is None:
            return None
        base = (game.president, game.democratic_laws + game.fascist_laws, game.tracker)
        if kind == "law":
            phase = game.phase
            return ("legislative" if phase in ("legislative_president", "legislative_chancellor") else phase,
                    *base, game.power)
        if game.phase == "election":
            return ("election", game.nominee, *base)
        return ("veto_reply", game.chancellor, *base) if game.phase == "legislative_chancellor" and game.veto_pending \
            else None

    def read_again(self, event: Any) -> bool:
        """True when this tile was read already for the move going on (left on the reader,
        shown twice, read again): it is ignored, never answered, so no refusal tells what it is.
        A law in the discard pile (since the last R12 reshuffle) cannot be discarded again; a
        ballot counts once per election or veto reply; a role tile once, and is ignored until
        the first move. A held tile applied after a correction, or one shown while paused
        (refused, it counts when shown again), is no re-read."""
        if self.board.mirror.replaying_held or self.board.paused:
            return False          # paused: the tile is refused and counts when shown again after
        kind = event.kind
        tile = (event.seat, event.value) if kind == "ballot" else (event.value, event.number)
        if kind == "role" or (kind == "law" and tile in self.board.deck.discard_pile):
            again = tile in (set(self.tiles or ()) | self.roles_quiet if kind == "role" else {tile})
            if again:
                log.info("%s tile read again%s: ignored", kind, "" if kind == "role" else " (in the discard pile)")
            return again
        again = self.rereads.again(kind, self._move_now(kind), tile)
        if again:
            log.info("%s read again in the same move: ignored", describe_input(event))
        return again

    def _wrong_reader(self, event: Any, key: str, params: dict | None = None, seat: int | None = None) -> None:
        """A tile at a reader not its own, or a role tile nobody asked for: ``key`` names its
        kind, never which tile, and nothing changes; a ``fault`` line without the tile.
        ``seat``: the seat whose act it is (a ballot's own seat, the president or chancellor
        laying a law): the same words in its earphone at once (ACCESSIBILITY.md 26: one's own
        act answered within 1 s), while the table's notice waits its turn behind the table's
        news; they name no tile, so they tell nobody anything (R16)."""
        what, reader = f"{event.kind} tile", event.reader
        # the same tile read again at the same wrong reader in the same move: said once
        tile = (event.kind, reader, event.seat, event.value, event.number, self._move_now("ballot"),
                self._move_now("law"), len(self.tiles or ()))
        if tile == self._wrong_last and not self.board.paused:
            log.info("%s at the %s reader read again: ignored", what, reader)
            return
        self._wrong_last = tile
        if type(seat) is int:
            self.board.answer_act(seat, key, params or {})
        self.board.faults.refuse(f"{reader} reader", "wrong_reader", f"a {what}", key, params,
                                 listed=f"a {what} at the {reader} reader")

    def _law_layer(self) -> int | None:
        """The seat that lays a law tile now (the president in its legislative session, the
        chancellor in its own), or None when no law is asked for (who laid it is unknown)."""
        game = self.board.game
        if game is None:
            return None
        if game.phase == "legislative_president":
            return game.president
        return game.chancellor if game.phase == "legislative_chancellor" else None

    def on_ballot(self, event: Any) -> None:
        """A ballot tile (a seat's ``ja``/``nein``): a vote, or the president's veto reply; one
        of no seat is another game's tile, refused without naming it."""
        game = self.board.game
        if event.seat is None:
            self.board.faults.foreign_tile(event)
            return
        if event.reader != "ballot":
            self._wrong_reader(event, "tile.ballot_at_discard_pile", seat=event.seat)
            return
        if self.tiles is not None:
            self._wrong_reader(event, "roles.not_a_role_tile", {"seat": len(self.tiles)})
            return
        if game is None:
            return
        if self.read_again(event):
            self.ballot_again(event)
            return
        move, tile = self._move_now("ballot"), (event.seat, event.value)
        def answer() -> Any:
            return self.board.answer_act(event.seat, "tile.read.ballot", {"ballot": event.value})
        # a ballot tile lies in the box: during a correction it is kept and counts after it
        if game.phase == "legislative_chancellor" and game.veto_pending and event.seat == game.president:
            action = Action("veto_reply", seat=event.seat, accept=event.value == "ja")
            if action in game.legal_actions(event.seat) and self.board.mirror.blocked("veto_reply", event.seat, hold=event):
                return
            if self.board.accept(action, answer=answer):
                self._counted[tile] = move
            return
        action = Action("vote", seat=event.seat, ballot=event.value)
        if game.phase == "election":
            if self.board.mirror.held_seat(event.seat):      # another tile of the seat (the same one is a re-read)
                self.board.moves.refuse(illegal("already_voted", "vote: this seat's ballot is kept for after the correction"),
                            action)
                return
            if action in game.legal_actions(event.seat) and self.board.mirror.blocked("vote", event.seat, hold=event):
                return
        if self.board.accept(action, answer=answer):
            self._counted[tile] = move

    def on_law(self, event: Any) -> None:
        """A law tile (BOARD.md "Legislation", "Each reader has its own tiles"): at the tray,
        the president's discard, the chancellor's (before or after its enactment) or an agreed
        veto's laws; a tile of the discard pile or of this move read again is ignored; a law
        not in the seat's hand is refused in its earphone only; at another reader it is named
        neutrally. What the tray has read is then journaled (:meth:`.deck.PhysicalDeck.remember`)."""
        try:
            self._on_law(event)
        finally:
            self.board.deck.remember()

    def _on_law(self, event: Any) -> None:
        game = self.board.game
        if event.reader != "law":
            if self.tiles is not None:
                self._wrong_reader(event, "roles.not_a_role_tile", {"seat": len(self.tiles)})
            elif game is not None:
                self._wrong_reader(event, "tile.law_at_ballot_box", seat=self._law_layer())
            return
        if game is None or self.read_again(event):
            return
        if (game.phase == "legislative_chancellor" and not game.veto_pending
                and self.rereads.early("law", (event.value, event.number), self.board.service.voice)):
            log.info("a law read before the chancellor's hand was said: no lay of the chancellor's, ignored")
            return
        party, tile = event.value, (event.value, event.number)
        wait = self._during_count()
        if game.phase == "legislative_president":
            # the law lies in the tray: during a correction it is kept and counts after it
            action = Action("discard", seat=game.president, party=party)
            held = any(e.kind == "law" for e in self.board.mirror.held)
            # with the president's discard kept, the next tile in the tray is the chancellor's
            seat = game.chancellor if held else game.president
            if ((held or action in game.legal_actions(game.president))
                    and self.board.mirror.blocked("discard", seat, hold=event)):
                return
            if self.board.accept(action, answer=lambda: self.board.answer_act(action.seat, "tile.read.law",
                                                                              {"party": party}, after=wait)):
                self.board.deck.discard_pile.add(tile)
            return
        if game.phase == "legislative_chancellor" and not game.veto_pending:
            if game.tracked and party not in private_view(game, game.chancellor)["hand"]:
                self.board.moves.refuse(illegal("not_in_hand", "discard: that law is not in the chancellor's hand"),
                                  Action("discard", seat=game.chancellor, party=party))
                return
            self.board.deck.chancellor_discard = party
            self.board.deck.discard_pile.add(tile)
            log.info("chancellor's discard read")
            self.board.answer_act(game.chancellor, "tile.read.law", {"party": party}, after=wait)
            return
        if self.board.deck.discard_after is not None:
            seat, other = self.board.deck.discard_after
            if other is not None and party != other:
                self.board.moves.refuse(illegal("not_in_hand", "discard: that law is not the chancellor's other law"),
                                  Action("discard", seat=seat, party=party))
                return
            self.board.deck.discard_after = None
            self.board.deck.discard_pile.add(tile)
            log.info("chancellor's discard read after the enactment")
            # ACCESSIBILITY.md 26: the chancellor's own act, answered in its earphone as the
            # discard before the enactment is (padded to the longest of its kind, R16)
            self.board.answer_act(seat, "tile.read.law", {"party": party}, after=wait)
            return
        if self.board.deck.vetoed_law(tile):           # an agreed veto's laws on the discard pile
            return
        self.board.refuse_input("discard", "wrong_phase", f"no discard is expected now ({game.phase})",
                                "refusal.no_discard")
        if not self.board.mirror.problems():
            self.board.mirror.say_next_move()       # a refusal is followed by what the board waits for

    def on_role_tile(self, event: Any) -> None:
        """BOARD.md "Roles": each seat in turn presents its role tile at the ballot box; nothing
        of it is said publicly. Elsewhere, or unasked, it is named neutrally and changes nothing."""
        reading = self.tiles is not None and self.board.setup is not None
        if self.read_again(event):
            return
        if event.reader != "ballot":
            if reading:
                self._wrong_reader(event, "roles.present_tile", {"seat": len(self.tiles or ())})
            else:
                self._wrong_reader(event, "tile.role_not_asked")
            return
        if not reading:
            self._wrong_reader(event, "tile.role_not_asked")
            return
        assert self.tiles is not None and self.board.setup is not None
        seat = len(self.tiles)
        self.tiles.append((event.value, event.number))
        self.board.say("public", "roles.tile_read", {"seat": seat})
        self.board.answer_act(seat, "tile.read.role", {"role": event.value})
        if len(self.tiles) < self.board.setup.players:
            self.board.say("public", "roles.present_tile", {"seat": seat + 1})
            return
        roles = [r for r, _ in self.tiles]
        setup = self.board.setup
        try:
            _, deck = deal(setup.with_dealt(roles, setup.deck) if setup.deck is not None else setup,
                           random.Random(setup.seed))
            dealt = Setup.from_json({**setup.to_json(), "roles": roles,
                                     "deck": deck if isinstance(deck, str) else list(deck)})
        except UsageError as exc:
            # the detail never says which roles were read (R16): only that they do not fit
            log.info("role tiles do not fit the setup: %s", type(exc).__name__)
            self.board.service.fault("ballot reader", "role_tiles", "the role tiles read do not fit the player count (R2)")
            self.tiles = []
            self.board.say("public", "roles.present_tile", {"seat": 0})
            return
        self.board.say("public", "roles.complete", {})
        # the tiles just read are ignored if read again until the game's first move
        self.roles_quiet = set(self.tiles)
        # the same padded private prolog as a dealt game: team for fascists (R3), R17
        self.board.begin(dealt)
