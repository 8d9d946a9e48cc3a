"""A law tile read again at the discard tray never carries the president's face-down discard
into the chancellor's earphone nor into the chancellor's act (RULES.md R16, BOARD.md "Each
reader has its own tiles"): the president lays its discard, and 2 s later the tray reads a law
again (the tile lifted and put back, a second frame after the reader lost it) while the table
still tells the chancellor to act, before the chancellor has heard its own two laws. Played at
a person's pace (:mod:`sd_pace`): the chancellor lays its own discard only after its hand."""

from __future__ import annotations

import pytest

from sd_pace import Table

ROLES7 = ["democrat", "fascist", "democrat", "dictator", "democrat", "fascist", "democrat"]
#: the first draw is fascist, democratic, democratic: the president discards the fascist law
#: and the chancellor holds democratic, democratic
DECK_FDD = ["fascist", "democratic", "democratic"] + ["democratic"] * 4 + ["fascist"] * 10
#: the first draw is fascist, fascist, fascist: the chancellor holds the discard's party
DECK_FFF = ["fascist"] * 3 + ["democratic"] * 6 + ["fascist"] * 8


def setup(deck: list[str]) -> dict:
    return {"players": 7, "seed": 3, "language": "en", "first_president": 0, "roles": ROLES7, "deck": deck}


@pytest.fixture
def table():
    made: list[Table] = []

    def make(deck: list[str]) -> Table:
        made.append(Table(setup(deck)))
        return made[-1]

    yield make
    for t in made:
        t.close()


def legislate(t: Table) -> int:
    """Seat 1 (president) nominates seat 3 (chancellor), everyone votes Ja, the president hears
    its hand; returns the mark before the president's discard is laid."""
    t.heard("president.new", "table", {"seat": 0})
    t.choose(0, 2)
    t.heard("nomination.made", "table")
    for seat in range(7):
        t.ballot(seat, "ja")
        t.wait(1.2)
    t.heard("hand.president", "seat:0")
    return t.mark()


def chancellor_words(t: Table, since: int) -> list[dict]:
    """What the chancellor's (seat 3's) earphone said from ``since`` on, but its own hand."""
    return [l for l in t.lines("seat:2", since=since) if l["key"] != "hand.chancellor"]


def test_R16_the_presidents_discard_read_again_is_never_refused_in_the_chancellors_earphone_naming_its_party(table):
    t = table(DECK_FDD)
    mark = legislate(t)
    t.act({"signal": "law_read", "party": "fascist"})       # the president's discard
    t.wait(2.0)
    t.act({"signal": "law_read", "party": "fascist"})       # read again at the tray
    t.heard("hand.chancellor", "seat:2", since=mark)
    said = chancellor_words(t, mark)
    assert not [l for l in said if "fascist" in l["text"].lower() or l["key"].startswith("refusal.")], said
    # the chancellor's own discard after its hand is taken and confirmed, and its enactment follows
    lay = t.mark()
    t.act({"signal": "law_read", "party": "democratic"})
    t.heard("tile.read.law", "seat:2", {"party": "democratic"}, since=lay)
    t.act({"signal": "slot", "track": "democratic", "slot": 1, "state": "filled"})
    t.heard("law.enacted.democratic", "table", since=lay)


def test_R16_the_presidents_discard_read_again_is_not_taken_as_the_chancellors_discard(table):
    t = table(DECK_FFF)
    mark = legislate(t)
    t.act({"signal": "law_read", "party": "fascist"})       # the president's discard
    t.wait(2.0)
    t.act({"signal": "law_read", "party": "fascist"})       # read again: no act of the chancellor's
    t.heard("hand.chancellor", "seat:2", since=mark)
    t.wait(5.0)
    assert chancellor_words(t, mark) == [], "the chancellor was answered for a law it never laid"
    # the chancellor's own lay after its hand is its discard (one confirmation, at once)
    lay = t.mark()
    t.act({"signal": "law_read", "party": "fascist"})
    read = t.heard("tile.read.law", "seat:2", {"party": "fascist"}, since=lay)
    assert read["start"] - t.acts[-1][0] <= 1.0
    assert [l["key"] for l in chancellor_words(t, mark)] == ["tile.read.law"]


