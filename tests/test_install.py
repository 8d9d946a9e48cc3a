"""Installing the board (issue 11): config lookup order, ``--version``, ``files``, ``check-config --config``."""

from __future__ import annotations

import shutil

import pytest

import firmware_host
from firmware_host import config as config_module
from firmware_host.cli import main
from firmware_host.resources import SHIPPED, data_path


@pytest.fixture
def no_env(monkeypatch, tmp_path):
    monkeypatch.delenv("FIRMWARE_HOST_CONFIG", raising=False)
    monkeypatch.setattr(config_module, "ETC_CONFIG_PATH", tmp_path / "etc" / "board.toml")
    return tmp_path


def test_config_lookup_is_flag_then_environment_then_etc_then_packaged_demo(no_env, monkeypatch):
    etc = config_module.ETC_CONFIG_PATH
    assert config_module.find_config(None) == (data_path("board.toml"), "the packaged demo config")
    etc.parent.mkdir()
    shutil.copy(data_path("board.toml"), etc)
    assert config_module.find_config(None) == (etc, str(etc))
    monkeypatch.setenv("FIRMWARE_HOST_CONFIG", str(no_env / "env.toml"))
    assert config_module.find_config(None) == (no_env / "env.toml", "$FIRMWARE_HOST_CONFIG")
    assert config_module.find_config("mine.toml")[1] == "--config"


def test_check_config_takes_config_as_run_does_and_says_which_config_it_found(no_env, capsys):
    path = str(data_path("board.toml"))
    assert main(["check-config", "--config", path]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"OK: {path}") and err == ""
    assert main(["check-config"]) == 0
    out, err = capsys.readouterr()
    assert err == f"config: {path} (the packaged demo config)\n"
    assert main(["check-config", path, "--config", str(no_env / "other.toml")]) == 2
    assert "two configs given" in capsys.readouterr().err


def test_version_is_the_package_version(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"firmware-host {firmware_host.__version__}\n"


def test_files_prints_every_shipped_file_and_one_path_for_a_shell(capsys):
    assert main(["files"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split("  #")[0] for line in lines] == [str(data_path(name)) for name in SHIPPED]
    assert main(["files", "asound.conf"]) == 0
    assert capsys.readouterr().out == f"{data_path('asound.conf')}\n"


def test_check_config_refuses_pull_up_off_on_the_fixed_pull_ups_of_bcm_2_and_3(tmp_path, capsys):
    text = data_path("board.toml").read_text().replace("pull_up = true ", "pull_up = false")
    path = tmp_path / "board.toml"
    path.write_text(text)
    assert main(["check-config", str(path), "--no-tags"]) == 2
    err = capsys.readouterr().err
    assert "gpio.pull_up: false, but BCM 2 (tracker.holes.3) and BCM 3 (game_master.key)" in err


def test_replay_of_a_simulate_script_points_to_simulate(capsys):
    from pathlib import Path
    script = Path(__file__).resolve().parents[1] / "examples" / "simulate-chaos.jsonl"
    assert main(["replay", str(script)]) == 2
    err = capsys.readouterr().err
    assert "simulate script" in err and "firmware-host simulate --script" in err and err.count("\n") == 1


def test_enrol_tags_rehearsal_never_writes_the_packaged_registry(capsys):
    before = data_path("tags.toml").read_bytes()
    assert main(["enrol-tags", "--mock", "--language", "en"]) == 2
    assert "--mock needs --output" in capsys.readouterr().err
    assert main(["enrol-tags", "--mock", "--output", str(data_path("tags.toml")), "--language", "en"]) == 2
    assert "packaged demo registry" in capsys.readouterr().err
    assert data_path("tags.toml").read_bytes() == before


def test_log_lines_carry_journald_priorities_under_systemd(monkeypatch):
    import io
    import logging

    from firmware_host.service.logs import setup_logging

    monkeypatch.setenv("JOURNAL_STREAM", "8:1234")
    stream = io.StringIO()
    setup_logging(logging.DEBUG, stream=stream)
    try:
        log = logging.getLogger("firmware_host.test")
        log.critical("c")
        log.error("e")
        log.warning("w")
        log.info("i")
        log.debug("d")
    finally:
        logging.getLogger().handlers.clear()
    assert [line[:3] for line in stream.getvalue().splitlines()] == ["<2>", "<3>", "<4>", "<6>", "<7>"]


def test_self_test_audio_plays_a_tone_and_the_name_into_every_output_and_names_a_silent_one(tmp_path, capsys):
    """issue 11: `self-test --audio` plays into each earphone in turn and names it; an output
    aplay cannot open is named and the exit status is 1."""
    devices = ", ".join(['"null"'] * 9 + ['"no_such_alsa_device"'])
    text = data_path("board.toml").read_text()
    text = text.replace('public_device = "board_table"', 'public_device = "null"')
    text = text[:text.index("seat_devices = [")] + f"seat_devices = [{devices}]\n" + text[text.index("whisper_station"):]
    text = text.replace('registry = "tags.toml"', f'registry = "{data_path("tags.toml")}"')
    text = text.replace('language = "de"', f'language = "en"\ncache_dir = "{tmp_path / "speech"}"')
    path = tmp_path / "board.toml"
    path.write_text(text)
    assert main(["self-test", "--audio", "--config", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Test: table speaker" and "Test: earphone of seat 1" in out and "Test: earphone of seat 10" in out
    assert any("does not play: earphone of seat 10 (ALSA device no_such_alsa_device)" in line for line in out)
    assert out[-1] == "audio: 1 of 11 outputs do not play: earphone of seat 10"
