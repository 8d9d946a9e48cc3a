"""Single-switch scanning (ACCESSIBILITY.md 11-17): names, the chancellor's laws, the veto
answer, the discard (:mod:`.deck`): this game's lists on the table's scans
(:class:`~firmware_host.table.scans.SeatScans`, the adapter's ``scans``), one at a time: the
adapter's ``scanning`` part."""

from __future__ import annotations

from typing import Any, Callable

from firmware_host.games.secret_dictator import Action
from firmware_host.table.scanning import Scan, ScanItem
from firmware_host.games.secret_dictator.board.common import log


#: a scan's purpose -> the key of its intro (else ``scan.start``)
INTROS = {"veto_reply": "veto.scan.start", "veto": "veto.scan.choice", "discard": "discard.scan.start"}


class Scans:
    """This game's lists on the table's scans (see the module).

    :param board: the adapter it is part of (its game, speech, moves, mirror and ``scans``).
    """

    def __init__(self, board: Any) -> None:
        self.board = board

    @property
    def scan(self) -> Scan | None:
        """The running scan (one seat's), or None."""
        return next(iter(self.board.scans.by_seat.values()), None)

    def open(self, seat: int, items: list[ScanItem], purpose: str, chosen: Callable[[Any], None],
             confirm: Callable[[ScanItem], Any] | None = None,
             pad: Callable[[str, str], float | None] | None = None) -> None:
        """Start ``seat``'s scan of ``items`` and "cancel" (its earphone, the seat's interval)
        after the intro of its ``purpose``; ``chosen(value)`` once an item (confirmed, where
        ``confirm`` asks) is picked; "cancel" is said back to the seat. A scan already running
        ends first. A confirmation (ACCESSIBILITY.md 16) is "``key``? press to confirm", then
        the table's "back" to the list (never "wait to cancel", A14). ``pad(kind, key)``: the
        fixed length of a step where the list's items are a secret
        (:meth:`~firmware_host.table.scans.SeatScans.start`)."""
        self.board.scans.end()
        log.info("scan started for seat %d: %s", seat, purpose)
        self.board.scans.start(seat, items, chosen, intro=(INTROS.get(purpose, "scan.start"), {}),
                               cancelled=lambda: self.board.say(f"seat:{seat}", "scan.cancelled", {}),
                               confirm=confirm, purpose=purpose, pad=pad)

    def start_target(self, seat: int, kind: str) -> None:
        """The president's choice of a seat (a nominee, or a power's target): the seats the
        rules allow and "cancel"; an execution asks a confirming press where configured."""
        game = self.board.game
        assert game is not None
        targets = [a.target for a in game.legal_actions(seat) if a.kind == kind]
        if not targets:
            return

        def chosen(target: Any) -> None:
            if self.board.game is not None and not self.board.mirror.blocked(kind, seat):
                self.board.accept(Action(kind, seat=seat, target=int(target)))

        confirm = (lambda item: self.board.scans.item(None, "power.execution.confirm", {"target": item.value})) \
            if kind == "execute" and self.board.settings.confirm_execution else None
        self.open(seat, [self.board.scans.item(t, "scan.item", {"seat": t}) for t in targets], kind, chosen, confirm)

    def start_chancellor(self, seat: int) -> None:
        """Issue "Veto without holding" (R14 official variant): after five fascist laws the
        chancellor's press reads "Gesetz verabschieden" and "Veto vorschlagen" (and cancel)
        into the chancellor's earphone. "Enact" only says privately where the law goes (the
        enactment itself is the law on its slot); "propose a veto" needs a confirming press
        (ACCESSIBILITY.md 16: a scan of "Veto vorschlagen? Zum Bestätigen drücken" and
        "back"), then the veto is proposed at the table. Hold stays the status."""
        items = [self.board.scans.item("enact", "veto.scan.enact"), self.board.scans.item("veto", "veto.scan.propose")]

        def chosen(choice: Any) -> None:
            game = self.board.game
            if game is None or game.phase != "legislative_chancellor" or game.chancellor != seat:
                return
            if choice == "enact":
                self.board.say(f"seat:{seat}", "veto.scan.enact_chosen", {})
                return
            if Action("veto", seat=seat) in game.legal_actions(seat) and not self.board.mirror.blocked("veto", seat):
                self.board.accept(Action("veto", seat=seat))

        self.open(seat, items, "veto", chosen,
                  lambda item: self.board.scans.item(None, "veto.scan.confirm") if item.value == "veto" else None)

    def start_veto(self, seat: int) -> None:
        """BOARD.md "Veto": the president answers a proposed veto by scanning: "Ja", "Nein"
        and "cancel" are read into the president's earphone; a press on Ja agrees (the
        ``veto_reply`` action, R14 official variant), on Nein refuses; only the answer is
        announced at the table (ACCESSIBILITY.md 17)."""
        def chosen(accept: Any) -> None:
            game = self.board.game
            if game is not None and game.veto_pending and not self.board.mirror.blocked("veto_reply", seat):
                self.board.accept(Action("veto_reply", seat=seat, accept=bool(accept)))

        scans = self.board.scans
        self.open(seat, [scans.item(True, "veto.scan.ja"), scans.item(False, "veto.scan.nein")], "veto_reply", chosen)

