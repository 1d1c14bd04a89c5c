"""A pg_dump directory archive names its data files in toc.dat, and pg_restore opens
`<folder>/<name>` as written: a hostile archive whose toc.dat names `../../secret` had a file
outside the project read, with the developer's rights, into a table of the sandbox (attack22e
E9). The archive is now read from a private copy and an entry naming anything but a file
pg_dump writes is refused, as is a data file that is a symlink; an honest directory archive
still imports."""

from __future__ import annotations

import re
import struct
import subprocess
from pathlib import Path

import psycopg

from tests.conftest import Cluster, MakeProject, run_cli
from workbench.engine import Engine

SCHEMA = """
CREATE TABLE notes (line text);
CREATE TABLE other (id integer PRIMARY KEY);
"""
SECRET = "TOPSECRET_OUTSIDE_THE_PROJECT"


def _directory_dump(cluster: Cluster, out: Path) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    name = cluster.create_database()
    try:
        with psycopg.connect(cluster.conninfo(name), autocommit=True) as conn:
            conn.execute(SCHEMA)
            conn.execute("INSERT INTO notes VALUES ('ordinary line one'), ('ordinary line two')")
            conn.execute("INSERT INTO other SELECT generate_series(1, 3)")
        state = cluster.server.state()
        assert state is not None
        subprocess.run(
            [
                *(str(Path(state.bindir) / "pg_dump"), "--format=directory", "--data-only"),
                *("-f", str(out), "-d", cluster.conninfo(name)),
            ],
            check=True,
            capture_output=True,
        )
    finally:
        cluster.drop_database(name)
    return out


def _rename_notes_file(archive: Path, to: str) -> str:
    """Rewrite toc.dat so that public.notes' data entry names `to`, as E9 did; returns the
    name it had."""
    toc = (archive / "toc.dat").read_bytes()
    after = toc.index(b"COPY public.notes")
    found = re.compile(rb"\x00(.)\x00\x00\x00([0-9]+\.dat)", re.DOTALL).search(toc, after)
    assert found is not None
    new = b"\x00" + struct.pack("<i", len(to)) + to.encode()
    (archive / "toc.dat").write_bytes(toc[: found.start()] + new + toc[found.end() :])
    return found.group(2).decode()


def _notes(config: Path) -> list[str]:
    with Engine(config).connect() as conn:
        return [r[0] for r in conn.execute("SELECT line FROM notes ORDER BY 1").fetchall()]


def test_a_directory_archive_naming_a_file_outside_itself_is_refused(
    tmp_path: Path, pg_cluster: Cluster, make_project: MakeProject
) -> None:
    (tmp_path / "secret.txt").write_text(f"{SECRET} line1\n")
    (tmp_path / "secret.txt").chmod(0o600)
    archive = _directory_dump(pg_cluster, tmp_path / "export" / "d4")
    config = make_project(SCHEMA, extra='[tables."public.notes".columns.line]\nseed = "keep"\n')
    root = config.parent
    assert run_cli("classify", "--write", cwd=root).returncode == 0

    honest = run_cli("seed", "import", str(archive), "--yes", cwd=root)
    assert honest.returncode == 0, honest.stderr
    assert _notes(config) == ["ordinary line one", "ordinary line two"]

    old = _rename_notes_file(archive, "../../secret.txt")
    refused = run_cli("seed", "import", str(archive), "--yes", cwd=root)
    assert refused.returncode == 3, refused.stdout + refused.stderr
    assert "Traceback" not in refused.stderr and "unexpected error" not in refused.stderr
    assert "[seed-archive]" in refused.stderr and "public.notes" in refused.stderr
    assert "'../../secret.txt'" in refused.stderr and str(archive) in refused.stderr
    assert SECRET not in refused.stdout + refused.stderr
    assert _notes(config) == ["ordinary line one", "ordinary line two"]  # nothing was built

    # the name put back, the data file a symlink to the secret: refused, never followed (by
    # the command line's own path check, [path], before the archive's copy refuses any link)
    _rename_notes_file(archive, old)
    data = next(p for p in archive.iterdir() if p.name.startswith(old))
    data.unlink()
    data.symlink_to(tmp_path / "secret.txt")
    linked = run_cli("seed", "import", str(archive), "--yes", cwd=root)
    assert linked.returncode == 3, linked.stdout + linked.stderr
    assert "[path]" in linked.stderr or "[seed-archive]" in linked.stderr
    assert "Traceback" not in linked.stderr and SECRET not in linked.stderr
    assert SECRET not in " ".join(_notes(config))
