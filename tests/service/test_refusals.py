"""Refusal codes: the controller refuses with a code the console can word in German and English."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from firmware_host.console.messages import DE, EN
from firmware_host.errors import UsageError
from firmware_host.games.secret_dictator import REASONS
from firmware_host.games.secret_dictator import board as sd_board
from firmware_host import table
from firmware_host.service import refusals
from firmware_host.kernel import games
from firmware_host.service.refusals import ILLEGAL_REASONS, REFUSAL_CODES, CommandRefused, game_codes

SERVICE = Path(refusals.__file__).parent
SD_BOARD = Path(sd_board.__file__).parent
TABLE = Path(table.__file__).parent


def _raised_codes() -> dict[str, list[str]]:
    """Every literal code of a ``CommandRefused(...)`` call in the service package and Secret
    Dictator's board adapter with its base, the table kit, by file (``board/<module>.py`` for
    the adapter's, ``table/<module>.py`` for the kit's)."""
    found: dict[str, list[str]] = {}
    for path in sorted(SERVICE.glob("*.py")) + sorted(SD_BOARD.glob("*.py")) + sorted(TABLE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("CommandRefused", "ConsoleRefusal") and node.args):
                first = node.args[0]
                if isinstance(first, ast.Name) and first.id == "code":
                    continue        # the act refusal: "illegal.<reason>" or "refused", checked below
                code = first.value if isinstance(first, ast.Constant) else f"<not a literal, line {node.lineno}>"
                name = {SD_BOARD: f"board/{path.name}", TABLE: f"table/{path.name}"}.get(path.parent, path.name)
                found.setdefault(name, []).append(code)
    return found


def test_every_code_the_controller_raises_is_known_and_worded_in_german_and_english():
    raised = _raised_codes()
    adapter = [code for name, codes in raised.items() if name.startswith(("board/", "table/")) for code in codes]
    assert len(adapter) >= 20                                       # the adapter's and its base's raise sites
    codes = {code for codes in raised.values() for code in codes}
    assert codes <= set(REFUSAL_CODES) | game_codes(), codes - set(REFUSAL_CODES) - game_codes()
    for code in REFUSAL_CODES:
        assert "err." + code in DE and "err." + code in EN, code
    # a game's own codes are worded by its pack in German and English (issue 32)
    for name in games.names():
        for code, words in games.pack(name).console_refusals.items():
            assert words.get("de") and words.get("en"), (name, code)


def test_every_rules_engine_reason_has_an_illegal_code():
    """REPLAY.md's reasons: an ``act`` refused by the engine keeps its reason as its code."""
    assert set(ILLEGAL_REASONS) == set(REASONS)
    assert {"illegal." + r for r in REASONS} <= set(REFUSAL_CODES)


def test_a_refusal_is_a_one_line_usage_error_with_code_and_params():
    refused = CommandRefused("nothing_to_choose", "nothing to choose now (election)", phase="election")
    assert isinstance(refused, UsageError)
    assert (str(refused), refused.code, refused.params) == (
        "nothing to choose now (election)", "nothing_to_choose", {"phase": "election"})


def test_a_message_alone_is_the_catch_all_with_its_english_detail():
    refused = CommandRefused("the moon is in the way")
    assert (refused.code, refused.params, str(refused)) == (
        "refused", {"detail": "the moon is in the way"}, "the moon is in the way")


def test_an_unknown_code_is_a_programming_error():
    with pytest.raises(ValueError, match="unknown refusal code"):
        CommandRefused("moon_in_the_way", "the moon is in the way")


def test_the_backend_names_the_same_class_and_codes():
    from firmware_host.service import backend, core
    assert backend.ConsoleRefusal is CommandRefused is core.CommandRefused
    assert backend.REFUSAL_CODES is REFUSAL_CODES
    assert not hasattr(backend, "_PATTERNS")
