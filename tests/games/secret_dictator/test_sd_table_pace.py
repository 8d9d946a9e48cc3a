"""Secret Dictator played at a person's pace (ACCESSIBILITY.md 26-28, issue 23): every player
acts only after the clip meant for them has ended, 1-2 s later, on ``simulate``'s virtual clock
at real clip lengths (:mod:`sd_pace`). Each test is a defect such a table met."""

from __future__ import annotations

from pathlib import Path

import pytest

from sd_pace import Table

ROOT = Path(__file__).resolve().parents[3]
NO_LAW_READER = str(ROOT / "examples" / "board-without-law-reader.toml")
ROLES7 = ["democrat", "fascist", "democrat", "dictator", "democrat", "fascist", "democrat"]
#: the first draw is fascist, fascist, democratic: the first law enacted may be fascist
DECK = ["fascist", "fascist", "democratic"] + ["democratic"] * 5 + ["fascist"] * 9
SETUP7 = {"players": 7, "seed": 3, "language": "en", "first_president": 0, "roles": ROLES7, "deck": DECK}


@pytest.fixture
def table():
    made: list[Table] = []

    def make(setup: dict, **kwargs) -> Table:
        made.append(Table(setup, **kwargs))
        return made[-1]

    yield make
    for t in made:
        t.close()


def elect(t: Table, president: int, chancellor: int, players: int = 7) -> None:
    """The president nominates by scanning; every seat lays Ja, each after the last one."""
    t.heard("president.new", "table", {"seat": president})
    t.choose(president, chancellor)
    t.heard("nomination.made", "table")
    for seat in range(players):
        t.ballot(seat, "ja")
        t.wait(1.2)


def test_A28_after_a_special_election_the_table_hears_the_new_president_and_what_to_do(table):
    t = table({**SETUP7, "switches": {"powers": ["special_election", None, None, "execution", "execution"]}})
    elect(t, 0, 2)
    t.heard("hand.president", "seat:0")
    t.act({"signal": "law_read", "party": "democratic"})
    t.heard("hand.chancellor", "seat:2")
    t.act({"signal": "slot", "track": "fascist", "slot": 1, "state": "filled"})
    t.heard("power.special_election", "table")
    mark = t.mark()
    t.choose(0, 4)
    chosen = t.heard("power.special_election.chosen", "table", since=mark)
    # whose turn it is, then what to do, at once after the choice: no silence
    president = t.heard("president.new", "table", {"seat": 4}, since=mark, timeout=30)
    reminder = t.heard("next.nominate", "table", {"seat": 4}, since=mark, timeout=30)
    assert chosen["end"] <= president["start"] < chosen["end"] + 0.5
    assert reminder["start"] < president["end"] + 0.5
    # and the new president can act on it: the nomination scan starts on its press
    mark = t.mark()
    t.choose(4, 1, since=mark)
    t.heard("nomination.made", "table", {"seat": 4, "target": 1}, since=mark)


def test_A26_the_last_ballot_and_the_presidents_tray_tile_are_confirmed_at_once(table):
    t = table(SETUP7)
    elect(t, 0, 2)
    ballots = [(at, s["seat"]) for at, s in t.acts if s.get("signal") == "ballot"]
    confirmations = {int(l["output"][5:]): l for l in t.lines()
                     if l["key"] == "tile.read.ballot"}
    assert sorted(confirmations) == list(range(7))
    for at, seat in ballots:
        assert confirmations[seat]["start"] - at <= 1.0, (seat, at, confirmations[seat]["start"])
    t.heard("hand.president", "seat:0")
    mark = t.mark()
    t.act({"signal": "law_read", "party": "democratic"})
    laid = t.now()
    cue = t.heard("legislative.chancellor", "table", since=mark, reaction=0.0)
    read = next(l for l in t.lines(since=mark) if l["key"] == "tile.read.law")
    assert read["output"] == "seat:0" and read["start"] - laid <= 1.0
    assert read["start"] <= cue["start"] + 0.5        # never after the table told the chancellor to act


