"""R16/R17 and ACCESSIBILITY.md 8-9 at the speakers: every private clip a seat can ask for
(its status, a repeat) lasts one length per kind and table whatever the role or secret in it,
at an earphone and at a whisper station; a seat's own secrets of the round (its hand, its
investigation) are part of its private status. Also the role-tile prolog, padded as a dealt
one. The board service runs with real espeak-ng speech into a RecordingSink (real clip
lengths); the recall tests need no sound.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from firmware_host.audio import AudioService, AudioSettings, RecordingSink
from firmware_host.clock import VirtualClock
from firmware_host.games.secret_dictator import Action, catalogue, private_view
from firmware_host.games.secret_dictator.announce import STATUS_LAYERS
from firmware_host.hardware.events import ButtonGesture, TileRead
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import Voice

TOLERANCE = 0.05    # seconds (R17, ACCESSIBILITY.md 9)
WAIT = 60.0


class SpeakingBoard:
    """The board service speaking with real espeak-ng into a RecordingSink."""

    def __init__(self, directory: Path, cache: Path, *, whisper: bool = False, voice: bool = True) -> None:
        self.sink = RecordingSink()
        self.lines: list[dict] = []
        self.audio = None
        if voice:
            settings = AudioSettings(language="en", backend="espeak-ng", whisper_station=whisper,
                                     whisper_device="hw:9" if whisper else "")
            self.audio = AudioService(settings, self.sink, cache, seats=10,
                                      whisper_call=lambda seat: f"Seat {seat + 1}, to the whisper station please.")
        self.service = BoardService(ServiceSettings(), clock=VirtualClock(),
                                    journal=Journal(directory / "journal.sqlite3"),
                                    voice=Voice(self.audio) if voice else None, emit=self.lines.append,
                                    notifier=Notifier(None))
        self.service.start(None)
        self.game = self.service.game          # the SecretDictatorGame

    def call(self, fn):
        return self.service.call(fn)

    def quiet(self) -> None:
        """Every clip played; at a whisper station each called seat comes and presses."""
        import time
        deadline = time.monotonic() + WAIT
        while True:
            while self.audio is not None and not self.audio.idle():
                called = self.audio.whisper_called
                if called is not None:
                    self.call(lambda: self.game.handle_input(ButtonGesture(seat=called, gesture="press")))
                assert time.monotonic() < deadline, "the board did not finish speaking"
                time.sleep(0.005)
            self.service.wait_idle()      # announce lines are written once their clips have played
            # what the service did on the last clip's end (a follow-up such as prolog.done after
            # the prolog) may have queued more speech: quiet only when nothing followed
            if self.audio is None or self.audio.idle():
                break

    def hold(self, seat: int) -> None:
        self.call(lambda: self.game.handle_input(ButtonGesture(seat=seat, gesture="hold")))
        self.quiet()

    def private_status(self, seat: int) -> None:
        """Holds through the status layers to the private one, the last (issue 14)."""
        for _ in STATUS_LAYERS:
            self.hold(seat)

    def close(self) -> None:
        self.service.stop()


@pytest.fixture
def board(tmp_path, speech_cache):
    made: list[SpeakingBoard] = []

    def make(**kwargs) -> SpeakingBoard:
        b = SpeakingBoard(tmp_path / f"b{len(made)}", speech_cache, **kwargs)
        made.append(b)
        return b
    (tmp_path / "b0").mkdir()
    for i in range(1, 4):
        (tmp_path / f"b{i}").mkdir()
    yield make
    for b in made:
        b.close()


def one_seat_per_role(roles: list[str]) -> dict[str, int]:
    return {role: roles.index(role) for role in ("democrat", "fascist", "dictator")}


def request_clips(sink: RecordingSink, output: str) -> list:
    return [p for p in sink.on(output) if p.priority == "request"]


@pytest.mark.parametrize("players", [5, 7])
def test_r16_status_of_democrat_fascist_dictator_lasts_the_same_at_an_earphone(board, players):
    b = board()
    b.call(lambda: b.game.command("start", setup={"players": players, "seed": 5, "language": "en"}))
    b.quiet()
    roles = list(b.game.game.roles)
    seats = one_seat_per_role(roles)
    for seat in seats.values():
        b.private_status(seat)
    lengths = {role: request_clips(b.sink, f"seat:{seat}")[-1].duration for role, seat in seats.items()}
    assert max(lengths.values()) - min(lengths.values()) <= TOLERANCE, lengths
    # unpadded, the same requests differ: the padding is what makes them equal
    spoken = {role: request_clips(b.sink, f"seat:{seat}")[-1].text for role, seat in seats.items()}
    raw = {role: b.audio.measure(f"seat:{seats[role]}", text) for role, text in spoken.items()}
    assert max(raw.values()) - min(raw.values()) > TOLERANCE, raw


def test_r16_status_lasts_the_same_at_a_whisper_station(board):
    b = board(whisper=True)
    b.call(lambda: b.game.command("start", setup={"players": 5, "seed": 5, "language": "en"}))
    b.quiet()
    seats = one_seat_per_role(list(b.game.game.roles))
    for seat in seats.values():
        b.private_status(seat)
    visits = {role: [p for p in b.sink.on("whisper") if p.channel == f"seat:{seat}"][-1]
              for role, seat in seats.items()}
    assert {p.key for p in visits.values()} == {"status.private"}
    lengths = {role: p.duration for role, p in visits.items()}
    assert max(lengths.values()) - min(lengths.values()) <= TOLERANCE, lengths
    raw = {role: b.audio.measure(p.channel, p.text) for role, p in visits.items()}
    assert max(raw.values()) - min(raw.values()) > TOLERANCE, raw


def test_r16_status_of_the_president_holding_a_hand_lasts_as_long_as_any_seats(board):
    """While the president holds three laws its status names them in a layer of their own
    after its role and team (issue 31: no layer over 15 s; who holds a hand is public): every
    seat's role and team layer is as long as the president's (one length per table), and the
    president's laws last the same whatever they are."""
    b = board()
    b.call(lambda: b.game.command("start", setup={"players": 5, "seed": 8, "language": "en"}))
    play_until(b, lambda g: g.phase == "legislative_president")
    b.quiet()
    game = b.game.game
    for seat in range(5):
        b.private_status(seat)
    lengths = [request_clips(b.sink, f"seat:{s}")[-1].duration for s in range(5)]
    assert max(lengths) - min(lengths) <= TOLERANCE, lengths
    b.hold(game.president)                  # the next layer: the laws it holds
    recalled = request_clips(b.sink, f"seat:{game.president}")[-1]
    assert recalled.key == "recall.hand" and "law" in recalled.text.lower()
    speech = b.game.active.speech
    laws = private_view(game, game.president)["hand"]
    long = recalled.text == b.call(lambda: speech.text("recall.hand", {"laws": laws}, long=True))
    variants = [b.audio.measure(f"seat:{game.president}", b.call(lambda v=v: speech.text(
        "recall.hand", {"laws": v}, long=long))) for v in (["fascist"] * 3, ["democratic"] * 3)]
    assert recalled.duration >= max(variants) - TOLERANCE, (recalled.duration, variants)
    # the hand itself, told after the vote, lasts the same whatever its laws (repeat keeps it)
    hands = [p for p in b.sink.on(f"seat:{game.president}") if p.key == "hand.president"]
    laws = private_view(game, game.president)["hand"]
    others = [b.audio.measure(f"seat:{game.president}", f"Your laws: {', '.join(v)}")
              for v in (["fascist"] * 3, ["democratic"] * 3)]
    assert hands and hands[-1].duration >= max(others) - TOLERANCE, (laws, hands[-1].duration, others)


