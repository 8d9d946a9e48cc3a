"""The physical deck on a board (issue 14; BOARD.md "A physical deck is never contradicted by a
virtual one"): ``run`` plays the physical deck untracked by default and refuses a tracked
one; without a law reader the president discards by scanning at the seat (party, then a
confirming press), never needing the game master; with a law reader the tile in the tray is
the discard and each reader read is confirmed privately; an agreed veto's laws on the discard
pile are no refusal; view-discard and peek are done with the physical tiles and acknowledged
from the seat. All on the virtual clock with the clips' real lengths (SIMULATE.md)."""

from __future__ import annotations

import re
import signal
import subprocess
import sys

import pytest

from firmware_host.games.secret_dictator.scripting import physical_game, random_game, signals_for_game

from . import gamegen
from .conftest import ROOT, announces, at_a_persons_pace, keys, run_lines, state
from .test_simulate_console import config_file, console_url, free_port, read_until, talk

NO_LAW_READER = str(gamegen.NO_LAW_READER_CONFIG)
SETUP_5P = {"players": 5, "seed": 2, "language": "en"}


def _to_legislation(setup: dict = SETUP_5P) -> tuple[list[dict], int, list[dict]]:
    """Board signals of a physical game up to the president's first discard (not made), the
    president's seat, and the rest of the game's actions from that discard on."""
    actions = physical_game(setup, 1, ja=1.0)
    i = gamegen.first_index(actions, lambda a: a["action"] == "discard")
    return signals_for_game(setup, actions[:i], physical=True), actions[i]["seat"], actions[i:]


def _discard_by_scan(seat: int, party: str, confirm: bool = True) -> list[dict]:
    lines = [{"signal": "button", "seat": seat, "gesture": "press"},
             {"signal": "wait_for", "key": f"discard.scan.{party}", "timeout": 60},
             {"signal": "button", "seat": seat, "gesture": "press"},
             {"signal": "wait_for", "key": "discard.scan.confirm", "params": {"party": party}, "timeout": 60}]
    if confirm:
        lines.append({"signal": "button", "seat": seat, "gesture": "press"})
    return lines + [{"signal": "wait", "seconds": 15.0}]


def _problems(out: list[dict]) -> list[dict]:
    return [l for l in out if l.get("event") in ("fault", "rejected")]


# ----------------------------------------------------------------- the president's discard
def test_without_a_law_reader_the_president_discards_by_scanning_with_a_confirming_press():
    lines, president, rest = _to_legislation()
    party = rest[0]["party"]
    out = run_lines(lines + _discard_by_scan(president, party), config_path=NO_LAW_READER)
    assert not _problems(out)
    scan = [l for l in announces(out) if l["key"].startswith("discard.scan.")]
    assert {l["channel"] for l in scan} == {f"seat:{president}"}          # the list only in the earphone
    assert scan[0]["key"] == "discard.scan.start"
    assert scan[1]["key"] in ("discard.scan.democratic", "discard.scan.fascist")
    assert f"discard.scan.{party}" in [l["key"] for l in scan]
    assert scan[-1]["params"] == {"party": party}
    said = announces(out)
    confirm_at = said.index(scan[-1])
    # the discard is public only as "the president has discarded", after the confirming press
    chancellor = [i for i, l in enumerate(said) if l["key"] == "legislative.chancellor"]
    assert len(chancellor) == 1 and chancellor[0] > confirm_at
    assert not [l for l in announces(out, "public") if party in l["text"] and l["key"].startswith("legislative")]
    chosen = [l for l in said if l["key"] == "discard.chosen"]
    assert [(l["channel"], l["params"]) for l in chosen] == [(f"seat:{president}", {"party": party})]
    assert state(out)["phase"] == "legislative_chancellor"
    assert state(out)["discard_pile"] == 1


def test_without_a_law_reader_the_president_hears_to_press_after_the_table_hears_the_draw():
    """ACCESSIBILITY.md 22: the prompt into the president's earphone after the public cause."""
    lines, president, _ = _to_legislation()
    out = run_lines(lines + [{"signal": "wait", "seconds": 20.0}], config_path=NO_LAW_READER)
    drawn = [l for l in announces(out, "public") if l["key"] == "legislative.president"]
    prompt = [l for l in announces(out) if l["key"] == "discard.prompt"]
    assert [l["channel"] for l in prompt] == [f"seat:{president}"]
    assert prompt[0]["start"] >= drawn[0]["end"] - 0.01


def test_a_discard_pick_without_the_confirming_press_discards_nothing():
    lines, president, rest = _to_legislation()
    out = run_lines(lines + _discard_by_scan(president, rest[0]["party"], confirm=False)
                    + [{"signal": "wait", "seconds": 90.0}], config_path=NO_LAW_READER)
    assert "legislative.chancellor" not in keys(out)
    assert "scan.stopped" in keys(out, f"seat:{president}")             # it never chooses by itself
    assert state(out)["phase"] == "legislative_president"


