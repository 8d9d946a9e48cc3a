"""The table kit's timers, its wait for a seat in the middle of a choice, and the padding of a
clip whose very lines depend on a secret (issue 29: what every table does lives once in
``firmware_host.table``), checked on the project's virtual clock.

- ``Timers``: a game's later steps run on the service thread, by name, and nothing of a
  stopped game fires (a pause, another game: ``BoardAdapter.shutdown`` cancels them all).
- ``ChoiceHold`` (ACCESSIBILITY.md 26, issue 31): what comes next waits while a seat is in
  the middle of its choice, but never more than ``most`` seconds at a time.
- ``longest_clip`` (RULES.md R16, issue 33): of the clips each secret would give, the longest,
  each line at its longest, so a status lasts the same whoever holds which role.
"""

from __future__ import annotations

import pytest

from firmware_host.clock import VirtualClock
from firmware_host.games.console_page import Words, by_seat, waiting
from firmware_host.kernel.games import CountLobby
from firmware_host.service.core import BoardService
from firmware_host.table.padding import Subset, longest_clip, longest_worded
from firmware_host.table.scans import ChoiceHold
from firmware_host.table.timers import Timers


@pytest.fixture
def service(mocker):
    """The board service's clock and thread as the kit uses them: a virtual clock, and
    ``post`` queueing a function for the service thread (run by :func:`run_posted`)."""
    service = mocker.create_autospec(BoardService, instance=True)
    service.clock = VirtualClock()
    service.posted = []
    service.post.side_effect = service.posted.append
    return service


def run_posted(service) -> None:
    """The service thread runs what was posted, in order."""
    while service.posted:
        service.posted.pop(0)()


def test_issue29_a_timer_runs_its_step_on_the_service_thread_once_its_time_has_come(service):
    timers, ran = Timers(service), []
    timers.after(5.0, lambda: ran.append(service.clock.now()), "held")
    assert timers.pending("held") and not timers.pending("window")
    service.clock.advance(4.9)
    run_posted(service)
    assert ran == [] and timers.pending("held")
    service.clock.advance(0.1)
    assert ran == [] and service.posted            # due: posted to the service thread, not run
    run_posted(service)
    assert ran == [5.0] and not timers.pending("held")


def test_issue29_a_cancelled_timer_never_runs_even_once_posted_and_other_names_go_on(service):
    timers, ran = Timers(service), []
    timers.after(1.0, lambda: ran.append("held"), "held")
    timers.after(2.0, lambda: ran.append("window"), "window")
    timers.after(3.0, lambda: ran.append("pump"), "pump")
    service.clock.advance(1.0)                     # "held" is due and waits for the thread
    timers.cancel("held")
    run_posted(service)
    assert ran == []
    service.clock.advance(2.0)
    run_posted(service)
    assert ran == ["window", "pump"]


def test_issue29_cancelling_every_timer_stops_all_of_a_stopped_game(service):
    timers, ran = Timers(service), []
    for name in ("held", "window", ""):
        timers.after(1.0, lambda name=name: ran.append(name), name)
    timers.cancel()
    service.clock.advance(10.0)
    run_posted(service)
    assert ran == [] and not any(timers.pending(n) for n in ("held", "window", ""))


def test_A26_issue31_what_comes_next_waits_for_a_seat_choosing_at_most_its_most_seconds():
    clock = VirtualClock()
    hold = ChoiceHold(clock, most=8.0, poll=0.25)
    assert hold.wait([]) is None                  # nobody choosing: it goes on at once
    assert hold.wait([3]) == 0.25                 # seat 3 in the middle of its choice: look again
    clock.advance(7.9)
    assert hold.wait([3]) == 0.25
    clock.advance(0.1)
    assert hold.wait([3]) is None                 # 8 s: it goes on, whoever still chooses
    assert hold.wait([3]) == 0.25                 # ... and the next thing may be held anew
    clock.advance(1.0)
    assert hold.wait([]) is None                  # the seat chose: it goes on at once
    clock.advance(20.0)
    assert hold.wait([3]) == 0.25                 # a new hold starts from now, not from before


