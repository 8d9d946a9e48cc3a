"""Each seat's pace, learned (ACCESSIBILITY.md 31), and a pick answered at once and taken
back with one press (32): the scan on a virtual clock, the pace from real SQLite."""

from __future__ import annotations

import dataclasses

import pytest

from firmware_host.clock import VirtualClock
from firmware_host.service.journal import Journal
from firmware_host.service.settings import ScanSettings
from firmware_host.table.pace import FIRST, UNDO_UNLEARNED, WINDOW_MAX, WINDOW_UNLEARNED, Pace, SeatPaces, window_after
from firmware_host.table.scanning import PICKED_KEY, Scan, ScanItem

BOARD = ScanSettings(interval=1.5, first_delay=1.0, passes=3, grace=0.5, undo=True, pace=True)
NAME_S = 0.8          # every item lasts this long (a board without sound: the scan's estimate)


def learned(reactions, journal=None) -> SeatPaces:
    paces = SeatPaces(journal)
    for seconds in reactions:
        paces.react(0, seconds)
    return paces


def make_scan(settings, names=6, confirm=False, seconds=NAME_S):
    """A scan of ``names`` items for seat 0 on a virtual clock, each lasting ``seconds``;
    every step is estimated (nothing plays), as on a board without sound."""
    clock = VirtualClock()
    spoken, chosen, cancelled = [], [], []

    def speak(seat, kind, item, started, ended):
        spoken.append((round(clock.now(), 3), kind, item.key if item else "", item.text if item else ""))
        return seconds if kind in ("item", "picked", "again") else 0.0

    items = [ScanItem(n, f"seat {n + 1}", "scan.seat", {"seat": n}) for n in range(names)]
    pair = (lambda it: (ScanItem(None, "confirm " + it.text, "scan.confirm"), ScanItem(None, "back", "scan.back"))) \
        if confirm else None
    scan = Scan(0, items, settings, clock, post=lambda fn: fn(), speak=speak, on_choose=chosen.append,
                on_cancel=lambda: cancelled.append(True), confirm=pair)
    return clock, scan, spoken, chosen, cancelled


def item_end(spoken, text, nth=0):
    """When the ``nth`` saying of item ``text`` ended (its start plus its length)."""
    starts = [t for t, kind, _, said in spoken if kind in ("item", "again") and said == text]
    return starts[nth] + NAME_S


# -- the pace ---------------------------------------------------------------------------------

def test_A31_no_pace_before_the_first_act_a_window_for_someone_new_and_a_long_undo_window_meanwhile():
    paces = learned([2.5] * (FIRST - 1))
    assert not paces.pace(0).learned
    settings = paces.scan_settings(0, BOARD)
    assert settings.grace == BOARD.grace
    assert settings.interval + settings.grace == WINDOW_UNLEARNED > BOARD.interval + BOARD.grace
    assert settings.undo_window == UNDO_UNLEARNED > BOARD.interval + BOARD.grace


def test_A31_a_slow_seat_gets_part_of_its_window_as_grace_so_its_list_slows_less():
    paces = learned([2.4, 2.6, 2.5, 2.45, 2.55])
    settings = paces.scan_settings(0, BOARD)
    window = settings.interval + settings.grace
    assert settings.grace == pytest.approx(1.0)                  # half its reaction, at most 1 s
    assert window == pytest.approx(window_after(paces.pace(0), BOARD.interval + BOARD.grace))
    clock, scan, spoken, chosen, _ = make_scan(settings)
    scan.start()
    assert press_after(clock, scan, spoken, "seat 2", settings.interval + 0.9) == 1   # 0.9 s into seat 3


def test_A31_the_window_is_at_least_the_65_rule_of_the_typical_reaction():
    paces = learned([2.0, 2.02, 1.98, 2.0, 2.01])      # a steady seat: its spread alone is tiny
    settings = paces.scan_settings(0, BOARD)
    assert settings.interval + settings.grace >= 2.0 / 0.65 - 0.001


