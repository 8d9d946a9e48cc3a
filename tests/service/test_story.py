"""After the game, the story (issue 14): on demand (a press at any seat after the game is
over, and the console's ``story`` command) the board tells what happened round by round: each
government, the three laws the president drew and the one that went away, the two the
chancellor received, powers and their results, the roles."""

from __future__ import annotations

import random

import pytest

from firmware_host.games.secret_dictator import Game, Setup, deal, story
from firmware_host.games.secret_dictator.playout import play_randomly
from firmware_host.games.secret_dictator.scripting import random_game, signals_for_game

from .conftest import announces, keys, run_lines


def _finished(players: int, seed: int, **extra):
    setup = Setup.from_json({"players": players, "seed": seed, **extra})
    dealt = setup.with_dealt(*deal(setup, random.Random(seed)))
    game = Game(dealt)
    game.start()
    actions: list[dict] = []
    play_randomly(game, random.Random(seed), after=lambda g, a, e: actions.append(a.to_json()))
    return dealt.to_json(), actions


@pytest.mark.parametrize("seed", range(12))
def test_the_post_game_story_lists_every_government_with_its_drawn_and_discarded_laws(seed):
    setup, actions = _finished(5 + seed % 6, seed, variant="official" if seed % 2 else "rulebook")
    rounds = story.story(setup, actions)
    told = [a for r in rounds for a in r]
    nominations = [a for a in actions if a["action"] == "nominate"]
    elections = [a for a in told if a.key in ("story.elected", "story.failed")]
    assert len(elections) == len(nominations) == len(rounds) - 1         # one round per nomination
    assert [a.params["index"] for a in elections] == list(range(1, len(nominations) + 1))
    discards = [a for a in actions if a["action"] == "discard"]
    drawn = [a for a in told if a.key == "story.drawn"]
    assert [a.params["party"] for a in drawn] == [a["party"] for a in discards]
    assert all(len(a.params["laws"]) == 3 and a.params["party"] in a.params["laws"] for a in drawn)
    enacts = [a for a in actions if a["action"] == "enact"]
    received = [a for a in told if a.key == "story.received"]
    assert [a.params["party"] for a in received] == [a["party"] for a in enacts]
    for d, r in zip(drawn, received):      # the chancellor received what the president passed on
        passed = list(d.params["laws"])
        passed.remove(d.params["party"])
        assert sorted(r.params["laws"]) == sorted(passed)
    powers = [a for a in actions if a["action"] in ("investigate", "execute", "special_election")]
    assert len([a for a in told if a.key in ("story.investigated", "story.executed",
                                             "story.special_election")]) == len(powers)
    assert [a.key for a in rounds[-1]] == ["story.end", "game_over.roles"]
    assert all(a.channel == "public" for a in told)


def test_the_story_of_an_unfinished_game_is_refused():
    setup, actions = _finished(7, 3)
    with pytest.raises(story.StoryError):
        story.story(setup, actions[:-1])


def test_A30_each_press_after_the_game_tells_the_next_round_in_the_pressing_seats_earphone():
    setup = {"players": 5, "seed": 8, "language": "de"}
    actions = random_game(setup, seed=8)
    lines = signals_for_game(setup, actions)
    lines += [{"signal": "wait_for", "key": "evening.offer", "timeout": 300}]
    for index in (1, 2, 3):
        lines += [{"signal": "button", "seat": 2, "gesture": "press"},
                  {"signal": "wait_for", "key": "evening.story_more", "timeout": 60},
                  {"signal": "wait", "seconds": 20}]
    out = run_lines(lines)
    said = [l for l in announces(out) if l["key"].startswith("story.")]
    assert {l["channel"] for l in said} == {"seat:2"}                   # never at the table
    assert said[0]["key"] in ("story.elected", "story.failed")
    assert said[0]["text"].startswith("Runde eins: ")
    rounds = [l for l in said if l["key"] in ("story.elected", "story.failed")]
    # a round a press, or two where its lines are more than 15 s of speech (issue 31: short parts)
    assert [l["params"]["index"] for l in rounds] == list(range(1, len(rounds) + 1)) and len(rounds) >= 2
    cues = [l for l in announces(out, "seat:2") if l["key"] == "evening.story_more"]
    starts = {l["start"] for l in said}
    assert len(cues) == 3 and all(c["start"] in starts for c in cues)      # each in its part's clip
    assert all(c["end"] - c["start"] <= 15.0 + 4.0 for c in cues)          # the part and its cue
    assert not [l for l in out if l.get("event") in ("fault", "rejected")]
