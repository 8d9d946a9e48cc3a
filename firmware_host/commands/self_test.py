"""``firmware-host self-test``: the spoken wiring test a builder runs after wiring a board.

It walks every part the board has (BOARD.md "Reference build", as the board config wires it):
each seat's button, the game-master key, each slot of each track (a tile in, then out), each
hole of the peg, each reader. For each it asks aloud for the touch ("Next: button of seat
1") and names what arrived as the board recognised it ("Test: button of seat 4, press",
"Test: slot 2 on the fascist track filled", "Test: tracker in hole one"), whatever arrived: a
touch of another part is named too (a crossed wire is heard at once) and counts for that part.
A tile is named in its game's words: the self-test asks every registered game's pack
(``GamePack.tile_words``) and names no game itself; a tile no game words is said naming its
reader. Faults are said as well ("Fault: button of seat 7 stuck"). The walk ends when every part
was touched, at ``--seconds``, at Ctrl-C, or at the script's end; the end names every part not
touched. A part that gives nothing for ``--step-seconds`` is named as not touched and the walk
goes on to the next. Each sentence is also printed.

``--audio`` tests the audio outputs instead: a tone, then the output's name spoken on it, into
the table speaker and each earphone in turn (:func:`audio_test`); exit status 1 when one
does not play, naming it.

``--mock [SCRIPT]`` runs on the mocked board: SCRIPT is JSON Lines of SIMULATE.md signals
(``button``, ``slot``, the peg's, each game's tile signal, ``pin``, ``serial``,
``unplug``/``replug``, ``wait``, ``key``), the touches in turn; ``-`` (or no SCRIPT when the
input is a terminal) reads the touches as they are typed, one a line, in the virtual board's
words (``button 0``, ``slot TRACK 2 filled`` with a track of the config, ``help``, ``skip``: on to the next part,
``quit``); without SCRIPT and without a terminal, every part of the configured board is touched
once and each reader is shown one tile of every kind the registered games lay on it
(:func:`touch_everything`).

Speech: through :mod:`firmware_host.audio` on the table speaker when it can be started (with
every game's pronunciation overrides, so the German voice says "Election Tracker" as the
rulebook's English name), else printed only (always printed only with ``--mock`` or
``--print``). Every sentence comes from a catalogue (the board's ``selftest.*`` and ``fault.*``
keys, short wording, in ``--language``; a tile's from its game's).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import queue
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterable

#: ``speak(text)``: say one sentence (and print it)
Speak = Callable[[str], None]


def configure(parser: argparse.ArgumentParser) -> None:
    """Arguments: ``--config``, ``--mock [SCRIPT]``, ``--language``, ``--seconds``, ``--print``."""
    add_common_arguments(parser)
    parser.add_argument("--seconds", type=float, default=None,
                        help="stop after this many seconds (default: once every part was touched, or Ctrl-C)")
    from firmware_host.hardware.parts import registered_tracks

    track = next(iter(registered_tracks()), "TRACK")         # a track the registered games declare
    parser.epilog = ("--mock without SCRIPT at a terminal, or --mock -, takes the touches as they are typed "
                     f"(the virtual board's words: button 0, slot {track} 2 filled; skip; help; quit)")
    parser.add_argument("--step-seconds", type=float, default=30.0, metavar="SECONDS",
                        help="on a real board, a part that gives nothing for this long is named as not "
                             "touched and the walk goes on (default 30)")
    parser.add_argument("--audio", action="store_true",
                        help="test the audio outputs instead: a tone, then the output's name, into the "
                             "table speaker and each earphone in turn; exit 1 if one does not play")


def add_common_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments self-test and enrol-tags share."""
    parser.add_argument("--config", metavar="FILE", help="board config (default /etc/firmware-host/board.toml, else the packaged demo config)")
    parser.add_argument("--mock", nargs="?", const="", default=None, metavar="SCRIPT",
                        help="run on the mocked board; SCRIPT: JSON Lines of simulated touches")
    parser.add_argument("--language", choices=("en", "de"), default=None,
                        help="language of the spoken sentences (default: the config's audio language)")
    parser.add_argument("--print", dest="print_only", action="store_true",
                        help="print the sentences instead of speaking them")


