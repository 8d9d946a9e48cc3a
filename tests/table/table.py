"""A table of people at the mocked board: ``simulate`` (SIMULATE.md) driven one signal at a
time, each player acting one to two seconds after the clip meant for them has *ended*
(ACCESSIBILITY.md 26-27), never at the instant it starts.

A script's ``wait_for`` is played as a person hears it: the matching clip on the output of the
seat that acts next (its earphone, the whisper station, or the table speaker), then its end,
then the player's reaction time; the other signals go to the simulator as they are.

Example::

    table = Table(tmp_path)
    table.play_all(seat_setup_signals({"game": "become_dictator", "players": 4}))
    table.heard("lobby.presence.call")        # announce lines (with start, end, output)
    table.close()
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Iterable

from firmware_host.audio.service import PlayRecord, Utterance
from firmware_host.clock import VirtualClock
from firmware_host.service.core import BoardService
from firmware_host.service.journal import Journal
from firmware_host.service.notify import Notifier
from firmware_host.service.settings import ScanSettings
from firmware_host.service.settings import ServiceSettings
from firmware_host.service.signals import parse_script
from firmware_host.service.simulator import Simulator
from firmware_host.service.voice import SilentVoice, Voice
from firmware_host.table.scans import SeatScans
from firmware_host.table.seats import SeatStore
from firmware_host.table.speech import TableSpeech


def quiet_service(tmp_path: Path, *, voice: Any = None, emit: Any = None) -> BoardService:
    """A board service on a virtual clock, not started yet: a real journal ``j.sqlite3`` in
    ``tmp_path``, ``voice`` (default a :class:`~firmware_host.service.voice.SilentVoice`), its
    output lines to ``emit`` (default nowhere), no systemd notifier."""
    return BoardService(ServiceSettings(journal_path=str(tmp_path / "j.sqlite3")), clock=VirtualClock(),
                        journal=Journal(tmp_path / "j.sqlite3"), voice=SilentVoice() if voice is None else voice,
                        emit=emit if emit is not None else (lambda line: None), notifier=Notifier(None))



def set_up_on_voice_spec(tmp_path: Path, mocker: Any, setup: dict) -> tuple[BoardService, Any, list[dict], Any]:
    """A game set up on the real service and journal (:func:`quiet_service`, started) whose
    voice is an autospec of the silent voice answering as a quiet board with earphones does;
    the setup's wait ended. :returns: (service, its adapter, the lines written, the voice);
    the caller stops the service."""
    lines: list[dict] = []
    voice = mocker.create_autospec(SilentVoice, instance=True)
    for name, value in (("timed", False), ("confirm_whisper", False), ("has_earphones", True), ("at_station", False),
                        ("use_long_wording", False), ("repeat_last", None), ("seconds", None), ("measure", None)):
        getattr(voice, name).return_value = value
    service = quiet_service(tmp_path, voice=voice, emit=lines.append)
    service.start()
    service.call(lambda: service.game.setup_game(dict(setup)))
    adapter = service.game.active
    service.call(lambda: adapter.wait.end())
    return service, adapter, lines, voice

class Lines:
    """A text stream that keeps every JSON line ``simulate`` writes, parsed."""

    def __init__(self) -> None:
        self.objects: list[dict] = []
        self._rest = ""

    def write(self, text: str) -> int:
        self._rest += text
        *whole, self._rest = self._rest.split("\n")
        self.objects.extend(json.loads(line) for line in whole if line.strip())
        return len(text)

    def flush(self) -> None:
        pass


def to_signal(obj: dict) -> Any:
    """One SIMULATE.md signal dict as the simulator's parsed :class:`Signal`."""
    if "setup" in obj and "signal" not in obj:
        return parse_script(json.dumps(obj))[0]
    return parse_script(json.dumps({"setup": {"players": 5, "seed": 1}}) + "\n" + json.dumps(obj))[1]


#: four seats of In this way I become a DICTATOR in English without a morning timer: a kit
#: game set up by the console
DICTATOR_4 = {"game": "become_dictator", "players": 4, "language": "en", "morning_seconds": 0}


