"""Setup from the seats (issue 14): a table of only blind players sets up a game with their
buttons, with no console and no game master.

With no game set up (the active game's adapter waits for a setup), or after game over once
the seat has heard the game's story (ACCESSIBILITY.md 30: the next game from the seats, the
same or another, with no console and no power cycle), a **press at any seat** starts a spoken
setup in that seat's earphone, by the same single-switch scanning as every
choice (:class:`~firmware_host.table.scanning.Scan`, ACCESSIBILITY.md 13-17, 20-25: each
question is the scan's intro, its answers the items, "back" the last item):

1. the game (every registered game whose pack has a board adapter and setup questions,
   :func:`firmware_host.kernel.games.names`; asked only when there is more than one);
2. the language (the board's own first);
3. the game's own questions, from its pack (``pack.lobby()``, e.g. the player count, a variant,
   the deck: each game's ``lobby`` module);
4. the names: by seat numbers, or each player picks a name from the enrolled ones (the
   config's ``[service] player_names`` and the names in the seats' settings) — asked only
   when there are enrolled names;
5. "start", after a summary of the answers.

"Back" returns to the question before (on the first question it stops the setup). Then every
seat of the game says **"I am here"** with one press, so the board knows the table: the table
hears each seat arrive and how many are still missing; with names from the list the seat
first picks its own name in its earphone (taken names are not offered again; a name another
seat took while this one was choosing is said taken, naming that seat, and asked again). A seat outside
the game is told so, with the seats that play. Once all are here the game is set up and
started exactly as the console does it (:meth:`GameHost.setup_game`: the same setup object,
so the same journal line).

- A press at another seat while one seat sets up is told who is setting up (``lobby.busy``);
  a hold gives that seat its own settings scan (:mod:`firmware_host.table.seat_menu`).
- While the table waits for seats to say "I am here", a quiet spell is followed by a reminder
  at the table naming the seats still to come (``lobby.waiting``), and again less often: the
  kit's reminders (:class:`~firmware_host.table.reminders.Reminders`, as a vote's
  ``table.waiting``; ACCESSIBILITY.md 28, issue 31).
- A setup with no press for ``[service] setup_abandon_s`` seconds (60; 0 switches it off)
  after the last clip it spoke ended (the time runs from what was *heard*) is abandoned: the
  table hears ``lobby.abandoned`` and the board waits again. Every press starts the wait again.
  While seats are awaited for "I am here", the wait runs only once a reminder naming them
  has been said since the last press (the abandon counts from the last reminder heard), so
  the seats already present never lose the setup without the table having called the
  missing ones.
- A setup the game master makes at the console meanwhile wins: the setting-up seat hears
  ``lobby.console``.
- A setup the game refuses (it cannot happen from the offered answers unless the board
  changed meanwhile) is said at the table with its reason (``lobby.refused``).

The lobby knows no game: the game's questions and their words come from its pack.
"""

from __future__ import annotations

import itertools
import logging
from typing import Any, Iterator

from firmware_host.kernel import games
from firmware_host.clock import TimerHandle
from firmware_host.errors import FirmwareHostError, UsageError
from firmware_host.hardware.events import ButtonGesture
from firmware_host.service import board_catalogue
from firmware_host.table.board_speech import BoardSpeech
from firmware_host.table.reminders import MOST, Reminders
from firmware_host.service.journal import JournalError
from firmware_host.service.refusals import CommandRefused
from firmware_host.table.scanning import PICKED_KEY as PICKED
from firmware_host.table.scanning import Scan, ScanItem, intro_press_answer

log = logging.getLogger("firmware_host.service")

__all__ = ["Lobby", "lobby_games", "seat_setup_signals"]

#: the board's own languages, spoken each in itself
LANGUAGE_OPTIONS = ("de", "en")
#: the "start" summaries (the answers said back) pre-rendered at most per game and language
SUMMARIES = 48