def language_of(args: argparse.Namespace, config: Any) -> str:
    """``--language``, else the config's ``[audio] language``, else ``en``."""
    if args.language:
        return str(args.language)
    return str(config.sections.get("audio", {}).get("language", "en"))


def make_speaker(config: Any, language: str, print_only: bool) -> tuple[Speak, Callable[[], None]]:
    """``(speak, close)``: speech on the table speaker through the audio layer, each sentence
    also printed; when the audio layer cannot be started (or ``print_only``), printing only."""

    def echo(text: str) -> None:
        print(text, flush=True)

    if print_only:
        return echo, lambda: None
    try:
        from firmware_host.audio import AlsaSink, AudioService, AudioSettings

        settings = AudioSettings.from_config(config.sections)
        settings = dataclasses.replace(settings, language=language)
        cache = settings.cache_dir or os.path.join(os.path.expanduser("~"), ".cache", "firmware-host", "speech")
        audio = AudioService(settings, AlsaSink.from_settings(settings, config.seats), cache,
                             seats=config.seats, whisper_call=lambda seat: "")
        pronouncing(audio)
    except Exception as exc:  # noqa: BLE001 - speech is a help here, printing always works
        print(f"(speech unavailable: {exc}; printing only)", file=sys.stderr)
        return echo, lambda: None

    def speak(text: str) -> None:
        echo(text)
        try:
            audio.say("public", text, key="self_test")
        except Exception as exc:  # noqa: BLE001 - keep testing the wiring without speech
            print(f"(speech failed: {exc})", file=sys.stderr)

    def close() -> None:
        deadline = time.monotonic() + 10
        while not audio.idle() and time.monotonic() < deadline:
            time.sleep(0.1)
        audio.close()

    return speak, close


def pronouncing(audio: Any) -> Any:
    """``audio`` (an :class:`~firmware_host.audio.AudioService`) with every registered game's
    pronunciation overrides given to its speech renderer (``kernel.games.pronounce``), as the
    board's service gives them: the board's parts are named as BOARD.md and the rulebook name
    them, and the German voice says the English "Election Tracker" (WORDING-REVIEW.md) by its
    phonemes. :returns: ``audio``."""
    from firmware_host.kernel import games

    renderer = getattr(audio, "renderer", None)
    if renderer is not None:
        renderer.pronounce = games.pronounce
    return audio


def read_script(path: str) -> list[dict[str, Any]]:
    """The signals of a JSON Lines script (``--mock SCRIPT``), one JSON object a line, read
    as every JSON Lines file is (:mod:`firmware_host.jsonlines`): UTF-8, a leading byte-order
    mark skipped, blank and ``#`` lines ignored, lines numbered as physical lines from 1.

    :param path: the script's file name.
    :returns: the signals in file order, each a ``dict`` (SIMULATE.md signal shapes; checked
        later, when the mocked board applies them).
    :raises UsageError: the file is not UTF-8 text, or a line is not a JSON object (the
        message names the file and line: ``bad.jsonl line 2: not valid JSON (…)``);
        ``NaN``/``Infinity`` are not JSON (RFC 8259).
    :raises OSError: the file cannot be read (missing, a directory); the CLI prints it as
        one line too.
    """
    from firmware_host.errors import UsageError
    from firmware_host.jsonlines import objects, read_lines

    signals = []
    for number, obj in objects(read_lines(path), prefix=f"{path} "):
        if not isinstance(obj, dict):
            raise UsageError(f"{path} line {number}: a signal is a JSON object")
        signals.append(obj)
    return signals


