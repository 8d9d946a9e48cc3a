"""*Autocracy* on the board (AUTOCRACY.md A31-A44): the board is the dice and the bank, every
choice is made by scanning in the chooser's own earphone, and every attacked seat is asked the
same question for the same time; built on the table every game shares
(:class:`firmware_host.table.BoardAdapter`: speech, padding, scans, seat settings, journal,
game-master commands, faults, the console's picture).

- **Setup** (A31): the Mentors are said at the table seat by seat, then each seat's first Coup
  Bas in its earphone, every seat at once and for the same time (padded to the longest deal
  there could be, so the table's next line comes at the same moment whatever was dealt); "every seat has its Coup Bas"
  after the last private clip, then "seat N begins". The Mentors and the pile are drawn from the
  setup's seed (the board draws one when the setup has none) and journaled in the setup.
- **The dice** (A32): "roll" then "confirm"; the board draws the faces from the game's own
  roll sequence (:func:`roll_sequence`, from the seed) and journals them in the ``roll`` line;
  the faces and gains at the table, the kinds drawn after them in the seat's earphone, padded.
- **The turn menu** (A36): the current seat presses and hears "roll", "exchange with the
  reserve", "exchange with a player", "buy a Coup Bas", "attack", "status", "cancel": the same
  items for every seat; an item not allowed now is answered in its earphone with the reason and
  the menu starts again. Exchanges (A37, A38): the rows it can use now in the direction they go,
  the counts, "confirm"; with a player: the seats with their tokens, the rows both can make, the
  counts, "offer"; the partner's earphone hears the offer and "accept", "decline"; the offering
  seat's press withdraws it. Buying (A39), attacking (A40) likewise, each ending in "confirm".
  After an exchange, a purchase, an answered offer or an attack's result the seat's menu
  starts again by itself (the turn goes on until the roll).
- **The counter window** (A41): when the table's attack announcement and the private prompt have
  both ended, the asked seat hears two items of the same length, "counter with X" and "let it
  pass" when it holds X, "let it pass" twice when not, then "cancel", which says the prompt
  again; a Corruption against a Nationalisation or a Révolte then lists the seats it may name.
  No time limit by default (``counter_seconds`` sets one, 30 s or more: "let it pass" at its
  end); the answer is announced at the table no earlier than ``hold_seconds`` (default 5 s)
  after the window opened, the same for every answer; meanwhile no press of another seat acts.
- **Status** (A34): hold: the short public status, the long one, then the seat's hand (padded);
  an idle press repeats. **Results** (A42), **refusals** (A43: ``not_held`` only in the seat's
  earphone) and **the end** (A44: every seat's tokens and hand, publicly) as
  :mod:`.announce` words them.
- **Padding** (A30): every private clip naming a kind lasts as long as its longest variant (each
  kind at its longest); the counter window's items are padded to the longer of the two.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from typing import Any, Callable

from firmware_host.table import BoardAdapter, Line, Words
from firmware_host.table.padding import longest_of

from . import announce, catalogue
from .engine import ACTION_KINDS, Action, Game, IllegalAction
from .rules import ANSWERS, ATTACK_DOMAINS, DOMAINS, GAME, KINDS, ROWS, Setup, deal, roll
from .views import private_view, public_view, state_json

log = logging.getLogger("firmware_host.service")

#: the value of an attack list's item for a kind the seat cannot attack with now (issue 33)
_NONE = "none"

__all__ = ["AutocracyGame", "HOLD_SECONDS", "MIN_COUNTER_SECONDS", "roll_sequence", "board_setup",
           "next_seed"]

#: A41: the answer is announced no earlier than this after the window opened (default)
HOLD_SECONDS = 5.0
#: A41: a counter window's time limit, when a table sets one, is at least this
MIN_COUNTER_SECONDS = 30.0
#: ... and at most this (ten times the shortest and more: ACCESSIBILITY.md 11)
MAX_COUNTER_SECONDS = 3600.0
#: the keys whose params name kinds in a seat's earphone (A30: padded to the longest variant)
_KIND_KEYS = frozenset({"deal.trick", "bought.drawn", "drawn", "espionnage.took",
                        "espionnage.lost", "status.private", "status.private.more"})
#: the counter window's list items (A41): padded to one length
_WINDOW_KEYS = frozenset({"scan.counter", "scan.pass"})


def roll_sequence(seed: int) -> random.Random:
    """The board's dice for a game of ``seed``: the rolls are drawn from this source one after
    another, one draw per die (``rules.roll``), so a script knows the faces the board will
    roll (and a resumed game draws on after the rolls of its journal)."""
    return random.Random(f"autocracy-dice-{seed}")


def next_seed(seed: int, games: int) -> int:
    """The seed of a deal from the seats: the board's ``seed`` mixed with the number of games
    the board's journal holds (each game from the seats a new deal)."""
    return (seed * 1_000_003 + games) % 2 ** 31


