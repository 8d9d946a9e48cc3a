"""Accessibility gaps closed in the service (ACCESSIBILITY.md 5, 7, 11, 13, 19; BOARD.md "Veto"),
driven through ``simulate`` on the mocked board wherever a board signal exists."""

from __future__ import annotations

import json
import wave

import pytest

from firmware_host.clock import VirtualClock
from firmware_host.errors import UsageError
from firmware_host.hardware.events import ButtonGesture
from firmware_host.games.secret_dictator import catalogue
from firmware_host.service.backend import ConsoleBackend
from firmware_host.service.core import BoardService, CommandRefused
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings
from firmware_host.table.scanning import spoken_seconds
from firmware_host.games.secret_dictator.scripting import signals_for_game
from firmware_host.service.signals import parse_script
from firmware_host.service.simulator import Simulator
from firmware_host.service.voice import SilentVoice, Voice

from . import gamegen
from .conftest import ROOT, announces, keys, run_lines, state

SETUP_VETO = {"players": 5, "seed": 3, "language": "en", "variant": "official"}


def _veto_signals() -> tuple[list[dict], int]:
    """Board signals up to the chancellor's veto (official variant, after 5 fascist laws); the president."""
    actions = gamegen.find_game(SETUP_VETO, lambda a, g: any(x["action"] == "veto_reply" for x in a), ja=0.9)
    i = gamegen.first_index(actions, lambda x: x["action"] == "veto_reply")
    return signals_for_game(SETUP_VETO, actions[:i]), actions[i]["seat"]


@pytest.mark.parametrize("answer, public_key", [("ja", "veto.accepted"), ("nein", "veto.refused")])
def test_BOARD_veto_president_answers_by_scanning(answer, public_key):
    lines, president = _veto_signals()
    lines += [{"signal": "button", "seat": president, "gesture": "press"},
              {"signal": "wait_for", "key": f"veto.scan.{answer}", "timeout": 120},
              {"signal": "button", "seat": president, "gesture": "press"}]
    out = run_lines(lines)
    scan_lines = [l for l in announces(out) if l["key"] in ("veto.scan.start", "veto.scan.ja", "veto.scan.nein")]
    # the list is read into the president's earphone only (ACCESSIBILITY.md 17)
    assert scan_lines and {l["channel"] for l in scan_lines} == {f"seat:{president}"}
    assert [l["key"] for l in scan_lines][:3] == ["veto.scan.start", "veto.scan.ja", "veto.scan.nein"][:len(scan_lines[:3])]
    said = announces(out)
    # the answer is announced at the table, after the item the president pressed on
    assert public_key in keys(out, "public")
    assert said.index(next(l for l in said if l["key"] == public_key)) > said.index(scan_lines[-1])
    assert not [l for l in out if l.get("event") in ("fault", "rejected")]


def test_BOARD_veto_scan_offers_cancel_and_cancelling_leaves_the_veto_pending():
    lines, president = _veto_signals()
    lines += [{"signal": "button", "seat": president, "gesture": "press"},
              {"signal": "wait_for", "key": "scan.cancel", "timeout": 120},
              {"signal": "button", "seat": president, "gesture": "press"}]
    out = run_lines(lines)
    assert "scan.cancelled" in keys(out, f"seat:{president}")
    k = keys(out, "public")
    assert "veto.accepted" not in k and "veto.refused" not in k
    assert state(out)["phase"] == "legislative_chancellor"


# ----------------------------------------------------------------------------- helpers
class TimedOut:
    """A ``simulate`` output stream that keeps each line with the virtual clock's time."""

    def __init__(self) -> None:
        self.rows: list[tuple[float, dict]] = []
        self.sim = None

    def write(self, text: str) -> None:
        for raw in text.splitlines():
            self.rows.append((self.sim.clock.now() if self.sim and self.sim.clock else 0.0, json.loads(raw)))

    def flush(self) -> None:
        pass


def simulate(lines: list[dict], **kwargs) -> tuple[Simulator, TimedOut]:
    """Run a script; returns the simulator (its service and voice stay readable) and the timed output."""
    out = TimedOut()
    sim = Simulator(kwargs.pop("config_path", None), out=out, **kwargs)
    out.sim = sim
    text = "\n".join(json.dumps(x) for x in lines)
    assert sim.run_script(parse_script(text)) == 0
    return sim, out


def lines_of(out: TimedOut) -> list[dict]:
    return [line for _, line in out.rows]


