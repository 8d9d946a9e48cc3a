"""The rules of Autocracy (AUTOCRACY.md A1-A30), one behaviour per test, named by rule."""

from __future__ import annotations

import random

import pytest

from firmware_host.games.autocracy import (DEFAULT_MENTORS, DEFAULT_RESERVE, DOMAINS, KINDS,
                                           Action, Game, IllegalAction, Setup, SetupError,
                                           deal, private_view, public_view, state_json)

from au_helpers import MENTORS, PILE, game, quiet_roll, roll, to_round_2


def reason(g: Game, action: Action) -> str:
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    return info.value.reason


def set_tokens(g: Game, seat: int, **counts: int) -> None:
    """Move tokens between the reserve and a seat so the seat holds ``counts`` (the sum is
    kept: A33's bank)."""
    for d in DOMAINS:
        want = counts.get(d, g.tokens[seat][d])
        g.reserve[d] -= want - g.tokens[seat][d]
        g.tokens[seat][d] = want
        assert g.reserve[d] >= 0


# -- setup (A1-A5) -------------------------------------------------------------------------

@pytest.mark.parametrize("n", [1, 7, 0, True, 3.0])
def test_A1_two_to_six_players(n):
    with pytest.raises(SetupError, match="players"):
        Setup.from_json({"players": n, "seed": 1})


def test_A1_every_count_from_two_to_six_starts():
    for n in range(2, 7):
        g = game(n)
        assert g.players == n and g.awaiting() == (0,)


def test_A2_the_first_seat_begins_and_turns_go_clockwise_rounds_from_the_first_seat():
    g = game(3, first=2)
    assert (g.current, g.round) == (2, 1)
    seen = []
    for _ in range(4):
        quiet_roll(g)
        seen.append((g.current, g.round))
    assert seen == [(0, 1), (1, 1), (2, 2), (0, 2)]


def test_A4_each_seat_takes_its_mentor_from_the_reserve_at_once():
    g = game(3)
    assert g.tokens == [{d: MENTORS[s].get(d, 0) for d in DOMAINS} for s in range(3)]
    for d in DOMAINS:
        assert g.reserve[d] == DEFAULT_RESERVE[d] - sum(m.get(d, 0) for m in MENTORS[:3])


def test_A4_drawn_mentors_are_different_default_tokens():
    for seed in range(30):
        setup = Setup.from_json({"players": 6, "seed": seed})
        mentors, _ = deal(setup)
        assert sorted(map(repr, mentors)) == sorted(map(repr, DEFAULT_MENTORS))


def test_A4_the_reserve_must_give_the_mentors():
    with pytest.raises(SetupError, match="reserve"):
        Setup.from_json({"players": 2, "mentors": [{"politique": 7}, {"politique": 6}],
                         "trick_pile": PILE})


def test_A5_the_deal_goes_from_the_top_first_seat_first_and_a_hand_keeps_arrival_order():
    g = game(3, first=1)
    assert g.hands == [["revolte"], ["chantage"], ["corruption"]]
    assert len(g.pile) == 27 and g.pile[0] == "espionnage"


def test_A5_the_pile_must_hold_exactly_the_box():
    with pytest.raises(SetupError, match="exactly"):
        Setup.from_json({"players": 2, "mentors": MENTORS[:2], "trick_pile": PILE[:-1]})


def test_A3_setup_data_can_be_entered_by_a_table_owning_the_game():
    setup = Setup.from_json({
        "players": 2, "mentors": [{"economie": 1}, {"media": 1}],
        "trick_pile": ["chantage", "revolte"],
        "tricks": {"nationalisation": 0, "revolte": 1, "chantage": 1, "espionnage": 0,
                   "corruption": 0},
        "dice": [[["economie", 2], ["coup_bas", 1]]],
        "reserve": {"economie": 5, "media": 5, "justice": 5, "armee": 5, "politique": 5},
        "exchange": {"media": 3, "justice": 3, "armee": 3, "politique": 3},
        "trick_price": {"economie": 1, "media": 1}})
    g = Game(setup)
    g.start()
    assert g.reserve == {"economie": 4, "media": 4, "justice": 5, "armee": 5, "politique": 5}
    assert reason(g, roll(0, ("economie", 1))) == "malformed"      # not a face of this die
    g.apply(roll(0, ("economie", 2)))                               # (2 + 1) / 2 = 1
    assert g.tokens[0]["economie"] == 2


