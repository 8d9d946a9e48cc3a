#!/usr/bin/env python3
"""Within a Pi Zero 2 W's budget: ``python3 benchmarks/budget_bench.py [--quick]``.

Prints, in one run, the figures that decide whether the board feels slow on a Pi Zero 2 W
(a core 5-8x slower than a laptop's), each measured here and, where a peer exists, as a
ratio to it:

1. **Volume**: cached ``say`` → first sample handed to the sink, at volume 1.0 and 0.8
   (median and p99, ms). The sentence is in the speech cache on disk and not in memory
   (the cache of file headers is cleared before each call), the worst case of a cached
   sentence; the sink decodes what the ALSA sink decodes before aplay's first sample. Peer: the per-sample Python loop that scaled volume before. Aim: 0.8 within
   1 ms of 1.0.
2. **Prolog**: the game master's setup → first prolog sample at 10 seats, every earphone
   at volume 0.8, prolog sentences cached (a second game with the same seed). Aim: < 50 ms.
3. **Start-up**: CPU seconds of a ``firmware-host run`` process (console on, mock pin
   factory) until it sends ``READY=1`` on ``$NOTIFY_SOCKET`` (the real systemd protocol,
   read from ``/proc/<pid>/stat``). Aim: < 0.25 s here.
4. **Pre-rendering**: CPU seconds and speech-cache size to pre-render what a 10-seat
   table with names can need, in every shipped language (German, English, French) into one
   cache, and the share of espeak-ng's energy the cache's 14,700 Hz leaves out. Aim: < 100 MB.
5. **Memory**: RSS of one board service after 1, 10 and 100 random 10-seat games.
   Aim: flat within 2 MB after the tenth game.

Asserts nothing: machines are shared and noisy; compare runs on one machine.
"""

from __future__ import annotations

import argparse
import array
import datetime
import os
import re
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from firmware_host.audio import clip as clip_module  # noqa: E402
from firmware_host.audio.clip import Clip, read_wav, wav_header  # noqa: E402
from firmware_host.audio.service import AudioService  # noqa: E402
from firmware_host.audio.settings import AudioSettings  # noqa: E402
from firmware_host.audio.sinks import Playback  # noqa: E402

SENTENCES = [
    "Wahl: angenommen, fünf zu zwei.", "Das dritte faschistische Gesetz ist erlassen.",
    "Präsident: Anna, Platz drei ist jetzt Präsident und nominiert einen Kanzler.",
    "Kanzler gewählt: Platz sechs.", "Nicht erlaubt: du bist nicht am Zug.",
]


