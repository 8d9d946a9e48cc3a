"""Robot players who only hear (issue 23): their choices, and robot tables over every
registered game on the real service and mocked board, set up from the seats, measured as a
table of blind players meets the board (ACCESSIBILITY.md 26-29)."""

from __future__ import annotations

import dataclasses
import io
import json

import pytest

from firmware_host.kernel import games
from firmware_host.robots.robot import Chooser, Heard, Hold, Lay, Press, SeatRobot
from firmware_host.robots.table import RobotTable, deal_seed, percentile, rules_for
from firmware_host.service.journal import Journal

#: every registered game: a game joins the robot tables by being registered
GAMES = games.names()
#: a game's robot-table case that waits for its owner's fix: game -> reason (strict xfail)
PENDING: dict[str, str] = {
    game: f"{game} has no board adapter or robot players yet" for game in GAMES
    if rules_for(game) is None or games.pack(game).adapter is None
}


def table_size(game: str, players: int) -> int:
    """``players``, or the game's largest table when it seats fewer (Autocracy: 6)."""
    counts = [o["value"] for q in games.pack(game).lobby().questions(None) if q["name"] == "players"
              for o in q["options"]]
    return min(players, max(counts)) if counts else players


def clip(output: str, key: str, params: dict | None = None, start: float = 0.0, end: float = 1.0) -> Heard:
    return Heard(output, key, dict(params or {}), key, start, end)


# -- the robot's ears --------------------------------------------------------------------------
def test_issue23_a_choice_depends_only_on_what_was_heard():
    heard = [clip("table", "game.started", {"players": 7}), clip("seat", "scan.item", {"seat": 3}, 3, 4)]
    a, b = Chooser(2, heard, 5), Chooser(2, list(heard), 5)
    assert [a.random(t) for t in "xyz"] == [b.random(t) for t in "xyz"]
    assert a.one(list(range(100)), "t") == b.one(list(range(100)), "t")
    other = Chooser(2, heard + [clip("table", "vote.cast", {"seat": 1})], 5)
    # another heard line is another draw (a million to one that all three agree)
    assert [other.random(t) for t in "xyz"] != [a.random(t) for t in "xyz"]


@pytest.mark.parametrize("game", [g for g in GAMES if rules_for(g) is not None])
def test_issue23_every_robot_module_answers_the_same_heard_lines_alike(game):
    rules = rules_for(game)
    cues = [clip("table", k, p) for k, p in [
        ("president.new", {"seat": 1}), ("nomination.made", {"seat": 1, "target": 2}),
        ("phase.vote", {"day": 1, "waiting": [0, 1, 2]}), ("phase.night", {"day": 1, "count": 2}),
        ("law.enacted.fascist", {"count": 1}), ("tracker.moved", {"position": 1})]]
    cues += [clip("seat", k, p) for k, p in [
        ("hand.president", {"laws": ["fascist", "democratic", "fascist"]}), ("scan.item", {"seat": 3}),
        ("scan.seat", {"seat": 2, "votes": 0}), ("scan.card", {"role": "noble"}),
        ("scan.confirm.drop", {"drop": ["noble"]}), ("power.peek.result", {"laws": []})]]
    for seat in range(3):
        heard: list[Heard] = []
        for cue in cues:
            heard.append(cue)
            first = rules.respond(seat, cue, tuple(heard), Chooser(seat, heard, 1))
            again = rules.respond(seat, cue, tuple(list(heard)), Chooser(seat, list(heard), 1))
            assert first == again
            assert all(isinstance(a, (Press, Lay)) for a in first)


def test_issue31_an_autocracy_robot_lacking_a_domain_tries_the_reserve_every_turn_not_only_the_first():
    """Autocracy's robot: "roll" heard in an earlier turn's menu is no pass of this turn's list.
    A seat lacking a domain waits past "roll" to "exchange with the reserve" in each turn (once
    every seat only rolled after its first turn: the reserve ran dry and the game never ended)."""
    rules = rules_for("autocracy")
    heard: list[Heard] = []

    def hear(output, key, params=None):
        heard.append(clip(output, key, params, len(heard), len(heard) + 1))
        return rules.respond(1, heard[-1], tuple(heard), Chooser(1, heard, 1))

    for turn in (1, 2):
        hear("table", "turn", {"round": turn, "seat": 1})
        assert hear("seat", "turn.yours", {"tokens": {"economie": 6, "media": 2}}) == [Press()]
        hear("seat", "menu.turn")
        assert hear("seat", "menu.roll") == [], turn                      # it lacks three domains
        (press,) = hear("seat", "menu.exchange_reserve")
        assert press.item.key == "menu.exchange_reserve"
        hear("seat", "scan.trade", {"gave": {"media": 2}, "got": {"economie": 1}})   # no help: left
        assert hear("seat", "scan.cancel") == [], turn                    # cancel in the second pass
        hear("seat", "scan.trade", {"gave": {"media": 2}, "got": {"economie": 1}})
        assert hear("seat", "scan.cancel")[0].item.key == "scan.cancel"
        hear("seat", "menu.turn")
        assert hear("seat", "menu.roll")[0].item.key == "menu.roll"        # tried: then it rolls
        hear("seat", "scan.confirm.roll")


@pytest.mark.parametrize("tokens, first", [
    ({"economie": 9, "media": 13, "justice": 2, "armee": 1}, ("media", "justice", 5)),
    ({"politique": 3}, ("politique", "armee", 1)),
    ({"economie": 1, "media": 5, "justice": 4, "armee": 1}, None),     # worth 115 Économie: short
])
def test_issue31_an_autocracy_robots_exchange_plan_completes_the_set_one_row_at_a_time(tokens, first):
    """A6/A11: the robot's plan of exchanges, made one row at a time at the exchange values,
    ends with all five domains held whenever the seat's tokens are worth the set (127
    Économie at the default values); with less it plans nothing (a seat of the 6-robot game at
    seed 581202355 held Média enough for the set but only ever looked for a single row)."""
    from firmware_host.games.autocracy.robot import next_step
    from firmware_host.games.autocracy.rules import DEFAULT_EXCHANGE
    order = ("economie", "media", "justice", "armee", "politique")
    mine = dict(tokens)
    assert next_step(mine) == first
    for _ in range(40):
        step = next_step(mine)
        if step is None:
            break
        give, get, count = step
        up = order.index(get) == order.index(give) + 1
        assert up or order.index(get) == order.index(give) - 1, step
        price = count * DEFAULT_EXCHANGE[get] if up else count
        gets = count if up else DEFAULT_EXCHANGE[give]
        assert mine.get(give, 0) >= price, (step, mine)
        mine[give] -= price
        mine[get] = mine.get(get, 0) + gets
    assert all(mine.get(d, 0) >= 1 for d in order) == (first is not None), mine


def test_issue31_an_autocracy_robot_offers_a_player_exchange_when_the_reserve_cannot_give_what_it_lacks():
    """Autocracy's robot, once the table said the reserve ran short (A12): a seat still lacking a
    domain after the reserve's list turns to "exchange with a player" (A38) instead of rolling,
    picks a seat heard to hold two of a domain it lacks, takes the row that gives it, the count
    and the offer (a 6-robot game at seed 581202355 rolled for "nothing" for over an hour and
    never ended: the reserve was dry and A6's set was reachable only by trading with players)."""
    rules = rules_for("autocracy")
    heard: list[Heard] = []

    def hear(output, key, params=None):
        heard.append(clip(output, key, params, len(heard), len(heard) + 1))
        return rules.respond(1, heard[-1], tuple(heard), Chooser(1, heard, 1))

    hear("table", "short.reserve", {"domain": "media", "count": 0})
    hear("table", "turn", {"round": 3, "seat": 1})
    assert hear("seat", "turn.yours", {"tokens": {"economie": 13, "justice": 1, "armee": 1,
                                                   "politique": 1}}) == [Press()]
    hear("seat", "menu.turn")
    assert hear("seat", "menu.roll") == []
    assert hear("seat", "menu.exchange_reserve")[0].item.key == "menu.exchange_reserve"
    hear("seat", "scan.trade", {"gave": {"justice": 1}, "got": {"media": 2}})  # its last Justice: no
    hear("seat", "scan.cancel")
    hear("seat", "scan.trade", {"gave": {"justice": 1}, "got": {"media": 2}})
    assert hear("seat", "scan.cancel")[0].item.key == "scan.cancel"
    hear("seat", "menu.turn")
    assert hear("seat", "menu.roll") == []                           # not yet: the players
    assert hear("seat", "menu.exchange_reserve") == []               # tried this turn
    assert hear("seat", "menu.exchange_player")[0].item.key == "menu.exchange_player"
    assert hear("seat", "scan.partner", {"seat": 0, "tokens": {"economie": 3}}) == []
    assert hear("seat", "scan.partner", {"seat": 2, "tokens": {"media": 1, "armee": 2}}) == []
    (press,) = hear("seat", "scan.partner", {"seat": 4, "tokens": {"media": 3, "economie": 2}})
    assert press.item.params["seat"] == 4
    assert hear("seat", "scan.trade", {"gave": {"media": 1}, "got": {"economie": 6}}) == []
    (press,) = hear("seat", "scan.trade", {"gave": {"economie": 6}, "got": {"media": 1}})
    assert press.item.params["got"] == {"media": 1}
    assert hear("seat", "scan.count", {"gave": {"economie": 6}, "got": {"media": 1}})
    (press,) = hear("seat", "scan.confirm.offer", {"partner": 4, "gave": {"economie": 6}, "got": {"media": 1}})
    assert press.item.key == "scan.confirm.offer"


