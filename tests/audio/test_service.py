"""The audio service: routing (R16), prolog padding (R17), priorities, repeat-last, sinks."""

from __future__ import annotations

import logging

import pytest

from firmware_host.audio import (
    AudioError, PrivacyError, RecordingSink, SpeechError, WavDirSink, read_wav, rms,
)
from firmware_host.audio.service import Utterance

WAIT = 20  # seconds to wait for a thread at most (a deadlock guard, not a timing assertion)


def playing(sink, output, key):
    return sink.wait_for(lambda s: (p := s.playing(output)) is not None and p.key == key, WAIT)


def test_R16_private_message_is_never_played_on_public(make_service):
    sink = RecordingSink()
    audio = make_service(sink)
    a = audio.say("seat:2", "Du bist Faschist.", key="role")
    b = audio.say("public", "Das Spiel beginnt.", key="start")
    assert a.wait_played(WAIT) and b.wait_played(WAIT)
    assert [p.key for p in sink.on("public")] == ["start"]
    assert [(p.output, p.key) for p in sink.on("seat:2")] == [("seat:2", "role")]
    assert all(p.channel == "public" for p in sink.on("public"))


def test_R16_misrouted_private_message_is_refused_by_the_guard(make_service, caplog):
    sink = RecordingSink()
    audio = make_service(sink)
    secret = audio._make("seat:1", "Du bist der Diktator.", "role", "normal", None)
    with caplog.at_level(logging.CRITICAL, logger="firmware_host.audio"):
        audio._player("public").put(secret)  # a routing bug, simulated
        assert secret.wait_played(WAIT)
    assert isinstance(secret.error, PrivacyError)
    assert sink.on("public") == []
    assert "refused on output public" in caplog.text
    with pytest.raises(PrivacyError):
        audio._guard(secret, "seat:2")


def test_R17_prolog_messages_padded_to_equal_duration_in_seat_order(make_service):
    sink = RecordingSink()
    audio = make_service(sink, real=True, language="en")
    texts = {
        0: "You are a democrat.",
        1: "You are the dictator. Your fascist is seat four.",
        2: "You are a fascist. The dictator is seat two, the other fascist seat four.",
        3: "You are a democrat.",
    }
    made = audio.say_padded(texts, earcon="input")
    for u in made.values():
        assert u.wait_played(WAIT)
    durations = [sink.on(f"seat:{s}")[0].duration for s in texts]
    assert max(durations) - min(durations) <= 0.05
    # the padding is silence after real speech: the longest sentence decides the length
    spoken = [read_wav(made[s].wav_path()).duration for s in texts]
    assert max(durations) >= max(spoken)
    assert [made[s].seq for s in sorted(texts)] == sorted(u.seq for u in made.values())


def test_refusal_interrupts_public_chatter_which_is_played_again(make_service):
    sink = RecordingSink(hold=True)
    audio = make_service(sink)
    chatter = audio.say("public", "Präsident ist Platz zwei.", key="president")
    assert playing(sink, "public", "president")
    refusal = audio.say("public", "Nicht erlaubt.", key="refused", priority="refusal", earcon="refusal")
    assert playing(sink, "public", "refused")
    sink.finish("public")
    assert playing(sink, "public", "president")
    sink.finish("public")
    assert chatter.wait_played(WAIT) and refusal.wait_played(WAIT)
    assert [(p.key, p.interrupted) for p in sink.on("public")] == [
        ("president", True), ("refused", False), ("president", False)]
    assert not chatter.interrupted


def test_a_scan_step_cut_off_by_a_seats_confirmation_is_not_played_again(make_service):
    """A seat's scan step (no history) cut off is dropped: its scan says it again itself if
    it still needs it, so a finished scan's last step is never heard twice."""
    sink = RecordingSink(hold=True)
    audio = make_service(sink)
    step = audio.say("seat:1", "Veto vorschlagen?", key="scan_confirm", history=False)
    assert playing(sink, "seat:1", "scan_confirm")
    read = audio.say("seat:1", "Gelesen: ein Gesetz.", key="tile_read", priority="refusal")
    assert playing(sink, "seat:1", "tile_read")
    sink.finish("seat:1")
    assert read.wait_played(WAIT) and step.wait_played(WAIT)
    assert sink.wait_for(lambda s: audio.idle(), WAIT)
    assert [(p.key, p.interrupted) for p in sink.on("seat:1")] == [("scan_confirm", True), ("tile_read", False)]
    assert step.interrupted


