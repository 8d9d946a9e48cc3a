"""ACCESSIBILITY.md 6: one word per game concept throughout the catalogue.

A listener who hears "Wahltracker" in the game and "Wahlzähler" in the self-test cannot know
they are the same pin. For each game concept (RULES.md "Terms", BOARD.md parts) this lists the
words a translator might reach for; every German and English text of the catalogue (short,
long and ``term.*`` entries, read from the ``.po`` sources) is scanned, and a concept named by
more than one of its words in one language fails, naming the words and the keys.

Placeholders (``{seat:full}``) are blanked before scanning; a ``{ballot}`` placeholder becomes
``Ja`` so "{ballot} tile" reads as the tile's name. Patterns are case-insensitive regular
expressions; a word that is also a common verb or idiom in the texts ("check the cable",
"an der Reihe") is left out rather than matched loosely.
"""

from __future__ import annotations

import re
from collections import defaultdict

import pytest
from babel.messages.pofile import read_po

from firmware_host.games.secret_dictator import catalogue

#: language -> concept -> word -> pattern. A concept may be found with at most one word.
CONCEPTS: dict[str, dict[str, dict[str, str]]] = {
    "en": {
        "election tracker": {
            "election tracker": r"\b(election )?tracker\b",
            "counter": r"\bcounters?\b",
            "failure/chaos tracker": r"\b(fail\w*|chaos|anarchy) (election )?tracker\b",
            "election track": r"\belection track\b",
        },
        "election": {"election": r"\belections?\b", "poll": r"\bpolls?\b",
                     "voting round": r"\b(voting round|round of voting)\b"},
        "vote": {"vote": r"\bvot(e|es|ed|ing)\b", "ballot": r"\bballots?\b(?! box| tile| reader)"},
        "ballot tile": {"Ja/Nein tile": r"\b(ja|nein) tiles?\b",
                        "ballot/vote tile": r"\b(ballot|vote|voting) (tile|card|token)s?\b",
                        "Ja/Nein card": r"\b(ja|nein) cards?\b"},
        "ballot box": {"ballot box": r"\bballot box\b", "urn": r"\burns?\b",
                       "voting box": r"\b(voting|vote) box\b"},
        "law": {"law": r"\blaws?\b", "policy": r"\bpolic(y|ies)\b", "article": r"\barticles?\b"},
        "track": {"track": r"\btracks?\b", "row": r"(?<!in a )\brows?\b", "lane": r"\blanes?\b", "strip": r"\bstrips?\b"},
        "slot": {"slot": r"\bslots?\b", "space": r"\bspaces?\b", "field": r"\bfields?\b",
                 "square": r"\bsquares?\b", "cell": r"\bcells?\b"},
        "draw pile": {"draw pile": r"\bdraw pile\b", "deck": r"\bdecks?\b", "stack": r"\bstacks?\b",
                      "pile": r"(?<!draw )(?<!discard )\bpiles?\b"},
        "discard pile": {"discard pile": r"\bdiscard pile\b",
                         "the discards": r"\b(the discards|discards into)\b",
                         # BOARD.md's tray under the pile is named only in its reader's name
                         "discard reader/tray/stack": r"\bdiscard (reader|stack|deck|heap)\b"
                                                      r"|(?<!law reader at the )\bdiscard tray\b",
                         "graveyard": r"\bgraveyard\b"},
        # BOARD.md "Reference build": "law reader at the discard tray"
        "law reader": {"law reader at the discard tray": r"\blaw reader at the discard tray\b",
                       "discard pile reader": r"\bdiscard( pile)? reader\b",
                       "law/tray reader": r"\b(law|tray) reader\b(?! at the discard tray)"},
        "president": {"president": r"\bpresiden", "leader": r"\bleaders?\b", "head of state": r"\bhead of state\b"},
        "chancellor": {"chancellor": r"\bchancellor", "prime minister": r"\b(prime minister|premier)\b"},
        "seat": {"seat": r"\bseats?\b", "chair": r"\bchairs?\b", "spot": r"\bspots?\b"},
        "game master": {"game master": r"\bgame master\b", "host": r"\bhosts?\b", "moderator": r"\bmoderator",
                        "referee": r"\breferee", "GM": r"\bgm\b", "admin": r"\badmin"},
        "tile": {"tile": r"\btiles?\b", "token": r"\btokens?\b", "chip": r"\bchips?\b", "tag": r"\btags?\b",
                 "card": r"\bcards?\b"},
        "reader": {"reader": r"\breaders?\b", "scanner": r"\bscanners?\b", "antenna": r"\bantenna",
                   "sensor": r"\bsensors?\b"},
        "presidential power": {"power": r"\bpowers?\b", "special action": r"\bspecial actions?\b",
                               "ability": r"\babilit", "executive action": r"\bexecutive actions?\b"},
        "execution": {"execute": r"\bexecut", "kill": r"\bkill", "shoot": r"\b(shoot|shot)\b",
                      "eliminate": r"\beliminat", "assassinate": r"\bassassin"},
        "investigation": {"investigate": r"\binvestigat", "inspect": r"\binspect", "examine": r"\bexamin",
                          "loyalty check": r"\bloyalty\b"},
        "term limit": {"term limit": r"\bterm[- ]limit", "ineligible": r"\bineligib", "barred": r"\bbarred\b"},
        "enrolment": {"enrol": r"\benrol", "register": r"\bregist", "pair": r"\bpair(ed|ing)\b",
                      "teach": r"\btaught\b|\bteach"},
        "fault": {"fault": r"\bfaults?\b", "error": r"\berrors?\b", "problem": r"\bproblems?\b",
                  "malfunction": r"\bmalfunction"},
        "earphone": {"earphone": r"\bearphones?\b", "earpiece": r"\bearpieces?\b",
                     "headphone": r"\bheadphones?\b", "earbud": r"\bearbuds?\b"},
        "seat button": {"button": r"\bbuttons?\b", "key": r"(?<!master )\bkeys?\b"},
        "dictator": {"Dictator": r"\bdictator", "Hitler": r"\b(hitler|f(ü|u)hrer)\b"},
        "chaos": {"chaos": r"\bchaos\b", "anarchy": r"\banarchy\b"},
        "reader disconnected": {"disconnected": r"\bdisconnect", "unplugged": r"\bunplug"},
    },
    "de": {
        "Election Tracker": {
            "Election Tracker": r"election tracker",
            "Wahltracker": r"wahltracker",
            "Tracker": r"(?<!wahl)(?<!election )tracker",
            "Zähler": r"zähler",
            "Wahlanzeiger/Wahlmarker/Wahlleiste": r"wahl(anzeige|marker|leiste|skala)",
            "Chaosleiste": r"chaos(leiste|anzeige|marker)",
        },
        # the rulebook's two words: the election of a chancellor ("ist die Wahl gescheitert")
        # and the voting in it (section "Abstimmung"); "Urnengang" would be a third
        "Wahl": {"Wahl": r"\bwahl(en)?\b", "Urnengang": r"urnengang", "Wahlgang": r"wahlgang"},
        "Stimme": {"Stimme": r"\bstimmen?\b|abstimm|abgestimmt", "Votum": r"\bvot(um|en)\b",
                   "Zettel": r"zettel"},
        "Ja/Nein-Plättchen": {"{ballot}-Plättchen": r"\b(ja|nein)-plättchen",
                              "Wahl-/Stimmplättchen": r"(wahl|stimm)(plättchen|karte|marke)",
                              "Ja-/Nein-Karte": r"\b(ja|nein)-karte"},
        "Wahlurne": {"Wahlurne": r"wahlurne", "Urne": r"\burne", "Wahlbox": r"(wahl|stimm)(box|kasten)"},
        "Gesetz": {"Gesetz": r"gesetz", "Politik": r"\bpolitik", "Richtlinie": r"richtlinie",
                   "Policy": r"\bpolic"},
        "Leiste": {"Leiste": r"leiste", "Spur": r"\bspur", "Bahn": r"\bbahn\b", "Tableau": r"tableau",
                   "Spielplan": r"spielplan", "Zeile": r"\bzeile"},
        "Feld": {"Feld": r"\bfeld(er)?\b", "Slot": r"\bslots?\b", "Fach": r"\bf(a|ä)ch(er)?\b",
                 "Position": r"\bposition", "Kästchen": r"kästchen"},
        "Nachziehstapel": {"Nachziehstapel": r"nachziehstapel", "Ziehstapel": r"(?<!nach)ziehstapel",
                           # the tactile names "der raue / glatte Stapel" name the piles
                           "Stapel": r"(?<!raue )(?<!rauen )(?<!glatte )(?<!glatten )\bstapel\b", "Deck": r"\bdeck\b", "Kartenstapel": r"kartenstapel",
                           "Gesetzesstapel": r"gesetzesstapel"},
        "Ablagestapel": {"Ablagestapel": r"ablagestapel", "Abwurfstapel": r"abwurf", "Ablage": r"\bablage\b",
                         "Friedhof": r"friedhof"},
        "Präsident": {"Präsident": r"präsident", "Staatsoberhaupt": r"staatsoberhaupt",
                      "Regierungschef": r"regierungschef"},
        "Kanzler": {"Kanzler": r"(?<!bundes)kanzler", "Bundeskanzler": r"bundeskanzler", "Premier": r"premier"},
        "Platz": {"Platz": r"\bpl(a|ä)tz", "Sitz": r"\bsitz(e|platz|plätze)?\b", "Stuhl": r"st(u|ü)hl",
                  "Spielerplatz": r"spielerpl(a|ä)tz"},
        "Spielleiter": {"Spielleiter": r"spielleiter", "Spielleitung": r"spielleitung",
                        "Moderator": r"moderator", "Gastgeber": r"gastgeber", "Schiedsrichter": r"schiedsricht",
                        "Admin": r"\badmin"},
        "Plättchen": {"Plättchen": r"plättchen", "Marke": r"\bmarken?\b", "Chip": r"\bchips?\b",
                      "Token": r"token", "Tag": r"\btags?\b", "Spielstein": r"spielstein",
                      "Karte": r"karte", "Kärtchen": r"kärtchen"},
        "Leser": {"Leser": r"leser\b", "Lesegerät": r"lesegerät", "Scanner": r"scanner",
                  "Lesestation": r"lesestation"},
        "Sonderaktion": {"Sonderaktion": r"sonderaktion",
                         "Macht": r"(präsidenten|sonder|exekutiv)macht|\bmächte\b",
                         "Fähigkeit": r"fähigkeit", "Exekutivaktion": r"exekutivaktion|spezialaktion"},
        "Hinrichtung": {"hinrichten": r"hinricht|hingericht|\brichtet\b", "töten": r"\btöte|getötet",
                        "erschießen": r"erschie(ß|ss)|erschoss", "eliminieren": r"eliminier",
                        "Exekution": r"exekution"},
        "Ermittlung": {"ermitteln": r"ermittl|ermittel", "prüfen": r"\bprüft\b|\bgeprüft\b|\bprüfung",
                       "untersuchen": r"untersuch", "überprüfen": r"überprüf"},
        "Wahlsperre": {"Wahlsperre": r"wahlsperre", "gesperrt": r"gesperrt",
                       "nicht wählbar": r"nicht wählbar|unwählbar", "Amtszeit": r"amtszeit"},
        "Anmeldung": {"anmelden": r"anmeld|angemeldet", "registrieren": r"registr",
                      "einlernen": r"einlern|eingelernt"},
        "Störung": {"Störung": r"störung", "Fehler": r"fehler", "Defekt": r"defekt"},
        "Ohrhörer": {"Ohrhörer": r"ohrhörer", "Kopfhörer": r"kopfhörer", "Ohrstöpsel": r"ohrstöpsel"},
        "Taste": {"Taste": r"taste", "Knopf": r"knopf", "Button": r"\bbutton"},
        "Secret Dictator": {"Secret Dictator": r"secret dictator", "Diktator": r"diktator",
                            "Hitler": r"\b(hitler|führer)\b"},
        "Chaos": {"Chaos": r"\bchaos\b", "Anarchie": r"anarchie"},
        "Leser getrennt": {"getrennt": r"getrennt", "ausgesteckt": r"ausgesteckt|abgezogen|herausgezogen"},
    },
}

