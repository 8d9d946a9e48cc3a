"""The table's pure rules, checked value by value (issue 29: the table package's mutation
score): how a hardware fault is named (BOARD.md "Faults": the part, never a pin), which part an
old fault label names, how a setup's names are kept (issue 34), and the signals of a table set
up from its seats (SIMULATE.md, ACCESSIBILITY.md 26-32: each press after its answer is heard)."""

from __future__ import annotations

import pytest

from firmware_host.service.refusals import CommandRefused
from firmware_host.table.adapter import parse_names
from firmware_host.table.faults import fault_speech, part_from_source
from firmware_host.table.lobby import lobby_games, seat_setup_signals

from .table import set_up_on_voice_spec


# ---------------------------------------------------------------- BOARD.md "Faults": the part by name
@pytest.mark.parametrize("reason,part,expected", [
    # a tag the board does not know: said naming nothing, or naming the reader when the key asks
    ("unknown_tag", {"kind": "reader", "reader": "law"}, ("tile.unknown", {})),
    # readers: the reader named when the part is one; an unknown reader is the ballot reader
    ("bad_frame", {"kind": "reader", "reader": "law"}, ("fault.unreadable", {"reader": "law"})),
    ("bad_frame", {"kind": "seat_button", "reader": "law"}, ("fault.unreadable", {"reader": "ballot"})),
    ("reader_missing", {"kind": "reader", "reader": "ballot"}, ("fault.reader_missing", {"reader": "ballot"})),
    ("reader_unplugged", {"kind": "reader", "reader": "moon"}, ("fault.reader_unplugged", {"reader": "ballot"})),
    ("reader_unplugged", {"kind": "reader"}, ("fault.reader_unplugged", {"reader": "ballot"})),
    # the peg: two holes at once, stuck in one, chattering
    ("two_holes", {"kind": "peg", "holes": [3, 1]}, ("fault.two_holes", {"holes": [1, 3]})),
    ("two_holes", {"kind": "seat_button"}, ("fault.two_holes", {"holes": []})),
    ("stuck", {"kind": "peg", "holes": [2, 0]}, ("fault.two_holes", {"holes": [0, 2]})),
    ("stuck", {"kind": "peg", "holes": [2]}, ("fault.stuck.peg", {"position": 2})),
    ("stuck", {"kind": "peg", "holes": [0]}, ("fault.stuck.peg", {"position": 0})),
    ("stuck", {"kind": "peg", "holes": [3]}, ("fault.stuck.peg", {"position": 3})),
    ("stuck", {"kind": "peg", "holes": [2, 2]}, ("fault.stuck.peg", {"position": 2})),
    ("stuck", {"kind": "peg", "holes": []}, None),
    ("stuck", {"kind": "peg"}, None),
    # holes outside 0..3 or not whole numbers are no holes (never said)
    ("stuck", {"kind": "peg", "holes": [4, -1, "2", 2.0, True]}, None),
    ("stuck", {"kind": "peg", "holes": [7, 1]}, ("fault.stuck.peg", {"position": 1})),
    ("chatter", {"kind": "peg", "holes": [3, 1, 9, -1, "2"]}, ("fault.chatter.peg", {"holes": [1, 3]})),
    ("chatter", {"kind": "peg"}, ("fault.chatter.peg", {"holes": []})),
    # a seat's button: seats 0..98 as 0-based ints only
    ("stuck", {"kind": "seat_button", "seat": 2}, ("fault.stuck.button", {"seat": 2})),
    ("chatter", {"kind": "seat_button", "seat": 0}, ("fault.chatter.button", {"seat": 0})),
    ("stuck", {"kind": "seat_button", "seat": 98}, ("fault.stuck.button", {"seat": 98})),
    ("stuck", {"kind": "seat_button", "seat": 99}, None),
    ("stuck", {"kind": "seat_button", "seat": -1}, None),
    ("stuck", {"kind": "seat_button", "seat": "2"}, None),
    ("stuck", {"kind": "seat_button", "seat": True}, None),
    ("stuck", {"kind": "seat_button"}, None),
    # a law slot: its track and its slot 1..6
    ("stuck", {"kind": "law_slot", "track": "fascist", "slot": 6},
     ("fault.stuck.slot", {"track": "fascist", "slot": 6})),
    ("chatter", {"kind": "law_slot", "track": "democratic", "slot": 1},
     ("fault.chatter.slot", {"track": "democratic", "slot": 1})),
    ("stuck", {"kind": "law_slot", "track": "fascist", "slot": 7}, None),
    ("stuck", {"kind": "law_slot", "track": "fascist", "slot": 0}, None),
    ("stuck", {"kind": "law_slot", "track": "liberal", "slot": 2}, None),
    ("stuck", {"kind": "law_slot", "track": "fascist", "slot": "2"}, None),
    ("stuck", {"kind": "law_slot", "slot": 2}, None),
    # the game master's key
    ("stuck", {"kind": "gm_key"}, ("fault.stuck.gm_key", {})),
    ("chatter", {"kind": "gm_key"}, ("fault.chatter.gm_key", {})),
    # nothing the board can name
    ("stuck", {"kind": "reader", "reader": "law"}, None),
    ("stuck", {}, None),
    ("overheated", {"kind": "seat_button", "seat": 1}, None),
])
def test_board_faults_a_fault_is_named_by_its_part_never_a_pin(reason, part, expected):
    assert fault_speech(reason, part) == expected


def test_board_faults_an_unknown_tag_names_its_reader_only_where_the_key_asks_for_one():
    assert fault_speech("unknown_tag", {"reader": "law"}, unknown_tag="fault.unknown_tag") == \
        ("fault.unknown_tag", {"reader": "law"})
    assert fault_speech("unknown_tag", {"reader": "rfid9"}, unknown_tag="fault.unknown_tag") == \
        ("fault.unknown_tag", {"reader": "ballot"})
    assert fault_speech("unknown_tag", {"reader": "law"}, unknown_tag="tile.not_this_game") == \
        ("tile.not_this_game", {})


@pytest.mark.parametrize("source,part", [
    ("seat 3 button", {"kind": "seat_button", "seat": 2}),
    ("seat 1 button", {"kind": "seat_button", "seat": 0}),
    ("seat x button", {}),
    ("seat 3 knob", {}),
    ("chair 3 button", {}),
    ("seat 3 button now", {}),
    ("fascist slot 2", {"kind": "law_slot", "track": "fascist", "slot": 2}),
    ("democratic slot 5", {"kind": "law_slot", "track": "democratic", "slot": 5}),
    ("fascist slot two", {}),
    ("fascist hole 2", {}),
    ("peg", {"kind": "peg", "holes": []}),
    ("peg pin", {"kind": "peg", "holes": []}),
    ("game-master key", {"kind": "gm_key"}),
    ("gm key", {"kind": "gm_key"}),
    ("ballot reader", {"kind": "reader", "reader": "ballot"}),
    ("law reader", {"kind": "reader", "reader": "law"}),
    ("the law reader", {}),
    ("", {}),
])
def test_board_faults_an_old_fault_label_names_its_part(source, part):
    assert part_from_source(source) == part


# ---------------------------------------------------------------- issue 34: names kept by one rule
def test_issue34_setup_names_by_seat_list_or_object_keep_only_given_names():
    assert parse_names(["Anna", "", None, "Dora"], 4) == {0: "Anna", 3: "Dora"}
    assert parse_names({"1": "Ben", 2: "Clara", "3": ""}, 4) == {1: "Ben", 2: "Clara"}
    assert parse_names(None, 4) == {}
    assert parse_names([], 4) == {}
    assert parse_names({"0": "  Anna  "}, 2) == {0: "Anna"}


@pytest.mark.parametrize("names,players,code,params", [
    ("Anna", 4, "setup_names", {}),
    (7, 4, "setup_names", {}),
    ({"one": "Anna"}, 4, "setup_names", {}),
    ({"1e999": "Anna"}, 4, "setup_names", {}),
    (["A", "B", "C"], 2, "setup_name_seat", {"last": 1}),
    ({"-1": "Anna"}, 4, "setup_name_seat", {"last": 3}),
    ({"4": "Anna"}, 4, "setup_name_seat", {"last": 3}),
    ({"2": "A" * 41}, 4, "setup_name_long", {"seat": 2}),
    ({"1": "Anna\nBen"}, 4, "setup_name_invalid", {"seat": 1}),
    ({"0": 5}, 4, "setup_name_invalid", {"seat": 0}),
])
def test_issue34_a_setup_name_of_any_type_or_size_is_refused_in_one_line_naming_the_seat(names, players, code, params):
    with pytest.raises(CommandRefused) as refused:
        parse_names(names, players)
    assert refused.value.code == code
    for name, value in params.items():
        assert refused.value.params[name] == value
    assert "\n" not in str(refused.value)


# ---------------------------------------------------------------- SIMULATE.md: a table set up from its seats
def press(seat: int) -> dict:
    return {"signal": "button", "seat": seat, "gesture": "press"}


def test_simulate_seat_setup_signals_press_after_each_answer_is_heard_then_every_seat_is_here():
    lines = seat_setup_signals({"game": "become_dictator", "language": "en", "players": 4, "names": "list"},
                               by=2, seats=6, names={1: "Ben"}, timeout=9.0, board_language="en")
    assert len(lobby_games()) > 1                                         # so the game is asked first
    wait = lambda key, params=None: ({"signal": "wait_for", "key": key, "timeout": 9.0}
                                     | ({"params": params} if params else {}))
    assert lines == [
        press(2),
        wait("lobby.option.game", {"title": "In this way I become a dictator"}), press(2),
        wait("lobby.option.language.en"), press(2),
        wait("lobby.option.players", {"count": 4}), press(2),
        wait("lobby.option.names.list"), press(2),
        wait("lobby.option.start"), press(2),
        wait("lobby.presence.call"),
        press(0), wait("lobby.option.seat", {"seat": 0}), press(0),
        press(1), wait("lobby.option.name", {"name": "Ben"}), press(1),
        press(2), wait("lobby.option.seat", {"seat": 2}), press(2),
        press(3), wait("lobby.option.seat", {"seat": 3}), press(3),
    ]


def test_simulate_seat_setup_signals_defaults_german_no_names_question_and_a_plain_presence():
    lines = seat_setup_signals({"game": "become_dictator", "players": 4})
    assert lines[0] == press(0)
    keys = [l["key"] for l in lines if l["signal"] == "wait_for"]
    assert keys == ["lobby.option.game", "lobby.option.language.de", "lobby.option.players",
                    "lobby.option.start", "lobby.presence.call"]
    assert all(l["timeout"] == 120.0 for l in lines if l["signal"] == "wait_for")
    assert lines[-4:] == [press(0), press(1), press(2), press(3)]          # "I am here", one press each


def test_simulate_seat_setup_signals_refuse_an_answer_the_game_does_not_offer():
    with pytest.raises(KeyError, match="players"):
        seat_setup_signals({"game": "become_dictator", "players": 99})


# ---------------------------------------------------------------- ACCESSIBILITY.md 19: a seat's own settings
from firmware_host.table.seat_settings import SeatSettings, SeatSettingsError  # noqa: E402


def test_A19_seat_settings_keep_each_value_at_its_limits_and_in_its_type():
    low = SeatSettings().changed({"rate": 80, "volume": 0, "scan_interval": 0.5, "ignore_repeat": 0.1,
                                  "verbosity": "auto", "gender": "f", "name": "  Anna "})
    assert low == SeatSettings(rate=80, volume=0.0, scan_interval=0.5, ignore_repeat=0.1, verbosity="auto",
                               gender="f", name="Anna")
    assert type(low.rate) is int and type(low.volume) is float and type(low.scan_interval) is float
    high = SeatSettings().changed({"rate": 450.0, "volume": 1, "scan_interval": 5, "ignore_repeat": 1.5,
                                   "verbosity": "long", "gender": "m"})
    assert (high.rate, high.volume, high.scan_interval, high.ignore_repeat) == (450, 1.0, 5.0, 1.5)
    assert type(high.rate) is int and type(high.volume) is float and type(high.ignore_repeat) is float
    assert SeatSettings().changed({"verbosity": "short"}).verbosity == "short"


def test_A19_a_setting_left_out_is_kept_and_none_or_an_empty_name_goes_back_to_the_default():
    current = SeatSettings.from_json({"rate": 300, "name": "Anna", "gender": "f"})
    assert current.changed({"volume": 0.5}) == SeatSettings(rate=300, volume=0.5, name="Anna", gender="f")
    reset = current.changed({"rate": None, "name": "", "gender": None})
    assert reset == SeatSettings() and reset.rate is None and reset.name is None and reset.gender is None
    assert reset.to_json() == {}
    assert current.to_json() == {"rate": 300, "name": "Anna", "gender": "f"}


