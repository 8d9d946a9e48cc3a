"""Board signal scripts for ``firmware-host simulate`` (SIMULATE.md), and the interactive line syntax.

A script is JSON Lines: blank lines and lines starting with ``#`` are ignored; the first
other line is the setup ``{"setup": {...}}`` (REPLAY.md), or there is no setup line at all
and the seats set the game up with their buttons (issue 14, :mod:`firmware_host.table.lobby`);
every later line is one signal::

    {"signal": "button", "seat": 2, "gesture": "press", "at": 12.5}
    {"signal": SIGNAL, "seat": 3, FIELD: NAME}      (a game's tile: its pack's tile kind)
    {"signal": "slot", "track": TRACK, "slot": 1, "state": "filled"}

(the nested form ``{"button": {"seat": 2, "gesture": "press"}}`` is read too). Everything is
checked up front, so a bad script is a one-line :class:`ScriptError` naming the line before
anything runs.

The interactive virtual board reads the same signals as words: ``button 2 hold``,
``button 2 hold``, ``slot TRACK 1 filled``, ``gm choose 0 3``, and each game's tile signals
and peg signal (see :func:`help_text`).

The tracks, the peg and the readers are the registered games' (their packs' ``tracks``,
``peg`` and tile kinds, :mod:`firmware_host.hardware.parts`): a ``slot`` names one of their
tracks, the peg's signal (its pack's :attr:`~firmware_host.hardware.parts.Peg.signal`) is read
as the signal ``peg``, a reader is one their tiles go to.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import re
from typing import Any, Iterable

from firmware_host.checks import quoted
from firmware_host.checks import UNENCODABLE, bounded_number, single_line_name, unencodable
from firmware_host.errors import UsageError
from firmware_host.hardware.parts import registered_peg, registered_readers, registered_tracks
from firmware_host.hardware.tags import TileKind, registered_kinds
from firmware_host.jsonlines import JsonLinesError, decode, objects, refuse_constant, split_lines


class ScriptError(UsageError):
    """A signal script (or an interactive line) that cannot be used; the message names the line."""


GESTURES = ("press", "hold", "double")
GM_COMMANDS = ("choose", "act", "undo", "pause", "resume", "start", "restart", "key", "seat_settings",
               "end_morning")
#: the longest time, in seconds, one ``wait``, ``wait_for`` timeout, pin ``hold`` or ``at`` may
#: name: a day (a game lasts hours; anything longer is a typing slip, e.g. ``wait 1e20``)
MAX_SECONDS = 86400.0


def loads(text: str) -> Any:
    """``json.loads`` that refuses ``NaN``/``Infinity`` (as every JSON Lines file is read:
    :mod:`firmware_host.jsonlines`), for the interactive words.

    :raises ValueError: not JSON (``json.JSONDecodeError``, so a bare word can be told
        apart), a non-finite constant, or nested too deeply to read.
    """
    try:
        value = json.loads(text, parse_constant=refuse_constant)
    except RecursionError:
        raise ValueError("JSON nested too deeply to read") from None
    where = unencodable(value)
    if where is not None:
        raise ValueError(f"{UNENCODABLE} in {where}")
    return value


@dataclasses.dataclass(frozen=True)
class Signal:
    """One board signal.

    :param kind: ``setup``, ``button``, ``slot``, ``peg`` (the peg's signal), ``gm``, ``pin``, ``serial``,
        ``unplug``, ``replug``, ``wait``, ``wait_for``, ``key`` {gesture} (the game-master key),
        or a registered game's tile signal (:func:`tile_signal`: its tile kind's ``signal``).
    :param fields: the checked fields (e.g. ``{"seat": 2, "gesture": "press"}``).
    :param line: 1-based physical line number in the script (0 for interactive lines).
    :param at: seconds from start when given, else None.
    """

    kind: str
    fields: dict
    line: int = 0
    at: float | None = None

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    def get(self, key: str, default: Any = None) -> Any:
        """A field or ``default``."""
        return self.fields.get(key, default)


def _int(obj: dict, key: str, lo: int | None = None, hi: int | None = None) -> int:
    value = obj.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"'{key}' must be an integer")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise ValueError(f"'{key}' must be between {lo} and {hi}")
    return value


def _choice(obj: dict, key: str, choices: Iterable[str]) -> str:
    value = obj.get(key)
    choices = tuple(choices)
    if value not in choices:
        raise ValueError(f"'{key}' must be one of {', '.join(choices)} (got {quoted(value)})")
    return value


def _reader(obj: dict) -> dict:
    """The optional ``reader`` of a tile signal: the tile is held to that reader instead of its
    own (BOARD.md "Each reader has its own tiles")."""
    return {} if obj.get("reader") is None else {"reader": _choice(obj, "reader", registered_readers())}


def _number(obj: dict, key: str, lo: float = 0.0, hi: float = MAX_SECONDS) -> float:
    try:
        return bounded_number(obj.get(key), lo, hi)   # bounded before any conversion
    except ValueError:
        raise ValueError(f"'{key}' must be a number of seconds from {lo:g} to {hi:g}") from None


def tile_signal(name: str) -> TileKind | None:
    """The tile kind whose simulator signal (or an alias of it) is ``name``, among every
    registered game's (SIMULATE.md's tile signals are the kinds their games declare), or None."""
    for kind in registered_kinds():
        if kind.signal and name in (kind.signal, *kind.aliases):
            return kind
    return None


def signal_kinds() -> tuple[str, ...]:
    """Every signal name a script may use: the board's, the service's, each registered
    game's tile signals with their aliases and the peg's signal (:func:`peg_signal`)."""
    tiles = tuple(n for k in registered_kinds() if k.signal for n in (k.signal, *k.aliases))
    peg = (peg_signal(),) if peg_signal() else ()
    return ("setup", "button") + tiles + ("key", "slot") + peg + ("gm", "pin", "serial", "unplug", "replug",
                                                                   "wait", "wait_for")


def peg_signal() -> str:
    """The signal that moves the board's peg (its game's pack declares it, SIMULATE.md), or
    ``""`` when no registered game plays with a peg. A script's peg signal is the
    :class:`Signal` ``peg``."""
    peg = registered_peg()
    return peg.signal if peg is not None else ""


def _tile_fields(kind: TileKind, obj: dict) -> dict:
    """A tile signal's fields: ``seat`` (a seat's tile), the kind's ``value_field`` (its name
    or group), ``tile`` (a number; required for an item) and ``reader``."""
    out: dict[str, Any] = {}
    if kind.layout == "seat":
        out["seat"] = _int(obj, "seat", 0, 9)
        if kind.names:
            out[kind.value_field] = _choice(obj, kind.value_field, kind.names)
        else:
            value = obj.get(kind.value_field)
            if not isinstance(value, str) or not re.fullmatch(r"[a-z][a-z_]{0,31}", value):
                raise ValueError(f"'{kind.value_field}' must be a {kind.noun}'s name in the tag registry")
            out[kind.value_field] = value
    elif kind.layout == "numbered":
        out[kind.value_field] = _choice(obj, kind.value_field, kind.names)
        if obj.get("tile") is not None:
            out["tile"] = _int(obj, "tile", 0, max(kind.counts))
    else:
        out["tile"] = _int(obj, "tile", 0, kind.items - 1)
    return {**out, **_reader(obj)}


def check_signal(kind: str, obj: dict) -> dict:
    """Check one signal's fields; returns them normalised.

    :raises ValueError: with a short reason when a field is missing or wrong.
    """
    tile = tile_signal(kind)
    if tile is not None:
        return _tile_fields(tile, obj)
    if kind == "setup":
        if not isinstance(obj, dict):
            raise ValueError("'setup' must be an object")
        return dict(obj)
    if kind == "button":
        return {"seat": _int(obj, "seat", 0, 9), "gesture": _choice(obj, "gesture", GESTURES)}
    if kind == "key":
        return {"gesture": _choice(obj, "gesture", GESTURES) if "gesture" in obj else "press"}
    if kind == "slot":
        tracks = registered_tracks()
        track = _choice(obj, "track", tracks)
        return {"track": track, "slot": _int(obj, "slot", 1, tracks[track]),
                "state": _choice(obj, "state", ("filled", "emptied"))}
    if kind in ("peg", peg_signal()) and peg_signal():
        peg = registered_peg()
        assert peg is not None
        return {"position": _int(obj, "position", 0, peg.holes - 1)}
    if kind == "pin":
        return {"pin": _int(obj, "pin", 0, 27), "level": _choice(obj, "level", ("high", "low")),
                "hold": _number(obj, "hold") if "hold" in obj else 0.0}
    if kind == "serial":
        reader = _choice(obj, "reader", registered_readers())
        raw = obj.get("hex")
        if not isinstance(raw, str):
            raise ValueError("'hex' must be a string of hex digits")
        try:
            data = bytes.fromhex(raw)
        except ValueError:
            raise ValueError("'hex' is not hex") from None
        return {"reader": reader, "hex": raw, "data": data}
    if kind in ("unplug", "replug"):
        return {"reader": _choice(obj, "reader", registered_readers())}
    if kind == "wait":
        return {"seconds": _number(obj, "seconds")}
    if kind == "wait_for":
        key = obj.get("key")
        if not isinstance(key, str) or not key:
            raise ValueError("'key' must be an announcement key")
        key = single_line_name(key, "key", 200)
        params = obj.get("params") or {}
        if not isinstance(params, dict):
            raise ValueError("'params' must be an object")
        timeout = _number(obj, "timeout") if "timeout" in obj else 60.0
        return {"key": key, "params": params, "timeout": timeout}
    if kind == "gm":
        command = obj.get("command")
        if not isinstance(command, str) or not command:
            raise ValueError("'command' must name a game-master command")
        out = {k: v for k, v in obj.items() if k not in ("signal", "at")}
        if command == "choose":
            out["seat"] = _int(obj, "seat", 0, 9)
            if obj.get("target") is not None:
                out["target"] = _int(obj, "target", 0, 9)
        elif command == "act":
            if not isinstance(obj.get("action"), dict):
                raise ValueError("'act' needs 'action': a REPLAY.md action object")
        elif command not in GM_COMMANDS:
            raise ValueError(f"unknown game-master command {quoted(command)}")
        return out
    raise ValueError(f"unknown signal {quoted(kind)}")


def parse_object(obj: Any, line: int = 0) -> Signal:
    """Turn one parsed JSON object into a :class:`Signal`.

    :raises ScriptError: naming ``line`` when it is not a usable signal.
    """
    where = f"line {line}: " if line else ""
    if not isinstance(obj, dict):
        raise ScriptError(f"{where}a signal must be a JSON object")
    at = obj.get("at")
    if at is not None:
        try:
            at = bounded_number(at, 0.0, MAX_SECONDS)    # bounded before any conversion
        except ValueError:
            raise ScriptError(f"{where}'at' must be a number of seconds from 0 to {MAX_SECONDS:g}") from None
    bad = unencodable(obj)
    if bad is not None:
        raise ScriptError(f"{where}{UNENCODABLE} in {bad}")
    if "setup" in obj and "signal" not in obj:
        kind, body = "setup", obj["setup"]
    elif "signal" in obj:
        kind, body = obj["signal"], obj
    else:
        known = signal_kinds()
        keys = [k for k in obj if k in known and isinstance(obj[k], dict)]
        if len(keys) != 1:
            raise ScriptError(f"{where}no 'signal' name (one of {', '.join(known)})")
        kind, body = keys[0], obj[keys[0]]
    if not isinstance(kind, str):
        raise ScriptError(f"{where}'signal' must be a name")
    if kind not in signal_kinds():      # named as repr: a line break in it stays one line
        raise ScriptError(f"{where}unknown signal {quoted(kind)}")
    if kind == "setup" and "signal" in obj:
        # SIMULATE.md: the table form {"signal": "setup", "players": 7, ...}, whose other fields
        # are the setup (or {"signal": "setup", "setup": {...}})
        body = obj["setup"] if isinstance(obj.get("setup"), dict) else {
            k: v for k, v in obj.items() if k not in ("signal", "at")}
    try:
        fields = check_signal(kind, body)
    except ValueError as exc:
        raise ScriptError(f"{where}{kind}: {exc}") from None
    tile = tile_signal(kind)
    if tile is not None:
        kind = tile.signal                # an alias: the kind's own signal
    elif kind == peg_signal():
        kind = "peg"                      # the peg's signal, by the board's word for it
    return Signal(kind, fields, line, None if at is None else float(at))


def parse_script(text: str, name: str = "script") -> list[Signal]:
    """Parse a whole signal script; the first signal is the setup, or a script without one
    starts on a board waiting for its setup, which the seats make (issue 14).

    Lines are counted as REPLAY.md counts them (physical lines ending in ``\\n``); a
    leading UTF-8 BOM is skipped.

    :raises ScriptError: one line (``NAME line N: reason``) for the first problem: invalid
        JSON (also ``NaN``/``Infinity``), an unknown signal, a bad field, a number that is
        not finite or out of range, a missing setup, ``at`` going backwards.
    """
    signals: list[Signal] = []
    last_at = 0.0
    lines = objects(split_lines(text), prefix=f"{name} ")
    while True:
        try:
            number, obj = next(lines)
        except StopIteration:
            break
        except JsonLinesError as exc:
            raise ScriptError(str(exc)) from None
        try:
            sig = parse_object(obj, number)
        except ScriptError as exc:
            raise ScriptError(f"{name} {exc}") from None
        if signals and sig.kind == "setup":
            first = signals[0].kind == "setup"
            raise ScriptError(f"{name} line {number}: " + ("a second setup" if first else
                              "the setup must be the first signal (or left out: the seats set the game up)"))
        if sig.at is not None:
            if sig.at < last_at:
                raise ScriptError(f"{name} line {number}: 'at' {sig.at:g} is before {last_at:g}")
            last_at = sig.at
        signals.append(sig)
    if not signals:
        raise ScriptError(f"{name}: no signal (the first line is the setup {{\"setup\": {{...}}}}, "
                          "or a button press that starts the setup from the seats)")
    return signals


def read_script(path: str | os.PathLike[str]) -> list[Signal]:
    """Read and parse a script file (UTF-8, a leading BOM skipped).

    :raises ScriptError: unreadable or unusable file.
    """
    try:
        with open(path, "rb") as fh:
            text = decode(fh.read(), os.fspath(path))
    except OSError as exc:
        raise ScriptError(f"{path}: {exc.strerror or exc}") from None
    except JsonLinesError as exc:
        raise ScriptError(str(exc)) from None
    return parse_script(text, str(path))


HELP = """\
Virtual board — one signal per line (seats 0-based):
  button SEAT [press|hold|double]     a seat's button (default press)
{tiles}{slot}{peg}  gm choose SEAT TARGET | gm act {JSON} | gm undo | gm pause | gm resume | gm restart
  gm seat_settings SEAT rate=300 volume=0.8 verbosity=short scan_interval=3 name=Anna
  key [press|hold]                    the game-master key
  setup PLAYERS [de|en]               set up and start a game (roles dealt at random)
  pin BCM high|low [SECONDS]          a raw pin level
{serial}  unplug {readers} | replug {readers}
  wait SECONDS                        let time pass (at most a day: 86400)
  state                               the public state;  help;  quit"""


def help_text() -> str:
    """:data:`HELP` with one line per registered game's tile signal (its words and fields),
    and the registered games' tracks, peg and readers."""
    lines = []
    for kind in registered_kinds():
        if not kind.signal:
            continue
        word = min((kind.signal, *kind.aliases), key=len)      # the shortest word for it
        if kind.layout == "seat":
            names = "|".join(kind.names) if kind.names and len(kind.names) <= 3 else "NAME"
            words = f"{word} SEAT {names}"
        elif kind.layout == "numbered":
            words = f"{word} {'|'.join(kind.names)} [N]"
        else:
            words = f"{word} N"
        lines.append(f"  {words:<35} a {kind.noun} on the {kind.reader} reader\n")
    tracks, readers = "|".join(registered_tracks()), "|".join(registered_readers())
    peg = registered_peg()
    slot = f"  {f'slot {tracks} K filled|emptied':<35} a tile in / out of slot K of a track\n" if tracks else ""
    peg_line = "" if peg is None else f"  {f'{peg.signal} P':<35} the peg into hole P (0-{peg.holes - 1})\n"
    serial = f"  {f'serial {readers} HEX':<35} raw bytes to a reader\n"
    return (HELP.replace("{tiles}", "".join(lines)).replace("{slot}", slot).replace("{peg}", peg_line)
            .replace("{serial}", serial).replace("{readers}", readers))


