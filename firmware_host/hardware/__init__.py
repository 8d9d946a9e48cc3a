"""The hardware layer: the only package touching GPIO pins (gpiozero) and serial ports
(pyserial); it turns them into the typed input events of :mod:`.events`.

Modules:

- :mod:`.events` — ``ButtonGesture``, ``SlotChanged``, ``PegMoved``, ``GameMasterKey``,
  ``TileRead`` (a registered tile of a kind some game declares), ``TagRead``, ``ReaderState``,
  ``Fault``.
- :mod:`.settings` — the config sections and ``BoardConfig`` (load it with
  :func:`firmware_host.board_config.load_config`).
- :mod:`.board` — ``Board(config, pin_factory, clock, on_event, tags)``.
- :mod:`.mock` — ``MockBoard(config, clock)``: the board on mock pins and pseudo-terminals.
- :mod:`.inputs` — debouncing and gestures on the clock; :mod:`.rfid` — EM4100 frames and
  the self-healing serial reader; :mod:`.tags` — the tag registry and ``TileKind``; :mod:`.pins` — the pin
  factory. (The sentences self-test and enrol-tags speak are in the announcement catalogue.)

Nothing is imported here, so ``import firmware_host.hardware.events`` stays cheap.
"""
