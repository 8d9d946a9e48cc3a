"""The games: one package per game (its pure rules, catalogue, board adapter, console picture
and its pack module ``<name>/pack.py`` with its ``PACK`` record), and ``console_page`` (the
schema of a game's console picture and help forms, and their builders).

Nothing below the games imports this package: the registry that names the games is
:mod:`firmware_host.kernel.games` (one line per game), the values and errors every game uses
are :mod:`firmware_host.kernel.values`, the one catalogue formatter is
:mod:`firmware_host.kernel.wording`.
"""
