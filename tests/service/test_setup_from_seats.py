"""Setup from the seats (issue 14): with no game set up a press at any seat starts a spoken
setup in that seat's earphone, by the same scanning as every choice; then every seat says "I
am here" with a press. On the virtual clock with real clip lengths: the scan plans from what
was heard (ACCESSIBILITY.md 13, 14, 20-25)."""

from __future__ import annotations

import json

from firmware_host.service.journal import Journal
from firmware_host.table.lobby import seat_setup_signals

from .conftest import ROOT, announces, keys, run_lines, state

ANSWERS = {"language": "de", "players": 7, "variant": "official", "deck": "untracked"}


def press(seat: int, gesture: str = "press") -> dict:
    return {"signal": "button", "seat": seat, "gesture": gesture}


def wait_for(key: str, params: dict | None = None, timeout: float = 120) -> dict:
    return {"signal": "wait_for", "key": key, "params": params or {}, "timeout": timeout}


def no_faults(out: list[dict]) -> None:
    assert [l for l in out if l.get("event") in ("fault", "rejected")] == []


def test_a_press_at_any_seat_sets_up_a_7_player_game_with_no_gm_signal(tmp_path):
    """The shipped script piece: no setup line, no ``gm`` signal, no console request."""
    text = (ROOT / "examples" / "simulate-setup-from-seats-7p.jsonl").read_text()
    lines = [json.loads(l) for l in text.splitlines() if l.strip() and not l.startswith("#")]
    assert not [l for l in lines if l.get("signal") in ("gm", "setup") or "setup" in l]
    out = run_lines(text, journal_path=str(tmp_path / "j.sqlite3"))
    no_faults(out)
    said = keys(out, "seat:3")
    assert said[:3] == ["lobby.start", "lobby.question.game", "lobby.option.game"]
    for key in ("lobby.question.language", "lobby.question.players", "setup.question.variant", "setup.question.deck", "lobby.question.start"):
        assert key in said
    assert not [l for l in announces(out) if l["key"].startswith(("lobby.question", "lobby.option", "setup."))
                and l["channel"] != "seat:3"]                       # the questions only in the earphone
    assert [l["params"] for l in announces(out, "seat:6") if l["key"] == "lobby.busy"] == [{"seat": 3}]
    assert [l["params"] for l in announces(out, "seat:8") if l["key"] == "lobby.not_playing"] == [{"seat": 8, "last": 7}]
    public = keys(out, "public")
    assert public.index("lobby.presence.call") < public.index("lobby.all_present") < public.index("game.started")
    assert [l["params"]["missing"] for l in announces(out, "public") if l["key"] == "lobby.present"] == [6, 5, 4, 3, 2, 1]
    final = state(out)
    assert final["phase"] == "nomination" and len(final["alive"]) == 7
    journal = Journal(tmp_path / "j.sqlite3")
    setup = journal.game(journal.last_game().id).setup
    assert (setup["players"], setup["variant"], setup["deck"], setup["language"]) == (7, "official", "untracked", "de")


def test_the_seats_setup_journals_the_same_line_as_the_console(tmp_path):
    seats = tmp_path / "seats.sqlite3"
    console = tmp_path / "console.sqlite3"
    run_lines(seat_setup_signals(ANSWERS, by=0), journal_path=str(seats), setup_seed=41)
    run_lines([{"setup": {**ANSWERS, "seed": 41}}], journal_path=str(console))
    one, two = Journal(seats), Journal(console)
    assert one.game(one.last_game().id).setup == two.game(two.last_game().id).setup


def test_a21_each_answer_is_said_an_interval_after_the_one_before_has_ended():
    out = run_lines([press(1), wait_for("lobby.option.game", {"title": "Secret Dictator"}), press(1),
                     wait_for("lobby.option.language.de"), press(1),
                     wait_for("lobby.option.players", {"count": 8}), press(1)])
    said = announces(out, "seat:1")
    question = next(i for i, l in enumerate(said) if l["key"] == "lobby.question.players")
    intro, first, second = said[question], said[question + 1], said[question + 2]
    assert abs(first["start"] - (intro["end"] + 1.0)) < 0.05              # first_delay after the question (14)
    assert abs(second["start"] - (first["end"] + 1.5)) < 0.05             # the interval after it ended (13, 21)
    assert first["end"] - first["start"] > 0.5                             # a real clip length
    chosen = [l for l in said if l["key"] == "lobby.option.players"][-1]
    assert chosen["params"] == {"count": 8}
    assert "setup.question.variant" in keys(out, "seat:1")


