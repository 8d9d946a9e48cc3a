"""Every REPLAY.md rejection reason, its precedence, and that a refusal changes nothing."""

from __future__ import annotations

import pytest

from firmware_host.games.secret_dictator import REASONS, Action, IllegalAction
from firmware_host.errors import FirmwareHostError
from engine_helpers import A, elect, make, refused, session


def test_reason_game_over_beats_everything():
    game = make(5, deck="DFF DFF DFF DFF DFF")
    for _ in range(5):
        session(game, "democratic")
    assert game.phase == "game_over"
    assert refused(game, A("vote", seat=99, ballot="maybe")).reason == "game_over"
    assert refused(game, A("nominate", seat=game.president, target=1)).reason == "game_over"


@pytest.mark.parametrize("action", [
    A("nominate", seat=0, target="1"),
    A("nominate", seat=None, target=1),
    A("nominate", seat=True, target=1),
    A("vote", seat=1, ballot="yes"),
    A("vote", seat=7, ballot="ja"),
    A("enact", seat=1, party="liberal"),
    A("veto_reply", seat=0, accept="yes"),
    A("reshuffle", order=("fascist", "green")),
    A("chaos_law", party=None),
    A("frobnicate", seat=0),
])
def test_reason_malformed_beats_wrong_phase(action):
    assert refused(make(5), action).reason == "malformed"


def test_reason_malformed_from_json_missing_field():
    with pytest.raises(IllegalAction) as info:
        Action.from_json({"action": "nominate", "seat": 0})
    assert info.value.reason == "malformed" and "target" in str(info.value)


def test_reason_wrong_phase_for_action_not_expected_now():
    game = make(5)
    assert refused(game, A("vote", seat=0, ballot="ja")).reason == "wrong_phase"
    assert refused(game, A("execute", seat=0, target=1)).reason == "wrong_phase"
    assert refused(game, A("acknowledge", seat=0)).reason == "wrong_phase"
    assert refused(game, A("veto", seat=0)).reason == "wrong_phase"
    assert refused(game, A("chaos_law", party="fascist")).reason == "wrong_phase"


def test_reason_not_alive_actor_before_not_your_turn():
    game = make(7, deck="FFD FFD FFD FFD")
    for _ in range(4):
        session(game, "fascist")
        if game.power in ("view_discard", "peek"):
            game.apply(A("acknowledge", seat=game.president))
    game.apply(A("execute", seat=game.president, target=0))
    assert refused(game, A("nominate", seat=0, target=2)).reason == "not_alive"


def test_reason_not_your_turn():
    game = make(5)
    assert refused(game, A("nominate", seat=1, target=2)).reason == "not_your_turn"


def test_reason_already_voted():
    game = make(5)
    game.apply(A("nominate", seat=0, target=1))
    game.apply(A("vote", seat=2, ballot="nein"))
    assert refused(game, A("vote", seat=2, ballot="nein")).reason == "already_voted"


@pytest.mark.parametrize("target", [0, 5, -1])
def test_reason_invalid_target_self_or_outside(target):
    assert refused(make(5), A("nominate", seat=0, target=target)).reason == "invalid_target"


def test_reason_ineligible():
    game = make(7)
    elect(game, 3)
    game.apply(A("discard", seat=0, party=game.hand[0]))
    game.apply(A("enact", seat=3, party=game.hand[0]))
    assert refused(game, A("nominate", seat=1, target=3)).reason == "ineligible"


def test_reason_not_in_hand_is_private():
    game = make(5, deck="FFF")
    elect(game, 2)
    exc = refused(game, A("discard", seat=0, party="democratic"))
    assert exc.reason == "not_in_hand" and exc.private
    assert not refused(game, A("discard", seat=1, party="fascist")).private


def test_illegal_action_is_a_firmware_host_error_and_value_error():
    exc = refused(make(5), A("vote", seat=0, ballot="ja"))
    assert isinstance(exc, FirmwareHostError) and isinstance(exc, ValueError)
    assert exc.reason in REASONS


def test_action_json_round_trip():
    for action in [A("nominate", seat=0, target=3), A("vote", seat=1, ballot="ja"),
                   A("discard", seat=0), A("veto_reply", seat=2, accept=False),
                   A("reshuffle", order=("fascist", "democratic")),
                   A("chaos_law", party="fascist")]:
        assert Action.from_json(action.to_json()) == action


def test_reason_malformed_only_for_the_actions_own_fields():
    """REPLAY.md `malformed` is about the action's fields: a field the action does not take
    (here `order` on a nominate) is ignored, like any other extra field."""
    action = Action.from_json({"action": "nominate", "seat": 0, "target": 1, "order": 5})
    assert action == A("nominate", seat=0, target=1)
    action = Action.from_json({"action": "vote", "seat": 0, "ballot": "ja", "order": "x"})
    assert action == A("vote", seat=0, ballot="ja")


def test_reason_malformed_discard_without_party_on_a_tracked_deck_names_the_field():
    """REPLAY.md: only an untracked deck may leave out the discard's party; on a tracked deck
    it is a missing field, and the message says so."""
    game = make(5)
    elect(game, 2)
    exc = refused(game, A("discard", seat=0))
    assert exc.reason == "malformed" and "'party' is missing" in exc.message
