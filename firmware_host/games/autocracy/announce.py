"""What the board says for each Autocracy event and refusal (A31-A44), as
:class:`Line` objects: a channel (``public`` = the table, ``seat:N`` = one earphone),
a catalogue key and its parameters. The replay prints them as ``announce`` lines; the board
speaks them.

A29 is enforced here: a private key, or a parameter named ``hand``, ``drawn`` or ``taken``,
on ``public`` raises :class:`PrivacyError`, and so does ``hands`` on ``public`` before the
game is over.
"""

from __future__ import annotations

from typing import Any, Callable

from firmware_host.kernel.values import Line, PrivacyError

from . import catalogue
from .engine import Event, Game, IllegalAction
from .rules import DOMAINS
from .views import lacking_one

__all__ = ["Line", "PrivacyError", "make", "for_event", "the_end", "the_end_said", "refusal", "status_layers",
           "replay_announcer", "SECRET_PARAMS"]

#: A29: parameters that name a seat's kinds; only ever on ``seat:N``.
SECRET_PARAMS = frozenset({"hand", "drawn", "taken"})


def make(key: str, params: dict | None = None, channel: str = "public", *,
         game_over: bool = False, earcon: str | None = None) -> Line:
    """An announcement, checked against A29.

    :param game_over: the game has ended (``hands`` may then be public, A30, A44).
    :raises PrivacyError: a private key or secret parameter on ``public``.
    :raises UnknownMessage: ``key`` is not in the catalogue.
    """
    params = dict(params or {})
    if channel == "public":
        if catalogue.is_private(key):
            raise PrivacyError(f"{key} is private and may not go to the table (A29)")
        secret = SECRET_PARAMS & set(params)
        if secret:
            raise PrivacyError(f"{key}: {sorted(secret)} may not go to the table (A29)")
        if ("hands" in params or "shown" in params or "rest" in params or "tricks" in params) and not game_over:
            raise PrivacyError(f"{key}: hands are public only at the end (A29)")
    elif not (channel.startswith("seat:") and channel[5:].isdigit()):
        raise ValueError(f"channel must be 'public' or 'seat:N', not {channel!r}")
    else:
        catalogue.placeholders(key)
    return Line(channel, key, params, earcon=earcon, words=catalogue)


def _seat(s: int) -> str:
    return f"seat:{s}"


def _nonzero(counts: dict) -> dict:
    return {k: v for k, v in counts.items() if v}


def for_event(game: Game, event: Event) -> list[Line]:
    """The announcements of one engine event, in the order they are said (public first, the
    private facts it carries after, ACCESSIBILITY.md 22)."""
    d, kind = event.data, event.kind
    out: list[Line] = []
    over = game.phase == "game_over"
    if kind == "game_started":
        out.append(make("game.started", {"players": d["players"]}))
        for seat, mentor in enumerate(d["mentors"]):
            out.append(make("mentor", {"seat": seat, "tokens": _nonzero(mentor)}))
        for seat in range(d["players"]):
            hand = event.private[seat]["hand"]
            out.append(make("deal.trick", {"drawn": [[p, k] for p, k in enumerate(hand)]},
                            _seat(seat)))
        out.append(make("deal.done"))
        out.append(make("first.seat", {"seat": d["first"]}))
    elif kind == "turn":
        out.append(make("turn", {"round": d["round"], "seat": d["seat"]}))
        out.append(make("turn.yours", {"tokens": _nonzero(game.tokens[d["seat"]])},
                        _seat(d["seat"]), earcon="input"))
    elif kind == "exchanged":
        if d["partner"] is None:
            out.append(make("exchanged.reserve", {"seat": d["seat"], "gave": d["gave"],
                                                  "got": d["got"]}))
        else:
            out.append(make("exchanged.player", {"seat": d["seat"], "partner": d["partner"],
                                                 "gave": d["gave"], "got": d["got"]}))
    elif kind == "bought":
        out.append(make("bought", {"seat": d["seat"], "price": dict(game.setup.trick_price)}))
        mine = event.private[d["seat"]]
        out.append(make("bought.drawn", {"drawn": [[p, k] for p, k in
                                                   zip(mine["positions"], mine["drawn"])]},
                        _seat(d["seat"])))
    elif kind == "attacked":
        trick = d["trick"]
        if trick == "espionnage":
            out.append(make("attacked.espionnage", {"seat": d["seat"], "target": d["target"],
                                                    "pick": d["pick"]}))
        else:
            out.append(make(f"attacked.{trick}", {"seat": d["seat"], "target": d["target"],
                                                  "domain": d["domain"]}))
        out.append(ask(game))
    elif kind == "countered":
        if d["target"] is not None:
            out.append(make("redirected", {"seat": d["seat"], "target": d["target"]}))
            out.append(ask(game))
        elif event.info.get("cancels_redirect"):
            out.append(make("redirect.cancelled", {"seat": d["seat"],
                                                   "target": event.info["first_target"]}))
        else:
            out.append(make("countered", {"seat": d["seat"], "trick": d["trick"]}))
    elif kind == "not_countered":
        out.append(make("not_countered", {"seat": d["seat"]}))
    elif kind == "attack_resolved":
        out += _result(game, event)
    elif kind == "rolled":
        out.append(make("rolled", {"seat": d["seat"], "dice": d["dice"]}))
        gains = _nonzero(d["gains"])
        out.append(make("gained", {"seat": d["seat"], "gains": gains}) if gains
                   else make("gained.nothing", {"seat": d["seat"]}))
        for sym in d["short"]:
            # an empty reserve or pile is said as "none left", never "only zero" (A9, A10)
            count = d["gains"][sym]
            if sym == "coup_bas":
                out.append(make("short.pile", {"count": count}) if count
                           else make("short.pile.none", {}))
            elif count:
                out.append(make("short.reserve", {"domain": sym, "count": count}))
            else:
                out.append(make("short.reserve.none", {"domain": sym}))
        mine = event.private.get(d["seat"])
        if mine:
            out.append(make("drawn", {"drawn": [[p, k] for p, k in
                                                zip(mine["positions"], mine["drawn"])]},
                            _seat(d["seat"])))
    elif kind == "game_over":
        out += the_end_said(d["winner"], d["tokens"], d["hands"])
    return out


