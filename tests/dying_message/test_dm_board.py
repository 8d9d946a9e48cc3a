"""Dying Message on the board: the service on the mocked board with real espeak-ng clip
lengths on the virtual clock (``simulate``), DYING_MESSAGE.md M41-M50."""

from __future__ import annotations

import io
import json
from collections import defaultdict
from pathlib import Path

import pytest

from firmware_host.commands.replay import read_game_file, replay_lines
from firmware_host.games.dying_message.scripting import signals_for_game
from firmware_host.jsonlines import objects
from firmware_host.service.signals import parse_script
from firmware_host.service.simulator import Simulator

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "examples" / "dying-message-7p-board.jsonl"
SCRIPT = ROOT / "examples" / "simulate-dying-message-7p.jsonl"
EVIDENCE = [f"a thing number {i}" for i in range(20)]
ROLES5 = ["killer", "citizen", "private_detective", "celebrity", "citizen"]
SETUP5 = {"game": "dying_message", "players": 5, "language": "en", "seed": 3, "roles": ROLES5,
          "evidence": EVIDENCE, "deck": list(range(20))}
PRIVATE_PARAMS = {"role", "roles", "killers", "teammates", "genuine_cards", "protected",
                  "destined", "proposals"}
NIGHT_KEYS = ("night.falls", "night.soulmate", "night.dogs", "night.killers", "night.dogs_close",
              "night.dead", "night.detective", "night.mastermind", "night.fake")


def run(lines: list[dict] | str) -> list[dict]:
    text = lines if isinstance(lines, str) else "\n".join(json.dumps(x) for x in lines)
    out = io.StringIO()
    assert Simulator(None, out=out).run_script(parse_script(text)) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def said(out: list[dict], channel: str | None = None) -> list[dict]:
    return [o for o in out if o.get("event") == "announce"
            and (channel is None or o["channel"] == channel)]


def keys(out: list[dict], channel: str | None = None) -> list[str]:
    return [o["key"] for o in said(out, channel)]


def night_steps(out: list[dict]) -> list[tuple[str, list[dict]]]:
    """(public step key, the private lines that started while it was the current step)."""
    steps: list[tuple[str, list[dict]]] = []
    for o in sorted(said(out), key=lambda o: o["start"]):
        if o["channel"] == "public" and o["key"] in NIGHT_KEYS + ("night.dawn",):
            steps.append((o["key"], []))
        elif o["channel"] == "public" and o["key"].startswith(("died.", "game_over.")):
            steps.append(("day", []))
        elif steps and o["channel"].startswith("seat:"):
            steps[-1][1].append(o)
    return [(k, lines) for k, lines in steps if k in NIGHT_KEYS]


@pytest.fixture(scope="module")
def whole_game() -> list[dict]:
    return run(SCRIPT.read_text(encoding="utf-8"))


def test_M41_the_example_script_is_the_example_game_from_signals_only():
    game = [o for _, o in objects(read_game_file(str(GAME)))]
    script = [o for _, o in objects(read_game_file(str(SCRIPT)))]
    assert script[1:] == signals_for_game(script[0]["setup"], game[1:])[1:]
    assert {s.get("signal", "setup") for s in script} == {"setup", "button", "wait_for"}


def test_M41_M48_a_whole_7p_game_from_presses_ends_in_the_replays_state(whole_game):
    replayed = replay_lines(read_game_file(str(GAME)))[-1]
    assert whole_game[-1] == replayed
    assert replayed["state"]["winner"] == "guilty"
    assert not [o for o in whole_game if o.get("event") in ("rejected", "fault")]
    votes = [o for o in whole_game if o.get("event") == "vote"]
    assert [v["number"] for v in votes] == [1, 2] and votes[1]["majority"] == 2
    public = keys(whole_game, "public")
    for key in ("night.falls", "night.killers", "night.dead", "night.detective", "night.fake",
                "night.dawn", "messages.read", "day.discussion", "vote.open", "vote.defend",
                "vote.second", "died.vote", "game_over.guilty"):
        assert key in public, key


def test_M45_M46_the_message_area_is_read_in_the_arrange_order_with_the_tiles_descriptions(whole_game):
    game = [o for _, o in objects(read_game_file(str(GAME)))]
    order = next(o["order"] for o in game if o.get("action") == "arrange")
    read = next(o for o in said(whole_game, "public") if o["key"] == "messages.read")
    assert read["params"]["cards"] == order
    evidence = game[0]["setup"]["evidence"]
    positions = [read["text"].index(evidence[c]) for c in order]
    assert positions == sorted(positions)           # the tiles' descriptions, in reading order
    # the genuine message (card 4) and the fakes were chosen from the descriptions heard
    dead = [o for o in said(whole_game, "seat:0") if o["key"] == "scan.card"]
    assert any(o["params"] == {"card": 4} and evidence[4] in o["text"] for o in dead)


