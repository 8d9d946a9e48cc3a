"""The announcement catalogue: every sentence the board speaks, in German and English.

Each message has a key (``"election.passed"``, ``"prolog.role.fascist"``, ...), named
parameters (plain JSON values; seats 0-based) and four wordings: German and English, short
and long (ACCESSIBILITY.md 5: short ≤ 8 words). The wordings live in gettext catalogs,
``locale/{de,en}/LC_MESSAGES/messages.po`` (msgid = key, msgctxt ``short`` / ``long``),
compiled by ``scripts/compile-catalogs`` (Babel) into ``messages.mo``, which are loaded here
with the standard library's :mod:`gettext` (fast enough to start on a Pi Zero 2 W).

Example::

    >>> from firmware_host.games.secret_dictator import catalogue
    >>> catalogue.text("election.passed", {"ja": 5, "nein": 2})
    'Wahl: angenommen, fünf zu zwei'
    >>> catalogue.text("ballot.counted", {"count": 4, "total": 7}, language="en")
    'Votes: four of seven'
    >>> catalogue.text("president.new", {"seat": 2}, long=True, names={2: "Anna"})
    'Präsident: Anna, Platz drei. Bitte einen Kanzler vorschlagen.'

Templates are :meth:`str.format` fields whose *format spec* chooses a grammatical form, so a
translator controls case and gender (ACCESSIBILITY.md 6), and no digit reaches German text:

===========  ==========================  ================================================
param type   spec                        renders (de / en)
===========  ==========================  ================================================
seat         ``{seat}``                  name, or "Platz drei" / "seat 3"; None: "niemand"
seat         ``{seat:full}``             "Anna, Platz drei" (first mention) or as above
seat         ``{seat:actor}``            as ``{seat}``, but None: "Spielleiter" (refusals of
                                         input that came from no seat); ``actor_full`` too
seats        ``{fascists}``              "Platz eins, Platz drei und Platz fünf"; []: "niemand"
seats        ``{fascists:plural/a/b}``   a for one seat, b for any other count ("Der Faschist
                                         war" / "Die Faschisten waren")
int          ``{n}`` / ``{n:card}``      "eins", "sieben" / "one", "seven"
int          ``{n:card-e}``              1 → "ein" + ending ("eine Stimme"); else cardinal
int          ``{n:ord-e}``               ordinal stem + ending ("das dritte") / "third"
int          ``{n:plural/Gesetz/Gesetze}``  the word for 1, or for any other number
ints         ``{holes}``                 "null und zwei" / "zero and two"; ``plural/a/b``
                                         by the list's length
enum         ``{party}`` ``{track:gen}``  the catalog's term ``term.<type>.<value>[.<spec>]``
parties      ``{laws}``                  "faschistisch, demokratisch, faschistisch"
===========  ==========================  ================================================

Which parameter has which type is fixed by its name (:data:`PARAM_TYPES`). Every returned
string is Unicode NFC (espeak-ng#1933). The formatter and the checker are the shared ones
(:class:`firmware_host.kernel.wording.Catalogue`); the board's own sentences (``service.*``,
``gm.*``, ``fault.*``, ``journal.*``, ``whisper.*``, ``selftest.*``, ``enrol.*``, the scan's
wrap and stop) are not here but in :mod:`firmware_host.service.board_catalogue`, which answers
them through :func:`text` (the fallback).
"""

from __future__ import annotations

from typing import Any, Mapping

from firmware_host.kernel import wording
from firmware_host.kernel.wording import MessageParamError, UnknownLanguage, UnknownMessage
from firmware_host.resources import package_path
from firmware_host.service import board_catalogue

__all__ = [
    "LANGUAGES", "MESSAGES", "CATALOGUE", "PARAM_TYPES", "UnknownMessage", "MessageParamError",
    "UnknownLanguage", "text", "term", "keys", "is_private", "placeholders", "cardinal",
    "ordinal", "seat_name", "render_template", "template", "pronounce", "PRONUNCIATIONS", "GENDERS",
]