class Table:
    """``simulate`` on the mocked board with a person's pace.

    :param tmp_path: where the journal and the config go.
    :param config: extra TOML (whole sections) appended to the shipped ``hardware/board.toml``,
        or None for the shipped board.
    :param journal: the journal file (another run's, to boot on it), or None for a new one.
    :param seed: the seed of a game set up from the seats (``simulate --seed``), or None.
    :param pace: the seed of the players' reaction times.
    :param reaction: the range of a player's reaction after a cue has ended, in seconds.
    :param paced: the board takes the presses as a person's, as a real board does: the
        config's ``[scan] grace``, a pick answered at once and taken back by a press in its
        undo window, each seat's pace learned (ACCESSIBILITY.md 27, 31, 32); False: as a
        script's (SIMULATE.md: a press means the item that has started). A script's press
        is made before the table's call of the seat's turn, so a paced table lets the list it
        opens follow the call (``[scan] list_after`` false, as a scripted run's) unless the
        config sets ``list_after`` (issue 31: a person's press before the call keeps its list
        for the next press).
    :param render_seconds: every sentence takes this many seconds to render on the run's
        clock, cache or not (a fresh Pi: ``simulate --render-seconds 3 --fresh-cache``); 0: none.
    """

    def __init__(self, tmp_path: Path, config: str | None = None, *, journal: Path | None = None,
                 seed: int | None = 7, pace: int = 7, reaction: tuple[float, float] = (1.0, 1.3),
                 paced: bool = False, render_seconds: float = 0.0) -> None:
        config_path = None
        if paced and "list_after" not in (config or ""):
            config = (config or "") + "\n[scan]\nlist_after = false\n"
        if config:
            root = Path(__file__).resolve().parents[2]
            text = (root / "hardware" / "board.toml").read_text(encoding="utf-8")
            config_path = tmp_path / f"board-{len(list(tmp_path.glob('board-*.toml')))}.toml"
            registry = (root / "hardware" / "tags.toml").as_posix()
            config_path.write_text(merge_toml(text, f'[tags]\nregistry = "{registry}"\n' + config),
                                   encoding="utf-8")
        self.journal = Path(journal) if journal else tmp_path / "journal.sqlite3"
        self.lines = Lines()
        self.sim = Simulator(str(config_path) if config_path else None, out=self.lines,
                             journal_path=str(self.journal), setup_seed=seed, render_seconds=render_seconds)
        self.rng = random.Random(pace)
        self.reaction = reaction
        #: every announce line as its clip started (the same dict gains ``end`` when it ends)
        self.starts: list[dict] = []
        self.sim.paced_by_people = paced
        self.sim.start(VirtualClock())
        self.service = self.sim.service
        self.service.subscribe_starts(self.starts.append)
        self.sim.settle()
        self._mark = 0
        self._calls = 0
        self._answering = False
        self._call_reaction: dict[int, float] = {}
        #: (channel, key, earcon) of every clip the game asked the voice for
        self.cues: list[tuple[str, str, str | None]] = []
        voice = self.service.voice
        say, say_padded = voice.say, voice.say_padded

        def spy_say(channel: str, text: str, *args: Any, **kwargs: Any) -> Any:
            self.cues.append((channel, kwargs.get("key", ""), kwargs.get("earcon")))
            return say(channel, text, *args, **kwargs)

        def spy_padded(texts: dict, *args: Any, **kwargs: Any) -> Any:
            self.cues.extend((f"seat:{s}", kwargs.get("key", "prolog"), kwargs.get("earcon")) for s in texts)
            return say_padded(texts, *args, **kwargs)

        voice.say, voice.say_padded = spy_say, spy_padded
        #: (seat, clock seconds) of every seat's press played
        self.presses: list[tuple[int, float]] = []
        #: (seat, clock seconds) of the presses that pick an item the seat just heard in its
        #: own earphone (the script's wait for it came right before)
        self.picks: list[tuple[int, float]] = []
        self._cue: dict | None = None
        self.closed = False

    # -- time --------------------------------------------------------------------------------
    @property
    def now(self) -> float:
        return self.sim.clock.now()

    def _answer_calls(self) -> float | None:
        """A called seat walks to the whisper station: it presses there one reaction time
        after the table's call (``whisper.call``) has ended (a call cut off plays on after what
        cut it: the seat walks once, after that). Returns when the next such press is due, or None."""
        if self._answering:
            return None
        self._answering = True
        try:
            due = None
            for line in self.starts[self._calls:]:
                if line.get("key") != "whisper.call":
                    continue
                if "end" not in line:
                    return due
                if line.get("cut"):
                    continue        # cut off (a seat's "noted" at the table): it plays on, the seat walks after
                at = line["end"] + self._call_reaction.setdefault(id(line), self.rng.uniform(*self.reaction))
                if at > self.now:
                    return at
                self._calls = self.starts.index(line) + 1
                self.sim.play(to_signal({"signal": "button", "seat": line["params"]["seat"],
                                         "gesture": "press"}), len(self.sim.starts))
            self._calls = len(self.starts)
            return due
        finally:
            self._answering = False

    def _step(self, deadline: float) -> bool:
        """Let the clock run to the next timer (at most ``deadline``); False once there."""
        clock = self.sim.clock
        self.sim.settle()
        call = self._answer_calls()
        due = clock.next_due()
        if call is not None and (due is None or call < due):
            due = call
        if due is None or due > deadline:
            if clock.now() < deadline:
                clock.advance_to(deadline)
                self.sim.settle()
                return True
            return False
        clock.advance_to(max(due, clock.now()))
        self.sim.settle()
        return True

    def wait(self, seconds: float) -> None:
        """Let ``seconds`` pass on the run's clock (a called seat walks to the whisper
        station meanwhile)."""
        deadline = self.now + max(0.0, seconds)
        while self._step(deadline):
            pass

    def drain(self) -> None:
        """Let every output play what it was given."""
        self.sim.drain()

    # -- hearing -------------------------------------------------------------------------------
    def wait_heard(self, key: str, params: dict | None = None, *, seat: int | None = None,
                   timeout: float = 600.0, since: int | None = None) -> dict | None:
        """Wait until a clip with ``key`` (and ``params``, a subset) has *ended* on the output
        ``seat`` hears (its earphone, the whisper station, the table), at most ``timeout``
        seconds; the announce line, or None."""
        params = params or {}
        outputs = {"table", "whisper"} | ({f"seat:{seat}"} if seat is not None else set())
        start = self._mark if since is None else since
        deadline = self.now + timeout

        def match() -> dict | None:
            for line in self.starts[start:]:
                if (line.get("key") == key and (seat is None or line.get("output") in outputs)
                        and all(line.get("params", {}).get(k) == v for k, v in params.items())):
                    return line
            return None

        found = match()
        while found is None and self._step(deadline):
            found = match()
        while found is not None and "end" not in found and self._step(deadline + 3600):
            pass
        return found

    def heard(self, key: str | None = None, output: str | None = None) -> list[dict]:
        """The announce lines written so far (``key``/``output`` filter)."""
        return [o for o in self.lines.objects if o.get("event") == "announce"
                and (key is None or o.get("key") == key) and (output is None or o.get("output") == output)]

    def events(self, name: str | None = None) -> list[dict]:
        """The output lines that are not announcements (``event`` filter)."""
        return [o for o in self.lines.objects if "event" in o and o["event"] != "announce"
                and (name is None or o["event"] == name)]

    # -- acting --------------------------------------------------------------------------------
    def play(self, obj: dict, *, next_seat: int | None = None) -> None:
        """Play one signal; a ``wait_for`` as a person hears it (see the module docstring),
        with ``next_seat`` the seat that acts on it."""
        if obj.get("signal") == "wait_for":
            line = self.wait_heard(obj["key"], obj.get("params"), seat=next_seat,
                                   timeout=float(obj.get("timeout", 600.0)))
            if line is None:
                self.lines.objects.append({"event": "fault", "source": "wait_for", "reason": "timeout",
                                           "detail": f"no announcement {obj['key']} {obj.get('params')}"})
                self._mark = len(self.starts)
                return
            think = self.rng.uniform(*self.reaction)
            self.wait(max(0.0, line["end"] + think - self.now))
            self._mark = self.starts.index(line) + 1
            self._cue = line
            return
        mark = len(self.starts)
        if obj.get("signal") == "button":
            self.presses.append((obj["seat"], self.now))
            cue, self._cue = self._cue, None
            if cue is not None and cue.get("output") in (f"seat:{obj['seat']}", "whisper"):
                self.picks.append((obj["seat"], self.now))
        if obj.get("signal") == "wait":
            self.wait(float(obj["seconds"]))
            self._mark = mark
            return
        self.sim.play(to_signal(obj), len(self.sim.starts))
        if obj.get("signal") != "button":
            self._mark = mark

    def play_all(self, signals: Iterable[dict], stop: Any = None) -> None:
        """Play signals in order (see :meth:`play`); with ``stop``, only until ``stop()`` is
        true before a signal. After a setup line the table waits until the board has said
        what it says at the start."""
        todo = list(signals)
        for i, obj in enumerate(todo):
            if stop is not None and stop():
                return
            if i and "setup" in todo[i - 1] and "signal" not in todo[i - 1]:
                self.drain()
                self.wait(self.rng.uniform(*self.reaction))
            seat = next((s.get("seat") for s in todo[i + 1:] if s.get("signal") in ("button", "ballot", "card")), None)
            after = todo[i + 1] if i + 1 < len(todo) else {}
            if obj.get("signal") == "wait_for" and after.get("signal") == "law_read":
                seat = None     # a tile at the shared tray: laid by the seat that heard the cue
            self.play(obj, next_seat=seat)

    def press(self, seat: int, gesture: str = "press") -> None:
        self.play({"signal": "button", "seat": seat, "gesture": gesture})

    def recall(self, seat: int, key: str, presses: int = 12) -> list[str]:
        """The keys the seat's idle presses give back (its repeat), one press after each clip
        has ended, until ``key`` comes back or ``presses`` are used up."""
        back: list[str] = []
        for _ in range(presses):
            mark = len(self.starts)
            self.press(seat)
            self.drain()
            self.wait(1.5)
            back += [line["key"] for line in self.starts[mark:] if line.get("output") == f"seat:{seat}"]
            if key in back:
                break
        return back

    def status(self, seat: int, holds: int = 16) -> dict[str, dict]:
        """The seat's whole status as heard in its earphone, layer by layer (a hold 1.5 s
        after each layer has ended gives the next, ACCESSIBILITY.md 3, 29) until it starts
        over: key -> params (the first of a key). The player listens to its own earphone
        only: a reminder at the table meanwhile does not hold it up."""
        heard: dict[str, dict] = {}
        first = None
        for _ in range(holds):
            mark = len(self.starts)
            self.press(seat, "hold")
            self.sim.drain(channels=[f"seat:{seat}"])
            self.wait(1.5)
            lines = [line for line in self.starts[mark:] if line.get("output") == f"seat:{seat}"]
            if not lines:
                break
            if first is None:
                first = lines[0]["key"]
            elif lines[0]["key"] == first:
                break
            for line in lines:
                heard.setdefault(line["key"], line.get("params", {}))
        return heard

    def gm(self, command: str, **fields: Any) -> None:
        self.play({"signal": "gm", "command": command, **fields})

    def call(self, fn: Any) -> Any:
        """``fn()`` on the service thread."""
        result = self.service.call(fn)
        self.sim.settle()
        return result

    def last_setup(self) -> dict:
        """The setup of the journal's latest game, as journaled."""
        game = self.call(self.service.journal.last_game)
        return dict(game.setup)

    def set_up(self, setup: dict) -> "Table":
        """Set ``setup`` up from the console and let its opening play (the lines drained,
        then 2 s more); returns the table."""
        self.play_all([{"setup": dict(setup)}])
        self.drain()
        self.wait(2.0)
        return self

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.sim.settle()
            self.sim.stop()


