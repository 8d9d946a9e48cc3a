"""The one JSON Lines reader of every file the board reads line by line (REPLAY.md, SIMULATE.md).

``replay`` game files, ``simulate --script`` signal scripts and ``self-test --mock`` scripts
are all read here, the same way:

- the bytes are UTF-8; a leading byte-order mark (from a Windows editor) is skipped;
- lines are *physical* lines: the text split at ``\\n`` only (a ``\\r`` before it is dropped),
  numbered from 1, ignored lines counted too (REPLAY.md "rejected.line");
- a blank line, or one whose first non-blank character is ``#``, is ignored;
- every other line is one JSON value (RFC 8259): ``NaN``, ``Infinity`` and ``-Infinity``,
  which Python's :mod:`json` would accept, are refused, and so is nesting too deep for the
  parser (a ``RecursionError`` never escapes) and text UTF-8 cannot encode (a lone
  surrogate escape, ``"\\ud800"``).

A problem is a :class:`JsonLinesError` (a :class:`~firmware_host.errors.UsageError`, so the
CLI prints it as one line and exits with status 2), worded the same for every command::

    <prefix>line 7: not valid JSON (Expecting ',' delimiter, column 40)
    <prefix>line 7: NaN is not a JSON value
    <prefix>line 7: JSON nested too deeply to read
    <name>: not UTF-8 text (invalid start byte at byte 12)

Example::

    from firmware_host.jsonlines import objects, read_lines
    for number, obj in objects(read_lines("game.jsonl")):
        ...
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, Iterable, Iterator

from firmware_host.checks import UNENCODABLE, unencodable
from firmware_host.errors import UsageError

__all__ = ["JsonLinesError", "decode", "loads", "objects", "read_lines", "refuse_constant", "split_lines"]


class JsonLinesError(UsageError):
    """A JSON Lines file that cannot be used: one line naming the file or line and the reason.

    :ivar line: the 1-based physical line number, or None (the whole file: not UTF-8).
    :ivar reason: the message without its ``line N:`` / file prefix.
    """

    def __init__(self, message: str, line: int | None = None, reason: str | None = None) -> None:
        super().__init__(message)
        self.line = line
        self.reason = reason if reason is not None else message


def refuse_constant(name: str) -> Any:
    """``parse_constant`` for :func:`json.loads`: ``NaN``/``Infinity``/``-Infinity`` are not
    JSON (RFC 8259), though Python accepts them. :raises ValueError: always."""
    raise ValueError(f"{name} is not a JSON value")


def loads(text: str) -> Any:
    """One JSON value, as RFC 8259 has it.

    :param text: the JSON text (one line).
    :returns: the value (dict, list, str, int, float, bool or None).
    :raises ValueError: with a one-line reason (no line number): ``not valid JSON (MSG,
        column C)``, ``NaN is not a JSON value``, ``JSON nested too deeply to read``, ``a number
        too long to read (more than 4300 digits)`` (Python's limit on converting an integer),
        ``text that cannot be encoded as UTF-8 (a lone surrogate) in FIELD`` (a ``\\ud800``
        escape: valid JSON, but no file, log or voice can take it).
    """
    try:
        value = json.loads(text, parse_constant=refuse_constant)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON ({exc.msg}, column {exc.colno})") from None
    except RecursionError:
        raise ValueError("JSON nested too deeply to read") from None
    except ValueError as exc:       # an integer of more digits than Python converts (its limit)
        if "integer string conversion" not in str(exc):
            raise
        raise ValueError(f"a number too long to read (more than {sys.get_int_max_str_digits()} digits)") from None
    where = unencodable(value)
    if where is not None:
        raise ValueError(f"{UNENCODABLE} in {where}")
    return value


def decode(data: bytes, name: str) -> str:
    """UTF-8 bytes as text, a leading byte-order mark skipped.

    :param name: the file's name for the message (``-`` for stdin).
    :raises JsonLinesError: ``NAME: not UTF-8 text (REASON at byte N)``.
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise JsonLinesError(f"{name}: not UTF-8 text ({exc.reason} at byte {exc.start})",
                             reason=f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def split_lines(text: str) -> list[str]:
    """The physical lines of ``text`` (split at ``\\n`` only, a trailing ``\\r`` dropped; a
    leading BOM skipped); line ``i`` of the file is element ``i - 1``."""
    return [line.removesuffix("\r") for line in text.removeprefix("\ufeff").split("\n")]


def read_lines(path: str | os.PathLike[str]) -> list[str]:
    """The physical lines of a file (``-``: standard input), read as UTF-8.

    :raises JsonLinesError: the file is not UTF-8 text.
    :raises OSError: the file cannot be read (missing, a folder, no permission); the caller
        turns it into its own one-line message.
    """
    if os.fspath(path) == "-":
        data = sys.stdin.buffer.read()
    else:
        with open(path, "rb") as fh:
            data = fh.read()
    return split_lines(decode(data, os.fspath(path)))


def objects(lines: Iterable[str], prefix: str = "") -> Iterator[tuple[int, Any]]:
    """Parse physical lines lazily, skipping blank and ``#`` lines.

    :param lines: the physical lines, line 1 first (as from :func:`read_lines`).
    :param prefix: put before ``line N:`` in messages (e.g. ``"script.jsonl "``).
    :returns: an iterator of ``(line_number, value)``; ``line_number`` is 1-based and counts
        the ignored lines too.
    :raises JsonLinesError: on the first line that is not a JSON value (``.line`` is its number).
    """
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            value = loads(stripped)
        except ValueError as exc:
            raise JsonLinesError(f"{prefix}line {number}: {exc}", number, str(exc)) from None
        yield number, value
