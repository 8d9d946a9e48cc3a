"""Dying Message's table does what every game's table does (issue 22): a final choice is
confirmed by a second press (ACCESSIBILITY.md 16), a scan's first item comes 1 s after the
press that opened it (14), an idle press gives the status where the board is set so (12), and
at a whisper station the night falls only after every seat's visit (23). Played through
``simulate`` on the mocked board with real espeak-ng clip lengths on the virtual clock."""

from __future__ import annotations

import io
import json
from pathlib import Path

from firmware_host.service.signals import parse_script
from firmware_host.service.simulator import Simulator

from .test_dm_board import SETUP5, _night_start, _pick, _press, run, said

ROOT = Path(__file__).resolve().parents[2]
EPS = 0.02


def _config(tmp_path: Path, old: str, new: str) -> str:
    config = tmp_path / "board.toml"
    text = (ROOT / "hardware" / "board.toml").read_text()
    assert old in text
    config.write_text(text.replace(old, new, 1))
    return str(config)


def _run(lines: list[dict], config: str) -> list[dict]:
    out = io.StringIO()
    assert Simulator(config, out=out).run_script(parse_script("\n".join(json.dumps(x) for x in lines))) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_A16_a_victim_counts_only_after_the_killers_confirming_press_and_back_returns_to_the_list():
    lines = _night_start() + _press(0) + _pick(0, "scan.seat", {"seat": 1})
    lines += [{"signal": "wait", "seconds": 30}]
    out = run(lines)
    assert out[-1]["state"]["phase"] == "kill"                     # picked, not yet confirmed
    mine = [o["key"] for o in said(out, "seat:0")]
    assert "scan.confirm.seat" in mine and "scan.back" in mine
    # "back": the list again, then another victim confirmed
    back = lines[:-1] + _pick(0, "scan.back", {}) + _pick(0, "scan.seat", {"seat": 2}) \
        + _pick(0, "scan.confirm.seat", {"seat": 2}) + [{"signal": "wait", "seconds": 5}]
    out = run(back)
    kills = [o for o in out if o.get("event") == "killed" or o.get("event") == "kill"]
    assert out[-1]["state"]["phase"] == "genuine"
    assert out[-1]["state"]["alive"] == [0, 1, 3, 4], kills


def test_A16_M43_every_listener_of_the_killers_step_confirms_in_clips_of_one_length():
    lines = _night_start()
    for s in (1, 2, 3, 4):
        lines += _press(s) + _pick(s, "scan.seat", {"seat": (s + 1) % 5}) \
            + _pick(s, "scan.confirm.seat", {"seat": (s + 1) % 5})
    lines += _press(0) + _pick(0, "scan.seat", {"seat": 1}) + _pick(0, "scan.confirm.seat", {"seat": 1})
    lines += [{"signal": "wait_for", "key": "night.dead", "params": {}, "timeout": 300}]
    out = run(lines)
    confirms = [o for o in said(out) if o["key"] in ("scan.confirm.seat", "scan.back")]
    assert {o["channel"] for o in confirms} == {f"seat:{s}" for s in range(5)}
    for kind in (("scan.seat", "scan.cancel"), ("scan.confirm.seat", "scan.back"), ("scan.start",)):
        lengths = [o["end"] - o["start"] for o in said(out) if o["key"] in kind and o["channel"] != "public"]
        assert lengths and max(lengths) - min(lengths) <= 0.05, kind     # M43: no clip tells a list apart
    assert out[-1]["state"]["phase"] == "genuine"


def test_A14_the_first_item_of_a_night_list_comes_a_second_after_the_seats_message_ended():
    """Seat 3 presses at once (the signal follows the start of the step's public line): its
    list waits for its private message, then a second more (the scan's first delay)."""
    out = run(_night_start() + _press(3) + [{"signal": "wait", "seconds": 40}])
    mine = said(out, "seat:3")
    message = next(o for o in mine if o["key"] in ("night.nothing", "night.killers.brief"))
    first = next(o for o in mine if o["key"] in ("scan.seat", "scan.cancel"))
    assert first["start"] - message["end"] >= 1.0 - EPS
    # a press after the message has ended: a second from the press
    pressed = run(_night_start() + [{"signal": "wait", "seconds": 30}] + _press(3) + [{"signal": "wait", "seconds": 10}])
    at = next(o for o in said(pressed, "public") if o["key"] == "night.killers")["start"] + 30
    first = next(o for o in said(pressed, "seat:3") if o["key"] in ("scan.seat", "scan.cancel"))
    assert first["start"] - at >= 1.0 - EPS


