"""A press during one's own padded confirmation is answered at once, in every game's table
(ACCESSIBILITY.md 26, 32; RULES.md R16; issue 31, In this way I become a DICTATOR at 7 seats:
a press during "Confirm: drop Revolutionary and Commoner", padded to the longest drop, confirmed
at once but the seat heard nothing until that clip had ended, 1.75-2.26 s later).

A list of the table kit (``adapter.scans``) that is a game's own confirmation (``purpose``
"confirm": its pick is final at once) and pads its steps to a fixed length, as a confirmation
naming a secret does; the game answers the pick in the seat's earphone ("Chosen: …"). Seat 0
presses while the item's words are said, or in the silence after them:

- the answer cue is the first sound in its earphone, within 1 s of the press, and the game's
  answer follows right after it (the item is cut, never heard to its padded end first);
- in its words or in its silence alike: the same clips at the same seconds after the press
  (±50 ms), so where the words end (the length of what they name) is heard nowhere.

Played through ``simulate`` on the mocked board at real clip lengths (espeak-ng), the board
taking presses as a person's (``paced``), over every registered game."""

from __future__ import annotations

import shutil

import pytest

from firmware_host.kernel import games

from .test_conformance import hooks, new_table

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")

#: the confirmation's fixed length (seconds): longer than its words in every language
PADDED_S = 8.0
#: ACCESSIBILITY.md 26: one's own act is confirmed in one's own earphone within this (seconds)
AT_ONCE_S = 1.0


def _pressed(tmp_path, name: str, into: str) -> dict:
    """The game's sample setup started; seat 0's padded confirmation (a kit list of purpose
    "confirm"), pressed ``into`` its words (0.6 s) or its silence (halfway through it); what
    seat 0's earphone played from the press on, the press's moment and the item's line."""
    table = new_table(tmp_path, name, paced=True)
    try:
        table.play({"setup": hooks(name).sample_setup("en")})
        table.drain()
        table.wait(1.5)
        chosen: list = []

        def begin() -> None:
            adapter = table.service.game.active
            scans = adapter.scans

            def answer(value) -> None:
                chosen.append(value)
                adapter.speech.say("seat:0", "scan.selected", {"item": "seat 1"})

            scans.start(0, [scans.item("yes", "table.waiting", {"seats": [0]})], answer, purpose="confirm",
                        pad={"item": PADDED_S})

        mark = len(table.starts)
        table.call(begin)
        for _ in range(600):
            item = next((o for o in table.starts[mark:] if o.get("output") == "seat:0"
                         and o.get("key") == "table.waiting"), None)
            if item is not None:
                break
            table.wait(0.05)
        else:
            raise AssertionError("the confirmation never started")
        words = table.call(lambda: table.service.voice.measure("seat:0", item["text"]))
        assert words is not None and words + 1.0 < PADDED_S, words
        table.wait(item["start"] + (0.6 if into == "words" else (words + PADDED_S) / 2) - table.now)
        assert "end" not in item                               # the padded clip still runs
        press = table.now
        since = len(table.starts)
        table.press(0)
        table.wait(PADDED_S)
        assert chosen == ["yes"]                               # the press confirmed at once
        mine = [o for o in table.starts[since:] if o.get("output") == "seat:0"]
        return {"press": press, "item": item, "mine": mine}
    finally:
        table.close()


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("into", ["words", "silence"], ids=["in_its_words", "in_its_silence"])
def test_A26_A32_issue31_a_press_during_ones_padded_confirmation_hears_the_cue_then_the_answer_at_once(
        tmp_path, name, into):
    heard = _pressed(tmp_path, name, into)
    press, mine = heard["press"], heard["mine"]
    assert mine and mine[0]["key"] == "answer.cue", [(o["key"], round(o["start"] - press, 2)) for o in mine]
    assert mine[0]["start"] - press <= AT_ONCE_S
    assert len(mine) > 1 and mine[1]["key"] == "scan.selected", [o["key"] for o in mine]
    assert mine[1]["start"] - press <= AT_ONCE_S, mine[1]["start"] - press
    assert heard["item"].get("cut") and heard["item"]["end"] <= mine[0]["start"] + 1e-6


@pytest.mark.parametrize("name", games.names())
def test_R16_issue31_a_press_in_a_padded_confirmations_words_or_silence_is_answered_alike(tmp_path, name):
    (tmp_path / "w").mkdir()
    (tmp_path / "s").mkdir()
    one, two = (_pressed(tmp_path / part, name, into) for part, into in (("w", "words"), ("s", "silence")))

    def after(heard: dict) -> list[tuple]:
        return [(o["key"], round(o["start"] - heard["press"], 3), round(o["end"] - heard["press"], 3))
                for o in heard["mine"][:2]]

    a, b = after(one), after(two)
    assert [x[0] for x in a] == [x[0] for x in b], (a, b)
    assert all(abs(x[i] - y[i]) <= 0.05 for x, y in zip(a, b) for i in (1, 2)), (a, b)
