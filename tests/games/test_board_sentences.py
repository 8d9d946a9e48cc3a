"""Every game's table says the board's own sentences in the board's words (issue 22: In this way
I become a DICTATOR had no ``fault.gpio.*`` / ``fault.output.*`` and said nothing for a silent
earphone; Dying Message borrowed Secret Dictator's catalogue): a silent earphone, a dead table
speaker and an unplugged reader during a game, in the game's language, from the board catalogue
(``service.board_catalogue``)."""

from __future__ import annotations

import importlib
import io
import json

import pytest

from firmware_host.clock import VirtualClock
from firmware_host.service import board_catalogue
from firmware_host.service.simulator import Simulator

SETUPS = {
    "secret_dictator": {"players": 5, "seed": 3},
    "become_dictator": {"game": "become_dictator", "players": 4},
    "dying_message": {"game": "dying_message", "players": 5, "seed": 3},
}


#: what a table may say for the unplugged law reader: the board catalogue's key -> its params
UNPLUGGED = {"fault.reader_unplugged": {"reader": "law"}, "fault.board": {}}


def _said(lines: list[dict], key: str) -> list[dict]:
    return [l for l in lines if l.get("event") == "announce" and l["key"] == key]


def _board_words(key: str, params: dict, language: str) -> set[str]:
    texts = {board_catalogue.text(key, params, language, long=long) for long in (False, True)}
    return texts | {t[:1].upper() + t[1:] for t in texts}


def _game_languages(game: str) -> tuple[str, ...]:
    """The languages of ``game``'s own catalogue (a game is set up only in those)."""
    return importlib.import_module(f"firmware_host.games.{game}.catalogue").LANGUAGES


@pytest.mark.parametrize("game,language", [(g, l) for g in sorted(SETUPS) for l in _game_languages(g)])
def test_each_game_says_a_silent_earphone_a_dead_speaker_and_an_unplugged_reader(tmp_path, game, language):
    out = io.StringIO()
    sim = Simulator(out=out, journal_path=str(tmp_path / "journal.sqlite3"))
    service = sim.start(VirtualClock())
    try:
        setup = {**SETUPS[game], "language": language}
        service.call(lambda: service.game.setup_game(setup))
        sim.drain(60)
        assert service.game.current == game
        sim.mock.unplug("law")
        service.output_failed("seat:2", "aplay: no such device")
        service.output_failed("public", "aplay: no such device")
        sim.drain(60)
        service.wait_idle()
    finally:
        sim.stop()
    lines = [json.loads(l) for l in out.getvalue().splitlines()]
    # the part named where the game's adapter names it (In this way I become a DICTATOR says
    # "check the board" until it is on the table package), always in the board's words
    unplugged = [l for l in lines if l.get("event") == "announce" and l["key"] in UNPLUGGED]
    assert [l["channel"] for l in unplugged] == ["public"]
    key = unplugged[0]["key"]
    assert unplugged[0]["text"] in _board_words(key, UNPLUGGED[key], language)
    earphone = _said(lines, "fault.output.seat")
    assert [l["channel"] for l in earphone] == ["public"]
    assert earphone[0]["text"] in _board_words("fault.output.seat", {"seat": 2}, language)
    speaker = _said(lines, "fault.output.public")            # said in every earphone that works
    channels = {l["channel"] for l in speaker}
    assert "seat:2" not in channels and {f"seat:{s}" for s in range(SETUPS[game]["players"]) if s != 2} <= channels
    assert {l["text"] for l in speaker} <= _board_words("fault.output.public", {}, language)
    assert [l for l in lines if l.get("event") == "fault" and l.get("source") == "audio"]
