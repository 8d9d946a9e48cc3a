"""Secret Dictator's pack module: what the registry (:mod:`firmware_host.kernel.games`) offers of it.

``replay_lines`` plays one REPLAY.md file through the rules engine (RULES.md) exactly as the
board service would, with the spoken ``announce`` lines of the catalogue.
"""

from __future__ import annotations

import random
from typing import Any, Iterable

from firmware_host.checks import quoted
from firmware_host.errors import UsageError
from firmware_host.kernel.games import lazy

__all__ = ["NAME", "PACK", "board_game", "check_script_setup", "replay_lines", "tile_text", "tile_words"]

NAME = "secret_dictator"


def _announcements(action: Any, events: list, game: Any, language: str) -> list[dict]:
    """The ``announce`` lines of an accepted action's events."""
    from . import announce, catalogue

    return [{"event": "announce", "channel": a.channel, "key": a.key, "params": a.params,
             "text": catalogue.text(a.key, a.params, language)}
            for a in announce.announcements(action, events, game)]


def _refusal(error: Any, action: Any, language: str, game: Any) -> list[dict]:
    """The spoken refusal of a rejected action (key ``refusal.<reason>``)."""
    from . import announce, catalogue

    seat = getattr(action, "seat", None)
    if type(seat) is not int or not 0 <= seat < game.players:
        seat = None
    item = announce.refusal(error, seat, game)
    return [{"event": "announce", "channel": item.channel, "key": item.key,
             "params": item.params, "text": catalogue.text(item.key, item.params, language)}]


def _loose_action(obj: dict) -> Any:
    """An Action carrying whatever fields a refused line had (for the refusal's seat)."""
    from .actions import Action

    order = obj.get("order")
    return Action(obj.get("action"), obj.get("seat"), obj.get("target"), obj.get("ballot"),
                  obj.get("party"), obj.get("accept"),
                  tuple(order) if isinstance(order, list) else None)


def replay_lines(setup_obj: Any, line: int, actions: Iterable[tuple[int, Any]]) -> list[dict]:
    """Replay a Secret Dictator game file (REPLAY.md); return the output objects in order.

    :param setup_obj: the setup object without its ``game`` key.
    :param line: the setup's physical line number (for messages).
    :param actions: ``(line number, JSON value)`` of every later line that is not ignored.
    :raises UsageError: the file is unusable (REPLAY.md "What makes the file unusable").
    """
    from . import (ACTION_KINDS, Action, Game, IllegalAction, Setup, deal, shuffle_order,
                   state_json)
    from .actions import illegal

    try:
        setup = Setup.from_json(setup_obj)
    except UsageError as exc:
        raise UsageError(f"line {line}: {exc}") from None
    rng = random.Random(setup.seed) if setup.seed is not None else None
    roles, deck = deal(setup, rng)
    game = Game(setup.with_dealt(roles, deck))
    out: list[dict] = []

    def emit(action: Any, events: list) -> None:
        out.extend(e.to_json() for e in events)
        out.extend(_announcements(action, events, game, setup.language))

    def settle_reshuffle(number: int | None) -> None:
        if game.reshuffle_due is None:
            return
        if rng is None:
            where = f"line {number}" if number is not None else "the end of the file"
            raise UsageError(f"{where}: a reshuffle of {game.reshuffle_due} laws is due (R12), "
                             f"and without a seed the file must give it")
        action = Action("reshuffle", order=tuple(shuffle_order(game.reshuffle_pool, rng)))
        emit(action, game.apply(action))

    emit(None, game.start())
    for number, obj in actions:
        name = obj.get("action") if isinstance(obj, dict) else None
        if not isinstance(obj, dict) or "action" not in obj:
            raise UsageError(f"line {number}: not an action (expected {{\"action\": ...}})")
        if not isinstance(name, str) or name not in ACTION_KINDS:
            raise UsageError(f"line {number}: unknown action {quoted(name)}")
        if name != "reshuffle":
            settle_reshuffle(number)
        try:
            action = Action.from_json(obj)
            events = game.apply(action)
        except IllegalAction as exc:
            reason = "game_over" if game.phase == "game_over" else exc.reason
            message = str(exc) if reason == exc.reason else f"{name}: the game is over"
            out.append({"event": "rejected", "line": number, "action": name, "reason": reason,
                        "message": message})
            if reason != exc.reason:
                exc = illegal(reason, message)
            out.extend(_refusal(exc, _loose_action(obj), setup.language, game))
            continue
        emit(action, events)
    settle_reshuffle(None)
    out.append({"state": state_json(game)})
    return out


