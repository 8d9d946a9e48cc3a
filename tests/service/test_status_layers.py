"""The status in layers (issue "Status in layers"; ACCESSIBILITY.md 3 and 5): the first answer
is at most 3 s of speech and says what matters to this seat now ("Du: einen Kanzler
vorschlagen" to the seat itself, "Warten: Kanzlerin Anna" to the others); further requests
during or right after it step through phase and government, tracks and tracker, who plays,
who was executed and who is term-limited, then privately role and secrets."""

from __future__ import annotations

import random
import shutil

import pytest

from firmware_host.audio import SpeechRenderer, read_wav
from firmware_host.games.secret_dictator import Game, Setup, announce, catalogue, deal
from firmware_host.games.secret_dictator.engine import PHASES
from firmware_host.games.secret_dictator.playout import play_randomly

from .conftest import announces, run_lines

NAMES = {s: n for s, n in enumerate(["Maximilian", "Annabelle", "Christoph", "Dorothea", "Ekaterina",
                                      "Friederike", "Gottfried", "Henriette", "Ignatius", "Josephine"])}


def _visit(seed: int, players: int, visit) -> None:
    """Call ``visit(game)`` in every state of a random game of the official variant (veto on)."""
    setup = Setup.from_json({"players": players, "seed": seed, "variant": "official"})
    game = Game(setup.with_dealt(*deal(setup, random.Random(seed))))
    game.start()
    visit(game)
    play_randomly(game, random.Random(seed), after=lambda g, action, events: visit(g))


def _first_layers():
    """(phase, announcement) of the first status layer of every seat in every state of 40 games."""
    out = []

    def visit(game):
        for seat in range(game.players):
            (a,) = announce.status_layers(game, seat)[0]
            out.append((game.phase, game.veto_pending, a))
    for seed in range(40):
        _visit(seed, 5 + seed % 6, visit)
    return out


def test_first_layer_is_one_sentence_covering_every_phase_and_you_to_the_acting_seat():
    seen = set()

    def visit(game):
        if True:
            for seat in range(game.players):
                layers = announce.status_layers(game, seat)
                assert [len(l) for l in layers[:4]] == [1, 2 if game.phase != "game_over" else 1, 1, 1]
                now = layers[0][0]
                seen.add(game.phase)
                if seat in game.awaiting():
                    assert now.key == "status.now.you"          # "you" to the seat itself
                else:
                    assert now.key != "status.now.you"
                    if now.key.startswith("status.now.waiting"):
                        assert now.params["seat"] in game.awaiting()
    for seed in range(10):
        _visit(seed, 7, visit)
    assert seen >= set(PHASES) - {"chaos"}


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")
def test_status_first_layer_at_most_3_s_in_every_phase(tmp_path):
    """The longest first answer of each kind, with 10-letter names at seat ten, in both
    languages and both wordings, rendered by the real espeak-ng at the default rate."""
    longest: dict[tuple, str] = {}
    phases = set()
    for phase, veto, a in _first_layers():
        phases.add(phase)
        for language in catalogue.LANGUAGES:
            for long in (False, True):
                text = catalogue.text(a.key, a.params, language, long=long, names=NAMES,
                                      genders={s: "f" for s in range(10)})
                k = (a.key, language, long)
                if len(text) > len(longest.get(k, "")):
                    longest[k] = text
    assert phases >= {"nomination", "election", "legislative_president", "legislative_chancellor",
                      "power", "game_over"}
    renderer = SpeechRenderer(tmp_path)
    try:
        renderer.pronounce = catalogue.pronounce
        seconds = {k: read_wav(renderer.render(t, k[1]).wait(60)).duration for k, t in longest.items()}
    finally:
        renderer.close()
    too_long = {f"{k} {longest[k]!r}": round(s, 2) for k, s in seconds.items() if s > 3.0}
    assert too_long == {}


SETUP = {"players": 6, "first_president": 0, "language": "de", "seed": 5,
         "names": ["Anna", "Ben", "Clara", "Dieter", "Eva", "Jörg"],
         "roles": ["democrat", "democrat", "fascist", "democrat", "dictator", "democrat"]}


def test_stepping_through_all_status_layers_then_back_to_the_first():
    holds = [{"signal": "button", "seat": 2, "gesture": "hold"} for _ in range(7)]
    out = run_lines([{"setup": SETUP}, {"signal": "wait_for", "key": "prolog.done", "timeout": 120}] + holds)
    said = [l for l in announces(out, "seat:2") if l["key"].startswith(("status.", "prolog.team", "recall.", "settings."))]
    said = said[[l["key"] for l in said].index("status.now.waiting.president"):]    # after the prolog
    assert [l["key"] for l in said] == [
        "status.now.waiting.president",
        "status.phase", "status.president",
        "status.public",
        "status.players",
        "status.private", "prolog.team.fascist",
        "settings.offer",                       # the seat's own settings scan (issue 14)
        "status.now.waiting.president"]
    assert said[0]["text"] == "Warten: Präsident Anna"
    assert said[4]["text"].startswith("Spieler: sechs im Spiel. Erschossen: niemand. Wahlsperre: niemand")


def test_status_starts_again_at_the_first_layer_after_a_pause():
    lines = [{"setup": SETUP}, {"signal": "button", "seat": 0, "gesture": "hold"},
             {"signal": "wait", "seconds": 30.0}, {"signal": "button", "seat": 0, "gesture": "hold"}]
    out = run_lines(lines)
    said = [l for l in announces(out, "seat:0") if l["key"].startswith("status.now")]
    assert [l["text"] for l in said] == ["Du: einen Kanzler vorschlagen"] * 2


def test_a_repeat_press_right_after_the_status_gives_the_next_layer():
    lines = [{"setup": SETUP}, {"signal": "button", "seat": 3, "gesture": "hold"},
             {"signal": "button", "seat": 3, "gesture": "press"}]
    out = run_lines(lines)
    assert [l["key"] for l in announces(out, "seat:3") if l["key"].startswith("status.")] == [
        "status.now.waiting.president", "status.phase", "status.president"]
