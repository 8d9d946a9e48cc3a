"""Logging for the board service: one line per input, action, refusal and fault.

Secrets never appear at INFO or above (a vote before the reveal, a discarded card, a
shuffle order, a role): inputs and actions are described for the log by the game's own
adapter, which leaves them out. Under systemd the lines go to the journal (no timestamp of our
own: journald adds one).
"""

from __future__ import annotations

import logging
import os
import sys
from typing import TextIO


#: logging level -> syslog priority (sd-daemon(3): ``<N>`` at the start of a line on a stream
#: connected to journald sets that line's priority)
SYSLOG_PRIORITY: dict[int, int] = {
    logging.CRITICAL: 2, logging.ERROR: 3, logging.WARNING: 4, logging.INFO: 6, logging.DEBUG: 7,
}


class JournalFormatter(logging.Formatter):
    """``<priority>LEVEL name: message`` for journald (no timestamp: journald adds one).

    The priority follows :data:`SYSLOG_PRIORITY` (a level between two takes the lower
    one's), so ``journalctl -p warning -u firmware-host`` shows faults and errors only. Every
    line of a record (a traceback's too) carries the record's priority.
    """

    def format(self, record: logging.LogRecord) -> str:
        """The record as one journald line (see the class docstring)."""
        priority = next((p for level, p in sorted(SYSLOG_PRIORITY.items(), reverse=True)
                         if record.levelno >= level), 7)
        text = super().format(record)
        return f"<{priority}>" + text.replace("\n", "\n" + f"<{priority}>")


def setup_logging(level: int = logging.INFO, stream: TextIO | None = None) -> None:
    """Log ``level`` and above to ``stream`` (default stderr), one line per record.

    Under systemd (``$JOURNAL_STREAM`` set, i.e. stderr goes to journald) each line starts
    with its syslog priority (:class:`JournalFormatter`) and has no timestamp; elsewhere it
    has a timestamp and no priority prefix.
    """
    handler = logging.StreamHandler(stream or sys.stderr)
    if os.environ.get("JOURNAL_STREAM"):
        handler.setFormatter(JournalFormatter("%(levelname)s %(name)s: %(message)s"))
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
