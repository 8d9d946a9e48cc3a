"""The answer to one's own act at once, also on a fresh board (issue 31, ACCESSIBILITY.md 26).

While a seat's act is handled (``AudioService.answering(seat)``), the first sentence said
into its earphone is the act's answer; when that sentence is not rendered yet (an empty
speech cache: 3 s a sentence on a Pi Zero 2 W, here a :class:`SlowRenderer` on a virtual
clock) the ``answer`` earcon plays at once ahead of it and the sentence right after. Real
renders (an autospec of pyttsx3's engine), a :class:`ClockSink` on a :class:`VirtualClock`.
"""

from __future__ import annotations

import pytest

from firmware_host.audio import AudioService, AudioSettings, SpeechRenderer
from firmware_host.audio.service import ANSWER_CUE, ANSWER_CUE_KEY
from firmware_host.audio.sinks import ClockSink
from firmware_host.audio.slow import SlowRenderer
from firmware_host.clock import VirtualClock

from tests.doubles import pyttsx3_engine

RENDER_S = 3.0   # a fresh Pi Zero 2 W: seconds a sentence takes to render the first time


@pytest.fixture
def board(tmp_path, mocker, fake_log):
    """make(**settings) -> (audio, clock): a slow renderer (3 s a new sentence) on a virtual clock."""
    made = []

    def make(**settings):
        clock = VirtualClock()
        inner = SpeechRenderer(tmp_path / "cache", engine_factory=lambda: pyttsx3_engine(mocker, fake_log), timeout=5)
        audio = AudioService(AudioSettings(**settings), ClockSink(clock), tmp_path / "cache", seats=5,
                             renderer=SlowRenderer(inner, clock, RENDER_S, warm=True), clock=clock,
                             whisper_call=(lambda seat: f"Platz {seat + 1}") if settings.get("whisper_station") else None)
        made.append(audio)
        return audio, clock

    yield make
    for audio in made:
        audio.close()


def rendered(utt):
    """Wait until the real render of ``utt`` is done (the slow board's delay then runs on the clock)."""
    job = utt.job
    (getattr(job, "inner", job)).wait(10)


def cue_of(utt):
    cues = [u for u in utt.after if u.key == ANSWER_CUE_KEY]
    return cues[0] if cues else None


def test_issue31_an_answer_not_rendered_yet_is_preceded_by_the_answer_cue_at_once(board):
    audio, clock = board()
    clock.advance(10.0)
    with audio.answering(2):
        answer = audio.say("seat:2", "Gewählt: Platz vier.", key="scan.selected", priority="request")
    cue = cue_of(answer)
    assert cue is not None and cue.earcon == ANSWER_CUE and cue.channel == "seat:2" and cue.text == ""
    assert cue.start == pytest.approx(10.0)            # at the act, while the sentence renders
    assert cue.seq < answer.seq and not cue.history      # ahead of the answer; no message to repeat
    rendered(answer)
    clock.advance(RENDER_S)
    assert answer.start == pytest.approx(10.0 + RENDER_S)
    assert cue.end <= answer.start and not cue.plays[0].cut and not cue.interrupted
    clock.advance(10.0)
    assert answer.done() and not answer.interrupted and answer.plays and not answer.plays[-1].cut


def test_issue31_an_answer_in_the_speech_cache_starts_at_once_without_a_cue(board):
    audio, clock = board()
    first = audio.say("seat:1", "Notiert.", key="table.noted")
    rendered(first)
    clock.advance(RENDER_S + 5.0)
    assert first.done()
    with audio.answering(1):
        answer = audio.say("seat:1", "Notiert.", key="table.noted")
    assert cue_of(answer) is None and answer.after == ()
    assert answer.start == pytest.approx(clock.now())


def test_issue31_only_the_acting_seats_first_sentence_gets_the_cue(board):
    audio, clock = board()
    with audio.answering(3):
        public = audio.say("public", "Platz vier hat gewählt.", key="vote.cast")
        other = audio.say("seat:1", "Du bist dran.", key="turn.yours")
        answer = audio.say("seat:3", "Gewählt.", key="choice.made")
        more = audio.say("seat:3", "Deine Karten.", key="hand")
    outside = audio.say("seat:3", "Noch ein Satz.", key="later")
    assert [cue_of(u) is not None for u in (public, other, answer, more, outside)] == [False, False, True, False, False]