# -- winning (A6) ---------------------------------------------------------------------------

def test_A6_a_seat_holding_the_set_at_the_start_of_its_turn_wins_before_rolling():
    g = game(2)
    set_tokens(g, 1, economie=1, media=1, justice=1, armee=1, politique=1)
    events = g.apply(roll(0, ("armee", 1), ("politique", 1)))
    assert [e.kind for e in events][-2:] == ["turn", "game_over"]
    assert (g.phase, g.winner, g.current, g.awaiting()) == ("game_over", 1, 1, ())


def test_A6_completing_the_set_by_the_roll_does_not_win_in_that_turn():
    g = game(2)
    set_tokens(g, 0, economie=1, media=1, justice=1, armee=1, politique=0)
    g.apply(roll(0, ("politique", 1), ("politique", 1)))            # (2 + 0) / 2 = 1
    assert g.tokens[0]["politique"] == 1 and g.phase == "turn" and g.current == 1


def test_A6_the_set_lost_before_the_next_turn_does_not_win():
    g = game(3)
    to_round_2(g)
    set_tokens(g, 2, economie=1, media=1, justice=1, armee=1, politique=1)
    g.hands[1] = ["chantage"]
    # seat 2 completed its set in someone else's turn: only its own turn counts
    assert g.winner is None
    quiet_roll(g)                                           # seat 0 rolls
    g.apply(Action("attack", 1, trick="chantage", target=2, domain="politique"))
    g.apply(Action("no_counter", 2))
    assert g.winner is None
    quiet_roll(g)                                           # seat 1 rolls; seat 2's turn
    assert g.winner is None and g.current == 2


def test_A6_an_exchange_that_completes_the_set_wins_at_once():
    g = game(2)
    set_tokens(g, 0, economie=7, media=0, justice=1, armee=1, politique=1)
    events = g.apply(Action("exchange", 0, give="economie", get="media", count=1))
    assert [e.kind for e in events] == ["exchanged", "game_over"] and g.winner == 0


def test_A6_a_seat_completing_the_set_in_another_seats_exchange_wins_at_its_own_turn():
    g = game(2)
    set_tokens(g, 1, economie=0, media=2, justice=1, armee=1, politique=1)
    set_tokens(g, 0, economie=6, media=1)
    g.apply(Action("exchange", 0, give="economie", get="media", count=1, partner=1))
    assert g.tokens[1] == {"economie": 6, "media": 1, "justice": 1, "armee": 1, "politique": 1}
    assert g.winner is None and g.phase == "exchanges"          # not seat 1's turn
    quiet_roll(g)
    assert g.winner == 1


def test_A6_an_attack_that_completes_the_attackers_set_wins_before_its_roll():
    g = game(2)
    to_round_2(g)
    set_tokens(g, 0, economie=1, media=1, justice=1, armee=0, politique=1)
    set_tokens(g, 1, armee=2)
    g.hands[0] = ["chantage"]
    g.apply(Action("attack", 0, trick="chantage", target=1, domain="armee"))
    events = g.apply(Action("no_counter", 1))
    assert [e.kind for e in events] == ["not_countered", "attack_resolved", "game_over"]
    assert g.winner == 0 and g.round == 2


# -- a turn and the gain rule (A7-A10) ------------------------------------------------------

def test_A7_the_roll_ends_the_turn_and_is_the_only_way_to_end_it():
    g = game(2)
    g.apply(Action("exchange", 0, give="economie", get="media", count=1))
    assert g.current == 0 and g.phase == "exchanges"
    g.apply(roll(0, ("armee", 1), ("politique", 1)))
    assert g.current == 1 and g.phase == "turn"


@pytest.mark.parametrize("held,faces,gain", [
    (3, [("economie", 4), ("armee", 1)], 3),                 # (4 + 3) / 2 = 3.5 -> 3
    (5, [("economie", 3), ("economie", 4)], 6),              # (3 + 4 + 5) / 2 = 6
    (0, [("media", 1), ("armee", 1)], 0),                    # 0.5 -> 0 (for Média)
])
def test_A8_the_gain_is_half_the_dice_plus_the_tokens_held_rounded_down(held, faces, gain):
    g = game(2, mentors=[{"economie": held}, {}])
    dom = faces[0][0]
    before = g.tokens[0][dom]
    g.apply(roll(0, *faces))
    assert g.tokens[0][dom] - before == gain
    assert g.last_roll["gains"][dom] == gain


