"""A game's page on the game master's console (issue 32): what a pack's ``console_picture``
returns and its ``console_actions`` are, and the small builders every game's picture uses.

The console draws both knowing no game: shapes, colours, words and forms all come from here.

**The picture** (``GamePack.console_picture(view, secrets=None) -> dict``), JSON-ready:

- ``phase``: *words*, one line: the game's step now (round, whose turn).
- ``waiting``: the seats that must act now (0-based; the page says "Must act now: …").
- ``facts``: ``[{"label": words, "value": words}]``: the public facts, in order.
- ``rows``: ``[{"id", "label": words, "cells": [cell], "hidden": bool}]``: drawn rows of
  shapes (a track, a seat's tokens); a ``hidden`` row (only with ``secrets``) is drawn only in
  the reveal panel.
- ``table``: ``{"caption": words, "columns": [words], "rows": [{"seat", "cells": [words],
  "out": bool}]}``: one line per seat (the page writes the seat itself; ``out``: executed,
  dead, struck through).
- ``readers``: ``[{"name", "label": words}]``: the tile readers the game reads (the page
  shows only those; none: the game reads no tile).

A *cell* is ``{"shape", "colour", "mark", "label": words, "filled", "here"}``: ``shape`` one
of :data:`SHAPES`, ``colour`` one of :data:`COLOURS` (the Okabe-Ito palette, which people
with any colour vision deficiency tell apart; the shape and the words tell the same again),
``mark`` at most three letters or digits drawn on it, ``filled`` (a slot taken, a law on its
place), ``here`` (a marker stands on it: the tracker's pin, today).

*Words* are ``{"de": str, "en": str}`` (and ``"fr"`` where the game speaks it); ``{seat:N}``
inside them is the page's name of seat N ("Anna (seat 2)").

**The help forms** (``GamePack.console_actions``): a tuple of ``{"action", "label": words,
"fields": [field], "command"}``: the page sends ``act`` with ``{"action": action, field:
value, …}`` (or ``command`` with the fields, e.g. ``choose``). A field is ``{"name", "label":
words, "kind"}``: ``seat`` (one of the game's seats; with ``none``, words, also no seat:
``null``), ``seats`` (several), ``choice``
(``choices``: ``[{"value", "label": words}]``; a ``null`` value with ``"optional": true``
leaves the field out), ``several`` (a list of some of its ``choices``), ``int``
(``min``/``max``), ``ints`` (numbers written "3, 7"); ``base``: the number a person writes
for the value 0 (1 for cards counted from 1).

Example::

    W = Words({"en": {"round": "Round {n}"}, "de": {"round": "Runde {n}"}})
    picture = {"phase": W("round", n=2), "rows": [row("seats", W("round", n=2), [
        cell("circle", "blue", W("round", n=1), filled=True)])]}
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Mapping

__all__ = ["SHAPES", "COLOURS", "Words", "seat", "waiting", "by_seat", "cell", "row", "fact", "field",
           "seat_field", "choice_field", "action"]

#: the shapes the page draws (SVG, no font): plain ones, and the symbols of a board's powers
SHAPES = ("none", "circle", "ring", "square", "diamond", "triangle", "star", "cross", "plus",
          "eye", "lens", "bin", "dagger", "flag", "bolt", "coin", "card", "person", "sun", "moon")
#: the colours the page knows (Okabe-Ito's palette for colour-blind readers, and greys)
COLOURS = ("blue", "orange", "vermillion", "sky", "green", "yellow", "purple", "grey", "black")


class Words:
    """A game's console words in each of its languages: ``W(key, **params) -> {lang: text}``.

    A parameter may itself be words (a dict by language), filled in per language; ints and
    strings are filled as they are.

    :param tables: language → key → text with ``{name}`` fields.
    :raises KeyError: (when called) a key missing in a language.
    """

    def __init__(self, tables: Mapping[str, Mapping[str, str]]) -> None:
        self.tables = tables

    @classmethod
    def load(cls, path: Path) -> "Words":
        """A game's console words from its TOML file (a table per language, ``"key" = "text"``),
        kept beside its picture as data, like its spoken catalogue.

        :raises OSError: the file cannot be read; :raises tomllib.TOMLDecodeError: it is no TOML.
        """
        with open(path, "rb") as f:
            return cls(tomllib.load(f))

    def __call__(self, key: str, **params: Any) -> dict[str, str]:
        return {lang: table[key].format(**{k: (v.get(lang, v.get("en", "")) if isinstance(v, dict) else v)
                                           for k, v in params.items()})
                for lang, table in self.tables.items()}

    def get(self, key: str, fallback: Any, **params: Any) -> dict[str, str]:
        """The words of ``key`` where the tables have it, else ``fallback`` (:meth:`plain`)."""
        return self(key, **params) if all(key in table for table in self.tables.values()) else self.plain(fallback)

    def plain(self, text: Any) -> dict[str, str]:
        """``text`` (a number, a name, a seat) as the same words in every language."""
        return {lang: str(text) for lang in self.tables}

    def join(self, parts: list[dict[str, str]], sep: str = ", ", empty: str | None = None) -> dict[str, str]:
        """``parts`` (words) joined per language; ``empty`` (a key) when there are none."""
        if not parts and empty is not None:
            return self(empty)
        return {lang: sep.join(p.get(lang, p.get("en", "")) for p in parts) for lang in self.tables}


def seat(n: int) -> str:
    """The page's name of seat ``n`` (0-based) inside words: ``{seat:n}``."""
    return "{seat:%d}" % int(n)


