"""The kernel below the service (issue 32): what every layer may know of games without
knowing any game. Standard library only; it imports nothing of the project but the root
modules ``errors`` and ``checks``.

- :mod:`firmware_host.kernel.values`: the values and errors every game uses, defined once:
  ``Event``, ``Line`` (an announced line), ``IllegalAction``, ``PrivacyError``,
  ``SetupError``, ``Outcome``;
- :mod:`firmware_host.kernel.games`: the registry of game packs (one typed ``GamePack`` each);
- :mod:`firmware_host.kernel.wording`: number words, the one catalogue formatter and checker.
"""
