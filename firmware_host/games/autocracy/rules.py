"""Autocracy: the fixed terms and the setup data (AUTOCRACY.md A1-A5, "Setup data", "Replay/Setup").

:class:`Setup` is the validated form of the replay's ``setup`` object. :func:`deal` is the only
place where randomness enters a game: it fills in the Mentors and the Coup Bas pile left out of
the setup from ``random.Random(seed)``; :func:`roll` draws the faces of one roll. The engine
itself (:mod:`.engine`) never draws a random number: every chance input comes with the file.
"""

from __future__ import annotations

import difflib
import random
from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

from firmware_host.checks import quoted
from firmware_host.kernel.values import SetupError

__all__ = [
    "GAME", "DOMAINS", "KINDS", "SYMBOLS", "COUP_BAS", "ROWS", "ANSWERS", "ATTACK_DOMAINS",
    "DEFAULT_DIE", "DEFAULT_DICE", "DEFAULT_RESERVE", "DEFAULT_MENTORS", "DEFAULT_TRICKS",
    "DEFAULT_EXCHANGE", "DEFAULT_PRICE", "LANGUAGES", "MIN_PLAYERS", "MAX_PLAYERS",
    "SetupError", "Setup", "check_mentors", "deal", "roll", "holds_set", "is_int",
]

GAME = "autocracy"
#: The five domains, lowest first (AUTOCRACY.md "Terms"): the order of every list and speech.
DOMAINS: tuple[str, ...] = ("economie", "media", "justice", "armee", "politique")
#: The five Coup Bas kinds, in the fragment's order (A15).
KINDS: tuple[str, ...] = ("nationalisation", "revolte", "chantage", "espionnage", "corruption")
#: The dice's symbol for Coup Bas (A3, A8).
COUP_BAS = "coup_bas"
#: Every symbol a die face may show, in the order gains are listed.
SYMBOLS: tuple[str, ...] = DOMAINS + (COUP_BAS,)
#: A11: row (the higher domain) -> the domain just below it.
ROWS: dict[str, str] = {"media": "economie", "justice": "media", "armee": "justice",
                        "politique": "armee"}
#: A15: an attack's kind -> the kind that answers it (Corruption's redirect is answered by
#: a Corruption, A25). Corruption itself attacks nobody.
ANSWERS: dict[str, str] = {"nationalisation": "corruption", "revolte": "corruption",
                           "chantage": "chantage", "espionnage": "espionnage"}
#: A16-A19: an attack's kind -> the domains its ``domain`` may name (None: no domain).
ATTACK_DOMAINS: dict[str, tuple[str, ...] | None] = {
    "nationalisation": ("economie", "media"), "revolte": ("justice", "armee"),
    "chantage": DOMAINS, "espionnage": None}

#: "Setup data": one die of our default faces (not in the fragment), face 1 first.
DEFAULT_DIE: tuple[tuple[str, int], ...] = (
    ("economie", 1), ("economie", 2), ("economie", 3), ("economie", 4), ("media", 1),
    ("media", 2), ("media", 3), ("justice", 1), ("justice", 2), ("armee", 1),
    ("politique", 1), (COUP_BAS, 1))
#: Two dice with 12 faces (the publisher's description), both of the default faces.
DEFAULT_DICE: tuple[tuple[tuple[str, int], ...], ...] = (DEFAULT_DIE, DEFAULT_DIE)
#: The box's influence tokens before the Mentors are taken (our default).
DEFAULT_RESERVE: dict[str, int] = {"economie": 80, "media": 40, "justice": 30, "armee": 20,
                                   "politique": 12}
#: The six Mentor tokens (our default), each worth 24 Économie at the exchange values.
DEFAULT_MENTORS: tuple[dict[str, int], ...] = (
    {"economie": 6, "media": 1, "justice": 1}, {"economie": 12, "media": 2},
    {"media": 2, "justice": 1}, {"economie": 6, "media": 3}, {"justice": 2},
    {"economie": 12, "justice": 1})
#: The box's Coup Bas tokens (our default): 6 of each kind.
DEFAULT_TRICKS: dict[str, int] = {k: 6 for k in KINDS}
#: A11 (the publisher's description): higher domain -> how many of the one below make one.
DEFAULT_EXCHANGE: dict[str, int] = {"media": 6, "justice": 2, "armee": 3, "politique": 2}
#: A13 (the publisher's description): the price of one Coup Bas.
DEFAULT_PRICE: dict[str, int] = {"justice": 2}

