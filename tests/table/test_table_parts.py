"""The table every game shares (issue 22, ``firmware_host.table``): its parts, each tested once
for every game, with the real service and journal, and pytest-mock autospecs where a test
stands in for a collaborator (the voice, the service)."""

from __future__ import annotations

import dataclasses

import pytest

from firmware_host.kernel import games
from firmware_host.clock import VirtualClock
from firmware_host.hardware.events import ButtonGesture, Fault, TileRead
from firmware_host.service.core import BoardService
from firmware_host.service.host import GameHost
from firmware_host.service.journal import Journal, JournalRepair
from firmware_host.service.notify import Notifier
from firmware_host.service.refusals import CommandRefused
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import SilentVoice
from firmware_host.table import (STORY_PART_LINES, GameMaster, PrivacyError, Said, TableSpeech, SeatStore,
                                 Words, fault_speech, repair_message)

BD = {"game": "become_dictator", "players": 4, "language": "en"}
SD = {"players": 5, "seed": 2, "language": "en"}


def real_service(tmp_path, mocker, **settings) -> tuple:
    """The real service on a journal in ``tmp_path`` (``settings``: its service settings),
    with an autospec of the silent voice; (service, announce lines, voice), started."""
    lines: list[dict] = []
    voice = mocker.create_autospec(SilentVoice, instance=True)
    voice.timed.return_value = False
    voice.confirm_whisper.return_value = False
    voice.has_earphones.return_value = True
    voice.use_long_wording.return_value = False
    voice.repeat_last.return_value = None
    voice.seconds.return_value = None
    voice.measure.return_value = None
    service = BoardService(ServiceSettings(journal_path=str(tmp_path / "j.sqlite3"), **settings),
                           clock=VirtualClock(), journal=Journal(tmp_path / "j.sqlite3"), voice=voice,
                           emit=lines.append, notifier=Notifier(None))
    service.start()
    return service, lines, voice


@pytest.fixture()
def board(tmp_path, mocker):
    """The real service on a journal in ``tmp_path``, with an autospec of the silent voice."""
    service, lines, voice = real_service(tmp_path, mocker)
    yield service, lines, voice
    service.stop()


def said(lines: list[dict], channel: str | None = None) -> list[dict]:
    return [o for o in lines if o.get("event") == "announce" and (channel is None or o["channel"] == channel)]


# ---------------------------------------------------------------- words
def test_words_take_a_games_own_key_from_the_game_and_the_boards_own_sentences_from_the_board():
    from firmware_host.games.become_dictator import catalogue
    words = Words(catalogue.text, catalogue.keys(), catalogue.is_private)
    assert words.text("gm.paused", {}, "en") == catalogue.text("gm.paused", {}, "en")
    # the board's own sentences: the board catalogue, or the board's sentences of the registry
    assert words.text("lobby.abandoned", {}, "en")
    assert "3" in words.text("fault.stuck.button", {"seat": 2}, "en") or "three" in \
        words.text("fault.stuck.button", {"seat": 2}, "en").lower()
    with pytest.raises(KeyError):
        words.text("no.such.key", {}, "en")


def test_R16_a_private_key_is_refused_on_the_table_and_gets_the_private_cue_in_an_earphone():
    from firmware_host.games.become_dictator import catalogue
    words = Words(catalogue.text, catalogue.keys(), catalogue.is_private)
    with pytest.raises(PrivacyError):
        words.line("public", "choice.vote", {"target": 1})
    assert words.line("seat:1", "refusal.not_in_hand", {"seat": 1}).earcon == "refusal"
    assert words.line("public", "fault.stuck.button", {"seat": 1}).priority == "fault"


# ---------------------------------------------------------------- speech
def test_A30_a_new_game_forgets_every_seats_private_history(board):
    service, lines, voice = board
    host: GameHost = service.game
    service.call(lambda: host.setup_game(dict(BD)))
    bd = host.active
    service.call(lambda: bd.say("seat:2", "choice.vote", {"target": 1}))
    before = len(lines)
    service.call(lambda: bd.speech.repeat(2))
    assert [o["key"] for o in said(lines[before:], "seat:2")] == ["choice.vote"]
    service.call(lambda: host.command("restart"))
    voice.forget_private.assert_called()
    assert [l["key"] for l in bd.speech.heard["seat:2"][1]] == ["hand.start"]    # the new game's only
    before = len(lines)
    # the seat's own history of the earlier game is gone: a repeat gives the table's last message
    service.call(lambda: bd.speech.repeat(2))
    assert "choice.vote" not in [o["key"] for o in said(lines[before:])]