def test_M39_M41_no_public_line_at_night_names_a_seat_or_a_secret(whole_game):
    night = False
    for o in sorted(said(whole_game, "public"), key=lambda o: o["start"]):
        if o["key"] == "night.falls":
            night = True
        elif o["key"] == "night.dawn" or o["key"].startswith(("game_over", "died.")):
            night = False           # dawn, or a night that ends the game (M10)
        if night:
            assert o["key"] in NIGHT_KEYS, o
            assert not o["params"], o
        if not o["key"].startswith("game_over"):
            assert not PRIVATE_PARAMS & set(o["params"]), o


def test_M43_M40_every_listeners_private_clips_in_a_step_have_one_length(whole_game):
    steps = night_steps(whole_game)
    assert [k for k, _ in steps][:3] == ["night.falls", "night.killers", "night.dead"]
    for key, lines in steps:
        messages = [o for o in lines if not o["key"].startswith("scan.")
                    and o["key"] not in ("night.chosen",)]
        by_start: dict[float, list[dict]] = defaultdict(list)
        for o in messages:
            by_start[o["start"]].append(o)
        for group in by_start.values():            # a padded clip: every listener at once
            lengths = [o["end"] - o["start"] for o in group]
            assert max(lengths) - min(lengths) <= 0.05, (key, group)
        items = [o["end"] - o["start"] for o in lines if o["key"] in ("scan.seat", "scan.card")]
        if items:
            assert max(items) - min(items) <= 0.05, (key, items)
        chosen = [o["end"] - o["start"] for o in lines if o["key"] == "night.chosen"]
        if chosen:
            assert max(chosen) - min(chosen) <= 0.05, (key, chosen)


def test_M43_every_listener_is_asked_for_and_makes_the_same_presses_in_each_step(whole_game):
    for key, lines in night_steps(whole_game):
        if key in ("night.falls", "night.detective", "night.mastermind"):
            assert not [o for o in lines if o["key"].startswith("scan.")]
            continue
        briefs = {o["channel"]: o for o in lines if o["key"].startswith("night.")
                  and o["key"] not in ("night.chosen", "night.wait")}
        chosen = defaultdict(int)
        for o in lines:
            if o["key"] == "night.chosen":
                chosen[o["channel"]] += 1
        assert set(chosen) == set(briefs), key          # every listener pressed and chose
        assert set(chosen.values()) == {1}


def test_M43_the_fake_step_asks_every_listener_for_the_killers_count_of_cards(whole_game):
    fake = next(lines for key, lines in night_steps(whole_game) if key == "night.fake")
    picked = defaultdict(int)
    for o in fake:
        if o["key"] == "scan.picked":
            picked[o["channel"]] += 1
    listeners = {o["channel"] for o in fake if o["key"] == "night.chosen"}
    assert len(listeners) == 7                          # six living and the night's dead
    assert {picked[c] for c in listeners} == {2}        # three cards: two picks, then "chosen"


def _night_start(roles=ROLES5, **extra) -> list[dict]:
    return [{"setup": {**SETUP5, "roles": roles, **extra}},
            {"signal": "wait_for", "key": "night.killers", "params": {}, "timeout": 300}]


def _pick(seat: int, key: str, params: dict) -> list[dict]:
    return [{"signal": "wait_for", "key": key, "params": params, "timeout": 300},
            {"signal": "button", "seat": seat, "gesture": "press"}]


def _press(seat: int) -> list[dict]:
    return [{"signal": "button", "seat": seat, "gesture": "press"}]


def _choose(seat: int, key: str, params: dict) -> list[dict]:
    """A final choice (a victim, a ballot): the pick, then the confirming press (ACCESSIBILITY.md 16)."""
    confirm = ("scan.confirm.seat", params) if "seat" in params else ("scan.confirm.skip", {})
    return _pick(seat, key, params) + _pick(seat, *confirm)


