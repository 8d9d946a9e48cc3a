"""Tiles read again (BOARD.md "Each reader has its own tiles", RULES.md R16), the kit's
``Rereads``: a tile read again for the same move is that tile (ignored, never answered), a new
move reads every tile anew, and a tile read before the cue that opens its kind's acts has begun
is no act and counts when read again after. Real audio Utterances as the cues; the voice is an
autospec of the service's voice."""

from __future__ import annotations

from firmware_host.audio.service import Utterance
from firmware_host.service.voice import Voice
from firmware_host.table.rereads import Rereads


def test_the_same_tile_read_again_in_the_same_move_is_that_tile_and_a_new_move_reads_it_anew():
    rereads = Rereads()
    assert not rereads.again("ballot", ("election", 3), (2, "ja"))
    assert rereads.again("ballot", ("election", 3), (2, "ja"))
    assert not rereads.again("ballot", ("election", 3), (4, "ja"))       # another seat's tile
    assert rereads.again("ballot", None, (4, "ja"))                       # no move now: the last one's tiles
    assert not rereads.again("law", ("election", 3), (2, "ja"))          # each kind its own
    assert not rereads.again("ballot", ("election", 4), (2, "ja"))       # the next election
    rereads.forget()
    assert not rereads.again("ballot", ("election", 4), (2, "ja"))       # an undo, a resume


def test_R16_a_tile_read_before_its_cue_began_is_no_act_and_counts_when_read_again(mocker):
    voice = mocker.create_autospec(Voice, instance=True)
    voice.has_earphones.return_value = True
    rereads, law = Rereads(), ("fascist", 7)
    assert not rereads.early("law", law, voice)                          # no cue awaited
    hand = Utterance("seat:2", "hand.chancellor", "…", "normal", None, 1, None)
    rereads.opens("law", hand)
    assert not rereads.again("law", "session", law)
    assert rereads.early("law", law, voice)                              # before the hand began
    assert not rereads.again("law", "session", law)                      # forgotten: it counts again
    voice.has_earphones.return_value = False                             # a whisper station
    assert not rereads.early("law", law, voice)
    voice.has_earphones.return_value = True
    hand._finish()                                                       # the hand was heard
    assert not rereads.early("law", law, voice)
