"""One or more tests per rule of RULES.md (R1-R17) and per variant switch, exact states."""

from __future__ import annotations

import pytest

from firmware_host.games.secret_dictator import (
    Game, Setup, SetupError, deal, private_view, public_view, state_json,
)
from engine_helpers import (A, build_deck, elect, fail, kinds, legislate, make, refused,
                            reshuffle, roles_for, safe_chancellor, session)


# ---------------------------------------------------------------- setup R1-R6

@pytest.mark.parametrize("players", [4, 11, "5", True, None])
def test_R1_player_count_outside_5_to_10_is_refused(players):
    with pytest.raises(SetupError, match="players"):
        Setup.from_json({"players": players, "seed": 1})


def test_R1_seat_outside_the_table_is_malformed():
    game = make(5)
    assert refused(game, A("nominate", seat=5, target=1)).reason == "malformed"
    assert refused(game, A("nominate", seat=-1, target=1)).reason == "malformed"


@pytest.mark.parametrize("players,dem,fas", [(5, 3, 1), (6, 4, 1), (7, 4, 2), (8, 5, 2),
                                             (9, 6, 2), (10, 6, 3)])
def test_R2_dealt_roles_match_player_count(players, dem, fas):
    setup = Setup.from_json({"players": players, "seed": players})
    roles, deck = deal(setup)
    assert (roles.count("democrat"), roles.count("fascist"), roles.count("dictator")) == (
        dem, fas, 1)


def test_R2_roles_with_wrong_counts_are_refused():
    with pytest.raises(SetupError, match=r"R2"):
        Setup.from_json({"players": 5, "seed": 1,
                         "roles": ["democrat", "democrat", "democrat", "democrat", "dictator"]})


def test_R3_fascist_knows_team_dictator_and_democrat_know_nothing():
    game = make(7)  # fascists 1, 3; dictator 6
    assert private_view(game, 1)["team"] == [{"seat": 3, "role": "fascist"},
                                             {"seat": 6, "role": "dictator"}]
    assert private_view(game, 6)["team"] == []
    assert private_view(game, 0)["team"] == []
    assert private_view(game, 0)["role"] == "democrat"


def test_R3_dictator_learns_nothing_at_5_players_in_rulebook():
    game = make(5)
    assert private_view(game, 4)["team"] == []
    assert private_view(game, 1)["team"] == [{"seat": 4, "role": "dictator"}]


def test_switch_dictator_knows_team_official_at_5_to_6_only():
    assert private_view(make(5, "official"), 4)["team"] == [{"seat": 1, "role": "fascist"}]
    assert private_view(make(6, "official"), 5)["team"] == [{"seat": 1, "role": "fascist"}]
    assert private_view(make(7, "official"), 6)["team"] == []
    game = make(5, "official", switches={"dictator_knows_team": False})
    assert private_view(game, 4)["team"] == []


def test_R4_dealt_deck_has_11_fascist_and_6_democratic_laws():
    roles, deck = deal(Setup.from_json({"players": 6, "seed": 99}))
    assert len(deck) == 17 and deck.count("fascist") == 11


def test_R4_deck_with_wrong_counts_is_refused():
    with pytest.raises(SetupError, match="R4"):
        Setup.from_json({"players": 5, "roles": roles_for(5),
                         "deck": ["fascist"] * 12 + ["democratic"] * 5})


def test_R4_deal_is_reproducible_from_seed():
    setup = Setup.from_json({"players": 8, "seed": 7})
    assert deal(setup) == deal(setup)


@pytest.mark.parametrize("players,slot,power", [(5, 3, "view_discard"), (6, 3, "view_discard"),
                                                (7, 2, "view_discard"), (8, 2, "view_discard"),
                                                (9, 1, "view_discard"), (10, 1, "view_discard")])
def test_R5_first_power_by_player_count(players, slot, power):
    game = make(players, deck="FFF" * slot)
    for i in range(slot):
        events = session(game, "fascist")
        if i < slot - 1:
            assert "power" not in kinds(events)
    assert events[-1].kind == "power" and events[-1].data["power"] == power
    assert game.setup.powers == Setup.from_json({"players": players, "seed": 0}).powers


