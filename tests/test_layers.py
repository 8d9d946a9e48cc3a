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
import re
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


#: the layers the word check reads (issue 29's brief: "hardware, service, audio and console
#: know no game"): every text file, the catalogues' ``.po`` included
WORD_LAYERS = ("hardware", "service", "audio", "console")
#: the files read (not the compiled ``.mo``, not the console's vendored libraries)
WORD_SUFFIXES = (".py", ".po", ".js", ".html", ".css", ".toml", ".json", ".txt", ".md")
#: a game's name or a term of its rules, as a whole word (English, German, French), exactly:
#: ``fortgesetzt`` is no ``Gesetz``, a G.711 ``µ-law`` no law, ``confirm_execution`` no execution
GAME_TERMS = re.compile(
    r"(?<![\w-])(?:secret[ _]dictator|become[ _]dictator|dying[ _]message|autocra(?:cy|tie)"
    r"|presidents?|president's|chancellors?|fascists?|democrats?|democratic|dictators?|vetoe?s?"
    r"|tracker|elections?|ballots?|laws?|evidence|killers?|murder(?:er)?s?|detectives?|forensic"
    r"|pledges?|priests?|mentors?|coups?[ _]bas|soulmates?|investigat\w*|execut(?:ed|ions?)"
    r"|nominat\w*|role[ _]tiles?"
    r"|präsident\w*|kanzler\w*|faschist\w*|demokrat\w*|diktator\w*|gesetz\w*|mörder\w*|beweis\w*"
    r"|wahlurne|président\w*|chancelier\w*|fasciste\w*|démocrat\w*|dictateur\w*|lois?|élections?)(?!\w)",
    re.IGNORECASE)
#: BOARD.md's own names of the board's parts ("Reference build": the election tracker's holes
#: and pin, the ballot box and its reader, the law slots of the democratic and fascist tracks,
#: the law reader at the discard tray), in the board catalogue's three languages, and the
#: ``board.toml`` names of those readers and tracks (``term.reader.ballot``,
#: ``term.track.fascist``); ACCESSIBILITY.md 16's own sentence for ``confirm_execution``.
#: They are removed from a line before it is read; anything else is a game's word.
BOARD_PART_NAMES = re.compile(
    r"(?:the )?election tracker(?:'?s)?|tracker (?:pin|holes?)|\btracker\b(?= in )"
    r"|election tracker|Election Trackers?|marqueur d'élection"
    r"|ballot box(?: reader)?|Wahlurne|urne"
    r"|law (?:slots?|reader|tray)"
    r"|(?:the )?(?:democratic|fascist) track|(?:demokratische|faschistische)n? Leiste"
    r"|piste (?:démocratique|démocrate|fasciste)"
    r"|\b(?:reader|track)\.(?:ballot|law|democratic|fascist)\b"
    r"|^\"reader\": \(\"ballot\", \"law\"\),$|^\"track\": \(\"democratic\", \"fascist\"\),$"
    r"|an execution needs a confirming press",
    re.IGNORECASE)


def game_terms(layers: tuple[str, ...] = WORD_LAYERS) -> list[str]:
    """``path:line: text`` of every line of ``layers``' text files that names a game or a
    term of its rules once BOARD.md's part names are taken out."""
    found = []
    for layer in layers:
        for path in sorted((ROOT / layer).rglob("*")):
            if path.suffix not in WORD_SUFFIXES or not path.is_file() or "vendor" in path.parts:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                rest = BOARD_PART_NAMES.sub("", line.strip())
                if GAME_TERMS.search(rest):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return found


def test_the_word_check_is_exact():
    """The check finds a game's name and its terms, in code, catalogues and the page, and
    none of what merely contains one or is a part BOARD.md names (else it could not fail,
    or would fail on the board's own words)."""
    for said in ("secret_dictator", "Dying Message", "the autocracy pack", "he, President",
                 "now holds a law.", "a Killer", "ein Gesetz", "Gesetzesfelder", "Präsidentin",
                 "il, Président", "une loi", "evidence", "the ballot", "election", "become_dictator"):
        assert GAME_TERMS.search(BOARD_PART_NAMES.sub("", said)), said
    for neutral in ("Spiel fortgesetzt", "G.711 µ-law WAV", "confirm_execution", "lawful",
                    "Test: Election Tracker in Loch {position}", "Test: tracker in hole {position}",
                    "the ballot box reader", "msgid \"term.track.fascist.gen\"",
                    "der faschistischen Leiste", "the democratic track", "la piste fasciste",
                    "Fault: tracker pin in two holes", "law slots"):
        assert not GAME_TERMS.search(BOARD_PART_NAMES.sub("", neutral)), neutral


def test_hardware_service_audio_and_console_name_no_game_and_no_games_terms():
    """The brief: hardware, service, audio and console know no game. No line of their text
    (code, comments, docstrings, the board catalogue's ``.po``, the console's page) names a
    game or a term of a game's rules; the board's parts are named as BOARD.md names them."""
    assert game_terms() == []


#: the commands name no game either (the enrolment asks the registry for the tiles there are,
#: each pack for its tiles' words; a default game is the registry's): every command module,
#: its text read as the layers' is
NO_GAME_COMMANDS = tuple(str(p.relative_to(ROOT)) for p in sorted((ROOT / "commands").glob("*.py")))


def command_game_terms(files: tuple[str, ...] = NO_GAME_COMMANDS) -> list[str]:
    """``path:line: text`` of every line of ``files`` (under the package) that names a game
    or a term of its rules once BOARD.md's part names are taken out."""
    found = []
    for name in files:
        for number, line in enumerate((ROOT / name).read_text(encoding="utf-8").splitlines(), 1):
            if GAME_TERMS.search(BOARD_PART_NAMES.sub("", line.strip())):
                found.append(f"{name}:{number}: {line.strip()}")
    return found


def test_the_commands_name_no_game_and_no_games_terms():
    """Adding a game touches its package and one registry line only: ``enrol-tags`` takes the
    tiles from the packs' ``tile_kinds`` and says them in the packs' ``tile_words`` (as the
    ``self-test`` does), and ``check-config`` names the seats without their tiles by the
    kinds' own nouns; no flag,
    default, docstring or sentence of theirs names a game or its tiles (a ``--cards``, a
    ``--no-laws`` or "no Ja/Nein tiles" would)."""
    assert "commands/enrol_tags.py" in NO_GAME_COMMANDS and len(NO_GAME_COMMANDS) >= 8
    assert command_game_terms() == []
    assert command_game_terms(("kernel/games.py",))         # the check reads what it is given
