"""A robot player at one seat: it hears, waits a person's reaction time, and acts.

A :class:`SeatRobot` is given only what its seat could hear — each clip of the table speaker
and of its own earphone as a :class:`Heard` (key, params, text, start, end), once the clip
has *ended* — and answers with acts (:class:`Press`, :class:`Hold`, :class:`Lay`) that the
table (:mod:`firmware_host.robots.table`) plays on the mocked board after a drawn reaction
time. What every game's table does lives here, game-neutral: the setup from the seats
(``lobby.*``), "I am here", a scan (press once the wanted item has been heard), the story
and the next setup after a game's end, and the slips people make (a tile laid twice or at
the wrong reader, a press at the wrong moment, a hold for the status). What a game's cues
ask for comes from that game's robot module (``games/<game>/robot.py``, reached through
:func:`firmware_host.robots.table.rules_for`, the
registry's package of the game):

- ``respond(seat, clip, heard, choose) -> list[act]``: the acts the clip asks of this seat
  (``heard``: every clip this seat heard in this game, ``clip`` the last; ``choose`` a
  :class:`Chooser` drawing from what was heard only);
- ``lobby_option(question, option, players) -> bool | None`` (optional): whether to take
  ``option`` (a :class:`Heard` item) for the game's own setup question key ``question``;
  None takes the first option offered (the default);
- ``idle(seat, heard, choose) -> list[act]`` (optional): what the seat does when the table
  has been quiet a while and nobody is about to act (a menu that closed unseen: press again);
- ``SEEDED`` (optional, default True): the game deals from a seed (the table's seed is the
  setup's); False for a game with no chance in it;
- ``QUIET_AFTER`` (optional): keys after which the table talks among itself (a discussion
  time), so a silence then is no silence of the board;
- ``LIST_STARTS`` (optional): the game's own keys that begin a list in a seat's earphone
  besides the board's ``scan.*`` (a turn's menu): a press planned to open the list is dropped
  when the list begins without it (:meth:`SeatRobot.begins`).

A robot's *choice* depends only on what it heard: :class:`Chooser` draws from a digest of
the heard clips (the same heard lines give the same choice); its reaction times and slips
come from its own seeded random source.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import random
from typing import Any, Callable, Sequence

from firmware_host.hardware.parts import registered_readers

__all__ = ["Heard", "Press", "Hold", "Lay", "Chooser", "SeatRobot", "TileHands", "scan_item_seen", "confirms",
           "REACTION"]

#: the range of a person's typical reaction time, seconds: each robot draws its own from it
#: (issue 30), and its acts vary around that (:data:`VARIATION`), within the range
REACTION = (0.8, 2.8)
#: how one robot's acts vary around its typical reaction: the spread (standard deviation)
#: of the logarithm of an act's reaction (0.2: most acts within ±20 % of the typical)
VARIATION = 0.2
#: the chance of a slip on an act (a tile twice, a wrong reader, a stray press, a status hold)
MISTAKE_RATE = 0.04
#: the chance, per line the table says while a seat has nothing to do, that it holds for the
#: status once in a game as people ask "where are we?" (issue 31: every game's status measured;
#: a game of few presses held 0 times in 14 of 24 robot games)
STATUS_CHECK = 0.03


#: the board's own clips within any list (the wrap tone's words, "cancel", "back"): they do
#: not end the list a robot picked from
LIST_KEYS = frozenset({"scan.wrap", "scan.cancel", "lobby.wrap", "lobby.back", "lobby.cancel"})
#: a list's own clips that end it (a pick said back, a list that stopped or was cancelled)
LIST_ENDS = frozenset({"scan.selected", "scan.picked", "scan.stopped", "scan.cancelled"})
#: seconds between one list item's end and the next one's start at most (a slow seat's window)
LIST_GAP_S = 4.0
#: a pick said back in the chooser's earphone (:data:`firmware_host.table.scanning.PICKED_KEY`)
PICKED_KEY = "scan.selected"
#: a clip of its own earphone cut off sooner than this (seconds) was not heard: it asks nothing
#: (:data:`firmware_host.table.scanning.HEARD_S`)
UNHEARD_S = 0.3
#: a clip of its own earphone cut off this soon (seconds) after its press for an item was cut
#: by that pick's answer (the item playing when it pressed); one cut later, by anything else
#: (its own stray press, a reminder), is a message it heard part of and is said again whole
PICK_CUT_S = 1.0
#: a clip of its own earphone cut off and begun again (the same message) within this many seconds
#: of the cut, perhaps after the answer cue, is being said again whole
AGAIN_S = 1.0
#: how long a hold keeps the button down, seconds (a hold is a hold after about 1 s, SIMULATE.md):
#: a press for an item cannot be made meanwhile
HOLD_S = 1.2
#: the item of a confirmation that goes back to the list
BACK_KEYS = frozenset({"scan.back", "lobby.back"})
#: the board's answer cue (an earcon, no words) before the answer to one's own act that is
#: still being rendered (:data:`firmware_host.audio.service.ANSWER_CUE_KEY`, issue 31)
ANSWER_CUE_KEY = "answer.cue"
#: the table's call of one seat to the whisper station (``params.seat``, 0-based): that seat
#: goes there and presses; the station then plays what is said to it as its own earphone
WHISPER_CALL_KEY = "whisper.call"
#: the table's answer at once to a seat's act away from the whisper station ("Seat 3: noted",
#: ``params.seat``): the first sound of that act on a whisper-station board (issue 31)
STATION_NOTED_KEY = "whisper.noted"
#: the board's answer to a press it takes but answers later ("Press: noted"): no cue to act on
NOTED_KEY = "table.noted"
#: the table's answer to a press whose list waits for what the table still says: the next
#: press once the table has said it opens the list (issue 31)
LIST_AFTER_KEY = "table.list_after"


#: the key a list's confirmation of an item begins with ("scan.confirm.seat" confirms "scan.seat")
CONFIRM_PREFIX = "scan.confirm."


@dataclasses.dataclass(frozen=True)
class Heard:
    """One clip a seat heard: ``output`` ``"table"`` or ``"seat"`` (its own earphone),
    ``key``/``params`` of the message, ``text`` as spoken, ``start``/``end`` seconds on the
    table's clock, ``cut`` True when it was cut off."""

    output: str
    key: str
    params: dict
    text: str
    start: float
    end: float
    cut: bool = False

    @property
    def own(self) -> bool:
        """True for a clip of the seat's own earphone."""
        return self.output == "seat"

    def ident(self) -> str:
        """The clip as a stable string (key and params), for digests and comparisons."""
        return self.output + "|" + self.key + "|" + json.dumps(self.params, sort_keys=True, ensure_ascii=False)