def play_until(b: SpeakingBoard, done, seed: int = 1, limit: int = 400) -> None:
    """Random legal moves entered as the game master does, until ``done(game)``."""
    rng = random.Random(seed)
    for _ in range(limit):
        game = b.game.game
        if done(game):
            return
        assert game.phase != "game_over", "the game ended first"

        def step():
            g = b.game.game
            if g.phase == "chaos":
                options = g.legal_actions(None)
            else:
                waiting = g.awaiting()
                options = g.legal_actions(waiting[rng.randrange(len(waiting))])
            if g.phase == "election":
                options = [a for a in options if a.ballot == "ja"] or options
            b.game.command("act", action=options[rng.randrange(len(options))].to_json())
        b.call(step)
    raise AssertionError("not reached")


def status_lines(b: SpeakingBoard, seat: int) -> list[dict]:
    """The announce lines of the seat's private status layers, just asked for: its role and
    team, then each of its own secrets a layer of its own (holds until they come and while
    they last: the cycle of layers ends with the settings offer, issue 14)."""
    out: list[dict] = []
    for _ in range(len(STATUS_LAYERS) + 8):
        mark = len(b.lines)
        b.call(lambda: b.game.handle_input(ButtonGesture(seat=seat, gesture="hold")))
        said = [l for l in b.lines[mark:] if l.get("event") == "announce" and l["channel"] == f"seat:{seat}"]
        if any(l["key"] == "status.private" for l in said) or (out and said and said[0]["key"].startswith("recall.")):
            out += said
        elif out:
            return out
    return out


