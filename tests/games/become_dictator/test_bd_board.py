"""In this way I become a DICTATOR on the board: the service, the mocked board and
``simulate`` (DICTATOR.md D30-D37)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from firmware_host.commands.replay import read_game_file, replay_lines
from firmware_host.games.become_dictator.scripting import signals_for_game
from firmware_host.jsonlines import objects
from firmware_host.service.signals import parse_script
from firmware_host.service.simulator import Simulator

ROOT = Path(__file__).resolve().parents[3]
GAME = ROOT / "examples" / "become-dictator-6p-revolution.jsonl"
SCRIPT = ROOT / "examples" / "simulate-become-dictator-6p.jsonl"
SETUP = {"game": "become_dictator", "players": 4, "language": "en"}
SECRET = {"hand", "drop", "choice", "pledge", "final_role"}


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


@pytest.fixture(scope="module")
def whole_game() -> list[dict]:
    return run(SCRIPT.read_text(encoding="utf-8"))


def test_the_example_script_is_the_example_game_from_signals_only():
    game = [o for _, o in objects(read_game_file(str(GAME)))]
    script = [o for _, o in objects(read_game_file(str(SCRIPT)))]
    assert script == signals_for_game(game[0]["setup"], game[1:])
    kinds = {s.get("signal", "setup") for s in script}
    assert kinds == {"setup", "button", "wait_for"}          # no game-master signal, no timer


def test_D30_a_whole_6p_game_from_presses_ends_in_the_replays_state_and_the_reckoning(whole_game):
    replayed = replay_lines(read_game_file(str(GAME)))[-1]
    assert whole_game[-1] == replayed
    assert not [o for o in whole_game if o.get("event") in ("rejected", "fault")]
    public = keys(whole_game, "public")
    reckoning = public[public.index("final.vote") if "final.vote" in public
                       else public.index("final.discard_vote"):]
    assert reckoning.count("final.seat") + reckoning.count("final.seat.unranked") == 6
    assert reckoning[-3:] == ["game_over.winners", "game_over.overruled", "evening.offer"]
    over = said(whole_game, "public")[-2]
    assert over["params"] == {"role": "dictator", "by_roles": ["revolutionary"]}


def test_D28_nothing_secret_is_said_at_the_table_before_the_reckoning(whole_game):
    for line in said(whole_game, "public"):
        if line["key"].startswith(("final.", "game_over.")):
            continue
        assert not SECRET & set(line["params"]), line
    for line in said(whole_game):
        if line["channel"].startswith("seat:"):
            continue
        assert not line["key"].startswith(("choice.", "scan.", "status.hand"))


def test_D34_D36_a_secret_step_tells_the_table_only_the_count(whole_game):
    public = keys(whole_game, "public")
    for start in [i for i, k in enumerate(public) if k in ("phase.discard_vote", "phase.night",
                                                            "phase.final_vote")]:
        end = next(i for i in range(start + 1, len(public))
                   if public[i] not in ("decided.count",))
        assert public[start + 1:end] == ["decided.count"] * (end - start - 1)
        assert public[end] in ("discard_votes.item", "discard_votes.none", "night.revealed",
                               "night.hidden", "final.vote", "final.discard_vote")


def test_D33_D36_every_choice_is_scanned_in_the_choosers_earphone(whole_game):
    for line in said(whole_game):
        if line["key"].startswith(("scan.", "choice.")):
            assert line["channel"].startswith("seat:")
    # each pick is confirmed (or its pledge told) only to its own seat
    mine = [o for o in said(whole_game, "seat:5") if o["key"] == "scan.confirm.discard_vote"]
    assert mine and mine[0]["params"] == {"target": 1, "pledge": "priest"}


def test_D32_A11_each_morning_ends_when_every_seat_is_ready_with_no_timer_by_default(whole_game):
    public = keys(whole_game, "public")
    mornings = [i for i, k in enumerate(public) if k == "day.morning"]
    assert len(mornings) == 5
    for i in mornings:
        assert public[i + 1:i + 8] == ["morning.ready"] * 6 + ["morning.over"]
        assert public[i + 8].startswith("phase.")
    assert "morning.warning" not in public


def test_D32_a_press_in_the_morning_starts_no_choice_it_says_the_seat_is_ready():
    out = run([{"setup": SETUP}, {"signal": "wait", "seconds": 10},
               {"signal": "button", "seat": 2, "gesture": "press"}, {"signal": "wait", "seconds": 5},
               {"signal": "button", "seat": 2, "gesture": "press"}, {"signal": "wait", "seconds": 5}])
    mine = keys(out, "seat:2")
    assert not [k for k in mine if k.startswith("scan.")]
    ready = [o for o in said(out, "public") if o["key"] == "morning.ready"]
    assert [o["params"] for o in ready] == [{"seat": 2, "count": 1, "total": 4}]   # once: then it repeats
    assert "morning.over" not in keys(out, "public")


def test_A11_a_press_in_a_timed_mornings_last_minute_gives_it_another_minute():
    out = run([{"setup": {**SETUP, "morning_seconds": 180}}, {"signal": "wait", "seconds": 150},
               {"signal": "button", "seat": 1, "gesture": "press"}, {"signal": "wait", "seconds": 50},
               {"signal": "wait", "seconds": 20}])
    public = keys(out, "public")
    assert public.index("morning.warning") < public.index("morning.extended") < public.index("morning.over")
    over = next(o for o in said(out, "public") if o["key"] == "morning.over")
    extended = next(o for o in said(out, "public") if o["key"] == "morning.extended")
    assert over["start"] - extended["start"] >= 59


def test_D32_the_timer_can_be_switched_off_and_the_game_master_key_ends_the_morning():
    out = run([{"setup": {**SETUP, "morning_seconds": 0}}, {"signal": "wait", "seconds": 2000},
               {"signal": "key", "gesture": "press"}, {"signal": "wait", "seconds": 1}])
    public = keys(out, "public")
    assert "morning.warning" not in public
    assert public[-2:] == ["morning.over", "phase.vote"]


def test_D32_a_longer_morning_is_a_setting():
    out = run([{"setup": {**SETUP, "morning_seconds": 600}}, {"signal": "wait", "seconds": 530},
               {"signal": "wait", "seconds": 80}])
    public = keys(out, "public")
    assert public[-3:] == ["morning.warning", "morning.over", "phase.vote"]


@pytest.mark.parametrize("seconds", [60, -1, 5000, True, "3"])
def test_D32_a_morning_shorter_than_printed_or_out_of_range_is_refused(seconds):
    text = json.dumps({"setup": {**SETUP, "morning_seconds": seconds}})
    out = io.StringIO()
    with pytest.raises(Exception) as info:
        Simulator(None, out=out).run_script(parse_script(text))
    assert "morning_seconds" in str(info.value) and "\n" not in str(info.value)


def _day_1(players: int = 4) -> list[dict]:
    lines = [{"setup": {**SETUP, "players": players, "morning_seconds": 180}}, {"signal": "wait", "seconds": 181}]
    for seat in range(players):
        target = (seat + 1) % players
        lines += [{"signal": "button", "seat": seat, "gesture": "press"},
                  {"signal": "wait_for", "key": "scan.seat", "params": {"seat": target},
                   "timeout": 120},
                  {"signal": "button", "seat": seat, "gesture": "press"},
                  {"signal": "wait_for", "key": "scan.confirm.vote", "params": {"target": target},
                   "timeout": 120},
                  {"signal": "button", "seat": seat, "gesture": "press"}]
    return lines


def test_D33_an_open_vote_is_said_at_once_by_a_press_on_the_name_heard():
    out = run(_day_1())
    votes = [o for o in said(out, "public") if o["key"] == "vote.cast"]
    assert [o["params"] for o in votes] == [{"seat": s, "target": (s + 1) % 4, "votes": 1}
                                            for s in range(4)]
    assert votes[1]["text"] == "Seat 2 votes for Seat 3. Seat 3: one vote"
    assert out[-1]["state"]["phase"] == "night"


def test_D37_a_refusal_in_a_secret_step_goes_only_to_that_earphone():
    out = run(_day_1() + [{"signal": "gm", "command": "act",
                           "action": {"action": "drop", "seat": 1, "roles": ["priest"]}}])
    refusals = [o for o in said(out) if o["key"].startswith("refusal.")]
    assert [(o["channel"], o["key"]) for o in refusals] == [("seat:1", "refusal.wrong_count")]


def test_D36_the_night_scan_offers_only_cards_in_the_hand_then_confirm():
    lines = _day_1() + [{"signal": "button", "seat": 0, "gesture": "press"},
                        {"signal": "wait_for", "key": "scan.card", "params": {"role": "noble"},
                         "timeout": 120},
                        {"signal": "button", "seat": 0, "gesture": "press"},
                        {"signal": "wait_for", "key": "scan.card", "params": {"role": "priest"},
                         "timeout": 120},
                        {"signal": "button", "seat": 0, "gesture": "press"},
                        {"signal": "wait_for", "key": "scan.confirm.drop", "params": {},
                         "timeout": 120},
                        {"signal": "button", "seat": 0, "gesture": "press"}]
    out = run(lines)
    cards = [o["params"]["role"] for o in said(out, "seat:0") if o["key"] == "scan.card"]
    first = cards.index("noble")
    assert len(set(cards[:first + 1])) == first + 1  # the first list: each card of the hand once
    assert "noble" not in cards[first + 1:]          # the second list: the cards left
    confirm = [o for o in said(out, "seat:0") if o["key"] == "scan.confirm.drop"]
    assert confirm[-1]["params"] == {"drop": ["noble", "priest"]}
    assert keys(out, "public")[-1] == "decided.count"
    assert [o for o in out if o.get("event") == "decided"][-1]["decided"] == 1


def _first_night_list(seed: int, seat: int = 0) -> list[str]:
    """The cards of ``seat``'s first night list, in the order it heard them, in a game the
    simulator seeds with ``seed``."""
    lines = _day_1() + [{"signal": "button", "seat": seat, "gesture": "press"},
                        {"signal": "wait_for", "key": "scan.cancel", "params": {}, "timeout": 120}]
    out = io.StringIO()
    assert Simulator(None, out=out, setup_seed=seed).run_script(
        parse_script("\n".join(json.dumps(x) for x in lines))) == 0
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    return [o["params"]["role"] for o in said(events, f"seat:{seat}") if o["key"] == "scan.card"]


def test_R16_issue33_a_night_list_has_an_order_of_its_own_so_a_press_time_tells_no_card():
    """Issue 33: each night list comes in an order drawn for it, so the time from the list's
    start to a seat's press does not tell which card it dropped; the same seed gives the
    same order (a simulation is reproducible)."""
    orders = [_first_night_list(seed) for seed in range(8)]
    hand = sorted(orders[0])
    assert len(hand) == 7 and all(sorted(o) == hand for o in orders)
    for role in hand:                                 # no card keeps one place
        assert len({o.index(role) for o in orders}) > 1, role
    assert _first_night_list(3) == orders[3]


def test_D31_hold_gives_the_status_with_the_time_card_line_into_the_earphone():
    # the status in layers (ACCESSIBILITY.md 3, 29): a hold while a layer plays gives the next
    holds = [{"signal": "button", "seat": 3, "gesture": "hold"}, {"signal": "wait", "seconds": 1.0}] * 6
    out = run(_day_1() + holds)
    mine = said(out, "seat:3")
    status = [o["key"] for o in mine]
    status = status[next(i for i, k in enumerate(status) if k.startswith("status.now.")):]
    assert "timecard.votes" in status and "status.hand" in status
    card = next(o for o in mine if o["key"] == "timecard.votes")
    assert card["text"] == "Day one: votes only; tonight everyone drops two cards, revealed."
    assert "timecard.votes" not in keys(out, "public")


def test_a_secret_dictator_game_runs_after_it_on_the_same_board():
    from firmware_host.games.secret_dictator.scripting import random_game, signals_for_game as sd_signals
    sd_setup = {"players": 5, "seed": 3, "language": "en"}
    sd = sd_signals(sd_setup, random_game(sd_setup, seed=1)[:12])
    # the game master starts the next game once the table has heard the end (a new game cuts
    # what the last one still had to say, issue 34)
    heard = [{"signal": "wait_for", "key": "evening.offer", "params": {}, "timeout": 600.0},
             {"signal": "wait", "seconds": 10.0}]
    start = {"signal": "gm", "command": "start", "setup": sd[0]["setup"]}
    out = run(SCRIPT.read_text(encoding="utf-8") + "\n" + "\n".join(json.dumps(s) for s in heard + [start]) + "\n"
              + "\n".join(json.dumps(s) for s in sd[1:]))
    assert "game_over.winners" in keys(out, "public")
    state = out[-1]["state"]
    assert "game" not in state and state["phase"] != "game_over"      # Secret Dictator's state
    assert [o for o in out if o.get("event") == "game_started"][-1] == {"event": "game_started"}


def test_an_unfinished_game_resumes_from_the_journal_with_this_games_adapter(tmp_path):
    journal = str(tmp_path / "journal.sqlite3")
    first = io.StringIO()
    text = "\n".join(json.dumps(x) for x in _day_1())
    assert Simulator(None, out=first, journal_path=journal).run_script(parse_script(text)) == 0
    second = io.StringIO()
    again = "\n".join(json.dumps(x) for x in [{"setup": SETUP},
                                              {"signal": "button", "seat": 0, "gesture": "hold"}])
    assert Simulator(None, out=second, journal_path=journal).run_script(parse_script(again)) == 0
    out = [json.loads(line) for line in second.getvalue().splitlines()]
    public = keys(out, "public")
    assert public[:2] == ["service.resumed", "phase.night"]
    assert out[-1]["state"]["votes"] == [1, 1, 1, 1] and out[-1]["state"]["phase"] == "night"


def test_the_game_master_undoes_the_last_vote_and_the_table_hears_whose():
    out = run(_day_1() + [{"signal": "gm", "command": "undo"}])
    public = said(out, "public")
    assert [o["key"] for o in public][-2:] == ["gm.undone", "phase.vote"]
    assert public[-2]["params"] == {"seat": 3}
    assert out[-1]["state"]["votes"] == [0, 1, 1, 1] and out[-1]["state"]["waiting"] == [3]


def _first_answer(out: list[dict], seat: int, after: int) -> dict:
    """The first status line (``status.now.*`` or the table's naming of the awaited seats)
    in ``seat``'s earphone among ``out[after:]``."""
    return next(o for o in out[after:] if o.get("event") == "announce" and o["channel"] == f"seat:{seat}"
                and (o["key"].startswith("status.now.") or o["key"] == "table.waiting"))


def test_D32_A29_issue31_a_status_hold_in_the_morning_says_the_mornings_ready_not_the_vote():
    """Before noon's vote is open (the morning, D32), a hold's first answer says what is open
    now: the morning's "ready" to a seat that has not said it ("You: vote now" was said, and a
    press then only said the seat was ready), and to a seat ready already how many are ready;
    once one seat is left, whom the table waits for (ACCESSIBILITY.md 28, 29)."""
    hold = {"signal": "button", "gesture": "hold"}
    press = {"signal": "button", "gesture": "press"}
    wait = {"signal": "wait", "seconds": 12}          # the table has heard the ready
    heard = {"signal": "wait", "seconds": 10}        # the status waits until the table heard the ready
    morning = {"signal": "wait_for", "key": "day.morning"}
    out = run([{"setup": SETUP}, morning, {**hold, "seat": 1}, heard])
    first = _first_answer(out, 1, 0)
    assert first["key"] == "status.now.you.morning", first
    assert first["text"] == "Morning: press your button when you are ready."      # long, the first time
    out = run([{"setup": SETUP}, morning, {**press, "seat": 1}, wait,
               {**hold, "seat": 1}, heard])
    mark = max(i for i, o in enumerate(out) if o.get("key") == "morning.ready")
    first = _first_answer(out, 1, mark)
    assert (first["key"], first["params"]) == ("status.now.morning", {"count": 1, "total": 4}), first
    assert first["text"] == "Morning: one of four ready for noon."      # long, the first time
    out = run([{"setup": SETUP}, morning] + [x for s in (0, 1, 2) for x in
                                                                      ({**press, "seat": s}, wait)]
              + [{**hold, "seat": 1}, heard])
    mark = max(i for i, o in enumerate(out) if o.get("key") == "morning.ready")
    first = _first_answer(out, 1, mark)
    assert (first["key"], first["params"]) == ("table.waiting", {"seats": [3]}), first
    assert not [o for o in out[mark:] if o.get("channel") == "seat:1" and o["key"].startswith("status.now.you.vote")]
