"""A press during a list's spoken intro ("Choose: the seats are named one by one. Press your
button when you hear the one you want.") is answered at once by the answer cue in the seat's
earphone (ACCESSIBILITY.md 26: every press gets its first sound at once), picks nothing
(ACCESSIBILITY.md 27: no item heard yet) and cuts the intro, so the first item follows; the
same for every game's lists (the table's :class:`~firmware_host.table.scans.SeatScans`).
Before, the press got nothing and its first sound was the first item, 5 s later."""

from __future__ import annotations

from .table import scans_with_playback


def test_A26_a_press_during_the_intro_gets_the_answer_cue_at_once_and_picks_nothing(mocker):
    scans, service, steps = scans_with_playback(mocker)
    chosen = mocker.MagicMock()
    scans.start(2, [scans.item(5, "scan.seat", {"seat": 5}), scans.item(6, "scan.seat", {"seat": 6})], chosen,
                intro=("scan.intro", {}))
    assert [s[0] for s in steps] == ["scan.intro"]
    service.clock.advance(1.5)                       # 1.5 s into the intro
    assert scans.press(2) is True
    service.voice.answer_cue.assert_called_once_with(2, priority="refusal")   # it cuts the intro
    chosen.assert_not_called()
    # the intro is cut (the cue's rank): the first item follows it, and a press on it picks it
    key, utt, ended = steps[0]
    utt.done.return_value = True
    ended(True)
    service.clock.advance(1.0)
    assert [s[0] for s in steps] == ["scan.intro", "scan.seat"]
    service.clock.advance(0.5)
    scans.press(2)
    assert service.voice.answer_cue.call_count == 1  # an item's pick is answered by its game
    chosen.assert_called_once_with(5)


def test_A27_a_press_once_an_item_was_said_is_a_pick_not_an_intro_press(mocker):
    scans, service, steps = scans_with_playback(mocker)
    chosen = mocker.MagicMock()
    scans.start(1, [scans.item(3, "scan.seat", {"seat": 3})], chosen, intro=("scan.intro", {}))
    key, utt, ended = steps[0]
    utt.done.return_value = True
    ended(False)                                     # the intro heard to its end
    service.clock.advance(1.0)                       # first_delay: item 1 plays
    service.clock.advance(0.6)
    scans.press(1)
    service.voice.answer_cue.assert_not_called()
    chosen.assert_called_once_with(3)


def test_A26_issue31_a_press_before_the_first_item_of_a_list_without_intro_gets_the_answer_cue(mocker):
    # a seat that pressed twice (a double press) opened a list without intro ("Confirm: drop
    # the Jester") with its first press; its second press, before that first item began, got no
    # sound at all until the item was said (1.9 s): it is answered at once and picks nothing
    scans, service, steps = scans_with_playback(mocker)
    chosen = mocker.MagicMock()
    scans.start(4, [scans.item("confirm", "scan.seat", {"seat": 1})], chosen)
    assert steps == []                               # the first item waits its first delay
    service.clock.advance(0.3)
    assert scans.press(4) is True
    service.voice.answer_cue.assert_called_once_with(4, priority="refusal")
    chosen.assert_not_called()
    service.clock.advance(1.0)
    assert [s[0] for s in steps] == ["scan.seat"]    # the list goes on: its first item


def test_A26_issue31_a_press_that_starts_a_stopped_list_again_gets_the_answer_cue_at_once(mocker):
    # "Choose: stopped after the last pass. Press your button to start again.": the press was
    # answered only by the list's first item, 1.15 s later (at 3 s a sentence, seed 5 at 7
    # seats, In this way I become a DICTATOR); the cue answers it at once, cutting the notice,
    # and the first item follows after its first delay with all its passes again
    scans, service, steps = scans_with_playback(mocker)
    chosen = mocker.MagicMock()
    scans.start(3, [scans.item(5, "scan.seat", {"seat": 5})], chosen)
    scan = scans.get(3)
    for _ in range(40):                              # three passes, each step heard to its end
        service.clock.advance(0.5)
        if not steps:
            continue
        key, utt, ended = steps[-1]
        if not utt.done.return_value:
            utt.done.return_value = True
            ended(False)
        if scan.stopped:
            break
    assert scan.stopped and steps[-1][0] == "scan.stopped"
    service.voice.answer_cue.assert_not_called()
    service.clock.advance(1.2)
    said = len(steps)
    assert scans.press(3) is True
    service.voice.answer_cue.assert_called_once_with(3, priority="refusal")
    chosen.assert_not_called()
    assert len(steps) == said                        # nothing else yet: the cue is the answer
    service.clock.advance(1.0)                       # its first delay: item 1 again
    assert steps[-1][0] == "scan.seat" and not scan.stopped