def test_M44_killers_who_disagree_hear_every_proposal_and_everyone_presses_again():
    roles = ["killer", "citizen", "professional_killer", "celebrity", "citizen", "citizen",
             "private_detective"]
    setup = {**SETUP5, "players": 7, "roles": roles}
    lines = [{"setup": setup},
             {"signal": "wait_for", "key": "night.killers", "params": {}, "timeout": 300}]
    lines += _press(0) + _choose(0, "scan.seat", {"seat": 1})
    lines += _press(2) + _choose(2, "scan.seat", {"seat": 3})
    lines += [{"signal": "wait", "seconds": 12}]
    out = run(lines)
    again = [o for o in said(out) if o["key"] == "night.kill.again"]
    assert sorted(o["channel"] for o in again) == ["seat:0", "seat:2"]
    assert again[0]["params"]["proposals"] == {"0": [1], "2": [3]}
    fillers = [o for o in said(out) if o["key"] == "night.nothing" and o["start"] == again[0]["start"]]
    assert sorted(o["channel"] for o in fillers) == ["seat:1", "seat:3", "seat:4", "seat:5", "seat:6"]
    assert {round(o["end"] - o["start"], 2) for o in again + fillers}.__len__() <= 2
    assert max(o["end"] - o["start"] for o in again + fillers) - \
        min(o["end"] - o["start"] for o in again + fillers) <= 0.05
    assert "night.kill.again" not in keys(out, "public")
    assert out[-1]["state"]["phase"] == "kill"
    # and they choose again: the same seat agreed now
    more = lines[:-1] + [{"signal": "wait_for", "key": "night.kill.again", "params": {},
                          "timeout": 60}] + _press(0) + _choose(0, "scan.seat", {"seat": 1}) + \
        _press(2) + _choose(2, "scan.seat", {"seat": 1}) + [{"signal": "wait", "seconds": 5}]
    out = run(more)
    assert out[-1]["state"]["phase"] == "genuine"


def test_M49_a_refusal_in_the_night_goes_only_into_that_earphone():
    out = run(_night_start() + [{"signal": "gm", "command": "act",
                                 "action": {"action": "kill", "seat": 1, "targets": [2]}}])
    refusals = [o for o in said(out) if o["key"].startswith("refusal.")]
    assert [(o["channel"], o["key"]) for o in refusals] == [("seat:1", "refusal.not_your_turn")]


def test_M42_a_decoy_choice_is_ignored_and_the_actors_choice_counts():
    lines = _night_start() + _press(1) + _choose(1, "scan.seat", {"seat": 3})
    lines += [{"signal": "wait", "seconds": 5}]
    out = run(lines)
    assert out[-1]["state"]["phase"] == "kill" and out[-1]["state"]["alive"] == [0, 1, 2, 3, 4]
    out = run(lines[:-1] + _press(0) + _choose(0, "scan.seat", {"seat": 4})
              + [{"signal": "wait", "seconds": 5}])
    assert out[-1]["state"]["phase"] == "genuine"


def test_M43_A26_a_night_step_ends_only_once_a_seat_whose_confirmation_is_open_has_pressed():
    """Issue 31: a seat in the middle of its choice when the step's time runs out (here a
    decoy whose confirmation plays) presses one reaction later; the step waits for it (at most
    the table's ``ChoiceHold.most``), so its press is answered in its own list at once ("chosen")
    instead of opening the next step's list behind that step's padded message."""
    def wait(seconds):
        return [{"signal": "wait", "seconds": seconds}]
    # the killer (seat 0) chooses early (it asks for its list while the step's public line is
    # said: the list follows its message); seat 1's confirmation of its decoy pick plays when the
    # step's 30 s run out (57.5 s + 30 s), and its confirming press comes 0.8 s after it ended
    lines = (_night_start() + _press(0) + wait(11.5) + wait(4.5) + _press(0) + wait(4.3) + _press(0)
             + wait(2.2) + _press(1) + wait(4.5) + _press(1) + wait(4.5) + _press(1) + wait(15))
    out = run(lines)
    killers = next(o for o in said(out, "public") if o["key"] == "night.killers")
    mine = said(out, "seat:1")
    confirm = next(o for o in mine if o["key"] == "scan.confirm.seat")
    assert confirm["start"] < killers["start"] + 30.0 < confirm["end"]      # open when the time ran out
    chosen = [o for o in mine if o["key"] == "night.chosen"]
    assert chosen and chosen[0]["start"] - confirm["end"] <= 1.0 + 0.5
    dead = next(o for o in said(out, "public") if o["key"] == "night.dead")
    assert dead["start"] >= chosen[0]["start"]
    assert out[-1]["state"]["phase"] == "genuine"


