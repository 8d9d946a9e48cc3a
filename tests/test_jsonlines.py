"""One JSON Lines reader for replay, simulate --script and self-test --mock (REPLAY.md, SIMULATE.md)."""

from __future__ import annotations

import pytest

from firmware_host.commands.replay import read_game_file, replay_lines
from firmware_host.commands.self_test import read_script as self_test_script
from firmware_host.errors import FirmwareHostError, UsageError
from firmware_host.jsonlines import JsonLinesError, decode, objects, read_lines, split_lines
from firmware_host.service.signals import ScriptError
from firmware_host.service.signals import read_script as simulate_script

SETUP = '{"setup": {"players": 5, "seed": 1}}'


def test_lines_are_physical_lines_counted_from_1_with_ignored_ones():
    lines = split_lines("\ufeff# a comment\r\n\n  \n" + SETUP + "\r\n  # indented comment\n[1]\n")
    assert [n for n, _ in objects(lines)] == [4, 6]


def test_a_form_feed_or_line_separator_does_not_start_a_new_line():
    # str.splitlines would split here and shift every later line number
    lines = split_lines('{"a": "x\u2028y"}\n\x0c\n[2]')
    assert [n for n, _ in objects(lines)] == [1, 3]


@pytest.mark.parametrize("line, reason", [
    ("{not json", "not valid JSON (Expecting property name enclosed in double quotes, column 2)"),
    ('{"seat": NaN}', "NaN is not a JSON value"),
    ("[Infinity]", "Infinity is not a JSON value"),
    ("[-Infinity]", "-Infinity is not a JSON value"),
    ("[" * 100_000 + "]" * 100_000, "JSON nested too deeply to read"),
    # Python's own advice ("use sys.set_int_max_str_digits()") is no user's reason
    ('{"players": 1' + "0" * 5000 + "}", "a number too long to read (more than 4300 digits)"),
])
def test_a_bad_line_is_one_error_naming_the_physical_line(line, reason):
    with pytest.raises(JsonLinesError) as info:
        list(objects(["# comment", "", line], prefix="game.jsonl "))
    assert str(info.value) == f"game.jsonl line 3: {reason}"
    assert info.value.line == 3 and info.value.reason == reason
    assert isinstance(info.value, UsageError) and isinstance(info.value, FirmwareHostError)


def test_text_that_is_not_utf8_names_the_file_and_byte():
    with pytest.raises(JsonLinesError, match=r"^x.jsonl: not UTF-8 text \(invalid start byte at byte 3\)$"):
        decode(b"abc\xff", "x.jsonl")
    assert decode(b"\xef\xbb\xbf[1]", "x.jsonl") == "[1]"


def _write(tmp_path, data: bytes):
    path = tmp_path / "f.jsonl"
    path.write_bytes(data)
    return str(path)


@pytest.mark.parametrize("data, words", [
    (b"\xef\xbb\xbf" + SETUP.encode() + b'\n{"seat": NaN}\n', "line 2: NaN is not a JSON value"),
    (SETUP.encode() + b"\n# note\n{oops\n", "line 3: not valid JSON"),
    (SETUP.encode() + b"\n\xc3\x28\n", "f.jsonl: not UTF-8 text"),
])
def test_replay_simulate_and_self_test_refuse_a_file_in_the_same_words(tmp_path, data, words):
    path = _write(tmp_path, data)
    with pytest.raises(UsageError) as replay_error:
        replay_lines(read_game_file(path))
    with pytest.raises(ScriptError) as simulate_error:
        simulate_script(path)
    with pytest.raises(UsageError) as self_test_error:
        self_test_script(path)
    for error in (replay_error, simulate_error, self_test_error):
        assert words in str(error.value) and "\n" not in str(error.value)


def test_self_test_script_skips_comments_and_a_bom_like_the_others(tmp_path):
    path = _write(tmp_path, b'\xef\xbb\xbf# touch seat 1\n{"signal": "button", "seat": 0}\n')
    assert self_test_script(path) == [{"signal": "button", "seat": 0}]
    assert read_lines(path) == ["# touch seat 1", '{"signal": "button", "seat": 0}', ""]