def parse_line(line: str) -> Signal | str | None:
    """Parse one interactive line.

    :returns: a :class:`Signal`, a word command (``help``, ``state``, ``quit``), or None for an
        empty line.
    :raises ScriptError: with a short usage hint.
    """
    words = line.strip().split()
    if not words or words[0].startswith("#"):
        return None
    head, rest = words[0].lower(), words[1:]
    if head in ("help", "?", "state", "quit", "exit"):
        return "quit" if head == "exit" else ("help" if head == "?" else head)
    if line.strip().startswith("{"):
        try:
            obj = loads(line)
        except json.JSONDecodeError as exc:
            raise ScriptError(f"not valid JSON ({exc.msg})") from None
        except ValueError as exc:
            raise ScriptError(str(exc)) from None
        return parse_object(obj)

    def num(i: int) -> Any:
        try:
            word = rest[i]
        except IndexError:
            raise ScriptError(f"'{head}' needs more words; type help") from None
        try:
            return int(word)
        except ValueError:
            pass
        try:
            value = float(word)
        except ValueError:
            raise ScriptError(f"'{word}' is not a number; type help") from None
        if not math.isfinite(value):
            raise ScriptError(f"'{word}' is not a finite number; type help")
        return value

    def word(i: int, default: str | None = None) -> str:
        if i < len(rest):
            return rest[i].lower()
        if default is None:
            raise ScriptError(f"'{head}' needs more words; type help")
        return default

    obj: dict[str, Any]
    if head == "button":
        obj = {"signal": "button", "seat": num(0), "gesture": word(1, "press")}
    elif tile_signal(head) is not None:
        kind = tile_signal(head)
        assert kind is not None
        obj = {"signal": kind.signal}
        if kind.layout == "seat":
            obj.update(seat=num(0), **{kind.value_field: word(1)})
        elif kind.layout == "numbered":
            obj[kind.value_field] = word(0)
            if len(rest) > 1:
                obj["tile"] = num(1)
        else:
            obj["tile"] = num(0)
    elif head == "key":
        obj = {"signal": "key", "gesture": word(0, "press")}
    elif head == "setup":
        obj = {"setup": {"players": num(0), "language": word(1, "en")}}
    elif head == "slot":
        obj = {"signal": "slot", "track": word(0), "slot": num(1), "state": word(2, "filled")}
    elif peg_signal() and head in (peg_signal(), "peg"):
        obj = {"signal": peg_signal(), "position": num(0)}
    elif head == "pin":
        obj = {"signal": "pin", "pin": num(0), "level": word(1), "hold": num(2) if len(rest) > 2 else 0.0}
    elif head == "serial":
        obj = {"signal": "serial", "reader": word(0), "hex": "".join(rest[1:])}
    elif head in ("unplug", "replug"):
        obj = {"signal": head, "reader": word(0)}
    elif head == "wait":
        obj = {"signal": "wait", "seconds": num(0)}
    elif head == "gm":
        command = word(0)
        obj = {"signal": "gm", "command": command}
        if command == "choose":
            obj["seat"] = num(1)
            if len(rest) > 2:
                obj["target"] = num(2)
        elif command == "act":
            try:
                obj["action"] = loads(line.split("act", 1)[1])
            except json.JSONDecodeError as exc:
                raise ScriptError(f"gm act needs a JSON action ({exc.msg})") from None
            except ValueError as exc:
                raise ScriptError(f"gm act: {exc}") from None
        elif command == "key":
            obj["gesture"] = word(1, "press")
        elif command == "seat_settings":
            obj["seat"] = num(1)
            for pair in rest[2:]:
                field, sep, value = pair.partition("=")
                if not sep or not field:
                    raise ScriptError(f"gm seat_settings takes FIELD=VALUE words, not '{pair}'; type help")
                try:
                    obj[field] = loads(value) if value else ""
                except json.JSONDecodeError:
                    obj[field] = value        # a bare word: a name
                except ValueError:
                    raise ScriptError(f"gm seat_settings {field}: '{value}' is not a finite number") from None
    else:
        raise ScriptError(f"unknown signal '{head}'; type help")
    return parse_object(obj)