def test_M44_A26_killers_who_disagree_are_told_so_once_a_seat_whose_confirmation_is_open_has_pressed():
    """Issue 31: the killers' disagreement makes every listener choose again; a decoy whose
    confirmation plays when it comes presses one reaction later and is answered in its own
    list at once ("chosen"), then everyone hears "choose again" (M44), actors and decoys alike."""
    def wait(seconds):
        return [{"signal": "wait", "seconds": seconds}]
    roles = ["killer", "citizen", "professional_killer", "celebrity", "citizen", "citizen", "private_detective"]
    lines = [{"setup": {**SETUP5, "players": 7, "roles": roles}},
             {"signal": "wait_for", "key": "night.killers", "params": {}, "timeout": 300}]
    # both killers take the first seat of their own lists (not the same one; each asks for its
    # list while the step's public line is said) and confirm; seat 1 (a decoy) picks meanwhile
    # and confirms 0.8 s after its confirmation has ended
    lines += (_press(0) + wait(0.1) + _press(2) + wait(11.5) + wait(3.4) + _press(1) + wait(1.0) + _press(0)
              + wait(0.1) + _press(2) + wait(4.1) + _press(0) + wait(0.1) + _press(2) + wait(1.0) + _press(1)
              + wait(4.0) + _press(1) + wait(15))
    out = run(lines)
    again = [o for o in said(out) if o["key"] == "night.kill.again"]
    assert sorted(o["channel"] for o in again) == ["seat:0", "seat:2"]
    mine = said(out, "seat:1")
    confirm = next(o for o in mine if o["key"] == "scan.confirm.seat")
    chosen = [o for o in mine if o["key"] == "night.chosen"]
    assert chosen, "the decoy's confirming press fell into the killers' second round"
    assert chosen[0]["start"] - confirm["end"] <= 1.0 + 0.5
    assert again[0]["start"] >= chosen[0]["start"]
    assert [o for o in mine if o["key"] == "night.nothing" and o["start"] == again[0]["start"]]
    assert out[-1]["state"]["phase"] == "kill"


def _to_day(script_end: int | None = None) -> list[dict]:
    """The 5-player game to its first discussion: seat 0 (the killer) kills seat 1, the
    dead chooses card 0, the killer cards 1 and 2; every other listener picks its first item."""
    lines = _night_start()
    for s, item in ((1, ("scan.seat", {"seat": 2})), (2, ("scan.seat", {"seat": 3})),
                    (3, ("scan.seat", {"seat": 4})), (4, ("scan.seat", {"seat": 0}))):
        lines += _press(s) + _choose(s, *item)
    lines += _press(0) + _choose(0, "scan.seat", {"seat": 1})
    lines += [{"signal": "wait_for", "key": "night.dead", "params": {}, "timeout": 300}]
    for s in (0, 2, 3, 4):
        lines += _press(s) + _pick(s, "scan.card", {"card": 0})
    lines += _press(1) + _pick(1, "scan.card", {"card": 0})
    lines += [{"signal": "wait_for", "key": "night.fake", "params": {}, "timeout": 300}]
    for s in (1, 2, 3, 4):
        lines += _press(s) + _pick(s, "scan.card", {"card": 1}) + _pick(s, "scan.card", {"card": 2})
    lines += _press(0) + _pick(0, "scan.card", {"card": 1}) + _pick(0, "scan.card", {"card": 2})
    lines += [{"signal": "wait_for", "key": "day.discussion", "params": {}, "timeout": 600}]
    return lines


@pytest.fixture(scope="module")
def day_lines() -> list[dict]:
    return _to_day()


def test_M47_the_menu_reads_the_message_area_privately_and_ready_opens_the_vote(day_lines):
    lines = day_lines + _press(2) + _pick(2, "menu.message_area", {}) + [{"signal": "wait", "seconds": 20}]
    for s in (0, 2, 3, 4):
        lines += _press(s) + _pick(s, "menu.ready", {})
    lines += [{"signal": "wait", "seconds": 10}]
    out = run(lines)
    mine = [o for o in said(out, "seat:2") if o["key"] == "messages.read"]
    assert mine and sorted(mine[-1]["params"]["cards"]) == [0, 1, 2]
    assert "a thing number 1" in mine[-1]["text"]
    public = keys(out, "public")
    assert public.count("day.ready") == 4 and public[-1] == "vote.open"


