"""The tag registry: which EM4100 tag id is which tile (``hardware/tags.toml``).

Format (TOML; tag ids are 10 hex characters, case-insensitive, stored upper-case)::

    [ballots.0]                  # seat 0's ballot tiles (seats 0-based, spoken "seat 1")
    ja = "1B00000001"
    nein = "1B00000002"

    [laws.democratic]            # the 6 democratic law tiles, numbered 1..6 (R4)
    1 = "2D00000001"
    [laws.fascist]               # the 11 fascist law tiles, numbered 1..11
    1 = "2F00000001"

    [roles.dictator]             # optional role tiles (BOARD.md "Roles"), numbered from 1
    1 = "3D00000001"

    [evidence.17]                # optional: Dying Message's evidence tile of card id 17
    tag = "4E00000012"           # (0-based; printed "18" on the tile, DYING_MESSAGE.md M46)
    de = "ein roter Regenschirm" # its short description per language (spoken "card 18: …")
    en = "a red umbrella"

    [cards.0]                    # optional: seat 0's own cards of a game, by name (e.g. the
    priest = "4C00000007"        # role cards of In this way I become a DICTATOR, D30)

Every tag may stand for one tile only. :meth:`TagRegistry.lookup` turns a tag id into what
it is; :func:`write_registry` writes the file atomically (enrol-tags).
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import tempfile
import tomllib
from pathlib import Path
from typing import Any, Mapping

from firmware_host.config import did_you_mean
from firmware_host.errors import FirmwareHostError, UsageError
from firmware_host.hardware.events import BALLOTS, LAWS_PER_PARTY, ROLES

_TAG_RE = re.compile(r"^[0-9A-Fa-f]{10}$")
#: a card's name in ``[cards.N]``: what the game calls it (lower case, ``_`` between words)
_CARD_RE = re.compile(r"^[a-z][a-z_]{0,31}$")
#: the registry's sections (``evidence``: Dying Message's evidence tiles, M46; ``cards``: a
#: seat's own cards of a game, e.g. the role cards of In this way I become a DICTATOR, D30)
SECTIONS = ("ballots", "laws", "roles", "evidence", "cards")
#: evidence cards in the box (DYING_MESSAGE.md M7) and the languages of their descriptions
EVIDENCE_CARDS = 104
DESCRIPTION_LANGUAGES = ("de", "en")
#: how many role tiles of each role the rulebook's box holds (R2, 10 players)
ROLE_TILES: dict[str, int] = {"democrat": 6, "fascist": 3, "dictator": 1}


class TagRegistryError(UsageError):
    """A tag registry that cannot be used; ``problems`` lists every problem (one line each)."""

    def __init__(self, problems: list[str], path: str | os.PathLike[str] | None = None) -> None:
        self.problems = list(problems)
        where = f"{path}: " if path else ""
        super().__init__(f"{where}tag registry: " + "; ".join(self.problems))


@dataclasses.dataclass(frozen=True)
class Tile:
    """What a tag stands for.

    :ivar kind: ``ballot`` | ``law`` | ``role`` | ``evidence`` | ``card`` (a seat's own card
        of a game).
    :ivar seat: the ballot's or card's seat (0-based), else None.
    :ivar value: ``ja``/``nein`` (ballot), the party (law), the role (role), the card's name
        (card: the game decides what it means).
    :ivar tile: 1-based tile number within its party/role (laws, roles); 0 for ballots; the
        card id (0-based, DYING_MESSAGE.md M7) for an ``evidence`` tile.
    """

    kind: str
    value: str
    seat: int | None = None
    tile: int = 0

    def describe(self) -> str:
        """Spoken name: ``seat 4's Ja tile``, ``fascist law 3``, ``dictator role tile 1``."""
        if self.kind == "ballot":
            return f"seat {(self.seat or 0) + 1}'s {self.value.capitalize()} tile"
        if self.kind == "law":
            return f"{self.value} law {self.tile}"
        if self.kind == "evidence":
            return f"evidence card {self.tile + 1}"
        if self.kind == "card":
            return f"seat {(self.seat or 0) + 1}'s {self.value.replace('_', ' ')} card"
        return f"{self.value} role tile {self.tile}"


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
    :param descriptions: evidence card id -> {language: description} (DYING_MESSAGE.md M46).
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

    def ballot_tag(self, seat: int, ballot: str) -> str | None:
        """Tag id of ``seat``'s ``ja``/``nein`` tile, or None."""
        return self._by_tile.get(Tile("ballot", ballot, seat))

    def law_tags(self, party: str) -> list[tuple[int, str]]:
        """(tile number, tag id) of every registered law tile of ``party``, by number."""
        return sorted((t.tile, tag) for tag, t in self._by_tag.items() if t.kind == "law" and t.value == party)

    def role_tags(self, role: str) -> list[tuple[int, str]]:
        """(tile number, tag id) of every registered role tile of ``role``, by number."""
        return sorted((t.tile, tag) for tag, t in self._by_tag.items() if t.kind == "role" and t.value == role)

    def evidence_tags(self) -> list[tuple[int, str]]:
        """(card id, tag id) of every registered evidence tile, by card id (M46)."""
        return sorted((t.tile, tag) for tag, t in self._by_tag.items() if t.kind == "evidence")

    def evidence_descriptions(self, language: str) -> dict[int, str]:
        """card id -> the description in ``language`` of every evidence tile that has one."""
        return {card: texts[language] for card, texts in sorted(self.descriptions.items())
                if texts.get(language)}
    def card_tag(self, seat: int, card: str) -> str | None:
        """Tag id of ``seat``'s card named ``card``, or None."""
        return self._by_tile.get(Tile("card", card, seat))

    def cards(self, seat: int) -> list[str]:
        """The names of ``seat``'s registered cards, in file order."""
        return [t.value for _, t in self._by_tag.items() if t.kind == "card" and t.seat == seat]


