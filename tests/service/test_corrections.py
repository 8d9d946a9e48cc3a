"""Corrections, refusals and faults as a blind player hears them (BOARD.md principle 2: never
lose an action; R16: refusals that would reveal a secret go to one seat only), driven through
``simulate`` signals on the mocked board wherever a board signal exists."""

from __future__ import annotations

import re

from firmware_host.clock import VirtualClock
from firmware_host.games.secret_dictator import catalogue
from firmware_host.hardware.events import Fault, ReaderState
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import SilentVoice

from . import gamegen
from .conftest import ROOT, announces, keys, run_lines, state

SETUP = {"players": 5, "seed": 4, "language": "en"}


def _nominated() -> list[dict]:
    """Setup, seat 0 nominates seat 2: the election is open (gamegen.unplug_script)."""
    return gamegen.unplug_script()[:4]


def _after(out: list[dict], key: str, nth: int = 0) -> list[dict]:
    """The output from the ``nth`` announcement of ``key`` on."""
    hits = [i for i, l in enumerate(out) if l.get("event") == "announce" and l["key"] == key]
    return out[hits[nth]:]


# ----------------------------------------------------------------------------- finding 1
def test_press_during_correction_is_said_not_taken_and_the_move_is_said_after_the_fix():
    lines = gamegen.chaos_script({"players": 5, "seed": 2, "language": "en"})
    first_tracker = next(i for i, l in enumerate(lines) if l.get("signal") == "tracker")
    cut = lines[:first_tracker]            # the tracker should now be in hole 1, but is not
    press = next(l for l in lines[first_tracker:] if l.get("signal") == "button")
    out = run_lines(cut + [press, {"signal": "tracker", "position": 1}])
    president = press["seat"]
    assert next(l for l in out if l.get("event") == "fault")["reason"] == "board_mismatch"
    said = keys(_after(out, "tracker.wrong_hole"), "public")
    # the presser hears that the press was not taken and must press again
    assert said[:2] == ["tracker.wrong_hole", "correction.press_again"]
    again = next(l for l in announces(out) if l["key"] == "correction.press_again")
    assert again["params"] == {"seat": president}
    # after the fix: correction done, then whose move it is and what to do
    after = keys(_after(out, "board.matches"), "public")
    assert after[:2] == ["board.matches", "next.nominate"]
    assert next(l for l in announces(out) if l["key"] == "next.nominate")["params"] == {"seat": president}


def test_ballot_during_correction_is_not_lost():
    lines = _nominated() + [
        {"signal": "ballot", "seat": 0, "ballot": "ja"},
        {"signal": "slot", "track": "fascist", "slot": 2, "state": "filled"},    # a stray tile
        {"signal": "ballot", "seat": 1, "ballot": "nein"},                       # while it lies there
        {"signal": "slot", "track": "fascist", "slot": 2, "state": "emptied"},
        {"signal": "wait", "seconds": 60},                                       # the table has said it all
        {"signal": "ballot", "seat": 2, "ballot": "ja"},
        {"signal": "ballot", "seat": 3, "ballot": "ja"},
        {"signal": "ballot", "seat": 4, "ballot": "ja"},
    ]
    out = run_lines(lines)
    held = [l for l in announces(out, "public") if l["key"] == "ballot.held"]
    assert [l["params"] for l in held] == [{"seat": 1}]
    # counted once the board matches again, before the next ballot
    after = keys(_after(out, "board.matches"), "public")
    assert after[0] == "board.matches" and after[1] == "ballot.counted"
    counts = [l["params"]["count"] for l in announces(out) if l["key"] == "ballot.counted"]
    # quick ballots: a count superseded before it started is not said (ACCESSIBILITY.md 24)
    assert announces(_after(out, "board.matches"), "public")[1]["params"]["count"] == 2
    assert counts[-1] == 5 and counts == sorted(set(counts))
    assert not [l for l in out if l.get("event") == "rejected"]
    revealed = next(l for l in announces(out, "public") if l["key"] == "election.ballots")
    assert revealed["params"]["nein_seats"] == [1]
    assert state(out)["phase"] == "legislative_president"


