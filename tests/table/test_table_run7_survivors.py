"""Behaviour of the table kit that the sampled mutation run 7 (docs/MUTATION.md) found no test
asking about:

- while who is awaited is a secret (a night), a refused action's log line names no reason
  (R16: "not your turn" would tell a seat does not act): never through a log line;
- a seat's tile of a seat not in the game is a ``fault`` line naming its reader and why;
- the game master's undo of a game's last move reopens the game in the journal as ``playing``
  (the journal's undo does so in its own transaction, so the table resumes it after a power
  cut), and the game goes on;
- the speech plan renders the long wordings too where the table's verbosity says long, and
  plans no message of the board's outside the prefixes a table says (no self-test, no
  enrolment sentence rendered for a game);
- a press during a setup question's intro is answered by the cue in the seat's earphone;
- a setup of a player count the game is not played with is refused as such (``setup_players``),
  and the game master's act that is no action of this game says so in the refusal's detail;
- where lists wait for the table's speech, a list a pick opened answers it at once and the
  table's next list waits again;
- a game without a story of its own tells the table's last message again, with its words;
- after a new game a repeat gives the table's last message, never a seat's earlier private one;
- a game's own game-master command is taken by the table's game master;
- a board without a voice still answers a seat's hold with its status;
- the plan renders the uses a game lists itself (Secret Dictator's vote results);
- an announcement the words refuse is logged naming its key;
- without playback the voice is still given each line's words.

The real service and SQLite journal on a virtual clock; the voice is an autospec of the silent
voice.
"""

from __future__ import annotations

import logging

import pytest

from firmware_host.games.become_dictator import catalogue as bd_catalogue
from firmware_host.games.become_dictator.board import BecomeDictatorGame
from firmware_host.hardware.events import TileRead
from firmware_host.kernel import games
from firmware_host.service import board_catalogue
from firmware_host.table import Words
from firmware_host.table.speech_plan import BOARD_PREFIXES, SpeechPlan

from .table import set_up_on_voice_spec


def _service(tmp_path, mocker, setup):
    return set_up_on_voice_spec(tmp_path, mocker, setup)[:3]


@pytest.fixture()
def bd(tmp_path, mocker):
    service, adapter, lines = _service(tmp_path, mocker, {"game": "become_dictator", "players": 4,
                                                          "language": "en", "morning_seconds": 0})
    yield service, adapter, lines
    service.stop()


def test_R16_while_who_acts_is_a_secret_a_refusals_log_line_names_no_reason(bd, mocker, caplog):
    service, adapter, _ = bd
    action = adapter.action_from_json({"action": "vote", "seat": 2, "target": 1})
    refusal = adapter.IllegalAction("not_your_turn", "seat 2 may not act now")
    mocker.patch.object(adapter, "announce_refusal", autospec=True)
    with caplog.at_level(logging.INFO, logger="firmware_host"):
        mocker.patch.object(adapter, "awaited_secret", return_value=False)
        service.call(lambda: adapter.moves.refuse(refusal, action))
        mocker.patch.object(adapter, "awaited_secret", return_value=True)
        service.call(lambda: adapter.moves.refuse(refusal, action))
    refused = [r.getMessage() for r in caplog.records if r.getMessage().startswith("refused:")]
    assert len(refused) == 2 and refused[0].endswith(": not_your_turn")
    assert refused[1] == "refused: vote by seat 2: the reason is private"


def test_a_tile_of_a_seat_not_in_the_game_is_a_fault_line_naming_its_reader_and_why(bd):
    service, adapter, lines = bd
    mark = len(lines)
    tile = TileRead(reader="ballot", kind="ballot", value="ja", number=0, tag="04A1B2C3D4", seat=6)
    service.call(lambda: adapter.handle_input(tile))
    faults = [o for o in lines[mark:] if o.get("event") == "fault"]
    assert [(f["source"], f["reason"], f["detail"]) for f in faults] == \
        [("ballot reader", "not_playing", "a tile of seat 7, not a seat of this 4-player game")]