def parse_registry(document: Mapping[str, Any], path: str | os.PathLike[str] | None = None) -> TagRegistry:
    """Build a :class:`TagRegistry` from a parsed TOML document.

    :raises TagRegistryError: with every problem: unknown sections or keys (did you mean),
        malformed tag ids, a tag standing for two tiles, tile numbers out of range.
    """
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
        if section not in SECTIONS:
            problems.append(f"{section}: unknown section{did_you_mean(section, SECTIONS)}")
            continue
        if not isinstance(body, dict):
            problems.append(f"{section}: must be a table")
            continue
        for name, entries in body.items():
            prefix = f"{section}.{name}"
            if not isinstance(entries, dict):
                problems.append(f"{prefix}: must be a table")
                continue
            if section == "evidence":
                _evidence_entry(prefix, name, entries, add, descriptions, problems)
                continue
            if section == "cards":
                if not (name.isdigit() and 0 <= int(name) <= 9):
                    problems.append(f"{prefix}: a seat must be a number 0–9 "
                                    f"(counted from 0: [cards.0] is seat 1 when spoken)")
                    continue
                for card, tag in entries.items():
                    if not _CARD_RE.match(card):
                        problems.append(f"{prefix}.{card}: a card's name is lower-case letters and _ "
                                        "(at most 32), e.g. priest")
                        continue
                    add(f"{prefix}.{card}", tag, Tile("card", card, int(name)))
                continue
            if section == "ballots":
                if not (name.isdigit() and 0 <= int(name) <= 9):
                    problems.append(f"{prefix}: a seat must be a number 0–9 "
                                    f"(counted from 0: [ballots.0] is seat 1 when spoken)")
                    continue
                for ballot, tag in entries.items():
                    if ballot not in BALLOTS:
                        problems.append(f"{prefix}.{ballot}: unknown ballot{did_you_mean(ballot, BALLOTS)}; ja or nein")
                        continue
                    add(f"{prefix}.{ballot}", tag, Tile("ballot", ballot, int(name)))
                continue
            kinds = LAWS_PER_PARTY if section == "laws" else ROLE_TILES
            if name not in kinds:
                problems.append(f"{prefix}: unknown {'party' if section == 'laws' else 'role'}{did_you_mean(name, list(kinds))}")
                continue
            for number, tag in entries.items():
                if not (number.isdigit() and 1 <= int(number) <= kinds[name]):
                    problems.append(f"{prefix}.{number}: tile numbers are 1–{kinds[name]}")
                    continue
                add(f"{prefix}.{number}", tag, Tile(section[:-1], name, None, int(number)))
    if problems:
        raise TagRegistryError(problems, path)
    return TagRegistry(tiles, descriptions)


