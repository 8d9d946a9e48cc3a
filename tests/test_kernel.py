"""The kernel's values and errors (issue 32): an event, an announced line, an illegal action,
a privacy error and a setup error are each defined once, in ``firmware_host.kernel.values``,
every game uses them, and no error the games raise is outside the project's root error.

The class definitions are read from the source (the AST of every module of the package), so
a copy made in a game, the table or the audio layer is found wherever it is.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import firmware_host
from firmware_host.errors import FirmwareHostError, UsageError
from firmware_host.kernel import values

ROOT = Path(firmware_host.__file__).parent
GAMES = ("secret_dictator", "become_dictator", "dying_message", "autocracy")
#: each value's name, and the names its copies had (the table's line, its privacy error)
VALUES = {"Event": ("Event",), "Line": ("Line", "Announcement"), "IllegalAction": ("IllegalAction",),
          "PrivacyError": ("PrivacyError", "PrivateOnTable"), "SetupError": ("SetupError",),
          "Outcome": ("Outcome",)}


def _class_definitions() -> dict[str, list[str]]:
    """Class name → the modules (``path:line``) that define a class of that name."""
    found: dict[str, list[str]] = {}
    for path in sorted(ROOT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.ClassDef):
                found.setdefault(node.name, []).append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_the_walk_finds_class_definitions_in_games_and_layers():
    """The AST walk sees the games' and the layers' classes (else the next test could not fail)."""
    defined = _class_definitions()
    assert any(p.startswith("games/secret_dictator/") for p in defined["Game"])
    assert any(p.startswith("table/") for p in defined["BoardAdapter"])


@pytest.mark.parametrize("value", sorted(VALUES))
def test_issue32_each_value_and_error_is_defined_once_in_the_kernel(value):
    defined = _class_definitions()
    places = [p for name in VALUES[value] for p in defined.get(name, [])]
    assert len(places) == 1 and places[0].startswith("kernel/values.py:"), places


@pytest.mark.parametrize("game", GAMES)
def test_issue32_every_game_uses_the_kernels_values(game):
    """A game's rules raise and return the kernel's classes (imported, not copied)."""
    package = importlib.import_module(f"firmware_host.games.{game}")
    assert package.IllegalAction is values.IllegalAction
    assert package.Event is values.Event
    assert package.Setup is not None
    setup_error = [importlib.import_module(f"firmware_host.games.{game}.{m}") for m in ("setup", "rules")
                   if (ROOT / "games" / game / f"{m}.py").is_file()]
    assert setup_error and all(m.SetupError is values.SetupError for m in setup_error)
    announce = importlib.import_module(f"firmware_host.games.{game}.announce")
    assert announce.PrivacyError is values.PrivacyError and announce.Line is values.Line


def test_issue32_no_error_of_a_game_is_outside_the_root_error():
    """Every exception class defined under ``firmware_host`` (the games' included) inherits
    :class:`FirmwareHostError` (Autocracy's illegal action was a bare ``Exception``)."""
    outside = []
    for path in sorted(ROOT.rglob("*.py")):
        name = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts).removesuffix(".__init__")
        if ".games." not in name and not name.startswith("firmware_host.kernel"):
            continue
        module = importlib.import_module(name)
        for obj in vars(module).values():
            if (isinstance(obj, type) and issubclass(obj, BaseException) and obj.__module__ == name
                    and not issubclass(obj, FirmwareHostError)):
                outside.append(f"{name}.{obj.__name__}")
    assert outside == []


def test_the_values_behave_as_every_game_needs():
    """One illegal action: private by the game's reasons, its message as ``str``; one setup
    error: a usage error of every problem in one line; one line: checked channel, a private
    key refused on the table by its catalogue; one event: public facts only in JSON."""
    illegal = values.refusal_maker(frozenset({"not_in_hand"}))
    secret, plain = illegal("not_in_hand", "discard: not in the hand"), illegal("wrong_phase", "vote: not now")
    assert (secret.private, plain.private, str(plain), plain.reason) == (True, False, "vote: not now", "wrong_phase")
    error = values.SetupError(["players must be 5..10", "unknown key 'x'"], "invalid setup: ")
    assert isinstance(error, UsageError) and str(error) == "invalid setup: players must be 5..10; unknown key 'x'"
    assert values.SetupError("one problem").problems == ["one problem"]

    from firmware_host.games.secret_dictator import catalogue     # a real catalogue: R16's private keys
    with pytest.raises(values.PrivacyError):
        values.Line("public", "prolog.role.dictator", {"seat": 1}, words=catalogue)
    with pytest.raises(ValueError):
        values.Line("seat:x", "news")
    line = values.Line("seat:2", "prolog.role.dictator", {"seat": 1}, words=catalogue)
    assert (line.seat, line.private, line == values.Line("seat:2", "prolog.role.dictator", {"seat": 1})) == (
        2, True, True)
    assert line.to_json("en") == {"event": "announce", "channel": "seat:2", "key": "prolog.role.dictator",
                                  "params": {"seat": 1},
                                  "text": catalogue.text("prolog.role.dictator", {"seat": 1}, "en")}
    event = values.Event("turn", {"seat": 1}, private={1: {"hand": ["x"]}})
    assert event.to_json() == {"event": "turn", "seat": 1}
    assert values.Event("game_started") == values.Event("game_started", {})


@pytest.mark.parametrize("data, side, seats, winner", [
    ({"winner": "fascist", "reason": "dictator_elected", "roles": []}, "fascist", (), "fascist"),   # a team
    ({"winner": "innocent", "reason": "killers_dead"}, "innocent", (), "innocent"),
    ({"winner": 2, "tokens": [], "hands": []}, None, (2,), [2]),                                      # one seat
    ({"winners": [0, 3], "ranks": []}, None, (0, 3), [0, 3]),                                          # seats
])
def test_issue32_one_outcome_reads_every_games_game_over_alike(data, side, seats, winner):
    outcome = values.Outcome.of_event(data)
    assert (outcome.side, outcome.seats, outcome.winner) == (side, seats, winner)
    assert outcome.reason == data.get("reason")
    with pytest.raises(ValueError):
        values.Outcome.of_event({"winner": 1.5})