def test_A31_a_seat_answering_at_2_5_s_gets_a_window_that_takes_a_press_2_6_s_after_an_item():
    paces = learned([2.4, 2.6, 2.5, 2.45, 2.55])
    settings = paces.scan_settings(0, BOARD)
    assert settings.interval + settings.grace > 2.6 + 0.3
    assert settings.interval > BOARD.interval


def test_A31_a_quick_seat_keeps_the_board_timing():
    paces = learned([0.9, 1.1, 1.0, 1.05, 0.95])
    settings = paces.scan_settings(0, BOARD)
    assert (settings.interval, settings.grace, settings.first_delay) == (BOARD.interval, BOARD.grace, BOARD.first_delay)
    assert settings.undo_window == BOARD.interval + 2 * BOARD.grace      # the window and one grace to take a pick back


def test_A31_the_window_is_bounded_and_a_few_stray_presses_change_little():
    assert window_after(Pace((6.4,) * 8), 2.0) == WINDOW_MAX
    steady = window_after(Pace((2.5,) * 6), 2.0)
    stray = window_after(Pace((2.5,) * 6 + (0.3,)), 2.0)
    assert abs(steady - stray) < 0.2


def test_A31_an_explicit_scan_interval_wins_over_the_learned_window():
    paces = learned([3.0] * 5)
    assert paces.scan_settings(0, BOARD, own_interval=1.0).interval == 1.0


def test_A31_the_reaction_is_counted_from_the_end_of_the_last_clip_the_seat_heard():
    paces = SeatPaces(None)
    paces.heard({"output": "table", "end": 10.0})
    paces.heard({"output": "seat:0", "end": 11.0})
    paces.heard({"output": "seat:0", "end": 12.0, "cut": True})      # cut off: not a cue heard
    paces.heard({"output": "seat:1", "end": 12.5})                  # another seat's earphone
    assert paces.acted(0, 11.05) is None                            # pressed during the cue
    paces.heard({"output": "table", "end": 13.0})                   # the table speaks of others
    assert paces.acted(0, 14.0) == pytest.approx(3.0)               # its own earphone's cue counts
    assert paces.acted(0, 14.6) is None                             # that cue is answered already
    paces.heard({"output": "table", "end": 20.0})
    assert paces.acted(0, 22.0) == pytest.approx(2.0)               # no cue of its own lately: the table's
    assert paces.acted(0, 40.0) is None                             # answers no cue
    assert paces.pace(0).reactions == (3.0, 2.0)
    with pytest.raises(ValueError):
        paces.react(0, 9.0)


def test_A31_the_pace_is_kept_across_restarts_beside_the_seat_settings(tmp_path):
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    journal.save_seat_settings(2, {"rate": 300})
    paces = SeatPaces(journal)
    for seconds in (2.4, 2.6, 2.5):
        paces.react(2, seconds)
    journal.close()
    again = Journal(path)
    assert SeatPaces(again).pace(2).reactions == (2.4, 2.6, 2.5)
    assert again.seat_settings() == {2: {"rate": 300}}
    snap = SeatPaces(again).snapshot(BOARD)
    assert snap["2"]["acts"] == 3 and snap["2"]["reaction"] == 2.5 and snap["2"]["window"] > 2.6
    again.close()