def test_fault_goes_before_queued_chatter(make_service):
    sink = RecordingSink(hold=True)
    audio = make_service(sink)
    audio.say("public", "Erstens.", key="one")
    assert playing(sink, "public", "one")
    audio.say("public", "Zweitens.", key="two")
    audio.say("public", "Leser getrennt.", key="fault", priority="fault", earcon="fault")
    assert playing(sink, "public", "fault")
    for _ in range(3):
        sink.finish("public")
        sink.wait_for(lambda s: s.playing("public") is not None or audio.idle(), WAIT)
    sink.finish("public")
    assert sink.wait_for(lambda s: audio.idle(), WAIT)
    assert [p.key for p in sink.on("public") if not p.interrupted] == ["fault", "one", "two"]


def test_game_over_is_never_cut(make_service):
    sink = RecordingSink(hold=True)
    audio = make_service(sink)
    over = audio.say("public", "Die Demokraten gewinnen.", key="game_over", priority="game_over", earcon="game_over")
    assert playing(sink, "public", "game_over")
    fault = audio.say("public", "Fehler.", key="fault", priority="fault")
    assert audio.interrupt("public") is False
    assert sink.playing("public").key == "game_over"
    sink.finish("public")
    assert playing(sink, "public", "fault")
    sink.finish("public")
    assert over.wait_played(WAIT) and fault.wait_played(WAIT)
    assert [(p.key, p.interrupted) for p in sink.on("public")] == [("game_over", False), ("fault", False)]


def test_public_announcements_are_never_dropped(make_service):
    sink = RecordingSink(hold=True)
    audio = make_service(sink)
    keys = []
    for i in range(6):
        keys.append(f"news{i}")
        audio.say("public", f"Nachricht {i}.", key=f"news{i}")
        if i % 2:
            audio.say("public", "Nicht erlaubt.", key=f"refused{i}", priority="refusal")
        audio.interrupt("public")
    while not audio.idle():
        sink.wait_for(lambda s: s.playing("public") is not None or audio.idle(), WAIT)
        sink.finish("public")
    completed = [p.key for p in sink.on("public") if not p.interrupted]
    assert [k for k in completed if k.startswith("news")] == keys
    assert sorted(k for k in completed if k.startswith("refused")) == ["refused1", "refused3", "refused5"]


def test_own_repeat_request_cuts_off_what_the_earphone_says(make_service):
    sink = RecordingSink(hold=True)
    audio = make_service(sink)
    audio.say("public", "Kanzler ist Platz drei.", key="chancellor")
    assert playing(sink, "public", "chancellor")
    sink.finish("public")
    long_secret = audio.say("seat:1", "Deine Hand: drei Gesetze.", key="hand")
    assert playing(sink, "seat:1", "hand")
    status = audio.say("seat:1", "Status.", key="status", priority="request")
    assert playing(sink, "seat:1", "status")
    assert long_secret.wait_played(WAIT) and long_secret.interrupted
    sink.finish("seat:1")
    assert status.wait_played(WAIT)
    assert [(p.key, p.interrupted) for p in sink.on("seat:1")] == [("hand", True), ("status", False)]
    assert sink.on("public")[0].interrupted is False


def test_repeat_last_replays_the_latest_public_or_own_message_without_limit(make_service):
    sink = RecordingSink()
    audio = make_service(sink)
    assert audio.repeat_last(0) is None
    audio.say("seat:0", "Du bist Demokrat.", key="role").wait_played(WAIT)
    audio.say("seat:1", "Du bist Faschist.", key="role").wait_played(WAIT)
    for _ in range(3):
        assert audio.repeat_last(0).wait_played(WAIT)
    audio.say("public", "Wahl: angenommen.", key="vote_passed").wait_played(WAIT)
    assert audio.repeat_last(0).wait_played(WAIT)
    heard = [(p.key, p.text) for p in sink.on("seat:0")]
    assert heard == [("role", "Du bist Demokrat.")] * 4 + [("vote_passed", "Wahl: angenommen.")]
    assert all(p.text != "Du bist Faschist." for p in sink.on("seat:0"))


