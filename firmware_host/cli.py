"""The ``firmware-host`` command line.

Each sub-command lives in its own module ``firmware_host.commands.<name>`` with two functions,
``configure(parser: argparse.ArgumentParser) -> None`` and ``main(args: argparse.Namespace) -> int``.
Only the chosen command's module is imported, so start-up stays fast on a Pi Zero 2 W.

Errors: a :class:`firmware_host.errors.UsageError` (or ``OSError`` reading a file) becomes one
line on stderr and exit status 2; a :class:`~firmware_host.errors.BoardFailure` (a board
that cannot play at all) one line and exit status 1; no traceback reaches the user.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from firmware_host.errors import BoardFailure, UsageError

#: command name -> (module under firmware_host.commands, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "replay": ("replay", "play a game file (JSON Lines) through the rules engine"),
    "simulate": ("simulate", "run the board service on mocked hardware from a signal script"),
    "run": ("run", "run the board service on a Raspberry Pi"),
    "check-config": ("check_config", "validate a board config (TOML); prints OK or every error"),
    "enrol-tags": ("enrol_tags", "register a new set of RFID tiles, guided by speech"),
    "self-test": ("self_test", "spoken wiring test: asks for a touch of every part in turn and names what arrived"),
    "files": ("files", "print where the packaged reference files are (board.toml, the systemd unit, …)"),
}


def _build_parser(command: str | None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="firmware-host",
        description="The accessible, tactile game board: its games' rules, sensors and speech.",
    )
    from firmware_host import __version__

    parser.add_argument("--version", action="version", version=f"firmware-host {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        if name == command:
            mod = importlib.import_module(f"firmware_host.commands.{module}")
            mod.configure(p)
            p.set_defaults(_main=mod.main)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``firmware-host``; returns the exit status (0 ok, 2 unusable input)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    command = next((a for a in argv if not a.startswith("-")), None)
    if command not in COMMANDS:
        command = None
    parser = _build_parser(command)
    args = parser.parse_args(argv)
    if getattr(args, "_main", None) is None:
        parser.print_help()
        return 2
    try:
        return int(args._main(args) or 0)
    except UsageError as exc:
        print(f"firmware-host {args.command}: {exc}", file=sys.stderr)
        return 2
    except BoardFailure as exc:
        print(f"firmware-host {args.command}: the board cannot play: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"firmware-host {args.command}: {exc.strerror or exc}: {exc.filename or ''}".rstrip(": "), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
