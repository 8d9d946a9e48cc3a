"""What a seat gets back by a repeat (ACCESSIBILITY.md 2, 25; the table's ``speech``): a
seat's own request (a part of the story after game over, a Dying Message seat reading its
messages) is a message of its own, so a repeat gives it back; a request said with
``history=False`` (a status layer) is not, and a repeat steps back past it. A game's scan
sounds its wrap tone (the ``scan_wrap`` earcon) before it starts its list again
(ACCESSIBILITY.md 14). On ``simulate``'s mocked board with real clip lengths
(:class:`tests.table.table.Table`), In this way I become a DICTATOR set up by the console."""

from __future__ import annotations

import pytest

from firmware_host.kernel.values import Line
from firmware_host.table.speech import PRIVATE_CUE

from .table import DICTATOR_4, Table


@pytest.fixture()
def table(tmp_path):
    table = Table(tmp_path).set_up(DICTATOR_4)
    yield table
    table.close()


def test_A2_A25_a_repeat_gives_back_the_seats_own_request(table):
    adapter = table.service.game.active
    items = [Line("seat:1", "hand.start", {}), Line("seat:1", "repeat.nothing", {})]
    table.call(lambda: adapter.speech.request(items))
    table.drain()
    table.wait(1.0)
    again = table.call(lambda: adapter.speech.repeat(1))
    assert [line["key"] for line in again.lines] == ["hand.start", "repeat.nothing"]


def test_A2_A25_a_request_kept_out_of_the_history_is_never_given_back_by_a_repeat(table):
    adapter = table.service.game.active
    items = [Line("seat:1", "hand.start", {}), Line("seat:1", "repeat.nothing", {})]
    table.call(lambda: adapter.speech.request(items, history=False))
    table.drain()
    table.wait(1.0)
    again = table.call(lambda: adapter.speech.repeat(1))
    keys = [line["key"] for line in again.lines]
    assert keys and keys != ["hand.start", "repeat.nothing"]          # the seat's message before it


def test_A14_a_games_scan_sounds_the_wrap_tone_before_it_starts_its_list_again(table):
    adapter = table.service.game.active
    chosen = []

    def start():
        items = [adapter.scans.item(t, "scan.seat", {"seat": t, "votes": 0}) for t in (0, 2)]
        adapter.scans.start(1, items, chosen=chosen.append, intro=("scan.choose_target", {}))

    table.call(start)
    table.wait(40)
    wraps = [earcon for channel, key, earcon in table.cues if channel == "seat:1" and key == "scan.wrap"]
    assert wraps and all(earcon == "scan_wrap" for earcon in wraps)
    assert chosen == []


def test_R16_a_games_scan_of_private_steps_cues_each_step_as_private(table):
    """A game whose scan steps are not padded to one length (``SCAN_CUE``): each private step
    (here "choose a target", "seat N") comes after the private cue, so a seat hears that
    what follows is for it alone (ACCESSIBILITY.md 8)."""
    adapter = table.service.game.active
    assert adapter.SCAN_CUE and adapter.words.is_private("scan.seat")

    def start():
        items = [adapter.scans.item(t, "scan.seat", {"seat": t, "votes": 0}) for t in (0, 2)]
        adapter.scans.start(1, items, chosen=lambda value: None, intro=("scan.choose_target", {}))

    table.call(start)
    table.wait(12)
    steps = [(key, earcon) for channel, key, earcon in table.cues
             if channel == "seat:1" and key in ("scan.choose_target", "scan.seat")]
    assert [key for key, _ in steps][:3] == ["scan.choose_target", "scan.seat", "scan.seat"]
    assert all(earcon == PRIVATE_CUE for _, earcon in steps)


def test_A4_A23_a_private_clip_said_at_once_and_cut_off_at_one_seat_is_written_cut_at_that_seat_only(table):
    adapter = table.service.game.active
    items = [Line("seat:0", "hand.start", {}), Line("seat:2", "hand.start", {})]
    mark = len(table.lines.objects)
    table.call(lambda: adapter.speech.say_padded(items))
    table.wait(0.3)                                                   # both clips are playing
    table.call(lambda: adapter.speech.request([Line("seat:2", "repeat.nothing", {})], history=False))
    table.drain()
    table.wait(1.0)
    written = {o["output"]: o for o in table.lines.objects[mark:]
               if o.get("event") == "announce" and o["key"] == "hand.start"}
    assert set(written) == {"seat:0", "seat:2"}
    assert written["seat:2"].get("cut") is True and "cut" not in written["seat:0"]    # seat 3 asked: its clip is cut
    assert written["seat:2"]["end"] < written["seat:0"]["end"]


def test_M43_a_game_whose_scan_steps_take_no_cue_gets_none_before_a_private_step(table):
    """Dying Message (``SCAN_CUE = False``: every list item of a step lasts one time, M43):
    its private list steps come without the private cue, padded or not."""
    from firmware_host.kernel import games

    adapter = table.call(lambda: games.pack("dying_message").adapter(table.service))
    assert adapter.SCAN_CUE is False and adapter.words.is_private("scan.confirm.seat")

    def start():
        items = [adapter.scans.item(t, "scan.confirm.seat", {"seat": t}) for t in (0, 2)]
        adapter.scans.start(3, items, chosen=lambda value: None)

    table.call(start)
    table.wait(12)
    steps = [earcon for channel, key, earcon in table.cues if channel == "seat:3" and key == "scan.confirm.seat"]
    assert len(steps) >= 2 and all(earcon is None for earcon in steps)


def test_A15_A26_cancel_pressed_while_it_plays_ends_the_list_and_the_game_hears_it(table):
    """A press while "cancel" is saying itself picks it (a script's press: the item that has
    started): the list ends, the game's ``cancelled`` runs, nothing is chosen."""
    adapter = table.service.game.active
    chosen, cancelled = [], []

    def start():
        items = [adapter.scans.item(t, "scan.seat", {"seat": t, "votes": 0}) for t in (0, 2)]
        adapter.scans.start(1, items, chosen=chosen.append, cancelled=lambda: cancelled.append(True))

    table.call(start)
    for _ in range(400):
        if any(o.get("output") == "seat:1" and o.get("key") == "scan.cancel" for o in table.starts):
            break
        table.wait(0.05)
    table.wait(0.2)                                                   # "cancel" is playing
    table.press(1)
    table.wait(1.0)
    assert cancelled == [True] and chosen == [] and adapter.scans.get(1) is None
