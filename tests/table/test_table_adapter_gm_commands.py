"""Two of the game master's commands at a kit game (``BoardAdapter._cmd_restart``,
``_cmd_act``):

- ``restart`` starts the last setup again, dealt anew: its ``seed`` left out, unless the setup
  fixes the deal itself (each of the game's ``DEAL_KEYS`` given as a list: Secret Dictator's
  roles and deck), where it keeps its seed and so its deal; a game that deals nothing of its
  own (no ``DEAL_KEYS``: Autocracy) keeps its seed.
- ``act`` with a form the rules refuse for a reason the console words (``malformed``) is
  refused ``illegal.<reason>`` with the rules' message and no English detail; nothing is taken.

Real service, SQLite journal and silent voice."""

from __future__ import annotations

import pytest

from firmware_host.service.core import BoardService
from firmware_host.service.refusals import CommandRefused

from .table import quiet_service

SECRET_DICTATOR = {"game": "secret_dictator", "players": 5, "seed": 4, "language": "en"}


@pytest.fixture()
def service(tmp_path):
    service = quiet_service(tmp_path)
    service.start()
    yield service
    service.stop()


def started(service: BoardService, setup: dict) -> dict:
    """The journal's setup of the game ``setup`` starts."""
    service.call(lambda: service.game.setup_game(dict(setup)))
    return service.journal.last_game().setup


def restarted(service: BoardService) -> dict:
    assert service.call(lambda: service.game.active.command("restart")) == {"ok": True}
    return service.journal.last_game().setup


def test_a_restart_deals_anew_without_the_setups_seed(service):
    first = started(service, SECRET_DICTATOR)
    again = restarted(service)
    assert first["seed"] == 4 and again["seed"] != 4
    assert (again["roles"], again["deck"]) != (first["roles"], first["deck"])
    assert service.call(lambda: service.game.active.moves.raw_setup) == \
        {k: v for k, v in SECRET_DICTATOR.items() if k not in ("seed", "game")}


def test_a_restart_of_a_setup_that_fixes_the_deal_keeps_its_seed_and_its_deal(service):
    dealt = started(service, SECRET_DICTATOR)
    fixed = started(service, {**SECRET_DICTATOR, "roles": dealt["roles"], "deck": dealt["deck"]})
    again = restarted(service)
    assert again == fixed and again["seed"] == 4


def test_a_restart_of_a_setup_that_fixes_only_part_of_the_deal_deals_anew(service):
    dealt = started(service, SECRET_DICTATOR)
    started(service, {**SECRET_DICTATOR, "roles": dealt["roles"]})
    again = restarted(service)
    assert again["seed"] != 4 and "seed" not in service.call(lambda: service.game.active.moves.raw_setup)


def test_a_restart_of_a_game_that_deals_nothing_of_its_own_keeps_its_seed(service):
    adapter_setup = {"game": "autocracy", "players": 3, "seed": 9, "language": "en"}
    first = started(service, adapter_setup)
    assert not type(service.game.active).DEAL_KEYS
    again = restarted(service)
    assert again == first and again["seed"] == 9


def test_an_act_of_a_form_the_rules_refuse_is_refused_illegal_reason_without_detail(service):
    started(service, SECRET_DICTATOR)
    adapter = service.game.active
    before = service.call(adapter.final_state)
    with pytest.raises(CommandRefused) as refused:
        service.call(lambda: adapter.command("act", action={"action": "nominate", "seat": "x", "target": 1}))
    assert refused.value.code == "illegal.malformed"
    assert str(refused.value) == "act: nominate: seat must be a seat number, not 'x'"
    assert "detail" not in refused.value.params
    assert service.call(adapter.final_state) == before