def test_M47_A28_a_seat_ready_already_that_chooses_ready_again_hears_whom_the_table_waits_for(day_lines):
    """A seat that said "ready" and picks it again (it heard nothing new meanwhile) is told in
    its own earphone which seats the table still waits for; nothing is counted twice."""
    lines = day_lines + _press(2) + _pick(2, "menu.ready", {}) + [{"signal": "wait", "seconds": 5}]
    lines += _press(2) + _pick(2, "menu.ready", {}) + [{"signal": "wait", "seconds": 10}]
    out = run(lines)
    assert keys(out, "public").count("day.ready") == 1
    told = [o for o in said(out, "seat:2") if o["key"] == "table.waiting"]
    assert told and told[-1]["params"]["seats"] == [0, 3, 4], told


def test_M48_M30_a_vote_skipped_by_all_and_a_partial_skip(day_lines):
    ready = []
    for s in (0, 2, 3, 4):
        ready += _press(s) + _pick(s, "menu.ready", {})
    lines = day_lines + ready + [{"signal": "wait_for", "key": "vote.open", "params": {}, "timeout": 60}]
    skip_all = list(lines)
    for s in (0, 2, 3, 4):
        skip_all += _press(s) + _choose(s, "scan.skip_vote", {})
    out = run(skip_all + [{"signal": "wait", "seconds": 5}])
    assert [o["event"] for o in out if o.get("event") in ("vote", "vote_skipped")] == ["vote_skipped"]
    assert out[-1]["state"]["round"] == 2
    partial = list(lines)
    for s in (0, 2, 3):
        partial += _press(s) + _choose(s, "scan.seat", {"seat": 4})
    partial += _press(4) + _choose(4, "scan.skip_vote", {}) + [{"signal": "wait", "seconds": 10}]
    out = run(partial)
    assert "vote.skip_some" in keys(out, "public")
    assert not [o for o in out if o.get("event") in ("vote", "vote_skipped")]
    # the counts were said, never a ballot before all are cast
    counted = [o["params"] for o in said(out, "public") if o["key"] == "vote.counted"]
    assert counted[-1] == {"count": 4, "total": 4}
    assert "vote.ballots" not in keys(out, "public")


def test_M50_the_console_shows_the_public_state_and_reveals_characters_only_on_request(day_lines):
    from firmware_host.clock import VirtualClock
    sim = Simulator(None, out=io.StringIO())
    sim.start(VirtualClock())
    try:
        mark = 0
        for sig in parse_script("\n".join(json.dumps(x) for x in day_lines)):
            previous = len(sim.starts)
            sim.play(sig, mark)
            mark = previous
        service = sim.service
        snap = service.call(service.game.snapshot)
        reveal = service.call(lambda: service.game.reveal(None))
        from firmware_host.service.backend import ConsoleBackend
        page = service.call(ConsoleBackend(service).snapshot)
    finally:
        sim.stop()
    # the game master's picture after the first death: seat 2 dead, the others alive (it
    # once raised a TypeError on the dead seats' records, and the picture went blank)
    cells = page["picture"]["rows"][0]["cells"]
    assert [c["shape"] for c in cells] == ["person", "cross", "person", "person", "person"]
    view = snap["view"]
    assert snap["game"] == "dying_message"
    assert view["dead"] == [{"seat": 1, "character": "citizen", "round": 1, "cause": "killers"}]
    assert sorted(view["message_area"]) == [0, 1, 2] and len(view["evidence_pool"]) == 6
    assert view["discussion"] == {"ready": [], "seconds_left": None}
    assert view["descriptions"]["1"] == "card 2: a thing number 1"
    assert view["characters"] is None
    assert "roles" not in snap["setup"] and "deck" not in snap["setup"]
    assert reveal["seats"]["0"]["role"] == "killer" and reveal["seats"]["1"]["role"] == "citizen"
    assert reveal["seats"]["1"]["team"] == [{"seat": 0, "role": "killer"}]      # the dead saw the killer


def _pictures(lines: list[dict], marks: set[int]) -> dict[int, dict]:
    """The console's picture (``ConsoleBackend.snapshot()["picture"]``) after each script line
    whose index is in ``marks``."""
    from firmware_host.clock import VirtualClock
    from firmware_host.service.backend import ConsoleBackend
    sim = Simulator(None, out=io.StringIO())
    sim.start(VirtualClock())
    pictures: dict[int, dict] = {}
    try:
        mark = 0
        for i, sig in enumerate(parse_script("\n".join(json.dumps(x) for x in lines))):
            previous = len(sim.starts)
            sim.play(sig, mark)
            mark = previous
            if i in marks:
                service = sim.service
                pictures[i] = service.call(ConsoleBackend(service).snapshot)["picture"]
    finally:
        sim.stop()
    return pictures


