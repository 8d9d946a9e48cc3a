"""The scorer judged rule by rule (DICTATOR.md D16-D27) and the official Q&A on winning."""

from __future__ import annotations

import pytest

from firmware_host.games.become_dictator import judge, places, ranks


# -- D16 ranks -------------------------------------------------------------------------------

def test_D16_ranks_are_dense_the_seeds_example():
    assert ranks([5, 4, 4, 3]) == [1, 2, 2, 3]


def test_D16_zero_votes_have_no_rank_and_do_not_move_anyone():
    assert ranks([0, 2, 0, 1, 2]) == [None, 1, None, 2, 1]
    assert ranks([0, 0, 0, 0]) == [None] * 4


# -- D17 places ------------------------------------------------------------------------------

def test_D17_first_second_last_and_booby():
    p = places([5, 4, 4, 3, 0, 1])
    assert (p.first, p.second, p.last, p.booby) == ([0], [1, 2], [5], [3])
    assert p.single_top == 0 and p.last_rank == 4


def test_D17_a_zero_vote_player_is_not_last():
    p = places([3, 1, 0])
    assert p.last == [1] and p.booby == [0]


def test_D17_all_tied_are_first_and_last_with_no_booby_and_no_single_top():
    p = places([2, 2, 2, 0])
    assert p.first == p.last == [0, 1, 2]
    assert p.booby == [] and p.single_top is None


def test_D17_two_counts_make_booby_the_first_place():
    p = places([3, 1, 1])
    assert p.booby == p.first == [0] and p.last == [1, 2]


def test_D17_no_ranked_player_no_places():
    p = places([0, 0, 0, 0])
    assert (p.first, p.second, p.last, p.booby, p.single_top) == ([], [], [], [], None)


# -- D18 Dictator ----------------------------------------------------------------------------

def test_D18_the_single_top_dictator_qualifies_and_wins():
    v = judge(["dictator", "commoner", "noble", "noble"], [3, 2, 1, 0])
    assert v.qualified["dictator"] == [0] and v.winners == [0]


def test_D18_a_dictator_tied_for_first_does_not_qualify():
    v = judge(["dictator", "dictator", "commoner", "commoner"], [3, 3, 1, 0])
    assert v.qualified["dictator"] == []
    assert v.winners == [2, 3] and v.winning_roles == ["commoner"]      # D25


def test_D18_a_dictator_with_zero_votes_never_qualifies():
    v = judge(["dictator", "priest", "priest", "priest"], [0, 0, 0, 0])
    assert v.qualified["dictator"] == []


def test_D18_a_dictator_not_on_top_does_not_qualify():
    v = judge(["dictator", "noble", "commoner", "commoner"], [2, 3, 1, 0])
    assert v.qualified["dictator"] == []


# -- D19 Jester ------------------------------------------------------------------------------

def test_D19_every_jester_wins_with_the_dictator_whatever_their_votes():
    v = judge(["dictator", "jester", "jester", "commoner"], [4, 0, 2, 1])
    assert v.winners == [0, 1, 2] and v.winning_roles == ["dictator", "jester"]


def test_D19_the_jester_falls_when_the_dictator_is_taken_over():
    # revolutionaries last (1) and booby (2): the revolution takes priority over the Dictator
    v = judge(["dictator", "jester", "revolutionary", "revolutionary"], [4, 0, 2, 1])
    assert v.qualified["dictator"] == [0]
    assert v.winners == [2, 3] and v.winning_roles == ["revolutionary"]
    assert ("dictator", ["revolutionary"]) in v.overruled


def test_D19_jesters_without_a_dictator_do_not_win():
    v = judge(["jester", "jester", "noble", "commoner"], [3, 1, 2, 0])
    assert 0 not in v.winners and 1 not in v.winners


# -- D20 Nobles by Nobles -----------------------------------------------------------------------

def test_D20_a_noble_second_and_another_noble_with_votes_all_qualify():
    v = judge(["noble", "commoner", "noble", "commoner", "noble"], [2, 4, 1, 1, 0])
    # counted: seats 0 (second) and 2 (with votes); seat 4 has 0 votes and is not counted
    assert v.qualified["noble"] == [0, 2]
    assert v.winners == [0, 2] and v.winning_roles == ["noble"]


def test_D20_a_lone_noble_in_second_place_does_not_qualify():
    v = judge(["noble", "commoner", "commoner", "commoner"], [2, 3, 1, 0])
    assert v.qualified["noble"] == [] and v.winning_roles == ["commoner"]


