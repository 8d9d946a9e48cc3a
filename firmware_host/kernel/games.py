"""The registry of game packs (issue 32: in the kernel, below the service): every game the
board can host, and what the layers may know of one without knowing any.

Each game is one package under ``firmware_host/games/`` (its pure rules, its catalogue, its
board adapter). The commands, the journal, the service, the table and the robots reach a game
only through this registry and the game's *pack*: one typed :class:`GamePack` record, ``PACK``
in the game's pack module ``firmware_host.games.<name>.pack``, registered in one line of
:data:`REGISTRY`. :func:`pack` returns it (the module is imported when first asked for, so a
game costs nothing on a board that never plays it).

Which game a setup plays is its ``game`` key (REPLAY.md "Setup"): absent means
``secret_dictator``; a name that is not registered makes the setup unusable
(:class:`UnknownGame`, a :class:`~firmware_host.errors.UsageError`: one line, exit status 2).

Example::

    from firmware_host.kernel import games
    name, setup = games.split_setup({"game": "become_dictator", "players": 5})
    out = games.pack(name).replay(setup, 1, actions)

Standard library only: the pack modules are named here as data and imported by name.
"""

from __future__ import annotations

import dataclasses
import difflib
import importlib
from types import ModuleType
from typing import Any, Callable, Mapping

from firmware_host.errors import UsageError

__all__ = ["lazy", "replay_of", "player_count_question", "no_setup_text", "CountLobby", "DEFAULT_GAME", "REGISTRY", "GamePack", "UnknownGame", "pronounce", "pronunciations",
           "config_defaults",
           "config_schema", "names", "pack", "game_name", "split_setup"]


