"""A status that answers first, in every game (issue 31; ACCESSIBILITY.md 3, 21, 29): a hold's
first answer is at most 3 s of speech and says what is open now ("status.now.*": whose turn,
the open vote or choice); each further hold within a few seconds of a layer's end gives the
next layer, at most 15 s of speech each; during a seat's own scan the scan waits for the
status and then says the item heard last once.

Played through ``simulate`` on the mocked board at real clip lengths (espeak-ng), the player
holding one to two seconds after a clip has ended (:mod:`tests.table.table`), over every
registered game, from its pack's scripting hooks. The slow check renders with espeak-ng the
longest first answer and the longest line of every status layer over every state of random
games, with ten-letter names, in every language and wording.
"""

from __future__ import annotations

import importlib
import random
import shutil
import tempfile
from typing import Any, Iterator

import pytest

from firmware_host.kernel import games
from firmware_host.table.adapter import STATUS_FIRST_S, STATUS_LAYER_S

from .table import Table
from .test_conformance import hooks, to_first_choice

#: the first answer's key names what is open now, in every game
NOW = "status.now."
#: games whose status is not on the table kit's layers yet: game -> why (strict xfail)
KNOWN: dict[str, str] = {}


def _cases() -> list[Any]:
    return [pytest.param(name, id=name, marks=[pytest.mark.xfail(strict=True, reason=KNOWN[name])]
                         if name in KNOWN else []) for name in games.names()]


def _started(tmp_path, name: str, upto: str | None = None) -> tuple[Table, list[dict], int]:
    """A table playing the game's sample setup from board signals, stopped before the first
    ``wait_for`` whose key starts with ``upto`` (None: right after the start); the signals
    left, and the seat that acts on that cue."""
    script = hooks(name)
    setup = script.sample_setup("en")
    signals = script.signals_for_game(setup, script.whole_game(setup, 2))
    stop = 1
    if upto is not None:
        stop = next(i for i, s in enumerate(signals) if s.get("signal") == "wait_for"
                    and str(s.get("key", "")).startswith(upto))
    seat = next((s["seat"] for s in signals[stop:] if s.get("signal") == "button"), 0)
    table = Table(tmp_path, seed=None)
    table.play_all(signals[:stop])
    table.drain()
    table.wait(2.0)
    return table, signals[stop:], seat


def _hold(table: Table, seat: int) -> list[dict]:
    """A hold at ``seat``; once its answer has ended, 1.5 s later (a person's pace): the
    clips its earphone played meanwhile."""
    mark = len(table.starts)
    table.press(seat, "hold")
    table.drain()
    table.wait(1.5)
    return [line for line in table.starts[mark:] if line.get("output") == f"seat:{seat}"]


def _seconds(lines: list[dict]) -> float:
    """The speech of one answer: from its first clip's start to its last clip's end."""
    return max(float(l["end"]) for l in lines) - min(float(l["start"]) for l in lines)


@pytest.mark.parametrize("name", _cases())
def test_A29_issue31_a_holds_first_answer_names_what_is_open_within_3_s_and_each_layer_lasts_at_most_15_s(
        tmp_path, name):
    table, _, seat = _started(tmp_path, name)
    try:
        first = _hold(table, seat)
        assert first, "a hold gave nothing"
        assert first[0]["key"].startswith(NOW), [l["key"] for l in first]
        assert _seconds(first) <= STATUS_FIRST_S, (first[0]["text"], _seconds(first))
        layers = [first]
        for _ in range(20):                      # hold again after each layer: the next one
            heard = _hold(table, seat)
            assert heard
            if heard[0]["key"] == first[0]["key"]:
                break                            # all heard: it starts again at the first
            layers.append(heard)
        else:
            pytest.fail("the status never starts again at its first layer")
        assert len(layers) >= 2
        long = {" ".join(l["text"] for l in layer): round(_seconds(layer), 2) for layer in layers[1:]
                if _seconds(layer) > STATUS_LAYER_S}
        assert long == {}
        assert not any(l.get("cut") for layer in layers for l in layer)
        # later (the window after the last layer has passed) a hold answers first again
        table.wait(10.0)
        assert _hold(table, seat)[0]["key"].startswith(NOW)
    finally:
        table.close()


