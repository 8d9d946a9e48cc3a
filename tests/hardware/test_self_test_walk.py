"""The self-test's walk through the board's parts as a builder meets it: typed touches on a
real pseudo-terminal (``self-test --mock`` at a terminal), and the real board's loop on
gpiozero's mock pin factory (a part that gives nothing is named and the walk goes on)."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import threading
import time

import pytest

from firmware_host.cli import main as cli_main


class Terminal:
    """``firmware-host ARGS`` on a real pseudo-terminal: what it writes is read as it comes,
    what is typed goes in as a person types it."""

    def __init__(self, *args: str) -> None:
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen([sys.executable, "-m", "firmware_host", *args], stdin=slave, stdout=slave,
                                     stderr=slave, close_fds=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        os.close(slave)
        self.seen = ""

    def expect(self, text: str, timeout: float = 60.0) -> str:
        """Read until ``text`` has been written; everything read up to it."""
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{text!r} never came; the terminal shows:\n{self.seen}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:      # the program ended and closed its side
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"the program ended before {text!r}; it wrote:\n{self.seen}")
                self.seen += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        upto = self.seen.index(text) + len(text)
        out, self.seen = self.seen[:upto], self.seen[upto:]
        return out

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=30)
        finally:
            os.close(self.master)


def test_at_a_terminal_the_mocked_board_walks_the_parts_by_what_is_typed():
    """The brief: the self-test asks for each touch and reports what arrived. At a terminal
    ``--mock`` does not touch anything by itself: it asks for seat 1's button and waits;
    what is typed is the touch (the virtual board's words), named as the board recognised it;
    a wrong part is named as that part and the request stands; ``skip`` names the part as not
    touched and goes on; a line that is no touch is answered in one line; ``quit`` ends with
    the count and what was not touched."""
    term = Terminal("self-test", "--mock", "--language", "en")
    try:
        term.expect("Self-test: every input is named")
        term.expect("Next: button of seat 1")
        time.sleep(1.0)                                     # nothing is touched until something is typed
        term.type("help")
        assert "button SEAT" in term.expect("skip")
        assert "Test: button" not in term.seen
        term.type("button 0")
        term.expect("Test: button of seat 1, press")
        term.expect("Next: button of seat 2")
        term.type("button 5 hold")
        between = term.expect("Test: button of seat 6, hold")
        assert "Next:" not in between
        term.type("buton 1")
        term.expect("?")
        term.type("skip")
        term.expect("Not touched: button of seat 2")
        term.expect("Next: button of seat 3")
        term.type("quit")
        term.expect("Self-test: finished, two inputs touched")
        rest = term.expect("Not touched: law reader at the discard tray")
        assert "Not touched: buttons of seats 2, 3, 4, 5, 7, 8, 9 and 10" in rest
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
            term.proc.wait()


@pytest.fixture
def pins(monkeypatch):
    """The real board's loop (``self-test`` without ``--mock``) on gpiozero's mock pin factory
    with the board's wired pins: the pins a test closes are the ones the board reads."""
    from firmware_host.hardware import board
    from firmware_host.hardware.pins import make_pin_factory

    factory = make_pin_factory("mock", wired=True)
    monkeypatch.setattr(board, "make_pin_factory", lambda name: factory)
    yield factory
    factory.close()


def test_on_the_board_a_part_that_gives_nothing_is_named_and_the_walk_goes_on(pins, capsys):
    """On a real board the walk waits ``--step-seconds`` for each part: seat 1's button, pressed
    at once, is named and seat 2's asked for; seat 2's gives nothing, so it is named as not
    touched and seat 3's is asked for."""
    from firmware_host.board_config import load_config

    button = load_config(None).seat_buttons[0]

    def press() -> None:
        pin = pins.pin(button)
        deadline = time.monotonic() + 60
        while pin.function != "input" and time.monotonic() < deadline:   # until the board reads it
            time.sleep(0.05)
        time.sleep(0.3)
        pin.closed = True
        pin.drive_low()
        time.sleep(0.15)
        pin.closed = False
        pin.drive_high()

    presser = threading.Thread(target=press)
    presser.start()
    try:
        assert cli_main(["self-test", "--seconds", "6", "--step-seconds", "1.5", "--print", "--language", "en"]) == 0
    finally:
        presser.join()
    lines = capsys.readouterr().out.splitlines()
    walk = [line for line in lines if line.startswith(("Next: ", "Test: button", "Not touched: button of seat 2"))]
    assert walk[:5] == ["Next: button of seat 1", "Test: button of seat 1, press",
                        "Next: button of seat 2", "Not touched: button of seat 2",
                        "Next: button of seat 3"]
    assert "Self-test: finished, one inputs touched" in lines or "Self-test: finished, one input touched" in lines


def test_the_self_tests_voice_says_the_boards_parts_with_every_games_pronunciations(tmp_path, mocker):
    """WORDING-REVIEW.md: German keeps the rulebook's English "Election Tracker", said by its
    phonemes (espeak-ng's German voice says "E-lek-tsion"). The board's service gives its
    renderer every game's overrides; the self-test's own voice gets them too."""
    from firmware_host.audio import AudioService, AudioSettings
    from firmware_host.audio.sinks import RecordingSink
    from firmware_host.board_config import load_config
    from firmware_host.commands import self_test

    spoken = "Test: Election Tracker in Loch eins"
    audio = AudioService(AudioSettings(), RecordingSink(), tmp_path / "cache", seats=1)
    try:
        assert audio.renderer._pronounced(spoken, "de") == spoken          # a bare renderer: the written words
        self_test.pronouncing(audio)
        said = audio.renderer._pronounced(spoken, "de")
        assert "Election" not in said and "[[I'lEkS@n tr'Ek@]]" in said
    finally:
        audio.close()
    spy = mocker.spy(self_test, "pronouncing")
    speak, close = self_test.make_speaker(load_config(None), "de", print_only=False)
    close()
    assert spy.call_count == 1 and isinstance(spy.call_args.args[0], AudioService)
