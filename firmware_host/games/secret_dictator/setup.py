"""Game setup: player count, variant, switches, roles and deck (R1, R2, R4, R5, R6).

:class:`Setup` is the validated form of REPLAY.md's ``setup`` object. :func:`deal` is the only
place where randomness enters a game: it fills in roles and deck left out of the setup from
``random.Random(seed)``; :func:`shuffle_order` makes the chance action of an R12 reshuffle.
The engine itself never draws a random number.
"""

from __future__ import annotations

import difflib
import random
from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from firmware_host.checks import quoted
from firmware_host.kernel.values import SetupError

__all__ = [
    "DEMOCRAT", "FASCIST", "DICTATOR", "ROLES", "DEMOCRATIC", "PARTIES", "POWERS",
    "ROLE_COUNTS", "POWER_TABLES", "VARIANT_SWITCHES", "SetupError", "Setup", "deal",
    "shuffle_order", "role_list", "law_list",
]

DEMOCRAT, FASCIST, DICTATOR = "democrat", "fascist", "dictator"
ROLES = (DEMOCRAT, FASCIST, DICTATOR)
DEMOCRATIC = "democratic"
PARTIES = (DEMOCRATIC, FASCIST)  # a law's party: "democratic" or "fascist"
POWERS = ("view_discard", "peek", "investigate", "special_election", "execution")

#: R2: player count -> (democrats, fascists); there is always exactly one dictator.
ROLE_COUNTS: dict[int, tuple[int, int]] = {
    5: (3, 1), 6: (4, 1), 7: (4, 2), 8: (5, 2), 9: (6, 2), 10: (6, 3),
}
#: R4: the 17 laws.
FASCIST_LAWS, DEMOCRATIC_LAWS = 11, 6

_R5 = {
    5: (None, None, "view_discard", "peek", "execution"),
    7: (None, "view_discard", "peek", "execution", "execution"),
    9: ("view_discard", "peek", "special_election", "execution", "execution"),
}
_OFFICIAL = {
    5: (None, None, "peek", "execution", "execution"),
    7: (None, "investigate", "special_election", "execution", "execution"),
    9: ("investigate", "investigate", "special_election", "execution", "execution"),
}
#: variant -> player count -> powers of fascist slots 1..5 (R5 and RULES.md's variant table).
POWER_TABLES: dict[str, dict[int, tuple[str | None, ...]]] = {
    "rulebook": {n: _R5[5 if n <= 6 else 7 if n <= 8 else 9] for n in ROLE_COUNTS},
    "official": {n: _OFFICIAL[5 if n <= 6 else 7 if n <= 8 else 9] for n in ROLE_COUNTS},
}
#: variant -> boolean switches (RULES.md "Variants").
VARIANT_SWITCHES: dict[str, dict[str, bool]] = {
    "rulebook": {"veto": False, "dictator_knows_team": False, "tracker_reset_on_election": True},
    "official": {"veto": True, "dictator_knows_team": True, "tracker_reset_on_election": False},
}
_SETUP_KEYS = ("players", "first_president", "variant", "language", "roles", "deck", "seed",
               "switches")
_SWITCH_KEYS = ("powers", "veto", "dictator_knows_team", "tracker_reset_on_election")
LANGUAGES = ("de", "en")


def role_list(players: int) -> list[str]:
    """The roles of an R2 game of ``players`` (5..10) seats, unshuffled: democrats first."""
    dem, fas = ROLE_COUNTS[players]
    return [DEMOCRAT] * dem + [FASCIST] * fas + [DICTATOR]


def law_list() -> list[str]:
    """The 17 laws of R4, unshuffled: 11 ``"fascist"`` then 6 ``"democratic"``."""
    return [FASCIST] * FASCIST_LAWS + [DEMOCRATIC] * DEMOCRATIC_LAWS


def _is_int(x: Any) -> bool:
    return type(x) is int