def test_R6_first_president_is_the_named_seat():
    game = Game(Setup.from_json({"players": 6, "first_president": 4, "roles": roles_for(6),
                                 "deck": build_deck()}))
    events = game.start()
    assert [e.to_json() for e in events] == [{"event": "game_started"},
                                             {"event": "president", "seat": 4}]
    assert game.awaiting() == (4,)


# ---------------------------------------------------------------- a round R7-R14

def test_R7_last_elected_president_and_chancellor_are_ineligible():
    game = make(7)
    elect(game, 3)
    legislate(game, "fascist", "fascist")
    assert game.president == 1
    assert state_json(game)["ineligible"] == [0, 3]
    assert refused(game, A("nominate", seat=1, target=0)).reason == "ineligible"
    assert refused(game, A("nominate", seat=1, target=3)).reason == "ineligible"
    game.apply(A("nominate", seat=1, target=2))


def test_R7_failed_nomination_changes_no_term_limits():
    game = make(7)
    elect(game, 3)
    legislate(game, "fascist", "fascist")
    fail(game)
    assert state_json(game)["ineligible"] == [0, 3]


def test_R7_with_five_alive_only_last_chancellor_is_ineligible():
    game = make(5)
    elect(game, 2)
    legislate(game, "fascist", "fascist")
    assert state_json(game)["ineligible"] == [2]
    game.apply(A("nominate", seat=1, target=0))  # last president is eligible


def test_R8_more_ja_than_nein_elects_and_ballots_are_public():
    game = make(5)
    events = elect(game, 2, ja={0, 1, 2})
    assert events[0].to_json() == {"event": "election", "elected": True, "ja": 3, "nein": 2,
                                   "ballots": {"0": "ja", "1": "ja", "2": "ja", "3": "nein",
                                               "4": "nein"}}
    assert game.phase == "legislative_president" and game.chancellor == 2


def test_R8_tie_fails():
    game = make(6)
    events = elect(game, 2, ja={0, 1, 2})
    data = events[0].data
    assert (data["elected"], data["ja"], data["nein"]) == (False, 3, 3)
    assert game.phase == "nomination" and game.president == 1 and game.tracker == 1


def test_R8_each_living_player_votes_once():
    game = make(5)
    game.apply(A("nominate", seat=0, target=2))
    game.apply(A("vote", seat=3, ballot="ja"))
    assert refused(game, A("vote", seat=3, ballot="nein")).reason == "already_voted"
    assert public_view(game)["votes_cast"] == 1
    assert game.awaiting() == (0, 1, 2, 4)


def test_R9_failed_elections_move_tracker_and_presidency():
    game = make(5)
    events = fail(game)
    assert kinds(events) == ["election", "tracker", "president"]
    assert (game.tracker, game.president) == (1, 1)
    fail(game)
    assert (game.tracker, game.president) == (2, 2)


def test_R9_chaos_enacts_top_law_resets_tracker_and_forgets_term_limits():
    game = make(7, deck="FFD D")
    elect(game, 3)
    legislate(game, "fascist", "fascist")  # government 0/3: term limits 0 and 3
    for _ in range(2):
        fail(game)
    events = fail(game)
    assert kinds(events) == ["election", "tracker", "chaos", "law_enacted", "tracker",
                             "president"]
    assert events[1].data == {"position": 3} and events[4].data == {"position": 0}
    assert events[3].data == {"party": "democratic", "by": "chaos"}
    assert state_json(game) == {
        "phase": "nomination", "winner": None, "reason": None, "democratic_laws": 1,
        "fascist_laws": 1, "election_tracker": 0, "president": 4, "chancellor": None,
        "alive": [0, 1, 2, 3, 4, 5, 6], "ineligible": [], "draw_pile": 13, "discard_pile": 2}


def test_R9_chaos_law_grants_no_power():
    game = make(5, deck="FFF FFF F")  # chaos puts the third fascist law (view-discard slot)
    session(game, "fascist")
    session(game, "fascist")
    fail(game), fail(game)
    events = fail(game)
    assert "power" not in kinds(events) and game.fascist_laws == 3 and game.phase == "nomination"


