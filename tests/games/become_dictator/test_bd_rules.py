"""The engine rule by rule (DICTATOR.md D1-D15, D28, D29) and the official Q&A on play."""

from __future__ import annotations

import json

import pytest

from firmware_host.games.become_dictator import (HAND_SIZES, ROLES, Action, Game,
                                                 IllegalAction, Setup, SetupError,
                                                 private_view, public_view, state_json)
from firmware_host.games.become_dictator.announce import announcements

from bd_helpers import advance, at, new_game


def refused(game: Game, action: Action) -> str:
    before = json.dumps([state_json(game), [private_view(game, s)
                                            for s in range(game.players)]])
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    after = json.dumps([state_json(game), [private_view(game, s)
                                           for s in range(game.players)]])
    assert before == after, "a refused action changed the game"
    return info.value.reason


# -- setup ------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", range(4, 11))
def test_D1_four_to_ten_players(players):
    game = new_game(players)
    assert game.awaiting() == tuple(range(players))


@pytest.mark.parametrize("players", [3, 11, 0, True, 5.0, "5", None])
def test_D1_other_player_counts_are_refused_in_one_line(players):
    with pytest.raises(SetupError) as info:
        Setup.from_json({"game": "become_dictator", "players": players})
    assert "players must be an integer from 4 to 10" in str(info.value)
    assert "\n" not in str(info.value)


def test_D2_every_hand_starts_with_all_seven_roles_in_order_and_nothing_is_dealt():
    game = new_game(6)
    assert ROLES == ("dictator", "jester", "noble", "revolutionary", "assassin", "commoner",
                     "priest")
    assert all(private_view(game, s)["hand"] == list(ROLES) for s in range(6))
    assert json.dumps(state_json(new_game(6))) == json.dumps(state_json(game))


def test_D3_five_voting_rights_and_zero_votes_both_public():
    game = new_game(5)
    view = public_view(game)
    assert view["voting_rights"] == [5] * 5 and view["votes"] == [0] * 5


# -- a day ------------------------------------------------------------------------------------

def test_D4_five_days_morning_noon_night_and_no_night_after_day_5():
    game = Game(Setup(players=4))
    events = game.start() + advance(game, lambda g: False)
    days = [e.data["day"] for e in events if e.kind == "day"]
    assert days == [1, 2, 3, 4, 5]
    nights = [e.data["day"] for e in events if e.kind == "night_over"]
    assert nights == [1, 2, 3, 4]
    assert events[-1].kind == "game_over" and game.day == 5


def test_D5_the_morning_is_no_engine_step_noon_follows_the_day_at_once():
    game = Game(Setup(players=4))
    events = game.start()
    assert [e.kind for e in events] == ["game_started", "day", "phase"]
    assert events[2].data == {"phase": "vote", "day": 1, "waiting": [0, 1, 2, 3]}


def test_D6_one_action_per_day_and_no_voting_rights_left_after_day_5():
    game = new_game(5)
    advance(game, lambda g: False)
    assert game.voting_rights == [0] * 5


def test_D6_nobody_may_abstain_the_step_waits_for_every_seat():
    game = new_game(4)
    for seat in range(3):
        game.apply(Action("vote", seat, (seat + 1) % 4))
    assert game.phase == "vote" and game.awaiting() == (3,)
    assert refused(game, Action("vote", 0, 2)) == "already_acted"


def test_D7_a_vote_goes_to_another_player():
    game = new_game(4)
    assert refused(game, Action("vote", 2, 2)) == "invalid_target"
    events = game.apply(Action("vote", 2, 3))
    assert events[0].to_json() == {"event": "voted", "seat": 2, "target": 3, "votes": 1}
    assert game.votes == [0, 0, 0, 1] and game.voting_rights == [5, 5, 4, 5]


def test_D8_no_discard_votes_on_day_1():
    game = new_game(4)
    assert refused(game, Action("discard_vote", 0, 1, "dictator")) == "wrong_phase"
    assert refused(game, Action("no_discard_vote", 0)) == "wrong_phase"