class StampSink:
    """A sink that does with a clip what :class:`~firmware_host.audio.sinks.AlsaSink` does,
    without ``aplay``, on a device that plays in no time: the WAV header and the first piece
    of samples decoded (aplay cannot play a sample before it has it), the moment noted
    (``time.perf_counter``) with the clip's key, then the rest decoded, and the clip ends.
    All on the thread that hands the clip over (the ALSA sink decodes on a feed thread of its
    own while aplay plays; here no thread hand-over is timed). Plays nothing."""

    def __init__(self) -> None:
        self.played: list[tuple[float, str, str]] = []
        self.cond = threading.Condition()

    def play(self, clip: Clip, info) -> Playback:  # noqa: ANN001 - the Sink protocol
        pieces = clip.chunks()
        head = wav_header(clip.frames, clip.rate) + next(pieces, b"")
        with self.cond:
            self.played.append((time.perf_counter(), info.output, info.key))
            self.cond.notify_all()
        for _ in pieces:                      # the rest, as the feed thread decodes it
            pass
        del head
        playback = Playback(None)
        playback.finished()
        return playback

    def first(self, key: str, after: float, timeout: float = 30.0) -> float | None:
        """perf_counter time of the first clip with ``key`` handed over after ``after``."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                for at, _output, k in self.played:
                    if k == key and at >= after:
                        return at
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.cond.wait(left)

    def close(self) -> None:
        pass


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))]


def old_scale(clip: Clip, gain: float) -> Clip:
    """The per-sample loop that applied volume before (the peer of section 1)."""
    a = clip.samples()
    out = array.array("h", (max(-32768, min(32767, int(s * gain))) for s in a))
    return Clip(out.tobytes(), clip.rate)


# -- 1. volume -------------------------------------------------------------------------------

def volume(cache: Path, n: int) -> dict:
    results = {}
    for gain in (1.0, 0.8):
        sink = StampSink()
        audio = AudioService(AudioSettings(public_volume=gain), sink, cache, seats=10)
        for text in SENTENCES:                     # render once (the cache on disk)
            audio.say("public", text, key="warm").wait_played(60)
        times = []
        for i in range(n):
            clip_module._cached_layout.cache_clear()   # read from the disk cache every time
            t = time.perf_counter()
            u = audio.say("public", SENTENCES[i % len(SENTENCES)], key=f"v{i}")
            u.wait_played(60)
            at = sink.first(f"v{i}", t)
            if at is not None:
                times.append((at - t) * 1000)
        audio.close()
        results[gain] = times
    clip = read_wav(AudioService(AudioSettings(), StampSink(), cache).renderer.render(SENTENCES[2], "de").wait(60))
    t = time.perf_counter()
    old_scale(clip, 0.8)
    loop_ms = (time.perf_counter() - t) * 1000
    return {"results": results, "loop_ms": loop_ms, "clip_s": clip.duration}


# -- 2. prolog -------------------------------------------------------------------------------

def prolog(cache: Path, rounds: int) -> dict:
    from firmware_host.board_config import load_config
    from firmware_host.clock import VirtualClock
    from firmware_host.hardware.mock import MockBoard
    from firmware_host.service.core import BoardService
    from firmware_host.service.journal import Journal
    from firmware_host.service.notify import Notifier
    from firmware_host.service.settings import service_settings
    from firmware_host.service.voice import Voice

    config = load_config()                      # the shipped board: 10 seats
    out = {}
    for gain in (1.0, 0.8):
        clock = VirtualClock()
        sink = StampSink()
        audio = AudioService(AudioSettings(seat_volume=gain, public_volume=gain), sink, cache, seats=10)
        tmp = tempfile.mkdtemp()
        service = BoardService(service_settings(config), clock=clock, journal=Journal(Path(tmp) / "j.sqlite3"), voice=Voice(audio),
                               notifier=Notifier(None))
        service.start(lambda on_event: MockBoard(config, clock, on_event, start=False))
        setup = {"players": 10, "seed": 3, "language": "de",
                 "names": ["Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Gustav", "Hanna", "Ida", "Jonas"]}
        times = []
        for i in range(rounds + 1):                # the first game renders the prolog once
            clip_module._cached_layout.cache_clear()
            t = time.perf_counter()
            service.call(lambda: service.game.setup_game(dict(setup)))
            at = sink.first("prolog", t)
            if at is not None and i > 0:
                times.append((at - t) * 1000)
            service.voice.wait_quiet(60)
            service.call(lambda: service.game.end_game())
            service.voice.wait_quiet(60)
        service.stop()
        audio.close()
        out[gain] = times
    return out


# -- 3. start-up -----------------------------------------------------------------------------

#: (master, slave) descriptors of the pseudo-terminals the started boards use as RFID readers
_READER_PTYS: list[tuple[int, int]] = []


def _pty_readers(cfg: str) -> str:
    """Every ``[readers.*]`` port replaced by a pseudo-terminal kept open by this process: the
    readers are connected, as on a wired board (a reader missing at start holds READY=1)."""
    def port(match: re.Match) -> str:
        master, slave = os.openpty()
        _READER_PTYS.append((master, slave))
        return f'{match.group(1)}port = "{os.ttyname(slave)}"'

    return re.sub(r'(?m)(^\[readers\.\w+\]\s*(?:#.*)?\n)port = "[^"]*"', port, cfg)


def _run_config(tmp: Path, console: bool) -> Path:
    """The shipped board config with mock pins, pseudo-terminal readers, a journal and speech
    cache in ``tmp``."""
    import random

    cfg = (ROOT / "hardware" / "board.toml").read_text()
    cfg = cfg.replace('pin_factory = "lgpio"', 'pin_factory = "mock"')
    cfg = _pty_readers(cfg)
    # ALSA's null device for every output: aplay runs, nothing is heard (the reference build's
    # cards are not here, and a board whose table speaker cannot play stops with exit 1)
    cfg = re.sub(r'"board_(table|seat\d)"', '"null"', cfg)
    cfg += (f'\n[journal]\npath = "{tmp}/journal.sqlite3"\n'
            f'\n[console]\nenabled = {"true" if console else "false"}\nport = {random.randint(20000, 60000)}\n')
    if "\n[audio]" in cfg:
        cfg = cfg.replace("\n[audio]", f'\n[audio]\ncache_dir = "{tmp}/speech"', 1)
    else:
        cfg += f'\n[audio]\ncache_dir = "{tmp}/speech"\n'
    (tmp / "board.toml").write_text(cfg)
    tags = ROOT / "hardware" / "tags.toml"
    if tags.exists():
        (tmp / "tags.toml").write_text(tags.read_text())
    return tmp / "board.toml"


def startup(rounds: int) -> dict:
    """CPU seconds of ``firmware-host run`` until READY=1, with and without the console."""
    import socket
    import subprocess

    tick = os.sysconf("SC_CLK_TCK")
    # bytecode as an installed wheel has it: the first (discarded) start writes every module's
    # .pyc into a folder of its own; without it each start compiles from source, no Pi does
    prefix = Path(tempfile.mkdtemp(prefix="budget-pyc-"))
    env = dict(os.environ, PYTHONPYCACHEPREFIX=str(prefix))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    out: dict = {}
    for console in (True, False):
        cpu, walls, loaded = [], [], set()
        for i in range(rounds + (1 if console else 0)):
            tmp = Path(tempfile.mkdtemp(prefix="budget-run-"))
            config = _run_config(tmp, console)
            sock_path = tmp / "notify.sock"
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            sock.bind(str(sock_path))
            sock.settimeout(60)
            t = time.monotonic()
            # what is loaded at the moment READY=1 is sent, seen from inside (the hook only reads)
            probe = ("import sys\n"
                     "from firmware_host.service import notify\n"
                     "ready = notify.Notifier.ready\n"
                     "def at_ready(self, status='ready'):\n"
                     "    maps = open('/proc/self/maps').read()\n"
                     "    loaded = [n for n, hit in (('aiohttp', 'aiohttp' in sys.modules),\n"
                     "              ('libespeak-ng', 'libespeak' in maps), ('pyttsx3', 'pyttsx3' in sys.modules)) if hit]\n"
                     "    print('AT-READY', *loaded, flush=True)\n"
                     "    return ready(self, status)\n"
                     "notify.Notifier.ready = at_ready\n"
                     "from firmware_host.cli import main\n"
                     f"sys.exit(main(['run', '--config', {str(config)!r}, '-q']))\n")
            proc = subprocess.Popen([sys.executable, "-c", probe],
                                    env=dict(env, NOTIFY_SOCKET=str(sock_path)), cwd=tmp,
                                    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            try:
                while b"READY=1" not in sock.recv(4096):
                    pass
                stat = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
                if i == 0 and console:
                    continue                       # the warm-up start that wrote the bytecode
                walls.append(time.monotonic() - t)
                cpu.append((int(stat[11]) + int(stat[12])) / tick)
                loaded.update(proc.stdout.readline().split()[1:])
            finally:
                proc.terminate()
                proc.wait(30)
                sock.close()
        out[console] = {"cpu": cpu, "wall": walls, "loaded": sorted(loaded)}
    return out


# -- 4. pre-rendering ------------------------------------------------------------------------

NAMES = ["Anna", "Bernd", "Clara", "Dieter", "Emil", "Frieda", "Gustav", "Hanna", "Ida", "Jonas"]


#: the languages a board ships, each with the plan of a named 10-seat table: Secret Dictator's
#: catalogue has German and English; French comes with Autocracy, and until a French catalogue
#: of a 10-seat game exists its stand-in is the English plan spoken by espeak-ng's French voice
LANGUAGES = (("de", "de"), ("en", "en"), ("fr", "en"))


def prerendering() -> dict:
    """CPU seconds and cache size of the plan of a named 10-seat table in every shipped
    language (:data:`LANGUAGES`), one after another into one cache; then, on a sample, the
    share of espeak-ng's energy the 14,700 Hz cache leaves out (above about 7 kHz)."""
    from firmware_host.audio.clip import downsample_2_3, rms, wav_layout
    from firmware_host.audio.speech import SpeechRenderer
    from firmware_host.games.secret_dictator import catalogue
    from firmware_host.games.secret_dictator.board.game import SecretDictatorGame
    from firmware_host.table import Words
    from firmware_host.table.speech_plan import SpeechPlan

    speech_plan = SpeechPlan.for_game(SecretDictatorGame, Words(catalogue.text, catalogue.keys(), catalogue.is_private,
                                                                catalogue=catalogue.CATALOGUE))

    cache = Path(tempfile.mkdtemp(prefix="budget-prerender-"))
    names = dict(enumerate(NAMES))
    out: dict = {}
    for language, plan in LANGUAGES:
        audio = AudioService(AudioSettings(language=language), StampSink(), cache, seats=10)
        cpu, wall = time.process_time(), time.monotonic()
        audio.prerender(lambda plan=plan: speech_plan.sentences(10, plan, names, "auto"))
        audio.prerenderer.wait_idle(None)
        files = list(cache.rglob("*.wav*"))
        out[language] = {"cpu_s": time.process_time() - cpu, "wall_s": time.monotonic() - wall,
                         "rendered": audio.prerenderer.rendered, "files": len(files),
                         "mb": sum(f.stat().st_size for f in files) / 1e6,
                         "disk_mb": sum(f.stat().st_blocks * 512 for f in files) / 1e6}
        audio.close()
    # what the same sentences took as espeak-ng's 16-bit PCM at 22,050 Hz (all files)
    files = sorted(cache.rglob("*.wavz"))
    pcm = sum(44 + 2 * round(wav_layout(f).frames * 3 / 2) for f in files)
    out["pcm_ratio"] = sum(f.stat().st_size for f in files) / pcm if pcm else float("nan")
    # energy above the cache's band: 20 sentences a language rendered as PCM at 22,050 Hz
    lost = {}
    pcm_cache = Path(tempfile.mkdtemp(prefix="budget-pcm-"))
    renderer = SpeechRenderer(pcm_cache, compact=False)
    try:
        for language, plan in LANGUAGES:
            texts = list(dict.fromkeys(t for _, t in speech_plan.sentences(10, plan, names, "auto")))[::50][:20]
            full = kept = 0.0
            for text in texts:
                clip = read_wav(renderer.render(text, language).wait(60))
                down = Clip(downsample_2_3(clip.pcm), 14700)
                full += rms(clip) ** 2 * clip.frames / clip.rate
                kept += rms(down) ** 2 * down.frames / down.rate
            lost[language] = 1 - kept / full
    finally:
        renderer.close()
    out["lost"] = lost
    return out


