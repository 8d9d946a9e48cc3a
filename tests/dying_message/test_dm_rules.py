"""Dying Message rules M1-M38, each test named by the rule it checks (DYING_MESSAGE.md)."""

from __future__ import annotations

import random

import pytest

from firmware_host.games.dying_message import announce
from firmware_host.games.dying_message import (BOX, DEFAULT_CHARACTERS, FACTION, KILLERS, Game,
                                               Setup, SetupError, deal, private_view,
                                               public_view, state_json)

from .helpers import (act, arrange, fake, genuine, kill, kinds, make, night, no_majority, of,
                      refused, vote)

CIT = "citizen"


# ---------------------------------------------------------------- characters and setup

def test_M1_characters_factions_and_box_counts():
    assert sum(BOX.values()) == 36
    assert FACTION["mastermind"] == FACTION["accomplice"] == "guilty"
    assert FACTION["soulmate"] == FACTION["hostage"] == "innocent"
    assert BOX["citizen"] == 10 and BOX["killer"] == 3 and BOX["private_detective"] == 1


def test_M2_only_killer_professional_and_mass_murderer_are_killers_and_choose():
    assert KILLERS == {"killer", "professional_killer", "mass_murderer"}
    g = make(["killer", "mastermind", "accomplice", CIT, CIT, CIT, "private_detective"])
    assert g.awaiting() == (0,)
    refused(g, "not_your_turn", "kill", seat=1, targets=[3])
    refused(g, "not_your_turn", "kill", seat=2, targets=[3])
    # the Mastermind and the Accomplice are not killers: they can be chosen (M38)
    assert g.choice(0).items == (1, 2, 3, 4, 5, 6)


def test_M3_M9_mastermind_and_accomplice_count_for_neither_side():
    # 1 killer, mastermind, accomplice, 2 citizens: kill one citizen -> 1 killer vs 1 innocent
    g = make(["killer", "mastermind", "accomplice", CIT, CIT])
    kill(g, [3])
    assert (g.winner, g.reason) == ("guilty", "killers_at_least_innocents")


def test_M4_four_to_ten_players():
    for players in (3, 11, True):
        with pytest.raises(SetupError):
            Setup.from_json({"game": "dying_message", "players": players, "seed": 1})
    for players in range(4, 11):
        Setup.from_json({"game": "dying_message", "players": players, "seed": 1})


def test_M5_default_characters_dealt_from_the_seed():
    for n, chars in DEFAULT_CHARACTERS.items():
        roles, deck = deal(Setup.from_json({"game": "dying_message", "players": n, "seed": n}))
        assert sorted(roles) == sorted(chars) and sorted(deck) == list(range(104))
    a = deal(Setup.from_json({"game": "dying_message", "players": 8, "seed": 5}))
    b = deal(Setup.from_json({"game": "dying_message", "players": 8, "seed": 5}))
    assert a == b


@pytest.mark.parametrize("roles, words", [
    (["killer", "citizen", "wizard", "citizen"], "unknown character"),          # (a)
    (["killer", "private_detective", "private_detective", "citizen"], "box"),  # (b)
    (["citizen", "citizen", "mastermind", "accomplice"], "no killer"),         # (c)
    (["killer", "killer", "citizen", "citizen"], "would win"),                 # (d)
    (["killer", "mastermind", "accomplice", "citizen"], None),                  # 1 < 1? no
])
def test_M5_character_set_a_to_d(roles, words):
    obj = {"game": "dying_message", "players": 4, "roles": roles, "seed": 1}
    if roles == ["killer", "mastermind", "accomplice", "citizen"]:
        with pytest.raises(SetupError, match="would win"):
            Setup.from_json(obj)
        return
    with pytest.raises(SetupError, match=words):
        Setup.from_json(obj)


