"""Private clips of In this way I become a DICTATOR whose length tells no secret (D28, D30,
D31, D34-D36; ACCESSIBILITY.md 8-9), with real espeak-ng clip lengths."""

from __future__ import annotations

import io
import json
import types

import pytest

from firmware_host.clock import VirtualClock
from firmware_host.games.become_dictator import Action, Game, Setup
from firmware_host.games.become_dictator import announce, catalogue, padding
from firmware_host.games.become_dictator.board import BecomeDictatorGame
from firmware_host.games.become_dictator.scripting import signals_for_game
from firmware_host.service.signals import parse_script
from firmware_host.service.simulator import Simulator

from bd_helpers import default_action
from tests.table.table import Table

SETUP = {"game": "become_dictator", "players": 4, "language": "en"}


@pytest.fixture(scope="module")
def voice():
    return Simulator(None)._make_voice(VirtualClock())


def adapter(voice, language: str, names: dict, players: int = 6) -> BecomeDictatorGame:
    bd = BecomeDictatorGame(types.SimpleNamespace(settings=types.SimpleNamespace(), voice=voice))
    bd.language, bd.names = language, names
    bd.moves.game = Game(Setup(players=players, language=language))
    bd.game.start()
    return bd


def pad_seconds(bd: BecomeDictatorGame, channel: str, items: list, longs: dict):
    """The length the table pads a clip saying ``items`` to (None: not padded)."""
    return bd._pad(channel, [bd.words.of(a) for a in items], longs, None)


CASES = [
    ("choice.discard_vote", {"target": 1, "pledge": "priest"}, "discard_vote"),
    ("choice.no_discard_vote", {}, "discard_vote"),
    ("choice.vote", {"target": 1}, "final_vote"),
    ("choice.final_discard_vote", {"target": 0}, "final_vote"),
    ("choice.drop", {"drop": ["jester", "noble"]}, "night"),
    ("choice.drop", {"drop": ["noble"]}, "night"),
    ("status.hand", {"hand": ["jester", "noble", "priest", "dictator"]}, "vote"),
    ("status.hand", {"hand": ["jester", "noble", "priest", "dictator", "commoner"]}, "vote"),
    ("status.your_choice.discard_vote", {"target": 2}, "discard_vote"),
    ("status.your_choice.no_discard_vote", {}, "discard_vote"),
    ("status.your_choice.vote", {"target": 2}, "final_vote"),
    ("status.your_choice.drop", {"drop": ["assassin", "priest"]}, "night"),
    ("card.taken.more", {"role": "noble"}, "night"),          # D30: a role card on the tray
    ("card.taken.last", {"role": "priest"}, "night"),
]


@pytest.mark.parametrize("language,names,rate", [
    ("en", {}, None),
    ("de", {0: "Annemarie", 3: "Bo", 4: "Maximilian"}, None),
    ("de", {}, 110),
])
def test_D28_every_clip_that_could_stand_in_a_private_clips_place_fits_its_padding(voice, language, names, rate):
    """Every combination of the secrets (every target, pledge, hand, drop and kind of choice),
    rendered by espeak-ng, is no longer than the length the clip is padded to."""
    voice.set_seat_voice(0, rate=rate)
    try:
        bd = adapter(voice, language, names)
        for long in (True, False):
            for key, params, phase in CASES:
                bd.game.phase = phase
                a = announce.make(key, params, "seat:0")
                pad = pad_seconds(bd, "seat:0", [a], {key: long})
                assert pad is not None
                for other, values in padding.every_stand_in(key, params, 0, 6, phase):
                    text = catalogue.text(other, values, language,
                                          long=long if other == key else bd.speech.long_wording("seat:0", other, mark=False),
                                          names=names)
                    assert voice.measure("seat:0", text) <= pad, (key, other, values, long)
    finally:
        voice.set_seat_voice(0, rate=None)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("key, params", [
    ("scan.confirm.drop", {"drop": ["jester", "noble"]}),
    ("scan.confirm.drop", {"drop": ["commoner"]}),
    ("scan.confirm.discard_vote", {"target": 1, "pledge": "priest"}),
])
def test_D28_issue33_a_secret_choices_confirmation_is_as_long_whatever_it_names(voice, language, key, params):
    """The confirming item of a night's drop or a discard-vote (D16, D36, D34) lasts the
    length the table pads it to whatever cards, seat and pledge it names: every combination
    of that count of cards (every seat, every pledge), rendered by espeak-ng in either
    wording, is no longer; and the pad is the same for any of them."""
    bd = adapter(voice, language, {})
    stand_ins = padding.confirm_stand_ins(key, params, 6)
    assert padding.carries_secret(stand_ins)
    pad = bd.templates_pad(0, key, stand_ins)("item", key)
    assert pad is not None
    for other, values in padding.every_combination(stand_ins):
        for long in (False, True):
            text = catalogue.text(other, values, language, long=long)
            assert voice.measure("seat:0", text) <= pad, (other, values, long)
    assert bd.templates_pad(0, "scan.confirm.vote", stand_ins)("item", key) is None
    assert bd.templates_pad(0, key, padding.confirm_stand_ins(key, values, 6))("item", key) == pad
    assert not padding.carries_secret(padding.confirm_stand_ins("scan.confirm.vote", {"target": 2}, 6))