def test_A31_a_tile_laid_when_asked_is_a_reaction_and_a_tile_laid_twice_is_not(mocker):
    from firmware_host.hardware.events import ButtonGesture, TileRead
    from firmware_host.service.core import BoardService
    from firmware_host.service.host import GameHost
    from firmware_host.service.settings import ServiceSettings
    from firmware_host.table.board_speech import BoardSpeech
    from firmware_host.table.scanning import pressing

    service = mocker.create_autospec(BoardService, instance=True)
    service.settings = ServiceSettings(scan=BOARD)
    paces = SeatPaces(None)
    service._seat_paces = paces
    speech = BoardSpeech(service, mocker.create_autospec(GameHost, instance=True))
    paces.heard({"output": "table", "end": 10.0})                      # "vote now", at the table
    ballot = TileRead(reader="ballot", kind="ballot", value="ja", seat=3, at=12.2)
    assert speech.acted(ballot) == pytest.approx(2.2)
    assert speech.acted(TileRead(reader="ballot", kind="ballot", value="ja", seat=3, at=13.1)) is None  # again
    assert speech.acted(TileRead(reader="law", kind="law", value="liberal", at=13.5)) is None   # no seat's tile
    paces.heard({"output": "seat:3", "end": 14.0})                     # its own earphone: "ready?"
    press = ButtonGesture(seat=3, gesture="press", at=15.5)
    with pressing(press):        # as the table handles a press (a take-back of an earlier test is no answer here)
        assert speech.acted(press) == pytest.approx(1.5)
    assert paces.pace(3).reactions == (2.2, 1.5)


def test_A31_the_pace_is_kept_when_a_damaged_journal_is_repaired_as_the_seat_settings_are(tmp_path):
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    journal.save_seat_settings(2, {"rate": 300})
    paces = SeatPaces(journal)
    for seconds in (2.4, 2.6, 2.5):
        paces.react(2, seconds)
    journal.close()
    with open(path, "ab") as fh:                     # damage after a clean stop: the journal is repaired
        fh.write(b"\x00garbage\xff" * 50)
    again = Journal(path)
    try:
        assert again.repair is not None
        assert again.seat_settings() == {2: {"rate": 300}}
        assert SeatPaces(again).pace(2).reactions == (2.4, 2.6, 2.5)
    finally:
        again.close()


# -- scans timed by the pace ------------------------------------------------------------------

def press_after(clock, scan, spoken, text, delay):
    """Let the list run until item ``text`` has been said, then press ``delay`` seconds
    after it ended; the item the press picked (or None)."""
    while not any(kind == "item" and said == text for _, kind, _, said in spoken):
        clock.advance(0.05)
    at = item_end(spoken, text) + delay
    clock.advance(at - clock.now())
    picked = []
    scan.press(at=at)
    if scan.picked is not None:
        picked.append(scan.picked.value)
    return picked[0] if picked else None


def test_A31_a_seat_that_answered_five_cues_at_2_5_s_picks_the_item_it_meant_at_2_6_s():
    clock, scan, spoken, chosen, _ = make_scan(BOARD)
    scan.start()
    assert press_after(clock, scan, spoken, "seat 3", 2.6) == 3      # the board's 2 s window: the next one
    settings = learned([2.4, 2.6, 2.5, 2.45, 2.55]).scan_settings(0, BOARD)
    clock, scan, spoken, chosen, _ = make_scan(settings)
    scan.start()
    assert press_after(clock, scan, spoken, "seat 3", 2.6) == 2
    clock.advance(30)
    assert chosen == [2]


def pass_seconds(settings):
    """Seconds from the first item's start to the wrap tone of a 6-item list."""
    clock, scan, spoken, _, _ = make_scan(settings)
    scan.start()
    clock.advance(60)
    first = next(t for t, kind, _, _ in spoken if kind == "item")
    wrap = next(t for t, kind, _, _ in spoken if kind == "wrap")
    return wrap - first


def test_A31_a_pass_through_a_6_item_list_for_a_seat_reacting_in_1_s_takes_no_longer_than_before():
    quick = learned([1.0, 0.9, 1.1, 1.0, 1.05, 0.95]).scan_settings(0, BOARD)
    assert pass_seconds(quick) <= pass_seconds(BOARD)
    slow = learned([2.5] * 5).scan_settings(0, BOARD)
    assert pass_seconds(slow) > pass_seconds(BOARD)


# -- a pick answered at once and taken back ---------------------------------------------------