def test_a_press_at_another_seat_during_the_setup_is_told_who_is_setting_up():
    out = run_lines([press(2), wait_for("lobby.question.game"), press(6)])
    busy = [l for l in announces(out, "seat:6") if l["key"] == "lobby.busy"]
    assert [l["params"] for l in busy] == [{"seat": 2}]
    assert busy[0]["text"] == "Bitte warten: Platz drei ist gerade beim Einrichten des Spiels."
    assert "lobby.start" not in keys(out, "seat:6")


def test_a_seat_outside_the_game_is_refused_with_the_seats_that_play():
    lines = seat_setup_signals({**ANSWERS, "players": 5}, by=0)
    call = next(i for i, l in enumerate(lines) if l.get("key") == "lobby.presence.call")
    out = run_lines(lines[:call + 1] + [press(7)] + lines[call + 1:])
    refused = [l for l in announces(out, "seat:7") if l["key"] == "lobby.not_playing"]
    assert [l["params"] for l in refused] == [{"seat": 7, "last": 5}]
    assert "eins bis fünf" in refused[0]["text"]
    assert state(out)["phase"] == "nomination" and len(state(out)["alive"]) == 5


def test_back_returns_to_the_question_before_and_cancel_on_the_first_stops():
    out = run_lines([press(0), wait_for("lobby.option.game"), press(0),
                     wait_for("lobby.option.language.en"), press(0),
                     wait_for("lobby.back"), press(0),                    # from players back to language
                     wait_for("lobby.back"), press(0),                    # and back to the game
                     wait_for("lobby.cancel"), press(0)])                 # and stop
    said = keys(out, "seat:0")
    assert said.count("lobby.question.language") == 2 and said.count("lobby.question.game") == 2
    assert said[-1] == "lobby.cancelled"
    assert state(out) is None


def test_a_setup_with_no_press_is_abandoned_after_its_last_clip_and_the_board_waits_again():
    out = run_lines([press(3), {"signal": "wait", "seconds": 200}, press(5), wait_for("lobby.question.game")])
    stopped = [l for l in announces(out, "seat:3") if l["key"] == "lobby.stopped"]
    abandoned = [l for l in announces(out, "public") if l["key"] == "lobby.abandoned"]
    assert len(stopped) == 1 and len(abandoned) == 1
    assert abs(abandoned[0]["start"] - (stopped[0]["end"] + 60.0)) < 0.05   # [service] setup_abandon_s from what was heard
    assert "lobby.start" in keys(out, "seat:5")                          # a new setup from another seat


def test_the_game_masters_setup_at_the_console_ends_a_setup_from_the_seats():
    setup = {"players": 5, "seed": 3, "language": "de"}
    out = run_lines([press(1), wait_for("lobby.question.game"),
                     {"signal": "gm", "command": "start", "setup": setup}])
    assert "lobby.console" in keys(out, "seat:1")
    assert state(out)["phase"] == "nomination"


def test_names_are_picked_from_the_enrolled_list_each_once(tmp_path):
    config = tmp_path / "board.toml"
    text = (ROOT / "firmware_host" / "data" / "board.toml").read_text()
    config.write_text(text + '\n[service]\nplayer_names = ["Anna", "Jörg", "Mia"]\n')
    answers = {**ANSWERS, "players": 5, "language": "en", "names": "list"}
    lines = seat_setup_signals(answers, by=0, names={0: "Mia", 2: "Anna"})
    out = run_lines(lines, config_path=str(config))
    no_faults(out)
    offered = [l["params"]["name"] for l in announces(out, "seat:2") if l["key"] == "lobby.option.name"]
    assert "Mia" not in offered and "Anna" in offered                   # taken by seat 0 already
    arrived = [l["text"] for l in announces(out, "public") if l["key"] == "lobby.present"]
    assert arrived[0].startswith("Mia, seat 1 is here")
    assert "setup.seat_name" in keys(out, "public")                      # the game says the names back