def test_issue31_the_cue_of_a_picks_answer_cuts_the_item_playing_and_the_answer_is_not_dropped_for_it(board):
    """A pick's answer is the seat's request (it cuts the scan item playing); its cue takes
    that place at once, and the answer, a later request of the seat, does not replace the
    cue it waits for."""
    audio, clock = board()
    item = audio.say("seat:0", "Platz drei", key="scan.item", history=False)
    rendered(item)
    clock.advance(RENDER_S + 0.1)
    assert item.plays and item.end is None             # the item plays
    with audio.answering(0):
        answer = audio.say("seat:0", "Gewählt: Platz drei.", key="scan.selected", priority="request")
    cue = cue_of(answer)
    assert item.plays[0].cut and item.interrupted
    assert cue is not None and cue.start == pytest.approx(clock.now()) and not cue.interrupted
    rendered(answer)
    clock.advance(RENDER_S)
    clock.advance(10.0)
    assert cue.done() and not cue.plays[-1].cut
    assert answer.done() and not answer.interrupted and answer.start >= cue.end


def test_issue31_the_cue_waits_for_nothing_its_answer_waits_for(board):
    """A private answer that waits for its public cause (ACCESSIBILITY.md 22): the seat hears
    the cue at once all the same."""
    audio, clock = board()
    cause = audio.say("public", "Platz eins hat gewählt.", key="vote.cast")
    with audio.answering(4):
        answer = audio.say("seat:4", "Deine Wahl ist gezählt.", key="vote.mine", after=[cause])
    cue = cue_of(answer)
    assert cue is not None and cue.start == pytest.approx(clock.now())
    rendered(cause)
    rendered(answer)
    for _ in range(10):
        clock.advance(2.0)
    assert answer.start >= cause.end


def test_issue31_no_cue_at_a_whisper_station_or_with_earcons_off(board):
    for settings in ({"whisper_station": True}, {"earcon_volume": 0.0}):
        audio, clock = board(**settings)
        with audio.answering(2):
            answer = audio.say("seat:2", f"Gewählt {settings}.", key="scan.selected", priority="request")
        assert cue_of(answer) is None, settings


def test_issue31_the_cue_is_told_to_its_listener_as_a_clip_of_the_seat(board):
    audio, clock = board()
    heard = []
    audio.on_answer_cue = lambda channel: (lambda kind, utt, record: heard.append((channel, kind, record.output)))
    with audio.answering(1):
        answer = audio.say("seat:1", "Gewählt.", key="scan.selected", priority="request")
    rendered(answer)
    clock.advance(RENDER_S)
    assert heard == [("seat:1", "start", "seat:1"), ("seat:1", "end", "seat:1")]


def test_issue31_where_the_clock_waits_for_renders_only_a_slow_boards_render_is_cued(tmp_path, mocker):
    """``simulate`` without a render delay: its virtual clock waits while a sentence renders,
    so a render takes no time on it and the answer starts with the act: no cue, and the same
    run says the same whether the speech cache held the sentence or not (issue 30). A slow
    board's render (its end on the clock) is cued there too; on a real clock every render is."""
    from firmware_host.audio.speech import RenderJob

    def render(text, language="de", voice="", rate=175, *, background=False):
        return RenderJob("k", tmp_path / "never.wav", text, language, voice, rate)   # still rendering

    def cued(waits: bool, slow: bool) -> bool:
        clock = VirtualClock()
        inner = mocker.create_autospec(SpeechRenderer, instance=True)
        inner.render.side_effect = render
        renderer = SlowRenderer(inner, clock, RENDER_S) if slow else inner
        audio = AudioService(AudioSettings(), ClockSink(clock), tmp_path / "cache", seats=5, renderer=renderer,
                             clock=clock)
        audio.clock_waits_for_renders = waits
        try:
            with audio.answering(1):
                answer = audio.say("seat:1", "Ein neuer Satz.", key="scan.selected", priority="request")
            assert not answer.job.done()
            return cue_of(answer) is not None
        finally:
            audio.close()

    assert not cued(waits=True, slow=False)
    assert cued(waits=True, slow=True)
    assert cued(waits=False, slow=False)


