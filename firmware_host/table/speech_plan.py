"""What a table can hear next: the sentences worth pre-rendering for one configured table, for
every game (issue 31: a fresh board renders this table's confirmations, names included, when a
game is set up).

Speech is rendered once and cached (``firmware_host.audio.speech``); a sentence rendered in
the middle of a game makes its listeners wait (seconds on a fresh Pi Zero 2 W). Both lists are
of (channel, text), the channel that hears it (``"public"`` or ``"seat:N"``, R16: a private
message is planned only for the seat whose earphone says it):

- :meth:`SpeechPlan.sentences`: for a table of ``players`` seats with their names, in one
  language and the wordings in use, every message of the game's catalogue (and the board's own
  sentences said during a game) whose parameters can be listed and that names at most one seat
  besides the seat it is about, the game's flow first, then refusals, corrections and
  scanning (a pick's answer, ``scan.selected``, for every item of the game's lists whose
  parameters can be listed, in every seat's earphone: the own act confirmed with the seat's
  name), then faults. The table's answers in one seat's earphone (:data:`SEAT_KEYS`: "noted",
  the reminder naming the seat, the story's cues) are planned for every seat.
- :meth:`SpeechPlan.following`: what can follow one announcement at once (after "seat Anna
  chooses" the pick of each other seat, ``BoardAdapter.PLAN_FOLLOWING``).

A parameter can be listed when it is a seat, a value of one of the catalogue's enums (without
a render of its own), ``players``, or what the game's ``values(key, name, players)`` hook
lists; a message of a ``count`` of a ``total`` alone (the table's readies, votes counted) is
listed for every total up to the seats; a game's ``uses(key, players)`` hook lists the uses of a key itself (pairs that belong
together: a count and its total). Keys with other parameters (seat lists, cards, hands)
are rendered when said. The game leaves out prefixes (``skipped``) and moves its own keys to
the later tiers (``later``). With ``verbosity = "auto"`` the long wording is listed only for
messages without parameters and for the flow's messages with at most ``players`` variants.

Example::

    plan = SpeechPlan.for_game(type(adapter), words)
    voice.prerender(lambda: plan.sentences(7, "de", names={0: "Anna"}, verbosity="auto"))
    voice.prerender_soon(plan.following("turn.new", {"seat": 0}, 7, "de", names={0: "Anna"}))
"""

from __future__ import annotations

import inspect
import itertools
from typing import Any, Callable, Iterable, Iterator, Mapping

from firmware_host.service import board_catalogue

from .scanning import PICKED_KEY as PICKED
from .words import Words

__all__ = ["SpeechPlan", "BOARD_PREFIXES", "TABLE_SKIPPED"]

#: the board's own sentences said during a game (the board catalogue's), planned with the game's
BOARD_PREFIXES = ("service.", "gm.", "fault.", "scan.", "whisper.", "repeat.", "setup.", "settings.saved",
                  "table.", "evening.")
#: the board's own list items a seat can pick in any game's list ("cancel" in a list, "back" in
#: a confirmation): their pick is answered as any item's (``scan.selected``)
BOARD_ITEMS = ("scan.cancel", "scan.back")
#: a seat's private messages that answer a slip, not news of its own act (their long wording is
#: not planned for every seat)
NOT_NEWS = ("refusal.", "correction.", "fault.")
#: the board's own sentences said in one seat's earphone (not at the table): the answer to a
#: seat's own act told at the table only ("noted"), a press whose list waits for its next
#: press ("list after the table"), a reminder that the table waits for the seat, the story's
#: parts after the game; planned for every seat's earphone (its rate)
SEAT_KEYS = frozenset({"table.noted", "table.list_after", "table.waiting_you", "table.waiting_others",
                       "evening.story_more", "evening.story_end"})
