"""``firmware-host enrol-tags``: register a set of RFID tiles, guided by speech.

The board asks for every tile in turn ("Enrolment: present the Ja tile of seat 3"), the
builder lays it on the reader (``--reader``, default the ballot reader), the board answers
"Enrolment: recognised" and asks for the next; a tile already registered in this run is
refused aloud ("Enrolment: already enrolled as Nein tile of seat 2") and the question is
repeated. Every sentence comes from the announcement catalogue (``enrol.*`` keys, short
wording, in ``--language``). Order: each seat's Ja and Nein tile, then the 6
democratic and 11 fascist law tiles (``--no-laws`` skips them), then with ``--roles`` the role
tiles (6 democrat, 3 fascist, 1 dictator), then with ``--cards`` each seat's seven role cards of
*In this way I become a DICTATOR* (DICTATOR.md D30: laid on the tray reader at night; the
registry's ``[cards.N]``, asked for in that game's catalogue). At the end the registry is written atomically to
``--output`` (default: the config's ``[tags] registry``, never the packaged demo registry;
the old file is kept as ``.bak``; with ``--mock`` only to an explicit ``--output``).
Tiles of an existing registry at the output that this run does not ask for (the role tiles
without ``--roles``, the law tiles with ``--no-laws``, seats beyond ``--seats``) are kept, and
their tags count as enrolled. Ctrl-C stops without writing anything; a reader that is not
connected at start is spoken as a fault ("Fault: ballot box reader not found"), named in one
line on stderr, and the command exits 1 without writing.

``--evidence N`` enrols *Dying Message*'s evidence tiles instead (DYING_MESSAGE.md M46): the
board asks for the tiles of cards 1..N in turn ("Enrolment: present the tile of card 18"),
then for each tile's short description, typed at the terminal (with ``--mock SCRIPT``: the
``description`` of the tile's ``tag`` signal) in ``--language``, and says it back ("Enrolled:
card 18: a red umbrella") so the builder hears how the table will. The registry's other
tiles, and the descriptions in the other language, are kept.

Only the readers are opened, no GPIO, so tiles can be enrolled at a desk with a reader on a
laptop. ``--mock [SCRIPT]`` runs on the mocked board: SCRIPT is JSON Lines of
``{"signal": "tag", "tag": "0F00A1B2C3"}`` (a tile laid on the reader) or other board signals
(``serial``, ``unplug``, …); without SCRIPT the demo registry's tags are presented in order.
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
from firmware_host.errors import FirmwareHostError


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments: see the module docstring."""
    add_common_arguments(parser)
    parser.add_argument("--output", metavar="FILE", help="registry to write (default: the config's tags registry)")
    parser.add_argument("--reader", default="ballot", help="the reader to present the tiles to (default ballot)")
    parser.add_argument("--seats", type=int, default=None,
                        help="ballot tiles for seats 1..N only (default: every seat of the config)")
    parser.add_argument("--no-laws", action="store_true", help="do not ask for the 17 law tiles")
    parser.add_argument("--roles", action="store_true", help="also ask for the role tiles")
    parser.add_argument("--evidence", type=int, default=None, metavar="N",
                        help="enrol the evidence tiles of cards 1..N (Dying Message, 9-104) with their "
                             "descriptions, keeping the registry's other tiles")
    parser.add_argument("--cards", action="store_true",
                        help="also ask for every seat's role cards of In this way I become a DICTATOR")


def card_names() -> tuple[str, ...]:
    """The role cards of In this way I become a DICTATOR, in D2's order (``[cards.N]``)."""
    from firmware_host.kernel.games import pack

    return tuple(pack("become_dictator").card_names())


def tiles_to_enrol(seats: int, laws: bool = True, roles: bool = False, cards: bool = False) -> list[Any]:
    """The tiles in the order they are asked for (:class:`~firmware_host.hardware.tags.Tile`);
    ``cards``: each seat's role cards of In this way I become a DICTATOR last (D30)."""
    from firmware_host.kernel.games import pack

    ballots, laws_kind, roles_kind = pack("secret_dictator").tile_kinds
    tiles = ballots.tiles(seats)
    if laws:
        tiles += laws_kind.tiles()
    if roles:
        tiles += roles_kind.tiles()
    if cards:
        tiles += pack("become_dictator").tile_kinds[0].tiles(seats)
    return tiles


