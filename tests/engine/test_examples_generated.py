"""The complete games of ``examples/`` that ``tests/engine/make_examples.py`` writes (each
variant and kind of win) are exactly what it writes today: an example edited by hand, or the
rules or the generator changed without writing the examples again (``python3
tests/engine/make_examples.py``), fails here, named."""

from __future__ import annotations

from pathlib import Path

import pytest

import make_examples

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> Path:
    """The generator's examples, written into a folder of their own."""
    out = tmp_path_factory.mktemp("examples")
    saved = make_examples.OUT
    make_examples.OUT = str(out)
    try:
        make_examples.main()
    finally:
        make_examples.OUT = saved
    return out


@pytest.mark.parametrize("name", sorted(make_examples.WANTED))
def test_the_example_game_is_what_its_generator_writes(written, name):
    shipped = (ROOT / "examples" / f"{name}.jsonl").read_text(encoding="utf-8")
    assert shipped == (written / f"{name}.jsonl").read_text(encoding="utf-8"), \
        f"examples/{name}.jsonl differs: python3 tests/engine/make_examples.py"
