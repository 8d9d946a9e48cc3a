"""``firmware-host replay`` of Autocracy (AUTOCRACY.md "Replay"): the worked examples, the
unusable files, the rejection precedence, the exact state and the announcements' privacy."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from firmware_host.commands.replay import read_game_file, replay_lines
from firmware_host.errors import UsageError
from firmware_host.games.autocracy import STATE_KEYS

from au_helpers import MENTORS, PILE, rejected, run, setup_obj

ROOT = Path(__file__).resolve().parents[3]
SPEC_EXAMPLES = ROOT / "docs" / "spec" / "examples" / "autocracy"
OUR_EXAMPLES = sorted((ROOT / "examples").glob("autocracy-*.jsonl"))
R1 = [{"action": "roll", "seat": s, "dice": [["armee", 1], ["politique", 1]]} for s in range(3)]


@pytest.mark.parametrize("path", sorted(SPEC_EXAMPLES.glob("*.jsonl")), ids=lambda p: p.stem)
def test_every_worked_example_replays_to_its_expected_state_and_rejections(path):
    want = json.loads(path.with_suffix("").with_suffix(".expected-state.json").read_text())
    out = replay_lines(read_game_file(str(path)))
    assert out[-1] == {"state": want["state"]}
    assert rejected(out) == [tuple(r) for r in want["rejected"]]


def test_the_worked_examples_in_the_clone_are_the_shared_specs():
    shared = Path("/work/shared/spec/examples/autocracy")
    if not shared.is_dir():
        pytest.skip("no shared spec on this machine")
    for path in shared.iterdir():
        assert (SPEC_EXAMPLES / path.name).read_bytes() == path.read_bytes()


def test_the_cli_replays_a_worked_example_and_its_last_line_is_the_state():
    path = SPEC_EXAMPLES / "attacks-4p.jsonl"
    want = json.loads((SPEC_EXAMPLES / "attacks-4p.expected-state.json").read_text())
    p = subprocess.run([sys.executable, "-m", "firmware_host", "replay", str(path)],
                       capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert p.returncode == 0 and p.stderr == ""
    assert json.loads(p.stdout.splitlines()[-1]) == {"state": want["state"]}


@pytest.mark.parametrize("path", OUR_EXAMPLES, ids=lambda p: p.stem)
def test_our_example_files_replay_to_a_winner_without_rejections(path):
    assert path.read_text(encoding="utf-8").startswith("# ")
    out = replay_lines(read_game_file(str(path)))
    assert rejected(out) == []
    state = out[-1]["state"]
    assert state["phase"] == "game_over" and state["winner"] is not None
    assert all(state["tokens"][state["winner"]][d] >= 1 for d in state["tokens"][0])


def test_there_is_an_example_replay_file_in_examples():
    assert OUR_EXAMPLES


def test_the_state_has_exactly_the_fifteen_keys_in_order():
    state = run(setup_obj())[-1]["state"]
    assert tuple(state) == STATE_KEYS and len(STATE_KEYS) == 15
    assert state["phase"] == "turn" and state["waiting"] == [0] and state["attack"] is None
    assert state["last_roll"] is None and state["hands"] is None and state["bought"] is False


def test_the_output_starts_with_game_started_and_the_first_turn():
    events = [o for o in run(setup_obj(first=1)) if o.get("event") not in ("announce", None)]
    assert events[0]["event"] == "game_started" and events[0]["first"] == 1
    assert events[0]["pile"] == 27 and events[0]["reserve"]["economie"] == 80 - 18
    assert events[1] == {"event": "turn", "seat": 1, "round": 1}


def test_other_fields_of_an_action_line_are_ignored():
    a = run(setup_obj(), {"action": "roll", "seat": 0, "dice": [["armee", 1], ["armee", 1]],
                          "trick": "bogus", "x": [1]})
    b = run(setup_obj(), {"action": "roll", "seat": 0, "dice": [["armee", 1], ["armee", 1]]})
    assert a == b


def test_a_roll_without_dice_is_rolled_from_the_seed_and_refused_without_one():
    seeded = run({"game": "autocracy", "players": 3, "seed": 4, "language": "en"},
                 {"action": "roll", "seat": 0})
    rolled = [o for o in seeded if o.get("event") == "rolled"]
    assert len(rolled) == 1 and len(rolled[0]["dice"]) == 2
    unseeded = run(setup_obj(), {"action": "roll", "seat": 0}, {"action": "roll", "seat": 0,
                                                                 "dice": None})
    assert rejected(unseeded) == [(2, "malformed"), (3, "malformed")]


def test_a_seed_reproduces_a_game_within_this_implementation():
    setup = {"game": "autocracy", "players": 4, "seed": 11, "language": "fr"}
    actions = [{"action": "roll", "seat": s % 4} for s in range(8)]
    assert run(setup, *actions) == run(setup, *actions)


# -- unusable files (exit 2, one line) ------------------------------------------------------

@pytest.mark.parametrize("change,words", [
    ({"players": 7}, "players"), ({"players": "3"}, "players"), ({"language": "it"}, "language"),
    ({"first": 3}, "first"), ({"first": True}, "first"), ({"colour": 1}, "unknown setup key"),
    ({"mentors": [{}, {}]}, "mentors"), ({"mentors": [{"gold": 1}, {}, {}]}, "gold"),
    ({"mentors": [{"economie": -1}, {}, {}]}, "economie"),
    ({"trick_pile": ["chantage"] * 30}, "exactly"), ({"trick_pile": ["dice"]}, "trick_pile"),
    ({"dice": []}, "dice"), ({"dice": [[["economie", 1]]]}, "dice"),
    ({"dice": [[["economie", 0], ["media", 1]]]}, "dice"),
    ({"dice": [[["gold", 1], ["media", 1]]]}, "dice"),
    ({"reserve": {"economie": 80}}, "reserve"),
    ({"reserve": {"economie": 1, "media": 40, "justice": 30, "armee": 20, "politique": 12}}, "reserve"),
    ({"exchange": {"media": 0, "justice": 2, "armee": 3, "politique": 2}}, "exchange"),
    ({"trick_price": {}}, "trick_price"), ({"trick_price": {"coup_bas": 1}}, "trick_price"),
    ({"tricks": {"nationalisation": 0, "revolte": 0, "chantage": 1, "espionnage": 0,
                 "corruption": 1}, "trick_pile": ["chantage", "corruption"]}, "fewer"),
    ({"seed": 1.5}, "seed"), ({"game": "dying"}, "game"),
])
def test_an_invalid_setup_makes_the_file_unusable(change, words):
    setup = {**setup_obj(), **change}
    with pytest.raises(UsageError, match=words):
        run(setup)


@pytest.mark.parametrize("left_out", ["mentors", "trick_pile"])
def test_mentors_or_pile_left_out_need_a_seed(left_out):
    setup = {k: v for k, v in setup_obj().items() if k != left_out}
    with pytest.raises(UsageError, match="seed"):
        run(setup)
    run({**setup, "seed": 3})


@pytest.mark.parametrize("line,words", [
    ('[1, 2]', "not an action"), ('{"seat": 0}', "not an action"),
    ('{"action": 5}', "not an action"), ('{"action": "pass", "seat": 0}', "unknown action"),
])
def test_a_line_that_is_not_a_known_action_makes_the_file_unusable(line, words):
    with pytest.raises(UsageError, match=words):
        replay_lines([json.dumps({"setup": setup_obj()}), line])


def test_the_cli_says_an_unusable_file_in_one_line_with_exit_2_and_nothing_on_stdout(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"setup": {"game": "autocracy", "players": 9}}) + "\n")
    p = subprocess.run([sys.executable, "-m", "firmware_host", "replay", str(path)],
                       capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert p.returncode == 2 and p.stdout == ""
    assert len(p.stderr.strip().splitlines()) == 1 and "players" in p.stderr
    assert "Traceback" not in p.stderr


# -- rejections, in precedence --------------------------------------------------------------

def round_2(*extra: dict) -> list[dict]:
    """Three seats; round 1 rolled; then ``extra``."""
    return [*R1, *extra]


@pytest.mark.parametrize("actions,want", [
    # malformed beats wrong_phase and not_your_turn
    ([{"action": "counter", "seat": 9, "trick": "chantage"}], "malformed"),
    ([{"action": "exchange", "seat": 1, "give": "coup_bas", "get": "economie", "count": 1}], "malformed"),
    ([{"action": "exchange", "seat": 0, "give": "economie", "get": "media", "count": 0}], "malformed"),
    ([{"action": "exchange", "seat": 0, "give": "economie", "get": "media", "count": 1.0}], "malformed"),
    ([{"action": "exchange", "seat": 0, "give": "economie", "get": "media", "count": 1, "partner": "1"}], "malformed"),
    ([{"action": "attack", "seat": 0, "trick": "bribe", "target": 1}], "malformed"),
    ([{"action": "attack", "seat": 0, "trick": "chantage", "target": True}], "malformed"),
    ([{"action": "attack", "seat": 0, "trick": "chantage", "target": 1, "domain": "gold"}], "malformed"),
    ([{"action": "attack", "seat": 0, "trick": "espionnage", "target": 1, "pick": "0"}], "malformed"),
    ([{"action": "roll", "seat": 0, "dice": [["armee", 1]]}], "malformed"),
    ([{"action": "roll", "seat": 0, "dice": [["armee", 2], ["armee", 1]]}], "malformed"),
    ([{"action": "buy", "seat": True}], "malformed"),
    # wrong_phase beats not_your_turn
    ([{"action": "no_counter", "seat": 2}], "wrong_phase"),
    ([{"action": "counter", "seat": 0, "trick": "chantage"}], "wrong_phase"),
    # not_your_turn beats first_round
    ([{"action": "attack", "seat": 1, "trick": "chantage", "target": 0, "domain": "media"}], "not_your_turn"),
    ([{"action": "attack", "seat": 0, "trick": "corruption", "target": 0}], "first_round"),
    # already_attacked beats already_bought, invalid_target...
    (round_2({"action": "attack", "seat": 0, "trick": "chantage", "target": 1, "domain": "media"},
             {"action": "no_counter", "seat": 1},
             {"action": "attack", "seat": 0, "trick": "corruption", "target": 0}), "already_attacked"),
    (round_2({"action": "exchange", "seat": 0, "give": "economie", "get": "media", "count": 1},
             {"action": "attack", "seat": 0, "trick": "corruption", "target": 0}), "already_exchanged"),
    (round_2({"action": "attack", "seat": 0, "trick": "corruption", "target": 0}), "invalid_target"),
    (round_2({"action": "attack", "seat": 0, "trick": "corruption", "target": 1}), "wrong_choice"),
    (round_2({"action": "attack", "seat": 0, "trick": "chantage", "target": 2, "domain": "economie"}), "nothing_to_take"),
    (round_2({"action": "attack", "seat": 0, "trick": "espionnage", "target": 1, "pick": 0}), "not_held"),
    ([{"action": "exchange", "seat": 0, "give": "economie", "get": "media", "count": 1, "partner": 0}], "invalid_target"),
    ([{"action": "exchange", "seat": 0, "give": "economie", "get": "justice", "count": 1, "partner": 7}], "invalid_target"),
    ([{"action": "exchange", "seat": 0, "give": "economie", "get": "justice", "count": 9}], "wrong_choice"),
    ([{"action": "exchange", "seat": 0, "give": "economie", "get": "media", "count": 2}], "short"),
    ([{"action": "buy", "seat": 0}], "short"),
])
def test_the_first_reason_of_the_list_is_given(actions, want):
    out = run(setup_obj(), *actions)
    got = rejected(out)
    assert got and got[-1][1] == want and got[-1][0] == len(actions) + 1


def test_a_rejected_action_leaves_the_state_unchanged():
    base = run(setup_obj(), *R1)[-1]
    after = run(setup_obj(), *R1, {"action": "exchange", "seat": 0, "give": "economie",
                                   "get": "media", "count": 5})[-1]
    assert base == after


def test_every_action_after_the_end_is_game_over_even_a_malformed_one():
    win = {"action": "exchange", "seat": 1, "give": "economie", "get": "media", "count": 1}
    setup = setup_obj(first=1, mentors=[{}, {"economie": 7, "justice": 1, "armee": 1,
                                             "politique": 1}, {}])
    out = run(setup, win, {"action": "roll", "seat": 99}, {"action": "buy"})
    assert out[-1]["state"]["winner"] == 1
    assert rejected(out) == [(3, "game_over"), (4, "game_over")]


# -- announcements (A29, A43) -------------------------------------------------------------

def _announces(out: list[dict]) -> list[dict]:
    return [o for o in out if o.get("event") == "announce"]


@pytest.mark.parametrize("path", sorted(SPEC_EXAMPLES.glob("*.jsonl")), ids=lambda p: p.stem)
def test_A29_no_kind_of_a_hand_is_said_at_the_table_before_the_end(path):
    out = replay_lines(read_game_file(str(path)))
    over = False
    for o in out:
        if o.get("event") == "game_over":
            over = True
        if o.get("event") != "announce":
            continue
        if o["channel"] == "public":
            assert not {"hand", "drawn", "taken"} & set(o["params"])
            if "hands" in o["params"]:
                assert over
        else:
            assert o["channel"].startswith("seat:")


def test_A43_not_held_is_said_only_into_the_seats_earphone():
    out = run(setup_obj(), *round_2({"action": "attack", "seat": 0, "trick": "espionnage",
                                     "target": 1, "pick": 0}))
    said = [o for o in _announces(out) if "reason" in o["params"]]
    assert [(o["channel"], o["params"]["reason"]) for o in said] == [("seat:0", "not_held")]


def test_A43_a_public_refusal_is_said_at_the_table_with_its_reason():
    out = run(setup_obj(), {"action": "buy", "seat": 0})
    said = [o for o in _announces(out) if "reason" in o["params"]]
    assert [(o["channel"], o["params"]) for o in said] == [("public", {"seat": 0, "reason": "short"})]


def test_A19_A42_only_the_two_seats_hear_the_kind_an_espionnage_took():
    rest = list(PILE)
    for k in ("espionnage", "corruption", "revolte"):
        rest.remove(k)
    pile = ["espionnage", "corruption", "revolte"] + rest
    out = run(setup_obj(trick_pile=pile), *round_2(
        {"action": "attack", "seat": 0, "trick": "espionnage", "target": 1, "pick": 0},
        {"action": "no_counter", "seat": 1}))
    said = [(o["channel"], o["key"]) for o in _announces(out) if "corruption" in json.dumps(o["params"])
            or o["key"].startswith(("espionnage.", "result.espionnage"))]
    assert ("public", "result.espionnage") in said
    assert ("seat:0", "espionnage.took") in said and ("seat:1", "espionnage.lost") in said
    assert all(ch in ("seat:0", "seat:1") for ch, key in said if key != "result.espionnage")


def test_A41_the_attacked_seat_hears_the_same_prompt_whether_or_not_it_holds_an_answer():
    def prompt(pile):
        out = run(setup_obj(trick_pile=pile), *round_2(
            {"action": "attack", "seat": 0, "trick": "chantage", "target": 1, "domain": "media"}))
        return [o for o in _announces(out) if o["key"].startswith("ask.")]
    holds = ["chantage", "chantage", "revolte"]
    lacks = ["chantage", "revolte", "chantage"]
    rest = list(PILE)
    for k in holds:
        rest.remove(k)
    assert prompt(holds + rest) != [] and prompt(holds + rest) == prompt(lacks + rest)


def test_french_is_a_language_of_the_replay_with_numbers_in_words():
    out = run(setup_obj(language="fr"), *R1)
    texts = [o["text"] for o in _announces(out)]
    assert "Siège un, Mentor : six jetons Économie, un jeton Média et un jeton Justice." in texts
    assert not any(ch.isdigit() for t in texts for ch in t)
