"""The board config (TOML): the schema pieces every layer brings, checked all at once.

Each layer declares its own sections in a ``settings`` module with a module-level
``SCHEMA: dict[str, dict[str, Field]]`` (section name -> key -> :class:`Field`), built from
this module's :class:`Field`; this module imports none of them. It checks a parsed TOML
document against the schemas it is given (:func:`validate`) and reports *every* problem at
once, each naming its key (``seats.3.button``), with "did you mean" for misspelt keys (as
Mopidy's config schema does). Which layers make up the board config, and its typed form, is
:mod:`firmware_host.board_config` (``load_config``).

Cross-field checks (a pin used twice, a seat missing) belong to the layer that knows them:
a ``settings`` module may also define ``check(config: dict) -> list[str]`` returning problems.

Example::

    from firmware_host.board_config import load_config
    from firmware_host.config import ConfigError
    try:
        config = load_config("/etc/firmware-host/board.toml")  # -> hardware.settings.BoardConfig
    except ConfigError as exc:
        for problem in exc.problems:                  # e.g. "buttons.hold_sec: unknown key
            print(problem)                            #  (did you mean 'hold_s'?)"
    config.seat_buttons[3]                            # BCM pin of seat 3's button
    config.sections["audio"]                          # the audio layer's section, defaults filled in
"""

from __future__ import annotations

import dataclasses
import difflib
import math
import os
import tomllib
from pathlib import Path
from typing import Any, Callable, Mapping

from firmware_host.errors import UsageError
from firmware_host.resources import data_path


@dataclasses.dataclass(frozen=True)
class Field:
    """One key of a config section.

    :param type: the Python type a TOML value must have (``int``, ``float``, ``str``, ``bool``,
        ``list``, ``dict``); an ``int`` is accepted where ``float`` is asked.
    :param default: the value when the key is absent; ``REQUIRED`` makes it mandatory.
    :param choices: allowed values, or None.
    :param min: inclusive lower bound for numbers, or None.
    :param max: inclusive upper bound for numbers, or None.
    :param check: ``check(value) -> str | None``: an extra test returning a problem or None.
    :param doc: one line for the docs: meaning and unit (seconds, milliseconds, BCM number).
    :param fields: for ``type=dict``: the sub-table's own keys (checked like a section, with
        "did you mean"); None accepts any table.
    :param items: for ``type=list``: the Field every element must satisfy; problems name the
        element ``key.<index>``.
    :param first_index: the number of the first list element in problem messages (1 for law
        slots, which the game counts from 1; 0 for tracker holes, counted 0–3).

    A section's schema may hold the key ``"*"``: any key is then allowed, each checked
    against that Field (seats ``"0"``…``"9"``, readers by name).
    """

    type: type
    default: Any = None
    choices: tuple[Any, ...] | None = None
    min: float | None = None
    max: float | None = None
    check: Callable[[Any], str | None] | None = None
    doc: str = ""
    fields: "dict[str, Field] | None" = None
    items: "Field | None" = None
    first_index: int = 0


#: marker for a key without a default
REQUIRED = object()


#: the packaged reference (demo) config, used when no other config is found
DEFAULT_CONFIG_PATH = data_path("board.toml")
#: the installed board's own config (INSTALL.md copies the reference config here)
ETC_CONFIG_PATH = Path("/etc/firmware-host/board.toml")


class ConfigError(UsageError):
    """A board config that cannot be used; ``problems`` lists *every* problem found.

    Each problem is one line starting with the key it concerns (``seats.3.button: …``);
    ``str(error)`` joins them into one line for the CLI (exit status 2).

    :param problems: list[str], at least one.
    :param path: the config file, for the message, or None.
    """

    def __init__(self, problems: list[str], path: str | os.PathLike[str] | None = None) -> None:
        self.problems = list(problems)
        self.path = None if path is None else str(path)
        where = f"{self.path}: " if self.path else ""
        count = len(self.problems)
        head = f"{where}{count} problem{'s' if count != 1 else ''}"
        super().__init__(f"{head}: " + "; ".join(self.problems))