def test_A8_coup_bas_counts_every_kind_held():
    g = game(2)
    g.hands[0] = ["chantage", "revolte", "corruption"]
    g.pile = [k for k in g.pile if True]
    events = g.apply(roll(0, ("coup_bas", 1), ("armee", 1)))        # (1 + 3) / 2 = 2
    rolled = events[0]
    assert rolled.data["gains"]["coup_bas"] == 2 and len(g.hands[0]) == 5


def test_A9_a_short_reserve_gives_what_it_has_and_the_rest_is_lost():
    g = game(2)
    set_tokens(g, 0, politique=0)
    g.reserve["politique"], lost = 1, g.reserve["politique"] - 1
    g.tokens[1]["politique"] += lost                          # the box keeps its count
    events = g.apply(roll(0, ("politique", 1), ("politique", 1)))   # due 1, ok
    assert events[0].data["short"] == []
    g2 = game(2, mentors=[{"politique": 3}, {}])
    g2.reserve["politique"] = 1
    events = g2.apply(roll(0, ("politique", 1), ("politique", 1)))  # due (2 + 3) / 2 = 2
    assert events[0].data["gains"]["politique"] == 1 and events[0].data["short"] == ["politique"]
    assert g2.reserve["politique"] == 0 and g2.tokens[0]["politique"] == 4


def test_A10_coup_bas_come_from_the_pile_and_a_short_pile_gives_what_is_left():
    g = game(2)
    g.hands[0] = ["chantage"] * 5
    g.pile = ["revolte"]
    events = g.apply(roll(0, ("coup_bas", 1), ("coup_bas", 1)))     # due (2 + 5) / 2 = 3
    assert events[0].data["gains"]["coup_bas"] == 1 and events[0].data["short"] == ["coup_bas"]
    assert g.hands[0][-1] == "revolte" and g.pile == []
    assert events[0].private[0] == {"drawn": ["revolte"], "positions": [5]}


# -- exchanges (A11-A14) --------------------------------------------------------------------

@pytest.mark.parametrize("give,get,count,gives,gets", [
    ("economie", "media", 2, 12, 2), ("media", "economie", 1, 1, 6),
    ("media", "justice", 1, 2, 1), ("justice", "armee", 1, 3, 1),
    ("armee", "politique", 1, 2, 1), ("politique", "armee", 1, 1, 2)])
def test_A11_exchanges_go_along_one_row_both_ways_at_the_fixed_values(give, get, count, gives, gets):
    g = game(2)
    set_tokens(g, 0, **{give: gives})
    before_get = g.tokens[0][get]
    events = g.apply(Action("exchange", 0, give=give, get=get, count=count))
    assert events[0].data == {"seat": 0, "partner": None, "gave": {give: gives},
                              "got": {get: gets}}
    assert g.tokens[0][give] == 0 and g.tokens[0][get] == before_get + gets


def test_A11_a_trade_across_two_rows_is_refused():
    g = game(2, mentors=[{"economie": 12}, {}])
    assert reason(g, Action("exchange", 0, give="economie", get="justice", count=1)) == "wrong_choice"


def test_A11_any_number_of_exchanges_before_the_roll():
    g = game(2, mentors=[{"economie": 24}, {}])
    for _ in range(4):
        g.apply(Action("exchange", 0, give="economie", get="media", count=1))
    g.apply(Action("exchange", 0, give="media", get="justice", count=2))
    assert g.tokens[0] == {"economie": 0, "media": 0, "justice": 2, "armee": 0, "politique": 0}


def test_A12_an_exchange_with_a_player_moves_tokens_between_them_only():
    g = game(3)
    reserve = dict(g.reserve)
    g.apply(Action("exchange", 0, give="media", get="economie", count=1, partner=1))
    assert g.tokens[0]["media"] == 0 and g.tokens[0]["economie"] == 12
    assert g.tokens[1]["media"] == 3 and g.tokens[1]["economie"] == 6
    assert g.reserve == reserve