def test_issue32_M39_the_picture_names_whom_the_table_waits_for_by_day_and_nobody_at_night(day_lines):
    """The console's "must act now" (issue 32): at night nobody (who acts in the Killing Phase
    is secret, M39, M43); in the discussion the living not yet ready; in the vote the living
    whose ballot is still to come."""
    ready = _press(2) + _pick(2, "menu.ready", {}) + [{"signal": "wait", "seconds": 3}]
    rest = []
    for s in (0, 3, 4):
        rest += _press(s) + _pick(s, "menu.ready", {})
    rest += [{"signal": "wait_for", "key": "vote.open", "params": {}, "timeout": 60}]
    ballot = _press(3) + _choose(3, "scan.seat", {"seat": 4}) + [{"signal": "wait", "seconds": 3}]
    lines = day_lines + ready + rest + ballot
    # script indexes: 0 = setup, 1 = the killers' step begins; then the day's marks
    marks = {1, len(day_lines) - 1, len(day_lines) + len(ready) - 1,
             len(day_lines) + len(ready) + len(rest) - 1, len(lines) - 1}
    pictures = _pictures(lines, marks)
    waiting = [pictures[i]["waiting"] for i in sorted(marks)]
    assert waiting == [[], [0, 2, 3, 4], [0, 3, 4], [0, 2, 3, 4], [0, 2, 4]]


def test_issue33_M39_a_seats_status_lasts_as_long_whatever_its_character_knows(day_lines):
    """Every seat's status clip, the killer's, the dead citizen's who saw the killer and the
    others', lasts one time (padded to the longest status any character of the setup could
    hear), the first time and again (long wording, then short)."""
    holds = []
    hold = {"signal": "button", "seat": 0, "gesture": "hold"}
    for _ in range(2):
        for seat in range(5):        # three holds: what is open, the public status, the private one
            holds += [{**hold, "seat": seat}, {"signal": "wait", "seconds": 1.0}] * 2
            holds += [{**hold, "seat": seat}, {"signal": "wait", "seconds": 40}]
    out = run(day_lines + holds)
    lengths: dict[int, list[float]] = {}
    for seat in range(5):
        clips = [o for o in said(out, f"seat:{seat}") if o["key"] == "status.private"]
        lengths[seat] = [round(o["end"] - o["start"], 3) for o in clips]
    assert all(len(v) == 2 for v in lengths.values()), lengths
    for turn in range(2):
        heard = [v[turn] for v in lengths.values()]
        assert max(heard) - min(heard) <= 0.05, lengths


def test_M50_an_unfinished_game_is_resumed_from_the_journal_at_its_night_step(tmp_path):
    journal = str(tmp_path / "journal.sqlite3")
    first = _night_start()
    for s in (1, 2, 3, 4):
        first += _press(s) + _choose(s, "scan.seat", {"seat": (s + 1) % 5})
    first += _press(0) + _choose(0, "scan.seat", {"seat": 1}) + [{"signal": "wait", "seconds": 3}]
    out = io.StringIO()
    assert Simulator(None, out=out, journal_path=journal).run_script(
        parse_script("\n".join(json.dumps(x) for x in first))) == 0
    before = [json.loads(line) for line in out.getvalue().splitlines()][-1]["state"]
    assert before["phase"] == "genuine"
    again = [{"setup": SETUP5}, {"signal": "wait_for", "key": "night.dead", "params": {}, "timeout": 60},
             {"signal": "wait", "seconds": 15}]
    out = io.StringIO()
    assert Simulator(None, out=out, journal_path=journal).run_script(
        parse_script("\n".join(json.dumps(x) for x in again))) == 0
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[-1]["state"] == before
    assert "service.resumed" in keys(lines, "public")
    brief = [o for o in said(lines, "seat:1") if o["key"] == "night.dead.brief"]
    assert brief and brief[0]["params"] == {"killers": [0], "count": 1}
    # ACCESSIBILITY.md 28: the brief said again after the restart tells how its list starts
    assert brief[0]["text"].endswith("Press your button for the list.")