@pytest.mark.parametrize("changes,message,field", [
    ({"rate": 79}, "rate is outside 80–450 words per minute", "rate"),
    ({"rate": 451}, "rate is outside 80–450 words per minute", "rate"),
    ({"rate": 10 ** 400}, "rate is outside 80–450 words per minute", "rate"),
    ({"rate": 100.5}, "rate must be a whole number of words per minute, not 100.5", "rate"),
    ({"rate": "x"}, "rate must be a number (80–450 words per minute), not 'x'", "rate"),
    ({"rate": True}, "rate must be a number (80–450 words per minute), not True", "rate"),
    ({"rate": float("nan")}, "rate must be a number (80–450 words per minute), not nan", "rate"),
    ({"rate": float("inf")}, "rate must be a number (80–450 words per minute), not inf", "rate"),
    ({"rate": 79.0}, "rate 79 is outside 80–450 words per minute", "rate"),
    ({"volume": 1.5}, "volume 1.5 is outside 0–1", "volume"),
    ({"volume": -0.1}, "volume -0.1 is outside 0–1", "volume"),
    ({"volume": 2}, "volume is outside 0–1", "volume"),
    ({"volume": [1]}, "volume must be a number (0–1), not [1]", "volume"),
    ({"scan_interval": 0.4}, "scan_interval 0.4 is outside 0.5–5 seconds", "scan_interval"),
    ({"scan_interval": 6}, "scan_interval is outside 0.5–5 seconds", "scan_interval"),
    ({"ignore_repeat": 2}, "ignore_repeat is outside 0.1–1.5 seconds", "ignore_repeat"),
    ({"ignore_repeat": 0.05}, "ignore_repeat 0.05 is outside 0.1–1.5 seconds", "ignore_repeat"),
    ({"verbosity": "loud"}, "verbosity must be one of auto, short, long, not 'loud'", "verbosity"),
    ({"gender": "x"}, "gender must be one of m, f, not 'x'", "gender"),
    ({"name": "A" * 41}, "name: a name has at most 40 characters", "name"),
    ({"foo": 1, "bar": 2},
     "unknown seat setting 'bar'; one of rate, volume, verbosity, scan_interval, name, gender, ignore_repeat", None),
])
def test_A19_a_seat_setting_out_of_range_is_refused_in_one_line_naming_it(changes, message, field):
    before = SeatSettings(rate=200)
    with pytest.raises(SeatSettingsError) as refused:
        before.changed(changes)
    assert str(refused.value) == message and refused.value.field == field
    assert before == SeatSettings(rate=200)                                 # nothing changed


def test_A19_a_bad_value_among_good_ones_changes_nothing():
    with pytest.raises(SeatSettingsError):
        SeatSettings.from_json({"rate": 300, "volume": 7})


# ---------------------------------------------------------------- R16, ACCESSIBILITY.md 8-9: padded private clips
import logging  # noqa: E402

from firmware_host.errors import FirmwareHostError  # noqa: E402
from firmware_host.service.core import BoardService  # noqa: E402
from firmware_host.service.voice import SilentVoice  # noqa: E402
from firmware_host.table import padding as padding_module  # noqa: E402
from firmware_host.table.padding import MARGIN_FRACTION, MARGIN_SECONDS, ClipPadding, padded  # noqa: E402


def measured_service(mocker, lengths=None):
    """An autospec of the board service whose voice (an autospec of the silent voice) measures
    a text as 0.1 s a character, plus 1 s for an earcon; ``lengths`` overrides by text."""
    service = mocker.create_autospec(BoardService, instance=True)
    service.voice = mocker.create_autospec(SilentVoice, instance=True)

    def measure(channel, text, *, earcon=None):
        if lengths and text in lengths:
            return lengths[text]
        return len(text) / 10 + (1.0 if earcon else 0.0) + (0.05 if channel == "seat:2" else 0.0)

    service.voice.measure.side_effect = measure
    return service


def test_R16_a_padded_clip_lasts_its_longest_stand_in_plus_the_margin():
    assert (MARGIN_SECONDS, MARGIN_FRACTION) == (0.15, 0.06)
    assert padded(2.0) == pytest.approx(2.0 * 1.06 + 0.15)
    assert padded(0.0) == pytest.approx(0.15)


def test_R16_a_length_is_measured_once_per_channel_text_and_earcon(mocker):
    service = measured_service(mocker)
    padding = ClipPadding(service)
    assert padding.measure("seat:1", "abcd") == pytest.approx(0.4)
    assert padding.measure("seat:1", "abcd") == pytest.approx(0.4)
    assert service.voice.measure.call_count == 1
    assert padding.measure("seat:1", "abcd", earcon="chime") == pytest.approx(1.4)
    assert padding.measure("seat:2", "abcd") == pytest.approx(0.45)
    assert service.voice.measure.call_args_list == [
        mocker.call("seat:1", "abcd", earcon=None), mocker.call("seat:1", "abcd", earcon="chime"),
        mocker.call("seat:2", "abcd", earcon=None)]
    padding.forget()
    padding.measure("seat:1", "abcd")
    assert service.voice.measure.call_count == 4                              # forgotten: measured again


def test_R16_an_unknown_length_is_not_remembered_and_the_memory_is_bounded(mocker):
    service = measured_service(mocker, lengths={"quiet": None})
    padding = ClipPadding(service)
    assert padding.measure("seat:1", "quiet") is None
    assert padding.measure("seat:1", "quiet") is None
    assert service.voice.measure.call_count == 2
    for n in range(padding_module.MEMORY):
        padding.measure("seat:1", f"t{n}")
    calls = service.voice.measure.call_count
    padding.measure("seat:1", "t0")                                         # still remembered
    assert service.voice.measure.call_count == calls
    padding.measure("seat:1", "one more")                                   # the memory starts again
    padding.measure("seat:1", "t1")
    assert service.voice.measure.call_count == calls + 2


def test_R16_a_voice_that_measures_without_earcons_is_asked_without(mocker):
    service = mocker.create_autospec(BoardService, instance=True)
    service.voice = mocker.create_autospec(SilentVoice, instance=True)
    service.voice.measure.side_effect = [TypeError("no earcon"), 2.0]
    assert ClipPadding(service).measure("seat:1", "abc", earcon="chime") == 2.0
    assert service.voice.measure.call_args_list[-1] == mocker.call("seat:1", "abc")


def test_R16_the_pad_is_the_longest_stand_in_of_each_line_said_in_one_clip(mocker):
    service = measured_service(mocker)
    padding = ClipPadding(service)
    words = {"role": "you are the dictator", "role.long": "you are one of the democrats", "ok": "fine"}
    text = lambda key, params: words[key] + str(params.get("n", ""))
    secret = lambda line, seat: line == "role"
    seen = []

    def longest(line, seat, seconds):
        seen.append((line, seat))
        if line == "role":
            return max([("role", {}), ("role.long", {})], key=lambda kp: seconds(*kp))
        return (line, {})

    got = padding.pad_seconds("seat:2", ["role", "ok"], text=text, has_secret=secret, longest=longest, earcon="chime")
    whole = "you are one of the democrats fine"
    assert got == pytest.approx(padded(len(whole) / 10 + 1.0 + 0.05))
    assert seen == [("role", 2), ("ok", 2)]
    assert service.voice.measure.call_args_list[-1] == mocker.call("seat:2", whole, earcon="chime")
    # nothing to pad: the table speaker, or no line with a secret
    assert padding.pad_seconds("public", ["role"], text=text, has_secret=secret, longest=longest) is None
    assert padding.pad_seconds("seat:2", ["ok"], text=text, has_secret=secret, longest=longest) is None


def test_R16_the_games_clip_hook_stands_in_for_the_whole_clip(mocker):
    padding = ClipPadding(measured_service(mocker))
    words = {"a": "aaaa", "b": "bbbbbbbb"}
    text = lambda key, params: words[key]
    got = padding.pad_seconds("seat:3", ["a"], text=text, has_secret=lambda line, seat: True,
                              longest=lambda *a: pytest.fail("the clip hook is asked instead"),
                              clip=lambda lines, seat, seconds: [("b", {}), ("a", {})] if seat == 3 else None)
    assert got == pytest.approx(padded(len("bbbbbbbb aaaa") / 10))
    assert padding.pad_seconds("seat:3", ["a"], text=text, has_secret=lambda line, seat: True,
                               longest=lambda *a: None, clip=lambda lines, seat, seconds: None) is None


@pytest.mark.parametrize("error", [FirmwareHostError("x"), ValueError("x"), KeyError("x")])
def test_R16_a_length_that_cannot_be_known_pads_nothing_and_is_logged(mocker, caplog, error):
    padding = ClipPadding(measured_service(mocker, lengths={"quiet": None}))
    text = lambda key, params: key
    secret = lambda line, seat: True
    assert padding.pad_seconds("seat:1", ["x", "y"], text=text, has_secret=secret,
                               longest=lambda line, seat, seconds: None if line == "y" else (line, {})) is None
    assert padding.pad_seconds("seat:1", ["quiet"], text=text, has_secret=secret,
                               longest=lambda line, seat, seconds: (line, {})) is None

    def broken(line, seat, seconds):
        raise error

    with caplog.at_level(logging.ERROR, logger="firmware_host.service"):
        assert padding.pad_seconds("seat:1", ["x"], text=text, has_secret=secret, longest=broken) is None
    assert "private clip length on seat:1" in caplog.text


# ---------------------------------------------------------------- ACCESSIBILITY.md 31-32: each seat's pace
from firmware_host.service.journal import Journal, JournalError  # noqa: E402
from firmware_host.service.settings import ScanSettings  # noqa: E402
from firmware_host.table import pace as pace_module  # noqa: E402
from firmware_host.table.pace import Pace, SeatPaces, window_after  # noqa: E402


def test_A31_the_pace_constants_are_the_documented_ones():
    assert (pace_module.RECENT, pace_module.FIRST, pace_module.STEADY) == (8, 1, 3)
    assert (pace_module.SHORTEST, pace_module.LONGEST, pace_module.WINDOW_MAX) == (0.15, 6.5, 6.0)
    assert (pace_module.SPREADS, pace_module.RULE_65, pace_module.SPREAD_MIN) == (3.0, 1 / 0.65, 0.2)
    assert (pace_module.UNDO_UNLEARNED, pace_module.WINDOW_UNLEARNED, pace_module.GRACE_MAX) == (3.5, 3.0, 1.0)


def test_A31_typical_and_spread_are_the_median_and_the_scaled_median_deviation():
    assert Pace().typical is None and Pace().spread is None and not Pace().learned
    pace = Pace((1.0, 2.0, 4.0))
    assert pace.learned and pace.typical == 2.0
    assert pace.spread == pytest.approx(1.4826 * 1.0)                 # deviations 1, 0, 2: median 1
    assert Pace((2.0,)).spread == 0.0


@pytest.mark.parametrize("reactions,board,window", [
    ((), 2.0, 3.0),                            # not learned: a window for someone new (3 s)
    ((2.5,), 2.0, 3.846),                      # 2.5 / 0.65 (the .65 rule beats 0 spread)
    ((0.5,), 2.0, 2.0),                        # quick: never under the board's window
    ((0.5,), 0.1, 0.769),                      # 0.5 / 0.65
    ((1.0, 2.0, 4.0), 1.0, 6.0),               # 2 + 3 x 1.4826, bounded at 6 s
    ((6.0,), 2.0, 6.0),                        # bounded at 6 s
    ((6.0,), 7.0, 7.0),                        # a board window beyond 6 s stays
])
def test_A31_the_window_after_an_item_is_typical_plus_margin_within_the_bounds(reactions, board, window):
    assert window_after(Pace(reactions), board) == pytest.approx(window, abs=1e-9)


def test_A31_a_clip_heard_is_a_cue_unless_cut_and_the_latest_end_counts():
    paces = SeatPaces()
    paces.heard({"output": "seat:1", "end": 10.0})
    paces.heard({"output": "seat:1", "end": 9.0})                          # an older end changes nothing
    paces.heard({"output": "seat:1", "end": 11.0, "cut": True})            # cut off: no cue
    paces.heard({"output": "seat:1", "end": "late"})
    paces.heard({"output": 1, "end": 12.0})
    assert paces.reaction(1, 12.0) == pytest.approx(2.0)
    assert paces.reaction(2, 12.0) is None                                  # heard nothing
    paces.heard({"output": "table", "end": 5.0})
    assert paces.reaction(2, 12.0) == pytest.approx(7.0)                    # the table's cue
    assert paces.reaction(2, 4.0) is None                                   # before the cue ended
    assert paces.reaction(1, 10.0) == 0.0                                   # its own cue, just ended
    assert paces.reaction(1, 16.5) == pytest.approx(6.5)                    # still its own cue
    assert paces.reaction(1, 16.6) == pytest.approx(11.6)                   # too long: the table's
    assert paces.reaction(1, 9.0) == pytest.approx(4.0)                     # before its own: the table's


def test_A31_only_reactions_between_shortest_and_longest_count(tmp_path):
    journal = Journal(tmp_path / "j.sqlite3")
    paces = SeatPaces(journal)
    paces.heard({"output": "seat:0", "end": 0.0})
    assert paces.acted(0, 0.1) is None                                      # pressed while the cue played
    assert paces.acted(0, 0.15) == pytest.approx(0.15)
    assert paces.acted(0, 1.0) is None                                      # that cue is answered already
    paces.heard({"output": "seat:0", "end": 10.0})
    assert paces.acted(0, 12.0) == pytest.approx(2.0)
    paces.heard({"output": "seat:0", "end": 20.0})
    assert paces.acted(0, 26.5) == pytest.approx(6.5)
    paces.heard({"output": "seat:0", "end": 30.0})
    assert paces.acted(0, 36.6) is None                                     # answers no cue (no table cue)
    assert paces.pace(0).reactions == (0.15, 2.0, 6.5)
    assert journal.seat_pace() == {0: [0.15, 2.0, 6.5]}
    with pytest.raises(ValueError, match="a reaction is 0.15-6.5 seconds, not 0.1"):
        paces.react(0, 0.1)
    with pytest.raises(ValueError):
        paces.react(0, 6.51)
    for n in range(10):
        paces.react(0, 1.0 + n / 1000)
    assert len(paces.pace(0).reactions) == 8 and paces.pace(0).reactions[-1] == 1.009
    paces.react(1, 1.23456)
    assert paces.pace(1).reactions == (1.235,)


