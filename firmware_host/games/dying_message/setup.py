"""Dying Message setup: characters, evidence deck and options (DYING_MESSAGE.md M1, M4-M8).

:class:`Setup` is the validated form of the replay's ``setup`` object (DYING_MESSAGE.md
"Replay/Input"). :func:`deal` is the only place where randomness enters a game: it fills in
the characters and the deck left out of the setup from ``random.Random(seed)``;
:func:`shuffle_order` and :func:`arrange_order` make the chance inputs ``shuffle`` (M37) and
``arrange`` (M27). The engine itself never draws a random number.
"""

from __future__ import annotations

import difflib
import random
from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from firmware_host.checks import quoted
from firmware_host.kernel.values import SetupError

__all__ = [
    "GAME", "CHARACTERS", "FACTION", "BOX", "EYES", "KILLERS", "INNOCENT", "GUILTY",
    "DEFAULT_CHARACTERS", "OPTIONS", "LANGUAGES", "FULL_DECK", "POOL_SIZE", "SetupError",
    "Setup", "deal", "shuffle_order", "arrange_order", "character_problem",
]

GAME = "dying_message"
INNOCENT, GUILTY = "innocent", "guilty"

#: M1: character id -> (faction, copies in the box, opens eyes in the Killing Phase).
_TABLE: dict[str, tuple[str, int, bool]] = {
    "citizen": (INNOCENT, 10, False),
    "private_detective": (INNOCENT, 1, True),
    "muay_thai": (INNOCENT, 2, False),
    "celebrity": (INNOCENT, 2, False),
    "aristocrat": (INNOCENT, 2, False),
    "refuse_collector": (INNOCENT, 2, False),
    "forensic_scientist": (INNOCENT, 2, False),
    "famous_dog": (INNOCENT, 2, True),
    "hostage": (INNOCENT, 2, False),
    "soulmate": (INNOCENT, 1, True),
    "killer": (GUILTY, 3, True),
    "professional_killer": (GUILTY, 2, True),
    "mass_murderer": (GUILTY, 2, True),
    "mastermind": (GUILTY, 1, True),
    "accomplice": (GUILTY, 2, False),
}
#: Character ids in M1's order.
CHARACTERS: tuple[str, ...] = tuple(_TABLE)
#: Character id -> faction (``"innocent"`` / ``"guilty"``), M1.
FACTION: dict[str, str] = {c: t[0] for c, t in _TABLE.items()}
#: Character id -> copies in the box (M1, M5 (b)).
BOX: dict[str, int] = {c: t[1] for c, t in _TABLE.items()}
#: Character id -> opens their eyes in the Killing Phase (M1).
EYES: dict[str, bool] = {c: t[2] for c, t in _TABLE.items()}
#: M2: the killers, and nobody else.
KILLERS = frozenset({"killer", "professional_killer", "mass_murderer"})

#: M5: our default characters per player count.
DEFAULT_CHARACTERS: dict[int, tuple[str, ...]] = {
    4: ("killer", "private_detective", "citizen", "citizen"),
    5: ("killer", "private_detective", "celebrity", "citizen", "citizen"),
    6: ("killer", "accomplice", "private_detective", "celebrity", "aristocrat", "citizen"),
    7: ("killer", "professional_killer", "private_detective", "celebrity", "aristocrat",
        "muay_thai", "citizen"),
    8: ("killer", "professional_killer", "mastermind", "private_detective", "celebrity",
        "aristocrat", "muay_thai", "forensic_scientist"),
    9: ("killer", "professional_killer", "mastermind", "private_detective", "celebrity",
        "aristocrat", "muay_thai", "refuse_collector", "forensic_scientist"),
    10: ("killer", "professional_killer", "mastermind", "accomplice", "private_detective",
         "celebrity", "aristocrat", "muay_thai", "refuse_collector", "forensic_scientist"),
}
#: The option table: name -> default (DYING_MESSAGE.md "Options").
OPTIONS: dict[str, bool] = {"skip_vote": True, "self_vote": True, "dog_may_pass": False}
LANGUAGES = ("de", "en")
#: M7: cards in the box, and the size of the evidence pool.
FULL_DECK, POOL_SIZE = 104, 9
MIN_DECK = 9
MIN_PLAYERS, MAX_PLAYERS = 4, 10
_SETUP_KEYS = ("game", "players", "language", "roles", "evidence", "deck", "seed", "options")


