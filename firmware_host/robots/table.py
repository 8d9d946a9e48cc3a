"""A table of robot players on the real board service (``simulate --robots``, issue 23).

:class:`RobotTable` starts the same service as ``simulate`` (:class:`~firmware_host.service.
simulator.Simulator`: the mocked board, speech that takes its real time on a virtual clock),
seats one :class:`~firmware_host.robots.robot.SeatRobot` at each of ``players`` seats and
lets them play: each robot is handed the clips its seat heard (the table speaker and its own
earphone) once each has ended, and its acts are played on the mocked board's pins and readers
at the time it chose. Nothing of the engine reaches a robot.

The table measures what a table of blind players meets (one summary line per game, SIMULATE
docs in ``docs/SIMULATE-robots.md``): the seconds from one's own act to the start of its
confirmation in one's own earphone (on a whisper-station board, for an act away from the
station, the table's "Seat 3: noted" that answers it at once), the silences, stale instructions (an instruction
followed as told and refused), scans that chose the wanted item, the slips and whether the
board answered them. Measuring looks at the board (which item a scan chose, a refusal); the
robots never do.

Example::

    table = RobotTable(players=7, game=NAME, seed=3, out=sys.stdout)     # a registered game
    summaries = table.run(games=1)
"""

from __future__ import annotations

import dataclasses
import importlib
import logging
import math
import sys
from typing import Any, Sequence, TextIO

from firmware_host.kernel import games
from firmware_host.clock import VirtualClock
from firmware_host.errors import UsageError
from firmware_host.kernel.values import Outcome
from firmware_host.robots.robot import (MISTAKE_RATE, REACTION, STATION_NOTED_KEY, Heard, Hold, Lay, Press, SeatRobot,
                                       TileHands)
from firmware_host.table import scanning
from firmware_host.table.adapter import is_status_answer
from firmware_host.service.signals import Signal
from firmware_host.service.simulator import Simulator, deal_seed

log = logging.getLogger("firmware_host.robots")

__all__ = ["RobotTable", "GameRecord", "SILENCE_S", "deal_seed", "percentile", "robot_line", "rules_for"]

#: seconds of nothing playing while no robot can act that count as a silence (issue 23)
SILENCE_S = 30.0
#: seconds of quiet (nothing playing, nobody about to act) after which each robot is asked
#: what a person does then (the game's ``idle``: e.g. press again for a menu that closed)
NUDGE_S = 15.0
#: seconds of virtual time after which a table that waits for nobody is given up
STUCK_S = 900.0
#: seconds of virtual time one game (its setup included) may take before it is given up
GAME_LIMIT_S = 2 * 3600.0
#: seconds a confirmation is looked for after one's own act
CONFIRM_WINDOW_S = 60.0
#: a hold this soon (seconds) after the end of a status answer in the seat's earphone, or while
#: one plays, asks for its next layer (the board's own window is 4 s from the hold's recognition)
FURTHER_HOLD_S = 10.0


def rules_for(game: str) -> Any:
    """The robot module of the registered game ``game`` (``games/<game>/robot.py``, next to
    the pack the registry names), or None when the game has none.

    :raises UsageError: ``game`` is not registered (:class:`~firmware_host.games.UnknownGame`).
    """
    package = games.REGISTRY[games.game_name(game)].rpartition(".")[0]
    try:
        return importlib.import_module(package + ".robot")
    except ModuleNotFoundError as exc:
        if exc.name != package + ".robot":
            raise
        return None


