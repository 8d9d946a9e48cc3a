"""Signal scripts for the service tests and the shipped ``examples/simulate-*.jsonl``.

Run ``python3 -m tests.service.gamegen [NAME …]`` from the repository to write the examples (or
those named) again; tests/service/test_examples_generated.py checks the files are what it writes.
Every script is built from a seeded random game (:func:`random_game`), cut where the wanted
situation has happened, and turned into board signals (:func:`signals_for_game`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from firmware_host.games.secret_dictator import Action, Game
from firmware_host.games.secret_dictator.scripting import (dealt_setup, physical_game, random_game, reshuffle_order,
                                                          signals_for_game)
from firmware_host.table.lobby import seat_setup_signals

ROOT = Path(__file__).resolve().parents[2]

SETUP_7P = {"players": 7, "seed": 11, "language": "en"}


def first_index(actions: list[dict], test: Callable[[dict], bool]) -> int:
    """Index of the first action for which ``test`` holds. :raises ValueError: none."""
    for i, a in enumerate(actions):
        if test(a):
            return i
    raise ValueError("no such action")


def find_game(setup: dict, want: Callable[[list[dict], Game], bool], ja: float = 0.75, tries: int = 300
              ) -> list[dict]:
    """The first random game (seed 0, 1, …) whose actions and final game satisfy ``want``."""
    for seed in range(tries):
        actions = random_game(setup, seed, ja=ja)
        game = final_game(setup, actions)
        if want(actions, game):
            return actions
    raise ValueError("no random game found")


def final_game(setup: dict, actions: list[dict]) -> Game:
    """The game after ``actions`` (the board's reshuffles included)."""
    dealt = dealt_setup(setup)
    game = Game(dealt)
    game.start()
    count = 0
    for a in actions:
        game.apply(Action.from_json(a))
        while game.reshuffle_due is not None and game.phase != "game_over":
            game.apply(Action("reshuffle", order=tuple(reshuffle_order(dealt.seed, count, game.reshuffle_pool))))
            count += 1
    return game


def win_script(setup: dict, reason: str) -> list[dict]:
    """A whole game ending with ``reason`` (REPLAY.md win reason)."""
    actions = find_game(setup, lambda a, g: g.reason == reason)
    return signals_for_game(setup, actions)


def power_script(setup: dict, kind: str, ja: float = 0.75) -> list[dict]:
    """A game cut right after the first ``kind`` action (``execute``, ``acknowledge``…)."""
    actions = find_game(setup, lambda a, g: any(x["action"] == kind for x in a), ja=ja)
    return signals_for_game(setup, actions[:first_index(actions, lambda x: x["action"] == kind) + 1])


def chaos_script(setup: dict) -> list[dict]:
    """Three failed elections, chaos, and the first nomination after it."""
    dealt = dealt_setup(setup)
    game = Game(dealt)
    game.start()
    actions: list[dict] = []
    while True:
        seat = game.president
        target = next(a.target for a in game.legal_actions(seat) if a.kind == "nominate")
        actions.append({"action": "nominate", "seat": seat, "target": target})
        game.apply(Action.from_json(actions[-1]))
        if len(actions) > 4 * 10 and game.phase == "nomination":
            break
        if any(x["action"] == "chaos_law" for x in actions) or (game.tracked and game.democratic_laws + game.fascist_laws):
            break
        for s in game.awaiting():
            actions.append({"action": "vote", "seat": s, "ballot": "nein"})
            game.apply(Action.from_json(actions[-1]))
        if game.phase == "chaos":
            actions.append({"action": "chaos_law", "party": "fascist"})
            game.apply(Action.from_json(actions[-1]))
    return signals_for_game(setup, actions)


def seven_player_game() -> list[dict]:
    """The showcase: a whole 7-player game won by the democrats with their fifth law."""
    return signals_for_game(SETUP_7P, seven_player_actions())


def seven_player_actions() -> list[dict]:
    """The actions of the showcase game (failed elections, view-discard, peek, an execution)."""
    return random_game(SETUP_7P, 141, ja=0.6)


def bounce_script() -> list[dict]:
    """Contact glitches shorter than the bounce time on seat 1's button, each on its own
    (farther apart than ``[buttons] chatter_s``, so not a chattering contact), then a real press."""
    setup = {"players": 5, "seed": 4, "language": "en"}
    lines: list[dict] = [{"setup": setup}]
    for _ in range(3):
        lines.append({"signal": "pin", "pin": 4, "level": "low", "hold": 0.004})
        lines.append({"signal": "wait", "seconds": 1.5})
    lines.append({"signal": "button", "seat": 0, "gesture": "press"})
    lines.append({"signal": "wait_for", "key": "scan.item", "params": {"seat": 2}, "timeout": 60})
    lines.append({"signal": "button", "seat": 0, "gesture": "press"})
    return lines


def unplug_script() -> list[dict]:
    """The ballot reader unplugged in the middle of a vote: the tile is not read, the board
    says so; plugged back in, the vote goes on from the last accepted ballot."""
    setup = {"players": 5, "seed": 4, "language": "en"}
    lines: list[dict] = [{"setup": setup},
                         {"signal": "button", "seat": 0, "gesture": "press"},
                         {"signal": "wait_for", "key": "scan.item", "params": {"seat": 2}, "timeout": 60},
                         {"signal": "button", "seat": 0, "gesture": "press"},
                         {"signal": "ballot", "seat": 0, "ballot": "ja"},
                         {"signal": "ballot", "seat": 1, "ballot": "ja"},
                         {"signal": "unplug", "reader": "ballot"},
                         {"signal": "ballot", "seat": 2, "ballot": "ja"},
                         {"signal": "replug", "reader": "ballot"},
                         {"signal": "ballot", "seat": 2, "ballot": "ja"},
                         {"signal": "ballot", "seat": 3, "ballot": "nein"},
                         {"signal": "ballot", "seat": 4, "ballot": "ja"}]
    return lines


def wrong_track_script() -> list[dict]:
    """The chancellor puts the law on the wrong track: refused (privately: that law is not in
    the hand), the board asks for the tile to be taken out, then the right track."""
    setup = {"players": 5, "seed": 4, "language": "en"}
    actions = random_game(setup, 1, ja=1.0)
    i = first_index(actions, lambda a: a["action"] == "enact")
    good = signals_for_game(setup, actions[:i + 1])
    party = actions[i]["party"]
    game = final_game(setup, actions[:i])
    hand = set(game.hand)
    wrong = "democratic" if party == "fascist" else "fascist"
    if wrong in hand:
        raise ValueError("seed gives a hand with both parties")
    slot_line = good[-1]
    assert slot_line["signal"] == "slot"
    return good[:-1] + [
        {"signal": "slot", "track": wrong, "slot": 1, "state": "filled"},
        {"signal": "slot", "track": wrong, "slot": 1, "state": "emptied"},
        slot_line,
    ]


def veto_scan_script() -> list[dict]:
    """Official variant, 5 players, up to the first veto: the president answers by scanning
    (Ja / Nein / cancel in the earphone, BOARD.md "Veto") at a slower pace of their own
    (the ``seat_settings`` game-master command, ACCESSIBILITY.md 19)."""
    setup = {"players": 5, "seed": 3, "language": "en", "variant": "official"}
    actions = find_game(setup, lambda a, g: any(x["action"] == "veto_reply" for x in a), ja=0.9)
    i = first_index(actions, lambda x: x["action"] == "veto_reply")
    president = actions[i]["seat"]
    lines = signals_for_game(setup, actions[:i])
    return [lines[0], {"signal": "gm", "command": "seat_settings", "seat": president, "scan_interval": 2.5,
                       "verbosity": "long"}] + lines[1:] + [
        {"signal": "button", "seat": president, "gesture": "press"},
        {"signal": "wait_for", "key": "veto.scan.ja" if actions[i]["accept"] else "veto.scan.nein", "timeout": 60},
        {"signal": "button", "seat": president, "gesture": "press"},
    ]


#: the all-blind table (issue 14): 7 players, official variant; the seed deals the physical
#: deck's real order (never told to the board), the players' seed gives a game with an agreed
#: and a refused veto, a chaos and a reshuffle
ALL_BLIND_SETUP = {"players": 7, "seed": 43, "language": "de", "variant": "official"}
ALL_BLIND_PLAYERS_SEED = 21
#: the answers seat 1 gives in the setup from the seats
ALL_BLIND_ANSWERS = {"language": "de", "players": 7, "variant": "official", "deck": "untracked"}
#: the shipped config with the law reader removed (tests check it stays that)
NO_LAW_READER_CONFIG = ROOT / "examples" / "board-without-law-reader.toml"


def all_blind_actions() -> list[dict]:
    """The all-blind table's game: REPLAY.md actions of the physical deck's game."""
    return physical_game(ALL_BLIND_SETUP, ALL_BLIND_PLAYERS_SEED, ja=0.65)


def all_blind_script(law_reader: bool) -> list[dict]:
    """The all-blind table's whole game from the seats (issue 14): seat 1 sets the game up in
    its earphone (German, 7 players, official variant, the players' own shuffled deck), every
    seat says "I am here", the game is played from the seats, then seat 1 hears its story. Play
    it with the seed the physical deck was dealt from (``simulate --seed``,
    ``Simulator(setup_seed=)``): the board deals the roles from it, the deck stays the players'.

    The story is heard at a person's pace (ACCESSIBILITY.md 26-27, 30): a press 1.5 s after
    the table's offer has ended, then 1.5 s after each part has ended, as many presses as the
    board makes parts (:func:`story_tail`)."""
    actions = all_blind_actions()
    game = signals_for_game(ALL_BLIND_SETUP, actions, law_reader=law_reader, physical=True)
    assert "setup" in game[0]
    played = (seat_setup_signals(ALL_BLIND_ANSWERS, by=0, seats=10)
              + [{"signal": "wait_for", "key": "president.new", "timeout": 120.0}] + game[1:])
    return played + story_tail(played, law_reader)


def story_tail(played: list[dict], law_reader: bool, seat: int = 0, reaction: float = 1.5) -> list[dict]:
    """The signals of ``seat`` hearing the story after the all-blind game ``played``: each
    press ``reaction`` seconds after the clip it answers has ended (the table's
    ``evening.offer``, then each part, ending ``evening.story_more``, the last
    ``evening.story_end``). A script cannot hear, so the game is played once and each clip's
    length measured (the virtual clock and the clips' real lengths give the same run again);
    the story's parts are as many as the board makes them (short parts, issue 31)."""
    from .conftest import announces, run_lines_hearing_the_story
    config = {} if law_reader else {"config_path": str(NO_LAW_READER_CONFIG)}
    out = run_lines_hearing_the_story(played, seat=seat, reaction=reaction,
                                      setup_seed=ALL_BLIND_SETUP["seed"], **config)
    offer = next(l for l in announces(out, "public") if l["key"] == "evening.offer")
    parts = [l for l in announces(out, f"seat:{seat}") if l["key"] in ("evening.story_more", "evening.story_end")]

    def heard(line: dict) -> dict:
        return {"signal": "wait", "seconds": round(line["end"] - line["start"] + reaction, 3)}

    tail = [{"signal": "wait_for", "key": "evening.offer", "timeout": 600.0}, heard(offer)]
    for part in parts:
        tail += [{"signal": "button", "seat": seat, "gesture": "press"},
                 {"signal": "wait_for", "key": part["key"], "timeout": 120.0}, heard(part)]
    return tail


#: every shipped example this module writes: file name -> (its comment, the function making its
#: lines); ``main`` writes them, :func:`render` is what a file must hold (the tests compare)
EXAMPLES: dict[str, tuple[str, Callable[[], list[dict]]]] = {
    "simulate-7p.jsonl": ("""
        A whole 7-player game (rulebook variant, English) played by board signals (SIMULATE.md):
        presses and scanning, ballot tiles, law tiles at the discard tray, laws in their slots,
        the tracker pin after failed elections. View-discard, peek and an execution happen;
        the democrats win with their fifth law.
        Run: firmware-host simulate --script examples/simulate-7p.jsonl --audio-dir out/audio
    """, lambda: seven_player_game()),
    "simulate-chaos.jsonl": ("""
        Three failed elections in a row: chaos (R9). The top law is enacted at once and the
        players place it on its track; the tracker pin goes back to hole 0.
    """, lambda: chaos_script({"players": 5, "seed": 2, "language": "en"})),
    "simulate-chaos-untracked.jsonl": ("""
        Chaos with an untracked (physical) deck: the players place the top law, and the slot it
        lands in tells the board which law it was. Discards are entered by the game master.
    """, lambda: chaos_script({"players": 5, "seed": 2, "language": "en", "deck": "untracked"})),
    "simulate-power-view-discard.jsonl": ("""
        7 players: the first fascist law with a power (view-discard, R13); the next president
        hears the discarded law privately and acknowledges with a press.
    """, lambda: power_script(SETUP_7P, "acknowledge")),
    "simulate-power-execution.jsonl": ("""
        7 players up to the first execution: the president scans, picks, and confirms (R13).
    """, lambda: power_script(SETUP_7P, "execute")),
    "simulate-power-special-election.jsonl": ("""
        9 players up to a special election (R13): the president chooses the next president.
    """, lambda: power_script({"players": 9, "seed": 5, "language": "en"}, "special_election")),
    "simulate-power-investigate.jsonl": ("""
        Official variant, 8 players, up to an investigation: the party goes to the president's earphone.
    """, lambda: power_script({"players": 8, "seed": 5, "language": "en", "variant": "official"}, "investigate")),
    "simulate-bounce.jsonl": ("""
        Single glitches on seat 1's button shorter than the bounce time are ignored; a real
        press (with contact bounce) starts exactly one scan.
    """, lambda: bounce_script()),
    "simulate-unplug.jsonl": ("""
        The ballot reader is unplugged in the middle of a vote and plugged back in; the vote
        goes on from the last accepted ballot.
    """, lambda: unplug_script()),
    "simulate-veto-scan.jsonl": ("""
        Official variant, 5 players, up to the first veto (after five fascist laws): the
        chancellor presses, scans to "propose a veto" and confirms; the president presses and
        answers by scanning (Ja, Nein, cancel read into the president's earphone), with a scan
        interval of their own.
    """, lambda: veto_scan_script()),
    "simulate-all-blind-7p-no-law-reader.jsonl": ("""
        Needs --seed 43 and its board: firmware-host simulate --seed 43 --config examples/board-without-law-reader.toml --script examples/simulate-all-blind-7p-no-law-reader.jsonl
        The all-blind table (issue 14), from a board with no setup: seat 1 sets up in its
        earphone (German, 7 players, official variant, the players' own deck: untracked), every
        seat says "I am here"; no law reader, no game master. Every step from the seats: presses
        and scanning, ballot tiles, the president's discard by scanning (party, then a
        confirming press), laws in their slots, the chaos law from its slot, two vetoes by
        scanning (one agreed, one refused), then the story after the game,
        a short part per press, each 1.5 s after the part before has ended.
        Not one `gm` signal, no setup line, no console. The seed deals the roles.
    """, lambda: all_blind_script(law_reader=False)),
    "simulate-all-blind-7p-law-reader.jsonl": ("""
        Needs --seed 43: firmware-host simulate --seed 43 --script examples/simulate-all-blind-7p-law-reader.jsonl
        The all-blind table (issue 14) with the law reader at the discard tray: the same setup
        from the seats and the same game, the discards read from the tray (each said privately
        to the seat that dropped it), an agreed veto's laws read on the discard pile without a
        refusal. Not one `gm` signal, no setup line, no console.
    """, lambda: all_blind_script(law_reader=True)),
    "simulate-wrong-track.jsonl": ("""
        A law placed on the wrong track is refused and must be taken out again (BOARD.md:
        the board is the engine's mirror).
    """, lambda: wrong_track_script()),
}


def render(name: str) -> str:
    """The text of ``examples/<name>`` as its generator makes it: ``#`` comment lines, then
    one JSON line per signal."""
    comment, make = EXAMPLES[name]
    text = "".join(f"# {c.strip()}\n" for c in comment.strip().splitlines())
    return text + "".join(json.dumps(line) + "\n" for line in make())


def write(name: str) -> Path:
    """Write ``examples/<name>`` (:func:`render`)."""
    path = ROOT / "examples" / name
    path.write_text(render(name), encoding="utf-8")
    return path


def main(names: list[str] | None = None) -> None:
    """Write every shipped example (or those ``names``)."""
    for name in names or EXAMPLES:
        write(name)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
