"""``legal_actions`` is exactly what ``apply`` accepts: at every state of random games, every
offered action is accepted, every refused one is absent, none is offered twice. And the
fingerprint that guards refusals sees every piece of state."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from firmware_host.games.secret_dictator import Action, Game, IllegalAction, Setup, deal
from firmware_host.games.secret_dictator.playout import play_randomly

from engine_helpers import elect, make, reshuffle, session
from test_engine_properties import GAME_SETTINGS

PARTIES = (None, "democratic", "fascist")


def candidates(players: int) -> list[Action]:
    """Every action in the form ``legal_actions`` gives it, for every seat (not ``reshuffle``:
    its orders are built from ``reshuffle_pool``)."""
    out = []
    for s in range(players):
        for kind in ("nominate", "special_election", "execute", "investigate"):
            out += [Action(kind, seat=s, target=t) for t in range(players)]
        out += [Action("vote", seat=s, ballot=b) for b in ("ja", "nein")]
        out += [Action(kind, seat=s, party=p) for kind in ("discard", "enact") for p in PARTIES]
        out += [Action("acknowledge", seat=s), Action("veto", seat=s)]
        out += [Action("veto_reply", seat=s, accept=a) for a in (True, False)]
    out += [Action("chaos_law", party=p) for p in ("democratic", "fascist")]
    return out


def accepted_by_apply(game: Game, actions: list[Action]) -> list[Action]:
    """The actions ``apply`` accepts, each tried on a copy of ``game``."""
    scratch = game.copy()
    accepted = []
    for action in actions:
        try:
            scratch.apply(action)
        except IllegalAction:
            continue
        accepted.append(action)
        scratch = game.copy()
    assert scratch.fingerprint() == game.fingerprint()
    return accepted


def check_legal_actions(game: Game, everything: list[Action]) -> None:
    offered = []
    for seat in [*range(game.players), None]:
        actions = game.legal_actions(seat)
        assert len(actions) == len(set(actions)), f"offered twice: {actions}"
        assert all(a.seat == seat for a in actions)
        offered += actions
    accepted = accepted_by_apply(game, everything)
    assert set(offered) == set(accepted), (
        f"phase {game.phase}: offered but refused {set(offered) - set(accepted)}, "
        f"accepted but not offered {set(accepted) - set(offered)}")
    if game.reshuffle_due is None and game.phase != "game_over":
        assert offered, "nothing offered in a running game"
    waiting = set(game.awaiting())
    assert {a.seat for a in offered if a.seat is not None} == waiting


@settings(max_examples=40, **GAME_SETTINGS)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(5, 10),
       variant=st.sampled_from(["rulebook", "official"]), untracked=st.booleans(), veto=st.booleans())
def test_legal_actions_are_exactly_the_actions_apply_accepts(seed, players, variant, untracked, veto):
    rng = random.Random(seed)
    obj = {"players": players, "variant": variant, "seed": 0, "first_president": rng.randrange(players)}
    if untracked:
        obj["deck"] = "untracked"
    if veto:
        obj["switches"] = {"veto": True}
    setup = Setup.from_json(obj)
    game = Game(setup.with_dealt(*deal(setup, rng)))
    game.start()
    everything = candidates(players)
    check_legal_actions(game, everything)
    play_randomly(game, rng, lambda g, a, e: check_legal_actions(g, everything))
    check_legal_actions(game, everything)


def test_a_pending_veto_offers_the_president_accept_and_reject_once_each():
    game = make(5, "official", deck="FFD FFD FFD FFD FFF", switches={"powers": [None] * 5})
    for _ in range(5):
        if game.reshuffle_due:
            reshuffle(game)
        session(game, "fascist")
    reshuffle(game)
    elect(game, 0 if game.president != 0 else 2)
    pres, chan = game.president, game.chancellor
    game.apply(Action("discard", seat=pres, party=game.hand[0]))
    assert Action("veto", seat=chan) in game.legal_actions(chan)
    game.apply(Action("veto", seat=chan))
    assert game.legal_actions(pres) == [Action("veto_reply", seat=pres, accept=True),
                                        Action("veto_reply", seat=pres, accept=False)]
    assert game.legal_actions(chan) == []


def test_fingerprint_sees_every_piece_of_state():
    game = make(7, variant="official")
    session(game, "fascist")
    for name in Game.__slots__:
        twin = game.copy()
        value = getattr(twin, name)
        if isinstance(value, bool):
            changed = not value
        elif isinstance(value, int):
            changed = value + 1
        elif value is None:
            changed = 1
        elif isinstance(value, str):
            changed = value + "x"
        elif isinstance(value, (list, tuple)):
            changed = type(value)([*value, "x"])
        elif isinstance(value, set):
            changed = value | {99}
        elif isinstance(value, dict):
            changed = {**value, "x": 1}
        else:
            changed = object()
        setattr(twin, name, changed)
        assert twin.fingerprint() != game.fingerprint(), name


def test_fingerprint_and_copy_keep_the_investigated_seats_apart():
    game = make(7, variant="official")
    twin = game.copy()
    game._investigated.add(2)
    assert twin.investigated == frozenset() and game.investigated == frozenset({2})
    assert twin.fingerprint() != game.fingerprint()


def test_view_discard_acknowledged_leaves_no_power():
    game = make(5, deck="FFF FFF FDF")
    session(game, "fascist")
    session(game, "fascist")
    session(game, "fascist", discard="fascist")
    assert (game.phase, game.power) == ("power", "view_discard")
    game.apply(Action("acknowledge", seat=game.president))
    assert game.phase == "nomination" and game.power is None