def test_M7_evidence_pool_of_nine_and_the_draw_pile():
    g = make(["killer", CIT, CIT, "private_detective"], cards=12, deck=list(range(11, -1, -1)))
    assert sorted(g.evidence_pool) == list(range(3, 12))
    assert g.draw_pile == [2, 1, 0] and g.discard_pile == [] and g.message_area == []
    for bad in (8, 105):
        with pytest.raises(SetupError):
            Setup.from_json({"game": "dying_message", "players": 4, "seed": 1,
                             "evidence": ["x"] * bad})


def test_M8_each_player_learns_only_their_own_character():
    g = make(["killer", CIT, "celebrity", "private_detective", CIT])
    view = public_view(g)
    assert view["characters_in_play"] == {"celebrity": 1, "citizen": 2, "killer": 1,
                                          "private_detective": 1}
    assert view["characters"] is None and "character" not in view
    own = private_view(g, 2)
    assert own["character"] == "celebrity" and own["killers"] == []


# ---------------------------------------------------------------- winning

def test_M9_innocents_win_when_no_killer_lives():
    g = make(["killer", CIT, CIT, CIT, "private_detective"])
    night(g, [1])
    vote(g, 0)
    vote(g, 0)
    assert (g.winner, g.reason, g.phase) == ("innocent", "all_killers_dead", "game_over")


def test_M9_nobody_alive_after_a_hostage_chain_is_a_guilty_win():
    g = make(["hostage", "hostage", "killer", CIT, CIT])
    night(g, [4])
    vote(g, 0)
    events = vote(g, 0)
    # wave 1: 0; wave 2: its nearest living 1 (a Hostage) and 3; wave 3: 1's nearest living 2
    assert [(d["seat"], d["cause"]) for d in of(events, "died")] == [
        (0, "vote"), (1, "ability"), (2, "ability"), (3, "ability")]
    assert g.living() == []
    assert (g.winner, g.reason) == ("guilty", "killers_at_least_innocents")


def test_M10_a_killing_phase_that_levels_the_killers_ends_the_game_at_once():
    g = make(["killer", "professional_killer", CIT, CIT, "private_detective"])
    events = kill(g, [2])
    assert g.phase == "game_over" and g.winner == "guilty"
    # no Dying Message chosen; the night's dead are revealed just before game_over
    assert kinds(events) == ["died", "game_over"]
    assert g.message_area == [] and len(g.evidence_pool) == 9


def test_M10_a_killing_phase_that_kills_the_last_killer_ends_the_game():
    g = make(["killer", "hostage", CIT, CIT, CIT])
    events = kill(g, [1])          # the Hostage takes the Killer (seat 0) and seat 2 along
    assert (g.winner, g.reason) == ("innocent", "all_killers_dead")
    assert [d["seat"] for d in of(events, "died")] == [0, 1, 2]


# ---------------------------------------------------------------- the Killing Phase

def _script(game: Game) -> list[str]:
    return [e[1] for e in game.log if e[0] == "step"]


def test_M12_M41_the_script_in_order_with_every_character():
    g = make(["soulmate", "famous_dog", "killer", "private_detective", "mastermind", CIT, CIT,
              CIT, CIT, "celebrity"])
    assert _script(g) == ["night", "soulmate"]
    act(g, "soulmate", seat=0, target=5)
    assert _script(g) == ["dogs"]
    act(g, "protect", seat=1, target=6)
    assert _script(g) == ["killers"]
    kill(g, [7])
    assert _script(g) == ["dogs_close", "dead"]
    genuine(g)
    assert _script(g) == ["detective", "mastermind", "fake"]
    fake(g)
    arrange(g)
    assert _script(g) == ["dawn", "vote"]


def test_M41_a_step_is_spoken_while_a_copy_is_not_revealed_dead():
    g = make(["killer", "private_detective", CIT, CIT, CIT, "celebrity"])
    kill(g, [1])                      # the Private Detective dies tonight
    genuine(g)
    assert "detective" in _script(g)  # spoken all the same: the table does not know yet
    assert not [a for a in announce.for_log(g) if a.key == "night.look"]
    fake(g)
    arrange(g)
    vote(g, {0: 2, 2: 3, 3: 4, 4: 5, 5: 0})
    night(g, [2])
    assert "detective" not in [e[1] for e in g.log if e[0] == "step"]


