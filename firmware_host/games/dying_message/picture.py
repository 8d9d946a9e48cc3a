"""What the game master's page draws of a Dying Message game (issue 22, the pack's
``console_picture``): the round, every seat alive or dead (public), and, for the reveal only,
each seat's character (M50: secret until the end).

Example::

    picture(public_view(game))                 # {"rows": [seats]}
    picture(public_view(game), adapter.reveal(None))   # ... and the characters
"""

from __future__ import annotations

__all__ = ["picture"]


def picture(view: dict, secrets: dict | None = None) -> dict:
    """The page's picture of ``view`` (``public_view``), JSON-ready; with ``secrets`` (the
    adapter's ``reveal(None)``: ``{"seats": {"N": {"role", ...}}}``) a row of the seats'
    characters (never from ``view`` before the end).

    :returns: ``{"rows": [...]}`` (see :class:`firmware_host.games.GamePack`).
    """
    dead = set(view.get("dead") or [])
    players = int(view.get("players") or 0)
    rnd = view.get("round")
    rows = [{"id": "seats", "label": {"de": f"Runde {rnd}: Plätze", "en": f"Round {rnd}: seats"},
             "cells": [{"symbol": "✝" if s in dead else "●", "filled": s in dead,
                        "label": {"de": f"Platz {s + 1}: " + ("tot" if s in dead else "lebt"),
                                  "en": f"seat {s + 1}: " + ("dead" if s in dead else "alive")}}
                       for s in range(players)]}]
    seats = (secrets or {}).get("seats") if isinstance(secrets, dict) else None
    if isinstance(seats, dict):
        cells = []
        for seat in range(players):
            character = str((seats.get(str(seat)) or {}).get("role") or "?")
            killer = "killer" in character or character in ("mastermind", "accomplice")
            cells.append({"symbol": "🗡" if killer else character[:1].upper(), "filled": killer,
                          "label": {"de": f"Platz {seat + 1}: {character.replace('_', ' ')}",
                                    "en": f"seat {seat + 1}: {character.replace('_', ' ')}"}})
        rows.append({"id": "characters", "hidden": True, "label": {"de": "Figuren", "en": "Characters"},
                     "cells": cells})
    return {"rows": rows}
