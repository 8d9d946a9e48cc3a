"""Speech rendering: pyttsx3 (espeak-ng) to WAV, cached on disk, on one worker thread.

pyttsx3 2.99 misbehaves when used naively: several queued ``say()`` calls speak only the last,
a second ``runAndWait()`` can hang, and calls from more than one thread lose speech. None of
that may reach the game, so:

- pyttsx3 (libespeak-ng, C code) runs in a **worker process** of its own
  (:mod:`firmware_host.audio.speech_worker`), one sentence at a time with ``save_to_file`` +
  ``runAndWait``, so a crash there costs one render, never the board: a worker that dies is
  started again and the sentence rendered again (only the render call crosses the process
  boundary; the cache stays here); an injected ``engine_factory`` runs on an *engine thread*
  in this process instead (tests);
- one *dispatcher thread* takes jobs from a priority queue (live speech before
  pre-rendering), hands each to the worker (or engine thread) and waits at most ``timeout``
  seconds; on a timeout the worker is killed (the engine thread abandoned) and a new one started,
  and after ``max_engine_failures`` failures in a row the renderer falls back to running
  the ``espeak-ng -w`` binary (a process that *can* be killed), saying so in a log line;
- every sentence is rendered once: the WAV is cached under ``cache_dir``, keyed by a hash of
  (NFC text, language, voice, rate, the renderer's version: espeak-ng's and the stored
  format's, :func:`renderer_version`), written atomically, so a cache never serves a render
  of another espeak-ng or another store (their lengths differ by milliseconds), so a sentence already said starts at
  once, also after a restart; requests for a sentence already being rendered share its job.
  The cache holds G.711 µ-law WAV at 14,700 Hz, xz-compressed (about 0.19 of espeak-ng's
  16-bit PCM at 22,050 Hz; :meth:`SpeechRenderer._store`).

Example::

    renderer = SpeechRenderer("/var/cache/firmware-host/speech")
    path = renderer.render("Wahl: angenommen, fünf zu zwei", "de").wait()   # Path of a WAV
    renderer.close()
"""

from __future__ import annotations

import ctypes
import ctypes.util
import dataclasses
import functools
import hashlib
import heapq
import itertools
import json
import logging
import os
import queue
import select
import shutil
import subprocess
import sys
import threading
import time
import unicodedata
import wave
from pathlib import Path
from typing import Any, Callable

from firmware_host.audio.clip import RATE, SPEECH_RATE, read_wav, resample, write_ulaw_wav
from firmware_host.errors import FirmwareHostError

log = logging.getLogger("firmware_host.audio.speech")

#: language code -> espeak-ng voice name (``espeak-ng --voices``); "en" is British English,
#: "fr" French (France)
VOICES: dict[str, str] = {"de": "de", "en": "en", "fr": "fr"}
#: espeak-ng's rate limits, words per minute (ACCESSIBILITY.md 1)
MIN_RATE, MAX_RATE, DEFAULT_RATE = 80, 450, 175
#: render queue priorities (lower runs first)
LIVE, BACKGROUND = 0, 1
#: seconds under which a cached sentence is gzip- rather than xz-compressed (:meth:`SpeechRenderer._store`)
SHORT_S = 2.5


class SpeechError(FirmwareHostError, RuntimeError):
    """A sentence could not be rendered (empty text, bad rate or language, every backend failed)."""


def normalise(text: str) -> str:
    """``text`` in Unicode NFC with runs of whitespace made single spaces and ends stripped.

    NFC because espeak-ng mispronounces decomposed umlauts (espeak-ng#1933, ACCESSIBILITY.md 6).
    """
    return " ".join(unicodedata.normalize("NFC", text).split())


