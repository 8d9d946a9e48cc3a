"""PCM clips: read, write, scale, pad, join and resample mono 16-bit audio with the stdlib only.

A :class:`Clip` is the unit handed to a sink: mono, signed 16-bit little-endian samples at
``rate`` Hz, in memory. A :class:`LazyClip` is the same, made while it plays: parts (an
earcon, a gap, a :class:`SpeechPart` from the speech cache, :class:`Silence` padding) whose
lengths are known from their headers before a sample is decoded; :meth:`LazyClip.chunks`
decodes a piece at a time (what :class:`~firmware_host.audio.sinks.AlsaSink` streams into
``aplay``), :attr:`LazyClip.pcm` all at once (the same samples). espeak-ng (through pyttsx3
or its binary) writes 22 050 Hz mono 16-bit WAV; the speech cache keeps it at 14 700 Hz
(:data:`SPEECH_RATE`, :func:`downsample_2_3`) and the earcons are brought to that rate.

Nothing that runs per utterance loops over samples in Python (a Pi Zero 2 W core is 5-8x
slower than a laptop's; the standard library's ``audioop`` is gone from Python 3.13):

- :func:`scale` multiplies every sample at once as one big integer (each sample in its own
  32-bit field, a fixed-point gain), C speed on any Python 3; :func:`downsample_2_3`
  filters the same way (40-bit fields times the packed filter taps);
- the speech cache stores sentences as G.711 µ-law WAV (8 bits a sample,
  :func:`write_ulaw_wav`), xz- or gzip-compressed (:class:`_Inflow` tells them by their
  first bytes), and :class:`SpeechPart` inflates (C) and decodes it with two 256-byte
  tables (``bytes.translate``) into which the volume is folded, so a sentence at volume 0.8
  costs what it costs at 1.0. The sinks get 16-bit PCM, as before.

Example::

    speech = read_wav(path)
    clip = concat([scale(earcon, 0.5), silence(0.05, speech.rate), speech])
    write_wav(out_path, clip)
    lazy = LazyClip([SpeechPart(path, 0.8), Silence(1000)], speech.rate)   # decoded when played
"""

from __future__ import annotations

import array
import dataclasses
import functools
import gzip
import math
import logging
import lzma
import os
import sys
import threading
import time
import wave
import zlib
from pathlib import Path
from typing import Iterable, Iterator, Protocol, Sequence

from firmware_host.errors import FirmwareHostError

log = logging.getLogger("firmware_host.audio")

#: the sample rate (Hz) every clip is brought to before joining: espeak-ng's own rate
RATE = 22050
#: samples made at a time while a clip plays (:meth:`Clip.chunks`, :meth:`LazyClip.chunks`)
CHUNK = 4096


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

    def chunks(self, samples: int = CHUNK) -> Iterator[bytes]:
        """The PCM in pieces of at most ``samples`` samples, in order (what a sink streams)."""
        step = 2 * max(1, samples)
        for start in range(0, len(self.pcm), step):
            yield self.pcm[start : start + step]


def _from_samples(a: array.array, rate: int) -> Clip:
    if sys.byteorder == "big":  # pragma: no cover
        a = array.array("h", a)
        a.byteswap()
    return Clip(a.tobytes(), rate)


def read_wav(path: str | os.PathLike, gain: float = 1.0) -> Clip:
    """Read a PCM or G.711 µ-law WAV file (plain, gzip- or xz-compressed) into a mono 16-bit
    :class:`Clip` (stereo is mixed down).

    :param gain: multiply every sample by this (0–1, the volume); a µ-law file is decoded
        at this volume directly (no second pass), a PCM file is scaled (:func:`scale`).
    :raises AudioFileError: if the file is missing, unreadable, or neither 8/16-bit PCM nor
        mono µ-law.
    """
    layout = wav_layout(path)
    if layout.fmt == _WAVE_MULAW or (layout.fmt == _WAVE_PCM and layout.width == 2 and layout.channels == 1):
        return Clip(b"".join(SpeechPart(path, gain, layout, strict=True).chunks(1 << 20)), layout.rate)
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
    return scale(_from_samples(a, rate), gain)


#: WAVE format tags (RFC 2361): PCM and G.711 µ-law
_WAVE_PCM, _WAVE_MULAW = 1, 7
#: the first bytes of a gzip file (RFC 1952) and of an xz file (the .xz file format 1.0.4, 2.1.1.1)
_GZIP_MAGIC, _XZ_MAGIC = b"\x1f\x8b", b"\xfd7zXZ\x00"