def test_issue31_an_act_of_a_seat_the_board_does_not_know_cues_the_first_earphone_answered(board):
    """A tile laid at a shared reader (a law at the tray) names no seat: the first sentence
    into any seat's earphone is its answer; the table speaker's never is."""
    audio, clock = board()
    with audio.answering(None, any_seat=True):
        public = audio.say("public", "Ein Gesetz wurde gelesen.", key="tile.read")
        answer = audio.say("seat:3", "Gelesen: ein Gesetz.", key="tile.read.law")
        more = audio.say("seat:1", "Noch etwas.", key="other")
    assert (cue_of(public), cue_of(more)) == (None, None)
    assert cue_of(answer) is not None and cue_of(answer).start == pytest.approx(clock.now())
    with audio.answering(None):
        unknown = audio.say("seat:2", "Ohne Platz.", key="other")
    assert cue_of(unknown) is None


# -- the answer cue asked for alone (RULES.md R16, issue 33) -------------------------------------

def test_issue33_the_answer_cue_asked_for_plays_at_once_and_the_sentence_after_it_gets_no_second(board):
    """A game answers an act the same way whatever follows it (a law read while the table
    hears a count that may end the game): the cue alone at once, written to its listener as
    the cue before a late answer is, no message to repeat; the words that follow (waiting for
    the count) get no second cue."""
    audio, clock = board()
    heard = []
    audio.on_answer_cue = lambda channel: (lambda kind, utt, record: heard.append((channel, kind)))
    cause = audio.say("public", "Stimmen: fünf von fünf.", key="ballot.counted")
    clock.advance(1.0)
    with audio.answering(None, any_seat=True):
        cue = audio.answer_cue("seat:3", priority="refusal")
        answer = audio.say("seat:3", "Gelesen: ein Gesetz.", key="tile.read.law", priority="refusal", after=[cause])
    assert cue is not None and cue.key == ANSWER_CUE_KEY and cue.earcon == ANSWER_CUE and cue.text == ""
    assert cue.start == pytest.approx(clock.now()) and not cue.history and cue.priority == "refusal"
    assert cue_of(answer) is None                       # one cue for the act
    rendered(cause)
    rendered(answer)
    for _ in range(10):
        clock.advance(2.0)
    assert ("seat:3", "start") in heard and ("seat:3", "end") in heard
    assert cause.done() and answer.start >= cause.end


def test_issue33_the_answer_cue_asked_for_plays_nowhere_without_an_earphone_of_its_own(board):
    """Never on the table speaker, at a whisper station or with the earcons silent (no sound
    then answers any act alike); an unknown channel is an error."""
    from firmware_host.errors import FirmwareHostError

    audio, clock = board()
    assert audio.answer_cue("public") is None
    with pytest.raises(FirmwareHostError):
        audio.answer_cue("seat:9")
    for settings in ({"whisper_station": True}, {"earcon_volume": 0.0}):
        audio, clock = board(**settings)
        assert audio.answer_cue("seat:2") is None, settings


def _hand_waiting_for_the_count(board):
    """Seat 3's earphone warm and idle, the table about to say a vote's count, and seat 3's
    hand queued to wait for that count (ACCESSIBILITY.md 22): (audio, clock, count, hand)."""
    audio, clock = board()
    warm = [audio.say("seat:2", text, key="warm") for text in ("Notiert.", "Noch etwas.")]
    for utt in warm:
        rendered(utt)
    for _ in range(5):
        clock.advance(2.0)
    assert all(u.done() for u in warm)
    cause = audio.say("public", "Stimmen: fünf von fünf, gezählt.", key="ballot.counted")
    hand = audio.say("seat:2", "Deine Gesetze: zwei.", key="hand.president", after=[cause])
    return audio, clock, cause, hand


def test_issue31_an_answer_is_never_held_back_by_a_message_of_the_seat_waiting_for_the_table(board):
    """A seat's private message waits for its public cause (ACCESSIBILITY.md 22: the hand
    after the count is heard); the answer to the seat's own press meanwhile ("noted") plays at
    once all the same, while the table still speaks; a message that is no answer keeps its
    place after the waiting one (nothing else jumps the queue)."""
    audio, clock, cause, hand = _hand_waiting_for_the_count(board)
    with audio.answering(2):
        noted = audio.say("seat:2", "Notiert.", key="table.noted")
    other = audio.say("seat:2", "Noch etwas.", key="later")
    assert noted.own_answer and not other.own_answer and not hand.own_answer
    rendered(cause)
    rendered(hand)
    for _ in range(15):
        clock.advance(1.0)
    assert cause.done() and hand.done() and noted.done() and other.done()
    assert noted.plays[0].start < cause.plays[0].end          # at once, the table still speaking
    assert hand.plays[0].start >= cause.plays[0].end - 1e-6
    assert other.plays[0].start >= hand.plays[0].end - 1e-6   # no answer: after the waiting message


