"""How long a seat's own clips are planned to last, at the table kit (``BoardAdapter``):

- a public status layer is split so that no hold answers with more than
  :data:`~firmware_host.table.adapter.STATUS_LAYER_S` of speech, measured in the *long*
  wording (the one a seat hears the first time, ACCESSIBILITY.md 5; issue 31), one clip, by
  the upper bound of espeak-ng's length (:func:`~firmware_host.service.names.spoken_seconds_at_most`);
- a scan whose items are a secret (a card of the hand) pads every item, and a pick's answer,
  to the longest any card could be, in either wording (RULES.md R16, issue 33: the time from
  the list's start to a press tells nothing by the items' lengths).

On ``simulate``'s mocked board with real clip lengths (the real espeak-ng measures),
In this way I become a DICTATOR set up by the console."""

from __future__ import annotations

import pytest

from firmware_host.games.become_dictator.rules import ROLES
from firmware_host.kernel.values import Line
from firmware_host.service.names import spoken_seconds_at_most
from firmware_host.table.adapter import STATUS_LAYER_S
from firmware_host.table.scanning import PICKED_KEY

from .table import DICTATOR_4, Table

#: a board message whose long wording is five times its short one
LONG = "journal.lost_unknown"


@pytest.fixture()
def table(tmp_path):
    table = Table(tmp_path).set_up(DICTATOR_4)
    yield table
    table.close()


def test_issue31_a_public_status_layer_is_split_by_its_long_wording(table, mocker):
    adapter = table.service.game.active
    rate = adapter.seats.rate(1)

    def said(times: int, long: bool) -> float:
        return spoken_seconds_at_most(" ".join([adapter.speech.text(LONG, {}, long=long)] * times), rate, "en")
    assert said(3, False) <= STATUS_LAYER_S < said(2, True)     # one pack by the short wording, three by the long
    mocker.patch.object(adapter, "status_layers", autospec=True,
                        return_value=[[Line("seat:1", LONG, {})] * 3])
    packs = table.call(lambda: adapter.status_answers(1))
    assert [[line.key for line in pack] for pack in packs] == [[LONG]] * 3


def test_R16_issue33_every_card_item_and_its_answer_last_as_long_as_the_longest_card(table):
    adapter = table.service.game.active
    pad = table.call(lambda: adapter.items_pad(2, "scan.card", [{"role": r} for r in ROLES]))

    def measured(text: str) -> float:
        return table.call(lambda: adapter.padding.measure("seat:2", text))

    cards = [table.call(lambda r=r, long=long: adapter.speech.text("scan.card", {"role": r}, long=long))
             for r in ROLES for long in (False, True)]
    item = table.call(lambda: pad("item", "scan.card"))
    assert item is not None and item == pytest.approx(max(measured(t) for t in cards))
    assert len({round(measured(t), 3) for t in cards}) > 1              # the cards differ: the pad matters
    assert table.call(lambda: pad("again", "scan.card")) == item
    answer = table.call(lambda: pad("picked", PICKED_KEY))
    answers = [table.call(lambda t=t: adapter.speech.text(PICKED_KEY, {"item": t})) for t in cards]
    assert answer == pytest.approx(max(measured(t) for t in answers))
    assert table.call(lambda: pad("intro", "scan.card")) is None


def test_R16_a_secret_confirmation_is_padded_to_its_longest_stand_in_and_not_at_all_without_sound(table, tmp_path, mocker):
    """``templates_pad``: the confirmation of a secret choice (the two roles a seat drops) lasts
    as long as the longest message its templates allow, with the pad's margin; a board that
    cannot measure (no sound) pads nothing rather than fail."""
    from firmware_host.table.padding import Subset, longest_of, padded

    from .test_table_parts import BD, real_service

    templates = [("scan.confirm.drop", {"drop": Subset(2, tuple(ROLES))})]
    adapter = table.service.game.active
    assert "drop" in table.call(lambda: adapter.speech.text("scan.confirm.drop", {"drop": list(ROLES[:2])}))
    pad = table.call(lambda: adapter.templates_pad(2, "scan.confirm.drop", templates))

    def longest(long: bool) -> float:
        def seconds(name, params):
            return adapter.padding.measure("seat:2", adapter.speech.text(name, params, long=long))
        return seconds(*longest_of(templates, seconds))

    item = table.call(lambda: pad("item", "scan.confirm.drop"))
    assert item == pytest.approx(padded(max(table.call(lambda: longest(False)), table.call(lambda: longest(True)))))
    assert table.call(lambda: pad("intro", "scan.confirm.drop")) is None
    silent, _, _ = real_service(tmp_path / "silent", mocker)
    try:
        silent.call(lambda: silent.game.setup_game({**BD, "morning_seconds": 0}))
        quiet = silent.game.active
        assert silent.call(lambda: quiet.templates_pad(2, "scan.confirm.drop", templates)("item", "scan.confirm.drop")) is None
    finally:
        silent.stop()


def test_issue31_A19_a_public_status_layer_is_split_at_the_seats_own_speech_rate(table, mocker):
    """Two lines that fit in one hold at the board's rate take two at a seat's slower rate
    (ACCESSIBILITY.md 19: 100 words a minute): the 15 s bound is the seat's."""
    adapter = table.service.game.active
    key = "gm.paused"
    table.call(lambda: adapter.change_seat_settings(1, {"rate": 100}))
    assert adapter.seats.rate(1) == 100 and adapter.seats.rate(2) != 100
    mocker.patch.object(adapter, "status_layers", autospec=True,
                        return_value=[[Line("seat:1", key, {}), Line("seat:1", key, {})]])
    two = " ".join([adapter.speech.text(key, {}, long=True)] * 2)
    assert spoken_seconds_at_most(two, adapter.seats.rate(2), "en") <= STATUS_LAYER_S < spoken_seconds_at_most(two, 100, "en")
    assert [len(pack) for pack in table.call(lambda: adapter.status_answers(1))] == [1, 1]
    assert [len(pack) for pack in table.call(lambda: adapter.status_answers(2))] == [2]
