"""The service's sections of the board config: ``[service]``, ``[journal]``, ``[scan]``.

Collected by :mod:`firmware_host.board_config` (see ``SCHEMA_MODULES``) with the other layers'
sections and validated all at once. :func:`service_settings` turns the (validated or absent)
sections into a :class:`ServiceSettings` value with every default filled in.

Example (``board.toml``)::

    [service]
    idle_press = "repeat"        # or "status" (ACCESSIBILITY.md 12: no hold needed)

    [scan]
    interval = 1.5               # seconds after each spoken name

    [journal]
    path = "/var/lib/firmware-host/journal.sqlite3"

(``[console]`` is the console's own section, :mod:`firmware_host.console.settings`.)
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from firmware_host.config import Field


def _nonempty(value: Any) -> str | None:
    return "must not be empty" if not str(value).strip() else None


def _name_ok(value: Any) -> str | None:
    from firmware_host.service.names import PlayerNameError, clean_name
    try:
        return None if clean_name(value) else "must not be empty"
    except PlayerNameError as exc:
        return str(exc)


def _abandon(value: Any) -> str | None:
    return None if value == 0 or 10 <= value <= 3600 else "must be 0 (never) or 10 to 3600 seconds"


#: section -> key -> Field (see :class:`firmware_host.config.Field`)
SCHEMA: dict[str, dict[str, Field]] = {
    "service": {
        "roles": Field(str, "dealt", choices=("dealt", "tiles"),
                       doc="how the board learns the roles: dealt by the board in the prolog (R17) or read from tiles the seats present"),
        "idle_press": Field(str, "repeat", choices=("repeat", "status"),
                            doc="what a press does when the seat has nothing to do (ACCESSIBILITY.md 12)"),
        "status_channel": Field(str, "earphone", choices=("public", "earphone"),
                                doc="where the public part of a status request is spoken: the requester's "
                                    "earphone (never cuts table speech; the table speaker when seats have "
                                    "no earphones, whisper station) or the table speaker (ACCESSIBILITY.md 3)"),
        "confirm_execution": Field(bool, True, doc="an execution needs a confirming press (ACCESSIBILITY.md 16)"),
        "setup_abandon_s": Field(float, 60.0, min=0.0, max=3600.0, check=_abandon,
                                 doc="seconds without a press, after the last clip of a setup from the seats "
                                     "ended, after which that setup is abandoned (issue 14); 0 = never "
                                     "(ACCESSIBILITY.md 11: every timeout can be switched off)"),
        "player_names": Field(list, [], items=Field(str, "", check=_name_ok),
                              doc="the table's enrolled player names: a setup from the seats lets each "
                                  "player pick one (at most 40 characters each)"),
        "queue_size": Field(int, 1000, min=10, max=100000, doc="input events that may wait for the service thread"),
        "watchdog": Field(bool, True, doc="send systemd watchdog pings when WATCHDOG_USEC is set"),
    },
    "journal": {
        "path": Field(str, "/var/lib/firmware-host/journal.sqlite3", check=_nonempty,
                      doc="SQLite file of accepted actions (created with mode 0600)"),
    },
    "scan": {
        "interval": Field(float, 1.5, min=0.5, max=5.0,
                          doc="seconds of silence after each spoken name (ACCESSIBILITY.md 13)"),
        "first_delay": Field(float, 1.0, min=0.0, max=10.0,
                             doc="extra seconds before the first item (ACCESSIBILITY.md 14)"),
        "passes": Field(int, 3, min=0, max=30,
                        doc="full passes before the scan stops with a spoken notice and waits for a press (ACCESSIBILITY.md 11, 14); 0 = it never stops, up to 30 = tenfold"),
        "words_per_minute": Field(int, 175, min=80, max=450,
                                  doc="speech rate used to estimate how long a spoken name lasts"),
        "grace": Field(float, 0.5, min=0.0, max=2.0,
                       doc="seconds at the start of a name in which a press still chooses the name heard "
                           "before it (ACCESSIBILITY.md 27); 0 = a press chooses the name that has started"),
        "undo": Field(bool, True,
                      doc="a pick is said at once in the chooser's earphone and becomes final only after the "
                          "seat's window, in which a press takes it back (ACCESSIBILITY.md 32); false = final at once"),
        "pace": Field(bool, True,
                      doc="learn each seat's pace from its reactions and time its scans by it (ACCESSIBILITY.md "
                          "31); false = every seat scans at interval and grace"),
        "list_after": Field(bool, True,
                            doc="a press made before the table has begun the call of the seat's turn is answered "
                                "at once in words ('your list after the table: press again') and its list waits "
                                "for the seat's next press, never starting later by itself (ACCESSIBILITY.md "
                                "26-28, issue 31); false = that list follows the call by itself (a script's press)"),
    },
}


@dataclasses.dataclass(frozen=True)
class ScanSettings:
    """Single-switch scanning (ACCESSIBILITY.md 13–17); times in seconds; ``passes`` 0 = never stops (11)."""

    interval: float = 1.5
    first_delay: float = 1.0
    passes: int = 3
    words_per_minute: int = 175
    grace: float = 0.5
    #: a pick is answered at once and final only after the seat's window, in which a press
    #: takes it back (ACCESSIBILITY.md 32); the board's config turns it on (``[scan] undo``,
    #: default true), a bare ``ScanSettings()`` keeps a pick final at once
    undo: bool = False
    #: each seat's scans timed by its learned pace (ACCESSIBILITY.md 31, ``[scan] pace``,
    #: default true in the board's config; a bare ``ScanSettings()`` keeps the fixed timing)
    pace: bool = False
    #: a press before the table has begun the call of the seat's turn keeps its list for the
    #: seat's next press, answered at once in words (issue 31, ``[scan] list_after``, default
    #: true in the board's config; a bare ``ScanSettings()`` lets that list follow the call)
    list_after: bool = False
    #: the undo window after a pick (seconds), None: the window after an item (``interval +
    #: grace``); set per seat by its pace (:mod:`firmware_host.table.pace`), not a config key
    undo_window: float | None = None


@dataclasses.dataclass(frozen=True)
class ServiceSettings:
    """Everything the service reads from the config, defaults filled in.

    ``journal_path`` a file path; see :data:`SCHEMA` for each key; ``physical_deck`` is set
    by ``run`` only. (The ignore-repeat time
    and the double press are the hardware's ``[buttons]`` keys; the language is ``[audio]``'s
    until a setup names one.)
    """

    roles: str = "dealt"
    idle_press: str = "repeat"
    status_channel: str = "earphone"
    confirm_execution: bool = True
    setup_abandon_s: float = 60.0
    player_names: tuple = ()
    queue_size: int = 1000
    watchdog: bool = True
    journal_path: str = "/var/lib/firmware-host/journal.sqlite3"
    scan: ScanSettings = ScanSettings()
    #: True on a real board (``firmware-host run``, BOARD.md "A physical deck is never
    #: contradicted by a virtual one"): a setup without ``deck`` plays the physical,
    #: untracked deck and a tracked (seeded) deck is refused. Not a config key: ``simulate``
    #: and tests keep SIMULATE.md's default (dealt from the seed, tracked).
    physical_deck: bool = False
    #: each game's own section (``[NAME]``, the game's registry name), defaults filled in: game → key → value
    games: Mapping[str, Mapping[str, Any]] = dataclasses.field(default_factory=dict)

    def game_config(self, name: str) -> dict[str, Any]:
        """The game's own ``board.toml`` section (:attr:`firmware_host.kernel.games.GamePack.config`),
        every key present (its default where the file has none)."""
        from firmware_host.kernel import games

        return {**games.config_defaults(name), **dict(self.games.get(name) or {})}

    def replace(self, **changes: Any) -> "ServiceSettings":
        """A copy with ``changes`` applied (dataclasses.replace)."""
        return dataclasses.replace(self, **changes)


def _section(raw: Mapping[str, Any] | None, name: str) -> dict[str, Any]:
    values = {key: field.default for key, field in SCHEMA[name].items()}
    if raw:
        section = raw.get(name) or {}
        if isinstance(section, Mapping):
            values.update({k: v for k, v in section.items() if k in values})
    for key, field in SCHEMA[name].items():
        if field.type is float and isinstance(values[key], int) and not isinstance(values[key], bool):
            values[key] = float(values[key])
    return values


def service_settings(raw: Mapping[str, Any] | Any | None = None) -> ServiceSettings:
    """Build :class:`ServiceSettings` from a parsed config.

    :param raw: a mapping of section name -> dict (the parsed TOML), an object with a
        ``raw``/``data``/``sections`` mapping attribute (the hardware layer's ``BoardConfig``),
        or None for all defaults. Unknown keys are ignored here (the config loader reports them).
    """
    if raw is not None and not isinstance(raw, Mapping):
        for attr in ("raw", "data", "sections", "document", "toml"):
            candidate = getattr(raw, attr, None)
            if isinstance(candidate, Mapping):
                raw = candidate
                break
        else:
            raw = {name: getattr(raw, name) for name in SCHEMA if isinstance(getattr(raw, name, None), Mapping)}
    service = _section(raw, "service")
    journal = _section(raw, "journal")
    scan = _section(raw, "scan")
    service["player_names"] = tuple(service["player_names"])
    return ServiceSettings(
        journal_path=journal["path"],
        scan=ScanSettings(**scan),
        games=_game_sections(raw),
        **service,
    )


def _game_sections(raw: Mapping[str, Any] | None) -> dict[str, dict[str, Any]]:
    """The games' own sections of a parsed config (defaults filled in by :meth:`game_config`)."""
    from firmware_host.kernel import games

    out: dict[str, dict[str, Any]] = {}
    for name in games.names():
        section = (raw or {}).get(name)
        if isinstance(section, Mapping):
            fields = games.pack(name).config
            out[name] = {k: float(v) if fields[k].type is float and type(v) is int else v
                         for k, v in section.items() if k in fields}
    return out


def console_config(config: Any, port: int | None = None) -> Mapping[str, Any]:
    """What the game master's console is started with: the whole validated config, so that
    it reads ``[console]`` and also the board's language (``[audio] language``), never the
    ``[console]`` section alone.

    :param config: the board config (``BoardConfig`` with its ``sections``) or the parsed
        mapping of section name -> dict.
    :param port: a TCP port to listen on instead of ``[console] port`` (0: any free one),
        or None.
    :returns: section name -> dict, for ``firmware_host.console.serve``.
    """
    sections = getattr(config, "sections", config)
    out = {name: dict(section) if isinstance(section, Mapping) else section
           for name, section in (sections or {}).items()}
    if port is not None:
        out["console"] = {**out.get("console", {}), "port": port}
    return out
