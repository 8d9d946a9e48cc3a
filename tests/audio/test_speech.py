"""Speech rendering: real espeak-ng output, the disk cache, threads, timeouts, fallback."""

from __future__ import annotations

import logging
import threading
import unicodedata

import pytest

from firmware_host.audio import RecordingSink, SpeechError, SpeechRenderer, read_wav, rms
from firmware_host.audio.speech import STORE_FORMAT, cache_key, espeak_version, renderer_version

from tests.doubles import pyttsx3_engine


def test_real_espeak_render_gives_audible_wav_of_plausible_length(tmp_path):
    renderer = SpeechRenderer(tmp_path)
    try:
        path = renderer.render("Wahl: angenommen, fünf zu zwei.", "de", rate=175).wait(30)
        clip = read_wav(path)
        assert clip.rate == 14700 == renderer.sample_rate  # the speech cache's rate (espeak-ng: 22,050 Hz)
        assert 1.0 < clip.duration < 6.0
        assert rms(clip) > 300  # not silent
        en = read_wav(renderer.render("Election passed, five to two.", "en").wait(30))
        assert en.duration > 1.0 and rms(en) > 300
    finally:
        renderer.close()


#: A render in a fresh interpreter, ending the way a test runner's does: the renderer closed,
#: its engine thread gone and collected, the modules kept alive to the end (pytest and
#: hypothesis hold them), so Python clears their globals, pyttsx3's before ours, and only
#: then frees the engines kept in ``_KEEP``.
_RENDER_AND_EXIT = """
import gc, sys, tempfile, threading, time
from firmware_host.audio import SpeechRenderer
renderer = SpeechRenderer(tempfile.mkdtemp())
print(renderer.render("Wahl: angenommen, fünf zu zwei.", "de").wait(30))
renderer.render("Election passed.", "en").wait(30)
renderer.close()
del renderer
while any(t.name.startswith("speech-") for t in threading.enumerate()):
    time.sleep(0.01)
gc.collect()
sys.modules_kept_alive = list(sys.modules.values())
"""


def test_rendering_leaves_no_exception_ignored_noise_at_interpreter_exit(tmp_path):
    # pyttsx3's DriverProxy.__del__ ran at exit after its module's globals were cleared:
    # "Exception ignored in: <function DriverProxy.__del__> ... AttributeError" on stderr
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-c", _RENDER_AND_EXIT], capture_output=True, text=True,
                          timeout=120, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().endswith(".wavz")
    assert "Exception ignored" not in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr


def test_faster_rate_gives_shorter_speech(tmp_path):
    renderer = SpeechRenderer(tmp_path)
    try:
        slow = read_wav(renderer.render("Das dritte faschistische Gesetz.", "de", rate=120).wait(30))
        fast = read_wav(renderer.render("Das dritte faschistische Gesetz.", "de", rate=400).wait(30))
        assert fast.duration < slow.duration * 0.6
    finally:
        renderer.close()


def test_cache_hit_on_second_render_makes_no_second_render_call(tmp_path, fake_log, mocker):
    first = SpeechRenderer(tmp_path, engine_factory=lambda: pyttsx3_engine(mocker, fake_log))
    path = first.render("Gesetz erlassen.", "de").wait(10)
    first.close()
    second = SpeechRenderer(tmp_path, engine_factory=lambda: pyttsx3_engine(mocker, fake_log))
    try:
        job = second.render("Gesetz erlassen.", "de")
        assert job.done() and job.wait(0) == path
        assert fake_log == ["Gesetz erlassen."]
        assert second.render_count == 0
    finally:
        second.close()


def test_same_sentence_asked_twice_at_once_is_rendered_once(fake_renderer, fake_log):
    jobs = [fake_renderer.render("Kanzler gewählt.", "de") for _ in range(3)]
    assert len({j.wait(10) for j in jobs}) == 1
    assert fake_log == ["Kanzler gewählt."]


def test_cache_key_covers_text_language_voice_and_rate():
    base = cache_key("Ja", "de", "de", 175)
    assert base != cache_key("Ja", "en", "de", 175)
    assert base != cache_key("Ja", "de", "en", 175)
    assert base != cache_key("Ja", "de", "de", 176)
    assert base != cache_key("Nein", "de", "de", 175)
    assert base != cache_key("Ja", "de", "de", 175, "espeak-ng 1.51; ulaw-14700/1")