def test_every_say_gives_one_return_type(board):
    service, lines, voice = board
    host = service.game
    service.call(lambda: host.setup_game(dict(BD)))
    bd = host.active
    out = service.call(lambda: bd.say("public", "gm.paused", {}))
    assert isinstance(out, Said) and out.said and out.lines[0]["key"] == "gm.paused"
    refused = service.call(lambda: bd.say("public", "choice.vote", {"target": 1}))    # private on the table
    assert isinstance(refused, Said) and not refused.said
    assert isinstance(service.call(lambda: bd.speech.request(bd.status_lines(1))), Said)
    assert all(isinstance(s, Said) for s in service.call(lambda: bd.speech.say_all(bd.step_lines())))


# ---------------------------------------------------------------- seat settings
def test_A19_stored_seat_settings_are_applied_when_the_game_master_switches_games(board):
    service, lines, voice = board
    host = service.game
    service.call(lambda: host.setup_game(dict(SD)))                      # Secret Dictator first
    assert host.current == "secret_dictator"
    service.call(lambda: host.change_seat_settings(1, {"verbosity": "short", "scan_interval": 3.0,
                                                       "rate": 300, "name": "Anna"}))
    voice.set_seat_voice.reset_mock()
    service.call(lambda: host.command("start", setup=dict(BD)))          # then the other game
    assert host.current == "become_dictator"
    bd = host.active
    assert bd.seats.get(1).verbosity == "short" and bd.seats.scan_settings(1).interval == 3.0
    assert bd.names.get(1) == "Anna"
    voice.set_seat_voice.assert_any_call(1, rate=300, volume=None)


def test_a_changed_setting_is_refused_in_one_line_and_nothing_is_stored(board):
    service, lines, voice = board
    store = SeatStore(service)
    with pytest.raises(CommandRefused) as info:
        store.change(2, {"rate": 9000})
    assert info.value.code == "seat_settings_value" and "\n" not in str(info.value)
    assert service.journal.seat_settings() == {}


# ---------------------------------------------------------------- moves
def test_an_accepted_action_is_journaled_before_it_is_announced(board):
    service, lines, voice = board
    host = service.game
    service.call(lambda: host.setup_game({**BD, "morning_seconds": 0}))
    bd = host.active
    service.call(lambda: bd.wait.end())
    journaled_at_announce: list[int] = []
    original = service.emit

    def emit(line: dict) -> None:
        if line.get("event") == "announce" and line["key"] == "vote.cast":
            journaled_at_announce.append(len(service.journal.actions(bd.game_id)))
        original(line)

    service.emit = emit
    seat = bd.game.awaiting()[0]
    service.call(lambda: bd.command("act", action={"action": "vote", "seat": seat, "target": (seat + 1) % 4}))
    assert journaled_at_announce == [1]


def test_undo_takes_back_the_last_action_and_says_whose_move_it_is(board):
    service, lines, voice = board
    host = service.game
    service.call(lambda: host.setup_game({**BD, "morning_seconds": 0}))
    bd = host.active
    service.call(lambda: bd.wait.end())
    seat = bd.game.awaiting()[0]
    service.call(lambda: bd.command("act", action={"action": "vote", "seat": seat, "target": (seat + 1) % 4}))
    before = len(lines)
    assert service.call(lambda: host.command("undo")) == {"actions": 0}
    assert seat in bd.game.awaiting()
    keys = [o["key"] for o in said(lines[before:], "public")]
    assert keys[0] == "gm.undone" and len(keys) > 1
    with pytest.raises(CommandRefused) as info:
        service.call(lambda: host.command("undo"))
    assert info.value.code == "nothing_to_undo"


def repair(**fields) -> JournalRepair:
    """The journal's real self-check report, with ``fields`` changed."""
    return dataclasses.replace(JournalRepair(reasons=("entries_lost",), detail="", kept=None, game=1,
                                             resumed=True, lost_actions=3), **fields)