def touch_everything(config: Any, tags: Any) -> list[Any]:
    """The built-in touches of the mocked board: every part of the configured board touched
    once in the walk's order (every seat button, the game-master key, every slot of every track
    filled and emptied, every hole of the peg, ending in hole 0), and every reader shown one
    tile of each kind the registered games lay on it
    (:func:`~firmware_host.hardware.tags.registered_kinds`; each kind's first name, seat 1
    for a seat's tile, the first of an item kind), whichever game it belongs to; a kind with
    no tile in the tag registry is left out.

    :param config: the :class:`~firmware_host.board_config.BoardConfig`.
    :param tags: the tag registry (:class:`~firmware_host.hardware.tags.TagRegistry`), or
        None (no tile is laid).
    :returns: SIMULATE.md signals (dicts), and for a kind without a simulator signal a
        callable ``touch(mock) -> events`` that lays its tile on the mocked board.
    """
    from firmware_host.hardware.parts import registered_peg
    from firmware_host.hardware.tags import registered_kinds

    script: list[Any] = [{"signal": "button", "seat": s, "gesture": "press"} for s in range(config.seats)]
    script.append({"signal": "key", "gesture": "press"})
    for track, pins in config.tracks.items():
        for k in range(1, len(pins) + 1):
            script += [{"signal": "slot", "track": track, "slot": k, "state": "filled"},
                       {"signal": "slot", "track": track, "slot": k, "state": "emptied"}]
    peg = registered_peg()
    if peg is not None and config.peg_holes:
        script += [{"signal": peg.signal, "position": p} for p in (*range(1, len(config.peg_holes)), 0)]
    if tags is None:
        return script
    for reader in config.readers:
        for kind in registered_kinds():
            if kind.reader != reader:
                continue
            name = kind.names[0] if kind.names else None
            if kind.layout == "seat" and name and kind.signal and tags.tags(kind.kind, name, 0):
                script.append({"signal": kind.signal, "seat": 0, kind.value_field: name})
            elif kind.layout == "numbered" and name and kind.signal and tags.tags(kind.kind, name):
                script.append({"signal": kind.signal, kind.value_field: name})
            elif kind.layout == "item" and tags.tags(kind.kind):
                number = tags.tags(kind.kind)[0][0]
                script.append(lambda mock, kind=kind.kind, number=number: mock.present_tile(kind, None, None, number))
    return script


#: input kind -> catalogue key suffix for a stuck / chattering contact (``selftest.<reason>.<kind>``)
_FAULT_KEYS = {
    ("stuck", "button"): "selftest.stuck.button", ("stuck", "slot"): "selftest.stuck.slot",
    ("stuck", "peg"): "selftest.stuck.peg", ("stuck", "gm_key"): "selftest.stuck.gm_key",
    ("stuck", "pin"): "fault.stuck_contact",
    ("chatter", "button"): "selftest.chatter.button", ("chatter", "slot"): "selftest.chatter.slot",
    ("chatter", "peg"): "selftest.chatter.peg", ("chatter", "gm_key"): "selftest.chatter.gm_key",
    ("chatter", "pin"): "selftest.chatter.pin",
    ("two_holes", "peg_all"): "selftest.two_holes",
    ("unknown_tag", "reader"): "fault.unknown_tag", ("bad_frame", "reader"): "fault.unreadable",
    ("reader_missing", "reader"): "fault.reader_missing", ("reader_unplugged", "reader"): "fault.reader_unplugged",
}


def input_of(name: str) -> tuple[str, dict[str, Any]] | None:
    """An input's name (:meth:`BoardConfig.inputs`, ``Fault.source``) as ``(kind, params)``
    for the catalogue: ``"seat 4 button"`` -> ``("button", {"seat": 3})`` (seats 0-based, R1),
    ``"TRACK slot 2"`` -> ``("slot", {"track": TRACK, "slot": 2})`` (a track the games declare), ``"peg hole 1"``
    -> ``("peg", {"position": 1})``, ``"game-master key"`` -> ``("gm_key", {})``, ``"pin
    17"`` -> ``("pin", {"pin": 17})``, ``"NAME reader"`` -> ``("reader", {"reader": NAME})``,
    ``"peg"`` -> ``("peg_all", {})``; None for a name it does not know."""
    from firmware_host.hardware.parts import registered_readers, registered_tracks

    parts = name.split()
    if len(parts) == 3 and parts[0] == "seat" and parts[2] == "button" and parts[1].isdigit():
        return "button", {"seat": int(parts[1]) - 1}
    if len(parts) == 3 and parts[1] == "slot" and parts[0] in registered_tracks() and parts[2].isdigit():
        return "slot", {"track": parts[0], "slot": int(parts[2])}
    if len(parts) == 3 and parts[:2] == ["peg", "hole"] and parts[2].isdigit():
        return "peg", {"position": int(parts[2])}
    if len(parts) == 2 and parts[0] == "pin" and parts[1].isdigit():
        return "pin", {"pin": int(parts[1])}
    if len(parts) == 2 and parts[1] == "reader" and parts[0] in registered_readers():
        return "reader", {"reader": parts[0]}
    if name == "game-master key":
        return "gm_key", {}
    if name == "peg":
        return "peg_all", {}
    return None


