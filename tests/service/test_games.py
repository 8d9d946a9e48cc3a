"""Complete games and game situations driven through ``simulate`` (pins and RFID frames on the
mocked board, never engine calls): every kind of win, chaos, each power, refusals, faults."""

from __future__ import annotations

import json

import pytest

from firmware_host.games.secret_dictator import state_json
from firmware_host.games.secret_dictator.scripting import signals_for_game

from . import gamegen
from .conftest import ROOT, announces, at_a_persons_pace, keys, run_lines, state

SETUP_5P = {"players": 5, "seed": 21, "language": "en"}


def test_R15_seven_player_example_ends_with_the_democrats_fifth_law():
    out = run_lines((ROOT / "examples" / "simulate-7p.jsonl").read_text())
    actions = gamegen.seven_player_actions()
    assert state(out) == state_json(gamegen.final_game(gamegen.SETUP_7P, actions))
    assert "tracker.moved" in keys(out, "public") and "power.execution.done" in keys(out, "public")
    assert state(out)["winner"] == "democrats" and state(out)["reason"] == "democratic_laws"
    assert not [l for l in out if l.get("event") in ("fault", "rejected")]
    assert "game_over.roles" in keys(out, "public")
    # the prolog reached every seat privately (R17) and no private key went to the table (R16)
    assert {l["channel"] for l in announces(out) if l["key"].startswith("prolog.role.")} == {f"seat:{s}" for s in range(7)}
    from firmware_host.games.secret_dictator import catalogue
    assert not [l for l in announces(out, "public") if catalogue.is_private(l["key"])]


@pytest.mark.parametrize("reason", ["fascist_laws", "dictator_elected", "dictator_executed", "democratic_laws"])
def test_R15_every_kind_of_win_by_board_signals(reason):
    actions = gamegen.find_game(SETUP_5P, lambda a, g: g.reason == reason)
    out = run_lines(signals_for_game(SETUP_5P, actions))
    assert state(out) == state_json(gamegen.final_game(SETUP_5P, actions))
    assert state(out)["reason"] == reason
    assert f"game_over.{reason}" in keys(out, "public")
    assert not [l for l in out if l.get("event") == "fault"]


def test_R9_chaos_enacts_the_top_law_and_the_players_place_it():
    out = run_lines((ROOT / "examples" / "simulate-chaos.jsonl").read_text())
    s = state(out)
    assert s["fascist_laws"] + s["democratic_laws"] == 1 and s["election_tracker"] == 0
    k = keys(out, "public")
    assert "chaos.started" in k and k.count("tracker.moved") >= 3
    assert [e for e in out if e.get("event") == "law_enacted"][0]["by"] == "chaos"
    assert not [l for l in out if l.get("event") in ("fault", "rejected")]


def test_R9_untracked_chaos_law_is_read_from_the_slot_it_lands_in():
    out = run_lines((ROOT / "examples" / "simulate-chaos-untracked.jsonl").read_text())
    assert state(out)["fascist_laws"] == 1
    assert "chaos.place_top_law" in keys(out, "public")
    assert not [l for l in out if l.get("event") in ("fault", "rejected")]


@pytest.mark.parametrize("name, public_key, private_key", [
    ("simulate-power-view-discard.jsonl", "power.view_discard", "power.view_discard.result"),
    ("simulate-power-execution.jsonl", "power.execution.done", None),
    ("simulate-power-special-election.jsonl", "power.special_election.chosen", None),
    ("simulate-power-investigate.jsonl", "power.investigate.done", "power.investigate.result"),
])
def test_R13_each_power_by_board_signals(name, public_key, private_key):
    out = run_lines((ROOT / "examples" / name).read_text())
    assert public_key in keys(out, "public")
    if private_key:
        where = {l["channel"] for l in announces(out) if l["key"] == private_key}
        assert where and "public" not in where
    assert not [l for l in out if l.get("event") in ("fault", "rejected")]
    assert state(out)["phase"] == "nomination"


