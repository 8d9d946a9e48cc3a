"""Property tests (hypothesis, derandomized): random legal games to the end with invariants
after every action, wins consistent with M9/M10, illegal actions leave the state unchanged,
and the public output does not depend on the characters of living players (M39, M41)."""

from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from firmware_host.games.dying_message import (ACTION_KINDS, FACTION, KILLERS, NIGHT_PHASES,
                                               REASONS, Action, Game, IllegalAction, Setup,
                                               deal, public_view, state_json)
from firmware_host.games.dying_message import announce
from firmware_host.games.dying_message.playout import chance_action, random_action

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
EXPERIENCED = ["soulmate", "famous_dog", "famous_dog", "hostage", "hostage", "mass_murderer",
               "refuse_collector", "aristocrat", "aristocrat", "muay_thai", "muay_thai",
               "forensic_scientist", "forensic_scientist", "celebrity", "celebrity",
               "private_detective", "mastermind", "accomplice", "professional_killer",
               "killer", "citizen", "citizen", "citizen"]


@st.composite
def setups(draw) -> Setup:
    """Default characters, or a random valid set from the whole box (M5 (a)-(d))."""
    players = draw(st.integers(4, 10))
    seed = draw(st.integers(0, 2**16))
    cards = draw(st.sampled_from([9, 12, 20, 104]))
    obj = {"game": "dying_message", "players": players, "seed": seed,
           "evidence": [f"card {i}" for i in range(cards)],
           "options": {"skip_vote": draw(st.booleans()), "self_vote": draw(st.booleans()),
                       "dog_may_pass": draw(st.booleans())}}
    if draw(st.booleans()):
        rng = random.Random(seed)
        while True:
            roles = rng.sample(EXPERIENCED, players)
            killers = sum(r in KILLERS for r in roles)
            innocents = sum(FACTION[r] == "innocent" for r in roles)
            if 0 < killers < innocents:
                obj["roles"] = roles
                break
    return Setup.from_json(obj)


def check_invariants(game: Game) -> None:
    m = game.setup.cards
    cards = (game.draw_pile + game.discard_pile + game.evidence_pool + game.message_area
             + game.dead_messages)
    assert sorted(cards) == list(range(m)), "every card is in exactly one place"
    assert game.skips_pending >= 0
    assert set(game.deaths) == {s for s in range(game.players) if not game.alive[s]}
    killers = len(game.living_killers())
    innocents = sum(1 for s in game.living() if FACTION[game.characters[s]] == "innocent")
    if game.phase == "game_over":
        # M9: guilty first, then innocent
        if killers >= innocents:
            assert (game.winner, game.reason) == ("guilty", "killers_at_least_innocents")
        else:
            assert killers == 0 and (game.winner, game.reason) == ("innocent", "all_killers_dead")
    else:
        # M10: checked after every death wave, so a game still going has neither condition
        assert 0 < killers < innocents and game.winner is None
        assert game.awaiting() or game.chance_due is not None
    assert game.revealed <= set(game.deaths)
    if game.phase not in NIGHT_PHASES and game.chance_due != "arrange":
        assert game.revealed == set(game.deaths), "every death is public outside the night"
    if game.phase == "kill":
        assert game.group == tuple(game.living_killers())
    state = state_json(game)
    assert state["alive"] == game.living()
    if game.phase == "vote" and game.chance_due is None:
        assert len(game.evidence_pool) <= 9


def random_illegal(game: Game, rng: random.Random) -> Action:
    kind = rng.choice(list(ACTION_KINDS))
    n = game.players
    pick = lambda: rng.choice([rng.randrange(-1, n + 1), None, True, "1"])  # noqa: E731
    return Action(kind, seat=pick(), target=pick(),
                  targets=tuple(rng.sample(range(-1, n + 1), rng.randint(0, 3))),
                  cards=tuple(rng.sample(range(-1, game.setup.cards + 2), rng.randint(0, 4))),
                  card=rng.choice([None, rng.randrange(-1, game.setup.cards + 1)]),
                  order=tuple(rng.sample(range(game.setup.cards), rng.randint(0, 5))))


@SETTINGS
@given(setup=setups(), seed=st.integers(0, 2**16))
def test_random_legal_games_end_with_a_win_consistent_with_M9_M10(setup, seed):
    rng = random.Random(seed)
    game = Game(setup.with_dealt(*deal(setup, rng)))
    game.start()
    check_invariants(game)
    count = 0
    while game.phase != "game_over":
        if rng.random() < 0.3:                   # something illegal, most of the time
            before = state_json(game)
            try:
                game.apply(random_illegal(game, rng))
            except IllegalAction as exc:
                assert exc.reason in REASONS
                assert state_json(game) == before
            check_invariants(game)
            continue
        game.apply(random_action(game, rng))
        check_invariants(game)
        count += 1
        assert count < 5000
    # after the end every action is refused with game_over
    try:
        game.apply(Action("skip_vote"))
    except IllegalAction as exc:
        assert exc.reason == "game_over"
    else:
        raise AssertionError("an action after the end was accepted")


# ------------------------------------------------------------------ hidden information

