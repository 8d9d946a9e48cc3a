"""A wheel of this checkout, installed into a fresh virtual environment outside the checkout.

Built once per test session (``pip wheel``, then ``python -m venv`` and ``pip install`` with
the dependencies from the package index or pip's cache): the packaging tests and the systemd
unit test run the installed ``firmware-host`` from there, in a folder that is not the
checkout, so nothing can come from the repository by accident.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@dataclasses.dataclass(frozen=True)
class InstalledWheel:
    """The installed wheel: ``venv`` (its folder), ``bin`` (the ``firmware-host`` script),
    ``work`` (an empty folder outside the checkout to run in), ``wheel`` (the file)."""

    venv: Path
    bin: Path
    work: Path
    wheel: Path

    def run(self, *args: str, timeout: float = 300.0) -> subprocess.CompletedProcess:
        """``firmware-host ARGS`` from :attr:`work`, with a clean environment (no PYTHONPATH)."""
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "FIRMWARE_HOST_CONFIG")}
        env["HOME"] = str(self.work)
        env.pop("XDG_CACHE_HOME", None)
        return subprocess.run([str(self.bin), *args], cwd=self.work, env=env, capture_output=True,
                              text=True, timeout=timeout)


def _run(cmd: list[str], **kw) -> None:
    result = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if result.returncode != 0:
        pytest.fail(f"{' '.join(cmd)} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")


@pytest.fixture(scope="session")
def installed_wheel(tmp_path_factory) -> InstalledWheel:
    """Build the wheel and install it into a fresh venv (see the module docstring)."""
    base = tmp_path_factory.mktemp("wheel")
    dist = base / "dist"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(ROOT)], cwd=base)
    wheels = sorted(dist.glob("firmware_host-*.whl"))
    assert len(wheels) == 1, wheels
    venv = base / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], cwd=base)
    _run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check",
          str(wheels[0])], cwd=base)
    work = base / "elsewhere"
    work.mkdir()
    return InstalledWheel(venv, venv / "bin" / "firmware-host", work, wheels[0])