def test_A31_a_pick_taken_back_forgets_its_press_and_counts_the_late_one(tmp_path):
    journal = Journal(tmp_path / "j.sqlite3")
    paces = SeatPaces(journal)
    paces.heard({"output": "seat:3", "end": 10.0})
    paces.react(3, 1.5)
    assert paces.acted(3, 10.4) == pytest.approx(0.4)
    paces.correct(3, 10.4, 2.1)                                             # meant the item before
    assert paces.pace(3).reactions == (1.5, 2.1)
    assert journal.seat_pace()[3] == [1.5, 2.1]
    paces.correct(3, 10.4, None)                                            # once only: nothing more goes
    assert paces.pace(3).reactions == (1.5, 2.1)
    paces.heard({"output": "seat:3", "end": 10.5})                          # the list again
    assert paces.acted(3, 11.0) == pytest.approx(0.5)
    paces.correct(3, 11.0, 9.0)                                             # the late one is no reaction
    assert paces.pace(3).reactions == (1.5, 2.1)
    assert journal.seat_pace()[3] == [1.5, 2.1]
    paces.heard({"output": "seat:3", "end": 10.6})
    assert paces.acted(3, 12.0) == pytest.approx(1.4)
    paces.correct(3, 12.5, None)                                            # another press: kept
    assert paces.pace(3).reactions == (1.5, 2.1, 1.4)
    paces.correct(5, 1.0, 0.1)                                              # a seat with none: nothing
    assert paces.pace(5).reactions == ()


def test_A31_the_pace_is_read_back_keeping_only_counted_reactions_and_forgotten_for_a_new_player(tmp_path):
    journal = Journal(tmp_path / "j.sqlite3")
    journal.save_seat_pace(0, [0.1, 0.15, 2.0, 6.5, 7.0])
    journal.save_seat_pace(1, [float(n) / 10 + 1 for n in range(12)])
    paces = SeatPaces(journal)
    assert paces.pace(0).reactions == (0.15, 2.0, 6.5)
    assert paces.pace(1).reactions == tuple(float(n) / 10 + 1 for n in range(4, 12))   # the last 8
    paces.forget(0)
    assert paces.pace(0).reactions == () and journal.seat_pace()[0] == []
    assert SeatPaces(None).pace(0).reactions == ()


def test_A31_an_unreadable_or_unwritable_pace_is_logged_and_the_table_goes_on(tmp_path, mocker, caplog):
    journal = mocker.create_autospec(Journal, instance=True)
    journal.seat_pace.side_effect = JournalError("disk gone")
    journal.save_seat_pace.side_effect = JournalError("disk full")
    with caplog.at_level(logging.WARNING, logger="firmware_host.service"):
        paces = SeatPaces(journal)
        paces.react(2, 1.0)
        paces.forget(2)
    assert "seat paces not read: disk gone" in caplog.text
    assert "pace of seat 2 not kept: disk full" in caplog.text
    assert "pace of seat 2 not forgotten: disk full" in caplog.text


def test_A31_A32_a_seats_scan_timing_and_undo_window_from_its_pace():
    base = ScanSettings(interval=1.5, grace=0.5, pace=True)
    paces = SeatPaces()
    assert paces.scan_settings(0, base, 3.0).interval == 3.0                # its own interval wins
    assert paces.scan_settings(0, ScanSettings(pace=False)) == ScanSettings(pace=False)
    unlearned = paces.scan_settings(0, base)
    assert unlearned.interval == 2.5 and unlearned.undo_window == 3.5       # window 3 s for someone new
    paces.react(0, 2.5)
    slow = paces.scan_settings(0, base)
    # window 2.5 / 0.65 = 3.846, of it the grace 1 s (half the reaction, at most 1 s)
    assert (slow.interval, slow.grace) == (pytest.approx(2.846), pytest.approx(1.0))
    assert slow.undo_window == pytest.approx(4.346)                        # the window and one grace (0.5)
    for _ in range(2):
        paces.react(0, 2.5)
    steady = paces.scan_settings(0, base)
    assert steady.interval == pytest.approx(2.846) and steady.undo_window == pytest.approx(4.346)
    for _ in range(3):
        paces.react(1, 6.0)
    assert paces.scan_settings(1, base).undo_window == pytest.approx(6.5)
    assert paces.scan_settings(1, base).interval == pytest.approx(5.0)     # 6 s window, 1 s grace
    for _ in range(3):
        paces.react(2, 0.3)
    quick = paces.scan_settings(2, base)                                    # quick: the board's timing
    assert (quick.interval, quick.grace, quick.undo_window) == (base.interval, base.grace, 2.5)


def test_A31_the_console_shows_each_seats_acts_reaction_and_window():
    paces = SeatPaces()
    paces.react(4, 1.2345)
    paces.react(4, 2.0)
    paces.react(1, 2.5)
    paces._reactions[7] = pace_module.collections.deque()                   # emptied: not shown
    assert paces.snapshot(ScanSettings(interval=1.5, grace=0.5)) == {
        "1": {"acts": 1, "reaction": 2.5, "window": 3.85},       # 2.5 / 0.65
        "4": {"acts": 2, "reaction": 1.62, "window": 3.32},      # median 1.617 + 3 x 0.568
    }
    assert list(paces.snapshot(ScanSettings())) == ["1", "4"]


def test_A31_the_board_has_one_pace_that_hears_every_clip_that_ends(tmp_path, mocker):
    service = mocker.create_autospec(BoardService, instance=True)
    service.journal = Journal(tmp_path / "j.sqlite3")
    paces = pace_module.for_service(service)
    assert pace_module.for_service(service) is paces and paces.journal is service.journal
    service.subscribe_ends.assert_called_once_with(paces.heard)


# ---------------------------------------------------------------- ACCESSIBILITY.md 18, R16: the table's words
from firmware_host.kernel.values import Line, PrivacyError  # noqa: E402
from firmware_host.table.words import Words, table_earcon  # noqa: E402


@pytest.mark.parametrize("key,earcon", [
    ("fault.reader_back", "reader_back"), ("fault.stuck.button", "fault"), ("journal.lost", "fault"),
    ("refusal.not_now", "refusal"), ("tile.unknown", "refusal"), ("game_over", "game_over"),
    ("game_over.story", "game_over"), ("vote.open", None), ("refusals", None), ("faulty", None),
])
def test_A18_every_tables_earcon_for_a_kind_of_message(key, earcon):
    assert table_earcon(key) == earcon


def game_words(mocker, check=None, earcon=None):
    """Words of a game whose catalogue holds ``vote.open``, ``role.secret`` (private) and
    ``fault.own`` (its own words for a board key), its text an autospec-recorded function."""
    text = mocker.MagicMock(side_effect=lambda key, params, language, long=False, names=None:
                            f"{key}|{sorted(params.items())}|{language}|{long}|{names}")
    return Words(text, ["vote.open", "role.secret", "fault.own"], lambda key: key == "role.secret",
                 earcon=earcon, check=check), text


def test_R16_a_key_is_worded_by_the_catalogue_that_holds_it(mocker):
    words, text = game_words(mocker)
    assert words.text("vote.open", {"seat": 1}, "en", long=True, names={1: "Ben"}) == \
        "vote.open|[('seat', 1)]|en|True|{1: 'Ben'}"
    assert words.text("vote.open", None, "de") == "vote.open|[]|de|False|None"
    assert words.text("repeat.nothing", None, "en") == "Repeat: nothing said yet"     # the board's own
    assert text.call_count == 2
    with pytest.raises(KeyError):
        words.text("no.such.key", {}, "en")
    assert words.is_private("role.secret") and not words.is_private("vote.open")
    assert not words.is_private("repeat.nothing")
    assert words.keys == frozenset({"vote.open", "role.secret", "fault.own"})


def test_R16_a_private_key_never_goes_to_the_table_and_each_key_gets_its_priority_and_earcon(mocker):
    checked = []
    words, _ = game_words(mocker, check=lambda key, params: checked.append((key, params)),
                          earcon=lambda key: "drum" if key == "vote.open" else None)
    with pytest.raises(PrivacyError, match="role.secret is private"):
        words.line("public", "role.secret", {})
    assert words.line("seat:2", "role.secret") == Line("seat:2", "role.secret", {}, "normal", None)
    assert words.line("public", "vote.open", {"n": 1}) == Line("public", "vote.open", {"n": 1}, "normal", "drum")
    assert checked == [("role.secret", {}), ("vote.open", {"n": 1})]          # the game's keys only
    assert words.line("public", "fault.stuck.button", {"seat": 1}) == \
        Line("public", "fault.stuck.button", {"seat": 1}, "fault", "fault")
    assert words.line("public", "fault.reader_back", {"reader": "law"}) == \
        Line("public", "fault.reader_back", {"reader": "law"}, "normal", "reader_back")
    assert words.line("seat:1", "refusal.not_now").priority == "refusal"
    assert words.line("seat:1", "tile.unknown").priority == "refusal"
    assert words.line("public", "journal.lost", {"count": 2}).priority == "fault"
    assert words.line("public", "game_over.story").priority == "game_over"
    assert words.line("public", "vote.open", priority="request", earcon="bell") == \
        Line("public", "vote.open", {}, "request", "bell")
    assert len(checked) == 3


def test_R16_a_games_announcement_becomes_a_line_keeping_its_own_priority_and_earcon(mocker):
    words, _ = game_words(mocker)
    made = words.line("seat:1", "vote.open")
    assert words.of(made) is made                                            # already the table's
    worded = Line("public", "vote.open", {}, "normal", None, words=words)
    assert words.of(worded) == Line("public", "vote.open", {}, "normal", None) and words.of(worded) is not worded
    announcement = mocker.NonCallableMagicMock(spec=["channel", "key", "params", "priority", "earcon"])
    announcement.channel, announcement.key, announcement.params = "seat:3", "vote.open", {"n": 2}
    announcement.priority, announcement.earcon = "request", "bell"
    assert words.of(announcement) == Line("seat:3", "vote.open", {"n": 2}, "request", "bell")
    announcement.priority, announcement.earcon = "normal", None
    assert words.of(announcement) == Line("seat:3", "vote.open", {"n": 2}, "normal", None)
    assert words.of(announcement, priority="game_over").priority == "game_over"
    announcement.key = "fault.stuck.button"
    announcement.priority = None
    assert words.of(announcement).priority == "fault"
    with pytest.raises(PrivacyError):
        words.of(_public_secret(mocker))


def _public_secret(mocker):
    item = mocker.NonCallableMagicMock(spec=["channel", "key", "params"])
    item.channel, item.key, item.params = "public", "role.secret", {}
    return item


# ---------------------------------------------------------------- ACCESSIBILITY.md 12, 19: the one seat store
from firmware_host.hardware.board import Board  # noqa: E402
from firmware_host.service.settings import ServiceSettings  # noqa: E402
from firmware_host.table.seats import SeatStore  # noqa: E402


def store_service(mocker, tmp_path, journal=None):
    """An autospec of the board service with the real journal and settings, an autospec of the
    silent voice and of the hardware board."""
    service = mocker.create_autospec(BoardService, instance=True)
    service.journal = journal if journal is not None else Journal(tmp_path / "j.sqlite3")
    service.settings = ServiceSettings()
    service.voice = mocker.create_autospec(SilentVoice, instance=True)
    service.board = mocker.create_autospec(Board, instance=True)
    return service


def test_A19_a_change_is_stored_applied_and_told_to_the_game(mocker, tmp_path, caplog):
    service = store_service(mocker, tmp_path)
    changed = mocker.MagicMock()
    seats = SeatStore(service, changed)
    assert seats.get(2) == SeatSettings() and seats.names() == {}
    assert seats.rate(2) == service.settings.scan.words_per_minute
    with caplog.at_level(logging.INFO, logger="firmware_host.service"):
        assert seats.change(2, {"rate": 300, "name": "Anna"}) == {"seat": 2, "settings": {"rate": 300, "name": "Anna"}}
    assert "seat 2 settings: {'rate': 300, 'name': 'Anna'}" in caplog.text
    assert service.journal.seat_settings() == {2: {"rate": 300, "name": "Anna"}}
    service.voice.set_seat_voice.assert_called_once_with(2, rate=300, volume=None)
    service.board.set_ignore_repeat.assert_not_called()                     # not changed: not applied
    changed.assert_called_once_with(2, SeatSettings(rate=300, name="Anna"), {"rate": 300, "name": "Anna"})
    assert seats.rate(2) == 300 and seats.names() == {2: "Anna"}
    seats.change(2, {"ignore_repeat": 0.8})
    service.board.set_ignore_repeat.assert_called_once_with(2, 0.8)
    assert service.voice.set_seat_voice.call_count == 1
    seats.change(2, {"volume": 0.5})
    assert service.voice.set_seat_voice.call_args == mocker.call(2, rate=300, volume=0.5)
    seats.change(0, {"gender": "f"})
    seats.change(9, {"verbosity": "long"})
    assert service.voice.set_seat_voice.call_count == 2 and service.board.set_ignore_repeat.call_count == 1


