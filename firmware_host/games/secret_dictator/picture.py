"""What the game master's page draws of a Secret Dictator game (issue 32, the pack's
``console_picture``; the schema in :mod:`firmware_host.games.console_page`): the step, who must
act, the two law tracks with the fascist track's powers for this player count (R9, the setup's
``switches.powers``) as drawn symbols, the election tracker with the hole its pin is in, the
offices, piles and each seat's last ballot; the roles only once the game is over (R15) or in
the reveal (``secrets``).

Example::

    picture(public_view(game))                          # phase, rows, facts, table
    picture(public_view(game), adapter.reveal(None))    # ... and a hidden row of the roles
"""

from __future__ import annotations

from typing import Any

from firmware_host.games.console_page import (Words, action, cell, choice_field, fact, row, seat,
                                              seat_field)

__all__ = ["picture", "actions", "POWER_SHAPES"]

DEMOCRATIC_SLOTS, FASCIST_SLOTS, TRACKER_HOLES = 5, 6, 4
#: the drawn symbol of each power of a fascist slot (R9) and of the tracks' last slots
POWER_SHAPES: dict[str | None, str] = {
    None: "none", "view_discard": "bin", "peek": "eye", "investigate": "lens",
    "special_election": "star", "execution": "dagger", "democrats_win": "flag", "fascists_win": "flag"}
#: the colours of the two parties: blue and orange, told apart with any colour vision
PARTY_COLOURS = {"democratic": "blue", "fascist": "orange"}

