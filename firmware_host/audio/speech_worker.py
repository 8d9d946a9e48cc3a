"""The speech worker: pyttsx3 (libespeak-ng) in a process of its own (issue 12).

libespeak-ng is C code: a crash in it (a SIGSEGV was seen once in 35 soak runs) would take
down whatever process it runs in. So the board never loads it: the
:class:`~firmware_host.audio.speech.SpeechRenderer` starts this module as a child process
(``python -m firmware_host.audio.speech_worker``) and sends it one sentence at a time; a
worker that dies or hangs is killed and started again, and the sentence rendered again.
Only the render call crosses the process boundary: the speech cache, volume and
pre-rendering stay in the renderer.

Protocol (JSON Lines, UTF-8): each request on stdin is
``{"text": str, "voice": str, "rate": int, "out": path}``; for each the worker writes one
reply line, ``{"ok": true}`` once the WAV is complete at ``out``, or ``{"error": message,
"value": bool}`` (``value``: the request itself is bad, e.g. an unknown voice name; the
engine is fine). The replies go to the stdout the worker was started with; anything else
that would print there (pyttsx3, libespeak-ng) is sent to stderr. The worker ends at the end
of its stdin.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, TextIO


def serve(requests: TextIO, replies: TextIO, engine_factory: Any = None) -> None:
    """Answer render requests until ``requests`` ends (see the module docstring).

    :param engine_factory: ``() -> engine`` (pyttsx3's ``setProperty``, ``save_to_file``,
        ``runAndWait``); default the espeak pyttsx3 engine of :mod:`firmware_host.audio.speech`.
    """
    if engine_factory is None:
        from firmware_host.audio.speech import _default_engine_factory as engine_factory
    engine: Any = None
    init_error: BaseException | None = None
    try:
        engine = engine_factory()
    except BaseException as exc:  # noqa: BLE001 - reported on every request
        init_error = exc
    for line in requests:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            if init_error is not None:
                raise init_error
            engine.setProperty("voice", str(request["voice"]))
            engine.setProperty("rate", int(request["rate"]))
            engine.setProperty("volume", 1.0)
            engine.save_to_file(str(request["text"]), os.fspath(request["out"]))
            engine.runAndWait()
            reply: dict = {"ok": True}
        except ValueError as exc:
            reply = {"error": str(exc) or type(exc).__name__, "value": not isinstance(exc, json.JSONDecodeError)}
        except BaseException as exc:  # noqa: BLE001 - handed to the renderer
            reply = {"error": f"{type(exc).__name__}: {exc}", "value": False}
        replies.write(json.dumps(reply) + "\n")
        replies.flush()


def main() -> int:
    """Serve on stdin/stdout; C-level prints are moved to stderr first."""
    replies = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8", buffering=1)
    sys.stdout.flush()
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    requests = open(sys.stdin.fileno(), encoding="utf-8", closefd=False)
    try:
        serve(requests, replies)
    except KeyboardInterrupt:
        pass
    except BrokenPipeError:   # the board process ended while a sentence was rendered: nothing to say
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), replies.fileno())
        except OSError:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