def test_second_ballot_of_a_held_seat_is_refused_at_once():
    lines = _nominated() + [
        {"signal": "slot", "track": "fascist", "slot": 1, "state": "filled"},
        {"signal": "ballot", "seat": 1, "ballot": "nein"},
        {"signal": "ballot", "seat": 1, "ballot": "ja"},
        {"signal": "slot", "track": "fascist", "slot": 1, "state": "emptied"},
    ]
    out = run_lines(lines)
    assert [l["reason"] for l in out if l.get("event") == "rejected"] == ["already_voted"]
    assert [l["params"]["count"] for l in announces(out) if l["key"] == "ballot.counted"] == [1]


# ----------------------------------------------------------------------------- finding 7
def test_tile_on_a_track_during_an_election_says_no_law_is_enacted_now():
    lines = _nominated() + [
        {"signal": "slot", "track": "fascist", "slot": 2, "state": "filled"},
        {"signal": "slot", "track": "fascist", "slot": 2, "state": "emptied"},
        {"signal": "slot", "track": "fascist", "slot": 1, "state": "filled"},
    ]
    out = run_lines(lines)
    said = [l for l in announces(out, "public") if l["key"].startswith("tile.")]
    assert [l["key"] for l in said] == ["tile.no_enactment", "tile.no_enactment"]
    assert [l["params"] for l in said] == [{"track": "fascist", "slot": 2}, {"track": "fascist", "slot": 1}]
    assert "no law is enacted now" in said[0]["text"].lower()


def test_law_read_outside_a_discard_names_the_discard_tray_and_says_the_next_move():
    for language, blamed in (("en", "game master"), ("de", "Spielleiter")):
        out = run_lines([{"setup": {**SETUP, "language": language}}, {"signal": "law_read", "party": "fascist"}])
        assert [l["reason"] for l in out if l.get("event") == "rejected"] == ["wrong_phase"]
        said = announces(_after(out, "refusal.no_discard"), "public")
        assert [l["key"] for l in said][:2] == ["refusal.no_discard", "next.nominate"]
        assert said[1]["params"] == {"seat": 0}
        assert blamed not in said[0]["text"]


def test_ballot_outside_a_vote_is_refused_and_says_the_next_move():
    out = run_lines([{"setup": SETUP}, {"signal": "ballot", "seat": 2, "ballot": "ja"}])
    assert [l["reason"] for l in out if l.get("event") == "rejected"] == ["wrong_phase"]
    assert keys(_after(out, "refusal.wrong_phase"), "public")[:2] == ["refusal.wrong_phase", "next.nominate"]


def test_german_wrong_phase_refusal_is_plain():
    from firmware_host.games.secret_dictator import catalogue
    for long in (False, True):
        assert "nicht dran" not in catalogue.text("refusal.wrong_phase", {"seat": 2, "action": "vote"}, "de", long)


# ----------------------------------------------------------------------------- finding 6
def test_undo_says_what_was_undone_and_who_acts_next():
    out = run_lines([{"setup": SETUP},
                     {"signal": "gm", "command": "choose", "seat": 0, "target": 3},
                     {"signal": "gm", "command": "undo"}])
    said = announces(_after(out, "undo.action"), "public")
    assert said[0]["params"] == {"action": "nominate", "seat": 0}
    assert said[0]["text"].startswith("Game master: ") and "nomination" in said[0]["text"]
    assert said[1]["key"] == "next.nominate" and said[1]["params"] == {"seat": 0}


def test_undo_of_a_failed_election_says_to_put_the_tracker_back_then_the_move():
    lines = _nominated() + [{"signal": "ballot", "seat": s, "ballot": "nein"} for s in range(5)]
    lines += [{"signal": "tracker", "position": 1}, {"signal": "gm", "command": "undo"},
              {"signal": "tracker", "position": 0}]
    out = run_lines(lines)
    said = keys(_after(out, "undo.action"), "public")
    assert said[:2] == ["undo.action", "tracker.wrong_hole"]
    assert said[said.index("board.matches") + 1] == "next.vote"
    vote = next(l for l in announces(out) if l["key"] == "next.vote")
    assert vote["params"] == {"waiting": [4]}


