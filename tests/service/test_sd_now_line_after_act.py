"""Issue 31 (robot tables, after a chaos law): the table's "Now: president seat 5 nominates a
chancellor: press your button…" waited behind the board's corrections and was said 7.8 s after
that president's press had opened its list, over its items. A "Now:" line the seat has already
acted on is not said."""

from __future__ import annotations

from .conftest import announces, run_lines

SETUP = {"players": 5, "seed": 4, "language": "en", "first_president": 0,
         "roles": ["democrat", "fascist", "democrat", "dictator", "democrat"],
         "deck": ["fascist", "democratic", "fascist"] + ["fascist"] * 8 + ["democratic"] * 5 + ["fascist"]}


def test_issue31_the_tables_now_line_is_not_said_once_the_president_has_opened_its_list():
    out = run_lines([
        {"setup": SETUP},
        {"signal": "wait_for", "key": "president.new", "timeout": 120.0},
        {"signal": "wait", "seconds": 6},
        {"signal": "slot", "track": "fascist", "slot": 1, "state": "filled"},     # a stray tile: a correction
        {"signal": "wait", "seconds": 8},
        {"signal": "slot", "track": "fascist", "slot": 1, "state": "emptied"},      # fixed: "Correction done", "Now: …"
        {"signal": "wait", "seconds": 1.5},
        {"signal": "button", "seat": 0, "gesture": "press"},                      # the president acts first
        {"signal": "wait", "seconds": 20}])
    public = announces(out, "public")
    done = next(l for l in public if l["key"] == "board.matches")
    items = [l for l in announces(out, "seat:0") if l["key"].startswith("scan.") and l["start"] >= done["start"]]
    assert items, "the president's press opened no list"
    late = [l for l in public if l["key"] == "next.nominate" and l["start"] >= done["start"]]
    assert late == [], [(l["text"], l["start"], items[0]["start"]) for l in late]
