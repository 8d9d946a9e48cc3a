"""In this way I become a DICTATOR: role cards laid on the tray reader at night (DICTATOR.md
D30, D36, D37; BOARD.md "Each reader has its own tiles"), through ``simulate`` on the mocked
board (real EM4100 frames on pseudo-terminals, real espeak-ng clip lengths)."""

from __future__ import annotations

import io
import json

from firmware_host.hardware.rfid import em4100_frame
from firmware_host.service.signals import parse_script
from firmware_host.service.simulator import Simulator

SETUP = {"game": "become_dictator", "players": 4, "language": "en"}


def run(lines: list[dict]) -> list[dict]:
    out = io.StringIO()
    text = "\n".join(json.dumps(x) for x in lines)
    assert Simulator(None, out=out).run_script(parse_script(text)) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def said(out: list[dict], channel: str | None = None) -> list[dict]:
    return [o for o in out if o.get("event") == "announce" and (channel is None or o["channel"] == channel)]


def keys(out: list[dict], channel: str | None = None) -> list[str]:
    return [o["key"] for o in said(out, channel)]


def card(seat: int, name: str, reader: str | None = None) -> dict:
    return {"signal": "card", "seat": seat, "card": name, **({"reader": reader} if reader else {})}


def press(seat: int) -> dict:
    return {"signal": "button", "seat": seat, "gesture": "press"}


def wait_for(key: str, params: dict | None = None) -> dict:
    return {"signal": "wait_for", "key": key, "params": params or {}, "timeout": 120}


def day_1() -> list[dict]:
    lines = [{"setup": {**SETUP, "morning_seconds": 180}}, {"signal": "wait", "seconds": 181}]
    for seat in range(4):
        lines += [press(seat), wait_for("scan.seat", {"seat": (seat + 1) % 4}), press(seat),
                  wait_for("scan.confirm.vote", {"target": (seat + 1) % 4}), press(seat)]
    return lines


def test_D30_two_cards_on_the_tray_then_confirm_drop_them_and_the_table_hears_only_the_count():
    out = run(day_1() + [card(0, "noble"), card(0, "priest"),
                         wait_for("scan.confirm.drop"), press(0), {"signal": "wait", "seconds": 10}])
    mine = said(out, "seat:0")
    taken = [(o["key"], o["params"]) for o in mine if o["key"].startswith("card.")]
    assert taken == [("card.taken.more", {"role": "noble"}), ("card.taken.last", {"role": "priest"})]
    confirm = [o for o in mine if o["key"] == "scan.confirm.drop"]
    assert confirm[0]["params"] == {"drop": ["noble", "priest"]}
    assert [o for o in out if o.get("event") == "decided"][-1]["decided"] == 1
    public = said(out, "public")
    assert public[-1]["key"] == "decided.count"
    assert not [o for o in public if o["key"].startswith(("card.", "tile."))]
    assert not [o for o in out if o.get("event") in ("rejected", "fault")]
    choice = [o["params"] for o in mine if o["key"] == "choice.drop"]
    assert choice == [{"drop": ["noble", "priest"]}]


def test_D30_a_card_and_a_scan_mix_and_the_same_card_read_again_is_that_card():
    out = run(day_1() + [card(1, "jester"), card(1, "jester"),
                         press(1), wait_for("scan.card", {"role": "assassin"}), press(1),
                         wait_for("scan.confirm.drop"), press(1), {"signal": "wait", "seconds": 10}])
    mine = keys(out, "seat:1")
    assert mine.count("card.taken.more") == 1                        # the second read: ignored
    cards = [o["params"]["role"] for o in said(out, "seat:1") if o["key"] == "scan.card"]
    assert "jester" not in cards                                     # the list: the cards left
    choice = [o["params"] for o in said(out, "seat:1") if o["key"] == "choice.drop"]
    assert choice == [{"drop": ["jester", "assassin"]}]
    assert not [o for o in out if o.get("event") in ("rejected", "fault")]


def test_D30_D37_a_card_that_cannot_be_taken_is_refused_only_in_its_earphone_naming_no_card():
    out = run(day_1()[:2] + [card(2, "priest")]                        # the morning
              + day_1()[2:] + [card(2, "priest", reader="ballot"),    # the ballot box
                               card(2, "priest"), card(2, "noble"), card(2, "dictator"),  # one too many
                               {"signal": "wait", "seconds": 20}])
    refused = [o for o in said(out) if o["key"] in ("card.not_now", "card.wrong_reader", "card.enough")]
    assert [(o["channel"], o["key"], o["params"]) for o in refused] == [
        ("seat:2", "card.not_now", {}), ("seat:2", "card.wrong_reader", {}), ("seat:2", "card.enough", {})]
    faults = [o for o in out if o.get("event") == "fault"]
    assert [f["reason"] for f in faults] == ["not_now", "wrong_reader", "enough"]
    for line in faults + refused:
        assert not any(role in json.dumps(line) for role in ("priest", "noble", "dictator"))
    public = keys(out, "public")
    assert not [k for k in public if k.startswith(("card.", "refusal."))]
    assert "choice.drop" not in keys(out, "seat:2")        # nothing dropped without "confirm"
    assert out[-1]["state"]["waiting"] == [0, 1, 2, 3]


def test_D30_a_card_dropped_on_an_earlier_night_is_not_in_the_hand_said_only_to_its_seat():
    night_2 = [card(s, r) for s in range(4) for r in ("noble", "priest")]
    night_2 += [x for s in range(4) for x in (wait_for("scan.confirm.drop"), press(s))]
    lines = day_1() + night_2 + [{"signal": "wait", "seconds": 200}]
    # day 2: discard-vote step, every seat "vote today", then the votes, then night 2
    for seat in range(4):
        lines += [press(seat), wait_for("scan.option.vote_today"), press(seat),
                  wait_for("scan.confirm.no_discard_vote"), press(seat)]
    for seat in range(4):
        lines += [press(seat), wait_for("scan.seat", {"seat": (seat + 1) % 4}), press(seat),
                  wait_for("scan.confirm.vote", {"target": (seat + 1) % 4}), press(seat)]
    lines += [card(3, "priest"), {"signal": "wait", "seconds": 10}]
    out = run(lines)
    assert out[-1]["state"]["day"] == 2 and out[-1]["state"]["phase"] == "night"
    refusals = [o for o in said(out) if o["key"] == "refusal.not_in_hand"]
    assert [(o["channel"], o["params"]) for o in refusals] == [("seat:3", {"seat": 3})]
    assert [o for o in out if o.get("event") == "fault"][-1]["reason"] == "not_in_hand"


def test_D37_an_unknown_tag_and_a_tile_of_another_game_are_refused_at_the_table_without_a_name():
    unknown = em4100_frame("0F00A1B2C3").hex()
    out = run(day_1() + [{"signal": "serial", "reader": "law", "hex": unknown},
                         {"signal": "wait", "seconds": 5},
                         {"signal": "ballot", "seat": 1, "ballot": "ja"}, {"signal": "wait", "seconds": 5}])
    public = [o for o in said(out, "public") if o["key"].startswith("tile.")]
    assert [(o["key"], o["params"]) for o in public] == [("tile.unknown", {}), ("tile.not_this_game", {})]
    assert out[-1]["state"]["phase"] == "night"
