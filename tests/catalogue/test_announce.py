"""Events → announcements: public and private channels, prolog, refusals, R16 in random games."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from firmware_host.games.secret_dictator import (Action, Game, IllegalAction, Setup, announce,
                                                 catalogue, deal)
from firmware_host.games.secret_dictator.actions import illegal
from firmware_host.games.secret_dictator.announce import Line, PrivacyError, make
from firmware_host.games.secret_dictator.playout import play_randomly

# the worked examples of the shared spec, copied into tests/data/spec/
EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "spec" / "examples"

ROLES_7 = ["democrat", "democrat", "democrat", "fascist", "dictator", "democrat", "fascist"]


def new_game(players=7, roles=None, seed=1, **extra) -> Game:
    obj = {"players": players, "seed": seed, **extra}
    if roles is not None:
        obj["roles"] = roles
    setup = Setup.from_json(obj)
    game = Game(setup.with_dealt(*deal(setup, random.Random(seed))))
    return game


def by_channel(items):
    return [(a.channel, a.key) for a in items]


def test_R3_prolog_tells_fascists_their_team_and_nobody_else_anything():
    game = new_game(roles=ROLES_7)
    game.start()
    items = announce.prolog(game)
    assert all(a.channel.startswith("seat:") for a in items)
    per_seat = {}
    for a in items:
        per_seat.setdefault(a.seat, []).append(a)
    assert sorted(per_seat) == list(range(7))
    for seat, (role_msg, team_msg) in per_seat.items():
        assert role_msg.key == f"prolog.role.{ROLES_7[seat]}" and role_msg.params == {"seat": seat}
        if ROLES_7[seat] == "fascist":
            other = 6 if seat == 3 else 3
            assert (team_msg.key, team_msg.params) == (
                "prolog.team.fascist", {"fascists": [other], "dictator": 4})
        else:  # democrats and, at 7 players, the dictator learn nothing
            assert (team_msg.key, team_msg.params) == ("prolog.team.unknown", {})


def test_R17_every_seat_hears_a_role_and_a_team_message():
    for players in range(5, 11):
        game = new_game(players, seed=players)
        items = announce.prolog(game)
        keys = [a.key.split(".")[:2] for a in items]
        assert keys == [["prolog", "role"], ["prolog", "team"]] * players


def test_R3_dictator_knows_team_in_the_official_variant_at_five_players():
    roles = ["democrat", "fascist", "democrat", "dictator", "democrat"]
    game = new_game(5, roles=roles, variant="official")
    team = {a.seat: a for a in announce.prolog(game) if a.key.startswith("prolog.team")}
    assert (team[3].key, team[3].params) == ("prolog.team.dictator", {"fascists": [1]})
    assert (team[1].key, team[1].params) == ("prolog.team.fascist", {"fascists": [], "dictator": 3})


def play(game, *actions):
    out = []
    for a in actions:
        out.append(announce.announcements(a, game.apply(a), game))
    return out


def test_R8_ballots_are_counted_without_who_voted_what_then_revealed_together():
    game = new_game(roles=ROLES_7, deck=["fascist"] * 11 + ["democratic"] * 6)
    start = announce.announcements(None, game.start(), game)
    assert [a.key for a in start] == ["game.started", "president.new"]
    president = game.president
    target = (president + 1) % 7
    [nom] = play(game, Action("nominate", seat=president, target=target))
    assert [a.key for a in nom] == ["nomination.made"]
    ballots = ["ja", "nein", "ja", "ja", "nein", "ja", "nein"]
    results = play(game, *[Action("vote", seat=s, ballot=b) for s, b in enumerate(ballots)])
    for count, items in enumerate(results[:-1], start=1):
        assert [(a.key, a.params) for a in items] == [
            ("ballot.counted", {"count": count, "total": 7})]
    last = results[-1]
    assert [(a.channel, a.key) for a in last] == [
        ("public", "ballot.counted"), ("public", "election.ballots"),
        ("public", "election.passed"), ("public", "legislative.president"),
        (f"seat:{president}", "hand.president")]
    assert last[1].params == {"ja_seats": [0, 2, 3, 5], "nein_seats": [1, 4, 6]}
    assert last[2].params == {"ja": 4, "nein": 3}
    assert last[4].params == {"laws": ["fascist", "fascist", "fascist"]}


def test_R11_hands_go_only_to_the_president_and_the_chancellor():
    game = new_game(roles=ROLES_7, deck=["democratic", "fascist", "fascist"] + ["fascist"] * 9
                    + ["democratic"] * 5)
    game.start()
    p = game.president
    c = (p + 2) % 7
    play(game, Action("nominate", seat=p, target=c),
         *[Action("vote", seat=s, ballot="ja") for s in range(7)])
    [items] = play(game, Action("discard", seat=p, party="fascist"))
    assert by_channel(items) == [("public", "legislative.chancellor"),
                                 (f"seat:{c}", "hand.chancellor")]
    assert items[1].params == {"laws": ["democratic", "fascist"]}
    [items] = play(game, Action("enact", seat=c, party="democratic"))
    assert items[0].key == "law.enacted.democratic" and items[0].params == {"count": 1}


def test_refusals_are_public_unless_the_reason_reveals_a_secret():
    err = IllegalAction("already_voted", "vote: seat 2 has already voted")
    assert announce.refusal(err, 2) == make("refusal.already_voted", {"seat": 2})
    secret = illegal("not_in_hand", "discard: no fascist law in the president's hand")   # private (R16)
    a = announce.refusal(secret, Action("discard", seat=4, party="fascist"), None)
    assert (a.channel, a.key, a.priority, a.earcon) == ("seat:4", "refusal.not_in_hand",
                                                        "refusal", "refusal")
    # a secret reason with no seat to whisper to gives a neutral public refusal
    assert announce.refusal(secret, None).key == "refusal.not_possible"
    assert announce.refusal(IllegalAction("malformed", "x"), "oops").params == {"seat": None}


def test_R16_a_private_message_cannot_be_addressed_to_the_table():
    with pytest.raises(PrivacyError):
        make("hand.president", {"laws": ["fascist", "fascist", "democratic"]})
    with pytest.raises(PrivacyError):
        Line("public", "prolog.role.dictator", {"seat": 1}, words=catalogue)
    with pytest.raises(ValueError):
        make("president.new", {"seat": 1}, channel="seat:x")
    assert make("hand.president", {"laws": ["fascist"] * 3}, "seat:2").seat == 2


def test_status_gives_the_public_part_and_privately_the_role():
    game = new_game(roles=ROLES_7)
    game.start()
    items = announce.status(game, seat=3)
    assert [a.key for a in items] == ["status.public", "status.government", "status.waiting",
                                      "status.private", "prolog.team.fascist"]
    assert all(a.channel == "seat:3" for a in items)
    assert items[3].params == {"seat": 3, "role": "fascist"}
    assert [a.key for a in announce.status(game)] == ["status.public", "status.government",
                                                      "status.waiting"]


# ------------------------------------------------------------------ R16 over random games

ROLE_WORDS = re.compile(r"Demokrat|Faschist|Diktator|Democrat|Fascist|Dictator")
PARTY_WORDS = re.compile(r"demokratisch|faschistisch|democratic|fascist")
#: Public keys that may name a party: an enacted law's track is public; status counts tracks.
PARTY_OK = ("law.enacted.", "chaos.enacted.", "status.public")
SECRET_PARAMS = {"role", "party", "laws"}


def check_public(a: Line, texts: bool) -> None:
    assert not catalogue.is_private(a.key), a
    assert not SECRET_PARAMS & set(a.params), a
    assert all(not isinstance(v, str) for v in a.params.values()), a
    if texts:
        for language in catalogue.LANGUAGES:
            for long in (False, True):
                text = a.text(language, long).replace("Secret Dictator", "")
                assert not ROLE_WORDS.search(text), (a, text)
                if not a.key.startswith(PARTY_OK):
                    assert not PARTY_WORDS.search(text), (a, text)


def run_random_game(i: int, texts: bool) -> None:
    rng = random.Random(i)
    obj = {"players": 5 + i % 6, "seed": i, "variant": ("rulebook", "official")[i % 2]}
    if i % 3 == 0:
        obj["deck"] = "untracked"
    if i % 4 == 1:
        obj["switches"] = {"veto": True}
    setup = Setup.from_json(obj)
    game = Game(setup.with_dealt(*deal(setup, rng)))
    for a in announce.announcements(None, game.start(), game) + announce.prolog(game):
        if a.channel == "public":
            check_public(a, texts)

    def after(g, action, events):
        over = False
        said = announce.announcements(action, events, g)
        if g.tracked and g.phase in ("legislative_president", "legislative_chancellor") \
                and action.kind in ("vote", "discard"):  # R11: the hand reaches its holder
            assert [a.key for a in said if a.channel != "public"] == [
                "hand.president" if action.kind == "vote" else "hand.chancellor"]
        for a in said:
            over = over or a.key.startswith("game_over.")
            if a.channel == "public" and not over:
                check_public(a, texts)
            elif a.channel != "public":
                if a.key.startswith("hand."):
                    office = a.key.split(".")[1]
                    assert a.seat == getattr(g, office), a
                elif a.key.startswith("power.") and a.key.endswith(".result"):
                    assert a.seat == (action.seat if action.kind == "investigate" else g.president)
    play_randomly(game, rng, after)


def test_R16_no_public_announcement_carries_a_secret_in_random_games():
    """1200 complete random games over every player count, both variants, veto, untracked
    decks: no public announcement before game over names a role, a hand, a discarded law's
    party or the draw pile's order, in params or in any wording (texts for 300 games)."""
    for i in range(1200):
        run_random_game(i, texts=i < 300)


