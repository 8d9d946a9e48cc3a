"""A whisper-station board answers a seat's act away from the station at once at the table
speaker ("Seat 3: noted", issue 31, ACCESSIBILITY.md 26), and that public line keeps the act's
secret (RULES.md R16): it names the seat only, and when it starts and how long it lasts depend
on when the seat acted, never on what it did. Played at real clip lengths (the real espeak-ng)
on the mocked board: Secret Dictator's sample game up to its first vote, the same ballots laid
at the same moments, one seat's Ja a Nein in the other run; the table speaker says the same
clips at the same moments (±50 ms) until the vote's result names the ballots."""

from __future__ import annotations

import shutil

import pytest

from firmware_host.kernel import games

from .table import Table

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")

STATION = "[audio]\nwhisper_station = true\nwhisper_device = \"board_whisper\"\n"


def _first_vote(tmp_path, flip: int | None) -> tuple[list[dict], list[tuple[int, float]]]:
    """Secret Dictator's sample game on a station board up to its first vote, every ballot laid
    1.3 s after the last; ``flip``: that seat's ballot turned over. :returns: every clip
    begun (announce lines with start, end, by start) and each ballot's (seat, moment)."""
    script = games.pack("secret_dictator").scripting()
    setup = script.sample_setup("en")
    signals = script.signals_for_game(setup, script.whole_game(setup, 2))
    first = next(i for i, s in enumerate(signals) if s.get("signal") == "ballot")
    ballots = [s for s in signals[first:] if s.get("signal") == "ballot"][:int(setup["players"])]
    table = Table(tmp_path, config=STATION, seed=None)
    try:
        table.play_all(signals[:first])
        table.wait(2.0)
        laid = []
        for ballot in ballots:
            if ballot["seat"] == flip:
                ballot = dict(ballot, ballot={"ja": "nein", "nein": "ja"}[ballot["ballot"]])
            laid.append((ballot["seat"], table.now))
            table.play(ballot)
            table.wait(1.3)
        table.wait(30.0)
        return sorted(table.heard(), key=lambda o: o["start"]), laid
    finally:
        table.close()


def test_R16_issue31_the_tables_noted_for_an_act_away_from_the_station_tells_nothing_of_the_act(tmp_path):
    """Every ballot is answered within 1 s of its laying: away from the station at the table,
    by the ``noted`` earcon and "Seat N: noted" (naming the seats, never a vote), at the
    station (the seat that just nominated, its visit still open) there;
    with one seat's Ja turned into a Nein, the table speaker's clips start and end at the
    same moments (±50 ms) and say the same until the result names the ballots."""
    (tmp_path / "ja").mkdir()
    (tmp_path / "nein").mkdir()
    heard, laid = _first_vote(tmp_path / "ja", None)
    heard_turned, laid_again = _first_vote(tmp_path / "nein", 2)
    assert laid == laid_again
    plain = [o for o in heard if o["output"] == "table"]
    turned = [o for o in heard_turned if o["output"] == "table"]
    noted = [o for o in plain if o["key"] == "whisper.noted"]
    assert noted
    for seat, at in laid:
        # away from the station: the table's "noted"; at it (its visit kept open): the station
        first = min((o["start"] for o in heard if o["start"] >= at - 1e-6 and (
            (o["key"] == "whisper.noted" and seat in o["params"]["seats"])
            or (o["output"] == "whisper" and o["channel"] == f"seat:{seat}"))), default=None)
        assert first is not None and first - at <= 1.0, (seat, at, first)
    assert all(set(o["params"]) == {"seats"} for o in noted)
    assert all("ja" not in o["text"].lower().split() and "nein" not in o["text"].lower() for o in noted)
    differ = next((i for i, (x, y) in enumerate(zip(plain, turned)) if x["text"] != y["text"]), None)
    assert differ is not None, "the result never named the ballots"
    assert plain[differ]["start"] > max(at for _, at in laid), plain[differ]
    before = [(o["key"], o["text"], round(o["start"], 3), round(o["end"], 3), bool(o.get("cut")))
              for o in plain[:differ]]
    again = [(o["key"], o["text"], round(o["start"], 3), round(o["end"], 3), bool(o.get("cut")))
             for o in turned[:differ]]
    assert [b[:2] for b in before] == [a[:2] for a in again]
    moved = [(b, a) for b, a in zip(before, again) if abs(b[2] - a[2]) > 0.05 or abs(b[3] - a[3]) > 0.05
             or b[4] != a[4]]
    assert not moved, moved[:3]
    assert [o for o in plain[:differ] if o["key"] == "whisper.noted" and 2 in o["params"]["seats"]]