def test_issue31_an_autocracy_robot_rolls_after_the_players_could_not_help_it():
    """Autocracy's robot, the reserve dry: when no seat holds what it lacks, it cancels the
    partner list in the second pass and rolls (a turn never loops between the lists)."""
    rules = rules_for("autocracy")
    heard: list[Heard] = []

    def hear(output, key, params=None):
        heard.append(clip(output, key, params, len(heard), len(heard) + 1))
        return rules.respond(1, heard[-1], tuple(heard), Chooser(1, heard, 1))

    hear("table", "short.reserve", {"domain": "politique", "count": 0})
    hear("table", "turn", {"round": 3, "seat": 1})
    hear("seat", "turn.yours", {"tokens": {"economie": 13, "media": 2, "justice": 1, "armee": 3}})
    hear("seat", "menu.turn")
    hear("seat", "menu.roll")
    hear("seat", "menu.exchange_reserve")
    hear("seat", "menu.refused", {"reason": "reserve_short"})
    hear("seat", "menu.turn")
    assert hear("seat", "menu.roll") == []
    assert hear("seat", "menu.exchange_player")[0].item.key == "menu.exchange_player"
    for _ in range(2):
        assert hear("seat", "scan.partner", {"seat": 0, "tokens": {"economie": 3}}) == []
        assert hear("seat", "scan.partner", {"seat": 2, "tokens": {"media": 4}}) == []
        cancel = hear("seat", "scan.cancel")
    assert cancel[0].item.key == "scan.cancel"
    hear("seat", "menu.turn")
    assert hear("seat", "menu.roll")[0].item.key == "menu.roll"


def test_issue31_an_autocracy_robot_whose_your_turn_went_unheard_cancels_a_list_without_its_trade():
    """Autocracy's robot, "your turn" cut off by the seat's own hold before it was heard (so no
    turn and no tokens known): in the reserve's list, where no row is the trade it wants, it
    picks "cancel" in the second pass and then rolls, instead of letting the list run its three
    passes and resuming it for ever (a by-ear game at 4 seats, seed 3, late presses, never ended)."""
    rules = rules_for("autocracy")
    heard: list[Heard] = []

    def hear(output, key, params=None):
        heard.append(clip(output, key, params, len(heard), len(heard) + 1))
        return rules.respond(2, heard[-1], tuple(heard), Chooser(2, heard, 1))

    hear("table", "turn", {"round": 1, "seat": 2})
    hear("seat", "status.now.you")                   # "your turn" cut after 0.2 s: not heard
    hear("seat", "menu.turn")
    hear("seat", "menu.roll")
    (press,) = hear("seat", "menu.exchange_reserve")
    assert press.item.key == "menu.exchange_reserve"
    rows = [{"gave": {"economie": 6}, "got": {"media": 1}}, {"gave": {"media": 1}, "got": {"economie": 6}},
            {"gave": {"media": 2}, "got": {"justice": 1}}]
    for row in rows:
        assert hear("seat", "scan.trade", row) == []
    assert hear("seat", "scan.cancel") == []          # first pass: every row heard once
    hear("seat", "scan.wrap")
    for row in rows:
        hear("seat", "scan.trade", row)
    assert hear("seat", "scan.cancel")[0].item.key == "scan.cancel"
    hear("seat", "menu.turn")
    assert hear("seat", "menu.roll")[0].item.key == "menu.roll"


def test_issue23_a_robot_hears_only_its_earphone_and_the_table_and_acts_after_a_reaction():
    rules = rules_for("secret_dictator")
    robot = SeatRobot(1, 7, "secret_dictator", rules, seed=3, reaction=(1.0, 2.0), mistakes=0.0)
    robot.hear(clip("table", "game.started", {"players": 7}, 0, 5))
    robot.hear(clip("table", "president.new", {"seat": 1}, 5, 9))
    assert robot.due() is not None and 10.0 <= robot.due() <= 11.0     # 1-2 s after the cue ended
    planned = robot.take_due(11.0)
    assert [type(p.act) for p in planned] == [Press] and robot.plan == []
    robot.hear(clip("table", "nomination.made", {"seat": 1, "target": 4}, 20, 26))
    (lay,) = [p.act for p in robot.take_due(30.0)]
    assert lay.signal["signal"] == "ballot" and lay.signal["seat"] == 1 and lay.reader == "ballot"


def test_issue31_a_robot_whose_press_fell_on_another_game_goes_back_to_the_first_question():
    """The lobby's list of players came round without the count wanted (the press for the
    game fell on the next title): the robot goes back to the game question, as a person would."""
    robot = SeatRobot(0, 7, "secret_dictator", rules_for("secret_dictator"), seed=3, reaction=(1.0, 2.0),
                      mistakes=0.0, sets_up=True, titles=frozenset({"Secret Dictator"}))
    t = iter(range(0, 1000, 2))

    def hear(key: str, params: dict | None = None) -> list:
        start = next(t)
        robot.hear(clip("seat", key, params, start, start + 1))
        return [p.act for p in robot.take_due(start + 10)]

    hear("lobby.start")
    hear("lobby.question.game")
    assert hear("lobby.option.game", {"title": "Secret Dictator"})    # pressed, fell on the next title
    hear("lobby.question.language")
    hear("lobby.option.language.en")
    hear("lobby.question.players")
    for count in range(2, 7):
        assert not hear("lobby.option.players", {"count": count})     # no "seven players"
    assert not hear("lobby.back")
    hear("lobby.wrap")                                                 # round again: go back
    assert not hear("lobby.option.players", {"count": 2})
    assert [type(a) for a in hear("lobby.back")] == [Press]           # players -> language
    hear("lobby.question.language")
    assert not hear("lobby.option.language.en")                        # on its way back
    assert [type(a) for a in hear("lobby.back")] == [Press]           # language -> game
    hear("lobby.question.game")
    assert hear("lobby.option.game", {"title": "Secret Dictator"})    # and answers it again


def test_issue31_the_board_keeper_places_a_chaos_law_on_its_track_and_the_next_law_goes_after_it():
    """Secret Dictator's keeper (seat 1) puts the law chaos enacted into its slot, as it does
    an enacted law, and the next chancellor counts it: otherwise the board waits for a slot
    and the table stalls."""
    rules = rules_for("secret_dictator")
    heard = [clip("table", "chaos.enacted.fascist", {"count": 5})]
    acts = rules.respond(0, heard[0], tuple(heard), Chooser(0, heard, 1))
    assert [a.signal for a in acts] == [{"signal": "slot", "track": "fascist", "slot": 5, "state": "filled"}]
    heard += [clip("table", "nomination.made", {"seat": 1, "target": 2}),
              clip("seat", "hand.chancellor", {"laws": ["fascist", "fascist"]})]
    acts = rules.respond(2, heard[-1], tuple(heard), Chooser(2, heard, 1))
    assert acts[-1].signal == {"signal": "slot", "track": "fascist", "slot": 6, "state": "filled"}   # the next one


def test_issue23_percentile_is_nearest_rank():
    assert percentile([], 0.5) is None
    assert percentile([3.0, 1.0, 2.0], 0.5) == 2.0
    assert percentile(list(range(1, 101)), 0.95) == 95


# -- robot tables ------------------------------------------------------------------------------
def _replayed_state(journal_path: str, game_id: int) -> dict:
    """The final state ``replay`` gives for a journaled game (REPLAY.md, through the registry)."""
    journal = Journal(journal_path)
    try:
        lines = journal.replay_lines(game_id)
    finally:
        journal.close()
    name, setup = games.split_setup(lines[0]["setup"])
    out = games.pack(name).replay(setup, 1, [(i + 2, a) for i, a in enumerate(lines[1:])])
    return out[-1]["state"]


def play_table(path, game: str, players: int, seed: int, **kwargs):
    out = io.StringIO()
    journal = str(path / f"journal-{game}-{seed}.sqlite3")
    table = RobotTable(players, game, seed=seed, out=out, journal_path=journal, **kwargs)
    records = table.run(1, then_next=True)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    return table, records, lines, journal


def _check_game(table, records, lines, journal):
    """The game was played to its end from a setup from the seats: its summary line, no
    silence where nobody could act, its end the same as ``replay`` of its journal."""
    assert records, table.stuck
    record = records[0]
    summary = [l for l in lines if l.get("event") == "robots"]
    assert summary and summary[0] == record.summary()
    assert not record.stuck, record.stuck
    assert record.silences == 0, record.summary()
    assert record.final_state is not None and record.journal_game is not None
    assert _replayed_state(journal, record.journal_game) == record.final_state


#: cases whose outcome still depends on what ran before them in the same test process (the
#: robot table's shared state across games; issue 30's "same output" holds for one command, not
#: yet for these tables inside one pytest run): an expected failure that may pass, named so
UNSTEADY: tuple = ()


def _params(reasons: dict[str, str], unsteady: tuple = ()):
    return [pytest.param(game, marks=[pytest.mark.xfail(strict=game not in unsteady, reason=reasons[game])]
                         if game in reasons else [], id=game) for game in GAMES]


#: the next game from the seats after a game's end (ACCESSIBILITY.md 30) waits for its owner
NEXT_PENDING = dict(PENDING)

_runs: dict = {}


@pytest.fixture(scope="module")
def fast_tables(tmp_path_factory):
    """One robot table per game (5 seats, seed 1, 1-2 s reactions), shared by the fast tests."""
    def run(game):
        if game not in _runs:
            _runs[game] = play_table(tmp_path_factory.mktemp(game), game, 5, seed=1, reaction=(1.0, 2.0))
        return _runs[game]
    return run


def test_issue23_a_robot_table_of_four_plays_become_dictator_from_the_seats(tmp_path):
    """The fast one: four robots set up In this way I become a DICTATOR and play it."""
    _check_game(*play_table(tmp_path, "become_dictator", 4, seed=2, reaction=(1.0, 2.0)))


#: the last line of each part of the story told in a seat's earphone (ACCESSIBILITY.md 30)
STORY_PART_ENDS = frozenset({"evening.story_more", "evening.story_end"})


