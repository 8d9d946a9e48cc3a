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


# -- hardware/INSTALL.md as written (issue 25) -----------------------------------------------

def _install_md() -> str:
    from pathlib import Path

    return (Path(__file__).resolve().parents[1] / "hardware" / "INSTALL.md").read_text(encoding="utf-8")


def _shell_blocks(text: str) -> list[str]:
    import re

    return re.findall(r"```sh\n(.*?)```", text, re.S)


def _marked_blocks(text: str) -> list[str]:
    import re

    return re.findall(r"<!-- pi-check -->\s*\n```sh\n(.*?)```", text, re.S)


def test_install_md_apt_line_does_not_fail_as_a_whole_where_python3_lgpio_is_missing():
    """Plain Debian (or an image without the Pi archive) has no python3-lgpio: the line that
    installs the rest must not name it, its own line says what to do, and the wheel is
    installed with the [pi] extra, which brings lgpio where Debian does not."""
    first = _marked_blocks(_install_md())[0]
    installs = [line for line in first.splitlines() if "apt-get install" in line]
    assert any("espeak-ng" in line and "python3-venv" in line and "python3-lgpio" not in line for line in installs)
    [lgpio] = [line for line in installs if "python3-lgpio" in line]
    assert "||" in lgpio and "[pi]" in lgpio
    assert any('pip install "$whl[pi]"' in block for block in _marked_blocks(_install_md()))


def test_install_md_makes_the_gpio_group_and_its_udev_rule_before_the_user_joins_it():
    blocks = _marked_blocks(_install_md())
    group = next(i for i, b in enumerate(blocks) if "groupadd --system gpio" in b)
    user = next(i for i, b in enumerate(blocks) if "useradd" in b)
    assert group < user and "getent group gpio" in blocks[group]
    assert 'KERNEL=="gpiochip*", GROUP="gpio"' in blocks[group]
    assert "--home-dir /run/firmware-host" in blocks[user]        # the unit's HOME, not a missing /home


def test_install_md_names_the_installed_command_by_its_full_path_in_every_step():
    """Nothing of the install is on PATH: every ``firmware-host`` command in a shell block or
    an inline command is ``/opt/firmware-host/venv/bin/firmware-host`` (or ``$fh`` set to it in
    the same block)."""
    import re

    text = _install_md()
    full = "/opt/firmware-host/venv/bin/firmware-host"
    for block in _shell_blocks(text):
        for line in block.splitlines():
            command = line.split("#")[0]
            assert not re.search(r"(^\s*|sudo |\$\(|&& |\| )firmware-host\b", command), line
            if "$fh" in command:
                assert f"fh={full}" in block, block
    flat = " ".join(text.split())
    for inline in re.findall(r"`([^`]*)`", flat):
        assert not re.match(r"(sudo )?firmware-host (simulate|self-test|files|check-config|run|enrol-tags|replay)\b",
                            inline), f"not a full path: `{inline}`"
    for word in ("files", "check-config", "--version", "enrol-tags", "self-test", "simulate"):
        assert f"{full} {word}" in flat or f"$fh {word}" in flat or f"$($fh {word}" in flat, word


def test_install_md_shows_what_aplay_lists_for_the_shipped_asound_conf(tmp_path):
    """``aplay -L | grep board_`` as it really prints with the shipped asound.conf (22 names)."""
    import re
    import subprocess
    from pathlib import Path

    aplay, alsa_conf = shutil.which("aplay"), Path("/usr/share/alsa/alsa.conf")
    if aplay is None or not alsa_conf.is_file():
        pytest.skip("alsa-utils are not installed (scripts/setup installs them)")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
           "ALSA_CONFIG_PATH": f"{alsa_conf}:{data_path('asound.conf')}"}
    listed = subprocess.run([aplay, "-L"], capture_output=True, text=True, env=env, timeout=60).stdout
    printed = [line for line in listed.splitlines() if "board_" in line]
    shown = re.search(r"aplay -L \| grep board_\n```\n.*?```text\n(.*?)```", _install_md(), re.S)
    assert shown, "INSTALL.md shows no aplay output"
    assert shown.group(1).splitlines() == printed
    assert len(printed) == 22
