"""Make a ``[console] pin_hash`` for the board config.

Usage::

    python -m firmware_host.console.hash_pin          # asks for the PIN twice (not echoed)
    echo 482913 | python -m firmware_host.console.hash_pin --stdin

Prints one line to paste into the ``[console]`` section, e.g.
``pin_hash = "scrypt$16384$8$1$…$…"``. The PIN itself is stored nowhere. Use at least 6
digits (or a long token) when the console is reachable from the network. Exit status 0, or
2 with one line on stderr (PINs differ, too short, no input).
"""

from __future__ import annotations

import argparse
import getpass
import sys

from firmware_host.console.security import MIN_PIN_LENGTH, hash_pin
from firmware_host.errors import UsageError


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit status (0 ok, 2 unusable input)."""
    parser = argparse.ArgumentParser(
        prog="python -m firmware_host.console.hash_pin",
        description="Hash a PIN or token for the [console] pin_hash setting.")
    parser.add_argument("--stdin", action="store_true",
                        help="read the PIN from the first line of standard input (no prompt)")
    args = parser.parse_args(argv)
    try:
        if args.stdin or not sys.stdin.isatty():
            line = sys.stdin.readline()
            if not line:
                raise UsageError("no PIN on standard input")
            pin = line.rstrip("\r\n")
        else:
            pin = getpass.getpass("Console PIN: ")
            if getpass.getpass("Same PIN again: ") != pin:
                raise UsageError("the two PINs differ; nothing written")
        if len(pin) < MIN_PIN_LENGTH:
            raise UsageError(f"a PIN needs at least {MIN_PIN_LENGTH} characters")
        print(f'pin_hash = "{hash_pin(pin)}"')
        if len(pin) < 6:
            print("hash_pin: note: use at least 6 characters if the console is reachable "
                  "from the network", file=sys.stderr)
        return 0
    except UsageError as exc:
        print(f"hash_pin: {exc}", file=sys.stderr)
        return 2
    except (KeyboardInterrupt, EOFError):
        print("hash_pin: cancelled", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
