"""ACCESSIBILITY.md 20-25 ("Speech takes time") and SIMULATE.md "Time and speech": the board
plans with what its outputs have *played*. Every test here runs the real service in
``simulate`` on its virtual clock, where each clip lasts its real length (rendered by
espeak-ng, or from the speech cache) and a slow renderer can be injected (``render_seconds``:
every sentence takes that much longer to render, on the virtual clock), so no test waits in
wall time for speech."""

from __future__ import annotations

import json

import pytest

from .conftest import ROOT, announces, keys, run_lines, state

SETUP5 = {"players": 5, "seed": 2, "language": "en", "first_president": 0}
EPS = 1e-6


def clips(out: list[dict], output: str | None = None) -> list[dict]:
    """One dict per clip played (lines of one clip share output, start and end: the prolog's
    role and team, a status answer), in start order: output, start, end, cut, keys, lines."""
    found: dict[tuple, dict] = {}
    for line in announces(out):
        ident = (line["output"], line["start"], line["end"], line.get("cut", False))
        clip = found.setdefault(ident, {"output": line["output"], "start": line["start"], "end": line["end"],
                                        "cut": line.get("cut", False), "keys": [], "lines": []})
        clip["keys"].append(line["key"])
        clip["lines"].append(line)
    return [c for c in found.values() if output is None or c["output"] == output]


def timed_run(lines: list[dict], **kwargs) -> list[tuple[float, dict]]:
    """Play a script; (clock seconds when written, line) for every output line. Engine events
    are written when they happen, so their time is when the move was taken."""
    import io

    from firmware_host.service.signals import parse_script
    from firmware_host.service.simulator import Simulator

    rows: list[tuple[float, dict]] = []

    class Out(io.StringIO):
        def write(self, text: str) -> int:
            for raw in text.splitlines():
                rows.append((sim.clock.now() if sim.clock is not None else 0.0, json.loads(raw)))
            return len(text)

    sim = Simulator(None, out=Out(), **kwargs)
    assert sim.run_script(parse_script("\n".join(json.dumps(x) for x in lines))) == 0
    return rows


def example(name: str) -> list[dict]:
    return [json.loads(l) for l in (ROOT / "examples" / name).read_text().splitlines()
            if l.strip() and not l.startswith("#")]


def scan_items(out: list[dict], seat: int) -> list[dict]:
    return [l for l in announces(out, f"seat:{seat}") if l["key"] in ("scan.item", "scan.cancel")]


@pytest.fixture(scope="module")
def game7() -> list[dict]:
    """A whole scripted 7-player game (examples/simulate-7p.jsonl) at real clip lengths."""
    return run_lines(example("simulate-7p.jsonl"))


# ----------------------------------------------------------------------------- 20
def test_a20_every_announce_line_says_where_and_when_it_played(game7):
    said = announces(game7)
    assert said and all({"output", "start", "end"} <= set(l) for l in said)
    assert all(l["start"] <= l["end"] for l in said)
    assert [l["start"] for l in said] == sorted(l["start"] for l in said)      # written in starting order
    assert {l["output"] for l in said} <= {"table"} | {f"seat:{s}" for s in range(7)}
    assert {l["output"] for l in said if l["channel"] == "public"} == {"table"}
    assert all(l["output"] == l["channel"] for l in said if l["channel"] != "public")


def test_a20_no_two_clips_overlap_on_one_output_in_a_whole_game(game7):
    by_output: dict[str, list[dict]] = {}
    for clip in clips(game7):
        by_output.setdefault(clip["output"], []).append(clip)
    assert len(by_output) == 8
    for output, played in by_output.items():
        for a, b in zip(played, played[1:]):
            assert b["start"] >= a["end"] - EPS, (output, a["keys"], a["end"], b["keys"], b["start"])
    # a table of seven hears the game for many minutes: lengths are real, not zero
    table = by_output["table"]
    assert sum(c["end"] - c["start"] for c in table) > 300