def test_R16_a_law_not_in_the_chancellors_hand_is_refused_without_naming_its_party(table):
    """After its hand the chancellor (democratic, democratic) gets a fascist law read at the
    tray, e.g. the president's discard taken up and laid again: the chancellor is told the law
    is not one of its two, never which party it is; the same tag as the president's discard
    read again is ignored without a word."""
    t = table(DECK_FDD)
    mark = legislate(t)
    t.act({"signal": "law_read", "party": "fascist", "tile": 4})     # the president's discard
    t.heard("hand.chancellor", "seat:2", since=mark)
    again = t.mark()
    t.act({"signal": "law_read", "party": "fascist", "tile": 4})     # the same tile: ignored
    t.wait(8.0)
    assert chancellor_words(t, again) == []
    other = t.mark()
    t.act({"signal": "law_read", "party": "fascist", "tile": 5})     # another fascist law
    refused = t.heard("refusal.not_your_law", "seat:2", since=other)
    assert "fascist" not in refused["text"].lower() and not refused["params"]
    assert not [l for l in t.lines(since=other) if "fascist" in l["text"].lower()]
    # after the enactment (the discard still to come) a law not left to the chancellor is refused alike
    t.act({"signal": "slot", "track": "democratic", "slot": 1, "state": "filled"})
    after = t.mark()
    t.heard("law.enacted.democratic", "table")
    t.act({"signal": "law_read", "party": "fascist", "tile": 6})
    refused = t.heard("refusal.not_your_law", "seat:2", since=after)
    assert "fascist" not in refused["text"].lower()
    lay = t.mark()
    t.act({"signal": "law_read", "party": "democratic"})
    t.heard("tile.read.law", "seat:2", {"party": "democratic"}, since=lay)