# ----------------------------------------------------------------------------- ACCESSIBILITY.md 7
def test_A7_setup_plays_back_each_configured_name_with_its_seat():
    setup = {"players": 5, "seed": 2, "language": "en", "names": {"0": "Anna", "2": "Ben"}}
    out = run_lines([{"setup": setup}])
    said = [l for l in announces(out, "public") if l["key"] == "setup.seat_name"]
    assert [l["params"]["seat"] for l in said] == [0, 2]
    assert said[0]["text"] == "Name: Anna, seat 1"       # the long wording first (ACCESSIBILITY.md 5)
    assert said[1]["text"] == "Ben, seat 3"
    k = keys(out, "public")
    assert k.index("setup.seat_name") < k.index("game.started")


def test_A7_setup_without_names_plays_back_nothing():
    out = run_lines([{"setup": {"players": 5, "seed": 2, "language": "de"}}])
    assert "setup.seat_name" not in keys(out)


def test_A7_pronunciation_override_reaches_the_voice_untouched():
    override = "[[b'En]]"
    sim, out = simulate([{"setup": {"players": 5, "seed": 2, "language": "de", "names": ["Anna", override]}}])
    spoken = [text for channel, key, text in sim.service.voice.said if key == "setup.seat_name"]
    assert spoken == ["Name: Anna, Platz eins", f"{override}, Platz zwei"]
    assert [l["text"] for l in announces(lines_of(out), "public") if l["key"] == "setup.seat_name"] == spoken


def test_A7_voice_adapter_passes_phoneme_input_to_the_audio_layer_unchanged(mocker):
    from firmware_host.audio import AudioService

    audio = mocker.create_autospec(AudioService, instance=True)
    Voice(audio).say("public", "[[b'En]], Platz zwei", key="setup.seat_name")
    audio.say.assert_called_once()
    assert audio.say.call_args.args[:2] == ("public", "[[b'En]], Platz zwei")


# ----------------------------------------------------------------------------- ACCESSIBILITY.md 19
SETTINGS = {"rate": 300, "volume": 0.5, "verbosity": "short", "scan_interval": 3.0, "name": "Ben"}


def test_A19_seat_settings_survive_a_restart_and_stay_out_of_the_game_journal(tmp_path):
    journal = str(tmp_path / "journal.sqlite3")
    setup = {"setup": {"players": 5, "seed": 2, "language": "en"}}
    sim1, out1 = simulate([setup, {"signal": "gm", "command": "seat_settings", "seat": 1, **SETTINGS}],
                          journal_path=journal)
    assert "settings.saved" in keys(lines_of(out1), "seat:1")
    # a restart: a new service on the same file resumes the game with the seat's settings
    sim2, out2 = simulate([setup, {"signal": "button", "seat": 0, "gesture": "press"},
                           # the list starts once the table has said its resumption (ACCESSIBILITY.md 22)
                           {"signal": "wait_for", "key": "scan.item", "params": {"seat": 1}, "timeout": 90}],
                          journal_path=journal)
    game = sim2.service.game
    assert "service.resumed" in keys(lines_of(out2), "public")
    assert game.seat_settings[1].to_json() == SETTINGS
    assert sim2.service.voice.seat_voices[1] == {"rate": 300, "volume": 0.5}
    assert game.snapshot()["seat_settings"] == {"1": SETTINGS}
    assert game.active.seats.scan_settings(1).interval == 3.0 and game.active.seats.scan_settings(0).interval == 1.5
    # the name is how the board calls the seat from now on
    assert [l["text"] for l in announces(lines_of(out2), "seat:0")
            if l["key"] == "scan.item" and l["params"] == {"seat": 1}][-1].startswith("Ben")
    j = Journal(journal)
    try:
        assert j.seat_settings() == {1: SETTINGS}
        bodies = json.dumps([j.entries(j.last_game().id), j.replay_lines(j.last_game().id)])
        assert '"rate"' not in bodies and '"scan_interval"' not in bodies and '"verbosity"' not in bodies
    finally:
        j.close()


def test_A19_a_stored_name_is_the_seat_name_of_the_next_game(tmp_path):
    path = tmp_path / "j.sqlite3"
    for run in range(2):
        lines: list[dict] = []
        service = BoardService(ServiceSettings(journal_path=str(path)), clock=VirtualClock(), journal=Journal(path),
                               voice=SilentVoice(), emit=lines.append, notifier=Notifier(None))
        service.start(None, resume=False)
        backend = ConsoleBackend(service)
        try:
            if run == 0:
                backend.command("seat_settings", seat=2, name="Cleo")
                continue
            backend.setup_game({"players": 5, "seed": 1, "language": "en", "names": {"0": "Anna"}})
            backend.command("start")
        finally:
            service.stop()
            service.journal.close()
    named = [l["text"] for l in lines if l.get("key") == "setup.seat_name"]
    assert named == ["Name: Anna, seat 1", "Cleo, seat 3"]


