"""BOARD.md "Each reader has its own tiles", through ``simulate`` on the mocked board (real
pseudo-terminal readers, EM4100 frames): a tile counts only at its own reader; a tile at the
wrong reader is named neutrally and changes nothing; the same tag read again during the same
move is ignored and never answered; role tiles only when the role procedure asks. Also the
game master's act that would answer with a secret (R16): logged as a reveal, never spoken.
"""

from __future__ import annotations

import logging

from firmware_host.games.secret_dictator import private_view
from firmware_host.games.secret_dictator.scripting import random_game, signals_for_game
from . import gamegen
from .conftest import announces, keys, run_lines, state

SETUP = {"players": 5, "language": "en"}
NOT_COUNTED = ("tile.ballot_at_discard_pile", "tile.law_at_ballot_box", "tile.role_not_asked",
               "roles.not_a_role_tile")


def numbered_laws(lines: list[dict]) -> list[dict]:
    """The script with every law tile numbered (each party's tiles in turn, as a table draws
    them), so a test can show one of them again."""
    counts = {"democratic": 0, "fascist": 0}
    out = []
    for line in lines:
        if line.get("signal") == "law_read" and line.get("tile") is None:
            party = line["party"]
            counts[party] = counts[party] % (6 if party == "democratic" else 11) + 1
            line = {**line, "tile": counts[party]}
        out.append(line)
    return out


def game_until(want, setup: dict = SETUP, tries: int = 400) -> tuple[dict, list[dict], int]:
    """A seeded tracked game and the index of the first action for which
    ``want(action, game_before)`` holds."""
    for seed in range(tries):
        s = {**setup, "seed": seed}
        actions = random_game(s, seed, ja=0.9)
        for i, a in enumerate(actions):
            if want(a, gamegen.final_game(s, actions[:i])):
                return s, actions, i
    raise AssertionError("no such game")


def engine_lines(out: list[dict]) -> list[dict]:
    """What the engine did: its events and the final state (no speech, no faults)."""
    return [l for l in out if "state" in l or l.get("event") not in ("announce", "fault", "rejected", None)]


def law_read_index(script: list[dict], n: int = 0) -> int:
    return [i for i, l in enumerate(script) if l.get("signal") == "law_read"][n]


def test_board_reread_discard_tile_is_ignored_with_no_private_refusal():
    """The president's discard read again at the tray during the chancellor's turn (shown
    twice, or a noisy re-read) is that same tile: not the chancellor's discard, and no
    private "not in your hand" that would tell the chancellor what was discarded."""
    def lone_discard(a, g):      # the chancellor's hand holds no law of the discarded party
        return a["action"] == "discard" and private_view(g, g.president)["hand"].count(a["party"]) == 1
    setup, actions, i = game_until(lone_discard)
    script = numbered_laws(signals_for_game(setup, actions[:i + 2]))
    first = law_read_index(script, 0)                 # the president's discard
    again = dict(script[first])
    twice = script[:first + 1] + [again, {"signal": "wait", "seconds": 0.6}, again] + script[first + 1:]
    out = run_lines(twice)
    assert engine_lines(out) == engine_lines(run_lines(script))
    assert not [l for l in out if l.get("event") in ("rejected", "fault")]
    assert not [k for k in keys(out) if k.startswith("refusal.") or k in NOT_COUNTED]
    assert [l for l in out if l.get("event") == "law_enacted"]            # the session was played to its end


def test_board_discard_pile_tile_read_in_a_later_move_is_ignored():
    """A law tile in the discard pile read again in the next vote is not answered "take the
    law back off the discard pile": it lies where it belongs."""
    setup, actions, i = game_until(lambda a, g: a["action"] == "vote" and g.democratic_laws + g.fascist_laws == 1)
    script = numbered_laws(signals_for_game(setup, actions[:i + 1]))
    old = dict(script[law_read_index(script, 0)])
    at = len(script) - 1                              # before the last ballot: a vote is going on
    out = run_lines(script[:at] + [old] + script[at:])
    assert engine_lines(out) == engine_lines(run_lines(script))
    assert "refusal.no_discard" not in keys(out)
    # a law tile that is not in the discard pile is answered: nothing is discarded now
    fresh = {"signal": "law_read", "party": "fascist", "tile": 11}
    out = run_lines(script[:at] + [fresh] + script[at:])
    assert "refusal.no_discard" in keys(out, "public")
    assert engine_lines(out) == engine_lines(run_lines(script))


