"""R16/R17 at the speakers: a thousand random games through the board service, checked at
the :class:`~firmware_host.audio.sinks.RecordingSink`.

Each game runs on the real :class:`~firmware_host.service.core.BoardService` (its one service
thread, the journal, :class:`~firmware_host.games.secret_dictator.board.SecretDictatorGame`) with
the real :class:`~firmware_host.service.voice.Voice` over the real
:class:`~firmware_host.audio.service.AudioService` (players per output, priorities, prolog
padding, repeat-last) ending at a ``RecordingSink``. Only the speech renderer is a stand-in:
it returns short silent WAVs whose length follows the text's length (so the prolog padding of
R17 has something to pad), instead of running espeak-ng.

Moves come in as the console sends them: the game master's ``act`` command, one
``BoardService.call`` each, with random legal actions (both variants, tracked and untracked
decks, 5–10 players, German and English, some seats named), now and then preceded by one
the engine refuses (a law the hand may not hold, from its holder or another seat; a second
vote: a ``not_in_hand`` refusal goes to the holder's earphone only). Between moves a seat now and
then holds its button (status, ACCESSIBILITY.md 3) or presses it with nothing to do (repeat
or status, ACCESSIBILITY.md 2, 12) through ``SecretDictatorGame.handle_input``, the path every
board input takes; the service's ``status_channel`` and ``idle_press`` vary between the two
boards played.

Everything is checked per game at the sink, against the ``announce`` lines the service wrote
and the engine's own state:

- R16, public: every clip played on the table speaker before the engine's ``game_over``
  event has a public key, the text the catalogue gives for that key and params (so the text
  says nothing more), params without a role, party, hand, team or order, no ``game_over.*``
  key, no private sentence of the game inside it; each law announced as enacted has the
  party of the engine's ``law_enacted`` event (never a discarded law's).
- R16, private: every clip addressed to ``seat:N`` is played on seat N's earphone only, every
  private key is addressed to a seat, what a seat hears is made only of sentences said to
  that seat or to the table, and each private fact said to seat N is seat N's own (its role
  and team, the hand it holds, its power's result, a refusal naming its own hand).
- R17: each game's prolog clip has one duration for every seat (to the sample), also when a
  seat asks for it again.

The games are CPU-bound (about 30 ms each, mostly the service and audio threads), so the two
boards play in two worker processes where there are two CPUs.
"""

from __future__ import annotations

import collections
import concurrent.futures
import dataclasses
import multiprocessing
import os
import random
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from firmware_host.audio import AudioService, AudioSettings, RecordingSink
from firmware_host.clock import VirtualClock
from firmware_host.games.secret_dictator import Action, catalogue, private_view
from firmware_host.hardware.events import ButtonGesture
from firmware_host.service.core import BoardService, CommandRefused
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import Voice
from tests.doubles import silent_renderer

#: random complete games per board configuration (two configurations) in the long run (``slow``)
GAMES_PER_BOARD = 1000
#: the same in the default run (the suite stays fast on two cores; the long run plays the thousand)
FAST_GAMES_PER_BOARD = 150
#: how often a seat uses its button between two moves (status hold or idle press)
BUTTON_RATE = 0.06
#: how often the game master's console sends a move the engine refuses before a legal one
REFUSAL_RATE = 0.05
#: how many violations of each kind are kept for the failure message
KEEP = 12
#: how likely a seat votes Ja, one value picked per game (0.5: chaos is frequent)
JA = (0.5, 0.8, 0.95)

#: params that name a role, a party, a hand, a team or an order: never public before the end
SECRET_PARAMS = frozenset(name for name, kind in catalogue.PARAM_TYPES.items()
                          if kind in ("party", "parties", "role")) | {"fascists", "democrats", "dictator"}
