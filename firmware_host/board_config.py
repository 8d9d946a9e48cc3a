"""The whole board config: every layer's sections, checked at once and typed.

Each layer brings its own sections (its ``settings`` module's ``SCHEMA`` and optional
``check``, built with :mod:`firmware_host.config`, which imports no layer); this module
names those modules (:data:`SCHEMA_MODULES`) and gives the typed result,
:class:`~firmware_host.hardware.settings.BoardConfig`. It sits above the layers, beside
the commands, so no layer reaches another through the config.

Example::

    from firmware_host.board_config import load_config
    from firmware_host.config import ConfigError
    try:
        config = load_config("/etc/firmware-host/board.toml")
    except ConfigError as exc:
        print(exc.problems)                  # every problem at once, each naming its key
    config.sections["audio"]                 # the audio layer's section, defaults filled in
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import Any, Mapping

from firmware_host import config
from firmware_host.config import ConfigError
from firmware_host.hardware.settings import BoardConfig, build_board_config

#: modules whose ``SCHEMA`` (and optional ``check``) make up the board config, in order.
#: A module listed here that does not exist (yet) is skipped silently.
SCHEMA_MODULES: list[str] = [
    "firmware_host.hardware.settings",
    "firmware_host.audio.settings",
    "firmware_host.service.settings",
    "firmware_host.console.settings",  # check() only: pin_hash, remote host needs a PIN
]


def schema_modules(names: list[str] | None = None) -> list[Any]:
    """Import the ``settings`` modules of :data:`SCHEMA_MODULES` (or ``names``); a missing one
    is skipped.

    :raises ModuleNotFoundError: a module the settings module itself imports is missing.
    """
    modules = []
    for name in SCHEMA_MODULES if names is None else names:
        try:
            modules.append(importlib.import_module(name))
        except ModuleNotFoundError as exc:
            # only skip when the settings module itself (or its package) does not exist
            if exc.name is None or not name.startswith(exc.name):
                raise
    return modules


def validate(document: Mapping[str, Any], modules: list[Any] | None = None) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """Check a parsed TOML ``document`` against every layer's schema
    (:func:`firmware_host.config.validate` with :func:`schema_modules` when ``modules`` is None).

    :returns: ``(sections, problems)``: every known section with defaults filled in (absent
        sections too), and the list of problems (empty when the config is usable).
    """
    return config.validate(document, schema_modules() + [_GameSections()] if modules is None else modules)


class _GameSections:
    """The games' own sections (``[become_dictator]`` …): each registered pack's ``config``
    (:func:`firmware_host.games.config_schema`), checked with the layers' sections."""

    @property
    def SCHEMA(self) -> dict[str, dict[str, Any]]:  # noqa: N802 - the schema modules' name
        from firmware_host.kernel import games

        return games.config_schema()


def load_config(path: str | os.PathLike[str] | None = None) -> BoardConfig:
    """Read, validate and type the board config.

    :param path: a TOML file; None: looked up as :func:`firmware_host.config.find_config` says
        (``--config``, ``$FIRMWARE_HOST_CONFIG``, ``/etc/firmware-host/board.toml``, the
        packaged demo config).
    :returns: :class:`firmware_host.hardware.settings.BoardConfig`: the hardware part typed
        (pins as BCM numbers, times in seconds), every layer's section, defaults filled in,
        in ``.sections`` (also ``.raw``).
    :raises ConfigError: with every problem at once (unknown keys with "did you mean", bad
        types and ranges, pins used twice or outside BCM 2–27, seats missing, readers without
        a port or of an unknown type). A reader merely unplugged is *not* a config problem.
    """
    cfg_path = Path(path) if path is not None else config.default_config_path()
    return config_from_document(config.read_document(cfg_path), cfg_path)


def config_from_document(document: Mapping[str, Any], path: str | os.PathLike[str] | None = None) -> BoardConfig:
    """Validate and type an already parsed config (a dict as from :func:`tomllib.loads`).

    :param path: where it came from; relative paths in it (the tag registry) are resolved
        against its folder (None: the current directory).
    :raises ConfigError: as :func:`load_config`.
    """
    sections, problems = validate(document)
    if problems:
        raise ConfigError(problems, path)
    return build_board_config(sections, None if path is None else Path(path))
