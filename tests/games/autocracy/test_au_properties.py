"""Property tests (hypothesis): random legal games of Autocracy."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from firmware_host.games.autocracy import (DOMAINS, KINDS, Action, Game, IllegalAction, Setup,
                                           deal, holds_set, public_view, state_json)
from firmware_host.games.autocracy.announce import for_event
from firmware_host.games.autocracy.playout import play_randomly, random_action

players = st.integers(min_value=2, max_value=6)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def new_game(n: int, seed: int, **extra) -> Game:
    setup = Setup.from_json({"players": n, "seed": seed, "first": seed % n, **extra})
    g = Game(setup.with_dealt(*deal(setup)))
    g.start()
    return g


@settings(max_examples=80, deadline=None)
@given(players, seeds)
def test_random_legal_games_end_with_a_winner_that_holds_the_set(n, seed):
    g = new_game(n, seed)
    play_randomly(g, random.Random(seed))
    state = state_json(g)
    assert state["phase"] == "game_over" and state["waiting"] == []
    assert state["winner"] == state["current"] and holds_set(g.tokens[g.winner])       # A6
    assert [len(h) for h in state["hands"]] == state["tricks_held"]


@settings(max_examples=60, deadline=None)
@given(players, seeds, st.booleans())
def test_tokens_and_coup_bas_are_conserved_and_the_reserve_never_goes_below_zero(n, seed, small):
    # a small reserve makes the gain rule run short often (A9, A10)
    extra = {"reserve": {"economie": 40, "media": 14, "justice": 9, "armee": 6, "politique": 5}} if small else {}
    if small and n > 4:
        n = 4
    g = new_game(n, seed, **extra)
    box = {d: g.reserve[d] + sum(t[d] for t in g.tokens) for d in DOMAINS}
    tricks = dict(g.setup.tricks)

    def check(game: Game, action: Action, events: list) -> None:
        for d in DOMAINS:
            assert game.reserve[d] >= 0 and all(t[d] >= 0 for t in game.tokens)
            # seats + reserve constant: what the reserve lacked was never made (A9)
            assert game.reserve[d] + sum(t[d] for t in game.tokens) == box[d]
        for k in KINDS:
            held = sum(h.count(k) for h in game.hands)
            assert held + game.pile.count(k) + game.discard[k] == tricks[k]      # A10, A26

    play_randomly(g, random.Random(seed), after=check)


@settings(max_examples=40, deadline=None)
@given(players, seeds)
def test_every_legal_action_is_accepted_and_a_refused_one_changes_nothing(n, seed):
    g = new_game(n, seed)
    rng = random.Random(seed)
    steps = 0
    while g.phase != "game_over" and steps < 300:
        seat = g.awaiting()[0]
        for a in g.legal_actions(seat):
            if a.kind != "roll":
                g.check(a)
        other = (seat + 1) % n
        before = state_json(g)
        try:
            g.apply(Action("roll", other, dice=(("armee", 1), ("armee", 1))))
        except IllegalAction as exc:
            assert exc.reason in ("not_your_turn", "wrong_phase")
            assert state_json(g) == before
        else:
            raise AssertionError("a seat rolled out of turn")
        g.apply(random_action(g, rng))
        steps += 1


@settings(max_examples=40, deadline=None)
@given(players, seeds)
def test_A29_public_events_and_announcements_never_carry_a_kind_before_the_end(n, seed):
    g = new_game(n, seed)

    def check(game: Game, action: Action, events: list) -> None:
        for e in events:
            if e.kind != "game_over":
                assert not set(KINDS) & set(str(v) for v in _leaves(e.data)) - {action.trick} - _shown(e)
            for a in for_event(game, e):
                if a.channel == "public" and e.kind != "game_over":
                    assert not {"hand", "drawn", "taken", "hands"} & set(a.params)
        view = public_view(game)
        if game.phase != "game_over":
            assert view["hands"] is None

    play_randomly(g, random.Random(seed), after=check)


def _shown(e) -> set:
    """Kinds an event shows by rule (A26, A29): the token played or shown."""
    return {e.data.get("trick")} - {None}


def _leaves(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from _leaves(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from _leaves(v)
    else:
        yield obj
