"""run's whisper call reads the players' names through the service thread, never directly."""

from __future__ import annotations

import logging
import threading

from firmware_host.commands.run import seat_names


class FakeService:
    """Runs ``call``ed functions on its own thread, like BoardService.call."""

    def __init__(self, names, answer=True):
        self.game = type("Game", (), {"names": names})()
        self.answer = answer
        self.threads = []

    def call(self, fn, timeout=None):
        if not self.answer:
            raise TimeoutError("the board service did not answer in time")
        box = {}

        def run():
            self.threads.append(threading.current_thread())
            box["value"] = fn()

        worker = threading.Thread(target=run, name="board-service")
        worker.start()
        worker.join()
        return box["value"]


def test_names_are_copied_on_the_service_thread():
    names = {0: "Anna", 3: "Ben"}
    service = FakeService(names)
    copy = seat_names(service)
    assert copy == names and copy is not names
    assert [t.name for t in service.threads] == ["board-service"]


def test_a_service_that_cannot_answer_gives_no_names(caplog):
    # the logger's level is set here: an earlier test's `run` may have set up the service's logging
    with caplog.at_level(logging.WARNING, logger="firmware_host.service"):
        assert seat_names(FakeService({0: "Anna"}, answer=False)) == {}
    assert "names not available" in caplog.text
    assert seat_names(None) == {}
