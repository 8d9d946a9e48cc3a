"""A seat's press or hold during its own prolog clip is answered at once, in every game
(issue 31; ACCESSIBILITY.md 3, 4, 23, 26, 29): the table kit's ``BoardAdapter.say_prolog``
says what each seat is told privately at the start (Secret Dictator's role, In this way I
become a DICTATOR's hand, Dying Message's character, Autocracy's first Dirty Trick), every
seat's clip at once and padded to one length.

A status hold during one's role message ("Role for seat 5: you are a Fascist. … Only you
hear this.", 14.7 s) was answered by nothing until that message had ended, 13.5 s (7 robots,
seed 5). Now, a hold during the seat's own clip:

- the answer cue at once (within 1 s of the hold), cutting the clip;
- the status's first answer right after the cue, at most 3 s of speech;
- the clip again, whole and as long as every seat's (padded as before);
- the table's line that follows the prolog ("every seat knows its role") only after it.

A press (not a hold) during it: the cue at once, the clip again whole (that is its repeat),
and the table's next line after it. The other seats' clips are neither cut nor moved.

Played through ``simulate`` on the mocked board at real clip lengths (espeak-ng), over every
registered game."""

from __future__ import annotations

import shutil

import pytest

from firmware_host.kernel import games
from firmware_host.table import BoardAdapter
from firmware_host.table.adapter import is_status_answer

from .test_conformance import hooks, new_table

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")

EPS = 0.05
#: seconds into the seat's own clip when its button goes down (in its words in every game)
INTO_S = 1.0
#: the most the status's first answer may last (issue 31: a first answer of at most 3 s)
STATUS_FIRST_S = 3.0


def prolog_started(table, spy, seat: int) -> dict:
    """Start the game's sample setup and let time run until ``seat``'s prolog clip (the first
    :meth:`BoardAdapter.say_prolog`'s) has started: its announce line (without an end yet)."""
    mark = len(table.starts)
    table.play({"setup": hooks(table.game_name).sample_setup("en")})
    for _ in range(6000):
        if spy.call_count:
            clips = [u for u in spy.spy_return if u.channel == f"seat:{seat}"]
            assert len(clips) == 1, clips
            line = next((o for o in table.starts[mark:] if o.get("output") == f"seat:{seat}"
                         and o.get("start") is not None and "end" not in o), None)
            if line is not None and clips[0].plays:
                return line
        table.wait(0.05)
    raise AssertionError("the seat's prolog clip never started")


def mine(table, seat: int, since: int) -> list[dict]:
    return [o for o in table.starts[since:] if o.get("output") == f"seat:{seat}"]


def clips(lines: list[dict]) -> list[dict]:
    """Announce lines of one clip joined (a clip saying several lines writes one per line,
    all with the same start): the first line of each clip."""
    out: list[dict] = []
    for o in lines:
        if out and out[-1]["start"] == o["start"] and out[-1]["key"] != "answer.cue" and o["key"] != "answer.cue":
            continue
        out.append(o)
    return out


def _played(tmp_path, name: str, gesture: str, mocker) -> dict:
    """The sample game started; seat 0 presses (``gesture``) :data:`INTO_S` into its own
    prolog clip; everything heard until the table's line after the prolog has ended."""
    spy = mocker.spy(BoardAdapter, "say_prolog")
    table = new_table(tmp_path, name, paced=True)
    table.game_name = name
    try:
        mark = len(table.starts)
        first = prolog_started(table, spy, 0)
        keys = [o["key"] for o in table.starts if o.get("output") == "seat:0" and o["start"] == first["start"]]
        table.wait(first["start"] + INTO_S - table.now)
        # a hold is one from the moment it has been down for hold_s (its button went down then)
        pressed = table.now + (table.sim.config.timing.hold_s if gesture == "hold" else 0.0)
        table.press(0, gesture)
        table.wait(40.0)
        table.drain()
        other = [o for o in mine(table, 1, mark) if o["start"] == next(
            x["start"] for x in mine(table, 1, mark) if x["start"] >= first["start"] - EPS)]
        public = [o for o in table.starts[mark:] if o.get("output") in ("table", "public")
                  and o["start"] > first["start"] + EPS]
        return {"pressed": pressed, "first": first, "keys": keys, "mine": mine(table, 0, mark),
                "other": other, "public": public, "spy": spy}
    finally:
        table.close()


def _again(heard: dict) -> tuple[dict, dict, dict]:
    """(the cut clip, the answer cue, the clip said again) of seat 0."""
    seen = clips([o for o in heard["mine"] if o["start"] >= heard["first"]["start"] - EPS])
    prolog = [o for o in seen if o["key"] == heard["keys"][0]]
    cue = next(o for o in seen if o["key"] == "answer.cue")
    assert len(prolog) == 2, [(o["key"], o["start"], o.get("end")) for o in seen]
    return prolog[0], cue, prolog[1]


@pytest.mark.parametrize("name", games.names())
def test_A4_A26_A29_issue31_a_status_hold_during_ones_own_prolog_clip_is_answered_at_once(tmp_path, name, mocker):
    heard = _played(tmp_path, name, "hold", mocker)
    cut, cue, again = _again(heard)
    pressed, other = heard["pressed"], heard["other"][0]
    # the answer cue at once, cutting the clip
    assert pressed - EPS <= cue["start"] <= pressed + 1.0, (pressed, cue)
    assert cut.get("cut") and cut["end"] <= cue["start"] + EPS
    # the status's first answer right after the cue, at most 3 s of speech, naming what is open
    seen = clips([o for o in heard["mine"] if cue["start"] <= o["start"] <= again["start"]])
    status = [o for o in seen if is_status_answer(o["key"])]
    assert status, seen
    assert status[0]["start"] <= cue["end"] + 0.5, (cue, status[0])
    assert status[-1]["end"] - status[0]["start"] <= STATUS_FIRST_S + EPS, status
    # the clip again, whole and as long as every other seat's
    assert again["start"] >= status[-1]["end"] - EPS and not again.get("cut")
    assert abs((again["end"] - again["start"]) - (other["end"] - other["start"])) <= EPS, (again, other)
    assert not other.get("cut") and abs(other["start"] - cut["start"]) <= EPS
    # the table's line after the prolog waits for the clip said again
    assert heard["public"], "the table said nothing after the prolog"
    assert heard["public"][0]["start"] >= again["end"] - EPS, (heard["public"][0], again)


@pytest.mark.parametrize("name", games.names())
def test_A2_A26_issue31_a_press_during_ones_own_prolog_clip_gets_the_cue_at_once_and_the_clip_again_whole(
        tmp_path, name, mocker):
    heard = _played(tmp_path, name, "press", mocker)
    cut, cue, again = _again(heard)
    pressed, other = heard["pressed"], heard["other"][0]
    assert pressed - EPS <= cue["start"] <= pressed + 1.0, (pressed, cue)
    assert cut.get("cut") and cut["end"] <= cue["start"] + EPS
    # the press's repeat is the clip said again: nothing else before it, nothing twice after it
    between = clips([o for o in heard["mine"] if cue["end"] - EPS <= o["start"] < again["start"]])
    assert [o["key"] for o in between if o["key"] != "answer.cue"] == [], between
    assert again["start"] <= cue["end"] + 0.5 and not again.get("cut")
    assert abs((again["end"] - again["start"]) - (other["end"] - other["start"])) <= EPS, (again, other)
    assert len([o for o in clips(heard["mine"]) if o["key"] == heard["keys"][0]]) == 2
    assert heard["public"] and heard["public"][0]["start"] >= again["end"] - EPS, (heard["public"][0], again)
