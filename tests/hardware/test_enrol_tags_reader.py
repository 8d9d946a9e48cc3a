"""enrol-tags on a real reader port: a pseudo-terminal through pyserial (the tiles' EM4100
frames written to its master side), a reader missing at start (a device path that does not
exist), and an existing registry whose tiles not asked for are kept."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
import tty

import pytest

from firmware_host.hardware.rfid import em4100_frame
from firmware_host.hardware.tags import Tile, demo_registry, load_registry, write_registry
from firmware_host.resources import data_path


def board_config(tmp_path, ballot_port: str):
    """The packaged config with the ballot reader at ``ballot_port`` (tag gone after 0.3 s)."""
    text = data_path("board.toml").read_text()
    start = text.index("[readers.ballot]")
    end = text.index("[readers.law]")
    text = (text[:start] + f'[readers.ballot]\nport = "{ballot_port}"\ntype = "rdm6300"\nbaud = 9600\n'
            "tag_gone_s = 0.3\nreconnect_s = 0.5\n\n" + text[end:])
    path = tmp_path / "board.toml"
    path.write_text(text)
    return path


def enrol(tmp_path, config, output, *extra):
    """``firmware-host enrol-tags`` as a process of its own, printing its sentences."""
    return subprocess.Popen([sys.executable, "-m", "firmware_host", "enrol-tags", "--config", str(config),
                             "--output", str(output), "--print", "--language", "en", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)


class Tiles:
    """Lays tiles on the reader: writes each tile's frame to the pseudo-terminal's master side
    when the board asks for a tile (its prompt line), and keeps every line printed."""

    def __init__(self, proc: subprocess.Popen, master: int, tags: list[str]) -> None:
        self.proc, self.master, self.tags = proc, master, list(tags)
        self.lines: list[str] = []
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))
            if line.startswith("Enrolment: present") and self.tags:
                time.sleep(0.4)              # the tile before is taken away (tag_gone_s 0.3)
                os.write(self.master, em4100_frame(self.tags.pop(0)))

    def finish(self, timeout: float = 60) -> tuple[int, list[str], str]:
        rc = self.proc.wait(timeout)
        self.thread.join(5)
        assert self.proc.stderr is not None
        return rc, self.lines, self.proc.stderr.read()


@pytest.fixture
def reader_pty():
    master, slave = os.openpty()
    tty.setraw(master)
    yield master, os.ttyname(slave)
    os.close(master)
    os.close(slave)


def test_enrol_tags_reads_the_tiles_from_a_real_serial_reader(tmp_path, reader_pty):
    master, port = reader_pty
    out = tmp_path / "tags.toml"
    proc = enrol(tmp_path, board_config(tmp_path, port), out, "--seats", "1", "--kinds", "ballot")
    rc, lines, err = Tiles(proc, master, ["AA00000001", "AA00000001", "AA00000002"]).finish()
    assert rc == 0, err
    assert "Test: ballot box reader connected" in lines
    assert "Enrolment: already enrolled as Ja tile of seat 1" in lines
    registry = load_registry(out)
    assert registry.tag_of(Tile("ballot", "ja", 0)) == "AA00000001" and registry.tag_of(Tile("ballot", "nein", 0)) == "AA00000002"


def test_enrol_tags_keeps_the_role_tiles_of_the_existing_registry_without_roles(tmp_path, reader_pty):
    master, port = reader_pty
    out = tmp_path / "tags.toml"
    old = demo_registry(10)
    write_registry(old, out)
    before = out.read_text()
    dictator_tag = old.tag_of(Tile("role", "dictator", None, 1))
    proc = enrol(tmp_path, board_config(tmp_path, port), out, "--seats", "1", "--kinds", "ballot")
    # the dictator role tile is laid on the reader as seat 1's Ja tile: refused, it stays the dictator
    rc, lines, err = Tiles(proc, master, [dictator_tag, "AA00000001", "AA00000002"]).finish()
    assert rc == 0, err
    assert "Enrolment: already enrolled as Dictator tile one" in lines
    assert lines[-2] == "Enrolment: done, two tiles"
    new = load_registry(out)
    assert new.tag_of(Tile("ballot", "ja", 0)) == "AA00000001" and new.tag_of(Tile("ballot", "nein", 0)) == "AA00000002"
    for role in ("democrat", "fascist", "dictator"):
        assert new.tags("role", role) == old.tags("role", role) and new.tags("role", role)
    assert new.tags("law", "fascist") == old.tags("law", "fascist")                        # --kinds ballot keeps the laws
    assert new.tag_of(Tile("ballot", "nein", 9)) == old.tag_of(Tile("ballot", "nein", 9))                    # and seats beyond --seats
    assert len(new) == len(old)
    assert (tmp_path / "tags.toml.bak").read_text() == before


def test_enrol_tags_without_its_reader_names_it_aloud_and_in_one_line_and_exits_1(tmp_path):
    port = tmp_path / "no-such-reader"
    out = tmp_path / "tags.toml"
    write_registry(demo_registry(2), out)
    before = out.read_bytes()
    started = time.monotonic()
    proc = enrol(tmp_path, board_config(tmp_path, str(port)), out)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 1
    assert time.monotonic() - started < 30                       # it gives up; it does not wait for a tile
    assert stdout.splitlines() == ["Fault: ballot box reader not found"]        # spoken (printed with --print)
    err = stderr.strip().splitlines()
    assert len(err) == 1 and "Traceback" not in stderr
    assert err[0] == (f"firmware-host enrol-tags: the ballot reader is not connected ({port}: No such file or "
                      "directory); plug it in, or name another with --reader or --config; without a board, "
                      "firmware-host enrol-tags --mock --output FILE plays on the mocked board; nothing written")
    assert out.read_bytes() == before and not (tmp_path / "tags.toml.bak").exists()


def test_enrol_tags_mock_rehearsal_keeps_the_role_tiles_of_its_output(tmp_path, capsys):
    from firmware_host.cli import main as cli_main

    out = tmp_path / "tags.toml"
    write_registry(demo_registry(10), out)
    assert cli_main(["enrol-tags", "--mock", "--output", str(out), "--language", "en"]) == 0
    assert load_registry(out).tags("role", "dictator") == demo_registry(10).tags("role", "dictator")
    # kept: the 10 role tiles and the demo's other game tiles not asked for (7 role cards × 10 seats)
    assert "(80 tiles kept from the old file)" in capsys.readouterr().out


def test_enrol_tags_evidence_without_its_reader_exits_1_in_one_line(tmp_path):
    port = tmp_path / "no-such-reader"
    proc = enrol(tmp_path, board_config(tmp_path, str(port)), tmp_path / "tags.toml", "--game", "dying_message",
                 "--items", "9", "--reader", "ballot")
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 1 and "Traceback" not in stderr
    assert stdout.splitlines() == ["Fault: ballot box reader not found"]
    assert stderr.count("\n") == 1 and "the ballot reader is not connected" in stderr


def _games_with_tiles() -> list[str]:
    from firmware_host.kernel import games

    return [name for name in games.names() if games.pack(name).tile_kinds]


def test_every_registered_game_with_tiles_is_enrolled_here():
    """The parametrisation below is the registry's: every game reading tiles, a game added
    with tiles is enrolled by it without a change (three today)."""
    assert len(_games_with_tiles()) >= 3


@pytest.mark.parametrize("name", _games_with_tiles())
def test_enrol_tags_enrols_every_registered_games_tiles_from_a_real_serial_reader(tmp_path, reader_pty, name):
    """Issue 36: ``enrol-tags --game NAME`` asks the registry what tiles the game reads (its
    pack's ``tile_kinds``, the optional kinds left out) and says each in the game's words
    (its pack's ``tile_words``): every tile asked for is laid on a real serial reader (a
    pseudo-terminal) when its request is heard, a numbered set's descriptions are typed at the
    terminal, and the registry written holds exactly those tiles, each with its tag."""
    from firmware_host.commands.enrol_tags import chosen_kinds, tiles_to_enrol, words
    from firmware_host.kernel import games

    master, port = reader_pty
    kinds = chosen_kinds([name], None)
    assert kinds and all(k in games.pack(name).tile_kinds and not k.optional for k in kinds)
    items = max([k.fewest for k in kinds if k.layout == "item"], default=None)
    tiles = tiles_to_enrol(kinds, 1, items)
    tags = [f"5A{n:08X}" for n in range(len(tiles))]
    requests = {words("present", t, "en") for t in tiles}
    extra = ["--items", str(items)] if items else []
    proc = subprocess.Popen([sys.executable, "-m", "firmware_host", "enrol-tags", "--config",
                             str(board_config(tmp_path, port)), "--output", str(tmp_path / "tags.toml"), "--print",
                             "--language", "en", "--reader", "ballot", "--game", name, "--seats", "1", *extra],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=tmp_path)
    assert proc.stdin is not None
    proc.stdin.write("".join(f"clue {n}\n" for n in range(len(tiles))))     # typed descriptions, if asked
    proc.stdin.close()
    lines: list[str] = []
    pending = list(tags)

    def lay() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line.rstrip("\n"))
            if line.rstrip("\n").split("(en): ")[-1] in requests and pending:
                time.sleep(0.05)
                os.write(master, em4100_frame(pending.pop(0)))

    reader = threading.Thread(target=lay, daemon=True)
    reader.start()
    rc = proc.wait(120)
    reader.join(5)
    assert rc == 0, (lines, proc.stderr.read() if proc.stderr else "")
    assert [l for l in lines if l.split("(en): ")[-1] in requests] == [words("present", t, "en") for t in tiles]
    registry = load_registry(tmp_path / "tags.toml")
    assert sorted(registry.items()) == sorted(zip(tags, tiles))
    described = [t.tile for t in tiles if any(k.kind == t.kind and k.layout == "item" for k in kinds)]
    assert registry.item_descriptions("en") == {n: f"clue {i}" for i, n in enumerate(described)}
