"""``firmware-host replay`` for Dying Message (DYING_MESSAGE.md "Replay"): the worked
examples, what makes a file unusable, chance inputs, rejection precedence, the output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from firmware_host.commands.replay import replay_lines
from firmware_host.errors import UsageError

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "docs" / "spec" / "examples" / "dying_message").glob("*.jsonl"))
if not EXAMPLES:  # the shared spec, where the repository copy is older
    EXAMPLES = sorted(Path("/work/shared/spec/examples/dying_message").glob("*.jsonl"))
STATE_KEYS = ["game", "phase", "round", "winner", "reason", "alive", "dead", "accused",
              "skips_pending", "message_area", "evidence_pool", "draw_pile", "discard_pile",
              "dead_messages"]
FORBIDDEN_PUBLIC = {"role", "roles", "killers", "teammates", "genuine_cards", "protected",
                    "destined", "proposals"}
EVIDENCE = [f"thing {i}" for i in range(20)]
SETUP = {"game": "dying_message", "players": 5, "language": "en",
         "roles": ["killer", "citizen", "celebrity", "private_detective", "citizen"],
         "evidence": EVIDENCE, "deck": list(range(20))}


def run(setup: dict, *actions) -> list[dict]:
    lines = [json.dumps({"setup": setup})] + [a if isinstance(a, str) else json.dumps(a)
                                              for a in actions]
    return replay_lines(lines)


def rejected(out: list[dict]) -> list[tuple[int, str]]:
    return [(o["line"], o["reason"]) for o in out if o.get("event") == "rejected"]


def check_public_announcements(out: list[dict]) -> None:
    """M39: before game_over no public line names a private fact, and a character is named
    with a seat only after that seat's ``died`` event."""
    died: set[int] = set()
    over = False
    for o in out:
        if o.get("event") == "died":
            died.add(o["seat"])
        if o.get("event") == "game_over":
            over = True
        if o.get("event") == "announce" and o["channel"] == "public" and not over:
            assert not FORBIDDEN_PUBLIC & set(o["params"]), o
            if "character" in o["params"] and "seat" in o["params"]:
                assert o["params"]["seat"] in died, o


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_worked_example_replays_to_its_expected_state_through_the_cli(path):
    want = json.loads(path.with_name(path.stem + ".expected-state.json").read_text())
    proc = subprocess.run([sys.executable, "-m", "firmware_host", "replay", str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert out[-1] == {"state": want["state"]}
    assert list(out[-1]["state"]) == STATE_KEYS
    assert [[line, [reason]] for line, reason in rejected(out)] == want["rejected"]
    check_public_announcements(out)


def test_the_example_in_examples_replays_to_a_win_without_rejections():
    path = ROOT / "examples" / "dying-message-9p.jsonl"
    out = replay_lines(path.read_text().splitlines())
    assert rejected(out) == []
    assert out[-1]["state"]["phase"] == "game_over"
    check_public_announcements(out)


@pytest.mark.parametrize("change, words", [
    ({"players": 3}, "players"),
    ({"players": True}, "players"),
    ({"language": "fr"}, "language"),
    ({"roles": ["killer", "citizen", "citizen", "citizen"]}, "roles"),
    ({"roles": ["private_detective", "private_detective", "killer", "citizen", "citizen"]},
     "box"),
    ({"evidence": ["x"] * 8}, "evidence"),
    ({"evidence": EVIDENCE[:19] + [""]}, "evidence"),
    ({"deck": list(range(19))}, "deck"),
    ({"deck": list(range(19)) + [True]}, "deck"),
    ({"seed": "12"}, "seed"),
    ({"options": {"skip_votes": True}}, "did you mean 'skip_vote'"),
    ({"options": {"self_vote": 1}}, "true or false"),
    ({"colour": "red"}, "unknown setup key"),
    ({"roles": None}, "seed is required"),
])
def test_an_invalid_setup_makes_the_file_unusable_in_one_line(change, words):
    setup = {**SETUP, **change}
    setup = {k: v for k, v in setup.items() if v is not None}
    with pytest.raises(UsageError, match=words) as info:
        run(setup)
    assert str(info.value).startswith("line 1: ") and "\n" not in str(info.value)


@pytest.mark.parametrize("line, words", [
    ('{"action": "murder", "seat": 1}', "unknown action"),
    ('{"seat": 1}', "not an action"),
    ('[1, 2]', "not an action"),
    ('{"action": 5}', "unknown action"),
])
def test_a_line_that_is_not_a_known_action_makes_the_file_unusable(line, words):
    with pytest.raises(UsageError, match=f"line 2: {words}"):
        run(SETUP, line)


NIGHT_1 = [{"action": "kill", "seat": 0, "targets": [2]},
           {"action": "genuine", "seat": 2, "cards": [3]},
           {"action": "fake", "seat": 0, "cards": [4]}]


def test_a_due_chance_input_without_a_seed_at_the_end_of_the_file_is_unusable():
    with pytest.raises(UsageError, match="the end of the file: a chance input 'arrange'"):
        run(SETUP, *NIGHT_1)


def test_a_due_chance_input_without_a_seed_before_another_line_is_unusable():
    with pytest.raises(UsageError, match="line 5: a chance input 'arrange'"):
        run(SETUP, *NIGHT_1, {"action": "vote", "seat": 0, "target": 1})


def test_with_a_seed_the_replay_draws_a_chance_input_the_file_leaves_out():
    out = run({**SETUP, "seed": 4}, *NIGHT_1, {"action": "vote", "seat": 0, "target": 1})
    area = [o for o in out if o.get("event") == "message_area"]
    assert sorted(area[0]["cards"]) == [3, 4]
    assert rejected(out) == []
    state = out[-1]["state"]
    assert state["phase"] == "vote" and sorted(state["message_area"]) == [3, 4]


def test_a_rejected_chance_input_stays_due():
    out = run(SETUP, *NIGHT_1, {"action": "arrange", "order": [3]},
              {"action": "arrange", "order": [4, 3]})
    assert rejected(out) == [(5, "malformed")]
    assert out[-1]["state"]["message_area"] == [4, 3]


def test_the_file_without_a_line_after_the_setup_ends_in_the_kill_phase():
    out = run(SETUP)
    assert out[-1]["state"]["phase"] == "kill" and out[-1]["state"]["round"] == 1
    assert [o.get("event") for o in out if o.get("event") != "announce"][:-1] == [
        "game_started", "evidence_pool", "round_started"]


# The precedence of rejection reasons: each case breaks two rules, the first must be given.
PRECEDENCE = [
    # game_over before everything: see the game_over test below
    ({"action": "kill", "seat": 9, "targets": [2]}, "malformed"),             # seat range
    ({"action": "kill", "seat": True, "targets": [2]}, "malformed"),
    ({"action": "kill", "seat": 0, "targets": [2, 2]}, "malformed"),
    ({"action": "kill", "seat": 0}, "malformed"),
    ({"action": "vote", "seat": 0, "target": "1"}, "malformed"),              # before phase
    ({"action": "protect", "seat": 0, "target": None}, "malformed"),
    ({"action": "examine", "seat": 0, "card": "x"}, "malformed"),
    ({"action": "arrange", "order": 5}, "malformed"),
    ({"action": "vote", "seat": 2, "target": 9}, "wrong_phase"),               # before invalid
    ({"action": "arrange", "order": [1]}, "wrong_phase"),                      # not due
    ({"action": "skip_vote"}, "wrong_phase"),
    ({"action": "kill", "seat": 1, "targets": [0, 2]}, "not_your_turn"),       # before count
    ({"action": "kill", "seat": 0, "targets": [2, 3]}, "wrong_count"),         # before invalid
    ({"action": "kill", "seat": 0, "targets": [0]}, "invalid_target"),
    ({"action": "kill", "seat": 0, "targets": [7]}, "invalid_target"),
    ({"action": "genuine", "seat": 0, "cards": [1]}, "wrong_phase"),
]


@pytest.mark.parametrize("action, reason", PRECEDENCE, ids=[
    f"{a['action']}-{r}-{i}" for i, (a, r) in enumerate(PRECEDENCE)])
def test_rejection_precedence_in_the_kill_phase(action, reason):
    out = run(SETUP, action)
    assert rejected(out) == [(2, reason)]
    line = next(o for o in out if o.get("event") == "rejected")
    assert set(line) == {"event", "line", "action", "reason", "message"}


def test_rejection_precedence_at_night_refusals_are_private():
    out = run(SETUP, {"action": "kill", "seat": 3, "targets": [2]})
    refusal = next(o for o in out if o.get("key", "").startswith("refusal."))
    assert refusal["channel"] == "seat:3"


def test_rejection_precedence_dead_actor_then_not_your_turn_then_already_acted_then_targets():
    steps = NIGHT_1 + [{"action": "arrange", "order": [3, 4]}]
    cases = [
        ({"action": "vote", "seat": 2, "target": 7}, "not_alive"),        # dead actor first
        ({"action": "vote", "seat": 0, "target": 2}, "not_alive"),        # dead target
        ({"action": "examine", "seat": 0, "card": 99}, "wrong_phase"),
        ({"action": "vote", "seat": 0, "target": 7}, "invalid_target"),
    ]
    for action, reason in cases:
        out = run(SETUP, *steps, action)
        assert rejected(out) == [(6, reason)], action
    out = run(SETUP, *steps, {"action": "vote", "seat": 0, "target": 1},
              {"action": "vote", "seat": 0, "target": 9})
    assert rejected(out) == [(7, "already_acted")]


def test_rejection_precedence_protected_and_not_available():
    setup = {**SETUP, "players": 6, "roles": ["killer", "famous_dog", "citizen", "citizen",
                                              "private_detective", "citizen"]}
    out = run(setup, {"action": "protect", "seat": 1, "target": 2},
              {"action": "kill", "seat": 0, "targets": [2]},
              {"action": "kill", "seat": 0, "targets": [3]},
              {"action": "genuine", "seat": 3, "cards": [15]},
              {"action": "genuine", "seat": 3, "cards": [4]},
              {"action": "fake", "seat": 0, "cards": [4, 5]})
    assert rejected(out) == [(3, "protected"), (5, "not_available"), (7, "not_available")]


def test_every_action_after_the_game_is_over_is_rejected_game_over():
    setup = {**SETUP, "roles": ["killer", "professional_killer", "citizen", "citizen",
                                "private_detective"]}
    out = run(setup, {"action": "kill", "seat": 0, "targets": [2]},
              {"action": "kill", "seat": 1, "targets": [2]},
              {"action": "kill", "seat": 9},
              {"action": "arrange", "order": "x"})
    assert rejected(out) == [(4, "game_over"), (5, "game_over")]
    assert out[-1]["state"]["winner"] == "guilty"
    events = [o.get("event") for o in out if o.get("event") not in ("announce", "rejected")]
    assert events[-3:] == ["died", "game_over", None]


def test_output_events_in_order_with_announcements_and_texts_in_the_setup_language():
    words = ["ein roter Schirm", "eine Uhr", "ein Handschuh", "ein alter Schlüssel",
             "ein Brief"] * 4
    out = run({**SETUP, "language": "de", "evidence": words}, *NIGHT_1,
              {"action": "arrange", "order": [4, 3]})
    texts = [o["text"] for o in out if o.get("event") == "announce"]
    assert "Mörder, öffnet die Augen und wählt eure Opfer." in texts
    assert "Nachrichten, Runde eins: Karte fünf: ein Brief; Karte vier: ein alter Schlüssel." in texts
    assert not any(ch.isdigit() for t in texts for ch in t)
    check_public_announcements(out)


def test_M43_each_night_step_gives_every_listening_seat_one_private_line_in_the_replay():
    path = next(p for p in EXAMPLES if p.stem == "dm-8p-hostage-soulmate-dog")
    out = replay_lines(path.read_text().splitlines())
    steps = {"night.soulmate": list(range(8)), "night.dogs": list(range(8)),
             "night.killers": list(range(8)),
             "night.dead": list(range(8)), "night.fake": list(range(8))}
    said = [o for o in out if o.get("event") == "announce"]
    for i, o in enumerate(said):
        if o["channel"] == "public" and o["key"] in steps:
            seats = []
            for later in said[i + 1:]:
                if later["channel"] == "public":
                    break
                seats.append(int(later["channel"][5:]))
            # the night's dead of round 1 (0, 1, 3, 6, 7) still listen in steps 3 and 4
            assert sorted(set(seats)) == steps[o["key"]], o["key"]
