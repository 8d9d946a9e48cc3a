"""Test doubles are made from the classes they replace (issue 32): a duck-typed Fake/Dummy/Stub
class can drift from the project class it stands for and keep a test green that the real
class would fail. Where a test stands in for a collaborator it uses a pytest-mock autospec
(``mocker.create_autospec(RealClass, instance=True)``, ``patch.object(..., autospec=True)``,
the helpers in tests/doubles.py), the product's shipped fake (``RecordingSink``,
``SilentVoice``, the mocked board, the simulator) or the real component."""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent

#: a class named as a stand-in: Fake…, Dummy…, Stub…, Silent…, Mock… (or …Fake, …Stub, …Dummy)
STAND_IN_NAME = re.compile(r"^_?(Fake|Dummy|Stub|Silent|Mock)|(Fake|Stub|Dummy)$")
#: a class named after the collaborator role it plays
ROLE_NAME = re.compile(r"(Engine|Service|Renderer|Sink|Voice|Audio|Speech|Backend|Notifier|Journal)$")


def python_files() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if "__pycache__" not in p.parts)


def project_names(tree: ast.Module) -> set[str]:
    """The names a test module imports from the project (``from firmware_host… import X``)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("firmware_host"):
            names |= {alias.asname or alias.name for alias in node.names}
    return names


def derives_from_the_project(node: ast.ClassDef, imported: set[str]) -> bool:
    """True when one of the class's bases is a project class (a subclass of the shipped fake
    or of the protocol it implements is checked against it; a look-alike is not)."""
    for base in node.bases:
        name = base.id if isinstance(base, ast.Name) else ast.unparse(base)
        if name in imported or name.startswith("firmware_host."):
            return True
    return False


def duck_typed_stand_ins() -> list[str]:
    found = []
    for path in python_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = project_names(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            if (STAND_IN_NAME.search(node.name) or ROLE_NAME.search(node.name)) \
                    and not derives_from_the_project(node, imported):
                found.append(f"{path.relative_to(TESTS.parent)}:{node.lineno} class {node.name}")
    return found


def test_issue32_no_duck_typed_fake_dummy_or_stub_class_stands_in_for_a_project_class():
    assert duck_typed_stand_ins() == [], (
        "use mocker.create_autospec(RealClass, instance=True), tests/doubles.py, the product's "
        "shipped fake or the real component instead")


def test_issue32_the_detector_finds_a_duck_typed_stand_in(tmp_path, monkeypatch):
    """The check above can fail: a look-alike engine and a fake service are found, a subclass
    of the project's SilentVoice is not."""
    (tmp_path / "test_sample.py").write_text(
        "from firmware_host.service.voice import SilentVoice\n"
        "class FakeService:\n    def call(self, fn): return fn()\n"
        "def test_x():\n    class GatedEngine:\n        def runAndWait(self): pass\n"
        "class RecordingVoice(SilentVoice):\n    pass\n")
    monkeypatch.setitem(globals(), "TESTS", tmp_path)
    found = duck_typed_stand_ins()
    assert [line.split(" class ")[1] for line in found] == ["FakeService", "GatedEngine"]


def test_issue32_autospecs_stand_in_for_at_least_ten_collaborators():
    uses = 0
    for path in python_files():
        if path.name == Path(__file__).name:
            continue
        text = path.read_text(encoding="utf-8")
        uses += len(re.findall(r"create_autospec\(|autospec=True", text))
    assert uses >= 10, uses
