"""Errors raised on purpose inherit FirmwareHostError and, as leaves, a builtin (STYLE)."""

from __future__ import annotations

import pytest

from firmware_host.errors import FirmwareHostError
from firmware_host.hardware.pins import UnknownPinFactoryError, make_pin_factory
from firmware_host.hardware.tags import TagIdError, normalise_tag
from firmware_host.service.journal import Journal, UnknownGameError


def test_an_unknown_game_id_is_a_firmware_host_key_error(tmp_path):
    journal = Journal(tmp_path / "journal.sqlite")
    try:
        with pytest.raises(UnknownGameError) as info:
            journal.game(12345)
    finally:
        journal.close()
    assert isinstance(info.value, FirmwareHostError) and isinstance(info.value, KeyError)


def test_an_unknown_pin_factory_is_a_firmware_host_value_error():
    with pytest.raises(UnknownPinFactoryError) as info:
        make_pin_factory("pigpio-typo")
    assert isinstance(info.value, FirmwareHostError) and isinstance(info.value, ValueError)
    assert "lgpio" in str(info.value)


@pytest.mark.parametrize("tag", ["0F00A1B2", "0F00A1B2CZ", 42])
def test_a_malformed_tag_id_is_a_firmware_host_value_error(tag):
    with pytest.raises(TagIdError) as info:
        normalise_tag(tag)
    assert isinstance(info.value, FirmwareHostError) and isinstance(info.value, ValueError)