def test_board_ballot_reread_in_the_same_vote_is_ignored_another_tile_refused():
    setup, actions, i = game_until(lambda a, g: a["action"] == "vote")     # the first ballot of a vote
    script = signals_for_game(setup, actions[:i + 1])
    ballots = [n for n, l in enumerate(script) if l.get("signal") == "ballot"]
    last = script[ballots[-1]]
    other = {**last, "ballot": "nein" if last["ballot"] == "ja" else "ja"}
    out = run_lines(script + [dict(last)])
    assert engine_lines(out) == engine_lines(run_lines(script))
    assert not [k for k in keys(out) if k.startswith("refusal.")]
    counted = [l["params"]["count"] for l in announces(out, "public") if l["key"] == "ballot.counted"]
    assert counted == [1]                              # the re-read was not counted again
    out = run_lines(script + [other])                  # the seat's other tile: a second vote
    assert "refusal.already_voted" in keys(out, "public")


def test_board_each_wrong_reader_tile_changes_nothing():
    """A ballot tile at the discard tray, a law tile in the ballot box, a role tile in a game
    dealt by the board: each is named neutrally and the game goes on as without it."""
    setup, actions, i = game_until(lambda a, g: a["action"] == "discard")
    script = numbered_laws(signals_for_game(setup, actions[:i + 2]))
    vote = next(n for n, l in enumerate(script) if l.get("signal") == "ballot")
    seat = script[vote]["seat"]
    discard = law_read_index(script, 0)
    wrong = {
        "tile.ballot_at_discard_pile": (vote, {"signal": "ballot", "seat": seat, "ballot": "ja", "reader": "law"}),
        "tile.law_at_ballot_box": (discard, {"signal": "law_read", "party": "fascist", "tile": 11, "reader": "ballot"}),
        "tile.role_not_asked": (vote, {"signal": "role", "role": "dictator", "tile": 1}),
    }
    plain = engine_lines(run_lines(script))
    for key, (at, signal) in wrong.items():
        out = run_lines(script[:at] + [signal] + script[at:])
        assert engine_lines(out) == plain, key
        said = [k for k in keys(out, "public") if k in NOT_COUNTED or k.startswith("refusal.")]
        assert said == [key], (key, said)
        # ACCESSIBILITY.md 26: the seat whose act it is (the ballot's seat; the president
        # laying its discard) hears the same words in its earphone, and no other seat does
        own = {l["channel"] for l in announces(out) if l["channel"] != "public" and l["key"] == key}
        assert own == ({f"seat:{seat}"} if key == "tile.ballot_at_discard_pile" else
                       {f"seat:{actions[i]['seat']}"} if key == "tile.law_at_ballot_box" else set()), (key, own)
        fault = [l for l in out if l.get("event") == "fault"]
        assert [f["reason"] for f in fault] == ["wrong_reader"], key
        assert "party" not in str(fault) and "dictator" not in str(fault) and "fascist" not in str(fault)
    # a role tile at the discard tray, in a vote: named neutrally too
    out = run_lines(script[:vote] + [{"signal": "role", "role": "fascist", "tile": 2, "reader": "law"}] + script[vote:])
    assert engine_lines(out) == plain and "tile.role_not_asked" in keys(out, "public")


