"""The console's connection limits (issue 11): a cap, a header timeout and an idle timeout, so
idle or silent clients never use up the board's file descriptors."""

from __future__ import annotations

import socket
import time
import urllib.request

import pytest

pytest.importorskip("aiohttp")

from firmware_host.console import serve  # noqa: E402


def _open(port: int, n: int) -> list[socket.socket]:
    return [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(n)]


def _closed_by_peer(sock: socket.socket, wait: float) -> bool:
    """True if the console closes ``sock`` within ``wait`` seconds (what it sends is read on)."""
    deadline = time.monotonic() + wait
    try:
        while (left := deadline - time.monotonic()) > 0:
            sock.settimeout(left)
            if sock.recv(65536) == b"":
                return True
    except (socket.timeout, TimeoutError):
        return False
    except ConnectionResetError:
        return True
    return False


def test_connections_beyond_the_cap_close_the_longest_idle_and_the_console_still_answers(backend):
    handle = serve(backend, {"port": 0, "max_connections": 4, "header_timeout_s": 30, "idle_timeout_s": 30})
    try:
        idle = _open(handle.port, 12)
        time.sleep(0.3)
        assert handle.guard.open_connections <= 4
        assert _closed_by_peer(idle[0], 2.0)             # the oldest went first
        with urllib.request.urlopen(handle.url, timeout=10) as answer:
            assert answer.status == 200
        assert handle.guard.closed >= 8
    finally:
        for s in idle:
            s.close()
        handle.close()


def test_a_connection_that_sends_no_request_is_closed_after_the_header_timeout(backend):
    handle = serve(backend, {"port": 0, "header_timeout_s": 1, "idle_timeout_s": 30})
    try:
        silent, = _open(handle.port, 1)
        slow, = _open(handle.port, 1)
        slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")     # headers never finished
        assert not _closed_by_peer(silent, 0.3)
        assert _closed_by_peer(silent, 3.0) and _closed_by_peer(slow, 1.0)
        assert handle.guard.open_connections == 0
    finally:
        handle.close()


def test_a_kept_alive_connection_is_closed_after_the_idle_timeout(backend):
    handle = serve(backend, {"port": 0, "header_timeout_s": 5, "idle_timeout_s": 1})
    try:
        sock, = _open(handle.port, 1)
        sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{handle.port}\r\n\r\n".encode())
        assert sock.recv(12).startswith(b"HTTP/1.1 200")
        assert not _closed_by_peer(sock, 0.3)        # kept alive at first
        assert _closed_by_peer(sock, 4.0)
    finally:
        handle.close()