def prompt(tile: Any, language: str) -> str:
    """The catalogue's request for ``tile`` (``enrol.present_*``: "Enrolment: present the Ja
    tile of seat 3"; a role card: "Enrolment: the Priest card of seat 3")."""
    from firmware_host.kernel.games import pack

    if tile.kind == "card":
        return pack("become_dictator").tile_text("enrol.present_card", {"seat": tile.seat, "role": tile.value},
                                                 language)
    say = pack("secret_dictator").tile_text
    if tile.kind == "ballot":
        return say("enrol.present_ballot", {"seat": tile.seat, "ballot": tile.value}, language)
    if tile.kind == "law":
        return say(f"enrol.present_law.{tile.value}", {"index": tile.tile}, language)
    return say("enrol.present_role", {"role": tile.value, "index": tile.tile}, language)


def duplicate(tile: Any, language: str) -> str:
    """The catalogue's refusal of a tag already given to ``tile`` (``enrol.duplicate.*``:
    "Enrolment: already enrolled as Nein tile of seat 2")."""
    from firmware_host.kernel.games import pack

    if tile.kind == "card":
        return pack("become_dictator").tile_text("enrol.duplicate.card", {"seat": tile.seat, "role": tile.value},
                                                 language)
    say = pack("secret_dictator").tile_text
    if tile.kind == "ballot":
        return say("enrol.duplicate.ballot", {"seat": tile.seat, "ballot": tile.value}, language)
    if tile.kind == "law":
        return say(f"enrol.duplicate.law.{tile.value}", {"index": tile.tile}, language)
    return say("enrol.duplicate.role", {"role": tile.value, "index": tile.tile}, language)


def enrol(tiles: list[Any], tag_source: Iterator[str], speak: Callable[[str], None], language: str,
          kept: Any = None) -> Any:
    """Ask for every tile, take tag ids from ``tag_source``; returns the new TagRegistry.

    :param kept: a :class:`~firmware_host.hardware.tags.TagRegistry` of tiles not asked for
        in this run (the existing registry's role tiles without ``--roles``, …): they are in
        the result unchanged, and their tags count as enrolled.
    A tag already given to another tile (in this run or in ``kept``) is refused aloud and the
    question repeated.
    :raises StopIteration: when ``tag_source`` ends before every tile was presented.
    """
    from firmware_host.service.board_catalogue import text as board_text
    from firmware_host.hardware.tags import TagRegistry

    assigned: dict[str, Any] = dict(kept.items()) if kept is not None else {}
    for tile in tiles:
        speak(prompt(tile, language))
        while True:
            tag = next(tag_source)
            if tag in assigned:
                speak(duplicate(assigned[tag], language))
                speak(prompt(tile, language))
                continue
            assigned[tag] = tile
            speak(board_text("enrol.accepted", None, language))
            break
    return TagRegistry(assigned)


def main(args: argparse.Namespace) -> int:
    """Run the enrolment; 0 when the registry was written, 2 on a usage problem."""
    from firmware_host.board_config import load_config
    from firmware_host.errors import UsageError
    from firmware_host.service.board_catalogue import text as board_text
    from firmware_host.hardware.tags import write_registry

    config = load_config(args.config)
    if args.reader not in config.readers:
        raise UsageError(f"no reader {args.reader!r} in the config; readers: {', '.join(config.readers) or 'none'}")
    if getattr(args, "evidence", None) is not None:
        try:
            return evidence_main(args, config)
        except ReaderMissing as exc:
            print(f"firmware-host enrol-tags: {exc}; nothing written", file=sys.stderr)
            return 1
    seats = config.seats if args.seats is None else args.seats
    if not 1 <= seats <= 10:
        raise UsageError(f"--seats must be 1–10, not {seats}")
    language = language_of(args, config)
    if args.mock is not None and not args.output:
        raise UsageError("--mock needs --output FILE: a rehearsal never overwrites the config's tag registry")
    output = Path(args.output) if args.output else Path(config.tags_path)
    from firmware_host.resources import data_path
    if data_path() in output.resolve().parents:
        raise UsageError(f"{output} is the packaged demo registry, not this board's: copy the config to "
                         f"/etc/firmware-host (INSTALL.md) or give --output FILE; {NO_BOARD}")
    tiles = tiles_to_enrol(seats, laws=not args.no_laws, roles=args.roles, cards=args.cards)
    kept = kept_tiles(output, tiles)
    speak, close_speech = make_speaker(config, language, args.print_only or args.mock is not None)
    try:
        with _tag_source(args, config, speak, language) as source:
            speak(board_text("enrol.start", {"count": len(tiles), "reader": args.reader}, language))
            try:
                registry = enrol(tiles, source, speak, language, kept)
            except StopIteration:
                raise UsageError("the script ended before every tile was presented; nothing written") from None
        if output.exists():
            shutil.copy2(output, output.with_name(output.name + ".bak"))
        write_registry(registry, output, header=(
            "The tag registry: which EM4100 tag id (10 hex characters) is which tile.\n"
            f"Written by `firmware-host enrol-tags` on {time.strftime('%Y-%m-%d %H:%M')}.\n"
            "Seats are 0-based here ([ballots.0] is seat 1 when spoken); law and role tiles are numbered from 1.\n"
            "[cards.N]: seat N's role cards of In this way I become a DICTATOR (the tray reader, D30)."))
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


