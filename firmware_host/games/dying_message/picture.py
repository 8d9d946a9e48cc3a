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

from typing import Any

from firmware_host.games.console_page import (Words, action, cell, fact, field, row, seat,
                                              seat_field)

__all__ = ["picture", "actions", "GUILTY"]

#: the guilty faction's characters (DYING_MESSAGE.md): drawn as a dagger, the innocent as a person
GUILTY = frozenset({"killer", "professional_killer", "mass_murderer", "mastermind", "accomplice"})
CHARACTERS = {
    "citizen": ("Citizen", "Bürger"), "private_detective": ("Private Detective", "Privatdetektiv"),
    "muay_thai": ("Muay Thai", "Muay Thai"), "celebrity": ("Celebrity", "Berühmtheit"),
    "aristocrat": ("Aristocrat", "Aristokrat"), "refuse_collector": ("Refuse Collector", "Müllsammler"),
    "forensic_scientist": ("Forensic Scientist", "Forensiker"), "famous_dog": ("Famous Dog", "Berühmter Hund"),
    "hostage": ("Hostage", "Geisel"), "soulmate": ("Soulmate", "Seelenverwandter"),
    "killer": ("Killer", "Mörder"), "professional_killer": ("Professional Killer", "Profikiller"),
    "mass_murderer": ("Mass Murderer", "Massenmörder"), "mastermind": ("Mastermind", "Drahtzieher"),
    "accomplice": ("Accomplice", "Komplize"),
}
STEPS = ("night", "examine", "discussion", "defence", "vote", "second_vote", "game_over")

W = Words({
    "en": {
        "phase": "Round {round}: {step}",
        "step.night": "Killing Phase (night)", "step.night_step": "Killing Phase: {step}",
        "step.examine": "Forensic Scientists examine", "step.discussion": "Interrogation: discussion",
        "step.defence": "the accused defends", "step.vote": "vote", "step.second_vote": "second vote",
        "step.game_over": "game over", "step.other": "{step}",
        "night.night": "nightfall", "night.soulmate": "Soulmate", "night.dogs": "Famous Dogs",
        "night.killers": "killers choose victims", "night.dead": "the dead choose the genuine message",
        "night.detective": "Private Detective looks", "night.mastermind": "Mastermind looks",
        "night.fake": "killers choose fake messages",
        "seats": "Seats: {alive} alive", "alive": "{seat}: alive", "dead": "{seat}: dead in round {round}, {character}",
        "area": "Message area: {n} cards", "pool": "Evidence pool: {n} cards", "card": "card {n}: {text}", "card.plain": "card {n}",
        "fact.in_play": "Characters in play", "fact.dead": "The dead", "fact.skips": "Killing Phases to skip",
        "fact.vote": "Vote {number}", "fact.accused": "Accused", "fact.ready": "Ready to vote",
        "fact.piles": "Draw pile / discard pile", "fact.winner": "Winner", "fact.earlier": "Messages of round {round}",
        "cast": "{n} of {total} ballots cast", "piles": "{draw} / {discard}", "count": "{n} × {character}",
        "dead_one": "{seat}: {character}", "none": "none",
        "winner.innocent": "the innocent faction", "winner.guilty": "the guilty faction",
        "table": "Every seat: alive, character (public once dead), ready", "col.state": "Alive",
        "col.character": "Character (public)", "col.ready": "Ready", "yes": "yes", "dash": "—",
        "state.alive": "alive", "state.dead": "dead (round {round})",
        "characters": "Characters", "character": "{seat}: {character}", "unknown": "unknown",
        "reader.ballot": "Ballot box reader (evidence)", "reader.law": "Tray reader (evidence)",
        "act.soulmate": "Soulmate chooses (night)", "act.protect": "Famous Dog protects (night)",
        "act.kill": "Killer proposes victims (night)", "act.genuine": "The dead propose the genuine message",
        "act.fake": "Killer proposes fake messages", "act.examine": "Forensic Scientist examines a card",
        "act.skip_vote": "The table skips the vote", "act.vote": "Vote",
        "f.seat": "Acting seat", "f.target": "Seat chosen", "f.targets": "Victims",
        "f.cards": "Cards (their numbers, e.g. 24, 40)", "f.card": "Card (its number)",
    },
    "de": {
        "phase": "Runde {round}: {step}",
        "step.night": "Mordphase (Nacht)", "step.night_step": "Mordphase: {step}",
        "step.examine": "Forensiker untersuchen", "step.discussion": "Verhör: Diskussion",
        "step.defence": "der Angeklagte verteidigt sich", "step.vote": "Abstimmung",
        "step.second_vote": "zweite Abstimmung", "step.game_over": "Spielende", "step.other": "{step}",
        "night.night": "Nachteinbruch", "night.soulmate": "Seelenverwandter", "night.dogs": "Berühmte Hunde",
        "night.killers": "Mörder wählen Opfer", "night.dead": "die Toten wählen die echte Nachricht",
        "night.detective": "Privatdetektiv schaut", "night.mastermind": "Drahtzieher schaut",
        "night.fake": "Mörder wählen falsche Nachrichten",
        "seats": "Plätze: {alive} leben", "alive": "{seat}: lebt", "dead": "{seat}: tot in Runde {round}, {character}",
        "area": "Nachrichtenfeld: {n} Karten", "pool": "Beweisauslage: {n} Karten", "card": "Karte {n}: {text}", "card.plain": "Karte {n}",
        "fact.in_play": "Charaktere im Spiel", "fact.dead": "Die Toten", "fact.skips": "Auszusetzende Mordphasen",
        "fact.vote": "Abstimmung {number}", "fact.accused": "Angeklagt", "fact.ready": "Bereit zur Abstimmung",
        "fact.piles": "Nachziehstapel / Ablagestapel", "fact.winner": "Gewonnen",
        "fact.earlier": "Nachrichten aus Runde {round}",
        "cast": "{n} von {total} Stimmen abgegeben", "piles": "{draw} / {discard}", "count": "{n} × {character}",
        "dead_one": "{seat}: {character}", "none": "keine",
        "winner.innocent": "die Unschuldigen", "winner.guilty": "die Schuldigen",
        "table": "Jeder Platz: lebt, Charakter (öffentlich, sobald tot), bereit", "col.state": "Lebt",
        "col.character": "Charakter (öffentlich)", "col.ready": "Bereit", "yes": "ja", "dash": "—",
        "state.alive": "lebt", "state.dead": "tot (Runde {round})",
        "characters": "Charaktere", "character": "{seat}: {character}", "unknown": "unbekannt",
        "reader.ballot": "Lesegerät der Wahlurne (Beweise)", "reader.law": "Lesegerät der Ablage (Beweise)",
        "act.soulmate": "Seelenverwandter wählt (Nacht)", "act.protect": "Berühmter Hund beschützt (Nacht)",
        "act.kill": "Mörder schlägt Opfer vor (Nacht)", "act.genuine": "Die Toten schlagen die echte Nachricht vor",
        "act.fake": "Mörder schlägt falsche Nachrichten vor", "act.examine": "Forensiker untersucht eine Karte",
        "act.skip_vote": "Der Tisch lässt die Abstimmung aus", "act.vote": "Abstimmen",
        "f.seat": "Handelnder Platz", "f.target": "Gewählter Platz", "f.targets": "Opfer",
        "f.cards": "Karten (ihre Nummern, z. B. 24, 40)", "f.card": "Karte (ihre Nummer)",
    },
})