def _did_you_mean(word: Any, choices: Sequence[str]) -> str:
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def character_problem(roles: Sequence[Any]) -> str | None:
    """Why ``roles`` is not a valid character set (M5 (a)-(d)), or None when it is.

    (a) only the ids of M1, (b) no more copies than the box holds, (c) at least one killer,
    (d) fewer killers than innocents.
    """
    for r in roles:
        if not isinstance(r, str) or r not in FACTION:
            return f"unknown character {quoted(r)}{_did_you_mean(r, CHARACTERS)} (M1)"
    for c in CHARACTERS:
        count = sum(1 for r in roles if r == c)
        if count > BOX[c]:
            return f"{count} × {c}, but the box holds only {BOX[c]} (M5)"
    killers = sum(1 for r in roles if r in KILLERS)
    innocents = sum(1 for r in roles if FACTION[r] == INNOCENT)
    if killers == 0:
        return "the characters hold no killer (M5)"
    if killers >= innocents:
        return (f"{killers} killers against {innocents} innocents: the guilty faction would win "
                "before the game starts (M5)")
    return None


@dataclass(frozen=True)
class Setup:
    """A validated Dying Message setup.

    Attributes:
        players: 4..10 (M4).
        language: ``"de"`` (default) or ``"en"``.
        roles: the character of each seat (tuple of M1 ids), or None: dealt from ``seed``.
        evidence: the description of each card (card id = index), 9..104 strings; None: 104
            cards described by their numbers.
        deck: the draw pile, top first (a permutation of the card ids), or None: shuffled
            from ``seed``.
        seed: integer or None; required when ``roles`` or ``deck`` is left out.
        options: every option of :data:`OPTIONS` with its value.
    """

    players: int
    language: str = "de"
    roles: tuple[str, ...] | None = None
    evidence: tuple[str, ...] | None = None
    deck: tuple[int, ...] | None = None
    seed: int | None = None
    options: dict[str, bool] = field(default_factory=lambda: dict(OPTIONS))

    @property
    def cards(self) -> int:
        """The number of evidence cards in play (m of M7)."""
        return len(self.evidence) if self.evidence is not None else FULL_DECK

    def description(self, card: int) -> str | None:
        """The setup's description of ``card``, or None when the setup gives none."""
        if self.evidence is None:
            return None
        return self.evidence[card]

    @classmethod
    def from_json(cls, obj: Any) -> "Setup":
        """Validate a replay ``setup`` object (DYING_MESSAGE.md "Input").

        Raises:
            SetupError: any invalid field, an unknown key, or ``roles``/``deck`` left out
                without a ``seed``; the message names the field.
        """
        if not isinstance(obj, dict):
            raise SetupError("setup must be a JSON object")
        for key in obj:
            if key not in _SETUP_KEYS:
                raise SetupError(f"unknown setup key {quoted(key)}{_did_you_mean(key, _SETUP_KEYS)}")
        if obj.get("game") != GAME:
            raise SetupError(f"setup: game must be {quoted(GAME)}, not {quoted(obj.get('game'))}")
        players = obj.get("players")
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise SetupError(f"setup: players must be an integer {MIN_PLAYERS}..{MAX_PLAYERS}, "
                             f"not {quoted(players)} (M4)")
        language = obj.get("language", "de")
        if language not in LANGUAGES:
            raise SetupError(f"setup: language must be 'de' or 'en', not {quoted(language)}")
        seed = obj.get("seed")
        if seed is not None and type(seed) is not int:
            raise SetupError(f"setup: seed must be an integer, not {quoted(seed)}")
        roles = obj.get("roles")
        if roles is not None:
            if not isinstance(roles, list) or len(roles) != players:
                raise SetupError(f"setup: roles must be a list of {players} character ids")
            problem = character_problem(roles)
            if problem:
                raise SetupError(f"setup: roles: {problem}")
            roles = tuple(roles)
        evidence = obj.get("evidence")
        if evidence is not None:
            if (not isinstance(evidence, list) or not MIN_DECK <= len(evidence) <= FULL_DECK
                    or any(not isinstance(e, str) or not e.strip() for e in evidence)):
                raise SetupError(f"setup: evidence must be a list of {MIN_DECK}..{FULL_DECK} "
                                 "non-empty descriptions (M7)")
            evidence = tuple(evidence)
        cards = len(evidence) if evidence is not None else FULL_DECK
        deck = obj.get("deck")
        if deck is not None:
            if (not isinstance(deck, list) or any(type(c) is not int for c in deck)
                    or sorted(deck) != list(range(cards))):
                raise SetupError(f"setup: deck must be a permutation of the card ids "
                                 f"0..{cards - 1} (M7)")
            deck = tuple(deck)
        if seed is None and (roles is None or deck is None):
            raise SetupError("setup: a seed is required when roles or deck is left out")
        options = dict(OPTIONS)
        given = obj.get("options", {})
        if not isinstance(given, dict):
            raise SetupError("setup: options must be an object of switches")
        for name, value in given.items():
            if name not in OPTIONS:
                raise SetupError(f"setup: unknown option {quoted(name)}{_did_you_mean(name, OPTIONS)}")
            if type(value) is not bool:
                raise SetupError(f"setup: option {quoted(name)} must be true or false, not {quoted(value)}")
            options[name] = value
        return cls(players, language, roles, evidence, deck, seed, options)

    def with_dealt(self, roles: Sequence[str], deck: Sequence[int]) -> "Setup":
        """This setup with concrete characters and deck (from :func:`deal`)."""
        return replace(self, roles=tuple(roles), deck=tuple(deck))

    def to_json(self) -> dict:
        """The setup as a replay ``setup`` object (round-trips through :meth:`from_json`)."""
        obj: dict[str, Any] = {"game": GAME, "players": self.players, "language": self.language}
        if self.roles is not None:
            obj["roles"] = list(self.roles)
        if self.evidence is not None:
            obj["evidence"] = list(self.evidence)
        if self.deck is not None:
            obj["deck"] = list(self.deck)
        if self.seed is not None:
            obj["seed"] = self.seed
        obj["options"] = dict(self.options)
        return obj


