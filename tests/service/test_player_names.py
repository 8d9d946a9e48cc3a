"""Player names: one rule (service.names.clean_name) for the console's setup and a seat's
settings — short in characters and in seconds of speech, one line, no bidi overrides."""

from __future__ import annotations

import pytest

from firmware_host.service.names import (NAME_MAX_CHARACTERS, PlayerNameError, clean_name,
                                         spoken_seconds)
from firmware_host.table.seat_settings import SeatSettings, SeatSettingsError


def test_name_is_nfc_one_spaced_and_loses_bidi_controls():
    assert clean_name("  Anna\u202e  Lena ") == "Anna Lena"
    assert clean_name("Jo\u0308rg") == "Jörg"
    assert clean_name("\u2067سارا\u2069") == "سارا"      # right-to-left letters are kept


@pytest.mark.parametrize("bad,code", [("x" * 2000, "too_long"), ("wort " * 400, "too_long"),
                                      ("Anna\nBen", "control"), ("\ud800", "control"),
                                      ("12345678901234567890", "too_long_spoken"), (3, "not_text")])
def test_unusable_names_are_refused_with_their_reason(bad, code):
    with pytest.raises(PlayerNameError) as err:
        clean_name(bad)
    assert err.value.code == code


def test_a_phoneme_override_does_not_count_towards_the_length():
    name = "Jörg [[j'9rk]]"
    assert clean_name(name) == name
    assert len("x" * NAME_MAX_CHARACTERS) == NAME_MAX_CHARACTERS
    assert clean_name("x" * NAME_MAX_CHARACTERS)


def test_spoken_seconds_grow_with_letters_words_and_digits():
    assert spoken_seconds("Anna") < spoken_seconds("Anna Lena") < 2.5
    assert spoken_seconds("1234") > spoken_seconds("abcd")


def test_seat_settings_name_uses_the_same_rule():
    assert SeatSettings().changed({"name": " Anna\u202e "}).name == "Anna"
    with pytest.raises(SeatSettingsError):
        SeatSettings().changed({"name": "x" * 100})


def test_console_setup_refuses_a_2000_character_name_naming_the_seat(tmp_path):
    import io

    from firmware_host.clock import VirtualClock
    from firmware_host.service.backend import ConsoleBackend, ConsoleRefusal
    from firmware_host.service.simulator import Simulator
    sim = Simulator(out=io.StringIO(), journal_path=str(tmp_path / "j.sqlite3"))
    service = sim.start(VirtualClock())
    try:
        backend = ConsoleBackend(service)
        with pytest.raises(ConsoleRefusal) as err:
            backend.setup_game({"players": 5, "names": ["Anna", "x" * 2000], "language": "en",
                                "first_president": 0})
        assert err.value.code == "setup_name_long" and err.value.params == {"seat": 1}
        with pytest.raises(ConsoleRefusal) as err:
            backend.setup_game({"players": 5, "names": ["Anna\nBen"], "language": "en",
                                "first_president": 0})
        assert err.value.code == "setup_name_invalid"
        backend.setup_game({"players": 5, "names": ["Anna\u202e"], "language": "en",
                            "first_president": 0})
        backend.command("start")
        assert service.call(lambda: service.game.names) == {0: "Anna"}
    finally:
        sim.stop()


def test_an_entered_action_for_a_seat_outside_the_table_is_refused_in_words(tmp_path):
    """The game master enters an action for seat 17 at a 5-player table: the table hears a
    refusal in words (no raw key, no "seat 18"), the console gets a one-line refusal."""
    import io

    from firmware_host.clock import VirtualClock
    from firmware_host.games.secret_dictator import catalogue
    from firmware_host.service.backend import ConsoleBackend, ConsoleRefusal
    from firmware_host.service.simulator import Simulator
    out = io.StringIO()
    sim = Simulator(out=out, journal_path=str(tmp_path / "j.sqlite3"))
    service = sim.start(VirtualClock())
    try:
        backend = ConsoleBackend(service)
        backend.setup_game({"players": 5, "language": "en", "first_president": 0})
        backend.command("start")
        with pytest.raises(ConsoleRefusal):
            backend.command("act", action={"action": "nominate", "seat": 17, "target": 2})
        service.wait_idle()
        sim.drain()                   # speech takes time: the table says what it was given
    finally:
        sim.stop()
    said = [line for line in sim.lines if line.get("event") == "announce"
            and str(line.get("key", "")).startswith("refusal.")]
    assert said, "the refusal is spoken"
    for line in said:
        assert line["text"] != line["key"] and "refusal." not in line["text"]
        assert "18" not in line["text"] and "eighteen" not in line["text"].lower()
    assert all(catalogue.CATALOGUE.has(k) for k in (line["key"] for line in said))


