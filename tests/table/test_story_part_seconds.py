"""The story after game over in parts of at most 15 s, in every registered game (issue 31:
"the story is told in the pressing seat's earphone in short parts, each ending with what the
next press does", "further layers of at most 15 s each").

Each game is played to its end on the real service and journal (the game master's ``act``
for every action of the game's own ``whole_game`` script, a silent voice), at 5 and at 10
seats (or the game's most) and in each of its languages (German, English and, for Autocracy,
French); then seat 1 presses until the story has been told, and every part it was told,
closing line included, is rendered by the real espeak-ng (the board's own speech renderer,
its pronunciations applied) and measured. The bound the table splits by
(:func:`~firmware_host.service.names.spoken_seconds_at_most`, in the story's language) is
checked against the same renders, line by line, at 120, 175 and 300 words per minute.

Before: Dying Message's whole story was one part of 21.7 s, Secret Dictator's first part
16.9-17.8 s (a round's long wording and "Press your button for the next part of the
story."), Autocracy's last part 15.4-17.0 s: the parts were split by a guess of each line,
without the closing line.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from firmware_host.audio import SpeechRenderer
from firmware_host.audio.clip import wav_seconds
from firmware_host.clock import VirtualClock
from firmware_host.errors import FirmwareHostError
from firmware_host.hardware.events import ButtonGesture
from firmware_host.kernel import games
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.names import spoken_seconds_at_most
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.voice import SilentVoice
from firmware_host.table.evening import STORY_PART_SECONDS

pytestmark = pytest.mark.slow

SEATS = (5, 10)
#: the scripts' seed for the players' choices (whole_game)
CHOICES = 2


def table_games() -> list[str]:
    """Every registered game the board plays, with the scripting hooks to play it."""
    return [name for name in games.names()
            if callable(games.pack(name).adapter) and callable(getattr(games.pack(name), "scripting", None))]


def languages(name: str) -> tuple[str, ...]:
    """The languages ``name`` is played in (its catalogue's)."""
    import importlib

    return tuple(importlib.import_module(f"firmware_host.games.{name}.catalogue").LANGUAGES)


#: every language some game is played in
LANGUAGES = ("de", "en", "fr")


@pytest.fixture(scope="module")
def renderer(tmp_path_factory):
    made = SpeechRenderer(tmp_path_factory.mktemp("speech"), cache_max_mb=0)
    made.pronounce = games.pronounce                 # as the board says it
    yield made
    made.close()


def said_seconds(renderer: SpeechRenderer, text: str, language: str, rate: int = 175) -> float:
    """How long the real espeak-ng says ``text`` (seconds, the rendered WAV)."""
    return wav_seconds(renderer.render(text, language, rate=rate).wait(120))


@functools.lru_cache(maxsize=None)
def told_story(name: str, seats: int, language: str, root: str) -> tuple[tuple[str, ...], ...]:
    """``name`` played to its end at ``seats`` seats (fewer where the game takes fewer) in
    ``language``; the parts of the story seat 1 is told press by press, each as the texts of
    its clip (closing line included)."""
    tmp = Path(root) / f"{name}-{seats}-{language}"
    tmp.mkdir(parents=True, exist_ok=True)
    lines: list[dict] = []
    service = BoardService(ServiceSettings(journal_path=str(tmp / "j.sqlite3")), clock=VirtualClock(),
                           journal=Journal(tmp / "j.sqlite3"), voice=SilentVoice(), emit=lines.append,
                           notifier=Notifier(None))
    service.start()
    try:
        script = games.pack(name).scripting()
        for players in range(seats, 2, -1):               # the game's most, where it takes fewer
            try:
                service.call(lambda p=players: service.game.setup_game(
                    {**script.sample_setup(language), "game": name, "players": p}))
                break
            except FirmwareHostError:
                continue
        service.call(lambda: service.game.command("start"))
        adapter = service.game.active
        setup = dict(service.call(service.journal.last_game).setup)
        for action in script.whole_game(setup, CHOICES):
            service.call(lambda a=action: service.game.command("act", action=a))
        assert service.call(lambda: adapter.final_state())["phase"] == "game_over", (name, seats, language)
        for _ in range(600):                    # the game's own last lines, step by step, then the offer
            if service.call(lambda: adapter.evening.open):
                break
            service.clock.advance(1.0)
            service.wait_idle()
        assert service.call(lambda: adapter.evening.open), f"{name}: no evening after game over"
        parts: list[tuple[str, ...]] = []
        ends: list[str] = []
        for _ in range(60):
            mark = len(lines)
            service.call(lambda: service.game.handle_input(ButtonGesture(seat=0, gesture="press")))
            clip = [o for o in lines[mark:] if o.get("event") == "announce" and o.get("channel") == "seat:0"]
            if clip and clip[0]["key"].startswith("lobby."):
                break
            assert clip, f"a press after game over told nothing: {ends}"
            parts.append(tuple(o["text"] for o in clip))
            ends.append(clip[-1]["key"])
        else:
            raise AssertionError(f"60 presses never reached the next setup: {ends[-3:]}")
        assert ends == ["evening.story_more"] * (len(ends) - 1) + ["evening.story_end"], ends
        return tuple(parts)
    finally:
        service.stop()


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("name,language", [(name, language) for name in table_games() for language in languages(name)])
def test_issue31_every_part_of_the_story_rendered_is_at_most_15_s_with_its_closing_line(
        renderer, tmp_path_factory, name, seats, language):
    """Every part seat 1 is told after game over, said by the real espeak-ng as one clip with
    the line that ends it ("press for the next part", "to set up the next game"), lasts at
    most 15 s; the story is told whole (the last part ends with what sets up the next game)."""
    parts = told_story(name, seats, language, str(tmp_path_factory.getbasetemp() / "stories"))
    lengths = [said_seconds(renderer, " ".join(part), language) for part in parts]
    too_long = [(round(s, 2), part) for s, part in zip(lengths, parts) if s > STORY_PART_SECONDS]
    assert not too_long, too_long
    assert len(parts) >= 2, parts                        # a story and its end, in more than one press


@pytest.mark.parametrize("rate", (120, 175, 300))
@pytest.mark.parametrize("language", LANGUAGES)
def test_issue31_the_bound_the_story_is_split_by_is_never_shorter_than_espeak_ng_says_a_line(
        renderer, tmp_path_factory, language, rate):
    """:func:`spoken_seconds_at_most` is an upper bound of espeak-ng's real length for every
    line of every game's story (both seat counts), every closing line and every part said as
    one clip, at a slow, the default and a fast rate: a part it fits in 15 s is said in 15 s."""
    stories = [told_story(name, seats, language, str(tmp_path_factory.getbasetemp() / "stories"))
               for name in table_games() if language in languages(name) for seats in SEATS]
    texts = sorted({text for parts in stories for part in parts for text in part + (" ".join(part),)})
    assert len(texts) > 20
    over = [(text, round(real, 2), round(spoken_seconds_at_most(text, rate, language), 2)) for text in texts
            if (real := said_seconds(renderer, text, language, rate)) > spoken_seconds_at_most(text, rate, language)]
    assert not over, over[:5]