def tile_words(event: Any, language: str, tags: Any = None) -> str | None:
    """The sentence naming the tile of a :class:`~firmware_host.hardware.events.TileRead` in
    its game's words: every registered pack whose ``tile_kinds`` declare the tile's kind is
    asked (``GamePack.tile_words``), in registry order, with the item tiles' descriptions in
    ``language`` from the tag registry ``tags``; None when no game words it (or none can say
    it in ``language``). The self-test names no game: a new game's tiles need only its pack."""
    from firmware_host.kernel import games

    descriptions = tags.item_descriptions(language) if tags is not None else None
    for name in games.names():
        pack = games.pack(name)
        if pack.tile_words is None or not any(kind.kind == event.kind for kind in pack.tile_kinds):
            continue
        try:
            said = pack.tile_words(event.kind, event.value, event.seat, event.number, language,
                                   descriptions=descriptions)
        except (KeyError, ValueError):       # a language or a value the game's words lack
            said = None
        if said is not None:
            return said
    return None


def describe(event: Any, language: str, tags: Any = None) -> str | None:
    """The catalogue's sentence naming the input ``event`` came from and what happened
    (``selftest.*``, ``fault.*``; short wording; a tile in its game's words,
    :func:`tile_words`, with the descriptions of the tag registry ``tags``), or None for an
    event it cannot name."""
    from firmware_host.service.board_catalogue import text as board_text
    from firmware_host.hardware import events as ev

    def say(key: str, **params: Any) -> str:
        return board_text(key, params, language)

    if isinstance(event, ev.ButtonGesture):
        return say(f"selftest.button.{event.gesture}", seat=event.seat)
    if isinstance(event, ev.GameMasterKey):
        return say(f"selftest.gm_key.{event.gesture}")
    if isinstance(event, ev.SlotChanged):
        return say("selftest.slot.filled" if event.filled else "selftest.slot.emptied",
                   track=event.track, slot=event.slot)
    if isinstance(event, ev.PegMoved):
        if event.position is None:
            return say("selftest.peg.none")
        return say("selftest.peg", position=event.position)
    if isinstance(event, ev.TileRead):
        # a tile in its game's words; one no game words (or of a game without words for its
        # tiles) is still said, naming the reader that read it, never the tile
        said = tile_words(event, language, tags)
        return said if said is not None else say("selftest.tile", reader=event.reader)
    if isinstance(event, ev.TagRead):
        return say("selftest.tag", reader=event.reader)
    if isinstance(event, ev.ReaderState):
        return say("selftest.reader.on" if event.connected else "selftest.reader.off", reader=event.reader)
    if isinstance(event, ev.Fault):
        found = input_of(event.source)
        key = _FAULT_KEYS.get((event.reason, found[0])) if found else None
        if key is not None and found is not None:
            return say(key, **found[1])
    return None


def untouched_sentences(names: list[str], language: str) -> list[str]:
    """The catalogue's sentences naming untouched inputs (names from :meth:`Coverage.untouched`):
    all seat buttons in one sentence, then every other input in wiring order."""
    from firmware_host.service.board_catalogue import text as board_text

    found = [input_of(name) for name in names]
    seats = [params["seat"] for f in found if f is not None for kind, params in [f] if kind == "button"]
    out = [board_text("selftest.untouched.buttons", {"seats": seats}, language)] if seats else []
    for f in found:
        if f is not None and f[0] in ("slot", "peg", "gm_key", "reader"):
            out.append(board_text(f"selftest.untouched.{f[0]}", f[1], language))
    return out


