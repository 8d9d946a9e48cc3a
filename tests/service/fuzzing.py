"""Input fuzzing harness (issue 12): mutated ``simulate`` scripts (and interactive lines),
``replay`` files and console JSON bodies, fed to the real code; every input must end in an
answer (played, or refused in one line), never a traceback.

Used by ``tests/service/test_fuzz_inputs.py`` (hypothesis, bounded) and by
``benchmarks/fuzz_inputs.py`` (10,000 inputs, prints counts). Inputs are valid lines from
the shipped examples with one field changed (to an integer beyond float range, a lone
surrogate, a line break, a huge string, a nested value, another type…), a key removed or
added, a character of the line changed, or a JSON value of any shape.

What counts as a *crash*: an exception other than the format's own one-line refusal
(:class:`~firmware_host.errors.UsageError`) escaping the reader or the simulator; a
``fault`` line with reason ``internal`` (an exception caught by the service thread); a log
record carrying a traceback (``exc_info``); a console answer 500; a refusal message of more
than one line.
"""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import os
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from firmware_host.clock import VirtualClock
from firmware_host.commands.replay import replay_lines
from firmware_host.errors import UsageError
from firmware_host.jsonlines import read_lines
from firmware_host.service.signals import ScriptError, Signal, parse_line, parse_script
from firmware_host.service.simulator import Simulator

ROOT = Path(__file__).resolve().parents[2]

#: values that broke readers before (issue 12) or are at the edges of JSON
NASTY: list[Any] = [
    10 ** 400, -(10 ** 400), 2 ** 63, 2 ** 31, -1, 0, 1.5, -0.0, 1e308, 5e-324, True, False, None,
    "\ud800", "a\udfffb", "a\nb", "x\r\ny", "\u2028", "\x00", "", " ", "é", "𝔘", "[[an@]]", "x" * 5000,
    [], {}, [[[[]]]], {"a": {"b": {"c": {}}}}, ["\ud800"], {"\ud800": 1}, "nan", "Infinity", "-1e999",
]


def _json_leaf() -> st.SearchStrategy:
    text = st.text(alphabet=st.characters(codec=None), max_size=20)   # includes lone surrogates
    return st.one_of(st.sampled_from(NASTY), st.integers(), st.floats(allow_nan=False, allow_infinity=False),
                     text, st.booleans(), st.none())


json_values = st.recursive(_json_leaf(), lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)), max_leaves=12)


def example_lines(kind: str) -> list[dict]:
    """The JSON objects of the shipped examples: ``simulate`` scripts or ``replay`` games."""
    out: list[dict] = []
    for path in sorted((ROOT / "examples").glob("simulate-*.jsonl" if kind == "simulate" else "*.jsonl")):
        if kind == "replay" and path.name.startswith("simulate-"):
            continue
        for line in read_lines(path):
            if line.strip() and not line.lstrip().startswith("#"):
                out.append(json.loads(line))
    return out


@st.composite
def mutated(draw: Any, base: dict) -> str:
    """One line: ``base`` with one change (see the module docstring), as JSON text."""
    obj = copy.deepcopy(base)
    target = obj
    if isinstance(obj.get("setup"), dict) and draw(st.booleans()):
        target = obj["setup"]
    how = draw(st.sampled_from(["keep", "replace", "replace", "replace", "delete", "add", "whole", "char"]))
    keys = sorted(target, key=str)
    if how == "replace" and keys:
        target[draw(st.sampled_from(keys))] = draw(json_values)
    elif how == "delete" and keys:
        del target[draw(st.sampled_from(keys))]
    elif how == "add":
        target[draw(st.sampled_from(["at", "seat", "names", "key", "name", "tile", "hold", "params",
                                     "timeout", "fields", "x"]))] = draw(json_values)
    elif how == "whole":
        return json.dumps(draw(json_values))
    text = json.dumps(obj)
    if how == "char" and text:
        i = draw(st.integers(0, len(text) - 1))
        text = text[:i] + draw(st.sampled_from(["", "}", "{", '"', "\\", ",", "0", "9" * 400, "\\ud800", "\n"])) + text[i + 1:]
    return text


def lines_of(kind: str, max_lines: int = 4) -> st.SearchStrategy:
    """A file of ``kind`` (``simulate``/``replay``): a (maybe changed) setup line, then up to
    ``max_lines`` lines, each an example line, changed or not."""
    bases = example_lines(kind)
    setups = [b for b in bases if "setup" in b] or [{"setup": {"players": 5, "seed": 1}}]
    rest = [b for b in bases if "setup" not in b]
    return st.tuples(st.sampled_from(setups).flatmap(mutated),
                     st.lists(st.sampled_from(rest).flatmap(mutated), max_size=max_lines)
                     ).map(lambda t: [t[0], *t[1]])