def test_A25_issue31_a_repeat_while_ones_own_message_plays_gives_that_message_first(make_service):
    """A press during "Chosen: you vote today" (the seat's own message, padded) heard "Decided:
    one of four", said at the table at the same moment: the repeat gives the message the seat
    was hearing (its press cut it), a further repeat steps back from it (ACCESSIBILITY.md 25)."""
    sink = RecordingSink(hold=True)
    audio = make_service(sink)
    audio.say("public", "Entscheidungen: null von vier.", key="count0")
    assert playing(sink, "public", "count0")
    sink.finish("public")
    own = audio.say("seat:0", "Gewählt: du stimmst heute ab.", key="choice", pad_seconds=6.0)
    assert playing(sink, "seat:0", "choice")
    audio.say("public", "Entscheidungen: eine von vier.", key="count1")
    assert playing(sink, "public", "count1")
    sink.finish("public")                            # the table's count ended, the seat's choice plays on
    again = audio.repeat_last(0)
    assert again.meta["repeats"] is own and abs(again.pad_seconds - 6.0) < 1e-9   # as long as before (R16)
    assert own.wait_played(WAIT) and own.interrupted
    assert playing(sink, "seat:0", "choice")
    sink.finish("seat:0")
    assert again.wait_played(WAIT)
    back = audio.repeat_last(0)                      # the next press steps back from it
    assert back.meta["repeats"].key == "count0"
    sink.finish("seat:0")
    assert back.wait_played(WAIT)
    assert audio.repeat_last(0).meta["repeats"].key == "count0"      # the oldest, again
    sink.finish("seat:0")


def test_repeat_of_a_padded_prolog_message_keeps_its_padding(make_service):
    sink = RecordingSink()
    audio = make_service(sink)
    made = audio.say_padded({0: "Kurz.", 1: "Ein wesentlich längerer Satz für Platz zwei."})
    for u in made.values():
        u.wait_played(WAIT)
    audio.repeat_last(0).wait_played(WAIT)
    first, again = sink.on("seat:0")
    assert abs(first.duration - again.duration) < 0.001
    assert abs(first.duration - sink.on("seat:1")[0].duration) < 0.001


def test_A23_a_whole_prolog_is_not_cut_by_a_seats_own_answer_which_follows_it(make_service):
    """ACCESSIBILITY.md 23: a prolog said ``whole`` is heard whole on every earphone, all at
    once: an answer to the seat's own act (a request) that comes while it plays follows it
    instead of cutting it (cut, it would be said again later than the other seats')."""
    sink = RecordingSink(hold=True)
    audio = make_service(sink)
    made = audio.say_padded({0: "Du bist Demokrat.", 1: "Du bist Faschist."}, key="prolog", whole=True)
    assert playing(sink, "seat:0", "prolog")
    answer = audio.say("seat:0", "Stimmzettel gelesen.", key="tile.read", priority="request")
    assert sink.playing("seat:0").key == "prolog" and not answer.done()
    sink.finish("seat:0")
    assert playing(sink, "seat:0", "tile.read")
    sink.finish("seat:0")
    sink.finish("seat:1")
    assert made[0].wait_played(WAIT) and answer.wait_played(WAIT)
    assert [(p.key, p.interrupted) for p in sink.on("seat:0")] == [("prolog", False), ("tile.read", False)]


def test_A4_A26_issue31_a_whole_prolog_clip_is_cut_by_its_seats_answer_cue_and_said_again_whole_as_long(
        make_service):
    """Issue 31 (a status hold during one's role message was answered by nothing for 13.5 s):
    the seat's own answer cue cuts its clip of a prolog said ``whole`` at once; its request
    (the status) follows the cue, and the clip is said again from its start, padded as long
    as before; the other seat's clip is not cut, and its request alone cuts nothing of it."""
    sink = RecordingSink(hold=True)
    audio = make_service(sink)
    made = audio.say_padded({0: "Du bist Demokrat.", 1: "Du bist der Diktator, ganz allein."},
                            key="prolog", whole=True, minimum_seconds=3.0)
    assert playing(sink, "seat:0", "prolog") and playing(sink, "seat:1", "prolog")
    request = audio.say("seat:0", "Warten.", key="repeat", priority="request")
    assert sink.playing("seat:0").key == "prolog" and not request.done()     # a request follows it
    assert audio.cancel(request)
    cue = audio.answer_cue("seat:0", priority="refusal")
    status = audio.say("seat:0", "Warten: Platz eins.", key="status.now", priority="request", after=[cue])
    assert playing(sink, "seat:0", "answer.cue")
    sink.finish("seat:0")
    assert playing(sink, "seat:0", "status.now")
    sink.finish("seat:0")
    assert playing(sink, "seat:0", "prolog")
    sink.finish("seat:0")
    sink.finish("seat:1")
    assert status.wait_played(WAIT) and made[0].wait_played(WAIT) and made[1].wait_played(WAIT)
    keys = [(p.key, p.interrupted) for p in sink.on("seat:0")]
    assert keys == [("prolog", True), ("answer.cue", False), ("status.now", False), ("prolog", False)], keys
    first, again = [p for p in sink.on("seat:0") if p.key == "prolog"]
    assert abs(first.duration - again.duration) < 0.001 and abs(again.duration - 3.0) < 0.001
    assert [(p.key, p.interrupted) for p in sink.on("seat:1")] == [("prolog", False)]


