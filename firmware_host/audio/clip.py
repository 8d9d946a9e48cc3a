"""PCM clips: read, write, scale, pad and join mono 16-bit audio with the stdlib only.

A :class:`Clip` is the unit handed to a sink: mono, signed 16-bit little-endian samples at
``rate`` Hz. espeak-ng (through pyttsx3 or its binary) writes 22 050 Hz mono 16-bit WAV,
and the earcons in ``sounds/`` are generated at the same rate, so joining them needs no
resampling in the usual case; :func:`resample` covers the rest (linear interpolation).

Example::

    speech = read_wav(path)
    clip = concat([scale(earcon, 0.5), silence(0.05, speech.rate), speech])
    write_wav(out_path, clip)
"""

from __future__ import annotations

import array
import dataclasses
import math
import os
import sys
import wave
from pathlib import Path
from typing import Iterable

from firmware_host.errors import FirmwareHostError

#: the sample rate (Hz) every clip is brought to before joining: espeak-ng's own rate
RATE = 22050


class AudioFileError(FirmwareHostError, ValueError):
    """A WAV file that cannot be used (missing, not PCM, not 8/16-bit, empty header)."""


@dataclasses.dataclass(frozen=True)
class Clip:
    """Mono signed 16-bit little-endian PCM.

    :param pcm: the raw samples (``bytes``, 2 bytes per sample).
    :param rate: samples per second (Hz), default :data:`RATE`.
    """

    pcm: bytes
    rate: int = RATE

    @property
    def frames(self) -> int:
        """Number of samples."""
        return len(self.pcm) // 2

    @property
    def duration(self) -> float:
        """Length in seconds."""
        return self.frames / self.rate

    def samples(self) -> array.array:
        """The samples as an ``array('h')`` (native order)."""
        a = array.array("h")
        a.frombytes(self.pcm)
        if sys.byteorder == "big":  # pragma: no cover - the Pi and CI are little-endian
            a.byteswap()
        return a


def _from_samples(a: array.array, rate: int) -> Clip:
    if sys.byteorder == "big":  # pragma: no cover
        a = array.array("h", a)
        a.byteswap()
    return Clip(a.tobytes(), rate)


def read_wav(path: str | os.PathLike) -> Clip:
    """Read a PCM WAV file into a mono 16-bit :class:`Clip` (stereo is mixed down).

    :raises AudioFileError: if the file is missing, unreadable or not 8/16-bit PCM.
    """
    try:
        with wave.open(os.fspath(path), "rb") as w:
            channels, width, rate, n = w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes()
            data = w.readframes(n)
    except (OSError, EOFError, wave.Error) as exc:
        raise AudioFileError(f"cannot read WAV file {path}: {exc}") from None
    if width == 1:
        a = array.array("h", ((b - 128) << 8 for b in data))
    elif width == 2:
        a = array.array("h")
        a.frombytes(data[: len(data) // 2 * 2])
        if sys.byteorder == "big":  # pragma: no cover
            a.byteswap()
    else:
        raise AudioFileError(f"WAV file {path} has {8 * width}-bit samples; only 8 and 16 bit are read")
    if channels > 1:
        a = array.array("h", (sum(a[i : i + channels]) // channels for i in range(0, len(a), channels)))
    return _from_samples(a, rate)


def wav_seconds(path: str | os.PathLike) -> float:
    """The duration in seconds of the PCM WAV at ``path``, from its header (frames / rate).

    :raises AudioFileError: if the file is missing or not a readable WAV.
    """
    try:
        with wave.open(os.fspath(path), "rb") as w:
            return w.getnframes() / w.getframerate()
    except (OSError, EOFError, wave.Error) as exc:
        raise AudioFileError(f"cannot read WAV file {path}: {exc}") from None


def write_wav(path: str | os.PathLike, clip: Clip) -> Path:
    """Write ``clip`` as a mono 16-bit WAV file atomically (temp file, then rename); returns the path."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with wave.open(os.fspath(tmp), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(clip.rate)
        w.writeframes(clip.pcm)
    os.replace(tmp, path)
    return path


def wav_bytes(clip: Clip) -> bytes:
    """The complete WAV file (header and data) of ``clip``, for piping into ``aplay``."""
    import io

    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(clip.rate)
        w.writeframes(clip.pcm)
    return buf.getvalue()


def silence(seconds: float, rate: int = RATE) -> Clip:
    """``seconds`` (≥ 0, rounded to whole samples) of digital silence."""
    return Clip(b"\x00\x00" * max(0, round(seconds * rate)), rate)


def scale(clip: Clip, gain: float) -> Clip:
    """``clip`` with every sample multiplied by ``gain`` (0–1 in practice), clipped to 16 bit."""
    if gain == 1.0:
        return clip
    if gain <= 0.0:
        return Clip(b"\x00" * len(clip.pcm), clip.rate)
    a = clip.samples()
    out = array.array("h", (max(-32768, min(32767, int(s * gain))) for s in a))
    return _from_samples(out, clip.rate)


def resample(clip: Clip, rate: int) -> Clip:
    """``clip`` at ``rate`` Hz by linear interpolation (no-op when the rate already matches)."""
    if clip.rate == rate or clip.frames == 0:
        return Clip(clip.pcm, rate) if clip.frames == 0 else clip
    a = clip.samples()
    n = max(1, round(len(a) * rate / clip.rate))
    step = (len(a) - 1) / max(1, n - 1)
    out = array.array("h")
    for i in range(n):
        x = i * step
        j = int(x)
        f = x - j
        nxt = a[j + 1] if j + 1 < len(a) else a[j]
        out.append(int(a[j] + (nxt - a[j]) * f))
    return _from_samples(out, rate)


def concat(clips: Iterable[Clip], rate: int = RATE) -> Clip:
    """The clips one after another, each brought to ``rate`` Hz first."""
    return Clip(b"".join(resample(c, rate).pcm for c in clips), rate)


def pad_to(clip: Clip, seconds: float) -> Clip:
    """``clip`` followed by silence up to ``seconds`` (unchanged if already that long)."""
    missing = round(seconds * clip.rate) - clip.frames
    if missing <= 0:
        return clip
    return Clip(clip.pcm + b"\x00\x00" * missing, clip.rate)


def rms(clip: Clip) -> float:
    """Root mean square of the samples, on the 16-bit scale (0–32768); 0.0 for an empty clip."""
    a = clip.samples()
    if not a:
        return 0.0
    return math.sqrt(sum(s * s for s in a) / len(a))