def test_R9_successful_election_resets_tracker_in_rulebook():
    game = make(5)
    fail(game), fail(game)
    events = elect(game, 3)
    assert kinds(events) == ["election", "tracker"] and game.tracker == 0


def test_switch_tracker_reset_on_election_off_keeps_tracker_until_enactment():
    game = make(5, "official")
    fail(game), fail(game)
    events = elect(game, 3)
    assert kinds(events) == ["election"] and game.tracker == 2
    events = legislate(game, "fascist", "fascist")
    assert kinds(events)[:2] == ["law_enacted", "tracker"] and game.tracker == 0


def test_R10_dictator_elected_after_three_fascist_laws_wins():
    game = make(7, variant="official", switches={"powers": [None] * 5})
    for _ in range(3):
        session(game, "fascist")
    fail(game)  # tracker 1: the rulebook resets it before R10
    game2 = make(7, switches={"powers": [None] * 5})
    for _ in range(3):
        session(game2, "fascist")
    fail(game2)
    events = elect(game2, 6)
    assert kinds(events) == ["election", "tracker", "game_over"]
    assert events[-1].data == {"winner": "fascists", "reason": "dictator_elected",
                               "roles": roles_for(7)}
    st = state_json(game2)
    assert (st["phase"], st["chancellor"], st["election_tracker"], st["draw_pile"]) == (
        "game_over", 6, 0, 8)


def test_R10_dictator_elected_with_two_fascist_laws_does_not_win():
    game = make(7)
    session(game, "fascist")
    session(game, "fascist")
    game.apply(A("acknowledge", seat=game.president))  # view-discard at 7 players, slot 2
    elect(game, 6)
    assert game.phase == "legislative_president" and game.winner is None


def test_R11_president_draws_three_discards_one_chancellor_enacts():
    game = make(5, deck="FDF")
    elect(game, 2)
    assert private_view(game, 0)["hand"] == ["fascist", "democratic", "fascist"]
    assert private_view(game, 2)["hand"] is None
    assert (game.draw_n, game.hand_n) == (14, 3)
    game2 = make(5, deck="FFF")
    elect(game2, 2)
    assert refused(game2, A("discard", seat=0, party="democratic")).reason == "not_in_hand"
    game.apply(A("discard", seat=0, party="fascist"))
    assert private_view(game, 2)["hand"] == ["democratic", "fascist"]
    assert private_view(game, 0)["hand"] is None
    events = game.apply(A("enact", seat=2, party="democratic"))
    assert events[0].to_json() == {"event": "law_enacted", "party": "democratic",
                                   "by": "government"}
    assert (game.draw_n, game.discard_n, game.democratic_laws) == (14, 2, 1)
    assert game.discard == ["fascist", "fascist"]


def test_R12_reshuffle_when_fewer_than_three_laws_remain():
    game = make(5, deck="DFF DFF DFF DFF DFF")
    for _ in range(4):
        session(game, "democratic")
    assert game.draw_n == 5
    events = session(game, "fascist")
    assert game.reshuffle_due == 12 and game.draw_n == 2
    assert game.awaiting() == ()
    assert refused(game, A("nominate", seat=game.president, target=0)).reason == "wrong_phase"
    pool = game.reshuffle_pool
    assert sorted(pool) == pool and pool.count("fascist") == 10
    bad = refused(game, A("reshuffle", order=tuple(["fascist"] * 12)))
    assert bad.reason == "malformed" and game.reshuffle_due == 12
    events = game.apply(A("reshuffle", order=tuple(pool)))
    assert kinds(events) == ["reshuffled", "president"]
    assert events[0].data == {"draw_pile": 12}
    assert (game.draw_n, game.discard_n, game.reshuffle_due) == (12, 0, None)


def test_R12_reshuffle_comes_before_the_power():
    game = make(5, deck="FFD FFD FFD FFD FFF")
    for _ in range(4):
        session(game, "fascist")
        if game.phase == "power":
            game.apply(A("acknowledge", seat=game.president))
    events = session(game, "fascist")  # fifth fascist law: execution, 2 laws left
    assert "power" not in kinds(events) and game.reshuffle_due == 12
    events = game.apply(A("reshuffle", order=tuple(game.reshuffle_pool)))
    assert kinds(events) == ["reshuffled", "power"]
    assert events[1].data == {"power": "execution", "seat": game.president}


