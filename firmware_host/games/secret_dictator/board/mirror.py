"""The board as a mirror (BOARD.md principle 2): slots and tracker against the game,
corrections, held inputs, the next move: the adapter's ``mirror`` part."""

from __future__ import annotations

from typing import Any

from firmware_host.games.secret_dictator import Action, private_view
from firmware_host.games.secret_dictator.board.common import TARGET_POWERS, TRACK_SLOTS, log
from firmware_host.table import describe_input

#: phase -> whose move it is and what to do (:meth:`Mirror.next_move`), where one key says it
NEXT = {"nomination": "next.nominate", "legislative_president": "next.discard",
        "legislative_chancellor": "next.veto_reply", "chaos": "chaos.place_top_law"}


class Mirror:
    """The board's side (see the module): what lies in the slots, where the tracker pin is,
    the tile inputs kept during a correction and the mismatch said last.

    :param board: the adapter it is part of (its game, speech, moves and input dispatch).
    """

    def __init__(self, board: Any) -> None:
        self.board = board
        self.slots = {track: [False] * n for track, n in TRACK_SLOTS.items()}
        self.tracker: int | None = 0
        self.replaying_law = False                      # a kept law tile is being applied now
        self.replaying_held = False                     # a kept tile input is being applied now
        self.clear()

    def clear(self) -> None:
        """A game begins, ends or comes back: no correction is pending and nothing is held."""
        self.chaos_placement = False                    # a chaos law still to be placed
        self.tracker_asked = False                      # the engine moved the tracker: players were asked to follow
        self.said: tuple | None = None                  # the mismatch said last (key, params)
        self.held: list[Any] = []                       # tile inputs kept during a correction
        self.refused_slots: set[tuple[str, int]] = set()   # tiles whose enactment was refused
        self.stale_slots: set[tuple[str, int]] = set()  # tiles of an undone enactment
        #: seat -> the table's "your press was not taken" clips said for it (Utterances, or
        #: None without playback): dropped if not yet started once a press of the seat is taken
        self.not_taken: dict[int, list[Any]] = {}

    def settle(self, snap: Any) -> None:
        """The board's settled inputs at start (its ``snapshot()``; None: it has none): the
        law tiles in the slots and the tracker pin's hole."""
        if snap is not None:
            for track, filled in snap.slots.items():
                if track in self.slots:
                    self.slots[track] = list(filled)[:TRACK_SLOTS[track]]
            self.tracker = snap.peg

    def problems(self, *, asked: bool = False) -> list[tuple[str, dict]]:
        """What on the physical board disagrees with the engine, as (catalogue key, params),
        most urgent first; an enactment waiting in the next free slot is not a problem.

        After the engine moved the tracker itself (a failed election, chaos, R10/R9) the
        table was *asked* to move the pin (``tracker.moved``): the old hole is no mistake yet
        unless ``asked`` (an input that depends on the board arrived, :meth:`blocked`).
        A tile whose enactment was refused is named neutrally (``tile.check``; the chancellor
        hears privately what to do): its track would tell which party the chancellor does not
        hold (R16). Outside an enactment no tile belongs on a track (``tile.no_enactment``)."""
        game = self.board.game
        if game is None:
            return []
        out: list[tuple[str, dict]] = []
        for track, n in TRACK_SLOTS.items():
            laws, filled, pending = _laws(game, track), self.slots[track], self._enact_pending()
            for k in range(1, n + 1):
                if filled[k - 1] and k > laws:
                    if (track, k) in self.refused_slots:
                        out.append(("tile.check", {"seat": game.chancellor}))
                    elif (track, k) not in self.stale_slots and k == laws + 1 and pending:
                        continue
                    elif (track, k) not in self.stale_slots and not pending:
                        out.append(("tile.no_enactment", {"track": track, "slot": k}))
                    elif (track, k) not in self.stale_slots and laws < n and not filled[laws]:
                        out.append(("tile.wrong_slot", {"track": track, "slot": k, "expected": laws + 1}))
                    else:
                        out.append(("tile.unexpected", {"track": track, "slot": k}))
                elif not filled[k - 1] and k <= laws:
                    out.append(("chaos.place_top_law", {}) if self.chaos_placement and k == laws
                               else ("tile.removed", {"track": track, "slot": k}))
        if self.tracker == game.tracker:
            self.tracker_asked = False
        elif self.tracker_asked and not asked:
            pass                 # the players were asked to move the pin and have not yet: no correction
        elif self.tracker is None:
            out.append(("tracker.pin_missing", {"expected": game.tracker}))
        else:
            out.append(("tracker.wrong_hole", {"position": self.tracker, "expected": game.tracker}))
        return out

    def _enact_pending(self) -> bool:
        """A tile in the next free slot of a track is a move the engine waits for (the
        president's discard kept for after a correction: the law comes next)."""
        game = self.board.game
        return game is not None and (game.phase == "chaos" or (
            game.phase == "legislative_chancellor" and not game.veto_pending) or (
            game.phase == "legislative_president" and (self.replaying_law or any(e.kind == "law" for e in self.held))))

    def check(self, announce_change: bool) -> list[tuple[str, dict]]:
        """Say the first mismatch when it changed; when the board matches again after one,
        "correction done", then the held inputs and whose move it is (:meth:`after_correction`).

        :returns: the mismatches left (:meth:`problems`)."""
        problems = self.problems()
        first = problems[0] if problems else None
        said = (first[0], tuple(sorted(first[1].items()))) if first else None
        if announce_change and said != self.said:
            if first is not None:
                self.board.say("public", first[0], first[1])
                log.info("board mismatch: %s %s", first[0], first[1])
            elif self.said is not None:
                self.said = None
                self.board.say("public", "board.matches", {})
                log.info("board matches the game again")
                return self.after_correction()
        if announce_change or first is None:
            self.said = said
        return problems

    def after_correction(self) -> list[tuple[str, dict]]:
        """The board matches again (or after an undo): the tile inputs kept meanwhile count now
        (in the order they came), a law waiting in the next free slot is enacted, then the
        table hears whose move it is and what to do (BOARD.md principle 2: never lose an
        action)."""
        if self.board.paused:
            return self.problems()
        self._apply_held()
        if not self.problems():
            self._enact_waiting()
        problems = self.check(announce_change=True)
        if not problems:
            self.say_next_move()
        return problems

    def _apply_held(self) -> None:
        """The tile inputs kept during a correction, in the order they came (each one is
        kept again if the board disagrees anew)."""
        if self.board.paused or not self.held or self.problems():
            return
        held, self.held = self.held, []
        for event in held:
            log.info("held input applied: %s", describe_input(event))
            self.replaying_law, self.replaying_held = event.kind == "law", True
            try:
                self.board.handle_input(event)
            finally:
                self.replaying_law = self.replaying_held = False

    def blocked(self, what: str, seat: int | None = None, hold: Any = None) -> bool:
        """True (and said why) when no action may be accepted now: paused, or the board
        disagrees with the engine (BOARD.md principle 2: never lose an action).

        :param hold: a tile input (a ballot's or a law's ``TileRead``) to keep and apply once the
            board matches again (the tile lies in the box or tray: it counts after the fix);
            without it the input was a press: the seat hears it was not taken and to press
            again after the correction. A press of ``seat`` taken (False) drops the table's
            "your press was not taken" said for an earlier press of the seat and not yet
            started (it waited behind earlier public lines): the table never says a press was
            not taken while the seat's list, opened by a later press, runs (issue 31)."""
        if self.board.paused:
            self.board.refuse_input(what, "paused", "the game is paused", "gm.paused", seat)
            return True
        problems = self.problems(asked=True)
        if not problems:
            if seat is not None:
                self._drop_not_taken(seat)
            return False
        self.tracker_asked = False          # a pin left in the old hole is a correction now
        key, params = problems[0]
        held = " (held until the board matches)" if hold is not None else ""
        self.board.faults.refuse("board", "board_mismatch", f"{what}{held}: {key}", key, params, listed=key)
        self.said = (key, tuple(sorted(params.items())))
        if hold is not None:
            self.held.append(hold)
            self.board.say("public", "ballot.held" if what in ("vote", "veto_reply") else "discard.held",
                           {"seat": seat}, priority="refusal")
        elif seat is not None:
            said = self.board.say("public", "correction.press_again", {"seat": seat}, priority="refusal")
            self.not_taken.setdefault(seat, []).append(getattr(said, "utterance", None))
            # ACCESSIBILITY.md 26: the seat hears at once, in its own earphone, that its
            # press was not taken (the table's word waits for the correction it follows)
            self.board.say(f"seat:{seat}", "correction.press_again", {"seat": seat}, priority="refusal",
                           own_act=True)
        return True

    def _drop_not_taken(self, seat: int) -> None:
        """A press of ``seat`` is taken now: the table's "your press was not taken" said for
        an earlier press of the seat that has not started yet is dropped (its words would be
        false now); one playing or played is left as it is."""
        waiting = self.not_taken.pop(seat, None)
        voice = self.board.service.voice
        if not waiting or voice is None:
            return
        for utt in waiting:
            if utt is not None and getattr(utt, "start", 0.0) is None and not utt.done() and voice.cancel(utt):
                log.info("seat %d's press is taken: the table's earlier 'press was not taken' is dropped", seat)

    def held_seat(self, seat: int) -> bool:
        """A ballot of ``seat`` is already kept for after the correction."""
        return any(e.kind == "ballot" and e.seat == seat for e in self.held)

    def next_move(self) -> tuple[str, dict] | None:
        """Whose move it is and what to do, as (catalogue key, params); None when nobody
        acts (game over, no game)."""
        if self.board.reads.tiles is not None and self.board.setup is not None:
            return "roles.present_tile", {"seat": len(self.board.reads.tiles)}
        game = self.board.game
        phase = game.phase if game is not None else None
        if phase == "election":
            return "next.vote", {"waiting": list(game.awaiting())}
        if phase == "legislative_chancellor" and not game.veto_pending:
            return "next.enact", {"seat": game.chancellor}
        if phase == "power" and game.power in TARGET_POWERS:
            return "next.choose", {"seat": game.president, "power": game.power}
        key = "next.acknowledge" if phase == "power" and game.power in ("view_discard", "peek") else NEXT.get(phase)
        return None if key is None else (key, {} if phase == "chaos" else {"seat": game.president})

    def say_next_move(self, channel: str = "public") -> None:
        """Say :meth:`next_move` on ``channel``, if anybody acts (kept, so that the seat it
        asks to act can make it unsaid by acting first: :meth:`acted_first`)."""
        move = self.next_move()
        if move is not None:
            said = self.board.say(channel, move[0], move[1])
            self._next_said = [(move[1].get("seat"), getattr(said, "utterance", None))] + [
                (s, u) for s, u in getattr(self, "_next_said", []) if u is not None and not u.done()]

    def acted_first(self, seat: int) -> None:
        """``seat`` has done what the table's "Now: …" line asks it (its press opened its
        list) before that line was said (it waited behind the table's news, a chaos law's
        corrections): the line is dropped where it waits, so the table's cue never comes after
        the act it asks for, over the seat's list (issue 31). One already playing ends as is."""
        voice = self.board.service.voice
        keep = []
        for s, u in getattr(self, "_next_said", []):
            if u is None or u.done():
                continue
            if s == seat and getattr(u, "start", 0.0) is None and voice is not None and voice.cancel(u):
                log.info("the table's next-move line for seat %d dropped: the seat acted first", seat)
                continue
            keep.append((s, u))
        self._next_said = keep

    def reconcile(self) -> None:
        """After a slot change (or resume): an enactment (or untracked chaos law) if a tile
        arrived in the next free slot while one is expected, else the mirror check."""
        game = self.board.game
        if game is None:
            return
        if self.chaos_placement and all(self.slots[t][k] for t in TRACK_SLOTS for k in range(_laws(game, t))):
            self.chaos_placement = False
        if self.board.paused:
            if self._waiting_slot() is not None and not self.problems():
                self.board.refuse_input("enact", "paused", "the game is paused", "gm.paused")
                return
        elif not self.problems() and self.said is None:
            self._apply_held()
            self._enact_waiting()
        self.check(announce_change=True)

    def _waiting_slot(self) -> tuple[str, int] | None:
        """The (track, slot) of a tile in the next free slot while an enactment is expected."""
        game = self.board.game
        for track, n in TRACK_SLOTS.items() if game is not None and self._enact_pending() else ():
            laws = _laws(game, track)
            if laws < n and self.slots[track][laws] and not {(track, laws + 1)} & (self.refused_slots | self.stale_slots):
                return track, laws + 1
        return None

    def _enact_waiting(self) -> bool:
        """Enact the law lying in the next free slot (the chancellor's ``enact``, or after
        untracked chaos the ``chaos_law``). A refused enactment (a party not in the hand) is
        told privately to the chancellor with what to do; the table hears only a neutral
        ``tile.check`` (R16). :returns: True if a law was enacted."""
        game, waiting = self.board.game, self._waiting_slot()
        if game is None or waiting is None:
            return False
        track, slot = waiting
        chancellor = game.chancellor
        if game.phase == "chaos":
            ok = self.board.accept(Action("chaos_law", party=track))
        else:
            hand = list(private_view(game, chancellor)["hand"] or []) if type(chancellor) is int else []
            discarded_first = self.board.deck.chancellor_discard is not None
            ok = self.board.accept(Action("enact", seat=chancellor, party=track))
            if ok and not discarded_first:
                # SIMULATE.md: the chancellor may drop the other law in the tray after placing
                # the enacted one; that tile is the same move, not a new discard
                if track in hand:
                    hand.remove(track)
                self.board.deck.discard_after = (chancellor, hand[0] if len(hand) == 1 else None)
                self.board.deck.remember()
        if not ok:
            self.refused_slots.add((track, slot))
            if type(chancellor) is int:
                self.board.say(f"seat:{chancellor}", "tile.take_back", {"track": track})
        return ok

    def follow(self, action: Any, events: list) -> None:
        """After an accepted action: a chaos law (R9) the table is asked to lay and a tracker
        move (R10) it is asked to follow (``tracker.moved``) are no mistake of the board yet."""
        if any(e.kind == "law_enacted" and e.data.get("by") == "chaos" for e in events) and action.kind != "chaos_law":
            self.chaos_placement = True
        if any(e.kind == "tracker" for e in events) and self.tracker != self.board.game.tracker:
            self.tracker_asked = True

    def undone_enactment(self) -> None:
        """An enactment was undone: its tile still lies in the slot after each track's last
        law and must come off (BOARD.md principle 2: a ``tile.unexpected`` correction)."""
        for track, n in TRACK_SLOTS.items():
            laws = _laws(self.board.game, track)
            if laws < n and self.slots[track][laws]:
                self.stale_slots.add((track, laws + 1))

    def on_slot(self, event: Any) -> None:
        """A law slot filled or emptied (``SlotChanged``): the mirror reconciled."""
        if event.track not in self.slots or not 1 <= event.slot <= TRACK_SLOTS[event.track]:
            return
        self.slots[event.track][event.slot - 1] = bool(event.filled)
        if not event.filled:
            self.refused_slots.discard((event.track, event.slot))
        self.reconcile()

    def on_tracker(self, event: Any) -> None:
        """The tracker pin moved (the board's ``PegMoved``): the mirror checked."""
        self.tracker = event.position
        self.check(announce_change=True)


def _laws(game: Any, track: str) -> int:
    """The laws the engine has on ``track``."""
    return game.democratic_laws if track == "democratic" else game.fascist_laws
