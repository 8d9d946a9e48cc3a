"""What the board says: the engine's log → announcements (M28, M39, M41, M45, M48, M49).

The engine reports what happened in :attr:`Game.log` (events, script steps, private facts);
this module decides what is said and to whom: :class:`Line` objects, each a message
key of the :mod:`catalogue` with plain-JSON params and a channel (``"public"`` — the table
speaker — or ``"seat:N"``, one seat's earphone). A private key on the public channel cannot
even be constructed (:class:`PrivacyError`), so a mistake fails loudly instead of leaking
(M39).

Example::

    game.apply(Action("kill", seat=3, targets=(2,)))
    for entry in game.log:
        for a in announce.for_entry(game, entry):
            say(a.channel, catalogue.text(a.key, a.params, language))
"""

from __future__ import annotations

from typing import Any, Mapping

from firmware_host.kernel.values import Line, PrivacyError

from . import catalogue
from .engine import NIGHT_PHASES, Game
from .night import PRIVATE_STEPS, step_lines

__all__ = ["Line", "PrivacyError", "make", "for_entry", "for_log", "prolog", "status_layers", "pool_lines",
           "refusal", "STEP_KEYS"]


def make(key: str, params: Mapping[str, Any] | None = None,
         channel: str = "public") -> Line:
    """A :class:`~firmware_host.kernel.values.Line` of ``key`` worded by this game's catalogue.

    Raises:
        PrivacyError: a private ``key`` on ``"public"`` (M39).
        catalogue.UnknownMessage: unknown ``key``.
        ValueError: a bad channel.
    """
    catalogue.is_private(key)                       # an unknown key raises here
    return Line(channel, key, dict(params or {}), words=catalogue)


def _seat(seat: int) -> str:
    return f"seat:{seat}"


#: Script step (engine log) -> public key of the narrator's script (M41).
STEP_KEYS = {
    "night": "night.falls", "soulmate": "night.soulmate", "dogs": "night.dogs",
    "killers": "night.killers", "dogs_close": "night.dogs_close", "dead": "night.dead",
    "detective": "night.detective", "mastermind": "night.mastermind", "fake": "night.fake",
    "dawn": "night.dawn",
}


def for_entry(game: Game, entry: tuple) -> list[Line]:
    """The announcements of one :attr:`Game.log` entry (``("event", Event)``,
    ``("step", name, params)`` or ``("private", seat, key, params)``)."""
    kind = entry[0]
    if kind == "private":
        _, seat, key, params = entry
        return [make(key, params, _seat(seat))]
    if kind == "step":
        return _step(game, entry[1], entry[2])
    event = entry[1]
    return _event(game, event.kind, event.data)


def for_log(game: Game) -> list[Line]:
    """The announcements of the whole :attr:`Game.log` of the last start/apply, in order."""
    out: list[Line] = []
    for entry in game.log:
        out.extend(for_entry(game, entry))
    return out


def _step(game: Game, name: str, params: dict) -> list[Line]:
    if name in PRIVATE_STEPS:
        # M41-M43: the public line, then every listening seat's private line (an actor's
        # instruction, or "nothing to do" with a decoy list) in seat order
        out = [make(STEP_KEYS[name])]
        lines = step_lines(game, name)
        out += [make(lines[s].key, lines[s].params, _seat(s)) for s in sorted(lines)]
        return out
    if name == "examine":
        return [make("examine.open", {"seats": params["seats"]})]
    if name == "ballot":
        return [make("vote.counted", {"count": params["count"], "total": params["total"]})]
    if name == "examine_none":
        return [make("examined.none", {"seat": params["seat"]})]
    if name == "vote":
        if params["number"] == 2:
            return [make("vote.second", {"accused": params["accused"]})]
        return [make("vote.open", {"number": 1})]
    return [make(STEP_KEYS[name])]


def _event(game: Game, kind: str, data: dict) -> list[Line]:
    if kind == "game_started":
        return [make("game.started", {"players": data["players"],
                                      "in_play": dict(data["characters"])})] + prolog(game)
    if kind == "evidence_pool":
        return pool_lines(data["round"], data["cards"])
    if kind == "round_started":
        return [make("round.started", {"round": data["round"]})]
    if kind == "killing_phase_skipped":
        return [make("round.skipped", {"round": data["round"]})]
    if kind == "died":
        out = [make(f"died.{data['cause']}", {"seat": data["seat"],
                                               "character": data["character"]})]
        if data["character"] == "muay_thai" and data["cause"] == "killers":
            out.append(make("effect.muay_thai", {"skips": game.skips_pending}))
        return out
    if kind == "message_area":
        return [make("messages.read", {"round": data["round"], "cards": data["cards"]}),
                make("messages.move")]
    if kind == "examined":
        key = "examined.genuine" if data["genuine"] else "examined.fake"
        return [make(key, {"seat": data["seat"], "card": data["card"]})]
    if kind == "vote_skipped":
        return [make("vote.skipped")]
    if kind == "vote":
        ballots = sorted(dict(data["ballots"]).items(), key=lambda kv: int(kv[0]))
        out = [make("vote.ballots" if i == 0 else "vote.ballots.more", {"ballots": dict(ballots[i:i + PER_LINE])})
               for i in range(0, max(len(ballots), 1), PER_LINE)]
        if data["number"] == 2 and data["majority"] != game.last_accused:
            out.append(make("vote.acquitted", {"seat": game.last_accused}))
        elif data["majority"] is not None:
            out.append(make("vote.majority", {"seat": data["majority"]}))
        else:
            out.append(make("vote.no_majority"))
        return out
    if kind == "eliminated":
        return []       # said with the character by ``died.vote`` right after
    if kind == "shuffled":
        return [make("shuffled", {"draw_pile": data["draw_pile"]})]
    if kind == "game_over":
        cast = list(data["characters"])
        return [make(f"game_over.{data['winner']}"),
                make("game_over.characters", {"characters": cast[:PER_LINE]})] + [
            make("game_over.characters.more", {"cast": {str(s): cast[s] for s in range(i, min(i + PER_LINE, len(cast)))}})
            for i in range(PER_LINE, len(cast), PER_LINE)]
    return []