def _story_heard_whole(lines: list[dict]) -> list[float]:
    """Issue 31 "the story, one part per press": every press of a seat after a game's end is
    made as by a person who heard the part it asked for: never inside a part of the story in
    its own earphone, and the press a part asks for (the ``robot`` line whose cue is that part)
    comes 1-3 s after it ended (a robot's reaction, 0.8-2.8 s, and the board's own 0.15 s a
    press takes); no part is cut. Returns the seconds from each part's end to the press that
    asked for the next one."""
    parts = [l for l in lines if l.get("event") == "announce" and l.get("key") in STORY_PART_ENDS]
    assert parts, "no story was told"
    assert not [p for p in parts if p.get("cut")], [p for p in parts if p.get("cut")]
    presses = [l for l in lines if l.get("event") == "robot" and l["act"] == "press"]
    after = []
    for part in parts:
        seat = int(part["output"].split(":", 1)[1])
        mine = [l for l in presses if l["seat"] == seat]
        inside = [l for l in mine if part["start"] + 1e-6 < l["at"] < part["end"] - 1e-6]
        assert not inside, (part, inside)                          # not inside the part
        answers = [l["at"] - part["end"] for l in mine if l["cue"] is not None
                   and abs(l["cue"]["end"] - part["end"]) < 2e-3]
        after += answers[:1]
    assert after and all(0.8 - 1e-3 <= a <= 3.0 for a in after), after
    return after


@pytest.fixture(scope="module")
def secret_dictator_5(tmp_path_factory):
    """Five robots play Secret Dictator, seed 5, to the start of the next game."""
    return play_table(tmp_path_factory.mktemp("sd5"), "secret_dictator", 5, seed=5)


def test_issue31_the_seat_presses_for_the_storys_next_part_after_the_part_has_ended(secret_dictator_5):
    """Issue 31 (the story told one part per press in the pressing seat's earphone): the robot
    table's seat presses 1-3 s after the part it asked for has ended, never inside it, so each
    part is heard whole. (Secret Dictator, seed 5: its seat pressed during the game-over
    speech, and pressed again on the offer after it, cutting the first part 2.3 s in.)"""
    table, records, lines, journal = secret_dictator_5
    assert table._second_started, table.stuck
    assert len(_story_heard_whole(lines)) >= 2


def test_issue31_each_game_of_a_robot_run_is_dealt_from_the_runs_seed_and_its_number(secret_dictator_5):
    """Issue 31 "each game twice in a row": game 1 of ``--seed S`` is dealt with S (as any
    ``simulate --seed S``), game n with :func:`deal_seed` (S, n): the second game is another
    deal, its seed written in its setup (the journal) as in the first game's summary line."""
    table, records, lines, journal = secret_dictator_5
    assert table._second_started, table.stuck
    book = Journal(journal)
    try:
        setups = [book.game(n).setup for n in (1, 2)]
    finally:
        book.close()
    assert [s.get("seed") for s in setups] == [5, deal_seed(5, 2)]
    assert records[0].summary()["seed"] == 5
    assert [l["seed"] for l in lines if l.get("event") == "robots"] == [5]


def test_issue31_every_seat_holds_for_the_status_about_once_a_game_so_its_first_answer_is_measured(secret_dictator_5):
    """Issue 31 "the summary gains the status's first-answer seconds": a person asks "where are
    we?" now and then, so each robot holds for the status once in a game at a quiet moment (not
    a slip); Secret Dictator, a game of few presses, held 0 times in 14 of 24 games before, and
    its figure measured nothing. The first answers are at most 3 s of speech (ACCESSIBILITY.md
    29)."""
    table, records, lines, journal = secret_dictator_5
    summary = records[0].summary()
    holds = [l for l in lines if l.get("event") == "robot" and l["act"] == "hold" and l["cue"] is None]
    assert summary["status_holds"] >= 3, summary
    assert len({l["seat"] for l in holds}) >= 3, holds
    assert summary["status_first_max"] <= 3.0, summary


def test_issue31_a_robot_holds_for_the_status_at_most_once_a_game_besides_its_slips():
    robot = SeatRobot(2, 5, "secret_dictator", rules_for("secret_dictator"), seed=7, mistakes=0.0)
    robot.hear(Heard("table", "game.started", {"players": 5}, "Game", 0.0, 2.0))
    for n in range(400):
        robot.hear(Heard("table", "ballot.counted", {"count": n}, "Votes", 3.0 + 3 * n, 5.0 + 3 * n))
        robot.take_due(6.0 + 3 * n + 3.0)
    holds = [p for p in robot.plan if isinstance(p.act, Hold)]
    assert robot.status_checked and holds == []             # held once, planned no other
    robot.hear(Heard("table", "game_over.fascist_laws", {}, "Game over", 1900.0, 1905.0))
    robot.hear(Heard("table", "game.started", {"players": 5}, "Game", 2000.0, 2002.0))
    assert not robot.status_checked                          # a new game: again once


def test_issue31_a_robot_that_hears_the_item_it_wants_presses_for_it_instead_of_holding_for_the_status():
    """A press chooses what was heard (ACCESSIBILITY.md 27): a seat that planned a "where are
    we?" hold and then hears the item it wants presses for that item; it does not hold the
    button down across the moment of its press (the hold cut the list with the status and the
    press, made as the button came up, picked the item the status cut: a wrong pick, In this way
    I become a DICTATOR, 5 seats, seed 8). It may still ask later in the game; a slip's hold
    stays."""
    robot = SeatRobot(2, 5, "become_dictator", rules_for("become_dictator"), seed=8, mistakes=0.0)
    robot.hear(Heard("table", "game.started", {"players": 5}, "Game", 0.0, 2.0))
    robot.status_checked = True
    robot._add(11.7, Hold(), None)                          # the status check, planned on a table line
    robot._add(30.0, Hold(), None, "status_hold")           # a slip, later
    item = Heard("seat", "scan.card", {"role": "revolutionary"}, "Revolutionary", 9.7, 10.7)
    robot._plan_act(item, Press(item=item))
    press = [p for p in robot.plan if isinstance(p.act, Press)]
    assert len(press) == 1 and 11.5 <= press[0].at <= 13.5
    assert [(p.at, p.mistake) for p in robot.plan if isinstance(p.act, Hold)] == [(30.0, "status_hold")]
    assert not robot.status_checked                         # it may ask later in this game
    robot._add(60.0, Hold(), None)                          # a hold well after the next press: kept
    later = Heard("seat", "scan.card", {"role": "noble"}, "Noble", 40.0, 41.0)
    robot._plan_act(later, Press(item=later))
    assert any(isinstance(p.act, Hold) and not p.mistake for p in robot.plan)


NOTHING = ("Nothing to do for you: keep your eyes closed and choose any item of the list; your choice is "
           "ignored. Press your button for the list.")


def _night_robot() -> SeatRobot:
    robot = SeatRobot(1, 10, "dying_message", rules_for("dying_message"), seed=2, mistakes=0.0)
    robot.hear(Heard("table", "game.started", {"players": 10}, "Game", 0.0, 2.0))
    robot.hear(Heard("table", "night.falls", {}, "Night falls.", 2.0, 5.0))
    return robot


@pytest.mark.parametrize("cue_first", [False, True])
def test_issue31_a_message_cut_off_and_said_again_whole_is_acted_on_once_it_has_ended(cue_first):
    """A press answers what was heard (ACCESSIBILITY.md 26-27): a message of one's own earphone
    cut off by a stray press and said again whole (at once, or after the answer cue) is heard
    again, and the act it asks for ("Press your button for the list", said at its end) is made
    after the whole one has ended, not into it: the robot pressed 1-3 s after the cut one and
    cut the repeat, again and again (Dying Message, 10 seats, seed 2: one seat's night message
    cut twice in a row; a Secret Dictator hand cut by the seat's own tile on a fresh Pi)."""
    robot = _night_robot()
    cut = Heard("seat", "night.nothing", {}, NOTHING, 1139.111, 1141.449, cut=True)
    again = Heard("seat", "night.nothing", {}, NOTHING, 1141.559 if cue_first else 1141.449, 1149.9)
    if cue_first:       # the cut one ends, the answer cue, then the message again
        robot.hear(cut)
        assert any(isinstance(p.act, Press) for p in robot.plan)       # as heard so far: a cue
        robot.begins(Heard("seat", "answer.cue", {}, "", 1141.449, 1141.449))
        robot.hear(Heard("seat", "answer.cue", {}, "", 1141.449, 1141.559))
        robot.begins(Heard("seat", again.key, {}, again.text, again.start, again.start))
    else:               # the message begins again the moment the cut one ends
        robot.begins(Heard("seat", again.key, {}, again.text, again.start, again.start))
        robot.hear(cut)
    assert robot.plan == [] and cut not in robot.heard
    robot.hear(again)
    presses = [p for p in robot.plan if isinstance(p.act, Press)]
    assert len(presses) == 1 and presses[0].cue is again and presses[0].at >= again.end + 0.8


def test_issue31_a_message_cut_off_and_not_said_again_is_still_a_cue():
    """A message cut off and followed by something else (its answer: the act's own answer
    cut it) is what the seat heard of it: its act stays planned. A list item cut off and
    heard again is the list going on: a pick planned on it stays."""
    robot = _night_robot()
    cut = Heard("seat", "night.nothing", {}, NOTHING, 1139.111, 1141.449, cut=True)
    robot.hear(cut)
    robot.begins(Heard("seat", "status.now.night", {}, "It is night: listen to your earphone.", 1141.449, 1141.449))
    assert [p.cue for p in robot.plan if isinstance(p.act, Press)] == [cut]
    item = Heard("seat", "scan.seat", {"seat": 3}, "seat 4", 1200.0, 1200.6, cut=True)
    assert not SeatRobot._said_again(item, Heard("seat", "scan.seat", {"seat": 3}, "seat 4", 1200.6, 1200.6))