def did_you_mean(word: str, candidates: list[str] | tuple[str, ...] | Any) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``candidates`` to ``word``, or ``""``."""
    close = difflib.get_close_matches(str(word), [str(c) for c in candidates], n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _type_name(t: type) -> str:
    return {int: "an integer", float: "a number", str: "a string", bool: "true or false",
            list: "a list", dict: "a table"}.get(t, t.__name__)


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def check_value(key: str, value: Any, field: Field, problems: list[str]) -> Any:
    """Check ``value`` against ``field``; append problems naming ``key``; return the value
    with defaults filled in (sub-tables) and ints widened to float where a float is asked."""
    t = field.type
    ok: bool
    if t is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif t is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, t)
    if not ok:
        problems.append(f"{key}: must be {_type_name(t)}, not {_describe(value)}")
        return value
    if t is float:
        value = float(value)
        if not math.isfinite(value):
            problems.append(f"{key}: must be a finite number, not {value}")
            return value
    if field.choices is not None and value not in field.choices:
        choices = ", ".join(str(c) for c in field.choices)
        problems.append(f"{key}: {_describe(value)} is not one of {choices}"
                        f"{did_you_mean(value, field.choices) if isinstance(value, str) else ''}")
        return value
    if field.min is not None and value < field.min:
        problems.append(f"{key}: {value} is below the minimum {field.min}{_range(field)}")
        return value
    if field.max is not None and value > field.max:
        problems.append(f"{key}: {value} is above the maximum {field.max}{_range(field)}")
        return value
    if t is dict and field.fields is not None:
        value = check_table(key, value, field.fields, problems)
    if t is list and field.items is not None:
        value = [check_value(f"{key}.{i + field.first_index}", item, field.items, problems)
                 for i, item in enumerate(value)]
    if field.check is not None:
        problem = field.check(value)
        if problem:
            problems.append(f"{key}: {problem}")
    return value


def _range(field: Field) -> str:
    if field.min is not None and field.max is not None:
        return f" (allowed {field.min}–{field.max})"
    return ""


def check_table(prefix: str, table: Mapping[str, Any], schema: Mapping[str, Field],
                problems: list[str]) -> dict[str, Any]:
    """Check one table against ``schema`` (key -> Field, ``"*"`` for any key).

    Unknown keys, missing required keys and bad values are appended to ``problems`` as
    ``prefix.key: …``; returns a new dict with defaults filled in for absent keys.
    """
    out: dict[str, Any] = {}
    wildcard = schema.get("*")
    for key, value in table.items():
        full = f"{prefix}.{key}" if prefix else str(key)
        field = schema.get(key, wildcard if key != "*" else None)
        if field is None:
            known = [k for k in schema if k != "*"]
            problems.append(f"{full}: unknown key{did_you_mean(key, known)}")
            continue
        out[key] = check_value(full, value, field, problems)
    for key, field in schema.items():
        if key == "*" or key in out or key in table:
            continue
        if field.default is REQUIRED:
            full = f"{prefix}.{key}" if prefix else key
            problems.append(f"{full}: missing (required)")
        elif field.type is dict and field.fields is not None and field.default is None:
            out[key] = check_table(f"{prefix}.{key}" if prefix else key, {}, field.fields, problems)
        else:
            out[key] = _copy_default(field.default)
    return out


def _copy_default(value: Any) -> Any:
    if isinstance(value, (list, dict)):
        import copy
        return copy.deepcopy(value)
    return value


def validate(document: Mapping[str, Any], modules: list[Any]) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """Check a parsed TOML ``document`` against the schemas the layers bring.

    :param modules: the layers' ``settings`` modules (or any objects) with ``SCHEMA`` and
        optionally ``check(sections) -> list[str]``, in order
        (:func:`firmware_host.board_config.schema_modules`).
    :returns: ``(sections, problems)``: every known section with defaults filled in (absent
        sections too), and the list of problems (empty when the config is usable).
    """
    mods = modules
    schema: dict[str, dict[str, Field]] = {}
    for mod in mods:
        schema.update(getattr(mod, "SCHEMA", {}))
    # a section read under another name (a layer's ``renamed_sections()``: older name -> name)
    # where the file has no section of that name: a board configured before a rename still starts
    renamed: dict[str, str] = {}
    for mod in mods:
        older = getattr(mod, "renamed_sections", None)
        if callable(older):
            renamed.update(older())
    document = {(renamed[k] if k in renamed and renamed[k] not in document else k): v
                for k, v in document.items()}
    problems: list[str] = []
    sections: dict[str, dict[str, Any]] = {}
    for name, value in document.items():
        if name not in schema:
            problems.append(f"{name}: unknown section{did_you_mean(name, list(schema))}")
            continue
        if not isinstance(value, dict):
            problems.append(f"{name}: must be a table ([{name}]), not {_describe(value)}")
            continue
        sections[name] = check_table(name, value, schema[name], problems)
    for name, fields in schema.items():
        if name not in sections and name not in document:
            sections[name] = check_table(name, {}, fields, problems)
    had_problems = bool(problems)
    for mod in mods:
        check = getattr(mod, "check", None)
        if check is None:
            continue
        try:
            problems.extend(check(sections))
        except (TypeError, KeyError, AttributeError, ValueError, IndexError):
            # a cross-field check tripping over a value already reported as bad
            if not had_problems:
                raise
    return sections, problems


def find_config(path: str | os.PathLike[str] | None = None) -> tuple[Path, str]:
    """Which config file to use, and why (to say it: ``run`` logs it, ``check-config`` prints it).

    Looked up in this order: ``path`` (``--config``), ``$FIRMWARE_HOST_CONFIG``,
    :data:`ETC_CONFIG_PATH` (``/etc/firmware-host/board.toml``) when it exists, else the
    packaged reference config :data:`DEFAULT_CONFIG_PATH` (the demo board).

    :returns: ``(path, source)``; ``source`` is ``"--config"``, ``"$FIRMWARE_HOST_CONFIG"``,
        ``"/etc/firmware-host/board.toml"`` or ``"the packaged demo config"``.
    """
    if path is not None:
        return Path(path), "--config"
    env = os.environ.get("FIRMWARE_HOST_CONFIG")
    if env:
        return Path(env), "$FIRMWARE_HOST_CONFIG"
    if ETC_CONFIG_PATH.exists():
        return ETC_CONFIG_PATH, str(ETC_CONFIG_PATH)
    return DEFAULT_CONFIG_PATH, "the packaged demo config"


def default_config_path() -> Path:
    """The config used without ``--config`` (see :func:`find_config`)."""
    return find_config(None)[0]


def read_document(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Parse a TOML file; :raises ConfigError: when it cannot be read or parsed (one problem)."""
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        raise ConfigError([f"cannot read the config: {exc.strerror or exc}"], path) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError([f"not valid TOML: {exc}"], path) from None
    except UnicodeDecodeError:
        raise ConfigError(["not valid TOML: the file is not UTF-8 text"], path) from None
