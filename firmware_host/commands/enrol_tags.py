"""``firmware-host enrol-tags``: register a set of RFID tiles, guided by speech.

The command knows no game: what tiles there are comes from the registered games' packs
(the registry, each pack's ``tile_kinds``), and every sentence naming a tile from the game
that reads it (its pack's ``tile_words``); a game added to the registry is enrolled without a
change here. The board asks for every tile in turn ("Enrolment: present the Ja tile of seat
3"), the builder lays it on the reader (``--reader``, default the reader the first kind of
tile asked for goes to), the board answers "Enrolment: recognised" and asks for the next; a
tile already registered is refused aloud ("Enrolment: already enrolled as Nein tile of seat
2") and the question repeated. The tiles of a numbered set with descriptions (an ``item``
kind) are each followed by the tile's short description, typed at the terminal in
``--language`` (with ``--mock SCRIPT``: the ``description`` of the tile's ``tag`` signal)
and said back ("Enrolled: card 18: a red umbrella") so the builder hears how the table will.

Which tiles: ``--game NAME`` (repeatable; default the default game) asks for every kind of
tile that game reads except the optional ones (a kind a table may play without), in the
order its pack declares them; ``--kinds KIND[,KIND…]`` asks for exactly those kinds (any
registered game's; ``--help`` lists them). ``--seats N``: a seat's own tiles for seats
1..N (default: every seat of the config); ``--items N``: the first N tiles of a numbered
set (default: all of them). At the end the registry is written atomically to ``--output``
(default: the config's ``[tags] registry``, never the packaged demo registry; the old file
is kept as ``.bak``; with ``--mock`` only to an explicit ``--output``). Tiles of an existing
registry at the output that this run does not ask for (other kinds, seats beyond
``--seats``, items beyond ``--items``) are kept, with the descriptions in other languages,
and their tags count as enrolled. Ctrl-C stops without writing anything; a reader that is
not connected at start is spoken as a fault ("Fault: ballot box reader not found"), named
in one line on stderr, and the command exits 1 without writing.

Only the readers are opened, no GPIO, so tiles can be enrolled at a desk with a reader on a
laptop. ``--mock [SCRIPT]`` runs on the mocked board: SCRIPT is JSON Lines of
``{"signal": "tag", "tag": "0F00A1B2C3"}`` (a tile laid on the reader; ``"description"``
for a tile of a numbered set) or other board signals (``serial``, ``unplug``, …); without
SCRIPT the demo registry's tags are presented in order.
"""

from __future__ import annotations

import argparse
import queue
import re
import shutil
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterator

from firmware_host.commands.self_test import add_common_arguments, language_of, make_speaker, read_script
from firmware_host.errors import FirmwareHostError, UsageError

#: the longest description of a tile of a numbered set, in characters (one spoken line)
DESCRIPTION_CHARS = 120


def _registered() -> dict[str, tuple[Any, ...]]:
    """Every registered game that reads tiles -> its tile kinds, in registry order."""
    from firmware_host.kernel import games

    return {name: tuple(games.pack(name).tile_kinds) for name in games.names() if games.pack(name).tile_kinds}


