"""The console backend on a real board service (no hardware): setup, commands, undo as a
journal entry, snapshots without secrets, the reveal warning, change notifications."""

from __future__ import annotations

import json
import logging

import pytest

from firmware_host.clock import VirtualClock
from firmware_host.errors import UsageError
from firmware_host.service.backend import ConsoleBackend
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import SilentVoice

SETUP = {"players": 5, "seed": 4, "language": "en", "names": ["Anna", "Ben", "", "Dora", "Emil"]}


@pytest.fixture
def board(tmp_path):
    lines: list[dict] = []
    service = BoardService(ServiceSettings(journal_path=str(tmp_path / "j.sqlite3")), clock=VirtualClock(),
                           journal=Journal(tmp_path / "j.sqlite3"), voice=SilentVoice(), emit=lines.append,
                           notifier=Notifier(None))
    service.start(None)
    backend = ConsoleBackend(service)
    yield service, backend, lines
    service.stop()


def test_setup_then_start_plays_names_and_game(board):
    service, backend, lines = board
    backend.setup_game(SETUP)
    assert backend.snapshot()["view"] is None
    backend.command("start")
    snap = backend.snapshot()
    assert snap["view"]["phase"] == "nomination" and snap["setup"]["names"]["0"] == "Anna"
    assert any("Anna" in l.get("text", "") for l in lines if l.get("event") == "announce")


def test_R16_snapshot_holds_no_secret_before_the_end(board):
    service, backend, lines = board
    backend.setup_game(SETUP)
    backend.command("start")
    backend.command("choose", seat=0, target=2)
    for seat in range(5):
        backend.command("act", action={"action": "vote", "seat": seat, "ballot": "ja"})
    text = json.dumps(backend.snapshot())
    assert '"hand"' not in text and '"seed"' not in text
    assert backend.snapshot()["view"]["roles"] is None and backend.snapshot()["setup"]["deck"] == "tracked"
    from firmware_host.games.secret_dictator import catalogue
    assert not [a for a in backend.snapshot()["announcements"] if catalogue.is_private(a["key"])]


def test_reveal_logs_a_warning_each_time(board, caplog):
    service, backend, lines = board
    backend.setup_game(SETUP)
    backend.command("start")
    with caplog.at_level(logging.WARNING, logger="firmware_host.service"):
        everything = backend.reveal(None)
        one = backend.reveal(3)
    assert sorted(everything["roles"]) == [0, 1, 2, 3, 4] and list(one["roles"]) == [3]
    assert [r.getMessage().startswith("secret revealed to game master") for r in caplog.records].count(True) == 2


def test_undo_is_a_journal_entry_and_rebuilds_the_game(board):
    service, backend, lines = board
    backend.setup_game(SETUP)
    backend.command("start")
    backend.command("choose", seat=0, target=2)
    assert backend.snapshot()["view"]["phase"] == "election"
    backend.command("undo")
    assert backend.snapshot()["view"]["phase"] == "nomination"
    kinds = [k for k, _ in service.journal.entries(service.game.game_id) if k != "note"]
    assert kinds == ["action", "undo"]
    with pytest.raises(UsageError, match="nothing to undo"):
        backend.command("undo")


def test_refused_commands_are_usage_errors_with_one_line(board):
    service, backend, lines = board
    with pytest.raises(UsageError):
        backend.command("start")                       # no setup
    with pytest.raises(UsageError):
        backend.setup_game({"players": 11})
    with pytest.raises(UsageError, match="unknown command"):
        backend.command("explode")
    backend.setup_game(SETUP)
    backend.command("start")
    with pytest.raises(UsageError) as info:
        backend.command("act", action={"action": "vote", "seat": 0, "ballot": "ja"})   # no election yet
    assert "\n" not in str(info.value)
    assert [l["reason"] for l in lines if l.get("event") == "rejected"] == ["wrong_phase"]
    backend.command("act", action={"action": "nominate", "seat": 0, "target": 2})
    with pytest.raises(UsageError, match="nothing to choose"):
        backend.command("choose", seat=0, target=3)


