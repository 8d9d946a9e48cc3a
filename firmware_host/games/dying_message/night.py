"""The private lines of each Killing Phase step, per seat (M41-M43), as pure data.

In every step of the night that has private lines, every living seat and every seat of the
night's dead hears a private message and a list to choose from, and is asked for the same
number of presses (M43): the actors their instruction and their real list; everyone else
"Nothing to do: keep your eyes closed, choose any item" and a *decoy* list of the same kind
(seats or cards) and the same length, whose choice is ignored. A look (steps 3.1 and 3.2) is
a message without a list: the Private Detective or the Mastermind hears the genuine cards,
everyone else "Keep your eyes closed" (``night.wait``), padded to the same length. Seats dead before this night hear only the public lines.

The board pads every private message of one step to the same length (the audio layer's
``say_padded``, ACCESSIBILITY 9); this module decides what is said and what is asked.

Example::

    for entry in game.log:
        if entry[0] == "step" and entry[1] in PRIVATE_STEPS:
            lines = step_lines(game, entry[1])     # {seat: SeatLine}
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .engine import Game

__all__ = ["SeatLine", "PRIVATE_STEPS", "step_lines", "listeners", "decoy_seats"]

#: Steps of the script (M41) with private lines: choices, and the two looks.
PRIVATE_STEPS = ("night", "soulmate", "dogs", "killers", "dead", "detective", "mastermind",
                 "fake")


@dataclass(frozen=True)
class SeatLine:
    """What one seat hears and is asked in one step of the night.

    Attributes:
        seat: the seat (0-based).
        key: the catalogue key of its private message (``night.nothing`` for a decoy).
        params: that message's params.
        acts: True when this seat's choice counts (an actor).
        kind: ``"seat"`` or ``"card"``: what the list names; None: no list (a look, nightfall).
        items: the list, in scan order (seats or card ids).
        presses: how many items to choose, one per pass (0 without a list).
    """

    seat: int
    key: str
    params: dict = field(default_factory=dict)
    acts: bool = False
    kind: str | None = None
    items: tuple[int, ...] = ()
    presses: int = 0


def listeners(game: Game) -> list[int]:
    """Seats that hear private lines tonight: the living and the night's dead (M43)."""
    return sorted(set(game.living()) | set(game.night_dead))


def decoy_seats(game: Game, seat: int, length: int) -> tuple[int, ...]:
    """A decoy list of ``length`` seats for ``seat``: the seats after it round the table
    (living ones first), so it names nobody in particular and has the actors' length."""
    n = game.players
    order = [(seat + k) % n for k in range(1, n + 1)]
    living = [s for s in order if game.alive[s]]
    rest = [s for s in order if not game.alive[s]]
    return tuple((living + rest)[:length])


def _decoy(game: Game, seat: int, kind: str, length: int, presses: int,
           cards: tuple[int, ...] = ()) -> SeatLine:
    items = decoy_seats(game, seat, length) if kind == "seat" else cards[:length]
    return SeatLine(seat, "night.nothing", {}, False, kind, items, presses)


def step_lines(game: Game, step: str) -> dict[int, SeatLine]:
    """Every listening seat's line in ``step`` (one of :data:`PRIVATE_STEPS`), computed from
    the game as it stands when the step is narrated.

    Raises:
        ValueError: ``step`` has no private lines.
    """
    seats = listeners(game)
    lines: dict[int, SeatLine] = {}
    if step == "night":
        return {s: SeatLine(s, "night.round", {"round": game.round}) for s in game.living()}
    if step in ("soulmate", "dogs", "killers", "dead", "fake"):
        actors, kind, items, count, brief = _actors(game, step)
        length = max(len(items), 1)
        pool = tuple(sorted(game.evidence_pool))
        decoy_cards = (items if kind == "card" else pool)
        for s in seats:
            if s in actors:
                key, params = brief(s)
                lines[s] = SeatLine(s, key, params, True, kind, tuple(items), count)
            else:
                lines[s] = _decoy(game, s, kind, length, count, tuple(decoy_cards))
        return lines
    if step in ("detective", "mastermind"):
        character = "private_detective" if step == "detective" else "mastermind"
        for s in seats:
            if game.alive[s] and game.characters[s] == character and game.genuine:
                lines[s] = SeatLine(s, "night.look", {"cards": list(game.genuine)})
            else:
                lines[s] = SeatLine(s, "night.wait")
        return lines
    raise ValueError(f"step {step!r} has no private lines")


def _actors(game: Game, step: str):
    """(actor seats, list kind, list items, presses, brief(seat) -> (key, params))."""
    if step == "soulmate":
        soul = game.soulmate
        actors = [soul] if soul is not None and game.alive[soul] and game.phase == "soulmate" else []
        items = [s for s in game.living() if s != soul]
        return actors, "seat", items, 1, lambda s: ("night.soulmate.choose", {})
    if step == "dogs":
        actors = game.living_with("famous_dog") if game.phase == "protect" else []
        items = [s for s in game.living() if game.characters[s] != "famous_dog"]
        return actors, "seat", items, 1, lambda s: ("night.dog.choose", {})
    if step == "killers":
        killers = game.living_killers()
        items = [s for s in game.living() if s not in killers and s not in game.protected]
        count = game.need if game.phase == "kill" else 1

        def brief(s: int):
            return ("night.killers.brief", {"killers": [k for k in killers if k != s],
                                            "protected": sorted(game.protected),
                                            "count": count})
        return killers, "seat", items, count, brief
    if step == "dead":
        choosing = game.phase == "genuine"
        actors = list(game.night_dead) if choosing else []
        items = game.choice_of(actors[0]).items if choosing else tuple(sorted(game.evidence_pool))
        count = game.need if choosing else 1
        key = "night.dead.brief.discard" if game.refuse_collector_killed else "night.dead.brief"
        return actors, "card", items, max(count, 1), lambda s: (
            key, {"killers": list(game.night_killers), "count": count})
    # fake
    choosing = game.phase == "fake"
    actors = list(game.group) if choosing else []
    items = tuple(sorted(game.evidence_pool))
    count = game.need if choosing else 1
    return actors, "card", items, max(count, 1), lambda s: ("night.fake.brief", {"count": count})
