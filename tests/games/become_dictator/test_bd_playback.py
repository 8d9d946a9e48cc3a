"""In this way I become a DICTATOR on the board plans with playback (ACCESSIBILITY.md 20-25,
SIMULATE.md "Time and speech"): a whole game at real clip lengths on the virtual clock."""

from __future__ import annotations

import io
import json
from collections import defaultdict
from pathlib import Path

import pytest

from firmware_host.service.signals import parse_script
from firmware_host.service.simulator import Simulator

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "examples" / "simulate-become-dictator-6p.jsonl"


@pytest.fixture(scope="module")
def played() -> list[dict]:
    out = io.StringIO()
    assert Simulator(None, out=out).run_script(parse_script(SCRIPT.read_text(encoding="utf-8"))) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def said(out, key=None):
    return [o for o in out if o.get("event") == "announce" and (key is None or o["key"] == key)]


def test_A20_every_clip_has_its_output_and_times_and_no_two_overlap_on_one_output(played):
    by_output = defaultdict(list)
    for line in said(played):
        assert line["output"] in ("table", line["channel"]) and line["end"] >= line["start"]
        by_output[line["output"]].append(line)
    for lines in by_output.values():
        clips = sorted({(l["start"], l["end"]) for l in lines})
        for (s1, e1), (s2, _) in zip(clips, clips[1:]):
            assert s2 >= e1 - 0.001


def test_A23_D30_every_seat_hears_the_same_hand_sentence_at_once_for_the_same_time(played):
    # a seat's own press during its hand ("ready") cuts it for the answer cue and the hand is
    # said again whole after it (ACCESSIBILITY.md 4, 26): every seat's first hand starts at
    # one moment, and every hand heard whole lasts as long
    firsts: dict[str, dict] = {}
    for h in said(played, "hand.start"):
        firsts.setdefault(h["channel"], h)
    hands = list(firsts.values())
    assert len(hands) == 6
    assert max(h["start"] for h in hands) - min(h["start"] for h in hands) <= 0.05
    lengths = [h["end"] - h["start"] for h in said(played, "hand.start") if not h.get("cut")]
    assert len(lengths) >= 6 and max(lengths) - min(lengths) <= 0.05
    started = said(played, "game.started")[0]
    assert min(h["start"] for h in hands) >= started["end"] - 0.001      # A22


def test_A21_scan_steps_start_no_earlier_than_the_previous_end_plus_the_interval(played):
    steps = defaultdict(list)
    for line in said(played):
        if line["key"] in ("scan.seat", "scan.card", "scan.option.vote_today",
                           "scan.option.discard_vote", "scan.option.vote", "scan.cancel"):
            steps[line["channel"]].append(line)
    checked = 0
    for lines in steps.values():
        for a, b in zip(lines, lines[1:]):
            if 0 <= b["start"] - a["end"] < 5:          # the same list (a new list starts later)
                assert b["start"] - a["end"] >= 1.5 - 0.001
                checked += 1
    assert checked > 50


def test_A22_the_reckoning_follows_the_votes_it_counts(played):
    public = [l for l in said(played) if l["channel"] == "public"]
    keys = [l["key"] for l in public]
    first_seat = keys.index("final.seat")
    assert {"final.vote", "final.discard_vote"} & set(keys[first_seat - 6:first_seat])
    # the reckoning ends the game; then the table hears how the evening goes on (A30)
    assert keys[-3:] == ["game_over.winners", "game_over.overruled", "evening.offer"]


def test_issue31_D32_the_mornings_cue_comes_after_every_hand_so_a_press_on_it_cuts_none(played):
    # issue 31: "Press your button when you are ready" (day.morning) was said at the table while
    # every earphone still read its hand (8 s), so a seat pressing on the table's cue cut its own
    # hand and heard it again whole; the cue now waits for the hands (one length for every seat)
    firsts: dict[str, dict] = {}
    for h in said(played, "hand.start"):
        firsts.setdefault(h["channel"], h)
    morning = said(played, "day.morning")[0]
    assert len(firsts) == 6
    assert morning["start"] >= max(h["end"] for h in firsts.values()) - 0.001, \
        (morning["start"], sorted(h["end"] for h in firsts.values()))
    # and no seat's first hand was cut by a press made after the table's cue had begun
    assert not [h for h in firsts.values() if h.get("cut")]
