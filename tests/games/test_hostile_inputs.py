"""Every registered game's setup and action checks refuse any JSON value of any type with one
line (issue 34, "Hostile setups"): a hypothesis property test over every game's setup keys
and the fields of every action of a whole game, with random JSON values in their place.

The checks run as ``replay`` and ``simulate`` run them (the registry's ``replay``, the pack's
``check_script_setup``): the outcome is output lines, or a :class:`UsageError` whose message
is one line of at most 300 characters quoting at most a short prefix of the bad value; any
other exception (a traceback) fails the test. A refused action's ``rejected`` line obeys the
same bound.
"""

from __future__ import annotations

import importlib
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from firmware_host.kernel import games
from firmware_host.errors import UsageError

#: the longest error line a bad value may give (the issue's bound)
MAX_LINE = 300

_scalars = (st.none() | st.booleans() | st.integers() | st.integers(min_value=-10, max_value=12)
            | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12)
            | st.text(min_size=400, max_size=2000)
            | st.sampled_from(["", "de", "en", "fr", "ja", "nein", "fascist", "murderer", "revolte", "armee"]))

#: any JSON value: scalars, and lists and objects of them, nested
json_values = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=6)
                           | st.dictionaries(st.text(max_size=10), inner, max_size=5), max_leaves=20)


def _setup_keys(name: str) -> tuple[str, ...]:
    """The setup keys the game's rules read (their ``_SETUP_KEYS``), without ``game``."""
    package = f"firmware_host.games.{name}"
    for module in ("setup", "rules"):
        try:
            keys = getattr(importlib.import_module(f"{package}.{module}"), "_SETUP_KEYS")
        except (ImportError, AttributeError):
            continue
        return tuple(k for k in keys if k != "game")
    raise AssertionError(f"{name}: no _SETUP_KEYS in its setup or rules module")


def _sample(name: str) -> tuple[dict, list[dict]]:
    """A sample setup of the game (without ``game``) and the actions of a whole game of it,
    as its replay file holds them."""
    scripting = games.pack(name).scripting()
    setup = scripting.sample_setup("en")
    actions = scripting.whole_game(setup, 1)
    _, rest = games.split_setup(setup)
    return dict(rest), actions


_SAMPLES: dict[str, tuple[dict, list[dict]]] = {}


def sample(name: str) -> tuple[dict, list[dict]]:
    if name not in _SAMPLES:
        _SAMPLES[name] = _sample(name)
    return _SAMPLES[name]


def check_one_line(message: str) -> None:
    assert "\n" not in message and "\r" not in message, message[:MAX_LINE]
    assert len(message) <= MAX_LINE, f"{len(message)} characters: {message[:MAX_LINE]}…"
    assert "Traceback" not in message


def replay_outcome(name: str, setup: dict, actions: list) -> None:
    """Replay the file; a refusal must be one short line, output lines keep to the bound."""
    pack = games.pack(name)
    try:
        if pack.check_script_setup is not None:
            pack.check_script_setup(setup, board_roles="dealt")
        out = pack.replay(setup, 1, list(enumerate(actions, start=2)))
    except UsageError as exc:
        check_one_line(str(exc))
        return
    for obj in out:
        if isinstance(obj, dict) and "rejected" in json.dumps(obj.get("event", ""))[:12]:
            check_one_line(str(obj.get("message", "")))


GAMES = games.names()
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data(), value=json_values)
def test_every_setup_key_refuses_any_json_value_in_one_line(name, data, value):
    """Issue 34: a setup key given any JSON value is used or refused in one short line."""
    setup, actions = sample(name)
    key = data.draw(st.sampled_from(_setup_keys(name)), label="key")
    replay_outcome(name, {**setup, key: value}, actions[:3])


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(value=json_values)
def test_a_whole_setup_of_any_json_value_is_refused_in_one_line(name, value):
    """Issue 34: the setup itself replaced by any JSON value."""
    replay_outcome(name, value, [])


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data(), value=json_values)
def test_every_action_field_refuses_any_json_value_in_one_line(name, data, value):
    """Issue 34: any field of any action of a whole game given any JSON value (or the
    action replaced by it) is applied, rejected or refused in one short line."""
    setup, actions = sample(name)
    index = data.draw(st.integers(min_value=0, max_value=len(actions) - 1), label="index")
    action = dict(actions[index])
    field = data.draw(st.sampled_from(sorted(action) + ["*"]), label="field")
    bad = value if field == "*" else {**action, field: value}
    replay_outcome(name, setup, actions[:index] + [bad] + actions[index + 1:index + 3])


