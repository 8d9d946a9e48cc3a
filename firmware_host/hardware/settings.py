"""The hardware sections of the board config, and :class:`BoardConfig`, their typed form.

Sections (all pins are BCM numbers 2–27; see ``hardware/board.toml`` and ``hardware/WIRING.md``)::

    [gpio]        pin_factory = "lgpio"         # lgpio (default, also Pi 5) | rpigpio | mock
    [buttons]     bounce_ms, hold_s, double_press, double_press_s, ignore_repeat_s, chatter_s, stuck_s
    [seats.0]     button = 4                    # one table per seat 0..n-1, complete, 5 ≤ n ≤ 10
    [slots]       TRACK = [pins, slot 1 first], …, settle_ms   # a row of slots per track
    [peg]         holes = [pins, positions 0 first], settle_ms
    [game_master] key = 3
    [readers.NAME] port = "/dev/serial/by-id/…", type = "rdm6300", baud = 9600, tag_gone_s, reconnect_s
    [tags]        registry = "tags.toml"        # relative to the config file

Which tracks, how many slots and holes, and which readers a board has are the registered
games' (:mod:`~firmware_host.hardware.parts`: their packs' ``tracks``, ``peg`` and tile kinds'
readers); the hardware names none of them. Cross-field checks (:func:`check`): no pin twice,
seats 0..n-1 complete, each game's tracks with their number of slots, the peg's holes, reader
names. A reader that is merely unplugged is not checked here: the
board reports it as a :class:`~firmware_host.hardware.events.Fault` and finds it again.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, Mapping

from firmware_host.config import REQUIRED, Field, did_you_mean
from firmware_host.hardware import parts

#: reader protocols the board can speak (see :mod:`firmware_host.hardware.rfid`)
READER_TYPES: tuple[str, ...] = ("rdm6300",)
#: gpiozero pin factories the config may ask for
PIN_FACTORIES: tuple[str, ...] = ("lgpio", "rpigpio", "mock")
#: BCM numbers usable for inputs (0 and 1 belong to the HAT EEPROM)
FIRST_PIN, LAST_PIN = 2, 27
#: BCM pins with a fixed pull-up resistor on the Pi (I2C SDA/SCL): always pulled up
FIXED_PULL_UP: tuple[int, ...] = (2, 3)


def _nonempty(value: Any) -> str | None:
    return "must not be empty" if not str(value).strip() else None


def _bcm(value: int) -> str | None:
    if not FIRST_PIN <= value <= LAST_PIN:
        return (f"BCM {value} is outside {FIRST_PIN}–{LAST_PIN} (0 and 1 belong to the HAT EEPROM; "
                f"the header has no other GPIO)")
    return None


def _pin(doc: str, default: Any = REQUIRED) -> Field:
    return Field(int, default, check=_bcm, doc=doc)


#: section -> key -> Field (see :class:`firmware_host.config.Field`)
def renamed_sections() -> dict[str, str]:
    """Older section names of board.toml read as today's (:func:`firmware_host.config.validate`):
    a registered peg's signal name, the section its holes had before the board named its
    parts neutrally, is read as ``[peg]``. Returns ``{older name: section}``."""
    from firmware_host.hardware.parts import registered_peg
    peg = registered_peg()
    return {peg.signal: "peg"} if peg is not None and peg.signal != "peg" else {}


SCHEMA: dict[str, dict[str, Field]] = {
    "gpio": {
        "pin_factory": Field(str, "lgpio", choices=PIN_FACTORIES,
                             doc="gpiozero pin factory: lgpio (Pi 3B+ to 5), rpigpio (older OS images), mock (no Pi)"),
        "pull_up": Field(bool, True, doc="switch on the Pi's internal pull-ups (keep on; see WIRING.md for external ones)"),
    },
    "buttons": {
        "bounce_ms": Field(int, 20, min=1, max=200,
                           doc="milliseconds a contact must stay quiet before its level counts (seat buttons, game-master key)"),
        "hold_s": Field(float, 1.0, min=0.3, max=5.0, doc="seconds held down that make a press a hold (status, a game's held action)"),
        "double_press": Field(bool, False, doc="recognise double presses (off: clashes with ignore_repeat_s; a single press then waits double_press_s)"),
        "double_press_s": Field(float, 0.4, min=0.15, max=1.5, doc="seconds from a release within which a second press makes a double press"),
        "ignore_repeat_s": Field(float, 0.5, min=0.1, max=1.5,
                                 doc="seconds after an accepted gesture in which presses of the same button are ignored (ACCESSIBILITY.md 12)"),
        "chatter_s": Field(float, 1.0, min=0.1, max=10.0, doc="seconds of edges without a quiet bounce time before a contact is reported as chattering"),
        "stuck_s": Field(float, 15.0, min=2.0, max=600.0, doc="seconds a button may stay down before it is reported as stuck"),
    },
    "seats": {
        "*": Field(dict, fields={"button": _pin("BCM pin of this seat's button (to ground, pull-up)")},
                   doc="one table per seat, [seats.0] … [seats.n-1]"),
    },
    "slots": {
        "*": Field(list, items=_pin("BCM pin of a reed switch"), first_index=1,
                   doc="one track: the BCM pins of its slots' reed switches, slot 1 first"),
        "settle_ms": Field(int, 50, min=1, max=1000, doc="milliseconds a reed switch must stay quiet before a slot counts as filled/emptied"),
    },
    "peg": {
        "holes": Field(list, [], items=_pin("BCM pin of a hole's contact"), first_index=0,
                       doc="BCM pins of the contacts in the peg's holes, position 0 first"),
        "settle_ms": Field(int, 300, min=10, max=3000,
                           doc="milliseconds all hole contacts must stay quiet before the pin's position counts (moving it between holes)"),
    },
    "game_master": {
        "key": _pin("BCM pin of the game-master key (pause / confirm a correction)"),
    },
    "readers": {
        "*": Field(dict, fields={
            "port": Field(str, REQUIRED, check=_nonempty, doc="serial device, best a stable /dev/serial/by-id/… name"),
            "type": Field(str, "rdm6300", choices=READER_TYPES, doc="reader protocol"),
            "baud": Field(int, 9600, min=1200, max=115200, doc="serial speed (RDM6300: 9600 8N1)"),
            "tag_gone_s": Field(float, 0.5, min=0.3, max=5.0,
                                doc="seconds without a frame after which a tile counts as removed (the reader repeats every 100–250 ms)"),
            "reconnect_s": Field(float, 0.5, min=0.05, max=30.0, doc="seconds between looks for an unplugged reader's device"),
        }, doc="one table per reader, named as the games' tiles name it ([readers.NAME])"),
    },
    "tags": {
        "registry": Field(str, "tags.toml", check=_nonempty,
                          doc="the tag registry (TOML), relative to this config file"),
    },
}


def check(sections: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """Cross-field checks on validated sections; returns problems (each naming its key)."""
    problems: list[str] = []
    used: dict[int, str] = {}

    def use(key: str, pin: Any) -> None:
        if not isinstance(pin, int):
            return
        if pin in used:
            problems.append(f"{key}: BCM {pin} is already used by {used[pin]}")
        else:
            used[pin] = key

    seats = sections.get("seats", {})
    numbers: list[int] = []
    for key in seats:
        if not (key.isdigit() and str(int(key)) == key):
            problems.append(f"seats.{key}: a seat table is named by its number 0–9 "
                            f"([seats.0], [seats.1], …; {ZERO_BASED})")
        else:
            numbers.append(int(key))
    for seat in sorted(numbers):
        use(f"seats.{seat}.button", seats[str(seat)].get("button"))
    problems.extend(_seat_problems(numbers))
    slots = {k: v for k, v in sections.get("slots", {}).items() if k != "settle_ms"}
    tracks = parts.registered_tracks()
    for track in slots:
        if track not in tracks:
            problems.append(f"slots.{track}: no game plays on such a track{did_you_mean(track, list(tracks))}; "
                            f"the tracks are {', '.join(tracks) or 'none'}")
    for track, count in tracks.items():
        pins = slots.get(track, [])
        if len(pins) != count:
            problems.append(f"slots.{track}: needs exactly {count} pins, one per slot, has {len(pins)}")
        for i, pin in enumerate(pins):
            use(f"slots.{track}.{i + 1}", pin)
    holes = sections.get("peg", {}).get("holes", [])
    peg = parts.registered_peg()
    wanted = 0 if peg is None else peg.holes
    if len(holes) != wanted:
        problems.append(f"peg.holes: needs exactly {wanted} pins, holes 0–{wanted - 1}, has {len(holes)}"
                        if wanted else f"peg.holes: no game plays with a peg, yet {len(holes)} pins are given")
    for i, pin in enumerate(holes):
        use(f"peg.holes.{i}", pin)
    use("game_master.key", sections.get("game_master", {}).get("key"))
    readers = parts.registered_readers()
    for name in sections.get("readers", {}):
        if name not in readers:
            problems.append(f"readers.{name}: unknown reader{did_you_mean(name, list(readers))}; "
                            f"readers are {' and '.join(readers)}")
    if sections.get("gpio", {}).get("pull_up") is False:
        fixed = [f"BCM {pin} ({used[pin]})" for pin in FIXED_PULL_UP if pin in used]
        if fixed:
            problems.append(f"gpio.pull_up: false, but {' and '.join(fixed)} "
                            f"{'have' if len(fixed) > 1 else 'has'} a fixed 1.8 kΩ pull-up on the Pi that "
                            "gpiozero cannot switch off; keep pull_up = true or wire these inputs to other pins")
    ports: dict[str, str] = {}
    for name, reader in sections.get("readers", {}).items():
        port = reader.get("port")
        if port in ports:
            problems.append(f"readers.{name}.port: {port} is already the port of readers.{ports[port]}")
        elif isinstance(port, str):
            ports[port] = name
    return problems


#: how seat numbers in the config relate to speech (said in every seat problem)
ZERO_BASED = "counted from 0: [seats.0] is seat 1 when spoken"
#: seats a board has (R1)
MIN_SEATS, MAX_SEATS = 5, 10


def _seat_problems(numbers: list[int]) -> list[str]:
    """Problems of the ``[seats.N]`` table numbers present (0-based, as REPLAY.md).

    Counts the seats actually present; names each table beyond the range those seats need
    (``seats.12: seat numbers run 0..9 …``) and each table missing below it, always with the
    config's own 0-based numbers (never mixed with the spoken 1-based ones)."""
    problems: list[str] = []
    count = len(numbers)
    top = min(count, MAX_SEATS)                  # the seats present need [seats.0] … [seats.top-1]
    beyond = sorted(n for n in numbers if n >= MAX_SEATS)
    within = [n for n in numbers if n not in beyond]
    for n in beyond:
        problems.append(f"seats.{n}: seat numbers run 0..{max(top, 1) - 1} ({count} seat{'s' if count != 1 else ''} "
                        f"configured, {ZERO_BASED})")
    end = max(top, max(within) + 1 if within else 0)
    for n in range(end):
        if n not in numbers:
            problems.append(f"seats.{n}: missing; the seat tables run [seats.0] … [seats.{end - 1}] without gaps "
                            f"({ZERO_BASED})")
    if not MIN_SEATS <= count <= MAX_SEATS:
        problems.append(f"seats: {count} seats configured; a board has {MIN_SEATS} to {MAX_SEATS} "
                        f"([seats.0] … [seats.{MAX_SEATS - 1}], R1)")
    return problems


