"""Robot players: a table of players who only hear (issue 23).

:mod:`firmware_host.robots.robot` is one seat's player (:class:`SeatRobot`: what it heard,
its reaction time, its acts and slips; :class:`Heard`, :class:`Press`, :class:`Hold`,
:class:`Lay`, :class:`Chooser`); :mod:`firmware_host.robots.table` seats them at the real
service on the mocked board (:class:`RobotTable`, ``firmware-host simulate --robots N``).
Game-neutral: what a game's cues ask for comes from the game's robot module, reached through
the registry (:func:`firmware_host.robots.table.rules_for`).
"""

from firmware_host.robots.robot import Chooser, Heard, Hold, Lay, Press, SeatRobot, scan_item_seen

__all__ = ["Chooser", "Heard", "Hold", "Lay", "Press", "SeatRobot", "scan_item_seen"]