def cache_key(text: str, language: str, voice: str, rate: int, renderer: str = "") -> str:
    """The hex SHA-256 naming a rendered sentence: of the NFC text, language, voice, rate (wpm)
    and ``renderer`` (:func:`renderer_version`: what made the render and how it is stored)."""
    blob = json.dumps([normalise(text), language, voice, int(rate), renderer], ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


#: the format of a cached sentence (its coding, sample rate, compression): a change of what
#: :meth:`SpeechRenderer._store` keeps gets a new number, so older renders are never served
STORE_FORMAT = "ulaw-14700/1"


@functools.lru_cache(maxsize=None)
def espeak_version(binary: str = "espeak-ng", *, library_first: bool = True) -> str:
    """espeak-ng's version, e.g. ``"1.51"``: of libespeak-ng (``espeak_Info``, what pyttsx3
    renders with) or of the ``binary`` (``--version``), the other one where the first is
    missing; ``"unknown"`` without either. Asked once per process (both are fixed while it runs).

    :param library_first: False: the binary's first (the ``espeak-ng`` backend)."""
    def library() -> str | None:
        name = ctypes.util.find_library("espeak-ng")
        if name is None:
            return None
        try:
            info = ctypes.CDLL(name).espeak_Info
        except (OSError, AttributeError):
            return None
        info.restype, info.argtypes = ctypes.c_char_p, [ctypes.c_void_p]
        raw = info(None)       # needs no espeak_Initialize: the compiled-in version string
        return raw.decode("ascii", "replace").strip() or None if raw else None

    def program() -> str | None:
        try:
            out = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=10,
                                 check=False).stdout
        except (OSError, subprocess.SubprocessError):
            return None
        # "eSpeak NG text-to-speech: 1.51  Data at: /usr/lib/x86_64-linux-gnu/espeak-ng-data"
        head = out.split("Data at:")[0]
        words = head.rsplit(":", 1)[-1].split()
        return words[0] if words else None

    order = (library, program) if library_first else (program, library)
    return next((v for v in (find() for find in order) if v), "unknown")


def renderer_version(binary: str = "espeak-ng") -> str:
    """What a render's cache key names as its maker: espeak-ng's version
    (:func:`espeak_version`) and :data:`STORE_FORMAT`, e.g. ``"espeak-ng 1.51; ulaw-14700/1"``.
    The voice is in the key already (its name). The binary is asked first for either backend
    (the espeak-ng package and libespeak-ng, which pyttsx3 renders with, are one source and
    one version): loading the library here would put it into the service before it is ready
    (the start-up budget: the speech engine loads after READY=1)."""
    return f"espeak-ng {espeak_version(binary, library_first=False)}; {STORE_FORMAT}"


def _check_wav(path: Path) -> None:
    with wave.open(os.fspath(path), "rb") as w:
        if w.getnframes() == 0:
            raise SpeechError(f"the rendered file {path.name} holds no audio")