@dataclasses.dataclass(frozen=True)
class Timing:
    """Debounce and gesture timing, all in **seconds** (the config gives bounce in ms).

    ``bounce_s``: quiet time before a button level counts; ``hold_s``: press length that makes
    a hold; ``double_press``/``double_press_s``: double press on/off and its window;
    ``ignore_repeat_s``: presses ignored after an accepted gesture (ACCESSIBILITY.md 12);
    ``chatter_s``: edges without settling before a chatter fault; ``stuck_s``: button down
    before a stuck fault; ``slot_settle_s``/``peg_settle_s``: quiet time of reed switches
    and of the peg's hole contacts.
    """

    bounce_s: float = 0.020
    hold_s: float = 1.0
    double_press: bool = False
    double_press_s: float = 0.4
    ignore_repeat_s: float = 0.5
    chatter_s: float = 1.0
    stuck_s: float = 15.0
    slot_settle_s: float = 0.050
    peg_settle_s: float = 0.300


@dataclasses.dataclass(frozen=True)
class ReaderConfig:
    """One RFID reader: ``name`` (its ``[readers.NAME]``, as the games' tiles name it), ``port`` (device path), ``type``
    (``rdm6300``), ``baud``, ``tag_gone_s`` and ``reconnect_s`` in seconds."""

    name: str
    port: str
    type: str = "rdm6300"
    baud: int = 9600
    tag_gone_s: float = 0.5
    reconnect_s: float = 0.5