def test_A32_a_pick_is_said_at_once_the_list_stops_and_it_is_final_after_the_window():
    clock, scan, spoken, chosen, _ = make_scan(BOARD)
    scan.start()
    press_after(clock, scan, spoken, "seat 2", 1.2)
    press = clock.now()
    assert spoken[-1] == (round(press, 3), "picked", PICKED_KEY, "seat 2")
    clock.advance(NAME_S + BOARD.interval + BOARD.grace - 0.05)
    assert chosen == [] and spoken[-1][1] == "picked"              # the list has stopped
    clock.advance(0.1)
    assert chosen == [1] and scan.done


def test_A32_back_in_the_undo_window_brings_the_list_back_at_the_item_picked():
    clock, scan, spoken, chosen, _ = make_scan(BOARD)
    scan.start()
    press_after(clock, scan, spoken, "seat 3", 2.6)                # late: "seat 4" picked
    assert scan.picked.value == 3
    clock.advance(1.0)
    scan.press()                                                    # back
    assert scan.picked is None and spoken[-1][1:] == ("again", "scan.seat", "seat 4")
    clock.advance(60)
    assert chosen == [] and not scan.done


def test_A32_a_confirmation_is_the_answer_and_a_press_on_it_goes_back_to_the_item_picked():
    clock, scan, spoken, chosen, cancelled = make_scan(BOARD, confirm=True)
    scan.start()
    press_after(clock, scan, spoken, "seat 2", 1.2)
    assert spoken[-1][1:] == ("picked", "scan.confirm", "confirm seat 2")
    clock.advance(0.3)
    scan.press()                                                    # while the answer plays: back
    assert spoken[-1][1:] == ("again", "scan.seat", "seat 2") and chosen == []
    clock.advance(NAME_S + 1.2)
    scan.press(at=clock.now())                                      # "seat 2" again
    clock.advance(NAME_S + 1.0)
    scan.press(at=clock.now())                                      # 1 s after "confirm seat 2" ended
    assert chosen == [1] and not cancelled


def test_A32_without_undo_a_pick_is_final_at_once():
    import dataclasses

    clock, scan, spoken, chosen, _ = make_scan(dataclasses.replace(BOARD, undo=False))
    scan.start()
    press_after(clock, scan, spoken, "seat 2", 1.2)
    assert chosen == [1] and all(kind != "picked" for _, kind, _, _ in spoken)


def test_A31_a_pick_taken_back_counts_its_press_as_late_for_the_item_before():
    from firmware_host.hardware.events import ButtonGesture
    from firmware_host.table.scanning import pressing, taken_back

    clock, scan, spoken, chosen, _ = make_scan(BOARD)
    scan.start()
    while not any(kind == "item" and said == "seat 4" for _, kind, _, said in spoken):
        clock.advance(0.05)
    at = item_end(spoken, "seat 3") + 2.6                        # late for "seat 3": "seat 4" plays
    clock.advance(at - clock.now())
    with pressing(ButtonGesture(0, "press", at, down_at=at)):
        scan.press()
        assert taken_back() is None
    assert scan.picked.value == 3
    clock.advance(1.0)
    with pressing(ButtonGesture(0, "press", clock.now(), down_at=clock.now())):
        scan.press()                                              # back
        assert taken_back() == (at, pytest.approx(2.6))
    paces = SeatPaces(None)
    paces.heard({"output": "seat:0", "end": at - 0.3})            # "seat 4" had begun; nothing ended since
    paces.acted(0, at)
    assert paces.pace(0).reactions == (0.3,)
    paces.correct(0, at, 2.6)
    assert paces.pace(0).reactions == (2.6,)


# -- which item a press is credited to (A31: Nomon's per-user timing model) ---------------------

LONG = 1.6            # items of these tests last this long ("Exchange with a player")


def said_item(spoken, text, nth=0):
    """(start, end) of the ``nth`` saying of item ``text`` (of :data:`LONG` seconds)."""
    start = [t for t, kind, _, said in spoken if kind in ("item", "again") and said == text][nth]
    return start, start + LONG


