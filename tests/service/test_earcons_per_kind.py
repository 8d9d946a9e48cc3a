"""Issue 14, ACCESSIBILITY.md 18: one earcon per kind of event (file digests differ), and a
"private message" cue before every private sentence in a seat's earphone, never on the table
speaker."""

from __future__ import annotations

import hashlib

from firmware_host.audio.earcons import SOUNDS_DIR, known_earcons
from firmware_host.clock import VirtualClock
from firmware_host.games.secret_dictator import announce, catalogue
from firmware_host.hardware.events import ButtonGesture
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import SilentVoice


def test_each_earcon_is_distinct_per_kind_by_file_digest():
    earcons = known_earcons()       # the board's own and each game's (its pack's ``earcons``)
    digests = {name: hashlib.sha256((SOUNDS_DIR / f"{name}.wav").read_bytes()).hexdigest() for name in earcons}
    assert len(set(digests.values())) == len(earcons)
    # the kinds the issue named as sharing one cue now have their own
    kinds = {"nomination.made": "nomination", "veto.proposed": "veto", "fault.reader_back": "reader_back",
             "power.view_discard": "power_view_discard", "power.peek": "power_peek",
             "power.investigate": "power_investigate", "power.special_election": "power_special_election",
             "power.execution": "power_execution", "refusal.wrong_phase": "refusal",
             "tile.wrong_slot": "correction", "tile.law_at_ballot_box": "wrong_reader"}
    for key, earcon in kinds.items():
        params = {p: 0 for p in catalogue.placeholders(key)}
        params.update({p: "vote" for p in catalogue.placeholders(key) if p == "action"})
        params.update({p: "ballot" for p in catalogue.placeholders(key) if p == "reader"})
        params.update({p: "fascist" for p in catalogue.placeholders(key) if p == "track"})
        params.update({p: 1 for p in catalogue.placeholders(key) if p in ("slot", "expected")})
        assert announce.make(key, params).earcon == earcon, key
    assert len(set(kinds.values())) == len(kinds)
    assert set(announce.EARCONS) <= set(earcons)


class RecordingVoice(SilentVoice):
    """SilentVoice that also keeps each utterance's earcon."""

    def __init__(self) -> None:
        super().__init__()
        self.cues: list[tuple[str, str, str | None]] = []

    def say(self, channel, text, *, key, priority="normal", earcon=None, pad_seconds=None):
        self.cues.append((channel, key, earcon))
        return super().say(channel, text, key=key, priority=priority, earcon=earcon, pad_seconds=pad_seconds)

    def say_padded(self, texts, *, key="prolog", earcon=None, **kwargs):
        self.cues.extend((f"seat:{s}", key, earcon) for s in texts)
        return super().say_padded(texts, key=key, **kwargs)


def test_private_cue_before_every_private_sentence_and_never_on_the_table(tmp_path):
    voice = RecordingVoice()
    service = BoardService(ServiceSettings(), clock=VirtualClock(), journal=Journal(tmp_path / "j.sqlite3"),
                           voice=voice, emit=lambda line: None, notifier=Notifier(None))
    service.start(None)
    game = service.game
    try:
        service.call(lambda: game.setup_game({"players": 5, "seed": 2, "language": "en"}))
        for _ in range(5):          # every status layer, the private one last
            service.call(lambda: game.handle_input(ButtonGesture(seat=1, gesture="hold")))
    finally:
        service.stop()
    assert ("seat:1", "prolog", "private") in voice.cues
    private = [c for c in voice.cues if c[0] != "public" and (c[1] == "prolog" or catalogue.is_private(c[1]))]
    assert private and all(c[2] == "private" for c in private)
    assert not [c for c in voice.cues if c[0] == "public" and c[2] == "private"]
    assert [c for c in voice.cues if c[1] == "status.private"] == [("seat:1", "status.private", "private")]
    public_layer = [c for c in voice.cues if c[1] == "status.now.waiting.president"]
    assert public_layer and public_layer[0][2] is None      # public facts: no private cue
