"""A rehearsal's (and an explain's) clone is closed from its first instant (attack22e E38,
E22). It was made by `CREATE DATABASE … TEMPLATE` and closed by a REVOKE a moment later: an
agent polling pg_database with any login role joined every clone in that moment and emptied
its tables, forging the rehearsal; a kill in that moment left an unmarked clone open to PUBLIC
that neither `run gc` nor doctor saw. Now every clone is made with ALLOW_CONNECTIONS false and
opened only once marked and granted (a poller sees it closed or granted, never open to
PUBLIC, and never gets in), and a clone a kill left unmarked is named by doctor and dropped by
`run gc` — but not one being made right now, nor another role's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from psycopg import sql

from tests.conftest import Cluster, run_cli
from tests.unit.test_lifecycle_helpers import Sandbox, sandbox
from workbench.access.databases import making
from workbench.rehearse.rehearsal import Options, rehearse
from workbench.rehearse.source import read_migration

SCHEMA = "CREATE TABLE t (id integer PRIMARY KEY, v text);\n"

# The attacker's poller (attack22e /tmp/a22e_poll.py): as a login role with no right on the
# sandbox, list the clones every moment and try to connect to each one seen.
POLLER = r"""
import json, sys, time, psycopg
conninfo, pattern, stop = sys.argv[1], sys.argv[2], sys.argv[3]
seen, open_rows, joined = set(), [], []
with psycopg.connect(conninfo + " dbname=postgres", autocommit=True) as conn:
    print("ready", flush=True)
    while True:
        rows = conn.execute(
            "SELECT datname, datallowconn, datacl::text FROM pg_database WHERE datname LIKE %s",
            (pattern,),
        ).fetchall()
        for name, allowed, acl in rows:
            public = acl is None or any(e.startswith("=") for e in acl.strip("{}").split(","))
            if allowed and public:
                open_rows.append([name, acl])
            if name not in seen:
                seen.add(name)
                try:
                    with psycopg.connect(conninfo + f" dbname={name}", connect_timeout=2):
                        joined.append(name)
                except psycopg.Error:
                    pass
        try:
            open(stop).close()
            break
        except OSError:
            pass
print(json.dumps({"seen": sorted(seen), "open": open_rows, "joined": joined}), flush=True)
"""


@pytest.fixture(scope="module")
def box(tmp_path_factory: pytest.TempPathFactory, pg_cluster: Cluster) -> Iterator[Sandbox]:
    with sandbox(
        tmp_path_factory.mktemp("window"),
        pg_cluster,
        schema=SCHEMA,
        rows=200,
        sandbox_extra='capabilities = ["read", "write", "reset", "migrate"]',
    ) as made:
        made.engine().generate()
        yield made


def test_a_polling_login_role_never_finds_a_clone_open_nor_gets_into_one(
    box: Sandbox, tmp_path: Path
) -> None:
    mallory, password = f"mallory_{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    with box.connect() as conn:
        conn.execute(
            sql.SQL("CREATE ROLE {} LOGIN PASSWORD {}").format(
                sql.Identifier(mallory), sql.Literal(password)
            )
        )
    stop = tmp_path / "stop"
    poller = subprocess.Popen(
        [
            sys.executable,
            "-c",
            POLLER,
            f"host=127.0.0.1 port={box.cluster.port} user={mallory} password={password}",
            f"{box.name}__wb_rh_%",
            str(stop),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert poller.stdout is not None and poller.stdout.readline().strip() == "ready"
        ctx = box.engine().context
        for _ in range(5):
            rehearse(
                ctx,
                [read_migration("vol.sql", "ALTER TABLE t ADD COLUMN zz integer DEFAULT 1;")],
                Options(),
            )
        box.engine().explain(["SELECT * FROM t WHERE id = 1"])
        time.sleep(0.05)
        stop.touch()
        out, _ = poller.communicate(timeout=30)
    finally:
        if poller.poll() is None:
            poller.kill()
        with box.connect() as conn:
            conn.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(mallory)))
    found = json.loads(out.strip().splitlines()[-1])
    assert len(found["seen"]) >= 5, found  # it watched every clone…
    assert found["open"] == [], found  # …never saw one open to PUBLIC…
    assert found["joined"] == [], found  # …and never got a session in one


def _clone_state(box: Sandbox) -> list[tuple[str, bool, str | None]]:
    with box.connect() as conn:
        return conn.execute(
            "SELECT datname, datallowconn, shobj_description(oid, 'pg_database') "
            "FROM pg_database WHERE datname LIKE %s",
            (f"{box.name}__wb_rh_%",),
        ).fetchall()


def test_a_clone_a_kill_left_before_its_marker_is_closed_and_run_gc_reclaims_it(
    box: Sandbox,
) -> None:
    (box.root / "prop").mkdir(exist_ok=True)
    (box.root / "prop" / "one.sql").write_text("SELECT 1;\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    killed = run_cli(
        "rehearse",
        "prop/one.sql",
        cwd=box.root,
        env={**env, "WORKBENCH_CRASH_AT": "rehearsal:created"},
    )
    assert killed.returncode == -9, killed.stderr
    left = _clone_state(box)
    assert len(left) == 1 and left[0][1] is False and left[0][2] is None, left
    name = left[0][0]

    engine = box.engine()
    leaked = next(c for c in engine.doctor() if c["name"] == "leaked sandboxes")
    assert name in leaked["message"] and "run gc" in leaked["fix"]

    # one being made now (its maker's maintenance session holds the lock) is left alone
    with engine.guard.connect(maintenance=True) as maker, making(maker, name):
        assert name not in engine.run_gc()["rehearsals"]
        assert [r[0] for r in _clone_state(box)] == [name]
    assert name in engine.run_gc()["rehearsals"]
    assert _clone_state(box) == []
    leaked = next(c for c in engine.doctor() if c["name"] == "leaked sandboxes")
    assert name not in leaked["message"]


def test_an_unmarked_database_of_a_clone_name_another_role_owns_is_left_alone(
    box: Sandbox,
) -> None:
    engine = box.engine()
    name = engine.guard.rehearsal_name("0a0b0c0d")
    other = f"other_{uuid.uuid4().hex[:8]}"
    with box.connect() as conn:
        conn.execute(sql.SQL("CREATE ROLE {} NOLOGIN CREATEDB").format(sql.Identifier(other)))
        conn.execute(
            sql.SQL("CREATE DATABASE {} OWNER {}").format(
                sql.Identifier(name), sql.Identifier(other)
            )
        )
    try:
        assert name not in engine.run_gc()["rehearsals"]
        assert [r[0] for r in _clone_state(box)] == [name]
    finally:
        with box.connect() as conn:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(name)))
            conn.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(other)))