@pytest.fixture
def backend(tmp_path):
    service = BoardService(ServiceSettings(journal_path=str(tmp_path / "j.sqlite3")), clock=VirtualClock(),
                           journal=Journal(tmp_path / "j.sqlite3"), voice=SilentVoice(), emit=lambda line: None,
                           notifier=Notifier(None))
    service.start(None)
    yield ConsoleBackend(service)
    service.stop()


@pytest.mark.parametrize("field, low, high, below, above", [
    ("rate", 80, 450, 79, 451),
    ("volume", 0.0, 1.0, -0.01, 1.01),
    ("scan_interval", 0.5, 5.0, 0.49, 5.01),
])
def test_A19_seat_settings_ranges(backend, field, low, high, below, above):
    assert backend.command("seat_settings", seat=3, **{field: low})["settings"] == {field: low}
    assert backend.command("seat_settings", seat=3, **{field: high})["settings"] == {field: high}
    for bad in (below, above, "fast", True):
        with pytest.raises(CommandRefused) as err:
            backend.command("seat_settings", seat=3, **{field: bad})
        assert "\n" not in str(err.value) and field in str(err.value)
    # a refused change changes nothing, in memory or in the file
    assert backend.snapshot()["seat_settings"] == {"3": {field: high}}
    assert backend.service.journal.seat_settings() == {3: {field: high}}


@pytest.mark.parametrize("fields", [{"seat": 10, "rate": 200}, {"seat": "2", "rate": 200}, {"seat": 2, "pitch": 3},
                                    {"seat": 2, "verbosity": "loud"}, {"seat": 2, "name": 5}])
def test_A19_seat_settings_refuse_a_bad_seat_or_field_in_one_line(backend, fields):
    with pytest.raises(CommandRefused) as err:
        backend.command("seat_settings", **fields)
    assert "\n" not in str(err.value)
    assert backend.snapshot()["seat_settings"] == {}


def test_A19_a_reset_field_goes_back_to_the_default(backend):
    backend.command("seat_settings", seat=0, rate=300, name="Anna")
    assert backend.command("seat_settings", seat=0, rate=None, name="")["settings"] == {}
    assert backend.service.voice.seat_voices[0] == {"rate": None, "volume": None}


def config_with(tmp_path, extra: str) -> str:
    """The shipped board config plus ``extra`` TOML, written to ``tmp_path``; returns its path."""
    text = (ROOT / "hardware" / "board.toml").read_text(encoding="utf-8")
    text = text.replace('registry = "tags.toml"', f'registry = "{ROOT / "hardware" / "tags.toml"}"')
    path = tmp_path / "board.toml"
    path.write_text(text + "\n" + extra + "\n", encoding="utf-8")
    return str(path)


def scan_rows(out: TimedOut, seat: int) -> list[tuple[float, dict]]:
    """(start, announce line) of the scan items (names and cancel) read into ``seat``'s earphone."""
    return [(l["start"], l) for _, l in out.rows if l.get("event") == "announce" and l["channel"] == f"seat:{seat}"
            and l["key"] in ("scan.item", "scan.cancel", "veto.scan.ja", "veto.scan.nein")]


SCAN_SETUP = {"players": 5, "seed": 2, "language": "en", "first_president": 0,
              "names": ["Anna", "Bartholomäus Oberhuber-Schwarzenberg", "Cleo", "Dorothea von Hohenlohe", "Ed"]}


# ----------------------------------------------------------------------------- ACCESSIBILITY.md 5
def test_A5_the_table_hears_the_long_wording_first_then_the_short_one():
    setup = {"players": 5, "seed": 21, "language": "en"}
    actions = gamegen.find_game(setup, lambda a, g: True)
    cut = [i for i, a in enumerate(actions) if a["action"] == "nominate"][2]
    out = run_lines(signals_for_game(setup, actions[:cut + 1]))
    seen: set[str] = set()
    repeated = 0
    for line in announces(out, "public")[1:]:        # after the board's "ready" (in the board's language)
        key, params = line["key"], line["params"]
        long = key not in seen
        repeated += not long
        seen.add(key)
        assert line["text"] == catalogue.text(key, params, "en", long=long), key
    assert repeated >= 5 and "president.new" in seen


@pytest.mark.parametrize("verbosity, expected", [(None, [True, False]), ("long", [True, True]),
                                                 ("short", [False, False])])
