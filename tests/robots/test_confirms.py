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


def test_issue31_a_hand_cut_off_before_it_could_be_heard_and_said_again_whole_is_acted_on():
    """A president whose own press cut its hand after 0.15 s hears it said again whole: a
    person lays its discard then (the cut one was never heard), so the robot does too
    (Secret Dictator by ear, seed 11: the table waited for the president's discard for ever)."""
    from firmware_host.robots.robot import Lay, SeatRobot
    from firmware_host.robots.table import rules_for

    robot = SeatRobot(3, 6, "secret_dictator", rules_for("secret_dictator"), seed=1, mistakes=0.0)
    robot.phase = "game"
    robot.hear(Heard("table", "legislative.president", {"seat": 3}, "Legislation: president seat 4 draws",
                     640.0, 650.0))
    hand = {"laws": ["liberal", "fascist", "fascist"]}
    robot.hear(Heard("seat", "hand.president", hand, "Your laws: …", 653.2, 653.35, cut=True))
    assert robot.plan == []
    robot.hear(Heard("seat", "hand.president", hand, "Your laws: …", 654.0, 658.0))    # said again whole
    assert [type(p.act) for p in robot.plan] == [Lay]
    assert robot.plan[0].act.signal["signal"] == "law_read"
