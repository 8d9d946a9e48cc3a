"""The wording rules of every catalogue, for every registered game and every language it offers
(issue 35; ACCESSIBILITY.md 5 and 6, WORDING-REVIEW.md): the board's own sentences and each
game pack's, in German, English and French.

- A short wording has at most eight words (a placeholder counts as one).
- A number before a noun is declined: German says "ein Opfer", "eine echte Nachricht", "einer
  von sechs", never "eins Opfer"; English "one vote", never "one votes"; French "une
  attaque", never "un attaque" or "un jetons". Each message is rendered with every number
  one and again with every number two: a word that follows "eins" / "one" / "un" where it
  also follows "zwei" / "two" / "deux" is a number that was not declined (German), a plural
  after one (English, French), or a feminine noun after "un" (French, the nouns the
  catalogue itself puts after "une" or "la").
- One word per thing across the board and all games (:data:`CONCEPTS`): "Taste", not
  "Knopf"; one name for the message area; the Autocracy rulebook's "Jeton", "Coup Bas",
  "Mentor", "réserve".

Each rule is shown to fail on the old wordings it was written against.
"""

from __future__ import annotations

import importlib
import re
from collections import defaultdict
from typing import Any, Iterator

import pytest
from babel.messages.pofile import read_po

from firmware_host.kernel import games
from firmware_host.kernel import wording
from firmware_host.service import board_catalogue
from firmware_host.service.names import spoken_seconds

#: the board's own catalogue and every registered game's
MODULES = [board_catalogue] + [importlib.import_module(f"firmware_host.games.{n}.catalogue") for n in games.names()]
CASES = [(m, language) for m in MODULES for language in m.LANGUAGES]


def name_of(module: Any) -> str:
    return "board" if module is board_catalogue else module.__name__.split(".")[2]


def case_id(case: tuple[Any, str]) -> str:
    return f"{name_of(case[0])}-{case[1]}"


def po_messages(module: Any, language: str) -> list[Any]:
    with open(module.LOCALE_DIR / language / "LC_MESSAGES" / "messages.po", "rb") as fh:
        return [m for m in read_po(fh) if m.id and m.string]


# -- short wordings ---------------------------------------------------------------------------

_FIELD = re.compile(r"\{[^{}]*\}")
SHORT_WORDS = 8


def too_long(messages: list[tuple[str, str]]) -> list[str]:
    """``key: text`` of every short wording over :data:`SHORT_WORDS` words (a placeholder is
    one word; a lone punctuation mark none)."""
    out = []
    for key, text in messages:
        words = [w for w in _FIELD.sub("X", text).split() if re.search(r"\w", w)]
        if len(words) > SHORT_WORDS:
            out.append(f"{key} ({len(words)} words): {text}")
    return out


#: short wordings allowed to be longer, with the reason: (catalogue, key) -> why
LONGER = {
    **{("dying_message", key): "DYING_MESSAGE.md M41 gives the narrator's script word for word"
       for key in ("night.falls", "night.soulmate", "night.dogs", "night.killers", "night.dead", "night.detective",
                   "night.mastermind", "night.fake", "night.soulmate.destined")},
    ("autocracy", "status.long"): "a status report: five values, each after its label",
}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_short_wordings_have_at_most_eight_words(case):
    """ACCESSIBILITY.md 5: the short form is brief (:data:`LONGER`: the few that say a
    spec's script word for word or a status report)."""
    module, language = case
    assert too_long([(m.id, m.string) for m in po_messages(module, language)
                     if m.context == "short" and (name_of(module), m.id) not in LONGER]) == []


def test_the_length_rule_fails_on_an_old_sixteen_word_short_wording():
    old = ("day.discussion", "Verhör: Diskutiert. Drück deinen Knopf für dein Menü: Nachrichtenfeld, "
           "Beweisauslage, die Toten, frühere Nachrichten, bereit zur Abstimmung.")
    assert too_long([old]) and not too_long([("day.discussion", "Diskussion: Taste drücken für das Menü.")])


# -- numbers before nouns ------------------------------------------------------------------------

#: the word of one and of two in each language (every form of one: German "eins" is the only
#: undeclined one; the declined ones are right)
ONE = {"de": ("eins",), "en": ("one",), "fr": ("un", "une")}
TWO = {"de": "zwei", "en": "two", "fr": "deux"}
#: a German word before "eins" that makes it a label, not a count ("Platz eins", "Runde eins")
LABELS = {"platz", "plätze", "runde", "karte", "nummer", "loch", "löcher", "feld", "tag", "nacht", "abstimmung",
          "position", "stufe", "durchgang", "pin", "tracker", "von", "bis", "und", "oder", "zu"}
#: the same in English and French ("round one begins", "la manche un commence")
LABELS_EN = {"round", "rounds", "seat", "seats", "card", "cards", "day", "night", "number", "hole", "holes", "slot", "rank", "pin",
             "vote", "place", "and", "to", "of", "from"}