def test_M13_soulmate_chooses_another_player_once_in_round_one():
    g = make(["soulmate", "killer", CIT, CIT, CIT, CIT, CIT])
    assert g.phase == "soulmate"
    refused(g, "not_your_turn", "soulmate", seat=2, target=3)
    refused(g, "invalid_target", "soulmate", seat=0, target=0)
    refused(g, "invalid_target", "soulmate", seat=0, target=7)
    act(g, "soulmate", seat=0, target=4)
    assert ("private", 4, "night.soulmate.destined", {}) in g.log
    assert g.destined == 4 and g.phase == "kill"
    night(g, [2])
    no_majority(g)
    assert g.phase == "kill"            # no Soulmate step after round 1


def test_M14_famous_dog_protects_and_the_killers_cannot_choose_that_seat():
    g = make(["famous_dog", "famous_dog", "killer", CIT, CIT, CIT, CIT, CIT])
    refused(g, "invalid_target", "protect", seat=0, target=1)       # another dog
    refused(g, "invalid_target", "protect", seat=0, target=0)       # itself
    refused(g, "malformed", "protect", seat=0, target=None)         # must protect
    act(g, "protect", seat=0, target=3)
    refused(g, "already_acted", "protect", seat=0, target=4)
    act(g, "protect", seat=1, target=2)                             # a killer may be protected
    assert g.protected == {2, 3} and g.phase == "kill"
    assert ("private", 3, "night.protected", {}) in g.log
    refused(g, "protected", "kill", seat=2, targets=[3])
    assert 3 not in g.choice(2).items and 0 in g.choice(2).items     # a dog can be chosen


def test_M14_dog_may_pass_option():
    g = make(["famous_dog", "killer", CIT, CIT, CIT], options={"dog_may_pass": True})
    act(g, "protect", seat=0, target=None)
    assert g.protected == frozenset() and g.phase == "kill"


def test_M14_a_protected_player_still_dies_by_a_hostage():
    g = make(["famous_dog", "hostage", CIT, "killer", CIT, CIT, CIT])
    act(g, "protect", seat=0, target=2)
    kill(g, [1])
    assert not g.alive[2] and g.deaths[2] == (1, "ability")


def test_M15_victims_one_plus_each_living_mass_murderer():
    g = make(["mass_murderer", "mass_murderer", "killer", CIT, CIT, CIT, CIT, CIT, CIT, CIT])
    assert g.need == 3
    refused(g, "wrong_count", "kill", seat=0, targets=[3, 4])
    refused(g, "invalid_target", "kill", seat=0, targets=[3, 4, 1])     # a killer
    refused(g, "invalid_target", "kill", seat=0, targets=[3, 4, 10])
    events = kill(g, [3, 4, 5])
    assert of(events, "died") == []          # public only at dawn (M28)
    assert [s for s in (3, 4, 5) if g.alive[s]] == []


def test_M15_fewer_choosable_than_victims_means_all_of_them():
    g = make(["famous_dog", "famous_dog", "mass_murderer", "mass_murderer", "killer", CIT,
              CIT, CIT, CIT, CIT])
    act(g, "protect", seat=0, target=5)
    act(g, "protect", seat=1, target=6)
    assert g.need == 3 and len(g.choice(2).items) == 5


def test_M15_a_dead_target_is_refused():
    g = make(["killer", CIT, CIT, CIT, CIT, "private_detective"])
    night(g, [1])
    vote(g, {0: 2, 2: 3, 3: 4, 4: 5, 5: 0})
    refused(g, "not_alive", "kill", seat=0, targets=[1])