def deal(setup: Setup, rng: random.Random | None = None) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The characters by seat and the deck (top first) of ``setup``.

    What the setup gives is kept; what it leaves out is drawn from ``rng`` (default
    ``random.Random(setup.seed)``): the characters of M5's default distribution, dealt at
    random one per seat, and a shuffled deck of ``setup.cards`` cards.

    Raises:
        SetupError: something is left out and there is neither ``rng`` nor a seed.
    """
    if setup.roles is not None and setup.deck is not None:
        return setup.roles, setup.deck
    if rng is None:
        if setup.seed is None:
            raise SetupError("setup: a seed is required when roles or deck is left out")
        rng = random.Random(setup.seed)
    roles = setup.roles
    if roles is None:
        dealt = list(DEFAULT_CHARACTERS[setup.players])
        rng.shuffle(dealt)
        roles = tuple(dealt)
    deck = setup.deck
    if deck is None:
        cards = list(range(setup.cards))
        rng.shuffle(cards)
        deck = tuple(cards)
    return roles, deck


def shuffle_order(discard_pile: Sequence[int], rng: random.Random) -> list[int]:
    """A chance ``shuffle``: the discard pile in random order (the new draw pile, top first, M37)."""
    order = list(discard_pile)
    rng.shuffle(order)
    return order


def arrange_order(message_area: Sequence[int], rng: random.Random) -> list[int]:
    """A chance ``arrange``: the message area in random reading order (M27)."""
    order = list(message_area)
    rng.shuffle(order)
    return order
