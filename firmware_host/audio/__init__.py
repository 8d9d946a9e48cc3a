"""Speech, speech cache, earcons, channels and playback sinks (docs/ARCHITECTURE.md "Audio").

Example::

    from firmware_host.audio import AudioService, AudioSettings, RecordingSink
    audio = AudioService(AudioSettings(language="en"), RecordingSink(), "/tmp/speech-cache", seats=5)
    audio.say("public", "Election passed, four to one.", key="vote_passed", earcon="election_passed")
    audio.close()

``AlsaSink`` is importable from here too but only starts ``aplay`` when something is played.

The names below are imported on first use (module ``__getattr__``, PEP 562), so importing
``firmware_host.audio.settings`` (as ``check-config`` and ``simulate`` do through the config
schema) does not load the speech engine, the sinks or the service.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: public name -> the submodule that defines it
_EXPORTS: dict[str, str] = {
    **dict.fromkeys(("AudioFileError", "Clip", "read_wav", "rms", "wav_seconds", "write_wav"), "clip"),
    **dict.fromkeys(("EARCONS", "EarconError", "load_earcon"), "earcons"),
    **dict.fromkeys(("RANKS", "AudioError", "AudioService", "PrivacyError", "Utterance"), "service"),
    "AudioSettings": "settings",
    **dict.fromkeys(("AlsaSink", "Playback", "Played", "PlayInfo", "RecordingSink", "Sink", "SinkError",
                     "WavDirSink"), "sinks"),
    **dict.fromkeys(("RenderJob", "SpeechError", "SpeechRenderer", "cache_key", "normalise"), "speech"),
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    """Import the submodule defining ``name`` on first use. :raises AttributeError: unknown name."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:  # pragma: no cover - for type checkers and editors only
    from firmware_host.audio.clip import AudioFileError, Clip, read_wav, rms, wav_seconds, write_wav
    from firmware_host.audio.earcons import EARCONS, EarconError, load_earcon
    from firmware_host.audio.service import RANKS, AudioError, AudioService, PrivacyError, Utterance
    from firmware_host.audio.settings import AudioSettings
    from firmware_host.audio.sinks import (AlsaSink, Playback, Played, PlayInfo, RecordingSink, Sink, SinkError,
                                           WavDirSink)
    from firmware_host.audio.speech import RenderJob, SpeechError, SpeechRenderer, cache_key, normalise
