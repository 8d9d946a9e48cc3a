"""What the game master's page draws of a Secret Dictator game (issue 22, the pack's
``console_picture``): the two law tracks with the fascist track's powers for this player
count (R9, the setup's ``switches.powers``), the filled slots, the election tracker with the
hole its pin is in, and, for the reveal only, each seat's role.

Example::

    picture(public_view(game))                 # {"rows": [democratic, fascist, tracker]}
    picture(public_view(game), adapter.reveal(None))   # ... and the seats' roles
"""

from __future__ import annotations

from typing import Any

__all__ = ["picture", "POWER_WORDS"]

#: symbol and words of each power of a fascist slot (R9), and of the tracks' last slots
POWER_WORDS: dict[str | None, tuple[str, dict[str, str]]] = {
    None: ("", {"de": "keine Befugnis", "en": "no power"}),
    "view_discard": ("🗑", {"de": "das abgelegte Gesetz ansehen", "en": "view the discarded law"}),
    "peek": ("👁", {"de": "die drei obersten Gesetze ansehen", "en": "peek at the top three laws"}),
    "investigate": ("🔍", {"de": "eine Parteizugehörigkeit prüfen", "en": "investigate a loyalty"}),
    "special_election": ("★", {"de": "Sonderwahl", "en": "special election"}),
    "execution": ("✝", {"de": "Hinrichtung", "en": "execution"}),
    "democrats_win": ("⚑", {"de": "die Demokraten gewinnen", "en": "the democrats win"}),
    "fascists_win": ("⚑", {"de": "die Faschisten gewinnen", "en": "the fascists win"}),
}
ROLE_WORDS = {"democrat": ("D", {"de": "Demokrat", "en": "Democrat"}),
              "fascist": ("F", {"de": "Faschist", "en": "Fascist"}),
              "dictator": ("☠", {"de": "Diktator", "en": "Dictator"})}
DEMOCRATIC_SLOTS, FASCIST_SLOTS, TRACKER_HOLES = 5, 6, 4


def _slot(n: int, words: dict[str, str], filled: bool, symbol: str = "") -> dict:
    return {"symbol": symbol, "filled": filled,
            "label": {"de": f"Feld {n}: {words['de']}", "en": f"slot {n}: {words['en']}"}}


def picture(view: dict, secrets: dict | None = None) -> dict:
    """The page's picture of ``view`` (``public_view``), JSON-ready; with ``secrets`` (the
    adapter's ``reveal(None)``: ``{"seats": {"N": {"role", ...}}}``) a row of the seats'
    roles is added (never drawn from ``view`` before the end, R16).

    :param view: the public view (``democratic_laws``, ``fascist_laws``, ``election_tracker``,
        ``switches.powers``, ``players``).
    :returns: ``{"rows": [...]}`` (see :class:`firmware_host.games.GamePack`).
    """
    powers = list((view.get("switches") or {}).get("powers") or [None] * 5)
    dem, fas = int(view.get("democratic_laws") or 0), int(view.get("fascist_laws") or 0)
    tracker = view.get("election_tracker")
    rows = [
        {"id": "democratic", "label": {"de": "Demokratische Gesetze", "en": "Democratic laws"},
         "cells": [_slot(i + 1, POWER_WORDS[key][1], i < dem, POWER_WORDS[key][0])
                   for i, key in enumerate([None] * (DEMOCRATIC_SLOTS - 1) + ["democrats_win"])]},
        {"id": "fascist", "label": {"de": "Faschistische Gesetze", "en": "Fascist laws"},
         "cells": [_slot(i + 1, POWER_WORDS[key][1], i < fas, POWER_WORDS[key][0])
                   for i, key in enumerate([*(powers + [None] * 5)[:FASCIST_SLOTS - 1], "fascists_win"])]},
        {"id": "tracker", "label": {"de": "Wahlzähler", "en": "Election tracker"},
         "cells": [{"symbol": "⚡" if i == TRACKER_HOLES - 1 else "", "filled": False, "here": tracker == i,
                    "label": {"de": f"Loch {i}" + (": Chaos" if i == TRACKER_HOLES - 1 else ""),
                              "en": f"hole {i}" + (": chaos" if i == TRACKER_HOLES - 1 else "")}}
                   for i in range(TRACKER_HOLES)]},
    ]
    seats = (secrets or {}).get("seats") if isinstance(secrets, dict) else None
    if isinstance(seats, dict):
        cells = []
        for seat in range(int(view.get("players") or len(seats))):
            role = (seats.get(str(seat)) or {}).get("role")
            symbol, words = ROLE_WORDS.get(role, ("?", {"de": "unbekannt", "en": "unknown"}))
            cells.append({"symbol": symbol, "filled": role == "dictator",
                          "label": {"de": f"Platz {seat + 1}: {words['de']}", "en": f"seat {seat + 1}: {words['en']}"}})
        rows.append({"id": "roles", "hidden": True, "label": {"de": "Rollen", "en": "Roles"}, "cells": cells})
    return {"rows": rows}