def test_R12_no_reshuffle_after_game_over():
    game = make(5, deck="DFF DFF DFF DFF DFF")
    for _ in range(5):
        events = session(game, "democratic")
    assert kinds(events)[-1] == "game_over" and game.draw_n == 2
    assert game.reshuffle_due is None
    assert refused(game, A("reshuffle", order=())).reason == "game_over"


def test_R12_reshuffle_not_due_is_wrong_phase():
    game = make(5)
    assert refused(game, A("reshuffle", order=tuple(build_deck()))).reason == "wrong_phase"


def test_R13_view_discard_goes_to_following_president():
    game = make(5, deck="FFF FFF FDF")
    session(game, "fascist")
    session(game, "fascist")
    assert game.president == 2
    events = session(game, "fascist", discard="fascist")  # chancellor discards the democratic
    assert kinds(events) == ["law_enacted", "president", "power"]
    assert events[-1].data == {"power": "view_discard", "seat": 3}
    st = state_json(game)
    assert (st["phase"], st["president"], st["chancellor"]) == ("power", 3, None)
    assert private_view(game, 3)["power_result"] == "democratic"
    assert private_view(game, 2)["power_result"] is None
    assert public_view(game)["awaiting"] == [3]
    assert refused(game, A("acknowledge", seat=2)).reason == "not_your_turn"
    assert game.apply(A("acknowledge", seat=3)) == []
    assert (game.phase, game.president) == ("nomination", 3)


def test_R13_peek_shows_top_three_in_order_without_changing_it():
    deck = build_deck("FFD FFD FFD FFD DFD")
    game = make(5, deck=deck)
    for _ in range(3):
        session(game, "fascist")
        if game.phase == "power":
            game.apply(A("acknowledge", seat=game.president))
    president = game.president
    events = session(game, "fascist")
    assert events[-1].data == {"power": "peek", "seat": president}
    assert private_view(game, president)["power_result"] == ["democratic", "fascist",
                                                             "democratic"]
    assert game.chancellor is not None
    game.apply(A("acknowledge", seat=president))
    assert game.draw[:3] == ["democratic", "fascist", "democratic"]
    assert game.president == (president + 1) % 5


def nine_player_special_election():
    game = make(9, deck="FFF FFF FFF")
    session(game, "fascist")
    game.apply(A("acknowledge", seat=game.president))  # view-discard (slot 1)
    session(game, "fascist")
    game.apply(A("acknowledge", seat=game.president))  # peek (slot 2)
    session(game, "fascist")
    return game


def test_R13_special_election_returns_rotation_clockwise_of_caller():
    game = nine_player_special_election()
    caller = game.president
    assert (game.phase, game.power, caller) == ("power", "special_election", 2)
    assert refused(game, A("special_election", seat=2, target=2)).reason == "invalid_target"
    events = game.apply(A("special_election", seat=2, target=6))
    assert [e.to_json() for e in events] == [{"event": "president", "seat": 6}]
    assert game.phase == "nomination" and state_json(game)["chancellor"] is None
    fail(game)
    assert game.president == 3


def test_R13_special_election_ignores_term_limits():
    game = nine_player_special_election()
    last_chancellor = game.chancellor
    game.apply(A("special_election", seat=2, target=last_chancellor))
    assert game.president == last_chancellor


def test_R13_execution_removes_player_without_revealing_role():
    game = make(7, deck="FFD FFD FFD FFD")
    for _ in range(4):
        session(game, "fascist")
        if game.power in ("view_discard", "peek"):
            game.apply(A("acknowledge", seat=game.president))
    assert game.power == "execution"
    pres = game.president
    assert refused(game, A("execute", seat=pres, target=pres)).reason == "invalid_target"
    events = game.apply(A("execute", seat=pres, target=1))
    assert kinds(events) == ["executed", "president"] and events[0].data == {"target": 1}
    assert "roles" not in events[0].data and public_view(game)["roles"] is None
    assert state_json(game)["alive"] == [0, 2, 3, 4, 5, 6]
    assert refused(game, A("nominate", seat=game.president, target=1)).reason == "not_alive"