@pytest.mark.parametrize("seat,changes,code", [
    (10, {"rate": 300}, "seat_settings_seat"), (-1, {"rate": 300}, "seat_settings_seat"),
    ("2", {"rate": 300}, "seat_settings_seat"), (True, {"rate": 300}, "seat_settings_seat"),
    (2, {"colour": "red"}, "seat_settings_unknown"), (2, {"rate": 5}, "seat_settings_value"),
])
def test_A19_a_bad_change_is_refused_and_changes_nothing(mocker, tmp_path, seat, changes, code):
    service = store_service(mocker, tmp_path)
    changed = mocker.MagicMock()
    seats = SeatStore(service, changed)
    with pytest.raises(CommandRefused) as refused:
        seats.change(seat, changes)
    assert refused.value.code == code
    if code == "seat_settings_value":
        assert refused.value.params["field"] == "rate"
    assert service.journal.seat_settings() == {} and seats.by_seat == {}
    changed.assert_not_called()
    service.voice.set_seat_voice.assert_not_called()


def test_A19_a_change_the_file_cannot_keep_is_refused(mocker, tmp_path):
    journal = mocker.create_autospec(Journal, instance=True)
    journal.save_seat_settings.side_effect = JournalError("disk full")
    seats = SeatStore(store_service(mocker, tmp_path, journal))
    with pytest.raises(CommandRefused) as refused:
        seats.change(1, {"rate": 200})
    assert refused.value.code == "seat_settings_not_saved" and "disk full" in str(refused.value)
    assert seats.get(1) == SeatSettings()


def test_A12_A19_stored_settings_are_applied_to_voice_and_buttons_skipping_a_bad_entry(mocker, tmp_path, caplog):
    journal = Journal(tmp_path / "j.sqlite3")
    journal.save_seat_settings(1, {"rate": 200, "ignore_repeat": 0.5})
    journal.save_seat_settings(3, {"rate": 5000})
    journal.save_seat_settings(4, {"name": "Dora"})
    service = store_service(mocker, tmp_path, journal)
    seats = SeatStore(service)
    with caplog.at_level(logging.INFO, logger="firmware_host.service"):
        seats.apply()
    assert seats.by_seat == {1: SeatSettings(rate=200, ignore_repeat=0.5), 4: SeatSettings(name="Dora")}
    assert "stored settings of seat 3 ignored" in caplog.text and "seat settings of 2 seats applied" in caplog.text
    assert service.voice.set_seat_voice.call_args_list == [mocker.call(1, rate=200, volume=None),
                                                           mocker.call(4, rate=None, volume=None)]
    assert service.board.set_ignore_repeat.call_args_list == [mocker.call(1, 0.5), mocker.call(4, None)]
    service.voice = None                                                   # no voice: the buttons still
    service.board.set_ignore_repeat.reset_mock()
    seats.apply()
    assert service.board.set_ignore_repeat.call_count == 2


def test_A19_an_unreadable_settings_file_leaves_the_defaults(mocker, tmp_path, caplog):
    journal = mocker.create_autospec(Journal, instance=True)
    journal.seat_settings.side_effect = JournalError("unreadable")
    service = store_service(mocker, tmp_path, journal)
    seats = SeatStore(service)
    seats.by_seat = {1: SeatSettings(rate=300)}
    with caplog.at_level(logging.ERROR, logger="firmware_host.service"):
        seats.apply()
    assert seats.by_seat == {} and "seat settings not read: unreadable" in caplog.text
    service.voice.set_seat_voice.assert_not_called()


def test_A19_A31_a_seats_scan_timing_takes_its_own_interval(mocker, tmp_path):
    service = store_service(mocker, tmp_path)
    service.__dict__.pop("_seat_paces", None)
    seats = SeatStore(service)
    seats.change(3, {"scan_interval": 3.5})
    assert seats.scan_settings(3).interval == 3.5
    assert seats.scan_settings(4).interval == service.settings.scan.interval


# ---------------------------------------------------------------- the game master's one command table
from firmware_host.table.gamemaster import COMMON, GameMaster  # noqa: E402


def test_the_game_masters_commands_are_the_common_ones_then_the_games_extras_and_an_extra_may_replace_one():
    assert COMMON == ("start", "pause", "resume", "restart", "undo", "act", "choose", "seat_settings", "key", "story")
    own_undo = lambda **f: {"undone": "the game's"}
    gm = GameMaster({"undo": lambda **f: {"undone": "common"}, "start": lambda **f: dict(f)},
                    extras={"zeta": lambda **f: {}, "end_morning": lambda **f: {"ended": True}, "undo": own_undo})
    assert gm.names() == ["start", "undo", "end_morning", "zeta"]
    assert gm.run("undo", {}) == {"undone": "the game's"}
    assert gm.run("start", {"seed": 3}) == {"seed": 3}
    assert GameMaster({"start": lambda **f: {}}).names() == ["start"]
    for name in ("fly", 7, None):
        with pytest.raises(CommandRefused) as refused:
            gm.run(name, {})
        assert refused.value.code == "unknown_command" and refused.value.params["name"] == str(name)
        assert "one of start, undo, end_morning, zeta" in str(refused.value)


# ---------------------------------------------------------------- ACCESSIBILITY.md 13-17, 21; R16: the seats' scans
from firmware_host.table.scanning import Scan, ScanItem  # noqa: E402
from firmware_host.table.scans import SeatScans  # noqa: E402
from firmware_host.table.speech import TableSpeech  # noqa: E402


def seat_scans(mocker):
    speech = mocker.create_autospec(TableSpeech, instance=True)
    speech.text.side_effect = lambda key, params, language=None: f"{key} {sorted(params.items())}"
    return SeatScans(mocker.create_autospec(BoardService, instance=True), speech,
                     mocker.create_autospec(SeatStore, instance=True)), speech


def test_A13_a_scan_item_says_its_key_in_the_games_words(mocker):
    scans, speech = seat_scans(mocker)
    item = scans.item(3, "scan.seat", {"seat": 3})
    assert item == ScanItem(3, "scan.seat [('seat', 3)]", "scan.seat", {"seat": 3})
    assert scans.item(None, "scan.cancel") == ScanItem(None, "scan.cancel []", "scan.cancel", {})


def test_R16_a_private_list_is_drawn_afresh_each_time_and_the_same_under_one_seed(mocker):
    scans, _ = seat_scans(mocker)
    items = [ScanItem(n, str(n)) for n in range(8)]
    scans.reseed(7)
    first = [i.value for i in scans.private_order(items)]
    second = [i.value for i in scans.private_order(items)]
    assert sorted(first) == list(range(8)) and first != second             # afresh for every list
    scans.reseed(7)
    assert [i.value for i in scans.private_order(items)] == first          # the same game, the same order
    scans.reseed(8)
    assert [i.value for i in scans.private_order(items)] != first
    assert [i.value for i in items] == list(range(8))                        # the list itself untouched
    scans.reseed(None)
    assert sorted(i.value for i in scans.private_order(items)) == list(range(8))


def test_A21_a_press_a_hold_and_the_end_go_to_the_seats_own_running_scan(mocker):
    scans, _ = seat_scans(mocker)
    running = {seat: mocker.create_autospec(Scan, instance=True) for seat in (4, 1, 6)}
    scans.by_seat.update(running)
    assert scans.seats_scanning() == [1, 4, 6] and scans.get(4) is running[4] and scans.get(2) is None
    assert scans.press(4) is True and scans.press(2) is False
    running[4].press.assert_called_once_with()
    scans.hold(1)
    scans.hold(2)
    running[1].hold.assert_called_once_with(say=True)                      # it says the cut item again after
    scans.hold(1, say=False)                                                 # before the request: only waits
    assert running[1].hold.call_args == mocker.call(say=False)
    scans.end(4)
    running[4].finish.assert_called_once_with()
    assert scans.seats_scanning() == [1, 6]
    scans.end(keep={6})
    running[1].finish.assert_called_once_with()
    running[6].finish.assert_not_called()
    assert scans.seats_scanning() == [6]
    scans.end()
    assert scans.seats_scanning() == [] and running[6].finish.call_count == 1
    scans.end(3)                                                            # none running: nothing


def running_scans(mocker, cue=True):
    """Seat scans on a virtual clock (the service's ``post`` runs at once), each step lasting 1 s."""
    from firmware_host.clock import VirtualClock

    service = mocker.create_autospec(BoardService, instance=True)
    service.clock = VirtualClock()
    service.post.side_effect = lambda fn: fn()
    speech = mocker.create_autospec(TableSpeech, instance=True)
    speech.text.side_effect = lambda key, params, language=None: key
    speech.scan_step.return_value = 1.0
    seats = mocker.create_autospec(SeatStore, instance=True)
    seats.scan_settings.return_value = ScanSettings()
    return SeatScans(service, speech, seats, cue=cue), service, speech


def test_A13_A14_a_scan_says_its_items_then_cancel_then_the_wrap_tone_and_stops_after_its_passes(mocker):
    scans, service, speech = running_scans(mocker, cue=False)
    items = [scans.item(v, "scan.seat", {"seat": v}) for v in (0, 1)]
    pads = {"intro": 4.0, "item": 2.0}
    scan = scans.start(1, items, mocker.MagicMock(), pad=lambda kind, key: pads.get(kind), purpose="vote")
    assert scan.purpose == "vote" and scans.get(1) is scan
    scans.seats.scan_settings.assert_called_with(1)
    for _ in range(80):
        service.clock.advance(0.5)
    steps = [(c.args[0], c.args[1], c.args[2], c.kwargs["earcon"], c.kwargs["cut"], c.kwargs["pad_seconds"],
              c.kwargs["cue"]) for c in speech.scan_step.call_args_list]
    one_pass = [(1, "scan.seat", {"seat": 0}, None, False, 2.0, False),
                (1, "scan.seat", {"seat": 1}, None, False, 2.0, False),
                (1, "scan.cancel", {}, None, False, 2.0, False)]
    wrap = (1, "scan.wrap", {}, "scan_wrap", False, None, False)             # never padded
    assert steps == one_pass + [wrap] + one_pass + [wrap] + one_pass + [(1, "scan.stopped", {}, None, False, None, False)]


def test_A14_an_intro_is_said_first_and_a_press_on_an_item_chooses_it_and_ends_the_scan(mocker):
    scans, service, speech = running_scans(mocker)
    chosen = mocker.MagicMock()
    scans.start(3, [scans.item(7, "scan.seat", {"seat": 7})], chosen, intro=("scan.choose_target", {"n": 1}))
    assert scans.get(3).purpose == "scan.choose_target"
    service.clock.advance(2.1)
    said = [(c.args[1], c.args[2], c.kwargs["cue"]) for c in speech.scan_step.call_args_list]
    assert said == [("scan.choose_target", {"n": 1}, True), ("scan.seat", {"seat": 7}, True)]
    assert scans.press(3) is True
    for _ in range(10):
        service.clock.advance(0.5)
    chosen.assert_called_once_with(7)
    assert scans.seats_scanning() == []
    plain = scans.start(4, [scans.item(1, "scan.seat", {"seat": 1})], chosen)
    assert plain.purpose == "choice"
    assert speech.scan_step.call_args_list[-1].args[1] == "scan.seat"      # no intro: the first item at once


# ---------------------------------------------------------------- ACCESSIBILITY.md 30: the evening after a game
from firmware_host.audio.service import Utterance  # noqa: E402
from firmware_host.table.evening import (STORY_PART_LINES, STORY_PART_SECONDS, Evening, parts_of, split_long,  # noqa: E402
                                         split_text)


def clip(mocker, done=False, plays=False):
    """An autospec of the audio layer's utterance: ``done()`` and ``plays`` as given."""
    made = mocker.create_autospec(Utterance, instance=True)
    made.done.return_value = done
    made.plays = plays
    return made


def test_A30_a_story_given_as_one_list_is_told_in_parts_of_three_lines():
    assert STORY_PART_LINES == 3
    lines = [(f"k{n}", {"n": n}) for n in range(7)]
    assert parts_of(lines) == [lines[0:3], lines[3:6], lines[6:7]]
    assert parts_of(lines, 2)[0] == lines[:2] and parts_of([]) == []


def test_issue31_A30_a_story_part_longer_than_fifteen_seconds_is_split_between_its_lines():
    """Issue 31: the story in short parts; Dying Message's characters at nine seats were one
    part of 26 s (three lines), Autocracy's a part of 30 s: a part over 15 s of speech is
    split between its lines, in order, as few parts as fit; a line alone over it stays whole."""
    seconds = {"a": 9.0, "b": 8.0, "c": 9.0, "d": 4.0, "long": 20.0, "e": 1.0}
    lines = [(k, {}) for k in ("a", "b", "c", "d")]
    assert STORY_PART_SECONDS == 15.0
    parts = split_long([lines, [("long", {}), ("e", {})], [("e", {})]], lambda line: seconds[line[0]])
    assert parts == [[lines[0]], [lines[1]], [lines[2], lines[3]], [("long", {})], [("e", {})], [("e", {})]]
    assert split_long([lines[3:]], lambda line: 4.0) == [lines[3:]] and split_long([], len) == []


