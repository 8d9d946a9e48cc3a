"""The table in front of every game (issue 29): the one table-level object the host holds
beside the games' adapters.

It owns the game-neutral parts a press reaches before any game does, so that the service
holds no part of the table but this one type:

- the board's own voice (:class:`~firmware_host.table.board_speech.BoardSpeech`) and the
  seats' paces it keeps (ACCESSIBILITY.md 31);
- the setup from the seats (:class:`~firmware_host.table.lobby.Lobby`, issue 14), also the
  next game after game over (ACCESSIBILITY.md 30);
- each seat's own settings scan (:class:`~firmware_host.table.seat_menu.SeatMenu`);
- a seat's press picked by when the button went down (:func:`~firmware_host.table.scanning.pressing`,
  ACCESSIBILITY.md 27) and then learned as a reaction of the seat's pace;
- a seat's act answered at once in its own earphone: the first sentence the act gives that
  earphone, if it is not rendered yet, is preceded by the answer cue (``voice.answering``,
  issue 31: on a fresh board a new sentence takes seconds to render);
- the new game on a quiet table (issue 34): what the last game still had queued or playing
  when the next one's setup began is cut when the new game begins, and the table hears
  ``service.new_game``.

The front knows no game: it asks the host (``active``: the active game's
:class:`~firmware_host.table.BoardAdapter`; ``waiting_for_setup``, ``setup_game``, ``command``,
``language``, ``in_story``) and nothing else.

Example::

    front = TableFront(service, host)
    front.handle_input(ButtonGesture(seat=2, gesture="press"), host.active.handle_input)
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any, Callable

from firmware_host.hardware.events import ButtonGesture, TileRead
from firmware_host.service import board_catalogue
from firmware_host.table.board_speech import BoardSpeech
from firmware_host.table.lobby import Lobby
from firmware_host.table.scanning import pressing
from firmware_host.table.seat_menu import SeatMenu

log = logging.getLogger("firmware_host.service")

__all__ = ["TableFront", "NOTED_KEY", "NOTED_EARCON"]

#: the table's answer at once to a seat's act away from the whisper station (issue 31)
NOTED_KEY = "whisper.noted"
#: its earcon (``sounds/README.md``), before the words
NOTED_EARCON = "noted"


class TableFront:
    """The game-neutral front of the table (see the module docstring). Every call on the
    service thread.

    :param service: the :class:`~firmware_host.service.core.BoardService` (its voice, clock,
        journal and settings).
    :param host: the :class:`~firmware_host.service.host.GameHost`: ``active`` (the active
        adapter), ``language``, ``waiting_for_setup(seat)``, ``in_story(seat)``, ``setup_game(setup, from_seats=True)``
        and ``command(name, **fields)``.
    """

    def __init__(self, service: Any, host: Any) -> None:
        self.service = service
        self.host = host
        self.speech = BoardSpeech(service, host)
        self.lobby = Lobby(service, host, self.speech)
        self.seat_menu = SeatMenu(service, host, self.speech)
        #: the voice's mark when the setup of the next game began (the console's setup or
        #: start, the first press of a setup from the seats): what was said before it belongs
        #: to the last game and is cut when the new one begins (issue 34)
        self._setup_mark: int | None = None
        self.had_game = False               # a game was begun or resumed in this process
        #: the table's "noted" not begun yet and the seats it names (:meth:`noted_at_table`)
        self._noted_waiting: Any = None
        self._noted_seats: list[int] = []
        begun = getattr(getattr(service, "journal", None), "begun", None)
        if isinstance(begun, list):
            begun.append(self.game_begins)

    # -- a press --------------------------------------------------------------------------------
    def handle_input(self, event: Any, game_input: Callable[[Any], None]) -> None:
        """One input event: a seat's settings scan or the setup from the seats take the seat
        buttons that are theirs; a hold while no game can give a status opens the seat's
        settings; everything else goes to ``game_input`` (the active adapter's
        ``handle_input``). A scan picks by when the button went down (ACCESSIBILITY.md 27); a
        seat's press is then a reaction of its pace (ACCESSIBILITY.md 31)."""
        seat = getattr(event, "seat", None)
        voice = self.service.voice
        # a tile at a shared reader (a card at a tray) names no seat: the game answers the
        # seat that laid it, the first one it tells anything privately
        answering = voice.answering(seat if isinstance(seat, int) else None,
                                    any_seat=isinstance(event, TileRead) and seat is None) \
            if voice is not None else contextlib.nullcontext()
        with pressing(event), answering as told:
            if not self.at_whisper_station(event):
                away = self._away_from_station(event)
                if away is not None:
                    self.noted_at_table(away)           # before the game answers: the act alone times it
                self._dispatch(event, game_input)
                if away is None and self._seatless_tile_on_station_board(event):
                    told_seat = getattr(told, "seat", None)
                    if isinstance(told_seat, int) and voice.at_station(told_seat) is not True:
                        self.noted_at_table(told_seat)
            self.speech.acted(event)

    # -- an act away from the whisper station (issue 31, ACCESSIBILITY.md 26) -------------------
    def _station_board(self) -> bool:
        voice = self.service.voice
        return voice is not None and voice.has_earphones() is False

    def _away_from_station(self, event: Any) -> int | None:
        """The seat of ``event`` when it is a seat's act away from the whisper station of a
        station board (a press of a seat not at the station, a seat's own tile laid at a reader
        by a seat not at it), else None (a board with earphones, an act at the station, a hold
        for the status, a tile of no seat's own)."""
        if not self._station_board():
            return None
        seat = getattr(event, "seat", None)
        if not isinstance(event, (ButtonGesture, TileRead)) or not isinstance(seat, int):
            return None
        if isinstance(event, ButtonGesture) and event.gesture == "hold":
            return None         # a status: its public part is said at the table at once
        return None if self.service.voice.at_station(seat) is True else seat

    def _seatless_tile_on_station_board(self, event: Any) -> bool:
        return isinstance(event, TileRead) and event.seat is None and self._station_board()

    def noted_at_table(self, seat: int) -> Any:
        """A seat's act away from the whisper station answered at once at the table speaker
        (issue 31, ACCESSIBILITY.md 26 on a board whose only earphone is the station's): the
        ``noted`` earcon and ``whisper.noted`` ("Seat 3: noted"), which names the seats only,
        the same whatever the act was (a vote's Ja or Nein, a card, a pick: never named) and
        said for every such act, accepted or not (RULES.md R16: its time is the act's alone,
        its length the seats' names'); the act's words follow at the station at the seat's
        next visit. At the rank of a refusal it goes before what the table has queued and cuts
        a plain clip playing, which plays on after it from where it was cut (nothing is said
        twice; a game-over speech or a prolog is never cut, it follows them). Acts made while
        a "noted" waits to begin join it: one line names every seat in the order they acted
        ("Seat 3 and seat 5: noted", superseding the one not yet begun, ACCESSIBILITY.md 24).
        :returns: its Utterance, or None."""
        if self._noted_waiting is not None and (self._noted_waiting.start is not None or self._noted_waiting.done()):
            self._noted_waiting, self._noted_seats = None, []
        if seat in self._noted_seats:
            return self._noted_waiting
        seats = self._noted_seats + [seat]
        if self.lobby.active:
            language, names = self.lobby.language, self.lobby.names()
        else:
            language = self.speech.board_language()
            try:
                names = dict(self.host.names)
            except Exception:  # noqa: BLE001 - no game set up yet: no names
                names = {}
        utt = self.speech.say("public", NOTED_KEY, {"seats": seats}, language=language, names=names,
                              priority="refusal", earcon=NOTED_EARCON, history=False, resume=True,
                              supersede=NOTED_KEY)
        if utt is not None:
            self._noted_waiting, self._noted_seats = utt, seats
        return utt

    def _dispatch(self, event: Any, game_input: Callable[[Any], None]) -> None:
        voice = self.service.voice
        if self.seat_menu.handles(event):
            return
        if self._story_goes_on(event):
            game_input(event)                  # its next part of the story, not "please wait"
            return
        was_active, mark = self.lobby.active, voice.mark() if voice is not None else None
        if self.lobby.handles(event):
            if not was_active and self.lobby.active:
                self._setup_mark = mark        # the first press of a setup from the seats
                if self.had_game and mark is not None:
                    # the last game is over or was ended, and the table may still be telling
                    # it (a game master's game ended far behind): cut it now, or the setup's
                    # call at the table would wait behind it (issue 34)
                    self.cut_last_game(mark, "a setup from the seats begins")
            return
        if (isinstance(event, ButtonGesture) and event.gesture == "hold"
                and (self.lobby.active or self.host.waiting_for_setup())):
            self.seat_menu.open(event.seat)        # no game to give a status of: the seat's settings
            return
        game_input(event)

    def _story_goes_on(self, event: Any) -> bool:
        """True for a press of a seat in the middle of the last game's story while another
        seat answers the setup's questions (ACCESSIBILITY.md 30, issue 31: the setup is one
        seat's list, the story every seat's): the press is its next part, and "seat N is
        setting up" is heard only once its story has ended. While the setup calls every seat
        to say it is there, a press is the seat's presence, as ever."""
        if not (self.lobby.active and self.lobby.phase == "questions"):
            return False
        if not isinstance(event, ButtonGesture) or event.gesture == "hold":
            return False
        seat = event.seat
        if not isinstance(seat, int) or seat < 0 or seat == self.lobby.seat:
            return False
        return bool(self.host.in_story(seat))

    def at_whisper_station(self, event: Any) -> bool:
        """A seat's press that starts its visit at the whisper station (BOARD.md "Audio",
        ACCESSIBILITY.md: a table of only blind players plays from switching the board on):
        the seat called there pressed, so its waiting messages play there now (the setup's
        question, its settings scan, a game's mail alike). Asked before the seat's settings
        scan, the setup from the seats and the game, so a press at the station is never
        taken as an answer. A hold is never an arrival (it is the seat's status or settings).

        :param event: any input event; only a :class:`ButtonGesture` press of the called seat counts.
        :returns: True if the press was the arrival (used up), else False.
        """
        voice = self.service.voice
        if voice is None or not isinstance(event, ButtonGesture) or event.gesture == "hold":
            return False
        if not voice.confirm_whisper(event.seat):
            return False
        log.info("seat %d at the whisper station", event.seat)     # its private messages play now
        return True

    # -- a new game on a quiet table (issue 34) ---------------------------------------------------
    def console_took_over(self) -> None:
        """The game master sets up or starts a game at the console: a setup from the seats
        going on ends (the game master's wins), and what is said from here on is the new game's."""
        self.lobby.console_took_over()
        voice = self.service.voice
        self._setup_mark = voice.mark() if voice is not None else None

    def game_begins(self, game_id: int) -> None:
        """The journal has begun game ``game_id`` (whichever game, from the console or the
        seats), before it says anything: what the last game still had queued or playing
        (said before its setup began) is cut, on every output, and if anything was, the
        table hears that a new game begins (``service.new_game``, in the new game's language).
        The first game of the process (none resumed) cuts nothing."""
        mark, self._setup_mark = self._setup_mark, None
        had_game, self.had_game = self.had_game, True
        if had_game:                            # the first game: no last game to cut
            self.cut_last_game(mark, f"game {game_id} begins")

    def cut_last_game(self, mark: int | None, why: str) -> int:
        """Cut what was said before ``mark`` (None: now) and still waits or plays, on every
        output; if anything was, the table hears ``service.new_game`` (in the active game's
        language, else the board's). :returns: how many utterances were cut."""
        voice = self.service.voice
        if voice is None:
            return 0
        dropped = voice.drop_before(voice.mark() if mark is None else mark)
        if dropped:
            log.info("%s: %d announcements of the last game cut", why, dropped)
            language = self.host.language
            if language not in board_catalogue.LANGUAGES:
                language = self.speech.board_language()
            self.speech.say("public", "service.new_game", {}, language=language)
        return dropped

    # -- the board's own words --------------------------------------------------------------------
    @staticmethod
    def says(key: str) -> bool:
        """True if ``key`` is the board's own (:mod:`~firmware_host.service.board_catalogue`:
        a fault of a part the game can do without), said in the board's words whatever game runs."""
        return key in board_catalogue.MESSAGES

    def say(self, channel: str, key: str, params: dict, priority: str = "normal") -> Any:
        """Say one of the board's own sentences (``key`` as :meth:`says`) in the board's language."""
        return self.speech.say(channel, key, params, language=self.speech.board_language(), priority=priority)

    # -- what the console and STATUS= see ----------------------------------------------------------
    def plan_speech(self, adapter: Any) -> None:
        """The board waits for a setup: pre-render, in the background at low priority, the
        setup from the seats first (:meth:`Lobby.sentences`: the same on every evening, in
        each of the board's languages; issue 31: a fresh board's first setup as quick as a
        later one), then what ``adapter``'s table can hear next (its
        :meth:`~firmware_host.table.BoardAdapter.speech_sentences`). Called at boot; returns
        at once (the walk waits for READY and a quiet board, :mod:`firmware_host.audio.prerender`)."""
        voice = self.service.voice
        if voice is None:
            return
        lobby, table = self.lobby.sentences, adapter.speech_sentences()

        def sentences() -> Any:
            yield from lobby()
            yield from table()
        voice.prerender(sentences)

    def snapshot(self) -> dict:
        """The front's part of the console picture: ``lobby`` (the setup from the seats) and
        each seat's learned pace (``seat_pace``, :meth:`SeatPaces.snapshot
        <firmware_host.table.pace.SeatPaces.snapshot>`)."""
        return {"lobby": self.lobby.snapshot(),
                "seat_pace": self.speech.pace.snapshot(self.service.settings.scan)}

    def status_line(self) -> str | None:
        """The STATUS= line while a setup from the seats goes on, else None (the game's)."""
        if not self.lobby.active:
            return None
        return f"setup from seat {(self.lobby.seat or 0) + 1}" if self.lobby.phase == "questions" \
            else "setup: waiting for every seat"

    def shutdown(self) -> None:
        """Stop the setup from the seats and the seats' settings scans."""
        self.lobby.shutdown()
        self.seat_menu.shutdown()