def merge_toml(base: str, extra: str) -> str:
    """``base`` TOML with the keys of ``extra``'s sections set (a section's existing key is
    replaced, a new key added to it, a new section appended)."""
    import re
    sections: dict[str, list[str]] = {}
    current = None
    for raw in extra.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        head = re.fullmatch(r"\[([^\]]+)\]", line)
        if head:
            current = head.group(1)
            sections.setdefault(current, [])
        else:
            sections[current].append(line)
    out = base.splitlines()
    for section, pairs in sections.items():
        start = next((i for i, l in enumerate(out)
                      if re.fullmatch(rf"\[{re.escape(section)}\]\s*(#.*)?", l.strip())), None)
        if start is None:
            out += ["", f"[{section}]", *pairs]
            continue
        end = next((i for i in range(start + 1, len(out)) if re.match(r"\s*\[", out[i])), len(out))
        for pair in pairs:
            name = pair.split("=", 1)[0].strip()
            at = next((i for i in range(start + 1, end) if re.match(rf"\s*{re.escape(name)}\s*=", out[i])), None)
            if at is None:
                out.insert(end, pair)
                end += 1
            else:
                out[at] = pair
    return "\n".join(out) + "\n"


def scan_doubles(mocker):
    """(service, speech): autospecs of the board service (a virtual clock, posts run at once)
    and of the table's speech (a line's words are its key) for seat scans."""
    service = mocker.create_autospec(BoardService, instance=True)
    service.clock = VirtualClock()
    service.post.side_effect = lambda fn: fn()
    service.voice = mocker.create_autospec(Voice, instance=True)
    speech = mocker.create_autospec(TableSpeech, instance=True)
    speech.text.side_effect = lambda key, params, language=None: key
    return service, speech


def scans_with_playback(mocker):
    """Seat scans whose steps report playback: each step starts when said and plays until
    the test ends it (``steps``: (key, utterance, ended))."""
    service, speech = scan_doubles(mocker)
    steps: list = []

    def scan_step(seat, key, params, *, started=None, ended=None, queued=None, **_kw):
        utt = mocker.create_autospec(Utterance, instance=True)
        utt.done.return_value = False
        utt.plays = [PlayRecord(f"seat:{seat}", service.clock.now())]
        queued(utt)
        started()
        steps.append((key, utt, ended))
        return None

    speech.scan_step.side_effect = scan_step
    seats = mocker.create_autospec(SeatStore, instance=True)
    seats.scan_settings.return_value = ScanSettings()
    return SeatScans(service, speech, seats), service, steps