interactive_lines = st.one_of(
    st.text(max_size=40),
    st.tuples(st.sampled_from(["button", "ballot", "law", "role", "key", "setup", "slot", "tracker", "pin",
                               "serial", "unplug", "replug", "wait", "gm", "state", "help"]),
              st.lists(st.one_of(st.sampled_from(["0", "3", "9" * 400, "1e400", "-1", "ja", "fascist",
                                                  "choose", "act", "seat_settings", "name=\ud800", "rate=1e999",
                                                  "volume=" + "9" * 400, "{", "nan", "high"]),
                                 st.text(max_size=6)), max_size=4)).map(lambda t: " ".join([t[0], *t[1]])),
)


def console_bodies() -> st.SearchStrategy:
    """``(path, raw JSON text)`` for the console's POST routes."""
    commands = ["start", "pause", "resume", "restart", "undo", "act", "choose", "seat_settings", "nope"]
    command = st.fixed_dictionaries({"name": st.one_of(st.sampled_from(commands), json_values)},
                                    optional={"fields": st.one_of(
                                        st.fixed_dictionaries({}, optional={
                                            "seat": json_values, "target": json_values, "action": json_values,
                                            "rate": json_values, "volume": json_values, "name": json_values,
                                            "verbosity": json_values, "scan_interval": json_values}),
                                        json_values)})
    setup = st.fixed_dictionaries({"setup": st.one_of(
        st.fixed_dictionaries({"players": st.one_of(st.integers(4, 11), json_values)},
                              optional={"seed": json_values, "language": st.one_of(st.sampled_from(["de", "en"]), json_values),
                                        "names": json_values, "roles": json_values, "deck": json_values,
                                        "variant": json_values, "first_president": json_values}),
        json_values)})
    reveal = st.fixed_dictionaries({}, optional={"seat": json_values})
    body = st.one_of(st.tuples(st.just("/api/command"), command), st.tuples(st.just("/api/setup"), setup),
                     st.tuples(st.just("/api/reveal"), reveal))
    raw = st.one_of(body.map(lambda pb: (pb[0], json.dumps(pb[1]))),
                    st.tuples(st.sampled_from(["/api/command", "/api/setup"]), st.text(max_size=30)))
    return raw


