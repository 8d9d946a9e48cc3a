"""Every secret recallable (issue 33, ACCESSIBILITY.md 2, 8, 12, 25): with ``[service]
idle_press = "status"`` (for players who cannot hold, a press gives the status) a way to repeat
remains in every game: once the seat has heard its status to its last layer, with nothing new
said to it since, its next press gives its last message again. Played at real clip lengths on
the mocked board, each press 1.5 s after the clip before it has ended (a person's pace)."""

from __future__ import annotations

import shutil

import pytest

from firmware_host.kernel import games
from firmware_host.table.adapter import STATUS_STEP_S

from .table import Table

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")

STATUS_PRESS = '[service]\nidle_press = "status"\n'

#: game -> the defect that makes it fail today, in one line (the mark goes when it is fixed)
KNOWN: dict[str, str] = {}


def cases() -> list:
    return [pytest.param(name, id=name, marks=[pytest.mark.xfail(strict=True, reason=KNOWN[name])]
                         if name in KNOWN else []) for name in games.names()]


def _awaited(adapter) -> tuple[int, ...]:
    """The seats the game waits for (the table kit's ``awaited``, else the engine's)."""
    if hasattr(adapter, "awaited"):
        return tuple(adapter.awaited())
    return tuple(adapter.game.awaiting()) if adapter.game is not None else ()


def _own(table: Table, seat: int, since: int = 0) -> list[dict]:
    return [o for o in table.starts[since:] if o.get("output") == f"seat:{seat}"]


@pytest.mark.parametrize("name", cases())
def test_A12_issue33_with_idle_press_status_a_press_after_the_whole_status_repeats(tmp_path, name):
    """A seat that is not awaited presses at a person's pace: its status, layer by layer
    (where the status offers the settings last, the player lets the offer pass), then, with
    nothing new said to it, the last message it heard from the game again (the repeat is not
    lost to the status)."""
    script = games.pack(name).scripting()
    setup = script.sample_setup("en")
    signals = script.signals_for_game(setup, script.whole_game(setup, 2))
    table = Table(tmp_path, STATUS_PRESS, seed=None)
    try:
        seat = None
        for i, obj in enumerate(signals):          # to the first moment a seat is not awaited
            nxt = next((s.get("seat") for s in signals[i + 1:] if s.get("signal") in ("button", "ballot", "card")), None)
            if i and "setup" in signals[i - 1] and "signal" not in signals[i - 1]:
                table.drain()
                table.wait(1.5)
            table.play(obj, next_seat=nxt)
            if obj.get("signal") == "wait_for" or "setup" in obj:
                continue
            table.drain()
            active = table.service.game.active
            awaited = set(table.call(lambda: _awaited(active)))
            secret = table.call(lambda: bool(getattr(active, "awaited_secret", lambda: False)()))
            idle = [s for s in range(int(setup["players"])) if s != nxt and s not in awaited]
            # while who is awaited is a secret (a night), every seat's press may start its list
            if awaited and idle and not secret and _own(table, idle[0]):
                seat = idle[0]
                break
        assert seat is not None, "no seat was ever idle"
        table.wait(1.5)
        told = [o for o in _own(table, seat) if not o["key"].startswith(("status.", "settings."))]
        heard = {o["key"] for o in told} | {o["key"] for o in table.starts if o.get("output") in ("table", "whisper")}
        assert told, "the seat was told nothing privately at the start"
        answers: list[list[str]] = []
        for _ in range(12):
            mark = len(table.starts)
            table.press(seat)
            table.drain()
            table.wait(1.5)
            keys = [o["key"] for o in _own(table, seat, mark)]
            if keys == ["settings.offer"]:       # "settings: press now": the player lets it pass
                table.wait(STATUS_STEP_S)
            answers.append(keys)
            if keys and not any(k.startswith(("status.", "settings.")) for k in keys):
                break
        assert answers[0] and all(k.startswith("status.") for k in answers[0]), answers[:2]
        last = answers[-1]
        assert last and set(last) <= heard and not any(k.startswith(("status.", "settings.")) for k in last), answers
    finally:
        table.close()


def _detective_in_the_day(tmp_path) -> tuple[Table, int, dict]:
    """Dying Message, six seats of seed 4 (seat 5 the Private Detective, alive after the first
    night), played until the day after the detective was shown the night's genuine message:
    (the table, the detective, the ``night.look`` it heard)."""
    script = games.pack("dying_message").scripting()
    setup = {**script.sample_setup("en"), "seed": 4}
    signals = script.signals_for_game(setup, script.whole_game(setup, 2))
    table = Table(tmp_path, seed=None)
    detective = 4
    told = None
    for i, obj in enumerate(signals):
        nxt = next((s.get("seat") for s in signals[i + 1:] if s.get("signal") in ("button", "ballot", "card")), None)
        if i and "setup" in signals[i - 1] and "signal" not in signals[i - 1]:
            table.drain()
            table.wait(1.5)
        table.play(obj, next_seat=nxt)
        told = told or next((o for o in _own(table, detective) if o["key"] == "night.look"), None)
        day = told is not None and any(o["key"].startswith("day.") and o["start"] > told["end"]
                                       for o in table.starts if o.get("output") == "table")
        if day and obj.get("signal") != "wait_for" and nxt != detective:
            break
    assert told is not None, "the detective was never shown the genuine message"
    assert table.call(lambda: table.service.game.active.game.characters[detective]) == "private_detective"
    table.drain()
    table.wait(1.5)
    return table, detective, told


