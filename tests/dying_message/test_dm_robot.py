"""Dying Message's robot players (issue 23, issue 31): the night's agreement between the
killers binds their picks in that step only, never their ballots in the day."""

from __future__ import annotations

from firmware_host.games.dying_message import robot
from firmware_host.robots.robot import Chooser, Heard, Press


def clip(output: str, key: str, params: dict | None = None, at: float = 0.0) -> Heard:
    return Heard(output, key, dict(params or {}), key, at, at + 1.0)


AGAIN = clip("seat", "night.kill.again", {"proposals": {"0": [4], "2": [5]}}, 10)


def presses(heard: list[Heard]) -> list:
    return robot.respond(0, heard[-1], heard, Chooser(0, heard, 5))


def test_issue31_after_a_disagreement_a_killer_picks_the_first_killers_victim_in_that_step():
    heard = [clip("table", "night.killers", at=5), AGAIN]
    assert presses(heard + [clip("seat", "scan.seat", {"seat": 5}, 20)]) == []
    assert presses(heard + [clip("seat", "scan.seat", {"seat": 4}, 20)]) == [Press(item=clip("seat", "scan.seat", {"seat": 4}, 20))]


def test_issue31_the_nights_agreement_does_not_bind_a_killers_ballot_in_the_day():
    """Two killers at seven seats once never voted (their last brief was the night's
    disagreement, so only its victim, now dead, was pressed): the game never ended."""
    heard = [clip("table", "night.killers", at=5), AGAIN, clip("table", "night.dawn", at=60),
             clip("table", "vote.open", {"number": 1}, at=200)]
    # the third pass of the ballot's list: a seat is taken at the latest then, whoever it is
    third = [clip("seat", "scan.seat", {"seat": 3}, at=210 + 10 * i) for i in range(3)]
    assert any(presses(heard + third[:i + 1]) for i in range(3))


def test_issue31_seven_robots_play_dying_message_to_its_end():
    """``simulate --robots 7 --game dying_message --seed 5`` once never ended (two killers
    never voted)."""
    import json
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", "firmware_host", "simulate", "--robots", "7", "--game",
                           "dying_message", "--seed", "5"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    summary = [json.loads(line) for line in done.stdout.splitlines() if '"event": "robots"' in line]
    assert summary and summary[0]["winner"] in ("innocent", "guilty"), summary
