"""Issue 14 (BrailleBuddy, CHI '23): every tile a reader reads is confirmed privately and
short in the seat's own earphone ("Your vote: Ja", "Read: a democratic law"), padded to the
longest of its kind so its length tells nothing (R16)."""

from __future__ import annotations

from firmware_host.games.secret_dictator import announce
from firmware_host.games.secret_dictator.board import secret_variants

from .conftest import announces, run_lines

SETUP = {"players": 5, "seed": 4, "language": "en", "first_president": 0,
         "roles": ["democrat", "fascist", "democrat", "dictator", "democrat"],
         "deck": ["fascist", "democratic", "fascist"] + ["fascist"] * 8 + ["democratic"] * 5 + ["fascist"]}


def _vote_and_discard() -> list[dict]:
    return [{"setup": SETUP},
            {"signal": "button", "seat": 0, "gesture": "press"},
            {"signal": "wait_for", "key": "scan.item", "params": {"seat": 2}, "timeout": 120.0},
            {"signal": "button", "seat": 0, "gesture": "press"}] + [
            {"signal": "ballot", "seat": s, "ballot": "ja" if s != 4 else "nein"} for s in range(5)] + [
            {"signal": "law_read", "party": "democratic"}]


def test_each_ballot_and_law_read_is_confirmed_privately_at_the_seats_earphone():
    out = run_lines(_vote_and_discard())
    confirmations = [l for l in announces(out) if l["key"].startswith("tile.read.")]
    ballots = [l for l in confirmations if l["key"] == "tile.read.ballot"]
    assert [(l["channel"], l["params"]["ballot"]) for l in ballots] == [
        ("seat:0", "ja"), ("seat:1", "ja"), ("seat:2", "ja"), ("seat:3", "ja"), ("seat:4", "nein")]
    assert ballots[4]["text"].startswith("Your vote: Nein")
    laws = [l for l in confirmations if l["key"] == "tile.read.law"]
    assert [(l["channel"], l["params"]["party"]) for l in laws] == [("seat:0", "democratic")]
    assert not [l for l in announces(out, "public") if l["key"].startswith("tile.read.")]


def test_tile_confirmations_are_padded_over_every_value_of_their_secret():
    vote = announce.make("tile.read.ballot", {"ballot": "ja"}, "seat:2")
    assert {a.params["ballot"] for a in secret_variants(vote)} == {"ja", "nein"}
    law = announce.make("tile.read.law", {"party": "fascist"}, "seat:2")
    assert {a.params["party"] for a in secret_variants(law)} == {"democratic", "fascist"}
    role = announce.make("tile.read.role", {"role": "dictator"}, "seat:2")
    assert {a.params["role"] for a in secret_variants(role)} == {"democrat", "fascist", "dictator"}


def test_A26_the_chancellors_discard_laid_after_the_enactment_is_confirmed_in_its_earphone_at_once():
    """Issue 31: a chancellor who puts the enacted law on its slot first and then lays the
    other at the tray hears that discard read in its own earphone at once, as the discard laid
    before the enactment is (it was answered by nothing there: 27-92 s to its next clip)."""
    lines = _vote_and_discard() + [
        {"signal": "wait_for", "key": "hand.chancellor", "timeout": 120.0},
        {"signal": "wait", "seconds": 8},
        {"signal": "slot", "track": "fascist", "slot": 1, "state": "filled"},
        {"signal": "wait", "seconds": 1},
        {"signal": "law_read", "party": "fascist"},
        {"signal": "wait", "seconds": 10}]
    out = run_lines(lines)
    enacted = next(l for l in announces(out, "public") if l["key"] == "law.enacted.fascist")
    mine = [l for l in announces(out, "seat:2") if l["start"] >= enacted["start"]]
    assert [(l["key"], l["params"]) for l in mine] == [("tile.read.law", {"party": "fascist"})]
    # laid one second after the slot (the enactment said at once): answered within a second
    assert mine[0]["start"] - enacted["start"] <= 1.0 + 1.0


def test_A26_a_ballot_laid_again_once_counted_is_said_again_privately_and_counts_once():
    """BOARD.md "the same tag read again is ignored" and ACCESSIBILITY.md 26: a seat that lays
    its ballot again to be sure (the vote already counted) hears its vote again in its own
    earphone within 1 s ("Your vote: Ja, counted"), the table nothing, and it is no second
    vote; the answer lasts as long whichever the vote (R16). Before, it heard nothing at all."""
    lines = [{"setup": SETUP},
             {"signal": "button", "seat": 0, "gesture": "press"},
             {"signal": "wait_for", "key": "scan.item", "params": {"seat": 2}, "timeout": 120.0},
             {"signal": "button", "seat": 0, "gesture": "press"},
             {"signal": "wait_for", "key": "nomination.made", "timeout": 120.0},
             {"signal": "ballot", "seat": 1, "ballot": "ja"},
             {"signal": "ballot", "seat": 4, "ballot": "nein"},
             {"signal": "wait", "seconds": 6},
             {"signal": "ballot", "seat": 1, "ballot": "ja"},
             {"signal": "wait", "seconds": 6},
             {"signal": "ballot", "seat": 4, "ballot": "nein"},
             {"signal": "wait", "seconds": 6}] + [
             {"signal": "ballot", "seat": s, "ballot": "ja"} for s in (0, 2, 3)] + [
             {"signal": "wait", "seconds": 1},
             {"signal": "ballot", "seat": 3, "ballot": "ja"},      # the last ballot, laid again after the count
             {"signal": "wait", "seconds": 8}]
    out = run_lines(lines)
    again = [l for l in announces(out) if l["key"] == "tile.read.ballot.again"]
    assert [(l["channel"], l["params"]["ballot"]) for l in again] == [
        ("seat:1", "ja"), ("seat:4", "nein"), ("seat:3", "ja")]
    assert again[0]["text"].startswith("Your vote: Ja, counted")
    # laid again 6 s after seat 5's ballot (answered as it was laid): answered within 1 s
    first = next(l for l in announces(out, "seat:4") if l["key"] == "tile.read.ballot")
    assert again[0]["start"] - first["start"] <= 6 + 1.0
    assert abs((again[0]["end"] - again[0]["start"]) - (again[1]["end"] - again[1]["start"])) < 0.05
    assert not [l for l in announces(out, "public") if l["key"].startswith("tile.read.")]
    counts = [l["params"]["count"] for l in announces(out, "public") if l["key"] == "ballot.counted"]
    assert counts == sorted(counts) and len(counts) == len(set(counts))   # no second vote counted