def test_M23_issue33_the_private_detectives_genuine_message_stays_in_its_status(tmp_path):
    """Once the Private Detective was shown the night's genuine message, its status's private
    layer lists it in the day that follows, and lasts as long as another living seat's (padded
    over every character's, the genuine messages of every night at their longest, R16)."""
    table, detective, told = _detective_in_the_day(tmp_path)
    try:
        status = table.status(detective)
        assert status.get("night.look") == told["params"], status
        alive = table.call(lambda: list(table.service.game.active.game.alive))
        other = next(s for s in range(len(alive)) if alive[s] and s != detective)
        table.status(other)
        lengths = {o["output"]: round(o["end"] - o["start"], 3) for o in table.starts
                   if o.get("key") == "status.private" and o.get("output") in (f"seat:{detective}", f"seat:{other}")}
        assert len(lengths) == 2 and max(lengths.values()) - min(lengths.values()) <= 0.05, lengths
    finally:
        table.close()


def test_M47_issue33_the_private_detectives_repeat_reaches_its_genuine_message_in_the_day(tmp_path):
    """In the day after, where a press opens the seat's menu, the menu's "your last messages"
    gives the seat's last message again, one further back at each pick, back to the genuine
    message (a person's pace: the pick 1 s after the item was heard)."""
    table, detective, told = _detective_in_the_day(tmp_path)
    try:
        back: list[str] = []
        for _ in range(30):
            table.press(detective)                      # the day menu
            table._mark = len(table.starts)
            item = table.wait_heard("menu.repeat", seat=detective, timeout=60)
            assert item is not None, "the day menu offers no repeat"
            table.wait(max(0.0, item["end"] + 1.0 - table.now))
            mark = len(table.starts)
            table.press(detective)                      # picks "your last messages"
            table.drain()
            table.wait(1.5)
            back += [o["key"] for o in _own(table, detective, mark)]
            if "night.look" in back:
                break
        said = next(o for o in reversed(table.starts) if o.get("key") == "night.look"
                    and o.get("output") == f"seat:{detective}")
        assert said["params"] == told["params"], back
    finally:
        table.close()


def _sd_until(tmp_path, told_key: str, then: tuple[str, ...]) -> tuple[Table, int, dict]:
    """Secret Dictator's sample game played until a seat was told ``told_key`` privately and
    the table has then announced a line whose key starts with one of ``then``, with that
    seat neither awaited nor the next to act: (the table, the seat, the line it heard)."""
    script = games.pack("secret_dictator").scripting()
    setup = script.sample_setup("en")
    signals = script.signals_for_game(setup, script.whole_game(setup, 2))
    table = Table(tmp_path, seed=None)
    told = None
    for i, obj in enumerate(signals):
        nxt = next((s.get("seat") for s in signals[i + 1:] if s.get("signal") in ("button", "ballot", "card")), None)
        if i and "setup" in signals[i - 1] and "signal" not in signals[i - 1]:
            table.drain()
            table.wait(1.5)
        table.play(obj, next_seat=nxt)
        told = next((o for o in reversed(table.starts) if o.get("key") == told_key
                     and not o.get("repeats")), None)
        if told is None or obj.get("signal") == "wait_for":
            continue
        seat = int(told["output"][5:])
        after = any(o.get("output") == "table" and o["key"].startswith(then) and o["start"] >= told["start"]
                    for o in table.starts)
        if after and seat != nxt and seat not in table.call(lambda: _awaited(table.service.game.active)):
            table.drain()
            table.wait(1.5)
            return table, seat, told
    table.close()
    raise AssertionError(f"no seat was told {told_key} and idle after {then}")


@pytest.mark.parametrize("told_key, then, status_key, field", [
    ("hand.president", ("law.enacted.",), "recall.hand", "laws"),
    ("power.view_discard.result", ("president.new",), "recall.view_discard", "party"),
])
def test_A8_issue33_secret_dictators_private_messages_reach_the_seats_status_and_repeat(
        tmp_path, told_key, then, status_key, field):
    """A president's hand and the view of the discard's result, at the first moment the seat is idle after
    (the next government's election: the secret outlives its round): the seat's status lists
    it (as told) and its repeat, stepping back at a person's pace, reaches it."""
    table, seat, told = _sd_until(tmp_path, told_key, then)
    try:
        status = table.status(seat)
        assert status.get(status_key, {}).get(field) == told["params"][field], status
        table.wait(STATUS_STEP_S)              # the status's window passes: a press repeats again
        assert told_key in table.recall(seat, told_key, presses=20)
    finally:
        table.close()
