"""A late press costs one press, never the choice (ACCESSIBILITY.md 27, 32; issue 31): in a
list that is itself a game's confirmation (``purpose`` CONFIRMS: "Confirm: drop Noble and
Assassin", then "Cancel"), "cancel" waits out the undo window like any pick, so a press meant
for the confirmation that lands on "Cancel" (a robot table of In this way I become a DICTATOR:
0.28 s after "Cancel" ended, 2.75 s after the confirmation ended, "Cancel" final at once and
both cards to be chosen again) is taken back by one more press; the confirmation itself is
still taken at once. A Scan on a virtual clock, nothing playing (the scan runs on the seconds
its clips would last)."""

from __future__ import annotations

from firmware_host.clock import VirtualClock
from firmware_host.service.settings import ScanSettings
from firmware_host.table.scanning import CONFIRMS, Scan, ScanItem


def confirmation(undo: bool = True):
    clock = VirtualClock()
    spoken, chosen, cancelled = [], [], []

    def speak(seat, kind, item, started, ended):
        spoken.append((clock.now(), kind, item.text if item else ""))
        return 2.0 if kind in ("item", "again") else 1.0

    scan = Scan(1, [ScanItem("drop", "Confirm: drop Noble and Assassin")],
                ScanSettings(interval=1.5, first_delay=1.0, passes=3, undo=undo, undo_window=2.0), clock,
                post=lambda fn: fn(), speak=speak, on_choose=chosen.append,
                on_cancel=lambda: cancelled.append(True), purpose=CONFIRMS)
    return clock, scan, spoken, chosen, cancelled


def test_A32_issue31_cancel_in_a_games_confirmation_waits_out_its_undo_window_and_one_press_takes_it_back():
    clock, scan, spoken, chosen, cancelled = confirmation()
    scan.start()
    clock.advance(1.0 + 2.0 + 1.5 + 2.0 + 0.3)      # the confirmation, then "cancel" said and ended 0.3 s ago
    assert [t for _, k, t in spoken if k == "item"] == ["Confirm: drop Noble and Assassin", "cancel"]
    scan.press()
    assert cancelled == [] and not scan.done and spoken[-1][1] == "picked"     # "Chosen: cancel", not final
    clock.advance(0.5)
    scan.press()                                     # the seat hears "cancel" was taken: back
    clock.advance(13.1 - clock.now())               # the confirmation said again after "cancel" (10.8-12.8)
    assert cancelled == [] and not scan.done
    assert [t for _, k, t in spoken if k in ("item", "again")][-1] == "Confirm: drop Noble and Assassin"
    scan.press()
    assert chosen == ["drop"] and cancelled == [] and scan.done     # taken at once, as before


def test_A32_cancel_in_a_games_confirmation_left_alone_is_final_after_its_window():
    clock, scan, _, chosen, cancelled = confirmation()
    scan.start()
    clock.advance(1.0 + 2.0 + 1.5 + 2.0 + 0.3)
    scan.press()
    clock.advance(1.0 + 2.0 + 0.1)                   # the answer (1 s), then its window (2 s)
    assert cancelled == [True] and chosen == [] and scan.done


def test_without_undo_cancel_in_a_games_confirmation_is_final_at_once():
    clock, scan, _, chosen, cancelled = confirmation(undo=False)
    scan.start()
    clock.advance(1.0 + 2.0 + 1.5 + 2.0 + 0.3)
    scan.press()
    assert cancelled == [True] and scan.done
