"""Helpers for the console tests: PIN, setups, an aiohttp test client, login, events."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re

from aiohttp.test_utils import TestClient, TestServer

from firmware_host.console import hash_pin, make_app

PIN = "482913"
PIN_HASH = hash_pin(PIN)
SETUP_5 = {"players": 5, "names": ["Anna", "Ben", "", "Dora", ""], "language": "en",
           "first_president": 0, "variant": "rulebook", "deck": "tracked", "roles": "dealt"}


def run(coro):
    """Run one test coroutine on a fresh event loop."""
    return asyncio.run(coro)


@contextlib.asynccontextmanager
async def console_client(backend, clock=None, **settings):
    """An aiohttp TestClient on the console app; settings default to a PIN on loopback."""
    settings.setdefault("pin_hash", PIN_HASH)
    app = make_app(backend, settings, clock=clock)
    client = TestClient(TestServer(app, host="127.0.0.1"))
    await client.start_server()
    try:
        yield client
    finally:
        await client.close()


def origin(client) -> str:
    return f"http://127.0.0.1:{client.server.port}"


async def login(client, pin: str = PIN):
    """Log in; returns the login response (303 on success)."""
    return await client.post("/login", data={"pin": pin}, allow_redirects=False,
                             headers={"Origin": origin(client)})


async def csrf_token(client) -> str:
    """The CSRF token from the console page (the client must be logged in)."""
    page = await (await client.get("/")).text()
    return re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)


async def post_json(client, path, body, token, **headers):
    headers = {"Origin": origin(client), "X-CSRF-Token": token, **headers}
    return await client.post(path, json=body, headers=headers)


async def read_event(response, timeout: float = 10.0) -> tuple[str, object]:
    """The next server-sent event (name, data) from a streaming response, skipping comments."""
    async def one():
        name, data = "message", []
        while True:
            line = (await response.content.readline()).decode("utf-8")
            if line == "":
                raise EOFError("event stream closed")
            line = line.rstrip("\n")
            if line == "":
                if data:
                    return name, json.loads("\n".join(data))
                name = "message"
                continue
            if line.startswith(":") or line.startswith("retry:"):
                continue
            field, _, value = line.partition(": ")
            if field == "event":
                name = value
            elif field == "data":
                data.append(value)
    return await asyncio.wait_for(one(), timeout)


def play_signal(sim, reaction: float = 1.2, **signal) -> None:
    """Play one SIMULATE.md signal on ``sim``; a ``wait_for`` as a player hears it: once the
    matching clip has *ended*, ``reaction`` seconds more pass (a player acts one to two
    seconds after the cue, never at the instant it starts)."""
    from firmware_host.service.signals import parse_object
    mark = len(sim.starts)
    sim.play(parse_object(signal), mark=mark)
    if signal.get("signal") != "wait_for":
        return
    params = signal.get("params") or {}
    found = [line for line in sim.starts[mark:] if line.get("key") == signal["key"]
             and all(line.get("params", {}).get(k) == v for k, v in params.items())]
    if not found:
        return
    line = found[0]
    for _ in range(10000):
        if "end" in line:
            break
        sim.advance(0.05)
    sim.advance(max(0.0, line.get("end", sim.clock.now()) + reaction - sim.clock.now()))


def commands(backend) -> list[tuple[str, dict]]:
    """The commands the console sent to the (spied) backend: ``(name, fields)``."""
    return [(c.args[0], dict(c.kwargs)) for c in backend.command.call_args_list]


def reveals(backend) -> list:
    """The seats the console asked the (spied) backend to reveal (None: every seat)."""
    return [c.args[0] for c in backend.reveal.call_args_list]


def act(sim, action: dict, seconds: float = 300.0) -> None:
    """A seat's action entered at the table (the board's ``gm act`` signal, SIMULATE.md), then
    time passes until the board writes its next output line (what the console follows: an
    announcement is written when its clip has played), at most ``seconds``."""
    from firmware_host.service.signals import parse_object
    heard: list[dict] = []
    stop = sim.service.subscribe(heard.append)
    try:
        sim.play(parse_object({"signal": "gm", "command": "act", "action": action}), mark=len(sim.starts))
        sim.settle()
        waited = 0.0
        while not heard and waited < seconds:
            sim.advance(0.5)
            waited += 0.5
    finally:
        stop()


def unplug(sim, reader: str, seconds: float = 2.0) -> None:
    """A reader's device disappears (SIMULATE.md ``unplug``); the board notices within
    ``seconds``."""
    from firmware_host.service.signals import parse_object
    sim.play(parse_object({"signal": "unplug", "reader": reader}), mark=len(sim.starts))
    sim.advance(seconds)


def game(sim):
    """The engine game in play on ``sim``'s board (read on the service thread)."""
    return sim.service.call(lambda: sim.service.game.game)