@dataclasses.dataclass(frozen=True)
class Press:
    """A press of the seat's button. ``item``: the scan item (a :class:`Heard`) the press is
    meant to choose (a scan pick); None for any other press."""

    item: Heard | None = None
    gesture: str = "press"


@dataclasses.dataclass(frozen=True)
class Hold:
    """A hold of the seat's button (the status, ACCESSIBILITY.md 3)."""


@dataclasses.dataclass(frozen=True)
class Lay:
    """A tile laid or a part of the board moved: a SIMULATE.md board signal without ``at``
    (a game's tile signal, e.g. ``{"signal": "token", "seat": 2, "token": "gold"}``, ``slot``
    or the peg's signal). ``reader``: the reader it should go to (for the wrong-reader slip),
    None where it is no tile."""

    signal: dict
    reader: str | None = None


class Chooser:
    """Choices drawn only from what a seat heard: the same heard clips give the same choice.

    :param seat: the seat (part of the digest, so two seats with the same ears may differ).
    :param heard: the clips heard so far, the last one included.
    :param salt: the table's seed (one table's robots choose alike run after run).
    """

    def __init__(self, seat: int, heard: Sequence[Heard], salt: Any = 0) -> None:
        digest = hashlib.sha256(f"{salt}/{seat}".encode())
        for clip in heard:
            digest.update(clip.ident().encode("utf-8"))
            digest.update(b"\n")
        self._seed = int.from_bytes(digest.digest()[:8], "big")

    def random(self, tag: str = "") -> float:
        """A number in [0, 1) fixed by the heard clips (and ``tag``)."""
        return random.Random(f"{self._seed}/{tag}").random()

    def chance(self, p: float, tag: str = "") -> bool:
        """True with probability ``p`` (fixed by the heard clips)."""
        return self.random(tag) < p

    def one(self, options: Sequence[Any], tag: str = "") -> Any:
        """One of ``options`` (non-empty), fixed by the heard clips."""
        return options[int(self.random(tag) * len(options)) % len(options)]


def confirms(meant: Heard, confirmation: Heard) -> bool:
    """Whether ``confirmation`` (a clip asking to confirm a pick) names the item ``meant``, as
    a person tells: the item's first parameter (the seat, the card, the role) is among the
    confirmation's (``{"seat": 1}`` and ``{"target": 1}``, ``{"role": "noble"}`` and ``{"drop":
    ["noble"]}``), or the item's words are in it. An item without parameters cannot be told
    from its confirmation's: True."""
    if not meant.params:
        return True
    if meant.text and meant.text in confirmation.text:
        return True
    said: set[str] = set()
    for value in confirmation.params.values():
        for one in (value if isinstance(value, (list, tuple)) else [value]):
            said.add(json.dumps(one, sort_keys=True))
    return json.dumps(next(iter(meant.params.values())), sort_keys=True) in said


def scan_item_seen(clip: Heard, heard: Sequence[Heard], window: int = 60) -> int:
    """How often ``clip`` (an earphone item) was heard among the last ``window`` clips of the
    seat's own earphone before it: a robot takes an item at the latest in its third pass
    (a scan stops after three passes, ACCESSIBILITY.md 14)."""
    ident = clip.ident()
    own = [h for h in heard[:-1] if h.own][-window:]
    return sum(1 for h in own if h.ident() == ident)