@dataclasses.dataclass(frozen=True)
class BoardConfig:
    """The validated board config; the hardware part typed, every section kept.

    :ivar seat_buttons: tuple[int, ...]: BCM pin of seat k's button at index k (seats 0..n-1).
    :ivar tracks: track name -> its slots' BCM pins, slot 1 first (``[slots]``).
    :ivar peg_holes: BCM pins of the peg's holes, position 0 first (``[peg]``).
    :ivar game_master_key: BCM pin.
    :ivar readers: dict name -> :class:`ReaderConfig`.
    :ivar timing: :class:`Timing` (seconds).
    :ivar pin_factory: ``lgpio`` / ``rpigpio`` / ``mock``; :ivar pull_up: internal pull-ups.
    :ivar tags_path: the tag registry file (absolute when the config came from a file).
    :ivar path: the config file, or None.
    :ivar sections: every layer's sections, defaults filled in (``config.sections["audio"]``).
    """

    seat_buttons: tuple[int, ...]
    tracks: dict[str, tuple[int, ...]]
    peg_holes: tuple[int, ...]
    game_master_key: int
    readers: dict[str, ReaderConfig]
    timing: Timing = Timing()
    pin_factory: str = "lgpio"
    pull_up: bool = True
    tags_path: Path = Path("tags.toml")
    path: Path | None = None
    sections: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)

    @property
    def raw(self) -> dict[str, dict[str, Any]]:
        """Alias of :attr:`sections` (what other layers' settings readers look for)."""
        return self.sections

    @property
    def seats(self) -> int:
        """Number of seats wired (5–10)."""
        return len(self.seat_buttons)

    def slot_pins(self, track: str) -> tuple[int, ...]:
        """BCM pins of ``track``'s slots, slot 1 first (none for a track the board lacks)."""
        return self.tracks.get(track, ())

    def inputs(self) -> dict[int, str]:
        """Every GPIO input: BCM pin -> spoken name (``seat 4 button``, ``TRACK slot 2``,
        ``peg hole 1``, ``game-master key``); seats one-based as in announcements (R1)."""
        names: dict[int, str] = {}
        for seat, pin in enumerate(self.seat_buttons):
            names[pin] = f"seat {seat + 1} button"
        for track, pins in self.tracks.items():
            for i, pin in enumerate(pins):
                names[pin] = f"{track} slot {i + 1}"
        for pos, pin in enumerate(self.peg_holes):
            names[pin] = f"peg hole {pos}"
        names[self.game_master_key] = "game-master key"
        return names

    def replace(self, **changes: Any) -> "BoardConfig":
        """A copy with ``changes`` applied (:func:`dataclasses.replace`)."""
        return dataclasses.replace(self, **changes)

    def with_reader_ports(self, ports: Mapping[str, str]) -> "BoardConfig":
        """A copy whose readers use ``ports`` (name -> path) instead (the mocked board)."""
        readers = {name: dataclasses.replace(r, port=ports.get(name, r.port)) for name, r in self.readers.items()}
        return dataclasses.replace(self, readers=readers)