def kinds_help() -> str:
    """``--kinds``'s help: every registered kind, with the games reading it."""
    from firmware_host.hardware.tags import registered_kinds

    games_of = {k.kind: [g for g, kinds in _registered().items() if any(x.kind == k.kind for x in kinds)]
                for k in registered_kinds()}
    listed = "; ".join(f"{k.kind} ({', '.join(games_of[k.kind])}{', optional' if k.optional else ''})"
                       for k in registered_kinds())
    return f"the kinds of tile to ask for, comma-separated: {listed}"


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments: see the module docstring."""
    from firmware_host.kernel import games

    add_common_arguments(parser)
    parser.add_argument("--output", metavar="FILE", help="registry to write (default: the config's tags registry)")
    parser.add_argument("--reader", default=None,
                        help="the reader to present the tiles to (default: the one the first kind asked for goes to)")
    parser.add_argument("--game", action="append", default=None, metavar="NAME", choices=tuple(_registered()),
                        help=f"ask for every tile this game reads but the optional ones (repeatable; "
                             f"default {games.DEFAULT_GAME}): {', '.join(_registered())}")
    parser.add_argument("--kinds", default=None, metavar="KIND[,KIND…]", help=kinds_help())
    parser.add_argument("--seats", type=int, default=None,
                        help="a seat's own tiles for seats 1..N only (default: every seat of the config)")
    parser.add_argument("--items", type=int, default=None, metavar="N",
                        help="the first N tiles of a numbered set with descriptions (default: all of them)")


def chosen_kinds(game_names: list[str] | None, kind_names: str | None) -> list[Any]:
    """The tile kinds a run asks for, in order (:class:`~firmware_host.hardware.tags.TileKind`):
    ``kind_names`` (comma-separated, in that order) if given, else every kind of the games
    ``game_names`` (default: the default game) that is not optional.

    :raises UsageError: an unknown kind or game, a game that reads no tiles, or both given.
    """
    from firmware_host.config import did_you_mean
    from firmware_host.hardware.tags import registered_kinds
    from firmware_host.kernel import games

    if kind_names is not None:
        if game_names:
            raise UsageError("give --game or --kinds, not both")
        known = {k.kind: k for k in registered_kinds()}
        asked = [name.strip() for name in kind_names.split(",") if name.strip()]
        unknown = [name for name in asked if name not in known]
        if unknown or not asked:
            hint = did_you_mean(unknown[0], known) if unknown else ""
            raise UsageError(f"--kinds: {', '.join(unknown) or 'no kind'} is no kind of tile{hint}; "
                             f"kinds: {', '.join(known)}")
        return [known[name] for name in dict.fromkeys(asked)]
    found: dict[str, Any] = {}
    for name in game_names or [games.DEFAULT_GAME]:
        kinds = _registered().get(name)
        if kinds is None:
            raise UsageError(f"--game: {name} reads no tiles; games with tiles: {', '.join(_registered())}")
        found.update({k.kind: k for k in kinds if not k.optional and k.kind not in found})
    return list(found.values())


def tiles_to_enrol(kinds: list[Any], seats: int, items: int | None = None) -> list[Any]:
    """The tiles of ``kinds`` in the order they are asked for
    (:class:`~firmware_host.hardware.tags.Tile`): each kind's own order
    (:meth:`~firmware_host.hardware.tags.TileKind.tiles`), a seat's tiles for ``seats``
    seats, the first ``items`` of a numbered set with descriptions (None: all)."""
    tiles: list[Any] = []
    for kind in kinds:
        made = kind.tiles(seats)
        tiles += made[:items] if kind.layout == "item" and items is not None else made
    return tiles


def words(purpose: str, tile: Any, language: str, descriptions: dict[int, str] | None = None) -> str:
    """The sentence of ``purpose`` naming ``tile``, in the words of the game that reads it:
    every registered pack whose ``tile_kinds`` declare its kind is asked (``GamePack.tile_words``
    with ``purpose``: ``present``, ``duplicate``, ``described``), in registry order.

    :raises UsageError: no game has words for it (a kind the enrolment cannot ask for).
    """
    from firmware_host.kernel import games

    for name in games.names():
        pack = games.pack(name)
        if pack.tile_words is None or not any(kind.kind == tile.kind for kind in pack.tile_kinds):
            continue
        said = pack.tile_words(tile.kind, tile.value, tile.seat, tile.tile, language,
                               descriptions=descriptions, purpose=purpose)
        if said is not None:
            return str(said)
    raise UsageError(f"no game has words to {purpose} a {tile.kind} tile in {language!r}; it cannot be enrolled")


def enrol(tiles: list[Any], tag_source: Iterator[str], speak: Callable[[str], None], language: str,
          kept: Any = None, describe: Callable[[Any, str], str] | None = None, kinds: Any = None) -> Any:
    """Ask for every tile, take tag ids from ``tag_source``; returns the new TagRegistry.

    :param kept: a :class:`~firmware_host.hardware.tags.TagRegistry` of tiles not asked for
        in this run (:func:`kept_tiles`): they are in the result unchanged, with every
        description it holds, and their tags count as enrolled.
    :param describe: ``describe(tile, tag) -> str``: the description of a tile of an ``item``
        kind in ``language`` (typed, or from the script); said back, and written beside the
        other languages' descriptions of the old registry.
    :param kinds: the tile kinds (default: the registered games'), to know the ``item`` ones.
    A tag already given to another tile (in this run or in ``kept``) is refused aloud and the
    question repeated.
    :raises StopIteration: when ``tag_source`` ends before every tile was presented.
    :raises UsageError: a tile no game has words for, or an item tile without ``describe``.
    """
    from firmware_host.hardware.tags import TagRegistry, registered_kinds
    from firmware_host.service.board_catalogue import text as board_text

    layout = {k.kind: k.layout for k in (kinds if kinds is not None else registered_kinds())}
    assigned: dict[str, Any] = dict(kept.items()) if kept is not None else {}
    descriptions = {n: dict(texts) for n, texts in (kept.descriptions.items() if kept is not None else [])}
    for tile in tiles:
        if layout.get(tile.kind) == "item":
            descriptions.setdefault(tile.tile, {}).pop(language, None)
        speak(words("present", tile, language))
        while True:
            tag = next(tag_source)
            if tag in assigned:
                speak(words("duplicate", assigned[tag], language))
                speak(words("present", tile, language))
                continue
            assigned[tag] = tile
            break
        if layout.get(tile.kind) != "item":
            speak(board_text("enrol.accepted", None, language))
            continue
        if describe is None:
            raise UsageError(f"a {tile.kind} tile needs its description; nothing written")
        text = " ".join(describe(tile, tag).split())
        descriptions[tile.tile][language] = text
        speak(words("described", tile, language, {tile.tile: text}))
    return TagRegistry(assigned, {n: texts for n, texts in descriptions.items() if texts})


def main(args: argparse.Namespace) -> int:
    """Run the enrolment; 0 when the registry was written, 1 without its reader, 2 on a usage
    problem."""
    from firmware_host.board_config import load_config
    from firmware_host.hardware.tags import MAX_SEATS, write_registry
    from firmware_host.resources import data_path
    from firmware_host.service.board_catalogue import text as board_text

    config = load_config(args.config)
    kinds = chosen_kinds(args.game, args.kinds)
    if args.reader is None:
        args.reader = kinds[0].reader
    if args.reader not in config.readers:
        raise UsageError(f"no reader {args.reader!r} in the config; readers: {', '.join(config.readers) or 'none'}")
    seats = config.seats if args.seats is None else args.seats
    if not 1 <= seats <= MAX_SEATS:
        raise UsageError(f"--seats must be 1–{MAX_SEATS}, not {seats}")
    for kind in kinds:
        if kind.layout == "item" and args.items is not None and not kind.fewest <= args.items <= kind.items:
            raise UsageError(f"--items must be {kind.fewest}–{kind.items} for the {kind.kind} tiles, not {args.items}")
    language = language_of(args, config)
    if args.mock is not None and not args.output:
        raise UsageError("--mock needs --output FILE: a rehearsal never overwrites the config's tag registry")
    output = Path(args.output) if args.output else Path(config.tags_path)
    if data_path() in output.resolve().parents:
        raise UsageError(f"{output} is the packaged demo registry, not this board's: copy the config to "
                         f"/etc/firmware-host (INSTALL.md) or give --output FILE; {NO_BOARD}")
    tiles = tiles_to_enrol(kinds, seats, args.items)
    kept = kept_tiles(output, tiles)
    typed = _typed_descriptions(args, tiles, kinds)
    describe = _describer(args, language, typed)
    speak, close_speech = make_speaker(config, language, args.print_only or args.mock is not None)
    try:
        with _tag_source(args, config, speak, language, tiles) as source:
            speak(board_text("enrol.start", {"count": len(tiles), "reader": args.reader}, language))
            try:
                registry = enrol(tiles, source, speak, language, kept, describe)
            except StopIteration:
                raise UsageError("the script ended before every tile was presented; nothing written") from None
        if output.exists():
            shutil.copy2(output, output.with_name(output.name + ".bak"))
        write_registry(registry, output, header=(
            "The tag registry: which EM4100 tag id (10 hex characters) is which tile.\n"
            f"Written by `firmware-host enrol-tags` on {time.strftime('%Y-%m-%d %H:%M')}.\n"
            "Seats and the items of a numbered set are counted from 0 here (seat 0 is seat 1 when spoken);\n"
            "the tiles of a group are numbered from 1. Sections: "
            + ", ".join(f"[{k.section}] ({k.noun})" for k in _all_kinds()) + "."))
        speak(board_text("enrol.done", {"count": len(registry) - len(kept)}, language))
        print(f"written: {output}" + (f" ({len(kept)} tiles kept from the old file)" if len(kept) else ""))
    except ReaderMissing as exc:
        print(f"firmware-host enrol-tags: {exc}; nothing written", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("stopped; nothing written")
        return 130
    finally:
        close_speech()
    return 0


def _all_kinds() -> tuple[Any, ...]:
    from firmware_host.hardware.tags import registered_kinds

    return registered_kinds()


def _typed_descriptions(args: argparse.Namespace, tiles: list[Any], kinds: list[Any]) -> dict[str, list[str]]:
    """``--mock``: tag id -> the descriptions its ``tag`` signals give, in script order (the
    demo's without SCRIPT). :raises UsageError: a description that is not one line of 1–120
    characters."""
    if args.mock is None:
        return {}
    if not args.mock:
        from firmware_host.hardware.tags import MAX_SEATS, demo_registry

        demo = demo_registry(MAX_SEATS, kinds, items=True)
        nouns = {k.kind: k.noun for k in kinds}
        return {demo.tag_of(t): [f"demo {nouns[t.kind]} {t.tile + 1}"]
                for t in tiles if any(k.kind == t.kind and k.layout == "item" for k in kinds)}
    typed: dict[str, list[str]] = {}
    for number, signal in enumerate(read_script(args.mock), 1):
        if signal.get("signal") != "tag" or "description" not in signal:
            continue
        text = signal.get("description")
        if not isinstance(text, str) or not text.strip() or len(text) > DESCRIPTION_CHARS:
            raise UsageError(f"signal {number}: a tag signal's \"description\" is one line of "
                             f"1–{DESCRIPTION_CHARS} characters")
        typed.setdefault(str(signal.get("tag", "")).upper(), []).append(text)
    return typed


def _describer(args: argparse.Namespace, language: str, typed: dict[str, list[str]]) -> Callable[[Any, str], str]:
    """``describe(tile, tag)``: a tile's description from the script (``--mock``) or typed at
    the terminal (asked again until it is one line of 1–120 characters).

    :raises UsageError: (when called) the script gives none for the tag, or the terminal ends."""
    def describe(tile: Any, tag: str) -> str:
        if args.mock is not None:
            given = typed.get(tag)
            if not given:
                raise UsageError(f"the script's tag signal of {tag} needs \"description\": the tile's "
                                 f"description, one line of 1–{DESCRIPTION_CHARS} characters; nothing written")
            return given.pop(0)
        while True:
            try:
                text = input(f"description of {tile.kind} {tile.tile + 1} ({language}): ")
            except EOFError:
                raise UsageError("no description typed; nothing written") from None
            text = " ".join(text.split())
            if text and len(text) <= DESCRIPTION_CHARS:
                return text
            print(f"one line of 1–{DESCRIPTION_CHARS} characters, please", flush=True)
    return describe


def kept_tiles(output: Path, tiles: list[Any]) -> Any:
    """The tiles of the registry already at ``output`` that this run does not ask for (other
    kinds, seats beyond ``--seats``, items beyond ``--items``), with every description it
    holds: they are written again unchanged. An unreadable old file keeps nothing and says so
    on stderr (it stays as ``.bak``).

    :returns: a :class:`~firmware_host.hardware.tags.TagRegistry` (empty when there is no file).
    """
    from firmware_host.hardware.tags import TagRegistry, TagRegistryError, load_registry

    if not output.exists():
        return TagRegistry()
    try:
        old = load_registry(output)
    except TagRegistryError as exc:
        print(f"firmware-host enrol-tags: keeping no tiles of the old registry: {exc}", file=sys.stderr)
        return TagRegistry()
    asked = set(tiles)
    return TagRegistry({tag: tile for tag, tile in old.items() if tile not in asked}, old.descriptions)


#: said after every reason the real readers cannot be used: what plays without a board
NO_BOARD = "without a board, firmware-host enrol-tags --mock --output FILE plays on the mocked board"


class ReaderMissing(FirmwareHostError):
    """The reader to enrol at is not connected at start (its fault has been spoken)."""


#: seconds to wait for a reader's first open (a serial port opens in milliseconds)
READER_OPEN_S = 5.0


class _tag_source:
    """Context manager yielding an iterator of tag ids presented at ``args.reader``;
    faults and reader changes on the way are spoken."""

    def __init__(self, args: argparse.Namespace, config: Any, speak: Callable[[str], None], language: str,
                 tiles: list[Any]) -> None:
        self.args, self.config, self.speak, self.language, self.tiles = args, config, speak, language, tiles
        self._close: Callable[[], None] = lambda: None

    def __enter__(self) -> Iterator[str]:
        from firmware_host.commands.self_test import describe
        from firmware_host.service.board_catalogue import text as board_text
        from firmware_host.hardware import events as ev

        reader = self.args.reader
        config = self.config.replace(readers={reader: self.config.readers[reader]})

        def tags_in(events: list[Any]) -> list[str]:
            found = []
            for event in events:
                if isinstance(event, ev.TagRead) and event.reader == reader:
                    found.append(event.tag)
                elif isinstance(event, (ev.Fault, ev.ReaderState)):
                    text = describe(event, self.language)
                    if text is not None:
                        self.speak(text)
            return found

        if self.args.mock is not None:
            from firmware_host.clock import VirtualClock
            from firmware_host.hardware.mock import MockBoard
            from firmware_host.hardware.tags import demo_registry, normalise_tag

            if self.args.mock:                      # an unusable script: no mocked board started
                script = read_script(self.args.mock)
            else:
                demo = demo_registry(items=True)
                script = [{"signal": "tag", "tag": demo.tag_of(t)} for t in self.tiles]
            mock = MockBoard(config, VirtualClock(), tags=None)
            self._close = mock.close

            def mock_source() -> Iterator[str]:
                for number, signal in enumerate(script, 1):
                    if signal.get("signal") == "tag":
                        tag = signal.get("tag")
                        try:
                            tag = normalise_tag(tag)
                        except ValueError:
                            raise UsageError(f"signal {number}: a tag signal needs \"tag\": 10 hex characters, "
                                             f"not {tag!r}") from None
                        events = mock.present_tag(reader, tag)
                    else:
                        events = mock.apply_signal(signal)
                        if events is None:
                            raise UsageError(f"signal {number}: {signal.get('signal')!r} is not a board signal")
                    yield from tags_in(events)

            return mock_source()

        from firmware_host.clock import RealClock, log_without_traceback
        from firmware_host.hardware.board import Board

        events: "queue.Queue[Any]" = queue.Queue()
        clock = RealClock(on_error=log_without_traceback)
        board = Board(config, None, clock, events.put, None, gpio=False)
        board.start()

        def close() -> None:
            board.close()
            clock.close()

        self._close = close
        device = board.readers[reader]
        device.wait_progress(lambda r: r.connections > 0 or bool(r.last_error), READER_OPEN_S)
        if not device.connected:
            self.speak(board_text("fault.reader_missing", {"reader": reader}, self.language))
            close()
            errno_text = re.search(r"\[Errno \d+\] ([^:]+)", device.last_error)
            why = errno_text.group(1) if errno_text else (device.last_error or "no answer")
            raise ReaderMissing(f"the {reader} reader is not connected ({config.readers[reader].port}: {why}); "
                                f"plug it in, or name another with --reader or --config; {NO_BOARD}")

        def real_source() -> Iterator[str]:
            while True:
                yield from tags_in([events.get()])

        return real_source()

    def __exit__(self, *exc: object) -> None:
        self._close()