def _evidence_entry(prefix: str, name: str, entries: Mapping[str, Any], add: Any,
                    descriptions: dict[int, dict[str, str]], problems: list[str]) -> None:
    """One ``[evidence.N]`` table: ``tag`` and a description per language (M46)."""
    if not (name.isdigit() and 0 <= int(name) < EVIDENCE_CARDS):
        problems.append(f"{prefix}: a card id must be a number 0–{EVIDENCE_CARDS - 1} "
                        f"(counted from 0: [evidence.0] is card 1 when spoken)")
        return
    card = int(name)
    for key, value in entries.items():
        if key == "tag":
            continue
        if key not in DESCRIPTION_LANGUAGES:
            problems.append(f"{prefix}.{key}: unknown key{did_you_mean(key, ('tag',) + DESCRIPTION_LANGUAGES)}; "
                            "tag, de or en")
        elif not isinstance(value, str) or not value.strip() or "\n" in value or len(value) > 120:
            problems.append(f"{prefix}.{key}: a description must be one line of 1–120 characters")
        else:
            descriptions.setdefault(card, {})[key] = value.strip()
    if "tag" not in entries:
        problems.append(f"{prefix}: no tag")
        return
    add(f"{prefix}.tag", entries["tag"], Tile("evidence", "evidence", None, card))


def load_registry(path: str | os.PathLike[str]) -> TagRegistry:
    """Read a tag registry file. :raises TagRegistryError: unreadable, not TOML, or invalid."""
    try:
        with open(path, "rb") as fh:
            document = tomllib.load(fh)
    except OSError as exc:
        raise TagRegistryError([f"cannot read: {exc.strerror or exc}"], path) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise TagRegistryError([f"not valid TOML: {exc}"], path) from None
    return parse_registry(document, path)


def format_registry(registry: TagRegistry, header: str = "") -> str:
    """The registry as TOML text in the documented layout (ballots, laws, roles)."""
    lines = [f"# {line}" if line else "#" for line in header.splitlines()]
    entries = registry.items()
    seats = sorted({t.seat for _, t in entries if t.kind == "ballot" and t.seat is not None})
    for seat in seats:
        lines += ["", f"[ballots.{seat}]"]
        for ballot in BALLOTS:
            tag = registry.ballot_tag(seat, ballot)
            if tag:
                lines.append(f'{ballot} = "{tag}"')
    for party in LAWS_PER_PARTY:
        found = registry.law_tags(party)
        if found:
            lines += ["", f"[laws.{party}]"] + [f'{n} = "{tag}"' for n, tag in found]
    for role in ROLES:
        found = registry.role_tags(role)
        if found:
            lines += ["", f"[roles.{role}]"] + [f'{n} = "{tag}"' for n, tag in found]
    for card, tag in registry.evidence_tags():
        lines += ["", f"[evidence.{card}]", f'tag = "{tag}"']
        for language, text in sorted(registry.descriptions.get(card, {}).items()):
            lines.append(f"{language} = {json.dumps(text, ensure_ascii=False)}")
    for seat in sorted({t.seat for _, t in entries if t.kind == "card" and t.seat is not None}):
        lines += ["", f"[cards.{seat}]"] + [f'{card} = "{registry.card_tag(seat, card)}"'
                                            for card in registry.cards(seat)]
    return "\n".join(lines).lstrip("\n") + "\n"


def write_registry(registry: TagRegistry, path: str | os.PathLike[str], header: str = "") -> None:
    """Write the registry to ``path`` atomically (temp file, fsync, rename)."""
    target = Path(path)
    text = format_registry(registry, header)
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


def demo_registry(seats: int = 10, cards: tuple[str, ...] | list[str] = ()) -> TagRegistry:
    """The consistent demo registry (and used by tests); ``hardware/tags.toml`` is the one
    with ``cards`` = the role cards of In this way I become a DICTATOR (D2: its roles in order).

    :param cards: names of each seat's own cards (tag ``4C00<seat>00<k>``, k from 1).
    """
    tiles: dict[str, Tile] = {}
    for seat in range(seats):
        for i, ballot in enumerate(BALLOTS):
            tiles[f"1B00{seat:02X}00{i + 1:02X}"] = Tile("ballot", ballot, seat)
    for party, count in LAWS_PER_PARTY.items():
        prefix = "2D" if party == "democratic" else "2F"
        for n in range(1, count + 1):
            tiles[f"{prefix}000000{n:02X}"] = Tile("law", party, None, n)
    for role, count in ROLE_TILES.items():
        prefix = {"democrat": "3A", "fascist": "3F", "dictator": "3D"}[role]
        for n in range(1, count + 1):
            tiles[f"{prefix}000000{n:02X}"] = Tile("role", role, None, n)
    for seat in range(seats):
        for k, card in enumerate(cards, 1):
            tiles[f"4C00{seat:02X}00{k:02X}"] = Tile("card", card, seat)
    return TagRegistry(tiles)