def test_pause_refuses_actions_until_resumed(board):
    service, backend, lines = board
    backend.setup_game(SETUP)
    backend.command("start")
    backend.command("pause")
    assert backend.snapshot()["paused"] is True
    with pytest.raises(UsageError, match="paused"):
        backend.command("act", action={"action": "nominate", "seat": 0, "target": 2})
    backend.command("resume")
    backend.command("act", action={"action": "nominate", "seat": 0, "target": 2})
    assert backend.snapshot()["view"]["phase"] == "election"


def test_subscribers_get_a_snapshot_on_every_change_and_can_leave(board):
    service, backend, lines = board
    seen: list[dict] = []
    unsubscribe = backend.subscribe(seen.append)
    backend.setup_game(SETUP)
    backend.command("start")
    assert seen and "view" in seen[-1] and seen[-1]["change"]
    private = [s for s in seen if s["change"].get("channel") not in (None, "public")]
    assert all(s["change"] == {"event": "announce", "channel": "private"} for s in private)
    unsubscribe()
    count = len(seen)
    backend.command("choose", seat=0, target=2)
    assert len(seen) == count


def test_restart_ends_the_game_and_returns_to_the_setup_without_dealing(board):
    """The game master restarts to make a new setup: the game is abandoned, nothing is
    dealt, no prolog; the table hears only that the game master ended the game."""
    service, backend, lines = board
    backend.setup_game(SETUP)
    backend.command("start")
    backend.command("choose", seat=0, target=2)
    first = service.game.game_id
    mark = len(lines)
    assert backend.command("restart") == {"ended": True}
    snap = backend.snapshot()
    assert snap["view"] is None and snap["setup"] is None and snap["paused"] is False
    assert service.journal.game(first).status == "abandoned"
    assert service.journal.unfinished() is None
    said = [l for l in lines[mark:] if l.get("event") == "announce"]
    assert [(l["channel"], l["key"]) for l in said] == [("public", "gm.ended")]
    assert said[0]["text"] == "Game master: the game has ended. The board waits for a new game."
    assert not [l for l in lines[mark:] if l.get("event") not in ("announce", None)]
    code, _ = _code(lambda: backend.command("restart"))
    assert code == "no_game"
    backend.setup_game({**SETUP, "players": 6, "names": []})   # the new setup, then start
    backend.command("start")
    assert backend.snapshot()["view"]["players"] == 6 and service.game.game_id != first


def test_A19_names_survive_a_restart_of_the_service(tmp_path):
    journal_path = tmp_path / "j.sqlite3"

    def make():
        lines: list[dict] = []
        service = BoardService(ServiceSettings(), clock=VirtualClock(), journal=Journal(journal_path),
                               voice=SilentVoice(), emit=lines.append, notifier=Notifier(None))
        service.start(None)
        return service, lines

    service, _ = make()
    backend = ConsoleBackend(service)
    backend.setup_game(SETUP)
    backend.command("start")
    backend.command("choose", seat=0, target=3)
    service.stop()
    service, lines = make()
    try:
        assert service.game.names[3] == "Dora"
        assert "service.resumed" in [l.get("key") for l in lines]
        assert ConsoleBackend(service).snapshot()["view"]["phase"] == "election"
        assert any("Dora" in l.get("text", "") for l in lines if l.get("event") == "announce")
    finally:
        service.stop()


def test_the_real_console_drives_the_real_service_over_http(board):
    """The console (``firmware_host.console.serve``) on this backend: setup, start, choose, a
    refused command as a 400 with its one-line message, the snapshot, a logged reveal."""
    import asyncio
    import re

    aiohttp = pytest.importorskip("aiohttp")
    console = pytest.importorskip("firmware_host.console")
    service, backend, lines = board
    handle = console.serve(backend, {"enabled": True, "host": "127.0.0.1", "port": 0})

    async def talk() -> dict:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as s:
            page = await (await s.get(handle.url)).text()
            token = re.search(r'csrf[^>]*content="([^"]+)"', page).group(1)
            headers = {"X-CSRF-Token": token, "Origin": handle.url.rstrip("/")}
            out = {}
            r = await s.post(handle.url + "api/setup", json={"setup": SETUP}, headers=headers)
            out["setup"] = r.status
            r = await s.post(handle.url + "api/command", json={"name": "start", "fields": {}}, headers=headers)
            out["start"] = r.status
            r = await s.post(handle.url + "api/command", json={"name": "choose", "fields": {"seat": 0, "target": 2}},
                             headers=headers)
            out["choose"] = r.status
            r = await s.post(handle.url + "api/command", json={"name": "choose", "fields": {"seat": 0, "target": 2}},
                             headers=headers)
            out["again"] = (r.status, (await r.json())["error"])
            out["snapshot"] = await (await s.get(handle.url + "api/snapshot")).json()
            return out

    try:
        out = asyncio.run(talk())
    finally:
        handle.close()
    assert (out["setup"], out["start"], out["choose"]) == (200, 200, 200)
    assert out["again"] == (400, "nothing to choose now (election)")
    assert out["snapshot"]["view"]["phase"] == "election" and out["snapshot"]["view"]["nominee"] == 2


