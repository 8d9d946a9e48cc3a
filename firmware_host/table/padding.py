"""Private clips padded by length (RULES.md R16, ACCESSIBILITY.md 8-9): a clip that carries a
secret lasts as long as the longest clip that could stand in its place given what the table
knows, measured with the real voice at the seat's rate, so its length tells no choice, hand
or role.

What could stand in a clip's place is the game's (its *stand-ins* hook); measuring, the
memory of measured lengths and the margin are the table's.

Example::

    padding = ClipPadding(service)
    seconds = padding.pad_seconds("seat:2", lines, text=words_for, has_secret=hs, longest=ls)
    # None: nothing to pad (no secret, or no sound to measure)
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Sequence

from firmware_host.errors import FirmwareHostError

log = logging.getLogger("firmware_host.service")

__all__ = ["ClipPadding", "MARGIN_SECONDS", "MARGIN_FRACTION", "padded"]

#: what a whole sentence's intonation may add to its longest parts measured one at a time:
#: seconds, plus a fraction of the clip's length (a slower seat rate stretches it too)
MARGIN_SECONDS = 0.15
MARGIN_FRACTION = 0.06
#: measured lengths remembered before the memory starts again
MEMORY = 4096


def padded(seconds: float) -> float:
    """The padded length (seconds) of a clip whose longest stand-in lasts ``seconds``."""
    return seconds * (1.0 + MARGIN_FRACTION) + MARGIN_SECONDS


class ClipPadding:
    """Measured clip lengths and the pad of a private clip (see the module docstring).

    :param service: the :class:`~firmware_host.service.core.BoardService` (its ``voice``
        measures: ``voice.measure(channel, text, earcon=)`` → seconds or None).
    """

    def __init__(self, service: Any) -> None:
        self.service = service
        self._measured: dict[tuple[str, str, str | None], float] = {}

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

    def pad_seconds(self, channel: str, lines: Sequence[Any], *, text: Callable[[str, dict], str],
                    has_secret: Callable[[Any, int], bool],
                    longest: Callable[[Any, int, Callable[[str, dict], float | None]], tuple[str, dict] | None],
                    earcon: str | None = None,
                    clip: Callable[[Sequence[Any], int, Callable[[str, dict], float | None]],
                                   list[tuple[str, dict]] | None] | None = None) -> float | None:
        """The length (seconds) a private clip saying ``lines`` in one utterance is padded to,
        or None when nothing is padded (a public clip, no line with a secret, a length that
        cannot be known).

        :param text: ``text(key, params)``: the words the seat would hear for that message.
        :param has_secret: the game's ``has_secret(line, seat)``.
        :param longest: the game's ``longest(line, seat, seconds)``: the stand-in
            ``(key, params)`` that lasts longest, given ``seconds(key, params)`` (None when a
            length is unknown).
        :param clip: optional, the game's ``clip(lines, seat, seconds)``: the messages of the
            longest clip that could stand in the whole clip's place (where which lines a clip
            has depends on a secret); used instead of ``longest`` line by line.
        """
        if not channel.startswith("seat:"):
            return None
        seat = int(channel[5:])
        if not any(has_secret(line, seat) for line in lines):
            return None

        def seconds(key: str, params: dict) -> float | None:
            return self.measure(channel, text(key, params))

        try:
            found = clip(lines, seat, seconds) if clip is not None else [longest(line, seat, seconds)
                                                                         for line in lines]
            if found is None or any(f is None for f in found):
                return None
            total = self.measure(channel, " ".join(text(k, p) for k, p in found), earcon)
        except (FirmwareHostError, ValueError, KeyError) as exc:
            log.error("private clip length on %s: %s", channel, exc)
            return None
        # the clip's own length plays no part: the pad must not depend on what it says
        return None if total is None else padded(total)