def test_M16_killers_who_disagree_hear_the_proposals_and_choose_again():
    g = make(["killer", "professional_killer", CIT, CIT, CIT, CIT, CIT])
    act(g, "kill", seat=0, targets=[2])
    refused(g, "already_acted", "kill", seat=0, targets=[3])
    act(g, "kill", seat=1, targets=[3])
    private = [e for e in g.log if e[0] == "private"]
    assert private == [("private", s, "night.kill.again", {"proposals": {0: [2], 1: [3]}})
                       for s in (0, 1)]
    assert g.phase == "kill" and g.proposals == {} and all(g.alive)
    act(g, "kill", seat=1, targets=[3])
    act(g, "kill", seat=0, targets=[3])
    assert not g.alive[3] and g.phase == "genuine"


def test_M17_deaths_come_in_waves_and_only_victims_trigger_killed_by_the_killers():
    g = make(["hostage", "aristocrat", "killer", CIT, CIT, CIT, "muay_thai", CIT])
    kill(g, [0])            # the Hostage: neighbours 1 (Aristocrat) and 7 die by ability
    assert g.deaths == {0: (1, "killers"), 1: (1, "ability"), 7: (1, "ability")}
    assert g.need == 1      # the Aristocrat died by an ability: no extra message (M21)


def test_M18_hostage_skips_players_dying_in_the_same_wave_and_chains():
    g = make(["hostage", CIT, "hostage", CIT, "killer", CIT, CIT, CIT, "mass_murderer"])
    kill(g, [0, 1])
    # wave 1: 0, 1; 0's neighbours: 2 (1 died with it) and 7 (8 is... alive) -> 8? no: 8
    assert g.deaths[0] == g.deaths[1] == (1, "killers")
    # 0 is a Hostage: clockwise the nearest living is 2, anticlockwise 8 (Mass Murderer)
    assert g.deaths[2] == (1, "ability") and g.deaths[8] == (1, "ability")
    # 2 is a Hostage too: its neighbours 3 and 7 die in the third wave
    assert g.deaths[3] == (1, "ability") and g.deaths[7] == (1, "ability")
    assert g.living() == [4, 5, 6]


def test_M18_both_directions_reaching_one_player_kill_it_once():
    g = make(["hostage", "hostage", "killer", CIT])
    events = kill(g, [0])
    # wave 2: 1 and 3; wave 3: 1's nearest living player is 2 both ways round the table
    assert [(d["seat"], d["cause"]) for d in of(events, "died")] == [
        (0, "killers"), (1, "ability"), (2, "ability"), (3, "ability")]
    assert g.living() == [] and g.winner == "guilty"


def test_M19_soulmate_link_both_ways_day_and_night_and_a_killer_may_be_destined():
    g = make(["soulmate", "killer", CIT, CIT, CIT, CIT, CIT])
    act(g, "soulmate", seat=0, target=1)
    kill(g, [0])
    assert g.deaths[1] == (1, "ability") and g.winner == "innocent"
    g = make(["soulmate", "killer", CIT, CIT, CIT, CIT, CIT])
    act(g, "soulmate", seat=0, target=3)
    night(g, [5])
    vote(g, 3)
    vote(g, 3)
    assert g.deaths[3] == (1, "vote") and g.deaths[0] == (1, "ability")


def test_M20_the_night_dead_choose_one_genuine_message_together():
    g = make(["hostage", "killer", CIT, CIT, CIT, CIT, "killer", "private_detective"])
    kill(g, [0])       # 0 and its neighbours 1 (a killer!) and 7 die
    assert g.group == (0, 1, 7) and g.need == 1
    said = [a for a in announce.for_log(g) if a.key == "night.dead.brief"]
    assert [a.channel for a in said] == ["seat:0", "seat:1", "seat:7"]
    assert said[0].params == {"killers": [1, 6], "count": 1}
    act(g, "genuine", seat=0, cards=[4])
    refused(g, "not_your_turn", "genuine", seat=2, cards=[4])
    refused(g, "wrong_count", "genuine", seat=1, cards=[4, 5])
    refused(g, "not_available", "genuine", seat=1, cards=[20])
    act(g, "genuine", seat=1, cards=[4])
    act(g, "genuine", seat=7, cards=[4])
    assert g.message_area == [4]
    assert ("private", 6, "night.killers.genuine", {"cards": [4]}) in g.log