def test_repair_messages_name_what_the_journal_kept():
    assert repair_message(repair()) == ("journal.lost", {"count": 3})
    assert repair_message(repair(lost_actions=None)) == ("journal.lost_unknown", {})
    assert repair_message(repair(lost_actions=0)) == ("journal.kept", {})
    assert repair_message(repair(lost_actions=0), resumed=False) == ("journal.game_lost", {})
    assert repair_message(repair(lost_actions=0, reasons=("foreign",))) == ("journal.foreign", {})


def test_issue34_nothing_lost_is_said_only_for_a_game_resumed_whole():
    empty = repair(reasons=("empty",), game=None, resumed=False, lost_actions=None)
    assert repair_message(empty) == ("journal.set_aside", {})       # no game resumed: never "kept"
    assert repair_message(dataclasses.replace(empty, game=3, lost_actions=0)) == ("journal.game_lost", {})
    assert repair_message(dataclasses.replace(empty, game=3, lost_actions=0, resumed=True)) == ("journal.kept", {})


# ---------------------------------------------------------------- game master
def test_an_unknown_command_is_refused_naming_the_commands_with_the_games_extras():
    gm = GameMaster({"start": lambda **f: {"ok": True}, "undo": lambda **f: {}},
                    extras={"end_morning": lambda **f: {"ended": True}})
    assert gm.run("end_morning", {}) == {"ended": True}
    with pytest.raises(CommandRefused) as info:
        gm.run("fly", {})
    assert info.value.code == "unknown_command"
    assert "start, undo, end_morning" in str(info.value)


# ---------------------------------------------------------------- faults and tiles
def test_a_fault_is_named_by_its_part_never_a_pin():
    assert fault_speech("stuck", {"kind": "seat_button", "seat": 2}) == ("fault.stuck.button", {"seat": 2})
    assert fault_speech("reader_unplugged", {"kind": "reader", "reader": "law"}) == \
        ("fault.reader_unplugged", {"reader": "law"})
    assert fault_speech("stuck", {"kind": "pin 17"}) is None
    # the board's tracks (BOARD.md): a law slot of either is named, a track the board has not is not
    assert fault_speech("chatter", {"kind": "law_slot", "track": "democratic", "slot": 2}) == \
        ("fault.chatter.slot", {"track": "democratic", "slot": 2})
    assert fault_speech("stuck", {"kind": "law_slot", "track": "liberal", "slot": 2}) is None


def test_a_stuck_button_is_said_in_the_games_language(board):
    service, lines, voice = board
    host = service.game
    service.call(lambda: host.setup_game(dict(BD)))
    before = len(lines)
    service.call(lambda: host.handle_input(Fault("seat 3 button", "stuck", part={"kind": "seat_button", "seat": 2})))
    spoken = said(lines[before:], "public")
    assert [o["key"] for o in spoken] == ["fault.stuck.button"]
    assert spoken[0]["text"].isascii()                      # the game's English, not German


def test_a_tile_of_a_kind_the_game_does_not_read_is_refused_at_the_table_unnamed(board):
    service, lines, voice = board
    host = service.game
    service.call(lambda: host.setup_game(dict(BD)))
    before = len(lines)
    service.call(lambda: host.handle_input(TileRead("law", "evidence", "evidence", None, "4E00000004", 4)))
    spoken = said(lines[before:])
    assert [(o["channel"], o["key"], o["params"]) for o in spoken] == [("public", "tile.not_this_game", {})]
    assert host.active.tile_handler("card") == host.active.on_card       # the kind it reads, by kind


def test_inputs_are_dispatched_by_class_and_the_host_forwards_nothing_silently(board):
    service, lines, voice = board
    host = service.game
    assert "__getattr__" not in vars(GameHost)
    with pytest.raises(AttributeError):
        host.morning                                              # a game's own state: ask host.active
    service.call(lambda: host.setup_game(dict(BD)))

    class NotAnInput:
        seat, gesture = 0, "press"

    before = len(lines)
    service.call(lambda: host.active.handle_input(NotAnInput()))   # a look-alike is no button press
    assert said(lines[before:]) == []
    service.call(lambda: host.active.handle_input(ButtonGesture(seat=0, gesture="hold")))
    assert said(lines[before:], "seat:0")                          # the real one: the status