def test_R13_execution_of_dictator_wins_for_democrats():
    game = make(7, deck="FFD FFD FFD FFD")
    for _ in range(4):
        session(game, "fascist")
        if game.power in ("view_discard", "peek"):
            game.apply(A("acknowledge", seat=game.president))
    events = game.apply(A("execute", seat=game.president, target=6))
    assert kinds(events) == ["executed", "game_over"]
    assert events[1].data == {"winner": "democrats", "reason": "dictator_executed",
                              "roles": roles_for(7)}
    assert public_view(game)["roles"] == roles_for(7)


def test_R13_investigate_official_dictator_shows_fascist_and_nobody_twice():
    game = make(9, "official", deck="FFF FFF")
    session(game, "fascist")
    pres = game.president
    assert game.power == "investigate"
    events = game.apply(A("investigate", seat=pres, target=8))
    assert kinds(events) == ["president"]
    assert private_view(game, pres)["power_result"] == {"target": 8, "party": "fascist"}
    assert private_view(game, game.president)["power_result"] is None
    session(game, "fascist")
    assert refused(game, A("investigate", seat=game.president, target=8)).reason == \
        "invalid_target"
    game.apply(A("investigate", seat=game.president, target=0))
    assert private_view(game, 1)["power_result"] == {"target": 0, "party": "democratic"}


def test_R14_presidency_skips_executed_players():
    game = make(7, deck="FFD FFD FFD FFD")
    for _ in range(4):
        session(game, "fascist")
        if game.power in ("view_discard", "peek"):
            game.apply(A("acknowledge", seat=game.president))
    pres = game.president  # seat 4 after three presidencies and a view-discard
    nxt = (pres + 1) % 7
    events = game.apply(A("execute", seat=pres, target=nxt))
    assert events[-1].data == {"seat": (nxt + 1) % 7}
    assert refused(game, A("vote", seat=nxt, ballot="ja")).reason == "wrong_phase"
    game.apply(A("nominate", seat=game.president, target=0))
    assert refused(game, A("vote", seat=nxt, ballot="ja")).reason == "not_alive"


# ---------------------------------------------------------------- end R15, R16

def test_R15_fifth_democratic_law_wins_for_democrats():
    game = make(5, deck="DFF DFF DFF DFF DFF")
    for _ in range(5):
        events = session(game, "democratic")
    assert events[-1].to_json() == {"event": "game_over", "winner": "democrats",
                                    "reason": "democratic_laws", "roles": roles_for(5)}
    assert state_json(game)["chancellor"] is not None


def test_R15_sixth_fascist_law_wins_for_fascists():
    game = make(5, deck="FFD FFD FFD FFD FFF")
    for _ in range(6):
        if game.reshuffle_due:
            reshuffle(game)
        if game.power in ("view_discard", "peek"):
            game.apply(A("acknowledge", seat=game.president))
        elif game.power == "execution":
            game.apply(A("execute", seat=game.president, target=(game.president + 2) % 5
                         if game.roles[(game.president + 2) % 5] != "dictator" else 0))
        events = session(game, "fascist")
    assert (game.winner, game.reason, game.fascist_laws) == ("fascists", "fascist_laws", 6)


def test_R15_chaos_law_can_end_the_game():
    game = make(5, deck="DFF DFF DFF DFF D")
    for _ in range(4):
        session(game, "democratic")
    fail(game), fail(game)
    events = fail(game)
    assert kinds(events)[-3:] == ["law_enacted", "tracker", "game_over"]
    assert state_json(game)["chancellor"] is None and game.reason == "democratic_laws"


def test_R16_public_view_hides_roles_hands_and_discards():
    game = make(5, deck="FDF")
    elect(game, 2)
    game.apply(A("discard", seat=0, party="fascist"))
    view = public_view(game)
    text = repr(view)
    assert view["roles"] is None and "hand" not in view and "role" not in view
    assert "democrat" not in text.replace("democratic_laws", "")
    assert view["hand_size"] == 2 and view["discard_pile"] == 1


