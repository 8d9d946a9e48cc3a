"""The evening after a game's end (ACCESSIBILITY.md 30): the story one press away, in short
parts, then the next game from the seats.

After game over the table hears what a press does (``evening.offer``). A seat's press tells
the story's next part in that seat's earphone, each part ending with what the next press
does (``evening.story_more``, after the last part ``evening.story_end``); a press during the
game-over speech waits until the table has heard it (the press, and every further press
while its part waits, is answered "noted" in the seat's earphone at once, ACCESSIBILITY.md
26). A press while the seat's part plays is answered at once by the answer cue, and the part
is then said again from its start (one earphone plays one clip at a time, ACCESSIBILITY.md
20: the cue cuts it, so nothing of the part is lost and no part is skipped); the press after
it has been heard gives the next part. A press during the last part is answered the same
way, and the press after it sets up the next game.
Once a seat has heard the last part to its end, its next press starts the setup from the
seats (:meth:`Evening.heard_all`, asked by ``seat_waits_for_setup``). Every seat hears the
story on its own, at its own pace.

Example::

    evening = Evening(tell=lambda seat, lines, after: speak_request(seat, lines, after))
    evening.over(parts=lambda: [[("story.round", {...})], [("story.end", {})]], after=[utterance])
    evening.press(2)          # part 1 in seat 3's earphone, then "press again for more"
    evening.heard_all(2)      # False until the last part was told to seat 3
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Sequence

from firmware_host.errors import FirmwareHostError

log = logging.getLogger("firmware_host.service")

__all__ = ["Evening", "STORY_PART_LINES", "STORY_PART_SECONDS", "parts_of", "split_long"]

#: lines of a story in one part, when a game gives its story as one list (a part is one clip)
STORY_PART_LINES = 3
#: the most seconds of speech a part of the story holds (:func:`split_long`), as a status's
#: further layer (issue 31: at most 15 s each)
STORY_PART_SECONDS = 15.0

#: a story's line: (catalogue key, params)
StoryLine = tuple[str, dict]


def parts_of(lines: Sequence[StoryLine], size: int = STORY_PART_LINES) -> list[list[StoryLine]]:
    """``lines`` in parts of at most ``size`` lines each (ACCESSIBILITY.md 30: short parts)."""
    return [list(lines[i:i + size]) for i in range(0, len(lines), size)]


def split_long(parts: Sequence[Sequence[StoryLine]], seconds: Callable[[StoryLine], float],
               limit: float = STORY_PART_SECONDS) -> list[list[StoryLine]]:
    """``parts`` with each part longer than ``limit`` seconds of speech split between its
    lines, in order, as few parts as fit (issue 31: the story in short parts, as a status's
    further layers; a line longer than ``limit`` is a part of its own).

    :param seconds: ``seconds(line)``, how long a line is said (an estimate, seconds).
    :param limit: the most seconds of speech a part holds where it has several lines."""
    out: list[list[StoryLine]] = []
    for part in parts:
        current: list[StoryLine] = []
        total = 0.0
        for line in part:
            said = seconds(line)
            if current and total + said > limit:
                out.append(current)
                current, total = [], 0.0
            current.append(line)
            total += said
        if current:
            out.append(current)
    return out


class Evening:
    """The table after game over (see the module docstring); on the service thread.

    :param tell: ``tell(seat, lines, after) -> utterance | None``: say ``lines`` (a list of
        (key, params)) as one clip of the seat's own request in ``seat``'s earphone once the
        utterances ``after`` have ended; its Utterance where the voice reports playback.
    :param noted: ``noted(seat)``: answer a press at once in ``seat``'s earphone (the table's
        "noted", ACCESSIBILITY.md 26) when the part it asked for waits for the game-over
        speech; None: nothing is said then.
    :param cue: ``cue(seat) -> utterance | None``: the answer cue in ``seat``'s earphone at
        once, cutting its part (said again after it); None, or a None returned (no earphone,
        earcons silent): the part said again cuts it itself, at once.
    """

    def __init__(self, tell: Callable[[int, list[StoryLine], tuple], Any],
                 noted: Callable[[int], Any] | None = None,
                 cue: Callable[[int], Any] | None = None) -> None:
        self.tell = tell
        self.noted = noted
        self.cue = cue
        self.open = False                        # the game is over: presses tell the story
        self._parts: Callable[[], list[list[StoryLine]]] | None = None
        self._story: list[list[StoryLine]] | None = None
        self._after: tuple = ()                  # the game-over speech, then the offer
        self.told: dict[int, int] = {}           # seat -> parts of the story told to it
        self._waiting: dict[int, Any] = {}       # seat -> its part, not yet started
        self._lines: dict[int, list[StoryLine]] = {}   # seat -> the lines of its last part asked for

    def over(self, parts: Callable[[], list[list[StoryLine]]], after: Sequence[Any] = ()) -> None:
        """The game has ended and the table hears the offer (``after``: the game-over
        speech's utterances and the offer's, None where nothing plays).

        :param parts: ``parts() -> [[(key, params), ...], ...]``: the story in parts, asked
            at the first press (a game's story may need the journal).
        """
        self.open = True
        self._parts, self._story = parts, None
        self._after = tuple(u for u in after if u is not None)
        self.told, self._waiting, self._lines = {}, {}, {}

    def reset(self) -> None:
        """A game begins or is rebuilt: no story to tell."""
        self.open = False
        self._parts, self._story, self._after = None, None, ()
        self.told, self._waiting, self._lines = {}, {}, {}

    def story(self) -> list[list[StoryLine]]:
        """The story's parts (asked once per game; a game whose story cannot be told has
        none: its press goes straight to the end)."""
        if self._story is None:
            try:
                self._story = [list(p) for p in (self._parts() if self._parts is not None else []) if p]
            except (FirmwareHostError, ValueError) as exc:   # it must not stop the evening
                log.error("story: %s", exc)
                self._story = []
        return self._story

    def press(self, seat: int) -> None:
        """A seat's press after game over: the story's next part in its earphone, ending with
        what the next press does. Every press is answered at once in the seat's earphone
        (ACCESSIBILITY.md 26, issue 31): one while its part waits for the game-over speech
        hears "noted" (the part follows the speech); one while its part plays hears the
        answer cue, which cuts the part, and the part is said again from its start (a part
        is never lost to one's own press, ACCESSIBILITY.md 20: one clip at a time); the
        press after the part has been heard gives the next one, or after the last part the
        next setup (:meth:`heard_all`)."""
        parts = self.story()
        index = self.told.get(seat, 0)
        last = self._waiting.get(seat)
        if last is not None and not last.done():
            if getattr(last, "plays", None) and seat in self._lines:
                log.info("seat %d pressed during its part of the story: the part again", seat)
                cue = self.cue(seat) if self.cue is not None else None
                self._waiting[seat] = self.tell(seat, list(self._lines[seat]), (cue,) if cue is not None else ())
                return
            log.info("seat %d: its part of the story is on its way", seat)
            self._note_if_waiting(seat)           # every press answered at once, the second too
            return
        after = self._note_if_waiting(seat)
        part = list(parts[index]) if index < len(parts) else []
        part.append(("evening.story_end" if index + 1 >= len(parts) else "evening.story_more", {}))
        self._lines[seat] = part
        self._waiting[seat] = self.tell(seat, part, after)
        self.told[seat] = min(index + 1, len(parts)) if parts else 1

    def _note_if_waiting(self, seat: int) -> tuple:
        """The game-over speech still to be heard (its utterances not done); while there is
        some, the press is answered at once in ``seat``'s earphone ("noted"), as its part of
        the story follows the speech (a minute at times, ACCESSIBILITY.md 26, issue 31)."""
        self._after = tuple(u for u in self._after if not u.done())
        if self._after and self.noted is not None:
            self.noted(seat)
        return self._after

    def heard_all(self, seat: int) -> bool:
        """True when ``seat`` has heard the whole story (the last part has ended): its next
        press sets up the next game (ACCESSIBILITY.md 30)."""
        if not self.open or seat not in self.told or self._playing(seat):
            return False
        return self.told[seat] >= max(1, len(self.story()))

    def _playing(self, seat: int) -> bool:
        """True while the seat's last part asked for is still to be heard (waiting or playing)."""
        part = self._waiting.get(seat)
        return part is not None and not part.done()