#: Languages with a catalog; the first is the default (BOARD.md: German default).
LANGUAGES = ("de", "en")
#: the compiled catalogs, shipped in the package (found with importlib.resources)
LOCALE_DIR = package_path(__name__.rpartition(".")[0], "locale")
DOMAIN = "messages"


# ---------------------------------------------------------------------------------------
# The schema: key -> (parameter names, private). Texts are in the .po catalogs.
# Private messages (R16) carry a seat's secrets and may only go to that seat's channel.
# ---------------------------------------------------------------------------------------

#: Parameter name -> type. ``seat`` an int 0-based seat or None, ``seats`` a list of them,
#: ``int`` a non-negative count / position / 1-based slot, enums a string value of
#: :data:`ENUMS`, ``parties`` a list of party strings.
PARAM_TYPES: dict[str, str] = {
    "seat": "seat", "target": "seat", "president": "seat", "chancellor": "seat",
    "nominee": "seat", "dictator": "seat",
    "seats": "seats", "ja_seats": "seats", "nein_seats": "seats", "fascists": "seats",
    "democrats": "seats", "waiting": "seats",
    "party": "party", "laws": "parties", "role": "role", "track": "track",
    "reader": "reader", "ballot": "ballot", "power": "power",
    "players": "int", "count": "int", "total": "int", "ja": "int", "nein": "int",
    "position": "int", "expected": "int", "slot": "int", "draw_pile": "int",
    "democratic_laws": "int", "fascist_laws": "int", "tracker": "int", "pin": "int",
    "index": "int",
    "holes": "ints", "action": "action", "why": "why", "task": "task", "phase": "phase",
    "executed": "seats", "ineligible": "seats",
}

#: Enum parameter type -> allowed values (RULES.md "Terms", REPLAY.md, BOARD.md).
ENUMS: dict[str, tuple[str, ...]] = {
    "party": ("democratic", "fascist"),
    "parties": ("democratic", "fascist"),
    "role": ("democrat", "fascist", "dictator"),
    "track": ("democratic", "fascist"),
    "reader": ("ballot", "law"),
    "ballot": ("ja", "nein"),
    "power": ("view_discard", "peek", "investigate", "special_election", "execution"),
    # REPLAY.md action names (what the game master undid)
    "action": ("nominate", "vote", "discard", "enact", "veto", "veto_reply", "execute",
               "special_election", "investigate", "acknowledge", "chaos_law", "reshuffle"),
    # why a chosen seat is refused (``refusal.invalid_target``): the one reason that applies
    "why": ("self", "investigated", "other"),
    # what a seat must do now (the first layer of the status)
    "task": ("nominate", "vote", "discard", "enact", "enact_or_veto", "veto_reply", "investigate",
             "special_election", "execute", "acknowledge", "wait"),
    # the engine's phases (REPLAY.md)
    "phase": ("nomination", "election", "legislative_president", "legislative_chancellor", "power",
              "chaos", "game_over"),
}

#: Grammatical genders a seat may choose (the ``gender`` seat setting): ``m`` (default)
#: or ``f``; templates choose a form with ``{seat:g/Präsident/Präsidentin}`` and ``{role:g}``.
GENDERS = ("m", "f")

#: espeak-ng phoneme overrides (``[[...]]`` phoneme input, espeak-ng docs "Phoneme input"):
#: language -> word as written in the catalogue -> phonemes. Applied to the text handed to
#: the speech engine only (:func:`pronounce`), never to what is logged or shown: the English
#: voice reads "Nein" as "neen", the German one says "E-lek-tsion" and "z'Ekr@t dIkt'Ato:r".
PRONUNCIATIONS: dict[str, dict[str, str]] = {
    "de": {"Election Trackers": "[[I'lEkS@n tr'Ek@s]]", "Election Tracker": "[[I'lEkS@n tr'Ek@]]",
           "Secret Dictator": "[[s'i:kr@t dIkt'e:t@]]"},
    "en": {"Nein": "[[n'aIn]]"},
}

_P = True   # private
_O = False  # public (may go to the table)

