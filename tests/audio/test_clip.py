"""PCM helpers: reading odd WAV formats, scaling, padding, joining at one rate."""

from __future__ import annotations

import array
import wave

import pytest

from firmware_host.audio.clip import (
    AudioFileError, Clip, concat, pad_to, read_wav, resample, rms, scale, silence, write_wav,
)


def tone(n: int, value: int = 1000, rate: int = 22050) -> Clip:
    return Clip(array.array("h", [value, -value] * (n // 2)).tobytes(), rate)


def test_stereo_8bit_wav_is_read_as_mono_16bit(tmp_path):
    path = tmp_path / "s.wav"
    with wave.open(str(path), "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(1)
        w.setframerate(8000)
        w.writeframes(bytes([228, 128] * 400))  # left +100, right 0 (8-bit is offset by 128)
    clip = read_wav(path)
    assert clip.rate == 8000 and clip.frames == 400
    assert set(clip.samples()) == {(100 << 8) // 2}


def test_missing_or_broken_wav_is_a_clear_error(tmp_path):
    with pytest.raises(AudioFileError, match="cannot read WAV file"):
        read_wav(tmp_path / "none.wav")
    (tmp_path / "bad.wav").write_bytes(b"RIFF0000WAVEjunk")
    with pytest.raises(AudioFileError):
        read_wav(tmp_path / "bad.wav")


def test_write_then_read_round_trips(tmp_path):
    clip = tone(2205)
    assert read_wav(write_wav(tmp_path / "t.wav", clip)) == clip


def test_scale_multiplies_and_clips_to_16_bit():
    assert rms(scale(tone(1000, 1000), 0.5)) == pytest.approx(500)
    assert max(scale(tone(100, 30000), 2.0).samples()) == 32767
    assert rms(scale(tone(100), 0.0)) == 0.0
    c = tone(10)
    assert scale(c, 1.0) is c


def test_pad_to_adds_silence_up_to_the_duration_only():
    c = tone(2205)  # 0.1 s
    padded = pad_to(c, 0.5)
    assert padded.frames == round(0.5 * 22050) and padded.pcm.startswith(c.pcm)
    assert pad_to(padded, 0.2) is padded


def test_concat_brings_every_part_to_one_rate():
    joined = concat([tone(800, rate=8000), silence(0.05), tone(2205)])
    assert joined.rate == 22050
    assert joined.duration == pytest.approx(0.1 + 0.05 + 0.1, abs=0.002)
    assert resample(tone(100), 22050).frames == 100
