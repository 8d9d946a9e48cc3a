"""PCM helpers: reading odd WAV formats, scaling, padding, joining at one rate."""

from __future__ import annotations

import array
import math
import wave

import pytest

from firmware_host.audio.clip import (
    AudioFileError, Clip, LazyClip, Silence, Tail, concat, pad_to, read_wav, resample, rms, scale, silence,
    write_wav,
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


def test_scale_rounds_every_sample_without_a_python_loop_for_volumes_below_one():
    samples = list(range(-32768, 32768, 7)) + [32767]
    c = Clip(array.array("h", samples).tobytes())
    for gain in (0.8, 0.5, 0.3333, 0.01, 0.99999):
        got = scale(c, gain).samples()
        assert len(got) == len(samples)
        # rounding (0.5) plus the gain's quantisation to 1/65536 (at most 32768 / 131072)
        assert max(abs(g - s * gain) for g, s in zip(got, samples)) <= 0.75


def test_ulaw_decodes_the_g711_code_points_and_round_trips_within_one_step():
    from firmware_host.audio.clip import decode_ulaw, encode_ulaw

    values = array.array("h")
    values.frombytes(decode_ulaw(bytes([0xFF, 0x7F, 0x80, 0x00, 0xF0, 0x70])))
    assert list(values) == [0, 0, 32124, -32124, 120, -120]  # ITU-T G.711 table 2a
    samples = array.array("h", range(-32768, 32768))
    back = array.array("h")
    back.frombytes(decode_ulaw(encode_ulaw(samples.tobytes())))
    for s, b in zip(samples, back):
        # G.711's step grows with the segment, from 8 near zero to 1024 at the top: about
        # a sixteenth of the value; above 32635 the code is clipped (decoded 32124)
        assert abs(s - b) <= min(abs(s), 32635) // 16 + 8 + max(0, abs(s) - 32635), (s, b)


def test_ulaw_encoding_matches_the_former_stdlib_audioop_where_it_still_exists():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        audioop = pytest.importorskip("audioop")
    from firmware_host.audio.clip import decode_ulaw, encode_ulaw

    pcm = array.array("h", range(-32768, 32768)).tobytes()
    assert encode_ulaw(pcm) == audioop.lin2ulaw(pcm, 2)
    assert decode_ulaw(bytes(range(256))) == audioop.ulaw2lin(bytes(range(256)), 2)


def test_ulaw_wav_is_half_the_size_and_reads_back_at_any_volume(tmp_path):
    from firmware_host.audio.clip import decode_ulaw, encode_ulaw, wav_seconds, write_ulaw_wav

    c = tone(22050, 12000)
    path = write_ulaw_wav(tmp_path / "u.wav", c)
    assert path.stat().st_size < len(c.pcm) // 2 + 100
    assert wav_seconds(path) == pytest.approx(1.0)
    assert read_wav(path).pcm == decode_ulaw(encode_ulaw(c.pcm))
    quiet = read_wav(path, 0.8).samples()
    loud = read_wav(path).samples()
    assert all(abs(q - round(s * 0.8)) <= 1 for q, s in zip(quiet, loud))
    with pytest.raises(wave.Error):
        wave.open(str(path))  # a µ-law file, not PCM: only read_wav reads it
    packed = write_ulaw_wav(tmp_path / "u.wav.gz", c, compress=True)
    assert read_wav(packed, 0.8).pcm == read_wav(path, 0.8).pcm
    assert wav_seconds(packed) == pytest.approx(1.0)
    xz = write_ulaw_wav(tmp_path / "u.wav.xz", c, compress="xz")
    assert read_wav(xz, 0.8).pcm == read_wav(path, 0.8).pcm
    assert wav_seconds(xz) == pytest.approx(1.0)


def _slow_downsample(pcm: bytes) -> bytes:
    """The 2:3 filter written out sample by sample (the reference of downsample_2_3)."""
    from firmware_host.audio import clip as cm

    a = array.array("h")
    a.frombytes(pcm)
    n, k_half = len(a), cm._FIR_HALF
    taps = {0: cm._fir_taps(0.0), 1: cm._fir_taps(-0.5)}
    out = []
    for m in range(round(n * 2 / 3)):
        base, c = 3 * (m // 2) + m % 2, taps[m % 2]
        total = sum(c[k + k_half] * (a[base + k] if 0 <= base + k < n else 0) for k in range(-k_half, k_half + 1))
        out.append(max(-32768, min(32767, (total + 32768) >> 16)))
    return array.array("h", out).tobytes()


@pytest.mark.parametrize("block", [3 * 4096, 30, 3])
def test_downsampling_to_14700_hz_is_the_filter_sample_for_sample_in_any_block_size(block, monkeypatch):
    import random

    from firmware_host.audio import clip as cm

    monkeypatch.setattr(cm, "_FIR_BLOCK", block)
    rng = random.Random(block)
    for n in list(range(12)) + [100, 101, 102, 997]:
        pcm = array.array("h", [rng.choice([rng.randint(-32768, 32767), 32767, -32768, 0]) for _ in range(n)]).tobytes()
        got = cm.downsample_2_3(pcm)
        assert len(got) == 2 * round(n * 2 / 3)
        assert got == _slow_downsample(pcm), n          # full-scale peaks clipped, not wrapped


def test_downsampling_keeps_speech_frequencies_and_drops_those_that_would_fold_back():
    from firmware_host.audio.clip import downsample_2_3

    def level(freq: float) -> float:
        n = 22050
        tone = Clip(array.array("h", [round(16000 * math.sin(2 * math.pi * freq * i / 22050)) for i in range(n)]).tobytes())
        out = Clip(downsample_2_3(tone.pcm), 14700)
        inner = Clip(out.pcm[2000:-2000], 14700)            # away from the ends
        return rms(inner) / (16000 / math.sqrt(2))

    assert level(440) == pytest.approx(1.0, abs=0.001)
    assert level(3000) == pytest.approx(1.0, abs=0.001)
    assert level(6000) == pytest.approx(1.0, abs=0.005)
    assert level(9000) < 0.002                              # would fold back to 5.7 kHz: about -60 dB



@pytest.mark.parametrize("chunk", [1, 7, 1000])
def test_tail_is_what_is_left_of_a_clip_after_its_first_samples_in_any_piece_size(chunk):
    """A clip cut off plays on from where it was cut (ACCESSIBILITY.md 26): ``Tail`` is its
    samples after the first ``skip``, sample for sample, also across a lazy clip's parts."""
    whole = LazyClip((Clip(array.array("h", range(0, 50)).tobytes()), Silence(30)))
    for skip in (0, 1, 49, 50, 51, 80, 200):
        tail = Tail(whole, skip)
        assert tail.frames == max(0, 80 - skip)
        assert b"".join(tail.chunks(chunk)) == whole.pcm[2 * min(skip, 80):]