#: Message key -> (parameter names, private).
MESSAGES: dict[str, tuple[tuple[str, ...], bool]] = {
    # game flow
    "game.started": (("players",), _O),
    "president.new": (("seat",), _O),
    "nomination.made": (("seat", "target"), _O),
    "ballot.counted": (("count", "total"), _O),
    "election.ballots": (("ja_seats", "nein_seats"), _O),
    "election.passed": (("ja", "nein"), _O),
    "election.failed": (("ja", "nein"), _O),
    "tracker.moved": (("position",), _O),
    "chaos.started": ((), _O),
    "chaos.place_top_law": ((), _O),
    "chaos.enacted.democratic": (("count",), _O),
    "chaos.enacted.fascist": (("count",), _O),
    # untracked deck: the chaos law was read from the slot it was laid on (not asked for again)
    "chaos.placed.democratic": (("count",), _O),
    "chaos.placed.fascist": (("count",), _O),
    "law.enacted.democratic": (("count",), _O),
    "law.enacted.fascist": (("count",), _O),
    "reshuffle.shuffle_now": (("count",), _O),
    "reshuffle.done": (("draw_pile",), _O),
    "reshuffle.set_aside_discard": ((), _O),
    "legislative.president": (("seat",), _O),
    "legislative.chancellor": (("seat",), _O),
    "hand.president": (("laws",), _P),
    "hand.chancellor": (("laws",), _P),
    "veto.proposed": (("seat",), _O),
    "veto.accepted": (("seat",), _O),
    "veto.refused": (("seat",), _O),
    # presidential powers (R13)
    "power.view_discard": (("seat",), _O),
    "power.peek": (("seat",), _O),
    "power.investigate": (("seat",), _O),
    "power.special_election": (("seat",), _O),
    "power.execution": (("seat",), _O),
    "power.view_discard.result": (("party",), _P),
    "power.peek.result": (("laws",), _P),
    "power.investigate.result": (("target", "party"), _P),
    "power.view_discard.physical": ((), _O),
    "power.peek.physical": ((), _O),
    "power.special_election.chosen": (("seat", "target"), _O),
    "power.execution.confirm": (("target",), _O),
    "power.execution.done": (("seat", "target"), _O),
    "power.investigate.done": (("seat", "target"), _O),
    # game over (R15)
    "game_over.democratic_laws": ((), _O),
    "game_over.fascist_laws": ((), _O),
    "game_over.dictator_executed": (("target",), _O),
    "game_over.dictator_elected": (("target",), _O),
    "game_over.roles": (("dictator", "fascists", "democrats"), _O),
    # prolog (R3, R17)
    "prolog.role.democrat": (("seat",), _P),
    "prolog.role.fascist": (("seat",), _P),
    "prolog.role.dictator": (("seat",), _P),
    "prolog.team.fascist": (("fascists", "dictator"), _P),
    "prolog.team.dictator": (("fascists",), _P),
    "prolog.team.unknown": ((), _P),
    "prolog.done": ((), _O),
    # refusals (REPLAY.md reasons)
    "refusal.game_over": (("seat",), _O),
    "refusal.malformed": (("seat",), _O),
    "refusal.wrong_phase": (("seat", "action"), _O),
    "refusal.no_game": (("seat",), _O),
    "refusal.not_alive": (("seat",), _O),
    "refusal.not_your_turn": (("seat",), _O),
    "refusal.already_voted": (("seat",), _O),
    "refusal.invalid_target": (("seat", "why"), _O),
    "refusal.ineligible": (("seat",), _O),
    "refusal.not_in_hand": (("party",), _P),
    # a law at the chancellor's turn that is not one of its two: never named (R16), it may be
    # the president's face-down discard or a law of the draw pile
    "refusal.not_your_law": ((), _P),
    "refusal.not_possible": (("seat",), _O),
    "refusal.no_discard": ((), _O),
    # the board as a mirror of the engine (BOARD.md principle 2)
    "tile.wrong_slot": (("track", "slot", "expected"), _O),
    "tile.removed": (("track", "slot"), _O),
    "tile.unexpected": (("track", "slot"), _O),
    "tracker.wrong_hole": (("position", "expected"), _O),
    "tracker.pin_missing": (("expected",), _O),
    "board.matches": ((), _O),
    "tile.no_enactment": (("track", "slot"), _O),
    "tile.check": (("seat",), _O),
    "tile.take_back": (("track",), _P),
    # never lose an action (BOARD.md principle 2): what happened to input during a correction
    "correction.press_again": (("seat",), _O),
    "ballot.held": (("seat",), _O),
    "discard.held": (("seat",), _O),
    # whose move it is and what to do (after a correction, an undo, a refusal)
    "next.nominate": (("seat",), _O),
    "next.vote": (("waiting",), _O),
    "next.discard": (("seat",), _O),
    "next.enact": (("seat",), _O),
    "next.veto_reply": (("seat",), _O),
    "next.choose": (("seat", "power"), _O),
    "next.acknowledge": (("seat",), _O),
    # single-switch scanning (ACCESSIBILITY.md 13-17)
    "scan.start": ((), _O),
    "scan.item": (("seat",), _O),
    "veto.scan.start": ((), _O),
    "veto.scan.ja": ((), _O),
    "veto.scan.nein": ((), _O),
    # the chancellor's choice after five fascist laws (issue "Veto without holding")
    "veto.scan.choice": ((), _O),
    "veto.scan.enact": ((), _O),
    "veto.scan.propose": ((), _O),
    "veto.scan.confirm": ((), _O),
    "veto.scan.enact_chosen": ((), _O),
    # the story of a finished game (story.py): public, every secret is public then (R15)
    "story.elected": (("index", "president", "nominee", "ja", "nein"), _O),
    "story.failed": (("index", "president", "nominee", "ja", "nein"), _O),
    "story.drawn": (("laws", "party"), _O),
    "story.discarded": (("party",), _O),
    "story.received": (("laws", "party"), _O),
    "story.enacted": (("party",), _O),
    "story.veto": (("seat",), _O),
    "story.veto_accepted": (("seat",), _O),
    "story.veto_refused": (("seat",), _O),
    "story.chaos": (("party",), _O),
    "story.special_election": (("seat", "target"), _O),
    "story.investigated": (("seat", "target", "party"), _O),
    "story.peeked": (("seat", "laws"), _O),
    "story.viewed_discard": (("seat", "party"), _O),
    "story.executed": (("seat", "target", "role"), _O),
    "story.end": (("count",), _O),
    "story.none": ((), _O),
    # the questions of a setup from the seats (issue 14; games/secret_dictator/lobby.py)
    "setup.question.variant": ((), _O),
    "setup.variant.rulebook": ((), _O),
    "setup.variant.official": ((), _O),
    "setup.question.deck": ((), _O),
    "setup.deck.untracked": ((), _O),
    "setup.deck.tracked": ((), _O),
    # status on demand (ACCESSIBILITY.md 3), repeat
    "status.public": (("democratic_laws", "fascist_laws", "tracker"), _O),
    "status.government": (("president", "chancellor"), _O),
    "status.nominee": (("president", "nominee"), _O),
    "status.waiting": (("waiting",), _O),
    "status.private": (("seat", "role"), _P),
    # what a reader read, confirmed privately at the seat's earphone (issue 14)
    "tile.read.ballot": (("ballot",), _P),
    # a ballot tile laid again once it counted: the vote said again, privately (ACCESSIBILITY.md 26)
    "tile.read.ballot.again": (("ballot",), _P),
    "tile.read.law": (("party",), _P),
    "tile.read.role": (("role",), _P),
    # party chosen is the president's secret (R16), so its confirmation is private
    "discard.prompt": ((), _O),
    "discard.scan.start": ((), _O),
    "discard.scan.democratic": ((), _O),
    "discard.scan.fascist": ((), _O),
    "discard.scan.confirm": (("party",), _P),
    "discard.chosen": (("party",), _P),
    # the status in layers (STATUS_LAYERS in announce): now, government, tracks, players
    "status.now.you": (("task",), _O),
    "status.now.seat": (("task", "seat"), _O),    # status.now.you at the table (status_channel public)
    "status.now.waiting.president": (("seat",), _O),
    "status.now.waiting.chancellor": (("seat",), _O),
    "status.now.votes": (("count",), _O),
    "status.now.board": ((), _O),
    "status.now.over": ((), _O),
    "status.phase": (("phase",), _O),
    "status.president": (("president",), _O),
    "status.players": (("count", "executed", "ineligible"), _O),
    # the seat's own secrets of this round, again in its private status (ACCESSIBILITY.md 8)
    "recall.hand": (("laws",), _P),
    "recall.peek": (("laws",), _P),
    "recall.view_discard": (("party",), _P),
    "recall.investigate": (("target", "party"), _P),
    # game master and service
    "undo.action": (("action", "seat"), _O),
    # physical role tiles (BOARD.md "Roles")
    "roles.present_tile": (("seat",), _O),
    "roles.tile_read": (("seat",), _O),
    "roles.complete": ((), _O),
    # neutrally (never which ballot, law or role it is) and changes nothing
    "roles.not_a_role_tile": (("seat",), _O),
    "tile.ballot_at_discard_pile": ((), _O),
    "tile.law_at_ballot_box": ((), _O),
    "tile.role_not_asked": ((), _O),
    # the board's self-test and tag enrolment name this game's tiles (the pack's ``tile_text``)
    "selftest.ballot": (("seat", "ballot"), _O),
    "selftest.law": (("party",), _O),
    "selftest.law.numbered": (("party", "index"), _O),
    "selftest.role_tile": (("role",), _O),
    "selftest.role_tile.numbered": (("role", "index"), _O),
    "enrol.present_ballot": (("seat", "ballot"), _O),
    "enrol.present_law.democratic": (("index",), _O),
    "enrol.present_law.fascist": (("index",), _O),
    "enrol.present_role": (("role", "index"), _O),
    "enrol.duplicate.ballot": (("seat", "ballot"), _O),
    "enrol.duplicate.law.democratic": (("index",), _O),
    "enrol.duplicate.law.fascist": (("index",), _O),
    "enrol.duplicate.role": (("role", "index"), _O),
}