def the_end(winner: int, tokens: list[dict], hands: list[list[str]], earcon: str | None = "game_over"
            ) -> list[Line]:
    """A44: the winner, every seat's tokens and every hand, publicly (said at the end, and
    again as the story after it, ACCESSIBILITY.md 30)."""
    # one short line (one clip) per seat, so that a seat's own news never waits behind a
    # minute of speech (issue 31)
    out = [make("win", {"seat": winner}, earcon=earcon)]
    out += [make("game_over.tokens", {"seat": s, "tokens": _nonzero(t)}) for s, t in enumerate(tokens)]
    for s, h in enumerate(hands):
        out.append(make("game_over.hand", {"seat": s, "shown": list(h)[:TRICKS_PER_LINE]}, game_over=True))
        out += [make("game_over.hand.more", {"seat": s, "rest": [[p, h[p]] for p in range(
            i, min(i + TRICKS_PER_LINE, len(h)))]}, game_over=True) for i in range(TRICKS_PER_LINE, len(h), TRICKS_PER_LINE)]
    return out


def the_end_said(winner: int, tokens: list[dict], hands: list[list[str]], earcon: str | None = "game_over"
                 ) -> list[Line]:
    """A44 at the table speaker when the game ends: who won and why, then every seat's tokens
    and hand publicly (A30), a seat a clip in short wording: its tokens and its Dirty Tricks by
    kind, without positions ("Seat 3: five Economy and eleven Media; two Corruption and one
    Revolt."). Issue 31: a press during the game-over speech waits until it has been said, so
    the speech is kept short (at 5 seats about half the lines and seconds of :func:`the_end`);
    the story after it (:func:`the_end`, a part per seat) tells each hand by position.

    :param winner: the winning seat (0-based).
    :param tokens: every seat's tokens, {symbol: count}, by seat.
    :param hands: every seat's Dirty Tricks in hand order (kind names), by seat.
    :returns: the lines, the winner's first (with ``earcon``)."""
    out = [make("win", {"seat": winner}, earcon=earcon)]
    for s, (t, h) in enumerate(zip(tokens, hands)):
        kinds: dict[str, int] = {}
        for k in h:
            kinds[k] = kinds.get(k, 0) + 1
        out.append(make("game_over.seat", {"seat": s, "tokens": _nonzero(t), "tricks": kinds}, game_over=True))
    return out


def ask(game: Game) -> Line:
    """A41: the counter window's prompt for the seat the attack waits for: the same for every
    seat, whether or not it holds the answering token (only public facts in it)."""
    att = game.attack
    assert att is not None
    if att["redirect"] is not None:
        return make("ask.redirect", {"redirector": att["target"], "attacker": att["seat"],
                                     "trick": att["trick"]}, _seat(att["redirect"]))
    if att["trick"] == "espionnage":
        return make("ask.espionnage", {"attacker": att["seat"], "pick": att["pick"]},
                    _seat(att["target"]))
    return make(f"ask.{att['trick']}", {"attacker": att["seat"], "domain": att["domain"]},
                _seat(att["target"]))