def test_A5_an_earphone_hears_the_long_wording_first_unless_the_seat_chose_otherwise(verbosity, expected):
    lines = [{"setup": {"players": 5, "seed": 2, "language": "en", "first_president": 0}}]
    if verbosity:
        lines.append({"signal": "gm", "command": "seat_settings", "seat": 0, "verbosity": verbosity})
    lines += [{"signal": "button", "seat": 0, "gesture": "press"},
              {"signal": "wait_for", "key": "scan.cancel", "timeout": 120},
              {"signal": "button", "seat": 0, "gesture": "press"},
              {"signal": "wait", "seconds": 2},
              {"signal": "button", "seat": 0, "gesture": "press"},
              {"signal": "wait", "seconds": 1}]
    out = run_lines(lines)
    starts = [l["text"] for l in announces(out, "seat:0") if l["key"] == "scan.start"]
    assert starts == [catalogue.text("scan.start", {}, "en", long=long) for long in expected]


# ----------------------------------------------------------------------------- ACCESSIBILITY.md 13
def _scan_run(**kwargs) -> TimedOut:
    # the press comes at once: the scan starts after the prolog, padded over every role and
    # team any seat could hold (R16), with this setup's long names some 19 s
    lines = [{"setup": SCAN_SETUP}, {"signal": "button", "seat": 0, "gesture": "press"},
             {"signal": "wait_for", "key": "scan.cancel", "timeout": 120}, {"signal": "wait", "seconds": 1}]
    return simulate(lines, **kwargs)[1]


def test_A13_a_scan_step_is_the_played_name_plus_the_interval():
    rows = scan_rows(_scan_run(), 0)
    assert len(rows) >= 5
    for (t0, line), (t1, _) in zip(rows, rows[1:]):
        # the next name starts the scan interval after this one *ended playing* (13, 21)
        assert t1 - line["end"] == pytest.approx(1.5, abs=0.002)
        assert line["end"] - t0 > 0.3                       # a real spoken name, not an instant


def test_A13_without_sound_a_scan_step_is_the_estimated_name_plus_the_interval(tmp_path):
    clock = VirtualClock()
    lines: list[dict] = []
    service = BoardService(ServiceSettings(journal_path=str(tmp_path / "j.sqlite3")), clock=clock,
                           journal=Journal(tmp_path / "j.sqlite3"), voice=SilentVoice(), emit=lines.append,
                           notifier=Notifier(None))
    service.start(None)
    try:
        backend = ConsoleBackend(service)
        backend.setup_game({"players": 5, "seed": 2, "language": "en", "first_president": 0})
        backend.command("start")
        service.submit(ButtonGesture(seat=0, gesture="press"))
        service.wait_idle()
        times = []
        for _ in range(2000):
            due = clock.next_due()
            if due is None or len(times) >= 5:
                break
            before = len(lines)
            clock.advance_to(due)
            service.wait_idle()
            times += [(due, l) for l in lines[before:] if l.get("key") in ("scan.item", "scan.cancel")]
    finally:
        service.stop()
    assert len(times) >= 5
    for (t0, line), (t1, _) in zip(times, times[1:]):
        assert t1 - t0 == pytest.approx(spoken_seconds(line["text"], 175) + 1.5, abs=1e-9)


def _wav_seconds(path: str) -> float:
    with wave.open(path, "rb") as w:
        return w.getnframes() / w.getframerate()


def test_A13_a_scan_step_is_the_rendered_name_plus_the_interval_and_deterministic(tmp_path, speech_cache):
    timings = []
    for run in range(2):
        out = _scan_run(audio_dir=str(tmp_path / f"audio{run}"), speech_cache=str(speech_cache))
        rows = scan_rows(out, 0)
        assert len(rows) >= 5 and all(l.get("wav") for _, l in rows)
        for (t0, line), (t1, _) in zip(rows, rows[1:]):
            # the step holds the whole rendered name (never cut off), then the scan interval
            assert t1 - t0 == pytest.approx(_wav_seconds(line["wav"]) + 1.5, abs=0.002)
            assert line["end"] - t0 == pytest.approx(_wav_seconds(line["wav"]), abs=0.002)
        timings.append([round(t, 6) for t, _ in rows])
    assert timings[0] == timings[1]


# ----------------------------------------------------------------------------- ACCESSIBILITY.md 11
def _scan_and_wait(seconds: float, **kwargs) -> list[dict]:
    lines = [{"setup": {"players": 5, "seed": 2, "language": "en", "first_president": 0}},
             {"signal": "button", "seat": 0, "gesture": "press"}, {"signal": "wait", "seconds": seconds}]
    return lines_of(simulate(lines, **kwargs)[1])