#: Term keys (no short/long): the words the formatter puts into templates.
TERMS: tuple[str, ...] = (
    "term.nobody", "term.and", "term.game_master", "term.seat", "term.seat.named", "term.seat.named_full",
    "term.seat.named_at", "term.seats",
    *(f"term.{t}.{v}" for t in ("party", "role", "reader", "ballot", "power", "action", "why")
      for v in ENUMS[t]),
    *(f"term.action.{v}.busy" for v in ENUMS["action"]),
    *(f"term.{t}.{v}" for t in ("task", "phase") for v in ENUMS[t]),
    *(f"term.party.{v}.team" for v in ENUMS["party"]),
    *(f"term.role.{v}.f" for v in ENUMS["role"]),
    *(f"term.track.{v}.{case}" for v in ENUMS["track"] for case in ("nom", "acc", "dat", "gen")),
)



def _parties_render(w: wording.Wording, v: Any, spec: str) -> str:
    return ", ".join(w.term(f"term.party.{p}" + (f".{spec}" if spec else "")) for p in v)


CATALOGUE = wording.Catalogue(
    LOCALE_DIR, MESSAGES, PARAM_TYPES, languages=LANGUAGES, enums=ENUMS, terms=TERMS, highest=99,
    renders={"parties": _parties_render},
    checks={"parties": lambda v: isinstance(v, (list, tuple)) and all(x in ENUMS["parties"] for x in v)},
    fallback=board_catalogue.CATALOGUE, domain=DOMAIN)