#: a hand's private key -> the office (``Game`` attribute) whose holder alone may hear it
HAND_KEYS = {"hand.president": "president", "hand.chancellor": "chancellor"}
#: power results: only the seat whose ``private_view`` holds that result may hear them
RESULT_KEYS = ("power.peek.result", "power.view_discard.result", "power.investigate.result")


@dataclasses.dataclass
class Findings:
    """What the random games showed: violations by property, and how much was checked."""

    games: int = 0
    variants: set = dataclasses.field(default_factory=set)
    public_checked: int = 0
    private_checked: int = 0
    seat_clips: int = 0
    prologs: int = 0
    prologs_padded: int = 0
    refusals: int = 0
    public: list[str] = dataclasses.field(default_factory=list)
    routing: list[str] = dataclasses.field(default_factory=list)
    prolog: list[str] = dataclasses.field(default_factory=list)

    @classmethod
    def merge(cls, parts: list["Findings"]) -> "Findings":
        """All parts' counts added up, their violations joined."""
        out = cls()
        for part in parts:
            for f in dataclasses.fields(cls):
                mine, theirs = getattr(out, f.name), getattr(part, f.name)
                if isinstance(mine, set):
                    mine |= theirs
                elif isinstance(mine, list):
                    mine.extend(theirs)
                else:
                    setattr(out, f.name, mine + theirs)
        return out

    def add(self, kind: str, message: str) -> None:
        """Note a violation of ``kind`` (``public``, ``routing``, ``prolog``); the first
        :data:`KEEP` of each kind are kept for the failure message."""
        found = getattr(self, kind)
        if len(found) < KEEP:
            found.append(message)


class Board:
    """One running board service speaking into a RecordingSink, with the lines it wrote."""

    def __init__(self, directory: Path, settings: ServiceSettings) -> None:
        self.sink = RecordingSink()
        self.audio = AudioService(AudioSettings(prerender=False), self.sink, directory / "cache", seats=10,
                                  renderer=silent_renderer(directory))
        self.voice = Voice(self.audio)
        self.lines: list[dict] = []
        journal = Journal(directory / "journal.sqlite3")
        self.service = BoardService(settings, clock=VirtualClock(), journal=journal, voice=self.voice,
                                    emit=self.lines.append, notifier=Notifier(None))
        self.service.start(None)

    def wait_quiet(self, timeout: float = 30.0) -> None:
        """Block until every output has played everything queued (polled every 0.5 ms)."""
        deadline = time.monotonic() + timeout
        while not self.audio.idle():
            assert time.monotonic() < deadline, "the audio service did not finish speaking"
            time.sleep(0.0005)
        self.service.wait_idle()          # the announce lines of what was played are written

    def close(self) -> None:
        """Stop the service (and with it the audio service)."""
        self.service.stop()


def _private(key: str) -> bool:
    """A private key of the game's catalogue (the board's own keys, setup and settings, are not)."""
    return key in catalogue.MESSAGES and catalogue.is_private(key)


def random_setup(rng: random.Random) -> dict:
    """A console setup: 5–10 players, either variant, tracked or untracked deck, a language,
    sometimes names for some seats."""
    players = rng.randint(5, 10)
    setup = {"players": players, "seed": rng.randrange(2**31), "language": rng.choice(("de", "en")),
             "variant": rng.choice(("rulebook", "official")), "deck": rng.choice(("tracked", "untracked"))}
    if rng.random() < 0.3:
        setup["names"] = {str(s): f"Name{s}" for s in range(players) if rng.random() < 0.5}
    return setup


def pick_action(game: Any, rng: random.Random, ja: float) -> Action:
    """A random legal action (votes Ja with probability ``ja``)."""
    if game.phase == "chaos":
        options = game.legal_actions(None)
    else:
        waiting = game.awaiting()
        options = game.legal_actions(waiting[int(rng.random() * len(waiting))])
    if game.phase == "election":
        ballot = "ja" if rng.random() < ja else "nein"
        options = [a for a in options if a.ballot == ballot] or options
    return options[int(rng.random() * len(options))]


