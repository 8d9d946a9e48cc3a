"""*In this way I become a DICTATOR*'s pack module (see :mod:`firmware_host.kernel.games`).

``replay_lines`` plays a file of DICTATOR.md "Replay" through the engine, with the spoken
``announce`` lines of the catalogue.
"""

from __future__ import annotations

from typing import Any, Iterable

from firmware_host.checks import quoted
from firmware_host.errors import UsageError
from firmware_host.kernel.games import lazy

__all__ = ["NAME", "PACK", "replay_lines", "board_game", "lobby", "card_names", "card_text", "tile_words"]

NAME = "become_dictator"


def replay_lines(setup_obj: Any, line: int, actions: Iterable[tuple[int, Any]]) -> list[dict]:
    """Replay a game file (DICTATOR.md "Replay"); return the output objects in order.

    :param setup_obj: the setup object without its ``game`` key.
    :param line: the setup's physical line number (for messages).
    :param actions: ``(line number, JSON value)`` of every later line that is not ignored.
    :raises UsageError: the file is unusable (DICTATOR.md "What makes the file unusable").
    """
    from . import announce
    from .engine import ACTION_KINDS, Action, Game, IllegalAction
    from .rules import Setup
    from .views import state_json

    try:
        setup = Setup.from_json(setup_obj)
    except UsageError as exc:
        raise UsageError(f"line {line}: {exc}") from None
    game = Game(setup)
    language = setup.language
    out: list[dict] = []

    def emit(action: Any, events: list) -> None:
        out.extend(e.to_json() for e in events)
        out.extend(a.to_json(language) for a in announce.announcements(action, events, game))

    emit(None, game.start())
    for number, obj in actions:
        if not isinstance(obj, dict) or "action" not in obj:
            raise UsageError(f"line {number}: not an action (expected {{\"action\": ...}})")
        name = obj["action"]
        if not isinstance(name, str) or name not in ACTION_KINDS:
            raise UsageError(f"line {number}: unknown action {quoted(name)}")
        action = Action.from_json(obj)
        try:
            events = game.apply(action)
        except IllegalAction as exc:
            out.append({"event": "rejected", "line": number, "action": name,
                        "reason": exc.reason, "message": exc.message})
            out.extend(a.to_json(language) for a in announce.refusal(exc, action, game))
            continue
        emit(action, events)
    out.append({"state": state_json(game)})
    return out


def board_game(service: Any) -> Any:
    """This game's board adapter for ``service`` (:class:`~firmware_host.table.BoardAdapter`)."""
    from .board import BecomeDictatorGame

    return BecomeDictatorGame(service)


#: the questions of a setup from the seats (:mod:`.lobby`)
lobby = lazy(__package__, "lobby")


def card_names() -> tuple[str, ...]:
    """The role cards each seat may enrol for the tray reader (D30, tag registry
    ``[cards.N]``): the seven roles in D2's order."""
    from .rules import ROLES

    return tuple(ROLES)


def card_text(key: str, params: Any, language: str = "de", *, long: bool = False) -> str:
    """A sentence about a seat's role card for the board's commands (``enrol.present_card``,
    ``enrol.duplicate.card``, ``selftest.card``; params ``seat``, ``role``).

    :raises KeyError: an unknown key; :raises ValueError: wrong params or language.
    """
    from . import catalogue

    return catalogue.text(key, params, language, long=long)


#: the catalogue's key naming a role card, by purpose (``GamePack.tile_words``)
_CARD_KEYS = {"test": "selftest.card", "present": "enrol.present_card", "duplicate": "enrol.duplicate.card"}


def tile_words(kind: str, value: str, seat: int | None, number: int, language: str, *,
               descriptions: Any = None, purpose: str = "test") -> str | None:
    """The sentence naming a seat's role card (the registry's ``GamePack.tile_words``, D30):
    as the self-test heard it at the tray reader (``purpose="test"``: "Test: Dictator card of
    seat 1"), as the enrolment asks for it (``"present"``: "Enrolment: the Priest card of seat
    3") or refuses a tag already standing for it (``"duplicate"``); None for another kind or
    purpose, or a card that is none of the roles."""
    key = _CARD_KEYS.get(purpose)
    if kind != "card" or key is None or seat is None or value not in card_names():
        return None
    return card_text(key, {"seat": seat, "role": value}, language)


