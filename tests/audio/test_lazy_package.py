"""firmware_host.audio loads its heavy modules only when a name from them is used."""

from __future__ import annotations

import subprocess
import sys

import pytest

import firmware_host.audio as audio


def test_the_config_schema_does_not_load_speech_sinks_or_service():
    code = ("import sys, firmware_host.board_config as c; c.schema_modules(); "
            "print(sorted(m for m in sys.modules if m.startswith('firmware_host.audio')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['firmware_host.audio', 'firmware_host.audio.settings']"


@pytest.mark.parametrize("name", audio.__all__)
def test_every_public_name_is_importable_from_the_package(name):
    value = getattr(audio, name)
    assert getattr(sys.modules[f"firmware_host.audio.{audio._EXPORTS[name]}"], name) is value


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'Speaker'"):
        audio.Speaker  # noqa: B018