def _code(call) -> tuple[str, dict]:
    from firmware_host.service.backend import ConsoleRefusal
    with pytest.raises(ConsoleRefusal) as info:
        call()
    assert isinstance(info.value, UsageError) and "\n" not in str(info.value)
    return info.value.code, info.value.params


def test_every_refusal_of_the_controller_carries_a_stable_code(board):
    """The console words refusals in its own language: each refusal the game master can meet
    has a code other than the catch-all ``refused``, and a German and English text."""
    from firmware_host.console.messages import DE, EN
    from firmware_host.service.backend import REFUSAL_CODES
    service, backend, lines = board
    seen = [
        _code(lambda: backend.command("start")),
        _code(lambda: backend.command("pause")),
        _code(lambda: backend.command("undo")),
        _code(lambda: backend.command("act", action={"action": "vote", "seat": 0, "ballot": "ja"})),
        _code(lambda: backend.command("bogus")),
        _code(lambda: backend.reveal(None)),
        _code(lambda: backend.setup_game({"players": 4})),
        _code(lambda: backend.setup_game({"players": 5, "names": {"7": "Zoe"}})),
        _code(lambda: backend.command("seat_settings", seat=None, rate=100)),
        _code(lambda: backend.command("seat_settings", seat=1, rate=10)),
    ]
    backend.setup_game(SETUP)
    backend.command("start")
    seen += [
        _code(lambda: backend.command("undo")),
        _code(lambda: backend.command("choose", seat=0)),
        _code(lambda: backend.command("act", action={"action": "vote", "seat": 0, "ballot": "ja"})),
        _code(lambda: backend.command("act", action={"action": "nominate", "seat": 3, "target": 1})),
        _code(lambda: backend.reveal(7)),
    ]
    backend.command("choose", seat=0, target=2)
    seen.append(_code(lambda: backend.command("choose", seat=0, target=2)))
    backend.command("pause")
    seen.append(_code(lambda: backend.command("act", action={"action": "vote", "seat": 0, "ballot": "ja"})))
    codes = [code for code, _ in seen]
    assert "refused" not in codes and set(codes) <= set(REFUSAL_CODES)
    assert codes[0] == "no_setup" and codes[2] == "no_game" and codes[10] == "nothing_to_undo"
    assert seen[-2] == ("nothing_to_choose", {"phase": "election"}) and seen[-1][0] == "paused"
    assert seen[9] == ("seat_settings_value", {"field": "rate"}) and seen[14] == ("no_seat", {"seat": 7})
    for code in REFUSAL_CODES:
        assert "err." + code in DE and "err." + code in EN, code


def test_an_unknown_refusal_message_keeps_its_english_detail():
    from firmware_host.service.backend import refusal
    made = refusal(UsageError("the moon is in the way"))
    assert (made.code, made.params) == ("refused", {"detail": "the moon is in the way"})
    assert str(made) == "the moon is in the way"


def test_snapshot_names_the_boards_configured_seat_count(board):
    from types import SimpleNamespace
    service, backend, lines = board
    assert backend.snapshot()["board"] == {"seats": None, "physical_deck": False}   # no board: not known
    service.board = SimpleNamespace(config=SimpleNamespace(seats=7))
    assert backend.snapshot()["board"] == {"seats": 7, "physical_deck": False}