# ------------------------------------------------------------------ replay output

@pytest.mark.skipif(not EXAMPLES.exists(), reason="spec examples not available")
@pytest.mark.parametrize("name", ["rulebook-7p", "official-8p-veto",
                                  "rulebook-5p-cut-with-rejections"])
def test_replay_prints_announce_lines_in_the_setup_language(name):
    from firmware_host.commands.replay import read_game_file, replay_lines
    lines = read_game_file(str(EXAMPLES / f"{name}.jsonl"))
    setup = next(json.loads(l) for l in lines if l.strip() and not l.startswith("#"))["setup"]
    out = replay_lines(lines)
    said = [o for o in out if o.get("event") == "announce"]
    assert said and any(o["key"] == "game_over.roles" for o in said) == any(
        o.get("event") == "game_over" for o in out)
    for o in said:
        assert set(o) == {"event", "channel", "key", "params", "text"}
        json.dumps(o)
        assert o["text"] == catalogue.text(o["key"], o["params"], setup.get("language", "de"))
        if catalogue.is_private(o["key"]):
            assert o["channel"].startswith("seat:")


def test_leak_checker_catches_a_party_or_a_role_said_in_public():
    with pytest.raises(AssertionError):
        check_public(make("selftest.law", {"party": "fascist"}), texts=False)
    with pytest.raises(AssertionError):
        check_public(make("selftest.role_tile", {"role": "dictator"}), texts=False)
    with pytest.raises(AssertionError):  # the text check alone: "Diktator" in a public text
        check_public(make("game_over.dictator_executed", {"target": 2}), texts=True)
