"""The shipped ``examples/simulate-*.jsonl`` that :mod:`tests.service.gamegen` writes are exactly
what it writes today: an example edited by hand, or a generator changed without writing its
examples again (``python3 -m tests.service.gamegen NAME``), fails here, named. The all-blind
pair carries measured clip lengths and is compared with a tolerance in test_all_blind_table.py."""

from __future__ import annotations

import pytest

from . import gamegen

#: the examples with measured waits (espeak-ng renders differ by milliseconds between builds)
MEASURED = {"simulate-all-blind-7p-no-law-reader.jsonl", "simulate-all-blind-7p-law-reader.jsonl"}


@pytest.mark.parametrize("name", sorted(set(gamegen.EXAMPLES) - MEASURED))
def test_the_example_is_what_its_generator_writes(name):
    shipped = (gamegen.ROOT / "examples" / name).read_text(encoding="utf-8")
    assert shipped == gamegen.render(name), f"examples/{name} differs: python3 -m tests.service.gamegen {name}"


def test_every_example_the_generator_names_is_shipped():
    """The table names only files that are in ``examples/`` (a renamed example is renamed in
    the table too), the measured pair among them."""
    shipped = {p.name for p in (gamegen.ROOT / "examples").glob("simulate-*.jsonl")}
    assert set(gamegen.EXAMPLES) <= shipped
    assert MEASURED <= set(gamegen.EXAMPLES)