@pytest.mark.parametrize("name", _cases())
def test_A21_issue31_during_its_own_scan_a_status_holds_the_scan_which_says_the_item_heard_once_after_it(
        tmp_path, name):
    table, _, seat = _started(tmp_path, name, upto="scan.")
    try:
        def running() -> Any:
            active = table.service.game.active
            own = getattr(active, "scanning", None)      # a game whose scan is still its own part
            if own is None:
                return active.scans.get(seat)
            return own.scan if own.scan is not None and own.scan.seat == seat else None

        scan = table.call(running)
        if scan is None:                       # the cue opens its list on a press
            table.press(seat)
            table.drain()
            table.wait(2.0)
            scan = table.call(running)
        assert scan is not None, "no list in the seat's earphone"
        items = {(i.key, str(i.params)) for i in scan.items}
        # hold once an item has been heard and the next one plays
        seen = 0
        while seen < 2:
            table.wait(0.2)
            seen = len([l for l in table.starts if l.get("output") == f"seat:{seat}"
                        and (l["key"], str(l.get("params", {}))) in items])
        before = [l for l in table.starts if l.get("output") == f"seat:{seat}"
                  and (l["key"], str(l.get("params", {}))) in items]
        heard_last = before[-1] if "end" in before[-1] and not before[-1].get("cut") else before[-2]
        mark = len(table.starts)
        held_at = table.now
        table.press(seat, "hold")
        table.drain()
        table.wait(0.3)
        after = [l for l in table.starts[mark:] if l.get("output") == f"seat:{seat}"]
        status = [l for l in after if l["key"].startswith(NOW)]
        assert status, [l["key"] for l in after]
        # nothing of the list starts between the hold and its answer (not even cut at once)
        assert not [l for l in after if (l["key"], str(l.get("params", {}))) in items
                    and held_at <= l["start"] <= status[0]["start"]], after
        resumed = [l for l in after if (l["key"], str(l.get("params", {}))) in items
                   and l["start"] >= status[0]["end"] - 1e-6]
        assert resumed, "the scan did not go on after the status"
        # once, and the item heard last (or the one it cut off), never one item twice
        first_two = resumed[:2]
        assert first_two[0]["key"] in (heard_last["key"], before[-1]["key"]) and \
            first_two[0].get("params") in (heard_last.get("params"), before[-1].get("params"))
        if len(first_two) == 2:
            assert (first_two[1]["key"], first_two[1].get("params")) != (first_two[0]["key"], first_two[0].get("params"))
    finally:
        table.close()


def _act(signal: dict) -> bool:
    """A seat's act among the script's signals: a press or a tile of that seat (no hold)."""
    return (signal.get("signal") not in ("wait_for", "wait") and isinstance(signal.get("seat"), int)
            and signal.get("gesture", "press") != "hold")


def _two_acts(name: str) -> tuple[list[dict], int, int]:
    """A whole sample game's signals, the index of the first act directly followed by another
    seat's act, and that other seat."""
    script = hooks(name)
    setup = script.sample_setup("en")
    signals = script.signals_for_game(setup, script.whole_game(setup, 2))
    i = next(i for i in range(1, len(signals) - 1) if _act(signals[i]) and _act(signals[i + 1])
             and signals[i]["seat"] != signals[i + 1]["seat"])
    return signals, i, signals[i + 1]["seat"]


def fresh_status_after_answer(table: Table, seat: int, mine: list[dict], acted: float) -> None:
    """The checks shared by every "a hold, then one's own act before the status was heard"
    case: the act answered in the seat's earphone first (never by a status clip), then, unless
    the status's first answer had begun before the act, that first answer after the act's
    answer (never silence: the seat asked), worded as what is open now (after the act), never
    what was open at the hold (a stale "You: vote"). ``mine``: the seat's earphone lines since
    the hold; ``acted``: when the act was made (clock seconds)."""
    answer = next((l for l in mine if l["start"] >= acted - 1e-6), None)
    assert answer is not None, "the act was not answered in the seat's earphone"
    assert not answer["key"].startswith("status."), answer
    after = [l for l in mine if l["key"].startswith("status.") and l["start"] >= answer["start"] - 1e-6]
    if [l for l in mine if l["key"].startswith(NOW) and l["start"] < acted - 1e-6]:
        # its first answer began before the act (the status waited for nothing): heard; no
        # status worded before the act may follow the act's answer
        assert after == [], [(l["key"], l["text"], l["start"]) for l in after]
        return
    assert after, "the status asked for before the act never came: silence after the act's answer"
    assert after[0]["key"].startswith(NOW), [(l["key"], l["text"]) for l in after]
    assert after[0]["start"] >= answer["end"] - 1e-6, (answer, after[0])
    now = table.call(lambda: table.service.game.active.status_answers(seat))[0][0]
    assert (after[0]["key"], after[0].get("params") or {}) == (now.key, dict(now.params or {})), \
        (after[0]["text"], now.key, now.params)
    assert len([l for l in after if l["key"].startswith(NOW)]) == 1, [(l["key"], l["text"]) for l in after]