def test_D28_the_pad_depends_on_the_table_never_on_the_secret(voice):
    bd = adapter(voice, "en", {})
    bd.game.phase = "discard_vote"
    pads = {pad_seconds(bd, "seat:1", [announce.make(k, p, "seat:1")], {k: True})
            for k, p in [("choice.no_discard_vote", {}),
                         ("choice.discard_vote", {"target": 0, "pledge": "jester"}),
                         ("choice.discard_vote", {"target": 5, "pledge": "revolutionary"})]}
    assert len(pads) == 1
    # a public message, or a private one without a secret, is not padded
    assert pad_seconds(bd, "seat:1", [announce.make("scan.cancelled", {}, "seat:1")], {}) is None
    assert pad_seconds(bd, "public", [announce.make("vote.cast", {"seat": 0, "target": 1, "votes": 1})],
                           {}) is None


def _game(seat1: dict) -> list[dict]:
    """Actions to day 2's discard-vote step, where seat 1 acts first with ``seat1``."""
    game = Game(Setup.from_json(SETUP))
    game.start()
    actions = []
    while not (game.day == 2 and game.phase == "discard_vote"):
        action = default_action(game, game.awaiting()[0])
        actions.append(action.to_json())
        game.apply(action)
    return actions + [seat1]


def _played(tmp_path, seat1: dict) -> list[dict]:
    """The game to seat 1's act at a table of people (:class:`Table`), then seat 1 hears its
    whole status layer by layer (ACCESSIBILITY.md 3, 29); every clip's announce line."""
    where = tmp_path / seat1["action"]
    where.mkdir()
    table = Table(where, seed=None)
    try:
        table.play_all(signals_for_game(SETUP, _game(seat1)))
        table.drain()
        table.wait(10)
        table.status(1)
        table.drain()
        return [dict(line) for line in table.starts]
    finally:
        table.close()


def _seconds(out: list[dict], prefix: str) -> list[float]:
    return [o["end"] - o["start"] for o in out
            if o.get("output", o.get("channel")) == "seat:1" and o["key"].startswith(prefix)]


def _same_lengths(a: list[float], b: list[float]) -> bool:
    """Equal clip lengths, one per announcement, to the output's millisecond times (start and
    end are each rounded to 1 ms, so a difference is at most 1 ms more than the clips')."""
    return len(a) == len(b) and all(abs(x - y) <= 0.0015 for x, y in zip(a, b))


def test_D34_D31_a_seats_confirmation_and_status_last_as_long_whatever_it_chose(tmp_path):
    """Played through simulate at real clip lengths: seat 1 says "vote today" in one game and
    discard-votes seat 3 pledging its Priest in the other; its earphone's confirmation, and
    its status afterwards (hand and choice), last exactly as long in both."""
    today = _played(tmp_path, {"action": "no_discard_vote", "seat": 1})
    discard = _played(tmp_path, {"action": "discard_vote", "seat": 1, "target": 3, "role": "priest"})
    def step(out):
        return [o for o in out if o.get("key") in ("choice.no_discard_vote", "choice.discard_vote")]
    assert [o["key"] for o in step(today)] == ["choice.no_discard_vote"]
    assert [o["key"] for o in step(discard)] == ["choice.discard_vote"]
    assert abs((step(today)[0]["end"] - step(today)[0]["start"])
               - (step(discard)[0]["end"] - step(discard)[0]["start"])) <= 0.0015   # ms times
    assert _same_lengths(_seconds(today, "choice."), _seconds(discard, "choice."))
    assert _seconds(today, "status.your_choice.") != []
    assert _same_lengths(_seconds(today, "status.your_choice."), _seconds(discard, "status.your_choice."))
    assert _same_lengths(_seconds(today, "status.hand"), _seconds(discard, "status.hand"))


def test_D36_a_nights_confirmation_lasts_as_long_whichever_cards_were_dropped():
    game = Game(Setup(players=4, language="en"))
    game.start()
    actions = []
    for seat in range(4):
        action = Action("vote", seat, (seat + 1) % 4)
        actions.append(action.to_json())
        game.apply(action)
    lengths = []
    for drop in (["dictator", "jester"], ["revolutionary", "assassin"], ["commoner", "priest"]):
        signals = signals_for_game(SETUP, actions + [{"action": "drop", "seat": 2, "roles": drop}])
        out = io.StringIO()
        assert Simulator(None, out=out).run_script(parse_script("\n".join(json.dumps(s) for s in signals))) == 0
        lines = [json.loads(line) for line in out.getvalue().splitlines()]
        mine = [o for o in lines if o.get("event") == "announce" and o["key"] == "choice.drop"]
        assert [o["params"]["drop"] for o in mine] == [drop]
        lengths.append(mine[0]["end"] - mine[0]["start"])
    assert max(lengths) - min(lengths) <= 0.0015          # the output's times are in ms