def test_a_padded_clip_not_said_whole_is_cut_by_the_seats_own_request(make_service):
    """Without ``whole`` (a reminder, a night's message) the seat's own request cuts its clip
    as any request does (ACCESSIBILITY.md 4)."""
    sink = RecordingSink(hold=True)
    audio = make_service(sink)
    audio.say_padded({0: "Warten.", 1: "Warten."}, key="table.waiting", history=False)
    assert playing(sink, "seat:0", "table.waiting")
    audio.say("seat:0", "Stimmzettel gelesen.", key="tile.read", priority="request")
    assert playing(sink, "seat:0", "tile.read")


def test_R16_R17_prolog_padded_to_a_minimum_that_depends_on_no_deal(make_service):
    """A game's deal-independent pad: every seat's clip lasts ``minimum_seconds`` when that is
    longer than the longest sentence (the table's next line then comes at the same moment
    whoever was dealt what), and as long as the longest sentence when that is longer."""
    sink = RecordingSink()
    audio = make_service(sink)
    made = audio.say_padded({0: "Kurz.", 1: "Etwas länger."}, minimum_seconds=4.0)
    assert abs(made[0].duration(WAIT) - 4.0) < 0.001
    for u in made.values():
        assert u.wait_played(WAIT)
    assert [round(sink.on(f"seat:{s}")[0].duration, 3) for s in (0, 1)] == [4.0, 4.0]
    sink2 = RecordingSink()
    audio2 = make_service(sink2)
    long = audio2.say_padded({0: "Kurz.", 1: "Ein wesentlich längerer Satz für Platz zwei."}, minimum_seconds=0.1)
    for u in long.values():
        assert u.wait_played(WAIT)
    spoken = sink2.on("seat:1")[0].duration
    assert spoken > 0.1 and abs(sink2.on("seat:0")[0].duration - spoken) < 0.001
    with pytest.raises(AudioError):
        audio2.say_padded({0: "Kurz."}, minimum_seconds=-1.0)


def test_earcon_goes_before_speech_and_volume_zero_silences_it(make_service):
    sink = RecordingSink()
    loud = make_service(sink, earcon_volume=1.0)
    with_earcon = loud.say("public", "Ja.", key="k", earcon="ballot")
    plain = loud.say("public", "Ja.", key="k2")
    for u in (with_earcon, plain):
        u.wait_played(WAIT)
    a, b = sink.on("public")
    assert a.duration > b.duration + 0.1
    sink2 = RecordingSink()
    quiet = make_service(sink2, earcon_volume=0.0)
    quiet.say("public", "Ja.", key="k", earcon="ballot").wait_played(WAIT)
    assert abs(sink2.on("public")[0].duration - b.duration) < 0.001


def test_channel_volume_scales_speech(make_service):
    sink = RecordingSink()
    audio = make_service(sink, public_volume=1.0, seat_volumes=[0.25])
    audio.say("public", "Lautstärke.", key="a").wait_played(WAIT)
    audio.say("seat:0", "Lautstärke.", key="a").wait_played(WAIT)
    pub, seat = rms(sink.on("public")[0].clip), rms(sink.on("seat:0")[0].clip)
    assert seat == pytest.approx(pub * 0.25, rel=0.02)


def test_play_earcon_alone(make_service):
    sink = RecordingSink()
    audio = make_service(sink)
    assert audio.play_earcon("seat:3", "scan_wrap").wait_played(WAIT)
    (p,) = sink.on("seat:3")
    assert p.earcon == "scan_wrap" and p.text == "" and 0 < p.duration <= 0.4