def test_D20_a_single_top_noble_does_not_count_and_cannot_win_by_it():
    # seat 0 is the single top; seat 1 second; only one counted Noble remains
    v = judge(["noble", "noble", "commoner", "commoner"], [3, 2, 1, 0])
    assert v.qualified["noble"] == []
    # with a third Noble with votes, the two counted ones qualify, the single top does not
    v = judge(["noble", "noble", "noble", "commoner"], [3, 2, 1, 0])
    assert v.qualified["noble"] == [1, 2] and v.winners == [1, 2]


def test_D20_a_noble_with_zero_votes_does_not_qualify():
    v = judge(["noble", "noble", "commoner", "noble"], [1, 2, 3, 0])
    assert v.qualified["noble"] == [0, 1] and 3 not in v.winners


def test_D20_no_noble_in_second_place_no_condition():
    v = judge(["noble", "noble", "commoner", "commoner"], [1, 1, 3, 2])
    assert v.qualified["noble"] == []


def test_QA_nobles_1_tied_first():
    """Q&A Nobles A1: two Nobles tied first and one Noble second: all three win."""
    v = judge(["noble", "noble", "noble", "commoner", "jester"], [5, 5, 3, 1, 0])
    assert v.winners == [0, 1, 2] and v.winning_roles == ["noble"]


def test_QA_nobles_2_two_in_second():
    """Q&A Nobles A2: two or more players in second place: still "one in second, one with
    votes"."""
    v = judge(["commoner", "noble", "commoner", "noble", "jester"], [5, 3, 3, 1, 0])
    assert v.winners == [1, 3] and v.winning_roles == ["noble"]


# -- D21 Nobles with the Assassin ------------------------------------------------------------------

def test_D21_every_noble_wins_with_the_assassin_whatever_votes_or_place():
    # the Dictator is the single top; the Assassin (0 votes) takes priority over it
    v = judge(["dictator", "noble", "noble", "assassin", "noble"], [4, 0, 1, 0, 0])
    assert v.winners == [1, 2, 3, 4] and v.winning_roles == ["assassin", "noble"]


def test_D21_a_single_top_noble_also_wins_with_the_assassin():
    # priest condition: 1, 0, 0, 0 differ by 1, so the Assassin qualifies by the Priest
    v = judge(["noble", "assassin", "priest", "commoner"], [1, 0, 0, 0])
    assert v.won_as[1] == "assassin" and 0 in v.winners and v.won_as[0] == "noble"
    assert 2 not in v.winners


# -- D22 Revolutionaries ---------------------------------------------------------------------------

def test_D22_a_revolutionary_last_and_one_booby_qualify():
    v = judge(["commoner", "revolutionary", "revolutionary", "commoner"], [5, 2, 1, 0])
    assert v.qualified["revolutionary"] == [1, 2] and v.winners == [1, 2]


def test_D22_every_revolutionary_with_votes_qualifies_wherever_ranked():
    v = judge(["revolutionary", "commoner", "revolutionary", "revolutionary",
               "revolutionary"], [5, 4, 2, 1, 0])
    # seat 4 has 0 votes: not counted and cannot win
    assert v.qualified["revolutionary"] == [0, 2, 3] and v.winners == [0, 2, 3]


def test_QA_revolutionaries_1_all_win():
    """Q&A Revolutionaries A1: top, booby and last each a Revolutionary: all three win."""
    v = judge(["revolutionary", "commoner", "revolutionary", "revolutionary"], [6, 4, 2, 1])
    assert v.winners == [0, 2, 3] and v.winning_roles == ["revolutionary"]


def test_D22_only_last_or_only_booby_is_not_enough():
    assert judge(["commoner", "commoner", "revolutionary", "commoner"],
                 [5, 2, 1, 0]).qualified["revolutionary"] == []
    assert judge(["commoner", "revolutionary", "commoner", "commoner"],
                 [5, 2, 1, 0]).qualified["revolutionary"] == []


def test_D22_no_booby_place_when_all_ranked_are_tied():
    v = judge(["revolutionary", "revolutionary", "commoner", "commoner"], [2, 2, 0, 0])
    assert v.qualified["revolutionary"] == []


def test_D22_a_revolutionary_with_zero_votes_is_not_last():
    v = judge(["commoner", "revolutionary", "revolutionary", "commoner"], [3, 1, 0, 0])
    assert v.qualified["revolutionary"] == []


# -- D23 Assassin -----------------------------------------------------------------------------------

def test_D23_the_assassin_needs_zero_votes():
    v = judge(["dictator", "assassin", "commoner", "commoner"], [3, 1, 0, 0])
    assert v.qualified["assassin"] == [] and v.winners == [0]


