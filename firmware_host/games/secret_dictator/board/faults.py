"""Faults spoken by the part's name, never a pin (``Fault.part``, docs/ARCHITECTURE.md), and
reader changes."""

from __future__ import annotations

from typing import Any

from firmware_host.errors import FirmwareHostError
from firmware_host.games.secret_dictator import catalogue
from firmware_host.table.faults import TableFaults


class _Faults(TableFaults):
    """The table's faults (:class:`~firmware_host.table.faults.TableFaults`) said through
    the Secret Dictator board's voice: a fault the board cannot name by a part is not said."""

    def __init__(self, board: Any) -> None:
        super().__init__(board.service, board, unknown_tag="fault.unknown_tag")
        self.board = board

    def say_fault(self, key: str, params: dict, detail: str) -> None:
        self.board._say_fault(key, params, detail)

    def _knows(self, key: str) -> bool:
        return False


class Faults:
    """Faults and readers: a damaged journal, a reader come or gone, a hardware fault, spoken by
    the part's name (the table's :class:`~firmware_host.table.faults.TableFaults`).

    A part of :class:`~firmware_host.games.secret_dictator.board.game.SecretDictatorGame`; its state is made there."""

    @property
    def readers(self) -> dict[str, bool]:
        """Reader name -> connected (the console's health panel; the law reader reads discards)."""
        return self.table_faults.readers

    @readers.setter
    def readers(self, value: dict[str, bool]) -> None:
        self.table_faults.readers = value

    def _report_repair(self, repair: Any, resumed: bool | None = None) -> None:
        """Say what the journal's self-check found (:func:`~firmware_host.table.faults.repair_message`)."""
        self.table_faults.report_repair(repair, resumed)

    def _say_fault(self, key: str, params: dict, detail: str) -> None:
        """Speak ``key`` on the table speaker (priority ``fault``) and list it on the console."""
        self.say("public", key, params, priority="fault")
        try:
            text = catalogue.text(key, params, self.language, names=self.names)
        except (FirmwareHostError, ValueError):
            text = key
        self.faults.append({"kind": "fault", "reason": key, "text": f"{text} ({detail})"})

    def _on_ReaderState(self, event: Any) -> None:
        """A reader came or went (:meth:`TableFaults.on_reader`)."""
        self.table_faults.on_reader(event)

    def _on_Fault(self, event: Any) -> None:
        """A hardware fault: a ``fault`` line, spoken by the part's name (never a pin number)."""
        self.table_faults.on_fault(event)