def test_A12_each_side_must_hold_what_it_gives_and_the_reserve_what_it_gives():
    g = game(3)
    assert reason(g, Action("exchange", 0, give="justice", get="armee", count=1)) == "short"
    assert reason(g, Action("exchange", 0, give="media", get="justice", count=1,
                            partner=1)) == "short"          # seat 0 holds one Média only
    assert reason(g, Action("exchange", 0, give="media", get="economie", count=1,
                            partner=2)) == "short"          # seat 2 holds no Économie
    g.reserve["media"] = 0
    assert reason(g, Action("exchange", 0, give="economie", get="media", count=1)) == "reserve_short"


def test_A13_buying_pays_the_price_and_draws_the_top_token_once_a_turn():
    g = game(3)
    quiet_roll(g)
    quiet_roll(g)
    top = g.pile[0]
    events = g.apply(Action("buy", 2))
    assert g.tokens[2]["justice"] == 0 and g.hands[2][-1] == top
    assert events[0].data == {"seat": 2, "tricks_held": 2}
    assert events[0].private == {2: {"drawn": [top], "positions": [1]}}
    assert g.bought and state_json(g)["bought"] is True
    set_tokens(g, 2, justice=2)
    assert reason(g, Action("buy", 2)) == "already_bought"


def test_A13_no_purchase_without_the_price_or_from_an_empty_pile():
    g = game(2)
    assert reason(g, Action("buy", 0)) == "short"                  # one Justice only
    set_tokens(g, 0, justice=2)
    g.pile = []
    assert reason(g, Action("buy", 0)) == "reserve_short"


def test_A14_coup_bas_are_never_exchanged():
    g = game(2)
    assert reason(g, Action("exchange", 0, give="coup_bas", get="economie", count=1)) == "malformed"


# -- the five Coup Bas (A15-A20) and attacks (A21-A28) -------------------------------------

def attack_game(players: int = 3) -> Game:
    g = game(players)
    to_round_2(g)
    return g


def test_A16_nationalisation_takes_all_of_one_domain_half_to_the_attacker_rounded_down():
    g = attack_game()
    g.hands[0] = ["nationalisation"]
    set_tokens(g, 1, economie=7)
    before = g.reserve["economie"]
    g.apply(Action("attack", 0, trick="nationalisation", target=1, domain="economie"))
    events = g.apply(Action("no_counter", 1))
    res = events[1].data
    assert (res["lost"], res["kept"], res["taken"]) == ({"economie": 7}, {"economie": 0},
                                                         {"economie": 3})
    assert g.tokens[1]["economie"] == 0 and g.tokens[0]["economie"] == 9
    assert g.reserve["economie"] == before + 4


def test_A16_a_victim_without_that_domain_loses_nothing_and_the_token_is_spent():
    g = attack_game()
    g.hands[0] = ["nationalisation"]
    set_tokens(g, 1, media=0)
    g.apply(Action("attack", 0, trick="nationalisation", target=1, domain="media"))
    g.apply(Action("no_counter", 1))
    assert g.discard["nationalisation"] == 1 and g.hands[0] == [] and g.phase == "roll"


def test_A16_A17_a_domain_not_allowed_for_the_kind_is_refused():
    g = attack_game()
    g.hands[0] = ["nationalisation", "revolte", "chantage"]
    assert reason(g, Action("attack", 0, trick="nationalisation", target=1,
                            domain="justice")) == "wrong_choice"
    assert reason(g, Action("attack", 0, trick="revolte", target=1,
                            domain="economie")) == "wrong_choice"
    assert reason(g, Action("attack", 0, trick="chantage", target=1)) == "wrong_choice"


def test_A17_revolte_keeps_half_rounded_down_and_the_attacker_takes_one_type():
    g = attack_game()
    g.hands[0] = ["revolte"]
    set_tokens(g, 1, justice=5, armee=3)
    jr, ar = g.reserve["justice"], g.reserve["armee"]
    a0 = g.tokens[0]["armee"]
    g.apply(Action("attack", 0, trick="revolte", target=1, domain="armee"))
    res = g.apply(Action("no_counter", 1))[1].data
    assert res["kept"] == {"justice": 2, "armee": 1} and res["lost"] == {"justice": 3, "armee": 2}
    assert res["taken"] == {"armee": 2}
    assert g.tokens[0]["armee"] == a0 + 2 and g.reserve["justice"] == jr + 3
    assert g.reserve["armee"] == ar