@pytest.mark.parametrize("call, message", [
    (lambda a: a.say("seat:9", "x", key="k"), "unknown channel"),
    (lambda a: a.say("table", "x", key="k"), "unknown channel"),
    (lambda a: a.say("public", "x", key="k", priority="urgent"), "unknown priority"),
    (lambda a: a.say("public", "x", key="k", earcon="trumpet"), "unknown earcon"),
    (lambda a: a.set_language("it"), "unknown language"),
    (lambda a: a.set_seat_voice(0, rate=500), "80–450"),
])
def test_bad_calls_give_one_line_errors(make_service, call, message):
    audio = make_service()
    with pytest.raises(AudioError, match=message) as info:
        call(audio)
    assert "\n" not in str(info.value)


def test_nothing_to_say_is_refused(make_service):
    with pytest.raises(SpeechError):
        make_service().say("public", "", key="k")


def test_wavdir_sink_writes_one_numbered_wav_per_utterance(make_service, tmp_path):
    sink = WavDirSink(tmp_path / "out")
    audio = make_service(sink)
    a = audio.say("public", "Erste Ansage.", key="first", earcon="input")
    b = audio.say("seat:2", "Geheim.", key="role")
    assert a.wait_played(WAIT) and b.wait_played(WAIT)
    assert a.sink_path.name == "00001-public-first.wav"
    assert b.sink_path.name == "00002-seat2-role.wav"
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [a.sink_path.name, b.sink_path.name]
    assert read_wav(a.sink_path).duration > 0.5


def test_seat_settings_change_rate_and_volume(make_service):
    audio = make_service(seat_rate=175)
    audio.set_seat_voice(2, rate=300, volume=0.5)
    assert audio.settings.rate("seat:2") == 300 and audio.settings.rate("seat:1") == 175
    assert audio.settings.volume("seat:2") == 0.5 and audio.settings.volume("seat:0") == 1.0


def test_verbosity_auto_uses_long_wording_once_per_key(make_service):
    audio = make_service(verbosity="auto")
    assert [audio.use_long_wording("vote") for _ in range(3)] == [True, False, False]
    assert make_service(verbosity="short").use_long_wording("vote") is False
    assert make_service(verbosity="long").use_long_wording("vote") is True


def test_utterance_wav_path_is_the_cached_speech(make_service):
    audio = make_service()
    u = audio.say("public", "Gesetz.", key="law")
    assert isinstance(u, Utterance)
    assert u.wav_path(WAIT).exists()
    assert audio.play_earcon("public", "input").wav_path() is None


def test_later_own_request_replaces_a_queued_earlier_one(make_service):
    """ACCESSIBILITY.md 4: two requests queued behind a game_over; the later one replaces the earlier."""
    sink = RecordingSink(hold=True)
    audio = make_service(sink)
    over = audio.say("seat:1", "Die Demokraten gewinnen.", key="game_over", priority="game_over")
    assert playing(sink, "seat:1", "game_over")
    first = audio.say("seat:1", "Wiederholung.", key="repeat", priority="request")
    second = audio.say("seat:1", "Status.", key="status", priority="request")
    assert sink.playing("seat:1").key == "game_over"  # never cut
    sink.finish("seat:1")
    assert playing(sink, "seat:1", "status")
    sink.finish("seat:1")
    assert over.wait_played(WAIT) and first.wait_played(WAIT) and second.wait_played(WAIT)
    assert first.interrupted and not second.interrupted
    assert [(p.key, p.interrupted) for p in sink.on("seat:1")] == [("game_over", False), ("status", False)]


@pytest.mark.parametrize("earcon_volume", [1.0, 0.0])
def test_utterance_duration_is_what_the_output_plays(make_service, earcon_volume):
    """ACCESSIBILITY.md 13: the scanner times a step as the spoken name plus the scan interval."""
    sink = RecordingSink()
    audio = make_service(sink, earcon_volume=earcon_volume)
    made = [
        audio.say("seat:0", "Platz drei.", key="scan.item"),
        audio.say("seat:0", "Platz drei.", key="scan.item", earcon="scan_wrap"),
        audio.play_earcon("seat:0", "scan_wrap"),
    ]
    made += audio.say_padded({1: "Kurz.", 2: "Ein wesentlich längerer Satz."}).values()
    durations = [u.duration(WAIT) for u in made]
    for u in made:
        assert u.wait_played(WAIT)
    played = {p.seq: p.duration for p in sink.played}
    assert durations == pytest.approx([played[u.seq] for u in made], abs=0.002)
    assert durations[0] == pytest.approx(len("Platz drei.") * 0.06, abs=0.002)  # the engine autospec: 60 ms a character
    assert durations[3] == durations[4]  # prolog padding (R17)
    assert (durations[1] > durations[0]) == (earcon_volume > 0)