def refused_action(game: Any, rng: random.Random) -> Action | None:
    """A move the engine must refuse, of the kinds whose refusal could give a secret away, or
    None: a discard or enactment of a party (by the hand's holder or any seat; with a tracked
    deck one the hand may not hold), or a second vote."""
    if game.phase in ("legislative_president", "legislative_chancellor") and not game.veto_pending:
        legislative = game.phase == "legislative_president"
        holder = game.president if legislative else game.chancellor
        seat = holder if rng.random() < 0.7 else rng.randrange(game.players)
        action = Action("discard" if legislative else "enact", seat=seat,
                        party=rng.choice(("democratic", "fascist")))
    elif game.phase == "election":
        voted = [s for s in range(game.players) if game.alive[s] and s not in game.awaiting()]
        if not voted:
            return None
        action = Action("vote", seat=rng.choice(voted), ballot=rng.choice(("ja", "nein")))
    else:
        return None
    return None if action in game.legal_actions(action.seat) else action


def button_event(game: Any, rng: random.Random) -> ButtonGesture | None:
    """A seat's hold (status) or press with nothing to do (repeat/status), or None: never a
    press that starts a scan or takes a move, never the chancellor's hold (a veto)."""
    seat = rng.randrange(game.players)
    if rng.random() < 0.5:
        if game.phase == "legislative_chancellor" and seat == game.chancellor:
            return None
        return ButtonGesture(seat=seat, gesture="hold")
    if seat == game.president and (seat in game.awaiting() or game.veto_pending):
        return None
    return ButtonGesture(seat=seat, gesture="press")


def check_private_facts(game: Any, new_lines: list[dict], found: Findings) -> None:
    """Right after a move: each private fact said to seat N is in seat N's own view."""
    for line in new_lines:
        if line.get("event") != "announce" or not _private(line["key"]):
            continue
        key, params, channel = line["key"], line["params"], line["channel"]
        if not channel.startswith("seat:"):
            continue                       # routing check reports it
        seat = int(channel[5:])
        found.private_checked += 1
        view = private_view(game, seat)
        if key in HAND_KEYS:
            if seat != getattr(game, HAND_KEYS[key]) or view["hand"] != params["laws"]:
                found.add("routing", f"{key} {params} on {channel}: seat {seat}'s hand is {view['hand']}")
        elif key in RESULT_KEYS:
            result = view["power_result"]
            want = params.get("laws", params.get("party")) if key != "power.investigate.result" else params
            if result != want:
                found.add("routing", f"{key} {params} on {channel}: seat {seat}'s power result is {result}")
            if key == "power.investigate.result":
                role = game.roles[params["target"]]
                if params["party"] != ("democratic" if role == "democrat" else "fascist"):
                    found.add("routing", f"{key} {params}: seat {params['target']} is a {role}")
        elif key == "refusal.not_in_hand":        # only the hand's holder hears what it lacks
            holder = {"legislative_president": game.president,
                      "legislative_chancellor": game.chancellor}.get(game.phase)
            if params["seat"] != seat or seat != holder:
                found.add("routing", f"{key} {params} on {channel}: seat {seat} holds no hand ({game.phase})")
        elif key == "status.private" and params["role"] != game.roles[seat]:
            found.add("routing", f"{key} {params} on {channel}: seat {seat} is a {game.roles[seat]}")


def expected_team(roles: list[str], seat: int, knows_team: bool) -> tuple[str, dict]:
    """R3, independently of the announcement code: the team message seat ``seat`` must hear."""
    fascists = [s for s, r in enumerate(roles) if r == "fascist"]
    dictator = roles.index("dictator")
    if roles[seat] == "fascist":
        return "prolog.team.fascist", {"fascists": [s for s in fascists if s != seat], "dictator": dictator}
    if roles[seat] == "dictator" and knows_team and len(roles) <= 6:
        return "prolog.team.dictator", {"fascists": fascists}
    return "prolog.team.unknown", {}