def press_at(clock, scan, spoken, text, delay):
    """Let the list run until the item after ``text`` has begun, then press ``delay`` seconds
    after ``text`` ended (no sooner than that); the value of the item picked (or None)."""
    follows = f"seat {int(text.split()[1]) + 1}"
    while not any(kind == "item" and said == follows for _, kind, _, said in spoken):
        clock.advance(0.01)
    at = said_item(spoken, text)[1] + delay
    assert at >= clock.now() - 1e-9, "the press is meant before the next item began"
    clock.advance(at - clock.now())
    scan.press(at=at)
    return None if scan.picked is None else scan.picked.value


SLOW = (1.7, 1.9, 1.8, 1.75, 1.85)       # a seat answering in about 1.8 s


def test_A31_a_slow_reaction_that_falls_into_the_next_item_picks_the_item_meant():
    settings = learned(SLOW).scan_settings(0, BOARD)
    clock, scan, spoken, _, _ = make_scan(settings, seconds=LONG)
    scan.start()
    while not any(kind == "item" and said == "seat 4" for _, kind, _, said in spoken):
        clock.advance(0.05)
    start, end = said_item(spoken, "seat 4")
    delay = end - said_item(spoken, "seat 3")[1] - 0.05                 # in the last moments of "seat 4"
    assert delay - (start - said_item(spoken, "seat 3")[1]) > settings.grace   # past the grace of "seat 4"
    clock, scan, spoken, _, _ = make_scan(settings, seconds=LONG)
    scan.start()
    assert press_at(clock, scan, spoken, "seat 3", delay) == 2       # "seat 3" meant, "seat 4" still played
    clock, scan, spoken, _, _ = make_scan(BOARD, seconds=LONG)                    # the same press without a pace
    scan.start()
    assert press_at(clock, scan, spoken, "seat 3", delay) == 3


def test_A31_a_press_just_after_the_next_item_ended_is_the_late_answer_to_the_one_before():
    settings = learned(SLOW).scan_settings(0, BOARD)
    clock, scan, spoken, _, _ = make_scan(settings, seconds=LONG)
    scan.start()
    while not any(kind == "item" and said == "seat 4" for _, kind, _, said in spoken):
        clock.advance(0.05)
    next_end = said_item(spoken, "seat 4")[1] - said_item(spoken, "seat 3")[1]
    clock, scan, spoken, _, _ = make_scan(settings, seconds=LONG)
    scan.start()
    assert press_at(clock, scan, spoken, "seat 3", next_end + 0.15) == 2     # 0.15 s after "seat 4": too soon for it
    clock, scan, spoken, _, _ = make_scan(settings, seconds=LONG)
    scan.start()
    assert press_at(clock, scan, spoken, "seat 3", next_end + 1.3) == 3      # 1.3 s after "seat 4": its answer


def test_A31_a_quick_answer_to_the_next_item_is_not_taken_for_a_slow_one_to_the_item_before():
    """A seat answering in about 2.5 s whose press comes 1.25 s after the next item ended (a
    quick answer to it) and over 5 s after the item before (a slow one to that): the
    likelier is the next item."""
    settings = learned((2.4, 2.6, 2.5, 2.45, 2.55)).scan_settings(0, BOARD)
    assert settings.credit_soonest > 1.25
    clock, scan, spoken, _, _ = make_scan(settings, seconds=LONG)
    scan.start()
    while not any(kind == "item" and said == "seat 4" for _, kind, _, said in spoken):
        clock.advance(0.05)
    next_end = said_item(spoken, "seat 4")[1] - said_item(spoken, "seat 3")[1]
    assert next_end + 1.25 > 5.0
    clock, scan, spoken, _, _ = make_scan(settings, seconds=LONG)
    scan.start()
    assert press_at(clock, scan, spoken, "seat 3", next_end + 1.25) == 3