def test_cache_key_names_the_installed_espeak_ng_version_and_the_store_format():
    import subprocess

    # "eSpeak NG text-to-speech: 1.51  Data at: ..." from the real program
    said = subprocess.run(["espeak-ng", "--version"], capture_output=True, text=True, check=True).stdout
    number = said.split("Data at:")[0].rsplit(":", 1)[1].split()[0]
    assert espeak_version() == number == espeak_version(library_first=False)
    assert renderer_version() == f"espeak-ng {number}; {STORE_FORMAT}"


def test_a_cache_never_serves_a_render_of_another_espeak_ng_version(tmp_path):
    """The speech cache key includes the renderer's version (espeak-ng's and the store's):
    a cache filled by another espeak-ng holds nothing this one plays (its renders' lengths
    differ by milliseconds, so every later clip would start at another time)."""
    text = "Wahl: angenommen."
    older = SpeechRenderer(tmp_path, version="espeak-ng 1.50; ulaw-14700/1")
    try:
        their = older.render(text, "de").wait(30)
        assert older.render_count == 1
    finally:
        older.close()
    installed = SpeechRenderer(tmp_path)
    try:
        assert installed.version == renderer_version()
        assert installed.path_for(text, "de") != their
        ours = installed.render(text, "de").wait(30)
        assert ours != their and installed.render_count == 1     # rendered anew, by this espeak-ng
        assert installed.render(text, "de").wait(30) == ours and installed.render_count == 1
    finally:
        installed.close()
    again = SpeechRenderer(tmp_path)                    # the same version finds its own render
    try:
        assert again.render(text, "de").wait(30) == ours and again.render_count == 0
    finally:
        again.close()


def test_text_is_normalised_to_nfc_before_speaking(fake_renderer, fake_log):
    decomposed = unicodedata.normalize("NFD", "fünf Stimmen")
    assert decomposed != "fünf Stimmen"
    a = fake_renderer.render(decomposed, "de").wait(10)
    b = fake_renderer.render("fünf  Stimmen", "de").wait(10)
    assert a == b
    assert fake_log == ["fünf Stimmen"]
    assert unicodedata.is_normalized("NFC", fake_log[0])


@pytest.mark.parametrize("rate", [79, 451])
def test_rate_outside_espeak_limits_is_refused(fake_renderer, rate):
    with pytest.raises(SpeechError, match="80–450"):
        fake_renderer.render("Ja.", "de", rate=rate)


def test_empty_text_is_refused(fake_renderer):
    with pytest.raises(SpeechError, match="empty"):
        fake_renderer.render("   ", "de")


def test_two_announcements_from_two_threads_at_once_are_both_rendered(make_service):
    sink = RecordingSink()
    audio = make_service(sink, real=True, language="en")
    barrier = threading.Barrier(2)
    made = {}

    def announce(name, text):
        barrier.wait()
        made[name] = audio.say("public", text, key=name)

    threads = [threading.Thread(target=announce, args=a) for a in
               [("first", "Seat two is president."), ("second", "The fascists enacted a law.")]]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert made["first"].wait_played(30) and made["second"].wait_played(30)
    played = {p.key: p for p in sink.on("public")}
    assert set(played) == {"first", "second"}
    for p in played.values():
        assert p.duration > 0.8 and rms(p.clip) > 300
    assert played["first"].clip.pcm != played["second"].clip.pcm


def test_hanging_render_is_recovered_by_the_timeout(tmp_path, fake_log, caplog, mocker):
    hang = threading.Event()
    engines = []

    def factory():
        engine = pyttsx3_engine(mocker, fake_log, hang=hang if not engines else None)
        engines.append(engine)
        return engine

    renderer = SpeechRenderer(tmp_path, engine_factory=factory, timeout=2.5)  # a good render fits easily
    try:
        with caplog.at_level(logging.WARNING, logger="firmware_host.audio.speech"):
            path = renderer.render("Präsident gewählt.", "de").wait(20)
        assert read_wav(path).duration > 0.5
        assert renderer.engines_created == 2
        assert renderer.backend == "pyttsx3"
        assert "recreating the engine" in caplog.text
    finally:
        hang.set()
        renderer.close()


