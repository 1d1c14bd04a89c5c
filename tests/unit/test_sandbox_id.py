"""The sandbox id is made once, whoever asks first (processes starting together all get the
one id), and never read through a symlink (a committed link to another project's id would
adopt that project's sandbox: attack round 4, B2)."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest

from workbench.access.identity import (
    MAC_FILE,
    SANDBOX_ID_FILE,
    UnsignedSandboxId,
    adopt_sandbox_id,
    sandbox_id,
)
from workbench.config.file import Config, load_config
from workbench.files.safe import UnsafePath
from workbench.files.signing import sign


def _project(root: Path, name: str = "sid") -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "schema.sql").write_text("CREATE TABLE t (id int PRIMARY KEY);\n")
    (root / "sandbox.toml").write_text(
        f'[sandbox]\nname = "{name}"\ndsn = "embedded"\nschema = "schema.sql"\n'
    )
    return root / "sandbox.toml"


def _ask(config: Config, barrier: threading.Barrier, seen: list[str]) -> None:
    barrier.wait()
    seen.append(sandbox_id(config))


def test_processes_starting_together_get_one_id(tmp_path: Path) -> None:
    for attempt in range(5):
        config = load_config(_project(tmp_path / f"p{attempt}"))
        seen: list[str] = []
        barrier = threading.Barrier(12)

        threads = [threading.Thread(target=_ask, args=(config, barrier, seen)) for _ in range(12)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        recorded = (config.state_dir / SANDBOX_ID_FILE).read_text().strip()
        assert set(seen) == {recorded}
        assert len(seen) == 12  # every thread answered (none raised: a shared temp name did)


def test_a_symlinked_id_is_refused(tmp_path: Path) -> None:
    first = load_config(_project(tmp_path / "first"))
    theirs = sandbox_id(first)
    second = load_config(_project(tmp_path / "second"))
    second.state_dir.mkdir(parents=True, exist_ok=True)
    (second.state_dir / SANDBOX_ID_FILE).symlink_to(first.state_dir / SANDBOX_ID_FILE)
    with pytest.raises(UnsafePath, match="symlink"):
        sandbox_id(second)
    assert sandbox_id(first) == theirs


def test_a_pipe_as_the_id_is_refused_not_waited_on(tmp_path: Path) -> None:
    config = load_config(_project(tmp_path / "fifo"))
    config.state_dir.mkdir(parents=True, exist_ok=True)
    os.mkfifo(config.state_dir / SANDBOX_ID_FILE)
    with pytest.raises(UnsafePath, match="not a regular file"):
        sandbox_id(config)


def test_a_signed_id_is_bound_to_its_checkout_and_sandbox(tmp_path: Path) -> None:
    """attack22e E32: a signed `sandbox_id` + `sandbox_id.mac` copied from another checkout
    of this user's adopted that project's sandbox. The signature names the checkout and the
    sandbox: a copied pair, a renamed sandbox and an older workbench's signature (the id
    alone) are refused, saying how to keep the id (`workbench trust`: adopt_sandbox_id)."""
    first = load_config(_project(tmp_path / "first"))
    theirs = sandbox_id(first)
    second = load_config(_project(tmp_path / "second"))
    second.state_dir.mkdir(parents=True)
    for name in (SANDBOX_ID_FILE, MAC_FILE):
        shutil.copyfile(first.state_dir / name, second.state_dir / name)
    with pytest.raises(UnsignedSandboxId, match="copied from another checkout") as refused:
        sandbox_id(second)
    assert "workbench trust" in str(refused.value)
    assert adopt_sandbox_id(second) == theirs  # the deliberate way
    assert sandbox_id(second) == theirs
    assert sandbox_id(first) == theirs

    renamed = load_config(_project(tmp_path / "first", name="other"))
    with pytest.raises(UnsignedSandboxId, match="workbench trust"):
        sandbox_id(renamed)

    older = tmp_path / "older"
    config = load_config(_project(older))
    config.state_dir.mkdir(parents=True)
    (config.state_dir / SANDBOX_ID_FILE).write_text("0123456789abcdef\n")
    mac = sign(SANDBOX_ID_FILE, b"0123456789abcdef")  # what an older workbench signed
    (config.state_dir / MAC_FILE).write_text(mac + "\n")
    with pytest.raises(UnsignedSandboxId, match="older workbench"):
        sandbox_id(config)


def test_an_id_checked_once_is_checked_again_once_its_file_changes(tmp_path: Path) -> None:
    """A process keeps the id it verified (a command asks for it some fifty times) under the
    files' stamps: an id written over it afterwards, unsigned, is refused in the same process
    as in a new one (before the id was kept, every ask read and checked both files)."""
    config = load_config(_project(tmp_path / "kept"))
    ours = sandbox_id(config)
    assert sandbox_id(config) == ours  # kept: the same answer
    path = config.state_dir / SANDBOX_ID_FILE
    other = "0123456789abcdef" if ours != "0123456789abcdef" else "fedcba9876543210"
    path.write_text(other + "\n")  # the same inode, written in place
    with pytest.raises(UnsignedSandboxId):
        sandbox_id(config)
    os.unlink(path)  # a new file under the name: another inode
    path.write_text(ours + "\n")
    assert sandbox_id(config) == ours  # its own, signed: taken again
