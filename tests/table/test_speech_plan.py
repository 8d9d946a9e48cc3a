"""Every game's table pre-renders what it can hear next (issue 31): the table's speech plan
(``table.speech_plan.SpeechPlan``) from each registered game's catalogue and adapter data.

- the plan holds the confirmations of a seat's own act with the seats' names: a pick of a
  seat answered in the chooser's earphone, and the game's own confirmations naming a seat;
- no message that carries a seat's secret is planned for the table speaker (R16);
- setting a game up plans its named table at once (the adapter's ``plan_speech``), and a
  seat's new name plans it again.

Real service, SQLite journal and the silent voice (its ``prerender`` spied)."""

from __future__ import annotations

import importlib

import pytest

from firmware_host.kernel import games
from firmware_host.table import Words
from firmware_host.table.scanning import PICKED_KEY
from firmware_host.table.speech_plan import SpeechPlan

from .table import quiet_service

NAMES = {0: "Anna", 1: "Bernd", 2: "Clara", 3: "Dieter", 4: "Emil", 5: "Frieda"}
#: per game: a confirmation of a seat's own act naming another seat, (key, its seat parameter)
OWN_ACT = {"secret_dictator": ("power.execution.confirm", "target"),
           "dying_message": ("scan.confirm.seat", "seat"),
           "become_dictator": ("choice.vote", "target"),
           "autocracy": ("scan.redirect", "seat")}
#: per game: the item of its list of seats (In this way I become a DICTATOR's items tell each
#: seat's votes, a secret: said when asked)
PICK_ITEM = {"secret_dictator": ("scan.item", "seat"), "dying_message": ("scan.seat", "seat"),
             "autocracy": ("scan.redirect", "seat")}
#: per game: a setup of six named seats the console could give
SETUPS = {"secret_dictator": {"players": 6}, "dying_message": {"players": 6},
          "become_dictator": {"players": 6, "morning_seconds": 0}, "autocracy": {"players": 6}}


def adapter_of(game: str) -> type:
    """The registered adapter class of ``game``."""
    board = importlib.import_module(games.REGISTRY[game].rsplit(".", 1)[0] + ".board")
    return next(cls for cls in vars(board).values() if isinstance(cls, type) and getattr(cls, "NAME", "") == game)


def plan_of(game: str) -> tuple[SpeechPlan, object]:
    """The table's plan of ``game`` (its adapter's data, its catalogue) and the catalogue."""
    cat = importlib.import_module(f"firmware_host.games.{game}.catalogue")
    words = Words(cat.text, cat.keys(), cat.is_private, catalogue=cat.CATALOGUE)
    return SpeechPlan.for_game(adapter_of(game), words), cat


@pytest.mark.parametrize("game", sorted(OWN_ACT))
def test_issue31_the_plan_holds_the_confirmations_of_own_acts_with_the_seats_names(game):
    plan, cat = plan_of(game)
    items = set(plan.sentences(6, "en", NAMES))
    key, param = OWN_ACT[game]
    channels = {f"seat:{s}" for s in range(6)} if cat.is_private(key) else {"public"}
    for seat in range(6):
        said = cat.text(key, {param: seat}, "en", names=NAMES)
        assert NAMES[seat] in said and {c for c, t in items if t == said} == channels
    if game in PICK_ITEM:                      # a pick of a seat answered in the chooser's earphone
        item_key, item_param = PICK_ITEM[game]
        item = cat.text(item_key, {item_param: 3}, "en", names=NAMES)
        picked = cat.text(PICKED_KEY, {"item": item}, "en", names=NAMES)
        assert NAMES[3] in picked and {c for c, t in items if t == picked} == {f"seat:{s}" for s in range(6)}


@pytest.mark.parametrize("game", sorted(OWN_ACT))
def test_R16_no_message_carrying_a_secret_is_planned_for_the_table_speaker(game):
    _, cat = plan_of(game)
    # the game's words, each sentence saying its key (two keys may share their words, as a
    # refusal at the table and the same refusal in an earphone: the key is what is secret)
    words = Words(lambda key, params, language, long=False, names=None: f"{key} {sorted(params.items())} {long}",
                  cat.keys(), cat.is_private, catalogue=cat.CATALOGUE)
    plan = SpeechPlan.for_game(adapter_of(game), words)
    items = list(plan.sentences(6, "de", NAMES))
    keys = {(c, t.split(" ", 1)[0]) for c, t in items}
    private = {k for c, k in keys if k in cat.keys() and cat.is_private(k)}
    assert private, "the game has private messages the plan lists"
    assert {k for c, k in keys if c == "public"} & private == set()
    for key, follows in plan.following_keys.items():
        for channel, text in plan.following(key, {"seat": 1}, 6, "de", NAMES):
            assert channel == ("seat:1" if cat.is_private(text.split(" ", 1)[0]) else "public")


@pytest.fixture()
def service(tmp_path):
    service = quiet_service(tmp_path)
    service.start()
    yield service
    service.stop()


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_issue31_a_setup_plans_its_named_table_and_a_new_name_plans_it_again(service, mocker, game):
    prerender = mocker.spy(service.voice, "prerender")
    setup = {"game": game, "language": "en", "names": [NAMES[s] for s in range(6)], **SETUPS[game]}
    service.call(lambda: service.game.setup_game(setup))
    plan, cat = plan_of(game)
    key, param = OWN_ACT[game]
    said = cat.text(key, {param: 2}, "en", names=NAMES)
    planned = {t for c, t in prerender.call_args.args[0]()}
    assert said in planned and prerender.call_count >= 1
    calls = prerender.call_count
    assert service.call(lambda: service.game.active.change_seat_settings(2, {"name": "Zoe"}))
    assert prerender.call_count == calls + 1
    renamed = {t for c, t in prerender.call_args.args[0]()}
    assert cat.text(key, {param: 2}, "en", names={**NAMES, 2: "Zoe"}) in renamed and said not in renamed


@pytest.mark.parametrize("game, key", [("dying_message", "day.ready"), ("become_dictator", "decided.count")])
def test_issue31_a_count_of_a_total_said_at_the_table_is_planned_for_every_total_up_to_the_seats(game, key):
    plan, cat = plan_of(game)
    items = set(plan.sentences(6, "en", NAMES))
    for total in range(1, 7):
        for count in range(total + 1):
            assert ("public", cat.text(key, {"count": count, "total": total}, "en")) in items
    assert ("public", cat.text(key, {"count": 7, "total": 7}, "en")) not in items    # a seventh seat: none