def _character(c: Any) -> dict:
    en, de = CHARACTERS.get(c, (str(c).replace("_", " "), str(c).replace("_", " ")))
    return {"en": en, "de": de}


def _dead(view: dict) -> dict[int, dict]:
    """The dead by seat: ``{seat: {"character", "round"}}``; the view lists them as dicts (or,
    in an older view, as seats)."""
    out: dict[int, dict] = {}
    for d in view.get("dead") or []:
        if isinstance(d, dict) and isinstance(d.get("seat"), int):
            out[d["seat"]] = d
        elif isinstance(d, int):
            out[d] = {"seat": d}
    return out


def _cards(view: dict, key: str) -> list[int]:
    return [c for c in view.get(key) or [] if isinstance(c, int)]


def _card(view: dict, c: int, colour: str) -> dict:
    names = view.get("descriptions") or {}
    text = names.get(str(c), names.get(c, ""))
    label = W("card", n=c + 1, text={"en": text, "de": text})
    if text in ("", f"card {c + 1}", f"Karte {c + 1}"):          # no description of its own
        label = W("card.plain", n=c + 1)
    return cell("card", colour, label, mark=c + 1)


def _phase(view: dict) -> dict:
    if view.get("phase") == "game_over":
        step = W("step.game_over")
    elif view.get("night_step"):
        step = W("step.night_step", step=W(f"night.{view['night_step']}") if view["night_step"] in (
            "night", "soulmate", "dogs", "killers", "dead", "detective", "mastermind", "fake")
            else {"en": str(view["night_step"]), "de": str(view["night_step"])})
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
        facts.append(fact(W("fact.skips"), {"en": str(view["skips_pending"]), "de": str(view["skips_pending"])}))
    discussion = view.get("discussion")
    if isinstance(discussion, dict):
        facts.append(fact(W("fact.ready"), W.join([{"en": seat(s), "de": seat(s)} for s in discussion.get("ready")
                                                   or []], empty="none")))
    vote = view.get("voting") or view.get("vote")
    if isinstance(vote, dict) and view.get("phase") != "game_over":
        facts.append(fact(W("fact.vote", number=vote.get("number", 1)),
                          W("cast", n=vote.get("cast", 0), total=vote.get("voters", 0))))
        if isinstance(vote.get("accused"), int):
            facts.append(fact(W("fact.accused"), {"en": seat(vote["accused"]), "de": seat(vote["accused"])}))
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
    finals = view.get("characters") if isinstance(view.get("characters"), list) else None
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
    seats = (secrets or {}).get("seats") if isinstance(secrets, dict) else None
    for source, hidden in ((dict(enumerate(finals)), False) if finals else (None, False),
                           ({int(s): (v or {}).get("role") for s, v in seats.items()}, True)
                           if isinstance(seats, dict) else (None, True)):
        if source is None:
            continue
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
    waiting = list(view.get("waiting") or []) if view.get("phase") != "game_over" else []
    return {"phase": _phase(view), "waiting": waiting, "rows": rows, "facts": _facts(view, dead), "table": table,
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