def kept_tiles(output: Path, tiles: list[Any]) -> Any:
    """The tiles of the registry already at ``output`` that this run does not ask for (role
    tiles without ``--roles``, law tiles with ``--no-laws``, seats beyond ``--seats``): they
    are written again unchanged. An unreadable old file keeps nothing and says so on stderr
    (it stays as ``.bak``).

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
    return TagRegistry({tag: tile for tag, tile in old.items() if tile not in asked})


#: said after every reason the real readers cannot be used: what plays without a board
NO_BOARD = "without a board, firmware-host enrol-tags --mock --output FILE plays on the mocked board"


class ReaderMissing(FirmwareHostError):
    """The reader to enrol at is not connected at start (its fault has been spoken)."""


#: seconds to wait for a reader's first open (a serial port opens in milliseconds)
READER_OPEN_S = 5.0


class _tag_source:
    """Context manager yielding an iterator of tag ids presented at ``args.reader``;
    faults and reader changes on the way are spoken."""

    def __init__(self, args: argparse.Namespace, config: Any, speak: Callable[[str], None], language: str) -> None:
        self.args, self.config, self.speak, self.language = args, config, speak, language
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
                demo = demo_registry(config.seats)
                wanted = tiles_to_enrol(self.args.seats or config.seats, not self.args.no_laws, self.args.roles,
                                        self.args.cards)
                script = [{"signal": "tag", "tag": demo.tag_of(t)} for t in wanted]
            mock = MockBoard(config, VirtualClock(), tags=None)
            self._close = mock.close

            def mock_source() -> Iterator[str]:
                from firmware_host.errors import UsageError

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


# ------------------------------------------------------------------ evidence tiles (M46)
def enrol_evidence(cards: int, tag_source: Iterator[str], describe: Callable[[int, str], str],
                   speak: Callable[[str], None], language: str, keep: Any = None) -> Any:
    """Ask for the evidence tiles of card ids 0..cards-1 in turn, take each tag from
    ``tag_source`` and its description from ``describe(card, tag)``; returns the new registry:
    ``keep``'s other tiles and other languages' descriptions, and these tiles.

    A tag already standing for another tile (of ``keep`` or of this run) is refused aloud and
    the question repeated. :raises StopIteration: ``tag_source`` ended first.
    """
    from firmware_host.kernel.games import pack
    from firmware_host.hardware.tags import TagRegistry, Tile

    dm = pack("dying_message")

    kept = {tag: tile for tag, tile in (keep.items() if keep is not None else [])
            if tile.kind != "evidence" or tile.tile >= cards}
    descriptions = {card: dict(texts) for card, texts in (keep.descriptions.items() if keep is not None else [])}
    for card in range(cards):
        descriptions.setdefault(card, {}).pop(language, None)
    taken = dict(kept)
    for card in range(cards):
        speak(dm.tile_text("enrol.evidence.present", {"card": card}, language))
        while True:
            tag = next(tag_source)
            other = taken.get(tag)
            if other is None:
                break
            if other.kind == "evidence":
                speak(dm.tile_text("enrol.evidence.duplicate", {"card": other.tile}, language))
            else:
                speak(duplicate(other, language))
            speak(dm.tile_text("enrol.evidence.present", {"card": card}, language))
        taken[tag] = Tile("evidence", "evidence", None, card)
        text = " ".join(describe(card, tag).split())
        descriptions[card][language] = text
        speak(dm.tile_text("enrol.evidence.described", {"card": card}, language, descriptions={card: text}))
    return TagRegistry(taken, {c: t for c, t in descriptions.items() if t})


def evidence_main(args: argparse.Namespace, config: Any) -> int:
    """``enrol-tags --evidence N``: 0 when the registry was written, 2 on a usage problem."""
    from firmware_host.errors import UsageError
    from firmware_host.kernel.games import pack
    from firmware_host.hardware.tags import load_registry, write_registry
    from firmware_host.resources import data_path

    dm = pack("dying_message")
    EVIDENCE_CARDS = dm.tile_kinds[0].items  # noqa: N806 - M7: the cards of the deck
    cards = args.evidence
    if not 9 <= cards <= EVIDENCE_CARDS:
        raise UsageError(f"--evidence must be 9–{EVIDENCE_CARDS} (the cards of the deck, M7), not {cards}")
    language = language_of(args, config)
    if args.mock is not None and not args.output:
        raise UsageError("--mock needs --output FILE: a rehearsal never overwrites the config's tag registry")
    output = Path(args.output) if args.output else Path(config.tags_path)
    if data_path() in output.resolve().parents:
        raise UsageError(f"{output} is the packaged demo registry, not this board's: copy the config to "
                         f"/etc/firmware-host (INSTALL.md) or give --output FILE; {NO_BOARD}")
    keep = load_registry(output) if output.exists() else None
    typed: dict[str, list[str]] = {}         # --mock: tag id -> its signals' descriptions
    if args.mock is not None:
        script = read_script(args.mock) if args.mock else [
            {"signal": "tag", "tag": f"4E{card:08X}", "description": f"demo clue {card + 1}"}
            for card in range(cards)]
        for number, signal in enumerate(script, 1):
            if signal.get("signal") == "tag":
                text = signal.get("description")
                if not isinstance(text, str) or not text.strip() or len(text) > 120:
                    raise UsageError(f"signal {number}: an evidence tile's tag signal needs "
                                     "\"description\": one line of 1–120 characters")
                typed.setdefault(str(signal.get("tag", "")).upper(), []).append(text)
        args = argparse.Namespace(**{**vars(args), "mock": args.mock if args.mock else None})
        if not args.mock:
            args.mock = _write_demo_script(script)
    def describe(card: int, tag: str) -> str:
        if args.mock is not None:
            return typed[tag].pop(0)
        while True:
            try:
                text = input(f"description of card {card + 1} ({language}): ")
            except EOFError:
                raise UsageError("no description typed; nothing written") from None
            text = " ".join(text.split())
            if text and len(text) <= 120:
                return text
            print("one line of 1–120 characters, please", flush=True)

    speak, close_speech = make_speaker(config, language, args.print_only or args.mock is not None)
    try:
        with _tag_source(args, config, speak, language) as source:
            speak(dm.tile_text("enrol.evidence.start", {"count": cards}, language))
            try:
                registry = enrol_evidence(cards, source, describe, speak, language, keep)
            except StopIteration:
                raise UsageError("the script ended before every tile was presented; nothing written") from None
        if output.exists():
            shutil.copy2(output, output.with_name(output.name + ".bak"))
        write_registry(registry, output, header=(
            "The tag registry: which EM4100 tag id (10 hex characters) is which tile.\n"
            f"Written by `firmware-host enrol-tags --evidence` on {time.strftime('%Y-%m-%d %H:%M')}.\n"
            "Seats and evidence card ids are 0-based here ([ballots.0] is seat 1, [evidence.17] card 18\n"
            "when spoken); law and role tiles are numbered from 1."))
        speak(dm.tile_text("enrol.evidence.done", {"count": cards}, language))
        print(f"written: {output}")
    except KeyboardInterrupt:
        print("stopped; nothing written")
        return 130
    finally:
        close_speech()
    return 0


def _write_demo_script(script: list[dict]) -> str:
    """The demo evidence script as a temporary JSON Lines file (``--mock`` without SCRIPT)."""
    import json
    import tempfile

    fd, path = tempfile.mkstemp(prefix="evidence-", suffix=".jsonl")
    with open(fd, "w", encoding="utf-8") as fh:
        fh.write("\n".join(json.dumps(s) for s in script) + "\n")
    return path
