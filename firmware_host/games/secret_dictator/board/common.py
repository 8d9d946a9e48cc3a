"""Constants and the logger shared by the Secret Dictator board adapter's parts."""

from __future__ import annotations

import logging

#: the service's logger: the adapter's lines are the service's
log = logging.getLogger("firmware_host.service")

#: law slots per track (BOARD.md)
TRACK_SLOTS = {"democratic": 5, "fascist": 6}

#: target powers a president chooses by scanning -> action name
TARGET_POWERS = {"execution": "execute", "special_election": "special_election",
                 "investigate": "investigate"}
