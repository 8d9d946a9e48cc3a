"""Fixtures for the service tests: run a signal script through the real service on the mocked board."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from firmware_host.service.signals import parse_script
from firmware_host.service.simulator import Simulator

ROOT = Path(__file__).resolve().parents[2]

#: (master, slave) descriptors of the pseudo-terminals given to ``run`` as its RFID readers
_READER_PTYS: list[tuple[int, int]] = []


def pty_readers(config_text: str) -> str:
    """``config_text`` with every ``[readers.*]`` port replaced by a real pseudo-terminal (kept
    open for the test session): ``run`` finds its readers connected, as on a wired board, so
    it reaches READY=1 (a reader missing at start holds READY=1 until it is plugged in)."""
    import os
    import re

    def port(match: re.Match) -> str:
        master, slave = os.openpty()
        _READER_PTYS.append((master, slave))
        return f'{match.group(1)}port = "{os.ttyname(slave)}"'

    text, count = re.subn(r'(?m)(^\[readers\.\w+\]\s*(?:#.*)?\n)port = "[^"]*"', port, config_text)
    assert count, "no [readers.*] port in the config"
    return text


def run_lines(lines: list[dict] | str, **kwargs) -> list[dict]:
    """Play a script (list of dicts, or JSONL text) with ``simulate``; returns its output objects."""
    text = lines if isinstance(lines, str) else "\n".join(json.dumps(x) for x in lines)
    out = io.StringIO()
    start_line = kwargs.pop("start_line", 0)
    sim = Simulator(kwargs.pop("config_path", None), out=out, **kwargs)
    assert sim.run_script(parse_script(text), start_line=start_line) == 0
    return [json.loads(l) for l in out.getvalue().splitlines()]


def announces(out: list[dict], channel: str | None = None) -> list[dict]:
    """The announce lines (of one channel, or all)."""
    return [l for l in out if l.get("event") == "announce" and (channel is None or l["channel"] == channel)]


def keys(out: list[dict], channel: str | None = None) -> list[str]:
    """The announcement keys, in order."""
    return [l["key"] for l in announces(out, channel)]


def state(out: list[dict]) -> dict:
    """The final state object."""
    assert "state" in out[-1]
    return out[-1]["state"]


@pytest.fixture(scope="session")
def speech_cache(tmp_path_factory) -> Path:
    """One speech cache for every test that renders audio (rendered once per session)."""
    return tmp_path_factory.mktemp("speech-cache")


def at_a_persons_pace(lines: list[dict], keys: tuple[str, ...], reaction: float = 1.5, **kwargs) -> list[dict]:
    """``lines`` with the seat's press after each ``wait_for`` of one of ``keys`` moved to a
    person's pace: ``reaction`` seconds after that clip has *ended* (ACCESSIBILITY.md 26-27: a
    player acts after the clip meant for them has ended), not at the instant it starts, where
    a script presses (SIMULATE.md: ``wait_for`` is satisfied when the clip starts).

    Each clip's length is read from a run of the script up to that ``wait_for`` (the virtual
    clock and the clips' real lengths make it the same in the full run); ``kwargs`` go to
    :func:`run_lines` for those runs.

    :raises AssertionError: a ``wait_for`` of ``keys`` whose clip the run did not play.
    """
    paced = list(lines)
    i = 0
    while i < len(paced):
        line = paced[i]
        if (line.get("signal") == "wait_for" and line["key"] in keys
                and i + 1 < len(paced) and paced[i + 1].get("signal") == "button"):
            out = run_lines(paced[:i + 1], **kwargs)
            clips = [l for l in announces(out) if l["key"] == line["key"]
                     and all(l["params"].get(k) == v for k, v in (line.get("params") or {}).items())]
            assert clips, f"no {line['key']} clip before the press of line {i + 1}"
            clip = clips[-1]
            paced.insert(i + 1, {"signal": "wait", "seconds": round(clip["end"] - clip["start"] + reaction, 3)})
            i += 1
        i += 1
    return paced


def run_lines_hearing_the_story(lines: list[dict], seat: int = 0, reaction: float = 1.5,
                                timeout: float = 600.0, **kwargs) -> list[dict]:
    """Play a whole game's script (``lines``, as :func:`run_lines`), then ``seat`` hears its
    story as a person does (ACCESSIBILITY.md 26-27, 30): it presses ``reaction`` seconds after
    the table's ``evening.offer`` has ended, then each time ``reaction`` seconds after its part
    (ending ``evening.story_more``) has ended, until it has heard ``evening.story_end``. The
    parts are as many as the board makes them (short parts, issue 31), which a script written
    beforehand cannot know. Returns the output objects, the final ``{"state": …}`` last.

    :raises AssertionError: a clip waited for did not end within ``timeout`` seconds.
    """
    from firmware_host.clock import VirtualClock
    text = "\n".join(json.dumps(x) for x in lines)
    out = io.StringIO()
    sim = Simulator(kwargs.pop("config_path", None), out=out, **kwargs)
    clock = VirtualClock()
    service = sim.start(clock)
    ended: list[dict] = []
    service.subscribe_ends(ended.append)
    try:
        mark = 0
        for sig in parse_script(text):
            previous = len(sim.starts)
            sim.play(sig, mark)
            mark = previous

        def hear(keys: tuple[str, ...], output: str) -> str:
            since, deadline = len(ended), clock.now() + timeout
            while True:
                sim.settle()
                for line in ended[since:]:
                    if line.get("key") in keys and line.get("output") == output:
                        return line["key"]
                due = clock.next_due()
                assert due is not None and due <= deadline, f"{keys} not heard on {output}"
                clock.advance_to(max(due, clock.now()))

        heard = hear(("evening.offer",), "table")
        while heard != "evening.story_end":
            sim.advance(reaction)
            sim.play(parse_script(json.dumps({"signal": "button", "seat": seat, "gesture": "press"}))[0],
                     len(sim.starts))
            heard = hear(("evening.story_more", "evening.story_end"), f"seat:{seat}")
        sim.settle()
        sim.drain()
        service.call(service.flush_announcements)
        final = {"state": service.game.final_state()}
    finally:
        sim.stop()
    return [json.loads(l) for l in out.getvalue().splitlines()] + [final]