def test_issue31_a_part_counts_its_closing_line_and_a_line_alone_too_long_is_split_into_pieces():
    """Issue 31 (a story part of 17.8 s: Secret Dictator's round in its long wording, 14.8 s,
    and "Press your button for the next part of the story.", 3 s, not counted): the line that
    ends every part counts in its 15 s, and a line that alone passes the room left is said in
    pieces (``pieces``), each line of them counted as one."""
    seconds = {"a": 6.0, "b": 7.0, "c": 12.5, "c1": 6.0, "c2": 6.5}
    lines = [("a", {}), ("b", {})]
    assert split_long([lines], lambda line: seconds[line[0]]) == [lines]           # 13 s: one part
    assert split_long([lines], lambda line: seconds[line[0]], closing=3.0) == [[lines[0]], [lines[1]]]
    def split(line, room):
        assert line == ("c", {}) and room == 12.0               # 15 s less the closing line
        return [("c1", {}), ("c2", {})]
    assert split_long([[("c", {})]], lambda line: seconds[line[0]], closing=3.0, pieces=split) == [
        [("c1", {})], [("c2", {})]]
    assert split_long([[("c", {})]], lambda line: seconds[line[0]], closing=3.0) == [[("c", {})]]
    # the last part ends with its own, longer line ("to set up the next game"): counted there
    assert split_long([lines], lambda line: seconds[line[0]], closing=1.0, last_closing=3.0) == [
        [lines[0]], [lines[1]]]
    assert split_long([lines, [("a", {})]], lambda line: seconds[line[0]], closing=1.0, last_closing=3.0) == [
        lines, [("a", {})]]
    # the first part's closing line is the long one ("Press your button for the next part of
    # the story."), the others' short ("Press: more"): each part counts its own
    assert split_long([lines, lines], lambda line: seconds[line[0]], closing=3.0) == [
        [lines[0]], [lines[1]], [lines[0]], [lines[1]]]
    assert split_long([lines, lines], lambda line: seconds[line[0]], closing=lambda i: 1.0 if i else 3.0) == [
        [lines[0]], [lines[1]], lines]
    # a part is one clip: how long its lines are said together, where that is known (a bound
    # with a constant per text counts it once), not the sum of each
    together = [("a", {}), ("b", {}), ("a", {})]
    assert split_long([together], lambda line: seconds[line[0]], closing=1.0) == [together[:2], together[2:]]
    assert split_long([together], lambda line: seconds[line[0]], closing=1.0,
                      joined=lambda part: sum(seconds[k] for k, _ in part) - 3.0 * (len(part) - 1)) == [together]


def test_issue31_short_parts_of_a_story_are_joined_up_to_fifteen_seconds_never_cutting_one():
    """Issue 31 (a 5-seat German Secret Dictator story took three presses for two rounds, parts
    of 8-11 s): with ``join`` a part that fits whole after the one before is said with it, up
    to 15 s with the closing line; a part that does not fit begins a part of its own, whole
    (a round is never cut to fill one); the last part counts its own closing line."""
    seconds = {"r1": 5.0, "r2": 5.0, "r3": 6.0, "r4": 8.0, "end": 2.0}
    rounds = [[(k, {})] for k in ("r1", "r2", "r3", "r4", "end")]
    def length(line):
        return seconds[line[0]]
    assert split_long(rounds, length, closing=1.0) == rounds                              # without join
    joined = split_long(rounds, length, closing=1.0, join=True)
    assert joined == [rounds[0] + rounds[1], rounds[2] + rounds[3], rounds[4]]
    assert split_long(rounds, length, closing=1.0, last_closing=5.0, join=True) == [
        rounds[0] + rounds[1], rounds[2] + rounds[3], rounds[4]]
    # the last two fit together, but not with the last part's longer closing line
    assert split_long(rounds[2:4], length, closing=0.0, join=True) == [rounds[2] + rounds[3]]
    assert split_long(rounds[2:4], length, closing=0.0, last_closing=2.0, join=True) == rounds[2:4]


def test_issue31_a_long_text_is_cut_after_its_sentences_then_its_clauses_never_mid_word():
    """Issue 31: a round's long wording that alone passes a part is split where a listener
    hears a pause: after a sentence where the pieces fit, else after a clause, else between
    words; joined again the pieces are the text, and no word is cut."""
    text = ("Round one: president seat 1 and chancellor seat 2, elected five to one. Drawn: a Liberal "
            "law, a Fascist law and a Fascist law; the president discarded a Fascist law.")
    def by_words(t):
        return float(len(t.split()))
    assert split_text(text, by_words, 40) == [text]
    halves = split_text(text, by_words, 18)
    assert halves == ["Round one: president seat 1 and chancellor seat 2, elected five to one.",
                      "Drawn: a Liberal law, a Fascist law and a Fascist law; the president discarded a Fascist law."]
    clauses = split_text(text, by_words, 8)
    assert " ".join(clauses) == text and all(by_words(c) <= 8 for c in clauses)
    # never between a label and its value: "Round one:" stays with what follows it
    assert clauses[0].startswith("Round one: president") and not any(c.endswith(":") for c in clauses)
    assert clauses[2:] == ["elected five to one.", "Drawn: a Liberal law,", "a Fascist law and a Fascist law;",
                           "the president discarded a Fascist law."]
    words = split_text("one two three four five", by_words, 2)
    assert words == ["one two", "three four", "five"]
    assert split_text("Unsplittable", lambda t: 99.0, 2) == ["Unsplittable"]


@pytest.mark.parametrize("language", ("de", "en", "fr"))
def test_issue31_a_long_autocracy_hand_is_split_between_its_tokens_never_between_a_label_and_its_value(language):
    """Issue 31: a line that alone passes a part (an Autocracy hand of seven Dirty Tricks, its
    long wording, 18 s by the bound) is split after its clauses, never between "token 3:" and
    "Corruption."; each piece ends where a clause or the sentence ends; at rooms of 6-13 s,
    in every language."""
    from firmware_host.games.autocracy import catalogue
    from firmware_host.games.autocracy.rules import KINDS
    from firmware_host.service.names import spoken_seconds_at_most

    hand = ["corruption", "revolte", "chantage", "espionnage", "nationalisation", "corruption", "revolte"]
    text = catalogue.text("status.private", {"hand": hand}, language, long=True)
    names = {catalogue.trick_name(k, language) for k in KINDS}
    for room in (6.0, 8.0, 10.0, 13.0):
        pieces = split_text(text, spoken_seconds_at_most, room)
        assert " ".join(pieces) == text and len(pieces) >= 2, (room, pieces)
        assert not [p for p in pieces if p.endswith(":") or p.split(":")[0].strip(" ;.") in names], (room, pieces)
        assert all(p[-1] in ",;." for p in pieces), (room, pieces)


def test_issue31_a_part_said_again_is_the_same_words_fixed_when_it_was_first_told(mocker):
    """Issue 31 (Secret Dictator 5 seats seed 1: "Round one: president seat 1 and chancellor
    seat 3, elected four to one." cut by the seat's press, then "Round one: elected seat 1,
    seat 3, four to one"): a part's words are fixed once (``words``) when it is first told;
    said again after the seat's press it is those words; and each seat's parts are fitted
    once (``fit``: its wording, its rate)."""
    playing = clip(mocker, plays=True)
    told = mocker.MagicMock(side_effect=[playing, clip(mocker)])
    words = mocker.MagicMock(side_effect=lambda seat, lines: [(k, p, f"{k} #{words.call_count}") for k, p, *_ in lines])
    fit = mocker.MagicMock(side_effect=lambda seat, parts: [[line] for part in parts for line in part])
    evening = Evening(told, cue=lambda seat: None, fit=fit, words=words)
    evening.over(lambda: [[("a", {}), ("b", {})]])
    evening.press(1)
    first = told.call_args.args[1]
    assert first == [("a", {}, "a #1"), ("evening.story_more", {}, "evening.story_more #1")]
    evening.press(1)                                   # during its part: the same words again
    assert told.call_args.args[1] == first and words.call_count == 1
    assert fit.call_args_list == [mocker.call(1, [[("a", {}), ("b", {})]])]
    assert len(evening.parts(1)) == 2 and fit.call_count == 1


def test_A30_each_press_tells_the_next_part_ending_with_what_the_next_press_does(mocker):
    told = []
    parts = [[("a", {})], [], [("b", {}), ("c", {})]]             # an empty part is no part
    evening = Evening(lambda seat, lines, after: told.append((seat, lines, after)) or clip(mocker, done=True))
    asked = mocker.MagicMock(return_value=parts)
    assert not evening.open and not evening.heard_all(1)
    game_over = clip(mocker, done=False)
    evening.over(asked, after=[game_over, None])
    assert evening.open and not evening.heard_all(1)
    evening.press(1)
    assert told[-1] == (1, [("a", {}), ("evening.story_more", {})], (game_over,))   # after the game-over speech
    assert not evening.heard_all(1)
    game_over.done.return_value = True
    evening.press(1)
    assert told[-1] == (1, [("b", {}), ("c", {}), ("evening.story_end", {})], ())
    assert evening.heard_all(1) and not evening.heard_all(2)
    evening.press(1)                                                 # past the end: the end again
    assert told[-1] == (1, [("evening.story_end", {})], ()) and evening.told[1] == 2
    evening.press(2)                                                 # every seat at its own pace
    assert told[-1][0] == 2 and told[-1][1][0] == ("a", {})
    asked.assert_called_once_with()                                  # the story asked once
    evening.reset()
    assert not evening.open and evening.told == {} and not evening.heard_all(1)


def test_A26_A20_a_press_while_its_part_plays_hears_the_cue_at_once_and_the_part_again_whole(mocker):
    """Issue 31: a press while the seat's part of the story plays is answered at once by the
    answer cue, which cuts the part (one clip at a time, ACCESSIBILITY.md 20), and the same
    part is said again from its start after the cue (never lost, never skipped); the press
    after it gives the next part. A press during the last part is answered the same way
    (before, it got no sound at all), and only once the last part was heard whole does the
    next press set up a game. A press while its part is still to come asks for nothing more."""
    clips = []

    def tell(seat, lines, after):
        clips.append(clip(mocker))
        return clips[-1]

    told = mocker.MagicMock(side_effect=tell)
    cues = []
    cue = mocker.MagicMock(side_effect=lambda seat: cues.append(clip(mocker)) or cues[-1])
    evening = Evening(told, cue=cue)
    evening.over(lambda: [[("a", {})], [("b", {})], [("c", {})]])
    evening.press(0)
    evening.press(0)                                                 # its part is still to come
    assert told.call_count == 1 and evening.told[0] == 1 and cue.call_count == 0
    assert not evening.heard_all(0)
    clips[0].plays = True                                            # it plays: cue, then the part again
    evening.press(0)
    assert cue.call_args_list == [mocker.call(0)]
    assert told.call_count == 2 and told.call_args.args[:2] == (0, [("a", {}), ("evening.story_more", {})])
    assert told.call_args.args[2] == (cues[0],) and evening.told[0] == 1   # after the cue; none skipped
    clips[0].done.return_value = clips[1].done.return_value = True
    evening.press(0)                                                 # heard: the next part
    assert told.call_args.args[1] == [("b", {}), ("evening.story_more", {})] and evening.told[0] == 2
    clips[2].done.return_value = True
    evening.press(0)
    assert told.call_args.args[1] == [("c", {}), ("evening.story_end", {})] and evening.told[0] == 3
    clips[3].plays = True                                            # the last part plays: cue, it again
    evening.press(0)
    assert cue.call_count == 2 and told.call_count == 5
    assert told.call_args.args[1] == [("c", {}), ("evening.story_end", {})]
    assert not evening.heard_all(0)                                  # its press does not set up yet
    clips[3].done.return_value = True
    assert not evening.heard_all(0)                                  # the part said again is to be heard
    clips[4].done.return_value = True
    assert evening.heard_all(0)


def test_A26_a_press_during_its_part_without_a_cue_says_the_part_again_at_once(mocker):
    """Where no cue plays (no earphone, earcons silent) the part said again cuts the playing
    one itself, at once: the press is still answered in the seat's earphone at once."""
    playing = clip(mocker, plays=True)
    told = mocker.MagicMock(side_effect=[playing, clip(mocker)])
    evening = Evening(told, cue=lambda seat: None)
    evening.over(lambda: [[("a", {})], [("b", {})]])
    evening.press(2)
    evening.press(2)
    assert told.call_args_list[1] == mocker.call(2, [("a", {}), ("evening.story_more", {})], ())


def test_A26_a_press_whose_part_waits_for_the_game_over_speech_is_answered_noted_at_once(mocker):
    """Issue 31: a press during the game-over speech (a minute at times) hears "noted" in its
    own earphone at once and its part after the speech, and so does every further press while
    that part waits for the speech (it asks for no further part); a press whose part can
    start, or a press while the part is on its way after the speech, is answered by the part
    itself."""
    noted = mocker.stub(name="noted")
    told = mocker.MagicMock(side_effect=lambda seat, lines, after: clip(mocker, done=False))
    evening = Evening(told, noted=noted)
    game_over = clip(mocker, done=False)
    evening.over(lambda: [[("a", {})], [("b", {})]], after=[game_over])
    evening.press(3)
    assert noted.call_args_list == [mocker.call(3)]
    evening.press(3)                                                 # its part waits for the speech: noted again
    assert noted.call_args_list == [mocker.call(3)] * 2 and told.call_count == 1 and evening.told[3] == 1
    game_over.done.return_value = True
    evening.press(3)                                                 # the speech has ended: its part is on its way
    evening.press(4)                                                 # the speech has ended: the part at once
    assert noted.call_args_list == [mocker.call(3)] * 2 and told.call_count == 2


def test_A30_a_story_that_cannot_be_told_goes_straight_to_the_end(mocker, caplog):
    told = []
    evening = Evening(lambda seat, lines, after: told.append(lines))

    def broken():
        raise ValueError("no journal")

    evening.over(broken)
    with caplog.at_level(logging.ERROR, logger="firmware_host.service"):
        evening.press(4)
    assert told == [[("evening.story_end", {})]] and "story: no journal" in caplog.text
    assert evening.told[4] == 1 and evening.heard_all(4)
    evening.over(lambda: [])
    evening.press(4)
    assert told[-1] == [("evening.story_end", {})] and evening.heard_all(4)


