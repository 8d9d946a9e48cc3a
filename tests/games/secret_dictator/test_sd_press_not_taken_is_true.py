"""Board corrections say true words (BOARD.md principle 2, ACCESSIBILITY.md 26; issue 31, a
robot table at 7 seats, seed 5): a seat's press refused while the board disagrees is told at
once in its earphone ("your press was not taken. Press again once the board is fixed") and at
the table. When the table's sentence still waits behind earlier public lines while the board
is fixed and the seat presses again and that press is taken (its list runs), the table never
says that the press was not taken: a sighted helper, or the seat itself, would hear a falsehood
while the seat's list runs, and the seat pressed once more for nothing."""

from __future__ import annotations

from sd_pace import Table

ROLES5 = ["democrat", "fascist", "democrat", "dictator", "democrat"]


def test_BOARD2_A26_a_press_taken_after_the_fix_is_never_said_not_taken_at_the_table():
    t = Table({"players": 5, "seed": 3, "language": "en", "first_president": 0, "roles": ROLES5})
    try:
        t.heard("president.new", "table", {"seat": 0})
        mark = t.mark()
        t.act({"signal": "tracker", "position": 1})      # the pin knocked into the wrong hole
        t.wait(0.5)
        t.press(0)                                       # refused: the board must be fixed first
        t.wait(0.3)
        t.act({"signal": "tracker", "position": 0})      # fixed at once, while the table still speaks
        mine = t.heard("correction.press_again", "seat:0", since=mark, reaction=0.5)
        taken = t.mark()
        t.press(0)                                       # taken: the nomination list begins
        t.heard("scan.start", "seat:0", since=taken, reaction=0.5)
        t.wait(20.0)
        said = t.lines(since=mark)
        assert mine["params"] == {"seat": 0}
        assert [l for l in said if l["output"] == "seat:0" and l["key"] == "scan.item"]   # its list runs
        late = [l for l in said if l["output"] == "table" and l["key"] == "correction.press_again"
                and l["start"] >= t.acts[-1][0]]
        assert not late, late
    finally:
        t.close()
