"""A robot tells a confirmation of the item it meant from one of another item (ACCESSIBILITY.md
16, 32): it confirms the first and presses "back" on the second, as a person does."""

from __future__ import annotations

from firmware_host.robots.robot import Heard, confirms


def clip(key, params, text):
    return Heard("seat", key, params, text, 0.0, 1.0)


def test_a_confirmation_naming_the_seat_meant_is_confirmed_one_naming_another_is_not():
    meant = clip("scan.seat", {"seat": 1}, "Seat 2")
    assert confirms(meant, clip("scan.confirm.seat", {"seat": 1}, "Confirm: you vote for seat 2"))
    assert not confirms(meant, clip("scan.confirm.seat", {"seat": 4}, "Confirm: you vote for seat 5"))


def test_a_confirmation_names_the_item_under_another_parameter_or_in_a_list():
    assert confirms(clip("scan.seat", {"seat": 0, "votes": 3}, "Seat 1, three"),
                    clip("scan.confirm.vote", {"target": 0}, "Vote for seat 1?"))
    assert not confirms(clip("scan.seat", {"seat": 0, "votes": 3}, "Seat 1, three"),
                        clip("scan.confirm.vote", {"target": 3}, "Vote for seat 4?"))
    assert confirms(clip("scan.card", {"role": "noble"}, "Noble"),
                    clip("scan.confirm.drop", {"drop": ["noble"]}, "Drop the noble?"))


def test_an_item_without_parameters_cannot_be_told_from_its_confirmation():
    assert confirms(clip("menu.roll", {}, "Roll the dice"), clip("scan.confirm.roll", {}, "Roll now?"))


def test_an_item_cut_off_before_it_could_be_heard_asks_nothing_of_a_robot():
    from firmware_host.robots.table import rules_for
    from firmware_host.robots.robot import SeatRobot

    robot = SeatRobot(1, 5, "dying_message", rules_for("dying_message"), seed=1, mistakes=0.0)
    robot.phase = "game"
    robot.hear(Heard("seat", "menu.ready", {}, "Ready to vote", 5.0, 5.2, cut=True))    # 0.2 s: not heard
    assert robot.plan == []
    robot.hear(Heard("seat", "menu.ready", {}, "Ready to vote", 8.0, 9.0))              # heard: pressed for
    assert [p.act.item.key for p in robot.plan if p.act.item is not None] == ["menu.ready"]
