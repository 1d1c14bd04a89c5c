"""A project's path is data, never code nor syntax (issue 22, outside test): a folder named
`q$(…)` once ran its command as the server's user when pg_ctl's shell started the postmaster,
and a folder holding a space made the embedded cluster's connection string invalid. The
project here lives where the server's user can reach it (so its cluster, its log and its
socket lock are under the hostile path itself), named with every character a shell or libpq
reads: $( ), backticks, double and single quotes, a backslash, spaces."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest

from tests.conftest import run_cli
from workbench.cli.text import export_line
from workbench.config.file import load_config
from workbench.server.cluster import EmbeddedServer
from workbench.server.postmaster import open_log, shell_unsafe

SCHEMA = "CREATE TABLE t (id bigserial PRIMARY KEY, note text);\n"


@contextmanager
def _project(name: str) -> Iterator[Path]:
    """sandbox.toml in folder `name` under a folder of /var/tmp the server's user reaches
    (its cluster lives inside it); the cluster and the folders go afterwards."""
    base = Path(tempfile.mkdtemp(prefix="wb-paths-", dir="/var/tmp"))
    base.chmod(0o755)
    root = base / name
    root.mkdir(mode=0o755)
    (root / "schema.sql").write_text(SCHEMA)
    (root / "sandbox.toml").write_text(
        f'[sandbox]\nname = "sb_{uuid.uuid4().hex[:10]}"\ndsn = "embedded"\n'
        'schema = "schema.sql"\ncapabilities = ["read", "write", "reset", "migrate"]\n'
    )
    try:
        yield root / "sandbox.toml"
    finally:
        EmbeddedServer(load_config(root / "sandbox.toml")).destroy()
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def hostile_project() -> Iterator[tuple[Path, list[Path]]]:
    """A project whose folder name runs `touch` (into /tmp, where the server's user may
    write) if any shell reads it; and the files such a run would make."""
    token = uuid.uuid4().hex[:10]
    marks = [Path("/tmp") / f"wbpwn_{token}_{n}" for n in (1, 2)]
    name = f"q$(cd tmp;touch {marks[0].name}) my `cd tmp;touch {marks[1].name}` a\"b'c\\d"
    try:
        with _project(name) as config:
            yield config, marks
    finally:
        for mark in marks:
            mark.unlink(missing_ok=True)


def test_a_hostile_project_path_runs_nothing_and_works(
    hostile_project: tuple[Path, list[Path]],
) -> None:
    config, marks = hostile_project
    cfg = ["--config", str(config)]
    generated = run_cli("generate", "--yes", "--rows", "5", *cfg, cwd=config.parent)
    assert generated.returncode == 0, generated.stderr
    assert not [m for m in marks if m.exists()], "the project's path ran as a command"
    state = json.loads((config.parent / ".workbench" / "server.json").read_text())
    # The cluster is under the hostile path itself: the postmaster got it as it is.
    assert state["data_dir"] == str(config.parent / ".workbench" / "pg" / "data")
    # The application's URL (passfile under the hostile path) connects.
    env = json.loads(run_cli("env", "--json", *cfg).stdout)
    with psycopg.connect(env["database_url"]) as conn:
        assert conn.execute("SELECT count(*) FROM t").fetchone() == (5,)
    # A rehearsal's own passfile lives there too.
    migration = config.parent / "m1.sql"
    migration.write_text("ALTER TABLE t ADD COLUMN extra int;\n")
    rehearsed = run_cli("rehearse", "--json", *cfg, str(migration))
    assert rehearsed.returncode == 0, rehearsed.stderr
    # Stopped and started again by the workbench, with the same data.
    assert run_cli("server", "stop", *cfg).returncode == 0
    assert run_cli("server", "start", *cfg).returncode == 0
    doctor = run_cli("doctor", "--json", *cfg)
    checks = {c["name"]: c["status"] for c in json.loads(doctor.stdout)["checks"]}
    assert checks["server"] == "pass" and checks["row counts"] == "pass", doctor.stdout
    assert not [m for m in marks if m.exists()]


def test_shell_unsafe_names_what_a_shell_reads_in_double_quotes() -> None:
    assert shell_unsafe("/work/my project/it's-fine") is None
    for bad in ("$", "`", '"', "\\", "\n"):
        assert shell_unsafe(f"/work/a{bad}b") == bad


def test_the_server_log_is_never_written_through_a_symlink_or_second_link(
    tmp_path: Path,
) -> None:
    target = tmp_path / "precious"
    target.write_text("keep me\n")
    log = tmp_path / "server.log"
    log.symlink_to(target)
    os.close(open_log(log, None))
    assert not log.is_symlink() and target.read_text() == "keep me\n"
    log.unlink()
    os.link(target, log)
    fd = open_log(log, None)
    os.write(fd, b"appended\n")
    os.close(fd)
    assert target.read_text() == "keep me\n" and log.read_text() == "appended\n"


def test_a_project_path_with_a_newline_is_refused_in_one_paragraph() -> None:
    """postmaster.pid is read line by line: a cluster folder with a newline would start a
    server nobody can tell is running. Refused before initdb, naming the folder."""
    with _project("two\nlines") as config:
        up = run_cli("up", "--config", str(config), cwd=config.parent)
        assert up.returncode != 0 and "Traceback" not in up.stderr
        assert "holds a newline" in up.stderr, up.stderr
        assert not (config.parent / ".workbench" / "pg" / "data" / "PG_VERSION").exists()


def test_export_lines_are_read_back_by_a_shell_as_they_were() -> None:
    """`eval "$(workbench env)"` and `workbench run start`'s lines: a value holding a quote,
    `$(…)`, a backtick or a backslash (a DSN's host or path) is data to the shell."""
    value = "postgresql://u@h:5432/db?passfile=/x/it's $(touch nope) `id` a\"b\\c"
    line = export_line("DATABASE_URL", value)
    shown = subprocess.run(
        ["sh", "-c", f'{line}\nprintf %s "$DATABASE_URL"'],
        capture_output=True,
        text=True,
        check=True,
        cwd="/",
    ).stdout
    assert shown == value
