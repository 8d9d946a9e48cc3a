"""What a constructor or command opened is closed again when it fails half-way."""

from __future__ import annotations

import argparse
import os
import sqlite3
import tempfile

import pytest

from firmware_host.board_config import load_config
from firmware_host.clock import VirtualClock
from firmware_host.hardware import board as board_module
from firmware_host.hardware.mock import MockBoard
from firmware_host.service import journal as journal_module
from firmware_host.service.journal import Journal, JournalError


def _open_fds() -> set[str]:
    return set(os.listdir("/proc/self/fd"))


def test_journal_closes_its_database_when_the_schema_is_too_new(tmp_path, monkeypatch):
    path = tmp_path / "journal.sqlite"
    Journal(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value='999' WHERE key='schema'")
    db.commit()
    db.close()
    opened = []
    real_connect = sqlite3.connect

    def connect(*args, **kwargs):
        conn = real_connect(*args, **kwargs)
        opened.append(conn)
        return conn

    monkeypatch.setattr(journal_module.sqlite3, "connect", connect)
    with pytest.raises(JournalError, match="newer than this firmware"):
        Journal(path)
    assert len(opened) == 1
    with pytest.raises(sqlite3.ProgrammingError):      # a closed connection refuses work
        opened[0].execute("SELECT 1")


def test_mock_board_removes_its_ptys_and_folder_when_start_fails(monkeypatch):
    config = load_config()
    assert config.readers, "the shipped config has readers on pseudo-terminals"
    folders_before = {p for p in os.listdir(tempfile.gettempdir()) if p.startswith("firmware-host-mock-")}
    fds_before = _open_fds()

    def fail(self):
        raise OSError("pin in use")

    monkeypatch.setattr(board_module.Board, "start", fail)
    with pytest.raises(OSError, match="pin in use"):
        MockBoard(config, VirtualClock())
    folders_after = {p for p in os.listdir(tempfile.gettempdir()) if p.startswith("firmware-host-mock-")}
    assert folders_after <= folders_before
    assert _open_fds() <= fds_before


def test_run_closes_the_audio_service_when_the_board_service_cannot_be_built(tmp_path, monkeypatch):
    from firmware_host.audio import service as audio_service
    from firmware_host.audio.sinks import AlsaSink, RecordingSink
    from firmware_host.commands import run
    from firmware_host.service import core

    closed = []
    real_close = audio_service.AudioService.close

    def close(self):
        closed.append(self)
        real_close(self)

    def broken(*args, **kwargs):
        raise RuntimeError("no engine")

    monkeypatch.setattr(audio_service.AudioService, "close", close)
    monkeypatch.setattr(AlsaSink, "from_settings", classmethod(lambda cls, *a, **k: RecordingSink()))
    monkeypatch.setattr(core, "BoardService", broken)
    monkeypatch.setattr("firmware_host.service.logs.setup_logging", lambda *a, **k: None)
    monkeypatch.setenv("CACHE_DIRECTORY", str(tmp_path / "cache"))
    monkeypatch.setattr(run.signal, "signal", lambda *a: None)
    args = argparse.Namespace(config=None, journal=str(tmp_path / "journal.sqlite"), no_resume=True, quiet=True)
    with pytest.raises(RuntimeError, match="no engine"):
        run.main(args)
    assert len(closed) == 1
