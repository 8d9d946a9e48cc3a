"""A seat's act is answered at once in its own earphone also where the answer's words take
time to render (issue 31, ACCESSIBILITY.md 26; the table's ``front`` hands the acting seat to
the audio layer while the act is handled): on a slow board (``simulate``'s ``render_seconds``:
every sentence 2 s to render, as a fresh Pi Zero 2 W) the ``answer`` cue plays in the acting
seat's earphone, and in no other, before its answer. *In this way I become a DICTATOR*'s
morning: a seat's "ready" press, answered "noted". On ``simulate``'s mocked board."""

from __future__ import annotations

import io
import json

from firmware_host.service.signals import parse_script
from firmware_host.service.simulator import Simulator

SCRIPT = [{"setup": {"game": "become_dictator", "players": 4, "language": "en", "morning_seconds": 0}},
          {"signal": "wait_for", "key": "day.morning", "timeout": 120},
          {"signal": "wait", "seconds": 8},
          {"signal": "button", "seat": 1, "gesture": "press"},
          {"signal": "wait", "seconds": 10}]


def test_issue31_A26_on_a_slow_board_the_acting_seat_hears_the_answer_cue_at_once_before_its_answer(tmp_path):
    out = io.StringIO()
    sim = Simulator(None, out=out, journal_path=str(tmp_path / "journal.sqlite3"), render_seconds=2.0)
    assert sim.run_script(parse_script("\n".join(json.dumps(x) for x in SCRIPT))) == 0
    heard = [o for o in map(json.loads, out.getvalue().splitlines()) if o.get("event") == "announce"]
    cues = [o for o in heard if o["key"] == "answer.cue"]
    assert [o["output"] for o in cues] == ["seat:1"]
    answer = next(o for o in heard if o["output"] == "seat:1" and o["start"] >= cues[0]["start"]
                  and o["key"] != "answer.cue")
    assert answer["key"] == "table.noted" and cues[0]["end"] <= answer["start"]


HAND_SCRIPT = [{"setup": {"game": "become_dictator", "players": 4, "language": "en", "morning_seconds": 0}},
               {"signal": "wait_for", "key": "hand.start", "timeout": 120},
               {"signal": "wait", "seconds": 1.5},
               {"signal": "button", "seat": 1, "gesture": "press"},
               {"signal": "wait", "seconds": 25}]


def test_issue31_A26_ready_pressed_while_ones_hand_is_read_is_answered_at_once_and_the_hand_said_again(tmp_path):
    """*In this way I become a DICTATOR*'s first morning: a seat presses "ready" 1.5 s into
    its 8 s hand (before the table's cue to press, which waits for the hands, issue 31). Its own earphone answers
    within 1 s (the answer cue, which cuts the hand), the hand is then said again whole, and
    "noted" follows (before, the earphone was silent about the act until the hand had ended,
    3.5-5 s, while the table already said "seat 2 is ready"). Every game's table does this
    (``acknowledge``)."""
    out = io.StringIO()
    sim = Simulator(None, out=out, journal_path=str(tmp_path / "journal.sqlite3"))
    assert sim.run_script(parse_script("\n".join(json.dumps(x) for x in HAND_SCRIPT))) == 0
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    heard = [o for o in lines if o.get("event") == "announce" and o["output"] == "seat:1"]
    hand = [o for o in heard if o["key"] == "hand.start"]
    press = next(o["start"] for o in lines if o.get("event") == "announce" and o["key"] == "hand.start") + 1.5
    assert hand and hand[0]["start"] < press < hand[0]["end"], hand    # the press falls into the hand
    after = [o for o in heard if o["start"] >= press - 1e-6]
    assert after[0]["key"] == "answer.cue" and after[0]["start"] - press <= 1.0, after[:2]
    rest = [(o["key"], bool(o.get("cut"))) for o in after[1:]]
    assert rest[:2] == [("hand.start", False), ("table.noted", False)], rest     # the hand whole, then "noted"


TWICE_SCRIPT = [{"setup": {"game": "become_dictator", "players": 4, "language": "en", "morning_seconds": 0}},
                {"signal": "wait_for", "key": "hand.start", "timeout": 120},
                {"signal": "wait", "seconds": 1.5},
                {"signal": "button", "seat": 1, "gesture": "press"},
                {"signal": "wait", "seconds": 3.0},
                {"signal": "button", "seat": 1, "gesture": "press"},
                {"signal": "wait", "seconds": 25}]


def test_issue31_A26_a_second_press_inside_ones_hand_said_again_is_answered_at_once_too(tmp_path):
    """*In this way I become a DICTATOR*, by ear (issue 31): a seat presses "ready" during its
    hand (the answer cue cuts it, the hand is said again whole), then presses again 3 s into
    that hand said again. The second press too is answered in its own earphone within 1 s,
    never only once the hand has ended (it was 6.4 s, with no cue)."""
    out = io.StringIO()
    sim = Simulator(None, out=out, journal_path=str(tmp_path / "journal.sqlite3"))
    assert sim.run_script(parse_script("\n".join(json.dumps(x) for x in TWICE_SCRIPT))) == 0
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    heard = [o for o in lines if o.get("event") == "announce" and o["output"] == "seat:1"]
    first = next(o["start"] for o in heard if o["key"] == "hand.start") + 1.5
    second = first + 3.0
    again = [o for o in heard if o["key"] == "hand.start" and o["start"] >= first]
    assert again and again[0]["start"] < second < again[0]["end"], again     # inside the hand said again
    answer = [o for o in heard if o["start"] >= second - 1e-6]
    assert answer and answer[0]["start"] - second <= 1.0, [(o["key"], o["start"]) for o in answer[:3]]