def test_D8_a_discard_vote_may_name_a_player_with_zero_votes_and_still_pledges():
    game2 = new_game(4)
    for seat, t in ((0, 1), (1, 0), (2, 1), (3, 1)):
        game2.apply(Action("vote", seat, t))
    advance(game2, at(2, "discard_vote"))
    assert game2.votes == [1, 3, 0, 0]
    game2.apply(Action("discard_vote", 0, 2, "priest"))
    for seat in (1, 2, 3):
        game2.apply(Action("no_discard_vote", seat))
    assert game2.votes == [1, 3, 0, 0] and game2.pledges == ["priest", None, None, None]


def test_D8_on_day_5_a_discard_vote_cancels_a_vote_cast_the_same_day():
    game = new_game(4)
    advance(game, at(5, "final_vote"))
    before = list(game.votes)
    game.apply(Action("vote", 0, 1))
    game.apply(Action("discard_vote", 2, 1))
    game.apply(Action("vote", 1, 0))
    game.apply(Action("vote", 3, 0))
    assert game.votes[1] == before[1] and game.votes[0] == before[0] + 2


def test_D9_day_1_votes_count_at_once_in_any_order():
    game = new_game(5)
    for seat in (3, 0, 4):
        game.apply(Action("vote", seat, 1))
        assert state_json(game)["votes"][1] == [3, 0, 4].index(seat) + 1


def test_D10_discard_votes_are_secret_until_all_decided_then_resolved_together():
    game = new_game(4)
    advance(game, at(2, "discard_vote"))
    votes = list(game.votes)
    events = game.apply(Action("discard_vote", 0, 1, "assassin"))
    assert [e.kind for e in events] == ["decided"]
    assert events[0].data == {"seat": 0, "phase": "discard_vote", "decided": 1, "of": 4}
    assert game.votes == votes and game.voting_rights[0] == 4     # nothing public yet
    assert state_json(game)["pledged_drops"] == [None] * 4
    game.apply(Action("no_discard_vote", 1))
    game.apply(Action("discard_vote", 3, 1, "noble"))
    events = game.apply(Action("no_discard_vote", 2))
    resolved = events[1]
    assert resolved.kind == "discard_votes"
    assert resolved.data["discard_votes"] == [{"seat": 0, "target": 1, "role": "assassin"},
                                              {"seat": 3, "target": 1, "role": "noble"}]
    assert game.voting_rights == [3, 4, 4, 3]
    assert game.pledges == ["assassin", None, None, "noble"]
    assert events[2].data == {"phase": "vote", "day": 2, "waiting": [1, 2]}


def test_D10_the_vote_step_is_only_for_seats_that_did_not_discard_vote():
    game = new_game(4)
    advance(game, at(2, "discard_vote"))
    game.apply(Action("discard_vote", 0, 1, "assassin"))
    for seat in (1, 2, 3):
        game.apply(Action("no_discard_vote", seat))
    assert refused(game, Action("vote", 0, 2)) == "already_acted"
    assert refused(game, Action("discard_vote", 1, 2, "noble")) == "wrong_phase"


def test_D10_when_everyone_discard_votes_there_is_no_vote_step():
    game = new_game(4)
    advance(game, at(2, "discard_vote"))
    for seat in range(4):
        events = game.apply(Action("discard_vote", seat, seat, "priest"))
    assert [e.kind for e in events][-1] == "phase" and game.phase == "night"


def test_QA_general_3_days_2_to_4():
    """Q&A General A3: on days 2-4 votes never go below 0 when discard-votes are resolved,
    and what the floor cuts off does not carry over to the vote step."""
    game = new_game(5)
    for seat, t in ((0, 1), (1, 0), (2, 0), (3, 0), (4, 0)):
        game.apply(Action("vote", seat, t))
    advance(game, at(2, "discard_vote"))
    assert game.votes[1] == 1
    for seat in (0, 2, 3):
        game.apply(Action("discard_vote", seat, 1, "priest"))
    for seat in (1, 4):
        game.apply(Action("no_discard_vote", seat))
    assert game.votes[1] == 0
    game.apply(Action("vote", 4, 1))
    assert game.votes[1] == 1


