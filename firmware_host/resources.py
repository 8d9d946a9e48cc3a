"""Files shipped inside the package, found with :mod:`importlib.resources` (wheel or checkout).

``firmware_host/data/`` holds what an installed board needs besides code: the reference
board config (``board.toml``), its demo tag registry (``tags.toml``), the systemd unit
(``firmware-host.service``), the ALSA setup of the reference sound cards (``asound.conf``) and
the earcons (``sounds/*.wav``) and the examples (``examples/``: games for ``replay``,
scripts for ``simulate --script``; in the repository a link to ``examples/`` at the top, so
there is one copy). The announcement catalogues live with their game
(``firmware_host/games/secret_dictator/locale``). ``hardware/`` in the repository links to the
same files, so a builder reading the repository and an installed wheel see one copy.

Example::

    from firmware_host.resources import data_path
    data_path("board.toml")            # Path of the packaged reference config
    data_path("sounds") / "fault.wav"  # an earcon
"""

from __future__ import annotations

import atexit
import contextlib
import importlib.resources
from pathlib import Path

#: the packaged files a builder copies out of an installed wheel (``firmware-host files``)
SHIPPED: dict[str, str] = {
    "board.toml": "the reference board config: pins (BCM), seats, readers, [audio], [console]",
    "tags.toml": "the demo tag registry (replace it with `firmware-host enrol-tags`)",
    "firmware-host.service": "the systemd unit (install to /etc/systemd/system/)",
    "asound.conf": "ALSA devices of the reference sound cards (install to /etc/asound.conf)",
    "examples": "a folder: example games (replay) and simulate scripts (`simulate --script`), "
                "and a config without the law reader",
}

_extracted = contextlib.ExitStack()
atexit.register(_extracted.close)


def package_path(package: str, *parts: str) -> Path:
    """A real file-system path of a resource inside ``package`` (a dotted module name).

    An installed wheel or a checkout gives the file where it is; a zipped install extracts it
    once to a temporary file that lives until the process ends.

    :param package: e.g. ``"firmware_host"`` or ``"firmware_host.games.secret_dictator"``.
    :param parts: path parts below the package folder (``"data", "board.toml"``).
    :returns: :class:`pathlib.Path` (the file or folder need not exist).
    :raises ModuleNotFoundError: ``package`` cannot be imported.
    """
    resource = importlib.resources.files(package).joinpath(*parts)
    if isinstance(resource, Path):
        return resource
    return Path(_extracted.enter_context(importlib.resources.as_file(resource)))


def data_path(*parts: str) -> Path:
    """A path inside ``firmware_host/data`` (see the module docstring).

    :param parts: path parts, e.g. ``"board.toml"`` or ``"sounds", "fault.wav"``.
    :returns: :class:`pathlib.Path`.
    """
    return package_path("firmware_host", "data", *parts)
