"""A press during one's own confirmation in *In this way I become a DICTATOR* is answered at
once (ACCESSIBILITY.md 26, 32; issue 31; RULES.md R16): "Confirm: you drop X and Y" (a night's
drop) names a secret and lasts as long as any drop of that count (D28, padded with silence);
"Confirm: vote today" names none (unpadded). A press during either confirms at once. The
seat's earphone gives the answer cue within 1 s of the press and the words "Chosen: …" right
after it, in the confirmation's words or in its silence alike (where its words end is a
secret's length: it changes nothing the seat hears next), and the table hears the count as it
would have. A press during one's own "Chosen: …" gives it again (ACCESSIBILITY.md 25).

Before: the seat heard nothing until the padded confirmation had ended, 1.75-2.26 s after the
press (``simulate --robots 7 --games 2 --game become_dictator --seed 11``, seat 5 at 730.86
during "Confirm: drop Revolutionary and Commoner", answered 733.00).

Played through ``simulate`` on the mocked board at real clip lengths (espeak-ng), the board
taking presses as a person's (``paced``)."""

from __future__ import annotations

import shutil

import pytest

from firmware_host.kernel import games
from tests.table.table import Table

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")

NAME = "become_dictator"
#: ACCESSIBILITY.md 26: one's own act is confirmed in one's own earphone within this (seconds)
AT_ONCE_S = 1.0


def _at_confirmation(tmp_path, key: str):
    """The sample game played by its script up to the first confirmation ``key``: (table,
    seat, the confirmation's announce line once it started, its words' seconds)."""
    script = games.pack(NAME).scripting()
    setup = script.sample_setup("en")
    signals = script.signals_for_game(setup, script.whole_game(setup, 2))
    at = next(i for i, s in enumerate(signals) if s.get("signal") == "wait_for" and s["key"] == key)
    seat = signals[at + 1]["seat"]
    table = Table(tmp_path, seed=None, paced=True)
    table.play_all(signals[:at])
    mark = len(table.starts)
    for _ in range(3000):
        clip = next((o for o in table.starts[mark:] if o.get("output") == f"seat:{seat}" and o["key"] == key), None)
        if clip is not None:
            break
        table.wait(0.02)
    else:
        table.close()
        raise AssertionError(f"{key} never started")
    words = table.call(lambda: table.service.voice.measure(f"seat:{seat}", clip["text"]))
    return table, seat, clip, words


def _pressed(tmp_path, key: str, into: str) -> dict:
    """Seat presses ``into`` its padded confirmation (``words``: 0.6 s into them; ``silence``:
    halfway through the silence after them); what its earphone and the table played from the
    press on."""
    table, seat, clip, words = _at_confirmation(tmp_path, key)
    try:
        padded = table.call(lambda: table.service.voice.playing(f"seat:{seat}").pad_seconds)
        if into == "silence":
            assert padded is not None and padded > words + 0.2, (padded, words)   # it is padded (D28)
        table.wait(clip["start"] + (0.6 if into == "words" else (words + padded) / 2) - table.now)
        assert "end" not in clip
        press = table.now
        mark = len(table.starts)
        table.press(seat)
        taken = table.call(lambda: table.service.game.active.game.choice_of(seat))
        table.wait(8.0)
        mine = [o for o in table.starts[mark:] if o.get("output") == f"seat:{seat}"]
        public = [o for o in table.starts[mark:] if o.get("output") == "table"]
        return {"press": press, "clip": clip, "mine": mine, "public": public,
                "taken": taken}
    finally:
        table.close()


@pytest.mark.parametrize("key, answer, into", [("scan.confirm.drop", "choice.drop", "words"),
                                               ("scan.confirm.drop", "choice.drop", "silence"),
                                               ("scan.confirm.no_discard_vote", "choice.no_discard_vote", "words")],
                         ids=["drop-in_its_words", "drop-in_its_silence", "vote_today"])
def test_A26_issue31_a_press_during_ones_confirmation_hears_the_cue_then_chosen_at_once(
        tmp_path, key, answer, into):
    """"Confirm: drop …" padded (in its words or in its silence), "Confirm: vote today" (it
    names no secret: unpadded): the cue at once, the seat's "Chosen" right after it, the
    confirmation cut."""
    heard = _pressed(tmp_path, key, into)
    press = heard["press"]
    assert heard["taken"] is not None                    # the press confirmed (the choice is taken)
    first = heard["mine"][0]
    assert first["key"] == "answer.cue" and first["start"] - press <= AT_ONCE_S, heard["mine"][:3]
    chosen = next(o for o in heard["mine"] if o["key"] == answer)
    assert heard["mine"].index(chosen) == 1, [o["key"] for o in heard["mine"]]
    assert chosen["start"] - press <= AT_ONCE_S, (chosen["start"] - press)
    assert heard["clip"]["cut"] and heard["clip"]["end"] <= first["start"] + 1e-6   # nothing after the cue


def test_R16_issue31_where_the_confirmations_words_end_changes_nothing_the_seat_hears_next(tmp_path):
    """A press in the confirmation's words and one in its silence are answered alike, the same
    seconds after the press (±50 ms), and the table's count comes as soon after the press:
    where the words end (the length of what it names) is heard nowhere."""
    (tmp_path / "w").mkdir()
    (tmp_path / "s").mkdir()
    key = "scan.confirm.drop"
    words, silence = _pressed(tmp_path / "w", key, "words"), _pressed(tmp_path / "s", key, "silence")

    def after(heard: dict) -> list[tuple]:
        return [(o["key"], round(o["start"] - heard["press"], 2)) for o in heard["mine"][:2]] + [
            (o["key"], round(o["start"] - heard["press"], 2)) for o in heard["public"][:1]]

    one, two = after(words), after(silence)
    assert [k for k, _ in one] == [k for k, _ in two]
    assert all(abs(a[1] - b[1]) <= 0.05 for a, b in zip(one, two)), (one, two)


def test_A25_issue31_a_press_during_ones_own_chosen_gives_it_again_not_the_tables_count(tmp_path):
    """"Chosen: you vote today …" (padded) and the table's "Decided: one of four" begin at one
    moment; a press 2 s into the seat's own message cut it and gave the table's count back: it
    gives the seat's own message again (ACCESSIBILITY.md 25)."""
    script = games.pack(NAME).scripting()
    setup = script.sample_setup("en")
    signals = script.signals_for_game(setup, script.whole_game(setup, 2))
    at = next(i for i, s in enumerate(signals)
              if s.get("signal") == "wait_for" and s["key"] == "scan.confirm.no_discard_vote")
    seat = signals[at + 1]["seat"]
    table = Table(tmp_path, seed=None, paced=True)
    try:
        table.play_all(signals[:at])
        mark = len(table.starts)
        table.play_all(signals[at:at + 2])               # the confirming press
        for _ in range(3000):
            own = next((o for o in table.starts[mark:] if o.get("output") == f"seat:{seat}"
                        and o["key"] == "choice.no_discard_vote"), None)
            if own is not None:
                break
            table.wait(0.02)
        assert own is not None
        count = next(o for o in table.starts[mark:] if o["key"] == "decided.count" and o.get("output") == "table")
        assert abs(count["start"] - own["start"]) < 0.05         # one moment
        table.wait(own["start"] + 2.0 - table.now)
        assert "end" not in own
        since = len(table.starts)
        table.press(seat)
        table.wait(1.0)
        again = [o for o in table.starts[since:] if o.get("output") == f"seat:{seat}"]
        assert again and again[0]["key"] == "choice.no_discard_vote", [o["key"] for o in again]
    finally:
        table.close()
