"""Clips are decoded when they are played, not when they are queued (issue 25's budget: setup →
first prolog sample), with the same samples and the same lengths as decoding them whole.

Real espeak-ng (pyttsx3 in its worker process) renders every sentence here; a spy on
:meth:`SpeechPart.chunks` counts which cached sentence is decoded when.
"""

from __future__ import annotations

import logging
import sys
import threading
import wave

import pytest

from firmware_host.audio import AudioService, AudioSettings, RecordingSink
from firmware_host.audio import clip as clip_module
from firmware_host.audio.clip import LazyClip, SpeechPart, pad_to, read_wav, resample, scale, silence
from firmware_host.audio.earcons import load_earcon
from firmware_host.audio.service import EARCON_GAP
from firmware_host.audio.sinks import AlsaSink, Playback, PlayInfo, Sink

SENTENCES = ["Wahl: angenommen, fünf zu zwei.", "Das dritte faschistische Gesetz ist erlassen.",
             "Kanzler gewählt: Platz sechs."]


class StreamingSink(Sink):
    """Plays as the ALSA sink does (every piece of ``clip.chunks()`` taken, in order, while
    it plays) and holds each clip until :meth:`finish`, so a test can see what waits."""

    def __init__(self) -> None:
        self.got: list[tuple[str, bytes, object]] = []     # (key, pcm as streamed, clip)
        self.outputs: list[str] = []
        self.held: dict[str, Playback] = {}
        self.cond = threading.Condition()

    def play(self, clip, info: PlayInfo) -> Playback:
        pcm = b"".join(clip.chunks())
        playback = Playback(None)
        with self.cond:
            self.got.append((info.key, pcm, clip))
            self.outputs.append(info.output)
            self.held[info.output] = playback
            self.cond.notify_all()
        playback.started()
        return playback

    def finish(self, output: str) -> None:
        with self.cond:
            playback = self.held.pop(output)
        playback.finished()

    def wait_for(self, n: int, timeout: float = 30.0) -> bool:
        with self.cond:
            return self.cond.wait_for(lambda: len(self.got) >= n, timeout)

    def close(self) -> None:
        for output in list(self.held):
            self.finish(output)


@pytest.fixture
def decoded(monkeypatch):
    """The cached sentences decoded so far (their paths, in order), from a spy on SpeechPart.chunks."""
    seen: list[str] = []
    real = SpeechPart.chunks

    def spy(self, samples=clip_module.CHUNK):
        seen.append(self.path)
        yield from real(self, samples)

    monkeypatch.setattr(SpeechPart, "chunks", spy)
    return seen


def _old_clip(path, gain: float, earcon: str | None = None, earcon_gain: float = 0.7):
    """The clip as it was built before (at queueing): earcon, gap, the whole sentence decoded."""
    speech = read_wav(path, gain)
    parts = []
    if earcon is not None:
        parts += [resample(scale(load_earcon(earcon), earcon_gain), speech.rate), silence(EARCON_GAP, speech.rate)]
    return clip_module.Clip(b"".join(p.pcm for p in parts + [speech]), speech.rate)


@pytest.fixture
def real_audio(tmp_path):
    made = []

    def make(sink, **settings):
        audio = AudioService(AudioSettings(**settings), sink, tmp_path / "speech", seats=5)
        made.append(audio)
        return audio

    yield make
    for audio in made:
        audio.close()


def test_a_queued_clip_is_not_decoded_until_it_plays(real_audio, decoded):
    sink = StreamingSink()
    audio = real_audio(sink)
    for text in SENTENCES:                               # rendered and in the cache: queued clips are ready
        audio.renderer.render(text, "de").wait(60)
    decoded.clear()                                      # (storing a render reads its PCM once)
    first = audio.say("public", SENTENCES[0], key="first")
    assert sink.wait_for(1)
    second = audio.say("public", SENTENCES[1], key="second")
    third = audio.say("seat:2", SENTENCES[2], key="third", after=[second])
    paths = {u.key: str(u.wav_path(0)) for u in (first, second, third)}
    # both later clips are queued with their lengths known, yet not a sample of them decoded
    assert second.duration(0) > 1.0 and third.duration(0) > 1.0
    assert decoded == [paths["first"]]
    sink.finish("public")                                # the table has heard the first: the second plays
    assert sink.wait_for(2)
    assert decoded == [paths["first"], paths["second"]]
    sink.finish("public")
    assert sink.wait_for(3)
    assert decoded == [paths["first"], paths["second"], paths["third"]]
    sink.finish("seat:2")
    assert third.wait_played(10)


