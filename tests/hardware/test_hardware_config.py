"""The board config: every problem at once, each naming its key, "did you mean"."""

from __future__ import annotations

import copy
import tomllib

import pytest

from firmware_host import config as config_module
from firmware_host.board_config import config_from_document, load_config
from firmware_host.cli import main as cli_main
from firmware_host.config import DEFAULT_CONFIG_PATH, ConfigError
from firmware_host.errors import FirmwareHostError, UsageError


@pytest.fixture(scope="module")
def shipped_document():
    with open(DEFAULT_CONFIG_PATH, "rb") as fh:
        return tomllib.load(fh)


def problems_of(document):
    with pytest.raises(ConfigError) as info:
        config_from_document(document)
    return info.value.problems


def test_shipped_config_uses_26_inputs_on_bcm_2_to_27(shipped_config):
    pins = sorted(shipped_config.inputs())
    assert pins == list(range(2, 28))
    assert shipped_config.seats == 10
    assert {track: len(pins) for track, pins in shipped_config.tracks.items()} == {"democratic": 5, "fascist": 6}
    assert len(shipped_config.peg_holes) == 4


def test_shipped_config_timing_defaults_follow_accessibility_12(shipped_config):
    t = shipped_config.timing
    assert t.ignore_repeat_s == 0.5
    assert t.double_press is False
    assert t.bounce_s == pytest.approx(0.020)
    assert shipped_config.pin_factory == "lgpio"
    assert {r.type for r in shipped_config.readers.values()} == {"rdm6300"}
    assert all(r.baud == 9600 and r.port.startswith("/dev/serial/by-id/") for r in shipped_config.readers.values())


def test_other_layers_sections_are_kept_with_defaults(shipped_config):
    assert shipped_config.sections["buttons"]["hold_s"] == 1.0
    assert shipped_config.raw is shipped_config.sections
    assert shipped_config.tags_path.name == "tags.toml" and shipped_config.tags_path.is_absolute()


def test_config_error_is_a_usage_error_and_a_value_error():
    assert issubclass(ConfigError, UsageError)
    assert issubclass(ConfigError, FirmwareHostError) and issubclass(ConfigError, ValueError)


def test_misspelt_key_is_named_with_did_you_mean(shipped_document):
    doc = copy.deepcopy(shipped_document)
    doc["buttons"]["hold_time"] = doc["buttons"].pop("hold_s")
    assert "buttons.hold_time: unknown key (did you mean 'hold_s'?)" in problems_of(doc)


def test_misspelt_section_is_named_with_did_you_mean(shipped_document):
    doc = copy.deepcopy(shipped_document)
    doc["pegs"] = doc.pop("peg")
    problems = problems_of(doc)
    assert "pegs: unknown section (did you mean 'peg'?)" in problems
    assert "peg.holes: needs exactly 4 pins, holes 0–3, has 0" in problems      # Secret Dictator's peg


def test_all_problems_are_reported_at_once(shipped_document):
    doc = copy.deepcopy(shipped_document)
    doc["gpio"]["pin_factory"] = "lpgio"
    doc["buttons"]["bounce_ms"] = "20"
    doc["seats"]["3"]["button"] = 17           # seat 1's pin
    doc["readers"]["law"]["type"] = "pn533"
    problems = problems_of(doc)
    assert len(problems) == 4
    assert problems[0].startswith("gpio.pin_factory: 'lpgio' is not one of") and "did you mean 'lgpio'" in problems[0]
    assert "buttons.bounce_ms: must be an integer, not '20'" in problems
    assert any(p.startswith("readers.law.type: 'pn533'") for p in problems)
    assert "seats.3.button: BCM 17 is already used by seats.1.button" in problems


def test_pin_used_twice_is_refused_naming_both_keys(shipped_document):
    doc = copy.deepcopy(shipped_document)
    doc["peg"]["holes"][2] = doc["slots"]["fascist"][0]
    assert problems_of(doc) == ["peg.holes.2: BCM 23 is already used by slots.fascist.1"]


