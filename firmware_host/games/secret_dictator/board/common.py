"""Constants and the logger shared by the Secret Dictator board adapter's parts."""

from __future__ import annotations

import logging

#: the service's logger: the adapter's lines are the service's
log = logging.getLogger("firmware_host.service")

#: law slots per track (BOARD.md)
TRACK_SLOTS = {"democratic": 5, "fascist": 6}

#: public messages that a newer one of the same key replaces before it has started
#: (ACCESSIBILITY.md 24: a ballot count superseded by a newer count is not spoken)
SUPERSEDED_KEYS = frozenset({"ballot.counted"})

#: seconds after a status layer ended in which a further press or hold gives the next layer
#: (issue "Status in layers"; ACCESSIBILITY.md 3); later, a request starts again at the first
STATUS_STEP_S = 4.0

#: the status step after the last layer offered the seat its settings (issue 14: the
#: per-seat settings scan, :mod:`firmware_host.table.seat_menu`); a press then opens it
SETTINGS_OFFERED = -1

#: the earcon before every private sentence in a seat's earphone (issue 14)
PRIVATE_CUE = "private"

#: keys of a console/simulate setup that the service uses itself (not part of REPLAY.md's setup)
SERVICE_SETUP_KEYS = ("names", "role_source")

#: target powers a president chooses by scanning -> action name
TARGET_POWERS = {"execution": "execute", "special_election": "special_election",
                 "investigate": "investigate"}