_PLACEHOLDER = re.compile(r"\{([a-z_]+)(?::[^}]*)?\}")


def catalogue_texts(language: str) -> list[tuple[str, str]]:
    """``(key, text)`` for every wording in ``language``'s ``.po`` sources (short, long and
    ``term.*``): the game's and the board's own sentences, which its table says too
    (``service.board_catalogue``); placeholders blanked (``{ballot}`` reads as ``Ja``)."""
    from firmware_host.service import board_catalogue

    texts = []
    for module in (catalogue, board_catalogue):
        po = module.LOCALE_DIR / language / "LC_MESSAGES" / f"{module.DOMAIN}.po"
        with open(po, "rb") as fh:
            cat = read_po(fh)
        for message in cat:
            if not message.id or not message.string:
                continue
            blank = _PLACEHOLDER.sub(lambda m: "Ja" if m.group(1) == "ballot" else "\u2022", message.string)
            texts.append((f"{message.id} ({message.context})" if message.context else message.id, blank))
    return texts


def mixed_terms(texts: list[tuple[str, str]], concepts: dict[str, dict[str, str]]) -> list[str]:
    """One line per concept named by more than one word: the words and where each occurs."""
    problems = []
    for concept, words in concepts.items():
        found: dict[str, list[str]] = defaultdict(list)
        for word, pattern in words.items():
            rx = re.compile(pattern, re.IGNORECASE)
            for key, text in texts:
                if rx.search(text):
                    found[word].append(key)
        if len(found) > 1:
            where = "; ".join(f"{word!r} in {', '.join(keys[:4])}{' …' if len(keys) > 4 else ''}"
                              for word, keys in sorted(found.items()))
            problems.append(f"{concept}: {where}")
    return problems