# -- 5. memory over many games -------------------------------------------------------------

def rss_mb() -> float:
    """Resident set size of this process in MB (``/proc/self/status`` VmRSS)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class CountingSink(StampSink):
    """Keeps nothing but a count, as the ALSA sink keeps nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def play(self, clip: Clip, info) -> Playback:  # noqa: ANN001
        self.count += 1
        for _ in clip.chunks():               # decoded as the ALSA sink's feed thread decodes it
            pass
        playback = Playback(None)
        playback.finished()
        return playback


def memory(checkpoints: tuple[int, ...]) -> dict:
    """RSS of one board service (real audio service, speech, pre-rendering and journal) after
    random games of one named 10-seat table, measured once pre-rendering is done; the C heap
    bounded as ``run`` bounds it (:func:`firmware_host.service.heap.bound_heap`)."""
    import gc
    import random

    from firmware_host.clock import VirtualClock
    from firmware_host.games.secret_dictator import Action
    from firmware_host.service.core import BoardService
    from firmware_host.service.journal import Journal
    from firmware_host.service.notify import Notifier
    from firmware_host.service.settings import ServiceSettings
    from firmware_host.service.voice import Voice

    from firmware_host.service.heap import bound_heap

    bounded = bound_heap()                      # as ``run`` does before its threads start
    tmp = Path(tempfile.mkdtemp(prefix="budget-games-"))
    audio = AudioService(AudioSettings(), CountingSink(), tmp / "speech", seats=10)
    voice = Voice(audio)
    service = BoardService(ServiceSettings(journal_path=str(tmp / "j.sqlite3")), clock=VirtualClock(),
                           journal=Journal(tmp / "j.sqlite3"), voice=voice, notifier=Notifier(None))
    service.start(None)
    rng = random.Random(13)
    out, actions = {}, 0

    def step() -> bool:
        game = service.game.game
        if game is None or game.phase == "game_over":
            return False
        if game.phase == "chaos":
            action = rng.choice(game.legal_actions(None))
        else:
            seat = rng.choice(game.awaiting())
            if game.phase == "election":
                action = Action("vote", seat=seat, ballot="ja" if rng.random() < 0.7 else "nein")
            else:
                action = rng.choice(game.legal_actions(seat))
        service.game.command("act", action=action.to_json())
        return True

    for n in range(1, max(checkpoints) + 1):     # one table: ten named players, a new deal each game
        service.call(lambda: service.game.setup_game(
            {"players": 10, "seed": rng.randrange(2**31), "language": "de", "names": NAMES}), timeout=60)
        for _ in range(1000):
            try:
                if not service.call(step, timeout=60):
                    break
            except Exception:  # noqa: BLE001 - a refused random move (reshuffle due): next game
                break
            actions += 1
        voice.wait_quiet(120)
        if n in checkpoints:
            audio.prerenderer.wait_idle(600)
            gc.collect()
            out[n] = rss_mb()
    service.stop()
    audio.close()
    return {"rss": out, "actions": actions, "bounded": bounded}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run)")
    parser.add_argument("--speech-cache", default="", help="speech cache folder (default: a new temporary one)")
    parser.add_argument("--sections", default="12345", help="which sections to run (default 12345)")
    args = parser.parse_args()
    n = 40 if args.quick else 200
    cache = Path(args.speech_cache or tempfile.mkdtemp(prefix="budget-speech-"))
    print(f"budget_bench {datetime.date.today().isoformat()} on {os.cpu_count()} cores, Python {sys.version.split()[0]}")

    if "1" in args.sections:
        v = volume(cache, n)
        r1, r8 = v["results"][1.0], v["results"][0.8]
        print("\n1. cached say -> first sample at the sink (speech cache on disk, decoded each time)")
        print(f"   volume 1.0: median {statistics.median(r1):.2f} ms, p99 {pct(r1, 99):.2f} ms (n={len(r1)})")
        print(f"   volume 0.8: median {statistics.median(r8):.2f} ms, p99 {pct(r8, 99):.2f} ms (n={len(r8)})")
        print(f"   0.8 minus 1.0: median {statistics.median(r8) - statistics.median(r1):+.2f} ms; "
              f"the per-sample loop it replaces: {v['loop_ms']:.1f} ms for a {v['clip_s']:.1f} s sentence "
              f"({v['loop_ms'] / max(statistics.median(r8), 1e-6):.0f}x the whole say at 0.8)")

    if "2" in args.sections:
        p = prolog(cache, 5 if args.quick else 20)
        print("\n2. setup -> first prolog sample, 10 seats, prolog cached")
        for gain in (1.0, 0.8):
            t = p[gain]
            print(f"   volume {gain}: median {statistics.median(t):.1f} ms, p99 {pct(t, 99):.1f} ms (n={len(t)})")

    if "3" in args.sections:
        st = startup(3 if args.quick else 7)
        print("\n3. firmware-host run (mock pins, shipped config) -> READY=1: CPU seconds of the process")
        for console in (True, False):
            r = st[console]
            print(f"   console {'on ' if console else 'off'}: median {statistics.median(r['cpu']):.3f} s CPU "
                  f"(min {min(r['cpu']):.3f}), wall median {statistics.median(r['wall']):.2f} s; "
                  f"loaded at READY: {', '.join(r['loaded']) or 'neither aiohttp nor pyttsx3/libespeak-ng'}")

    if "4" in args.sections:
        pre = prerendering()
        print("\n4. pre-rendering a named 10-seat table in every shipped language (speech_plan.sentences, "
              "verbosity auto; fr: the English plan in espeak-ng's French voice)")
        for language, _plan in LANGUAGES:
            r = pre[language]
            print(f"   {language}: {r['rendered']} renders, {r['cpu_s']:.1f} CPU s ({r['wall_s']:.0f} s wall), "
                  f"cache {r['mb']:.1f} MB after it ({r['disk_mb']:.1f} MB on disk)")
        last = pre[LANGUAGES[-1][0]]
        print(f"   all {len(LANGUAGES)} languages: {last['files']} files, {last['mb']:.1f} MB "
              f"({last['disk_mb']:.1f} MB on disk; µ-law at 14,700 Hz, xz (gzip under 2.5 s): "
              f"{pre['pcm_ratio']:.3f} of espeak-ng's 16-bit PCM at 22,050 Hz)")
        print("   energy left out above the 14,700 Hz band (20 sentences a language): "
              + ", ".join(f"{lang} {share * 100:.2f} %" for lang, share in pre["lost"].items()))

    if "5" in args.sections:
        checkpoints = (1, 5, 20) if args.quick else (1, 10, 100)
        mem = memory(checkpoints)
        print("\n5. RSS of one board service over random games (10 named seats, German, a new deal each)")
        print("   " + ", ".join(f"after {n} games: {mb:.1f} MB" for n, mb in mem["rss"].items())
              + f" ({mem['actions']} actions; glibc heap bounded as in run: {mem['bounded']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
