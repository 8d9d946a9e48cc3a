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
    assert "gpio.pull_up: false, but BCM 2 (peg.holes.3) and BCM 3 (game_master.key)" in err


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


# -- hardware/INSTALL.md as a builder meets it (issue 35) -----------------------------------------

def _repo_root():
    from pathlib import Path

    return Path(__file__).resolve().parents[1]


def test_install_md_installs_from_a_checkout_by_a_path_that_holds_the_project():
    """"./firmware_host[pi]" named the package folder, which has no pyproject.toml: pip
    failed from a checkout. Every pip line that installs a path (not the wheel) names the
    checkout's top folder as seen from where INSTALL.md says to run it."""
    import re

    flat = " ".join(_install_md().split())
    paths = re.findall(r'pip install "(\.[^"\[]*)\[pi\]"', flat)
    assert paths, "INSTALL.md shows no install from a checkout"
    for path in paths:
        assert (_repo_root() / path / "pyproject.toml").is_file(), f"pip install \"{path}[pi]\" has no project there"
    assert "in its top folder (the one with `pyproject.toml`)" in flat


def test_the_pi_extra_brings_a_gpio_library_on_every_python_a_pi_runs():
    """lgpio has wheels up to Python 3.12; from 3.13 (trixie) the extra takes adafruit-lgpio
    (the same lgpio module); exactly one of them on a Pi, none elsewhere."""
    import json
    import subprocess
    import sys
    import tomllib

    extra = tomllib.loads((_repo_root() / "pyproject.toml").read_text())["project"]["optional-dependencies"]["pi"]
    # pip's own marker evaluation (the packaging library; run apart: tests/packaging shadows its name here)
    code = ("import json, sys\nfrom packaging.requirements import Requirement\n"
            "reqs, envs = json.loads(sys.argv[1]), json.loads(sys.argv[2])\n"
            "print(json.dumps([[Requirement(r).name for r in reqs if Requirement(r).marker.evaluate(e)] for e in envs]))")
    envs = [{"platform_machine": m, "python_version": v} for m in ("aarch64", "armv7l", "x86_64")
             for v in ("3.11", "3.12", "3.13", "3.14")]
    run = subprocess.run([sys.executable, "-c", code, json.dumps(extra), json.dumps(envs)], capture_output=True,
                         text=True, cwd="/", timeout=60, check=True)
    chosen = dict(zip([(e["platform_machine"], e["python_version"]) for e in envs], json.loads(run.stdout)))
    for machine in ("aarch64", "armv7l"):
        for python, want in (("3.11", "lgpio"), ("3.12", "lgpio"), ("3.13", "adafruit-lgpio"), ("3.14", "adafruit-lgpio")):
            assert chosen[(machine, python)] == [want], (machine, python)
    assert all(chosen[("x86_64", v)] == [] for v in ("3.11", "3.12", "3.13", "3.14"))
    builds = next(b for b in _marked_blocks(_install_md()) if "swig" in b)
    assert "sys.version_info < (3, 13)" in builds and "python3-dev" in builds and "gcc" in builds


def _sound_check() -> str:
    import re

    [block] = re.findall(r"<!-- sound-check -->\s*\n```sh\n(.*?)```", _install_md(), re.S)
    return block


def test_install_md_sound_check_fails_naming_each_missing_card(tmp_path):
    """``aplay -L | grep board_`` lists asound.conf's names with no card attached, so it could
    not fail; the check as written runs ``aplay -l`` and fails while a card is missing (this
    machine has none)."""
    import subprocess

    if shutil.which("aplay") is None:
        pytest.skip("alsa-utils are not installed (scripts/setup installs them)")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    listed = subprocess.run(["aplay", "-l"], capture_output=True, text=True, env=env, timeout=60).stdout
    if "BoardA" in listed or "BoardB" in listed:
        pytest.skip("this machine has the board's sound cards")
    run = subprocess.run(["bash", "-c", _sound_check()], capture_output=True, text=True, env=env, timeout=60)
    assert run.returncode != 0
    assert "no sound card BoardA" in run.stdout and "no sound card BoardB" in run.stdout


def test_install_md_sound_check_passes_and_prints_both_cards_when_aplay_lists_them(tmp_path):
    """The same check against ``aplay -l`` output in alsa-utils' format with the two cards (an
    ``aplay`` on PATH that prints it): exit 0, each card's line."""
    import subprocess

    listing = ("**** List of PLAYBACK Hardware Devices ****\n"
               "card 1: BoardA [USB Sound Device], device 0: USB Audio [USB Audio]\n"
               "  Subdevices: 1/1\n"
               "card 2: BoardB [USB Sound Device], device 0: USB Audio [USB Audio]\n"
               "  Subdevices: 1/1\n")
    (tmp_path / "listing").write_text(listing)
    aplay = tmp_path / "aplay"
    aplay.write_text(f"#!/bin/sh\ncat {tmp_path / 'listing'}\n")
    aplay.chmod(0o755)
    env = {"PATH": f"{tmp_path}:/usr/bin:/bin", "HOME": str(tmp_path)}
    run = subprocess.run(["bash", "-c", _sound_check()], capture_output=True, text=True, env=env, timeout=60)
    assert run.returncode == 0, run.stdout
    assert [line.split(",")[0] for line in run.stdout.splitlines()] == [
        "card 1: BoardA [USB Sound Device]", "card 2: BoardB [USB Sound Device]"]
    (tmp_path / "listing").write_text(listing.replace("BoardB", "Device"))
    assert subprocess.run(["bash", "-c", _sound_check()], capture_output=True, text=True, env=env,
                          timeout=60).returncode != 0


def test_a_board_toml_written_before_the_peg_was_named_neutrally_still_checks(tmp_path, capsys):
    """A builder's board.toml whose peg section has its older name (the registered peg's
    signal, Secret Dictator's election tracker) still passes ``check-config`` after an upgrade;
    with both sections the older one is refused as unknown."""
    from firmware_host.hardware.parts import registered_peg

    older = registered_peg().signal
    text = data_path("board.toml").read_text().replace("[peg]", f"[{older}]")
    path = tmp_path / "board.toml"
    path.write_text(text)
    assert main(["check-config", str(path), "--no-tags"]) == 0, capsys.readouterr().err
    path.write_text(text + "\n[peg]\nsettle_ms = 300\n")
    assert main(["check-config", str(path), "--no-tags"]) == 2
    assert f"{older}: unknown section" in capsys.readouterr().err