def test_A12_an_idle_press_gives_the_status_where_idle_press_is_status(tmp_path):
    config = _config(tmp_path, "[audio]\n", '[service]\nidle_press = "status"\n\n[audio]\n')
    out = _run([{"setup": SETUP5}, {"signal": "wait", "seconds": 2},
                {"signal": "button", "seat": 2, "gesture": "press"}, {"signal": "wait", "seconds": 20}], config)
    mine = [o["key"] for o in said(out, "seat:2")]
    assert "status.now.night" in mine          # the status's first layer (ACCESSIBILITY.md 29)
    assert "repeat.nothing" not in mine


def test_A23_at_a_whisper_station_night_falls_only_after_every_seats_visit(tmp_path):
    config = _config(tmp_path, "whisper_station = false",
                     'whisper_station = true\nwhisper_device = "plughw:2"')
    lines = [{"setup": SETUP5}]
    for seat in range(5):               # each seat goes to the station when called (in seat order)
        lines += [{"signal": "wait", "seconds": 30}, {"signal": "button", "seat": seat, "gesture": "press"}]
    lines += [{"signal": "wait", "seconds": 30}]
    out = _run(lines, config)
    prolog = [o for o in said(out) if o["key"] == "prolog.character"]
    assert sorted(o["channel"] for o in prolog) == [f"seat:{s}" for s in range(5)]
    assert {o.get("output") for o in prolog} == {"whisper"}
    falls = next(o for o in said(out, "public") if o["key"] == "night.falls")
    assert falls["start"] >= max(o["end"] for o in prolog) - EPS


def test_M41_the_night_steps_minimum_times_are_set_in_board_toml(tmp_path):
    """``[dying_message] night_choice_seconds`` (issue 22: the game's own config section,
    checked with the rest of ``board.toml``): a setup without its own time takes it."""
    from firmware_host.clock import VirtualClock

    config = _config(tmp_path, "[audio]\n", '[dying_message]\nnight_choice_seconds = 60\nnight_look_seconds = 12\n\n[audio]\n')
    sim = Simulator(config, out=io.StringIO())
    service = sim.start(VirtualClock())
    try:
        service.call(lambda: service.game.setup_game(dict(SETUP5)))
        shown = service.call(lambda: service.game.snapshot())["setup"]
    finally:
        sim.stop()
    assert (shown["night_choice_seconds"], shown["night_look_seconds"]) == (60.0, 12.0)


def test_issue31_A26_M43_a_press_during_ones_chosen_is_answered_at_once_and_never_cuts_it_short():
    """A seat that presses once more right after its confirming press, while its "Chosen. Keep
    your eyes closed." is about to be said (a press made twice) hears the answer cue at once
    (it heard nothing for 1.5-2.8 s, until "chosen" had ended: issue 31), and the item it
    picked and its "chosen" as long in all as without the press (M43: the item plays on
    after the cue from where it was cut); no repeat of its night message cuts either (a
    probe by ear: "chosen" cut after 1.0 s and "Nothing to do for you…" said again)."""
    picked = _night_start() + _press(1) + _pick(1, "scan.seat", {"seat": 2}) \
        + _pick(1, "scan.confirm.seat", {"seat": 2}) + [{"signal": "wait", "seconds": 0.8}]
    out = run(picked + _press(1) + [{"signal": "wait", "seconds": 10}])
    alone = said(run(picked + [{"signal": "wait", "seconds": 10}]), "seat:1")
    mine = said(out, "seat:1")
    confirm = [o for o in mine if o["key"] == "scan.confirm.seat"]
    pressed = confirm[0]["start"] + 0.8 + 0.15
    length = lambda key, lines: sum(o["end"] - o["start"] for o in lines if o["key"] == key)  # noqa: E731
    chosen = [o for o in mine if o["key"] == "night.chosen"]
    assert len(chosen) == 1 and not chosen[0].get("cut"), chosen
    assert abs(length("night.chosen", mine) - length("night.chosen", alone)) <= EPS
    # the item picked is heard to its end (R16): played on after the cue, as long in all
    assert not confirm[-1].get("cut") and abs(length("scan.confirm.seat", mine)
                                               - length("scan.confirm.seat", alone)) <= EPS, confirm
    after = [o for o in mine if o["start"] >= pressed - EPS]
    cue = [o for o in after if o["key"] == "answer.cue"]
    assert len(cue) == 1 and cue[0]["start"] <= pressed + 1.0, (pressed, after)      # at once
    assert not [o for o in after if o.get("cut")], after
    assert not [o for o in after if o["key"].startswith("night.") and o["key"] != "night.chosen"], after
