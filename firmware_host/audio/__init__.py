"""Speech, speech cache, earcons, channels and playback sinks (docs/ARCHITECTURE.md "Audio").

Example::

    from firmware_host.audio import AudioService, AudioSettings, RecordingSink
    audio = AudioService(AudioSettings(language="en"), RecordingSink(), "/tmp/speech-cache", seats=5)
    audio.say("public", "Seat three has the turn.", key="turn", earcon="input")
    audio.close()

``AlsaSink`` is importable from here too but only starts ``aplay`` when something is played.

The names below are imported on first use (module ``__getattr__``, PEP 562), so importing
``firmware_host.audio.settings`` (as ``check-config`` and ``simulate`` do through the config
schema) does not load the speech engine, the sinks or the service.
"""

from __future__ import annotations

from firmware_host.lazy import lazy_exports
from typing import TYPE_CHECKING

#: public name -> the submodule that defines it
_EXPORTS: dict[str, str] = {
    **dict.fromkeys(("AudioFileError", "Clip", "read_wav", "rms", "wav_seconds", "write_wav"), "clip"),
    **dict.fromkeys(("EARCONS", "EarconError", "known_earcons", "load_earcon"), "earcons"),
    **dict.fromkeys(("RANKS", "AudioError", "AudioService", "PrivacyError", "Utterance"), "service"),
    "AudioSettings": "settings",
    **dict.fromkeys(("AlsaSink", "Playback", "Played", "PlayInfo", "RecordingSink", "Sink", "SinkError",
                     "WavDirSink"), "sinks"),
    **dict.fromkeys(("RenderJob", "SpeechError", "SpeechRenderer", "cache_key", "normalise"), "speech"),
}

__all__ = sorted(_EXPORTS)


__getattr__ = lazy_exports(__name__, _EXPORTS)