def lobby_games() -> list[str]:
    """The registered games a table can set up from the seats: a board adapter and setup
    questions in the pack (``pack.adapter``, ``pack.lobby``), in the registry's order."""
    out = []
    for name in games.names():
        record = games.pack(name)
        if record.adapter is not None and record.lobby is not None:
            out.append(name)
    return out


class Lobby:
    """The setup from the seats (see the module docstring). Every call on the service thread.

    :param service: the :class:`~firmware_host.service.core.BoardService`.
    :param host: the :class:`~firmware_host.service.host.GameHost` (its active adapter says
        whether the board waits for a setup; its ``setup_game`` starts the game).
    :param speech: the board's own voice (:class:`BoardSpeech`).
    """

    def __init__(self, service: Any, host: Any, speech: BoardSpeech) -> None:
        self.service = service
        self.host = host
        self.speech = speech
        self.phase = "idle"                 # idle | questions | presence
        self._count = 0                     # the seats' "I am here" counted so far (any setup)
        self.seat: int | None = None        # the seat setting up
        self.language = "de"
        self.answers: dict[str, Any] = {}
        self.questions: list[dict] = []
        self.index = 0
        self.scan: Scan | None = None       # the setting-up seat's question scan
        self.present: dict[int, str | None] = {}   # seat -> the name it picked (None: "seat N")
        self.naming: dict[int, Scan] = {}          # seat -> its name scan
        self._intro: dict[int, tuple[str, dict]] = {}
        self._timer: TimerHandle | None = None
        self._generation = 0
        self._language_before: str | None = None
        #: the reminders of the seats still to come while the table waits for "I am here"
        self.reminders = Reminders(service, self._awaited, self._remind)
        self._reminded = False              # a reminder was said since the last press

    # -- routing -------------------------------------------------------------------------------
    @property
    def active(self) -> bool:
        """True while a setup from the seats is going on."""
        return self.phase != "idle"

    def handles(self, event: Any) -> bool:
        """Take a seat button gesture if it belongs to the setup: any gesture while a setup
        is going on, a press while the board waits for a setup. Returns True when taken."""
        if not isinstance(event, ButtonGesture):
            return False
        seat, gesture = event.seat, event.gesture
        if not isinstance(seat, int) or seat < 0:
            return False
        if self.phase == "idle":
            if not self.host.waiting_for_setup(seat):
                return False
            if gesture == "hold":
                return False           # the seat's own settings (seat_menu) or nothing
            self._begin(seat)
            return True
        self._arm()
        self._reminded = False
        if gesture == "hold":
            if self.phase == "questions" and seat == self.seat and self.scan is not None:
                self.scan.start(intro=True)          # the question again, from its first answer
                return True
            return False                              # another seat's hold: its settings
        if self.phase == "questions":
            if seat == self.seat:
                if self.scan is not None:
                    self.scan.press()
            else:
                self._say_seat(seat, "lobby.busy", {"seat": self.seat}, priority="request")
            return True
        self._presence_press(seat)
        return True

    # -- the questions -----------------------------------------------------------------------
    def _begin(self, seat: int) -> None:
        self.phase, self.seat = "questions", seat
        self.language = self._language_before = self.speech.board_language()
        self.answers, self.present, self.naming = {}, {}, {}
        playable = lobby_games()
        self.questions = []
        if len(playable) > 1:
            self.questions.append({"name": "game", "key": "lobby.question.game", "options": [
                {"value": name, "key": "lobby.option.game", "params": {"title": games.pack(name).lobby().title(self.language)}}
                for name in playable]})
        elif playable:
            self.answers["game"] = playable[0]
        else:
            log.error("setup from the seats: no game pack has setup questions")
            self.phase, self.seat = "idle", None
            return
        self.questions.append(self._language_question(self.answers.get("game")))
        if "game" in self.answers:
            self.questions += self._game_questions(self.answers["game"])
        log.info("setup from the seats: seat %d sets up", seat)
        self._arm()
        self._say_seat(seat, "lobby.start", {})
        self.index = 0
        self._ask()

    def _pack(self) -> Any:
        return games.pack(self.answers.get("game", games.DEFAULT_GAME)).lobby()

    def _board_seats(self) -> int | None:
        seats = getattr(getattr(self.service.board, "config", None), "seats", None)
        if type(seats) is int:
            return seats
        seats = getattr(self.service.voice, "seats", None)
        return seats if type(seats) is int else None

    def _game_questions(self, name: str) -> list[dict]:
        asked = list(games.pack(name).lobby().questions(self._board_seats(), self.service.settings))
        if self.enrolled_names():
            asked.append({"name": "names", "key": "lobby.question.names", "options": [
                {"value": "list", "key": "lobby.option.names.list", "params": {}},
                {"value": "seats", "key": "lobby.option.names.seats", "params": {}}]})
        asked.append({"name": "start", "key": "lobby.question.start", "options": [
            {"value": True, "key": "lobby.option.start", "params": {}}]})
        return asked

    def enrolled_names(self) -> list[str]:
        """The names a player may pick: ``[service] player_names``, then the names in the
        seats' settings, each once, in that order."""
        names: list[str] = []
        for name in list(getattr(self.service.settings, "player_names", ()) or ()) + \
                [n for _, n in sorted(self.speech.stored_names().items())]:
            if name and name not in names:
                names.append(name)
        return names

    def _words(self, key: str, params: dict, language: str, long: bool = False) -> str:
        return self._pack().text(key, params, language, long=long)

    def _summary(self) -> list[str]:
        """The answers so far, in their short words (the intro of "start")."""
        said = []
        for question in self.questions:
            if question["name"] in ("start",) or question["name"] not in self.answers:
                continue
            option = next((o for o in question["options"] if o["value"] == self.answers[question["name"]]), None)
            if option is not None:
                said.append(self.speech.text(option["key"], option["params"], self.language, words=self._words))
        return said

    def _ask(self) -> None:
        """Scan the current question's answers in the setting-up seat's earphone."""
        question = self.questions[self.index]
        seat = self.seat
        assert seat is not None
        intro = (question["key"], {"choices": self._summary()} if question["name"] == "start" else {})
        self._intro[seat] = intro
        items = [ScanItem(o["value"], self._item_text(o), o["key"], dict(o["params"])) for o in question["options"]]
        back = "lobby.cancel" if self.index == 0 else "lobby.back"
        cancel = ScanItem(None, self.speech.text(back, {}, self.language), back, {})
        if self.scan is not None:
            self.scan.finish()
        self.scan = Scan(seat, items, lambda: self.speech.scan_settings(seat), self.service.clock, self.service.post,
                         self._speaker(seat), self._chosen, self._back, cancel=cancel,
                         purpose=f"setup.{question['name']}", drop=lambda: self.speech.drop(seat),
                         on_intro_press=intro_press_answer(self.service, seat))
        self.scan.start(intro=True)

    def _item_text(self, option: dict) -> str:
        try:
            return self.speech.text(option["key"], option["params"], self.language, words=self._words)
        except (UsageError, ValueError, KeyError):
            return option["key"]

    def _speaker(self, seat: int) -> Any:
        return self.speech.scan_speaker(lambda: self._intro.get(seat, ("lobby.question.name", {})),
                                        language=lambda: self.language, words=self._words,
                                        names=self._names, heard=self._arm)

    def _language_question(self, game: str | None) -> dict:
        """The language question: the board's own languages (its own first), and those of the
        chosen game's that the board's sentences exist in (the pack's ``lobby().LANGUAGES``,
        e.g. French for a French game)."""
        offered = list(LANGUAGE_OPTIONS)
        own = getattr(games.pack(game).lobby(), "LANGUAGES", None) if game is not None else None
        if own:
            offered = [lang for lang in own if lang in board_catalogue.LANGUAGES]
        first = [self.language] * (self.language in offered) + [lang for lang in offered if lang != self.language]
        return {"name": "language", "key": "lobby.question.language", "options": [
            {"value": lang, "key": f"lobby.option.language.{lang}", "params": {}} for lang in first]}

    def _chosen(self, value: Any) -> None:
        question = self.questions[self.index]
        name = question["name"]
        self.scan = None
        self._arm()
        if name == "start":
            self._call_presence()
            return
        self.answers[name] = value
        log.info("setup from the seats: %s = %r", name, value)
        if name == "game":
            self.questions = (self.questions[:self.index + 1] + [self._language_question(value)]
                              + self._game_questions(value))
        elif name == "language":
            self.language = value
            if self.service.voice is not None:
                self.service.voice.set_language(value)
        self.index += 1
        self._ask()

    def _back(self) -> None:
        self.scan = None
        self._arm()
        if self.index == 0:
            log.info("setup from the seats: stopped by seat %s", self.seat)
            seat = self.seat
            self._end()
            if seat is not None:
                self._say_seat(seat, "lobby.cancelled", {})
            return
        self.index -= 1
        self.answers.pop(self.questions[self.index]["name"], None)
        self._ask()

    # -- "I am here" ----------------------------------------------------------------------------
    def _players(self) -> int:
        return int(self.answers.get("players", 0))

    def _call_presence(self) -> None:
        self.phase = "presence"
        log.info("setup from the seats: %s; waiting for every seat", self.answers)
        self._say_public("lobby.presence.call", {"count": self._players()})
        self._reminded = False
        self.reminders.start()

    def _awaited(self) -> tuple[int, ...]:
        """The seats still to say "I am here" (none outside the presence call)."""
        if self.phase != "presence":
            return ()
        return tuple(s for s in range(self._players()) if s not in self.present)

    def _remind(self, seats: tuple[int, ...]) -> None:
        """The table hears whom it still waits for (``lobby.waiting``, a quiet spell after the
        last clip, :class:`~firmware_host.table.reminders.Reminders`)."""
        if self.phase != "presence" or not seats:
            return
        log.info("setup from the seats: reminding the seats still to come: %s", list(seats))

        def heard(lines: Any, utt: Any, record: Any) -> None:
            self._reminded = True           # heard: the wait before abandoning runs from here
            self._heard(lines, utt, record)

        self.speech.say("public", "lobby.waiting", {"seats": list(seats)}, language=self.language,
                        names=self._names(), on_end=heard)

    def _presence_press(self, seat: int) -> None:
        players = self._players()
        if seat in self.naming:
            self.naming[seat].press()
            return
        if seat >= players:
            self._say_seat(seat, "lobby.not_playing", {"seat": seat, "last": players}, priority="refusal",
                           earcon="refusal")
            return
        if seat in self.present:
            self._say_seat(seat, "lobby.already_present", {}, priority="request")
            return
        if self.answers.get("names") == "list":
            self._ask_name(seat)
            return
        self._arrived(seat, None)

    def _ask_name(self, seat: int) -> None:
        taken = {n for n in self.present.values() if n}
        options = [n for n in self.enrolled_names() if n not in taken]
        items = [ScanItem(n, n, "lobby.option.name", {"name": n}) for n in options]
        items.append(ScanItem("", self.speech.text("lobby.option.seat", {"seat": seat}, self.language),
                              "lobby.option.seat", {"seat": seat}))
        cancel = ScanItem(None, self.speech.text("lobby.back", {}, self.language), "lobby.back", {})
        self._intro[seat] = ("lobby.question.name", {})

        def chosen(name: Any) -> None:
            self.naming.pop(seat, None)
            self._arm()
            if self.phase != "presence":
                return
            holder = next((s for s, n in self.present.items() if name and n == name), None)
            if holder is not None:               # taken meanwhile by another seat: said, then asked again
                self._say_seat(seat, "lobby.name_taken", {"name": name, "seat": holder})
                self._ask_name(seat)
                return
            self._arrived(seat, name or None)

        def back() -> None:
            self.naming.pop(seat, None)
            self._arm()

        scan = Scan(seat, items, lambda: self.speech.scan_settings(seat), self.service.clock, self.service.post,
                    self._speaker(seat), chosen, back, cancel=cancel, purpose="setup.name",
                    drop=lambda: self.speech.drop(seat), on_intro_press=intro_press_answer(self.service, seat))
        self.naming[seat] = scan
        scan.start(intro=True)

    def _arrived(self, seat: int, name: str | None) -> None:
        """"I am here" taken: confirmed at once in the seat's own earphone (ACCESSIBILITY.md
        26: the table's count may play later, when several seats press together), then
        said at the table."""
        self.present[seat] = name
        self.reminders.moved()              # a new wait: the next reminder after a first quiet spell
        missing = self._players() - len(self.present)
        log.info("setup from the seats: seat %d is here%s; %d missing", seat, f" ({name})" if name else "", missing)
        self._count += 1
        count = self._count

        def stale() -> bool:
            """The seat's own echo, waiting for its visit at a whisper station, is stale once a
            newer count or the game's start was said at the table (ACCESSIBILITY.md 24): the
            table's lines said it all, the seat needs none of it at the station."""
            return self._count != count or self.phase != "presence"

        if missing == 0:
            self._say_seat(seat, "lobby.all_present", {}, priority="request", stale=stale)
            self._start_game()          # "everyone is here" says it for the last seat
            return
        self._say_seat(seat, "lobby.present", {"seat": seat, "missing": missing}, priority="request", stale=stale)
        self._say_public("lobby.present", {"seat": seat, "missing": missing})

    def _setup(self) -> dict:
        """The setup object, as the console sends it (the same journal line)."""
        name = self.answers.get("game", games.DEFAULT_GAME)
        # ``arrived``: the seats in the order they said "I am here" (a game whose first player
        # is the one who sat down last, as a game's rules may say, takes it)
        obj = dict(self._pack().setup({**self.answers, "language": self.language,
                                       "arrived": list(self.present)}))
        if name != games.DEFAULT_GAME:
            obj["game"] = name
        names = {str(s): n for s, n in sorted(self.present.items()) if n}
        if names:
            obj["names"] = names
        seed = getattr(self.service, "setup_seed", None)
        if seed is not None and "seed" not in obj and getattr(self._pack(), "seeded", True):
            obj["seed"] = seed          # a game with no chance in it (``seeded`` False) takes none
        return obj

    def _start_game(self) -> None:
        setup = self._setup()
        seat = self.seat
        self._say_public("lobby.all_present", {})
        self._end(restore_language=False)
        log.info("setup from the seats by seat %s: %s", seat, setup)
        try:
            self._pack().check(setup)
            self.host.setup_game(setup, from_seats=True)
        except CommandRefused as exc:
            reason = "players" if exc.code in ("setup_players", "setup_name_seat") else "invalid"
            self._refused(reason, str(exc))
        except JournalError as exc:
            self._refused("journal", str(exc))
        except UsageError as exc:
            self._refused("invalid", str(exc))

    def _refused(self, reason: str, detail: str) -> None:
        log.error("setup from the seats refused (%s): %s", reason, detail)
        self.service.fault("setup", "refused", detail)
        self._say_public("lobby.refused", {"reason": reason}, priority="refusal", earcon="refusal")

    # -- speaking ------------------------------------------------------------------------------
    def names(self) -> dict[int, str]:
        """``{seat: name}`` the setup speaks the seats by: the seats' stored names, then the
        names picked when saying "I am here"."""
        return self._names()

    def _names(self) -> dict[int, str]:
        names = dict(self.speech.stored_names())
        names.update({s: n for s, n in self.present.items() if n})
        return names

    def _say_seat(self, seat: int, key: str, params: dict, **kwargs: Any) -> Any:
        return self.speech.say(f"seat:{seat}", key, params, language=self.language, names=self._names(),
                               on_end=self._heard, **kwargs)

    def _say_public(self, key: str, params: dict, **kwargs: Any) -> Any:
        return self.speech.say("public", key, params, language=self.language, names=self._names(),
                               on_end=self._heard, **kwargs)

    def _heard(self, lines: Any, utt: Any, record: Any) -> None:
        """A clip of the setup has ended: the time without a press runs from now."""
        if self.phase != "idle":
            self._arm()

    # -- abandoning ----------------------------------------------------------------------------
    def _arm(self) -> None:
        """(Re)start the wait after which a setup with no press is abandoned."""
        if self._timer is not None:
            self._timer.cancel()
        self._generation += 1
        generation = self._generation
        seconds = float(getattr(self.service.settings, "setup_abandon_s", 60.0))
        if seconds <= 0:               # switched off (ACCESSIBILITY.md 11): never abandoned
            self._timer = None
            return
        self._timer = self.service.clock.call_later(
            seconds, lambda: self.service.post(lambda: self._abandon(generation)))

    def _abandon(self, generation: int) -> None:
        if generation != self._generation or self.phase == "idle":
            return
        if any(not s.stopped for s in self._scans()):
            self._arm()                # a scan still reads its list: the wait starts when it stops
            return
        if self.phase == "presence" and not self._reminded and self.reminders.level < MOST \
                and self._reminders_heard():
            self._arm()                # the seats still to come are called first (lobby.waiting)
            return
        log.info("setup from the seats abandoned: no press for a while")
        self._end()
        self._say_public("lobby.abandoned", {})

    def _reminders_heard(self) -> bool:
        """True where a reminder can be heard (a voice that reports playback, as the kit's
        reminders need); without one the setup is abandoned as before."""
        timed = getattr(self.service.voice, "timed", None)
        return bool(timed()) if callable(timed) else False

    def _scans(self) -> list[Scan]:
        return ([self.scan] if self.scan is not None else []) + list(self.naming.values())

    def _end(self, restore_language: bool = True) -> None:
        """Back to waiting: scans and timer stopped, the board's language back."""
        for scan in self._scans():
            scan.finish()
        self.scan, self.naming = None, {}
        self.reminders.stop()
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._generation += 1
        if restore_language and self._language_before and self.service.voice is not None \
                and self._language_before != self.language:
            self.service.voice.set_language(self._language_before)
        self.phase, self.seat = "idle", None

    # -- what the board says in every setup (pre-rendered at boot) ---------------------------------
    def sentences(self, seats: int | None = None, languages: tuple[str, ...] | None = None,
                  summaries: int = SUMMARIES) -> Iterator[tuple[str, str, str]]:
        """Every sentence of a setup from the seats that is the same on every evening, as
        (channel, text, language), most needed first: a fresh board renders them in the
        background when the service starts (issue 31), so its first setup is as quick as later
        ones. The questions' intros, answers and picks' answers (``scan.selected``) of every
        game's setup, "back"/"cancel", the wrap and stop notices, the "start" summary of each
        game's answers (at most ``summaries`` per game and language), and the "I am here"
        call, counts and confirmations; in the board's language first, then the others.

        :param seats: the seats that can set up (default: the board's, else 10); each sentence
            is listed for every seat's earphone (the same rendered file at the same rate: a
            ``stat`` each after the first).
        :param languages: the languages to list (default: the board's, then the others the
            lobby offers).
        :returns: a lazy iterator (formats nothing before asked; runs on the pre-render
            thread, reading no state a setup changes); a sentence is listed once per channel
            and language. A sentence that cannot be formatted is left out (logged).
        """
        seats = seats or self._board_seats() or 10
        board = self.speech.board_language()
        if languages is None:
            offered = list(LANGUAGE_OPTIONS)
            for name in lobby_games():
                for lang in getattr(games.pack(name).lobby(), "LANGUAGES", None) or ():
                    if lang in board_catalogue.LANGUAGES and lang not in offered:
                        offered.append(lang)
            languages = tuple([board] * (board in offered) + [lang for lang in offered if lang != board])
        seen: set[tuple[str, str, str]] = set()
        seat_channels = [f"seat:{s}" for s in range(seats)]
        for language in languages:
            for channels, key, params, words in self._setup_lines(seats, language, summaries):
                for long in (True, False):
                    try:
                        text = self.speech.text(key, params, language, long=long, words=words)
                    except (FirmwareHostError, ValueError, KeyError) as exc:
                        log.debug("lobby plan: %s in %s: %s", key, language, exc)
                        continue
                    for channel in (seat_channels if channels is None else channels):
                        if (channel, text, language) not in seen:
                            seen.add((channel, text, language))
                            yield channel, text, language

    def _setup_lines(self, seats: int, language: str, summaries: int) -> Iterator[tuple]:
        """(channels or None for every seat's earphone, key, params, words) of :meth:`sentences`."""
        playable = lobby_games()

        def scanned(question: dict, words: Any, first: bool) -> Iterator[tuple]:
            yield None, question["key"], {}, words
            for option in question["options"]:
                yield None, option["key"], option["params"], words
                try:
                    item = self.speech.text(option["key"], option["params"], language, words=words)
                except (FirmwareHostError, ValueError, KeyError):
                    continue
                yield None, PICKED, {"item": item}, words
            back = "lobby.cancel" if first else "lobby.back"
            yield None, back, {}, words
            yield None, PICKED, {"item": self.speech.text(back, {}, language)}, words

        yield None, "lobby.start", {}, None
        first = True
        if len(playable) > 1:
            yield from scanned({"key": "lobby.question.game", "options": [
                {"key": "lobby.option.game", "params": {"title": games.pack(n).lobby().title(language)}}
                for n in playable]}, None, True)
            first = False
        yield None, "lobby.wrap", {}, None
        yield None, "lobby.stopped", {}, None
        for name in playable:
            yield from scanned(self._language_question(name), None, first)
        offered = [name for name in playable
                   if language in [o["value"] for o in self._language_question(name)["options"]]]
        for name in offered:                # each game's own questions, in the order asked
            pack = games.pack(name).lobby()
            for question in self._game_questions(name):
                if question["name"] != "start":
                    yield from scanned(question, pack.text, False)
            yield None, "lobby.option.start", {}, pack.text
            yield None, PICKED, {"item": self.speech.text("lobby.option.start", {}, language)}, pack.text
        names = self.enrolled_names()
        if names:
            yield None, "lobby.question.name", {}, None
            for name in names:
                yield None, "lobby.option.name", {"name": name}, None
                yield None, PICKED, {"item": name}, None
        public = ["public"]
        for count in range(1, seats + 1):
            yield public, "lobby.presence.call", {"count": count}, None
        for seat in range(seats):
            yield None, "lobby.option.seat", {"seat": seat}, None
            for missing in range(1, seats):
                yield public + [f"seat:{seat}"], "lobby.present", {"seat": seat, "missing": missing}, None
        yield public + [f"seat:{s}" for s in range(seats)], "lobby.all_present", {}, None
        yield None, "lobby.already_present", {}, None
        for name in offered:                # last: the "start" question's intro, the answers said back
            pack = games.pack(name).lobby()
            asked = [q for q in self._game_questions(name) if q["name"] != "start"]
            answered = [[self.speech.text(o["key"], o["params"], language, words=pack.text)
                         for o in q["options"]] for q in asked]
            head = [self.speech.text("lobby.option.game", {"title": pack.title(language)}, language)] \
                if len(playable) > 1 else []
            head.append(self.speech.text(f"lobby.option.language.{language}", {}, language))
            for choices in itertools.islice(itertools.product(*answered), summaries):
                yield None, "lobby.question.start", {"choices": head + list(choices)}, pack.text

    # -- the console ---------------------------------------------------------------------------
    def console_took_over(self) -> None:
        """The game master sets up a game at the console: a setup from the seats stops, and
        the seat setting up hears so (``lobby.console``)."""
        if self.phase == "idle":
            return
        seat = self.seat
        log.info("setup from the seats ended: the game master sets up at the console")
        self._end(restore_language=False)
        if seat is not None:
            self._say_seat(seat, "lobby.console", {})

    def snapshot(self) -> dict | None:
        """The console's picture of a setup from the seats, or None."""
        if self.phase == "idle":
            return None
        return {"phase": self.phase, "seat": self.seat, "answers": dict(self.answers),
                "present": sorted(self.present), "players": self.answers.get("players")}

    def shutdown(self) -> None:
        """The service stops: no more scans or timers."""
        for scan in self._scans():
            scan.finish()
        self.reminders.stop()
        if self._timer is not None:
            self._timer.cancel()


