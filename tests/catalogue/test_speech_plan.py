"""The pre-render plan of a table (speech_plan): what a configured table can hear next."""

from __future__ import annotations

from firmware_host.games.secret_dictator import catalogue, speech_plan

NAMES = {0: "Anna", 1: "Bernd", 2: "Clara", 3: "Dieter", 4: "Emil", 5: "Frieda", 6: "Gustav"}


def test_plan_names_every_seat_by_its_name_in_the_table_language():
    plan = list(speech_plan.sentences(7, "en", NAMES))
    for seat in range(7):
        assert ("public", catalogue.text("president.new", {"seat": seat}, "en", names=NAMES)) in plan
        assert ("public", catalogue.text("president.new", {"seat": seat}, "en", long=True, names=NAMES)) in plan
    assert not any("Platz" in text for _, text in plan)           # no German in an English plan


def test_private_messages_are_planned_only_for_the_seat_that_hears_them():
    plan = list(speech_plan.sentences(5, "de"))
    hand = catalogue.text("hand.president", {"laws": ["fascist", "fascist", "democratic"]}, "de")
    assert {c for c, t in plan if t == hand} == {f"seat:{s}" for s in range(5)}
    assert all(c == "public" or c in {f"seat:{s}" for s in range(5)} for c, _ in plan)
    assert len(plan) == len(set(plan))                             # each (channel, text) once


def test_wordings_follow_the_verbosity_in_use():
    short = catalogue.text("president.new", {"seat": 3}, "de", long=False)
    long = catalogue.text("president.new", {"seat": 3}, "de", long=True)
    texts = {v: {t for _, t in speech_plan.sentences(5, "de", verbosity=v)} for v in ("short", "long", "auto")}
    assert short in texts["short"] and long not in texts["short"]
    assert long in texts["long"] and short not in texts["long"]
    assert {short, long} <= texts["auto"]


def test_what_cannot_be_listed_is_left_out_and_ten_seats_stay_a_bounded_plan():
    plan = list(speech_plan.sentences(10, "de", NAMES))
    prolog = catalogue.text("prolog.role.democrat", {"seat": 0}, "de", long=True, names=NAMES)
    assert all(prolog not in t for _, t in plan)
    assert len(plan) < 1600   # ~1400: under 50 MB of cache per language (benchmarks/budget_bench.py)


def test_after_a_new_president_every_nomination_they_can_make_is_planned():
    items = speech_plan.following("president.new", {"seat": 2}, 7, "de", NAMES)
    expected = {catalogue.text("nomination.made", {"seat": 2, "target": t}, "de", names=NAMES)
                for t in range(7) if t != 2}
    assert set(t for _, t in items) == expected and {c for c, _ in items} == {"public"}
    first = speech_plan.following("president.new", {"seat": 2}, 7, "de", NAMES, first=True)
    assert len(first) == 2 * len(items)                             # the long wording too, once
    assert speech_plan.following("game.started", {"players": 7}, 7, "de") == []


def test_an_investigation_plans_its_private_result_for_the_president_only():
    items = speech_plan.following("power.investigate", {"seat": 4}, 7, "de", NAMES)
    results = [(c, t) for c, t in items if c != "public"]
    assert {c for c, _ in results} == {"seat:4"} and len(results) == 6 * 2
