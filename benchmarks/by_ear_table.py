"""A table of blind players by ear, through ``firmware-host simulate --by-ear`` (issue 31).

Run: ``python3 benchmarks/by_ear_table.py [--players 7] [--seeds 5 11] [--games G ...]
[--rotation] [--twice 2] [--render-seconds X --fresh-cache]``. Prints one figures line per
game and one per run; asserts nothing (the slow tests in ``tests/robots/test_by_ear_table.py``
assert on the same figures).

The board runs as an outside process, the by-ear driver (docs/SIMULATE-robots.md "By ear"):
time moves only when this harness asks (``step`` to the next clip start, clip end or timer,
``wait SECONDS``), and every answer is read as a table hears it. Each seat is a
:class:`~firmware_host.robots.robot.SeatRobot` handed only the clips its seat heard (the
table speaker's and its own earphone's ``announce`` lines, once each has ended); its acts go
to the board as signals on stdin, at a person's pace: 1-3 s after the clip that asked for
them. On top of the robots' own slips the harness makes the table's habits: a press now and
then made twice (a second press 0.4-0.9 s after the first), a status hold by every seat
once in a while during a game, the story asked for after game over, and the next game set
up from the seats (the same game again, or the next of a rotation).

Figures per game (the ``{"event": "by_ear", …}`` line): minutes, the own-act answer (an act
to the first clip that starts in that seat's own earphone: p50, p95, max, the slowest
act), silences (30 s or more with nothing playing during a game, outside a game's
discussion time: when, how long, after which table clip), status holds (the first answer's
seconds of speech, its key), picks (presses meant for an item and the item picked: wrong
ones, wrong ones made final), refusals and faults, and whether the game the seats meant to
set up is the one that began. Measuring reads the board's ``picked`` and ``rejected`` lines;
the players never do.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import math
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Sequence

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from firmware_host.kernel import games  # noqa: E402
from firmware_host.robots.robot import ANSWER_CUE_KEY, Heard, Hold, Lay, Press, SeatRobot, TileHands  # noqa: E402
from firmware_host.robots.table import percentile, rules_for  # noqa: E402
from firmware_host.service.simulator import deal_seed  # noqa: E402
from firmware_host.table.adapter import is_status_answer  # noqa: E402

#: a person's reaction after the clip meant for them, seconds (issue 31: 1-3 s, sometimes late)
REACTION = (1.0, 3.0)
#: seconds of nothing playing during a game that count as a silence (issue 31)
SILENCE_S = 30.0
#: seconds of quiet with nobody about to act after which the players do what a person does then
NUDGE_S = 15.0
#: seconds of virtual time with nothing due and nobody about to act: the table is stuck
STUCK_S = 900.0
#: seconds of virtual time one game (its setup included) may take
GAME_LIMIT_S = 3 * 3600.0
#: the chance that a press is made twice (a second press 0.4-0.9 s after the first)
TWICE = 0.05
#: the items that take a pick back or leave a list: picked by a late press they cost a press,
#: no wrong move (ACCESSIBILITY.md 32)
UNDOING = frozenset({"scan.cancel", "scan.back", "lobby.back", "lobby.cancel"})
#: a hold this soon (seconds) after the end of a status answer asks for its next layer
FURTHER_HOLD_S = 10.0
#: seconds into a game of each seat's first status hold, and between one seat's holds
HOLD_FIRST_S, HOLD_EVERY_S = 45.0, 240.0


def firmware_host_cli() -> list[str]:
    """The installed ``firmware-host`` next to this Python, else ``python -m firmware_host``."""
    exe = Path(sys.executable).with_name("firmware-host")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "firmware_host"]


class ByEarBoard:
    """``firmware-host simulate --by-ear`` as a subprocess: one request, its answer.

    :param args: further arguments (``--seed``, ``--render-seconds``, ``--fresh-cache``…).
    :raises RuntimeError: the board ended before it answered (its stderr in the message).
    """

    def __init__(self, args: Sequence[str] = (), trace: Any = None) -> None:
        #: a file that gets every request (``> …``) and every answer line, or None
        self.trace = trace
        self.proc = subprocess.Popen([*firmware_host_cli(), "simulate", "--by-ear", *args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, bufsize=1, cwd=ROOT)
        #: the clock after the last answer, and when the next clip start, clip end or timer is due
        self.now = 0.0
        self.next: float | None = None
        self.requests = 0
        self.first = self._answer()

    def _answer(self) -> list[dict]:
        lines = []
        assert self.proc.stdout is not None
        while True:
            raw = self.proc.stdout.readline()
            if not raw:
                err = self.proc.stderr.read() if self.proc.stderr else ""
                raise RuntimeError(f"the by-ear board ended without an answer: {err[-2000:]}")
            line = json.loads(raw)
            if self.trace is not None:
                self.trace.write(raw)
            lines.append(line)
            if line.get("event") == "ready":
                self.now, self.next = float(line["at"]), line["next"]
                return lines

    def ask(self, request: str) -> list[dict]:
        """Send one request line (``step``, a signal, ``wait S``…); the lines it caused, the
        ``ready`` line last."""
        assert self.proc.stdin is not None
        self.requests += 1
        if self.trace is not None:
            self.trace.write("> " + request + "\n")
        self.proc.stdin.write(request + "\n")
        self.proc.stdin.flush()
        return self._answer()

    def close(self) -> tuple[int, list[dict]]:
        """End the run (the end of stdin): its exit status and the lines after (``state``)."""
        try:
            assert self.proc.stdin is not None and self.proc.stdout is not None
            self.proc.stdin.close()
            rest = [json.loads(l) for l in self.proc.stdout.read().splitlines() if l.strip()]
            return self.proc.wait(timeout=60), rest
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()


@dataclasses.dataclass
class Act:
    """One act sent to the board: who, when (clock seconds), what, the item a press meant."""

    seat: int
    at: float
    kind: str
    meant: Heard | None = None
    answered: float | None = None
    answer_key: str = ""
    #: measured: a press or a tile at a reader meant as an act (not a slip, not a press made twice)
    measured: bool = True


@dataclasses.dataclass
class ByEarGame:
    """What a table heard of one game (see :meth:`summary`)."""

    game: str
    meant: str
    players: int
    started: float
    ended: float | None = None
    acts: list = dataclasses.field(default_factory=list)
    silences: list = dataclasses.field(default_factory=list)
    status: list = dataclasses.field(default_factory=list)
    picks: int = 0
    wrong_picks: list = dataclasses.field(default_factory=list)
    wrong_finals: list = dataclasses.field(default_factory=list)
    twice: int = 0
    #: what a press made twice picked (the second press): key, final
    twice_picked: list = dataclasses.field(default_factory=list)
    refusals: int = 0
    faults: int = 0
    #: the game's private messages (its catalogue's) heard at the table speaker: key, text
    secrets_at_table: list = dataclasses.field(default_factory=list)
    stuck: str = ""
    #: the seed the game was dealt with (``deal_seed`` of the board's ``--seed`` and the game's
    #: number, as the board deals it), None for a game with no chance in it
    seed: int | None = None

    def confirms(self) -> list[float]:
        """Seconds from each answered act to the first clip in the actor's own earphone."""
        return [a.answered - a.at for a in self.acts if a.answered is not None and a.measured]

    def summary(self) -> dict:
        """The ``{"event": "by_ear", …}`` line (seconds rounded to ms)."""
        def r(x: float | None) -> float | None:
            return None if x is None else round(x, 3)
        confirms = self.confirms()
        answered = [a for a in self.acts if a.answered is not None and a.measured]
        slow = sorted(answered, key=lambda a: a.at - a.answered)[:3]
        end = self.ended if self.ended is not None else self.started
        return {"event": "by_ear", "game": self.game, "meant": self.meant, "players": self.players, "seed": self.seed,
                "minutes": round((end - self.started) / 60.0, 2),
                "acts": sum(1 for a in self.acts if a.measured),
                "unanswered": sum(1 for a in self.acts if a.answered is None and a.measured),
                "confirm_p50": r(percentile(confirms, 0.5)), "confirm_p95": r(percentile(confirms, 0.95)),
                "confirm_max": r(max(confirms, default=None)),
                "slowest": [{"seat": a.seat, "at": r(a.at), "act": a.kind, "answer": a.answer_key,
                             "seconds": r(a.answered - a.at)} for a in slow],
                "silences": self.silences, "status_holds": len(self.status),
                "status_first_max": r(max((s["seconds"] for s in self.status), default=None)),
                "status_keys": sorted({s["key"] for s in self.status}),
                "status_over_3s": [s for s in self.status if s["seconds"] > 3.0],
                "status_wait_max": r(max((s["wait"] for s in self.status), default=None)),
                "status_sound_max": r(max((s["sound"] for s in self.status), default=None)),
                "status_slow": [s for s in self.status if s["wait"] > 2.0],
                "twice_picked": self.twice_picked,
                "picks": self.picks, "wrong_picks": len(self.wrong_picks), "wrong_picked": self.wrong_picks[:8],
                "wrong_finals": self.wrong_finals,
                "twice": self.twice, "refusals": self.refusals, "faults": self.faults,
                "secrets_at_table": self.secrets_at_table,
                **({"stuck": self.stuck} if self.stuck else {})}


