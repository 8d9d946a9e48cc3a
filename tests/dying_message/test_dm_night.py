"""The private lines of the night (M41-M43): every listening seat is asked for the same number
of presses from a list of the same kind and length; actors are exactly those who choose."""

from __future__ import annotations

import random

from hypothesis import given, strategies as st

from firmware_host.games.dying_message import Game, deal
from firmware_host.games.dying_message.night import PRIVATE_STEPS, listeners, step_lines
from firmware_host.games.dying_message.playout import random_action

from .helpers import act, kill, make
from .test_dm_properties import SETTINGS, setups


def check_step(game: Game, step: str) -> None:
    lines = step_lines(game, step)
    if step == "night":
        assert sorted(lines) == game.living()
        return
    assert sorted(lines) == listeners(game)
    shapes = {(line.kind, len(line.items), line.presses) for line in lines.values()}
    assert len(shapes) == 1, shapes            # M43: same kind, length and presses for all
    actors = sorted(s for s, line in lines.items() if line.acts)
    if step in ("soulmate", "dogs", "killers", "dead", "fake") and actors:
        assert actors == sorted(game.awaiting())
        for s in actors:
            choice = game.choice(s)
            assert lines[s].items == choice.items and lines[s].presses == choice.count
    for s, line in lines.items():
        if not line.acts and line.kind == "seat":
            assert len(set(line.items)) == len(line.items)


@SETTINGS
@given(setup=setups(), seed=st.integers(0, 2**16))
def test_M43_every_seat_is_asked_for_the_same_presses_in_every_step_of_random_games(setup, seed):
    rng = random.Random(seed)
    game = Game(setup.with_dealt(*deal(setup, rng)))
    game.start()
    while game.phase != "game_over":
        for entry in game.log:
            if entry[0] == "step" and entry[1] in PRIVATE_STEPS:
                # narrated while the game stands where the step stops (choice steps), or at
                # once for steps the engine passed through (looks, empty steps)
                check_step(game, entry[1])
        game.apply(random_action(game, rng))


def test_M43_killers_step_real_list_for_killers_decoys_for_everyone_else():
    g = make(["famous_dog", "killer", "citizen", "citizen", "professional_killer", "citizen",
              "citizen"])
    act(g, "protect", seat=0, target=2)
    lines = step_lines(g, "killers")
    assert lines[1].acts and lines[1].items == (0, 3, 5, 6)
    assert lines[1].params == {"killers": [4], "protected": [2], "count": 1}
    assert not lines[2].acts and lines[2].key == "night.nothing" and len(lines[2].items) == 4
    assert lines[2].presses == 1


def test_M23_M43_the_look_is_heard_by_the_living_detective_only_and_filler_by_the_rest():
    g = make(["killer", "private_detective", "citizen", "citizen", "citizen"])
    kill(g, [2])
    act(g, "genuine", seat=2, cards=[4])
    lines = step_lines(g, "detective")
    assert lines[1].key == "night.look" and lines[1].params == {"cards": [4]}
    assert {lines[s].key for s in (0, 2, 3, 4)} == {"night.wait"}
    assert all(line.presses == 0 for line in lines.values())


def test_M43_seats_dead_before_tonight_hear_no_private_line():
    g = make(["killer", "private_detective", "citizen", "citizen", "citizen", "citizen"])
    kill(g, [2])
    act(g, "genuine", seat=2, cards=[4])
    act(g, "fake", seat=0, cards=[0, 1])
    act(g, "arrange", order=(0, 1, 4))
    act(g, "skip_vote")
    assert 2 not in step_lines(g, "killers")