def test_A31_no_credit_to_the_item_before_without_a_learned_pace_or_with_an_explicit_interval():
    for settings in (learned(()).scan_settings(0, BOARD), learned(SLOW).scan_settings(0, BOARD, own_interval=1.5)):
        assert getattr(settings, "credit_soonest", None) is None
        clock, scan, spoken, _, _ = make_scan(settings, seconds=LONG)
        scan.start()
        while not any(kind == "item" and said == "seat 4" for _, kind, _, said in spoken):
            clock.advance(0.05)
        start, end = said_item(spoken, "seat 4")
        delay = end - said_item(spoken, "seat 3")[1] - 0.05
        clock, scan, spoken, _, _ = make_scan(settings, seconds=LONG)
        scan.start()
        assert press_at(clock, scan, spoken, "seat 3", delay) == 3    # the item playing (A21)


def test_A31_a_press_in_the_next_item_long_after_the_one_before_picks_the_item_playing():
    """The item before ended longer ago than this seat ever takes (its latest answer): a
    press while the next item plays is no late answer to it."""
    from firmware_host.table.pace import credit_bounds

    paces = learned((1.0, 1.1, 0.9, 1.0, 1.05))
    typical, soonest, latest = credit_bounds(paces.pace(0), 2.0)
    assert soonest < typical < latest
    slow_items = dataclasses.replace(paces.scan_settings(0, BOARD), interval=latest + 0.2)
    clock, scan, spoken, _, _ = make_scan(slow_items, seconds=LONG)
    scan.start()
    assert press_at(clock, scan, spoken, "seat 3", latest + 0.2 + slow_items.grace + 0.1) == 3


# -- which cue an act answered (A31): the reaction from the right cue's end --------------------

def test_A31_a_press_credited_to_the_item_before_counts_its_reaction_from_that_items_end():
    """A slow seat's press 0.15 s after the next item ended picks the item before (its late
    answer): its reaction is counted from the end of the item it picked (about 2 s), not
    from the next item's end (0.15 s: a pace learned far too quick)."""
    from firmware_host.hardware.events import ButtonGesture
    from firmware_host.table.scanning import picked_cue_end, pressing

    settings = learned(SLOW).scan_settings(0, BOARD)
    clock, scan, spoken, _, _ = make_scan(settings, seconds=LONG)
    scan.start()
    while not any(kind == "item" and said == "seat 4" for _, kind, _, said in spoken):
        clock.advance(0.05)
    meant_end, next_end = said_item(spoken, "seat 3")[1], said_item(spoken, "seat 4")[1]
    at = next_end + 0.15
    clock.advance(at - clock.now())
    paces = SeatPaces(None)
    paces.heard({"output": "seat:0", "start": next_end - LONG, "end": next_end})     # "seat 4" heard to its end
    with pressing(ButtonGesture(0, "press", at, down_at=at)):
        scan.press()
        assert scan.picked.value == 2                                 # "seat 3", the item meant
        assert picked_cue_end() == pytest.approx(meant_end)
        counted = paces.acted(0, at, cue_end=picked_cue_end())
    assert counted == pytest.approx(at - meant_end) and counted > 1.5
    assert paces.pace(0).reactions == (pytest.approx(at - meant_end, abs=1e-3),)
    assert picked_cue_end() is None                                   # only while the press is handled


def _vote_call(paces, everyone):
    """The table asks every seat at once to vote ("Nomination: … Everyone please vote"), from
    297.447 to 303.668 s; the game waits for ``everyone`` from then on."""
    awaited = set(everyone)
    paces.awaited = lambda: tuple(sorted(awaited))
    paces.heard({"output": "table", "start": 292.0, "end": 297.447, "key": "scan.selected"})
    paces.heard({"output": "table", "start": 297.447, "end": 303.668, "key": "nomination.made"})
    return awaited


