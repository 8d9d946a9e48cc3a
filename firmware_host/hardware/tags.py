"""The tag registry: which EM4100 tag id is which tile (``hardware/tags.toml``).

The board knows no game's tiles: each game's pack declares the kinds of tile it reads
(:class:`TileKind`, the pack's ``tile_kinds``), and the registry's sections, the checks of a
section's entries, the demo tags, the simulator's tile signals and the refusal of a tile no
game reads all come from those declarations. A kind lays its tiles out in one of three ways
(TOML; tag ids are 10 hex characters, case-insensitive, stored upper-case)::

    [SECTION.0]                  # "seat": each seat's own tiles by name (seats 0-based,
    NAME = "1B00000001"          # spoken "seat 1"), e.g. a seat's two voting tiles

    [SECTION.GROUP]              # "numbered": the tiles of a group numbered from 1
    1 = "2D00000001"             # (a group's count is the kind's own)

    [SECTION.17]                 # "item": tile 17 of a numbered set (0-based; spoken "18")
    tag = "4E00000012"           # with its short description per language
    de = "ein roter Regenschirm"
    en = "a red umbrella"

Every tag may stand for one tile only. :meth:`TagRegistry.lookup` turns a tag id into what
it is; :func:`write_registry` writes the file atomically (enrol-tags). Which kinds a file may
hold: every registered game's (:func:`registered_kinds`), or those a caller passes.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import tempfile
import tomllib
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from firmware_host.config import did_you_mean
from firmware_host.errors import FirmwareHostError, UsageError

_TAG_RE = re.compile(r"^[0-9A-Fa-f]{10}$")
#: a tile's name in a ``seat`` section when its kind names none: lower case, ``_`` between words
_NAME_RE = re.compile(r"^[a-z][a-z_]{0,31}$")
#: the layouts of a kind's section (see the module docstring)
LAYOUTS = ("seat", "numbered", "item")
#: seats a ``seat`` section may name (0-based)
MAX_SEATS = 10


class TagRegistryError(UsageError):
    """A tag registry that cannot be used; ``problems`` lists every problem (one line each)."""

    def __init__(self, problems: list[str], path: str | os.PathLike[str] | None = None) -> None:
        self.problems = list(problems)
        where = f"{path}: " if path else ""
        super().__init__(f"{where}tag registry: " + "; ".join(self.problems))


class TileKindError(FirmwareHostError, ValueError):
    """Tile kinds that cannot be used together (two games declaring one kind or section or
    signal differently), or a kind whose declaration is inconsistent."""


@dataclasses.dataclass(frozen=True)
class TileKind:
    """One kind of tile a game reads on the board, as its pack declares it (``tile_kinds``).

    :ivar kind: the kind's name, the :class:`~firmware_host.hardware.events.TileRead`'s
        ``kind`` and the key of the adapter's ``TILES`` (lower case, e.g. ``"token"``).
    :ivar section: the registry's TOML section of these tiles (e.g. ``"tokens"``).
    :ivar layout: ``"seat"`` (each seat's tiles by name), ``"numbered"`` (groups of tiles
        numbered from 1) or ``"item"`` (one tile per 0-based number, with descriptions).
    :ivar names: ``seat``: the names a seat's tile may have (empty: any lower-case name);
        ``numbered``: the groups, in file order.
    :ivar counts: ``numbered``: how many tiles each group of :attr:`names` has (same order).
    :ivar items: ``item``: how many numbers there are (0..items-1).
    :ivar languages: ``item``: the languages a tile's description may be given in.
    :ivar group: the English word for a group of a ``numbered`` kind in the registry's
        messages (e.g. ``"colour"``).
    :ivar noun: the English noun of one tile for logs and the enrolment's file header
        (e.g. ``"token"``); never spoken to the players.
    :ivar signal: the simulator's signal that lays such a tile on a reader (SIMULATE.md);
        empty: no signal.
    :ivar aliases: other names of :attr:`signal` a script may use.
    :ivar value_field: the signal's field that names the tile (``seat``/``numbered``: its
        name or group; the seat is ``seat``, a tile number ``tile``).
    :ivar reader: the reader these tiles go to (its ``[readers.NAME]``): the readers a board
        config may name are those of the registered games' kinds; the simulator lays such a
        tile on it unless the signal names another. Required.
    :ivar in_turn: ``numbered``: a signal naming no number lays the group's tiles in turn
        (a deck's cards, dealt one after the other); False: its first tile.
    :ivar demo: hex prefixes (2 characters) of the demo registry's tags: one for ``seat``,
        one per group for ``numbered``, one for ``item``; empty: the kind has no demo tiles.
    :ivar optional: a game can be played without these tiles (the board deals what they
        stand for instead): an enrolment asks for them only when they are named.
    :ivar fewest: ``item``: the fewest numbers a table plays with (an enrolment of fewer
        items is refused); 1 by default.
    """

    kind: str
    section: str
    layout: str
    names: tuple[str, ...] = ()
    counts: tuple[int, ...] = ()
    items: int = 0
    languages: tuple[str, ...] = ()
    group: str = "group"
    noun: str = "tile"
    signal: str = ""
    aliases: tuple[str, ...] = ()
    value_field: str = "value"
    reader: str = ""
    in_turn: bool = False
    demo: tuple[str, ...] = ()
    optional: bool = False
    fewest: int = 1

    def __post_init__(self) -> None:
        if self.layout not in LAYOUTS:
            raise TileKindError(f"tile kind {self.kind!r}: layout must be one of {', '.join(LAYOUTS)}")
        if self.layout == "numbered" and len(self.counts) != len(self.names):
            raise TileKindError(f"tile kind {self.kind!r}: one count per group")
        if self.layout == "item" and self.items <= 0:
            raise TileKindError(f"tile kind {self.kind!r}: an item kind needs items > 0")
        if not self.reader:
            raise TileKindError(f"tile kind {self.kind!r}: name the reader its tiles go to")

    def count(self, group: str) -> int:
        """How many tiles group ``group`` of a ``numbered`` kind has (0: no such group)."""
        return dict(zip(self.names, self.counts)).get(group, 0)

    def tiles(self, seats: int = MAX_SEATS) -> list["Tile"]:
        """Every tile of this kind in enrolment order (``seat``: each of ``seats`` seats'
        named tiles; ``numbered``: each group's 1..count; ``item``: every number)."""
        if self.layout == "seat":
            return [Tile(self.kind, name, seat) for seat in range(seats) for name in self.names]
        if self.layout == "numbered":
            return [Tile(self.kind, g, None, n) for g, c in zip(self.names, self.counts) for n in range(1, c + 1)]
        return [Tile(self.kind, self.kind, None, n) for n in range(self.items)]


def check_kinds(kinds: Iterable[TileKind]) -> tuple[TileKind, ...]:
    """``kinds`` without repeats; one kind may be declared by several games when they declare
    it alike. :raises TileKindError: a kind, section or signal declared twice differently."""
    found: dict[str, TileKind] = {}
    sections: dict[str, str] = {}
    signals: dict[str, str] = {}
    for kind in kinds:
        if kind.kind in found:
            if found[kind.kind] != kind:
                raise TileKindError(f"tile kind {kind.kind!r} is declared twice, differently")
            continue
        for name, taken in [(kind.section, sections)] + [(s, signals) for s in (kind.signal, *kind.aliases) if s]:
            if name in taken:
                raise TileKindError(f"tile kinds {taken[name]!r} and {kind.kind!r} both use {name!r}")
            taken[name] = kind.kind
        found[kind.kind] = kind
    return tuple(found.values())


def registered_kinds() -> tuple[TileKind, ...]:
    """The tile kinds of every registered game (their packs' ``tile_kinds``), checked by
    :func:`check_kinds`. :raises TileKindError: two games declare one kind differently."""
    from firmware_host.kernel import games

    return check_kinds(k for name in games.names() for k in games.pack(name).tile_kinds)


@dataclasses.dataclass(frozen=True)
class Tile:
    """What a tag stands for.

    :ivar kind: the :attr:`TileKind.kind` of its kind.
    :ivar value: its name (``seat``), its group (``numbered``) or the kind's name (``item``).
    :ivar seat: the seat of a ``seat`` kind's tile (0-based), else None.
    :ivar tile: the 1-based number within its group (``numbered``), the 0-based number
        (``item``), 0 for a ``seat`` kind's tile.
    """

    kind: str
    value: str
    seat: int | None = None
    tile: int = 0

    def describe(self, kinds: Sequence[TileKind] | None = None) -> str:
        """English name for logs: ``seat 4's red pawn``, ``white stone 3``, ``clue 18``
        (the noun of its kind in ``kinds``, default the registered games')."""
        known = {k.kind: k for k in (registered_kinds() if kinds is None else kinds)}
        kind = known.get(self.kind)
        noun = kind.noun if kind else self.kind
        if self.seat is not None:
            return f"seat {self.seat + 1}'s {self.value.replace('_', ' ')} {noun}"
        if kind is not None and kind.layout == "item":
            return f"{noun} {self.tile + 1}"
        return f"{self.value} {noun} {self.tile}"


class TagIdError(FirmwareHostError, ValueError):
    """A string that is not a tag id (10 hex characters)."""


def normalise_tag(tag: str) -> str:
    """Upper-case 10-hex-character tag id. :raises TagIdError: (a ValueError) if ``tag`` is not one."""
    if not isinstance(tag, str) or not _TAG_RE.match(tag):
        raise TagIdError(f"{tag!r} is not a tag id (10 hex characters, e.g. 0F00A1B2C3)")
    return tag.upper()


class TagRegistry:
    """Tag id -> :class:`Tile`, with the reverse lookups the mocked board and enrolment need.

    :param tiles: mapping tag id -> Tile (ids are normalised).
    :param descriptions: an ``item`` tile's number -> {language: description}.
    :raises TagRegistryError: when a tag id is malformed.
    """

    def __init__(self, tiles: Mapping[str, Tile] | None = None,
                 descriptions: Mapping[int, Mapping[str, str]] | None = None) -> None:
        self.descriptions: dict[int, dict[str, str]] = {
            int(card): dict(texts) for card, texts in (descriptions or {}).items()}
        self._by_tag: dict[str, Tile] = {}
        problems = []
        for tag, tile in (tiles or {}).items():
            try:
                self._by_tag[normalise_tag(tag)] = tile
            except ValueError as exc:
                problems.append(str(exc))
        if problems:
            raise TagRegistryError(problems)
        self._by_tile = {tile: tag for tag, tile in self._by_tag.items()}

    def __len__(self) -> int:
        return len(self._by_tag)

    def items(self) -> list[tuple[str, Tile]]:
        """(tag, tile) pairs, in file order."""
        return list(self._by_tag.items())

    def lookup(self, tag: str) -> Tile | None:
        """The tile a tag id stands for, or None when the tag is unknown."""
        return self._by_tag.get(tag.upper())

    def tag_of(self, tile: Tile) -> str | None:
        """The tag id of ``tile``, or None."""
        return self._by_tile.get(tile)

    def tags(self, kind: str, value: str | None = None, seat: int | None = None) -> list[tuple[int, str]]:
        """(tile number, tag id) of every registered tile of ``kind`` (and ``value``, ``seat``
        when given), by number then file order."""
        found = [(t.tile, tag) for tag, t in self._by_tag.items() if t.kind == kind
                 and (value is None or t.value == value) and (seat is None or t.seat == seat)]
        return sorted(found, key=lambda pair: pair[0])

    def names(self, kind: str, seat: int) -> list[str]:
        """The names of ``seat``'s registered tiles of ``kind`` (a ``seat`` kind), in file order."""
        return [t.value for _, t in self._by_tag.items() if t.kind == kind and t.seat == seat]

    def item_descriptions(self, language: str) -> dict[int, str]:
        """number -> the description in ``language`` of every ``item`` tile that has one."""
        return {card: texts[language] for card, texts in sorted(self.descriptions.items())
                if texts.get(language)}


def _kinds(kinds: Sequence[TileKind] | None) -> tuple[TileKind, ...]:
    return registered_kinds() if kinds is None else check_kinds(kinds)


def parse_registry(document: Mapping[str, Any], path: str | os.PathLike[str] | None = None,
                   kinds: Sequence[TileKind] | None = None) -> TagRegistry:
    """Build a :class:`TagRegistry` from a parsed TOML document.

    :param kinds: the tile kinds whose sections the file may hold (None: every registered
        game's, :func:`registered_kinds`).
    :raises TagRegistryError: with every problem: unknown sections or keys (did you mean),
        malformed tag ids, a tag standing for two tiles, tile numbers out of range.
    """
    by_section = {k.section: k for k in _kinds(kinds)}
    problems: list[str] = []
    tiles: dict[str, Tile] = {}
    where: dict[str, str] = {}

    def add(key: str, tag: Any, tile: Tile) -> None:
        try:
            norm = normalise_tag(tag)
        except ValueError as exc:
            problems.append(f"{key}: {exc}")
            return
        if norm in tiles:
            problems.append(f"{key}: tag {norm} is already {where[norm]}")
            return
        tiles[norm] = tile
        where[norm] = key

    descriptions: dict[int, dict[str, str]] = {}
    for section, body in document.items():
        kind = by_section.get(section)
        if kind is None:
            problems.append(f"{section}: unknown section{did_you_mean(section, list(by_section))}")
            continue
        if not isinstance(body, dict):
            problems.append(f"{section}: must be a table")
            continue
        for name, entries in body.items():
            prefix = f"{section}.{name}"
            if not isinstance(entries, dict):
                problems.append(f"{prefix}: must be a table")
            elif kind.layout == "item":
                _item_entry(kind, prefix, name, entries, add, descriptions, problems)
            elif kind.layout == "seat":
                _seat_entry(kind, prefix, name, entries, add, problems)
            else:
                _numbered_entry(kind, prefix, name, entries, add, problems)
    if problems:
        raise TagRegistryError(problems, path)
    return TagRegistry(tiles, descriptions)


def _seat_entry(kind: TileKind, prefix: str, name: str, entries: Mapping[str, Any], add: Any,
                problems: list[str]) -> None:
    """One ``[SECTION.SEAT]`` table of a ``seat`` kind: name = tag."""
    if not (name.isdigit() and 0 <= int(name) < MAX_SEATS):
        problems.append(f"{prefix}: a seat must be a number 0–{MAX_SEATS - 1} "
                        f"(counted from 0: [{kind.section}.0] is seat 1 when spoken)")
        return
    for value, tag in entries.items():
        if kind.names and value not in kind.names:
            problems.append(f"{prefix}.{value}: unknown {kind.noun}{did_you_mean(value, kind.names)}; "
                            f"{' or '.join(kind.names)}")
        elif not kind.names and not _NAME_RE.match(value):
            problems.append(f"{prefix}.{value}: a {kind.noun}'s name is lower-case letters and _ "
                            "(at most 32)")
        else:
            add(f"{prefix}.{value}", tag, Tile(kind.kind, value, int(name)))


def _numbered_entry(kind: TileKind, prefix: str, name: str, entries: Mapping[str, Any], add: Any,
                    problems: list[str]) -> None:
    """One ``[SECTION.GROUP]`` table of a ``numbered`` kind: number = tag."""
    count = kind.count(name)
    if not count:
        problems.append(f"{prefix}: unknown {kind.group}{did_you_mean(name, kind.names)}")
        return
    for number, tag in entries.items():
        if not (number.isdigit() and 1 <= int(number) <= count):
            problems.append(f"{prefix}.{number}: tile numbers are 1–{count}")
            continue
        add(f"{prefix}.{number}", tag, Tile(kind.kind, name, None, int(number)))


def _item_entry(kind: TileKind, prefix: str, name: str, entries: Mapping[str, Any], add: Any,
                descriptions: dict[int, dict[str, str]], problems: list[str]) -> None:
    """One ``[SECTION.N]`` table of an ``item`` kind: ``tag`` and a description per language."""
    if not (name.isdigit() and 0 <= int(name) < kind.items):
        problems.append(f"{prefix}: must be a number 0–{kind.items - 1} "
                        f"(counted from 0: [{kind.section}.0] is {kind.noun} 1 when spoken)")
        return
    number = int(name)
    for key, value in entries.items():
        if key == "tag":
            continue
        if key not in kind.languages:
            problems.append(f"{prefix}.{key}: unknown key{did_you_mean(key, ('tag',) + kind.languages)}; "
                            f"tag, {' or '.join(kind.languages)}")
        elif not isinstance(value, str) or not value.strip() or "\n" in value or len(value) > 120:
            problems.append(f"{prefix}.{key}: a description must be one line of 1–120 characters")
        else:
            descriptions.setdefault(number, {})[key] = value.strip()
    if "tag" not in entries:
        problems.append(f"{prefix}: no tag")
        return
    add(f"{prefix}.tag", entries["tag"], Tile(kind.kind, kind.kind, None, number))


def load_registry(path: str | os.PathLike[str], kinds: Sequence[TileKind] | None = None) -> TagRegistry:
    """Read a tag registry file (``kinds``: as :func:`parse_registry`).
    :raises TagRegistryError: unreadable, not TOML, or invalid."""
    try:
        with open(path, "rb") as fh:
            document = tomllib.load(fh)
    except OSError as exc:
        raise TagRegistryError([f"cannot read: {exc.strerror or exc}"], path) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise TagRegistryError([f"not valid TOML: {exc}"], path) from None
    return parse_registry(document, path, kinds)


def format_registry(registry: TagRegistry, header: str = "", kinds: Sequence[TileKind] | None = None) -> str:
    """The registry as TOML text in the documented layout, kind by kind in the order of
    ``kinds`` (None: the registered games')."""
    lines = [f"# {line}" if line else "#" for line in header.splitlines()]
    entries = registry.items()
    for kind in _kinds(kinds):
        mine = [(tag, t) for tag, t in entries if t.kind == kind.kind]
        if kind.layout == "seat":
            for seat in sorted({t.seat for _, t in mine if t.seat is not None}):
                lines += ["", f"[{kind.section}.{seat}]"] + [
                    f'{n} = "{registry.tag_of(Tile(kind.kind, n, seat))}"' for n in registry.names(kind.kind, seat)]
        elif kind.layout == "numbered":
            for group in kind.names:
                found = registry.tags(kind.kind, group)
                if found:
                    lines += ["", f"[{kind.section}.{group}]"] + [f'{n} = "{tag}"' for n, tag in found]
        else:
            for number, tag in registry.tags(kind.kind):
                lines += ["", f"[{kind.section}.{number}]", f'tag = "{tag}"']
                for language, text in sorted(registry.descriptions.get(number, {}).items()):
                    lines.append(f"{language} = {json.dumps(text, ensure_ascii=False)}")
    return "\n".join(lines).lstrip("\n") + "\n"


def write_registry(registry: TagRegistry, path: str | os.PathLike[str], header: str = "",
                   kinds: Sequence[TileKind] | None = None) -> None:
    """Write the registry to ``path`` atomically (temp file, fsync, rename)."""
    target = Path(path)
    text = format_registry(registry, header, kinds)
    fd, tmp = tempfile.mkstemp(prefix=".tags-", suffix=".toml", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def demo_registry(seats: int = MAX_SEATS, kinds: Sequence[TileKind] | None = None, *,
                  items: bool = False) -> TagRegistry:
    """The consistent demo registry (the mocked board's, and the tests'); ``hardware/tags.toml``
    is this one of ten seats. Every kind of ``kinds`` (None: the registered games') with
    :attr:`TileKind.demo` prefixes has its tiles: ``PP00SS00KK`` for seat SS's K-th named tile,
    ``PP000000NN`` for tile NN of a group (one prefix per group); with ``items``, also
    ``PPNNNNNNNN`` for item NN of an ``item`` kind (0-based, no description: a mocked board
    that lays a tile of every kind, the self-test's; the shipped registry has none)."""
    tiles: dict[str, Tile] = {}
    for kind in _kinds(kinds):
        if not kind.demo:
            continue
        if kind.layout == "seat":
            for seat in range(seats):
                for k, name in enumerate(kind.names, 1):
                    tiles[f"{kind.demo[0]}00{seat:02X}00{k:02X}"] = Tile(kind.kind, name, seat)
        elif kind.layout == "numbered":
            for prefix, group, count in zip(kind.demo, kind.names, kind.counts):
                for n in range(1, count + 1):
                    tiles[f"{prefix}000000{n:02X}"] = Tile(kind.kind, group, None, n)
        elif items:
            for n in range(kind.items):
                tiles[f"{kind.demo[0]}{n:08X}"] = Tile(kind.kind, kind.kind, None, n)
    return TagRegistry(tiles)


def with_demo_kinds(registry: TagRegistry, seats: int = MAX_SEATS,
                    kinds: Sequence[TileKind] | None = None, *, items: bool = False) -> TagRegistry:
    """``registry`` and the demo tiles (:func:`demo_registry`) of every kind of ``kinds``
    (None: the registered games') of which it holds no tile: a mocked board can lay a tile of
    every game's kind, also of a game registered after its file was written. A demo tag the
    registry already gives to another tile is left out; ``items``: as :func:`demo_registry`."""
    held = {t.kind for _, t in registry.items()}
    extra = [k for k in _kinds(kinds) if k.kind not in held and k.demo and (items or k.layout != "item")]
    if not extra:
        return registry
    tiles = dict(registry.items())
    for tag, tile in demo_registry(seats, extra, items=items).items():
        tiles.setdefault(tag, tile)
    return TagRegistry(tiles, registry.descriptions)
