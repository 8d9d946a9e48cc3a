"""Speech takes time: how far the board's speakers lag behind the game (ACCESSIBILITY.md 20-25).

Run: ``python3 benchmarks/speech_bench.py [--render SECONDS ...]``. Prints figures; asserts
nothing. Every run is ``firmware-host simulate`` (the real service on the mocked board) on its
virtual clock, where each clip lasts its real length (espeak-ng, from the speech cache), so
the figures are the same on any machine; ``--render`` adds a slow renderer (every sentence
takes that many seconds longer to render, as on a Pi Zero 2 W with a fresh cache).

1. **Quick vote**: 7 players, the table quiet, ballots dropped 0.5 s apart. How far the table
   speaker is behind the last ballot when the reveal starts (seconds, and sentences started
   in between), and how many counts were spoken (the others were superseded, 24).
2. **Whole game**: ``examples/simulate-7p.jsonl``, players acting as fast as the script goes
   (never waiting to hear the table). How far the table is behind the last ballot when each
   reveal starts, the longest wait of a private message behind its public cause (from the
   end of the cause: ~0; from the move that caused it), and the total speaking time per output.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from firmware_host.service.signals import parse_script  # noqa: E402
from firmware_host.service.simulator import Simulator  # noqa: E402

#: private message key -> the public announcement it follows (ACCESSIBILITY.md 22)
CAUSES = {"hand.president": "legislative.president", "hand.chancellor": "legislative.chancellor",
          "power.view_discard.result": "power.view_discard", "power.peek.result": "power.peek",
          "power.investigate.result": "power.investigate.done"}
#: the engine event whose time is the move behind each private message
MOVES = {"hand.president": "election", "hand.chancellor": "law_enacted", "power.view_discard.result": "power",
         "power.peek.result": "power", "power.investigate.result": "power"}


def timed_run(lines: list[dict], render: float) -> list[tuple[float, dict]]:
    """(virtual seconds when written, line) for every output line of a scripted run."""
    rows: list[tuple[float, dict]] = []
    sim: Simulator | None = None

    class Out(io.StringIO):
        def write(self, text: str) -> int:
            for raw in text.splitlines():
                rows.append((sim.clock.now() if sim is not None and sim.clock is not None else 0.0, json.loads(raw)))
            return len(text)

    sim = Simulator(None, out=Out(), render_seconds=render)
    sim.run_script(parse_script("\n".join(json.dumps(x) for x in lines)))
    return rows


def quick_vote(render: float) -> None:
    lines = [{"setup": {"players": 7, "seed": 2, "language": "en", "first_president": 0}},
             {"at": 100, "signal": "gm", "command": "choose", "seat": 0, "target": 3}]
    lines += [{"at": 200 + 0.5 * s, "signal": "ballot", "seat": s, "ballot": "ja" if s % 3 else "nein"}
              for s in range(7)]
    started = time.perf_counter()
    rows = timed_run(lines, render)
    wall = time.perf_counter() - started
    said = [l for _, l in rows if l.get("event") == "announce" and l["output"] == "table"]
    last_ballot = next(t for t, l in rows if l.get("event") == "election")
    reveal = next(l for l in said if l["key"] == "election.ballots")
    between = [l for l in said if last_ballot <= l["start"] < reveal["start"]]
    counts = [l["params"]["count"] for l in said if l["key"] == "ballot.counted"]
    print(f"quick vote (7 ballots 0.5 s apart, render +{render:g} s): reveal starts {reveal['start'] - last_ballot:.1f} s "
          f"after the last ballot ({len(between)} sentence(s) in between); counts spoken {counts}; "
          f"wall {wall:.1f} s")


def whole_game(render: float) -> None:
    script = [json.loads(l) for l in (ROOT / "examples" / "simulate-7p.jsonl").read_text().splitlines()
              if l.strip() and not l.startswith("#")]
    started = time.perf_counter()
    rows = timed_run(script, render)
    wall = time.perf_counter() - started
    said = [l for _, l in rows if l.get("event") == "announce"]
    events = [(t, l) for t, l in rows if l.get("event") not in (None, "announce", "fault", "rejected")]
    votes = [t for t, e in events if e["event"] == "election"]
    reveals = [l for l in said if l["key"] == "election.ballots"]
    lags = [r["start"] - t for t, r in zip(votes, reveals)]
    table = [l for l in said if l["output"] == "table"]
    behind_cause, behind_move = 0.0, 0.0
    for line in said:
        cause = CAUSES.get(line["key"])
        if cause is None:
            continue
        public = [l for l in table if l["key"] == cause and l["start"] <= line["start"]]
        if public:
            behind_cause = max(behind_cause, line["start"] - public[-1]["end"])
        moves = [t for t, e in events if e["event"] == MOVES[line["key"]] and t <= line["start"]]
        if moves:
            behind_move = max(behind_move, line["start"] - moves[-1])
    speaking: dict[str, float] = {}
    seen: set[tuple] = set()
    for line in said:
        clip = (line["output"], line["start"], line["end"])
        if clip not in seen:
            seen.add(clip)
            speaking[line["output"]] = speaking.get(line["output"], 0.0) + line["end"] - line["start"]
    end = max(l["end"] for l in said)
    print(f"whole 7-player game (render +{render:g} s): {end / 60:.1f} min of play; a reveal starts "
          f"{max(lags):.1f} s (mean {sum(lags) / len(lags):.1f} s, {len(lags)} votes) after the last ballot; a private "
          f"message waits at most {behind_cause:.2f} s after its public cause ended, {behind_move:.1f} s after "
          f"its move; wall {wall:.1f} s")
    order = ["table"] + sorted((o for o in speaking if o != "table"), key=lambda o: int(o.split(":")[1]))
    print("  speaking time per output: " + ", ".join(f"{o} {speaking[o]:.0f} s" for o in order))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--render", type=float, nargs="*", default=[0.0, 1.0, 3.0],
                        help="extra render seconds per sentence to try (default 0 1 3)")
    args = parser.parse_args()
    for render in args.render:
        quick_vote(render)
    for render in args.render:
        whole_game(render)


if __name__ == "__main__":
    main()