def test_issue31_the_noted_after_a_cue_already_given_is_never_held_back_by_a_message_waiting_for_the_table(board):
    """Secret Dictator, by ear (issue 31): a seat presses during the count of a vote while its
    hand waits for that count. Its earphone was busy, so the table gave the answer cue first
    (``answer_cue``, which counts as the act's answer) and then "noted" (``answer=True``):
    the words follow the cue at once, the table still speaking, not only after the hand
    (before, the cue was followed by 10.5 s of nothing); no second cue precedes them."""
    audio, clock, cause, hand = _hand_waiting_for_the_count(board)
    with audio.answering(2):
        cue = audio.answer_cue("seat:2", priority="refusal")
        noted = audio.say("seat:2", "Notiert.", key="table.noted", keep=True, answer=True)
    plain = audio.say("seat:2", "Noch etwas.", key="later", keep=True)
    assert noted.own_answer and cue_of(noted) is None and not plain.own_answer
    rendered(cause)
    rendered(hand)
    for _ in range(15):
        clock.advance(1.0)
    assert cue.done() and noted.done() and hand.done() and plain.done()
    assert cue.plays[0].end <= noted.plays[0].start < cause.plays[0].end   # the words at once after the cue
    assert plain.plays[0].start >= hand.plays[0].end - 1e-6      # without answer=True: after the hand


def test_issue31_a_seats_act_answer_cuts_off_its_own_status_playing(board):
    """A seat presses while its own status (its request) plays: the act's answer cuts the
    status off at once (the seat acts after what it asked for, ACCESSIBILITY.md 4, 26); an
    answer to another seat's act or a sentence that answers no act waits for it."""
    audio, clock = board()
    status = audio.say("seat:1", "Abstimmung zwei: du musst noch wählen.", key="status.now", priority="request")
    other = audio.say("seat:2", "Abstimmung zwei: du musst noch wählen.", key="status.now", priority="request")
    rendered(status)
    rendered(other)
    clock.advance(RENDER_S + 0.3)
    assert status.plays and status.end is None and other.plays and other.end is None
    plain = audio.say("seat:2", "Platz eins hat gewählt.", key="vote.cast")
    with audio.answering(1):
        answer = audio.say("seat:1", "Liste: drücke, wenn du deine Wahl hörst.", key="scan.start", history=False)
        audio.say("seat:2", "Du bist nicht dran.", key="not.yours")   # not the acting seat's earphone
    assert status.plays[0].cut and status.interrupted
    assert not other.plays[-1].cut and not plain.plays
    rendered(answer)
    rendered(plain)
    clock.advance(RENDER_S)
    assert answer.plays and answer.start <= clock.now()


def test_A26_R16_a_kept_clip_is_cut_off_only_by_its_seats_request(board):
    """The table's "noted" (``keep``): a refusal or the answer to the seat's next act follows
    it, never cuts it (every "noted" of a seat as long, R16); the seat's own status request
    cuts it off as it cuts off anything."""
    audio, clock = board()
    noted = audio.say("seat:0", "Notiert.", key="table.noted", history=False, keep=True)
    rendered(noted)
    clock.advance(RENDER_S + 0.05)
    assert noted.plays and noted.end is None
    with audio.answering(0):
        ballot = audio.say("seat:0", "Deine Stimme: Ja.", key="tile.read.ballot", priority="refusal")
    rendered(ballot)
    for _ in range(10):
        clock.advance(1.0)
    assert not noted.plays[0].cut and ballot.start >= noted.end
    again = audio.say("seat:0", "Notiert.", key="table.noted", history=False, keep=True)   # rendered: at once
    clock.advance(0.05)
    assert again.plays and again.end is None
    status = audio.say("seat:0", "Du bist dran.", key="status.now", priority="request")
    assert again.plays[0].cut and status is not None