class ByEarTable:
    """``players`` robot seats play ``rotation`` by ear on one by-ear board.

    :param players: seats 0..players-1.
    :param rotation: the games set up one after the other from the seats (again from the first
        after the last).
    :param seed: the board's ``--seed``, the players' reaction times and slips.
    :param board_args: more arguments for the board (``--render-seconds 3 --fresh-cache``).
    :param mistakes: the robots' chance of a slip per act.
    :param twice: the chance a press is made twice.
    :param holds: the seats hold for the status now and then during a game.
    :param out: where each game's summary line goes (None: nowhere).
    """

    def __init__(self, players: int, rotation: Sequence[str], *, seed: int = 5, board_args: Sequence[str] = (),
                 mistakes: float = 0.04, twice: float = TWICE, holds: bool = True, out: Any = sys.stdout,
                 trace: Any = None) -> None:
        self.trace = trace
        self.players = players
        self.rotation = [games.game_name(g) for g in rotation]
        self.seed = seed
        self.board_args = ["--seed", str(seed), *board_args]
        self.twice = twice
        self.holds = holds
        self.out = out
        self.rng = random.Random(f"{seed}/by-ear")
        #: the numbered tiles the seats lay (the shipped registry's numbers: the board's config)
        self.hands = TileHands()
        self.titles = {}
        for name in self.rotation:
            lobby = games.pack(name).lobby()
            for language in ("de", "en"):
                self.titles[lobby.title(language)] = name
        setter = random.Random(f"{seed}/setter").randrange(players)
        first = self.rotation[0]
        self.robots = [SeatRobot(s, players, first, rules_for(first), seed=seed, reaction=REACTION,
                                 mistakes=mistakes, sets_up=s == setter,
                                 titles=self._titles_of(first)) for s in range(players)]
        self.records: list[ByEarGame] = []
        self.record: ByEarGame | None = None
        self.games_over = 0
        self.upcoming = first
        self.chosen: str | None = None          # the game the setting-up seat heard picked
        self.quiet_after: frozenset = frozenset()
        self.catalogue: Any = None              # the game's catalogue being played (its private keys)
        self.open: dict[str, tuple] = {}        # output -> (key, start) of the clip playing there
        self.last_end = 0.0
        self.last_table_key = ""
        self.pending: list[Act] = []            # acts not yet answered in the actor's earphone
        self.presses: list[Act] = []            # presses meant for an item, for the picks
        self.holds_open: list[tuple[int, float]] = []
        self.status_end: dict[int, float] = {}    # seat -> when its last status answer ended
        self.hold_sound: dict[tuple, float] = {}  # (seat, held at) -> the first sound in its earphone after
        self.first_status: dict[tuple, tuple] = {}  # (output, start) of a first answer -> (seat, held at)
        self.hold_due: dict[int, float] = {}
        self.extra: list[tuple[float, int, str]] = []   # (at, seat, request): the table's own habits
        self.quiet_since: float | None = None
        self.nudged = False
        self.stuck = ""

    def _dealt(self, name: str) -> int | None:
        """The seed the board deals the next game with, ``name``, the run's game number
        ``len(records) + 1`` (``deal_seed``), or None for a game with no chance in it."""
        return deal_seed(self.seed, len(self.records) + 1) if getattr(games.pack(name).lobby(), "seeded", True) else None

    def _titles_of(self, name: str) -> frozenset:
        return frozenset(t for t, n in self.titles.items() if n == name)

    # -- hearing ----------------------------------------------------------------------------------
    def _hear(self, lines: list[dict]) -> None:
        for line in lines:
            event = line.get("event")
            if event == "playing":
                self._playing(line)
            elif event == "announce":
                self._ended(line)
            elif event == "picked":
                self._picked(line)
            elif event == "rejected" and self.record is not None:
                self.record.refusals += 1
            elif event == "fault" and self.record is not None:
                self.record.faults += 1

    def _playing(self, line: dict) -> None:
        output, start = line.get("output", ""), float(line["start"])
        if not self.open and start - self.last_end >= SILENCE_S - 1e-6 and self.record is not None \
                and self.record.ended is None and self.last_table_key not in self.quiet_after:
            self.record.silences.append({"from": round(self.last_end, 3), "seconds": round(start - self.last_end, 1),
                                         "after": self.last_table_key})
        self.open[output] = (line.get("key", ""), start)
        if output.startswith("seat:"):
            seat = int(output.split(":", 1)[1])
            begun = Heard("seat", line.get("key", ""), dict(line.get("params") or {}), line.get("text", ""), start, start)
            for robot in self.robots:
                if robot.seat == seat:
                    robot.begins(begun)      # a person hears a clip begin in its own earphone
            for act in self.pending:
                if act.seat == seat and start >= act.at - 1e-3 and act.answered is None:
                    act.answered, act.answer_key = max(start, act.at), line.get("key", "")
            self.pending = [a for a in self.pending if a.answered is None]
            for hold in self.holds_open:
                if hold[0] == seat and start >= hold[1] - 1e-3:
                    self.hold_sound.setdefault(hold, start)
            if is_status_answer(line.get("key", "")):
                for hold in [h for h in self.holds_open if h[0] == seat and start >= h[1] - 1e-3]:
                    self.holds_open.remove(hold)
                    self.first_status[(output, start)] = (seat, hold[1])

    def _ended(self, line: dict) -> None:
        output = line.get("output", "")
        # a clip cut off ends after the clip that cut it began (its "playing" line comes
        # first): only the clip playing there now ends what plays on that output, or a status
        # playing would look ended and a hold during it would be taken for a first hold
        if self.open.get(output) == (line.get("key", ""), float(line["start"])):
            del self.open[output]
        self.last_end = max(self.last_end, float(line["end"]))
        # the status clip that started at that moment (another clip of the seat may start with
        # it: the status cut off at once by the answer to the seat's act)
        first = (self.first_status.pop((output, float(line["start"])), None)
                 if is_status_answer(line.get("key", "")) else None)
        if output.startswith("seat:") and is_status_answer(line.get("key", "")):
            self.status_end[int(output.split(":", 1)[1])] = float(line["end"])
        if first is not None and self.record is not None:
            self.record.status.append({"seat": first[0], "held": round(first[1], 3), "key": line.get("key", ""),
                                       "wait": round(float(line["start"]) - first[1], 3),
                                       "sound": round(self.hold_sound.pop(first, float(line["start"])) - first[1], 3),
                                       "seconds": round(float(line["end"]) - float(line["start"]), 3),
                                       "text": line.get("text", "")})
        clip = Heard("table" if output == "table" else "seat", line.get("key", ""), dict(line.get("params") or {}),
                     line.get("text", ""), float(line["start"]), float(line["end"]), bool(line.get("cut")))
        if output == "table":
            self.last_table_key = clip.key
            if self.record is not None and self.record.ended is None and self._private(clip.key):
                self.record.secrets_at_table.append([clip.key, clip.text])
            self._table_clip(clip)
            listeners = self.robots
        elif output.startswith("seat:"):
            seat = int(output.split(":", 1)[1])
            listeners = [r for r in self.robots if r.seat == seat]
        else:
            return
        for robot in listeners:
            robot.hear(clip)

    def _table_clip(self, clip: Heard) -> None:
        """The table's clips that begin and end a game (as every seat hears them)."""
        if clip.key == "game.started" and (self.record is None or self.record.ended is not None):
            played = self.chosen or self.upcoming
            self._play_as(played)
            self.record = ByEarGame(played, self.upcoming, self.players, clip.start, seed=self._dealt(played))
            self.records.append(self.record)
            self.hold_due = {s: clip.end + HOLD_FIRST_S + s * (HOLD_EVERY_S / self.players)
                             for s in range(self.players)} if self.holds else {}
        elif clip.key.startswith("game_over") and self.record is not None and self.record.ended is None:
            self.record.ended = clip.end
            self.hold_due = {}
            self.games_over += 1
            self.upcoming = self.rotation[self.games_over % len(self.rotation)]
            self.chosen = None
            for robot in self.robots:
                robot.titles = self._titles_of(self.upcoming)
                robot.setup_rules = rules_for(self.upcoming)
            if self.out is not None:
                self.out.write(json.dumps(self.record.summary(), ensure_ascii=False) + "\n")
                self.out.flush()
        elif self.record is not None and self.record.ended is None:
            for seat, due in list(self.hold_due.items()):
                if clip.end >= due:                   # a hold once this table clip has ended
                    self.hold_due[seat] = due + HOLD_EVERY_S
                    self.extra.append((clip.end + self.rng.uniform(*REACTION), seat, "hold"))
                    break

    def _private(self, key: str) -> bool:
        """Whether ``key`` is one of the game's private messages (only into an earphone)."""
        catalogue = self.catalogue
        try:
            return key in set(catalogue.keys()) and bool(catalogue.is_private(key))
        except Exception:  # noqa: BLE001 - a key of the board's own catalogue
            return False

    def _play_as(self, name: str) -> None:
        package = games.REGISTRY[name].rpartition(".")[0]
        self.catalogue = importlib.import_module(package + ".catalogue")
        rules = rules_for(name)
        self.quiet_after = frozenset(getattr(rules, "QUIET_AFTER", ()))
        for robot in self.robots:
            robot.game, robot.rules, robot.titles = name, rules, self._titles_of(name)

    def _picked(self, line: dict) -> None:
        if line.get("key") == "lobby.option.game" and line.get("final"):
            self.chosen = self.titles.get(line.get("params", {}).get("title"), self.chosen)
        at, seat = float(line["at"]), line.get("seat")
        press = next((p for p in self.presses if p.seat == seat and abs(p.at - at) <= 0.01), None)
        if press is not None and press.kind == "twice":
            self.presses.remove(press)
            if self.record is not None and self.record.ended is None:
                self.record.twice_picked.append({"seat": seat, "at": at, "picked": [line.get("key"), line.get("params")],
                                                 "final": line.get("final")})
            return
        if press is None or press.meant is None:
            return
        self.presses.remove(press)
        rec = self.record
        meant = press.meant
        hit = line.get("key") == meant.key and all(meant.params.get(k) == v for k, v in line.get("params", {}).items())
        where = rec if rec is not None and rec.ended is None else None
        if where is None:
            return
        where.picks += 1
        if not hit:
            wrong = {"seat": seat, "at": at, "meant": [meant.key, meant.params], "picked": [line.get("key"), line.get("params")]}
            where.wrong_picks.append(wrong)
            if line.get("final") and line.get("key") not in UNDOING:
                where.wrong_finals.append(wrong)

    # -- acting -----------------------------------------------------------------------------------
    def _send(self, seat: int, request: str, kind: str, meant: Heard | None = None, measured: bool = True) -> None:
        act = Act(seat, self.board.now, kind, meant, measured=measured)
        if kind != "hold" and self.record is not None and self.record.ended is None:
            self.record.acts.append(act)
            self.pending.append(act)
        further = (any(h[0] == seat for h in self.holds_open) or self.board.now - self.status_end.get(seat, -1e9)
                   <= FURTHER_HOLD_S or is_status_answer(self.open.get(f"seat:{seat}", ("",))[0]))
        if kind == "hold" and not further:
            # a first hold (a hold while an answer plays or soon after asks for the next layer,
            # ACCESSIBILITY.md 3)
            self.holds_open = [h for h in self.holds_open if h[0] != seat] + [(seat, self.board.now)]
        if meant is not None or kind == "twice":
            self.presses = self.presses[-50:] + [act]
        self._hear(self.board.ask(request))

    def _play(self, robot: SeatRobot, planned: Any) -> None:
        act, measured = planned.act, not planned.mistake
        robot.acting(planned, self.board.now)
        if isinstance(act, Hold):
            self._send(robot.seat, f"button {robot.seat} hold", "hold")
        elif isinstance(act, Press):
            self._send(robot.seat, f"button {robot.seat} {act.gesture}", "press", act.item, measured)
            if self.rng.random() < self.twice:
                self.extra.append((self.board.now + self.rng.uniform(0.4, 0.9), robot.seat, "twice"))
        elif isinstance(act, Lay):
            # a part of the board moved (a tile on its track, the peg) is no act the board answers;
            # a tile laid again is the very tile (its number), as a hand lays it (TileHands)
            signal = self.hands.lay(robot.seat, act.signal, planned.again)
            self._send(robot.seat, json.dumps(signal), act.signal["signal"], None, measured and act.reader is not None)

    def run(self, games_wanted: int) -> list[ByEarGame]:
        """Play until ``games_wanted`` games have ended and the next one has begun (the
        evening goes on), or the table is stuck (:attr:`stuck`)."""
        self.board = ByEarBoard(self.board_args, self.trace)
        try:
            self._hear(self.board.first)
            self._loop(games_wanted)
        finally:
            self.status, self.tail = self.board.close()
        return self.records

    def _loop(self, games_wanted: int) -> None:
        board = self.board
        game_from = 0.0
        while True:
            now = board.now
            if self.games_over >= games_wanted and len(self.records) > games_wanted:
                return                                  # the next game has begun
            acted = False
            for robot in self.robots:
                for planned in robot.take_due(now + 1e-3):
                    self._play(robot, planned)
                    acted = True
            for extra in sorted(e for e in self.extra if e[0] <= now + 1e-3):
                self.extra.remove(extra)
                _, seat, what = extra
                if what == "hold":
                    self._send(seat, f"button {seat} hold", "hold")
                else:
                    if self.record is not None:
                        self.record.twice += 1
                    self._send(seat, f"button {seat}", "twice", None, False)
                acted = True
            if acted:
                continue
            now = board.now
            due_robot = min((d for d in [r.due() for r in self.robots] + [e[0] for e in self.extra] if d is not None),
                            default=None)
            if self.open or due_robot is not None:
                self.quiet_since, self.nudged = None, False
            elif self.quiet_since is None:
                self.quiet_since = now
            if self.quiet_since is not None and not self.nudged and now - self.quiet_since >= NUDGE_S - 1e-6:
                self.nudged = True
                for robot in self.robots:
                    robot.idle(now)
                continue
            nudge = self.quiet_since + NUDGE_S if self.quiet_since is not None and not self.nudged else None
            nxt = min((t for t in (board.next, due_robot, nudge) if t is not None), default=None)
            if self.record is not None and self.record.ended is not None:
                game_from = self.record.ended
            why = ""
            if nxt is None or nxt - now > STUCK_S:
                why = f"nothing more happens after {now:.1f} s (the table heard {self.last_table_key})"
            elif now - game_from > GAME_LIMIT_S:
                why = f"no game end within {GAME_LIMIT_S:g} s (the table heard {self.last_table_key})"
            if why:
                self.stuck = why
                if (self.record is not None and self.record.ended is None and not self.open
                        and now - self.last_end >= SILENCE_S - 1e-6):
                    # the silence the table was left in until it was given up counts too
                    self.record.silences.append({"from": round(self.last_end, 3),
                                                 "seconds": round(now - self.last_end, 1),
                                                 "after": self.last_table_key})
                if self.record is not None and self.record.ended is None:
                    self.record.stuck = why
                    self.record.ended = now
                    if self.out is not None:
                        self.out.write(json.dumps(self.record.summary(), ensure_ascii=False) + "\n")
                else:
                    self.records.append(ByEarGame(self.upcoming, self.upcoming, self.players, game_from, now,
                                                  stuck=why, seed=self._dealt(self.upcoming)))
                return
            if board.next is not None and board.next <= nxt + 1e-9:
                self._hear(board.ask("step"))
            else:
                self._hear(board.ask(f"wait {max(0.001, math.ceil((nxt - now) * 1000) / 1000):.3f}"))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--seeds", type=int, nargs="+", default=[5, 11])
    parser.add_argument("--games", nargs="+", default=list(games.names()))
    parser.add_argument("--rotation", action="store_true", help="one evening of --games in rotation per seed")
    parser.add_argument("--twice", type=int, default=2, help="games in a row per game (without --rotation)")
    parser.add_argument("--render-seconds", type=float, default=0.0)
    parser.add_argument("--fresh-cache", action="store_true")
    parser.add_argument("--trace", metavar="FILE", help="write every request and answer line there")
    args = parser.parse_args(argv)
    board_args = []
    if args.render_seconds:
        board_args += ["--render-seconds", str(args.render_seconds)]
    if args.fresh_cache:
        board_args += ["--fresh-cache"]
    runs = [(args.games, len(args.games))] if args.rotation else [([g], args.twice) for g in args.games]
    for seed in args.seeds:
        for rotation, count in runs:
            players = args.players
            if not args.rotation and "autocracy" in rotation:
                players = min(players, 6)
            t0 = time.monotonic()
            trace = open(args.trace, "w", encoding="utf-8") if args.trace else None
            table = ByEarTable(players, rotation, seed=seed, board_args=board_args, trace=trace)
            records = table.run(count)
            over = [r.game for r in records if r.ended is not None and not r.stuck]
            print(json.dumps({"event": "by_ear_run", "seed": seed, "players": players, "rotation": rotation,
                              "games_started": [r.game for r in records], "games_ended": over,
                              "meant": [r.meant for r in records], "stuck": table.stuck,
                              "exit": table.status, "requests": table.board.requests,
                              "wall_s": round(time.monotonic() - t0, 1)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
