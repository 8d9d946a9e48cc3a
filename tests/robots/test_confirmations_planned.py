"""Every confirmation a seat can get is rendered when its game is set up (issue 31: "the board
renders this table's confirmations (names included) when a game is set up"; ACCESSIBILITY.md
26): on a fresh Pi (3 s a sentence, an empty speech cache) a confirmation that is not in the
table's speech plan starts seconds after the act.

A robot table plays each registered game; every confirmation heard in a seat's own earphone
— the table's "noted", a pick's answer (``scan.selected``) and the game's answer to a seat's
own act (said with ``own_act``, the game's flow: not a refusal or a correction) — is one of
the (channel, text) pairs of the plan the table gave the voice when the game was set up.
"""

from __future__ import annotations

import io
import json

import pytest

from firmware_host.kernel import games
from firmware_host.robots.table import RobotTable
from firmware_host.service.voice import Voice
from firmware_host.table.adapter import BoardAdapter

#: answers to a seat's act that are no confirmation of it (the act was refused or must be redone)
NOT_CONFIRMING = ("refusal.", "correction.")


@pytest.mark.parametrize("name", games.names())
def test_issue31_every_confirmation_a_seat_hears_is_in_the_plan_rendered_at_setup(name, mocker):
    prerender = mocker.spy(Voice, "prerender")
    say = mocker.spy(BoardAdapter, "say")
    out = io.StringIO()
    table = RobotTable(6 if name == "autocracy" else 7, name, seed=5, out=out)
    table.run(1)
    assert table.stuck == "", table.stuck
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    begun = next(i for i, line in enumerate(lines) if line.get("event") == "game_started")
    over = next(i for i, line in enumerate(lines) if line.get("event") == "game_over")
    plan = set(prerender.call_args_list[-1].args[1]())
    own = {call.args[2] for call in say.call_args_list if call.kwargs.get("own_act")}
    confirming = {"table.noted", "scan.selected"} | {k for k in own if not k.startswith(NOT_CONFIRMING)}
    heard = [line for line in lines[begun:over] if line.get("event") == "announce" and line.get("text")
             and line["channel"].startswith("seat:") and line["key"] in confirming]
    assert {line["key"] for line in heard} >= {"scan.selected"} or name == "secret_dictator"
    missing = sorted({(line["key"], line["channel"], line["text"]) for line in heard
                      if (line["channel"], line["text"]) not in plan})
    assert missing == [], f"{len(missing)} confirmations rendered only when said, e.g. {missing[:6]}"