def test_A18_chantage_takes_one_token_of_a_domain_the_victim_holds():
    g = attack_game()
    g.hands[0] = ["chantage"]
    set_tokens(g, 1, politique=0, media=2)
    assert reason(g, Action("attack", 0, trick="chantage", target=1,
                            domain="politique")) == "nothing_to_take"
    g.apply(Action("attack", 0, trick="chantage", target=1, domain="media"))
    res = g.apply(Action("no_counter", 1))[1].data
    assert res["lost"] == {"media": 1} and res["kept"] == {"media": 1}
    assert g.tokens[1]["media"] == 1


def test_A18_A24_chantage_is_countered_by_chantage_and_both_are_discarded():
    g = attack_game()
    g.hands[0] = ["chantage"]
    g.hands[1] = ["corruption", "chantage"]
    g.apply(Action("attack", 0, trick="chantage", target=1, domain="media"))
    assert reason(g, Action("counter", 1, trick="corruption", target=2)) == "wrong_choice"
    events = g.apply(Action("counter", 1, trick="chantage"))
    assert [e.kind for e in events] == ["countered", "attack_resolved"]
    assert events[1].data["victim"] is None
    assert g.discard["chantage"] == 2 and g.hands[1] == ["corruption"]


def test_A19_espionnage_takes_the_token_at_a_position_to_the_end_of_the_attackers_hand():
    g = attack_game()
    g.hands[0] = ["espionnage", "chantage"]
    g.hands[1] = ["revolte", "corruption", "nationalisation"]
    assert reason(g, Action("attack", 0, trick="espionnage", target=1, pick=3)) == "nothing_to_take"
    assert reason(g, Action("attack", 0, trick="espionnage", target=1, pick=-1)) == "nothing_to_take"
    assert reason(g, Action("attack", 0, trick="espionnage", target=1)) == "wrong_choice"
    g.apply(Action("attack", 0, trick="espionnage", target=1, pick=1))
    events = g.apply(Action("no_counter", 1))
    assert g.hands[0] == ["chantage", "corruption"] and g.hands[1] == ["revolte", "nationalisation"]
    res = events[1]
    assert res.data["taken"] == {"coup_bas": 1} and "corruption" not in repr(res.data)
    assert set(res.private) == {0, 1}                                # only the two seats
    assert res.private[0]["taken"] == "corruption" and res.private[0]["position"] == 1


def test_A19_espionnage_is_countered_by_espionnage():
    g = attack_game()
    g.hands[0] = ["espionnage"]
    g.hands[1] = ["espionnage"]
    g.apply(Action("attack", 0, trick="espionnage", target=1, pick=0))
    g.apply(Action("counter", 1, trick="espionnage"))
    assert g.hands == [[], [], g.hands[2]] and g.discard["espionnage"] == 2


def test_A20_corruption_redirects_and_the_attacker_still_takes_the_share():
    g = attack_game(4)
    g.hands[0] = ["nationalisation"]
    g.hands[1] = ["corruption"]
    set_tokens(g, 1, economie=10)
    set_tokens(g, 2, economie=8)
    e0 = g.tokens[0]["economie"]
    g.apply(Action("attack", 0, trick="nationalisation", target=1, domain="economie"))
    events = g.apply(Action("counter", 1, trick="corruption", target=2))
    assert events[0].data == {"seat": 1, "trick": "corruption", "target": 2}
    assert g.awaiting() == (2,) and state_json(g)["attack"]["redirect"] == 2
    assert state_json(g)["attack"]["target"] == 1
    g.apply(Action("no_counter", 2))
    assert g.tokens[2]["economie"] == 0 and g.tokens[1]["economie"] == 10
    assert g.tokens[0]["economie"] == e0 + 4


@pytest.mark.parametrize("target,why", [(0, "the attacker"), (1, "itself"), (None, "nobody"),
                                        (9, "outside")])
def test_A20_a_redirect_names_another_seat_not_the_attacker(target, why):
    g = attack_game(4)
    g.hands[0] = ["revolte"]
    g.hands[1] = ["corruption"]
    g.apply(Action("attack", 0, trick="revolte", target=1, domain="justice"))
    assert reason(g, Action("counter", 1, trick="corruption", target=target)) == "invalid_target"


