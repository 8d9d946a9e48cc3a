"""What the game master's page draws of a Dying Message game (issue 32, the pack's
``console_picture``; the schema in :mod:`firmware_host.games.console_page`): the round and
its step, every seat alive or dead (a dead seat's character is public, M39), the message
area, the evidence pool and the open vote; the characters of the living only in the reveal
(M50: secret until the end).

Example::

    picture(public_view(game))                         # phase, rows, facts, table
    picture(public_view(game), adapter.reveal(None))   # ... and a hidden row of the characters
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from firmware_host.games.console_page import (Words, action, by_seat, cell, fact, field, row, seat,
                                              seat_field, waiting)

__all__ = ["picture", "actions", "GUILTY"]

#: the guilty faction's characters (DYING_MESSAGE.md): drawn as a dagger, the innocent as a person
GUILTY = frozenset({"killer", "professional_killer", "mass_murderer", "mastermind", "accomplice"})
STEPS = ("night", "examine", "discussion", "defence", "vote", "second_vote", "game_over")

W = Words.load(Path(__file__).with_name("console.toml"))


def _character(c: Any) -> dict:
    """A character's name (``role.*`` in console.toml), or its code spelt out."""
    return W.get(f"role.{c}", str(c).replace("_", " "))


def _dead(view: dict) -> dict[int, dict]:
    """The dead by seat: ``{seat: {"character", "round"}}``."""
    return {d["seat"]: d for d in view.get("dead") or [] if isinstance(d, dict) and isinstance(d.get("seat"), int)}


def _cards(view: dict, key: str) -> list[int]:
    return [c for c in view.get(key) or [] if isinstance(c, int)]


def _card(view: dict, c: int, colour: str) -> dict:
    names = view.get("descriptions") or {}
    text = names.get(str(c), names.get(c, ""))
    label = W("card", n=c + 1, text=W.plain(text))
    if text in ("", f"card {c + 1}", f"Karte {c + 1}"):          # no description of its own
        label = W("card.plain", n=c + 1)
    return cell("card", colour, label, mark=c + 1)


def _phase(view: dict) -> dict:
    if view.get("phase") == "game_over":
        step = W("step.game_over")
    elif view.get("night_step"):
        step = W("step.night_step", step=W.get(f"night.{view['night_step']}", view["night_step"]))
    elif view.get("discussion"):
        step = W("step.discussion")
    elif view.get("defending") is not None:
        step = W("step.defence")
    elif view.get("phase") in STEPS:
        step = W(f"step.{view['phase']}")
    else:
        step = W("step.other", step=str(view.get("phase") or ""))
    return W("phase", round=view.get("round") or 1, step=step)


def _facts(view: dict, dead: dict[int, dict]) -> list[dict]:
    counts = view.get("characters_in_play") or {}
    facts = [fact(W("fact.in_play"), W.join([W("count", n=n, character=_character(c)) for c, n in counts.items()],
                                            empty="none"))]
    facts.append(fact(W("fact.dead"), W.join([W("dead_one", seat=seat(s), character=_character(d.get("character")))
                                              for s, d in sorted(dead.items())], "; ", empty="none")))
    for r, cards in sorted((view.get("earlier_messages") or {}).items(), key=lambda kv: int(kv[0])):
        if int(r) != view.get("round") or view.get("phase") == "night":
            facts.append(fact(W("fact.earlier", round=r), W.join(
                [_card(view, c, "yellow")["label"] for c in cards if isinstance(c, int)], "; ", empty="none")))
    if view.get("skips_pending"):
        facts.append(fact(W("fact.skips"), W.plain(view["skips_pending"])))
    discussion = view.get("discussion")
    if isinstance(discussion, dict):
        facts.append(fact(W("fact.ready"), W.join([W.plain(seat(s)) for s in discussion.get("ready") or []],
                                                  empty="none")))
    vote = view.get("voting") or view.get("vote")
    if isinstance(vote, dict) and view.get("phase") != "game_over":
        facts.append(fact(W("fact.vote", number=vote.get("number", 1)),
                          W("cast", n=vote.get("cast", 0), total=vote.get("voters", 0))))
        if isinstance(vote.get("accused"), int):
            facts.append(fact(W("fact.accused"), W.plain(seat(vote["accused"]))))
    facts.append(fact(W("fact.piles"), W("piles", draw=view.get("draw_pile", 0), discard=view.get("discard_pile", 0))))
    if view.get("winner") in ("innocent", "guilty"):
        facts.append(fact(W("fact.winner"), W(f"winner.{view['winner']}")))
    return facts


