"""The Autocracy rules engine (AUTOCRACY.md A1-A30): pure, deterministic, no I/O, clock or
randomness.

A :class:`Game` is made from a dealt :class:`~.rules.Setup` (the Mentors and the Coup Bas
pile given), started with :meth:`Game.start`, and moved by :meth:`Game.apply`, which returns
the :class:`Event` list of that step or raises :class:`IllegalAction` (one of
:data:`REASONS`, in AUTOCRACY.md's precedence) and leaves the state unchanged. Every roll's
faces come with its ``roll`` action: the engine draws nothing.

Example::

    game = Game(Setup.from_json({...}))     # mentors and trick_pile given (or rules.deal)
    game.start()                            # [game_started, turn]
    game.apply(Action("exchange", seat=1, give="media", get="justice", count=1))
    game.apply(Action("roll", seat=1, dice=(("armee", 1), ("armee", 1))))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from firmware_host.checks import quoted
from firmware_host.kernel.values import Event, IllegalAction, refusal_maker

from .rules import (ANSWERS, ATTACK_DOMAINS, COUP_BAS, DOMAINS, KINDS, ROWS, SYMBOLS,
                    Setup, SetupError, check_mentors, holds_set, is_int)

__all__ = ["ACTION_KINDS", "REASONS", "PHASES", "Action", "Event", "IllegalAction", "Game"]

#: AUTOCRACY.md "Actions".
ACTION_KINDS: tuple[str, ...] = ("exchange", "buy", "attack", "counter", "no_counter", "roll")
#: AUTOCRACY.md "Rejections", in precedence order: the first that applies is given.
REASONS: tuple[str, ...] = (
    "game_over", "malformed", "wrong_phase", "not_your_turn", "first_round",
    "already_attacked", "already_exchanged", "already_bought", "invalid_target",
    "wrong_choice", "nothing_to_take", "short", "reserve_short", "not_held")
#: The state's ``phase`` values (AUTOCRACY.md "Output").
PHASES: tuple[str, ...] = ("turn", "exchanges", "counter", "roll", "game_over")
#: The one reason that would tell the table a kind the seat lacks (A43): said only to it.
PRIVATE_REASONS = frozenset({"not_held"})
#: this game's refusals: :class:`IllegalAction`, private for the reasons above
illegal = refusal_maker(PRIVATE_REASONS)

_FIELDS = ("give", "get", "count", "partner", "trick", "target", "domain", "pick", "dice")


@dataclass(frozen=True)
class Action:
    """One action of AUTOCRACY.md's table. Fields keep the values given (they are checked
    by :meth:`Game.check`, which refuses a wrong type as ``malformed``).

    Attributes:
        kind: one of :data:`ACTION_KINDS`.
        seat: the seat that acts (0-based).
        give, get, count, partner: ``exchange`` (A11, A12); ``partner`` None = the reserve.
        trick, target, domain, pick: ``attack`` (A16-A19) and ``counter`` (``trick``, and the
            redirect's ``target``, A20).
        dice: ``roll``: one face ``(symbol, value)`` per die; None = not rolled yet.
    """

    kind: str
    seat: Any = None
    give: Any = None
    get: Any = None
    count: Any = None
    partner: Any = None
    trick: Any = None
    target: Any = None
    domain: Any = None
    pick: Any = None
    dice: Any = None

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> "Action":
        """The action of a replay line (other fields are ignored). Values are taken as they
        are; :meth:`Game.check` refuses wrong ones."""
        kw = {f: obj.get(f) for f in _FIELDS}
        if isinstance(kw["dice"], list):
            kw["dice"] = tuple(tuple(f) if isinstance(f, list) else f for f in kw["dice"])
        return cls(obj.get("action"), obj.get("seat"), **kw)

    def to_json(self) -> dict:
        """The replay line of this action (fields that do not belong to its kind left out)."""
        out: dict[str, Any] = {"action": self.kind, "seat": self.seat}
        wanted = {"exchange": ("give", "get", "count", "partner"),
                  "attack": ("trick", "target", "domain", "pick"),
                  "counter": ("trick", "target"), "roll": ("dice",)}.get(self.kind, ())
        for f in wanted:
            v = getattr(self, f)
            if v is None:
                continue
            out[f] = [list(face) for face in v] if f == "dice" else v
        return out


def _counts(keys: Sequence[str], source: Mapping[str, int] | None = None) -> dict[str, int]:
    return {k: int((source or {}).get(k, 0)) for k in keys}


class Game:
    """One game of Autocracy (A1-A30).

    :param setup: a dealt :class:`Setup` (``mentors`` and ``trick_pile`` given).
    :raises SetupError: the setup is not dealt, or the reserve cannot give the Mentors (A4).

    Public attributes (read them, do not change them): ``players``, ``first``, ``round``,
    ``current``, ``phase``, ``bought``, ``tokens`` (by seat, {domain: count}), ``hands`` (by
    seat, kinds in hand order: secret, A29), ``reserve``, ``pile`` (kinds, top first:
    secret), ``discard`` ({kind: count}), ``attack`` (the attack waiting for an answer, or
    None), ``last_roll``, ``winner``, ``mentors``.
    """

    def __init__(self, setup: Setup) -> None:
        if not setup.dealt:
            raise SetupError("the Mentors and the Coup Bas pile must be dealt first (rules.deal)")
        check_mentors(setup.mentors, setup.reserve)  # type: ignore[arg-type]
        self.setup = setup
        self.players = setup.players
        self.first = setup.first
        self.mentors = [_counts(DOMAINS, m) for m in setup.mentors]  # type: ignore[union-attr]
        self.round = 1
        self.current = setup.first
        self.phase = "turn"
        self.bought = False
        self.tokens: list[dict[str, int]] = [_counts(DOMAINS) for _ in range(self.players)]
        self.hands: list[list[str]] = [[] for _ in range(self.players)]
        self.reserve = _counts(DOMAINS, setup.reserve)
        self.pile: list[str] = list(setup.trick_pile)  # type: ignore[arg-type]
        self.discard = _counts(KINDS)
        self.attack: dict | None = None
        self.last_roll: dict | None = None
        self.winner: int | None = None
        self.started = False
        #: the dice's faces per die, for checking a roll
        self._faces = [set(die) for die in setup.dice]

    def copy(self) -> "Game":
        """An independent copy of the game as it stands (a trial move changes nothing here)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.mentors = [dict(m) for m in self.mentors]
        other.tokens = [dict(t) for t in self.tokens]
        other.hands = [list(h) for h in self.hands]
        other.reserve = dict(self.reserve)
        other.pile = list(self.pile)
        other.discard = dict(self.discard)
        other.attack = dict(self.attack) if self.attack is not None else None
        other.last_roll = (None if self.last_roll is None else
                           {**self.last_roll, "dice": [list(f) for f in self.last_roll["dice"]],
                            "gains": dict(self.last_roll["gains"])})
        return other

    # -- reading --------------------------------------------------------------------------

    def awaiting(self) -> tuple[int, ...]:
        """The seat the game waits for: the current seat, or the seat an attack asks to
        answer; () at the end."""
        if self.phase == "game_over":
            return ()
        if self.phase == "counter":
            return (self._answering(),)
        return (self.current,)

    def _answering(self) -> int:
        a = self.attack
        assert a is not None
        return a["redirect"] if a["redirect"] is not None else a["target"]

    def tricks_held(self) -> list[int]:
        """By seat, how many Coup Bas it holds (public, A29)."""
        return [len(h) for h in self.hands]

    def rate(self, row: str) -> int:
        """A11: how many tokens of the domain below ``row`` make one of ``row``."""
        return int(self.setup.exchange[row])

    @staticmethod
    def row_of(give: str, get: str) -> tuple[str, bool] | None:
        """The row (its higher domain) of an exchange of ``give`` for ``get`` and whether it
        goes up (A11); None when the two are not one row's domains."""
        if ROWS.get(get) == give:
            return get, True
        if ROWS.get(give) == get:
            return give, False
        return None

    def exchange_amounts(self, give: str, get: str, count: int) -> tuple[int, int]:
        """(tokens given, tokens got) of an exchange along one row (A11): up gives
        rate × count of the lower domain for count of the higher; down the reverse."""
        row, up = self.row_of(give, get)  # type: ignore[misc]
        n = self.rate(row) * count
        return (n, count) if up else (count, n)

    # -- moving ---------------------------------------------------------------------------

    def start(self) -> list[Event]:
        """A4, A5, A2: the Mentors are taken from the reserve, one Coup Bas dealt to each seat
        from the top, the first seat first; then the first seat's turn begins with the win
        check (A6).

        :raises RuntimeError: the game was started before.
        """
        if self.started:
            raise RuntimeError("the game has already started")
        self.started = True
        for seat, mentor in enumerate(self.mentors):
            for d in DOMAINS:
                self.reserve[d] -= mentor[d]
                self.tokens[seat][d] += mentor[d]
        private: dict[int, dict] = {}
        for i in range(self.players):
            seat = (self.first + i) % self.players
            self.hands[seat].append(self.pile.pop(0))
        for seat in range(self.players):
            private[seat] = {"hand": list(self.hands[seat])}
        events = [Event("game_started", {
            "game": "autocracy", "players": self.players, "first": self.first,
            "mentors": [dict(m) for m in self.mentors],
            "tokens": [dict(t) for t in self.tokens], "reserve": dict(self.reserve),
            "pile": len(self.pile)}, private)]
        events += self._begin_turn()
        return events

    def check(self, action: Action, *, unrolled_ok: bool = False) -> None:
        """Whether ``action`` may be applied now (nothing changes).

        :param unrolled_ok: a ``roll`` without ``dice`` is allowed (the caller rolls it).
        :raises IllegalAction: the first of :data:`REASONS` that applies.
        """
        reason = self._refusal(action, unrolled_ok)
        if reason is not None:
            raise illegal(*reason)

    def apply(self, action: Action) -> list[Event]:
        """Apply one action (AUTOCRACY.md "Order inside the engine").

        :returns: the events of this step, in order.
        :raises IllegalAction: the action is refused (state unchanged).
        """
        if not self.started:
            raise RuntimeError("start the game first")
        self.check(action)
        return getattr(self, f"_do_{action.kind}")(action)

    # -- refusals (AUTOCRACY.md "Rejections", in precedence) -------------------------------

    def _refusal(self, a: Action, unrolled_ok: bool) -> tuple[str, str] | None:
        n = self.players
        kind = a.kind
        if self.phase == "game_over":
            return "game_over", f"{kind}: the game is over"
        if not isinstance(kind, str) or kind not in ACTION_KINDS:
            return "malformed", f"unknown action {quoted(kind)}"
        bad = self._malformed(a, unrolled_ok)
        if bad:
            return "malformed", bad
        seat = a.seat
        answering = kind in ("counter", "no_counter")
        if answering and self.phase != "counter":
            return "wrong_phase", f"{kind}: no attack waits for an answer"
        if not answering and self.phase == "counter":
            return "wrong_phase", f"{kind}: an attack waits for seat {self._answering()}'s answer"
        waited = self.awaiting()[0]
        if seat != waited:
            return "not_your_turn", f"{kind}: the game waits for seat {waited}, not seat {seat}"
        if kind == "attack" and self.round == 1:
            return "first_round", "no attack in the first round (A22)"
        if kind in ("attack", "exchange", "buy") and self.phase == "roll":
            return "already_attacked", (f"{kind}: the seat has attacked this turn "
                                        f"({'A23' if kind == 'attack' else 'A21'})")
        if kind == "attack" and self.phase == "exchanges":
            return "already_exchanged", "no attack after an exchange or a purchase (A21)"
        if kind == "buy" and self.bought:
            return "already_bought", "one Coup Bas a turn (A13)"
        # invalid_target
        if kind == "attack" and not (0 <= a.target < n and a.target != seat):
            return "invalid_target", f"attack: target {a.target} is not another seat"
        if kind == "exchange" and a.partner is not None and not (0 <= a.partner < n
                                                                  and a.partner != seat):
            return "invalid_target", f"exchange: partner {a.partner} is not another seat"
        att = self.attack
        redirecting = (kind == "counter" and a.trick == "corruption" and att is not None
                       and att["redirect"] is None and att["trick"] in ("nationalisation",
                                                                         "revolte"))
        if redirecting:
            t = a.target
            if t is None or not 0 <= t < n or t == seat or t == att["seat"]:  # type: ignore[index]
                return "invalid_target", ("counter: a Corruption must name another seat, neither "
                                          f"itself nor the attacker, not {quoted(t)} (A20)")
        # wrong_choice
        if kind == "exchange" and self.row_of(a.give, a.get) is None:
            return "wrong_choice", f"exchange: {a.give} and {a.get} are not one row (A11)"
        if kind == "attack":
            if a.trick == "corruption":
                return "wrong_choice", "attack: Corruption attacks nobody (A20)"
            allowed = ATTACK_DOMAINS[a.trick]
            if allowed is not None and a.domain not in allowed:
                return "wrong_choice", (f"attack: {a.trick} needs a domain of "
                                        f"{', '.join(allowed)}, not {quoted(a.domain)}")
            if a.trick == "espionnage" and a.pick is None:
                return "wrong_choice", "attack: espionnage needs a pick (A19)"
        if kind == "counter":
            assert att is not None
            want = "corruption" if att["redirect"] is not None else ANSWERS[att["trick"]]
            if a.trick != want:
                return "wrong_choice", (f"counter: {a.trick} does not answer "
                                        f"{'a redirect' if att['redirect'] is not None else att['trick']}"
                                        " (A15, A25)")
        # nothing_to_take
        if kind == "attack":
            if a.trick == "chantage" and self.tokens[a.target][a.domain] < 1:
                return "nothing_to_take", f"attack: seat {a.target} holds no {a.domain} (A18)"
            if a.trick == "espionnage" and not 0 <= a.pick < len(self.hands[a.target]):
                return "nothing_to_take", (f"attack: seat {a.target} holds no Coup Bas at "
                                           f"position {a.pick} (A19)")
        # short, reserve_short
        if kind == "exchange":
            gives, gets = self.exchange_amounts(a.give, a.get, a.count)
            if self.tokens[seat][a.give] < gives:
                return "short", f"exchange: seat {seat} holds fewer than {gives} {a.give}"
            if a.partner is not None and self.tokens[a.partner][a.get] < gets:
                return "short", f"exchange: seat {a.partner} holds fewer than {gets} {a.get}"
            if a.partner is None and self.reserve[a.get] < gets:
                return "reserve_short", f"exchange: the reserve holds fewer than {gets} {a.get}"
        if kind == "buy":
            price = self.setup.trick_price
            if any(self.tokens[seat][d] < c for d, c in price.items()):
                return "short", "buy: the seat cannot pay the price (A13)"
            if not self.pile:
                return "reserve_short", "buy: the pile is empty (A13)"
        # not_held
        if kind in ("attack", "counter") and a.trick not in self.hands[seat]:
            return "not_held", f"{kind}: seat {seat} holds no {a.trick}"
        return None

    def _malformed(self, a: Action, unrolled_ok: bool) -> str | None:
        n = self.players
        if not is_int(a.seat) or not 0 <= a.seat < n:
            return f"seat must be a seat 0..{n - 1}, not {quoted(a.seat)}"
        if a.kind == "exchange":
            for name in ("give", "get"):
                if getattr(a, name) not in DOMAINS:
                    return f"exchange: {name} must be a domain, not {quoted(getattr(a, name))}"
            if not is_int(a.count) or a.count < 1:
                return f"exchange: count must be an integer ≥ 1, not {quoted(a.count)}"
            if a.partner is not None and not is_int(a.partner):
                return f"exchange: partner must be a seat or null, not {quoted(a.partner)}"
        elif a.kind == "attack":
            if a.trick not in KINDS:
                return f"attack: trick must be a Coup Bas kind, not {quoted(a.trick)}"
            if not is_int(a.target):
                return f"attack: target must be a seat, not {quoted(a.target)}"
            if a.domain is not None and a.domain not in DOMAINS:
                return f"attack: domain must be a domain, not {quoted(a.domain)}"
            if a.pick is not None and not is_int(a.pick):
                return f"attack: pick must be an integer, not {quoted(a.pick)}"
        elif a.kind == "counter":
            if a.trick not in KINDS:
                return f"counter: trick must be a Coup Bas kind, not {quoted(a.trick)}"
            if a.target is not None and not is_int(a.target):
                return f"counter: target must be a seat or null, not {quoted(a.target)}"
        elif a.kind == "roll":
            if a.dice is None:
                return None if unrolled_ok else "roll: dice missing, and the setup has no seed"
            dice = a.dice
            if not isinstance(dice, (list, tuple)) or len(dice) != len(self._faces):
                return f"roll: dice must give one face per die ({len(self._faces)}), not {quoted(dice)}"
            for i, face in enumerate(dice):
                if (not isinstance(face, (list, tuple)) or len(face) != 2
                        or not isinstance(face[0], str) or not is_int(face[1])
                        or (face[0], face[1]) not in self._faces[i]):
                    return f"roll: {quoted(face)} is not a face of die {i + 1}"
        return None

    # -- the actions -----------------------------------------------------------------------

    def _do_exchange(self, a: Action) -> list[Event]:
        gives, gets = self.exchange_amounts(a.give, a.get, a.count)
        me = self.tokens[a.seat]
        other = self.reserve if a.partner is None else self.tokens[a.partner]
        me[a.give] -= gives
        other[a.give] += gives
        other[a.get] -= gets
        me[a.get] += gets
        self.phase = "exchanges"
        events = [Event("exchanged", {"seat": a.seat, "partner": a.partner,
                                      "gave": {a.give: gives}, "got": {a.get: gets}})]
        return events + self._win_check()

    def _do_buy(self, a: Action) -> list[Event]:
        for d, c in self.setup.trick_price.items():
            self.tokens[a.seat][d] -= c
            self.reserve[d] += c
        kind = self.pile.pop(0)
        self.hands[a.seat].append(kind)
        self.bought = True
        self.phase = "exchanges"
        events = [Event("bought", {"seat": a.seat, "tricks_held": len(self.hands[a.seat])},
                        {a.seat: {"drawn": [kind], "positions": [len(self.hands[a.seat]) - 1]}})]
        return events + self._win_check()

    def _spend(self, seat: int, kind: str) -> None:
        """A26: the earliest token of ``kind`` in the seat's hand is shown and discarded."""
        self.hands[seat].remove(kind)
        self.discard[kind] += 1

    def _do_attack(self, a: Action) -> list[Event]:
        self._spend(a.seat, a.trick)
        domain = None if a.trick == "espionnage" else a.domain
        pick = a.pick if a.trick == "espionnage" else None
        self.attack = {"seat": a.seat, "trick": a.trick, "target": a.target, "domain": domain,
                       "pick": pick, "redirect": None}
        self.phase = "counter"
        return [Event("attacked", {"seat": a.seat, "trick": a.trick, "target": a.target,
                                   "domain": domain, "pick": pick})]

    def _do_counter(self, a: Action) -> list[Event]:
        att = self.attack
        assert att is not None
        self._spend(a.seat, a.trick)
        if att["redirect"] is None and a.trick == "corruption":
            att["redirect"] = a.target
            return [Event("countered", {"seat": a.seat, "trick": a.trick, "target": a.target})]
        cancels = att["redirect"] is not None
        events = [Event("countered", {"seat": a.seat, "trick": a.trick, "target": None},
                        info={"cancels_redirect": cancels, "first_target": att["target"]})]
        if cancels:
            # A25: the redirect is cancelled; the attack falls on the seat first attacked
            return events + self._resolve(att["target"])
        return events + self._resolve(None)

    def _do_no_counter(self, a: Action) -> list[Event]:
        return [Event("not_countered", {"seat": a.seat})] + self._resolve(a.seat)

    def _resolve(self, victim: int | None) -> list[Event]:
        """The attack falls on ``victim`` (None: cancelled), A16-A19, A27; then only the roll
        is left and the win check runs for the attacker (A6)."""
        att = self.attack
        assert att is not None
        attacker, trick, d = att["seat"], att["trick"], att["domain"]
        lost: dict[str, int] = {}
        kept: dict[str, int] = {}
        taken: dict[str, int] = {}
        private: dict[int, dict] = {}
        if victim is not None:
            v, me = self.tokens[victim], self.tokens[attacker]
            if trick == "nationalisation":
                gone = v[d]
                share = gone // 2
                v[d] = 0
                me[d] += share
                self.reserve[d] += gone - share
                lost, kept, taken = {d: gone}, {d: 0}, {d: share}
            elif trick == "revolte":
                for dom in ("justice", "armee"):
                    keep = v[dom] // 2
                    lost[dom], kept[dom] = v[dom] - keep, keep
                    v[dom] = keep
                    if dom == d:
                        me[dom] += lost[dom]
                    else:
                        self.reserve[dom] += lost[dom]
                taken = {d: lost[d]}
            elif trick == "chantage":
                v[d] -= 1
                me[d] += 1
                lost, kept, taken = {d: 1}, {d: v[d]}, {d: 1}
            else:  # espionnage
                kind = self.hands[victim].pop(att["pick"])
                self.hands[attacker].append(kind)
                lost = {COUP_BAS: 1}
                kept = {COUP_BAS: len(self.hands[victim])}
                taken = {COUP_BAS: 1}
                private = {attacker: {"taken": kind, "position": len(self.hands[attacker]) - 1,
                                      "from": victim},
                           victim: {"lost": kind, "position": att["pick"], "by": attacker}}
        self.attack = None
        self.phase = "roll"
        events = [Event("attack_resolved", {"seat": attacker, "trick": trick, "victim": victim,
                                            "lost": lost, "kept": kept, "taken": taken},
                        private, info={"pick": att["pick"]})]
        return events + self._win_check()

    def _do_roll(self, a: Action) -> list[Event]:
        seat = a.seat
        faces = [(f[0], f[1]) for f in a.dice]
        totals: dict[str, int] = {}
        for sym, value in faces:
            totals[sym] = totals.get(sym, 0) + value
        gains: dict[str, int] = {}
        short: list[str] = []
        drawn: list[str] = []
        for sym in SYMBOLS:
            if sym not in totals:
                continue
            held = len(self.hands[seat]) if sym == COUP_BAS else self.tokens[seat][sym]
            due = (totals[sym] + held) // 2                                     # A8
            if sym == COUP_BAS:                                                 # A10
                got = min(due, len(self.pile))
                drawn = self.pile[:got]
                del self.pile[:got]
                self.hands[seat].extend(drawn)
            else:                                                               # A9
                got = min(due, self.reserve[sym])
                self.reserve[sym] -= got
                self.tokens[seat][sym] += got
            gains[sym] = got
            if got < due:
                short.append(sym)
        dice = [list(f) for f in faces]
        self.last_roll = {"seat": seat, "dice": dice, "gains": dict(gains)}
        private = {}
        if drawn:
            first = len(self.hands[seat]) - len(drawn)
            private = {seat: {"drawn": list(drawn),
                              "positions": list(range(first, first + len(drawn)))}}
        events = [Event("rolled", {"seat": seat, "dice": dice, "gains": gains, "short": short},
                        private)]
        self.current = (self.current + 1) % self.players
        if self.current == self.first:
            self.round += 1
        self.phase = "turn"
        self.bought = False
        return events + self._begin_turn()

    def _begin_turn(self) -> list[Event]:
        return [Event("turn", {"seat": self.current, "round": self.round})] + self._win_check()

    def _win_check(self) -> list[Event]:
        """A6: the current seat holding the set wins at once (checked at the start of its turn
        and after each exchange, purchase and attack; never after the roll)."""
        if not holds_set(self.tokens[self.current]):
            return []
        self.winner = self.current
        self.phase = "game_over"
        self.attack = None
        return [Event("game_over", {"winner": self.current,
                                    "tokens": [dict(t) for t in self.tokens],
                                    "hands": [list(h) for h in self.hands]})]

    # -- the actions a seat may take (random playouts, the board's menus) --------------------

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (a ``roll`` with ``dice=None``: the faces are the
        chance input). Empty when the game does not wait for ``seat``."""
        if seat not in self.awaiting():
            return []
        if self.phase == "counter":
            return self._answers(seat)
        out: list[Action] = [Action("roll", seat)]
        if self.phase == "roll":
            return out
        for give, get, partner, most in self.exchange_options(seat):
            out += [Action("exchange", seat, give=give, get=get, count=c, partner=partner)
                    for c in range(1, most + 1)]
        if self.can_buy(seat):
            out.append(Action("buy", seat))
        if self.phase == "turn" and self.round > 1:
            out += self.attack_options(seat)
        return out

    def exchange_options(self, seat: int) -> list[tuple[str, str, int | None, int]]:
        """A37, A38: the exchanges ``seat`` can make now along each row, each direction, with
        the reserve (partner None) or each other seat: ``(give, get, partner, most)``, where
        ``most`` ≥ 1 is the largest count both sides can give. Empty when exchanges are not
        allowed now (not its turn, an attack made or waiting)."""
        if self.phase not in ("turn", "exchanges") or seat != self.current:
            return []
        out: list[tuple[str, str, int | None, int]] = []
        mine = self.tokens[seat]
        partners: list[int | None] = [None] + [s for s in range(self.players) if s != seat]
        for row, low in ROWS.items():
            rate = self.rate(row)
            for give, get in ((low, row), (row, low)):
                per_give, per_get = (rate, 1) if get == row else (1, rate)
                can_give = mine[give] // per_give
                if not can_give:
                    continue
                for partner in partners:
                    other = self.reserve if partner is None else self.tokens[partner]
                    most = min(can_give, other[get] // per_get)
                    if most:
                        out.append((give, get, partner, most))
        return out

    def can_buy(self, seat: int) -> bool:
        """A13: ``seat`` may buy a Coup Bas now (its turn, no attack, none bought, the price
        held, the pile not empty)."""
        return (self.phase in ("turn", "exchanges") and seat == self.current
                and not self.bought and bool(self.pile)
                and all(self.tokens[seat][d] >= c for d, c in self.setup.trick_price.items()))

    def attack_options(self, seat: int) -> list[Action]:
        """A21-A23, A16-A19: every attack ``seat`` may make now with the kinds it holds."""
        if self.phase != "turn" or seat != self.current or self.round == 1:
            return []
        out: list[Action] = []
        for trick in dict.fromkeys(self.hands[seat]):
            if trick == "corruption":
                continue
            for target in range(self.players):
                if target == seat:
                    continue
                if trick == "espionnage":
                    out += [Action("attack", seat, trick=trick, target=target, pick=p)
                            for p in range(len(self.hands[target]))]
                    continue
                for d in ATTACK_DOMAINS[trick]:  # type: ignore[union-attr]
                    if trick == "chantage" and self.tokens[target][d] < 1:
                        continue
                    out.append(Action("attack", seat, trick=trick, target=target, domain=d))
        return out

    def _answers(self, seat: int) -> list[Action]:
        att = self.attack
        assert att is not None
        out = [Action("no_counter", seat)]
        want = "corruption" if att["redirect"] is not None else ANSWERS[att["trick"]]
        if want not in self.hands[seat]:
            return out
        if att["redirect"] is None and want == "corruption":
            out += [Action("counter", seat, trick=want, target=t) for t in range(self.players)
                    if t not in (seat, att["seat"])]
        else:
            out.append(Action("counter", seat, trick=want))
        return out