@pytest.mark.parametrize("name", _cases())
def test_A29_issue31_a_status_asked_for_just_before_ones_own_act_follows_its_answer_and_says_what_is_open_now(
        tmp_path, name):
    """A seat holds while the table still tells another seat's act (a ballot, a confirmed
    pick), then acts itself at once (Secret Dictator by robots: a hold 1 s before one's own
    ballot; its answer cue cut by "Your vote" and no status ever followed): the act is
    answered first in its earphone, then the status's first answer, worded after the act
    (never the stale "You: vote" after the seat's vote was taken). The hold is answered at
    once all the same (its status, or the answer cue while the status waits for the table)."""
    signals, i, seat = _two_acts(name)
    table = Table(tmp_path, seed=None)
    try:
        table.play_all(signals[:i + 1])          # another seat's act: the table tells it now
        held = table.now
        table.press(seat, "hold")
        table.wait(0.4)
        acted = table.now
        table.play(signals[i + 1])               # the seat acts itself, before its status is heard
        table.drain()
        table.wait(2.0)
        mine = [l for l in table.starts if l.get("output") == f"seat:{seat}" and l["start"] >= held - 1e-6]
        fresh_status_after_answer(table, seat, mine, acted)
        assert [l for l in mine if l["start"] <= acted + 1e-6], "the hold was not answered at once"
    finally:
        table.close()


@pytest.mark.parametrize("name", _cases())
def test_A29_issue31_a_hold_again_before_the_first_answer_was_heard_still_gets_the_first_answer(tmp_path, name):
    """A seat holds while the table still tells another seat's act, and holds again before
    any of its status was heard (it waits for the table, or the first hold's answer just
    began): the first status clip it hears names what is open (``status.now.*``); a layer the
    seat never heard is not stepped past (In this way I become a DICTATOR by ear, a first
    hold was answered "Still to act", the layer after it)."""
    signals, i, seat = _two_acts(name)
    table = Table(tmp_path, seed=None)
    try:
        table.play_all(signals[:i + 1])          # another seat's act: the table tells it now
        held = table.now
        table.press(seat, "hold")
        table.wait(0.1)
        table.press(seat, "hold")
        table.drain()
        status = [l for l in table.starts if l.get("output") == f"seat:{seat}" and l["start"] >= held - 1e-6
                  and l["key"].startswith("status.")]
        assert status, "the holds gave no status"
        assert status[0]["key"].startswith(NOW), [(l["key"], l["text"]) for l in status]
        assert len([l for l in status if l["key"].startswith(NOW)]) == 1, \
            [(l["key"], l["text"]) for l in status]          # the first answer once, not per hold
    finally:
        table.close()


@pytest.mark.parametrize("name", _cases())
def test_A29_issue31_a_first_hold_after_the_seats_own_act_names_what_is_open(tmp_path, name):
    """The seat that must choose holds (its first answer), then acts a second after the answer
    ended (the press that opens its list) and holds again a second later, well within the
    window in which a hold gives the next layer: its own act changed what is open, so the
    answer is the first layer again (``status.now.*``), not the layer after it."""
    table = Table(tmp_path, seed=None)
    try:
        _, seat = to_first_choice(table, name)
        table.wait(1.5)
        first = _hold(table, seat)
        assert first and first[0]["key"].startswith(NOW), [l["key"] for l in first]
        table.wait(max(0.0, first[-1]["end"] + 1.0 - table.now))
        table.press(seat)                        # the seat's own act: it opens its list
        table.wait(1.0)
        mark = len(table.starts)
        table.press(seat, "hold")
        table.wait(0.5)
        status = [l for l in table.starts[mark:] if l.get("output") == f"seat:{seat}"
                  and l["key"].startswith("status.")]
        assert status and status[0]["key"].startswith(NOW), [(l["key"], l["text"]) for l in status]
    finally:
        table.close()


# -- every state of random games, rendered (slow) ---------------------------------------------

NAMES = {s: n for s, n in enumerate(["Maximilian", "Annabelle", "Christoph", "Dorothea", "Ekaterina",
                                      "Friederike", "Gottfried", "Henriette", "Ignatius", "Josephine"])}


def _autocracy_states() -> Iterator[list[list]]:
    from firmware_host.games.autocracy import Game, Setup, announce, deal
    from firmware_host.games.autocracy.playout import play_randomly
    for seed in range(12):
        n = 3 + seed % 4
        setup = Setup.from_json({"players": n, "seed": seed, "first": seed % n})
        game = Game(setup.with_dealt(*deal(setup)))
        game.start()
        out: list = []
        visit = (lambda g, *_: out.extend(announce.status_layers(g, s) for s in range(g.players)))
        visit(game)
        play_randomly(game, random.Random(seed), after=visit)
        yield from out