def test_issue31_a_seat_whose_list_is_being_read_does_not_press_on_the_tables_reminder():
    """The table's reminder naming a seat ("Waiting: the table is waiting for seat 8", issue 31)
    makes a robot press as a person who had not noticed its turn; a seat whose list is being
    read in its earphone at that moment picks from the list instead (at the latest in its third
    pass): its press on the reminder picked "Cancel", the item playing, and the table then
    waited 35 s in silence (Dying Message, 10 seats, seed 2). With no list running, or after
    the list stopped, the reminder still asks for the press."""
    robot = _night_robot()
    robot.hear(Heard("seat", "scan.seat", {"seat": 9}, "seat 10", 2773.004, 2773.925))
    robot.hear(Heard("seat", "scan.cancel", {}, "Cancel", 2776.747, 2777.547))
    robot.plan = []
    robot.hear(Heard("table", "table.waiting", {"seats": [1]}, "Waiting: seat 2", 2775.022, 2777.77))
    assert not any(isinstance(p.act, Press) for p in robot.plan)
    robot.hear(Heard("seat", "scan.stopped", {}, "Choose: stopped after the last pass.", 2790.0, 2793.0))
    robot.plan = []
    robot.hear(Heard("table", "table.waiting", {"seats": [1]}, "Waiting: seat 2", 2800.0, 2802.0))
    assert [type(p.act) for p in robot.plan] == [Press]
    robot.plan = []
    robot.hear(Heard("table", "table.waiting", {"seats": [1]}, "Waiting: seat 2", 2850.0, 2852.0))
    assert [type(p.act) for p in robot.plan] == [Press]           # nothing in its earphone lately


def test_issue31_a_pick_played_later_than_planned_counts_from_when_the_button_went_down():
    """A press chooses what was heard (ACCESSIBILITY.md 27): robots due at one instant press one
    after another, so a pick may go down later than planned. The item its own pick's answer
    cuts is judged from that moment: it was not heard (no second pick into "Chosen: …", which
    took the first pick back: In this way I become a DICTATOR, 10 seats, seed 3)."""
    robot = SeatRobot(3, 10, "become_dictator", rules_for("become_dictator"), seed=3, mistakes=0.0)
    robot.hear(Heard("table", "game.started", {"players": 10}, "Game", 0.0, 2.0))
    robot.plan = []
    vote = Heard("seat", "scan.option.vote_today", {}, "Vote today", 2091.770, 2092.984)
    robot._meant, robot._picked_key = vote, vote.key
    robot._plan_act(vote, Press(item=vote))
    planned = robot.plan[0]
    robot.plan = []
    late = planned.at + 0.9                                 # played 0.9 s after its planned time
    robot.acting(planned, late)
    robot.hear(Heard("seat", "scan.option.discard_vote", {}, "Discard-vote", late - 0.6, late + 0.15, cut=True))
    assert not any(isinstance(p.act, Press) for p in robot.plan)     # cut by its own pick's answer


@pytest.mark.parametrize("game, call, begins", [
    ("become_dictator", Heard("table", "phase.discard_vote", {}, "Day three: discard-votes, in secret",
                              1738.078, 1740.831), "scan.vote_or_discard"),
    ("autocracy", Heard("seat", "turn.yours", {}, "Your turn. You hold six Economy.", 4194.517, 4198.85),
     "menu.turn"),
])
def test_issue31_a_list_that_begins_without_the_press_meant_to_open_it_is_listened_to(game, call, begins):
    """A press chooses what was heard (ACCESSIBILITY.md 27): a seat that means to press for its
    list on the call, and hears the list begin without that press (an earlier press opened it, or
    the board does), listens to it: its press would pick the first item, barely heard ("Vote
    today" 0.2 s in, "Roll the dice" 0.35 s in: 30 such picks in 30 robot runs). The press is
    made when nothing begins."""
    robot = SeatRobot(0, 6, game, rules_for(game), seed=21, mistakes=0.0)
    robot.hear(Heard("table", "game.started", {"players": 6}, "Game", 0.0, 2.0))
    robot.plan = []
    robot.hear(call)
    planned = [p for p in robot.plan if isinstance(p.act, Press) and p.act.item is None]
    assert planned, robot.plan                              # the call asks for a press
    robot.begins(Heard("seat", begins, {}, "Choose:", call.end, call.end))
    assert not [p for p in robot.plan if isinstance(p.act, Press) and p.act.item is None]
    again = SeatRobot(0, 6, game, rules_for(game), seed=21, mistakes=0.0)
    again.hear(Heard("table", "game.started", {"players": 6}, "Game", 0.0, 2.0))
    again.plan = []
    again.hear(call)
    again.begins(Heard("seat", "answer.cue", {}, "", call.end + 0.5, call.end + 0.5))
    assert [p for p in again.plan if isinstance(p.act, Press) and p.act.item is None]
    # the list begins the moment the call ends: heard begin before the call's end is handed over
    first = SeatRobot(0, 6, game, rules_for(game), seed=21, mistakes=0.0)
    first.hear(Heard("table", "game.started", {"players": 6}, "Game", 0.0, 2.0))
    first.plan = []
    first.begins(Heard("seat", begins, {}, "Choose:", call.end, call.end))
    first.hear(call)
    assert not [p for p in first.plan if isinstance(p.act, Press) and p.act.item is None]


def test_issue31_no_press_for_an_item_into_a_confirmation_of_another_that_began_as_it_ended(mocker):
    """ACCESSIBILITY.md 32: a seat that hears "Confirm: seat 3" begin (its slip picked seat 3)
    does not press for "seat 4", heard just before: that press landed in the confirmation (Dying
    Message, 8 seats, seed 8: the confirmation began 0.08 s after the item ended, and the board
    hands a clip's start over before the end of the clip before it). A confirmation of the very
    item it wants leaves the press be."""
    rules = rules_for("dying_message")
    robot = SeatRobot(2, 8, "dying_message", rules, seed=8, mistakes=0.0)
    robot.hear(Heard("table", "game.started", {"players": 8}, "Game", 0.0, 2.0))
    robot.plan = []
    item = Heard("seat", "scan.seat", {"seat": 3}, "seat 4", 2037.343, 2038.285)
    mocker.patch.object(rules, "respond", autospec=True, return_value=[Press(item=item)])
    robot.begins(Heard("seat", "scan.confirm.seat", {"seat": 2}, "Confirm: seat 3", 2038.365, 2038.365))
    robot.hear(item)
    assert not [p for p in robot.plan if isinstance(p.act, Press)]
    same = SeatRobot(2, 8, "dying_message", rules, seed=8, mistakes=0.0)
    same.hear(Heard("table", "game.started", {"players": 8}, "Game", 0.0, 2.0))
    same.plan = []
    same.begins(Heard("seat", "scan.confirm.seat", {"seat": 3}, "Confirm: seat 4", 2038.365, 2038.365))
    same.hear(item)
    assert [p.act for p in same.plan if isinstance(p.act, Press)] == [Press(item=item)]


def test_issue31_deal_seed_keeps_the_first_game_and_parts_the_others():
    assert deal_seed(5, 1) == 5 and deal_seed(11, 1) == 11
    seeds = [deal_seed(s, n) for s in (0, 5, 11) for n in range(2, 50)]
    assert len(set(seeds)) == len(seeds)                    # no two games of three runs dealt alike
    assert all(0 <= x < 2**31 for x in seeds)
    assert deal_seed(5, 2) == deal_seed(5, 2) != deal_seed(11, 2)
    with pytest.raises(ValueError):
        deal_seed(5, 0)


def test_issue31_a_hand_cut_long_after_a_pick_is_a_message_heard_and_said_again_not_a_lost_item():
    """A message in the seat's earphone cut by its own stray press, minutes after its last
    pick for a list item, is heard (in part) and said again whole: the robot lays its discard
    once, as the hand asks. (Secret Dictator, two games from seed 2 at 5 seats: the pick of a
    confirmation 550 s earlier was still taken as "just pressed", so the cut hand counted as an
    item the pick's answer cut off, its repeat as heard already: the chancellor never laid a
    law and the table waited for it for ten minutes.)"""
    robot = SeatRobot(4, 5, "secret_dictator", rules_for("secret_dictator"), seed=2, mistakes=0.0)
    robot.phase = "game"
    confirm = Heard("seat", "scan.confirm.seat", {"seat": 2}, "Confirm: seat 3", 492.5, 496.2)
    robot._once_per_cue(confirm, [Press(item=confirm)])         # its pick of a confirmation, long ago
    robot._press_at = 497.5
    robot.hear(Heard("table", "legislative.chancellor", {"seat": 4}, "Legislation", 1040.9, 1044.2))
    laws = {"laws": ["fascist", "fascist"]}
    robot.hear(Heard("seat", "hand.chancellor", laws, "Your laws", 1044.2, 1045.8, cut=True))
    robot.hear(Heard("seat", "hand.chancellor", laws, "Your laws", 1045.8, 1051.2))
    reads = [p for p in robot.plan if isinstance(p.act, Lay) and p.act.signal["signal"] == "law_read"]
    assert len(reads) == 1, robot.plan


def test_issue31_a_tile_laid_again_is_the_very_tile_and_other_lays_take_the_groups_tiles_in_turn():
    """A seat's tile laid twice (a shaking hand) or taken from the wrong reader to the right one
    is the same physical tile, so the board reads one tile twice (its ``tile`` number), not a
    second law tile that would count as another act; every other lay of a numbered group takes
    its next tile in turn (1 to the group's count, round again), as the mocked board deals a
    signal naming none."""
    from firmware_host.robots.robot import TileHands
    hands = TileHands()
    fascist = {"signal": "law_read", "party": "fascist"}
    assert hands.lay(2, fascist)["tile"] == 1
    assert hands.lay(4, fascist)["tile"] == 2
    assert hands.lay(2, fascist, again=True)["tile"] == 1           # seat 3's tile, again
    assert hands.lay(4, {"signal": "law_read", "party": "democratic"})["tile"] == 1
    assert hands.lay(4, fascist, again=True)["tile"] == 2
    assert [hands.lay(0, fascist)["tile"] for _ in range(10)] == [3, 4, 5, 6, 7, 8, 9, 10, 11, 1]
    assert hands.lay(1, dict(fascist, tile=7)) == dict(fascist, tile=7)     # a tile named stays
    ballot = {"signal": "ballot", "seat": 1, "ballot": "ja"}
    assert hands.lay(1, ballot) == ballot                                # a seat's own tile: one
    assert TileHands(lambda kind, group: [4, 9]).lay(0, fascist)["tile"] == 4


