"""Regenerates ``examples/*.jsonl``: random complete games chosen by what they show.

usage: python3 tests/engine/make_examples.py   (writes into examples/; deterministic)
"""

from __future__ import annotations

import json
import os
import random

from firmware_host.games.secret_dictator import Game, Setup, deal
from firmware_host.games.secret_dictator.playout import play_randomly

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "examples")

#: name -> (comment, setup fields, predicate on (game, kinds of actions, event kinds))
WANTED = {
    "rulebook-6p-democratic-laws": (
        "A complete 6-player rulebook game won by the democrats with five democratic laws.",
        {"players": 6, "variant": "rulebook"},
        lambda g, acts, evs: g.reason == "democratic_laws"),
    "rulebook-8p-fascist-laws-chaos": (
        "A complete 8-player rulebook game won by the fascists with six fascist laws; "
        "it passes through chaos (three failed elections, R9).",
        {"players": 8, "variant": "rulebook"},
        lambda g, acts, evs: g.reason == "fascist_laws" and "chaos" in evs),
    "rulebook-10p-dictator-executed": (
        "A complete 10-player rulebook game: a special election (R13), then the dictator is "
        "executed and the democrats win.",
        {"players": 10, "variant": "rulebook"},
        lambda g, acts, evs: g.reason == "dictator_executed" and "special_election" in acts),
    "official-7p-dictator-elected": (
        "A complete 7-player official game: after three fascist laws the dictator is elected "
        "chancellor and the fascists win (R10); with an investigation.",
        {"players": 7, "variant": "official"},
        lambda g, acts, evs: g.reason == "dictator_elected" and "investigate" in acts),
    "official-9p-veto-democratic-laws": (
        "A complete 9-player official game with an agreed veto, won with democratic laws.",
        {"players": 9, "variant": "official"},
        lambda g, acts, evs: g.reason == "democratic_laws" and "veto_agreed" in evs),
    "rulebook-5p-untracked-chaos": (
        "A complete 5-player rulebook game with an untracked (physical) deck: discards without "
        "party, chaos ended by chaos_law, reshuffles done by the players (no reshuffle lines).",
        {"players": 5, "variant": "rulebook", "deck": "untracked"},
        lambda g, acts, evs: "chaos_law" in acts and "reshuffled" in evs),
}


def record(setup_fields: dict, seed: int):
    rng = random.Random(seed)
    setup = Setup.from_json({**setup_fields, "language": "en", "seed": seed})
    roles, deck = deal(setup, rng)
    game = Game(setup.with_dealt(roles, deck))
    game.start()
    lines: list[dict] = []
    kinds: set[str] = set()

    def after(g, action, events):
        lines.append(action.to_json())
        kinds.update(e.kind for e in events)
        if action.kind == "veto_reply" and action.accept:
            kinds.add("veto_agreed")

    play_randomly(game, rng, after)
    fixed = {**setup_fields, "language": "en", "first_president": setup.first_president,
             "roles": list(roles)}
    if deck != "untracked":
        fixed["deck"] = list(deck)
    return game, fixed, lines, {a["action"] for a in lines}, kinds


def main() -> None:
    os.makedirs(OUT, exist_ok=True)
    for name, (comment, fields, wanted) in WANTED.items():
        for seed in range(100_000):
            game, fixed, lines, acts, kinds = record(fields, seed)
            if wanted(game, acts, kinds) and len(lines) < 260:
                break
        with open(os.path.join(OUT, name + ".jsonl"), "w", encoding="utf-8") as fh:
            fh.write(f"# {comment}\n")
            fh.write(json.dumps({"setup": fixed}) + "\n")
            for line in lines:
                fh.write(json.dumps(line) + "\n")
        print(f"{name}: seed {seed}, {len(lines)} actions, {game.winner} by {game.reason}")


if __name__ == "__main__":
    main()
