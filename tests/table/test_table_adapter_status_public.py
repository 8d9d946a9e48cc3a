"""A seat's status at a board whose status is said at the table (``[service] status_channel =
"public"``, ACCESSIBILITY.md 3, 29: for players without earphones): a hold gives the layer's
public lines on the table speaker and its private ones, if any, only in the seat's earphone.
On ``simulate``'s mocked board with real clip lengths (:class:`tests.table.table.Table`),
In this way I become a DICTATOR set up by the console."""

from __future__ import annotations

import re

import pytest

from firmware_host.kernel import games

from .table import DICTATOR_4, Table
from .test_conformance import hooks


def test_A3_A29_with_status_channel_public_a_hold_says_the_public_status_at_the_table(tmp_path):
    table = Table(tmp_path, config='[service]\nstatus_channel = "public"\n')
    try:
        table.set_up(DICTATOR_4)
        adapter = table.service.game.active
        first = table.call(lambda: adapter.status_answers(1))[0]
        # as the table says them: a "you" line names the seat (finding 17)
        public = [adapter.said_at_table(line.key, line.params, 1)[0] for line in first
                  if not adapter.words.is_private(line.key)]
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
        # as the table says them: a "you" line names the seat (finding 17)
        public = [adapter.said_at_table(line.key, line.params, 1)[0] for line in first
                  if not adapter.words.is_private(line.key)]
        assert public
        mark = len(table.starts)
        table.press(1, "hold")
        table.drain()
        table.wait(3.0)
        at_table = [o["key"] for o in table.starts[mark:] if o.get("output") == "table"]
        assert at_table[:len(public)] == public
    finally:
        table.close()


#: where each game's sample game has a seat the table waits for, as a status's "you" says it:
#: the signals are played up to the first ``wait_for`` of this key (None: the start)
_YOU_AT = {"secret_dictator": None, "autocracy": None, "become_dictator": "scan.seat", "dying_message": "vote.open"}
#: "you" said in the table speaker, English
_YOU = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)


def _you_parts(layers: list) -> list[str]:
    return [line.key for layer in layers for line in layer if "you" in line.key.split(".")]


@pytest.mark.parametrize("name", games.names())
def test_A3_finding17_with_status_channel_public_the_status_names_the_seat_never_you(tmp_path, name):
    """Probe finding 17: a status said at the table speaker, where nobody knows whose "you" it
    is, names the holding seat ("Seat 3: vote now") in every layer and never says "you"; the
    seat's private lines stay in its earphone. Every registered game, played from its pack's
    sample game to a step where a seat is waited for (:data:`_YOU_AT`)."""
    script = hooks(name)
    setup = script.sample_setup("en")
    signals = script.signals_for_game(setup, script.whole_game(setup, 2))
    upto = _YOU_AT.get(name)
    stop = 1 if upto is None else next(i for i, s in enumerate(signals)
                                       if s.get("signal") == "wait_for" and s.get("key") == upto)
    table = Table(tmp_path, seed=None, config='[service]\nstatus_channel = "public"\n')
    try:
        table.play_all(signals[:stop])
        table.drain()
        table.wait(2.0)
        adapter = table.service.game.active
        seats = range(int(table.last_setup().get("players", 4)))
        answers = {s: table.call(lambda s=s: adapter.status_answers(s)) for s in seats}
        seat = next(s for s in seats if _you_parts(answers[s][:1]))      # the first answer says "you"
        public = [line for layer in answers[seat] for line in layer if not adapter.words.is_private(line.key)]
        assert _you_parts([public])                                      # (else the test could not fail)
        heard: list[dict] = []
        for _ in range(len(answers[seat])):                              # every layer, a hold each
            mark = len(table.starts)
            table.press(seat, "hold")
            table.drain()
            table.wait(1.5)
            heard += [o for o in table.starts[mark:] if o.get("output") == "table"]
        assert heard
        assert [o["text"] for o in heard if _YOU.search(o["text"])] == []
        # each line that says "you" to the seat is heard as the game's twin naming it
        twins = [adapter.said_at_table(line.key, line.params, seat) for line in public
                 if "you" in line.key.split(".")]
        assert all(key.split(".").count("seat") == 1 and params["seat"] == seat for key, params in twins)
        said = [(o["key"], o["params"]) for o in heard]
        assert [t for t in twins if t not in said] == [], said
    finally:
        table.close()


@pytest.mark.parametrize("name", games.names())
def test_A3_finding17_every_status_line_that_says_you_has_its_twin_naming_the_seat(name):
    """Each status key a game says to a seat as "you" (a ``you`` part) has the twin the table
    says at the table speaker (:meth:`BoardAdapter.said_at_table`): the same key with ``seat``,
    its parameters and ``seat``, private as the original is."""
    import importlib

    from firmware_host.table.adapter import BoardAdapter

    catalogue = importlib.import_module(f"firmware_host.games.{name}.catalogue").CATALOGUE
    yous = [k for k in catalogue.keys() if k.startswith("status.") and "you" in k.split(".")]
    assert yous                                     # every game says "you" in a seat's status
    missing = []
    for key in yous:
        params, private = catalogue.schema(key)
        twin, with_seat = BoardAdapter.said_at_table(None, key, {p: 0 for p in params}, 2)
        if not catalogue.has(twin) or catalogue.schema(twin) != (tuple(with_seat), private):
            missing.append(f"{key} -> {twin}{tuple(with_seat)}")
    assert missing == []
