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