def public_output(game: Game) -> list:
    """The public part of the last start/apply: events and public announcements."""
    out = []
    for entry in game.log:
        if entry[0] == "event":
            out.append(("event", entry[1].kind, entry[1].data))
        for a in announce.for_entry(game, entry):
            if a.channel == "public":
                out.append(("say", a.key, a.params))
    return out


def play_until_reveal(game: Game, public_rng: random.Random, night_rng: random.Random,
                      limit: int = 2000) -> list:
    """Play on; return the public output up to (not including) the next ``died`` event.

    Public choices (votes, skips, shuffles) come from ``public_rng`` in an order that
    depends only on public facts; night choices and ``arrange`` from ``night_rng``.
    """
    out: list = []
    for _ in range(limit):
        if game.phase == "game_over":
            return out
        if game.chance_due == "shuffle":
            action = chance_action(game, public_rng)
        elif game.phase in NIGHT_PHASES or game.chance_due == "arrange":
            action = random_action(game, night_rng)
        else:
            seat = game.awaiting()[0]
            choice = game.choice(seat)
            if choice.skip_allowed and public_rng.random() < 0.2:
                action = Action("skip_vote")
            else:
                action = Action("vote", seat=seat, target=public_rng.choice(choice.items))
        game.apply(action)
        for item in public_output(game):
            if item[:2] == ("event", "died"):
                return out
            out.append(item)
    raise AssertionError("no reveal")


def assert_same_up_to_a_reveal(a: list, b: list) -> None:
    """Identical until the first reveal in either game: a night that ends the game reveals
    its dead at once (M10), so the other game's output may go on where that one stopped."""
    size = min(len(a), len(b))
    assert a[:size] == b[:size]
    assert size > 0


def day_points(setup: Setup, seed: int):
    """Copies of one random game at the start of each first vote (no ballot yet)."""
    rng = random.Random(seed)
    game = Game(setup.with_dealt(*deal(setup, rng)))
    game.start()
    while game.phase != "game_over":
        if game.phase == "vote" and not game.ballots and game.chance_due is None:
            yield copy.deepcopy(game)
        game.apply(random_action(game, rng))


@SETTINGS
@given(setup=setups(), seed=st.integers(0, 2**16), perm_seed=st.integers(0, 2**16))
def test_public_output_is_the_same_when_living_characters_are_permuted_up_to_each_reveal(
        setup, seed, perm_seed):
    for point, game in enumerate(day_points(setup, seed)):
        if point >= 3:
            break
        fixed = {game.soulmate, game.destined}
        movable = [s for s in game.living() if s not in fixed]
        rng = random.Random(perm_seed + point)
        shuffled = movable[:]
        rng.shuffle(shuffled)
        other = copy.deepcopy(game)
        chars = list(game.characters)
        for a, b in zip(movable, shuffled):
            chars[b] = game.characters[a]
        other.characters = tuple(chars)
        other.killers_met = set()
        assert public_view(other) == public_view(game)
        a = play_until_reveal(game, random.Random(point), random.Random(seed))
        b = play_until_reveal(other, random.Random(point), random.Random(seed + 1))
        assert_same_up_to_a_reveal(a, b)


@SETTINGS
@given(setup=setups(), seed=st.integers(0, 2**16))
def test_public_output_of_the_first_night_does_not_depend_on_the_characters(setup, seed):
    roles, deck = deal(setup, random.Random(seed))
    permuted = list(roles)
    random.Random(seed + 7).shuffle(permuted)
    games = [Game(setup.with_dealt(r, deck)) for r in (roles, tuple(permuted))]
    outs = []
    for i, game in enumerate(games):
        game.start()
        out = public_output(game)
        out += play_until_reveal(game, random.Random(1), random.Random(seed + i))
        outs.append(out)
    assert_same_up_to_a_reveal(*outs)


FORBIDDEN_PUBLIC = {"role", "roles", "killers", "teammates", "genuine_cards", "protected",
                    "destined", "proposals"}


@SETTINGS
@given(setup=setups(), seed=st.integers(0, 2**16))
def test_M39_every_announcement_of_random_games_renders_in_both_languages_and_keeps_secrets(
        setup, seed):
    from firmware_host.games.dying_message import catalogue
    rng = random.Random(seed)
    game = Game(setup.with_dealt(*deal(setup, rng)))
    descriptions = dict(enumerate(setup.evidence or ()))
    revealed: set[int] = set()
    over = [False]

    def check() -> None:
        for entry in game.log:
            if entry[0] == "event" and entry[1].kind == "died":
                revealed.add(entry[1].data["seat"])
            if entry[0] == "event" and entry[1].kind == "game_over":
                over[0] = True
            for a in announce.for_entry(game, entry):
                for language in ("de", "en"):
                    text = catalogue.text(a.key, a.params, language, descriptions=descriptions)
                    assert text
                if a.channel == "public" and not over[0]:
                    assert not FORBIDDEN_PUBLIC & set(a.params), a
                    if "character" in a.params and "seat" in a.params:
                        assert a.params["seat"] in revealed, a

    game.start()
    check()
    while game.phase != "game_over":
        game.apply(random_action(game, rng))
        check()