def _riff_chunks(head: bytes) -> dict[bytes, tuple[int, int]]:
    """RIFF chunk id -> (offset of its data, its size) for the chunks that start in ``head``."""
    chunks: dict[bytes, tuple[int, int]] = {}
    if head[:4] != b"RIFF" or head[8:12] != b"WAVE":
        return chunks
    pos = 12
    while pos + 8 <= len(head):
        cid, size = head[pos : pos + 4], int.from_bytes(head[pos + 4 : pos + 8], "little")
        chunks.setdefault(cid, (pos + 8, size))
        if cid == b"data":
            break
        pos += 8 + size + (size & 1)
    return chunks


class _Inflow:
    """The bytes of a WAV file as they are decompressed, a piece at a time: gzip (zlib), xz
    (liblzma) or none. Input goes to the decompressor :data:`_INFLOW_IN` bytes at a time, so
    asking for a piece never copies the rest of the file. Both decompressors are C code."""

    def __init__(self, blob: bytes) -> None:
        self._blob = memoryview(blob)
        self._pos = 0
        self._tail = b""
        if blob[:2] == _GZIP_MAGIC:
            self._z: object | None = zlib.decompressobj(wbits=31)
            self.kind = "gzip"
        elif blob[:6] == _XZ_MAGIC:
            self._z = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
            self.kind = "xz"
        else:
            self._z = None
            self.kind = "plain"

    def _take(self) -> bytes:
        data = bytes(self._blob[self._pos : self._pos + _INFLOW_IN])
        self._pos += len(data)
        return data

    def _piece(self, n: int) -> tuple[bytes, bool]:
        """(up to ``n`` bytes, whether more may follow)."""
        z = self._z
        left = self._pos < len(self._blob)
        if z is None:
            piece = bytes(self._blob[self._pos : self._pos + n])
            self._pos += len(piece)
            return piece, self._pos < len(self._blob)
        if isinstance(z, lzma.LZMADecompressor):
            if z.eof:
                return b"", False
            data = self._take() if z.needs_input else b""
            if not data and z.needs_input:
                return b"", False
            return z.decompress(data, max_length=n), True
        if z.eof:  # type: ignore[attr-defined]
            return b"", False
        data = self._tail or self._take()
        if not data:
            return z.flush(), False  # type: ignore[attr-defined]
        piece = z.decompress(data, n)  # type: ignore[attr-defined]
        self._tail = z.unconsumed_tail  # type: ignore[attr-defined]
        return piece, bool(self._tail) or left

    def read(self, n: int) -> bytes:
        """Up to ``n`` bytes (fewer only at the end of the data).

        :raises zlib.error, lzma.LZMAError, EOFError: the compressed data is damaged.
        """
        out: list[bytes] = []
        got = 0
        while got < n:
            piece, more = self._piece(n - got)
            if piece:
                out.append(piece)
                got += len(piece)
            elif not more:
                break
        return b"".join(out)


#: compressed bytes handed to the decompressor at a time (:class:`_Inflow`)
_INFLOW_IN = 8192


@dataclasses.dataclass(frozen=True)
class WavLayout:
    """What a WAV file holds, from its header: ``fmt`` (1 = PCM, 7 = µ-law), ``channels``,
    ``rate`` (Hz), ``width`` (bytes a sample), ``frames`` (samples a channel), ``start``
    (offset of the samples in the decompressed file) and ``kind`` (``gzip``, ``xz``, ``plain``)."""

    fmt: int
    channels: int
    rate: int
    width: int
    frames: int
    start: int
    kind: str

    @property
    def duration(self) -> float:
        """Seconds (frames / rate)."""
        return self.frames / self.rate