def test_issue31_a_seats_act_drops_its_own_repeat_not_started_yet(tmp_path, mocker, fake_log):
    """A stray press asks for a repeat whose words are still being rendered; the seat lays a
    tile at once: the tile's answer (its cue at once) comes next, the repeat is dropped, never
    heard (it can be asked for again). An answer to another act (a pick's answer, a request)
    that waits is not dropped."""
    clock = VirtualClock()
    inner = SpeechRenderer(tmp_path / "cache", engine_factory=lambda: pyttsx3_engine(mocker, fake_log), timeout=5)
    audio = AudioService(AudioSettings(), ClockSink(clock), tmp_path / "cache", seats=5,
                         renderer=SlowRenderer(inner, clock, RENDER_S, warm=False), clock=clock)
    heard = audio.say("seat:2", "Nominierung: Platz zwei nominiert Platz vier.", key="nomination.made")
    rendered(heard)
    for _ in range(3):
        clock.advance(RENDER_S)
    assert heard.done()
    repeat = audio.repeat_last(2)                         # every sentence 3 s on this board
    assert repeat is not None and not repeat.plays
    with audio.answering(2):
        answer = audio.say("seat:2", "Deine Stimme: Nein.", key="tile.read.ballot", priority="refusal")
    cue = cue_of(answer)
    assert repeat.interrupted and not repeat.plays
    assert cue is not None and cue.start == pytest.approx(clock.now())
    with audio.answering(2):
        picked = audio.say("seat:2", "Gewählt: Platz drei.", key="scan.selected", priority="request")
    with audio.answering(2):
        audio.say("seat:2", "Deine Stimme: Ja.", key="tile.read.ballot.again", priority="refusal")
    assert not picked.interrupted
    audio.close()


def fresh_board(tmp_path, mocker, fake_log):
    """An audio service on a fresh board: every live render 3 s on a virtual clock."""
    clock = VirtualClock()
    inner = SpeechRenderer(tmp_path / "cache", engine_factory=lambda: pyttsx3_engine(mocker, fake_log), timeout=5)
    audio = AudioService(AudioSettings(), ClockSink(clock), tmp_path / "cache", seats=5,
                         renderer=SlowRenderer(inner, clock, RENDER_S, warm=False), clock=clock)
    return audio, clock


def test_issue31_A25_a_press_answered_by_a_repeat_not_rendered_yet_hears_the_answer_cue_at_once(tmp_path, mocker,
                                                                                               fake_log):
    """A press with nothing open is answered by the seat's last message again (ACCESSIBILITY.md
    25); on a fresh board that message is rendered anew for the earphone (3 s): the answer cue
    plays at once in the seat's earphone and the message right after it (it came 3.15 s after
    the press, with no cue)."""
    audio, clock = fresh_board(tmp_path, mocker, fake_log)
    line = audio.say("public", "Runde zwei. Platz drei ist dran.", key="round.start")
    rendered(line)
    for _ in range(4):
        clock.advance(RENDER_S)
    assert line.done()
    with audio.answering(2):
        repeat = audio.repeat_last(2)
    cue = cue_of(repeat)
    assert cue is not None and cue.channel == "seat:2" and cue.start == pytest.approx(clock.now())
    assert repeat.meta["repeats"] is line and not repeat.plays
    rendered(repeat)
    for _ in range(4):
        clock.advance(RENDER_S)
    assert repeat.done() and repeat.plays and repeat.start >= cue.end
    with audio.answering(2):
        again = audio.repeat_last(2)     # outside an act's handling no cue; a rendered one none either
    assert again is not None
    audio.close()


def test_issue31_A25_a_press_while_the_answer_to_ones_act_is_still_rendered_never_recalls_an_older_message(
        tmp_path, mocker, fake_log):
    """Autocracy on a fresh board: a seat confirms its roll (its answer "Chosen." renders for
    3 s, the turn has passed) and presses again: the press is answered by the answer cue at
    once and then by that answer, never by "Your turn. You hold ..." (its last message heard,
    no longer true)."""
    audio, clock = fresh_board(tmp_path, mocker, fake_log)
    turn = audio.say("seat:1", "Du bist dran. Du hast zwölf Wirtschaft.", key="turn.yours")
    rendered(turn)
    for _ in range(4):
        clock.advance(RENDER_S)
    assert turn.done()
    with audio.answering(1):
        chosen = audio.say("seat:1", "Gewählt.", key="scan.selected", priority="request")
    first_cue = cue_of(chosen)
    assert first_cue is not None and not chosen.plays
    clock.advance(2.4)
    with audio.answering(1):
        answer = audio.repeat_last(1)
    assert answer is not None and answer.key == ANSWER_CUE_KEY and answer.text == ""
    assert answer.start == pytest.approx(clock.now())
    rendered(chosen)
    for _ in range(4):
        clock.advance(RENDER_S)
    assert chosen.done() and chosen.plays and not chosen.interrupted
    assert not any(u.key == "turn.yours" for u in audio._players["seat:1"].heap)   # no recall queued
    audio.close()