def test_QA_general_3_day_5():
    """Q&A General A3: on day 5 a player may be negative during processing, never in the
    result: max(0, before + received - discarded)."""
    game = new_game(5)
    for seat, t in ((0, 1), (1, 0), (2, 0), (3, 0), (4, 0)):
        game.apply(Action("vote", seat, t))
    advance(game, at(5, "final_vote"))
    game.votes = [1, 1, 1, 1, 1]        # D11's arithmetic from one vote each (a fixture)
    # seat 2: 1 before + 1 received - 3 discarded = -1 during processing -> 0
    # seat 3: 1 before + 1 received = 2 (the discard-votes of seat 2 land elsewhere)
    game.apply(Action("discard_vote", 0, 2))
    game.apply(Action("discard_vote", 1, 2))
    game.apply(Action("discard_vote", 3, 2))
    game.apply(Action("vote", 4, 2))
    game.apply(Action("vote", 2, 3))
    assert game.votes == [1, 1, 0, 2, 1]


def test_D11_day_5_is_secret_and_revealed_together_without_a_card():
    game = new_game(4)
    advance(game, at(5, "final_vote"))
    assert refused(game, Action("discard_vote", 0, 1, "commoner")) == "bad_role"
    assert refused(game, Action("no_discard_vote", 0)) == "wrong_phase"
    events = game.apply(Action("discard_vote", 0, 1))
    assert [e.kind for e in events] == ["decided"] and game.voting_rights[0] == 1
    for seat in (1, 2, 3):
        events = game.apply(Action("vote", seat, 0))
    assert [e.kind for e in events] == ["decided", "final_votes", "game_over"]
    assert events[1].data["votes_cast"] == [{"seat": s, "target": 0} for s in (1, 2, 3)]
    assert events[1].data["discard_votes"] == [{"seat": 0, "target": 1}]


# -- night ------------------------------------------------------------------------------------

def test_D12_drop_schedule():
    """Q&A General A2: 2, 1, 2, 1 cards on nights 1-4; hands of 7, 5, 4, 2, 1."""
    game = new_game(4)
    sizes, counts = {}, {}
    while game.phase != "game_over":
        sizes.setdefault(game.day, len(game.hands[0]))
        if game.phase == "night":
            counts[game.day] = game.drop_count()
        advance(game, lambda g, d=game.day, p=game.phase: (g.day, g.phase) != (d, p))
    assert counts == {1: 2, 2: 1, 3: 2, 4: 1}
    assert sizes == HAND_SIZES == {1: 7, 2: 5, 3: 4, 4: 2, 5: 1}


def test_D12_a_drop_of_the_wrong_size_is_refused():
    game = new_game(4)
    advance(game, at(1, "night"))
    assert refused(game, Action("drop", 0, roles=("dictator",))) == "wrong_count"
    assert refused(game, Action("drop", 0, roles=("dictator", "jester", "noble"))) == \
        "wrong_count"
    assert refused(game, Action("drop", 0, roles=("dictator", "dictator"))) == "not_in_hand"


def test_D13_the_pledged_card_must_be_dropped_that_night():
    game = new_game(4)
    advance(game, at(3, "discard_vote"))
    hand = game.hands[0]
    game.apply(Action("discard_vote", 0, 1, hand[-1]))
    advance(game, at(3, "night"))
    assert refused(game, Action("drop", 0, roles=hand[:2])) == "must_drop_revealed"
    game.apply(Action("drop", 0, roles=(hand[0], hand[-1])))
    advance(game, at(4, "discard_vote"))
    assert game.hands[0] == hand[1:-1]


def test_D13_a_card_not_in_hand_cannot_be_dropped_or_pledged():
    game = new_game(4)
    advance(game, at(2, "discard_vote"))
    gone = [r for r in ROLES if r not in game.hands[0]][0]
    assert refused(game, Action("discard_vote", 0, 1, gone)) == "not_in_hand"


