"""``firmware-host replay`` of In this way I become a DICTATOR (DICTATOR.md "Replay")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from firmware_host.commands.replay import read_game_file, replay_lines
from firmware_host.errors import UsageError

ROOT = Path(__file__).resolve().parents[3]
SPEC_EXAMPLES = ROOT / "docs" / "spec" / "examples" / "become_dictator"
OUR_EXAMPLES = sorted((ROOT / "examples").glob("become-dictator-*.jsonl"))
SETUP = {"setup": {"game": "become_dictator", "players": 4, "language": "en"}}
DAY_1 = [{"action": "vote", "seat": s, "target": (s + 1) % 4} for s in range(4)]
NIGHT_1 = [{"action": "drop", "seat": s, "roles": ["dictator", "jester"]} for s in range(4)]


def run(*objs) -> list[dict]:
    return replay_lines([json.dumps(o) for o in (SETUP, *objs)])


def rejected(out: list[dict]) -> list[tuple[int, str]]:
    return [(o["line"], o["reason"]) for o in out if o.get("event") == "rejected"]


@pytest.mark.parametrize("path", sorted(SPEC_EXAMPLES.glob("*.jsonl")), ids=lambda p: p.stem)
def test_every_worked_example_replays_to_its_expected_state_and_rejections(path):
    want = json.loads(path.with_suffix("").with_suffix(".expected-state.json").read_text())
    out = replay_lines(read_game_file(str(path)))
    assert out[-1] == {"state": want["state"]}
    assert rejected(out) == [tuple(r) for r in want["rejected"]]


@pytest.mark.parametrize("path", OUR_EXAMPLES, ids=lambda p: p.stem)
def test_our_example_files_replay_to_the_end_without_rejections(path):
    assert path.read_text(encoding="utf-8").startswith("# ")
    out = replay_lines(read_game_file(str(path)))
    assert rejected(out) == []
    state = out[-1]["state"]
    assert state["phase"] == "game_over" and state["winners"]


def test_the_revolution_example_shows_priority_over_the_single_top_dictator():
    path = ROOT / "examples" / "become-dictator-6p-revolution.jsonl"
    out = replay_lines(read_game_file(str(path)))
    state = out[-1]["state"]
    assert state["ranks"][0] == 1 and state["final_roles"][0] == "dictator"
    assert (state["winners"], state["winning_roles"]) == ([2, 3], ["revolutionary"])
    said = [o for o in out if o.get("key") == "game_over.overruled"]
    assert [o["params"] for o in said] == [{"role": "dictator", "by_roles": ["revolutionary"]}]


def test_there_is_an_example_replay_file_in_examples():
    assert OUR_EXAMPLES


def test_the_state_has_exactly_the_twelve_keys():
    state = run()[-1]["state"]
    assert list(state) == ["game", "phase", "day", "waiting", "votes", "voting_rights", "ranks",
                           "pledged_drops", "revealed", "final_roles", "winners",
                           "winning_roles"]
    assert state["phase"] == "vote" and state["waiting"] == [0, 1, 2, 3]


def test_the_output_starts_with_game_started_day_and_phase():
    events = [o for o in run() if "event" in o and o["event"] != "announce"]
    assert events == [{"event": "game_started", "game": "become_dictator", "players": 4},
                      {"event": "day", "day": 1},
                      {"event": "phase", "phase": "vote", "day": 1, "waiting": [0, 1, 2, 3]}]


def test_other_fields_of_an_action_line_are_ignored():
    a = run({"action": "vote", "seat": 0, "target": 1, "role": "bogus", "roles": 7})
    b = run({"action": "vote", "seat": 0, "target": 1})
    assert a == b


# -- the rejection precedence -------------------------------------------------------------------

@pytest.mark.parametrize("line, reason", [
    ({"action": "vote", "target": 1}, "malformed"),
    ({"action": "vote", "seat": 4, "target": 1}, "malformed"),
    ({"action": "vote", "seat": True, "target": 1}, "malformed"),
    ({"action": "vote", "seat": 1.0, "target": 2}, "malformed"),
    ({"action": "vote", "seat": 0}, "malformed"),
    ({"action": "vote", "seat": 0, "target": "1"}, "malformed"),
    ({"action": "discard_vote", "seat": 0, "target": 1, "role": "king"}, "malformed"),
    ({"action": "drop", "seat": 0}, "malformed"),
    ({"action": "drop", "seat": 0, "roles": "dictator"}, "malformed"),
    ({"action": "drop", "seat": 0, "roles": ["dictator", 3]}, "malformed"),
    # malformed before wrong_phase, wrong_phase before invalid_target
    ({"action": "discard_vote", "seat": 0, "target": 9, "role": "king"}, "malformed"),
    ({"action": "discard_vote", "seat": 0, "target": 9, "role": "noble"}, "wrong_phase"),
    ({"action": "no_discard_vote", "seat": 0}, "wrong_phase"),
    ({"action": "drop", "seat": 0, "roles": ["dictator"]}, "wrong_phase"),
    ({"action": "vote", "seat": 0, "target": 4}, "invalid_target"),
    ({"action": "vote", "seat": 0, "target": -1}, "invalid_target"),
    ({"action": "vote", "seat": 0, "target": 0}, "invalid_target"),
])
def test_day_1_rejections_in_precedence(line, reason):
    out = run(line)
    assert rejected(out) == [(2, reason)]
    assert out[-1]["state"]["votes"] == [0, 0, 0, 0]


def test_already_acted_comes_before_invalid_target():
    out = run({"action": "vote", "seat": 0, "target": 1}, {"action": "vote", "seat": 0, "target": 0})
    assert rejected(out) == [(3, "already_acted")]


@pytest.mark.parametrize("line, reason", [
    ({"action": "drop", "seat": 0, "roles": ["dictator"]}, "wrong_count"),
    ({"action": "drop", "seat": 0, "roles": ["dictator", "dictator"]}, "not_in_hand"),
    ({"action": "drop", "seat": 0, "roles": ["dictator", "jester", "noble"]}, "wrong_count"),
    ({"action": "vote", "seat": 0, "target": 1}, "wrong_phase"),
    ({"action": "discard_vote", "seat": 0, "target": 1}, "wrong_phase"),
])
def test_night_rejections_in_precedence(line, reason):
    assert rejected(run(*DAY_1, line)) == [(6, reason)]


def test_day_2_rejections_bad_role_not_in_hand_and_must_drop_revealed():
    out = run(*DAY_1, *NIGHT_1,
              {"action": "discard_vote", "seat": 0, "target": 1},                      # 10
              {"action": "discard_vote", "seat": 0, "target": 1, "role": None},        # 11
              {"action": "discard_vote", "seat": 0, "target": 9, "role": None},        # 12
              {"action": "discard_vote", "seat": 0, "target": 1, "role": "jester"},    # 13
              {"action": "discard_vote", "seat": 0, "target": 1, "role": "noble"},     # 14
              {"action": "discard_vote", "seat": 0, "target": 2, "role": "priest"},    # 15
              {"action": "vote", "seat": 1, "target": 2},                              # 16
              *[{"action": "no_discard_vote", "seat": s} for s in (1, 2, 3)],          # 17-19
              {"action": "vote", "seat": 0, "target": 2},                              # 20
              *[{"action": "vote", "seat": s, "target": 0} for s in (1, 2, 3)],        # 21-23
              {"action": "drop", "seat": 0, "roles": ["priest"]},                      # 24
              {"action": "drop", "seat": 0, "roles": ["jester"]})                      # 25
    assert rejected(out) == [(10, "bad_role"), (11, "bad_role"), (12, "invalid_target"),
                             (13, "not_in_hand"), (15, "already_acted"), (16, "wrong_phase"),
                             (20, "already_acted"), (24, "must_drop_revealed"),
                             (25, "not_in_hand")]


def test_game_over_comes_first_after_the_end():
    path = sorted(SPEC_EXAMPLES.glob("jester*.jsonl"))[0]
    lines = read_game_file(str(path))
    out = replay_lines(lines + ['{"action": "vote", "seat": true}',
                                '{"action": "drop", "seat": 0, "roles": []}'])
    assert rejected(out)[-2:] == [(len(lines) + 1, "game_over"), (len(lines) + 2, "game_over")]


def test_refusals_in_a_secret_step_or_revealing_a_card_go_to_the_seat_only():
    out = run(*DAY_1, {"action": "drop", "seat": 2, "roles": ["dictator", "dictator"]},
              {"action": "drop", "seat": 2, "roles": ["dictator"]})
    said = [o for o in out if o.get("event") == "announce" and o["key"].startswith("refusal.")]
    assert [(o["channel"], o["key"]) for o in said] == [("seat:2", "refusal.not_in_hand"),
                                                        ("seat:2", "refusal.wrong_count")]
    open_step = run({"action": "vote", "seat": 1, "target": 1})
    said = [o for o in open_step if o.get("event") == "announce" and o["key"].startswith("refusal.")]
    assert [(o["channel"], o["key"]) for o in said] == [("public", "refusal.invalid_target")]


# -- unusable files -----------------------------------------------------------------------------

@pytest.mark.parametrize("setup, words", [
    ({"game": "become_dictator"}, "players must be an integer from 4 to 10"),
    ({"game": "become_dictator", "players": 11}, "players must be an integer from 4 to 10"),
    ({"game": "become_dictator", "players": 5, "seed": 1}, "unknown setup key 'seed'"),
    ({"game": "become_dictator", "players": 5, "language": "fr"}, "language must be"),
    ({"game": "become_dictator", "players": 5, "switches": []}, "switches must be a JSON object"),
    ({"game": "become_dictator", "players": 5, "switches": {"reveal_night_5": True}},
     "unknown switch 'reveal_night_5' (did you mean 'reveal_night_4'?)"),
    ({"game": "become_dictator", "players": 5, "switches": {"reveal_night_4": 1}},
     "must be true or false"),
    ({"game": "become_dictators", "players": 5}, "did you mean 'become_dictator'?"),
    ([], "the setup must be a JSON object"),
])
def test_an_invalid_setup_makes_the_file_unusable(setup, words):
    with pytest.raises(UsageError) as info:
        replay_lines([json.dumps({"setup": setup})])
    assert words in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("line, words", [
    ("[1]", "line 2: not an action"),
    ('{"seat": 1}', "line 2: not an action"),
    ('{"action": 5}', "line 2: unknown action 5"),
    ('{"action": "nominate", "seat": 0}', "line 2: unknown action 'nominate'"),
])
def test_a_line_without_a_known_action_makes_the_file_unusable(line, words):
    with pytest.raises(UsageError, match=words):
        replay_lines([json.dumps(SETUP), line])


def test_cli_exit_2_one_line_nothing_on_stdout(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(SETUP) + '\n{"action": "elect", "seat": 0}\n')
    proc = subprocess.run([sys.executable, "-m", "firmware_host", "replay", str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr.count("\n") == 1 and "unknown action 'elect'" in proc.stderr


def test_cli_replays_a_worked_example_exit_0(tmp_path):
    path = sorted(SPEC_EXAMPLES.glob("nobles*.jsonl"))[0]
    proc = subprocess.run([sys.executable, "-m", "firmware_host", "replay", str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0 and proc.stderr == ""
    assert json.loads(proc.stdout.splitlines()[-1])["state"]["winners"] == [1, 2, 4]
