"""A seat's status at a board whose status is said at the table (``[service] status_channel =
"public"``, ACCESSIBILITY.md 3, 29: for players without earphones): a hold gives the layer's
public lines on the table speaker and its private ones, if any, only in the seat's earphone.
On ``simulate``'s mocked board with real clip lengths (:class:`tests.table.table.Table`),
In this way I become a DICTATOR set up by the console."""

from __future__ import annotations

from .table import DICTATOR_4, Table


def test_A3_A29_with_status_channel_public_a_hold_says_the_public_status_at_the_table(tmp_path):
    table = Table(tmp_path, config='[service]\nstatus_channel = "public"\n')
    try:
        table.set_up(DICTATOR_4)
        adapter = table.service.game.active
        first = table.call(lambda: adapter.status_answers(1))[0]
        public = [line.key for line in first if not adapter.words.is_private(line.key)]
        assert public                                         # the first layer says something public
        mark = len(table.lines.objects)
        table.press(1, "hold")
        table.drain()
        table.wait(2.0)
        written = [o for o in table.lines.objects[mark:] if o.get("event") == "announce"]
        at_table = [o["key"] for o in written if o["output"] == "table"]
        assert at_table[:len(public)] == public
        assert all(o["channel"] == "public" for o in written if o["output"] == "table")
        assert not [o for o in written if o["output"] == "seat:1" and o["key"] in public]
    finally:
        table.close()


def test_A3_A29_at_a_board_with_a_whisper_station_a_hold_says_the_public_status_at_the_table(tmp_path):
    """No earphones (one whisper station for private messages): a status's public lines are
    said on the table speaker, as with ``status_channel = "public"``."""
    table = Table(tmp_path, config="[audio]\nwhisper_station = true\nwhisper_device = \"board_whisper\"\n")
    try:
        table.play_all([{"setup": dict(DICTATOR_4)}])
        table.drain()
        table.wait(30.0)
        adapter = table.service.game.active
        assert not table.service.voice.has_earphones()
        first = table.call(lambda: adapter.status_answers(1))[0]
        public = [line.key for line in first if not adapter.words.is_private(line.key)]
        assert public
        mark = len(table.starts)
        table.press(1, "hold")
        table.drain()
        table.wait(3.0)
        at_table = [o["key"] for o in table.starts[mark:] if o.get("output") == "table"]
        assert at_table[:len(public)] == public
    finally:
        table.close()