def _become_dictator_states() -> Iterator[list[list]]:
    from firmware_host.games.become_dictator import Game, Setup, announce
    from firmware_host.games.become_dictator.playout import play_randomly
    for seed in range(8):
        game = Game(Setup.from_json({"players": 4 + seed % 4}))
        game.start()
        out: list = []
        visit = (lambda g, *_: out.extend(announce.status_layers(g, s) for s in range(g.players)))
        visit(game)
        play_randomly(game, random.Random(seed), after=visit)
        yield from out


def _dying_message_states() -> Iterator[list[list]]:
    from firmware_host.games.dying_message import announce
    from firmware_host.games.dying_message.engine import Game
    from firmware_host.games.dying_message.playout import play_randomly
    from firmware_host.games.dying_message.setup import Setup, deal
    for seed in range(8):
        setup = Setup.from_json({"game": "dying_message", "players": 5 + seed % 4, "seed": seed})
        game = Game(setup.with_dealt(*deal(setup, random.Random(seed))))
        game.start()
        out: list = []

        def visit(g: Any, *_: Any) -> None:
            living = g.living()
            for s in range(g.players):
                for step in ({"step": None}, {"step": "night"}, {"step": "discussion", "ready": len(living) - 1},
                             {"step": "defence", "accused": living[-1]}, {"step": "vote", "number": 2}):
                    out.append(announce.status_layers(g, s, step))
        visit(game)
        play_randomly(game, random.Random(seed), after=visit)
        yield from out


def _secret_dictator_states() -> Iterator[list[list]]:
    from firmware_host.games.secret_dictator import Game, Setup, announce, deal
    from firmware_host.games.secret_dictator.playout import play_randomly
    for seed in range(10):
        setup = Setup.from_json({"players": 5 + seed % 6, "seed": seed, "variant": "official"})
        game = Game(setup.with_dealt(*deal(setup, random.Random(seed))))
        game.start()
        out: list = []
        visit = (lambda g, *_: out.extend(announce.status_layers(g, s) for s in range(g.players)))
        visit(game)
        play_randomly(game, random.Random(seed), after=visit)
        yield from out


STATES = {"autocracy": _autocracy_states, "become_dictator": _become_dictator_states,
          "dying_message": _dying_message_states, "secret_dictator": _secret_dictator_states}


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")
@pytest.mark.parametrize("name", sorted(STATES))
def test_A29_issue31_every_first_answer_at_most_3_s_and_every_status_line_at_most_15_s_in_every_state(name):
    """The longest text of each first-answer key and of each further line, in every language
    and wording, rendered by espeak-ng at the default rate: a first answer ≤ 3 s, a line ≤ the
    15 s a layer may last (the table kit splits a public layer between its lines; a private
    layer is kept whole, so it too must fit)."""
    from firmware_host.audio import SpeechRenderer, read_wav

    catalogue = importlib.import_module(f"firmware_host.games.{name}.catalogue")
    longest: dict[tuple, str] = {}
    for layers in STATES[name]():
        assert layers[0] and layers[0][0].key.startswith(NOW), layers[0]
        parts = [(("first", layers[0][0].key), layers[0])]
        for layer in layers[1:]:
            if any(catalogue.is_private(a.key) for a in layer):
                parts.append((("layer", layer[0].key), layer))
            else:
                parts += [(("line", a.key), [a]) for a in layer]
        for kind, said in parts:
            for language in catalogue.LANGUAGES:
                for long in (False, True):
                    text = " ".join(catalogue.text(a.key, a.params, language, long=long, names=NAMES)
                                    for a in said)
                    k = (kind, language, long)
                    if len(text) > len(longest.get(k, "")):
                        longest[k] = text
    renderer = SpeechRenderer(tempfile.mkdtemp(prefix="status-"))
    try:
        renderer.pronounce = games.pronounce
        seconds = {k: read_wav(renderer.render(t, k[1]).wait(120)).duration for k, t in longest.items()}
    finally:
        renderer.close()
    first = {f"{k} {longest[k]!r}": round(s, 2) for k, s in seconds.items()
             if k[0][0] == "first" and s > STATUS_FIRST_S}
    further = {f"{k} {longest[k]!r}": round(s, 2) for k, s in seconds.items()
               if k[0][0] != "first" and s > STATUS_LAYER_S}
    assert first == {} and further == {}
