"""An accepted or refused action's INFO log line names no secret (RULES.md R16): Secret
Dictator declares what each action's line may name (``LOGGED``), the kit's ``describe_action``
writes it: who voted but never the ballot, who discarded but never the party, how many laws a
reshuffle orders but never which; a game that declares nothing is logged by its kind alone."""

from __future__ import annotations

import pytest

from firmware_host.games.become_dictator.board import BecomeDictatorGame
from firmware_host.games.secret_dictator import Action
from firmware_host.games.secret_dictator.board.game import SecretDictatorGame

CASES = [
    (Action("vote", seat=2, ballot="nein"), "vote by seat 2"),
    (Action("discard", seat=4, party="fascist"), "discard by seat 4"),
    (Action("reshuffle", order=("fascist",) * 11 + ("democratic",) * 6), "reshuffle order of 17"),
    (Action("nominate", seat=0, target=3), "nominate by seat 0 target 3"),
    (Action("enact", seat=3, party="fascist"), "enact by seat 3 party fascist"),
    (Action("veto_reply", seat=1, accept=False), "veto_reply by seat 1 accept False"),
]


@pytest.mark.parametrize(("action", "line"), CASES, ids=[line for _, line in CASES])
def test_R16_an_actions_log_line_names_what_is_public_and_no_ballot_party_or_order(action, line):
    table = object.__new__(SecretDictatorGame)      # only its declaration is read
    assert table.describe_action(action) == line
    assert "nein" not in line and "democratic" not in line


def test_R16_a_game_that_declares_nothing_is_logged_by_the_actions_kind_alone():
    table = object.__new__(BecomeDictatorGame)
    assert table.describe_action(Action("vote", seat=2, ballot="ja")) == "vote"
