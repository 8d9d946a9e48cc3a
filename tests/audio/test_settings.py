"""The [audio] config section: schema, cross-field checks, per-channel values."""

from __future__ import annotations

from firmware_host.audio import settings
from firmware_host.audio.settings import SCHEMA, AudioSettings, check
from firmware_host.config import Field


def test_schema_declares_every_audio_key_with_docs():
    section = SCHEMA["audio"]
    for key in ("language", "public_rate", "public_volume", "seat_rates", "seat_volumes", "earcon_volume",
                "verbosity", "public_device", "seat_devices", "whisper_station", "whisper_device"):
        assert isinstance(section[key], Field) and section[key].doc, key
    assert section["language"].default == "de"
    assert section["public_rate"].default == 175
    assert (section["public_rate"].min, section["public_rate"].max) == (80, 450)
    assert (section["earcon_volume"].min, section["earcon_volume"].max) == (0.0, 1.0)


def test_defaults_of_settings_match_the_schema():
    s = AudioSettings()
    for key, field in SCHEMA["audio"].items():
        assert getattr(s, key) == field.default, key


def test_per_seat_lists_are_checked_item_by_item():
    rates = SCHEMA["audio"]["seat_rates"].check
    assert rates([175, 300]) is None
    assert "seat 1" in rates([175, 500])
    assert "seat 0" in SCHEMA["audio"]["seat_volumes"].check([1.5])
    assert SCHEMA["audio"]["seat_devices"].check(["hw:1", 3]) is not None


def test_whisper_station_without_device_is_a_problem():
    problems = check({"audio": {"whisper_station": True}})
    assert problems == ["audio.whisper_device: the whisper station is on but has no ALSA device"]
    assert check({"audio": {"whisper_station": True, "whisper_device": "hw:2"}}) == []


def test_seat_without_earphone_and_no_whisper_station_is_a_problem():
    config = {"seats": [{}, {}, {}], "audio": {"seat_devices": ["hw:1"]}}
    (problem,) = check(config)
    assert problem.startswith("audio.seat_devices: seats 1, 2 have no earphone device")
    config["audio"]["whisper_station"] = True
    config["audio"]["whisper_device"] = "hw:5"
    assert check(config) == []


def test_lists_longer_than_the_table_are_a_problem():
    assert check({"seats": [{}] * 2, "audio": {"seat_rates": [175, 175, 175]}}) == [
        "audio.seat_rates: 3 entries for a table of 2 seats"]


def test_from_config_and_per_channel_values():
    s = AudioSettings.from_config({"audio": {"language": "en", "public_rate": 200, "seat_rates": [300],
                                             "seat_volumes": [0.5], "seat_devices": ["hw:3"], "unknown": 1}})
    assert s.language == "en"
    assert s.rate("public") == 200 and s.rate("seat:0") == 300 and s.rate("seat:4") == 175
    assert s.volume("seat:0") == 0.5 and s.volume("seat:1") == 1.0
    assert s.device("seat:0") == "hw:3" and s.device("seat:1") is None and s.device("public") == "default"
    assert AudioSettings.from_config({"language": "en"}).language == "en"


def test_module_is_listed_for_the_board_config():
    from firmware_host import board_config
    assert "firmware_host.audio.settings" in board_config.SCHEMA_MODULES
    assert callable(settings.check)