def test_on_a_real_board_the_setup_plays_the_physical_deck_and_refuses_a_tracked_one(tmp_path):
    """BOARD.md "A physical deck is never contradicted by a virtual one" (``run``)."""
    settings = ServiceSettings(journal_path=str(tmp_path / "j.sqlite3"), physical_deck=True)
    service = BoardService(settings, clock=VirtualClock(), journal=Journal(tmp_path / "j.sqlite3"),
                           voice=SilentVoice(), notifier=Notifier(None))
    service.start(None)
    backend = ConsoleBackend(service)
    try:
        assert _code(lambda: backend.setup_game({"players": 5, "deck": "tracked"})) == ("setup_deck_physical", {})
        assert _code(lambda: backend.setup_game({"players": 5, "deck": ["fascist"] * 11 + ["democratic"] * 6})) == (
            "setup_deck_physical", {})
        backend.setup_game({"players": 5})
        backend.command("start")
        assert backend.snapshot()["view"]["deck"] == "untracked"
        assert backend.snapshot()["board"]["physical_deck"] is True
    finally:
        service.stop()


def test_issue32_a_games_own_refusal_carries_its_packs_words_and_the_consoles_are_neutral(board):
    """Issue 32: Secret Dictator's setup rules are worded by its pack (``console_refusals``),
    not by the console, which holds no game's words; a refusal every game gives has none."""
    from firmware_host.console.messages import DE, EN, FR
    from firmware_host.kernel import games
    from firmware_host.service.backend import ConsoleRefusal
    service, backend, lines = board
    words = games.pack("secret_dictator").console_refusals
    with pytest.raises(ConsoleRefusal) as info:
        backend.setup_game({"players": 5, "first_president": 9})
    assert info.value.code == "setup_first_president"
    assert info.value.words == words["setup_first_president"] and "president" in info.value.words["en"]
    with pytest.raises(ConsoleRefusal) as info:
        backend.setup_game({"players": 4})
    assert (info.value.code, info.value.words) == ("setup_players", words["setup_players"])
    with pytest.raises(ConsoleRefusal) as info:
        backend.command("undo")
    assert info.value.words is None                                  # the console's own words
    for catalogue in (DE, EN, FR):
        assert "err.setup_first_president" not in catalogue and "err.setup_deck_physical" not in catalogue
        assert "5" not in catalogue["err.setup_players"]


def test_setup_and_seat_setting_refusals_carry_their_codes(board):
    """The controller's own codes, not a reading of its English (R1, R6, ACCESSIBILITY.md 19)."""
    service, backend, lines = board
    assert _code(lambda: backend.setup_game({"players": 5, "first_president": 9})) == ("setup_first_president", {})
    code, params = _code(lambda: backend.setup_game({"players": 5, "variant": "moon"}))
    assert code == "setup_invalid" and "variant" in params["detail"]
    assert _code(lambda: backend.setup_game({"players": 5, "names": "Anna"})) == ("setup_names", {})
    assert _code(lambda: backend.setup_game({"players": 5, "names": {"7": "Zoe"}})) == ("setup_name_seat", {"last": 4})
    assert _code(lambda: backend.setup_game([5])) == ("setup_not_object", {})
    assert _code(lambda: backend.command("seat_settings", seat=1, loudness=3)) == ("seat_settings_unknown", {})
    assert _code(lambda: backend.command("seat_settings", seat=1, verbosity="loud")) == \
        ("seat_settings_value", {"field": "verbosity"})


def test_restart_speaks_gm_ended_from_the_catalogue_in_the_games_language(board):
    service, backend, lines = board
    backend.setup_game({**SETUP, "language": "de"})
    backend.command("start")
    mark = len(lines)
    backend.command("restart")
    said = [l for l in lines[mark:] if l.get("event") == "announce"]
    assert [(l["key"], l["text"]) for l in said] == [
        ("gm.ended", "Spielleiter: Das Spiel ist beendet. Das Brett wartet auf ein neues Spiel.")]
    assert service.game.snapshot()["announcements"][-1]["key"] == "gm.ended"