@pytest.mark.parametrize("pin", [0, 1, 28, 40])
def test_pins_outside_bcm_2_to_27_are_refused(shipped_document, pin):
    doc = copy.deepcopy(shipped_document)
    doc["game_master"]["key"] = pin
    problems = problems_of(doc)
    assert problems[0].startswith(f"game_master.key: BCM {pin} is outside 2–27")


def test_a_missing_seat_is_refused(shipped_document):
    doc = copy.deepcopy(shipped_document)
    del doc["seats"]["4"]
    doc.pop("audio")                # its 10 earphone devices would be one too many for 9 seats
    assert problems_of(doc) == ["seats.4: missing; the seat tables run [seats.0] … [seats.9] without gaps "
                                "(counted from 0: [seats.0] is seat 1 when spoken)"]


def test_a_renamed_seat_counts_the_seats_present_and_names_both_ends(shipped_document):
    doc = copy.deepcopy(shipped_document)
    doc["seats"]["12"] = doc["seats"].pop("9")
    problems = problems_of(doc)
    assert problems == [
        "seats.12: seat numbers run 0..9 (10 seats configured, counted from 0: [seats.0] is seat 1 when spoken)",
        "seats.9: missing; the seat tables run [seats.0] … [seats.9] without gaps "
        "(counted from 0: [seats.0] is seat 1 when spoken)"]
    assert not any("13" in p for p in problems)


def test_seat_problems_never_speak_of_one_based_seats(shipped_document):
    doc = copy.deepcopy(shipped_document)
    doc["seats"] = {str(s): doc["seats"][str(s % 10)] for s in (0, 1, 2, 15)}
    problems = problems_of(doc)
    assert problems == [
        "seats.15: seat numbers run 0..3 (4 seats configured, counted from 0: [seats.0] is seat 1 when spoken)",
        "seats.3: missing; the seat tables run [seats.0] … [seats.3] without gaps "
        "(counted from 0: [seats.0] is seat 1 when spoken)",
        "seats: 4 seats configured; a board has 5 to 10 ([seats.0] … [seats.9], R1)"]
    assert not any("seat 4" in p or "seat 16" in p for p in problems)


def test_eleven_seats_are_refused_naming_the_extra_one(shipped_document):
    doc = copy.deepcopy(shipped_document)
    doc["seats"]["10"] = {"button": 2}
    doc["peg"]["holes"] = doc["peg"]["holes"][:3]
    problems = [p for p in problems_of(doc) if p.startswith("seats")]
    assert problems == [
        "seats.10: seat numbers run 0..9 (11 seats configured, counted from 0: [seats.0] is seat 1 when spoken)",
        "seats: 11 seats configured; a board has 5 to 10 ([seats.0] … [seats.9], R1)"]


def test_a_seat_that_is_not_a_number_is_refused(shipped_document):
    doc = copy.deepcopy(shipped_document)
    doc["seats"]["x"] = {"button": 99}
    problems = problems_of(doc)
    assert "seats.x: a seat table is named by its number 0–9 ([seats.0], [seats.1], …; " \
           "counted from 0: [seats.0] is seat 1 when spoken)" in problems
    assert any(p.startswith("seats.x.button: BCM 99 is outside") for p in problems)


def test_fewer_than_five_seats_are_refused(shipped_document):
    doc = copy.deepcopy(shipped_document)
    doc["seats"] = {str(s): doc["seats"][str(s)] for s in range(4)}
    assert problems_of(doc) == ["seats: 4 seats configured; a board has 5 to 10 ([seats.0] … [seats.9], R1)"]


def test_wrong_number_of_slots_and_holes_is_refused(shipped_document):
    doc = copy.deepcopy(shipped_document)
    doc["slots"]["fascist"] = doc["slots"]["fascist"][:5]
    doc["peg"]["holes"] = doc["peg"]["holes"] + [doc["slots"]["fascist"][0]]
    problems = problems_of(doc)
    assert "slots.fascist: needs exactly 6 pins, one per slot, has 5" in problems
    assert "peg.holes: needs exactly 4 pins, holes 0–3, has 5" in problems