@dataclasses.dataclass(frozen=True)
class GamePack:
    """What the board knows of one game (issue 22: a typed pack record, registered in one line).

    :param name: the registry name (the setup's ``game`` value, REPLAY.md).
    :param replay: ``replay(setup, line, actions) -> list[dict]``: the replay of one file
        (setup without ``game``; raises ``UsageError``).
    :param adapter: ``adapter(service) -> BoardAdapter``: the game's board adapter, or None
        (the game is replayed but not played on the board yet).
    :param lobby: ``lobby() -> module`` with the game's setup-from-the-seats questions
        (``title``, ``questions``, ``text``, ``setup``, ``check``; optional ``seeded``, default
        True: False where the setup takes no seed), or None (console only).
    :param words: ``words(key, params, language, long=, names=) -> str``: the game's own
        catalogue, or None.
    :param tile_kinds: the kinds of tile the game reads on the board, each a
        ``firmware_host.hardware.tags.TileKind`` (its tag registry section, its layout, its
        simulator signal); the board's tag registry, its tile signals and the refusal of a
        tile no game reads come from these. The adapter handles each by its ``kind``
        (``BoardAdapter.TILES``); a tile of another kind is refused neutrally.
    :param tracks: the rows of slots the game places tiles in on the board, each a
        ``firmware_host.hardware.parts.Track`` (its ``[slots]`` name and number of slots);
        the board config's checks and the simulator's ``slot`` signal take them from here.
    :param peg: the peg the game moves between holes on the board, a
        ``firmware_host.hardware.parts.Peg`` (its holes and its simulator signal), or None.
    :param earcons: the game's own earcons (ACCESSIBILITY.md 18): names of the WAV files it
        ships in the board's sounds folder beside the board's own
        (``firmware_host.audio.earcons.known_earcons``), or ``()``.
    :param config: the game's own ``board.toml`` section: ``{key: config.Field}``, checked by
        the same machinery as the rest of the file (all errors at once), or ``{}``.
    :param console_options: the game's setup fields on the console: a tuple of dicts
        (``name``, ``kind`` ``"int"``/``"choice"``/``"bool"``/``"seconds"``, ``label``,
        ``default``, ``choices`` or ``min``/``max``).
    :param check_script_setup: optional ``check(setup, *, board_roles)``: ``simulate``
        refuses a script's setup before anything runs (raises ``UsageError``).
    :param tile_words: optional ``(kind, value, seat, number, language, *, descriptions=None,
        purpose="test") -> str | None``: a sentence naming one of the game's tiles in the
        game's own words (``kind``, ``value``, ``seat`` (0-based or None) and ``number`` as
        the board's tile read has them; ``descriptions``: the item tiles' descriptions in
        ``language`` from the tag registry), for ``purpose``: ``"test"`` the self-test's as a
        reader read it (``"Test: Ja tile of seat 3"``), ``"present"`` the enrolment's request
        for it (``"Enrolment: present the Ja tile of seat 3"``), ``"duplicate"`` its refusal
        of a tag already standing for it, ``"described"`` (an ``item`` kind) its answer to a
        description just typed; None for a tile or purpose it has no words for. The self-test
        and ``enrol-tags`` ask every pack whose ``tile_kinds`` declare the kind, so they name
        no game (a kind no pack words is said naming only its reader; one the enrolment
        cannot ask for is refused).
    :param scripting: optional ``() -> module``: how a table plays the game from board
        signals (``sample_setup``, ``whole_game``, ``signals_for_game``, ``permuted``,
        ``REVEALS``; ``ready_signals(seat)`` where the game has a ready wait), for the
        table's conformance suite and the examples.
    :param console_picture: ``(view, secrets=None) -> dict``: what the game master's page
        draws of the game from its public view (its step, who must act, rows of drawn shapes,
        facts, a line per seat, the readers it reads; :mod:`firmware_host.games.console_page`);
        with ``secrets`` (the adapter's ``reveal(None)``) the hidden rows too, for the reveal.
    :param console_actions: the game's "help a seat" forms on the console, from its actions
        (``{"action", "label", "fields", "command"}``, :mod:`firmware_host.games.console_page`).
    :param console_refusals: the game's own words for a refusal on the console (issue 32: no
        game's words in the console): refusal code → ``{language: text}`` (no fields), e.g.
        ``{"setup_players": {"en": "a game needs 5 to 10 players", "de": …}}``; a code without
        them is worded by the console's own neutral words.
    """

    name: str
    replay: Callable[..., list]
    adapter: Callable[[Any], Any] | None = None
    lobby: Callable[[], Any] | None = None
    words: Callable[..., str] | None = None
    tile_kinds: tuple = ()
    tracks: tuple = ()
    peg: Any = None
    earcons: tuple = ()
    config: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    console_options: tuple = ()
    check_script_setup: Callable[..., None] | None = None
    tile_words: Callable[..., str | None] | None = None
    scripting: Callable[[], Any] | None = None
    console_picture: Callable[..., dict] | None = None
    console_actions: tuple = ()
    console_refusals: Mapping[str, Mapping[str, str]] = dataclasses.field(default_factory=dict)


def lazy(package: str, module: str, attr: str | None = None) -> Callable[..., Any]:
    """A pack's loader that imports ``package.module`` only when first called, so a game
    costs nothing on a board that never plays it.

    ``lazy(pkg, "lobby")`` → ``() -> the module`` (a pack's ``lobby``, ``scripting``);
    ``lazy(pkg, "board", "DyingMessageGame")`` → ``(*args) -> module.attr(*args)`` (a pack's
    ``adapter``). :raises ImportError: when called, the module cannot be imported.
    """
    if attr is None:
        def load_module() -> ModuleType:
            return importlib.import_module(f"{package}.{module}")
        load_module.__doc__ = f"The module ``{package}.{module}`` (imported when first asked for)."
        return load_module

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(f"{package}.{module}"), attr)(*args, **kwargs)
    call.__doc__ = f"``{package}.{module}.{attr}`` (imported when first called)."
    return call


def replay_of(package: str, name: str) -> Callable[..., list]:
    """A pack's ``replay(setup, line, actions) -> list[dict]`` from the game's
    ``package.replay.replay_objects(setup with game, line, actions)``: the registry hands a
    setup without its ``game`` key (REPLAY.md), the game's replay reads it with the key.

    :raises UsageError: (when called) the file is unusable, as the game's replay says.
    """
    def replay_lines(setup_obj: Any, line: int, actions: Any) -> list:
        if isinstance(setup_obj, dict):
            setup_obj = {"game": name, **setup_obj}
        return importlib.import_module(f"{package}.replay").replay_objects(setup_obj, line, actions)
    replay_lines.__doc__ = f"Replay a {name} game file; the output objects in order (raises UsageError)."
    return replay_lines


