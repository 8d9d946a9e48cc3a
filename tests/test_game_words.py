"""No game's words below the games (issue 32): hardware, service, audio, console, table and
robots serve every game, so at most 15 of their lines may use a game's words (a docstring
naming an example at most). A game's words are its name and the terms of its rules: Secret
Dictator's offices, parties, laws, ballots, tracker, veto and powers; Dying Message's
killers, evidence and characters; In this way I become a DICTATOR's pledges and priests;
Autocracy's Mentors and Coups Bas.

The lines are read from the source files (``.py``, and the console page's ``.js``, ``.html``
and ``.css``), docstrings and comments included, so a game's word in a message key, a
default or a comment counts as much as one in code.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import firmware_host

ROOT = Path(firmware_host.__file__).parent
#: the layers below the games (docs/ARCHITECTURE.md)
LAYERS = ("hardware", "service", "audio", "console", "table", "robots")
SUFFIXES = (".py", ".js", ".html", ".css")
#: a game's words, case-insensitive, as whole words (a G.711 "µ-law" is no law)
GAME_WORDS = re.compile(
    r"secret[ _]dictator|become[ _]dictator|dying[ _]message|\bautocracy|\bautocratie"
    r"|president|chancellor|fascist|democrat|dictator|\bveto|\btracker|role[ _]tiles?"
    r"|\bballots?\b|(?<!µ-)\blaws?\b|\bevidence\b|\bkillers?\b|soulmate|\bmentors?\b|\bcoups?[ _]bas"
    r"|\belection|investigat|\bexecut(?:ed|ion)|\bnominat|detective|forensic|\bpledges?\b|\bpriests?\b"
    r"|präsident|kanzler|faschist|demokrat|diktator|gesetz|mörder|beweis",
    re.IGNORECASE)
#: the issue's goal: at most this many lines below the games use a game's words
GOAL = 15
#: the lines counted per layer: a layer may only lose lines (the tile-read event, issue 32, took
#: hardware's tile names from 206 lines to 101, the service's from 97 to 76 and the table's from
#: 29 to 26; the board's tracks, peg, readers and earcons declared by the packs took them to what
#: is left: the service's words of the board's readers and tracks, whose terms its catalogue
#: still holds, and ``[service] confirm_execution``, ACCESSIBILITY.md 16's own word)
CEILING = {"hardware": 0, "service": 3, "audio": 0, "console": 0, "table": 0, "robots": 0}


def game_word_lines(layer: str) -> list[str]:
    """``path:line: text`` of every line of ``layer`` that uses a game's word."""
    found = []
    for path in sorted((ROOT / layer).rglob("*")):
        if path.suffix not in SUFFIXES or not path.is_file() or "vendor" in path.parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if GAME_WORDS.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return found


def test_the_count_sees_a_games_words_and_not_a_codecs():
    """The pattern finds the words it must (else the tests below could not fail) and not a
    G.711 µ-law or a word that merely contains one."""
    assert all(GAME_WORDS.search(t) for t in ("the ballot reader", "Secret Dictator", "fascist slot 2",
                                              "secret_dictator", "a killer", "Coup Bas", "Gesetz"))
    assert not any(GAME_WORDS.search(t) for t in ("G.711 µ-law WAV", "lawful", "the board's seat"))
    assert game_word_lines("service")           # the board's reader and track words still there today


@pytest.mark.parametrize("layer", LAYERS)
def test_issue32_a_layer_below_the_games_gains_no_game_words(layer):
    lines = game_word_lines(layer)
    assert len(lines) <= CEILING[layer], "\n".join(lines)


def test_issue32_at_most_15_lines_below_the_games_use_a_games_words():
    lines = [line for layer in LAYERS for line in game_word_lines(layer)]
    assert len(lines) <= GOAL, f"{len(lines)} lines:\n" + "\n".join(lines)