W = Words({
    "en": {
        "phase.none": "Set up, not started.",
        "phase.nomination": "Nomination: {president} nominates a chancellor.",
        "phase.election": "Election: vote on president {president} and chancellor {nominee}.",
        "phase.legislative_president": "Legislative session: president {president} discards a law.",
        "phase.legislative_chancellor": "Legislative session: chancellor {chancellor} enacts a law.",
        "phase.power": "Presidential power: {power}.",
        "phase.chaos": "Chaos: the top law is placed on its track.",
        "phase.game_over": "Game over: {winner} win ({reason}).",
        "track.democratic": "Democratic track: {n} of 5 laws",
        "track.fascist": "Fascist track: {n} of 6 laws",
        "track.tracker": "Election tracker: {n} of 3 failed elections",
        "slot": "slot {n}: {power}",
        "hole": "hole {n}",
        "hole.chaos": "hole {n}: chaos",
        "power.none": "no power", "power.view_discard": "view the discarded law",
        "power.peek": "peek at the top three laws", "power.investigate": "investigate a loyalty",
        "power.special_election": "special election", "power.execution": "execution",
        "power.democrats_win": "the democrats win", "power.fascists_win": "the fascists win",
        "winner.democrats": "the Democrats", "winner.fascists": "the Fascists",
        "reason.democratic_laws": "five democratic laws", "reason.fascist_laws": "six fascist laws",
        "reason.dictator_elected": "the Dictator elected chancellor",
        "reason.dictator_executed": "the Dictator executed",
        "fact.president": "President", "fact.nominee": "Nominee", "fact.chancellor": "Chancellor",
        "fact.term_limited": "Term-limited", "fact.votes": "Votes cast", "fact.draw": "Draw pile",
        "fact.discard": "Discard pile", "fact.executed": "Executed", "fact.election": "Last election",
        "n_of": "{n} of {total}", "laws": "{n} laws", "laws.one": "{n} law", "none": "none",
        "elected": "elected, {ja} Ja to {nein} Nein", "failed": "failed, {ja} Ja to {nein} Nein",
        "table": "Every seat: alive, office, last ballot", "col.alive": "Alive", "col.office": "Office",
        "col.ballot": "Ballot", "alive": "alive", "executed": "executed", "dash": "—",
        "roles": "Roles", "role": "{seat}: {role}",
        "role.democrat": "Democrat", "role.fascist": "Fascist", "role.dictator": "Dictator",
        "role.unknown": "unknown",
        "reader.ballot": "Ballot box reader", "reader.law": "Law tray reader",
        # the help forms
        "act.nominate": "Nominate a chancellor", "act.vote": "Vote", "act.discard": "Discard a law (president)",
        "act.enact": "Enact a law (chancellor)", "act.acknowledge": "Acknowledge a private result",
        "act.special_election": "Special election", "act.execute": "Execute", "act.investigate": "Investigate",
        "act.veto": "Propose a veto (chancellor)", "act.veto_reply": "Answer a veto (president)",
        "act.chaos_law": "Law placed by chaos (untracked deck)", "act.choose": "A seat's choice (nominee or power)",
        "f.seat": "Acting seat", "f.target": "Target seat", "f.ballot": "Ballot", "f.party": "Party of the law",
        "f.accept": "Answer", "party.democratic": "Democratic", "party.fascist": "Fascist",
        "party.unknown": "Unknown (untracked discard)", "accept.true": "Ja, veto", "accept.false": "Nein, no veto",
        "f.chooser": "Seat choosing", "f.chosen": "Chosen seat",
    },
    "de": {
        "phase.none": "Eingerichtet, nicht gestartet.",
        "phase.nomination": "Nominierung: {president} nominiert einen Kanzler.",
        "phase.election": "Wahl: Abstimmung über Präsident {president} und Kanzler {nominee}.",
        "phase.legislative_president": "Gesetzgebung: Präsident {president} wirft ein Gesetz ab.",
        "phase.legislative_chancellor": "Gesetzgebung: Kanzler {chancellor} erlässt ein Gesetz.",
        "phase.power": "Präsidialmacht: {power}.",
        "phase.chaos": "Chaos: Das oberste Gesetz kommt auf seine Leiste.",
        "phase.game_over": "Spielende: Die {winner} gewinnen ({reason}).",
        "track.democratic": "Demokratische Leiste: {n} von 5 Gesetzen",
        "track.fascist": "Faschistische Leiste: {n} von 6 Gesetzen",
        "track.tracker": "Wahltracker: {n} von 3 gescheiterten Wahlen",
        "slot": "Feld {n}: {power}",
        "hole": "Loch {n}",
        "hole.chaos": "Loch {n}: Chaos",
        "power.none": "keine Befugnis", "power.view_discard": "das abgelegte Gesetz ansehen",
        "power.peek": "die drei obersten Gesetze ansehen", "power.investigate": "eine Parteizugehörigkeit prüfen",
        "power.special_election": "Sonderwahl", "power.execution": "Hinrichtung",
        "power.democrats_win": "die Demokraten gewinnen", "power.fascists_win": "die Faschisten gewinnen",
        "winner.democrats": "Demokraten", "winner.fascists": "Faschisten",
        "reason.democratic_laws": "fünf demokratische Gesetze", "reason.fascist_laws": "sechs faschistische Gesetze",
        "reason.dictator_elected": "Diktator zum Kanzler gewählt",
        "reason.dictator_executed": "Diktator hingerichtet",
        "fact.president": "Präsident", "fact.nominee": "Kandidat", "fact.chancellor": "Kanzler",
        "fact.term_limited": "Amtszeitsperre", "fact.votes": "Abgegebene Stimmen", "fact.draw": "Nachziehstapel",
        "fact.discard": "Ablagestapel", "fact.executed": "Hingerichtet", "fact.election": "Letzte Wahl",
        "n_of": "{n} von {total}", "laws": "{n} Gesetze", "laws.one": "{n} Gesetz", "none": "keine",
        "elected": "gewählt, {ja} Ja zu {nein} Nein", "failed": "gescheitert, {ja} Ja zu {nein} Nein",
        "table": "Jeder Platz: lebt, Amt, letzte Stimme", "col.alive": "Lebt", "col.office": "Amt",
        "col.ballot": "Stimme", "alive": "lebt", "executed": "hingerichtet", "dash": "—",
        "roles": "Rollen", "role": "{seat}: {role}",
        "role.democrat": "Demokrat", "role.fascist": "Faschist", "role.dictator": "Diktator",
        "role.unknown": "unbekannt",
        "reader.ballot": "Lesegerät der Wahlurne", "reader.law": "Lesegerät der Gesetzesablage",
        "act.nominate": "Einen Kanzler nominieren", "act.vote": "Abstimmen",
        "act.discard": "Ein Gesetz abwerfen (Präsident)", "act.enact": "Ein Gesetz erlassen (Kanzler)",
        "act.acknowledge": "Ein privates Ergebnis bestätigen", "act.special_election": "Sonderwahl",
        "act.execute": "Hinrichten", "act.investigate": "Untersuchen",
        "act.veto": "Ein Veto vorschlagen (Kanzler)", "act.veto_reply": "Auf ein Veto antworten (Präsident)",
        "act.chaos_law": "Gesetz durch Chaos gelegt (nicht verfolgter Stapel)",
        "act.choose": "Die Wahl eines Platzes (Kandidat oder Macht)",
        "f.seat": "Handelnder Platz", "f.target": "Gewählter Platz", "f.ballot": "Stimme",
        "f.party": "Partei des Gesetzes", "f.accept": "Antwort", "party.democratic": "Demokratisch",
        "party.fascist": "Faschistisch", "party.unknown": "Unbekannt (nicht verfolgter Abwurf)",
        "accept.true": "Ja, Veto", "accept.false": "Nein, kein Veto",
        "f.chooser": "Wählender Platz", "f.chosen": "Gewählter Platz",
    },
})


