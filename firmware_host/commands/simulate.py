"""``firmware-host simulate``: the real board service on mocked hardware (SIMULATE.md).

``--script SIGNALS.jsonl`` plays a signal script on a virtual clock; without it an
interactive virtual board reads one signal per line from the terminal (``help``). JSON Lines
go to stdout; an unusable script or config is one line on stderr and exit status 2.
``--console`` also serves the game master's console on the mocked board (its address on
stderr); a script then keeps the board on for it until Ctrl-C or SIGTERM.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys


def configure(parser: argparse.ArgumentParser) -> None:
    """Add ``--script``, ``--by-ear``, ``--config``, ``--audio-dir``, ``--journal``, ``--start-line``,
    ``--console``, ``--console-port``, ``--speech-cache``, ``--seed``, ``--robots``, ``--game``,
    ``--games``, ``--render-seconds``, ``--warm-cache``, ``--fresh-cache``, ``-v``."""
    parser.add_argument("--script", metavar="SIGNALS.jsonl",
                        help="signal script (SIMULATE.md); without it: an interactive virtual board")
    parser.add_argument("--by-ear", action="store_true",
                        help="a board on a virtual clock driven from stdin: 'step' moves to the next clip start, "
                             "clip end or timer, a signal is played now; each request answered by its lines and "
                             "{\"event\": \"ready\", ...} (docs/SIMULATE-robots.md)")
    parser.add_argument("--config", metavar="FILE", help="board config (TOML); default the shipped one")
    parser.add_argument("--audio-dir", metavar="DIR",
                        help="render all speech into numbered WAV files here (announce lines get 'wav')")
    parser.add_argument("--journal", metavar="FILE",
                        help="SQLite journal to use (default: a temporary one); an unfinished game in it is resumed")
    parser.add_argument("--start-line", type=int, default=None, metavar="N",
                        help="play the script from line N on (1-based, after a restart on the same --journal)")
    parser.add_argument("--console", action="store_true",
                        help="also serve the game master's console on the mocked board ([console] host/port/PIN; "
                             "a script keeps the board on for it after its end, until Ctrl-C)")
    parser.add_argument("--console-port", type=int, metavar="PORT",
                        help="with --console: listen on PORT instead of [console] port (0: any free port)")
    parser.add_argument("--speech-cache", metavar="DIR", help="speech cache folder (default ~/.cache/firmware-host/speech)")
    parser.add_argument("--seed", type=int, default=None, metavar="N",
                        help="seed of a game the seats set up (no setup line: roles and a board-shuffled "
                             "draw pile dealt from it), for a reproducible run; default a random one (with "
                             "--robots: default 0). With --robots, --by-ear and the interactive board it is the "
                             "first game's; each further game is dealt from its own seed derived from it "
                             "(docs/SIMULATE-robots.md)")
    parser.add_argument("--robots", type=int, default=None, metavar="N",
                        help="robot players at seats 1..N set up and play (issue 23): each hears only its "
                             "earphone and the table, acts after a person's reaction time; one summary line "
                             "{\"event\": \"robots\", ...} after each game")
    from firmware_host.kernel.games import DEFAULT_GAME

    parser.add_argument("--game", metavar="GAME[,GAME...]", default=None,
                        help=f"with --robots: the game the robots set up (a registered game; default {DEFAULT_GAME}); "
                             "several, joined by commas, are played in rotation on one board")
    parser.add_argument("--games", type=int, default=None, metavar="K",
                        help="with --robots: K games in a row on one board, each set up from the seats "
                             "(default 1, or one round of the --game rotation)")
    parser.add_argument("--render-seconds", type=float, default=0.0, metavar="X",
                        help="every sentence takes X seconds more to render, on the run's clock (a Pi Zero 2 W "
                             "or a fresh speech cache); default 0")
    parser.add_argument("--fresh-cache", action="store_true",
                        help="an empty speech cache for this run, removed after it (a fresh Pi): with "
                             "--render-seconds a sentence is slow the first time it is said, and only then")
    parser.add_argument("--warm-cache", action="store_true",
                        help="with --render-seconds: a sentence already in the speech cache takes no extra time")
    parser.add_argument("-v", "--verbose", action="count", default=0,
                        help="log to stderr: -v inputs, actions, refusals and faults; -vv debug")


def main(args: argparse.Namespace) -> int:
    """Run the simulation; 0 when the script was played to its end with every ``wait_for``
    met, 1 when it was played to its end but a ``wait_for`` timed out (one line on stderr
    names how many and the first one's script line: the script did not play as written).

    :raises UsageError: unusable script or config (the CLI prints one line, exit 2).
    """
    import logging

    from firmware_host.service.logs import setup_logging
    from firmware_host.service.signals import read_script
    from firmware_host.service.simulator import Simulator
    from firmware_host.table import scanning

    from firmware_host.errors import UsageError

    setup_logging((logging.ERROR, logging.INFO, logging.DEBUG)[min(args.verbose, 2)], stream=sys.stderr)
    if args.start_line is not None and (args.script is None or args.start_line < 1):
        raise UsageError(f"--start-line {args.start_line}: " + (
            "needs --script" if args.script is None else "script lines count from 1"))
    if args.console_port is not None and not args.console:
        raise UsageError("--console-port needs --console")
    if args.console_port is not None and not 0 <= args.console_port <= 65535:
        raise UsageError(f"--console-port {args.console_port} is not a TCP port (0 to 65535)")
    if args.seed is not None and not 0 <= args.seed < 2**31:
        raise UsageError(f"--seed {args.seed} is not a seed (0 to {2**31 - 1})")
    import math
    if not (math.isfinite(args.render_seconds) and 0.0 <= args.render_seconds <= 60.0):
        raise UsageError(f"--render-seconds {args.render_seconds:g} is not 0 to 60 seconds")
    if args.warm_cache and args.render_seconds == 0.0 and not getattr(args, "_fresh", False):
        raise UsageError("--warm-cache needs --render-seconds above 0 (it only spares sentences "
                         "already in the cache the render time)")
    if args.fresh_cache:
        if args.speech_cache is not None:
            raise UsageError("--fresh-cache takes an empty speech cache of its own: leave out --speech-cache")
        import shutil
        import tempfile
        args.speech_cache = tempfile.mkdtemp(prefix="firmware-host-fresh-cache-")
        args.warm_cache = True          # what this run has rendered is in the cache afterwards
        args._fresh = True              # the pass below: --warm-cache is this run's own
        try:
            args.fresh_cache = False
            return main(args)
        finally:
            shutil.rmtree(args.speech_cache, ignore_errors=True)
    if args.robots is not None:
        return _robots(args)
    if args.by_ear and (args.script is not None or args.console or args.start_line is not None):
        raise UsageError("--by-ear plays without --script, --console or --start-line")
    if args.game is not None or args.games is not None:
        raise UsageError("--game and --games need --robots")
    signals = read_script(args.script) if args.script else None
    serve = None
    if args.console:
        try:
            from firmware_host.console import serve
        except ImportError as exc:  # pragma: no cover - aiohttp is a dependency
            raise UsageError(f"--console: the console cannot be loaded ({exc})") from None
    sim = Simulator(args.config, audio_dir=args.audio_dir, journal_path=args.journal,
                    speech_cache=args.speech_cache, console=serve, console_port=args.console_port,
                    setup_seed=args.seed, render_seconds=args.render_seconds, warm_cache=args.warm_cache,
                    observe_picks=scanning.observe)

    def on_sigterm(_signum: int, _frame: object) -> None:
        sim.stopping.set()
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, on_sigterm)
    try:
        if signals is not None:
            status = sim.run_script(signals, start_line=args.start_line or 0)
            if status == 0 and sim.timed_out:
                print(f"firmware-host simulate: {len(sim.timed_out)} wait_for signal(s) timed out, the first on "
                      f"line {sim.timed_out[0]}: the script did not play as written"
                      + ("" if args.seed is not None else " (does its first line ask for a --seed?)"),
                      file=sys.stderr)
                return 1
            return status
        if args.by_ear:
            return sim.run_by_ear(sys.stdin)
        return sim.run_interactive()
    finally:
        signal.signal(signal.SIGTERM, previous)


def _robots(args: argparse.Namespace) -> int:
    """``--robots N``: a table of robot players (:class:`firmware_host.robots.table.RobotTable`);
    0 when every game was played, 1 when the table stalled (its summary line has ``stuck``,
    and one line on stderr says why).

    :raises UsageError: --robots with --script/--console/--start-line, a player count the
        board has no seats for, an unknown game or one without robot players, --games < 1.
    """
    from firmware_host.errors import UsageError
    from firmware_host.robots.table import RobotTable

    if args.script is not None or args.console or args.start_line is not None or args.by_ear:
        raise UsageError("--robots plays without --script, --console, --start-line or --by-ear")
    if args.games is not None and not 1 <= args.games <= 1000:
        raise UsageError(f"--games {args.games} is not 1 to 1000")
    unfinished = _unfinished_game(args.journal) if args.journal is not None else None
    if unfinished is not None:
        raise UsageError(f"--robots sets every game up from the seats, but {args.journal} holds unfinished "
                         f"game {unfinished}, which the board would resume with nobody to play it: give "
                         f"another --journal, or resume it without --robots")
    table = RobotTable(args.robots, args.game, seed=args.seed if args.seed is not None else 0,
                       render_seconds=args.render_seconds, out=sys.stdout, config_path=args.config,
                       speech_cache=args.speech_cache, journal_path=args.journal, warm_cache=args.warm_cache)
    table.run(games=args.games if args.games is not None else len(table.rotation))
    if table.stuck:                     # a stall: its summary line has "stuck"; one line here
        sys.stderr.write(f"simulate --robots: stuck: {table.stuck}\n")
        return 1
    return 0


def _unfinished_game(path: str) -> int | None:
    """The id of the latest game still ``playing`` in the journal at ``path``, read without
    changing the file (read-only, no repair: the board's own start does that), or None for a
    missing file or one that is no readable journal (the board reports those itself)."""
    import sqlite3

    if not os.path.isfile(path):
        return None
    try:
        db = sqlite3.connect(f"file:{os.path.abspath(path)}?mode=ro", uri=True)
        try:
            row = db.execute("SELECT id FROM games WHERE status='playing' ORDER BY id DESC LIMIT 1").fetchone()
        finally:
            db.close()
    except sqlite3.Error:
        return None
    return int(row[0]) if row else None