@pytest.mark.parametrize("name", GAMES)
def test_an_error_line_quotes_only_a_short_prefix_of_a_huge_value(name):
    """Issue 34: a 1 MB value gives one short line, not a 1 MB line."""
    setup, actions = sample(name)
    huge = "x" * 1_000_000
    for key in _setup_keys(name):
        replay_outcome(name, {**setup, key: huge}, [])
        replay_outcome(name, {**setup, key: [huge]}, [])
        replay_outcome(name, {**setup, key: {huge: huge}}, [])
    for field in actions[0]:
        replay_outcome(name, setup, [{**actions[0], field: huge}])


# -- the board's own setup check (the console's setup, simulate's setup line) ------------------

#: the table's own setup keys of each game beyond its rules' keys (names, timers, role source)
TABLE_KEYS = ("names", "role_source", "hold_seconds", "counter_seconds", "deal", "morning_seconds",
              "night_choice_seconds", "night_look_seconds", "discussion_seconds")


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    """One board service (silent voice, virtual clock) to prepare setups on."""
    from firmware_host.clock import VirtualClock
    from firmware_host.service.core import BoardService
    from firmware_host.service.journal import Journal
    from firmware_host.service.notify import Notifier
    from firmware_host.service.settings import ServiceSettings
    from firmware_host.service.voice import SilentVoice

    path = tmp_path_factory.mktemp("board") / "journal.sqlite3"
    service = BoardService(ServiceSettings(journal_path=str(path)), clock=VirtualClock(), journal=Journal(path),
                           voice=SilentVoice(), emit=lambda line: None, notifier=Notifier(None))
    service.start()
    yield service
    service.stop()
    service.journal.close()


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.data(), value=json_values)
def test_the_boards_setup_check_refuses_any_json_value_in_one_line(board, name, data, value):
    """Issue 34: the board's setup (every rules key and the table's own keys: names, timers)
    with any JSON value is prepared or refused in one short line, never a traceback."""
    setup, _ = sample(name)
    key = data.draw(st.sampled_from(_setup_keys(name) + TABLE_KEYS), label="key")
    full = {**setup, key: value} if name == games.DEFAULT_GAME else {"game": name, **setup, key: value}
    try:
        board.call(lambda: board.game.prepare(full))
    except UsageError as exc:
        check_one_line(str(exc))


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.data(), value=json_values)
def test_the_game_masters_act_refuses_any_json_value_in_one_line(board, name, data, value):
    """Issue 34: the game master's ``act`` on the board (the console, ``gm act``) with any
    JSON value as the action, or in any field of one of the game's actions, is applied or
    refused in one short line, never a traceback."""
    setup, actions = sample(name)
    full = setup if name == games.DEFAULT_GAME else {"game": name, **setup}
    if board.call(lambda: board.game.final_state()) is None or board.call(lambda: board.game.current) != name \
            or board.call(lambda: board.game.final_state()).get("phase") == "game_over":
        board.call(lambda: board.game.command("start", setup=full))
    action = dict(data.draw(st.sampled_from(actions[:6]), label="action"))
    field = data.draw(st.sampled_from(sorted(action) + ["*"]), label="field")
    bad = value if field == "*" else {**action, field: value}
    try:
        board.call(lambda: board.game.command("act", action=bad))
    except UsageError as exc:
        check_one_line(str(exc))


_SIGNALS = [
    {"signal": "button", "seat": 0, "gesture": "press"}, {"signal": "ballot", "seat": 1, "ballot": "ja"},
    {"signal": "law_read", "party": "fascist", "tile": 1}, {"signal": "slot", "track": "fascist", "slot": 1,
                                                            "state": "filled"},
    {"signal": "tracker", "position": 1}, {"signal": "pin", "pin": 5, "level": "low", "hold": 1.0},
    {"signal": "serial", "reader": "ballot", "hex": "02"}, {"signal": "unplug", "reader": "law"},
    {"signal": "wait", "seconds": 1.0}, {"signal": "wait_for", "key": "scan.item", "params": {}, "timeout": 5.0},
    {"signal": "gm", "command": "act", "action": {"action": "vote", "seat": 0, "ballot": "ja"}},
    {"signal": "gm", "command": "choose", "seat": 0, "target": 1}, {"signal": "key", "gesture": "press"},
]


@settings(max_examples=300, deadline=None)
@given(data=st.data(), value=json_values)
def test_every_signal_field_refuses_any_json_value_in_one_line(data, value):
    """Issue 34: a ``simulate`` signal with any JSON value in any field (or as the signal) is
    read or refused in one short line."""
    from firmware_host.service.signals import ScriptError, parse_object

    signal = dict(data.draw(st.sampled_from(_SIGNALS), label="signal"))
    field = data.draw(st.sampled_from(sorted(signal) + ["at", "*"]), label="field")
    bad = value if field == "*" else {**signal, field: value}
    try:
        parse_object(bad, 3)
    except ScriptError as exc:
        check_one_line(str(exc))
