"""``firmware-host check-config [FILE]``: validate a board config; print OK or every problem.

Exit status 0 when the config is usable, 2 with every problem (one per line on stderr) when
not. Checks every layer's sections (``SCHEMA_MODULES``) and the tag registry the config
names. A reader that is unplugged right now is not a config problem.
"""

from __future__ import annotations

import argparse
import sys


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments: optional FILE or ``--config FILE`` (as ``run`` takes it); without either the
    config is looked up as :func:`firmware_host.config.find_config` says."""
    parser.add_argument("file", nargs="?", metavar="FILE",
                        help="board config (TOML); default $FIRMWARE_HOST_CONFIG, "
                             "/etc/firmware-host/board.toml, else the packaged demo config")
    parser.add_argument("--config", dest="config", metavar="FILE", help="the same as FILE (as `run --config`)")
    parser.add_argument("--no-tags", action="store_true", help="do not check the tag registry")


def main(args: argparse.Namespace) -> int:
    """Print ``OK: …`` (exit 0) or ``FILE: N problems`` and one problem per line (exit 2)."""
    from firmware_host.board_config import load_config
    from firmware_host.config import ConfigError, find_config
    from firmware_host.errors import UsageError
    from firmware_host.hardware.tags import TagRegistryError, load_registry

    if args.file and args.config and args.file != args.config:
        raise UsageError(f"two configs given ({args.file} and --config {args.config}); give one")
    found, source = find_config(args.file or args.config)
    path = str(found)
    if source != "--config":             # say which config was found
        print(f"config: {path} ({source})", file=sys.stderr)
    try:
        config = load_config(path)
    except ConfigError as exc:
        count = len(exc.problems)
        print(f"{path}: {count} problem{'s' if count != 1 else ''}", file=sys.stderr)
        for problem in exc.problems:
            print(f"  {problem}", file=sys.stderr)
        return 2
    tags_note = ""
    if not args.no_tags:
        try:
            registry = load_registry(config.tags_path)
        except TagRegistryError as exc:
            print(f"{config.tags_path}: {len(exc.problems)} problem{'s' if len(exc.problems) != 1 else ''}", file=sys.stderr)
            for problem in exc.problems:
                print(f"  {problem}", file=sys.stderr)
            return 2
        tags_note = f", {len(registry)} tags" + seats_without_tiles(registry, config.seats)
    readers = ", ".join(f"{r.name} at {r.port}" for r in config.readers.values()) or "no readers"
    print(f"OK: {path}: {config.seats} seats, {len(config.inputs())} GPIO inputs, {readers}{tags_note}")
    return 0


def seats_without_tiles(registry: object, seats: int) -> str:
    """The note on seats of the config lacking a tile of their own (empty when none lacks
    one): for every seat kind (a ``seat`` layout, :class:`~firmware_host.hardware.tags.TileKind`)
    of the default game that is not optional, and every other such kind the registry already
    holds tiles of, the seats missing one of the kind's tiles, named by their 0-based registry
    tables as every config message names them: `` (no tokens in [tokens.8], [tokens.9];
    counted from 0: [tokens.0] is seat 1 when spoken)`` (a kind's ``noun`` and ``section``).
    The kinds come from the registered games' packs: the command names none."""
    from firmware_host.hardware.tags import registered_kinds
    from firmware_host.kernel import games

    default = {k.kind for k in games.pack(games.DEFAULT_GAME).tile_kinds}
    notes, first = [], None
    for kind in registered_kinds():
        if kind.layout != "seat" or kind.optional or not (kind.kind in default or registry.tags(kind.kind)):
            continue
        lacking = [f"[{kind.section}.{s}]" for s in range(seats)
                   if not all(registry.tags(kind.kind, name, s) for name in kind.names)]
        if lacking:
            notes.append(f"no {kind.noun}s in {', '.join(lacking)}")
            first = first or kind.section
    if not notes:
        return ""
    return f" ({'; '.join(notes)}; counted from 0: [{first}.0] is seat 1 when spoken)"