def test_R13_peek_result_goes_only_to_the_president_and_a_press_acknowledges():
    """The president presses once it has heard its result (ACCESSIBILITY.md 26-27), not at
    the instant the result starts: a press then cuts the unheard result, which is said again
    whole (ACCESSIBILITY.md 4, 26), and the result would be heard once but played twice."""
    game_actions = gamegen.seven_player_actions()
    acks = [i for i, a in enumerate(game_actions) if a["action"] == "acknowledge"]
    lines = signals_for_game(gamegen.SETUP_7P, game_actions[:acks[1] + 1])
    out = run_lines(at_a_persons_pace(lines, ("power.peek.result", "power.view_discard.result")))
    results = [l for l in announces(out) if l["key"] == "power.peek.result"]
    assert len(results) == 1 and results[0]["channel"].startswith("seat:")
    assert state(out)["phase"] == "nomination"


def test_A16_execution_needs_the_confirming_press():
    script = (ROOT / "examples" / "simulate-power-execution.jsonl").read_text().splitlines()
    # drop the last (confirming) press: the execution must not happen
    out = run_lines("\n".join(script[:-1]))
    assert "power.execution.confirm" in keys(out)
    assert not [e for e in out if e.get("event") == "executed"]
    assert state(out)["phase"] == "power"


def test_R8_second_ballot_and_ballot_outside_a_vote_are_refused_aloud():
    lines = gamegen.unplug_script()[:6] + [
        {"signal": "ballot", "seat": 1, "ballot": "nein"},
    ]
    out = run_lines(lines)
    rejected = [l for l in out if l.get("event") == "rejected"]
    assert [r["reason"] for r in rejected] == ["already_voted"] and rejected[0]["line"] == 7
    assert "refusal.already_voted" in keys(out, "public")
    before = run_lines(lines[:1] + [{"signal": "ballot", "seat": 2, "ballot": "ja"}])
    assert [l["reason"] for l in before if l.get("event") == "rejected"] == ["wrong_phase"]


def test_R8_ballot_of_an_executed_player_is_refused():
    script = gamegen.power_script(gamegen.SETUP_7P, "execute")
    out = run_lines(script)
    executed = [e for e in out if e.get("event") == "executed"][0]["target"]
    president = state(out)["president"]
    target = next(s for s in state(out)["alive"] if s != president and s not in state(out)["ineligible"])
    more = [{"signal": "button", "seat": president, "gesture": "press"},
            {"signal": "wait_for", "key": "scan.item", "params": {"seat": target}, "timeout": 120},
            {"signal": "button", "seat": president, "gesture": "press"},
            {"signal": "ballot", "seat": executed, "ballot": "ja"}]
    out = run_lines(script + more)
    assert [l["reason"] for l in out if l.get("event") == "rejected"] == ["not_alive"]


def test_bounce_gives_one_press_and_glitches_none():
    out = run_lines((ROOT / "examples" / "simulate-bounce.jsonl").read_text())
    assert keys(out).count("scan.start") == 1
    assert len([e for e in out if e.get("event") == "nominated"]) == 1


def test_reader_unplugged_mid_vote_is_a_spoken_fault_and_the_vote_goes_on():
    out = run_lines((ROOT / "examples" / "simulate-unplug.jsonl").read_text())
    faults = [l for l in out if l.get("event") == "fault"]
    assert [f["reason"] for f in faults] == ["reader_unplugged"]
    k = keys(out, "public")
    # back mid-vote: the table hears whose ballots it still waits for (ACCESSIBILITY.md 28)
    assert "fault.reader_unplugged" in k and "fault.reader_back_waiting" in k
    back = next(l for l in announces(out) if l["key"] == "fault.reader_back_waiting")
    assert back["channel"] == "public" and back["params"]["seats"]
    assert state(out)["phase"] == "legislative_president"


def test_garbage_rfid_frame_is_one_fault_and_changes_nothing():
    lines = gamegen.unplug_script()[:5] + [{"signal": "serial", "reader": "ballot", "hex": "0230463030413142324333303003"}]
    out = run_lines(lines)
    assert [l["reason"] for l in out if l.get("event") == "fault"] == ["bad_frame"]
    assert state(out)["phase"] == "election"