def _simulate(journal, lines: list[str]) -> list[dict]:
    import json
    import subprocess
    import sys
    script = journal.parent / f"script{len(list(journal.parent.glob('script*')))}.jsonl"
    script.write_text("\n".join(lines) + "\n")
    proc = subprocess.run([sys.executable, "-m", "firmware_host", "simulate", "--script", str(script),
                           "--journal", str(journal)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return [json.loads(l) for l in proc.stdout.splitlines() if l.strip()]


def test_R16_after_a_restart_the_presidents_discard_read_again_is_not_the_chancellors_before_its_hand(tmp_path):
    """The board restarts at the chancellor's turn (the president's discard journaled) and says
    the chancellor's hand again; the president's tile read again at once, before that hand, is
    no lay of the chancellor's: its earphone says nothing of it (it was taken as the
    chancellor's discard, "Read: a fascist law", before the chancellor heard anything)."""
    from pathlib import Path
    root = Path(__file__).resolve().parents[3]
    lines = [l for l in (root / "examples" / "simulate-7p.jsonl").read_text().splitlines()
             if l.strip() and not l.startswith("#")]
    first_law = next(i for i, l in enumerate(lines) if '"law_read"' in l)
    journal = tmp_path / "journal.sqlite3"
    _simulate(journal, lines[:first_law + 1] + ['{"signal": "wait", "seconds": 2.0}'])
    out = _simulate(journal, ['{"signal": "law_read", "party": "fascist"}', '{"signal": "wait", "seconds": 30.0}'])
    said = [l for l in out if l.get("event") == "announce" and l["channel"] == "seat:2"]
    assert "service.resumed" in [l.get("key") for l in out]
    assert [l["key"] for l in said] == ["hand.chancellor"], [(l["key"], l["start"]) for l in said]
    assert out[-1]["state"]["phase"] == "legislative_chancellor"


def _restart_at_the_chancellors_turn(tmp_path) -> tuple:
    """The first law of ``examples/simulate-7p.jsonl`` (the president's fascist discard) laid
    as tile 3, the board stopped 2 s later: the journal (real SQLite) at the chancellor's turn."""
    from pathlib import Path
    root = Path(__file__).resolve().parents[3]
    lines = [l for l in (root / "examples" / "simulate-7p.jsonl").read_text().splitlines()
             if l.strip() and not l.startswith("#")]
    first_law = next(i for i, l in enumerate(lines) if '"law_read"' in l)
    assert '"fascist"' in lines[first_law]
    journal = tmp_path / "journal.sqlite3"
    _simulate(journal, lines[:first_law] + ['{"signal": "law_read", "party": "fascist", "tile": 3}',
                                            '{"signal": "wait", "seconds": 2.0}'])
    return journal


PARTIES = ("fascist", "democratic", "faschist", "demokrat")


def test_R16_after_a_restart_the_presidents_discard_read_again_after_the_chancellors_hand_is_ignored(tmp_path):
    """BOARD.md "Each reader has its own tiles": the board restarts at the chancellor's turn
    and says the chancellor's hand again; 30 s later (the hand heard) the president's discard
    is read again at the tray, the same tile: it is no lay of the chancellor's and nobody's
    earphone or the table says a word of it (the tray's memory was empty after the restart:
    the tile was taken as the chancellor's discard, "Read: a fascist law"); the chancellor's
    own discard after it is taken and confirmed."""
    journal = _restart_at_the_chancellors_turn(tmp_path)
    out = _simulate(journal, ['{"signal": "wait", "seconds": 30.0}',
                              '{"signal": "law_read", "party": "fascist", "tile": 3}',
                              '{"signal": "wait", "seconds": 15.0}',
                              '{"signal": "law_read", "party": "fascist", "tile": 4}',
                              '{"signal": "wait", "seconds": 10.0}'])
    announced = [l for l in out if l.get("event") == "announce"]
    assert "service.resumed" in [l.get("key") for l in out]
    hand = next(l for l in announced if l["key"] == "hand.chancellor")
    assert hand["channel"] == "seat:2" and "fascist" in hand["text"].lower()
    assert hand["end"] < 30.0, "the re-read must come after the chancellor heard its hand"
    between = [l for l in announced if 30.0 - 1e-6 <= l["start"] < 45.0]
    # of the re-read nothing is said anywhere: only the table's reminder of whom it waits for
    assert [l["key"] for l in between if not l["key"].startswith("table.waiting")] == [], \
        [(l["key"], l["channel"], l["start"]) for l in between]
    assert not [l for l in between if any(p in l["text"].lower() for p in PARTIES)]
    lay = [l for l in announced if l["start"] >= 45.0 - 1e-6 and l["channel"] == "seat:2"]
    assert lay and (lay[0]["key"], lay[0]["params"]) == ("tile.read.law", {"party": "fascist"}), lay
    assert not [l for l in out if l.get("event") == "rejected"], "the re-read was refused"
    assert out[-1]["state"]["phase"] == "legislative_chancellor"


#: the first draw is democratic three times: the president holds no fascist law
DECK_DDD = ["democratic"] * 3 + ["fascist"] * 11 + ["democratic"] * 3


def _refused_president(t: Table, laid: str, held: str) -> dict:
    """The president, holding three ``held`` laws, lays a ``laid`` one at the tray: its
    refusal line; nothing of it at the table or in another earphone; its own law still taken."""
    mark = legislate(t)
    hand = t.heard("hand.president", "seat:0")
    assert set(hand["params"]["laws"]) == {held}
    t.act({"signal": "law_read", "party": laid, "tile": 5})
    refused = t.heard("refusal.not_in_hand", "seat:0", {"party": laid}, since=mark)
    t.wait(5.0)
    others = [l for l in t.lines(since=mark) if l["output"] != "seat:0" and l["start"] >= refused["start"] - 1e-6]
    assert not [l for l in others if "refusal" in l["key"] or "democratic" in l["text"].lower()
                or "fascist" in l["text"].lower()], [(l["key"], l["output"]) for l in others]
    lay = t.mark()
    t.act({"signal": "law_read", "party": held, "tile": 6})
    t.heard("tile.read.law", "seat:0", {"party": held}, since=lay)
    return refused


def test_R16_the_presidents_law_not_in_its_hand_is_refused_only_in_its_earphone_padded_over_both_parties(table):
    """BOARD.md "Refusals" (a law that was not in the hand: only to that seat) and RULES.md
    R16: the president, holding three laws of one party, lays a law of the other at the tray.
    The refusal names the party read, as WORDING-REVIEW.md words it ("Read: democratic; you do
    not hold that law"): that party is the one its own hand lacks, so it tells the president
    nothing its own three laws (its secret) do not; it is said in its earphone only, nothing
    at the table or in another earphone names a party or a refusal, and its clip lasts as long
    whichever party it names (padded over both), so its length tells no watcher what the hand
    holds. The president's own discard is taken after it."""
    democratic = _refused_president(table(DECK_FFF), "democratic", "fascist")
    fascist = _refused_president(table(DECK_DDD), "fascist", "democratic")
    assert democratic["text"] != fascist["text"]
    assert abs((democratic["end"] - democratic["start"]) - (fascist["end"] - fascist["start"])) < 0.01, \
        (democratic["end"] - democratic["start"], fascist["end"] - fascist["start"])


def test_R16_after_a_restart_mid_election_a_ballot_read_again_is_the_same_tile_never_a_second_vote(tmp_path):
    """BOARD.md "Each reader has its own tiles": the board restarts while the first election
    of ``examples/simulate-7p.jsonl`` is counted, three ballots in (the votes journaled). Seat
    0's ballot (the third), lying in the box, is read again after the restart: it is that same tile,
    ignored; no refusal ("seat 1 has already voted") answers it and no ``rejected`` line is
    written. The four ballots still to come are counted and the election is decided."""
    from pathlib import Path
    root = Path(__file__).resolve().parents[3]
    lines = [l for l in (root / "examples" / "simulate-7p.jsonl").read_text().splitlines()
             if l.strip() and not l.startswith("#")]
    ballots = [i for i, l in enumerate(lines) if '"ballot"' in l][:7]
    assert '"seat": 0, "ballot": "nein"' in lines[ballots[2]]
    journal = tmp_path / "journal.sqlite3"
    _simulate(journal, lines[:ballots[2] + 1] + ['{"signal": "wait", "seconds": 1.0}'])
    out = _simulate(journal, ['{"signal": "wait", "seconds": 20.0}',
                              '{"signal": "ballot", "seat": 0, "ballot": "nein"}',      # read again
                              '{"signal": "wait", "seconds": 10.0}',
                              *[lines[i] for i in ballots[3:]],
                              '{"signal": "wait", "seconds": 20.0}'])
    assert "service.resumed" in [l.get("key") for l in out]
    assert not [l for l in out if l.get("event") == "rejected"], [l for l in out if l.get("event") == "rejected"]
    assert not [l for l in out if l.get("event") == "announce" and l["key"].startswith("refusal.")]
    state = out[-1]["state"]
    assert state["phase"] == "nomination" and state["election_tracker"] == 1, state     # 3 ja, 4 nein: failed
