"""The board-adapter base: one game's side of the board, composed of the table's parts.

A game's adapter subclasses :class:`BoardAdapter` and overrides a few hooks (python-chess
variant style): its rules (``rules_setup``, ``new_game``, ``action_from_json``,
``IllegalAction``, ``ACTS``), its words (``make_words``), its own setup keys (``SETUP_KEYS``,
``table_setup``), its announcements (``announce``, ``announce_refusal``, ``step_lines``),
what a press or a hold means in its steps (``on_press``, ``status_lines``), the stand-ins
of its padded clips (``has_secret``, ``longest_stand_in``), its views and secrets
(``public_view``, ``secrets_of``, ``final_state``), its tiles (``TILES``) and its extra
commands (``extra_commands``). Everything else is the base's, the same for every game:
speech, padding, scans, seat settings, the move log, the game master's commands, faults,
the input dispatch by event class and the console picture's skeleton.
"""

from __future__ import annotations

import logging
import operator
from typing import Any, Callable, ContextManager, Iterable, Mapping, Sequence

from firmware_host.checks import quoted
from firmware_host.errors import FirmwareHostError, UsageError
from firmware_host.hardware.events import ButtonGesture, Fault, GameMasterKey, ReaderState, TileRead
from firmware_host.kernel.games import DEFAULT_GAME, UnknownGame, pack
from firmware_host.service.names import spoken_seconds_at_most
from firmware_host.service.refusals import REFUSAL_CODES, CommandRefused

from .evening import Evening, fit_parts, parts_of
from .faults import TableFaults
from .gamemaster import GameMaster
from .moves import MoveLog
from .padding import ClipPadding, longest_of, padded
from .ready import ReadyWait
from .reminders import Reminders
from .scanning import PICKED_KEY, pressed_down_at
from .scans import SeatScans
from .seats import SeatStore
from .speech import PRIVATE_CUE, Said, TableSpeech
from .speech_plan import SpeechPlan
from .timers import Timers
from .words import Line, Words

log = logging.getLogger("firmware_host.service")

__all__ = ["ANSWERED", "BoardAdapter", "describe_input", "layer_groups", "parse_names", "STATUS_FIRST_S", "STATUS_LAYER_S",
           "STATUS_STEP_S"]

#: the table's answer to an act told at the table only, in the acting seat's earphone
#: (:meth:`BoardAdapter.acknowledge`)
NOTED_KEY = "table.noted"
#: the answer to a press whose list waits for what the table still says of the last move:
#: the list comes with the seat's next press (:meth:`BoardAdapter.list_after`, issue 31)
LIST_AFTER_KEY = "table.list_after"
#: what :meth:`BoardAdapter.on_press` returns for a press the game answered itself (a refusal
#: said aloud): neither ``table.noted`` nor a repeat follows
ANSWERED = "answered"
#: the longest first answer of a status, seconds of speech (ACCESSIBILITY.md 29)
STATUS_FIRST_S = 3.0
#: the longest further layer of a status, seconds of speech (issue 31)
STATUS_LAYER_S = 15.0
#: seconds after a status layer ended in which a further hold (or press) gives the next layer;
#: later, or once the board has said something new, a hold starts again at the first
STATUS_STEP_S = 4.0


def layer_groups(texts: Sequence[str], rate: int, language: str | None,
                 limit: float = STATUS_LAYER_S) -> list[list[int]]:
    """A public status layer's lines (``texts``, in the wording said) in as few groups as fit,
    in order, each said as one clip in at most ``limit`` seconds of speech at ``rate`` words
    per minute in ``language``'s voice by the upper bound of espeak-ng's length
    (:func:`~firmware_host.service.names.spoken_seconds_at_most`, the one the story's parts are
    fitted by; issue 31: further layers of at most 15 s each). A line alone longer stays a
    group of its own.

    :returns: the groups, each the indexes of its lines (0-based)."""
    groups: list[list[int]] = []
    for i in range(len(texts)):
        if groups and spoken_seconds_at_most(" ".join(texts[j] for j in groups[-1] + [i]), rate, language) <= limit:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def is_status_answer(key: str) -> bool:
    """Whether a clip of ``key`` answers a seat's status hold (ACCESSIBILITY.md 3, 29): a
    game's status line (``status.*``) or the first answer naming the seats the table waits
    for once few are left (``table.waiting``, :meth:`BoardAdapter.status_answers`). For those
    who listen to a seat's earphone from outside (the robot table, the by-ear player).

    :param key: a catalogue key (str).
    :returns: bool."""
    return key.startswith("status.") or key == "table.waiting"


def _waits_for_prolog(utt: Any) -> bool:
    """True when the audio layer's Utterance ``utt`` waits, through its ``after`` and theirs,
    for a clip of a prolog (a padded group heard whole, :meth:`BoardAdapter.say_prolog`) not
    yet ended: a seat's status asked for during its own prolog clip must not wait for it, as
    that clip is said again only after the status (it would wait for ever)."""
    todo, seen = list(getattr(utt, "after", ()) or ()), set()
    while todo:
        u = todo.pop()
        if id(u) in seen or u.done():
            continue
        seen.add(id(u))
        group = getattr(u, "pad_group", None)
        if group is not None and group.whole:
            return True
        todo.extend(getattr(u, "after", ()) or ())
    return False


#: a press within this many seconds of a clip's start came with it (the same moment: seconds)
STARTS_WITH_PRESS_S = 0.005


def _starts_with(clip: Any, down: float) -> bool:
    """True when the Utterance ``clip``, playing now, began as the button went down at
    ``down`` (clock seconds) or after it (not started yet, or started within
    :data:`STARTS_WITH_PRESS_S`): its start is heard with the press, nothing of it came before
    (:meth:`BoardAdapter.answer_during`)."""
    plays = getattr(clip, "plays", ()) or ()
    start = getattr(plays[-1], "start", None) if plays else None
    return start is None or down <= start + STARTS_WITH_PRESS_S


def describe_input(event: Any) -> str:
    """An input event for the ``input:`` INFO log line, naming no secret: a tile by its kind
    and reader only (never its value, tag or seat: who laid which tile may be a secret,
    RULES.md R16), a slot, the peg, a seat's button, the game-master key, a reader, a fault."""
    name = type(event).__name__
    if name == "ButtonGesture":
        return f"seat {event.seat} button {event.gesture}"
    if name == "TileRead":
        return f"{event.kind} tile at the {event.reader} reader"
    if name == "SlotChanged":
        return f"{event.track} slot {event.slot} {'filled' if event.filled else 'emptied'}"
    if name == "PegMoved":
        return f"peg {'out of its hole' if event.position is None else f'in hole {event.position}'}"
    if name == "GameMasterKey":
        return f"game-master key {event.gesture}"
    if name == "ReaderState":
        return f"{event.reader} reader {'connected' if event.connected else 'disconnected'}"
    if name == "Fault":
        return f"fault {event.source}: {event.reason}"
    return name


def parse_names(names: Any, players: int) -> dict[int, str]:
    """A setup's ``names`` (a list by seat, or ``{seat: name}``) as ``{seat: name}``.

    Each name is kept by the board's one rule (:func:`~firmware_host.service.names.clean_name`):
    text of one line, at most 40 characters and 2.5 seconds of speech (issue 34: a name of any
    JSON type or size is refused in one line, never spoken).

    :raises CommandRefused: ``setup_names`` (not a list or object keyed by seat number),
        ``setup_name_seat`` (a seat outside the game), ``setup_name_long`` (too many
        characters or seconds of speech) or ``setup_name_invalid`` (not text, a control
        character, unencodable text), naming the seat.
    """
    from firmware_host.service.names import PlayerNameError, clean_name

    given: dict[int, Any] = {}
    if isinstance(names, list):
        given = {i: n for i, n in enumerate(names) if n}
    elif isinstance(names, dict):
        try:
            given = {int(k): v for k, v in names.items() if v}
        except (ValueError, OverflowError):
            raise CommandRefused("setup_names", "setup: names must be keyed by seat number") from None
    elif names is not None:
        raise CommandRefused("setup_names", "setup: names must be a list by seat or an object {seat: name}")
    if any(not 0 <= s < players for s in given):
        raise CommandRefused("setup_name_seat", f"setup: a name for a seat outside 0..{players - 1}",
                             last=players - 1)
    parsed: dict[int, str] = {}
    for seat, name in given.items():
        try:
            parsed[seat] = clean_name(name)
        except PlayerNameError as exc:
            code = "setup_name_long" if exc.code.startswith("too_long") else "setup_name_invalid"
            raise CommandRefused(code, f"setup: seat {seat}: {exc}", seat=seat) from None
    return {s: n for s, n in parsed.items() if n}