# ---------------------------------------------------------------- the move log: journaled before it is said
from firmware_host.clock import VirtualClock  # noqa: E402
from firmware_host.service.notify import Notifier  # noqa: E402
from firmware_host.table.moves import MoveLog, journal_note  # noqa: E402

BD_SETUP = {"game": "become_dictator", "players": 4, "language": "en", "morning_seconds": 0}


@pytest.fixture()
def bd_table(tmp_path, mocker):
    """The real service and journal (an autospec of the silent voice) with In this way I become
    a DICTATOR set up; (service, its adapter, the lines written)."""
    service, adapter, lines, _ = set_up_on_voice_spec(tmp_path, mocker, BD_SETUP)
    yield service, adapter, lines
    service.stop()


def test_a_setup_that_is_no_object_or_no_setup_at_all_is_refused(bd_table):
    service, adapter, _ = bd_table
    moves = MoveLog(service, adapter)
    assert not moves.running() and not moves.over and moves.table_notes() == []
    for raw in (["players", 4], "setup", None):
        with pytest.raises(CommandRefused) as refused:
            moves.prepare(raw)
        assert refused.value.code == "setup_not_object"
    with pytest.raises(CommandRefused) as refused:
        moves.start()
    assert refused.value.code == "no_setup"
    for command in (moves.undo, moves.end):
        with pytest.raises(CommandRefused) as refused:
            command()
        assert refused.value.code == "no_game"
    with pytest.raises(CommandRefused) as refused:
        moves.prepare({"players": 99})
    assert refused.value.code.startswith("setup_")
    assert moves.pending is None and not moves.prepared


def test_an_accepted_action_is_journaled_before_the_table_is_told_and_an_illegal_one_refused(bd_table, mocker, caplog):
    service, adapter, lines = bd_table
    moves = adapter.moves
    game_id = moves.game_id
    assert moves.running() and moves.raw_setup["players"] == 4
    seat = adapter.game.awaiting()[0]
    accepted = mocker.patch.object(adapter, "accepted", autospec=True, wraps=adapter.accepted)
    action = adapter.action_from_json({"action": "vote", "seat": seat, "target": (seat + 1) % 4})
    journaled = []
    accepted.side_effect = lambda a, events: journaled.append(len(service.journal.actions(game_id)))
    with caplog.at_level(logging.INFO, logger="firmware_host.service"):
        assert service.call(lambda: moves.accept(action, from_gm=True)) is True
    assert "action: vote (game master)" in caplog.text
    assert journaled == [1] and moves.count == 1
    notes = [body for kind, body in service.journal.entries(game_id) if kind == "note" and body.get("note") == "told"]
    assert notes[-1] == {"note": "told", "actions": 1}
    before = len(lines)
    assert service.call(lambda: moves.accept(action)) is False                     # the same seat again
    rejected = [l for l in lines[before:] if l.get("event") == "rejected"]
    assert len(rejected) == 1 and rejected[0]["action"] == "vote" and rejected[0]["reason"]
    assert len(service.journal.actions(game_id)) == 1 and moves.count == 1
    assert service.call(lambda: moves.undo()) == {"actions": 0, "seat": seat, "action": action.to_json()}
    assert len(service.journal.actions(game_id)) == 0
    service.call(lambda: moves.end())
    assert moves.game is None and moves.game_id is None and moves.setup is None and moves.pending is None
    assert service.journal.game(game_id).status == "abandoned"
    ended = [body for kind, body in service.journal.entries(game_id) if kind == "note" and body.get("note") == "ended"]
    assert ended == [{"note": "ended", "by": "game master"}]
    assert MoveLog(service, adapter).accept(action) is False                      # no game: nothing


def test_a_journal_note_goes_beside_a_game_only_and_a_journal_that_cannot_take_it_is_a_warning(mocker, caplog):
    journal = mocker.create_autospec(Journal, instance=True)
    journal_note(journal, None, {"note": "x"})
    journal.append_note.assert_not_called()
    journal_note(journal, 3, {"note": "x"})
    journal.append_note.assert_called_once_with(3, {"note": "x"})
    journal.append_note.side_effect = JournalError("full")
    with caplog.at_level(logging.WARNING, logger="firmware_host.service"):
        journal_note(journal, 3, {"note": "y"})
    assert "journal note: full" in caplog.text


# ---------------------------------------------------------------- the board's own voice (lobby, settings scan)
from firmware_host.service import board_catalogue  # noqa: E402
from firmware_host.service.host import GameHost  # noqa: E402
from firmware_host.table.board_speech import BoardSpeech  # noqa: E402


def board_voice(mocker, timed=False, verbosity="auto", language="en", own=None, voice=True):
    """BoardSpeech on an autospec of the service (real settings) and of the game host whose
    active adapter keeps ``own`` ({seat: SeatSettings}); an autospec of the silent voice."""
    service = mocker.create_autospec(BoardService, instance=True)
    service.settings = ServiceSettings()
    if voice:
        service.voice = mocker.create_autospec(SilentVoice, instance=True)
        service.voice.timed.return_value = timed
        service.voice.verbosity = verbosity
        service.voice.audio = mocker.MagicMock()
        service.voice.audio.settings.language = language
    else:
        service.voice = None
    host = mocker.create_autospec(GameHost, instance=True)
    host.active = mocker.MagicMock(spec=["seat_settings", "language"])
    host.active.seat_settings = own if own is not None else {}
    host.active.language = "fr"
    return BoardSpeech(service, host), service


def test_A19_the_board_voice_reads_each_seats_settings_from_the_active_game(mocker):
    speech, _ = board_voice(mocker, own={1: SeatSettings(name="Ben", rate=300), 2: SeatSettings(rate=200)})
    assert speech.seat_settings(1) == SeatSettings(name="Ben", rate=300)
    assert speech.seat_settings(5) == SeatSettings()
    assert speech.stored_names() == {1: "Ben"}
    speech.host.active.seat_settings = None                       # a game keeping none
    assert speech.seat_settings(1) == SeatSettings() and speech.stored_names() == {}


def test_the_board_speaks_its_audio_language_else_the_games_else_german(mocker):
    speech, service = board_voice(mocker, language="en")
    assert speech.board_language() == "en"
    service.voice.audio.settings.language = "xx"
    assert speech.board_language() == "fr"                        # the active game's
    speech.host.active.language = "yy"
    assert speech.board_language() == "de"
    speech, _ = board_voice(mocker, voice=False)
    assert speech.board_language() == "fr"


def test_A5_the_long_wording_the_first_time_a_listener_hears_a_key_or_as_its_verbosity_says(mocker):
    speech, service = board_voice(mocker, own={3: SeatSettings(verbosity="short"), 4: SeatSettings(verbosity="long")})
    assert speech._long("seat:1", "lobby.busy") is True
    assert speech._long("seat:1", "lobby.busy") is False
    assert speech._long("seat:2", "lobby.busy") is True           # each listener its own first time
    assert speech._long("seat:3", "lobby.busy") is False and speech._long("seat:4", "lobby.busy") is True
    assert speech._long("seat:4", "lobby.busy") is True
    assert speech._long("public", "lobby.busy") is True and speech._long("public", "lobby.busy") is False
    service.voice.verbosity = "long"
    assert speech._long("public", "lobby.busy") is True
    service.voice.verbosity = "short"
    assert speech._long("public", "lobby.other") is False


def test_the_board_says_its_own_sentence_and_writes_its_announce_line(mocker, caplog):
    speech, service = board_voice(mocker)
    assert speech.say("seat:0", "lobby.busy", {"seat": 0}, language="en", priority="request", earcon="chime") is None
    long = board_catalogue.text("lobby.busy", {"seat": 0}, "en", long=True)
    service.voice.say.assert_called_once_with("seat:0", long, key="lobby.busy", priority="request", earcon="chime")
    service.announce_now.assert_called_once_with([{"event": "announce", "channel": "seat:0", "key": "lobby.busy",
                                                  "params": {"seat": 0}, "text": long}])
    speech.say("seat:0", "lobby.busy", {"seat": 0}, language="en")
    short = board_catalogue.text("lobby.busy", {"seat": 0}, "en", long=False)
    assert service.announce_now.call_args.args[0][0]["text"] == short
    with caplog.at_level(logging.ERROR, logger="firmware_host.service"):
        assert speech.say("public", "no.such.sentence", {}, language="en") is None
    assert "board sentence no.such.sentence" in caplog.text and service.announce_now.call_count == 2
    pack_words = mocker.MagicMock(return_value="Spieler?")
    speech.say("public", "setup.players", {"n": 1}, language="de", words=pack_words)
    pack_words.assert_called_once_with("setup.players", {"n": 1}, "de", long=True)
    assert speech.text("lobby.busy", {"seat": 0}, "en", words=pack_words) == short   # the board's key: the board's words


def test_a_timed_voice_writes_the_line_once_played(mocker):
    speech, service = board_voice(mocker, timed=True)
    utt = mocker.create_autospec(Utterance, instance=True)
    utt.meta = {}
    service.voice.say.return_value = utt
    on_start, on_end = mocker.MagicMock(), mocker.MagicMock()
    assert speech.say("seat:2", "lobby.busy", {"seat": 1}, language="en", history=False,
                      on_start=on_start, on_end=on_end) is utt
    line = utt.meta["lines"][0]
    assert line["channel"] == "seat:2" and line["key"] == "lobby.busy"
    service.announce_listener.assert_called_once_with([line], on_start, on_end)
    assert service.voice.say.call_args.kwargs["history"] is False
    assert service.voice.say.call_args.kwargs["listener"] is service.announce_listener.return_value
    service.announce_now.assert_not_called()
    service.voice.say.return_value = None                          # nothing plays: written at once
    assert speech.say("seat:2", "lobby.busy", {"seat": 1}, language="en") is None
    service.announce_now.assert_called_once()
    speech.drop(2)
    service.voice.cancel.assert_not_called()                         # no scan steps said


def test_A13_without_sound_a_scan_step_lasts_its_estimate_at_the_seats_rate(mocker):
    from firmware_host.table.scanning import spoken_seconds

    speech, service = board_voice(mocker, voice=False, own={1: SeatSettings(rate=300)})
    speak = speech.scan_speaker(lambda: ("lobby.busy", {"seat": 0}), language=lambda: "en")
    intro = board_catalogue.text("lobby.busy", {"seat": 0}, "en")
    assert speak(1, "intro", None, mocker.MagicMock(), mocker.MagicMock()) == pytest.approx(spoken_seconds(intro, 300))
    rate = service.settings.scan.words_per_minute
    item = ScanItem(2, "x", "lobby.busy", {"seat": 2})
    assert speak(2, "item", item, mocker.MagicMock(), mocker.MagicMock()) == \
        pytest.approx(spoken_seconds(board_catalogue.text("lobby.busy", {"seat": 2}, "en"), rate))
    assert speak(2, "wrap", None, mocker.MagicMock(), mocker.MagicMock()) == 0.0
    assert speak(2, "stopped", None, mocker.MagicMock(), mocker.MagicMock()) == 0.0
    lines = [c.args[0][0] for c in service.announce_now.call_args_list]
    assert [l["key"] for l in lines] == ["lobby.busy", "lobby.busy", "lobby.wrap", "lobby.stopped"]


# ---------------------------------------------------------------- ACCESSIBILITY.md 19: the settings scan from the seat
from firmware_host.table import seat_menu as seat_menu_module  # noqa: E402
from firmware_host.table.seat_menu import SETTINGS, VALUES, SeatMenu  # noqa: E402


def settings_menu(mocker, own=None, audio=None, game=True):
    """A SeatMenu on an autospec of the board's voice (texts "key params language"), of the
    service (a virtual clock; ``post`` runs at once) and of the game host."""
    from firmware_host.clock import VirtualClock

    service = mocker.create_autospec(BoardService, instance=True)
    service.settings = ServiceSettings()
    service.clock = VirtualClock()
    service.post.side_effect = lambda fn: fn()
    service.voice = mocker.create_autospec(SilentVoice, instance=True)
    service.voice.audio = mocker.MagicMock(spec=["settings"])
    service.voice.audio.settings = audio
    service.board = mocker.create_autospec(Board, instance=True)
    host = mocker.create_autospec(GameHost, instance=True)
    host.active = mocker.MagicMock(spec=["language", "game"])
    host.active.language, host.active.game = "en", (object() if game else None)
    speech = mocker.create_autospec(BoardSpeech, instance=True)
    speech.seat_settings.side_effect = lambda seat: (own or {}).get(seat, SeatSettings())
    speech.text.side_effect = lambda key, params, language, **kw: f"{key} {sorted(params.items())} {language}"
    speech.board_language.return_value = "fr"
    speech.scan_settings.return_value = ScanSettings()
    speech.scan_speaker.return_value = mocker.MagicMock(return_value=1.0)
    return SeatMenu(service, host, speech), service, host, speech


def test_A19_the_settings_and_their_values_offered():
    assert SETTINGS == ("rate", "volume", "verbosity", "scan_interval", "ignore_repeat", "gender")
    assert VALUES == {"rate": (120, 150, 175, 200, 250, 300, 350, 400), "volume": (0.2, 0.4, 0.6, 0.8, 1.0),
                      "verbosity": ("auto", "short", "long"), "scan_interval": (1.0, 1.5, 2.0, 3.0, 4.0, 5.0),
                      "ignore_repeat": (0.2, 0.3, 0.5, 0.8, 1.0, 1.5), "gender": ("m", "f")}
    assert SeatMenu._item_params("rate", 175.0) == {"wpm": 175}
    assert SeatMenu._item_params("volume", 0.57) == {"percent": 57}
    assert SeatMenu._item_params("scan_interval", 2) == {"seconds": 2.0}
    assert SeatMenu._item_params("ignore_repeat", 1) == {"seconds": 1.0}
    assert SeatMenu._item_params("gender", "f") == {"gender": "f"}
    assert SeatMenu._value_key("scan_interval") == SeatMenu._value_key("ignore_repeat") == "settings.value.seconds"
    assert SeatMenu._value_key("rate") == "settings.value.rate"