def test_the_host_holds_one_type_and_probes_no_adapter():
    """Issue 29: ``service/host.py`` asks the adapter through ``table.BoardAdapter``'s
    interface only: no ``getattr``/``hasattr``/``callable`` probe of an adapter or a pack
    (what an adapter does not override is the base's), and the old ``service.game.BoardGame``
    is gone."""
    import ast
    import importlib.util
    import inspect

    from firmware_host.service import host as host_module
    from firmware_host.table import BoardAdapter

    tree = ast.parse(inspect.getsource(host_module))
    probes = [f"line {node.lineno}: {ast.unparse(node)}" for node in ast.walk(tree)
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "hasattr", "callable") and node.args
              and any(word in ast.unparse(node.args[0]) for word in ("active", "adapter", "pack("))]
    assert probes == []
    assert "BoardAdapter" in inspect.signature(GameHost._adapter).return_annotation
    assert host_module.BoardAdapter is BoardAdapter
    assert importlib.util.find_spec("firmware_host.service.game") is None


@pytest.mark.parametrize("name", games.names())
def test_every_registered_games_adapter_is_a_board_adapter_of_at_most_three_bases(board, name):
    """Issue 29, done when: every registered game's adapter is a ``table.BoardAdapter`` and
    no class of it has more than three bases."""
    from firmware_host.table import BoardAdapter

    service, _, _ = board
    adapter = service.call(lambda: service.game._adapter(name))
    assert isinstance(adapter, BoardAdapter)
    assert all(len(cls.__bases__) <= 3 for cls in type(adapter).__mro__)


def test_the_speech_part_can_stand_alone_with_an_autospec_service(mocker):
    from firmware_host.games.become_dictator import catalogue
    service = mocker.create_autospec(BoardService, instance=True)
    service.voice = None
    speech = TableSpeech(service, Words(catalogue.text, catalogue.keys(), catalogue.is_private),
                         SeatStore(service), lambda: ("en", {}))
    out = speech.say("seat:1", "repeat.nothing", {})
    service.emit.assert_called_once_with(dict(out.lines[0]))
    assert speech.repeat(1).lines[0]["key"] == "repeat.nothing"    # the seat heard that last


# ---------------------------------------------------------------- when played
def test_when_played_runs_once_on_the_service_thread_after_every_clip_is_done(board, mocker):
    """The table's "when played" hook (issue 29): ``then`` waits for every clip to be told
    done by the audio layer (``Utterance.on_done``; no polling), runs on the service thread,
    once; a clip that reports nothing (None) is not waited for, and nothing to wait for runs
    ``then`` at once."""
    import threading

    from firmware_host.audio.service import Utterance
    from firmware_host.games.become_dictator import catalogue

    service, _, _ = board
    speech = TableSpeech(service, Words(catalogue.text, catalogue.keys(), catalogue.is_private),
                         SeatStore(service), lambda: ("en", {}))
    clips = [mocker.create_autospec(Utterance, instance=True) for _ in range(2)]
    ran: list[object] = []
    service.call(lambda: speech.when_played([clips[0], None, clips[1]],
                                            lambda: ran.append(threading.current_thread())))
    tell = [clip.on_done.call_args.args[0] for clip in clips]
    tell[1](clips[1])                      # from the audio thread: the second clip is done
    assert service.wait_idle() and ran == []
    tell[0](clips[0])
    assert service.wait_idle() and ran == [service._thread]
    now: list[int] = []
    speech.when_played([None], lambda: now.append(1))
    assert now == [1]


