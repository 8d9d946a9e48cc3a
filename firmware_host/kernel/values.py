"""The values and errors every game uses, defined once (issue 32): an engine's event, an
announced line, an illegal action, a privacy error and a setup error, all under the project's
root error (:class:`firmware_host.errors.FirmwareHostError`).

A game's rules raise and return these; the table, the service and the audio layer handle them
knowing no game. Standard library only.

Example::

    from firmware_host.kernel.values import Event, IllegalAction, Line, SetupError

    events = [Event("president", {"seat": 2})]
    raise IllegalAction("not_in_hand", "discard: no such law in the hand", private=True)
    Line("seat:3", "prolog.role", {"role": "dictator"}, words=catalogue)   # checked: R16
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Mapping, Protocol, Sequence

from firmware_host.checks import problems_line
from firmware_host.errors import FirmwareHostError, UsageError

__all__ = ["Event", "Line", "IllegalAction", "Outcome", "PrivacyError", "SetupError", "Catalogue", "refusal_maker"]


class PrivacyError(FirmwareHostError, ValueError):
    """A seat's secret about to reach someone else (RULES.md R16, DICTATOR.md D28,
    DYING_MESSAGE.md M39, AUTOCRACY.md A29): a private message addressed to the table, or a
    private clip about to be played on an output that is not that seat's earphone. Nothing is
    said; the mistake fails loudly instead of leaking."""


class SetupError(UsageError):
    """A setup object a game cannot start from (a :class:`~firmware_host.errors.UsageError`,
    so also a ``ValueError``: the CLI prints it as one line and exits with status 2).

    :param problems: one problem (``str``) or every problem found (a sequence of sentences,
        joined into one bounded line by :func:`firmware_host.checks.problems_line`).
    :param prefix: words before the problems (``"invalid setup: "``).

    Attributes:
        problems: the problems, a list of sentences.
    """

    def __init__(self, problems: str | Sequence[str], prefix: str = "") -> None:
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__(prefix + problems_line(self.problems))


class IllegalAction(FirmwareHostError, ValueError):
    """An action the rules refuse now; the game is left unchanged.

    :param reason: the game's reason word (REPLAY.md, DICTATOR.md, DYING_MESSAGE.md,
        AUTOCRACY.md "Rejections"), the first that applies in its precedence.
    :param message: one English sentence for logs and the replay's ``rejected`` line; it
        never names a secret.
    :param private: True when saying the reason aloud would reveal a secret (a card not in
        the hand): the refusal is then spoken only to the acting seat.

    ``str(error)`` is ``message``. A game makes its refusals with :func:`refusal_maker`, which
    knows its private reasons.
    """

    def __init__(self, reason: str, message: str, private: bool = False) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.private = bool(private)


def refusal_maker(private_reasons: frozenset[str] | set[str]) -> Callable[[str, str], IllegalAction]:
    """A game's ``illegal(reason, message) -> IllegalAction``: private exactly when ``reason``
    is one of the game's ``private_reasons``.

    Example::

        illegal = refusal_maker(frozenset({"not_in_hand"}))
        raise illegal("not_in_hand", "discard: that law is not in the hand")   # .private is True
    """
    reasons = frozenset(private_reasons)

    def illegal(reason: str, message: str) -> IllegalAction:
        return IllegalAction(reason, message, private=reason in reasons)
    illegal.__doc__ = (f"An :class:`IllegalAction` of ``reason``; private for "
                       f"{', '.join(sorted(reasons)) or 'no reason'}.")
    return illegal


@dataclasses.dataclass(eq=True)
class Event:
    """One engine event (each game's "Output"): ``kind`` and its JSON-ready public ``data``.

    :param kind: the event's name (``game_started``, ``president``, ``died``, ``turn`` …).
    :param data: its public fields, exactly the game's contract's (seats 0-based).
    :param private: seat → facts only that seat may hear (Autocracy's deal and draws, A29);
        never in :meth:`to_json`.
    :param info: public facts the wording needs beyond the contract's fields.
    """

    kind: str
    data: dict = dataclasses.field(default_factory=dict)
    private: dict = dataclasses.field(default_factory=dict)
    info: dict = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.data is None:
            self.data = {}

    def to_json(self) -> dict:
        """``{"event": kind, **data}``, as the replay prints it: public facts only."""
        return {"event": self.kind, **self.data}


class Catalogue(Protocol):
    """What a :class:`Line` asks of a game's catalogue (a catalogue module or object)."""

    def text(self, key: str, params: Mapping[str, Any], language: str, long: bool = False,
             names: Mapping[int, str] | None = None) -> str: ...

    def is_private(self, key: str) -> bool: ...


@dataclasses.dataclass(frozen=True)
class Line:
    """One announced line: a catalogue key said on one channel.

    :param channel: ``"public"`` (the table speaker) or ``"seat:N"`` (0-based seat N's earphone).
    :param key: a message key of the game's or the board's catalogue.
    :param params: the message's parameters (plain JSON values, seats 0-based); copied.
    :param priority: the audio service's priority (``normal``, ``request``, ``refusal``,
        ``fault``, ``game_over``).
    :param earcon: the earcon played before it, or None.
    :param words: the catalogue the line is worded from (``text``, ``is_private``), or None;
        not part of the line's value (equality, repr).
    :raises ValueError: ``channel`` is neither ``public`` nor ``seat:N``.
    :raises PrivacyError: ``words`` is given and says ``key`` is private on ``public``.
    """

    channel: str
    key: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    priority: str = "normal"
    earcon: str | None = None
    words: Any = dataclasses.field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", dict(self.params or {}))
        if self.channel != "public":
            head, _, number = str(self.channel).partition(":")
            if head != "seat" or not number.isdigit():
                raise ValueError(f"channel must be 'public' or 'seat:N', not {self.channel!r}")
        elif self.words is not None and self.words.is_private(self.key):
            raise PrivacyError(f"{self.key} is private and cannot go to the table")

    @property
    def seat(self) -> int | None:
        """The 0-based seat of a ``seat:N`` channel, None for ``public``."""
        return None if self.channel == "public" else int(self.channel[5:])

    @property
    def private(self) -> bool:
        """True when the line goes to one seat's earphone."""
        return self.channel != "public"

    def text(self, language: str = "de", long: bool = False,
             names: Mapping[int, str] | None = None) -> str:
        """The sentence in ``language`` from the line's catalogue (``words``).

        :raises ValueError: the line has no catalogue (``words`` is None); the catalogue's
            errors for an unknown key, wrong params or language.
        """
        if self.words is None:
            raise ValueError(f"{self.key}: a line without its catalogue cannot be worded")
        return self.words.text(self.key, self.params, language, long=long, names=names)

    def to_json(self, language: str = "de", names: Mapping[int, str] | None = None) -> dict:
        """The replay's ``announce`` line: ``{"event": "announce", channel, key, params, text}``."""
        return {"event": "announce", "channel": self.channel, "key": self.key,
                "params": dict(self.params), "text": self.text(language, names=names)}


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How a game ended, read the same way in every game: the side that won, or the seats.

    :param side: the winning team's name where the game names a team (Secret Dictator's
        ``democratic``/``fascist``, Dying Message's ``innocent``/``guilty``), else None.
    :param seats: the winning seats where the game names seats (Autocracy's one seat, In this
        way I become a DICTATOR's winners; 0-based), else ``()``.
    :param reason: why it ended, where the game says (``dictator_elected``, …), else None.
    """

    side: str | None = None
    seats: tuple[int, ...] = ()
    reason: str | None = None

    @classmethod
    def of_event(cls, data: Mapping[str, Any]) -> "Outcome":
        """The outcome in a ``game_over`` event's data (or its JSON line): ``winner`` (a team's
        name, or one seat), ``winners`` (seats) and ``reason``.

        :raises ValueError: ``winner``/``winners`` is neither a name nor seats.
        """
        winner, winners = data.get("winner"), data.get("winners")
        side, seats = None, ()
        if isinstance(winner, str):
            side = winner
        elif type(winner) is int:
            seats = (winner,)
        elif winner is not None:
            raise ValueError(f"a winner is a team's name or a seat, not {winner!r}")
        if winners is not None:
            if not isinstance(winners, (list, tuple)) or not all(type(s) is int for s in winners):
                raise ValueError(f"winners are seats, not {winners!r}")
            seats = tuple(winners)
        reason = data.get("reason")
        return cls(side, seats, reason if isinstance(reason, str) else None)

    @property
    def winner(self) -> str | list[int] | None:
        """The same in every game: the winning side's name, else the winning seats (a list),
        else None."""
        if self.side is not None:
            return self.side
        return list(self.seats) if self.seats else None