LANGUAGES = ("de", "en", "fr")
MIN_PLAYERS, MAX_PLAYERS = 2, 6
_SETUP_KEYS = ("game", "players", "language", "first", "mentors", "trick_pile", "dice",
               "reserve", "exchange", "trick_price", "tricks", "seed")


def is_int(value: Any) -> bool:
    """True for a JSON integer: an ``int`` that is not a ``bool`` (REPLAY.md: ``true``,
    ``false`` and numbers with a fraction or exponent are not integers)."""
    return type(value) is int


def holds_set(tokens: Mapping[str, int]) -> bool:
    """A6: at least one token of each of the five domains."""
    return all(tokens.get(d, 0) >= 1 for d in DOMAINS)


def _did_you_mean(word: Any, choices: Sequence[str]) -> str:
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _counts(value: Any, name: str, keys: Sequence[str], *, all_keys: bool, minimum: int,
            non_empty: bool = False) -> dict[str, int]:
    """``value`` as an object of ``keys`` -> integers ≥ ``minimum`` (every key in ``keys``
    when ``all_keys``; missing ones 0 otherwise)."""
    if not isinstance(value, dict):
        raise SetupError(f"{name} must be an object of {', '.join(keys)} counts, not {quoted(value)}")
    for k, v in value.items():
        if k not in keys:
            raise SetupError(f"{name}: unknown key {quoted(k)}{_did_you_mean(k, keys)}; "
                             f"allowed: {', '.join(keys)}")
        if not is_int(v) or v < minimum:
            raise SetupError(f"{name}: {k} must be an integer ≥ {minimum}, not {quoted(v)}")
    if all_keys:
        missing = [k for k in keys if k not in value]
        if missing:
            raise SetupError(f"{name} must give every one of {', '.join(keys)}; "
                             f"missing {', '.join(missing)}")
    if non_empty and not value:
        raise SetupError(f"{name} must not be empty")
    return {k: value[k] for k in keys if k in value} if not all_keys else {k: value[k] for k in keys}


