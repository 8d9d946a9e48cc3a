"""A confirmation padded with silence, in every game's table (ACCESSIBILITY.md 16, 21, 27, 32;
RULES.md R16; issue 31, Dying Message by ear: a seat's press 2 s into its padded "Confirm: seat
1" went back to the list twice in a row): a list of the table kit (``adapter.scans``) whose
confirmation lasts a fixed, padded length; the seat picks an item and then presses once the
confirmation's words have been said, while its clip still runs in silence: that confirms the
pick. A press while its words are still said goes back to the list at the item picked.

Played through ``simulate`` on the mocked board at real clip lengths (espeak-ng), the board
taking presses as a person's (``paced``: a pick answered at once, its undo window), over every
registered game."""

from __future__ import annotations

import pytest

from firmware_host.kernel import games

from .test_conformance import hooks, new_table

#: the confirmation's fixed length (seconds): longer than its words in every language
PADDED_S = 10.0


def started_list(tmp_path, name: str):
    """The game's sample setup started; a kit list of three items for seat 0 whose
    confirmation lasts :data:`PADDED_S`; (table, chosen values, the first item's line)."""
    table = new_table(tmp_path, name, paced=True)
    table.play({"setup": hooks(name).sample_setup("en")})
    table.drain()
    table.wait(1.5)
    chosen: list = []

    def begin() -> None:
        scans = table.service.game.active.scans
        items = [scans.item(n, "table.waiting", {"seats": [n]}) for n in range(3)]
        scans.start(0, items, chosen.append,
                    confirm=lambda item: scans.item(item.value, "scan.selected", {"item": item.text}),
                    pad={"confirm": PADDED_S})

    mark = len(table.starts)
    table.call(begin)
    first = table.wait_heard("table.waiting", {"seats": [0]}, seat=0, timeout=30, since=mark)
    assert first is not None
    return table, chosen, first


def answer_after(table, press: float) -> dict:
    """The confirmation's answer in seat 0's earphone, started at the press, once it started."""
    while True:
        answer = next((o for o in table.starts if o.get("output") == "seat:0" and o["start"] >= press
                       and o.get("key") == "scan.selected"), None)
        if answer is not None:
            return answer
        table.wait(0.05)


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("late", [False, True], ids=["in_its_words", "once_its_words_are_said"])
def test_A21_A32_issue31_a_press_on_a_padded_confirmation_confirms_once_its_words_are_said(tmp_path, name, late):
    table, chosen, first = started_list(tmp_path, name)
    try:
        table.wait(first["end"] + 1.0 - table.now)
        press = table.now
        table.press(0)                                        # picks the first item
        answer = answer_after(table, press)
        assert answer["start"] - press <= 1.0
        words = table.call(lambda: table.service.voice.measure("seat:0", answer["text"]))
        assert words is not None and words + 1.5 < PADDED_S, words
        at = answer["start"] + (words + 1.0 if late else min(words - 0.2, 1.0))
        table.wait(at - table.now)
        assert "end" not in answer                           # the padded clip still runs
        mark = len(table.starts)
        table.press(0)
        table.wait(1.0)
        if late:
            assert chosen == [0], [(o["key"], o.get("text")) for o in table.starts[mark:]]
        else:
            assert chosen == []
            again = [o for o in table.starts[mark:] if o.get("output") == "seat:0"]
            assert again and (again[0]["key"], again[0]["params"]) == ("table.waiting", {"seats": [0]}), again
    finally:
        table.close()