def test_the_discard_scan_items_follow_what_was_heard_with_real_clip_lengths():
    """ACCESSIBILITY.md 13, 14, 21: the first item after the intro has ended plus the first
    delay and interval, every next one after the previous one ended plus the interval."""
    lines, president, _ = _to_legislation()
    out = run_lines(lines + [{"signal": "button", "seat": president, "gesture": "press"},
                             {"signal": "wait_for", "key": "scan.wrap", "timeout": 120}], config_path=NO_LAW_READER)
    scan = [l for l in announces(out, f"seat:{president}")
            if l["key"].startswith("discard.scan.") or l["key"] == "scan.cancel"]
    intro, first, second, cancel = scan[:4]
    assert intro["end"] - intro["start"] > 1.0                            # a real clip, not zero time
    assert first["end"] - first["start"] > 0.5
    assert first["start"] >= intro["end"] + 1.0 - 0.01
    assert second["start"] >= first["end"] + 1.5 - 0.01
    assert cancel["start"] >= second["end"] + 1.5 - 0.01
    assert {first["key"], second["key"]} == {"discard.scan.democratic", "discard.scan.fascist"}


def test_the_order_of_the_parties_in_the_discard_scan_changes_so_a_press_time_tells_nothing():
    """R16: the moment of the press must not tell an onlooker which party was discarded; the
    order is drawn anew for each scan (from the game's seed, so a simulation repeats)."""
    orders = set()
    lines, president, rest = _to_legislation()
    script = list(lines)
    for _ in range(5):                    # start the scan, cancel it, start it again
        script += [{"signal": "button", "seat": president, "gesture": "press"},
                   {"signal": "wait_for", "key": "scan.cancel", "timeout": 120},
                   {"signal": "button", "seat": president, "gesture": "press"},
                   {"signal": "wait_for", "key": "scan.cancelled", "timeout": 120}]
    out = run_lines(script, config_path=NO_LAW_READER)
    said = [l["key"] for l in announces(out, f"seat:{president}")
            if l["key"] in ("discard.scan.start", "discard.scan.democratic", "discard.scan.fascist")]
    runs = "|".join(said).split("discard.scan.start")
    assert len(runs) == 6
    for run in runs[1:]:
        items = [k for k in run.split("|") if k]
        orders.add(tuple(items[:2]))
    assert "legislative.chancellor" not in keys(out)                     # cancelled: nothing discarded
    assert len(orders) == 2


def test_the_discard_confirmation_lasts_as_long_whatever_the_party():
    """R16: the private confirmation is padded to the longest of its kind."""
    lengths = {}
    for party in ("democratic", "fascist"):
        lines, president, _ = _to_legislation()
        out = run_lines(lines + _discard_by_scan(president, party), config_path=NO_LAW_READER)
        chosen = [l for l in announces(out) if l["key"] == "discard.chosen"]
        if not chosen:            # a party the physical deck cannot hold here is refused privately
            assert "refusal.not_in_hand" in keys(out, f"seat:{president}")
            continue
        lengths[party] = chosen[0]["end"] - chosen[0]["start"]
    assert lengths
    assert max(lengths.values()) - min(lengths.values()) <= 0.05


def test_with_a_law_reader_the_tile_in_the_tray_is_the_discard_and_a_press_repeats():
    lines, president, rest = _to_legislation()
    out = run_lines(lines + [{"signal": "button", "seat": president, "gesture": "press"},
                             {"signal": "wait", "seconds": 10.0},
                             {"signal": "law_read", "party": rest[0]["party"]},
                             {"signal": "wait", "seconds": 15.0}])
    assert not [k for k in keys(out) if k.startswith("discard.")]
    read = [l for l in announces(out) if l["key"] == "tile.read.law"]
    assert [(l["channel"], l["params"]) for l in read] == [(f"seat:{president}", {"party": rest[0]["party"]})]
    assert state(out)["phase"] == "legislative_chancellor"


def test_with_the_law_reader_unplugged_the_president_discards_by_scanning():
    lines, president, rest = _to_legislation()
    out = run_lines(lines + [{"signal": "unplug", "reader": "law"}] + _discard_by_scan(president, rest[0]["party"]))
    assert "discard.chosen" in keys(out, f"seat:{president}")
    assert state(out)["phase"] == "legislative_chancellor"


