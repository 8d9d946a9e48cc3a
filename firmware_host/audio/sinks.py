"""Playback sinks: where finished clips go. The audio service only talks to :class:`Sink`.

An *output* is ``"public"`` (table speaker), ``"seat:N"`` (seat N's earphone, 0-based) or
``"whisper"`` (the shared whisper-station earphone). A sink's :meth:`Sink.play` starts playing
a :class:`~firmware_host.audio.clip.Clip` and returns a :class:`Playback` handle at once; the
service waits on it and may :meth:`Playback.stop` it to interrupt.

- :class:`AlsaSink` — the Pi: one ``aplay -D <device>`` process per clip, fed on stdin.
- :class:`RecordingSink` — tests: remembers what was played where (with key, text, duration,
  earcon); with ``hold=True`` a clip keeps "playing" until the test calls :meth:`finish`.
- :class:`WavDirSink` — ``simulate --audio-dir``: one numbered WAV file per utterance.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import subprocess
import threading
import time
from pathlib import Path
from typing import Mapping, Protocol

from firmware_host.audio.clip import Clip, LazyClip, wav_header, write_wav
from firmware_host.errors import FirmwareHostError

log = logging.getLogger("firmware_host.audio")


class SinkError(FirmwareHostError, RuntimeError):
    """An output that cannot play (no device configured for it, player program missing)."""


@dataclasses.dataclass(frozen=True)
class PlayInfo:
    """What a clip is, for sinks that record or name files.

    :param output: ``"public"``, ``"seat:N"`` or ``"whisper"``: where it is played.
    :param channel: the channel it was addressed to (``"public"`` or ``"seat:N"``).
    :param key: catalogue key (``""`` for an earcon alone).
    :param text: the spoken sentence (``""`` for an earcon alone).
    :param earcon: earcon name played before the speech, or None.
    :param priority: ``normal``, ``refusal``, ``fault``, ``game_over`` or ``request``.
    :param seq: the utterance's number, in the order ``say`` was called (from 1).
    """

    output: str
    channel: str
    key: str
    text: str
    earcon: str | None
    priority: str
    seq: int


class Playback:
    """A clip being played, as its sink reports it. Thread-safe; :meth:`stop` may be called
    from any thread.

    The sink calls :meth:`started` when the clip's first sample reaches the output device
    and :meth:`finished` when its last one has been played; the audio service plans with
    these two moments (ACCESSIBILITY.md 20-25), through :meth:`on_start` and :meth:`on_done`.

    :ivar path: the file written for this clip (:class:`WavDirSink`), else None.
    :ivar stopped: True if :meth:`stop` cut it off before its end.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self.stopped = False
        self._done = threading.Event()
        self._begun = False
        self._lock = threading.Lock()
        self._on_start: list = []
        self._on_done: list = []

    def started(self) -> None:
        """Mark the clip's first sample as reaching the device (called by the sink; once)."""
        with self._lock:
            if self._begun:
                return
            self._begun = True
            callbacks, self._on_start = self._on_start, []
        for fn in callbacks:
            fn()

    def finished(self) -> None:
        """Mark the clip as played to its end (called by the sink)."""
        self.started()
        with self._lock:
            if self._done.is_set():
                return
            self._done.set()
            callbacks, self._on_done = self._on_done, []
        for fn in callbacks:
            fn()

    def stop(self) -> None:
        """Cut the clip off now (no effect once finished)."""
        with self._lock:
            if self._done.is_set():
                return
            self.stopped = True
        self._on_stop()
        self.started()
        with self._lock:
            if self._done.is_set():
                return
            self._done.set()
            callbacks, self._on_done = self._on_done, []
        for fn in callbacks:
            fn()

    def _on_stop(self) -> None:
        """Sink-specific stopping (kill the player process, cancel a timer)."""

    def on_start(self, fn) -> None:
        """Call ``fn()`` when the first sample reaches the device (at once if it has)."""
        with self._lock:
            if not self._begun:
                self._on_start.append(fn)
                return
        fn()

    def on_done(self, fn) -> None:
        """Call ``fn()`` when the clip has ended or was stopped (at once if so)."""
        with self._lock:
            if not self._done.is_set():
                self._on_done.append(fn)
                return
        fn()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until finished or stopped; True if so, False if ``timeout`` seconds passed first."""
        return self._done.wait(timeout)

    def done(self) -> bool:
        """True once finished or stopped."""
        return self._done.is_set()


class Sink(Protocol):
    """Where clips are played. ``play`` must return at once (playing goes on in the background)
    with a :class:`Playback` on which the sink calls ``started()`` when the first sample
    reaches the device and ``finished()`` after the last one (both may happen inside ``play``
    for a sink that plays nothing in real time)."""

    def play(self, clip: Clip, info: PlayInfo) -> Playback: ...

    def close(self) -> None: ...


@dataclasses.dataclass
class Played:
    """One clip a :class:`RecordingSink` was given.

    :param duration: the clip's length in seconds (padding and earcon included).
    :param interrupted: True if it was cut off by an interruption.
    :param handed_at: ``time.perf_counter()`` when the sink got it (benchmarks).
    """

    output: str
    channel: str
    key: str
    text: str
    earcon: str | None
    priority: str
    seq: int
    duration: float
    clip: Clip = dataclasses.field(repr=False)
    interrupted: bool = False
    handed_at: float = 0.0


class _RecordedPlayback(Playback):
    def __init__(self, record: Played, sink: "RecordingSink") -> None:
        super().__init__()
        self.record = record
        self._sink = sink

    def _on_stop(self) -> None:
        self.record.interrupted = True
        self._sink._notify()


class RecordingSink:
    """Keeps everything played, per output; for tests and the benchmark.

    :param hold: False (default): every clip finishes at once. True: a clip keeps playing
        until :meth:`finish` (or an interruption), so tests can act "while it speaks".

    Example::

        sink = RecordingSink()
        ...
        assert [p.key for p in sink.on("public")] == ["vote_passed"]
    """

    def __init__(self, hold: bool = False) -> None:
        self.hold = hold
        self.played: list[Played] = []
        self._playing: dict[str, _RecordedPlayback] = {}
        self._cond = threading.Condition()

    def play(self, clip: Clip, info: PlayInfo) -> Playback:
        """Record ``clip``; finished at once unless ``hold``."""
        record = Played(
            info.output, info.channel, info.key, info.text, info.earcon, info.priority, info.seq,
            clip.duration, clip, handed_at=time.perf_counter(),
        )
        playback = _RecordedPlayback(record, self)
        with self._cond:
            self.played.append(record)
            if self.hold:
                self._playing[info.output] = playback
        if self.hold:
            playback.started()
        else:
            playback.finished()
        with self._cond:
            self._cond.notify_all()
        return playback

    def on(self, output: str) -> list[Played]:
        """Everything given to ``output`` so far, in order."""
        with self._cond:
            return [p for p in self.played if p.output == output]

    def playing(self, output: str) -> Played | None:
        """What ``output`` is playing now (``hold`` mode), or None."""
        with self._cond:
            pb = self._playing.get(output)
            return pb.record if pb is not None and not pb.done() else None

    def finish(self, output: str) -> Played | None:
        """Let the clip playing on ``output`` end normally (``hold`` mode); returns it, or None."""
        with self._cond:
            pb = self._playing.pop(output, None)
        if pb is None or pb.done():
            return None
        pb.finished()
        return pb.record

    def wait_for(self, predicate, timeout: float = 10.0) -> bool:
        """Block until ``predicate(sink)`` is true (re-checked on every play/stop); False on timeout.

        The predicate runs without the sink's lock held, so it may ask the audio service
        (whose players call into this sink) without risking a deadlock.
        """
        deadline = time.monotonic() + timeout
        while True:
            with self._cond:
                seen = len(self.played)
            if predicate(self):
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            with self._cond:
                if len(self.played) == seen:
                    self._cond.wait(min(left, 0.02))

    def _notify(self) -> None:
        with self._cond:
            self._cond.notify_all()

    def close(self) -> None:
        """Stop anything still held."""
        with self._cond:
            held = list(self._playing.values())
            self._playing.clear()
        for pb in held:
            pb.finished()


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "-" for c in text)[:40] or "earcon"


class WavDirSink:
    """Writes one WAV per utterance into ``directory`` (``simulate --audio-dir``).

    Files are named ``<seq:05d>-<output>-<key>.wav`` (``seat:3`` → ``seat3``), numbered in the
    order the utterances were made, so a run's files sort in speaking order per output. Each
    clip finishes as soon as it is written; :attr:`Playback.path` is the file.

    :param directory: the folder (created if missing).
    """

    def __init__(self, directory: str | os.PathLike) -> None:
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.paths: list[Path] = []

    def path_for(self, info: PlayInfo) -> Path:
        """The file name a clip with this info gets."""
        return self.directory / f"{info.seq:05d}-{info.output.replace(':', '')}-{_slug(info.key)}.wav"

    def play(self, clip: Clip, info: PlayInfo) -> Playback:
        """Write ``clip`` to its numbered file; returns a finished :class:`Playback` with ``path``."""
        path = write_wav(self.path_for(info), clip)
        self.paths.append(path)
        playback = Playback(path)
        playback.finished()
        return playback

    def close(self) -> None:
        """Nothing to release."""


def output_name(output: str) -> str:
    """An output as a builder names it: ``table speaker``, ``earphone of seat 4`` (``seat:3``,
    seats spoken from 1), ``whisper station``."""
    if output == "public":
        return "table speaker"
    if output == "whisper":
        return "whisper station"
    if output.startswith("seat:") and output[5:].isdigit():
        return f"earphone of seat {int(output[5:]) + 1}"
    return output


class _AlsaPlayback(Playback):
    """One ``aplay`` process fed by a thread of its own: the WAV header, then the samples as
    they are decoded (:meth:`~firmware_host.audio.clip.LazyClip.chunks`), as fast as the
    pipe takes them; :attr:`error` is set when aplay fails (not when it is stopped)."""

    def __init__(self, proc: subprocess.Popen, clip: "Clip | LazyClip", output: str, device: str) -> None:
        super().__init__()
        self._proc = proc
        self._output, self._device = output, device
        #: why the clip could not be played (a :class:`SinkError` naming the output), or None
        self.error: SinkError | None = None
        threading.Thread(target=self._feed, args=(clip,), name="aplay-feed", daemon=True).start()

    def _feed(self, clip: "Clip | LazyClip") -> None:
        proc = self._proc
        note = b""
        try:
            assert proc.stdin is not None
            proc.stdin.write(wav_header(clip.frames, clip.rate))
            for piece in clip.chunks():
                if self.stopped:
                    break
                proc.stdin.write(piece)
            proc.stdin.close()
        except Exception as exc:  # noqa: BLE001 - aplay ended (a fault, or stopped), or a clip failed
            if not isinstance(exc, (BrokenPipeError, OSError, ValueError)):
                log.exception("audio: cannot feed a clip to aplay on %s", output_name(self._output))
                proc.kill()
            note = str(exc).encode()
            try:
                proc.stdin.close()  # type: ignore[union-attr]
            except (BrokenPipeError, OSError, ValueError):
                pass
        try:
            err = proc.stderr.read() if proc.stderr is not None else b""
        except (OSError, ValueError):
            err = b""
        proc.wait()
        err = err or note
        code = proc.returncode
        if code != 0 and not self.stopped:
            lines = [line for line in (err or b"").decode("utf-8", "replace").splitlines() if line.strip()]
            why = lines[-1].strip() if lines else f"aplay exited with status {code}"
            self.error = SinkError(f"{output_name(self._output)} (ALSA device {self._device}): {why}")
        self.finished()

    def _on_stop(self) -> None:
        try:
            self._proc.terminate()
        except OSError:
            pass


class AlsaSink:
    """Real output on the Pi: each clip is piped into ``aplay -q -D <device> -t wav -``,
    a 16-bit PCM WAV streamed as it is decoded (a clip from the speech cache is decoded while
    it plays, never before it starts).

    One ALSA device per output (from ``[audio]``: ``public_device``, ``seat_devices``,
    ``whisper_device``); an 8-channel USB card exposes one ``plug`` device per earphone.
    Volume is applied to the samples by the service (per channel, from the config), so the
    mixer is left alone. Never started in tests.

    :param devices: output (``public``, ``seat:N``, ``whisper``) -> ALSA device name.
    :param aplay: the player program (default ``"aplay"``, from alsa-utils).
    :raises SinkError: from :meth:`play` when the output has no device or aplay is missing.

    A clip that ``aplay`` cannot play (no such device, card gone, device busy) finishes at
    once with ``playback.error``: a :class:`SinkError` naming the output and aplay's own last
    line of complaint; the audio service turns it into a spoken fault.
    """

    def __init__(self, devices: Mapping[str, str], aplay: str = "aplay") -> None:
        self.devices = dict(devices)
        self.aplay = aplay
        self._live: list[_AlsaPlayback] = []

    @classmethod
    def from_settings(cls, settings, seats: int) -> "AlsaSink":
        """An AlsaSink for ``seats`` seats from :class:`~firmware_host.audio.settings.AudioSettings`."""
        outputs = ["public", "whisper"] + [f"seat:{i}" for i in range(seats)]
        return cls({o: d for o in outputs if (d := settings.device(o))})

    def play(self, clip: Clip, info: PlayInfo) -> Playback:
        """Start ``aplay`` on the output's device and feed it the clip, decoded while it plays."""
        device = self.devices.get(info.output)
        if device is None:
            raise SinkError(f"{output_name(info.output)}: no ALSA device configured for output {info.output}")
        try:
            proc = subprocess.Popen(
                [self.aplay, "-q", "-D", device, "-t", "wav", "-"],
                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            )
        except OSError as exc:
            raise SinkError(f"{output_name(info.output)}: cannot start {self.aplay}: {exc}") from None
        playback = _AlsaPlayback(proc, clip, info.output, device)
        # the first sample reaches the device once aplay has opened it and read the header:
        # the spawn is the closest moment the sink can see (tens of milliseconds early); the
        # end is exact, aplay drains the device before it exits
        playback.started()
        self._live = [p for p in self._live if not p.done()] + [playback]
        return playback

    def check(self, outputs: list[str], seconds: float = 0.05, timeout: float = 10.0) -> dict[str, str]:
        """Play ``seconds`` of silence on every output at once; what failed, by output.

        The start-up check of ``run``: a device missing from ``asound.conf``, a card not
        plugged in or busy shows here, before the board says it is ready.

        :param outputs: ``public``, ``seat:N``, ``whisper``.
        :returns: output -> one line naming it and why (empty when all play).
        """
        from firmware_host.audio.clip import silence

        clip = silence(seconds)
        started: dict[str, Playback] = {}
        failed: dict[str, str] = {}
        for n, output in enumerate(outputs):
            try:
                started[output] = self.play(clip, PlayInfo(output, output, "", "", None, "normal", n))
            except SinkError as exc:
                failed[output] = str(exc)
        deadline = time.monotonic() + timeout
        for output, playback in started.items():
            if not playback.wait(max(0.0, deadline - time.monotonic())):
                playback.stop()
                failed[output] = f"{output_name(output)}: aplay did not finish within {timeout:g} s"
            elif getattr(playback, "error", None) is not None:
                failed[output] = str(playback.error)
        return failed

    def close(self) -> None:
        """Stop every clip still playing."""
        for p in self._live:
            p.stop()
        self._live.clear()