def _suggest(word: str, choices: Sequence[str]) -> str:
    close = difflib.get_close_matches(str(word), choices, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _investigations_have_targets(powers: Sequence[str | None], players: int) -> bool:
    """R13 "nobody twice": whether every investigation on the track is sure to find a living
    seat, other than the president, not yet investigated. The k-th investigation (1-based)
    after e executions has at least ``players - 1 - e - (k - 1)`` such seats, so it needs
    ``k + e <= players - 1``."""
    k = executions = 0
    for power in powers:
        if power == "investigate":
            k += 1
            if k + executions > players - 1:
                return False
        elif power == "execution":
            executions += 1
    return True


@dataclass(frozen=True)
class Setup:
    """A validated game setup (REPLAY.md ``setup``; R1, R2, R4, R5, R6 and the variant table).

    Attributes:
        players: number of seats, 5..10 (R1); seats are 0..players-1 clockwise.
        first_president: the seat of the first president (R6), default 0.
        variant: ``"rulebook"`` (default) or ``"official"``.
        language: ``"de"`` (default) or ``"en"``; the language of announcements.
        roles: role of each seat (tuple of ``"democrat"``/``"fascist"``/``"dictator"``), or
            None when it is to be dealt from ``seed``.
        deck: the 17 laws top first (tuple of ``"democratic"``/``"fascist"``),
            ``"untracked"`` for a physical deck whose order nobody knows, or None when it is
            to be dealt from ``seed``.
        seed: integer seed for :func:`deal` and automatic reshuffles, or None.
        powers: the powers of fascist slots 1..5 (each None or a name in :data:`POWERS`).
        veto, dictator_knows_team, tracker_reset_on_election: the variant switches.
        switches: the ``switches`` object exactly as given (for :meth:`to_json`).
    """

    players: int
    first_president: int = 0
    variant: str = "rulebook"
    language: str = "de"
    roles: tuple[str, ...] | None = None
    deck: tuple[str, ...] | str | None = None
    seed: int | None = None
    powers: tuple[str | None, ...] = ()
    veto: bool = False
    dictator_knows_team: bool = False
    tracker_reset_on_election: bool = True
    switches: dict = field(default_factory=dict)

    @classmethod
    def from_json(cls, obj: Any) -> "Setup":
        """Validate REPLAY.md's ``setup`` object (a dict) and return a :class:`Setup`.

        Raises:
            SetupError: listing every problem (player count, first president, variant,
                language, roles against R2, deck against R4, seed, unknown keys/switches).
        """
        if not isinstance(obj, dict):
            raise SetupError([f"the setup must be a JSON object, not {type(obj).__name__}"], "invalid setup: ")
        problems: list[str] = []
        for key in obj:
            if key not in _SETUP_KEYS:
                problems.append(f"unknown setup key {quoted(key)}{_suggest(key, _SETUP_KEYS)}")
        n = obj.get("players")
        if not _is_int(n) or n not in ROLE_COUNTS:
            problems.append(f"players must be an integer from 5 to 10 (R1), not {quoted(n)}")
            raise SetupError(problems, "invalid setup: ")
        first = obj.get("first_president", 0)
        if not _is_int(first) or not 0 <= first < n:
            problems.append(f"first_president must be a seat 0..{n - 1}, not {quoted(first)}")
        variant = obj.get("variant", "rulebook")
        if not isinstance(variant, str) or variant not in POWER_TABLES:
            problems.append(f"variant must be 'rulebook' or 'official', not {quoted(variant)}"
                            f"{_suggest(variant, tuple(POWER_TABLES))}")
            variant = "rulebook"
        language = obj.get("language", "de")
        if language not in LANGUAGES:
            problems.append(f"language must be 'de' or 'en', not {quoted(language)}")
        seed = obj.get("seed")
        if seed is not None and not _is_int(seed):
            problems.append(f"seed must be an integer, not {quoted(seed)}")
            seed = None
        roles = obj.get("roles")
        if roles is not None:
            if (not isinstance(roles, list) or len(roles) != n
                    or any(r not in ROLES for r in roles)):
                problems.append(f"roles must be a list of {n} roles (democrat, fascist, dictator)")
            elif sorted(roles) != sorted(role_list(n)):
                dem, fas = ROLE_COUNTS[n]
                problems.append(f"roles must be {dem} democrats, {fas} fascists and 1 dictator "
                                f"for {n} players (R2)")
            roles = tuple(roles) if isinstance(roles, list) else None
        deck = obj.get("deck")
        if deck is not None and deck != "untracked":
            if (not isinstance(deck, list) or len(deck) != 17
                    or any(p not in PARTIES for p in deck)):
                problems.append("deck must be 'untracked' or a list of 17 laws "
                                "('democratic'/'fascist'), top first")
            elif deck.count(FASCIST) != FASCIST_LAWS:
                problems.append("deck must hold 11 fascist and 6 democratic laws (R4)")
            deck = tuple(deck) if isinstance(deck, list) else None
        if (roles is None or deck is None) and seed is None and not any(
                "roles" in p or "deck" in p for p in problems):
            missing = " and ".join(k for k, v in (("roles", roles), ("deck", deck)) if v is None)
            problems.append(f"a seed is required to deal the {missing} left out of the setup")
        switches = obj.get("switches", {})
        values: dict[str, Any] = dict(VARIANT_SWITCHES[variant])
        powers: tuple[str | None, ...] = POWER_TABLES[variant][n]
        if not isinstance(switches, dict):
            problems.append("switches must be a JSON object")
            switches = {}
        for key, value in switches.items():
            if key not in _SWITCH_KEYS:
                problems.append(f"unknown switch {quoted(key)}{_suggest(key, _SWITCH_KEYS)}")
            elif key == "powers":
                if (not isinstance(value, list) or len(value) != 5
                        or any(v is not None and v not in POWERS for v in value)):
                    problems.append("switch powers must be a list of 5 entries, each null or "
                                    "one of " + ", ".join(POWERS))
                elif value.count("execution") > n - 3:
                    problems.append(f"switch powers: at most {n - 3} executions with {n} players")
                elif not _investigations_have_targets(value, n):
                    problems.append(f"switch powers: with {n} players an investigation could "
                                    f"find nobody left to investigate (R13: nobody twice); "
                                    f"use fewer investigations, or put them before executions")
                else:
                    powers = tuple(value)
            elif not isinstance(value, bool):
                problems.append(f"switch {key} must be true or false, not {quoted(value)}")
            else:
                values[key] = value
        if problems:
            raise SetupError(problems, "invalid setup: ")
        return cls(players=n, first_president=first, variant=variant, language=language,
                   roles=roles, deck=deck, seed=seed, powers=powers, switches=dict(switches),
                   **values)

    def to_json(self) -> dict:
        """The REPLAY.md ``setup`` object for this setup (round-trips through from_json)."""
        obj: dict[str, Any] = {"players": self.players, "first_president": self.first_president,
                               "variant": self.variant, "language": self.language}
        if self.roles is not None:
            obj["roles"] = list(self.roles)
        if self.deck is not None:
            obj["deck"] = self.deck if isinstance(self.deck, str) else list(self.deck)
        if self.seed is not None:
            obj["seed"] = self.seed
        if self.switches:
            obj["switches"] = dict(self.switches)
        return obj

    def with_dealt(self, roles: Sequence[str], deck: Sequence[str] | str) -> "Setup":
        """A copy with concrete ``roles`` (by seat) and ``deck`` (17 laws or "untracked")."""
        return replace(self, roles=tuple(roles),
                       deck=deck if isinstance(deck, str) else tuple(deck))

    @property
    def tracked(self) -> bool:
        """True when the deck order is known (a list of laws), False for ``"untracked"``."""
        return self.deck != "untracked"


def deal(setup: Setup, rng: random.Random | None = None
         ) -> tuple[tuple[str, ...], tuple[str, ...] | str]:
    """Return ``(roles, deck)``: the setup's own, or dealt at random where left out.

    Args:
        setup: a validated :class:`Setup`.
        rng: the random source; default ``random.Random(setup.seed)``. Pass your own to go on
            drawing automatic reshuffles (:func:`shuffle_order`) from the same stream.

    Returns:
        roles: tuple of roles by seat (R2); deck: tuple of 17 laws top first (R4), or
        ``"untracked"``.

    Raises:
        SetupError: roles or deck are missing and the setup has no seed.
    """
    if setup.roles is not None and setup.deck is not None:
        return tuple(setup.roles), setup.deck if isinstance(setup.deck, str) else tuple(setup.deck)
    if rng is None:
        if setup.seed is None:
            raise SetupError(["a seed is required to deal roles or deck"], "invalid setup: ")
        rng = random.Random(setup.seed)
    roles = setup.roles
    if roles is None:
        dealt = role_list(setup.players)
        rng.shuffle(dealt)
        roles = tuple(dealt)
    deck = setup.deck
    if deck is None:
        deck = tuple(shuffle_order(law_list(), rng))
    return tuple(roles), deck


def shuffle_order(laws: Sequence[str], rng: random.Random) -> list[str]:
    """A random order (top first) of ``laws`` (a multiset of parties): R12's chance action.

    Use with :attr:`Game.reshuffle_pool` to build ``Action("reshuffle", order=...)``.
    """
    order = sorted(laws)
    rng.shuffle(order)
    return order
