"""An unplugged reader gets a clear message and loses nothing (issue 31's fresh findings; the
board's ``fault.reader_unplugged`` / ``fault.reader_back``): the table hears that the tiles
laid at that reader wait until it is back while the rest of the game goes on — not that "the
game waits" — and, when it is back, that a tile laid there meanwhile was not read and whom the
table still waits for, by seat (ACCESSIBILITY.md 28: the seats whose ballots are missing, not
everyone asked to lay theirs again); a ballot laid at the unplugged ballot box is not counted,
and laid again once the reader is back it counts.

Secret Dictator on ``simulate``'s mocked board (readers on pseudo-terminals), the real service
and SQLite journal (:class:`tests.table.table.Table`)."""

from __future__ import annotations

from firmware_host.kernel import games

from .table import Table


def test_an_unplugged_ballot_box_says_votes_wait_and_asks_for_the_ballot_laid_meanwhile_again(tmp_path):
    hooks = games.pack("secret_dictator").scripting()
    setup = hooks.sample_setup("en")
    nominate = hooks.whole_game(setup, 2)[0]
    assert nominate["action"] == "nominate"
    table = Table(tmp_path).set_up(setup)
    try:
        table.gm("act", action=nominate)
        table.drain()
        table.wait(3)
        first, voter, *rest = [s for s in range(5) if s != nominate.get("seat")]
        table.play({"signal": "ballot", "seat": first, "ballot": "nein"})    # read before the fault
        assert table.wait_heard("ballot.counted", timeout=120) is not None
        since = len(table.starts)
        table.play({"signal": "unplug", "reader": "ballot"})
        unplugged = table.wait_heard("fault.reader_unplugged", timeout=120, since=since)
        assert unplugged is not None
        text = unplugged["text"]
        assert "ballot box reader" in text and "wait until it is back" in text and "game waits" not in text
        table.play({"signal": "ballot", "seat": voter, "ballot": "ja"})       # laid at the unplugged box
        table.wait(15)
        assert [o for o in table.starts[since:] if o["key"] == "ballot.counted"] == []   # not read
        table.play({"signal": "replug", "reader": "ballot"})
        back = table.wait_heard("fault.reader_back_waiting", timeout=120, since=since)
        assert back is not None and "was not read" in back["text"] and "lay it again" not in back["text"]
        # the seats whose ballots are missing (the one laid meanwhile among them), not the one read
        assert back["params"]["seats"] == sorted([voter, nominate["seat"], *rest])
        assert [o for o in table.starts[since:] if o["key"] == "fault.reader_back"] == []
        table.play({"signal": "ballot", "seat": voter, "ballot": "ja"})       # laid again: it counts
        assert table.wait_heard("ballot.counted", timeout=120, since=since) is not None
    finally:
        table.close()