def test_a_sentence_still_unrendered_when_the_service_closes_is_no_error_logged(make_service, caplog):
    """Stopping (a board that cannot play exits at once, run or simulate): a sentence whose
    render had not started fails with the renderer's "closed"; that is the stop cutting it off
    as it cuts off what plays, not a fault, so no ERROR line reaches the one-line CLI output."""
    import logging

    svc = make_service()
    svc.renderer.released.clear()          # renders held, as before READY
    utt = svc.say("public", "Störung: das Brett kann nicht spielen", key="fault.gpio.button")
    with caplog.at_level(logging.DEBUG, logger="firmware_host.audio"):
        svc.close()
    assert utt.wait_played(5.0)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    assert "not rendered before closing" in caplog.text


def test_issue34_a_new_game_drops_what_the_last_game_still_had_queued_and_cuts_what_plays(make_service):
    """Issue 34: ``drop_before(mark)`` drops every older utterance still waiting and cuts off
    the one playing, on every output, a public one and a ``game_over`` too, for good (never
    played again); what was said since the mark keeps its place and plays."""
    sink = RecordingSink(hold=True)
    audio = make_service(sink)
    over = audio.say("public", "Die Faschisten gewinnen.", key="game_over", priority="game_over")
    roles = audio.say("public", "Rollen: Platz eins war Demokrat.", key="roles", priority="game_over")
    hand = audio.say("seat:1", "Deine Gesetze.", key="hand")
    assert playing(sink, "public", "game_over") and playing(sink, "seat:1", "hand")
    mark = audio.mark()
    begins = audio.say("public", "Ein neues Spiel beginnt.", key="new_game")
    assert audio.drop_before(mark) == 3
    assert playing(sink, "public", "new_game")
    sink.finish("public")
    assert begins.wait_played(WAIT) and over.wait_played(WAIT) and roles.wait_played(WAIT) and hand.wait_played(WAIT)
    assert over.interrupted and roles.interrupted and hand.interrupted and not begins.interrupted
    assert [(p.key, p.interrupted) for p in sink.on("public")] == [("game_over", True), ("new_game", False)]
    assert [p.key for p in sink.on("seat:1")] == ["hand"]
    assert audio.drop_before(audio.mark()) == 0 and audio.idle()


def test_on_done_is_told_once_after_the_last_end_of_a_played_clip(make_service):
    """The table's "when played" hook (issue 29) rests on ``Utterance.on_done``: told once,
    after the listener heard the clip's ``end``, never by polling."""
    import threading

    heard: list[str] = []
    told = threading.Event()
    sink = RecordingSink(hold=True)
    audio = make_service(sink)
    utt = audio.say("seat:1", "Du bist dran.", key="turn", listener=lambda kind, u, rec: heard.append(kind))
    utt.on_done(lambda u: (heard.append("done"), told.set()))
    assert playing(sink, "seat:1", "turn")
    assert not told.is_set() and heard == ["start"]
    sink.finish("seat:1")
    assert told.wait(WAIT)
    assert heard == ["start", "end", "done"]
    late: list[object] = []
    utt.on_done(lambda u: late.append(threading.current_thread()))     # told already: at once
    assert late == [threading.current_thread()]
    assert heard.count("done") == 1


def test_on_done_is_told_for_a_clip_dropped_before_it_played(make_service):
    """A clip that never plays (cancelled while it waited) is done too: whatever waits for
    it goes on (no end is ever heard for it)."""
    import threading

    told = threading.Event()
    done: list[Utterance] = []
    sink = RecordingSink(hold=True)
    audio = make_service(sink)
    audio.say("seat:2", "Erste Nachricht.", key="first")
    assert playing(sink, "seat:2", "first")
    second = audio.say("seat:2", "Zweite Nachricht.", key="second")
    second.on_done(lambda u: (done.append(u), told.set()))
    assert audio.cancel(second)
    assert told.wait(WAIT)
    assert done == [second] and second.interrupted and not second.plays