#: language -> loaded catalog (scripts/compile-catalogs clears it after compiling)
_catalogs = CATALOGUE.catalogs.loaded
_catalog = CATALOGUE.catalogs.get
_compile_in_memory = wording.compile_in_memory

keys, is_private, placeholders, template, term, fields, _schema, _check_params = CATALOGUE.functions()
seat_name = CATALOGUE.seat_name


def cardinal(n: int, language: str = "de", ending: str | None = None) -> str:
    """The cardinal number word for ``n`` (0..99; :func:`firmware_host.kernel.wording.cardinal`).

    Args:
        n: the number.
        language: ``"de"`` or ``"en"``.
        ending: German only: None gives the standalone form ("eins"); a string gives the
            article-like form for one ("ein" + ending: ``"e"`` → "eine", ``"em"`` →
            "einem"); other numbers do not inflect.

    Raises:
        MessageParamError: ``n`` is not an int in 0..99.
        UnknownLanguage: ``language`` is not ``"de"`` or ``"en"``.

    >>> cardinal(21), cardinal(1, ending="e"), cardinal(7, "en")
    ('einundzwanzig', 'eine', 'seven')
    """
    return CATALOGUE.cardinal(n, language, ending)


def ordinal(n: int, language: str = "de", ending: str = "e") -> str:
    """The ordinal number word for ``n`` (0..99; :func:`firmware_host.kernel.wording.ordinal`).

    Args:
        n: the number (1 → "erste" / "first").
        language: ``"de"`` or ``"en"``.
        ending: German only: the adjective ending after the stem ("dritt" + ``"en"`` →
            "dritten"; ``"es"`` → "drittes"), chosen by the template for case and gender.

    Raises:
        MessageParamError: ``n`` is not an int in 0..99.
        UnknownLanguage: ``language`` is not ``"de"`` or ``"en"``.

    >>> ordinal(3), ordinal(3, ending="en"), ordinal(20), ordinal(3, "en")
    ('dritte', 'dritten', 'zwanzigste', 'third')
    """
    if language not in LANGUAGES:
        raise UnknownLanguage(f"no catalog for language {language!r}; choose one of {', '.join(LANGUAGES)}")
    return wording.ordinal(n, language, ending)


