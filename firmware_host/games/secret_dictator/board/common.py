"""Constants and the logger shared by the Secret Dictator board adapter's parts."""

from __future__ import annotations

import logging

from firmware_host.table.speech import PRIVATE_CUE  # noqa: F401 - the earcon before a private sentence

#: the service's logger: the adapter's lines are the service's
log = logging.getLogger("firmware_host.service")

#: law slots per track (BOARD.md)
TRACK_SLOTS = {"democratic": 5, "fascist": 6}

#: public messages that a newer one of the same key replaces before it has started
#: (ACCESSIBILITY.md 24: a ballot count superseded by a newer count is not spoken)
SUPERSEDED_KEYS = frozenset({"ballot.counted"})

#: target powers a president chooses by scanning -> action name
TARGET_POWERS = {"execution": "execute", "special_election": "special_election",
                 "investigate": "investigate"}
