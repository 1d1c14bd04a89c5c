"""The embedded server's folders come from the workbench, never from the checkout (attack3
A-C). A cloned repository committed `.workbench/pg/`:

- `extensions/extension/wbx.control` (`trusted = true`) and a script running `COPY … TO
  PROGRAM`: the server looked there (extension_control_path), so `CREATE EXTENSION wbx` in
  schema.sql ran it as the bootstrap superuser (A);
- `server.log -> ../pgpass`: the server (as postgres) could not open it, and the workbench (as
  root) printed the "log"'s last lines, the superuser's password, in the error (B);
- `server.log -> a file the server's user may write`: the server appended its log there (C).

The project lives where the server's user can reach it (else the cluster goes to
/var/tmp/sandbox-workbench/ and the planted folder is never looked at).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from workbench import standins
from workbench.config.file import load_config
from workbench.server.cluster import EmbeddedServer
from workbench.server.host import read_tail

PLANTED_CONTROL = "comment = 'x'\ndefault_version = '1.0'\nrelocatable = false\ntrusted = true\n"
PLANTED_SCRIPT = "CREATE FUNCTION pwned() RETURNS int LANGUAGE sql AS 'SELECT 1';\n"


@pytest.fixture
def reachable() -> Iterator[Path]:
    """A project folder the server's user (postgres, when run as root) can traverse."""
    root = Path(tempfile.mkdtemp(prefix="wb-sec-folder-", dir="/var/tmp"))
    root.chmod(0o755)
    yield root
    shutil.rmtree(root, ignore_errors=True)


def _plant(repo: Path) -> tuple[Path, Path]:
    (repo / "sandbox.toml").write_text('[sandbox]\nname = "planted"\n[server]\nbindir = "wheel"\n')
    (repo / "schema.sql").write_text("CREATE TABLE t (id int PRIMARY KEY);\n")
    pg = repo / ".workbench" / "pg"
    folder = pg / "extensions" / "extension"
    folder.mkdir(parents=True)
    (folder / "wbx.control").write_text(PLANTED_CONTROL)
    (folder / "wbx--1.0.sql").write_text(PLANTED_SCRIPT)
    outside = repo.parent / f"{repo.name}-psqlrc"  # C: where the log would have gone
    (pg / "server.log").symlink_to(outside)
    return pg, outside


def test_a_committed_server_folder_is_never_used(reachable: Path) -> None:
    pg, outside = _plant(reachable)
    server = EmbeddedServer(load_config(reachable / "sandbox.toml"))
    try:
        state = server.start()
        assert Path(state.data_dir).parent == pg  # the usual place, made afresh
        with psycopg.connect(server.conninfo("postgres"), autocommit=True) as conn:
            path = conn.execute("SHOW extension_control_path").fetchone()[0]
            assert str(reachable) not in path
            available = conn.execute(
                "SELECT count(*) FROM pg_available_extensions WHERE name = 'wbx'"
            ).fetchone()
            assert available == (0,)
            with pytest.raises(psycopg.errors.FeatureNotSupported, match="not available"):
                conn.execute("CREATE EXTENSION wbx")
            conn.execute("DO $$ BEGIN RAISE LOG 'planted line'; END $$")
        assert not (pg / "extensions").exists()  # the planted folder went with the old root
        log = pg / "server.log"
        assert not log.is_symlink() and log.is_file()
        assert not os.path.lexists(outside)  # C: nothing written outside the checkout
    finally:
        server.destroy()


def test_a_log_that_is_a_link_is_never_quoted(tmp_path: Path) -> None:
    """B: an error quotes the log's tail only from a regular file reached without a link."""
    secret = tmp_path / "pgpass"
    secret.write_text("*:*:*:workbench:hunter2\n")
    link = tmp_path / "server.log"
    link.symlink_to(secret)
    assert read_tail(link) == ""
    os.mkfifo(tmp_path / "fifo.log")
    assert read_tail(tmp_path / "fifo.log") == ""  # never waited on
    own = tmp_path / "own.log"
    own.write_text("LOG:  database system is ready\n")
    assert read_tail(own).endswith("ready\n")


def test_the_stand_in_folder_holds_only_the_workbench_files(tmp_path: Path) -> None:
    folder = standins.prepare(tmp_path, standins.MIN_MAJOR, ["pgcrypto"])
    assert folder is not None and folder.parent == tmp_path
    (folder / "extension" / "wbx.control").write_text(PLANTED_CONTROL)  # a later plant
    (folder / "extension" / "sub").mkdir()
    (folder / "other").symlink_to(tmp_path)
    again = standins.prepare(tmp_path, standins.MIN_MAJOR, ["pgcrypto"])
    assert again == folder
    assert sorted(p.name for p in folder.iterdir()) == ["extension"]
    assert sorted(p.name for p in (folder / "extension").iterdir()) == [
        "pgcrypto--1.4.sql",
        "pgcrypto.control",
    ]
    other = standins.prepare(tmp_path, standins.MIN_MAJOR, ["uuid-ossp"])
    assert other != folder  # clusters needing other stand-ins never share a folder


def test_the_server_gets_none_of_the_developers_secrets(
    reachable: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """attack22d D15: the embedded server inherited the developer's whole environment
    (AWS_SECRET_ACCESS_KEY in /proc/<postmaster>/environ, readable by the server's user and
    by SQL that ever reaches pg_read_file)."""
    (reachable / "sandbox.toml").write_text('[sandbox]\nname = "envscrub"\n')
    (reachable / "schema.sql").write_text("CREATE TABLE t (id int PRIMARY KEY);\n")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "wb-secret-d15")
    server = EmbeddedServer(load_config(reachable / "sandbox.toml"))
    try:
        state = server.start()
        pid = (Path(state.data_dir) / "postmaster.pid").read_text().split("\n", 1)[0].strip()
        environ = Path(f"/proc/{pid}/environ").read_bytes()
        assert b"wb-secret-d15" not in environ and b"AWS_SECRET" not in environ
        assert b"LC_ALL=C" in environ
    finally:
        server.destroy()
