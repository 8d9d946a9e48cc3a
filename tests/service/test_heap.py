"""The board service's C heap is bounded (glibc ``mallopt``): RSS stays flat over many games
(figure: ``benchmarks/budget_bench.py`` section 5)."""

from __future__ import annotations

import platform
import subprocess
import sys

import pytest


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="mallopt is glibc's")
def test_bound_heap_fixes_the_mmap_threshold_and_caps_the_arenas():
    # in a process of its own: the settings stay with the process that makes them
    code = ("from firmware_host.service.heap import bound_heap\n"
            "import sys\n"
            "sys.exit(0 if bound_heap() else 3)\n")
    assert subprocess.run([sys.executable, "-c", code], timeout=60).returncode == 0


def test_run_bounds_the_heap_before_its_threads_start():
    import inspect

    from firmware_host.commands import run

    source = inspect.getsource(run.main)
    assert source.index("bound_heap()") < source.index("setup_logging(") < source.index("RealClock(")