def prolog(game: Game) -> list[Line]:
    """Each seat's own character, privately (M8)."""
    return [make("prolog.character", {"character": c}, _seat(s))
            for s, c in enumerate(game.characters)]


def refusal(error: Any, seat: Any, game: Game) -> Line:
    """The spoken refusal of a rejected action (M49): during the Killing Phase (or for a
    reason that names a private fact) only into the acting seat's earphone; else public.
    A refusal without a valid seat (a chance input, ``skip_vote``) is public, seat None."""
    if type(seat) is not int or not 0 <= seat < game.players:
        seat = None
    key = f"refusal.{error.reason}"
    private = error.private or game.phase in NIGHT_PHASES or game.chance_due == "arrange"
    if seat is not None and private:
        return make(key, {"seat": seat}, _seat(seat))
    if seat is None and catalogue.is_private(key):
        key = "refusal.malformed" if error.reason == "malformed" else "refusal.wrong_phase"
    return make(key, {"seat": seat})


#: ballots or seats one line of a vote's ballots or of the characters at the end names (each
#: line its own clip, issue 31)
PER_LINE = 4
#: cards one line of the evidence pool names (each line its own clip, issue 31: a seat's own
#: news never waits behind a long list at the table)
POOL_CARDS_PER_LINE = 3


def pool_lines(round_: int, cards: Any, channel: str = "public") -> list[Line]:
    """M44: the evidence pool of ``round_`` as short lines, :data:`POOL_CARDS_PER_LINE` cards
    each: "Evidence pool, round 2: card 3, card 7 and card 9", then "Evidence pool, more: …"."""
    cards = list(cards)
    out = [make("pool.laid", {"round": round_, "cards": cards[:POOL_CARDS_PER_LINE]}, channel)]
    out += [make("pool.more", {"cards": cards[i:i + POOL_CARDS_PER_LINE]}, channel)
            for i in range(POOL_CARDS_PER_LINE, len(cards), POOL_CARDS_PER_LINE)]
    return out


def status_layers(game: Game, seat: int, table: Mapping[str, Any]) -> list[list[Line]]:
    """M47 in layers (ACCESSIBILITY.md 3, 29), each on the seat's earphone:

    1. what is open now, in at most 3 s of speech: the night; the discussion and how many
       are ready; the accused's defence; a vote ("you" to a seat that has still to choose,
       else how many have chosen, never who); the Forensic Scientists' examination; the end;
    2. the public status: round, living seats, Killing Phases to skip, and the dead with
       their characters;
    3. privately: the seat's character and private facts (the killers it knows, its destined
       person or that a Soulmate chose it, that it is protected tonight).

    :param table: the table's step, which the engine does not hold: ``step`` (``"night"``,
        ``"discussion"``, ``"defence"``, ``"vote"`` or None), ``ready`` (seats ready in the
        discussion), ``accused`` (in the defence), ``number`` (the vote's number).
    """
    from .views import private_view, public_view

    ch = _seat(seat)
    view = public_view(game)
    step = table.get("step")
    living = game.living()
    waiting = game.awaiting()
    if game.phase == "game_over":
        now = make("status.now.over", {}, ch)
    elif step == "night" or game.phase in NIGHT_PHASES:
        now = make("status.now.night", {}, ch)
    elif step == "discussion":
        now = make("status.now.discussion", {"count": table.get("ready", 0), "total": len(living)}, ch)
    elif step == "defence":
        now = make("status.now.defence", {"accused": table["accused"]}, ch)
    elif step == "vote" and seat in waiting:
        now = make("status.now.vote.you", {"number": table.get("number", 1)}, ch)
    elif step == "vote":
        now = make("status.now.vote", {"number": table.get("number", 1), "count": len(living) - len(waiting),
                                       "total": len(living)}, ch)
    elif game.phase == "examine" and waiting:
        now = make("status.now.examine", {"seats": list(waiting)}, ch)
    else:
        now = make("status.now.wait", {}, ch)
    public = [make("status.public", {"round": game.round, "living": len(view["alive"]),
                                     "skips": view["skips_pending"]}, ch)]
    public += [make("day.dead", {"seat": s, "character": game.characters[s]}, ch) for s in sorted(game.revealed)]
    mine = private_view(game, seat)
    private = [make("status.private", {"character": mine["character"]}, ch)]
    known = [k for k in mine["killers"] if k != seat]
    if known:
        private.append(make("status.killers", {"killers": known}, ch))
    if mine["destined"] is not None:
        private.append(make("night.soulmate.chosen", {"target": mine["destined"]}, ch))
    if mine["chosen_by_soulmate"]:
        private.append(make("night.soulmate.destined", {}, ch))
    if mine["protected"] is True:
        private.append(make("night.protected", {}, ch))
    # issue 33: the last genuine message the seat was shown or chose stays in its status (an
    # earlier one stays reachable by its repeat; a layer stays within 15 s)
    private += [make("night.look", {"cards": cards}, ch) for cards in mine["genuine_seen"][-1:]]
    return [[now], public, private]