def picture(view: dict, secrets: dict | None = None) -> dict:
    """The page's picture of ``view`` (``public_view`` with the table's step), JSON-ready; with
    ``secrets`` (the adapter's ``reveal(None)``: ``{"seats": {"N": {"role", ...}}}``) a hidden
    row of the seats' characters (never from ``view`` before the end, M50).

    :returns: the picture (:mod:`firmware_host.games.console_page`).
    """
    players = int(view.get("players") or 0)
    dead = _dead(view)
    seats_row = []
    for s in range(players):
        if s in dead:
            seats_row.append(cell("cross", "grey", W("dead", seat=seat(s), round=dead[s].get("round", "?"),
                                                     character=_character(dead[s].get("character")))))
        else:
            seats_row.append(cell("person", "green", W("alive", seat=seat(s)), mark=s + 1, filled=True))
    rows = [row("seats", W("seats", alive=players - len(dead)), seats_row),
            row("message-area", W("area", n=len(_cards(view, "message_area"))),
                [_card(view, c, "yellow") for c in _cards(view, "message_area")]),
            row("evidence-pool", W("pool", n=len(_cards(view, "evidence_pool"))),
                [_card(view, c, "sky") for c in _cards(view, "evidence_pool")])]
    for source, hidden in by_seat(view.get("characters"), secrets, "role"):
        rows.append(row("characters", W("characters"), [
            cell("dagger" if source.get(s) in GUILTY else "person", "vermillion" if source.get(s) in GUILTY else "blue",
                 W("character", seat=seat(s), character=_character(source[s]) if source.get(s) else W("unknown")),
                 filled=True) for s in sorted(source) if 0 <= s < players], hidden=hidden))
    ready = set((view.get("discussion") or {}).get("ready") or []) if isinstance(view.get("discussion"), dict) else set()
    table = {"caption": W("table"), "columns": [W("col.state"), W("col.character"), W("col.ready")],
             "rows": [{"seat": s, "out": s in dead, "cells": [
                 W("state.dead", round=dead[s].get("round", "?")) if s in dead else W("state.alive"),
                 _character(dead[s].get("character")) if s in dead else W("dash"),
                 W("yes") if s in ready else W("dash")]} for s in range(players)]}
    return {"phase": _phase(view), "waiting": waiting(view), "rows": rows, "facts": _facts(view, dead), "table": table,
            "readers": [{"name": name, "label": W(f"reader.{name}")} for name in ("ballot", "law")]}


def actions() -> tuple[dict, ...]:
    """The game's help forms (DYING_MESSAGE.md "Actions"; the chance inputs are the board's)."""
    s, t = seat_field(W("f.seat")), seat_field(W("f.target"), "target")
    cards = field("cards", "ints", W("f.cards"), base=1)
    return (
        action("soulmate", W("act.soulmate"), s, t),
        action("protect", W("act.protect"), s, t),
        action("kill", W("act.kill"), s, field("targets", "seats", W("f.targets"))),
        action("genuine", W("act.genuine"), s, cards),
        action("fake", W("act.fake"), s, cards),
        action("examine", W("act.examine"), s, field("card", "int", W("f.card"), base=1, min=1)),
        action("skip_vote", W("act.skip_vote")),
        action("vote", W("act.vote"), s, t),
    )