class _Tracebacks(logging.Handler):
    """Collects log records that carry a traceback."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info and record.levelno >= logging.WARNING:
            self.records.append(record)


class Crash(AssertionError):
    """An input that ended in a traceback (the message says which and how)."""


def _one_line(message: str, what: str) -> None:
    if "\n" in message or "\r" in message:
        raise Crash(f"{what}: a refusal of more than one line: {message!r}")


class ReplayRunner:
    """``replay`` files through :func:`replay_lines`."""

    def feed(self, lines: list[str]) -> str:
        try:
            replay_lines(lines)
        except UsageError as exc:
            _one_line(str(exc), "replay")
            return "refused"
        except Exception as exc:  # noqa: BLE001 - that is what is looked for
            raise Crash(f"replay {lines!r}: {type(exc).__name__}: {exc}") from exc
        return "played"


class ScriptRunner:
    """``simulate`` scripts (and interactive lines) on one running simulator: each script's
    signals are played on the mocked board one by one, its setup after the running game ends."""

    def __init__(self) -> None:
        self._tmp = tempfile.mkdtemp(prefix="fuzz-sim-")
        self._devnull = open(os.devnull, "w")
        self.sim = Simulator(None, out=self._devnull, journal_path=os.path.join(self._tmp, "j.sqlite3"),
                             prompt=self._devnull)
        self.faults: list[dict] = []
        self.sim.start(VirtualClock())
        self.sim.service.subscribe(self._line)
        self.tracebacks = _Tracebacks()
        logging.getLogger("firmware_host").addHandler(self.tracebacks)

    def _line(self, line: dict) -> None:
        if line.get("event") == "fault" and line.get("reason") == "internal":
            self.faults.append(line)

    def close(self) -> None:
        logging.getLogger("firmware_host").removeHandler(self.tracebacks)
        self.sim.stop()
        self._devnull.close()

    def _check(self, what: str) -> None:
        if self.faults or self.tracebacks.records:
            detail = self.faults[:1] or [self.tracebacks.records[0].getMessage()]
            self.faults.clear()
            self.tracebacks.records.clear()
            raise Crash(f"{what}: {detail[0]}")

    def _play(self, signals: list[Signal], what: str) -> str:
        sim = self.sim
        outcome = "played"
        for sig in signals:
            if sig.kind == "setup":
                game = sim.service.game
                if game.game is not None and game.game.phase != "game_over":
                    sim.service.call(game.end_game)
            mark = len(sim.lines)
            try:
                sim.play(sig, mark)
            except UsageError as exc:
                _one_line(str(exc), what)
                outcome = "setup refused"
            except Exception as exc:  # noqa: BLE001
                raise Crash(f"{what}: {type(exc).__name__}: {exc}") from exc
            self._check(what)
        return outcome

    def feed(self, lines: list[str]) -> str:
        what = f"script {lines!r}"[:300]
        try:
            signals = parse_script("\n".join(lines))
        except ScriptError as exc:
            _one_line(str(exc), what)
            return "refused"
        except Exception as exc:  # noqa: BLE001
            raise Crash(f"{what}: {type(exc).__name__}: {exc}") from exc
        return self._play(signals, what)

    def feed_interactive(self, line: str) -> str:
        what = f"interactive {line!r}"[:300]
        try:
            sig = parse_line(line)
        except ScriptError as exc:
            _one_line(str(exc), what)
            return "refused"
        except Exception as exc:  # noqa: BLE001
            raise Crash(f"{what}: {type(exc).__name__}: {exc}") from exc
        if not isinstance(sig, Signal):
            return "word"
        return self._play([sig], what)


class ConsoleRunner:
    """Console JSON bodies POSTed to the real console app on a real board service (no board)."""

    def __init__(self) -> None:
        from aiohttp.test_utils import TestClient, TestServer

        from firmware_host.console import make_app
        from firmware_host.console.security import hash_pin   # (the package name hash_pin is also a module)
        from firmware_host.service.backend import ConsoleBackend
        from firmware_host.service.core import BoardService
        from firmware_host.service.journal import Journal
        from firmware_host.service.notify import Notifier
        from firmware_host.service.settings import ServiceSettings
        from firmware_host.service.voice import SilentVoice

        self._tmp = tempfile.mkdtemp(prefix="fuzz-console-")
        path = os.path.join(self._tmp, "j.sqlite3")
        self.service = BoardService(ServiceSettings(journal_path=path), clock=VirtualClock(), journal=Journal(path),
                                    voice=SilentVoice(), notifier=Notifier(None))
        self.service.start()
        self.loop = asyncio.new_event_loop()
        app = make_app(ConsoleBackend(self.service), {"pin_hash": hash_pin("482913")})
        self.client = TestClient(TestServer(app, host="127.0.0.1"), loop=self.loop)
        self.loop.run_until_complete(self.client.start_server())
        self.origin = f"http://127.0.0.1:{self.client.server.port}"
        self.loop.run_until_complete(self.client.post("/login", data={"pin": "482913"}, allow_redirects=False,
                                                      headers={"Origin": self.origin}))
        import re
        page = self.loop.run_until_complete(self._text("/"))
        self.token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
        self.tracebacks = _Tracebacks()
        logging.getLogger("firmware_host").addHandler(self.tracebacks)

    async def _text(self, path: str) -> str:
        response = await self.client.get(path)
        return await response.text()

    async def _post(self, path: str, raw: str) -> tuple[int, str]:
        response = await self.client.post(path, data=raw.encode("utf-8", "surrogatepass"), headers={
            "Origin": self.origin, "X-CSRF-Token": self.token, "Content-Type": "application/json"})
        return response.status, await response.text()

    def feed(self, path: str, raw: str) -> str:
        status, text = self.loop.run_until_complete(self._post(path, raw))
        if status >= 500 or self.tracebacks.records:
            detail = self.tracebacks.records[0].getMessage() if self.tracebacks.records else text
            self.tracebacks.records.clear()
            raise Crash(f"console {path} {raw[:200]!r}: {status} {detail[:300]}")
        if status >= 400:
            try:
                message = json.loads(text).get("error", "")
            except ValueError:
                message = text
            _one_line(str(message), f"console {path} {raw[:200]!r}")
            return "refused"
        return "accepted"

    def close(self) -> None:
        logging.getLogger("firmware_host").removeHandler(self.tracebacks)
        self.loop.run_until_complete(self.client.close())
        self.loop.close()
        self.service.stop()
        self.service.journal.close()
