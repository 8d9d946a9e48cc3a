"""A bounded C heap for the long-running board service (glibc's ``mallopt``).

Every clip the board plays is a few hundred kilobytes of PCM, decoded, padded and handed to
``aplay`` on several threads. glibc's default would give each thread an arena of its own (up to
eight per core) and raise its mmap threshold after the first such buffer is freed, so later
clips come from the arenas, which fragment and are seldom given back: the service's RSS grew
with every game played (``benchmarks/budget_bench.py`` section 5). :func:`bound_heap` fixes
the mmap threshold (buffers of 128 KiB and more are mapped and unmapped, given back at once)
and caps the arenas at two. ``run`` calls it first, before any thread starts.
"""

from __future__ import annotations

import ctypes
import ctypes.util

#: glibc ``<malloc.h>``: ``mallopt`` parameters
M_MMAP_THRESHOLD = -3
M_ARENA_MAX = -8

#: bytes from which an allocation is its own mapping (glibc's default start value, then fixed)
MMAP_THRESHOLD = 128 * 1024
#: malloc arenas at most (the service thread, the players and the readers share them)
ARENA_MAX = 2


def bound_heap() -> bool:
    """Fix glibc's mmap threshold at :data:`MMAP_THRESHOLD` bytes and cap its arenas at
    :data:`ARENA_MAX` (``mallopt(3)``). Call before threads start.

    :returns: True when both were set; False elsewhere (not glibc: musl, macOS), where the
        platform's own allocator is kept.
    """
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD) == 1 and mallopt(M_ARENA_MAX, ARENA_MAX) == 1
