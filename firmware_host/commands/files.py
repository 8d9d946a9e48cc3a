"""``firmware-host files [NAME]``: where the packaged reference files are.

An installed wheel carries the reference board config, the demo tag registry, the systemd
unit, the ALSA setup and the examples folder (:data:`firmware_host.resources.SHIPPED`).
Without NAME every file is listed with what it is for; with NAME only its path is printed,
for a shell command::

    sudo install -m 0644 "$(firmware-host files board.toml)" /etc/firmware-host/board.toml
    firmware-host simulate --script "$(firmware-host files examples)/simulate-7p.jsonl"
"""

from __future__ import annotations

import argparse


def configure(parser: argparse.ArgumentParser) -> None:
    """Argument: optional NAME (one of :data:`firmware_host.resources.SHIPPED`)."""
    from firmware_host.resources import SHIPPED

    parser.add_argument("name", nargs="?", metavar="NAME", choices=sorted(SHIPPED),
                        help="print only this file's path: " + ", ".join(sorted(SHIPPED)))


def main(args: argparse.Namespace) -> int:
    """Print the path(s); 0.

    :raises UsageError: a packaged file (or the examples folder) is missing (a broken install).
    """
    from firmware_host.errors import UsageError
    from firmware_host.resources import SHIPPED, data_path

    names = [args.name] if args.name else list(SHIPPED)
    for name in names:
        path = data_path(name)
        if not (path.is_dir() if name == "examples" else path.is_file()):
            raise UsageError(f"{name} is missing from the installed package ({path}); reinstall firmware-host")
        print(path if args.name else f"{path}  # {SHIPPED[name]}")
    return 0
