"""The by-ear driver's answers (issue 31, docs/SIMULATE-robots.md "By ear"): ``firmware-host
simulate --by-ear`` through a pipe, as an outside player meets it."""

from __future__ import annotations

import json

from .test_by_ear_status import ByEar


def test_issue31_by_ear_a_signal_with_at_is_played_at_that_moment_not_now():
    """A SIMULATE.md line with ``at`` (seconds from the start) is played once the clock has
    moved there, the clips of the time between in its answer; it was played at once, its
    ``at`` silently dropped."""
    ear = ByEar("--seed", "5")
    try:
        answer = ear.ask(json.dumps({"at": 20, "signal": "button", "seat": 0, "gesture": "press"}))
        assert any(l.get("event") == "announce" and l["key"] == "service.ready" for l in answer)
        lobby = next(l for l in answer if l.get("event") == "playing" and l["key"] == "lobby.start")
        assert lobby["start"] >= 20.0
        assert answer[-1]["event"] == "ready" and answer[-1]["at"] >= 20.0
    finally:
        ear.close()


def test_issue31_by_ear_a_signal_at_a_moment_already_past_is_a_fault_and_is_not_played():
    ear = ByEar("--seed", "5")
    try:
        ear.ask("wait 10")
        answer = ear.ask(json.dumps({"at": 5, "signal": "button", "seat": 0, "gesture": "press"}))
        assert [l["event"] for l in answer] == ["fault", "ready"], answer
        assert answer[0]["source"] == "stdin" and "has passed" in answer[0]["detail"]
        assert answer[-1]["at"] == 10.0
        assert not any(l.get("key") == "lobby.start" for l in ear.ask("step"))     # no press was made
    finally:
        ear.close()


def test_issue31_by_ear_a_setup_while_a_game_is_under_way_is_a_fault_not_silence():
    """A second setup line while the first game runs was skipped without a word (the player
    took the board for a six-seat game); it is a ``fault`` line, and the game goes on."""
    ear = ByEar()
    try:
        first = ear.ask(json.dumps({"setup": {"players": 5, "seed": 3, "language": "en"}}))
        assert any(l.get("event") == "game_started" for l in first)
        again = ear.ask(json.dumps({"setup": {"players": 6, "seed": 3, "language": "en"}}))
        assert [l["event"] for l in again] == ["fault", "ready"], again
        assert again[0]["source"] == "stdin" and "game is running" in again[0]["detail"]
        (state,) = [l for l in ear.ask("state") if l.get("event") == "state"]
        assert state["view"]["players"] == 5
    finally:
        ear.close()


def test_issue31_by_ear_every_line_is_answered_by_a_ready_line_a_blank_or_a_comment_too():
    """docs/SIMULATE-robots.md: one request per line, each answered, closed by ``ready``. A
    blank line or a ``#`` comment got no answer at all, so a player that writes a line and
    reads up to ``ready`` (as every by-ear harness does) waited for ever."""
    import subprocess
    import sys
    proc = subprocess.run([sys.executable, "-m", "firmware_host", "simulate", "--by-ear", "--seed", "5"],
                          input="wait 1\n\n   \n# a note to myself\nwait 1\n", capture_output=True, text=True,
                          timeout=120)
    lines = [json.loads(l) for l in proc.stdout.splitlines() if l.strip()]
    readies = [l for l in lines if l.get("event") == "ready"]
    assert len(readies) == 1 + 5, readies                   # the start's, then one per line
    assert [r["at"] for r in readies] == [0.0, 1.0, 1.0, 1.0, 1.0, 2.0]
    assert not [l for l in lines if l.get("event") == "fault"]


def test_by_ear_step_with_a_number_says_that_step_takes_none():
    """``step 5`` was answered "unknown signal 'step'" though ``step`` is the driver's own
    request (docs/SIMULATE-robots.md): the answer says it takes no number and what moves the
    clock by seconds; the clock does not move."""
    import subprocess
    import sys
    proc = subprocess.run([sys.executable, "-m", "firmware_host", "simulate", "--by-ear", "--seed", "5"],
                          input="step 5\n", capture_output=True, text=True, timeout=120)
    lines = [json.loads(l) for l in proc.stdout.splitlines() if l.strip()]
    (fault,) = [l for l in lines if l.get("event") == "fault"]
    assert "unknown signal" not in fault["detail"], fault
    assert "step" in fault["detail"] and "wait" in fault["detail"], fault
    assert [r["at"] for r in lines if r.get("event") == "ready"] == [0.0, 0.0]
