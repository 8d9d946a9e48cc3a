"""Random legal games to the end (hypothesis, derandomized): invariants after every action,
and every illegal action tried on the way leaves the state unchanged."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from firmware_host.games.secret_dictator import (REASONS, Action, Game, IllegalAction, Setup,
                                                 deal, public_view, state_json)
from firmware_host.games.secret_dictator.playout import play_randomly
from engine_helpers import check_refusal_message

KINDS = ["nominate", "vote", "discard", "enact", "acknowledge", "special_election", "execute",
         "investigate", "veto", "veto_reply", "reshuffle", "chaos_law"]
STATE_KEYS = {"phase", "winner", "reason", "democratic_laws", "fascist_laws",
              "election_tracker", "president", "chancellor", "alive", "ineligible", "draw_pile",
              "discard_pile"}


def check_invariants(game: Game) -> None:
    """17 laws conserved, tracker 0-3, one government at most, the winner matches the board."""
    assert (game.draw_n + game.discard_n + game.hand_n + game.democratic_laws
            + game.fascist_laws) == 17
    if game.tracked:
        assert (len(game.draw), len(game.discard), len(game.hand)) == (
            game.draw_n, game.discard_n, game.hand_n)
        assert (game.draw + game.discard + game.hand).count("fascist") + game.fascist_laws == 11
    assert 0 <= game.tracker <= 3
    if game.tracker == 3:
        assert game.phase == "chaos" or game.reshuffle_due is not None
    assert game.alive_count == sum(game.alive) and game.alive[game.president]
    if game.chancellor is not None:
        assert game.chancellor != game.president and game.alive[game.chancellor]
    if game.phase in ("nomination", "election", "chaos"):
        assert game.chancellor is None
    assert (game.nominee is not None) == (game.phase == "election")
    if game.reshuffle_due is None:
        expected_hand = {"legislative_president": 3, "legislative_chancellor": 2}
        assert game.hand_n == expected_hand.get(game.phase, 0)
    dictator = game.roles.index("dictator")
    if game.phase == "game_over":
        board = {
            "democratic_laws": game.democratic_laws == 5,
            "fascist_laws": game.fascist_laws == 6,
            "dictator_executed": not game.alive[dictator],
            "dictator_elected": game.chancellor == dictator and game.fascist_laws >= 3,
        }
        assert board[game.reason]
        assert game.winner == ("democrats" if game.reason in ("democratic_laws",
                                                              "dictator_executed")
                               else "fascists")
        assert public_view(game)["roles"] == list(game.roles)
    else:
        assert game.winner is None and game.reason is None
        assert game.democratic_laws < 5 and game.fascist_laws < 6 and game.alive[dictator]


def random_action(game: Game, rng: random.Random) -> Action:
    """Any action, legal or not: mostly plausible fields, sometimes nonsense."""
    n = game.players
    kind = rng.choice(KINDS)
    seat = rng.choice([rng.randrange(n)] * 6 + [n, -1, None, "0"])
    target = rng.choice([rng.randrange(n)] * 6 + [n, -1, None])
    order = None
    if kind == "reshuffle":
        pool = game.reshuffle_pool or ["fascist"] * 3
        order = tuple(rng.sample(pool, len(pool))) if rng.random() < 0.7 else ("fascist",)
    return Action(kind, seat=seat, target=target,
                  ballot=rng.choice(["ja", "nein", "ja", "nein", "vielleicht"]),
                  party=rng.choice(["fascist", "democratic", "fascist", None, "green"]),
                  accept=rng.choice([True, False, None]), order=order)


def probe(game: Game, rng: random.Random, tries: int) -> None:
    """Try random actions; a refused one must leave the game exactly as it was."""
    for _ in range(tries):
        before = game.fingerprint()
        action = random_action(game, rng)
        try:
            game.apply(action)
        except IllegalAction as exc:
            assert exc.reason in REASONS
            assert game.fingerprint() == before, exc
            check_refusal_message(game, action, exc)
        check_invariants(game)


def new_game(players: int, variant: str, untracked: bool, rng: random.Random) -> Game:
    obj = {"players": players, "variant": variant, "seed": 0,
           "first_president": rng.randrange(players)}
    if untracked:
        obj["deck"] = "untracked"
    if rng.random() < 0.3:
        obj["switches"] = {"veto": True}
    setup = Setup.from_json(obj)
    game = Game(setup.with_dealt(*deal(setup, rng)))
    game.start()
    return game


GAME_SETTINGS = dict(derandomize=True, deadline=None, database=None,
                     suppress_health_check=[HealthCheck.too_slow])


@settings(max_examples=150, **GAME_SETTINGS)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(5, 10),
       variant=st.sampled_from(["rulebook", "official"]), untracked=st.booleans())
def test_random_games_keep_invariants_and_refusals_change_nothing(seed, players, variant,
                                                                  untracked):
    rng = random.Random(seed)
    for _ in range(6):  # 900 games with probes in all
        game = new_game(players, variant, untracked, rng)
        check_invariants(game)

        def after(game, action, events):
            check_invariants(game)
            probe(game, rng, 2)

        play_randomly(game, rng, after)
        assert game.phase == "game_over"
        assert set(state_json(game)) == STATE_KEYS
        json.dumps(public_view(game))


@settings(max_examples=100, **GAME_SETTINGS)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(["rulebook", "official"]),
       untracked=st.booleans())
def test_many_random_games_end_with_a_consistent_winner(seed, variant, untracked):
    rng = random.Random(seed)
    for players in range(5, 11):
        for _ in range(4):  # 2,400 games in all, invariants after every action
            game = new_game(players, variant, untracked, rng)
            play_randomly(game, rng, lambda g, a, e: check_invariants(g))
            assert game.winner in ("democrats", "fascists")


def test_copy_is_independent():
    rng = random.Random(3)
    game = new_game(7, "official", False, rng)
    twin = game.copy()
    play_randomly(game, rng)
    assert twin.phase == "nomination" and twin.fingerprint() != game.fingerprint()
    assert twin.draw_n == 17 and twin.alive == [True] * 7