def test_A19_a_seats_values_now_are_its_own_else_the_boards(mocker):
    audio = mocker.MagicMock(spec=["seat_rates", "seat_volumes", "seat_rate", "seat_volume"])
    audio.seat_rates, audio.seat_volumes, audio.seat_rate, audio.seat_volume = [200, 210], [0.5], 190, 0.9
    menu, service, _, _ = settings_menu(mocker, own={0: SeatSettings(rate=300, volume=0.0, verbosity="long",
                                                                     scan_interval=3.0, ignore_repeat=0.8,
                                                                     gender="f")}, audio=audio)
    service.board.config = mocker.MagicMock(spec=["timing"])
    service.board.config.timing.ignore_repeat_s = 0.4
    assert menu.current(0) == {"rate": 300, "volume": 0.0, "verbosity": "long", "scan_interval": 3.0,
                               "ignore_repeat": 0.8, "gender": "f"}
    assert menu.current(1) == {"rate": 210, "volume": 0.9, "verbosity": "auto",
                               "scan_interval": service.settings.scan.interval, "ignore_repeat": 0.4, "gender": "m"}
    assert menu.current(5)["rate"] == 190
    bare, service, _, _ = settings_menu(mocker, audio=None)
    service.board = None
    assert bare.current(2) == {"rate": service.settings.scan.words_per_minute, "volume": 1.0, "verbosity": "auto",
                               "scan_interval": service.settings.scan.interval, "ignore_repeat": 0.5, "gender": "m"}


def test_A19_the_first_list_names_each_setting_with_its_value_then_done(mocker):
    menu, service, host, speech = settings_menu(mocker, own={2: SeatSettings(rate=300)})
    menu.open(2)
    scan = menu.scans[2]
    assert menu.is_open(2) and menu.snapshot() == [2] and scan.purpose == "settings"
    assert [(i.value, i.key, i.params) for i in scan.base_items] == [
        ("rate", "settings.item.rate", {"wpm": 300}), ("volume", "settings.item.volume", {"percent": 100}),
        ("verbosity", "settings.item.verbosity", {"verbosity": "auto"}),
        ("scan_interval", "settings.item.scan_interval", {"seconds": service.settings.scan.interval}),
        ("ignore_repeat", "settings.item.ignore_repeat", {"seconds": 0.5}),
        ("gender", "settings.item.gender", {"gender": "m"})]
    assert scan.base_items[0].text == "settings.item.rate [('wpm', 300)] en"      # the game's language
    assert scan.cancel_item.key == "settings.done" and scan.cancel_item.text == "settings.done [] en"
    kwargs = speech.scan_speaker.call_args.kwargs
    assert kwargs["stopped"] == ("settings.closed", {}) and kwargs["language"]() == "en"
    assert speech.scan_speaker.call_args.args[0]() == ("settings.menu", {})
    for bad in (-1, "2", None):
        menu.open(bad)
    assert menu.snapshot() == [2]
    host.active.game = None                                                  # no game: the board's language
    menu.open(3)
    assert menu.scans[3].base_items[0].text.endswith(" fr")


def test_A19_a_setting_opens_its_values_and_a_value_is_stored_as_the_consoles_command(mocker):
    menu, _, host, speech = settings_menu(mocker)
    menu.open(1)
    menu.scans[1].on_choose("volume")
    values = menu.scans[1]
    assert values.purpose == "settings.volume"
    assert [(i.key, i.params) for i in values.base_items][:2] == [("settings.value.volume", {"percent": 20}),
                                                                  ("settings.value.volume", {"percent": 40})]
    assert values.base_items[-1].key == "settings.value.default" and values.cancel_item.key == "lobby.back"
    assert speech.scan_speaker.call_args.args[0]() == ("settings.choose", {"setting": "volume"})
    values.on_choose(0.6)
    host.command.assert_called_once_with("seat_settings", seat=1, volume=0.6)
    assert menu.scans[1].purpose == "settings"                               # the first list again
    menu.scans[1].on_choose("gender")
    menu.scans[1].on_choose(menu.scans[1].base_items[-1].value)              # "as the board is set"
    assert host.command.call_args == mocker.call("seat_settings", seat=1, gender=None)
    menu.scans[1].on_choose("rate")
    menu.scans[1].on_cancel()                                                # back
    assert menu.scans[1].purpose == "settings"
    host.command.side_effect = CommandRefused("seat_settings_not_saved", "disk full")
    menu.scans[1].on_choose("rate")
    menu.scans[1].on_choose(200)
    said = speech.say.call_args
    assert said.args[:3] == ("seat:1", "settings.not_stored", {}) and said.kwargs["priority"] == "refusal"
    assert said.kwargs["earcon"] == "refusal" and menu.scans[1].purpose == "settings"


def test_A19_done_a_hold_or_a_stopped_scan_closes_the_menu_and_the_next_press_is_the_games(mocker):
    from firmware_host.hardware.events import ButtonGesture

    menu, _, _, speech = settings_menu(mocker)
    assert not menu.handles(ButtonGesture(seat=1, gesture="press"))
    menu.open(1)
    menu.scans[1].on_cancel()                                                # "done"
    assert not menu.is_open(1)
    assert speech.say.call_args.args[:3] == ("seat:1", "settings.closed", {})
    menu.open(1)
    assert menu.handles(ButtonGesture(seat=1, gesture="press")) and menu.is_open(1)
    assert menu.handles(ButtonGesture(seat=1, gesture="hold")) and not menu.is_open(1)
    assert speech.say.call_count == 2
    menu.close(1)                                                            # already closed: nothing said
    assert speech.say.call_count == 2
    menu.open(4)
    heard = speech.scan_speaker.call_args.kwargs["heard"]
    heard()                                                                  # not stopped: stays open
    assert menu.is_open(4)
    menu.scans[4].stopped = True
    heard()
    assert not menu.is_open(4)
    menu.open(5)
    menu.open(6)
    menu.shutdown()
    assert menu.snapshot() == []


def test_A19_the_settings_offer_is_a_request_in_the_seats_earphone(mocker):
    menu, _, _, speech = settings_menu(mocker)
    on_end = mocker.MagicMock()
    assert menu.offer(3, on_end) is speech.say.return_value
    speech.say.assert_called_once_with("seat:3", "settings.offer", {}, language="en", priority="request", on_end=on_end,
                                       history=False)                   # part of the status: no repeat gives it back
    assert seat_menu_module._DEFAULT is not None


# ---------------------------------------------------------------- the adapter's reveal and status line (R16)
def test_R16_the_reveal_gives_every_seats_secrets_or_one_seats_and_refuses_what_is_no_seat(bd_table):
    service, adapter, _ = bd_table
    every = service.call(lambda: adapter.reveal(None))
    assert sorted(every["seats"]) == ["0", "1", "2", "3"]
    one = service.call(lambda: adapter.reveal(2))
    assert one == {"seat": 2, **every["seats"]["2"]}
    for seat in (4, -1, "2", True):
        with pytest.raises(CommandRefused) as refused:
            service.call(lambda: adapter.reveal(seat))
        assert refused.value.code == "no_seat"


def test_the_kits_status_line_names_the_game_its_phase_and_a_pause_and_no_secret(bd_table):
    """The kit's own status line (a game that brings none of its own has it)."""
    from firmware_host.table.adapter import BoardAdapter

    service, adapter, _ = bd_table
    line = service.call(lambda: BoardAdapter.status_line(adapter))
    assert BoardAdapter.status_step(adapter) == adapter.game.phase          # the kit's step: the phase
    assert line == f"game {adapter.game_id}: become_dictator {adapter.status_step()}"   # the game's step hook
    assert adapter.game.phase and adapter.game.phase in line
    service.call(lambda: service.game.command("pause"))
    assert service.call(lambda: BoardAdapter.status_line(adapter)).endswith(f"{adapter.game.phase} (paused)")
    service.call(adapter.moves.end)                                        # the game master ends it
    assert service.call(lambda: BoardAdapter.status_line(adapter)) == "waiting for a setup"
    with pytest.raises(CommandRefused) as refused:
        service.call(lambda: adapter.reveal(None))
    assert refused.value.code == "no_game"


def test_a_refused_action_is_listed_on_the_console_as_rejected(bd_table, mocker):
    service, adapter, lines = bd_table
    seat = adapter.game.awaiting()[0]
    listed = mocker.patch.object(adapter.faults, "list", autospec=True)
    action = adapter.action_from_json({"action": "vote", "seat": seat, "target": seat})   # for oneself
    assert service.call(lambda: adapter.moves.accept(action)) is False
    kind = listed.call_args.args[0]
    assert kind["kind"] == "rejected" and kind["action"] == "vote" and kind["reason"]


# ---------------------------------------------------------------- ACCESSIBILITY.md 2, 4, 25: a seat's own request
from firmware_host.table.speech import PRIVATE_CUE  # noqa: E402


def table_speech(mocker, timed=True):
    """TableSpeech of In this way I become a DICTATOR's words on an autospec of the service and
    of the voice (``timed``: it reports playback; ``say`` gives an utterance autospec)."""
    from firmware_host.games.become_dictator import catalogue

    service = mocker.create_autospec(BoardService, instance=True)
    service.settings = ServiceSettings()
    service.voice = mocker.create_autospec(SilentVoice, instance=True)
    service.voice.timed.return_value = timed

    def say(channel, text, **kwargs):
        utt = mocker.create_autospec(Utterance, instance=True)
        utt.meta = {}
        return utt

    service.voice.say.side_effect = say
    words = Words(catalogue.text, catalogue.keys(), catalogue.is_private)
    return TableSpeech(service, words, SeatStore(service), lambda: ("en", {})), service, catalogue


def test_A4_a_seats_request_is_one_clip_that_cuts_its_earphone_with_the_private_cue_for_a_secret(mocker):
    speech, service, catalogue = table_speech(mocker)
    private, public = "card.enough", "repeat.nothing"
    assert catalogue.is_private(private)
    said = speech.request([speech.line("seat:1", private)])
    call = service.voice.say.call_args
    assert call.args[0] == "seat:1" and call.kwargs["priority"] == "request" and call.kwargs["earcon"] == PRIVATE_CUE
    assert said.utterance is not None and said.utterance.meta["lines"][0]["key"] == private
    speech.request([speech.line("seat:1", public)])
    assert service.voice.say.call_args.kwargs["earcon"] is None
    assert speech.request([]).text == "" and speech.request([]).utterance is None


def test_A2_A25_a_seat_that_heard_nothing_hears_nothing_to_repeat_as_its_own_request(mocker):
    speech, service, _ = table_speech(mocker)
    service.voice.repeat_last.return_value = None
    said = speech.repeat(3)
    assert said.lines[0]["key"] == "repeat.nothing" and said.lines[0]["channel"] == "seat:3"
    assert service.voice.say.call_args.kwargs["priority"] == "request"
    untimed, service, _ = table_speech(mocker, timed=False)               # a voice without playback
    assert untimed.repeat(2).lines[0]["key"] == "repeat.nothing"
    assert service.voice.say.call_args.kwargs["priority"] == "request"


# ---------------------------------------------------------------- the setup from the seats: its questions
from firmware_host.kernel import games  # noqa: E402
from firmware_host.table.lobby import Lobby  # noqa: E402


def lobby_of(mocker, player_names=(), stored=None, config_seats=None, voice_seats=None):
    """A Lobby on an autospec of the service (real settings naming ``player_names``), of the
    host and of the board's voice (``stored``: the names in the seats' settings)."""
    import dataclasses as dc

    service = mocker.create_autospec(BoardService, instance=True)
    service.settings = dc.replace(ServiceSettings(), player_names=tuple(player_names))
    from firmware_host.clock import VirtualClock

    service.clock = VirtualClock()            # an arrival is a move: the reminders' wait starts anew
    service.board = mocker.create_autospec(Board, instance=True)
    service.board.config = mocker.MagicMock(spec=["seats"])
    service.board.config.seats = config_seats
    service.voice = mocker.create_autospec(SilentVoice, instance=True)
    service.voice.seats = voice_seats
    speech = mocker.create_autospec(BoardSpeech, instance=True)
    speech.stored_names.return_value = stored or {}
    return Lobby(service, mocker.create_autospec(GameHost, instance=True), speech), service, speech


def test_the_setup_asks_the_games_questions_then_names_where_enrolled_then_start(mocker):
    lobby, service, _ = lobby_of(mocker, config_seats=6)
    own = list(games.pack("become_dictator").lobby().questions(6, service.settings))
    assert lobby._game_questions("become_dictator") == own + [
        {"name": "start", "key": "lobby.question.start", "options": [
            {"value": True, "key": "lobby.option.start", "params": {}}]}]
    named, _, _ = lobby_of(mocker, player_names=("Anna",), config_seats=6)
    asked = named._game_questions("become_dictator")
    assert asked[-2] == {"name": "names", "key": "lobby.question.names", "options": [
        {"value": "list", "key": "lobby.option.names.list", "params": {}},
        {"value": "seats", "key": "lobby.option.names.seats", "params": {}}]}