def test_another_registered_game_is_set_up_from_the_seats_too():
    """The lobby knows no game: "In this way I become a DICTATOR" asks only its player count."""
    answers = {"game": "become_dictator", "language": "en", "players": 4}
    out = run_lines(seat_setup_signals(answers, by=1) + [{"signal": "wait", "seconds": 5}])
    no_faults(out)
    assert "setup.question.variant" not in keys(out)
    titles = [l["params"]["title"] for l in announces(out, "seat:1") if l["key"] == "lobby.option.game"]
    from firmware_host.kernel import games
    from firmware_host.table.lobby import lobby_games
    offered = [games.pack(n).lobby().title("de") for n in lobby_games()]  # every registered game with a board
    assert titles == offered[:offered.index("So werde ich zum Diktator") + 1] and titles[0] == "Secret Dictator"
    assert state(out) is not None and "lobby.all_present" in keys(out, "public")


def test_a_real_board_asks_no_deck_it_plays_the_physical_one():
    """BOARD.md: a physical deck is never contradicted by a virtual one (``run`` sets
    ``physical_deck``): the seats are not offered a board-shuffled draw pile there."""
    from firmware_host.kernel import games
    from firmware_host.service.settings import service_settings

    sd = games.pack("secret_dictator").lobby()
    on_board = service_settings(None).replace(physical_deck=True)
    assert [q["name"] for q in sd.questions(10, on_board)] == ["players", "variant"]
    assert [q["name"] for q in sd.questions(6, None)] == ["players", "variant", "deck"]
    assert [o["value"] for o in sd.questions(6, None)[0]["options"]] == [5, 6]       # no more than the seats
    assert sd.setup({"players": 7, "variant": "official"})["deck"] == "untracked"
    lines = seat_setup_signals({**ANSWERS}, settings=on_board)
    assert not [l for l in lines if str(l.get("key", "")).startswith("setup.deck")]


def test_dying_message_is_set_up_from_the_seats_with_its_player_count():
    """Dying Message asks only its player count; the board deals M5's characters from a seed
    it draws and its first night begins."""
    answers = {"game": "dying_message", "language": "en", "players": 5}
    out = run_lines(seat_setup_signals(answers, by=0) + [{"signal": "wait", "seconds": 60}])
    no_faults(out)
    assert "lobby.all_present" in keys(out, "public")
    assert "night.falls" in keys(out, "public")
    final = state(out)
    assert final["game"] == "dying_message" and final["alive"] == [0, 1, 2, 3, 4]


def test_A28_issue31_seats_still_to_come_are_named_after_a_quiet_spell_and_the_setup_is_abandoned_only_after():
    """While the table waits for "I am here", two seats of five have pressed and the rest stay
    silent: after a quiet spell of 20 s the table hears whom it still waits for (``lobby.waiting``,
    seats three to five), again after a longer one, and the setup is abandoned only
    ``setup_abandon_s`` (60 s) after the last reminder ended (before: 60 s of silence, then
    the whole setup abandoned, the seats already present with it)."""
    lines = seat_setup_signals({**ANSWERS, "players": 5}, by=0)
    call = next(i for i, l in enumerate(lines) if l.get("key") == "lobby.presence.call")
    out = run_lines(lines[:call + 1] + [{"signal": "wait", "seconds": 1.5}, press(0), {"signal": "wait", "seconds": 1.0},
                                        press(1), {"signal": "wait", "seconds": 400}])
    public = announces(out, "public")
    present = [l for l in public if l["key"] == "lobby.present"]
    waiting = [l for l in public if l["key"] == "lobby.waiting"]
    abandoned = [l for l in public if l["key"] == "lobby.abandoned"]
    assert [l["params"]["missing"] for l in present] == [4, 3]
    assert len(waiting) == 2 and all(l["params"] == {"seats": [2, 3, 4]} for l in waiting), waiting
    assert "Plätze drei, vier und fünf" in waiting[0]["text"], waiting[0]["text"]
    before = max(l["end"] for l in out if l.get("event") == "announce" and l["start"] < waiting[0]["start"])
    assert 19.9 <= waiting[0]["start"] - before <= 21.0            # a quiet spell, never 30 s of silence
    assert len(abandoned) == 1 and abandoned[0]["start"] > waiting[-1]["start"]
    assert abs(abandoned[0]["start"] - (waiting[-1]["end"] + 60.0)) < 0.05   # counted from the last reminder
