"""A bounded fuzz of every input format (issue 12): mutated simulate scripts and interactive
lines, replay files and console JSON end in an answer, never a traceback
(:mod:`tests.service.fuzzing`; ``benchmarks/fuzz_inputs.py`` runs 10,000 inputs)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from .fuzzing import ConsoleRunner, ReplayRunner, ScriptRunner, console_bodies, interactive_lines, lines_of

def fuzz(max_examples: int) -> settings:
    """Bounded and reproducible: the same inputs on every run (CI stays under its time)."""
    return settings(max_examples=max_examples, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def simulator():
    runner = ScriptRunner()
    yield runner
    runner.close()


@pytest.fixture(scope="module")
def console():
    runner = ConsoleRunner()
    yield runner
    runner.close()


@fuzz(300)
@given(lines=lines_of("replay", max_lines=8))
def test_fuzzed_replay_files_are_played_or_refused_in_one_line(lines):
    assert ReplayRunner().feed(lines) in ("played", "refused")


def test_fuzzed_simulate_scripts_are_played_or_refused_in_one_line(simulator):
    @fuzz(60)
    @given(lines=lines_of("simulate", max_lines=4))
    def check(lines):
        assert simulator.feed(lines) in ("played", "refused", "setup refused")
    check()


def test_fuzzed_interactive_lines_are_played_or_answered_in_one_line(simulator):
    @fuzz(60)
    @given(line=interactive_lines)
    def check(line):
        assert simulator.feed_interactive(line) in ("played", "refused", "setup refused", "word")
    check()


def test_fuzzed_console_bodies_are_accepted_or_refused_never_a_500(console):
    @fuzz(120)
    @given(body=console_bodies())
    def check(body):
        path, raw = body
        assert console.feed(path, raw) in ("accepted", "refused")
    check()
