"""Speech, speech cache, earcons, channels and playback sinks (docs/ARCHITECTURE.md "Audio").

Example::

    from firmware_host.audio import AudioService, AudioSettings, RecordingSink
    audio = AudioService(AudioSettings(language="en"), RecordingSink(), "/tmp/speech-cache", seats=5)
    audio.say("public", "Election passed, four to one.", key="vote_passed", earcon="election_passed")
    audio.close()

``AlsaSink`` is importable from here too but only starts ``aplay`` when something is played.
"""

from firmware_host.audio.clip import AudioFileError, Clip, read_wav, rms, wav_seconds, write_wav
from firmware_host.audio.earcons import EARCONS, EarconError, load_earcon
from firmware_host.audio.service import RANKS, AudioError, AudioService, PrivacyError, Utterance
from firmware_host.audio.settings import AudioSettings
from firmware_host.audio.sinks import AlsaSink, Playback, Played, PlayInfo, RecordingSink, Sink, SinkError, WavDirSink
from firmware_host.audio.speech import RenderJob, SpeechError, SpeechRenderer, cache_key, normalise

__all__ = [
    "AlsaSink", "AudioError", "AudioFileError", "AudioService", "AudioSettings", "Clip", "EARCONS",
    "EarconError", "Playback", "PlayInfo", "Played", "PrivacyError", "RANKS", "RecordingSink",
    "RenderJob", "Sink", "SinkError", "SpeechError", "SpeechRenderer", "Utterance", "WavDirSink",
    "cache_key", "load_earcon", "normalise", "read_wav", "rms", "wav_seconds", "write_wav",
]