class RenderJob:
    """One sentence being rendered; shared by everyone asking for the same sentence.

    :ivar key: the cache key (hex SHA-256).
    :ivar path: where the WAV is (or will be) in the cache.
    :ivar text: the NFC text.
    """

    def __init__(self, key: str, path: Path, text: str, language: str, voice: str, rate: int) -> None:
        self.key, self.path, self.text = key, path, text
        self.language, self.voice, self.rate = language, voice, rate
        self.started = False
        self._done = threading.Event()
        self._error: BaseException | None = None
        self._callbacks: list[Callable[["RenderJob"], None]] = []
        self._cb_lock = threading.Lock()

    def _finish(self, error: BaseException | None = None) -> None:
        self._error = error
        with self._cb_lock:
            self._done.set()
            callbacks, self._callbacks = self._callbacks, []
        for fn in callbacks:
            try:
                fn(self)
            except Exception:  # noqa: BLE001 - a listener never stops the renderer
                log.exception("speech: a render listener failed")

    def add_done_callback(self, fn: Callable[["RenderJob"], None]) -> None:
        """Call ``fn(job)`` once the render has finished or failed (at once if it has), on the
        thread that finished it. The audio service builds and queues the clip from there."""
        with self._cb_lock:
            if not self._done.is_set():
                self._callbacks.append(fn)
                return
        fn(self)

    def done(self) -> bool:
        """True once the WAV is in the cache or the render has failed."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> Path:
        """Block until rendered and return the WAV's path.

        :param timeout: seconds to wait at most; None waits as long as it takes.
        :raises SpeechError: if the render failed, or ``timeout`` passed first.
        """
        if not self._done.wait(timeout):
            raise SpeechError(f"speech not rendered within {timeout} s: {self.text!r}")
        if self._error is not None:
            raise SpeechError(f"cannot render {self.text!r}: {self._error}") from self._error
        return self.path


#: every pyttsx3 engine made here, kept alive on purpose (see :class:`_EspeakEngine`)
_KEEP: list[Any] = []
#: one render at a time through libespeak-ng, whichever renderer asks (see :class:`_EspeakEngine`)
_ESPEAK_LOCK = threading.Lock()
#: the properties libespeak-ng (one per process) was last given, guarded by _ESPEAK_LOCK
_ESPEAK_PROPS: dict[str, Any] = {}


_KEPT_PROXY_CLASSES: dict[type, type] = {}


def _kept_proxy_class(base: type) -> type:
    """A subclass of pyttsx3's ``DriverProxy`` (``base``) whose finaliser does nothing.

    pyttsx3 2.99's ``DriverProxy.__del__`` calls the espeak driver's ``destroy()``, i.e.
    ``espeak_SetSynthCallback(None)``: run for a proxy freed while another engine works, it
    would silence that engine (why engines are kept in :data:`_KEEP`); run at interpreter exit,
    after Python has cleared ``pyttsx3.driver``'s globals (a test runner keeps the modules
    alive to the end), it fails and prints "Exception ignored in: <function
    DriverProxy.__del__> ... AttributeError: 'NoneType' object has no attribute 'suppress'".
    A kept engine's proxy never needs that clean-up: libespeak-ng lives as long as the process.
    """
    cls = _KEPT_PROXY_CLASSES.get(base)
    if cls is None:

        def __del__(self: Any) -> None:
            """Nothing: the synthesis callback stays registered (see :func:`_kept_proxy_class`)."""

        cls = type(f"Kept{base.__name__}", (base,), {"__del__": __del__, "__module__": __name__})
        _KEPT_PROXY_CLASSES[base] = cls
    return cls


class _EspeakEngine:
    """A pyttsx3 engine on the espeak driver, used so that its known races cannot bite.

    With ``AUDIO_OUTPUT_RETRIEVAL`` libespeak-ng runs asynchronously (a FIFO thread). pyttsx3
    2.99 queues property changes and runs them together with an ``endLoop`` that calls
    ``espeak_Cancel`` when espeak is busy, which flushes the queued rate or voice change; and
    its ``runAndWait`` returns ~10 ms after *starting* synthesis, before the WAV is written.
    So this wrapper sets properties on the driver directly, waits for espeak's FIFO to drain
    (``espeak_Synchronize``) before synthesising, and after ``runAndWait`` waits until the
    driver has written the file. A stuck wait is caught by the renderer's timeout.

    libespeak-ng is one per process with one synthesis callback: a pyttsx3 driver being
    garbage-collected unregisters it (``SetSynthCallback(None)``), silencing the engine that
    replaced it. So engines are never freed (:data:`_KEEP`, a few KB each; their proxies'
    finaliser is disabled too, :func:`_kept_proxy_class`, so exit stays quiet) and each render
    registers its own driver's callback again, and renders of all engines in the process
    are serialised by :data:`_ESPEAK_LOCK` (held from ``save_to_file`` to the end of
    ``runAndWait``; a hung render keeps it, so later ones time out and the renderer falls
    back to the binary, as it should).
    """

    def __init__(self) -> None:
        import pyttsx3
        import pyttsx3.drivers.espeak as espeak_driver
        from pyttsx3.drivers import _espeak

        # The espeak driver prints "Audio saved to …" on stdout, which `simulate` uses for JSON
        # Lines; shadow print in that module only (module globals come before builtins).
        espeak_driver.print = lambda *args, **kwargs: log.debug("pyttsx3: %s", " ".join(map(str, args)))
        self._espeak = _espeak
        with _ESPEAK_LOCK:  # the driver initialises libespeak-ng once per process, unguarded
            self.engine = pyttsx3.Engine("espeak")
            _ESPEAK_PROPS.clear()  # a new driver resets voice, rate and volume
        self._driver = self.engine.proxy._driver
        self.engine.proxy.__class__ = _kept_proxy_class(type(self.engine.proxy))
        self._props: dict[str, Any] = {}
        self._locked = False
        _KEEP.append(self.engine)

    def setProperty(self, name: str, value: Any) -> None:
        self._props[name] = value  # applied under the lock in save_to_file

    def save_to_file(self, text: str, path: str) -> None:
        if not _ESPEAK_LOCK.acquire(timeout=60):
            raise SpeechError("libespeak-ng is held by another render that does not finish")
        self._locked = True
        try:
            changed = False
            for name, value in self._props.items():
                if _ESPEAK_PROPS.get(name, object()) != value:
                    _ESPEAK_PROPS.pop(name, None)
                    self._driver.setProperty(name, value)  # at once, not through pyttsx3's queue
                    _ESPEAK_PROPS[name] = value
                    changed = True
            if changed:  # espeak_Synchronize polls every 20 ms: only when something changed
                self._espeak.Synchronize()  # property changes are applied before synthesis starts
            self._espeak.SetSynthCallback(self._driver._onSynth)
            self.engine.save_to_file(text, path)
        except BaseException:
            self._locked = False
            _ESPEAK_LOCK.release()
            raise

    def runAndWait(self) -> None:
        try:
            self.engine.runAndWait()
            self._espeak.Synchronize()
            while self._driver._speaking:  # the callback writes the file at MSG_TERMINATED
                time.sleep(0.002)
        finally:
            if self._locked:
                self._locked = False
                _ESPEAK_LOCK.release()

    def endLoop(self) -> None:
        self._driver.endLoop()

    def stop(self) -> None:
        self._driver.stop()


def _default_engine_factory() -> Any:
    """A new pyttsx3 espeak engine (not ``pyttsx3.init``, which would hand back a hung one)."""
    return _EspeakEngine()


@dataclasses.dataclass
class _EngineRequest:
    text: str
    voice: str
    rate: int
    out: Path
    done: threading.Event = dataclasses.field(default_factory=threading.Event)
    error: BaseException | None = None


class _EngineThread:
    """The only thread touching one pyttsx3 engine; abandoned (never joined) when it hangs."""

    _ids = itertools.count(1)

    def __init__(self, factory: Callable[[], Any]) -> None:
        self._factory = factory
        self._requests: queue.Queue[_EngineRequest | None] = queue.Queue()
        self.engine: Any = None
        self.abandoned = False
        self.thread = threading.Thread(target=self._run, name=f"speech-engine-{next(self._ids)}", daemon=True)
        self.thread.start()

    def submit(self, request: _EngineRequest) -> None:
        self._requests.put(request)

    def abandon(self) -> None:
        """Give up on this engine: ask it to stop (best effort) and let its thread end whenever."""
        self.abandoned = True
        self._requests.put(None)
        engine = self.engine
        for name in ("endLoop", "stop"):
            try:
                getattr(engine, name)()
            except Exception:  # noqa: BLE001 - the engine is being thrown away
                pass

    def _run(self) -> None:
        try:
            self.engine = self._factory()
        except BaseException as exc:  # noqa: BLE001 - reported on every request
            init_error: BaseException | None = exc
        else:
            init_error = None
        while True:
            request = self._requests.get()
            if request is None or self.abandoned:
                if request is not None:
                    request.error = SpeechError("engine abandoned")
                    request.done.set()
                return
            if init_error is not None:
                request.error = init_error
                request.done.set()
                continue
            try:
                self.engine.setProperty("voice", request.voice)
                self.engine.setProperty("rate", request.rate)
                self.engine.setProperty("volume", 1.0)
                self.engine.save_to_file(request.text, os.fspath(request.out))
                self.engine.runAndWait()
            except BaseException as exc:  # noqa: BLE001 - handed to the dispatcher
                request.error = exc
            request.done.set()


class SpeechWorkerDied(SpeechError):
    """The speech worker process ended during a render (a crash in libespeak-ng, a kill)."""


class _WorkerProcess:
    """pyttsx3 in a process of its own (:mod:`firmware_host.audio.speech_worker`): a crash or
    hang there costs one render, never the board. Used by one dispatcher thread at a time."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "firmware_host.audio.speech_worker"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=None, close_fds=True)
        self._buffer = b""

    @property
    def pid(self) -> int:
        return self.proc.pid

    def render(self, text: str, voice: str, rate: int, out: Path, timeout: float) -> None:
        """Render one sentence into ``out``.

        :raises SpeechWorkerDied: the worker ended (its exit status or signal named).
        :raises TimeoutError: no answer within ``timeout`` seconds (the worker is killed).
        :raises ValueError: the request is bad (an unknown voice): the worker is fine.
        :raises SpeechError: the engine failed this sentence.
        """
        request = json.dumps({"text": text, "voice": voice, "rate": int(rate), "out": os.fspath(out)})
        assert self.proc.stdin is not None and self.proc.stdout is not None
        try:
            self.proc.stdin.write(request.encode("utf-8") + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise SpeechWorkerDied(f"the speech worker ended ({self._ended()})") from None
        deadline = time.monotonic() + timeout
        fd = self.proc.stdout.fileno()
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                self.kill()
                raise TimeoutError(f"the speech worker did not finish within {timeout} s")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                raise SpeechWorkerDied(f"the speech worker ended ({self._ended()})")
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        try:
            reply = json.loads(line)
        except ValueError:
            self.kill()
            raise SpeechWorkerDied("the speech worker answered something else than a reply") from None
        if not reply.get("ok"):
            if reply.get("value"):
                raise ValueError(reply.get("error", "bad request"))
            raise SpeechError(str(reply.get("error", "render failed")))

    def _ended(self) -> str:
        try:
            code = self.proc.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            self.kill()
            return "no longer answering"
        return f"killed by signal {-code}" if code < 0 else f"exit status {code}"

    def kill(self) -> None:
        """End the worker at once (SIGKILL) and reap it."""
        try:
            self.proc.kill()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            pass
        self._close_pipes()

    def close(self) -> None:
        """Let the worker end at the end of its input; kill it if it does not within 2 s."""
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
            self.proc.wait(timeout=2.0)
        except (OSError, subprocess.TimeoutExpired):
            self.kill()
        self._close_pipes()

    def _close_pipes(self) -> None:
        for pipe in (self.proc.stdin, self.proc.stdout):
            try:
                if pipe is not None:
                    pipe.close()
            except OSError:
                pass


class SpeechRenderer:
    """Renders sentences to cached WAV files on one worker thread, with a timeout per render.

    :param cache_dir: folder of the speech cache (created if missing); files are
        ``<cache_dir>/<key[:2]>/<key>.wavz`` (``.wav`` with ``compact=False``).
    :param timeout: seconds one render may take before the engine is thrown away (default 10).
    :param engine_factory: ``() -> engine`` with pyttsx3's ``setProperty``, ``save_to_file``,
        ``runAndWait``, run on an engine thread in this process (tests); default None: pyttsx3
        on the espeak driver in a **worker process** of its own
        (:mod:`firmware_host.audio.speech_worker`), so that a crash in libespeak-ng costs one
        render, never the board: a worker that dies is started again and the sentence
        rendered again (``worker_pid`` is its process id, ``engines_created`` counts starts).
    :param backend: ``"pyttsx3"`` (default) or ``"espeak-ng"`` (the binary from the start).
    :param max_engine_failures: failed pyttsx3 renders in a row before falling back to the
        binary (default 2).
    :param espeak_binary: name or path of the espeak-ng program (default ``"espeak-ng"``).
    :param cache_max_mb: the cache is pruned to this size (MB, least recently used first) in
        the background at start; 0 = never prune. A cache hit marks a file as used (mtime).
    :param compact: store sentences as xz-compressed G.711 µ-law WAV at 14,700 Hz (default;
        about 0.19 of the size) rather than as espeak-ng's 16-bit PCM WAV at 22,050 Hz.
    :param hold: synthesise nothing (and prune nothing) until :meth:`release`; cache hits are
        served meanwhile. ``run`` holds the engine until it has told systemd it is ready.
    :param version: the renderer's version its cache keys name (:func:`renderer_version`);
        None: the installed espeak-ng's for ``backend``. A cache filled by another espeak-ng
        (or another store format) holds nothing this renderer serves.
    :raises SpeechError: if ``backend`` is unknown.
    """

    def __init__(
        self,
        cache_dir: str | os.PathLike,
        *,
        timeout: float = 10.0,
        engine_factory: Callable[[], Any] | None = None,
        backend: str = "pyttsx3",
        max_engine_failures: int = 2,
        espeak_binary: str = "espeak-ng",
        cache_max_mb: float = 0,
        compact: bool = True,
        hold: bool = False,
        version: str | None = None,
    ) -> None:
        if backend not in ("pyttsx3", "espeak-ng"):
            raise SpeechError(f"unknown speech backend {backend!r}; use pyttsx3 or espeak-ng")
        self.cache_dir = Path(cache_dir)
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        self.timeout = float(timeout)
        self.backend = backend
        self.max_engine_failures = max(1, int(max_engine_failures))
        self.espeak_binary = espeak_binary
        self.compact = bool(compact)
        #: what every cache key of this renderer names as the render's maker (espeak-ng's
        #: version, the store format): fixed at start, also when pyttsx3 falls back to the binary
        self.version = version if version is not None else renderer_version(espeak_binary)
        if not self.compact:
            self.version = self.version.replace(STORE_FORMAT, "pcm-22050")
        #: the cached files' suffix: µ-law WAV, xz- or gzip-compressed (told by its first
        #: bytes; ``xz -dc`` or ``zcat`` gives the WAV), or PCM WAV
        self.suffix = ".wavz" if self.compact else ".wav"
        #: the sample rate (Hz) of every cached sentence, and so of every clip played
        self.sample_rate = SPEECH_RATE if self.compact else RATE
        self._factory = engine_factory
        self._engine: _EngineThread | None = None
        self._worker: _WorkerProcess | None = None
        self._failures = 0
        #: ``pronounce(text, language) -> text``: the game's pronunciation overrides (espeak-ng
        #: phoneme input ``[[...]]`` for words the voice gets wrong), applied to what is
        #: synthesised and cached, never to what is logged; None: the text as it is
        self.pronounce: Callable[[str, str], str] | None = None
        #: number of sentences actually synthesised (cache misses), for tests and benchmarks
        self.render_count = 0
        #: number of engines created (1 + recoveries)
        self.engines_created = 0
        self._heap: list[tuple[int, int, RenderJob]] = []
        self._seq = itertools.count()
        self._jobs: dict[str, RenderJob] = {}
        self._cond = threading.Condition()
        self._closed = False
        #: set when speech may be synthesised (at once, unless ``hold``; see :meth:`release`)
        self.released = threading.Event()
        if not hold:
            self.released.set()
        self._thread = threading.Thread(target=self._dispatch, name="speech-dispatch", daemon=True)
        self._thread.start()
        if cache_max_mb > 0:
            threading.Thread(target=self._prune_when_released, args=(cache_max_mb,), name="speech-prune",
                             daemon=True).start()

    # -- public -----------------------------------------------------------------------------

    def path_for(self, text: str, language: str, voice: str = "", rate: int = DEFAULT_RATE) -> Path:
        """Where the WAV of this sentence lives in the cache (whether rendered yet or not)."""
        text = self._pronounced(normalise(text), language)
        key = cache_key(text, language, voice or VOICES.get(language, language), rate, self.version)
        return self.cache_dir / key[:2] / f"{key}{self.suffix}"

    def render(
        self, text: str, language: str = "de", voice: str = "", rate: int = DEFAULT_RATE, *, background: bool = False
    ) -> RenderJob:
        """Render a sentence (or find it in the cache); returns at once with its :class:`RenderJob`.

        :param text: the sentence; normalised to NFC (:func:`normalise`).
        :param language: ``"de"`` or ``"en"`` (any espeak-ng voice name is accepted as well).
        :param voice: an espeak-ng voice name; empty = the language's voice (:data:`VOICES`).
        :param rate: words per minute, 80–450.
        :param background: True for pre-rendering: runs after every live render.
        :raises SpeechError: on empty text or a rate out of range.
        """
        text = normalise(text)
        if not text:
            raise SpeechError("nothing to say: the text is empty")
        text = self._pronounced(text, language)
        if not (MIN_RATE <= int(rate) <= MAX_RATE):
            raise SpeechError(f"speech rate {rate} words per minute is outside {MIN_RATE}–{MAX_RATE}")
        voice = voice or VOICES.get(language, language)
        key = cache_key(text, language, voice, int(rate), self.version)
        path = self.cache_dir / key[:2] / f"{key}{self.suffix}"
        with self._cond:
            job = self._jobs.get(key)
            if job is not None and not job.done():
                if not background and not job.started:
                    heapq.heappush(self._heap, (LIVE, next(self._seq), job))  # promote
                    self._cond.notify()
                return job
            job = RenderJob(key, path, text, language, voice, int(rate))
            if path.exists():
                try:
                    os.utime(path)  # recently used: kept by prune()
                except OSError:
                    pass
                job.started = True
                job._finish()
                return job
            if self._closed:
                raise SpeechError("the speech renderer is closed")
            self._jobs[key] = job
            heapq.heappush(self._heap, (BACKGROUND if background else LIVE, next(self._seq), job))
            self._cond.notify()
            return job

    def _pronounced(self, text: str, language: str) -> str:
        if self.pronounce is None:
            return text
        try:
            return normalise(self.pronounce(text, language))
        except Exception as exc:  # a broken override table must not silence the board
            log.error("pronunciation overrides failed, speaking the text as written: %s", exc)
            return text

    def prune(self, max_mb: float) -> int:
        """Delete the least recently used cached sentences until the cache holds ≤ ``max_mb`` MB.

        :returns: the number of files deleted. Files vanishing meanwhile are skipped.
        """
        files = []
        for path in self.cache_dir.glob("*/*.wav*"):  # .wavz, .wav of compact=False, .wav.gz of before
            try:
                st = path.stat()
            except OSError:
                continue
            files.append((st.st_mtime, st.st_size, path))
        total = sum(size for _, size, _ in files)
        limit = max_mb * 1e6
        removed = 0
        for _, size, path in sorted(files):
            if total <= limit:
                break
            try:
                path.unlink()
            except OSError:
                continue
            total -= size
            removed += 1
        if removed:
            log.info("speech: pruned %d cached sentences to keep the cache under %g MB", removed, max_mb)
        return removed

    def release(self) -> None:
        """Start synthesising (a renderer made with ``hold=True``): ``run`` calls it right after
        READY=1, so neither the speech engine's start (pyttsx3, libespeak-ng) nor the cache's
        pruning is on the path to "ready". Sentences already cached play before it."""
        self.released.set()
        with self._cond:
            self._cond.notify_all()

    def _prune_when_released(self, max_mb: float) -> None:
        while not self.released.wait(0.5):
            if self._closed:
                return
        self.prune(max_mb)

    def pending(self) -> int:
        """Number of jobs waiting in the queue (pre-rendering included)."""
        with self._cond:
            return sum(1 for _, _, j in self._heap if not j.started)

    def close(self) -> None:
        """Stop the worker; jobs not yet started fail with :class:`SpeechError`."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout=self.timeout + 1)
        if self._engine is not None:
            self._engine.abandon()
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.close()

    @property
    def worker_pid(self) -> int | None:
        """The process id of the speech worker now running, or None (none started yet, or
        an in-process ``engine_factory``)."""
        worker = self._worker
        return None if worker is None else worker.pid

    # -- worker -----------------------------------------------------------------------------

    def _dispatch(self) -> None:
        while True:
            with self._cond:
                while (not self._heap or not self.released.is_set()) and not self._closed:
                    self._cond.wait()
                if self._closed:
                    left = [j for _, _, j in self._heap if not j.started]
                    self._heap.clear()
                    break
                _, _, job = heapq.heappop(self._heap)
                if job.started:
                    continue
                job.started = True
            try:
                self._render(job)
            except BaseException as exc:  # noqa: BLE001 - reported through the job
                log.error("speech: cannot render %r: %s", job.text, exc)
                job._finish(exc)
            else:
                job._finish()
            with self._cond:
                if self._jobs.get(job.key) is job:
                    del self._jobs[job.key]
        for job in left:
            job.started = True
            job._finish(SpeechError("the speech renderer was closed"))

    def _render(self, job: RenderJob) -> None:
        if job.path.exists():
            return
        job.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = job.path.with_name(f".{job.key}.{os.getpid()}.{threading.get_ident()}.tmp.wav")
        last_error: BaseException | None = None
        for _attempt in range(self.max_engine_failures + 2):
            try:
                if self.backend == "pyttsx3":
                    self._render_pyttsx3(job, tmp)
                else:
                    self._render_binary(job, tmp)
                _check_wav(tmp)
            except BaseException as exc:  # noqa: BLE001 - counted, then retried or reported
                last_error = exc
                if isinstance(exc, ValueError) and not isinstance(exc, SpeechError):
                    break  # a bad voice name: the engine is fine, the request is not
                if self.backend == "pyttsx3":
                    self._engine_failed(exc)
                else:
                    break
                continue
            self._store(tmp, job.path)
            self.render_count += 1
            self._failures = 0
            return
        try:
            tmp.unlink()
        except OSError:
            pass
        raise SpeechError(str(last_error))

    def _store(self, tmp: Path, path: Path) -> None:
        """Put the rendered PCM WAV ``tmp`` into the cache at ``path``: brought from 22,050 to
        14,700 Hz (:func:`~firmware_host.audio.clip.downsample_2_3`), as G.711 µ-law,
        xz-compressed (about 0.19 of the PCM; 10-seat tables in three languages fit in 100 MB);
        a sentence shorter than :data:`SHORT_S` gzip-compressed instead: the short answers
        (names, counts, refusals) decode in a seventh of xz's time for a few per cent of the
        cache's bytes.

        espeak-ng's formant voices put next to nothing above 7 kHz (``budget_bench`` measures
        the share), and 14,700 Hz keeps everything below 6.3 kHz untouched; µ-law keeps 14
        bits of dynamic range where speech needs it (near silence);
        :class:`~firmware_host.audio.clip.SpeechPart` decodes it at any volume, while it
        plays, without a per-sample loop. The length stays within half a sample (34 µs) of
        espeak-ng's. ``compact=False`` keeps 16-bit PCM at 22,050 Hz.
        """
        if not self.compact:
            os.replace(tmp, path)
            return
        try:
            clip = resample(read_wav(tmp), SPEECH_RATE)
            write_ulaw_wav(path, clip, compress="gzip" if clip.duration < SHORT_S else "xz")
        finally:
            try:
                tmp.unlink()
            except OSError:
                pass

    def _render_pyttsx3(self, job: RenderJob, tmp: Path) -> None:
        if self._factory is None:        # the worker process (see engine_factory)
            if self._worker is None:
                self._worker = _WorkerProcess()
                self.engines_created += 1
            self._worker.render(job.text, job.voice, job.rate, tmp, self.timeout)
            return
        if self._engine is None:
            self._engine = _EngineThread(self._factory)
            self.engines_created += 1
        request = _EngineRequest(job.text, job.voice, job.rate, tmp)
        self._engine.submit(request)
        if not request.done.wait(self.timeout):
            raise TimeoutError(f"pyttsx3 did not finish within {self.timeout} s")
        if request.error is not None:
            raise request.error

    def _engine_failed(self, exc: BaseException) -> None:
        self._failures += 1
        engine, self._engine = self._engine, None
        if engine is not None:
            engine.abandon()
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.kill()
        if self._failures >= self.max_engine_failures and shutil.which(self.espeak_binary):
            self.backend = "espeak-ng"
            log.warning(
                "speech: pyttsx3 failed %d times in a row (last: %s); using the %s binary from now on",
                self._failures, exc, self.espeak_binary,
            )
        else:
            log.warning("speech: pyttsx3 render failed (%s); recreating the engine", exc)

    def _render_binary(self, job: RenderJob, tmp: Path) -> None:
        cmd = [self.espeak_binary, "-v", job.voice, "-s", str(job.rate), "-b", "1", "-w", os.fspath(tmp), "--stdin"]
        try:
            proc = subprocess.run(
                cmd, input=job.text.encode("utf-8"), capture_output=True, timeout=self.timeout, check=False
            )
        except subprocess.TimeoutExpired:
            raise SpeechError(f"{self.espeak_binary} did not finish within {self.timeout} s") from None
        except OSError as exc:
            raise SpeechError(f"cannot run {self.espeak_binary}: {exc}") from None
        if proc.returncode != 0:
            detail = proc.stderr.decode("utf-8", "replace").strip().splitlines()
            raise SpeechError(f"{self.espeak_binary} exited with {proc.returncode}: {detail[-1] if detail else ''}")
