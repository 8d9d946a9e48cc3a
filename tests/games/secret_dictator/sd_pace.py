"""A Secret Dictator table played at a person's pace (ACCESSIBILITY.md 26-29): each signal is
given only after the clip meant for its player has *ended* on its output, plus a reaction
time, on ``simulate``'s virtual clock where every clip lasts its real length (SIMULATE.md
"Time and speech"). The players know only what they heard: the announce lines as played."""

from __future__ import annotations

import io
import json
from typing import Any

from firmware_host.clock import VirtualClock
from firmware_host.service.signals import parse_object
from firmware_host.service.simulator import Simulator

#: seconds between the end of the clip a player heard and the player's act (ACCESSIBILITY.md
#: "At a person's pace": one to two seconds)
REACTION = 1.5


class Table:
    """The real service on the mocked board, driven by players who act after hearing.

    :param setup: the game master's setup (REPLAY.md, ``simulate``'s ``setup`` signal).
    :param kwargs: more :class:`Simulator` arguments (``config_path``, ``render_seconds``).
    """

    def __init__(self, setup: dict | None, **kwargs: Any) -> None:
        self.out: list[dict] = []
        table = self

        class Out(io.StringIO):
            def write(self, text: str) -> int:
                table.out.extend(json.loads(raw) for raw in text.splitlines())
                return len(text)

        self.sim = Simulator(kwargs.pop("config_path", None), out=Out(), **kwargs)
        self.clock = VirtualClock()
        self.played: list[dict] = []        # announce lines as their clips started (gain "end" when ended)
        self.acts: list[tuple[float, dict]] = []   # (clock, signal) of every act
        service = self.sim.start(self.clock)
        service.subscribe_starts(self.played.append)
        self.sim._release_output()
        if setup is not None:
            self.act({"setup": setup})

    # -- listening ----------------------------------------------------------------------
    def now(self) -> float:
        return self.clock.now()

    def _match(self, line: dict, key: str, output: str | None, params: dict | None) -> bool:
        return (line.get("key") == key and (output is None or line.get("output") == output)
                and all(line.get("params", {}).get(k) == v for k, v in (params or {}).items()))

    def heard(self, key: str, output: str | None = None, params: dict | None = None, *, since: int = 0,
              timeout: float = 600.0, reaction: float = REACTION) -> dict:
        """Let time pass until a clip with ``key`` (on ``output``, with ``params``) that started
        at index ``since`` or later of :attr:`played` has ended, then ``reaction`` seconds more.

        :returns: its announce line.
        :raises AssertionError: nothing such was heard within ``timeout`` seconds.
        """
        deadline = self.now() + timeout
        sim, clock = self.sim, self.clock
        sim.settle()
        while True:
            done = [l for l in self.played[since:] if self._match(l, key, output, params)
                    and "end" in l and l["end"] <= self.now() + 0.001]
            if done:
                line = done[0]
                sim.advance(max(0.0, line["end"] + reaction - self.now()))
                return line
            due = clock.next_due()
            if due is None or due > deadline:
                said = [(l["output"], l["key"], l["start"]) for l in self.played[since:]]
                raise AssertionError(f"{key} on {output} not heard within {timeout:g} s; played: {said[-12:]}")
            clock.advance_to(max(due, self.now()))
            sim.settle()

    def mark(self) -> int:
        """An index into :attr:`played`: what is played from now on."""
        self.sim.settle()
        return len(self.played)

    def wait(self, seconds: float) -> None:
        self.sim.advance(seconds)

    # -- acting -------------------------------------------------------------------------
    def act(self, signal: dict) -> None:
        """One signal (SIMULATE.md) now, as the player gives it."""
        sig = parse_object(signal)
        self.acts.append((self.now(), signal))
        self.sim.play(sig, len(self.sim.starts))

    def press(self, seat: int, gesture: str = "press") -> None:
        self.act({"signal": "button", "seat": seat, "gesture": gesture})

    def ballot(self, seat: int, ballot: str) -> None:
        self.act({"signal": "ballot", "seat": seat, "ballot": ballot})

    def choose(self, seat: int, target: int, *, since: int | None = None) -> None:
        """The seat presses, hears its scan and presses when ``target``'s name has ended
        (ACCESSIBILITY.md 27: a person presses after hearing the item)."""
        mark = self.mark() if since is None else since
        self.press(seat)
        self.heard("scan.item", f"seat:{seat}", {"seat": target}, since=mark, reaction=0.8)
        self.press(seat)

    def close(self) -> list[dict]:
        """Let everything play, stop the board; returns every output line."""
        self.sim.drain(600.0)
        self.sim.service.call(self.sim.service.flush_announcements)
        self.sim.stop()
        return self.out

    def lines(self, output: str | None = None, since: int = 0) -> list[dict]:
        return [l for l in self.played[since:] if output is None or l["output"] == output]
