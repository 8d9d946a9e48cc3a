"""Earcons in firmware_host/data/sounds/: present, short, distinct, reproducible from the generator."""

from __future__ import annotations

import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest

from firmware_host.audio import EARCONS, EarconError, known_earcons, load_earcon, rms
from firmware_host.audio.earcons import SOUNDS_DIR

GENERATOR = Path(__file__).resolve().parents[2] / "sounds"


def test_every_earcon_file_is_present_short_and_audible():
    assert set(known_earcons()) >= {"input", "ballot", "election_passed", "election_failed", "law_democratic",
                                    "law_fascist", "power", "refusal", "fault", "game_over", "scan_wrap"}
    for name in known_earcons():
        clip = load_earcon(name)
        assert clip.rate == 22050
        assert 0.03 <= clip.duration <= 0.400, name
        assert rms(clip) > 1000, name


def test_earcons_are_distinct_from_each_other():
    clips = {name: load_earcon(name) for name in known_earcons()}
    for a, b in combinations(known_earcons(), 2):
        assert clips[a].pcm != clips[b].pcm, (a, b)
    # and not merely different by a few samples: the difference is loud
    for a, b in combinations(known_earcons(), 2):
        x, y = clips[a].samples(), clips[b].samples()
        n = min(len(x), len(y))
        diff = sum(abs(x[i] - y[i]) for i in range(0, n, 7)) / max(1, len(range(0, n, 7)))
        assert diff > 500 or len(x) != len(y), (a, b)


def test_committed_earcons_match_the_generator():
    result = subprocess.run([sys.executable, str(GENERATOR / "generate.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_every_earcon_is_documented_in_the_sounds_readme():
    readme = (GENERATOR / "README.md").read_text(encoding="utf-8")
    for name in known_earcons():
        assert f"`{name}.wav`" in readme


def test_unknown_earcon_is_a_clear_error():
    with pytest.raises(EarconError, match="unknown earcon 'trumpet'"):
        load_earcon("trumpet")


def test_the_board_plays_its_own_earcons_and_each_games_from_its_pack():
    """The audio layer names no game's earcon (issue 32): its own are every game's table's
    (a refusal, a fault, a scan's wrap, a private cue …); a game's own come from its pack's
    ``earcons``, and an earcon no pack declares is refused."""
    from firmware_host.kernel import games

    assert not {"ballot", "veto", "law_fascist"} & set(EARCONS)
    assert set(games.pack("secret_dictator").earcons) <= set(known_earcons())
    assert known_earcons()[:len(EARCONS)] == EARCONS
    with pytest.raises(EarconError):
        load_earcon("no_such_game_sound")
