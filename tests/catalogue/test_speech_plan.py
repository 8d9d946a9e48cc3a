"""The pre-render plan of a Secret Dictator table (the table's ``SpeechPlan`` with this game's
``PLAN_*`` data): what a configured table can hear next."""

from __future__ import annotations

from firmware_host.games.secret_dictator import catalogue
from firmware_host.games.secret_dictator.board.game import SecretDictatorGame
from firmware_host.table import Words
from firmware_host.table.speech_plan import SpeechPlan

NAMES = {0: "Anna", 1: "Bernd", 2: "Clara", 3: "Dieter", 4: "Emil", 5: "Frieda", 6: "Gustav"}
PLAN = SpeechPlan.for_game(SecretDictatorGame, Words(catalogue.text, catalogue.keys(), catalogue.is_private,
                                                     catalogue=catalogue.CATALOGUE))


def test_plan_names_every_seat_by_its_name_in_the_table_language():
    plan = list(PLAN.sentences(7, "en", NAMES))
    for seat in range(7):
        assert ("public", catalogue.text("president.new", {"seat": seat}, "en", names=NAMES)) in plan
        assert ("public", catalogue.text("president.new", {"seat": seat}, "en", long=True, names=NAMES)) in plan
    assert not any("Platz" in text for _, text in plan)           # no German in an English plan


def test_private_messages_are_planned_only_for_the_seat_that_hears_them():
    plan = list(PLAN.sentences(5, "de"))
    hand = catalogue.text("hand.president", {"laws": ["fascist", "fascist", "democratic"]}, "de")
    assert {c for c, t in plan if t == hand} == {f"seat:{s}" for s in range(5)}
    assert all(c == "public" or c in {f"seat:{s}" for s in range(5)} for c, _ in plan)
    assert len(plan) == len(set(plan))                             # each (channel, text) once


def test_wordings_follow_the_verbosity_in_use():
    short = catalogue.text("president.new", {"seat": 3}, "de", long=False)
    long = catalogue.text("president.new", {"seat": 3}, "de", long=True)
    texts = {v: {t for _, t in PLAN.sentences(5, "de", verbosity=v)} for v in ("short", "long", "auto")}
    assert short in texts["short"] and long not in texts["short"]
    assert long in texts["long"] and short not in texts["long"]
    assert {short, long} <= texts["auto"]


def test_what_cannot_be_listed_is_left_out_and_ten_seats_stay_a_bounded_plan():
    plan = list(PLAN.sentences(10, "de", NAMES))
    prolog = catalogue.text("prolog.role.democrat", {"seat": 0}, "de", long=True, names=NAMES)
    assert all(prolog not in t for _, t in plan)
    # ~1,580 of the game's and the board's, 200 picks of a seat confirmed in each earphone, and
    # ~330 more of every seat's own confirmations (issue 31: "noted", the reminders and the
    # story's cues in each earphone, each list item's pick, a seat's own private news in its
    # long wording): 2,115 at 10 seats, 1,107 distinct sentences
    assert len(plan) < 2200


def test_the_laws_of_a_hand_and_a_tile_on_its_track_are_planned_as_they_go_together():
    texts = {t for _, t in PLAN.sentences(7, "en")}
    assert catalogue.text("ballot.counted", {"count": 5, "total": 5}, "en") in texts
    assert catalogue.text("ballot.counted", {"count": 6, "total": 5}, "en") not in texts
    assert catalogue.text("tile.removed", {"track": "democratic", "slot": 5}, "en") in texts
    assert catalogue.text("tile.removed", {"track": "democratic", "slot": 6}, "en") not in texts   # 5 slots


def test_after_a_new_president_every_nomination_they_can_make_is_planned():
    items = PLAN.following("president.new", {"seat": 2}, 7, "de", NAMES)
    expected = {catalogue.text("nomination.made", {"seat": 2, "target": t}, "de", names=NAMES)
                for t in range(7) if t != 2}
    assert set(t for _, t in items) == expected and {c for c, _ in items} == {"public"}
    first = PLAN.following("president.new", {"seat": 2}, 7, "de", NAMES, first=True)
    assert len(first) == 2 * len(items)                             # the long wording too, once
    assert PLAN.following("game.started", {"players": 7}, 7, "de") == []


def test_an_investigation_plans_its_private_result_for_the_president_only():
    items = PLAN.following("power.investigate", {"seat": 4}, 7, "de", NAMES)
    results = [(c, t) for c, t in items if c != "public"]
    assert {c for c, _ in results} == {"seat:4"} and len(results) == 6 * 2
