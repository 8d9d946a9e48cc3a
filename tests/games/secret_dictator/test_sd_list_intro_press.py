"""ACCESSIBILITY.md 26 by ear (issue 31, a probe at 9 seats): a president who presses again
while its nomination list's intro ("Choose: the seats are named one by one…") is said gets
the answer cue at once, the intro is cut and the first seat follows; the press picks nothing
(27). Before, the press got nothing and its first sound was the first item 5 s later."""

from __future__ import annotations

from sd_pace import Table

ROLES7 = ["democrat", "fascist", "democrat", "dictator", "democrat", "fascist", "democrat"]


def test_A26_a_press_during_the_nomination_lists_intro_is_answered_at_once():
    t = Table({"players": 7, "seed": 3, "language": "en", "first_president": 0, "roles": ROLES7})
    try:
        t.heard("president.new", "table", {"seat": 0})
        mark = t.mark()
        t.press(0)                                   # the list begins with its intro
        t.wait(1.5)
        intro = [l for l in t.lines("seat:0", since=mark) if l["key"] == "scan.start"]
        assert intro and "end" not in intro[0]       # still being said
        pressed = t.now()
        t.press(0)
        t.wait(4.0)
        said = t.lines("seat:0", since=mark)
        cue = next(l for l in said if l["key"] == "answer.cue")
        assert cue["start"] - pressed <= 1.0
        assert intro[0].get("cut") and intro[0]["end"] <= cue["start"] + 0.01
        first = next(l for l in said if l["key"] == "scan.item")
        assert cue["start"] < first["start"] <= cue["start"] + 2.0
        assert not [l for l in t.lines(since=mark) if l["key"] == "nomination.made"]   # nothing picked
    finally:
        t.close()


def test_A26_a_press_while_the_setup_from_the_seats_introduces_its_first_question_is_answered_at_once():
    """The setup from the seats (the table's lobby, the same before every game): a second press
    while the board still introduces the setup gets the answer cue at once, then the question
    and its answers follow in order; nothing is picked."""
    t = Table(None)
    try:
        t.wait(5.0)
        mark = t.mark()
        t.press(0)                                   # a setup from seat 1 begins
        t.wait(1.0)
        pressed = t.now()
        t.press(0)
        t.wait(25.0)
        said = [l for l in t.lines("seat:0", since=mark)]
        cue = next(l for l in said if l["key"] == "answer.cue")
        assert cue["start"] - pressed <= 1.0
        keys = [l["key"] for l in said if l["start"] >= cue["start"]]
        assert "lobby.question.game" in keys and keys.index("lobby.question.game") < keys.index("lobby.option.game")
        assert not [l for l in t.lines(since=mark) if l["key"] == "scan.selected"]      # nothing picked
    finally:
        t.close()