def test_M21_each_aristocrat_killed_by_the_killers_adds_a_genuine_message():
    g = make(["aristocrat", "aristocrat", "mass_murderer", CIT, CIT, CIT, CIT, CIT])
    kill(g, [0, 1])
    assert g.need == 3
    genuine(g)
    assert len(g.message_area) == 3


def test_M22_refuse_collector_lets_the_dead_choose_from_the_discard_pile():
    g = make(["refuse_collector", "killer", CIT, CIT, CIT, CIT, CIT, "aristocrat"])
    night(g, [2])
    no_majority(g)
    assert sorted(g.discard_pile) == [3, 4, 5, 6, 7, 8]
    kill(g, [0, ][:1])
    assert g.choice(0).items == tuple(sorted(g.evidence_pool + g.discard_pile))
    genuine(g, [5])
    assert 5 not in g.discard_pile and g.message_area == [5]


def test_M23_living_private_detective_and_mastermind_hear_the_genuine_cards():
    g = make(["killer", "private_detective", "mastermind", CIT, CIT, CIT, CIT])
    kill(g, [3])
    genuine(g, [2])
    looks = [(a.channel, a.params) for a in announce.for_log(g) if a.key == "night.look"]
    assert looks == [("seat:1", {"cards": [2]}), ("seat:2", {"cards": [2]})]
    assert private_view(g, 1)["genuine_cards"] == [2]
    assert private_view(g, 4)["genuine_cards"] is None


def test_M24_two_muay_thai_skip_two_killing_phases():
    g = make(["muay_thai", "muay_thai", "mass_murderer", CIT, CIT, CIT, CIT, CIT, CIT], cards=60)
    night(g, [0, 1])
    assert g.skips_pending == 2
    act(g, "skip_vote")
    assert g.round == 2 and g.phase == "vote" and g.skips_pending == 1
    assert any(e[0] == "event" and e[1].kind == "killing_phase_skipped" for e in g.log)
    act(g, "skip_vote")
    assert g.round == 3 and g.phase == "vote" and g.skips_pending == 0
    act(g, "skip_vote")
    assert g.round == 4 and g.phase == "kill"


def test_M25_fake_messages_two_plus_living_professional_killers_minus_celebrities():
    g = make(["professional_killer", "professional_killer", "celebrity", CIT, CIT, CIT, CIT,
              CIT, CIT])
    kill(g, [2])
    genuine(g)
    assert g.need == 2 + 2 - 1
    fake(g)
    assert len(g.message_area) == 4


def test_M25_a_professional_killer_dead_by_an_ability_does_not_count():
    g = make(["hostage", "professional_killer", CIT, CIT, CIT, CIT, "killer", CIT, CIT])
    kill(g, [0])                # the PK at 1 dies with the Hostage
    genuine(g)
    assert g.need == 2 and g.group == (6,)


def test_M25_zero_fake_messages_skips_the_step():
    g = make(["mass_murderer", "celebrity", "celebrity", CIT, CIT, CIT, CIT])
    kill(g, [1, 2])
    genuine(g)
    assert g.chance_due == "arrange" and g.phase == "genuine"
    arrange(g)
    assert len(g.message_area) == 1 and g.phase == "vote"


