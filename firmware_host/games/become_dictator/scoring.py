"""Ranks, places, win conditions and priority (DICTATOR.md D16-D27).

Pure functions of the final votes and final roles; the engine calls :func:`judge` once, when
noon of day 5 is resolved.

Example::

    >>> ranks([5, 4, 4, 3, 0])                         # D16: dense ranks, 0 votes unranked
    [1, 2, 2, 3, None]
    >>> v = judge(["dictator", "jester", "noble", "commoner"], [3, 1, 1, 0])
    >>> v.winners, v.winning_roles
    ([0, 1], ['dictator', 'jester'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

__all__ = ["TAKEN_OVER_BY", "PRIORITY_ORDER", "ranks", "Places", "places", "Verdict", "judge"]

#: D26: role -> the roles that take priority over it (the seed's win-condition boxes).
TAKEN_OVER_BY: dict[str, tuple[str, ...]] = {
    "dictator": ("revolutionary", "assassin", "priest"),
    "noble": ("dictator", "revolutionary", "priest"),
    "revolutionary": ("assassin", "priest"),
    "priest": ("assassin",),
    "assassin": (),
    "commoner": (),
    "jester": (),
}
#: D26: the order the roles are judged in (the seed's priority chart; Commoner apart).
PRIORITY_ORDER = ("assassin", "priest", "revolutionary", "dictator", "jester", "noble",
                  "commoner")


def ranks(votes: Sequence[int]) -> list[int | None]:
    """D16: each seat's rank: 1 + the number of different positive counts above its own;
    None for a seat with 0 votes (no rank, no place)."""
    counts = sorted({v for v in votes if v > 0}, reverse=True)
    position = {v: i + 1 for i, v in enumerate(counts)}
    return [position[v] if v > 0 else None for v in votes]


@dataclass(frozen=True)
class Places:
    """D17: who holds which place.

    Attributes:
        ranks: by seat, :func:`ranks`.
        first, second, last, booby: sorted seats in that place (``booby`` empty when the
            ranked players have fewer than two different counts; all empty without a
            ranked player).
        single_top: the seat alone at rank 1, or None.
        last_rank: the largest rank held (0 without a ranked player).
    """

    ranks: list[int | None]
    first: list[int]
    second: list[int]
    last: list[int]
    booby: list[int]
    single_top: int | None
    last_rank: int


def places(votes: Sequence[int]) -> Places:
    """D17: first = rank 1, second = rank 2, last = the largest rank, booby = last - 1
    (only when last >= 2); the single top is rank 1 held by one seat alone."""
    r = ranks(votes)
    held = [x for x in r if x is not None]
    last = max(held) if held else 0

    def at(rank: int) -> list[int]:
        return [s for s, x in enumerate(r) if x == rank] if rank >= 1 else []

    first = at(1)
    return Places(ranks=r, first=first, second=at(2), last=at(last),
                  booby=at(last - 1) if last >= 2 else [],
                  single_top=first[0] if len(first) == 1 else None, last_rank=last)


@dataclass
class Verdict:
    """The result of D18-D27.

    Attributes:
        places: the :class:`Places` of the final votes.
        qualified: role -> sorted seats that qualify by that role's own condition (D18,
            D20, D22, D23, D24); roles without a condition of their own are absent.
        held: the roles whose condition held (at least one seat qualified).
        winners: sorted winning seats (D27; possibly empty).
        winning_roles: sorted roles of the winners, without repeats.
        overruled: ``[(role, [roles that took priority over it and won])]`` for every role
            whose condition held but which did not win (D26, said at the reckoning, D35),
            in the priority order.
        won_as: seat -> the role it won as.
    """

    places: Places
    qualified: dict[str, list[int]]
    held: list[str]
    winners: list[int]
    winning_roles: list[str]
    overruled: list[tuple[str, list[str]]]
    won_as: dict[int, str] = field(default_factory=dict)


def judge(final_roles: Sequence[str], votes: Sequence[int]) -> Verdict:
    """Judge the win conditions on the final roles and final votes (D18-D27).

    :param final_roles: by seat, each seat's last role card (D15).
    :param votes: by seat, the final votes (never negative).
    :returns: the :class:`Verdict`.
    :raises ValueError: the lists differ in length, or a vote count is negative.
    """
    if len(final_roles) != len(votes):
        raise ValueError("final_roles and votes must have one entry per seat")
    if any(v < 0 for v in votes):
        raise ValueError("votes are never negative (D10, D11)")
    p = places(votes)
    seats = range(len(votes))

    def holding(role: str) -> list[int]:
        return [s for s in seats if final_roles[s] == role]

    qualified: dict[str, list[int]] = {}
    # D18: the single top qualifies as Dictator.
    top = p.single_top
    qualified["dictator"] = [top] if top is not None and final_roles[top] == "dictator" else []
    # D20: the counted Nobles: with votes, except a single top; one of them second, and two
    # counted in all.
    counted = [s for s in holding("noble") if votes[s] >= 1 and s != top]
    nobles_hold = len(counted) >= 2 and any(p.ranks[s] == 2 for s in counted)
    qualified["noble"] = counted if nobles_hold else []
    # D22: a Revolutionary last and a Revolutionary booby; then every one with votes.
    revs = holding("revolutionary")
    rev_hold = (bool(p.booby) and any(s in p.last for s in revs)
                and any(s in p.booby for s in revs))
    qualified["revolutionary"] = [s for s in revs if votes[s] >= 1] if rev_hold else []
    # D24: highest and lowest counts of all players differ by at most 1; a Priest needed.
    priests = holding("priest")
    priest_hold = bool(priests) and max(votes) - min(votes) <= 1
    qualified["priest"] = priests if priest_hold else []
    # D23: own votes 0, and a Dictator qualifies or the Revolutionary or Priest condition holds.
    assassin_cause = bool(qualified["dictator"]) or rev_hold or priest_hold
    qualified["assassin"] = [s for s in holding("assassin")
                             if votes[s] == 0 and assassin_cause]

    # D26: priority acts on wins, judged in the chart's order.
    won: dict[str, list[int]] = {}
    won["assassin"] = list(qualified["assassin"])

    def blocked(role: str) -> bool:
        return any(won.get(r) for r in TAKEN_OVER_BY[role])

    for role in ("priest", "revolutionary", "dictator"):
        won[role] = [] if blocked(role) else list(qualified[role])
    won["jester"] = holding("jester") if won["dictator"] else []              # D19
    if won["assassin"]:
        won["noble"] = holding("noble")                                         # D21
    else:
        won["noble"] = [] if blocked("noble") else list(qualified["noble"])     # D20
    others_won = any(won[r] for r in won)
    everyone_commoner = all(r == "commoner" for r in final_roles)
    won["commoner"] = holding("commoner") if everyone_commoner or not others_won else []  # D25

    won_as = {s: role for role in PRIORITY_ORDER for s in won[role]}
    winners = sorted(won_as)
    held = [r for r in PRIORITY_ORDER if qualified.get(r)]
    overruled = []
    for role in held:
        if not won[role]:
            overruled.append((role, [r for r in PRIORITY_ORDER
                                     if r in TAKEN_OVER_BY[role] and won.get(r)]))
    return Verdict(places=p, qualified=qualified, held=held, winners=winners,
                   winning_roles=sorted({won_as[s] for s in winners}), overruled=overruled,
                   won_as=won_as)
