"""Property tests (hypothesis): random legal games of In this way I become a DICTATOR."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings, strategies as st

from firmware_host.games.become_dictator import (DROPS, HAND_SIZES, REASONS, ROLES,
                                                 TAKEN_OVER_BY, VOTING_RIGHTS, Action, Game,
                                                 IllegalAction, Setup, private_view,
                                                 state_json)
from firmware_host.games.become_dictator.announce import announcements
from firmware_host.games.become_dictator.playout import play_randomly, random_action

players = st.integers(min_value=4, max_value=10)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def _random_game(n: int, seed: int, reveal: bool = False, after=None) -> Game:
    game = Game(Setup(players=n, reveal_night_4=reveal))
    game.start()
    play_randomly(game, random.Random(seed), after=after)
    return game


@settings(max_examples=60, deadline=None)
@given(players, seeds, st.booleans())
def test_random_legal_games_end_and_keep_every_invariant(n, seed, reveal):
    seen_mornings: dict[int, list[int]] = {}
    rights_before = [VOTING_RIGHTS] * n

    def check(game: Game, action: Action, events: list) -> None:
        nonlocal rights_before
        assert all(v >= 0 for v in game.votes)                        # D10, D11
        assert all(0 <= r <= VOTING_RIGHTS for r in game.voting_rights)   # D6
        assert all(r <= b for r, b in zip(game.voting_rights, rights_before))
        rights_before = list(game.voting_rights)
        for hand in game.hands:                                         # D2 order kept
            assert list(hand) == [r for r in ROLES if r in hand]
        if any(e.kind == "day" for e in events) or game.phase == "game_over":
            seen_mornings[game.day] = [len(h) for h in game.hands]
            # every seat used exactly one right per day that is over (D6)
            done = game.day - 1 if game.phase != "game_over" else 5
            assert game.voting_rights == [VOTING_RIGHTS - done] * n

    game = _random_game(n, seed, reveal, after=check)
    assert game.phase == "game_over" and game.awaiting() == ()
    for day, sizes in seen_mornings.items():                            # D12
        assert sizes == [HAND_SIZES[day]] * n
    assert game.voting_rights == [0] * n
    state = state_json(game)
    assert len(state["revealed"]) == 4
    for night, revealed in enumerate(state["revealed"], start=1):        # D14
        if night == 4 and not reveal:
            assert revealed is None
        else:
            assert len(revealed) == DROPS[night] * n and revealed == sorted(revealed)
    _check_winners(game)


def _check_winners(game: Game) -> None:
    """The winners against the D-rules, stated independently of the scorer's steps."""
    roles, votes, v = game.final_roles, game.votes, game.verdict
    n = len(votes)
    won = {s: roles[s] for s in v.winners}
    winning = set(won.values())
    assert v.winning_roles == sorted(winning)
    positive = sorted({x for x in votes if x > 0}, reverse=True)
    single_top = [s for s in range(n) if positive and votes[s] == positive[0]]
    single_top = single_top[0] if len(single_top) == 1 else None
    for s, role in won.items():
        if role == "dictator":                                          # D18
            assert s == single_top
        if role == "assassin":                                          # D23
            assert votes[s] == 0
        if role == "revolutionary":                                     # D22
            assert votes[s] >= 1
        if role == "priest":                                            # D24
            assert max(votes) - min(votes) <= 1
    for x in winning:                                                   # D26
        for y in winning:
            assert x not in TAKEN_OVER_BY[y], (x, y)
    jesters = {s for s in range(n) if roles[s] == "jester"}
    nobles = {s for s in range(n) if roles[s] == "noble"}
    commoners = {s for s in range(n) if roles[s] == "commoner"}
    if "dictator" in winning:                                           # D19
        assert jesters <= set(won)
    else:
        assert not jesters & set(won)
    if "assassin" in winning:                                           # D21
        assert nobles <= set(won)
    others = winning - {"commoner"}
    if commoners:                                                       # D25
        assert (commoners <= set(won)) == (not others)
        assert not (commoners & set(won)) or commoners <= set(won)    # all or none


@settings(max_examples=40, deadline=None)
@given(players, seeds, st.data())
def test_refused_actions_change_nothing(n, seed, data):
    rng = random.Random(seed)
    game = Game(Setup(players=n))
    game.start()
    while game.phase != "game_over":
        kind = data.draw(st.sampled_from(["vote", "discard_vote", "no_discard_vote", "drop"]))
        junk = Action(kind, data.draw(st.integers(-1, n)), data.draw(st.integers(-1, n)),
                      data.draw(st.sampled_from([None, *ROLES])),
                      data.draw(st.lists(st.sampled_from(ROLES), max_size=3)))
        before = json.dumps([state_json(game), [private_view(game, s) for s in range(n)]])
        try:
            game.apply(junk)
        except IllegalAction as exc:
            assert exc.reason in REASONS
            after = json.dumps([state_json(game), [private_view(game, s) for s in range(n)]])
            assert after == before
        waiting = game.awaiting()
        if waiting:
            game.apply(random_action(game, waiting[int(rng.random() * len(waiting))], rng))


def _public_lines(game: Game, script: list[Action]) -> list:
    out = [(a.key, dict(a.params)) for a in announcements(None, game.start(), game)
           if a.channel == "public"]
    events = []
    for action in script:
        evs = game.apply(action)
        events += [e.to_json() for e in evs if e.kind not in ("game_over",)]
        out += [(a.key, dict(a.params)) for a in announcements(action, evs, game)
                if a.channel == "public" and a.priority != "game_over"]
    return [out, events]


@settings(max_examples=40, deadline=None)
@given(players, seeds, st.randoms(use_true_random=False))
def test_public_output_is_the_same_when_hands_are_permuted_among_seats(n, seed, shuffler):
    """D28: with the secret drops of the seats permuted (so every hand is permuted), the
    table hears and sees exactly the same until the reckoning. (No pledges here: a pledge is
    public by D8, and it must be in its seat's own hand.)"""
    rng = random.Random(seed)
    game = Game(Setup(players=n))
    game.start()
    script: list[Action] = []
    while game.phase != "game_over":
        waiting = game.awaiting()
        seat = waiting[int(rng.random() * len(waiting))]
        action = random_action(game, seat, rng)
        if game.phase == "discard_vote":
            action = Action("no_discard_vote", seat)
        game.apply(action)
        script.append(action)
    perm = list(range(n))
    shuffler.shuffle(perm)
    # seat s now drops what seat perm[s] dropped, at the same moment as before
    drops = {}
    for a in script:
        if a.kind == "drop":
            drops.setdefault(a.seat, []).append(a.roles)
    counters = {s: 0 for s in range(n)}
    permuted = []
    for a in script:
        if a.kind == "drop":
            roles = drops[perm[a.seat]][counters[a.seat]]
            counters[a.seat] += 1
            a = Action("drop", a.seat, roles=roles)
        permuted.append(a)
    first, second = Game(Setup(players=n)), Game(Setup(players=n))
    assert _public_lines(first, script) == _public_lines(second, permuted)
    assert [second.final_roles[s] for s in range(n)] == [first.final_roles[perm[s]]
                                                         for s in range(n)]
