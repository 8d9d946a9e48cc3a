"""Headless Chromium for the console's browser tests (Playwright, the Debian chromium)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
AXE = Path(__file__).parent / "vendor" / "axe.min.js"

needs_chromium = pytest.mark.skipif(
    not os.path.exists(CHROMIUM),
    reason=f"{CHROMIUM} is missing (install it with scripts/setup --test)")


def axe_violations(page, impacts=("serious", "critical")) -> list[str]:
    """Run axe-core on the page; the serious and critical violations, one line each."""
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(n["target"][0] if isinstance(n["target"][0], str) else str(n["target"])
                        for n in v["nodes"][:5])
            for v in result["violations"] if v["impact"] in impacts]


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing (install it with scripts/setup --test)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


def role_words(text: str) -> list[str]:
    """The role names "dictator" and "democrat" in ``text``, besides the games' titles
    "Secret Dictator" and "In this way I become a DICTATOR" (the setup's choice of game)
    ("fascist" is also a party and a track, so it is not looked for)."""
    text = re.sub(r"(?i)secret dictator|in this way i become a dictator", "", text)
    return re.findall(r"(?i)\b(dictator|democrat)\b", text)
