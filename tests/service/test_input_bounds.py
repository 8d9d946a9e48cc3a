"""Every field of every input format is checked before use (issue 12): numbers bounded
before any conversion, text UTF-8 cannot encode refused in one line, names and keys one line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from firmware_host.checks import bounded_number, single_line_name, unencodable
from firmware_host.commands.replay import replay_lines
from firmware_host.errors import UsageError
from firmware_host.jsonlines import loads
from firmware_host.table.seat_settings import SeatSettings, SeatSettingsError
from firmware_host.service.signals import ScriptError, parse_line, parse_script

from .conftest import ROOT

HUGE = 10 ** 400
SETUP = {"setup": {"players": 5, "seed": 1, "language": "en"}}


def script(*signals):
    return "\n".join(json.dumps(x) for x in (SETUP, *signals))


def test_bounded_number_compares_an_integer_beyond_float_range_before_converting_it():
    with pytest.raises(ValueError, match="out of range"):
        bounded_number(HUGE, 0, 86400)
    with pytest.raises(ValueError, match="out of range"):
        bounded_number(-HUGE, 0, 86400)
    assert bounded_number(86400, 0, 86400) == 86400.0


@pytest.mark.parametrize("signal", [
    {"signal": "wait", "seconds": HUGE},
    {"signal": "wait_for", "key": "x", "timeout": HUGE},
    {"signal": "pin", "pin": 5, "level": "high", "hold": HUGE},
    {"signal": "button", "seat": 0, "gesture": "press", "at": HUGE},
    {"signal": "button", "seat": HUGE, "gesture": "press"},
])
def test_an_integer_beyond_float_range_in_a_script_is_one_line(signal):
    with pytest.raises(ScriptError) as caught:
        parse_script(script(signal))
    assert "\n" not in str(caught.value) and "line 2" in str(caught.value)


@pytest.mark.parametrize("line", ["wait " + "9" * 400, "pin 5 high " + "9" * 400, "button " + "9" * 400])
def test_an_integer_beyond_float_range_typed_at_the_interactive_board_is_one_line(line):
    with pytest.raises(ScriptError) as caught:
        parse_line(line)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("text", [
    '{"setup": {"players": 5, "seed": 1, "names": ["\\ud800"]}}',
    '{"setup": {"players": 5, "seed": 1}}\n{"signal": "wait_for", "key": "\\ud800"}',
    '{"setup": {"players": 5, "seed": 1}}\n{"signal": "gm", "command": "seat_settings", "seat": 0, "name": "a\\udfffb"}',
    '{"setup": {"players": 5, "seed": 1}}\n{"signal": "wait", "seconds": 1, "\\ud800": 1}',
])
def test_a_lone_surrogate_anywhere_in_a_script_is_refused_in_one_line(text):
    with pytest.raises(ScriptError, match="cannot be encoded as UTF-8") as caught:
        parse_script(text)
    assert "\n" not in str(caught.value)


def test_a_lone_surrogate_in_a_replay_file_is_refused_in_one_line():
    with pytest.raises(UsageError, match=r"line 1: text that cannot be encoded as UTF-8.*names\[0\]"):
        replay_lines(['{"setup": {"players": 5, "seed": 1, "names": ["\\ud800"]}}'])


def test_a_line_break_in_a_signal_name_stays_one_line():
    with pytest.raises(ScriptError) as caught:
        parse_script(script({"signal": "butt\non", "seat": 0}))
    assert "\n" not in str(caught.value) and "unknown signal" in str(caught.value)


def test_a_wait_for_key_must_be_one_line():
    with pytest.raises(ScriptError, match="one line"):
        parse_script(script({"signal": "wait_for", "key": "a\nb"}))


@pytest.mark.parametrize("name", ["An\nna", "\x07Bell", "\ud800"])
def test_a_seat_name_must_be_one_line_of_encodable_text(name):
    with pytest.raises(SeatSettingsError):
        SeatSettings().changed({"name": name})
    with pytest.raises(ValueError):
        single_line_name(name, "name")


def test_a_key_or_name_with_a_line_separator_is_not_one_line():
    with pytest.raises(ValueError, match="one line"):
        single_line_name("Anna\u2028", "key")


def test_a_seat_setting_beyond_float_range_is_refused_not_an_overflow():
    for field in ("rate", "volume", "scan_interval"):
        with pytest.raises(SeatSettingsError):
            SeatSettings().changed({field: HUGE})


def test_unencodable_names_where_the_text_is():
    assert unencodable({"a": [1, {"b": "\ud800"}]}) == "a[1].b"
    assert unencodable({"a": ["ok", "ü"]}) is None
    with pytest.raises(ValueError, match=r"in a\[0\]"):
        loads('{"a": ["\\udc00"]}')


def run_cli(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "firmware_host", *args], input=stdin, capture_output=True,
                          text=True, timeout=120, cwd=ROOT)


@pytest.mark.parametrize("line", [
    '{"signal": "wait", "seconds": 1' + "0" * 400 + '}',
    '{"signal": "gm", "command": "seat_settings", "seat": 0, "name": "\\ud800"}',
    '{"signal": "bu\\ntton", "seat": 0}',
])
def test_simulate_answers_a_bad_script_in_one_line_without_a_traceback(tmp_path, line):
    path = tmp_path / "s.jsonl"
    path.write_text(json.dumps(SETUP) + "\n" + line + "\n")
    proc = run_cli("simulate", "--script", str(path), "--journal", str(tmp_path / "j.sqlite3"))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert proc.stdout == ""


def test_the_setup_names_of_the_interactive_board_refuse_a_line_break(tmp_path):
    proc = run_cli("simulate", "--journal", str(tmp_path / "j.sqlite3"),
                   stdin='{"setup": {"players": 5, "seed": 1, "names": ["A\\nB"]}}\n'
                         "wait " + "9" * 400 + "\nquit\n")
    assert "Traceback" not in proc.stderr, proc.stderr
    assert "one line" in proc.stderr