#: key prefixes of a game's list items (its lists' items and menus: :meth:`SpeechPlan._picks`)
ITEM_PREFIXES = ("scan.", "menu.")
#: prefixes no table plans: self-test and enrolment (the service's own), the story after the
#: game (rendered when asked), the undo report (rendered when it happens)
TABLE_SKIPPED = ("selftest.", "enrol.", "story.", "gm.undone", "undo.action")
#: prefixes of the second tier (refusals, corrections, scanning, the seat's menu) and the third
#: (faults and the service's messages), every game's
_TIER1 = ("refusal.", "correction.", "scan.", "repeat.", "setup.", "settings.", "whisper.", "gm.", "table.",
          "evening.")
_TIER2 = ("fault.", "service.", "board.")

#: ``uses(key, players)`` -> the (seat hearing it privately or None, params) of ``key``, or
#: None for the planner's own listing
Uses = Callable[[str, int], "Iterable[tuple[int | None, dict]] | None"]
#: ``values(key, name, players)`` -> the values parameter ``name`` of ``key`` takes, or None
Values = Callable[[str, str, int], "list | None"]


def _players_only(key: str, name: str, players: int) -> list | None:
    return [players] if name == "players" else None


class SpeechPlan:
    """The pre-render plan of one game's table (see the module docstring).

    :param words: the game's :class:`~.words.Words`; its ``schema`` (the game's
        :class:`~firmware_host.kernel.wording.Catalogue`) gives the parameters' types and
        enums (without it only the board's own sentences are planned).
    :param following: announcement key -> the messages that can follow it at once; their
        ``seat`` is the announcement's ``seat``, their other seats any other seat; a private
        one is heard by the announcement's seat.
    :param skipped: the game's key prefixes never planned (besides :data:`TABLE_SKIPPED`).
    :param later: (the game's prefixes of the second tier, of the third tier).
    :param uses: the game's ``uses`` hook (:data:`Uses`), or None.
    :param values: the game's ``values`` hook (:data:`Values`), or None (``players`` only).
    """

    def __init__(self, words: Words, *, following: Mapping[str, tuple[str, ...]] | None = None,
                 skipped: tuple[str, ...] = (), later: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
                 uses: Uses | None = None, values: Values | None = None) -> None:
        self.words = words
        self.schema = getattr(words, "schema", None)
        self.following_keys = dict(following or {})
        self.skipped = TABLE_SKIPPED + tuple(skipped)
        self.tier1 = _TIER1 + tuple(later[0])
        self.tier2 = _TIER2 + tuple(later[1])
        self.uses = uses or (lambda key, players: None)
        self.values = values or _players_only
        self._paired = frozenset(k for keys in self.following_keys.values() for k in keys)

    @classmethod
    def for_game(cls, game: Any, words: Words) -> "SpeechPlan":
        """The plan of a :class:`~.adapter.BoardAdapter` (class or instance): its
        ``PLAN_FOLLOWING``, ``PLAN_SKIPPED``, ``PLAN_LATER`` and ``plan_uses``/``plan_values``
        (a game's hook that reads the game set up is an instance method: of a class, the
        plan's own listing is used instead)."""
        def hook(name: str) -> Any:
            # a hook that reads the game set up (an instance method) needs an instance: a class
            # alone plans with the plan's own listing
            if isinstance(game, type) and not isinstance(inspect.getattr_static(game, name), staticmethod):
                return None
            return getattr(game, name)
        return cls(words, following=game.PLAN_FOLLOWING, skipped=game.PLAN_SKIPPED, later=game.PLAN_LATER,
                   uses=hook("plan_uses"), values=hook("plan_values"))

    # -- the catalogue's schema ------------------------------------------------------------------
    def _owner(self, key: str) -> Any:
        if self.schema is not None and key in self.schema.messages:
            return self.schema
        return board_catalogue.CATALOGUE

    def _domain(self, key: str, name: str, players: int) -> list | None:
        owner = self._owner(key)
        kind = owner.param_types.get(name, "int")
        if kind == "seat":
            return list(range(players))
        listed = self.values(key, name, players)
        if listed is not None:
            return list(listed)
        if kind in owner.enums and kind not in owner.renders:
            return list(owner.enums[kind])
        return None                                   # seat lists, cards, hands: rendered when said

    def _params(self, key: str, players: int) -> Iterator[tuple[int | None, dict[str, Any]]]:
        """(the seat that hears it privately or None, params) for every listable use of ``key``."""
        given = self.uses(key, players)
        if given is not None:
            yield from given
            return
        owner = self._owner(key)
        names = owner.placeholders(key)
        if set(names) == {"count", "total"} and self.values(key, "count", players) is None \
                and all(owner.param_types.get(n, "int") == "int" for n in names):
            # a count of a total at the table (readies, votes): at most one per seat
            private = owner.is_private(key) or key in SEAT_KEYS
            yield from ((seat, {"count": count, "total": total}) for total in range(1, players + 1)
                        for count in range(total + 1) for seat in (range(players) if private else (None,)))
            return
        domains = [self._domain(key, name, players) for name in names]
        if any(d is None for d in domains):
            return
        private = owner.is_private(key) or key in SEAT_KEYS
        seat_params = [n for n in names if owner.param_types.get(n, "int") == "seat"]
        if len(seat_params) > 2:
            return
        for combo in itertools.product(*domains):
            params = dict(zip(names, combo))
            if len(seat_params) == 2 and params[seat_params[0]] == params[seat_params[1]]:
                continue                              # nobody votes for, shoots or accuses themselves
            # a private message is heard by its ``seat`` (its role, its refusal), but a list's
            # item or its confirmation names a seat listed, heard by whoever chooses
            owner_seat = None if key.startswith("scan.") else params.get("seat")
            if private:
                yield from ((seat, params) for seat in ([owner_seat] if owner_seat is not None else range(players)))
            else:
                yield None, params

    def _tier(self, key: str) -> int:
        """0: the game's flow; 1: refusals, corrections, scanning; 2: faults and service messages."""
        return 2 if key.startswith(self.tier2) else 1 if key.startswith(self.tier1) else 0

    def keys(self) -> list[str]:
        """The keys planned, most needed first (catalogue order within a tier)."""
        own = list(self.schema.keys()) if self.schema is not None else []
        said = [*own, *(k for k in board_catalogue.keys() if k.startswith(BOARD_PREFIXES) and k not in own)]
        keys = [k for k in said if not k.startswith(self.skipped) and k not in self._paired]
        keys.sort(key=self._tier)                     # stable: catalogue order within a tier
        return keys

    # -- the plans -------------------------------------------------------------------------------
    def sentences(self, players: int, language: str, names: Mapping[int, str] | None = None,
                  verbosity: str = "auto") -> Iterator[tuple[str, str]]:
        """Every sentence worth pre-rendering for this table, as (channel, text), most needed first.

        :param players: seats at the table.
        :param language: one of the game's languages.
        :param names: ``{seat (0-based): player name}`` as the setup gave them, or None.
        :param verbosity: the ``[audio] verbosity`` in use: ``"short"``, ``"long"`` or
            ``"auto"`` (short wordings, and the long ones said the first time a message is
            heard, ACCESSIBILITY.md 5, as the module docstring lists them).
        :returns: an iterator (lazy: nothing is formatted before it is asked for) of
            (``"public"`` or ``"seat:N"``, NFC text); a text is listed once per channel.
        :raises UnknownLanguage: ``language`` has no catalog (when the first text is asked for).
        """
        seen: set[tuple[str, str]] = set()
        picks = False
        for key in self.keys():
            if not picks and self._tier(key) > 0:
                picks = True
                yield from self._picks(players, language, names, verbosity, seen)
            params_list = list(self._params(key, players))
            # the long wording is said once per table, a private message once per seat (the
            # answer to a seat's own act, its tile read, the first time): worth having ready for
            # the game's flow, for messages without parameters and for a seat's own private news
            # of a few variants, not for every seat's first refusal, correction or fault
            private = self._owner(key).is_private(key) or key in SEAT_KEYS
            hearers = len({seat for seat, _ in params_list}) if private else 1
            few = (len(params_list) <= players and (self._tier(key) == 0 or not self._owner(key).placeholders(key))
                   or private and len(params_list) <= 3 * hearers and not key.startswith(NOT_NEWS))
            wordings = {"short": (False,), "long": (True,)}.get(verbosity, (False, True) if few else (False,))
            for long in wordings:
                for seat, params in params_list:
                    channel = "public" if seat is None else f"seat:{seat}"
                    text = self.words.text(key, params, language, long=long, names=names)
                    if (channel, text) not in seen:
                        seen.add((channel, text))
                        yield channel, text

    def item_keys(self) -> list[str]:
        """The keys of the items a seat can pick in the game's lists: the game's own ``scan.*``
        and ``menu.*`` keys (not private: an item names what is listed), and the board's
        :data:`BOARD_ITEMS` ("cancel", "back"); a pick's answer is not an item."""
        if self.schema is None:
            return []
        own = [k for k in self.schema.keys() if k.startswith(ITEM_PREFIXES) and k != PICKED
               and not k.startswith(self.skipped)]
        return own + [k for k in BOARD_ITEMS if k not in own]

    def _picks(self, players: int, language: str, names: Mapping[int, str] | None, verbosity: str,
               seen: set[tuple[str, str]]) -> Iterator[tuple[str, str]]:
        """A pick's answer in the chooser's earphone (``scan.selected``, ACCESSIBILITY.md 32) for
        every item of the game's lists (:meth:`item_keys`) whose parameters can be listed (a
        seat, an enum, what the game's ``values`` hook lists), at every seat: the own act
        confirmed with the seat's name (issue 31: a fresh board renders this table's
        confirmations when a game is set up)."""
        if self.schema is None:
            return
        items = []
        for key in self.item_keys():
            uses = {repr(sorted(params.items())): params for _seat, params in self._params(key, players)}
            items += [self.words.text(key, params, language, names=names) for params in uses.values()]
        longs = {"short": (False,), "long": (True,)}.get(verbosity, (False, True))
        for long in longs:
            for item in dict.fromkeys(items):
                text = self.words.text(PICKED, {"item": item}, language, long=long, names=names)
                for chooser in range(players):
                    if (f"seat:{chooser}", text) not in seen:
                        seen.add((f"seat:{chooser}", text))
                        yield f"seat:{chooser}", text

    def following(self, key: str, params: Mapping[str, Any], players: int, language: str,
                  names: Mapping[int, str] | None = None, verbosity: str = "auto",
                  first: bool = False) -> list[tuple[str, str]]:
        """What can be said right after announcement ``key`` (``following``), as (channel, text).

        :param params: the announcement's params; its ``seat`` is the seat whose choice follows.
        :param players: seats at the table.
        :param verbosity: ``"short"``, ``"long"`` or ``"auto"`` (the long wording only when
            ``first``: the table has not heard these messages yet).
        :returns: [] for a key nothing follows, or without a seat.
        :raises UnknownLanguage: ``language`` has no catalog.
        """
        seat = params.get("seat")
        if key not in self.following_keys or type(seat) is not int:
            return []
        longs = {"short": (False,), "long": (True,)}.get(verbosity, (False, True) if first else (False,))
        out: list[tuple[str, str]] = []
        for follow in self.following_keys[key]:
            owner = self._owner(follow)
            names_of = owner.placeholders(follow)
            domains = [[seat] if name == "seat" else self._domain(follow, name, players) for name in names_of]
            if any(d is None for d in domains):
                continue
            channel = f"seat:{seat}" if owner.is_private(follow) else "public"
            for long in longs:
                for combo in itertools.product(*domains):
                    chosen = dict(zip(names_of, combo))
                    if any(owner.param_types.get(n) == "seat" and n != "seat" and v == seat
                           for n, v in chosen.items()):
                        continue                      # the seat chooses another seat
                    out.append((channel, self.words.text(follow, chosen, language, long=long, names=names)))
        return out