def build_board_config(sections: Mapping[str, Mapping[str, Any]], path: Path | None = None) -> BoardConfig:
    """Type validated ``sections`` (as :func:`firmware_host.config.validate` returns them)."""
    b = sections["buttons"]
    timing = Timing(
        bounce_s=b["bounce_ms"] / 1000.0, hold_s=b["hold_s"], double_press=b["double_press"],
        double_press_s=b["double_press_s"], ignore_repeat_s=b["ignore_repeat_s"],
        chatter_s=b["chatter_s"], stuck_s=b["stuck_s"],
        slot_settle_s=sections["slots"]["settle_ms"] / 1000.0,
        peg_settle_s=sections["peg"]["settle_ms"] / 1000.0,
    )
    seats = sections["seats"]
    readers = {name: ReaderConfig(name=name, **dict(r)) for name, r in sections["readers"].items()}
    registry = Path(sections["tags"]["registry"]).expanduser()
    if not registry.is_absolute() and path is not None:
        registry = path.resolve().parent / registry
    return BoardConfig(
        seat_buttons=tuple(seats[str(s)]["button"] for s in range(len(seats))),
        tracks={k: tuple(v) for k, v in sections["slots"].items() if k != "settle_ms"},
        peg_holes=tuple(sections["peg"]["holes"]),
        game_master_key=sections["game_master"]["key"],
        readers=readers,
        timing=timing,
        pin_factory=sections["gpio"]["pin_factory"],
        pull_up=sections["gpio"]["pull_up"],
        tags_path=registry,
        path=path,
        sections={k: dict(v) for k, v in sections.items()},
    )
