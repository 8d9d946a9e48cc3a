"""Private clips padded by length (RULES.md R16, ACCESSIBILITY.md 8-9): a clip that carries a
secret lasts as long as the longest clip that could stand in its place given what the table
knows, measured with the real voice at the seat's rate, so its length tells no choice, hand
or role.

What could stand in a clip's place is the game's (its *stand-ins* hook); measuring, the
memory of measured lengths and the margin are the table's, and so is the search for the
longest stand-in among a game's *templates* (:func:`longest_of`): a message key with, per
parameter, the values it could have (a list, or a :class:`Subset` of a pool: a hand).
Measuring every combination would take many renders, too slow on a Pi Zero 2 W, so each
parameter's longest value is measured one at a time (for a subset the longest members), and
:func:`padded` adds a margin for a sentence's intonation.

Example::

    padding = ClipPadding(service)
    seconds = padding.pad_seconds("seat:2", lines, text=words_for, has_secret=hs, longest=ls)
    # None: nothing to pad (no secret, or no sound to measure)
"""

from __future__ import annotations

import dataclasses
import itertools
import logging
from typing import Any, Callable, Sequence

from firmware_host.errors import FirmwareHostError

log = logging.getLogger("firmware_host.service")

__all__ = ["ClipPadding", "MARGIN_SECONDS", "MARGIN_FRACTION", "Subset", "Template", "carries_secret",
           "every_combination", "longest_clip", "longest_of", "longest_worded", "padded"]

#: what a whole sentence's intonation may add to its longest parts measured one at a time:
#: seconds, plus a fraction of the clip's length (a slower seat rate stretches it too)
MARGIN_SECONDS = 0.15
MARGIN_FRACTION = 0.06
#: measured lengths remembered before the memory starts again
MEMORY = 4096


def padded(seconds: float) -> float:
    """The padded length (seconds) of a clip whose longest stand-in lasts ``seconds``."""
    return seconds * (1.0 + MARGIN_FRACTION) + MARGIN_SECONDS


@dataclasses.dataclass(frozen=True)
class Subset:
    """Any ``size`` distinct values of ``pool``, in the pool's order (a hand, a night's drop)."""

    size: int
    pool: tuple


#: a message that could stand in a clip's place: its key and, per parameter, the values it
#: could have (a list, or a :class:`Subset`)
Template = tuple[str, dict[str, Any]]

Seconds = Callable[[str, dict], "float | None"]


def carries_secret(templates: Sequence[Template]) -> bool:
    """True when the templates allow more than one message (a secret could change its length)."""
    return len(templates) > 1 or any(isinstance(v, Subset) or len(v) > 1
                                     for _, choices in templates for v in choices.values())


def _first(values: Any) -> Any:
    return list(values.pool[:values.size]) if isinstance(values, Subset) else values[0]


def _longest_value(name: str, base: dict, param: str, values: Any, seconds: Seconds) -> Any:
    """The value of ``param`` with which message ``name`` lasts longest (the others at
    ``base``); for a :class:`Subset` its ``size`` longest members; :data:`None` where a
    length is unknown (raised as LookupError)."""
    options = [[v] for v in values.pool] if isinstance(values, Subset) else list(values)
    timed = []
    for value in options:
        t = seconds(name, {**base, param: value})
        if t is None:
            raise LookupError(name)
        timed.append((t, value))
    if not isinstance(values, Subset):
        return max(timed, key=lambda tv: tv[0])[1]
    top = {v[0] for _, v in sorted(timed, key=lambda tv: -tv[0])[:values.size]}
    return [v for v in values.pool if v in top]