def test_A31_a_vote_answers_the_call_heard_by_all_not_the_count_of_the_votes_cast_before_it():
    """Seats voting by their own buttons: each vote is that seat's reaction to the call heard by
    all (the table's count of the votes cast so far answers the seats who voted: no cue of the
    others). Once a seat voting 3.3 s after the call was counted 0.23 s after the count: a
    pace learned too quick, its lists' window too short."""
    paces = SeatPaces(None)
    awaited = _vote_call(paces, range(7))
    assert paces.acted(1, 304.468) == pytest.approx(0.8)
    awaited.discard(1)
    paces.heard({"output": "table", "start": 304.468, "end": 306.749, "key": "ballot.counted"})   # "one of seven"
    assert paces.acted(4, 306.98) == pytest.approx(3.312)                 # not 0.231 after the count
    awaited.discard(4)
    paces.heard({"output": "table", "start": 306.98, "end": 309.1, "key": "ballot.counted"})
    assert paces.acted(6, 309.4) == pytest.approx(5.732)
    assert [paces.pace(s).reactions for s in (1, 4, 6)] == [(0.8,), (3.312,), (5.732,)]


def test_A31_a_tile_laid_after_others_at_a_shared_reader_is_no_reaction():
    """Ballots laid one after another at one ballot box: the first is a reaction to the call;
    a seat that laid its ballot after another seat's may have waited its turn there: not
    counted, neither from the call nor from the count said meanwhile."""
    paces = SeatPaces(None)
    awaited = _vote_call(paces, range(7))
    assert paces.acted(3, 304.468, reader="ballot") == pytest.approx(0.8)
    awaited.discard(3)
    assert paces.acted(1, 305.278, reader="ballot") is None              # waited behind seat 3
    awaited.discard(1)
    paces.heard({"output": "table", "start": 304.468, "end": 306.749, "key": "ballot.counted"})
    assert paces.acted(4, 306.898, reader="ballot") is None              # not 0.149 s after the count
    assert paces.acted(0, 307.708, reader="law") == pytest.approx(4.04)  # at a reader nobody else used
    assert {s: paces.pace(s).reactions for s in range(7) if paces.pace(s).reactions} == {3: (0.8,), 0: (4.04,)}


def test_A31_a_seat_not_awaited_reacts_to_the_last_clip_it_heard_and_a_new_call_is_a_new_cue():
    """The wait's cue is only for the seats awaited: a seat the game does not wait for answers
    the last clip it heard (as before); a seat awaited again after a new call answers that."""
    paces = SeatPaces(None)
    awaited = _vote_call(paces, [2])
    paces.heard({"output": "seat:5", "start": 303.668, "end": 305.0, "key": "own.news"})
    assert paces.acted(5, 306.0) == pytest.approx(1.0)                  # not awaited: the last clip it heard
    paces.heard({"output": "table", "start": 306.0, "end": 306.3, "key": "answer.to.seat.6"})
    assert paces.acted(2, 306.5) == pytest.approx(2.832)                # awaited: the call
    awaited.clear()
    paces.heard({"output": "table", "start": 306.5, "end": 308.0, "key": "vote.cast"})
    awaited.add(2)
    paces.heard({"output": "table", "start": 308.0, "end": 310.0, "key": "president.new"})
    assert paces.acted(2, 311.5) == pytest.approx(1.5)                  # the new call


def test_A31_a_call_at_the_table_while_the_earphone_still_speaks_counts_from_the_sooner_end():
    """The table's "press when you are ready" ends while the seat's earphone still tells it its
    hand (both began together): a press 0.27 s after the hand's end is counted 2.13 s after
    the call (the seat answered the call; which of the two cannot be told, and too short a
    reaction would make its window too short). Clips one after the other: the last one."""
    paces = SeatPaces(None)
    paces.heard({"output": "table", "start": 130.21, "end": 136.291, "key": "day.morning"})
    paces.heard({"output": "seat:5", "start": 130.21, "end": 138.152, "key": "hand.start"})
    assert paces.acted(5, 138.417) == pytest.approx(2.126)
    paces.heard({"output": "table", "start": 140.0, "end": 141.0, "key": "news"})
    paces.heard({"output": "seat:5", "start": 141.5, "end": 142.0, "key": "your.turn"})
    assert paces.acted(5, 143.0) == pytest.approx(1.0)
    assert paces.pace(5).reactions == (2.126, 1.0)
