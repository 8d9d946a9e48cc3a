"""self-test, enrol-tags and the tag registry, run on the mocked board."""

from __future__ import annotations

import json

import pytest

from firmware_host.cli import main as cli_main
from firmware_host.config import DEFAULT_CONFIG_PATH
from firmware_host.hardware.tags import (TagRegistryError, Tile, demo_registry, format_registry, load_registry,
                                         parse_registry)


def write_script(path, signals):
    path.write_text("".join(json.dumps(s) + "\n" for s in signals))
    return str(path)


def test_self_test_names_every_input_touched_aloud(capsys):
    assert cli_main(["self-test", "--mock", "--language", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Self-test: every input is named"
    assert "Test: button of seat 4, press" in lines
    assert "Test: slot two on the fascist track filled" in lines
    assert "Test: slot two on the fascist track emptied" in lines
    assert "Test: tracker in hole three" in lines
    assert "Test: game master key, press" in lines
    assert "Test: Ja tile of seat 1" in lines
    assert "Test: law, democratic, number one" in lines
    assert lines[-1] == "Self-test: finished, twenty-eight inputs touched"


def test_self_test_lays_a_tile_of_every_game_on_its_reader(capsys):
    """The wiring test is the board's, not one game's (hardware knows no game): the built-in
    touch shows each reader one tile of every kind the registered games lay on it (Secret
    Dictator's ballot and role tiles at the ballot box; its law, In this way I become a
    DICTATOR's role card and Dying Message's evidence tile at the tray), each named in its
    game's words (the packs' ``tile_words``), and touches every input of the configured board
    (28 on the shipped config)."""
    from firmware_host.hardware.tags import registered_kinds

    assert cli_main(["self-test", "--mock", "--language", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    tiles = [line for line in lines[lines.index("Test: tracker in hole zero") + 1:-1] if not line.startswith("Next: ")]
    assert tiles == ["Test: Ja tile of seat 1", "Test: role tile, Democrat, number one",
                     "Test: law, democratic, number one", "Test: Dictator card of Seat 1", "Test: evidence, card 1"]
    assert {k.kind for k in registered_kinds()} == {"ballot", "role", "law", "card", "evidence"}
    assert lines[-1] == "Self-test: finished, twenty-eight inputs touched"


def test_self_test_asks_for_every_part_of_the_board_in_turn(capsys):
    """A builder hears what to touch next: every part the board config wires (BOARD.md
    "Reference build": 10 buttons, the game-master key, 11 slots filled and emptied, the
    tracker's 4 holes, 2 readers) is asked for once, in wiring order, each request after the
    answer to the one before."""
    assert cli_main(["self-test", "--mock", "--language", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    asked = [line for line in lines if line.startswith("Next: ")]
    assert len(asked) == 10 + 1 + 2 * 11 + 4 + 2
    assert asked[:2] == ["Next: button of seat 1", "Next: button of seat 2"]
    assert asked[10:13] == ["Next: game master key", "Next: a tile into slot one on the democratic track",
                            "Next: empty slot one on the democratic track"]
    assert asked[-6:] == ["Next: tracker pin into hole one", "Next: tracker pin into hole two",
                          "Next: tracker pin into hole three", "Next: tracker pin into hole zero",
                          "Next: a tile at the ballot box reader", "Next: a tile at the law reader at the discard tray"]
    for request, answer in [("Next: button of seat 4", "Test: button of seat 4, press"),
                            ("Next: empty slot two on the fascist track",
                             "Test: slot two on the fascist track emptied"),
                            ("Next: a tile at the ballot box reader", "Test: Ja tile of seat 1")]:
        assert lines[lines.index(request) + 1] == answer


def test_self_test_names_a_touch_of_another_part_and_asks_again_for_the_one_it_wants(tmp_path, capsys):
    """A crossed wire is heard at once: asked for seat 1's button, a press that arrives as
    seat 3's is named as seat 3's, the walk still wants seat 1, and seat 3 is not asked for
    again once it has been touched; the script's end names what was not touched."""
    script = write_script(tmp_path / "touches.jsonl", [
        {"signal": "button", "seat": 2, "gesture": "press"},
        {"signal": "button", "seat": 0, "gesture": "press"},
        {"signal": "button", "seat": 1, "gesture": "press"},
    ])
    assert cli_main(["self-test", "--mock", script, "--language", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    walk = [line for line in lines if line.startswith(("Next: ", "Test: button"))]
    assert walk == ["Next: button of seat 1", "Test: button of seat 3, press",
                    "Test: button of seat 1, press", "Next: button of seat 2",
                    "Test: button of seat 2, press", "Next: button of seat 4"]
    end = lines.index("Self-test: finished, three inputs touched")
    assert lines[end + 1] == "Not touched: buttons of seats 4, 5, 6, 7, 8, 9 and 10"


def test_self_test_speaks_faults_and_names_untouched_inputs(tmp_path, capsys):
    script = write_script(tmp_path / "touches.jsonl", [
        {"signal": "button", "seat": 6, "gesture": "hold"},
        {"signal": "pin", "pin": 4, "level": "low", "hold": 20},
        {"signal": "serial", "reader": "ballot", "hex": "0230463030413142324333444603"},
        {"signal": "unplug", "reader": "law"},
        {"signal": "replug", "reader": "law"},
    ])
    assert cli_main(["self-test", "--mock", script, "--language", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "Test: button of seat 7, hold" in lines
    assert "Fault: button of seat 1 stuck" in lines
    assert "Fault: unknown tile at the ballot box reader" in lines
    assert "Test: law reader at the discard tray disconnected" in lines and "Fault: law reader at the discard tray disconnected" in lines
    end = lines.index("Self-test: finished, three inputs touched")
    assert lines[end + 1].startswith("Not touched: buttons of seats 2, 3, 4")
    assert "seat 7" not in lines[end + 1] and "Not touched: game master key" in lines[end + 2:]
    assert "Not touched: slot one on the democratic track" in lines[end + 2:]


def test_self_test_speaks_german_without_digits(capsys):
    assert cli_main(["self-test", "--mock", "--language", "de"]) == 0
    out = capsys.readouterr().out
    assert "Test: Taste von Platz vier, Druck" in out
    assert "Test: Feld zwei der faschistischen Leiste belegt" in out
    assert "Selbsttest: beendet, achtundzwanzig Eingänge berührt" in out
    assert not any(ch.isdigit() for ch in out)


def test_self_test_refuses_a_bad_script_line_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"signal": "button", "seat": 2}\n{"signal": "slot", "track": "fascist"\n')
    assert cli_main(["self-test", "--mock", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "bad.jsonl line 2: not valid JSON" in err[0]


#: unusable ``--mock`` scripts: name -> writes it at the given path
_UNUSABLE_SCRIPTS = {
    "random bytes": lambda p: p.write_bytes(bytes(range(256)) * 8),
    "Latin-1 text": lambda p: p.write_bytes('{"signal": "tag", "tag": "Schl\xfcssel"}\n'.encode("latin-1")),
    "a directory": lambda p: p.mkdir(),
    "a missing file": lambda p: None,
    "invalid JSON": lambda p: p.write_text('{"signal": "button", "seat": 2}\n{"signal": \n'),
    "deeply nested JSON": lambda p: p.write_text("[" * 100_000 + "\n"),
    "NaN": lambda p: p.write_text('{"signal": NaN}\n'),
    "a JSON list": lambda p: p.write_text('[1, 2]\n'),
    "a bad tag id": lambda p: p.write_text('{"signal": "tag", "tag": "not-a-tag!"}\n'),
}


@pytest.mark.parametrize("command", ["self-test", "enrol-tags"])
@pytest.mark.parametrize("kind", sorted(_UNUSABLE_SCRIPTS))
def test_unusable_mock_script_is_one_line_and_exit_2(command, kind, tmp_path, capsys):
    script = tmp_path / "script.jsonl"
    _UNUSABLE_SCRIPTS[kind](script)
    out = tmp_path / "tags.toml"
    extra = ["--output", str(out), "--seats", "1", "--kinds", "ballot"] if command == "enrol-tags" else []
    assert cli_main([command, "--mock", str(script), "--language", "en", *extra]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"firmware-host {command}: "), captured.err
    assert "Traceback" not in captured.err
    assert not out.exists()


def test_self_test_reads_its_script_before_it_starts(tmp_path, capsys):
    script = tmp_path / "script.jsonl"
    script.write_bytes(b"\xff\xfe\x00garbage")
    assert cli_main(["self-test", "--mock", str(script), "--language", "en"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "script.jsonl: not UTF-8 text" in captured.err


def test_mock_script_may_start_with_a_byte_order_mark(tmp_path, capsys):
    script = tmp_path / "script.jsonl"
    script.write_bytes("\ufeff".encode() + b'{"signal": "button", "seat": 2, "gesture": "press"}\r\n')
    assert cli_main(["self-test", "--mock", str(script), "--language", "en"]) == 0
    assert "Test: button of seat 3, press" in capsys.readouterr().out.splitlines()


def test_self_test_without_gpio_library_is_a_one_line_error(monkeypatch, capsys):
    from firmware_host.hardware import board
    from firmware_host.hardware.pins import PinFactoryError

    def no_gpio(name):
        raise PinFactoryError(f"cannot open the GPIO pins with {name} (ModuleNotFoundError: No module named 'lgpio')")

    monkeypatch.setattr(board, "make_pin_factory", no_gpio)
    assert cli_main(["self-test", "--seconds", "0.1", "--print"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot open the GPIO pins with lgpio" in err[0]
    # issue 35: on a laptop the same line says what plays instead
    assert err[0].endswith("on a laptop, firmware-host self-test --mock plays on the mocked board")


def test_enrol_tags_without_the_readers_points_at_the_mocked_board_in_one_line(tmp_path, capsys):
    """issue 35: a laptop has no readers; enrol-tags says in one line that --mock rehearses on
    the mocked board, and writes nothing."""
    out = tmp_path / "tags.toml"
    assert cli_main(["enrol-tags", "--output", str(out), "--language", "en", "--print"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "the ballot reader is not connected" in err[0]
    assert "firmware-host enrol-tags --mock --output FILE plays on the mocked board" in err[0]
    assert not out.exists()
    assert cli_main(["enrol-tags", "--language", "en"]) == 2          # the packaged demo registry
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--mock --output FILE plays on the mocked board" in err[0]


def test_enrol_tags_asks_for_every_tile_and_writes_the_registry(tmp_path, capsys):
    out = tmp_path / "tags.toml"
    assert cli_main(["enrol-tags", "--mock", "--output", str(out), "--language", "en", "--kinds", "ballot,law,role"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Enrolment: forty-seven tiles, present each at the ballot box reader"
    assert lines[1] == "Enrolment: present the Ja tile of seat 1"
    assert lines[2] == "Enrolment: recognised"
    assert "Enrolment: present the Nein tile of seat 4" in lines
    assert "Enrolment: present the eleventh fascist law" in lines
    assert "Enrolment: role tile Dictator, number one" in lines
    from firmware_host.kernel.games import pack
    asked = pack("secret_dictator").tile_kinds            # ballots, laws and role tiles: no role cards
    assert format_registry(load_registry(out)) == format_registry(demo_registry(kinds=asked))


def test_enrol_tags_refuses_a_tile_twice_and_asks_again(tmp_path, capsys):
    script = write_script(tmp_path / "tiles.jsonl", [
        {"signal": "tag", "tag": "AA00000001"},
        {"signal": "tag", "tag": "aa00000001"},
        {"signal": "tag", "tag": "AA00000002"},
    ])
    out = tmp_path / "tags.toml"
    assert cli_main(["enrol-tags", "--mock", script, "--output", str(out), "--seats", "1", "--kinds", "ballot",
                     "--language", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    again = lines.index("Enrolment: already enrolled as Ja tile of seat 1")
    assert lines[again + 1] == "Enrolment: present the Nein tile of seat 1"
    registry = load_registry(out)
    assert registry.tag_of(Tile("ballot", "ja", 0)) == "AA00000001"
    assert registry.tag_of(Tile("ballot", "nein", 0)) == "AA00000002"


def test_enrol_tags_writes_nothing_when_the_tiles_run_out(tmp_path, capsys):
    script = write_script(tmp_path / "tiles.jsonl", [{"signal": "tag", "tag": "AA00000001"}])
    out = tmp_path / "tags.toml"
    assert cli_main(["enrol-tags", "--mock", script, "--output", str(out), "--seats", "2", "--kinds", "ballot"]) == 2
    assert not out.exists()
    assert "nothing written" in capsys.readouterr().err


def test_shipped_registry_is_the_consistent_demo_registry():
    from firmware_host.games.become_dictator import ROLES
    registry = load_registry(DEFAULT_CONFIG_PATH.parent / "tags.toml")
    assert format_registry(registry) == format_registry(demo_registry(10))
    assert all(registry.tag_of(Tile("card", r, s)) for s in range(10) for r in ROLES)     # DICTATOR.md D30
    assert len(registry.tags("law", "democratic")) == 6 and len(registry.tags("law", "fascist")) == 11
    assert all(registry.tag_of(Tile("ballot", b, s)) for s in range(10) for b in ("ja", "nein"))


def test_registry_refuses_a_tag_for_two_tiles_and_bad_ids():
    with pytest.raises(TagRegistryError) as info:
        parse_registry({"ballots": {"0": {"ja": "AA00000001", "nien": "AA00000002"}},
                        "laws": {"fascist": {"1": "aa00000001", "12": "AA00000003"}, "democratc": {}},
                        "roles": {"dictator": {"1": "XYZ"}}})
    problems = info.value.problems
    assert "ballots.0.nien: unknown ballot tile (did you mean 'nein'?); ja or nein" in problems
    assert "laws.fascist.1: tag AA00000001 is already ballots.0.ja" in problems
    assert "laws.fascist.12: tile numbers are 1–11" in problems
    assert "laws.democratc: unknown party (did you mean 'democratic'?)" in problems
    assert any(p.startswith("roles.dictator.1: 'XYZ' is not a tag id") for p in problems)


def test_registry_lookup_names_the_tile():
    registry = demo_registry(5)
    assert registry.lookup("1b00030002") == Tile("ballot", "nein", 3)
    assert registry.lookup("0F00A1B2C3") is None


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_sentence_of_self_test_and_enrol_tags_comes_from_the_catalogue(tmp_path, capsys, monkeypatch,
                                                                             language):
    """Every spoken sentence in both languages comes from a catalogue: the board's own (issue
    22: the board's own sentences belong to no game), or, where it names a game's tile, that
    game's (issue 32: its pack's ``tile_words``)."""
    from firmware_host.games.secret_dictator import catalogue as game_catalogue
    from firmware_host.service import board_catalogue as catalogue

    made: list[tuple[str, str]] = []

    def recording(module):
        real_text = module.text

        def recording_text(key, params=None, language="de", long=False, names=None, **kwargs):
            out = real_text(key, params, language, long, names, **kwargs)
            made.append((key, out))
            return out
        monkeypatch.setattr(module, "text", recording_text)

    recording(catalogue)
    recording(game_catalogue)
    script = write_script(tmp_path / "touches.jsonl", [
        {"signal": "button", "seat": 6, "gesture": "hold"},
        {"signal": "pin", "pin": 4, "level": "low", "hold": 20},
        {"signal": "serial", "reader": "ballot", "hex": "0230463030413142324333444603"},
        {"signal": "unplug", "reader": "law"},
        {"signal": "replug", "reader": "law"},
        {"signal": "tracker", "position": 2},
    ])
    assert cli_main(["self-test", "--mock", script, "--language", language]) == 0
    tiles = write_script(tmp_path / "tiles.jsonl", [
        {"signal": "tag", "tag": "AA00000001"}, {"signal": "tag", "tag": "AA00000001"},
        {"signal": "tag", "tag": "AA00000002"},
    ])
    assert cli_main(["enrol-tags", "--mock", tiles, "--output", str(tmp_path / "t.toml"), "--seats", "1",
                     "--kinds", "ballot", "--language", language]) == 0
    spoken = [line for line in capsys.readouterr().out.splitlines() if not line.startswith("written: ")]
    texts = {out for _, out in made}
    assert spoken and [line for line in spoken if line not in texts] == []
    keys = {key for key, _ in made}
    assert {"selftest.start", "selftest.done", "enrol.start", "enrol.done"} <= keys
    assert any(k.startswith("enrol.duplicate.") for k in keys) and any(k.startswith("selftest.stuck.") for k in keys)


@pytest.mark.parametrize("language, said", [("en", "Test: tile at the law reader at the discard tray"),
                                            ("de", "Test: Plättchen am Leser am Ablagestapel")])
def test_self_test_names_the_reader_of_a_tile_no_game_has_words_for(language, said):
    """A wiring test touches every reader with whatever tile lies at hand: an enrolled tile
    of a kind no registered game words (a game's pack without ``tile_words``, or one that is
    not registered) is still said, naming the reader that read it (never the tile)."""
    from firmware_host.commands.self_test import describe
    from firmware_host.hardware.events import TileRead

    assert describe(TileRead(reader="law", kind="coin", value="gold", seat=1), language) == said


@pytest.mark.parametrize("language, said", [("en", "Test: evidence, card 4: a red umbrella"),
                                            ("de", "Test: Beweis, Karte vier: ein roter Regenschirm")])
def test_self_test_names_an_evidence_tile_in_its_games_words_with_its_description(language, said):
    """Dying Message's pack words its evidence tiles for the self-test (``tile_words``): the
    card as printed (one-based) and its description from the tag registry in the language."""
    from firmware_host.commands.self_test import describe
    from firmware_host.hardware.events import TileRead
    from firmware_host.hardware.tags import Tile, TagRegistry

    registry = TagRegistry({"4E00000003": Tile("evidence", "evidence", None, 3)},
                           {3: {"en": "a red umbrella", "de": "ein roter Regenschirm"}})
    read = TileRead(reader="law", kind="evidence", value="evidence", number=3)
    assert describe(read, language, registry) == said


@pytest.mark.parametrize("language, one, many", [
    ("de", "Nicht berührt: Taste von Platz zwei", "Nicht berührt: Tasten der Plätze zwei und vier"),
    ("en", "Not touched: button of seat 2", "Not touched: buttons of seats 2 and 4")])
def test_self_test_names_untouched_buttons_in_the_number_they_are(tmp_path, capsys, language, one, many):
    """The end of the walk names the buttons not touched as grammar wants them: one button
    ("Taste von Platz zwei"), or several ("Tasten der Plätze zwei und vier", never "Tasten
    von Plätze")."""
    for skipped, said in (([1], one), ([1, 3], many)):
        script = write_script(tmp_path / "touches.jsonl", [
            {"signal": "button", "seat": s, "gesture": "press"} for s in range(10) if s not in skipped])
        assert cli_main(["self-test", "--mock", script, "--language", language]) == 0
        assert said in capsys.readouterr().out.splitlines()