def board_game(service: Any) -> Any:
    """Secret Dictator's board adapter for ``service`` (:class:`~firmware_host.table.BoardAdapter`)."""
    from firmware_host.games.secret_dictator.board import SecretDictatorGame

    return SecretDictatorGame(service)


def check_script_setup(setup: dict, *, board_roles: str = "dealt") -> None:
    """Refuse a ``simulate`` script's setup (without its ``seed``) that REPLAY.md refuses before
    anything runs: where roles or the deck are left out they are dealt from ``seed``, which is
    required then.

    (The game master's setup on the interactive board or the console may leave the seed out:
    the board draws one and journals it.) Roles read from role tiles (``"roles": "tiles"``,
    ``role_source``, or ``board_roles="tiles"``) need no seed, nor does an untracked deck.

    :param setup: the setup object without ``game`` and without ``seed``.
    :param board_roles: the board's role source, ``[service] roles`` (``dealt`` or ``tiles``).
    :raises UsageError: one line: not an object, the first invalid field (as
        ``Setup.from_json`` says), else what would be dealt without a seed.
    """
    from .setup import Setup

    if not isinstance(setup, dict):
        raise UsageError("setup: the setup must be a JSON object")
    plain = {k: v for k, v in setup.items() if k not in ("names", "role_source")}
    if plain.get("roles") in ("dealt", "tiles"):
        plain.pop("roles")
    if plain.get("deck") == "tracked":
        plain.pop("deck")
    try:
        Setup.from_json({**plain, "seed": 0})
    except UsageError as exc:
        raise UsageError(f"setup: {exc}") from None
    roles = setup.get("roles")
    role_source = setup.get("role_source") or (roles if roles in ("dealt", "tiles") else None)
    roles_dealt = not isinstance(roles, list) and (role_source or board_roles) != "tiles"
    deck = setup.get("deck")
    deck_dealt = not isinstance(deck, list) and deck != "untracked"
    dealt = [what for what, missing in (("roles", roles_dealt), ("deck", deck_dealt)) if missing]
    if dealt:
        raise UsageError(f"setup: no 'seed', but the {' and '.join(dealt)} would be dealt at random "
                         "(REPLAY.md: a seed is required where roles or deck are left out)")


def tile_text(key: str, params: Any, language: str = "de", *, long: bool = False) -> str:
    """A sentence naming one of the game's tiles for the board's commands: the self-test
    (``selftest.ballot``, ``selftest.law.numbered``, ``selftest.role_tile.numbered`` …) and
    the tag enrolment (``enrol.present_ballot``, ``enrol.present_law.<party>``,
    ``enrol.duplicate.role`` …), in this game's catalogue.

    :raises UnknownMessage: an unknown key; :raises MessageParamError: wrong params.
    """
    from . import catalogue

    return catalogue.text(key, params, language, long=long)


#: the catalogue's key and parameters naming each of the game's tile kinds (value, seat,
#: number), by purpose: the self-test's (``test``), the enrolment's request (``present``) and
#: its refusal of a tile already enrolled (``duplicate``)
_TILE_KEYS: dict[tuple[str, str], Any] = {
    ("test", "ballot"): lambda value, seat, number: ("selftest.ballot", {"seat": seat, "ballot": value}),
    ("test", "law"): lambda value, seat, number: ("selftest.law.numbered", {"party": value, "index": number}),
    ("test", "role"): lambda value, seat, number: ("selftest.role_tile.numbered", {"role": value, "index": number}),
    ("present", "ballot"): lambda value, seat, number: ("enrol.present_ballot", {"seat": seat, "ballot": value}),
    ("present", "law"): lambda value, seat, number: (f"enrol.present_law.{value}", {"index": number}),
    ("present", "role"): lambda value, seat, number: ("enrol.present_role", {"role": value, "index": number}),
    ("duplicate", "ballot"): lambda value, seat, number: ("enrol.duplicate.ballot", {"seat": seat, "ballot": value}),
    ("duplicate", "law"): lambda value, seat, number: (f"enrol.duplicate.law.{value}", {"index": number}),
    ("duplicate", "role"): lambda value, seat, number: ("enrol.duplicate.role", {"role": value, "index": number}),
}


