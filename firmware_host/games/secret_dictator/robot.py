"""Robot players of Secret Dictator (issue 23, :mod:`firmware_host.robots`): what the game's
cues ask of a seat, from what the seat heard only.

- "President: seat N" naming the seat: a press, and a seat picked in its earphone's scan;
  the same for a power that chooses a player (execution with its confirming press,
  investigation, special election);
- a nomination at the table: the seat's Ja or Nein tile into the ballot box (alive seats);
- the president's three laws / the chancellor's two in the earphone: one of them, drawn
  from what was heard, laid on the law reader at the discard tray;
- a power's result in the earphone: a press to go on;
- the chancellor puts the law it enacts into the next slot of its track;
- seat 1's robot keeps the board (a table's agreement): it puts each law the table hears
  enacted into its slot (a chaos law too; one already there is left), moves the tracker pin as
  the table is told, and makes the corrections the table asks for (a law on the wrong slot,
  a slot that must be empty, the tracker pin); a seat told to press again once the board is
  fixed does so.

In the setup from the seats it asks for the board-tracked draw pile (the robots hold no
physical tiles to shuffle); every other question takes the first option.
"""

from __future__ import annotations

from typing import Any, Sequence

from firmware_host.robots.robot import Chooser, Heard, Lay, Press, scan_item_seen

NAME = "secret_dictator"

#: the seat that keeps the board (puts laws into slots, moves the tracker pin)
KEEPER = 0
#: the chance to take a seat when it is heard (else a later one, at the latest in the third pass)
TAKE = 0.35
#: the chance of a Ja ballot
JA = 0.7
#: powers that choose a player by scanning
CHOOSING = ("power.execution", "power.investigate", "power.special_election")


def lobby_option(question: str, option: Heard, players: int) -> bool | None:
    """The draw pile tracked by the board; None (the first option) for the other questions."""
    if question == "setup.question.deck":
        return option.key == "setup.deck.tracked"
    return None


def _dead(seat: int, heard: Sequence[Heard]) -> bool:
    return any(h.key == "power.execution.done" and h.params.get("target") == seat for h in heard)


def _press_again(seat: int, heard: Sequence[Heard]) -> bool:
    """Whether the table asked this seat to press again since the board last matched."""
    for h in reversed(heard[:-1]):
        if h.output == "table" and h.key == "board.matches":
            return False
        if h.output == "table" and h.key == "correction.press_again" and h.params.get("seat") == seat:
            return True
    return False


#: a hand -> the table's lines that begin a new step for it (a new hand): the president's
#: session goes on while the table hears "the chancellor enacts a law" after its discard
STEP_STARTS: dict[str, tuple[str, ...]] = {"hand.president": ("legislative.president", "election."),
                                           "hand.chancellor": ("legislative.chancellor", "election.")}


def _already(clip: Heard, heard: Sequence[Heard]) -> bool:
    """Whether the seat heard this instruction before in the same step (a repeat it asked
    for, or the status): it has done what it said already. The president's hand heard again
    after the table heard its discard taken is the same step (its law lies in the tray)."""
    starts = STEP_STARTS.get(clip.key, ("legislative.", "election."))
    for h in reversed(heard[:-1]):
        if h.output == "table" and h.key.startswith(starts):
            return False
        if h.own and h.key == clip.key:
            return True
    return False


def _enacted(track: str, heard: Sequence[Heard]) -> int:
    """The laws of ``track`` the table has heard enacted in this game (by chaos too)."""
    counts = [h.params.get("count") for h in heard
              if h.output == "table" and h.key in (f"law.enacted.{track}", f"chaos.enacted.{track}")
              and isinstance(h.params.get("count"), int)]
    return max(counts, default=0)


def respond(seat: int, clip: Heard, heard: Sequence[Heard], choose: Chooser) -> list[Any]:
    """The acts ``clip`` asks of ``seat`` (see the module docstring).

    :param seat: the robot's seat (0-based).
    :param clip: the clip just heard (table or own earphone).
    :param heard: every clip the seat heard in this game, ``clip`` last.
    :param choose: choices drawn from ``heard`` only.
    :returns: :class:`~firmware_host.robots.robot.Press` and
        :class:`~firmware_host.robots.robot.Lay` acts (empty: nothing to do).
    """
    key, params = clip.key, clip.params
    acts: list[Any] = []
    if clip.output == "table":
        if seat == KEEPER:
            if key.startswith(("law.enacted.", "chaos.enacted.")) and isinstance(params.get("count"), int):
                acts.append(Lay({"signal": "slot", "track": key.rsplit(".", 1)[1], "slot": params["count"],
                                 "state": "filled"}))
            elif key == "tracker.moved" and isinstance(params.get("position"), int):
                acts.append(Lay({"signal": "tracker", "position": params["position"]}))
            if key == "tile.wrong_slot":
                acts += [Lay({"signal": "slot", "track": params["track"], "slot": params["slot"], "state": "emptied"}),
                         Lay({"signal": "slot", "track": params["track"], "slot": params["expected"],
                              "state": "filled"})]
            elif key in ("tile.unexpected", "tile.no_enactment"):
                acts.append(Lay({"signal": "slot", "track": params["track"], "slot": params["slot"],
                                 "state": "emptied"}))
            elif key in ("tracker.wrong_hole", "tracker.pin_missing") and isinstance(params.get("expected"), int):
                acts.append(Lay({"signal": "tracker", "position": params["expected"]}))
        if key == "board.matches" and _press_again(seat, heard):
            acts.append(Press())            # "your press was not taken: press again once the board is fixed"
        if _dead(seat, heard):
            return acts
        if key == "president.new" and params.get("seat") == seat:
            acts.append(Press())
        elif key in CHOOSING and params.get("seat") == seat:
            acts.append(Press())
        elif key == "nomination.made":
            ballot = "ja" if choose.chance(JA, "ballot") else "nein"
            acts.append(Lay({"signal": "ballot", "seat": seat, "ballot": ballot}, reader="ballot"))
        return acts
    if key in ("hand.president", "hand.chancellor") and params.get("laws") and not _already(clip, heard):
        laws = list(params["laws"])
        party = choose.one(laws, "discard")
        acts: list[Any] = [Lay({"signal": "law_read", "party": party}, reader="law")]
        if key == "hand.chancellor":        # the other law onto the next slot of its track
            laws.remove(party)
            track = laws[0]
            acts.append(Lay({"signal": "slot", "track": track, "slot": _enacted(track, heard) + 1,
                             "state": "filled"}))
        return acts
    if key.startswith("power.") and key.endswith(".result"):
        return [Press()]
    if key == "power.execution.confirm":
        return [Press(item=clip)]
    if key == "scan.item":
        if scan_item_seen(clip, heard) >= 2 or choose.chance(TAKE, "take"):
            return [Press(item=clip)]
    if key.endswith((".stopped", ".cancelled")):
        return [Press()]
    return []