def board_setup(obj: dict, seed: int | None) -> Setup:
    """The rules' setup of a board game: ``obj`` (without ``game``) validated, the Mentors and
    the pile drawn from its seed, or from ``seed`` (the board's) when it has none.

    :raises SetupError: the setup is unusable (one line).
    """
    obj = dict(obj)
    if obj.get("seed") is None:
        obj["seed"] = seed if seed is not None else random.SystemRandom().randrange(2 ** 31)
    setup = Setup.from_json({**obj, "game": GAME})
    return setup.with_dealt(*deal(setup))


@dataclasses.dataclass
class _Window:
    """A counter window (A41): the asked seat, when it opened (clock seconds), its prompt."""

    seat: int
    opened: float | None = None
    prompt: list = dataclasses.field(default_factory=list)


def end_parts(lines: list[tuple[str, dict]]) -> list[list[tuple[str, dict]]]:
    """The end's lines (A44, (key, params)) as the story's parts: the winner, then each
    seat's tokens and hand as a part of its own (ACCESSIBILITY.md 30)."""
    seats = sorted({p["seat"] for key, p in lines if key != "win"})
    return [[line for line in lines if line[0] == "win"]] + [
        [line for line in lines if line[0] != "win" and line[1]["seat"] == seat] for seat in seats]


