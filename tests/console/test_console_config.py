"""``firmware-host check-config`` and the ``[console]`` section: every problem at once."""

from __future__ import annotations

from pathlib import Path

from console_helpers import PIN_HASH

from firmware_host.cli import main

BOARD = Path(__file__).resolve().parents[2] / "hardware" / "board.toml"


def _config(tmp_path, console: str, extra: str = "") -> str:
    text = BOARD.read_text(encoding="utf-8")
    text = text.replace('registry = "tags.toml"', f'registry = "{BOARD.parent / "tags.toml"}"')
    text = text[:text.index("\n[audio]")]     # so that ``extra`` may hold an [audio] table
    path = tmp_path / "board.toml"
    path.write_text(text + "\n[console]\n" + console + "\n" + extra, encoding="utf-8")
    return str(path)


def _check(capsys, path) -> tuple[int, list[str]]:
    status = main(["check-config", path, "--no-tags"])
    captured = capsys.readouterr()
    return status, [line.strip() for line in captured.err.splitlines()[1:]]


def test_check_config_names_a_malformed_pin_hash(tmp_path, capsys):
    status, problems = _check(capsys, _config(tmp_path, 'pin_hash = "482913"'))
    assert status == 2
    assert [p for p in problems if p.startswith("console.pin_hash:")], problems
    assert "hash_pin" in " ".join(problems)


def test_check_config_names_a_remote_host_without_pin_hash_with_the_other_problems(tmp_path, capsys):
    path = _config(tmp_path, 'host = "0.0.0.0"', '[audio]\nlanguage = "fr"\n')
    status, problems = _check(capsys, path)
    assert status == 2
    assert [p for p in problems if p.startswith("console.host:") and "pin_hash" in p], problems
    assert [p for p in problems if p.startswith("audio.language:")], problems


def test_check_config_accepts_a_remote_host_with_a_pin_hash(tmp_path, capsys):
    path = _config(tmp_path, f'host = "0.0.0.0"\npin_hash = "{PIN_HASH}"')
    assert main(["check-config", path, "--no-tags"]) == 0, capsys.readouterr().err
    path = _config(tmp_path, 'host = "localhost"')
    assert main(["check-config", path, "--no-tags"]) == 0, capsys.readouterr().err
