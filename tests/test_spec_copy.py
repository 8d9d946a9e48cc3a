"""``docs/spec/`` is a faithful copy of the project's shared specification (issue 35).

The shared spec sits in a ``shared/spec`` folder beside the checkout (or one of its parent
folders), or where ``FIRMWARE_HOST_SHARED_SPEC`` points. Where it is absent (a clone on its
own) the comparison is skipped; where it is present, any file added, missing or changed on
either side fails, named."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
COPY = ROOT / "docs" / "spec"


def shared_spec() -> Path | None:
    """The shared spec folder, or None where this checkout has none beside it."""
    named = os.environ.get("FIRMWARE_HOST_SHARED_SPEC")
    if named:
        return Path(named)
    for parent in ROOT.parents:
        if (parent / "shared" / "spec" / "RULES.md").is_file():
            return parent / "shared" / "spec"
    return None


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def differences(copy: Path, shared: Path) -> list[str]:
    """Every file that differs between the two folders: ``only in the copy``, ``missing from
    the copy`` or ``changed``, by its path inside the folder."""
    mine, theirs = files_of(copy), files_of(shared)
    out = [f"only in docs/spec: {name}" for name in sorted(mine.keys() - theirs.keys())]
    out += [f"missing from docs/spec: {name}" for name in sorted(theirs.keys() - mine.keys())]
    out += [f"changed: {name}" for name in sorted(mine.keys() & theirs.keys()) if mine[name] != theirs[name]]
    return out


def test_docs_spec_is_file_for_file_the_shared_spec():
    shared = shared_spec()
    if shared is None or not shared.is_dir():
        pytest.skip("no shared spec beside this checkout (a clone on its own): nothing to compare")
    assert differences(COPY, shared) == [], "docs/spec differs from the shared spec: copy it again"


def test_the_comparison_names_an_added_a_missing_and_a_changed_file(tmp_path):
    """The check can fail: each kind of difference is found and named."""
    copy, shared = tmp_path / "copy", tmp_path / "shared"
    for folder in (copy, shared):
        (folder / "examples").mkdir(parents=True)
        (folder / "RULES.md").write_text("R1\n")
    (copy / "README.md").write_text("index\n")
    (shared / "examples" / "new.jsonl").write_text("{}\n")
    (copy / "RULES.md").write_text("R1 old\n")
    assert differences(copy, shared) == [
        "only in docs/spec: README.md", "missing from docs/spec: examples/new.jsonl", "changed: RULES.md"]


def run_check_examples(*args: str):
    import subprocess
    import sys

    return subprocess.run([sys.executable, str(ROOT / "scripts" / "check-examples"), *args],
                          capture_output=True, text=True, timeout=300)


def test_check_examples_replays_every_worked_example_of_the_spec_to_its_expected_state():
    run = run_check_examples()
    lines = run.stdout.splitlines()
    assert run.returncode == 0, run.stdout + run.stderr
    assert len(lines) == len(list(COPY.glob("examples/**/*.jsonl"))) and all(line.endswith(": ok") for line in lines)


def test_check_examples_fails_and_names_the_field_on_an_example_whose_state_differs(tmp_path):
    import json
    import shutil

    shutil.copy(COPY / "examples" / "rulebook-7p.jsonl", tmp_path / "rulebook-7p.jsonl")
    want = json.loads((COPY / "examples" / "rulebook-7p.expected-state.json").read_text())
    field = next(iter(want["state"]))
    want["state"][field] = "not this"
    (tmp_path / "rulebook-7p.expected-state.json").write_text(json.dumps(want))
    run = run_check_examples("--examples", str(tmp_path))
    assert run.returncode == 1 and run.stdout.startswith(f"rulebook-7p: {field}: got ")


@pytest.mark.parametrize("doc", ["README.md", "docs/SPEC.md", "docs/ARCHITECTURE.md", "hardware/INSTALL.md"])
def test_the_docs_link_only_to_files_inside_the_repository_that_exist(doc):
    """A clone on its own is complete: every relative link of the reader's docs resolves inside
    the repository, and no command or link names a folder beside the checkout."""
    import re

    text = (ROOT / doc).read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)#\s]+)[^)]*\)", text):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        path = ((ROOT / doc).parent / target).resolve()
        assert path.is_relative_to(ROOT) and path.exists(), f"{doc}: link to {target}"
    assert not re.findall(r"`(?:\.\./shared|/work/)[^`]*`", text), f"{doc} names a path outside the repository"


def test_check_examples_runs_as_the_readme_shows_it_after_the_setup(tmp_path):
    """README: after ``./demo`` (or ``./run-tests``), ``scripts/check-examples`` replays the
    spec's examples. Run as written, by the system's ``python3`` with nothing of the project on
    PATH, it uses the repository's own ``.venv`` that the setup made (before: "no firmware-host
    to run", exit 2)."""
    import os
    import shutil
    import subprocess

    if not (ROOT / ".venv" / "bin" / "firmware-host").is_file():
        pytest.skip("no .venv in the repository (scripts/setup makes it)")
    python = shutil.which("python3", path="/usr/bin:/bin")
    if python is None:
        pytest.skip("no system python3")
    run = subprocess.run([python, str(ROOT / "scripts" / "check-examples")], capture_output=True, text=True,
                         timeout=300, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), **(
                             {"LANG": os.environ["LANG"]} if "LANG" in os.environ else {})})
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.splitlines() and all(line.endswith(": ok") for line in run.stdout.splitlines())
