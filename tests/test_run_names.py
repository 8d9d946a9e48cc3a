"""run's whisper call reads the players' names through the service thread, never directly."""

from __future__ import annotations

import logging
import threading

from firmware_host.clock import VirtualClock
from firmware_host.commands.run import seat_names
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings


def board_service(tmp_path) -> BoardService:
    """The real board service (no voice) on a journal in ``tmp_path``, not started."""
    return BoardService(ServiceSettings(journal_path=str(tmp_path / "j.sqlite3")), clock=VirtualClock(),
                        journal=Journal(tmp_path / "j.sqlite3"), voice=None, notifier=Notifier(None))


def test_names_are_copied_on_the_service_thread(tmp_path, mocker):
    service = board_service(tmp_path)
    service.start(None)
    try:
        names = ["Anna", "Ben", "Clara", "Dora", "Emil"]
        service.call(lambda: service.game.setup_game({"players": 5, "seed": 4, "language": "en", "names": names}))
        read_on: list[str] = []
        real_call = service.call

        def call(fn, timeout=None):
            def on_the_thread():
                read_on.append(threading.current_thread().name)
                return fn()
            return real_call(on_the_thread, timeout)

        mocker.patch.object(service, "call", autospec=True, side_effect=call)
        copy = seat_names(service)
        assert copy == dict(enumerate(names))
        copy[0] = "changed"
        assert service.call(lambda: service.game.names)[0] == "Anna"        # a copy, not the game's dict
        assert read_on and read_on[0] != threading.current_thread().name    # taken on the service thread
        assert all(name == read_on[0] for name in read_on)
    finally:
        service.stop()


def test_a_service_that_cannot_answer_gives_no_names(tmp_path, caplog):
    service = board_service(tmp_path)                      # never started: its call raises ServiceError
    # the logger's level is set here: an earlier test's `run` may have set up the service's logging
    with caplog.at_level(logging.WARNING, logger="firmware_host.service"):
        assert seat_names(service) == {}
    assert "names not available" in caplog.text
    assert seat_names(None) == {}