class Coverage:
    """Which inputs have been touched: GPIO pins (by spoken name) and readers."""

    def __init__(self, config: Any) -> None:
        self.config = config
        self.names = dict(config.inputs())            # BCM -> name
        self.names_readers = [f"{name} reader" for name in config.readers]
        self.touched: set[str] = set()

    def note(self, event: Any) -> None:
        """Mark the input ``event`` came from as touched (faults do not count)."""
        from firmware_host.hardware import events as ev

        c = self.config
        if isinstance(event, ev.ButtonGesture):
            self.touched.add(self.names[c.seat_buttons[event.seat]])
        elif isinstance(event, ev.GameMasterKey):
            self.touched.add(self.names[c.game_master_key])
        elif isinstance(event, ev.SlotChanged):
            self.touched.add(self.names[c.slot_pins(event.track)[event.slot - 1]])
        elif isinstance(event, ev.PegMoved) and event.position is not None:
            self.touched.add(self.names[c.peg_holes[event.position]])
        elif isinstance(event, (ev.TileRead, ev.TagRead)):
            self.touched.add(f"{event.reader} reader")
        elif isinstance(event, ev.Fault) and event.reason == "unknown_tag":
            self.touched.add(event.source)

    def untouched(self) -> list[str]:
        """Names of the inputs not touched yet, in wiring order."""
        order = [self.names[p] for p in sorted(self.names, key=lambda p: list(self.names).index(p))]
        return [n for n in order + self.names_readers if n not in self.touched]


@dataclasses.dataclass(frozen=True)
class Step:
    """One touch the walk asks for.

    :ivar key: the board catalogue's request (``selftest.ask.*``), said with ``params``.
    :ivar params: its parameters (``seat``, ``track`` and ``slot``, ``position``, ``reader``).
    :ivar part: the part's name as :class:`Coverage` names it (``seat 1 button``,
        ``TRACK slot 2``, ``peg hole 0``, ``game-master key``, ``law reader``).
    :ivar wants: ``wants(event) -> bool``: whether an input event is the touch asked for.
    """

    key: str
    params: dict[str, Any]
    part: str
    wants: Callable[[Any], bool]


def walk_steps(config: Any) -> list[Step]:
    """Every part of the configured board (BOARD.md "Reference build") as the walk asks for
    it, in wiring order: each seat's button pressed, the game-master key pressed, each slot of
    each track filled and then emptied, the peg in each hole from 1 up and back into hole 0,
    an enrolled tile (or any tag) at each reader."""
    from firmware_host.hardware import events as ev

    names = config.inputs()
    steps = [Step("selftest.ask.button", {"seat": seat}, names[pin],
                  lambda e, seat=seat: isinstance(e, ev.ButtonGesture) and e.seat == seat)
             for seat, pin in enumerate(config.seat_buttons)]
    steps.append(Step("selftest.ask.gm_key", {}, names[config.game_master_key],
                      lambda e: isinstance(e, ev.GameMasterKey)))
    for track, pins in config.tracks.items():
        for k, pin in enumerate(pins, 1):
            for filled in (True, False):
                steps.append(Step("selftest.ask.slot.fill" if filled else "selftest.ask.slot.empty",
                                  {"track": track, "slot": k}, names[pin],
                                  lambda e, track=track, k=k, filled=filled: isinstance(e, ev.SlotChanged)
                                  and (e.track, e.slot, e.filled) == (track, k, filled)))
    holes = list(range(1, len(config.peg_holes))) + [0] if config.peg_holes else []
    for position in holes:
        steps.append(Step("selftest.ask.peg", {"position": position}, names[config.peg_holes[position]],
                          lambda e, position=position: isinstance(e, ev.PegMoved) and e.position == position))
    for reader in config.readers:
        steps.append(Step("selftest.ask.reader", {"reader": reader}, f"{reader} reader",
                          lambda e, reader=reader: (isinstance(e, (ev.TileRead, ev.TagRead)) and e.reader == reader)
                          or (isinstance(e, ev.Fault) and e.reason == "unknown_tag" and e.source == f"{reader} reader")))
    return steps


