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


# -- every kind of private message, through the table (issue 33 "Done when") -----------------

def _heard_to_end(table: Table, seat: int, mark: int) -> list[dict]:
    """The seat's own clips since ``mark``, once every one of them has ended (the rest of the
    table may still talk)."""
    for _ in range(600):
        mine = _own(table, seat, mark)
        if mine and all("end" in o for o in mine):
            return mine
        table.wait(0.2)
    return _own(table, seat, mark)


def _whole_status(table: Table, seat: int, holds: int = 16) -> dict[str, dict]:
    """The seat's whole status as a person asks for it while the table goes on: a hold 1.5 s
    after each layer has ended in its earphone, until it starts over: key -> params (the
    first of a key)."""
    heard: dict[str, dict] = {}
    first = None
    for _ in range(holds):
        mark = len(table.starts)
        table.press(seat, "hold")
        mine = _heard_to_end(table, seat, mark)
        table.wait(1.5)
        if not mine or mine[0]["key"] == first:
            break
        first = first or mine[0]["key"]
        for line in mine:
            heard.setdefault(line["key"], line.get("params", {}))
    return heard


def _until_told(tmp_path, name: str, setup: dict, seed: int, key: str) -> tuple[Table, int, dict]:
    """The game ``setup`` (choices drawn from ``seed``) played at a person's pace until a
    seat was told ``key`` privately (not as a repeat), the table has said something since,
    and the seat is neither awaited, nor scanning, nor the next to act, at a moment when who
    is awaited is no secret: (the table, the seat, the line it heard)."""
    script = games.pack(name).scripting()
    signals = script.signals_for_game(setup, script.whole_game(setup, seed))
    table = Table(tmp_path, seed=None)
    told = None
    for i, obj in enumerate(signals):
        nxt = next((s.get("seat") for s in signals[i + 1:] if s.get("signal") in ("button", "ballot", "card")), None)
        if i and "setup" in signals[i - 1] and "signal" not in signals[i - 1]:
            table.drain()
            table.wait(1.5)
        table.play(obj, next_seat=nxt)
        if obj.get("signal") == "wait_for":
            continue
        told = told or next((o for o in table.starts if o.get("key") == key and not o.get("repeats")
                             and o.get("output", "").startswith("seat:")), None)
        if told is None or "end" not in told:
            continue
        seat = int(told["output"][5:])
        active = table.service.game.active
        busy = table.call(lambda: set(_awaited(active)) | set(active.scans.seats_scanning()))
        # while who is awaited is a secret (a night), every seat's press may start its list
        secret = table.call(lambda: bool(getattr(active, "awaited_secret", lambda: False)()))
        later = any(o.get("output") == "table" and o["start"] > told["end"] for o in table.starts)
        if later and seat != nxt and seat not in busy and not secret:
            table.wait(1.5)
            return table, seat, told
    table.close()
    raise AssertionError(f"no seat was told {key} and idle after")


def _hand_holds(status: dict, drawn: list) -> bool:
    """Autocracy's private layers (``status.private`` and ``status.private.more``) name each
    ``[position, kind]`` of ``drawn`` at its place."""
    hand = dict(enumerate(status.get("status.private", {}).get("hand", [])))
    hand.update({p: k for p, k in status.get("status.private.more", {}).get("drawn", [])})
    return all(hand.get(p) == k for p, k in drawn)


#: (game, setup changes, seed of the players' choices, the private message, how the seat's
#: status lists it: ``check(status, params)``)
TOLD = [
    ("secret_dictator", {}, 3, "power.peek.result",
     lambda st, p: st.get("recall.peek", {}).get("laws") == p["laws"]),
    ("secret_dictator", {"players": 7, "variant": "official"}, 2, "power.investigate.result",
     lambda st, p: st.get("recall.investigate") == p),
    ("autocracy", {}, 3, "bought.drawn", lambda st, p: _hand_holds(st, p["drawn"])),
    ("autocracy", {}, 3, "drawn", lambda st, p: _hand_holds(st, p["drawn"])),
    ("autocracy", {}, 3, "espionnage.took", lambda st, p: _hand_holds(st, [[p["position"], p["taken"]]])),
    ("autocracy", {}, 3, "espionnage.lost", lambda st, p: "status.private" in st),
    ("become_dictator", {}, 2, "hand.start", lambda st, p: len(st.get("status.hand", {}).get("hand", [])) == 7),
    ("become_dictator", {}, 2, "choice.discard_vote",
     lambda st, p: st.get("status.your_choice.discard_vote_pledge") == p),
    ("become_dictator", {}, 2, "choice.drop", lambda st, p: st.get("status.your_choice.drop") == p),
    ("dying_message", {}, 3, "prolog.character", lambda st, p: st.get("status.private") == p),
    ("dying_message", {"players": 8}, 2, "night.killers.brief",
     lambda st, p: p["killers"] and st.get("status.killers", {}).get("killers") == p["killers"]),
    ("dying_message", {}, 3, "night.killers.genuine", lambda st, p: st.get("night.look", {}).get("cards") == p["cards"]),
]


@pytest.mark.parametrize("name, changes, seed, key, lists", [pytest.param(*case, id=f"{case[0]}-{case[3]}")
                                                             for case in TOLD])
def test_A8_A25_issue33_after_each_kind_of_private_message_the_seats_status_and_repeat_reach_it(
        tmp_path, name, changes, seed, key, lists):
    """A seat told a secret privately (a hand, a drawn or bought Coup Bas, a token taken or
    lost, a pledge, a drop, a character, the other killers, the genuine message, the laws a
    peek showed, an investigation's party), at the first moment it is idle after, with the table talking meanwhile:
    its status, layer by layer at a person's pace, lists it, and its repeat, stepping back
    press by press, reaches it."""
    setup = {**games.pack(name).scripting().sample_setup("en"), **changes}
    table, seat, told = _until_told(tmp_path, name, setup, seed, key)
    try:
        status = _whole_status(table, seat)
        assert lists(status, told["params"]), (told["params"], status)
        table.wait(STATUS_STEP_S)              # the status's window passes: a press repeats again
        assert key in _repeat(table, seat, key), key
    finally:
        table.close()


def _repeat(table: Table, seat: int, key: str, presses: int = 40) -> list[str]:
    """The keys the seat's presses give back, one press 1.5 s after its earphone's clips have
    ended, until ``key`` comes back: a press's repeat, or where a press opens the seat's
    menu (a day's discussion), its "your last messages" picked 1 s after it was heard."""
    back: list[str] = []
    for _ in range(presses):
        mark = len(table.starts)
        table.press(seat)
        mine = _heard_to_end(table, seat, mark)
        if any(o["key"].startswith("menu.") for o in mine) or (mine and mine[0]["key"] == "scan.start"):
            item = table.wait_heard("menu.repeat", seat=seat, timeout=90, since=mark)
            assert item is not None, "the seat's menu offers no repeat"
            table.wait(max(0.0, item["end"] + 1.0 - table.now))
            mark = len(table.starts)
            table.press(seat)
            mine = _heard_to_end(table, seat, mark)
        table.wait(1.5)
        back += [o["key"] for o in mine]
        if key in back:
            break
    return back