def test_a8_seat_recalls_its_hand_by_status_during_and_after_the_session(board):
    b = board(voice=False)
    b.call(lambda: b.game.command("start", setup={"players": 5, "seed": 3, "language": "en"}))
    play_until(b, lambda g: g.phase == "legislative_president")
    game = b.game.game
    president, hand = game.president, private_view(game, game.president)["hand"]
    recall = [l["params"]["laws"] for l in status_lines(b, president) if l["key"] == "recall.hand"]
    assert recall == [hand]
    play_until(b, lambda g: g.phase != "legislative_president")          # discarded: still this round
    assert [l["params"]["laws"] for l in status_lines(b, president) if l["key"] == "recall.hand"] == [hand]
    chancellor = b.game.game.chancellor
    if b.game.game.phase == "legislative_chancellor":
        two = private_view(b.game.game, chancellor)["hand"]
        assert [l["params"]["laws"] for l in status_lines(b, chancellor) if l["key"] == "recall.hand"] == [two]
    # nobody else hears a hand in their status
    others = [s for s in range(5) if s not in (president, chancellor)]
    assert not [l for s in others for l in status_lines(b, s) if l["key"].startswith("recall.")]
    # the next government is proposed: the last hand a seat held stays in its status (issue 33:
    # every secret a seat was told stays reachable in every phase), until it holds another
    play_until(b, lambda g: g.phase == "election")
    assert [l["params"]["laws"] for l in status_lines(b, president) if l["key"] == "recall.hand"] == [hand]


def test_a8_seat_recalls_its_investigation_result_for_the_rest_of_the_game(board):
    b = board(voice=False)
    setup = {"players": 9, "seed": 2, "language": "en", "variant": "official"}
    b.call(lambda: b.game.command("start", setup=setup))
    play_until(b, lambda g: g.phase == "power" and g.power == "investigate", seed=4)
    seat = b.game.game.president
    target = next(a.target for a in b.game.game.legal_actions(seat))
    b.call(lambda: b.game.command("act", action=Action("investigate", seat=seat, target=target).to_json()))
    party = "democratic" if b.game.game.roles[target] == "democrat" else "fascist"
    play_until(b, lambda g: g.phase == "election" and g.president != seat, seed=5)
    play_until(b, lambda g: g.phase == "nomination", seed=6)             # rounds later
    recalled = [l["params"] for l in status_lines(b, seat) if l["key"] == "recall.investigate"]
    assert recalled == [{"target": target, "party": party}]
    assert all(not l["key"].startswith("recall.") for s in range(9) if s != seat for l in status_lines(b, s)
               if l["key"] == "recall.investigate")
    # undo and resume keep it: it is rebuilt from the journal
    b.call(lambda: b.game.command("undo"))
    assert [l["params"] for l in status_lines(b, seat) if l["key"] == "recall.investigate"] == recalled


def test_r17_role_tiles_give_the_padded_team_prolog(board):
    b = board()
    roles = ["democrat", "fascist", "democrat", "dictator", "democrat"]
    b.call(lambda: b.game.command("start", setup={"players": 5, "seed": 4, "language": "en", "role_source": "tiles"}))
    count = {"democrat": 0, "fascist": 0, "dictator": 0}
    for role in roles:
        count[role] += 1
        tile = TileRead("ballot", "role", role, None, "", count[role])
        b.call(lambda t=tile: b.game.handle_input(t))
    b.quiet()
    prolog = {p.output: p for p in b.sink.played if p.key == "prolog"}
    assert sorted(prolog) == [f"seat:{s}" for s in range(5)]
    fascist = prolog["seat:1"].text
    assert "seat 4" in fascist.lower() or "Seat 4" in fascist            # the fascist learns the dictator (R3)
    assert "seat 2" not in prolog["seat:3"].text.lower()                 # the dictator learns nothing at 5 (R3)
    durations = [p.duration for p in prolog.values()]
    assert max(durations) - min(durations) <= TOLERANCE
    keys = [l["key"] for l in b.lines if l.get("event") == "announce" and l["channel"] == "public"]
    assert keys.index("game.started") < keys.index("prolog.done")


def test_r16_repeat_of_a_private_hand_keeps_its_padded_length(board):
    """A press to repeat gives the president the hand again, as long as when it was told
    (padded to the longest hand), so a repeat tells no more than the first time."""
    b = board()
    b.call(lambda: b.game.command("start", setup={"players": 5, "seed": 8, "language": "en"}))
    play_until(b, lambda g: g.phase == "legislative_president")
    b.quiet()
    president = b.game.game.president
    told = [p for p in b.sink.on(f"seat:{president}") if p.key == "hand.president"][-1]
    b.call(lambda: b.game.handle_input(ButtonGesture(seat=president, gesture="press")))
    b.quiet()
    again = request_clips(b.sink, f"seat:{president}")[-1]
    assert again.text == told.text
    assert again.clip.frames == told.clip.frames
    laws = private_view(b.game.game, president)["hand"]
    long = told.text == catalogue.text("hand.president", {"laws": laws}, "en", long=True)
    every = [b.audio.measure(f"seat:{president}", catalogue.text("hand.president", {"laws": list(v)}, "en", long=long),
                             earcon="private")
             for v in itertools.product(("democratic", "fascist"), repeat=3)]
    assert abs(told.duration - max(every)) <= 0.001        # as long as the longest hand (R16)
    assert max(every) - min(every) > TOLERANCE             # and hands differ unpadded