def test_issue31_a_robots_slip_with_a_tile_lays_the_same_tile_again():
    """The slips with a tile (laid twice; laid at the wrong reader, then at the right one) plan
    the second lay as the same tile (``again``)."""
    robot = SeatRobot(1, 5, "secret_dictator", rules_for("secret_dictator"), seed=4, mistakes=1.0)
    robot.phase = "game"
    hand = Heard("seat", "hand.president", {"laws": ["fascist", "democratic", "fascist"]}, "Your laws", 10.0, 16.0)
    seen = set()
    for n in range(12):
        robot.plan = []
        robot.heard = []
        robot.hear(dataclasses.replace(hand, start=10.0 + 100 * n, end=16.0 + 100 * n))
        lays = sorted(robot.plan, key=lambda p: p.at)
        assert len(lays) == 2 and [p.again for p in lays] == [False, True], lays
        seen.add(lays[0].mistake or lays[1].mistake)
    assert seen == {"wrong_reader", "tile_twice"}


def test_issue31_a_story_part_begun_in_the_earphone_is_not_pressed_into_for_the_offer():
    """A person hears its earphone begin the story its earlier press asked for (a press made
    during the game's last lines, before it knew the game had ended): it does not press for
    the offer said at the table meanwhile, whichever it hears first, and presses after the part
    has ended. (DICTATOR, the 6-seat evening seed 11: a stray press during the final ranks was
    answered "noted", the first part began as the offer ended, and the press planned for the
    offer cut the part 2 s in.)"""
    rules = rules_for("become_dictator")
    offer = Heard("table", "evening.offer", {}, "Game over. Press: the story, a new game", 2313.2, 2316.4)
    part = [Heard("seat", k, {}, k, 2316.4, 2328.1) for k in ("final.seat", "evening.story_more")]
    for order in ("offer first", "part first"):
        robot = SeatRobot(1, 6, "become_dictator", rules, seed=11, mistakes=0.0, sets_up=True)
        robot.phase = "game"
        robot.hear(Heard("table", "game_over.winners", {}, "The game is over", 2308.4, 2313.2))
        assert robot.phase == "over"
        if order == "offer first":
            robot.hear(offer)
            assert [type(p.act) for p in robot.plan] == [Press]      # as the offer asks
            robot.begins(dataclasses.replace(part[0], end=part[0].start))
        else:
            robot.begins(dataclasses.replace(part[0], end=part[0].start))
            robot.hear(offer)
        assert robot.plan == [], order                               # the part is being told
        for line in part:
            robot.hear(line)
        assert [type(p.act) for p in robot.plan] == [Press], order
        assert 2328.1 + 0.8 <= robot.plan[0].at <= 2328.1 + 2.8


def test_issue31_a_robot_that_pressed_during_the_game_over_speech_presses_again_only_after_its_part():
    """A person presses once at the game's end: a press during the game-over speech is
    answered "noted", and the offer said after the speech asks nothing more of it; the story's
    part in its earphone asks for one press (however many lines it has), 0.8-2.8 s after it
    ended; "noted" and a cut part ask for none."""
    robot = SeatRobot(0, 5, "secret_dictator", rules_for("secret_dictator"), seed=3, mistakes=0.0, sets_up=True)
    robot.phase = "game"
    robot.hear(Heard("table", "game_over.fascist_laws", {}, "Game over", 95.0, 100.0))
    robot.hear(Heard("table", "game_over.roles", {}, "Roles", 100.0, 105.0))
    assert [type(p.act) for p in robot.plan] == [Press]
    (first,) = robot.take_due(robot.due())
    assert 105.8 <= first.at <= 107.8
    robot.hear(Heard("table", "game_over.roles", {}, "Roles", 105.0, 112.0))   # the speech goes on
    robot.hear(Heard("seat", "table.noted", {}, "Press: noted", first.at + 0.2, first.at + 2.0))
    robot.hear(Heard("table", "evening.offer", {}, "Press your button to hear its story", 112.0, 118.0))
    assert robot.plan == []                 # it has pressed: the offer asks nothing more
    for key in ("story.elected", "story.drawn", "evening.story_more"):
        robot.hear(Heard("seat", key, {}, key, 118.0, 135.0))
    assert [type(p.act) for p in robot.plan] == [Press]
    assert 135.0 + 0.8 <= robot.plan[0].at <= 135.0 + 2.8          # after the part ended
    (press,) = robot.take_due(robot.plan[0].at)
    robot.hear(Heard("seat", "story.failed", {}, "Round two", press.at + 0.15, press.at + 1.0, cut=True))
    robot.hear(Heard("seat", "table.noted", {}, "Press: noted", press.at + 1.0, press.at + 2.8))
    assert robot.plan == []                 # a cut part is said again whole: that one asks


def test_issue31_a_robot_told_its_list_comes_after_the_table_presses_again_once_the_table_has_said_on():
    """A press made before the table called the seat's turn opens no list: the seat hears
    "your list after the table: press again" (``table.list_after``). A person presses again
    once the table has said on: the robot presses 0.8-2.8 s after the next clip of the table
    that ends after that answer began, once, and not on a table clip heard before it."""
    robot = SeatRobot(1, 6, "become_dictator", rules_for("become_dictator"), seed=4, mistakes=0.0)
    robot.phase = "game"
    robot.hear(Heard("seat", "table.list_after", {}, "List after the table: press again", 50.0, 52.4))
    assert robot.plan == []                 # the answer itself asks for no press yet
    robot.hear(Heard("table", "morning.over", {"day": 1}, "Morning over. Noon of day one", 48.6, 51.7))
    assert [type(p.act) for p in robot.plan] == [Press]
    assert 51.7 + 0.8 <= robot.plan[0].at <= 51.7 + 2.8
    robot.take_due(robot.plan[0].at)
    robot.hear(Heard("seat", "scan.choose_target", {}, "Choose the player.", 54.0, 55.3))
    robot.hear(Heard("table", "vote.cast", {"seat": 2, "target": 3}, "Seat 3 votes", 55.0, 58.0))
    assert robot.plan == []                 # its list has begun: nothing more is asked


@pytest.mark.slow
@pytest.mark.parametrize("game", _params(NEXT_PENDING, UNSTEADY))
def test_issue23_a_robot_table_sets_up_from_the_seats_and_plays_to_the_end(fast_tables, game):
    _check_game(*fast_tables(game))


@pytest.mark.slow
@pytest.mark.parametrize("game", _params(NEXT_PENDING, UNSTEADY))
def test_issue23_A30_after_the_end_the_robots_set_up_the_next_game(fast_tables, game):
    table, records, lines, journal = fast_tables(game)
    assert table._second_started, table.stuck


#: five seeded games to the start of the next: what each game's owner still has to land
FIVE_PENDING = dict(PENDING)
#: (game, seed) of the five seeded tables that fail today -> the defect in one line
FIVE_SEED_PENDING: dict[tuple[str, int], str] = {}


def _seeded_params(reasons: dict, seed_reasons: dict, seeds):
    return [pytest.param(game, seed, id=f"{game}-{seed}",
                         marks=[pytest.mark.xfail(strict=game not in UNSTEADY,
                                                  reason=reasons.get(game) or seed_reasons[game, seed])]
                         if game in reasons or (game, seed) in seed_reasons else [])
            for game in GAMES for seed in seeds]


@pytest.mark.slow
@pytest.mark.parametrize("game, seed", _seeded_params(FIVE_PENDING, FIVE_SEED_PENDING, range(2, 7)))
def test_issue23_five_seeded_robot_tables_per_game_to_the_start_of_the_next(tmp_path, game, seed):
    table, records, lines, journal = play_table(tmp_path, game, table_size(game, 5 + seed % 3), seed=seed)
    _check_game(table, records, lines, journal)
    assert table._second_started, table.stuck


#: the figures of issue 23 at seven seats, per game, until its owner's fix has landed
FIGURES_PENDING = dict(PENDING)


#: the same figures with an empty speech cache at 3 s per sentence (a fresh Pi), where only
#: that case still fails: (game, render) -> reason
FRESH_PENDING: dict[tuple[str, float], str] = {}


@pytest.mark.slow
@pytest.mark.parametrize("render", [0.0, 3.0])
@pytest.mark.parametrize("game", _params(FIGURES_PENDING))
def test_issue23_A26_A27_at_seven_seats_confirmed_at_once_nothing_stale_scans_hit(tmp_path, game, render, request):
    if (game, render) in FRESH_PENDING:
        request.applymarker(pytest.mark.xfail(strict=True, reason=FRESH_PENDING[game, render]))
    # at 3 s per sentence an empty speech cache of its own (a fresh Pi, issue 31): the default
    # cache of a machine that ran the board before holds every sentence and measures nothing slow
    table, records, lines, journal = play_table(tmp_path, game, table_size(game, 7), seed=11, reaction=(1.0, 2.0),
                                                render_seconds=render, warm_cache=True, mistakes=0.0,
                                                speech_cache=str(tmp_path / "speech") if render else None)
    assert records, table.stuck
    summary = records[0].summary()
    assert summary["confirm_p95"] is not None and summary["confirm_p95"] <= (1.0 if not render else 1.5), summary
    assert summary["stale"] == 0, summary
    assert summary["scans"] and summary["scan_hits"] >= 0.98 * summary["scans"], summary