def test_A28_without_a_law_reader_pass_the_other_two_on_ends_before_the_chancellors_cue(table):
    t = table({**SETUP7, "deck": "untracked"}, config_path=NO_LAW_READER)
    elect(t, 0, 2)
    mark = t.mark()
    t.heard("discard.prompt", "seat:0", since=mark)
    t.press(0)
    t.heard("discard.scan.fascist", "seat:0", since=mark, reaction=0.8)
    t.press(0)
    t.heard("discard.scan.confirm", "seat:0", since=mark, reaction=0.8)
    t.press(0)
    pressed = t.now()
    cue = t.heard("legislative.chancellor", "table", since=mark)
    t.act({"signal": "slot", "track": "democratic", "slot": 1, "state": "filled"})
    enacted = t.heard("law.enacted.democratic", "table", since=mark)
    passed_on = next(l for l in t.lines(since=mark) if l["key"] == "discard.chosen")
    assert passed_on["output"] == "seat:0" and "pass the other two on" in passed_on["text"]
    assert passed_on["start"] - pressed <= 1.0                 # the seat's own act, at once (26)
    assert passed_on["end"] <= cue["start"] + 0.01            # no stale instruction
    assert passed_on["end"] < enacted["start"]


def test_A29_a_status_hold_says_nothing_the_table_has_not_heard(table):
    t = table({**SETUP7, "players": 5, "roles": ROLES7[:4] + ["democrat"]})
    elect(t, 0, 1, players=5)
    # a seat holds once the table has said that every ballot is in, while the result is read
    mark = t.mark()
    t.heard("ballot.counted", "table", {"count": 5})
    t.press(4, "hold")
    status = t.heard("status.now.waiting.president", "seat:4", since=mark)
    passed = t.heard("election.passed", "table", since=mark)
    assert status["start"] >= passed["end"] - 0.01


def test_A26_i_am_here_is_confirmed_at_once_in_the_seats_earphone(table):
    t = table(None)
    t.wait(2.0)
    t.press(0)
    for key, params in (("lobby.option.game", {"title": "Secret Dictator"}), ("lobby.option.language.en", {}),
                        ("lobby.option.players", {"count": 7}), ("setup.variant.rulebook", {}),
                        ("setup.deck.tracked", {}), ("lobby.option.start", {})):
        mark = t.mark()
        t.heard(key, "seat:0", params, since=mark, reaction=0.8)
        t.press(0)
    t.heard("lobby.presence.call", "table")
    for seat in range(7):                    # the seats press one after another, quickly
        t.press(seat)
        t.wait(0.6)
    pressed = {s["seat"]: at for at, s in t.acts[-7:]}
    for seat, at in pressed.items():
        mine = [l for l in t.lines(f"seat:{seat}") if l["start"] >= at and l["key"].startswith("lobby.")]
        assert mine and mine[0]["start"] - at <= 1.0, (seat, at, mine[:1])
    t.heard("president.new", "table")


@pytest.fixture(scope="module")
def whisper_config(tmp_path_factory) -> str:
    """The shipped config with a whisper station instead of earphones."""
    text = (ROOT / "hardware" / "board.toml").read_text()
    assert "whisper_station = false" in text
    path = tmp_path_factory.mktemp("whisper") / "board.toml"
    path.write_text(text.replace("whisper_station = false", 'whisper_station = true\nwhisper_device = "plughw:2"', 1))
    return str(path)


def visit(t: Table, since: int) -> dict:
    """The seat the table calls walks to the whisper station (3 s) and presses there."""
    call = t.heard("whisper.call", "table", since=since, reaction=3.0, timeout=120)
    t.press(call["params"]["seat"])
    return call


