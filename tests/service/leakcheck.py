"""The leak check: random games through the board service, signals in, announcements out.

Every secret kept on every path (R16, R17, ACCESSIBILITY.md 8-9, BOARD.md "Each reader has
its own tiles"). Each game runs on the real :class:`~firmware_host.service.core.BoardService`
(one service thread, the journal, :class:`~firmware_host.games.secret_dictator.board.SecretDictatorGame`)
speaking through the real :class:`~firmware_host.service.voice.Voice` and
:class:`~firmware_host.audio.service.AudioService` into a ``RecordingSink`` (the renderer is
the stand-in of ``test_routing_random_games``: silent WAVs whose length follows the text).

Moves come in as the board's inputs do, through ``SecretDictatorGame.handle_input``: ballot
tiles at the ballot box, law tiles at the discard tray (each law its own tile), laws laid in
their slots, the tracker pin moved, presses and holds of the seat buttons, role tiles at the
ballot box (``roles = "tiles"`` in some games); the choices a president makes by scanning
are entered by the game master (``choose``), as the console can. Mixed in at random:

- a tile at the wrong reader (a ballot at the tray, a law in the ballot box, a role tile
  nobody asked for): the engine's state must not change and only the neutral wording may
  be said;
- the same tile read again right away (shown twice, a noisy re-read): nothing at all may
  happen, no line, no word;
- a game master's ``act`` the engine refuses because of a secret (a law the hand lacks) or
  a second vote: nothing private may be said, the state must not change;
- every seat asking for its status at the same moment: the private clips must all last the
  same, whatever the roles and secrets;
- single status holds and repeat presses.

Checked per game: everything ``test_routing_random_games.check_game`` checks at the sink (no
private fact on the table speaker, private clips only on their seat's earphone, R3 prolog
content, R17 prolog lengths), the console's public state (the backend's snapshot, and every
line the console is sent) without a secret, and one length per kind for every private clip
with a secret in it (a hand, a peek, view-discard or investigation result, what to take back):
the same key, wording and public parameters always last the same, whatever the laws or party.
"""

from __future__ import annotations

import collections
import concurrent.futures
import dataclasses
import json
import logging
import multiprocessing
import os
import random
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from firmware_host.audio import AudioService, AudioSettings, RecordingSink
from firmware_host.clock import VirtualClock
from firmware_host.games.secret_dictator import Action, catalogue, private_view, state_json
from firmware_host.games.secret_dictator.announce import STATUS_LAYERS
from firmware_host.hardware.events import (ButtonGesture, SlotChanged, TileRead,
                                           PegMoved)
from firmware_host.service.backend import ConsoleBackend
from firmware_host.service.core import BoardService, CommandRefused
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.games.secret_dictator.board import secret_variants
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import Voice

from tests.doubles import silent_renderer

from .test_routing_random_games import Findings, check_game, random_setup, refused_action

#: chances per move
WRONG_READER = 0.06
REREAD = 0.10
GM_REFUSED = 0.04
ALL_STATUS = 0.03
BUTTON = 0.04
ROLE_TILES = 0.2
#: words that name a role or a party: never in a line the console is sent before the end
SECRET_WORDS = ("democrat", "fascist", "dictator")
#: keys the board says for a tile that does not count
NOT_COUNTED = {"tile.ballot_at_discard_pile", "tile.law_at_ballot_box", "tile.role_not_asked",
               "roles.not_a_role_tile", "roles.present_tile"}
#: the boards played (status in the earphone or on the table speaker; idle press repeats or gives the status)
BOARDS = (ServiceSettings(status_channel="earphone", idle_press="repeat"),
          ServiceSettings(status_channel="public", idle_press="status"))
#: roles by player count (R2)
R2 = {5: (3, 1), 6: (4, 1), 7: (4, 2), 8: (5, 2), 9: (6, 2), 10: (6, 3)}


