"""Single-switch scanning (ACCESSIBILITY.md 11-17): names, the chancellor's laws, the veto
answer, the discard (:mod:`.deck`), one scan at a time (the table's
:class:`~firmware_host.table.scanning.Scan`): the adapter's ``scanning`` part."""

from __future__ import annotations

from typing import Any, Callable

from firmware_host.games.secret_dictator import Action, catalogue
from firmware_host.table.scanning import Scan, ScanItem, spoken_seconds
from firmware_host.table.seat_settings import SeatSettings
from firmware_host.games.secret_dictator.board.common import log


#: a scan's purpose -> the key of its intro (else ``scan.start``)
INTROS = {"veto_reply": "veto.scan.start", "veto": "veto.scan.choice", "discard": "discard.scan.start"}


class Scans:
    """The running scan (one seat's) and its utterances (see the module).

    :param board: the adapter it is part of (its game, speech, moves, mirror and seat timing).
    """

    def __init__(self, board: Any) -> None:
        self.board = board
        self.scan: Scan | None = None        # the running scan (one seat's), or None
        self._said: list = []                # the running scan's utterances

    def item(self, value: Any, key: str, params: dict | None = None) -> ScanItem:
        """A scan item saying catalogue ``key`` (the seat's names and forms)."""
        params = dict(params or {})
        return ScanItem(value, catalogue.text(key, params, self.board.language, names=self.board.names, genders=self.board.genders),
                        key, params)

    def confirm_pair(self, key: str, params: dict | None = None) -> tuple[ScanItem, ScanItem]:
        """A final choice's confirmation (ACCESSIBILITY.md 16): "``key``? press to confirm",
        then "back" to the list (never "wait to cancel", A14)."""
        return self.item(None, key, params), self.item(None, "scan.back")

    def open(self, seat: int, items: list[ScanItem], purpose: str, chosen: Callable[[Any], None],
                   confirm: Callable[[ScanItem], Any] | None = None) -> None:
        """Start ``seat``'s scan of ``items`` and "cancel" (its earphone, the seat's interval);
        ``chosen(value)`` once an item (confirmed, where ``confirm`` asks) is picked; "cancel"
        is said back to the seat. A scan already running ends first."""
        def picked(value: Any) -> None:
            self.scan = None
            chosen(value)

        def cancelled() -> None:
            self.scan = None
            self.board.say(f"seat:{seat}", "scan.cancelled", {})

        self.end()
        self.scan = Scan(seat, items, lambda: self.board._scan_settings(seat), self.board.service.clock, self.board.service.post,
                         self._speak, picked, cancelled, cancel=self.item(None, "scan.cancel"),
                         confirm=confirm, purpose=purpose, drop=self._drop_speech)
        log.info("scan started for seat %d: %s", seat, purpose)
        self.scan.start(intro=True)

    def start_target(self, seat: int, kind: str) -> None:
        """The president's choice of a seat (a nominee, or a power's target): the seats the
        rules allow and "cancel"; an execution asks a confirming press where configured."""
        game = self.board.game
        assert game is not None
        targets = [a.target for a in game.legal_actions(seat) if a.kind == kind]
        if not targets:
            return

        def chosen(target: Any) -> None:
            if self.board.game is None or self.board.mirror.blocked(kind, seat):
                return
            self.board.accept(Action(kind, seat=seat, target=int(target)))

        confirm = (lambda item: self.confirm_pair("power.execution.confirm", {"target": item.value})) \
            if kind == "execute" and self.board.settings.confirm_execution else None
        self.open(seat, [self.item(t, "scan.item", {"seat": t}) for t in targets], kind, chosen, confirm)

    def start_chancellor(self, seat: int) -> None:
        """Issue "Veto without holding" (R14 official variant): after five fascist laws the
        chancellor's press reads "Gesetz verabschieden" and "Veto vorschlagen" (and cancel)
        into the chancellor's earphone. "Enact" only says privately where the law goes (the
        enactment itself is the law on its slot); "propose a veto" needs a confirming press
        (ACCESSIBILITY.md 16: a scan of "Veto vorschlagen? Zum Bestätigen drücken" and
        "back"), then the veto is proposed at the table. Hold stays the status."""
        items = [self.item("enact", "veto.scan.enact"), self.item("veto", "veto.scan.propose")]

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
                        lambda item: self.confirm_pair("veto.scan.confirm") if item.value == "veto" else None)

    def start_veto(self, seat: int) -> None:
        """BOARD.md "Veto": the president answers a proposed veto by scanning: "Ja", "Nein"
        and "cancel" are read into the president's earphone; a press on Ja agrees (the
        ``veto_reply`` action, R14 official variant), on Nein refuses; only the answer is
        announced at the table (ACCESSIBILITY.md 17)."""
        def chosen(accept: Any) -> None:
            game = self.board.game
            if game is None or not game.veto_pending or self.board.mirror.blocked("veto_reply", seat):
                return
            self.board.accept(Action("veto_reply", seat=seat, accept=bool(accept)))

        self.open(seat, [self.item(True, "veto.scan.ja"), self.item(False, "veto.scan.nein")],
                        "veto_reply", chosen)

    def _speak(self, seat: int, kind: str, item: ScanItem | None, started: Callable[[], None],
                    ended: Callable[[bool], None]) -> float | None:
        """One step of a scan into the chooser's earphone (:class:`Scan`'s ``speak``): the
        scan hears when it starts and ends (ACCESSIBILITY.md 21); scan steps are not in the
        seat's repeat history. Without sound: the seconds it would last (an estimate)."""
        if kind == "intro":
            key, params = INTROS.get(self.scan.purpose if self.scan is not None else None, "scan.start"), {}
        elif kind in ("wrap", "stopped"):
            key, params = f"scan.{kind}", {}
        else:
            assert item is not None
            key, params = item.key, item.params
        utt = self.board.say(f"seat:{seat}", key, params, earcon="scan_wrap" if kind == "wrap" else None,
                             history=False, priority="request" if kind in ("picked", "again") else None,
                             on_start=lambda lines, u: started(),
                             on_end=lambda lines, u, record: ended(bool(record.cut and u.done())))
        if utt is not None:
            self._said = [u for u in self._said if not u.done()] + [utt]
            return None
        if kind == "wrap" or kind == "stopped":
            return 0.0
        text = item.text if item is not None else catalogue.text(key, {}, self.board.language)
        rate = self.board.seat_settings.get(seat, SeatSettings()).rate or self.board.settings.scan.words_per_minute
        return spoken_seconds(text, rate)

    def _drop_speech(self) -> None:
        """Drop the scan's steps not yet started (it starts again, holds or has ended)."""
        said, self._said = self._said, []
        voice = self.board.service.voice
        for utt in said:
            if voice is not None:
                voice.cancel(utt)

    def end(self) -> None:
        """End the running scan, if any."""
        if self.scan is not None:
            self.scan.finish()
            self.scan = None