def test_M41_A28_every_first_night_message_with_a_list_tells_how_to_hear_it():
    """A press starts a night list (M43: every listener presses alike); a seat told "choose"
    and waiting for a list that never came had waited for the table's reminder (after a
    restart, 20 s of silence): in the first night's long wording every listener with a
    list, actor or decoy, is told to press for it, in clips of one length (M43)."""
    out = run(_night_start() + [{"signal": "wait", "seconds": 20}])
    clips = [next(o for o in said(out, f"seat:{seat}") if o["key"] in ("night.killers.brief", "night.nothing"))
             for seat in range(5)]
    assert {o["key"] for o in clips} == {"night.killers.brief", "night.nothing"}
    assert all(o["text"].endswith("Press your button for the list.") for o in clips)
    assert len({round(o["end"] - o["start"], 2) for o in clips}) == 1
    round_ = [o for o in said(out, "seat:0") if o["key"] == "night.round"]
    assert round_ and "list" not in round_[0]["text"]          # no list: no press asked for


def test_M47_hold_gives_the_public_status_and_the_seats_private_facts_in_its_earphone(day_lines):
    hold = {"signal": "button", "seat": 1, "gesture": "hold"}
    out = run(day_lines + [hold, {"signal": "wait", "seconds": 1.0}, hold, {"signal": "wait", "seconds": 1.0},
                           hold, {"signal": "wait", "seconds": 20}])
    mine = [o for o in said(out, "seat:1") if o["key"].startswith(("status.", "day.dead"))]
    # in layers (ACCESSIBILITY.md 3, 29): what is open now, the public status, the private one
    assert [o["key"] for o in mine] == ["status.now.discussion", "status.public", "day.dead", "status.private",
                                        "status.killers"]
    assert mine[2]["params"] == {"seat": 1, "character": "citizen"}
    assert mine[4]["params"] == {"killers": [0]}         # the dead saw the killer (M20)
    assert not [o for o in said(out, "public") if o["key"].startswith("status.")]


def _gm(action: dict) -> dict:
    return {"signal": "gm", "command": "act", "action": action}


def test_M24_M48_after_a_second_vote_without_elimination_a_skipped_night_opens_a_new_discussion():
    roles = ["killer", "muay_thai", "private_detective", "celebrity", "citizen", "citizen"]
    setup = {**SETUP5, "players": 6, "roles": roles}
    lines = [{"setup": setup},
             {"signal": "wait_for", "key": "night.killers", "params": {}, "timeout": 300},
             _gm({"action": "kill", "seat": 0, "targets": [1]}),
             {"signal": "wait_for", "key": "night.dead", "params": {}, "timeout": 300},
             _gm({"action": "genuine", "seat": 1, "cards": [0]}),
             {"signal": "wait_for", "key": "night.fake", "params": {}, "timeout": 300},
             {"signal": "wait", "seconds": 1},
             _gm({"action": "fake", "seat": 0, "cards": [1, 2]}),
             {"signal": "wait_for", "key": "day.discussion", "params": {}, "timeout": 600},
             {"signal": "key", "gesture": "press"},               # the game master opens the vote
             {"signal": "wait_for", "key": "vote.open", "params": {}, "timeout": 60}]
    # vote 1 from the console joins the table's ballots (M48): a majority on seat 2
    for seat, target in ((0, 2), (2, 3), (3, 2), (4, 2), (5, 2)):
        lines.append(_gm({"action": "vote", "seat": seat, "target": target}))
    lines += [{"signal": "wait_for", "key": "vote.defend", "params": {}, "timeout": 120},
              {"signal": "button", "seat": 2, "gesture": "press"},
              {"signal": "wait_for", "key": "vote.second", "params": {}, "timeout": 60}]
    for seat, target in ((0, 2), (2, 3), (3, 4), (4, 2), (5, 3)):
        lines.append(_gm({"action": "vote", "seat": seat, "target": target}))
    lines += [{"signal": "wait_for", "key": "round.skipped", "params": {}, "timeout": 300},
              {"signal": "wait_for", "key": "day.discussion", "params": {}, "timeout": 300},
              {"signal": "button", "seat": 3, "gesture": "press"},
              {"signal": "wait", "seconds": 40}]
    out = run(lines)
    assert not [o for o in out if o.get("event") in ("rejected", "fault")]
    votes = [o for o in out if o.get("event") == "vote"]
    assert [(v["number"], v["majority"]) for v in votes] == [(1, 2), (2, None)]
    counted = [o["params"] for o in said(out, "public") if o["key"] == "vote.counted"]
    assert counted[:5] == [{"count": n, "total": 5} for n in range(1, 6)]
    assert out[-1]["state"]["round"] == 2 and out[-1]["state"]["phase"] == "vote"
    discussion = [o["start"] for o in said(out, "public") if o["key"] == "day.discussion"][-1]
    menu = [o["key"] for o in said(out, "seat:3") if o["start"] > discussion]
    assert "menu.ready" in menu and "scan.seat" not in menu      # the press opened the menu (M47)