def test_A26_a_tile_at_the_wrong_reader_is_said_in_its_seats_earphone_at_once_the_table_in_its_turn():
    """Robot tables: a ballot laid at the discard tray while the table tells a vote's count
    and what follows waited up to 8.3 s for its notice, the seat's earphone silent meanwhile.
    The seat's own act is answered in its earphone within 1 s (ACCESSIBILITY.md 26); the
    table's notice still comes, after the news it waits for."""
    setup, actions, i = game_until(lambda a, g: a["action"] == "discard")
    script = numbered_laws(signals_for_game(setup, actions[:i]))
    last = max(n for n, l in enumerate(script) if l.get("signal") == "ballot")
    seat = script[last]["seat"]
    # the last ballot counted: the table tells the count and the session; a ballot at the tray then
    lines = script[:last + 1] + [{"signal": "wait", "seconds": 4.0},
                                  {"signal": "ballot", "seat": seat, "ballot": "nein", "reader": "law"},
                                  {"signal": "wait", "seconds": 20}]
    out = run_lines(lines)
    vote = next(l for l in announces(out, f"seat:{seat}") if l["key"] == "tile.read.ballot")
    mine = next(l for l in announces(out, f"seat:{seat}") if l["key"] == "tile.ballot_at_discard_pile")
    table = next(l for l in announces(out, "public") if l["key"] == "tile.ballot_at_discard_pile")
    laid = vote["start"] + 4.0                 # laid 4 s after the last ballot, its answer heard
    assert mine["start"] - laid <= 1.0 + 0.9, (laid, mine["start"])      # a signal's own step included
    assert mine["start"] < table["start"], (mine["start"], table["start"])


def test_board_role_tiles_only_in_the_role_procedure_and_each_counts_once():
    roles = ["democrat", "fascist", "democrat", "dictator", "democrat"]
    tiles = {"democrat": 0, "fascist": 0, "dictator": 0}
    lines: list[dict] = [{"setup": {"players": 5, "seed": 4, "language": "en", "role_source": "tiles"}}]
    for n, role in enumerate(roles):
        tiles[role] += 1
        tile = {"signal": "role", "role": role, "tile": tiles[role]}
        lines.append(tile)
        if n == 1:
            lines += [dict(tile),                                            # shown twice: the same tile
                      {"signal": "ballot", "seat": 2, "ballot": "ja"},       # not a role tile
                      {"signal": "law_read", "party": "democratic", "tile": 1, "reader": "ballot"},
                      {"signal": "role", "role": "democrat", "tile": 5, "reader": "law"}]   # at the tray
    lines.append({"signal": "gm", "command": "pause"})
    out = run_lines(lines)
    public = keys(out, "public")
    assert public.count("roles.tile_read") == 5
    assert public.count("roles.not_a_role_tile") == 2
    prompts = [l["params"]["seat"] for l in announces(out, "public") if l["key"] == "roles.present_tile"]
    assert prompts == [0, 1, 2, 2, 3, 4]               # seat 2 asked again after the tile at the tray
    # each seat hears privately what its tile was read as (issue 14), then its padded prolog
    assert [keys(out, f"seat:{s}")[:2] for s in range(5)] == [["tile.read.role", f"prolog.role.{r}"] for r in roles]
    assert [l["params"]["role"] for s in range(5) for l in announces(out, f"seat:{s}")
            if l["key"] == "tile.read.role"] == roles
    assert not [l for l in out if l.get("event") == "rejected"]


def test_r16_game_master_act_refused_for_a_secret_is_logged_as_a_reveal(caplog):
    """``act discard democratic`` for a president holding no democratic law would tell the
    game master the hand: a logged reveal; the president hears no refusal they did not cause,
    and no line the console shows names the party."""
    def uniform_hand(a, g):
        return a["action"] == "discard" and len(set(private_view(g, g.president)["hand"])) == 1
    setup, actions, i = game_until(uniform_hand)
    script = signals_for_game(setup, actions[:i])
    game = gamegen.final_game(setup, actions[:i])
    held = private_view(game, game.president)["hand"][0]
    missing = "democratic" if held == "fascist" else "fascist"
    act = {"signal": "gm", "command": "act",
           "action": {"action": "discard", "seat": game.president, "party": missing}}
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        out = run_lines(script + [act])
    reveals = [r for r in caplog.records if "secret revealed to game master" in r.getMessage()]
    assert len(reveals) == 1 and reveals[0].levelno == logging.WARNING
    assert missing not in reveals[0].getMessage()
    # (announce lines come when played, so the game master's act is found by its line, not its place)
    assert not [k for k in keys(run_lines(script)) if k.startswith("refusal.")]
    assert not [k for k in keys(out) if k.startswith("refusal.")]          # nobody hears a refusal
    rejected = [l for l in out if l.get("event") == "rejected"]
    assert len(rejected) == 1 and missing not in str(rejected[0])
    assert state(out)["phase"] == "legislative_president"