def test_pyttsx3_failing_again_and_again_falls_back_to_espeak_binary(tmp_path, fake_log, caplog, mocker):
    hang = threading.Event()
    renderer = SpeechRenderer(tmp_path, engine_factory=lambda: pyttsx3_engine(mocker, fake_log, hang=hang),
                              timeout=2.5, max_engine_failures=2)  # espeak-ng fits easily
    try:
        with caplog.at_level(logging.WARNING, logger="firmware_host.audio.speech"):
            path = renderer.render("Wahl gescheitert.", "de").wait(30)
        assert renderer.backend == "espeak-ng"
        assert "using the espeak-ng binary" in caplog.text
        clip = read_wav(path)
        assert clip.duration > 0.5 and rms(clip) > 300
        assert fake_log == []
    finally:
        hang.set()
        renderer.close()


def test_engine_that_raises_is_replaced_and_the_error_never_reaches_the_caller(tmp_path, fake_log, mocker):
    made = []

    def factory():
        made.append(1)
        return (pyttsx3_engine(mocker, fake_log, fails=RuntimeError("driver gone")) if len(made) == 1
                else pyttsx3_engine(mocker, fake_log))

    renderer = SpeechRenderer(tmp_path, engine_factory=factory, timeout=5)
    try:
        assert renderer.render("Ja.", "de").wait(10).exists()
        assert renderer.engines_created == 2
    finally:
        renderer.close()


def test_background_renders_wait_for_live_speech(tmp_path, fake_log, mocker):
    gate = threading.Event()
    renderer = SpeechRenderer(tmp_path, engine_factory=lambda: pyttsx3_engine(mocker, fake_log, gate=gate))
    try:
        background = [renderer.render(f"Satz {i}.", "de", background=True) for i in range(4)]
        live = renderer.render("Jetzt sofort.", "de")
        gate.set()
        live.wait(10)
        for job in background:
            job.wait(10)
        # at most the one background render already started may come first
        assert fake_log.index("Jetzt sofort.") <= 1
    finally:
        gate.set()
        renderer.close()


def test_prune_removes_least_recently_used_sentences_first(tmp_path, fake_log, mocker):
    import os

    renderer = SpeechRenderer(tmp_path, engine_factory=lambda: pyttsx3_engine(mocker, fake_log))
    try:
        paths = [renderer.render(t, "de").wait(10) for t in ("Eins.", "Zwei.", "Drei.")]
        for age, path in zip((300, 200, 100), paths):
            os.utime(path, (path.stat().st_atime, path.stat().st_mtime - age))
        renderer.render("Eins.", "de")  # a cache hit marks it used now
        size = paths[0].stat().st_size
        assert renderer.prune(max_mb=(2 * size + 10) / 1e6) == 1
        assert [p.exists() for p in paths] == [True, False, True]
    finally:
        renderer.close()


def _binary_duration(tmp_path, text, voice, rate):
    import subprocess

    out = tmp_path / f"cli-{voice}-{rate}.wav"
    subprocess.run(["espeak-ng", "-v", voice, "-s", str(rate), "-w", str(out), text], check=True)
    return read_wav(out).duration


@pytest.mark.parametrize("language, text", [("de", "Das dritte faschistische Gesetz."),
                                            ("en", "The third fascist law is enacted.")])
def test_pyttsx3_applies_voice_and_rate_like_the_espeak_binary_across_engines(tmp_path, language, text):
    # pyttsx3 2.99 can lose a rate or voice change (queued behind an espeak_Cancel) or keep the
    # voice of a previous engine; the rendered length must match espeak-ng's own at every rate
    for round_ in range(2):  # a second renderer (new engine) in the same process
        renderer = SpeechRenderer(tmp_path / f"cache{round_}")
        try:
            for rate in (120, 400, 175):
                got = read_wav(renderer.render(text, language, rate=rate).wait(30)).duration
                want = _binary_duration(tmp_path, text, language, rate)
                assert got == pytest.approx(want, rel=0.03), (round_, rate)
            assert renderer.backend == "pyttsx3"
        finally:
            renderer.close()


def test_renderers_in_parallel_threads_share_libespeak_safely(tmp_path):
    renderers = [SpeechRenderer(tmp_path / f"r{k}", timeout=10) for k in range(3)]
    results: dict[int, list[float]] = {}

    def work(k):
        results[k] = [read_wav(renderers[k].render(f"Satz {w} für Platz {k}.", "de", rate=rate).wait(30)).duration
                      for w, rate in (("eins", 400), ("zwei", 120), ("drei", 400))]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(3)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for k in range(3):
            fast1, slow, fast2 = results[k]
            assert slow > 2 * max(fast1, fast2), k
        assert [r.backend for r in renderers] == ["pyttsx3"] * 3
    finally:
        for r in renderers:
            r.close()