def test_issue31_A26_on_a_fresh_pi_a_four_seat_table_hears_its_own_acts_answered_at_once(tmp_path):
    """The fast one: 3 s per new sentence and an empty speech cache; every act's answer that is
    a new sentence is announced by the answer cue at once (issue 31)."""
    table, records, lines, journal = play_table(tmp_path, "become_dictator", 4, seed=2, reaction=(1.0, 2.0),
                                                render_seconds=3.0, warm_cache=True, mistakes=0.0,
                                                speech_cache=str(tmp_path / "speech"))
    assert records, table.stuck
    summary = records[0].summary()
    assert summary["confirm_p95"] is not None and summary["confirm_p95"] <= 1.5, summary
    cues = [l for l in lines if l.get("key") == "answer.cue"]
    assert cues and all(l["output"] == l["channel"] != "table" and l["text"] == "" for l in cues)


# -- the command -------------------------------------------------------------------------------
def _cli(*args):
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-m", "firmware_host", "simulate", *args], capture_output=True,
                          text=True, timeout=300)


@pytest.mark.parametrize("args, words", [
    (["--robots", "12"], "the board has 10 seats"),
    (["--robots", "4", "--game", "secret_dictator"], "5 to 10 players"),
    (["--robots", "5", "--game", "nope"], "game must be one of"),
    (["--game", "become_dictator"], "need --robots"),
    (["--robots", "5", "--games", "0"], "--games 0"),
    (["--robots", "5", "--render-seconds", "-1"], "--render-seconds -1"),
    (["--robots", "5", "--script", "x.jsonl"], "without --script"),
    (["--robots", "5", "--fresh-cache", "--speech-cache", "x"], "--fresh-cache takes an empty speech cache"),
])
def test_issue23_simulate_robots_refuses_what_it_cannot_play_in_one_line(args, words):
    proc = _cli(*args)
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and words in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


def test_issue23_simulate_robots_writes_json_lines_and_a_summary_per_game():
    proc = _cli("--robots", "4", "--game", "become_dictator", "--seed", "2")
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert any(l.get("event") == "announce" and l.get("output") == "seat:0" for l in lines)
    (summary,) = [l for l in lines if l.get("event") == "robots"]
    assert summary["game"] == "become_dictator" and summary["players"] == 4 and summary["silences"] == 0
    assert set(summary["earphone_seconds"]) == {"0", "1", "2", "3"}
    assert {"minutes", "table_share", "confirm_p50", "confirm_p95", "confirm_max", "cue_to_action_p50", "stale",
            "scans", "scan_hits", "mistakes", "mistakes_answered", "winner"} <= set(summary)
    # issue 30: every robot act and every pick is a line of its own; a press meant for an
    # item is followed by the board's pick (the same seat, at the press's moment)
    acts = [l for l in lines if l.get("event") == "robot"]
    picks = [l for l in lines if l.get("event") == "picked"]
    assert acts and picks
    assert all(set(a) == {"event", "seat", "at", "act", "meant", "cue"} for a in acts)
    assert all(set(p) == {"event", "seat", "at", "key", "params", "final"} for p in picks)
    meant = [i for i, l in enumerate(lines) if l.get("event") == "robot" and l["meant"]]
    for i in meant[:20]:
        nxt = next((l for l in lines[i + 1:] if l.get("event") in ("picked", "robot")
                    and l.get("seat") == lines[i]["seat"]), None)
        if nxt is not None and nxt["event"] == "picked":
            assert 0 <= nxt["at"] - lines[i]["at"] < 0.1


def test_issue23_a_warm_cache_renders_a_known_sentence_without_the_slow_boards_delay(mocker, tmp_path):
    from firmware_host.audio.slow import SlowRenderer, SlowRenderJob
    from firmware_host.audio.speech import RenderJob, SpeechRenderer
    from firmware_host.clock import VirtualClock

    def Inner(hit):
        """An autospec of the speech renderer whose render is a real job, finished at once
        (a cache hit) or never (a live render under way)."""
        def render(text, language="de", voice="", rate=175, *, background=False):
            job = RenderJob("k", tmp_path / "t.wav", text, language, voice, rate)
            if hit:
                job._finish()
            return job
        inner = mocker.create_autospec(SpeechRenderer, instance=True)
        inner.render.side_effect = render
        return inner

    clock = VirtualClock()
    hit = SlowRenderer(Inner(True), clock, 3.0, warm=True).render("known")
    assert not isinstance(hit, SlowRenderJob) and hit.done()          # in the cache: at once
    fresh = SlowRenderer(Inner(False), clock, 3.0, warm=True).render("new")
    assert isinstance(fresh, SlowRenderJob)                           # not in the cache: slow
    cold = SlowRenderer(Inner(True), clock, 3.0).render("known")
    assert isinstance(cold, SlowRenderJob) and not cold.done()        # a fresh cache: every render slow
    clock.advance(3.0)
    assert cold.done()


#: the first answer to a status hold, per game, until its owner's fix has landed
STATUS_PENDING = dict(PENDING)


@pytest.mark.slow
@pytest.mark.parametrize("game", _params(STATUS_PENDING))
def test_issue23_A29_a_status_answers_first_in_at_most_three_seconds(tmp_path, game):
    """Robots that slip often hold for the status often (a quarter of their acts); where a
    seed's game gives them no slip after which they hold (the game's flow decides), the next
    seed is played: every status's first answer is at most 3 s of speech."""
    for seed in (2, 3, 4, 5):
        table, records, lines, journal = play_table(tmp_path, game, 5, seed=seed, reaction=(1.0, 2.0), mistakes=0.25)
        assert records, table.stuck
        if records[0].status_first:
            break
    assert records[0].status_first, "no seed gave a status hold"
    assert max(records[0].status_first) <= 3.0, (seed, sorted(records[0].status_first))


# -- the same command, the same output (issue 30) ----------------------------------------------
def _same_twice(*args):
    first, second = _cli(*args), _cli(*args)
    # a table that stalls stalls alike both times (exit 1, issue 31): the output is compared all the same
    assert first.returncode in (0, 1) and "Traceback" not in first.stderr, first.stderr
    assert (second.returncode, second.stderr) == (first.returncode, first.stderr)
    differ = [(a, b) for a, b in zip(first.stdout.splitlines(), second.stdout.splitlines()) if a != b][:1]
    assert first.stdout == second.stdout, differ
    assert any(json.loads(line).get("event") == "robots" for line in first.stdout.splitlines())
    return first.stdout


def test_issue30_the_same_robots_command_twice_gives_the_same_output_byte_for_byte():
    """Laws read at the tray by robots: the board reports a tile's first frame and the service
    handles it before the mocked board's next frame moves the clock on (once a race: a law read
    landed 0.15 s apart from run to run)."""
    out = _same_twice("--robots", "5", "--game", "secret_dictator", "--seed", "5")
    assert '"tile.read.law"' in out