def made_of(text: str, pieces: set[str]) -> bool:
    """True if ``text`` is one or more of ``pieces`` joined by single spaces."""
    reach = {0}
    todo = [0]
    while todo:
        at = todo.pop()
        for piece in pieces:
            if piece and text.startswith(piece, at):
                end = at + len(piece)
                if end == len(text):
                    return True
                if text.startswith(" ", end) and end + 1 not in reach:
                    reach.add(end + 1)
                    todo.append(end + 1)
    return False


def check_game(setup: dict, roles: list[str], knows_team: bool, lines: list[dict],
               played: list, found: Findings, before: set[str]) -> set[str]:
    """The sink's clips of one finished game against its announce lines (R16, R17).

    :param before: the texts said at the table in the game before (a repeat early in a game
        may play the last public message the seat heard, still one of those).
    :returns: the texts said at the table in this game.
    """
    players, language = setup["players"], setup["language"]
    names = {int(k): v for k, v in (setup.get("names") or {}).items()}
    over = next((i for i, l in enumerate(lines) if l.get("event") == "game_over"), len(lines))
    announces = [(i, l) for i, l in enumerate(lines) if l.get("event") == "announce"]
    private_texts = {l["text"] for _, l in announces if _private(l["key"])}
    tag = f"game {found.games} {setup}"

    # ---- R16: the table speaker
    public_lines = [(i, l) for i, l in announces if l["channel"] == "public"]
    public_texts = {l["text"] for _, l in public_lines}
    public_clips = sorted((p for p in played if p.output == "public"), key=lambda p: p.seq)
    for clip in public_clips:
        if _private(clip.key):       # never, not even after the end
            found.add("public", f"{tag}: private {clip.key!r} {clip.text!r} played on the table speaker")
    if len(public_clips) != len(public_lines):
        extra = collections.Counter(p.key for p in public_clips) - collections.Counter(l["key"] for _, l in public_lines)
        missing = collections.Counter(l["key"] for _, l in public_lines) - collections.Counter(p.key for p in public_clips)
        found.add("public", f"{tag}: {len(public_clips)} clips on the table speaker for {len(public_lines)} "
                            f"public announcements; not announced there: {dict(extra)}, not played: {dict(missing)}")
        public_lines = []                        # one clip more or less: the pairs below say nothing
    enacted = [l["party"] for l in lines if l.get("event") == "law_enacted"]
    said_enacted = []
    for (i, line), clip in zip(public_lines, public_clips):
        key, params = line["key"], line["params"]
        where = f"{tag}: public clip {clip.key!r} {clip.text!r}"
        if clip.channel != "public" or clip.key != key or clip.text != line["text"]:
            found.add("public", f"{where} is not the announcement {key} {line['text']!r} ({clip.channel})")
            continue
        if key.startswith(("law.", "chaos.")) and key.rsplit(".", 1)[1] in ("democratic", "fascist"):
            said_enacted.append(key.rsplit(".", 1)[1])      # law.enacted.*, chaos.enacted.*, chaos.placed.*
        if i > over:
            continue                       # the end: roles are revealed (R15)
        found.public_checked += 1
        if _private(key) or not catalogue.CATALOGUE.has(key):
            found.add("public", f"{where}: key {key} is not a public catalogue key")
            continue
        if key.startswith("game_over."):
            found.add("public", f"{where}: said before the engine's game_over event")
        bad = sorted(n for n in params if n in SECRET_PARAMS or n not in catalogue.PARAM_TYPES)
        if bad:
            found.add("public", f"{where}: secret params {bad} = {[params[n] for n in bad]}")
        if all(clip.text != catalogue.text(key, params, language, long=long, names=names) for long in (False, True)):
            found.add("public", f"{where}: not the catalogue's text for {key} {params}")
        leaked = [t for t in private_texts if t in clip.text]
        if leaked:
            found.add("public", f"{where}: holds private sentences {leaked}")
    if said_enacted != enacted:
        found.add("public", f"{tag}: laws announced as enacted {said_enacted}, engine enacted {enacted}")

    # ---- R16: each seat's earphone
    for _, line in announces:
        if _private(line["key"]) and not line["channel"].startswith("seat:"):
            found.add("routing", f"{tag}: private {line['key']} {line['params']} addressed to {line['channel']}")
    seat_texts: dict[str, set[str]] = {}
    for _, line in announces:
        if line["channel"].startswith("seat:"):
            seat_texts.setdefault(line["channel"], set()).add(line["text"])
    for clip in played:
        if clip.output != clip.channel:
            found.add("routing", f"{tag}: clip {clip.key!r} for {clip.channel} played on {clip.output}")
            continue
        if clip.channel == "public" or not clip.text:
            continue
        found.seat_clips += 1
        # public sentences may reach any earphone (repeat, status); private ones only their seat's
        if not made_of(clip.text, seat_texts.get(clip.channel, set()) | public_texts | before):
            found.add("routing", f"{tag}: {clip.channel} heard {clip.key!r} {clip.text!r}, "
                                 f"not said to that seat")

    # ---- R3 content of the prolog lines, and R17 at the sink
    heard_prolog: dict[int, list[tuple[str, dict]]] = {}
    for _, line in announces:
        key = line["key"]
        if key.startswith(("prolog.role.", "prolog.team.")) and line["channel"].startswith("seat:"):
            heard_prolog.setdefault(int(line["channel"][5:]), []).append((key, line["params"]))
    for seat in range(players):
        want = [(f"prolog.role.{roles[seat]}", {"seat": seat}), expected_team(roles, seat, knows_team)]
        got = heard_prolog.get(seat, [])          # the prolog, then any status requests (R3 again)
        if got[:2] != want or any(item not in want for item in got):
            found.add("routing", f"{tag}: seat {seat} ({roles[seat]}) heard {got}, expected {want}")
    prolog = [p for p in played if p.key == "prolog"]
    first: dict[str, Any] = {}                    # each output's prolog as dealt (not a repeat)
    for p in sorted(prolog, key=lambda p: p.seq):
        if p.priority != "request":
            first.setdefault(p.output, p)
    if sorted(first) != sorted(f"seat:{s}" for s in range(players)):
        found.add("prolog", f"{tag}: prolog played on {sorted(first)}")
        return public_texts
    found.prologs += 1
    frames = {p.clip.frames for p in prolog}
    if len(frames) != 1:
        found.add("prolog", f"{tag}: prolog clips of {sorted((p.output, p.priority, p.clip.frames) for p in prolog)}"
                            f" samples")
    unpadded = {min(len(p.text) // 16, 15) for p in first.values()}
    found.prologs_padded += len(unpadded) > 1
    return public_texts


def play_games(board: Board, rng: random.Random, games: int, found: Findings) -> None:
    """Play ``games`` random complete games on ``board``, checking each one."""
    service = board.service
    sd = service.game
    last_public: set[str] = set()
    for _ in range(games):
        setup = random_setup(rng)
        ja = rng.choice(JA)
        board.wait_quiet()
        del board.sink.played[:]              # the previous game (or "ready") was played to its end
        board.lines.clear()
        service.call(lambda: sd.command("start", setup=setup))
        game = sd.game
        roles, knows_team = list(game.roles), game.setup.dictator_knows_team
        found.variants.add((setup["variant"], setup["deck"]))

        def step() -> bool:
            game = sd.game
            if game.phase == "game_over":
                return False
            if rng.random() < BUTTON_RATE:
                event = button_event(game, rng)
                if event is not None:
                    sd.handle_input(event)
            refused = refused_action(game, rng) if rng.random() < REFUSAL_RATE else None
            if refused is not None:
                seen = len(board.lines)
                try:
                    sd.command("act", action=refused.to_json())
                except CommandRefused:
                    found.refusals += 1
                else:
                    found.add("routing", f"{setup}: {refused} was accepted")
                check_private_facts(sd.game, board.lines[seen:], found)
            seen = len(board.lines)
            sd.command("act", action=pick_action(game, rng, ja).to_json())
            check_private_facts(sd.game, board.lines[seen:], found)
            return True

        while service.call(step):             # one call per move, as the console's act command
            pass
        if rng.random() < 0.5:                # a seat asks for its last message after the end
            service.call(lambda: sd.handle_input(ButtonGesture(seat=rng.randrange(setup["players"]),
                                                               gesture="press")))
        board.wait_quiet()
        last_public = check_game(setup, roles, knows_team, list(board.lines), list(board.sink.played), found,
                                 last_public)
        found.games += 1


#: the two boards: status on the table speaker and repeat on an idle press; status in the
#: earphone and status on an idle press
BOARDS = (ServiceSettings(status_channel="public", idle_press="repeat"),
          ServiceSettings(status_channel="earphone", idle_press="status"))


def play_board(board_index: int, games: int, seed: int) -> Findings:
    """``games`` random games on board ``BOARDS[board_index]``, checked (runs in a worker process)."""
    found = Findings()
    # the journal writes with synchronous=FULL: in memory where the system has a tmpfs
    shm = Path("/dev/shm")
    directory = Path(tempfile.mkdtemp(prefix="routing-", dir=shm if shm.is_dir() else None))
    try:
        board = Board(directory, BOARDS[board_index])
        try:
            play_games(board, random.Random(seed), games, found)
        finally:
            board.close()
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    return found


def play_all(games_per_board: int, seed: int = 20261130) -> Findings:
    """``games_per_board`` random games on each board of :data:`BOARDS`, one worker process
    per board where there are two CPUs (the games are CPU-bound), checked and merged."""
    seeds = [seed + i for i in range(len(BOARDS))]
    args = (range(len(BOARDS)), [games_per_board] * len(BOARDS), seeds)
    if (os.cpu_count() or 1) > 1:
        context = multiprocessing.get_context("spawn")      # no fork of a threaded process
        with concurrent.futures.ProcessPoolExecutor(len(BOARDS), mp_context=context) as pool:
            parts = list(pool.map(play_board, *args))
    else:
        parts = list(map(play_board, *args))
    return Findings.merge(parts)


@pytest.fixture(scope="module", params=[
    pytest.param(FAST_GAMES_PER_BOARD, id="fast"),
    pytest.param(GAMES_PER_BOARD, id="thousand", marks=pytest.mark.slow)])
def per_board(request) -> int:
    """How many random games each board plays: a fast sample by default, a thousand in the long run."""
    return request.param


@pytest.fixture(scope="module")
def findings(per_board) -> Findings:
    """Every random game of both boards, checked (module scope: played once for all tests)."""
    return play_all(per_board)


def test_R16_no_private_fact_on_the_table_speaker_in_random_games(findings, per_board):
    assert findings.games == 2 * per_board
    assert len(findings.variants) == 4                       # both variants, both decks
    assert findings.public_checked > 50 * findings.games
    assert findings.public == [], "\n".join(findings.public)


def test_R16_private_messages_reach_only_their_seat_in_random_games(findings):
    assert findings.private_checked > findings.games and findings.seat_clips > 5 * findings.games
    assert findings.refusals > findings.games                # refused moves, some privately
    assert findings.routing == [], "\n".join(findings.routing)


def test_R17_prolog_lasts_the_same_for_every_seat_in_random_games(findings):
    assert findings.prologs == findings.games
    assert findings.prologs_padded > findings.games // 2      # texts of different lengths were padded
    assert findings.prolog == [], "\n".join(findings.prolog)
