"""The per-seat settings scan at the seat itself (issue 14 "Per-seat settings",
ACCESSIBILITY.md 12, 13, 19): rate, volume, wording, scan interval, button lock and
grammatical gender, changed by scanning in the seat's own earphone and kept per seat exactly
as the console's ``seat_settings`` keeps them. On the virtual clock with real clip lengths."""

from __future__ import annotations

from firmware_host.service.journal import Journal

from .conftest import announces, keys, run_lines

SETUP = {"players": 5, "seed": 3, "language": "en"}


def press(seat: int, gesture: str = "press") -> dict:
    return {"signal": "button", "seat": seat, "gesture": gesture}


def wait_for(key: str, params: dict | None = None, timeout: float = 120) -> dict:
    return {"signal": "wait_for", "key": key, "params": params or {}, "timeout": timeout}


def test_a_hold_with_no_game_opens_the_seats_settings_and_a_pick_is_kept(tmp_path):
    journal = tmp_path / "j.sqlite3"
    out = run_lines([press(3, "hold"), wait_for("settings.item.scan_interval"), press(3),
                     wait_for("settings.value.seconds", {"seconds": 3.0}), press(3),
                     wait_for("settings.item.ignore_repeat"), press(3),
                     wait_for("settings.value.seconds", {"seconds": 1.0}), press(3),
                     wait_for("settings.done"), press(3)], journal_path=str(journal))
    assert [l for l in out if l.get("event") in ("fault", "rejected")] == []
    said = announces(out, "seat:3")
    assert said[0]["key"] == "settings.menu"
    assert [l["key"] for l in said].count("settings.saved") == 2
    assert said[-1]["key"] == "settings.closed"
    assert Journal(journal).seat_settings()[3] == {"scan_interval": 3.0, "ignore_repeat": 1.0}
    # the seat's own scan interval from the next list on: its items 3 s after the one before ended
    menus = [i for i, l in enumerate(said) if l["key"] == "settings.menu"]
    items = [l for l in said[menus[-1]:] if l["key"].startswith("settings.item.")]
    assert abs(items[1]["start"] - (items[0]["end"] + 3.0)) < 0.05
    assert {"key": "settings.item.scan_interval", "params": {"seconds": 3.0}} in [
        {"key": l["key"], "params": l["params"]} for l in items]


def test_during_a_game_the_status_ends_with_the_settings_offer_and_a_press_opens_them(tmp_path):
    journal = tmp_path / "j.sqlite3"
    holds = [press(2, "hold") for _ in range(6)]     # five layers, then the offer
    out = run_lines([{"setup": SETUP}, wait_for("prolog.done")] + holds +
                    [wait_for("settings.offer"), press(2), wait_for("settings.item.gender"), press(2),
                     wait_for("settings.value.gender", {"gender": "f"}), press(2),
                     wait_for("settings.menu"), press(2, "hold")], journal_path=str(journal))
    said = keys(out, "seat:2")
    offer = said.index("settings.offer")
    assert said[offer + 1] == "settings.menu"
    assert "settings.saved" in said and said[-1] == "settings.closed"
    assert Journal(journal).seat_settings()[2] == {"gender": "f"}
    assert "settings.menu" not in keys(out, "public")                 # only in the seat's earphone


def test_a_press_after_the_offer_window_is_the_games_again():
    holds = [press(2, "hold") for _ in range(6)]     # five layers, then the offer
    out = run_lines([{"setup": SETUP}, wait_for("prolog.done")] + holds +
                    [wait_for("settings.offer"), {"signal": "wait", "seconds": 30}, press(2)])
    assert "settings.menu" not in keys(out, "seat:2")


def test_a_settings_scan_left_alone_closes_and_gives_the_seat_back_to_the_game():
    out = run_lines([{"setup": SETUP}, press(4, "hold"), press(4, "hold"), press(4, "hold"), press(4, "hold"),
                     press(4, "hold"), press(4, "hold"), wait_for("settings.offer"), press(4),
                     {"signal": "wait", "seconds": 240}, press(4)])
    said = keys(out, "seat:4")
    closed = said.index("settings.closed")
    assert "settings.menu" in said[:closed] and "settings.menu" not in said[closed:]
