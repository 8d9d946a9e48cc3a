"""Single-switch scanning (ACCESSIBILITY.md 11-17): names, the chancellor's laws, the veto
answer."""

from __future__ import annotations

from typing import Any, Callable

from firmware_host.games.secret_dictator import Action, catalogue
from firmware_host.table import pace
from firmware_host.table.scanning import Scan, ScanItem, spoken_seconds
from firmware_host.table.seat_settings import SeatSettings
from firmware_host.games.secret_dictator.board.common import log


class Scans:
    """Single-switch scanning (ACCESSIBILITY.md 11-17): names, the chancellor's laws, the veto
    answer.

    A part of :class:`~firmware_host.games.secret_dictator.board.game.SecretDictatorGame`; its state is made there."""

    def _item(self, value: Any, key: str, params: dict | None = None) -> ScanItem:
        """A scan item saying catalogue ``key`` (the seat's names and forms)."""
        params = dict(params or {})
        return ScanItem(value, catalogue.text(key, params, self.language, names=self.names, genders=self.genders),
                        key, params)

    def _confirm_pair(self, key: str, params: dict | None = None) -> tuple[ScanItem, ScanItem]:
        """A final choice's confirmation (ACCESSIBILITY.md 16): "``key``? press to confirm",
        then "back" to the list (never "wait to cancel", A14)."""
        return self._item(None, key, params), self._item(None, "scan.back")

    def _open_scan(self, seat: int, items: list[ScanItem], purpose: str, chosen: Callable[[Any], None],
                   confirm: Callable[[ScanItem], Any] | None = None) -> None:
        """Start ``seat``'s scan of ``items`` and "cancel" (its earphone, the seat's interval);
        ``chosen(value)`` once an item (confirmed, where ``confirm`` asks) is picked; "cancel"
        is said back to the seat. A scan already running ends first."""
        def picked(value: Any) -> None:
            self.scan = None
            chosen(value)

        def cancelled() -> None:
            self.scan = None
            self.say(f"seat:{seat}", "scan.cancelled", {})

        self._end_scan()
        self.scan = Scan(seat, items, lambda: self._scan_settings(seat), self.service.clock, self.service.post,
                         self._scan_speak, picked, cancelled, cancel=self._item(None, "scan.cancel"),
                         confirm=confirm, purpose=purpose, drop=self._drop_scan_speech)
        log.info("scan started for seat %d: %s", seat, purpose)
        self.scan.start(intro=True)

    def _start_scan(self, seat: int, kind: str) -> None:
        game = self.game
        assert game is not None
        targets = [a.target for a in game.legal_actions(seat) if a.kind == kind]
        if not targets:
            return

        def chosen(target: Any) -> None:
            if self.game is None or self.mirror.blocked(kind, seat):
                return
            self.accept(Action(kind, seat=seat, target=int(target)))

        confirm = (lambda item: self._confirm_pair("power.execution.confirm", {"target": item.value})) \
            if kind == "execute" and self.settings.confirm_execution else None
        self._open_scan(seat, [self._item(t, "scan.item", {"seat": t}) for t in targets], kind, chosen, confirm)

    def _start_chancellor_scan(self, seat: int) -> None:
        """Issue "Veto without holding" (R14 official variant): after five fascist laws the
        chancellor's press reads "Gesetz verabschieden" and "Veto vorschlagen" (and cancel)
        into the chancellor's earphone. "Enact" only says privately where the law goes (the
        enactment itself is the law on its slot); "propose a veto" needs a confirming press
        (ACCESSIBILITY.md 16: a scan of "Veto vorschlagen? Zum Bestätigen drücken" and
        "back"), then the veto is proposed at the table. Hold stays the status."""
        items = [self._item("enact", "veto.scan.enact"), self._item("veto", "veto.scan.propose")]

        def chosen(choice: Any) -> None:
            game = self.game
            if game is None or game.phase != "legislative_chancellor" or game.chancellor != seat:
                return
            if choice == "enact":
                self.say(f"seat:{seat}", "veto.scan.enact_chosen", {})
                return
            if Action("veto", seat=seat) in game.legal_actions(seat) and not self.mirror.blocked("veto", seat):
                self.accept(Action("veto", seat=seat))

        self._open_scan(seat, items, "veto", chosen,
                        lambda item: self._confirm_pair("veto.scan.confirm") if item.value == "veto" else None)

    def _start_veto_scan(self, seat: int) -> None:
        """BOARD.md "Veto": the president answers a proposed veto by scanning: "Ja", "Nein"
        and "cancel" are read into the president's earphone; a press on Ja agrees (the
        ``veto_reply`` action, R14 official variant), on Nein refuses; only the answer is
        announced at the table (ACCESSIBILITY.md 17)."""
        def chosen(accept: Any) -> None:
            game = self.game
            if game is None or not game.veto_pending or self.mirror.blocked("veto_reply", seat):
                return
            self.accept(Action("veto_reply", seat=seat, accept=bool(accept)))

        self._open_scan(seat, [self._item(True, "veto.scan.ja"), self._item(False, "veto.scan.nein")],
                        "veto_reply", chosen)

    def _scan_settings(self, seat: int) -> Any:
        """The scan timing for ``seat``: the board's ``[scan]`` with the seat's own
        ``scan_interval`` (ACCESSIBILITY.md 13, 19) when it has one, else with its learned
        pace (31, :mod:`firmware_host.table.pace`)."""
        own = self.seat_settings.get(seat, SeatSettings()).scan_interval
        return pace.for_service(self.service).scan_settings(seat, self.settings.scan, own)

    def _scan_speak(self, seat: int, kind: str, item: ScanItem | None, started: Callable[[], None],
                    ended: Callable[[bool], None]) -> float | None:
        """One step of a scan into the chooser's earphone (:class:`Scan`'s ``speak``): the
        scan hears when it starts and ends (ACCESSIBILITY.md 21); scan steps are not in the
        seat's repeat history. Without sound: the seconds it would last (an estimate)."""
        channel = f"seat:{seat}"
        if kind == "intro":
            purpose = self.scan.purpose if self.scan is not None else None
            key = {"veto_reply": "veto.scan.start", "veto": "veto.scan.choice",
                   "discard": "discard.scan.start"}.get(purpose, "scan.start")
            key_params: tuple[str, dict] = (key, {})
        elif kind == "wrap":
            key_params = ("scan.wrap", {})
        elif kind == "stopped":
            key_params = ("scan.stopped", {})
        else:
            assert item is not None
            key_params = (item.key, item.params)
        utt = self.say(channel, key_params[0], key_params[1], earcon="scan_wrap" if kind == "wrap" else None,
                       history=False, priority="request" if kind in ("picked", "again") else None, on_start=lambda lines, u: started(),
                       on_end=lambda lines, u, record: ended(bool(record.cut and u.done())))
        if utt is not None:
            self._scan_said = [u for u in self._scan_said if not u.done()] + [utt]
            return None
        if kind == "wrap" or kind == "stopped":
            return 0.0
        text = item.text if item is not None else catalogue.text(key_params[0], {}, self.language)
        rate = self.seat_settings.get(seat, SeatSettings()).rate or self.settings.scan.words_per_minute
        return spoken_seconds(text, rate)

    def _drop_scan_speech(self) -> None:
        """Drop the scan's steps not yet started (it starts again, holds or has ended)."""
        said, self._scan_said = self._scan_said, []
        voice = self.service.voice
        for utt in said:
            if voice is not None:
                voice.cancel(utt)

    def _end_scan(self) -> None:
        if self.scan is not None:
            self.scan.finish()
            self.scan = None