@functools.lru_cache(maxsize=1024)
def _cached_layout(path: str, mtime_ns: int, size: int) -> WavLayout:
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
        inflow = _Inflow(head)
        riff = inflow.read(512)
    except (OSError, EOFError, zlib.error, lzma.LZMAError) as exc:
        raise AudioFileError(f"cannot read WAV file {path}: {exc}") from None
    chunks = _riff_chunks(riff)
    fmt, data = chunks.get(b"fmt "), chunks.get(b"data")
    if fmt is None or data is None or fmt[0] + 16 > len(riff):
        raise AudioFileError(f"cannot read WAV file {path}: no RIFF WAVE header with fmt and data")
    o = fmt[0]
    tag = int.from_bytes(riff[o : o + 2], "little")
    channels = int.from_bytes(riff[o + 2 : o + 4], "little")
    rate = int.from_bytes(riff[o + 4 : o + 8], "little")
    bits = int.from_bytes(riff[o + 14 : o + 16], "little")
    if tag == _WAVE_MULAW and (channels != 1 or bits != 8):
        raise AudioFileError(f"µ-law WAV file {path} is not mono 8-bit")
    if tag not in (_WAVE_PCM, _WAVE_MULAW) or channels < 1 or rate <= 0 or bits not in (8, 16):
        raise AudioFileError(f"WAV file {path} is neither 8/16-bit PCM nor µ-law (format {tag}, {bits} bit)")
    width = bits // 8
    size = data[1]
    if inflow.kind == "plain":       # a file cut short, or a header written before its end was known
        size = min(size, max(0, os.path.getsize(path) - data[0]))
    return WavLayout(tag, channels, rate, width, size // (channels * width), data[0], inflow.kind)


def wav_layout(path: str | os.PathLike) -> WavLayout:
    """The :class:`WavLayout` of the WAV at ``path`` (PCM or µ-law, plain, gzip- or
    xz-compressed), from its first bytes only. Kept per file (name, modification time, size):
    a cached sentence's header is read once.

    :raises AudioFileError: the file is missing, damaged, or not such a WAV.
    """
    try:
        st = os.stat(path)
    except OSError as exc:
        raise AudioFileError(f"cannot read WAV file {path}: {exc}") from None
    return _cached_layout(os.fspath(path), st.st_mtime_ns, st.st_size)


def wav_seconds(path: str | os.PathLike) -> float:
    """The duration in seconds of the WAV at ``path`` (PCM or µ-law, plain, gzip- or
    xz-compressed), from its header (frames / rate).

    :raises AudioFileError: if the file is missing or not a readable WAV.
    """
    return wav_layout(path).duration


class Part(Protocol):
    """A piece of a :class:`LazyClip`: ``frames`` samples, made by ``chunks``."""

    frames: int

    def chunks(self, samples: int = CHUNK) -> Iterator[bytes]: ...


@dataclasses.dataclass(frozen=True)
class Silence:
    """``frames`` samples of digital silence (padding), made when played."""

    frames: int

    def chunks(self, samples: int = CHUNK) -> Iterator[bytes]:
        """Zeros, at most ``samples`` samples a piece."""
        left = self.frames
        piece = b"\x00\x00" * max(1, samples)
        while left > 0:
            n = min(left, len(piece) // 2)
            yield piece[: 2 * n]
            left -= n


class Tail:
    """What is left of ``clip`` (a :class:`Clip` or :class:`LazyClip`) after its first ``skip``
    samples: a clip cut off and played on from where it was cut (a seat's press answered
    during its own message said again, ACCESSIBILITY.md 26; issue 31). Made when played.

    :param clip: the whole clip (anything with ``frames`` and ``chunks(samples)``).
    :param skip: samples left out at its start (clamped to 0..``clip.frames``).
    """

    def __init__(self, clip: "Clip | LazyClip", skip: int) -> None:
        self.clip = clip
        self.skip = max(0, min(int(skip), clip.frames))
        self.frames = clip.frames - self.skip

    def chunks(self, samples: int = CHUNK) -> Iterator[bytes]:
        """The samples after the first ``skip``, at most ``samples`` samples a piece."""
        left = 2 * self.skip
        for piece in self.clip.chunks(samples):
            if left >= len(piece):
                left -= len(piece)
                continue
            yield piece[left:]
            left = 0


class SpeechPart:
    """A sentence from the speech cache, decoded while it plays (:meth:`chunks`).

    Its length comes from the file's header (:func:`wav_layout`), so a clip knows its length
    exactly before a sample is decoded; :meth:`chunks` then decompresses and decodes it a
    piece at a time, at volume ``gain`` (µ-law through two tables, :func:`decode_ulaw`; mono
    16-bit PCM through :func:`scale`), with the same samples as decoding it whole. A file
    that turns out damaged or missing while playing is logged and played as silence from
    there on: the clip keeps its length (R16).

    :param path: a mono WAV: µ-law or 16-bit PCM, plain, gzip- or xz-compressed.
    :param gain: the volume, 0–1.
    :param layout: the file's :class:`WavLayout`, if known.
    :param strict: raise :class:`AudioFileError` for damage found while decoding, instead
        of playing silence (:func:`read_wav`).
    :raises AudioFileError: the file cannot be read, or is neither of those formats.
    """

    def __init__(self, path: str | os.PathLike, gain: float = 1.0, layout: WavLayout | None = None,
                 *, strict: bool = False) -> None:
        self.path = os.fspath(path)
        self.strict = strict
        self.gain = max(0.0, float(gain))
        self.layout = layout or wav_layout(path)
        lay = self.layout
        if lay.channels != 1 or not (lay.fmt == _WAVE_MULAW or (lay.fmt == _WAVE_PCM and lay.width == 2)):
            raise AudioFileError(f"WAV file {path} is not mono µ-law or mono 16-bit PCM")
        self.rate = lay.rate
        self.frames = lay.frames

    def chunks(self, samples: int = CHUNK) -> Iterator[bytes]:
        """The samples, 16-bit, at most ``samples`` a piece, exactly :attr:`frames` in all."""
        lay, width = self.layout, self.layout.width
        left = self.frames
        try:
            with open(self.path, "rb") as f:
                inflow = _Inflow(f.read())
            if len(inflow.read(lay.start)) < lay.start:
                raise EOFError("the file ends in its header")
            while left > 0:
                data = inflow.read(width * min(left, max(1, samples)))
                n = len(data) // width
                if n == 0:
                    raise EOFError(f"{left} of {self.frames} samples missing")
                if lay.fmt == _WAVE_MULAW:
                    yield decode_ulaw(data[:n], self.gain)
                else:
                    yield scale(Clip(data[: 2 * n], lay.rate), self.gain).pcm
                left -= n
        except (OSError, EOFError, zlib.error, lzma.LZMAError) as exc:
            if self.strict:
                raise AudioFileError(f"cannot read WAV file {self.path}: {exc}") from None
            log.error("audio: cached speech %s damaged, %.2f s of it played as silence: %s",
                      self.path, left / lay.rate, exc)
            yield from Silence(left).chunks(samples)


class LazyClip:
    """A mono 16-bit clip whose samples are made while it plays: parts (an earcon as a
    :class:`Clip`, a gap, a sentence as a :class:`SpeechPart`, padding as :class:`Silence`)
    one after another, all at ``rate`` Hz.

    What a clip needs before it starts — its length (:attr:`frames`, :attr:`duration`) — is
    known from the parts' headers; the samples are decoded by :meth:`chunks` as a sink plays
    them (:class:`~firmware_host.audio.sinks.AlsaSink` streams them into ``aplay``), so
    queueing a clip decodes nothing. :attr:`pcm` decodes the whole clip (once) for sinks
    that keep it (tests, WAV files); it is sample for sample what :meth:`chunks` makes.

    :param parts: the pieces, each with ``frames`` and ``chunks(samples)``.
    :param rate: samples per second (Hz) of every part.
    """

    def __init__(self, parts: Sequence[Part], rate: int = RATE) -> None:
        self.parts = tuple(parts)
        self.rate = rate
        self.frames = sum(p.frames for p in self.parts)
        self._pcm: bytes | None = None
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"LazyClip({self.frames} samples at {self.rate} Hz, {len(self.parts)} parts)"

    @property
    def duration(self) -> float:
        """Length in seconds."""
        return self.frames / self.rate

    def chunks(self, samples: int = CHUNK) -> Iterator[bytes]:
        """The PCM in pieces of at most ``samples`` samples, decoded as they are asked for."""
        if self._pcm is not None:
            yield from Clip(self._pcm, self.rate).chunks(samples)
            return
        for part in self.parts:
            yield from part.chunks(samples)

    @property
    def pcm(self) -> bytes:
        """All samples (decoded on first use, then kept)."""
        with self._lock:
            if self._pcm is None:
                self._pcm = b"".join(self.chunks(1 << 16))
            return self._pcm

    def samples(self) -> array.array:
        """The samples as an ``array('h')`` (native order)."""
        return Clip(self.pcm, self.rate).samples()

    def padded(self, frames: int) -> "LazyClip":
        """This clip followed by silence up to ``frames`` samples (itself if that long)."""
        if frames <= self.frames:
            return self
        return LazyClip(self.parts + (Silence(frames - self.frames),), self.rate)


def wav_header(frames: int, rate: int) -> bytes:
    """The 44-byte header of a mono 16-bit PCM WAV of ``frames`` samples at ``rate`` Hz."""
    data = 2 * frames
    return (b"RIFF" + (36 + data).to_bytes(4, "little") + b"WAVEfmt " + (16).to_bytes(4, "little")
            + _WAVE_PCM.to_bytes(2, "little") + (1).to_bytes(2, "little") + rate.to_bytes(4, "little")
            + (2 * rate).to_bytes(4, "little") + (2).to_bytes(2, "little") + (16).to_bytes(2, "little")
            + b"data" + data.to_bytes(4, "little"))


def write_wav(path: str | os.PathLike, clip: "Clip | LazyClip") -> Path:
    """Write ``clip`` as a mono 16-bit WAV file atomically (temp file, then rename); returns the path.
    A :class:`LazyClip` is decoded a piece at a time into the file."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "wb") as f:
        f.write(wav_header(clip.frames, clip.rate))
        for piece in clip.chunks(1 << 16):
            f.write(piece)
    os.replace(tmp, path)
    return path


def wav_bytes(clip: "Clip | LazyClip") -> bytes:
    """The complete WAV file (header and data) of ``clip``, for piping into ``aplay``."""
    return wav_header(clip.frames, clip.rate) + clip.pcm


def silence(seconds: float, rate: int = RATE) -> Clip:
    """``seconds`` (≥ 0, rounded to whole samples) of digital silence."""
    return Clip(b"\x00\x00" * max(0, round(seconds * rate)), rate)


#: a 16-bit sample's high byte with its top bit flipped: two's complement <-> offset binary
_FLIP = bytes(i ^ 0x80 for i in range(256))


def scale(clip: Clip, gain: float) -> Clip:
    """``clip`` with every sample multiplied by ``gain`` (the volume, 0–1), rounded to nearest.

    For 0 < ``gain`` < 1 no Python code runs per sample: the samples, made unsigned (offset
    binary), are spread into 32-bit fields of one big integer, multiplied by the 16-bit
    fixed-point gain ``G = round(gain * 65536)`` together with an offset that keeps every
    field positive and rounds, so no field carries into the next (``u * G + K < 2**32``);
    the upper 16 bits of each field are the scaled samples. Gains are thus quantised to
    1/65536 (each sample is within 0.75 of ``sample * gain``). A gain above 1 (not a
    volume) is clipped to 16 bit sample by sample.
    """
    if gain == 1.0:
        return clip
    if gain <= 0.0:
        return Clip(b"\x00" * len(clip.pcm), clip.rate)
    if gain > 1.0:
        a = clip.samples()
        out = array.array("h", (max(-32768, min(32767, int(s * gain))) for s in a))
        return _from_samples(out, clip.rate)
    g = round(gain * 65536)
    if g >= 65536:
        return clip
    n = len(clip.pcm) // 2
    pcm = clip.pcm[: 2 * n]
    fields = bytearray(4 * n)
    fields[0::4] = pcm[0::2]
    fields[1::4] = pcm[1::2].translate(_FLIP)
    # per field: (s + 32768) * g + 32768 * (65536 - g) + 32768 = s * g + 2**31 + 32768
    offset = 32768 * (65536 - g) + 32768
    total = int.from_bytes(fields, "little") * g + int.from_bytes(offset.to_bytes(4, "little") * n, "little")
    scaled = total.to_bytes(4 * n, "little")
    out = bytearray(2 * n)
    out[0::2] = scaled[2::4]
    out[1::2] = scaled[3::4].translate(_FLIP)
    return Clip(bytes(out), clip.rate)


# -- G.711 µ-law (ITU-T G.711, as Sun's reference g711.c and the former audioop) ------------

#: segment ends of the 14-bit biased magnitude (g711.c ``seg_uend``)
_ULAW_SEG_END = (0x3F, 0x7F, 0xFF, 0x1FF, 0x3FF, 0x7FF, 0xFFF, 0x1FFF)


def _ulaw_value(code: int) -> int:
    """The 16-bit linear value of a µ-law byte (G.711)."""
    u = ~code & 0xFF
    t = (((u & 0x0F) << 3) + 0x84) << ((u & 0x70) >> 4)
    return 0x84 - t if u & 0x80 else t - 0x84


def _ulaw_magnitude_codes() -> bytes:
    """The µ-law code (before the sign mask) of each 14-bit magnitude 0..8192, built by runs.

    g711.c: the magnitude is clipped to 8159, biased by 0x21, and coded as segment (the
    leading bit's position) and 4-bit mantissa; one run per (segment, mantissa), ~130 runs.
    """
    out = bytearray()
    v = 0x21
    while len(out) < 8193:
        seg = next((k for k, end in enumerate(_ULAW_SEG_END) if v <= end), 8)
        if seg == 8 or len(out) >= 8159:
            out += b"\x7f" * (8193 - len(out))
            break
        step = 1 << (seg + 1)
        run = min(step - (v & (step - 1)), 8159 - len(out))
        out += bytes([(seg << 4) | ((v >> (seg + 1)) & 0x0F)]) * run
        v += run
    return bytes(out)


@functools.lru_cache(maxsize=1)
def _ulaw_encoder() -> bytes:
    """The µ-law byte of every 16-bit sample, indexed by the sample read as unsigned (64 KB).

    Built on first use (not at import, so ``run`` reaches ready sooner) from runs and slices,
    without a loop over the 65,536 samples. G.711 codes the top 14 bits (``sample >> 2``);
    negative values are coded by their magnitude with the mask 0x7F, others with 0xFF.
    """
    codes = _ulaw_magnitude_codes()
    positive = codes[:8192].translate(bytes(c ^ 0xFF for c in range(256)))      # s14 = 0..8191
    negative = codes[8192:0:-1].translate(bytes(c ^ 0x7F for c in range(256)))  # s14 = -8192..-1
    by_s14 = positive + negative       # indexed by s14 as unsigned 14-bit: (sample >> 2) & 0x3FFF
    table = bytearray(65536)
    for k in range(4):                 # the 4 samples sharing the top 14 bits share the code
        table[k::4] = by_s14
    return bytes(table)


def encode_ulaw(pcm: bytes) -> bytes:
    """G.711 µ-law bytes of mono signed 16-bit little-endian ``pcm`` (one byte per sample).

    A C-level ``map`` over the samples through a 64 KB table; done once per rendered
    sentence, when it is stored in the speech cache. One ``map`` call holds the interpreter
    lock to its end, so the samples go in slices of :data:`ENCODE_SLICE` with the lock
    released between them (``time.sleep(0)``): a sentence being stored never keeps the
    board's input or playback threads waiting longer than one slice (~0.2 ms here).
    """
    samples = array.array("H")
    samples.frombytes(pcm[: len(pcm) // 2 * 2])
    if sys.byteorder == "big":  # pragma: no cover - the Pi and CI are little-endian
        samples.byteswap()
    code = _ulaw_encoder().__getitem__
    out = bytearray()
    for start in range(0, len(samples), ENCODE_SLICE):
        out += bytes(map(code, samples[start : start + ENCODE_SLICE]))
        time.sleep(0)
    return bytes(out)


#: samples µ-law-encoded at a time by :func:`encode_ulaw` between two releases of the lock
ENCODE_SLICE = 4096


@functools.lru_cache(maxsize=32)
def _ulaw_tables(gain: float) -> tuple[bytes, bytes]:
    """(low bytes, high bytes) of the 16-bit value of each µ-law byte times ``gain``."""
    values = [max(-32768, min(32767, round(_ulaw_value(c) * gain))) & 0xFFFF for c in range(256)]
    return bytes(v & 0xFF for v in values), bytes(v >> 8 for v in values)


def decode_ulaw(data: bytes, gain: float = 1.0) -> bytes:
    """Mono signed 16-bit little-endian PCM of G.711 µ-law ``data``, every sample times ``gain``.

    Two ``bytes.translate`` calls and two slice assignments: no per-sample Python code, and
    the volume costs nothing extra (it is folded into the two 256-byte tables).
    """
    low, high = _ulaw_tables(max(0.0, float(gain)))
    out = bytearray(2 * len(data))
    out[0::2] = data.translate(low)
    out[1::2] = data.translate(high)
    return bytes(out)


#: the xz filter of the speech cache: LZMA2 with the previous sample's whole 4-bit context
#: for each literal (``lc=4``), no position bits (one byte a sample) and a 64 KB dictionary
#: (a decoder needs about 100 KB, whatever the sentence)
XZ_FILTERS = ({"id": lzma.FILTER_LZMA2, "preset": 6, "lc": 4, "lp": 0, "pb": 0, "dict_size": 1 << 16},)


def write_ulaw_wav(path: str | os.PathLike, clip: Clip, *, compress: bool | str = False) -> Path:
    """Write ``clip`` as a G.711 µ-law WAV (format tag 7, 8-bit mono) atomically; returns the path.

    Half the size of 16-bit PCM. ``compress``: ``"xz"`` (the speech cache: the .xz format
    with :data:`XZ_FILTERS`, about 0.37 of the µ-law for espeak-ng speech; ``unxz`` gives the
    WAV back), ``"gzip"`` or True (RFC 1952, level 6: about 0.62), False: none.
    :func:`read_wav` and :class:`SpeechPart` read all of them. The ``fact`` chunk (sample
    count) is the one RIFF requires of a non-PCM format.
    """
    path = Path(path)
    data = encode_ulaw(clip.pcm)
    fmt = (_WAVE_MULAW.to_bytes(2, "little") + (1).to_bytes(2, "little") + clip.rate.to_bytes(4, "little")
           + clip.rate.to_bytes(4, "little") + (1).to_bytes(2, "little") + (8).to_bytes(2, "little")
           + (0).to_bytes(2, "little"))
    body = (b"WAVE" + b"fmt " + len(fmt).to_bytes(4, "little") + fmt
            + b"fact" + (4).to_bytes(4, "little") + len(data).to_bytes(4, "little")
            + b"data" + len(data).to_bytes(4, "little") + data + (b"\x00" if len(data) & 1 else b""))
    blob = b"RIFF" + len(body).to_bytes(4, "little") + body
    if compress == "xz":
        blob = lzma.compress(blob, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=list(XZ_FILTERS))
    elif compress:
        blob = gzip.compress(blob, compresslevel=6, mtime=0)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "wb") as f:
        f.write(blob)
    os.replace(tmp, path)
    return path


# -- 22,050 Hz -> 14,700 Hz (2:3) without a per-sample Python loop ------------------------

#: the speech cache's sample rate (Hz): two thirds of espeak-ng's 22,050 Hz. Its 7,350 Hz
#: band holds what espeak-ng's formant voices put into speech (wideband telephony, G.722,
#: carries 50-7,000 Hz); the ALSA devices resample it to the cards' 48 kHz as they did 22,050 Hz
SPEECH_RATE = 14700
#: half-length (input samples) of the low-pass filter of :func:`downsample_2_3`
_FIR_HALF = 19
#: its Kaiser window's beta (about 60 dB stop band) and its taps' fixed-point bits
_FIR_BETA, _FIR_BITS = 5.65, 16
#: input samples filtered at a time (the interpreter lock is released between blocks)
_FIR_BLOCK = 3 * 4096


def _kaiser(beta: float, x: float) -> float:
    """The Kaiser window at ``x`` in [-1, 1] (I0 by its power series)."""
    def i0(z: float) -> float:
        total, term, k = 1.0, 1.0, 1
        while term > 1e-12 * total:
            term *= (z / (2 * k)) ** 2
            total += term
            k += 1
        return total

    return i0(beta * math.sqrt(max(0.0, 1.0 - x * x))) / i0(beta)


@functools.lru_cache(maxsize=2)
def _fir_taps(shift: float) -> tuple[int, ...]:
    """Integer taps (sum exactly 2**16: gain 1 at 0 Hz) of the windowed-sinc low-pass at the
    output Nyquist frequency (7,350 Hz, a third of the input rate), sampled ``shift`` input
    samples off centre: 0 for the outputs on an input sample, -0.5 for those between two."""
    fc = 1 / 3
    h = []
    for k in range(-_FIR_HALF, _FIR_HALF + 1):
        tau = k + shift
        x = 2 * fc * tau
        sinc = 1.0 if x == 0 else math.sin(math.pi * x) / (math.pi * x)
        h.append(2 * fc * sinc * _kaiser(_FIR_BETA, tau / (_FIR_HALF + 1)))
    total = sum(h)
    taps = [round(v / total * (1 << _FIR_BITS)) for v in h]
    taps[_FIR_HALF] += (1 << _FIR_BITS) - sum(taps)
    return tuple(taps)


_KEEP_ONE = bytes(0xFF if v == 1 else 0 for v in range(256))
_FILL_TOP = bytes(0xFF if v >= 2 else 0 for v in range(256))


def _fir_phase(fields: int, nfields: int, taps: tuple[int, ...], first: int, count: int) -> tuple[bytes, bytes]:
    """(low bytes, high bytes) of ``count`` filtered samples, every third coefficient from
    ``first`` of the product ``fields`` x taps (one big-integer multiplication, C speed).

    Each sample sits in a 40-bit field of ``fields`` as offset binary (``s + 32768``); the
    taps are packed the same way, reversed, so coefficient p of the product is the filter's
    sum at p. An offset makes every field non-negative, rounds, and puts the 16-bit result
    into bits 16-31 with bit 32 set exactly when it is in range; a field out of range (a
    filtered peak past full scale) is clipped through two 256-byte tables.
    """
    width = 5
    bits = 8 * width
    packed = 0
    for i, tap in enumerate(reversed(taps)):
        packed += tap << (bits * i)
    s = _FIR_BITS
    offset = (1 << (s + 15)) + (1 << (s + 16)) + (1 << (s - 1)) - 32768 * sum(taps)
    n = nfields + len(taps) + 1
    pattern = int.from_bytes(offset.to_bytes(width, "little") * n, "little")
    data = (fields * packed + pattern + (1 << (bits * n))).to_bytes(width * (n + 1), "little")
    start = width * first
    lo = data[start + 2 :: 3 * width][:count]
    hi = data[start + 3 :: 3 * width][:count]
    top = data[start + 4 :: 3 * width][:count]
    keep = int.from_bytes(top.translate(_KEEP_ONE), "little")
    fill = int.from_bytes(top.translate(_FILL_TOP), "little")
    lo = (int.from_bytes(lo, "little") & keep | fill).to_bytes(count, "little")
    hi = (int.from_bytes(hi, "little") & keep | fill).to_bytes(count, "little")
    return lo, hi.translate(_FLIP)


def downsample_2_3(pcm: bytes) -> bytes:
    """Mono 16-bit ``pcm`` at 22,050 Hz brought to 14,700 Hz (:data:`SPEECH_RATE`): low-pass
    filtered (windowed sinc, Kaiser: flat to 6.3 kHz within 0.01 dB, -6 dB at 7,350 Hz, about
    -60 dB from 8.4 kHz, so nothing folds back into the band), every output sample rounded.

    ``round(n * 2 / 3)`` samples come out of ``n``: the length stays within half a sample
    (34 µs) of the input's. Output 2q sits on input sample 3q, output 2q+1 half way between
    3q+1 and 3q+2. Done by big-integer multiplications (:func:`_fir_phase`) in blocks of
    :data:`_FIR_BLOCK` input samples, the interpreter lock released between two blocks.
    """
    n = len(pcm) // 2
    total = round(n * 2 / 3)
    if total == 0:
        return b""
    pad = _FIR_HALF + 2
    u = bytearray(pcm[: 2 * n])
    u[1::2] = bytes(u[1::2]).translate(_FLIP)          # offset binary: 0 is b"\x00\x80"
    xb = b"\x00\x80" * pad + bytes(u) + b"\x00\x80" * (pad + 3)
    even_taps, odd_taps = _fir_taps(0.0), _fir_taps(-0.5)
    out = bytearray(2 * total)
    per_block = _FIR_BLOCK // 3                            # outputs 2q, 2q+1 for q in a block
    for q0 in range(0, (total + 1) // 2, per_block):
        q1 = min(q0 + per_block, (total + 1) // 2)
        # padded input 3q0 .. 3q1 + 2 pad: every sample the block's outputs reach
        piece = xb[2 * 3 * q0 : 2 * (3 * q1 + 2 * pad + 1)]
        nf = len(piece) // 2
        fields = bytearray(5 * nf)
        fields[0::5] = piece[0::2]
        fields[1::5] = piece[1::2]
        value = int.from_bytes(fields, "little")
        n_even = min(q1, (total + 1) // 2) - q0
        n_odd = min(q1, total // 2) - q0
        lo, hi = _fir_phase(value, nf, even_taps, _FIR_HALF + pad, n_even)
        out[4 * q0 : 4 * q0 + 4 * n_even : 4] = lo
        out[4 * q0 + 1 : 4 * q0 + 4 * n_even : 4] = hi
        if n_odd > 0:
            lo, hi = _fir_phase(value, nf, odd_taps, 1 + _FIR_HALF + pad, n_odd)
            out[4 * q0 + 2 : 4 * q0 + 4 * n_odd : 4] = lo
            out[4 * q0 + 3 : 4 * q0 + 4 * n_odd : 4] = hi
        time.sleep(0)
    return bytes(out)


def resample(clip: Clip, rate: int) -> Clip:
    """``clip`` at ``rate`` Hz (no-op when the rate already matches): 22,050 -> 14,700 Hz by
    :func:`downsample_2_3`, any other pair by linear interpolation."""
    if clip.rate == rate or clip.frames == 0:
        return Clip(clip.pcm, rate) if clip.frames == 0 else clip
    if clip.rate * 2 == rate * 3:
        return Clip(downsample_2_3(clip.pcm), rate)
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
    """``clip`` followed by silence up to ``seconds`` (unchanged if already that long); a
    :class:`LazyClip` stays lazy (the silence is made when played)."""
    missing = round(seconds * clip.rate) - clip.frames
    if missing <= 0:
        return clip
    if isinstance(clip, LazyClip):
        return clip.padded(clip.frames + missing)  # type: ignore[return-value]
    return Clip(clip.pcm + b"\x00\x00" * missing, clip.rate)


def rms(clip: Clip) -> float:
    """Root mean square of the samples, on the 16-bit scale (0–32768); 0.0 for an empty clip."""
    a = clip.samples()
    if not a:
        return 0.0
    return math.sqrt(sum(s * s for s in a) / len(a))
