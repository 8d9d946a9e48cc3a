"""Earcons: the short sound cues shipped in ``firmware_host/data/sounds/`` (made by ``sounds/generate.py``).

Each is ≤ 400 ms, mono 16-bit at 22 050 Hz, and distinct per event (ACCESSIBILITY.md 18); an
earcon never carries a fact alone, it goes before the sentence that does. ``scan_wrap`` marks
a scan list starting over (ACCESSIBILITY.md 15); ``private`` goes before every private sentence
in a seat's earphone, never on the table speaker (issue 14: "a private message is coming");
``answer`` goes at once before the answer to a seat's own act whose sentence is still being
rendered (issue 31: "your act was taken, its words follow"), the same whatever was chosen.

:data:`EARCONS` are the board's own, which every game's table plays; a game's own earcons are
named by its pack (``GamePack.earcons``), their files shipped in the same folder:
:func:`known_earcons` is both.
"""

from __future__ import annotations

import functools
from pathlib import Path

from firmware_host.audio.clip import Clip, read_wav
from firmware_host.errors import FirmwareHostError
from firmware_host.resources import data_path

#: the board's own earcons (every game's table plays them); the file is ``<name>.wav`` in
#: :data:`SOUNDS_DIR`
EARCONS: tuple[str, ...] = (
    "input", "refusal", "fault", "game_over", "scan_wrap", "reader_back", "correction", "wrong_reader",
    "private", "answer", "noted",
)


def known_earcons() -> tuple[str, ...]:
    """Every earcon the board plays: its own (:data:`EARCONS`), then each registered game's
    own (its pack's ``earcons``), each once."""
    from firmware_host.kernel import games

    names = dict.fromkeys(EARCONS)
    for game in games.names():
        names.update(dict.fromkeys(games.pack(game).earcons))
    return tuple(names)


#: the packaged earcons (``firmware_host/data/sounds``, found with importlib.resources)
SOUNDS_DIR = data_path("sounds")


class EarconError(FirmwareHostError, KeyError):
    """An earcon name not in :func:`known_earcons`, or its file missing or unreadable."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


@functools.lru_cache(maxsize=64)
def load_earcon(name: str, directory: str | None = None) -> Clip:
    """The earcon ``name`` as a :class:`Clip` (cached after the first load).

    :param name: one of :func:`known_earcons`.
    :param directory: folder holding ``<name>.wav``; default :data:`SOUNDS_DIR`.
    :raises EarconError: for an unknown name or a missing/unreadable file.
    """
    if name not in known_earcons():
        raise EarconError(f"unknown earcon {name!r}; known: {', '.join(known_earcons())}")
    path = Path(directory) if directory else SOUNDS_DIR
    try:
        return read_wav(path / f"{name}.wav")
    except FirmwareHostError as exc:
        raise EarconError(f"earcon {name!r}: {exc}") from None