def test_name_with_phoneme_input_is_pronounced_not_read_out(tmp_path):
    # ACCESSIBILITY.md 7: a name may carry espeak-ng phoneme input ([[...]]); it must reach
    # espeak-ng intact (NFC and whitespace normalisation leave it alone)
    renderer = SpeechRenderer(tmp_path)
    try:
        phonemes = read_wav(renderer.render("[['an@]]", "de").wait(30)).duration
        literal = read_wav(renderer.render("Klammer Klammer an at Klammer Klammer", "de").wait(30)).duration
        assert 0.2 < phonemes < literal / 2
    finally:
        renderer.close()


def test_unknown_voice_fails_that_sentence_only_and_keeps_pyttsx3(tmp_path):
    renderer = SpeechRenderer(tmp_path)
    try:
        with pytest.raises(SpeechError, match="no-such-voice"):
            renderer.render("Ja.", "de", voice="no-such-voice").wait(30)
        assert renderer.backend == "pyttsx3"
        assert read_wav(renderer.render("Ja.", "de").wait(30)).duration > 0.2
    finally:
        renderer.close()


@pytest.mark.parametrize("text, packer, share", [
    ("Das dritte faschistische Gesetz ist erlassen; der Präsident darf jetzt einen Spieler hinrichten.", "xz", 0.22),
    ("Ja, Platz drei.", "gzip", 0.30),                 # a short answer: gzip, quicker to start
])
def test_the_speech_cache_stores_g711_ulaw_at_14700_hz_xz_or_for_short_sentences_gzip(tmp_path, text, packer, share):
    import gzip
    import lzma
    import wave as wave_module

    from firmware_host.audio.clip import decode_ulaw, downsample_2_3, encode_ulaw, wav_layout
    from firmware_host.audio.speech import SHORT_S

    compact = SpeechRenderer(tmp_path / "ulaw")
    pcm = SpeechRenderer(tmp_path / "pcm", compact=False)
    try:
        small, big = compact.render(text, "de").wait(30), pcm.render(text, "de").wait(30)
    finally:
        compact.close()
        pcm.close()
    assert small.name.endswith(".wavz") and big.name.endswith(".wav")
    blob = small.read_bytes()
    wav = lzma.decompress(blob) if packer == "xz" else gzip.decompress(blob)   # `xz -dc` / `zcat`: the WAV
    assert wav[:4] == b"RIFF" and wav[20:22] == (7).to_bytes(2, "little")        # WAVE_FORMAT_MULAW
    assert int.from_bytes(wav[24:28], "little") == 14700 == compact.sample_rate
    with wave_module.open(str(big)) as w:
        assert (w.getsampwidth(), w.getframerate()) == (2, 22050) == (2, pcm.sample_rate)
    original = read_wav(big)
    assert (original.duration < SHORT_S) == (packer == "gzip")
    assert small.stat().st_size < big.stat().st_size * share
    # the stored samples are espeak-ng's, filtered to 14,700 Hz and µ-law coded: nothing else
    assert read_wav(small).pcm == decode_ulaw(encode_ulaw(downsample_2_3(original.pcm)))
    # the length: within half a sample at 14,700 Hz of espeak-ng's own, from the header alone
    assert abs(wav_layout(small).duration - original.duration) <= 0.5 / 14700 + 1e-12
    assert wav_layout(small).frames == read_wav(small).frames == round(original.frames * 2 / 3)
    assert rms(read_wav(small)) == pytest.approx(rms(original), rel=0.05)


def test_a_held_renderer_synthesises_nothing_until_released(tmp_path, fake_log, mocker):
    renderer = SpeechRenderer(tmp_path, engine_factory=lambda: pyttsx3_engine(mocker, fake_log), hold=True)
    try:
        first = renderer.render("Bereit.", "de")
        renderer.render("Hintergrund.", "de", background=True)
        with pytest.raises(SpeechError):
            first.wait(0.3)                    # held: nothing is synthesised
        assert not first.started and fake_log == []
        renderer.release()                     # run: right after READY=1
        first.wait(10)
        assert fake_log[0] == "Bereit."
    finally:
        renderer.close()