# ----------------------------------------------------------------------------- finding 9
def test_wrong_party_on_track_reveals_nothing_publicly():
    out = run_lines((ROOT / "examples" / "simulate-wrong-track.jsonl").read_text())
    rejected = next(l for l in out if l.get("event") == "rejected")
    said = announces(out)
    check = next(i for i, l in enumerate(said) if l["key"] == "tile.check")
    matches = next(i for i, l in enumerate(said) if l["key"] == "board.matches")
    window = said[check:matches]           # what was heard while the refused tile lay there
    public = announces(window, "public")
    # nothing public names a track or a party while the refused tile lies there
    assert public and not [l for l in public if {"track", "party"} & set(l["params"])]
    assert not [l for l in public if re.search(r"democratic|fascist", l["text"], re.I)]
    # the chancellor hears privately to take it back
    chancellor = rejected.get("seat")
    private = [l for l in said if l["key"] in ("refusal.not_in_hand", "tile.take_back")]
    assert {l["key"] for l in private} >= {"refusal.not_in_hand", "tile.take_back"}
    assert len({l["channel"] for l in private}) == 1
    assert chancellor is None or private[0]["channel"] == f"seat:{chancellor}"


# ----------------------------------------------------------------------------- finding 3
def test_stuck_seat_button_is_spoken_by_seat_never_by_pin():
    for language, seat_words in (("en", "seat 3"), ("de", "Platz drei")):
        out = run_lines([{"setup": {**SETUP, "language": language}},
                         {"signal": "pin", "pin": 27, "level": "low", "hold": 20}])
        said = [l for l in announces(out, "public") if l["key"].startswith("fault.")]
        assert [l["key"] for l in said] == ["fault.stuck.button"] and said[0]["params"] == {"seat": 2}
        assert seat_words in said[0]["text"]
        assert not re.search(r"pin|twenty|siebenundzwanzig", said[0]["text"], re.I)


def test_tracker_pin_in_two_holes_names_the_holes():
    for language, holes in (("en", "holes zero and two"), ("de", "Löcher null und zwei")):
        out = run_lines([{"setup": {**SETUP, "language": language}},
                         {"signal": "pin", "pin": 21, "level": "low", "hold": 3}])
        said = [l for l in announces(out, "public") if l["key"].startswith("fault.")]
        assert [l["key"] for l in said] == ["fault.two_holes"] and said[0]["params"] == {"holes": [0, 2]}
        assert holes in said[0]["text"] and "sixteen" not in said[0]["text"]


# ----------------------------------------------------------------------------- finding 10
def _service_with_board(events: list, mocker, folder) -> tuple[BoardService, list[dict]]:
    """The real service started on an autospec of the hardware board whose ``start`` reports
    ``events`` (readers missing at start, as board.py reports them)."""
    from firmware_host.hardware.board import Board

    out: list[dict] = []

    def board(on_event):
        made = mocker.create_autospec(Board, instance=True)
        made.start.side_effect = lambda: [on_event(e) for e in events]
        return made

    service = BoardService(ServiceSettings(), clock=VirtualClock(), journal=Journal(f"{folder}/j.sqlite3"),
                           voice=SilentVoice(), emit=out.append, notifier=Notifier(None))
    service.start(board)
    service.wait_idle()
    service.stop()
    return service, out


def test_reader_missing_at_start_is_one_fault_in_one_wording(mocker, tmp_path):
    events = []
    for reader in ("ballot", "law"):
        events += [ReaderState(reader, False),
                   Fault(f"{reader} reader", "reader_missing", "/dev/serial/by-id/x: no device",
                         part={"kind": "reader", "reader": reader})]
    _, out = _service_with_board(events, mocker, tmp_path)
    faults = [l for l in out if l.get("event") == "fault"]
    assert [(f["source"], f["reason"]) for f in faults] == [("ballot reader", "reader_missing"),
                                                           ("law reader", "reader_missing")]
    said = [l for l in announces(out) if l["key"].startswith("fault.")]
    assert [(l["key"], l["params"]) for l in said] == [("fault.reader_missing", {"reader": "ballot"}),
                                                      ("fault.reader_missing", {"reader": "law"})]