@pytest.mark.parametrize("language", catalogue.LANGUAGES)
def test_one_word_per_game_concept_in_every_catalogue_text(language):
    assert mixed_terms(catalogue_texts(language), CONCEPTS[language]) == []


def test_every_concept_is_found_in_the_catalogue():
    """A concept whose words match no text would let any synonym through unnoticed; every
    listed concept must be found by (exactly) one of its words."""
    unused = [f"{language} {concept}" for language in catalogue.LANGUAGES
              for concept, words in CONCEPTS[language].items()
              if not any(re.search(p, text, re.IGNORECASE) for p in words.values()
                         for _, text in catalogue_texts(language))]
    assert unused == []


def test_a_synonym_is_caught():
    """The checker finds "Wahlzähler" next to "Wahltracker", and a deck next to a draw pile."""
    de = [("tracker.moved", "Wahltracker: •"), ("selftest.peg", "Test: Wahlzähler in Loch •")]
    en = [("reshuffle.done", "Deck: reshuffled"), ("chaos.started", "the top law of the draw pile")]
    assert [p.split(":")[0] for p in mixed_terms(de, CONCEPTS["de"])] == ["Election Tracker"]
    assert [p.split(":")[0] for p in mixed_terms(en, CONCEPTS["en"])] == ["draw pile"]
    assert mixed_terms(de[:1] + [("x", "Test: Wahltracker in Loch •")], CONCEPTS["de"]) == []