# ---------------------------------------------------------------- after game over
def test_A30_after_game_over_a_press_tells_the_story_and_the_next_press_sets_up_the_next_game(board):
    from firmware_host.games.become_dictator import Game, Setup
    service, lines, voice = board
    host = service.game
    service.call(lambda: host.setup_game({**BD, "morning_seconds": 0}))
    bd = host.active
    shadow = Game(Setup.from_json({k: v for k, v in BD.items() if k != "game"}))
    shadow.start()
    while shadow.phase != "game_over":
        action = shadow.legal_actions(shadow.awaiting()[0])[0]
        shadow.apply(action)
        service.call(lambda a=action: (bd.wait.end(), bd.accept(a)))
    assert bd.game.phase == "game_over"
    public = [o["key"] for o in said(lines, "public")]
    assert public[-1] == "evening.offer"                        # a clear spoken way on
    assert not service.call(lambda: host.waiting_for_setup(2))
    parts = []
    while not service.call(lambda: host.waiting_for_setup(2)) and len(parts) < 20:
        before = len(lines)
        service.call(lambda: host.handle_input(ButtonGesture(seat=2, gesture="press")))
        parts.append([o["key"] for o in said(lines[before:], "seat:2")])
    assert parts[0][0].startswith("final.")                     # the story, in the seat's earphone
    # in short parts, each ending with what the next press does
    assert all(part[-1] == "evening.story_more" for part in parts[:-1]) and parts[-1][-1] == "evening.story_end"
    assert len(parts) > 1 and all(len(part) <= STORY_PART_LINES + 1 for part in parts)
    assert not service.call(lambda: host.waiting_for_setup(1))  # another seat has not heard it yet
    before = len(lines)
    service.call(lambda: host.handle_input(ButtonGesture(seat=2, gesture="press")))
    assert host.table.lobby.active and host.table.lobby.seat == 2
    assert "lobby.start" in [o["key"] for o in said(lines[before:], "seat:2")]


# ---------------------------------------------------------------- a game's own config section
def test_a_games_own_section_is_checked_with_the_rest_of_board_toml_every_problem_at_once():
    from pathlib import Path
    from firmware_host import config
    from firmware_host.board_config import validate
    from firmware_host.service.settings import service_settings
    board = config.read_document(Path(__file__).resolve().parents[2] / "hardware" / "board.toml")
    sections, problems = validate({**board, "become_dictator": {"morning_seconds": 60, "morning_second": 1},
                                   "service": {"idle_press": "loud"}})
    assert len(problems) == 3, problems
    assert any("become_dictator.morning_seconds" in p and "180 to 1800" in p for p in problems)
    assert any("did you mean" in p and "morning_seconds" in p for p in problems)
    assert any("idle_press" in p for p in problems)
    sections, problems = validate({**board, "become_dictator": {"morning_seconds": 600}})
    assert problems == []
    assert service_settings(sections).game_config("become_dictator") == {"morning_seconds": 600.0}
    assert service_settings(None).game_config("become_dictator") == {"morning_seconds": 0.0}   # A11


def test_A11_the_morning_has_no_timer_by_default_and_the_pack_section_sets_one(tmp_path):
    from firmware_host.service.settings import service_settings
    for config, expected in (({}, 0.0), ({"become_dictator": {"morning_seconds": 240.0}}, 240.0)):
        service = BoardService(service_settings(config).replace(journal_path=str(tmp_path / "j.sqlite3")),
                               clock=VirtualClock(), journal=Journal(tmp_path / f"j{expected}.sqlite3"),
                               voice=SilentVoice(), emit=lambda line: None, notifier=Notifier(None))
        service.start()
        try:
            service.call(lambda: service.game.setup_game(dict(BD)))
            assert service.game.active.table["morning_seconds"] == expected
            assert (service.game.active.wait.ends_at is None) == (expected == 0.0)
        finally:
            service.stop()


def test_A11_a_setup_from_the_seats_is_never_abandoned_when_the_wait_is_switched_off(tmp_path):
    lines: list[dict] = []
    service = BoardService(ServiceSettings(journal_path=str(tmp_path / "j.sqlite3"), setup_abandon_s=0.0),
                           clock=VirtualClock(), journal=Journal(tmp_path / "j.sqlite3"), voice=SilentVoice(),
                           emit=lines.append, notifier=Notifier(None))
    service.start()
    try:
        service.call(lambda: service.game.handle_input(ButtonGesture(seat=0, gesture="press")))
        assert service.game.table.lobby.active
        service.clock.advance(7200.0)
        service.wait_idle()
        assert service.game.table.lobby.active
        assert "lobby.abandoned" not in [o["key"] for o in said(lines)]
    finally:
        service.stop()