#: the board-signal scripts the table's conformance suite plays the game by (:mod:`.scripting`)
scripting = lazy(__package__, "scripting")


def _words(key: str, params: Any, language: str = "de", *, long: bool = False, names: Any = None) -> str:
    from . import catalogue

    return catalogue.text(key, params, language, long=long, names=names)


def console_picture(view: dict, secrets: dict | None = None) -> dict:
    """What the game master's page draws of the game (:func:`.picture.picture`): the days,
    each seat's votes and voting rights; the hands only with ``secrets`` (the reveal)."""
    from .picture import picture
    return picture(view, secrets)


from firmware_host.config import Field  # noqa: E402 - the record needs the functions above
from firmware_host.kernel.games import GamePack  # noqa: E402
from firmware_host.hardware.tags import TileKind  # noqa: E402

from .rules import ROLES as _ROLES  # noqa: E402 - the role cards' names (D2)

from .picture import actions as _console_actions  # noqa: E402 - the help forms, with the picture


def _morning(value: Any) -> str | None:
    return None if value == 0 or 180 <= value <= 1800 else "must be 0 (no timer) or 180 to 1800 seconds"


#: this game's own ``board.toml`` section, ``[become_dictator]``
CONFIG = {
    "morning_seconds": Field(float, 0.0, min=0.0, max=1800.0, check=_morning,
                             doc="seconds of a morning's discussion (DICTATOR.md D32: 180 as printed, up "
                                 "to tenfold); 0 = no timer (ACCESSIBILITY.md 11): the morning ends when "
                                 "every seat has pressed \"ready\", or by the game-master key"),
}

#: each seat's own role cards (D30), laid face down on the tray reader at night; the board's
#: ``card`` signal lays one there (``{"signal": "card", "seat": 2, "card": "priest"}``)
CARD_TILES = TileKind("card", "cards", "seat", names=tuple(_ROLES), noun="card", signal="card", value_field="card",
                      reader="law", demo=("4C",))

#: this game's record in the registry (:class:`firmware_host.kernel.games.GamePack`)
PACK = GamePack(
    name=NAME, replay=replay_lines, adapter=board_game, lobby=lobby, words=_words,
    tile_kinds=(CARD_TILES,), config=CONFIG, tile_words=tile_words,
    scripting=scripting,
    console_picture=console_picture, console_actions=_console_actions(),
    console_options=(
        {"name": "players", "kind": "int", "label": {"de": "Spieler", "en": "Players", "fr": "Joueurs"}, "default": 6,
         "min": 4, "max": 10},
        {"name": "morning_seconds", "id": "morning", "kind": "seconds", "default": 0, "min": 0, "max": 1800,
         "label": {"de": "Diskussion am Morgen (Zeitgeber, mit Warnung eine Minute vor dem Ende)",
                   "en": "Morning discussion (timer, with a warning a minute before the end)",
                   "fr": "Discussion du matin (minuteur, avec un avertissement une minute avant la fin)"},
         "choices": [{"value": 180, "label": {"de": "3 Minuten (wie gedruckt)", "en": "3 minutes (as printed)",
                                                                                "fr": "3 minutes (comme imprimé)"}},
                     {"value": 300, "label": {"de": "5 Minuten", "en": "5 minutes", "fr": "5 minutes"}},
                     {"value": 600, "label": {"de": "10 Minuten", "en": "10 minutes", "fr": "10 minutes"}},
                     {"value": 1200, "label": {"de": "20 Minuten", "en": "20 minutes", "fr": "20 minutes"}},
                     {"value": 1800, "label": {"de": "30 Minuten", "en": "30 minutes", "fr": "30 minutes"}},
                     {"value": 0, "label": {"de": "Kein Zeitgeber (der Morgen endet, wenn alle bereit sind)",
                                            "en": "No timer (the morning ends when every seat is ready)",
                                            "fr": "Sans minuteur (le matin finit quand chaque place est prête)"}}]},
        {"name": "switches.reveal_night_4", "id": "reveal4", "kind": "bool", "default": False,
         "label": {"de": "Auch die Abwürfe der vierten Nacht aufdecken (Variante der Web-Übersicht)",
                   "en": "Reveal night 4's drops too (the web overview's variant)",
                   "fr": "Révéler aussi les défausses de la quatrième nuit (variante de l'aperçu web)"}},
    ),
)