def longest_of(templates: Sequence[Template], seconds: Seconds) -> tuple[str, dict] | None:
    """The message of ``templates`` that lasts longest when spoken, each parameter at its
    longest value measured one at a time (the others at their first).

    :param seconds: ``seconds(key, params)``: how long that message lasts in the seat's
        wording (a real measurement), or None when it cannot be known.
    :returns: ``(key, params)``, or None when a length is unknown.
    """
    best: tuple[float, str, dict] | None = None
    try:
        for name, choices in templates:
            base = {p: _first(v) for p, v in choices.items()}
            chosen = {p: _longest_value(name, base, p, v, seconds)
                      if isinstance(v, Subset) or len(v) > 1 else base[p] for p, v in choices.items()}
            t = seconds(name, chosen)
            if t is None:
                return None
            if best is None or t > best[0]:
                best = (t, name, chosen)
    except LookupError:
        return None
    return None if best is None else (best[1], best[2])


def longest_worded(templates: Sequence[Template], seconds: Callable[..., float | None]) -> tuple | None:
    """Of ``templates``, the message that lasts longest in either wording, ``(key, params,
    long)``: for a line whose wording (long or short) a seat hears depends on what it heard
    before, so that neither the line nor its wording tells a secret by its length; None when a
    length is unknown.

    :param seconds: ``seconds(key, params, long)``: how long that message lasts in that wording.
    """
    found = []
    for long in (True, False):
        pick = longest_of(templates, lambda key, params, long=long: seconds(key, params, long))
        t = None if pick is None else seconds(*pick, long)
        if t is None:
            return None
        found.append((t, *pick, long))
    return max(found, key=lambda f: f[0])[1:]


def longest_clip(clips: Sequence[Sequence[Any]], seconds: Callable[..., float | None],
                 longest: Callable[[Any], tuple | None] | None = None) -> list[tuple] | None:
    """Of ``clips`` (each the lines one clip could say, a template a line), the clip that
    lasts longest when each line is at its longest (:func:`longest_of`): what a clip whose
    very lines depend on a secret is padded to (a status: what each role is told). Empty for
    no clip; None when a length is unknown.

    :param longest: optional, ``longest(line)``: a line's longest stand-in ``(key, params[,
        long])`` where a game's lines are not templates (None when a length is unknown).
    """
    best: list[tuple] = []
    most = -1.0
    for clip in clips:
        lines = [longest(line) if longest is not None else longest_of([line], seconds) for line in clip]
        lengths = [None if line is None else seconds(*line) for line in lines]
        if None in lengths:
            return None
        if sum(lengths) > most:                  # type: ignore[arg-type]
            best, most = lines, sum(lengths)     # type: ignore[assignment, arg-type]
    return best


def every_combination(templates: Sequence[Template]) -> list[tuple[str, dict]]:
    """Every message ``templates`` allow (for tests: the exhaustive check of a pad)."""
    out = []
    for name, choices in templates:
        pools = [[list(c) for c in itertools.combinations(v.pool, v.size)] if isinstance(v, Subset) else v
                 for v in choices.values()]
        out += [(name, dict(zip(choices, combo))) for combo in itertools.product(*pools)]
    return out