@dataclasses.dataclass
class Planned:
    """An act planned for clock time ``at``; ``cue`` the clip that asked for it (None: a slip
    or a follow-up); ``mistake`` the slip's name or ''; ``again``: a :class:`Lay` of the very
    tile the seat laid just before (a tile laid twice, or taken from the wrong reader to the
    right one)."""

    at: float
    act: Any
    cue: Heard | None
    mistake: str = ""
    seq: int = 0
    again: bool = False


class TileHands:
    """Which tile of a numbered group each robot's hand lays (a tile kind's group: its tiles numbered 1 to the count).

    A signal naming no ``tile`` number lays the group's tiles in turn on the mocked board
    (``TileKind.in_turn``), so the same act made twice would be two different tiles. A table
    of robots numbers each such lay itself, in the same turn (the group's next number, 1 to
    its count, round again), and a lay made *again* by a seat (:attr:`Planned.again`: a tile
    laid twice as a shaking hand does, or the tile taken from the wrong reader to the right
    one) names the very tile that seat laid last of that group: the board reads one tile
    twice, as on a real board, not a second tile (a second tile of the group is another act
    of that seat).

    :param numbers: ``numbers(kind, group)`` -> the tile numbers the board's registry holds
        for that group (ascending); None: 1 to the kind's count (the shipped registry).
    """

    def __init__(self, numbers: Callable[[str, str], Sequence[int]] | None = None) -> None:
        self._numbers = numbers
        self._next: dict[tuple[str, str], int] = {}
        self._last: dict[tuple[int, str, str], int] = {}

    def lay(self, seat: int, signal: dict, again: bool = False) -> dict:
        """``signal`` (a SIMULATE.md tile signal) with its ``tile`` number where its kind is a
        numbered one laid in turn; any other signal, or one naming its tile, unchanged.

        :param seat: the seat laying it (0-based).
        :param again: the seat lays the tile it laid last of that group again."""
        from firmware_host.service.signals import tile_signal

        kind = tile_signal(str(signal.get("signal", "")))
        if kind is None or kind.layout != "numbered" or not kind.in_turn or signal.get("tile") is not None:
            return signal
        group = signal.get(kind.value_field)
        if not isinstance(group, str):
            return signal
        numbers = list(self._numbers(kind.kind, group) if self._numbers is not None
                       else range(1, kind.count(group) + 1))
        if not numbers:
            return signal
        last = self._last.get((seat, kind.kind, group))
        if again and last is not None:
            number = last
        else:
            turn = self._next.get((kind.kind, group), 0)
            self._next[(kind.kind, group)] = (turn + 1) % len(numbers)
            number = numbers[turn % len(numbers)]
        self._last[(seat, kind.kind, group)] = number
        return dict(signal, tile=number)