@pytest.mark.parametrize("roles, votes", [
    (["dictator", "assassin", "commoner", "commoner"], [3, 0, 1, 0]),           # Dictator
    (["commoner", "assassin", "revolutionary", "revolutionary"], [3, 0, 2, 1]),  # revolution
    (["commoner", "assassin", "priest", "commoner"], [1, 0, 1, 1]),              # Priest
])
def test_D23_the_assassin_qualifies_by_dictator_or_revolution_or_priest(roles, votes):
    v = judge(roles, votes)
    assert v.qualified["assassin"] == [1] and v.winners == [1]
    assert v.winning_roles == ["assassin"]


def test_D23_no_cause_no_assassin():
    v = judge(["commoner", "assassin", "noble", "noble"], [3, 0, 2, 1])
    assert v.qualified["assassin"] == []
    assert v.winning_roles == ["noble"]


# -- D24 Priest -------------------------------------------------------------------------------------

def test_D24_highest_and_lowest_differ_by_at_most_one_zeros_included():
    assert judge(["priest", "commoner", "commoner", "commoner"],
                 [1, 1, 0, 0]).winners == [0]
    assert judge(["priest", "commoner", "commoner", "commoner"],
                 [2, 1, 0, 1]).qualified["priest"] == []


def test_D24_both_counts_may_be_zero():
    v = judge(["priest", "priest", "dictator", "commoner"], [0, 0, 0, 0])
    assert v.winners == [0, 1] and v.winning_roles == ["priest"]


def test_D24_the_condition_counts_only_with_a_priest_in_play():
    # all equal, but nobody is a Priest: no condition, so the Assassin has no cause
    v = judge(["assassin", "commoner", "noble", "noble"], [0, 1, 1, 1])
    assert v.qualified["priest"] == [] and v.qualified["assassin"] == []
    assert v.winning_roles == ["commoner"]


# -- D25 Commoner ------------------------------------------------------------------------------------

def test_D25_all_commoners_all_win_whatever_the_votes():
    v = judge(["commoner"] * 5, [5, 0, 3, 1, 1])
    assert v.winners == [0, 1, 2, 3, 4]


def test_D25_commoners_win_when_nobody_else_wins():
    v = judge(["commoner", "jester", "noble", "revolutionary"], [3, 2, 1, 0])
    assert v.winners == [0] and v.winning_roles == ["commoner"]


def test_D25_commoners_lose_when_another_role_wins():
    v = judge(["commoner", "dictator", "noble", "commoner"], [1, 3, 0, 0])
    assert v.winners == [1]


# -- D26 priority --------------------------------------------------------------------------------------

def test_D26_dictator_over_noble():
    # the single top Dictator wins; counted Nobles (second and with votes) are taken over
    v = judge(["dictator", "noble", "noble", "commoner"], [4, 2, 1, 0])
    assert v.qualified["noble"] == [1, 2] and v.winners == [0]
    assert v.overruled == [("noble", ["dictator"])]


def test_D26_revolutionary_over_dictator_and_noble():
    v = judge(["dictator", "noble", "noble", "revolutionary", "revolutionary"],
              [6, 4, 4, 2, 1])
    # ranks 1, 2, 2, 3, 4: last = seat 4, booby = seat 3, both Revolutionaries
    assert v.winners == [3, 4]
    assert v.overruled == [("dictator", ["revolutionary"]), ("noble", ["revolutionary"])]


def test_D26_priest_over_revolutionary():
    # counts 2, 2, 2, 1: within one (Priest); seat 3 last, seats 0-2 booby (Revolution)
    v = judge(["priest", "commoner", "revolutionary", "revolutionary"], [2, 2, 2, 1])
    assert v.qualified["revolutionary"] == [2, 3] and v.winners == [0]
    assert v.overruled == [("revolutionary", ["priest"])]


def test_D26_assassin_over_priest_and_nobles_with_it():
    v = judge(["priest", "assassin", "noble", "commoner"], [1, 0, 1, 1])
    assert v.winners == [1, 2] and v.winning_roles == ["assassin", "noble"]
    assert v.overruled == [("priest", ["assassin"])]


def test_D26_priority_acts_on_wins_not_conditions():
    # the Dictator's condition lets the Assassin qualify, and the Assassin's win cancels it
    v = judge(["dictator", "assassin", "jester", "commoner"], [3, 0, 1, 1])
    assert v.qualified["dictator"] == [0] and v.winners == [1]
    assert v.overruled == [("dictator", ["assassin"])]


# -- D27 ------------------------------------------------------------------------------------------------

def test_D27_there_may_be_no_winner():
    v = judge(["jester", "noble", "dictator", "revolutionary"], [3, 2, 3, 0])
    assert v.winners == [] and v.winning_roles == [] and v.overruled == []


def test_judge_refuses_negative_votes_and_uneven_lists():
    with pytest.raises(ValueError):
        judge(["commoner"], [-1])
    with pytest.raises(ValueError):
        judge(["commoner", "noble"], [1])