def player_count_question(low: int, high: int, seats: int | None = None) -> list[dict]:
    """A game's questions for the setup from the seats when it asks only the player count:
    ``low`` to ``high`` players, no more than the board's ``seats`` (None: every count)."""
    top = high if seats is None else min(high, seats)
    return [{"name": "players", "key": "lobby.question.players",
             "options": [{"value": n, "key": "lobby.option.players", "params": {"count": n}}
                         for n in range(low, top + 1)]}]


def no_setup_text(name: str) -> Callable[..., str]:
    """A lobby's ``text(key, params, language, long=False)`` for game ``name``, which has no
    words of its own in the setup (every key is the board's): it raises KeyError always."""
    def text(key: str, params: dict, language: str, long: bool = False) -> str:
        raise KeyError(f"{name} has no setup text {key!r}")
    text.__doc__ = f"{name} has no words of its own in the setup: raises KeyError always."
    return text


@dataclasses.dataclass(frozen=True)
class CountLobby:
    """The setup from the seats of a game that asks only its player count (issue 14): a pack's
    ``lobby()`` answer (``title``, ``questions``, ``text``, ``setup``, ``check``); the board's
    lobby asks the game and language first and the names and "start" last.

    :param name: the registry name (the game has no setup words of its own: :func:`no_setup_text`).
    :param titles: the game's spoken title by language (``en`` for any other).
    :param low: the fewest players; :param high: the most (no more than the board's seats).
    :param rules_check: ``rules_check(obj)``: the rules' check of a setup made from the
        answers, without ``names`` (raises ``SetupError``, every problem in one line).
    :param seeded: the game deals from a seed, so a board that seeds its games (``simulate
        --seed``) gives the setup its ``seed``; False for a game with no chance in it, whose
        setup takes no seed (:mod:`firmware_host.table.lobby` leaves it out).
    :param extra: keys every setup from the seats has besides the count and language (the
        board's own, e.g. how it deals); left out of the rules' check.
    :param last_first: the first seat is the last to announce itself (the answers'
        ``arrived``: the seats in the order they said "I am here"), as the setup's ``first``.
    """

    name: str
    titles: Mapping[str, str]
    low: int
    high: int
    rules_check: Callable[[dict], Any]
    seeded: bool = True
    extra: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    last_first: bool = False

    def title(self, language: str) -> str:
        """The game's spoken title in ``language``."""
        return self.titles.get(language, self.titles["en"])

    def questions(self, seats: int | None = None, settings: Any = None) -> list[dict]:
        """The player count (:func:`player_count_question`; ``settings`` changes nothing)."""
        return player_count_question(self.low, self.high, seats)

    def text(self, key: str, params: dict, language: str, long: bool = False) -> str:
        """No words of the game's own in the setup: raises KeyError always."""
        return no_setup_text(self.name)(key, params, language, long)

    def setup(self, answers: Mapping[str, Any]) -> dict:
        """The setup object of the answers (as the console sends it, without ``game``)."""
        out = {"players": answers["players"], "language": answers.get("language", "de"), **self.extra}
        arrived = [s for s in answers.get("arrived") or () if type(s) is int and 0 <= s < answers["players"]]
        if self.last_first and arrived:
            out["first"] = arrived[-1]
        return out

    def check(self, obj: Mapping[str, Any]) -> None:
        """Validate a setup made from the answers. :raises SetupError: the rules refuse it."""
        self.rules_check({k: v for k, v in obj.items() if k != "names" and k not in self.extra})


DEFAULT_GAME = "secret_dictator"
"""The game of a setup without a ``game`` key (REPLAY.md)."""

REGISTRY: dict[str, str] = {
    "secret_dictator": "firmware_host.games.secret_dictator.pack",
    "become_dictator": "firmware_host.games.become_dictator.pack",
    "dying_message": "firmware_host.games.dying_message.pack",
    "autocracy": "firmware_host.games.autocracy.pack",
}
"""Registry name → pack module (imported lazily by :func:`pack`)."""