def _laws(n: int) -> dict:
    return W("laws.one" if n == 1 else "laws", n=n)


def _seats(seats: Any) -> dict:
    return W.join([{lang: seat(s) for lang in ("de", "en")} for s in seats or ()], empty="none")


def _who(s: Any) -> str | dict:
    return seat(s) if isinstance(s, int) else W("none")


def _phase(view: dict) -> dict:
    phase = view.get("phase")
    people = {k: _who(view.get(k)) for k in ("president", "nominee", "chancellor")}
    if phase == "power":
        power = view.get("power")
        power = power.get("power") if isinstance(power, dict) else power
        return W("phase.power", power=W(f"power.{power}" if power in POWER_SHAPES else "power.none"))
    if phase == "game_over":
        return W("phase.game_over", winner=W(f"winner.{view.get('winner')}"),
                 reason=W(f"reason.{view.get('reason')}"))
    if phase in ("nomination", "election", "legislative_president", "legislative_chancellor", "chaos"):
        return W(f"phase.{phase}", **people)
    return W("phase.none")


def _tracks(view: dict) -> list[dict]:
    powers = list((view.get("switches") or {}).get("powers") or [None] * 5)
    dem, fas = int(view.get("democratic_laws") or 0), int(view.get("fascist_laws") or 0)
    tracker = view.get("election_tracker")

    def slots(party: str, keys: list) -> list[dict]:
        return [cell(POWER_SHAPES.get(key, "none"), PARTY_COLOURS[party], W("slot", n=i + 1, power=W(
            f"power.{key}" if key else "power.none")), mark="" if key else str(i + 1), filled=i < (dem if party ==
            "democratic" else fas)) for i, key in enumerate(keys)]
    return [
        row("democratic", W("track.democratic", n=dem),
            slots("democratic", [None] * (DEMOCRATIC_SLOTS - 1) + ["democrats_win"])),
        row("fascist", W("track.fascist", n=fas),
            slots("fascist", [*(powers + [None] * 5)[:FASCIST_SLOTS - 1], "fascists_win"])),
        row("tracker", W("track.tracker", n=int(tracker or 0)),
            [cell("bolt" if i == TRACKER_HOLES - 1 else "none", "grey",
                  W("hole.chaos" if i == TRACKER_HOLES - 1 else "hole", n=i), mark=str(i), here=tracker == i)
             for i in range(TRACKER_HOLES)]),
    ]


def _ballots(view: dict) -> dict:
    e = view.get("last_election")
    if isinstance(e, dict) and isinstance(e.get("ballots"), dict):
        return e["ballots"]
    ballots = view.get("last_ballots")
    return ballots if isinstance(ballots, dict) else {}


def _facts(view: dict) -> list[dict]:
    if not view.get("phase"):
        return []
    facts = [fact(W(f"fact.{k}"), _seats([view[k]] if isinstance(view.get(k), int) else []))
             for k in ("president", "nominee", "chancellor")]
    facts.append(fact(W("fact.term_limited"), _seats(view.get("ineligible"))))
    alive = view.get("alive") or []
    if view.get("phase") == "election" and view.get("votes_cast") is not None:
        facts.append(fact(W("fact.votes"), W("n_of", n=view["votes_cast"], total=len(alive) or view.get("players"))))
    for key, name in (("draw_pile", "draw"), ("discard_pile", "discard")):
        if isinstance(view.get(key), int):
            facts.append(fact(W(f"fact.{name}"), _laws(view[key])))
    if view.get("executed"):
        facts.append(fact(W("fact.executed"), _seats(view["executed"])))
    ballots = _ballots(view)
    if ballots:
        ja = sum(1 for b in ballots.values() if b == "ja")
        nein = len(ballots) - ja
        facts.append(fact(W("fact.election"), W("elected" if ja > nein else "failed", ja=ja, nein=nein)))
    return facts