def test_a_game_masters_refused_act_names_the_rules_reason_at_once(board):
    """Bad input on the console is refused with a clear message (issue 31's game master): an
    act or choice the rules refuse carries the rules' reason as its code (``illegal.<reason>``,
    worded by the console: "it is not that seat's turn"), the reason the console's list of
    refusals shows, not "refused, see the list"."""
    from firmware_host.console.messages import EN
    service, backend, lines = board
    backend.setup_game(SETUP)
    backend.command("start")                               # seat 0 is president: it nominates
    assert _code(lambda: backend.command("act", action={"action": "nominate", "seat": 3, "target": 1})) \
        == ("illegal.not_your_turn", {"action": "nominate"})
    assert _code(lambda: backend.command("act", action={"action": "nominate", "seat": 0, "target": 0})) \
        == ("illegal.invalid_target", {"action": "nominate"})
    assert _code(lambda: backend.command("choose", seat=2, target=1)) == ("illegal.not_your_turn", {"action": "nominate"})
    assert _code(lambda: backend.command("act", action={"action": "discard", "seat": 0, "party": "fascist"})) \
        == ("illegal.wrong_phase", {"action": "discard"})
    assert EN["err.illegal.not_your_turn"] == "it is not that seat's turn"
    listed = [(f["action"], f["reason"]) for f in backend.snapshot()["faults"] if f.get("kind") == "rejected"]
    assert listed == [("nominate", "not_your_turn"), ("nominate", "invalid_target"), ("nominate", "not_your_turn"),
                      ("discard", "wrong_phase")]


def test_a_refused_act_whose_reason_is_a_secret_names_no_reason(board):
    """R16: a discard of a party the president's hand lacks is refused for a reason that tells
    the hand; the game master's refusal stays ``action_refused`` with no reason in its code,
    params or message, as the console's list shows none (``not_possible``)."""
    service, backend, lines = board
    backend.setup_game(SETUP)
    backend.command("start")
    backend.command("choose", seat=0, target=2)
    for seat in range(5):
        backend.command("act", action={"action": "vote", "seat": seat, "ballot": "ja"})
    hand = backend.reveal(0)["hands"][0]
    lacking = [party for party in ("democratic", "fascist") if party not in hand]
    assert lacking, f"the deal of seed {SETUP['seed']} was to give the president one party only: {hand}"
    code, params = _code(lambda: backend.command("act", action={"action": "discard", "seat": 0, "party": lacking[0]}))
    assert (code, params) == ("action_refused", {"action": "discard"})
    assert backend.snapshot()["faults"][-1]["reason"] == "not_possible"



def test_a_refusal_at_night_keeps_its_reason_out_of_the_service_log(board, caplog):
    """RULES.md R16, issue 33: at night who acts is a secret, so every refusal's reason is one
    for the service's log (read by others than the game master): "not your turn" for a kill
    says the seat is no Killer, any other reason that it is one. The seat and the console are
    told, as DYING_MESSAGE.md M49 wants (the seat's earphone only, the console's list); the
    log line names the act and the seat, "the reason is private"."""
    service, backend, lines = board
    backend.setup_game({"game": "dying_message", "players": 5, "language": "en", "seed": 3})
    backend.command("start")
    characters = service.call(lambda: list(service.game.active.game.characters))
    other = next(s for s, c in enumerate(characters) if c != "killer")
    with caplog.at_level(logging.DEBUG, logger="firmware_host"):
        code, _ = _code(lambda: backend.command("act", action={"action": "kill", "seat": other, "targets": [0]}))
    assert code == "illegal.not_your_turn"                                  # the console is told (M49)
    assert backend.snapshot()["faults"][-1]["reason"] == "not_your_turn"
    logged = [r.getMessage() for r in caplog.records if r.getMessage().startswith("refused:")]
    assert logged == [f"refused: kill by seat {other}: the reason is private"]
    assert "not_your_turn" not in caplog.text and "not a killer" not in caplog.text
    # in the day the reason of an open refusal is logged as before
    caplog.clear()
    backend.command("restart")
    backend.setup_game(SETUP)
    backend.command("start")
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        _code(lambda: backend.command("act", action={"action": "nominate", "seat": 3, "target": 1}))
    assert [r.getMessage() for r in caplog.records if r.getMessage().startswith("refused:")] == \
        ["refused: nominate by seat 3 target 1: not_your_turn"]