class Walk:
    """The walk through the board's parts: it asks for one touch at a time (the first step
    not yet answered), marks every step an arriving input answers (a touch of a later part
    counts for it: that part is not asked for again), and asks for the next.

    :param steps: :func:`walk_steps`.
    :param say: ``say(key, params)``: speak one of the board catalogue's sentences.
    """

    def __init__(self, steps: list[Step], say: Callable[[str, dict[str, Any]], None]) -> None:
        self.steps = steps
        self.say = say
        self.answered = [False] * len(steps)
        self.asked: int | None = None

    @property
    def current(self) -> Step | None:
        """The step asked for now, or None when every step is answered or skipped."""
        return next((step for step, done in zip(self.steps, self.answered) if not done), None)

    @property
    def finished(self) -> bool:
        """Whether every step was answered or skipped."""
        return all(self.answered)

    def ask(self) -> None:
        """Ask for the current step's touch, once per step."""
        index = next((i for i, done in enumerate(self.answered) if not done), None)
        if index is not None and index != self.asked:
            self.asked = index
            step = self.steps[index]
            self.say(step.key, step.params)

    def arrived(self, event: Any) -> None:
        """An input arrived (it was named already): every step it answers is done; then the
        next step is asked for."""
        for i, step in enumerate(self.steps):
            if not self.answered[i] and step.wants(event):
                self.answered[i] = True
        self.ask()

    def skip(self) -> Step | None:
        """Leave the current step unanswered (the next :meth:`ask` asks for the one after it);
        the step left, or None."""
        step = self.current
        if step is not None:
            self.answered[self.steps.index(step)] = True
        return step


def main(args: argparse.Namespace) -> int:
    """Run the wiring test; 0 when it ran (parts not touched are named, not an error)."""
    from firmware_host.board_config import load_config
    from firmware_host.service.board_catalogue import text as board_text

    config = load_config(args.config)
    language = language_of(args, config)
    if args.audio:
        return audio_test(config, language)
    speak, close_speech = make_speaker(config, language, args.print_only or args.mock is not None)
    coverage = Coverage(config)
    walk = Walk(walk_steps(config), lambda key, params: speak(board_text(key, params, language)))
    registry: list[Any] = [None]       # the board's tag registry, once the board has started

    def report(events: Iterable[Any]) -> None:
        for event in events:
            coverage.note(event)
            text = describe(event, language, registry[0])
            if text is None:  # not a sentence of the catalogue: for the log only
                print(f"({event})", file=sys.stderr)
            else:
                speak(text)
            walk.arrived(event)

    def skip() -> None:
        step = walk.skip()
        if step is not None:
            for sentence in untouched_sentences([step.part], language):
                speak(sentence)
        walk.ask()

    started = []

    def on_started(tags: Any) -> None:
        registry[0] = tags
        started.append(True)
        speak(board_text("selftest.start", None, language))

    try:
        if args.mock is not None:
            _run_mock(args, config, report, on_started, walk, skip)
        else:
            _run_board(args, config, report, on_started, walk, skip)
    except KeyboardInterrupt:
        pass
    finally:
        if started:
            speak(board_text("selftest.done", {"count": len(coverage.touched)}, language))
            for sentence in untouched_sentences(coverage.untouched(), language):
                speak(sentence)
        close_speech()
    return 0


#: the test tone before each output's name: hertz, seconds
TONE_HZ, TONE_S = 660.0, 0.4


def tone(hz: float = TONE_HZ, seconds: float = TONE_S, gain: float = 0.5) -> Any:
    """A sine tone as a :class:`~firmware_host.audio.clip.Clip` (10 ms fade in and out)."""
    import array
    import math

    from firmware_host.audio.clip import RATE, Clip

    n = int(RATE * seconds)
    fade = int(RATE * 0.01)
    samples = array.array("h", (int(32767 * gain * min(1.0, i / fade, (n - i) / fade)
                                    * math.sin(2 * math.pi * hz * i / RATE)) for i in range(n)))
    return Clip(samples.tobytes(), RATE)


