"""Single-switch scanning (ACCESSIBILITY.md 13-17) on a virtual clock."""

from firmware_host.clock import VirtualClock
from firmware_host.table.scanning import Scan, ScanItem
from firmware_host.service.settings import ScanSettings


def make(confirm=False, passes=3):
    clock = VirtualClock()
    spoken, chosen, cancelled = [], [], []

    def speak(seat, kind, item, started, ended):
        # nothing plays here: the scan runs on the seconds returned (a board without sound)
        spoken.append((clock.now(), kind, item.text if item else ""))
        return 0.5 if kind == "item" else 0.0

    items = [ScanItem(2, "seat 3"), ScanItem(4, "seat 5")]
    scan = Scan(0, items, ScanSettings(interval=1.5, first_delay=1.0, passes=passes), clock,
                post=lambda fn: fn(), speak=speak, on_choose=chosen.append,
                on_cancel=lambda: cancelled.append(True),
                confirm=(lambda it: (ScanItem(None, "confirm " + it.text), ScanItem(None, "back"))) if confirm else None)
    return clock, scan, spoken, chosen, cancelled


def test_A14_first_item_after_extra_second_and_steps_of_name_plus_interval():
    clock, scan, spoken, chosen, _ = make()
    scan.start()
    clock.advance(0.99)
    assert spoken == []
    clock.advance(0.01)
    assert spoken == [(1.0, "item", "seat 3")]
    clock.advance(2.0)  # 0.5 s name + 1.5 s interval
    assert spoken[-1] == (3.0, "item", "seat 5")
    scan.press()
    assert chosen == [4]


def test_A15_cancel_is_an_item_and_list_wraps_with_tone():
    clock, scan, spoken, chosen, cancelled = make()
    scan.start()
    clock.advance(1.0 + 2 * 2.0)
    assert spoken[-1][2] == "cancel"
    clock.advance(2.0)
    assert [k for _, k, _ in spoken[-2:]] == ["wrap", "item"]
    clock.advance(4.0)
    scan.press()
    assert cancelled == [True] and chosen == []


def test_A14_three_passes_then_stop_never_choose_and_resume_on_press():
    clock, scan, spoken, chosen, _ = make()
    scan.start()
    clock.advance(100)
    assert spoken[-1][1] == "stopped" and scan.stopped
    assert sum(1 for _, k, t in spoken if t == "seat 3") == 3
    assert chosen == []
    scan.press()  # resumes, does not choose
    assert chosen == [] and not scan.stopped
    clock.advance(1.0)
    scan.press()
    assert chosen == [2]


def test_A16_execution_needs_a_confirming_press():
    clock, scan, spoken, chosen, _ = make(confirm=True)
    scan.start()
    clock.advance(1.0)
    scan.press()
    assert chosen == []
    clock.advance(1.0)
    assert spoken[-1][2] == "confirm seat 3"
    scan.press()
    assert chosen == [2]


def test_A16_back_from_confirmation_returns_to_the_list():
    clock, scan, spoken, chosen, _ = make(confirm=True)
    scan.start()
    clock.advance(1.0)
    scan.press()
    clock.advance(1.0 + 2.0)  # confirm, then back
    assert spoken[-1][2] == "back"
    scan.press()
    clock.advance(1.0)
    assert spoken[-1][2] == "seat 3" and chosen == []


def test_press_before_first_item_does_nothing():
    clock, scan, spoken, chosen, cancelled = make()
    scan.start()
    clock.advance(0.5)
    scan.press()
    assert chosen == [] and cancelled == [] and not scan.done
