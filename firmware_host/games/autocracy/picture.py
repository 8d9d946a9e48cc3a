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

from typing import Any

from firmware_host.games.console_page import (Words, action, cell, choice_field, fact, field, row,
                                              seat, seat_field)

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

W = Words({
    "en": {
        "phase.turn": "Round {round}: {seat}'s turn", "phase.exchanges": "Round {round}: {seat}'s turn, exchanging",
        "phase.counter": "Round {round}: {attacked} answers {seat}'s {trick}",
        "phase.roll": "Round {round}: {seat} rolls", "phase.game_over": "Game over: {seat} wins",
        "tokens": "{seat}: influence tokens; Dirty Tricks held: {tricks}", "token": "{domain}: {n}",
        "reserve": "Reserve", "held": "Dirty Tricks held: {n}", "hand": "Dirty Tricks of {seat}", "trick": "{seat}: {trick}",
        "fact.current": "Whose turn", "fact.round": "Round", "fact.pile": "Dirty Trick pile",
        "fact.discard": "Discard", "fact.attack": "Attack", "fact.roll": "Last roll", "fact.lacking": "Lacking one domain",
        "fact.bought": "Bought this turn", "fact.winner": "Winner", "fact.mentors": "Mentors",
        "attack": "{seat} plays {trick} on {target}", "attack.domain": "{seat} plays {trick} on {target} ({domain})",
        "roll": "{seat}: {gains}", "count": "{n} × {what}", "yes": "yes", "no": "no", "none": "none",
        "lacking": "{seat} lacks {domain}",
        
        "act.exchange": "Exchange (with the reserve or a seat)", "act.buy": "Buy a Dirty Trick",
        "act.attack": "Attack with a Dirty Trick", "act.counter": "Counter an attack",
        "act.no_counter": "Let the attack pass", "act.roll": "Roll the dice",
        "f.seat": "Acting seat", "f.give": "Gives", "f.get": "Gets", "f.count": "Count (of the higher domain)",
        "f.partner": "Partner", "f.trick": "Dirty Trick", "f.target": "Target seat", "f.domain": "Domain",
        "f.pick": "Espionage: take", "f.redirect": "Corruption: the attack goes to",
        "redirect.none": "no one (not a Corruption)", "reserve.partner": "the reserve", "domain.none": "none",
    },
    "de": {
        "phase.turn": "Runde {round}: {seat} ist am Zug", "phase.exchanges": "Runde {round}: {seat} ist am Zug, tauscht",
        "phase.counter": "Runde {round}: {attacked} antwortet auf {trick} von {seat}",
        "phase.roll": "Runde {round}: {seat} würfelt", "phase.game_over": "Spielende: {seat} gewinnt",
        "tokens": "{seat}: Einflussmarken; Tiefschläge auf der Hand: {tricks}", "token": "{domain}: {n}",
        "reserve": "Vorrat", "held": "Tiefschläge auf der Hand: {n}", "hand": "Tiefschläge von {seat}", "trick": "{seat}: {trick}",
        "fact.current": "Am Zug", "fact.round": "Runde", "fact.pile": "Tiefschlag-Stapel",
        "fact.discard": "Ablage", "fact.attack": "Angriff", "fact.roll": "Letzter Wurf",
        "fact.lacking": "Fehlt ein Machtbereich", "fact.bought": "In diesem Zug gekauft", "fact.winner": "Gewonnen",
        "fact.mentors": "Mentoren",
        "attack": "{seat} spielt {trick} gegen {target}", "attack.domain": "{seat} spielt {trick} gegen {target} ({domain})",
        "roll": "{seat}: {gains}", "count": "{n} × {what}", "yes": "ja", "no": "nein", "none": "keine",
        "lacking": "{seat} fehlt {domain}",
        
        "act.exchange": "Tauschen (mit dem Vorrat oder einem Platz)", "act.buy": "Einen Tiefschlag kaufen",
        "act.attack": "Mit einem Tiefschlag angreifen", "act.counter": "Einen Angriff abwehren",
        "act.no_counter": "Den Angriff durchlassen", "act.roll": "Würfeln",
        "f.seat": "Handelnder Platz", "f.give": "Gibt", "f.get": "Bekommt", "f.count": "Anzahl (des höheren Bereichs)",
        "f.partner": "Partner", "f.trick": "Tiefschlag", "f.target": "Angegriffener Platz", "f.domain": "Machtbereich",
        "f.pick": "Spionage: nehmen", "f.redirect": "Bestechung: der Angriff geht an",
        "redirect.none": "niemanden (keine Bestechung)", "reserve.partner": "der Vorrat", "domain.none": "keiner",
    },
    "fr": {
        "phase.turn": "Tour {round} : au tour de {seat}", "phase.exchanges": "Tour {round} : au tour de {seat}, échanges",
        "phase.counter": "Tour {round} : {attacked} répond au {trick} de {seat}",
        "phase.roll": "Tour {round} : {seat} lance les dés", "phase.game_over": "Fin de partie : {seat} gagne",
        "tokens": "{seat} : jetons d'influence ; Coups Bas en main : {tricks}", "token": "{domain} : {n}",
        "reserve": "Réserve", "held": "Coups Bas en main : {n}", "hand": "Coups Bas de {seat}", "trick": "{seat} : {trick}",
        "fact.current": "Au tour de", "fact.round": "Tour", "fact.pile": "Pioche des Coups Bas",
        "fact.discard": "Défausse", "fact.attack": "Attaque", "fact.roll": "Dernier lancer",
        "fact.lacking": "Il manque un domaine", "fact.bought": "Acheté ce tour", "fact.winner": "Gagnant",
        "fact.mentors": "Mentors",
        "attack": "{seat} joue {trick} contre {target}", "attack.domain": "{seat} joue {trick} contre {target} ({domain})",
        "roll": "{seat} : {gains}", "count": "{n} × {what}", "yes": "oui", "no": "non", "none": "aucun",
        "lacking": "il manque {domain} à {seat}",
        
        "act.exchange": "Échanger (avec la réserve ou une place)", "act.buy": "Acheter un Coup Bas",
        "act.attack": "Attaquer avec un Coup Bas", "act.counter": "Contrer une attaque",
        "act.no_counter": "Laisser passer l'attaque", "act.roll": "Lancer les dés",
        "f.seat": "Place qui joue", "f.give": "Donne", "f.get": "Reçoit", "f.count": "Nombre (du domaine supérieur)",
        "f.partner": "Partenaire", "f.trick": "Coup Bas", "f.target": "Place attaquée", "f.domain": "Domaine",
        "f.pick": "Espionnage : prendre", "f.redirect": "Corruption : l'attaque va à",
        "redirect.none": "personne (pas une Corruption)", "reserve.partner": "la réserve", "domain.none": "aucun",
    },
})