def test_law_on_the_wrong_track_is_refused_privately_and_must_be_taken_out():
    out = run_lines((ROOT / "examples" / "simulate-wrong-track.jsonl").read_text())
    rejected = [l for l in out if l.get("event") == "rejected"]
    assert [r["reason"] for r in rejected] == ["not_in_hand"]
    refusals = [l for l in announces(out) if l["key"] == "refusal.not_in_hand"]
    assert refusals and all(l["channel"].startswith("seat:") for l in refusals)
    k = keys(out, "public")
    assert k.index("tile.check") < k.index("board.matches")     # neutral in public (R16)
    assert state(out)["fascist_laws"] == 1 and state(out)["democratic_laws"] == 0


def test_tracker_in_the_wrong_hole_blocks_actions_until_fixed():
    lines = [l for l in gamegen.chaos_script({"players": 5, "seed": 2, "language": "en"})]
    first_tracker = next(i for i, l in enumerate(lines) if l.get("signal") == "tracker")
    cut = lines[:first_tracker]            # the tracker should now be in hole 1, but is not
    president_press = next(l for l in lines[first_tracker:] if l.get("signal") == "button")
    wait = {"signal": "wait", "seconds": 60}      # players who hear the table before they act
    out = run_lines(cut + [wait, president_press, wait, {"signal": "tracker", "position": 1}, wait, president_press])
    faults = [l for l in out if l.get("event") == "fault"]
    assert [f["reason"] for f in faults] == ["board_mismatch"]
    k = keys(out, "public")
    assert "tracker.wrong_hole" in k and "board.matches" in k
    k_after = keys(_after_key(out, "tracker.wrong_hole"))
    assert k_after.count("scan.start") == 1         # only the press after the fix starts a scan
    assert k_after.index("board.matches") < k_after.index("scan.start")


def _after_key(out: list[dict], key: str) -> list[dict]:
    """The output from the first announcement of ``key`` on (announce lines are in playing order)."""
    return out[next(i for i, l in enumerate(out) if l.get("event") == "announce" and l["key"] == key):]


def test_A14_scan_stops_after_three_passes_never_chooses_and_resumes_on_press():
    setup = {"players": 5, "seed": 4, "language": "en"}
    out = run_lines([{"setup": setup}, {"signal": "button", "seat": 0, "gesture": "press"},
                     {"signal": "wait", "seconds": 120},
                     {"signal": "button", "seat": 0, "gesture": "press"},
                     {"signal": "wait_for", "key": "scan.item", "params": {"seat": 3}, "timeout": 30},
                     {"signal": "button", "seat": 0, "gesture": "press"}])
    k = keys(out, "seat:0")
    stopped = k.index("scan.stopped")
    assert k[:stopped].count("scan.item") == 3 * 4 and k[:stopped].count("scan.wrap") == 2
    nominated = [e for e in out if e.get("event") == "nominated"]
    assert nominated == [{"event": "nominated", "seat": 0, "target": 3}]


def test_A17_scan_list_goes_into_the_choosers_earphone_only():
    out = run_lines((ROOT / "examples" / "simulate-bounce.jsonl").read_text())
    assert {l["channel"] for l in announces(out) if l["key"].startswith("scan.")} == {"seat:0"}


def test_A3_hold_gives_public_status_and_role_privately(tmp_path):
    """ACCESSIBILITY.md 3, 29 with ``status_channel = "public"``: a hold's first answer (what
    is open) is said at the table; further holds at a person's pace (each a hold of the
    button 1-2 s after the seat heard the answer before start, or while a layer plays) step
    through the layers: the tracks at the table, the role in the seat's earphone only. Five
    holds at one instant would be holds before any answer was heard, each answered with the
    first layer again (a layer the seat never heard is not stepped past)."""
    config = board_config(tmp_path, '[service]\nstatus_channel = "public"\n')
    hold = {"signal": "button", "seat": 3, "gesture": "hold"}
    heard = {"signal": "wait", "seconds": 3.5}       # the hold itself, the clip heard, 1-2 s to react
    out = run_lines([{"setup": {"players": 5, "seed": 4, "language": "en"}}, hold,
                     {"signal": "wait_for", "key": "status.now.waiting.president", "params": {}, "timeout": 120},
                     heard] + [hold, heard] * 4 + [{"signal": "wait", "seconds": 30}], config_path=config)
    assert "status.now.waiting.president" in keys(out, "public") and "status.public" in keys(out, "public")
    private = [l for l in announces(out) if l["key"] == "status.private"]
    assert [l["channel"] for l in private] == ["seat:3"]


