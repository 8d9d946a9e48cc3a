"""The board config (TOML): schema pieces per layer, validated all at once.

Each layer declares its own sections in a ``settings`` module with a module-level
``SCHEMA: dict[str, dict[str, Field]]`` (section name -> key -> :class:`Field`); this module
collects them (:data:`SCHEMA_MODULES`), checks a parsed TOML document against all of them,
and reports *every* problem at once, each naming its key (``seats.3.button``), with
"did you mean" for misspelt keys (as Mopidy's config schema does).

Cross-field checks (a pin used twice, a seat missing) belong to the layer that knows them:
a ``settings`` module may also define ``check(config: dict) -> list[str]`` returning problems.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

#: modules whose ``SCHEMA`` (and optional ``check``) make up the board config, in order.
SCHEMA_MODULES: list[str] = [
    "firmware_host.hardware.settings",
    "firmware_host.audio.settings",
    "firmware_host.service.settings",
]


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
    """

    type: type
    default: Any = None
    choices: tuple[Any, ...] | None = None
    min: float | None = None
    max: float | None = None
    check: Callable[[Any], str | None] | None = None
    doc: str = ""


#: marker for a key without a default
REQUIRED = object()
