"""A move the rules refuse for a reason that is a secret, and a move the journal cannot take
(the table's ``moves``: ``refuse``, ``accept``; RULES.md R16, "journaled before announced").

- A seat's refused move whose reason is private (the error's ``private``: what a hand holds)
  is written ``rejected`` with a message that names no reason, listed on the console as
  ``not_possible`` with its action and seat, logged with no reason, and said only in the
  acting seat's earphone.
- Entered by the game master (``act``), the same refusal tells the game master the secret: a
  WARNING "secret revealed to game master", a ``reveal`` note in the journal, and nothing said
  (the seat did not act); an open refusal entered so is said as a seat's and noted no reveal.
- A move the journal cannot take leaves the game exactly as it was: no event, no line said, a
  ``journal`` fault ``write_failed``, an ERROR log line with the journal's reason, the move
  count unchanged.

Played with the real service, SQLite journal and silent voice on In this way I become a
DICTATOR at its first night; the journal's failing write is a pytest-mock autospec of its
``append_action``."""

from __future__ import annotations

import logging

import pytest

from firmware_host.games.become_dictator import scripting
from firmware_host.service.journal import JournalError
from firmware_host.service.refusals import CommandRefused
from firmware_host.service.voice import SilentVoice

from .table import quiet_service

SETUP = {**scripting.sample_setup("en"), "morning_seconds": 0}


@pytest.fixture()
def night(tmp_path):
    """The game at its first night, before the first drop; (service, adapter, voice, the
    emitted lines, the first drop's journal object)."""
    voice = SilentVoice()
    lines: list[dict] = []
    service = quiet_service(tmp_path, voice=voice, emit=lines.append)
    service.start()
    try:
        service.call(lambda: service.game.setup_game(dict(SETUP)))
        adapter = service.game.active
        service.call(adapter.wait.end)
        actions = scripting.whole_game(SETUP, seed=3)
        first_drop = next(i for i, a in enumerate(actions) if a["action"] == "drop")
        for obj in actions[:first_drop]:
            assert service.call(lambda: adapter.moves.accept(adapter.action_from_json(obj))) is True, obj
        yield service, adapter, voice, lines, actions[first_drop]
    finally:
        service.stop()


def twice(drop: dict) -> dict:
    """The drop with one card named twice: refused ``not_in_hand``, a private reason."""
    return {**drop, "roles": [drop["roles"][0]] * len(drop["roles"])}


def said_since(voice: SilentVoice, mark: int) -> list[tuple[str, str]]:
    return [(channel, key) for channel, key, _ in list(voice.said)[mark:]]


def test_a_seats_move_refused_for_a_secret_names_no_reason_and_is_said_only_to_the_seat(night, caplog):
    service, adapter, voice, lines, drop = night
    seat = drop["seat"]
    mark, listed = len(voice.said), len(adapter.faults.listed)
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        assert service.call(lambda: adapter.moves.accept(adapter.action_from_json(twice(drop)))) is False
    rejected = [o for o in lines if o.get("event") == "rejected"]
    assert len(rejected) == 1 and rejected[0]["action"] == "drop"
    assert rejected[0]["message"] == "drop: not possible (the reason is private)"
    assert list(adapter.faults.listed)[listed:] == [{"kind": "rejected", "action": "drop", "reason": "not_possible",
                                               "seat": seat}]
    assert said_since(voice, mark) == [(f"seat:{seat}", "refusal.not_in_hand")]     # the seat alone
    refused = [r.getMessage() for r in caplog.records if r.getMessage().startswith("refused:")]
    assert refused == [f"refused: drop by seat {seat}: the reason is private"]
    assert not [r for r in caplog.records if "secret revealed" in r.getMessage()]
    assert not [b for k, b in service.journal.entries(adapter.game_id) if k == "note" and b.get("note") == "reveal"]


def test_the_game_masters_act_refused_for_a_secret_is_a_logged_reveal_and_nothing_is_said(night, caplog):
    service, adapter, voice, lines, drop = night
    seat = drop["seat"]
    mark = len(voice.said)
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        with pytest.raises(CommandRefused) as refused:
            service.call(lambda: adapter.command("act", action=twice(drop)))
    assert refused.value.code == "action_refused"
    reveals = [r for r in caplog.records if r.getMessage().startswith("secret revealed to game master")]
    assert len(reveals) == 1 and reveals[0].levelno == logging.WARNING
    assert f"seat {seat}" in reveals[0].getMessage()
    notes = [b for k, b in service.journal.entries(adapter.game_id) if k == "note" and b.get("note") == "reveal"]
    assert notes == [{"note": "reveal", "seat": seat, "by": "act drop"}]
    assert not [key for _, key in said_since(voice, mark) if key.startswith("refusal.")]


def test_the_game_masters_act_refused_for_an_open_reason_is_said_and_reveals_nothing(night, caplog):
    service, adapter, voice, lines, drop = night
    short = {**drop, "roles": drop["roles"][:1] * (len(drop["roles"]) + 1)}     # wrong_count: open
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        with pytest.raises(CommandRefused):
            service.call(lambda: adapter.command("act", action=short))
    rejected = [o for o in lines if o.get("event") == "rejected"]
    assert [(o["reason"], "private" in o["message"]) for o in rejected] == [("wrong_count", False)]
    assert adapter.faults.listed[-1]["reason"] == "wrong_count"
    assert not [r for r in caplog.records if "secret revealed" in r.getMessage()]
    assert [r.getMessage() for r in caplog.records if r.getMessage().startswith("refused:")] == \
        ["refused: drop: wrong_count"]


def test_a_move_the_journal_cannot_take_leaves_the_game_as_it_was_and_is_a_journal_fault(night, mocker, caplog):
    service, adapter, voice, lines, drop = night
    before = service.call(adapter.final_state)
    count, mark, emitted = adapter.moves.count, len(voice.said), len(lines)
    mocker.patch.object(service.journal, "append_action", autospec=True, side_effect=JournalError("disk full"))
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        assert service.call(lambda: adapter.moves.accept(adapter.action_from_json(drop))) is False
    assert [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR] == \
        ["journal write failed, action not taken: disk full"]
    assert service.call(adapter.final_state) == before and adapter.moves.count == count
    assert said_since(voice, mark) == []
    assert lines[emitted:] == [{"event": "fault", "source": "journal", "reason": "write_failed",
                                "detail": "disk full"}]
