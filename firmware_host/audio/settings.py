"""The ``[audio]`` section of the board config, and :class:`AudioSettings` built from it.

Example ``board.toml``::

    [audio]
    language = "de"              # de (default) or en
    public_rate = 175            # words per minute, 80–450 (espeak-ng's limits)
    public_volume = 1.0          # 0–1; 0 = silent
    seat_rates = [175, 300]      # per seat (0-based), missing seats use seat_rate
    earcon_volume = 0.7          # 0 = no earcons
    public_device = "default"    # ALSA device of the table speaker
    seat_devices = ["plughw:1,0", "plughw:2,0"]
    whisper_station = false      # true: one earphone that players visit in turn
    whisper_device = ""

Sources: ACCESSIBILITY.md 1 (rate 80–450 wpm, default 175; separate speech and earcon
volumes, 0 = silent), 5 (verbosity), BOARD.md "Audio" (a device per seat or a whisper station).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from firmware_host.config import Field

_RATE = dict(min=80, max=450)
_VOLUME = dict(min=0.0, max=1.0)


def _rates_ok(value: Any) -> str | None:
    for i, r in enumerate(value):
        if isinstance(r, bool) or not isinstance(r, int) or not 80 <= r <= 450:
            return f"seat {i}: {r!r} is not a speech rate of 80–450 words per minute"
    return None


def _volumes_ok(value: Any) -> str | None:
    for i, v in enumerate(value):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 1:
            return f"seat {i}: {v!r} is not a volume of 0–1"
    return None


def _devices_ok(value: Any) -> str | None:
    for i, d in enumerate(value):
        if not isinstance(d, str):
            return f"seat {i}: {d!r} is not an ALSA device name"
    return None


SCHEMA: dict[str, dict[str, Field]] = {
    "audio": {
        "language": Field(str, "de", choices=("de", "en"), doc="language of all speech: de or en"),
        "voice": Field(str, "", doc="espeak-ng voice name; empty = the language's default voice"),
        "public_rate": Field(int, 175, **_RATE, doc="table speaker speech rate, words per minute (80–450)"),
        "public_volume": Field(float, 1.0, **_VOLUME, doc="table speaker speech volume, 0–1 (0 = silent)"),
        "seat_rate": Field(int, 175, **_RATE, doc="earphone speech rate for seats not in seat_rates, words per minute"),
        "seat_volume": Field(float, 1.0, **_VOLUME, doc="earphone speech volume for seats not in seat_volumes, 0–1"),
        "seat_rates": Field(list, [], check=_rates_ok, doc="earphone speech rate per seat (0-based), words per minute"),
        "seat_volumes": Field(list, [], check=_volumes_ok, doc="earphone speech volume per seat (0-based), 0–1"),
        "earcon_volume": Field(float, 0.7, **_VOLUME, doc="volume of the earcons, 0–1 (0 = no earcons)"),
        "verbosity": Field(
            str, "auto", choices=("auto", "short", "long"),
            doc="wording: long, short, or auto (long until the table has heard it once, then short)",
        ),
        "public_device": Field(str, "default", doc="ALSA device of the table speaker (aplay -D)"),
        "seat_devices": Field(list, [], check=_devices_ok, doc="ALSA device of each seat's earphone (0-based)"),
        "whisper_station": Field(bool, False, doc="true: one shared earphone that players visit in turn"),
        "whisper_device": Field(str, "", doc="ALSA device of the whisper station earphone"),
        "backend": Field(str, "pyttsx3", choices=("pyttsx3", "espeak-ng"), doc="speech synthesiser"),
        "render_timeout": Field(float, 10.0, min=0.5, max=120.0, doc="seconds one sentence may take to render"),
        "cache_dir": Field(str, "", doc="folder of the speech cache; empty = the service's default"),
        "cache_max_mb": Field(float, 200.0, min=0.0, doc="speech cache size limit in MB (least recently used go first); 0 = no limit"),
        "prerender": Field(bool, True, doc="render what the table can hear next in the background at low priority "
                                            "(at start-up and each setup), so it starts at once when said"),
    }
}


def _seat_count(config: dict) -> int | None:
    seats = config.get("seats")
    if isinstance(seats, (list, dict)):
        return len(seats)
    board = config.get("board")
    if isinstance(board, dict) and isinstance(board.get("seats"), int):
        return board["seats"]
    return None


def check(config: dict) -> list[str]:
    """Cross-field problems of the ``[audio]`` section (each one line naming its key).

    :param config: the whole parsed board config (``dict``; ``config["audio"]`` may be absent).
    :returns: problems, empty when fine: whisper station without a device, a seat without an
        earphone device and no whisper station, per-seat rates or volumes for more seats than the table has.
    """
    audio = config.get("audio") or {}
    if not isinstance(audio, dict):
        return []
    problems: list[str] = []
    whisper = audio.get("whisper_station", False) is True
    devices = audio.get("seat_devices", [])
    if whisper and not audio.get("whisper_device"):
        problems.append("audio.whisper_device: the whisper station is on but has no ALSA device")
    n = _seat_count(config)
    if n is not None:
        if not whisper and isinstance(devices, list) and devices and len(devices) < n:
            missing = ", ".join(str(i) for i in range(len(devices), n))
            problems.append(
                f"audio.seat_devices: seats {missing} have no earphone device; add them or set whisper_station = true"
            )
        # seat_devices may name more earphones than seats: the reference list serves any
        # board of up to 10 seats; a device beyond the seats is simply not used
        for key in ("seat_rates", "seat_volumes"):
            value = audio.get(key)
            if isinstance(value, list) and len(value) > n:
                problems.append(f"audio.{key}: {len(value)} entries for a table of {n} seats")
    return problems


@dataclasses.dataclass
class AudioSettings:
    """The audio layer's settings, one attribute per ``[audio]`` key (see :data:`SCHEMA`).

    Rates are words per minute (80–450), volumes 0–1 (0 = silent). Seats are 0-based.
    Build from a config with :meth:`from_config`; every field has the schema's default.
    """

    language: str = "de"
    voice: str = ""
    public_rate: int = 175
    public_volume: float = 1.0
    seat_rate: int = 175
    seat_volume: float = 1.0
    seat_rates: list[int] = dataclasses.field(default_factory=list)
    seat_volumes: list[float] = dataclasses.field(default_factory=list)
    earcon_volume: float = 0.7
    verbosity: str = "auto"
    public_device: str = "default"
    seat_devices: list[str] = dataclasses.field(default_factory=list)
    whisper_station: bool = False
    whisper_device: str = ""
    backend: str = "pyttsx3"
    render_timeout: float = 10.0
    cache_dir: str = ""
    cache_max_mb: float = 200.0
    prerender: bool = True

    @classmethod
    def from_config(cls, config: dict | None) -> "AudioSettings":
        """Settings from a parsed board config (the whole document or just its ``audio`` table).

        Unknown keys are ignored here (the config loader reports them); absent ones get defaults.
        """
        config = config or {}
        section = config.get("audio", config) if isinstance(config.get("audio"), dict) else config
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in section.items() if k in names})

    def rate(self, channel: str) -> int:
        """Speech rate (words per minute) of ``"public"``, ``"seat:N"`` or ``"whisper"``."""
        seat = _seat_of(channel)
        if seat is None:
            return self.public_rate if channel == "public" else self.seat_rate
        return self.seat_rates[seat] if seat < len(self.seat_rates) else self.seat_rate

    def volume(self, channel: str) -> float:
        """Speech volume (0–1) of ``"public"``, ``"seat:N"`` or ``"whisper"``."""
        seat = _seat_of(channel)
        if seat is None:
            return self.public_volume if channel == "public" else self.seat_volume
        return float(self.seat_volumes[seat]) if seat < len(self.seat_volumes) else self.seat_volume

    def device(self, output: str) -> str | None:
        """The ALSA device for an output (``public``, ``seat:N``, ``whisper``), or None if none is set."""
        if output == "public":
            return self.public_device or None
        if output == "whisper":
            return self.whisper_device or None
        seat = _seat_of(output)
        if seat is not None and seat < len(self.seat_devices):
            return self.seat_devices[seat] or None
        return None


def _seat_of(channel: str) -> int | None:
    if channel.startswith("seat:"):
        try:
            return int(channel[5:])
        except ValueError:
            return None
    return None
