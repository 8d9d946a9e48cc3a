"""The evening after a game's end (ACCESSIBILITY.md 30): the story one press away, in short
parts, then the next game from the seats.

After game over the table hears what a press does (``evening.offer``). A seat's press tells the
story's next part in that seat's earphone, each part ending with what the next press does
(``evening.story_more``, after the last part ``evening.story_end``); each part with its closing
line is at most :data:`STORY_PART_SECONDS` of speech as the seat hears it (``fit``: its wording
and rate, :func:`split_long`, :func:`split_text`), and its words are fixed when it is first
told (``words``); a press during the game-over speech waits until the table has heard it (the
press, and every further press while its part waits, is answered "noted" in the seat's earphone
at once, ACCESSIBILITY.md 26). A press while the seat's part plays is answered at once by the
answer cue, and the part is then said again from its start, in the same words (one earphone
plays one clip at a time, ACCESSIBILITY.md 20: the cue cuts it, so nothing of the part is lost
and no part is skipped); the press after it has been heard gives the next part. A press during
the last part is answered the same way, and the press after it sets up the next game.
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
import re
from typing import Any, Callable, Sequence

from firmware_host.errors import FirmwareHostError
from firmware_host.service.names import spoken_seconds_at_most

log = logging.getLogger("firmware_host.service")

__all__ = ["Evening", "STORY_PART_LINES", "STORY_PART_SECONDS", "fit_parts", "parts_of", "split_long", "split_text"]

#: lines of a story in one part, when a game gives its story as one list (a part is one clip)
STORY_PART_LINES = 3
#: the most seconds of speech a part of the story holds (:func:`split_long`), as a status's
#: further layer (issue 31: at most 15 s each)
STORY_PART_SECONDS = 15.0

#: a story's line: (catalogue key, params), or (key, params, text) with its words fixed
#: (said so, the same words again when the part is said again)
StoryLine = tuple


def parts_of(lines: Sequence[StoryLine], size: int = STORY_PART_LINES) -> list[list[StoryLine]]:
    """``lines`` in parts of at most ``size`` lines each (ACCESSIBILITY.md 30: short parts)."""
    return [list(lines[i:i + size]) for i in range(0, len(lines), size)]


def split_long(parts: Sequence[Sequence[StoryLine]], seconds: Callable[[StoryLine], float],
               limit: float = STORY_PART_SECONDS, *, closing: float | Callable[[int], float] = 0.0,
               last_closing: float | None = None,
               pieces: Callable[[StoryLine, float], list[StoryLine]] | None = None,
               joined: Callable[[list[StoryLine]], float] | None = None,
               join: bool = False) -> list[list[StoryLine]]:
    """``parts`` with each part longer than ``limit`` seconds of speech split between its
    lines, in order, as few parts as fit (issue 31: the story in short parts, as a status's
    further layers, each at most 15 s with the line that ends it); with ``join``, a part
    that fits whole after the one before (both within ``limit``) is said with it, so that
    parts fill up to the limit (a round of a story is never cut to fill one).

    :param seconds: ``seconds(line)``, how long a line is said (seconds; an upper bound keeps
        every part within ``limit``, :func:`~firmware_host.service.names.spoken_seconds_at_most`).
    :param limit: the most seconds of speech a part holds, its closing line included.
    :param closing: seconds of the line said after every part but the last ("press for the
        next part"), counted in the part's ``limit``; or ``closing(index)`` for the part at
        ``index`` (0-based: the first part's closing line may be worded long, the others short).
    :param last_closing: seconds of the line said after the last part ("to set up the next
        game"); None: as ``closing``.
    :param pieces: ``pieces(line, room) -> [line, ...]``: a line that alone passes the room
        (``limit`` less the closing line) as lines of at most ``room`` seconds each (split at
        its sentences and clauses, never mid-word); None: such a line is a part of its own.
    :param joined: ``joined(lines) -> seconds``: how long ``lines`` are said as one clip (a
        part is one text: what a bound counts once per text is counted once); None: the
        sum of ``seconds`` of each.
    :param join: join whole parts that fit together (default False: each part begins a part)."""
    closing_of = closing if callable(closing) else (lambda index: closing)
    out = _packed(parts, seconds, lambda index: limit - closing_of(index), pieces, joined, join)
    last = len(out) - 1
    if out and last_closing is not None and last_closing > closing_of(last):
        out[-1:] = _packed([out[-1]], seconds, lambda index: limit - max(last_closing, closing_of(last + index)),
                           pieces, joined)
    return out


def _packed(parts: Sequence[Sequence[StoryLine]], seconds: Callable[[StoryLine], float],
            room: Callable[[int], float], pieces: Callable[[StoryLine, float], list[StoryLine]] | None,
            joined: Callable[[list[StoryLine]], float] | None = None, join: bool = False) -> list[list[StoryLine]]:
    """:func:`split_long`'s packing: lines in order, a new part where the next passes
    ``room(index)`` (seconds, the part at ``index`` of those made here); with ``join`` a
    part that fits whole after the lines before goes on the same part."""
    out: list[list[StoryLine]] = []
    current: list[StoryLine] = []
    total = 0.0

    def length(lines: list[StoryLine]) -> float:
        return sum(seconds(line) for line in lines) if joined is None else joined(lines)
    for part in parts:
        if current and join and length(current + list(part)) <= room(len(out)):
            current = current + list(part)
            total = length(current)
            continue
        if current:
            out.append(current)
        current = []
        total = 0.0
        for whole in part:
            lines = [whole]
            if pieces is not None and seconds(whole) > room(len(out) + bool(current)):
                lines = pieces(whole, min(room(len(out)), room(len(out) + 1))) or [whole]
            for line in lines:
                said = total + seconds(line) if joined is None else joined(current + [line])
                if current and said > room(len(out)):
                    out.append(current)
                    current = []
                    said = seconds(line) if joined is None else joined([line])
                current.append(line)
                total = said
    if current:
        out.append(current)
    return out


#: where a text may be split when it alone passes a part's room: after a sentence, after a
#: clause (``;``, then ``,``), between words (never mid-word), tried in that order; never
#: between a label and its value (after a colon, or before a word ending in one: "token 3:
#: Corruption" stays whole, issue 31)
_BREAKS = (re.compile(r"(?<=[.!?])\s+"), re.compile(r"(?<=;)\s+"), re.compile(r"(?<=,)\s+(?!\S*:(?:\s|$))"),
           re.compile(r"(?<!:)\s+(?!\S*:(?:\s|$))"))


def split_text(text: str, seconds: Callable[[str], float], room: float) -> list[str]:
    """``text`` in as few pieces as fit, each at most ``room`` seconds by ``seconds(text)``
    where it can be: cut after a sentence where a piece fits, else after a clause (``;``, then
    ``,``), else between words (never mid-word; a single word longer than ``room`` stays
    whole); never between a label and its value ("token 3:" | "Corruption."). The
    pieces joined by a space are the text (issue 31: a round's long wording said in two parts).

    :param seconds: ``seconds(text) -> float``, an upper bound of how long a text is said.
    :param room: seconds (float).
    :returns: the pieces, in order (``[text]`` when it fits)."""
    if seconds(text) <= room:
        return [text]
    return _split(text.strip(), seconds, room, 0)


def _split(text: str, seconds: Callable[[str], float], room: float, level: int) -> list[str]:
    if seconds(text) <= room or level >= len(_BREAKS):
        return [text]
    units = [u for u in _BREAKS[level].split(text) if u]
    if len(units) < 2:
        return _split(text, seconds, room, level + 1)
    out: list[str] = []
    current = ""
    for unit in units:
        joined = f"{current} {unit}" if current else unit
        if current and seconds(joined) > room:
            out.append(current)
            joined = unit
        current = joined
    out.append(current)
    return [piece for chunk in out for piece in _split(chunk, seconds, room, level + 1)]


def fit_parts(parts: Sequence[Sequence[StoryLine]], text: Callable[[str, dict, bool], str], rate: int,
              long: Callable[[str, bool], bool] = lambda key, first: first,
              language: str | None = None) -> list[list[StoryLine]]:
    """The story's ``parts`` as one seat hears them (issue 31): every line worded (``long``
    the first time a key comes in the story, as ``long`` says), then parts of at most
    :data:`STORY_PART_SECONDS` of speech at ``rate``, each said as one clip with its closing
    line ("press for the next part", after the last part "to set up the next game") in the
    wording the seat will hear it in, by an upper bound of espeak-ng's length
    (:func:`~firmware_host.service.names.spoken_seconds_at_most`); a line that alone passes a
    part is split after its sentences, else its clauses, never mid-word (:func:`split_text`).

    :param text: ``text(key, params, long) -> str``: the words of a line.
    :param rate: the seat's speech rate, words per minute.
    :param long: ``long(key, first) -> bool``: the long wording for ``key`` (``first``: its
        first time in the story or, for a closing line, after the first part); default the
        table's "long the first time" (ACCESSIBILITY.md 5).
    :param language: the language the seat hears the story in (its voice's length bound);
        None: the longest of the board's languages.
    :returns: the parts, each line (key, params, text).
    """
    seen: set[str] = set()
    worded: list[list[StoryLine]] = []
    for part in parts:
        lines = []
        for key, params, *fixed in part:
            first = key not in seen
            seen.add(key)
            lines.append((key, params, fixed[0] if fixed else text(key, params, long(key, first))))
        worded.append(lines)

    def bound(said: str) -> float:
        return spoken_seconds_at_most(said, rate, language)

    def pieces(line: StoryLine, room: float) -> list[StoryLine]:
        return [(line[0], line[1], piece) for piece in split_text(line[2], bound, room)]
    # the closing line is said in the part's clip: what a text costs once is counted once
    once = bound("")
    more_first, more = (bound(text("evening.story_more", {}, long("evening.story_more", first))) - once
                        for first in (True, False))
    end = bound(text("evening.story_end", {}, long("evening.story_end", True))) - once
    return split_long(worded, lambda line: bound(line[2]), STORY_PART_SECONDS,
                      closing=lambda index: more if index else more_first, last_closing=end, pieces=pieces,
                      joined=lambda lines: bound(" ".join(line[2] for line in lines)), join=True)


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
    :param fit: ``fit(seat, parts) -> parts``: the story's parts as ``seat`` hears them (in
        its wording and at its rate, each part with its closing line at most
        :data:`STORY_PART_SECONDS`, issue 31), asked once per seat and game; None: as given.
    :param words: ``words(seat, lines) -> lines``: a part's lines with their words fixed
        ((key, params, text)), asked once when the part is first told, so that the part said
        again is the same words (issue 31); None: the lines as they are.
    """

    def __init__(self, tell: Callable[[int, list[StoryLine], tuple], Any],
                 noted: Callable[[int], Any] | None = None,
                 cue: Callable[[int], Any] | None = None,
                 fit: Callable[[int, list[list[StoryLine]]], list[list[StoryLine]]] | None = None,
                 words: Callable[[int, list[StoryLine]], list[StoryLine]] | None = None) -> None:
        self.tell = tell
        self.noted = noted
        self.cue = cue
        self.fit = fit
        self.words = words
        self._fitted: dict[int, list[list[StoryLine]]] = {}   # seat -> its parts (fit)
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
        self._parts, self._story, self._fitted = parts, None, {}
        self._after = tuple(u for u in after if u is not None)
        self.told, self._waiting, self._lines = {}, {}, {}

    def reset(self) -> None:
        """A game begins or is rebuilt: no story to tell."""
        self.open = False
        self._parts, self._story, self._after, self._fitted = None, None, (), {}
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

    def parts(self, seat: int) -> list[list[StoryLine]]:
        """The story's parts as ``seat`` hears them (``fit``, once per seat and game; a fit
        that fails leaves the parts as the game gave them, logged)."""
        if seat not in self._fitted:
            story = self.story()
            fitted = story
            if self.fit is not None and story:
                try:
                    fitted = [list(p) for p in self.fit(seat, story) if p]
                except (FirmwareHostError, ValueError, KeyError) as exc:   # it must not stop the evening
                    log.error("story parts for seat %d: %s", seat, exc)
            self._fitted[seat] = fitted
        return self._fitted[seat]

    def press(self, seat: int) -> None:
        """A seat's press after game over: the story's next part in its earphone, ending with
        what the next press does. Every press is answered at once in the seat's earphone
        (ACCESSIBILITY.md 26, issue 31): one while its part waits for the game-over speech
        hears "noted" (the part follows the speech); one while its part plays hears the
        answer cue, which cuts the part, and the part is said again from its start (a part
        is never lost to one's own press, ACCESSIBILITY.md 20: one clip at a time); the
        press after the part has been heard gives the next one, or after the last part the
        next setup (:meth:`heard_all`)."""
        parts = self.parts(seat)
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
        if self.words is not None:
            part = list(self.words(seat, part))
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
        return self.told[seat] >= max(1, len(self.parts(seat)))

    def in_story(self, seat: int) -> bool:
        """True while ``seat`` is in the middle of its story: it has pressed for a part and
        has not heard the last one to its end (ACCESSIBILITY.md 30, issue 31: its next press
        is its next part, even while another seat sets up the next game)."""
        return self.open and seat in self.told and not self.heard_all(seat)

    def _playing(self, seat: int) -> bool:
        """True while the seat's last part asked for is still to be heard (waiting or playing)."""
        part = self._waiting.get(seat)
        return part is not None and not part.done()