class ClipPadding:
    """Measured clip lengths and the pad of a private clip (see the module docstring).

    A game's padding (a subclass) may override the hooks :meth:`has_secret` and
    :meth:`clip_stand_ins`, which the adapter's hooks of the same names hand over to.

    :param service: the :class:`~firmware_host.service.core.BoardService` (its ``voice``
        measures: ``voice.measure(channel, text, earcon=)`` → seconds or None).
    :param secrets: the keys of the status lines only some seats hear (the adapter's
        ``STATUS_SECRETS``): lines padded by default.
    """

    def __init__(self, service: Any, secrets: Sequence[str] = ()) -> None:
        self.service = service
        self.secrets = tuple(secrets)
        self._measured: dict[tuple[str, str, str | None], float] = {}

    def has_secret(self, line: Any, seat: int) -> bool:
        """Hook: True when ``line`` in ``seat``'s earphone carries a secret that could change
        its length (RULES.md R16; then it is padded); default: its key is one of ``secrets``."""
        return line.key in self.secrets

    def clip_stand_ins(self, lines: Sequence[Any], seat: int, seconds: Callable[..., float | None],
                       longest: Callable[..., tuple | None]) -> list[tuple] | None:
        """Hook: the messages of the longest clip that could stand in the place of a private
        clip saying ``lines`` in ``seat``'s earphone; default: each line's
        ``longest(line, seat, seconds)`` (the adapter's ``longest_stand_in``). None when a
        length is unknown."""
        found = [longest(line, seat, seconds) for line in lines]
        return None if any(f is None for f in found) else found

    def forget(self) -> None:
        """Forget every measured length (a seat's rate or the language changed)."""
        self._measured.clear()

    def measure(self, channel: str, text: str, earcon: str | None = None) -> float | None:
        """Seconds ``text`` lasts on ``channel`` (rendered once, then remembered); None when
        the voice cannot tell (no sound)."""
        key = (channel, text, earcon)
        if key not in self._measured:
            measure = getattr(self.service.voice, "measure", None)
            try:
                seconds = measure(channel, text, earcon=earcon) if callable(measure) else None
            except TypeError:                  # a voice that measures without earcons
                seconds = measure(channel, text)
            if seconds is None:
                return None
            if len(self._measured) >= MEMORY:
                self._measured.clear()
            self._measured[key] = float(seconds)
        return self._measured[key]

    def pad_seconds(self, channel: str, lines: Sequence[Any], *, text: Callable[..., str],
                    has_secret: Callable[[Any, int], bool],
                    longest: Callable[[Any, int, Callable[..., float | None]], tuple | None],
                    earcon: str | None = None,
                    clip: Callable[[Sequence[Any], int, Callable[..., float | None]],
                                   list[tuple] | None] | None = None) -> float | None:
        """The length (seconds) a private clip saying ``lines`` in one utterance is padded to,
        or None when nothing is padded (a public clip, no line with a secret, a length that
        cannot be known).

        :param text: ``text(key, params, long=None)``: the words the seat would hear for that
            message (``long`` None: in the wording the seat hears now; True/False: that one).
        :param has_secret: the game's ``has_secret(line, seat)``.
        :param longest: the game's ``longest(line, seat, seconds)``: the stand-in
            ``(key, params)`` that lasts longest, given ``seconds(key, params, long=None)``
            (None when a length is unknown); a stand-in ``(key, params, long)`` names its
            wording (which wording a seat hears of it may itself tell a secret).
        :param clip: optional, the game's ``clip(lines, seat, seconds)``: the messages of the
            longest clip that could stand in the whole clip's place (where which lines a clip
            has depends on a secret); used instead of ``longest`` line by line.
        """
        if not channel.startswith("seat:"):
            return None
        seat = int(channel[5:])
        if not any(has_secret(line, seat) for line in lines):
            return None

        def seconds(key: str, params: dict, long: bool | None = None) -> float | None:
            return self.measure(channel, text(key, params) if long is None else text(key, params, long))

        try:
            found = clip(lines, seat, seconds) if clip is not None else [longest(line, seat, seconds)
                                                                         for line in lines]
            if found is None or any(f is None for f in found):
                return None
            total = self.measure(channel, " ".join(text(*f) for f in found), earcon)
        except (FirmwareHostError, ValueError, KeyError) as exc:
            log.error("private clip length on %s: %s", channel, exc)
            return None
        # the clip's own length plays no part: the pad must not depend on what it says
        return None if total is None else self.padded(total, found)

    def padded(self, seconds: float, found: Sequence[tuple]) -> float:
        """The pad (seconds) of a clip whose longest stand-in, the messages ``found``, lasts
        ``seconds``: :func:`padded`'s margin (each parameter's longest value was measured one
        at a time). A game's padding whose stand-ins are measured whole where they can be
        overrides it with a smaller margin there."""
        return padded(seconds)
