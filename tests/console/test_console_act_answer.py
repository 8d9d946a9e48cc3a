"""A game master's action answers with what it did, never with the game's state: the page's
state is the scrubbed snapshot (DYING_MESSAGE.md M50: characters only while "hold to reveal"
is held; M28: the night's dead are told at dawn). Found by a probe: at night, a ``kill``
entered for a seat answered with the replay state, the victim's character and the night's next
step in it, while the page's snapshot still said night and no one dead."""

from __future__ import annotations

from console_helpers import console_client, csrf_token, game, login, post_json, run


def _killing_phase(board) -> None:
    """Time passes on the board until the killers choose (M15)."""
    for _ in range(600):
        if board.service.call(lambda: getattr(board.service.game.game, "phase", None)) == "kill":
            return
        board.advance(0.5)
    raise AssertionError("the night never reached the killers' choice")


def test_M50_a_kill_entered_at_night_answers_without_the_victim_or_the_night_step(backend, board):
    async def go():
        async with console_client(backend) as client:
            await login(client)
            token = await csrf_token(client)
            backend.setup_game({"game": "dying_message", "players": 6, "language": "en", "seed": 3})
            assert (await post_json(client, "/api/command", {"name": "start"}, token)).status == 200
            _killing_phase(board)
            engine = game(board)
            killer = engine.living_killers()[0]
            victim = next(s for s in range(6) if not engine.is_killer(s))
            r = await post_json(client, "/api/command", {"name": "act", "fields": {"action": {
                "action": "kill", "seat": killer, "targets": [victim]}}}, token)
            assert r.status == 200
            body = await r.json()
            text = str(body)
            assert body["ok"] is True and body["result"].get("accepted") is True
            assert "state" not in body["result"]
            assert engine.characters[victim] not in text      # the victim's character
            assert "genuine" not in text                      # the night's next step
            snap = await (await client.get("/api/snapshot")).json()
            assert snap["view"]["dead"] == []                 # the page: nobody dead before dawn
    run(go())