@pytest.fixture()
def token_duel(tmp_path, mocker, monkeypatch):
    monkeypatch.setitem(games.REGISTRY, "token_duel", "fifth_game.pack")
    service, adapter, lines = _service(tmp_path, mocker, {"game": "token_duel", "players": 2, "language": "en"})
    yield service, adapter, lines
    service.stop()


def test_undoing_a_games_last_move_reopens_it_in_the_journal_as_playing(token_duel):
    service, adapter, _ = token_duel
    for seat in (0, 1, 0, 1, 0, 1, 0):                   # seat 0's gold tokens: 2, 4, 6, 8 of 7
        count = 2 if seat == 0 else 1
        assert service.call(lambda: adapter.accept(adapter.action_from_json(
            {"action": "take", "seat": seat, "count": count})))
    game_id = adapter.game_id
    assert service.call(lambda: service.journal.game(game_id)).status != "playing"
    service.call(lambda: adapter.command("undo"))
    assert service.call(lambda: service.journal.game(game_id)).status == "playing"
    assert adapter.game.phase == "turn" and adapter.game.turn == 0


def _bd_plan() -> tuple[SpeechPlan, Words]:
    words = Words(bd_catalogue.text, bd_catalogue.keys(), bd_catalogue.is_private, catalogue=bd_catalogue.CATALOGUE)
    return SpeechPlan.for_game(BecomeDictatorGame, words), words


def test_issue31_where_the_table_speaks_long_the_plan_renders_the_long_wordings():
    plan, words = _bd_plan()
    planned = {text for _, text in plan.sentences(4, "en", verbosity="long")}
    differ = []
    for key in plan.keys():
        try:                                                      # a message without parameters
            short, long = (words.text(key, {}, "en", long=flag) for flag in (False, True))
        except Exception:  # noqa: BLE001 - it needs parameters: not this check's
            continue
        if short != long:
            differ.append(key)
    assert differ, "no message of the game has a long wording of its own to check"
    assert [k for k in differ if words.text(k, {}, "en", long=True) not in planned] == []


def test_the_plan_says_no_board_message_outside_the_tables_prefixes():
    plan, _ = _bd_plan()
    board = [k for k in plan.keys() if k not in bd_catalogue.keys()]
    assert board and all(k in board_catalogue.keys() for k in board)
    assert all(k.startswith(BOARD_PREFIXES) for k in board), [k for k in board if not k.startswith(BOARD_PREFIXES)]


def test_A26_a_press_during_a_setup_questions_intro_is_answered_by_the_cue_in_the_seats_earphone(mocker):
    """The setup from the seats is a list like every other (issue 31: feedback at once): a press
    while a question's intro plays hears the answer cue at once in the setting-up seat's own
    earphone, at a rank that cuts the intro, and the first answer follows."""
    from firmware_host.clock import VirtualClock
    from firmware_host.service.settings import ScanSettings

    from .test_table_units import lobby_of

    lobby, service, speech = lobby_of(mocker, config_seats=6)
    service.clock = VirtualClock()
    service.post.side_effect = lambda fn: fn()
    speech.text.side_effect = lambda key, params, language, **kw: f"{key} {language}"
    speech.scan_settings.return_value = ScanSettings()
    speech.scan_speaker.return_value = mocker.MagicMock(return_value=1.0)
    lobby.phase, lobby.seat, lobby.language, lobby.answers = "questions", 4, "en", {"game": "become_dictator"}
    lobby.questions, lobby.index = lobby._game_questions("become_dictator"), 0
    lobby._ask()
    lobby.scan.on_intro_press()
    service.voice.answer_cue.assert_called_once_with(4, priority="refusal")


def test_a_setup_with_a_player_count_the_game_is_not_played_with_is_refused_as_such(bd):
    """The console and the seats' setup say "not played with that many" in every game: a count
    outside the game's lobby range is refused ``setup_players``, another refusal of the rules
    ``setup_invalid`` with the rules' problems."""
    from firmware_host.service.refusals import CommandRefused

    service, adapter, _ = bd
    for players in (99, 1, "four"):
        with pytest.raises(CommandRefused) as refused:
            service.call(lambda: adapter.moves.prepare({"game": "become_dictator", "players": players}))
        assert refused.value.code == "setup_players", (players, refused.value.code)


