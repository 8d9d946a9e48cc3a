"""Make ``docs/console-phone-390.png`` and ``docs/console-phone-320.png``: the console on a
phone (390x844 and 320x640 CSS px) during a 7-player election, on the real board service and
the MockBoard. The browser test ``test_phone_layout_has_no_sideways_scroll_and_who_must_act_on_the_first_screen``
checks the same layout.

Run: ``.venv/bin/python tests/console/make_phone_screenshots.py`` (needs /usr/bin/chromium).
"""

from __future__ import annotations

import io
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

from console_browser import ARGS, CHROMIUM  # noqa: E402
from console_helpers import PIN, PIN_HASH, act  # noqa: E402

from firmware_host.clock import VirtualClock  # noqa: E402
from firmware_host.console import serve  # noqa: E402
from firmware_host.service.backend import ConsoleBackend  # noqa: E402
from firmware_host.service.simulator import Simulator  # noqa: E402

NAMES = ["Anna", "Benedikt", "Carla", "Dieter", "Emine", "Friederike", "Gregor"]


def main() -> None:
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as tmp:
        sim = Simulator(out=io.StringIO(), journal_path=f"{tmp}/journal.sqlite3")
        sim.start(VirtualClock())
        backend = ConsoleBackend(sim.service)
        handle = serve(backend, {"port": 0, "pin_hash": PIN_HASH, "language": "en"})
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                backend.setup_game({"players": 7, "names": NAMES, "language": "en",
                                    "first_president": 0, "variant": "rulebook"})
                backend.command("start")
                sim.advance(1.0)
                act(sim, {"action": "nominate", "seat": 0, "target": 5})
                for seat, ballot in enumerate(["ja", "ja", "nein"]):
                    act(sim, {"action": "vote", "seat": seat, "ballot": ballot})
                for width, height in ((390, 844), (320, 640)):
                    context = browser.new_context(viewport={"width": width, "height": height},
                                                  is_mobile=True, has_touch=True)
                    page = context.new_page()
                    page.goto(handle.url)
                    page.get_by_label("PIN or token").fill(PIN)
                    page.get_by_role("button", name="Log in").click()
                    page.wait_for_selector("#must-act:has-text('Must act now')")
                    out = ROOT / "docs" / f"console-phone-{width}.png"
                    page.screenshot(path=str(out))
                    print(f"wrote {out.relative_to(ROOT)}")
                    context.close()
                browser.close()
        finally:
            handle.close()
            sim.stop()


if __name__ == "__main__":
    main()