class AutocracyGame(BoardAdapter):
    """This game's side of the board service (see the module docstring).

    :param service: the :class:`~firmware_host.service.core.BoardService` it runs in.
    """

    NAME = GAME
    IllegalAction = IllegalAction
    ACTS = ACTION_KINDS
    #: A41: ``hold_seconds`` (0-60, default 5), ``counter_seconds`` (0 = no time limit, the
    #: default, or 30-3600 s)
    SETUP_SECONDS = {"hold_seconds": (HOLD_SECONDS, 0.0, 60.0, False),
                     "counter_seconds": (0.0, MIN_COUNTER_SECONDS, MAX_COUNTER_SECONDS, True)}
    STATE_JSON = state_json
    #: A29: the Coup Bas pile's order and the seed it was drawn from are hidden until the end
    SECRET_SETUP_KEYS = ("trick_pile", "seed")

    #: the exchange lists' items and their confirmation (A11), listed by :meth:`plan_uses`
    EXCHANGE_KEYS = ("scan.trade", "scan.count", "scan.confirm.exchange")

    def plan_uses(self, key: str, players: int) -> Any:
        """The speech plan's exchanges (issue 31: a seat's picks answered from the cache on a
        fresh board): every exchange along a row (A11) at the game's rates, up and down, one
        of the higher domain (a row's item) or up to all the box holds of it (a count, its
        confirmation); None for every other key (the plan's own listing)."""
        if key not in self.EXCHANGE_KEYS or self.setup is None:
            return super().plan_uses(key, players)
        uses = []
        for high, low in ROWS.items():
            rate = int(self.setup.exchange[high])
            most = 1 if key == "scan.trade" else max(1, int(self.setup.reserve[high]))
            for count in range(1, most + 1):
                uses.append((None, {"gave": {low: rate * count}, "got": {high: count}}))
                uses.append((None, {"gave": {high: count}, "got": {low: rate * count}}))
        return uses

    def __init__(self, service: Any) -> None:
        super().__init__(service)
        self.dice: random.Random | None = None
        self.window: _Window | None = None
        self.offer: dict | None = None          # {"seat", "partner", "action"}

    # ======================================================================= hooks: rules
    def make_words(self) -> Words:
        return Words(catalogue.text, catalogue.keys(), catalogue.is_private,
                     check=catalogue._check_params, catalogue=catalogue.CATALOGUE)

    def rules_setup(self, obj: dict) -> Setup:
        """The rules' setup, its Mentors and pile drawn (:func:`board_setup`); a setup from the
        seats (``"deal": "board"``, :mod:`.lobby`) has them drawn from the board's seed and the
        number of the game on this board, so the next game from the seats is a new deal (A4,
        A5), still reproducible."""
        obj = dict(obj)
        if obj.pop("deal", None) == "board" and obj.get("seed") is not None and "mentors" not in obj:
            last = self.service.journal.last_game()
            obj["seed"] = next_seed(int(obj["seed"]), 0 if last is None else last.id)
        return board_setup(obj, getattr(self.service, "setup_seed", None))

    def new_game(self, setup: Setup) -> Game:
        return Game(setup)

    def action_from_json(self, obj: dict) -> Action:
        """The action of a journal line or of the game master's ``act``; a roll without dice
        (the console's) is the board's roll (A32): the next faces of the game's sequence."""
        action = Action.from_json(obj)
        if action.kind == "roll" and action.dice is None and self.game is not None:
            if self.dice is None:
                self._dice_from_journal()
            action = Action("roll", action.seat, dice=tuple(tuple(f) for f in roll(self.game.setup, self.dice)))
        return action

    def public_view(self) -> dict | None:
        view = public_view(self.game)
        view["window"] = None if self.window is None else {"seat": self.window.seat}
        view["offer"] = None if self.offer is None else {
            "seat": self.offer["seat"], "partner": self.offer["partner"]}
        return view

    def story_lines(self) -> list:
        """After the game (ACCESSIBILITY.md 30): the end (A44) again, the winner, every seat's
        tokens and hand."""
        game = self.game
        return announce.the_end(game.winner, game.tokens, game.hands, earcon=None)

    def story_parts(self) -> list[list[tuple[str, dict]]]:
        """The end again in short parts, one per press (A44, ACCESSIBILITY.md 30, issue 31): the
        winner, then each seat's tokens and hand as a part of its own (a whole end at six seats
        is more than a minute of speech in one earphone)."""
        return end_parts([(a.key, dict(a.params)) for a in self.story_lines()])

    def secrets_of(self, seat: int) -> dict:
        """The seat's hand for the game master's reveal (its private view)."""
        return {"hand": private_view(self.game, seat)["hand"]}

    def status_step(self) -> str:
        return f"round {self.game.round} {self.game.phase}"

    # ======================================================================= hooks: padding
    def has_secret(self, line: Line, seat: int) -> bool:
        return line.key in _KIND_KEYS or line.key in _WINDOW_KEYS

    def longest_stand_in(self, line: Line, seat: int, seconds: Callable) -> tuple[str, dict] | None:
        """A30: the same message with every kind it names at the longest kind (and a counter
        window's item at the longer of its two items)."""
        params = dict(line.params)
        if line.key in _WINDOW_KEYS:
            trick = self._window_trick()
            options = [("scan.counter", {"trick": trick}), ("scan.pass", {})]
        else:
            options = [(line.key, _with_kind(line.key, params, k)) for k in KINDS]
        return longest_of([(key, {name: [value] for name, value in p.items()}) for key, p in options], seconds)

    def _window_trick(self) -> str:
        att = self.game.attack if self.game is not None else None
        if att is None:
            return "corruption"
        return "corruption" if att["redirect"] is not None else ANSWERS[att["trick"]]

    # ======================================================================= hooks: words
    def announce_refusal(self, exc: IllegalAction, action: Action) -> None:
        self.speech.say_all([announce.refusal(exc, getattr(action, "seat", None),
                                              self.game.players)], after=self.speech.last_public)

    def step_lines(self) -> list:
        game = self.game
        if game.phase == "counter":
            return [announce.ask(game)]
        return [announce.make("turn", {"round": game.round, "seat": game.current})]

    def public_status(self) -> list:
        """A34: for the game master's key the public status at the table, a line a clip
        (whose turn, every seat's tokens, the reserve, the pile)."""
        game = self.game
        now = (announce.make("status.now.turn", {"seat": game.current}) if game.phase != "game_over"
               else announce.make("status.now.over", {}))
        return [now] + [announce.make(a.key, a.params) for a in announce.status_layers(game, game.current)[2]]

    def status_layers(self, seat: int) -> list[list]:
        """A34 in layers (:func:`announce.status_layers`, ACCESSIBILITY.md 29)."""
        return announce.status_layers(self.game, seat)

    def announce(self, action: Action | None, events: list) -> None:
        """Say what ``events`` caused, in order; the start's Coup Bas padded to every seat at
        once; an answer in a counter window held until the hold time (A41); a new counter
        window opened once its prompt has played."""
        game = self.game
        items: list[Line] = []
        for event in events:
            items += announce.for_event(game, event)
        if action is None:
            self._opening(items)
            return
        if action.kind in ("counter", "no_counter") and self.window is not None:
            self._answered(items)
            return
        said = self._say(items)
        if action.kind in ("exchange", "buy") and game.phase == "exchanges":
            self._menu_after(said, game.current)

    def _opening(self, items: list[Line]) -> None:
        """A31: the Mentors at the table, each seat's Coup Bas at once and padded, then "every
        seat has its Coup Bas" and the first turn."""
        deal_at = next(i for i, a in enumerate(items) if a.key == "deal.trick")
        head = [a for a in items[:deal_at]]
        deals = [a for a in items if a.key == "deal.trick"]
        rest = [a for a in items[deal_at:] if a.key != "deal.trick"]
        said = self.speech.say_all(head)
        # each seat's clip starts when the Mentors have been said, and lasts as long as the
        # longest deal could (every kind at its longest, A30): the same for every seat and
        # every deal, so nothing at the table moves with the kinds dealt
        # the kit's prolog (one clip per seat, all at once): a seat's press or hold during its
        # Coup Bas cuts it with the answer cue, and it is said again whole (issue 31)
        dealt = self.say_prolog(deals, after=[s.utterance for s in said if s.utterance is not None],
                                minimum_seconds=self.prolog_pad(deals))
        self._say(rest, after=dealt)

    def _say(self, items: list[Line], after: Any = ()) -> list:
        """Say ``items``; a counter window opens once its prompt (``ask.*``) has played.
        Returns the utterances said (empty without playback)."""
        ask = next((i for i, a in enumerate(items) if a.key.startswith("ask.")), None)
        if ask is None:
            return [s.utterance for s in self.speech.say_all(items, after=after) if s.utterance is not None]
        said = self.speech.say_all(items[:ask + 1], after=after)
        rest = self.speech.say_all(items[ask + 1:], after=[s.utterance for s in said])
        prompt = items[ask]
        seat = int(prompt.channel[5:])
        self.window = _Window(seat, prompt=[prompt])
        utterances = [s.utterance for s in said if s.utterance is not None]
        self.speech.when_played(utterances, lambda: self._open_window(seat))
        return utterances + [s.utterance for s in rest if s.utterance is not None]

    def _menu_after(self, utterances: list, seat: int) -> None:
        """The turn goes on (after an exchange, a purchase, an offer answered, an attack
        resolved): the seat's turn menu again once what was said has played."""
        def again() -> None:
            if self.scans.get(seat) is None and self.window is None and self.offer is None \
                    and not self.timers.pending("held"):
                self._menu_again(seat)
        self.speech.when_played(utterances, again)

    # ======================================================================= the counter window (A41)
    def _open_window(self, seat: int) -> None:
        window, game = self.window, self.game
        if window is None or window.seat != seat or game is None or game.phase != "counter" \
                or seat not in game.awaiting() or self.paused:
            return
        if window.opened is None:
            window.opened = self.service.clock.now()
            limit = self.seconds("counter_seconds")
            if limit:
                self.timers.after(limit, lambda: self._window_timeout(seat), "window")
        self._window_scan(seat)

    def _window_scan(self, seat: int) -> None:
        game = self.game
        want = self._window_trick()
        holds = want in game.hands[seat]
        if holds:
            items = [self.scans.item("counter", "scan.counter", {"trick": want}),
                     self.scans.item("pass", "scan.pass", {})]
        else:
            items = [self.scans.item("pass", "scan.pass", {}), self.scans.item("pass", "scan.pass", {})]

        def chosen(value: str) -> None:
            if value == "pass":
                self._noted(seat)
                self._submit(Action("no_counter", seat))
            elif game.attack is not None and game.attack["redirect"] is None and want == "corruption":
                self._redirect_scan(seat)
            else:
                self._noted(seat)
                self._submit(Action("counter", seat, trick=want))

        def cancelled() -> None:                  # "cancel" says the prompt again (A41)
            if self.window is not None and self.window.seat == seat:
                said = self.speech.say_all(self.window.prompt)
                self.speech.when_played([s.utterance for s in said], lambda: self._open_window(seat))

        self.scans.start(seat, items, chosen, cancelled=cancelled, purpose="counter", pad=self._window_pad(seat))

    def _window_pad(self, seat: int) -> Callable[[str, str], float | None]:
        """The scans' ``pad``: a counter window's items (A41) each last as long as the longest
        item that could stand in their place (``longest_stand_in``), in either wording, so
        nothing in the seat's earphone moves with the attack or the seat's cards."""
        channel = f"seat:{seat}"

        def pad(kind: str, key: str) -> float | None:
            if key not in _WINDOW_KEYS or self.game is None:
                return None
            line = self.speech.line(channel, key, {"trick": self._window_trick()} if key == "scan.counter" else {})
            return None if line is None else self._pad(channel, [line], {k: True for k in _WINDOW_KEYS}, None)
        return pad

    def _redirect_scan(self, seat: int) -> None:
        att = self.game.attack
        targets = [t for t in range(self.game.players) if t not in (seat, att["seat"])]
        items = [self.scans.item(t, "scan.redirect", {"seat": t}) for t in targets]
        def named(t: int) -> None:
            self._noted(seat)
            self._submit(Action("counter", seat, trick="corruption", target=t))
        self.scans.start(seat, items, named, cancelled=lambda: self._window_scan(seat), purpose="redirect")

    def _window_timeout(self, seat: int) -> None:
        window = self.window
        if window is None or window.seat != seat or self.paused:
            return
        self.scans.end(seat)
        self._submit(Action("no_counter", seat))

    def _answered(self, items: list[Line]) -> None:
        """The answer (and what follows from it) is said no earlier than the hold time after
        the window opened (A41), the same for every answer."""
        window = self.window
        self.window = None
        self.timers.cancel("window")
        hold = self.seconds("hold_seconds")
        wait = 0.0 if window.opened is None else window.opened + hold - self.service.clock.now()
        def said(items: list) -> None:
            utterances = self._say(items)
            game = self.game
            if game is not None and game.phase == "roll":
                self._menu_after(utterances, game.current)

        if wait <= 0:
            said(items)
        else:
            self.timers.after(wait, lambda: said(items), "held")

    # ======================================================================= presses (A36-A41)
    def on_press(self, seat: int) -> bool:
        game = self.game
        if self.timers.pending("held"):
            return False                       # an answer is being held (A41)
        if self.offer is not None:
            if seat == self.offer["seat"]:
                self._withdraw()
                return True
            return False
        if self.window is not None:
            if seat == self.window.seat and self.window.opened is not None:
                self._window_scan(seat)
                return True
            return False
        if game.phase == "counter" or seat != game.current:
            return False
        self._menu(seat)
        return True

    def _menu(self, seat: int) -> None:
        items = [self.scans.item(v, f"menu.{v}", {}) for v in
                 ("roll", "exchange_reserve", "exchange_player", "buy", "attack", "status")]

        def confirm(item: Any) -> Any:
            """"Roll" is confirmed in the menu itself (A32, ACCESSIBILITY.md 16, 32): its pick is
            answered at once by "Confirm: roll", whose press rolls and whose "back" brings the
            menu back, with no undo window first (the confirmation is the seat's chance to take
            it back; every turn ends with it, so a turn is as short as the rules allow)."""
            return (self.scans.item("confirm", "scan.confirm.roll", {}), None) if item.value == "roll" else None

        self.scans.start(seat, items, lambda v: self._picked(seat, v), intro=("menu.turn", {}),
                         cancelled=lambda: None, purpose="menu.turn", confirm=confirm)

    def _refused(self, seat: int, reason: str) -> None:
        """A36: an item not allowed now: the reason in the seat's earphone, the menu again."""
        said = self.speech.say_all([announce.make("menu.refused", {"reason": reason}, f"seat:{seat}")])
        self.speech.when_played([s.utterance for s in said], lambda: self._menu_again(seat))

    def _menu_again(self, seat: int) -> None:
        game = self.game
        if game is not None and game.phase in ("turn", "exchanges", "roll") and game.current == seat:
            self._menu(seat)

    def _picked(self, seat: int, value: str) -> None:
        game = self.game
        if value == "status":
            self.say_status(seat)
            return
        if value == "roll":          # confirmed in the menu (:meth:`_menu`)
            self.say(f"seat:{seat}", "scan.chosen", {})
            self._roll(seat)
            return
        if value in ("exchange_reserve", "exchange_player", "buy") and game.phase == "roll":
            self._refused(seat, "already_attacked")
            return
        if value == "exchange_reserve":
            options = [o for o in game.exchange_options(seat) if o[2] is None]
            if not options:
                self._refused(seat, "reserve_short" if any(
                    game.tokens[seat][low] >= 1 for low in DOMAINS) else "short")
                return
            self._rows(seat, options, None)
        elif value == "exchange_player":
            options = [o for o in game.exchange_options(seat) if o[2] is not None]
            partners = sorted({o[2] for o in options})
            if not partners:
                self._refused(seat, "short")
                return
            items = [self.scans.item(p, "scan.partner", {"seat": p, "tokens": _nonzero(game.tokens[p]),
                                                         "held": len(game.hands[p])}) for p in partners]
            self.scans.start(seat, items, lambda p: self._rows(seat, [o for o in options if o[2] == p], p),
                             cancelled=lambda: self._menu(seat), purpose="partner")
        elif value == "buy":
            if game.bought:
                self._refused(seat, "already_bought")
            elif not game.can_buy(seat):
                self._refused(seat, "reserve_short" if not game.pile else "short")
            else:
                self._confirm(seat, "scan.confirm.buy", {"price": dict(game.setup.trick_price)},
                              lambda: self._submit(Action("buy", seat)))
        elif value == "attack":
            self._attack_menu(seat)

    def _rows(self, seat: int, options: list, partner: int | None) -> None:
        """A37/A38: the rows in the direction they can go, then the counts, then confirm or offer."""
        game = self.game

        def amounts(give: str, get: str, count: int) -> tuple[dict, dict]:
            gives, gets = game.exchange_amounts(give, get, count)
            return {give: gives}, {get: gets}

        items = []
        for give, get, p, most in options:
            gave, got = amounts(give, get, 1)
            items.append(self.scans.item((give, get, most), "scan.trade", {"gave": gave, "got": got}))

        def row_chosen(value: tuple) -> None:
            give, get, most = value
            counts = []
            for c in range(1, most + 1):
                gave, got = amounts(give, get, c)
                counts.append(self.scans.item((give, get, c), "scan.count", {"gave": gave, "got": got}))
            self.scans.start(seat, counts, count_chosen, cancelled=lambda: self._menu(seat), purpose="count")

        def count_chosen(value: tuple) -> None:
            give, get, c = value
            gave, got = amounts(give, get, c)
            action = Action("exchange", seat, give=give, get=get, count=c, partner=partner)
            if partner is None:
                self._confirm(seat, "scan.confirm.exchange", {"gave": gave, "got": got},
                              lambda: self._submit(action))
            else:
                self._confirm(seat, "scan.confirm.offer", {"partner": partner, "gave": gave, "got": got},
                              lambda: self._make_offer(action, gave, got))

        self.scans.start(seat, items, row_chosen, cancelled=lambda: self._menu(seat), purpose="row")

    def _make_offer(self, action: Action, gave: dict, got: dict) -> None:
        """A38: the offer at the table, "accept"/"decline" in the partner's earphone."""
        seat, partner = action.seat, action.partner
        self.offer = {"seat": seat, "partner": partner, "action": action}
        said = self.speech.say_all([
            announce.make("offer.made", {"seat": seat, "partner": partner, "gave": gave, "got": got}),
            announce.make("offer.ask", {"seat": seat, "gave": gave, "got": got}, f"seat:{partner}")])
        items = [self.scans.item(True, "scan.accept", {}), self.scans.item(False, "scan.decline", {})]

        def answered(accept: bool) -> None:
            offer, self.offer = self.offer, None
            if offer is None:
                return
            self.say(f"seat:{partner}", "scan.chosen", {})
            if accept:
                self._submit(offer["action"])
            else:
                declined = self.say("public", "offer.declined", {"partner": partner})
                self._menu_after([declined.utterance], seat)
        self.speech.when_played([s.utterance for s in said], lambda: self.offer is not None and self.scans.start(
            partner, items, answered, cancelled=self._withdraw, purpose="offer"))

    def _withdraw(self) -> None:
        offer, self.offer = self.offer, None
        if offer is None:
            return
        self.scans.end(offer["partner"])
        said = self.say("public", "offer.withdrawn", {"seat": offer["seat"]})
        self._menu_after([said.utterance], offer["seat"])

    def _attack_menu(self, seat: int) -> None:
        """A40: the seat's tokens that attack (by kind, with positions), the targets, what the
        kind needs, then confirm."""
        game = self.game
        if game.round == 1:
            self._refused(seat, "first_round")
            return
        if game.phase == "exchanges":
            self._refused(seat, "already_exchanged")
            return
        options = game.attack_options(seat)
        kinds = [k for k in dict.fromkeys(game.hands[seat]) if any(a.trick == k for a in options)]
        hand = game.hands[seat]
        # every kind that attacks, in an order of their own for this list, even to a seat
        # that can attack with none (issue 33): a kind the seat cannot attack with now says so
        # and is answered like every other such pick ("not_held", A36), so neither the list's
        # length, nor where the played kind stood, nor whether a list came tells the hand
        items = self.scans.private_order([
            self.scans.item(k, "scan.trick", {"trick": k, "positions": [i for i, h in enumerate(hand) if h == k]})
            if k in kinds else self.scans.item((_NONE, k), "scan.trick.none", {"trick": k})
            for k in ATTACK_DOMAINS])

        def trick_chosen(trick: Any) -> None:
            if isinstance(trick, tuple):
                self._refused(seat, "not_held")
                return
            mine = [a for a in options if a.trick == trick]
            targets = sorted({a.target for a in mine})
            items = [self.scans.item(t, "scan.target", {"seat": t, "tokens": _nonzero(game.tokens[t]),
                                                        "held": len(game.hands[t])}) for t in targets]
            self.scans.start(seat, items, lambda t: target_chosen(trick, [a for a in mine if a.target == t]),
                             cancelled=lambda: self._menu(seat), purpose="target")

        def target_chosen(trick: str, mine: list) -> None:
            items = []
            for a in mine:
                t = a.target
                if trick == "nationalisation":
                    items.append(self.scans.item(a, "scan.nationalise", {"domain": a.domain, "count": game.tokens[t][a.domain]}))
                elif trick == "revolte":
                    lost = game.tokens[t][a.domain] - game.tokens[t][a.domain] // 2
                    items.append(self.scans.item(a, "scan.revolt", {"domain": a.domain, "count": lost}))
                elif trick == "chantage":
                    items.append(self.scans.item(a, "scan.blackmail", {"domain": a.domain}))
                else:
                    items.append(self.scans.item(a, "scan.pick", {"pick": a.pick}))
            self.scans.start(seat, items, lambda a: self._confirm(seat, "scan.confirm.attack", {},
                                                                 lambda: self._submit(a)),
                             cancelled=lambda: self._menu(seat), purpose="attack")

        # every kind as long as the longest kind held at every place of a hand this size
        # (its size is public): how long an item lasts tells nothing of the hand (issue 33)
        held = self.items_pad(seat, "scan.trick", [{"trick": k, "positions": list(range(len(hand)))}
                                                   for k in KINDS])
        none = self.items_pad(seat, "scan.trick.none", [{"trick": k} for k in KINDS])

        def pad(kind: str, step: str) -> float | None:
            """A held kind and one the seat lacks last alike (their picks' answers too)."""
            found = [held(kind, "scan.trick" if step == "scan.trick.none" else step),
                     none(kind, "scan.trick.none" if step == "scan.trick" else step)]
            if found[0] is None and found[1] is None:
                return None
            return None if None in found else max(found)    # type: ignore[type-var]
        self.scans.start(seat, items, trick_chosen, cancelled=lambda: self._menu(seat), purpose="trick",
                         pad=pad)

    def _confirm(self, seat: int, key: str, params: dict, then: Callable[[], None]) -> None:
        """The confirming press before a final choice (ACCESSIBILITY.md 16), confirmed at once
        in the seat's earphone ("chosen", 26); "cancel" goes back to the turn menu."""
        def confirmed(_: Any) -> None:
            self.say(f"seat:{seat}", "scan.chosen", {})
            then()
        self.scans.start(seat, [self.scans.item("confirm", key, params)], confirmed,
                         cancelled=lambda: self._menu(seat), purpose="confirm")

    def _noted(self, seat: int) -> None:
        """A41: the answer confirmed at once in the seat's earphone, in the same words whatever
        it is (the table hears it after the hold time)."""
        self.say(f"seat:{seat}", "answer.noted", {})

    def _roll(self, seat: int) -> None:
        """A32: the board rolls: the next faces of the game's roll sequence, journaled."""
        game = self.game
        if self.dice is None:
            self._dice_from_journal()
        faces = tuple(tuple(f) for f in roll(game.setup, self.dice))
        self._submit(Action("roll", seat, dice=faces))

    def _dice_from_journal(self) -> None:
        """The roll sequence of the game in play, past the rolls already made."""
        self.dice = roll_sequence(int(self.setup.seed))
        made = 0
        if self.game_id is not None:
            made = sum(1 for a in self.service.journal.actions(self.game_id) if a.get("action") == "roll")
        for _ in range(made):
            roll(self.setup, self.dice)

    def _submit(self, action: Action) -> None:
        if not self.paused and self.game is not None:
            self.accept(action)

    # ======================================================================= life cycle
    def follow(self, action: Action | None, events: list) -> None:
        if action is None:
            self.window, self.offer = None, None
            self.dice = roll_sequence(int(self.setup.seed))
        elif action.kind == "roll" and action.dice is not None and self.dice is None:
            self._dice_from_journal()

    def rebuilt(self) -> None:
        self.window, self.offer, self.dice = None, None, None
        self.timers.cancel()
        game = self.game
        if game is not None and game.phase == "counter":
            prompt = announce.ask(game)
            self.window = _Window(int(prompt.channel[5:]), prompt=[prompt])

    def resumed(self) -> None:
        game = self.game
        if game is not None and game.phase == "counter":
            self.rebuilt()
            self._say([announce.ask(game)])
            return
        self.say_step()

    def stopping(self) -> None:
        self.offer = None
        self.timers.cancel()
        if self.window is not None:
            self.window.opened = None


def _nonzero(counts: dict) -> dict:
    return {k: v for k, v in counts.items() if v}


def _with_kind(key: str, params: dict, kind: str) -> dict:
    """``params`` of a private message with every kind it names replaced by ``kind``."""
    out = dict(params)
    if "drawn" in out:
        out["drawn"] = [[p, kind] for p, _ in out["drawn"]]
    if "hand" in out:
        out["hand"] = [kind for _ in out["hand"]]
    if "taken" in out:
        out["taken"] = kind
    return out