def test_M50_pause_and_resume_in_the_night_lose_no_narration_and_a_press_starts_the_list_again():
    lines = _night_start() + [{"signal": "key", "gesture": "press"},          # pause
                              {"signal": "button", "seat": 0, "gesture": "press"},
                              {"signal": "wait", "seconds": 10},
                              {"signal": "key", "gesture": "press"}]          # resume
    lines += _press(0) + _choose(0, "scan.seat", {"seat": 1})
    lines += [{"signal": "wait_for", "key": "night.dead", "params": {}, "timeout": 300},
              {"signal": "wait", "seconds": 3}]
    out = run(lines)
    public = keys(out, "public")
    assert public.index("gm.paused") < public.index("gm.resumed") < public.index("night.dead")
    paused_at = next(o["start"] for o in said(out, "public") if o["key"] == "gm.paused")
    resumed_at = next(o["start"] for o in said(out, "public") if o["key"] == "gm.resumed")
    assert not [o for o in said(out, "seat:0") if o["key"] == "scan.seat"
                and paused_at + 3 < o["start"] < resumed_at]          # no list while paused
    assert out[-1]["state"]["phase"] == "genuine"


def test_M43_a_seats_own_rate_and_wording_change_no_clip_length_at_night():
    """ACCESSIBILITY 19: seat 2 listens at 110 words a minute, seat 3 always long: every
    listener's items, "picked" and "chosen" still last the same in each step."""
    lines = [{"setup": SETUP5},
             {"signal": "gm", "command": "seat_settings", "seat": 2, "rate": 110},
             {"signal": "gm", "command": "seat_settings", "seat": 3, "verbosity": "long"},
             {"signal": "wait_for", "key": "night.killers", "params": {}, "timeout": 300}]
    for s in (1, 2, 3, 4):
        lines += _press(s) + _choose(s, "scan.seat", {"seat": (s + 2) % 5})
    lines += _press(0) + _choose(0, "scan.seat", {"seat": 1})
    lines += [{"signal": "wait_for", "key": "night.dead", "params": {}, "timeout": 300}]
    for s in (0, 2, 3, 4, 1):
        lines += _press(s) + _pick(s, "scan.card", {"card": 3})
    lines += [{"signal": "wait_for", "key": "night.fake", "params": {}, "timeout": 300}]
    out = run(lines)
    steps = dict(night_steps(out))
    for key in ("night.killers", "night.dead"):
        step = steps[key]
        confirm = (("scan.confirm.seat", "scan.back"),) if key == "night.killers" else ()
        for kinds in (("scan.seat", "scan.card", "scan.cancel"), ("night.chosen",), ("scan.start",)) + confirm:
            clips = [o for o in step if o["key"] in kinds]
            assert {o["channel"] for o in clips} >= {"seat:2", "seat:3"}, (key, kinds)
            lengths = [o["end"] - o["start"] for o in clips]
            assert max(lengths) - min(lengths) <= 0.05, (key, kinds, lengths)


def test_M47_A28_the_discussions_time_limit_opens_the_vote_and_the_reminders_name_who_is_not_ready():
    """The table's wait (M47): two of the four living seats say "ready"; the table's reminder
    after a quiet spell names the two others; the setup's ``discussion_seconds``, counted from
    the end of "discussion" (not while the table still hears what came before), then opens the
    vote on its own."""
    lines = _to_day()
    lines[0] = {"setup": {**lines[0]["setup"], "discussion_seconds": 120}}
    for s in (0, 2):
        lines += _press(s) + _pick(s, "menu.ready", {})
    lines += [{"signal": "wait", "seconds": 150}]
    out = run(lines)
    public = said(out, "public")
    heard = next(o["end"] for o in public if o["key"] == "day.discussion")     # the timer runs from here
    ready = [o for o in public if o["key"] == "day.ready"]
    assert [o["params"] for o in ready] == [{"count": 1, "total": 4}, {"count": 2, "total": 4}]
    reminders = [o for o in public if o["key"] == "table.waiting" and o["start"] > ready[-1]["start"]]
    assert reminders and reminders[0]["params"] == {"seats": [3, 4]}
    opened = next(o["start"] for o in public if o["key"] == "vote.open")
    assert heard + 120 - 0.01 <= opened <= heard + 125