#: the second run of a pair: the same command, with a thread beside it that keeps one core and
#: the interpreter's lock busy the whole run (a loaded machine: every thread of the board is
#: scheduled otherwise than in the first run)
_BUSY_RUN = """
import sys, threading
def busy():
    n = 0
    while True:
        n += 1
threading.Thread(target=busy, daemon=True).start()
from firmware_host.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.slow
@pytest.mark.parametrize("game", _params(PENDING))
def test_issue30_every_games_robot_table_twice_gives_the_same_output(tmp_path, game):
    """The same command twice, byte for byte, for every game: the first run on an empty speech
    cache of its own (every sentence rendered while the table plays: a fresh board), the second
    on the cache the first filled and under load (a busy thread beside it). Once differed: a
    sentence said while the table speaker was free started at once when it was in the cache,
    and only after its render otherwise, so a sentence said just after it (a game's end) went
    first on one run and second on the other."""
    import subprocess
    import sys
    args = ["simulate", "--robots", str(table_size(game, 6)), "--game", game, "--seed", "11",
            "--speech-cache", str(tmp_path / "speech")]
    first = subprocess.run([sys.executable, "-m", "firmware_host", *args], capture_output=True, text=True,
                           timeout=600)
    second = subprocess.run([sys.executable, "-c", _BUSY_RUN, *args], capture_output=True, text=True, timeout=600)
    assert first.returncode in (0, 1) and "Traceback" not in first.stderr, first.stderr
    assert (second.returncode, second.stderr) == (first.returncode, first.stderr)
    differ = [(a, b) for a, b in zip(first.stdout.splitlines(), second.stdout.splitlines()) if a != b][:1]
    assert first.stdout == second.stdout, differ
    assert any(json.loads(line).get("event") == "robots" for line in first.stdout.splitlines())


def test_issue30_robots_acting_at_one_virtual_instant_act_by_seat_whatever_order_they_are_kept_in():
    table = RobotTable(5, "secret_dictator", seed=1, out=None)
    try:
        for seat in (3, 0, 4, 1):                   # planned at one instant, in another order than the seats
            table.robots[seat]._add(10.0, Press(), None)
        table.robots[2]._add(9.5, Press(), None)    # overdue: first, whatever its seat
        table.robots[1]._add(10.0, Press(gesture="double"), None)   # its second act at that instant
        table.robots.reverse()                      # however the table keeps its robots
        order = [(robot.seat, planned.at, planned.act.gesture) for robot, planned in table._due_acts(10.0)]
        assert order == [(2, 9.5, "press"), (0, 10.0, "press"), (1, 10.0, "press"), (1, 10.0, "double"),
                         (3, 10.0, "press"), (4, 10.0, "press")]
        assert table._due_acts(10.0) == []          # taken from the plans
    finally:
        table.sim.stop()


# -- a person's pace (issue 30) -----------------------------------------------------------------
def test_issue30_each_robot_has_its_own_typical_reaction_and_varies_from_act_to_act():
    rules = rules_for("secret_dictator")
    robots = [SeatRobot(s, 7, "secret_dictator", rules, seed=5, mistakes=0.0) for s in range(7)]
    typical = [r.typical for r in robots]
    assert all(0.8 <= t <= 2.8 for t in typical) and len(set(typical)) == 7
    assert max(typical) - min(typical) > 0.5                   # seven people, seven paces
    for robot in robots:
        acts = [robot.draw_reaction() for _ in range(200)]
        assert all(0.8 <= a <= 2.8 for a in acts)
        assert len(set(acts)) > 100                             # no two acts alike
        mean = sum(acts) / len(acts)
        assert abs(mean - robot.typical) < 0.25 * robot.typical  # around its own pace
    quick, slow = min(robots, key=lambda r: r.typical), max(robots, key=lambda r: r.typical)
    assert sum(quick.draw_reaction() for _ in range(50)) < sum(slow.draw_reaction() for _ in range(50))


def test_issue30_a_robot_presses_once_per_cue_however_many_lines_the_clip_has():
    robot = SeatRobot(0, 5, "secret_dictator", rules_for("secret_dictator"), seed=1, mistakes=0.0, sets_up=True)
    robot.phase = "over"
    # the story: one clip of nine lines (one start, one end) asks for one press, not nine
    for n in range(9):
        robot.hear(Heard("seat", f"story.line{n}", {}, "…", 10.0, 40.0))
    assert [type(p.act) for p in robot.plan] == [Press]
    robot.hear(Heard("seat", "story.next", {}, "…", 40.0, 43.0))   # the next clip: another cue
    assert len(robot.plan) == 2


def test_issue30_a_robot_does_not_press_again_in_a_list_it_has_picked_from():
    robot = SeatRobot(1, 5, "secret_dictator", rules_for("secret_dictator"), seed=1, mistakes=0.0)
    robot.phase = "game"
    item = Heard("seat", "scan.item", {"seat": 3}, "seat 4", 5.0, 6.0)
    assert robot._once_per_cue(item, [Press(item=item)]) == [Press(item=item)]
    later = Heard("seat", "scan.item", {"seat": 4}, "seat 5", 7.5, 8.5)      # the list goes on
    assert robot._once_per_cue(later, [Press(item=later)]) == []
    again = Heard("seat", "scan.item", {"seat": 3}, "seat 4", 20.0, 21.0)   # its next pass, too
    robot.hear(Heard("seat", "scan.wrap", {}, "from the top", 18.0, 19.0))
    assert robot._once_per_cue(again, [Press(item=again)]) == []
    # the board answers the pick (another clip in the earphone): a new list may be picked from
    robot.hear(Heard("seat", "scan.confirm.nominate", {"target": 3}, "Confirm", 22.0, 24.0))
    fresh = Heard("seat", "scan.item", {"seat": 2}, "seat 3", 30.0, 31.0)
    assert robot._once_per_cue(fresh, [Press(item=fresh)]) == [Press(item=fresh)]


def test_issue30_a_robot_act_is_written_with_what_it_meant_and_its_cue():
    from firmware_host.robots.table import robot_line
    item = Heard("seat", "scan.item", {"seat": 3}, "seat 4", 5.0, 6.12345)
    assert robot_line(2, 7.98765, Press(item=item), item) == {
        "event": "robot", "seat": 2, "at": 7.988, "act": "press",
        "meant": {"key": "scan.item", "params": {"seat": 3}, "end": 6.123}, "cue": {"key": "scan.item", "end": 6.123}}
    cue = Heard("table", "nomination.made", {"seat": 1, "target": 4}, "…", 1.0, 3.0)
    lay = Lay({"signal": "ballot", "seat": 2, "ballot": "ja"}, "ballot")
    assert robot_line(2, 4.5, lay, cue) == {"event": "robot", "seat": 2, "at": 4.5, "act": "ballot", "meant": None,
                                            "cue": {"key": "nomination.made", "end": 3.0}}
    from firmware_host.robots.robot import Hold
    assert robot_line(0, 1.0, Hold(), None)["act"] == "hold" and robot_line(0, 1.0, Hold(), None)["cue"] is None


# -- a stall ends the run (issue 31) ------------------------------------------------------------
def test_issue31_a_stall_ends_the_run_with_a_non_zero_exit_and_stuck_on_its_summary(mocker, capsys):
    """Robots that never answer the game's cues (their game module answers nothing): the
    table waits for ever; the run ends with exit 1, ``stuck`` on the game's summary line and
    one line on stderr."""
    import argparse
    from firmware_host.commands import simulate
    rules = rules_for("become_dictator")
    mocker.patch.object(rules, "respond", autospec=True, return_value=[])
    if hasattr(rules, "idle"):
        mocker.patch.object(rules, "idle", autospec=True, return_value=[])
    parser = argparse.ArgumentParser()
    simulate.configure(parser)
    status = simulate.main(parser.parse_args(["--robots", "4", "--game", "become_dictator", "--seed", "2"]))
    out, err = capsys.readouterr()
    assert status == 1
    (summary,) = [json.loads(l) for l in out.splitlines() if json.loads(l).get("event") == "robots"]
    assert summary["stuck"] and summary["silences"] >= 1
    assert err.startswith("simulate --robots: stuck: ") and len(err.strip().splitlines()) == 1


# -- an evening of several games (issue 31) -------------------------------------------------------
def test_issue31_game_list_is_played_in_rotation_on_one_board_each_set_up_from_the_seats(tmp_path):
    table = RobotTable(5, "dying_message,secret_dictator", seed=2, reaction=(1.0, 2.0), out=io.StringIO(),
                       journal_path=str(tmp_path / "journal.sqlite3"))
    assert table.rotation == ["dying_message", "secret_dictator"]
    records = table.run(3)
    assert [r.game for r in records] == ["dying_message", "secret_dictator", "dying_message"], table.stuck
    assert not any(r.stuck for r in records)
    assert [r.summary()["game"] for r in records] == [r.game for r in records]


@pytest.mark.parametrize("args, words", [
    (["--robots", "6", "--game", "secret_dictator,nope"], "game must be one of"),
    (["--robots", "7", "--game", "secret_dictator,autocracy"], "autocracy is set up for"),
])
def test_issue31_a_rotation_with_a_game_that_cannot_be_played_is_refused_in_one_line(args, words):
    proc = _cli(*args)
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and words in proc.stderr, proc.stderr


# -- a by-ear driver (issue 31) ------------------------------------------------------------------
class ByEar:
    """``simulate --by-ear`` through a pipe: one request, the lines it caused up to ``ready``."""

    def __init__(self, *args):
        import subprocess
        import sys
        self.proc = subprocess.Popen([sys.executable, "-m", "firmware_host", "simulate", "--by-ear", *args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True)
        self.first = self._answer()

    def _answer(self):
        lines = []
        while True:
            raw = self.proc.stdout.readline()
            assert raw, self.proc.stderr.read()
            line = json.loads(raw)
            lines.append(line)
            if line.get("event") == "ready":
                return lines

    def ask(self, request: str):
        self.proc.stdin.write(request + "\n")
        self.proc.stdin.flush()
        return self._answer()

    def close(self):
        self.proc.stdin.close()
        rest = self.proc.stdout.read()
        self.proc.wait(timeout=60)
        return rest


def test_issue31_a_player_by_ear_steps_through_a_pipe_and_picks_what_it_heard():
    """A player that only hears: it steps from clip to clip on the virtual clock, presses to
    set up a game, and presses 1.5 s after the clip of the answer it wants has ended; the
    board picks that answer."""
    ear = ByEar("--seed", "3")
    try:
        ready = ear.first[-1]
        assert ready["at"] == 0.0 and ready["next"] is not None
        assert any(l.get("event") == "playing" and l["key"] == "service.ready" for l in ear.first)
        # step until the board waits for a player (nothing due) after saying it is ready
        heard = []
        while ready["next"] is not None:
            answer = ear.ask("step")
            ready = answer[-1]
            heard += [l for l in answer if l.get("event") == "announce"]
        assert heard[-1]["key"] == "service.ready" and ready["at"] == heard[-1]["end"]
        answer = ear.ask("button 0")
        assert any(l.get("event") == "playing" and l["key"] == "lobby.start" for l in answer)
        # the game question's answers, one by one: press after "Secret Dictator" has ended
        wanted = None
        for _ in range(200):
            answer = ear.ask("step")
            ended = [l for l in answer if l.get("event") == "announce" and l["key"] == "lobby.option.game"
                     and not l.get("cut")]
            if ended and ended[0]["params"]["title"] == "Secret Dictator":
                wanted = ended[0]
                break
        assert wanted is not None and answer[-1]["at"] == wanted["end"]
        waited = ear.ask("wait 1.5")
        assert waited[-1]["at"] == pytest.approx(wanted["end"] + 1.5)
        pressed = ear.ask("button 0")
        (picked,) = [l for l in pressed if l.get("event") == "picked"]
        assert picked["seat"] == 0 and picked["key"] == "lobby.option.game" and picked["params"] == wanted["params"]
        assert picked["at"] == pytest.approx(wanted["end"] + 1.5, abs=0.01)
        bad = ear.ask("nonsense")
        assert [l["event"] for l in bad] == ["fault", "ready"] and bad[0]["source"] == "stdin"
    finally:
        rest = ear.close()
    assert "state" in json.loads(rest.splitlines()[-1])        # the end of stdin ends the run


def test_issue31_by_ear_refuses_a_script_and_robots_in_one_line():
    for args in (["--by-ear", "--script", "x.jsonl"], ["--by-ear", "--robots", "5"]):
        proc = _cli(*args)
        assert proc.returncode == 2 and proc.stdout == "" and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
        assert "--by-ear" in proc.stderr and "Traceback" not in proc.stderr


def test_issue30_a_robot_with_a_press_for_an_item_drops_its_other_planned_presses_for_items():
    """A person presses once for what it heard: when a press meant for an item is made, the
    presses it had planned for other items heard until then are stale (a press landing in the
    confirmation that follows the pick would choose something else)."""
    robot = SeatRobot(1, 5, "dying_message", rules_for("dying_message"), seed=1, mistakes=0.0)
    first = Heard("seat", "scan.seat", {"seat": 2}, "seat 3", 5.0, 6.0)
    second = Heard("seat", "scan.card", {"card": 4}, "card 5", 6.5, 7.0)
    robot._add(7.5, Press(item=first), first)
    robot._add(8.2, Press(item=second), second)
    robot._add(8.0, Lay({"signal": "ballot", "seat": 1, "ballot": "ja"}, "ballot"), second)
    taken = robot.take_due(7.5)
    assert [p.act for p in taken] == [Press(item=first)]
    assert [type(p.act) for p in robot.plan] == [Lay]      # the tile stays; the stale press is gone


# -- an evening (issue 31 "Done when") -----------------------------------------------------------
def _evening_check(table, records, wanted: list[str]) -> None:
    """Every game ended (no stall), each the game the seats were to set up next, with no
    silence of 30 s where someone could act (the table's reminders, issue 31)."""
    assert not table.stuck, table.stuck
    assert [r.game for r in records] == wanted[:len(records)] and len(records) == len(wanted), \
        [(r.game, r.stuck) for r in records]
    for record in records:
        assert not record.stuck and record.ended is not None, record.summary()
        assert record.silences == 0, record.summary()


def _own_acts_answered_at_once(records, render: float) -> None:
    """Issue 31: own act -> first sound in one's own earphone, p95 <= 1.0 s in every game
    played, <= 1.5 s at 3 s per sentence with an empty speech cache (ACCESSIBILITY.md 26)."""
    bound = 1.0 if not render else 1.5
    for record in records:
        summary = record.summary()
        assert summary["confirm_p95"] is not None and summary["confirm_p95"] <= bound, summary


#: (game, seed) of the twice-in-a-row tables that fail today -> the defect in one line
TWICE_PENDING: dict[tuple[str, int], str] = {}


@pytest.mark.slow
@pytest.mark.parametrize("seed", [5, 11])
@pytest.mark.parametrize("game", _params(PENDING))
def test_issue31_robots_play_each_game_twice_in_a_row_from_the_seats(tmp_path, game, seed, request):
    """Issue 31: each game twice in a row at 7 seats (Autocracy 6), set up from the seats, and
    the next one begun: both games end, no silence of 30 s, no stall, every own act answered
    in one's own earphone at once (p95 <= 1 s), each part of the story heard whole."""
    if (game, seed) in TWICE_PENDING:
        request.applymarker(pytest.mark.xfail(strict=True, reason=TWICE_PENDING[game, seed]))
    out = io.StringIO()
    table = RobotTable(table_size(game, 7), game, seed=seed, out=out,
                       journal_path=str(tmp_path / f"journal-{game}-{seed}.sqlite3"))
    records = table.run(2, then_next=True)
    _evening_check(table, records, [game, game])
    assert table._second_started, table.stuck            # and the third game began from the seats
    _own_acts_answered_at_once(records, 0.0)
    _story_heard_whole([json.loads(line) for line in out.getvalue().splitlines()])


#: (game, seed) of the twice-in-a-row tables on a fresh Pi that fail today -> the defect
FRESH_TWICE_PENDING: dict[tuple[str, int], str] = {}


@pytest.mark.slow
@pytest.mark.parametrize("seed", [5, 11])
@pytest.mark.parametrize("game", _params(PENDING))
def test_issue31_on_a_fresh_pi_each_game_twice_in_a_row_answers_own_acts_at_once(tmp_path, game, seed, request):
    """Issue 31: the same two games at 3 s per sentence with an empty speech cache (a fresh Pi
    Zero 2 W): every game ends, and own act -> first own sound p95 <= 1.5 s (the answer cue
    at once, its words once rendered)."""
    if (game, seed) in FRESH_TWICE_PENDING:
        request.applymarker(pytest.mark.xfail(strict=True, reason=FRESH_TWICE_PENDING[game, seed]))
    out = io.StringIO()
    table = RobotTable(table_size(game, 7), game, seed=seed, out=out, render_seconds=3.0, warm_cache=True,
                       speech_cache=str(tmp_path / "speech"))
    records = table.run(2)
    _evening_check(table, records, [game, game])
    _own_acts_answered_at_once(records, 3.0)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [5, 11])
def test_issue31_an_evening_of_every_game_in_rotation_at_six_seats(tmp_path, seed):
    """Issue 31: an evening of every registered game in rotation on one board at 6 seats, each
    set up from the seats: every game ends, the right next game starts, no silence of 30 s,
    no stall."""
    # the rotation of README's evening (benchmarks/robots_bench.py --evening)
    rotation = [g for g in ("secret_dictator", "become_dictator", "dying_message", "autocracy") if g not in PENDING]
    out = io.StringIO()
    table = RobotTable(6, ",".join(rotation), seed=seed, out=out,
                       journal_path=str(tmp_path / f"journal-evening-{seed}.sqlite3"))
    records = table.run(len(rotation))
    _evening_check(table, records, rotation)
    _own_acts_answered_at_once(records, 0.0)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [5, 11])