def _table(view: dict) -> dict:
    players = int(view.get("players") or 0)
    alive = set(view.get("alive") or range(players))
    ballots = _ballots(view)
    lines = []
    for s in range(players):
        office = [W(f"fact.{k}") for k in ("president", "chancellor", "nominee") if view.get(k) == s]
        if view.get("chancellor") == s:
            office = [o for o in office if o != W("fact.nominee")]
        ballot = ballots.get(str(s), ballots.get(s))
        lines.append({"seat": s, "out": s not in alive,
                      "cells": [W("alive" if s in alive else "executed"), W.join(office, empty="dash"),
                                {lang: ballot.capitalize() for lang in ("de", "en")} if isinstance(ballot, str)
                                else W("dash")]})
    return {"caption": W("table"), "columns": [W("col.alive"), W("col.office"), W("col.ballot")], "rows": lines}


def _roles(view: dict, roles: dict[int, Any], hidden: bool) -> dict:
    cells = []
    for s in sorted(roles):                     # a reveal of one seat draws that seat only
        role = roles.get(s)
        party = "democratic" if role == "democrat" else "fascist"
        cells.append(cell({"democrat": "circle", "fascist": "triangle", "dictator": "star"}.get(role, "none"),
                          PARTY_COLOURS[party] if role else "grey",
                          W("role", seat=seat(s), role=W(f"role.{role}" if role in
                                                          ("democrat", "fascist", "dictator") else "role.unknown")),
                          mark="", filled=role == "dictator"))
    return row("roles", W("roles"), cells, hidden=hidden)


def picture(view: dict, secrets: dict | None = None) -> dict:
    """The page's picture of ``view`` (``public_view``), JSON-ready; with ``secrets`` (the
    adapter's ``reveal(None)``: ``{"seats": {"N": {"role", ...}}}``) a hidden row of the seats'
    roles (never drawn from ``view`` before the end, R16; at the end ``view["roles"]`` is public).

    :param view: the public view (``phase``, ``democratic_laws``, ``fascist_laws``,
        ``election_tracker``, ``switches.powers``, ``players``, offices, piles, ballots).
    :returns: the picture (:mod:`firmware_host.games.console_page`).
    """
    rows = _tracks(view)
    if isinstance(view.get("roles"), list):                         # R15: public at the end
        rows.append(_roles(view, dict(enumerate(view["roles"])), hidden=False))
    seats = (secrets or {}).get("seats") if isinstance(secrets, dict) else None
    if isinstance(seats, dict):
        rows.append(_roles(view, {int(s): (v or {}).get("role") for s, v in seats.items()}, hidden=True))
    phase = view.get("phase")
    return {"phase": _phase(view),
            "waiting": list(view.get("awaiting") or []) if phase and phase != "game_over" else [],
            "rows": rows, "facts": _facts(view), "table": _table(view),
            "readers": [{"name": name, "label": W(f"reader.{name}")} for name in ("ballot", "law")]}


def actions() -> tuple[dict, ...]:
    """Secret Dictator's help forms (REPLAY.md's actions, and ``choose``: a seat's nominee or
    its power's target as if it had scanned it)."""
    s, t = seat_field(W("f.seat")), seat_field(W("f.target"), "target")
    party = choice_field("party", W("f.party"), [("democratic", W("party.democratic")),
                                                 ("fascist", W("party.fascist")), (None, W("party.unknown"))],
                         optional=True)
    return (
        action("choose", W("act.choose"), seat_field(W("f.chooser")), seat_field(W("f.chosen"), "target"),
               command="choose"),
        action("nominate", W("act.nominate"), s, t),
        action("vote", W("act.vote"), s, choice_field("ballot", W("f.ballot"), [
            ("ja", {"de": "Ja", "en": "Ja"}), ("nein", {"de": "Nein", "en": "Nein"})])),
        action("discard", W("act.discard"), s, party),
        action("enact", W("act.enact"), s, party),
        action("acknowledge", W("act.acknowledge"), s),
        action("special_election", W("act.special_election"), s, t),
        action("execute", W("act.execute"), s, t),
        action("investigate", W("act.investigate"), s, t),
        action("veto", W("act.veto"), s),
        action("veto_reply", W("act.veto_reply"), s, choice_field("accept", W("f.accept"), [
            (True, W("accept.true")), (False, W("accept.false"))])),
        action("chaos_law", W("act.chaos_law"), party),
    )
