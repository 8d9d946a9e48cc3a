"""sd_notify over a real unix datagram socket."""

import os
import socket

from firmware_host.service.notify import Notifier


def test_ready_and_watchdog_arrive_on_the_notify_socket(tmp_path):
    path = str(tmp_path / "notify.sock")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(path)
    server.settimeout(5)
    try:
        notifier = Notifier.from_environment({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "4000000"})
        assert notifier.watchdog_interval == 2.0
        assert notifier.ready("resumed")
        first = server.recv(4096).decode().split("\n")
        assert "READY=1" in first and "STATUS=resumed" in first and f"MAINPID={os.getpid()}" in first
        assert notifier.watchdog()
        assert server.recv(4096) == b"WATCHDOG=1"
    finally:
        server.close()


def test_without_notify_socket_nothing_is_sent():
    notifier = Notifier.from_environment({})
    assert notifier.ready() is False and notifier.watchdog_interval is None


def test_watchdog_for_another_pid_is_ignored():
    notifier = Notifier.from_environment({"NOTIFY_SOCKET": "/nonexistent", "WATCHDOG_USEC": "1000", "WATCHDOG_PID": "1"})
    assert notifier.watchdog_interval is None
    assert notifier.watchdog() is False  # missing socket: a warning, not an exception


def test_service_says_ready_then_pings_the_watchdog_from_its_thread(tmp_path):
    from firmware_host.clock import VirtualClock
    from firmware_host.service.core import BoardService
    from firmware_host.service.journal import Journal
    from firmware_host.service.settings import ServiceSettings

    path = str(tmp_path / "notify.sock")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(path)
    server.settimeout(10)
    notifier = Notifier(path, watchdog_usec=200_000)      # WatchdogSec=0.2 s: a ping every 0.1 s
    service = BoardService(ServiceSettings(), clock=VirtualClock(), journal=Journal(tmp_path / "j.sqlite3"),
                           notifier=notifier)
    try:
        service.start(None)
        got = [server.recv(4096).decode() for _ in range(3)]
    finally:
        service.stop()
        server.close()
    assert got[0].startswith("READY=1") and "STATUS=waiting for a setup" in got[0]
    assert got[1:] == ["WATCHDOG=1", "WATCHDOG=1"]