def test_R16_private_view_adds_only_own_secrets():
    game = make(5)
    view = private_view(game, 2)
    assert set(view) - set(public_view(game)) == {"seat", "role", "team", "hand",
                                                  "power_result"}
    with pytest.raises(IndexError):
        private_view(game, 5)


# ---------------------------------------------------------------- variant switches

def test_switch_veto_agreed_discards_both_and_counts_as_failed_election():
    game = make(5, "official", deck="FFD FFD FFD FFD FFF",
                switches={"powers": [None] * 5})
    for _ in range(5):
        if game.reshuffle_due:
            reshuffle(game)
        session(game, "fascist")
    reshuffle(game)
    elect(game, 0 if game.president != 0 else 2)
    pres, chan = game.president, game.chancellor
    game.apply(A("discard", seat=pres, party=game.hand[0]))
    assert game.apply(A("veto", seat=chan)) == []
    assert game.awaiting() == (pres,)
    assert refused(game, A("enact", seat=chan, party=game.hand[0])).reason == "wrong_phase"
    assert refused(game, A("veto", seat=chan)).reason == "wrong_phase"
    discard_before = game.discard_n
    events = game.apply(A("veto_reply", seat=pres, accept=True))
    assert kinds(events) == ["tracker", "president"] and game.tracker == 1
    assert game.discard_n == discard_before + 2 and game.hand_n == 0
    assert state_json(game)["ineligible"] == [chan] or chan == game.president


def test_switch_veto_refused_then_chancellor_must_enact():
    game = make(5, "official", deck="FFD FFD FFD FFD FFF", switches={"powers": [None] * 5})
    for _ in range(5):
        if game.reshuffle_due:
            reshuffle(game)
        session(game, "fascist")
    reshuffle(game)
    elect(game, 0 if game.president != 0 else 2)
    pres, chan = game.president, game.chancellor
    game.apply(A("discard", seat=pres, party=game.hand[0]))
    game.apply(A("veto", seat=chan))
    assert game.apply(A("veto_reply", seat=pres, accept=False)) == []
    assert refused(game, A("veto", seat=chan)).reason == "wrong_phase"
    game.apply(A("enact", seat=chan, party=game.hand[0]))


def test_switch_veto_official_after_two_failures_causes_chaos():
    game = make(5, "official", deck="FFD FFD FFD FFD FFF", switches={"powers": [None] * 5})
    for _ in range(5):
        session(game, "fascist")
    reshuffle(game)
    fail(game), fail(game)
    elect(game, 0 if game.president != 0 else 2)
    assert game.tracker == 2
    game.apply(A("discard", seat=game.president, party=game.hand[0]))
    game.apply(A("veto", seat=game.chancellor))
    events = game.apply(A("veto_reply", seat=game.president, accept=True))
    assert kinds(events)[:4] == ["tracker", "chaos", "law_enacted", "tracker"]
    assert events[0].data == {"position": 3} and events[2].data["by"] == "chaos"
    assert state_json(game)["ineligible"] == []


def test_switch_veto_off_in_rulebook_is_wrong_phase():
    game = make(5, deck="FFD FFD FFD FFD FFF", switches={"powers": [None] * 5})
    for _ in range(5):
        if game.reshuffle_due:
            reshuffle(game)
        session(game, "fascist")
    reshuffle(game)
    elect(game, 0 if game.president != 0 else 2)
    game.apply(A("discard", seat=game.president, party=game.hand[0]))
    assert refused(game, A("veto", seat=game.chancellor)).reason == "wrong_phase"
    on = make(5, deck="FFF", switches={"veto": True})
    elect(on, 2)
    on.apply(A("discard", seat=0, party="fascist"))
    assert refused(on, A("veto", seat=2)).reason == "wrong_phase"  # before 5 fascist laws


def test_switch_powers_overrides_the_track():
    game = make(6, deck="FFF", switches={"powers": ["execution", None, None, None, None]})
    events = session(game, "fascist")
    assert events[-1].data == {"power": "execution", "seat": 0}


