"""A player name's pronunciation override in every game (issue 33, ACCESSIBILITY.md 7):
``"Siobhan [[S@v'O:n]]"`` is said by its phonemes where the name stands, never spelt as
written as well, and the table's log and the game master's console show the name
("Siobhan"), never the phonemes."""

from __future__ import annotations

import shutil

import pytest

from firmware_host.kernel import games

from .table import Table

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")

NAME = "Siobhan [[S@v'O:n]]"


@pytest.mark.parametrize("name", games.names())
def test_A7_issue33_a_names_override_is_spoken_never_spelt_and_shown_as_the_name(tmp_path, name):
    """The sample game with seat 2 named ``"Siobhan [[S@v'O:n]]"``, played to its first
    press, every seat having heard its status: each line naming the seat says "Siobhan" as
    written in the log and is handed to the speech engine with the phonemes in its place
    (:func:`games.pronounce`, what the renderer applies); no line, and nothing the
    console's page draws (its picture, its lines), shows the phonemes."""
    from firmware_host.console.app import public_snapshot
    from firmware_host.service.backend import ConsoleBackend
    script = games.pack(name).scripting()
    setup = script.sample_setup("en")
    players = int(setup["players"])
    setup = {**setup, "names": ["Anna", NAME] + [""] * (players - 2)}
    table = Table(tmp_path, seed=None)
    try:
        signals = script.signals_for_game(setup, script.whole_game(setup, 2))
        first = next(i for i, s in enumerate(signals) if s.get("signal") == "button")
        table.play_all(signals[:first])
        table.drain()
        table.wait(1.5)
        for seat in range(players):
            table.status(seat)
        heard = table.heard()
        assert not [o["text"] for o in heard if "[[" in o["text"] or "S@v" in o["text"]]
        named = [o["text"] for o in heard if "Siobhan" in o["text"]]
        assert named, "no line named seat 2 before the first press"
        for text in named:
            spoken = games.pronounce(text, "en")
            assert "Siobhan" not in spoken and "[[S@v'O:n]]" in spoken, spoken
        # what the page draws: all but the journaled setup, which keeps the override for the voice
        snapshot = public_snapshot(table.call(ConsoleBackend(table.service).snapshot))
        page = repr({k: v for k, v in snapshot.items() if k != "setup"})
        assert "Siobhan" in page and "S@v" not in page
    finally:
        table.close()