def percentile(values: list[float], q: float) -> float | None:
    """The ``q``-quantile (0-1, nearest rank) of ``values``, None when empty."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def robot_line(seat: int, at: float, act: Any, cue: Heard | None) -> dict:
    """The ``{"event": "robot", …}`` line of an act (docs/SIMULATE-robots.md): ``seat``,
    ``at`` (clock seconds, rounded to ms), ``act`` (``press``, ``hold``, ``double`` or the
    board signal's name: a game's tile signal, ``slot`` or the peg's signal),
    ``meant`` (the scan item a press is meant to choose: its ``key``, ``params`` and the
    ``end`` of its clip; None for any other act) and ``cue`` (the clip that asked for the
    act: ``key`` and ``end``; None for a slip that no clip asked for)."""
    if isinstance(act, Hold):
        name = "hold"
    elif isinstance(act, Press):
        name = act.gesture
    else:
        name = act.signal["signal"]
    item = getattr(act, "item", None)
    meant = None if item is None else {"key": item.key, "params": dict(item.params), "end": round(item.end, 3)}
    return {"event": "robot", "seat": seat, "at": round(at, 3), "act": name, "meant": meant,
            "cue": None if cue is None else {"key": cue.key, "end": round(cue.end, 3)}}


@dataclasses.dataclass
class GameRecord:
    """What the table measured of one game (see :meth:`summary`)."""

    game: str
    players: int
    #: the seed the game was dealt with (:func:`deal_seed`), None for a game with no chance in it
    seed: int | None = None
    started: float = 0.0
    ended: float | None = None
    winner: Any = None
    table_seconds: float = 0.0
    earphone: dict = dataclasses.field(default_factory=dict)
    confirms: list = dataclasses.field(default_factory=list)
    cue_to_action: list = dataclasses.field(default_factory=list)
    silences: int = 0
    stale: int = 0
    scans: int = 0
    scan_hits: int = 0
    mistakes: int = 0
    mistakes_answered: int = 0
    final_state: Any = None
    journal_game: int | None = None
    #: seconds of speech of the first answer to each status hold (ACCESSIBILITY.md 29: ≤ 3 s)
    status_first: list = dataclasses.field(default_factory=list)
    stuck: str = ""

    def summary(self) -> dict:
        """The ``{"event": "robots", …}`` line of the game (seconds, rounded to ms)."""
        end = self.ended if self.ended is not None else self.started
        length = max(0.0, end - self.started)

        def r(x: float | None) -> float | None:
            return None if x is None else round(x, 3)

        return {"event": "robots", "game": self.game, "players": self.players, "seed": self.seed,
                "winner": self.winner,
                "minutes": round(length / 60.0, 2),
                "table_share": round(self.table_seconds / length, 3) if length else 0.0,
                "earphone_seconds": {str(s): round(v, 1) for s, v in sorted(self.earphone.items())},
                "confirm_p50": r(percentile(self.confirms, 0.5)), "confirm_p95": r(percentile(self.confirms, 0.95)),
                "confirm_max": r(max(self.confirms) if self.confirms else None),
                "cue_to_action_p50": r(percentile(self.cue_to_action, 0.5)),
                "silences": self.silences, "stale": self.stale, "scans": self.scans, "scan_hits": self.scan_hits,
                "mistakes": self.mistakes, "mistakes_answered": self.mistakes_answered,
                "status_holds": len(self.status_first),
                "status_first_p50": r(percentile(self.status_first, 0.5)),
                "status_first_max": r(max(self.status_first) if self.status_first else None),
                **({"stuck": self.stuck} if self.stuck else {})}


@dataclasses.dataclass
class _Act:
    """An act played, waiting for what the board answers."""

    seat: int
    at: float
    kind: str
    mistake: str
    item: Heard | None = None
    confirmed: bool = False
    answered: bool = False
    picked: bool = False


class RobotTable:
    """``players`` robots at seats 0..players-1 play ``game`` on the mocked board.

    :param players: the number of robot players (the game's player count).
    :param game: a registered game with a robot module (:func:`rules_for`), or several
        (a sequence, or names joined by commas: ``"NAME,OTHER"``) played in
        rotation on one board, each set up from the seats (issue 31); None: the default game.
    :param seed: the table's seed: the first game's deal (``simulate --seed``) and each
        further game's (:func:`deal_seed`), the robots' reaction times and slips, and which
        seat sets up.
    :param render_seconds: extra seconds per sentence on the virtual clock (a Pi Zero 2 W;
        :class:`~firmware_host.audio.slow.SlowRenderer`).
    :param reaction: (lowest, highest) reaction time of every robot, seconds.
    :param mistakes: the chance of a slip per act (0: none).
    :param out: where the JSON Lines go (as ``simulate``), None: nowhere.
    :param config_path: the board config (None: the shipped one).
    :param speech_cache: the speech cache folder (as ``simulate``).
    :param journal_path: the journal (None: a temporary one).
    :param warm_cache: with ``render_seconds``: sentences already in the speech cache take no
        extra time (a Pi that has said them before).
    :raises UsageError: an unknown game, a game without a robot module or that cannot be
        set up from the seats, a player count the board has no seats for or a game of the
        rotation is not set up for.
    """

    def __init__(self, players: int, game: str | Sequence[str] | None = None, *, seed: int = 0,
                 render_seconds: float = 0.0,
                 reaction: tuple[float, float] = REACTION, mistakes: float = MISTAKE_RATE,
                 out: TextIO | None = sys.stdout, config_path: str | None = None,
                 speech_cache: str | None = None, journal_path: str | None = None,
                 warm_cache: bool = False) -> None:
        if game is None:
            names = [games.DEFAULT_GAME]
        elif isinstance(game, str):
            names = [g.strip() for g in game.split(",")]
        else:
            names = list(game)
        #: the games in the order they are played (the rotation starts again after the last)
        self.rotation = [games.game_name(g) for g in names]
        self.players = int(players)
        self.seed = int(seed)
        self.out = out
        self.sim = Simulator(config_path, out=out if out is not None else _Nowhere(), render_seconds=render_seconds,
                             speech_cache=speech_cache, journal_path=journal_path,
                             on_line=self._line, warm_cache=warm_cache, observe_picks=scanning.observe)
        self.sim.paced_by_people = True          # robots press as people do: [scan] grace
        #: the numbered tiles the robots lay, by the board's own tag registry
        self.hands = TileHands(self._tile_numbers)
        seats = self.sim.config.seats
        if not 1 <= self.players <= seats:
            raise UsageError(f"--robots {players}: the board has {seats} seats")
        self._games_of: dict[str, tuple[Any, frozenset, frozenset]] = {}
        for name in self.rotation:
            self._games_of[name] = self._robot_game(name, seats)
        import random
        setter = random.Random(f"{seed}/setter").randrange(self.players)
        first = self.rotation[0]
        rules, titles, _ = self._games_of[first]
        self.robots = [SeatRobot(s, self.players, first, rules, seed=seed, reaction=reaction,
                                 mistakes=mistakes, sets_up=s == setter, titles=titles) for s in range(self.players)]
        self._play_as(first)
        self._games_over = 0
        self._next_game(0)
        self.records: list[GameRecord] = []
        self.record: GameRecord | None = None
        self._inbox: list[dict] = []
        self._heard_box: list[dict] = []
        self._begun_box: list[dict] = []
        self._holds: list[tuple[int, float]] = []
        #: seat -> when the last status clip in its earphone ended, and the start of one playing
        #: there: a hold while one plays or soon after asks for the status's next layer
        self._status_ended: dict[int, float] = {}
        self._status_playing: dict[int, float] = {}
        self._acts: list[_Act] = []
        self._wishes: list[_Act] = []
        self._quiet_since: float | None = None
        self._silent_since: float | None = None
        self._nudged = False
        self._last_table_key = ""
        self._stop_at_start = False
        self.started_games = 0
        #: why the table stopped before it was done ('' when it played everything asked)
        self.stuck = ""

    def _tile_numbers(self, kind: str, group: str) -> list[int]:
        """The numbers of the tiles of ``kind``'s ``group`` in the mocked board's tag registry."""
        mock = self.sim.mock
        registry = getattr(mock, "tags", None)
        return [] if registry is None else sorted({n for n, _tag in registry.tags(kind, group)})

    def _robot_game(self, name: str, seats: int) -> tuple[Any, frozenset, frozenset]:
        """``name``'s robot module, its titles in the lobby and its ``QUIET_AFTER`` keys.

        :raises UsageError: no robot players, no setup from the seats, or not for
            :attr:`players` players."""
        rules = rules_for(name)
        if rules is None:
            raise UsageError(f"--robots: the game {name!r} has no robot players")
        pack = games.pack(name)
        if pack.lobby is None or pack.adapter is None:
            raise UsageError(f"--robots: the game {name!r} cannot be set up from the seats")
        lobby = pack.lobby()
        counts = [o.get("params", {}).get("count") for q in lobby.questions(seats, self.sim.settings)
                  if q.get("name") == "players" for o in q.get("options", ())]
        if counts and self.players not in counts:
            raise UsageError(f"--robots {self.players}: {name} is set up for {min(counts)} to {max(counts)} players")
        titles = frozenset(lobby.title(language) for language in ("de", "en"))
        return rules, titles, frozenset(getattr(rules, "QUIET_AFTER", ()))

    def _next_game(self, index: int) -> None:
        """The robots set up game ``index`` (0-based) of the run next: the rotation's game, its
        title in the lobby, and its own seed (:func:`deal_seed` of the table's seed and the
        game's number ``index + 1``) where the game deals (its robot module once it has
        begun, :meth:`_play_as`)."""
        name = self.rotation[index % len(self.rotation)]
        #: the game the seats are to set up next
        self.upcoming = name
        rules, titles, _ = self._games_of[name]
        for robot in self.robots:
            robot.titles, robot.setup_rules = titles, rules
        #: the seed of the game set up next (its deal; a game that deals nothing: its lists' order)
        self.game_seed = deal_seed(self.seed, index + 1)
        seed = self.game_seed if getattr(rules, "SEEDED", True) else None   # a game that deals takes it
        self.sim.setup_seed = seed
        self.sim.order_seed = self.game_seed
        if self.sim.service is not None:
            self.sim.service.setup_seed = seed
            self.sim.service.order_seed = self.game_seed

    def _play_as(self, name: str) -> None:
        """The robots play ``name`` (the game the seats set up, or are to set up)."""
        if name not in self._games_of:          # set up by a late press: people play what is set up
            self._games_of[name] = self._robot_game(name, self.sim.config.seats)
        self.game = name
        self.rules, titles, self.quiet_after = self._games_of[name]
        for robot in self.robots:
            robot.game, robot.rules, robot.titles = name, self.rules, titles

    # -- the board's output -------------------------------------------------------------------
    def _line(self, line: dict) -> None:
        """Every output line (on the thread that wrote it): the events are kept for the loop."""
        if line.get("event") in ("game_started", "game_over", "rejected"):
            self._inbox.append(line)

    def _picked(self, scan: Any, item: Any, **_pick: Any) -> None:
        """A scan on this board chose ``item`` (measuring only: no robot sees it)."""
        if scan.clock is not self.sim.clock or _pick.get("settled"):
            return                          # a pick taking effect after its undo window: counted at its press
        for act in reversed(self._wishes):
            if act.seat == scan.seat and not act.picked:
                act.picked = True
                want = act.item
                hit = (want is not None and item.key == want.key
                       and all(want.params.get(k) == v for k, v in item.params.items()))
                if hit and self.record is not None:
                    self.record.scan_hits += 1
                log.info("scan of seat %d chose %s %s, wanted %s %s", scan.seat, item.key, item.params,
                         want and want.key, want and want.params)
                return

    def _ended(self, line: dict) -> None:
        """A clip has ended (service thread): the robots hear it now."""
        self._heard_box.append(line)

    def _began(self, line: dict) -> None:
        """A clip has started (service thread): the start of one's own confirmation."""
        line = _at_station(line)
        output = line.get("output", "")
        if output == "table" and line.get("key") == STATION_NOTED_KEY and "start" in line:
            # a whisper-station board answers a seat's act away from the station at once at the
            # table ("Seat 3: noted"): that act's first sound, as the seat's earphone's would be
            start, now = float(line["start"]), self.sim.clock.now()
            for seat in (line.get("params") or {}).get("seats") or ():
                self._confirm(int(seat), now if abs(now - start) <= 0.0005 + 1e-9 else start, STATION_NOTED_KEY)
            return
        if output.startswith("seat:") and "start" in line:
            # the line's start is rounded to ms; the clip starts now (this runs at its start
            # on the service thread, the clock still): the unrounded time, so that a clip
            # that starts with the act counts as 0 s (issue 31)
            start, now = float(line["start"]), self.sim.clock.now()
            if is_status_answer(line.get("key", "")):
                self._status_playing[int(output.split(":", 1)[1])] = start
            self._begun_box.append(line)        # the seat hears it begin (handed over in the loop)
            self._confirm(int(output.split(":", 1)[1]), now if abs(now - start) <= 0.0005 + 1e-9 else start,
                          line.get("key", ""))

    def _deliver(self) -> None:
        """Hand every ended clip to the robots who heard it; count what the table measures."""
        lines, self._inbox = self._inbox, []
        for line in lines:
            event = line.get("event")
            if event == "game_started":
                self._begin_game()
            elif event == "game_over" and self.record is not None:
                self.record.winner = Outcome.of_event(line).winner
                self._over = True
                self._games_over += 1
                self._next_game(self._games_over)      # the lobby's next answer (the evening)
            elif event == "rejected":
                self._rejected(line)
        begun, self._begun_box = self._begun_box, []
        for line in begun:
            seat = int(line["output"].split(":", 1)[1])
            clip = Heard("seat", line.get("key", ""), dict(line.get("params") or {}), line.get("text", ""),
                         float(line["start"]), float(line["start"]))
            for robot in self.robots:
                if robot.seat == seat:
                    robot.begins(clip)
        heard, self._heard_box = self._heard_box, []
        for line in heard:
            line = _at_station(line)
            output = line.get("output", "")
            if output.startswith("seat:") and is_status_answer(line.get("key", "")):
                seat = int(output.split(":", 1)[1])
                if self._status_playing.get(seat) == float(line["start"]):
                    del self._status_playing[seat]
                self._status_ended[seat] = max(self._status_ended.get(seat, -math.inf), float(line["end"]))
            if output.startswith("seat:") and self._holds and is_status_answer(line.get("key", "")):
                # the status's first answer: its first words (the answer cue before words still
                # being rendered is no answer of the status, issue 31; nor is a scan item that
                # went on in the earphone while the button was held down)
                seat = int(output.split(":", 1)[1])
                for hold in [h for h in self._holds if h[0] == seat and float(line["start"]) >= h[1] - 1e-6]:
                    self._holds.remove(hold)
                    if self.record is not None:
                        self.record.status_first.append(float(line["end"]) - float(line["start"]))
            clip = Heard("table" if output == "table" else "seat", line.get("key", ""), dict(line.get("params") or {}),
                         line.get("text", ""), float(line["start"]), float(line["end"]), bool(line.get("cut")))
            rec = self.record
            if output == "table":
                self._last_table_key = clip.key
                if rec is not None:
                    rec.table_seconds += clip.end - clip.start
                listeners = self.robots
            elif output.startswith("seat:"):
                seat = int(output.split(":", 1)[1])
                if rec is not None:
                    rec.earphone[seat] = rec.earphone.get(seat, 0.0) + clip.end - clip.start
                listeners = [r for r in self.robots if r.seat == seat]
            else:
                continue
            if rec is not None and clip.key.startswith("game_over"):
                rec.ended = max(rec.ended or 0.0, clip.end)
            for robot in listeners:
                robot.hear(clip)

    def _confirm(self, seat: int, start: float, key: str = "") -> None:
        for act in self._acts:
            if act.seat != seat or start < act.at - 1e-6:
                continue
            if act.mistake and not act.answered and start - act.at <= 5.0:
                act.answered = True
                if self.record is not None:
                    self.record.mistakes_answered += 1
            if not act.mistake and not act.confirmed:
                act.confirmed = True
                if self.record is not None and self.record.started <= act.at:
                    self.record.confirms.append(start - act.at)
                    log.debug("seat %d: %s at %.2f confirmed by %s after %.2f s", seat, act.kind, act.at, key,
                              start - act.at)
        self._acts = [a for a in self._acts if not (a.confirmed or (a.mistake and a.answered))]

    def _rejected(self, line: dict) -> None:
        rec = self.record
        if rec is None:
            return
        now = self.sim.clock.now()
        for act in reversed(self._acts):
            if now - act.at <= 5.0:
                if act.mistake:
                    if not act.answered:
                        act.answered = True
                        rec.mistakes_answered += 1
                else:
                    rec.stale += 1
                    log.info("stale: seat %d %s refused (%s)", act.seat, act.kind, line.get("reason"))
                return

    def _begin_game(self) -> None:
        if self._over and self.record is not None:
            # the next game began before the board fell quiet after the last (the story and
            # the setup spoken back to back; at a whisper station the seat that set up stays
            # there from the story to the next setup): the game that ended is summed up
            # first, and the run ends here if it was the last one asked for
            self._finish_game()
            self._over = False
            self._game_from = self.sim.clock.now()
            if len(self.records) >= self._games and not self._stop_at_start:
                self._done = True
                return
        self.started_games += 1
        if self._stop_at_start and self.started_games > self._games:
            self._second_started = True
            return
        played = getattr(self.sim.service.game, "current", self.upcoming)
        if played != self.upcoming:
            log.info("the seats set up %s, not %s", played, self.upcoming)
        self._play_as(played)
        dealt = self.game_seed if getattr(self.rules, "SEEDED", True) else None
        self.record = GameRecord(self.game, self.players, seed=dealt, started=self.sim.clock.now())
        self._over = False

    # -- acts -----------------------------------------------------------------------------------
    def _play(self, robot: SeatRobot, planned: Any) -> None:
        act, now = planned.act, self.sim.clock.now()
        robot.acting(planned, now)
        rec = self.record
        if isinstance(act, Hold):
            sig, kind = {"seat": robot.seat, "gesture": "hold"}, "button"
            if (robot.seat not in self._status_playing
                    and now > self._status_ended.get(robot.seat, -math.inf) + FURTHER_HOLD_S):
                self._holds = [h for h in self._holds if h[0] != robot.seat] + [(robot.seat, now)]
            # else: a hold while a status answer plays or soon after it asks for the next layer
            # (ACCESSIBILITY.md 3, at most 15 s), not for a first answer
        elif isinstance(act, Press):
            sig, kind = {"seat": robot.seat, "gesture": act.gesture}, "button"
        elif isinstance(act, Lay):
            laid = self.hands.lay(robot.seat, act.signal, planned.again)
            sig = {k: v for k, v in laid.items() if k != "signal"}
            kind = act.signal["signal"]
        else:  # pragma: no cover - a robot module's mistake
            raise TypeError(f"not an act: {act!r}")
        record = _Act(robot.seat, now, kind, planned.mistake, getattr(act, "item", None))
        if rec is not None and planned.mistake:
            rec.mistakes += 1
        measured = not isinstance(act, Hold) and not (isinstance(act, Lay) and act.reader is None) \
            and robot.phase in ("game", "setup")
        if measured or planned.mistake:
            self._acts.append(record)
        if isinstance(act, Press) and act.item is not None and not planned.mistake:
            self._wishes = self._wishes[-50:] + [record]
            if rec is not None:
                rec.scans += 1
        if rec is not None and planned.cue is not None and not planned.mistake and measured:
            rec.cue_to_action.append(now - planned.cue.end)
        log.info("%.2f seat %d %s %s%s", now, robot.seat, kind, sig,
                 f" ({planned.mistake})" if planned.mistake else "")
        self.sim._write(robot_line(robot.seat, now, act, planned.cue))
        self.sim.play(Signal(kind, sig))

    # -- the loop ---------------------------------------------------------------------------------
    def _quiet(self, now: float, playing: bool, acting: bool) -> None:
        """Keep the quiet spells: a *silence* (issue 31) is :data:`SILENCE_S` of nothing
        playing during a game, whatever the robots did meanwhile (an act the board does not
        answer leaves the table as silent), besides a game's discussion time; the *quiet*
        that nudges the robots (:data:`NUDGE_S`) is nothing playing and nobody about to act."""
        if playing:
            if self._silent_since is not None and now - self._silent_since >= SILENCE_S - 1e-9 \
                    and self._last_table_key not in self.quiet_after and self.record is not None:
                self.record.silences += 1
                log.info("silence of %.1f s after %s", now - self._silent_since, self._last_table_key)
            self._silent_since = None
        elif self._silent_since is None:
            self._silent_since = now
        if playing or acting:
            self._quiet_since = None
            self._nudged = False
        elif self._quiet_since is None:
            self._quiet_since = now

    def run(self, games: int = 1, *, then_next: bool = False) -> list[GameRecord]:
        """Play ``games`` games in a row on one board, each set up from the seats; with
        ``then_next`` go on until the next game has started (the evening goes on). Writes one
        summary line after each game to ``out``. Returns the games' records."""
        self._stop_at_start = then_next
        self._games = games
        self._game_from = 0.0
        self._second_started = False
        self._done = False              # the last game asked for is summed up: the run ends
        self._over = False
        unobserve = scanning.observe(self._picked)
        clock = VirtualClock()
        self.sim.start(clock)
        service = self.sim.service
        unsubscribe = (service.subscribe_ends(self._ended), service.subscribe_starts(self._began))
        try:
            self._loop(games, then_next)
        finally:
            unobserve()
            for stop in unsubscribe:
                stop()
            self.sim.stop()
        return self.records

    def _finish_game(self) -> None:
        rec = self.record
        if rec is None:
            return
        service = self.sim.service
        rec.final_state = service.call(service.game.final_state) if service is not None else None
        last = service.journal.last_game() if service is not None else None
        rec.journal_game = getattr(last, "id", getattr(last, "game_id", None))
        if rec.ended is None:
            rec.ended = self.sim.clock.now()
        self.records.append(rec)
        self.record = None
        self.sim._write(rec.summary())

    def _loop(self, games: int, then_next: bool) -> None:
        sim, clock = self.sim, self.sim.clock
        while True:
            sim.settle()
            self._deliver()
            now = clock.now()
            if self._over and self.record is not None and sim.service.voice.idle():
                self._finish_game()
                self._over = False
                self._game_from = now
                if len(self.records) >= games and not then_next:
                    return
            if self._second_started or self._done:
                return
            for robot, planned in self._due_acts(now):
                self._play(robot, planned)
                sim.settle()
                self._deliver()
            now = clock.now()
            due_robot = min((d for d in (r.due() for r in self.robots) if d is not None), default=None)
            self._quiet(now, not sim.service.voice.idle(), due_robot is not None)
            if self._quiet_since is not None and not self._nudged and now - self._quiet_since >= NUDGE_S - 1e-6:
                self._nudged = True
                for robot in self.robots:
                    robot.idle(now)
                continue
            due = clock.next_due()
            nudge = self._quiet_since + NUDGE_S if self._quiet_since is not None and not self._nudged else None
            nxt = min((t for t in (due, due_robot, nudge) if t is not None), default=None)
            if nxt is None or nxt - now > STUCK_S:
                self._stuck(f"nothing more happens after {now:.1f} s (the table heard {self._last_table_key})")
                return
            if now - self._game_from > GAME_LIMIT_S:
                self._stuck(f"no game end within {GAME_LIMIT_S:g} s (the table heard {self._last_table_key})")
                return
            if self._quiet_since is not None and now - self._quiet_since > STUCK_S:
                self._stuck(f"a silence since {self._quiet_since:.1f} s after {self._last_table_key}")
                return
            if nxt > now:
                clock.advance_to(nxt)

    def _due_acts(self, now: float) -> list[tuple[SeatRobot, Any]]:
        """Every robot's acts due at ``now`` (clock seconds), taken from their plans, in one
        fixed order: by the time planned, then by seat, then in the order each robot planned
        them. Two robots acting at one virtual instant act by seat, never in the order of a
        dict, a set or the threads, so the same seed gives the same run (issue 30)."""
        due = [(robot, planned) for robot in self.robots for planned in robot.take_due(now)]
        return sorted(due, key=lambda pair: (pair[1].at, pair[0].seat, pair[1].seq))

    def _stuck(self, why: str) -> None:
        """Nothing more happens: the game under way (if any) ends here with ``stuck`` said;
        between games (a next setup that never begins) :attr:`stuck` says it."""
        log.warning("robot table: %s", why)
        self.stuck = why
        if self.record is None:         # no game began: the setup (or the next one) is stuck
            seeded = getattr(self._games_of[self.upcoming][0], "SEEDED", True)
            rec = GameRecord(self.upcoming, self.players, seed=self.game_seed if seeded else None,
                             started=self._game_from, ended=self.sim.clock.now(),
                             silences=1, stuck=why)
            self.records.append(rec)
            self.sim._write(rec.summary())
            return
        self.record.silences += 1
        self.record.stuck = why
        self._finish_game()


def _at_station(line: dict) -> dict:
    """A clip of the whisper station (``output`` ``whisper``) is heard by the one seat it is
    for, there (its ``channel`` ``seat:N``, the seat whose visit it is), as its own earphone:
    the line with ``output`` ``seat:N``. Any other line as it is."""
    channel = line.get("channel", "")
    if line.get("output") == "whisper" and isinstance(channel, str) and channel.startswith("seat:"):
        return dict(line, output=channel)
    return line


class _Nowhere:
    """An ``out`` that keeps nothing."""

    def write(self, text: str) -> None:
        """Drop ``text``."""

    def flush(self) -> None:
        """Nothing to flush."""
