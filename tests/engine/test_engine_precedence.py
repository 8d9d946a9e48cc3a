"""REPLAY.md's rejection-reason precedence, checked against a second, literal reading of it.

:func:`expected_reason` restates the list ``game_over``, ``malformed``, ``wrong_phase``,
``not_alive`` (actor), ``not_your_turn``, ``already_voted``, ``invalid_target``, ``not_alive``
(target), ``ineligible``, ``not_in_hand`` straight from the spec, reading only the game's
public attributes; random games then throw many actions, plausible and not, at every state
and the engine must give exactly that reason (or accept exactly when none applies).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from firmware_host.games.secret_dictator import Action, Game, IllegalAction, Setup, deal
from firmware_host.games.secret_dictator.playout import play_randomly
from engine_helpers import check_refusal_message

PARTIES = ("democratic", "fascist")
SEATED = {"nominate", "vote", "discard", "enact", "acknowledge", "special_election", "execute",
          "investigate", "veto", "veto_reply"}
TARGETED = {"nominate", "special_election", "execute", "investigate"}
POWER_OF = {"special_election": "special_election", "execute": "execution",
            "investigate": "investigate"}


def _is_int(x) -> bool:
    return type(x) is int


def _malformed(game: Game, a: Action) -> bool:
    n = game.players
    if a.kind in SEATED and not (_is_int(a.seat) and 0 <= a.seat < n):
        return True
    if a.kind in TARGETED and not _is_int(a.target):
        return True
    if a.kind == "vote" and a.ballot not in ("ja", "nein"):
        return True
    if a.kind in ("enact", "chaos_law") and a.party not in PARTIES:
        return True
    if a.kind == "discard" and (a.party is not None or game.tracked) and a.party not in PARTIES:
        return True
    if a.kind == "veto_reply" and type(a.accept) is not bool:
        return True
    if a.kind == "reshuffle":
        if not isinstance(a.order, (list, tuple)) or any(p not in PARTIES for p in a.order):
            return True
        pool = game.reshuffle_pool
        if pool is not None and sorted(a.order) != pool:
            return True
    return False


def _expected_now(game: Game, a: Action) -> bool:
    phase, due = game.phase, game.reshuffle_due is not None
    if a.kind == "reshuffle":
        return due
    if due:
        return False
    if a.kind == "nominate":
        return phase == "nomination"
    if a.kind == "vote":
        return phase == "election"
    if a.kind == "discard":
        return phase == "legislative_president"
    if a.kind == "enact":
        return phase == "legislative_chancellor" and not game.veto_pending
    if a.kind == "veto":
        return (game.setup.veto and game.fascist_laws >= 5
                and phase == "legislative_chancellor" and not game.veto_pending
                and not game._veto_used)
    if a.kind == "veto_reply":
        return phase == "legislative_chancellor" and game.veto_pending
    if a.kind == "acknowledge":
        return phase == "power" and game.power in ("view_discard", "peek")
    if a.kind in POWER_OF:
        return phase == "power" and game.power == POWER_OF[a.kind]
    if a.kind == "chaos_law":
        return phase == "chaos"
    raise AssertionError(a.kind)


def expected_reason(game: Game, a: Action) -> str | None:
    """The first REPLAY.md reason that applies to ``a`` now, or None (accepted)."""
    if game.phase == "game_over":
        return "game_over"
    if _malformed(game, a):
        return "malformed"
    if not _expected_now(game, a):
        return "wrong_phase"
    if a.kind in SEATED and not game.alive[a.seat]:
        return "not_alive"
    turn = {"enact": game.chancellor, "veto": game.chancellor}.get(a.kind, game.president)
    if a.kind in SEATED and a.kind != "vote" and a.seat != turn:
        return "not_your_turn"
    if a.kind == "vote" and game.has_voted(a.seat):
        return "already_voted"
    if a.kind in TARGETED:
        if (a.target == a.seat or not 0 <= a.target < game.players
                or (a.kind == "investigate" and a.target in game.investigated)):
            return "invalid_target"
        if not game.alive[a.target]:
            return "not_alive"
        if a.kind == "nominate" and a.target in game.ineligible:
            return "ineligible"
    if a.kind in ("discard", "enact", "chaos_law") and a.party is not None:
        held = (game.hand if game.tracked and a.kind != "chaos_law"
                else [p for p in PARTIES if game._possible(p)])
        if a.party not in held:
            return "not_in_hand"
    return None


KINDS = sorted(SEATED | {"reshuffle", "chaos_law"})


def some_action(game: Game, rng: random.Random) -> Action:
    n = game.players
    seat = rng.choice([rng.randrange(n)] * 8 + [game.president, n, -1, None, True, "1"])
    target = rng.choice([rng.randrange(n)] * 8 + [seat, n, -1, None, 1.0])
    order = None
    pool = game.reshuffle_pool
    if pool is not None and rng.random() < 0.8:
        order = tuple(rng.sample(pool, len(pool)))
    elif rng.random() < 0.5:
        order = tuple(rng.choice(PARTIES) for _ in range(rng.randrange(5)))
    return Action(rng.choice(KINDS), seat=seat, target=target,
                  ballot=rng.choice(["ja", "nein", "ja", "nein", "JA", None]),
                  party=rng.choice(["fascist", "democratic", "fascist", None, "liberal"]),
                  accept=rng.choice([True, False, None, 1]), order=order)


def check_precedence(game: Game, rng: random.Random, tries: int) -> None:
    for _ in range(tries):
        action = some_action(game, rng)
        want = expected_reason(game, action)
        trial = game.copy()
        try:
            trial.apply(action)
            got = None
        except IllegalAction as exc:
            got = exc.reason
            check_refusal_message(game, action, exc)
        assert got == want, (action, game.phase, got, want)


@settings(max_examples=60, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(5, 10),
       variant=st.sampled_from(["rulebook", "official"]), untracked=st.booleans(),
       veto=st.booleans())
def test_rejection_reason_precedence_matches_replay_md(seed, players, variant, untracked,
                                                       veto):
    rng = random.Random(seed)
    obj = {"players": players, "variant": variant, "seed": seed,
           "first_president": rng.randrange(players), "switches": {"veto": veto}}
    if untracked:
        obj["deck"] = "untracked"
    setup = Setup.from_json(obj)
    game = Game(setup.with_dealt(*deal(setup, rng)))
    game.start()
    check_precedence(game, rng, 20)
    play_randomly(game, rng, lambda g, a, e: check_precedence(g, rng, 6))
    check_precedence(game, rng, 20)