def tile_words(kind: str, value: str, seat: int | None, number: int, language: str, *,
               descriptions: Any = None, purpose: str = "test") -> str | None:
    """The sentence naming a tile of this game (the registry's ``GamePack.tile_words``): a
    seat's Ja or Nein tile, a law by party and number, a role tile by role and number, as the
    self-test heard it (``purpose="test"``: "Test: Ja tile of seat 3"), as the enrolment asks
    for it (``"present"``: "Enrolment: present the Ja tile of seat 3") or refuses a tag
    already standing for it (``"duplicate"``); None for another kind or purpose.

    :raises MessageParamError: a value the catalogue does not know (a party, a role)."""
    make = _TILE_KEYS.get((purpose, kind))
    if make is None:
        return None
    key, params = make(value, seat, number)
    return tile_text(key, params, language)


#: the questions of a setup from the seats (:mod:`.lobby`)
lobby = lazy(__package__, "lobby")


#: the board-signal scripts the table's conformance suite plays the game by (:mod:`.scripting`)
scripting = lazy(__package__, "scripting")


#: the game's setup fields on the console (the registry's ``GamePack.console_options``; the
#: console draws them knowing no game): each a dict with ``name`` (the setup key; a dotted key
#: is nested), ``kind`` (``int``, ``choice``, ``bool``, ``seconds``, ``seat``: one of the
#: players' seats), ``label`` and each choice's ``label`` in German and English, ``default``,
#: ``min``/``max`` or ``choices``; optionally ``id`` (the form's element), ``style`` ``radio``,
#: ``read`` (another key of the snapshot's setup that shows the value) and ``physical`` (the
#: only choice on a board that plays the physical deck, BOARD.md); ``players`` is the count
console_options: tuple = (
    {"name": "players", "kind": "int", "label": {"de": "Spieler", "en": "Players", "fr": "Joueurs"}, "default": 7,
     "min": 5, "max": 10},
    {"name": "first_president", "id": "first", "kind": "seat", "default": 0,
     "label": {"de": "Erster Präsident (der älteste Spieler)", "en": "First president (the oldest player)",
                                                               "fr": "Premier président (le joueur le plus âgé)"}},
    {"name": "variant", "kind": "choice", "default": "rulebook", "label": {"de": "Variante", "en": "Variant",
                                                                                             "fr": "Variante"},
     "choices": [{"value": "rulebook", "label": {"de": "Regelheft (diese Ausgabe)", "en": "Rulebook (this edition)",
                                                                                    "fr": "Livret de règles (cette édition)"}},
                 {"value": "official", "label": {"de": "Offizielles Grundspiel", "en": "Official base game",
                                                                                 "fr": "Jeu de base officiel"}}]},
    {"name": "deck", "kind": "choice", "style": "radio", "default": "tracked", "physical": "untracked",
     "label": {"de": "Gesetzesstapel", "en": "Law deck", "fr": "Pioche des lois"},
     "choices": [{"value": "tracked", "label": {"de": "Verfolgt (das Gesetz-Lesegerät kennt jedes Gesetz)",
                                                "en": "Tracked (law reader knows every law)",
                                                "fr": "Suivie (le lecteur des lois connaît chaque loi)"}},
                 {"value": "untracked", "label": {"de": "Nicht verfolgt (echter Stapel, das Brett zählt)",
                                                  "en": "Untracked (physical deck, board counts)",
                                                  "fr": "Non suivie (vraie pioche, le plateau compte)"}}]},
    {"name": "roles", "kind": "choice", "style": "radio", "default": "dealt", "read": "role_source",
     "label": {"de": "Rollen", "en": "Roles", "fr": "Rôles"},
     "choices": [{"value": "dealt", "label": {"de": "Vom Brett verteilt (privat angesagt)",
                                              "en": "Dealt by the board (spoken privately)",
                                              "fr": "Distribués par le plateau (annoncés en privé)"}},
                 {"value": "tiles", "label": {"de": "Rollenplättchen, an der Wahlurne vorgezeigt",
                                              "en": "Role tiles, presented at the ballot box",
                                              "fr": "Tuiles de rôle, présentées à l'urne"}}]},
)


def console_picture(view: dict, secrets: dict | None = None) -> dict:
    """What the game master's page draws of the game (:func:`.picture.picture`): the tracks
    with this player count's powers, the filled slots, the tracker's hole; the roles only
    with ``secrets`` (the reveal)."""
    from .picture import picture
    return picture(view, secrets)