def test_reader_without_port_is_refused(shipped_document):
    doc = copy.deepcopy(shipped_document)
    del doc["readers"]["ballot"]["port"]
    assert problems_of(doc) == ["readers.ballot.port: missing (required)"]


def test_reader_of_unknown_type_is_refused(shipped_document):
    doc = copy.deepcopy(shipped_document)
    doc["readers"]["ballot"]["type"] = "rdm630"
    assert problems_of(doc) == ["readers.ballot.type: 'rdm630' is not one of rdm6300 (did you mean 'rdm6300'?)"]


def test_unknown_reader_name_and_shared_port_are_refused(shipped_document):
    doc = copy.deepcopy(shipped_document)
    doc["readers"]["lawz"] = dict(doc["readers"].pop("law"))
    doc["readers"]["lawz"]["port"] = doc["readers"]["ballot"]["port"]
    problems = problems_of(doc)
    assert "readers.lawz: unknown reader (did you mean 'law'?); readers are ballot and law" in problems
    assert any(p.startswith("readers.lawz.port:") and "already the port of readers.ballot" in p for p in problems)


def test_wrong_types_are_named(shipped_document):
    doc = copy.deepcopy(shipped_document)
    doc["buttons"]["double_press"] = 1
    doc["gpio"]["pull_up"] = "yes"
    doc["slots"]["democratic"] = 19
    problems = problems_of(doc)
    assert "buttons.double_press: must be true or false, not 1" in problems
    assert "gpio.pull_up: must be true or false, not 'yes'" in problems
    assert "slots.democratic: must be a list, not 19" in problems


def test_ignore_repeat_range_is_0_1_to_1_5_seconds(shipped_document):
    doc = copy.deepcopy(shipped_document)
    doc["buttons"]["ignore_repeat_s"] = 0.05
    assert problems_of(doc) == ["buttons.ignore_repeat_s: 0.05 is below the minimum 0.1 (allowed 0.1–1.5)"]
    doc["buttons"]["ignore_repeat_s"] = 1.5
    assert config_from_document(doc).timing.ignore_repeat_s == 1.5


def test_an_unplugged_reader_is_not_a_config_error(shipped_config):
    # the shipped ports do not exist on this machine; the config is still fine
    assert shipped_config.readers["ballot"].port.startswith("/dev/serial/by-id/")


def test_missing_schema_module_is_skipped_silently(monkeypatch, shipped_document):
    from firmware_host import board_config
    monkeypatch.setattr(board_config, "SCHEMA_MODULES",
                        board_config.SCHEMA_MODULES + ["firmware_host.nowhere.settings"])
    assert config_from_document(shipped_document).seats == 10


def test_unreadable_and_malformed_files_are_one_line_errors(tmp_path):
    with pytest.raises(ConfigError) as info:
        load_config(tmp_path / "none.toml")
    assert "cannot read the config" in str(info.value) and "\n" not in str(info.value)
    bad = tmp_path / "bad.toml"
    bad.write_text("[gpio\npin_factory = 1\n")
    with pytest.raises(ConfigError) as info:
        load_config(bad)
    assert "not valid TOML" in info.value.problems[0]


def test_check_config_prints_ok_for_the_shipped_config(capsys):
    assert cli_main(["check-config", str(DEFAULT_CONFIG_PATH)]) == 0
    assert capsys.readouterr().out.startswith("OK: ")