#: Words the German rulebook (seeds/002, WORDING-REVIEW.md "Terms") does not use for a
#: concept it names: pattern -> the rulebook's word. "erlassen" is kept for the chaos law only
#: (rulebook: "automatisch … erlassen"); laws a government enacts are "verabschiedet".
NOT_RULEBOOK_DE = {
    r"nominier|nominierung": "vorschlagen (\"schlägt … als Kanzler vor\")",
    r"hinricht|hingericht|\brichtet\b": "erschießen",
    r"gesetzgebung": "Gesetzesphase",
    r"wahltracker": "Election Tracker",
    r"\bsieht\b|\bsehen\b": "erfährt / ansehen oder ertasten",
    r"(?<!secret )\bdiktator": "Secret Dictator",
    r"wahl: abgelehnt": "Wahl: gescheitert (\"abgelehnt\" is the refusal word)",
    r"das geht gerade nicht": "the refusal's reason",
}
NOT_RULEBOOK_EN = {
    r"\bprolog\b": "Roles (\"Prolog\" is the German spelling)",
    r"press at": "press on / press when you hear",
    r"not possible now|not possible at this point": "the refusal's reason",
}


def rulebook_violations(texts: list[tuple[str, str]], words: dict[str, str],
                        allowed: dict[str, tuple[str, ...]] | None = None) -> list[str]:
    """One line per text using a word the rulebook does not: the key, the word, the rulebook's."""
    out = []
    for key, text in texts:
        for pattern, better in words.items():
            if re.search(pattern, text, re.IGNORECASE) and not key.startswith((allowed or {}).get(pattern, ("\0",))):
                out.append(f"{key}: {re.search(pattern, text, re.IGNORECASE).group(0)!r}, rulebook: {better}")
    return out