def audio_outputs(settings: Any, seats: int) -> list[str]:
    """The outputs a board plays on: the table speaker, then each seat's earphone (or the
    whisper station's), in seat order."""
    return ["public"] + (["whisper"] if settings.whisper_station else [f"seat:{n}" for n in range(seats)])


def audio_test(config: Any, language: str) -> int:
    """``self-test --audio``: into every output in turn, a tone and then its name, spoken on
    that output ("Test: earphone of seat 3"); each sentence is printed. An output that does
    not play is named on stdout and aloud on the table speaker (or, if that is the silent
    one, printed only).

    :returns: 0 when every output played, 1 otherwise.
    """
    from firmware_host.audio import AlsaSink, AudioService, AudioSettings
    from firmware_host.audio.sinks import PlayInfo, output_name
    from firmware_host.service.board_catalogue import text as board_text

    settings = dataclasses.replace(AudioSettings.from_config(config.sections), language=language,
                                   whisper_station=False)
    sink = AlsaSink.from_settings(AudioSettings.from_config(config.sections), config.seats)
    cache = settings.cache_dir or os.path.join(os.path.expanduser("~"), ".cache", "firmware-host", "speech")
    audio = AudioService(settings, sink, cache, seats=config.seats)
    pronouncing(audio)
    failed: dict[str, str] = {}
    beep = tone()
    outputs = audio_outputs(AudioSettings.from_config(config.sections), config.seats)
    try:
        for n, output in enumerate(outputs):
            if output == "public":
                key, params = "selftest.output.public", {}
            elif output == "whisper":
                key, params = "selftest.output.whisper", {}
            else:
                key, params = "selftest.output.seat", {"seat": int(output[5:])}
            text = board_text(key, params, language)
            print(text, flush=True)
            try:
                played = sink.play(beep, PlayInfo(output, output, "", "", None, "normal", n))
                played.wait(10.0)
                error = getattr(played, "error", None)
            except Exception as exc:  # noqa: BLE001 - SinkError: no device configured
                error = exc
            if error is None and output != "whisper":
                utt = audio.say(output, text, key=key)
                utt.wait_played(60.0)
                error = utt.error
            if error is not None:
                failed[output] = str(error)
                print(f"  does not play: {error}", flush=True)
        for output in failed:
            fault = {"public": ("fault.output.public", {}), "whisper": ("fault.output.whisper", {})}.get(
                output, ("fault.output.seat", {"seat": int(output[5:]) if output.startswith("seat:") else 0}))
            text = board_text(fault[0], fault[1], language)
            print(text, flush=True)
            if "public" not in failed:
                audio.say("public", text, key=fault[0]).wait_played(60.0)
        print(f"audio: {len(failed)} of {len(outputs)} outputs do not play"
              + (": " + ", ".join(output_name(o) for o in failed) if failed else ""), flush=True)
    finally:
        audio.close()
    return 1 if failed else 0


def _registry(config: Any) -> Any:
    from firmware_host.hardware.tags import load_registry

    return load_registry(config.tags_path) if Path(config.tags_path).exists() else None


def _typed(stdin: Any, prompt: Any) -> Iterable[Any]:
    """The touches typed on ``stdin``, one a line in the virtual board's words
    (:func:`firmware_host.service.signals.parse_line`: ``button 0``, ``slot TRACK 2 filled``,
    a JSON signal): each a SIMULATE.md signal dict, or ``"skip"``; ``help`` answers on
    ``prompt``, a line that is no signal is answered there in one line (``? …``) and nothing
    is touched; ``quit`` or the end of the input ends them."""
    from firmware_host.service.signals import ScriptError, help_text, parse_line

    for raw in stdin:
        if raw.strip().lower() == "skip":
            yield "skip"
            continue
        try:
            signal = parse_line(raw)
        except ScriptError as exc:
            prompt.write(f"? {exc}\n")
            prompt.flush()
            continue
        if signal == "quit":
            return
        if signal == "help":
            prompt.write(help_text() + "\n  skip                                on to the next part\n")
            prompt.flush()
        elif signal is not None and not isinstance(signal, str):
            yield {**signal.fields, "signal": signal.kind}


