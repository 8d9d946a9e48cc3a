"""The leak check in the suite, with a small count (``scripts/leak-check`` plays 10,000 games;
its figure is in the README): random games through the board service, signals in and
announcements out, with wrong-reader tiles, re-reads and the game master's refused acts, and
no private fact on the table speaker or in the console's public state, no role-dependent
length of a private clip of one kind (R16, R17, BOARD.md "Each reader has its own tiles")."""

from __future__ import annotations

import pytest

from .leakcheck import leak_check

GAMES = 240


@pytest.fixture(scope="module")
def findings():
    return leak_check(GAMES, workers=2)


def test_r16_leak_check_covers_every_path(findings):
    assert findings.games == GAMES and len(findings.variants) == 4      # both variants, both decks
    assert findings.tile_games > GAMES // 10                            # role tiles too
    assert findings.wrong_reader > GAMES and findings.rereads > GAMES
    assert findings.gm_refused > GAMES // 2 and findings.reveals > 0
    assert findings.status_moments > GAMES and findings.padded_kinds > GAMES
    assert findings.console_checked > GAMES and findings.signals > 50 * GAMES


def test_r16_leak_check_finds_no_private_fact_on_the_table_or_the_console(findings):
    assert findings.public == [] and findings.console == [], findings.report()
    assert findings.routing == [] and findings.noise == [], findings.report()


def test_r17_leak_check_finds_no_role_dependent_private_clip_length(findings):
    assert findings.lengths == [] and findings.prolog == [], findings.report()
    assert findings.leaks() == 0