def test_the_names_offered_are_the_boards_then_the_seats_each_once(mocker):
    lobby, _, _ = lobby_of(mocker, player_names=("Anna", "Ben", ""), stored={3: "Clara", 1: "Anna", 2: "Dora"})
    assert lobby.enrolled_names() == ["Anna", "Ben", "Dora", "Clara"]         # by seat, once each


def test_the_players_offered_are_the_boards_seats_from_its_pins_else_its_voice(mocker):
    assert lobby_of(mocker, config_seats=6, voice_seats=9)[0]._board_seats() == 6
    assert lobby_of(mocker, config_seats=None, voice_seats=9)[0]._board_seats() == 9
    assert lobby_of(mocker, config_seats="6", voice_seats=True)[0]._board_seats() is None
    lobby, service, _ = lobby_of(mocker, voice_seats=7)
    service.board = None
    assert lobby._board_seats() == 7


def test_a_refused_setup_from_the_seats_is_a_fault_and_said_at_the_table_as_a_refusal(mocker, caplog):
    lobby, service, speech = lobby_of(mocker)
    with caplog.at_level(logging.ERROR, logger="firmware_host.service"):
        lobby._refused("players", "too many players")
    assert "setup from the seats refused (players): too many players" in caplog.text
    service.fault.assert_called_once_with("setup", "refused", "too many players")
    call = speech.say.call_args
    assert call.args == ("public", "lobby.refused", {"reason": "players"})
    assert call.kwargs["priority"] == "refusal" and call.kwargs["earcon"] == "refusal"


# ---------------------------------------------------------------- the console's picture of the table (R16)
def test_R16_the_consoles_picture_of_the_table_shows_the_public_state_and_each_seats_settings(bd_table):
    service, adapter, _ = bd_table
    service.call(lambda: service.game.command("seat_settings", seat=2, rate=300, name="Clara"))
    snap = service.call(adapter.snapshot)
    assert snap["seat_settings"] == {"2": {"rate": 300, "name": "Clara"}}
    assert snap["game_id"] == adapter.game_id and snap["paused"] is False
    assert snap["view"] == service.call(adapter.public_view)
    assert snap["pins"] == {"slots": {}, "peg": None, "mismatch": []}
    assert snap["scan"] == [{"seat": s} for s in service.call(adapter.scans.seats_scanning)]
    assert snap["announcements"] and all(a["channel"] == "public" for a in snap["announcements"])
    service.call(lambda: service.game.command("pause"))
    assert service.call(adapter.snapshot)["paused"] is True


def test_the_consoles_picture_of_a_setup_from_the_seats(mocker):
    lobby, _, _ = lobby_of(mocker)
    assert lobby.snapshot() is None and not lobby.active
    lobby.phase, lobby.seat, lobby.answers, lobby.present = "presence", 2, {"players": 4, "game": "x"}, {3: None, 1: "Ben"}
    assert lobby.active
    assert lobby.snapshot() == {"phase": "presence", "seat": 2, "answers": {"players": 4, "game": "x"},
                                "present": [1, 3], "players": 4}


def test_A26_a_seat_here_is_told_at_once_in_its_earphone_then_at_the_table(mocker, caplog):
    lobby, _, speech = lobby_of(mocker)
    lobby.phase, lobby.answers, lobby.language = "presence", {"players": 3}, "en"
    with caplog.at_level(logging.INFO, logger="firmware_host.service"):
        lobby._arrived(1, "Ben")
        lobby._arrived(0, None)
    assert "setup from the seats: seat 1 is here (Ben); 2 missing" in caplog.text
    assert "setup from the seats: seat 0 is here; 1 missing" in caplog.text
    calls = [(c.args[0], c.args[1], c.args[2], c.kwargs.get("priority")) for c in speech.say.call_args_list]
    assert calls == [("seat:1", "lobby.present", {"seat": 1, "missing": 2}, "request"),
                     ("public", "lobby.present", {"seat": 1, "missing": 2}, None),
                     ("seat:0", "lobby.present", {"seat": 0, "missing": 1}, "request"),
                     ("public", "lobby.present", {"seat": 0, "missing": 1}, None)]
    assert speech.say.call_args.kwargs["language"] == "en" and lobby.present == {1: "Ben", 0: None}


def test_a_seats_name_list_offers_the_names_not_taken_then_its_seat(mocker):
    lobby, service, speech = lobby_of(mocker, player_names=("Anna", "Ben", "Clara"))
    from firmware_host.clock import VirtualClock

    service.clock = VirtualClock()
    service.post.side_effect = lambda fn: fn()
    speech.text.side_effect = lambda key, params, language, **kw: f"{key} {sorted(params.items())} {language}"
    speech.scan_settings.return_value = ScanSettings()
    speech.scan_speaker.return_value = mocker.MagicMock(return_value=1.0)
    lobby.phase, lobby.answers, lobby.language, lobby.present = "presence", {"players": 4}, "en", {0: "Ben", 1: None}
    lobby._ask_name(2)
    scan = lobby.naming[2]
    assert scan.purpose == "setup.name"
    assert [(i.value, i.key, i.params) for i in scan.base_items] == [
        ("Anna", "lobby.option.name", {"name": "Anna"}), ("Clara", "lobby.option.name", {"name": "Clara"}),
        ("", "lobby.option.seat", {"seat": 2})]
    assert scan.base_items[-1].text == "lobby.option.seat [('seat', 2)] en"
    assert scan.cancel_item.key == "lobby.back" and scan.cancel_item.text == "lobby.back [] en"


def test_the_end_of_a_setup_from_the_seats_gives_the_board_its_language_back(mocker):
    lobby, service, _ = lobby_of(mocker)
    lobby.phase, lobby.seat, lobby.language, lobby._language_before = "questions", 1, "en", "de"
    generation = lobby._generation
    lobby._end()
    service.voice.set_language.assert_called_once_with("de")
    assert lobby._generation == generation + 1 and lobby.phase == "idle" and lobby.seat is None
    lobby.language = "de"
    lobby._end()                                                   # the same language: nothing to set
    lobby._end(restore_language=False)
    assert service.voice.set_language.call_count == 1 and lobby._generation == generation + 3


def test_a_press_of_a_seat_outside_the_game_is_a_fault_naming_the_button(bd_table):
    from firmware_host.hardware.events import ButtonGesture

    service, adapter, lines = bd_table
    before = len(lines)
    service.call(lambda: adapter.handle_input(ButtonGesture(seat=6, gesture="press")))
    faults = [l for l in lines[before:] if l.get("event") == "fault"]
    assert faults and faults[0]["reason"] == "not_playing" and faults[0]["source"] == "seat 7 button"
    assert "seat 6 is not a seat of this 4-player game" in faults[0]["detail"]


def test_the_table_waits_for_a_setup_only_with_no_game_and_none_prepared(bd_table):
    service, adapter, _ = bd_table
    assert service.call(adapter.waiting_for_setup) is False
    service.call(adapter.moves.end)
    assert service.call(adapter.waiting_for_setup) is True


def test_a_real_boards_physical_deck_is_asked_no_deck_question_from_the_seats(mocker):
    import dataclasses as dc

    lobby, service, _ = lobby_of(mocker, config_seats=6)
    service.settings = dc.replace(service.settings, physical_deck=True)
    assert [q["name"] for q in lobby._game_questions("secret_dictator")] == ["players", "variant", "start"]
    service.settings = dc.replace(service.settings, physical_deck=False)
    assert [q["name"] for q in lobby._game_questions("secret_dictator")] == ["players", "variant", "deck", "start"]


def test_A26_presence_a_seat_outside_the_game_is_refused_a_second_press_is_told_it_is_here(mocker):
    lobby, _, speech = lobby_of(mocker)
    lobby.phase, lobby.answers, lobby.language = "presence", {"players": 4}, "en"
    lobby._presence_press(5)
    call = speech.say.call_args
    assert call.args == ("seat:5", "lobby.not_playing", {"seat": 5, "last": 4})
    assert call.kwargs["priority"] == "refusal" and call.kwargs["earcon"] == "refusal"
    lobby._presence_press(2)
    assert lobby.present == {2: None}
    lobby._presence_press(2)
    assert speech.say.call_args.args == ("seat:2", "lobby.already_present", {})
    assert speech.say.call_args.kwargs["priority"] == "request" and lobby.present == {2: None}


def test_the_console_taking_over_ends_a_setup_from_the_seats_and_tells_the_seat(mocker):
    lobby, service, speech = lobby_of(mocker)
    lobby.console_took_over()                                         # nothing going on: nothing said
    speech.say.assert_not_called()
    lobby.phase, lobby.seat, lobby.language, lobby._language_before = "questions", 3, "en", "de"
    lobby.console_took_over()
    assert speech.say.call_args.args == ("seat:3", "lobby.console", {}) and lobby.phase == "idle"
    service.voice.set_language.assert_not_called()                    # the console's game sets it


def test_A8_a_private_line_in_a_seats_earphone_has_the_private_cue_unless_its_length_is_fixed(mocker):
    speech, service, catalogue = table_speech(mocker, timed=False)
    speech.say("seat:2", "card.enough")
    assert service.voice.say.call_args.kwargs["earcon"] == PRIVATE_CUE
    speech.say("seat:2", "card.enough", pad_seconds=4.0)                   # fixed length: no cue
    call = service.voice.say.call_args
    assert call.kwargs["earcon"] is None and call.kwargs["pad_seconds"] == 4.0
    speech.say("public", "repeat.nothing")
    assert service.voice.say.call_args.kwargs["earcon"] is None


def test_R16_an_announcement_that_cannot_go_where_it_was_sent_is_refused_and_logged(mocker, caplog):
    speech, service, _ = table_speech(mocker, timed=False)
    secret = mocker.NonCallableMagicMock(spec=["channel", "key", "params"])
    secret.channel, secret.key, secret.params = "public", "card.enough", {}
    with caplog.at_level(logging.ERROR, logger="firmware_host.service"):
        said = speech.request([secret])
    assert said.utterance is None and said.lines == ()
    assert "announcement card.enough refused:" in caplog.text
    service.voice.say.assert_not_called()


def test_A13_the_setup_questions_scan_ends_with_cancel_first_then_back(mocker):
    from firmware_host.clock import VirtualClock

    lobby, service, speech = lobby_of(mocker, config_seats=6)
    service.clock = VirtualClock()
    service.post.side_effect = lambda fn: fn()
    speech.text.side_effect = lambda key, params, language, **kw: f"{key} {language}"
    speech.scan_settings.return_value = ScanSettings()
    speech.scan_speaker.return_value = mocker.MagicMock(return_value=1.0)
    lobby.phase, lobby.seat, lobby.language, lobby.answers = "questions", 1, "en", {"game": "become_dictator"}
    lobby.questions, lobby.index = lobby._game_questions("become_dictator"), 0
    lobby._ask()
    first = lobby.scan
    assert first.purpose == f"setup.{lobby.questions[0]['name']}"
    assert (first.cancel_item.key, first.cancel_item.text) == ("lobby.cancel", "lobby.cancel en")
    assert [i.key for i in first.base_items] == [o["key"] for o in lobby.questions[0]["options"]]
    lobby.index = 1
    lobby._ask()
    assert lobby.scan.cancel_item.key == "lobby.back" and first.done            # the old scan ended
    assert lobby.scan.purpose == "setup.start"


def test_A7_a_named_setup_says_each_players_name_at_the_table_and_logs_the_setup(bd_table, caplog):
    service, adapter, lines = bd_table
    before = len(lines)
    with caplog.at_level(logging.INFO, logger="firmware_host.service"):
        service.call(lambda: service.game.setup_game({**BD_SETUP, "names": ["Anna", "", "Clara"]}))
    assert "setup: become_dictator, 4 players, language en" in caplog.text
    named = [l for l in lines[before:] if l.get("event") == "announce" and l["key"] == "setup.seat_name"]
    assert [(l["channel"], l["params"]) for l in named] == [("public", {"seat": 0}), ("public", {"seat": 2})]


def test_issue31_the_story_is_fitted_at_the_rate_the_seats_earphone_speaks(tmp_path, mocker):
    """The story's parts are at most 15 s at the rate the seat's earphone really says them:
    the audio layer's (``[audio] seat_rates``, the seat's own), not the scan's default. A
    seat whose earphone speaks at 90 words per minute hears more, shorter parts than one at
    175 (the same story, the same words)."""
    from firmware_host.audio.service import AudioService
    from firmware_host.audio.settings import AudioSettings
    from firmware_host.service.voice import Voice

    audio = mocker.create_autospec(AudioService, instance=True)
    audio.settings = AudioSettings(seat_rates=[175, 90])
    voice = Voice(audio)
    assert voice.rate("seat:0") == 175 and voice.rate("seat:1") == 90
    assert SilentVoice().rate("seat:1") is None
    from firmware_host.table.evening import fit_parts

    story = [[("a", {}), ("b", {}), ("c", {})]]
    words = {"a": "Round one: seat 1 and seat 2, elected three to two.", "b": "Drawn: one, two, three.",
             "c": "Passed on: two and three; enacted two.", "evening.story_more": "Press for more.",
             "evening.story_end": "Press to set up the next game."}
    fast = fit_parts(story, lambda key, params, long: words[key], 175)
    slow = fit_parts(story, lambda key, params, long: words[key], 90)
    assert len(fast) == 1 and len(slow) > 1
    assert [line for part in slow for line in part] == [line for part in fast for line in part]