def test_D14_nights_1_to_3_reveal_counts_night_4_stays_hidden():
    game = new_game(4)
    events = advance(game, at(5, "final_vote"))
    revealed = [e.data["revealed"] for e in events if e.kind == "night_over"]
    assert [len(r) for r in revealed[:3]] == [8, 4, 8] and revealed[3] is None
    assert all(r == sorted(r) for r in revealed[:3])
    assert state_json(game)["revealed"][3] is None


def test_D14_reveal_night_4_switch_reveals_it_too():
    game = new_game(4, reveal_night_4=True)
    advance(game, at(5, "final_vote"))
    assert len(state_json(game)["revealed"][3]) == 4


def test_D14_pledges_of_day_4_stay_known_through_night_4():
    game = new_game(4)
    advance(game, at(4, "discard_vote"))
    pledge = game.hands[2][0]
    game.apply(Action("discard_vote", 2, 0, pledge))
    advance(game, at(4, "night"))
    assert state_json(game)["pledged_drops"] == [None, None, pledge, None]
    advance(game, at(5, "final_vote"))
    assert state_json(game)["pledged_drops"] == [None] * 4


def test_D15_the_last_card_is_the_final_role():
    keep = ["priest", "dictator", "commoner", "jester"]
    game = new_game(4)
    advance(game, lambda g: False, keep=keep)
    assert game.final_roles == keep == state_json(game)["final_roles"]


# -- hidden information -----------------------------------------------------------------------

def _all_announcements(game: Game, action, events):
    return [a for a in announcements(action, events, game)]


def test_D28_public_output_never_holds_a_hand_a_drop_by_seat_or_an_open_choice():
    game = Game(Setup(players=5, language="en"))
    said = announcements(None, game.start(), game)
    public_events = []
    while game.phase != "game_over":
        seat = game.awaiting()[-1]
        action = game.legal_actions(seat)[-1]
        events = game.apply(action)
        said += announcements(action, events, game)
        if game.phase != "game_over":
            public_events += [e.to_json() for e in events]
            state = state_json(game)
            assert "hands" not in state and state["final_roles"] is None
    for a in said:
        if a.channel == "public" and a.priority != "game_over":
            assert not {"hand", "drop", "choice", "final_role"} & set(a.params), a
    for e in public_events:
        if e["event"] == "decided":
            assert set(e) == {"event", "seat", "phase", "decided", "of"}
        assert "roles" not in e


def test_D28_a_nights_reveal_is_counts_in_role_order_not_by_seat():
    game = new_game(4)
    advance(game, at(1, "night"))
    game.apply(Action("drop", 0, roles=("noble", "priest")))
    game.apply(Action("drop", 1, roles=("dictator", "jester")))
    game.apply(Action("drop", 2, roles=("dictator", "priest")))
    events = game.apply(Action("drop", 3, roles=("jester", "commoner")))
    said = announcements(Action("drop", 3, roles=("jester", "commoner")), events, game)
    reveal = [a for a in said if a.key == "night.revealed"][0]
    assert reveal.params["dropped"] == [["dictator", 2], ["jester", 2], ["noble", 1],
                                        ["commoner", 1], ["priest", 2]]
    assert reveal.text("en") == ("Night one, dropped: two Dictators, two Jesters, one Noble, "
                                 "one Commoner, two Priests")


def test_D28_private_view_holds_only_the_owners_secrets():
    game = new_game(4)
    advance(game, at(2, "discard_vote"))
    game.apply(Action("discard_vote", 1, 0, "priest"))
    assert private_view(game, 1)["choice"] == {"action": "discard_vote", "seat": 1,
                                                "target": 0, "role": "priest"}
    assert private_view(game, 0)["choice"] is None
    assert "hand" not in public_view(game) and "choice" not in public_view(game)


def test_D29_at_the_end_final_roles_votes_ranks_and_winners_are_public_not_night_4():
    game = new_game(4)
    advance(game, lambda g: False, keep=["dictator", "jester", "noble", "commoner"])
    view = public_view(game)
    assert view["final_roles"] == ["dictator", "jester", "noble", "commoner"]
    assert view["winners"] is not None and view["ranks"] == game.ranks()
    assert view["revealed"][3] is None