def test_A29_issue31_holds_again_before_the_first_answer_began_give_it_once_at_the_table(tmp_path):
    """ACCESSIBILITY.md 3, 4, 29 with ``status_channel = "public"``: a seat that holds again
    and again while its first answer still waits for the table (the prolog is being said)
    hears that answer once, not once per hold: the table's time is everyone's (each copy
    queued at the table, five holds gave five "Waiting: the president, seat 1")."""
    config = board_config(tmp_path, '[service]\nstatus_channel = "public"\n')
    out = run_lines([{"setup": {"players": 5, "seed": 4, "language": "en"}}]
                    + [{"signal": "button", "seat": 3, "gesture": "hold"}] * 5
                    + [{"signal": "wait", "seconds": 30}], config_path=config)
    status = [k for k in keys(out, "public") if k.startswith("status.")]
    assert status == ["status.now.waiting.president"], status


def test_veto_by_chancellor_scan_and_president_ballot():
    setup = {"players": 5, "seed": 3, "language": "en", "variant": "official"}
    actions = gamegen.find_game(setup, lambda a, g: any(x["action"] == "veto_reply" for x in a), ja=0.9)
    i = gamegen.first_index(actions, lambda x: x["action"] == "veto_reply")
    out = run_lines(signals_for_game(setup, actions[:i + 1]))
    k = keys(out, "public")
    assert "veto.proposed" in k and ("veto.accepted" in k or "veto.refused" in k)
    assert not [l for l in out if l.get("event") in ("fault", "rejected")]


def test_role_tiles_are_read_seat_by_seat_then_the_game_starts():
    setup = {"players": 5, "seed": 4, "language": "en", "role_source": "tiles"}
    roles = ["democrat", "fascist", "democrat", "dictator", "democrat"]
    tile = {"democrat": 0, "fascist": 0, "dictator": 0}
    lines: list[dict] = [{"setup": setup}]
    for r in roles:
        tile[r] += 1
        lines.append({"signal": "role", "role": r, "tile": tile[r]})
    lines.append({"signal": "gm", "command": "pause"})
    out = run_lines(lines)
    k = keys(out, "public")
    assert k.count("roles.tile_read") == 5 and "roles.complete" in k and "game.started" in k
    assert not [key for key in k if key.startswith("prolog.")][:-1]   # nothing said about roles at the table
    assert k.index("game.started") < k.index("prolog.done")           # the prolog follows (R3, R17)
    assert [[k for k in keys(out, f"seat:{s}") if not k.startswith("tile.read.")][0] for s in range(5)] == [
        f"prolog.role.{r}" for r in roles]
    assert not [l for l in out if l.get("event") in ("fault", "rejected")]


def test_game_master_key_pauses_and_nothing_is_accepted_until_resumed():
    lines = gamegen.unplug_script()[:5] + [
        {"signal": "wait", "seconds": 60},            # the table has said the first count
        {"signal": "key", "gesture": "press"},
        {"signal": "ballot", "seat": 1, "ballot": "ja"},
        {"signal": "key", "gesture": "press"},
        {"signal": "ballot", "seat": 1, "ballot": "ja"},
    ]
    out = run_lines(lines)
    assert [l["reason"] for l in out if l.get("event") == "rejected"] == ["paused"]
    k = keys(out, "public")
    assert k.index("gm.paused") < k.index("gm.resumed")
    assert [l["params"]["count"] for l in announces(out) if l["key"] == "ballot.counted"] == [1, 2]


