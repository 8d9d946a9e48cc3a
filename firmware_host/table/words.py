"""The words of a game's table: the game's own catalogue for its own keys, the board's
catalogue for the board's own sentences (service, game master, faults, journal, scans).

A key is looked up where it lives: a key the game's catalogue holds is the game's; a key
of :mod:`firmware_host.service.board_catalogue` is the board's (any other key is refused
there: ``KeyError``). So a table speaks ``fault.gpio.button`` or ``journal.lost`` in
every game, in the game's language, whether or not the game's catalogue has them.

Example::

    words = Words(catalogue.text, catalogue.keys(), catalogue.is_private, earcon=game_earcon)
    line = words.line("seat:2", "choice.vote", {"target": 1})    # Line(channel, key, params, ...)
    words.text("fault.gpio.button", {"seat": 2}, "en")
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from firmware_host.kernel.values import Line, PrivacyError
from firmware_host.service import board_catalogue

__all__ = ["Line", "Words", "PrivacyError", "table_earcon", "READER_BACK"]

#: a reader back (said at once, with its own earcon, never a fault's): alone, or naming the
#: seats the table waits for (ACCESSIBILITY.md 28)
READER_BACK = frozenset({"fault.reader_back", "fault.reader_back_waiting"})


def table_earcon(key: str) -> str | None:
    """The earcon every game's table plays for a kind of message (ACCESSIBILITY.md 18): a
    refusal, a fault, a reader back, the game's end; None for the rest (the game's own)."""
    if key in READER_BACK:
        return "reader_back"
    if key.startswith("refusal.") or key.startswith("tile."):
        return "refusal"
    if key.startswith(("fault.", "journal.")):
        return "fault"
    if key.startswith("game_over"):
        return "game_over"
    return None


def _priority(key: str) -> str:
    if key.startswith(("fault.", "journal.")) and key not in READER_BACK:
        return "fault"
    if key.startswith(("refusal.", "tile.")):
        return "refusal"
    if key.startswith("game_over"):
        return "game_over"
    return "normal"


class Words:
    """A game's catalogue in front of the board's (see the module docstring).

    :param text: the game's ``text(key, params, language, long=, names=) -> str``.
    :param keys: the keys the game's catalogue holds.
    :param is_private: ``is_private(key) -> bool``: the key carries a seat's secret.
    :param earcon: optional ``earcon(key) -> str | None``: the game's own earcons (a vote, a
        night's reveal), consulted before :func:`table_earcon`.
    :param check: optional ``check(key, params)``: the game's parameter check (raises).
    :param make: optional, the game's own ``make(key, params, channel) -> Line`` for its keys:
        its earcons and priorities whole (a key the table would mark is not), its checks
        (raises as :meth:`line`); used instead of ``earcon`` and ``check``.
    :param catalogue: optional: the game's :class:`~firmware_host.kernel.wording.Catalogue`
        (``schema``): its parameters' types and enums, for the table's speech plan
        (:mod:`.speech_plan`).
    """

    def __init__(self, text: Callable[..., str], keys: Iterable[str], is_private: Callable[[str], bool],
                 *, earcon: Callable[[str], str | None] | None = None,
                 check: Callable[[str, Mapping[str, Any]], None] | None = None,
                 make: Callable[[str, Mapping[str, Any], str], Line] | None = None,
                 catalogue: Any = None) -> None:
        self._text = text
        self.schema = catalogue
        self.keys = frozenset(keys)
        self._private = is_private
        self._earcon = earcon
        self._check = check
        self._make = make

    def is_private(self, key: str) -> bool:
        """True when ``key`` is one of the game's private messages (only into an earphone)."""
        return key in self.keys and bool(self._private(key))

    def text(self, key: str, params: Mapping[str, Any] | None, language: str, *, long: bool = False,
             names: Mapping[int, str] | None = None) -> str:
        """The sentence of ``key`` (Unicode NFC) in ``language``.

        :raises KeyError: a key no catalogue holds; :raises ValueError: wrong parameters or
            an unknown language (the catalogues' own errors).
        """
        params = dict(params or {})
        if key in self.keys:
            return self._text(key, params, language, long=long, names=names)
        return board_catalogue.text(key, params, language, long=long, names=names)

    def line(self, channel: str, key: str, params: Mapping[str, Any] | None = None, *,
             priority: str | None = None, earcon: str | None = None) -> Line:
        """A :class:`Line` with the usual priority and earcon of its key.

        :raises PrivacyError: a private key on ``public`` (R16).
        :raises FirmwareHostError: the game's parameter check refused the params.
        """
        params = dict(params or {})
        if channel == "public" and self.is_private(key):
            raise PrivacyError(f"{key} is private and may not be said at the table")
        if self._make is not None and key in self.keys:
            made = self._make(key, params, channel)
            return Line(channel, key, params, priority or made.priority, made.earcon if earcon is None else earcon)
        if self._check is not None and key in self.keys:
            self._check(key, params)
        if earcon is None:
            earcon = (self._earcon(key) if self._earcon is not None else None) or table_earcon(key)
        return Line(channel, key, params, priority or _priority(key), earcon)

    def of(self, item: Any, *, priority: str | None = None) -> Line:
        """A game's announcement (anything with ``channel``, ``key``, ``params`` and
        optionally ``priority``/``earcon``) as a :class:`Line`."""
        if isinstance(item, Line) and item.words is None:
            return item                 # made by :meth:`line`: the table's defaults applied
        given = getattr(item, "priority", None)
        return self.line(item.channel, item.key, dict(item.params),
                         priority=priority or (given if given not in (None, "normal") else None),
                         earcon=getattr(item, "earcon", None))
