"""Signal scripts (SIMULATE.md) and the interactive line syntax."""

import pytest

from firmware_host.service.signals import ScriptError, parse_line, parse_script

SETUP = '{"setup": {"players": 5, "seed": 1}}'


def test_script_signals_are_checked_and_numbered_by_physical_line():
    sigs = parse_script(SETUP + '\n# comment\n\n{"signal": "button", "seat": 2, "gesture": "hold", "at": 1}\n'
                        '{"ballot": {"seat": 1, "ballot": "nein"}}\n')
    assert [s.kind for s in sigs] == ["setup", "button", "ballot"]
    assert sigs[1].line == 4 and sigs[1].at == 1.0 and sigs[1]["gesture"] == "hold"
    assert sigs[2].fields == {"seat": 1, "ballot": "nein"}


@pytest.mark.parametrize("body, words", [
    ('{"signal": "button", "seat": 2, "gesture": "tap"}', "line 2: button: 'gesture'"),
    ('{"signal": "slot", "track": "democratic", "slot": 6, "state": "filled"}', "'slot' must be between 1 and 5"),
    ('{"signal": "fly"}', "unknown signal"),
    ('{"signal": "serial", "reader": "ballot", "hex": "zz"}', "not hex"),
    ('not json', "not valid JSON"),
])
def test_bad_signal_is_one_line_naming_the_line(body, words):
    with pytest.raises(ScriptError) as info:
        parse_script(SETUP + "\n" + body, "s.jsonl")
    assert words in str(info.value) and "\n" not in str(info.value)


def test_a_setup_after_other_signals_is_unusable():
    with pytest.raises(ScriptError, match="setup must be the first signal"):
        parse_script('{"signal": "wait", "seconds": 1}\n' + SETUP)


def test_script_without_a_setup_line_is_set_up_from_the_seats():
    """Issue 14: a board with no setup; the seats set the game up with their buttons."""
    signals = parse_script('{"signal": "button", "seat": 2, "gesture": "press"}')
    assert [s.kind for s in signals] == ["button"]


def test_at_must_not_go_backwards():
    with pytest.raises(ScriptError, match="before"):
        parse_script(SETUP + '\n{"signal": "wait", "seconds": 1, "at": 5}\n{"signal": "wait", "seconds": 1, "at": 2}')


def test_interactive_lines_become_signals():
    assert parse_line("ballot 3 ja").fields == {"seat": 3, "ballot": "ja"}
    assert parse_line("button 2").fields == {"seat": 2, "gesture": "press"}
    assert parse_line("slot fascist 2 filled").fields == {"track": "fascist", "slot": 2, "state": "filled"}
    assert parse_line('gm act {"action": "veto", "seat": 1}').fields["action"] == {"action": "veto", "seat": 1}
    assert parse_line("help") == "help" and parse_line("") is None
    with pytest.raises(ScriptError, match="type help"):
        parse_line("ballot")


def test_A19_interactive_seat_settings_line():
    sig = parse_line("gm seat_settings 2 rate=300 scan_interval=2.5 name=Anna volume=null")
    assert sig.fields == {"command": "seat_settings", "seat": 2, "rate": 300, "scan_interval": 2.5,
                          "name": "Anna", "volume": None}


def test_SIMULATE_setup_signal_in_its_table_form_is_the_replay_setup():
    from firmware_host.service.signals import parse_script
    replay = parse_script('{"setup": {"players": 7, "seed": 3, "language": "en"}}\n')
    table = parse_script('{"signal": "setup", "players": 7, "seed": 3, "language": "en"}\n')
    nested = parse_script('{"signal": "setup", "setup": {"players": 7, "seed": 3, "language": "en"}}\n')
    assert replay[0].kind == table[0].kind == nested[0].kind == "setup"
    assert replay[0].fields == table[0].fields == nested[0].fields == {"players": 7, "seed": 3, "language": "en"}


def test_issue32_the_slot_peg_and_reader_signals_take_the_games_tracks_peg_and_readers():
    """The service names no game's track, peg or reader (issue 32): a ``slot`` names a track a
    registered pack declares, with that track's number of slots; the peg's signal is the one its
    pack declares (SIMULATE.md's ``tracker``), read as the board's ``peg`` with the pack's holes;
    a reader is one the packs' tile kinds go to."""
    from firmware_host.hardware.parts import registered_peg, registered_readers, registered_tracks
    from firmware_host.service.signals import help_text, parse_object

    tracks, peg = registered_tracks(), registered_peg()
    assert peg is not None and peg.signal == "tracker" and tracks == {"democratic": 5, "fascist": 6}
    assert parse_object({"signal": "tracker", "position": peg.holes - 1}).kind == "peg"
    with pytest.raises(ScriptError, match="position"):
        parse_object({"signal": "tracker", "position": peg.holes})
    with pytest.raises(ScriptError, match="unknown signal"):
        parse_object({"signal": "peg", "position": 0})              # scripts use the game's word
    assert parse_object({"signal": "slot", "track": "fascist", "slot": 6, "state": "filled"})["slot"] == 6
    with pytest.raises(ScriptError, match="between 1 and 5"):
        parse_object({"signal": "slot", "track": "democratic", "slot": 6, "state": "filled"})
    with pytest.raises(ScriptError, match="track"):
        parse_object({"signal": "slot", "track": "liberal", "slot": 1, "state": "filled"})
    for reader in registered_readers():
        assert parse_object({"signal": "unplug", "reader": reader})["reader"] == reader
    with pytest.raises(ScriptError, match="reader"):
        parse_object({"signal": "unplug", "reader": "moon"})
    assert parse_line("peg 2").kind == parse_line("tracker 2").kind == "peg"
    text = help_text()
    assert "slot democratic|fascist K" in text and "tracker P" in text and f"serial {'|'.join(registered_readers())}" in text
