"""Logging for the board service: one line per input, action, refusal and fault.

Secrets never appear at INFO or above (a ballot before the reveal, a discarded party, a
reshuffle order, a role): the service's log calls describe inputs and actions through
:func:`firmware_host.service.secret_dictator.describe_input` / ``describe_action``, which
leave them out. Under systemd the lines go to the journal (no timestamp of our own: journald
adds one).
"""

from __future__ import annotations

import logging
import os
import sys
from typing import TextIO


def setup_logging(level: int = logging.INFO, stream: TextIO | None = None) -> None:
    """Log ``level`` and above to ``stream`` (default stderr), one line per record.

    Under systemd (``$JOURNAL_STREAM`` set) the line has no timestamp; elsewhere it has one.
    """
    handler = logging.StreamHandler(stream or sys.stderr)
    if os.environ.get("JOURNAL_STREAM"):
        fmt = "%(levelname)s %(name)s: %(message)s"
    else:
        fmt = "%(asctime)s %(levelname)s %(name)s: %(message)s"
    handler.setFormatter(logging.Formatter(fmt))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
