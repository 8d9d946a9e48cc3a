"""The fixed facts of *In this way I become a DICTATOR* and its setup (DICTATOR.md D1-D3, D12).

Nothing in this game is dealt, so a :class:`Setup` is all a game needs: no seed, no chance.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from firmware_host.checks import quoted
from firmware_host.kernel.values import SetupError

__all__ = ["NAME", "ROLES", "DAYS", "VOTING_RIGHTS", "DROPS", "HAND_SIZES", "MIN_PLAYERS",
           "MAX_PLAYERS", "LANGUAGES", "SWITCHES", "Setup", "SetupError"]

NAME = "become_dictator"
#: D2: the seven roles, in the fixed order of a hand (also the order of every list said aloud).
ROLES = ("dictator", "jester", "noble", "revolutionary", "assassin", "commoner", "priest")
#: D4: the game lasts five days.
DAYS = 5
#: D3: voting rights at the start; D6: one is used every day.
VOTING_RIGHTS = 5
#: D12 (Q&A General A2): cards dropped on nights 1-4, "2-1-2-1"; no night after day 5.
DROPS = {1: 2, 2: 1, 3: 2, 4: 1}
#: D12: cards in a hand on the mornings of days 1-5.
HAND_SIZES = {1: 7, 2: 5, 3: 4, 4: 2, 5: 1}
#: D1: 4 to 10 players.
MIN_PLAYERS, MAX_PLAYERS = 4, 10
LANGUAGES = ("de", "en")
#: DICTATOR.md "Variants": switch -> default.
SWITCHES = {"reveal_night_4": False}
_SETUP_KEYS = ("game", "players", "language", "switches")


def _suggest(word: Any, choices: tuple[str, ...] | list[str]) -> str:
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _is_int(value: Any) -> bool:
    return type(value) is int


@dataclass(frozen=True)
class Setup:
    """A validated setup (DICTATOR.md "Replay: Setup").

    Attributes:
        players: the player count, 4..10 (D1); seats are 0..players-1.
        language: ``"de"`` (default) or ``"en"``: the language of the catalogue.
        reveal_night_4: the variant switch (D14): night 4's drops are revealed too.
    """

    players: int
    language: str = "de"
    reveal_night_4: bool = False

    @classmethod
    def from_json(cls, obj: Any) -> "Setup":
        """Validate a setup object; the ``game`` key is optional here (the registry has
        already chosen this game) but, when present, must be ``"become_dictator"``.

        Raises:
            SetupError: every problem at once (one line): not an object, an unknown key,
                ``players`` not an integer 4..10, ``language`` not ``de``/``en``,
                ``switches`` not an object, an unknown switch, a switch not a boolean.
        """
        if not isinstance(obj, dict):
            raise SetupError([f"the setup must be a JSON object, not {type(obj).__name__}"])
        problems: list[str] = []
        for key in obj:
            if key not in _SETUP_KEYS:
                problems.append(f"unknown setup key {quoted(key)}{_suggest(key, _SETUP_KEYS)}")
        if "game" in obj and obj["game"] != NAME:
            problems.append(f"game must be {quoted(NAME)} here, not {quoted(obj['game'])}")
        n = obj.get("players")
        if not _is_int(n) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            problems.append(f"players must be an integer from {MIN_PLAYERS} to {MAX_PLAYERS} "
                            f"(D1), not {quoted(n)}")
        language = obj.get("language", "de")
        if not isinstance(language, str) or language not in LANGUAGES:
            problems.append(f"language must be 'de' or 'en', not {quoted(language)}")
        switches = obj.get("switches", {})
        values = dict(SWITCHES)
        if not isinstance(switches, dict):
            problems.append("switches must be a JSON object")
        else:
            for key, value in switches.items():
                if key not in SWITCHES:
                    problems.append(f"unknown switch {quoted(key)}{_suggest(key, tuple(SWITCHES))}")
                elif type(value) is not bool:
                    problems.append(f"switch {quoted(key)} must be true or false, not {quoted(value)}")
                else:
                    values[key] = value
        if problems:
            raise SetupError(problems)
        return cls(players=n, language=language, reveal_night_4=values["reveal_night_4"])

    def to_json(self) -> dict:
        """The setup object of a replay file (``Setup.from_json(s.to_json()) == s``)."""
        return {"game": NAME, "players": self.players, "language": self.language,
                "switches": {"reveal_night_4": self.reveal_night_4}}