def test_check_config_lists_every_problem_and_exits_2(tmp_path, capsys, shipped_document):
    text = DEFAULT_CONFIG_PATH.read_text().replace("hold_s = 1.0", "hold_sec = 1.0").replace("key = 3", "key = 4")
    path = tmp_path / "board.toml"
    path.write_text(text)
    (tmp_path / "tags.toml").write_text((DEFAULT_CONFIG_PATH.parent / "tags.toml").read_text())
    assert cli_main(["check-config", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == f"{path}: 2 problems"
    assert "  buttons.hold_sec: unknown key (did you mean 'hold_s'?)" in err
    assert "  game_master.key: BCM 4 is already used by seats.0.button" in err


def test_check_config_names_seats_without_ballot_tiles_by_their_config_tables(tmp_path, capsys):
    """Seats of the config without their own tiles are named by their registry tables, for
    the default game's seat tiles and every other game's the registry holds (the role cards of
    eight seats here), in the kinds' own nouns (the command names no game)."""
    from firmware_host.hardware.tags import TagRegistry, demo_registry, format_registry

    path = tmp_path / "board.toml"
    path.write_text(DEFAULT_CONFIG_PATH.read_text())
    (tmp_path / "tags.toml").write_text(format_registry(demo_registry(8)))
    assert cli_main(["check-config", str(path)]) == 0
    out = capsys.readouterr().out
    assert ("(no ballot tiles in [ballots.8], [ballots.9]; no cards in [cards.8], [cards.9]; "
            "counted from 0: [ballots.0] is seat 1 when spoken)") in out
    assert "seat 9" not in out and "seat 10" not in out
    # no role card enrolled at all: a board that does not play that game is not told about them
    ballots_only = {tag: tile for tag, tile in demo_registry(10).items() if tile.kind != "card"}
    (tmp_path / "tags.toml").write_text(format_registry(TagRegistry(ballots_only)))
    assert cli_main(["check-config", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("OK: ") and "(no " not in out


def test_check_config_names_the_renamed_seat_table(tmp_path, capsys):
    path = tmp_path / "board.toml"
    path.write_text(DEFAULT_CONFIG_PATH.read_text().replace("[seats.9]", "[seats.12]"))
    (tmp_path / "tags.toml").write_text((DEFAULT_CONFIG_PATH.parent / "tags.toml").read_text())
    assert cli_main(["check-config", str(path)]) == 2
    err = capsys.readouterr().err
    assert "  seats.12: seat numbers run 0..9 (10 seats configured" in err
    assert "  seats.9: missing" in err and "13 seats" not in err


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_non_finite_numbers_are_refused_naming_the_key(shipped_document, value):
    document = copy.deepcopy(shipped_document)
    document.setdefault("scan", {})["interval"] = value
    problems = problems_of(document)
    assert any(p.startswith("scan.interval: must be a finite number") for p in problems), problems


def test_non_finite_number_is_refused_where_the_field_has_no_bounds():
    problems: list[str] = []
    config_module.check_value("x.y", float("inf"), config_module.Field(float, 1.0), problems)
    assert problems == ["x.y: must be a finite number, not inf"]


def test_check_config_refuses_nan_in_a_toml_file_with_exit_2(tmp_path, capsys):
    text = DEFAULT_CONFIG_PATH.read_text(encoding="utf-8")
    path = tmp_path / "board.toml"
    path.write_text(text + "\n[scan]\ninterval = nan\n" if "[scan]" not in text else text.replace("[scan]", "[scan]\ninterval = nan", 1),
                    encoding="utf-8")
    assert cli_main(["check-config", str(path)]) == 2
    assert "scan.interval: must be a finite number" in capsys.readouterr().err


def test_the_tracks_and_the_peg_are_the_games_a_track_no_game_plays_on_is_refused(shipped_document):
    """The board config's tracks and peg holes come from the registered packs
    (``GamePack.tracks``/``peg``, :mod:`firmware_host.hardware.parts`): a misspelt track is
    named with the games' tracks, and a game's track missing is counted against its slots."""
    doc = copy.deepcopy(shipped_document)
    doc["slots"]["fascists"] = doc["slots"].pop("fascist")
    problems = problems_of(doc)
    assert "slots.fascists: no game plays on such a track (did you mean 'fascist'?); the tracks are democratic, fascist" in problems
    assert "slots.fascist: needs exactly 6 pins, one per slot, has 0" in problems
