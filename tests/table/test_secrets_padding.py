"""Secrets kept from timing (issue 33, RULES.md R16, R17): with the hidden roles moved between
the seats and everything else the same, every private clip whose words depend on a role or a
team lasts as long, at real clip lengths (the real espeak-ng at the seats' rate), so the table's
next line comes at the same moment whoever was dealt what.

Secret Dictator: the prolog (each seat's role and team) and the private layer of a seat's
status (its role and team, in the long wording the first time and the short one after) are
padded over every role and team any seat could hold in this setup, never over this deal's.
"""

from __future__ import annotations

import shutil

import pytest

from firmware_host.games.secret_dictator.scripting import dealt_setup

from firmware_host.kernel import games

from .table import Table

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")

#: names of very different lengths, so a team list's length depends on whom it names
NAMES = ["Bo", "Maximiliane-Theodora", "Al", "Kunigunde Wilhelmina", "Ed", "Friederike", "Jo"]


def _sd_setup(shift: int) -> dict:
    """Seven seats, the deal of seed 3 with its roles moved ``shift`` seats on."""
    setup = {"players": 7, "seed": 3, "language": "en", "names": NAMES}
    dealt = dealt_setup(setup)
    roles = list(dealt.roles)
    return {**setup, "roles": roles[-shift:] + roles[:-shift] if shift else roles, "deck": list(dealt.deck)}


def _clips(table: Table, key_prefix: str, output: str | None = None) -> list[tuple[str, float, float]]:
    return [(o["output"], o["start"], o["end"]) for o in table.heard()
            if o["key"].startswith(key_prefix) and (output is None or o["output"] == output)]


def _course(tmp_path, shift: int, asker: int) -> dict[str, list[tuple[str, float, float]]]:
    """What the table and seat ``asker``'s earphone hear of the prolog and of two whole
    statuses of that seat (a hold 1.5 s after each layer), as (output, start, end)."""
    table = Table(tmp_path / str(shift), seed=None)
    try:
        table.play({"setup": _sd_setup(shift)})
        table.drain()
        table.wait(1.2)
        prolog = _clips(table, "prolog.role.") + _clips(table, "prolog.done")
        statuses = []
        for _ in range(2):
            mark = len(table.heard())
            table.status(asker)
            statuses += [(o["key"], o["start"], o["end"]) for o in table.heard()[mark:]
                         if o["output"] == f"seat:{asker}"]
        return {"prolog": prolog, "status": statuses}
    finally:
        table.close()


def _differ(a: list[tuple], b: list[tuple], tolerance: float = 0.05) -> list[tuple]:
    """The pairs whose start or end differ by more than ``tolerance`` seconds."""
    assert len(a) == len(b), (a, b)
    return [(x, y) for x, y in zip(a, b) if abs(x[1] - y[1]) > tolerance or abs(x[2] - y[2]) > tolerance]


def test_R16_R17_secret_dictator_prolog_and_private_status_last_as_long_whoever_was_dealt_what(tmp_path):
    """Seven seats with names of very different lengths, the same deal with its roles moved
    one and three seats on: every seat's prolog clip, "every seat knows its role" on the
    table and every layer of seat 1's status, twice (long wording, then short), start and end
    at the same moments (±50 ms)."""
    first = _course(tmp_path, 0, 1)
    assert len(first["prolog"]) == 8, first["prolog"]      # seven earphones and the table's line
    roles = {seat: role for seat, role in enumerate(_sd_setup(0)["roles"])}
    assert {roles[1], *(roles[s] for s in range(7))} >= {"fascist", "dictator", "democrat"}
    for shift in (1, 3):
        other = _course(tmp_path, shift, 1)
        assert not _differ(first["prolog"], other["prolog"]), f"roles moved {shift} seats on"
        assert [k for k, *_ in first["status"] if not k.startswith("prolog.team")] == \
            [k for k, *_ in other["status"] if not k.startswith("prolog.team")]
        assert not _differ(first["status"], other["status"]), f"roles moved {shift} seats on"


def _dm_night(tmp_path, card_at: int | None) -> list[tuple[str, str, float]]:
    """Dying Message, six seats of seed 4 (a living Private Detective), the players' choices
    of seed 2, the night's dead choosing the ``card_at``-th card of the evidence pool (in
    card order) that no later action names instead of the card they chose (None: as
    chosen): every private clip said from the dead's choice to dawn but the lists' items,
    per earphone in order, as (output, key, seconds)."""
    from firmware_host.games.dying_message import scripting
    from firmware_host.games.dying_message.actions import Action
    script = games.pack("dying_message").scripting()
    setup = {**script.sample_setup("en"), "seed": 4}
    actions = script.whole_game(setup, 2)
    at = next(i for i, a in enumerate(actions) if a.get("action") == "genuine")
    game, seed = scripting._new_game(setup)
    for count, obj in enumerate(actions[:at]):
        game.apply(Action.from_json(obj, game.players, game.options["dog_may_pass"]))
        while game.chance_due is not None:
            game.apply(scripting.board_chance(game, seed, count + 1))
    later = {c for a in actions[at + 1:] for c in a.get("cards", [])}
    free = [c for c in sorted(game.evidence_pool) if c not in later and c not in actions[at]["cards"]]
    if card_at is not None:
        actions = [dict(a) for a in actions]
        actions[at]["cards"] = [free[card_at]]
    table = Table(tmp_path / str(card_at), seed=None)
    try:
        table.play_all(script.signals_for_game(setup, actions))
        table.drain()
        heard = table.heard()
    finally:
        table.close()
    chose = max(o["end"] for o in heard if o["key"] == "scan.confirm.card" or o["key"] == "scan.card"
                and o["start"] < next(d["start"] for d in heard if d["key"] == "night.killers.genuine"))
    dawn = next(o["start"] for o in heard if o["key"] == "night.dawn")
    return [(o["output"], o["key"], round(o["end"] - o["start"], 3)) for o in
            sorted(heard, key=lambda o: (o["output"], o["start"]))
            if o["output"].startswith("seat:") and chose < o["start"] < dawn and not o["key"].startswith("scan.")]


def test_M23_M43_issue33_which_card_is_genuine_is_told_by_no_clips_length(tmp_path):
    """The night's dead choose one card or another of the evidence pool as the genuine
    message: the living killers' view of it, the Private Detective's and the Mastermind's
    look and everyone's wait meanwhile, and every private clip until dawn, last as long
    (±50 ms): padded over any card of the pool (the count is public, every seat pressing as
    often), so no length singles out the genuine card among the message area read at dawn."""
    first = _dm_night(tmp_path, None)
    assert any(k == "night.killers.genuine" for _, k, _ in first)
    assert any(k in ("night.look", "night.wait") for _, k, _ in first)
    for card_at in (0, -1):
        other = _dm_night(tmp_path, card_at)
        assert [o[:2] for o in other] == [o[:2] for o in first]
        differ = [(x, y) for x, y in zip(first, other) if abs(x[2] - y[2]) > 0.05]
        assert not differ, differ[:3]