def test_R16_issue33_a_clip_whose_lines_a_secret_decides_lasts_as_its_longest_variant():
    # a role's status: the role's name (a second a letter), then (only some roles) whom it
    # knows (a second, and each seat's name: 1 s, seat 4's 3 s)
    def seconds(key: str, params: dict) -> float:
        if key == "knows":
            return 1.0 + sum(3.0 if s == 4 else 1.0 for s in params["seats"])
        return float(len(params.get("role", "")))
    clips = [[("role", {"role": ["killer"]}), ("knows", {"seats": Subset(2, (0, 1, 4, 5))})],
             [("role", {"role": ["aristocrat"]})],
             [("role", {"role": ["citizen"]}), ("knows", {"seats": Subset(1, (0, 1))})]]
    # the killer's 6 s and seat 4 with another (1 + 1 + 3 s) outlast the aristocrat's 10 s
    assert longest_clip(clips, seconds) == [("role", {"role": "killer"}), ("knows", {"seats": [0, 4]})]
    assert longest_clip(clips[1:], seconds) == [("role", {"role": "aristocrat"})]      # 10 s against 9 s
    assert longest_clip([], seconds) == []
    assert longest_clip(clips, lambda key, params: None if key == "knows" else 1.0) is None   # no sound
    # a game's own lines (not templates): each its longest stand-in as the game finds it
    assert longest_clip([["a", "bb"], ["cccc"]], seconds, lambda line: ("role", {"role": line * 2})) \
        == [("role", {"role": "cccc" * 2})]                                                  # 8 s against 2 + 4 s


def test_R16_a_line_whose_wording_a_secret_decides_lasts_as_its_longest_in_either_wording():
    # the short wording of "knows" is 1 s shorter; its long wording of the aristocrat 3 s longer
    def seconds(key: str, params: dict, long: bool) -> float:
        base = float(len(params.get("role", "")))
        return base + (3.0 if long and params.get("role") == "aristocrat" else 0.0) - (0.0 if long else 1.0)
    templates = [("role", {"role": ["killer", "aristocrat"]})]
    assert longest_worded(templates, seconds) == ("role", {"role": "aristocrat"}, True)      # 13 s
    short_longer = lambda key, params, long: float(len(params["role"])) + (0.0 if long else 2.0)  # noqa: E731
    assert longest_worded(templates, short_longer) == ("role", {"role": "aristocrat"}, False)
    assert longest_worded(templates, lambda key, params, long: None if long else 1.0) is None  # no sound


def test_issue14_a_count_lobby_adds_the_boards_keys_and_takes_the_last_seat_to_announce_itself_first():
    checked = []
    lobby = CountLobby("game", {"en": "Game"}, 2, 6, checked.append, extra={"deal": "board"}, last_first=True)
    assert lobby.setup({"players": 3, "language": "fr", "arrived": [2, 7, 0, "x"]}) == \
        {"players": 3, "language": "fr", "deal": "board", "first": 0}
    assert lobby.setup({"players": 3}) == {"players": 3, "language": "de", "deal": "board"}
    lobby.check({"players": 3, "language": "fr", "deal": "board", "names": {"0": "Ann"}})
    assert checked == [{"players": 3, "language": "fr"}]           # the rules see neither
    plain = CountLobby("game", {"en": "Game"}, 2, 6, checked.append)
    assert plain.setup({"players": 4, "arrived": [3, 1]}) == {"players": 4, "language": "de"}


def test_issue32_the_console_page_draws_a_secret_by_seat_openly_only_at_the_end():
    W = Words({"en": {"role.killer": "Killer"}, "de": {"role.killer": "Mörder"}})
    assert W.get("role.killer", "killer") == {"en": "Killer", "de": "Mörder"}
    assert W.get("role.hostage", "hostage") == {"en": "hostage", "de": "hostage"}
    assert W.plain(7) == {"en": "7", "de": "7"}
    assert by_seat(None, None, "role") == []
    assert by_seat(None, {"seats": {"1": {"role": "killer"}, "0": None}}, "role") == [({1: "killer", 0: None}, True)]
    assert by_seat(["a", "b"], {"seats": {"0": {"role": "a"}}}, "role") == [({0: "a", 1: "b"}, False),
                                                                           ({0: "a"}, True)]
    assert waiting({"phase": "vote", "waiting": [2, 3]}) == [2, 3]
    assert waiting({"phase": "game_over", "waiting": [2, 3]}) == []
