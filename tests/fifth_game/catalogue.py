"""Token Duel's words (German and English); nothing of it is private."""

from __future__ import annotations

from typing import Any, Mapping

MESSAGES: dict[str, dict[str, str]] = {
    "duel.start": {"en": "Token Duel: the first to seven tokens wins.",
                   "de": "Münzduell: Wer zuerst sieben Münzen hat, gewinnt."},
    "duel.turn": {"en": "{seat}, your turn: press for one token, or lay your gold token for two.",
                  "de": "{seat}, du bist dran: drücken für eine Münze, oder die Goldmünze auflegen für zwei."},
    "duel.took": {"en": "{seat} takes {count}, and has {score}.",
                  "de": "{seat} nimmt {count} und hat {score}."},
    "duel.won": {"en": "{seat} wins with {score} tokens.", "de": "{seat} gewinnt mit {score} Münzen."},
    "duel.score": {"en": "{seat} has {score}.", "de": "{seat} hat {score}."},
    "duel.refused.not_your_turn": {"en": "Not your turn, {seat}.", "de": "Du bist nicht dran, {seat}."},
    "duel.refused.game_over": {"en": "The game is over.", "de": "Das Spiel ist vorbei."},
    "duel.refused.bad_count": {"en": "One or two tokens only.", "de": "Nur eine oder zwei Münzen."},
    "duel.refused.malformed": {"en": "That was not a move of Token Duel.", "de": "Das war kein Zug im Münzduell."},
    # the board's self-test names the tile a reader read (the pack's tile_words)
    "selftest.token": {"en": "Test: gold token of {seat}", "de": "Test: Goldmünze von {seat}"},
    # the tag enrolment asks for a seat's token and refuses a tag already standing for one
    "enrol.token": {"en": "Enrolment: present the gold token of {seat}",
                    "de": "Anmeldung: Goldmünze von {seat} auflegen"},
    "enrol.token.duplicate": {"en": "Enrolment: already the gold token of {seat}",
                              "de": "Anmeldung: schon die Goldmünze von {seat}"},
}
KEYS = frozenset(MESSAGES)
#: no espeak-ng overrides of its own
PRONUNCIATIONS: dict[str, dict[str, str]] = {}


def seat_name(seat: int, language: str, names: Mapping[int, str] | None = None) -> str:
    """"Seat 1" / "Platz 1", or the player's name."""
    name = (names or {}).get(seat)
    return name or (f"Seat {seat + 1}" if language == "en" else f"Platz {seat + 1}")


def text(key: str, params: Mapping[str, Any] | None, language: str, long: bool = False,
         names: Mapping[int, str] | None = None) -> str:
    """The sentence of ``key``. :raises KeyError: not this game's key; :raises ValueError:
    an unknown language."""
    template = MESSAGES[key]
    if language not in template:
        raise ValueError(f"no {language!r} words")
    params = dict(params or {})
    if "seat" in params:
        params["seat"] = seat_name(params["seat"], language, names)
    return template[language].format(**params)


def is_private(key: str) -> bool:
    """No message of this game carries a secret."""
    return False