@pytest.mark.parametrize("volume", [1.0, 0.8])
def test_a_clip_decoded_while_it_plays_is_sample_identical_to_one_decoded_whole(real_audio, volume):
    sink = StreamingSink()
    audio = real_audio(sink, public_volume=volume, seat_volume=volume)
    u = audio.say("public", SENTENCES[0], key="plain")
    assert sink.wait_for(1)
    sink.finish("public")
    e = audio.say("seat:1", SENTENCES[1], key="cue", earcon="power")
    assert sink.wait_for(2)
    sink.finish("seat:1")
    (_, plain, plain_clip), (_, cued, cued_clip) = sink.got
    assert plain == _old_clip(u.wav_path(0), volume).pcm
    assert cued == _old_clip(e.wav_path(0), volume, "power").pcm
    # what the clip says it holds before playing is what plays, sample for sample
    assert len(plain) == 2 * plain_clip.frames and len(cued) == 2 * cued_clip.frames
    assert cued_clip.pcm == cued                          # decoding it whole gives the same samples
    assert u.duration(0) == pytest.approx(plain_clip.frames / plain_clip.rate, abs=1e-9)
    assert e.duration(0) == pytest.approx(cued_clip.frames / cued_clip.rate, abs=1e-9)


def test_R17_a_prolog_decoded_while_it_plays_keeps_one_length_and_every_seats_samples(real_audio, decoded):
    sink = StreamingSink()
    audio = real_audio(sink, seat_volume=0.8)
    texts = {0: "Du bist Demokrat.", 1: "Du bist Faschist. Dein Team: Platz drei und Platz fünf.", 2: "Du bist Demokrat."}
    for text in texts.values():
        audio.renderer.render(text, "de").wait(60)
    decoded.clear()
    made = audio.say_padded(texts, earcon="private")
    assert sink.wait_for(3)
    # each seat's sentence decoded once, as it played (seats 0 and 2 hear the same one)
    assert sorted(p for p in decoded if "/speech/" in p) == sorted(str(u.wav_path(0)) for u in made.values())
    played = dict(zip(sink.outputs, sink.got))
    assert len({len(pcm) for _, pcm, _ in played.values()}) == 1   # every seat as long as the longest
    for seat, utt in made.items():
        _, pcm, clip = played[f"seat:{seat}"]
        old = _old_clip(utt.wav_path(0), 0.8, "private")
        assert pcm == pad_to(old, clip.frames / clip.rate).pcm      # the old samples, then padding
        assert utt.duration(0) == pytest.approx(clip.frames / clip.rate, abs=1e-9)
    for output in ("seat:0", "seat:1", "seat:2"):
        sink.finish(output)


def test_a_cached_sentence_damaged_before_it_plays_plays_silence_and_keeps_its_length(real_audio, caplog):
    sink = StreamingSink()
    audio = real_audio(sink)
    path = audio.renderer.render(SENTENCES[1], "de").wait(60)
    hold = audio.say("public", SENTENCES[0], key="hold")
    assert sink.wait_for(1)
    u = audio.say("public", SENTENCES[1], key="damaged")
    frames = u.clip.frames if u.clip is not None else None
    blob = path.read_bytes()
    path.write_bytes(blob[: len(blob) // 2])              # cut short after it was queued
    with caplog.at_level(logging.ERROR, logger="firmware_host.audio"):
        sink.finish("public")
        assert sink.wait_for(2)
    _, pcm, clip = sink.got[1]
    assert frames is not None and len(pcm) == 2 * frames == 2 * clip.frames
    assert pcm.endswith(b"\x00" * 2000) and any(pcm[: len(pcm) // 4])
    assert "damaged" in caplog.text and "played as silence" in caplog.text
    sink.finish("public")
    assert u.wait_played(10) and hold.done()


_FAKE_APLAY = """
import os, sys
with open(os.environ["FAKE_APLAY_OUT"], "ab") as f:
    while True:
        piece = sys.stdin.buffer.read(1000)
        if not piece:
            break
        f.write(piece)
"""


def test_the_alsa_sink_streams_a_wav_that_aplay_reads_sample_for_sample(tmp_path, monkeypatch):
    aplay = tmp_path / "aplay"
    aplay.write_text(f"#!{sys.executable}\n{_FAKE_APLAY}")
    aplay.chmod(0o755)
    out = tmp_path / "fed.wav"
    monkeypatch.setenv("FAKE_APLAY_OUT", str(out))
    cache = tmp_path / "speech"
    audio = AudioService(AudioSettings(seat_volume=0.8), RecordingSink(), cache, seats=5)
    try:
        path = audio.renderer.render(SENTENCES[0], "de").wait(60)
    finally:
        audio.close()
    clip = LazyClip([SpeechPart(path, 0.8), clip_module.Silence(777)], read_wav(path).rate)
    sink = AlsaSink({"seat:0": "fake"}, aplay=str(aplay))
    playback = sink.play(clip, PlayInfo("seat:0", "seat:0", "k", "", None, "normal", 1))
    assert playback.wait(30) and playback.error is None
    with wave.open(str(out)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, clip.rate)
        fed = w.readframes(w.getnframes())
    assert fed == read_wav(path, 0.8).pcm + b"\x00\x00" * 777


def test_the_alsa_sink_still_names_the_output_when_aplay_fails_while_fed(tmp_path):
    sink = AlsaSink({"seat:3": "no_such_alsa_device"})
    clip = LazyClip([clip_module.Silence(22050 * 3)], 22050)
    playback = sink.play(clip, PlayInfo("seat:3", "seat:3", "k", "", None, "normal", 1))
    assert playback.wait(30)
    assert playback.error is not None and "earphone of seat 4 (ALSA device no_such_alsa_device)" in str(playback.error)
