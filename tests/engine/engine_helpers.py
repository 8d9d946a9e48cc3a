"""Builders for engine tests: fixed roles and decks, elections and sessions in one call."""

from __future__ import annotations

from firmware_host.games.secret_dictator import Action, Game, IllegalAction, Setup

A = Action


def roles_for(players: int) -> list[str]:
    """Fixed roles: fascists at seats 1, 3 (, 5), the dictator at the last seat."""
    fascists = {5: [1], 6: [1], 7: [1, 3], 8: [1, 3], 9: [1, 3], 10: [1, 3, 5]}[players]
    roles = ["democrat"] * players
    for s in fascists:
        roles[s] = "fascist"
    roles[-1] = "dictator"
    return roles


def build_deck(top: str = "") -> list[str]:
    """17 laws: ``top`` (letters F/D, top first) then the rest, fascist before democratic."""
    laws = [{"F": "fascist", "D": "democratic"}[c] for c in top.replace(" ", "")]
    fas = 11 - laws.count("fascist")
    dem = 6 - laws.count("democratic")
    assert fas >= 0 and dem >= 0, top
    return laws + ["fascist"] * fas + ["democratic"] * dem


def make(players: int = 5, variant: str = "rulebook", deck: str | list | None = "",
         roles: list[str] | None = None, first: int = 0, switches: dict | None = None) -> Game:
    """A started game with fixed roles and deck (``deck="untracked"`` for a physical deck)."""
    if isinstance(deck, str) and deck != "untracked":
        deck = build_deck(deck)
    obj = {"players": players, "variant": variant, "language": "en", "first_president": first,
           "roles": roles or roles_for(players), "deck": deck}
    if switches:
        obj["switches"] = switches
    game = Game(Setup.from_json(obj))
    game.start()
    return game


def vote_all(game: Game, ja: set[int] | None = None) -> list:
    """Every living seat votes (Ja for seats in ``ja``; everyone Ja when None)."""
    events: list = []
    for seat in range(game.players):
        if game.alive[seat]:
            ballot = "ja" if ja is None or seat in ja else "nein"
            events += game.apply(A("vote", seat=seat, ballot=ballot))
    return events


def elect(game: Game, chancellor: int, ja: set[int] | None = None) -> list:
    """The president nominates ``chancellor``; everyone votes; returns the vote events."""
    game.apply(A("nominate", seat=game.president, target=chancellor))
    return vote_all(game, ja)


def fail(game: Game) -> list:
    """A failed election: the president nominates the first eligible seat, all vote Nein."""
    target = next(t for t in range(game.players) if t != game.president and game.alive[t]
                  and t not in game.ineligible)
    game.apply(A("nominate", seat=game.president, target=target))
    return vote_all(game, ja=set())


def legislate(game: Game, discard: str | None, enact: str) -> list:
    """The president discards ``discard``, the chancellor enacts ``enact``; enact's events."""
    game.apply(A("discard", seat=game.president, party=discard))
    return game.apply(A("enact", seat=game.chancellor, party=enact))


def safe_chancellor(game: Game) -> int:
    """The first eligible living seat clockwise of the president that is not the dictator."""
    n = game.players
    for step in range(1, n):
        t = (game.president + step) % n
        if game.alive[t] and t not in game.ineligible and game.roles[t] != "dictator":
            return t
    raise AssertionError("no eligible chancellor")


def session(game: Game, enact: str, discard: str | None = None) -> list:
    """A whole elected government enacting ``enact`` (the deck must allow it)."""
    elect(game, safe_chancellor(game))
    if discard is None and game.tracked:
        others = [p for p in game.hand if p != enact]
        discard = others[0] if others else enact
    return legislate(game, discard, enact)


def reshuffle(game: Game) -> list:
    """Do the due R12 reshuffle with fascist laws on top."""
    return game.apply(A("reshuffle", order=tuple(sorted(game.reshuffle_pool, reverse=True))))


def check_refusal_message(game: Game, action: Action, exc: IllegalAction) -> None:
    """The one line a refusal gives (REPLAY.md ``rejected.message``, the CLI) names the action
    it refuses first; ``not_your_turn`` names who must act and their seat. ``game`` is the
    state the action was refused in."""
    if action.kind in KINDS:
        assert exc.message.startswith(f"{action.kind}: "), (action, exc.message)
    else:
        assert exc.message == f"unknown action {action.kind!r}", exc.message
    assert "\n" not in exc.message
    if exc.reason == "not_your_turn":
        who = ("chancellor" if game.phase == "legislative_chancellor" and not game.veto_pending
               else "president")
        expected = game.chancellor if who == "chancellor" else game.president
        assert f"it is the {who}'s turn (seat {expected}), not seat {action.seat}" in exc.message, exc.message


#: every action kind of REPLAY.md
KINDS = ("nominate", "vote", "discard", "enact", "veto", "veto_reply", "acknowledge", "special_election",
         "execute", "investigate", "reshuffle", "chaos_law")


def refused(game: Game, action: Action) -> IllegalAction:
    """Apply ``action``, expect a refusal, check nothing changed and the message; return the
    error."""
    before = game.fingerprint()
    try:
        game.apply(action)
    except IllegalAction as exc:
        assert game.fingerprint() == before
        check_refusal_message(game, action, exc)
        return exc
    raise AssertionError(f"{action!r} was accepted")


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]