@dataclasses.dataclass
class LeakFindings(Findings):
    """:class:`Findings` plus what the leak check adds."""

    signals: int = 0
    wrong_reader: int = 0
    rereads: int = 0
    gm_refused: int = 0
    reveals: int = 0
    status_moments: int = 0
    padded_kinds: int = 0
    console_checked: int = 0
    tile_games: int = 0
    noise: list[str] = dataclasses.field(default_factory=list)
    console: list[str] = dataclasses.field(default_factory=list)
    lengths: list[str] = dataclasses.field(default_factory=list)

    def leaks(self) -> int:
        """How many violations were found (of every kind)."""
        return sum(len(getattr(self, k)) for k in ("public", "routing", "prolog", "noise", "console", "lengths"))

    def report(self) -> str:
        """Every violation kept, one per line."""
        return "\n".join(f"{k}: {m}" for k in ("public", "routing", "prolog", "noise", "console", "lengths")
                         for m in getattr(self, k))


class Reveals(logging.Handler):
    """Counts the "secret revealed to game master" log lines (and keeps the others quiet)."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        if record.getMessage().startswith("secret revealed to game master"):
            self.count += 1


class LeakBoard:
    """One board service speaking into a RecordingSink, with its lines and console backend."""

    def __init__(self, directory: Path, settings: ServiceSettings, verbosity: str = "short") -> None:
        self.sink = RecordingSink()
        self.audio = AudioService(AudioSettings(), self.sink, directory / "cache", seats=10,
                                  renderer=silent_renderer(directory))
        self.lines: list[dict] = []
        self.service = BoardService(settings, clock=VirtualClock(), journal=Journal(directory / "journal.sqlite3"),
                                    voice=Voice(self.audio), emit=self.lines.append, notifier=Notifier(None))
        self.service.start(None)
        self.sd = self.service.game
        self.backend = ConsoleBackend(self.service)
        self.reveals = Reveals()
        logger = logging.getLogger("firmware_host")
        logger.addHandler(self.reveals)
        self._level = logger.level
        logger.setLevel(logging.INFO)
        logger.propagate = False           # the games' log lines stay out of the caller's output
        for seat in range(10):      # one wording per board, so a seat's clips never differ by what it asked before
            self.service.call(lambda s=seat: self.sd.change_seat_settings(s, {"verbosity": verbosity}))

    def wait_quiet(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while not self.audio.idle():
            assert time.monotonic() < deadline, "the audio service did not finish speaking"
            time.sleep(0.0005)

    def close(self) -> None:
        self.service.stop()
        logger = logging.getLogger("firmware_host")
        logger.removeHandler(self.reveals)
        logger.setLevel(self._level)
        logger.propagate = True


def secret_free(obj: Any, path: str = "") -> list[str]:
    """Where a console object (snapshot or line) holds a secret before the end: a secret key
    with a value, a private announcement, a role or party word in a refusal or fault."""
    found = []
    if isinstance(obj, dict):
        if str(obj.get("channel", "public")) != "public":
            return [f"{path}: private announcement {obj.get('key')}"]
        if obj.get("key") and obj.get("key") in catalogue.MESSAGES and catalogue.is_private(obj["key"]):
            return [f"{path}: private key {obj['key']}"]
        if obj.get("event") in ("rejected", "fault") or obj.get("kind") in ("rejected", "fault"):
            words = [w for w in SECRET_WORDS if w in json.dumps(obj).lower()]
            if words:
                found.append(f"{path}: {obj} names {words}")
        for key, value in obj.items():
            if key in ("role", "roles", "team", "hand", "hands", "power_result", "discarded", "private",
                       "draw_order", "seed") and value not in (None, "dealt", "tiles"):
                found.append(f"{path}.{key} = {value!r}")
            elif key == "deck" and not isinstance(value, str) and value is not None:
                found.append(f"{path}.deck = {value!r}")
            else:
                found += secret_free(value, f"{path}.{key}")
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            found += secret_free(value, f"{path}[{i}]")
    return found


class Table:
    """The players of one game: they turn the engine's legal moves into board inputs."""

    def __init__(self, board: LeakBoard, rng: random.Random, found: LeakFindings) -> None:
        self.board, self.rng, self.found = board, rng, found
        self.sd = board.sd
        self.tracker = 0
        self.laid = {"democratic": 0, "fascist": 0}
        self.pile: set[tuple[str, int]] = set()      # law tiles in the discard pile
        self.last_tile: Any = None
        self.status_at: list[int] = []               # sink marks of all-seats status moments

    # -- inputs ---------------------------------------------------------------------------
    def send(self, event: Any) -> None:
        self.found.signals += 1
        self.board.service.call(lambda: self.sd.handle_input(event))
        if isinstance(event, TileRead):
            self.last_tile = event

    def law_tile(self, party: str) -> TileRead:
        count = 6 if party == "democratic" else 11
        free = [n for n in range(1, count + 1) if (party, n) not in self.pile]
        n = free[int(self.rng.random() * len(free))] if free else 1
        return TileRead("law", "law", party, None, "", n)

    def discard(self, party: str) -> None:
        tile = self.law_tile(party)
        self.pile.add((tile.value, tile.number))
        self.send(tile)

    # -- checks ---------------------------------------------------------------------------
    def fingerprint(self) -> str:
        g = self.sd.game
        return json.dumps([state_json(g), g.votes_cast, g.nominee, g.power, g.veto_pending,
                           repr(self.sd.active.mirror.held)], default=str) if g is not None else "none"

    def unchanged(self, what: str, do, allowed: set[str]) -> None:
        """``do()`` must change nothing in the game and say only ``allowed`` keys."""
        before, mark = self.fingerprint(), len(self.board.lines)
        do()
        said = [l["key"] for l in self.board.lines[mark:] if l.get("event") == "announce"]
        bad = [k for k in said if k not in allowed]
        if self.fingerprint() != before or bad:
            self.found.add("noise", f"{what}: the game changed or {bad} was said")

    # -- noise ----------------------------------------------------------------------------
    def noise(self) -> None:
        rng, g, found = self.rng, self.sd.game, self.found
        if self.last_tile is not None and rng.random() < REREAD:
            found.rereads += 1
            tile = self.last_tile
            # a ballot laid again once it counted is answered in its own seat's earphone alone
            # ("Your vote: Ja, counted", ACCESSIBILITY.md 26); nothing else is said anywhere
            again = {"tile.read.ballot.again"} if tile.kind == "ballot" else set()
            mark = len(self.board.lines)
            self.unchanged(f"re-read of {tile}", lambda: self.send(tile), again)
            elsewhere = [l for l in self.board.lines[mark:] if l.get("event") == "announce"
                         and l["key"] in again and l.get("channel") != f"seat:{tile.seat}"]
            if elsewhere:
                self.found.add("routing", f"re-read of {tile}: its answer was said on {elsewhere[0].get('channel')}")
        if rng.random() < WRONG_READER:
            found.wrong_reader += 1
            choice = rng.randrange(4)
            if choice == 0:
                event: Any = TileRead("law", "ballot", rng.choice(("ja", "nein")), rng.randrange(g.players))
            elif choice == 1:
                event = TileRead("ballot", "law", rng.choice(("democratic", "fascist")), None, "", rng.randint(1, 6))
            else:
                event = TileRead(rng.choice(("ballot", "law")), "role", rng.choice(("democrat", "fascist", "dictator")),
                                 None, "", rng.randint(1, 3))
            self.unchanged(f"{event}", lambda: self.send(event), NOT_COUNTED)
            if rng.random() < 0.3:                  # and read again at once: said no more
                found.rereads += 1
                self.unchanged(f"re-read of {event}", lambda: self.send(event), set())
        if rng.random() < GM_REFUSED:
            refused = refused_action(g, rng)
            if refused is not None:
                found.gm_refused += 1

                def act() -> None:
                    logged, mark = self.board.reveals.count, len(self.board.lines)
                    try:
                        self.board.service.call(lambda: self.sd.command("act", action=refused.to_json()))
                    except CommandRefused:
                        pass
                    else:
                        found.add("noise", f"{refused} was accepted")
                    private = any(l.get("event") == "rejected" and l.get("reason") == "not_in_hand"
                                  for l in self.board.lines[mark:])
                    if self.board.reveals.count - logged != int(private):
                        found.add("noise", f"game master's {refused}: {self.board.reveals.count - logged} reveals "
                                           f"logged for a {'private' if private else 'public'} refusal")
                    found.reveals += int(private)
                # a refusal the table may hear (a second vote), never a private one
                self.unchanged(f"game master's {refused}", act,
                               {"refusal.already_voted", "refusal.not_your_turn", "refusal.wrong_phase",
                                "refusal.not_alive", "refusal.invalid_target", "refusal.ineligible",
                                "refusal.game_over"} | {k for k in catalogue.MESSAGES if k.startswith("next.")})
        if rng.random() < BUTTON and g.phase != "game_over":
            seat = rng.randrange(g.players)
            vetoing = g.phase == "legislative_chancellor" and seat == g.chancellor
            busy = seat == g.president and (seat in g.awaiting() or g.veto_pending)
            if rng.random() < 0.5 and not vetoing:
                self.send(ButtonGesture(seat, "hold"))
            elif not busy:
                self.send(ButtonGesture(seat, "press"))
        if rng.random() < ALL_STATUS and g.phase not in ("game_over", "legislative_chancellor"):
            self.board.wait_quiet()
            self.status_at.append(len(self.board.sink.played))
            for seat in range(g.players):          # through the status layers to the private one
                for _ in range(len(STATUS_LAYERS) + 1):    # the cycle ends with the settings offer
                    mark = len(self.board.lines)
                    self.send(ButtonGesture(seat, "hold"))
                    if any(l.get("key") == "status.private" and l.get("channel") == f"seat:{seat}"
                           for l in self.board.lines[mark:]):
                        break
            self.board.wait_quiet()
            self.check_status_moment(self.status_at[-1])
        if rng.random() < 0.05:
            self.found.console_checked += 1
            snap = self.board.backend.snapshot()
            for problem in secret_free(snap, "snapshot"):
                self.found.add("console", problem)

    def check_status_moment(self, mark: int) -> None:
        """Every seat asked for its status at once: each private clip (the private layer, the
        last request clip of each seat) lasts the same."""
        self.found.status_moments += 1
        clips = [p for p in self.board.sink.played[mark:] if p.priority == "request" and p.output.startswith("seat:")]
        lengths = {p.output: p.clip.frames for p in clips}
        if len(set(lengths.values())) > 1:
            roles = self.sd.game.roles
            self.found.add("lengths", "status at one moment: " + ", ".join(
                f"{o} ({roles[int(o[5:])]}) {n}" for o, n in sorted(lengths.items())))

    # -- moves ----------------------------------------------------------------------------
    def present_roles(self) -> list[str]:
        """The role reading: each seat presents a tile drawn from the box (with noise)."""
        players = self.sd.setup.players
        democrats, fascists = R2[players]
        roles = ["democrat"] * democrats + ["fascist"] * fascists + ["dictator"]
        self.rng.shuffle(roles)
        count = collections.Counter()
        for role in roles:
            count[role] += 1
            tile = TileRead("ballot", "role", role, None, "", count[role])
            self.send(tile)
            if self.rng.random() < 0.3:
                self.unchanged("role tile read again", lambda: self.send(tile), set())
            if self.rng.random() < 0.2:
                self.send(TileRead("ballot", "ballot", "ja", 0))      # not a role tile
        return roles

    def move(self) -> bool:
        g = self.sd.game
        if g.phase == "game_over":
            return False
        self.noise()
        g = self.sd.game
        if g.phase == "game_over":
            return False
        self.last_tile = None           # only the tile of this move may be read again next
        rng = self.rng
        phase = g.phase
        if phase == "election":
            seat = g.awaiting()[rng.randrange(len(g.awaiting()))]
            self.send(TileRead("ballot", "ballot", "ja" if rng.random() < self.ja else "nein", seat))
        elif phase in ("nomination", "power") and (phase == "nomination" or g.power in
                                                   ("execution", "special_election", "investigate")):
            seat = g.president
            options = [a for a in g.legal_actions(seat) if a.target is not None]
            target = options[rng.randrange(len(options))].target
            self.board.service.call(lambda: self.sd.command("choose", seat=seat, target=target))
        elif phase == "power":
            self.send(ButtonGesture(g.president, "press"))         # acknowledge a peek or view-discard
        elif phase == "legislative_president":
            options = g.legal_actions(g.president)
            action = options[rng.randrange(len(options))]
            if g.tracked:
                self.discard(action.party)
            else:
                self.board.service.call(lambda: self.sd.command("act", action=action.to_json()))
        elif phase == "legislative_chancellor" and g.veto_pending:
            self.send(TileRead("ballot", "ballot", rng.choice(("ja", "nein")), g.president))
        elif phase == "legislative_chancellor":
            seat = g.chancellor
            options = g.legal_actions(seat)
            if any(a.kind == "veto" for a in options) and rng.random() < 0.3:
                self.send(ButtonGesture(seat, "hold"))
            else:
                enact = [a for a in options if a.kind == "enact"]
                party = enact[rng.randrange(len(enact))].party
                if g.tracked:
                    hand = list(private_view(g, seat)["hand"])
                    hand.remove(party)
                    self.discard(hand[0])
                self.laid[party] += 1
                self.send(SlotChanged(party, self.laid[party], True))
        elif phase == "chaos":
            options = g.legal_actions(None)
            party = options[rng.randrange(len(options))].party
            self.laid[party] += 1
            self.send(SlotChanged(party, self.laid[party], True))
        else:
            raise AssertionError(f"no move for phase {phase}")
        self.mirror()
        return True

    def mirror(self) -> None:
        """The players mirror the engine: a chaos law on its track, the tracker pin moved; the
        discard pile goes back into the draw pile at a reshuffle."""
        g = self.sd.game
        if g is None:
            return
        if any(l.get("event") == "reshuffled" for l in self.board.lines[self.seen:]):
            self.pile = set()
            self.last_tile = None       # the discard pile went back into the draw pile
        self.seen = len(self.board.lines)
        for party, laws in (("democratic", g.democratic_laws), ("fascist", g.fascist_laws)):
            while self.laid[party] < laws:
                self.laid[party] += 1
                self.send(SlotChanged(party, self.laid[party], True))
        if g.tracker != self.tracker and g.phase != "game_over":
            self.tracker = g.tracker
            self.send(PegMoved(self.tracker))

    seen = 0
    ja = 0.8