def test_A11_the_scan_stop_can_be_switched_off(tmp_path):
    out = _scan_and_wait(600, config_path=config_with(tmp_path, "[scan]\npasses = 0"))
    assert "scan.stopped" not in keys(out)
    assert keys(out, "seat:0").count("scan.cancel") > 30          # far beyond tenfold, still reading
    assert state(out)["phase"] == "nomination"                   # it never chooses by itself (14)


def test_A11_the_scan_stop_can_be_lengthened_tenfold(tmp_path):
    out = _scan_and_wait(900, config_path=config_with(tmp_path, "[scan]\npasses = 30"))
    k = keys(out, "seat:0")
    assert k.count("scan.stopped") == 1 and k.count("scan.cancel") == 30
    assert k.index("scan.stopped") > max(i for i, key in enumerate(k) if key == "scan.cancel")


def test_A11_the_scan_stop_refuses_more_than_thirty_passes(tmp_path):
    from firmware_host.board_config import load_config
    with pytest.raises(UsageError):
        load_config(config_with(tmp_path, "[scan]\npasses = 31"))


def test_A11_a_press_on_a_stopped_scan_starts_all_its_passes_again():
    lines = [{"setup": {"players": 5, "seed": 2, "language": "en", "first_president": 0}},
             {"signal": "button", "seat": 0, "gesture": "press"}, {"signal": "wait_for", "key": "scan.stopped", "timeout": 120},
             {"signal": "button", "seat": 0, "gesture": "press"}, {"signal": "wait", "seconds": 120}]
    out = run_lines(lines)
    k = keys(out, "seat:0")
    assert k.count("scan.stopped") == 2 and k.count("scan.cancel") == 6     # 3 passes, a press, 3 more
    assert state(out)["phase"] == "nomination" and "nomination.made" not in keys(out)


class WhisperVoice(SilentVoice):
    """A voice with a whisper station that has called seat 0 (and keeps no clock: no timeout)."""

    def __init__(self) -> None:
        super().__init__()
        self.called: int | None = 0
        self.visits: list[int] = []

    def confirm_whisper(self, seat: int) -> bool:
        if seat != self.called:
            return False
        self.called = None
        self.visits.append(seat)
        return True


def test_A11_the_whisper_station_waits_for_the_called_seats_press_without_a_time_limit(tmp_path):
    voice = WhisperVoice()
    clock = VirtualClock()
    service = BoardService(ServiceSettings(journal_path=str(tmp_path / "j.sqlite3")), clock=clock,
                           journal=Journal(tmp_path / "j.sqlite3"), voice=voice, emit=lambda line: None,
                           notifier=Notifier(None))
    service.start(None)
    try:
        backend = ConsoleBackend(service)
        backend.setup_game({"players": 5, "seed": 2, "language": "en", "first_president": 0})
        backend.command("start")
        clock.advance(3600)                       # an hour later the call still stands
        service.submit(ButtonGesture(seat=0, gesture="press"))
        service.wait_idle()
        assert voice.visits == [0] and backend.snapshot()["scan"] is None   # the press went to the station
        service.submit(ButtonGesture(seat=0, gesture="press"))
        service.wait_idle()
        assert backend.snapshot()["scan"] == {"seat": 0, "purpose": "nominate"}
    finally:
        service.stop()


def test_BOARD_veto_scan_example_runs_without_a_fault():
    out = run_lines((ROOT / "examples" / "simulate-veto-scan.jsonl").read_text())
    assert "settings.saved" in keys(out) and "veto.scan.start" in keys(out)
    assert "veto.accepted" in keys(out, "public") or "veto.refused" in keys(out, "public")
    assert not [l for l in out if l.get("event") in ("fault", "rejected")]


def test_A19_a_seat_scan_interval_sets_its_scan_steps_even_while_it_scans():
    lines = [{"setup": {"players": 5, "seed": 2, "language": "en", "first_president": 0}},
             {"signal": "gm", "command": "seat_settings", "seat": 0, "scan_interval": 4.0},
             {"signal": "button", "seat": 0, "gesture": "press"},
             # the list starts once the table has said who is president (ACCESSIBILITY.md 22)
             {"signal": "wait_for", "key": "scan.cancel", "timeout": 120},
             {"signal": "gm", "command": "seat_settings", "seat": 0, "scan_interval": 0.5},
             {"signal": "wait_for", "key": "scan.cancel", "timeout": 60}]
    rows = scan_rows(simulate(lines)[1], 0)
    gaps = [t1 - line["end"] for (t0, line), (t1, _) in zip(rows, rows[1:])]
    assert gaps[:4] == pytest.approx([4.0] * 4) and gaps[-4:] == pytest.approx([0.5] * 4)
