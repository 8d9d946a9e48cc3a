"""A final pick cuts the list's step still playing in the chooser's earphone (ACCESSIBILITY.md
26: "the item's clip may be cut for it"), so the game's answer to the press follows at once
instead of waiting behind the next item or "back" (issue 31: Dying Message's "chosen" came
3.5 s after the press, behind a padded "back")."""

from __future__ import annotations

from .table import scans_with_playback


def end(steps, index):
    key, utt, ended = steps[index]
    utt.done.return_value = True
    ended(False)


def test_A26_a_pick_credited_to_the_item_before_cuts_the_next_item_playing(mocker):
    scans, service, steps = scans_with_playback(mocker)
    chosen = mocker.MagicMock()
    scans.start(2, [scans.item(5, "scan.seat", {"seat": 5}), scans.item(6, "scan.seat", {"seat": 6})], chosen)
    service.clock.advance(1.0)                       # first_delay: item 1 plays
    end(steps, 0)
    service.clock.advance(1.5)                       # the interval: item 2 plays
    assert [s[0] for s in steps] == ["scan.seat", "scan.seat"]
    service.clock.advance(0.2)                       # a press in item 2's first moments: item 1 (27)
    service.voice.interrupt.assert_not_called()
    chosen.side_effect = lambda value: service.voice.interrupt.assert_called_once_with("seat:2")
    scans.get(2).press(at=service.clock.now())
    chosen.assert_called_once_with(5)                # the answer comes after the cut


def test_A26_a_confirmation_pressed_while_back_plays_cuts_back(mocker):
    scans, service, steps = scans_with_playback(mocker)
    chosen = mocker.MagicMock()
    scans.start(1, [scans.item(3, "scan.seat", {"seat": 3})], chosen,
                confirm=lambda item: (scans.item(item.value, "scan.confirm.seat", {"seat": 3}), None))
    service.clock.advance(1.0)
    end(steps, 0)
    service.clock.advance(0.5)
    scans.press(1)                                   # picks seat 4: its confirmation at once
    service.clock.advance(0.0)
    assert steps[-1][0] == "scan.confirm.seat"
    end(steps, len(steps) - 1)
    service.clock.advance(1.5)
    assert steps[-1][0] == "scan.back"               # "back" plays
    service.clock.advance(0.3)
    scans.get(1).press(at=service.clock.now())       # the confirmation, pressed in back's first moments
    chosen.assert_called_once_with(3)
    service.voice.interrupt.assert_called_once_with("seat:1")


def test_A26_a_pick_with_nothing_playing_cuts_nothing(mocker):
    scans, service, steps = scans_with_playback(mocker)
    cancelled = mocker.MagicMock()
    scans.start(0, [scans.item(1, "scan.seat", {"seat": 1})], mocker.MagicMock(), cancelled=cancelled)
    service.clock.advance(1.0)
    end(steps, 0)
    service.clock.advance(1.5)                       # "cancel" plays
    end(steps, 1)
    service.clock.advance(0.4)                       # in the pause after it: nothing plays
    scans.press(0)
    cancelled.assert_called_once_with()
    service.voice.interrupt.assert_not_called()


def test_A26_R16_a_pick_pressed_while_its_own_item_plays_leaves_it_to_its_end(mocker):
    """The item pressed for plays to its end (a padded list's items each last their length);
    only a later step is cut for the answer."""
    scans, service, steps = scans_with_playback(mocker)
    chosen = mocker.MagicMock()
    scans.start(4, [scans.item(2, "scan.seat", {"seat": 2})], chosen)
    service.clock.advance(1.0)
    service.clock.advance(0.8)                       # item 1 plays, pressed for
    scans.get(4).press(at=service.clock.now())
    chosen.assert_called_once_with(2)
    service.voice.interrupt.assert_not_called()