def test_german_catalogue_uses_the_rulebook_terms():
    """No "nominiert", "Hinrichtung", "Gesetzgebung", "Wahltracker", "sieht", "Diktator" in
    German (WORDING-REVIEW.md "Terms")."""
    assert rulebook_violations(catalogue_texts("de"), NOT_RULEBOOK_DE) == []


def test_german_erlassen_only_for_the_chaos_law():
    """Laws a government passes are "verabschiedet"; "erlassen" is the chaos law's word."""
    texts = catalogue_texts("de")
    assert rulebook_violations(texts, {r"erlass|erläss|erließ": "verabschieden"},
                               {r"erlass|erläss|erließ": ("chaos.", "story.chaos", "term.action.chaos_law")}) == []
    assert any(re.search("verabschiedet", t) for k, t in texts if k.startswith("law.enacted"))


def test_the_law_reader_has_boards_name_in_english():
    """BOARD.md "Reference build" names the reader "law reader at the discard tray"; the
    catalogue's term for it (``term.reader.law``, said in every fault and self-test line of
    that reader) is that name, not "discard pile reader"."""
    from pathlib import Path

    board = (Path(__file__).resolve().parents[2] / "docs" / "spec" / "BOARD.md").read_text(encoding="utf-8")
    assert "law reader at the discard tray" in board
    terms = dict(catalogue_texts("en"))
    assert terms["term.reader.law"] == "law reader at the discard tray"


def test_english_catalogue_follows_the_review():
    assert rulebook_violations(catalogue_texts("en"), NOT_RULEBOOK_EN) == []


def test_the_rulebook_checker_finds_the_old_words():
    old = [("nomination.made", "Nominierung: Platz eins nominiert Platz drei als Kanzler"),
           ("power.execution.done", "Hinrichtung: Platz eins richtet Platz drei hin"),
           ("legislative.president", "Gesetzgebung: Präsident Platz eins zieht drei Gesetze"),
           ("tracker.moved", "Wahltracker: eins")]
    assert len(rulebook_violations(old, NOT_RULEBOOK_DE)) == 4