def test_a_name_of_digits_is_estimated_as_long_as_espeak_says_it():
    """ACCESSIBILITY.md 7: a name is spoken at every mention and must stay one breath
    (NAME_MAX_SECONDS). espeak-ng says a run of digits as a number in words ("999999999":
    "nine hundred and ninety-nine million…", 5.3 s in English, 5.9 s in German), so the
    estimate counts each digit as a word's worth of speech, not three letters: a name of
    digits espeak-ng says in far more than the limit is refused as too long to say, and one
    that is accepted is said within the limit (a fifth more at most), in English and German."""
    import shutil
    import subprocess
    import tempfile
    import wave

    from firmware_host.service.names import NAME_MAX_SECONDS
    with pytest.raises(PlayerNameError) as err:
        clean_name("999999999")
    assert err.value.code == "too_long_spoken"
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed")
    with tempfile.TemporaryDirectory() as folder:
        for name in ("Agent 007", "R2D2", "Bo 42", "123", "2024", "100000", "123456", "999999999"):
            said = 0.0
            for voice in ("en", "de"):
                path = f"{folder}/n.wav"
                subprocess.run(["espeak-ng", "-v", voice, "-s", "175", "-w", path, name], check=True)
                with wave.open(path) as w:
                    said = max(said, w.getnframes() / w.getframerate())
            try:
                clean_name(name)
            except PlayerNameError:
                continue                               # refused: never said at every mention
            assert said <= 1.2 * NAME_MAX_SECONDS, (name, said, spoken_seconds(name))


def test_a_name_of_symbols_is_estimated_as_long_as_espeak_says_it():
    """ACCESSIBILITY.md 7: a name stays one breath at every mention. espeak-ng says a symbol as
    a word ("x=y+z*w/v": "x equals y plus z star w slash v", 3.4 s in English; "€€€€€€€€"
    "euro" eight times, 2.95 s), but the estimate counted each as one letter (0.5 s): such a
    name was taken and said past the limit. Symbols count as words now; a name's own marks
    (hyphen, apostrophe, dot) stay cheap; whatever is accepted is said within the limit (a
    fifth more at most), in English and German."""
    import shutil
    import subprocess
    import tempfile
    import wave

    from firmware_host.service.names import NAME_MAX_SECONDS
    for name in ("x=y+z*w/v", "€€€€€€€€", "%%%%%%%%%%%%"):
        with pytest.raises(PlayerNameError) as err:
            clean_name(name)
        assert err.value.code == "too_long_spoken", name
    for name in ("Anna-Lena", "O'Brien", "J. R. Ewing", "Zoë", "José María"):
        assert clean_name(name) == name
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed")
    with tempfile.TemporaryDirectory() as folder:
        for name in ("x=y+z*w/v", "€€€€€€€€", "a+b", "Bo & Jo", "x@y", "Ann #2", "www.example.com",
                     "Anna-Lena", "O'Brien", "J. R. Ewing"):
            said = 0.0
            for voice in ("en", "de"):
                path = f"{folder}/n.wav"
                subprocess.run(["espeak-ng", "-v", voice, "-s", "175", "-w", path, name], check=True)
                with wave.open(path) as w:
                    said = max(said, w.getnframes() / w.getframerate())
            try:
                clean_name(name)
            except PlayerNameError:
                continue
            assert said <= 1.2 * NAME_MAX_SECONDS, (name, said)
