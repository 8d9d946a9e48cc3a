"""Make ``docs/console.png``: the console during a 7-player game on the real service and the
MockBoard (the first rounds of ``examples/simulate-7p.jsonl``, with seat names).

Run: ``python3 tests/console/make_console_screenshot.py`` (needs /usr/bin/chromium).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

from console_browser import ARGS, CHROMIUM  # noqa: E402

from firmware_host.clock import VirtualClock  # noqa: E402
from firmware_host.console import serve  # noqa: E402
from firmware_host.service.backend import ConsoleBackend  # noqa: E402
from firmware_host.service.signals import read_script  # noqa: E402
from firmware_host.service.simulator import Simulator  # noqa: E402

NAMES = ["Anna", "Ben", "Carla", "Dieter", "Emine", "", "Gregor"]


def main(out: Path = ROOT / "docs" / "console.png", lines: int = 47) -> None:
    from playwright.sync_api import sync_playwright
    sim = Simulator(out=io.StringIO())
    service = sim.start(VirtualClock())
    backend = ConsoleBackend(service)
    handle = serve(backend, {"port": 0})
    try:
        signals = read_script(ROOT / "examples" / "simulate-7p.jsonl")
        setup = dict(signals[0].fields)
        backend.setup_game({**setup, "names": NAMES})
        backend.command("start")
        sim.advance(1.0)
        for sig in signals[1:]:
            if sig.line > lines:
                break
            sim.play(sig, mark=len(sim.lines))
        sim.advance(1.0)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(handle.url)
            page.wait_for_selector("#connection:has-text('Live')")
            page.wait_for_selector("#seats tbody tr")
            page.screenshot(path=str(out), full_page=True)
            browser.close()
        print(f"wrote {out}")
    finally:
        handle.close()
        sim.stop()


if __name__ == "__main__":
    main()
