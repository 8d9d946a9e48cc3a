"""The systemd unit (issue 11): valid for systemd with ExecStart at an installed wheel,
hardened to an exposure of at most 3.0, with a writable working directory for lgpio and the
limits the console's connection cap is sized for."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from firmware_host.resources import data_path
from firmware_host.console.settings import SCHEMA

UNIT = data_path("firmware-host.service")


def _unit_for(tmp_path, venv):
    text = UNIT.read_text(encoding="utf-8")
    assert "ExecStart=/opt/firmware-host/venv/bin/firmware-host run" in text
    path = tmp_path / "firmware-host.service"
    path.write_text(text.replace("/opt/firmware-host/venv/", f"{venv}/"), encoding="utf-8")
    return path


def _directives() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in UNIT.read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            out.setdefault(key, []).append(value)
    return out


@pytest.fixture(scope="module")
def analyze() -> str:
    tool = shutil.which("systemd-analyze")
    if tool is None:
        pytest.skip("systemd-analyze is not installed (scripts/setup --test installs systemd)")
    return tool


def test_unit_verifies_with_execstart_at_the_installed_wheel(analyze, installed_wheel, tmp_path):
    unit = _unit_for(tmp_path, installed_wheel.venv)
    result = subprocess.run([analyze, "verify", str(unit)], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "firmware-host.service" not in result.stderr, result.stderr


def test_unit_security_exposure_is_at_most_3(analyze, installed_wheel, tmp_path):
    unit = _unit_for(tmp_path, installed_wheel.venv)
    result = subprocess.run([analyze, "security", "--offline=yes", str(unit)], capture_output=True, text=True,
                            cwd=tmp_path)
    found = re.search(r"Overall exposure level for firmware-host\.service: (\d+\.\d+)", result.stdout)
    assert found, result.stdout + result.stderr
    assert float(found.group(1)) <= 3.0, result.stdout


def test_lgpio_gets_a_writable_working_directory_and_the_devices_stay_reachable():
    d = _directives()
    assert d["RuntimeDirectory"] == ["firmware-host"]
    assert d["WorkingDirectory"] == ["/run/firmware-host"]
    assert "LG_WD=/run/firmware-host" in d["Environment"]
    assert d["ProtectSystem"] == ["strict"]
    # pins, readers (by class, so a replugged adapter's new node is allowed) and sound cards
    assert {"char-gpiochip rw", "char-ttyUSB rw", "char-ttyACM rw", "char-alsa rw"} <= set(d["DeviceAllow"])
    assert d["SupplementaryGroups"] == ["gpio dialout audio"]
    for kept_off in ("PrivateDevices", "PrivateUsers", "ProcSubset", "MemoryDenyWriteExecute"):
        assert kept_off not in d


def test_file_descriptor_limit_leaves_room_beyond_the_consoles_connection_cap():
    d = _directives()
    nofile = int(d["LimitNOFILE"][0])
    cap = SCHEMA["console"]["max_connections"]
    assert nofile >= 1024 and cap.max * 2 <= nofile and cap.default * 8 <= nofile
    assert d["Type"] == ["notify"] and d["Restart"] == ["on-failure"]
    assert int(d["StartLimitBurst"][0]) >= 3 and int(d["WatchdogSec"][0]) > 0


def _unit_environment() -> dict[str, str]:
    return dict(value.split("=", 1) for value in _directives()["Environment"])


def _speech_worker(home: str, out) -> subprocess.CompletedProcess:
    """One sentence through the speech worker (espeak-ng) with HOME and XDG_RUNTIME_DIR set as
    the unit sets them, standing in ``home`` for ``/run/firmware-host``."""
    import json
    import sys

    env = {"PATH": "/usr/bin:/bin", "HOME": home, "XDG_RUNTIME_DIR": home}
    request = json.dumps({"text": "hello", "voice": "en", "rate": 170, "out": str(out)})
    return subprocess.run([sys.executable, "-m", "firmware_host.audio.speech_worker"], input=request + "\n",
                          capture_output=True, text=True, env=env, timeout=120)


def test_the_speech_stack_gets_a_writable_home_and_logs_nothing_at_start(tmp_path):
    """Issue 25: the service user has no home, and every start of the speech worker logged
    "Failed to create secure directory (/home/firmware-host/.config/pulse)". The unit gives it
    the runtime directory it makes (writable, the user's own) as HOME and XDG_RUNTIME_DIR."""
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed (scripts/setup installs it)")
    env = _unit_environment()
    assert env["HOME"] == env["XDG_RUNTIME_DIR"] == "/run/firmware-host"
    assert _directives()["RuntimeDirectory"] == ["firmware-host"]
    assert "ProtectHome" in _directives()          # /home is hidden: a home there could not be used
    runtime = tmp_path / "run-firmware-host"
    runtime.mkdir(mode=0o700)
    result = _speech_worker(str(runtime), tmp_path / "hello.wav")
    assert result.stdout.strip() == '{"ok": true}', result.stderr
    assert result.stderr == ""
    # what the unit prevents: a home that cannot be made (here a path under /proc)
    result = _speech_worker("/proc/no-home-firmware-host", tmp_path / "again.wav")
    assert result.stdout.strip() == '{"ok": true}', result.stderr
    assert "Failed to create secure directory" in result.stderr
