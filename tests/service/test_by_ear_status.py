"""A status hold by ear while the table still reads out a vote (issue 31; ACCESSIBILITY.md
26, 29): played through ``firmware-host simulate --by-ear``, a player that only hears."""

from __future__ import annotations

import json
import subprocess
import sys

#: a hold is a hold once the button has been down this long (the mocked board's hold time, and some)
HOLD_S = 1.2


class ByEar:
    """``simulate --by-ear`` through a pipe: one request, the lines it caused up to ``ready``."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "firmware_host", "simulate", "--by-ear", *args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True)
        self.first = self._answer()

    def _answer(self) -> list[dict]:
        lines = []
        while True:
            raw = self.proc.stdout.readline()
            assert raw, self.proc.stderr.read()
            line = json.loads(raw)
            lines.append(line)
            if line.get("event") == "ready":
                return lines

    def ask(self, request: str) -> list[dict]:
        self.proc.stdin.write(request + "\n")
        self.proc.stdin.flush()
        return self._answer()

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.stdout.read()
        self.proc.wait(timeout=60)


def _vote_read_out(ear: ByEar) -> list[dict]:
    """Secret Dictator at five seats (seed 3): seat 1 nominates seat 2 by ear, and once the
    table has said the nomination every seat lays its ballot; the table reads out the vote
    next. The lines heard from the ballots on."""
    ear.ask(json.dumps({"setup": {"players": 5, "seed": 3, "language": "en"}}))
    # the president presses once it has heard the table call it (a press during the call is
    # answered 'list after the table: press again', ACCESSIBILITY.md 26-28)
    ear.ask('{"signal": "wait_for", "key": "next.nominate", "timeout": 300}')
    ear.ask("wait 10")
    for request in ('{"signal": "button", "seat": 0, "gesture": "press"}',
                    '{"signal": "wait_for", "key": "scan.item", "params": {"seat": 1}, "timeout": 300}',
                    '{"signal": "button", "seat": 0, "gesture": "press"}'):
        ear.ask(request)
    for _ in range(400):                    # the nomination heard at the table: the vote opens
        if any(l.get("event") == "announce" and l["key"] == "nomination.made" for l in ear.ask("step")):
            break
    ear.ask("wait 1.5")
    heard: list[dict] = []
    for seat, ballot in ((0, "ja"), (2, "nein"), (4, "nein"), (3, "ja"), (1, "ja")):
        heard += ear.ask(json.dumps({"signal": "ballot", "seat": seat, "ballot": ballot}))
    return heard


def _until_status(ear: ByEar, lines: list[dict], seat: int) -> list[dict]:
    """Step until the status's words start in ``seat``'s earphone; every line up to then."""
    for _ in range(400):
        if any(l.get("event") == "playing" and l["output"] == f"seat:{seat}" and l["key"].startswith("status.")
               for l in lines):
            break
        lines += ear.ask("step")
    return lines


def test_issue31_A26_a_hold_while_the_table_reads_out_the_vote_is_answered_in_ones_earphone_at_once():
    """Secret Dictator's status answers with what the table has heard, so its words wait until
    the table has read out the vote; the seat that held hears at once that its hold was taken
    (the answer cue), and the status's words after the vote's result, naming what is open."""
    ear = ByEar()
    try:
        heard = _vote_read_out(ear)
        answer = ear.ask("button 4 hold")
        held = answer[-1]["at"]
        lines = _until_status(ear, heard + answer, 4)
        own = [l for l in lines if l.get("event") == "playing" and l["output"] == "seat:4"
               and float(l["start"]) >= held - HOLD_S]
        words = next(l for l in own if l["key"].startswith("status."))
        assert words["key"].startswith("status.now."), words
        table = [l for l in lines if l.get("event") == "announce" and l["output"] == "table"
                 and l["key"].startswith("election.")]
        assert table and float(words["start"]) >= max(float(l["end"]) for l in table) - 0.01, \
            "the status's words came before the table heard the vote's result"
        assert float(own[0]["start"]) <= held + 1.0, (held, [(l["key"], l["start"]) for l in own])
    finally:
        ear.close()


def test_issue31_A29_a_press_while_the_status_waits_for_the_table_does_not_skip_its_first_answer():
    """A player who held and, hearing only the cue, presses once more while the table still
    reads out the vote: the status's first answer (what is open now) is what it hears first,
    not the next layer (a press while a layer plays or just after steps on, ACCESSIBILITY.md
    3: this layer had not played)."""
    ear = ByEar()
    try:
        heard = _vote_read_out(ear)
        answer = ear.ask("button 4 hold")
        lines = heard + answer + ear.ask("wait 1.5")
        lines += ear.ask("button 4")
        lines = _until_status(ear, lines, 4)
        words = [l for l in lines if l.get("event") == "playing" and l["output"] == "seat:4"
                 and l["key"].startswith("status.")]
        assert words[0]["key"].startswith("status.now."), [(l["key"], l["text"]) for l in words]
    finally:
        ear.close()


def test_issue31_A29_a_status_held_during_the_read_out_waits_for_the_result_not_for_the_lines_after_it():
    """Secret Dictator's status waits for the vote's result, not for the line after it that
    only says what is open ("Legislation: president … draws three laws", which the status's
    first answer says too): its words start once the table has heard "Election: passed"
    (they waited 5-9 s more, until that instruction had been said)."""
    ear = ByEar()
    try:
        heard = _vote_read_out(ear)
        answer = ear.ask("button 4 hold")
        lines = _until_status(ear, heard + answer, 4)
        words = next(l for l in lines if l.get("event") == "playing" and l["output"] == "seat:4"
                     and l["key"].startswith("status."))
        result = [l for l in lines if l.get("event") == "announce" and l["output"] == "table"
                  and l["key"].startswith("election.")]
        assert result and float(words["start"]) <= max(float(l["end"]) for l in result) + 0.5, \
            (words["start"], [(l["key"], l["end"]) for l in result])
    finally:
        ear.close()
