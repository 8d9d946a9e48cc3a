"""*In this way I become a DICTATOR* on the board: what a press means in each step, the
morning, the role cards, the status and the padded private clips (DICTATOR.md D30-D37), on
the table every game shares (:class:`firmware_host.table.BoardAdapter`: speech, padding,
scans, seat settings, journal, game-master commands, faults, the console's picture).

- **Scanning** (D33-D36, ACCESSIBILITY.md 13-17): a seat that must act presses its button and
  hears the choices in its own earphone; a press picks the item just heard. Several seats
  may choose at once. Open votes: the other seats with their votes, then "confirm".
  Discard-vote step: "vote today" / "discard-vote", then every seat, then the cards of the
  hand (the pledge), then "confirm". Day 5: "vote" / "discard-vote", the seats, "confirm".
  Night: the cards of the hand one at a time (a pledged card is already chosen), "confirm".
  Every list ends with "cancel"; every final choice needs the confirming press (16).
- **Only counts at the table** in a secret step ("decided: three of six"); a choice is
  confirmed only in the seat's earphone, padded to the length of any choice it could have
  been (:mod:`.padding`, D28); a refusal in a secret step goes only to that earphone (D37).
- **Role cards on the tray** (D30): a seat's enrolled role card (tag registry ``[cards.N]``)
  laid on the tray reader (:data:`TRAY_READER`) at night is a drop, confirmed padded in its
  earphone; one that cannot be taken is refused there naming no card; a card read again is
  ignored; an unknown tag or another game's tile is refused at the table unnamed.
- **Morning** (D32): "Day N, morning: discussion"; noon begins once every seat has pressed
  "ready" (the table hears each, ``morning.ready``), or the game master ends it (the
  game-master key, ``end_morning``). No timer by default (ACCESSIBILITY.md 11):
  ``[become_dictator] morning_seconds`` or the setup's ``morning_seconds`` set one (180-1800 s,
  the printed 3 minutes up to tenfold) with a spoken one-minute warning, and a seat's press in
  its last minute gives it another minute (``morning.extended``).
- **Status** (D31): hold: the public status, then the seat's hand, pledge and choice, in its
  earphone. An idle press repeats (or gives the status, ``[service] idle_press``).
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Any, Callable

from firmware_host.service.refusals import CommandRefused
from firmware_host.table import BoardAdapter, Line, Words

from . import announce, catalogue, padding
from .engine import Action, Event, Game, IllegalAction
from .rules import DROPS, NAME, ROLES, Setup
from .views import private_view, public_view, state_json

log = logging.getLogger("firmware_host.service")

__all__ = ["BecomeDictatorGame", "MORNING_SECONDS", "TRAY_READER"]

#: D5, D32: the printed discussion time, seconds (the shortest timer a table may set)
MORNING_SECONDS = 180.0
#: D32: what the table hears of a morning (the table's wait, :mod:`firmware_host.table.ready`)
MORNING_KEYS = {"ready": ("morning.ready", ("seat", "count", "total")), "warning": ("morning.warning", ()),
                "extended": ("morning.extended", ("seat",))}
#: the longest morning a setup may ask for (ten times the printed one, ACCESSIBILITY.md 11)
MAX_MORNING_SECONDS = 1800.0
#: D30: the reader at the tray, where role cards are laid face down at night
TRAY_READER = "law"


@dataclasses.dataclass
class _Choosing:
    """A seat's choice being built by scanning (before its action is accepted)."""

    stage: str = "start"                 # start, target, pledge, confirm
    kind: str | None = None              # vote, discard_vote, no_discard_vote, drop
    target: int | None = None
    pledge: str | None = None
    drops: list[str] = dataclasses.field(default_factory=list)
    cards: set[str] = dataclasses.field(default_factory=set)   # role cards read at the tray (D30)