def test_press_with_nothing_to_do_writes_an_announce_line_for_the_repeat(tmp_path, speech_cache):
    out = run_lines([{"setup": SETUP}, {"signal": "button", "seat": 3, "gesture": "press"}],
                    audio_dir=str(tmp_path / "wav"), speech_cache=str(speech_cache))
    said = announces(out)
    repeat = next(l for l in said if l["channel"] == "seat:3" and catalogue.is_private(l["key"]) is False)
    # the last message seat 3 had heard when it pressed: what is logged is what is played (A25)
    heard = [l for l in said if l["channel"] in ("public", "seat:3") and l is not repeat
             and l["start"] < repeat["start"] and l["key"] == repeat["key"]]
    assert heard and (repeat["key"], repeat["text"]) == (heard[-1]["key"], heard[-1]["text"])
    assert repeat["output"] == "seat:3" and repeat.get("wav")


def _elected() -> list[dict]:
    """Setup, seat 0 nominates seat 1, everyone votes Ja: president seat 0 holds three laws
    (the opening of ``examples/simulate-wrong-track.jsonl``)."""
    return [l for l in (ROOT / "examples" / "simulate-wrong-track.jsonl").read_text().splitlines()
            if l.strip() and not l.startswith("#")][:9]


def test_discard_during_correction_counts_after_the_fix():
    import json
    lines = [json.loads(l) for l in _elected()] + [
        {"signal": "slot", "track": "democratic", "slot": 3, "state": "filled"},   # a stray tile
        {"signal": "law_read", "party": "fascist"},                                 # the president's discard
        {"signal": "slot", "track": "democratic", "slot": 3, "state": "emptied"},
    ]
    out = run_lines(lines)
    held = [l for l in announces(out, "public") if l["key"] == "discard.held"]
    assert [l["params"] for l in held] == [{"seat": 0}] and "fascist" not in held[0]["text"]
    after = keys(_after(out, "board.matches"), "public")
    assert after[:2] == ["board.matches", "legislative.chancellor"] and after[-1] == "next.enact"
    assert not [l for l in out if l.get("event") == "rejected"]
    assert state(out)["phase"] == "legislative_chancellor" and state(out)["discard_pile"] == 1


def test_law_placed_while_the_tracker_is_wrong_is_enacted_after_the_fix():
    import json
    lines = [json.loads(l) for l in _elected()] + [
        {"signal": "law_read", "party": "fascist"},
        {"signal": "law_read", "party": "fascist"},
        {"signal": "tracker", "position": 2},                                       # knocked out of place
        {"signal": "slot", "track": "fascist", "slot": 1, "state": "filled"},       # the chancellor enacts
        {"signal": "tracker", "position": 0},
    ]
    out = run_lines(lines)
    after = keys(_after(out, "board.matches"), "public")
    assert after[:2] == ["board.matches", "law.enacted.fascist"]
    assert state(out)["fascist_laws"] == 1 and state(out)["phase"] == "nomination"
    assert not [l for l in out if l.get("event") in ("rejected", "fault")]


def test_veto_answer_tile_during_correction_counts_after_the_fix():
    from .test_accessibility import _veto_signals
    lines, president = _veto_signals()
    hole = next((l["position"] for l in reversed(lines) if l.get("signal") == "tracker"), 0)
    lines += [{"signal": "tracker", "position": (hole + 1) % 4},
              {"signal": "ballot", "seat": president, "ballot": "nein"},
              {"signal": "tracker", "position": hole}]
    out = run_lines(lines)
    assert [l["params"] for l in announces(out, "public") if l["key"] == "ballot.held"] == [{"seat": president}]
    after = keys(_after(out, "board.matches"), "public")
    assert after[:2] == ["board.matches", "veto.refused"]
    assert not [l for l in out if l.get("event") == "rejected"]