LABELS_FR = {"manche", "siège", "sièges", "carte", "jour", "numéro", "tour", "position", "et", "à", "de", "sur"}
#: a German word after "eins" that is no noun ("eins und zwei", "eins bis sieben")
AFTER = {"und", "oder", "bis", "zu", "mal"}
#: counts that are never one (a table has at least three players, speech is at least 80 words
#: a minute, ACCESSIBILITY.md 1): said with their least value instead
NEVER_ONE = {"players": 3, "wpm": 80}


def _atoms(module: Any) -> list[Any]:
    """Values a catalogue's own parameter types are made of: its enums' values and the string
    constants of its module (domains, kinds, characters, roles)."""
    out: list[Any] = []
    owner = module.CATALOGUE
    for values in owner.enums.values():
        out += list(values)
    for value in vars(module).values():
        if isinstance(value, (tuple, list, frozenset, set)) and value and all(isinstance(v, str) for v in value):
            out += sorted(value)
        elif isinstance(value, dict) and value and all(isinstance(k, str) for k in value):
            out += sorted(value)
    for name in ("rules", "setup"):
        try:
            sub = importlib.import_module(f"{module.__name__.rpartition('.')[0]}.{name}")
        except ImportError:
            continue
        for attr in ("SYMBOLS", "KINDS", "DOMAINS", "CHARACTERS", "ROLES"):
            value = getattr(sub, attr, None)
            if isinstance(value, (tuple, list, dict, frozenset)):
                out += list(value)
    return list(dict.fromkeys(a for a in out if isinstance(a, str)))


def _candidates(atoms: list[Any], n: int) -> Iterator[Any]:
    yield n
    yield [n]
    yield [0, 3]
    yield {"0": 2}
    yield {"0": [2]}
    for a in atoms:
        yield a
        yield [a]
        yield {a: n}
        yield [(a, n)]
        yield [(n, a)]
        yield [{a: n}]
        yield [[a]]
        yield {"0": a}
    yield {"0": 2}
    yield "Anna"
    yield ["Anna"]


def sample(module: Any, key: str, n: int) -> dict[str, Any] | None:
    """Parameters for ``key`` with every number ``n`` (seats keep their own values) that the
    catalogue renders in every language, or None when no candidate values do."""
    import itertools

    owner = module.CATALOGUE
    want = owner.schema(key)[0]
    atoms = _atoms(module)
    choices: list[list[Any]] = []
    for name in want:
        kind = owner.param_types.get(name, "int")
        if kind == "seat":
            choices.append([2])
        elif kind == "seats":
            choices.append([[0, 3]])
        elif name in NEVER_ONE:
            choices.append([NEVER_ONE[name] + n - 1])
        else:
            check = owner.checks.get(kind, lambda v: kind in owner.enums and v in owner.enums[kind])
            fits = []
            for value in _candidates(atoms, n):
                try:
                    if check(value):
                        fits.append(value)
                except Exception:  # noqa: BLE001 - a candidate of the wrong shape
                    pass
                if len(fits) == 6:
                    break
            choices.append(fits)
    for values in itertools.product(*choices):
        params = dict(zip(want, values))
        if all(_render(module, key, params, language, long) is not None
               for language in module.LANGUAGES for long in (False, True)):
            return params
    return None


def _render(module: Any, key: str, params: dict, language: str, long: bool) -> str | None:
    try:
        return module.CATALOGUE.text(key, params, language, long=long, names={i: f"Name{i}" for i in range(10)})
    except (wording.MessageParamError, KeyError, TypeError, AttributeError, IndexError):
        return None