class SeatRobot:
    """One robot player (see the module docstring).

    :param seat: its seat (0-based).
    :param players: the number of players it sets up for.
    :param game: the registry name of the game it sets up (its robot module ``rules``).
    :param rules: that game's robot module.
    :param seed: the table's seed (reaction times and slips; choices also take it as salt).
    :param reaction: (lowest, highest) reaction time in seconds: the robot's typical
        reaction (:attr:`typical`) is drawn from it, each act varies around that, within it.
    :param mistakes: the chance of a slip per act.
    :param sets_up: this robot presses to set up a game.
    :param titles: the game's titles as the lobby may say them (``lobby.option.game``
        ``title``, in each language).
    :param language: the language it picks in the setup.
    """

    def __init__(self, seat: int, players: int, game: str, rules: Any, *, seed: int = 0,
                 reaction: tuple[float, float] = REACTION, mistakes: float = MISTAKE_RATE,
                 sets_up: bool = False, titles: frozenset = frozenset(), language: str = "en") -> None:
        self.seat = seat
        self.players = players
        self.game = game
        self.rules = rules
        #: the robot module of the game it sets up next (its own setup questions; the evening's
        #: next game while ``rules`` still plays the game that is ending)
        self.setup_rules = rules
        self.seed = seed
        self.reaction = reaction
        self.mistake_rate = mistakes
        self.sets_up = sets_up
        self.titles = titles
        self.language = language
        self.rng = random.Random(f"{seed}/robot/{seat}")
        #: this robot's typical reaction, seconds (a person's own pace, issue 30)
        self.typical = self.rng.uniform(*reaction)
        self.heard: list[Heard] = []        # this game's clips (the setup's, then the game's)
        self.plan: list[Planned] = []
        self.phase = "waiting"              # waiting | setup | game | over
        self.question = ""                  # the setup question heard last
        self.story_presses = 0
        self.status_checked = False         # it held for the status once in this game
        self._part_begun = False            # after the end: a clip began in its earphone (the story)
        self._seq = 0
        self._order: list[str] = []         # the setup's questions in the order heard
        self._wanted: dict[str, str] = {}   # question -> the text of the answer pressed for
        self._rewind = 0                    # "back" presses still to make
        self._pressed_clips: set = set()    # (output, start, end) of the clips pressed for
        self._picked_key = ""               # the item key of the list it picked from ('' none)
        self._meant: Heard | None = None    # the item its last pick meant, until it hears the pick
        self._press_at = 0.0                # when that press is (planned)
        self._cued_at: float | None = None  # the answer cue heard just after that press (issue 31)
        self._back_wanted = False           # its pick was answered by a confirmation of another item
        self._begun_own: Heard | None = None  # the clip that began last in its own earphone
        self._list_after: float | None = None   # told its list comes after the table (that clip's start)

    # -- planning ---------------------------------------------------------------------------
    def draw_reaction(self) -> float:
        """One act's reaction time in seconds: :attr:`typical` varied (log-normal spread
        :data:`VARIATION`), kept within :attr:`reaction`."""
        lo, hi = self.reaction
        return min(hi, max(lo, self.typical * math.exp(self.rng.gauss(0.0, VARIATION))))

    def _add(self, at: float, act: Any, cue: Heard | None, mistake: str = "", again: bool = False) -> None:
        self._seq += 1
        self.plan.append(Planned(at, act, cue, mistake, self._seq, again))

    def due(self) -> float | None:
        """The clock time of the next planned act, or None."""
        return min((p.at for p in self.plan), default=None)

    def take_due(self, now: float) -> list[Planned]:
        """The acts planned for ``now`` or earlier, in order; they leave the plan."""
        ready = sorted((p for p in self.plan if p.at <= now + 1e-9), key=lambda p: (p.at, p.seq))
        self.plan = [p for p in self.plan if p.at > now + 1e-9]
        picks = [p for p in ready if isinstance(p.act, Press) and p.act.item is not None]
        if picks:
            # a person presses once for what it heard: a press meant for an item makes every
            # other press it had in mind for an item heard until now stale (issue 30)
            first = picks[0]
            ready = [p for p in ready if p is first or not (isinstance(p.act, Press) and p.act.item is not None)]
            self.plan = [p for p in self.plan if not (isinstance(p.act, Press) and p.act.item is not None
                                                      and p.cue is not None and p.cue.end <= now + 1e-9)]
        return ready

    def acting(self, planned: Planned, now: float) -> None:
        """The table plays ``planned`` (one of :meth:`take_due`'s acts) at clock time ``now``,
        which may be later than planned (robots due at one instant act one after another, a
        press waits for a hold to come up). A press for an item is then made at ``now``: what
        its pick's answer cuts, the answer cue and the confirmation are told by that moment. (A
        pick made 0.9 s after its planned time, 10 robots choosing at once, saw the next item
        cut by its own pick's answer as an item heard, and pressed for it into "Chosen: …",
        taking its pick back: 10 seats, seed 3.)"""
        if isinstance(planned.act, Press) and planned.act.item is not None and planned.act.item is self._meant:
            self._press_at = now

    # -- hearing ----------------------------------------------------------------------------
    def begins(self, clip: Heard) -> None:
        """A clip has just begun in the seat's own earphone (``clip.end`` not known yet: its
        start). A person hears speech begin: after the game's end, a part of the story that
        begins in its earphone is what its earlier press asked for (one made during the
        game-over speech, perhaps before it knew the game had ended), so a press it meant to
        make for the table's offer or speech is dropped; the part asks for its own press once
        it has ended (:meth:`_story_cue`). The answer cue and "noted" change nothing.

        In a game, a list's confirmation that begins for another item than a press still
        planned means (an earlier press, a slip, picked that other one) drops that press: a
        person hears "Confirm: seat 2" begin and does not press for seat 4 into it, which would
        make seat 2 final (ACCESSIBILITY.md 32); the confirmation's end plans what follows.

        A message of its own earphone that was cut off and now begins again whole (the same
        key and params, :meth:`_said_again`) is heard again: what the cut one asked for waits
        for the whole one (:meth:`_forget_cut`)."""
        if clip.own:
            self._begun_own = clip
            self._forget_cut(clip)
            if self.phase == "game" and self._list_begins(clip):
                # a list begins that its planned press was to open (an earlier press opened it,
                # or the board does): a person who hears its list begin listens to it, and does
                # not press into its first item
                self.plan = [p for p in self.plan if not (
                    isinstance(p.act, Press) and p.act.item is None and not p.mistake
                    and p.cue is not None and p.cue.end <= clip.start + 1e-6
                    and not self._list_begins(p.cue) and p.cue.key not in LIST_KEYS)]
        if clip.own and self.phase == "game" and clip.key.startswith(CONFIRM_PREFIX):
            item_key = "scan." + clip.key[len(CONFIRM_PREFIX):]
            meant = self._meant
            if meant is None or (meant.key, meant.params) != (item_key, clip.params):
                self._slip_confirm = clip.start     # a confirmation of an item it did not mean
            self.plan = [p for p in self.plan if not (
                isinstance(p.act, Press) and p.act.item is not None
                and (p.act.item.key, p.act.item.params) != (item_key, clip.params))]
            return
        if not clip.own or clip.key in (ANSWER_CUE_KEY, NOTED_KEY) or self.phase != "over":
            return
        self._part_begun = True
        kept = [p for p in self.plan if not (isinstance(p.act, Press) and p.act.item is None and not p.mistake
                                             and p.cue is not None and p.cue.output == "table")]
        if len(kept) != len(self.plan):
            self.plan = kept
            self.story_presses = max(self.story_presses, 1)

    def hear(self, clip: Heard) -> None:
        """The clip has ended: remember it and plan what it asks for (the acts of the setup,
        the game's robot module and the slips), each after a drawn reaction time."""
        if clip.key.startswith("lobby.start") or (clip.key == "game.started" and self.phase != "game"):
            if clip.key == "game.started":
                self.phase = "game"
                self.heard = []
                self.story_presses = 0
                self.status_checked = False
                self._part_begun = False
                self._list_after = None
            else:
                self.phase = "setup"
        if clip.output == "table" and (clip.cut or clip.key == STATION_NOTED_KEY):
            # a table clip cut off plays again, or on from where it was cut, after what cut it
            # (a refusal, a seat's "noted" at a whisper-station board): heard whole then; the
            # table's "Seat 3: noted" asks nothing of anyone (issue 31)
            return
        if clip.own and clip.key == ANSWER_CUE_KEY:
            # "your act was taken, its words follow": no cue to act on; the answer it
            # announces counts as coming at once (a confirmation to check, below)
            if self._press_at - 1e-6 <= clip.start <= self._press_at + 0.5:
                self._cued_at = clip.start
            return
        cued = self._cued_at
        if clip.own:
            self._cued_at = None            # the answer has come (the table's clips in between do not count)
        if clip.own and clip.cut and clip.key != PICKED_KEY and clip.end - clip.start < UNHEARD_S:
            # cut off before it could be heard (ACCESSIBILITY.md 27): no cue, and nothing the
            # seat knows, so the message said again whole is the first it hears (a hand cut by
            # the seat's own press and said again asks for its discard, issue 31)
            return
        if clip.own and clip.cut and self._begun_own is not None and self._said_again(clip, self._begun_own):
            return          # cut off and already begun again whole: the whole one is the cue (issue 31)
        if (clip.own and clip.cut and clip.key.startswith("scan.") and not clip.key.startswith(CONFIRM_PREFIX)
                and clip.start < getattr(self, "_slip_confirm", -math.inf) <= clip.end + 1e-6):
            return          # a list item cut by the confirmation of an item it did not mean: the list has stopped
        self.heard.append(clip)
        if (clip.own and clip.cut and clip.key != PICKED_KEY and self._meant is not None
                and self._press_at - 1e-6 <= clip.end <= self._press_at + PICK_CUT_S):
            return                          # an item its pick's answer cut off: not heard, nothing asked
        if clip.own and clip.key == PICKED_KEY:
            for act in self._check_pick(clip):
                self._plan_act(clip, act)
            return
        if (clip.own and not clip.cut and self._meant is not None and ".confirm" in clip.key
                and (self._press_at - 1e-6 <= clip.start <= self._press_at + 0.5 or cued is not None)):
            # its pick answered by a confirmation (ACCESSIBILITY.md 16, 32): a person who hears
            # another item named than the one meant does not confirm it, it presses "back"
            meant, self._meant = self._meant, None
            if not confirms(meant, clip):
                self._back_wanted, self._picked_key = True, ""
                return
        if self._back_wanted and clip.own:
            if clip.key in BACK_KEYS:
                self._back_wanted = False
                self._pressed_clips.add((clip.output, clip.start, clip.end))
                self._plan_act(clip, Press(item=clip))
                return
            if ".confirm" not in clip.key:
                self._back_wanted = False
        if (clip.own and self._meant is not None and clip.key == self._picked_key
                and clip.start > self._press_at):
            self._picked_key, self._meant = "", None   # its press picked nothing (it took a pick back): the list goes on
        if clip.own and self._picked_key and clip.key != self._picked_key and clip.key not in LIST_KEYS:
            self._picked_key = ""           # the list it picked from is over
        acts = self._neutral(clip)
        if self.phase == "game" and not acts:
            chooser = Chooser(self.seat, self.heard, self.seed)
            acts = list(self.rules.respond(self.seat, clip, tuple(self.heard), chooser) or [])
        if self.phase == "game" and self._list_begun_after(clip):
            acts = [a for a in acts if not (isinstance(a, Press) and a.item is None)]
        confirming = self._confirmation_begun_after(clip)
        if confirming is not None:
            # a confirmation of another item began as this item ended (an earlier press, a
            # slip, picked that one): as in :meth:`begins`, no press for this item into it
            acts = [a for a in acts if not (isinstance(a, Press) and a.item is not None
                                            and (a.item.key, a.item.params) != confirming)]
        for act in self._once_per_cue(clip, acts):
            self._plan_act(clip, act)
        if clip.key.startswith("game_over"):
            self.phase = "over"

    def _list_begins(self, clip: Heard) -> bool:
        """Whether ``clip`` (of its own earphone) begins a list: the board's list intro or an
        item (``scan.*`` but a pick said back, a list's end, its confirmation, "back", "cancel",
        the wrap) or one of the game's ``LIST_STARTS`` (a turn's menu)."""
        key = clip.key
        if key in getattr(self.rules, "LIST_STARTS", ()):
            return True
        return (clip.own and key.startswith("scan.") and key not in LIST_ENDS and key not in LIST_KEYS
                and key not in BACK_KEYS and not key.startswith(CONFIRM_PREFIX))

    def _list_begun_after(self, clip: Heard) -> bool:
        """Whether a list began in its own earphone as ``clip`` ended or after (the board began
        it, or an earlier press): a press ``clip`` asks for to open a list is then not made
        (:meth:`begins` drops one planned before the list began)."""
        begun = self._begun_own
        return (begun is not None and begun.start >= clip.end - 1e-6 and self._list_begins(begun)
                and not self._list_begins(clip) and clip.key not in LIST_KEYS and clip.key not in LIST_ENDS)

    def _confirmation_begun_after(self, clip: Heard) -> tuple[str, dict] | None:
        """The item (key, params) a list's confirmation confirms that began in its own earphone
        as ``clip`` ended or after, None if none did (the board hands a clip's start and the
        end of the clip before it over together, the start first)."""
        begun = self._begun_own
        if (self.phase != "game" or not clip.own or begun is None or begun.start < clip.end - 1e-6
                or not begun.key.startswith(CONFIRM_PREFIX)):
            return None
        return "scan." + begun.key[len(CONFIRM_PREFIX):], begun.params

    @staticmethod
    def _said_again(cut: Heard, again: Heard) -> bool:
        """Whether ``again`` (a clip begun in its own earphone) is the message ``cut`` (a clip
        of its own earphone cut off) said again whole: the same key, params and words, begun
        within :data:`AGAIN_S` of the cut (after the answer cue, perhaps). A list's items are
        not: an item heard again is the list going on, and a pick is made on the item heard."""
        return (cut.cut and cut.own and again.own and not cut.key.startswith(("scan.", "lobby."))
                and (again.key, again.params, again.text) == (cut.key, cut.params, cut.text)
                and cut.end - 1e-6 <= again.start <= cut.end + AGAIN_S)

    def _forget_cut(self, again: Heard) -> None:
        """``again`` began in its own earphone: when it is the last clip heard there said again
        whole (:meth:`_said_again`), that cut clip was no cue. A person who hears its message
        begin again listens to it (the part that asks for an act, "press your button for the
        list", may come at its end) and acts once it has ended; the robot had planned its act
        on the cut clip and made it into the repeat, cutting it again (a night's "Nothing to do
        for you: … Press your button for the list." cut twice in a row by one seat, a seat's
        secret hand cut by its own tile). So the acts planned on the cut clip (not a pick) are
        dropped and the cut clip is forgotten: the whole one is the first heard."""
        own = [h for h in self.heard if h.own]
        if not own or not self._said_again(own[-1], again):
            return
        cut = own[-1]
        self.plan = [p for p in self.plan if not (
            p.cue is cut and not (isinstance(p.act, Press) and p.act.item is not None))]
        self.heard = [h for h in self.heard if h is not cut]
        self._pressed_clips.discard((cut.output, cut.start, cut.end))

    def _check_pick(self, clip: Heard) -> list[Any]:
        """Its pick said back in its earphone (``scan.selected``, ACCESSIBILITY.md 32): a person
        who hears another item than the one meant presses at once to take it back, and
        presses again in the list that comes back; the right one is left to become final."""
        meant, self._meant = self._meant, None
        if clip.cut:                        # cut off: the pick was taken back, the list goes on
            self._picked_key = ""
            return []
        if meant is None or self._same_item(meant, clip.params.get("item")):
            return []
        self._picked_key = ""               # the list comes back: it may pick from it again
        return [Press()]

    def _same_item(self, meant: Heard, said: Any) -> bool:
        """Whether ``said`` (a pick's words) names the item ``meant``, as a person tells: it
        is the words heard for that item, or any wording of its message (long or short, in a
        language the board speaks); it is another item when it is the words of another item
        the seat heard lately. Where it cannot tell, it lets the pick be."""
        if not isinstance(said, str) or said == meant.text:
            return True
        from firmware_host.kernel import games
        from firmware_host.service import board_catalogue
        for words in (games.pack(self.game).words, board_catalogue.text):
            for language in ("de", "en", "fr"):
                for long in (False, True):
                    try:
                        if words is not None and words(meant.key, dict(meant.params), language, long=long) == said:
                            return True
                    except Exception:  # noqa: BLE001 - not a message of that catalogue or language
                        continue
        others = {h.text for h in self.heard[-60:] if h.own and h.ident() != meant.ident()}
        return said not in others

    def idle(self, now: float) -> None:
        """The table has been quiet a while and nobody is about to act: what a person does
        then is the game's ``idle(seat, heard, choose)`` (optional), planned a reaction time
        from ``now``."""
        idle = getattr(self.rules, "idle", None)
        if self.phase != "game" or idle is None or not self.heard:
            return
        for act in idle(self.seat, tuple(self.heard), Chooser(self.seat, self.heard, self.seed)) or ():
            self._add(now + self.draw_reaction(), act, None)

    def _once_per_cue(self, clip: Heard, acts: list[Any]) -> list[Any]:
        """A person presses once per cue, however many lines the clip has (lines of one clip
        share its output, start and end), and not again in a list it has picked an item from
        (until its earphone says something else than that list's items, issue 30)."""
        kept = []
        cue = (clip.output, clip.start, clip.end)
        for act in acts:
            if isinstance(act, Press) and act.item is not None and act.item.key == self._picked_key \
                    and self._picked_key:
                continue
            if isinstance(act, Press):
                if cue in self._pressed_clips:
                    continue
                self._pressed_clips = {c for c in self._pressed_clips if c[2] >= clip.start} | {cue}
                if act.item is not None:
                    self._picked_key = act.item.key
                    self._meant = act.item
            kept.append(act)
        return kept

    def _plan_act(self, cue: Heard, act: Any) -> None:
        at = cue.end + self.draw_reaction()
        if isinstance(act, Press) and act.item is not None:
            self._press_at = at
            self._keep_hand_free(at)
        mistake = self.rng.random() < self.mistake_rate
        if isinstance(act, Lay) and act.reader and mistake:
            others = [r for r in registered_readers() if r != act.reader]
            if self.rng.random() < 0.5 and others:
                wrong = others[0]
                self._add(at, Lay(dict(act.signal, reader=wrong), wrong), cue, "wrong_reader")
                self._add(at + 2.0 + self.draw_reaction(), act, cue, again=True)      # the same tile
            else:
                self._add(at, act, cue)
                self._add(at + 0.6 + self.rng.uniform(0.2, 1.5), act, None, "tile_twice", again=True)
            return
        self._add(at, act, cue)
        if mistake and isinstance(act, Press) and act.item is None and self.phase == "game":
            self._add(at + self.draw_reaction() + 3.0, Hold(), None, "status_hold")

    def _keep_hand_free(self, at: float) -> None:
        """A press for an item is planned at clock time ``at``: a "where are we?" hold still
        planned that would keep the button down then (due before ``at`` or within
        :data:`HOLD_S` after it) is dropped, and the seat may ask later in the game. A person
        who hears the item it wants presses for it rather than hold for the status first: a
        hold going down 1 s before the press cut the list with the status, and the press,
        made as the button came up, picked the item the status had cut (a wrong pick, 5 seats,
        seed 8). A slip's hold (:attr:`Planned.mistake`) stays a slip."""
        held = [p for p in self.plan if isinstance(p.act, Hold) and not p.mistake and p.at < at + HOLD_S]
        if held:
            self.plan = [p for p in self.plan if p not in held]
            self.status_checked = False

    def _neutral(self, clip: Heard) -> list[Any]:
        """The acts every game's table does alike: setting up from the seats, "I am here",
        the story and the next setup after the end, a press when the table says it waits for this
        seat, a stray press now and then."""
        key = clip.key
        if clip.output == "table" and key == WHISPER_CALL_KEY and clip.params.get("seat") == self.seat:
            # called to the whisper station (BOARD.md "Audio"): it goes there and presses,
            # in the setup, its settings and a game alike; what the station says is its own
            return [Press()]
        if clip.output == "table" and (key == "lobby.presence.call" or (
                key == "lobby.waiting" and self.seat in clip.params.get("seats", ()))):
            return [Press()]                # "I am here" (again when the table calls it, issue 31)
        if self.sets_up and clip.output == "table" and key in ("service.ready", "lobby.abandoned"):
            self.phase = "waiting"
            return [Press()]
        if self.phase == "setup" and clip.own:
            return self._setup_answer(clip)
        if self.phase == "over" and self.sets_up and not clip.key.startswith("lobby"):
            if self._story_cue(clip):
                self.story_presses += 1
                return [Press()]
        if self.phase == "game" and clip.own and key == LIST_AFTER_KEY:
            self._list_after = clip.start   # "your list after the table: press again" (issue 31)
            return []
        if clip.own and self._list_after is not None and key.startswith(("scan.", "menu.")):
            self._list_after = None         # its list has begun
        if self.phase == "game" and clip.output == "table" and self._list_after is not None:
            if clip.end > self._list_after:
                self._list_after = None     # the table has said on: a press now opens its list
                return [Press()]
        if self.phase == "game" and not self.plan and not self._list_running(clip) and (
                (key == "table.waiting" and clip.output == "table" and self.seat in clip.params.get("seats", ()))
                or (key == "table.waiting_you" and clip.own)):
            return [Press()]                # the table waits for it (issue 31): it presses for its choice
        if (self.phase == "game" and clip.output == "table" and not self.plan
                and self.rng.random() < self.mistake_rate / 4):
            self._add(clip.end + self.draw_reaction(), Press(), None, "stray_press")
        elif (self.phase == "game" and clip.output == "table" and not self.plan and not self.status_checked
              and not clip.key.startswith("game_over") and self.rng.random() < STATUS_CHECK):
            self.status_checked = True      # "where are we?": one hold in a game, not a slip
            self._add(clip.end + self.draw_reaction(), Hold(), None)
        return []

    def _list_running(self, clip: Heard) -> bool:
        """Whether a list is running in its own earphone as ``clip`` is heard: the last clip of
        its earphone before it is a list's item (``scan.*`` but a pick said back, a list that
        stopped or was cancelled) that ended at most :data:`LIST_GAP_S` before ``clip`` began.
        A person whose list is being read to it does not press when the table says it is
        waited for: the press would pick the item playing (a seat's day-vote list picked
        "Cancel" on the table's "Waiting: … seat 8", then 35 s of silence, 10 seats, seed 2);
        it picks from the list, at the latest in its third pass."""
        last = next((h for h in reversed(self.heard) if h.own and h is not clip), None)
        return (last is not None and last.key.startswith("scan.") and last.key not in LIST_ENDS
                and last.end >= clip.start - LIST_GAP_S)

    def _story_cue(self, clip: Heard) -> bool:
        """Whether ``clip`` (heard after the game's end by the seat that sets up) asks it to
        press for the story's next part, or for the next setup after its last (ACCESSIBILITY.md
        30, issue 31): a person presses once at the game's end (during the game-over speech or
        on the offer that follows it), then once after each part it asked for, 1-3 s after
        that part has *ended* in its earphone (each part ends with what the next press does),
        never inside it. So: a clip of the table asks for a press only while it has not pressed
        since the game ended and no part has begun in its earphone (a press during the speech,
        even one made before it knew the game had ended, is answered "noted", and the offer
        after the speech asks nothing more of a seat whose story is told); a clip of its own
        earphone asks for one when heard whole, once per clip however many lines it has;
        "noted" (the answer to its own press) asks for nothing, nor does a part that was cut
        (the board says it again whole)."""
        if self.story_presses >= 60 or clip.key in (NOTED_KEY, ANSWER_CUE_KEY):
            return False
        if (clip.output, clip.start, clip.end) in self._pressed_clips:
            return False                    # a further line of a clip it has pressed for
        if clip.own:
            return not clip.cut
        return self.story_presses == 0 and not self._part_begun   # its story is told already

    def _setup_answer(self, clip: Heard) -> list[Any]:
        """The setting-up seat's answers (the lobby's scan: a press once the item is heard)."""
        key, params = clip.key, clip.params
        if not self.sets_up:
            return []
        if key.startswith(("lobby.question.", "setup.question.")) or ".question." in key:
            if key == "lobby.question.start" and not self._rewind:
                self._check_summary(params.get("choices"))
            elif not self._rewind and key not in self._order:
                self._order.append(key)
            self.question = key
            return []
        if key.startswith("lobby.start"):
            self._order, self._wanted, self._rewind = [], {}, 0
            return []
        if key == "lobby.cancelled" or key.endswith(".stopped"):
            return [Press()]            # the setup was cancelled (a late press) or its scan rests: again
        if key == "lobby.wrap" and not self._rewind and self.question in self._order[1:]:
            # the list came round without the answer wanted (an earlier press fell on the next
            # item: another game, another language): back to the first question, as a person would
            self._rewind = self._order.index(self.question)
            self._order, self._wanted = self._order[:1], {}
            return []
        if key in ("lobby.back", "lobby.cancel"):
            if self._rewind > 0 and key == "lobby.back":
                self._rewind -= 1
                return [Press(item=clip)]
            return []
        if self._rewind > 0:
            return []
        q = self.question
        take: bool | None
        if q == "lobby.question.game":
            take = key == "lobby.option.game" and params.get("title") in self.titles
        elif q == "lobby.question.language":
            take = key == f"lobby.option.language.{self.language}"
        elif q == "lobby.question.players":
            take = key == "lobby.option.players" and params.get("count") == self.players
        elif q == "lobby.question.names":
            take = key == "lobby.option.names.seats"
        elif q == "lobby.question.start":
            take = key == "lobby.option.start"
        else:
            option = getattr(self.setup_rules, "lobby_option", None)
            take = option(q, clip, self.players) if option is not None else None
            if take is None:       # the default: the first option offered
                own = [h for h in self.heard[:-1] if h.own]
                take = bool(own) and own[-1].key == q
        if take:
            self._wanted[q] = clip.text
            return [Press(item=clip)]
        return []

    def _check_summary(self, choices: Any) -> None:
        """Before "start" the setup says the answers; a robot that hears one it did not
        want (its press fell on the next item) goes back to that question (``lobby.back``
        once per question) and answers again, as a person would."""
        if not isinstance(choices, list):
            return
        asked = [q for q in self._order if q != "lobby.question.start"]
        for index, question in enumerate(asked):
            want = self._wanted.get(question)
            if want is not None and index < len(choices) and choices[index] != want:
                self._rewind = len(asked) - index
                self._order = asked[:index]
                return
