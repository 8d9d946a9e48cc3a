"""What the game master's page draws of an *In this way I become a DICTATOR* game (issue 22,
the pack's ``console_picture``): the five days with today marked, each seat's votes and voting
rights (D3, public), and, for the reveal only, the role cards left in each hand (D2: secret).

Example::

    picture(public_view(game))                 # {"rows": [days, votes]}
    picture(public_view(game), adapter.reveal(None))   # ... and every seat's hand
"""

from __future__ import annotations

from .rules import DAYS, ROLES

__all__ = ["picture"]

ROLE_SYMBOLS = {"dictator": "♛", "jester": "🃏", "noble": "♔", "revolutionary": "✊", "assassin": "🗡",
                "commoner": "☺", "priest": "✝"}
ROLE_WORDS = {"dictator": ("Diktator", "Dictator"), "jester": ("Narr", "Jester"), "noble": ("Adliger", "Noble"),
              "revolutionary": ("Revolutionär", "Revolutionary"), "assassin": ("Attentäter", "Assassin"),
              "commoner": ("Bürger", "Commoner"), "priest": ("Priester", "Priest")}


def picture(view: dict, secrets: dict | None = None) -> dict:
    """The page's picture of ``view`` (``public_view``), JSON-ready; with ``secrets`` (the
    adapter's ``reveal(None)``: ``{"seats": {"N": {"hand", ...}}}``) a row per seat of the
    cards in its hand (never from ``view``, D2).

    :returns: ``{"rows": [...]}`` (see :class:`firmware_host.games.GamePack`).
    """
    day = int(view.get("day") or 1)
    days = DAYS if isinstance(DAYS, int) else len(DAYS)
    rows = [{"id": "days", "label": {"de": "Tage", "en": "Days"},
             "cells": [{"symbol": str(d), "filled": d < day, "here": d == day,
                        "label": {"de": f"Tag {d}", "en": f"day {d}"}} for d in range(1, days + 1)]}]
    votes, rights = list(view.get("votes") or []), list(view.get("voting_rights") or [])
    rows.append({"id": "votes", "label": {"de": "Stimmen (Stimmrechte)", "en": "Votes (voting rights)"},
                 "cells": [{"symbol": f"{v}", "filled": False,
                            "label": {"de": f"Platz {s + 1}: {v} Stimmen, {r} Stimmrechte",
                                      "en": f"seat {s + 1}: {v} votes, {r} voting rights"}}
                           for s, (v, r) in enumerate(zip(votes, rights))]})
    seats = (secrets or {}).get("seats") if isinstance(secrets, dict) else None
    if isinstance(seats, dict):
        for seat in range(int(view.get("players") or len(seats))):
            hand = set((seats.get(str(seat)) or {}).get("hand") or ())
            rows.append({"id": f"hand-{seat}", "hidden": True,
                         "label": {"de": f"Hand von Platz {seat + 1}", "en": f"hand of seat {seat + 1}"},
                         "cells": [{"symbol": ROLE_SYMBOLS[r], "filled": r in hand,
                                    "label": {"de": ROLE_WORDS[r][0] + ("" if r in hand else " (abgeworfen)"),
                                              "en": ROLE_WORDS[r][1] + ("" if r in hand else " (dropped)")}}
                                   for r in ROLES]})
    return {"rows": rows}