def test_M26_a_shortage_asks_for_as_many_cards_as_there_are():
    g = make(["professional_killer", CIT, CIT, CIT, CIT, CIT, CIT, CIT], cards=9)
    night(g, [1])                       # 1 genuine + 3 fake leave 5 in the pool
    act(g, "skip_vote")
    act(g, "shuffle", order=sorted(g.discard_pile))
    assert len(g.evidence_pool) == 5
    night(g, [2])                       # 1 + 3: one card left
    act(g, "skip_vote")
    act(g, "shuffle", order=sorted(g.discard_pile))
    assert len(g.evidence_pool) == 1
    kill(g, [3])
    genuine(g)
    assert g.chance_due == "arrange"    # no card left for the fake step: it is skipped


def test_M27_arrange_is_due_and_nothing_else_is_taken_meanwhile():
    g = make(["killer", CIT, CIT, CIT, "private_detective"])
    kill(g, [1])
    genuine(g, [3])
    fake(g, [0, 8])
    assert g.chance_due == "arrange" and g.message_area == [0, 3, 8]
    assert state_json(g)["message_area"] == [0, 3, 8]
    refused(g, "wrong_phase", "vote", seat=0, target=2)
    refused(g, "malformed", "arrange", order=[0, 3])
    refused(g, "malformed", "arrange", order=[0, 3, 9])
    refused(g, "wrong_phase", "shuffle", order=[])
    arrange(g, [8, 0, 3])
    assert state_json(g)["message_area"] == [8, 0, 3]


def test_M28_dawn_reveals_the_night_dead_in_seat_order_then_the_message_area():
    g = make(["hostage", "killer", CIT, CIT, CIT, CIT, CIT, "famous_dog", "killer", CIT])
    act(g, "protect", seat=7, target=2)
    events = night(g, [0])
    died = of(events, "died")
    assert [(d["seat"], d["cause"]) for d in died] == [(0, "killers"), (1, "ability"),
                                                       (9, "ability")]
    assert kinds(events)[-4:] == ["died", "died", "died", "message_area"]
    assert of(events, "message_area") == [{"round": 1, "cards": list(g.message_area)}]
    assert g.phase == "vote"


# ---------------------------------------------------------------- the Interrogation Phase

def test_M29_forensic_scientist_killed_at_night_examines_the_previous_round():
    g = make(["forensic_scientist", "killer", CIT, CIT, CIT, CIT, CIT, "private_detective"])
    night(g, [2])
    round1 = list(g.message_area)
    genuine1 = g.messages[1][1]
    no_majority(g)
    night(g, [0])
    assert g.phase == "examine" and g.awaiting() == (0,)
    refused(g, "not_your_turn", "examine", seat=3, card=round1[0])
    refused(g, "not_available", "examine", seat=0, card=20)
    card = sorted(genuine1)[0]
    events = act(g, "examine", seat=0, card=card)
    assert of(events, "examined") == [{"seat": 0, "card": card, "genuine": True}]
    assert g.phase == "vote"


def test_M29_no_messages_in_the_previous_round_means_no_examination():
    g = make(["forensic_scientist", "killer", CIT, CIT, CIT, CIT])
    night(g, [0])
    assert g.phase == "vote"


def test_M29_examining_no_card():
    g = make(["forensic_scientist", "killer", CIT, CIT, CIT, CIT, CIT])
    night(g, [2])
    act(g, "skip_vote")
    night(g, [0])
    events = act(g, "examine", seat=0, card=None)
    assert of(events, "examined") == [] and g.phase == "vote"


def test_M29_M34_an_eliminated_forensic_scientist_examines_before_the_preparation():
    g = make(["forensic_scientist", "killer", CIT, CIT, CIT, CIT, CIT])
    night(g, [2])
    act(g, "skip_vote")
    night(g, [3])
    vote(g, 0)
    vote(g, 0)
    assert g.phase == "examine" and g.round == 2
    card = g.messages[1][0][0]
    events = act(g, "examine", seat=0, card=card)
    assert kinds(events)[:3] == ["examined", "evidence_pool", "round_started"]
    assert g.round == 3


