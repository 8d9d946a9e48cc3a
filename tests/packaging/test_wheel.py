"""The installed wheel works anywhere: earcons, config, tags, unit and catalogs come with it.

Issue 11: a builder installs a built wheel (not the checkout); from any folder,
``check-config``, ``replay`` and ``simulate --script --audio-dir`` must work with the
packaged demo config, play earcons and log no ERROR.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

from firmware_host.audio.clip import SPEECH_RATE, read_wav, resample, scale
from firmware_host.audio.earcons import known_earcons, load_earcon

from .conftest import ROOT


def test_wheel_carries_earcons_config_tags_unit_alsa_setup_catalogs_and_licence(installed_wheel):
    names = set(zipfile.ZipFile(installed_wheel.wheel).namelist())
    for earcon in known_earcons():
        assert f"firmware_host/data/sounds/{earcon}.wav" in names
    for data in ("board.toml", "tags.toml", "firmware-host.service", "asound.conf"):
        assert f"firmware_host/data/{data}" in names
    for language in ("de", "en"):
        assert f"firmware_host/games/secret_dictator/locale/{language}/LC_MESSAGES/messages.mo" in names
    assert any(n.endswith("/licenses/LICENSE") for n in names)


def test_installed_version_and_files_come_from_the_venv_not_the_checkout(installed_wheel):
    version = installed_wheel.run("--version")
    assert version.returncode == 0 and version.stdout.startswith("firmware-host "), version
    listing = installed_wheel.run("files")
    assert listing.returncode == 0, listing.stderr
    for line in listing.stdout.splitlines():
        path = Path(line.split("  #")[0])
        assert (path.is_dir() if path.name == "examples" else path.is_file()), line
        assert installed_wheel.venv in path.parents, line
        assert ROOT not in path.parents
    unit = installed_wheel.run("files", "firmware-host.service")
    assert Path(unit.stdout.strip()).read_text().startswith("#")


def test_installed_check_config_uses_the_packaged_demo_config_and_says_so(installed_wheel):
    result = installed_wheel.run("check-config")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("OK: ") and "10 seats" in result.stdout and "tags" in result.stdout
    assert "the packaged demo config" in result.stderr
    assert str(installed_wheel.venv) in result.stderr
    # --config FILE, as INSTALL.md writes it, on a copy in /etc's place
    etc = installed_wheel.work / "etc"
    etc.mkdir(exist_ok=True)
    packaged = Path(installed_wheel.run("files", "board.toml").stdout.strip())
    shutil.copy(packaged, etc / "board.toml")
    shutil.copy(packaged.with_name("tags.toml"), etc / "tags.toml")
    result = installed_wheel.run("check-config", "--config", str(etc / "board.toml"))
    assert result.returncode == 0, result.stderr
    assert f"OK: {etc / 'board.toml'}" in result.stdout


def test_installed_replay_plays_a_game_from_another_folder(installed_wheel):
    game = installed_wheel.work / "game.jsonl"
    shutil.copy(ROOT / "examples" / "rulebook-6p-democratic-laws.jsonl", game)
    result = installed_wheel.run("replay", game.name)
    assert result.returncode == 0, result.stderr
    assert '"game_over"' in result.stdout and "ERROR" not in result.stderr


def test_installed_simulate_plays_earcons_into_the_wavs_and_logs_no_error(installed_wheel):
    script = installed_wheel.work / "chaos.jsonl"
    shutil.copy(ROOT / "examples" / "simulate-chaos.jsonl", script)
    result = installed_wheel.run("simulate", "--script", script.name, "--audio-dir", "audio",
                                 "--speech-cache", "cache")
    assert result.returncode == 0, result.stderr
    assert "ERROR" not in result.stderr and "Traceback" not in result.stderr, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines[-1].get("state"), lines[-1]
    wavs = sorted((installed_wheel.work / "audio").glob("*.wav"))
    announced = [line["wav"] for line in lines if line.get("event") == "announce"]
    assert announced and all(Path(installed_wheel.work, w).is_file() for w in announced)
    # the earcons (0.7 of full volume, the default, at the speech cache's rate) open the clips they belong to
    earcons = {name: resample(scale(load_earcon(name), 0.7), SPEECH_RATE).pcm for name in known_earcons()}
    heard = {name for wav in wavs for name, pcm in earcons.items() if read_wav(wav).pcm.startswith(pcm)}
    assert {"ballot", "election_failed"} <= heard, heard


def test_every_example_of_the_checkout_is_in_the_wheel(installed_wheel):
    """Issue 25: a builder with only the wheel has the examples (``firmware-host files examples``)."""
    names = set(zipfile.ZipFile(installed_wheel.wheel).namelist())
    examples = sorted(p.name for p in (ROOT / "examples").iterdir() if p.is_file())
    assert examples and [e for e in examples if f"firmware_host/data/examples/{e}" not in names] == []
    folder = installed_wheel.run("files", "examples")
    assert folder.returncode == 0 and folder.stdout.count("\n") == 1, folder
    shipped = Path(folder.stdout.strip())
    assert installed_wheel.venv in shipped.parents and sorted(p.name for p in shipped.iterdir()) == examples


def test_a_shipped_example_simulates_from_the_installed_wheel_alone(installed_wheel):
    """The whole ``simulate-7p.jsonl`` from the venv's examples folder, run in a folder that
    is not the checkout: the game reaches its end, one JSON line each, no error logged."""
    shipped = Path(installed_wheel.run("files", "examples").stdout.strip())
    result = installed_wheel.run("simulate", "--script", str(shipped / "simulate-7p.jsonl"),
                                 "--speech-cache", "cache")
    assert result.returncode == 0, result.stderr
    assert "ERROR" not in result.stderr and "Traceback" not in result.stderr, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines[-1].get("state"), lines[-1]
    assert lines[-1]["state"]["phase"] == "game_over"
    assert any(line.get("event") == "game_over" for line in lines)