def test_A20_with_two_players_corruption_cannot_be_used():
    g = attack_game(2)
    g.hands[0] = ["nationalisation"]
    g.hands[1] = ["corruption"]
    g.apply(Action("attack", 0, trick="nationalisation", target=1, domain="economie"))
    assert all(a.kind == "no_counter" for a in g.legal_actions(1))
    for t in (0, 1):
        assert reason(g, Action("counter", 1, trick="corruption", target=t)) == "invalid_target"


def test_A20_corruption_attacks_nobody_and_answers_neither_chantage_nor_espionnage():
    g = attack_game()
    g.hands[0] = ["corruption", "espionnage"]
    g.hands[1] = ["corruption"]
    assert reason(g, Action("attack", 0, trick="corruption", target=1)) == "wrong_choice"
    g.apply(Action("attack", 0, trick="espionnage", target=1, pick=0))
    assert reason(g, Action("counter", 1, trick="corruption", target=2)) == "wrong_choice"


def test_A21_an_attacker_makes_no_exchange_and_buys_nothing_and_an_exchanger_does_not_attack():
    g = attack_game()
    g.hands[0] = ["chantage", "chantage"]
    set_tokens(g, 0, justice=2, economie=6)
    g.apply(Action("attack", 0, trick="chantage", target=1, domain="economie"))
    g.apply(Action("no_counter", 1))
    assert reason(g, Action("exchange", 0, give="economie", get="media", count=1)) == "already_attacked"
    assert reason(g, Action("buy", 0)) == "already_attacked"
    quiet_roll(g)
    g.hands[1] = ["chantage"]
    g.apply(Action("exchange", 1, give="economie", get="media", count=1))
    assert reason(g, Action("attack", 1, trick="chantage", target=2, domain="justice")) == "already_exchanged"


def test_A22_no_attack_in_the_first_round():
    g = game(3)
    g.hands[0] = ["chantage"]
    assert reason(g, Action("attack", 0, trick="chantage", target=1, domain="media")) == "first_round"
    quiet_roll(g)
    quiet_roll(g)
    g.hands[2] = ["chantage"]          # the last seat of round 1 may not attack either
    assert reason(g, Action("attack", 2, trick="chantage", target=1, domain="media")) == "first_round"


def test_A23_one_attack_per_turn():
    g = attack_game()
    g.hands[0] = ["chantage", "chantage"]
    g.apply(Action("attack", 0, trick="chantage", target=1, domain="economie"))
    g.apply(Action("no_counter", 1))
    assert reason(g, Action("attack", 0, trick="chantage", target=1, domain="economie")) == "already_attacked"


def test_A24_the_answer_comes_before_any_effect_and_is_optional():
    g = attack_game()
    g.hands[0] = ["chantage"]
    g.hands[1] = ["chantage"]
    before = [dict(t) for t in g.tokens]
    g.apply(Action("attack", 0, trick="chantage", target=1, domain="economie"))
    assert g.tokens == before and g.phase == "counter"
    g.apply(Action("no_counter", 1))                # it may let it pass though it could counter
    assert g.tokens[1]["economie"] == before[1]["economie"] - 1 and g.hands[1] == ["chantage"]


def test_A25_a_redirect_is_cancelled_by_the_named_seats_corruption_and_falls_on_the_first():
    g = attack_game(4)
    g.hands[0] = ["revolte"]
    g.hands[1] = ["corruption"]
    g.hands[2] = ["corruption", "chantage"]
    set_tokens(g, 1, justice=4)
    g.apply(Action("attack", 0, trick="revolte", target=1, domain="justice"))
    g.apply(Action("counter", 1, trick="corruption", target=2))
    assert reason(g, Action("counter", 2, trick="chantage")) == "wrong_choice"
    events = g.apply(Action("counter", 2, trick="corruption", target=3))  # target ignored
    assert events[0].data["target"] is None
    assert events[1].data["victim"] == 1 and g.tokens[1]["justice"] == 2
    assert g.discard["corruption"] == 2 and g.phase == "roll"