def check_lengths(setup: dict, lines: list[dict], played: list, found: LeakFindings, lengths: dict) -> None:
    """One length per private kind: each private clip with a secret in it lasts as long as any
    other that could have been said in its place (the same set of sentences: the same key,
    wording and public parameters, every value of its secrets); ``lengths`` carries over games."""
    language = setup["language"]
    names = {int(k): v for k, v in (setup.get("names") or {}).items()}
    said = [l for l in lines if l.get("event") == "announce" and l["channel"].startswith("seat:")
            and l["key"] in catalogue.MESSAGES and catalogue.is_private(l["key"])]   # not the board's own
    by_text = {}
    for p in played:
        if p.output.startswith("seat:") and p.priority != "request" and p.key in catalogue.MESSAGES:
            by_text.setdefault((p.output, p.text), p.clip.frames)
    from firmware_host.games.secret_dictator.announce import make
    for line in said:
        a = make(line["key"], line["params"], line["channel"])
        variants = secret_variants(a)
        if len(variants) == 1:
            continue
        frames = by_text.get((line["channel"], line["text"]))
        if frames is None:
            continue                               # not played by itself (part of a request)
        for long in (False, True):
            kind = frozenset(catalogue.text(v.key, v.params, language, long=long, names=names) for v in variants)
            if line["text"] in kind:
                break
        else:
            found.add("lengths", f"{line['text']!r} is none of the sentences of {line['key']}")
            continue
        known = lengths.setdefault(kind, frames)
        found.padded_kinds += 1
        if known != frames:
            found.add("lengths", f"{kind}: {frames} samples, elsewhere {known} ({line['text']!r})")


