"""Dying Message's night by ear (issue 31; ACCESSIBILITY.md 26-28; M41-M43): a seat presses
for its night list on hearing its message end with "… Press your button for the list", while
that message, padded to the step's longest, still runs in silence, and hears the answer cue
at once and its list right after (it heard nothing for up to 13.7 s before: 7 seats, seed 1).
A press while the words are still said is answered at once too, and the message is then said
again whole, as long as every other seat's. Every other seat's message is as if nobody had
pressed. Played through ``firmware-host simulate --by-ear``: a player that only hears."""

from __future__ import annotations

import json

import pytest

from tests.service.test_by_ear_status import ByEar
from tests.table.table import Table

from .test_dm_board import SETUP5

SEAT = 1          # a citizen: its list is a decoy ("Nothing to do for you: …")
#: seat 3 listens slowly, so every message of a step is padded to its long clip: seat 2's
#: message ends in seconds of silence (ACCESSIBILITY.md 19, M43)
SLOW = {"signal": "gm", "command": "seat_settings", "seat": 2, "rate": 110}
EPS = 0.05


def _words_seconds(tmp_path, text: str) -> float:
    """How long the seat's message's words last, private cue included: the board's voice at
    the seat's rate in the same game (the shipped board's, as the by-ear board's), unpadded."""
    table = Table(tmp_path)
    try:
        table.play({"setup": SETUP5})
        table.wait(1.0)
        return float(table.call(lambda: table.service.voice.measure(f"seat:{SEAT}", text, earcon="private")))
    finally:
        table.close()


def _step_until(ear: ByEar, lines: list[dict], found, most: int = 2000) -> list[dict]:
    for _ in range(most):
        if any(found(l) for l in lines):
            return lines
        lines += ear.ask("step")
    raise AssertionError("never heard what was waited for")


def _playing(seat: int, key: str, since: float = 0.0):
    return lambda l: (l.get("event") == "playing" and l["output"] == f"seat:{seat}" and l["key"] == key
                      and float(l["start"]) >= since)


@pytest.mark.parametrize("when", ["on_its_last_words", "while_its_words_are_said"])
def test_issue31_A26_M43_a_press_during_ones_padded_night_message_is_answered_at_once(tmp_path, when):
    ear = ByEar()
    try:
        lines = ear.ask(json.dumps({"setup": SETUP5}))
        lines += ear.ask(json.dumps(SLOW))
        lines = _step_until(ear, lines, _playing(SEAT, "night.nothing"))
        message = next(l for l in lines if _playing(SEAT, "night.nothing")(l))
        start = float(message["start"])
        words = _words_seconds(tmp_path, message["text"])
        at = start + (words + 0.3 if when == "on_its_last_words" else 1.5)
        lines += ear.ask(f"wait {at - lines[-1]['at']:.3f}")
        pressed = lines[-1]["at"]
        lines += ear.ask(f"button {SEAT}")
        lines = _step_until(ear, lines, _playing(SEAT, "scan.start", pressed))
        lines += ear.ask("wait 25")             # every clip begun by then has ended: its line is written
        mine = [l for l in lines if l.get("event") == "announce" and l["output"] == f"seat:{SEAT}"
                and float(l["start"]) >= start - EPS]
        cue = next(l for l in mine if l["key"] == "answer.cue")
        heard = next(l for l in lines if l.get("event") == "playing" and l["output"] == f"seat:{SEAT}"
                     and float(l["start"]) >= pressed - EPS)
        assert heard["key"] == "answer.cue" and float(heard["start"]) - pressed <= 1.0, (pressed, heard)
        others = [l for l in lines if l.get("event") == "announce" and l["start"] == message["start"]
                  and l["output"].startswith("seat:") and l["output"] != f"seat:{SEAT}"]
        assert len(others) == 4 and not any(l.get("cut") for l in others)
        padded = float(others[0]["end"]) - start
        assert words + 1.0 < padded                      # a message padded with silence
        said = [l for l in mine if l["key"] == "night.nothing"]
        intro = next(l for l in mine if l["key"] == "scan.start")
        if when == "on_its_last_words":                 # the silence is not waited out
            assert len(said) == 1 and said[0].get("cut") and float(said[0]["end"]) <= float(cue["start"]) + EPS
            assert float(intro["start"]) - pressed <= 1.5, (pressed, intro)
        else:                                            # the words again, whole, as long as everyone's
            assert len(said) == 2 and said[0].get("cut") and not said[1].get("cut")
            assert abs((float(said[1]["end"]) - float(said[1]["start"])) - padded) <= EPS
            assert float(intro["start"]) >= float(said[1]["end"]) - EPS
    finally:
        ear.close()