# ----------------------------------------------------------------------------- 21
def _scan_timeline(render: float) -> list[dict]:
    lines = [{"setup": SETUP5}, {"signal": "wait", "seconds": 60},
             {"signal": "button", "seat": 0, "gesture": "press"},
             {"signal": "wait_for", "key": "scan.cancel", "timeout": 600}, {"signal": "wait", "seconds": 1}]
    return run_lines(lines, render_seconds=render)


@pytest.mark.parametrize("render", [1.0, 3.0])
def test_a21_scan_window_starts_after_item_ends_with_a_slow_renderer(render):
    items = scan_items(_scan_timeline(render), 0)
    assert len(items) == 5                                   # four seats and "cancel"
    for a, b in zip(items, items[1:]):
        # the window of an item is the scan interval from its end; a slow render only adds
        assert b["start"] - a["end"] >= 1.5 - EPS
        assert b["start"] - a["end"] == pytest.approx(1.5 + render, abs=0.01)


@pytest.mark.parametrize("render", [1.0, 3.0])
def test_a21_a_press_chooses_the_item_heard_last_never_one_not_yet_heard(render):
    items = scan_items(_scan_timeline(render), 0)
    heard = next(l for l in items if l["params"].get("seat") == 2)
    nxt = items[items.index(heard) + 1]
    # while it plays; in its window; when a laptop would already have said the next one; after the next began
    presses = [(0.3, 2), (heard["end"] - heard["start"] + 0.75, 2),
               (nxt["start"] - heard["start"] - 0.4, 2), (nxt["start"] - heard["start"] + 0.3, nxt["params"]["seat"])]
    for offset, meant in presses:
        lines = [{"setup": SETUP5}, {"signal": "wait", "seconds": 60},
                 {"signal": "button", "seat": 0, "gesture": "press"},
                 {"signal": "wait_for", "key": "scan.item", "params": {"seat": 2}, "timeout": 600},
                 {"signal": "wait", "seconds": offset}, {"signal": "button", "seat": 0, "gesture": "press"}]
        out = run_lines(lines, render_seconds=render)
        nominated = [l for l in out if l.get("event") == "nominated"]
        assert nominated == [{"event": "nominated", "seat": 0, "target": meant}], (offset, render)
        said = scan_items(out, 0)
        # the chosen name is the last one that had started playing: never one not yet heard
        assert said[-1]["params"]["seat"] == meant


def test_a21_a_status_hold_in_the_middle_of_a_scan_holds_it_and_says_the_item_again():
    lines = [{"setup": SETUP5}, {"signal": "wait", "seconds": 60},
             {"signal": "button", "seat": 0, "gesture": "press"},
             {"signal": "wait_for", "key": "scan.item", "params": {"seat": 2}, "timeout": 600},
             {"signal": "wait", "seconds": 0.3},
             {"signal": "button", "seat": 0, "gesture": "hold"},
             {"signal": "wait_for", "key": "scan.item", "params": {"seat": 3}, "timeout": 600},
             {"signal": "button", "seat": 0, "gesture": "press"}]
    out = run_lines(lines, render_seconds=1.0)
    seat0 = clips(out, "seat:0")
    status = next(c for c in seat0 if c["keys"][0].startswith("status."))
    items = [c for c in seat0 if c["keys"][0] in ("scan.item", "scan.cancel")]
    last = [c for c in items if c["start"] < status["start"]][-1]
    assert last["lines"][0]["params"] == {"seat": 2} and last["end"] <= status["start"] + EPS
    # nothing of the scan while the status plays; then the current item again, its window after it
    assert not [c for c in items if status["start"] <= c["start"] < status["end"]]
    again = next(c for c in items if c["start"] >= status["end"])
    assert again["lines"][0]["params"] == {"seat": 2}
    following = items[items.index(again) + 1]
    assert following["start"] - again["end"] >= 1.5 - EPS
    assert [l["target"] for l in out if l.get("event") == "nominated"] == [3]