def waiting(view: Mapping[str, Any], key: str = "waiting") -> list[int]:
    """The seats the table waits for as the view tells them (``key``), none after the end."""
    return list(view.get(key) or []) if view.get("phase") != "game_over" else []


def by_seat(final: Any, secrets: Any, key: str) -> list[tuple[dict[int, Any], bool]]:
    """What the page may draw of a secret held by each seat (a role, a hand): ``final``, the
    view's list by seat (public once the game is over, else None), drawn openly; and the
    adapter's ``reveal(None)`` (``{"seats": {"N": {key: ...}}}``, the game master's on
    demand), drawn in a hidden row. Returns ``(seat -> value, hidden)`` for each one given."""
    out: list[tuple[dict[int, Any], bool]] = []
    if isinstance(final, list) and final:
        out.append((dict(enumerate(final)), False))
    seats = secrets.get("seats") if isinstance(secrets, dict) else None
    if isinstance(seats, dict):
        out.append(({int(s): (v or {}).get(key) for s, v in seats.items()}, True))
    return out


def cell(shape: str, colour: str, label: dict, *, mark: Any = "", filled: bool = False,
         here: bool = False) -> dict:
    """One drawn cell (see the module docstring).

    :raises ValueError: a shape or colour the page does not draw.
    """
    if shape not in SHAPES or colour not in COLOURS:
        raise ValueError(f"the console draws no {shape!r} in {colour!r}")
    return {"shape": shape, "colour": colour, "mark": str(mark)[:3], "label": label,
            "filled": bool(filled), "here": bool(here)}


def row(row_id: str, label: dict, cells: list[dict], *, hidden: bool = False) -> dict:
    """One row of cells; ``hidden``: a secret's row, drawn only in the reveal panel."""
    out = {"id": row_id, "label": label, "cells": cells}
    if hidden:
        out["hidden"] = True
    return out


def fact(label: dict, value: dict) -> dict:
    """One public fact: its label and value (words)."""
    return {"label": label, "value": value}


def field(name: str, kind: str, label: dict, **more: Any) -> dict:
    """One field of a help form (``seat``, ``seats``, ``choice``, ``several``, ``int``, ``ints``)."""
    return {"name": name, "kind": kind, "label": label, **more}


def seat_field(label: dict, name: str = "seat") -> dict:
    """A field naming one of the game's seats."""
    return field(name, "seat", label)


def choice_field(name: str, label: dict, choices: list[tuple[Any, dict]], *, optional: bool = False) -> dict:
    """A field of fixed choices ``[(value, words)]``; ``optional``: a None value is left out."""
    out = field(name, "choice", label, choices=[{"value": v, "label": w} for v, w in choices])
    if optional:
        out["optional"] = True
    return out


def action(kind: str, label: dict, *fields: dict, command: str = "act") -> dict:
    """One help form: the action ``kind`` with ``fields``, sent as ``command``."""
    return {"action": kind, "label": label, "fields": list(fields), "command": command}