def test_an_agreed_vetos_two_laws_read_on_the_discard_pile_are_no_refusal():
    setup = {"players": 5, "seed": 3, "language": "en", "variant": "official"}
    actions = gamegen.find_game(setup, lambda a, g: any(x["action"] == "veto_reply" and x["accept"] for x in a),
                                ja=0.9)
    i = gamegen.first_index(actions, lambda x: x["action"] == "veto_reply" and x["accept"])
    lines = signals_for_game(setup, actions[:i + 1])
    reply = max(n for n, l in enumerate(lines) if l.get("signal") == "ballot")
    assert [l["signal"] for l in lines[reply + 1:reply + 3]] == ["law_read", "law_read"]   # the vetoed laws in the tray
    out = run_lines(lines + [{"signal": "wait", "seconds": 20.0}])
    assert "veto.accepted" in keys(out)
    assert not [k for k in keys(out) if k.startswith("refusal.")]
    assert not _problems(out)


# ----------------------------------------------------------------- powers with the physical tiles
@pytest.mark.parametrize("power", ["view_discard", "peek"])
def test_view_discard_and_peek_are_done_with_the_physical_tiles_and_acknowledged_from_the_seat(power):
    setup = {"players": 7, "seed": 11, "language": "en"}
    seeds = [s for s in range(40)
             if any(x["action"] == "acknowledge" for x in physical_game(setup, s))]
    for seed in seeds:
        actions = physical_game(setup, seed)
        game = None
        acks = [i for i, x in enumerate(actions) if x["action"] == "acknowledge"]
        for i in acks:
            game = gamegen.final_game(setup, actions[:i])
            if game.power == power:
                break
        if game is not None and game.power == power:
            break
    else:
        pytest.fail(f"no game with {power}")
    seat = actions[i]["seat"]
    lines = signals_for_game(setup, actions[:i + 1], law_reader=False, physical=True)
    # the seat presses once it has heard what to do (ACCESSIBILITY.md 26-27), not at the
    # instant that clip starts, which would cut it unheard and have it said again whole (4)
    lines = at_a_persons_pace(lines, (f"power.{power}.physical",), config_path=NO_LAW_READER)
    out = run_lines(lines + [{"signal": "wait", "seconds": 15.0}], config_path=NO_LAW_READER)
    assert not _problems(out)
    assert not [l for l in lines if l.get("signal") == "gm"]
    physical = [l for l in announces(out) if l["key"] == f"power.{power}.physical"]
    assert [l["channel"] for l in physical] == [f"seat:{seat}"]             # told privately what to do
    assert not [k for k in keys(out) if k.endswith(".result")]              # the board does not know the laws
    assert state(out)["phase"] == "nomination"                               # acknowledged by the press


# ----------------------------------------------------------------- run: the physical deck by default
def test_run_plays_the_physical_deck_untracked_by_default_and_refuses_a_tracked_one(tmp_path):
    port = free_port()
    config = config_file(tmp_path, f"\n[console]\nport = {port}\n", mock_pins=True)
    proc = subprocess.Popen([sys.executable, "-m", "firmware_host", "run", "--config", str(config),
                             "--journal", str(tmp_path / "j.sqlite3")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = console_url(read_until(proc.stderr, "console at"))
        tracked, plain, start, snap = talk(url, [("setup", {"players": 5, "language": "en", "deck": "tracked"}),
                                                 ("setup", {"players": 5, "language": "en"}),
                                                 ("command", ("start", {})), ("snapshot", None)])
        proc.send_signal(signal.SIGTERM)
        _, rest = proc.communicate(timeout=60)
    finally:
        proc.kill() if proc.poll() is None else None
    assert tracked == 400
    assert (plain, start[0]) == (200, 200)
    assert snap["board"]["physical_deck"] is True
    assert snap["view"]["deck"] == "untracked"
    assert proc.returncode == 0 and "Traceback" not in rest


def test_simulate_keeps_the_tracked_deck_dealt_from_the_seed():
    """SIMULATE.md: a setup without ``deck`` is dealt from the seed: the president hears the hand."""
    actions = random_game(SETUP_5P, 1, ja=1.0)
    i = gamegen.first_index(actions, lambda a: a["action"] == "discard")
    out = run_lines(signals_for_game(SETUP_5P, actions[:i]) + [{"signal": "wait", "seconds": 15.0}])
    assert "hand.president" in keys(out, f"seat:{actions[i]['seat']}")


def test_the_example_config_is_the_shipped_one_without_the_law_reader():
    shipped = (ROOT / "hardware" / "board.toml").read_text()
    example = gamegen.NO_LAW_READER_CONFIG.read_text()
    without = re.sub(r"(?ms)^\[readers\.law\][^\n]*\n.*?(?=^\[)", "", shipped)
    body = "\n".join(l for l in example.splitlines() if not l.startswith("# The shipped config")
                     and not l.startswith("# has no reader") and not l.startswith("# For `firmware-host"))
    assert "[readers.law]" not in example and "[readers.ballot]" in example
    assert body.strip() == without.replace('registry = "tags.toml"', 'registry = "../hardware/tags.toml"').strip()