def test_every_table_game_reads_the_tile_kinds_its_pack_declares_and_refuses_the_others(board):
    from firmware_host.kernel import games
    from firmware_host.hardware.tags import registered_kinds
    from firmware_host.table import BoardAdapter
    service, lines, voice = board
    checked = 0
    for name in games.names():
        record = games.pack(name)
        if record.adapter is None:
            continue
        adapter = service.game._adapter(name)
        if not isinstance(adapter, BoardAdapter):
            continue                      # a game not on the table yet
        declared = {k.kind for k in record.tile_kinds}
        assert set(adapter.TILES) == declared, name
        for kind in {k.kind for k in registered_kinds()}:
            handler = adapter.tile_handler(kind)
            assert (handler == adapter.faults.foreign_tile) == (kind not in declared), (name, kind)
        checked += 1
    assert checked >= 1


# ---------------------------------------------------------------- private lists (issue 33)
def test_R16_issue33_a_private_list_is_drawn_in_an_order_of_its_own_reproducible_from_its_seed(mocker):
    """Issue 33: a list whose pick is secret comes in an order drawn for that list, so no item
    keeps one place (a press's time from the list's start tells nothing); the same seed draws
    the same orders (a simulated game is reproducible), no seed the system's randomness."""
    from firmware_host.games.become_dictator import catalogue
    from firmware_host.table.scans import SeatScans
    service = mocker.create_autospec(BoardService, instance=True)
    service.voice = None
    seats = SeatStore(service)
    scans = SeatScans(service, TableSpeech(service, Words(catalogue.text, catalogue.keys(), catalogue.is_private),
                                           seats, lambda: ("en", {})), seats)
    roles = ["dictator", "jester", "noble", "priest", "merchant", "soldier", "commoner"]
    items = [scans.item(r, "scan.card", {"role": r}) for r in roles]

    def orders(seed: object, lists: int = 12) -> list[list[str]]:
        scans.reseed(seed)
        return [[i.value for i in scans.private_order(items)] for _ in range(lists)]

    drawn = orders("7-1")
    assert all(sorted(o) == sorted(roles) for o in drawn)
    for role in roles:
        assert len({o.index(role) for o in drawn}) > 1, role
    assert orders("7-1") == drawn and orders("7-2") != drawn
    assert orders(None) != orders(None)
    assert [i.value for i in items] == roles          # the caller's list is left as it was


# ---------------------------------------------------------------- idle_press = "status" (issue 33)
@pytest.fixture()
def status_board(tmp_path, mocker):
    """The real service with ``[service] idle_press = "status"``, an autospec of the silent voice."""
    service, lines, _ = real_service(tmp_path, mocker, idle_press="status")
    yield service, lines
    service.stop()


@pytest.mark.parametrize("setup, private", [
    ({**BD, "morning_seconds": 0}, ("choice.vote", {"target": 1})),
    ({"game": "autocracy", "players": 4, "language": "en", "seed": 7}, ("scan.chosen", {})),
], ids=["become_dictator", "autocracy"])
def test_A12_issue33_with_idle_press_status_the_press_after_the_status_repeats_the_last_message(
        status_board, setup, private):
    """Issue 33: where a press gives the status (players who cannot hold), the repeat stays
    reachable: the press after the status, nothing new said meanwhile, gives the seat's last
    message (its private one too); once the board says something new a press gives the
    status again. Through the table kit, so in every game on it."""
    service, lines = status_board
    host: GameHost = service.game
    service.call(lambda: host.setup_game(dict(setup)))
    game = host.active
    seat = 3                                      # its press has nothing to do: idle_press
    key, params = private

    def press() -> list[str]:
        before = len(lines)
        service.call(lambda: game.idle_press(seat))
        return [o["key"] for o in said(lines[before:], f"seat:{seat}")]

    service.call(lambda: game.say(f"seat:{seat}", key, params))
    layers = [[a.key for a in layer] for layer in service.call(lambda: game.status_answers(seat))]
    assert [press() for _ in layers] == layers    # layer by layer (ACCESSIBILITY.md 3, 29)
    assert press() == [key]                       # after the status's last layer: the last message
    service.call(lambda: game.say("public", "gm.paused", {}))
    assert press() == layers[0]