from .picture import actions as _console_actions  # noqa: E402 - the help forms, with the picture
from firmware_host.hardware.tags import TileKind  # noqa: E402 - the tiles, declared with the pack

#: the tiles this game reads (BOARD.md "Each reader has its own tiles"): each seat's Ja and Nein
#: ballot tiles (R8) in the ballot box, the law tiles (R4: 6 democratic, 11 fascist) at the
#: discard tray, the optional role tiles (BOARD.md "Roles") at the ballot box (enrolled only when
#: named: ``enrol-tags --kinds ballot,law,role``). The signals are
#: SIMULATE.md's ``ballot`` and ``law_read`` (and the board's extra ``role``).
tile_kinds: tuple = (
    TileKind("ballot", "ballots", "seat", names=("ja", "nein"), noun="ballot tile", signal="ballot",
             value_field="ballot", reader="ballot", demo=("1B",)),
    TileKind("law", "laws", "numbered", names=("democratic", "fascist"), counts=(6, 11), group="party", noun="law",
             signal="law_read", aliases=("law",), value_field="party", reader="law", in_turn=True,
             demo=("2D", "2F")),
    TileKind("role", "roles", "numbered", names=("democrat", "fascist", "dictator"), counts=(6, 3, 1),
             group="role", noun="role tile", signal="role", aliases=("role_tile",), value_field="role", reader="ballot",
             demo=("3A", "3F", "3D"), optional=True),
)

from firmware_host.hardware.parts import Peg, Track  # noqa: E402 - the board's parts, declared with the pack

#: the board's parts this game plays on (BOARD.md "Reference build"): the law slots of its two
#: tracks (R11: 5 democratic, 6 fascist) and the election-tracker pin in holes 0-3 (R9), moved
#: by SIMULATE.md's ``tracker`` signal
tracks: tuple = (Track("democratic", 5), Track("fascist", 6))
peg = Peg(holes=4, signal="tracker")

#: the game's own earcons (one per kind of event, ACCESSIBILITY.md 18: :mod:`.announce`), shipped
#: in the board's sounds folder; the others it plays are the board's own
earcons: tuple = ("ballot", "election_passed", "election_failed", "law_democratic", "law_fascist", "power",
                  "nomination", "veto", "power_view_discard", "power_peek", "power_investigate",
                  "power_special_election", "power_execution")

#: the game's "help a seat" forms on the console (the registry's ``GamePack.console_actions``)
console_actions: tuple = _console_actions()

from firmware_host.kernel.games import GamePack  # noqa: E402 - the record needs the functions above

#: the game's own words for its refusals on the console (the console's are neutral, issue 32)
console_refusals = {
    "setup_players": {"en": "a game needs 5 to 10 players (R1)", "de": "Ein Spiel braucht 5 bis 10 Spieler (R1)",
                      "fr": "une partie demande 5 à 10 joueurs (R1)"},
    "setup_first_president": {"en": "the first president must be one of the seats",
                              "de": "Der erste Präsident muss einer der Plätze sein",
                              "fr": "le premier président doit être l'un des sièges"},
    "setup_deck_physical": {"en": "on a board the law deck is the physical one: choose untracked",
                            "de": "Am Brett gilt der echte Gesetzesstapel: nicht verfolgt wählen",
                            "fr": "sur un plateau, la pioche est la vraie : choisissez non suivie"},
    "illegal.not_alive": {"en": "that seat has been executed", "de": "Dieser Platz wurde hingerichtet",
                          "fr": "cette place a été exécutée"},
    "illegal.ineligible": {"en": "that seat is not eligible (term limit)",
                           "de": "Dieser Platz ist nicht wählbar (Amtszeitsperre)",
                           "fr": "cette place n'est pas éligible (limite de mandat)"},
}

#: this game's record in the registry (:class:`firmware_host.kernel.games.GamePack`)
PACK = GamePack(name=NAME, replay=replay_lines, adapter=board_game, lobby=lobby,
                check_script_setup=check_script_setup, scripting=scripting,
                console_options=console_options, console_picture=console_picture,
                console_actions=console_actions, console_refusals=console_refusals, tile_kinds=tile_kinds,
                tracks=tracks, peg=peg, earcons=earcons,
                tile_words=tile_words)