def _mock_registry(config: Any) -> Any:
    """The mocked board's tag registry: the config's (else the demo registry) with the demo
    tiles of every registered kind it lacks, items too (a numbered set's tile of the demo is
    laid as any other game's tile)."""
    from firmware_host.hardware.tags import demo_registry, load_registry, with_demo_kinds

    if Path(config.tags_path).exists():
        return with_demo_kinds(load_registry(config.tags_path), config.seats, items=True)
    return demo_registry(config.seats, items=True)


def _run_mock(args: argparse.Namespace, config: Any, report: Callable[[Iterable[Any]], None],
              on_started: Callable[[Any], None], walk: Walk, skip: Callable[[], None]) -> None:
    from firmware_host.clock import VirtualClock
    from firmware_host.errors import UsageError
    from firmware_host.hardware.mock import MockBoard

    typing = args.mock == "-" or (not args.mock and sys.stdin.isatty())
    given = read_script(args.mock) if args.mock and args.mock != "-" else None   # an unusable script: nothing starts
    with MockBoard(config, VirtualClock(), tags=_mock_registry(config)) as mock:
        on_started(mock.tags)
        report(mock.events)                          # faults found at start
        walk.ask()
        if typing:
            touches: Iterable[Any] = _typed(sys.stdin, sys.stderr)
        else:
            touches = given if given is not None else touch_everything(mock.config, mock.tags)
        for number, touch in enumerate(touches, 1):
            if touch == "skip":
                skip()
                continue
            try:
                events = touch(mock) if callable(touch) else mock.apply_signal(touch)
            except UsageError as exc:
                if not typing:
                    raise
                print(f"? {exc}", file=sys.stderr, flush=True)
                continue
            if events is None:
                what = touch.get("signal") if isinstance(touch, dict) else touch
                if not typing:
                    raise UsageError(f"signal {number}: {what!r} is not a board signal")
                print(f"? {what!r} is not a board signal: touch a part of the board", file=sys.stderr, flush=True)
                continue
            report(events)
            if typing and walk.finished:     # every part answered: the builder is done
                break


#: said after every reason the real board cannot start: what plays without a Pi
NO_PI = "on a laptop, firmware-host self-test --mock plays on the mocked board"


def start_board(config: Any, clock: Any, on_event: Callable[[Any], None], tags: Any) -> Any:
    """Start the real board; a GPIO library or pin that cannot be opened is a UsageError that
    ends by naming ``--mock`` (the mocked board plays without a Pi)."""
    from firmware_host.errors import UsageError
    from firmware_host.hardware.board import Board
    from firmware_host.hardware.pins import GPIOError

    board = Board(config, None, clock, on_event, tags)
    try:
        board.start()
    except (GPIOError, OSError) as exc:
        board.close()
        clock.close()
        raise UsageError(f"{exc}; {NO_PI}") from None
    return board


def _run_board(args: argparse.Namespace, config: Any, report: Callable[[Iterable[Any]], None],
               on_started: Callable[[Any], None], walk: Walk, skip: Callable[[], None]) -> None:
    from firmware_host.clock import RealClock, log_without_traceback

    events: "queue.Queue[Any]" = queue.Queue()
    clock = RealClock(on_error=log_without_traceback)
    tags = _registry(config)
    board = start_board(config, clock, events.put, tags)
    on_started(tags)
    walk.ask()
    deadline = None if args.seconds is None else time.monotonic() + args.seconds
    step_seconds = getattr(args, "step_seconds", 30.0)
    asked, asked_at = walk.current, time.monotonic()
    try:
        while not walk.finished and (deadline is None or time.monotonic() < deadline):
            if walk.current is not asked:
                asked, asked_at = walk.current, time.monotonic()
            elif step_seconds and time.monotonic() - asked_at >= step_seconds:
                skip()                          # nothing from this part: named, and on to the next
                continue
            try:
                event = events.get(timeout=0.2)
            except queue.Empty:
                continue
            report([event])
    finally:
        board.close()
        clock.close()