def test_game_master_undo_act_and_choose_by_signals():
    setup = {"players": 5, "seed": 4, "language": "en"}
    out = run_lines([{"setup": setup},
                     {"signal": "gm", "command": "choose", "seat": 0, "target": 3},
                     {"signal": "gm", "command": "undo"},
                     {"signal": "gm", "command": "choose", "seat": 0, "target": 2},
                     {"signal": "gm", "command": "act", "action": {"action": "vote", "seat": 0, "ballot": "ja"}},
                     {"signal": "gm", "command": "act", "action": {"action": "vote", "seat": 0, "ballot": "ja"}},
                     {"signal": "gm", "command": "choose", "seat": 0, "target": 1}])
    assert [e["target"] for e in out if e.get("event") == "nominated"] == [3, 2]
    assert "undo.action" in keys(out, "public")
    assert [l["reason"] for l in out if l.get("event") == "rejected"] == ["already_voted"]
    faults = [l for l in out if l.get("event") == "fault"]
    assert len(faults) == 1 and faults[0]["source"] == "gm" and faults[0]["line"] == 7
    assert state(out)["phase"] == "election"


def board_config(tmp_path, extra: str):
    text = (ROOT / "hardware" / "board.toml").read_text()
    text = text.replace('registry = "tags.toml"', f'registry = "{ROOT / "hardware" / "tags.toml"}"')
    path = tmp_path / "board.toml"
    path.write_text(text + "\n" + extra)
    return str(path)


def test_A12_idle_press_can_give_the_status_all_into_the_earphone(tmp_path):
    config = board_config(tmp_path, '[service]\nidle_press = "status"\nstatus_channel = "earphone"\n')
    out = run_lines([{"setup": {"players": 5, "seed": 4, "language": "en"}}]
                    + [{"signal": "button", "seat": 3, "gesture": "press"}] * 5, config_path=config)
    status = [l for l in announces(out) if l["key"].startswith("status.")]
    assert {l["channel"] for l in status} == {"seat:3"}
    assert {l["key"] for l in status} >= {"status.public", "status.private"}


def test_A16_execution_without_confirmation_when_configured_off(tmp_path):
    config = board_config(tmp_path, "[service]\nconfirm_execution = false\n")
    actions = gamegen.find_game(gamegen.SETUP_7P, lambda a, g: any(x["action"] == "execute" for x in a))
    i = gamegen.first_index(actions, lambda x: x["action"] == "execute")
    out = run_lines(signals_for_game(gamegen.SETUP_7P, actions[:i + 1], confirm_execution=False),
                    config_path=config)
    assert [e for e in out if e.get("event") == "executed"] and "power.execution.confirm" not in keys(out)


def _after_president_discard() -> list[dict]:
    """Seat 0 president, seat 1 chancellor, elected; the president has discarded a fascist law
    (examples/simulate-wrong-track.jsonl's opening): the chancellor holds two laws."""
    lines = [json.loads(l) for l in (ROOT / "examples" / "simulate-wrong-track.jsonl").read_text().splitlines()
             if l.strip() and not l.startswith("#")][:9]
    return lines + [{"signal": "law_read", "party": "fascist"}]


@pytest.mark.parametrize("order", ["discard first", "enact first"])
def test_SIMULATE_the_chancellor_drops_the_other_law_before_or_after_enacting(order):
    enact = {"signal": "slot", "track": "fascist", "slot": 1, "state": "filled"}
    discard = {"signal": "law_read", "party": "fascist"}
    lines = _after_president_discard() + ([discard, enact] if order == "discard first" else [enact, discard])
    out = run_lines(lines)
    assert not [l for l in out if l.get("event") in ("rejected", "fault")]
    assert not [k for k in keys(out) if k.startswith("refusal.")]
    assert state(out)["fascist_laws"] == 1 and state(out)["phase"] == "nomination"


def test_SIMULATE_a_second_tile_after_the_chancellors_discard_is_refused():
    enact = {"signal": "slot", "track": "fascist", "slot": 1, "state": "filled"}
    lines = _after_president_discard() + [enact, {"signal": "law_read", "party": "fascist"},
                                          {"signal": "law_read", "party": "fascist"}]
    out = run_lines(lines)
    assert [l["reason"] for l in out if l.get("event") == "rejected"] == ["wrong_phase"]
