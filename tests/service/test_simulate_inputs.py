"""``firmware-host simulate``: every number and every script line is checked before use.

A bad value is one line (a ``? …`` line on the interactive board, which goes on; exit 2 and
nothing on stdout for a script), never a traceback (SIMULATE.md, REPLAY.md "unusable").
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from firmware_host.service.signals import MAX_SECONDS, ScriptError, parse_line, parse_script

SETUP = '{"setup": {"players": 5, "seed": 1}}'


def cli(*args, stdin=None, timeout=120):
    return subprocess.run([sys.executable, "-m", "firmware_host", *args], input=stdin,
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("line", ["wait 1e20", "wait 1e400", "wait nan", "wait -inf", "wait -1",
                                  "pin 5 high 1e400", "tracker 1e400", "setup 1e400 en",
                                  "gm choose 0 inf", "gm seat_settings 1 rate=NaN",
                                  '{"signal": "wait", "seconds": Infinity}'])
def test_interactive_number_out_of_range_is_one_line(line):
    with pytest.raises(ScriptError) as info:
        parse_line(line)
    assert "\n" not in str(info.value)


def test_wait_up_to_a_day_is_accepted():
    assert parse_line(f"wait {MAX_SECONDS:g}").fields == {"seconds": MAX_SECONDS}


def test_interactive_board_goes_on_after_huge_waits():
    proc = cli("simulate", stdin="wait 1e20\nwait 1e400\nwait 0.01\nsetup 5 en\nquit\n")
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr and "OverflowError" not in proc.stderr
    assert "? wait: 'seconds' must be a number of seconds from 0 to 86400" in proc.stderr
    assert "? '1e400' is not a finite number" in proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["state"]["phase"] == "nomination"


@pytest.mark.parametrize("body, words", [
    ('{"signal": "wait", "seconds": 1, "at": NaN}', "line 2: NaN is not a JSON value"),
    ('{"signal": "wait", "seconds": Infinity}', "line 2: Infinity is not a JSON value"),
    ('{"signal": "wait", "seconds": 1e400}', "line 2: wait: 'seconds' must be"),
    ('{"signal": "wait", "seconds": 1, "at": 1e300}', "line 2: 'at' must be"),
    ('{"signal": "wait_for", "key": "vote.open", "timeout": 1e9}', "line 2: wait_for: 'timeout' must be"),
    ('{"signal": "pin", "pin": 5, "level": "low", "hold": 1e9}', "line 2: pin: 'hold' must be"),
])
def test_script_number_that_is_not_finite_or_too_large_is_unusable(body, words):
    with pytest.raises(ScriptError) as info:
        parse_script(SETUP + "\n" + body, "s.jsonl")
    assert words in str(info.value) and "\n" not in str(info.value)


def test_script_with_utf8_bom_is_read_like_replay(tmp_path):
    script = tmp_path / "bom.jsonl"
    script.write_bytes(b"\xef\xbb\xbf" + SETUP.encode() + b"\n")
    proc = cli("simulate", "--script", str(script))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["state"]["phase"] == "nomination"


def test_script_lines_are_numbered_like_replay_physical_lines():
    # a form feed or line separator inside a line is not a line end (REPLAY.md counts "\n")
    sigs = parse_script(SETUP + '\n{"signal": "wait", "seconds": 1}\x0c\n{"signal": "wait", "seconds": 2}')
    assert [s.line for s in sigs] == [1, 2, 3]


@pytest.mark.parametrize("setup", [
    {"players": 5},
    {"players": 5, "roles": ["democrat", "democrat", "fascist", "dictator", "democrat"]},
    {"players": 5, "deck": "untracked"},
    {"players": 5, "deck": "tracked", "roles": "dealt"},
])
def test_scripted_setup_dealing_anything_needs_a_seed(tmp_path, setup):
    script = tmp_path / "s.jsonl"
    script.write_text(json.dumps({"setup": setup}) + "\n")
    proc = cli("simulate", "--script", str(script))
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and "seed" in proc.stderr


def test_scripted_setup_with_roles_and_deck_needs_no_seed(tmp_path):
    deck = ["fascist"] * 11 + ["democratic"] * 6
    setup = {"players": 5, "roles": ["democrat", "democrat", "fascist", "dictator", "democrat"], "deck": deck}
    script = tmp_path / "s.jsonl"
    script.write_text(json.dumps({"setup": setup}) + "\n")
    proc = cli("simulate", "--script", str(script))
    assert proc.returncode == 0, proc.stderr


def test_game_master_setup_on_the_interactive_board_deals_without_a_seed():
    proc = cli("simulate", stdin="setup 6 en\nquit\n")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1])["state"]["alive"] == [0, 1, 2, 3, 4, 5]


def test_invalid_setup_writes_nothing_on_stdout(tmp_path):
    script = tmp_path / "bad.jsonl"
    script.write_text('{"setup": {"players": 4, "seed": 3}}\n')
    proc = cli("simulate", "--script", str(script))
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and "players" in proc.stderr


@pytest.mark.parametrize("start", ["-3", "0", "999"])
def test_start_line_outside_the_script_is_refused(tmp_path, start):
    script = tmp_path / "s.jsonl"
    script.write_text(SETUP + '\n{"signal": "wait", "seconds": 1}\n')
    proc = cli("simulate", "--script", str(script), "--start-line", start)
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and "--start-line" in proc.stderr


def test_start_line_inside_the_script_is_played_from_there(tmp_path):
    script = tmp_path / "s.jsonl"
    script.write_text(SETUP + '\n{"signal": "wait", "seconds": 1}\n')
    proc = cli("simulate", "--script", str(script), "--start-line", "2")
    assert proc.returncode == 0, proc.stderr