class _ClockPlayback(Playback):
    def __init__(self, path: Path | None) -> None:
        super().__init__(path)
        self.timer = None

    def _on_stop(self) -> None:
        if self.timer is not None:
            self.timer.cancel()


class ClockSink:
    """Plays each clip for its real length on a clock, without sound: ``simulate`` (on its
    virtual clock) and tests (on a :class:`~firmware_host.clock.RealClock` it really waits).

    A clip starts when :meth:`play` is called and finishes ``clip.duration`` seconds later on
    ``clock`` (SIMULATE.md "Time and speech"); :meth:`Playback.stop` cuts it off at once.

    :param clock: a :class:`~firmware_host.clock.Clock` (``now()``, ``call_later``).
    :param files: a :class:`WavDirSink` that also writes each clip (``--audio-dir``), or None.
    """

    def __init__(self, clock, files: "WavDirSink | None" = None) -> None:
        self.clock = clock
        self.files = files
        self._live: list[_ClockPlayback] = []
        self._lock = threading.Lock()

    def path_for(self, info: PlayInfo) -> Path | None:
        """The file a clip with this info is written to, or None without ``files``."""
        return self.files.path_for(info) if self.files is not None else None

    def play(self, clip: Clip, info: PlayInfo) -> Playback:
        """Start ``clip`` now; it finishes ``clip.duration`` seconds later on the clock."""
        path = write_wav(self.files.path_for(info), clip) if self.files is not None else None
        if path is not None:
            self.files.paths.append(path)
        playback = _ClockPlayback(path)
        playback.started()
        with self._lock:
            self._live = [p for p in self._live if not p.done()] + [playback]
        playback.timer = self.clock.call_later(clip.duration, playback.finished)
        return playback

    def close(self) -> None:
        """Cut off every clip still playing."""
        with self._lock:
            live, self._live = self._live, []
        for p in live:
            p.stop()