def test_a_setup_of_another_game_never_ends_the_running_game_only_a_start_does(board):
    """The console's setup only prepares (its confirmed ``start`` and ``restart`` are what end
    a running game): a setup of another game posted while Secret Dictator runs leaves that
    game, its journal entry and its next move as they were; the switch waits for ``start``,
    which then begins the game set up (the running one ended, journal ``abandoned``)."""
    service, backend, lines = board
    backend.setup_game(SETUP)
    backend.command("start")
    backend.command("choose", seat=0, target=2)
    running = service.call(lambda: service.journal.last_game())
    backend.setup_game({"game": "dying_message", "players": 6, "language": "en", "seed": 3})
    snap = backend.snapshot()
    assert snap["game"] == "secret_dictator" and snap["view"]["phase"] == "election", snap.get("view")
    assert service.call(lambda: service.journal.last_game()).id == running.id
    assert service.call(lambda: service.journal.unfinished()) is not None      # still in play
    backend.command("act", action={"action": "vote", "seat": 0, "ballot": "ja"})   # it plays on
    backend.command("start")
    snap = backend.snapshot()
    assert snap["game"] == "dying_message" and snap["view"]["phase"] not in (None, "game_over")
    assert len(snap["view"]["alive"]) == 6
    games_rows = service.call(lambda: service.journal._db.execute(
        "SELECT id, status FROM games ORDER BY id").fetchall())
    assert games_rows[0] == (running.id, "abandoned") and games_rows[-1][1] == "playing", games_rows


def test_a_setup_of_the_game_after_game_over_or_with_none_switches_at_once(board):
    """With no game running (none yet, or the last one over) a setup of another game switches
    at once: the page shows that game's setup before its start."""
    service, backend, lines = board
    backend.setup_game({"game": "dying_message", "players": 6, "language": "en", "seed": 3})
    assert backend.snapshot()["game"] == "dying_message" and backend.snapshot()["view"] is None
    backend.setup_game(SETUP)
    assert backend.snapshot()["game"] == "secret_dictator"


def test_undo_brings_back_a_game_of_another_kind_ended_by_a_start_or_restart(board):
    """The console promises that "Undo last action" brings the ended game back until the new
    game's first move (a confirmed start) or until a new game starts (a restart): so also when
    the new game is of another kind. Dying Message with its first kill is ended by a confirmed
    start of Secret Dictator; an undo before Secret Dictator's first move brings Dying Message
    back where it stood (journal: playing again, the replacement abandoned); the next undo takes
    back the kill. After a restart and a setup of another game, the same."""
    service, backend, lines = board
    dm = {"game": "dying_message", "players": 5, "language": "en", "seed": 3}
    backend.setup_game(dm)
    backend.command("start")
    night = backend.snapshot()["view"]["phase"]
    backend.command("act", action={"action": "kill", "seat": 0, "targets": [1]})
    phase = backend.snapshot()["view"]["phase"]
    ended = service.call(lambda: service.journal.last_game()).id
    backend.setup_game(SETUP)
    backend.command("start")
    assert backend.snapshot()["game"] == "secret_dictator"
    backend.command("undo")
    snap = backend.snapshot()
    assert snap["game"] == "dying_message" and snap["view"]["phase"] == phase, snap.get("view")
    assert service.call(lambda: service.journal.unfinished()).id == ended
    backend.command("undo")                                          # now the kill is taken back
    assert backend.snapshot()["view"]["phase"] == night and backend.snapshot()["view"]["dead"] == []
    # a restart, then a setup of another game (switched at once: none in play), then undo
    backend.command("restart")
    backend.setup_game(SETUP)
    assert backend.snapshot()["game"] == "secret_dictator"
    backend.command("undo")
    snap = backend.snapshot()
    assert snap["game"] == "dying_message" and snap["view"]["phase"] == night
    assert service.call(lambda: service.journal.unfinished()).id == ended


def test_undo_after_the_new_game_of_another_kind_has_a_move_takes_back_that_move(board):
    """Once the new game has a move, an undo is that game's own (the ended one is out of reach)."""
    service, backend, lines = board
    backend.setup_game({"game": "dying_message", "players": 5, "language": "en", "seed": 3})
    backend.command("start")
    backend.setup_game(SETUP)
    backend.command("start")
    backend.command("choose", seat=0, target=2)
    backend.command("undo")
    snap = backend.snapshot()
    assert snap["game"] == "secret_dictator" and snap["view"]["phase"] == "nomination"