class UnknownGame(UsageError):
    """A setup names a game that is not registered (or the name is not a string)."""


def names() -> tuple[str, ...]:
    """The registered game names, the default first, then alphabetically."""
    return (DEFAULT_GAME,) + tuple(sorted(n for n in REGISTRY if n != DEFAULT_GAME))


def game_name(name: Any) -> str:
    """``name`` checked against the registry.

    Raises:
        UnknownGame: ``name`` is not a registered game's name (one line, with the games
            that are, and a "did you mean" for a near miss).
    """
    if isinstance(name, str) and name in REGISTRY:
        return name
    hint = ""
    if isinstance(name, str):
        close = difflib.get_close_matches(name, list(REGISTRY), n=1)
        if close:
            hint = f" (did you mean {close[0]!r}?)"
    raise UnknownGame(f"game must be one of {', '.join(names())}, not {name!r}{hint}")


def split_setup(setup: Any) -> tuple[str, Any]:
    """The game a setup object plays, and the setup without its ``game`` key.

    A setup that is not a JSON object is passed on unchanged (with the default game), so the
    game's own setup check words that problem.

    Raises:
        UnknownGame: the ``game`` key names no registered game.
    """
    if not isinstance(setup, dict) or "game" not in setup:
        return DEFAULT_GAME, setup
    rest = {k: v for k, v in setup.items() if k != "game"}
    return game_name(setup["game"]), rest


_PACKS: dict[str, GamePack] = {}


def config_schema() -> dict[str, dict[str, Any]]:
    """Every registered game's own ``board.toml`` section: section name (the game's name)
    → ``{key: config.Field}``, for the games whose pack brings one (:attr:`GamePack.config`).
    Validated by the same machinery as the rest of the file, every problem at once
    (:func:`firmware_host.board_config.validate`)."""
    return {name: dict(pack(name).config) for name in names() if pack(name).config}


def config_defaults(name: str) -> dict[str, Any]:
    """The game's own section with every key at its default (``{}`` without a section)."""
    return {key: field.default for key, field in pack(name).config.items()}


def pack(name: str) -> GamePack:
    """The :class:`GamePack` of the registered game ``name`` (its pack module's ``PACK``,
    imported when first asked for).

    Raises:
        UnknownGame: ``name`` is not registered.
        TypeError: the pack module has no ``PACK`` record (a programming error).
    """
    name = game_name(name)
    if name not in _PACKS:
        module = importlib.import_module(REGISTRY[name])
        record = getattr(module, "PACK", None)
        if not isinstance(record, GamePack):
            raise TypeError(f"{REGISTRY[name]}.PACK must be a GamePack, not {type(record).__name__}")
        _PACKS[name] = record
    return _PACKS[name]


_PRONUNCIATIONS: dict[str, dict[str, str]] = {}


def pronunciations(language: str) -> dict[str, str]:
    """Every registered game's espeak-ng phoneme overrides for ``language``, merged: word as
    written → ``[[phonemes]]``, from each game's catalogue module
    (``firmware_host.games.<name>.catalogue``, its ``PRONUNCIATIONS``; a game without one adds
    nothing). The board says every game's title in its lobby, whichever game is set up, so
    one table serves them all."""
    if language not in _PRONUNCIATIONS:
        merged: dict[str, str] = {}
        for name in names():
            module = importlib.import_module(REGISTRY[name].rpartition(".")[0] + ".catalogue")
            merged.update(getattr(module, "PRONUNCIATIONS", {}).get(language, {}))
        _PRONUNCIATIONS[language] = merged
    return _PRONUNCIATIONS[language]


def pronounce(text: str, language: str) -> str:
    """``text`` as the speech engine is to say it in ``language``: every registered game's
    overrides applied (:func:`pronunciations`, :func:`firmware_host.kernel.wording.pronounce`),
    and the players' names' own (``"Siobhan [[S@v'O:n]]"``: "Siobhan" said by its phonemes
    only, :func:`firmware_host.kernel.wording.spoken_name`); what is logged or shown keeps the
    written words (``str``)."""
    from firmware_host.kernel import wording

    names = wording.name_pronunciations()
    return wording.pronounce(text, {**pronunciations(language), **names} if names else pronunciations(language))