def play_games(board: LeakBoard, rng: random.Random, games: int, found: LeakFindings) -> None:
    """``games`` random games on ``board``, each checked."""
    last_public: set[str] = set()
    lengths: dict = {}
    sd = board.sd
    for _ in range(games):
        setup = random_setup(rng)
        tiles = rng.random() < ROLE_TILES
        if tiles:
            setup["role_source"] = "tiles"
            found.tile_games += 1
        # the table clears the board of the game before: laws off their tracks, the pin to hole 0
        for track, filled in list(sd.active.mirror.slots.items()):
            for k, on in enumerate(filled, 1):
                if on:
                    board.service.call(lambda t=track, k=k: sd.handle_input(SlotChanged(t, k, False)))
        if sd.active.mirror.tracker != 0:
            board.service.call(lambda: sd.handle_input(PegMoved(0)))
        board.wait_quiet()
        # what the table heard while clearing may come back by a repeat early in the next game
        last_public |= {l["text"] for l in board.lines if l.get("event") == "announce" and l["channel"] == "public"}
        del board.sink.played[:]
        board.lines.clear()
        board.service.call(lambda: sd.command("start", setup=setup))
        table = Table(board, rng, found)
        table.ja = rng.choice((0.6, 0.8, 0.95))
        if tiles:
            table.present_roles()
            table.last_tile = None
        game = sd.game
        roles, knows_team = list(game.roles), game.setup.dictator_knows_team
        found.variants.add((setup["variant"], setup["deck"]))
        steps = 0
        # one call per move on the service thread, as the console's commands and the board's
        # inputs each run there (its inputs within it run at once, in order)
        while board.service.call(table.move, timeout=600):
            steps += 1
            assert steps < 3000, f"{setup}: the game does not end"
        board.wait_quiet()
        lines, played = list(board.lines), list(board.sink.played)
        over = next((i for i, l in enumerate(lines) if l.get("event") == "game_over"), len(lines))
        for i, line in enumerate(lines[:over]):
            published = line if line.get("channel", "public") == "public" else None   # ConsoleBackend.subscribe
            if published is not None:
                for problem in secret_free(published, f"line {i}"):
                    found.add("console", f"{setup}: {problem}")
        check_lengths(setup, lines, played, found, lengths)
        last_public = check_game(setup, roles, knows_team, lines, played, found, last_public)
        found.games += 1


def play_board(board_index: int, games: int, seed: int) -> LeakFindings:
    """``games`` games on board :data:`BOARDS` ``[board_index]`` (runs in a worker process)."""
    found = LeakFindings()
    shm = Path("/dev/shm")
    directory = Path(tempfile.mkdtemp(prefix="leak-", dir=shm if shm.is_dir() else None))
    try:
        board = LeakBoard(directory, BOARDS[board_index], ("short", "long")[board_index % 2])
        try:
            play_games(board, random.Random(seed), games, found)
        finally:
            board.close()
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    return found


def leak_check(games: int, seed: int = 20261201, workers: int | None = None) -> LeakFindings:
    """``games`` random games in all, split over the boards of :data:`BOARDS` and over worker
    processes (one per CPU, at most one per board share), checked and merged."""
    workers = workers or min(os.cpu_count() or 1, 8)
    shares = max(workers, len(BOARDS))
    per = [games // shares + (1 if i < games % shares else 0) for i in range(shares)]
    args = ([i % len(BOARDS) for i in range(shares)], per, [seed + i for i in range(shares)])
    if workers > 1:
        context = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
            parts = list(pool.map(play_board, *args))
    else:
        parts = list(map(play_board, *args))
    return LeakFindings.merge(parts)