def test_the_game_masters_act_that_is_no_action_of_this_game_is_refused_saying_so(bd):
    from firmware_host.service.refusals import CommandRefused

    service, adapter, _ = bd
    with pytest.raises(CommandRefused) as refused:
        service.call(lambda: adapter.command("act", action={"action": "fly", "seat": 1}))
    assert refused.value.code == "refused" and refused.value.params == {"detail": "not an action of this game"}


def test_issue31_a_list_opened_by_the_table_waits_for_its_speech_also_after_a_pick_opened_one_at_once(mocker):
    """With ``LISTS_WAIT`` a list opened by the table follows what the table still says of the
    last move (ACCESSIBILITY.md 22); a list a pick opens answers that pick at once (32). Once
    such a pick's list has started, the next list the table opens waits again."""
    from firmware_host.audio.service import Utterance
    from firmware_host.clock import VirtualClock
    from firmware_host.service.core import BoardService
    from firmware_host.service.settings import ScanSettings
    from firmware_host.table.scans import SeatScans
    from firmware_host.table.seats import SeatStore
    from firmware_host.table.speech import TableSpeech

    service = mocker.create_autospec(BoardService, instance=True)
    service.clock = VirtualClock()
    service.post.side_effect = lambda fn: fn()
    speech = mocker.create_autospec(TableSpeech, instance=True)
    speech.text.side_effect = lambda key, params, language=None: key
    speech.scan_step.return_value = 1.0
    news = mocker.create_autospec(Utterance, instance=True)
    speech.refers_to.return_value = [news]
    seats = mocker.create_autospec(SeatStore, instance=True)
    seats.scan_settings.return_value = ScanSettings()
    scans = SeatScans(service, speech, seats, lists_wait=True)

    def firsts() -> dict[int, tuple]:
        out: dict[int, tuple] = {}
        for call in speech.scan_step.call_args_list:
            out.setdefault(call.args[0], tuple(call.kwargs.get("after", ())))
        return out

    def then_list(value):
        scans.start(2, [scans.item(1, "scan.seat", {"seat": 1})], lambda v: None)    # the pick's own list

    scans.start(1, [scans.item(7, "scan.seat", {"seat": 7})], then_list)
    service.clock.advance(2.1)
    assert firsts()[1] == (news,)
    assert scans.press(1) is True
    for _ in range(10):
        service.clock.advance(0.5)
    assert firsts()[2] == ()                                       # the pick's list answers it at once
    scans.start(3, [scans.item(2, "scan.seat", {"seat": 2})], lambda v: None)
    service.clock.advance(2.1)
    assert firsts()[3] == (news,)                                  # the table's next list waits again


def test_A30_a_games_default_story_is_how_it_ended_with_its_words(token_duel):
    """A game that tells no story of its own (the kit's default ``story_lines``) tells how it
    ended: the table's lines of the move that ended it, each with its parameters; before its
    end, nothing (the story is told after the end only). It was the table's last message,
    which only a voice without playback kept: on a board, an empty story (issue 31)."""
    service, adapter, _ = token_duel
    for seat in (0, 1, 0, 1, 0, 1):
        assert service.call(lambda: adapter.accept(adapter.action_from_json(
            {"action": "take", "seat": seat, "count": 2 if seat == 0 else 1})))
    assert service.call(adapter.story_lines) == []
    assert service.call(lambda: adapter.accept(adapter.action_from_json({"action": "take", "seat": 0, "count": 2})))
    lines = service.call(adapter.story_lines)
    assert [(line.channel, line.key, dict(line.params)) for line in lines] == [
        ("public", "duel.took", {"seat": 0, "count": 2, "score": 8}), ("public", "duel.won", {"seat": 0, "score": 8})]


def test_A30_R16_after_a_new_game_a_repeat_gives_the_table_last_message_never_a_seats_earlier_private_one(bd):
    """A new game (ACCESSIBILITY.md 30, R16): no seat's private message of the earlier game is
    reachable by a repeat; the table's last message still is (here without playback, where the
    table keeps what each output heard)."""
    service, adapter, _ = bd
    speech = adapter.speech
    service.call(lambda: speech.say("seat:1", "table.noted", {}))
    service.call(lambda: speech.say("public", "gm.paused", {}))
    service.call(lambda: speech.say("seat:1", "table.noted", {}))
    service.call(speech.new_game)
    again = service.call(lambda: speech.repeat(1))
    assert [line["key"] for line in again.lines] == ["gm.paused"]


