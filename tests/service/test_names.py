"""ACCESSIBILITY.md 7 and 13: how the board names seats that have a name: every scan item in
the same form ("Clara, Platz drei"), and a round's first mention of a seat with its seat
number. Driven by ``simulate`` signals."""

from __future__ import annotations

from .conftest import announces, run_lines

NAMES = ["Anna", "Ben", "Clara", "Dieter", "Eva", "Jörg"]
SETUP = {"players": 6, "first_president": 0, "language": "de", "seed": 5, "names": NAMES,
         "roles": ["democrat", "democrat", "fascist", "democrat", "dictator", "democrat"],
         "deck": ["fascist", "fascist", "democratic", "fascist", "fascist", "democratic", "fascist",
                  "fascist", "democratic", "fascist", "fascist", "democratic", "fascist", "fascist",
                  "democratic", "fascist", "democratic"]}
SEAT_WORDS = ["eins", "zwei", "drei", "vier", "fünf", "sechs"]


def _full(seat: int) -> str:
    return f"{NAMES[seat]}, Platz {SEAT_WORDS[seat]}"


def _two_rounds() -> list[dict]:
    """Seat 0 scans to seat 2 and nominates it; the election fails; seat 1 scans to seat 3."""
    return [{"setup": SETUP},
            {"signal": "button", "seat": 0, "gesture": "press"},
            {"signal": "wait_for", "key": "scan.item", "params": {"seat": 2}, "timeout": 120.0},
            {"signal": "button", "seat": 0, "gesture": "press"}] + [
            {"signal": "ballot", "seat": s, "ballot": "nein"} for s in range(6)] + [
            {"signal": "tracker", "position": 1},
            {"signal": "button", "seat": 1, "gesture": "press"},
            {"signal": "wait_for", "key": "scan.item", "params": {"seat": 3}, "timeout": 120.0},
            {"signal": "button", "seat": 1, "gesture": "press"}]


def test_A13_every_scan_item_names_the_seat_in_the_same_form():
    out = run_lines(_two_rounds())
    for chooser in (0, 1):
        items = [l for l in announces(out, f"seat:{chooser}") if l["key"] == "scan.item"]
        assert len(items) >= 2
        assert [l["text"] for l in items] == [_full(l["params"]["seat"]) for l in items]


def test_A7_a_rounds_first_mention_of_president_and_nominee_gives_the_seat_number():
    out = run_lines(_two_rounds())
    said = announces(out, "public")
    presidents = [l for l in said if l["key"] == "president.new"]
    assert [l["params"]["seat"] for l in presidents] == [0, 1]
    for l in presidents:
        assert _full(l["params"]["seat"]) in l["text"]
    nominations = [l for l in said if l["key"] == "nomination.made"]
    assert len(nominations) == 2
    for l in nominations:     # two seats in one sentence: "Anna auf Platz eins … Clara auf Platz drei"
        t = l["params"]["target"]
        assert f"{NAMES[t]} auf Platz {SEAT_WORDS[t]}" in l["text"]