@pytest.mark.parametrize("render", [1.0, 3.0])
def test_a21_a_whole_game_with_a_slow_renderer_chooses_exactly_the_seats_the_script_meant(render):
    script = example("simulate-7p.jsonl")
    meant = [s["params"]["seat"] for s in script if s.get("signal") == "wait_for" and s["key"] == "scan.item"]
    out = run_lines(script, render_seconds=render)
    chosen = [l["target"] for l in out if l.get("event") in ("nominated", "executed")]
    chosen += [l["seat"] for l in out if l.get("event") == "power" and False]
    assert chosen == meant[:len(chosen)] and len(chosen) == len(meant)
    assert not [l for l in out if l.get("event") in ("fault", "rejected")]
    assert state(out) == state(run_lines(script))


# ----------------------------------------------------------------------------- 22
def _latest(said: list[dict], key: str, before: float) -> dict:
    return [l for l in said if l["key"] == key and l["start"] <= before][-1]


def test_a22_a_hand_starts_only_after_the_table_has_heard_its_cause(game7):
    said = announces(game7)
    checked = 0
    for line in said:
        cause = {"hand.president": "election.passed", "hand.chancellor": "legislative.chancellor",
                 "power.view_discard.result": "power.view_discard", "power.peek.result": "power.peek",
                 "power.investigate.result": "power.investigate.done"}.get(line["key"])
        if cause is None or line.get("cut"):
            continue
        public = _latest([l for l in said if l["channel"] == "public"], cause, line["start"])
        assert public["end"] <= line["start"] + EPS, (line["key"], public["end"], line["start"])
        checked += 1
    assert checked >= 8


def test_a22_a_refusal_waits_until_the_table_has_heard_the_move_it_refers_to():
    # a ballot dropped right after the vote was decided: the table first hears the result
    lines = [{"setup": SETUP5}, {"signal": "wait", "seconds": 60},
             {"signal": "gm", "command": "choose", "seat": 0, "target": 2}]
    lines += [{"signal": "ballot", "seat": s, "ballot": "ja"} for s in range(5)]
    lines += [{"signal": "ballot", "seat": 3, "ballot": "nein"}]
    out = run_lines(lines)
    said = announces(out, "public")
    refusal = next(l for l in said if l["key"].startswith("refusal."))
    passed = next(l for l in said if l["key"] == "election.passed")
    assert refusal["start"] >= passed["end"] - EPS


# ----------------------------------------------------------------------------- 23
def _prolog_checks(out: list[dict], output_of) -> list[dict]:
    said = announces(out)
    prolog = [c for c in clips(out) if c["keys"][0].startswith("prolog.role.")]
    assert len(prolog) == 5 and [c["output"] for c in prolog] == [output_of(s) for s in range(5)]
    lengths = {round(c["end"] - c["start"], 3) for c in prolog}
    assert max(lengths) - min(lengths) <= 0.05                   # R17, ACCESSIBILITY.md 9
    started = next(l for l in said if l["key"] == "game.started")
    done = next(l for l in said if l["key"] == "prolog.done")
    assert min(c["start"] for c in prolog) >= started["end"] - EPS      # "each seat will now hear its role" first
    assert done["start"] >= max(c["end"] for c in prolog) - EPS          # "every seat knows its role" last
    return prolog


def test_a23_the_prolog_starts_together_on_every_earphone_and_ends_before_the_table_says_so():
    prolog = _prolog_checks(run_lines([{"setup": SETUP5}]), lambda s: f"seat:{s}")
    starts = [c["start"] for c in prolog]
    assert max(starts) - min(starts) <= 0.05


