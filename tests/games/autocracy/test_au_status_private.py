"""Autocracy's status (AUTOCRACY.md A34, ACCESSIBILITY.md 3, 8, 29; issue 31): a seat's own
hidden Dirty Tricks come early, at the third hold (after what is open now and the short public
status), not behind half a minute of every seat's tokens; that private layer lasts as long and
comes at the same hold for every seat, whatever it holds (A30, RULES.md R16). Played at real
clip lengths (espeak-ng) on the mocked board, a hold 1.5 s after each layer has ended."""

from __future__ import annotations

from firmware_host.table.adapter import STATUS_FIRST_S

from tests.table.table import Table

SETUP = {"game": "autocracy", "players": 4, "language": "en", "seed": 7}


def hold(table: Table, seat: int) -> list[dict]:
    """A hold at ``seat``; once its answer has ended, 1.5 s later: the clips its earphone
    played meanwhile."""
    mark = len(table.starts)
    table.press(seat, "hold")
    table.drain()
    table.wait(1.5)
    return [line for line in table.starts[mark:] if line.get("output") == f"seat:{seat}"]


def test_A34_A29_issue31_a_seats_own_dirty_tricks_are_its_statuss_third_layer_padded_alike_for_every_seat(tmp_path):
    table = Table(tmp_path)
    try:
        table.play({"setup": SETUP})
        table.drain()
        table.wait(2.0)
        hands = table.call(lambda: [list(h) for h in table.service.game.active.game.hands])
        assert len({tuple(h) for h in hands}) > 1, hands          # hands that differ: padding matters
        private: dict[int, tuple[int, float]] = {}
        for seat in range(SETUP["players"]):
            layers = []
            for _ in range(4):
                heard = hold(table, seat)
                assert heard, f"seat {seat}: a hold gave nothing"
                layers.append(heard)
                if any(line["key"] == "status.private" for line in heard):
                    break
            first = layers[0]
            assert first[0]["key"].startswith("status.now."), [line["key"] for line in first]
            assert first[-1]["end"] - first[0]["start"] <= STATUS_FIRST_S
            found = [i for i, layer in enumerate(layers) if any(line["key"] == "status.private" for line in layer)]
            assert found, [[line["key"] for line in layer] for layer in layers]
            layer = layers[found[0]]
            assert [line["key"] for line in layer] == ["status.private"], layer
            assert layer[0]["params"]["hand"] == hands[seat]
            assert not any(line["key"] == "status.seat" for earlier in layers[:found[0]] for line in earlier)
            private[seat] = (found[0] + 1, layer[0]["end"] - layer[0]["start"])
            table.wait(12.0)                        # the next hold answers first again
        assert {at for at, _ in private.values()} == {3}, private
        lengths = [seconds for _, seconds in private.values()]
        assert max(lengths) - min(lengths) <= 0.05, private
    finally:
        table.close()