def test_M30_skip_vote_before_the_first_ballot_only():
    g = make(["killer", CIT, CIT, CIT, "private_detective"])
    night(g, [1])
    act(g, "vote", seat=0, target=2)
    refused(g, "wrong_phase", "skip_vote")
    g = make(["killer", CIT, CIT, CIT, "private_detective"], options={"skip_vote": False})
    night(g, [1])
    refused(g, "wrong_phase", "skip_vote")
    g = make(["killer", CIT, CIT, CIT, "private_detective"])
    night(g, [1])
    events = act(g, "skip_vote")
    assert of(events, "vote_skipped") == [{"round": 1}] and g.round == 2


def test_M31_every_living_player_votes_once_possibly_for_themselves():
    g = make(["killer", CIT, CIT, CIT, "private_detective"])
    night(g, [1])
    refused(g, "not_alive", "vote", seat=1, target=2)
    refused(g, "not_alive", "vote", seat=0, target=1)
    act(g, "vote", seat=0, target=0)
    refused(g, "already_acted", "vote", seat=0, target=2)
    g = make(["killer", CIT, CIT, CIT, "private_detective"], options={"self_vote": False})
    night(g, [1])
    refused(g, "invalid_target", "vote", seat=0, target=0)


def test_M32_majority_is_more_than_half_of_the_living():
    g = make(["killer", CIT, CIT, CIT, CIT, CIT, "private_detective"])
    night(g, [1])                                       # 6 living: 4 votes needed
    events = vote(g, {0: 2, 2: 3, 3: 2, 4: 2, 5: 0, 6: 0})
    assert of(events, "vote")[0]["majority"] is None and g.round == 2
    night(g, [2])                                       # 5 living: 3 needed
    events = vote(g, {0: 3, 3: 4, 4: 3, 5: 3, 6: 0})
    assert of(events, "vote")[0]["majority"] == 3 and g.phase == "second_vote"


def test_M33_second_vote_eliminates_only_the_accused():
    g = make(["killer", CIT, CIT, CIT, CIT, CIT, "private_detective"])
    night(g, [1])
    vote(g, 2)
    assert g.accused == 2 and state_json(g)["accused"] == 2
    events = vote(g, 3)                                 # someone else: nobody out
    assert of(events, "vote")[0] == {"round": 1, "number": 2,
                                     "ballots": {str(s): 3 for s in g.living()},
                                     "majority": 3}
    assert g.alive[3] and g.round == 2 and g.phase == "kill"


def test_M34_elimination_reveals_and_triggers_when_killed_abilities():
    g = make(["hostage", "killer", CIT, CIT, CIT, CIT, "killer", CIT, CIT, CIT])
    night(g, [3])
    vote(g, 0)
    events = vote(g, 0)
    assert kinds(events)[:5] == ["vote", "eliminated", "died", "died", "died"]
    assert [(d["seat"], d["cause"]) for d in of(events, "died")] == [
        (0, "vote"), (1, "ability"), (9, "ability")]


def test_M36_M37_preparation_moves_the_cards_and_draws_nine():
    g = make(["killer", CIT, CIT, CIT, "private_detective"], cards=20)
    night(g, [1])
    area = list(g.message_area)
    events = act(g, "skip_vote")
    assert g.dead_messages == area and sorted(g.discard_pile) == sorted(
        set(range(9)) - set(area))
    assert of(events, "evidence_pool") == [{"round": 2, "cards": list(range(9, 18))}]
    assert g.draw_pile == [18, 19]


def test_M37_the_discard_pile_is_shuffled_only_when_a_card_is_needed():
    g = make(["killer", CIT, CIT, CIT, "private_detective"], cards=12)
    night(g, [1])
    act(g, "skip_vote")
    assert g.chance_due == "shuffle" and g.draw_pile == []
    assert sorted(g.evidence_pool) == [9, 10, 11]       # the old pile's last cards first
    refused(g, "malformed", "shuffle", order=[0])
    order = list(reversed(g.discard_pile))
    events = act(g, "shuffle", order=order)
    assert of(events, "shuffled") == [{"draw_pile": 6}]
    assert sorted(g.evidence_pool) == sorted([9, 10, 11] + order[:6])