def test_switch_powers_investigate_always_has_a_target():
    """R13 investigate ("nobody twice") must always leave someone to investigate: a powers
    switch whose k-th investigation, after e executions, could find nobody (k + e > n - 1)
    would stall the game, so it is an invalid setup; any other order still plays."""
    for powers in (["investigate"] * 5,
                   ["execution", "execution", "investigate", "investigate", "investigate"]):
        with pytest.raises(SetupError, match="investigat"):
            Setup.from_json({"players": 5, "seed": 1, "switches": {"powers": powers}})
    for powers in (["investigate"] * 4 + [None],
                   ["investigate", "investigate", "execution", "investigate", "execution"]):
        setup = Setup.from_json({"players": 5, "seed": 1, "switches": {"powers": powers}})
        assert list(setup.powers) == powers
    setup = Setup.from_json({"players": 6, "seed": 1, "switches": {"powers": ["investigate"] * 5}})
    assert setup.powers.count("investigate") == 5


def test_switch_unknown_is_refused_with_suggestion():
    with pytest.raises(SetupError, match="did you mean 'veto'"):
        Setup.from_json({"players": 5, "seed": 1, "switches": {"vetoo": True}})


# ---------------------------------------------------------------- untracked deck

def test_untracked_deck_counts_laws_and_checks_possible_parties():
    game = make(5, deck="untracked")
    elect(game, 2)
    assert private_view(game, 0)["hand"] is None
    game.apply(A("discard", seat=0))
    game.apply(A("enact", seat=2, party="democratic"))
    assert (game.draw_n, game.discard_n, game.democratic_laws) == (14, 2, 1)
    # five democratic laws on the track would be possible; a sixth never is
    game = make(5, deck="untracked")
    for i in range(4):
        session(game, "democratic", discard="democratic" if i < 2 else None)
    assert game._known_discard["democratic"] == 2
    elect(game, safe_chancellor(game))
    assert refused(game, A("discard", seat=game.president, party="democratic")).reason == \
        "not_in_hand"


def test_untracked_chaos_waits_for_chaos_law():
    game = make(5, deck="untracked")
    fail(game), fail(game)
    events = fail(game)
    assert kinds(events) == ["election", "tracker", "chaos"]
    st = state_json(game)
    assert (st["phase"], st["chancellor"]) == ("chaos", None)
    assert game.awaiting() == ()
    assert refused(game, A("nominate", seat=game.president, target=0)).reason == "wrong_phase"
    events = game.apply(A("chaos_law", party="fascist"))
    assert kinds(events) == ["law_enacted", "tracker", "president"]
    assert (game.fascist_laws, game.draw_n, game.phase) == (1, 16, "nomination")


def test_untracked_reshuffle_is_counted_at_once():
    game = make(5, deck="untracked")
    for _ in range(5):
        events = session(game, "democratic" if game.democratic_laws < 4 else "fascist")
    assert "reshuffled" in kinds(events)
    assert (game.draw_n, game.discard_n, game.reshuffle_due) == (12, 0, None)
    assert refused(game, A("reshuffle", order=())).reason == "wrong_phase"


def test_R13_untracked_view_discard_law_is_set_aside_at_reshuffle():
    game = make(5, deck="untracked")
    for party in ("democratic", "democratic", "fascist", "fascist"):
        session(game, party)
    events = session(game, "fascist")  # third fascist law (view-discard), 2 laws left
    assert kinds(events) == ["law_enacted", "reshuffled", "president", "power"]
    assert events[1].data == {"draw_pile": 11}
    assert (game.draw_n, game.discard_n, game.power) == (11, 1, "view_discard")
    assert private_view(game, game.president)["power_result"] is None
    game.apply(A("acknowledge", seat=game.president))
    assert game.phase == "nomination"


def test_R17_every_seat_has_private_facts_of_the_same_shape():
    # The prolog pads speech to equal length (audio layer); the engine gives every seat the
    # same kinds of private facts, so no seat's view is longer by its structure.
    for players in range(5, 11):
        game = make(players)
        shapes = {tuple(sorted(private_view(game, s))) for s in range(players)}
        assert len(shapes) == 1
        assert all(isinstance(private_view(game, s)["team"], list) for s in range(players))