def test_a_games_own_game_master_command_is_taken_by_the_table(bd):
    """The table's game master takes the common commands and the game's own (In this way I
    become a DICTATOR's ``end_morning``): listed, and answered by the game (here: refused, as no
    morning is running), never refused as unknown."""
    from firmware_host.service.refusals import CommandRefused

    service, adapter, _ = bd
    assert "end_morning" in adapter.gm.names()
    with pytest.raises(CommandRefused) as refused:
        service.call(lambda: adapter.command("end_morning"))
    assert refused.value.params == {"detail": "no morning is running"}


def test_a_board_without_a_voice_answers_a_seats_hold_with_its_status(tmp_path):
    """A board service without any voice (no speech at all): a seat's hold still reaches the
    table and its status is written for its earphone, without a fault (no answering context
    is asked of a missing voice)."""
    from firmware_host.clock import VirtualClock
    from firmware_host.hardware.events import ButtonGesture
    from firmware_host.service.core import BoardService
    from firmware_host.service.journal import Journal
    from firmware_host.service.notify import Notifier
    from firmware_host.service.settings import ServiceSettings

    lines: list[dict] = []
    service = BoardService(ServiceSettings(journal_path=str(tmp_path / "j.sqlite3")), clock=VirtualClock(),
                           journal=Journal(tmp_path / "j.sqlite3"), voice=None, emit=lines.append,
                           notifier=Notifier(None))
    service.start()
    try:
        service.call(lambda: service.game.setup_game({"game": "become_dictator", "players": 4, "language": "en",
                                                      "morning_seconds": 0}))
        adapter = service.game.active
        service.call(lambda: adapter.wait.end())
        seat = adapter.game.awaiting()[0]
        mark = len(lines)
        service.call(lambda: service.game.handle_input(ButtonGesture(seat=seat, gesture="hold")))
        assert not [o for o in lines[mark:] if o.get("event") == "fault"]
        assert [o for o in lines[mark:] if o.get("event") == "announce" and o["channel"] == f"seat:{seat}"]
    finally:
        service.stop()


def test_issue31_the_plan_renders_the_uses_a_game_lists_itself_a_vote_result_at_six_seats():
    """A game's own uses of a key (its adapter's ``plan_uses``: Secret Dictator's vote results,
    whose values go together) are planned: "passed 4 to 2" at six seats is ready before it is
    said (a fresh Pi renders 3 s a sentence)."""
    from .test_speech_plan import plan_of

    plan, cat = plan_of("secret_dictator")
    planned = {text for _, text in plan.sentences(6, "en")}
    assert cat.text("election.passed", {"ja": 4, "nein": 2}, "en") in planned
    assert cat.text("election.failed", {"ja": 2, "nein": 4}, "en") in planned


def test_R16_an_announcement_the_words_refuse_is_logged_naming_its_key(bd, caplog):
    """A private message asked for the table speaker is refused by the words (R16) and the game
    master's log names the message refused."""
    service, adapter, _ = bd
    key = next(k for k in bd_catalogue.keys() if bd_catalogue.is_private(k) and not bd_catalogue.placeholders(k))
    with caplog.at_level(logging.ERROR, logger="firmware_host"):
        said = service.call(lambda: adapter.speech.say("public", key, {}))
    assert said.utterance is None and said.lines == ()
    assert any(r.getMessage().startswith(f"announcement {key} refused: ") for r in caplog.records), caplog.text


def test_without_playback_the_voice_is_given_the_lines_words(bd):
    """Where the voice reports no playback (it renders, or says nothing), it is still given the
    words of each line said, in the game's language, with the line's key and priority."""
    service, adapter, _ = bd
    voice = service.voice
    said = service.call(lambda: adapter.speech.say("public", "gm.paused", {}))
    call = voice.say.call_args
    assert call.args == ("public", said.text) and said.text and said.text != "gm.paused"
    assert call.kwargs["key"] == "gm.paused"
