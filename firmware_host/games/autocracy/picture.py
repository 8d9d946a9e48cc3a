"""What the game master's page draws of an Autocracy game (issue 32, the pack's
``console_picture``; the schema in :mod:`firmware_host.games.console_page`): the round and
whose turn it is, each seat's influence tokens per domain and Coup Bas held, the reserve, the
pile and the discard, an attack waiting for its answer, the last roll (all public, A29); the
Coup Bas in each hand only in the reveal (A29: secret until the end).

Example::

    picture(public_view(game))                         # phase, rows, facts, table
    picture(public_view(game), adapter.reveal(None))   # ... and a hidden row per hand
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from firmware_host.games.console_page import (Words, action, by_seat, cell, choice_field, fact, field,
                                              row, seat, seat_field, waiting)

from .rules import DOMAINS, KINDS

__all__ = ["picture", "actions", "DOMAIN_SHAPES", "TRICK_SHAPES"]

#: each domain's drawn shape and colour (AUTOCRACY.md "Terms"), told apart by either
DOMAIN_SHAPES = {"economie": ("coin", "yellow"), "media": ("eye", "sky"), "justice": ("diamond", "blue"),
                 "armee": ("star", "vermillion"), "politique": ("flag", "purple")}
#: each Coup Bas kind's drawn shape and colour
TRICK_SHAPES = {"nationalisation": ("square", "green"), "revolte": ("bolt", "vermillion"),
                "chantage": ("lens", "purple"), "espionnage": ("eye", "sky"), "corruption": ("coin", "orange")}
NAMES = {  # id: (fr, de, en), AUTOCRACY.md "Terms"
    "economie": ("Économie", "Wirtschaft", "Economy"), "media": ("Média", "Medien", "Media"),
    "justice": ("Justice", "Justiz", "Justice"), "armee": ("Armée", "Armee", "Army"),
    "politique": ("Politique", "Politik", "Politics"),
    "nationalisation": ("Nationalisation", "Verstaatlichung", "Nationalisation"),
    "revolte": ("Révolte", "Aufstand", "Revolt"), "chantage": ("Chantage", "Erpressung", "Blackmail"),
    "espionnage": ("Espionnage", "Spionage", "Espionage"), "corruption": ("Corruption", "Bestechung", "Corruption"),
}

W = Words.load(Path(__file__).with_name("console.toml"))


def _name(ident: Any) -> dict:
    fr, de, en = NAMES.get(ident, (str(ident),) * 3)
    return {"fr": fr, "de": de, "en": en}


def _seat(s: Any) -> dict:
    return W.plain(seat(s) if isinstance(s, int) else "—")


def _counts(counts: Any, names: tuple[str, ...]) -> dict:
    counts = counts if isinstance(counts, dict) else {}
    return W.join([W("count", n=counts[k], what=_name(k)) for k in names if counts.get(k)], empty="none")


def _phase(view: dict) -> dict:
    phase, current = view.get("phase"), view.get("current")
    attack = view.get("attack") if isinstance(view.get("attack"), dict) else {}
    if phase == "counter":
        return W("phase.counter", round=view.get("round"), seat=_seat(attack.get("seat")),
                 attacked=_seat(attack.get("redirect") if isinstance(attack.get("redirect"), int)
                                else attack.get("target")), trick=_name(attack.get("trick")))
    if phase == "game_over":
        return W("phase.game_over", seat=_seat(view.get("winner")))
    return W(f"phase.{phase if phase in ('turn', 'exchanges', 'roll') else 'turn'}", round=view.get("round"),
             seat=_seat(current))


def _facts(view: dict) -> list[dict]:
    facts = [fact(W("fact.round"), W.plain(view.get("round"))),
             fact(W("fact.current"), _seat(view.get("current"))),
             fact(W("fact.bought"), W("yes" if view.get("bought") else "no")),
             fact(W("fact.pile"), W.plain(view.get("pile", 0))),
             fact(W("fact.discard"), _counts(view.get("discard"), KINDS))]
    attack = view.get("attack")
    if isinstance(attack, dict):
        facts.append(fact(W("fact.attack"), W("attack.domain" if attack.get("domain") else "attack",
                                              seat=_seat(attack.get("seat")), trick=_name(attack.get("trick")),
                                              target=_seat(attack.get("target")), domain=_name(attack.get("domain")))))
    roll = view.get("last_roll")
    if isinstance(roll, dict):
        facts.append(fact(W("fact.roll"), W("roll", seat=_seat(roll.get("seat")),
                                            gains=_counts(roll.get("gains"), tuple(DOMAINS) + ("coup_bas",)))))
    lacking = view.get("lacking_one") or {}
    if lacking:
        facts.append(fact(W("fact.lacking"), W.join([W("lacking", seat=_seat(int(s)), domain=_name(d))
                                                     for s, d in sorted(lacking.items(), key=lambda kv: int(kv[0]))],
                                                    "; ")))
    if isinstance(view.get("winner"), int):
        facts.append(fact(W("fact.winner"), _seat(view["winner"])))
    return facts


def _token_cells(counts: dict) -> list[dict]:
    return [cell(DOMAIN_SHAPES[d][0], DOMAIN_SHAPES[d][1], W("token", domain=_name(d), n=counts.get(d, 0)),
                 mark=counts.get(d, 0), filled=counts.get(d, 0) > 0) for d in DOMAINS]


def picture(view: dict, secrets: dict | None = None) -> dict:
    """The page's picture of ``view`` (``public_view``), JSON-ready; with ``secrets`` (the
    adapter's ``reveal(None)``: ``{"seats": {"N": {"hand", ...}}}``) a hidden row per seat of
    the Coup Bas in its hand (never from ``view`` before the end, A29).

    :returns: the picture (:mod:`firmware_host.games.console_page`).
    """
    tokens = [t if isinstance(t, dict) else {} for t in view.get("tokens") or []]
    tricks = list(view.get("tricks_held") or [0] * len(tokens))
    current = view.get("current")
    rows = []
    for s, counts in enumerate(tokens):
        cells = _token_cells(counts)
        held = tricks[s] if s < len(tricks) else 0
        cells.append(cell("card", "grey", W("held", n=held), mark=held, filled=held > 0))
        if s == current and view.get("phase") != "game_over":
            cells[0]["here"] = True                     # whose turn: the marker on the seat's row
        rows.append(row(f"seat-{s}", W("tokens", seat=_seat(s), tricks=tricks[s] if s < len(tricks) else 0), cells))
    rows.append(row("reserve", W("reserve"), _token_cells(view.get("reserve") or {})))
    for source, hidden in by_seat(view.get("hands"), secrets, "hand"):         # the hands: public at the end
        for s, hand in sorted(source.items()):
            rows.append(row(f"hand-{s}", W("hand", seat=_seat(s)), [
                cell(TRICK_SHAPES.get(k, ("card", "grey"))[0], TRICK_SHAPES.get(k, ("card", "grey"))[1],
                     W("trick", seat=_seat(s), trick=_name(k)), filled=True) for k in hand or ()], hidden=hidden))
    return {"phase": _phase(view), "waiting": waiting(view), "rows": rows, "facts": _facts(view), "readers": []}


def actions() -> tuple[dict, ...]:
    """The game's help forms (AUTOCRACY.md "Actions"; a roll without dice is rolled by the board)."""
    s = seat_field(W("f.seat"))
    domains = [(d, _name(d)) for d in DOMAINS]
    tricks = [(k, _name(k)) for k in KINDS]
    return (
        action("exchange", W("act.exchange"), s, choice_field("give", W("f.give"), domains),
               choice_field("get", W("f.get"), domains), field("count", "int", W("f.count"), min=1),
               field("partner", "seat", W("f.partner"), none=W("reserve.partner"))),
        action("buy", W("act.buy"), s),
        action("attack", W("act.attack"), s, choice_field("trick", W("f.trick"), tricks),
               seat_field(W("f.target"), "target"),
               choice_field("domain", W("f.domain"), domains + [(None, W("domain.none"))], optional=True),
               choice_field("pick", W("f.pick"), tricks + [(None, W("domain.none"))], optional=True)),
        action("counter", W("act.counter"), s, choice_field("trick", W("f.trick"), tricks),
               field("target", "seat", W("f.redirect"), none=W("redirect.none"))),
        action("no_counter", W("act.no_counter"), s),
        action("roll", W("act.roll"), s),
    )
