"""The steps of a list a game pads (the table's ``scans.SeatScans.start`` with ``pad`` by kind,
DYING_MESSAGE.md M43: every seat's private list lasts alike, so its length tells nothing):
the intro padded to the intro's length, each item and "cancel" to the item's, both items of a
confirmation (the confirming item and "back") to the confirmation's; the wrap tone and the
"list stopped" notice, the same for every seat, are not padded. The seat scans over an
autospec of the table's speech whose steps report no playback (each lasts its 1 s estimate),
on the virtual clock."""

from __future__ import annotations

from firmware_host.service.settings import ScanSettings
from firmware_host.table.scans import BACK_KEY, CANCEL_KEY, STOPPED_KEY, WRAP_KEY, SeatScans
from firmware_host.table.seats import SeatStore

from .table import scan_doubles

PADS = {"intro": 4.0, "item": 3.0, "confirm": 5.0}


def padded_scans(mocker):
    """(seat scans, service, steps said: (seat, key, pad_seconds))."""
    service, speech = scan_doubles(mocker)
    steps: list[tuple[int, str, float | None]] = []

    def scan_step(seat, key, params, *, pad_seconds=None, **_kw):
        steps.append((seat, key, pad_seconds))
        return 1.0                                   # no playback: the step's estimate

    speech.scan_step.side_effect = scan_step
    seats = mocker.create_autospec(SeatStore, instance=True)
    seats.scan_settings.return_value = ScanSettings(passes=2)
    return SeatScans(service, speech, seats), service, steps


def test_M43_a_padded_list_pads_intro_items_and_cancel_but_not_the_wrap_or_the_stopped_notice(mocker):
    scans, service, steps = padded_scans(mocker)
    items = [scans.item(5, "scan.seat", {"seat": 5}), scans.item(6, "scan.seat", {"seat": 6})]
    scans.start(2, items, mocker.MagicMock(), intro=("scan.choose_target", {}), pad=PADS)
    service.clock.advance(60.0)
    said = {key: pad for _, key, pad in steps}
    assert said["scan.choose_target"] == 4.0
    assert said["scan.seat"] == 3.0 and said[CANCEL_KEY] == 3.0
    assert STOPPED_KEY in said and said[STOPPED_KEY] is None
    assert WRAP_KEY in said and said[WRAP_KEY] is None        # between the two passes


def test_M43_both_items_of_a_padded_confirmation_last_as_long_as_the_confirmation(mocker):
    scans, service, steps = padded_scans(mocker)
    items = [scans.item(5, "scan.seat", {"seat": 5}), scans.item(6, "scan.seat", {"seat": 6})]
    scans.start(3, items, mocker.MagicMock(), pad=PADS,
                confirm=lambda item: (scans.item(None, "scan.confirm_seat", {"seat": item.params["seat"]}),
                                      scans.item(None, BACK_KEY, {})))
    service.clock.advance(1.5)                      # first_delay 1.0: the first item plays
    assert steps[-1][1] == "scan.seat"
    scans.press(3)
    service.clock.advance(10.0)
    confirmation = [(key, pad) for _, key, pad in steps if key in ("scan.confirm_seat", BACK_KEY)]
    assert {key for key, _ in confirmation} == {"scan.confirm_seat", BACK_KEY}
    assert all(pad == 5.0 for _, pad in confirmation), confirmation
