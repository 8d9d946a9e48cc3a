"""Layers (docs/ARCHITECTURE.md, issue "Game packs"): the service, hardware, audio, console and
journal know no game, the commands reach a game only through the registry (issue 32: the
kernel's ``kernel.games``, below the service; nothing but the games imports ``games``), the
kernel imports no layer, the service
reaches the table only through the adapter type (issue 29), and the config and the hardware
have no import circles.

The imports are read from the source (the AST of every module of the package), lazy ones
inside functions and ``importlib.import_module("…")`` with a literal name included, so an
import that only runs on the Pi or in one command is checked as well.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import firmware_host

ROOT = Path(firmware_host.__file__).parent
PACKAGE = "firmware_host"
GAMES = f"{PACKAGE}.games"
#: the kernel below the service (issue 32): the registry, the wording, the values and errors
KERNEL = f"{PACKAGE}.kernel"
#: layers that know no game (the journal is ``service.journal``; ``table`` is what every
#: game's table does, issue 22; ``robots`` the robot players, issue 23)
NO_GAME_LAYERS = ("table", "service", "hardware", "audio", "console", "robots")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_module(name: str) -> bool:
    """Whether ``name`` is a module or package of ``firmware_host`` (not a name inside one)."""
    rel = Path(*name.split(".")[1:]) if "." in name else Path()
    base = ROOT / rel
    return name == PACKAGE or base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def _imports(path: Path) -> list[tuple[int, str]]:
    """``(line, module)`` of every import of a ``firmware_host`` module in ``path``: for
    ``from a import b`` the module ``a.b`` when it is one, else ``a``."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.append((node.lineno, sub if _is_module(sub) else base))
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and (getattr(node.func, "attr", None) or getattr(node.func, "id", None)) == "import_module"):
            found.append((node.lineno, node.args[0].value))
    return [(line, mod) for line, mod in found if mod == PACKAGE or mod.startswith(PACKAGE + ".")]


MODULES = {_module_name(p): p for p in sorted(ROOT.rglob("*.py"))}
GRAPH = {name: _imports(path) for name, path in MODULES.items()}


def _layer(module: str) -> str:
    return module.split(".")[1] if "." in module else ""


def _game_imports(layers: tuple[str, ...]) -> list[str]:
    return [f"{mod}:{line} imports {target}"
            for mod, targets in GRAPH.items() if _layer(mod) in layers
            for line, target in targets
            if target == GAMES or target.startswith(GAMES + ".")]


def _cycles() -> list[list[str]]:
    """Every import cycle among the package's modules (Tarjan's strongly connected components;
    a package's ``__init__`` counts as its own module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for _, w in GRAPH.get(v, []):
            if w not in GRAPH or w == v:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for module in sorted(GRAPH):
        if module not in index:
            visit(module)
    return out


def test_the_walk_sees_the_imports_it_checks():
    """The walk finds lazy imports inside functions and resolves relative ones (else the
    tests below could not fail)."""
    pack_imports = {target for _, target in GRAPH[f"{GAMES}.secret_dictator.pack"]}
    assert f"{GAMES}.secret_dictator.board" in pack_imports            # lazy, in board_game()
    assert f"{GAMES}.secret_dictator.announce" in pack_imports         # "from . import announce"
    assert f"{PACKAGE}.hardware.settings" in {t for _, t in GRAPH[f"{PACKAGE}.board_config"]}
    assert _game_imports(("games",))                                   # the packs import games
    assert any(f"{GAMES}.secret_dictator" in m for m in _game_imports(("games",)))


@pytest.mark.parametrize("layer", NO_GAME_LAYERS)
def test_service_hardware_audio_console_and_journal_import_no_game(layer):
    """Issue "Game packs", issue 32: these layers reach a game only through the kernel's
    registry (``firmware_host.kernel.games``) and the pack's adapter the service is handed;
    no import of ``firmware_host.games`` runs back up the layers."""
    assert _game_imports((layer,)) == []


#: the types the service may hold of the table (issue 29): the adapter base and the table's
#: game-neutral front (lobby, seat menu, board speech), both from the package itself
TABLE_ADAPTER_TYPE = {"firmware_host.table", "firmware_host.table.adapter"}
#: the table's parts that moved out of the service (issue 29): none of them is back there
TABLE_PARTS = ("scanning", "lobby", "seat_menu", "board_speech", "seats", "seat_settings")


def _service_table_imports() -> set[tuple[str, str]]:
    return {(mod, target) for mod, targets in GRAPH.items() if _layer(mod) == "service"
            for _, target in targets if _layer(target) == "table" and target not in TABLE_ADAPTER_TYPE}


def test_the_service_reaches_the_table_only_through_the_adapter_type():
    """Issue 29: the table uses the service's queue, journal and voice, never the other way
    round; the service holds ``table.BoardAdapter`` and ``table.TableFront`` (imported from
    the package) and imports no part of the table (scanning, lobby, seat menu, board speech)."""
    assert _service_table_imports() == set()
    host_imports = {target for _, target in GRAPH[f"{PACKAGE}.service.host"]}
    assert f"{PACKAGE}.table" in host_imports          # the walk sees the one it allows


def test_the_tables_parts_live_in_the_table_not_in_the_service():
    """Issue 29: scanning, the lobby, the seat menu, the board's own speech and the seat
    store and settings are modules of ``firmware_host.table`` and have no copy or re-export
    module left in the service."""
    for part in TABLE_PARTS:
        assert f"{PACKAGE}.table.{part}" in MODULES, part
        assert f"{PACKAGE}.service.{part}" not in MODULES, part


def test_commands_reach_games_only_through_the_registry():
    assert _game_imports(("commands", "kernel")) == []
    root = tuple(_layer(m) for m, path in MODULES.items() if m.count(".") == 1 and path.name != "__init__.py")
    assert "board_config" in root and _game_imports(root) == []


def test_the_kernel_is_below_every_layer():
    """Issue 32: the kernel (the values and errors every game uses) imports no layer and no
    game: only the root modules ``errors`` and ``checks`` (and the standard library)."""
    targets = {target for mod, targets in GRAPH.items() if mod.startswith(KERNEL) for _, target in targets
               if not target.startswith(KERNEL)}
    assert targets <= {f"{PACKAGE}.errors", f"{PACKAGE}.checks"}, targets


def test_the_config_imports_no_layer():
    """Each layer brings its section to ``config.py``; ``config.py`` imports none of them
    (the composition is ``board_config``)."""
    targets = {target for _, target in GRAPH[f"{PACKAGE}.config"]}
    assert targets <= {f"{PACKAGE}.errors", f"{PACKAGE}.resources"}, targets


def test_no_import_circles():
    """No module reaches itself through imports: ``config`` ↔ ``hardware.settings`` and
    ``hardware.board`` → ``pins`` → ``mock`` → ``board`` are gone and none has come back."""
    assert _cycles() == []
