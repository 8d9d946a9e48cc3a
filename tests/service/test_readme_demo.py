"""README's "Two commands": the WAV files it names are the ones ``./demo`` writes.

``./demo`` plays ``examples/simulate-7p.jsonl`` with ``--audio-dir out/audio``; its files are
numbered by every utterance the board made (also those never played), so the numbers move
whenever the board says or renders more before the game (they drifted twice by hand). This
plays the same script into a temporary folder and checks every numbered WAV name README
quotes."""

from __future__ import annotations

import re

import pytest

from .conftest import ROOT, run_lines

WAV_NAME = re.compile(r"\b\d{5}-(?:public|seat\d+)-[a-z0-9-]+\.wav\b")


@pytest.mark.slow
def test_the_wav_files_readme_names_are_those_the_demo_writes(tmp_path, speech_cache):
    quoted = sorted(set(WAV_NAME.findall((ROOT / "README.md").read_text(encoding="utf-8"))))
    assert len(quoted) >= 3, quoted                     # the demo's paragraph names some
    audio = tmp_path / "audio"
    run_lines((ROOT / "examples" / "simulate-7p.jsonl").read_text(encoding="utf-8"),
              audio_dir=str(audio), speech_cache=str(speech_cache))
    written = {p.name for p in audio.glob("*.wav")}
    missing = [name for name in quoted if name not in written]
    assert not missing, (missing, sorted(n for n in written if any(n[6:] == m[6:] for m in missing)))
