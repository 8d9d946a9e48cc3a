"""A status that answers first (issue 31; ACCESSIBILITY.md 29): a hold's first answer is at
most 3 s of speech in every game at its largest table, in the seat's earphone ("You: vote
now") and as the table speaker says it, naming the seat ("Seat 7: vote now", the kit's
``said_at_table``), for every seat's name, in every language and wording (a robot table of In
this way I become a DICTATOR at 7 seats heard "Seat 7: it is morning; press the button when
ready." for 3.58 s).

The first answers of random games played at the game's largest seat count (every state, every
seat; In this way I become a DICTATOR also during its morning, D32), the longest text of each
key rendered by real espeak-ng at the default rate.
"""

from __future__ import annotations

import importlib
import random
import shutil
import tempfile
from typing import Any, Iterator

import pytest

from firmware_host.kernel import games
from firmware_host.table.adapter import STATUS_FIRST_S, BoardAdapter


def _dealt(name: str, players: int, **extra: Any) -> Iterator[tuple[Any, int]]:
    """The first answers of every seat in two random games of ``name`` (a game whose package
    exports ``Game``, ``Setup`` and ``deal``) dealt from seeds 0 and 1."""
    package = importlib.import_module(f"firmware_host.games.{name}")
    announce = importlib.import_module(f"firmware_host.games.{name}.announce")
    play_randomly = importlib.import_module(f"firmware_host.games.{name}.playout").play_randomly
    for seed in range(2):
        setup = package.Setup.from_json({"players": players, "seed": seed, **extra})
        game = package.Game(setup.with_dealt(*package.deal(setup, random.Random(seed))))
        game.start()
        out: list = []
        visit = (lambda g, *_: out.extend((announce.status_layers(g, s)[0], s) for s in range(g.players)))
        visit(game)
        play_randomly(game, random.Random(seed), after=visit)
        yield from out


def _autocracy(players: int) -> Iterator[tuple[Any, int]]:
    return _dealt("autocracy", players)


def _become_dictator(players: int) -> Iterator[tuple[Any, int]]:
    from firmware_host.games.become_dictator import Game, Setup, announce
    from firmware_host.games.become_dictator.playout import play_randomly
    for seed in range(2):
        game = Game(Setup.from_json({"players": players}))
        game.start()
        out: list = []

        def visit(g: Any, *_: Any) -> None:
            for s in range(g.players):
                out.append((announce.status_layers(g, s)[0], s))
                everyone = tuple(range(g.players))
                out.append((announce.status_layers(g, s, ((), everyone))[0], s))        # the morning
                out.append((announce.status_layers(g, s, (everyone[:-1], everyone))[0], s))
        visit(game)
        play_randomly(game, random.Random(seed), after=visit)
        yield from out


def _dying_message(players: int) -> Iterator[tuple[Any, int]]:
    from firmware_host.games.dying_message import announce
    from firmware_host.games.dying_message.engine import Game
    from firmware_host.games.dying_message.playout import play_randomly
    from firmware_host.games.dying_message.setup import Setup, deal
    for seed in range(2):
        setup = Setup.from_json({"game": "dying_message", "players": players, "seed": seed})
        game = Game(setup.with_dealt(*deal(setup, random.Random(seed))))
        game.start()
        out: list = []

        def visit(g: Any, *_: Any) -> None:
            living = g.living()
            for s in range(g.players):
                for step in ({"step": None}, {"step": "night"}, {"step": "discussion", "ready": len(living) - 1},
                             {"step": "defence", "accused": living[-1]}, {"step": "vote", "number": 2}):
                    out.append((announce.status_layers(g, s, step)[0], s))
        visit(game)
        play_randomly(game, random.Random(seed), after=visit)
        yield from out


def _secret_dictator(players: int) -> Iterator[tuple[Any, int]]:
    return _dealt("secret_dictator", players, variant="official")


#: game -> (its largest seat count, its first answers there: (lines, the holding seat))
FIRST_ANSWERS = {"autocracy": (6, _autocracy), "become_dictator": (10, _become_dictator),
                 "dying_message": (10, _dying_message), "secret_dictator": (10, _secret_dictator)}


def test_every_registered_game_has_its_first_answers_checked():
    assert sorted(FIRST_ANSWERS) == sorted(games.names())


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")
@pytest.mark.parametrize("name", sorted(FIRST_ANSWERS))
def test_A29_issue31_a_first_answer_at_the_largest_table_is_at_most_3_s_of_speech(name):
    """Every first answer at the game's largest table, in the seat's earphone and as the table
    says it naming the holding seat (every seat), in every language and wording: its longest
    text per key (and per seat named), rendered by espeak-ng, lasts at most 3 s."""
    from firmware_host.audio import SpeechRenderer, read_wav

    players, states = FIRST_ANSWERS[name]
    catalogue = importlib.import_module(f"firmware_host.games.{name}.catalogue")
    said_at_table = BoardAdapter.said_at_table
    longest: dict[tuple, str] = {}
    for lines, seat in states(players):
        assert lines and lines[0].key.startswith("status.now."), lines
        for table in (False, True):
            keyed = [said_at_table(None, a.key, a.params, seat) if table else (a.key, a.params) for a in lines]
            for language in catalogue.LANGUAGES:
                for long in (False, True):
                    text = " ".join(catalogue.text(k, p, language, long=long) for k, p in keyed)
                    k = (keyed[0][0], language, long, seat if table else None)   # seats' names differ
                    if len(text) > len(longest.get(k, "")):
                        longest[k] = text
    renderer = SpeechRenderer(tempfile.mkdtemp(prefix="status-first-"))
    try:
        renderer.pronounce = games.pronounce
        seconds = {k: read_wav(renderer.render(t, k[1]).wait(120)).duration for k, t in longest.items()}
    finally:
        renderer.close()
    over = {f"{k} {longest[k]!r}": round(s, 2) for k, s in seconds.items() if s > STATUS_FIRST_S}
    assert over == {}