def render_template(tmpl: str, params: Mapping[str, Any], language: str = "de",
                    names: Mapping[int, str] | None = None,
                    genders: Mapping[int, str] | None = None) -> str:
    """Fill a catalogue template (module docstring) with ``params``; NFC-normalised.

    ``genders``: ``{seat (0-based): "m" | "f"}`` (:data:`GENDERS`), for the gendered forms.

    Raises:
        MessageParamError: a field has no parameter, or a bad value or form.
    """
    return CATALOGUE.render(tmpl, params, language, names, genders)


def text(key: str, params: Mapping[str, Any] | None = None, language: str = "de",
         long: bool = False, names: Mapping[int, str] | None = None,
         genders: Mapping[int, str] | None = None) -> str:
    """The sentence to speak for message ``key`` (this game's, or the board's own).

    Args:
        key: a message key (:func:`keys`, or the board catalogue's), e.g. ``"election.passed"``.
        params: the message's parameters (:func:`placeholders`), plain JSON values; seats
            are 0-based, the text says them one-based. None means ``{}``.
        language: ``"de"`` (default) or ``"en"``.
        long: the long wording (first time at a table) instead of the short one (≤ 8 words).
        names: optional ``{seat: player name}`` (0-based seats) spoken instead of "Platz N".
        genders: optional ``{seat: "m" | "f"}``, each seat's grammatical gender (the seat
            setting ``gender``): "Präsidentin", "Kanzlerin", "Faschistin", "Demokratin".

    Returns:
        ``str``, Unicode NFC; a German text has no digits.

    Raises:
        UnknownMessage (a ``KeyError``): unknown ``key``.
        MessageParamError (a ``ValueError``): params missing, extra or of the wrong type.
        UnknownLanguage (a ``ValueError``): ``language`` has no catalog.
    """
    return CATALOGUE.text(key, params, language, long, names, genders)


def check_messages() -> list[str]:
    """Problems of the catalogs as one sentence each (``list[str]``, empty when sound).

    Checks that every key has all four wordings with exactly its parameters and that every
    term exists in every language (:meth:`firmware_host.kernel.wording.Catalogue.check`). Used
    by the tests and by ``scripts/compile-catalogs``.
    """
    return CATALOGUE.check()


def pronounce(text: str, language: str) -> str:
    """``text`` with :data:`PRONUNCIATIONS` applied for ``language``: what the speech engine
    is given (espeak-ng phoneme input), never what is logged or shown. Whole words only,
    the longest first (``str``; unchanged for a language without overrides;
    :func:`firmware_host.kernel.wording.pronounce`)."""
    return wording.pronounce(text, PRONUNCIATIONS.get(language, {}))