class BecomeDictatorGame(BoardAdapter):
    """This game's side of the board service (see the module docstring).

    :param service: the :class:`~firmware_host.service.core.BoardService` it runs in.
    """

    NAME = NAME
    IllegalAction, ENGINE, ACTION = IllegalAction, Game, Action
    ACTS = ("vote", "discard_vote", "no_discard_vote", "drop")
    #: D32: the morning's timer (0: none, the default of ``[become_dictator] morning_seconds``)
    SETUP_SECONDS = {"morning_seconds": (0.0, MORNING_SECONDS, MAX_MORNING_SECONDS, True)}
    TILES = {"card": "on_card"}
    STATE_JSON = state_json

    def __init__(self, service: Any) -> None:
        super().__init__(service)
        self._after_morning: list = []           # announcements held until the morning ends
        self._last_move: tuple | None = None     # the last step of a rebuild from the journal (its action, events)
        self.choosing: dict[int, _Choosing] = {}

    @staticmethod
    def plan_values(key: str, name: str, players: int) -> list | None:
        """The speech plan's values (issue 31: a seat's picks answered from the cache on a fresh
        board): a role card (D2), a seat's votes in a list of seats (D3, D7: at most every
        other seat's vote on each of the five days), the table's count."""
        if name == "role":
            return list(ROLES)
        if name == "votes" and key == "scan.seat":      # a list's item ("Seat 2, three") and its pick's answer
            return list(range(5 * (players - 1) + 1))
        return [players] if name == "players" else None

    # ======================================================================= hooks: rules
    def make_words(self) -> Words:
        return Words(catalogue.text, catalogue.keys(), catalogue.is_private, check=catalogue._check_params,
                     catalogue=catalogue.CATALOGUE)

    def rules_setup(self, obj: dict) -> Setup:
        return Setup.from_json(obj)

    def public_view(self) -> dict | None:
        morning = self.wait.view()
        return {**public_view(self.game), "morning": morning and {**morning, "day": self.wait.tag}}

    def secrets_of(self, seat: int) -> dict:
        view = private_view(self.game, seat)
        return {k: view[k] for k in ("hand", "pledge", "choice")}

    def status_step(self) -> str:
        return f"day {self.game.day} {'morning' if self.wait.running else self.game.phase}"

    # ======================================================================= hooks: padding
    def has_secret(self, line: Line, seat: int) -> bool:
        return self.words.is_private(line.key) and padding.has_secret(
            line.key, dict(line.params), seat, self.game.players, self.game.phase)

    def longest_stand_in(self, line: Line, seat: int, seconds: Callable) -> tuple[str, dict] | None:
        return padding.longest_stand_in(line.key, dict(line.params), seat, self.game.players,
                                        self.game.phase, seconds)

    # ======================================================================= hooks: words
    def announce_refusal(self, exc: IllegalAction, action: Action) -> None:
        self.speech.say_all(announce.refusal(exc, action, self.game), after=self.speech.last_public)

    def step_lines(self) -> list:
        game = self.game
        items = announce.announcements(None, [Event(
            "phase", {"phase": game.phase, "day": game.day, "waiting": list(game.awaiting())})], game)
        if game.is_secret_step():
            n = game.players
            items.append(announce.make("decided.count", {"count": n - len(game.awaiting()), "total": n}))
        return items

    def status_lines(self, seat: int | None) -> list:
        return announce.status(self.game, None) if seat is None else super().status_lines(seat)

    def status_layers(self, seat: int) -> list[list]:
        """D31 in layers (:func:`announce.status_layers`, ACCESSIBILITY.md 29); during a
        morning (D32) what is open is its "ready", not noon's step."""
        morning = (self.wait.ready, self.wait.seats) if self.wait.running else None
        return announce.status_layers(self.game, seat, morning)

    def story_lines(self) -> list:
        """After the game: the reckoning (D35) again, every seat's final role and votes."""
        return announce.reckoning(self.game)

    def announce(self, action: Action | None, events: list) -> None:
        """Say what ``events`` caused. A new morning (D32) holds everything after its
        announcement until the morning ends; the start's hand sentence is said to every seat
        padded to one length, and the morning's lines only after it (the table's cue to press
        "ready" never talks over the hands, so a press on that cue cuts no hand; issue 31)."""
        items = announce.announcements(action, events, self.game)
        opening = [a for a in items if a.key == "hand.start"]
        items = [a for a in items if a.key != "hand.start"]
        morning = next((i for i, a in enumerate(items) if a.key == "day.morning"), None)
        if morning is None:
            self.speech.say_all(items)
            if any(e.kind in ("phase", "discard_votes", "game_over") for e in events):
                self._end_scans(keep=set(self.game.awaiting()))
            return
        head = items[:morning + 1]
        self._after_morning = items[morning + 1:]          # said when the morning ends
        hands: list = []
        if opening:
            said = self.speech.say_all([a for a in head if a.key == "game.started"])
            # the kit's prolog: a seat's press or hold during its hand cuts it with the answer
            # cue, and it is said again whole (issue 31); the morning waits for it
            hands = self.say_prolog(opening, after=[s.utterance for s in said if s.utterance is not None])
            head = [a for a in head if a.key != "game.started"]
        # the morning's cue to press "ready" only once every hand has been said in the seats'
        # earphones (one length for every seat): a press on the cue never cuts the seat's own
        # hand (issue 31); at a whisper station the hands are visits, which the table never waits for
        self.speech.say_all(head, after=hands if self.earphones() else ())

    def follow(self, action: Action | None, events: list) -> None:
        if action is None:
            self.choosing = {}
        self.choosing.pop(getattr(action, "seat", None), None)
        self._enter_morning(events)

    # ======================================================================= the morning (D32)
    def _enter_morning(self, events: list) -> None:
        """A ``day`` event begins a morning, the table's :attr:`wait` for every seat's "ready":
        it is set before any line of it is written, so every console snapshot of the new day
        shows the morning."""
        game = self.game
        if game is None or not any(e.kind == "day" for e in events):
            return
        self._end_scans()
        self._after_morning = []
        seconds = self.seconds("morning_seconds")
        self.wait.begin(range(game.players), seconds, tag=game.day, keys=MORNING_KEYS)
        log.info("morning of day %d: %s", game.day, f"{seconds:.0f} s" if seconds else "no timer")

    def wait_ended(self, reason: str) -> None:
        """The morning is over (every seat ready, its timer, the game master): "Morning over",
        then what the morning held (the step's announcement)."""
        self.say("public", "morning.over", {"day": self.wait.tag})
        held, self._after_morning = self._after_morning, []
        self.speech.say_all(held)

    def stopping(self) -> None:
        self.choosing = {}

    def resumed(self) -> None:
        if not self.wait.running:
            self.say_step()

    def replayed(self, game: Game, action: Action | None, events: list) -> None:
        """Each step of the game rebuilt from the journal: the last one is kept (its action
        and events), so a game that comes back knows whether its last move began a morning."""
        self._last_move = (action, list(events))

    def rebuilt(self) -> None:
        self.choosing = {}

    def restarted(self, untold: bool) -> None:
        """The game came back with a seat's move in it (a restart after a power cut, the game
        master's undo of its end): a game whose last move began a day comes back in that day's
        morning (D32), not at noon: a restart never ends the table's discussion by itself. The
        morning is as the journal kept it (:meth:`journaled_wait`): the seats that had said
        "ready" are ready again, and a morning that had ended stays over; the night's outcome
        and the morning's line are said again (public lines only), and noon's step held until
        the morning ends. Otherwise (or when the last move was just told: ``untold``, its
        morning begun as it was told) whose move it is, unless a morning runs."""
        last = self._last_move
        game = self.game
        if (not untold and not self.wait.running and last is not None and game is not None
                and game.phase != "game_over" and any(e.kind == "day" for e in last[1])
                and not self.journaled_wait(game.day)[1]):
            action, events = last
            items = announce.announcements(action, events, game)
            morning = next(i for i, a in enumerate(items) if a.key == "day.morning")
            self._enter_morning(events)
            self.wait.restore(self.journaled_wait(game.day)[0])
            head = [a for a in items[:morning] if a.channel == "public" and a.key.startswith("night.")]
            self.speech.say_all(head + [items[morning]])
            self._after_morning = items[morning + 1:]
            log.info("the game came back in the morning of day %d", game.day)
            return
        if not self.wait.running:
            self.say_step()

    def before_act(self, action: Action) -> None:
        self.wait.end()                   # the game master acts for a seat: the morning is over

    def extra_commands(self) -> dict:
        def end_morning(**_: Any) -> dict:
            if not self.wait.end():
                raise CommandRefused("refused", "no morning is running", detail="no morning is running")
            return {"ok": True}
        return {"end_morning": end_morning}

    # ======================================================================= presses (D33-D36)
    def on_press(self, seat: int) -> bool:
        game = self.game
        if self.wait.running:                 # the morning: "ready", or another minute (D32)
            return self.wait.press(seat)
        if seat not in game.awaiting():
            return False
        state = self.choosing.setdefault(seat, _Choosing())
        if game.phase == "vote":
            state.kind, state.stage = "vote", "target"
        elif state.stage == "start" and game.phase in ("discard_vote", "final_vote"):
            if game.phase == "discard_vote":
                options = [("no_discard_vote", "scan.option.vote_today"), ("discard_vote", "scan.option.discard_vote")]
            else:
                options = [("vote", "scan.option.vote"), ("discard_vote", "scan.option.discard_vote")]
            self._scan(seat, "scan.vote_or_discard", [self.scans.item(k, key, {}) for k, key in options],
                       lambda kind: self._picked_kind(seat, kind))
            return True
        elif game.phase == "night":
            pledge = game.pledges[seat]
            if pledge is not None and pledge not in state.drops:
                state.drops.append(pledge)
                self.say(f"seat:{seat}", "choice.pledge_dropped", {"pledge": pledge})
        self._next_stage(seat)
        return True

    def _picked_kind(self, seat: int, kind: str) -> None:
        state = self.choosing.setdefault(seat, _Choosing())
        if kind == "no_discard_vote":
            self._confirm(seat, "scan.confirm.no_discard_vote", {}, Action("no_discard_vote", seat))
            return
        state.kind, state.stage = kind, "target"
        self._next_stage(seat)

    def _next_stage(self, seat: int) -> None:
        """The next list of a choice, after a pick (no extra press needed)."""
        game = self.game
        if game is None or seat not in game.awaiting():
            return
        state = self.choosing.setdefault(seat, _Choosing())
        hand = list(game.hands[seat])
        if game.phase == "night":
            count = DROPS[game.day]
            if len(state.drops) < count:
                def dropped(role: str) -> None:
                    state.drops.append(role)
                    self._next_stage(seat)
                self._scan(seat, "scan.choose_drop", self._cards(seat, [r for r in hand if r not in state.drops]),
                           dropped, {"count": count - len(state.drops)}, pad=self._card_pad(seat))
                return
            drops = [r for r in hand if r in state.drops]
            self._confirm(seat, "scan.confirm.drop", {"drop": drops}, Action("drop", seat, roles=tuple(drops)))
            return
        if state.stage == "target":
            targets = [t for t in range(game.players) if state.kind == "discard_vote" or t != seat]

            def targeted(t: int) -> None:
                state.target = t
                state.stage = "pledge" if game.phase == "discard_vote" else "confirm"
                self._next_stage(seat)
            self._scan(seat, "scan.choose_target", [self._seat_item(t) for t in targets], targeted)
            return
        if state.stage == "pledge":
            def pledged(role: str) -> None:
                state.pledge, state.stage = role, "confirm"
                self._next_stage(seat)
            self._scan(seat, "scan.choose_pledge", self._cards(seat, hand), pledged, pad=self._card_pad(seat))
            return
        if game.phase == "discard_vote":
            self._confirm(seat, "scan.confirm.discard_vote", {"target": state.target, "pledge": state.pledge},
                          Action("discard_vote", seat, state.target, state.pledge))
        elif state.kind == "vote":
            self._confirm(seat, "scan.confirm.vote", {"target": state.target}, Action("vote", seat, state.target))
        else:
            self._confirm(seat, "scan.confirm.final_discard_vote", {"target": state.target},
                          Action("discard_vote", seat, state.target))

    def _confirm(self, seat: int, key: str, params: dict, action: Action) -> None:
        """The confirming press before a final choice (ACCESSIBILITY.md 16); where it names
        secret cards (a night's drop, a discard-vote's target and pledge, D28) it lasts as
        long as it would naming any cards of that count and any seat (issue 33): how long the
        seat listens tells nobody what it chose."""
        stand_ins = padding.confirm_stand_ins(key, params, self.game.players)
        pad = self.templates_pad(seat, key, stand_ins) if padding.carries_secret(stand_ins) else None
        self._scan(seat, None, [self.scans.item("confirm", key, params)], lambda _: self._submit(action), pad=pad)

    def _submit(self, action: Action) -> None:
        if not self.paused:
            self.accept(action)

    def _cards(self, seat: int, roles: list[str]) -> list:
        """The items of a secret choice among ``roles`` of ``seat``'s hand (a night's drop, a
        pledge), in an order of their own for this list (issue 33): the time from the list's
        start to the press must not tell which card was picked."""
        return self.scans.private_order([self.scans.item(r, "scan.card", {"role": r}) for r in roles])

    def _card_pad(self, seat: int) -> Callable[[str, str], float | None]:
        """Every card item as long as the longest role's (D28, issue 33), whatever the hand."""
        return self.items_pad(seat, "scan.card", [{"role": r} for r in ROLES])

    def _seat_item(self, seat: int) -> Any:
        return self.scans.item(seat, "scan.seat", {"seat": seat, "votes": self.game.votes[seat]})

    def _scan(self, seat: int, intro: str | None, items: list, chosen: Callable[[Any], None],
              intro_params: dict | None = None, pad: Callable[[str, str], float | None] | None = None) -> None:
        """A scan of ``items`` (then "cancel", which starts the seat's choice again)."""
        def cancelled() -> None:
            self.choosing.pop(seat, None)
            self.say(f"seat:{seat}", "scan.cancelled", {})

        self.scans.start(seat, items, chosen, intro=(intro, intro_params or {}) if intro else None,
                         cancelled=cancelled, purpose=intro or "confirm", pad=pad)

    def _end_scans(self, keep: set[int] = frozenset()) -> None:
        self.scans.end(keep=keep)
        for seat in [s for s in self.choosing if s not in keep]:
            self.choosing.pop(seat)

    # ======================================================================= role cards (D30)
    def on_card(self, event: Any) -> None:
        """A seat's role card read by a reader (D30): at night, on the tray reader, a card to
        drop; anything else is refused without naming the card (see the module docstring)."""
        seat, card = event.seat, event.value
        game = self.game
        source = f"{event.reader} reader"
        if game is None or card not in ROLES or type(seat) is not int or not 0 <= seat < game.players:
            self.faults.foreign_tile(event)
            return
        if event.reader != TRAY_READER:
            self._card_refused(seat, source, "card.wrong_reader")
            return
        state = self.choosing.get(seat)
        chosen = game.choice_of(seat)
        if (state is not None and card in state.cards) or (
                game.phase == "night" and chosen is not None and chosen.kind == "drop" and card in chosen.roles):
            log.info("seat %d's card read again: the same card, ignored (BOARD.md)", seat)
            return
        if self.paused or self.wait.running or game.phase != "night" or seat not in game.awaiting():
            self._card_refused(seat, source, "card.not_now")
            return
        if card not in game.hands[seat]:
            self._card_refused(seat, source, "refusal.not_in_hand")
            return
        state = self.choosing.setdefault(seat, _Choosing())
        count, pledge, said = DROPS[game.day], game.pledges[seat], []
        if pledge is not None and pledge not in state.drops:
            state.drops.append(pledge)
            if card != pledge:
                said.append(announce.make("choice.pledge_dropped", {"pledge": pledge}, f"seat:{seat}"))
        if card not in state.drops:
            if len(state.drops) >= count:
                self._card_refused(seat, source, "card.enough")
                return
            state.drops.append(card)
        state.cards.add(card)
        scanning = self.scans.get(seat) is not None
        self.scans.end(seat)
        complete = len(state.drops) >= count
        said.append(announce.make("card.taken.last" if complete else "card.taken.more", {"role": card}, f"seat:{seat}"))
        log.info("seat %d: a role card taken from the tray", seat)
        self.speech.say_all(said)
        if complete or scanning:
            self._next_stage(seat)          # "confirm", or the list of the cards left

    def _card_refused(self, seat: int, source: str, key: str) -> None:
        """A role card that cannot be taken: a ``fault`` line and the reason in the seat's own
        earphone only, naming no card (D30, D37)."""
        reason = key.split(".", 1)[1]
        self.faults.list({"kind": "rejected", "reason": reason, "action": "drop"})
        self.service.fault(source, reason, f"seat {seat + 1}'s card")
        self.say(f"seat:{seat}", key, {"seat": seat} if key.startswith("refusal.") else {}, priority="refusal")