def test_issue31_an_evening_on_a_fresh_pi_answers_own_acts_at_once(tmp_path, seed):
    """Issue 31: README's evening at 3 s per sentence with an empty speech cache: every game
    ends, the right next one starts, own act -> first own sound p95 <= 1.5 s in each."""
    rotation = [g for g in ("secret_dictator", "become_dictator", "dying_message", "autocracy") if g not in PENDING]
    table = RobotTable(6, ",".join(rotation), seed=seed, out=io.StringIO(), render_seconds=3.0, warm_cache=True,
                       speech_cache=str(tmp_path / "speech"))
    records = table.run(len(rotation))
    _evening_check(table, records, rotation)
    _own_acts_answered_at_once(records, 3.0)


# -- a whisper-station board (BOARD.md "Audio") ----------------------------------------------------
def _whisper_config(path) -> str:
    """The shipped board config with its whisper station on, written to ``path``."""
    import pathlib
    import re
    root = pathlib.Path(__file__).resolve().parents[2]
    text = (root / "hardware" / "board.toml").read_text(encoding="utf-8")
    text = re.sub(r'(?m)^registry = "tags.toml"', f'registry = "{root / "hardware" / "tags.toml"}"', text)
    text = re.sub(r"(?m)^whisper_station = false.*$", 'whisper_station = true\nwhisper_device = "board_whisper"', text)
    assert "whisper_station = true" in text
    path.write_text(text, encoding="utf-8")
    return str(path)


def _station_kept_private(lines: list[dict]) -> int:
    """Nothing for one seat at the table speaker, and the station said only what was for the
    seat the table called there last. :returns: how many clips the station said."""
    called, at_station = None, 0
    for line in lines:
        if line.get("event") != "announce":
            continue
        if line["output"] == "table":
            assert line["channel"] == "public", line
            if line["key"] == "whisper.call":
                called = line["params"]["seat"]
        else:
            assert line["output"] == "whisper" and line["channel"] == f"seat:{called}", line
            at_station += 1
    return at_station


def test_whisper_station_robots_set_up_from_the_seats_and_play_a_game_at_the_station(tmp_path):
    """A whisper-station board: the robots walk to the station when the table calls their
    seat, the setup from the seats and the game are played there to the game's end, and the
    run ends after the game asked for; nothing private at the table speaker."""
    out = io.StringIO()
    table = RobotTable(5, "secret_dictator", seed=3, out=out, config_path=_whisper_config(tmp_path / "w.toml"),
                       journal_path=str(tmp_path / "journal.sqlite3"))
    records = table.run(1)
    _evening_check(table, records, ["secret_dictator"])
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert _station_kept_private(lines) > 20
    assert any(l.get("event") == "announce" and l["output"] == "whisper" and l["key"] == "lobby.start" for l in lines)


#: games that do not yet play to their end on a whisper-station board -> the defect in one line
WHISPER_PENDING: dict[str, str] = {}


@pytest.mark.slow
def test_whisper_station_robots_play_autocracy_to_its_end(tmp_path):
    """Autocracy at 6 seats on a whisper-station board, set up from the seats (the fourth
    game of the seed-11 evening): the game ends, no stall, nothing private at the table (it ran
    past the robot table's 2 hours until the robots planned their exchanges and the roll was
    confirmed in the turn menu)."""
    out = io.StringIO()
    table = RobotTable(6, "autocracy", seed=1551276364, out=out, config_path=_whisper_config(tmp_path / "w.toml"),
                       journal_path=str(tmp_path / "journal.sqlite3"))
    records = table.run(1)
    _evening_check(table, records, ["autocracy"])
    _station_kept_private([json.loads(line) for line in out.getvalue().splitlines()])


@pytest.mark.slow
@pytest.mark.parametrize("seed", [5, 11])
def test_whisper_station_robots_play_an_evening_of_every_game_in_rotation(tmp_path, seed):
    """An evening of every registered game in rotation (:data:`WHISPER_PENDING` aside) at 6 seats on a whisper-station board,
    each set up from the seats at the station: every game ends, the right next game starts,
    no silence of 30 s, no stall, nothing private at the table speaker."""
    rotation = [g for g in ("secret_dictator", "become_dictator", "dying_message", "autocracy")
                if g not in PENDING and g not in WHISPER_PENDING]
    out = io.StringIO()
    table = RobotTable(6, ",".join(rotation), seed=seed, out=out, config_path=_whisper_config(tmp_path / "w.toml"),
                       journal_path=str(tmp_path / f"journal-evening-{seed}.sqlite3"))
    records = table.run(len(rotation))
    _evening_check(table, records, rotation)
    _station_kept_private([json.loads(line) for line in out.getvalue().splitlines()])


@pytest.mark.slow
def test_issue31_a_six_robot_autocracy_game_whose_reserve_runs_short_still_ends(tmp_path):
    """Issue 31 "every game ends": Autocracy at 6 robots, seed 581202355 (the 4th game of the
    6-seat evening at seed 13), whose reserve runs out of Économie, ran 2 h of "gains nothing"
    and stopped with exit 1; robots that plan their exchanges (with the reserve, else with a
    player) complete a set and the game ends, the same as the replay of its journal."""
    table, records, lines, journal = play_table(tmp_path, "autocracy", 6, seed=581202355)
    _check_game(table, records, lines, journal)
    assert records[0].summary()["winner"], records[0].summary()