def test_M38_accomplice_killed_chooses_the_genuine_message_with_the_dead():
    g = make(["killer", "accomplice", CIT, CIT, CIT, CIT])
    kill(g, [1])
    assert g.group == (1,) and g.phase == "genuine"


# ---------------------------------------------------------------- hidden information

def test_M39_public_view_hides_the_night_until_dawn():
    g = make(["killer", CIT, CIT, CIT, "private_detective", "muay_thai"])
    kill(g, [5])
    genuine(g, [2])
    view = public_view(g)
    assert view["phase"] == "night" and view["alive"] == list(range(6))
    assert view["message_area"] == [] and view["evidence_pool"] == list(range(9))
    assert view["skips_pending"] == 0
    fake(g)
    arrange(g)
    view = public_view(g)
    assert view["dead"][0]["seat"] == 5 and view["skips_pending"] == 1
    assert 2 in view["message_area"]


def test_M39_game_over_reveals_every_character():
    g = make(["killer", "professional_killer", CIT, CIT, "private_detective"])
    kill(g, [2])
    assert public_view(g)["characters"] == list(g.characters)


def test_game_is_deterministic_given_the_chance_inputs():
    from firmware_host.games.dying_message.playout import random_game
    setup = Setup.from_json({"game": "dying_message", "players": 9, "seed": 3})
    a = random_game(setup, random.Random(1))
    b = random_game(setup, random.Random(1))
    assert state_json(a) == state_json(b)


def test_M6_recommended_swaps_are_advice_not_checked():
    # a Soulmate, a Famous Dog and a Hostage at 4 players: allowed (M5 (a)-(d) hold)
    g = make(["soulmate", "famous_dog", "hostage", "killer"])
    assert g.phase == "soulmate"


def test_M11_a_round_is_a_killing_phase_then_an_interrogation_phase_then_the_preparation():
    g = make(["killer", CIT, CIT, CIT, "private_detective"])
    assert (g.round, g.phase) == (1, "kill")
    night(g, [1])
    assert (g.round, g.phase) == (1, "vote")
    events = act(g, "skip_vote")
    assert kinds(events) == ["vote_skipped", "evidence_pool", "round_started"]
    assert (g.round, g.phase) == (2, "kill")


def test_M16_the_night_dead_who_disagree_choose_again_and_hear_each_proposal():
    g = make(["hostage", "killer", CIT, CIT, CIT, CIT, "killer", CIT])
    kill(g, [0])                       # 0, 1 and 7 choose together
    act(g, "genuine", seat=0, cards=[4])
    act(g, "genuine", seat=1, cards=[5])
    act(g, "genuine", seat=7, cards=[4])
    again = [e for e in g.log if e[0] == "private"]
    assert [e[1] for e in again] == [0, 1, 7]
    assert again[0][2:] == ("night.genuine.again", {"proposals": {0: [4], 1: [5], 7: [4]}})
    assert g.phase == "genuine" and g.message_area == []
    # a failed attempt is not public (M39): no event, no public line
    assert [e for e in g.log if e[0] != "private"] == []


def test_M16_a_group_of_one_decides_alone():
    g = make(["killer", CIT, CIT, CIT, "private_detective"])
    act(g, "kill", seat=0, targets=[2])
    assert g.phase == "genuine" and g.group == (2,)


def test_M35_the_dead_act_only_in_the_genuine_step_and_the_examination():
    g = make(["killer", CIT, CIT, CIT, CIT, "private_detective"])
    night(g, [1])
    refused(g, "not_alive", "vote", seat=1, target=2)
    act(g, "skip_vote")
    refused(g, "not_alive", "kill", seat=1, targets=[2])
