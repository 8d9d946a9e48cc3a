"""Make ``docs/console-<game>-1280.png`` and ``docs/console-<game>-390.png``: every game's
console (its pack's picture and help forms) after a few moves of its sample game, played
from board signals on the real service and the MockBoard, at 1280 and 390 CSS px.

Run: ``.venv/bin/python tests/console/make_game_screenshots.py [GAME ...]`` (needs
/usr/bin/chromium).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

from console_browser import ARGS, CHROMIUM  # noqa: E402
from console_games import PLAYABLE, game_console  # noqa: E402
from console_helpers import PIN  # noqa: E402

#: moves played before the picture is taken: enough to fill each game's picture
MOVES = {"secret_dictator": 7, "become_dictator": 4, "dying_message": 4, "autocracy": 5}


def main(names: list[str]) -> None:
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for name in names or PLAYABLE:
            with tempfile.TemporaryDirectory() as tmp, game_console(Path(tmp), name, MOVES.get(name, 4)) as played:
                for width, height in ((1280, 900), (390, 844)):
                    context = browser.new_context(viewport={"width": width, "height": height},
                                                  is_mobile=width < 500, has_touch=width < 500)
                    page = context.new_page()
                    page.goto(played.console.url)
                    page.get_by_label("PIN or token").fill(PIN)
                    page.get_by_role("button", name="Log in").click()
                    page.wait_for_selector("#picture .picture-row")
                    out = ROOT / "docs" / f"console-{name.replace('_', '-')}-{width}.png"
                    page.screenshot(path=str(out), full_page=width >= 1000)
                    print(f"wrote {out.relative_to(ROOT)}")
                    context.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
