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