def seat_setup_signals(answers: dict, *, by: int = 0, seats: int | None = None,
                       names: dict[int, str] | None = None, timeout: float = 120.0,
                       board_language: str = "de", settings: Any = None) -> list[dict]:
    """The SIMULATE.md signals of a table that sets a game up from its seats: seat ``by``
    presses, waits for each answer in its earphone and presses (game, language, the game's
    own questions, names, start), then every seat of the game presses "I am here" (and, with
    ``answers["names"] == "list"``, waits for its name and presses). No ``gm`` signal, no
    setup line.

    :param answers: ``game`` (default the default game), ``language``, ``names``
        (``"seats"`` or ``"list"``, only where the board has enrolled names) and the game's
        own questions' answers by name (e.g. ``players``, ``variant``, ``deck``).
    :param by: the 0-based seat that sets up.
    :param seats: the board's seat count (the players offered), or None.
    :param names: with ``names == "list"``: ``{seat: name}`` each seat picks (others pick
        "seat N").
    :param timeout: seconds each ``wait_for`` may take.
    :param board_language: the language the board speaks before the setup (``[audio]
        language``): the game's title is said in it.
    :param settings: the board's service settings as the game's questions see them (a real
        board's ``physical_deck`` asks no deck), or None (``simulate``'s).
    :returns: a list of JSON-ready signal dicts.
    :raises KeyError: an answer the game does not offer.
    """
    game = answers.get("game", games.DEFAULT_GAME)
    pack = games.pack(game).lobby()

    def press(seat: int) -> dict:
        return {"signal": "button", "seat": seat, "gesture": "press"}

    def pick(key: str, params: dict | None = None, seat: int = by) -> list[dict]:
        wait = {"signal": "wait_for", "key": key, "timeout": timeout}
        if params:
            wait["params"] = params
        return [wait, press(seat)]

    lines = [press(by)]
    if len(lobby_games()) > 1:
        lines += pick("lobby.option.game", {"title": pack.title(board_language)})
    lines += pick(f"lobby.option.language.{answers.get('language', 'de')}")
    for question in pack.questions(seats, settings):
        option = next((o for o in question["options"] if o["value"] == answers[question["name"]]), None)
        if option is None:
            raise KeyError(f"{game} offers no {question['name']} {answers[question['name']]!r}")
        lines += pick(option["key"], option["params"])
    if "names" in answers:
        lines += pick(f"lobby.option.names.{answers['names']}")
    lines += pick("lobby.option.start")
    lines.append({"signal": "wait_for", "key": "lobby.presence.call", "timeout": timeout})
    for seat in range(int(answers["players"])):
        lines.append(press(seat))
        if answers.get("names") == "list":
            name = (names or {}).get(seat)
            lines += pick("lobby.option.name", {"name": name}, seat) if name else \
                pick("lobby.option.seat", {"seat": seat}, seat)
    return lines
