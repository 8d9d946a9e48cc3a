"""The ``replay`` command: worked examples, our examples, and unusable files (REPLAY.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from firmware_host.commands.replay import replay_lines
from firmware_host.errors import UsageError
from engine_helpers import build_deck, roles_for

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
# the worked examples of the shared spec, copied into tests/data/spec/
SPEC_EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "spec", "examples")


def replay_file(path: str) -> list[dict]:
    with open(path, encoding="utf-8") as fh:
        return replay_lines(fh.read().split("\n"))


def setup_line(**extra) -> str:
    obj = {"players": 5, "language": "en", "roles": roles_for(5), "deck": build_deck()}
    obj.update(extra)
    return json.dumps({"setup": obj})


@pytest.mark.parametrize("name", ["official-8p-veto", "rulebook-5p-cut-with-rejections",
                                  "rulebook-7p"])
def test_worked_example_final_state(name):
    if not os.path.exists(os.path.join(SPEC_EXAMPLES, name + ".jsonl")):
        pytest.skip("shared spec examples not available")
    out = replay_file(os.path.join(SPEC_EXAMPLES, name + ".jsonl"))
    with open(os.path.join(SPEC_EXAMPLES, name + ".expected-state.json")) as fh:
        want = json.load(fh)["state"]
    got = out[-1]["state"]
    assert {k: got[k] for k in want} == want
    assert set(got) == {"phase", "winner", "reason", "democratic_laws", "fascist_laws",
                        "election_tracker", "president", "chancellor", "alive", "ineligible",
                        "draw_pile", "discard_pile"}


def test_worked_example_rejection_line_number():
    path = os.path.join(SPEC_EXAMPLES, "rulebook-5p-cut-with-rejections.jsonl")
    if not os.path.exists(path):
        pytest.skip("shared spec examples not available")
    rejected = [o for o in replay_file(path) if o.get("event") == "rejected"]
    assert [(r["line"], r["action"], r["reason"]) for r in rejected] == [
        (6, "vote", "already_voted")]


EXPECTED = {
    "rulebook-6p-democratic-laws": ("democrats", "democratic_laws"),
    "rulebook-8p-fascist-laws-chaos": ("fascists", "fascist_laws"),
    "rulebook-10p-dictator-executed": ("democrats", "dictator_executed"),
    "official-7p-dictator-elected": ("fascists", "dictator_elected"),
    "official-9p-veto-democratic-laws": ("democrats", "democratic_laws"),
    "rulebook-5p-untracked-chaos": ("democrats", "democratic_laws"),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_our_examples_play_to_their_end_without_rejections(name):
    path = os.path.join(ROOT, "examples", name + ".jsonl")
    with open(path, encoding="utf-8") as fh:
        assert fh.readline().startswith("# ")
    out = replay_file(path)
    assert not [o for o in out if o.get("event") == "rejected"]
    state = out[-1]["state"]
    assert (state["phase"], state["winner"], state["reason"]) == ("game_over", *EXPECTED[name])


def test_rejected_line_keeps_going_and_counts_comment_lines():
    lines = ["# comment", "", setup_line(),
             '{"action": "vote", "seat": 0, "ballot": "ja"}',
             '{"action": "nominate", "seat": 0, "target": 2}']
    out = replay_lines(lines)
    rejected = [o for o in out if o.get("event") == "rejected"]
    assert rejected[0]["line"] == 4 and rejected[0]["reason"] == "wrong_phase"
    assert out[-1]["state"]["phase"] == "election"


def test_malformed_field_is_rejected_not_fatal():
    out = replay_lines([setup_line(), '{"action": "nominate", "seat": 0}'])
    assert [o["reason"] for o in out if o.get("event") == "rejected"] == ["malformed"]


def test_automatic_reshuffle_from_seed():
    # Four democratic laws and a fascist one leave 2 laws; the file gives no reshuffle line.
    deck = ["democratic", "fascist", "fascist"] * 4 + ["fascist"] * 3 + ["democratic"] * 2
    lines = [setup_line(deck=deck, seed=5)]
    president = 0
    for i in range(5):
        chancellor = (president + 3) % 5
        lines.append(json.dumps({"action": "nominate", "seat": president, "target": chancellor}))
        lines += [json.dumps({"action": "vote", "seat": s, "ballot": "ja"}) for s in range(5)]
        enact = "democratic" if i < 4 else "fascist"
        lines.append(json.dumps({"action": "discard", "seat": president, "party": "fascist"}))
        lines.append(json.dumps({"action": "enact", "seat": chancellor, "party": enact}))
        president = (president + 1) % 5
    out = replay_lines(lines)
    assert not [o for o in out if o.get("event") == "rejected"]
    assert any(o.get("event") == "reshuffled" for o in out)
    assert out[-1]["state"]["draw_pile"] == 12
    with pytest.raises(UsageError, match="reshuffle"):
        replay_lines([setup_line(deck=deck)] + lines[1:])


@pytest.mark.parametrize("lines,message", [
    (["{not json"], "not valid JSON"),
    ([], "no setup"),
    (['{"action": "vote"}'], "setup"),
    ([setup_line(players=4)], "players"),
    ([setup_line(deck=["fascist"] * 17)], "deck"),
    ([setup_line(variant="house")], "variant"),
    ([setup_line(language="fr")], "language"),
    ([setup_line(first_president=5)], "first_president"),
    ([setup_line(switches={"vetoo": True})], "unknown switch"),
    ([setup_line(), '{"action": "dance", "seat": 0}'], "unknown action"),
    ([setup_line(), '[1, 2]'], "not an action"),
    ([setup_line(), setup_line()], "not an action"),
    ([setup_line(roles=None, deck=None)], "seed"),
])
def test_unusable_file_raises_usage_error(lines, message):
    with pytest.raises(UsageError, match=message):
        replay_lines(lines)


def run_cli(tmp_path, text: str) -> subprocess.CompletedProcess:
    path = tmp_path / "game.jsonl"
    path.write_text(text, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "firmware_host", "replay", str(path)],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)


@pytest.mark.parametrize("text", [setup_line() + "\n{oops\n", setup_line(players=4) + "\n"])
def test_cli_unusable_file_exit_2_one_line_no_traceback(tmp_path, text):
    proc = run_cli(tmp_path, text)
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr
    assert proc.stdout == ""


def test_cli_missing_file_exit_2(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "firmware_host", "replay",
                           str(tmp_path / "nope.jsonl")], capture_output=True, text=True,
                          timeout=60, cwd=ROOT)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1


def test_cli_prints_json_lines_and_state(tmp_path):
    proc = run_cli(tmp_path, setup_line() + '\n{"action": "nominate", "seat": 0, "target": 2}\n')
    assert proc.returncode == 0
    objs = [json.loads(line) for line in proc.stdout.splitlines()]
    events = [o["event"] for o in objs if "event" in o and o["event"] != "announce"]
    assert events == ["game_started", "president", "nominated"]
    assert objs[-1]["state"]["phase"] == "election"


_values = st.one_of(st.none(), st.booleans(), st.integers(-2, 12), st.text(max_size=4),
                    st.sampled_from(["ja", "nein", "fascist", "democratic", "untracked"]),
                    st.lists(st.sampled_from(["fascist", "democratic", 3]), max_size=4))
_action = st.fixed_dictionaries(
    {"action": st.sampled_from(["nominate", "vote", "discard", "enact", "acknowledge",
                                "special_election", "execute", "investigate", "veto",
                                "veto_reply", "reshuffle", "chaos_law"])},
    optional={"seat": _values, "target": _values, "ballot": _values, "party": _values,
              "accept": _values, "order": _values})


@settings(max_examples=150, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(actions=st.lists(_action, max_size=25), seeded=st.booleans())
def test_any_action_lines_are_rejected_or_accepted_never_crash(actions, seeded):
    lines = [setup_line(**({"seed": 1} if seeded else {}))]
    lines += [json.dumps(a) for a in actions]
    try:
        out = replay_lines(lines)
    except UsageError as exc:
        assert "reshuffle" in str(exc) and not seeded
        return
    assert "state" in out[-1]
    for obj in out[:-1]:
        assert obj.get("event") in {"rejected", "announce", "game_started", "president",
                                    "nominated", "election", "tracker", "chaos", "law_enacted",
                                    "reshuffled", "power", "executed", "game_over"}
        json.dumps(obj)


@pytest.mark.parametrize("lines", [
    ["[" * 100_000 + "]" * 100_000],
    [setup_line(), "[" * 100_000 + "]" * 100_000],
    [setup_line(), '{"action": "vote", "seat": NaN, "ballot": "ja"}'],
    [setup_line(), '{"action": "vote", "seat": 0, "ballot": "ja", "x": Infinity}'],
    [setup_line(variant=["official"])],
    [setup_line(variant={"official": 1})],
    [setup_line(language=["en"])],
])
def test_unusable_file_odd_json_is_one_usage_error(lines):
    """REPLAY.md: a line that is not valid JSON (NaN, Infinity, or nested too deeply for the
    parser) or a setup value of the wrong type makes the file unusable, never a crash."""
    with pytest.raises(UsageError):
        replay_lines(lines)


def test_cli_reader_closing_the_pipe_early_is_not_an_unusable_file(tmp_path):
    """`firmware-host replay GAME | head -1`: the file was read, so no exit 2 and no
    'Broken pipe' line on stderr (REPLAY.md: exit 0 when the file was read)."""
    path = tmp_path / "long.jsonl"
    refused = '{"action": "enact", "seat": 1, "party": "fascist"}\n'
    path.write_text(setup_line() + "\n" + refused * 3000, encoding="utf-8")  # > 64 KiB out
    proc = subprocess.Popen([sys.executable, "-m", "firmware_host", "replay", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    assert json.loads(proc.stdout.readline())["event"] == "game_started"
    proc.stdout.close()
    stderr = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0 and stderr == ""


def test_cli_reads_stdin_as_utf8_with_or_without_bom():
    """`firmware-host replay -` reads the game from stdin, as UTF-8 like a file (a BOM from a
    Windows editor is skipped there too)."""
    text = "\ufeff" + setup_line() + '\n{"action": "nominate", "seat": 0, "target": 2}\n'
    proc = subprocess.run([sys.executable, "-m", "firmware_host", "replay", "-"],
                          input=text.encode("utf-8"), capture_output=True, timeout=60, cwd=ROOT,
                          env={**os.environ, "PYTHONIOENCODING": "latin-1"})
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.decode("utf-8").splitlines()[-1])["state"]["phase"] == "election"