def test_press_on_a_scanned_name_during_correction_is_said_not_taken():
    lines = [{"setup": SETUP}, {"signal": "button", "seat": 0, "gesture": "press"},
             {"signal": "wait_for", "key": "scan.item", "params": {"seat": 2}, "timeout": 60},
             {"signal": "tracker", "position": 1},
             {"signal": "button", "seat": 0, "gesture": "press"},
             {"signal": "tracker", "position": 0}]
    out = run_lines(lines)
    assert not [e for e in out if e.get("event") == "nominated"]
    assert "correction.press_again" in keys(out, "public")
    assert keys(_after(out, "board.matches"), "public")[:2] == ["board.matches", "next.nominate"]


def test_undo_of_an_enactment_says_to_take_the_law_off_then_the_move():
    import json
    lines = [json.loads(l) for l in _elected()] + [
        {"signal": "law_read", "party": "fascist"},
        {"signal": "law_read", "party": "fascist"},
        {"signal": "slot", "track": "fascist", "slot": 1, "state": "filled"},
        {"signal": "gm", "command": "undo"},
        {"signal": "slot", "track": "fascist", "slot": 1, "state": "emptied"},
    ]
    out = run_lines(lines)
    said = announces(_after(out, "undo.action"), "public")
    assert said[0]["params"] == {"action": "enact", "seat": 1}
    assert (said[1]["key"], said[1]["params"]) == ("tile.unexpected", {"track": "fascist", "slot": 1})
    assert [l["key"] for l in said[2:4]] == ["board.matches", "next.enact"]
    assert state(out)["fascist_laws"] == 0 and state(out)["phase"] == "legislative_chancellor"


def test_game_master_choice_during_correction_tells_no_seat_to_press():
    out = run_lines([{"setup": SETUP}, {"signal": "tracker", "position": 2},
                     {"signal": "gm", "command": "choose", "seat": 0, "target": 3}])
    assert "correction.press_again" not in keys(out)
    assert [l["reason"] for l in out if l.get("event") == "fault"][-1] == "refused"


def test_refused_enactment_leaves_no_party_on_the_console():
    import io, json
    from firmware_host.service.signals import parse_script
    from firmware_host.service.simulator import Simulator
    text = (ROOT / "examples" / "simulate-wrong-track.jsonl").read_text()
    lines = [l for l in text.splitlines() if l.strip() and not l.startswith("#")]
    sim = Simulator(None, out=io.StringIO())
    seen = []
    original = sim.stop
    sim.stop = lambda: (seen.append(sim.service.call(sim.service.game.snapshot)), original())
    wrong = next(i for i, l in enumerate(lines) if '"slot"' in l)      # the law on the wrong track
    sim.run_script(parse_script("\n".join(lines[:wrong + 1])))
    snap = seen[0]
    assert not [f for f in snap["faults"] if f.get("reason") == "not_in_hand"]
    assert [m["key"] for m in snap["pins"]["mismatch"]] == ["tile.check"]
    assert "democratic" not in json.dumps(snap["pins"]["mismatch"])


def test_A26_a_press_during_a_correction_is_said_not_taken_in_the_seats_own_earphone_at_once():
    """Issue 31: the table's "press again" waits for the correction it follows; the seat
    hears in its own earphone that its press was not taken before the table says it, after
    nothing but the answers to its own earlier acts (the script lays every ballot during the
    prolog, so their answers, which follow the prolog whole, come first)."""
    lines = gamegen.chaos_script({"players": 5, "seed": 2, "language": "en"})
    first_tracker = next(i for i, l in enumerate(lines) if l.get("signal") == "tracker")
    press = next(l for l in lines[first_tracker:] if l.get("signal") == "button")
    out = run_lines(lines[:first_tracker] + [press, {"signal": "tracker", "position": 1}])
    seat = press["seat"]
    fault = next(i for i, l in enumerate(out) if l.get("event") == "fault")
    mine = announces(out[fault:], f"seat:{seat}")
    own = next(i for i, l in enumerate(mine) if l["key"] == "correction.press_again")
    assert mine[own]["params"] == {"seat": seat}
    assert all(l["key"].startswith("tile.read.") or l["key"] == "table.noted" for l in mine[:own]), mine[:own]
    table = next(l for l in announces(out[fault:], "public") if l["key"] == "correction.press_again")
    assert mine[own]["start"] < table["start"]