def test_a23_at_a_whisper_station_the_table_says_so_after_the_last_visit(tmp_path):
    config = tmp_path / "board.toml"
    text = (ROOT / "hardware" / "board.toml").read_text()
    assert "whisper_station = false" in text
    config.write_text(text.replace("whisper_station = false", 'whisper_station = true\nwhisper_device = "plughw:2"', 1))
    lines = [{"setup": SETUP5}]
    for seat in range(5):               # each seat goes to the station when called (in seat order)
        lines += [{"signal": "wait", "seconds": 30}, {"signal": "button", "seat": seat, "gesture": "press"}]
    out = run_lines(lines, config_path=str(config))
    prolog = _prolog_checks(out, lambda s: "whisper")
    for a, b in zip(prolog, prolog[1:]):
        assert b["start"] >= a["end"] - EPS                        # one visit after the other
    assert [c["lines"][0]["channel"] for c in prolog] == [f"seat:{s}" for s in range(5)]


# ----------------------------------------------------------------------------- 24
def test_a24_a_quick_vote_drops_superseded_counts_and_the_reveal_is_at_most_one_sentence_behind():
    lines = [{"setup": {**SETUP5, "players": 7}}, {"at": 100, "signal": "gm", "command": "choose", "seat": 0,
                                                    "target": 3}]
    lines += [{"at": 200 + 0.5 * s, "signal": "ballot", "seat": s, "ballot": "ja" if s % 3 else "nein"}
              for s in range(7)]
    rows = timed_run(lines)
    out = [line for _, line in rows]
    last_ballot = next(t for t, line in rows if line.get("event") == "election")   # when the last ballot counted
    said = announces(out, "public")
    counts = [l for l in said if l["key"] == "ballot.counted"]
    assert 1 <= len(counts) < 7                                  # superseded counts were never spoken
    assert counts[-1]["params"] == {"count": 7, "total": 7}
    assert [l["params"]["count"] for l in counts] == sorted(l["params"]["count"] for l in counts)
    reveal = next(l for l in said if l["key"] == "election.ballots")
    between = [l for l in said if last_ballot <= l["start"] < reveal["start"]]
    assert len(between) <= 1                                     # at most one sentence behind
    longest = max(l["end"] - l["start"] for l in counts)
    assert reveal["start"] - last_ballot <= 2 * longest + EPS
    # nothing else public was dropped: every other announcement of the vote is said
    assert {"nomination.made", "election.ballots", "election.passed"} <= set(keys(out, "public"))


# ----------------------------------------------------------------------------- 25
def test_a25_a_repeat_gives_the_last_message_heard_and_further_presses_step_back():
    lines = [{"setup": SETUP5}, {"signal": "wait", "seconds": 60}]
    for _ in range(3):
        lines += [{"signal": "button", "seat": 3, "gesture": "press"}, {"signal": "wait", "seconds": 30}]
    lines += [{"signal": "gm", "command": "pause"}, {"signal": "wait", "seconds": 30},
              {"signal": "button", "seat": 3, "gesture": "press"}, {"signal": "wait", "seconds": 30}]
    out = run_lines(lines)
    said = announces(out)
    first_repeat = next(i for i, l in enumerate(said) if l["channel"] == "seat:3" and l["start"] > 60)
    # the table's reminder of whom it waits for (issue 31) is a cue, not a message: the repeat
    # history does not hold it
    heard = [l for l in said[:first_repeat] if l["channel"] in ("public", "seat:3") and l["key"] != "table.waiting"]
    repeats = said[first_repeat:]
    repeats = [l for l in repeats if l["channel"] == "seat:3"]
    assert all(l["output"] == "seat:3" for l in repeats)
    groups: list[list[dict]] = []
    for l in repeats:
        if groups and groups[-1][0]["start"] == l["start"]:
            groups[-1].append(l)
        else:
            groups.append([l])
    by_clip: list[list[str]] = []
    for clip in clips(heard):
        by_clip.append(clip["keys"])
    # newest first, stepping back one message per press: what is logged is what is played
    assert [[l["key"] for l in g] for g in groups[:3]] == by_clip[::-1][:3]
    assert [l["text"] for l in groups[0]] == [l["text"] for l in heard if l["key"] == groups[0][0]["key"]][-1:]
    # a new message heard starts the history from the newest again
    assert [l["key"] for l in groups[3]] == ["gm.paused"]
