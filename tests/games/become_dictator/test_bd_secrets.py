"""In this way I become a DICTATOR: secrets kept from timing and every secret recallable
(issue 33; RULES.md R16; DICTATOR.md D28, D31, D36), at real clip lengths (espeak-ng) on the
mocked board, the players acting one to two seconds after the clip meant for them ended."""

from __future__ import annotations

import pytest

from tests.table.table import Table

SETUP = {"game": "become_dictator", "players": 4, "language": "en", "morning_seconds": 180}


def day_1(table: Table) -> None:
    """The sample table through day 1's open votes (each seat for the next), to the night."""
    table.play({"setup": SETUP})
    table.wait(181)
    for seat in range(4):
        target = (seat + 1) % 4
        table.play({"signal": "button", "seat": seat, "gesture": "press"})
        table.play({"signal": "wait_for", "key": "scan.seat", "params": {"seat": target}, "timeout": 120},
                   next_seat=seat)
        table.play({"signal": "button", "seat": seat, "gesture": "press"})
        table.play({"signal": "wait_for", "key": "scan.confirm.vote", "params": {"target": target},
                    "timeout": 120}, next_seat=seat)
        table.play({"signal": "button", "seat": seat, "gesture": "press"})


@pytest.mark.slow
def test_R16_issue33_every_card_of_a_night_list_lasts_as_long_as_the_longest_role(tmp_path):
    """Issue 33: with the cards in an order of their own and every card item as long as the
    longest role's, a press's time from the list's start has the same distribution whichever
    card it drops (the seat's pace alone tells where it falls)."""
    table = Table(tmp_path)
    try:
        day_1(table)
        table.press(0)
        assert table.wait_heard("scan.cancel", seat=0, timeout=300) is not None
        cards = [line for line in table.starts if line.get("key") == "scan.card" and line.get("output") == "seat:0"]
        assert len(cards) == 7
        lengths = [line["end"] - line["start"] for line in cards]
        assert max(lengths) - min(lengths) <= 0.05, lengths
    finally:
        table.close()


@pytest.mark.slow
def test_R16_issue33_every_secret_told_stays_reachable_by_the_seats_repeat_and_status(tmp_path):
    """Issue 33: after each kind of private message of a night (the hand at the start, the
    drop confirmed), the seat's repeat steps back to it and its status lists the secret (its
    hand, its choice), at real clip lengths."""
    table = Table(tmp_path)
    try:
        table.play({"setup": SETUP})
        table.drain()
        table.wait(1.5)
        assert "hand.start" in table.recall(0, "hand.start")
        assert sorted(table.status(0)["status.hand"]["hand"]) == sorted(
            table.call(lambda: list(table.service.game.active.game.hands[0])))
        table.wait(181)
        for seat in range(4):
            target = (seat + 1) % 4
            table.press(seat)
            table.play({"signal": "wait_for", "key": "scan.seat", "params": {"seat": target}, "timeout": 120},
                       next_seat=seat)
            table.press(seat)
            table.play({"signal": "wait_for", "key": "scan.confirm.vote", "params": {"target": target},
                        "timeout": 120}, next_seat=seat)
            table.press(seat)
        table.drain()
        table.wait(2)
        for step in ("scan.card", "scan.card", "scan.confirm.drop"):
            mark = len(table.starts)
            table.press(0)                # (the first press opens the list)
            assert table.wait_heard(step, seat=0, timeout=300, since=mark) is not None, step
            table.wait(1.2)
        table.press(0)
        table.drain()
        table.wait(2)
        told = [line for line in table.starts if line.get("key") == "choice.drop" and line.get("output") == "seat:0"]
        assert told, "the drop was not confirmed in the earphone"
        drop = told[-1]["params"]["drop"]
        assert "choice.drop" in table.recall(0, "choice.drop")
        mine = table.status(0)
        assert mine["status.your_choice.drop"]["drop"] == drop
        assert "status.hand" in mine
    finally:
        table.close()


@pytest.mark.slow
def test_R16_issue33_a_pledge_stays_reachable_by_the_seats_repeat_and_status(tmp_path):
    """Issue 33: a discard-vote's pledge, confirmed only in the seat's earphone, comes back by
    its repeat (stepping back past the table's later messages) and its status names it."""
    table = Table(tmp_path)
    try:
        table.play({"setup": SETUP})
        table.drain()
        game = table.call(lambda: table.service.game.active.game)
        table.wait(181)
        for seat in range(4):
            table.gm("act", action={"action": "vote", "seat": seat, "target": (seat + 1) % 4})
        for seat in range(4):
            hand = table.call(lambda: list(game.hands[seat]))
            table.gm("act", action={"action": "drop", "seat": seat, "roles": hand[:2]})
        table.drain()
        table.wait(181)
        assert table.call(lambda: game.phase) == "discard_vote"
        pledge = table.call(lambda: game.hands[0][-1])
        table.gm("act", action={"action": "discard_vote", "seat": 0, "target": 2, "role": pledge})
        table.gm("act", action={"action": "no_discard_vote", "seat": 1})
        table.drain()
        table.wait(1.5)
        told = [line for line in table.starts if line.get("key") == "choice.discard_vote"
                and line.get("output") == "seat:0"]
        assert told and told[-1]["params"]["pledge"] == pledge
        assert "choice.discard_vote" in table.recall(0, "choice.discard_vote")
        assert table.status(0)["status.your_choice.discard_vote_pledge"]["pledge"] == pledge
    finally:
        table.close()


@pytest.mark.slow
def test_R16_issue33_a_cards_pick_said_at_once_lasts_as_long_whichever_card(tmp_path):
    """Issue 33, ACCESSIBILITY.md 32: at a person's pace a pick is said at once in the
    chooser's earphone; for a card that answer lasts as long whichever card it names, so the
    next list does not start later for a longer card's name."""
    from firmware_host.table.scanning import PICKED_KEY
    table = Table(tmp_path, paced=True)
    try:
        day_1(table)
        table.drain()
        table.wait(6)                     # past the last vote's undo window (32)
        for step in ("scan.card", "scan.card"):
            mark = len(table.starts)
            table.press(0)
            assert table.wait_heard(step, seat=0, timeout=300, since=mark) is not None, step
            table.wait(1.2)
        table.press(0)
        table.drain()
        table.wait(3)
        answers = [line for line in table.starts if line.get("key") == PICKED_KEY and line.get("output") == "seat:0"
                   and any(line["params"].get("item") == card["text"] for card in table.starts
                           if card.get("key") == "scan.card")]
        assert len({a["params"]["item"] for a in answers}) == 2, answers
        lengths = [a["end"] - a["start"] for a in answers]
        assert max(lengths) - min(lengths) <= 0.05, lengths
    finally:
        table.close()