def _dice(value: Any) -> tuple[tuple[tuple[str, int], ...], ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= 4:
        raise SetupError(f"dice must be a list of 1 to 4 dice, not {quoted(value)}")
    out = []
    for i, die in enumerate(value):
        if not isinstance(die, list) or not 2 <= len(die) <= 20:
            raise SetupError(f"dice[{i}] must be a list of 2 to 20 faces")
        faces = []
        for j, face in enumerate(die):
            if (not isinstance(face, list) or len(face) != 2 or face[0] not in SYMBOLS
                    or not is_int(face[1]) or face[1] < 1):
                raise SetupError(f"dice[{i}][{j}] must be [symbol, value] with symbol one of "
                                 f"{', '.join(SYMBOLS)} and value an integer ≥ 1, not {quoted(face)}"
                                 f"{_did_you_mean(face[0] if isinstance(face, list) and face else None, SYMBOLS)}")
            faces.append((face[0], face[1]))
        out.append(tuple(faces))
    return tuple(out)


@dataclass(frozen=True)
class Setup:
    """A validated Autocracy setup (AUTOCRACY.md "Replay/Setup").

    Attributes:
        players: 2..6 (A1).
        language: ``"de"`` (default), ``"en"`` or ``"fr"``.
        first: the first seat (A2), 0-based.
        mentors: by seat, what its Mentor gives ({domain: count}, all five domains), or None
            until :func:`deal` draws them.
        trick_pile: the face-down pile, top first (kind ids), or None until :func:`deal`.
        dice: the dice, each a tuple of faces ``(symbol, value)``.
        reserve: the box's influence tokens before the Mentors are taken.
        exchange: A11's table: higher domain -> tokens of the one below that make one.
        trick_price: A13's price of one Coup Bas ({domain: count}).
        tricks: the box's Coup Bas tokens by kind.
        seed: an int, or None.
    """

    players: int
    language: str = "de"
    first: int = 0
    mentors: tuple[dict[str, int], ...] | None = None
    trick_pile: tuple[str, ...] | None = None
    dice: tuple[tuple[tuple[str, int], ...], ...] = DEFAULT_DICE
    reserve: Mapping[str, int] = None  # type: ignore[assignment]
    exchange: Mapping[str, int] = None  # type: ignore[assignment]
    trick_price: Mapping[str, int] = None  # type: ignore[assignment]
    tricks: Mapping[str, int] = None  # type: ignore[assignment]
    seed: int | None = None

    def __post_init__(self) -> None:
        for name, default in (("reserve", DEFAULT_RESERVE), ("exchange", DEFAULT_EXCHANGE),
                              ("trick_price", DEFAULT_PRICE), ("tricks", DEFAULT_TRICKS)):
            if getattr(self, name) is None:
                object.__setattr__(self, name, dict(default))
        if self.mentors is not None:
            object.__setattr__(self, "mentors", tuple(
                {d: int(m.get(d, 0)) for d in DOMAINS} for m in self.mentors))
        if self.trick_pile is not None:
            object.__setattr__(self, "trick_pile", tuple(self.trick_pile))

    @classmethod
    def from_json(cls, obj: Any) -> "Setup":
        """Validate a replay ``setup`` object (with or without ``"game": "autocracy"``).

        Raises:
            SetupError: the first problem found, in one line (AUTOCRACY.md "What makes the
                file unusable").
        """
        if not isinstance(obj, dict):
            raise SetupError(f"the setup must be an object, not {quoted(obj)}")
        for key in obj:
            if key not in _SETUP_KEYS:
                raise SetupError(f"unknown setup key {quoted(key)}{_did_you_mean(key, _SETUP_KEYS)}")
        if "game" in obj and obj["game"] != GAME:
            raise SetupError(f"game must be {quoted(GAME)}, not {quoted(obj['game'])}")
        n = obj.get("players")
        if not is_int(n) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise SetupError(f"players must be an integer {MIN_PLAYERS}..{MAX_PLAYERS} (A1), "
                             f"not {quoted(n)}")
        language = obj.get("language", "de")
        if language not in LANGUAGES:
            raise SetupError(f"language must be one of {', '.join(LANGUAGES)}, not "
                             f"{quoted(language)}{_did_you_mean(language, LANGUAGES)}")
        first = obj.get("first", 0)
        if not is_int(first) or not 0 <= first < n:
            raise SetupError(f"first must be a seat 0..{n - 1} (A2), not {quoted(first)}")
        seed = obj.get("seed")
        if seed is not None and not is_int(seed):
            raise SetupError(f"seed must be an integer, not {quoted(seed)}")
        dice = _dice(obj["dice"]) if "dice" in obj else DEFAULT_DICE
        reserve = (_counts(obj["reserve"], "reserve", DOMAINS, all_keys=True, minimum=0)
                   if "reserve" in obj else dict(DEFAULT_RESERVE))
        exchange = (_counts(obj["exchange"], "exchange", tuple(ROWS), all_keys=True, minimum=1)
                    if "exchange" in obj else dict(DEFAULT_EXCHANGE))
        price = (_counts(obj["trick_price"], "trick_price", DOMAINS, all_keys=False, minimum=1,
                         non_empty=True)
                 if "trick_price" in obj else dict(DEFAULT_PRICE))
        tricks = (_counts(obj["tricks"], "tricks", KINDS, all_keys=True, minimum=0)
                  if "tricks" in obj else dict(DEFAULT_TRICKS))
        if sum(tricks.values()) < n:
            raise SetupError(f"the box holds {sum(tricks.values())} Coup Bas, fewer than the "
                             f"{n} players (A5)")
        mentors = None
        if "mentors" in obj:
            value = obj["mentors"]
            if not isinstance(value, list) or len(value) != n:
                raise SetupError(f"mentors must be a list of {n} objects (one per seat), "
                                 f"not {quoted(value)}")
            mentors = tuple(_counts(m, f"mentors[{i}]", DOMAINS, all_keys=False, minimum=0)
                            for i, m in enumerate(value))
            check_mentors(mentors, reserve)
        elif seed is None:
            raise SetupError("mentors left out: a seed is required to draw them (A4)")
        pile = None
        if "trick_pile" in obj:
            value = obj["trick_pile"]
            if not isinstance(value, list) or any(k not in KINDS for k in value):
                bad = next((k for k in value if k not in KINDS), None) if isinstance(value, list) else None
                raise SetupError("trick_pile must be a list of Coup Bas kinds "
                                 f"({', '.join(KINDS)}), not {quoted(bad if bad is not None else value)}"
                                 f"{_did_you_mean(bad, KINDS)}")
            counts = {k: value.count(k) for k in KINDS}
            if counts != tricks:
                diff = ", ".join(f"{counts[k]} {k} instead of {tricks[k]}"
                                 for k in KINDS if counts[k] != tricks[k])
                raise SetupError(f"trick_pile must hold exactly the box's Coup Bas: {diff}")
            pile = tuple(value)
        elif seed is None:
            raise SetupError("trick_pile left out: a seed is required to shuffle it (A5)")
        return cls(players=n, language=language, first=first, mentors=mentors,
                   trick_pile=pile, dice=dice, reserve=reserve, exchange=exchange,
                   trick_price=price, tricks=tricks, seed=seed)

    @property
    def dealt(self) -> bool:
        """True once the Mentors and the pile are known."""
        return self.mentors is not None and self.trick_pile is not None

    def with_dealt(self, mentors: Sequence[Mapping[str, int]], pile: Sequence[str]) -> "Setup":
        """A copy with the Mentors and the pile given."""
        return replace(self, mentors=tuple(dict(m) for m in mentors), trick_pile=tuple(pile))

    def to_json(self) -> dict:
        """The setup as a replay ``setup`` object (with ``game``; the Mentors and pile if
        dealt): what the board journals, so the file holds every chance input."""
        out: dict[str, Any] = {"game": GAME, "players": self.players, "language": self.language,
                               "first": self.first}
        if self.mentors is not None:
            out["mentors"] = [{d: v for d, v in m.items() if v} for m in self.mentors]
        if self.trick_pile is not None:
            out["trick_pile"] = list(self.trick_pile)
        if self.dice != DEFAULT_DICE:
            out["dice"] = [[list(f) for f in die] for die in self.dice]
        for name, default in (("reserve", DEFAULT_RESERVE), ("exchange", DEFAULT_EXCHANGE),
                              ("trick_price", DEFAULT_PRICE), ("tricks", DEFAULT_TRICKS)):
            if dict(getattr(self, name)) != default:
                out[name] = dict(getattr(self, name))
        if self.seed is not None:
            out["seed"] = self.seed
        return out


def check_mentors(mentors: Sequence[Mapping[str, int]], reserve: Mapping[str, int]) -> None:
    """A4: the reserve must hold what the Mentors give.

    Raises:
        SetupError: a domain the Mentors give more of than the reserve holds.
    """
    for d in DOMAINS:
        need = sum(m.get(d, 0) for m in mentors)
        if need > reserve[d]:
            raise SetupError(f"the Mentors give {need} {d}, but the reserve holds only "
                             f"{reserve[d]} (A4)")


def deal(setup: Setup, rng: random.Random | None = None) -> tuple[tuple[dict, ...], tuple[str, ...]]:
    """The Mentors (by seat) and the Coup Bas pile (top first) of ``setup``: those it gives,
    the others drawn from ``rng`` (default ``random.Random(setup.seed)``): a different default
    Mentor token per seat (A4), the box's Coup Bas shuffled (A5).

    Raises:
        SetupError: something is left out and there is no seed (and no ``rng``).
    """
    if setup.dealt:
        return setup.mentors, setup.trick_pile  # type: ignore[return-value]
    if rng is None:
        if setup.seed is None:
            raise SetupError("mentors and trick_pile left out: a seed is required")
        rng = random.Random(setup.seed)
    mentors = setup.mentors
    if mentors is None:
        mentors = tuple(dict(m) for m in rng.sample(DEFAULT_MENTORS, setup.players))
    pile = setup.trick_pile
    if pile is None:
        box = [k for k in KINDS for _ in range(setup.tricks[k])]
        rng.shuffle(box)
        pile = tuple(box)
    check_mentors(mentors, setup.reserve)
    return tuple(mentors), tuple(pile)


def roll(setup: Setup, rng: random.Random) -> list[list]:
    """One roll of ``setup``'s dice from ``rng``: one face per die, each ``[symbol, value]``
    (A8's chance input; the replay's ``roll.dice``)."""
    return [list(rng.choice(die)) for die in setup.dice]