class BoardAdapter:
    """One game's side of the board, the one type the host holds (see the module docstring).

    :param service: the :class:`~firmware_host.service.core.BoardService` it runs in.
    """

    #: the game's registry name (the setup's ``game``)
    NAME = ""
    #: the game a journal setup without ``game`` plays (REPLAY.md)
    default_setup_game = DEFAULT_GAME
    #: the engine's refusal (``.reason``, ``.message``)
    IllegalAction: type = FirmwareHostError
    #: the action names the game master's ``act`` takes
    ACTS: tuple[str, ...] = ()
    #: the setup keys that are the table's, not the rules' (``names`` always is)
    SETUP_KEYS: tuple[str, ...] = ()
    #: the game's times of the table's setup (table keys too), each ``key: (default, least,
    #: most, off)`` in seconds (``off``: 0 switches it off, ACCESSIBILITY.md 11); the default
    #: is the game's own ``board.toml`` section's where it names the key (:meth:`seconds`)
    SETUP_SECONDS: Mapping[str, tuple[float, float, float, bool]] = {}
    #: the setup keys the console does not see before the game is over (a deal, its seed)
    SECRET_SETUP_KEYS: tuple[str, ...] = ()
    #: the setup keys that fix a deal (lists: roles, a deck): a restart deals anew, without
    #: the setup's ``seed``, unless the setup gives each of them (none: the seed is kept)
    DEAL_KEYS: tuple[str, ...] = ()
    #: tile kind (its pack's ``tile_kinds``) -> the method taking a
    #: :class:`~firmware_host.hardware.events.TileRead` of that kind, the adapter's or one of
    #: its parts' (``"reads.on_ballot"``); other kinds are refused neutrally
    #: (:meth:`TableFaults.foreign_tile`)
    TILES: Mapping[str, str] = {}
    #: the key said for a tag the board does not know
    UNKNOWN_TAG = "tile.unknown"
    #: the key said for a fault no part names (None: not said, the line and the console only)
    UNNAMED_FAULT: str | None = "fault.board"
    #: False: no private cue before a private scan step (a game whose list items last a fixed
    #: time, so that no cue makes one seat's list longer)
    SCAN_CUE = True
    #: the keys of a status's lines that only some seats hear (a character's own facts): once a
    #: seat's status was said, each counts as heard by it, so that their wording (long the
    #: first time) tells no side (RULES.md R16)
    STATUS_SECRETS: tuple[str, ...] = ()
    #: per action kind, the fields its INFO log lines name (:meth:`describe_action`; ``"*"``:
    #: any other kind): only what is public once the action is taken (RULES.md R16)
    LOGGED: Mapping[str, tuple[str, ...]] = {}
    #: True: the status's last layer is followed by the seat's settings offer ("for your
    #: settings, press now", :meth:`~.seat_menu.SeatMenu.offer`, issue 14); a press while it
    #: plays or within :data:`STATUS_STEP_S` after opens the seat's settings scan
    STATUS_SETTINGS = False
    #: the rules' game class (``ENGINE(setup)``: :meth:`new_game`) and action class
    #: (``ACTION.from_json(obj)``: :meth:`action_from_json`), where a game needs no more
    ENGINE: Any = None
    ACTION: Any = None
    #: the game's ``state_json(game) -> dict`` (REPLAY.md's final ``state``), for :meth:`final_state`
    STATE_JSON: Callable[[Any], dict] | None = None
    #: keys whose public clip a newer one of the same key replaces while it has not started,
    #: within one scope the game opens with ``self.speech.new_scope()`` (ACCESSIBILITY.md 24:
    #: a newer count of the same vote; :class:`~.speech.TableSpeech`)
    SUPERSEDED: frozenset[str] = frozenset()
    #: True: every refusal waits by itself until the table has heard what it refers to, the
    #: game's end until every public clip before it (ACCESSIBILITY.md 22; a seat's own act
    #: confirmed with ``own_act=True`` at once); False: the game passes ``after=`` itself
    REFUSALS_WAIT = False
    #: True (every game by default): a list opened by a press or by the table while the table
    #: still says the last move's public clips starts once they have ended (ACCESSIBILITY.md
    #: 22: a power's list after the power is said, a vote's after the vote is called), the
    #: press that opened it answered by the answer cue at once; a list answering a pick never
    #: waits (32) (:class:`~.scans.SeatScans`); False: the game passes ``after=`` itself
    LISTS_WAIT = True

    #: the speech plan (:mod:`.speech_plan`): announcement key -> the messages naming two seats
    #: that can follow it at once (their ``seat`` is the announcement's), planned as it is queued
    PLAN_FOLLOWING: Mapping[str, tuple[str, ...]] = {}
    #: message key prefixes the speech plan leaves out (said once, or rarely: rendered when said)
    PLAN_SKIPPED: tuple[str, ...] = ()
    #: the game's key prefixes planned after its flow: (with the refusals, with the faults)
    PLAN_LATER: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())

    def __init__(self, service: Any) -> None:
        self.service = service
        self.settings = service.settings
        self.language = "de"
        self.names: dict[int, str] = {}
        self.paused = False
        self._offer_due = False
        self._followed: set[str] = set()      # announcements with PLAN_FOLLOWING said in this game
        self.table: dict = {}                 # the table's own setup (names, the game's keys)
        #: seat -> its status step: (the next layer, until when a hold gives it (clock seconds;
        #: inf while the layer plays), :meth:`TableSpeech.news` when the layer was said)
        self._status_step: dict[int, tuple[int, float, int]] = {}
        #: seat -> the utterances of its last status layer (:meth:`status_waiting`)
        self._status_said: dict[int, list] = {}
        #: while an input that names no seat is handled (a tile at a shared reader): the seats
        #: whose own act it answered (:meth:`answer_act`, :meth:`answer_cue`, ``own_act``)
        self._shared_answers: list[int] | None = None
        #: seat -> the Utterance of its last ``table.list_after`` (:meth:`list_after`)
        self._list_after_said: dict[int, Any] = {}
        #: the public Utterances of the last move, where the game's :meth:`announce` keeps them,
        #: and those of the moves before it the table has not heard to the end (:meth:`status_after`)
        self.move_said = []
        #: the public lines of the move that ended the game, (key, params): :meth:`story_lines`
        self._ending: list[tuple[str, dict]] = []
        self.seats = SeatStore(service, self._seat_changed)
        self.padding = ClipPadding(service, self.STATUS_SECRETS)
        self.words = self.make_words()
        self.speech = TableSpeech(service, self.words, self.seats, lambda: (self.language, self.names),
                                  self._pad, superseded=self.SUPERSEDED, refusals_wait=self.REFUSALS_WAIT,
                                  queued=self.plan_following)
        #: what this table can hear next, pre-rendered in the background (:meth:`plan_speech`)
        self.speech_plan = SpeechPlan.for_game(self, self.words)
        self.scans = SeatScans(service, self.speech, self.seats, cue=self.SCAN_CUE, lists_wait=self.LISTS_WAIT,
                               answer_pick=self.answer_pick, on_parked=self.list_after)
        self.timers = Timers(service)
        self.faults = TableFaults(service, self.speech, unknown_tag=self.UNKNOWN_TAG,
                                  unnamed=self.UNNAMED_FAULT, awaited=self._awaited_named)
        self.evening = Evening(self._tell_story, noted=self._say_noted, cue=self._story_cue,
                               fit=self._fit_story, words=self._story_words)
        self.moves = MoveLog(service, self)
        self.reminders = Reminders(service, self._awaited_now, self._remind, secret=self.awaited_secret,
                                   stuck=lambda seat: bool(getattr(self.scans.get(seat), "stopped", False)))
        self.wait = ReadyWait(service, lambda key, params: self.say("public", key, params), lambda: self.paused,
                              lambda reason: self.wait_ended(reason),
                              tell=lambda seat, key, params: self.speech.request(
                                  [Line(f"seat:{seat}", key, params)], history=False),
                              noted=lambda body: self.moves.note({"note": "wait", "actions": self.moves.count, **body}))
        self.gm = GameMaster({"start": self._cmd_start, "pause": lambda **f: self._pause(True),
                              "resume": lambda **f: self._pause(False), "restart": self._cmd_restart,
                              "undo": self._cmd_undo, "act": self._cmd_act, "choose": self._cmd_choose,
                              "seat_settings": self._cmd_seat_settings, "key": self._cmd_key,
                              "story": self._cmd_story},
                             self.extra_commands())
        self.inputs: dict[type, Callable[[Any], None]] = {
            ButtonGesture: self.on_button, GameMasterKey: self.on_gm_key, Fault: self.faults.on_fault,
            ReaderState: self.faults.on_reader, TileRead: self.on_tile}

    # ================================================================ hooks a game overrides
    def make_words(self) -> Words:
        """The game's :class:`~.words.Words` (its catalogue in front of the board's)."""
        raise NotImplementedError

    @staticmethod
    def plan_uses(key: str, players: int) -> Any:
        """The speech plan's uses of ``key`` at a table of ``players``: (the seat hearing it
        privately or None, params) for each, or None (default) for the plan's own listing
        (:mod:`.speech_plan`)."""
        return None

    @staticmethod
    def plan_values(key: str, name: str, players: int) -> list | None:
        """The values parameter ``name`` of ``key`` takes at a table of ``players`` (the speech
        plan's), or None where the plan lists it itself (seats, enums) or cannot (default:
        ``players`` is the table's count, other numbers are not listed)."""
        return [players] if name == "players" else None

    def rules_setup(self, obj: dict) -> Any:
        """The rules' setup from a setup object without the table's keys (``.players``,
        ``.language``, ``.to_json()``). :raises UsageError: an unusable setup (one line)."""
        raise NotImplementedError

    def table_setup(self, raw: dict, setup: Any) -> dict:
        """The game's own table keys of a setup (:data:`SETUP_KEYS`), checked; default: its
        times (:data:`SETUP_SECONDS`, :meth:`setup_seconds`). :raises CommandRefused: a bad value."""
        own = self.own_config()
        return {key: self.setup_seconds(raw, key, float(own.get(key, default)), low, high, off=off)
                for key, (default, low, high, off) in self.SETUP_SECONDS.items()}

    def seconds(self, key: str) -> float:
        """A time of the table's setup (:data:`SETUP_SECONDS`) for the game in play: the
        setup's, else the game's ``board.toml`` section's, else its default; seconds."""
        return float(self.table.get(key, self.own_config().get(key, self.SETUP_SECONDS[key][0])))

    def new_game(self, setup: Any) -> Any:
        """A new engine game of ``setup`` (not started): default ``ENGINE(setup)``."""
        if self.ENGINE is None:
            raise NotImplementedError
        return self.ENGINE(setup)

    def action_from_json(self, obj: dict) -> Any:
        """An engine action from its journal/REPLAY.md object: default ``ACTION.from_json(obj)``.

        :raises IllegalAction: not one."""
        if self.ACTION is None:
            raise NotImplementedError
        return self.ACTION.from_json(obj)

    def announce(self, action: Any, events: list) -> None:
        """Say what ``events`` caused (``action`` None: the game's start)."""

    def announce_refusal(self, exc: Any, action: Any) -> None:
        """Say a refused action where the game says it."""

    def step_lines(self) -> list:
        """Whose move it is now (after a resume, an undo): the lines to say."""
        return []

    def status_lines(self, seat: int | None) -> list:
        """The status (public lines, then the seat's private ones; ``None``: the public, as
        the game master's key says it). Default: :meth:`public_status` for None, else every
        layer of :meth:`status_layers`."""
        if seat is None:
            return self.public_status()
        if type(self).status_layers is BoardAdapter.status_layers:
            return []
        return [a for layer in self.status_layers(seat) for a in layer]

    def public_status(self) -> list:
        """The public status the game master's key says at the table (:meth:`status_lines`
        for None); default: nothing."""
        return []

    def status_layers(self, seat: int) -> list[list]:
        """A seat's status in layers (ACCESSIBILITY.md 3, 29), each a list of the game's
        announcements or :class:`~.words.Line` on ``seat:N``: the first answers a hold in at
        most 3 s of speech and says what is open now (whose turn it is, the open vote or
        choice, "you" to a seat that must act); each further layer, said on a further hold,
        lasts at most 15 s (:data:`STATUS_LAYER_S`); a private layer is padded to the longest
        any seat could hear (R16). Default: :meth:`status_lines` as one layer (a game without
        layers)."""
        return [self.status_lines(seat)]

    #: the keys of lines that close a move by saying what is open now (whose turn, what to do),
    #: as a status's first answer does, or that only follow from what the table has heard before
    #: them (a board instruction, what the public tracks give): a status need not wait for them
    #: (:meth:`status_after`). An entry ending in "." is a prefix, any other one key exactly.
    STATUS_SAYS_TOO: tuple[str, ...] = ()

    def status_says_too(self, key: str) -> bool:
        """Whether a line of ``key`` is one a status need not wait for (:data:`STATUS_SAYS_TOO`)."""
        return any(key == entry or (entry.endswith(".") and key.startswith(entry)) for entry in self.STATUS_SAYS_TOO)

    @property
    def move_said(self) -> list:
        """The public Utterances (:class:`~firmware_host.audio.service.Utterance`) the table is
        still to hear of the moves so far, in the order they are said: the last move's, which
        the game's :meth:`announce` assigns (``self.move_said = public_utterances(said)``), after
        those of the moves before it not yet ended when it was assigned. A move accepted while
        the table still hears the last one's news (a tile read at a shared reader meanwhile)
        thus never hides that news from :meth:`status_after` (RULES.md R16: a status that
        waited only for the newest move's lines answered at once in a deal where that act was
        a move and after the news in one where the news had ended the game)."""
        return self._move_said

    @move_said.setter
    def move_said(self, said: Sequence) -> None:
        before = [u for u in getattr(self, "_move_said", ()) if not u.done()]
        self._move_said = before + [u for u in said if all(u is not b for b in before)]

    def status_after(self) -> tuple:
        """What the table has not heard yet of the moves' news, that a status waits for: it
        tells what is open now, never what the table is still to hear (ACCESSIBILITY.md 22, 29).
        Default: the Utterances of :attr:`move_said` (the moves' public lines, kept by the
        game's :meth:`announce`; none kept: a status answers at once) not yet ended, but the
        lines after the last news that only say what is open (:data:`STATUS_SAYS_TOO`): they
        tell the table what the status tells the seat. Whether a line is waited for depends
        only on its key and on what follows it at the table, so two deals whose table hears the
        same lines time a status alike (R16)."""
        waiting = [u for u in self.move_said if not u.done()]
        while waiting and self.status_says_too(str(getattr(waiting[-1], "key", ""))):
            waiting.pop()
        return tuple(waiting)

    def on_press(self, seat: int) -> bool | str:
        """A seat's press with no scan running: True when it meant something in this step
        (answered ``table.noted`` where nothing else answered it, :meth:`acknowledge`);
        :data:`ANSWERED` when the game answered it itself (refused aloud: the board must be
        fixed first); else False, an idle press (repeat or status)."""
        return False

    def secret_step(self, seat: int) -> bool:
        """True while ``seat``'s choices in this step are a secret (RULES.md R16): a night
        step, a private or decoy list. Its presses are answered only by the game's own
        clips, padded the same for every seat, never by the table's ``table.noted``, whose
        presence or length would tell whose press meant something. Default: while who is
        awaited is a secret (:meth:`awaited_secret`); a press into a scan with padded steps
        is secret whatever this says (:meth:`~.scans.SeatScans.padded`)."""
        return self.awaited_secret()

    def has_secret(self, line: Line, seat: int) -> bool:
        """True when ``line`` in ``seat``'s earphone carries a secret that could change its
        length (then it is padded); default: the game's padding's
        (:meth:`~.padding.ClipPadding.has_secret`: a status line only some seats hear,
        :data:`STATUS_SECRETS`)."""
        return self.padding.has_secret(line, seat)

    def longest_stand_in(self, line: Line, seat: int, seconds: Callable[[str, dict], float | None]
                         ) -> tuple[str, dict] | None:
        """The message that could stand in ``line``'s place and lasts longest."""
        return None

    def clip_stand_ins(self, lines: Sequence[Line], seat: int, seconds: Callable[[str, dict], float | None]
                       ) -> list[tuple[str, dict]] | None:
        """The messages of the longest clip that could stand in the place of a private clip
        saying ``lines`` (default: the game's padding's, :meth:`~.padding.ClipPadding.clip_stand_ins`:
        each line's :meth:`longest_stand_in`); a game overrides it where which lines a clip has
        depends on a secret (a status: a seat with a hidden role hears whom it knows). None when
        a length is unknown."""
        return self.padding.clip_stand_ins(lines, seat, seconds, self.longest_stand_in)

    def order_seed(self, setup: Any) -> Any:
        """The secret seed of the private lists' order (:meth:`SeatScans.private_order`):
        the setup's own ``seed`` (a dealt game, hidden from the console), the board's
        ``setup_seed`` or ``order_seed`` (a simulation, a robot table) mixed with the game's
        number; None: the system's randomness (a board, where no public fact may foretell
        the order)."""
        seed = getattr(setup, "seed", None)
        if seed is None:
            seed = getattr(self.service, "setup_seed", None)
        if seed is None:
            seed = getattr(self.service, "order_seed", None)
        return None if seed is None else f"{seed}-{self.game_id}"

    def items_pad(self, seat: int, key: str, stand_ins: Sequence[Mapping[str, Any]]
                  ) -> Callable[[str, str], float | None]:
        """A scan's ``pad(kind, key)`` (:meth:`SeatScans.start`) that makes every item of
        ``key`` last as long as the longest of ``stand_ins`` (its params for every value the
        item could name: every card, not only those the seat holds), in either wording, on
        the seat's earphone: where a list's items are a secret, the time from the list's
        start to a press tells nothing by their lengths (RULES.md R16, issue 33); a pick's
        answer said at once (ACCESSIBILITY.md 32) as long as the longest such answer. None for
        other steps, or when no length can be measured (no sound). :meth:`steps_pad` of one
        group."""
        return self.steps_pad(seat, [[(key, params) for params in stand_ins]])

    def steps_pad(self, seat: int, groups: Sequence[Sequence[tuple[str, Mapping[str, Any]]]]
                  ) -> Callable[[str, str], float | None]:
        """A scan's ``pad(kind, key)`` (:meth:`SeatScans.start`) for a list whose steps name a
        secret by their key or params (the items of a choice, the confirmation naming it):
        every item, or item said again, whose key is one of a group's stand-ins ``(key,
        params)`` lasts as long as the longest stand-in of that group, in either wording, on
        the seat's earphone, and a pick's answer said at once (ACCESSIBILITY.md 32) as long as
        the longest such answer over every group (RULES.md R16, issue 33). None for other
        steps, or when no length can be measured (no sound)."""
        channel = f"seat:{seat}"
        group_of = {key: n for n, group in enumerate(groups) for key, _ in group}
        longest: dict[Any, float | None] = {}

        def texts(group: Sequence[tuple[str, Mapping[str, Any]]]) -> list[str]:
            return [self.speech.text(key, params, long=long) for key, params in group for long in (False, True)]

        def said(which: Any) -> list[str]:
            if which != "picked":
                return texts(groups[which])
            return [self.speech.text(PICKED_KEY, {"item": t}) for group in groups for t in texts(group)]

        def pad(kind: str, step: str) -> float | None:
            if kind == "picked" and step == PICKED_KEY:
                which: Any = "picked"
            elif kind in ("item", "again") and step in group_of:
                which = group_of[step]
            else:
                return None
            if which not in longest:
                found = [self.padding.measure(channel, text) for text in said(which)]
                longest[which] = None if not found or None in found else max(found)
            return longest[which]
        return pad

    def templates_pad(self, seat: int, key: str, templates: Sequence[Any]) -> Callable[[str, str], float | None]:
        """A scan's ``pad(kind, key)`` (:meth:`SeatScans.start`) that makes every item of
        ``key`` (a confirmation naming a seat's secret choice) last as long as the longest
        message ``templates`` allow on the seat's earphone (:meth:`longest_template`). None
        for other steps, or when no length can be measured (no sound)."""
        memo: dict[str, float | None] = {}

        def pad(kind: str, step: str) -> float | None:
            if kind not in ("item", "again") or step != key:
                return None
            if "item" not in memo:
                memo["item"] = self.longest_template([seat], templates)
            return memo["item"]
        return pad

    def longest_template(self, seats: Sequence[int], templates: Sequence[Any]) -> float | None:
        """The padded length (:func:`~.padding.padded`), seconds, of the longest message
        ``templates`` allow (:data:`~.padding.Template`: per parameter its possible values,
        or a :class:`~.padding.Subset` of a pool), in either wording at every speech rate
        ``seats`` use: what a private clip naming a secret is padded to (RULES.md R16, issue
        33). Each parameter's longest value is measured one at a time
        (:func:`~.padding.longest_of`), never every combination. None where nothing can be
        measured (no sound)."""
        found: list[float | None] = []
        for channel in self._rate_channels(seats):
            for long in (False, True):
                def seconds(name: str, params: dict, long: bool = long, channel: str = channel) -> float | None:
                    return self.padding.measure(channel, self.speech.text(name, params, long=long))
                best = longest_of(templates, seconds)
                found.append(None if best is None else seconds(*best))
        return None if not found or None in found else padded(max(found))  # type: ignore[type-var]

    def _rate_channels(self, seats: Sequence[int]) -> list[str]:
        """One earphone channel of ``seats`` per speech rate they use (a seat's own rate,
        ACCESSIBILITY.md 19)."""
        return list({self.seats.get(seat).rate: f"seat:{seat}" for seat in sorted(seats, reverse=True)}.values())

    def longest_spoken(self, seats: Sequence[int], sentences: Sequence[tuple[str, dict]]) -> float | None:
        """The longest of ``sentences`` (key, params) in either wording at every speech rate
        ``seats`` use (a seat's own rate, ACCESSIBILITY.md 19), seconds: what a clip every one
        of these seats hears is padded to, so that neither a wording nor a rate nor which
        sentence it is makes one seat's clip longer (RULES.md R16). None where nothing can be
        measured (no sound)."""
        texts = {self.speech.text(key, params, long=long) for key, params in sentences for long in (False, True)}
        longest = 0.0
        for channel in self._rate_channels(seats):
            for text in sorted(texts):
                seconds = self.padding.measure(channel, text)
                if seconds is None:
                    return None
                longest = max(longest, seconds)
        return longest

    def own_config(self) -> dict:
        """The game's own ``board.toml`` section (its pack's ``config``, defaults filled in);
        empty where the settings have none (a test's stand-in)."""
        config = getattr(self.settings, "game_config", None)
        return dict(config(self.NAME)) if callable(config) else {}

    def enrolled_items(self, language: str) -> list[str] | None:
        """The board's enrolled numbered tiles (its tag registry's ``item`` kinds: a deck
        of numbered cards) described in ``language``, as a list by number, where they are numbered 0..m-1
        without a gap; else None (no tag registry, none enrolled, a gap)."""
        board = self.service.board
        for owner in (board, getattr(board, "board", None)):
            registry = getattr(owner, "tags", None)
            if callable(getattr(registry, "item_descriptions", None)):
                described = registry.item_descriptions(language)
                if not described or sorted(described) != list(range(len(described))):
                    return None
                return [described[n] for n in range(len(described))]
        return None

    def public_view(self) -> dict | None:
        """The console's public view of the game (no secret before the end)."""
        return None

    def secrets_of(self, seat: int) -> dict:
        """One seat's secrets for the game master's reveal (from its private view only)."""
        return {}

    def reveal(self, seat: int | None) -> dict:
        """The seats' secrets for the game master (the caller logs the WARNING): every
        seat's (``{"seats": {"N": secrets}}``) or one seat's (``{"seat": N, **secrets}``).

        :raises CommandRefused: ``no_game``; ``no_seat`` for a seat outside the game.
        """
        if self.game is None:
            raise CommandRefused("no_game", "no game is running")
        if seat is None:
            return {"seats": {str(s): self.secrets_of(s) for s in range(self.players())}}
        if type(seat) is not int or not 0 <= seat < self.players():
            raise CommandRefused("no_seat", f"no seat {quoted(seat)} in this game", seat=seat)
        return {"seat": seat, **self.secrets_of(seat)}

    def final_state(self) -> dict | None:
        """The game's replay ``state`` object (default: :data:`STATE_JSON` of the game in
        play), or None without a game."""
        return None if self.game is None or self.STATE_JSON is None else type(self).STATE_JSON(self.game)

    def story_lines(self) -> list:
        """The story of the game after its end, said into a seat's earphone when it presses
        (ACCESSIBILITY.md 30); default: how the game ended, the table's public lines of the
        move that ended it (what its :meth:`announce` said, the winner included); empty for
        a game that did not end by a move (the game master ended it)."""
        return [Line("public", key, dict(params)) for key, params in self._ending]

    def story_parts(self) -> list[list[tuple[str, dict]]]:
        """The story in short parts, one per press, each a list of (key, params)
        (ACCESSIBILITY.md 30); default: :meth:`story_lines` a few lines a part
        (:data:`~.evening.STORY_PART_LINES`)."""
        return parts_of([(a.key, dict(a.params)) for a in self.story_lines()])

    def awaited(self) -> Sequence[int]:
        """The seats the game waits for now (0-based), for the table's reminders after a quiet
        spell (:mod:`~.reminders`, ACCESSIBILITY.md 28); empty while nobody is awaited (a
        discussion among the players, a step that runs by itself). Default: the engine's
        ``awaiting()``. Who is awaited may be a secret: :meth:`reminder_lines` words it."""
        awaiting = getattr(self.game, "awaiting", None)
        return tuple(awaiting()) if callable(awaiting) else ()

    def awaited_secret(self) -> bool:
        """True while who is awaited is a secret (a night step whose actors are hidden, RULES.md
        R16): the reminder then names nobody at the table (default False)."""
        return False

    def reminder_lines(self, seats: tuple[int, ...]) -> list[Line]:
        """What the table hears when it has been quiet while ``seats`` are awaited (the
        table's reminder, :mod:`~.reminders`): ``table.waiting`` naming them at the table.
        While who is awaited is a secret (:meth:`awaited_secret`): ``table.waiting_choice`` at
        the table (nobody named), and in every seat's earphone one clip of one length at one
        moment (:meth:`_remind` pads them): ``table.waiting_you`` for an awaited seat,
        ``table.waiting_others`` for every other, so neither whose earphone speaks nor for how
        long tells who is awaited (RULES.md R16, issue 33). Not at a whisper station, whose
        call would name the seat at the table. A game may word it otherwise."""
        if self.awaited_secret():
            earphones = self.earphones()
            # at a whisper station a private line calls its seat by name at the table: nobody named
            return [Line("public", "table.waiting_choice", {}),
                    *(Line(f"seat:{seat}", "table.waiting_you" if seat in seats else "table.waiting_others", {})
                      for seat in range(self.players()) if earphones)]
        return [Line("public", "table.waiting", {"seats": list(seats)})]

    def extra_commands(self) -> dict[str, Callable[..., dict]]:
        """The game's own game-master commands (name → ``fn(**fields) -> dict``)."""
        return {}

    def snapshot_extra(self) -> dict:
        """The game's own keys of the console picture."""
        return {}

    def opened(self, events: list) -> None:
        """A game has started (journaled, its events written): say its opening (default:
        :meth:`announce`)."""
        self.announce(None, events)

    def follow(self, action: Any, events: list) -> None:
        """The game's own table state follows ``events`` (a morning begins …) before any
        line of them is written, so every console picture shows it (``action`` None: the
        start)."""

    def wait_ended(self, reason: str) -> None:
        """The table's wait (:attr:`wait`, :class:`~.ready.ReadyWait`: a discussion, a morning)
        is over: ``reason`` ``"ready"``, ``"timer"`` or ``"gm"``; the game goes on."""

    def replayed(self, game: Any, action: Any, events: list) -> None:
        """Hook: one step of the game being rebuilt from the journal (resume, undo, an ended
        game back), before :meth:`rebuilt`: ``game`` just after it, ``action`` None for its
        start (``events`` the start's). A game keeps what it learns of each move here (a seat's
        own secrets, the last move) instead of replaying the journal again. Default: nothing."""

    def rebuilt(self) -> None:
        """The game was rebuilt from the journal (resume, undo): reset the game's own state."""

    def stopping(self) -> None:
        """Scans end (shutdown, pause, another game): stop the game's own timers."""

    def tell_the_rest(self) -> None:
        """The game is over and the game master ends it (the console's "Restart"): queue now
        whatever of its telling the game still holds back on its own timers (a night told step
        by step), so the table hears the end whole before ``gm.ended`` (issue 34: nothing of a
        finished game lost). Called before :meth:`shutdown` cancels those timers. The default:
        nothing held back (a game that says each move as it is taken)."""

    def seat_settings_changed(self, seat: int, new: Any, changes: dict) -> None:
        """A seat's settings were stored and applied (re-time a scan …)."""

    # ================================================================ state
    @property
    def game(self) -> Any:
        """The engine game in play, or None."""
        return self.moves.game

    @property
    def game_id(self) -> int | None:
        """The journal's id of the game in play, or None."""
        return self.moves.game_id

    @property
    def setup(self) -> Any:
        """The rules' setup of the game in play, or None."""
        return self.moves.setup

    @property
    def pending_setup(self) -> dict | None:
        """The prepared setup not yet started (``{"setup", "table"}``), or None."""
        return self.moves.pending

    @property
    def seat_settings(self) -> dict:
        """Seat → its :class:`~firmware_host.table.seat_settings.SeatSettings`."""
        return self.seats.by_seat

    def players(self) -> int:
        """The number of seats in the game in play (0 without one)."""
        return int(getattr(self.setup, "players", 0) or 0)

    def waiting_for_setup(self) -> bool:
        """True while there is no game and no setup waiting to start (a press at a seat
        then starts a setup from the seats)."""
        return self.game is None and self.pending_setup is None

    def seat_waits_for_setup(self, seat: int) -> bool:
        """True when a press at ``seat`` starts a setup from the seats: the board waits for
        a setup, or the game is over and the seat has heard its story (ACCESSIBILITY.md 30:
        the next game from the seats, with no console and no power cycle)."""
        if self.waiting_for_setup():
            return True
        return self.moves.over and self.evening.heard_all(seat) and not self.scans.get(seat)

    def seat_in_story(self, seat: int) -> bool:
        """True when ``seat`` is in the middle of the story after game over (it has pressed
        for a part and not heard the last one, :meth:`~.evening.Evening.in_story`): its press
        is its next part, even while another seat sets up the next game (ACCESSIBILITY.md 30:
        the setup is one seat's list, the story every seat's)."""
        return bool(self.moves.over and self.evening.in_story(seat))

    # ================================================================ life cycle
    def activate(self) -> None:
        """This adapter becomes the active one (boot, or the game master switched games): the
        stored seat settings are read and applied (ACCESSIBILITY.md 19)."""
        self.seats.apply()
        self.padding.forget()
        for seat, name in self.seats.names().items():
            if seat < (self.players() or 10):
                self.names.setdefault(seat, name)

    def boot(self, resume: bool = True) -> None:
        """Apply the seat settings, then resume the journal's unfinished game of this game
        (the journal's repair report said first), or wait for a setup; the game is given the
        board's settled inputs (:meth:`settled`) and, resumed, says where it is
        (:meth:`restarted`)."""
        self.activate()
        snapshot = self.faults.read_board()
        resumed = self.moves.boot(resume)
        self.settled(snapshot)
        self.plan_speech()                  # what this table can hear next, in the background
        if not resumed:
            self.say("public", "service.ready", {})
            return
        self.say("public", "service.resumed", {})
        self.came_back()

    def board_pieces(self, game: Any) -> dict | None:
        """Hook: what engine game ``game``'s state says lies on the board's slots and peg
        (a hole), as a board that matches the game shows it: ``{"slots": {track: [slot numbers,
        1-based]}, "peg": hole (0-based) or None}``; None (default): the game keeps nothing
        in the slots or the pin (:meth:`pieces_of`)."""
        return None

    def pieces_of(self, setup_json: dict, actions: list[dict]) -> dict | None:
        """The board's pieces of a journal's game (:meth:`board_pieces`): its setup and actions
        replayed on a fresh engine game, nothing said, journaled or kept (the game's own
        rebuild at boot comes after). ``simulate`` lays them on its mocked board before a
        resumed game boots, as a real board keeps its tiles over a restart.

        :returns: the pieces, or None where the game keeps none or its entries cannot be
            replayed (logged; the boot says so as it always does)."""
        if type(self).board_pieces is BoardAdapter.board_pieces:
            return None
        try:
            setup, _ = self.parse_setup({k: v for k, v in setup_json.items() if k != "game"})
            game = self.new_game(setup)
            game.start()
            for obj in actions:
                game.apply(self.action_from_json(obj))
        except (FirmwareHostError, ValueError, KeyError, TypeError) as exc:
            log.warning("the board's pieces of the journal's game: %s", exc)
            return None
        return self.board_pieces(game)

    def settled(self, snapshot: Any) -> None:
        """Hook: the board's settled inputs at start (BOARD.md principle 2: the board is read,
        never assumed), once the journal's game is resumed if there is one: ``snapshot`` the
        board's (``slots``, ``peg``, ``readers``), None for a board without one. Default:
        nothing (the readers are the table's)."""

    def came_back(self) -> None:
        """A game comes back, the same way whatever brought it (a restart after a power cut
        resumed it from the journal, :meth:`boot`; the game master's undo of its end or of the
        start that replaced it, :meth:`_cmd_undo`): where no seat has moved yet (its journal
        holds only the board's chance inputs), nobody may have heard its opening (the end cut
        it, or the power did), so the opening is told again as at the start
        (:meth:`.moves.MoveLog.tell_opening`: every seat's prolog private and padded alike,
        ACCESSIBILITY.md 9, 23), then the table goes on; else what was journaled but never
        told is said (issue 34) and the game's :meth:`restarted` says where it stands. Then
        the table's reminders run."""
        if self.moves.seat_moved():
            untold = bool(self.moves.untold)
            self.moves.tell_untold()        # journaled, never announced: said now, once (issue 34)
            self.restarted(untold)
        else:
            self.moves.tell_opening()
        self.reminders.start()

    def journaled_wait(self, tag: Any) -> tuple[set[int], bool]:
        """The table's wait (:attr:`wait`) with ``tag`` as the journal kept it since the game's
        last action (its ``wait`` notes): the seats that had said "ready" (0-based) and whether
        it had ended; ``(set(), False)`` where nothing was kept (or the journal cannot be read:
        logged). A game that comes back during a wait begins it again with these
        (:meth:`.ready.ReadyWait.restore`)."""
        ready: set[int] = set()
        ended = False
        if self.game_id is None:
            return ready, ended
        try:
            entries = self.service.journal.entries(self.game_id)
        except FirmwareHostError as exc:
            log.warning("the table's wait cannot be read back: %s", exc)
            return ready, ended
        for kind, body in entries:
            if (kind != "note" or body.get("note") != "wait" or body.get("tag") != tag
                    or body.get("actions") != self.moves.count):
                continue
            if "ended" in body:
                ended = True
            elif isinstance(body.get("ready"), list):
                ready = {s for s in body["ready"] if type(s) is int}
        return ready, ended

    def restarted(self, untold: bool) -> None:
        """Hook: after a game came back with a seat's move in it (:meth:`came_back`, having said
        what was journaled but never told, ``untold`` True): what the table hears next.
        Default: whose move it is (:meth:`say_step`); a game may say its last move again first."""
        self.say_step()

    def restore_table(self) -> None:
        """After the game was rebuilt from the journal: its language, names and the table's
        own setup from the journal's ``table`` notes, then the game's :meth:`rebuilt`."""
        self.language = self.setup.language
        self.names = {s: n for s, n in self.seats.names().items() if s < self.players()}
        for note in self.moves.table_notes():
            self.names = {int(k): str(v) for k, v in (note.get("names") or {}).items()}
            self.table = {**self.table, **{k: v for k, v in note.items() if k not in ("note", "names")}}
        self.evening.reset()
        self._ending = []                   # the story of a game over is not this one's
        self._offer_due = False            # the evening's offer waits for the game's narration
        self.wait.stop()
        if self.service.voice is not None:
            self.service.voice.set_language(self.language)
        self.scans.reseed(self.order_seed(self.setup))
        self.rebuilt()

    def shutdown(self, *, pause: bool = False) -> None:
        """End every scan and the game's timers (:attr:`timers`; the service stops, or another
        game); the table's wait ends too, unless the game only pauses (``pause``: its timer
        runs on)."""
        self.scans.end()
        self.timers.cancel()
        self.reminders.stop()
        if not pause:
            self.wait.stop()
        self.stopping()

    # ================================================================ setup
    def parse_setup(self, raw: dict) -> tuple[Any, dict]:
        """The rules' setup and the table's own keys (``names`` and :data:`SETUP_KEYS`).

        :raises UsageError: the rules refuse it; :raises CommandRefused: a bad table key.
        """
        own = ("names", "game") + tuple(self.SETUP_KEYS) + tuple(self.SETUP_SECONDS)
        obj = {k: v for k, v in raw.items() if k not in own}
        try:
            setup = self.rules_setup(dict(obj))
        except CommandRefused:
            raise
        except UsageError as exc:
            raise self.setup_refusal(obj, exc) from None
        table = {"names": parse_names(raw.get("names"), setup.players), **self.table_setup(raw, setup)}
        return setup, table

    def setup_refusal(self, obj: dict, exc: UsageError) -> CommandRefused:
        """Hook: the refusal of a setup ``obj`` (without the table's keys) that the rules
        refused with ``exc``: ``setup_players`` where its ``players`` is no count the game is
        played with (its lobby's range; the console and the seats' setup say so in every game),
        else ``setup_invalid`` with the rules' problems as ``detail``. A game may name its own
        codes first."""
        try:
            lobby = getattr(pack(self.NAME).lobby(), "LOBBY", None)    # its CountLobby
        except (UnknownGame, TypeError):
            lobby = None
        players, low, high = obj.get("players"), getattr(lobby, "low", None), getattr(lobby, "high", None)
        if low is not None and (type(players) is not int or not low <= players <= high):
            return CommandRefused("setup_players", f"setup: {exc}")
        return CommandRefused("setup_invalid", f"setup: {exc}",
                              detail="; ".join(getattr(exc, "problems", None) or [str(exc)]))

    @staticmethod
    def setup_seconds(raw: Mapping[str, Any], key: str, default: float, low: float, high: float, *,
                      off: bool = False) -> float:
        """A time of the table's setup (a :meth:`table_setup` key), in seconds: ``raw[key]``
        (``default`` when absent) from ``low`` to ``high``, or 0 where ``off`` allows no time
        limit (ACCESSIBILITY.md 11: the default of a time that decides for a player).

        :raises CommandRefused: ``setup_invalid``: not a number in range (one line naming the key).
        """
        value = raw.get(key, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not ((off and value == 0) or low <= value <= high):
            allowed = f"0 (no limit) or {low:g} to {high:g}" if off else f"{low:g} to {high:g}"
            message = f"{key} must be {allowed} seconds, not {quoted(value)}"
            raise CommandRefused("setup_invalid", f"setup: {message}", detail=message)
        return float(value)

    def prepare(self, raw: dict) -> None:
        """Validate and remember a setup (then :meth:`start`).

        :raises CommandRefused: ``setup_*`` (one line).
        """
        self.moves.prepare(raw)
        setup = self.pending_setup["setup"]
        log.info("setup: %s, %d players, language %s", self.NAME, setup.players, setup.language)

    def setup_game(self, setup: dict) -> None:
        """Validate the setup and start the game. :raises CommandRefused: an unusable setup."""
        self.prepare(setup)
        self.start()

    def start(self) -> None:
        """Start the prepared setup: the earlier game's private messages forgotten (no repeat
        reaches them), the names played back, then the game begun (:meth:`begin`) with the
        setup :meth:`dealt` gives; or, where the table reads the setup first, the game waits
        for the game to :meth:`begin` it.

        :raises CommandRefused: ``no_setup`` without a prepared setup.
        """
        pending = self.pending_setup
        if pending is None:
            raise CommandRefused("no_setup", "no setup: set the game up first")
        setup = pending["setup"]
        self.shutdown()
        self.table = dict(pending["table"])
        self.names = {s: n for s, n in {**self.seats.names(), **self.table["names"]}.items() if s < setup.players}
        self.language = setup.language
        if self.service.voice is not None:
            self.service.voice.set_language(self.language)
        self.speech.new_game()
        self.paused = False
        self.evening.reset()
        self._ending = []                   # the story of a game over is not this one's
        self._offer_due = False            # the evening's offer waits for the game's narration
        self._followed = set()
        self.plan_speech(setup.players)    # this table's sentences, names included (issue 31)
        for seat in sorted(self.names):
            self.say("public", "setup.seat_name", {"seat": seat})
        begun = self.dealt(setup)
        if begun is None:
            self.moves.hold(setup)
            return
        self.begin(begun)

    def dealt(self, setup: Any) -> Any:
        """Hook: the rules' setup the game begins with once started (the names said):
        ``setup`` itself (default), a deal made now, or None where the table reads it first
        (a game's secret tiles, seat by seat): the game then calls :meth:`begin` with
        the setup read."""
        return setup

    def begin(self, setup: Any) -> None:
        """The game of ``setup`` begins: journaled (the journal's new game, the table's note),
        then its events written and its opening said (:meth:`opened`)."""
        events = self.moves.start(setup)
        self.scans.reseed(self.order_seed(setup))
        if self.names or self._own_table() != self._table_defaults(setup):   # a note only where it says something
            self._note_table()
        log.info("game %d started: %s, %d players", self.game_id, self.NAME, setup.players)
        self.follow(None, events)
        self._emit(events)
        self.opened(events)
        self.moves.told()
        self.reminders.start()

    def _own_table(self) -> dict:
        """The game's own keys of the table's setup (:meth:`table_setup`), without the names."""
        return {k: v for k, v in self.table.items() if k != "names"}

    def _note_table(self) -> None:
        """The table's own setup and names as a ``table`` note beside the game's actions: a
        restart (:meth:`restore_table`) takes the last one."""
        self.moves.note({"note": "table", **self._own_table(), "names": {str(k): v for k, v in self.names.items()}})

    def _table_defaults(self, setup: Any) -> dict | None:
        """The table's own keys a setup that names none of them has (:meth:`table_setup` of
        an empty setup), or None where there are none: what a game's ``table`` note need not
        say (after a restart :meth:`seconds` and the game find the same defaults again)."""
        try:
            return dict(self.table_setup({}, setup))
        except (FirmwareHostError, ValueError, KeyError, TypeError):
            return None

    def _emit(self, events: list) -> None:
        for e in events:
            self.service.emit(e.to_json())

    # ================================================================ moves
    def accept(self, action: Any, *, from_gm: bool = False, answer: Callable[[], Any] | None = None,
               answer_first: bool = False) -> bool:
        """Check, journal, apply and announce ``action`` (:meth:`MoveLog.accept`: ``answer``
        says the acting seat's own act in its earphone once journaled, before the move's
        lines; with ``answer_first`` the move's lines wait for it)."""
        return self.moves.accept(action, from_gm=from_gm, answer=answer, answer_first=answer_first)

    def refuse_input(self, what: str, reason: str, message: str, key: str, seat: int | None = None) -> None:
        """A refused board input that is no action of the rules (a tile laid while the game is
        paused, a discard no step asks for): the move log's ``rejected`` line, console entry and
        log line (:meth:`MoveLog.refuse_input`: ``what`` the input, ``reason`` a word,
        ``message`` why; no secret), and ``key`` (no parameter) said at the table."""
        self.moves.refuse_input(what, reason, message, seat)
        self.say("public", key, {})

    def describe_action(self, action: Any) -> str:
        """Hook: an action for the INFO log lines (``action:``, ``refused:``) without a secret
        (R16): its kind and the fields :data:`LOGGED` names for it that are set, the seat as
        ``by seat N``, a sequence by its length only (how many, never which: ``order of 17``),
        any other as ``field value``; by default its kind alone (who acted, or at whom, may be
        a secret)."""
        kind = str(getattr(action, "kind", action))
        told = [kind]
        for field in self.LOGGED.get(kind, self.LOGGED.get("*", ())):
            value = getattr(action, field, None)
            if value is not None:
                told.append(f"by seat {value}" if field == "seat" else f"{field} of {len(value)}"
                            if isinstance(value, (list, tuple)) else f"{field} {value}")
        return " ".join(told)

    def accepted(self, action: Any, events: list) -> None:
        """An action was journaled and applied: its events written, then announced; at the
        game's end every scan ends."""
        self.follow(action, events)
        self._emit(events)
        told = self.speech.public_count
        self.announce(action, events)
        if self.moves.over:
            self._ending = self.speech.public_since(told)     # how it ended: the default story
        self.reminders.moved()
        if self.moves.over:
            self.reminders.stop()
            self.scans.end()
            self.wait.stop()
            self.stopping()
            self.game_ended()

    def game_ended(self) -> None:
        """The game has ended and its last lines are said: the table hears how the evening
        goes on (``evening.offer``, ACCESSIBILITY.md 30), and the seats' presses tell the story
        once the table has heard the end (:class:`~.evening.Evening`). While the game's own
        last lines are still to come (:meth:`narrating`: a narration waiting for its step's
        time) the offer waits until the game says they are said (:meth:`narrated`)."""
        self._offer_due = self.narrating()
        if self._offer_due:
            return
        log.info("game %s over", self.game_id)
        speech = tuple(self.speech.last_public)
        offer = self.say("public", "evening.offer", {}, after=speech).utterance
        self.evening.over(self.story_parts, after=speech + (offer,))

    def _fit_story(self, seat: int, parts: list[list[tuple]]) -> list[list[tuple]]:
        """The story's ``parts`` as ``seat`` will hear them (:class:`~.evening.Evening`'s
        ``fit``, issue 31, :func:`~.evening.fit_parts`): in its wording (long the first time
        it hears a key, unless it asked for short or long wording) and at the rate its
        earphone says it at (the voice's, else the seat's), parts of at most 15 s with their
        closing line.

        :returns: the parts, each line (key, params, text)."""
        channel = f"seat:{seat}"
        verbosity = self.seats.get(seat).verbosity or "auto"
        voice = self.service.voice
        rate = voice.rate(channel) if voice is not None else None
        if type(rate) is not int:                  # the audio layer does not tell it
            rate = self.seats.rate(seat)
        return fit_parts(parts, lambda key, params, long: self.speech.text(key, params, long=long),
                         rate, lambda key, first: bool(
                             self.speech.long_wording(channel, key, mark=False) and (first or verbosity == "long")),
                         self.language)

    def _story_words(self, seat: int, lines: list[tuple]) -> list[tuple]:
        """A part's lines with their words fixed (:class:`~.evening.Evening`'s ``words``): a
        line without its text (the closing line) worded now, as the seat hears it; said
        again, the part is the same words (issue 31)."""
        channel = f"seat:{seat}"
        return [line if len(line) > 2 else
                (line[0], line[1], self.speech.text(line[0], line[1],
                                                    long=self.speech.long_wording(channel, line[0])))
                for line in lines]

    def narrating(self) -> bool:
        """True while the game still has lines of its own to say after its end (a narration
        of steps, each waiting for the one before); default False."""
        return False

    def narrated(self) -> None:
        """The game's narration has said what it had (:meth:`narrating` is False now): the
        evening's offer, where the game's end waited for it."""
        if self._offer_due and not self.narrating():
            self.game_ended()

    def say_step(self) -> None:
        """Whose move it is now (ACCESSIBILITY.md 28)."""
        if self.moves.running():
            self.speech.say_all(self.step_lines())

    # ================================================================ speaking
    def say(self, channel: str, key: str, params: Mapping[str, Any] | None = None, **kwargs: Any) -> Said:
        """Speak ``key`` on ``channel`` in the game's language (:meth:`TableSpeech.say`); a
        line with ``own_act`` answers that seat's own act (:meth:`handle_input`)."""
        if kwargs.get("own_act") and channel.startswith("seat:") and channel[5:].isdigit():
            self._own_answer(int(channel[5:]))
        return self.speech.say(channel, key, params or {}, **kwargs)

    def line(self, key: str, params: Mapping[str, Any] | None = None, channel: str = "public") -> Line | None:
        """A :class:`Line` of ``key`` (None, logged, when the words refuse it)."""
        return self.speech.line(channel, key, params)

    def plan_speech(self, players: int | None = None) -> None:
        """Pre-render, in the background at low priority, what this table can hear next
        (:meth:`.speech_plan.SpeechPlan.sentences`: its seats, names, language and wordings;
        issue 31): called when a game is set up, a seat renamed and at boot.

        :param players: the seats of the game being set up (default: the game's, else the
            board's seat count, else 10).
        """
        voice = self.service.voice
        if voice is None:
            return
        voice.prerender(self.speech_sentences(players))

    def speech_sentences(self, players: int | None = None) -> Callable[[], Iterable[tuple[str, str]]]:
        """The plan :meth:`plan_speech` hands the voice: ``() -> iterable of (channel, text)``
        (lazy, for the pre-render thread) of this table as it is now.

        :param players: as :meth:`plan_speech`.
        """
        voice = self.service.voice
        if players is None:
            players = self.players() or getattr(voice, "seats", None) or 10
        plan, language, names = self.speech_plan, self.language, dict(self.names)
        verbosity = getattr(voice, "verbosity", "auto")
        return lambda: plan.sentences(players, language, names, verbosity)

    def plan_following(self, key: str, params: Mapping[str, Any]) -> None:
        """An announcement is queued: where :attr:`PLAN_FOLLOWING` names what its seat's choice
        makes the board say (each seat it can pick, after "seat Anna chooses"), that is pre-rendered at once
        (:meth:`.speech_plan.SpeechPlan.following`; the long wording the first time in a game)."""
        voice = self.service.voice
        if key not in self.PLAN_FOLLOWING or voice is None or self.setup is None:
            return
        first = key not in self._followed
        self._followed.add(key)
        try:
            items = self.speech_plan.following(key, params, self.players(), self.language, dict(self.names),
                                               voice.verbosity, first)
        except (FirmwareHostError, ValueError, KeyError) as exc:
            log.warning("prerender after %s: %s", key, exc)
            return
        voice.prerender_soon(items)

    def _pad(self, channel: str, lines: Sequence[Line], longs: dict, earcon: str | None) -> float | None:
        if self.game is None and self.setup is None:       # a setup held: its secret tiles are read
            return None

        def text(key: str, params: dict, long: bool | None = None) -> str:
            if long is None:
                long = longs[key] if key in longs else self.speech.long_wording(channel, key, mark=False)
            return self.words.text(key, params, self.language, long=long, names=self.names)

        return self.padding.pad_seconds(channel, lines, text=text, has_secret=self.has_secret,
                                        longest=self.longest_stand_in, earcon=earcon,
                                        clip=self.clip_stand_ins)

    # ================================================================ inputs
    def handle_input(self, event: Any) -> None:
        """One input event from the board (on the service thread), by its class, logged first
        without a secret (:func:`describe_input`; a fault or a reader's state gets its own
        line); never raises for bad input. A seat's act answered in its own earphone (not by
        its status) starts its status again at the first layer, and drops a status layer of
        that seat still waiting for the table (:meth:`drop_status`): a status says what is
        open now (ACCESSIBILITY.md 29, issue 31). An input that names no seat (a tile at a
        shared reader, one tray for every seat) is the act of the seat it answers as its
        own (:meth:`answer_act`, :meth:`answer_cue`, a line said with ``own_act``), so that
        seat's status is treated alike (BOARD.md "Each reader has its own tiles")."""
        if not isinstance(event, (Fault, ReaderState)):
            log.info("input: %s", describe_input(event))
        handler = self.inputs.get(type(event))
        if handler is None:
            log.info("input ignored: %s", type(event).__name__)
            return
        seat = getattr(event, "seat", None)
        if getattr(event, "gesture", None) == "hold" or isinstance(event, (Fault, ReaderState)):
            handler(event)
            return
        if type(seat) is not int:
            self._shared_input(event, handler)
            return
        before, step = self.speech.queued(f"seat:{seat}"), self._status_step.get(seat)
        waiting = self.status_waiting(seat)
        handler(event)
        if self.speech.queued(f"seat:{seat}") > before and self._status_step.get(seat) is step:
            self._seat_acted(seat, waiting)

    def _shared_input(self, event: Any, handler: Callable[[Any], None]) -> None:
        """An input naming no seat (:meth:`handle_input`): handled, then every seat whose own
        act it answered in its earphone is treated as having acted (:meth:`_seat_acted`)."""
        before = {s: (step, self.status_waiting(s)) for s, step in self._status_step.items()}
        outer, self._shared_answers = self._shared_answers, []
        try:
            handler(event)
        finally:
            answered, self._shared_answers = self._shared_answers, outer
        for seat in dict.fromkeys(answered):
            step, waiting = before.get(seat, (None, False))
            if self._status_step.get(seat) is step:
                self._seat_acted(seat, waiting)

    def _seat_acted(self, seat: int, waiting: bool) -> None:
        """The seat's act was answered in its earphone (not by a status layer): what is open
        has changed, so its next hold starts again at the first layer, and a layer asked for
        that still waits for the table (``waiting``: it did before the act) would tell what was
        open before the act: dropped (:meth:`drop_status`) and asked for afresh, its first
        answer (what is open now) after the act's answer (ACCESSIBILITY.md 26, 29, issue 31:
        the seat asked, so it hears a status, never silence; the act's confirmation first)."""
        if waiting:
            self.drop_status(seat)
        self._status_step.pop(seat, None)
        if waiting:
            answer = self.speech.last_clip(f"seat:{seat}")
            self.say_status(seat, first=answer if answer is not None and not answer.done() else None)

    def _own_answer(self, seat: Any) -> None:
        """``seat``'s own act is answered in its earphone now: while an input naming no seat
        is handled, that seat is the one who acted (:meth:`_shared_input`)."""
        if self._shared_answers is not None and type(seat) is int:
            self._shared_answers.append(seat)

    def drop_status(self, seat: int) -> None:
        """Drop the seat's status layer that has not started yet: the answer to the seat's own
        act came first, so the layer, worded when it was asked for, would be stale ("You: vote"
        after the seat's vote was taken; issue 31, ACCESSIBILITY.md 29: a status says what is
        open now). The seat's next hold gives that layer afresh (:meth:`say_status`: a layer
        the seat never heard is not stepped past); the hold itself was answered at once by the
        answer cue. A layer playing already is cut by the act's answer in the audio layer."""
        voice = self.service.voice
        if voice is None:
            return
        dropped = [u for u in self._status_said.get(seat) or []
                   if getattr(u, "start", 0.0) is None and not u.done() and voice.cancel(u)]
        if dropped:
            log.info("seat %d acted while its status waited for the table: the status is dropped", seat)

    def on_tile(self, event: TileRead) -> None:
        """A tile at a reader: the handler of its kind (:attr:`TILES`), or the neutral refusal
        of a kind this game does not read (another game's tile), which names no tile. A seat's
        tile of a seat not in the game being played (seat 10's tile at five players) is
        refused the same way, in every game, before the game sees it
        (:meth:`~.faults.TableFaults.not_playing_tile`), as a button of such a seat is."""
        seat = getattr(event, "seat", None)
        if self.game is not None and type(seat) is int and not 0 <= seat < self.players():
            self.faults.not_playing_tile(event, self.players())
            return
        self.tile_handler(event.kind)(event)

    def tile_handler(self, kind: str) -> Callable[[Any], None]:
        """The method taking a :class:`~firmware_host.hardware.events.TileRead` of ``kind``
        (:attr:`TILES`: the adapter's or one of its parts', resolved now); for a kind the game
        does not read, :meth:`TableFaults.foreign_tile` (refused neutrally)."""
        method = self.TILES.get(kind)
        return self.faults.foreign_tile if method is None else operator.attrgetter(method)(self)

    def on_button(self, event: ButtonGesture) -> None:
        """A seat's press or hold: the whisper station's arrival, a hold's status, the seat's
        scan, what a press means in this step, else an idle press."""
        seat, gesture = event.seat, event.gesture
        voice = self.service.voice
        if gesture != "hold" and voice is not None and voice.confirm_whisper(seat):
            log.info("seat %d at the whisper station", seat)     # its private messages play now
            return
        if self.game is None:
            return
        if not 0 <= seat < self.players():
            self.service.fault(f"seat {seat + 1} button", "not_playing",
                               f"seat {seat} is not a seat of this {self.players()}-player game")
            return
        playing = voice.playing(f"seat:{seat}") if voice is not None else None
        if gesture == "hold":
            # during the seat's own prolog clip: the cue cuts it, the status follows the cue,
            # the clip is said again whole after both (issue 31)
            cue = self.answer_prolog(seat, playing)
            self.say_status(seat, first=cue)
            if cue is None:
                self.answer_over(seat, playing)
            return
        if self.open_settings(seat):
            return
        self.reminders.acted(seat)      # an awaited seat's act: its reminders start again (issue 31)
        # during the seat's own prolog clip: the cue at once cuts it, said again whole after
        # it (issue 31); what the press means follows as usual, answered by that cue
        prolog = self.answer_prolog(seat, playing)
        own = self.speech.queued(f"seat:{seat}")
        scan = self.scans.get(seat)
        if scan is not None:
            secret = self.scans.padded(seat) or self.secret_step(seat)
            if self.scans.parked(seat):
                self._cut_list_after(seat)      # its answer is said: the press's own answer now
            self.scans.press(seat)
            if scan.done:           # the press took the choice; else the scan answered it itself
                self.acknowledge(seat, own, secret=secret, cued=prolog is not None)
                if not secret:
                    self.answer_over(seat, playing)
            return
        if self.moves.over:
            self.evening.press(seat)
            return
        if not self.paused and self.moves.running():
            secret = self.secret_step(seat)
            # a list this press opens while the table still says the last move waits for the
            # seat's next press, never starting later by itself (issue 31, list_after)
            # (during its own prolog clip the cue and the clip said again answer the press: a
            # list kept then adds no answer of its own)
            with self.own_press(seat, secret=secret, answered=prolog is not None):
                meant = self.on_press(seat)
            if meant:
                if meant is not ANSWERED:
                    self.acknowledge(seat, own, secret=secret, cued=prolog is not None)
                if not secret:
                    self.answer_over(seat, playing)
                return
        if prolog is not None:
            return          # its prolog clip is said again whole: that is the press's repeat (A2, A4)
        self.idle_press(seat)

    def answer_over(self, seat: int, clip: Any) -> None:
        """A seat's press or hold that meant something, made while its own earphone played
        ``clip`` (the Utterance playing as the button went down), is heard at once
        (ACCESSIBILITY.md 26, 29; issue 31: a press during one's own turn message was
        answered by the turn menu only once that clip had ended, 3-4 s later; a status hold
        during one's own role message by nothing for 13.5 s): when
        what the press asked for left ``clip`` playing (queued behind it), the answer cue
        plays now, ahead of what the press asked for. A plain message (the one that asked for
        the press: "it is your turn … press to choose") is cut for good: the press answered it, and
        saying it again would only hold off what was asked for (ACCESSIBILITY.md 32: the
        item playing is cut; its facts stay in the seat's status);
        a message padded to one length with other seats' is answered as
        :meth:`answer_during` does (its silence dropped, or said again whole and as long);
        the seat's own prolog clip as :meth:`answer_prolog` does (the cue cuts it, it is
        said again whole and as long); a game-over clip and an answer already playing are
        never cut (the cue follows them as before).

        Only the pressing seat's earphone changes (RULES.md R16: the cue is the same
        whatever the press brings); :meth:`on_button` leaves out presses at a step whose
        answer is padded for secrecy (:meth:`secret_step`, a padded list): a pick there is
        answered over the item pressed for before the game's own answer is queued
        (:meth:`answer_pick`), so the cue never follows that answer.

        :param seat: the pressing seat (0-based).
        :param clip: what its earphone played as the button went down
            (:meth:`~firmware_host.service.voice.Voice.playing`), or None."""
        voice = self.service.voice
        if clip is None or voice is None or not self.earphones() or not self.speech.timed():
            return
        if clip.done() or voice.playing(f"seat:{seat}") is not clip:
            return                    # cut for the answer, or ended: the answer plays now
        if getattr(clip, "own_answer", False) or getattr(clip, "priority", "") in ("game_over", "request"):
            return                    # an answer or the seat's own request plays: what follows is queued
        group = getattr(clip, "pad_group", None)
        if group is not None and group.whole:
            self.answer_prolog(seat, clip)   # the cue cuts it; said again whole (issue 31)
            return
        if group is not None or getattr(clip, "pad_seconds", None) is not None:
            self.answer_during(seat, clip)
            return
        if getattr(clip, "keep", False):
            return
        voice.answer_cue(seat, priority="refusal", drop_cut=True)  # the press answered it: not said again

    def answer_pick(self, seat: int, clip: Any, padded: bool) -> None:
        """A seat's press chose in a list that is a game's own confirmation (:attr:`scans`,
        ``purpose`` "confirm": its pick is final at once) while the item pressed for, ``clip``,
        still plays in its earphone, told before the game hears of the pick: where the press
        is secret (a list padding its steps, ``padded``, or :meth:`secret_step`), which
        :meth:`on_button` leaves unanswered, it is answered over that item now
        (:meth:`answer_over`, ACCESSIBILITY.md 26, 32; issue 31): the answer cue at once,
        cutting the item, and the game's own answer ("Chosen: you drop Jester and Assassin
        tonight") right after it, not once a padded "Confirm: drop Jester and Assassin" has
        ended (1.75-2.26 s after the press). In its words or in the silence it is padded
        with alike (:meth:`answer_during`; a list's step is never said again): where the
        words end, the length of what they name, changes nothing the seat hears next (R16);
        the table speaker and the other seats' earphones do not change. A press that is not
        secret is answered by :meth:`on_button` as before (:meth:`answer_over` after the pick).

        :param seat: the pressing seat (0-based).
        :param clip: the audio layer's Utterance of the item pressed for, playing now.
        :param padded: the list pads its steps (M43, R16)."""
        if padded or self.secret_step(seat):
            self.answer_over(seat, clip)

    def acknowledge(self, seat: int, before: int, *, secret: bool = False, cued: bool = False) -> None:
        """Every act is answered in the acting seat's own earphone at once (ACCESSIBILITY.md
        26, issue 31): a press that meant something in this step (a scan's final pick,
        :meth:`on_press`) and gave the seat's earphone nothing (it was told at the table
        only: "ready", a confirmed vote) hears ``table.noted`` there (not at a whisper
        station). ``before``: :meth:`TableSpeech.queued` of the seat's earphone before the
        press was handled. Where the earphone is still saying something (its hand, read
        while the seat presses "ready"), the answer cue plays at once ahead of the "noted"
        (priority ``refusal``: it cuts a message, which is then said again whole, never a
        padded or ``keep`` clip), so the seat's own act is answered within a moment and
        not only after the clip (ACCESSIBILITY.md 26, issue 31).

        ``secret`` (:meth:`secret_step`, a padded scan): nothing, the game's own padded clips
        answer (RULES.md R16: a "noted" only some seats get would tell whose press chose).
        The "noted" is queued after what the earphone says (it never cuts a scan item or a
        padded clip) and padded to its long wording's length at the seat's rate, so that
        every "noted" of a seat lasts as long, whichever wording it is said in; nothing but
        the seat's own request cuts it off (``keep``: the answer to the seat's next act, a
        tile laid at once, follows it). ``cued``: the press was answered by the answer cue
        already (it cut the seat's prolog clip, :meth:`answer_prolog`): no second cue, the
        "noted" follows as that cue's words."""
        channel = f"seat:{seat}"
        voice = self.service.voice
        if secret or not self.answers_in_earphone(seat):
            # a whisper station would call the seat to it for a mere "noted": an act away from
            # it was answered at the table at once (TableFront.noted_at_table), one made at the
            # station is answered there
            return
        if self.speech.queued(channel) == before:
            if not cued and voice is not None and not voice.idle([channel]):
                # the earphone is busy (a hand being read): the answer cue at once, cutting
                # what plays (said again whole after it), and the "noted" after that (issue 31)
                voice.answer_cue(seat, priority="refusal")
                cued = True
            seconds = self.padding.measure(channel, self.speech.text(NOTED_KEY, {}, long=True), None)
            # after the cue the "noted" is still the answer to the act: a message of the seat's
            # waiting for the table (its hand after a vote's count) never holds it back (31)
            self.speech.speak(Line(channel, NOTED_KEY, {}), history=False, cue=False, keep=True,
                              pad_seconds=None if seconds is None else padded(seconds), answer=cued)

    def earphones(self) -> bool:
        """True unless the seats' private messages go to a whisper station (a voice without
        earphones, where a seat would be called to it for a mere answer); True without a voice."""
        voice = self.service.voice
        return voice is None or getattr(voice, "has_earphones", lambda: True)()

    def _acted_away(self, seat: int) -> None:
        """The act being handled (a tile at a shared reader) is ``seat``'s, answered nowhere
        here: a station board's table answers it at once (``whisper.noted``, issue 31)."""
        told = getattr(self.service.voice, "told", None)
        if callable(told):
            told(seat)

    def answers_in_earphone(self, seat: int) -> bool:
        """True where an answer to ``seat``'s own act is heard at once in its earphone: every
        seat's own earphone, or the whisper station while ``seat`` is at it (its visit under
        way: the answer joins it, issue 31); False for a seat away from the station (the table
        answered its act, ``whisper.noted``)."""
        if self.earphones():
            return True
        voice = self.service.voice
        return getattr(voice, "at_station", lambda _seat: False)(seat) is True

    def answer_act(self, seat: int, key: str, params: Mapping[str, Any], after: tuple = ()) -> Any:
        """A seat's own act (a tile read, a choice named) answered short in its earphone at
        once (ACCESSIBILITY.md 26), padded where the game pads ``key`` (R16): at the rank of a
        refusal, it cuts off a plain message and goes before what is queued, but never another
        answer or a request; words that wait for ``after`` (Utterances: what the table must
        hear first) are a plain message after them. Nothing for a seat away from the whisper station (the table answered it).

        :returns: its Utterance, or None when nothing plays."""
        if not self.answers_in_earphone(seat):
            self._acted_away(seat)
            return None
        return self.say(f"seat:{seat}", key, params, priority="normal" if after else "refusal", own_act=True,
                        after=after).utterance

    def answer_cue(self, seat: int, *, spare_padded: bool = False) -> None:
        """The answer cue alone in ``seat``'s earphone at once, at the rank of an answer
        (:meth:`answer_act`): an act answered alike whatever it brings, where its words must
        wait (RULES.md R16); nothing at a whisper station or without a voice.
        ``spare_padded``: it never cuts short a clip padded to one length with other seats'
        (whose length must not depend on a press, M43): where such a clip of the seat's plays
        now ("chosen", "keep your eyes closed"), the cue plays at once and the clip plays on
        after it from where it was cut, as long in all (the audio layer's ``resume``; issue 31:
        such a press heard nothing for 1.5-4.7 s, until the clip had ended); else the cue
        follows a padded clip still due."""
        voice = self.service.voice
        if voice is not None and self.earphones():
            self._own_answer(seat)
            if spare_padded and self._padded_playing(seat):
                voice.answer_cue(seat, priority="refusal", resume=True)
                return
            voice.answer_cue(seat, priority="refusal", **({"spare_padded": True} if spare_padded else {}))
        elif voice is not None:
            self._acted_away(seat)

    def _padded_playing(self, seat: int) -> bool:
        """True while ``seat``'s earphone plays a clip padded to one length with other seats'
        (``pad_group`` or ``pad_seconds``; not a prolog heard whole, a game-over clip or the
        seat's own request): one a resuming answer cue may interrupt (:meth:`answer_cue`)."""
        voice = self.service.voice
        clip = voice.playing(f"seat:{seat}") if voice is not None else None
        if clip is None or clip.done() or getattr(clip, "priority", "") in ("game_over", "request"):
            return False
        group = getattr(clip, "pad_group", None)
        if group is not None and group.whole:
            return False
        return group is not None or getattr(clip, "pad_seconds", None) is not None

    def say_prolog(self, items: Sequence[Any], after: Any = (), *, minimum_seconds: float | None = None,
                   key: str | None = None) -> list[Any]:
        """What each seat is told privately at the start (its role, hand, character: the
        game's prolog), every seat's clip at one moment and padded to one length (R16, R17,
        ACCESSIBILITY.md 23), in every game alike: nothing cuts a seat's clip but that seat's
        own press or hold (:meth:`answer_prolog`: the answer cue at once, a hold's status after
        it, then the clip said again whole and as long, issue 31). What the table says once
        every seat knows ("every seat knows its role") waits for the returned Utterances, so
        it comes after the last seat's clip has ended, one said again included.

        :param items: the private lines (Lines or a game's announcements), one or more per seat.
        :param after: Utterances the clips wait for (the table's line that the roles come).
        :param minimum_seconds: the least length of every clip: the longest any seat could
            be told in this setup (R16: the table's next line comes at the same moment
            whatever was dealt); None: this deal's longest clip.
        :param key: the clips' key for the audio layer (a neutral one where the first line's
            key names a secret); None: the first line's.
        :returns: the clips' Utterances (none where nothing reports playback)."""
        said = self.speech.say_padded(items, after, key=key, minimum_seconds=minimum_seconds, whole=True)
        return [s.utterance for s in said if s.utterance is not None]

    def prolog_pad(self, items: Sequence[Any]) -> float | None:
        """The least length of a prolog's clips (:meth:`say_prolog`'s ``minimum_seconds``)
        where the game pads each private line to the longest any seat could hear in its place
        (:meth:`has_secret`, :meth:`longest_stand_in`; R16): the longest of those padded
        lengths, in seconds, in the long wording with the private cue; None where no length
        is known (no sound, or no line the game pads)."""
        found = []
        for item in items:
            line = self.speech._line_of(item)
            if line is None or line.channel == "public" or not self.speech.pad:
                continue
            found.append(self.speech.pad(line.channel, [line], {line.key: True}, PRIVATE_CUE))
        found = [f for f in found if f is not None]
        return max(found) if found else None

    def answer_prolog(self, seat: int, clip: Any) -> Any:
        """A seat's press or hold while its own prolog clip ``clip`` plays
        (:meth:`say_prolog`; ACCESSIBILITY.md 4, 26; issue 31: a status hold during one's role
        message was answered by nothing for 13.5 s): the answer cue at once cuts it, and it
        is said again whole and as long as before, padded as every seat's (the audio layer:
        nothing secret changes its length); a press or hold while it is said again restarts
        nothing (it plays on after the cue from where it was cut). Whatever part of the clip
        plays (its words or its padding's silence) it is answered alike, so whether it is
        said again never depends on how long the seat's secret is (R16). Only the seat's
        earphone and what waits for the clip (the table's "every seat knows") move, by the
        seat's own visible act.

        :param seat: the acting seat (0-based).
        :param clip: what its earphone played as the button was handled, or None.
        :returns: the answer cue's Utterance (a hold's status waits for it), or None where
            ``clip`` is no prolog clip of the seat playing now (nothing done)."""
        voice = self.service.voice
        if clip is None or voice is None or not self.earphones() or not self.speech.timed():
            return None
        group = getattr(clip, "pad_group", None)
        if group is None or not group.whole or clip.done() or voice.playing(f"seat:{seat}") is not clip:
            return None
        self._own_answer(seat)
        again = len(getattr(clip, "plays", ())) > 1
        return voice.answer_cue(seat, priority="refusal", **({"resume": True} if again else {}))

    def answer_during(self, seat: int, clip: Any) -> str:
        """A seat's press answered at once while its own padded message ``clip`` (the
        Utterance of the message that asks for that press, e.g. "… Press your button for the
        list", padded to the step's longest, M43) is due or plays (ACCESSIBILITY.md 26-28,
        issue 31): what the press asks for follows the message, never a silence first.

        - its words have been said and only its padding's silence is left: that silence is
          dropped now (the clip's end is told, cut), the answer cue plays ahead of anything
          queued for the seat, and what the press asks for may follow at once (``"said"``);
        - its words are still being said: the answer cue at once, which cuts it, and the
          message is said again whole and as long as before (never lost; ``"again"``); a
          press while it is said again is answered by the cue at once too, and restarts
          nothing: the message plays on after the cue from where it was cut, as long in all
          (what the press asks for follows it: presses in a row never keep a message from
          its end);
        - it has not started yet: the answer cue at once (it cuts what the earphone plays as
          an answer does, but never another clip padded to one length with other seats', such
          as "keep your eyes closed": it follows that); the message follows whole (``"due"``);
        - it starts with the press (the button went down as it began, not later): that
          start is what the seat hears at once, nothing is cut (``"starts"``);
        - its first moments have played (its earcon, no word of it heard yet: a press meant
          for the step before, made as the step turned): answered as during its words, the
          cue at once and the message said again whole (``"again"``; issue 31: a press
          0.02 s in waited for the whole padded message, up to 14.4 s, 0.2 s in it did not);
        - it has ended, or there is no such clip (``"over"``), or no earphones, no voice
          (``"none"``): nothing here; the game answers.

        Only the pressing seat's earphone changes: the table speaker, every other seat's
        clips and the step's own timing do not depend on the press, and the message's words
        are cut by nothing but the cue (RULES.md R16: the cue is the same whatever the seat
        was told). Another clip padded to hide a secret (what someone's choice caused,
        "keep your eyes closed") is never ``clip``: a game gives only the message the press
        answers.

        :param seat: the pressing seat (0-based).
        :param clip: the audio layer's Utterance of the seat's message, or None.
        :returns: ``"said"``, ``"again"``, ``"due"``, ``"starts"``, ``"over"`` or ``"none"``.
        """
        voice = self.service.voice
        if voice is None or not self.earphones() or not self.speech.timed():
            return "none"
        if clip is None or clip.done():
            return "over"
        down = pressed_down_at()
        part = voice.playing_part(clip, down)          # as heard when the button went down
        if part == "earcon" and _starts_with(clip, self.service.clock.now() if down is None else down):
            return "starts"                           # it starts with the press: heard at once
        if part is None:                              # queued: the cue now, the message after it
            voice.answer_cue(seat, priority="refusal", spare_padded=True)
            return "due"
        if part in ("earcon", "words"):               # the cue cuts it; it is said again whole
            if len(getattr(clip, "plays", ())) > 1:    # said again for a press already: not restarted,
                voice.answer_cue(seat, priority="refusal", resume=True)   # it plays on after the cue
                return "again"
            voice.answer_cue(seat, priority="refusal")
            return "again"
        # after the silence, which ends now: the cue cuts it for good, ahead of anything queued
        # for the seat meanwhile (as in its words: where the words end, a secret's length, never
        # changes what the seat hears next, R16)
        voice.answer_cue(seat, priority="refusal", drop_cut=True)
        if not clip.done() and not voice.end_now(clip):
            return "again"
        return "said"

    def own_press(self, seat: int, *, secret: bool = False, answered: bool = False) -> ContextManager[None]:
        """The context in which a seat's own press is handled (the game's :meth:`on_press`,
        or what a game does later with a press it took while the table said something, such
        as a press during a count): a list it opens for that seat while the table still says
        the last move (the count of the last votes before the call of the seat's turn, or
        that call itself;
        ACCESSIBILITY.md 22: the list follows what the table says) is kept for the seat's next
        press, and the press is answered at once in words (:meth:`list_after`; issue 31: a
        press never opens a list later by itself, so the press a person makes on the call
        never lands on an item it did not hear; :meth:`~.scans.SeatScans.pressing`). ``secret`` (a secret step,
        RULES.md R16), a whisper station or a board whose presses are a script's (``[scan]
        list_after`` false, a scripted ``simulate``): the list follows the table by itself.
        ``answered``: the press was answered already (the game's "noted" at the press): a list
        kept is opened by the next press without another answer now."""
        keep = getattr(self.service.settings.scan, "list_after", False) is True
        return self.scans.pressing(seat, park=keep and not secret and self.earphones(), answered=answered)

    def list_after(self, seat: int) -> None:
        """Answer a press whose list waits for what the table still says of the last move,
        made before the seat could hear its turn (:meth:`own_press`,
        :meth:`~.scans.SeatScans.pressing`; issue 31, ACCESSIBILITY.md 22, 26): at once in
        the seat's own earphone, at an answer's rank, the words of what the press did,
        ``table.list_after`` ("your list after the table: press again"), no message a repeat
        gives back. The list is not started later by itself: the seat's next press once the
        table has said the move opens it, so the press a person makes on the table's cue never
        lands on an item it did not hear. A further press while the table still says the move
        is answered the same way at once: the answer still playing to the press before is cut
        for it (never said twice in a row). The same in every game (the kit's lists)."""
        if not self.earphones():
            return
        self._own_answer(seat)
        self._cut_list_after(seat)
        said = self.say(f"seat:{seat}", LIST_AFTER_KEY, {}, priority="refusal", own_act=True, history=False)
        self._list_after_said[seat] = said.utterance

    def _cut_list_after(self, seat: int) -> None:
        """The seat's ``table.list_after`` still due or playing is dropped or cut off: the
        seat pressed again, and that press is answered now (ACCESSIBILITY.md 26: its list, or
        the same answer again, never after the whole of the one before)."""
        before = self._list_after_said.pop(seat, None)
        voice = self.service.voice
        if before is not None and not before.done() and voice is not None and not voice.cancel(before) \
                and getattr(before, "plays", None):
            voice.interrupt(f"seat:{seat}")
    def _say_noted(self, seat: int) -> None:
        """``table.noted`` in ``seat``'s earphone now (:meth:`acknowledge` of a press that gave
        it nothing yet): the answer to a press whose own answer waits (the story's part behind
        the game-over speech, :class:`~.evening.Evening`)."""
        self.acknowledge(seat, self.speech.queued(f"seat:{seat}"))

    def _awaited_named(self) -> tuple[int, ...]:
        """Whom the table waits for, as it may be named at the table (a reader back names
        them): :meth:`_awaited_now`, nobody while who is awaited is a secret."""
        return () if self.awaited_secret() else self._awaited_now()

    def _awaited_now(self) -> tuple[int, ...]:
        """Whom the reminders wait for: nobody without a running game, while paused or at
        the game's end; else the game's :meth:`awaited`."""
        if self.paused or not self.moves.running():
            return ()
        return self.wait.awaited() if self.wait.running else tuple(self.awaited())

    def _remind(self, seats: tuple[int, ...]) -> None:
        """Say the game's :meth:`reminder_lines` for ``seats`` (never a message a repeat
        gives back: the seat's last instruction stays one press away). Once a called seat
        hears it, its next press starts its repeat again from its newest message, its open
        choice, however far its earlier presses had stepped back (issue 31,
        :meth:`TableSpeech.called`)."""
        lines = self.reminder_lines(seats)
        heard = lambda *_: self.speech.called(seats)     # noqa: E731 - the reminder was heard
        for line in lines:
            if line.channel == "public":
                said = self.speech.speak(line, history=False, on_start=heard)
                if said.utterance is None:
                    heard()
        private = [line for line in lines if line.channel != "public"]
        if private:       # every seat's reminder at one moment for one time (R16)
            self.speech.say_padded(private, key="table.waiting", history=False,
                                   on_end=lambda seat: self.speech.called([seat]) if seat in seats else None)

    def _story_cue(self, seat: int) -> Any:
        """The answer cue in ``seat``'s earphone at once, cutting the part of the story it
        plays (said again after it, :class:`~.evening.Evening`); None where none plays."""
        voice = self.service.voice
        return voice.answer_cue(seat, priority="request") if voice is not None else None

    def _tell_story(self, seat: int, lines: list[tuple[str, dict]], after: tuple) -> Any:
        """One part of the story in ``seat``'s earphone once ``after`` has ended
        (:class:`~.evening.Evening`'s ``tell``)."""
        channel = f"seat:{seat}"
        return self.speech.request([Line(channel, line[0], line[1]) for line in lines], after=after,
                                   texts=[line[2] if len(line) > 2 else None for line in lines]).utterance

    def idle_press(self, seat: int) -> None:
        """A press with nothing to do: the seat's last message again (ACCESSIBILITY.md 2, 25).

        A press while a status layer plays or within :data:`STATUS_STEP_S` after it gives the
        next layer (:meth:`say_status`). With ``[service] idle_press = "status"``
        (ACCESSIBILITY.md 12, for players who cannot hold) a press gives the status, layer by
        layer, and the repeat stays reachable (issue 33): a press after the status's last
        layer, with nothing new said to the seat since, is the seat's last message again,
        and further presses step back through the earlier ones; once the board says something
        new the next press gives the status again, from its first layer. A press while the
        layer asked for still waits for the table (:meth:`status_after`; its hold was answered
        by the cue) changes nothing: that layer is what the seat hears next (issue 31)."""
        if self.status_waiting(seat):
            log.info("seat %d pressed while its status waits for the table: the status comes next", seat)
            return
        step = self._status_step.get(seat)
        fresh = step is not None and step[2] == self.speech.news(seat)
        layers = len(self.status_answers(seat))
        within = fresh and self.service.clock.now() <= step[1]
        if (getattr(self.settings, "idle_press", "repeat") == "status" and (not fresh or step[0] < layers)) \
                or (within and step[0] < layers + (self._settings_menu() is not None)):
            self.say_status(seat, press=True)     # within the window after the last layer: the offer
            return
        self.scans.hold(seat, say=False)
        self.speech.repeat(seat)
        self.scans.hold(seat)

    def status_answers(self, seat: int) -> list[list]:
        """The seat's status layers as said: :meth:`status_layers` with every public layer
        that could last longer than :data:`STATUS_LAYER_S` split between its lines, as few
        layers as fit, so that a hold answers with at most 15 s of speech (issue 31). A layer
        is measured as it is said, one clip in the long wording at the seat's rate, by the
        upper bound of espeak-ng's length the story's parts are fitted by
        (:func:`~firmware_host.service.names.spoken_seconds_at_most`). A layer with a secret
        line is kept whole (how many holds it takes must not depend on a secret): the game
        keeps it short."""
        rate = self.seats.rate(seat)
        out: list[list] = []
        for layer in self.status_layers(seat):
            lines = [line for line in map(self.speech._line_of, layer) if line is not None]
            if not lines:
                continue
            if not out:
                lines = self._naming_awaited(seat, lines)
            if any(self.words.is_private(a.key) or self.has_secret(a, seat) for a in lines):
                out.append(lines)
                continue
            texts = [self.speech.text(a.key, a.params, long=True) for a in lines]
            out += [[lines[i] for i in group] for group in layer_groups(texts, rate, self.language)]
        return out

    def _naming_awaited(self, seat: int, lines: list) -> list:
        """The status's first answer names whom the table waits for once few are left
        (ACCESSIBILITY.md 29, issue 31: "Votes: six of seven cast so far" while the reminder
        said "Waiting: seat 3"): while one or two seats, not all, are awaited
        (:meth:`awaited`), who they are is public (not :meth:`awaited_secret`, R16) and
        ``seat`` is not one of them, the first layer's count of what is open (a
        ``status.now.*`` line counting with ``count``) becomes ``table.waiting`` naming them,
        as the reminder does. Every other line is kept."""
        awaited = self._awaited_now()
        if not 1 <= len(awaited) <= 2 or len(awaited) >= self.players() or seat in awaited:
            return lines
        try:
            if self.awaited_secret():
                return lines
        except Exception as exc:  # noqa: BLE001 - a game's hook never stops the status
            log.warning("status: whether whom the game waits for is a secret: %s", exc)
            return lines
        out, named = [], False
        for line in lines:
            if not named and line.key.startswith("status.now.") and "count" in line.params \
                    and not self.words.is_private(line.key) and not self.has_secret(line, seat):
                out.append(Line(line.channel, "table.waiting", {"seats": list(awaited)}))
                named = True
            else:
                out.append(line)
        return out

    def say_status(self, seat: int, *, press: bool = False, first: Any = None) -> None:
        """One layer of the seat's status (:meth:`status_layers`, ACCESSIBILITY.md 3, 29) into
        its earphone, as its own request (it cuts off what the earphone says, 4): the first
        layer, or the next one while the last layer plays, within :data:`STATUS_STEP_S` after
        it ended and with nothing new said to the seat meanwhile and no act of its own
        (:meth:`handle_input`; a hold after the last layer starts again at the first). A layer
        the seat has not heard begin (it waits for the table, or was dropped) is given again,
        never stepped past, and replaces its copy still waiting (said once, however often
        held). With ``[service] status_channel = "public"`` or without earphones a layer's
        public lines are said at the table, naming the seat where they would say "you"
        (:meth:`said_at_table`), its private ones in the earphone. The seat's scan
        waits meanwhile and then says the item heard last once (21). A status is no message a
        repeat gives back.

        :param press: a press asked for it (:meth:`idle_press`): after the last layer it does
            not start again (the press repeats instead).
        :param first: the answer cue that cut the seat's prolog clip (:meth:`answer_prolog`):
            the layer follows it, waiting for nothing that waits for that clip (the prolog is
            said again after the layer).
        """
        if self.game is None:
            return
        layers = self.status_answers(seat)
        if not layers:
            return
        news = self.speech.news(seat)
        step = self._status_step.get(seat)
        menu = self._settings_menu()
        layer = 0
        # a layer the seat never heard is not stepped past: the next hold gives it (the first:
        # what is open), whether it was dropped before it started (the seat acted while it
        # waited for the table) or still waits (a hold again before the first answer began)
        said = self._status_said.get(seat) or []
        unheard = bool(said) and all(getattr(u, "start", 0.0) is None for u in said)
        if step is not None and step[2] == news and (press or self.service.clock.now() <= step[1]):
            layer = (step[0] - unheard) % (len(layers) + (menu is not None))
        voice = self.service.voice
        if unheard and voice is not None:
            # the layer asked for again replaces the copy still waiting: it is said once
            for u in said:
                if getattr(u, "start", 0.0) is None and not u.done():
                    voice.cancel(u)
        mark = (layer + 1, float("inf"), news)
        self._status_step[seat] = mark

        def ended(*_: Any) -> None:
            if self._status_step.get(seat) == mark:
                self._status_step[seat] = (mark[0], self.service.clock.now() + STATUS_STEP_S, news)

        # the scan waits first: the request cuts the item playing, and a scan that heard that
        # cut before it waits would say the item again itself, then once more after the status;
        # it says the item once the request is queued, so the item follows the status
        self.scans.hold(seat, say=False)
        earphones = voice is None or getattr(voice, "has_earphones", lambda: True)()
        after = self.status_after()
        if first is not None:
            after = (first, *(u for u in after if not _waits_for_prolog(u)))
        if layer == len(layers):              # after the last layer: "settings: press now" (issue 14)
            played = [menu.offer(seat)]
        elif getattr(self.settings, "status_channel", "earphone") == "public" or not earphones:
            lines = [line for line in map(self.speech._line_of, layers[layer]) if line is not None]
            # said at the table as the seat's request: no news to any seat (the next hold steps on)
            said = [self.speech.speak(Line("public", *self.said_at_table(a.key, a.params, seat), priority="request"),
                                      history=False, after=after)
                    for a in lines if not self.words.is_private(a.key)]
            mine = self.speech.request([a for a in lines if self.words.is_private(a.key)], history=False,
                                       after=after)
            played = [s.utterance for s in said + [mine] if s.utterance is not None]
        else:
            # the first answer's naming of the awaited seats in its short wording, so that it
            # stays within STATUS_FIRST_S ("Waiting: seat 1 and seat 4", not the reminder's
            # "Waiting: the table is waiting for seat 1 and seat 4.", 3.5 s at 7 seats)
            texts = [self.speech.text(a.key, a.params, long=False) if layer == 0 and a.key == "table.waiting"
                     else None for a in layers[layer]]
            played = [self.speech.request(layers[layer], history=False, after=after, texts=texts).utterance]
        self.speech.when_played(played, ended)
        self._status_said[seat] = [u for u in played if u is not None]
        log.debug("status of seat %d: layer %d of %d", seat, layer + 1, len(layers))
        self.scans.hold(seat)
        for key in self.STATUS_SECRETS:
            self.speech.long_wording(f"seat:{seat}", key)

    def said_at_table(self, key: str, params: Any, seat: int) -> tuple[str, dict]:
        """A status line of ``seat`` as the table speaker says it (ACCESSIBILITY.md 3: a
        status said at the table): a line that speaks to the seat as "you" (a key with a
        ``you`` part, ``status.now.you``) names it instead, by the game's twin key with
        ``seat`` for ``you`` (``status.now.seat``: "Seat 3: vote now") and the seat as
        ``seat``; any other line as it is. :returns: ``(key, params)``."""
        parts = key.split(".")
        if "you" not in parts:
            return key, dict(params or {})
        return ".".join("seat" if p == "you" else p for p in parts), {**(params or {}), "seat": seat}

    def status_waiting(self, seat: int) -> bool:
        """True while the seat's last status layer is asked for and none of it has started: it
        waits until the table has heard what it would tell (:meth:`status_after`)."""
        step = self._status_step.get(seat)
        said = self._status_said.get(seat) or []
        return (step is not None and step[1] == float("inf") and bool(said)
                and all(getattr(u, "start", 0.0) is None and not u.done() for u in said))

    def _settings_menu(self) -> Any:
        """The seats' settings scan a status offers (:data:`STATUS_SETTINGS`), or None."""
        return getattr(self.service.game, "seat_menu", None) if self.STATUS_SETTINGS else None

    def open_settings(self, seat: int) -> bool:
        """A press while the status's settings offer plays or within :data:`STATUS_STEP_S`
        after (nothing new said to the seat meanwhile) opens the seat's settings scan (issue
        14); True when it did."""
        step, menu = self._status_step.get(seat), self._settings_menu()
        if menu is None or step is None or step[2] != self.speech.news(seat) \
                or self.service.clock.now() > step[1] or step[0] <= len(self.status_answers(seat)):
            return False
        menu.open(seat)
        return True

    def gm_press(self) -> bool:
        """Hook: a press of the game-master key that means something in this step (it ends a
        morning or a discussion); True when it did. Default: it ends the table's :attr:`wait`
        (else the press pauses)."""
        return self.wait.end("gm")

    def on_gm_key(self, event: Any) -> None:
        """The game-master key: a press ends the step the game waits on (:meth:`gm_press`,
        not while paused), else pauses or resumes; a hold says the public status."""
        if self.game is None:
            return
        if event.gesture == "press":
            if not self.paused and self.gm_press():
                return
            self._pause(not self.paused)
        else:
            self.speech.say_all(self.status_lines(None))

    # ================================================================ the game master
    def command(self, name: str, /, **fields: Any) -> dict:
        """A game-master command (:class:`~.gamemaster.GameMaster`: ``start`` with an
        optional ``setup``, ``pause``, ``resume``, ``restart``, ``undo``, ``act``,
        ``choose``, ``seat_settings``, ``key``, ``story`` and the game's extras).

        :raises CommandRefused: refused now (one line).
        """
        return self.gm.run(name, fields)

    def _cmd_start(self, setup: Any = None, **_: Any) -> dict:
        if setup is not None:
            self.prepare(setup)
        self.start()
        return {"ok": True}

    def _pause(self, pause: bool) -> dict:
        if self.game is None:
            raise CommandRefused("no_game", f"no game to {'pause' if pause else 'resume'}")
        if self.paused != pause:
            self.paused = pause
            self.moves.note({"note": "pause" if pause else "resume"})
            if pause:
                self.shutdown(pause=True)
            self.say("public", "gm.paused" if pause else "gm.resumed", {})
            if not pause and not self.wait.resume():      # a wait over meanwhile says what follows
                self.resumed()
                self.reminders.start()
        return {"paused": self.paused}

    def resumed(self) -> None:
        """The game master resumed the game: whose move it is (a game may do more)."""
        self.say_step()

    def _cmd_restart(self, **_: Any) -> dict:
        """The game master's restart: the last setup again, dealt anew (without its ``seed``)
        unless it fixes the deal itself (every one of :data:`DEAL_KEYS` a list)."""
        if self.moves.raw_setup is None:
            raise CommandRefused("no_setup", "no setup to restart")
        raw = dict(self.moves.raw_setup)
        if not all(isinstance(raw.get(key), list) for key in self.DEAL_KEYS):
            raw.pop("seed", None)
        self.prepare(raw)
        self.start()
        return {"ok": True}

    def _cmd_undo(self, **_: Any) -> dict:
        """The game master's undo: the game the game master ended (or a new start replaced)
        back where it stood while the next game has no move (``gm.game_back``, then as after
        a power cut: :meth:`came_back`), else the last
        move taken back (:meth:`undone` says which); then whose move it is. A refused undo
        changes nothing."""
        if self.moves.can_restore():
            back = self.moves.restore()
            self.paused = False
            self.shutdown()
            self.restore_table()
            self.say("public", "gm.game_back", {})
            self.came_back()                # as after a power cut: an opening never heard is told
            return back
        if self.game is None:
            raise CommandRefused("no_game", "no game to undo in")
        secret = self.awaited_secret()          # who acts now is a secret: so is who acted last
        undone = self.moves.undo()
        self.shutdown()
        self.restore_table()
        if secret or self.awaited_secret() or self.secret_move(undone.get("action") or {}):
            self.say("public", "gm.undone_nobody", {})       # RULES.md R16: no actor named
        else:
            self.undone(undone)
        self.say_step()
        self.reminders.start()
        return {"actions": undone["actions"]}

    def secret_move(self, action: dict) -> bool:
        """Hook: True when who took ``action`` (a journal object the game master's undo took
        back) is a secret at the table (a night's move, RULES.md R16): the undo is then said
        ``gm.undone_nobody``, naming nobody, instead of :meth:`undone`. Default: False (the
        undo is also said naming nobody while :meth:`awaited_secret` holds, before or after it)."""
        return False

    def undone(self, undone: dict) -> None:
        """Hook: the table hears what the game master's undo took back (``undone``:
        :meth:`MoveLog.undo`'s answer, with the undone action's journal object); default:
        ``gm.undone`` naming its seat."""
        self.say("public", "gm.undone", {"seat": undone["seat"]})

    def _cmd_act(self, action: Any = None, **_: Any) -> dict:
        """The game master acts for a seat (an action of :data:`ACTS`, its journal object):
        taken as a seat's would be, named in the log. :raises CommandRefused: ``no_game``,
        ``refused`` (not an action of this game), ``paused``, ``illegal.<reason>`` where the
        rules refuse its form with a reason the console words (else ``refused``),
        ``action_refused`` (the rules refuse it now: said as the game says a refusal)."""
        if self.game is None:
            raise CommandRefused("no_game", "no game is running")
        if not isinstance(action, dict) or action.get("action") not in self.ACTS:
            raise CommandRefused("refused", f"act: not an action of this game: {quoted(action)}",
                                 detail="not an action of this game")
        if self.paused:
            raise CommandRefused("paused", "the game is paused")
        try:
            made = self.action_from_json(action)
        except self.IllegalAction as exc:
            message = getattr(exc, "message", str(exc))
            code = f"illegal.{getattr(exc, 'reason', '')}"
            if code not in REFUSAL_CODES:
                code = "refused"
            raise CommandRefused(code, f"act: {message}", **({"detail": message} if code == "refused" else {})) from None
        if self.before_act(made):
            return {"accepted": True, "state": self.final_state()}
        seat = getattr(made, "seat", None)
        if type(seat) is int:
            self.scans.end(seat)
        if not self.accept(made, from_gm=True):
            raise CommandRefused("action_refused", f"{action['action']} was refused", action=action["action"])
        return {"accepted": True, "state": self.final_state()}

    def before_act(self, action: Any) -> bool | None:
        """The game master acts for a seat: what the game ends first (a morning …). True
        when the game took the action itself (a vote counted with the table's)."""

    def _cmd_choose(self, seat: Any = None, target: Any = None, **_: Any) -> dict:
        """The game master chooses for ``seat`` the seat ``target`` from the list the seat
        would choose from by scanning now (the game's :meth:`choice`: the seat its move
        names); every scan ends and the choice is taken as the seat's would be, named in
        the log. :raises CommandRefused: ``no_game``, ``choose_needs_seats`` (not two seat
        numbers), ``nothing_to_choose`` (no such choice now: use ``act``), the game's own
        refusal, ``action_refused`` (the rules refuse it: said as a refusal is); a game with no
        :meth:`choice`: ``nothing_to_choose`` whatever is asked (the console's ``act`` only)."""
        if type(self).choice is BoardAdapter.choice:
            raise CommandRefused("nothing_to_choose", "nothing to choose in this game; use act",
                                 phase=getattr(self.game, "phase", None) or "none")
        if self.game is None:
            raise CommandRefused("no_game", "no game is running")
        if type(seat) is not int or type(target) is not int:
            raise CommandRefused("choose_needs_seats", "choose needs a seat and a target (seat numbers)")
        action = self.choice(seat, target)
        if action is None:
            phase = str(getattr(self.game, "phase", None) or "none")
            raise CommandRefused("nothing_to_choose", f"nothing to choose now ({phase})", phase=phase)
        self.scans.end()
        if not self.accept(action, from_gm=True):
            raise CommandRefused("action_refused", f"{action.kind} was refused", action=action.kind)
        return {"accepted": True}

    def choice(self, seat: int, target: int) -> Any:
        """Hook: the action of ``seat`` choosing seat ``target`` in this step, for the game
        master's ``choose`` (:meth:`_cmd_choose`), or None where the seat chooses no seat now;
        a game may refuse it (``CommandRefused``). Not overridden: the game has no such choice."""
        return None

    def _cmd_seat_settings(self, seat: Any = None, **changes: Any) -> dict:
        return self.change_seat_settings(seat, changes)

    def _cmd_key(self, gesture: str = "press", **_: Any) -> dict:
        self.on_gm_key(GameMasterKey(gesture=gesture))
        return {"paused": self.paused}

    def _cmd_story(self, **_: Any) -> dict:
        """The game master's ``story``: the finished game's story as words, a list per part
        (:meth:`story_parts`, what the seats' presses tell). :raises CommandRefused:
        ``story_not_over`` while no game is over (its story would tell secrets, RULES.md R16)."""
        if not self.moves.over:
            raise CommandRefused("story_not_over", "the story is told once the game is over")
        return {"story": [[self.speech.text(key, params) for key, params in part] for part in self.story_parts()]}

    def end_game(self) -> dict:
        """The game master ends the game: journal abandoned, the table hears ``gm.ended``.
        A game already over is told to its end first (:meth:`tell_the_rest`), then ``gm.ended``.

        :raises CommandRefused: ``no_game`` without a game or setup.
        """
        if self.moves.over:
            self.tell_the_rest()
        self.moves.end()
        self.shutdown()
        self.paused = False
        self.say("public", "gm.ended", {})
        return {"ended": True}

    # ================================================================ seat settings
    def change_seat_settings(self, seat: Any, changes: dict) -> dict:
        """Change and store one seat's settings (ACCESSIBILITY.md 19); the seat hears
        ``settings.saved``. :raises CommandRefused: as :meth:`SeatStore.change`."""
        out = self.seats.change(seat, dict(changes))
        self.say(f"seat:{seat}", "settings.saved", {})
        return out

    def _seat_changed(self, seat: int, new: Any, changes: dict) -> None:
        """A seat's settings were stored: a new name is the table's from now on, and noted
        beside a game's actions (a restart calls the seat by it); padded clips are measured
        again at a new rate, wording, volume (as played) or grammatical gender (the words'
        forms); then the game's :meth:`seat_settings_changed`."""
        if "name" in changes:
            if new.name and seat < (self.players() or 10):
                self.names[seat] = new.name
            else:
                self.names.pop(seat, None)
            if self.game is not None:
                self._note_table()
        if {"rate", "verbosity", "gender"} & set(changes) or ("volume" in changes and self.service.voice is not None):
            self.padding.forget()
        if "name" in changes or "gender" in changes:
            self.plan_speech()              # the seat is called by its new name (or form) from now on
        self.seat_settings_changed(seat, new, changes)

    # ================================================================ the console's picture
    def public_setup(self) -> dict | None:
        """The setup as the console shows it (nothing secret): one prepared and not started,
        else the game's; without :data:`SECRET_SETUP_KEYS` until the game is over."""
        pending = self.pending_setup
        if pending is not None and (self.setup is None or self.moves.prepared):
            setup, table = pending["setup"], pending["table"]
            names = {**{s: n for s, n in self.seats.names().items() if s < setup.players}, **table["names"]}
        elif self.setup is not None:
            setup, table, names = self.setup, self.table, self.names
        else:
            return None
        hidden = () if self.game is not None and self.moves.over and not self.moves.prepared \
            else self.SECRET_SETUP_KEYS
        return {**{k: v for k, v in setup.to_json().items() if k not in hidden},
                **{k: v for k, v in table.items() if k != "names"},
                "names": {str(k): v for k, v in sorted(names.items())}}

    def snapshot(self) -> dict:
        """The console's picture: the public view, the last public announcements, faults and
        refusals, readers, the setup, who is scanning, the seats' settings, and the game's
        own keys (:meth:`snapshot_extra`). No secret before the end."""
        return {
            "view": self.public_view() if self.game is not None else None,
            "announcements": list(self.speech.announced),
            "faults": list(self.faults.listed),
            "paused": self.paused,
            "readers": dict(self.faults.readers),
            "pins": {"slots": {}, "peg": None, "mismatch": []},
            "setup": self.public_setup(),
            "scan": [{"seat": seat} for seat in self.scans.seats_scanning()],
            "game_id": self.game_id,
            "seat_settings": {str(seat): own.to_json() for seat, own in sorted(self.seat_settings.items())},
            **self.snapshot_extra(),
        }

    def status_step(self) -> str:
        """Where the game is, for the STATUS= line (no secret); default: the engine's ``phase``."""
        return str(getattr(self.game, "phase", ""))

    def status_line(self) -> str:
        """One line for systemd's STATUS= (no secret): the game, :meth:`status_step`, paused;
        only :meth:`status_step` while a started setup has no game yet (a game that reads
        its roles from tiles first)."""
        if self.game is None:      # a setup started before its game begins (roles read from tiles)
            return self.status_step() if self.setup is not None else "waiting for a setup"
        return f"game {self.game_id}: {self.NAME} {self.status_step()}{' (paused)' if self.paused else ''}"