def test_issue22_at_a_whisper_station_every_seat_is_called_for_its_prolog_and_scans_there(table, whisper_config):
    t = table({"players": 5, "seed": 2, "language": "en", "first_president": 0}, config_path=whisper_config)
    calls = []
    for _ in range(5):
        calls.append(visit(t, since=t.played.index(calls[-1]) + 1 if calls else 0))
    assert [c["params"]["seat"] for c in calls] == [0, 1, 2, 3, 4]
    prolog = [l for l in t.lines("whisper") if l["key"].startswith("prolog.role.")]
    done = t.heard("prolog.done", "table")
    assert len(prolog) == 5 and done["start"] >= prolog[-1]["end"] - 0.01       # A23
    lengths = [l["end"] - l["start"] for l in prolog]
    assert max(lengths) - min(lengths) <= 0.05                                   # R17: visits of one length
    # the president presses, is called to the station once and scans there: no new call per item
    t.heard("president.new", "table")
    mark = t.mark()
    t.press(0)
    visit(t, since=mark)
    t.heard("scan.item", "whisper", {"seat": 3}, since=mark, reaction=0.8)
    t.press(0)
    t.heard("nomination.made", "table", {"seat": 0, "target": 3}, since=mark)
    assert len([l for l in t.lines(since=mark) if l["key"] == "whisper.call"]) == 1


def test_A22_a_presidents_press_before_the_power_is_announced_opens_its_list_only_after_the_table_heard_it(table):
    """ACCESSIBILITY.md 22, 26: the president presses the moment the law that gives the power
    is enacted, while the table still says the law and the power (a press meant for something
    else, a stray one): the press is answered in its earphone at once, but the execution list
    (its intro and its seats) begins only once the table has heard "Power: … executes a
    player" (seven seats by ear: the list began 3 s before the power was said)."""
    t = table({**SETUP7, "switches": {"powers": ["execution", None, None, "execution", "execution"]}})
    elect(t, 0, 2)
    t.heard("hand.president", "seat:0")
    t.act({"signal": "law_read", "party": "democratic"})
    t.heard("hand.chancellor", "seat:2")
    mark = t.mark()
    t.act({"signal": "slot", "track": "fascist", "slot": 1, "state": "filled"})
    t.wait(0.3)
    pressed = t.now()
    t.press(0)
    power = t.heard("power.execution", "table", {"seat": 0}, since=mark)
    t.wait(5.0)
    mine = [l for l in t.lines("seat:0", since=mark) if l["start"] >= pressed]
    listed = [l for l in mine if l["key"].startswith("scan.")]
    assert listed, [(l["key"], l["start"]) for l in mine]
    assert listed[0]["start"] >= power["end"] - 0.01, (power["end"], [(l["key"], l["start"]) for l in mine])
    assert mine[0]["start"] - pressed <= 1.0, [(l["key"], l["start"]) for l in mine]   # answered at once (26)
    t.heard("scan.item", "seat:0", since=mark)


def test_A25_issue31_the_president_pressing_after_the_tables_reminder_hears_its_hand_again(table):
    """Issue 31 (by ear, seed 11): a president holding its hand presses a few times (each press
    one message further back), then thinks; the table reminds it ("Waiting: seat 1"); its next
    press gives its hand again, the message it must act on, not an election line still older."""
    t = table(SETUP7)
    elect(t, 0, 2)
    hand = t.heard("hand.president", "seat:0")
    back = []
    for _ in range(3):
        mark = t.mark()
        t.press(0)
        t.wait(12.0)
        back.append([l["key"] for l in t.lines("seat:0", since=mark)])
    assert back[0] == ["hand.president"] and "hand.president" not in back[2], back
    mark = t.mark()
    reminder = t.heard("table.waiting", "table", since=mark, timeout=120)
    assert 0 in reminder["params"]["seats"]
    mark = t.mark()
    t.press(0)
    again = t.heard("hand.president", "seat:0", since=mark, timeout=15, reaction=0.0)
    assert again["params"] == hand["params"]