def _name(ident: Any) -> dict:
    fr, de, en = NAMES.get(ident, (str(ident),) * 3)
    return {"fr": fr, "de": de, "en": en}


def _seat(s: Any) -> dict:
    return {lang: seat(s) if isinstance(s, int) else "—" for lang in ("fr", "de", "en")}


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
    facts = [fact(W("fact.round"), {lang: str(view.get("round")) for lang in ("fr", "de", "en")}),
             fact(W("fact.current"), _seat(view.get("current"))),
             fact(W("fact.bought"), W("yes" if view.get("bought") else "no")),
             fact(W("fact.pile"), {lang: str(view.get("pile", 0)) for lang in ("fr", "de", "en")}),
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
    hands = view.get("hands") if isinstance(view.get("hands"), list) else None      # public at the end
    seats = (secrets or {}).get("seats") if isinstance(secrets, dict) else None
    for source, hidden in ((dict(enumerate(hands)) if hands else None, False),
                           ({int(s): (v or {}).get("hand") for s, v in seats.items()} if isinstance(seats, dict)
                            else None, True)):
        for s, hand in sorted((source or {}).items()):
            rows.append(row(f"hand-{s}", W("hand", seat=_seat(s)), [
                cell(TRICK_SHAPES.get(k, ("card", "grey"))[0], TRICK_SHAPES.get(k, ("card", "grey"))[1],
                     W("trick", seat=_seat(s), trick=_name(k)), filled=True) for k in hand or ()], hidden=hidden))
    return {"phase": _phase(view),
            "waiting": list(view.get("waiting") or []) if view.get("phase") != "game_over" else [],
            "rows": rows, "facts": _facts(view), "readers": []}


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
