"""What the board says after each accepted action: events → announcements (R8, R13, R16, R17).

The engine reports *what happened* (:class:`Event`); this module decides *what is said, to
whom*: a list of :class:`Line`, each a message key of the :mod:`catalogue` with
plain-JSON params, a channel (``"public"`` for the table speaker, ``"seat:N"`` for one seat's
earphone), an earcon name and a priority. The audio layer turns them into speech with
:func:`catalogue.text`.

Secrets only ever leave through :func:`views.private_view` into ``seat:N`` announcements; an
:class:`Line` of a private key on the public channel cannot even be made
(:class:`PrivacyError`), so a mistake here fails loudly instead of leaking (R16).

Example::

    from firmware_host.games.secret_dictator import Game, Action, announce
    events = game.apply(Action("vote", seat=6, ballot="ja"))
    for a in announce.announcements(action, events, game):
        audio.say(a.channel, a.text(language), key=a.key, priority=a.priority,
                  earcon=a.earcon)
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from firmware_host.kernel.values import Line, PrivacyError

from . import catalogue
from .actions import Action
from .views import private_view, public_view

__all__ = [
    "EARCONS", "PRIORITIES", "Line", "PrivacyError", "make", "announcements",
    "prolog", "refusal", "status", "status_layers", "STATUS_LAYERS",
]

#: Earcon names (``sounds/``), or None for speech alone (ACCESSIBILITY.md 18).
EARCONS = ("input", "ballot", "election_passed", "election_failed", "law_democratic",
           "law_fascist", "power", "refusal", "fault", "game_over", "nomination", "veto",
           "reader_back", "power_view_discard", "power_peek", "power_investigate",
           "power_special_election", "power_execution", "correction", "wrong_reader", "private")
#: Priorities, most urgent first: fault and refusal interrupt chatter; game_over is never cut.
PRIORITIES = ("fault", "refusal", "game_over", "normal")


#: a reader back, alone or naming the seats the table waits for: said with its own earcon, not as a fault
_READER_BACK = frozenset({"fault.reader_back", "fault.reader_back_waiting"})


def _earcon(key: str) -> str | None:
    if key.startswith("refusal."):
        return "refusal"
    if key in _READER_BACK:
        return "reader_back"
    if key.startswith("fault."):
        return "fault"
    if key.startswith("game_over.") and key != "game_over.roles":
        return "game_over"
    if key.endswith(".democratic") and key.startswith(("law.enacted", "chaos.enacted")):
        return "law_democratic"
    if key.endswith(".fascist") and key.startswith(("law.enacted", "chaos.enacted")):
        return "law_fascist"
    return _EARCON_KEYS.get(key)


_EARCON_KEYS = {
    # one earcon per kind of event (issue 14, ACCESSIBILITY.md 18)
    "nomination.made": "nomination", "ballot.counted": "ballot",
    "election.passed": "election_passed", "election.failed": "election_failed",
    "veto.proposed": "veto", "power.view_discard": "power_view_discard", "power.peek": "power_peek",
    "power.investigate": "power_investigate", "power.special_election": "power_special_election",
    "power.execution": "power_execution", "power.execution.done": "power_execution",
    "tile.wrong_slot": "correction", "tile.removed": "correction", "tile.unexpected": "correction",
    "tracker.wrong_hole": "correction", "tracker.pin_missing": "correction",
    "tile.ballot_at_discard_pile": "wrong_reader", "tile.law_at_ballot_box": "wrong_reader",
    "tile.role_not_asked": "wrong_reader", "roles.not_a_role_tile": "wrong_reader",
}


def _priority(key: str) -> str:
    if key.startswith("fault.") and key not in _READER_BACK:
        return "fault"
    if key.startswith(("refusal.", "tile.", "tracker.wrong_hole", "tracker.pin_missing",
                       "roles.not_a_role_tile")):
        return "refusal"
    if key.startswith("game_over."):
        return "game_over"
    return "normal"


def make(key: str, params: Mapping[str, Any] | None = None,
         channel: str = "public") -> Line:
    """A :class:`Line` of ``key`` with its usual earcon and priority.

    For the other layers' own messages (faults, scanning, status, corrections, self-test):
    ``make("fault.reader_unplugged", {"reader": "ballot"})``,
    ``make("scan.item", {"seat": 3}, channel="seat:0")``.

    Raises:
        PrivacyError, catalogue.UnknownMessage, catalogue.MessageParamError: as
            :class:`Line`.
    """
    params = dict(params or {})
    earcon, priority = _earcon(key), _priority(key)
    if earcon is not None and earcon not in EARCONS:
        raise ValueError(f"unknown earcon {earcon!r}")
    line = Line(channel, key, params, priority, earcon, words=catalogue)   # PrivacyError (R16)
    catalogue._check_params(key, params)
    return line


def _seat_channel(seat: int) -> str:
    return f"seat:{seat}"


def _seats_with(roles: Iterable[str], wanted: str) -> list[int]:
    return [s for s, r in enumerate(roles) if r == wanted]


def _get(obj: Any, name: str, default: Any = None) -> Any:
    return getattr(obj, name, default) if obj is not None else default


def announcements(action: Any, events: list, game: Any) -> list[Line]:
    """What the board says after ``action`` was accepted and produced ``events``.

    Args:
        action: the accepted :class:`Action` (``kind``, ``seat``, ``target``, ...), or None
            for ``game.start()``.
        events: the :class:`Event` list ``game.apply(action)`` returned (``kind``, ``data``
            as REPLAY.md).
        game: the :class:`Game` *after* the action; read only through
            :func:`public_view` / :func:`private_view`.

    Returns:
        ``list[Line]`` in speaking order. Public: game start, president, nomination,
        each ballot counted ("vier von sieben", never who voted what until all have voted),
        the revealed ballots per seat and the result (R8), tracker, chaos, law enacted,
        reshuffle instructions, power granted and carried out, execution, game over with all
        roles (R15). Private (``seat:N`` only, R16): the president's three and the
        chancellor's two laws, view-discard, peek and investigate results.
    """
    view = public_view(game)
    kind = _get(action, "kind")
    actor = _get(action, "seat")
    target = _get(action, "target")
    out: list[Line] = []
    say = out.append
    event_kinds = [e.kind for e in events]
    game_over = "game_over" in event_kinds
    tracked = view.get("deck") != "untracked"

    if kind == "vote":
        election = next((e for e in events if e.kind == "election"), None)
        if election is not None:
            total = election.data["ja"] + election.data["nein"]
            say(make("ballot.counted", {"count": total, "total": total}))
        else:
            say(make("ballot.counted", {"count": view["votes_cast"],
                                        "total": view["votes_cast"] + len(view["awaiting"])}))
    elif kind == "veto":
        say(make("veto.proposed", {"seat": actor}))
    elif kind == "veto_reply":
        key = "veto.accepted" if _get(action, "accept") else "veto.refused"
        say(make(key, {"seat": actor}))
    elif kind == "special_election":
        say(make("power.special_election.chosen", {"seat": actor, "target": target}))
    elif kind == "investigate":
        say(make("power.investigate.done", {"seat": actor, "target": target}))
        result = private_view(game, actor)["power_result"]
        if isinstance(result, dict):
            say(make("power.investigate.result",
                     {"target": result["target"], "party": result["party"]},
                     _seat_channel(actor)))

    for i, event in enumerate(events):
        data = event.data
        ek = event.kind
        if ek == "game_started":
            say(make("game.started", {"players": view["players"]}))
        elif ek == "president":
            # also after a special election: the table hears whose turn it is (ACCESSIBILITY.md 28)
            say(make("president.new", {"seat": data["seat"]}))
        elif ek == "nominated":
            say(make("nomination.made", {"seat": data["seat"], "target": data["target"]}))
        elif ek == "election":
            ballots = {int(s): b for s, b in data["ballots"].items()}
            say(make("election.ballots", {
                "ja_seats": sorted(s for s, b in ballots.items() if b == "ja"),
                "nein_seats": sorted(s for s, b in ballots.items() if b == "nein")}))
            key = "election.passed" if data["elected"] else "election.failed"
            say(make(key, {"ja": data["ja"], "nein": data["nein"]}))
        elif ek == "tracker":
            say(make("tracker.moved", {"position": data["position"]}))
        elif ek == "chaos":
            say(make("chaos.started"))
            if "law_enacted" not in event_kinds[i + 1:]:
                say(make("chaos.place_top_law"))
        elif ek == "law_enacted":
            party = data["party"]
            count = view["fascist_laws" if party == "fascist" else "democratic_laws"]
            prefix = "chaos.enacted" if data.get("by") == "chaos" else "law.enacted"
            say(make(f"{prefix}.{party}", {"count": count}))
        elif ek == "reshuffled":
            if kind == "reshuffle":
                say(make("reshuffle.done", {"draw_pile": data["draw_pile"]}))
            else:  # untracked deck: the players shuffle now
                later = events[i + 1:]
                if any(e.kind == "power" and e.data.get("power") == "view_discard"
                       for e in later):
                    say(make("reshuffle.set_aside_discard"))
                say(make("reshuffle.shuffle_now", {"count": data["draw_pile"]}))
        elif ek == "power":
            power, seat = data["power"], data["seat"]
            say(make(f"power.{power}", {"seat": seat}))
            if power in ("view_discard", "peek"):
                result = private_view(game, seat)["power_result"]
                channel = _seat_channel(seat)
                if result is None:
                    say(make(f"power.{power}.physical", {}, channel))
                elif power == "peek":
                    say(make("power.peek.result", {"laws": list(result)}, channel))
                else:
                    say(make("power.view_discard.result", {"party": result}, channel))
        elif ek == "executed":
            if not (game_over and _game_over_reason(events) == "dictator_executed"):
                say(make("power.execution.done",
                         {"seat": actor if actor is not None else view["president"],
                          "target": data["target"]}))
        elif ek == "game_over":
            out.extend(_game_over(data, events, view))

    if view.get("reshuffle_due") is not None and kind != "reshuffle" and not game_over:
        say(make("reshuffle.shuffle_now", {"count": view["reshuffle_due"]}))

    phase = view["phase"]
    if kind == "vote" and phase == "legislative_president" and view.get("reshuffle_due") is None:
        out.extend(_legislative(game, view, "president"))
    elif kind == "discard" and phase == "legislative_chancellor":
        out.extend(_legislative(game, view, "chancellor"))
    elif kind == "veto_reply" and not _get(action, "accept") and phase == "legislative_chancellor":
        out.extend(_legislative(game, view, "chancellor")[1:])
    return out


def _game_over_reason(events: list) -> str | None:
    return next((e.data.get("reason") for e in events if e.kind == "game_over"), None)


def _game_over(data: Mapping[str, Any], events: list, view: Mapping[str, Any]) -> list[Line]:
    """R15: the winner, then every role revealed publicly."""
    roles = list(data["roles"])
    reason = data["reason"]
    dictator = roles.index("dictator")
    if reason in ("dictator_executed", "dictator_elected"):
        first = make(f"game_over.{reason}", {"target": dictator})
    else:
        first = make(f"game_over.{reason}")
    return [first, make("game_over.roles", {
        "dictator": dictator, "fascists": _seats_with(roles, "fascist"),
        "democrats": _seats_with(roles, "democrat")})]


def _legislative(game: Any, view: Mapping[str, Any], office: str) -> list[Line]:
    """R11: the public prompt, and the hand privately to the office holder."""
    seat = view[office]
    out = [make(f"legislative.{office}", {"seat": seat})]
    hand = private_view(game, seat)["hand"]
    if hand is not None:
        out.append(make(f"hand.{office}", {"laws": list(hand)}, _seat_channel(seat)))
    return out


def _team(game: Any, seat: int, role: str) -> Line:
    team = private_view(game, seat)["team"]
    members = {m["seat"]: m["role"] for m in team}
    fascists = sorted(s for s, r in members.items() if r == "fascist")
    if role == "fascist":
        dictator = next((s for s, r in members.items() if r == "dictator"), None)
        return make("prolog.team.fascist", {"fascists": fascists, "dictator": dictator},
                    _seat_channel(seat))
    if role == "dictator" and members:
        return make("prolog.team.dictator", {"fascists": fascists}, _seat_channel(seat))
    return make("prolog.team.unknown", {}, _seat_channel(seat))


def prolog(game: Any) -> list[Line]:
    """R3 and R17: the private prolog, two messages for *every* seat, role then team.

    Each seat hears ``prolog.role.<role>`` and then one ``prolog.team.*`` message: a fascist
    the other fascists and the dictator; the dictator the fascists only where
    ``dictator_knows_team`` applies; everyone else ``prolog.team.unknown``. Every seat thus
    gets the same structure; the audio layer pads them to equal durations (R17).

    Returns:
        ``list[Line]``, seat by seat, all on ``seat:N`` channels.
    """
    out: list[Line] = []
    for seat in range(public_view(game)["players"]):
        role = private_view(game, seat)["role"]
        out.append(make(f"prolog.role.{role}", {"seat": seat}, _seat_channel(seat)))
        out.append(_team(game, seat, role))
    return out


def refusal(error: Any, seat: Any = None, game: Any = None) -> Line:
    """The spoken refusal of an :class:`IllegalAction` (key ``refusal.<reason>``), naming the
    reason that applies (WORDING-REVIEW.md: never "das geht gerade nicht").

    Args:
        error: the error; ``.reason`` one of REPLAY.md's reasons, ``.private`` True when the
            reason would reveal a secret (``not_in_hand``; a law refused at the chancellor's
            discard is ``refusal.not_your_law``, naming no party).
        seat: the refused :class:`Action` (its ``.seat``, ``.kind``, ``.target`` and ``.party``
            name the reason: "gerade läuft keine Abstimmung", "du kannst nicht dich selbst
            wählen", privately "Gelesen: demokratisch; das hast du nicht"), or the acting seat
            (0-based int), or None for input that came from no seat.
        game: the game (whom the president has investigated), or None: a seat outside its
            table (an action entered with seat 17 at a 5-player table) is spoken as input
            from no seat, never as "seat 18".

    Returns:
        A public :class:`Line`, or one on ``seat:N`` when ``error.private`` (R16). A
        private refusal without a seat (or without the law's party) becomes the neutral
        public ``refusal.not_possible``.
    """
    action = None if seat is None or isinstance(seat, int) else seat
    if action is not None:
        seat = getattr(action, "seat", None)
    players = getattr(getattr(game, "setup", None), "players", None)
    if type(seat) is not int or seat < 0 or (type(players) is int and seat >= players):
        seat = None       # no such seat at this table: said as the game master's input
    kind = getattr(action, "kind", None)
    reason = getattr(error, "reason", "malformed")
    key = f"refusal.{reason}"
    if key not in catalogue.MESSAGES:
        key = "refusal.not_possible"
    params: dict[str, Any] = {"seat": seat}
    if key == "refusal.wrong_phase":
        if kind not in catalogue.ENUMS["action"]:
            key = "refusal.not_possible"
        else:
            params["action"] = kind
    elif key == "refusal.invalid_target":
        target = getattr(action, "target", None)
        investigated = getattr(game, "investigated", None) or ()
        params["why"] = ("self" if target is not None and target == seat else
                         "investigated" if kind == "investigate" and target in investigated else "other")
    if getattr(error, "private", False) or catalogue.is_private(key):
        party = getattr(action, "party", None)
        if seat is None or party not in catalogue.ENUMS["party"]:
            return make("refusal.not_possible", {"seat": None if seat is None else seat})
        if kind == "discard" and game is not None and getattr(game, "phase", None) != "legislative_president":
            # the chancellor's discard (R7): a law not in its hand was laid by nobody who may
            # know its party (the president's face-down discard, a law of the draw pile), so
            # the chancellor is never told it (R16)
            return make("refusal.not_your_law", {}, _seat_channel(seat))
        return make(key, {"party": party}, _seat_channel(seat))
    return make(key, params)


def status(game: Any, seat: int | None = None) -> list[Line]:
    """Status on demand (ACCESSIBILITY.md 3): the public part, and privately the seat's own.

    Public (to ``seat:N`` when ``seat`` is given, else the table): laws on each track and the
    tracker; the government or the nominee; who must act now. Private (``seat`` given): the
    seat's role and what it knows of its team (R3).

    Returns:
        ``list[Line]``.
    """
    view = public_view(game)
    channel = "public" if seat is None else _seat_channel(seat)
    out = [make("status.public", {"democratic_laws": view["democratic_laws"],
                                  "fascist_laws": view["fascist_laws"],
                                  "tracker": view["election_tracker"]}, channel)]
    if view.get("nominee") is not None:
        out.append(make("status.nominee", {"president": view["president"],
                                           "nominee": view["nominee"]}, channel))
    elif view["phase"] != "game_over":
        out.append(make("status.government", {"president": view["president"],
                                              "chancellor": view["chancellor"]}, channel))
    if view["phase"] != "game_over":
        out.append(make("status.waiting", {"waiting": list(view["awaiting"])}, channel))
    if seat is not None:
        role = private_view(game, seat)["role"]
        out.append(make("status.private", {"seat": seat, "role": role}, channel))
        out.append(_team(game, seat, role))
    return out


#: The layers of a seat's status (issue "Status in layers", ACCESSIBILITY.md 3 and 5): the
#: first press says what matters to this seat now; further presses during or right after it
#: step through the others, then start again.
STATUS_LAYERS = ("now", "government", "tracks", "players", "private")


def _task(game: Any, view: dict) -> str:
    """What the awaited seat(s) must do now, as a ``task`` value."""
    phase = view["phase"]
    if phase == "nomination":
        return "nominate"
    if phase == "election":
        return "vote"
    if phase == "legislative_president":
        return "discard"
    if phase == "legislative_chancellor":
        if view.get("veto_proposed"):
            return "veto_reply"
        chancellor = view["chancellor"]
        if Action("veto", seat=chancellor) in game.legal_actions(chancellor):
            return "enact_or_veto"
        return "enact"
    if phase == "power":
        power = view.get("power")
        return {"investigate": "investigate", "special_election": "special_election",
                "execution": "execute"}.get(power, "acknowledge")
    return "wait"


def status_layers(game: Any, seat: int) -> list[list[Line]]:
    """The status of ``seat`` in :data:`STATUS_LAYERS` order, each layer a short list of
    announcements on ``seat:N`` (the private layer's are private, R16):

    - ``now``: one sentence, what matters to this seat now: "Du: einen Kanzler vorschlagen"
      when it must act ("you" to the seat itself), else whom the table waits for ("Warten:
      Kanzlerin Anna", "Warten: noch zwei Stimmen"), or the end.
    - ``government``: the phase and the government or nominee.
    - ``tracks``: laws on each track and the election tracker.
    - ``players``: how many play, who was executed, who is term-limited.
    - ``private``: the seat's role and team (its secrets of the round are added by the board).

    Returns:
        ``list[list[Line]]``, one list per layer.
    """
    view = public_view(game)
    channel = _seat_channel(seat)
    phase = view["phase"]
    awaiting = list(view["awaiting"])
    if phase == "game_over":
        now = [make("status.now.over", {}, channel)]
    elif seat in awaiting:
        now = [make("status.now.you", {"task": _task(game, view)}, channel)]
    elif phase == "election":
        now = [make("status.now.votes", {"count": len(awaiting)}, channel)]
    elif len(awaiting) == 1:
        office = "chancellor" if awaiting[0] == view["chancellor"] and phase == "legislative_chancellor" else "president"
        now = [make(f"status.now.waiting.{office}", {"seat": awaiting[0]}, channel)]
    else:   # chance: a reshuffle or the chaos law on the physical board
        now = [make("status.now.board", {}, channel)]
    government = [make("status.phase", {"phase": phase}, channel)]
    if view.get("nominee") is not None:
        government.append(make("status.nominee", {"president": view["president"],
                                                  "nominee": view["nominee"]}, channel))
    elif phase != "game_over":
        if view["chancellor"] is None:
            government.append(make("status.president", {"president": view["president"]}, channel))
        else:
            government.append(make("status.government", {"president": view["president"],
                                                          "chancellor": view["chancellor"]}, channel))
    tracks = [make("status.public", {"democratic_laws": view["democratic_laws"],
                                     "fascist_laws": view["fascist_laws"],
                                     "tracker": view["election_tracker"]}, channel)]
    alive = list(view["alive"])
    executed = [s for s in range(view["players"]) if s not in alive]
    players = [make("status.players", {"count": len(alive), "executed": executed,
                                       "ineligible": sorted(view["ineligible"] or [])}, channel)]
    role = private_view(game, seat)["role"]
    private = [make("status.private", {"seat": seat, "role": role}, channel), _team(game, seat, role)]
    return [now, government, tracks, players, private]