def test_A26_the_earliest_token_of_the_kind_is_used_and_discarded_for_good():
    g = attack_game()
    g.hands[0] = ["revolte", "chantage", "espionnage", "chantage"]
    g.apply(Action("attack", 0, trick="chantage", target=1, domain="economie"))
    assert g.hands[0] == ["revolte", "espionnage", "chantage"]
    assert g.discard["chantage"] == 1 and "chantage" not in g.pile[:0]


@pytest.mark.parametrize("held,kept", [(1, 0), (3, 1), (5, 2), (4, 2), (0, 0)])
def test_A27_losing_half_keeps_half_rounded_down(held, kept):
    g = attack_game()
    g.hands[0] = ["revolte"]
    set_tokens(g, 1, justice=held, armee=held)
    g.apply(Action("attack", 0, trick="revolte", target=1, domain="justice"))
    g.apply(Action("no_counter", 1))
    assert g.tokens[1]["justice"] == kept and g.tokens[1]["armee"] == kept


def test_A28_an_attacked_seat_plays_its_own_turn_normally():
    g = attack_game()
    g.hands[0] = ["chantage"]
    g.hands[1] = ["chantage"]
    g.apply(Action("attack", 0, trick="chantage", target=1, domain="economie"))
    g.apply(Action("counter", 1, trick="chantage"))
    quiet_roll(g)
    assert g.current == 1 and g.phase == "turn"
    g.apply(Action("exchange", 1, give="economie", get="media", count=1))


def test_A24_every_attacked_seat_is_asked_whether_or_not_it_holds_an_answer():
    g = attack_game()
    g.hands[0] = ["chantage"]
    g.hands[1] = []
    g.apply(Action("attack", 0, trick="chantage", target=1, domain="economie"))
    assert g.phase == "counter" and g.awaiting() == (1,)
    assert [a.kind for a in g.legal_actions(1)] == ["no_counter"]


def test_not_held_comes_last_after_every_public_reason():
    g = attack_game()
    g.hands[0] = []
    assert reason(g, Action("attack", 0, trick="chantage", target=1, domain="politique")) == "nothing_to_take"
    assert reason(g, Action("attack", 0, trick="chantage", target=1, domain="economie")) == "not_held"
    err = None
    try:
        g.apply(Action("attack", 0, trick="chantage", target=1, domain="economie"))
    except IllegalAction as exc:
        err = exc
    assert err is not None and err.private


# -- hidden information (A29) --------------------------------------------------------------

def test_A29_the_public_view_holds_no_hand_and_the_private_view_only_its_own():
    g = game(3)
    pub = public_view(g)
    assert pub["hands"] is None and "hand" not in pub
    assert pub["tricks_held"] == [1, 1, 1] and pub["pile"] == 27
    for seat in range(3):
        mine = private_view(g, seat)
        assert mine["hand"] == g.hands[seat]
        assert {k: v for k, v in mine.items() if k not in ("hand", "seat")} == pub


def test_A29_the_state_shows_the_hands_only_at_the_end():
    g = game(2)
    assert state_json(g)["hands"] is None
    set_tokens(g, 0, economie=7, media=0, justice=1, armee=1, politique=1)
    g.apply(Action("exchange", 0, give="economie", get="media", count=1))
    assert state_json(g)["hands"] == [list(h) for h in g.hands]


def test_legal_actions_are_all_accepted_and_cover_roll_exchange_buy_attack():
    rng = random.Random(5)
    g = attack_game(4)
    g.hands[0] = ["nationalisation", "espionnage", "chantage", "revolte"]
    set_tokens(g, 0, justice=2)
    kinds = {a.kind for a in g.legal_actions(0)}
    assert kinds == {"roll", "exchange", "buy", "attack"}
    for a in g.legal_actions(0):
        if a.kind == "roll":
            a = Action("roll", 0, dice=(("armee", 1), ("armee", 1)))
        g.check(a)


def test_a_copy_is_independent_of_the_game():
    g = attack_game()
    g.hands[0] = ["chantage"]
    trial = g.copy()
    trial.apply(Action("attack", 0, trick="chantage", target=1, domain="economie"))
    trial.apply(Action("no_counter", 1))
    assert g.phase == "turn" and g.hands[0] == ["chantage"] and g.attack is None
    assert state_json(trial) != state_json(g)
