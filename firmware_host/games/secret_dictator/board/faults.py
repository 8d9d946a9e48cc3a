"""Faults spoken by the part's name, never a pin (``Fault.part``, docs/ARCHITECTURE.md), and
reader changes."""

from __future__ import annotations

from typing import Any

from firmware_host.table.faults import TableFaults


class Faults(TableFaults):
    """Faults and readers (the table's :class:`~firmware_host.table.faults.TableFaults`): a
    damaged journal, a reader come or gone, a hardware fault, spoken by the part's name
    through the Secret Dictator board's voice; a fault the board cannot name by a part is not
    said. The adapter's ``faults`` part (its ``readers``: reader name -> connected, the
    console's health panel; the law reader reads discards).

    :param board: the adapter it is part of (its speech, language and names).
    """

    def __init__(self, board: Any) -> None:
        super().__init__(board.service, board, unknown_tag="fault.unknown_tag")
        self.board = board

    def say_fault(self, key: str, params: dict, detail: str) -> None:
        """Speak ``key`` on the table speaker (priority ``fault``, in the game's own speech) and
        list it on the console in the table's words."""
        self.board.say("public", key, params, priority="fault")
        self.listed.append({"kind": "fault", "reason": key, "text": f"{self.board.speech.text(key, params)} ({detail})"})

    def _knows(self, key: str) -> bool:
        """A fault no part names is not said at this table."""
        return False