def _result(game: Game, event: Event) -> list[Line]:
    d = event.data
    out: list[Line] = []
    attacker, victim, trick = d["seat"], d["victim"], d["trick"]
    if victim is None:
        return out
    if trick == "espionnage":
        out.append(make("result.espionnage", {"seat": attacker, "target": victim,
                                              "pick": event.info["pick"]}))
        mine, theirs = event.private[attacker], event.private[victim]
        out.append(make("espionnage.took", {"taken": mine["taken"],
                                            "position": mine["position"]}, _seat(attacker)))
        out.append(make("espionnage.lost", {"taken": theirs["lost"]}, _seat(victim)))
        return out
    lost = _nonzero(d["lost"])
    if not lost:
        out.append(make("result.nothing", {"seat": victim}))
        return out
    out.append(make("result.lost", {"seat": victim, "lost": lost}))
    taken = _nonzero(d["taken"])
    if taken:
        out.append(make("result.taken", {"seat": attacker, "taken_tokens": taken}))
    back = {dom: lost.get(dom, 0) - taken.get(dom, 0) for dom in DOMAINS}
    if _nonzero(back):
        out.append(make("result.back", {"back": _nonzero(back)}))
    return out


def refusal(error: IllegalAction, seat: Any, players: int = 6) -> Line:
    """A43: the refusal's announcement: at the table, except ``not_held`` (only in the acting
    seat's earphone; it would name a kind the seat lacks). A seat that is not a seat of the
    game is worded without it."""
    if error.reason == "not_held":  # only ever for a seat of the game (checked before)
        return make("refusal.not_held", {"seat": seat, "reason": error.reason}, _seat(seat))
    if type(seat) is int and 0 <= seat < players:
        return make("refusal", {"seat": seat, "reason": error.reason})
    return make("refusal.anonymous", {"reason": error.reason})


#: Coup Bas kinds one line of a seat's private status names (a further layer lasts at most 15 s
#: of speech, ACCESSIBILITY.md 29; measured with espeak-ng, tests/table/test_status_layers.py)
TRICKS_PER_LINE = 4
#: seats one line of the lacking-only-one-domain report names
LACKING_PER_LINE = 3


def status_layers(game: Game, seat: int) -> list[list[Line]]:
    """A34 in layers (ACCESSIBILITY.md 3, 29), each on the seat's earphone:

    1. what is open now, in at most 3 s of speech: "Your turn", "Turn: seat 4", "Attack:
       seat 2 answers", "Game over";
    2. the short public status: the seat's own tokens, which seats lack only one domain;
    3. the long one: every seat's tokens and Dirty Tricks held, the reserve, the pile and the
       discard (a line a seat; the table kit says at most 15 s of it a hold);
    4. the private one: the seat's hand, :data:`TRICKS_PER_LINE` a layer (how many a seat
       holds is public, A29).
    """
    ch = _seat(seat)
    if game.phase == "game_over":
        now = make("status.now.over", {}, ch)
    elif game.phase == "counter":
        now = make("status.now.counter", {"seat": game.awaiting()[0]}, ch)
    elif game.current == seat:
        now = make("status.now.you", {}, ch)
    else:
        now = make("status.now.turn", {"seat": game.current}, ch)
    lacking = sorted(lacking_one(game).items())
    short = [make("status.short.you", {"tokens": _nonzero(game.tokens[seat])}, ch)] + [
        make("status.lacking", {"lacking": {str(s): d for s, d in lacking[i:i + LACKING_PER_LINE]}}, ch)
        for i in range(0, max(len(lacking), 1), LACKING_PER_LINE)]
    held = game.tricks_held()
    long = [make("status.seat", {"seat": s, "tokens": _nonzero(t), "held": held[s]}, ch)
            for s, t in enumerate(game.tokens)]
    long += [make("status.reserve", {"reserve": _nonzero(game.reserve)}, ch),
             make("status.pile", {"pile": len(game.pile), "discard": _nonzero(game.discard)}, ch)]
    hand = list(game.hands[seat])
    private = [[make("status.private", {"hand": hand[:TRICKS_PER_LINE]}, ch)]]
    private += [[make("status.private.more", {"drawn": [[p, hand[p]] for p in range(i, min(i + TRICKS_PER_LINE, len(hand)))]}, ch)]
                for i in range(TRICKS_PER_LINE, len(hand), TRICKS_PER_LINE)]
    return [[now], short, long] + private


def replay_announcer(language: str) -> Callable[[Game, Any], list[dict]]:
    """The replay's announcer: the ``announce`` lines {event, channel, key, params, text} of
    an :class:`Event` or of ``("refusal", IllegalAction, line object)``, in ``language``."""

    def line(a: Line) -> dict:
        return {"event": "announce", "channel": a.channel, "key": a.key, "params": a.params,
                "text": catalogue.text(a.key, a.params, language)}

    def say(game: Game, item: Any) -> list[dict]:
        if isinstance(item, tuple) and item and item[0] == "refusal":
            _, error, obj = item
            return [line(refusal(error, obj.get("seat"), game.players))]
        return [line(a) for a in for_event(game, item)]

    return say