def _words(text: str) -> list[str]:
    """The words of ``text``, lower case, each punctuation mark a token of its own (a word
    after a colon or a comma does not follow the number)."""
    return re.findall(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*|[^\w\s]", text.lower())


def feminine_nouns(module: Any) -> set[str]:
    """French nouns the catalogue itself puts after "une" or "la" (and never after "un" or "le")."""
    texts = [m.string for m in po_messages(module, "fr")] if "fr" in module.LANGUAGES else []
    fem, masc = set(), set()
    for text in texts:
        words = _words(_FIELD.sub(" ", text))
        for a, b in zip(words, words[1:]):
            (fem if a in ("une", "la") else masc if a in ("un", "le") else set()).add(b)
    return fem - masc


def undeclined(one: str, two: str, language: str, feminine: set[str] = frozenset()) -> list[str]:
    """The words after a one in ``one`` (a text rendered with every number one) that show it
    was not declined, against ``two`` (the same text with every number two)."""
    a, b = _words(one), _words(two)
    out = []
    if len(a) != len(b):
        return out
    for i in range(len(a) - 1):
        if a[i] not in ONE[language] or b[i] != TWO[language]:
            continue
        nxt = a[i + 1]
        if not nxt[0].isalpha():
            continue
        if language == "de" and nxt == b[i + 1] and nxt not in AFTER and (i == 0 or a[i - 1] not in LABELS):
            out.append(f"eins {nxt}")
        elif language == "en" and nxt == b[i + 1] and nxt.endswith("s") and not nxt.endswith(("ss", "us", "is")) \
                and (i == 0 or a[i - 1] not in LABELS_EN):
            out.append(f"one {nxt}")
        elif language == "en" and nxt == "of" and a[i + 3:i + 4] in (["have"], ["are"], ["were"]) \
                and a[i + 3] == b[i + 3]:            # "one of six have decided"
            out.append(f"one of {a[i + 2]} {a[i + 3]}")
        elif language == "fr" and (i and a[i - 1] in LABELS_FR):
            continue
        elif language == "fr" and nxt == b[i + 1] and nxt.endswith(("s", "x")) and a[i + 1] not in ("sous", "dans"):
            out.append(f"{a[i]} {nxt}")
        elif language == "fr" and a[i] == "un" and nxt in feminine:
            out.append(f"un {nxt}")
    return out


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_number_before_a_noun_is_declined(case):
    """"Wählt eins Opfer", "eins echte Botschaft", "Eins von sechs", "One of six have decided"
    were said; each message is said with every number one and compared with the same message
    with every number two."""
    module, language = case
    feminine = feminine_nouns(module) if language == "fr" else set()
    problems, unsampled = [], []
    for key in module.keys():
        ones, twos = sample(module, key, 1), sample(module, key, 2)
        if ones is None or twos is None:
            unsampled.append(key)
            continue
        for long in (False, True):
            one, two = _render(module, key, ones, language, long), _render(module, key, twos, language, long)
            if one is None or two is None:
                unsampled.append(key)
                continue
            problems += [f"{key} ({'long' if long else 'short'}): {bad!r} in {one!r}"
                         for bad in undeclined(one, two, language, feminine)]
    assert problems == []
    assert sorted(set(unsampled)) == []


def test_the_number_rule_fails_on_the_old_german_and_on_a_plural_after_one():
    assert undeclined("Wählt eins Opfer.", "Wählt zwei Opfer.", "de") == ["eins Opfer".lower()]
    assert undeclined("Wählt eins echte Botschaft.", "Wählt zwei echte Botschaft.", "de") == ["eins echte"]
    assert undeclined("Eins von sechs haben entschieden", "Zwei von sechs haben entschieden", "de") == ["eins von"]
    assert undeclined("Platz eins schlägt vor", "Platz zwei schlägt vor", "de") == []
    assert undeclined("Wählt ein Opfer.", "Wählt zwei Opfer.", "de") == []
    assert undeclined("Votes: one votes", "Votes: two votes", "en") == ["one votes"]
    assert undeclined("One of six have decided.", "Two of six have decided.", "en") == ["one of six have"]
    assert undeclined("One of six has decided.", "Two of six have decided.", "en") == []
    assert undeclined("Tu gagnes un jetons", "Tu gagnes deux jetons", "fr") == ["un jetons"]
    assert undeclined("un attaque", "deux attaque", "fr", {"attaque"}) == ["un attaque"]


# -- one word per thing, across the board and every game -------------------------------------------

#: language -> thing -> word -> pattern (case-insensitive, on every text of the board's and
#: every game's catalogue, placeholders blanked). A thing may be named by one word only.
CONCEPTS: dict[str, dict[str, dict[str, str]]] = {
    "de": {
        "Taste": {"Taste": r"taste", "Knopf": r"knopf|knöpf", "Button": r"\bbutton"},
        "Ohrhörer": {"Ohrhörer": r"ohrhörer", "Kopfhörer": r"kopfhörer", "Ohrstöpsel": r"ohrstöpsel"},
        "Spielleiter": {"Spielleiter": r"spielleiter", "Spielleitung": r"spielleitung", "Moderator": r"moderator"},
        "Platz": {"Platz": r"\bpl(a|ä)tz", "Sitz": r"\bsitz(e|platz|plätze)?\b", "Stuhl": r"\bst(u|ü)hl"},
        "Nachrichtenfeld": {"Nachrichtenfeld": r"nachrichtenfeld", "Botschaftsfach": r"botschaftsf(a|ä)ch",
                            "Botschaftsfeld": r"botschaftsfeld", "Nachrichtenbereich": r"nachrichtenbereich"},
        "Nachricht (Dying Message)": {"Nachricht": r"nachricht(?!enfeld)", "Botschaft": r"botschaft"},
        "Beweisauslage": {"Beweisauslage": r"beweisauslage", "Auslage": r"(?<!beweis)\bauslage"},
        "Sonderaktion Präsident": {"Sonderpräsident": r"sonderpräsident", "Sonderwahl": r"sonderwahl"},
    },
    "en": {
        "button": {"button": r"\bbuttons?\b", "knob": r"\bknobs?\b"},
        "earphone": {"earphone": r"\bearphones?\b", "earpiece": r"\bearpieces?\b", "headphone": r"\bheadphones?\b"},
        "game master": {"game master": r"\bgame master\b", "moderator": r"\bmoderator", "referee": r"\breferee"},
    },
    "fr": {
        "Jeton": {"jeton": r"\bjetons?\b", "pion": r"\bpions?\b", "token": r"\btokens?\b"},
        "Coup Bas": {"Coup Bas": r"\bcoups? bas\b", "sale coup": r"\bsales? coups?\b", "coup tordu": r"\bcoups? tordus?\b"},
        "Mentor": {"Mentor": r"\bmentors?\b", "tuteur": r"\btuteurs?\b", "parrain": r"\bparrains?\b"},
        "réserve": {"réserve": r"\bréserve\b", "banque": r"\bbanque\b", "stock": r"\bstock\b", "pot": r"\bpot\b"},
        "touche du meneur": {"touche": r"\btouches? du meneur", "clé": r"\bclés? du meneur"},
        # the game master's key ("touche du meneur") is another thing than a seat's button
        "bouton": {"bouton": r"\bboutons?\b", "touche": r"\btouches?\b(?! du meneur)"},
        "écouteur": {"écouteur": r"\bécouteurs?\b", "oreillette": r"\boreillettes?\b", "casque": r"\bcasques?\b"},
        "siège": {"siège": r"\bsièges?\b", "place": r"\bplaces?\b"},
        "maître du jeu": {"maître du jeu": r"\bmaître du jeu\b", "meneur": r"\bmeneur", "animateur": r"\banimat"},
    },
}


def all_texts(language: str) -> list[tuple[str, str]]:
    """``(where, text)`` of every wording and term in ``language`` of the board and every game."""
    out = []
    for module in MODULES:
        if language not in module.LANGUAGES:
            continue
        for m in po_messages(module, language):
            out.append((f"{name_of(module)} {m.id}", _FIELD.sub("\u2022", m.string)))
    return out


def mixed(texts: list[tuple[str, str]], concepts: dict[str, dict[str, str]]) -> list[str]:
    """One line per thing named by more than one word: the words and where each occurs."""
    problems = []
    for thing, words in concepts.items():
        found: dict[str, list[str]] = defaultdict(list)
        for word, pattern in words.items():
            for where, text in texts:
                if re.search(pattern, text, re.IGNORECASE):
                    found[word].append(where)
        if len(found) > 1:
            problems.append(f"{thing}: " + "; ".join(f"{w!r} in {', '.join(k[:3])}" for w, k in sorted(found.items())))
    return problems


@pytest.mark.parametrize("language", sorted(CONCEPTS))
def test_one_word_per_thing_across_the_board_and_every_game(language):
    assert mixed(all_texts(language), CONCEPTS[language]) == []


def test_the_term_rule_fails_on_the_old_words():
    old = [("dying_message day.discussion", "Drück deinen Knopf"), ("board lobby", "Taste drücken"),
           ("dying_message messages.move", "ins Botschaftsfach legen"), ("dying_message tray", "ins Nachrichtenfeld"),
           ("dying_message night.look", "Echte Nachricht")]
    assert [p.split(":")[0] for p in mixed(old, CONCEPTS["de"])] == ["Taste", "Nachrichtenfeld", "Nachricht (Dying Message)"]
    assert [p.split(":")[0] for p in mixed([("a", "un pion"), ("b", "un jeton")], CONCEPTS["fr"])] == ["Jeton"]


# -- the status after game over ----------------------------------------------------------------
PRESS_WORD = {"de": r"drück", "en": r"\bpress", "fr": r"\bappuy"}


@pytest.mark.parametrize("module", MODULES[1:], ids=name_of)
def test_issue31_A29_A30_the_status_after_game_over_says_what_a_press_does(module):
    """ACCESSIBILITY.md 29, 30: the status answers first with what is open; after the game that
    is its story, one press away. In Dying Message, Autocracy and In this way I become a DICTATOR
    it said only "The game is over." (a seat holding for what to do next heard nothing to do);
    it is the status's first answer, so at most 3 s of speech."""
    if "status.now.over" not in module.keys():
        pytest.skip("no status after game over in this game")
    for language in module.LANGUAGES:
        for long in (False, True):
            text = _render(module, "status.now.over", {}, language, long)
            assert text is not None and re.search(PRESS_WORD[language], text.lower()), (language, long, text)
            assert spoken_seconds(text) <= 3.0, (language, long, text)      # a first answer (A29)
