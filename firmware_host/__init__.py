"""firmware_host: the software inside the accessible, tactile game board.

Layers (a file's path tells what it may touch):

- ``firmware_host.games.secret_dictator`` — the pure rules engine (no I/O, clock or randomness).
- ``firmware_host.hardware`` — the only package that imports gpiozero and pyserial; turns pin
  edges and RFID frames into typed input events.
- ``firmware_host.audio`` — speech (pyttsx3/espeak-ng), the speech cache, earcons, channels.
- ``firmware_host.service`` — the controller, the journal, ``run`` and ``simulate``.
- ``firmware_host.console`` — the game master's web console.
"""

__version__ = "0.1.0"
